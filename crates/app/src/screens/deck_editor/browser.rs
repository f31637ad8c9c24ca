//! The deck editor's left panel: the catalogue browser (search, filters, results as rows or faces).

use super::body::{ROW_HEIGHT, combo, search_id};
use super::model::{DeckEditor, EditorCommand, ResultsView};
use crate::ui::card::{self, CardSize};
use crate::ui::spellfire_card::face;
use crate::ui::theme;
use bevy_egui::egui::{self, RichText, Vec2};
use spellfire::cards::{Attribute, Card, CardType, Rarity, World};
use spellfire::{SortKey, TypeChoice};

pub(super) fn browser(ui: &mut egui::Ui, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
    let library = std::sync::Arc::clone(&editor.library);
    let catalogue = &library.catalogue;
    // Every row fits the narrowest catalogue (352 points inside): a wider row would widen the
    // panel's content past its edge, and combo boxes cannot wrap.
    ui.horizontal(|ui| {
        let label = ui.label("Search");
        ui.add(
            egui::TextEdit::singleline(&mut editor.filter.text)
                .id(search_id())
                .hint_text("a name, or 1st/375")
                .desired_width((ui.available_width() - 130.0).min(250.0)),
        )
        .labelled_by(label.id);
        ui.selectable_value(&mut editor.view, ResultsView::List, "List");
        ui.selectable_value(&mut editor.view, ResultsView::Faces, "Cards");
    });
    let filter = &mut editor.filter;
    ui.horizontal(|ui| {
        combo(
            ui,
            "set",
            140.0,
            &mut filter.set,
            "Every set",
            catalogue
                .sets
                .iter()
                .map(|s| (s.code, format!("{} ({})", s.title, s.code))),
        );
        let mut kinds = vec![(TypeChoice::Champions, "Any champion".to_string())];
        kinds.extend(CardType::DECK_ORDER.map(|k| (TypeChoice::Only(k), k.crossfire_name().to_string())));
        combo(ui, "type", 130.0, &mut filter.kind, "Every type", kinds);
    });
    ui.horizontal(|ui| {
        combo(
            ui,
            "world",
            130.0,
            &mut filter.world,
            "Every world",
            World::ALL.map(|w| (w, w.name().to_string())),
        );
        combo(
            ui,
            "rarity",
            100.0,
            &mut filter.rarity,
            "Any rarity",
            Rarity::ALL[..7].iter().map(|r| (*r, r.name().to_string())),
        );
        if ui
            .button("Clear")
            .on_hover_text("Clear the search and every filter")
            .clicked()
        {
            *filter = Default::default();
        }
    });
    ui.horizontal(|ui| {
        combo(
            ui,
            "attribute",
            120.0,
            &mut filter.attribute,
            "Any trait",
            Attribute::ALL.map(|a| (a, a.name().to_string())),
        );
        ui.label("Level");
        level_bound(ui, "level-min", &mut filter.level_min);
        ui.label("to");
        level_bound(ui, "level-max", &mut filter.level_max);
    });
    ui.horizontal(|ui| {
        ui.checkbox(&mut filter.enforced_only, "Powers enforced")
            .on_hover_text("Only cards whose whole power the engine enforces, or that have none (every card of the twelve starter decks, among others).");
        egui::ComboBox::from_id_salt("sort")
            .width(150.0)
            .selected_text(format!("Sort: {}", filter.sort.label()))
            .show_ui(ui, |ui| {
                for key in SortKey::ALL {
                    ui.selectable_value(&mut filter.sort, key, key.label());
                }
            });
    });
    editor.refresh_results();
    ui.label(
        RichText::new(format!("{} of {} cards", editor.results.len(), catalogue.len()))
            .color(theme::MUTED)
            .size(14.0),
    );
    ui.separator();
    match editor.view {
        ResultsView::List => result_rows(ui, editor, out),
        ResultsView::Faces => result_faces(ui, editor, out),
    }
}

/// A level bound, empty for "any".
/// A level bound typed as a number (bonuses may be negative); empty for "any". Text that is not
/// (yet) a number, like a lone "-", leaves the bound as it was.
pub(super) fn level_bound(ui: &mut egui::Ui, id: &str, bound: &mut Option<i32>) {
    let mut text = bound.map(|b| b.to_string()).unwrap_or_default();
    let response = ui.add(
        egui::TextEdit::singleline(&mut text)
            .id_salt(id)
            .desired_width(34.0)
            .hint_text("any"),
    );
    if response.changed() {
        let typed = text.trim();
        if typed.is_empty() {
            *bound = None;
        } else if let Ok(value) = typed.parse() {
            *bound = Some(value);
        }
    }
}

pub(super) fn result_rows(ui: &mut egui::Ui, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
    let library = std::sync::Arc::clone(&editor.library);
    let catalogue = &library.catalogue;
    let results = editor.results.clone();
    compact(ui);
    let width = ui.available_width();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show_rows(ui, ROW_HEIGHT, results.len(), |ui, range| {
            for &index in &results[range] {
                let entry = &catalogue.entries[index as usize];
                let selected = editor.selected == Some(entry.id);
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(
                            !editor.read_only(),
                            egui::Button::new("+").min_size(Vec2::new(26.0, ROW_HEIGHT)),
                        )
                        .on_hover_text(format!("Add {}", entry.card.name))
                        .clicked()
                    {
                        out.push(EditorCommand::Add(entry.id));
                    }
                    ui.add_sized(
                        [58.0, ROW_HEIGHT],
                        egui::Label::new(RichText::new(entry.id.to_string()).color(theme::MUTED).size(13.0)),
                    );
                    let copies = editor.copies_of(entry.id);
                    let name = if copies > 0 {
                        format!("{}  ×{copies}", entry.card.name)
                    } else {
                        entry.card.name.to_string()
                    };
                    let text = if selected {
                        RichText::new(name).color(theme::GOLD).strong()
                    } else {
                        RichText::new(name)
                    };
                    let facts = RichText::new(short_facts(&entry.card)).color(theme::MUTED).size(13.0);
                    let row = ui.add(
                        egui::Button::selectable(selected, text)
                            .right_text(facts)
                            .truncate()
                            .min_size(Vec2::new(width - 110.0, ROW_HEIGHT)),
                    );
                    if row.clicked() {
                        editor.selected = Some(entry.id);
                    }
                    if row.double_clicked() {
                        out.push(EditorCommand::Add(entry.id));
                    }
                });
            }
        });
}

/// Dense rows for long lists.
pub(super) fn compact(ui: &mut egui::Ui) {
    let spacing = ui.spacing_mut();
    spacing.item_spacing.y = 2.0;
    spacing.interact_size.y = ROW_HEIGHT;
    spacing.button_padding = Vec2::new(6.0, 2.0);
}

/// "Wizard 9", "Realm", "Ally +3".
pub(super) fn short_facts(card: &Card) -> String {
    match &card.level {
        Some(level) => format!("{} {level}", card.kind.crossfire_name()),
        None => card.kind.crossfire_name().to_string(),
    }
}

pub(super) fn result_faces(ui: &mut egui::Ui, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
    let library = std::sync::Arc::clone(&editor.library);
    let catalogue = &library.catalogue;
    let size = CardSize::InPlay.size();
    let per_row = ((ui.available_width() + 8.0) / (size.x + 8.0)).floor().max(1.0) as usize;
    let results = editor.results.clone();
    let rows = results.len().div_ceil(per_row);
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show_rows(ui, size.y + 8.0, rows, |ui, range| {
            for row in range {
                ui.horizontal(|ui| {
                    for &index in results.iter().skip(row * per_row).take(per_row) {
                        let entry = &catalogue.entries[index as usize];
                        let response = card::card(ui, &face(entry), CardSize::InPlay);
                        if response.clicked() {
                            editor.selected = Some(entry.id);
                        }
                        if response.double_clicked() {
                            out.push(EditorCommand::Add(entry.id));
                        }
                    }
                });
            }
        });
}
