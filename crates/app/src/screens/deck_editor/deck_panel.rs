//! The deck editor's right panel: the deck's legality, notes and card list.

use super::body::ROW_HEIGHT;
use super::browser::compact;
use super::model::{DeckEditor, EditorCommand, SideTab};
use crate::ui::theme;
use bevy_egui::egui::{self, Color32, RichText, Vec2};
use spellfire::cards::{CardRef, CardType};

pub(super) fn deck_panel(ui: &mut egui::Ui, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
    let library = std::sync::Arc::clone(&editor.library);
    ui.horizontal(|ui| {
        ui.label("Format");
        let current = library
            .formats
            .get(&editor.deck.format)
            .map_or(editor.deck.format.clone(), |f| f.name.clone());
        egui::ComboBox::from_id_salt("format")
            .width(240.0)
            .selected_text(current)
            .show_ui(ui, |ui| {
                for format in &library.formats.formats {
                    if ui
                        .selectable_label(format.id == editor.deck.format, &format.name)
                        .on_hover_text(&format.about)
                        .clicked()
                    {
                        out.push(EditorCommand::SetFormat(format.id.clone()));
                    }
                }
            });
    });
    legality(ui, editor);
    ui.horizontal(|ui| {
        ui.selectable_value(
            &mut editor.tab,
            SideTab::Deck,
            format!("Deck ({} cards)", editor.deck.cards.len()),
        );
        ui.selectable_value(&mut editor.tab, SideTab::Statistics, "Statistics");
        ui.selectable_value(&mut editor.tab, SideTab::Notes, "Notes");
    });
    ui.separator();
    match editor.tab {
        SideTab::Deck => deck_list(ui, editor, out),
        SideTab::Statistics => super::charts::statistics(ui, editor),
        SideTab::Notes => notes(ui, editor, out),
    }
}

pub(super) fn legality(ui: &mut egui::Ui, editor: &DeckEditor) {
    let format_name = editor
        .library
        .formats
        .get(&editor.deck.format)
        .map_or("this format", |f| f.name.as_str());
    if editor.problems.is_empty() {
        ui.label(
            RichText::new(format!("✔ Legal: a {format_name} deck"))
                .color(Color32::from_rgb(140, 210, 140))
                .strong(),
        );
        return;
    }
    let count = editor.problems.len();
    ui.label(
        RichText::new(format!(
            "✖ Not legal for {format_name}: {count} problem{}",
            if count == 1 { "" } else { "s" }
        ))
        .color(theme::DANGER)
        .strong(),
    );
    egui::ScrollArea::vertical()
        .id_salt("problems")
        .max_height(170.0)
        .show(ui, |ui| {
            for problem in &editor.problems {
                let text = match problem.rule {
                    Some(rule) => format!("• {} ({rule})", problem.message),
                    None => format!("• {}", problem.message),
                };
                ui.label(RichText::new(text).color(theme::DANGER).size(14.0));
            }
        });
}

/// The deck's author and notes, edited in place; read-only for the starter decks.
pub(super) fn notes(ui: &mut egui::Ui, editor: &DeckEditor, out: &mut Vec<EditorCommand>) {
    let (mut author, mut notes) = (editor.deck.author.clone(), editor.deck.notes.clone());
    let writable = !editor.read_only();
    ui.label("Author");
    let a = ui.add_enabled(
        writable,
        egui::TextEdit::singleline(&mut author).desired_width(f32::INFINITY),
    );
    ui.label("Notes");
    let n = ui.add_enabled(
        writable,
        egui::TextEdit::multiline(&mut notes)
            .desired_rows(10)
            .desired_width(f32::INFINITY),
    );
    if a.changed() || n.changed() {
        out.push(EditorCommand::SetNotes { author, notes });
    }
}

pub(super) fn deck_list(ui: &mut egui::Ui, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
    let library = std::sync::Arc::clone(&editor.library);
    let catalogue = &library.catalogue;
    if editor.deck.cards.is_empty() && editor.deck.unread.is_empty() {
        ui.label(
            RichText::new("The deck is empty. Add cards with + in the list, a double click, or Enter.")
                .color(theme::MUTED),
        );
        return;
    }
    // Distinct cards with their copy counts, grouped by type in deck order.
    let mut counted: Vec<(CardRef, usize)> = Vec::new();
    for id in &editor.deck.cards {
        match counted.last_mut() {
            Some((last, n)) if last == id => *n += 1,
            _ => counted.push((*id, 1)),
        }
    }
    let writable = !editor.read_only();
    compact(ui);
    egui::ScrollArea::vertical()
        .id_salt("deck-list")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for kind in CardType::DECK_ORDER {
                let of_kind: Vec<&(CardRef, usize)> = counted
                    .iter()
                    .filter(|(id, _)| catalogue.get(*id).is_some_and(|e| e.card.kind == kind))
                    .collect();
                if of_kind.is_empty() {
                    continue;
                }
                let total: usize = of_kind.iter().map(|(_, n)| n).sum();
                ui.label(
                    RichText::new(format!("{} ({total})", capitalised(&kind.plural())))
                        .color(theme::GOLD)
                        .strong(),
                );
                for (id, n) in of_kind {
                    let entry = catalogue.get(*id).expect("filtered on presence");
                    ui.horizontal(|ui| {
                        if ui
                            .add_enabled(writable, egui::Button::new("−").small())
                            .on_hover_text("Take one out")
                            .clicked()
                        {
                            out.push(EditorCommand::Remove(*id));
                        }
                        if ui
                            .add_enabled(writable, egui::Button::new("+").small())
                            .on_hover_text("Add a copy")
                            .clicked()
                        {
                            out.push(EditorCommand::Add(*id));
                        }
                        let mut text = RichText::new(format!("{n}× {}", entry.card.name));
                        if editor.is_flagged(*id) {
                            text = text.color(theme::DANGER);
                        }
                        let level = match &entry.card.level {
                            Some(level) if level.is_bonus() => level.to_string(),
                            Some(level) => format!("level {level}"),
                            None => String::new(),
                        };
                        let row = egui::Button::selectable(editor.selected == Some(*id), text)
                            .right_text(RichText::new(level).color(theme::MUTED).size(13.0))
                            .truncate()
                            .min_size(Vec2::new(ui.available_width(), ROW_HEIGHT));
                        if ui.add(row).clicked() {
                            editor.selected = Some(*id);
                        }
                    });
                }
            }
            let unknown: Vec<&CardRef> = editor
                .deck
                .cards
                .iter()
                .filter(|id| catalogue.get(**id).is_none())
                .collect();
            if !unknown.is_empty() || !editor.deck.unread.is_empty() {
                ui.label(RichText::new("Not recognised").color(theme::DANGER).strong());
                for id in unknown {
                    ui.horizontal(|ui| {
                        if ui.add_enabled(writable, egui::Button::new("−").small()).clicked() {
                            out.push(EditorCommand::Remove(*id));
                        }
                        ui.label(RichText::new(id.to_string()).color(theme::DANGER));
                    });
                }
                for (index, line) in editor.deck.unread.iter().enumerate() {
                    ui.horizontal(|ui| {
                        if ui
                            .add_enabled(writable, egui::Button::new("−").small())
                            .on_hover_text("Drop this line")
                            .clicked()
                        {
                            out.push(EditorCommand::RemoveUnread(index));
                        }
                        ui.label(RichText::new(format!("\"{line}\"")).color(theme::DANGER));
                    });
                }
            }
        });
}

pub(super) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
