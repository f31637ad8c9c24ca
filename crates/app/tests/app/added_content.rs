//! Content a player adds in `<data>/content/<game-id>/`: the title tile, Spellcaster's folder, and
//! Spellfire's sets. The rule, the same for every game: the files add new cards to the shipped
//! content, all of them or none; a broken file is reported (file:line:col and the card) on the
//! title screen and the game plays with its shipped content. Spellcaster takes none, and says so if
//! its folder holds files. The flows through the running app are in tests/app_flow.rs.

use std::fs;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use spellhall::active::SaveListings;
use spellhall::commands::UiCommand;
use spellhall::games::{AddedContent, GameCatalog};
use spellhall::paths::UserDirs;
use spellhall::screens::deck_editor::Library;
use spellhall::screens::title::{TitleModel, title_body};
use spellhall::ui::DialogState;
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

fn added(catalog: &GameCatalog, id: &str) -> AddedContent {
    catalog.get(id).unwrap().added_content.clone()
}

const NO_KIND: &str = "(\n    cards: [\n        (id: \"no-kind\", name: \"No Kind\", effect: Heal(hp: 1)),\n    ],\n)";

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
    let note = "Your added content was not loaded (1 problem): see the problem report.";
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
        problem.contains("deck is fixed") && problem.contains("not read"),
        "{problem}"
    );
    assert!(catalog.get("spellcaster").unwrap().factory().is_some());
}

const FAN_SET: &str = "(\n    code: \"FAN\",\n    title: \"Fan Set\",\n    cards: [\n        (number: 1, name: \"Glimmer Drake\", type: Monster, world: ForgottenRealms, level: Some(\"6\"), rarity: Rare, power: Unscripted),\n    ],\n)";

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
