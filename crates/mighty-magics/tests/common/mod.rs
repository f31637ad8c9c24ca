//! A small builder for scenario tests: a game at a chosen moment with chosen cards and counters.
#![allow(dead_code, unused_imports)] // each test file uses its own part of the kit

use std::sync::Arc;

use mighty_magics::{Action, CardId, Cards, Config, Event, MightyMagics, Resource, TestGame};
use spellhall_core::{Game, RuleError, Seat};

pub use Resource::*;

pub fn cards() -> Arc<Cards> {
    mighty_magics::shipped_cards()
}

/// A new game (seat 1 to act, in its Draw phase, every hand and kingdom empty: the dealt hands
/// are put on the discard pile).
pub fn new_game(players: u8) -> MightyMagics {
    new_game_with(players, false)
}

pub fn new_game_with(players: u8, short_attacks: bool) -> MightyMagics {
    TestGame::with(Config { players, short_attacks }, 7).build()
}

/// The `copy`-th card (0-based) with this id (card ids are the same in every game of one deck).
pub fn id(name: &str, copy: usize) -> CardId {
    mighty_magics::card(name, copy)
}

pub fn act(game: &mut MightyMagics, action: Action) -> Vec<Event> {
    let described = game.describe_action(&action);
    game.apply(&action)
        .unwrap_or_else(|e| panic!("{described} was refused: {e}"))
}

/// Recruit a card from the active player's hand, paying with these counters.
pub fn recruit(game: &mut MightyMagics, card: CardId, spend: &[Resource]) -> Vec<Event> {
    act(
        game,
        Action::Recruit {
            card,
            spend: spend.to_vec(),
        },
    )
}

pub fn refused(game: &mut MightyMagics, action: Action) -> RuleError {
    let before = ron::to_string(game).expect("serialise");
    let error = match game.apply(&action) {
        Ok(_) => panic!("{action:?} was allowed"),
        Err(e) => e,
    };
    assert_eq!(
        ron::to_string(game).expect("serialise"),
        before,
        "a refused action changed the state"
    );
    error
}

/// Replace a seat's hand with these cards.
pub fn set_hand(game: &mut MightyMagics, seat: Seat, hand: &[CardId]) {
    *game = TestGame::from_game(game.clone()).hand(seat, hand).build();
}

/// Put these cards into a seat's kingdom.
pub fn give(game: &mut MightyMagics, seat: Seat, in_play: &[CardId]) {
    *game = TestGame::from_game(game.clone()).kingdom(seat, in_play).build();
}

/// From the active player's Draw phase to his Recruit phase with this hand and these counters.
pub fn recruit_with(game: &mut MightyMagics, hand: &[CardId], tray: &[Resource]) {
    let seat = game.active();
    *game = TestGame::from_game(game.clone())
        .hand(seat, hand)
        .recruiting(tray)
        .build();
}

/// The payment the table offers first for a card (exact counters, then converts, then Gold).
pub fn first_payment(game: &MightyMagics, card: CardId) -> Vec<Resource> {
    game.legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::Recruit { card: c, spend } | Action::Cast { card: c, spend, .. } if c == card => Some(spend),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{} cannot be paid", game.cards().get(card).name))
}

pub fn legal(game: &MightyMagics, action: &Action) -> bool {
    game.legal_actions().contains(action)
}

/// Where a card is: "hand 1", "kingdom 2", "discard", "deck".
pub fn place(game: &MightyMagics, card: CardId) -> String {
    if let Some((seat, _)) = game.controller(card) {
        return format!("kingdom {}", seat.0 + 1);
    }
    for seat in Seat::all(game.seats()) {
        if game.hand(seat).contains(&card) {
            return format!("hand {}", seat.0 + 1);
        }
        if game.kingdom(seat).holdings().any(|h| h.attached.contains(&card)) {
            return format!("attached {}", seat.0 + 1);
        }
    }
    if game.discard_pile().contains(&card) {
        return "discard".into();
    }
    "deck".into()
}
