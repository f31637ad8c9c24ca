//! `TestGame`: a Spellcaster table laid out card by card for scenario tests, benchmarks and
//! screenshots (feature `scenario`; the app never changes a game except through `apply`).
//!
//! ```ignore
//! let game = TestGame::new(2)
//!     .pool(Side(1), 3, 5)
//!     .placard("lightning-lance", Side(0))
//!     .hand_size(Seat(0), 4)
//!     .build();
//! ```

use std::sync::{Arc, OnceLock};

use spellhall_core::{Game, Seat};

use crate::state::Placed;
use crate::{CardId, Config, Pool, Side, Spellcaster, Spells};

/// The shipped spells, loaded once per test process.
pub fn shipped_spells() -> Arc<Spells> {
    static SPELLS: OnceLock<Arc<Spells>> = OnceLock::new();
    Arc::clone(SPELLS.get_or_init(|| Arc::new(Spells::shipped().expect("the shipped spells load"))))
}

/// A game of `mages` being arranged. Spells are named by their id in `data/spellcaster/spells.ron`.
pub struct TestGame {
    game: Spellcaster,
}

/// Arrange a game already under way.
impl From<Spellcaster> for TestGame {
    fn from(game: Spellcaster) -> Self {
        Self { game }
    }
}

impl TestGame {
    /// A fresh game of `mages` whose first turn is Seat 1's, two actions to take.
    pub fn new(mages: u8) -> Self {
        let spells = shipped_spells();
        let game = (0..200)
            .map(|seed| Spellcaster::new(&Config { mages }, &spells, seed).expect("a valid number of Mages"))
            .find(|g| g.turn_seat() == Seat(0))
            .expect("some seed lets Seat 1 begin");
        Self { game }
    }

    /// The card of spell `id`.
    pub fn card(&self, id: &str) -> CardId {
        card(&self.game, id)
    }

    /// Set a side's Energy and Sapphires.
    pub fn pool(mut self, side: Side, energy: u32, sapphires: u32) -> Self {
        self.game.set_pool(side, Pool { energy, sapphires });
        self
    }

    /// Put spell `id` on top of its colour's placard, facing `side`.
    pub fn placard(mut self, id: &str, facing: Side) -> Self {
        let card = self.card(id);
        self.game.move_to_placard(card, facing);
        self
    }

    /// Add these spells (from wherever they are) to the end of a seat's hand.
    pub fn hand<'a>(mut self, seat: Seat, ids: impl IntoIterator<Item = &'a str>) -> Self {
        for id in ids {
            let card = self.card(id);
            self.game.move_to_hand(seat, card);
        }
        self
    }

    /// Make a seat's hand exactly `n` cards: the last ones go back on the deck, or the deck's
    /// first cards in spell-list order come in.
    pub fn hand_size(mut self, seat: Seat, n: usize) -> Self {
        let game = &mut self.game;
        while game.hand(seat).len() > n {
            let last = *game.hand(seat).last().expect("a card in the hand");
            game.move_to_deck_top(last);
        }
        while game.hand(seat).len() < n {
            let next = game
                .spells()
                .all()
                .map(|(card, _)| card)
                .find(|card| game.deck().contains(card))
                .expect("a card in the deck");
            game.move_to_hand(seat, next);
        }
        self
    }

    /// Put spell `id` on top of the deck.
    pub fn deck_top(mut self, id: &str) -> Self {
        let card = self.card(id);
        self.game.move_to_deck_top(card);
        self
    }

    /// Empty the deck into the discard pile.
    pub fn empty_deck(mut self) -> Self {
        self.game.discard_deck();
        self
    }

    pub fn build(self) -> Spellcaster {
        self.game
    }
}

/// The card of spell `id` in `game`.
pub fn card(game: &Spellcaster, id: &str) -> CardId {
    game.spells().by_id(id).unwrap_or_else(|| panic!("no spell '{id}'"))
}

/// Setters that move cards without `apply`: for `TestGame` and for tests that change a table
/// in the middle of a game.
impl Spellcaster {
    pub fn set_pool(&mut self, side: Side, pool: Pool) {
        self.pools[side.index()] = pool;
    }

    /// Put a card (wherever it is) at the end of a seat's hand.
    pub fn move_to_hand(&mut self, seat: Seat, card: CardId) {
        self.take_card_anywhere(card);
        self.hands[seat.index()].push(card);
    }

    /// Put a card (wherever it is) on top of its placard, facing `side`.
    pub fn move_to_placard(&mut self, card: CardId, facing: Side) {
        self.take_card_anywhere(card);
        let colour = self.spells.get(card).colour;
        self.placards[colour.index()].push(Placed { card, facing });
    }

    /// Put a card (wherever it is) on top of the deck.
    pub fn move_to_deck_top(&mut self, card: CardId) {
        self.take_card_anywhere(card);
        self.deck.put_top(card);
    }

    /// Empty the deck into the discard pile.
    pub fn discard_deck(&mut self) {
        for card in self.deck.take_all() {
            self.discard.put_top(card);
        }
    }

    fn take_card_anywhere(&mut self, card: CardId) {
        self.deck.remove(&card);
        self.discard.remove(&card);
        for hand in &mut self.hands {
            hand.retain(|&c| c != card);
        }
        for placard in &mut self.placards {
            placard.retain(|p| p.card != card);
        }
    }
}
