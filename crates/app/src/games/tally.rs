//! The kernel's test-only game Tally, for developers and tests: exercises the generic table frame,
//! hot-seat curtain, the card widget and computer seats. Listed only with `--dev-games`.

use bevy_egui::egui;
use spellhall_core::content::ContentError;
use spellhall_core::testkit::{Tally, TallyAction, TallyConfig, TallyView};
use spellhall_core::{GameRng, ToAct};

use super::{GameAdapter, TableInput, UserContent};
use crate::ui::card::{CardFace, CardSize, card};
use crate::ui::theme;

pub struct TallyAdapter;

fn face(value: u8) -> CardFace {
    let colours = [
        egui::Color32::from_rgb(70, 110, 160),
        egui::Color32::from_rgb(60, 130, 80),
        egui::Color32::from_rgb(150, 120, 50),
        egui::Color32::from_rgb(150, 70, 60),
        egui::Color32::from_rgb(110, 60, 140),
    ];
    CardFace {
        name: format!("Tally {value}"),
        type_line: "Tally card".into(),
        frame: colours[usize::from(value.clamp(1, 5) - 1)],
        badge: Some(value.to_string()),
        icon: ["🌙", "🔥", "⭐", "⚔", "🐉"][usize::from(value.clamp(1, 5) - 1)].into(),
        text: format!("Bank to score {value}; a 6 on the die doubles it."),
        footer: "test game".into(),
    }
}

impl GameAdapter for TallyAdapter {
    type G = Tally;
    const TAGLINE: &'static str = "The kernel's test game: draw, bank, roll.";
    const HAS_COMPUTER: bool = true;

    fn config(players: u8, _options: &[usize], _content: &()) -> Result<TallyConfig, String> {
        Ok(TallyConfig { players, copies: 4 })
    }

    fn shipped_content() -> Result<(), Vec<ContentError>> {
        Ok(())
    }

    fn user_content() -> UserContent<()> {
        UserContent::NotTaken("it is the kernel's test game")
    }

    fn draw_table(ui: &mut egui::Ui, table: &TableInput<'_, Tally>) -> Option<TallyAction> {
        let (view, legal, names) = (table.view, table.legal, table.names);
        let mut chosen = None;
        ui.horizontal(|ui| {
            for (i, name) in names.iter().enumerate() {
                let turn = view.to_act == ToAct::Seat(spellhall_core::Seat(i as u8));
                let text = egui::RichText::new(format!(
                    "{name}: {} points, {} in hand",
                    view.scores[i], view.hand_sizes[i]
                ))
                .size(18.0);
                ui.label(if turn { text.color(theme::GOLD).strong() } else { text });
                ui.add_space(20.0);
            }
        });
        ui.label(format!("Deck: {} cards", view.deck_size));
        ui.add_space(16.0);
        ui.label(egui::RichText::new("Your hand").size(20.0).strong());
        ui.horizontal(|ui| {
            for &value in &view.hand {
                let response = card(ui, &face(value), CardSize::Preview);
                if response.clicked() && legal.contains(&TallyAction::Bank(value)) {
                    chosen = Some(TallyAction::Bank(value));
                }
            }
        });
        ui.add_space(16.0);
        ui.horizontal(|ui| {
            for action in legal {
                if ui.button((table.describe)(action)).clicked() {
                    chosen = Some(action.clone());
                }
            }
        });
        chosen
    }

    fn computer_choice(_view: &TallyView, legal: &[TallyAction], _content: &(), rng: &mut GameRng) -> usize {
        // Bank the highest card when holding one, otherwise whatever comes.
        legal
            .iter()
            .rposition(|a| matches!(a, TallyAction::Bank(_)))
            .unwrap_or_else(|| rng.below(legal.len()))
    }

    fn rules_summary(_content: &()) -> String {
        "Tally is the kernel's test game. On your turn draw a card (at most 3 in hand) or bank one: \
         roll a die and score its value, doubled on a 6. With the deck and your hand empty you pass. \
         When every card is banked, the highest score wins."
            .into()
    }
}
