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

use std::ops::RangeInclusive;
use std::sync::{Arc, OnceLock};

use bevy_egui::egui::{self, Color32, RichText};
use spellhall_core::content::{ContentError, Id};
use spellhall_core::{Seat, fill_seat_names, seat_name};
use spells_of_doom::content::{CardDef, CardKind, CreatureDef};
use spells_of_doom::{Action, CardId, Config, Content, Event, Phase, Pos, SpellsOfDoom, Target, View};

use super::{GameAdapter, SetupOption, UserContent};
use crate::ui::theme;
use pick::Pick;

pub struct SpellsOfDoomAdapter;

impl SpellsOfDoomAdapter {
    /// Where the table last drew the centre of hex `at`, to click it in tests.
    pub fn hex_on_screen(ctx: &egui::Context, at: Pos) -> Option<egui::Pos2> {
        board::hex_on_screen(ctx, at)
    }
}

/// The four Heroes as the setup screen offers them: content id and name.
const HEROES: [(&str, &str); 4] = [
    ("magie", "Magie"),
    ("byron", "Byron"),
    ("oakheart", "Oakheart"),
    ("hypnor", "Hypnor"),
];

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

/// Spells of Doom's content is only the shipped files (a player's own files do not apply), so the
/// table can look up card, creature and board definitions here without the view carrying them.
fn content() -> Option<&'static Content> {
    static CONTENT: OnceLock<Option<Content>> = OnceLock::new();
    CONTENT.get_or_init(|| Content::shipped().ok()).as_ref()
}

/// The definition of `seat`'s card `card` (each Hero's deck numbers its own cards).
fn card_def(view: &View, seat: Seat, card: CardId) -> Option<&'static CardDef> {
    let hero = &view.heroes.get(seat.index())?.hero_id;
    let id = content()?.decks.get(hero)?.get(usize::from(card.0))?;
    content()?.cards.get(id)
}

fn creature_def(kind: &str) -> Option<&'static CreatureDef> {
    content()?.creatures.get(&Id::new(kind))
}

/// The creature kind of `owner`'s token `token` (its place on the Hero board).
fn token_def(view: &View, owner: Seat, token: u8) -> Option<&'static CreatureDef> {
    let hero = content()?.hero(&view.heroes.get(owner.index())?.hero_id)?;
    creature_def(hero.creatures.get(usize::from(token))?.key())
}

/// "Spell · 3 mana · range 2": what a card is and what it costs to use.
fn kind_words(def: &CardDef) -> String {
    let kind = match def.kind {
        CardKind::Skill => "Skill".to_string(),
        CardKind::Terrain { cost } => format!("Terrain · reveal {cost} mana"),
        CardKind::Spell { cost, range } => format!("Spell · {cost} mana · range {range}"),
    };
    match (def.doom, def.counter) {
        (true, _) => format!("{kind} · Spell of Doom"),
        (false, true) => format!("{kind} · counter"),
        _ => kind,
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
            let name = kind.and_then(creature_def).map_or("creature", |d| d.name.as_str());
            format!("{}'s {name}", seat_name(names, id.owner))
        }
        Target::Building(at) => format!("the tower at {at}"),
        Target::Shrine(at) => format!("the shrine at {at}"),
    }
}

/// Everything the table's parts need to draw one frame.
pub(crate) struct Scene<'a> {
    pub view: &'a View,
    pub legal: &'a [Action],
    pub describe: &'a dyn Fn(&Action) -> String,
    pub names: &'a [String],
    pub events: &'a [Vec<Event>],
}

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
            let cards_height = cards::height(ui);
            let board_size = egui::vec2(ui.available_width(), (height - cards_height).max(200.0));
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
    const TAGLINE: &'static str =
        "Four hero mages duel on a hex board of shrines and towers: 2 players, or two teams of 2.";
    const PLAYERS: RangeInclusive<u8> = 2..=4;
    const HAS_COMPUTER: bool = true;

    fn seat_roles(players: u8) -> Vec<&'static str> {
        match players {
            4 => vec!["Team 1", "Team 2", "Team 1", "Team 2"],
            _ => Vec::new(),
        }
    }

    /// One Hero per seat; seats 3 and 4 only matter at a table of four.
    fn options() -> Vec<SetupOption> {
        let choices = HEROES.iter().map(|(_, name)| *name).collect::<Vec<_>>();
        let labels = [
            "Seat 1's Hero",
            "Seat 2's Hero",
            "Seat 3's Hero (4 players)",
            "Seat 4's Hero (4 players)",
        ];
        labels
            .iter()
            .enumerate()
            .map(|(seat, label)| SetupOption {
                label,
                choices: choices.clone(),
                default: seat,
            })
            .collect()
    }

    fn config(players: u8, options: &[usize]) -> Result<Config, String> {
        if players != 2 && players != 4 {
            return Err(format!(
                "Spells of Doom is played by 2 players or by 4 in two teams of two, not by {players}."
            ));
        }
        let picks: Vec<usize> = (0..usize::from(players))
            .map(|seat| options.get(seat).copied().unwrap_or(seat).min(HEROES.len() - 1))
            .collect();
        for (seat, hero) in picks.iter().enumerate() {
            if let Some(other) = picks[..seat].iter().position(|h| h == hero) {
                return Err(format!(
                    "Seats {} and {} both chose {}: each player takes a different Hero.",
                    other + 1,
                    seat + 1,
                    HEROES[*hero].1
                ));
            }
        }
        Ok(Config {
            heroes: picks.iter().map(|h| HEROES[*h].0.to_string()).collect(),
        })
    }

    fn shipped_content() -> Result<Arc<Content>, Vec<ContentError>> {
        Content::shipped().map(Arc::new)
    }

    /// The player's cards, and deck lines that put them (or more shipped cards) in a Hero's deck.
    fn user_content() -> UserContent<Arc<Content>> {
        UserContent::Adds(|shipped, files| shipped.with_user_files(files).map(Arc::new))
    }

    fn draw_table(
        ui: &mut egui::Ui,
        view: &View,
        legal: &[Action],
        describe: &dyn Fn(&Action) -> String,
        names: &[String],
    ) -> Option<Action> {
        Self::draw_table_after(ui, view, legal, describe, names, &[])
    }

    fn draw_table_after(
        ui: &mut egui::Ui,
        view: &View,
        legal: &[Action],
        describe: &dyn Fn(&Action) -> String,
        names: &[String],
        events: &[Vec<Event>],
    ) -> Option<Action> {
        let scene = Scene {
            view,
            legal,
            describe,
            names,
            events,
        };
        draw(&scene, ui)
    }

    fn computer_choice(game: &SpellsOfDoom, legal: &[Action], rng: &mut spellhall_core::GameRng) -> usize {
        spells_of_doom::computer::greedy_choice(game, legal, rng)
    }

    fn rules_summary() -> &'static str {
        "Score 12 Valor Points (VP), or the most after 18 turns. Teams share VP: at a table of four, \
         seats 1 and 3 play against seats 2 and 4.\n\n\
         Upkeep: gain mana (1, plus each Magic Shrine with your crystal and each Mage Tower); Defense \
         Towers heal and shoot; Burn and Brain Damage tokens roll off (a 5 or 6 removes one, each \
         left deals 1 damage) and may be paid off.\n\n\
         Hero phase, in any order: move your Hero (Speed 2, each extra hex 2 mana); attack or cast \
         one prepared spell at a target in range (roll your Attack dice: each die above the Armor \
         deals 1, a 6 deals 2); upgrade Armor or Attack (5 mana, once); build a Mage or Defense \
         Tower on your hex (5 mana, once); capture the neutral shrine you stand on (2 mana); play \
         skills, prepare spells, lay Terrain face down, reveal it for its cost; summon creatures \
         after the Summoning skill and move and attack with them; put a card in the Reserve (1 mana, \
         at most 3); Magic Recharge: discard two cards for 1 mana. Ending the turn discards your \
         hand and draws 5.\n\n\
         Counters and traps: when an attack or a spell is declared against one of your characters \
         and you hold a face-down card (Reserve or Terrain Area), the table passes to you first: \
         play Counter Attack, Magic Shield, Stoneskin, Decoy or Ensnare from the Reserve, reveal a \
         Terrain card, or let it happen. An enemy moving in or next to your Terrain token asks you \
         too (Exploding Area).\n\n\
         A killed Hero gives its killers 4 VP and returns on its starting space. After turns 6, 12 \
         and 18 each team scores its shrines.\n\n\
         On the board: click your Hero or a creature, then a gold hex to move or a red-ringed \
         target to attack. Choose a prepared spell below the board, then a violet target. Hover \
         a hex to see everything on it."
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
