//! The turn's buttons in the left column: upgrade, build, capture, Magic Recharge, "More…" for
//! any legal action without a control of its own, and End turn.

use bevy_egui::egui::{self, RichText};
use spells_of_doom::{Action, CardId, HeroView, TowerKind, Track};

use super::cards::toggle;
use super::pick::Pick;
use super::{Scene, in_hero_phase};
use crate::ui::theme;

/// Whether an action is the one a button takes.
type Wanted = fn(&Action) -> bool;

/// A button's label, read from the deciding Hero's view (what an upgrade moves a track to).
type Label = fn(&HeroView) -> String;

/// Each fixed button: its label and the legal action it takes.
const FIXED: [(Label, Wanted); 5] = [
    (
        |hero| track_label("Armor", hero.armor_track),
        |a| {
            matches!(
                a,
                Action::Upgrade {
                    track: Track::Armor,
                    ..
                }
            )
        },
    ),
    (
        |hero| track_label("Attack", hero.attack_track),
        |a| {
            matches!(
                a,
                Action::Upgrade {
                    track: Track::Attack,
                    ..
                }
            )
        },
    ),
    (
        |_| "Mage Tower".into(),
        |a| {
            matches!(
                a,
                Action::Build {
                    tower: TowerKind::Mage,
                    ..
                }
            )
        },
    ),
    (
        |_| "Defense Tower".into(),
        |a| {
            matches!(
                a,
                Action::Build {
                    tower: TowerKind::Defense,
                    ..
                }
            )
        },
    ),
    (|_| "Capture".into(), |a| matches!(a, Action::Capture)),
];

/// "Armor to 2" (the value an upgrade moves the track to; the Hero's panel shows the value now),
/// or "Armor at top" when the track has no space left.
fn track_label(name: &str, (_, next): (u8, Option<u8>)) -> String {
    match next {
        Some(next) => format!("{name} to {next}"),
        None => format!("{name} at top"),
    }
}

pub fn panel(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick, chosen: &mut Option<Action>) {
    if in_hero_phase(scene.view) && scene.deciding() {
        action_grid(ui, scene, pick, chosen);
    }
    recharge_window(ui, scene, pick, chosen);
}

/// Two buttons a row; one the rules do not offer now is greyed out.
fn action_grid(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick, chosen: &mut Option<Action>) {
    let legal = scene.legal;
    egui::Grid::new("sod-buttons")
        .num_columns(2)
        .spacing(egui::vec2(6.0, 4.0))
        .min_col_width((ui.available_width() - 6.0) / 2.0)
        .show(ui, |ui| {
            let size = egui::vec2(ui.spacing().interact_size.x.max(124.0), 24.0);
            let hero = scene.view.heroes.iter().find(|h| h.seat == scene.view.viewer);
            for (i, (label, wanted)) in FIXED.into_iter().enumerate() {
                let action = legal.iter().find(|a| wanted(a));
                let label = hero.map_or(String::new(), label);
                let button = egui::Button::new(RichText::new(label).size(15.0)).min_size(size);
                let response = ui.add_enabled(action.is_some(), button);
                if let Some(action) = action
                    && response.on_hover_text(scene.words(action)).clicked()
                {
                    *chosen = Some(action.clone());
                }
                if i % 2 == 1 {
                    ui.end_row();
                }
            }
            let can_recharge = legal.iter().any(|a| matches!(a, Action::Recharge { .. }));
            let button = egui::Button::new(RichText::new("Recharge…").size(15.0)).min_size(size);
            if ui
                .add_enabled(can_recharge, button)
                .on_hover_text(recharge_words(&scene.view.numbers))
                .clicked()
            {
                pick.recharge = Some(Vec::new());
            }
            ui.end_row();
        });
    others_menu(ui, scene, chosen);
    if let Some(end) = legal.iter().find(|a| matches!(a, Action::EndTurn)) {
        let button = egui::Button::new(RichText::new("End turn").strong())
            .fill(theme::ACCENT)
            .min_size(egui::vec2(ui.available_width(), 30.0));
        let hover = format!("Discard your hand and draw {}", scene.view.numbers.hand_size);
        if ui.add(button).on_hover_text(hover).clicked() {
            *chosen = Some(end.clone());
        }
    }
}

/// Whether the table has its own control for `action` (a hex, a card's button, a bar button).
/// Anything else, such as an action the rules gained since this table was written, is listed
/// under "More…" so that every legal action can be taken.
fn has_control(scene: &Scene, action: &Action) -> bool {
    let view = scene.view;
    let on_board = |target| super::target_pos(view, target).is_some();
    match action {
        Action::Move { .. }
        | Action::CreatureMove { .. }
        | Action::PlaceTerrain { .. }
        | Action::Summon { .. }
        | Action::Cast { .. }
        | Action::Upgrade { .. }
        | Action::Build { .. }
        | Action::Capture
        | Action::Recharge { .. }
        | Action::EndTurn
        | Action::Mulligan { .. } => true,
        Action::Attack { target, .. } | Action::CreatureAttack { target, .. } => on_board(*target),
        Action::Reveal { card, on } => view.terrain.iter().any(|(c, _, _)| c == card) && on_board(*on),
        Action::Play { card, .. } => {
            view.hand.iter().any(|(c, _)| c == card) || view.reserve.iter().any(|(c, _)| c == card)
        }
        Action::Reserve { card } => view.hand.iter().any(|(c, _)| c == card),
        _ => false,
    }
}

fn others_menu(ui: &mut egui::Ui, scene: &Scene, chosen: &mut Option<Action>) {
    let others: Vec<&Action> = scene.legal.iter().filter(|a| !has_control(scene, a)).collect();
    if others.is_empty() {
        return;
    }
    ui.menu_button(format!("More actions ({})", others.len()), |ui| {
        for action in others {
            if ui.button(scene.words(action)).clicked() {
                *chosen = Some(action.clone());
                ui.close();
            }
        }
    });
}

/// Magic Recharge: tick two of the cards the rules allow (hand, Reserve, Spell or Terrain Area).
fn recharge_window(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick, chosen: &mut Option<Action>) {
    let Some(mut ticked) = pick.recharge.take() else {
        return;
    };
    let mut cards: Vec<CardId> = Vec::new();
    for action in scene.legal {
        if let Action::Recharge { cards: pair } = action {
            for card in pair {
                if !cards.contains(card) {
                    cards.push(*card);
                }
            }
        }
    }
    let mut open = true;
    egui::Window::new("Magic Recharge")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .open(&mut open)
        .show(ui.ctx(), |ui| {
            ui.label(format!("{}:", recharge_words(&scene.view.numbers)));
            for card in &cards {
                let name = scene
                    .view
                    .card(scene.view.viewer, *card)
                    .map_or("?", |d| d.name.as_str());
                let mut on = ticked.contains(card);
                if ui.checkbox(&mut on, name).changed() {
                    toggle(&mut ticked, *card);
                }
            }
            let fits = scene.legal.iter().find(|a| match a {
                Action::Recharge { cards } => ticked.len() == cards.len() && ticked.iter().all(|t| cards.contains(t)),
                _ => false,
            });
            if ui
                .add_enabled(fits.is_some(), egui::Button::new("Discard them"))
                .clicked()
            {
                *chosen = fits.cloned();
            }
        });
    if open && chosen.is_none() {
        pick.recharge = Some(ticked);
    }
}

/// "Magic Recharge: discard 2 cards for 1 mana", from the rules' numbers.
fn recharge_words(numbers: &spells_of_doom::Numbers) -> String {
    format!(
        "Magic Recharge: discard {} cards for {} mana",
        numbers.recharge_cards, numbers.recharge_mana
    )
}
