//! Player settings, kept as RON in the config folder. A corrupt file is reported and left untouched:
//! the defaults are used and nothing is written until the player saves the settings again.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use serde::{Deserialize, Serialize};
use spellhall_core::files::{read_ron, write_ron};

use crate::notices::Notices;
use crate::paths::UserDirs;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum WindowChoice {
    #[default]
    Windowed,
    BorderlessFullscreen,
}

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Multiplies the size of all text and panels (0.75 to 2.0).
    pub ui_scale: f32,
    pub window: WindowChoice,
    /// How fast computer seats and animations go: 0.5 (slow) to 4.0 (fast).
    pub animation_speed: f32,
    /// Ask "End your turn?" before a turn ends.
    pub confirm_end_of_turn: bool,
    /// Computer seats wait a moment before each move so players can follow them in the log; off,
    /// they play at once.
    pub pace_computers: bool,
    /// The names last used at each game's table, by game id, in seat order.
    pub last_names: std::collections::BTreeMap<String, Vec<String>>,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            ui_scale: 1.0,
            window: WindowChoice::Windowed,
            animation_speed: 1.0,
            confirm_end_of_turn: true,
            pace_computers: true,
            last_names: Default::default(),
        }
    }
}

impl Settings {
    /// Keep values in the ranges the UI offers, whatever the file said.
    pub fn clamped(mut self) -> Self {
        self.ui_scale = if self.ui_scale.is_finite() {
            self.ui_scale.clamp(0.75, 2.0)
        } else {
            1.0
        };
        self.animation_speed = if self.animation_speed.is_finite() {
            self.animation_speed.clamp(0.5, 4.0)
        } else {
            1.0
        };
        self
    }

    /// How long a computer seat waits before acting, so players can follow.
    pub fn computer_pause_seconds(&self) -> f32 {
        if !self.pace_computers {
            return 0.0;
        }
        0.8 / self.animation_speed
    }
}

/// The smallest window, in points, that every screen is laid out for.
pub const SMALLEST_LAYOUT: (f32, f32) = (1024.0, 680.0);

/// The UI scale in use: the one chosen, as far as the window (in logical pixels) still holds the
/// smallest layout at it, in the slider's steps of 0.05. A scale of 1 or less is never capped:
/// screens fit 1024×680 points, and scroll where a smaller window gives them less.
pub fn effective_ui_scale(chosen: f32, window_width: f32, window_height: f32) -> f32 {
    let fits = (window_width / SMALLEST_LAYOUT.0).min(window_height / SMALLEST_LAYOUT.1);
    if fits.is_finite() {
        chosen.min(((fits * 20.0).floor() / 20.0).max(1.0))
    } else {
        chosen
    }
}

/// Sent by the settings dialog when the player presses Save.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct SaveSettings(pub Settings);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SaveSettings>()
        .add_systems(Startup, load_settings)
        .add_systems(
            Update,
            (save_settings, apply_window_mode.run_if(resource_changed::<Settings>)),
        );
}

fn load_settings(mut commands: Commands, dirs: Res<UserDirs>, mut notices: ResMut<Notices>) {
    let path = dirs.settings_file();
    let settings = if path.exists() {
        match read_ron::<Settings>(&path) {
            Ok(settings) => settings.clamped(),
            Err(error) => {
                notices.problem(format!(
                    "Your settings file could not be read, so the defaults are in use. The file was left as \
                     it is; saving the settings will replace it.\n{error}"
                ));
                Settings::default()
            }
        }
    } else {
        Settings::default()
    };
    commands.insert_resource(settings);
}

fn save_settings(
    mut requests: MessageReader<SaveSettings>,
    mut settings: ResMut<Settings>,
    dirs: Res<UserDirs>,
    mut notices: ResMut<Notices>,
) {
    for SaveSettings(new) in requests.read() {
        *settings = new.clone().clamped();
        match write_ron(&dirs.settings_file(), &*settings) {
            Ok(()) => notices.info("Settings saved."),
            Err(error) => notices.problem(format!("The settings could not be saved: {error}")),
        }
    }
}

fn apply_window_mode(settings: Res<Settings>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    for mut window in &mut windows {
        let mode = match settings.window {
            WindowChoice::Windowed => WindowMode::Windowed,
            WindowChoice::BorderlessFullscreen => WindowMode::BorderlessFullscreen(MonitorSelection::Current),
        };
        if window.mode != mode {
            window.mode = mode;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_is_capped_to_what_the_window_holds_but_never_below_one() {
        assert_eq!(effective_ui_scale(2.0, 1280.0, 800.0), 1.15);
        assert_eq!(effective_ui_scale(2.0, 1024.0, 768.0), 1.0);
        assert_eq!(effective_ui_scale(2.0, 2560.0, 1600.0), 2.0);
        assert_eq!(effective_ui_scale(2.0, 1920.0, 1080.0), 1.55);
        assert_eq!(effective_ui_scale(1.1, 1280.0, 800.0), 1.1);
        assert_eq!(effective_ui_scale(1.0, 800.0, 600.0), 1.0);
        assert_eq!(effective_ui_scale(0.75, 800.0, 600.0), 0.75);
    }

    #[test]
    fn missing_fields_take_defaults_and_wild_values_are_clamped() {
        let settings: Settings = ron::from_str("(ui_scale: 9.0)").unwrap();
        let settings = settings.clamped();
        assert_eq!(settings.ui_scale, 2.0);
        assert_eq!(settings.animation_speed, 1.0);
        assert!(settings.confirm_end_of_turn);
    }
}
