//! No game is lost without asking: a new game keeps the unfinished one as a save, two saves in one
//! second are two files, and a second app on the same user folder leaves the first one's autosave
//! alone. Driven headlessly with the commands the screens send.

use std::fs;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use spellhall::active::{ActiveGame, SaveListings};
use spellhall::commands::UiCommand;
use spellhall::games::tally::TallyAdapter;
use spellhall::games::{GameCatalog, GameEntry, SetupChoice};
use spellhall::notices::Notices;
use spellhall::paths::UserDirs;
use spellhall::screens::title::open_save;
use spellhall_core::testkit::TallyAction;
use spellhall_core::{Seat, SeatInfo};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spellhall-lost-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn catalog(dirs: &UserDirs) -> GameCatalog {
    let mut catalog = GameCatalog::shipped(dirs);
    catalog.register(GameEntry::playable::<TallyAdapter>(&dirs.content_dir("tally")));
    catalog
}

fn app_in(dir: &Path) -> App {
    let dirs = UserDirs::under(dir);
    let catalog = catalog(&dirs);
    let mut app = spellhall::headless_app(dirs, catalog);
    app.update();
    app
}

/// Send the commands in one frame, then let the state changes they ask for settle.
fn send_all(app: &mut App, commands: Vec<UiCommand>) {
    app.world_mut().write_message_batch(commands);
    for _ in 0..3 {
        app.update();
    }
}

fn send(app: &mut App, command: UiCommand) {
    send_all(app, vec![command]);
}

fn start(app: &mut App, seed: u64) {
    let choice = SetupChoice {
        game: "tally".into(),
        seats: vec![SeatInfo::person("Ann"), SeatInfo::person("Ben")],
        options: vec![],
        seed,
        seat_picks: Vec::new(),
    };
    send(app, UiCommand::StartGame(choice));
    send(app, UiCommand::ConfirmHandoff);
}

fn draw(seat: Seat) -> UiCommand {
    UiCommand::Act {
        seat,
        action: ron::to_string(&TallyAction::Draw).unwrap(),
    }
}

fn saves(dir: &Path) -> Vec<PathBuf> {
    let mut saves: Vec<PathBuf> = fs::read_dir(UserDirs::under(dir).saves_dir())
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .collect();
    saves.sort();
    saves
}

/// How many actions the game in a save file has taken.
fn actions_in(path: &Path) -> usize {
    let dirs = UserDirs::under(Path::new("/nonexistent"));
    open_save(path, &catalog(&dirs)).unwrap().actions_taken()
}

fn toasts(app: &App) -> String {
    let notices = app.world().resource::<Notices>();
    notices
        .toasts
        .iter()
        .map(|t| t.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_new_game_keeps_the_unfinished_one_as_a_save_and_says_where() {
    let dir = scratch("new-game");
    let autosave = UserDirs::under(&dir).autosave_file();
    let mut app = app_in(&dir);
    start(&mut app, 1);
    send(&mut app, draw(Seat(0)));
    assert_eq!(actions_in(&autosave), 1);
    send(&mut app, UiCommand::GoToTitle);

    start(&mut app, 2);
    let kept = saves(&dir);
    assert_eq!(kept.len(), 1, "the unfinished game was kept: {kept:?}");
    let name = kept[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("Unfinished Tally (test game) ") && name.ends_with(".ron"),
        "{name}"
    );
    assert_eq!(actions_in(&kept[0]), 1, "the kept save is the unfinished game");
    assert_eq!(actions_in(&autosave), 0, "the autosave is the new game");
    let said = toasts(&app);
    assert!(said.contains(&name) && said.contains("Load game"), "{said}");

    // Playing on in the new game does not keep it aside again.
    send(&mut app, draw(Seat(0)));
    assert_eq!(saves(&dir).len(), 1);
    assert_eq!(actions_in(&autosave), 1);
}

#[test]
fn an_autosave_that_cannot_be_read_is_kept_too() {
    let dir = scratch("unreadable");
    let autosave = UserDirs::under(&dir).autosave_file();
    fs::create_dir_all(autosave.parent().unwrap()).unwrap();
    let text = "(game: \"tally\", format_version: 1, seats: [oops";
    fs::write(&autosave, text).unwrap();
    let mut app = app_in(&dir);
    start(&mut app, 1);
    let kept = saves(&dir);
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(kept[0].to_string_lossy().contains("Unfinished game "), "{kept:?}");
    assert_eq!(fs::read_to_string(&kept[0]).unwrap(), text, "kept byte for byte");
    assert_eq!(actions_in(&autosave), 0, "the autosave is the new game");
}

#[test]
fn a_loaded_game_that_changes_keeps_the_other_unfinished_game() {
    let dir = scratch("loaded");
    let autosave = UserDirs::under(&dir).autosave_file();
    let mut app = app_in(&dir);
    start(&mut app, 1);
    send(&mut app, UiCommand::SaveGame);
    send(&mut app, draw(Seat(0)));
    send(&mut app, UiCommand::ConfirmHandoff);
    send(&mut app, draw(Seat(1)));
    send(&mut app, UiCommand::GoToTitle);
    let save = saves(&dir).pop().unwrap();

    send(&mut app, UiCommand::LoadGame(save));
    send(&mut app, UiCommand::ConfirmHandoff);
    send(&mut app, draw(Seat(0)));
    let kept: Vec<_> = saves(&dir)
        .into_iter()
        .filter(|p| p.to_string_lossy().contains("Unfinished"))
        .collect();
    assert_eq!(kept.len(), 1, "{:?}", saves(&dir));
    assert_eq!(actions_in(&kept[0]), 2, "the game that was in the autosave");
    assert_eq!(actions_in(&autosave), 1, "the loaded game, one action on");
}

#[test]
fn resuming_the_autosave_keeps_nothing_aside() {
    let dir = scratch("resume");
    let mut app = app_in(&dir);
    start(&mut app, 1);
    send(&mut app, draw(Seat(0)));
    send(&mut app, UiCommand::GoToTitle);
    send(&mut app, UiCommand::ResumeAutosave);
    send(&mut app, UiCommand::ConfirmHandoff);
    send(&mut app, draw(Seat(1)));
    assert!(saves(&dir).is_empty(), "{:?}", saves(&dir));
    assert_eq!(actions_in(&UserDirs::under(&dir).autosave_file()), 2);
}

#[test]
fn two_saves_in_the_same_second_are_two_files_each_with_its_game() {
    let dir = scratch("same-second");
    let mut app = app_in(&dir);
    start(&mut app, 1);
    // One frame: save, play, save again, well within one second.
    send_all(&mut app, vec![UiCommand::SaveGame, draw(Seat(0)), UiCommand::SaveGame]);
    let files = saves(&dir);
    assert_eq!(files.len(), 2, "{files:?}");
    let mut actions: Vec<usize> = files.iter().map(|f| actions_in(f)).collect();
    actions.sort();
    assert_eq!(actions, vec![0, 1]);
    let said = toasts(&app);
    for file in &files {
        assert!(said.contains(&file.display().to_string()), "{said}");
    }
}

#[test]
fn a_second_app_on_the_same_folder_says_so_and_leaves_the_autosave_alone() {
    let dir = scratch("two-apps");
    let autosave = UserDirs::under(&dir).autosave_file();
    let mut first = app_in(&dir);
    start(&mut first, 1);
    send(&mut first, draw(Seat(0)));
    let first_game = fs::read_to_string(&autosave).unwrap();

    let mut second = app_in(&dir);
    let problems = second.world().resource::<Notices>().problems.join("\n");
    assert!(problems.contains("Another Spellhall"), "{problems}");
    assert!(
        second.world().resource::<SaveListings>().autosave.is_none(),
        "the other app's unfinished game is not offered here"
    );
    send(&mut second, UiCommand::DiscardAutosave);
    start(&mut second, 2);
    send(&mut second, draw(Seat(0)));
    send(&mut second, UiCommand::ConfirmHandoff);
    send(&mut second, draw(Seat(1)));
    assert_eq!(
        second
            .world()
            .resource::<ActiveGame>()
            .session
            .as_ref()
            .unwrap()
            .actions_taken(),
        2
    );
    assert_eq!(
        fs::read_to_string(&autosave).unwrap(),
        first_game,
        "the second app wrote nothing there"
    );
    assert!(saves(&dir).is_empty(), "nor kept the first app's game aside");

    // The first app autosaves on; once it ends, the next app takes over the folder.
    send(&mut first, UiCommand::ConfirmHandoff);
    send(&mut first, draw(Seat(1)));
    assert_eq!(actions_in(&autosave), 2);
    drop(first);
    drop(second);
    let third = app_in(&dir);
    let problems = third.world().resource::<Notices>().problems.join("\n");
    assert!(!problems.contains("Another Spellhall"), "{problems}");
    assert!(third.world().resource::<SaveListings>().autosave.is_some());
}
