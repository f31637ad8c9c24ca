//! Spells of Doom's table drawn from a view with egui_kittest: each click gives a legal action;
//! each card, cost and refusal is readable before the click (issue 18); the board keeps its size.

use std::sync::Arc;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use spellhall::egui::{self, Pos2};
use spellhall::games::spells_of_doom::SpellsOfDoomAdapter;
use spellhall::games::{GameAdapter, TableInput};
use spellhall_core::{Game, Seat};
use spells_of_doom::Who::{Foe, Me};
use spells_of_doom::{
    Action, Character, Config, Content, Event, MulliganCards, Phase, Pos, SpellsOfDoom, Target, TestGame, card_text,
};

fn new_game(players: usize) -> SpellsOfDoom {
    let heroes = ["magie", "byron", "oakheart", "hypnor"][..players]
        .iter()
        .map(|h| h.to_string())
        .collect();
    SpellsOfDoom::new(&Config { heroes }, &Arc::new(Content::shipped().unwrap()), 3).unwrap()
}

/// Past every mulligan (each player keeps the hand), at the first Hero phase.
fn hero_phase(players: usize) -> SpellsOfDoom {
    let mut game = new_game(players);
    while let Phase::Mulligan { .. } = game.phase() {
        game.apply(&Action::Mulligan {
            cards: MulliganCards::NONE,
        })
        .unwrap();
    }
    assert_eq!(game.phase(), Phase::Hero);
    game
}

const NAMES: [&str; 4] = ["Ann", "Ben", "Cal", "Dee"];

/// The table for whoever decides now, after `events`; the state holds the last action it chose.
/// Tooltips show at once, as they would after the pointer rests.
fn table_after(game: &SpellsOfDoom, events: Vec<Vec<Event>>) -> Harness<'_, Option<Action>> {
    let viewer = game.to_act().seat().unwrap();
    let view = game.view(viewer);
    let legal = game.legal_actions();
    let names: Vec<String> = NAMES.iter().map(|n| n.to_string()).collect();
    let mut harness = Harness::builder().with_size([1020.0, 760.0]).build_ui_state(
        move |ui, chosen: &mut Option<Action>| {
            ui.style_mut().interaction.tooltip_delay = 0.0;
            ui.style_mut().interaction.show_tooltips_only_when_still = false;
            let describe = |a: &Action| game.describe_action(a);
            if let Some(action) = SpellsOfDoomAdapter::draw_table(
                ui,
                &TableInput::new(&view, &legal, &describe, game.content(), &names).after(&events),
            ) {
                *chosen = Some(action);
            }
        },
        None,
    );
    harness.run();
    harness
}

fn table(game: &SpellsOfDoom) -> Harness<'_, Option<Action>> {
    table_after(game, Vec::new())
}

fn hex(harness: &Harness<'_, Option<Action>>, at: Pos) -> Pos2 {
    SpellsOfDoomAdapter::hex_on_screen(&harness.ctx, at).expect("the board was drawn")
}

fn hover_hex(harness: &mut Harness<'_, Option<Action>>, at: Pos) {
    let pos = hex(harness, at);
    harness.event(egui::Event::PointerMoved(pos));
    harness.run();
}

fn click_hex(harness: &mut Harness<'_, Option<Action>>, at: Pos) {
    hover_hex(harness, at);
    let pos = hex(harness, at);
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::default(),
        });
        harness.run();
    }
}

#[test]
fn setup_offers_2_or_4_players_and_the_rules_refuse_a_hero_taken_twice() {
    assert_eq!(<SpellsOfDoomAdapter as GameAdapter>::G::PLAYER_COUNTS, [2, 4]);
    assert_eq!(
        SpellsOfDoomAdapter::seat_roles(4),
        ["Team 1", "Team 2", "Team 1", "Team 2"]
    );
    let content = Arc::new(Content::shipped().unwrap());
    // The Heroes offered are the content's, in its order.
    let heroes: Vec<String> = content.heroes.items().iter().map(|h| h.name.clone()).collect();
    assert!(
        SpellsOfDoomAdapter::options(&content)
            .iter()
            .all(|option| option.choices == heroes)
    );
    let config = SpellsOfDoomAdapter::config(4, &[3, 2, 1, 0], &content).unwrap();
    assert_eq!(config.heroes, vec!["hypnor", "oakheart", "byron", "magie"]);
    // The table asks the rules, which refuse a Hero chosen twice and a table of three.
    let twice = SpellsOfDoomAdapter::config(2, &[1, 1], &content).unwrap();
    let err = SpellsOfDoom::new(&twice, &content, 1).unwrap_err().to_string();
    assert!(err.contains("chosen twice"), "{err}");
    let three = SpellsOfDoomAdapter::config(3, &[0, 1, 2], &content).unwrap();
    assert!(SpellsOfDoom::new(&three, &content, 1).is_err());
}

#[test]
fn the_opening_hand_is_kept_or_marked_cards_are_shuffled_back() {
    let game = new_game(2);
    let mut harness = table(&game);
    harness.get_by_label("Keep this hand").click();
    harness.run();
    assert_eq!(
        harness.state(),
        &Some(Action::Mulligan {
            cards: MulliganCards::NONE
        })
    );

    let seat = game.to_act().seat().unwrap();
    let (card, name) = game.view(seat).hand[0].clone();
    harness.get_all_by_label(&name).next().unwrap().click();
    harness.run();
    harness.get_by_label("Shuffle back 1 card and draw as many").click();
    harness.run();
    assert_eq!(
        harness.state(),
        &Some(Action::Mulligan {
            cards: MulliganCards::new(&[card]).unwrap()
        })
    );
}

#[test]
fn clicking_the_hero_then_a_lit_hex_moves_it_and_the_move_is_legal() {
    for players in [2, 4] {
        let game = hero_phase(players);
        let seat = game.active();
        let from = game.player(seat).hero.at.unwrap();
        // A free hex next to the Hero: a click there can only mean the move.
        let view = game.view(seat);
        let to = game
            .legal_actions()
            .iter()
            .find_map(|a| match a {
                Action::Move { to } if to.distance(from) == 1 => Some(*to),
                _ => None,
            })
            .filter(|to| view.shrines.iter().all(|s| s.at != *to))
            .expect("the Hero can step somewhere");
        let mut harness = table(&game);
        click_hex(&mut harness, from);
        assert_eq!(harness.state(), &None, "selecting the Hero is not an action");
        click_hex(&mut harness, to);
        let chosen = harness.state().clone().expect("the click moved the Hero");
        assert_eq!(chosen, Action::Move { to });
        assert!(game.legal_actions().contains(&chosen));
    }
}

#[test]
fn a_click_on_an_unlit_hex_does_nothing_and_end_turn_ends_the_turn() {
    let game = hero_phase(2);
    let mut harness = table(&game);
    // Nothing selected: a click on the centre only selects (nothing is there of the player's).
    click_hex(&mut harness, Pos { q: 0, r: 0 });
    assert_eq!(harness.state(), &None);
    harness.get_by_label("End turn").click();
    harness.run();
    assert_eq!(harness.state(), &Some(Action::EndTurn));
}

#[test]
fn a_hand_is_shown_only_to_its_owner() {
    let game = hero_phase(2);
    let viewer = game.active();
    let other = Seat((viewer.0 + 1) % 2);
    let view = game.view(other);
    let names = vec!["Ann".to_string(), "Ben".to_string()];
    let mut harness = Harness::builder().with_size([930.0, 720.0]).build_ui(|ui| {
        let describe = |a: &Action| game.describe_action(a);
        SpellsOfDoomAdapter::draw_table(ui, &TableInput::new(&view, &[], &describe, game.content(), &names));
    });
    harness.run();
    for card in &game.view(viewer).hand {
        if !view.hand.iter().any(|(_, name)| *name == card.1) {
            assert!(
                harness.query_by_label(&card.1).is_none(),
                "{} shown to the rival",
                card.1
            );
        }
    }
    assert!(harness.query_by_label("End turn").is_none());
}

#[test]
fn a_hand_card_shows_its_text_on_hover_and_its_play_button_says_what_it_does() {
    let game = hero_phase(2);
    let seat = game.active();
    let view = game.view(seat);
    // A card alone of its name in the hand, so that its label finds it.
    let (card, name) = view
        .hand
        .iter()
        .find(|(_, n)| view.hand.iter().filter(|(_, m)| m == n).count() == 1)
        .cloned()
        .expect("a card alone of its name");
    let text = card_text(view.card(seat, card).unwrap(), &view.content);
    let mut harness = table(&game);
    assert!(harness.query_by_label(&text).is_none(), "no text before the hover");
    harness.get_by_label(&name).hover();
    harness.run();
    assert!(harness.query_by_label(&text).is_some(), "hovering {name} shows: {text}");

    // The Play (or Prepare) button of a playable card: the action and the card's effect.
    let playable = view.hand.iter().position(|(c, _)| {
        game.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Play { card, .. } if card == c))
    });
    let index = playable.expect("some card of the opening hand is playable");
    let (card, _) = view.hand[index];
    let text = card_text(view.card(seat, card).unwrap(), &view.content);
    let buttons: Vec<_> = harness
        .get_all_by_label("Play")
        .chain(harness.get_all_by_label("Prepare"))
        .map(|n| n.rect().center())
        .collect();
    let mut shown = false;
    for at in buttons {
        harness.hover_at(at);
        harness.run();
        shown |= harness.query_by_label_contains(&text).is_some();
    }
    assert!(shown, "a Play or Prepare button says: {text}");
}

#[test]
fn a_prepared_spell_without_a_target_is_greyed_out_and_says_the_rules_reason() {
    let (mut game, me, foe) = TestGame::duel("magie", "byron")
        .at(Me, Pos { q: 0, r: 0 })
        .at(Foe, Pos { q: 4, r: 0 })
        .mana(Me, 20)
        .build();
    let fireball = game.give_card(me, "fireball").unwrap();
    game.apply(&Action::Play {
        card: fireball,
        on: Character::Hero(me),
    })
    .unwrap();
    let reason = game.view(me).why_not_cast(fireball).map(str::to_string);
    let reason = reason.expect("no target in reach: the rules say why");
    assert!(reason.contains("needs a target"), "{reason}");

    let mut harness = table(&game);
    let cast = harness.get_by_label("Cast Fireball");
    assert!(cast.accesskit_node().is_disabled(), "greyed out");
    cast.hover();
    harness.run();
    assert!(harness.query_by_label(&format!("Not now: {reason}")).is_some());

    // With the enemy in reach the same spell is a button that aims it.
    drop(harness);
    game.place_hero(foe, Pos { q: 2, r: 0 });
    let harness = table(&game);
    assert!(!harness.get_by_label("Cast Fireball").accesskit_node().is_disabled());
}

#[test]
fn a_move_beyond_speed_is_marked_apart_and_says_its_price_on_hover() {
    let (game, me, _) = TestGame::duel("magie", "byron")
        .at(Me, Pos { q: 0, r: 0 })
        .at(Foe, Pos { q: -4, r: 0 })
        .mana(Me, 10)
        .build();
    let view = game.view(me);
    let (free, paid) = (Pos { q: 2, r: 0 }, Pos { q: 3, r: 0 });
    assert_eq!((view.move_cost(free), view.move_cost(paid)), (0, 2));

    let mut harness = table(&game);
    click_hex(&mut harness, Pos { q: 0, r: 0 });
    hover_hex(&mut harness, paid);
    assert!(harness.query_by_label("Click: Move to (3, 0) (2 mana)").is_some());
    hover_hex(&mut harness, free);
    assert!(harness.query_by_label("Click: Move to (2, 0)").is_some());
    assert_eq!(harness.state(), &None, "hovering takes no action");
}

#[test]
fn the_board_keeps_its_size_from_the_mulligan_to_the_hero_phase() {
    let size = |game: &SpellsOfDoom| {
        let harness = table(game);
        let (a, b) = (hex(&harness, Pos { q: 0, r: 0 }), hex(&harness, Pos { q: 1, r: 0 }));
        (a - b).length()
    };
    let mulligan = size(&new_game(2));
    let hero = size(&hero_phase(2));
    assert!((mulligan - hero).abs() < 0.5, "hex spacing {mulligan} then {hero}");
}

#[test]
fn a_fallen_hero_waits_on_its_starting_space_and_comes_back_marked() {
    // Byron at 1 HP next to Magie: search the dice for a killing blow.
    let (base, me, foe) = TestGame::duel("magie", "byron")
        .at(Me, Pos { q: 0, r: 0 })
        .at(Foe, Pos { q: 1, r: 0 })
        .hp(Foe, 1)
        .build();
    let attack = Action::Attack {
        target: Target::Hero(foe),
        fire: false,
    };
    let (game, killed) = (0..100)
        .find_map(|seed| {
            let mut game = base.clone();
            game.reroll(seed);
            let events = game.apply(&attack).unwrap();
            events
                .iter()
                .any(|e| matches!(e, Event::Killed { .. }))
                .then_some((game, events))
        })
        .expect("some roll kills");
    let start = game.view(me).heroes[foe.index()].start;
    assert_eq!(game.view(me).heroes[foe.index()].at, None);

    let mut harness = table_after(&game, vec![killed.clone()]);
    assert!(
        harness.query_by_label_contains("Fallen").is_some(),
        "its Hero board says so"
    );
    hover_hex(&mut harness, start);
    assert!(
        harness.query_by_label_contains("fell: back here").is_some(),
        "its starting space shows it waiting"
    );

    // The phase ends: it is back on its space, and no longer marked fallen.
    drop(harness);
    let mut game = game;
    let respawn = game.apply(&Action::EndTurn).unwrap();
    assert!(respawn.iter().any(|e| matches!(e, Event::Respawned { .. })));
    let harness = table_after(&game, vec![killed, respawn]);
    assert!(harness.query_by_label_contains("Fallen").is_none());
}
