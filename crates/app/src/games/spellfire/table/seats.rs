//! The players: the others along the top (compact, one box each), the viewer's own formation, pool
//! and piles above the hand. Each shows its pool with every champion's attachments, its hand as a
//! count, and its piles; a click on a pile looks inside where the view shows its cards.

use bevy_egui::egui::{self, RichText, Vec2};
use spellfire::{CardView, ChampionView, PlayerView};
use spellhall_core::Seat;

use super::choices::{self, Place};
use super::formation::{self, Sizes};
use super::tiles::{self, Look, Ring};
use super::{Click, Scene};
use crate::ui::theme;

/// The other players, one box each in a row, in turn order from the viewer's left. Each box has
/// a fixed width, so that six players fit the window's width.
pub fn others(ui: &mut egui::Ui, scene: &Scene, out: &mut Vec<Click>) {
    let view = scene.view;
    let count = view.players.len();
    let me = view.seat.index();
    let others: Vec<&PlayerView> = (1..count).map(|step| &view.players[(me + step) % count]).collect();
    if others.is_empty() {
        return;
    }
    let gap = 6.0;
    let full = ui.available_width();
    let width = ((full - gap * (others.len() as f32 - 1.0)) / others.len() as f32).min(440.0);
    let top = ui.cursor().min;
    let mut bottom = top.y;
    for (i, player) in others.into_iter().enumerate() {
        let rect = egui::Rect::from_min_size(
            top + egui::vec2(i as f32 * (width + gap), 0.0),
            egui::vec2(width, 2000.0),
        );
        let mut child = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(rect)
                .layout(egui::Layout::top_down(egui::Align::Min)),
        );
        child.set_clip_rect(rect.intersect(ui.clip_rect()));
        seat_box(&mut child, scene, player, width, out);
        bottom = bottom.max(child.min_rect().max.y);
    }
    ui.allocate_rect(
        egui::Rect::from_min_max(top, egui::pos2(top.x + full, bottom)),
        egui::Sense::hover(),
    );
}

/// The tile sizes for a box `width` wide, for a formation of `positions`.
fn compact_sizes(width: f32, positions: usize) -> Sizes {
    let across = if positions > 6 { 4.0 } else { 3.0 };
    let gap = 3.0;
    let tile = ((width - 16.0 - gap * (across - 1.0)) / across).clamp(44.0, 96.0);
    Sizes {
        realm: egui::vec2(tile, (tile * 0.42).clamp(22.0, 34.0)),
        holding: 13.0,
        gap,
    }
}

fn seat_box(ui: &mut egui::Ui, scene: &Scene, player: &PlayerView, width: f32, out: &mut Vec<Click>) {
    let deciding = scene.view.to_act == Some(player.seat);
    let frame = egui::Frame::new()
        .fill(theme::PANEL_DARK.gamma_multiply(0.9))
        .stroke(egui::Stroke::new(
            if deciding { 2.0 } else { 1.0 },
            if deciding { theme::GOLD } else { theme::GOLD_DIM },
        ))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::same(6));
    frame.show(ui, |ui| {
        ui.set_width(width - 16.0);
        ui.spacing_mut().item_spacing = egui::vec2(4.0, 3.0);
        header(ui, scene, player);
        let sizes = compact_sizes(width - 14.0, player.formation.len());
        ui.vertical_centered(|ui| formation::formation(ui, scene, player, sizes, out));
        // Two champions a row, with the spacing between them, inside the frame's margins.
        let chip = ((width - 18.0 - 4.0) / 2.0).floor();
        pool(ui, scene, player, egui::vec2(chip, 20.0), out);
    });
}

/// Name, whose turn, the hand as a count, the piles.
fn header(ui: &mut egui::Ui, scene: &Scene, player: &PlayerView) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 5.0;
        let mut name = RichText::new(scene.name_of(player.seat)).strong().size(16.0);
        if scene.view.active == player.seat {
            name = name.color(theme::GOLD);
        }
        ui.label(name).on_hover_text(if scene.view.active == player.seat {
            "Whose turn it is"
        } else {
            "Waiting for a turn"
        });
        tiles::back(ui, egui::vec2(18.0, 22.0), player.hand_count, "Cards in hand");
        piles(ui, player, true);
    });
}

/// The draw pile's count, and the piles with cards in them as buttons that look inside.
fn piles(ui: &mut egui::Ui, player: &PlayerView, small: bool) {
    let size = if small { 13.0 } else { 15.0 };
    ui.label(
        RichText::new(format!("draw {}", player.draw_count))
            .size(size)
            .color(theme::MUTED),
    )
    .on_hover_text("The draw pile: face down.");
    let limbo: Vec<CardView> = player.limbo.iter().map(|l| l.card).collect();
    for (pile, cards) in [
        (Pile::Discard, player.discard.as_slice()),
        (Pile::Limbo, limbo.as_slice()),
        (Pile::Abyss, player.abyss.as_slice()),
    ] {
        if cards.is_empty() && pile != Pile::Discard {
            continue;
        }
        let text = RichText::new(format!("{} {}", pile.word(), cards.len())).size(size);
        let response = ui.add_enabled(!cards.is_empty(), egui::Button::new(text).small());
        if response.on_hover_text("Click to look inside").clicked() {
            ui.data_mut(|d| d.insert_temp(look_id(), Some((player.seat, pile))));
        }
    }
}

/// A pile the view shows the cards of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pile {
    Discard,
    Limbo,
    Abyss,
}

impl Pile {
    fn word(self) -> &'static str {
        match self {
            Pile::Discard => "discard",
            Pile::Limbo => "Limbo",
            Pile::Abyss => "Abyss",
        }
    }
}

fn look_id() -> egui::Id {
    egui::Id::new("spellfire-look-inside")
}

/// The window showing the cards of the pile last clicked, until closed.
pub fn look_inside(ctx: &egui::Context, scene: &Scene) {
    let Some((seat, pile)) = ctx.data(|d| d.get_temp::<Option<(Seat, Pile)>>(look_id())).flatten() else {
        return;
    };
    let Some(player) = scene.view.players.iter().find(|p| p.seat == seat) else {
        return;
    };
    let cards: Vec<(CardView, String)> = match pile {
        Pile::Discard => player.discard.iter().map(|c| (*c, String::new())).collect(),
        Pile::Abyss => player.abyss.iter().map(|c| (*c, String::new())).collect(),
        Pile::Limbo => player
            .limbo
            .iter()
            .map(|l| (l.card, format!("back after turn {}", l.returns_after_turn)))
            .collect(),
    };
    let mut open = true;
    egui::Window::new(format!("{}'s {}", scene.name_of(seat), pile.word()))
        .open(&mut open)
        .collapsible(false)
        .default_width(560.0)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().max_height(420.0).show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for (card, note) in &cards {
                        ui.vertical(|ui| {
                            tiles::tile(ui, scene, card, egui::vec2(100.0, 56.0), Look::default());
                            if !note.is_empty() {
                                ui.label(RichText::new(note).size(12.0).color(theme::MUTED));
                            }
                        });
                    }
                });
            });
        });
    if !open {
        ctx.data_mut(|d| d.insert_temp::<Option<(Seat, Pile)>>(look_id(), None));
    }
}

/// A pool: each champion with its attachments under it.
fn pool(ui: &mut egui::Ui, scene: &Scene, player: &PlayerView, size: Vec2, out: &mut Vec<Click>) {
    if player.pool.is_empty() {
        ui.label(RichText::new("pool: empty").size(13.0).color(theme::MUTED));
        return;
    }
    // Rows laid out here: a wrapping layout cannot know how wide a champion with its attachments is
    // before drawing it, and would run past the box.
    let gap = 4.0;
    let per_row = ((ui.available_width() + gap) / (size.x + gap)).floor().max(1.0) as usize;
    for row in player.pool.chunks(per_row) {
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing = egui::vec2(gap, gap);
            for champion in row {
                ui.vertical(|ui| {
                    ui.set_width(size.x);
                    ui.spacing_mut().item_spacing.y = 1.0;
                    champion_tiles(ui, scene, champion, size, out);
                });
            }
        });
    }
}

/// A champion and its attachments, each clickable: the champion as a place for the picked item,
/// or to pick it (to attack, defend, quest, answer an event with it).
fn champion_tiles(ui: &mut egui::Ui, scene: &Scene, champion: &ChampionView, size: Vec2, out: &mut Vec<Click>) {
    let id = champion.champion.id;
    let place = Place::Champion(id);
    let ring = if scene.picked == Some(id) {
        Ring::Picked
    } else if scene.places.contains(&place) || choices::is_active(scene.legal, id) {
        Ring::Lit
    } else {
        Ring::None
    };
    let look = Look {
        ring,
        face_down: champion.questing,
        tucked: false,
    };
    let mut response = tiles::tile(ui, scene, &champion.champion, size, look);
    if champion.questing {
        response = response.on_hover_text("Away questing");
    }
    if champion.experience > 0 {
        response = response.on_hover_text(format!("Experience: +{} levels", champion.experience));
    }
    if response.clicked() {
        out.push(if scene.places.contains(&place) {
            Click::Place(place)
        } else {
            Click::Card(id)
        });
    }
    for attachment in &champion.attachments {
        let ring = if scene.picked == Some(attachment.id) {
            Ring::Picked
        } else if choices::is_active(scene.legal, attachment.id) {
            Ring::Lit
        } else {
            Ring::None
        };
        let look = Look {
            ring,
            face_down: false,
            tucked: true,
        };
        if tiles::tile(ui, scene, attachment, egui::vec2(size.x, 14.0), look).clicked() {
            out.push(Click::Card(attachment.id));
        }
    }
}

/// The viewer's own side: the formation on the left; the pool, the piles, the rule card, the
/// action bar and the hand beside it.
pub fn own(ui: &mut egui::Ui, scene: &Scene, out: &mut Vec<Click>) {
    let view = scene.view;
    let Some(me) = view.players.iter().find(|p| p.seat == view.seat) else {
        return;
    };
    let ten = me.formation.len() > 6;
    let sizes = Sizes {
        realm: if ten {
            egui::vec2(74.0, 36.0)
        } else {
            egui::vec2(88.0, 40.0)
        },
        holding: 13.0,
        gap: 4.0,
    };
    egui::Frame::new()
        .fill(theme::PANEL_DARK.gamma_multiply(0.6))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::same(6))
        .show(ui, |ui| {
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.label(RichText::new(format!("{}: your formation", scene.name_of(me.seat))).strong());
                    formation::formation(ui, scene, me, sizes, out);
                });
                ui.separator();
                ui.vertical(|ui| {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new("Your pool").strong());
                        piles(ui, me, false);
                        rule_card(ui, scene);
                    });
                    pool(ui, scene, me, egui::vec2(112.0, 30.0), out);
                    ui.add_space(2.0);
                    super::bar::action_bar(ui, scene, out);
                    ui.add_space(2.0);
                    super::hand::hand(ui, scene, out);
                });
            });
        });
}

/// The rule card in play, if any.
fn rule_card(ui: &mut egui::Ui, scene: &Scene) {
    ui.horizontal(|ui| {
        ui.label(RichText::new("· rule card:").color(theme::MUTED));
        match &scene.view.rule_card {
            Some(card) => {
                tiles::tile(ui, scene, card, egui::vec2(150.0, 24.0), Look::default());
            }
            None => {
                ui.label(RichText::new("none").color(theme::MUTED));
            }
        }
    });
}
