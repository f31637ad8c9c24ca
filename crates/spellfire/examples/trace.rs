//! Developers: play one random game between starter decks and print its log, for debugging.
//! `cargo run -p spellfire --example trace -- SEATS TABLE SEED [STEPS]`, with the tables and seeds
//! of the property tests (a table of starter decks is picked by its number).

use std::sync::Arc;

use spellfire::{Content, Spellfire};
use spellhall_core::{Game, GameEvent, GameRng, Seat};

#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let (seats, table, seed, steps) = (
        args[0] as usize,
        args[1],
        args[2],
        args.get(3).copied().unwrap_or(u64::MAX),
    );
    let config = common::starter_table(seats, table);
    let content = Arc::new(Content::shipped().expect("content"));
    let names: Vec<String> = (0..seats).map(|i| format!("P{}", i + 1)).collect();
    let (mut game, events) = Spellfire::new_with_events(&config, &content, seed).expect("setup");
    for e in events {
        println!("  {}", e.describe(None, &names).unwrap_or_default());
    }
    let mut rng = GameRng::new(seed ^ 0x5eed_c0de_5eed_c0de);
    let mut step = 0;
    while let Some(seat) = game.to_act().seat() {
        if step >= steps {
            break;
        }
        let legal = game.legal_actions();
        let claims = game.claims();
        let action = if !claims.is_empty() && rng.below(25) == 0 {
            claims[rng.below(claims.len())].1.clone()
        } else {
            legal[rng.below(legal.len())].clone()
        };
        println!(
            "{step} {}: {}",
            names[seat.index()],
            spellhall_core::fill_seat_names(&game.describe_action(&action), &names)
        );
        for e in game.apply(&action).expect("legal") {
            println!("  {}", e.describe(Some(Seat(0)), &names).unwrap_or_default());
        }
        if let Err(problem) = game.check_invariants() {
            println!("INVARIANT: {problem}");
            break;
        }
        step += 1;
    }
    println!("{:?}", game.outcome());
}
