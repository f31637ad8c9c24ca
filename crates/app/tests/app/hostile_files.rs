//! Files that are not what they seem: a settings file or autosave that is a FIFO or a link to
//! /dev/zero, a save or deck (`--deck`) named /dev/zero or /dev/urandom. Each is refused at once with a
//! message naming it, and the app goes on. Every test fails, instead of hanging, after 20 seconds.
#![cfg(unix)]

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;
use spellhall::commands::{DeckChoice, UiCommand};
use spellhall::games::GameCatalog;
use spellhall::notices::Notices;
use spellhall::paths::UserDirs;
use spellhall::screens::Screen;
use spellhall::screens::deck_editor::DeckEditor;
use spellhall::settings::Settings;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spellhall-hostile-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Run `test` on its own thread; a read that blocks fails the test instead of hanging it.
fn within_20_seconds(test: impl FnOnce() + Send + 'static) {
    let (done, finished) = std::sync::mpsc::channel();
    let handle = std::thread::spawn(move || {
        test();
        let _ = done.send(());
    });
    match finished.recv_timeout(Duration::from_secs(20)) {
        Ok(()) => handle.join().unwrap(),
        // The thread ended without finishing: it panicked; pass its panic on.
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
            if let Err(panic) = handle.join() {
                std::panic::resume_unwind(panic)
            }
        }
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => panic!("blocked for 20 seconds"),
    }
}

fn app_in(dir: &Path) -> App {
    let dirs = UserDirs::under(dir);
    let catalog = GameCatalog::shipped(&dirs);
    let mut app = spellhall::headless_app(dirs, catalog);
    app.update();
    app
}

fn send(app: &mut App, command: UiCommand) {
    app.world_mut().write_message(command);
    for _ in 0..3 {
        app.update();
    }
}

fn last_problem(app: &App) -> String {
    app.world()
        .resource::<Notices>()
        .problems
        .last()
        .cloned()
        .unwrap_or_default()
}

/// Make `path` a FIFO (false if `mkfifo` is missing: the test then checks the links only).
fn make_fifo(path: &Path) -> bool {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|status| status.success())
}

fn link_to_dev_zero(path: &Path) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink("/dev/zero", path).unwrap();
}

#[test]
fn a_settings_file_that_is_a_fifo_or_a_link_to_dev_zero_gives_the_defaults_and_a_message() {
    within_20_seconds(|| {
        let dir = scratch("settings-link");
        link_to_dev_zero(&UserDirs::under(&dir).settings_file());
        let app = app_in(&dir);
        assert_eq!(*app.world().resource::<Settings>(), Settings::default());
        let problem = last_problem(&app);
        assert!(
            problem.contains("settings.ron: is not a regular file (it is a device)"),
            "{problem}"
        );

        let dir = scratch("settings-fifo");
        if make_fifo(&UserDirs::under(&dir).settings_file()) {
            let app = app_in(&dir);
            let problem = last_problem(&app);
            assert!(
                problem.contains("settings.ron: is not a regular file (it is a FIFO)"),
                "{problem}"
            );
        }
    });
}

#[test]
fn an_autosave_that_is_a_fifo_or_a_link_to_dev_zero_is_refused_and_the_title_stays() {
    within_20_seconds(|| {
        for (name, kind) in [("autosave-link", "a device"), ("autosave-fifo", "a FIFO")] {
            let dir = scratch(name);
            let autosave = UserDirs::under(&dir).autosave_file();
            if kind == "a FIFO" {
                if !make_fifo(&autosave) {
                    continue;
                }
            } else {
                link_to_dev_zero(&autosave);
            }
            let mut app = app_in(&dir);
            send(&mut app, UiCommand::ResumeAutosave);
            assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Title);
            let problem = last_problem(&app);
            assert!(
                problem.contains(&format!("autosave.ron: is not a regular file (it is {kind})")),
                "{problem}"
            );
        }
    });
}

#[test]
fn loading_dev_zero_or_dev_urandom_is_refused_at_once() {
    within_20_seconds(|| {
        let dir = scratch("load-device");
        let mut app = app_in(&dir);
        for device in ["/dev/zero", "/dev/urandom"] {
            send(&mut app, UiCommand::LoadGame(PathBuf::from(device)));
            assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Title);
            let problem = last_problem(&app);
            assert!(
                problem.contains(&format!("{device}: is not a regular file")),
                "{problem}"
            );
        }
    });
}

#[test]
fn deck_dev_zero_on_the_command_line_is_refused_at_once() {
    within_20_seconds(|| {
        let mut app = app_in(&scratch("deck-device"));
        send(
            &mut app,
            UiCommand::OpenDeckEditor(Some(DeckChoice::File("/dev/zero".into()))),
        );
        let editor = app.world().resource::<DeckEditor>();
        let status = editor.status.as_ref().map(|(text, _)| text.as_str());
        assert_eq!(
            status,
            Some("Not opened (the file is left as it is): /dev/zero: is not a regular file (it is a device)")
        );
    });
}
