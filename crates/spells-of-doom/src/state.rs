//! The state of a game of Spells of Doom: each player's Hero, mana and cards, the shrines and
//! buildings on the board, the turn, the Valor Points of the two teams.

use std::fmt;
use std::sync::Arc;

use hexx::Hex;
use serde::{Deserialize, Serialize};
use spellhall_core::content::Id;
use spellhall_core::{GameRng, Outcome, Pile, Seat};

use crate::combat::{ArmorParts, effective_armor};
use crate::content::{Ability, CardDef, Content, HeroDef};
use crate::event::Name;

pub const START_MANA: u32 = 7;
pub const HAND_SIZE: usize = 5;
pub const MULLIGAN_MAX: usize = 3;
pub const FIRST_PLAYER_DICE: u32 = 7;
pub const UPGRADE_COST: u32 = 5;
pub const BUILD_COST: u32 = 5;
pub const CAPTURE_COST: u32 = 2;
/// Mana per extra point of Speed.
pub const SPEED_COST: u32 = 2;
pub const RECHARGE_CARDS: usize = 2;
/// Mana a Magic Recharge gives.
pub const RECHARGE_MANA: u32 = 1;
pub const BURN_PAY_OFF: u32 = 2;
pub const BRAIN_DAMAGE_PAY_OFF: u32 = 3;
/// Buildings and controlled shrines.
pub const STRUCTURE_HP: u8 = 7;
pub const STRUCTURE_ARMOR: u8 = 1;
/// Each player's supply of each tower (12 miniatures of each kind for four players).
pub const TOWERS_PER_KIND: usize = 3;
pub const KILL_VP: u32 = 4;
pub const WIN_VP: u32 = 12;
pub const TURNS_PER_ROUND: u32 = 6;
pub const ROUNDS: u32 = 3;
/// A Defense Tower's upkeep healing and attack, and its attack on an enemy leaving its range.
pub const TOWER_HEAL: u8 = 2;
pub const TOWER_ATTACK: u32 = 3;
pub const TOWER_PARTING_ATTACK: u32 = 2;
/// Towers reach the same or an adjacent hex ("within 2 hexes").
pub const TOWER_RANGE: u32 = 1;

/// A hex as the state stores it (axial q, r).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Pos {
    pub q: i32,
    pub r: i32,
}

impl Pos {
    pub fn of(hex: Hex) -> Self {
        Self { q: hex.x, r: hex.y }
    }

    pub fn hex(self) -> Hex {
        Hex::new(self.q, self.r)
    }

    pub fn distance(self, other: Pos) -> u32 {
        self.hex().unsigned_distance_to(other.hex())
    }

    /// `distance(other) <= 1` (the same hex or an adjacent one: the reach of an attack), read
    /// without the distance: each of the three axial differences is at most 1.
    pub fn is_near(self, other: Pos) -> bool {
        let (dq, dr) = (self.q - other.q, self.r - other.r);
        dq.abs() <= 1 && dr.abs() <= 1 && (dq + dr).abs() <= 1
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.q, self.r)
    }
}

/// A card of one player's deck: its place in that Hero's deck list (0 to 29).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u16);

/// The Heroes at the table, one per seat: two players, or four as two teams (seats 0 and 2
/// against 1 and 3, so turns alternate between the teams).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    pub heroes: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Track {
    Armor,
    Attack,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TowerKind {
    Mage,
    Defense,
}

impl TowerKind {
    pub fn name(self) -> &'static str {
        match self {
            TowerKind::Mage => "Mage Tower",
            TowerKind::Defense => "Defense Tower",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeroState {
    pub hp: u8,
    /// Spaces moved up the Armor and Attack tracks.
    pub armor_step: u8,
    pub attack_step: u8,
    /// `None` while killed: the Hero comes back on its starting space at the end of the phase.
    pub at: Option<Pos>,
    pub burn: u8,
    pub brain_damage: u8,
    pub stunned: bool,
    /// Magic Shield: Armor until the start of the owner's next turn.
    pub shield: u8,
    /// Stoneskin / Overpower: Armor until the owner's next upkeep, with the limit raised to 5.
    pub stoneskin: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Player {
    pub hero_id: String,
    pub hero: HeroState,
    pub mana: u32,
    pub hand: Vec<CardId>,
    pub deck: Pile<CardId>,
    pub discard: Vec<CardId>,
    /// Face down, at most 3.
    pub reserve: Vec<CardId>,
    /// Prepared spells, face up.
    pub spells: Vec<CardId>,
    /// Terrain cards face down, each with its token on a hex (the hexes are public).
    pub terrain: Vec<(CardId, Pos)>,
}

impl Player {
    /// The cards Magic Recharge may discard: hand, Reserve, Spell Area and Terrain Area.
    pub fn held(&self) -> Vec<CardId> {
        let terrain = self.terrain.iter().map(|(c, _)| c);
        self.hand
            .iter()
            .chain(&self.reserve)
            .chain(&self.spells)
            .chain(terrain)
            .copied()
            .collect()
    }

    /// Whether `card` is among `held()`.
    pub fn holds(&self, card: CardId) -> bool {
        self.hand.contains(&card)
            || self.reserve.contains(&card)
            || self.spells.contains(&card)
            || self.terrain.iter().any(|(c, _)| *c == card)
    }
}

/// A creature token: its owner and its place on the owner's Hero board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CreatureId {
    pub owner: Seat,
    pub token: u8,
}

/// A creature on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Creature {
    pub id: CreatureId,
    /// Its kind, from creatures.ron.
    pub kind: String,
    pub at: Pos,
    pub hp: u8,
    /// The turn it was summoned: it waits a turn unless Ready to Fight.
    pub summoned: u32,
    /// Magic Shield: Armor until the start of the owner's next turn.
    #[serde(default)]
    pub shield: u8,
    /// When the summoning spell that brought it brought fewer creatures than its card names (no
    /// token of the kind was left for the others): how many it brought. Its share of the spell's
    /// cost in the last tie-breaker is the cost divided by this number, else by the card's number.
    /// (Not written when `None`, so states without such a cast serialize as before.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brought: Option<u8>,
}

/// A character: a Hero or a creature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Character {
    Hero(Seat),
    Creature(CreatureId),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Building {
    pub kind: TowerKind,
    pub owner: Seat,
    pub at: Pos,
    pub hp: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Shrine {
    pub at: Pos,
    /// The seat whose crystal is on it.
    pub owner: Option<Seat>,
    pub hp: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Phase {
    /// Each player in seat order may shuffle up to 3 cards of the opening hand back.
    Mulligan {
        seat: Seat,
    },
    /// The end of the active player's upkeep: Burn and Brain Damage tokens left may be paid off
    /// (2 mana a Burn token, 3 a Brain Damage token).
    PayTokens,
    /// The active player's Hero phase.
    Hero,
    /// Another player answers (or not) with a counter from the Reserve or a Terrain card: an
    /// attack or spell was declared against one of his characters, or an enemy moved in or next
    /// to one of his Terrain tokens. The window is in `SpellsOfDoom::window`.
    Response {
        seat: Seat,
    },
    Over,
}

/// What the skills played this turn give one character.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Boost {
    /// Run: extra Speed.
    pub speed: u8,
    /// Strong Attack: extra dice on its next attack.
    pub strong: u8,
    /// Accuracy: dice rolled and not kept on its next attack.
    pub accuracy: u8,
    /// Fast Attack: it may strike twice.
    pub fast: bool,
}

/// A response window: who may still answer, and why it opened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Window {
    /// The seats still to answer, in turn order; the first is answering now.
    pub seats: spellhall_core::AnswerQueue,
    pub cause: Cause,
    /// Decoy was cast against this attack (whatever its roll): once is all.
    pub decoy_used: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Cause {
    /// The active player declared `action` (an attack or a spell) by `attacker` against
    /// `target`; it is checked again and carried out when the windows close.
    Declared {
        action: crate::action::Action,
        attacker: Character,
        target: Character,
    },
    /// An enemy character moved in or next to a Terrain token of the answering seat.
    Moved { character: Character },
}

/// What the active player has done this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TurnFlags {
    pub moved: bool,
    /// Attacks and spells (Healing Ward aside) made this turn: one, two after Fast Attack.
    pub strikes: u8,
    pub upgraded: bool,
    pub built: bool,
    /// Run, Strong Attack, Accuracy and Fast Attack played on the player's characters.
    pub boosts: Vec<(Character, Boost)>,
    /// Tower Conjuration: mana off the next building this turn.
    pub conjuration: u8,
    /// A spell was cast this turn (Healing Ward excepted).
    pub cast: bool,
    /// Healing Ward was cast: not the turn's spell, but a cast for the Stun Token's rule.
    pub warded: bool,
    /// The Summoning skill was played: creatures may be summoned this turn.
    pub summoning: bool,
    /// Characters that moved or attacked this turn; those in `done` have finished (a character's
    /// move and attacks are done before another one moves).
    pub acted: Vec<Character>,
    pub done: Vec<Character>,
    /// Creatures that moved this turn, and each attack a creature made (twice with Fast Attack).
    pub creatures_moved: Vec<CreatureId>,
    pub creatures_struck: Vec<CreatureId>,
}

impl TurnFlags {
    /// The flags of a new turn: `default()`, but the lists keep their room (each turn fills them
    /// again; freeing and growing them every turn showed in the playouts' profile).
    pub(crate) fn reset(&mut self) {
        fn emptied<T>(mut list: Vec<T>) -> Vec<T> {
            list.clear();
            list
        }
        let Self {
            boosts,
            acted,
            done,
            creatures_moved,
            creatures_struck,
            ..
        } = std::mem::take(self);
        *self = Self {
            boosts: emptied(boosts),
            acted: emptied(acted),
            done: emptied(done),
            creatures_moved: emptied(creatures_moved),
            creatures_struck: emptied(creatures_struck),
            ..Self::default()
        };
    }

    /// What skills gave `character` this turn.
    pub fn boost(&self, character: Character) -> Boost {
        self.boosts
            .iter()
            .find(|(c, _)| *c == character)
            .map_or_else(Boost::default, |(_, b)| *b)
    }

    pub fn boost_mut(&mut self, character: Character) -> &mut Boost {
        let index = match self.boosts.iter().position(|(c, _)| *c == character) {
            Some(index) => index,
            None => {
                self.boosts.push((character, Boost::default()));
                self.boosts.len() - 1
            }
        };
        &mut self.boosts[index].1
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct SpellsOfDoom {
    /// The content (not part of the state: loaded separately).
    #[serde(skip)]
    pub(crate) content: Arc<Content>,
    pub(crate) config: Config,
    pub(crate) rng: GameRng,
    pub(crate) players: Vec<Player>,
    pub(crate) shrines: Vec<Shrine>,
    pub(crate) buildings: Vec<Building>,
    pub(crate) creatures: Vec<Creature>,
    /// Turns begun, from 1 to 18 (6 a round).
    pub(crate) turn: u32,
    pub(crate) active: Seat,
    pub(crate) first: Seat,
    /// Valor Points by team (seat % 2).
    pub(crate) vp: [u32; 2],
    pub(crate) phase: Phase,
    pub(crate) flags: TurnFlags,
    /// The open response window, while `phase` is `Response`.
    pub(crate) window: Option<Window>,
    pub(crate) outcome: Option<Outcome>,
    /// Where each seat's Hero, cards and creatures are in the content (derived from `config`).
    #[serde(skip)]
    pub(crate) lookup: Arc<Lookup>,
}

/// Each seat's Hero, deck cards and creature tokens as places in the content's catalogues, found
/// once at setup: the rules read them thousands of times a game, and a look-up by key compares
/// strings (and builds one).
#[derive(Debug, Default)]
pub(crate) struct Lookup {
    /// By seat: the Hero in `content.heroes`.
    heroes: Vec<usize>,
    /// By seat, then `CardId`: the card in `content.cards`.
    decks: Vec<Vec<usize>>,
    /// By seat, then token: the creature kind in `content.creatures`.
    pub(crate) tokens: Vec<Vec<usize>>,
}

impl Lookup {
    /// For the Heroes of `heroes`, which setup has checked exist: their places as the content
    /// found them at load.
    pub(crate) fn new(content: &Content, heroes: &[String]) -> Self {
        let mut lookup = Self::default();
        for hero in heroes {
            let index = content
                .heroes
                .items()
                .iter()
                .position(|h| h.id == *hero)
                .expect("setup checks the Heroes");
            let places = &content.places[index];
            lookup.heroes.push(index);
            lookup.decks.push(places.deck.clone());
            lookup.tokens.push(places.tokens.clone());
        }
        lookup
    }
}

impl SpellsOfDoom {
    pub fn seats(&self) -> usize {
        self.players.len()
    }

    pub fn team(seat: Seat) -> usize {
        seat.index() % 2
    }

    pub fn hero_def(&self, seat: Seat) -> &HeroDef {
        &self.content.heroes.items()[self.lookup.heroes[seat.index()]]
    }

    pub fn deck_list(&self, seat: Seat) -> &[Id<CardDef>] {
        &self.content.decks[&self.players[seat.index()].hero_id]
    }

    /// A card's name, or "?" for an id the seat's deck does not have (for describing any action).
    pub fn card_name(&self, seat: Seat, card: CardId) -> String {
        self.players
            .get(seat.index())
            .and_then(|p| self.content.decks.get(&p.hero_id))
            .and_then(|deck| deck.get(usize::from(card.0)))
            .and_then(|id| self.content.cards.get(id))
            .map_or_else(|| "?".to_string(), |def| def.name.clone())
    }

    pub fn card(&self, seat: Seat, card: CardId) -> &CardDef {
        &self.content.cards.items()[self.card_index(seat, card)]
    }

    /// `card` for many cards of `seat` in a row: the deck's places and the catalogue are found
    /// once (read again after every action pushed on a list, they were `legal`'s costliest lines).
    pub(crate) fn card_defs<'a>(&'a self, seat: Seat) -> impl Fn(CardId) -> &'a CardDef + 'a {
        let places = self.lookup.decks[seat.index()].as_slice();
        let cards = self.content.cards.items();
        move |card| &cards[places[usize::from(card.0)]]
    }

    /// A card's name as events carry it.
    pub(crate) fn card_log_name(&self, seat: Seat, card: CardId) -> Name {
        self.content.log_words.cards[self.card_index(seat, card)].clone()
    }

    /// A card's place in `content.cards`.
    pub(crate) fn card_index(&self, seat: Seat, card: CardId) -> usize {
        self.lookup.decks[seat.index()][usize::from(card.0)]
    }

    /// The content as a handle of its own: code that changes the game while it reads a card's or
    /// a creature's definition borrows the definition from it instead of copying it.
    pub(crate) fn content_handle(&self) -> Arc<Content> {
        Arc::clone(&self.content)
    }

    /// Whether two cards of `seat`'s deck are copies of the same card.
    pub(crate) fn same_card(&self, seat: Seat, a: CardId, b: CardId) -> bool {
        let deck = &self.lookup.decks[seat.index()];
        deck[usize::from(a.0)] == deck[usize::from(b.0)]
    }

    pub fn start_of(&self, seat: Seat) -> Pos {
        let board = &self.content.board;
        let hex = if self.seats() == 2 {
            board.starts_two[seat.index()]
        } else {
            board.starts_four[seat.index()]
        };
        Pos::of(hex)
    }

    pub fn max_hp(&self, seat: Seat) -> u8 {
        self.hero_def(seat).hp
    }

    /// Dice the Hero rolls when attacking (the Attack track).
    pub fn attack_dice(&self, seat: Seat) -> u32 {
        u32::from(self.track_step(seat, Track::Attack).0)
    }

    /// The Hero's Armor now: the track, friendly Mage Towers in range, the limit, Brain Damage.
    pub fn hero_armor(&self, seat: Seat) -> u8 {
        let hero = &self.players[seat.index()].hero;
        let base = self.track_step(seat, Track::Armor).0;
        let mage_towers = hero.at.map_or(0, |at| {
            self.buildings
                .iter()
                .filter(|b| {
                    b.kind == TowerKind::Mage
                        && Self::team(b.owner) == Self::team(seat)
                        && b.at.distance(at) <= TOWER_RANGE
                })
                .count() as u8
        });
        effective_armor(ArmorParts {
            base,
            mage_towers,
            brain_damage: hero.brain_damage,
            bonus: hero.shield + hero.stoneskin,
            raised_limit: hero.stoneskin > 0,
        })
    }

    /// Speed this turn: the Hero's, plus Run for the active player.
    pub fn speed(&self, seat: Seat) -> u32 {
        let bonus = if seat == self.active {
            self.flags.boost(Character::Hero(seat)).speed
        } else {
            0
        };
        u32::from(self.hero_def(seat).speed + bonus)
    }

    /// What a building costs the active player now (Tower Conjuration takes some off).
    pub fn build_cost(&self) -> u32 {
        BUILD_COST.saturating_sub(u32::from(self.flags.conjuration))
    }

    /// Attacks (or an attack and a spell) a character may make this turn: two after Fast Attack.
    pub fn strike_limit(&self, character: Character) -> u8 {
        if self.flags.boost(character).fast { 2 } else { 1 }
    }

    /// Under a Stun Token the Hero may move or strike, not both; with Fast Attack, move and strike
    /// once, or strike twice without moving.
    pub fn stun_allows(&self, seat: Seat, moving: bool) -> bool {
        if !self.players[seat.index()].hero.stunned {
            return true;
        }
        let moved = self.flags.moved || moving;
        let strikes = self.flags.strikes + u8::from(self.flags.warded) + u8::from(!moving);
        if !moved || strikes == 0 {
            return true;
        }
        self.flags.boost(Character::Hero(seat)).fast && strikes <= 1
    }

    /// How far the Hero's spells reach beyond their printed range (Hypnor's Mind Reach).
    pub fn spell_reach(&self, seat: Seat) -> u32 {
        match self.hero_def(seat).ability {
            Ability::MindReach { range } => u32::from(range),
            _ => 0,
        }
    }

    /// The value of a track's space the Hero is on, and of the next one (`None` at the top).
    pub fn track_step(&self, seat: Seat, track: Track) -> (u8, Option<u8>) {
        let def = self.hero_def(seat);
        let hero = &self.players[seat.index()].hero;
        let (values, step) = match track {
            Track::Armor => (&def.armor, hero.armor_step),
            Track::Attack => (&def.attack, hero.attack_step),
        };
        let step = usize::from(step).min(values.len() - 1);
        (values[step], values.get(step + 1).copied())
    }

    pub fn fire_attack(&self, seat: Seat) -> Option<(u32, u32)> {
        match self.hero_def(seat).ability {
            Ability::FireAttack { mana, dice } => Some((u32::from(mana), u32::from(dice))),
            _ => None,
        }
    }

    pub fn towers_of(&self, seat: Seat, kind: TowerKind) -> usize {
        self.buildings
            .iter()
            .filter(|b| b.owner == seat && b.kind == kind)
            .count()
    }

    pub fn vp(&self, team: usize) -> u32 {
        self.vp[team]
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn round(&self) -> u32 {
        (self.turn.max(1) - 1) / TURNS_PER_ROUND + 1
    }

    pub fn active(&self) -> Seat {
        self.active
    }

    /// The open response window, if any.
    pub fn window(&self) -> Option<&Window> {
        self.window.as_ref()
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    pub fn shrines(&self) -> &[Shrine] {
        &self.shrines
    }

    pub fn buildings(&self) -> &[Building] {
        &self.buildings
    }

    pub fn creatures(&self) -> &[Creature] {
        &self.creatures
    }

    pub fn creature(&self, id: CreatureId) -> Option<&Creature> {
        self.creatures.iter().find(|c| c.id == id)
    }

    pub fn creature_def(&self, kind: &str) -> &crate::content::CreatureDef {
        self.content
            .creatures
            .get(&Id::new(kind))
            .expect("creatures are checked at load")
    }

    /// The card definition, if the seat's deck has that id.
    pub fn players_hero_card(&self, seat: Seat, card: CardId) -> Option<&CardDef> {
        let index = self.lookup.decks.get(seat.index())?.get(usize::from(card.0))?;
        self.content.cards.items().get(*index)
    }

    /// The definition of a creature on the board (its kind is its token's).
    pub fn def_of(&self, creature: &Creature) -> &crate::content::CreatureDef {
        &self.content.creatures.items()[self.creature_index(creature.id)]
    }

    /// The place in `content.creatures` of a creature token's kind.
    pub(crate) fn creature_index(&self, id: CreatureId) -> usize {
        self.lookup.tokens[id.owner.index()][usize::from(id.token)]
    }

    /// A target in words, for describing actions: "{2}'s Hero", "{1}'s Dog".
    pub fn target_words(&self, target: crate::action::Target) -> String {
        use crate::action::Target;
        match target {
            Target::Hero(seat) => format!("{}'s Hero", spellhall_core::seat_token(seat)),
            Target::Creature(id) => format!("{}'s {}", spellhall_core::seat_token(id.owner), self.creature_name(id)),
            Target::Building(at) => format!("the building at {at}"),
            Target::Shrine(at) => format!("the shrine at {at}"),
        }
    }

    /// A creature's name ("Dog"), whether on the board or on its Hero board.
    pub fn creature_name(&self, id: CreatureId) -> Name {
        // By the token's place in the content (`lookup`), not by its kind's key: each creature's
        // move and attack event names it.
        let kind = self
            .lookup
            .tokens
            .get(id.owner.index())
            .and_then(|tokens| tokens.get(usize::from(id.token)));
        kind.map_or_else(
            || Name::from("creature"),
            |kind| self.content.log_words.creatures[*kind].clone(),
        )
    }

    /// The kind of the token `token` on `owner`'s Hero board.
    pub fn token_kind(&self, owner: Seat, token: u8) -> Option<&str> {
        self.hero_def(owner)
            .creatures
            .get(usize::from(token))
            .map(|id| id.key())
    }

    /// A creature's Speed this turn: 2, 3 when Fast, plus Run played on it.
    pub fn creature_speed(&self, creature: &Creature) -> u32 {
        let run = self.flags.boost(Character::Creature(creature.id)).speed;
        u32::from(self.def_of(creature).speed() + run)
    }

    /// A creature's Armor: its own, friendly Mage Towers in range, within the limit of 3.
    pub fn creature_armor(&self, creature: &Creature) -> u8 {
        let mage_towers = self
            .buildings
            .iter()
            .filter(|b| {
                b.kind == TowerKind::Mage
                    && Self::team(b.owner) == Self::team(creature.id.owner)
                    && b.at.distance(creature.at) <= TOWER_RANGE
            })
            .count() as u8;
        effective_armor(ArmorParts {
            base: self.def_of(creature).armor,
            mage_towers,
            bonus: creature.shield,
            ..ArmorParts::default()
        })
    }

    /// Where a character is, if on the board.
    pub fn position(&self, character: Character) -> Option<Pos> {
        match character {
            Character::Hero(seat) => self.players.get(seat.index()).and_then(|p| p.hero.at),
            Character::Creature(id) => self.creature(id).map(|c| c.at),
        }
    }

    pub fn owner(character: Character) -> Seat {
        match character {
            Character::Hero(seat) => seat,
            Character::Creature(id) => id.owner,
        }
    }

    pub fn content(&self) -> &Arc<Content> {
        &self.content
    }
}

/// Setters for scenario tests: put the game in the position a rule needs. They change only what
/// they name; the test then plays real actions through `apply`. Only with the feature `scenario`
/// (tests, benchmarks, examples): the app cannot change a game without `apply`.
#[cfg(feature = "scenario")]
impl SpellsOfDoom {
    pub fn set_mana(&mut self, seat: Seat, mana: u32) {
        self.players[seat.index()].mana = mana;
    }

    pub fn set_hp(&mut self, seat: Seat, hp: u8) {
        self.players[seat.index()].hero.hp = hp;
    }

    pub fn place_hero(&mut self, seat: Seat, at: Pos) {
        self.players[seat.index()].hero.at = Some(at);
    }

    pub fn set_tokens(&mut self, seat: Seat, burn: u8, brain_damage: u8, stunned: bool) {
        let hero = &mut self.players[seat.index()].hero;
        hero.burn = burn;
        hero.brain_damage = brain_damage;
        hero.stunned = stunned;
    }

    pub fn set_steps(&mut self, seat: Seat, armor_step: u8, attack_step: u8) {
        let hero = &mut self.players[seat.index()].hero;
        hero.armor_step = armor_step;
        hero.attack_step = attack_step;
    }

    pub fn add_building(&mut self, owner: Seat, kind: TowerKind, at: Pos) {
        self.buildings.push(Building {
            kind,
            owner,
            at,
            hp: STRUCTURE_HP,
        });
    }

    pub fn set_shrine_owner(&mut self, at: Pos, owner: Option<Seat>) {
        if let Some(shrine) = self.shrines.iter_mut().find(|s| s.at == at) {
            shrine.owner = owner;
        }
    }

    pub fn set_vp(&mut self, team: usize, vp: u32) {
        self.vp[team] = vp;
    }

    pub fn set_turn(&mut self, turn: u32) {
        self.turn = turn;
    }

    /// Move a copy of the card `card_id` ("fireball") into the seat's hand from the deck or the
    /// discard pile; `None` if no copy is there.
    pub fn give_card(&mut self, seat: Seat, card_id: &str) -> Option<CardId> {
        let copies: Vec<CardId> = self
            .deck_list(seat)
            .iter()
            .enumerate()
            .filter(|(_, id)| id.key() == card_id)
            .map(|(i, _)| CardId(i as u16))
            .collect();
        let player = &mut self.players[seat.index()];
        let card = *copies
            .iter()
            .find(|c| player.deck.contains(c) || player.discard.contains(c))?;
        player.deck.remove(&card);
        player.discard.retain(|c| *c != card);
        player.hand.push(card);
        Some(card)
    }

    /// Re-seed the dice (for tests that search for a roll).
    pub fn reroll(&mut self, seed: u64) {
        self.rng = GameRng::new(seed);
    }

    /// Put a copy of `card_id` face down in the seat's Reserve (free, for tests).
    pub fn reserve_card(&mut self, seat: Seat, card_id: &str) -> Option<CardId> {
        let card = self.give_card(seat, card_id)?;
        let player = &mut self.players[seat.index()];
        player.hand.retain(|c| *c != card);
        player.reserve.push(card);
        Some(card)
    }

    /// Lay a copy of the Terrain card `card_id` with its token at `at` (free, for tests).
    pub fn lay_terrain(&mut self, seat: Seat, card_id: &str, at: Pos) -> Option<CardId> {
        let card = self.give_card(seat, card_id)?;
        let player = &mut self.players[seat.index()];
        player.hand.retain(|c| *c != card);
        player.terrain.push((card, at));
        Some(card)
    }

    /// Put the creature token `token` of `seat` on the board at `at`, ready to act (for tests).
    pub fn put_creature(&mut self, seat: Seat, token: u8, at: Pos) -> CreatureId {
        self.place_creature(seat, token, at, None, &mut Vec::new());
        let id = CreatureId { owner: seat, token };
        if let Some(creature) = self.creatures.iter_mut().find(|c| c.id == id) {
            creature.summoned = 0;
        }
        id
    }
}
