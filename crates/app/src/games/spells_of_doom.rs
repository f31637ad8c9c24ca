//! Spells of Doom's table: the prompt across the top; on the left the turn track, every Hero board
//! and the latest dice; in the middle the hex board (one shared hexx hexagon mesh, stamped per
//! hex); below it the viewer's cards and the turn's buttons.
//!
//! Nothing here knows the rules. What lights up on the board, and every button, comes from the
//! `legal` actions: the table only finds where on the board each legal action points.

mod board;
mod buttons;
mod cards;
mod heroes;
mod pick;

use std::sync::Arc;

use bevy_egui::egui::{self, Color32, RichText};
use spellhall_core::content::ContentError;
use spellhall_core::{Game, Seat, fill_seat_names, seat_name};
use spells_of_doom::{Action, Config, Content, Phase, Pos, SpellsOfDoom, Target, View};

use super::{GameAdapter, SetupOption, StrongChoice, TableInput, UserContent};
use crate::ui::theme;
use pick::Pick;

pub struct SpellsOfDoomAdapter;

impl SpellsOfDoomAdapter {
    /// Where the table last drew the centre of hex `at`, to click it in tests.
    pub fn hex_on_screen(ctx: &egui::Context, at: Pos) -> Option<egui::Pos2> {
        board::hex_on_screen(ctx, at)
    }
}

/// Width of the left column (track, Hero boards, dice).
const LEFT_COLUMN: f32 = 262.0;

/// Each seat's colour: team 1 (seats 1 and 3) warm, team 2 (seats 2 and 4) cool, so teammates
/// look related and rivals do not.
pub fn seat_colour(seat: Seat) -> Color32 {
    match seat.index() {
        0 => Color32::from_rgb(214, 70, 56),
        1 => Color32::from_rgb(60, 118, 222),
        2 => Color32::from_rgb(236, 152, 44),
        _ => Color32::from_rgb(64, 190, 196),
    }
}

/// Where a target stands on the board, if it does.
fn target_pos(view: &View, target: Target) -> Option<Pos> {
    match target {
        Target::Hero(seat) => view.heroes.get(seat.index()).and_then(|h| h.at),
        Target::Creature(id) => view.creatures.iter().find(|c| c.id == id).map(|c| c.at),
        Target::Building(at) | Target::Shrine(at) => Some(at),
    }
}

/// A target in words for the choice lists ("Ben's Byron", "Ann's Fire Imp").
fn target_words(view: &View, names: &[String], target: Target) -> String {
    match target {
        Target::Hero(seat) => {
            let hero = view.heroes.get(seat.index()).map_or("Hero", |h| h.name.as_str());
            format!("{}'s {hero}", seat_name(names, seat))
        }
        Target::Creature(id) => {
            let kind = view.creatures.iter().find(|c| c.id == id).map(|c| c.kind.as_str());
            let name = kind
                .and_then(|k| view.creature_def(k))
                .map_or("creature", |d| d.name.as_str());
            format!("{}'s {name}", seat_name(names, id.owner))
        }
        Target::Building(at) => format!("the tower at {at}"),
        Target::Shrine(at) => format!("the shrine at {at}"),
    }
}

/// Everything the table's parts need to draw one frame.
pub(crate) type Scene<'a> = TableInput<'a, SpellsOfDoom>;

impl Scene<'_> {
    /// An action in words, with the players' names in place of seat tokens.
    pub fn words(&self, action: &Action) -> String {
        fill_seat_names(&(self.describe)(action), self.names)
    }

    pub fn name(&self, seat: Seat) -> String {
        seat_name(self.names, seat)
    }

    /// Whether the viewer is the one deciding now.
    pub fn deciding(&self) -> bool {
        !self.legal.is_empty()
    }
}

fn draw(scene: &Scene, ui: &mut egui::Ui) -> Option<Action> {
    let pick_id = egui::Id::new("spells-of-doom-pick");
    let mut pick: Pick = ui.data(|d| d.get_temp(pick_id)).unwrap_or_default();
    pick.refresh(scene);
    let mut chosen = None;

    pick::prompt(ui, scene, &mut pick, &mut chosen);
    ui.add_space(4.0);
    let height = ui.available_height();
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.set_width(LEFT_COLUMN);
            ui.set_height(height);
            egui::ScrollArea::vertical().id_salt("sod-left").show(ui, |ui| {
                heroes::left_column(ui, scene, &mut pick, &mut chosen);
            });
        });
        ui.vertical(|ui| {
            let board_size = egui::vec2(ui.available_width(), (height - cards::HEIGHT).max(200.0));
            board::draw(ui, scene, &mut pick, &mut chosen, board_size);
            cards::panel(ui, scene, &mut pick, &mut chosen);
        });
    });

    if chosen.is_some() {
        pick.after_action();
    }
    ui.data_mut(|d| d.insert_temp(pick_id, pick));
    chosen
}

impl GameAdapter for SpellsOfDoomAdapter {
    type G = SpellsOfDoom;
    const TAGLINE: &'static str = "Four hero mages duel on a hex board of shrines and towers, alone or in teams.";
    const HAS_COMPUTER: bool = true;
    const STRONG: Option<StrongChoice<SpellsOfDoom>> = Some(<SpellsOfDoom as spellhall_search::Strong>::strong_choice);

    fn seat_roles(players: u8) -> Vec<&'static str> {
        spells_of_doom::seat_roles(players)
    }

    /// One Hero per seat, from the content's Heroes in their order; seats 3 and 4 only matter at
    /// a table of four.
    fn options(content: &Arc<Content>) -> Vec<SetupOption> {
        let choices: Vec<String> = content.heroes.items().iter().map(|h| h.name.clone()).collect();
        let counts = SpellsOfDoom::PLAYER_COUNTS;
        let smallest = counts.first().copied().unwrap_or(2);
        (0..counts.last().copied().unwrap_or(2))
            .map(|seat| SetupOption {
                // A seat only some tables have says which: "Seat 3's Hero (4 players)".
                label: match counts.iter().find(|&&count| count > seat) {
                    Some(count) if seat >= smallest => format!("Seat {}'s Hero ({count} players)", seat + 1),
                    _ => format!("Seat {}'s Hero", seat + 1),
                },
                choices: choices.clone(),
                default: usize::from(seat),
            })
            .collect()
    }

    /// The chosen Heroes by id. Whether they make a table (2 or 4 players, each a different Hero)
    /// is the rules' to say: the setup screen shows their refusal.
    fn config(players: u8, options: &[usize], content: &Arc<Content>) -> Result<Config, String> {
        let heroes = (0..usize::from(players))
            .map(|seat| {
                let pick = options.get(seat).copied().unwrap_or(seat);
                content
                    .heroes
                    .items()
                    .get(pick)
                    .map(|hero| hero.id.clone())
                    .ok_or_else(|| format!("Seat {} has no Hero to take.", seat + 1))
            })
            .collect::<Result<_, _>>()?;
        Ok(Config { heroes })
    }

    fn shipped_content() -> Result<Arc<Content>, Vec<ContentError>> {
        Content::shipped().map(Arc::new)
    }

    /// The player's cards, and deck lines that put them (or more shipped cards) in a Hero's deck.
    fn user_content() -> UserContent<Arc<Content>> {
        UserContent::Adds(|shipped, files| shipped.with_user_files(files).map(Arc::new))
    }

    fn draw_table(ui: &mut egui::Ui, table: &Scene) -> Option<Action> {
        draw(table, ui)
    }

    fn computer_choice(
        view: &View,
        legal: &[Action],
        content: &Arc<Content>,
        rng: &mut spellhall_core::GameRng,
    ) -> usize {
        spells_of_doom::computer::greedy_choice(view, legal, content, rng)
    }

    fn rules_summary(_content: &Arc<Content>) -> String {
        spells_of_doom::RULES_SUMMARY.into()
    }
}

/// A small coloured disc with a letter, as the Hero boards and the board both show a seat.
pub(crate) fn seat_swatch(ui: &mut egui::Ui, seat: Seat, letter: &str, diameter: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(diameter, diameter), egui::Sense::hover());
    let painter = ui.painter();
    painter.circle_filled(rect.center(), diameter / 2.0, seat_colour(seat));
    painter.circle_stroke(rect.center(), diameter / 2.0, egui::Stroke::new(1.5, Color32::WHITE));
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        letter,
        egui::FontId::proportional(diameter * 0.6),
        Color32::WHITE,
    );
}

/// A muted caption.
pub(crate) fn muted(text: impl Into<String>) -> RichText {
    RichText::new(text).color(theme::MUTED)
}

/// Whether the game waits in its Hero phase (the table's main mode).
fn in_hero_phase(view: &View) -> bool {
    matches!(view.phase, Phase::Hero)
}
