//! What one seat may see: the board and every Hero board are public; a hand only to its owner,
//! the Reserve as a count (its cards are face down), the Spell Area face up. The view also carries
//! the content (public: every Hero's deck list is known) and the rule numbers a table shows, so
//! that a table looks cards and creatures up by typed id and restates no rule.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use serde::Serialize;
use spellhall_core::{Outcome, Seat};

use crate::action::{Action, CastTarget};
use crate::content::{CardDef, Content, CreatureDef, HeroDef};
use crate::state::{
    self, Building, CardId, Creature, Phase, Pos, STRUCTURE_ARMOR, STRUCTURE_HP, Shrine, SpellsOfDoom, TURNS_PER_ROUND,
    WIN_VP,
};
use crate::state::{Track, TurnFlags, Window};

/// The content the game is played with, shared (not copied) into every view.
#[derive(Clone)]
pub struct SharedContent(pub Arc<Content>);

impl Deref for SharedContent {
    type Target = Content;
    fn deref(&self) -> &Content {
        &self.0
    }
}

/// Two views hold the same content when they share it or their decks and catalogues match: the
/// content is the same for every seat, so it never tells two views apart.
impl PartialEq for SharedContent {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || (self.0.decks == other.0.decks
                && self.0.cards.items() == other.0.cards.items()
                && self.0.creatures.items() == other.0.creatures.items()
                && self.0.heroes.items() == other.0.heroes.items())
    }
}

impl fmt::Debug for SharedContent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Content ({} cards)", self.0.cards.items().len())
    }
}

/// The rule numbers a table shows beside the pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Numbers {
    /// Valor Points that win at once.
    pub win_vp: u32,
    /// Turns in the game; the teams score their shrines after every `turns_per_round`.
    pub turns: u32,
    pub turns_per_round: u32,
    /// HP and Armor of a tower or a captured shrine.
    pub structure_hp: u8,
    pub structure_armor: u8,
    /// Cards the Reserve holds at most.
    pub reserve_max: usize,
    /// The hand a player draws up to at the end of a turn.
    pub hand_size: usize,
    /// Cards of the opening hand a player may shuffle back at most.
    pub mulligan_max: usize,
    /// A Magic Recharge: cards discarded, mana gained.
    pub recharge_cards: usize,
    pub recharge_mana: u32,
}

impl Numbers {
    pub const RULES: Numbers = Numbers {
        win_vp: WIN_VP,
        turns: state::ROUNDS * TURNS_PER_ROUND,
        turns_per_round: TURNS_PER_ROUND,
        structure_hp: STRUCTURE_HP,
        structure_armor: STRUCTURE_ARMOR,
        reserve_max: crate::legal::RESERVE_MAX,
        hand_size: state::HAND_SIZE,
        mulligan_max: state::MULLIGAN_MAX,
        recharge_cards: state::RECHARGE_CARDS,
        recharge_mana: state::RECHARGE_MANA,
    };
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HeroView {
    pub seat: Seat,
    pub hero_id: String,
    pub name: String,
    pub hp: u8,
    pub max_hp: u8,
    pub armor: u8,
    pub attack: u32,
    /// `None` while the Hero is dead: it returns on `start` at the end of the phase.
    pub at: Option<Pos>,
    /// The Hero's starting space (where it respawns).
    pub start: Pos,
    pub burn: u8,
    pub brain_damage: u8,
    pub stunned: bool,
    /// Spaces moved up the Armor and Attack tracks.
    pub armor_step: u8,
    pub attack_step: u8,
    /// The value of the track's space the Hero is on and of the next space (`None` at the top):
    /// what an upgrade changes.
    pub armor_track: (u8, Option<u8>),
    pub attack_track: (u8, Option<u8>),
    /// Magic Shield and Stoneskin Armor still on the Hero.
    pub shield: u8,
    pub stoneskin: u8,
    pub mana: u32,
    pub hand_count: usize,
    pub deck_count: usize,
    pub discard_count: usize,
    pub reserve_count: usize,
    /// Prepared spells (face up), by name.
    pub spells: Vec<String>,
    /// The same spells, by card id (in the owner's deck).
    pub spell_cards: Vec<CardId>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub viewer: Seat,
    pub turn: u32,
    pub round: u32,
    pub active: Seat,
    /// Who took the first turn.
    pub first: Seat,
    pub phase: Phase,
    /// What the active player has done this turn (moves, strikes, skills played): public.
    pub flags: TurnFlags,
    /// The open response window: who may still answer, and to what.
    pub window: Option<Window>,
    pub outcome: Option<Outcome>,
    /// Valor Points by team: seats 0 and 2 are team 0, seats 1 and 3 team 1.
    pub vp: [u32; 2],
    pub heroes: Vec<HeroView>,
    pub shrines: Vec<Shrine>,
    pub buildings: Vec<Building>,
    /// Creatures on the board (public).
    pub creatures: Vec<Creature>,
    /// Terrain tokens on the board, by owner (the hexes are public, the cards face down).
    pub terrain_tokens: Vec<(Seat, Pos)>,
    /// The viewer's own face-down cards: the Reserve, and the Terrain Area with each token's hex.
    pub reserve: Vec<(CardId, String)>,
    pub terrain: Vec<(CardId, String, Pos)>,
    /// The viewer's own hand, with the cards' names.
    pub hand: Vec<(CardId, String)>,
    /// While a player may answer out of turn: what he is answering, in words.
    pub answering: Option<String>,
    /// The content, to look up cards, creatures, Heroes and the board by id.
    #[serde(skip)]
    pub content: SharedContent,
    pub numbers: Numbers,
    /// In the viewer's Hero phase: each hex beyond the Hero's Speed that its mana reaches, with
    /// what moving there costs (hexes within Speed are free and not listed).
    pub move_costs: Vec<(Pos, u32)>,
    /// In the viewer's Hero phase: each prepared spell (one card per kind) with the reason the
    /// rules give for not casting it now, when no cast of it is open.
    pub uncastable: Vec<(CardId, String)>,
}

impl View {
    /// `seat`'s team when the game is played in teams (4 players: seats 0 and 2 against 1 and 3),
    /// `None` in a duel.
    pub fn team(&self, seat: Seat) -> Option<usize> {
        (self.heroes.len() > 2).then(|| SpellsOfDoom::team(seat))
    }

    /// The definition of `seat`'s card `card` (each Hero's deck numbers its own cards).
    pub fn card(&self, seat: Seat, card: CardId) -> Option<&CardDef> {
        let hero = &self.heroes.get(seat.index())?.hero_id;
        let id = self.content.decks.get(hero)?.get(usize::from(card.0))?;
        self.content.cards.get(id)
    }

    pub fn hero_def(&self, seat: Seat) -> Option<&HeroDef> {
        self.content.hero(&self.heroes.get(seat.index())?.hero_id)
    }

    pub fn creature_def(&self, kind: &str) -> Option<&CreatureDef> {
        self.content.creatures.items().iter().find(|c| c.id == kind)
    }

    /// The creature kind of `owner`'s token `token` (its place on the Hero board).
    pub fn token_def(&self, owner: Seat, token: u8) -> Option<&CreatureDef> {
        let kind = self.hero_def(owner)?.creatures.get(usize::from(token))?;
        self.creature_def(kind.key())
    }

    /// What moving the viewer's Hero to `to` costs in mana (0 within its Speed).
    pub fn move_cost(&self, to: Pos) -> u32 {
        self.move_costs
            .iter()
            .find(|(at, _)| *at == to)
            .map_or(0, |(_, cost)| *cost)
    }

    /// Why the viewer's prepared spell `card` (or another copy of it) cannot be cast now.
    pub fn why_not_cast(&self, card: CardId) -> Option<&str> {
        let def = self.card(self.viewer, card)?;
        self.uncastable
            .iter()
            .find(|(c, _)| self.card(self.viewer, *c).is_some_and(|d| d.id == def.id))
            .map(|(_, reason)| reason.as_str())
    }
}

impl SpellsOfDoom {
    pub fn view_for(&self, viewer: Seat) -> View {
        let heroes = crate::seats(self.seats())
            .map(|seat| {
                let player = self.player(seat);
                HeroView {
                    seat,
                    hero_id: player.hero_id.clone(),
                    name: self.hero_def(seat).name.clone(),
                    hp: player.hero.hp,
                    max_hp: self.max_hp(seat),
                    armor: self.hero_armor(seat),
                    attack: self.attack_dice(seat),
                    at: player.hero.at,
                    start: self.start_of(seat),
                    burn: player.hero.burn,
                    brain_damage: player.hero.brain_damage,
                    stunned: player.hero.stunned,
                    armor_step: player.hero.armor_step,
                    attack_step: player.hero.attack_step,
                    armor_track: self.track_step(seat, Track::Armor),
                    attack_track: self.track_step(seat, Track::Attack),
                    shield: player.hero.shield,
                    stoneskin: player.hero.stoneskin,
                    mana: player.mana,
                    hand_count: player.hand.len(),
                    deck_count: player.deck.len(),
                    discard_count: player.discard.len(),
                    reserve_count: player.reserve.len(),
                    spells: player.spells.iter().map(|c| self.card(seat, *c).name.clone()).collect(),
                    spell_cards: player.spells.clone(),
                }
            })
            .collect();
        let hand = self
            .players
            .get(viewer.index())
            .map(|p| {
                p.hand
                    .iter()
                    .map(|c| (*c, self.card(viewer, *c).name.clone()))
                    .collect()
            })
            .unwrap_or_default();
        View {
            viewer,
            turn: self.turn,
            round: self.round(),
            active: self.active,
            first: self.first,
            phase: self.phase,
            flags: self.flags.clone(),
            window: self.window.clone(),
            outcome: self.outcome.clone(),
            vp: self.vp,
            heroes,
            shrines: self.shrines.clone(),
            buildings: self.buildings.clone(),
            creatures: self.creatures.clone(),
            terrain_tokens: crate::seats(self.seats())
                .flat_map(|seat| self.player(seat).terrain.iter().map(move |(_, at)| (seat, *at)))
                .collect(),
            reserve: self
                .players
                .get(viewer.index())
                .map(|p| {
                    p.reserve
                        .iter()
                        .map(|c| (*c, self.card(viewer, *c).name.clone()))
                        .collect()
                })
                .unwrap_or_default(),
            terrain: self
                .players
                .get(viewer.index())
                .map(|p| {
                    p.terrain
                        .iter()
                        .map(|(c, at)| (*c, self.card(viewer, *c).name.clone(), *at))
                        .collect()
                })
                .unwrap_or_default(),
            hand,
            answering: self.window_words(viewer),
            content: SharedContent(Arc::clone(self.content())),
            numbers: Numbers::RULES,
            move_costs: self.move_costs(viewer),
            uncastable: self.uncastable(viewer),
        }
    }

    /// Whether `viewer` decides now in its Hero phase.
    fn in_own_hero_phase(&self, viewer: Seat) -> bool {
        matches!(self.phase, Phase::Hero) && self.decider() == Some(viewer)
    }

    fn move_costs(&self, viewer: Seat) -> Vec<(Pos, u32)> {
        let player = self.player(viewer);
        let Some(from) = player.hero.at.filter(|_| self.in_own_hero_phase(viewer)) else {
            return Vec::new();
        };
        self.content()
            .board
            .hexes()
            .map(Pos::of)
            .map(|to| (to, self.speed_cost(viewer, from, to)))
            .filter(|(_, cost)| *cost > 0 && *cost <= player.mana)
            .collect()
    }

    fn uncastable(&self, viewer: Seat) -> Vec<(CardId, String)> {
        if !self.in_own_hero_phase(viewer) {
            return Vec::new();
        }
        let mut seen: Vec<&str> = Vec::new();
        let mut found = Vec::new();
        for card in &self.player(viewer).spells {
            let id = self.card(viewer, *card).id.as_str();
            if seen.contains(&id) {
                continue;
            }
            seen.push(id);
            // The reason `check` gives a cast of one copy on no particular target: the turn's
            // limits and the mana first, then the lack of a target of its kind in reach.
            let cast = Action::Cast {
                spell: *card,
                copies: 1,
                target: CastTarget::Myself,
            };
            if let Err(refusal) = self.check(&cast) {
                found.push((*card, refusal.reason));
            }
        }
        found
    }
}
