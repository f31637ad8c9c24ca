//! The resource counters: a disc per counter in its resource's colour with a glyph, and costs in words.

use bevy_egui::egui::{self, Align2, Color32, FontId, Sense, Stroke, vec2};
use mighty_magics::Resource;

/// A counter's colour, glyph and glyph colour.
pub(super) fn resource_style(resource: Resource) -> (Color32, &'static str, Color32) {
    let dark = Color32::from_rgb(30, 26, 22);
    match resource {
        Resource::Stone => (Color32::from_rgb(150, 150, 146), "🗻", dark),
        Resource::Wood => (Color32::from_rgb(122, 84, 44), "🌲", Color32::WHITE),
        Resource::Metal => (Color32::from_rgb(176, 196, 214), "⚙", dark),
        Resource::Men => (Color32::from_rgb(222, 176, 132), "👤", dark),
        Resource::Chaos => (Color32::from_rgb(150, 40, 150), "🌀", Color32::WHITE),
        Resource::Fire => (Color32::from_rgb(232, 92, 36), "🔥", Color32::WHITE),
        Resource::Water => (Color32::from_rgb(40, 110, 210), "💧", Color32::WHITE),
        Resource::Death => (Color32::from_rgb(40, 36, 40), "💀", Color32::WHITE),
        Resource::Law => (Color32::from_rgb(238, 234, 220), "⚖", dark),
        Resource::Magic => (Color32::from_rgb(120, 80, 230), "✨", Color32::WHITE),
        Resource::Air => (Color32::from_rgb(150, 220, 240), "☁", dark),
        Resource::Gold => (Color32::from_rgb(236, 190, 40), "💰", dark),
    }
}

/// One counter: a disc in the resource's colour with its glyph; hover names it.
pub(super) fn counter(ui: &mut egui::Ui, resource: Resource, diameter: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(vec2(diameter, diameter), Sense::hover());
    let (fill, glyph, ink) = resource_style(resource);
    let painter = ui.painter();
    painter.circle_filled(rect.center(), diameter / 2.0, fill);
    painter.circle_stroke(rect.center(), diameter / 2.0, Stroke::new(1.0, Color32::BLACK));
    painter.text(
        rect.center(),
        Align2::CENTER_CENTER,
        glyph,
        FontId::proportional(diameter * 0.55),
        ink,
    );
    response.on_hover_text(format!("{resource:?}"))
}

pub(super) fn counter_row(ui: &mut egui::Ui, counters: &[Resource], diameter: f32) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 3.0;
        for &r in counters {
            counter(ui, r, diameter);
        }
    });
}

pub(super) fn cost_words(cost: &[Resource]) -> String {
    let mut parts = Vec::new();
    for r in Resource::ALL {
        let n = cost.iter().filter(|&&c| c == r).count();
        if n > 0 {
            parts.push(format!("{n} {r:?}"));
        }
    }
    parts.join(", ")
}
