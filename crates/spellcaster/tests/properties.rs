//! The kernel's property tests on Spellcaster: 10,000 seeded random games for each of 2, 3 and 4
//! Mages (no panic, every card in exactly one place, legal actions until the end, replay, undo and
//! save/load equal to live play), and the greedy computer's balance over 10,000 duels.

use std::sync::Arc;

use spellcaster::{Action, Colour, Config, Spellcaster, Spells, computer};
use spellhall_core::testkit::{
    PlayoutOptions, determinisation_playouts, playouts_with, privacy_playouts, random_playouts,
};
use spellhall_core::{Game, Seat};

/// The kit holds content in an `Arc`, and Spellcaster's content is itself an `Arc<Spells>` (every
/// game shares one spell list).
#[allow(clippy::redundant_allocation)]
fn spells() -> Arc<Arc<Spells>> {
    Arc::new(Arc::new(Spells::shipped().expect("the shipped spells load")))
}

fn random_games(mages: u8) {
    let report = random_playouts::<Spellcaster>(
        &Config { mages },
        &spells(),
        usize::from(mages),
        &PlayoutOptions::new(10_000, 2_000),
    )
    .unwrap_or_else(|failure| panic!("{mages} Mages: {failure}"));
    assert_eq!(report.games, 10_000);
    println!(
        "{mages} Mages, random play: {} games, {} actions, median {} turns",
        report.games,
        report.actions,
        report.median_turns()
    );
}

#[test]
fn properties_hold_over_10_000_random_duels() {
    random_games(2);
}

#[test]
fn properties_hold_over_10_000_random_three_mage_games() {
    random_games(3);
}

#[test]
fn properties_hold_over_10_000_random_four_mage_games() {
    random_games(4);
}

/// Greedy against greedy, 10,000 duels: the Mage who begins wins 45-55 % of the games that have a
/// winner, every colour gets played, and the median game lasts 15 to 40 turns.
#[test]
fn greedy_duels_are_balanced() {
    let spells = spells();
    let mut first_wins = 0u32;
    let mut decided = 0u32;
    let mut played = [0u64; 4];
    let mut turns = Vec::new();
    let options = PlayoutOptions::new(10_000, 3_000);
    let mut first_seat = Seat(0);
    let mut games_seen = 0;
    let report = playouts_with::<Spellcaster, _>(&Config { mages: 2 }, &spells, 2, &options, |game, legal, rng| {
        if game.turn_number() == 1 && game.actions_left() == 2 && game.pending().is_none() {
            first_seat = game.turn_seat();
            games_seen += 1;
        }
        let seat = game.to_act().seat().expect("a seat decides");
        let pick = computer::greedy_choice(&game.view(seat), legal, game.spells(), rng);
        if let Action::Play(card) = &legal[pick] {
            played[game.spells().get(*card).colour.index()] += 1;
        }
        // Record the result when the chosen action ends the game.
        let mut after = game.clone();
        if after.apply(&legal[pick]).is_ok()
            && let Some(outcome) = after.outcome()
        {
            turns.push(after.turn_number());
            if !outcome.winners.is_empty() {
                decided += 1;
                if outcome.winners.contains(&first_seat) {
                    first_wins += 1;
                }
            }
        }
        pick
    })
    .unwrap_or_else(|failure| panic!("{failure}"));
    assert_eq!(report.games, 10_000);
    assert_eq!(games_seen, 10_000);
    turns.sort_unstable();
    let median = turns[turns.len() / 2];
    let rate = f64::from(first_wins) / f64::from(decided);
    println!(
        "greedy duels: first Mage won {first_wins} of {decided} decided games ({:.1} %), {} draws, median {median} turns, \
         cards played by colour (R, Y, B, G) {played:?}",
        rate * 100.0,
        report.draws
    );
    assert!(
        (0.45..=0.55).contains(&rate),
        "the first Mage wins {:.1} %",
        rate * 100.0
    );
    assert!((15..=40).contains(&median), "median game {median} turns");
    for colour in Colour::ALL {
        assert!(played[colour.index()] > 0, "{colour:?} was never played");
    }
}

/// The hot-seat promise: re-dealing the other hands and the deck leaves a Mage's view unchanged,
/// at every 5th decision of random games of 2, 3 and 4 Mages.
#[test]
fn views_hide_what_their_seat_cannot_see() {
    for mages in 2..=4u8 {
        let report = privacy_playouts::<Spellcaster>(&Config { mages }, &spells(), &PlayoutOptions::new(60, 2_000), 5)
            .unwrap_or_else(|failure| panic!("{mages} Mages: {failure}"));
        assert!(
            report.moved > report.checks / 2,
            "{mages} Mages: the re-deal moved too little: {report:?}"
        );
    }
}

/// What the computer looks ahead in: a game sampled from a Mage's view shows that Mage the same
/// view, keeps every card in one place and accepts every action legal in the real game.
#[test]
fn a_game_sampled_from_a_view_agrees_with_it() {
    for mages in 2..=4u8 {
        let report =
            determinisation_playouts::<Spellcaster>(&Config { mages }, &spells(), &PlayoutOptions::new(60, 2_000), 5)
                .unwrap_or_else(|failure| panic!("{mages} Mages: {failure}"));
        assert!(report.moved > 0, "{mages} Mages: {report:?}");
    }
}
