//! The deck editor: its model driven by the commands its buttons send (filter, add, remove, the
//! file operations, import and export, the unsaved-changes question), and its egui body clicked
//! with egui_kittest.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use spellfire::TypeChoice;
use spellfire::cards::{CardRef, CardType};
use spellfire::deck::Deck;
use spellhall::egui::Key;
use spellhall::paths::UserDirs;
use spellhall::screens::deck_editor::model::Origin;
use spellhall::screens::deck_editor::{DeckEditor, Dialog, EditorCommand, Library, editor_body};

fn library() -> Arc<Library> {
    static LIBRARY: OnceLock<Arc<Library>> = OnceLock::new();
    Arc::clone(LIBRARY.get_or_init(|| Arc::new(Library::shipped().expect("the shipped Spellfire content"))))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spellhall-editor-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn editor_in(dir: &Path) -> DeckEditor {
    DeckEditor::new(library(), &UserDirs::under(dir))
}

fn card(text: &str) -> CardRef {
    text.parse().unwrap()
}

fn status(editor: &DeckEditor) -> String {
    editor.status.as_ref().map(|(t, _)| t.clone()).unwrap_or_default()
}

#[test]
fn the_search_narrows_the_results_as_the_filter_changes() {
    let dir = scratch("filter");
    let mut editor = editor_in(&dir);
    assert_eq!(editor.results.len(), 3_839, "an empty search shows every card");
    editor.filter.text = "elminster".into();
    editor.refresh_results();
    let names: Vec<String> = editor
        .results
        .iter()
        .map(|&i| editor.library.catalogue.entries[i as usize].card.name.to_string())
        .collect();
    assert!(!names.is_empty() && names.iter().all(|n| n.to_lowercase().contains("elminster")));
    editor.filter.kind = Some(TypeChoice::Only(CardType::Wizard));
    editor.refresh_results();
    assert!(editor.results.len() < names.len());
    assert!(
        editor
            .results
            .iter()
            .all(|&i| editor.library.catalogue.entries[i as usize].card.kind == CardType::Wizard)
    );
}

#[test]
fn adding_and_removing_updates_the_check_and_the_statistics() {
    let dir = scratch("add");
    let mut editor = editor_in(&dir);
    assert!(
        editor
            .problems
            .iter()
            .any(|p| p.message == "The deck has 0 cards; the 55-card standard format needs exactly 55.")
    );
    editor.perform(EditorCommand::Add(card("1st/44")));
    editor.perform(EditorCommand::Add(card("4th/271")));
    assert!(editor.dirty);
    assert_eq!(editor.deck.cards.len(), 2);
    assert!(
        editor
            .problems
            .iter()
            .any(|p| p.message == "Elminster the Mage appears twice (1st/44, 4th/271); one copy allowed.")
    );
    assert_eq!(editor.stats.champions, 2);
    assert_eq!(editor.stats.total_levels, 18);
    editor.perform(EditorCommand::Remove(card("4th/271")));
    assert_eq!(editor.deck.cards, [card("1st/44")]);
    assert!(!editor.problems.iter().any(|p| p.rule == Some("SF-14")));
    // A card the catalogue does not have is refused with the reason.
    editor.perform(EditorCommand::Add(card("1st/999")));
    assert_eq!(editor.deck.cards.len(), 1);
    assert_eq!(status(&editor), "There is no card 1st/999.");
}

#[test]
fn a_new_deck_is_named_when_first_saved_then_saved_in_place_and_reopened() {
    let dir = scratch("save");
    let mut editor = editor_in(&dir);
    editor.perform(EditorCommand::Add(card("1st/1")));
    editor.perform(EditorCommand::Save);
    assert!(
        matches!(editor.dialog, Some(Dialog::SaveAs { .. })),
        "an unnamed deck asks for a name"
    );
    editor.perform(EditorCommand::SaveAs("Waterdeep rush".into()));
    let path = dir.join("data/spellfire/decks/Waterdeep_rush.ron");
    assert_eq!(editor.origin, Origin::File(path.clone()));
    assert!(!editor.dirty);
    assert_eq!(Deck::load(&path).unwrap().cards, [card("1st/1")]);

    editor.perform(EditorCommand::Add(card("1st/2")));
    editor.perform(EditorCommand::Save);
    assert_eq!(Deck::load(&path).unwrap().cards.len(), 2, "saved in place, no question");

    let mut again = editor_in(&dir);
    assert_eq!(
        again.recent,
        std::slice::from_ref(&path),
        "the recent list survives a restart"
    );
    again.perform(EditorCommand::Open(path.clone()));
    assert_eq!(again.deck.name, "Waterdeep rush");
    assert_eq!(again.deck.cards.len(), 2);
    // A second deck may not take the first one's name.
    again.perform(EditorCommand::New);
    again.perform(EditorCommand::SaveAs("Waterdeep rush".into()));
    assert!(status(&again).contains("already a deck called Waterdeep rush"));
}

#[test]
fn rename_duplicate_and_delete_work_on_the_shelf() {
    let dir = scratch("shelf");
    let mut editor = editor_in(&dir);
    editor.perform(EditorCommand::Add(card("1st/1")));
    editor.perform(EditorCommand::SaveAs("First".into()));
    let first = dir.join("data/spellfire/decks/First.ron");
    editor.perform(EditorCommand::Rename("Second".into()));
    let second = dir.join("data/spellfire/decks/Second.ron");
    assert!(!first.exists() && second.exists());
    assert_eq!(Deck::load(&second).unwrap().name, "Second");
    editor.perform(EditorCommand::Duplicate);
    let copy = dir.join("data/spellfire/decks/Second__copy_.ron");
    assert!(copy.exists(), "{:?}", editor.shelf.list());
    assert_eq!(editor.deck.name, "Second (copy)");
    assert_eq!(editor.origin, Origin::File(copy.clone()));
    editor.perform(EditorCommand::Delete);
    assert!(!copy.exists() && second.exists());
    assert_eq!(editor.origin, Origin::New);
    assert_eq!(status(&editor), "Deleted Second (copy).");
}

#[test]
fn unsaved_changes_are_asked_about_before_they_are_lost() {
    let dir = scratch("unsaved");
    let mut editor = editor_in(&dir);
    editor.perform(EditorCommand::Add(card("1st/1")));
    editor.perform(EditorCommand::OpenStarter(0));
    assert!(matches!(editor.dialog, Some(Dialog::Unsaved { .. })));
    assert_eq!(editor.deck.cards.len(), 1, "nothing changed while the question is open");
    editor.perform(EditorCommand::CancelPending);
    assert_eq!(editor.dialog, None);
    editor.perform(EditorCommand::Leave);
    assert!(!editor.leave, "leaving asks too");
    editor.perform(EditorCommand::DiscardThen);
    assert!(editor.leave);
    editor.leave = false;
    editor.perform(EditorCommand::OpenStarter(0));
    assert_eq!(
        editor.deck.cards.len(),
        55,
        "no question once the changes are discarded"
    );
}

#[test]
fn starter_decks_open_read_only_and_save_as_a_copy() {
    let dir = scratch("starter");
    let mut editor = editor_in(&dir);
    editor.perform(EditorCommand::OpenStarter(0));
    assert!(editor.read_only());
    assert_eq!(editor.problems, Vec::new(), "A-1 is a legal starter deck");
    editor.perform(EditorCommand::Add(card("1st/1")));
    assert_eq!(editor.deck.cards.len(), 55);
    assert!(status(&editor).contains("read-only"));
    editor.perform(EditorCommand::Save);
    assert!(
        matches!(editor.dialog, Some(Dialog::SaveAs { .. })),
        "Save offers a copy"
    );
    editor.perform(EditorCommand::SaveAs("My A-1".into()));
    assert!(!editor.read_only());
    editor.perform(EditorCommand::Add(card("1st/1")));
    assert_eq!(editor.deck.cards.len(), 56);
    // The standard format refuses A-1 for its pairs, live.
    editor.perform(EditorCommand::SetFormat("55".into()));
    assert!(editor.problems.iter().any(|p| p.rule == Some("SF-14")));
}

#[test]
fn imports_and_exports_round_trip_and_unknown_lines_are_kept() {
    let dir = scratch("import");
    let mut editor = editor_in(&dir);
    editor.perform(EditorCommand::OpenStarter(3));
    let cfd = dir.join("out/B-2.cfd");
    let text = dir.join("out/B-2.txt");
    let export = |path: &PathBuf, overwrite: bool| EditorCommand::Export {
        path: path.clone(),
        overwrite,
    };
    editor.perform(export(&cfd, false));
    editor.perform(export(&text, false));
    assert!(cfd.exists() && text.exists());
    // An existing file is replaced only when asked; a deck file or an unknown kind never.
    std::fs::write(&text, "keep me").unwrap();
    editor.perform(export(&text, false));
    assert!(status(&editor).contains("already exists"), "{}", status(&editor));
    assert_eq!(std::fs::read_to_string(&text).unwrap(), "keep me");
    editor.perform(export(&text, true));
    assert!(
        std::fs::read_to_string(&text)
            .unwrap()
            .starts_with("# Deck: 1st Edition Starter B-2")
    );
    editor.perform(export(&dir.join("out/B-2.ron"), true));
    assert_eq!(
        status(&editor),
        "Export to a .cfd (CrossFire) or a .txt (text list) file."
    );
    editor.perform(export(&dir.join("data/spellfire/decks/x.txt"), true));
    assert!(status(&editor).starts_with("That is your decks folder"));
    let starter = editor.deck.clone();
    editor.perform(EditorCommand::New);
    editor.perform(EditorCommand::ImportCfd(cfd));
    assert_eq!(editor.deck.cards, starter.cards);
    assert_eq!(editor.deck.format, "55-starter");
    assert!(editor.dirty, "an import is not on the shelf until saved");
    editor.perform(EditorCommand::DiscardThen);
    editor.dirty = false;
    editor.perform(EditorCommand::ImportText(std::fs::read_to_string(&text).unwrap()));
    assert_eq!(editor.deck.cards, starter.cards);
    editor.dirty = false;
    editor.perform(EditorCommand::ImportText("1st/1 Waterdeep\nno such card\n".into()));
    assert_eq!(editor.deck.cards, [card("1st/1")]);
    assert_eq!(editor.deck.unread, ["no such card"]);
    assert!(status(&editor).contains("line 2: no card has this name or number"));
    assert!(editor.problems.iter().any(|p| p.message.contains("\"no such card\"")));
    editor.perform(EditorCommand::RemoveUnread(0));
    assert!(editor.deck.unread.is_empty());
    assert!(!editor.problems.iter().any(|p| p.message.contains("named no card")));
    // A bad .cfd is reported and nothing changes.
    let bad = dir.join("bad.cfd");
    std::fs::write(&bad, "set tempDeck {{1st 1}\n").unwrap();
    editor.dirty = false;
    editor.perform(EditorCommand::ImportCfd(bad.clone()));
    assert!(status(&editor).starts_with("Not imported:"), "{}", status(&editor));
    assert_eq!(editor.deck.cards, [card("1st/1")]);
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), "set tempDeck {{1st 1}\n");
}

#[test]
fn a_bad_deck_file_is_reported_with_its_position_and_left_untouched() {
    let dir = scratch("bad-deck");
    let mut editor = editor_in(&dir);
    let path = dir.join("data/spellfire/decks/broken.ron");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let broken = "(name: \"Broken\", format: \"55\", cards: [\"1st/1\" \"1st/2\"])\n";
    std::fs::write(&path, broken).unwrap();
    editor.perform(EditorCommand::Open(path.clone()));
    let text = status(&editor);
    assert!(text.starts_with("Not opened (the file is left as it is):"), "{text}");
    assert!(text.contains("broken.ron:1:"), "{text}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), broken);
    let listing = editor.shelf_listing();
    assert!(listing[0].1.is_err(), "the open dialog lists it as unreadable");
}

#[test]
fn crossfire_card_texts_are_read_into_the_user_folder_only() {
    let dir = scratch("texts");
    let crossfire = dir.join("CrossFire");
    std::fs::create_dir_all(crossfire.join("DataBase")).unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spellfire/tests/fixtures/TS.tcl");
    std::fs::copy(&fixture, crossfire.join("DataBase/TS.tcl")).unwrap();
    let mut editor = editor_in(&dir);
    editor.perform(EditorCommand::ImportCardTexts(crossfire));
    assert_eq!(editor.card_texts.len(), 3, "{}", status(&editor));
    assert_eq!(editor.card_texts[&card("TS/1")], "Our own words, not a real card.");
    let stored = dir.join("data/spellfire/crossfire-card-texts.ron");
    assert!(stored.exists());
    assert_eq!(editor_in(&dir).card_texts.len(), 3, "kept for the next session");
    editor.perform(EditorCommand::ForgetCardTexts);
    assert!(!stored.exists() && editor.card_texts.is_empty());
    editor.perform(EditorCommand::ImportCardTexts(dir.join("nowhere")));
    assert!(status(&editor).starts_with("No card texts read:"));
}

/// The editor body in a harness; the commands its clicks send are collected, then performed.
fn harness(editor: DeckEditor) -> Harness<'static, (DeckEditor, Vec<EditorCommand>)> {
    Harness::builder().with_size([1280.0, 800.0]).build_ui_state(
        |ui, (editor, out): &mut (DeckEditor, Vec<EditorCommand>)| {
            editor_body(ui, editor, out);
        },
        (editor, Vec::new()),
    )
}

#[test]
fn typing_in_the_search_filters_and_enter_adds_the_first_result() {
    let dir = scratch("kittest-search");
    let mut harness = harness(editor_in(&dir));
    harness.run();
    harness.get_by_label("Search").click();
    harness.run();
    harness.get_by_label("Search").type_text("Zhentil Keep");
    harness.run();
    let found: Vec<CardRef> = {
        let (editor, _) = harness.state();
        editor
            .results
            .iter()
            .map(|&i| editor.library.catalogue.entries[i as usize].id)
            .collect()
    };
    assert!(found.contains(&card("1st/3")), "{found:?}");
    assert!(found.len() < 10);
    harness.key_press(Key::Enter);
    harness.run();
    assert_eq!(harness.state().1, [EditorCommand::Add(found[0])]);
    harness.key_press(Key::ArrowDown);
    harness.run();
    assert_eq!(harness.state().0.selected, Some(found[1.min(found.len() - 1)]));
}

#[test]
fn plus_adds_minus_removes_and_save_saves() {
    let dir = scratch("kittest-buttons");
    let mut editor = editor_in(&dir);
    editor.filter.text = "1st/44".into();
    let mut harness = harness(editor);
    harness.run();
    // The deck is empty, so every + is a result row's; the first is 1st/44's.
    harness.get_all_by_label("+").next().expect("a result row").click();
    harness.run();
    let commands = std::mem::take(&mut harness.state_mut().1);
    assert_eq!(commands, [EditorCommand::Add(card("1st/44"))]);
    for command in commands {
        harness.state_mut().0.perform(command);
    }
    harness.run();
    // The deck list now has the card, with a button to take it out.
    harness.get_by_label("−").click();
    harness.run();
    assert_eq!(harness.state().1, [EditorCommand::Remove(card("1st/44"))]);
    harness.state_mut().1.clear();
    harness.get_by_label("Save").click();
    harness.run();
    assert_eq!(harness.state().1, [EditorCommand::Save]);
}

#[test]
fn the_legality_panel_says_what_is_wrong() {
    let dir = scratch("kittest-legal");
    let mut editor = editor_in(&dir);
    editor.perform(EditorCommand::OpenStarter(0));
    editor.perform(EditorCommand::SetFormat("55".into()));
    let mut harness = harness(editor);
    harness.run();
    let count = harness.state().0.problems.len();
    harness.get_by_label(&format!("✖ Not legal for 55-card standard: {count} problems"));
    harness.get_by_label("• Shaqat Beetles appears twice; one copy allowed. (SF-14)");
}

#[test]
fn notes_are_edited_kept_in_the_file_and_refused_on_a_starter() {
    let dir = scratch("notes");
    let mut editor = editor_in(&dir);
    editor.perform(EditorCommand::SetNotes {
        author: "Ann".into(),
        notes: "Fast realms, few champions.".into(),
    });
    assert!(editor.dirty);
    editor.perform(EditorCommand::SaveAs("Noted".into()));
    let saved = Deck::load(&dir.join("data/spellfire/decks/Noted.ron")).unwrap();
    assert_eq!(
        (saved.author.as_str(), saved.notes.as_str()),
        ("Ann", "Fast realms, few champions.")
    );
    editor.perform(EditorCommand::OpenStarter(0));
    let before = editor.deck.notes.clone();
    editor.perform(EditorCommand::SetNotes {
        author: String::new(),
        notes: "changed".into(),
    });
    assert_eq!(editor.deck.notes, before);
    assert!(status(&editor).contains("read-only"));
}

#[test]
fn closing_the_window_asks_about_unsaved_changes_first() {
    let dir = scratch("quit");
    let mut editor = editor_in(&dir);
    editor.perform(EditorCommand::Quit);
    assert!(editor.quit, "nothing to lose: the app may close");
    editor.quit = false;
    editor.perform(EditorCommand::Add(card("1st/1")));
    editor.perform(EditorCommand::Quit);
    assert!(!editor.quit);
    assert!(matches!(editor.dialog, Some(Dialog::Unsaved { .. })));
    editor.perform(EditorCommand::DiscardThen);
    assert!(editor.quit);
}

#[test]
fn a_deck_opened_from_elsewhere_is_never_moved_or_deleted() {
    let dir = scratch("elsewhere");
    let outside = dir.join("mine/outside.ron");
    std::fs::create_dir_all(outside.parent().unwrap()).unwrap();
    let mut deck = Deck::new("Outside", "55");
    deck.add(card("1st/1"));
    deck.save(&outside).unwrap();
    let mut editor = editor_in(&dir);
    editor.perform(EditorCommand::Open(outside.clone()));
    assert!(!editor.on_shelf());
    editor.perform(EditorCommand::Delete);
    assert!(outside.exists());
    assert!(status(&editor).contains("opened from elsewhere"));
    editor.perform(EditorCommand::Rename("Inside".into()));
    assert!(outside.exists(), "the original stays where it was");
    assert!(dir.join("data/spellfire/decks/Inside.ron").exists());
    assert!(editor.on_shelf());
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
