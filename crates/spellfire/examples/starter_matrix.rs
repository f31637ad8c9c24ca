//! Win rates of the twelve 1st Edition starter decks against each other: for every pair, GAMES
//! 2-player games between greedy players (`computer::greedy_choice`, each seat from its own view),
//! half with the row deck in seat 1 and half in seat 2. Prints a 12×12 table of the row deck's win
//! percentage against each column deck, each deck's overall win percentage, and the draws,
//! deck-outs and unfinished games. A figure, not a test: the decks are as printed.
//!
//! `cargo run --release -p spellfire --example starter_matrix -- [GAMES] [SEED] [THREADS]`
//! (defaults 200, 1, 2). Each game's seed comes from SEED, the pair and the game's number, so the
//! table is the same whatever the number of threads.

use std::sync::Arc;

use spellfire::deck::starter_decks;
use spellfire::{Config, Content, Rules, Spellfire, computer};
use spellhall_core::{Game, GameRng, Seat};

/// A game that has not ended after this many actions counts as unfinished.
const MAX_ACTIONS: usize = 20_000;

/// How one game ended, for the row deck `first` against `second`.
#[derive(Clone, Copy, Default)]
struct Tally {
    first_wins: u32,
    second_wins: u32,
    draws: u32,
    /// Games decided because a draw pile ran out (counted in the wins and draws too).
    deck_outs: u32,
    unfinished: u32,
}

/// Play one game between deck `a` and deck `b`, `a` in seat 1 when `a_first`; the winner's deck
/// (0 for `a`, 1 for `b`), `None` for a draw or an unfinished game, and whether a pile ran out.
fn play(
    content: &Arc<Content>,
    decks: [&[spellfire::CardRef]; 2],
    a_first: bool,
    seed: u64,
) -> (Option<usize>, bool, bool) {
    let seats = if a_first { [0, 1] } else { [1, 0] };
    let config = Config {
        format: "55-starter".into(),
        decks: seats.iter().map(|&d| decks[d].to_vec()).collect(),
        rules: Rules::default(),
    };
    let mut game = Spellfire::new(&config, content, seed).expect("the starter decks set up");
    let mut rng = GameRng::new(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut actions = 0;
    while let Some(seat) = game.to_act().seat() {
        if actions >= MAX_ACTIONS {
            return (None, false, false);
        }
        let legal = game.legal_actions();
        let pick = computer::greedy_choice(&game.view(seat), &legal, content, &mut rng);
        game.apply(&legal[pick]).expect("a legal action is accepted");
        actions += 1;
    }
    let outcome = game.outcome().expect("a game that stops has an outcome");
    let deck_out = outcome.reason.contains("draw pile ran out");
    let winner = match outcome.winners.as_slice() {
        [Seat(s)] => Some(seats[usize::from(*s)]),
        _ => None,
    };
    (winner, deck_out, true)
}

/// Every pair's games, `a` against `b`: half with `a` in seat 1.
fn pair(content: &Arc<Content>, decks: &[Vec<spellfire::CardRef>], a: usize, b: usize, games: u32, seed: u64) -> Tally {
    let mut tally = Tally::default();
    for n in 0..games {
        let game_seed = seed
            .wrapping_mul(0x1000_0000_01b3)
            .wrapping_add((a as u64) << 40 | (b as u64) << 32 | u64::from(n));
        let (winner, deck_out, finished) = play(content, [&decks[a], &decks[b]], n % 2 == 0, game_seed);
        match (winner, finished) {
            (_, false) => tally.unfinished += 1,
            (Some(0), _) => tally.first_wins += 1,
            (Some(_), _) => tally.second_wins += 1,
            (None, _) => tally.draws += 1,
        }
        tally.deck_outs += u32::from(deck_out);
    }
    tally
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2).max(1);
    let content = Arc::new(Content::shipped().expect("the shipped content loads"));
    let starters = starter_decks().expect("the starter decks load");
    // "1st Edition Starter A-1" → "A-1".
    let names: Vec<String> = starters
        .iter()
        .map(|d| d.name.rsplit(' ').next().unwrap_or(&d.name).to_string())
        .collect();
    let decks: Vec<Vec<spellfire::CardRef>> = starters.into_iter().map(|d| d.cards).collect();
    let n = decks.len();
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).collect();

    let started = std::time::Instant::now();
    let mut results = vec![Tally::default(); pairs.len()];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (content, decks, pairs) = (&content, &decks, &pairs);
                scope.spawn(move || {
                    (t..pairs.len())
                        .step_by(threads)
                        .map(|i| (i, pair(content, decks, pairs[i].0, pairs[i].1, games, seed)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for handle in handles {
            for (i, tally) in handle.join().expect("a worker finishes") {
                results[i] = tally;
            }
        }
    });
    let elapsed = started.elapsed();

    // wins[a][b]: games deck a won against deck b; played[a][b]: games between them.
    let mut wins = vec![vec![0u32; n]; n];
    let mut played = vec![vec![0u32; n]; n];
    let mut total = Tally::default();
    for (&(a, b), t) in pairs.iter().zip(&results) {
        wins[a][b] = t.first_wins;
        wins[b][a] = t.second_wins;
        played[a][b] = games;
        played[b][a] = games;
        total.first_wins += t.first_wins;
        total.second_wins += t.second_wins;
        total.draws += t.draws;
        total.deck_outs += t.deck_outs;
        total.unfinished += t.unfinished;
    }
    let percent = |part: u32, whole: u32| 100.0 * f64::from(part) / f64::from(whole.max(1));

    println!(
        "Starter decks, greedy against greedy: {games} games a pair (seats swapped half way), seed {seed}; the row deck's win %"
    );
    println!();
    let mut header = String::from("| deck |");
    for name in &names {
        header.push_str(&format!(" {name} |"));
    }
    header.push_str(" overall |");
    println!("{header}");
    println!("|---|{}---:|", "---:|".repeat(n));
    for a in 0..n {
        let mut row = format!("| {} |", names[a]);
        for b in 0..n {
            if a == b {
                row.push_str(" — |");
            } else {
                row.push_str(&format!(" {:.0} |", percent(wins[a][b], played[a][b])));
            }
        }
        let (won, all) = (wins[a].iter().sum(), played[a].iter().sum());
        row.push_str(&format!(" **{:.1}** |", percent(won, all)));
        println!("{row}");
    }
    println!();
    let all_games = games * pairs.len() as u32;
    println!(
        "{all_games} games: {} draws, {} decided by a draw pile running out, {} unfinished after {MAX_ACTIONS} actions; {:.1} s",
        total.draws,
        total.deck_outs,
        total.unfinished,
        elapsed.as_secs_f64()
    );
}
