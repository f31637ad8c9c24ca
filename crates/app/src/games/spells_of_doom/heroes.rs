//! The left column: the turn track with the Valor Points, a Hero board for every seat (with the
//! viewer's creatures to summon), and the latest dice.

use bevy_egui::egui::{self, Color32, RichText, Stroke, pos2, vec2};
use spellhall_core::Seat;
use spells_of_doom::{Action, Attacker, Event, HeroView, Target};

use super::pick::{Aim, Pick};
use super::{Scene, muted, seat_colour, seat_swatch, target_words};
use crate::ui::theme;

pub fn left_column(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick, chosen: &mut Option<Action>) {
    ui.spacing_mut().item_spacing.y = 4.0;
    track(ui, scene);
    for hero in &scene.view.heroes {
        hero_board(ui, scene, hero, pick);
    }
    super::buttons::panel(ui, scene, pick, chosen);
    dice(ui, scene);
}

/// Each team's VP, and the 18 turns with the scorings after 6, 12 and 18 (the top bar names the
/// round and turn).
fn track(ui: &mut egui::Ui, scene: &Scene) {
    let view = scene.view;
    let (turns, per_round) = (view.numbers.turns, view.numbers.turns_per_round);
    valor_points(ui, scene);
    let (rect, response) = ui.allocate_exact_size(vec2(ui.available_width(), 16.0), egui::Sense::hover());
    let scorings: Vec<String> = (1..=turns)
        .filter(|t| t % per_round == 0)
        .map(|t| t.to_string())
        .collect();
    response.on_hover_text(format!(
        "Turn {} of {turns}; the teams score their shrines after turns {}.",
        view.turn.max(1),
        scorings.join(", ")
    ));
    let step = rect.width() / turns as f32;
    for turn in 1..=turns {
        let x = rect.min.x + step * (turn - 1) as f32;
        let cell = egui::Rect::from_min_size(pos2(x + 1.0, rect.min.y), vec2(step - 2.0, 12.0));
        let fill = match turn.cmp(&view.turn) {
            std::cmp::Ordering::Less => theme::GOLD_DIM,
            std::cmp::Ordering::Equal => theme::GOLD,
            std::cmp::Ordering::Greater => Color32::from_rgb(70, 96, 84),
        };
        ui.painter().rect_filled(cell, 2.0, fill);
        if turn % per_round == 0 {
            // A scoring follows this turn.
            ui.painter()
                .circle_filled(pos2(cell.center().x, cell.max.y + 3.0), 2.0, theme::TEXT);
        }
    }
}

fn valor_points(ui: &mut egui::Ui, scene: &Scene) {
    let view = scene.view;
    ui.horizontal_wrapped(|ui| {
        for team in 0..2 {
            let seats: Vec<Seat> = view
                .heroes
                .iter()
                .map(|h| h.seat)
                .filter(|s| s.index() % 2 == team)
                .collect();
            let who = if seats.len() > 1 {
                format!("Team {}", team + 1)
            } else {
                seats.first().map(|s| scene.name(*s)).unwrap_or_default()
            };
            let colour = seats.first().map_or(theme::TEXT, |s| seat_colour(*s));
            ui.label(
                RichText::new(format!("{who} {} VP", view.vp[team]))
                    .color(colour)
                    .strong(),
            );
        }
        ui.label(muted(format!("({} wins)", view.numbers.win_vp)));
    });
}

/// Burn, Brain Damage and Stun in words (" · Burn 2 · Stunned"), empty when there are none.
pub fn token_words(hero: &HeroView) -> String {
    let mut text = String::new();
    if hero.burn > 0 {
        text.push_str(&format!(" · Burn {}", hero.burn));
    }
    if hero.brain_damage > 0 {
        text.push_str(&format!(" · Brain Damage {}", hero.brain_damage));
    }
    if hero.stunned {
        text.push_str(" · Stunned");
    }
    text
}

fn hero_board(ui: &mut egui::Ui, scene: &Scene, hero: &HeroView, pick: &mut Pick) {
    let view = scene.view;
    let active = hero.seat == view.active;
    let stroke = if active {
        Stroke::new(2.0, theme::GOLD)
    } else {
        Stroke::new(1.0, seat_colour(hero.seat).gamma_multiply(0.6))
    };
    egui::Frame::new()
        .fill(theme::PANEL)
        .stroke(stroke)
        .corner_radius(6)
        .inner_margin(egui::Margin::symmetric(8, 3))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.spacing_mut().item_spacing.y = 0.0;
            ui.horizontal(|ui| {
                let initial: String = hero.name.chars().take(1).collect();
                seat_swatch(ui, hero.seat, &initial, 20.0);
                let name = ui.label(RichText::new(&hero.name).strong().color(seat_colour(hero.seat)));
                if let Some(def) = view.hero_def(hero.seat) {
                    name.on_hover_text(spells_of_doom::hero_text(def));
                }
                ui.label(RichText::new(scene.name(hero.seat)).strong());
                if let Some(team) = view.team(hero.seat) {
                    ui.label(muted(format!("T{}", team + 1)));
                }
                if active {
                    ui.label(RichText::new("▶").color(theme::GOLD));
                }
                hp_bar(ui, hero);
            });
            ui.label(format!(
                "Armor {} · Attack {} · Mana {}{}",
                hero.armor,
                hero.attack,
                hero.mana,
                token_words(hero)
            ));
            ui.label(
                muted(format!(
                    "Hand {} · Deck {} · Discard {} · Reserve {}",
                    hero.hand_count, hero.deck_count, hero.discard_count, hero.reserve_count
                ))
                .small(),
            );
            if hero.at.is_none() {
                ui.label(
                    RichText::new(format!(
                        "☠ Fallen: back on its starting space {} at the end of the phase",
                        hero.start
                    ))
                    .small()
                    .color(theme::DANGER),
                );
            }
            if !hero.spells.is_empty() {
                ui.label(RichText::new(format!("Spells: {}", hero.spells.join(", "))).small());
            }
            if hero.seat == view.viewer {
                summons(ui, scene, pick);
            }
        });
}

/// HP as a red bar with the numbers on it, filling the rest of the row.
fn hp_bar(ui: &mut egui::Ui, hero: &HeroView) {
    let width = ui.available_width().max(56.0);
    let (rect, _) = ui.allocate_exact_size(vec2(width, 16.0), egui::Sense::hover());
    let share = f32::from(hero.hp) / f32::from(hero.max_hp.max(1));
    ui.painter().rect_filled(rect, 3.0, Color32::from_rgb(60, 30, 30));
    let filled = egui::Rect::from_min_size(rect.min, vec2(rect.width() * share.clamp(0.0, 1.0), rect.height()));
    ui.painter().rect_filled(filled, 3.0, Color32::from_rgb(190, 50, 50));
    ui.painter().text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        format!("{}/{}", hero.hp, hero.max_hp),
        egui::FontId::proportional(12.0),
        Color32::WHITE,
    );
}

/// The creatures the viewer may summon now (after the Summoning skill): one button per kind.
fn summons(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick) {
    let view = scene.view;
    let mut tokens: Vec<u8> = Vec::new();
    let mut kinds: Vec<String> = Vec::new();
    for action in scene.legal {
        if let Action::Summon { token, .. } = action {
            let name = view
                .token_def(view.viewer, *token)
                .map_or(format!("token {token}"), |d| d.name.clone());
            if !kinds.contains(&name) {
                kinds.push(name);
                tokens.push(*token);
            }
        }
    }
    if tokens.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Summon:").small());
        for (token, name) in tokens.iter().zip(&kinds) {
            let def = view.token_def(view.viewer, *token);
            let cost = def.and_then(|d| d.cost).map_or(String::new(), |c| format!(" ({c})"));
            let text = def.map_or(String::new(), spells_of_doom::creature_text);
            let on = pick.aim == Aim::Summon(*token);
            let button = egui::Button::new(RichText::new(format!("{name}{cost}")).size(13.0)).selected(on);
            let hover = format!("{name}: {text}\nThen click a green hex to summon it there.");
            if ui.add(button).on_hover_text(hover).clicked() {
                pick.aim = if on { Aim::Nothing } else { Aim::Summon(*token) };
            }
        }
    });
}

/// The dice of the latest action that rolled any, as dice faces: hits ringed in gold.
fn dice(ui: &mut egui::Ui, scene: &Scene) {
    let Some(rolls) = scene
        .events
        .iter()
        .rev()
        .map(|events| rolls_of(scene, events))
        .find(|r| !r.is_empty())
    else {
        return;
    };
    ui.label(RichText::new("Latest roll").strong().color(theme::GOLD));
    for roll in rolls {
        ui.label(RichText::new(&roll.caption).small());
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 4.0;
            for (&die, &hit) in roll.dice.iter().zip(&roll.hits) {
                die_face(ui, die, hit);
            }
        });
    }
}

/// One group of dice with what it meant: which of them counted, by the rules' own dice rules.
struct Roll {
    caption: String,
    dice: Vec<u8>,
    hits: Vec<bool>,
}

impl Roll {
    fn new(caption: String, dice: &[u8], hit: impl Fn(u8) -> bool) -> Self {
        Self {
            caption,
            dice: dice.to_vec(),
            hits: dice.iter().map(|d| hit(*d)).collect(),
        }
    }
}

fn rolls_of(scene: &Scene, events: &[Event]) -> Vec<Roll> {
    let view = scene.view;
    let mut rolls = Vec::new();
    for event in events {
        match event {
            Event::Attacked {
                by,
                target,
                dice,
                armor,
                damage,
            } => {
                let who = match by {
                    Attacker::Hero(seat) => target_words(view, scene.names, Target::Hero(*seat)),
                    Attacker::Creature(id) => target_words(view, scene.names, Target::Creature(*id)),
                    Attacker::Tower(seat) => format!("{}'s Defense Tower", scene.name(*seat)),
                };
                let aim = target_words(view, scene.names, *target);
                rolls.push(Roll::new(
                    format!("{who} attacks {aim}: Armor {armor}, {damage} damage"),
                    dice,
                    |d| spells_of_doom::damage(&[d], *armor) > 0,
                ));
            }
            Event::SpecialAttack {
                kind,
                target,
                dice,
                tokens,
            } => rolls.push(Roll::new(
                format!(
                    "{kind:?} Attack on {}: {}",
                    scene.name(*target),
                    spellhall_core::plural(*tokens, "token", "tokens")
                ),
                dice,
                |d| spells_of_doom::special_tokens(&[d]) > 0,
            )),
            Event::TokensRolled {
                seat,
                dice,
                left,
                damage,
            } => rolls.push(Roll::new(
                format!("{}'s tokens: {left} left, {damage} damage", scene.name(*seat)),
                dice,
                // A die that removes its token.
                |d| spells_of_doom::token_upkeep(1, &[d]).0 == 0,
            )),
            _ => {}
        }
    }
    rolls
}

/// A die face with pips; a hit has a gold rim.
fn die_face(ui: &mut egui::Ui, value: u8, hit: bool) {
    let (rect, _) = ui.allocate_exact_size(vec2(22.0, 22.0), egui::Sense::hover());
    let painter = ui.painter();
    let fill = if hit {
        theme::PARCHMENT
    } else {
        Color32::from_rgb(150, 146, 136)
    };
    painter.rect_filled(rect, 4.0, fill);
    if hit {
        painter.rect_stroke(rect, 4.0, Stroke::new(2.5, theme::GOLD), egui::StrokeKind::Outside);
    }
    let c = rect.center();
    let d = 5.5;
    let pips: &[(f32, f32)] = match value {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    // A die that deals more than one damage through no Armor (a 6) is drawn in red.
    let pip = if spells_of_doom::damage(&[value], 0) > 1 {
        theme::DANGER_BG
    } else {
        theme::INK
    };
    for (x, y) in pips {
        painter.circle_filled(c + vec2(x * d, y * d), 2.4, pip);
    }
}
