//! Helpers shared by the scenario tests.
#![allow(dead_code, unused_imports)]

use std::sync::Arc;

use spellhall_core::{Game, Seat};
use spells_of_doom::Event;
use spells_of_doom::{Action, Config, Content, Pos, SpellsOfDoom};
pub use spells_of_doom::{
    TestGame,
    Who::{Foe, Me},
};

pub fn content() -> Arc<Content> {
    spells_of_doom::shipped_content()
}

pub fn config(heroes: &[&str]) -> Config {
    Config {
        heroes: heroes.iter().map(|h| h.to_string()).collect(),
    }
}

/// A game past the mulligans (everyone keeps), in the first player's Hero phase.
pub fn started(heroes: &[&str], seed: u64) -> SpellsOfDoom {
    TestGame::started(heroes, seed).build().0
}

pub fn act(game: &mut SpellsOfDoom, action: Action) -> Vec<Event> {
    game.apply(&action)
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"))
}

pub fn refused(game: &mut SpellsOfDoom, action: Action) -> String {
    let before = format!("{:?}", ron::to_string(game).unwrap());
    let reason = game.apply(&action).expect_err("should be refused").reason;
    assert_eq!(
        before,
        format!("{:?}", ron::to_string(game).unwrap()),
        "a refusal changes nothing"
    );
    reason
}

pub fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}

pub fn pos(q: i32, r: i32) -> Pos {
    Pos { q, r }
}

/// A 2-player game of `hero` against `rival` in which `hero` plays first (the seed is searched).
pub fn playing_as(hero: &str, rival: &str) -> (SpellsOfDoom, Seat, Seat) {
    TestGame::duel(hero, rival).build()
}

pub fn token_of(game: &SpellsOfDoom, seat: Seat, kind: &str) -> u8 {
    game.available_tokens(seat)
        .into_iter()
        .find(|t| game.token_kind(seat, *t) == Some(kind))
        .expect("an available token")
}

pub use spells_of_doom::creature_id;
