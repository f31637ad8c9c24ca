//! The deck editor's middle: the card shown (face, facts, power text) and its zoom.

use super::model::{DeckEditor, EditorCommand};
use crate::ui::card::{self, CardSize};
use crate::ui::spellfire_card::face;
use crate::ui::theme;
use bevy_egui::egui::{self, RichText};
use spellfire::describe;

pub(super) fn preview(ui: &mut egui::Ui, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
    let library = std::sync::Arc::clone(&editor.library);
    let catalogue = &library.catalogue;
    let Some(entry) = editor
        .selected
        .and_then(|id| catalogue.get(id))
        .or_else(|| editor.results.first().map(|&i| &catalogue.entries[i as usize]))
    else {
        ui.label(RichText::new("No card matches the search.").color(theme::MUTED));
        return;
    };
    let card = &entry.card;
    let title = catalogue.set_title(entry.id.set);
    // The card's name and buttons beside it where they have room, else under it.
    let beside = ui.available_width() >= CardSize::Preview.size().x + 180.0;
    let layout = if beside {
        egui::Layout::left_to_right(egui::Align::Min)
    } else {
        egui::Layout::top_down(egui::Align::Min)
    };
    ui.with_layout(layout, |ui| {
        let shown = card::card(ui, &face(entry), CardSize::Preview).on_hover_text("Click to see it larger");
        if shown.clicked() {
            editor.zoomed = true;
        }
        ui.vertical(|ui| {
            ui.add(egui::Label::new(RichText::new(card.name.as_str()).size(20.0).strong().color(theme::GOLD)).wrap());
            ui.label(RichText::new(format!("{} · {title}", entry.id)).color(theme::MUTED));
            let copies = editor.copies_of(entry.id);
            ui.add_space(6.0);
            ui.label(format!("In the deck: {copies}"));
            let writable = !editor.read_only();
            if ui.add_enabled(writable, egui::Button::new("Add (Enter)")).clicked() {
                out.push(EditorCommand::Add(entry.id));
            }
            if ui
                .add_enabled(writable && copies > 0, egui::Button::new("Remove (Del)"))
                .clicked()
            {
                out.push(EditorCommand::Remove(entry.id));
            }
        });
    });
    ui.add_space(8.0);
    egui::ScrollArea::vertical()
        .id_salt("preview-text")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            egui::Grid::new("card-facts")
                .num_columns(2)
                .spacing([10.0, 3.0])
                .show(ui, |ui| {
                    let fact = |ui: &mut egui::Ui, name: &str, value: String| {
                        ui.label(RichText::new(name).color(theme::MUTED));
                        ui.add(egui::Label::new(value).wrap());
                        ui.end_row();
                    };
                    fact(ui, "Type", card.kind.crossfire_name().to_string());
                    if let Some(level) = &card.level {
                        fact(ui, if level.is_bonus() { "Bonus" } else { "Level" }, level.to_string());
                    }
                    fact(ui, "World", card.world.name().to_string());
                    fact(ui, "Rarity", card.rarity.name().to_string());
                    if card.avatar {
                        fact(ui, "Avatar", "yes".into());
                    }
                    if card.is_chase() {
                        fact(ui, "Chase card", "yes".into());
                    }
                    if !card.attributes.is_empty() {
                        let traits: Vec<&str> = card.attributes.iter().map(|a| a.name()).collect();
                        fact(ui, "Traits", traits.join(", "));
                    }
                });
            ui.add_space(6.0);
            for line in describe(card) {
                ui.add(egui::Label::new(line).wrap());
            }
            match editor.card_texts.get(&entry.id) {
                Some(text) => {
                    ui.add_space(6.0);
                    ui.label(RichText::new("Printed text (from your CrossFire folder)").color(theme::GOLD_DIM));
                    ui.add(egui::Label::new(RichText::new(text).italics()).wrap());
                }
                None if !card.power.is_enforced() && editor.card_texts.is_empty() => {
                    ui.add(
                        egui::Label::new(
                            RichText::new(
                                "To read the printed text, import your CrossFire card texts (Import / export).",
                            )
                            .color(theme::MUTED)
                            .size(13.0),
                        )
                        .wrap(),
                    );
                }
                None => {}
            }
        });
}

/// The previewed card at its largest, over the editor; a click or the close button closes it.
pub(super) fn zoom(ctx: &egui::Context, editor: &mut DeckEditor) {
    if !editor.zoomed {
        return;
    }
    let catalogue = &editor.library.catalogue;
    let Some(entry) = editor
        .selected
        .and_then(|id| catalogue.get(id))
        .or_else(|| editor.results.first().map(|&i| &catalogue.entries[i as usize]))
    else {
        editor.zoomed = false;
        return;
    };
    let mut open = true;
    let mut clicked = false;
    egui::Window::new(entry.card.name.as_str())
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .open(&mut open)
        .show(ctx, |ui| {
            clicked = card::card(ui, &face(entry), CardSize::Zoom).clicked();
        });
    editor.zoomed = open && !clicked;
}
