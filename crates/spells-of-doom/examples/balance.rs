//! Developers' tool: the greedy computer against itself for every pair of Heroes, to tune the
//! designed numbers. `cargo run --release -p spells-of-doom --example balance -- [GAMES]`
//! (default 2,000 per pair). The test `tests/balance.rs` checks the same table stays 40-60 %.

use std::sync::Arc;

use spells_of_doom::Content;
use spells_of_doom::computer::balance_table;

fn main() {
    let games = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(2_000);
    let content = Arc::new(Content::shipped().expect("the shipped content loads"));
    let started = std::time::Instant::now();
    let (table, stuck) = balance_table(&content, games);
    for (hero, rival, share) in &table {
        println!("{hero:>9} vs {rival:<9} {:5.1} %  ({games} games)", share * 100.0);
    }
    println!(
        "{stuck} games past 20,000 actions; {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
