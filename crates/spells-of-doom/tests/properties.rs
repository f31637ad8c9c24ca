//! The kernel's property tests on the engine's core: seeded random games of 2 players and of 2
//! teams of 2 (no panic, every card in one place, legal actions until the end, replay, undo and
//! save/load equal to live play). 10,000 games each; `SOD_GAMES` overrides the count.

use std::sync::Arc;

use spellhall_core::testkit::{PlayoutOptions, determinisation_playouts, privacy_playouts, random_playouts};
use spells_of_doom::{Config, Content, SpellsOfDoom};

/// The kit holds content in an `Arc`, and the game's content is itself an `Arc<Content>`.
#[allow(clippy::redundant_allocation)]
fn content() -> Arc<Arc<Content>> {
    Arc::new(Arc::new(Content::shipped().expect("content")))
}

fn games() -> u64 {
    std::env::var("SOD_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000)
}

fn random_games(heroes: &[&str]) {
    let config = Config {
        heroes: heroes.iter().map(|h| h.to_string()).collect(),
    };
    let games = games();
    let report =
        random_playouts::<SpellsOfDoom>(&config, &content(), heroes.len(), &PlayoutOptions::new(games, 50_000))
            .unwrap_or_else(|failure| panic!("{heroes:?}: {failure}"));
    assert_eq!(report.games, games);
    println!(
        "{heroes:?}, random play: {} games, {} actions, median {} actions / {} turns, {} draws",
        report.games,
        report.actions,
        report.median_actions(),
        report.median_turns(),
        report.draws
    );
}

#[test]
fn properties_hold_over_random_two_player_games() {
    random_games(&["magie", "byron"]);
}

#[test]
fn properties_hold_over_random_four_player_games() {
    random_games(&["magie", "byron", "oakheart", "hypnor"]);
}
