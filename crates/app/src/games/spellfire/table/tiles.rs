//! Cards on the table, drawn small: a tile with the card's frame colour, name and level, the mark
//! of a power not enforced, and rings for what may be clicked. Hovering a tile shows the large face
//! with our own words for its power (and the printed text, if the player imported it).

use std::sync::Arc;

use bevy_egui::egui::{self, Align2, Color32, CornerRadius, FontId, Rect, RichText, Sense, Stroke, StrokeKind, Vec2};
use spellfire::{CardView, describe};

use super::Scene;
use crate::ui::card::{self, CardSize, fit_font};
use crate::ui::spellfire_card::{face, type_look};
use crate::ui::theme;

/// How a tile is ringed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ring {
    #[default]
    None,
    /// It may be clicked now (a card with something to do, a place the picked card may go).
    Lit,
    /// The picked card.
    Picked,
}

/// What a tile shows besides the card.
#[derive(Clone, Copy, Debug, Default)]
pub struct Look {
    pub ring: Ring,
    /// Face down (a razed realm): the back, with the name small.
    pub face_down: bool,
    /// Drawn under another card (a holding tucked under its realm).
    pub tucked: bool,
}

pub const LIT: Color32 = Color32::from_rgb(120, 220, 140);
pub const SHIELD: Color32 = Color32::from_rgb(120, 170, 240);

/// A card tile of `size`. The response is clickable; hovering shows the card large.
pub fn tile(ui: &mut egui::Ui, scene: &Scene, card: &CardView, size: Vec2, look: Look) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    let entry = scene.catalogue.get(card.card);
    let name = entry.map_or_else(|| card.card.to_string(), |e| e.card.name.to_string());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &name));
    if ui.is_rect_visible(rect) {
        let painter = ui.painter();
        let kind = entry.map(|e| e.card.kind);
        let (frame, icon) = kind.map_or((theme::PANEL, "?"), type_look);
        let radius = CornerRadius::same(4);
        // The card's fill and its ring are one shape: egui tessellates a filled, stroked rect as
        // one path, with about half the triangles of two shapes, and a software renderer's frame
        // time follows the triangles (a six-player table has a hundred tiles). The plain ring
        // lies inside the card, which keeps its corners' path short; a lit one stands out.
        let ring = match look.ring {
            Ring::None if response.hovered() => Stroke::new(1.0, theme::GOLD_DIM),
            Ring::None => Stroke::new(1.0, Color32::BLACK),
            Ring::Lit => Stroke::new(2.5, LIT),
            Ring::Picked => Stroke::new(3.5, theme::GOLD),
        };
        let ring_kind = if look.ring == Ring::None {
            StrokeKind::Inside
        } else {
            StrokeKind::Outside
        };
        if look.face_down {
            painter.rect(rect, radius, Color32::from_rgb(70, 50, 40), ring, ring_kind);
            painter.rect_stroke(
                rect.shrink(3.0),
                radius,
                Stroke::new(1.0, theme::GOLD_DIM),
                StrokeKind::Inside,
            );
            // Face down: the name dimmed and struck through, "razed" above it where there is room.
            let shown = name_galley(
                painter,
                &name,
                11.0,
                rect.width() - 6.0,
                theme::PARCHMENT.gamma_multiply(0.6),
            );
            let at = if rect.height() >= 34.0 {
                painter.text(
                    rect.center_top() + egui::vec2(0.0, 4.0),
                    Align2::CENTER_TOP,
                    "razed",
                    FontId::proportional(10.0),
                    theme::MUTED,
                );
                rect.center() + egui::vec2(0.0, 6.0)
            } else {
                rect.center()
            };
            let shown_rect = Align2::CENTER_CENTER.anchor_size(at, shown.size());
            painter.galley(shown_rect.min, shown, theme::PARCHMENT);
            painter.hline(
                shown_rect.x_range(),
                shown_rect.center().y,
                Stroke::new(1.0, theme::MUTED),
            );
        } else {
            painter.rect(rect, radius, frame, ring, ring_kind);
            // The name on a parchment bar, the level in a badge, the type's glyph below. A strip
            // (a holding or an attachment tucked under its card) is all bar, inside its own rect.
            let inset = if rect.height() < 20.0 { 1.0 } else { 2.0 };
            let bar = Rect::from_min_size(
                rect.min + egui::vec2(inset, inset),
                egui::vec2(rect.width() - 2.0 * inset, (rect.height() - 2.0 * inset).min(16.0)),
            );
            // Square corners: at this size rounding shows little and costs 24 triangles a shape.
            painter.rect_filled(bar, CornerRadius::ZERO, theme::PARCHMENT);
            let level = entry.and_then(|e| e.card.level.as_ref()).map(ToString::to_string);
            let badge_width = level.as_ref().map_or(0.0, |l| 8.0 + 6.5 * l.len() as f32);
            let galley = name_galley(
                painter,
                &name,
                bar.height().min(12.0),
                bar.width() - badge_width - 4.0,
                theme::INK,
            );
            let at = Align2::LEFT_CENTER.anchor_size(bar.left_center() + egui::vec2(2.0, 0.0), galley.size());
            painter.galley(at.min, galley, theme::INK);
            if let Some(level) = level {
                let badge = Rect::from_min_size(
                    egui::pos2(bar.max.x - badge_width, bar.min.y),
                    egui::vec2(badge_width, bar.height()),
                );
                painter.rect_filled(badge, CornerRadius::ZERO, Color32::from_rgb(40, 30, 30));
                painter.text(
                    badge.center(),
                    Align2::CENTER_CENTER,
                    level,
                    FontId::proportional(11.0),
                    theme::GOLD,
                );
            }
            if rect.height() >= 40.0 {
                let below = Rect::from_min_max(egui::pos2(rect.min.x, bar.max.y), rect.max);
                painter.text(
                    below.center(),
                    Align2::CENTER_CENTER,
                    icon,
                    FontId::proportional((below.height() * 0.55).min(30.0)),
                    theme::PARCHMENT.gamma_multiply(0.9),
                );
            }
            if !card.enforced {
                unenforced_mark(painter, rect);
            }
        }
        if look.tucked {
            painter.rect_filled(rect, radius, Color32::from_black_alpha(30));
        }
    }
    response.on_hover_ui(|ui| preview(ui, scene, card))
}

/// The smallest print a card's name gets on a tile: below it a name is cut short with "…" (the
/// hover shows the card whole) rather than shrunk past reading.
const SMALLEST_NAME: f32 = 10.0;

/// `name` on one line in `width`: at `size`, or smaller down to [`SMALLEST_NAME`], then cut short.
fn name_galley(painter: &egui::Painter, name: &str, size: f32, width: f32, colour: Color32) -> Arc<egui::Galley> {
    let font = fit_font(painter, name, size, width);
    let font = FontId::proportional(font.size.max(SMALLEST_NAME.min(size)));
    let mut job = egui::text::LayoutJob::simple_singleline(name.to_string(), font, colour);
    job.wrap = egui::text::TextWrapping::truncate_at_width(width.max(1.0));
    painter.layout_job(job)
}

/// The small mark of a card whose power the engine does not enforce.
fn unenforced_mark(painter: &egui::Painter, rect: Rect) {
    let centre = rect.right_bottom() + egui::vec2(-8.0, -8.0);
    painter.circle(centre, 7.0, theme::DANGER_BG, Stroke::new(1.0, theme::DANGER));
    painter.text(
        centre,
        Align2::CENTER_CENTER,
        "!",
        FontId::proportional(11.0),
        theme::PARCHMENT,
    );
}

/// The card large, with its power in our words: the hover of every tile.
pub fn preview(ui: &mut egui::Ui, scene: &Scene, card: &CardView) {
    let Some(entry) = scene.catalogue.get(card.card) else {
        ui.label(format!("Card {} is not in the catalogue.", card.card));
        return;
    };
    ui.set_max_width(CardSize::Preview.size().x + 300.0);
    ui.horizontal_top(|ui| {
        card::card(ui, &face(entry), CardSize::Preview);
        ui.vertical(|ui| {
            ui.set_width(290.0);
            ui.label(RichText::new(&*entry.card.name).strong().color(theme::GOLD).size(18.0));
            ui.label(RichText::new(format!("{} · {}", entry.card.kind.crossfire_name(), entry.id)).color(theme::MUTED));
            for line in describe(&entry.card) {
                ui.add(egui::Label::new(line).wrap());
            }
            if !card.enforced {
                // A partly scripted power names what it leaves out in its own lines above.
                let warning = if matches!(entry.card.power, spellfire::Power::Unscripted) {
                    "Not enforced: this card plays by its type's rules only; its power does nothing yet."
                } else {
                    "Partly enforced: what the line above names does nothing yet; the rest of the power acts."
                };
                ui.add(egui::Label::new(RichText::new(warning).color(theme::DANGER)).wrap());
            }
            if let Some(text) = scene.printed.and_then(|texts| texts.get(&card.card)) {
                ui.add_space(4.0);
                ui.label(RichText::new("Printed text (from your CrossFire folder)").color(theme::GOLD_DIM));
                ui.add(egui::Label::new(RichText::new(text).italics()).wrap());
            }
        });
    });
}

/// A card back with a count: another player's hand, a draw pile.
pub fn back(ui: &mut egui::Ui, size: Vec2, count: usize, what: &str) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    if ui.is_rect_visible(rect) {
        let painter = ui.painter();
        painter.rect_filled(rect, CornerRadius::same(4), Color32::from_rgb(90, 40, 40));
        painter.rect_stroke(
            rect.shrink(2.0),
            CornerRadius::same(3),
            Stroke::new(1.0, theme::GOLD_DIM),
            StrokeKind::Inside,
        );
        painter.text(
            rect.center(),
            Align2::CENTER_CENTER,
            count.to_string(),
            FontId::proportional(15.0),
            theme::GOLD,
        );
    }
    response.on_hover_text(format!("{what}: {count}"))
}

/// The card's name, or its reference when the catalogue does not know it.
pub fn name(scene: &Scene, card: &CardView) -> String {
    scene
        .catalogue
        .get(card.card)
        .map_or_else(|| card.card.to_string(), |e| e.card.name.to_string())
}
