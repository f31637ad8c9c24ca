//! Buttons in the app's few sizes.

use bevy_egui::egui::{self, Button, RichText};

use super::theme;

/// A menu-row button of fixed width.
pub fn menu_button(text: &str) -> Button<'_> {
    Button::new(RichText::new(text).size(18.0)).min_size(egui::vec2(200.0, 44.0))
}

/// A button `width` wide (pass the tile's available width).
pub fn wide_button(text: &str, width: f32) -> Button<'_> {
    Button::new(RichText::new(text).size(18.0)).min_size(egui::vec2(width, 40.0))
}

/// The main action of a screen.
pub fn accent_button(text: &str) -> Button<'_> {
    Button::new(RichText::new(text).size(19.0).strong())
        .min_size(egui::vec2(200.0, 46.0))
        .fill(theme::ACCENT)
}

/// A tile's Play button: full width, accent colour.
pub fn primary_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    let width = ui.available_width();
    ui.add(
        Button::new(RichText::new(text).size(19.0).strong())
            .min_size(egui::vec2(width, 42.0))
            .fill(theme::ACCENT),
    )
}

/// Words that look like a link and show `contents` in a popup: on hover, and kept open by a
/// click (a second click or a click elsewhere closes it), so that a click never does nothing.
pub fn help_link(ui: &mut egui::Ui, text: &str, contents: impl Fn(&mut egui::Ui)) -> egui::Response {
    let response = ui
        .add(egui::Label::new(RichText::new(text).color(theme::MUTED).underline()).sense(egui::Sense::click()))
        .on_hover_cursor(egui::CursorIcon::Help);
    let popup = egui::Popup::from_toggle_button_response(&response)
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
        .show(&contents);
    if popup.is_none() {
        response.clone().on_hover_ui(&contents);
    }
    response
}
