//! The deck editor drawn with egui: the catalogue browser on the left, the card preview in the
//! middle, the deck, its check and its statistics on the right, and the file dialogs.

use bevy_egui::egui::{self, Color32, RichText, Vec2};
use spellfire::cards::{Attribute, Card, CardRef, CardType, Rarity, World};
use spellfire::catalogue::{SortKey, TypeChoice};
use spellfire::effects::describe;

use super::model::{DeckEditor, Dialog, EditorCommand, Origin, ResultsView, SideTab};
use crate::ui::card::{self, CardSize};
use crate::ui::spellfire_card::face;
use crate::ui::theme;

/// The catalogue's width on a wide window, and the least it gives up to on a narrow one (a large UI
/// scale), so that the card preview between the side panels keeps room for a card.
const LEFT_WIDTH: f32 = 470.0;
const LEFT_WIDTH_NARROW: f32 = 380.0;
const RIGHT_WIDTH: f32 = 370.0;
const ROW_HEIGHT: f32 = 24.0;

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

fn search_id() -> egui::Id {
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

fn combo<T: Copy + PartialEq>(
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

fn browser(ui: &mut egui::Ui, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
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
            .on_hover_text("Only cards whose whole power the engine enforces (so far: cards with no special power).");
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
fn level_bound(ui: &mut egui::Ui, id: &str, bound: &mut Option<i32>) {
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

fn result_rows(ui: &mut egui::Ui, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
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
                        entry.card.name.clone()
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
fn compact(ui: &mut egui::Ui) {
    let spacing = ui.spacing_mut();
    spacing.item_spacing.y = 2.0;
    spacing.interact_size.y = ROW_HEIGHT;
    spacing.button_padding = Vec2::new(6.0, 2.0);
}

/// "Wizard 9", "Realm", "Ally +3".
fn short_facts(card: &Card) -> String {
    match &card.level {
        Some(level) => format!("{} {level}", card.kind.crossfire_name()),
        None => card.kind.crossfire_name().to_string(),
    }
}

fn result_faces(ui: &mut egui::Ui, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
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

fn preview(ui: &mut egui::Ui, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
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
            ui.add(egui::Label::new(RichText::new(&card.name).size(20.0).strong().color(theme::GOLD)).wrap());
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
fn zoom(ctx: &egui::Context, editor: &mut DeckEditor) {
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
    egui::Window::new(entry.card.name.clone())
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .open(&mut open)
        .show(ctx, |ui| {
            clicked = card::card(ui, &face(entry), CardSize::Zoom).clicked();
        });
    editor.zoomed = open && !clicked;
}

fn deck_panel(ui: &mut egui::Ui, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
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

fn legality(ui: &mut egui::Ui, editor: &DeckEditor) {
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
fn notes(ui: &mut egui::Ui, editor: &DeckEditor, out: &mut Vec<EditorCommand>) {
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

fn deck_list(ui: &mut egui::Ui, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
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

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

fn dialogs(ctx: &egui::Context, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
    let Some(dialog) = editor.dialog.clone() else {
        return;
    };
    let mut open = true;
    let window = |title: &str| {
        egui::Window::new(title.to_string())
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
    };
    match dialog {
        Dialog::Open { shelf } => {
            window("Open a deck").open(&mut open).show(ctx, |ui| {
                egui::ScrollArea::vertical().max_height(460.0).show(ui, |ui| {
                    if !editor.recent.is_empty() {
                        ui.label(RichText::new("Recent").color(theme::GOLD));
                        for path in editor.recent.clone() {
                            let name = path
                                .file_stem()
                                .map(|s| s.to_string_lossy().into_owned())
                                .unwrap_or_default();
                            if ui.button(name).on_hover_text(path.display().to_string()).clicked() {
                                out.push(EditorCommand::Open(path));
                                editor.dialog = None;
                            }
                        }
                        ui.separator();
                    }
                    ui.label(RichText::new("Your decks").color(theme::GOLD));
                    if shelf.is_empty() {
                        ui.label(RichText::new("None saved yet.").color(theme::MUTED));
                    }
                    for (path, name) in shelf {
                        match name {
                            Ok(name) => {
                                if ui.button(&name).on_hover_text(path.display().to_string()).clicked() {
                                    out.push(EditorCommand::Open(path));
                                    editor.dialog = None;
                                }
                            }
                            Err(error) => {
                                ui.label(RichText::new(error).color(theme::DANGER).size(13.0));
                            }
                        }
                    }
                    ui.separator();
                    ui.label(RichText::new("1st Edition starter decks (read-only)").color(theme::GOLD));
                    ui.horizontal_wrapped(|ui| {
                        for (index, starter) in editor.library.starters.iter().enumerate() {
                            let code = spellfire::crossfire::STARTER_DECKS.get(index).copied().unwrap_or("?");
                            if ui.button(code).on_hover_text(&starter.name).clicked() {
                                out.push(EditorCommand::OpenStarter(index));
                                editor.dialog = None;
                            }
                        }
                    });
                });
            });
        }
        Dialog::SaveAs { mut name } | Dialog::Rename { mut name } => {
            let renaming = matches!(editor.dialog, Some(Dialog::Rename { .. }));
            let title = if renaming {
                "Rename the deck"
            } else {
                "Save the deck as"
            };
            window(title).open(&mut open).show(ctx, |ui| {
                ui.label("Name");
                let field = ui.text_edit_singleline(&mut name);
                field.request_focus();
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                ui.horizontal(|ui| {
                    if ui.button(if renaming { "Rename" } else { "Save" }).clicked() || enter {
                        out.push(if renaming {
                            EditorCommand::Rename(name.clone())
                        } else {
                            EditorCommand::SaveAs(name.clone())
                        });
                    }
                    if ui.button("Cancel").clicked() {
                        editor.dialog = None;
                    }
                });
            });
            if let Some(Dialog::SaveAs { name: kept } | Dialog::Rename { name: kept }) = &mut editor.dialog {
                *kept = name;
            }
        }
        Dialog::ConfirmDelete => {
            window("Delete the deck?").open(&mut open).show(ctx, |ui| {
                ui.label(format!(
                    "Delete {} from your shelf? This cannot be undone.",
                    editor.deck.name
                ));
                ui.horizontal(|ui| {
                    if ui.button(RichText::new("Delete").color(theme::DANGER)).clicked() {
                        out.push(EditorCommand::Delete);
                    }
                    if ui.button("Keep it").clicked() {
                        editor.dialog = None;
                    }
                });
            });
        }
        Dialog::Import { mut text, mut path } => {
            window("Import a deck").open(&mut open).show(ctx, |ui| {
                ui.label("Paste a list, one card a line (1st/375 Name, 2x 1st/375, or a name):");
                ui.add(
                    egui::TextEdit::multiline(&mut text)
                        .desired_rows(8)
                        .desired_width(460.0),
                );
                if ui.button("Import the list").clicked() {
                    out.push(EditorCommand::ImportText(text.clone()));
                    editor.dialog = None;
                }
                ui.separator();
                ui.label("Or a CrossFire deck file (.cfd) or a text file:");
                ui.add(
                    egui::TextEdit::singleline(&mut path)
                        .desired_width(460.0)
                        .hint_text("/path/to/deck.cfd"),
                );
                if ui.button("Import the file").clicked() {
                    let file = std::path::PathBuf::from(path.trim());
                    if file.extension().is_some_and(|e| e == "cfd") {
                        out.push(EditorCommand::ImportCfd(file));
                    } else {
                        let limit = spellhall_core::files::USER_FILE_LIMIT;
                        match spellhall_core::files::read_text(&file, limit) {
                            Ok(list) => out.push(EditorCommand::ImportText(list)),
                            Err(e) => editor.status = Some((format!("Not imported: {e}"), true)),
                        }
                    }
                    editor.dialog = None;
                }
            });
            if let Some(Dialog::Import { text: t, path: p }) = &mut editor.dialog {
                (*t, *p) = (text, path);
            }
        }
        Dialog::Export {
            mut path,
            mut overwrite,
        } => {
            window("Export the deck").open(&mut open).show(ctx, |ui| {
                ui.label("File (.cfd for CrossFire, .txt for a text list):");
                ui.add(egui::TextEdit::singleline(&mut path).desired_width(520.0));
                ui.checkbox(&mut overwrite, "Replace it if it exists");
                ui.horizontal(|ui| {
                    if ui.button("Export").clicked() {
                        out.push(EditorCommand::Export {
                            path: std::path::PathBuf::from(path.trim()),
                            overwrite,
                        });
                    }
                    if ui.button("Cancel").clicked() {
                        editor.dialog = None;
                    }
                });
            });
            if let Some(Dialog::Export { path: p, overwrite: o }) = &mut editor.dialog {
                (*p, *o) = (path, overwrite);
            }
        }
        Dialog::CardTexts { mut path } => {
            window("Card texts from your CrossFire folder")
                .open(&mut open)
                .show(ctx, |ui| {
                    ui.set_max_width(520.0);
                    ui.label(
                        "Spellhall ships the cards' facts, not their printed texts. If you have CrossFire, \
                     point to its folder (the one holding DataBase/) and the editor will show each card's \
                     printed text. The texts stay on this computer, in your data folder.",
                    );
                    ui.add(
                        egui::TextEdit::singleline(&mut path)
                            .desired_width(500.0)
                            .hint_text("/path/to/CrossFire"),
                    );
                    ui.horizontal(|ui| {
                        if ui.button("Read the texts").clicked() {
                            out.push(EditorCommand::ImportCardTexts(std::path::PathBuf::from(path.trim())));
                            editor.dialog = None;
                        }
                        if !editor.card_texts.is_empty() && ui.button("Forget the imported texts").clicked() {
                            out.push(EditorCommand::ForgetCardTexts);
                            editor.dialog = None;
                        }
                    });
                    if !editor.card_texts.is_empty() {
                        ui.label(
                            RichText::new(format!("{} texts imported.", editor.card_texts.len())).color(theme::MUTED),
                        );
                    }
                });
            if let Some(Dialog::CardTexts { path: p }) = &mut editor.dialog {
                *p = path;
            }
        }
        Dialog::Unsaved { .. } => {
            window("Unsaved changes").show(ctx, |ui| {
                ui.label(format!("{} has changes that are not saved.", editor.deck.name));
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        out.push(EditorCommand::SaveThen);
                    }
                    if ui.button("Discard changes").clicked() {
                        out.push(EditorCommand::DiscardThen);
                    }
                    if ui.button("Cancel").clicked() {
                        out.push(EditorCommand::CancelPending);
                    }
                });
            });
        }
    }
    if !open {
        editor.dialog = None;
    }
}
