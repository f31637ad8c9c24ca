//! Below the board: the viewer's hand (each card with its kind and cost and the buttons its legal
//! actions give, its text on hover), the Spell Area, the Reserve and the Terrain Area; the
//! mulligan's confirmation.

use bevy_egui::egui::{self, RichText, Stroke};
use spells_of_doom::{Action, CardDef, CardId, CardKind, Phase, View};

use super::pick::{Aim, Does, Pick};
use super::{Scene, muted};
use crate::ui::theme;

const CHIP_WIDTH: f32 = 102.0;

/// The panel's height, the same in every phase and for every hand, so that the board above it
/// keeps its size from one phase to the next: room for two rows of cards, the areas and the
/// mulligan bar (a taller panel scrolls).
pub const HEIGHT: f32 = 224.0;

/// Room kept under the scrolling cards for the mulligan bar, so that its button is always in
/// view (with a large UI scale the hand alone fills the panel).
const BAR_HEIGHT: f32 = 34.0;

pub fn panel(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick, chosen: &mut Option<Action>) {
    let size = egui::vec2(ui.available_width(), HEIGHT);
    let bar = matches!(scene.view.phase, Phase::Mulligan { .. }) && scene.deciding();
    ui.allocate_ui_with_layout(size, egui::Layout::top_down(egui::Align::Min), |ui| {
        ui.set_min_size(size);
        egui::ScrollArea::vertical()
            .id_salt("sod-cards")
            .max_height(if bar { HEIGHT - BAR_HEIGHT } else { HEIGHT })
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.add_space(4.0);
                hand(ui, scene, pick, chosen);
                areas(ui, scene, pick, chosen);
            });
        if bar {
            mulligan_bar(ui, scene, pick, chosen);
        }
    });
}

/// A card's face for a tooltip: its name, kind and cost, and what it does in words.
pub(super) fn card_face(ui: &mut egui::Ui, view: &View, def: &CardDef) {
    ui.set_max_width(320.0);
    ui.label(RichText::new(&def.name).strong().color(theme::GOLD));
    ui.label(muted(spells_of_doom::card_heading(def)));
    ui.label(spells_of_doom::card_text(def, &view.content));
}

/// `seat`'s card `card` as a face, for a tooltip.
fn face_of(view: &View, card: CardId) -> impl FnOnce(&mut egui::Ui) + '_ {
    move |ui| match view.card(view.viewer, card) {
        Some(def) => card_face(ui, view, def),
        None => {
            ui.label("A card this table does not know.");
        }
    }
}

/// The legal actions `wanted` picks out: one is taken at once, several are offered as a choice.
pub(super) fn offer<'a>(pick: &mut Pick, chosen: &mut Option<Action>, actions: impl Iterator<Item = &'a Action>) {
    let mut found: Vec<Does> = actions.map(|a| Does::Act(a.clone())).collect();
    match found.len() {
        0 => {}
        1 => pick.take(found.remove(0), chosen),
        _ => pick.choices = found,
    }
}

/// A hand card's width with its frame: the inner margin (6 a side) and a stroke of up to 2.
const CHIP_OUTER_WIDTH: f32 = CHIP_WIDTH + 12.0 + 4.0;

fn hand(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick, chosen: &mut Option<Action>) {
    let view = scene.view;
    ui.horizontal_top(|ui| {
        let gap = 6.0;
        ui.spacing_mut().item_spacing.x = gap;
        ui.label(RichText::new(format!("Hand\n({})", view.hand.len())).strong());
        if view.hand.is_empty() {
            ui.label(muted("no cards"));
            return;
        }
        // A framed card's size is known only once drawn, so a wrapping layout cannot wrap it: as
        // many cards to a row as the width holds (a narrow window or a large UI scale).
        let per_row = ((ui.available_width() + gap) / (CHIP_OUTER_WIDTH + gap))
            .floor()
            .max(1.0) as usize;
        ui.vertical(|ui| {
            for row in view.hand.chunks(per_row) {
                ui.horizontal_top(|ui| {
                    for (card, name) in row {
                        hand_chip(ui, scene, *card, name, pick, chosen);
                    }
                });
            }
        });
    });
}

/// One card of the hand: name, kind and cost, and its buttons (Play or Prepare, Reserve, Lay).
/// During the mulligan a click marks it to shuffle back.
fn hand_chip(ui: &mut egui::Ui, scene: &Scene, card: CardId, name: &str, pick: &mut Pick, chosen: &mut Option<Action>) {
    let view = scene.view;
    let def = view.card(view.viewer, card);
    let marked = pick.marked.contains(&card);
    let laying = pick.aim == Aim::Lay(card);
    let stroke = if marked || laying {
        Stroke::new(2.0, theme::GOLD)
    } else {
        Stroke::new(1.0, theme::GOLD_DIM)
    };
    let frame = egui::Frame::new()
        .fill(theme::PARCHMENT)
        .stroke(stroke)
        .corner_radius(5)
        .inner_margin(egui::Margin::symmetric(6, 4));
    let response = frame
        .show(ui, |ui| {
            ui.vertical(|ui| {
                ui.set_width(CHIP_WIDTH);
                ui.spacing_mut().item_spacing = egui::vec2(4.0, 1.0);
                ui.label(RichText::new(name).strong().color(theme::INK));
                let kind = def.map_or(String::new(), spells_of_doom::card_heading);
                ui.label(RichText::new(kind).size(12.0).color(theme::INK));
                ui.horizontal(|ui| {
                    ui.spacing_mut().button_padding = egui::vec2(5.0, 1.0);
                    ui.spacing_mut().interact_size.y = 20.0;
                    card_buttons(ui, scene, card, pick, chosen);
                });
            });
        })
        .response;
    let mulligan = matches!(view.phase, Phase::Mulligan { .. }) && scene.deciding();
    let sense = if mulligan {
        egui::Sense::click()
    } else {
        egui::Sense::hover()
    };
    let response = response.interact(sense).on_hover_ui(face_of(view, card));
    if mulligan && response.clicked() {
        toggle(&mut pick.marked, card);
    }
}

fn card_buttons(ui: &mut egui::Ui, scene: &Scene, card: CardId, pick: &mut Pick, chosen: &mut Option<Action>) {
    let legal = scene.legal;
    let plays: Vec<&Action> = legal
        .iter()
        .filter(|a| matches!(a, Action::Play { card: c, .. } if *c == card))
        .collect();
    if !plays.is_empty() {
        let def = scene.view.card(scene.view.viewer, card);
        let spell = def.is_some_and(|d| matches!(d.kind, CardKind::Spell { .. }));
        let verb = if spell { "Prepare" } else { "Play" };
        // What the click does: the action, then the card's effect (a spell is cast later).
        let does = def.map_or(String::new(), |d| spells_of_doom::card_text(d, &scene.view.content));
        let hover = match plays.len() {
            1 => format!("{}.\n{does}", scene.words(plays[0])),
            n => format!(
                "{verb} {} ({n} ways: you choose next).\n{does}",
                def.map_or("it", |d| &d.name)
            ),
        };
        if small_button(ui, verb).on_hover_text(hover).clicked() {
            offer(pick, chosen, plays.into_iter());
        }
    }
    if let Some(reserve) = legal
        .iter()
        .find(|a| matches!(a, Action::Reserve { card: c, .. } if *c == card))
        && small_button(ui, "Reserve")
            .on_hover_text(scene.words(reserve))
            .clicked()
    {
        *chosen = Some(reserve.clone());
    }
    if legal
        .iter()
        .any(|a| matches!(a, Action::PlaceTerrain { card: c, .. } if *c == card))
        && small_button(ui, "Lay")
            .on_hover_text("Lay it face down with its token on a hex (free)")
            .clicked()
    {
        pick.aim = Aim::Lay(card);
    }
}

fn small_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add(egui::Button::new(RichText::new(text).size(13.0)))
}

pub(super) fn toggle(list: &mut Vec<CardId>, card: CardId) {
    match list.iter().position(|c| *c == card) {
        Some(i) => {
            list.remove(i);
        }
        None => list.push(card),
    }
}

/// The Spell Area (spells to cast), the Reserve (cards to play) and the Terrain Area (cards to
/// reveal), on one row.
fn areas(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick, chosen: &mut Option<Action>) {
    let view = scene.view;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Spells:").strong());
        spell_area(ui, scene, pick);
        ui.separator();
        ui.label(
            RichText::new(format!(
                "Reserve ({}/{}):",
                view.reserve.len(),
                view.numbers.reserve_max
            ))
            .strong(),
        );
        if view.reserve.is_empty() {
            ui.label(muted("empty"));
        }
        for (card, name) in &view.reserve {
            let plays: Vec<&Action> = scene
                .legal
                .iter()
                .filter(|a| matches!(a, Action::Play { card: c, .. } if c == card))
                .collect();
            if plays.is_empty() {
                ui.label(name).on_hover_ui(face_of(view, *card));
            } else if ui
                .button(format!("Play {name}"))
                .on_hover_ui(face_of(view, *card))
                .clicked()
            {
                offer(pick, chosen, plays.into_iter());
            }
        }
        ui.separator();
        ui.label(RichText::new("Terrain:").strong());
        if view.terrain.is_empty() {
            ui.label(muted("none laid"));
        }
        for (card, name, at) in &view.terrain {
            let can = scene
                .legal
                .iter()
                .any(|a| matches!(a, Action::Reveal { card: c, .. } if c == card));
            let on = pick.aim == Aim::Reveal(*card);
            if can {
                if ui
                    .add(egui::Button::new(format!("Reveal {name}")).selected(on))
                    .on_hover_ui(face_of(view, *card))
                    .clicked()
                {
                    pick.aim = if on { Aim::Nothing } else { Aim::Reveal(*card) };
                }
            } else {
                ui.label(format!("{name} {at}")).on_hover_ui(face_of(view, *card));
            }
        }
    });
}

/// The viewer's prepared spells, one entry per kind: those castable now are buttons that aim them
/// (with ×2, ×3 for the spells cast several cards together); the others are greyed out and say
/// on hover why the rules refuse them now.
fn spell_area(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick) {
    let view = scene.view;
    let Some(me) = view.heroes.get(view.viewer.index()) else {
        return;
    };
    if me.spell_cards.is_empty() {
        ui.label(muted("none prepared"));
    }
    let same = |a: CardId, b: CardId| match (view.card(view.viewer, a), view.card(view.viewer, b)) {
        (Some(a), Some(b)) => a.id == b.id,
        _ => a == b,
    };
    let mut shown: Vec<CardId> = Vec::new();
    for &card in &me.spell_cards {
        if shown.iter().any(|c| same(*c, card)) {
            continue;
        }
        shown.push(card);
        let Some(def) = view.card(view.viewer, card) else {
            continue;
        };
        let name = &def.name;
        let copies = me.spell_cards.iter().filter(|c| same(**c, card)).count();
        let label = if copies > 1 {
            format!("{name} ×{copies}")
        } else {
            name.clone()
        };
        // Each card count the rules allow a cast of this spell with, and the card they name.
        let mut counts: Vec<(u8, CardId)> = Vec::new();
        for action in scene.legal {
            if let Action::Cast { spell, copies, .. } = action
                && same(*spell, card)
                && !counts.iter().any(|(n, _)| n == copies)
            {
                counts.push((*copies, *spell));
            }
        }
        counts.sort_unstable();
        if counts.is_empty() {
            let why = if scene.deciding() {
                view.why_not_cast(card).unwrap_or("No cast of it is open now.")
            } else {
                "Spells are cast on your own turn."
            };
            ui.add_enabled(false, egui::Button::new(format!("Cast {label}")))
                .on_disabled_hover_ui(|ui| {
                    ui.label(RichText::new(format!("Not now: {why}")).color(theme::DANGER));
                    ui.separator();
                    card_face(ui, view, def);
                });
            continue;
        }
        for (n, spell) in counts {
            let text = if n > 1 {
                format!("Cast {n} {name}")
            } else {
                format!("Cast {label}")
            };
            let on = pick.aim == (Aim::Spell { card: spell, copies: n });
            let button = egui::Button::new(RichText::new(text).strong()).selected(on);
            let response = ui.add(button).on_hover_ui(|ui| {
                ui.label(RichText::new("Then click a violet target").color(theme::GOLD));
                ui.separator();
                card_face(ui, view, def);
            });
            if response.clicked() {
                pick.aim = if on {
                    Aim::Nothing
                } else {
                    Aim::Spell { card: spell, copies: n }
                };
            }
        }
    }
}

fn mulligan_bar(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick, chosen: &mut Option<Action>) {
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        let mut wanted = pick.marked.clone();
        wanted.sort_unstable();
        let fits = scene.legal.iter().find(|a| match a {
            Action::Mulligan { cards } => {
                let mut cards = cards.to_vec();
                cards.sort_unstable();
                cards == wanted
            }
            _ => false,
        });
        let label = match wanted.len() {
            0 => "Keep this hand".to_string(),
            n => format!(
                "Shuffle back {n} card{} and draw as many",
                if n == 1 { "" } else { "s" }
            ),
        };
        let button = egui::Button::new(RichText::new(label).strong()).fill(theme::ACCENT);
        if ui.add_enabled(fits.is_some(), button).clicked() {
            *chosen = fits.cloned();
        }
        if fits.is_none() {
            ui.label(muted(format!("At most {} cards.", scene.view.numbers.mulligan_max)));
        } else {
            ui.label(muted("Click cards in your hand to mark them."));
        }
    });
}
