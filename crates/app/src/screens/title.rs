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
    dirs: Res<UserDirs>,
    settings: Option<Res<crate::settings::Settings>>,
) {
    for command in commands.read() {
        let UiCommand::OpenSetup(id) = command else {
            continue;
        };
        match catalog.get(id) {
            Some(entry) if entry.factory().is_some() => {
                let last_names = settings.as_ref().and_then(|s| s.last_names.get(id.as_str()));
                *draft = SetupDraft::for_entry(entry).with_player_choices(entry, &dirs.data, last_names);
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
    let model = TitleModel {
        catalog: &catalog,
        listings: &listings,
    };
    title_screen(ctx, &model, &mut dialogs, &mut commands);
    out.write_batch(commands);
    Ok(())
}

/// The title screen over the whole window, as the app draws it.
pub fn title_screen(ctx: &egui::Context, model: &TitleModel, dialogs: &mut DialogState, out: &mut Vec<UiCommand>) {
    egui::CentralPanel::default()
        .frame(theme::open_backdrop())
        .show(&mut crate::ui::root_ui(ctx), |ui| title_body(ui, model, dialogs, out));
}

/// The title screen's contents: a plain function of the `Ui`, so tests can drive it. The footer
/// stays at the bottom; the rest gives up air on short windows (a large UI scale), and scrolls in a
/// window smaller than the screens are laid out for.
pub fn title_body(ui: &mut egui::Ui, model: &TitleModel, dialogs: &mut DialogState, out: &mut Vec<UiCommand>) {
    egui::Panel::bottom("title-footer")
        .frame(egui::Frame::NONE)
        .show_separator_line(false)
        .resizable(false)
        .show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(concat!(
                        "Spellhall ",
                        env!("CARGO_PKG_VERSION"),
                        " · hot-seat play on one computer · F1 shows the rules during a game"
                    ))
                    .color(theme::MUTED),
                );
            });
        });
    // 0 on a window 600 points tall or less, 1 from 760 points: the gaps shrink in between.
    let roomy = ((ui.available_height() - 600.0) / 160.0).clamp(0.0, 1.0);
    let air = |most: f32| most * (0.3 + 0.7 * roomy);
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(air(70.0));
            let title_size = 44.0 + 20.0 * roomy;
            ui.label(
                egui::RichText::new("SPELLHALL")
                    .size(title_size)
                    .color(theme::GOLD)
                    .strong(),
            );
            ui.label(
                egui::RichText::new("Four games of spells and sorcery at one table, every rule enforced")
                    .size(19.0)
                    .color(theme::MUTED),
            );
            ui.add_space(air(44.0));
        });
        game_tiles(ui, model, out);
        ui.add_space(air(36.0));
        menu(ui, model, dialogs, out);
        ui.add_space(8.0);
    });

    if dialogs.load_open {
        load_dialog(ui.ctx(), model.listings, dialogs, out);
    }
    match &model.listings.autosave {
        Some(autosave) if dialogs.confirm_discard => confirm_discard(ui.ctx(), autosave, dialogs, out),
        _ => dialogs.confirm_discard = false,
    }
}

/// What a tile says: its game's name, who plays, the tagline; then a note above its button.
struct TileWords {
    top: [egui::RichText; 3],
    note: Option<egui::RichText>,
}

fn tile_words(entry: &crate::games::GameEntry) -> TileWords {
    let note = match &entry.availability {
        Availability::Playable(_) => entry.added_content.tile_note().map(|(note, is_problem)| {
            egui::RichText::new(note).color(if is_problem { theme::DANGER } else { theme::MUTED })
        }),
        Availability::NotYetBuilt(reason) => Some(egui::RichText::new(*reason).italics().color(theme::MUTED)),
        Availability::BrokenContent(_) => {
            Some(egui::RichText::new("Its content failed to load; see the problem report.").color(theme::DANGER))
        }
    };
    TileWords {
        top: [
            egui::RichText::new(entry.name).size(26.0).color(theme::GOLD).strong(),
            egui::RichText::new(format!("{} players", spellhall_core::counts_in_words(entry.players)))
                .color(theme::MUTED),
            egui::RichText::new(entry.tagline).size(16.0),
        ],
        note,
    }
}

/// As tall as `widgets::primary_button`.
const TILE_BUTTON_HEIGHT: f32 = 42.0;

/// The height a tile's words and button need at `width`: every tile is made as tall as the
/// tallest, so the buttons line up and no text runs under them.
fn tile_height(ui: &egui::Ui, words: &TileWords, width: f32) -> f32 {
    let text_height = |text: &egui::RichText| {
        egui::WidgetText::from(text.clone())
            .into_galley(ui, Some(egui::TextWrapMode::Wrap), width, egui::TextStyle::Body)
            .size()
            .y
    };
    let gap = ui.spacing().item_spacing.y;
    let texts: f32 = words.top.iter().chain(&words.note).map(|t| text_height(t) + gap).sum();
    // The 8 points under the player count, and 12 between the tagline and what is below it.
    texts + 8.0 + 12.0 + TILE_BUTTON_HEIGHT
}

/// The games as tiles in one row.
fn game_tiles(ui: &mut egui::Ui, model: &TitleModel, out: &mut Vec<UiCommand>) {
    let tiles = model.catalog.entries.len().max(1) as f32;
    let gap = 18.0;
    // Air at the sides only where the window is wide: narrow tiles make tall ones.
    let side_air = ((ui.available_width() - 1000.0) / 2.0).clamp(12.0, 80.0);
    let tile_width = ((ui.available_width() - side_air - gap * (tiles - 1.0)) / tiles).clamp(200.0, 300.0);
    let row_width = tile_width * tiles + gap * (tiles - 1.0);
    // The tile frame's margins (18 a side) sit outside the inner width.
    let inner_width = tile_width - 36.0;
    let words: Vec<TileWords> = model.catalog.entries.iter().map(tile_words).collect();
    let height = words
        .iter()
        .map(|w| tile_height(ui, w, inner_width))
        .fold(0.0, f32::max);
    ui.horizontal(|ui| {
        ui.add_space(((ui.available_width() - row_width) / 2.0).max(0.0));
        ui.spacing_mut().item_spacing.x = gap;
        for (entry, words) in model.catalog.entries.iter().zip(words) {
            theme::tile().show(ui, |ui| {
                ui.set_width(inner_width);
                ui.set_height(height);
                ui.vertical(|ui| {
                    let [name, players, tagline] = words.top;
                    ui.label(name);
                    ui.label(players);
                    ui.add_space(8.0);
                    ui.label(tagline);
                    ui.with_layout(egui::Layout::bottom_up(egui::Align::Min), |ui| {
                        let button = match &entry.availability {
                            Availability::Playable(_) => widgets::primary_button(ui, "Play"),
                            Availability::NotYetBuilt(_) => tile_button_off(ui, "Not yet available"),
                            Availability::BrokenContent(_) => tile_button_off(ui, "Unavailable"),
                        };
                        if button.clicked() {
                            out.push(UiCommand::OpenSetup(entry.id.to_string()));
                        }
                        if let Some(note) = words.note {
                            ui.label(note);
                        }
                    });
                });
            });
        }
    });
}

fn tile_button_off(ui: &mut egui::Ui, text: &str) -> egui::Response {
    let width = ui.available_width();
    ui.add_enabled(
        false,
        widgets::wide_button(text, width).min_size(egui::vec2(width, TILE_BUTTON_HEIGHT)),
    )
}

/// Five buttons in a row, at most 200 points each, with 12 between them.
fn menu_layout(available_width: f32) -> (f32, f32) {
    let spacing = 12.0;
    let button = ((available_width - 4.0 * spacing) / 5.0).min(200.0);
    (button, 5.0 * button + 4.0 * spacing)
}

/// The unfinished game, if any, over the row of menu buttons.
fn menu(ui: &mut egui::Ui, model: &TitleModel, dialogs: &mut DialogState, out: &mut Vec<UiCommand>) {
    let (button_width, row_width) = menu_layout(ui.available_width());
    let menu_button = |text| widgets::menu_button(text).min_size(egui::vec2(button_width, 44.0));
    ui.vertical_centered(|ui| {
        if let Some(autosave) = &model.listings.autosave {
            // As wide as the row of buttons below it, and centred like it.
            ui.horizontal(|ui| {
                ui.add_space(((ui.available_width() - row_width) / 2.0).max(0.0));
                resume_banner(ui, autosave, row_width, dialogs, out);
            });
            ui.add_space(14.0);
        }
        ui.horizontal(|ui| {
            ui.add_space(((ui.available_width() - row_width) / 2.0).max(0.0));
            ui.spacing_mut().item_spacing.x = 12.0;
            if ui
                .add(menu_button("Spellfire Deck Editor"))
                .on_hover_text("Build, check and save Spellfire decks; open the 1st Edition starter decks.")
                .clicked()
            {
                out.push(UiCommand::OpenDeckEditor(None));
            }
            let can_resume = model.listings.autosave.as_ref().is_some_and(|a| a.summary.is_ok());
            if ui
                .add_enabled(can_resume, menu_button("Resume"))
                .on_disabled_hover_text("There is no unfinished game.")
                .clicked()
            {
                out.push(UiCommand::ResumeAutosave);
            }
            if ui
                .add_enabled(!model.listings.saves.is_empty(), menu_button("Load game"))
                .on_disabled_hover_text("No saved games yet: save one with Ctrl+S while playing.")
                .clicked()
            {
                dialogs.load_open = true;
            }
            if ui.add(menu_button("Settings")).clicked() {
                dialogs.settings_open = true;
            }
            if ui.add(menu_button("Quit")).clicked() {
                out.push(UiCommand::Quit);
            }
        });
    });
}

/// The unfinished game: its words wrap to the left, its buttons keep the right.
fn resume_banner(
    ui: &mut egui::Ui,
    autosave: &SaveListing,
    width: f32,
    dialogs: &mut DialogState,
    out: &mut Vec<UiCommand>,
) {
    theme::banner().show(ui, |ui| {
        // The frame's margins (16 a side) and stroke sit outside this width.
        ui.set_width(width - 34.0);
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let discard = if autosave.summary.is_ok() {
                "Discard"
            } else {
                "Discard it"
            };
            if ui.button(discard).clicked() {
                dialogs.confirm_discard = true;
            }
            if autosave.summary.is_ok() && ui.button("Resume").clicked() {
                out.push(UiCommand::ResumeAutosave);
            }
            ui.with_layout(
                egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true),
                |ui| match &autosave.summary {
                    Ok(summary) => {
                        ui.label(egui::RichText::new("Unfinished game").strong().color(theme::GOLD));
                        ui.label(format!("{summary} (saved {} UTC)", autosave.modified));
                    }
                    Err(error) => {
                        ui.label(egui::RichText::new("The autosave could not be read").color(theme::DANGER));
                        ui.label(error);
                    }
                },
            );
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
