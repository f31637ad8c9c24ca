//! The action bar: the buttons that move the game on, then the picked card and what it may do now,
//! each action a button worded by the engine (with its cost), the places it may go, or why it can
//! do nothing.

use bevy_egui::egui::{self, RichText};

use super::choices::{self, Place};
use super::{Click, Scene, find_card, tiles};
use crate::ui::theme;

pub fn action_bar(ui: &mut egui::Ui, scene: &Scene, out: &mut Vec<Click>) {
    egui::Frame::new()
        .fill(theme::PANEL)
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(8, 6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.set_min_height(30.0);
            ui.horizontal_wrapped(|ui| bar_body(ui, scene, out));
        });
}

fn bar_body(ui: &mut egui::Ui, scene: &Scene, out: &mut Vec<Click>) {
    super::combat::moves(ui, scene, out);
    let Some(card) = scene.picked.and_then(|c| find_card(scene.view, c)) else {
        let hint = if scene.deciding() {
            "Click a card to see what it can do."
        } else {
            "Waiting for another player."
        };
        ui.label(RichText::new(hint).color(theme::MUTED))
            .on_hover_text("The arrow keys move through the hand; Enter takes the ringed action.");
        return;
    };
    ui.label(RichText::new(tiles::name(scene, &card)).strong().color(theme::GOLD));
    if let Some(why) = scene.why {
        ui.label(RichText::new(why).color(theme::DANGER));
        return;
    }
    let actions = choices::actions_of(scene.legal, card.id);
    let highlighted = choices::highlighted(scene.legal, scene.picked);
    let mut places = 0;
    for action in actions {
        if choices::place(action).is_some() {
            places += 1;
            continue;
        }
        let enter = highlighted == Some(action);
        let mut text = (scene.describe)(action);
        if enter {
            text.push_str("  (Enter)");
        }
        let mut button = egui::Button::new(text);
        if enter {
            button = button.stroke(egui::Stroke::new(2.0, theme::GOLD));
        }
        if ui.add(button).clicked() {
            out.push(Click::Act(action.clone()));
        }
    }
    if places > 0 {
        let hint = match scene.places.first() {
            Some(Place::Own(_)) => "click a lit position of your formation",
            Some(Place::Champion(_)) => "click a lit champion",
            Some(Place::Realm(..)) => "click a lit realm to attack it",
            None => "",
        };
        ui.label(RichText::new(format!("Where? {hint}.")).color(tiles::LIT));
        // The same choices as buttons, for the keyboard and for small tiles.
        for action in choices::actions_of(scene.legal, card.id) {
            if choices::place(action).is_some() && ui.small_button((scene.describe)(action)).clicked() {
                out.push(Click::Act(action.clone()));
            }
        }
    }
}
