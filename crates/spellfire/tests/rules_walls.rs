//! Checklist section 11.4: walls and the champion that cannot carry on (SF-129, SF-132), with the
//! 1st Edition walls and Fly.

#[macro_use]
mod common;

use common::{attack_p2, refused};
use spellfire::{Action, Pending, Phase, Position, Spellfire, TestGame, realm};
use spellhall_core::Seat;

/// Seat 0's `attacker` attacks seat 1's Cormyr; `defender` defends and is losing, with `wall` in
/// hand.
fn walled_by(defender: &str, attacker: &str, attacker_hand: &[&str], wall: &str) -> Spellfire {
    let mut builder = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [(attacker, &[][..])])
        .formation(1, [realm(0, "Cormyr")])
        .pool(1, [(defender, &[][..])])
        .hand(1, [wall]);
    for card in attacker_hand {
        builder = builder.hand(0, [*card]);
    }
    let mut game = builder.build();
    play!(game, attack_p2(game.id_of(0, attacker), 0));
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, defender)
        }
    );
    assert_eq!(game.decider(), Some(Seat(1)), "the defender is losing");
    let wall = game.player(Seat(1)).hand[0];
    play!(game, Action::UseCard(wall));
    game
}

/// Maligor the Red, a level 3 wizard, defends.
fn walled(attacker: &str, attacker_hand: &[&str], wall: &str) -> Spellfire {
    walled_by("Maligor the Red", attacker, attacker_hand, wall)
}

#[test]
fn sf_129_sf_209_we_25_a_wall_stops_the_attacker_without_spoils() {
    let mut game = walled("Mordenkainen", &[], "1st/335");
    assert!(matches!(game.pending(), Some(Pending::Walled { seat: Seat(0), .. })));
    play!(game, Action::Pass);
    let mordenkainen = game.id_of(0, "Mordenkainen");
    assert!(game.battle().is_none(), "the battle is over");
    assert!(
        game.player(Seat(0)).pool.iter().any(|c| c.card == mordenkainen),
        "back to his pool"
    );
    assert!(game.player(Seat(0)).discard.is_empty(), "nothing was discarded");
    assert!(game.pending().is_none(), "no spoils for anyone");
    assert!(
        game.player(Seat(1))
            .formation
            .slot(Position(0))
            .is_some_and(|s| !s.razed)
    );
    assert_eq!(
        game.player(Seat(1)).discard,
        vec![game.id_of(1, "Wall of Fire")],
        "the wall is used up"
    );
}

#[test]
fn sf_132_a_walled_attacker_may_answer_with_one_card_that_lets_him_go_on() {
    let mut game = walled("Mordenkainen", &["Fly"], "1st/335");
    let fly = game.id_of(0, "Fly");
    assert!(game.legal().contains(&Action::UseCard(fly)));
    play!(game, Action::UseCard(fly));
    assert!(game.pending().is_none());
    assert!(game.battle().is_some(), "he flies over the wall and the round goes on");
    // Mordenkainen (7) against Maligor with the wall's bonus (3 + 3): the defender is losing again.
    assert_eq!(game.decider(), Some(Seat(1)));
}

#[test]
fn sf_129_a_wall_of_level_lets_strong_enough_attackers_cross() {
    // The cleric's Wall of Fire stops attackers under level 4 only: Mordenkainen (7) crosses.
    let game = walled_by("Karlott the Shaman", "Mordenkainen", &[], "1st/364");
    assert!(game.pending().is_none());
    assert!(game.battle().is_some());
}

#[test]
fn sf_129_only_the_defending_side_raises_a_wall() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Maligor the Red", &[][..])])
        .hand(0, ["Wall of Iron"])
        .formation(1, [realm(0, "Cormyr")])
        .pool(1, [("Elminster the Mage", &[][..])])
        .build();
    play!(game, attack_p2(game.id_of(0, "Maligor the Red"), 0));
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, "Elminster the Mage")
        }
    );
    let wall = game.id_of(0, "Wall of Iron");
    assert_eq!(refused(&game, Action::UseCard(wall)).rule, "SF-129");
    assert!(!game.legal().contains(&Action::UseCard(wall)));
}

#[test]
fn we_26_fly_answers_a_wall_even_while_losing() {
    // The Magister (4), no flyer, attacks; Maligor the Red (3) defends, is losing, and raises the
    // Wall of Fire (+3): only flyers may attack across it. The Magister is now losing 4 to 6, yet
    // he may answer with Fly as his one card.
    let mut game = walled("The Magister", &["Fly"], "1st/335");
    assert!(matches!(game.pending(), Some(Pending::Walled { seat: Seat(0), .. })));
    let fly = game.id_of(0, "Fly");
    play!(game, Action::UseCard(fly));
    assert!(game.pending().is_none());
    assert!(game.battle().is_some(), "a flyer now, he carries on fighting");
    assert_eq!(
        (
            common::total(&game, spellfire::Side::Attacker),
            common::total(&game, spellfire::Side::Defender)
        ),
        (4, 6)
    );
    assert_eq!(game.decider(), Some(Seat(0)), "still losing, he plays next");
}
