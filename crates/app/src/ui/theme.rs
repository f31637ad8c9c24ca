//! Spellhall's look: a dark table with gold and parchment, large readable text.

use bevy::color::Color;
use bevy_egui::egui::{self, Color32, FontFamily, FontId, Frame, Margin, Stroke, TextStyle};

/// The window's clear colour: the same as the backdrop, so transparent panels look the same.
pub const CLEAR: Color = Color::srgb_u8(22, 25, 34);
/// The clear colour while a game is played: the table's felt, so the table panel
/// paints no fill of its own. On a software renderer every pixel egui paints costs frame time,
/// and the felt was most of a window of them, under everything else on the table.
pub const TABLE_CLEAR: Color = Color::srgb_u8(24, 52, 44);
pub const BACKDROP: Color32 = Color32::from_rgb(22, 25, 34);
pub const PANEL: Color32 = Color32::from_rgb(36, 41, 56);
pub const PANEL_DARK: Color32 = Color32::from_rgb(28, 32, 44);
pub const GOLD: Color32 = Color32::from_rgb(226, 188, 96);
pub const GOLD_DIM: Color32 = Color32::from_rgb(140, 116, 62);
pub const TEXT: Color32 = Color32::from_rgb(234, 228, 212);
pub const MUTED: Color32 = Color32::from_rgb(160, 164, 178);
pub const ACCENT: Color32 = Color32::from_rgb(120, 62, 150);
pub const DANGER: Color32 = Color32::from_rgb(240, 120, 110);
pub const DANGER_BG: Color32 = Color32::from_rgb(110, 36, 36);
pub const PARCHMENT: Color32 = Color32::from_rgb(240, 230, 204);
pub const INK: Color32 = Color32::from_rgb(40, 32, 24);

/// Text sizes and colours for the whole app.
pub fn install(ctx: &egui::Context) {
    let mut style = (*ctx.global_style()).clone();
    style.text_styles = [
        (TextStyle::Heading, FontId::new(28.0, FontFamily::Proportional)),
        (TextStyle::Body, FontId::new(16.0, FontFamily::Proportional)),
        (TextStyle::Button, FontId::new(17.0, FontFamily::Proportional)),
        (TextStyle::Small, FontId::new(13.0, FontFamily::Proportional)),
        (TextStyle::Monospace, FontId::new(14.0, FontFamily::Monospace)),
    ]
    .into();
    style.spacing.button_padding = egui::vec2(12.0, 6.0);
    style.spacing.item_spacing = egui::vec2(10.0, 8.0);
    style.spacing.interact_size.y = 30.0;
    let visuals = &mut style.visuals;
    *visuals = egui::Visuals::dark();
    visuals.override_text_color = Some(TEXT);
    visuals.panel_fill = PANEL_DARK;
    visuals.window_fill = PANEL;
    visuals.window_stroke = Stroke::new(1.0, GOLD_DIM);
    visuals.window_corner_radius = 10.into();
    visuals.selection.bg_fill = ACCENT;
    visuals.selection.stroke = Stroke::new(1.0, GOLD);
    visuals.widgets.inactive.weak_bg_fill = Color32::from_rgb(54, 60, 80);
    visuals.widgets.hovered.weak_bg_fill = Color32::from_rgb(74, 80, 104);
    visuals.widgets.active.weak_bg_fill = ACCENT;
    visuals.widgets.hovered.bg_stroke = Stroke::new(1.0, GOLD);
    ctx.set_global_style(style);
}

pub fn backdrop() -> Frame {
    Frame::new().fill(BACKDROP).inner_margin(Margin::same(20))
}

/// The backdrop's margins without its fill, to let Bevy-drawn decoration show through.
pub fn open_backdrop() -> Frame {
    Frame::new().inner_margin(Margin::same(20))
}

/// The table panel: the felt shows through from the clear colour ([`TABLE_CLEAR`]).
pub fn table() -> Frame {
    Frame::new().inner_margin(Margin::same(16))
}

pub fn curtain() -> Frame {
    Frame::new()
        .fill(Color32::from_rgb(14, 14, 20))
        .inner_margin(Margin::same(20))
}

pub fn bar() -> Frame {
    Frame::new()
        .fill(PANEL)
        .inner_margin(Margin::symmetric(16, 10))
        .stroke(Stroke::new(1.0, GOLD_DIM))
}

pub fn side() -> Frame {
    Frame::new().fill(PANEL_DARK).inner_margin(Margin::same(14))
}

/// A framed box on the backdrop (a game tile, a form section).
pub fn tile() -> Frame {
    Frame::new()
        .fill(PANEL)
        .stroke(Stroke::new(1.0, GOLD_DIM))
        .corner_radius(12.0)
        .inner_margin(Margin::same(18))
}

pub fn banner() -> Frame {
    Frame::new()
        .fill(Color32::from_rgb(48, 40, 64))
        .stroke(Stroke::new(1.0, GOLD))
        .corner_radius(8.0)
        .inner_margin(Margin::symmetric(16, 10))
}
