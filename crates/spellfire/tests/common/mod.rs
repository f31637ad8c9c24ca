//! Shared helpers for the engine's tests: the shipped content, loaded once, and tables of starter
//! decks.
#![allow(dead_code)]

use std::sync::{Arc, OnceLock};

use spellfire::{CardRef, Config, Content, Rules, deck::starter_decks};

pub fn content() -> Arc<Content> {
    static CONTENT: OnceLock<Arc<Content>> = OnceLock::new();
    Arc::clone(CONTENT.get_or_init(|| Arc::new(Content::shipped().expect("the shipped content loads"))))
}

/// The twelve 1st Edition starter decks' card lists, in the order A-1 … F-2.
pub fn starters() -> Vec<Vec<CardRef>> {
    starter_decks()
        .expect("the starter decks load")
        .into_iter()
        .map(|d| d.cards)
        .collect()
}

/// A table of `seats` starter decks, picked from the twelve by `pick` (a seed), each deck once.
pub fn starter_table(seats: usize, pick: u64) -> Config {
    let decks = starters();
    let mut order: Vec<usize> = (0..decks.len()).collect();
    let mut state = pick.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for i in (1..order.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        order.swap(i, (state % (i as u64 + 1)) as usize);
    }
    Config {
        format: "55-starter".into(),
        decks: order[..seats].iter().map(|&i| decks[i].clone()).collect(),
        rules: Rules::default(),
    }
}

/// The table the throughput benchmark deals for game `seed` (`crates/throughput`): `players` of
/// the `starters` in turn, a different run of them each game.
pub fn table_in_turn(starters: &[Vec<CardRef>], players: usize, seed: u64) -> Config {
    Config {
        format: "55-starter".into(),
        decks: (0..players)
            .map(|i| starters[(seed as usize * players + i) % starters.len()].clone())
            .collect(),
        rules: Rules::default(),
    }
}

/// Formation positions by letter, for `realm(A, ...)` and `Position(A)`.
pub const A: u8 = 0;
pub const B: u8 = 1;
pub const C: u8 = 2;
pub const D: u8 = 3;
pub const E: u8 = 4;
pub const F: u8 = 5;

/// The first two seats.
pub const P1: spellhall_core::Seat = spellhall_core::Seat(0);
pub const P2: spellhall_core::Seat = spellhall_core::Seat(1);

/// The first player's `champion` attacks the second player's realm at `at` (a position letter).
pub fn attack_p2(champion: spellfire::CardId, at: u8) -> spellfire::Action {
    spellfire::Action::Attack {
        champion,
        defender: P2,
        at: spellfire::Position(at),
    }
}

/// `setup` with each player's hand added: `hands[0]` the first player's, `hands[1]` the second's.
pub fn with_hands(mut setup: spellfire::TestGame, hands: [&[&str]; 2]) -> spellfire::TestGame {
    for (seat, hand) in hands.iter().enumerate() {
        for card in *hand {
            setup = setup.hand(seat as u8, [*card]);
        }
    }
    setup
}

/// The first player's `attacker` (from his pool) attacks the second player's realm at A, which
/// the second player's `defender` defends: a round about to be fought.
pub fn attack_and_defend(game: &mut spellfire::Spellfire, attacker: &str, defender: &str) {
    apply(game, attack_p2(game.id_of(0, attacker), A));
    let champion = game.id_of(1, defender);
    apply(game, spellfire::Action::Defend { champion });
}

/// Both sides' totals in the round now: the attacker's, then the defender's.
pub fn totals(game: &spellfire::Spellfire) -> (i32, i32) {
    (
        total(game, spellfire::Side::Attacker),
        total(game, spellfire::Side::Defender),
    )
}

/// Apply an action through the same path the table uses; a refusal fails the test. The action may
/// name cards of the game (`play!(game, Action::ToPool(game.id_of(0, "Elminster the Mage")))`).
#[macro_export]
macro_rules! play {
    ($game:expr, $action:expr $(,)?) => {{
        let action = $action;
        common::apply(&mut $game, action)
    }};
}

/// Apply an action the engine must accept and offer (in `legal()`, or `claimants()` for a claim:
/// the table's buttons), then check the engine's invariants; its events.
pub fn apply(game: &mut spellfire::Spellfire, action: spellfire::Action) -> Vec<spellfire::Event> {
    let words = game.describe(&action);
    let offered = match action {
        spellfire::Action::Claim(seat) => game.claimants().contains(&seat),
        _ => game.legal().contains(&action),
    };
    assert!(offered, "{words} is not offered: {:?}", game.legal());
    let events = game
        .apply_action(&action)
        .unwrap_or_else(|e| panic!("{words} was refused: {} ({})", e.reason, e.rule));
    if let Err(broken) = spellhall_core::Game::check_invariants(game) {
        panic!("after {words}: {broken}");
    }
    events
}

/// An action the engine must refuse, and must not offer either; the refusal.
pub fn refused(game: &spellfire::Spellfire, action: spellfire::Action) -> spellhall_core::RuleError {
    assert!(!game.legal().contains(&action), "{action:?} is offered");
    game.check(&action).expect_err("the action is refused")
}

/// A side's total in the round now.
pub fn total(game: &spellfire::Spellfire, side: spellfire::Side) -> i32 {
    game.total(side).expect("a side in the round").value()
}

/// Everyone lets the event just played be, until its pause is over.
pub fn all_pass(game: &mut spellfire::Spellfire) {
    while matches!(game.pending(), Some(spellfire::Pending::EventPause(_))) {
        apply(game, spellfire::Action::Pass);
    }
}

/// The shipped content with a test's own set file (`path`, `ron`) loaded beside the shipped sets.
pub fn content_with(path: &str, ron: &str) -> Arc<Content> {
    let mut files = spellfire::shipped_files();
    files.push(spellhall_core::content::SourceFile::embedded(path, ron));
    let catalogue = spellfire::Catalogue::load(&files).expect("the test cards load");
    let shipped = spellfire::shipped_content();
    Arc::new(Content {
        catalogue,
        formats: shipped.formats.clone(),
        starters: shipped.starters.clone(),
    })
}

/// The names of the champions in `seat`'s pool, in order.
pub fn pool_names(game: &spellfire::Spellfire, seat: spellhall_core::Seat) -> Vec<String> {
    game.player(seat)
        .pool
        .iter()
        .map(|c| game.name(c.card).to_string())
        .collect()
}

/// The names of the cards in `seat`'s discard pile, bottom first.
pub fn discard_names(game: &spellfire::Spellfire, seat: spellhall_core::Seat) -> Vec<String> {
    game.player(seat)
        .discard
        .iter()
        .map(|&c| game.name(c).to_string())
        .collect()
}
