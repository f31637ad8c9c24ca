//! The strong player against each game's greedy one, seats swapped game by game:
//! `cargo run --release -p spellhall-search --example strong_vs_greedy -- GAME [GAMES] [ITERATIONS] [THREADS] [FIRST]`
//! where GAME is spellcaster, mighty-magics, spells-of-doom or spellfire (default: 100 games,
//! 1,000 iterations a decision, 2 threads, games numbered from FIRST = 0). Every player decides from
//! its own seat's view. A figure to read, not a test.
//!
//! Game `n` is dealt from seed `n`, so a run can be split into shards (`500 … 0` as `250 … 0` and
//! `250 … 250`) or resumed after a cut from the game it reached; the per-game lines on stderr add up
//! to the same figures.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use spellhall_core::{Determinise, Game, GameRng, Seat};
use spellhall_search::{SearchBudget, Strong};

/// A view-only player: an index into the legal actions.
type Chooser<G> = fn(&<G as Game>::View, &[<G as Game>::Action], &<G as Game>::Content, &mut GameRng) -> usize;

/// A game's strong player, as each rules crate gives it ([`Strong::strong_choice`]).
type Searcher<G> =
    fn(&<G as Game>::View, &[<G as Game>::Action], &<G as Game>::Content, &mut GameRng, &SearchBudget) -> usize;

/// The two players of a duel.
struct Players<G: Game> {
    strong: Searcher<G>,
    greedy: Chooser<G>,
}

/// The CPU time this thread has used, in nanoseconds (Linux's schedstat; `None` elsewhere): the
/// example runs beside other work, so a decision's wall time says less than its CPU time.
fn thread_cpu_nanos() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

#[derive(Default)]
struct Tally {
    games: AtomicU64,
    wins: AtomicU64,
    draws: AtomicU64,
    decisions: AtomicU64,
    thinking_micros: AtomicU64,
    slowest_micros: AtomicU64,
}

/// Play `games` games; in game `n` the strong player sits in seat `n % seats`, every other seat greedy.
fn duel<G>(
    first: u64,
    games: u64,
    threads: u64,
    budget: &SearchBudget,
    content: &G::Content,
    deal: &(dyn Fn(u64) -> G + Sync),
    players: Players<G>,
) -> Tally
where
    G: Determinise + Send,
    G::Content: Sync,
{
    let tally = Tally::default();
    let players = &players;
    // TRACE=N prints the strong player's choices in game N beside the greedy player's.
    let trace: Option<u64> = std::env::var("TRACE").ok().and_then(|n| n.parse().ok());
    std::thread::scope(|scope| {
        for thread in 0..threads {
            let tally = &tally;
            scope.spawn(move || {
                for n in (first + thread..first + games).step_by(threads as usize) {
                    let game_started = Instant::now();
                    let mut thinking = 0;
                    let mut decisions = 0;
                    let (mut cpu_nanos, mut cpu_slowest) = (0, 0);
                    let mut game = deal(n);
                    let strong = Seat((n % game.seat_count() as u64) as u8);
                    let mut rng = GameRng::new(n.wrapping_mul(0x9e37_79b9));
                    let mut actions = 0;
                    while let Some(seat) = game.to_act().seat() {
                        let legal = game.legal_actions();
                        if legal.is_empty() {
                            // A rules bug (only a finished game offers nothing): say so, count no win.
                            eprintln!("game {n}: {seat} to act has no legal action ({})", game.status().phase);
                            break;
                        }
                        let view = game.view(seat);
                        let pick = if seat == strong {
                            let started = Instant::now();
                            let cpu_started = thread_cpu_nanos();
                            let pick = (players.strong)(&view, &legal, content, &mut rng, budget);
                            let micros = started.elapsed().as_micros() as u64;
                            if let (Some(start), Some(end)) = (cpu_started, thread_cpu_nanos()) {
                                cpu_nanos += end - start;
                                cpu_slowest = cpu_slowest.max(end - start);
                            }
                            tally.decisions.fetch_add(1, Ordering::Relaxed);
                            tally.thinking_micros.fetch_add(micros, Ordering::Relaxed);
                            tally.slowest_micros.fetch_max(micros, Ordering::Relaxed);
                            thinking += micros;
                            decisions += 1;
                            pick
                        } else {
                            (players.greedy)(&view, &legal, content, &mut rng)
                        };
                        if trace == Some(n) && seat == strong {
                            let g = (players.greedy)(&view, &legal, content, &mut GameRng::new(1));
                            eprintln!(
                                "{seat} {} of {}: {} | greedy: {}",
                                pick,
                                legal.len(),
                                game.describe_action(&legal[pick]),
                                game.describe_action(&legal[g])
                            );
                        }
                        game.apply(&legal[pick]).expect("a legal action is accepted");
                        actions += 1;
                        if actions > 20_000 {
                            eprintln!("game {n}: stopped after {actions} actions without an end");
                            break;
                        }
                    }
                    let result = match game.outcome().map(|o| o.winners) {
                        Some(winners) if winners.contains(&strong) => {
                            tally.wins.fetch_add(1, Ordering::Relaxed);
                            "won"
                        }
                        Some(winners) if winners.is_empty() => {
                            tally.draws.fetch_add(1, Ordering::Relaxed);
                            "drew"
                        }
                        Some(_) => "lost",
                        None => "did not finish",
                    };
                    // A running count on stderr, so that a long run cut short still tells something.
                    let done = tally.games.fetch_add(1, Ordering::Relaxed) + 1;
                    eprintln!(
                        "game {n} (strong in {strong}): strong {result}; {} won of {done} so far; \
                         {actions} actions, {decisions} strong decisions, {:.1} ms mean, {:.0} s the game; \
                         slowest decision so far {:.2} s; cpu {:.1} ms mean, {:.1} ms slowest",
                        tally.wins.load(Ordering::Relaxed),
                        thinking as f64 / 1000.0 / decisions.max(1) as f64,
                        game_started.elapsed().as_secs_f64(),
                        tally.slowest_micros.load(Ordering::Relaxed) as f64 / 1e6,
                        cpu_nanos as f64 / 1e6 / decisions.max(1) as f64,
                        cpu_slowest as f64 / 1e6,
                    );
                }
            });
        }
    });
    tally
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("spellcaster", String::as_str);
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let iterations: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1_000);
    let threads: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(2);
    let first: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(0);
    // Each game's strong player cuts its playouts where its own judgement takes over.
    let budget = SearchBudget::iterations(iterations);
    let started = Instant::now();
    let tally = match game {
        "spellcaster" => {
            use spellcaster::{Spellcaster, computer};
            let spells = Arc::new(spellcaster::Spells::shipped().expect("Spellcaster spells"));
            let config = spellcaster::Config { mages: 2 };
            let deal = |seed| Spellcaster::new(&config, &spells, seed).expect("setup");
            let players = Players::<Spellcaster> {
                strong: Spellcaster::strong_choice,
                greedy: computer::greedy_choice,
            };
            duel(first, games, threads, &budget, &spells, &deal, players)
        }
        "spells-of-doom" => {
            use spells_of_doom::{SpellsOfDoom, computer};
            let content = Arc::new(spells_of_doom::Content::shipped().expect("Spells of Doom content"));
            let heroes = ["magie", "byron", "oakheart", "hypnor"];
            let deal = |seed: u64| {
                // Every pairing of Heroes in turn, each Hero in each seat.
                let a = (seed / 2) as usize % 4;
                let b = (a + 1 + (seed / 8) as usize % 3) % 4;
                let heroes = vec![heroes[a].to_string(), heroes[b].to_string()];
                SpellsOfDoom::new(&spells_of_doom::Config { heroes }, &content, seed).expect("setup")
            };
            let players = Players::<SpellsOfDoom> {
                strong: SpellsOfDoom::strong_choice,
                greedy: computer::greedy_choice,
            };
            duel(first, games, threads, &budget, &content, &deal, players)
        }
        "mighty-magics" => {
            use mighty_magics::{MightyMagics, computer};
            let cards = Arc::new(mighty_magics::Cards::shipped().expect("Mighty Magics cards"));
            let config = mighty_magics::Config {
                players: 2,
                short_attacks: false,
            };
            let deal = |seed| MightyMagics::new(&config, &cards, seed).expect("setup");
            let players = Players::<MightyMagics> {
                strong: MightyMagics::strong_choice,
                // The greedy player takes the content as `&Cards`; the game's is `Arc<Cards>`.
                greedy: |view, legal, cards, rng| computer::greedy_choice(view, legal, cards, rng),
            };
            duel(first, games, threads, &budget, &cards, &deal, players)
        }
        "spellfire" => {
            use spellfire::{Spellfire, computer};
            let content = Arc::new(spellfire::Content::shipped().expect("Spellfire content"));
            let starters: Vec<Vec<spellfire::CardRef>> = spellfire::deck::starter_decks()
                .expect("the starter decks")
                .into_iter()
                .map(|deck| deck.cards)
                .collect();
            let deal = |seed: u64| {
                // Every pairing of two different starter decks in turn, each deck in each seat.
                let count = starters.len() as u64;
                let a = (seed / 2) % count;
                let b = (a + 1 + (seed / (2 * count)) % (count - 1)) % count;
                let config = spellfire::Config {
                    format: "55-starter".into(),
                    decks: vec![starters[a as usize].clone(), starters[b as usize].clone()],
                    rules: spellfire::Rules::default(),
                };
                Spellfire::new(&config, &content, seed).expect("setup")
            };
            let players = Players::<Spellfire> {
                strong: Spellfire::strong_choice,
                // The greedy player takes the content as `&Content`; the game's is `Arc<Content>`.
                greedy: |view, legal, content, rng| computer::greedy_choice(view, legal, content, rng),
            };
            duel(first, games, threads, &budget, &content, &deal, players)
        }
        other => {
            eprintln!("unknown game {other}: spellcaster, mighty-magics, spells-of-doom or spellfire");
            std::process::exit(2);
        }
    };
    let wins = tally.wins.load(Ordering::Relaxed);
    let draws = tally.draws.load(Ordering::Relaxed);
    let decisions = tally.decisions.load(Ordering::Relaxed).max(1);
    let mean = Duration::from_micros(tally.thinking_micros.load(Ordering::Relaxed) / decisions);
    let slowest = Duration::from_micros(tally.slowest_micros.load(Ordering::Relaxed));
    println!(
        "{game}: strong ({iterations} iterations) won {wins} of {games} (games {first} to {}) against greedy ({:.1} %), {draws} drawn; \
         {decisions} decisions, {mean:?} mean, {slowest:?} slowest; {:.0} s in all",
        first + games - 1,
        100.0 * wins as f64 / games as f64,
        started.elapsed().as_secs_f64()
    );
}
