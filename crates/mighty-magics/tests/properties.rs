//! The kernel's property tests on Mighty Magics: 10,000 seeded random games of 2, 4 and 6 players
//! (no panic, every card in exactly one place, all 60 counters accounted for, legal actions until
//! the end, replay, undo and save/load equal to live play), and the greedy computer's balance.

use std::sync::Arc;

use mighty_magics::{Action, Cards, Config, MightyMagics, computer};
use spellhall_core::testkit::{
    PlayoutOptions, determinisation_playouts, playouts_with, privacy_playouts, random_playouts,
};
use spellhall_core::{Game, Seat};

/// The kit holds content in an `Arc`, and the game's content is itself an `Arc<Cards>`.
#[allow(clippy::redundant_allocation)]
fn cards() -> Arc<Arc<Cards>> {
    Arc::new(Arc::new(Cards::shipped().expect("the shipped deck loads")))
}

/// 10,000 games; `MM_GAMES` overrides it for a quick look while developing.
fn games() -> u64 {
    std::env::var("MM_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000)
}

fn random_games(players: u8, short_attacks: bool, games: u64) {
    random_games_from(players, short_attacks, 0, games);
}

/// Seeds `first_seed..first_seed + games`. The largest tables are played in two halves, two tests
/// the harness runs side by side: the same games, on both cores instead of one long tail on one.
fn random_games_from(players: u8, short_attacks: bool, first_seed: u64, games: u64) {
    let config = Config { players, short_attacks };
    let options = PlayoutOptions {
        first_seed,
        ..PlayoutOptions::new(games, 100_000)
    };
    let report = random_playouts::<MightyMagics>(&config, &cards(), usize::from(players), &options)
        .unwrap_or_else(|failure| panic!("{players} players: {failure}"));
    assert_eq!(report.games, games);
    assert_eq!(report.draws, 0, "every game has a winner");
    println!(
        "{players} players{}, random play: {} games, {} actions, median {} actions / {} turns",
        if short_attacks { " (short attacks)" } else { "" },
        report.games,
        report.actions,
        report.median_actions(),
        report.median_turns()
    );
}

#[test]
fn properties_hold_over_10_000_random_two_player_games() {
    random_games(2, false, games());
}

#[test]
fn properties_hold_over_10_000_random_four_player_games() {
    random_games(4, false, games());
}

#[test]
fn properties_hold_over_10_000_random_six_player_games_first_half() {
    random_games_from(6, false, 0, games() / 2);
}

#[test]
fn properties_hold_over_10_000_random_six_player_games_second_half() {
    let all = games();
    random_games_from(6, false, all / 2, all - all / 2);
}

#[test]
fn properties_hold_with_the_short_attack_rule() {
    random_games(3, true, 2_000);
}

/// Greedy against greedy, 10,000 two-player games: the player who begins wins 45-55 %, and games
/// end (median length reported).
#[test]
fn greedy_two_player_games_are_balanced() {
    let games = games();
    let mut first_wins = 0u64;
    let mut turns = Vec::new();
    let mut magics_played = 0u64;
    let config = Config {
        players: 2,
        short_attacks: false,
    };
    let report = playouts_with::<MightyMagics, _>(
        &config,
        &cards(),
        2,
        &PlayoutOptions::new(games, 20_000),
        |game, legal, rng| {
            let seat = game.to_act().seat().expect("a seat decides");
            let pick = computer::greedy_choice(&game.view(seat), legal, game.cards(), rng);
            if matches!(legal[pick], Action::Cast { .. }) {
                magics_played += 1;
            }
            let mut after = game.clone();
            if after.apply(&legal[pick]).is_ok()
                && let Some(outcome) = after.outcome()
            {
                turns.push(after.turn_number());
                if outcome.winners.contains(&Seat(0)) {
                    first_wins += 1;
                }
            }
            pick
        },
    )
    .unwrap_or_else(|failure| panic!("{failure}"));
    assert_eq!(report.games, games);
    assert_eq!(turns.len() as u64, games, "every game ends with a winner");
    turns.sort_unstable();
    let median = turns[turns.len() / 2];
    let rate = first_wins as f64 / games as f64;
    println!(
        "greedy 2-player games: the first player won {first_wins} of {games} ({:.1} %), median {median} turns \
         ({} actions), {magics_played} Mighty Magics played",
        rate * 100.0,
        report.median_actions()
    );
    assert!(
        (0.45..=0.55).contains(&rate),
        "the first player wins {:.1} %",
        rate * 100.0
    );
}

/// The hot-seat promise: re-dealing the other hands and the deck (but for what the seat's own
/// Divination showed it) leaves that seat's view unchanged, at every 17th decision of random games
/// of 2, 4 and 6 players. `MM_GAMES` shrinks it with the rest.
#[test]
fn views_hide_what_their_seat_cannot_see() {
    for players in [2u8, 4, 6] {
        let config = Config {
            players,
            short_attacks: false,
        };
        let report =
            privacy_playouts::<MightyMagics>(&config, &cards(), &PlayoutOptions::new(games().min(6), 5_000), 17)
                .unwrap_or_else(|failure| panic!("{players} players: {failure}"));
        assert!(
            report.moved > report.checks / 2,
            "{players} players: the re-deal moved too little: {report:?}"
        );
    }
}

/// The strong computer's promise: a game built from one seat's view alone (the other hands, the
/// deck under what Divination showed, the discard pile under its top and the counters to come
/// sampled) shows that seat the same view, keeps every invariant and offers the deciding seat the
/// same actions, each accepted, at every 5th decision of games of 2, 4 and 6 players.
#[test]
fn a_game_sampled_from_a_view_shows_that_view_and_offers_the_same_actions() {
    for players in [2u8, 4, 6] {
        let config = Config {
            players,
            short_attacks: players == 4,
        };
        let report =
            determinisation_playouts::<MightyMagics>(&config, &cards(), &PlayoutOptions::new(games().min(4), 5_000), 5)
                .unwrap_or_else(|failure| panic!("{players} players: {failure}"));
        assert!(report.moved > 0, "{players} players: {report:?}");
    }
}
