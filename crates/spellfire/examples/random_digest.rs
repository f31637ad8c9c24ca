//! A digest of seeded random games, for checking that a change to the engine's speed changes no
//! game: `cargo run --release -p spellfire --example random_digest -- N` plays seeds 0..N of
//! random legal games between starter decks at 2, 4 and 6 players and hashes every list of legal
//! actions, every action's events, the deciding seat's view at each step, and each final state
//! (serialized). The same digest before and after such a change: the same games.

use spellfire::Spellfire;
use spellhall_core::Game;
use spellhall_core::testkit::{RandomDigest, hash_view};

#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(50);
    let content = common::content();
    let mut digest = RandomDigest::new();
    for seats in [2, 4, 6] {
        for seed in 0..games {
            let config = common::starter_table(seats, seed);
            let game = Spellfire::new(&config, &content, seed).expect("setup");
            digest.play(game, seed, |game, seat, hasher| hash_view(&game.view(seat), hasher));
        }
    }
    println!(
        "{games} games of each table (2, 4 and 6 players), {} actions, digest {:016x}",
        digest.actions(),
        digest.finish()
    );
}
