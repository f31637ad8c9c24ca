//! The app-wide keyboard shortcuts, read from a real egui frame.

use bevy_egui::egui::{self, Key, Modifiers};
use spellhall::ui::{Shortcuts, read_shortcuts};

/// What the app reads when `key` is pressed with `modifiers`.
fn pressed(modifiers: Modifiers, key: Key) -> Shortcuts {
    let ctx = egui::Context::default();
    let input = egui::RawInput {
        events: vec![egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers,
        }],
        ..Default::default()
    };
    let mut read = Shortcuts::default();
    let mut output = ctx.run_ui(input, |ui| read = ui.ctx().input_mut(read_shortcuts));
    // Nothing paints these textures here; egui asks that they be dropped on purpose.
    output.textures_delta.clear();
    read
}

#[test]
fn ctrl_z_undoes_and_nothing_else() {
    let read = pressed(Modifiers::COMMAND, Key::Z);
    assert_eq!(
        read,
        Shortcuts {
            undo: true,
            ..Default::default()
        }
    );
}

#[test]
fn ctrl_shift_z_redoes_and_does_not_undo() {
    let read = pressed(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(
        read,
        Shortcuts {
            redo: true,
            ..Default::default()
        }
    );
}

#[test]
fn ctrl_s_saves_escape_opens_the_menu_f1_the_rules() {
    assert!(pressed(Modifiers::COMMAND, Key::S).save);
    assert!(pressed(Modifiers::NONE, Key::Escape).escape);
    assert!(pressed(Modifiers::NONE, Key::F1).help);
    assert_eq!(
        pressed(Modifiers::NONE, Key::Z),
        Shortcuts::default(),
        "a plain Z is typing"
    );
}
