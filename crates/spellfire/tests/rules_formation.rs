//! Checklist sections 5–7: the formation, razing, rebuilding and replacing realms, holdings.

#[macro_use]
mod common;

use common::{A, B, C, D, E, F};

use spellfire::{Action, CardId, Event, Pending, Phase, Position, Spellfire, TestGame, realm};

#[test]
fn sf_50_a_new_realm_goes_to_the_frontmost_empty_row() {
    let game = TestGame::new(2)
        .hand(0, ["Waterdeep"])
        .formation(0, [realm(A, "Cormyr"), realm(C, "Sembia")])
        .build();
    let waterdeep = game.id_of(0, "Waterdeep");
    assert!(
        game.check(&Action::PlayRealm {
            card: waterdeep,
            at: Position(B)
        })
        .is_ok()
    );
    for at in [D, E, F] {
        let refused = game
            .check(&Action::PlayRealm {
                card: waterdeep,
                at: Position(at),
            })
            .unwrap_err();
        assert_eq!(refused.rule, "SF-50, SF-52");
    }
}

#[test]
fn we_3_a_hole_at_the_front_is_filled_first() {
    let game = TestGame::new(2)
        .hand(0, ["Waterdeep"])
        .formation(0, [realm(C, "Cormyr"), realm(D, "Sembia"), realm(E, "Calimshan")])
        .build();
    let waterdeep = game.id_of(0, "Waterdeep");
    assert!(
        game.check(&Action::PlayRealm {
            card: waterdeep,
            at: Position(A)
        })
        .is_ok()
    );
    for at in [B, F] {
        assert!(
            game.check(&Action::PlayRealm {
                card: waterdeep,
                at: Position(at)
            })
            .is_err()
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers for the scenarios below.

use spellhall_core::Seat;

use common::refused;

fn realm_at(card: CardId, at: u8) -> Action {
    Action::PlayRealm { card, at: Position(at) }
}

fn holding_at(card: CardId, at: u8) -> Action {
    Action::PlayHolding { card, at: Position(at) }
}

fn attack(champion: CardId, defender: u8, at: u8) -> Action {
    Action::Attack {
        champion,
        defender: Seat(defender),
        at: Position(at),
    }
}

/// The letters of the positions where `card` may be played now.
fn places(game: &Spellfire, card: CardId) -> String {
    (0..6u8)
        .filter(|&at| game.check(&realm_at(card, at)).is_ok())
        .map(|at| Position(at).letter())
        .collect()
}

/// The letters of `defender`'s realms that `champion` may attack now.
fn targets(game: &Spellfire, champion: CardId, defender: u8) -> String {
    (0..6u8)
        .filter(|&at| game.check(&attack(champion, defender, at)).is_ok())
        .map(|at| Position(at).letter())
        .collect()
}

/// The realm's name at a position of `seat`'s formation, "-" if empty, lower case if razed.
fn layout(game: &Spellfire, seat: u8) -> Vec<String> {
    let formation = &game.player(Seat(seat)).formation;
    formation
        .positions()
        .map(|at| match formation.slot(at) {
            None => "-".to_string(),
            Some(s) if s.razed => game.name(s.realm).to_lowercase(),
            Some(s) => game.name(s.realm).to_string(),
        })
        .collect()
}

fn names(game: &Spellfire, cards: &[CardId]) -> Vec<String> {
    cards.iter().map(|&c| game.name(c).to_string()).collect()
}

/// Six face-up Forgotten Realms realms for seat 1, to be attacked by seat 0 in phase 3.
fn six_realms() -> TestGame {
    TestGame::new(2).phase(Phase::Pool).hand(0, ["Marco Volo"]).formation(
        1,
        [
            realm(A, "Cormyr"),
            realm(B, "Sembia"),
            realm(C, "Vaasa"),
            realm(D, "Calimshan"),
            realm(E, "Thay"),
            realm(F, "Shadowdale"),
        ],
    )
}

/// Raze the named positions of seat 1's six realms.
fn six_realms_razed(razed: &str) -> Spellfire {
    let names = ["Cormyr", "Sembia", "Vaasa", "Calimshan", "Thay", "Shadowdale"];
    let realms: [_; 6] = std::array::from_fn(|i| {
        let r = realm(i as u8, names[i]);
        if razed.contains(Position(i as u8).letter()) {
            r.razed()
        } else {
            r
        }
    });
    TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Marco Volo"])
        .formation(1, realms)
        .build()
}

// ---------------------------------------------------------------------------------------------
// Section 5: the formation

#[test]
fn sf_48_six_positions_a_in_front_then_b_c_then_d_e_f() {
    let game = TestGame::new(2).hand(0, ["Waterdeep"]).build();
    let formation = &game.player(Seat(0)).formation;
    let letters: String = formation.positions().map(Position::letter).collect();
    assert_eq!(letters, "ABCDEF");
    let rows: Vec<usize> = formation.positions().map(Position::row).collect();
    assert_eq!(rows, [0, 1, 1, 2, 2, 2]);
    assert_eq!(game.view_for(Seat(1)).players[0].formation.len(), 6);
    let waterdeep = game.id_of(0, "Waterdeep");
    assert_eq!(
        refused(&game, realm_at(waterdeep, 6)).rule,
        "SF-48",
        "there is no position G"
    );
    assert_eq!(places(&game, waterdeep), "A", "the point of the pyramid comes first");
}

#[test]
fn sf_49_a_formation_never_holds_more_than_six_realms() {
    let mut game = TestGame::new(2)
        .hand(0, ["Waterdeep"])
        .formation(
            0,
            [
                realm(A, "Cormyr"),
                realm(B, "Sembia"),
                realm(C, "Vaasa"),
                realm(D, "Calimshan"),
                realm(E, "Thay").razed(),
                realm(F, "Shadowdale"),
            ],
        )
        .build();
    let waterdeep = game.id_of(0, "Waterdeep");
    // Only the razed realm can make room, by being replaced.
    assert_eq!(places(&game, waterdeep), "E");
    assert_eq!(refused(&game, realm_at(waterdeep, 6)).rule, "SF-48");
    play!(game, realm_at(waterdeep, E));
    assert_eq!(game.player(Seat(0)).formation.occupied(), 6);
    assert_eq!(
        layout(&game, 0),
        ["Cormyr", "Sembia", "Vaasa", "Calimshan", "Waterdeep", "Shadowdale"]
    );
    assert_eq!(names(&game, &game.player(Seat(0)).discard), ["Thay"]);
}

#[test]
fn sf_51_a_razed_realm_occupies_its_position() {
    let mut game = TestGame::new(2)
        .hand(0, ["Waterdeep"])
        .formation(0, [realm(A, "Cormyr").razed()])
        .build();
    let waterdeep = game.id_of(0, "Waterdeep");
    // A is taken, though razed: a new realm goes to B or C (or over the razed A, SF-64).
    assert_eq!(places(&game, waterdeep), "ABC");
    assert_eq!(refused(&game, realm_at(waterdeep, D)).rule, "SF-50, SF-52");
    play!(game, realm_at(waterdeep, C));
    assert_eq!(layout(&game, 0), ["cormyr", "-", "Waterdeep", "-", "-", "-"]);
    assert_eq!(game.player(Seat(0)).formation.occupied(), 2);
    // With B and C taken, one of them razed, the back row opens.
    let game = TestGame::new(2)
        .hand(0, ["Waterdeep"])
        .formation(0, [realm(A, "Cormyr"), realm(B, "Sembia").razed(), realm(C, "Vaasa")])
        .build();
    assert_eq!(places(&game, game.id_of(0, "Waterdeep")), "BDEF");
}

#[test]
fn sf_52_holes_in_front_are_filled_frontmost_first() {
    let game = TestGame::new(2)
        .hand(0, ["Waterdeep"])
        .formation(0, [realm(C, "Cormyr"), realm(D, "Sembia"), realm(E, "Vaasa")])
        .build();
    let waterdeep = game.id_of(0, "Waterdeep");
    assert_eq!(places(&game, waterdeep), "A", "A before the hole at B");
    for at in [B, F] {
        assert_eq!(refused(&game, realm_at(waterdeep, at)).rule, "SF-50, SF-52");
    }
    let game = TestGame::new(2)
        .hand(0, ["Waterdeep"])
        .formation(
            0,
            [
                realm(A, "Thay"),
                realm(C, "Cormyr"),
                realm(D, "Sembia"),
                realm(E, "Vaasa"),
            ],
        )
        .build();
    assert_eq!(
        places(&game, game.id_of(0, "Waterdeep")),
        "B",
        "then the hole at B, before F"
    );
}

#[test]
fn sf_52_replacing_a_razed_realm_while_a_hole_waits_is_a_table_option() {
    let layout_with_hole = |rules: fn(&mut spellfire::Rules)| {
        TestGame::new(2)
            .rules(rules)
            .hand(0, ["Waterdeep"])
            .formation(0, [realm(B, "Cormyr"), realm(C, "Sembia").razed()])
            .build()
    };
    // Our reading (AMB-22): the fill order governs empty positions only.
    let game = layout_with_hole(|_| {});
    assert_eq!(places(&game, game.id_of(0, "Waterdeep")), "AC");
    let game = layout_with_hole(|r| r.replace_while_hole = spellfire::ReplaceWhileHole::Forbidden);
    let waterdeep = game.id_of(0, "Waterdeep");
    assert_eq!(places(&game, waterdeep), "A");
    assert_eq!(refused(&game, realm_at(waterdeep, C)).rule, "AMB-22");
}

#[test]
fn sf_53_realms_keep_their_positions_when_others_leave() {
    // A's razed realm is replaced and B was discarded long ago: nothing moves up.
    let mut game = TestGame::new(2)
        .hand(0, ["Waterdeep"])
        .formation(
            0,
            [
                realm(A, "Thay").razed(),
                realm(C, "Cormyr"),
                realm(E, "Sembia"),
                realm(F, "Vaasa"),
            ],
        )
        .build();
    play!(game, realm_at(game.id_of(0, "Waterdeep"), A));
    play!(game, Action::EndPhase);
    play!(game, Action::EndPhase);
    play!(game, Action::EndTurn);
    assert_eq!(layout(&game, 0), ["Waterdeep", "-", "Cormyr", "-", "Sembia", "Vaasa"]);
}

#[test]
fn we_7_realms_do_not_slide_forward() {
    // P2's A, B and C were discarded; D, E and F stay where they are.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Marco Volo"])
        .hand(1, ["Waterdeep"])
        .formation(1, [realm(D, "Calimshan"), realm(E, "Thay"), realm(F, "Shadowdale")])
        .build();
    assert_eq!(layout(&game, 1), ["-", "-", "-", "Calimshan", "Thay", "Shadowdale"]);
    let view = game.view_for(Seat(0));
    let exposed: Vec<bool> = view.players[1].formation[3..]
        .iter()
        .map(|r| r.as_ref().unwrap().exposed)
        .collect();
    assert_eq!(exposed, [true, true, true], "nothing in front: all three are exposed");
    assert_eq!(targets(&game, game.id_of(0, "Marco Volo"), 1), "DEF");
    // P2's next realm must go to A.
    play!(game, Action::EndPhase);
    play!(game, Action::EndTurn);
    play!(game, Action::Draw);
    let waterdeep = game.id_of(1, "Waterdeep");
    assert_eq!(places(&game, waterdeep), "A");
    play!(game, realm_at(waterdeep, A));
    assert_eq!(
        layout(&game, 1),
        ["Waterdeep", "-", "-", "Calimshan", "Thay", "Shadowdale"]
    );
}

#[test]
fn sf_54_each_realm_shields_the_two_behind_it() {
    let game = six_realms().build();
    let marco = game.id_of(0, "Marco Volo");
    assert_eq!(targets(&game, marco, 1), "A");
    for at in [B, C, D, E, F] {
        assert_eq!(refused(&game, attack(marco, 1, at)).rule, "SF-55");
    }
    // Each back position opens only when every realm shielding it is razed.
    for (razed, open) in [("A", "BC"), ("AB", "CD"), ("AC", "BF"), ("ABC", "DEF")] {
        let game = six_realms_razed(razed);
        assert_eq!(targets(&game, game.id_of(0, "Marco Volo"), 1), open, "razed {razed}");
    }
}

#[test]
fn we_4_razing_a_exposes_b_and_c() {
    let game = six_realms_razed("A");
    let marco = game.id_of(0, "Marco Volo");
    assert_eq!(targets(&game, marco, 1), "BC");
    for at in [D, E, F] {
        assert_eq!(refused(&game, attack(marco, 1, at)).rule, "SF-55");
    }
}

#[test]
fn we_5_razing_a_and_b_exposes_c_and_d_only() {
    let game = six_realms_razed("AB");
    let marco = game.id_of(0, "Marco Volo");
    assert_eq!(targets(&game, marco, 1), "CD");
    assert_eq!(refused(&game, attack(marco, 1, E)).rule, "SF-55", "C still shields E");
    assert_eq!(refused(&game, attack(marco, 1, F)).rule, "SF-55");
    for at in [A, B] {
        assert_eq!(refused(&game, attack(marco, 1, at)).rule, "SF-56");
    }
}

#[test]
fn we_6_the_back_row_centre_needs_both_middle_realms_gone() {
    let shielded = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Marco Volo"])
        .formation(
            1,
            [
                realm(A, "Cormyr").razed(),
                realm(B, "Sembia").razed(),
                realm(C, "Vaasa"),
                realm(E, "Thay"),
            ],
        )
        .build();
    let marco = shielded.id_of(0, "Marco Volo");
    assert_eq!(refused(&shielded, attack(marco, 1, E)).rule, "SF-55");
    assert_eq!(targets(&shielded, marco, 1), "C");
    let both_razed = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Marco Volo"])
        .formation(
            1,
            [
                realm(A, "Cormyr").razed(),
                realm(B, "Sembia").razed(),
                realm(C, "Vaasa").razed(),
                realm(E, "Thay"),
            ],
        )
        .build();
    assert_eq!(targets(&both_razed, marco, 1), "E");
    let razed_and_empty = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Marco Volo"])
        .formation(
            1,
            [realm(A, "Cormyr").razed(), realm(C, "Vaasa").razed(), realm(E, "Thay")],
        )
        .build();
    assert_eq!(targets(&razed_and_empty, marco, 1), "E");
}

#[test]
fn sf_55_exposed_means_face_up_with_no_face_up_realm_shielding_it() {
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Marco Volo"])
        .formation(
            1,
            [
                realm(B, "Sembia"),
                realm(C, "Vaasa").razed(),
                realm(D, "Calimshan"),
                realm(F, "Thay"),
            ],
        )
        .build();
    let view = game.view_for(Seat(0));
    let exposed: String = view.players[1]
        .formation
        .iter()
        .flatten()
        .filter(|r| r.exposed)
        .map(|r| r.at.letter())
        .collect();
    // B: A is empty. C: razed, so not exposed (nor attackable). D: behind a face-up B. F: behind
    // a razed C.
    assert_eq!(exposed, "BF");
    assert_eq!(targets(&game, game.id_of(0, "Marco Volo"), 1), "BF");
    assert_eq!(refused(&game, attack(game.id_of(0, "Marco Volo"), 1, D)).rule, "SF-55");
    // A face-up A is always exposed.
    let game = six_realms().build();
    let view = game.view_for(Seat(0));
    assert!(view.players[1].formation[0].as_ref().unwrap().exposed);
    assert!(
        view.players[1].formation[1..]
            .iter()
            .all(|r| !r.as_ref().unwrap().exposed)
    );
}

#[test]
fn sf_56_a_razed_realm_cannot_be_attacked_until_rebuilt() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Marco Volo"])
        .pool(0, [("Neeva", &[][..])])
        .hand(1, ["Cormyr", "Sembia", "Vaasa", "Thay"])
        .formation(1, [realm(A, "Calimshan").razed(), realm(B, "Shadowdale")])
        .build();
    let marco = game.id_of(0, "Marco Volo");
    let neeva = game.id_of(0, "Neeva");
    assert_eq!(refused(&game, attack(marco, 1, A)).rule, "SF-56");
    assert_eq!(refused(&game, attack(neeva, 1, A)).rule, "SF-56", "not even by a flyer");
    assert_eq!(targets(&game, marco, 1), "B");
    // Seat 1 rebuilds A in its turn; in seat 0's next turn A can be attacked again.
    play!(game, Action::EndPhase);
    play!(game, Action::EndTurn);
    play!(game, Action::Draw);
    play!(game, Action::Rebuild { at: Position(A) });
    for name in ["Cormyr", "Sembia", "Vaasa"] {
        play!(game, Action::Discard(game.id_of(1, name)));
    }
    play!(game, Action::EndPhase);
    play!(game, Action::EndPhase);
    play!(game, Action::EndTurn);
    play!(game, Action::Draw);
    play!(game, Action::EndPhase);
    assert_eq!(targets(&game, marco, 1), "A");
}

// ---------------------------------------------------------------------------------------------
// Section 6: razing, rebuilding and replacing realms

/// Seat 0 attacks seat 1's realm at A with Elminster the Mage (level 9) from the pool.
fn attack_on_a(defender_realm: spellfire::RealmSetup) -> Spellfire {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Elminster the Mage", &[][..])])
        .formation(0, [realm(A, "Waterdeep")])
        .formation(1, [defender_realm, realm(B, "Sembia"), realm(C, "Vaasa")])
        .build();
    play!(game, attack(game.id_of(0, "Elminster the Mage"), 1, A));
    game
}

#[test]
fn sf_57_razing_turns_the_realm_face_down_where_it_lies() {
    let mut game = attack_on_a(realm(A, "Cormyr"));
    let cormyr = game.id_of(1, "Cormyr");
    let events = play!(game, Action::Decline);
    let slot = game.player(Seat(1)).formation.slot(Position(A)).copied().unwrap();
    assert_eq!((slot.realm, slot.razed), (cormyr, true));
    assert!(!game.player(Seat(1)).discard.contains(&cormyr), "razed, not discarded");
    assert!(events.contains(&Event::RealmRazed {
        seat: Seat(1),
        at: Position(A),
        realm: "Cormyr".into(),
        holding: None,
    }));
    assert_eq!(layout(&game, 1), ["cormyr", "Sembia", "Vaasa", "-", "-", "-"]);
    assert!(game.view_for(Seat(0)).players[1].formation[0].as_ref().unwrap().razed);
}

#[test]
fn sf_58_a_realm_is_razed_when_undefended_or_its_realm_champion_loses() {
    // No defender.
    let mut game = attack_on_a(realm(A, "Cormyr"));
    play!(game, Action::Decline);
    assert!(game.player(Seat(1)).formation.slot(Position(A)).unwrap().razed);
    // Zhentil Keep defends itself as a level 5 champion and loses to level 9.
    let mut game = attack_on_a(realm(A, "Zhentil Keep"));
    let keep = game.id_of(1, "Zhentil Keep");
    play!(game, Action::Defend { champion: keep });
    assert_eq!(game.decider(), Some(Seat(1)), "the realm is losing 5 to 9");
    play!(game, Action::Pass);
    let slot = game.player(Seat(1)).formation.slot(Position(A)).copied().unwrap();
    assert_eq!((slot.realm, slot.razed), (keep, true));
    assert!(!game.player(Seat(1)).discard.contains(&keep));
    assert_eq!(game.player(Seat(0)).pool.len(), 1, "Elminster goes home");
    // A champion that loses the defence does not raze the realm.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Elminster the Mage", &[][..])])
        .pool(1, [("Marco Volo", &[][..])])
        .formation(1, [realm(A, "Cormyr")])
        .build();
    play!(game, attack(game.id_of(0, "Elminster the Mage"), 1, A));
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, "Marco Volo")
        }
    );
    play!(game, Action::Pass);
    assert!(!game.player(Seat(1)).formation.slot(Position(A)).unwrap().razed);
}

#[test]
fn sf_59_razing_discards_the_holding() {
    let mut game = attack_on_a(realm(A, "Cormyr").holding("Berdusk"));
    let berdusk = game.id_of(1, "Berdusk");
    let events = play!(game, Action::Decline);
    let slot = game.player(Seat(1)).formation.slot(Position(A)).copied().unwrap();
    assert!(slot.razed);
    assert_eq!(slot.holding, None);
    assert_eq!(
        game.player(Seat(1)).discard,
        vec![berdusk],
        "into its owner's discard pile"
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::RealmRazed { holding: Some(h), .. } if h == "Berdusk"))
    );
    // A razed realm's power is off: a realm champion cannot defend when razed, and a razed realm
    // cannot take a holding again until rebuilt (SF-69).
    assert!(
        game.view_for(Seat(1)).players[1].formation[0]
            .as_ref()
            .unwrap()
            .holding
            .is_none()
    );
}

#[test]
fn sf_60_a_razed_realm_is_still_in_play() {
    let mut game = TestGame::new(2)
        .hand(1, ["Cormyr"])
        .pool(0, [("Elminster the Mage", &["Dwarven Hammer"][..])])
        .formation(0, [realm(A, "Cormyr").razed(), realm(B, "Sembia").razed()])
        .phase(Phase::AfterBattle)
        .build();
    // It counts for the Rule of the Cosmos ...
    play!(game, Action::EndTurn);
    play!(game, Action::Draw);
    let cormyr = game.id_of(1, "Cormyr");
    assert_eq!(refused(&game, realm_at(cormyr, A)).rule, "SF-94");
    // ... and as a realm: seat 0's pool survived the end of its turn.
    assert_eq!(game.player(Seat(0)).pool.len(), 1);
    assert_eq!(game.player(Seat(0)).pool[0].attachments.len(), 1);
    assert_eq!(game.player(Seat(0)).formation.occupied(), 2);
    assert!(game.player(Seat(0)).discard.is_empty());
}

#[test]
fn sf_61_rebuilding_costs_three_cards_from_the_hand() {
    let mut game = TestGame::new(2)
        .hand(0, ["Marco Volo", "Bad Omens", "Dwarven Hammer", "Thay"])
        .pool(0, [("Elminster the Mage", &[][..])])
        .formation(0, [realm(A, "Cormyr").razed(), realm(B, "Sembia")])
        .build();
    assert_eq!(
        refused(&game, Action::Rebuild { at: Position(B) }).rule,
        "SF-61",
        "only a razed realm"
    );
    play!(game, Action::Rebuild { at: Position(A) });
    assert!(matches!(game.pending(), Some(Pending::Rebuild { left: 3, .. })));
    // Only hand cards pay (AMB-3): the pool's champion is not offered.
    let elminster = game.id_of(0, "Elminster the Mage");
    assert_eq!(refused(&game, Action::Discard(elminster)).rule, "SF-61");
    let offered = game.legal();
    assert_eq!(offered.len(), 4);
    assert!(
        offered
            .iter()
            .all(|a| matches!(a, Action::Discard(c) if game.player(Seat(0)).hand.contains(c)))
    );
    for name in ["Marco Volo", "Bad Omens", "Dwarven Hammer"] {
        assert!(game.player(Seat(0)).formation.slot(Position(A)).unwrap().razed);
        play!(game, Action::Discard(game.id_of(0, name)));
    }
    assert!(!game.player(Seat(0)).formation.slot(Position(A)).unwrap().razed);
    assert_eq!(game.pending(), None);
    assert_eq!(names(&game, &game.player(Seat(0)).hand), ["Thay"]);
    assert_eq!(
        names(&game, &game.player(Seat(0)).discard),
        ["Marco Volo", "Dwarven Hammer"]
    );
    assert_eq!(
        names(&game, &game.player(Seat(0)).abyss),
        ["Bad Omens"],
        "an event goes to the Abyss"
    );
    assert_eq!(game.player(Seat(0)).pool.len(), 1);
    // Two cards are not enough.
    let game = TestGame::new(2)
        .hand(0, ["Marco Volo", "Thay"])
        .formation(0, [realm(A, "Cormyr").razed()])
        .build();
    assert_eq!(refused(&game, Action::Rebuild { at: Position(A) }).rule, "SF-61");
}

#[test]
fn sf_62_one_rebuild_a_turn_and_it_is_the_realm_action() {
    let base = TestGame::new(2)
        .hand(
            0,
            [
                "Marco Volo",
                "Bad Omens",
                "Dwarven Hammer",
                "Thay",
                "Waterdeep",
                "Vaasa",
            ],
        )
        .formation(0, [realm(A, "Cormyr").razed(), realm(B, "Sembia").razed()])
        .build();
    let mut game = base.clone();
    play!(game, Action::Rebuild { at: Position(A) });
    for name in ["Marco Volo", "Bad Omens", "Dwarven Hammer"] {
        play!(game, Action::Discard(game.id_of(0, name)));
    }
    assert_eq!(refused(&game, Action::Rebuild { at: Position(B) }).rule, "SF-62");
    assert_eq!(refused(&game, realm_at(game.id_of(0, "Waterdeep"), C)).rule, "SF-35");
    assert_eq!(refused(&game, realm_at(game.id_of(0, "Waterdeep"), B)).rule, "SF-35");
    // The other way round: a new realm first, then no rebuild.
    let mut game = base.clone();
    play!(game, realm_at(game.id_of(0, "Waterdeep"), C));
    assert_eq!(refused(&game, Action::Rebuild { at: Position(A) }).rule, "SF-62");
    assert_eq!(layout(&game, 0), ["cormyr", "sembia", "Waterdeep", "-", "-", "-"]);
}

#[test]
fn sf_63_a_rebuilt_realm_takes_a_holding_and_can_be_attacked_again() {
    let mut game = TestGame::new(2)
        .hand(0, ["Marco Volo", "Bad Omens", "Dwarven Hammer", "Berdusk"])
        .hand(1, ["Karlott the Shaman"])
        .formation(0, [realm(A, "Cormyr").razed()])
        .build();
    let berdusk = game.id_of(0, "Berdusk");
    assert_eq!(refused(&game, holding_at(berdusk, A)).rule, "SF-69");
    play!(game, Action::Rebuild { at: Position(A) });
    for name in ["Marco Volo", "Bad Omens", "Dwarven Hammer"] {
        play!(game, Action::Discard(game.id_of(0, name)));
    }
    play!(game, holding_at(berdusk, A));
    assert_eq!(
        game.player(Seat(0)).formation.slot(Position(A)).unwrap().holding,
        Some(berdusk)
    );
    play!(game, Action::EndPhase);
    play!(game, Action::EndPhase);
    play!(game, Action::EndTurn);
    play!(game, Action::Draw);
    play!(game, Action::EndPhase);
    let karlott = game.id_of(1, "Karlott the Shaman");
    play!(game, attack(karlott, 0, A));
    assert_eq!(game.battle().map(|b| b.target), Some(Position(A)));
}

#[test]
fn sf_64_a_new_realm_may_replace_a_razed_one_never_a_face_up_one() {
    let mut game = TestGame::new(2)
        .hand(0, ["Waterdeep", "Thay"])
        .formation(0, [realm(A, "Cormyr"), realm(B, "Sembia").razed(), realm(C, "Vaasa")])
        .build();
    let waterdeep = game.id_of(0, "Waterdeep");
    assert_eq!(refused(&game, realm_at(waterdeep, A)).rule, "SF-64");
    assert_eq!(refused(&game, realm_at(waterdeep, C)).rule, "SF-64");
    let sembia = game.id_of(0, "Sembia");
    let events = play!(game, realm_at(waterdeep, B));
    assert!(events.contains(&Event::RealmPlayed {
        seat: Seat(0),
        card: "Waterdeep".into(),
        at: Position(B),
        replaced: Some("Sembia".into()),
    }));
    assert_eq!(layout(&game, 0), ["Cormyr", "Waterdeep", "Vaasa", "-", "-", "-"]);
    assert_eq!(game.player(Seat(0)).discard, vec![sembia]);
}

#[test]
fn sf_65_a_player_without_realms_loses_his_pool_at_the_end_of_the_turn() {
    let mut game = TestGame::new(3)
        .phase(Phase::AfterBattle)
        .formation(0, [realm(A, "Cormyr")])
        .pool(
            1,
            [("Elminster the Mage", &["Dwarven Hammer"][..]), ("Marco Volo", &[][..])],
        )
        .pool(2, [("Karlott the Shaman", &[][..])])
        .formation(2, [realm(A, "Sembia").razed()])
        .build();
    // Seat 1 is not even the active player: the turn in progress is seat 0's.
    let events = play!(game, Action::EndTurn);
    assert!(game.player(Seat(1)).pool.is_empty());
    assert_eq!(
        names(&game, &game.player(Seat(1)).discard),
        ["Elminster the Mage", "Dwarven Hammer", "Marco Volo"]
    );
    assert!(events.contains(&Event::PoolLost {
        seat: Seat(1),
        cards: vec![
            "Elminster the Mage".into(),
            "Dwarven Hammer".into(),
            "Marco Volo".into()
        ],
    }));
    assert_eq!(game.player(Seat(2)).pool.len(), 1, "a razed realm is a realm");
    assert_eq!(game.active(), Seat(1));
}

#[test]
fn sf_66_a_realm_played_before_the_turn_ends_saves_the_pool() {
    let mut game = TestGame::new(2)
        .hand(0, ["Waterdeep"])
        .pool(0, [("Elminster the Mage", &["Dwarven Hammer"][..])])
        .build();
    let mut without = game.clone();
    play!(game, realm_at(game.id_of(0, "Waterdeep"), A));
    for _ in 0..2 {
        play!(game, Action::EndPhase);
        play!(without, Action::EndPhase);
    }
    play!(game, Action::EndTurn);
    play!(without, Action::EndTurn);
    assert_eq!(game.player(Seat(0)).pool.len(), 1);
    assert!(game.player(Seat(0)).discard.is_empty());
    assert!(
        without.player(Seat(0)).pool.is_empty(),
        "without the realm the pool is lost"
    );
    assert_eq!(without.player(Seat(0)).discard.len(), 2);
}

#[test]
fn we_32_a_realm_drawn_as_spoils_saves_a_pool() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Elminster the Mage", &[][..]), ("Marco Volo", &[][..])])
        .draw(0, ["Waterdeep"])
        .formation(1, [realm(A, "Cormyr")])
        .build();
    play!(game, attack(game.id_of(0, "Marco Volo"), 1, A));
    play!(game, Action::Decline);
    let waterdeep = game.id_of(0, "Waterdeep");
    assert_eq!(
        game.pending(),
        Some(&Pending::Spoils {
            seat: Seat(0),
            card: waterdeep
        })
    );
    let mut kept = game.clone();
    play!(game, realm_at(waterdeep, A));
    play!(game, Action::EndTurn);
    assert_eq!(game.player(Seat(0)).pool.len(), 2, "the pool is kept");
    assert_eq!(layout(&game, 0)[0], "Waterdeep");
    play!(kept, Action::KeepSpoils);
    play!(kept, Action::EndTurn);
    assert!(
        kept.player(Seat(0)).pool.is_empty(),
        "had he kept it, the pool was lost"
    );
    assert_eq!(
        names(&kept, &kept.player(Seat(0)).discard),
        ["Elminster the Mage", "Marco Volo"]
    );
}

// ---------------------------------------------------------------------------------------------
// Section 7: holdings

#[test]
fn sf_67_a_holding_is_played_in_its_owners_phase_2_onto_his_realm() {
    let mut game = TestGame::new(2)
        .hand(0, ["Berdusk"])
        .formation(0, [realm(A, "Cormyr")])
        .formation(1, [realm(A, "Sembia")])
        .build();
    let berdusk = game.id_of(0, "Berdusk");
    assert_eq!(
        refused(&game, holding_at(berdusk, B)).rule,
        "SF-67",
        "not onto an empty position"
    );
    let mut later = game.clone();
    play!(later, Action::EndPhase);
    assert_eq!(refused(&later, holding_at(berdusk, A)).rule, "SF-67", "not in phase 3");
    play!(later, Action::EndPhase);
    assert_eq!(refused(&later, holding_at(berdusk, A)).rule, "SF-67", "not in phase 5");
    play!(game, holding_at(berdusk, A));
    assert_eq!(
        game.player(Seat(0)).formation.slot(Position(A)).unwrap().holding,
        Some(berdusk)
    );
    assert_eq!(game.player(Seat(1)).formation.slot(Position(A)).unwrap().holding, None);
}

#[test]
fn sf_68_a_holding_needs_a_realm_of_its_world() {
    let game = TestGame::new(2)
        .hand(0, ["The Mud Palace", "Kestrel's Keep", "Berdusk"])
        .formation(0, [realm(A, "Cormyr"), realm(B, "Draj"), realm(C, "Milborne")])
        .build();
    let palace = game.id_of(0, "The Mud Palace");
    let kestrel = game.id_of(0, "Kestrel's Keep");
    let berdusk = game.id_of(0, "Berdusk");
    let fits = |card| -> String {
        [A, B, C]
            .into_iter()
            .filter(|&at| game.check(&holding_at(card, at)).is_ok())
            .map(|at| Position(at).letter())
            .collect()
    };
    assert_eq!(fits(palace), "B", "Dark Sun on Draj only");
    assert_eq!(fits(kestrel), "C", "an AD&D holding needs an AD&D realm");
    assert_eq!(fits(berdusk), "A");
    assert_eq!(refused(&game, holding_at(palace, A)).rule, "SF-68");
    assert_eq!(refused(&game, holding_at(kestrel, A)).rule, "SF-68");
}

#[test]
fn we_41_a_dark_sun_holding_goes_only_on_a_dark_sun_realm() {
    let mut game = TestGame::new(2)
        .hand(0, ["The Mud Palace"])
        .formation(0, [realm(A, "Cormyr"), realm(B, "Draj")])
        .build();
    let palace = game.id_of(0, "The Mud Palace");
    assert_eq!(refused(&game, holding_at(palace, A)).rule, "SF-68");
    play!(game, holding_at(palace, B));
    assert_eq!(
        game.player(Seat(0)).formation.slot(Position(B)).unwrap().holding,
        Some(palace)
    );
}

#[test]
fn sf_69_one_holding_a_realm_and_only_on_a_face_up_realm() {
    let game = TestGame::new(2)
        .hand(0, ["Tantras"])
        .formation(
            0,
            [
                realm(A, "Cormyr").holding("Berdusk"),
                realm(B, "Sembia").razed(),
                realm(C, "Vaasa"),
            ],
        )
        .build();
    let tantras = game.id_of(0, "Tantras");
    assert_eq!(refused(&game, holding_at(tantras, A)).rule, "SF-69");
    assert_eq!(refused(&game, holding_at(tantras, B)).rule, "SF-69");
    assert!(game.check(&holding_at(tantras, C)).is_ok());
}

#[test]
fn sf_70_an_attached_holding_stays_where_it_is() {
    let mut game = TestGame::new(2)
        .hand(0, ["Berdusk"])
        .formation(0, [realm(A, "Cormyr"), realm(B, "Sembia")])
        .build();
    let berdusk = game.id_of(0, "Berdusk");
    play!(game, holding_at(berdusk, A));
    play!(game, Action::EndPhase);
    play!(game, Action::EndPhase);
    play!(game, Action::EndTurn);
    for step in [
        Action::Draw,
        Action::EndPhase,
        Action::EndPhase,
        Action::EndTurn,
        Action::Draw,
    ] {
        play!(game, step);
    }
    // Seat 0's next phase 2: the holding cannot be played again elsewhere, nor taken back.
    assert_eq!(game.phase(), Phase::Realms);
    assert!(game.check(&holding_at(berdusk, B)).is_err());
    assert!(
        !game
            .legal()
            .iter()
            .any(|a| matches!(a, Action::PlayHolding { card, .. } | Action::Discard(card) if *card == berdusk))
    );
    assert_eq!(
        game.player(Seat(0)).formation.slot(Position(A)).unwrap().holding,
        Some(berdusk)
    );
    assert!(!game.player(Seat(0)).hand.contains(&berdusk));
}

#[test]
fn sf_72_a_holding_is_attacked_only_with_its_realm_and_never_makes_it_coastal() {
    // Swimmers reach coastal realms: a holding on a landlocked realm does not make it coastal.
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["The Death Ship"])
        .formation(
            1,
            [
                realm(A, "Cormyr"),
                realm(B, "Shadowdale").holding("Berdusk"),
                realm(C, "Sembia").holding("Tantras"),
            ],
        )
        .build();
    let ship = game.id_of(0, "The Death Ship");
    assert_eq!(targets(&game, ship, 1), "AC");
    assert_eq!(refused(&game, attack(ship, 1, B)).rule, "SF-55");
    // Attacking the realm is attacking its holding: razing it takes the holding too.
    let mut game = attack_on_a(realm(A, "Cormyr").holding("Berdusk"));
    play!(game, Action::Decline);
    assert_eq!(names(&game, &game.player(Seat(1)).discard), ["Berdusk"]);
}

#[test]
fn we_38_swimmers_reach_only_exposed_and_coastal_realms() {
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["The Death Ship"])
        .formation(
            1,
            [
                realm(A, "Shadowdale"),
                realm(B, "Thay"),
                realm(C, "Doc's Island"),
                realm(D, "The Great Rift"),
                realm(E, "Ravens Bluff"),
                realm(F, "Myth Drannor").holding("Berdusk"),
            ],
        )
        .build();
    let ship = game.id_of(0, "The Death Ship");
    assert_eq!(targets(&game, ship, 1), "ACE");
    for at in [B, D, F] {
        assert_eq!(refused(&game, attack(ship, 1, at)).rule, "SF-55");
    }
}
