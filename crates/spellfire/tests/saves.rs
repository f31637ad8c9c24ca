//! Saves written by earlier builds still load. A save replays its log and compares a fingerprint
//! of the state it reaches (`spellhall_core::save`): a change to how the state is laid out or
//! numbered (an engine speed-up, say) would make every saved game refuse to load.

mod common;

use std::sync::Arc;

use spellfire::Spellfire;
use spellhall_core::testkit::saves::{act_randomly, assert_earlier_save_holds};
use spellhall_core::{SeatInfo, Session};

/// A 4-player starter game 300 random actions in, saved by the build of 2026-12-02 (`6e0c299`).
const SAVE_OF_6E0C299: &str = include_str!("fixtures/spellfire-save-6e0c299.ron");

/// The fixture's game, played afresh: the same config, seed and random legal actions.
fn fresh_session() -> Session<Spellfire> {
    let seats = (1..=4).map(|n| SeatInfo::person(format!("Seat {n}"))).collect();
    let mut session =
        Session::<Spellfire>::new(seats, common::starter_table(4, 17), Arc::new(common::content()), 17).expect("setup");
    act_randomly(&mut session, 300, 17);
    session
}

#[test]
fn a_save_of_an_earlier_build_loads_and_reaches_the_same_state() {
    assert_earlier_save_holds(SAVE_OF_6E0C299, Arc::new(common::content()), &fresh_session());
}
