//! A strong computer seat plays through the app's real systems: its search runs on a thread of its
//! own (the window keeps drawing meanwhile), its move is applied only to the game it was asked
//! about, and a search whose answer nobody wants any more is stopped. A few iterations keep the
//! test quick.

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use spellhall::active::ActiveGame;
use spellhall::commands::UiCommand;
use spellhall::games::{GameCatalog, SetupChoice};
use spellhall::hotseat::{ComputerThinking, StrongBudget};
use spellhall::paths::UserDirs;
use spellhall::screens::Screen;
use spellhall::screens::setup::SetupDraft;
use spellhall::settings::Settings;
use spellhall_core::{Controller, Game, Seat, SeatInfo, ToAct};
use spellhall_search::{Cancel, SearchBudget};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spellhall-strong-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A Spellcaster table where the strong computer in seat 1 decides first.
fn app_with_strong_first(name: &str) -> App {
    let dirs = UserDirs::under(&scratch(name));
    let catalog = GameCatalog::shipped(&dirs);
    let mut app = spellhall::headless_app(dirs, catalog);
    app.update();
    app.insert_resource(StrongBudget(SearchBudget::iterations(200)));
    app.world_mut().resource_mut::<Settings>().pace_computers = false;
    let spells = std::sync::Arc::new(spellcaster::Spells::shipped().unwrap());
    let seed = (0..100)
        .find(|&seed| {
            let game = spellcaster::Spellcaster::new(&spellcaster::Config { mages: 2 }, &spells, seed).unwrap();
            game.turn_seat() == Seat(0)
        })
        .unwrap();
    let choice = SetupChoice {
        game: "spellcaster".into(),
        seats: vec![SeatInfo::strong_computer("Sage"), SeatInfo::person("Ann")],
        options: Vec::new(),
        seed,
        seat_picks: Vec::new(),
    };
    app.world_mut().write_message(UiCommand::StartGame(choice));
    app
}

fn actions_taken(app: &App) -> usize {
    let game = app.world().resource::<ActiveGame>();
    game.session.as_ref().map_or(0, |session| session.actions_taken())
}

#[test]
fn a_strong_computer_seat_plays_its_move_from_a_search_off_the_main_thread() {
    let mut app = app_with_strong_first("plays");
    let mut frames = 0;
    while actions_taken(&app) == 0 && frames < 2_000 {
        app.update();
        frames += 1;
        std::thread::sleep(Duration::from_millis(2));
    }
    let session = app.world().resource::<ActiveGame>();
    let session = session.session.as_ref().unwrap();
    assert_eq!(session.seats()[0].controller, Controller::StrongComputer);
    assert!(
        session.actions_taken() >= 1,
        "the strong seat moved within {frames} frames"
    );
    // Its moves, then Ann's decision: the computer stops where a person decides.
    for _ in 0..400 {
        if app.world().resource::<ActiveGame>().session.as_ref().unwrap().to_act() == ToAct::Seat(Seat(1)) {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let session = app.world().resource::<ActiveGame>().session.as_ref().unwrap();
    assert_eq!(
        session.to_act(),
        ToAct::Seat(Seat(1)),
        "Ann decides after the strong seat's turn"
    );
}

#[test]
fn a_strong_computers_answer_for_a_game_that_changed_is_thrown_away() {
    let mut app = app_with_strong_first("discard");
    // A search that cannot finish soon: the game changes under it.
    app.insert_resource(StrongBudget(SearchBudget {
        time: Some(Duration::from_secs(5)),
        ..SearchBudget::iterations(u32::MAX)
    }));
    for _ in 0..5 {
        app.update();
    }
    // Frames go on while it searches: the search never holds up an update.
    assert!(
        app.world().resource::<ComputerThinking>().busy(),
        "the search is under way"
    );
    let before = app.world().resource::<ActiveGame>().session.as_ref().unwrap().version();
    // The table is replaced by a new game (as a load would): the old search's answer has no game.
    app.insert_resource(StrongBudget(SearchBudget::iterations(20)));
    let choice = SetupChoice {
        game: "spellcaster".into(),
        seats: vec![SeatInfo::person("Ann"), SeatInfo::person("Ben")],
        options: Vec::new(),
        seed: 3,
        seat_picks: Vec::new(),
    };
    app.world_mut().write_message(UiCommand::StartGame(choice));
    for _ in 0..5 {
        app.update();
    }
    let session = app.world().resource::<ActiveGame>().session.as_ref().unwrap();
    assert_ne!(session.version(), before, "a new game");
    assert_eq!(session.actions_taken(), 0, "nothing was played for the persons");
    assert!(
        !app.world().resource::<ComputerThinking>().busy(),
        "the stale search is let go"
    );
}

/// A strong seat searching with a budget that would keep it thinking for a long while.
fn app_searching(name: &str) -> (App, Cancel) {
    let mut app = app_with_strong_first(name);
    app.insert_resource(StrongBudget(SearchBudget {
        time: Some(Duration::from_secs(60)),
        ..SearchBudget::iterations(u32::MAX)
    }));
    for _ in 0..5 {
        app.update();
    }
    let flag = app
        .world()
        .resource::<ComputerThinking>()
        .search_cancel_flag()
        .expect("the strong seat is searching");
    assert!(!flag.is_cancelled(), "a search that is wanted goes on");
    (app, flag)
}

#[test]
fn a_search_is_stopped_when_the_game_it_was_asked_about_changes() {
    let (mut app, flag) = app_searching("cancel-game");
    let choice = SetupChoice {
        game: "spellcaster".into(),
        seats: vec![SeatInfo::person("Ann"), SeatInfo::person("Ben")],
        options: Vec::new(),
        seed: 3,
        seat_picks: Vec::new(),
    };
    app.world_mut().write_message(UiCommand::StartGame(choice));
    for _ in 0..3 {
        app.update();
    }
    assert!(flag.is_cancelled(), "the old game's search was told to stop");
}

#[test]
fn a_search_is_stopped_when_the_table_is_left() {
    let (mut app, flag) = app_searching("cancel-leave");
    app.world_mut().write_message(UiCommand::GoToTitle);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Title);
    assert!(flag.is_cancelled(), "leaving the table stopped the search");
}

/// Spellfire offers the strong level at setup, and a strong seat plays its moves from its search.
#[test]
fn spellfire_offers_a_strong_computer_that_plays_its_moves() {
    let dir = scratch("spellfire");
    // The same games as the app's, to look who begins for a seed.
    let games = GameCatalog::shipped(&UserDirs::under(&dir));
    let factory = games.get("spellfire").unwrap().factory().unwrap();
    let dirs = UserDirs::under(&dir);
    let catalog = GameCatalog::shipped(&dirs);
    let mut app = spellhall::headless_app(dirs, catalog);
    app.update();
    app.insert_resource(StrongBudget(SearchBudget::iterations(30)));
    app.world_mut().resource_mut::<Settings>().pace_computers = false;
    app.world_mut().write_message(UiCommand::OpenSetup("spellfire".into()));
    for _ in 0..3 {
        app.update();
    }
    let mut draft = app.world().resource::<SetupDraft>().clone();
    assert!(draft.has_strong, "the setup offers a strong computer for Spellfire");
    draft.players = 2;
    draft.seats[0].name = "Sage".into();
    draft.seats[0].computer = true;
    draft.seats[0].strong = true;
    draft.seats[1].name = "Ann".into();
    draft.seats[1].computer = false;
    // A seed whose first decision is the strong seat's.
    let choice = (0..50)
        .map(|seed| {
            draft.seed_text = seed.to_string();
            draft.validate().unwrap()
        })
        .find(|choice| factory.start(choice).unwrap().to_act() == ToAct::Seat(Seat(0)))
        .expect("a seed where Sage begins");
    assert_eq!(choice.seats[0].controller, Controller::StrongComputer);
    app.world_mut().write_message(UiCommand::StartGame(choice));
    let mut frames = 0;
    while actions_taken(&app) == 0 && frames < 4_000 {
        app.update();
        frames += 1;
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(actions_taken(&app) >= 1, "the strong seat moved within {frames} frames");
}
