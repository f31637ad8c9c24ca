//! Every screen stays usable at the largest UI scale Settings offers, in the smallest windows we
//! promise (1280×800 and 1024×768): each screen is drawn, styled as in the app, in the space that
//! scale leaves, and its key buttons must lie wholly inside the window.

use std::path::Path;
use std::sync::Arc;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use spellhall::active::{ActiveGame, SaveListing, SaveListings};
use spellhall::commands::UiCommand;
use spellhall::egui::accesskit::Role;
use spellhall::egui::{self, Pos2, Rect};
use spellhall::games::{Availability, GameCatalog};
use spellhall::hotseat::TableFocus;
use spellhall::paths::UserDirs;
use spellhall::screens::deck_editor::{DeckEditor, EditorCommand, Library, editor_body};
use spellhall::screens::playing::{PendingUndo, TableScreen, playing_screen};
use spellhall::screens::setup::{SetupDraft, setup_screen};
use spellhall::screens::title::{TitleModel, title_screen};
use spellhall::settings::{Settings, effective_ui_scale};
use spellhall::ui::{DialogState, settings_window, theme};

/// The largest scale the Settings slider offers.
const LARGEST_SCALE: f32 = 2.0;

/// The screen, in points, that the largest scale leaves in each promised window.
fn screens_at_largest_scale() -> Vec<[f32; 2]> {
    [[1280.0, 800.0], [1024.0, 768.0]]
        .into_iter()
        .map(|[w, h]| {
            let scale = effective_ui_scale(LARGEST_SCALE, w, h);
            [w / scale, h / scale]
        })
        .collect()
}

/// The games a player sees (no test game): their tiles fill the title screen.
fn shipped() -> GameCatalog {
    GameCatalog::shipped(&UserDirs::under(Path::new("/nonexistent")))
}

/// `body` drawn over a window of `size` points, in the app's fonts and spacing.
fn harness<'a, State>(
    size: [f32; 2],
    state: State,
    body: impl FnMut(&mut egui::Ui, &mut State) + 'a,
) -> Harness<'a, State> {
    let mut harness = Harness::builder().with_size(size).build_ui_state(body, state);
    theme::install(&harness.ctx);
    harness.run();
    harness
}

/// Every widget labelled with one of `labels` is there, wholly inside the window, and not squeezed
/// into a column a letter or two wide.
fn assert_inside<State>(harness: &Harness<'_, State>, size: [f32; 2], labels: &[impl AsRef<str>], screen: &str) {
    let window = Rect::from_min_size(Pos2::ZERO, size.into());
    for label in labels.iter().map(AsRef::as_ref) {
        let nodes: Vec<_> = harness.get_all_by_label(label).collect();
        assert!(!nodes.is_empty(), "{screen} at {size:?}: nothing labelled '{label}'");
        for node in nodes {
            let rect = node.rect();
            assert!(
                window.contains_rect(rect),
                "{screen} at {size:?}: '{label}' at {rect:?} is not inside the window"
            );
            assert!(
                rect.width() >= rect.height(),
                "{screen} at {size:?}: '{label}' at {rect:?} is squeezed"
            );
        }
    }
}

/// Every word and button on screen, with where it is.
fn words_and_buttons<State>(harness: &Harness<'_, State>) -> Vec<(String, Rect)> {
    [Role::Label, Role::Button]
        .into_iter()
        .flat_map(|role| harness.query_all_by_role(role))
        .map(|n| {
            let node = n.accesskit_node();
            let text = node.label().or_else(|| node.value()).unwrap_or_default();
            (text, n.rect())
        })
        .collect()
}

/// Below `top`, nothing that starts left of `edge` (where the next panel begins) runs past it.
fn assert_nothing_runs_past(nodes: &[(String, Rect)], top: f32, edge: f32, size: [f32; 2], screen: &str) {
    for (text, rect) in nodes {
        if rect.min.y > top && rect.min.x < edge {
            assert!(
                rect.max.x <= edge + 1.0,
                "{screen} at {size:?}: '{text}' {rect:?} runs past the panel edge at {edge}"
            );
        }
    }
}

/// The table's words and buttons: none of the top bar's overlap, and none below it runs under the
/// log panel on the right.
fn assert_table_tidy<State>(harness: &Harness<'_, State>, size: [f32; 2], screen: &str) {
    let nodes = words_and_buttons(harness);
    let bar_bottom = harness.get_by_role_and_label(Role::Button, "Menu").rect().max.y;
    let bar: Vec<&(String, Rect)> = nodes.iter().filter(|(_, r)| r.max.y <= bar_bottom + 1.0).collect();
    for (i, (a, ra)) in bar.iter().enumerate() {
        for (b, rb) in &bar[i + 1..] {
            assert!(
                !ra.shrink(0.5).intersects(rb.shrink(0.5)),
                "{screen} at {size:?}: in the top bar '{a}' {ra:?} overlaps '{b}' {rb:?}"
            );
        }
    }
    let Some(log) = harness.query_by_label("Log") else {
        return;
    };
    // The log panel's inner margin is 14 points.
    assert_nothing_runs_past(&nodes, bar_bottom, log.rect().min.x - 14.0, size, screen);
}

fn rects<State>(harness: &Harness<'_, State>, label: &str) -> Vec<Rect> {
    harness.query_all_by_label(label).map(|n| n.rect()).collect()
}

#[test]
fn title_buttons_are_inside_and_tile_text_clear_of_them_at_the_largest_scale() {
    let catalog = shipped();
    let listings = SaveListings {
        autosave: Some(SaveListing {
            path: "/nonexistent/autosave.ron".into(),
            summary: Ok("Mighty Magics: Aldric, Brenna, Cedric, Dagny, Elowen, Fenn".into()),
            modified: "2026-12-01 17:00".into(),
        }),
        saves: Vec::new(),
    };
    for size in screens_at_largest_scale() {
        let harness = harness(
            size,
            (DialogState::default(), Vec::<UiCommand>::new()),
            |ui, (dialogs, out)| {
                let model = TitleModel {
                    catalog: &catalog,
                    listings: &listings,
                };
                title_screen(ui.ctx(), &model, dialogs, out);
            },
        );
        let buttons = [
            "Play",
            "Resume",
            "Discard",
            "Spellfire Deck Editor",
            "Load game",
            "Settings",
            "Quit",
        ];
        assert_inside(&harness, size, &buttons, "title");
        // A tile's words never run under its button or its note.
        let mut bottoms = [rects(&harness, "Play"), rects(&harness, "Not yet available")].concat();
        for entry in &catalog.entries {
            if let Availability::NotYetBuilt(reason) = &entry.availability {
                bottoms.extend(rects(&harness, reason));
            }
        }
        for entry in &catalog.entries {
            let tagline = harness.get_by_label(entry.tagline).rect();
            for bottom in &bottoms {
                assert!(
                    !tagline.intersects(*bottom),
                    "title at {size:?}: {}'s tagline {tagline:?} overlaps {bottom:?}",
                    entry.name
                );
            }
        }
    }
}

#[test]
fn setup_buttons_are_inside_at_the_largest_scale_with_the_most_players() {
    let catalog = shipped();
    for entry in catalog.entries.iter().filter(|e| e.factory().is_some()) {
        let mut draft = SetupDraft::for_entry(entry);
        draft.players = draft.max_players;
        for size in screens_at_largest_scale() {
            let harness = harness(size, (draft.clone(), Vec::new()), |ui, (draft, out)| {
                setup_screen(ui.ctx(), draft, out);
            });
            // The form scrolls; Back and Start stay in view under it.
            assert_inside(&harness, size, &["Back", "Start the game"], entry.name);
        }
    }
}

#[test]
fn deck_editor_buttons_are_inside_at_the_largest_scale() {
    let library = Arc::new(Library::shipped().expect("the shipped Spellfire content"));
    for size in screens_at_largest_scale() {
        let mut editor = DeckEditor::new(Arc::clone(&library), &UserDirs::under(Path::new("/nonexistent")));
        editor.perform(EditorCommand::OpenStarter(0));
        let harness = harness(size, (editor, Vec::new()), |ui, (editor, out)| {
            editor_body(ui, editor, out);
        });
        let buttons = [
            "New",
            "Open…",
            "Save",
            "Save as…",
            "Duplicate",
            "Import / export",
            "Title",
            "Clear",
            "Add (Enter)",
            "Remove (Del)",
        ];
        assert_inside(&harness, size, &buttons, "deck editor");
        // The catalogue's filters and rows stay in their panel (the preview's margin is 12 points).
        let preview_left = harness.get_by_label_contains("In the deck:").rect().min.x - 12.0;
        let panel_top = harness.get_by_role_and_label(Role::Label, "Search").rect().min.y - 1.0;
        assert_nothing_runs_past(
            &words_and_buttons(&harness),
            panel_top,
            preview_left,
            size,
            "deck editor",
        );
    }
}

#[test]
fn every_table_and_its_menu_are_inside_at_the_largest_scale_with_the_most_players() {
    let catalog = shipped();
    for entry in catalog.entries.iter().filter(|e| e.factory().is_some()) {
        let mut draft = SetupDraft::for_entry(entry);
        draft.players = draft.max_players;
        let choice = draft.validate().unwrap();
        let session = entry.factory().unwrap().start(&choice).unwrap();
        let seat = session.to_act().seat().unwrap();
        let game = ActiveGame {
            session: Some(session),
            last_setup: Some(choice),
            in_autosave: false,
        };
        let pending = PendingUndo::default();
        for curtain in [false, true] {
            let focus = if curtain {
                TableFocus {
                    viewer: None,
                    pending: Some(seat),
                    ..Default::default()
                }
            } else {
                TableFocus {
                    viewer: Some(seat),
                    pending: None,
                    ..Default::default()
                }
            };
            let table = TableScreen {
                game: &game,
                focus: &focus,
                curtain,
                pending: &pending,
            };
            for size in screens_at_largest_scale() {
                let dialogs = DialogState {
                    menu_open: true,
                    ..DialogState::default()
                };
                let harness = harness(size, (dialogs, Vec::new()), |ui, (dialogs, out)| {
                    playing_screen(ui.ctx(), &table, dialogs, out);
                });
                let mut buttons = [
                    "Menu",
                    "Rules",
                    "Save",
                    "Undo",
                    "Redo",
                    "Back to the game",
                    "Save (Ctrl+S)",
                    "Leave to the title (the game is autosaved)",
                ]
                .map(String::from)
                .to_vec();
                if curtain {
                    buttons.push(format!("I am {}: show my table", game.name_of(seat)));
                }
                assert_inside(&harness, size, &buttons, entry.name);
                assert_table_tidy(&harness, size, entry.name);
            }
        }
    }
}

#[test]
fn the_settings_dialog_is_inside_at_the_largest_scale_and_says_what_the_window_holds() {
    for size in screens_at_largest_scale() {
        let draft = Settings {
            ui_scale: LARGEST_SCALE,
            ..Settings::default()
        };
        let harness = harness(size, draft, |ui, draft| {
            settings_window(ui.ctx(), draft);
        });
        assert_inside(
            &harness,
            size,
            &["Interface size", "Windowed", "Full screen", "Save", "Cancel"],
            "settings",
        );
        harness.get_by_label_contains("This window holds up to");
    }
}
