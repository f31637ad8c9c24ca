//! Random legal playouts of every game on one core, with the kernel's `play_randomly`: actions a
//! second, side by side. `cargo bench -p spellhall-throughput [-- SECONDS]` (2 s a row unless
//! told). A figure to read, not a timed test.
//!
//! Each row gives actions per wall-clock second and per second of the thread's CPU time (read
//! from Linux's `/proc/thread-self/schedstat`): on a machine shared with other work the wall
//! clock counts the time the thread waited for a core, the CPU time does not.

use std::sync::Arc;
use std::time::{Duration, Instant};

use spellhall_core::Game;
use spellhall_core::testkit::play_randomly;

/// What one row measured.
struct Row {
    games: u64,
    actions: u64,
    wall: f64,
    /// Seconds of this thread's CPU time, where the system tells it.
    cpu: Option<f64>,
}

/// This thread's CPU time so far, in seconds (Linux: the first field of `schedstat`, in ns).
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}

/// Play fresh games from seed 1 on, dealt by `deal`, until `budget` has passed (dealing included,
/// as a search that plays out from new positions pays it too).
fn measure<G: Game>(budget: Duration, deal: impl Fn(u64) -> G) -> Row {
    let (start, cpu_start) = (Instant::now(), thread_cpu_seconds());
    let (mut games, mut actions) = (0u64, 0u64);
    while start.elapsed() < budget {
        games += 1;
        actions += play_randomly(deal(games), games) as u64;
    }
    let wall = start.elapsed().as_secs_f64();
    let cpu = cpu_start.zip(thread_cpu_seconds()).map(|(from, to)| to - from);
    Row {
        games,
        actions,
        wall,
        cpu,
    }
}

fn main() {
    // `cargo bench` passes `--bench`; a number among the arguments is the seconds per row.
    let seconds: f64 = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(2.0);
    let budget = Duration::from_secs_f64(seconds);

    let mighty = Arc::new(mighty_magics::Cards::shipped().expect("Mighty Magics cards"));
    let spells = Arc::new(spellcaster::Spells::shipped().expect("Spellcaster spells"));
    let doom = Arc::new(spells_of_doom::Content::shipped().expect("Spells of Doom content"));
    let fire = Arc::new(spellfire::Content::shipped().expect("Spellfire content"));
    let starters: Vec<_> = spellfire::deck::starter_decks()
        .expect("Spellfire starter decks")
        .into_iter()
        .map(|deck| deck.cards)
        .collect();
    let doom_heroes = ["magie", "hypnor", "byron", "oakheart"];

    let mut rows: Vec<(String, Row)> = Vec::new();
    for players in [2u8, 4] {
        let config = mighty_magics::Config {
            players,
            short_attacks: false,
        };
        let row = measure(budget, |seed| {
            mighty_magics::MightyMagics::new(&config, &mighty, seed).expect("setup")
        });
        rows.push((format!("Mighty Magics, {players} players"), row));

        let config = spellcaster::Config { mages: players };
        let row = measure(budget, |seed| {
            spellcaster::Spellcaster::new(&config, &spells, seed).expect("setup")
        });
        rows.push((format!("Spellcaster, {players} players"), row));

        let row = measure(budget, |seed| {
            // Heroes in turn, so every Hero plays.
            let heroes = (0..usize::from(players))
                .map(|i| doom_heroes[(seed as usize + i) % doom_heroes.len()].to_string())
                .collect();
            let config = spells_of_doom::Config { heroes };
            spells_of_doom::SpellsOfDoom::new(&config, &doom, seed).expect("setup")
        });
        rows.push((format!("Spells of Doom, {players} players"), row));

        let row = measure(budget, |seed| {
            // Starter decks in turn.
            let decks = (0..usize::from(players))
                .map(|i| starters[(seed as usize * usize::from(players) + i) % starters.len()].clone())
                .collect();
            let config = spellfire::Config {
                format: "55-starter".into(),
                decks,
                rules: spellfire::Rules::default(),
            };
            spellfire::Spellfire::new(&config, &fire, seed).expect("setup")
        });
        rows.push((format!("Spellfire (starter decks), {players} players"), row));
    }

    println!("\nRandom playouts on one core ({seconds} s a row)\n");
    println!("| game | games | actions | actions/s (wall clock) | actions per CPU-second |");
    println!("|---|---:|---:|---:|---:|");
    for (name, row) in &rows {
        let per_cpu = row
            .cpu
            .map_or_else(|| "?".to_string(), |cpu| format!("{:.0}", row.actions as f64 / cpu));
        println!(
            "| {name} | {} | {} | {:.0} | {per_cpu} |",
            row.games,
            row.actions,
            row.actions as f64 / row.wall
        );
    }
}
