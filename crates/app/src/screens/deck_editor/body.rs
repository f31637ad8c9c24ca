//! The deck editor drawn with egui: the catalogue browser on the left, the card preview in the
//! middle, the deck, its check and its statistics on the right, and the file dialogs.

use super::browser::browser;
use super::deck_panel::deck_panel;
use super::dialogs::dialogs;
use super::model::{DeckEditor, Dialog, EditorCommand, Origin};
use super::preview::{preview, zoom};
use crate::ui::theme;
use bevy_egui::egui::{self, RichText};

/// The catalogue's width on a wide window, and the least it gives up to on a narrow one (a large UI
/// scale), so that the card preview between the side panels keeps room for a card.
pub(super) const LEFT_WIDTH: f32 = 470.0;
pub(super) const LEFT_WIDTH_NARROW: f32 = 380.0;
pub(super) const RIGHT_WIDTH: f32 = 370.0;
pub(super) const ROW_HEIGHT: f32 = 24.0;

/// The whole editor: a plain function of the `Ui`, so tests can drive it.
pub fn editor_body(ui: &mut egui::Ui, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
    editor.refresh_results();
    keyboard(ui, editor, out);
    // From 1280 points down to 1024 the catalogue narrows in step.
    let wide = ((ui.available_width() - 1024.0) / 256.0).clamp(0.0, 1.0);
    let left_width = LEFT_WIDTH_NARROW + (LEFT_WIDTH - LEFT_WIDTH_NARROW) * wide;
    egui::Panel::top("deck-editor-bar")
        .frame(theme::bar())
        .show(ui, |ui| top_bar(ui, editor, out));
    egui::Panel::left("deck-editor-catalogue")
        .exact_size(left_width)
        .resizable(false)
        .frame(theme::side())
        .show(ui, |ui| browser(ui, editor, out));
    egui::Panel::right("deck-editor-deck")
        .exact_size(RIGHT_WIDTH)
        .resizable(false)
        .frame(theme::side())
        .show(ui, |ui| deck_panel(ui, editor, out));
    egui::CentralPanel::default()
        .frame(
            egui::Frame::new()
                .fill(theme::BACKDROP)
                .inner_margin(egui::Margin::same(12)),
        )
        .show(ui, |ui| preview(ui, editor, out));
    dialogs(ui.ctx(), editor, out);
    zoom(ui.ctx(), editor);
}

/// Up/Down move through the results, Enter (or +) adds the card, Delete (or -) takes one out.
/// They work while typing in the search box too, so a player can search and add without the mouse.
fn keyboard(ui: &egui::Ui, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
    if editor.dialog.is_some() {
        return;
    }
    let typing_elsewhere = ui.ctx().egui_wants_keyboard_input() && !ui.ctx().memory(|m| m.has_focus(search_id()));
    if typing_elsewhere {
        return;
    }
    let searching = ui.ctx().memory(|m| m.has_focus(search_id()));
    let (down, up, enter, plus, delete, minus) = ui.input_mut(|i| {
        (
            i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowDown),
            i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowUp),
            i.consume_key(egui::Modifiers::NONE, egui::Key::Enter),
            !searching && i.consume_key(egui::Modifiers::NONE, egui::Key::Plus),
            !searching && i.consume_key(egui::Modifiers::NONE, egui::Key::Delete),
            !searching && i.consume_key(egui::Modifiers::NONE, egui::Key::Minus),
        )
    });
    let catalogue = &editor.library.catalogue;
    let position = editor
        .selected
        .and_then(|id| catalogue.index_of(id))
        .and_then(|index| editor.results.iter().position(|&r| r as usize == index))
        // With nothing chosen, the preview shows the first result: the keys start from it.
        .or((!editor.results.is_empty()).then_some(0));
    let step = |to: usize| catalogue.entries[editor.results[to] as usize].id;
    if !editor.results.is_empty() {
        if down {
            editor.selected = Some(step(position.map_or(0, |p| (p + 1).min(editor.results.len() - 1))));
        } else if up {
            editor.selected = Some(step(position.map_or(0, |p| p.saturating_sub(1))));
        }
    }
    let target = editor
        .selected
        .or_else(|| editor.results.first().map(|&r| catalogue.entries[r as usize].id));
    if let Some(id) = target {
        if enter || plus {
            out.push(EditorCommand::Add(id));
        }
        if delete || minus {
            out.push(EditorCommand::Remove(id));
        }
    }
}

pub(super) fn search_id() -> egui::Id {
    egui::Id::new("deck-editor-search")
}

fn top_bar(ui: &mut egui::Ui, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
    ui.horizontal(|ui| {
        ui.label(RichText::new("Spellfire decks").size(20.0).color(theme::GOLD).strong());
        ui.separator();
        if ui.button("New").clicked() {
            out.push(EditorCommand::New);
        }
        if ui
            .button("Open…")
            .on_hover_text("Your decks, recent decks and the starter decks")
            .clicked()
        {
            editor.open_dialog();
        }
        if ui.button("Save").on_hover_text("Ctrl+S").clicked() {
            out.push(EditorCommand::Save);
        }
        if ui.button("Save as…").clicked() {
            editor.dialog = Some(Dialog::SaveAs {
                name: editor.deck.name.clone(),
            });
        }
        if ui
            .button("Duplicate")
            .on_hover_text("Save a copy under a new name and open it")
            .clicked()
        {
            out.push(EditorCommand::Duplicate);
        }
        if ui
            .add_enabled(!editor.read_only(), egui::Button::new("Rename…"))
            .on_disabled_hover_text("Starter decks keep their names: save a copy to rename it.")
            .clicked()
        {
            editor.dialog = Some(Dialog::Rename {
                name: editor.deck.name.clone(),
            });
        }
        if ui
            .add_enabled(editor.on_shelf(), egui::Button::new("Delete…"))
            .on_disabled_hover_text("Only a deck saved on your shelf (your decks folder) can be deleted.")
            .clicked()
        {
            editor.dialog = Some(Dialog::ConfirmDelete);
        }
        ui.menu_button("Import / export", |ui| {
            if ui.button("Import a deck…").clicked() {
                editor.dialog = Some(Dialog::Import {
                    text: String::new(),
                    path: String::new(),
                });
                ui.close();
            }
            if ui.button("Export this deck…").clicked() {
                let stem = editor.shelf.path_for(&editor.deck.name);
                let stem = stem
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                editor.dialog = Some(Dialog::Export {
                    path: editor.exports_dir().join(format!("{stem}.cfd")).display().to_string(),
                    overwrite: false,
                });
                ui.close();
            }
            if ui.button("CrossFire card texts…").clicked() {
                editor.dialog = Some(Dialog::CardTexts { path: String::new() });
                ui.close();
            }
        });
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .button("Title")
                .on_hover_text("Back to the title screen (Esc)")
                .clicked()
            {
                out.push(EditorCommand::Leave);
            }
        });
    });
    ui.horizontal(|ui| {
        let name = if editor.dirty {
            format!("{} •", editor.deck.name)
        } else {
            editor.deck.name.clone()
        };
        ui.label(RichText::new(name).size(18.0).strong())
            .on_hover_text(match &editor.origin {
                Origin::New => "Not saved yet".to_string(),
                Origin::File(path) => path.display().to_string(),
                Origin::Starter(_) => "A 1st Edition starter deck".to_string(),
            });
        if editor.read_only() {
            ui.label(RichText::new("starter deck · read-only").color(theme::MUTED).italics());
        } else if editor.dirty {
            ui.label(RichText::new("unsaved changes").color(theme::GOLD_DIM).italics());
        }
        if let Some((text, is_error)) = &editor.status {
            let colour = if *is_error { theme::DANGER } else { theme::MUTED };
            ui.separator();
            ui.add(egui::Label::new(RichText::new(text).color(colour).size(14.0)).truncate())
                .on_hover_text(text);
        }
    });
}

pub(super) fn combo<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    id: &str,
    width: f32,
    value: &mut Option<T>,
    any: &str,
    choices: impl IntoIterator<Item = (T, String)>,
) {
    let label = |v: &Option<T>, choices: &[(T, String)]| {
        v.and_then(|v| choices.iter().find(|(c, _)| *c == v).map(|(_, l)| l.clone()))
            .unwrap_or_else(|| any.to_string())
    };
    let choices: Vec<(T, String)> = choices.into_iter().collect();
    egui::ComboBox::from_id_salt(id)
        .width(width)
        .selected_text(label(value, &choices))
        .height(420.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(value, None, any);
            for (choice, text) in &choices {
                ui.selectable_value(value, Some(*choice), text);
            }
        });
}
