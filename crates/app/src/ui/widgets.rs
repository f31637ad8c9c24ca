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
