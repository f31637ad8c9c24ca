//! Saves written by earlier builds still load. A save replays its log and compares a fingerprint
//! of the state it reaches (`spellhall_core::save`): a change to how actions or the state are
//! laid out (an engine speed-up, say) must not make a saved game refuse to load.

mod common;

use std::sync::Arc;

use spellhall_core::{Game, SaveFile, SeatInfo, Session};
use spells_of_doom::{Action, SpellsOfDoom};

/// Hypnor against Oakheart, a whole game of random actions from seed 23 (145 actions: the first
/// player keeps his opening hand, the second shuffles one card back), saved by the build of
/// 2026-12-03 (`5e54c3e`), before `MulliganCards` replaced the mulligan's `Vec`.
const SAVE_OF_5E54C3E: &str = include_str!("fixtures/spells-of-doom-save-5e54c3e.ron");

type DoomSave = SaveFile<<SpellsOfDoom as Game>::Config, <SpellsOfDoom as Game>::Action>;

/// The fixture's game, played afresh: the same config, seed and random legal actions.
fn fresh_session() -> Session<SpellsOfDoom> {
    let seats = ["Ann", "Ben"].map(SeatInfo::person).to_vec();
    let config = common::config(&["hypnor", "oakheart"]);
    let mut session = Session::<SpellsOfDoom>::new(seats, config, Arc::new(common::content()), 23).expect("setup");
    let mut pick = 23u64;
    for _ in 0..200 {
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
    let save: DoomSave = ron::from_str(SAVE_OF_5E54C3E).expect("the fixture parses");
    let mulligans: Vec<usize> = save
        .log
        .iter()
        .filter_map(|record| match &record.action {
            Action::Mulligan { cards } => Some(cards.len()),
            _ => None,
        })
        .collect();
    assert_eq!(mulligans, [0, 1], "a mulligan of no card and one of a card");
    let loaded =
        Session::<SpellsOfDoom>::from_save(save.clone(), Arc::new(common::content())).expect("the old save loads");
    assert_eq!(loaded.log().len(), save.log.len());
    // The same game played today saves to the same text.
    let today = ron::to_string(&fresh_session().to_save()).expect("serialises");
    assert_eq!(today, ron::to_string(&save).expect("serialises"));
}
