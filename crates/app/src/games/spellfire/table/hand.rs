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
    let size = tile_size(view.hand.len(), ui.available_width());
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing = egui::vec2(GAP, GAP);
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
            if tiles::tile(ui, scene, card, size, look).clicked() {
                out.push(Click::Card(card.id));
            }
        }
    });
}

const GAP: f32 = 6.0;
const FULL: egui::Vec2 = egui::vec2(112.0, 64.0);
/// The narrowest a hand card gets before the hand wraps: its name still shows a few letters.
const NARROWEST: f32 = 64.0;

/// The size of a hand card so that the whole hand stays in one row of `width` (a second row would
/// fall below the window at six players): full size while it fits, then narrower down to
/// `NARROWEST`; past that the hand wraps, in rows low enough that two fit where one full row did.
fn tile_size(cards: usize, width: f32) -> egui::Vec2 {
    let across = |in_a_row: usize| {
        let in_a_row = in_a_row.max(1) as f32;
        ((width - GAP * (in_a_row - 1.0)) / in_a_row).floor()
    };
    let fitted = across(cards);
    if fitted >= FULL.x {
        FULL
    } else if fitted >= NARROWEST {
        egui::vec2(fitted, FULL.y)
    } else {
        egui::vec2(across(cards.div_ceil(2)).clamp(NARROWEST, FULL.x), (FULL.y - GAP) / 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_that_fits_keeps_full_size_cards() {
        assert_eq!(tile_size(5, 620.0), FULL);
        assert_eq!(tile_size(0, 620.0), FULL);
    }

    #[test]
    fn a_larger_hand_narrows_its_cards_to_stay_in_one_row() {
        let size = tile_size(8, 620.0);
        assert!(size.x < FULL.x && size.x >= NARROWEST, "{size:?}");
        assert!(8.0 * size.x + 7.0 * GAP <= 620.0);
        assert_eq!(size.y, FULL.y);
    }

    #[test]
    fn a_hand_too_large_for_one_row_wraps_in_two_half_height_rows() {
        let size = tile_size(14, 620.0);
        assert!(7.0 * size.x + 6.0 * GAP <= 620.0, "{size:?}");
        assert!(2.0 * size.y + GAP <= FULL.y);
    }
}
