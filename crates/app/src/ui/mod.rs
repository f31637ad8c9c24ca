//! Everything drawn with egui that is shared by the screens: the theme, widgets, the card face,
//! toasts, the problem dialog, the settings dialog and keyboard shortcuts.

pub mod card;
pub mod spellfire_card;
pub mod theme;
pub mod widgets;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

use crate::commands::UiCommand;
use crate::hotseat::HotSeat;
use crate::notices::Notices;
use crate::screens::Screen;
use crate::settings::{SaveSettings, Settings, WindowChoice, effective_ui_scale};

/// The screens' egui systems; the benchmark's baseline phase switches them off.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScreenUi;

/// Whether the screens draw at all (false only during the frame benchmark's empty-window phase).
#[derive(Resource, Debug)]
pub struct UiVisible(pub bool);

/// Which shared dialogs are open.
#[derive(Resource, Default, Debug)]
pub struct DialogState {
    pub settings_open: bool,
    pub load_open: bool,
    pub menu_open: bool,
    pub rules_open: bool,
    /// "Discard the unfinished game?" is being asked on the title screen.
    pub confirm_discard: bool,
    /// The settings being edited, until Save or Cancel.
    pub settings_draft: Option<Settings>,
}

/// A root `Ui` covering the window, on the background layer: screens lay their panels out in it.
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        egui::Id::new("screen-root"),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// The windowed UI. Not added in headless tests, where commands are written directly.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default());
    fast_egui_shader(app);
    app.insert_resource(ClearColor(theme::CLEAR))
        .insert_resource(UiVisible(true))
        .init_resource::<DialogState>()
        .add_plugins(spellfire_card::plugin)
        .add_systems(Startup, spawn_camera)
        .add_systems(OnEnter(Screen::Playing), |mut clear: ResMut<ClearColor>| {
            clear.0 = theme::TABLE_CLEAR;
        })
        .add_systems(OnExit(Screen::Playing), |mut clear: ResMut<ClearColor>| {
            clear.0 = theme::CLEAR;
        })
        .add_systems(
            PreUpdate,
            pointer_away_for_screenshots
                .run_if(
                    resource_exists::<crate::automation::ScreenshotPlan>
                        .or_else(resource_exists::<crate::automation::FrameBench>),
                )
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        )
        .configure_sets(
            EguiPrimaryContextPass,
            ScreenUi.run_if(|visible: Res<UiVisible>| visible.0),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                apply_style,
                close_requested,
                shortcuts.before(ScreenUi),
                (toasts, problems_dialog, settings_dialog).after(ScreenUi),
            )
                .run_if(|visible: Res<UiVisible>| visible.0),
        );
}

/// egui's shader with its sRGB conversions done without `pow` (see egui.wgsl): the same picture,
/// at a fraction of the fragment cost on software renderers. Installed over the one bevy_egui
/// has just loaded under its handle, which its pipeline reads.
fn fast_egui_shader(app: &mut App) {
    let shader = bevy::shader::Shader::from_wgsl(include_str!("egui.wgsl"), "crates/app/src/ui/egui.wgsl");
    app.world_mut()
        .resource_mut::<Assets<bevy::shader::Shader>>()
        .insert(bevy_egui::render::EGUI_SHADER_HANDLE.id(), shader)
        .expect("bevy_egui's shader handle is a fixed one");
}

/// A screenshot shows the screen as a player first sees it: wherever the display's pointer happens
/// to rest (the middle of a virtual display), egui is told it left the window, so no card is
/// hovered and no tooltip covers the table. A frame-time bench measures the same screen, not
/// whatever the layout happens to put under the pointer.
fn pointer_away_for_screenshots(mut inputs: Query<&mut bevy_egui::EguiInput>) {
    for mut input in &mut inputs {
        input.0.events.retain(|event| {
            !matches!(
                event,
                egui::Event::PointerMoved(_) | egui::Event::MouseMoved(_) | egui::Event::PointerButton { .. }
            )
        });
        input.0.events.push(egui::Event::PointerGone);
    }
}

fn spawn_camera(mut commands: Commands) {
    // A flat 2D table needs neither multisampling nor tone mapping, and both are costly on the
    // software renderers that CI and some laptops use.
    commands.spawn((
        Camera2d,
        bevy::render::view::Msaa::Off,
        bevy::core_pipeline::tonemapping::Tonemapping::None,
        Name::new("Main camera"),
    ));
}

/// Fonts and colours once; the UI scale whenever the chosen scale or the window's size changes
/// what fits (see [`effective_ui_scale`]).
fn apply_style(
    mut contexts: EguiContexts,
    settings: Option<Res<Settings>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut applied: Local<Option<f32>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if applied.is_none() {
        theme::install(ctx);
    }
    let chosen = settings.map_or(1.0, |s| s.ui_scale);
    let scale = windows.single().map_or(chosen, |window| {
        effective_ui_scale(chosen, window.width(), window.height())
    });
    if *applied != Some(scale) {
        ctx.set_zoom_factor(scale);
        *applied = Some(scale);
    }
    Ok(())
}

/// The window's close button: the deck editor asks about unsaved changes first; elsewhere the app
/// exits at once (a game in progress is autosaved after every action).
fn close_requested(
    mut requests: MessageReader<bevy::window::WindowCloseRequested>,
    screen: Res<State<Screen>>,
    editor: Option<ResMut<crate::screens::deck_editor::DeckEditor>>,
    mut exit: MessageWriter<AppExit>,
) {
    if requests.read().count() == 0 {
        return;
    }
    match editor {
        Some(mut editor) if *screen.get() == Screen::DeckEditor => {
            editor.perform(crate::screens::deck_editor::EditorCommand::Quit);
        }
        _ => {
            exit.write(AppExit::Success);
        }
    }
}

/// The app-wide keys pressed this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shortcuts {
    pub escape: bool,
    pub undo: bool,
    pub redo: bool,
    pub save: bool,
    pub help: bool,
}

/// Take the app-wide keys out of this frame's input. egui matches modifiers "logically" (an extra
/// Shift is ignored), so Ctrl+Shift+Z is read before Ctrl+Z, or redo would undo.
pub fn read_shortcuts(i: &mut egui::InputState) -> Shortcuts {
    let cmd = egui::Modifiers::COMMAND;
    let redo = i.consume_key(cmd | egui::Modifiers::SHIFT, egui::Key::Z);
    Shortcuts {
        escape: i.consume_key(egui::Modifiers::NONE, egui::Key::Escape),
        undo: i.consume_key(cmd, egui::Key::Z),
        redo,
        save: i.consume_key(cmd, egui::Key::S),
        help: i.consume_key(egui::Modifiers::NONE, egui::Key::F1),
    }
}

/// Esc menu, Ctrl+Z undo, Ctrl+Shift+Z redo, Ctrl+S save, F1 rules. (Enter confirms where a
/// screen offers a default button; each screen reads it itself.)
fn shortcuts(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    hotseat: Option<Res<State<HotSeat>>>,
    mut dialogs: ResMut<DialogState>,
    mut out: MessageWriter<UiCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let typing = ctx.egui_wants_keyboard_input();
    let Shortcuts {
        escape,
        undo,
        redo,
        save,
        help,
    } = ctx.input_mut(read_shortcuts);
    let playing = *screen.get() == Screen::Playing;
    let acting = hotseat.is_some_and(|h| *h.get() == HotSeat::Acting);
    if escape {
        if dialogs.settings_open
            || dialogs.load_open
            || dialogs.rules_open
            || dialogs.menu_open
            || dialogs.confirm_discard
        {
            dialogs.settings_open = false;
            dialogs.load_open = false;
            dialogs.rules_open = false;
            dialogs.menu_open = false;
            dialogs.confirm_discard = false;
        } else if playing {
            dialogs.menu_open = true;
        } else if *screen.get() == Screen::Setup {
            out.write(UiCommand::GoToTitle);
        } else if *screen.get() == Screen::DeckEditor {
            out.write(UiCommand::EditorEscape);
        }
    }
    if *screen.get() == Screen::DeckEditor && save {
        out.write(UiCommand::SaveDeck);
    }
    if playing && !typing {
        if redo && acting {
            out.write(UiCommand::Redo);
        } else if undo && acting {
            out.write(UiCommand::Undo);
        }
        if save {
            out.write(UiCommand::SaveGame);
        }
        if help {
            dialogs.rules_open = !dialogs.rules_open;
        }
    }
    Ok(())
}

fn toasts(mut contexts: EguiContexts, notices: Res<Notices>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if notices.toasts.is_empty() {
        return Ok(());
    }
    egui::Area::new(egui::Id::new("toasts"))
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -28.0))
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            for toast in &notices.toasts {
                let fill = if toast.is_error { theme::DANGER_BG } else { theme::PANEL };
                egui::Frame::new()
                    .fill(fill)
                    .stroke(egui::Stroke::new(1.0, theme::GOLD_DIM))
                    .corner_radius(8.0)
                    .inner_margin(egui::Margin::symmetric(18, 12))
                    .show(ui, |ui| {
                        ui.set_max_width(640.0);
                        ui.label(egui::RichText::new(&toast.text).size(17.0).color(theme::TEXT));
                    });
                ui.add_space(6.0);
            }
        });
    Ok(())
}

fn problems_dialog(mut contexts: EguiContexts, mut notices: ResMut<Notices>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if notices.problems.is_empty() {
        return Ok(());
    }
    let mut close = false;
    egui::Window::new("Something needs your attention")
        .collapsible(false)
        .resizable(false)
        .default_width(640.0)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().max_height(420.0).show(ui, |ui| {
                for problem in &notices.problems {
                    ui.label(egui::RichText::new(problem).monospace());
                    ui.separator();
                }
            });
            if ui.button("Close").clicked() {
                close = true;
            }
        });
    if close {
        notices.problems.clear();
    }
    Ok(())
}

fn settings_dialog(
    mut contexts: EguiContexts,
    settings: Option<Res<Settings>>,
    mut dialogs: ResMut<DialogState>,
    mut save: MessageWriter<SaveSettings>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !dialogs.settings_open {
        dialogs.settings_draft = None;
        return Ok(());
    }
    let current = settings.map(|s| s.clone()).unwrap_or_default();
    let draft = dialogs.settings_draft.get_or_insert(current);
    if let Some(keep) = settings_window(ctx, draft) {
        if keep {
            save.write(SaveSettings(draft.clone()));
        }
        dialogs.settings_open = false;
        dialogs.settings_draft = None;
    }
    Ok(())
}

/// The settings dialog over the screen, editing `draft`: `Some(true)` on Save, `Some(false)` on
/// Cancel.
pub fn settings_window(ctx: &egui::Context, draft: &mut Settings) -> Option<bool> {
    let mut finished = None;
    // The window's size in logical pixels: the screen in points times the zoom in use.
    let window = ctx.viewport_rect().size() * ctx.zoom_factor();
    let fits = effective_ui_scale(draft.ui_scale, window.x, window.y);
    egui::Window::new("Settings")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            egui::Grid::new("settings-grid")
                .num_columns(2)
                .spacing([24.0, 12.0])
                .show(ui, |ui| {
                    ui.label("Interface size");
                    ui.vertical(|ui| {
                        ui.add(
                            egui::Slider::new(&mut draft.ui_scale, 0.75..=2.0)
                                .step_by(0.05)
                                .suffix("×"),
                        );
                        if fits < draft.ui_scale {
                            // Said, so a slider that seems to do nothing is not a mystery.
                            ui.label(
                                egui::RichText::new(format!(
                                    "This window holds up to {fits:.2}×: a larger window or full screen shows more."
                                ))
                                .color(theme::MUTED),
                            );
                        }
                    });
                    ui.end_row();
                    ui.label("Window");
                    ui.horizontal(|ui| {
                        ui.selectable_value(&mut draft.window, WindowChoice::Windowed, "Windowed");
                        ui.selectable_value(&mut draft.window, WindowChoice::BorderlessFullscreen, "Full screen");
                    });
                    ui.end_row();
                    ui.label("Animation and computer speed");
                    ui.add(
                        egui::Slider::new(&mut draft.animation_speed, 0.5..=4.0)
                            .step_by(0.25)
                            .suffix("×"),
                    );
                    ui.end_row();
                    ui.label("Ask before ending a turn\n(games with an End turn button)");
                    ui.checkbox(&mut draft.confirm_end_of_turn, "");
                    ui.end_row();
                    ui.label("Pace computer moves\n(off: computers play at once)");
                    ui.checkbox(&mut draft.pace_computers, "");
                    ui.end_row();
                });
            ui.add_space(10.0);
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    finished = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    finished = Some(false);
                }
            });
        });
    finished
}
