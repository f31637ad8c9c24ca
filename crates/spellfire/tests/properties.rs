//! The kernel's property tests on Spellfire: seeded random games between random starter decks end,
//! never panic, keep every card in exactly one place and the Rule of the Cosmos, and replay, undo
//! and saves land on the live state. Claims ("wait, I play an event") are taken now and then.

mod common;

use spellfire::Spellfire;
use spellhall_core::testkit::{PlayoutOptions, random_playouts};

/// Games per table size. `SF_GAMES` shrinks them for a quick local run.
fn games(default: u64) -> u64 {
    std::env::var("SF_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn play(seats: usize, total: u64) {
    // A new pairing of decks every few games, so that every starter deck meets every other.
    const GAMES_PER_TABLE: u64 = 10;
    let content = std::sync::Arc::new(common::content());
    let mut played = 0;
    let mut table = 0;
    while played < total {
        let config = common::starter_table(seats, table);
        let count = GAMES_PER_TABLE.min(total - played);
        let options = PlayoutOptions {
            games: count,
            first_seed: table * 1000,
            max_actions: 20_000,
        };
        if let Err(failure) = random_playouts::<Spellfire>(&config, &content, seats, &options) {
            panic!("table {table} ({seats} players): {failure}");
        }
        played += count;
        table += 1;
    }
}

#[test]
fn random_two_player_games_keep_every_invariant() {
    play(2, games(10_000));
}

#[test]
fn random_four_player_games_keep_every_invariant() {
    play(4, games(2_000));
}

#[test]
fn random_six_player_games_keep_every_invariant() {
    play(6, games(2_000));
}
