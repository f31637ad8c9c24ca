//! Greedy duels: 2-player games between random 1st Edition starter decks, each seat deciding with
//! `computer::greedy_choice` from its own view and the legal actions only. Prints the first
//! seat's (the one that takes turn 1) win rate, the draws, and the median length of a game.
//!
//! `cargo run --release -p spellfire --example greedy_duels -- [GAMES] [greedy|random]`
//!
//! `greedy` (the default): greedy against greedy. `random`: greedy against a player that picks
//! uniformly among the legal actions, the greedy seat alternating between the two seats.

use std::sync::Arc;

use spellfire::{Action, Content, Spellfire, computer};
use spellhall_core::{Game, GameRng, Seat};

#[path = "../tests/common/mod.rs"]
mod common;

/// A game that has not ended after this many actions counts as unfinished.
const MAX_ACTIONS: usize = 20_000;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    GreedyBoth,
    GreedyAgainstRandom,
}

struct Result {
    /// The seat that took turn 1 (after any mulligan).
    first: Seat,
    winners: Vec<Seat>,
    actions: usize,
    turns: u32,
    finished: bool,
    /// Attacks declared, by either seat.
    attacks: usize,
    /// Why the game ended, with the seats left out.
    reason: String,
}

fn play(content: &Arc<Content>, game_number: u64, mode: Mode) -> Result {
    let config = common::starter_table(2, game_number);
    let seed = 0x5eed_0000 + game_number;
    let mut game = Spellfire::new(&config, content, seed).expect("setup");
    let mut rng = GameRng::new(seed ^ 0x9e37_79b9_7f4a_7c15);
    let greedy_seat = Seat((game_number % 2) as u8);
    let mut first = game.active();
    let mut actions = 0;
    let mut attacks = 0;
    while let Some(seat) = game.to_act().seat() {
        if actions >= MAX_ACTIONS {
            break;
        }
        let legal = game.legal_actions();
        let pick = if mode == Mode::GreedyBoth || seat == greedy_seat {
            computer::greedy_choice(&game.view(seat), &legal, content, &mut rng)
        } else {
            rng.below(legal.len())
        };
        attacks += usize::from(matches!(legal[pick], Action::Attack { .. }));
        game.apply(&legal[pick]).expect("a legal action is accepted");
        actions += 1;
        if game.turn() == 1 {
            // A mulligan deals again and finds the first player again.
            first = game.active();
        }
    }
    let outcome = game.outcome();
    Result {
        first,
        winners: outcome.as_ref().map(|o| o.winners.clone()).unwrap_or_default(),
        actions,
        turns: game.turn(),
        finished: outcome.is_some(),
        attacks,
        reason: outcome.map_or_else(
            || "unfinished".to_string(),
            |o| o.reason.replace(|c: char| c.is_ascii_digit(), "n"),
        ),
    }
}

fn median<T: Copy + Ord>(mut values: Vec<T>) -> Option<T> {
    values.sort_unstable();
    values.get(values.len() / 2).copied()
}

fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2_000);
    let mode = match args.next().as_deref() {
        Some("random") => Mode::GreedyAgainstRandom,
        _ => Mode::GreedyBoth,
    };
    let content = Arc::new(Content::shipped().expect("the shipped content loads"));
    let started = std::time::Instant::now();
    let results: Vec<Result> = (0..games).map(|n| play(&content, n, mode)).collect();
    let elapsed = started.elapsed();

    let n = results.len();
    let unfinished = results.iter().filter(|r| !r.finished).count();
    let draws = results.iter().filter(|r| r.finished && r.winners.len() != 1).count();
    let first_wins = results.iter().filter(|r| r.winners == [r.first]).count();
    let second_wins = results
        .iter()
        .filter(|r| r.winners.len() == 1 && r.winners[0] != r.first)
        .count();
    let actions: usize = results.iter().map(|r| r.actions).sum();
    let median_actions = median(results.iter().map(|r| r.actions).collect()).unwrap_or(0);
    let median_turns = median(results.iter().map(|r| r.turns).collect()).unwrap_or(0);

    match mode {
        Mode::GreedyBoth => println!("greedy against greedy, 2 players, random 1st Edition starter decks"),
        Mode::GreedyAgainstRandom => {
            println!("greedy against random, 2 players, random 1st Edition starter decks")
        }
    }
    println!("games:              {n}");
    println!("first-seat wins:    {first_wins} ({:.1}%)", percent(first_wins, n));
    println!("draws:              {draws} ({:.1}%)", percent(draws, n));
    println!("second-seat wins:   {second_wins} ({:.1}%)", percent(second_wins, n));
    if unfinished > 0 {
        println!("unfinished after {MAX_ACTIONS} actions: {unfinished}");
    }
    println!("median length:      {median_actions} actions, {median_turns} turns");
    let attacks: usize = results.iter().map(|r| r.attacks).sum();
    println!(
        "attacks:            {:.1} a game (median {})",
        attacks as f64 / n.max(1) as f64,
        median(results.iter().map(|r| r.attacks).collect()).unwrap_or(0)
    );
    if mode == Mode::GreedyAgainstRandom {
        let greedy_seat = |i: usize| Seat((i % 2) as u8);
        let greedy_wins = results
            .iter()
            .enumerate()
            .filter(|(i, r)| r.winners == [greedy_seat(*i)])
            .count();
        let random_wins = results
            .iter()
            .enumerate()
            .filter(|(i, r)| r.winners.len() == 1 && r.winners[0] != greedy_seat(*i))
            .count();
        let greedy_first = results
            .iter()
            .enumerate()
            .filter(|(i, r)| r.first == greedy_seat(*i))
            .count();
        println!(
            "greedy wins:        {greedy_wins} ({:.1}%), random wins: {random_wins} ({:.1}%); greedy went first in {greedy_first}",
            percent(greedy_wins, n),
            percent(random_wins, n)
        );
    }
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for r in &results {
        match reasons.iter_mut().find(|(reason, _)| *reason == r.reason) {
            Some((_, count)) => *count += 1,
            None => reasons.push((r.reason.clone(), 1)),
        }
    }
    reasons.sort_by_key(|r| std::cmp::Reverse(r.1));
    for (reason, count) in reasons {
        println!("  {count:>5}  {reason}");
    }
    println!(
        "{actions} actions in {:.2} s ({:.0} actions a second, with a view per decision)",
        elapsed.as_secs_f64(),
        actions as f64 / elapsed.as_secs_f64()
    );
}
