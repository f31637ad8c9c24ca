//! A fixed amount of random play, for counting instructions (`valgrind --tool=callgrind`,
//! `perf stat`), which the machine's load does not change as it changes time:
//! `cargo run --release -p mighty-magics --example playouts -- PLAYERS GAMES` plays seeds 1..=GAMES
//! at that table with the kernel's `play_randomly` (dealing included, as in the throughput bench)
//! and prints the number of actions. `GAMES` 0 measures what loading the deck costs alone.

use std::sync::Arc;

use mighty_magics::{Cards, Config, MightyMagics};
use spellhall_core::Game;
use spellhall_core::testkit::play_randomly;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().ok());
    let players = args.next().flatten().unwrap_or(2) as u8;
    let games = args.next().flatten().unwrap_or(30);
    let cards = Arc::new(Cards::shipped().expect("the shipped deck loads"));
    let config = Config {
        players,
        short_attacks: false,
    };
    let actions: usize = (1..=games)
        .map(|seed| play_randomly(MightyMagics::new(&config, &cards, seed).expect("setup"), seed))
        .sum();
    println!("{games} games of {players} players, {actions} actions");
}
