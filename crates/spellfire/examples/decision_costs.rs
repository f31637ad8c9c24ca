//! Where a random playout's time goes, by decision: the games `playouts` plays (starter decks in
//! turn, a fresh deal each game, uniformly random legal actions), with every decision timed.
//! `cargo run --release -p spellfire --example decision_costs -- GAMES [PLAYERS]` (200 games,
//! 4 players unless told) prints, for each kind of decision (what is pending or the phase, and
//! the action taken), how often it came, the legal list's mean length, the time `legal` and
//! `apply` took and its share of their sum, the costliest first.
//!
//! Each time is the least of a few runs on the same state (`apply` on copies of it): the cost of
//! the work itself, with the caches and branch predictors warmed by the runs before. A playout
//! pays more than that (every decision differs from the one before), so the sum is below what
//! `playouts` measures: the table says which decisions to look at, not what a playout costs.

use std::collections::HashMap;
use std::time::Instant;

use spellfire::{Action, Spellfire};
use spellhall_core::{Game, GameRng};

#[path = "../tests/common/mod.rs"]
mod common;

/// Runs a time is the least of.
const LEGAL_RUNS: usize = 8;
const APPLY_RUNS: usize = 4;

#[derive(Default)]
struct Tally {
    decisions: u64,
    listed: u64,
    legal_seconds: f64,
    apply_seconds: f64,
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().ok());
    let games = args.next().flatten().unwrap_or(200);
    let players = args.next().flatten().unwrap_or(4) as usize;

    let content = common::content();
    let starters = common::starters();

    let mut tallies: HashMap<String, Tally> = HashMap::new();
    for seed in 1..=games {
        let config = common::table_in_turn(&starters, players, seed);
        let mut game = Spellfire::new(&config, &content, seed).expect("setup");
        // The pick `play_randomly` makes, so that these are the games `playouts` plays.
        let mut rng = GameRng::new(seed);
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        while game.to_act().seat().is_some() {
            let legal_seconds = least_of(LEGAL_RUNS, || {
                let start = Instant::now();
                game.legal_actions_into(&mut legal);
                start.elapsed().as_secs_f64()
            });
            let action = legal[rng.below(legal.len())].clone();
            let apply_seconds = least_of(APPLY_RUNS, || {
                let mut copy = game.clone();
                let start = Instant::now();
                copy.apply_listed_into(&action, &mut events)
                    .expect("a legal action is accepted");
                start.elapsed().as_secs_f64()
            });
            let tally = tallies.entry(decision_name(&game, &action)).or_default();
            tally.decisions += 1;
            tally.listed += legal.len() as u64;
            tally.legal_seconds += legal_seconds;
            tally.apply_seconds += apply_seconds;
            game.apply_listed_into(&action, &mut events)
                .expect("a legal action is accepted");
        }
    }

    let mut rows: Vec<(String, Tally)> = tallies.into_iter().collect();
    let total = |t: &Tally| t.legal_seconds + t.apply_seconds;
    rows.sort_by(|a, b| total(&b.1).total_cmp(&total(&a.1)));
    let decisions: u64 = rows.iter().map(|(_, t)| t.decisions).sum();
    let legal: f64 = rows.iter().map(|(_, t)| t.legal_seconds).sum();
    let all: f64 = rows.iter().map(|(_, t)| total(t)).sum();
    let per_decision = |seconds: f64, n: u64| seconds * 1e9 / n as f64;
    println!(
        "{games} games of {players} players, {decisions} decisions: legal {:.0} ns and apply {:.0} ns a decision (warm)\n",
        per_decision(legal, decisions),
        per_decision(all - legal, decisions)
    );
    println!("| decision | count | listed | legal (ns) | apply (ns) | share |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (name, t) in &rows {
        println!(
            "| {name} | {} | {:.1} | {:.0} | {:.0} | {:.1} % |",
            t.decisions,
            t.listed as f64 / t.decisions as f64,
            per_decision(t.legal_seconds, t.decisions),
            per_decision(t.apply_seconds, t.decisions),
            100.0 * total(t) / all
        );
    }
}

fn least_of(runs: usize, mut time: impl FnMut() -> f64) -> f64 {
    (0..runs).map(|_| time()).fold(f64::INFINITY, f64::min)
}

/// What is pending (or the phase, if nothing is) and the action taken, by their names alone.
fn decision_name(game: &Spellfire, action: &Action) -> String {
    let situation = match game.pending() {
        Some(pending) => first_word(&format!("{pending:?}")),
        None => format!("{:?}", game.phase()),
    };
    format!("{situation}: {}", first_word(&format!("{action:?}")))
}

fn first_word(debug: &str) -> String {
    debug.split(['(', ' ', '{']).next().unwrap_or(debug).to_string()
}
