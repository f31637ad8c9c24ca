//! The viewer's hand (each card with its cost, ringed where the tray falls short) and the payment
//! panel of the picked card.

use bevy_egui::egui::{self, Color32, RichText, Stroke, StrokeKind};
use mighty_magics::{Action, Choice, Kind, Magic, Phase, Resource, card_text};
use spellhall_core::plural;

use super::counters::{cost_words, counter, counter_row};
use super::{Pick, Scene, face};
use crate::ui::card::{CardSize, card};
use crate::ui::theme;

/// The viewer's hand: each card with its cost and whether the tray pays for it.
pub(super) fn hand(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick, chosen: &mut Option<Action>) {
    let view = scene.view;
    let holding = view.holder == Some(view.viewer) && view.deciding();
    // Wrapped, so that a long Divination list stays within the hand's width (never pushing the
    // payment panel beside it out of the table).
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Your hand").size(18.0).strong());
        if !view.foresight.is_empty() {
            let names: Vec<&str> = view
                .foresight
                .iter()
                .map(|&c| view.cards.get(c).name.as_str())
                .collect();
            ui.add(
                egui::Label::new(
                    RichText::new(format!("Divination, next cards: {}", names.join(", "))).color(theme::MUTED),
                )
                .wrap(),
            );
        }
    });
    egui::ScrollArea::horizontal().id_salt("mm-hand").show(ui, |ui| {
        ui.horizontal(|ui| {
            if view.hand.is_empty() {
                ui.label(RichText::new("no cards").italics().color(theme::MUTED));
            }
            for held in &view.hand {
                ui.vertical(|ui| {
                    ui.set_width(CardSize::InPlay.size().x);
                    let response = card(ui, &face(&view.cards, held.card), CardSize::InPlay);
                    if pick.card == Some(held.card) {
                        ui.painter().rect_stroke(
                            response.rect.expand(2.0),
                            8.0,
                            Stroke::new(3.0, theme::GOLD),
                            StrokeKind::Outside,
                        );
                    }
                    // The cost, with the counters the tray cannot cover ringed in red.
                    let mut missing = held.missing.clone();
                    ui.horizontal_wrapped(|ui| {
                        ui.spacing_mut().item_spacing.x = 3.0;
                        for unit in view.cards.get(held.card).cost_units() {
                            let response = counter(ui, unit, 20.0);
                            if holding && let Some(i) = missing.iter().position(|&m| m == unit) {
                                missing.remove(i);
                                ui.painter().circle_stroke(
                                    response.rect.center(),
                                    11.0,
                                    Stroke::new(2.5, theme::DANGER),
                                );
                            }
                        }
                    });
                    if holding {
                        if held.missing.is_empty() {
                            ui.label(RichText::new("✔ can pay").color(Color32::from_rgb(130, 210, 130)));
                        } else {
                            ui.label(RichText::new("✖ cannot pay").color(theme::DANGER))
                                .on_hover_text(format!("Missing {}", cost_words(&held.missing)));
                        }
                    }
                    if response.clicked() && view.deciding() {
                        match view.phase {
                            Phase::Draw => *chosen = Some(Action::Discard(held.card)),
                            Phase::Recruit { .. } => {
                                *pick = Pick {
                                    card: Some(held.card),
                                    payment: 0,
                                };
                            }
                            _ => {}
                        }
                    }
                });
            }
        });
    });
}

/// What a payment spends, in words: the counters used as themselves, then those used for
/// something else ("Stone, Gold for Metal"), so that two payments never read alike.
fn payment_words(cost: &[Resource], spend: &[Resource]) -> String {
    let mut open: Vec<Resource> = cost.to_vec();
    let mut exact = Vec::new();
    let mut other = Vec::new();
    for &counter in spend {
        match open.iter().position(|&need| need == counter) {
            Some(i) => {
                open.remove(i);
                exact.push(counter);
            }
            None => other.push(counter),
        }
    }
    let mut words = Vec::new();
    if !exact.is_empty() {
        words.push(cost_words(&exact));
    }
    if !other.is_empty() {
        words.push(format!("{} for {}", cost_words(&other), cost_words(&open)));
    }
    words.join(" + ")
}

/// The ways to pay for the picked card, and the button or targets that play it.
pub(super) fn payment_panel(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick, chosen: &mut Option<Action>) {
    let view = scene.view;
    let Some(card) = pick.card else {
        return;
    };
    let def = view.cards.get(card);
    let plays: Vec<&Action> = scene
        .legal
        .iter()
        .filter(|a| matches!(a, Action::Recruit { card: c, .. } | Action::Cast { card: c, .. } if *c == card))
        .collect();
    let mut spends: Vec<Vec<Resource>> = Vec::new();
    for action in &plays {
        if let Action::Recruit { spend, .. } | Action::Cast { spend, .. } = action
            && !spends.contains(spend)
        {
            spends.push(spend.clone());
        }
    }
    theme::tile()
        .inner_margin(egui::Margin::symmetric(12, 8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                if ui.small_button("✖").on_hover_text("Put it back").clicked() {
                    *pick = Pick::default();
                }
                ui.label(RichText::new(&def.name).size(17.0).strong());
            });
            ui.label(RichText::new(card_text(def)).color(theme::MUTED));
            if spends.is_empty() {
                let missing = view
                    .hand
                    .iter()
                    .find(|h| h.card == card)
                    .map(|h| h.missing.clone())
                    .unwrap_or_default();
                let why = if missing.is_empty() {
                    "it has no target now".to_string()
                } else {
                    format!("missing {}", cost_words(&missing))
                };
                ui.label(RichText::new(format!("You cannot play it now: {why}.")).color(theme::DANGER));
                return;
            }
            pick.payment = pick.payment.min(spends.len() - 1);
            // The buttons first, so that a long list of payments never pushes them off the table;
            // the payment chosen below is the one they spend.
            let spend = &spends[pick.payment];
            let choices: Vec<&Action> = plays
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Recruit { spend: s, .. } | Action::Cast { spend: s, .. } if s == spend))
                .collect();
            ui.horizontal_wrapped(|ui| {
                for action in choices {
                    let text = match action {
                        Action::Recruit { .. } => format!("Recruit {}", def.name),
                        Action::Cast { choice, .. } => match choice {
                            Choice::Nothing => format!("Play {}", def.name),
                            // Cards in play are picked on the table; a Horde in hand by name.
                            Choice::Card(target) if view.hand.iter().any(|h| h.card == *target) => {
                                format!("Summon {}", view.cards.get(*target).name)
                            }
                            Choice::Card(_) => continue,
                            Choice::Opponent(seat) => format!("Curse {}", scene.name(*seat)),
                            Choice::DrawCards | Choice::MoreResources => {
                                let Kind::Magic(Magic::CardsOrResources { cards, resources }) = def.kind else {
                                    continue;
                                };
                                if *choice == Choice::DrawCards {
                                    format!("Draw {}", plural(cards, "card", "cards"))
                                } else {
                                    format!("Draw {}", plural(resources, "more counter", "more counters"))
                                }
                            }
                        },
                        _ => continue,
                    };
                    if ui.button(RichText::new(text).size(16.0)).clicked() {
                        *chosen = Some(action.clone());
                    }
                }
                if scene.aiming.is_some() {
                    ui.label(RichText::new("Click a gold-ringed card on the table as the target.").color(theme::GOLD));
                }
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("Pay with:");
                let cost = def.cost_units();
                for (i, spend) in spends.iter().enumerate() {
                    ui.scope(|ui| {
                        let selected = pick.payment == i;
                        let response = ui.radio(selected, payment_words(&cost, spend));
                        counter_row(ui, spend, 20.0);
                        if response.clicked() {
                            pick.payment = i;
                        }
                    });
                    ui.add_space(10.0);
                }
            });
        });
}
