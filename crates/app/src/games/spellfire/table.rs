//! The Spellfire table, drawn from the deciding seat's view and the legal actions only: the other
//! players along the top, the battle or the question of the moment in the middle, the player's
//! own formation, pool and piles, the action bar and the hand at the bottom.
//!
//! A click picks a card; its actions then show in the action bar, and the places it may go light
//! up (positions for a realm, champions for an item, realms to attack). A second click plays it, so
//! a hand that changed under the cursor never plays the wrong card. Whatever is tried and not
//! offered says why, in the engine's words (what `apply` answers).

mod bar;
mod choices;
mod combat;
mod formation;
mod hand;
mod seats;
mod tiles;

use std::collections::BTreeMap;

use bevy_egui::egui;
use spellfire::{Action, CardId, CardRef, Catalogue, Event, View};

use choices::Place;

/// What the table draws from, for one frame.
pub(super) struct Scene<'a> {
    pub view: &'a View,
    pub legal: &'a [Action],
    pub describe: &'a dyn Fn(&Action) -> String,
    pub names: &'a [String],
    pub events: &'a [Vec<Event>],
    pub catalogue: &'a Catalogue,
    /// The printed texts the player imported from CrossFire, if any.
    pub printed: Option<&'a BTreeMap<CardRef, String>>,
    /// The picked card and the places its actions may go.
    pub picked: Option<CardId>,
    pub places: Vec<Place>,
    pub why: Option<&'a str>,
}

impl Scene<'_> {
    pub fn name_of(&self, seat: spellhall_core::Seat) -> String {
        spellhall_core::seat_name(self.names, seat)
    }

    /// Whether the viewer decides now (legal actions are only given to the decider).
    pub fn deciding(&self) -> bool {
        !self.legal.is_empty()
    }
}

/// What the player clicked this frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Click {
    /// A card: picked (or unpicked), whatever it may do.
    Card(CardId),
    /// A place the picked card might go.
    Place(Place),
    /// A button of the action bar: always a legal action.
    Act(Action),
}

/// What the table keeps between frames.
#[derive(Clone, Debug, Default)]
struct Pick {
    card: Option<CardId>,
    /// The hand card the arrow keys are on.
    cursor: Option<usize>,
    /// The engine's reason for refusing what was last tried.
    why: Option<String>,
    /// The decision this pick was made for: a new decision forgets it.
    decision: Option<(u32, Option<spellhall_core::Seat>, usize)>,
}

fn pick_id() -> egui::Id {
    egui::Id::new("spellfire-table-pick")
}

/// The table with the game's catalogue for the cards' faces and the rules' reason for a refusal
/// (`why_not`). Everything drawn comes from `view` and `legal`.
#[allow(clippy::too_many_arguments)]
pub(super) fn draw_with(
    ui: &mut egui::Ui,
    view: &View,
    legal: &[Action],
    describe: &dyn Fn(&Action) -> String,
    why_not: &dyn Fn(&Action) -> Option<String>,
    catalogue: &Catalogue,
    names: &[String],
    events: &[Vec<Event>],
) -> Option<Action> {
    let printed = crate::ui::spellfire_card::printed_texts(ui.ctx());
    table(
        ui,
        Frame {
            view,
            legal,
            describe,
            names,
            events,
            catalogue,
            printed: printed.as_deref(),
            why: why_not,
        },
    )
}

/// The inputs of one frame of the table.
struct Frame<'a> {
    view: &'a View,
    legal: &'a [Action],
    describe: &'a dyn Fn(&Action) -> String,
    names: &'a [String],
    events: &'a [Vec<Event>],
    catalogue: &'a Catalogue,
    printed: Option<&'a BTreeMap<CardRef, String>>,
    why: &'a dyn Fn(&Action) -> Option<String>,
}

fn table(ui: &mut egui::Ui, frame: Frame) -> Option<Action> {
    let Frame {
        view,
        legal,
        describe,
        names,
        events,
        catalogue,
        printed,
        why,
    } = frame;
    let mut pick: Pick = ui.data(|d| d.get_temp(pick_id())).unwrap_or_default();
    let decision = Some((view.turn, view.to_act, events.len()));
    if pick.decision != decision {
        // A new decision: keep the hand cursor, forget the pick and the last refusal.
        pick = Pick {
            cursor: pick.cursor,
            decision,
            ..Pick::default()
        };
    }
    if pick.card.is_some_and(|c| !on_table(view, c)) {
        pick.card = None;
    }
    let mut clicks = Vec::new();
    keyboard(ui, view, legal, &mut pick, &mut clicks);
    let shown_why = pick.why.clone();
    let scene = Scene {
        view,
        legal,
        describe,
        names,
        events,
        catalogue,
        printed,
        picked: pick.card,
        places: pick.card.map(|c| choices::places_of(legal, c)).unwrap_or_default(),
        why: shown_why.as_deref(),
    };
    layout(ui, &scene, &mut clicks);
    seats::look_inside(ui.ctx(), &scene);
    let mut chosen = None;
    for click in clicks {
        match resolve(&click, pick.card, legal) {
            Outcome::Take(action) => chosen = Some(action),
            Outcome::Pick(card) => {
                pick.card = card;
                pick.why = None;
                if let Some(card) = card {
                    if let Some(at) = view.hand.iter().position(|h| h.id == card) {
                        pick.cursor = Some(at);
                    }
                    if !choices::is_active(legal, card) {
                        pick.why = Some(refusal(&scene, card, None, why));
                    }
                }
            }
            Outcome::Refuse(card, place) => pick.why = Some(refusal(&scene, card, Some(place), why)),
        }
    }
    if chosen.is_some() {
        pick.card = None;
        pick.why = None;
    }
    ui.data_mut(|d| d.insert_temp(pick_id(), pick));
    chosen
}

/// What a click comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// Pick this card (or none).
    Pick(Option<CardId>),
    /// Take this legal action.
    Take(Action),
    /// The picked card may not go there: say why.
    Refuse(CardId, Place),
}

/// The click-then-play rule: a card is picked by one click and played by a second one, on a lit
/// place or a button; clicking the picked card again puts it down.
pub(super) fn resolve(click: &Click, picked: Option<CardId>, legal: &[Action]) -> Outcome {
    match *click {
        Click::Act(ref action) if legal.contains(action) => Outcome::Take(action.clone()),
        Click::Act(_) => Outcome::Pick(picked),
        Click::Card(card) if picked == Some(card) => Outcome::Pick(None),
        Click::Card(card) => match picked.map(|p| (p, choices::action_at(legal, p, Place::Champion(card)))) {
            // A champion clicked with an item picked: the item goes to it.
            Some((_, Some(action))) => Outcome::Take(action.clone()),
            _ => Outcome::Pick(Some(card)),
        },
        Click::Place(place) => match picked {
            Some(card) => match choices::action_at(legal, card, place) {
                Some(action) => Outcome::Take(action.clone()),
                None => Outcome::Refuse(card, place),
            },
            None => Outcome::Pick(None),
        },
    }
}

/// Why `card` cannot be played (at `place`), in the engine's words: the actions such a card is
/// played by are asked of `check`, and its first reason is given.
fn refusal(scene: &Scene, card: CardId, place: Option<Place>, why: &dyn Fn(&Action) -> Option<String>) -> String {
    let Some(kind) = card_kind(scene, card) else {
        return "This card has nothing to do now.".into();
    };
    let tries = choices::tries(kind, card, place, scene.view);
    tries
        .iter()
        .find_map(why)
        .unwrap_or_else(|| "This card has nothing to do now.".into())
}

fn card_kind(scene: &Scene, card: CardId) -> Option<spellfire::CardType> {
    find_card(scene.view, card)
        .and_then(|c| scene.catalogue.get(c.card))
        .map(|e| e.card.kind)
}

/// Whether the card is still where the viewer can see it.
fn on_table(view: &View, card: CardId) -> bool {
    find_card(view, card).is_some()
}

/// A card the view shows, wherever it lies: the hand, a formation, a pool, the battle, a question.
pub(super) fn find_card(view: &View, card: CardId) -> Option<spellfire::CardView> {
    let mut all = view.hand.iter().copied();
    if let Some(found) = all.find(|c| c.id == card) {
        return Some(found);
    }
    for player in &view.players {
        for realm in player.formation.iter().flatten() {
            if realm.realm.id == card {
                return Some(realm.realm);
            }
            if let Some(holding) = realm.holding.filter(|h| h.id == card) {
                return Some(holding);
            }
        }
        for champion in &player.pool {
            if let Some(found) = std::iter::once(&champion.champion)
                .chain(&champion.attachments)
                .find(|c| c.id == card)
            {
                return Some(*found);
            }
        }
    }
    if let Some(battle) = &view.battle {
        for fighter in [&battle.attacking, &battle.defending].into_iter().flatten() {
            if let Some(found) = std::iter::once(&fighter.champion)
                .chain(&fighter.attachments)
                .chain(&fighter.round_cards)
                .find(|c| c.id == card)
            {
                return Some(*found);
            }
        }
        // A champion gone over to the other side, waiting for the next round (Magic Jar).
        if let Some(gone) = &battle.gone_over
            && let Some(found) = std::iter::once(&gone.champion.champion)
                .chain(&gone.champion.attachments)
                .find(|c| c.id == card)
        {
            return Some(*found);
        }
    }
    view.rule_card.filter(|c| c.id == card)
}

/// Enter takes the highlighted action (or passes), Space passes in a battle, the arrow keys move
/// through the hand and pick the card they land on.
fn keyboard(ui: &egui::Ui, view: &View, legal: &[Action], pick: &mut Pick, clicks: &mut Vec<Click>) {
    if ui.ctx().egui_wants_keyboard_input() || legal.is_empty() {
        return;
    }
    let (enter, space, left, right) = ui.input_mut(|i| {
        (
            i.consume_key(egui::Modifiers::NONE, egui::Key::Enter),
            i.consume_key(egui::Modifiers::NONE, egui::Key::Space),
            i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowLeft),
            i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowRight),
        )
    });
    if left || right {
        pick.cursor = choices::step_cursor(pick.cursor, if left { -1 } else { 1 }, view.hand.len());
        if let Some(card) = pick.cursor.and_then(|at| view.hand.get(at)) {
            pick.card = Some(card.id);
            pick.why = None;
        }
    }
    if enter {
        if let Some(action) = choices::highlighted(legal, pick.card).or_else(|| choices::pass(legal)) {
            clicks.push(Click::Act(action.clone()));
        }
    } else if space
        && view.battle.is_some()
        && let Some(action) = choices::pass(legal)
    {
        clicks.push(Click::Act(action.clone()));
    }
}

/// The other players on top, the battle or question in the middle, the viewer's own side with the
/// action bar and the hand; all in one scroll area so that nothing leaves the window.
fn layout(ui: &mut egui::Ui, scene: &Scene, out: &mut Vec<Click>) {
    egui::ScrollArea::vertical()
        .id_salt("spellfire-table")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            seats::others(ui, scene, out);
            ui.add_space(4.0);
            combat::middle(ui, scene, out);
            ui.add_space(4.0);
            seats::own(ui, scene, out);
        });
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use spellfire::Position;
    use spellfire::{Config, Content, Phase, Spellfire};
    use spellhall_core::{Game, Seat};

    use super::*;

    /// A two-player game between starter decks, its first player past the draw and in phase 2
    /// with a realm to play and a champion in hand.
    fn phase_two() -> Spellfire {
        let content = Arc::new(Content::shipped().unwrap());
        let starters = spellfire::deck::starter_decks().unwrap();
        for seed in 0..50 {
            let config = Config {
                format: starters[0].format.clone(),
                decks: vec![starters[0].cards.clone(), starters[1].cards.clone()],
                rules: Default::default(),
            };
            let mut game = Spellfire::new(&config, &content, seed).unwrap();
            game.apply(&Action::Draw).unwrap();
            let seat = game.to_act().seat().unwrap();
            let champion_in_hand = game.player(seat).hand.iter().any(|&c| game.kind(c).is_champion());
            let realm = game
                .legal_actions()
                .iter()
                .any(|a| matches!(a, Action::PlayRealm { .. }));
            if game.phase() == Phase::Realms && realm && champion_in_hand {
                return game;
            }
        }
        panic!("no seed gives a realm and a champion in the first hand");
    }

    /// The table of the deciding seat in a harness; the action its clicks choose is kept.
    fn harness(game: Spellfire) -> Harness<'static, Option<Action>> {
        Harness::builder().with_size([960.0, 720.0]).build_ui_state(
            move |ui, chosen: &mut Option<Action>| {
                let seat = game.to_act().seat().unwrap();
                let view = game.view(seat);
                let legal = game.legal_actions();
                let names = vec!["Ann".to_string(), "Ben".to_string()];
                let describe = |a: &Action| game.describe(a);
                let why_not = |a: &Action| game.check(a).err().map(|e| e.reason);
                let catalogue = &game.content().catalogue;
                if let Some(action) = draw_with(ui, &view, &legal, &describe, &why_not, catalogue, &names, &[]) {
                    *chosen = Some(action);
                }
            },
            None,
        )
    }

    #[test]
    fn a_realm_is_played_by_a_click_on_it_then_on_a_lit_position() {
        let game = phase_two();
        let Some(Action::PlayRealm { card, at }) = game
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::PlayRealm { .. }))
        else {
            unreachable!()
        };
        let name = game.name(card).to_string();
        let player = ["Ann", "Ben"][game.to_act().seat().unwrap().index()];
        let mut harness = harness(game);
        harness.run();
        harness.get_all_by_label(&name).next().unwrap().click();
        harness.run();
        assert_eq!(*harness.state(), None, "one click picks the realm and plays nothing");
        harness.get_by_label(&format!("{player}: position {at}")).click();
        harness.run();
        assert_eq!(*harness.state(), Some(Action::PlayRealm { card, at }));
    }

    #[test]
    fn a_card_with_nothing_to_do_says_why_in_the_engines_words() {
        let game = phase_two();
        let seat = game.to_act().seat().unwrap();
        let champion = *game
            .player(seat)
            .hand
            .iter()
            .find(|&&c| game.kind(c).is_champion())
            .unwrap();
        let reason = game.check(&Action::ToPool(champion)).unwrap_err().reason;
        let name = game.name(champion).to_string();
        let mut harness = harness(game);
        harness.run();
        harness.get_all_by_label(&name).next().unwrap().click();
        harness.run();
        harness.get_by_label(&reason);
        assert_eq!(*harness.state(), None);
    }

    #[test]
    fn one_click_picks_a_card_and_never_plays_it() {
        let legal = vec![Action::ToPool(CardId(4)), Action::EndPhase];
        assert_eq!(
            resolve(&Click::Card(CardId(4)), None, &legal),
            Outcome::Pick(Some(CardId(4)))
        );
        assert_eq!(
            resolve(&Click::Card(CardId(5)), Some(CardId(4)), &legal),
            Outcome::Pick(Some(CardId(5))),
            "a click on another card picks that one instead"
        );
        assert_eq!(
            resolve(&Click::Card(CardId(4)), Some(CardId(4)), &legal),
            Outcome::Pick(None)
        );
        assert_eq!(
            resolve(&Click::Act(Action::ToPool(CardId(4))), Some(CardId(4)), &legal),
            Outcome::Take(Action::ToPool(CardId(4)))
        );
    }

    #[test]
    fn a_button_takes_only_a_legal_action() {
        let legal = vec![Action::EndPhase];
        assert_eq!(resolve(&Click::Act(Action::EndTurn), None, &legal), Outcome::Pick(None));
        assert_eq!(
            resolve(&Click::Act(Action::EndPhase), None, &legal),
            Outcome::Take(Action::EndPhase)
        );
    }

    #[test]
    fn a_lit_place_plays_the_picked_card_and_an_unlit_one_says_why() {
        let realm = CardId(3);
        let legal = vec![Action::PlayRealm {
            card: realm,
            at: Position(1),
        }];
        assert_eq!(
            resolve(&Click::Place(Place::Own(Position(1))), Some(realm), &legal),
            Outcome::Take(legal[0].clone())
        );
        assert_eq!(
            resolve(&Click::Place(Place::Own(Position(4))), Some(realm), &legal),
            Outcome::Refuse(realm, Place::Own(Position(4)))
        );
        assert_eq!(
            resolve(&Click::Place(Place::Realm(Seat(1), Position(0))), None, &legal),
            Outcome::Pick(None),
            "a place without a picked card does nothing but put down"
        );
    }

    #[test]
    fn a_champion_clicked_with_an_item_picked_receives_it() {
        let item = CardId(8);
        let champion = CardId(2);
        let legal = vec![Action::Attach { card: item, champion }];
        assert_eq!(
            resolve(&Click::Card(champion), Some(item), &legal),
            Outcome::Take(legal[0].clone())
        );
    }
}
