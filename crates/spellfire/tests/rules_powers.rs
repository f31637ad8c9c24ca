//! Rules that only a card power can bring into play: immunities granted and taken by items,
//! artifacts and champions (section 16), the order in which attached cards act (SF-137, SF-138,
//! SF-232), spells and powers cancelled (SF-40, SF-157, SF-158) and a defender that cannot carry
//! on (SF-130). Each scenario uses the 1st Edition card that makes the rule matter.

#[macro_use]
mod common;

use common::total;
use spellfire::combat::Side;
use spellfire::formation::Position;
use spellfire::scenario::{TestGame, realm};
use spellfire::{Action, Phase, Spellfire};
use spellhall_core::Seat;

const NONE: &[&str] = &[];

/// Seat 0's `attacker` (with its items) attacks seat 1's realm `target` at A; seat 1's
/// `defender` (with its items) defends. `hands` are the two players' hands.
fn round(target: &str, attacker: (&str, &[&str]), defender: (&str, &[&str]), hands: [&[&str]; 2]) -> Spellfire {
    let mut builder = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [attacker])
        .formation(1, [realm(0, target)])
        .pool(1, [defender]);
    for (seat, hand) in hands.iter().enumerate() {
        for card in *hand {
            builder = builder.hand(seat as u8, [*card]);
        }
    }
    let mut game = builder.build();
    play!(
        game,
        Action::Attack {
            champion: game.id_of(0, attacker.0),
            defender: Seat(1),
            at: Position(0)
        }
    );
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, defender.0)
        }
    );
    game
}

fn totals(game: &Spellfire) -> (i32, i32) {
    (total(game, Side::Attacker), total(game, Side::Defender))
}

// Section 16: immunities.

#[test]
fn sf_180_an_items_bonus_is_ignored_by_an_immune_opponent_but_its_flight_stays() {
    // Mordenkainen (7) rides the Griffon (+2, its carrier flies) against Gib Htimsen (9), who is
    // immune to every magical item: the Griffon adds nothing.
    let mut game = round(
        "Waterdeep",
        ("Mordenkainen", &["Griffon"]),
        ("Gib Htimsen", NONE),
        [&["War Party"], &["1st/335"]],
    );
    assert_eq!(totals(&game), (7, 9));
    play!(game, Action::PlayAlly(game.id_of(0, "War Party")));
    assert_eq!(totals(&game), (11, 9), "the ally's +4 counts: it is not an item");
    // Gib casts a Wall of Fire by Waterdeep's leave; only flyers cross it, and the Griffon still
    // makes Mordenkainen fly, so the round goes on.
    play!(game, Action::UseCard(game.id_of(1, "Wall of Fire")));
    assert!(game.pending().is_none(), "no wall stops a flyer");
    assert!(game.battle().is_some_and(|b| b.attacking.is_some()));
}

#[test]
fn sf_182_an_immune_champion_ignores_an_opposing_artifacts_bonus() {
    // The Eye and Hand of Vecna: +5 attacking, +2 defending. An artifact has no Off/Def label.
    let game = round("Waterdeep", ("Mordenkainen", &["Eye and Hand of Vecna"]), ("Nenioc", NONE), [NONE, NONE]);
    assert_eq!(totals(&game), (12, 5), "7 + 5 against an ordinary defender");
    let game = round(
        "Waterdeep",
        ("Mordenkainen", &["Eye and Hand of Vecna"]),
        ("Gib Htimsen", NONE),
        [NONE, NONE],
    );
    assert_eq!(totals(&game), (7, 9), "Gib is immune to artifacts: the +5 does not count");
    // Defending, the artifact counts 2; against an immune attacker, nothing, whatever it is set to.
    let game = round("Waterdeep", ("Nenioc", NONE), ("Mordenkainen", &["Eye and Hand of Vecna"]), [NONE, NONE]);
    assert_eq!(totals(&game), (5, 9));
    let game = round(
        "Waterdeep",
        ("Gib Htimsen", NONE),
        ("Mordenkainen", &["Eye and Hand of Vecna"]),
        [NONE, NONE],
    );
    assert_eq!(totals(&game), (9, 7));
}

#[test]
fn sf_183_immune_to_magical_items_means_the_offensive_ones() {
    // Nenioc carries the Orb of Power (immune to magical items). Mordenkainen's Orb of Doom (+2,
    // offensive) does not count against him; his Shield of Destruction (+1, defensive) does.
    let game = round(
        "Waterdeep",
        ("Mordenkainen", &["Orb of Doom", "Shield of Destruction"]),
        ("Nenioc", &["Orb of Power"]),
        [NONE, NONE],
    );
    assert_eq!(totals(&game), (8, 5));
    let game = round(
        "Waterdeep",
        ("Mordenkainen", &["Orb of Doom", "Shield of Destruction"]),
        ("Nenioc", NONE),
        [NONE, NONE],
    );
    assert_eq!(totals(&game), (10, 5), "without the orb both count");
}

#[test]
fn sf_184_immune_to_defensive_cards_ignores_their_bonus() {
    // Gib Htimsen is immune to all magical items and spells, defensive ones too: neither the
    // Shield of Destruction (+1, defensive) nor the Orb of Doom counts against him.
    let game = round(
        "Waterdeep",
        ("Mordenkainen", &["Orb of Doom", "Shield of Destruction"]),
        ("Gib Htimsen", NONE),
        [NONE, NONE],
    );
    assert_eq!(totals(&game), (7, 9));
    // A defensive spell's bonus does not count against him either: the Wall of Iron (+3, defensive)
    // cast by the defending Mordenkainen at Waterdeep adds nothing against Gib, but its other
    // power acts: it stops him, a non-flyer, all the same.
    let mut game = round("Waterdeep", ("Gib Htimsen", NONE), ("Mordenkainen", NONE), [NONE, &["Wall of Iron"]]);
    assert_eq!(totals(&game), (9, 7));
    play!(game, Action::UseCard(game.id_of(1, "Wall of Iron")));
    assert!(matches!(game.pending(), Some(spellfire::Pending::Walled { .. })));
    assert_eq!(totals(&game), (9, 7), "the wall's bonus does not count against Gib");
}
