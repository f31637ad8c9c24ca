//! The title screen: the four games, the deck editor, resume or load a game, settings, quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::active::{ActiveGame, SaveListing, SaveListings};
use crate::commands::UiCommand;
use crate::games::{Availability, GameCatalog};
use crate::notices::Notices;
use crate::paths::UserDirs;
use crate::save_files::AutosaveSlot;
use crate::screens::Screen;
use crate::screens::setup::SetupDraft;
use crate::ui::{DialogState, theme, widgets};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), (rescan_saves, spawn_glows))
        .add_systems(Update, (open_setup, open_saves).run_if(in_state(Screen::Title)))
        .add_systems(
            EguiPrimaryContextPass,
            title_ui.run_if(in_state(Screen::Title)).in_set(crate::ui::ScreenUi),
        );
}

/// Soft arcane glows drawn by Bevy behind the (transparent) title panel; gone when the title is left.
/// One small radial-gradient texture made at run time, drawn as three tinted sprites: smooth, and
/// cheap even on software renderers.
fn spawn_glows(mut commands: Commands, images: Option<ResMut<Assets<Image>>>) {
    // The headless app has no renderer and so no image assets: nothing to draw.
    let Some(mut images) = images else { return };
    let glow = images.add(radial_gradient(128));
    let glows = [
        (Vec2::new(-430.0, 170.0), 820.0, Color::srgba(0.89, 0.74, 0.38, 0.30)),
        (Vec2::new(470.0, -210.0), 940.0, Color::srgba(0.55, 0.30, 0.75, 0.38)),
        (Vec2::new(60.0, 330.0), 640.0, Color::srgba(0.30, 0.45, 0.85, 0.30)),
    ];
    for (i, (centre, size, colour)) in glows.into_iter().enumerate() {
        commands.spawn((
            Sprite {
                image: glow.clone(),
                color: colour,
                custom_size: Some(Vec2::splat(size)),
                ..default()
            },
            Transform::from_translation(centre.extend(i as f32)),
            DespawnOnExit(Screen::Title),
        ));
    }
}

/// A white disc whose alpha falls smoothly from 1 at the centre to 0 at the edge.
fn radial_gradient(size: u32) -> Image {
    use bevy::asset::RenderAssetUsages;
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    let half = size as f32 / 2.0;
    for y in 0..size {
        for x in 0..size {
            let d = Vec2::new(x as f32 + 0.5 - half, y as f32 + 0.5 - half).length() / half;
            let alpha = (1.0 - d).clamp(0.0, 1.0).powf(1.8);
            data.extend_from_slice(&[255, 255, 255, (alpha * 255.0) as u8]);
        }
    }
    Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

fn rescan_saves(
    mut listings: ResMut<SaveListings>,
    slot: Res<AutosaveSlot>,
    dirs: Res<UserDirs>,
    catalog: Res<GameCatalog>,
) {
    *listings = SaveListings::scan(slot.path.as_deref(), &dirs, &catalog);
}

fn open_setup(
    mut commands: MessageReader<UiCommand>,
    catalog: Res<GameCatalog>,
    mut draft: ResMut<SetupDraft>,
    mut next: ResMut<NextState<Screen>>,
    mut notices: ResMut<Notices>,
) {
    for command in commands.read() {
        let UiCommand::OpenSetup(id) = command else {
            continue;
        };
        match catalog.get(id) {
            Some(entry) if entry.factory().is_some() => {
                *draft = SetupDraft::for_entry(entry);
                next.set(Screen::Setup);
            }
            Some(entry) => notices.refused(match entry.availability {
                Availability::BrokenContent(_) => format!("{} cannot be played: its content did not load.", entry.name),
                _ => format!("{} cannot be played yet.", entry.name),
            }),
            None => notices.refused(format!("There is no game called '{id}'.")),
        }
    }
}

/// Resume, load and discard: opening a save works from the title screen only.
#[allow(clippy::too_many_arguments)]
fn open_saves(
    mut commands: MessageReader<UiCommand>,
    slot: Res<AutosaveSlot>,
    dirs: Res<UserDirs>,
    catalog: Res<GameCatalog>,
    mut game: ResMut<ActiveGame>,
    mut listings: ResMut<SaveListings>,
    mut notices: ResMut<Notices>,
    mut next: ResMut<NextState<Screen>>,
) {
    for command in commands.read() {
        let path = match (command, &slot.path) {
            (UiCommand::LoadGame(path), _) => path.clone(),
            (UiCommand::ResumeAutosave, Some(autosave)) => autosave.clone(),
            (UiCommand::DiscardAutosave, Some(autosave)) => {
                if let Err(e) = std::fs::remove_file(autosave) {
                    notices.problem(format!("The autosave could not be removed: {e}"));
                }
                *listings = SaveListings::scan(slot.path.as_deref(), &dirs, &catalog);
                continue;
            }
            (UiCommand::ResumeAutosave | UiCommand::DiscardAutosave, None) => {
                notices.refused("Another Spellhall uses this user folder's autosave: resume it there.");
                continue;
            }
            _ => continue,
        };
        match open_save(&path, &catalog) {
            Ok(session) => {
                game.begin(session, None, *command == UiCommand::ResumeAutosave);
                next.set(Screen::Playing);
            }
            Err(error) => notices.problem(format!("{error}\nThe file was left as it is.")),
        }
    }
}

/// Open any game's save: read its header, then let that game replay it.
pub fn open_save(path: &std::path::Path, catalog: &GameCatalog) -> Result<Box<dyn crate::games::AnySession>, String> {
    let header = spellhall_core::SaveHeader::read(path).map_err(|e| format!("Could not open the save: {e}"))?;
    let entry = catalog.get(&header.game).ok_or_else(|| {
        format!(
            "{}: this is a save of '{}', which Spellhall does not know.",
            path.display(),
            header.game
        )
    })?;
    let factory = entry
        .factory()
        .ok_or_else(|| format!("{}: {} cannot be played in this build.", path.display(), entry.name))?;
    factory.load(path).map_err(|e| format!("Could not open the save: {e}"))
}

/// What the title screen shows, gathered from resources.
pub struct TitleModel<'a> {
    pub catalog: &'a GameCatalog,
    pub listings: &'a SaveListings,
}

fn title_ui(
    mut contexts: EguiContexts,
    catalog: Res<GameCatalog>,
    listings: Res<SaveListings>,
    mut dialogs: ResMut<DialogState>,
    mut out: MessageWriter<UiCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut commands = Vec::new();
    egui::CentralPanel::default()
        .frame(theme::open_backdrop())
        .show(&mut crate::ui::root_ui(ctx), |ui| {
            title_body(
                ui,
                &TitleModel {
                    catalog: &catalog,
                    listings: &listings,
                },
                &mut dialogs,
                &mut commands,
            );
        });
    out.write_batch(commands);
    Ok(())
}

/// The title screen's contents: a plain function of the `Ui`, so tests can drive it.
pub fn title_body(ui: &mut egui::Ui, model: &TitleModel, dialogs: &mut DialogState, out: &mut Vec<UiCommand>) {
    ui.vertical_centered(|ui| {
        ui.add_space(70.0);
        ui.label(egui::RichText::new("SPELLHALL").size(64.0).color(theme::GOLD).strong());
        ui.label(
            egui::RichText::new("Four games of spells and sorcery at one table, every rule enforced")
                .size(19.0)
                .color(theme::MUTED),
        );
        ui.add_space(44.0);
    });

    // The four games as tiles in one row.
    let tiles = model.catalog.entries.len().max(1) as f32;
    let gap = 18.0;
    let tile_width = ((ui.available_width() - 80.0 - gap * (tiles - 1.0)) / tiles).clamp(200.0, 300.0);
    let row_width = tile_width * tiles + gap * (tiles - 1.0);
    ui.horizontal(|ui| {
        ui.add_space(((ui.available_width() - row_width) / 2.0).max(0.0));
        ui.spacing_mut().item_spacing.x = gap;
        for entry in &model.catalog.entries {
            theme::tile().show(ui, |ui| {
                ui.set_width(tile_width - 36.0);
                ui.set_height(250.0);
                ui.vertical(|ui| {
                    ui.label(egui::RichText::new(entry.name).size(26.0).color(theme::GOLD).strong());
                    ui.label(
                        egui::RichText::new(format!("{} to {} players", entry.players.start(), entry.players.end()))
                            .color(theme::MUTED),
                    );
                    ui.add_space(8.0);
                    ui.label(egui::RichText::new(entry.tagline).size(16.0));
                    ui.with_layout(egui::Layout::bottom_up(egui::Align::Min), |ui| {
                        let width = ui.available_width();
                        match &entry.availability {
                            Availability::Playable(_) => {
                                if widgets::primary_button(ui, "Play").clicked() {
                                    out.push(UiCommand::OpenSetup(entry.id.to_string()));
                                }
                                if let Some((note, is_problem)) = entry.added_content.tile_note() {
                                    let colour = if is_problem { theme::DANGER } else { theme::MUTED };
                                    ui.label(egui::RichText::new(note).color(colour));
                                }
                            }
                            Availability::NotYetBuilt(reason) => {
                                ui.add_enabled(false, widgets::wide_button("Not yet available", width));
                                ui.label(egui::RichText::new(*reason).italics().color(theme::MUTED));
                            }
                            Availability::BrokenContent(_) => {
                                ui.add_enabled(false, widgets::wide_button("Unavailable", width));
                                ui.label(
                                    egui::RichText::new("Its content failed to load; see the problem report.")
                                        .color(theme::DANGER),
                                );
                            }
                        }
                    });
                });
            });
        }
    });

    ui.add_space(36.0);
    ui.vertical_centered(|ui| {
        if let Some(autosave) = &model.listings.autosave {
            // As wide as the row of buttons below it, and centred like it.
            ui.horizontal(|ui| {
                ui.add_space(((ui.available_width() - MENU_ROW_WIDTH) / 2.0).max(0.0));
                resume_banner(ui, autosave, dialogs, out);
            });
            ui.add_space(14.0);
        }
        ui.horizontal(|ui| {
            ui.add_space(((ui.available_width() - MENU_ROW_WIDTH) / 2.0).max(0.0));
            ui.spacing_mut().item_spacing.x = 12.0;
            if ui
                .add(widgets::menu_button("Spellfire Deck Editor"))
                .on_hover_text("Build, check and save Spellfire decks; open the 1st Edition starter decks.")
                .clicked()
            {
                out.push(UiCommand::OpenDeckEditor(None));
            }
            let can_resume = model.listings.autosave.as_ref().is_some_and(|a| a.summary.is_ok());
            if ui
                .add_enabled(can_resume, widgets::menu_button("Resume"))
                .on_disabled_hover_text("There is no unfinished game.")
                .clicked()
            {
                out.push(UiCommand::ResumeAutosave);
            }
            if ui
                .add_enabled(!model.listings.saves.is_empty(), widgets::menu_button("Load game"))
                .on_disabled_hover_text("No saved games yet: save one with Ctrl+S while playing.")
                .clicked()
            {
                dialogs.load_open = true;
            }
            if ui.add(widgets::menu_button("Settings")).clicked() {
                dialogs.settings_open = true;
            }
            if ui.add(widgets::menu_button("Quit")).clicked() {
                out.push(UiCommand::Quit);
            }
        });
    });

    ui.with_layout(egui::Layout::bottom_up(egui::Align::Center), |ui| {
        ui.label(
            egui::RichText::new(concat!(
                "Spellhall ",
                env!("CARGO_PKG_VERSION"),
                " · hot-seat play on one computer · F1 shows the rules during a game"
            ))
            .color(theme::MUTED),
        );
    });

    if dialogs.load_open {
        load_dialog(ui.ctx(), model.listings, dialogs, out);
    }
    match &model.listings.autosave {
        Some(autosave) if dialogs.confirm_discard => confirm_discard(ui.ctx(), autosave, dialogs, out),
        _ => dialogs.confirm_discard = false,
    }
}

/// Five 200-point buttons with 12 points between them.
const MENU_ROW_WIDTH: f32 = 5.0 * 200.0 + 4.0 * 12.0;

fn resume_banner(ui: &mut egui::Ui, autosave: &SaveListing, dialogs: &mut DialogState, out: &mut Vec<UiCommand>) {
    theme::banner().show(ui, |ui| {
        // The frame's margins (16 a side) and stroke sit outside this width.
        ui.set_width(MENU_ROW_WIDTH - 34.0);
        ui.horizontal(|ui| match &autosave.summary {
            Ok(summary) => {
                ui.label(egui::RichText::new("Unfinished game").strong().color(theme::GOLD));
                ui.label(format!("{summary} (saved {} UTC)", autosave.modified));
                if ui.button("Resume").clicked() {
                    out.push(UiCommand::ResumeAutosave);
                }
                if ui.button("Discard").clicked() {
                    dialogs.confirm_discard = true;
                }
            }
            Err(error) => {
                ui.label(egui::RichText::new("The autosave could not be read").color(theme::DANGER));
                ui.label(error);
                if ui.button("Discard it").clicked() {
                    dialogs.confirm_discard = true;
                }
            }
        });
    });
}

/// One click must not lose a game: discarding the autosave is asked about first.
fn confirm_discard(ctx: &egui::Context, autosave: &SaveListing, dialogs: &mut DialogState, out: &mut Vec<UiCommand>) {
    let what = match &autosave.summary {
        Ok(summary) => format!("the unfinished game {summary}"),
        Err(_) => "the autosave that could not be read".to_string(),
    };
    let modal = egui::Modal::new(egui::Id::new("confirm-discard")).show(ctx, |ui| {
        ui.set_max_width(460.0);
        ui.label(
            egui::RichText::new("Discard the unfinished game?")
                .size(20.0)
                .color(theme::GOLD),
        );
        ui.add_space(6.0);
        ui.label(format!("This deletes {what}. It cannot be brought back."));
        ui.add_space(10.0);
        ui.horizontal(|ui| {
            if ui.button("Keep it").clicked() {
                dialogs.confirm_discard = false;
            }
            if ui
                .add(egui::Button::new("Discard for good").fill(theme::DANGER_BG))
                .clicked()
            {
                out.push(UiCommand::DiscardAutosave);
                dialogs.confirm_discard = false;
            }
        });
    });
    if modal.should_close() {
        dialogs.confirm_discard = false;
    }
}

fn load_dialog(ctx: &egui::Context, listings: &SaveListings, dialogs: &mut DialogState, out: &mut Vec<UiCommand>) {
    let mut open = true;
    egui::Window::new("Load a saved game")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .open(&mut open)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().max_height(420.0).show(ui, |ui| {
                for save in &listings.saves {
                    ui.horizontal(|ui| {
                        let file = save
                            .path
                            .file_name()
                            .map(|n| n.to_string_lossy().into_owned())
                            .unwrap_or_default();
                        match &save.summary {
                            Ok(summary) => {
                                if ui.button("Open").clicked() {
                                    out.push(UiCommand::LoadGame(save.path.clone()));
                                    dialogs.load_open = false;
                                }
                                ui.label(egui::RichText::new(summary).strong());
                            }
                            Err(error) => {
                                ui.add_enabled(false, egui::Button::new("Open"));
                                ui.label(egui::RichText::new(error).color(theme::DANGER));
                            }
                        }
                        ui.label(egui::RichText::new(format!("{} · {file}", save.modified)).color(theme::MUTED));
                    });
                }
            });
        });
    if !open {
        dialogs.load_open = false;
    }
}
