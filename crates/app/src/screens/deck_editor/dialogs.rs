//! The deck editor's dialogs: open, save as, import, export and the questions before losing changes.

use super::model::{DeckEditor, Dialog, EditorCommand};
use crate::ui::theme;
use bevy_egui::egui::{self, RichText};

pub(super) fn dialogs(ctx: &egui::Context, editor: &mut DeckEditor, out: &mut Vec<EditorCommand>) {
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
