//! The strong player on the kernel's test game Tally, whose hands and deck are hidden: it decides
//! from its view alone, is deterministic under an iteration budget, and does not think about
//! forced moves.

use spellhall_core::testkit::{Tally, TallyAction, TallyConfig};
use spellhall_core::{Game, GameRng, Redeal, Seat};
use spellhall_search::{SearchBudget, search};

/// A game two draws in, with the first seat to decide between drawing and banking.
fn midgame(seed: u64) -> Tally {
    let mut game = Tally::new(&TallyConfig::default(), &(), seed).unwrap();
    game.apply(&TallyAction::Draw).unwrap();
    game.apply(&TallyAction::Draw).unwrap();
    game
}

#[test]
fn worlds_the_seat_cannot_tell_apart_get_the_same_decision() {
    let budget = SearchBudget::iterations(300);
    for seed in 0..10 {
        let game = midgame(seed);
        let seat = game.to_act().seat().unwrap();
        let mut other_world = game.clone();
        other_world.redeal_hidden_from(seat, &mut GameRng::new(seed + 100));
        assert_eq!(other_world.view(seat), game.view(seat));
        let legal = game.legal_actions();
        let here = search::<Tally>(&game.view(seat), &legal, &(), &mut GameRng::new(seed), &budget);
        let there = search::<Tally>(&other_world.view(seat), &legal, &(), &mut GameRng::new(seed), &budget);
        assert_eq!(here, there, "seed {seed}: the hidden cards changed the search");
    }
}

#[test]
fn an_iteration_budget_gives_the_same_choice_for_the_same_seed() {
    let game = midgame(3);
    let seat = game.to_act().seat().unwrap();
    let legal = game.legal_actions();
    let budget = SearchBudget::iterations(200);
    let first = search::<Tally>(&game.view(seat), &legal, &(), &mut GameRng::new(9), &budget);
    let second = search::<Tally>(&game.view(seat), &legal, &(), &mut GameRng::new(9), &budget);
    assert_eq!(first, second);
    assert_eq!(first.1.iterations, 200);
    assert_eq!(
        first.1.visits.iter().sum::<u32>(),
        200,
        "every iteration passes through one root action"
    );
}

#[test]
fn a_forced_move_is_taken_without_searching() {
    let legal = vec![TallyAction::Draw];
    let game = Tally::new(&TallyConfig::default(), &(), 1).unwrap();
    let (pick, report) = search::<Tally>(
        &game.view(Seat(0)),
        &legal,
        &(),
        &mut GameRng::new(1),
        &SearchBudget::strong(),
    );
    assert_eq!(pick, 0);
    assert_eq!(report.iterations, 0);
}
