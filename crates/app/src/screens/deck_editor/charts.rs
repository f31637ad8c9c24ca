//! The deck's statistics as charts: cards per type, the champions' level curve, realms by world,
//! and the exact chance of a realm by the end of the second turn. Numbers come from the
//! `spellfire` crate's `deck_stats`; this file only draws them.

use bevy_egui::egui::{self, Color32, RichText, Sense, Stroke, pos2, vec2};
use spellfire::cards::CardType;

use super::model::DeckEditor;
use crate::ui::theme;

const BAR: Color32 = Color32::from_rgb(196, 160, 84);

pub fn statistics(ui: &mut egui::Ui, editor: &DeckEditor) {
    let stats = &editor.stats;
    egui::ScrollArea::vertical()
        .id_salt("stats")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if stats.cards == 0 {
                ui.label(RichText::new("Add cards to see the deck's statistics.").color(theme::MUTED));
                return;
            }
            heading(ui, "Realm by the end of turn 2");
            let realm = stats.no_realm.complement();
            ui.label(
                RichText::new(format!("{:.1} %", realm.as_f64() * 100.0))
                    .size(26.0)
                    .color(theme::GOLD)
                    .strong(),
            );
            ui.label(
                RichText::new(format!(
                    "Chance that the {} cards you see by then ({} dealt, then {} drawn on each of your \
                     first two turns) hold at least one of your {} realms; otherwise you may call the \
                     two-draw mulligan. Exactly {}/{} against.",
                    stats.seen_by_turn_two,
                    stats.opening_hand,
                    stats.draw_per_turn,
                    stats.realms,
                    stats.no_realm.numerator,
                    stats.no_realm.denominator
                ))
                .color(theme::MUTED)
                .size(13.0),
            );

            heading(ui, "Cards per type");
            let rows: Vec<(String, u32)> = CardType::DECK_ORDER
                .iter()
                .filter_map(|kind| stats.by_type.get(kind).map(|n| (kind.crossfire_name().to_string(), *n)))
                .collect();
            horizontal_bars(ui, &rows);

            heading(
                ui,
                &format!(
                    "Champions: {} with {} levels in all",
                    stats.champions, stats.total_levels
                ),
            );
            if stats.level_curve.is_empty() {
                ui.label(RichText::new("No champions yet.").color(theme::MUTED));
            } else {
                level_curve(ui, editor);
            }

            heading(ui, &format!("Realms by world ({})", stats.realms));
            let rows: Vec<(String, u32)> = stats
                .realms_by_world
                .iter()
                .map(|(w, n)| (w.name().to_string(), *n))
                .collect();
            if rows.is_empty() {
                ui.label(RichText::new("No realms yet.").color(theme::MUTED));
            } else {
                horizontal_bars(ui, &rows);
            }
        });
}

fn heading(ui: &mut egui::Ui, text: &str) {
    ui.add_space(6.0);
    ui.label(RichText::new(text).color(theme::GOLD).strong());
}

/// One labelled bar per row, scaled to the largest.
fn horizontal_bars(ui: &mut egui::Ui, rows: &[(String, u32)]) {
    let most = rows.iter().map(|(_, n)| *n).max().unwrap_or(1).max(1) as f32;
    let width = ui.available_width();
    let label_width = 120.0;
    for (label, n) in rows {
        let (rect, _) = ui.allocate_exact_size(vec2(width, 18.0), Sense::hover());
        let painter = ui.painter();
        painter.text(
            pos2(rect.min.x, rect.center().y),
            egui::Align2::LEFT_CENTER,
            label,
            egui::FontId::proportional(13.0),
            theme::TEXT,
        );
        let room = rect.width() - label_width - 34.0;
        let bar = egui::Rect::from_min_size(
            pos2(rect.min.x + label_width, rect.min.y + 3.0),
            vec2(room * *n as f32 / most, 12.0),
        );
        painter.rect_filled(bar, 2.0, BAR);
        painter.text(
            pos2(bar.max.x + 6.0, rect.center().y),
            egui::Align2::LEFT_CENTER,
            n.to_string(),
            egui::FontId::proportional(13.0),
            theme::MUTED,
        );
    }
}

/// Champions per level as columns, every level from the lowest to the highest shown.
fn level_curve(ui: &mut egui::Ui, editor: &DeckEditor) {
    let curve = &editor.stats.level_curve;
    let (Some(&low), Some(&high)) = (curve.keys().next(), curve.keys().next_back()) else {
        return;
    };
    let low = low.min(1);
    let levels: Vec<i32> = (low..=high).collect();
    let most = curve.values().copied().max().unwrap_or(1).max(1) as f32;
    let height = 90.0;
    let (rect, _) = ui.allocate_exact_size(vec2(ui.available_width(), height + 32.0), Sense::hover());
    let painter = ui.painter();
    let column = (rect.width() / levels.len() as f32).min(36.0);
    let base = rect.min.y + 14.0 + height;
    painter.line_segment(
        [
            pos2(rect.min.x, base),
            pos2(rect.min.x + column * levels.len() as f32, base),
        ],
        Stroke::new(1.0, theme::MUTED),
    );
    for (i, level) in levels.iter().enumerate() {
        let n = curve.get(level).copied().unwrap_or(0);
        let x = rect.min.x + column * i as f32;
        let h = height * n as f32 / most;
        if n > 0 {
            painter.rect_filled(
                egui::Rect::from_min_max(pos2(x + 3.0, base - h), pos2(x + column - 3.0, base)),
                2.0,
                BAR,
            );
            painter.text(
                pos2(x + column / 2.0, base - h - 2.0),
                egui::Align2::CENTER_BOTTOM,
                n.to_string(),
                egui::FontId::proportional(12.0),
                theme::TEXT,
            );
        }
        painter.text(
            pos2(x + column / 2.0, base + 3.0),
            egui::Align2::CENTER_TOP,
            level.to_string(),
            egui::FontId::proportional(12.0),
            theme::MUTED,
        );
    }
}
