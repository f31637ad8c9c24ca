//! Mutation test of the settings file: 10,000 random byte-level edits of valid settings, each read
//! as the app reads `settings.ron` (bytes to text, RON, then clamped), must give settings within
//! the ranges the dialog offers, or be refused with a line and column.

use std::path::Path;

use spellhall::settings::{Settings, WindowChoice};
use spellhall_core::files::{decode_text, parse_ron};
use spellhall_core::testkit::mutation::{MutationOptions, Rejection, mutation_test};

fn pretty(settings: &Settings) -> String {
    ron::ser::to_string_pretty(settings, Default::default()).unwrap()
}

#[test]
fn mutated_settings_are_read_within_range_or_refused_with_a_place() {
    let default = pretty(&Settings::default());
    let chosen = pretty(&Settings {
        ui_scale: 1.25,
        window: WindowChoice::BorderlessFullscreen,
        animation_speed: 2.5,
        confirm_end_of_turn: false,
        ..Settings::default()
    });
    let valid = [default.as_bytes(), chosen.as_bytes(), b"(ui_scale: 1.5)"];
    let path = Path::new("settings.ron");
    mutation_test("settings", &valid, &[], MutationOptions::default(), |bytes| {
        let text = decode_text(path, bytes.to_vec())?;
        let settings = parse_ron::<Settings>(path, &text)?.clamped();
        assert!((0.75..=2.0).contains(&settings.ui_scale), "{settings:?}");
        assert!((0.5..=4.0).contains(&settings.animation_speed), "{settings:?}");
        Ok::<(), Rejection>(())
    });
}
