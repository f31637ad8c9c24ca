//! Spellcaster's table: the rival side across the top, the four colour placards in a row across the
//! middle (each top card turned to face the side that controls it), your side and hand below.

use bevy_egui::egui::{self, Color32, RichText};
use spellcaster::{Action, Answer, CardId, Colour, Config, Side, SpellOption, Spellcaster, Spells, View};
use spellhall_core::content::ContentError;
use spellhall_core::{GameRng, Seat, ToAct, plural};
use std::sync::Arc;

use super::{GameAdapter, StrongChoice, TableInput, UserContent};
use crate::ui::card::{CardFace, CardSize, card, card_facing};
use crate::ui::theme;

pub struct SpellcasterAdapter;

pub fn colour_of(colour: Colour) -> Color32 {
    match colour {
        Colour::Red => Color32::from_rgb(168, 52, 46),
        Colour::Yellow => Color32::from_rgb(196, 150, 40),
        Colour::Blue => Color32::from_rgb(48, 92, 170),
        Colour::Green => Color32::from_rgb(52, 124, 70),
    }
}

fn icon(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "🔥",
        Colour::Yellow => "☀",
        Colour::Blue => "💎",
        Colour::Green => "🌿",
    }
}

/// The face of a spell card, drawn from its definition.
pub fn face(spells: &Spells, card: CardId) -> CardFace {
    let spell = spells.get(card);
    CardFace {
        name: spell.name.clone(),
        type_line: format!(
            "{:?} · {} spell{}",
            spell.colour,
            spell.colour.school(),
            if spell.active { " · Active" } else { "" }
        ),
        frame: colour_of(spell.colour),
        badge: spell.active.then(|| "A".to_string()),
        icon: icon(spell.colour).to_string(),
        text: spellcaster::spell_text(spell),
        footer: "Spellcaster · Spellhall's design".into(),
    }
}

fn names_of(seats: &[Seat], names: &[String]) -> String {
    seats
        .iter()
        .map(|s| names.get(s.index()).cloned().unwrap_or_default())
        .collect::<Vec<_>>()
        .join(" and ")
}

/// A crystal with a number: Energy (amber) or Sapphires (blue).
fn crystal(ui: &mut egui::Ui, fill: Color32, value: u32, label: &str) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(26.0, 30.0), egui::Sense::hover());
        let c = rect.center();
        let points = vec![
            c + egui::vec2(0.0, -14.0),
            c + egui::vec2(11.0, -4.0),
            c + egui::vec2(6.0, 14.0),
            c + egui::vec2(-6.0, 14.0),
            c + egui::vec2(-11.0, -4.0),
        ];
        ui.painter().add(egui::Shape::convex_polygon(
            points,
            fill,
            egui::Stroke::new(1.5, Color32::WHITE),
        ));
        ui.label(RichText::new(value.to_string()).size(24.0).strong());
        ui.label(RichText::new(label).color(theme::MUTED));
    });
}

/// One filled pip per action left (at least two drawn, so a spent action shows as hollow).
fn action_pips(ui: &mut egui::Ui, left: u8) {
    let shown = usize::from(left).max(2);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(22.0 * shown as f32, 24.0), egui::Sense::hover());
    for i in 0..shown {
        let centre = egui::pos2(rect.min.x + 11.0 + 22.0 * i as f32, rect.center().y);
        if i < usize::from(left) {
            ui.painter().circle_filled(centre, 8.0, theme::GOLD);
        } else {
            ui.painter()
                .circle_stroke(centre, 8.0, egui::Stroke::new(1.5, theme::GOLD_DIM));
        }
    }
}

const ENERGY: Color32 = Color32::from_rgb(226, 150, 60);
const SAPPHIRE: Color32 = Color32::from_rgb(70, 120, 230);

fn side_strip(ui: &mut egui::Ui, view: &View, side: Side, names: &[String], title: &str) {
    let info = &view.sides[side.index()];
    theme::tile()
        .inner_margin(egui::Margin::symmetric(14, 8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            // Two mages a side with their hands do not fit one row of a narrow table.
            ui.horizontal_wrapped(|ui| {
                let turn = info.seats.contains(&view.turn_seat) && view.finish.is_none();
                let who = RichText::new(format!("{title}{}", names_of(&info.seats, names)))
                    .size(20.0)
                    .strong();
                ui.label(if turn { who.color(theme::GOLD) } else { who });
                ui.add_space(18.0);
                crystal(ui, ENERGY, info.pool.energy, "Energy");
                ui.add_space(10.0);
                crystal(ui, SAPPHIRE, info.pool.sapphires, "Sapphires");
                ui.add_space(18.0);
                for seat in &info.seats {
                    let n = view.hand_sizes[seat.index()];
                    let name = names.get(seat.index()).cloned().unwrap_or_default();
                    ui.label(RichText::new(format!("{name}: {}", plural(n, "card", "cards"))).color(theme::MUTED));
                }
            });
        });
}

fn option_label(option: &Option<SpellOption>) -> String {
    match option {
        None => "Cast".into(),
        Some(SpellOption::Target(colour)) => format!("Cast on {colour:?}"),
        Some(SpellOption::Gain) => "Cast: all draw".into(),
        Some(SpellOption::Lose) => "Cast: all lose".into(),
    }
}

/// The viewer's hand in one row (cards overlap when there are many), and what the selected card
/// can do. A click only selects: the card is played or discarded with the button that names it,
/// so a card that slid under the pointer is never played by mistake.
fn hand(
    ui: &mut egui::Ui,
    view: &View,
    legal: &[Action],
    describe: &dyn Fn(&Action) -> String,
    answering: bool,
) -> Option<Action> {
    let spells = &view.spells;
    let memory = ui.id().with("spellcaster-selected-card");
    let mut selected = ui
        .data(|d| d.get_temp::<CardId>(memory))
        .filter(|card| view.hand.contains(card));
    let mut chosen = None;
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        ui.label(RichText::new("Your hand").size(18.0).strong());
        match selected {
            Some(card) => {
                let spell = spells.get(card);
                let (action, label) = if answering {
                    (Action::Answer(Answer::Discard(card)), format!("Discard {}", spell.name))
                } else {
                    (Action::Play(card), format!("Play {} on {:?}", spell.name, spell.colour))
                };
                let button = ui
                    .add_enabled(
                        legal.contains(&action),
                        egui::Button::new(RichText::new(label).strong()),
                    )
                    .on_hover_text(describe(&action))
                    .on_disabled_hover_text("Not now: this is not your decision.");
                if button.clicked() {
                    chosen = Some(action);
                    selected = None;
                }
                if ui.button("Cancel").clicked() {
                    selected = None;
                }
            }
            None if view.hand.is_empty() => {
                ui.label(RichText::new("no cards").italics().color(theme::MUTED));
            }
            None => {
                let hint = if answering {
                    "Click a card to choose it for discarding."
                } else {
                    "Click a card to choose it; its button appears here."
                };
                ui.label(RichText::new(hint).color(theme::MUTED));
            }
        }
    });
    let size = CardSize::InPlay.size();
    let count = view.hand.len();
    if count > 0 {
        let width = ui.available_width();
        let (row, _) = ui.allocate_exact_size(egui::vec2(width, size.y), egui::Sense::hover());
        // Side by side with a gap while they fit; else overlapping, each still showing a strip.
        let step = if count > 1 {
            ((width - size.x) / (count - 1) as f32).clamp(16.0, size.x + 8.0)
        } else {
            0.0
        };
        let mut picked_rect = None;
        for (i, &card_id) in view.hand.iter().enumerate() {
            let rect = egui::Rect::from_min_size(row.min + egui::vec2(step * i as f32, 0.0), size);
            let response = ui
                .scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
                    card(ui, &face(spells, card_id), CardSize::InPlay)
                })
                .inner;
            if response.clicked() {
                selected = if selected == Some(card_id) { None } else { Some(card_id) };
            }
            if selected == Some(card_id) {
                picked_rect = Some(rect);
            }
        }
        if let Some(rect) = picked_rect {
            ui.painter().rect_stroke(
                rect,
                6.0,
                egui::Stroke::new(3.0, theme::GOLD),
                egui::StrokeKind::Outside,
            );
        }
    }
    ui.data_mut(|d| {
        if let Some(card) = selected {
            d.insert_temp(memory, card);
        } else {
            d.remove::<CardId>(memory);
        }
    });
    chosen
}

impl GameAdapter for SpellcasterAdapter {
    type G = Spellcaster;
    const TAGLINE: &'static str = "A duel of spells on four colour placards.";
    const HAS_COMPUTER: bool = true;
    const STRONG: Option<StrongChoice<Spellcaster>> = Some(<Spellcaster as spellhall_search::Strong>::strong_choice);

    fn seat_roles(players: u8) -> Vec<&'static str> {
        spellcaster::seat_roles(players)
    }

    fn config(players: u8, _options: &[usize], _spells: &Arc<Spells>) -> Result<Config, String> {
        Ok(Config { mages: players })
    }

    fn shipped_content() -> Result<Arc<Spells>, Vec<ContentError>> {
        Spells::shipped().map(Arc::new)
    }

    fn user_content() -> UserContent<Arc<Spells>> {
        UserContent::NotTaken("its deck is fixed: every spell of its rulebook, once")
    }

    fn draw_table(ui: &mut egui::Ui, table: &TableInput<'_, Spellcaster>) -> Option<Action> {
        let (view, legal, names) = (table.view, table.legal, table.names);
        let mut chosen = None;
        let spells = &view.spells;
        let mine = view.my_side;
        let answering = view.pending.as_ref().is_some_and(|p| p.rival == view.viewer);
        let rival_title = if view.sides[mine.other().index()].seats.len() > 1 {
            "Rivals: "
        } else {
            "Rival: "
        };
        side_strip(ui, view, mine.other(), names, rival_title);
        if !view.fired.is_empty() {
            let fired: Vec<String> = view
                .fired
                .iter()
                .map(|&(_, card)| spells.get(card).name.clone())
                .collect();
            let whose = names.get(view.turn_seat.index()).cloned().unwrap_or_default();
            ui.label(
                RichText::new(format!(
                    "As {whose}'s turn began: {} went off (see the log).",
                    fired.join(", ")
                ))
                .color(theme::GOLD),
            );
        } else {
            ui.add_space(8.0);
        }

        // The four placards: their cards at preview size where four fit side by side, else at the
        // size of cards in play (a narrow window, a large UI scale).
        let room = (ui.available_width() - 3.0 * 14.0) / 4.0;
        let card_size = if room >= CardSize::Preview.size().x {
            CardSize::Preview
        } else {
            CardSize::InPlay
        };
        let width = room.max(card_size.size().x);
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 14.0;
            for placard in &view.placards {
                ui.vertical(|ui| {
                    ui.set_width(width);
                    ui.label(
                        RichText::new(format!(
                            "{} {:?} · {}",
                            icon(placard.colour),
                            placard.colour,
                            placard.colour.school()
                        ))
                        .size(17.0)
                        .color(colour_of(placard.colour))
                        .strong(),
                    );
                    let slot_height = card_size.size().y + 26.0;
                    let (slot, _) = ui.allocate_exact_size(egui::vec2(width, slot_height), egui::Sense::hover());
                    // A placard whose Active Spell just went off is ringed in gold.
                    let fired = view
                        .fired
                        .iter()
                        .any(|&(colour, card)| colour == placard.colour && placard.top == Some(card));
                    let stroke = if fired {
                        egui::Stroke::new(3.0, theme::GOLD)
                    } else {
                        egui::Stroke::new(1.5, colour_of(placard.colour).gamma_multiply(0.8))
                    };
                    ui.painter().rect_stroke(slot, 8.0, stroke, egui::StrokeKind::Inside);
                    match (placard.top, placard.facing) {
                        (Some(top), Some(facing)) => {
                            let turned = facing != mine;
                            // The card sits at the edge of the side it faces.
                            let size = card_size.size();
                            let y = if turned {
                                slot.min.y + 4.0
                            } else {
                                slot.max.y - size.y - 4.0
                            };
                            let card_rect =
                                egui::Rect::from_min_size(egui::pos2(slot.center().x - size.x / 2.0, y), size);
                            let response = ui
                                .scope_builder(egui::UiBuilder::new().max_rect(card_rect), |ui| {
                                    card_facing(ui, &face(spells, top), card_size, turned)
                                })
                                .inner;
                            let note = if view.activated.contains(&top) {
                                "cast this turn · "
                            } else {
                                ""
                            };
                            let under = format!("{note}{} beneath", placard.beneath);
                            let note_pos = if turned { slot.max.y - 12.0 } else { slot.min.y + 12.0 };
                            ui.painter().text(
                                egui::pos2(slot.center().x, note_pos),
                                egui::Align2::CENTER_CENTER,
                                under,
                                egui::FontId::proportional(13.0),
                                theme::MUTED,
                            );
                            if response.clicked() && !turned && !answering {
                                let options: Vec<&Action> = legal
                                    .iter()
                                    .filter(
                                        |a| matches!(a, Action::Activate { colour, .. } if *colour == placard.colour),
                                    )
                                    .collect();
                                chosen = match options.as_slice() {
                                    [one] => Some((*one).clone()),
                                    // No legal cast: ask anyway, so the refusal says why.
                                    [] => Some(Action::Activate {
                                        colour: placard.colour,
                                        option: None,
                                    }),
                                    _ => None,
                                };
                            }
                        }
                        _ => {
                            ui.painter().text(
                                slot.center(),
                                egui::Align2::CENTER_CENTER,
                                "empty",
                                egui::FontId::proportional(16.0),
                                theme::MUTED,
                            );
                        }
                    }
                    ui.horizontal_wrapped(|ui| {
                        for action in legal {
                            if let Action::Activate { colour, option } = action
                                && *colour == placard.colour
                                && ui
                                    .button(option_label(option))
                                    .on_hover_text((table.describe)(action))
                                    .clicked()
                            {
                                chosen = Some(action.clone());
                            }
                        }
                    });
                });
            }
        });
        ui.add_space(6.0);
        side_strip(ui, view, mine, names, "You: ");
        ui.add_space(6.0);

        // What the viewer may do, and their hand.
        ui.horizontal(|ui| {
            if let Some(pending) = &view.pending {
                let caster = names.get(pending.caster.index()).cloned().unwrap_or_default();
                let text = if answering {
                    format!(
                        "{caster} cast a spell: discard a card (click it) to stop them drawing {}, or keep your cards.",
                        pending.draw
                    )
                } else {
                    let rival = names.get(pending.rival.index()).cloned().unwrap_or_default();
                    format!("Waiting for {rival} to answer.")
                };
                ui.label(RichText::new(text).size(17.0).color(theme::GOLD));
                if answering && ui.button("Keep my cards").clicked() {
                    chosen = Some(Action::Answer(Answer::LetDraw));
                }
            } else if view.to_act == ToAct::Seat(view.viewer) {
                ui.label(RichText::new("Actions").size(20.0).color(theme::GOLD));
                action_pips(ui, view.actions_left);
                let can_draw = legal.contains(&Action::Draw);
                if ui
                    .add_enabled(
                        can_draw,
                        egui::Button::new(format!("Draw a card ({} in the deck)", view.deck_size)),
                    )
                    .clicked()
                {
                    chosen = Some(Action::Draw);
                }
                if legal.contains(&Action::EndTurn) && ui.button("End the turn").clicked() {
                    chosen = Some(Action::EndTurn);
                }
            } else {
                let turn = names.get(view.turn_seat.index()).cloned().unwrap_or_default();
                ui.label(
                    RichText::new(format!(
                        "{turn}'s turn. Deck: {}.",
                        plural(view.deck_size, "card", "cards")
                    ))
                    .size(17.0),
                );
            }
            if let Some(top) = view.discard_top {
                ui.label(
                    RichText::new(format!(
                        "Discard pile: {} ({})",
                        spells.get(top).name,
                        view.discard_size
                    ))
                    .color(theme::MUTED),
                );
            }
        });
        chosen = chosen.or(hand(ui, view, legal, table.describe, answering));
        chosen
    }

    fn computer_choice(view: &View, legal: &[Action], spells: &Arc<Spells>, rng: &mut GameRng) -> usize {
        spellcaster::computer::greedy_choice(view, legal, spells, rng)
    }

    fn rules_summary(_spells: &Arc<Spells>) -> String {
        spellcaster::rules_summary().into()
    }
}
