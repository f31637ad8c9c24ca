//! A formation as its pyramid (A; B C; D E F, and G–J in the ten-realm game), rows by the
//! engine's geometry: razed realms face down, holdings tucked under their realm, protected realms
//! shielded, and the places the picked card may go lit.

use bevy_egui::egui::{self, Align2, Color32, CornerRadius, FontId, Sense, Stroke, StrokeKind, Vec2};
use spellfire::{Action, PlayerView, Position, RealmView};

use super::choices::{self, Place};
use super::tiles::{self, LIT, Look, Ring, SHIELD};
use super::{Click, Scene};
use crate::ui::theme;

/// The sizes of a formation's tiles.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    pub realm: Vec2,
    /// The strip of a holding tucked under its realm.
    pub holding: f32,
    pub gap: f32,
}

impl Sizes {
    /// The width a formation of `positions` takes.
    pub fn width(&self, positions: usize) -> f32 {
        let widest = rows(positions).iter().map(Vec::len).max().unwrap_or(1) as f32;
        widest * self.realm.x + (widest - 1.0) * self.gap
    }
}

/// The positions by row, front first, as the engine numbers them.
fn rows(positions: usize) -> Vec<Vec<Position>> {
    let mut rows: Vec<Vec<Position>> = Vec::new();
    for at in (0..positions).map(|i| Position(i as u8)) {
        match rows.get_mut(at.row()) {
            Some(row) => row.push(at),
            None => rows.push(vec![at]),
        }
    }
    rows
}

/// The place a click on `at` of `player`'s formation stands for.
fn place(scene: &Scene, player: &PlayerView, at: Position) -> Place {
    if player.seat == scene.view.seat {
        Place::Own(at)
    } else {
        Place::Realm(player.seat, at)
    }
}

/// Draw `player`'s formation, each row centred under the one in front.
pub fn formation(ui: &mut egui::Ui, scene: &Scene, player: &PlayerView, sizes: Sizes, out: &mut Vec<Click>) {
    let width = sizes.width(player.formation.len());
    ui.vertical(|ui| {
        ui.set_width(width);
        ui.spacing_mut().item_spacing = egui::vec2(sizes.gap, sizes.gap);
        for row in rows(player.formation.len()) {
            let row_width = row.len() as f32 * sizes.realm.x + (row.len() as f32 - 1.0) * sizes.gap;
            ui.horizontal(|ui| {
                ui.add_space((width - row_width) / 2.0);
                for at in row {
                    slot(ui, scene, player, at, sizes, out);
                }
            });
        }
    });
}

fn slot(ui: &mut egui::Ui, scene: &Scene, player: &PlayerView, at: Position, sizes: Sizes, out: &mut Vec<Click>) {
    let here = place(scene, player, at);
    let lit = scene.places.contains(&here);
    ui.vertical(|ui| {
        ui.spacing_mut().item_spacing.y = 0.0;
        match player.formation.get(at.index()).and_then(Option::as_ref) {
            Some(realm) => realm_tile(ui, scene, realm, here, lit, sizes, out),
            None => empty(ui, scene, at, here, lit, sizes, out),
        }
    });
}

fn realm_tile(
    ui: &mut egui::Ui,
    scene: &Scene,
    realm: &RealmView,
    here: Place,
    lit: bool,
    sizes: Sizes,
    out: &mut Vec<Click>,
) {
    let card = realm.realm.id;
    // The viewer's own razed realm that may be rebuilt now: lit, and a click rebuilds it (the
    // action bar keeps the same action as a button, for the keyboard).
    let rebuild = (realm.razed && matches!(here, Place::Own(_)))
        .then(|| {
            scene
                .legal
                .iter()
                .find(|a| matches!(a, Action::Rebuild { at } if *at == realm.at))
        })
        .flatten();
    let ring = if scene.picked == Some(card) {
        Ring::Picked
    } else if lit || rebuild.is_some() || choices::is_active(scene.legal, card) {
        Ring::Lit
    } else {
        Ring::None
    };
    let look = Look {
        ring,
        face_down: realm.razed,
        tucked: false,
    };
    let response = tiles::tile(ui, scene, &realm.realm, sizes.realm, look);
    let protected = !realm.razed && !realm.exposed;
    letter(ui, response.rect, realm.at, protected);
    if protected {
        ui.painter().rect_stroke(
            response.rect.shrink(2.0),
            CornerRadius::same(3),
            Stroke::new(1.5, SHIELD),
            StrokeKind::Inside,
        );
    }
    let response = if protected {
        response.on_hover_text("Protected: only a champion with a movement power can reach it.")
    } else if let Some(action) = rebuild {
        // The cost is on the hover, before the click.
        response.on_hover_text(format!("Click: {}", (scene.describe)(action)))
    } else {
        response
    };
    if response.clicked() {
        out.push(match rebuild {
            Some(action) if scene.picked.is_none() => Click::Act(action.clone()),
            _ => click(scene, card, here),
        });
    }
    match &realm.holding {
        Some(holding) => {
            let ring = if scene.picked == Some(holding.id) {
                Ring::Picked
            } else if choices::is_active(scene.legal, holding.id) {
                Ring::Lit
            } else {
                Ring::None
            };
            let look = Look {
                ring,
                face_down: false,
                tucked: true,
            };
            if tiles::tile(ui, scene, holding, egui::vec2(sizes.realm.x, sizes.holding), look).clicked() {
                out.push(Click::Card(holding.id));
            }
        }
        None => {
            ui.add_space(sizes.holding);
        }
    }
}

/// A click on a realm: a place for the picked card, else the realm itself (to defend with it, to
/// aim an event at it).
fn click(scene: &Scene, card: spellfire::CardId, here: Place) -> Click {
    match scene.picked {
        Some(picked) if picked != card => Click::Place(here),
        _ => Click::Card(card),
    }
}

fn empty(ui: &mut egui::Ui, scene: &Scene, at: Position, here: Place, lit: bool, sizes: Sizes, out: &mut Vec<Click>) {
    let (rect, response) = ui.allocate_exact_size(sizes.realm, Sense::click());
    let owner = match here {
        Place::Realm(seat, _) => scene.name_of(seat),
        _ => scene.name_of(scene.view.seat),
    };
    response
        .widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, true, format!("{owner}: position {at}")));
    let colour = if lit { LIT } else { Color32::from_white_alpha(40) };
    // A faint outline with small corners: a table has up to twenty empty positions, and a corner's
    // path (so its triangles) grows with its radius.
    ui.painter().rect_stroke(
        rect,
        CornerRadius::same(2),
        Stroke::new(if lit { 2.5 } else { 1.0 }, colour),
        StrokeKind::Inside,
    );
    ui.painter().text(
        rect.center(),
        Align2::CENTER_CENTER,
        at.letter().to_string(),
        FontId::proportional(14.0),
        colour,
    );
    ui.add_space(sizes.holding);
    let response = if lit {
        response.on_hover_text(format!("Play it at {at}"))
    } else {
        response
    };
    if response.clicked() && scene.picked.is_some() {
        out.push(Click::Place(here));
    }
}

/// The position's letter in the tile's corner, on a shield when the realm is protected.
fn letter(ui: &egui::Ui, rect: egui::Rect, at: Position, protected: bool) {
    let centre = rect.left_bottom() + egui::vec2(8.0, -8.0);
    if rect.height() < 40.0 {
        return;
    }
    let fill = if protected { SHIELD } else { theme::PANEL_DARK };
    ui.painter().circle(centre, 7.5, fill, Stroke::new(1.0, Color32::BLACK));
    ui.painter().text(
        centre,
        Align2::CENTER_CENTER,
        at.letter().to_string(),
        FontId::proportional(10.0),
        if protected { Color32::BLACK } else { theme::PARCHMENT },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pyramid_rows_come_from_the_engines_positions() {
        let letters = |positions| -> Vec<String> {
            rows(positions)
                .iter()
                .map(|row| row.iter().map(|p| p.letter()).collect())
                .collect()
        };
        assert_eq!(letters(6), vec!["A", "BC", "DEF"]);
        assert_eq!(letters(10), vec!["A", "BC", "DEF", "GHIJ"]);
    }
}
