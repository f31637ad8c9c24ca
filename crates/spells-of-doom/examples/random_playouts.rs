//! Random 2-player playouts with the kernel's `play_randomly`, for profiling (`perf record -g`)
//! and for checking that a change to the rules' speed changes no game:
//! `cargo run --release -p spells-of-doom --example random_playouts -- [SECONDS]` plays fresh games
//! (seed 1 on, Heroes in turn) for that long and prints the actions a second;
//! `... -- games N` plays the first N games of 2 and of 4 players and prints the kernel's
//! `RandomDigest` of them (every list of legal actions, the deciding seat's view and the events on
//! the way, and the final states), the same before and after such a change;
//! `... -- play N` plays the first N games of 2 players (a fixed amount of work for `perf stat`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use spellhall_core::Game;
use spellhall_core::testkit::{RandomDigest, hash_view, play_randomly};
use spells_of_doom::{Config, Content, SpellsOfDoom};

fn deal(content: &Arc<Content>, players: usize, seed: u64) -> SpellsOfDoom {
    let heroes = ["magie", "hypnor", "byron", "oakheart"];
    let config = Config {
        heroes: (0..players)
            .map(|i| heroes[(seed as usize + i) % 4].to_string())
            .collect(),
    };
    SpellsOfDoom::new(&config, content, seed).expect("setup")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let content = Arc::new(Content::shipped().expect("content"));
    if args.first().map(String::as_str) == Some("games") {
        let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
        let mut digest = RandomDigest::new();
        for (players, seed) in [2, 4].into_iter().flat_map(|p| (1..=games).map(move |s| (p, s))) {
            digest.play(deal(&content, players, seed), seed, |game, seat, hasher| {
                hash_view(&game.view(seat), hasher)
            });
        }
        println!(
            "{games} games of 2 and of 4 players, {} actions, {:.1} legal actions a decision, digest {:016x}",
            digest.actions(),
            digest.mean_offered(),
            digest.finish()
        );
        return;
    }
    if args.first().map(String::as_str) == Some("play") {
        // A fixed amount of work, for `perf stat` (instructions and cycles do not depend on the
        // machine's load as time does).
        let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1_000);
        let actions: u64 = (1..=games)
            .map(|seed| play_randomly(deal(&content, 2, seed), seed) as u64)
            .sum();
        println!("{games} games of 2 players, {actions} actions");
        return;
    }
    let seconds: f64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(5.0);
    let budget = Duration::from_secs_f64(seconds);
    let start = Instant::now();
    let (mut games, mut actions) = (0u64, 0u64);
    while start.elapsed() < budget {
        games += 1;
        actions += play_randomly(deal(&content, 2, games), games) as u64;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{games} games, {actions} actions in {secs:.2} s: {:.0} actions/s",
        actions as f64 / secs
    );
}
