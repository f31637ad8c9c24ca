//! The middle of the table: the question of the moment (an event pause, a target, spoils, a
//! rebuild, aid…) in plain words, the battle with both sides' cards and totals, and what just
//! happened in it; and the buttons that move the game on (draw, go on, pass, end the turn), which
//! the action bar shows.

use bevy_egui::egui::{self, Color32, RichText};
use spellfire::{BattleStep, BattleView, CardView, Event, FighterView, GoneOverView, PendingView, Side, Source, Total};
use spellhall_core::GameEvent;

use super::choices;
use super::tiles::{self, Look, Ring};
use super::{Click, Scene, find_card};
use crate::ui::theme;

pub fn middle(ui: &mut egui::Ui, scene: &Scene, out: &mut Vec<Click>) {
    if let Some(pending) = &scene.view.pending {
        question(ui, scene, pending);
    }
    if let Some(battle) = &scene.view.battle {
        battle_panel(ui, scene, battle, out);
    }
    news(ui, scene);
}

/// The pending decision as a question to whoever must answer it.
fn question(ui: &mut egui::Ui, scene: &Scene, pending: &PendingView) {
    let name = |seat| scene.name_of(seat);
    let card = |c: &CardView| tiles::name(scene, c);
    let text = match pending {
        PendingView::Claim { seat } => format!(
            "{} said \"wait\": play an event (or a spell cast at any time), or play nothing after all.",
            name(*seat)
        ),
        PendingView::EventPause {
            event,
            by,
            asking,
            target,
            ..
        } => {
            let aimed = target
                .as_ref()
                .map_or(String::new(), |t| format!(", aimed at {}", card(t)));
            format!(
                "{} played the event {}{aimed}. {}: answer it (cancel, calm or copy it), or let it be?",
                name(*by),
                card(event),
                name(*asking)
            )
        }
        PendingView::Target { seat, event } => {
            format!("{}: choose what {} acts on (the lit cards).", name(*seat), card(event))
        }
        PendingView::Walled { seat, wall } => format!(
            "{} stops {}'s champion: play a card that lets it cross, or go back to the pool.",
            card(wall),
            name(*seat)
        ),
        PendingView::InstantDefeat { seat, by, replied, .. } if *replied => format!(
            "{}: your reply is played. Go on, and {} defeats your champion if it still can.",
            name(*seat),
            card(by)
        ),
        PendingView::InstantDefeat { seat, by, .. } => format!(
            "{} is about to defeat {}'s champion at once: reply with one event, or let it happen?",
            card(by),
            name(*seat)
        ),
        PendingView::Spoils {
            seat,
            card: Some(spoils),
        } => format!(
            "Spoils of victory for {}: {}. Play it now, keep it in your hand, or put it back on your draw pile?",
            name(*seat),
            card(spoils)
        ),
        PendingView::Spoils { seat, card: None } => format!("{} looks at the spoils of victory.", name(*seat)),
        PendingView::Rebuild { seat, at, left } => format!(
            "{} rebuilds the realm at {at}: discard {left} more {} (click a lit card).",
            name(*seat),
            if *left == 1 { "card" } else { "cards" }
        ),
        PendingView::AboutToGo {
            asking,
            owner,
            threatened,
            razed,
        } => {
            let what = threatened.iter().map(card).collect::<Vec<_>>().join(" and ");
            let fate = if *razed { "razed" } else { "discarded" };
            format!(
                "{}'s {what} is about to be {fate}. {}: reply with a card that saves it, or let it go?",
                name(*owner),
                name(*asking)
            )
        }
        PendingView::Leave { asking, by, spell } => format!(
            "{}'s champion casts {}, which acts only with {}'s leave. {}: allow it, or refuse it?",
            name(*by),
            card(spell),
            name(*asking),
            name(*asking)
        ),
        PendingView::Aid { aided, asking } => format!(
            "{}: will you help {}? Give one card, or do not help.",
            name(*asking),
            name(*aided)
        ),
    };
    theme::banner().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            let shown = match pending {
                PendingView::EventPause { event, .. } | PendingView::Target { event, .. } => Some(event),
                PendingView::Leave { spell, .. } => Some(spell),
                PendingView::AboutToGo { threatened, .. } => threatened.first(),
                PendingView::Walled { wall, .. } => Some(wall),
                PendingView::InstantDefeat { by, .. } => Some(by),
                PendingView::Spoils { card: Some(c), .. } => Some(c),
                _ => None,
            };
            if let Some(shown) = shown {
                tiles::tile(ui, scene, shown, egui::vec2(120.0, 44.0), Look::default());
            }
            ui.add(egui::Label::new(RichText::new(text).size(17.0).color(theme::GOLD)).wrap());
        });
    });
}

/// Both sides of the battle: who attacks what, each champion with its attachments and the cards of
/// the round, each total with its parts, and who is losing.
fn battle_panel(ui: &mut egui::Ui, scene: &Scene, battle: &BattleView, out: &mut Vec<Click>) {
    let realm = scene
        .view
        .players
        .iter()
        .find(|p| p.seat == battle.defender)
        .and_then(|p| p.formation.get(battle.target.index()).cloned().flatten())
        .map_or_else(String::new, |r| tiles::name(scene, &r.realm));
    egui::Frame::new()
        .fill(Color32::from_rgb(44, 30, 30))
        .stroke(egui::Stroke::new(1.0, theme::GOLD_DIM))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::same(8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.spacing_mut().item_spacing.y = 4.0;
            let state = match (battle.step, battle.losing) {
                (BattleStep::ChooseDefender, _) => format!("{} chooses a defender.", scene.name_of(battle.defender)),
                (BattleStep::NextAttacker, _) => match &battle.gone_over {
                    Some(gone) => format!(
                        "{}'s {} has gone over to {}'s side: it defends the next round for {}, then is discarded. {}: attack with another champion, or end the battle (it is discarded all the same).",
                        scene.name_of(gone.owner),
                        tiles::name(scene, &gone.champion.champion),
                        scene.name_of(gone.seat),
                        scene.name_of(gone.seat),
                        scene.name_of(battle.attacker)
                    ),
                    None => format!(
                        "{} won the round: another champion may attack, or the battle ends.",
                        scene.name_of(battle.attacker)
                    ),
                },
                (BattleStep::Round, Some(losing)) => {
                    let seat = match losing {
                        Side::Attacker => battle.attacker,
                        Side::Defender => battle.defender,
                    };
                    format!(
                        "{} is losing: it is {}'s card — play one, or pass and lose the round.",
                        scene.name_of(seat),
                        scene.name_of(seat)
                    )
                }
                (BattleStep::Round, None) => String::new(),
            };
            // Who attacks what, and whose card it is, on one line.
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(format!(
                        "Battle: {} attacks {}'s {realm} ({}).",
                        scene.name_of(battle.attacker),
                        scene.name_of(battle.defender),
                        battle.target
                    ))
                    .strong()
                    .size(17.0),
                );
                ui.label(RichText::new(state).color(theme::GOLD));
            });
            ui.columns(2, |columns| {
                side(
                    &mut columns[0],
                    scene,
                    "Attacker",
                    battle.attacking.as_ref(),
                    battle.losing == Some(Side::Attacker),
                    out,
                );
                match (&battle.defending, &battle.gone_over) {
                    (None, Some(gone)) => waiting(&mut columns[1], scene, gone),
                    _ => side(
                        &mut columns[1],
                        scene,
                        "Defender",
                        battle.defending.as_ref(),
                        battle.losing == Some(Side::Defender),
                        out,
                    ),
                }
            });
        });
}

fn side(
    ui: &mut egui::Ui,
    scene: &Scene,
    title: &str,
    fighter: Option<&FighterView>,
    losing: bool,
    out: &mut Vec<Click>,
) {
    let Some(fighter) = fighter else {
        ui.label(RichText::new(format!("{title}: none yet")).color(theme::MUTED));
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(title).strong());
        let total = fighter.total.value();
        let colour = if losing {
            theme::DANGER
        } else {
            Color32::from_rgb(140, 210, 140)
        };
        ui.label(
            RichText::new(format!("total {total}"))
                .strong()
                .size(18.0)
                .color(colour),
        );
        if losing {
            ui.label(RichText::new("losing").color(theme::DANGER));
        }
        ui.label(
            RichText::new(format!("= {}", parts(scene, &fighter.total, fighter.is_realm)))
                .size(13.0)
                .color(theme::MUTED),
        );
    });
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing = egui::vec2(4.0, 4.0);
        let cards = std::iter::once(&fighter.champion)
            .chain(&fighter.attachments)
            .chain(&fighter.round_cards);
        for (i, card) in cards.enumerate() {
            let size = if i == 0 {
                egui::vec2(120.0, 44.0)
            } else {
                egui::vec2(100.0, 30.0)
            };
            let ring = if scene.picked == Some(card.id) {
                Ring::Picked
            } else if scene.places.contains(&choices::Place::Champion(card.id))
                || choices::is_active(scene.legal, card.id)
            {
                Ring::Lit
            } else {
                Ring::None
            };
            let look = Look {
                ring,
                ..Look::default()
            };
            if tiles::tile(ui, scene, card, size, look).clicked() {
                let place = choices::Place::Champion(card.id);
                out.push(if scene.places.contains(&place) {
                    Click::Place(place)
                } else {
                    Click::Card(card.id)
                });
            }
        }
    });
}

/// A champion gone over to the defending side (Magic Jar), waiting with what he carries to
/// defend the next round.
fn waiting(ui: &mut egui::Ui, scene: &Scene, gone: &GoneOverView) {
    ui.label(
        RichText::new(format!(
            "Defender next round: {}'s champion, gone over to {}",
            scene.name_of(gone.owner),
            scene.name_of(gone.seat)
        ))
        .strong(),
    );
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing = egui::vec2(4.0, 4.0);
        let cards = std::iter::once(&gone.champion.champion).chain(&gone.champion.attachments);
        for (i, card) in cards.enumerate() {
            let size = if i == 0 {
                egui::vec2(120.0, 44.0)
            } else {
                egui::vec2(100.0, 30.0)
            };
            tiles::tile(ui, scene, card, size, Look::default());
        }
    });
}

/// "6 (level) + 3 Helm + 1 world bonus".
fn parts(scene: &Scene, total: &Total, is_realm: bool) -> String {
    let mut words = vec![format!(
        "{} ({})",
        total.level,
        if is_realm { "the realm's level" } else { "level" }
    )];
    for part in &total.parts {
        let what = match part.source {
            Source::Card(card) => {
                find_card(scene.view, card).map_or_else(|| "a card".to_string(), |c| tiles::name(scene, &c))
            }
            Source::WorldBonus => "world bonus".to_string(),
            Source::Experience => "experience".to_string(),
        };
        let sign = if part.amount < 0 { "−" } else { "+" };
        words.push(format!("{sign} {} {what}", part.amount.abs()));
    }
    words.join(" ")
}

/// What just happened that a player must not miss: the last round's result, a razed realm, the
/// spoils, an event's outcome. The engine's own sentences, for this viewer.
fn news(ui: &mut egui::Ui, scene: &Scene) {
    let lines = latest_news(scene.events, scene.view.seat, scene.names);
    if lines.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Just now:").color(theme::GOLD_DIM));
        for line in lines {
            ui.label(RichText::new(line).color(theme::TEXT));
        }
    });
}

/// The sentences of the newest outcomes among the last few actions, newest last, at most three.
pub fn latest_news(events: &[Vec<Event>], viewer: spellhall_core::Seat, names: &[String]) -> Vec<String> {
    let outcome = |e: &Event| {
        matches!(
            e,
            Event::RoundWon { .. }
                | Event::RealmRazed { .. }
                | Event::BattleOver { .. }
                | Event::SpoilsDrawn { .. }
                | Event::Walled { .. }
                | Event::InstantDefeat { .. }
                | Event::EventResolved { .. }
                | Event::EventAnswered { .. }
                | Event::RealmDiscarded { .. }
                | Event::WentOver { .. }
                | Event::GoneOverDiscarded { .. }
                | Event::GameOver { .. }
        )
    };
    let mut lines: Vec<String> = events
        .iter()
        .rev()
        .take(3)
        .flat_map(|batch| batch.iter().rev())
        .filter(|e| outcome(e))
        .filter_map(|e| e.describe(Some(viewer), names))
        .take(3)
        .collect();
    lines.reverse();
    lines
}

/// The buttons that move the game on: the legal actions about no card, Enter's one ringed.
pub fn moves(ui: &mut egui::Ui, scene: &Scene, out: &mut Vec<Click>) {
    let highlighted = choices::highlighted(scene.legal, scene.picked);
    {
        for action in choices::general(scene.legal) {
            let enter = highlighted == Some(action);
            let mut text = (scene.describe)(action);
            if enter {
                text.push_str("  (Enter)");
            }
            let mut button = egui::Button::new(RichText::new(text).size(16.0));
            if enter {
                button = button.stroke(egui::Stroke::new(2.0, theme::GOLD));
            }
            let response = ui.add(button);
            let response = if enter {
                response.on_hover_text("Enter")
            } else {
                response
            };
            if response.clicked() {
                out.push(Click::Act(action.clone()));
            }
        }
    }
}
