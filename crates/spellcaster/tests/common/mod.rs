//! Shared helpers for the Spellcaster scenario tests: arrange a table exactly, then act.

#![allow(dead_code)]

use std::sync::Arc;

pub use spellcaster::scenario::{TestGame, card, shipped_spells};
use spellcaster::{Action, CardId, Colour, Side, SpellOption, Spellcaster, Spells};
use spellhall_core::{Game, Seat};

pub fn spells() -> Arc<Spells> {
    shipped_spells()
}

/// A game of `mages` whose first turn is Seat 1's (seat index 0).
pub fn game(mages: u8) -> Spellcaster {
    TestGame::new(mages).build()
}

pub fn colour(game: &Spellcaster, id: &str) -> Colour {
    game.spells().get(card(game, id)).colour
}

/// Make a seat's hand exactly `n` cards in the middle of a game (see `TestGame::hand_size`).
pub fn hand_size(game: &mut Spellcaster, seat: Seat, n: usize) {
    let arranged = TestGame::from(game.clone()).hand_size(seat, n).build();
    *game = arranged;
}

pub fn in_deck(game: &Spellcaster, card: CardId) -> bool {
    game.deck().contains(&card)
}

/// The usual duel: Seat 1 to act with 2 actions, pools 10 Energy / 5 Sapphires each, Seat 1
/// holding 4 cards and Seat 2 holding 3, and `spell` on its placard facing Seat 1.
pub fn arena_table(spell: &str) -> TestGame {
    TestGame::new(2)
        .pool(Side(0), 10, 5)
        .pool(Side(1), 10, 5)
        .placard(spell, Side(0))
        .hand_size(Seat(0), 4)
        .hand_size(Seat(1), 3)
}

pub fn arena(spell: &str) -> Spellcaster {
    arena_table(spell).build()
}

/// What a spell changed, from Seat 1's point of view.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub struct Change {
    pub my_energy: i64,
    pub my_sapphires: i64,
    pub their_energy: i64,
    pub their_sapphires: i64,
    pub my_hand: i64,
    pub their_hand: i64,
}

pub const NONE: Change = Change {
    my_energy: 0,
    my_sapphires: 0,
    their_energy: 0,
    their_sapphires: 0,
    my_hand: 0,
    their_hand: 0,
};

pub fn snapshot(g: &Spellcaster) -> [i64; 6] {
    [
        i64::from(g.pool(Side(0)).energy),
        i64::from(g.pool(Side(0)).sapphires),
        i64::from(g.pool(Side(1)).energy),
        i64::from(g.pool(Side(1)).sapphires),
        g.hand(Seat(0)).len() as i64,
        g.hand(Seat(1)).len() as i64,
    ]
}

pub fn change(before: [i64; 6], after: [i64; 6]) -> Change {
    let d: Vec<i64> = before.iter().zip(after).map(|(b, a)| a - b).collect();
    Change {
        my_energy: d[0],
        my_sapphires: d[1],
        their_energy: d[2],
        their_sapphires: d[3],
        my_hand: d[4],
        their_hand: d[5],
    }
}

/// Cast `spell` (already facing Seat 1) and report what changed.
pub fn cast(g: &mut Spellcaster, spell: &str, option: Option<SpellOption>) -> Change {
    let before = snapshot(g);
    let colour = colour(g, spell);
    g.apply(&Action::Activate { colour, option })
        .unwrap_or_else(|e| panic!("casting {spell}: {e}"));
    change(before, snapshot(g))
}

/// Seat 1 spends its actions drawing, so that Seat 2's turn begins.
pub fn pass_turn(g: &mut Spellcaster) {
    let seat = g.turn_seat();
    while g.turn_seat() == seat && g.finish().is_none() {
        let action = if g.deck_len() > 0 {
            Action::Draw
        } else {
            Action::EndTurn
        };
        g.apply(&action).unwrap();
    }
}
