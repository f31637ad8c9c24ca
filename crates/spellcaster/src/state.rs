//! The state of a Spellcaster game and the small types it is made of.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use spellhall_core::{GameRng, Pile, Seat};

use crate::{Colour, Effect, Spells};

/// A spell card: its index in the spell list (each of the 60 spells is one card).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u8);

/// One of the two sides of the arena: a Mage alone, or a team sharing one pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Side(pub u8);

impl Side {
    pub fn other(self) -> Side {
        Side(1 - self.0)
    }
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// Two Mages.
    Duel,
    /// A team of two (seats 1 and 3) against a solo Mage (seat 2).
    ThreeMages,
    /// Two teams of two: seats 1 and 3 against seats 2 and 4.
    FourMages,
}

impl Mode {
    /// The Mode of a table of `mages`, if the game is for that many.
    pub fn of(mages: u8) -> Option<Mode> {
        match mages {
            2 => Some(Mode::Duel),
            3 => Some(Mode::ThreeMages),
            4 => Some(Mode::FourMages),
            _ => None,
        }
    }

    /// The side a seat plays for: with three Mages the solo Mage (seat 2) is side 2.
    pub fn side_of(self, seat: Seat) -> Side {
        match self {
            Mode::Duel => Side(seat.0),
            Mode::ThreeMages => Side(u8::from(seat.0 == 1)),
            Mode::FourMages => Side(seat.0 % 2),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// 2, 3 or 4.
    pub mages: u8,
}

/// A side's Energy crystals and Sorcery Sapphires.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    pub energy: u32,
    pub sapphires: u32,
}

/// A card on a placard and the side it faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    pub card: CardId,
    pub facing: Side,
}

/// A decision another Mage must make in the middle of a spell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// Whose turn it is.
    pub caster: Seat,
    /// Who must answer: discard `discard` cards or let the caster draw `draw`.
    pub rival: Seat,
    pub draw: u8,
    pub discard: u8,
    /// The spell's effects still to resolve after the answer.
    pub remaining: Vec<Effect>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    /// None: a draw.
    pub winner: Option<Side>,
    pub reason: String,
}

/// A game of Spellcaster.
#[derive(Clone, Debug, Serialize)]
pub struct Spellcaster {
    /// The spell definitions (not part of the saved state: content is loaded separately).
    #[serde(skip)]
    pub(crate) spells: Arc<Spells>,
    pub(crate) mode: Mode,
    pub(crate) rng: GameRng,
    pub(crate) deck: Pile<CardId>,
    /// Face up; the top is the last card lost.
    pub(crate) discard: Pile<CardId>,
    pub(crate) hands: Vec<Vec<CardId>>,
    /// Bottom to top, in `Colour::ALL` order.
    pub(crate) placards: [Vec<Placed>; 4],
    pub(crate) pools: [Pool; 2],
    /// The turn order, repeating: e.g. team 1, solo, team 2, solo.
    pub(crate) order: Vec<Seat>,
    pub(crate) order_pos: usize,
    pub(crate) turn: u32,
    pub(crate) actions_left: u8,
    /// Cards activated this turn (each at most once).
    pub(crate) activated: Vec<CardId>,
    /// The Active Spells that went off when this turn began, with their placards.
    pub(crate) fired_this_turn: Vec<(Colour, CardId)>,
    pub(crate) pending: Option<Pending>,
    /// A spell asked for more cards than the deck held: the game ends after this turn.
    pub(crate) deck_ran_out: bool,
    pub(crate) finish: Option<Finish>,
}

impl Spellcaster {
    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn spells(&self) -> &Arc<Spells> {
        &self.spells
    }

    pub fn seats(&self) -> usize {
        self.hands.len()
    }

    /// The side a seat plays for.
    pub fn side_of(&self, seat: Seat) -> Side {
        self.mode.side_of(seat)
    }

    /// The seats of a side, in seat order.
    pub fn seats_of(&self, side: Side) -> Vec<Seat> {
        Seat::all(self.seats()).filter(|&s| self.side_of(s) == side).collect()
    }

    /// Whose turn it is.
    pub fn turn_seat(&self) -> Seat {
        self.order[self.order_pos]
    }

    /// The next Mage of the other side to take a turn after the current one.
    pub fn next_rival(&self) -> Seat {
        let mine = self.side_of(self.turn_seat());
        (1..=self.order.len())
            .map(|step| self.order[(self.order_pos + step) % self.order.len()])
            .find(|&s| self.side_of(s) != mine)
            .unwrap_or(self.turn_seat())
    }

    pub fn pool(&self, side: Side) -> Pool {
        self.pools[side.index()]
    }

    pub fn hand(&self, seat: Seat) -> &[CardId] {
        &self.hands[seat.index()]
    }

    /// The top card of a placard and whom it faces.
    pub fn top(&self, colour: Colour) -> Option<Placed> {
        self.placards[colour.index()].last().copied()
    }

    /// Cards under the top card of a placard.
    pub fn beneath(&self, colour: Colour) -> usize {
        self.placards[colour.index()].len().saturating_sub(1)
    }

    /// The colours a side controls.
    pub fn controlled_by(&self, side: Side) -> usize {
        Colour::ALL
            .iter()
            .filter(|&&c| self.top(c).is_some_and(|p| p.facing == side))
            .count()
    }

    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// The draw pile (its order is hidden from players: views show only its size).
    pub fn deck(&self) -> &Pile<CardId> {
        &self.deck
    }

    pub fn discard_pile(&self) -> &Pile<CardId> {
        &self.discard
    }

    pub fn actions_left(&self) -> u8 {
        self.actions_left
    }

    pub fn fired_this_turn(&self) -> &[(Colour, CardId)] {
        &self.fired_this_turn
    }

    pub fn activated_this_turn(&self) -> &[CardId] {
        &self.activated
    }

    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    pub fn finish(&self) -> Option<&Finish> {
        self.finish.as_ref()
    }

    pub fn turn_number(&self) -> u32 {
        self.turn
    }
}
