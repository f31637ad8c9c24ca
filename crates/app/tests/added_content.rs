//! Content a player adds in `<data>/content/<game-id>/`: what the app loads, shows and plays.
//! The rule, the same for every game: the files add new cards to the shipped content, all of them
//! or none; a broken file is reported (file:line:col and the card) on the title screen and the game
//! plays with its shipped content. Spellcaster takes none, and says so if its folder holds files.

use std::fs;
use std::path::PathBuf;

use bevy::prelude::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use spellhall::active::SaveListings;
use spellhall::commands::UiCommand;
use spellhall::games::{AddedContent, GameCatalog, SetupChoice};
use spellhall::notices::Notices;
use spellhall::paths::UserDirs;
use spellhall::screens::Screen;
use spellhall::screens::deck_editor::{DeckEditor, Library};
use spellhall::screens::title::{TitleModel, title_body};
use spellhall::ui::DialogState;
use spellhall_core::SeatInfo;
use spellhall_core::content::SourceFile;
use spellhall_core::testkit::added_content::{BadFile, added_file, check_bad_files, check_too_many_items};

/// A user folder holding `files` (game id, file name, text) in its content folders.
fn user_dir(name: &str, files: &[(&str, &str, &str)]) -> UserDirs {
    let root = std::env::temp_dir().join(format!("spellhall-added-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let dirs = UserDirs::under(&root);
    for (game, file, text) in files {
        let folder = dirs.content_dir(game);
        fs::create_dir_all(&folder).unwrap();
        fs::write(folder.join(file), text).unwrap();
    }
    dirs
}

fn content_file(dirs: &UserDirs, game: &str, file: &str) -> PathBuf {
    dirs.content_dir(game).join(file)
}

fn added(catalog: &GameCatalog, id: &str) -> AddedContent {
    catalog.get(id).unwrap().added_content.clone()
}

fn run(dirs: UserDirs, catalog: GameCatalog) -> App {
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

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

const GOBLINS: &str = "[\n    (id: \"marsh-goblins\", name: \"Marsh Goblins\", copies: 3, cost: {Water: 1, Men: 1}, kind: Horde(force: 2)),\n]";
const NO_KIND: &str = "(\n    cards: [\n        (id: \"no-kind\", name: \"No Kind\", effect: Heal(hp: 1)),\n    ],\n)";

#[test]
fn a_valid_added_file_is_loaded_and_the_game_starts_with_it() {
    let dirs = user_dir("valid", &[("mighty-magics", "goblins.ron", GOBLINS)]);
    let catalog = GameCatalog::shipped(&dirs);
    assert_eq!(added(&catalog, "mighty-magics"), AddedContent::Added(1));
    let mut app = run(dirs, catalog);
    assert!(app.world().resource::<Notices>().problems.is_empty());
    send(
        &mut app,
        UiCommand::StartGame(SetupChoice {
            game: "mighty-magics".into(),
            seats: ["Ann", "Ben"].map(SeatInfo::person).to_vec(),
            options: vec![0],
            seed: 1,
        }),
    );
    assert_eq!(screen(&app), Screen::Playing);
}

#[test]
fn a_broken_added_file_is_reported_with_file_line_column_and_card_and_the_game_plays_its_own() {
    let dirs = user_dir("broken", &[("spells-of-doom", "mine.ron", NO_KIND)]);
    let path = content_file(&dirs, "spells-of-doom", "mine.ron");
    let catalog = GameCatalog::shipped(&dirs);
    let AddedContent::Refused(errors) = added(&catalog, "spells-of-doom") else {
        panic!("{:?}", added(&catalog, "spells-of-doom"));
    };
    let expected = format!("{}:3:", path.display());
    assert!(errors[0].to_string().starts_with(&expected), "{}", errors[0]);
    assert_eq!(errors[0].item.as_deref(), Some("no-kind"));
    let mut app = run(dirs, catalog);
    let problems = app.world().resource::<Notices>().problems.clone();
    let problem = problems
        .iter()
        .find(|p| p.contains("Spells of Doom"))
        .expect("reported");
    assert!(
        problem.contains(&expected) && problem.contains("in 'no-kind'"),
        "{problem}"
    );
    send(&mut app, UiCommand::OpenSetup("spells-of-doom".into()));
    assert_eq!(
        screen(&app),
        Screen::Setup,
        "the game is still playable, with its shipped cards"
    );
}

#[test]
fn the_title_tile_says_when_added_content_was_refused() {
    let dirs = user_dir("tile", &[("spells-of-doom", "mine.ron", NO_KIND)]);
    let catalog = GameCatalog::shipped(&dirs);
    let listings = SaveListings::default();
    let mut harness = Harness::builder().with_size([1280.0, 800.0]).build_ui_state(
        |ui, (dialogs, out): &mut (DialogState, Vec<UiCommand>)| {
            let model = TitleModel {
                catalog: &catalog,
                listings: &listings,
            };
            title_body(ui, &model, dialogs, out);
        },
        (DialogState::default(), Vec::new()),
    );
    harness.run();
    let note = "Your added content was not loaded (1 problem(s)): see the problem report.";
    assert_eq!(harness.get_all_by_label(note).count(), 1);
}

#[test]
fn spellcaster_takes_no_added_content_and_says_its_files_are_not_read() {
    let dirs = user_dir("spellcaster", &[("spellcaster", "extra.ron", "this is not even RON")]);
    let catalog = GameCatalog::shipped(&dirs);
    let AddedContent::Ignored { files, .. } = added(&catalog, "spellcaster") else {
        panic!("{:?}", added(&catalog, "spellcaster"));
    };
    assert_eq!(files, 1);
    let problem = added(&catalog, "spellcaster").problem("Spellcaster").unwrap();
    assert!(
        problem.contains("60 spells") && problem.contains("not read"),
        "{problem}"
    );
    assert!(catalog.get("spellcaster").unwrap().factory().is_some());
}

const FAN_SET: &str = "(\n    code: \"FAN\",\n    title: \"Fan Set\",\n    cards: [\n        (number: 1, name: \"Glimmer Drake\", type: Monster, world: ForgottenRealms, level: Some(\"6\"), rarity: Rare, power: Unscripted),\n    ],\n)";

#[test]
fn a_spellfire_fan_set_joins_the_deck_editors_catalogue() {
    let dirs = user_dir("fan-set", &[("spellfire", "fan.ron", FAN_SET)]);
    assert_eq!(added(&GameCatalog::shipped(&dirs), "spellfire"), AddedContent::Added(1));
    let mut app = run(dirs, GameCatalog::default());
    send(&mut app, UiCommand::OpenDeckEditor(None));
    assert_eq!(screen(&app), Screen::DeckEditor);
    let editor = app.world().resource::<DeckEditor>();
    assert_eq!(editor.library.catalogue.named("Glimmer Drake").count(), 1);
}

#[test]
fn each_kind_of_mistake_in_a_spellfire_set_is_refused_naming_file_line_column_and_card() {
    use spellhall::screens::deck_editor::model::add_user_sets;
    let card = |text: &str| {
        FAN_SET.replace("(number: 1, name: \"Glimmer Drake\", type: Monster, world: ForgottenRealms, level: Some(\"6\"), rarity: Rare, power: Unscripted)", text)
    };
    let shipped = Library::shipped().unwrap().catalogue;
    let load = |files: &[SourceFile]| add_user_sets(&shipped, files);
    check_bad_files(
        &[
            BadFile {
                mistake: "a missing field",
                text: card("(number: 1, name: \"No World\", type: Monster, rarity: Rare, power: Unscripted)"),
                line: 5,
                item: "No World",
                says: "world",
            },
            BadFile {
                mistake: "an unknown effect",
                text: card(
                    "(number: 1, name: \"Odd\", type: Monster, world: ForgottenRealms, rarity: Rare, power: Teleport)",
                ),
                line: 5,
                item: "Odd",
                says: "Teleport",
            },
            BadFile {
                mistake: "a negative number",
                text: card(
                    "(number: -4, name: \"Minus\", type: Monster, world: ForgottenRealms, rarity: Rare, power: Unscripted)",
                ),
                line: 5,
                item: "Minus",
                says: "out of bounds",
            },
        ],
        load,
    );
    // A set code already shipped is a duplicate id.
    let errors = load(&[added_file("content/1st.ron", &FAN_SET.replace("FAN", "1st"))]).unwrap_err();
    assert!(errors[0].message.contains("loaded twice"), "{}", errors[0]);
    let fan_card = |i: usize| {
        format!(
            "(number: {}, name: \"Drake {i}\", type: Monster, world: ForgottenRealms, rarity: Rare, power: Unscripted)",
            i + 1
        )
    };
    let in_set = |files: &[SourceFile]| {
        let wrapped: Vec<_> = files
            .iter()
            .map(|f| added_file(&f.name, &format!("(code: \"FAN\", title: \"Fan\", cards: {})", f.text)))
            .collect();
        add_user_sets(&shipped, &wrapped)
    };
    check_too_many_items(10_000, fan_card, |i| format!("Drake {i}"), in_set);
}

#[test]
fn a_refused_spellfire_set_leaves_the_editor_with_the_shipped_cards_and_says_why() {
    let broken = FAN_SET.replace("world: ForgottenRealms, ", "");
    let dirs = user_dir("fan-broken", &[("spellfire", "fan.ron", &broken)]);
    let problem = added(&GameCatalog::shipped(&dirs), "spellfire")
        .problem("Spellfire")
        .unwrap();
    assert!(
        problem.contains("fan.ron:5:") && problem.contains("Glimmer Drake"),
        "{problem}"
    );
    let mut app = run(dirs, GameCatalog::default());
    send(&mut app, UiCommand::OpenDeckEditor(None));
    assert_eq!(screen(&app), Screen::DeckEditor);
    assert_eq!(
        app.world()
            .resource::<DeckEditor>()
            .library
            .catalogue
            .named("Glimmer Drake")
            .count(),
        0
    );
    let problems = &app.world().resource::<Notices>().problems;
    assert!(problems.iter().any(|p| p.contains("fan.ron:5:")), "{problems:?}");
}
