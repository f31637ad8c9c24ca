//! Mighty Magics' table: the opponents' kingdoms across the top, the resource tray and the phase's
//! prompt in the middle, your kingdom and your hand below. Cards in play are compact chips showing
//! their Force now (bonuses listed); hand cards show their cost and whether the tray pays for it.
//! Choosing a card opens the payment panel (every legal way to pay, the cheapest first) and, for a
//! magic, its targets, which are picked on the table.

use std::ops::RangeInclusive;
use std::sync::Arc;

use bevy_egui::egui::{self, Align2, Color32, FontId, RichText, Sense, Stroke, StrokeKind, vec2};
use mighty_magics::{
    Action, CardId, Cards, Choice, Config, InPlayView, Kind, KingdomView, Magic, MightyMagics, Phase, Resource, Stage,
    View, WINNING_FORCE, card_text,
};
use spellhall_core::content::ContentError;
use spellhall_core::{GameRng, Seat, ToAct, seat_name};

use super::{GameAdapter, SetupOption, UserContent};
use crate::ui::card::{CardFace, CardSize, card, fit_font};
use crate::ui::theme;

pub struct MightyMagicsAdapter;

const STRONGHOLD: Color32 = Color32::from_rgb(84, 96, 124);
const HORDE: Color32 = Color32::from_rgb(150, 62, 52);
const MAGIC: Color32 = Color32::from_rgb(108, 62, 150);
const TARGET: Color32 = Color32::from_rgb(235, 80, 70);
const ATTACKING: Color32 = Color32::from_rgb(240, 150, 50);
const DEFENDING: Color32 = Color32::from_rgb(90, 160, 240);

/// A counter's colour, glyph and glyph colour.
fn resource_style(resource: Resource) -> (Color32, &'static str, Color32) {
    let dark = Color32::from_rgb(30, 26, 22);
    match resource {
        Resource::Stone => (Color32::from_rgb(150, 150, 146), "🗻", dark),
        Resource::Wood => (Color32::from_rgb(122, 84, 44), "🌲", Color32::WHITE),
        Resource::Metal => (Color32::from_rgb(176, 196, 214), "⚙", dark),
        Resource::Men => (Color32::from_rgb(222, 176, 132), "👤", dark),
        Resource::Chaos => (Color32::from_rgb(150, 40, 150), "🌀", Color32::WHITE),
        Resource::Fire => (Color32::from_rgb(232, 92, 36), "🔥", Color32::WHITE),
        Resource::Water => (Color32::from_rgb(40, 110, 210), "💧", Color32::WHITE),
        Resource::Death => (Color32::from_rgb(40, 36, 40), "💀", Color32::WHITE),
        Resource::Law => (Color32::from_rgb(238, 234, 220), "⚖", dark),
        Resource::Magic => (Color32::from_rgb(120, 80, 230), "✨", Color32::WHITE),
        Resource::Air => (Color32::from_rgb(150, 220, 240), "☁", dark),
        Resource::Gold => (Color32::from_rgb(236, 190, 40), "💰", dark),
    }
}

/// One counter: a disc in the resource's colour with its glyph; hover names it.
fn counter(ui: &mut egui::Ui, resource: Resource, diameter: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(vec2(diameter, diameter), Sense::hover());
    let (fill, glyph, ink) = resource_style(resource);
    let painter = ui.painter();
    painter.circle_filled(rect.center(), diameter / 2.0, fill);
    painter.circle_stroke(rect.center(), diameter / 2.0, Stroke::new(1.0, Color32::BLACK));
    painter.text(
        rect.center(),
        Align2::CENTER_CENTER,
        glyph,
        FontId::proportional(diameter * 0.55),
        ink,
    );
    response.on_hover_text(format!("{resource:?}"))
}

fn counter_row(ui: &mut egui::Ui, counters: &[Resource], diameter: f32) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 3.0;
        for &r in counters {
            counter(ui, r, diameter);
        }
    });
}

fn cost_words(cost: &[Resource]) -> String {
    let mut parts = Vec::new();
    for r in Resource::ALL {
        let n = cost.iter().filter(|&&c| c == r).count();
        if n > 0 {
            parts.push(format!("{n} {r:?}"));
        }
    }
    parts.join(", ")
}

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

/// How a chip in play is marked in the battle or as a pick.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
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

    fn kingdom(&self, ui: &mut egui::Ui, kingdom: &KingdomView, chosen: &mut Option<Action>) {
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
                    RichText::new(format!("🏰 {} / {WINNING_FORCE}", kingdom.stronghold_force))
                        .size(16.0)
                        .color(if kingdom.stronghold_force >= WINNING_FORCE {
                            theme::GOLD
                        } else {
                            theme::TEXT
                        }),
                )
                .on_hover_text("Force of Strongholds: 15 at the start of your turn wins");
                ui.label(RichText::new(format!("✋ {}", kingdom.hand_size)).color(theme::MUTED))
                    .on_hover_text(format!("Cards in hand (fills to {})", kingdom.hand_limit));
                if let Some(rolls) = kingdom.cursed {
                    ui.label(RichText::new(format!("Cursed: {rolls} rolls next turn")).color(theme::DANGER));
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

/// The sentence that tells the viewer what is happening and what to do.
fn prompt(scene: &Scene) -> String {
    let view = scene.view;
    let deciding = view.deciding();
    let active = scene.name(view.active);
    match (&view.phase, view.to_act) {
        (_, ToAct::GameOver) => match view.winner {
            Some(winner) => format!("{} wins with 15 Force of Strongholds.", scene.name(winner)),
            None => "The game is over.".into(),
        },
        (Phase::Draw, _) if deciding => {
            "Draw phase: click cards in your hand to discard them, then fill your hand.".into()
        }
        (Phase::Draw, _) => format!("{active} is in the Draw phase."),
        (Phase::Recruit { holder }, _) if deciding && *holder == view.active => {
            "Recruit: click a card in your hand to see how to pay for it. What you leave goes to your left.".into()
        }
        (Phase::Recruit { .. }, _) if deciding => {
            format!("The leftovers of {active}'s turn reached you: recruit with them, or pass them on to your left.")
        }
        (Phase::Recruit { holder }, _) if *holder == view.active => format!("{active} is recruiting."),
        (Phase::Recruit { holder }, _) => format!("{} may recruit with {active}'s leftovers.", scene.name(*holder)),
        (Phase::Attack(battle), _) => {
            let defender = battle
                .target
                .and_then(|t| view.kingdoms.iter().find(|k| k.strongholds.iter().any(|s| s.card == t)))
                .map(|k| scene.name(k.seat))
                .unwrap_or_default();
            match battle.stage {
                Stage::Declare if deciding => {
                    "Attack: click an opponent's Stronghold as the target and your Hordes to send them.".into()
                }
                Stage::Declare => format!("{active} is choosing an attack."),
                Stage::Defend if deciding => format!(
                    "{active} attacks with Force {}. Click your Hordes to defend (or defend with none).",
                    battle.attack_total
                ),
                Stage::Defend => format!("{defender} is choosing defenders."),
                Stage::AttackerLosses | Stage::DefenderLosses => {
                    let (who, need) = if battle.stage == Stage::AttackerLosses {
                        (active.clone(), battle.defence_total)
                    } else {
                        (defender.clone(), battle.attack_total)
                    };
                    let marked: u32 = battle.marked.iter().map(|&c| battle.force_of(c)).sum();
                    if view.short_attacks {
                        if deciding {
                            "Short-game rule: click the one Horde you lose.".into()
                        } else {
                            format!("{who} chooses the Horde to lose.")
                        }
                    } else if deciding {
                        format!(
                            "Casualties: click cards that took part until their Force reaches {need} (now {marked}){}.",
                            if battle.stage == Stage::DefenderLosses {
                                "; your Hordes go before your Stronghold"
                            } else {
                                ""
                            }
                        )
                    } else {
                        format!("{who} chooses casualties: Force {need} needed, {marked} chosen.")
                    }
                }
            }
        }
        (Phase::Over, _) => "The game is over.".into(),
    }
}

fn button(ui: &mut egui::Ui, legal: &[Action], action: Action, text: &str, chosen: &mut Option<Action>) {
    if legal.contains(&action) && ui.button(RichText::new(text).size(16.0)).clicked() {
        *chosen = Some(action);
    }
}

/// The tray, the prompt and the phase's buttons.
fn centre_strip(ui: &mut egui::Ui, scene: &Scene, chosen: &mut Option<Action>) {
    let view = scene.view;
    let legal = scene.legal;
    theme::banner().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(prompt(scene)).size(17.0).color(theme::GOLD));
        });
        let battle_on = view.battle.as_ref().is_some_and(|b| b.stage != Stage::Declare);
        ui.horizontal_wrapped(|ui| {
            if view.holder.is_some() || battle_on {
                tray_and_totals(ui, scene);
            }
            let refill = view.kingdom(view.viewer).hand_limit.saturating_sub(view.hand.len());
            button(
                ui,
                legal,
                Action::Refill,
                &if refill == 0 {
                    "Keep this hand".to_string()
                } else {
                    format!("Fill my hand (draw {refill})")
                },
                chosen,
            );
            button(
                ui,
                legal,
                Action::RedrawWater,
                "Redraw my Water (Coastal Towns)",
                chosen,
            );
            button(ui, legal, Action::Pass, "Pass the counters to my left", chosen);
            if view.battle.is_some() {
                let (attack, _) = view.battle_totals.unwrap_or_default();
                button(ui, legal, Action::Charge, &format!("Attack! (Force {attack})"), chosen);
                button(ui, legal, Action::NoAttack, "Do not attack", chosen);
                button(ui, legal, Action::HoldFast, "Defend with the Hordes chosen", chosen);
                button(ui, legal, Action::ConfirmLosses, "Confirm the casualties", chosen);
            }
            ui.label(
                RichText::new(format!(
                    "Deck {} · discard {}{}",
                    view.deck_size,
                    view.discard_size,
                    view.discard_top
                        .map(|c| format!(" (top: {})", view.cards.get(c).name))
                        .unwrap_or_default()
                ))
                .color(theme::MUTED),
            );
            // Which disc is which: all twelve counters with their names.
            ui.label(RichText::new("Which counter is which?").color(theme::MUTED).underline())
                .on_hover_ui(|ui| {
                    egui::Grid::new("mm-counter-legend").num_columns(4).show(ui, |ui| {
                        for (i, r) in Resource::ALL.into_iter().enumerate() {
                            ui.horizontal(|ui| {
                                counter(ui, r, 22.0);
                                ui.label(format!("{r:?}"));
                            });
                            if i % 4 == 3 {
                                ui.end_row();
                            }
                        }
                    });
                    ui.label("Gold pays for any resource.");
                });
            if !view.converts.is_empty() {
                let words: Vec<String> = view
                    .converts
                    .iter()
                    .map(|(from, into)| {
                        if *into == Resource::Gold {
                            format!("{from:?} as Gold")
                        } else {
                            format!("{from:?} as {into:?}")
                        }
                    })
                    .collect();
                ui.label(RichText::new(format!("Your converts: {}", words.join(", "))).color(theme::MUTED));
            }
        });
    });
}

/// The counters in the tray and, in a battle, the totals.
fn tray_and_totals(ui: &mut egui::Ui, scene: &Scene) {
    let view = scene.view;
    ui.horizontal(|ui| {
        if let Some(holder) = view.holder {
            let whose = if holder == view.active {
                format!("{}'s counters", scene.name(holder))
            } else {
                format!("Leftovers, held by {}", scene.name(holder))
            };
            ui.label(RichText::new(whose).size(15.0));
            counter_row(ui, &view.tray, 30.0);
            if view.tray.is_empty() {
                ui.label(RichText::new("none").italics().color(theme::MUTED));
            }
        }
        if let Some(battle) = &view.battle
            && battle.stage != Stage::Declare
        {
            // While the defender chooses, the running total: the Stronghold and the Hordes picked.
            let (attack, defence) = view.battle_totals.unwrap_or_default();
            let defence = if battle.stage == Stage::Defend {
                format!("{defence} so far")
            } else {
                defence.to_string()
            };
            ui.label(
                RichText::new(format!("⚔ Attack {attack}  vs  🛡 Defence {defence}"))
                    .size(17.0)
                    .strong(),
            );
        }
    });
}

/// The viewer's hand: each card with its cost and whether the tray pays for it.
fn hand(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick, chosen: &mut Option<Action>) {
    let view = scene.view;
    let holding = view.holder == Some(view.viewer) && view.deciding();
    ui.horizontal(|ui| {
        ui.label(RichText::new("Your hand").size(18.0).strong());
        if !view.foresight.is_empty() {
            let names: Vec<&str> = view
                .foresight
                .iter()
                .map(|&c| view.cards.get(c).name.as_str())
                .collect();
            ui.label(RichText::new(format!("Divination, next cards: {}", names.join(", "))).color(theme::MUTED));
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

/// How a payment pays: with the very resources of the cost, with converts, or with Gold.
fn payment_kind(cost: &[Resource], spend: &[Resource]) -> &'static str {
    if spend.contains(&Resource::Gold) {
        "with Gold"
    } else if cost == spend {
        "exact"
    } else {
        "with converts"
    }
}

/// The ways to pay for the picked card, and the button or targets that play it.
fn payment_panel(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick, chosen: &mut Option<Action>) {
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
            ui.horizontal_wrapped(|ui| {
                ui.label("Pay with:");
                let cost = def.cost_units();
                for (i, spend) in spends.iter().enumerate() {
                    ui.scope(|ui| {
                        let selected = pick.payment == i;
                        let response = ui.radio(selected, payment_kind(&cost, spend));
                        counter_row(ui, spend, 20.0);
                        if response.clicked() {
                            pick.payment = i;
                        }
                    });
                    ui.add_space(10.0);
                }
            });
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
                                    format!("Draw {cards} cards")
                                } else {
                                    format!("Draw {resources} more counters")
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
        });
}

impl GameAdapter for MightyMagicsAdapter {
    type G = MightyMagics;
    const TAGLINE: &'static str = "A shared-deck kingdom war of Strongholds, Hordes and Mighty Magics.";
    const PLAYERS: RangeInclusive<u8> = 2..=6;
    const HAS_COMPUTER: bool = true;

    fn options() -> Vec<SetupOption> {
        vec![SetupOption {
            label: "Attacks",
            choices: vec!["Standard: casualties", "Short game: capture (optional rule)"],
            default: 0,
        }]
    }

    fn config(players: u8, options: &[usize]) -> Result<Config, String> {
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

    fn draw_table(
        ui: &mut egui::Ui,
        view: &View,
        legal: &[Action],
        _describe: &dyn Fn(&Action) -> String,
        names: &[String],
    ) -> Option<Action> {
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
            // The payment panel stands beside the hand, so that both stay on the screen.
            if holding && pick.card.is_some() {
                let panel_width = 380.0;
                ui.horizontal_top(|ui| {
                    ui.vertical(|ui| {
                        ui.set_width((ui.available_width() - panel_width - 12.0).max(CardSize::InPlay.size().x));
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

    fn computer_choice(game: &MightyMagics, legal: &[Action], rng: &mut GameRng) -> usize {
        mighty_magics::computer::greedy_choice(game, legal, rng)
    }

    fn rules_summary() -> &'static str {
        "Win by beginning your turn with 15 or more Force of Strongholds. All kingdoms draw from one \
         shared deck of Strongholds, Hordes and Mighty Magics.\n\n\
         Your turn: (1) Draw: discard any cards you like, then fill your hand to 5 (City of Brass: 6); \
         an empty deck is refilled from the shuffled discard pile. (2) Resources: draw 5 counters at \
         random from the pile of 60 (5 of each of 12 resources). (3) Recruit: pay the costs of cards \
         with your counters. Gold pays for anything; some Strongholds convert one resource into \
         another for their owner. What you do not use goes to the player on your left, who may recruit \
         with it or pass it on; what goes all the way round returns to the pile. (4) Attack: pick an \
         opponent's Stronghold and any of your Hordes. The defender picks defending Hordes; his total \
         includes the Stronghold. Each side loses cards whose Force reaches the other side's total \
         (picked one at a time, no more once it is reached); the defender loses his Hordes before his \
         Stronghold.\n\n\
         A Horde is of a kind when its cost names that resource (Knights are Metal, Men and Law): \
         Strongholds like Imperial Fortress give such Hordes +1 Force. Mighty Magics act at once and \
         are discarded, except those attached to a card.\n\n\
         Short game (optional): the higher attack total captures the Stronghold; each side loses one \
         Horde that took part, none if nobody defended.\n\n\
         How many copies of each card the deck holds is Spellhall's design (2 of each Stronghold and \
         Horde, 1 of each Mighty Magic)."
    }
}
