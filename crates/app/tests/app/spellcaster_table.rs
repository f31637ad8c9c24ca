//! Spellcaster's table, clicked with egui_kittest: a click on a hand card only selects it, the
//! button that names it acts, and a full hand stays inside the window.

use std::path::Path;
use std::sync::Arc;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use spellcaster::{Action, Answer, Colour, Config, Side, Spellcaster, Spells};
use spellhall::active::ActiveGame;
use spellhall::egui::accesskit::Role;
use spellhall::egui::{Pos2, Rect};
use spellhall::games::spellcaster::SpellcasterAdapter;
use spellhall::games::{GameAdapter, GameCatalog, TableInput};
use spellhall::hotseat::TableFocus;
use spellhall::paths::UserDirs;
use spellhall::screens::playing::{PendingUndo, TableScreen, playing_screen};
use spellhall::screens::setup::SetupDraft;
use spellhall::ui::{DialogState, theme};
use spellhall_core::{Game, Seat};

/// The table as `viewer` sees it, after clicking the widgets labelled `clicks` in turn: the action
/// chosen, if any.
fn clicks(game: &Spellcaster, viewer: Seat, labels: &[&str]) -> Option<Action> {
    let view = game.view(viewer);
    let legal = if game.to_act().seat() == Some(viewer) {
        game.legal_actions()
    } else {
        Vec::new()
    };
    let names = vec!["Ann".to_string(), "Ben".to_string()];
    let mut harness = Harness::builder().with_size([960.0, 760.0]).build_ui_state(
        |ui, chosen: &mut Option<Action>| {
            let describe = |a: &Action| game.describe_action(a);
            if let Some(action) =
                SpellcasterAdapter::draw_table(ui, &TableInput::new(&view, &legal, &describe, game.spells(), &names))
            {
                *chosen = Some(action);
            }
        },
        None,
    );
    harness.run();
    for label in labels {
        harness.get_by_label(label).click();
        harness.run();
    }
    harness.state().clone()
}

fn duel() -> Spellcaster {
    let spells = Arc::new(Spells::shipped().unwrap());
    (0..100)
        .map(|seed| Spellcaster::new(&Config { mages: 2 }, &spells, seed).unwrap())
        .find(|g| g.turn_seat() == Seat(0))
        .unwrap()
}

fn name(game: &Spellcaster, card: spellcaster::CardId) -> String {
    game.spells().get(card).name.clone()
}

#[test]
fn a_click_on_a_hand_card_selects_it_and_its_button_plays_it() {
    let game = duel();
    let card = game.view(Seat(0)).hand[0];
    let spell = game.spells().get(card);
    assert_eq!(clicks(&game, Seat(0), &[&spell.name]), None, "one click only selects");
    let play = format!("Play {} on {:?}", spell.name, spell.colour);
    assert_eq!(clicks(&game, Seat(0), &[&spell.name, &play]), Some(Action::Play(card)));
}

#[test]
fn the_draw_button_draws() {
    let game = duel();
    let label = format!("Draw a card ({} in the deck)", game.deck_len());
    assert_eq!(clicks(&game, Seat(0), &[&label]), Some(Action::Draw));
}

#[test]
fn a_rival_asked_to_discard_chooses_a_card_or_keeps_their_cards() {
    let mut game = duel();
    let bargain = game.spells().by_id("bargain").unwrap();
    game.move_to_placard(bargain, Side(0));
    game.apply(&Action::Activate {
        colour: Colour::Green,
        option: None,
    })
    .unwrap();
    assert_eq!(
        clicks(&game, Seat(1), &["Keep my cards"]),
        Some(Action::Answer(Answer::LetDraw))
    );
    let card = game.view(Seat(1)).hand[0];
    let spell = name(&game, card);
    assert_eq!(
        clicks(&game, Seat(1), &[&spell, &format!("Discard {spell}")]),
        Some(Action::Answer(Answer::Discard(card)))
    );
}

#[test]
fn a_hand_of_ten_cards_stays_in_one_row_inside_a_1280_by_800_window() {
    let catalog = GameCatalog::shipped(&UserDirs::under(Path::new("/nonexistent")));
    let entry = catalog.get("spellcaster").unwrap();
    let mut draft = SetupDraft::for_entry(entry);
    draft.players = 2;
    let choice = draft.validate().unwrap();
    let mut session = entry.factory().unwrap().start(&choice).unwrap();
    // Both Mages only draw: after eight actions the first holds ten cards and is to act.
    for _ in 0..8 {
        let seat = session.to_act().seat().unwrap();
        session.act(seat, "Draw").unwrap();
    }
    let seat = session.to_act().seat().unwrap();
    let game = ActiveGame {
        session: Some(session),
        last_setup: Some(choice),
        in_autosave: false,
    };
    let (focus, pending) = (
        TableFocus {
            viewer: Some(seat),
            pending: None,
            ..Default::default()
        },
        PendingUndo::default(),
    );
    let table = TableScreen {
        game: &game,
        focus: &focus,
        curtain: false,
        pending: &pending,
    };
    let size = [1280.0, 800.0];
    let mut harness = Harness::builder().with_size(size).build_ui_state(
        |ui, (dialogs, out): &mut (DialogState, Vec<_>)| playing_screen(ui.ctx(), &table, dialogs, out),
        (DialogState::default(), Vec::new()),
    );
    theme::install(&harness.ctx);
    harness.run();
    let spells = Spells::shipped().unwrap();
    let cards: Vec<Rect> = harness
        .get_all_by_role(Role::Button)
        .filter(|node| {
            let label = node.accesskit_node().label().unwrap_or_default();
            spells.all().any(|(_, spell)| spell.name == label)
        })
        .map(|node| node.rect())
        .collect();
    assert_eq!(cards.len(), 10, "the ten cards of the hand");
    let window = Rect::from_min_size(Pos2::ZERO, size.into());
    for rect in &cards {
        assert!(
            window.contains_rect(*rect),
            "a hand card at {rect:?} is outside the window"
        );
        assert_eq!(rect.top(), cards[0].top(), "one row");
    }
}
