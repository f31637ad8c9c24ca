//! A search nobody wants the answer of any more stops: its budget's cancel flag, set from another
//! thread, ends it before its next iteration, long before its iterations run out.

use std::time::{Duration, Instant};

use spellhall_core::testkit::{Tally, TallyAction, TallyConfig};
use spellhall_core::{Game, GameRng};
use spellhall_search::{Cancel, SearchBudget, search};

/// A game two draws in, where the seat to act has a real choice.
fn midgame() -> Tally {
    let mut game = Tally::new(&TallyConfig::default(), &(), 5).unwrap();
    game.apply(&TallyAction::Draw).unwrap();
    game.apply(&TallyAction::Draw).unwrap();
    game
}

#[test]
fn a_cancelled_search_stops_before_its_budget_ends() {
    let game = midgame();
    let seat = game.to_act().seat().unwrap();
    let view = game.view(seat);
    let legal = game.legal_actions();
    assert!(legal.len() > 1, "a real choice");
    let cancel = Cancel::default();
    // Iterations without end, and a clock far longer than a cancelled search takes (it keeps a
    // search that ignores the flag from hanging the test).
    let budget = SearchBudget {
        time: Some(Duration::from_secs(20)),
        cancel: cancel.clone(),
        ..SearchBudget::iterations(u32::MAX)
    };
    let started = Instant::now();
    let thinking = std::thread::spawn(move || search::<Tally>(&view, &legal, &(), &mut GameRng::new(1), &budget));
    std::thread::sleep(Duration::from_millis(50));
    assert!(!thinking.is_finished(), "the search thinks on until it is cancelled");
    cancel.cancel();
    let (_, report) = thinking.join().unwrap();
    assert!(report.iterations > 0, "it searched before it was cancelled");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "it stopped soon after the flag was set, not at its clock: {:?}",
        started.elapsed()
    );
}

#[test]
fn a_search_cancelled_before_it_starts_reads_nothing() {
    let game = midgame();
    let seat = game.to_act().seat().unwrap();
    let budget = SearchBudget::iterations(1_000);
    budget.cancel.cancel();
    let (pick, report) = search::<Tally>(
        &game.view(seat),
        &game.legal_actions(),
        &(),
        &mut GameRng::new(1),
        &budget,
    );
    assert_eq!(report.iterations, 0);
    assert!(
        pick < game.legal_actions().len(),
        "it still answers with a legal action"
    );
}
