//! Shared helpers for the Spellcaster scenario tests: arrange a table exactly, then act.

#![allow(dead_code)]

use std::sync::Arc;

use spellcaster::{Action, CardId, Colour, Config, Pool, Side, SpellOption, Spellcaster, Spells};
use spellhall_core::{Game, Seat};

pub fn spells() -> Arc<Spells> {
    Arc::new(Spells::shipped().expect("the shipped spells load"))
}

/// A game of `mages` whose first turn is Seat 1's (seat index 0).
pub fn game(mages: u8) -> Spellcaster {
    let spells = spells();
    (0..200)
        .map(|seed| Spellcaster::new(&Config { mages }, &spells, seed).unwrap())
        .find(|g| g.turn_seat() == Seat(0))
        .expect("some seed lets Seat 1 begin")
}

pub fn card(game: &Spellcaster, id: &str) -> CardId {
    game.spells().by_id(id).unwrap_or_else(|| panic!("no spell '{id}'"))
}

pub fn colour(game: &Spellcaster, id: &str) -> Colour {
    game.spells().get(card(game, id)).colour
}

/// Make a seat's hand exactly `n` cards, from or to the top of the deck, never touching `keep`.
pub fn hand_size(game: &mut Spellcaster, seat: Seat, n: usize) {
    while game.hand(seat).len() > n {
        let last = *game.hand(seat).last().unwrap();
        game.move_to_deck_top(last);
    }
    while game.hand(seat).len() < n {
        let next = game
            .spells()
            .all()
            .map(|(c, _)| c)
            .find(|&c| in_deck(game, c))
            .expect("a card in the deck");
        game.move_to_hand(seat, next);
    }
}

pub fn in_deck(game: &Spellcaster, card: CardId) -> bool {
    game.deck().contains(&card)
}

/// A duel with Seat 1 to act with 2 actions, pools 10 Energy / 5 Sapphires each, Seat 1 holding 4
/// cards and Seat 2 holding 3, and `spell` on its placard facing Seat 1.
pub fn arena(spell: &str) -> Spellcaster {
    let mut g = game(2);
    g.set_pool(
        Side(0),
        Pool {
            energy: 10,
            sapphires: 5,
        },
    );
    g.set_pool(
        Side(1),
        Pool {
            energy: 10,
            sapphires: 5,
        },
    );
    let c = card(&g, spell);
    g.move_to_placard(c, Side(0));
    hand_size(&mut g, Seat(0), 4);
    hand_size(&mut g, Seat(1), 3);
    g
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
