//! The screens' egui bodies, clicked with egui_kittest: each click must produce the right command
//! and nothing else (the screens never change the game themselves).

use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use spellhall::active::{ActiveGame, SaveListing, SaveListings};
use spellhall::commands::UiCommand;
use spellhall::games::tally::TallyAdapter;
use spellhall::games::{GameCatalog, GameEntry};
use spellhall::hotseat::TableFocus;
use spellhall::paths::UserDirs;
use spellhall::screens::playing::curtain_body;
use spellhall::screens::setup::{SetupDraft, setup_body};
use spellhall::screens::title::{TitleModel, title_body};
use spellhall::ui::DialogState;
use spellhall_core::{Seat, SeatInfo};

fn catalog() -> GameCatalog {
    let mut catalog = GameCatalog::shipped(&UserDirs::under(Path::new("/nonexistent")));
    catalog.register(GameEntry::playable::<TallyAdapter>(Path::new("/nonexistent")));
    catalog
}

type TitleHarness<'a> = Harness<'a, (DialogState, Vec<UiCommand>)>;

/// The title screen's body in a window of `size` points; clicks collect the commands sent.
fn title_harness<'a>(catalog: &'a GameCatalog, listings: &'a SaveListings, size: [f32; 2]) -> TitleHarness<'a> {
    let mut harness = Harness::builder().with_size(size).build_ui_state(
        |ui, (dialogs, out): &mut (DialogState, Vec<UiCommand>)| {
            title_body(ui, &TitleModel { catalog, listings }, dialogs, out);
        },
        (DialogState::default(), Vec::new()),
    );
    harness.run();
    harness
}

/// Title listings with an unfinished game of Tally in the autosave.
fn with_autosave() -> SaveListings {
    SaveListings {
        autosave: Some(SaveListing {
            path: "/nonexistent/autosave.ron".into(),
            summary: Ok("Tally (test game): Ann, Ben".into()),
            modified: "2026-12-01 17:00".into(),
        }),
        saves: Vec::new(),
    }
}

#[test]
fn title_play_opens_the_setup_of_that_game() {
    let catalog = catalog();
    let listings = SaveListings::default();
    let mut harness = title_harness(&catalog, &listings, [1280.0, 800.0]);
    let unbuilt = harness.query_all_by_label("Not yet available").count();
    assert_eq!(unbuilt, 0, "every game is built");

    let plays: Vec<_> = harness.get_all_by_label("Play").collect();
    assert_eq!(
        plays.len(),
        5,
        "Spellfire, Spells of Doom, Mighty Magics, Spellcaster and the test game are playable"
    );
    plays[0].click();
    harness.run();
    assert_eq!(harness.state().1, vec![UiCommand::OpenSetup("spellfire".into())]);
    harness.state_mut().1.clear();
    harness.get_all_by_label("Play").nth(1).unwrap().click();
    harness.run();
    assert_eq!(harness.state().1, vec![UiCommand::OpenSetup("spells-of-doom".into())]);

    harness.state_mut().1.clear();
    harness.get_by_label("Spellfire Deck Editor").click();
    harness.run();
    assert_eq!(harness.state().1, vec![UiCommand::OpenDeckEditor(None)]);

    harness.get_by_label("Settings").click();
    harness.run();
    assert!(harness.state().0.settings_open);

    harness.state_mut().1.clear();
    harness.get_by_label("Quit").click();
    harness.run();
    assert_eq!(harness.state().1, vec![UiCommand::Quit]);
}

#[test]
fn discarding_the_unfinished_game_is_asked_first_and_can_be_declined() {
    let catalog = catalog();
    let listings = with_autosave();
    let mut harness = title_harness(&catalog, &listings, [1280.0, 800.0]);
    harness.get_by_label("Discard").click();
    harness.run();
    assert!(
        harness.state().1.is_empty(),
        "one click discarded: {:?}",
        harness.state().1
    );
    harness.get_by_label_contains("This deletes the unfinished game Tally (test game): Ann, Ben");
    harness.get_by_label("Keep it").click();
    harness.run();
    assert!(harness.state().1.is_empty());
    assert!(
        harness.query_by_label("Discard for good").is_none(),
        "the question is gone"
    );

    harness.get_by_label("Discard").click();
    harness.run();
    harness.get_by_label("Discard for good").click();
    harness.run();
    assert_eq!(harness.state().1, vec![UiCommand::DiscardAutosave]);
    assert!(!harness.state().0.confirm_discard);
}

#[test]
fn setup_start_sends_the_chosen_table_and_a_bad_form_cannot_start() {
    let catalog = catalog();
    let mut draft = SetupDraft::for_entry(catalog.get("tally").unwrap());
    draft.seed_text = "42".into();
    let mut harness = Harness::builder().with_size([1280.0, 800.0]).build_ui_state(
        |ui, (draft, out): &mut (SetupDraft, Vec<UiCommand>)| setup_body(ui, draft, out),
        (draft, Vec::new()),
    );
    harness.run();
    harness.get_by_label("3").click();
    harness.run();
    assert_eq!(harness.state().0.players, 3);
    // The third seat becomes a computer.
    harness.get_all_by_label("Computer").nth(2).unwrap().click();
    harness.run();
    harness.get_by_label("Start the game").click();
    harness.run();
    let UiCommand::StartGame(choice) = harness.state().1[0].clone() else {
        panic!("{:?}", harness.state().1)
    };
    assert_eq!(choice.seed, 42);
    assert_eq!(
        choice.seats,
        vec![
            SeatInfo::person("Aldric"),
            SeatInfo::person("Brenna"),
            SeatInfo::computer("Cedric")
        ]
    );

    harness.state_mut().1.clear();
    harness.state_mut().0.seats[1].name.clear();
    harness.run();
    harness.get_by_label("Seat 2 needs a name.");
    harness.get_by_label("Start the game").click();
    harness.run();
    assert!(harness.state().1.is_empty(), "an invalid form started a game");
}

#[test]
fn the_curtain_names_the_next_person_and_shows_nothing_of_the_table() {
    let catalog = catalog();
    let factory = catalog.get("tally").unwrap().factory().unwrap();
    let choice = spellhall::games::SetupChoice {
        game: "tally".into(),
        seats: vec![SeatInfo::person("Ann"), SeatInfo::person("Ben")],
        options: vec![],
        seed: 1,
        seat_picks: Vec::new(),
    };
    let game = ActiveGame {
        session: Some(factory.start(&choice).unwrap()),
        last_setup: Some(choice),
        in_autosave: false,
    };
    let focus = TableFocus {
        viewer: None,
        pending: Some(Seat(0)),
        ..Default::default()
    };
    let mut harness = Harness::builder().with_size([1280.0, 800.0]).build_ui_state(
        |ui, out: &mut Vec<UiCommand>| curtain_body(ui, &game, &focus, out),
        Vec::new(),
    );
    harness.run();
    harness.get_by_label("Pass the screen to Ann");
    assert!(harness.query_by_label("Your hand").is_none());
    assert!(harness.query_by_label("Draw a card").is_none());
    harness.get_by_label("I am Ann: show my table").click();
    harness.run();
    assert_eq!(harness.state(), &vec![UiCommand::ConfirmHandoff]);
}

mod mighty_magics_table {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use mighty_magics::{Action, CardId, Choice, MightyMagics, Resource, TestGame, card};
    use spellhall::games::mighty_magics::MightyMagicsAdapter;
    use spellhall::games::{GameAdapter, TableInput};
    use spellhall_core::{Game, Seat};

    const P1: Seat = Seat(0);
    const P2: Seat = Seat(1);

    /// Draw the table for `viewer`, click each label in turn, and return the action chosen last.
    fn clicks(game: &MightyMagics, viewer: Seat, labels: &[&str]) -> Option<Action> {
        let view = game.view(viewer);
        let legal = if game.to_act().seat() == Some(viewer) {
            game.legal_actions()
        } else {
            Vec::new()
        };
        let names = vec!["Ann".to_string(), "Ben".to_string(), "Cal".to_string()];
        let mut harness = Harness::builder().with_size([960.0, 760.0]).build_ui_state(
            |ui, chosen: &mut Option<Action>| {
                let describe = |a: &Action| game.describe_action(a);
                if let Some(action) = MightyMagicsAdapter::draw_table(
                    ui,
                    &TableInput::new(&view, &legal, &describe, game.cards(), &names),
                ) {
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

    /// The first copy of a card of the shipped deck.
    fn id(name: &str) -> CardId {
        card(name, 0)
    }

    #[test]
    fn setup_the_short_game_option_turns_on_the_optional_attack_rule() {
        let cards = mighty_magics::shipped_cards();
        let options = MightyMagicsAdapter::options(&cards);
        assert_eq!(options[0].choices.len(), 2);
        assert!(!MightyMagicsAdapter::config(3, &[0], &cards).unwrap().short_attacks);
        assert!(MightyMagicsAdapter::config(3, &[1], &cards).unwrap().short_attacks);
        assert_eq!(MightyMagicsAdapter::config(6, &[0], &cards).unwrap().players, 6);
    }

    #[test]
    fn draw_phase_a_click_discards_and_the_button_fills_the_hand() {
        let knights = id("knights");
        let game = TestGame::new(2).hand(P1, &[knights]).build();
        assert_eq!(clicks(&game, P1, &["Knights"]), Some(Action::Discard(knights)));
        assert_eq!(
            clicks(&game, P1, &["Fill my hand (draw 4 cards)"]),
            Some(Action::Refill)
        );
    }

    #[test]
    fn recruit_choosing_a_card_offers_the_cheapest_payment() {
        let game = TestGame::new(2)
            .hand(P1, &[id("knights")])
            .recruiting(&[Resource::Metal, Resource::Men, Resource::Law, Resource::Gold])
            .build();
        assert_eq!(
            clicks(&game, P1, &["Knights", "Recruit Knights"]),
            Some(Action::Recruit {
                card: id("knights"),
                spend: vec![Resource::Metal, Resource::Men, Resource::Law],
            })
        );
    }

    #[test]
    fn recruit_each_payment_is_named_by_what_it_spends() {
        let game = TestGame::new(2)
            .hand(P1, &[id("knights")])
            .recruiting(&[Resource::Metal, Resource::Men, Resource::Law, Resource::Gold])
            .build();
        let view = game.view(P1);
        let legal = game.legal_actions();
        let names = vec!["Ann".to_string(), "Ben".to_string()];
        let mut harness = Harness::builder().with_size([1280.0, 760.0]).build_ui(|ui| {
            let describe = |a: &Action| game.describe_action(a);
            MightyMagicsAdapter::draw_table(ui, &TableInput::new(&view, &legal, &describe, game.cards(), &names));
        });
        harness.run();
        harness.get_by_label("Knights").click();
        harness.run();
        // Four ways to pay, four different names (not "with Gold" twice).
        for label in [
            "1 Metal, 1 Men, 1 Law",
            "1 Men, 1 Law + 1 Gold for 1 Metal",
            "1 Metal, 1 Law + 1 Gold for 1 Men",
            "1 Metal, 1 Men + 1 Gold for 1 Law",
        ] {
            assert!(harness.query_by_label(label).is_some(), "no payment named {label:?}");
        }
    }

    #[test]
    fn recruit_a_magic_is_aimed_by_clicking_its_target_on_the_table() {
        let keep = id("stone-keep");
        let game = TestGame::new(2)
            .kingdom(P2, &[keep])
            .hand(P1, &[id("earthquake")])
            .recruiting(&[Resource::Stone, Resource::Stone])
            .build();
        assert_eq!(
            clicks(&game, P1, &["Earthquake", "Stone Keep"]),
            Some(Action::Cast {
                card: id("earthquake"),
                spend: vec![Resource::Stone, Resource::Stone],
                choice: Choice::Card(keep),
            })
        );
    }

    #[test]
    fn recruit_the_leftovers_can_be_passed_on() {
        let game = TestGame::new(2)
            .hand(P1, &[id("knights")])
            .recruiting(&[Resource::Fire])
            .build();
        assert_eq!(clicks(&game, P1, &["Pass the counters to my left"]), Some(Action::Pass));
    }

    #[test]
    fn attack_target_and_attackers_are_clicked_and_the_defender_clicks_defenders() {
        let (orcs, keep, rangers) = (id("orcs"), id("stone-keep"), id("rangers"));
        let mut game = TestGame::new(2)
            .kingdom(P1, &[orcs])
            .kingdom(P2, &[keep, rangers])
            .recruiting(&[Resource::Fire])
            .build();
        game.apply(&Action::Pass).unwrap();
        assert_eq!(clicks(&game, P1, &["Stone Keep"]), Some(Action::Target(keep)));
        assert_eq!(clicks(&game, P1, &["Orcs"]), Some(Action::Send(orcs)));
        assert_eq!(clicks(&game, P1, &["Do not attack"]), Some(Action::NoAttack));
        for action in [Action::Target(keep), Action::Send(orcs), Action::Charge] {
            game.apply(&action).unwrap();
        }
        assert_eq!(clicks(&game, P2, &["Rangers"]), Some(Action::Defend(rangers)));
        assert_eq!(
            clicks(&game, P2, &["Defend with the Hordes chosen"]),
            Some(Action::HoldFast)
        );
        // The attacker, waiting, cannot act for the defender.
        assert_eq!(clicks(&game, P1, &["Rangers"]), None);
    }

    #[test]
    fn a_hand_is_never_drawn_for_another_seat() {
        let game = TestGame::new(2)
            .hand(P1, &[id("knights")])
            .recruiting(&[Resource::Fire])
            .build();
        let view = game.view(P2);
        let legal = Vec::new();
        let names = vec!["Ann".to_string(), "Ben".to_string()];
        let mut harness = Harness::builder().with_size([960.0, 760.0]).build_ui(|ui| {
            let describe = |a: &Action| game.describe_action(a);
            MightyMagicsAdapter::draw_table(ui, &TableInput::new(&view, &legal, &describe, game.cards(), &names));
        });
        harness.run();
        assert!(harness.query_by_label("Knights").is_none());
    }
}
