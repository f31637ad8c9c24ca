//! A digest of seeded random games, for checking that a change to the rules' speed changes no
//! game: `cargo run --release -p spellcaster --example random_digest -- N` plays seeds 0..N at 2,
//! 3 and 4 Mages and hashes every list of legal actions, every action's events, the deciding
//! seat's view at each step and each final state (serialized). The same digest before and after
//! such a change: the same games. `-- N plain` plays the same games without hashing, for a
//! profiler's count of the rules' own work.

use std::sync::Arc;

use spellcaster::{Config, Spellcaster, Spells};
use spellhall_core::Game;
use spellhall_core::testkit::{RandomDigest, hash_view, play_randomly};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let plain = args.next().is_some_and(|a| a == "plain");
    let spells = Arc::new(Spells::shipped().expect("the shipped spells load"));
    let mut digest = RandomDigest::new();
    let mut actions = 0;
    for mages in [2, 3, 4] {
        for seed in 0..games {
            let game = Spellcaster::new(&Config { mages }, &spells, seed).expect("setup");
            if plain {
                actions += play_randomly(game, seed) as u64;
            } else {
                digest.play(game, seed, |game, seat, hasher| hash_view(&game.view(seat), hasher));
            }
        }
    }
    if plain {
        println!("{games} games of each table (2, 3 and 4 Mages), {actions} actions");
    } else {
        println!(
            "{games} games of each table (2, 3 and 4 Mages), {} actions, digest {:016x}",
            digest.actions(),
            digest.finish()
        );
    }
}
