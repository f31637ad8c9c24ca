//! Scenario setters and `TestGame`, a game put in the position a rule needs, for tests,
//! benchmarks and examples only (cargo feature `scenario`; the app never changes a game but by
//! `apply`). A `TestGame` starts a real game, then changes only what each setter names; the test
//! plays real actions through `apply`.
//!
//! ```ignore
//! let game = TestGame::new(2)
//!     .kingdom(Seat(1), &[keep, rangers])
//!     .hand(Seat(0), &[earthquake])
//!     .recruiting(&[Stone, Stone])
//!     .build();
//! ```

use std::sync::{Arc, OnceLock};

use spellhall_core::{Game, Seat};

use crate::content::{Cards, Resource};
use crate::state::Holding;
use crate::{Action, CardId, Config, MightyMagics, Phase};

/// The shipped deck, loaded once per process.
pub fn shipped_cards() -> Arc<Cards> {
    static CARDS: OnceLock<Arc<Cards>> = OnceLock::new();
    Arc::clone(CARDS.get_or_init(|| Arc::new(Cards::shipped().expect("the shipped deck loads"))))
}

/// The `copy`-th card (0-based) with this id in the shipped deck (ids are the same in every game).
pub fn card(id: &str, copy: usize) -> CardId {
    *shipped_cards()
        .copies_of(id)
        .get(copy)
        .unwrap_or_else(|| panic!("no copy {copy} of {id}"))
}

/// A game being put in position (see the module's example).
#[derive(Clone, Debug)]
pub struct TestGame {
    game: MightyMagics,
}

impl TestGame {
    /// A game of `players` with the shipped deck and seed 7: seat 1 to act in its Draw phase,
    /// every hand empty (the dealt hands go to the discard pile) and every kingdom empty.
    pub fn new(players: u8) -> Self {
        Self::with(
            Config {
                players,
                short_attacks: false,
            },
            7,
        )
    }

    /// As [`Self::new`], with this config and seed.
    pub fn with(config: Config, seed: u64) -> Self {
        let mut game = MightyMagics::new(&config, &shipped_cards(), seed).expect("a valid table");
        for seat in Seat::all(game.seats()) {
            game.clear_hand(seat);
        }
        Self { game }
    }

    /// `seat`'s hand is exactly these cards.
    pub fn hand(mut self, seat: Seat, cards: &[CardId]) -> Self {
        self.game.clear_hand(seat);
        for &card in cards {
            self.game.move_to_hand(seat, card);
        }
        self
    }

    /// These Strongholds and Hordes join `seat`'s kingdom.
    pub fn kingdom(mut self, seat: Seat, cards: &[CardId]) -> Self {
        for &card in cards {
            self.game.move_into_play(seat, card);
        }
        self
    }

    /// The active player fills his hand (the real action), and then holds the hand he was given
    /// and exactly these counters, in his Recruit phase.
    pub fn recruiting(mut self, tray: &[Resource]) -> Self {
        assert_eq!(self.game.phase(), &Phase::Draw, "recruiting starts in a Draw phase");
        let seat = self.game.active();
        let hand = self.game.hand(seat).to_vec();
        self.game.apply(&Action::Refill).expect("filling the hand is legal");
        self = self.hand(seat, &hand);
        self.game.set_tray(tray);
        self
    }

    /// A game already under way, to put in position from here.
    pub fn from_game(game: MightyMagics) -> Self {
        Self { game }
    }

    pub fn build(self) -> MightyMagics {
        self.game
    }
}

impl MightyMagics {
    /// Put a card (wherever it is) in a seat's hand.
    pub fn move_to_hand(&mut self, seat: Seat, card: CardId) {
        self.changed();
        self.take_card_anywhere(card);
        self.hands[seat.index()].push(card);
    }

    /// Put a Stronghold or Horde (wherever it is) into a seat's kingdom.
    pub fn move_into_play(&mut self, seat: Seat, card: CardId) {
        self.changed();
        self.take_card_anywhere(card);
        let holding = Holding {
            card,
            attached: Vec::new(),
        };
        let kingdom = &mut self.kingdoms[seat.index()];
        if self.cards.get(card).is_stronghold() {
            kingdom.strongholds.push(holding);
        } else {
            kingdom.hordes.push(holding);
        }
    }

    /// Attach a magic (wherever it is) to a card in play.
    pub fn attach_to(&mut self, magic: CardId, host: CardId) {
        self.changed();
        self.take_card_anywhere(magic);
        if let Some(holding) = self
            .kingdoms
            .iter_mut()
            .flat_map(|k| k.strongholds.iter_mut().chain(k.hordes.iter_mut()))
            .find(|h| h.card == host)
        {
            holding.attached.push(magic);
        }
    }

    /// Put a card on top of the deck.
    pub fn move_to_deck_top(&mut self, card: CardId) {
        self.changed();
        self.take_card_anywhere(card);
        self.deck.put_top(card);
    }

    /// Put a card on the discard pile.
    pub fn move_to_discard(&mut self, card: CardId) {
        self.changed();
        self.take_card_anywhere(card);
        self.discard.put_top(card);
    }

    /// Empty a seat's hand onto the discard pile.
    pub fn clear_hand(&mut self, seat: Seat) {
        self.changed();
        for card in std::mem::take(&mut self.hands[seat.index()]) {
            self.discard.put_top(card);
        }
    }

    /// Replace the counters in the tray (the old ones go back to the pile; the new ones come from it).
    pub fn set_tray(&mut self, counters: &[Resource]) {
        self.changed();
        for r in std::mem::take(&mut self.tray) {
            self.pile[r.index()] += 1;
        }
        for &r in counters {
            assert!(self.pile[r.index()] > 0, "no {r:?} counter left in the pile");
            self.pile[r.index()] -= 1;
            self.tray.push(r);
        }
        self.tray.sort();
    }

    fn take_card_anywhere(&mut self, card: CardId) {
        self.deck.remove(&card);
        self.discard.remove(&card);
        for hand in &mut self.hands {
            hand.retain(|&c| c != card);
        }
        for kingdom in &mut self.kingdoms {
            for holding in kingdom.strongholds.iter_mut().chain(kingdom.hordes.iter_mut()) {
                holding.attached.retain(|&c| c != card);
            }
            for zone in [&mut kingdom.strongholds, &mut kingdom.hordes] {
                if let Some(i) = zone.iter().position(|h| h.card == card) {
                    // What was attached to it goes to the discard pile, as when a card is destroyed.
                    for magic in zone.remove(i).attached {
                        self.discard.put_top(magic);
                    }
                }
            }
        }
    }
}
