//! Checklist sections 11.5 and 11.6: powers that act when a round begins, in the order of
//! activation, and the one reply to an instant defeat — with Lovely Colleen (she wins at once
//! against a monster) and the Living Scroll (it defeats a hero or cleric at once, and is defeated
//! at once by a wizard or monster).

#[macro_use]
mod common;

use common::refused;
use spellfire::combat::Side;
use spellfire::formation::Position;
use spellfire::scenario::{TestGame, realm};
use spellfire::{Action, BattleStep, Pending, Phase, Spellfire};
use spellhall_core::Seat;

/// Seat 0 attacks seat 1's Cormyr with `attacker` from the pool; seat 1 defends with `defender`.
fn round(attacker: &str, defender: &str, defender_hand: &[&str]) -> Spellfire {
    let mut builder = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [(attacker, &[][..]), ("Elminster the Mage", &[][..])])
        .formation(1, [realm(0, "Cormyr")])
        .pool(1, [(defender, &[][..])]);
    for card in defender_hand {
        builder = builder.hand(1, [*card]);
    }
    let mut game = builder.build();
    play!(
        game,
        Action::Attack {
            champion: game.id_of(0, attacker),
            defender: Seat(1),
            at: Position(0)
        }
    );
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, defender)
        }
    );
    game
}

fn threat(game: &Spellfire) -> Option<(Seat, Side)> {
    match game.pending() {
        Some(Pending::InstantDefeat(threat)) => Some((threat.seat, threat.victim)),
        _ => None,
    }
}

#[test]
fn sf_110_sf_136_sf_141_we_12_the_attackers_power_acts_first_and_wins_outright() {
    // Colleen (a hero) against the Living Scroll (a monster that defeats heroes): her power acts
    // first, so the Scroll is defeated before its own power can act.
    let mut game = round("Lovely Colleen", "Living Scroll", &[]);
    assert_eq!(
        threat(&game),
        Some((Seat(1), Side::Defender)),
        "seat 1 may reply first (SF-134)"
    );
    assert_eq!(game.decider(), Some(Seat(1)));
    play!(game, Action::Pass);
    let scroll = game.id_of(1, "Living Scroll");
    let colleen = game.id_of(0, "Lovely Colleen");
    assert_eq!(game.player(Seat(1)).discard, vec![scroll]);
    assert!(
        game.player(Seat(0)).pool.iter().any(|c| c.card == colleen),
        "Colleen goes home"
    );
    assert!(
        game.player(Seat(1))
            .formation
            .slot(Position(0))
            .is_some_and(|s| !s.razed),
        "not razed"
    );
    assert_eq!(
        game.battle().map(|b| b.step),
        Some(BattleStep::NextAttacker),
        "seat 0 may go on"
    );
}

#[test]
fn sf_109_the_defenders_power_acts_when_the_attackers_does_not_end_the_round() {
    // The Scroll is defeated at once by a wizard: its own power, in the defender's step.
    let mut game = round("Maligor the Red", "Living Scroll", &[]);
    assert_eq!(threat(&game), Some((Seat(1), Side::Defender)));
    play!(game, Action::Pass);
    assert_eq!(game.player(Seat(1)).discard, vec![game.id_of(1, "Living Scroll")]);
    // Against a hero, the Scroll's power defeats the attacker: the battle is over.
    let mut game = round("Joliet the Rash", "Living Scroll", &[]);
    assert_eq!(threat(&game), Some((Seat(0), Side::Attacker)));
    play!(game, Action::Pass);
    assert!(game.battle().is_none());
    assert_eq!(game.player(Seat(0)).discard, vec![game.id_of(0, "Joliet the Rash")]);
    assert!(
        matches!(game.pending(), Some(Pending::Spoils { seat: Seat(1), .. })),
        "the defender's spoils"
    );
}

#[test]
fn sf_134_the_player_about_to_lose_his_champion_may_first_play_one_card() {
    let mut game = round("Lovely Colleen", "Living Scroll", &["Good Fortune"]);
    let fortune = game.id_of(1, "Good Fortune");
    assert!(game.legal().contains(&Action::PlayEvent(fortune)));
    play!(game, Action::PlayEvent(fortune));
    common::all_pass(&mut game);
    assert_eq!(game.player(Seat(1)).hand.len(), 5, "the reply acted");
    // One reply only; the condition still holds, so the defeat lands.
    assert_eq!(game.legal(), vec![Action::Pass]);
    play!(game, Action::Pass);
    assert!(game.player(Seat(1)).discard.contains(&game.id_of(1, "Living Scroll")));
}

#[test]
fn sf_135_the_reply_must_remove_the_condition_or_be_an_event() {
    let game = round("Lovely Colleen", "Living Scroll", &["The Iron Legion"]);
    let ally = game.id_of(1, "The Iron Legion");
    assert!(!game.legal().contains(&Action::PlayAlly(ally)));
    assert_eq!(refused(&game, Action::PlayAlly(ally)).rule, "SF-134, SF-135");
}
