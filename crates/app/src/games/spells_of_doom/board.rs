//! The hex board in egui. One hexagon mesh is built once with hexx and stamped, scaled and
//! tinted, on every hex; a `HexLayout` fitted to the space turns hexes into pixels and the pointer
//! back into a hex. The viewer's side is always at the bottom (the board is turned for the other
//! team, as the rulebook's players sit on opposite sides).

use std::sync::OnceLock;

use bevy_egui::egui::{self, Align2, Color32, FontId, Mesh, Pos2, Shape, Stroke, pos2, vec2};
use hexx::{Hex, HexLayout, PlaneMeshBuilder, Vec2};
use spellhall_core::Seat;
use spells_of_doom::{Action, Building, Creature, Event, HeroView, Pos, Shrine, TowerKind, View};

use super::pick::{Does, Mark, Pick, spots};
use super::{Scene, seat_colour};
use crate::ui::theme;

const GROUND: Color32 = Color32::from_rgb(62, 84, 70);
const GROUND_ALT: Color32 = Color32::from_rgb(70, 92, 76);
const GAP: Color32 = Color32::from_rgb(30, 44, 38);
const NEUTRAL_CRYSTAL: Color32 = Color32::from_rgb(196, 190, 228);
const MOVE: Color32 = Color32::from_rgb(236, 196, 92);
/// A move beyond Speed, paid in mana: dashed, in a hotter orange, with its price on the hex.
const PAID_MOVE: Color32 = Color32::from_rgb(250, 132, 40);
const STRIKE: Color32 = Color32::from_rgb(240, 72, 60);
const SPELL: Color32 = Color32::from_rgb(184, 112, 250);
const PLACE: Color32 = Color32::from_rgb(90, 220, 150);
const DARK: Color32 = Color32::from_rgb(20, 20, 26);

/// The unit hexagon (size 1, centred on the origin), built once from hexx's plane mesh.
fn unit_hexagon() -> &'static Mesh {
    static MESH: OnceLock<Mesh> = OnceLock::new();
    MESH.get_or_init(|| {
        let info = PlaneMeshBuilder::new(&HexLayout::pointy()).center_aligned().build();
        let mut mesh = Mesh::default();
        // hexx lays the plane in x/z (facing up, for 3D); the screen is x/y.
        for v in &info.vertices {
            mesh.colored_vertex(pos2(v.x, v.z), Color32::WHITE);
        }
        mesh.indices = info.indices.iter().map(|&i| u32::from(i)).collect();
        mesh
    })
}

/// Add the unit hexagon to `mesh`, centred on `centre`, `size` large, in `colour`.
fn stamp(mesh: &mut Mesh, centre: Pos2, size: f32, colour: Color32) {
    let unit = unit_hexagon();
    let base = mesh.vertices.len() as u32;
    for v in &unit.vertices {
        mesh.colored_vertex(centre + v.pos.to_vec2() * size, colour);
    }
    mesh.indices.extend(unit.indices.iter().map(|i| base + i));
}

/// The board placed in a rectangle: hex ↔ pixel.
#[derive(Clone)]
struct Placed {
    layout: HexLayout,
    size: f32,
}

impl Placed {
    /// The largest layout that fits every board hex in `rect`, turned so that `bottom` (a hex of
    /// the viewer's side) is in the lower half.
    fn fit(rect: egui::Rect, hexes: &[Hex], bottom: Hex) -> Self {
        let unit = HexLayout::pointy();
        let (mut min, mut max) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        for hex in hexes {
            for corner in unit.hex_corners(*hex) {
                min = min.min(corner);
                max = max.max(corner);
            }
        }
        let extent = (max - min).max(Vec2::ONE);
        let size = (rect.width() / extent.x).min(rect.height() / extent.y);
        let turn = if unit.hex_to_world_pos(bottom).y < 0.0 {
            -1.0
        } else {
            1.0
        };
        let middle = (min + max) / 2.0 * size * turn;
        let origin = Vec2::new(rect.center().x, rect.center().y) - middle;
        let layout = HexLayout::pointy()
            .with_scale(Vec2::splat(size * turn))
            .with_origin(origin);
        Self { layout, size }
    }

    fn centre(&self, at: Pos) -> Pos2 {
        let p = self.layout.hex_to_world_pos(at.hex());
        pos2(p.x, p.y)
    }

    fn hex_at(&self, p: Pos2) -> Pos {
        Pos::of(self.layout.world_pos_to_hex(Vec2::new(p.x, p.y)))
    }

    fn outline(&self, at: Pos, inset: f32) -> Vec<Pos2> {
        let c = self.centre(at);
        self.layout
            .hex_corners(at.hex())
            .iter()
            .map(|p| c + (pos2(p.x, p.y) - c) * inset)
            .collect()
    }
}

fn placed_id() -> egui::Id {
    egui::Id::new("spells-of-doom-board")
}

/// Where the last frame drew the centre of hex `at` (for tests and automation that click hexes).
pub fn hex_on_screen(ctx: &egui::Context, at: Pos) -> Option<Pos2> {
    let placed: Placed = ctx.data(|d| d.get_temp(placed_id()))?;
    Some(placed.centre(at))
}

/// A hex of the viewer's own side (its starting space), to put at the bottom.
fn home_hex(view: &View) -> Hex {
    view.heroes
        .get(view.viewer.index())
        .map_or(Hex::ZERO, |h| h.start.hex())
}

/// What moving the viewer's Hero onto a lit spot costs, when it is a paid move.
fn paid_move(scene: &Scene, does: &Does) -> Option<u32> {
    match does {
        Does::Act(Action::Move { to }) => Some(scene.view.move_cost(*to)).filter(|cost| *cost > 0),
        _ => None,
    }
}

pub fn draw(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick, chosen: &mut Option<Action>, size: egui::Vec2) {
    let content = &scene.view.content;
    let hexes: Vec<Hex> = content.board.hexes().collect();
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let placed = Placed::fit(rect.shrink(4.0), &hexes, home_hex(scene.view));
    ui.data_mut(|d| d.insert_temp(placed_id(), placed.clone()));
    let painter = ui.painter_at(rect);
    let lit = spots(pick.aim, scene);

    paint_ground(&painter, &placed, scene.view, &hexes);
    for spot in &lit {
        let outline = placed.outline(spot.at, 0.86);
        if let Some(cost) = paid_move(scene, &spot.does) {
            let mut ring = outline.clone();
            ring.push(outline[0]);
            painter.extend(Shape::dashed_line(&ring, Stroke::new(2.0, PAID_MOVE), 5.0, 4.0));
            painter.text(
                placed.centre(spot.at) + vec2(0.0, placed.size * 0.55),
                Align2::CENTER_CENTER,
                format!("{cost}◆"),
                FontId::proportional((placed.size * 0.32).max(10.0)),
                PAID_MOVE,
            );
            continue;
        }
        let colour = match spot.mark {
            Mark::Move => MOVE,
            Mark::Strike => STRIKE,
            Mark::Spell => SPELL,
            Mark::Place => PLACE,
        };
        let width = if spot.mark == Mark::Move { 2.0 } else { 3.0 };
        painter.add(Shape::closed_line(outline, Stroke::new(width, colour)));
    }
    paint_pieces(&painter, &placed, scene, pick);

    let hovered = response
        .hover_pos()
        .map(|p| placed.hex_at(p))
        .filter(|at| content.board.contains(at.hex()));
    if let Some(at) = hovered {
        painter.add(Shape::closed_line(
            placed.outline(at, 0.97),
            Stroke::new(1.5, Color32::WHITE),
        ));
        if response.clicked() && scene.deciding() {
            pick.click(scene, at, chosen);
        }
        let here: Vec<String> = lit
            .iter()
            .filter(|s| s.at == at)
            .map(|s| match &s.does {
                Does::Act(action) => scene.words(action),
                Does::Aim(_, words) => words.clone(),
            })
            .collect();
        response.on_hover_ui_at_pointer(|ui| {
            for words in &here {
                ui.label(egui::RichText::new(format!("Click: {words}")).color(theme::GOLD));
            }
            hex_tooltip(ui, scene, at);
        });
    }
}

/// The hexes: ground in two shades, starting spaces tinted by their seat, all in one mesh.
fn paint_ground(painter: &egui::Painter, placed: &Placed, view: &View, hexes: &[Hex]) {
    let mut mesh = Mesh::default();
    let starts: Vec<(Seat, Pos)> = view.heroes.iter().map(|h| (h.seat, h.start)).collect();
    for hex in hexes {
        let at = Pos::of(*hex);
        let mut colour = if (hex.x - hex.y).rem_euclid(3) == 0 {
            GROUND_ALT
        } else {
            GROUND
        };
        if let Some((seat, _)) = starts.iter().find(|(_, s)| *s == at) {
            colour = colour.lerp_to_gamma(seat_colour(*seat), 0.35);
        }
        let centre = placed.centre(at);
        stamp(&mut mesh, centre, placed.size, GAP);
        stamp(&mut mesh, centre, placed.size * 0.92, colour);
    }
    painter.add(Shape::mesh(mesh));
}

/// Where the characters of a hex stand, as fractions of the hex size: one in the middle, more
/// side by side (a structure, if any, takes the top).
fn slots(count: usize, structure: bool) -> Vec<egui::Vec2> {
    let down = if structure { 0.16 } else { 0.0 };
    match count {
        0 => Vec::new(),
        1 => vec![vec2(0.0, down)],
        _ if structure => vec![vec2(-0.38, 0.1), vec2(0.38, 0.1), vec2(0.0, 0.58), vec2(0.0, 0.58)],
        _ => vec![vec2(-0.38, -0.22), vec2(0.38, -0.22), vec2(-0.38, 0.4), vec2(0.38, 0.4)],
    }
}

/// Shrines and towers, Terrain tokens, Heroes and creatures, each hex's pieces placed so that
/// none hides another (beyond four characters on a hex, the tooltip lists them all).
fn paint_pieces(painter: &egui::Painter, placed: &Placed, scene: &Scene, pick: &Pick) {
    let view = scene.view;
    let s = placed.size;
    let returned = returned_heroes(scene);
    for hex in view.content.board.hexes() {
        let at = Pos::of(hex);
        let centre = placed.centre(at);
        let heroes: Vec<_> = view.heroes.iter().filter(|h| h.at == Some(at)).collect();
        let creatures: Vec<&Creature> = view.creatures.iter().filter(|c| c.at == at).collect();
        let count = heroes.len() + creatures.len();
        let structure = structure_near(view, at);
        // A structure sits at the top of a hex that also holds characters.
        let (structure_at, scale) = if count > 0 {
            (centre - vec2(0.0, s * 0.52), 0.62)
        } else {
            (centre, 1.0)
        };
        if let Some(shrine) = view.shrines.iter().find(|x| x.at == at) {
            crystal(painter, shrine, structure_at, s * scale);
        }
        if let Some(building) = view.buildings.iter().find(|b| b.at == at) {
            tower(painter, building, structure_at, s * scale);
        }
        for (i, (owner, _)) in view.terrain_tokens.iter().filter(|(_, p)| *p == at).enumerate() {
            terrain_token(painter, *owner, centre + vec2(-s * 0.7 + i as f32 * 7.0, -s * 0.05), s);
        }
        let shrink = if count > 1 { 0.75 } else { 1.0 };
        let mut places = slots(count, structure).into_iter().map(|v| centre + v * s);
        for hero in heroes {
            let Some(spot) = places.next() else { break };
            let selected = pick.aim == super::pick::Aim::Hero && hero.seat == view.viewer;
            hero_disc(painter, hero, spot, s * shrink, selected);
            if returned.contains(&hero.seat) {
                painter.circle_stroke(spot, s * shrink * 0.46 + 5.0, Stroke::new(2.0, theme::GOLD));
                painter.text(
                    spot - vec2(0.0, s * shrink * 0.62),
                    Align2::CENTER_BOTTOM,
                    "back",
                    FontId::proportional((s * 0.3).max(10.0)),
                    theme::GOLD,
                );
            }
        }
        // A fallen Hero waits, faded, on the space it will return to.
        for hero in view.heroes.iter().filter(|h| h.at.is_none() && h.start == at) {
            fallen_disc(painter, hero, centre, s);
        }
        for creature in creatures {
            let Some(spot) = places.next() else { break };
            let selected = pick.aim == super::pick::Aim::Creature(creature.id);
            creature_disc(painter, view, creature, spot, s * shrink, selected);
        }
    }
}

fn structure_near(view: &View, at: Pos) -> bool {
    view.shrines.iter().any(|x| x.at == at) || view.buildings.iter().any(|b| b.at == at)
}

/// A Magic Shrine: a crystal, pale while neutral, in its owner's colour once captured.
fn crystal(painter: &egui::Painter, shrine: &Shrine, c: Pos2, s: f32) {
    let fill = shrine.owner.map_or(NEUTRAL_CRYSTAL, seat_colour);
    let (w, h) = (s * 0.32, s * 0.48);
    let points = vec![
        c + vec2(0.0, -h),
        c + vec2(w, -h * 0.3),
        c + vec2(w * 0.6, h * 0.7),
        c + vec2(-w * 0.6, h * 0.7),
        c + vec2(-w, -h * 0.3),
    ];
    painter.add(Shape::convex_polygon(points, fill, Stroke::new(1.5, Color32::WHITE)));
    if shrine.owner.is_some() {
        hp_badge(painter, c + vec2(w + s * 0.12, h * 0.4), shrine.hp, s);
    }
}

/// A tower: a square in its owner's colour, M (Mage) or D (Defense), with its HP.
fn tower(painter: &egui::Painter, building: &Building, c: Pos2, s: f32) {
    let rect = egui::Rect::from_center_size(c, vec2(s * 0.66, s * 0.66));
    painter.rect(
        rect,
        2.0,
        seat_colour(building.owner).gamma_multiply(0.85),
        Stroke::new(1.5, Color32::WHITE),
        egui::StrokeKind::Middle,
    );
    let letter = match building.kind {
        TowerKind::Mage => "M",
        TowerKind::Defense => "D",
    };
    painter.text(
        c,
        Align2::CENTER_CENTER,
        letter,
        FontId::proportional(s * 0.4),
        Color32::WHITE,
    );
    hp_badge(painter, rect.right_bottom(), building.hp, s);
}

/// A face-down Terrain token: a small brown tile rimmed in its owner's colour.
fn terrain_token(painter: &egui::Painter, owner: Seat, c: Pos2, s: f32) {
    let rect = egui::Rect::from_center_size(c, vec2(s * 0.28, s * 0.28));
    painter.rect(
        rect,
        1.0,
        Color32::from_rgb(128, 92, 52),
        Stroke::new(2.0, seat_colour(owner)),
        egui::StrokeKind::Middle,
    );
}

fn hero_disc(painter: &egui::Painter, hero: &HeroView, c: Pos2, s: f32, selected: bool) {
    let r = s * 0.46;
    if selected {
        painter.circle_stroke(c, r + 4.0, Stroke::new(3.0, Color32::WHITE));
    }
    painter.circle_filled(c + vec2(1.5, 2.0), r, Color32::from_black_alpha(120));
    painter.circle_filled(c, r, seat_colour(hero.seat));
    painter.circle_stroke(c, r, Stroke::new(2.0, Color32::WHITE));
    let initial: String = hero.name.chars().take(1).collect();
    painter.text(
        c,
        Align2::CENTER_CENTER,
        initial,
        FontId::proportional(r * 1.2),
        Color32::WHITE,
    );
    hp_badge(painter, c + vec2(r * 0.85, r * 0.8), hero.hp, s);
}

/// The Heroes that came back onto the board in the latest action's events.
fn returned_heroes(scene: &Scene) -> Vec<Seat> {
    scene.events.last().map_or_else(Vec::new, |events| {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Respawned { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect()
    })
}

/// A dead Hero: a faded disc with a skull on its starting space.
fn fallen_disc(painter: &egui::Painter, hero: &HeroView, c: Pos2, s: f32) {
    let r = s * 0.46;
    painter.circle_filled(c, r, seat_colour(hero.seat).gamma_multiply(0.3));
    painter.circle_stroke(c, r, Stroke::new(1.5, Color32::from_white_alpha(140)));
    painter.text(
        c,
        Align2::CENTER_CENTER,
        "☠",
        FontId::proportional(r * 1.1),
        Color32::from_white_alpha(220),
    );
}

fn creature_disc(painter: &egui::Painter, view: &View, creature: &Creature, c: Pos2, s: f32, selected: bool) {
    let r = s * 0.36;
    if selected {
        painter.circle_stroke(c, r + 3.0, Stroke::new(2.5, Color32::WHITE));
    }
    painter.circle_filled(c, r, seat_colour(creature.id.owner).gamma_multiply(0.9));
    painter.circle_stroke(c, r, Stroke::new(1.2, DARK));
    let name = view
        .creature_def(&creature.kind)
        .map_or(creature.kind.as_str(), |d| d.name.as_str());
    painter.text(
        c,
        Align2::CENTER_CENTER,
        abbreviation(name),
        FontId::proportional(r * 0.95),
        Color32::WHITE,
    );
    hp_badge(painter, c + vec2(r * 0.85, r * 0.8), creature.hp, s * 0.85);
}

/// "Fire Imp" → "FI", "Dog" → "Do".
fn abbreviation(name: &str) -> String {
    let initials: String = name.split_whitespace().filter_map(|w| w.chars().next()).collect();
    if initials.chars().count() >= 2 {
        initials.chars().take(2).collect()
    } else {
        name.chars().take(2).collect()
    }
}

/// HP in a small dark pill.
fn hp_badge(painter: &egui::Painter, c: Pos2, hp: u8, s: f32) {
    let font = FontId::proportional((s * 0.3).max(10.0));
    let text = hp.to_string();
    let galley = painter.layout_no_wrap(text, font, Color32::WHITE);
    let rect = egui::Rect::from_center_size(c, galley.size() + vec2(6.0, 1.0));
    painter.rect_filled(rect, 4.0, DARK.gamma_multiply(0.9));
    painter.galley(rect.center() - galley.size() / 2.0, galley, Color32::WHITE);
}

/// Everything on a hex, in words.
fn hex_tooltip(ui: &mut egui::Ui, scene: &Scene, at: Pos) {
    let view = scene.view;
    let (max_hp, armor) = (view.numbers.structure_hp, view.numbers.structure_armor);
    ui.label(egui::RichText::new(format!("Hex {at}")).strong());
    let mut empty = true;
    let mut line = |ui: &mut egui::Ui, text: String| {
        empty = false;
        ui.label(text);
    };
    if let Some(shrine) = view.shrines.iter().find(|x| x.at == at) {
        let owner = shrine
            .owner
            .map_or("neutral".to_string(), |s| format!("{}'s crystal", scene.name(s)));
        line(
            ui,
            format!("Magic Shrine, {owner}: HP {}/{max_hp}, Armor {armor}", shrine.hp),
        );
    }
    if let Some(b) = view.buildings.iter().find(|b| b.at == at) {
        line(
            ui,
            format!(
                "{}'s {}: HP {}/{max_hp}, Armor {armor}",
                scene.name(b.owner),
                b.kind.name(),
                b.hp
            ),
        );
    }
    for hero in view.heroes.iter().filter(|h| h.at == Some(at)) {
        let mut text = format!(
            "{} ({}): HP {}/{}, Armor {}, Attack {} dice",
            hero.name,
            scene.name(hero.seat),
            hero.hp,
            hero.max_hp,
            hero.armor,
            hero.attack
        );
        text.push_str(&super::heroes::token_words(hero));
        line(ui, text);
    }
    for hero in view.heroes.iter().filter(|h| h.at.is_none() && h.start == at) {
        line(
            ui,
            format!(
                "{}'s {} fell: back here at the end of the phase, with full HP",
                scene.name(hero.seat),
                hero.name
            ),
        );
    }
    for creature in view.creatures.iter().filter(|c| c.at == at) {
        line(ui, creature_words(scene, creature));
    }
    for (owner, _) in view.terrain_tokens.iter().filter(|(_, p)| *p == at) {
        let mine = view.terrain.iter().find(|(_, _, p)| *p == at && *owner == view.viewer);
        match mine {
            Some((_, name, _)) => line(ui, format!("Your Terrain card (face down): {name}")),
            None => line(ui, format!("{}'s Terrain token (face down)", scene.name(*owner))),
        }
    }
    if empty {
        ui.label(super::muted("empty"));
    }
}

fn creature_words(scene: &Scene, creature: &Creature) -> String {
    let owner = scene.name(creature.id.owner);
    match scene.view.creature_def(&creature.kind) {
        Some(def) => format!(
            "{owner}'s {} (HP {} now): {}",
            def.name,
            creature.hp,
            spells_of_doom::creature_text(def)
        ),
        None => format!("{owner}'s {}: HP {}", creature.kind, creature.hp),
    }
}
