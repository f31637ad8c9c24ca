//! Mighty Magics' table: the opponents' kingdoms across the top, the resource tray and the phase's
//! prompt in the middle, your kingdom and your hand below. Cards in play are compact chips showing
//! their Force now (bonuses listed); hand cards show their cost and whether the tray pays for it.
//! Choosing a card opens the payment panel (every legal way to pay, the cheapest first) and, for a
//! magic, its targets, which are picked on the table.

mod centre;
mod counters;
mod hand;
mod kingdoms;

use std::sync::Arc;

use bevy_egui::egui::{self, Color32};
use mighty_magics::{
    Action, CardId, Cards, Choice, Config, Event, Kind, KingdomView, MightyMagics, Resource, Stage, View, card_text,
};
use spellhall_core::content::ContentError;
use spellhall_core::{GameRng, Seat, seat_name};

use super::{GameAdapter, SetupOption, StrongChoice, TableInput, UserContent};
use crate::ui::card::{CardFace, CardSize};
use centre::centre_strip;
use counters::cost_words;
use hand::{hand, payment_panel};
use kingdoms::Mark;

pub struct MightyMagicsAdapter;

const STRONGHOLD: Color32 = Color32::from_rgb(84, 96, 124);
const HORDE: Color32 = Color32::from_rgb(150, 62, 52);
const MAGIC: Color32 = Color32::from_rgb(108, 62, 150);

/// The face of a card, drawn from its definition.
pub fn face(cards: &Cards, card: CardId) -> CardFace {
    let def = cards.get(card);
    let (type_line, frame, icon, badge) = match def.kind {
        Kind::Stronghold { force, .. } => ("Stronghold".to_string(), STRONGHOLD, "🏰", Some(force.to_string())),
        Kind::Horde { force } => ("Horde".to_string(), HORDE, "⚔", Some(force.to_string())),
        Kind::Magic(_) => ("Mighty Magic".to_string(), MAGIC, "✨", None),
    };
    CardFace {
        name: def.name.clone(),
        type_line: match &badge {
            Some(force) => format!("{type_line} · Force {force}"),
            None => type_line,
        },
        frame,
        badge,
        icon: icon.into(),
        text: format!("{}\nCost: {}.", card_text(def), cost_words(&def.cost_units())),
        footer: "Mighty Magics".into(),
    }
}

/// How each battle that ended with the actions of `history` from `from` on went, a line each: a
/// battle ends the attacker's turn, so it is the one before each new turn among them (the news
/// of a player who was away for several turns may hold several).
fn battle_summaries(history: &[Vec<Event>], from: usize, names: &[String]) -> Vec<String> {
    let events: Vec<(usize, &Event)> = history
        .iter()
        .enumerate()
        .flat_map(|(index, events)| events.iter().map(move |e| (index, e)))
        .collect();
    let turn_over = |e: &Event| matches!(e, Event::TurnBegan { .. } | Event::Won { .. });
    let mut turn = 0;
    let mut lines = Vec::new();
    for (end, (index, event)) in events.iter().enumerate() {
        if !turn_over(event) {
            continue;
        }
        if *index >= from
            && let Some(line) = battle_summary(&events[turn..end], names)
        {
            lines.push(line);
        }
        turn = end + 1;
    }
    lines
}

/// How the battle among one turn's events went, if one was fought to its end.
fn battle_summary(battle: &[(usize, &Event)], names: &[String]) -> Option<String> {
    let defence = battle.iter().position(|(_, e)| matches!(e, Event::Defending { .. }))?;
    let (
        Event::Attacking {
            attacker,
            defender,
            target,
            total: attack,
            ..
        },
        Event::Defending {
            total: defence_total, ..
        },
    ) = (
        battle[..defence]
            .iter()
            .rev()
            .map(|(_, e)| *e)
            .find(|e| matches!(e, Event::Attacking { .. }))?,
        battle[defence].1,
    )
    else {
        return None;
    };
    let name = |seat: Seat| seat_name(names, seat);
    let lost = |seat: Seat| {
        let cards: Vec<&str> = battle[defence..]
            .iter()
            .filter_map(|(_, e)| match e {
                Event::Destroyed { owner, card, .. } if *owner == seat => Some(card.as_str()),
                _ => None,
            })
            .collect();
        if cards.is_empty() {
            "nothing".to_string()
        } else {
            cards.join(", ")
        }
    };
    let captured = battle[defence..]
        .iter()
        .any(|(_, e)| matches!(e, Event::Captured { card, .. } if card == target));
    let fell = battle[defence..]
        .iter()
        .any(|(_, e)| matches!(e, Event::Destroyed { card, .. } if card == target));
    let stronghold = match (captured, fell) {
        (true, _) => format!("{} captured {target}", name(*attacker)),
        (false, true) => format!("{target} fell"),
        (false, false) => format!("{target} stands"),
    };
    Some(format!(
        "The battle for {}'s {target}: attack Force {attack} against defence {defence_total}. {} lost {}; {} lost {}; {stronghold}.",
        name(*defender),
        name(*attacker),
        lost(*attacker),
        name(*defender),
        lost(*defender),
    ))
}

/// What the viewer has picked in his hand, kept between frames.
#[derive(Clone, Default)]
struct Pick {
    card: Option<CardId>,
    payment: usize,
}

fn pick_id() -> egui::Id {
    egui::Id::new("mighty-magics-pick")
}

/// What one drawing of the table knows: the view, the legal actions, the names, what is being aimed.
struct Scene<'a> {
    view: &'a View,
    legal: &'a [Action],
    names: &'a [String],
    /// The selected hand card's chosen spend, when it is a magic aimed at cards in play.
    aiming: Option<(CardId, Vec<Resource>)>,
}

impl Scene<'_> {
    fn name(&self, seat: Seat) -> String {
        seat_name(self.names, seat)
    }

    fn battle_mark(&self, card: CardId) -> Mark {
        let Some(battle) = &self.view.battle else {
            return Mark::None;
        };
        if battle.marked.contains(&card) {
            Mark::Casualty
        } else if battle.target == Some(card) {
            Mark::Target
        } else if battle.attackers.contains(&card) {
            Mark::Attacking
        } else if battle.defenders.contains(&card) {
            Mark::Defending
        } else {
            Mark::None
        }
    }

    /// The action a click on a card in play asks for (it may be refused, with the reason).
    fn click_on(&self, card: CardId, owner: Seat) -> Option<Action> {
        if !self.view.deciding() {
            return None;
        }
        if let Some((magic, spend)) = &self.aiming {
            return Some(Action::Cast {
                card: *magic,
                spend: spend.clone(),
                choice: Choice::Card(card),
            });
        }
        let battle = self.view.battle.as_ref()?;
        let stronghold = self.view.cards.get(card).is_stronghold();
        Some(match battle.stage {
            Stage::Declare if stronghold || owner != self.view.viewer => Action::Target(card),
            Stage::Declare if battle.attackers.contains(&card) => Action::Recall(card),
            Stage::Declare => Action::Send(card),
            Stage::Defend if battle.defenders.contains(&card) => Action::Withdraw(card),
            Stage::Defend => Action::Defend(card),
            _ if battle.marked.contains(&card) => Action::Spare(card),
            _ => Action::Lose(card),
        })
    }

    fn mark(&self, card: CardId) -> Mark {
        let battle = self.battle_mark(card);
        if battle != Mark::None {
            return battle;
        }
        let pickable = self.legal.iter().any(|a| match a {
            Action::Cast {
                card: magic,
                choice: Choice::Card(target),
                spend,
            } => *target == card && self.aiming.as_ref().is_some_and(|(m, s)| m == magic && s == spend),
            Action::Target(c) | Action::Send(c) | Action::Defend(c) | Action::Lose(c) => *c == card,
            _ => false,
        });
        if pickable { Mark::Pickable } else { Mark::None }
    }
}

impl GameAdapter for MightyMagicsAdapter {
    type G = MightyMagics;
    const TAGLINE: &'static str = "A shared-deck kingdom war of Strongholds, Hordes and Mighty Magics.";
    const HAS_COMPUTER: bool = true;
    const STRONG: Option<StrongChoice<MightyMagics>> = Some(<MightyMagics as spellhall_search::Strong>::strong_choice);

    fn options(_cards: &Arc<Cards>) -> Vec<SetupOption> {
        vec![SetupOption {
            label: "Attacks".into(),
            choices: vec![
                "Standard: casualties".into(),
                "Short game: capture (optional rule)".into(),
            ],
            default: 0,
        }]
    }

    fn config(players: u8, options: &[usize], _cards: &Arc<Cards>) -> Result<Config, String> {
        Ok(Config {
            players,
            short_attacks: options.first() == Some(&1),
        })
    }

    fn shipped_content() -> Result<Arc<Cards>, Vec<ContentError>> {
        Cards::shipped().map(Arc::new)
    }

    /// The player's cards join the shared deck, each with its copies.
    fn user_content() -> UserContent<Arc<Cards>> {
        UserContent::Adds(|shipped, files| shipped.with_user_files(files).map(Arc::new))
    }

    fn draw_table(ui: &mut egui::Ui, table: &TableInput<'_, MightyMagics>) -> Option<Action> {
        let TableInput { view, legal, names, .. } = *table;
        let mut chosen = None;
        let mut pick: Pick = ui.data(|d| d.get_temp(pick_id())).unwrap_or_default();
        let holding = view.holder == Some(view.viewer) && view.deciding();
        if !holding || pick.card.is_some_and(|c| !view.hand.iter().any(|h| h.card == c)) {
            pick = Pick::default();
        }
        // A picked magic aimed at cards in play: the table rings its legal targets.
        let aiming = pick.card.and_then(|card| {
            let spends: Vec<&Vec<Resource>> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Cast {
                        card: c,
                        spend,
                        choice: Choice::Card(target),
                    } if *c == card && !view.hand.iter().any(|h| h.card == *target) => Some(spend),
                    _ => None,
                })
                .collect();
            let mut distinct: Vec<&Vec<Resource>> = Vec::new();
            for spend in legal.iter().filter_map(|a| match a {
                Action::Cast { card: c, spend, .. } if *c == card => Some(spend),
                _ => None,
            }) {
                if !distinct.contains(&spend) {
                    distinct.push(spend);
                }
            }
            let chosen_spend = distinct.get(pick.payment.min(distinct.len().saturating_sub(1)))?;
            spends.contains(chosen_spend).then(|| (card, (*chosen_spend).clone()))
        });
        let scene = Scene {
            view,
            legal,
            names,
            aiming,
        };
        // The opponents get at most about a third of the height (scrolling beyond it), so that
        // the tray, your kingdom and your hand stay in view at a table of six.
        let opponents_height = (ui.available_height() * 0.36).max(160.0);
        egui::ScrollArea::vertical().id_salt("mm-table").show(ui, |ui| {
            let opponents: Vec<&KingdomView> = view.kingdoms.iter().filter(|k| k.seat != view.viewer).collect();
            let per_row = opponents.len().clamp(1, 3);
            egui::ScrollArea::vertical()
                .id_salt("mm-opponents")
                .max_height(opponents_height)
                .show(ui, |ui| {
                    for row in opponents.chunks(per_row) {
                        ui.columns(per_row, |columns| {
                            for (column, kingdom) in columns.iter_mut().zip(row) {
                                scene.kingdom(column, kingdom, &mut chosen);
                            }
                        });
                        ui.add_space(4.0);
                    }
                });
            ui.add_space(4.0);
            centre_strip(ui, &scene, &mut chosen);
            ui.add_space(6.0);
            scene.kingdom(ui, view.kingdom(view.viewer), &mut chosen);
            ui.add_space(6.0);
            // The payment panel stands beside the hand, so that both stay on the screen: the two
            // widths are shared out of the table's width (the hand scrolls sideways within its own).
            if holding && pick.card.is_some() {
                let total = ui.available_width();
                let panel_width = (total * 0.42).clamp(260.0, 380.0);
                let hand_width = (total - panel_width - 12.0).max(CardSize::InPlay.size().x);
                ui.horizontal_top(|ui| {
                    ui.vertical(|ui| {
                        ui.set_width(hand_width);
                        ui.set_max_width(hand_width);
                        hand(ui, &scene, &mut pick, &mut chosen);
                    });
                    ui.vertical(|ui| {
                        ui.set_width(panel_width);
                        payment_panel(ui, &scene, &mut pick, &mut chosen);
                    });
                });
            } else {
                hand(ui, &scene, &mut pick, &mut chosen);
            }
        });
        if chosen
            .as_ref()
            .is_some_and(|a| matches!(a, Action::Recruit { .. } | Action::Cast { .. }))
        {
            pick = Pick::default();
        }
        ui.data_mut(|d| d.insert_temp(pick_id(), pick));
        chosen
    }

    /// A battle that ended in these actions: the totals, each side's losses and what became of
    /// the Stronghold, gathered from the battle's events (the outcome leads with it).
    fn headlines(history: &[Vec<Event>], from: usize, names: &[String]) -> Vec<String> {
        battle_summaries(history, from, names)
    }

    fn computer_choice(view: &View, legal: &[Action], cards: &Arc<Cards>, rng: &mut GameRng) -> usize {
        mighty_magics::computer::greedy_choice(view, legal, cards, rng)
    }

    fn rules_summary(_cards: &Arc<Cards>) -> String {
        mighty_magics::rules_summary().into()
    }
}
