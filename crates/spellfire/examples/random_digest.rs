//! A digest of seeded random games, for checking that a change to the engine's speed changes no
//! game: `cargo run --release -p spellfire --example random_digest -- N` plays seeds 0..N of
//! random legal games between starter decks at 2, 4 and 6 players and hashes every list of legal
//! actions, every action's events, the deciding seat's view at each step, and each final state
//! (serialized). The same digest before and after such a change: the same games.

use std::hash::{DefaultHasher, Hash, Hasher};

use spellfire::Spellfire;
use spellhall_core::{Game, GameRng};

#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(50);
    let content = common::content();
    let mut hasher = DefaultHasher::new();
    let mut actions = 0u64;
    for seats in [2, 4, 6] {
        for seed in 0..games {
            let config = common::starter_table(seats, seed);
            let mut game = Spellfire::new(&config, &content, seed).expect("setup");
            let mut rng = GameRng::new(seed);
            while let Some(seat) = game.to_act().seat() {
                let legal = game.legal_actions();
                format!("{legal:?}").hash(&mut hasher);
                format!("{:?}", game.view(seat)).hash(&mut hasher);
                let events = game
                    .apply(&legal[rng.below(legal.len())])
                    .expect("a legal action is accepted");
                format!("{events:?}").hash(&mut hasher);
                actions += 1;
            }
            ron::to_string(&game).expect("serialize").hash(&mut hasher);
        }
    }
    println!(
        "{games} games of each table (2, 4 and 6 players), {actions} actions, digest {:016x}",
        hasher.finish()
    );
}
