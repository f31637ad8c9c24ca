//! The kingdoms: each seat's Strongholds and Hordes as chips showing their Force now, marked as the
//! battle or the viewer's pick needs.

use bevy_egui::egui::{self, Align2, Color32, FontId, RichText, Sense, Stroke, StrokeKind, vec2};
use mighty_magics::{Action, CardId, Cards, InPlayView, KingdomView, Stage, card_text};
use spellhall_core::plural;

use super::counters::cost_words;
use super::{HORDE, STRONGHOLD, Scene};
use crate::ui::card::fit_font;
use crate::ui::theme;

const TARGET: Color32 = Color32::from_rgb(235, 80, 70);
const ATTACKING: Color32 = Color32::from_rgb(240, 150, 50);
const DEFENDING: Color32 = Color32::from_rgb(90, 160, 240);

/// How a chip in play is marked in the battle or as a pick.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mark {
    None,
    Target,
    Attacking,
    Defending,
    Casualty,
    /// A legal pick for what the viewer is doing now.
    Pickable,
}

const CHIP: egui::Vec2 = vec2(128.0, 50.0);

/// A Stronghold or Horde in play: name, Force now, bonuses; returns the click.
fn chip(ui: &mut egui::Ui, cards: &Cards, item: &InPlayView, show_defending: bool, mark: Mark) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(CHIP, Sense::click());
    let def = cards.get(item.card);
    let fill = if def.is_stronghold() { STRONGHOLD } else { HORDE };
    let painter = ui.painter();
    painter.rect_filled(rect, 6.0, fill);
    let (stroke, width) = match mark {
        Mark::None => (Color32::BLACK, 1.0),
        Mark::Target => (TARGET, 3.0),
        Mark::Attacking => (ATTACKING, 3.0),
        Mark::Defending => (DEFENDING, 3.0),
        Mark::Casualty => (TARGET, 3.0),
        Mark::Pickable => (theme::GOLD, 2.5),
    };
    let width = if response.hovered() { width + 1.0 } else { width };
    painter.rect_stroke(rect, 6.0, Stroke::new(width, stroke), StrokeKind::Inside);
    let force = if show_defending {
        item.defending_force
    } else {
        item.force
    };
    let badge = egui::Rect::from_min_size(rect.right_top() + vec2(-34.0, 5.0), vec2(29.0, 29.0));
    painter.circle_filled(badge.center(), 14.0, theme::PARCHMENT);
    painter.text(
        badge.center(),
        Align2::CENTER_CENTER,
        force.to_string(),
        FontId::proportional(17.0),
        theme::INK,
    );
    let name_font = fit_font(painter, &def.name, 14.0, CHIP.x - 44.0);
    painter.text(
        rect.left_top() + vec2(7.0, 6.0),
        Align2::LEFT_TOP,
        &def.name,
        name_font,
        Color32::WHITE,
    );
    let base = u32::from(def.base_force());
    let extra = if force > base {
        format!("{base} +{}", force - base)
    } else {
        String::new()
    };
    let note = if item.attached.is_empty() {
        extra
    } else {
        let names: Vec<&str> = item.attached.iter().map(|&m| cards.get(m).name.as_str()).collect();
        format!("{extra} {}", names.join(", ")).trim().to_string()
    };
    if !note.is_empty() {
        let font = fit_font(painter, &note, 12.0, CHIP.x - 44.0);
        painter.text(
            rect.left_bottom() + vec2(7.0, -7.0),
            Align2::LEFT_BOTTOM,
            note,
            font,
            theme::PARCHMENT,
        );
    }
    if mark == Mark::Casualty {
        painter.line_segment(
            [rect.left_top() + vec2(4.0, 4.0), rect.right_bottom() - vec2(4.0, 4.0)],
            Stroke::new(3.0, TARGET),
        );
    }
    response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &def.name));
    response.on_hover_ui(|ui| {
        ui.label(RichText::new(&def.name).strong());
        ui.label(format!(
            "{} · printed Force {} · now {}",
            if def.is_stronghold() { "Stronghold" } else { "Horde" },
            def.base_force(),
            item.force
        ));
        if item.defending_force != item.force {
            ui.label(format!("Force {} when defending", item.defending_force));
        }
        for bonus in &item.bonuses {
            ui.label(format!("+{} from {}", bonus.amount, cards.get(bonus.source).name));
        }
        ui.label(card_text(def));
        ui.label(format!("Cost: {}", cost_words(&def.cost_units())));
    })
}

impl Scene<'_> {
    pub(super) fn kingdom(&self, ui: &mut egui::Ui, kingdom: &KingdomView, chosen: &mut Option<Action>) {
        let view = self.view;
        let seat = kingdom.seat;
        let mine = seat == view.viewer;
        let active = seat == view.active && view.winner.is_none();
        let frame = theme::tile()
            .inner_margin(egui::Margin::symmetric(10, 8))
            .stroke(Stroke::new(
                if active { 2.0 } else { 1.0 },
                if active { theme::GOLD } else { theme::GOLD_DIM },
            ));
        frame.show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal_wrapped(|ui| {
                let title = if mine {
                    format!("You ({})", self.name(seat))
                } else {
                    self.name(seat)
                };
                let title = RichText::new(title).size(18.0).strong();
                ui.label(if active { title.color(theme::GOLD) } else { title });
                ui.label(
                    RichText::new(format!("🏰 {} / {}", kingdom.stronghold_force, view.winning_force))
                        .size(16.0)
                        .color(if kingdom.stronghold_force >= view.winning_force {
                            theme::GOLD
                        } else {
                            theme::TEXT
                        }),
                )
                .on_hover_text(format!(
                    "Force of Strongholds: {} at the start of your turn wins",
                    view.winning_force
                ));
                ui.label(RichText::new(format!("✋ {}", kingdom.hand_size)).color(theme::MUTED))
                    .on_hover_text(format!("Cards in hand (fills to {})", kingdom.hand_limit));
                if let Some(rolls) = kingdom.cursed {
                    ui.label(
                        RichText::new(format!("Cursed: {} next turn", plural(rolls, "roll", "rolls")))
                            .color(theme::DANGER),
                    );
                }
                if view.holder == Some(seat) {
                    ui.label(RichText::new("holds the counters").color(theme::GOLD));
                }
            });
            let in_battle = |card: CardId| {
                view.battle
                    .as_ref()
                    .is_some_and(|b| b.stage != Stage::Declare && b.defenders.contains(&card))
            };
            // At a big table each kingdom's Strongholds and Hordes share one row, so that your own
            // kingdom and hand stay on the screen.
            let compact = view.kingdoms.len() > 3;
            let rows: Vec<(Vec<&InPlayView>, &str)> = if compact {
                vec![(
                    kingdom.strongholds.iter().chain(&kingdom.hordes).collect(),
                    "nothing in play",
                )]
            } else {
                vec![
                    (kingdom.strongholds.iter().collect(), "no Strongholds"),
                    (kingdom.hordes.iter().collect(), "no Hordes"),
                ]
            };
            for (items, empty) in rows {
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing = vec2(6.0, 6.0);
                    if items.is_empty() {
                        ui.label(RichText::new(empty).italics().color(theme::MUTED));
                    }
                    for item in items {
                        let response = chip(ui, &view.cards, item, in_battle(item.card), self.mark(item.card));
                        if response.clicked()
                            && let Some(action) = self.click_on(item.card, seat)
                        {
                            *chosen = Some(action);
                        }
                    }
                });
            }
        });
    }
}
