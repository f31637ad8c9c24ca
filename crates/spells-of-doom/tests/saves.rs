//! Saves written by earlier builds still load. A save replays its log and compares a fingerprint
//! of the state it reaches (`spellhall_core::save`): a change to how actions or the state are
//! laid out (an engine speed-up, say) must not make a saved game refuse to load.

mod common;

use std::sync::Arc;

use spellhall_core::testkit::saves::{act_randomly, assert_earlier_save_holds};
use spellhall_core::{SeatInfo, Session};
use spells_of_doom::{Action, SpellsOfDoom};

/// Hypnor against Oakheart, a whole game of random actions from seed 23 (145 actions: the first
/// player keeps his opening hand, the second shuffles one card back), saved by the build of
/// 2026-12-03 (`5e54c3e`), before `MulliganCards` replaced the mulligan's `Vec`.
const SAVE_OF_5E54C3E: &str = include_str!("fixtures/spells-of-doom-save-5e54c3e.ron");

/// The fixture's game, played afresh: the same config, seed and random legal actions.
fn fresh_session() -> Session<SpellsOfDoom> {
    let seats = ["Ann", "Ben"].map(SeatInfo::person).to_vec();
    let config = common::config(&["hypnor", "oakheart"]);
    let mut session = Session::<SpellsOfDoom>::new(seats, config, Arc::new(common::content()), 23).expect("setup");
    act_randomly(&mut session, 200, 23);
    session
}

#[test]
fn a_save_of_an_earlier_build_loads_and_reaches_the_same_state() {
    let save = assert_earlier_save_holds(SAVE_OF_5E54C3E, Arc::new(common::content()), &fresh_session());
    let mulligans: Vec<usize> = save
        .log
        .iter()
        .filter_map(|record| match &record.action {
            Action::Mulligan { cards } => Some(cards.len()),
            _ => None,
        })
        .collect();
    assert_eq!(mulligans, [0, 1], "a mulligan of no card and one of a card");
}
