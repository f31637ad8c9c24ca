//! Saves written by earlier builds still load. A save replays its log and compares a fingerprint
//! of the state it reaches (`spellhall_core::save`): a change to how the state is laid out or
//! numbered (an engine speed-up, say) would make every saved game refuse to load.

mod common;

use std::sync::Arc;

use spellfire::Spellfire;
use spellhall_core::{Game, SaveFile, SeatInfo, Session};

/// A 4-player starter game 300 random actions in, saved by the build of 2026-12-02 (`6e0c299`).
const SAVE_OF_6E0C299: &str = include_str!("fixtures/spellfire-save-6e0c299.ron");

type SpellfireSave = SaveFile<<Spellfire as Game>::Config, <Spellfire as Game>::Action>;

/// The fixture's game, played afresh: the same config, seed and random legal actions.
fn fresh_session() -> Session<Spellfire> {
    let seats = (1..=4).map(|n| SeatInfo::person(format!("Seat {n}"))).collect();
    let mut session =
        Session::<Spellfire>::new(seats, common::starter_table(4, 17), Arc::new(common::content()), 17).expect("setup");
    let mut pick = 17u64;
    for _ in 0..300 {
        if session.to_act().seat().is_none() {
            break;
        }
        let actions = session.state().legal_actions();
        pick = pick
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let action = actions[(pick >> 33) as usize % actions.len()].clone();
        session.act(action).expect("a legal action");
    }
    session
}

#[test]
fn a_save_of_an_earlier_build_loads_and_reaches_the_same_state() {
    let save: SpellfireSave = ron::from_str(SAVE_OF_6E0C299).expect("the fixture parses");
    let loaded =
        Session::<Spellfire>::from_save(save.clone(), Arc::new(common::content())).expect("the old save loads");
    assert_eq!(loaded.log().len(), save.log.len());
    // The same game played today saves to the same text.
    let today = ron::to_string(&fresh_session().to_save()).expect("serialises");
    assert_eq!(today, ron::to_string(&save).expect("serialises"));
}
