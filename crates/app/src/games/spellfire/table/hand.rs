//! The deciding seat's hand, in the order the cards came (new cards at the end), each card ringed
//! when it can do something now. A click picks a card; it is played from the action bar or on a
//! lit place.

use bevy_egui::egui::{self, RichText};

use super::choices;
use super::tiles::{self, Look, Ring};
use super::{Click, Scene};
use crate::ui::theme;

pub fn hand(ui: &mut egui::Ui, scene: &Scene, out: &mut Vec<Click>) {
    let view = scene.view;
    ui.horizontal(|ui| {
        ui.label(RichText::new(format!("Your hand ({})", view.hand.len())).strong());
        ui.label(
            RichText::new(format!("hand limit {}", view.hand_limit))
                .size(13.0)
                .color(theme::MUTED),
        );
    });
    if view.hand.is_empty() {
        ui.label(RichText::new("no cards").italics().color(theme::MUTED));
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing = egui::vec2(6.0, 6.0);
        for card in &view.hand {
            let ring = if scene.picked == Some(card.id) {
                Ring::Picked
            } else if choices::is_active(scene.legal, card.id) {
                Ring::Lit
            } else {
                Ring::None
            };
            let look = Look {
                ring,
                ..Look::default()
            };
            if tiles::tile(ui, scene, card, egui::vec2(112.0, 64.0), look).clicked() {
                out.push(Click::Card(card.id));
            }
        }
    });
}
