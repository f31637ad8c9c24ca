//! Random playouts as `crates/throughput` plays them (starter decks in turn, a fresh deal each
//! game, the kernel's `play_randomly`), a fixed number of games: for profiling the engine under
//! callgrind, where a fixed amount of work matters more than a time budget.
//! `cargo run --release -p spellfire --example playouts -- GAMES [PLAYERS]` (200 games, 2 players
//! unless told) prints the games, the actions and the actions per second of CPU time.

use std::time::Instant;

use spellfire::Spellfire;
use spellhall_core::Game;
use spellhall_core::testkit::play_randomly;

#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().ok());
    let games = args.next().flatten().unwrap_or(200);
    let players = args.next().flatten().unwrap_or(2) as usize;

    let content = common::content();
    let starters = common::starters();

    let start = Instant::now();
    let mut actions = 0u64;
    for seed in 1..=games {
        // The throughput bench's choice of decks, so that the profile is of the same games.
        let config = common::table_in_turn(&starters, players, seed);
        let game = Spellfire::new(&config, &content, seed).expect("setup");
        actions += play_randomly(game, seed) as u64;
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{games} games of {players} players, {actions} actions, {:.0} actions a second",
        actions as f64 / seconds
    );
}
