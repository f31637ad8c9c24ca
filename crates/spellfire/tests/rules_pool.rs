//! Checklist sections 8–10: the pool and attachments; Limbo, the discard pile and the Abyss; the
//! Rule of the Cosmos.

#[macro_use]
mod common;

use common::{A, B, C, attack_p2};

use spellfire::{Action, AttachInCombat, CardId, Event, Phase, Position, Spellfire, TestGame, realm};
use spellhall_core::Seat;

use common::{apply, refused};

fn attack(champion: CardId, defender: u8, at: u8) -> Action {
    Action::Attack {
        champion,
        defender: Seat(defender),
        at: Position(at),
    }
}

fn attach(card: CardId, champion: CardId) -> Action {
    Action::Attach { card, champion }
}

fn names(game: &Spellfire, cards: &[CardId]) -> Vec<String> {
    cards.iter().map(|&c| game.name(c).to_string()).collect()
}

/// Each pool champion of `seat` with the names of what it carries.
fn pool(game: &Spellfire, seat: u8) -> Vec<(String, Vec<String>)> {
    game.player(Seat(seat))
        .pool
        .iter()
        .map(|c| (game.name(c.card).to_string(), names(game, &c.attachments)))
        .collect()
}

fn limbo(game: &Spellfire, seat: u8) -> Vec<String> {
    game.player(Seat(seat))
        .limbo
        .iter()
        .map(|away| game.name(away.card).to_string())
        .collect()
}

/// Play out the rest of the active player's turn without a battle, from wherever it stands.
fn end_turn(game: &mut Spellfire) -> Vec<Event> {
    loop {
        match game.phase() {
            Phase::StartOfTurn => apply(game, Action::Draw),
            Phase::Realms | Phase::Pool => apply(game, Action::EndPhase),
            Phase::AfterBattle => {
                let seat = game.active();
                while game.player(seat).hand.len() > game.hand_limit() {
                    let card = game.player(seat).hand[0];
                    apply(game, Action::Discard(card));
                }
                return apply(game, Action::EndTurn);
            }
            phase => panic!("no battle expected, in {phase:?}"),
        };
    }
}

// ---------------------------------------------------------------------------------------------
// Section 8: the pool and attachments

#[test]
fn sf_73_the_pool_has_no_limit_and_does_not_count_as_hand() {
    let champions = [
        "Elminster the Mage",
        "Marco Volo",
        "Karlott the Shaman",
        "Rikus",
        "Neeva",
        "Agis",
        "King Azoun IV",
        "Drizzt Do' Urden",
        "Alias the Sell-Sword",
    ];
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, champions)
        .hand(
            0,
            [
                "Cormyr",
                "Sembia",
                "Vaasa",
                "Calimshan",
                "Thay",
                "Waterdeep",
                "Shadowdale",
                "Myth Drannor",
            ],
        )
        .formation(0, [realm(A, "Ravens Bluff")])
        .build();
    for name in champions {
        play!(game, Action::ToPool(game.id_of(0, name)));
    }
    assert_eq!(game.player(Seat(0)).pool.len(), 9);
    assert_eq!(
        game.view_for(Seat(1)).players[0].pool.len(),
        9,
        "the pool is in play, open to all"
    );
    play!(game, Action::EndPhase);
    assert_eq!(game.player(Seat(0)).hand.len(), 8);
    assert!(
        game.check(&Action::EndTurn).is_ok(),
        "eight in hand, nine in the pool: within the limit"
    );
}

#[test]
fn sf_74_pool_cards_stay_and_a_fighting_champion_is_not_in_the_pool() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(
            0,
            [("Elminster the Mage", &["Dwarven Hammer"][..]), ("Preserver", &[][..])],
        )
        .formation(0, [realm(A, "Cormyr")])
        .formation(1, [realm(A, "Sembia")])
        .build();
    let elminster = game.id_of(0, "Elminster the Mage");
    play!(game, attack(elminster, 1, A));
    assert_eq!(pool(&game, 0), [("Preserver".to_string(), vec![])]);
    let view = game.view_for(Seat(1));
    assert_eq!(view.players[0].pool.len(), 1);
    assert_eq!(
        view.battle
            .as_ref()
            .and_then(|b| b.attacking.as_ref())
            .map(|f| f.champion.id),
        Some(elminster)
    );
    play!(game, Action::Decline);
    play!(game, Action::KeepSpoils);
    // Back in the pool after the battle, with its item; still there in later turns.
    assert_eq!(
        pool(&game, 0)[1],
        ("Elminster the Mage".to_string(), vec!["Dwarven Hammer".to_string()])
    );
    end_turn(&mut game);
    end_turn(&mut game);
    assert_eq!(game.player(Seat(0)).pool.len(), 2);
    // Nothing takes a pool card back to the hand or discards it at will.
    assert_eq!(refused(&game, Action::Discard(elminster)).rule, "SF-32");
    play!(game, Action::Draw);
    play!(game, Action::EndPhase);
    play!(game, Action::EndPhase);
    assert!(game.check(&Action::Discard(elminster)).is_err());
    assert!(
        !game
            .legal()
            .iter()
            .any(|a| matches!(a, Action::Discard(c) | Action::ToPool(c) if *c == elminster))
    );
}

#[test]
fn sf_75_a_champion_enters_play_in_phase_3_or_straight_into_a_battle() {
    // Not in phase 2 or 5.
    let mut game = TestGame::new(2).hand(0, ["Marco Volo"]).build();
    let marco = game.id_of(0, "Marco Volo");
    assert!(game.check(&Action::ToPool(marco)).is_err());
    play!(game, Action::EndPhase);
    let mut late = game.clone();
    play!(late, Action::EndPhase);
    assert!(late.check(&Action::ToPool(marco)).is_err());
    // From the hand into a battle as attacker and as defender; the survivor ends in the pool.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Marco Volo"])
        .hand(1, ["Elminster the Mage"])
        .formation(1, [realm(A, "Sembia")])
        .build();
    let marco = game.id_of(0, "Marco Volo");
    let elminster = game.id_of(1, "Elminster the Mage");
    play!(game, attack(marco, 1, A));
    play!(game, Action::Defend { champion: elminster });
    assert!(game.player(Seat(1)).hand.is_empty());
    play!(game, Action::Pass);
    assert_eq!(pool(&game, 1), [("Elminster the Mage".to_string(), vec![])]);
    assert_eq!(game.player(Seat(0)).discard, vec![marco]);
}

#[test]
fn sf_76_items_exist_only_on_a_pool_champion_and_never_move() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Dwarven Hammer", "Rikus"])
        .pool(0, [("Marco Volo", &[][..]), ("Elminster the Mage", &[][..])])
        .pool(1, [("Karlott the Shaman", &[][..])])
        .build();
    let hammer = game.id_of(0, "Dwarven Hammer");
    let marco = game.id_of(0, "Marco Volo");
    let elminster = game.id_of(0, "Elminster the Mage");
    assert_eq!(
        refused(&game, attach(hammer, game.id_of(0, "Rikus"))).rule,
        "SF-76",
        "not onto the hand"
    );
    assert_eq!(
        refused(&game, attach(hammer, game.id_of(1, "Karlott the Shaman"))).rule,
        "SF-76"
    );
    play!(game, attach(hammer, marco));
    assert!(
        game.check(&attach(hammer, elminster)).is_err(),
        "once attached it stays"
    );
    assert!(
        !game
            .legal()
            .iter()
            .any(|a| matches!(a, Action::Attach { card, .. } if *card == hammer))
    );
    assert_eq!(
        pool(&game, 0)[0],
        ("Marco Volo".to_string(), vec!["Dwarven Hammer".to_string()])
    );
}

#[test]
fn sf_77_any_number_of_magical_items_on_a_champion_of_any_world() {
    let items = ["Dwarven Hammer", "Staff of Striking", "Flameblade", "War Banner"];
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, items)
        .pool(0, [("Rikus", &[][..])])
        .build();
    let rikus = game.id_of(0, "Rikus");
    for item in items {
        play!(game, attach(game.id_of(0, item), rikus));
    }
    assert_eq!(pool(&game, 0)[0].1, items);
}

#[test]
fn sf_78_an_artifact_fits_only_a_champion_of_its_world() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Chaos Shield", "Annulus"])
        .pool(0, [("Rikus", &[][..]), ("Marco Volo", &[][..])])
        .build();
    let shield = game.id_of(0, "Chaos Shield");
    let annulus = game.id_of(0, "Annulus");
    let rikus = game.id_of(0, "Rikus");
    let marco = game.id_of(0, "Marco Volo");
    assert_eq!(
        refused(&game, attach(shield, rikus)).rule,
        "SF-78",
        "Forgotten Realms onto Dark Sun"
    );
    assert_eq!(
        refused(&game, attach(annulus, marco)).rule,
        "SF-78",
        "Dark Sun onto Forgotten Realms"
    );
    play!(game, attach(shield, marco));
    play!(game, attach(annulus, rikus));
    assert_eq!(pool(&game, 0)[0].1, ["Annulus"]);
    assert_eq!(pool(&game, 0)[1].1, ["Chaos Shield"]);
}

#[test]
fn we_42_artifacts_and_worlds() {
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Chaos Shield", "Tenser's Crystal Ball", "Annulus"])
        .pool(
            0,
            [
                ("Rikus", &[][..]),
                ("Marco Volo", &[][..]),
                ("Drizzt Do' Urden", &[][..]),
            ],
        )
        .build();
    let fits = |artifact: &str| -> Vec<String> {
        let card = game.id_of(0, artifact);
        game.player(Seat(0))
            .pool
            .iter()
            .filter(|c| game.check(&attach(card, c.card)).is_ok())
            .map(|c| game.name(c.card).to_string())
            .collect()
    };
    assert_eq!(
        fits("Chaos Shield"),
        ["Marco Volo", "Drizzt Do' Urden"],
        "Forgotten Realms only"
    );
    assert_eq!(fits("Annulus"), ["Rikus"], "Dark Sun only");
    assert!(
        fits("Tenser's Crystal Ball").is_empty(),
        "an AD&D artifact needs an AD&D champion"
    );
}

#[test]
fn sf_79_one_artifact_a_champion() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Ren's Bell of Death", "Dwarven Hammer"])
        .pool(0, [("Marco Volo", &["Chaos Shield"][..])])
        .build();
    let marco = game.id_of(0, "Marco Volo");
    let bell = game.id_of(0, "Ren's Bell of Death");
    assert_eq!(refused(&game, attach(bell, marco)).rule, "SF-79");
    play!(game, attach(game.id_of(0, "Dwarven Hammer"), marco));
    assert_eq!(pool(&game, 0)[0].1, ["Chaos Shield", "Dwarven Hammer"]);
}

#[test]
fn sf_80_artifacts_are_not_magical_items() {
    // A table that lets the losing side attach only magical items in a round: artifacts are left
    // out (AMB-9).
    let mut game = TestGame::new(2)
        .rules(|r| r.attach_in_combat = AttachInCombat::ItemsOnly)
        .phase(Phase::Pool)
        .hand(0, ["Chaos Shield", "Dwarven Hammer"])
        .pool(0, [("Marco Volo", &[][..])])
        .pool(1, [("Karlott the Shaman", &[][..])])
        .formation(1, [realm(A, "Sembia")])
        .build();
    let marco = game.id_of(0, "Marco Volo");
    play!(game, attack(marco, 1, A));
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, "Karlott the Shaman")
        }
    );
    assert_eq!(game.decider(), Some(Seat(0)), "3 against 4");
    let shield = game.id_of(0, "Chaos Shield");
    assert_eq!(refused(&game, attach(shield, marco)).rule, "AMB-9");
    play!(game, attach(game.id_of(0, "Dwarven Hammer"), marco));
    assert_eq!(game.decider(), Some(Seat(1)), "6 against 4");
}

/// Seat 0 attacks seat 1's Sembia (A) with Marco Volo (3) from the pool carrying `items`; seat 1
/// defends with Elminster the Mage (9) from its pool.
fn marco_against_elminster(items: &[&str]) -> Spellfire {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["War Party"])
        .pool(0, [("Marco Volo", items)])
        .pool(1, [("Elminster the Mage", &[][..])])
        .formation(1, [realm(A, "Sembia")])
        .build();
    play!(game, attack(game.id_of(0, "Marco Volo"), 1, A));
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, "Elminster the Mage")
        }
    );
    game
}

#[test]
fn sf_81_a_champion_takes_all_its_attachments_into_battle() {
    let game = marco_against_elminster(&["Dwarven Hammer", "Chaos Shield"]);
    let battle = game.battle().unwrap();
    let attacking = battle.attacking.as_ref().unwrap();
    assert_eq!(names(&game, &attacking.attachments), ["Dwarven Hammer", "Chaos Shield"]);
    assert!(game.player(Seat(0)).pool.is_empty(), "nothing left behind");
    let view = game.view_for(Seat(1));
    let total = &view.battle.as_ref().unwrap().attacking.as_ref().unwrap().total;
    assert_eq!(total.value(), 3 + 3 + 1);
}

#[test]
fn sf_82_an_ally_played_with_a_champion_is_attached_for_the_round() {
    let mut game = marco_against_elminster(&["Dwarven Hammer"]);
    let party = game.id_of(0, "War Party");
    play!(game, Action::PlayAlly(party));
    let attacking = game.battle().unwrap().attacking.clone().unwrap();
    assert_eq!(attacking.round_cards, vec![party]);
    let view = game.view_for(Seat(1));
    let fighter = view.battle.as_ref().unwrap().attacking.clone().unwrap();
    assert_eq!(fighter.round_cards.len(), 1);
    assert_eq!(fighter.total.value(), 3 + 3 + 4);
    assert_eq!(
        game.decider(),
        Some(Seat(1)),
        "10 against 9: the defender is losing now"
    );
}

#[test]
fn sf_83_after_a_round_only_items_and_artifacts_go_back_to_the_pool() {
    let mut game = marco_against_elminster(&["Dwarven Hammer", "Chaos Shield"]);
    play!(game, Action::PlayAlly(game.id_of(0, "War Party")));
    play!(game, Action::Pass);
    assert_eq!(
        pool(&game, 0),
        [(
            "Marco Volo".to_string(),
            vec!["Dwarven Hammer".to_string(), "Chaos Shield".to_string()]
        )]
    );
    assert_eq!(names(&game, &game.player(Seat(0)).discard), ["War Party"]);
    assert_eq!(names(&game, &game.player(Seat(1)).discard), ["Elminster the Mage"]);
}

#[test]
fn sf_84_a_discarded_champion_takes_its_attachments_to_the_discard_pile() {
    let mut game = marco_against_elminster(&["Dwarven Hammer", "Chaos Shield"]);
    assert_eq!(game.decider(), Some(Seat(0)), "7 against 9");
    play!(game, Action::Pass);
    assert_eq!(
        names(&game, &game.player(Seat(0)).discard),
        ["Marco Volo", "Dwarven Hammer", "Chaos Shield"]
    );
    assert!(game.player(Seat(0)).pool.is_empty());
    assert_eq!(pool(&game, 1), [("Elminster the Mage".to_string(), vec![])]);
}

// ---------------------------------------------------------------------------------------------
// Section 9: Limbo, the discard pile and the Abyss

#[test]
fn sf_85_cards_in_limbo_are_out_of_play() {
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .limbo(0, ["Elminster the Mage"])
        .hand(0, ["Marco Volo"])
        .formation(1, [realm(A, "Sembia")])
        .build();
    let elminster = game.id_of(0, "Elminster the Mage");
    // Not a pool champion: he cannot attack, nor take an item.
    assert!(game.check(&attack(elminster, 1, A)).is_err());
    assert!(
        !game
            .legal()
            .iter()
            .any(|a| matches!(a, Action::Attack { champion, .. } if *champion == elminster))
    );
    assert!(game.player(Seat(0)).pool.is_empty());
    // Open to every seat, as Limbo.
    let view = game.view_for(Seat(1));
    assert_eq!(
        view.players[0].limbo.iter().map(|l| l.card.id).collect::<Vec<_>>(),
        [elminster]
    );
    assert!(view.players[0].pool.is_empty());
}

#[test]
fn sf_86_a_limbo_card_returns_at_the_end_of_its_owners_next_turn() {
    // Seat 0 is in its turn: the card waits through this turn and seat 1's, and comes back at the
    // end of seat 0's next turn (AMB-12).
    let mut game = TestGame::new(2)
        .limbo(0, ["Marco Volo"])
        .limbo(1, ["Karlott the Shaman"])
        .formation(0, [realm(A, "Cormyr")])
        .formation(1, [realm(A, "Sembia")])
        .build();
    end_turn(&mut game);
    assert_eq!(
        limbo(&game, 0),
        ["Marco Volo"],
        "not at the end of the turn in progress"
    );
    // Seat 1's card went to Limbo outside its turn: its next turn is the one beginning now.
    let events = end_turn(&mut game);
    assert_eq!(limbo(&game, 0), ["Marco Volo"]);
    assert!(limbo(&game, 1).is_empty());
    assert_eq!(pool(&game, 1), [("Karlott the Shaman".to_string(), vec![])]);
    assert!(events.contains(&Event::LimboReturn {
        seat: Seat(1),
        card: "Karlott the Shaman".into(),
        back: true,
        lost: vec![],
    }));
    // Seat 0's next turn: nothing to decide, it simply comes back.
    play!(game, Action::Draw);
    play!(game, Action::EndPhase);
    play!(game, Action::EndPhase);
    assert_eq!(game.pending(), None);
    play!(game, Action::EndTurn);
    assert!(limbo(&game, 0).is_empty());
    assert_eq!(pool(&game, 0), [("Marco Volo".to_string(), vec![])]);
}

#[test]
fn sf_86_a_table_may_bring_limbo_cards_back_the_same_turn() {
    let mut game = TestGame::new(2)
        .rules(|r| r.limbo_return_same_turn = true)
        .limbo(0, ["Marco Volo"])
        .formation(0, [realm(A, "Cormyr")])
        .build();
    end_turn(&mut game);
    assert_eq!(pool(&game, 0), [("Marco Volo".to_string(), vec![])]);
}

#[test]
fn sf_86_a_realm_back_from_limbo_takes_its_old_place_or_the_next_free_one() {
    let mut game = TestGame::new(2)
        .active(1)
        .limbo_realm(0, B, "Waterdeep")
        .limbo_realm(0, A, "Thay")
        .formation(0, [realm(A, "Cormyr"), realm(C, "Sembia")])
        .build();
    end_turn(&mut game);
    let events = end_turn(&mut game);
    let formation = &game.player(Seat(0)).formation;
    let at = |name: &str| formation.position_of(game.id_of(0, name)).map(|p| p.letter());
    assert_eq!(at("Waterdeep"), Some('B'), "B was still empty");
    assert_eq!(
        at("Thay"),
        Some('D'),
        "A was taken: the next free place by the fill order"
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::LimboReturn { card, back: true, .. } if card == "Thay"))
    );
}

#[test]
fn sf_87_a_champion_in_limbo_for_another_reason_keeps_its_attachments() {
    let mut game = TestGame::new(2)
        .active(1)
        .limbo_champions(0, [("Marco Volo", &["Dwarven Hammer", "Chaos Shield"][..])])
        .formation(0, [realm(A, "Cormyr")])
        .build();
    let view = game.view_for(Seat(1));
    assert_eq!(view.players[0].limbo[0].attachments.len(), 2);
    end_turn(&mut game);
    end_turn(&mut game);
    assert_eq!(
        pool(&game, 0),
        [(
            "Marco Volo".to_string(),
            vec!["Dwarven Hammer".to_string(), "Chaos Shield".to_string()]
        )]
    );
    assert!(game.player(Seat(0)).discard.is_empty());
}

#[test]
fn sf_88_an_identical_card_played_meanwhile_discards_the_limbo_card() {
    let mut game = TestGame::new(2)
        .active(1)
        .phase(Phase::Pool)
        .limbo(0, ["Elminster the Mage"])
        .limbo_realm(0, B, "Waterdeep")
        .hand(1, ["Elminster the Mage"])
        .formation(0, [realm(A, "Cormyr")])
        .formation(1, [realm(A, "Sembia"), realm(B, "Waterdeep")])
        .build();
    play!(game, Action::ToPool(game.id_of(1, "Elminster the Mage")));
    end_turn(&mut game);
    let events = end_turn(&mut game);
    assert!(limbo(&game, 0).is_empty());
    assert!(game.player(Seat(0)).pool.is_empty());
    assert_eq!(
        game.player(Seat(0)).formation.occupied(),
        1,
        "Waterdeep did not come back"
    );
    let mut discarded = names(&game, &game.player(Seat(0)).discard);
    discarded.sort();
    assert_eq!(discarded, ["Elminster the Mage", "Waterdeep"]);
    assert!(events.contains(&Event::LimboReturn {
        seat: Seat(0),
        card: "Elminster the Mage".into(),
        back: false,
        lost: vec!["Elminster the Mage".into()],
    }));
    assert_eq!(pool(&game, 1), [("Elminster the Mage".to_string(), vec![])]);
}

#[test]
fn we_10_elminster_in_limbo_does_not_stop_another_and_is_lost() {
    let mut game = TestGame::new(2)
        .active(1)
        .phase(Phase::Pool)
        .limbo(0, ["Elminster the Mage"])
        .hand(1, ["Elminster the Mage"])
        .formation(0, [realm(A, "Cormyr")])
        .formation(1, [realm(A, "Sembia")])
        .build();
    let theirs = game.id_of(1, "Elminster the Mage");
    assert!(game.check(&Action::ToPool(theirs)).is_ok(), "Limbo is not in play");
    play!(game, Action::ToPool(theirs));
    end_turn(&mut game);
    // Seat 0's turn: nothing lets it keep Elminster in Limbo.
    play!(game, Action::Draw);
    play!(game, Action::EndPhase);
    play!(game, Action::EndPhase);
    assert!(
        game.legal()
            .iter()
            .all(|a| matches!(a, Action::EndTurn | Action::CallMulligan))
    );
    play!(game, Action::EndTurn);
    let mine = game.id_of(0, "Elminster the Mage");
    assert_eq!(game.player(Seat(0)).discard, vec![mine]);
    assert!(limbo(&game, 0).is_empty());
    assert_eq!(game.player(Seat(1)).pool[0].card, theirs);
}

#[test]
fn sf_89_an_identical_artifact_attached_meanwhile_is_lost_on_return() {
    let mut game = TestGame::new(2)
        .active(1)
        .phase(Phase::Pool)
        .limbo_champions(0, [("Marco Volo", &["Chaos Shield", "Dwarven Hammer"][..])])
        .hand(1, ["Chaos Shield"])
        .pool(1, [("Drizzt Do' Urden", &[][..])])
        .formation(0, [realm(A, "Cormyr")])
        .formation(1, [realm(A, "Sembia")])
        .build();
    let theirs = game.id_of(1, "Chaos Shield");
    play!(game, attach(theirs, game.id_of(1, "Drizzt Do' Urden")));
    end_turn(&mut game);
    let events = end_turn(&mut game);
    assert_eq!(
        pool(&game, 0),
        [("Marco Volo".to_string(), vec!["Dwarven Hammer".to_string()])]
    );
    assert_eq!(names(&game, &game.player(Seat(0)).discard), ["Chaos Shield"]);
    assert!(events.contains(&Event::LimboReturn {
        seat: Seat(0),
        card: "Marco Volo".into(),
        back: true,
        lost: vec!["Chaos Shield".into()],
    }));
}

#[test]
fn we_11_an_artifact_held_in_limbo_yields_to_one_attached_meanwhile() {
    let mut game = TestGame::new(2)
        .active(1)
        .phase(Phase::Pool)
        .limbo_champions(0, [("Elminster the Mage", &["Ren's Bell of Death"][..])])
        .hand(1, ["Ren's Bell of Death"])
        .pool(1, [("King Azoun IV", &[][..])])
        .formation(0, [realm(A, "Cormyr")])
        .formation(1, [realm(A, "Sembia")])
        .build();
    let theirs = game.id_of(1, "Ren's Bell of Death");
    let azoun = game.id_of(1, "King Azoun IV");
    assert!(
        game.check(&attach(theirs, azoun)).is_ok(),
        "the Limbo copy does not block it"
    );
    play!(game, attach(theirs, azoun));
    end_turn(&mut game);
    end_turn(&mut game);
    assert_eq!(pool(&game, 0), [("Elminster the Mage".to_string(), vec![])]);
    assert_eq!(names(&game, &game.player(Seat(0)).discard), ["Ren's Bell of Death"]);
    assert_eq!(pool(&game, 1)[0].1, ["Ren's Bell of Death"]);
}

#[test]
fn sf_90_reshuffling_the_discard_pile_leaves_limbo_alone() {
    // "True" victory reshuffles the discard pile into an empty draw pile (SF-259).
    let mut game = TestGame::new(2)
        .rules(|r| r.true_victory = true)
        .filler(0)
        .phase(Phase::StartOfTurn)
        .draw(0, ["Cormyr"])
        .discard(0, ["Sembia", "Vaasa", "Thay"])
        .limbo(0, ["Elminster the Mage"])
        .abyss(0, ["Bad Omens"])
        .build();
    play!(game, Action::Draw);
    let player = game.player(Seat(0));
    assert_eq!(player.hand.len(), 3);
    assert_eq!(
        player.hand.len() + player.draw.len(),
        4,
        "Cormyr and the three discards"
    );
    assert!(player.discard.is_empty());
    assert_eq!(limbo(&game, 0), ["Elminster the Mage"]);
    assert_eq!(names(&game, &player.abyss), ["Bad Omens"]);
}

#[test]
fn sf_91_each_player_has_his_own_discard_pile() {
    let mut game = marco_against_elminster(&["Dwarven Hammer"]);
    play!(game, Action::PlayAlly(game.id_of(0, "War Party")));
    // 10 against 9: Elminster's side passes and loses.
    play!(game, Action::Pass);
    assert_eq!(names(&game, &game.player(Seat(1)).discard), ["Elminster the Mage"]);
    assert_eq!(names(&game, &game.player(Seat(0)).discard), ["War Party"]);
    assert!(game.player(Seat(0)).abyss.is_empty() && game.player(Seat(1)).abyss.is_empty());
    let view = game.view_for(Seat(0));
    assert_eq!(view.players[1].discard.len(), 1, "discard piles are open");
}

#[test]
fn sf_92_events_always_end_in_the_abyss() {
    // Played.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(
            0,
            [
                "Bad Omens",
                "Fortunate Omens",
                "Airship",
                "Cormyr",
                "Sembia",
                "Vaasa",
                "Thay",
            ],
        )
        .hand(0, ["Calimshan", "Waterdeep", "Shadowdale"])
        .formation(0, [realm(A, "Ravens Bluff").razed(), realm(B, "The High Forest")])
        .build();
    let bad = game.id_of(0, "Bad Omens");
    play!(game, Action::PlayEvent(bad));
    play!(game, Action::Pass);
    assert_eq!(game.player(Seat(0)).abyss, vec![bad]);
    // Discarded unplayed, to the hand limit.
    play!(game, Action::EndPhase);
    let fortunate = game.id_of(0, "Fortunate Omens");
    play!(game, Action::Discard(fortunate));
    assert_eq!(game.player(Seat(0)).abyss, vec![bad, fortunate]);
    assert!(game.player(Seat(0)).discard.is_empty());
    // Discarded to rebuild a realm.
    play!(game, Action::EndTurn);
    end_turn(&mut game);
    play!(game, Action::Draw);
    play!(game, Action::Rebuild { at: Position(A) });
    let airship = game.id_of(0, "Airship");
    for card in [airship, game.id_of(0, "Cormyr"), game.id_of(0, "Sembia")] {
        play!(game, Action::Discard(card));
    }
    assert_eq!(game.player(Seat(0)).abyss, vec![bad, fortunate, airship]);
    assert_eq!(names(&game, &game.player(Seat(0)).discard), ["Cormyr", "Sembia"]);
}

// WE-22 (Myrmidons shuffle the discard pile into the draw pile and the events stay in the Abyss)
// and WE-23 (Karlott the Shaman brings an event back from the Abyss) are not tested: Myrmidons'
// power (1st/61 and its reprints) is not scripted, and Karlott's printings carry no such power
// (1st, 2nd and No Edition have none; 3rd/63 is not scripted). Both are waived in
// rules_coverage.rs; the Abyss itself is tested below.
#[test]
fn sf_93_the_abyss_is_out_of_the_game_for_good() {
    let mut game = TestGame::new(2)
        .rules(|r| r.true_victory = true)
        .filler(0)
        .phase(Phase::StartOfTurn)
        .discard(0, ["Sembia", "Vaasa"])
        .abyss(0, ["Bad Omens", "Fortunate Omens"])
        .build();
    play!(game, Action::Draw);
    assert_eq!(
        names(&game, &game.player(Seat(0)).abyss),
        ["Bad Omens", "Fortunate Omens"]
    );
    let mut hand = names(&game, &game.player(Seat(0)).hand);
    hand.sort();
    assert_eq!(hand, ["Sembia", "Vaasa"], "only the discard pile came back");
    let omens = game.id_of(0, "Bad Omens");
    assert!(
        game.check(&Action::PlayEvent(omens)).is_err(),
        "nothing plays from the Abyss"
    );
}

/// Seat 0's `attacker` from the pool, with the Myrmidons in hand, attacks seat 1's Cormyr, held
/// by `defender`; seat 0 has two realms in its discard pile and two used events in its Abyss.
fn myrmidons_battle(attacker: &str, defender: &str) -> Spellfire {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [(attacker, &[][..])])
        .hand(0, ["Myrmidons"])
        .discard(0, ["Sembia", "Vaasa"])
        .abyss(0, ["Bad Omens", "Fortunate Omens"])
        .formation(1, [realm(0, "Cormyr")])
        .pool(1, [(defender, &[][..])])
        .build();
    play!(game, attack_p2(game.id_of(0, attacker), 0));
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, defender)
        }
    );
    assert_eq!(game.decider(), Some(Seat(0)));
    play!(game, Action::PlayAlly(game.id_of(0, "Myrmidons")));
    game
}

#[test]
fn we_22_sf_93_myrmidons_reshuffle_the_discard_pile_but_not_the_abyss() {
    // Tergoz Tenhammer (5) and the Myrmidons (+4) tie Strahd (9): the defender wins (SF-112),
    // Tergoz and the Myrmidons are discarded, and the Myrmidons' power shuffles seat 0's whole
    // discard pile — the two realms, Tergoz and the Myrmidons — into its draw pile. The used
    // events stay in the Abyss.
    let mut game = myrmidons_battle("Tergoz Tenhammer", "Strahd Von Zarovich");
    let draw_before = game.player(Seat(0)).draw.len();
    assert_eq!(
        game.decider(),
        Some(Seat(0)),
        "9 against 9: the tie goes to the defender"
    );
    play!(game, Action::Pass);
    let seat0 = game.player(Seat(0));
    assert!(
        seat0.discard.is_empty(),
        "the discard pile is shuffled in: {:?}",
        names(&game, &seat0.discard)
    );
    assert_eq!(seat0.draw.len(), draw_before + 4);
    for card in ["Sembia", "Vaasa", "Tergoz Tenhammer", "Myrmidons"] {
        assert!(seat0.draw.contains(&game.id_of(0, card)), "{card} is in the draw pile");
    }
    assert_eq!(
        names(&game, &seat0.abyss),
        ["Bad Omens", "Fortunate Omens"],
        "the events stay in the Abyss"
    );
}

#[test]
fn card_1st_61_myrmidons_reshuffle_when_discarded_after_a_won_battle() {
    // Tergoz Tenhammer (5) and the Myrmidons (+4) beat Neeva (7), and Tergoz's player ends the
    // battle. The Myrmidons go to the discard pile as the battle ends, and their power shuffles
    // the pile into the draw pile at once: nothing is left in it.
    let mut game = myrmidons_battle("Tergoz Tenhammer", "Neeva");
    let draw_before = game.player(Seat(0)).draw.len();
    assert_eq!(game.decider(), Some(Seat(1)), "9 against 7");
    play!(game, Action::Pass);
    assert!(
        game.player(Seat(0)).discard.is_empty(),
        "the Myrmidons stay with Tergoz while the battle goes on"
    );
    play!(game, Action::EndBattle);
    assert!(game.battle().is_none());
    let seat0 = game.player(Seat(0));
    let myrmidons = game.id_of(0, "Myrmidons");
    assert!(seat0.discard.is_empty(), "{:?}", names(&game, &seat0.discard));
    assert!(seat0.draw.contains(&myrmidons));
    assert_eq!(
        seat0.draw.len(),
        draw_before + 3,
        "Sembia, Vaasa and the Myrmidons joined the draw pile"
    );
    assert!(seat0.pool.iter().any(|c| c.card == game.id_of(0, "Tergoz Tenhammer")));
    assert_eq!(seat0.abyss.len(), 2);
}

#[test]
fn we_23_sf_93_karlott_the_shaman_brings_a_used_event_back_to_the_hand() {
    // Karlott (3rd/63) has been in seat 0's pool since before this turn. In phase 3 his player
    // sends him to the Abyss to take a used event from it into the hand: the one way back for
    // events, the card's text overriding SF-93. The event may be played again.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("3rd/63", &["Staff of Conjuring"][..])])
        .abyss(0, ["Bad Omens", "Fortunate Omens"])
        .abyss(1, ["Cataclysm!"])
        .formation(1, [realm(0, "Cormyr")])
        .build();
    let karlott = game.id_of(0, "Karlott the Shaman");
    let (bad, fortunate) = (game.id_of(0, "Bad Omens"), game.id_of(0, "Fortunate Omens"));
    play!(game, Action::UseCard(karlott));
    let mut offered = game.legal();
    offered.sort();
    let mut own = vec![Action::Choose(bad), Action::Choose(fortunate)];
    own.sort();
    assert_eq!(offered, own, "his player's own used events, not another player's");
    play!(game, Action::Choose(fortunate));
    let seat0 = game.player(Seat(0));
    assert_eq!(seat0.hand, vec![fortunate], "the event is back in the hand");
    assert_eq!(names(&game, &seat0.abyss), ["Bad Omens", "Karlott the Shaman"]);
    assert!(seat0.pool.is_empty(), "Karlott has left the pool");
    assert_eq!(
        names(&game, &seat0.discard),
        ["Staff of Conjuring"],
        "what he carried is discarded"
    );
    assert_eq!(game.player(Seat(1)).abyss.len(), 1);
    assert!(
        game.legal().contains(&Action::PlayEvent(fortunate)),
        "it may be played again"
    );
}

#[test]
fn card_3rd_63_karlott_the_shaman_must_stay_a_turn_in_the_pool_first() {
    // Put into the pool this turn, Karlott cannot use his power until a later turn of his
    // player.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .filler(10)
        .hand(0, ["3rd/63"])
        .abyss(0, ["Bad Omens"])
        .formation(0, [realm(0, "Sembia")])
        .formation(1, [realm(0, "Cormyr")])
        .build();
    let third = game.id_of(0, "Karlott the Shaman");
    let turns = game.player(Seat(0)).turns;
    play!(game, Action::ToPool(third));
    let why = refused(&game, Action::UseCard(third));
    assert!(
        why.reason.contains("in its pool since before this turn"),
        "{}",
        why.reason
    );
    // Round the table to seat 0's next phase 3.
    let mut steps = 0;
    while !(game.active() == Seat(0) && game.phase() == Phase::Pool && game.player(Seat(0)).turns > turns) {
        let legal = game.legal();
        let next = [Action::EndPhase, Action::Draw, Action::EndTurn]
            .into_iter()
            .find(|a| legal.contains(a))
            .or_else(|| legal.iter().find(|a| matches!(a, Action::Discard(_))).cloned())
            .unwrap_or(Action::Pass);
        play!(game, next);
        steps += 1;
        assert!(steps < 40, "stuck at {:?}", game.legal());
    }
    assert!(game.legal().contains(&Action::UseCard(third)), "a turn later he may");
    play!(game, Action::UseCard(third));
    play!(game, Action::Choose(game.id_of(0, "Bad Omens")));
    assert!(game.player(Seat(0)).hand.contains(&game.id_of(0, "Bad Omens")));
    assert!(game.player(Seat(0)).abyss.contains(&third));
}

// ---------------------------------------------------------------------------------------------
// Section 10: the Rule of the Cosmos

#[test]
fn sf_94_one_copy_of_a_champion_artifact_realm_or_holding_in_play() {
    let game = TestGame::new(2)
        .active(1)
        .phase(Phase::Pool)
        .pool(0, [("Marco Volo", &["Chaos Shield"][..])])
        .formation(0, [realm(A, "Cormyr").holding("Berdusk")])
        .hand(1, ["Marco Volo", "Chaos Shield"])
        .pool(1, [("Drizzt Do' Urden", &[][..])])
        .formation(1, [realm(A, "Sembia")])
        .build();
    assert_eq!(
        refused(&game, Action::ToPool(game.id_of(1, "Marco Volo"))).rule,
        "SF-94"
    );
    assert_eq!(refused(&game, attack(game.id_of(1, "Marco Volo"), 0, A)).rule, "SF-94");
    let shield = game.id_of(1, "Chaos Shield");
    assert_eq!(
        refused(&game, attach(shield, game.id_of(1, "Drizzt Do' Urden"))).rule,
        "SF-94"
    );
    let game = TestGame::new(2)
        .active(1)
        .hand(1, ["Cormyr", "Berdusk"])
        .formation(0, [realm(A, "Cormyr").holding("Berdusk")])
        .formation(1, [realm(A, "Sembia")])
        .build();
    let holding = Action::PlayHolding {
        card: game.id_of(1, "Berdusk"),
        at: Position(A),
    };
    assert_eq!(refused(&game, holding).rule, "SF-94");
    let realm_b = Action::PlayRealm {
        card: game.id_of(1, "Cormyr"),
        at: Position(B),
    };
    assert_eq!(refused(&game, realm_b).rule, "SF-94");
}

#[test]
fn we_8_elminster_in_a_pool_or_in_a_battle_stops_another() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Elminster the Mage", &[][..])])
        .formation(0, [realm(A, "Cormyr")])
        .hand(1, ["Elminster the Mage", "Marco Volo"])
        .formation(1, [realm(A, "Sembia")])
        .build();
    let theirs = game.id_of(1, "Elminster the Mage");
    play!(game, attack(game.id_of(0, "Elminster the Mage"), 1, A));
    // Seat 0's Elminster fights: seat 1 may not send its own from the hand.
    assert_eq!(refused(&game, Action::Defend { champion: theirs }).rule, "SF-94");
    assert!(
        game.check(&Action::Defend {
            champion: game.id_of(1, "Marco Volo")
        })
        .is_ok()
    );
    play!(game, Action::Decline);
    play!(game, Action::KeepSpoils);
    end_turn(&mut game);
    play!(game, Action::Draw);
    play!(game, Action::EndPhase);
    assert_eq!(
        refused(&game, Action::ToPool(theirs)).rule,
        "SF-94",
        "nor into the pool"
    );
}

#[test]
fn sf_95_the_owner_of_the_first_copy_is_bound_too() {
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Elminster the Mage", &[][..])])
        .hand(0, ["Elminster the Mage"])
        .build();
    let second = game.player(Seat(0)).hand[0];
    assert_eq!(game.name(second), "Elminster the Mage");
    assert_eq!(refused(&game, Action::ToPool(second)).rule, "SF-94");
}

#[test]
fn we_47_two_printings_are_the_same_card() {
    let game = TestGame::new(2)
        .active(1)
        .phase(Phase::Pool)
        .pool(0, [("1st/44", &[][..])])
        .hand(1, ["4th/271"])
        .build();
    let theirs = game.id_of(1, "Elminster the Mage");
    assert_ne!(
        game.card_ref(theirs),
        game.card_ref(game.id_of(0, "Elminster the Mage"))
    );
    assert_eq!(refused(&game, Action::ToPool(theirs)).rule, "SF-94");
}

#[test]
fn sf_96_allies_items_and_events_are_not_limited_by_the_rule() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Dwarven Hammer", "Dwarven Hammer", "War Party", "Bad Omens"])
        .pool(0, [("Marco Volo", &["Dwarven Hammer"][..]), ("Rikus", &[][..])])
        .hand(1, ["War Party", "Bad Omens"])
        .pool(1, [("Elminster the Mage", &[][..])])
        .formation(1, [realm(A, "Sembia")])
        .build();
    let hammers = game.ids_of(0, "Dwarven Hammer");
    play!(game, attach(hammers[0], game.id_of(0, "Rikus")));
    play!(game, attach(hammers[1], game.id_of(0, "Marco Volo")));
    assert_eq!(pool(&game, 0)[0].1, ["Dwarven Hammer", "Dwarven Hammer"]);
    // Two War Parties fight in one round, one on each side.
    play!(game, attack(game.id_of(0, "Marco Volo"), 1, A));
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, "Elminster the Mage")
        }
    );
    play!(game, Action::PlayAlly(game.id_of(0, "War Party")));
    assert_eq!(game.decider(), Some(Seat(1)), "13 against 9");
    play!(game, Action::PlayAlly(game.id_of(1, "War Party")));
    let battle = game.battle().unwrap();
    assert_eq!(battle.attacking.as_ref().unwrap().round_cards.len(), 1);
    assert_eq!(battle.defending.as_ref().unwrap().round_cards.len(), 1);
}

#[test]
fn sf_97_a_realm_in_any_formation_even_razed_blocks_its_copies() {
    let game = TestGame::new(2)
        .active(1)
        .hand(1, ["Cormyr"])
        .formation(0, [realm(A, "Cormyr").razed()])
        .build();
    let cormyr = game.id_of(1, "Cormyr");
    assert_eq!(
        refused(
            &game,
            Action::PlayRealm {
                card: cormyr,
                at: Position(A)
            }
        )
        .rule,
        "SF-94"
    );
}

#[test]
fn we_9_a_razed_realm_blocks_until_its_owner_replaces_it() {
    let mut game = TestGame::new(2)
        .hand(0, ["Waterdeep"])
        .hand(1, ["Cormyr"])
        .formation(0, [realm(A, "Cormyr").razed()])
        .build();
    let mut blocked = game.clone();
    end_turn(&mut blocked);
    play!(blocked, Action::Draw);
    let theirs = game.id_of(1, "Cormyr");
    assert_eq!(
        refused(
            &blocked,
            Action::PlayRealm {
                card: theirs,
                at: Position(A)
            }
        )
        .rule,
        "SF-94"
    );
    // Seat 0 replaces its razed Cormyr: seat 1 may now play its own.
    play!(
        game,
        Action::PlayRealm {
            card: game.id_of(0, "Waterdeep"),
            at: Position(A)
        }
    );
    assert_eq!(names(&game, &game.player(Seat(0)).discard), ["Cormyr"]);
    end_turn(&mut game);
    play!(game, Action::Draw);
    play!(
        game,
        Action::PlayRealm {
            card: theirs,
            at: Position(A)
        }
    );
    assert_eq!(
        game.player(Seat(1)).formation.slot(Position(A)).map(|s| s.realm),
        Some(theirs)
    );
}

#[test]
fn sf_98_cards_in_limbo_block_no_one() {
    let game = TestGame::new(2)
        .active(1)
        .phase(Phase::Pool)
        .limbo(0, ["Elminster the Mage"])
        .limbo_realm(0, A, "Cormyr")
        .hand(1, ["Elminster the Mage"])
        .build();
    assert!(game.check(&Action::ToPool(game.id_of(1, "Elminster the Mage"))).is_ok());
    let game = TestGame::new(2)
        .active(1)
        .limbo_realm(0, A, "Cormyr")
        .hand(1, ["Cormyr"])
        .build();
    assert!(
        game.check(&Action::PlayRealm {
            card: game.id_of(1, "Cormyr"),
            at: Position(A)
        })
        .is_ok()
    );
}
