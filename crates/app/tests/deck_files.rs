//! Decks given with `--deck` or opened in the editor: a CrossFire `.cfd` or a `.txt` list is
//! imported (found by its extension, or a CrossFire deck by its content); a deck naming a format
//! we do not have says so on the deck; a device is refused at once.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use bevy::prelude::*;
use spellfire::deck::Deck;
use spellhall::commands::{DeckChoice, UiCommand};
use spellhall::games::GameCatalog;
use spellhall::paths::UserDirs;
use spellhall::screens::deck_editor::model::Origin;
use spellhall::screens::deck_editor::{DeckEditor, EditorCommand, Library};

fn library() -> Arc<Library> {
    static LIBRARY: OnceLock<Arc<Library>> = OnceLock::new();
    Arc::clone(LIBRARY.get_or_init(|| Arc::new(Library::shipped().expect("the shipped Spellfire content"))))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spellhall-deck-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn editor_in(dir: &Path) -> DeckEditor {
    DeckEditor::new(library(), &UserDirs::under(dir))
}

fn status(editor: &DeckEditor) -> String {
    editor.status.as_ref().map(|(t, _)| t.clone()).unwrap_or_default()
}

fn starter_b1() -> Deck {
    library().starters[2].clone()
}

#[test]
fn a_crossfire_deck_opened_as_a_deck_is_imported_whatever_its_name() {
    let dir = scratch("cfd");
    let cfd = spellfire::crossfire::write_cfd(&starter_b1(), &library().formats);
    for name in ["B-1.cfd", "B-1.CFD", "B-1 from a friend"] {
        let path = dir.join(name);
        std::fs::write(&path, &cfd).unwrap();
        let mut editor = editor_in(&dir);
        editor.perform(EditorCommand::Open(path.clone()));
        assert_eq!(editor.deck.cards, starter_b1().cards, "{name}: {}", status(&editor));
        assert_eq!(editor.deck.format, "55-starter");
        assert_eq!(editor.origin, Origin::New, "an import is not on the shelf until saved");
        assert!(editor.dirty);
        assert_eq!(status(&editor), format!("Imported 55 cards from {}.", path.display()));
    }
}

#[test]
fn a_text_list_opened_as_a_deck_is_imported_with_its_unread_lines() {
    let dir = scratch("txt");
    let path = dir.join("list.txt");
    std::fs::write(&path, "# Deck: Short\n1st/1 Waterdeep\nno such card\n").unwrap();
    let mut editor = editor_in(&dir);
    editor.perform(EditorCommand::Open(path));
    assert_eq!(editor.deck.name, "Short");
    assert_eq!(editor.deck.unread, ["no such card"]);
    assert!(
        status(&editor).contains("line 3: no card has this name or number"),
        "{}",
        status(&editor)
    );
}

#[test]
fn a_deck_with_an_unknown_format_says_so_on_the_deck() {
    let dir = scratch("format");
    let path = dir.join("odd.ron");
    let mut deck = starter_b1();
    deck.format = "56-house".into();
    deck.save(&path).unwrap();
    let mut editor = editor_in(&dir);
    editor.perform(EditorCommand::Open(path));
    let first = &editor.problems[0].message;
    assert!(
        first.starts_with("The deck names the format '56-house', which Spellhall does not know;"),
        "{first}"
    );
    assert!(
        first.contains("checked as the 55-card standard format instead"),
        "{first}"
    );
    editor.perform(EditorCommand::SetFormat("55-starter".into()));
    assert!(editor.problems.iter().all(|p| !p.message.contains("does not know")));
}

#[cfg(unix)]
#[test]
fn deck_dev_zero_on_the_command_line_is_refused_at_once() {
    let dir = scratch("device");
    let dirs = UserDirs::under(&dir);
    let catalog = GameCatalog::shipped(&dirs);
    let mut app = spellhall::headless_app(dirs, catalog);
    app.update();
    app.world_mut()
        .write_message(UiCommand::OpenDeckEditor(Some(DeckChoice::File("/dev/zero".into()))));
    for _ in 0..3 {
        app.update();
    }
    let editor = app.world().resource::<DeckEditor>();
    assert_eq!(
        status(editor),
        "Not opened (the file is left as it is): /dev/zero: is not a regular file (it is a device)"
    );
}
