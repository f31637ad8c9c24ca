//! The kernel's property tests on the engine's core: seeded random games of 2 players and of 2
//! teams of 2 (no panic, every card in one place, legal actions until the end, replay, undo and
//! save/load equal to live play). 10,000 games each; `SOD_GAMES` overrides the count.

use std::sync::Arc;

use spellhall_core::testkit::{PlayoutOptions, determinisation_playouts, privacy_playouts, random_playouts};
use spellhall_core::{Game, GameRng};
use spells_of_doom::{Config, Content, Phase, SpellsOfDoom};

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

/// The hot-seat promise: re-dealing every card hidden from a seat (the other hands, Reserves,
/// face-down Terrain cards, discard piles and decks, and its own deck's order) leaves its view
/// unchanged, at every 5th decision of random 2- and 4-player games.
#[test]
fn views_hide_what_their_seat_cannot_see() {
    for heroes in [&["magie", "byron"][..], &["magie", "byron", "oakheart", "hypnor"]] {
        let config = Config {
            heroes: heroes.iter().map(|h| h.to_string()).collect(),
        };
        let report =
            privacy_playouts::<SpellsOfDoom>(&config, &content(), &PlayoutOptions::new(games().min(20), 50_000), 5)
                .unwrap_or_else(|failure| panic!("{heroes:?}: {failure}"));
        assert!(
            report.moved > report.checks / 2,
            "{heroes:?}: the re-deal moved too little: {report:?}"
        );
    }
}

/// What the computer reads the board from: a game sampled from a seat's view shows that seat the
/// same view, keeps every card in one place and accepts every action legal in the real game.
#[test]
fn a_game_sampled_from_a_view_agrees_with_it() {
    for heroes in [&["magie", "byron"][..], &["magie", "byron", "oakheart", "hypnor"]] {
        let config = Config {
            heroes: heroes.iter().map(|h| h.to_string()).collect(),
        };
        let report = determinisation_playouts::<SpellsOfDoom>(
            &config,
            &content(),
            &PlayoutOptions::new(games().min(20), 50_000),
            5,
        )
        .unwrap_or_else(|failure| panic!("{heroes:?}: {failure}"));
        assert!(report.moved > 0, "{heroes:?}: {report:?}");
    }
}

/// `legal_actions` is made fast family by family; the rules' list is the one `check` accepts
/// (`legal_by_check`). The two are the same list, in the same order, at every decision of random
/// games of 2 players (every pair of Heroes in turn) and of 4, 2,000 of each (`SOD_GAMES` caps
/// it): the Hero phase, the upkeep's payment, the mulligans and the response windows (each
/// met), and a random pick from that list is accepted by `check`.
#[test]
fn legal_actions_are_the_candidates_check_accepts() {
    let content = Content::shipped().expect("content");
    let content = Arc::new(content);
    let heroes = ["magie", "byron", "oakheart", "hypnor"];
    let games = games().min(2_000);
    let mut decisions = 0u64;
    // Decisions met in each phase (`Phase`'s order: mulligan, upkeep payment, Hero, window).
    let mut met = [0u64; 4];
    for players in [2usize, 4] {
        for seed in 0..games {
            // Two players: every pair of Heroes, each in either seat; four: the seats rotate.
            let step = if players == 2 { 1 + seed as usize / 4 % 3 } else { 1 };
            let config = Config {
                heroes: (0..players)
                    .map(|i| heroes[(seed as usize + i * step) % 4].to_string())
                    .collect(),
            };
            let mut game = SpellsOfDoom::new(&config, &content, seed).expect("setup");
            let mut rng = GameRng::new(seed);
            while game.to_act().seat().is_some() {
                let fast = game.legal_actions();
                let by_check = game.legal_by_check();
                assert_eq!(fast, by_check, "{config:?}, seed {seed}, after {decisions} decisions");
                match game.phase() {
                    Phase::Mulligan { .. } => met[0] += 1,
                    Phase::PayTokens => met[1] += 1,
                    Phase::Hero => met[2] += 1,
                    Phase::Response { .. } => met[3] += 1,
                    Phase::Over => {}
                }
                let pick = &fast[rng.below(fast.len())];
                game.check(pick).expect("a legal action is accepted");
                game.apply(pick).expect("a legal action is applied");
                decisions += 1;
            }
        }
    }
    assert!(decisions > games * 100, "{decisions} decisions");
    // Every phase's list was compared; the upkeep's payment comes only with tokens and mana.
    assert!(met[0] >= games * 2 && met[2] > games * 50 && met[3] > 0, "{met:?}");
}
