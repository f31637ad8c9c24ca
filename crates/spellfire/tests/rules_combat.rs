//! Checklist sections 11 and 12: battles, the sequence of a round, its outcomes, and movement
//! powers. Every position is laid out with `TestGame` and played through `check`/`apply_action`,
//! the path the app uses.

mod common;

use common::{A, B, C, D, E, F, P1, P2, attack_p2};

use common::{apply as ok, refused, total};

use spellfire::{
    Action, AttachInCombat, BattleStep, CardId, Pending, Phase, Position, Side, Spellfire, TestGame, realm,
};
use spellhall_core::Seat;

fn attack(game: &mut Spellfire, champion: CardId, at: u8) {
    ok(game, attack_p2(champion, at));
}

fn pool_cards(game: &Spellfire, seat: Seat) -> Vec<CardId> {
    game.player(seat).pool.iter().map(|c| c.card).collect()
}

/// Seat 1 (P1) in phase 3 with `attackers` in the pool; seat 2 (P2) with realms in A, B and C and
/// `defenders` in the pool. P2's draw pile starts with Dagrande, P1's with Kaz the Minotaur, so
/// the spoils are known.
fn table(attackers: &[&str], defenders: &[&str]) -> TestGame {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr"), realm(B, "Sembia"), realm(C, "Calimshan")])
        .draw(0, ["Kaz the Minotaur"])
        .draw(1, ["Dagrande"]);
    for &name in attackers {
        game = game.pool(0, [(name, &[][..])]);
    }
    for &name in defenders {
        game = game.pool(1, [(name, &[][..])]);
    }
    game
}

// ---------------------------------------------------------------------------------------------
// 11.1 Battles

#[test]
fn sf_99_a_battle_is_an_attack_on_one_realm_fought_champion_against_champion() {
    let mut game = table(&["King Havlor II"], &["Cleric of Gond"]).build();
    let havlor = game.id_of(0, "King Havlor II");
    let gond = game.id_of(1, "Cleric of Gond");
    attack(&mut game, havlor, A);
    assert_eq!(game.phase(), Phase::Battle);
    let battle = game.battle().expect("a battle");
    assert_eq!((battle.attacker, battle.defender, battle.target), (P1, P2, Position(A)));
    assert_eq!(battle.step, BattleStep::ChooseDefender);
    assert_eq!(game.decider(), Some(P2));
    ok(&mut game, Action::Defend { champion: gond });
    let battle = game.battle().expect("a battle");
    assert_eq!(battle.step, BattleStep::Round);
    assert_eq!(battle.attacking.as_ref().map(|f| f.card), Some(havlor));
    assert_eq!(battle.defending.as_ref().map(|f| f.card), Some(gond));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (5, 4));
}

#[test]
fn sf_100_one_battle_a_turn_and_its_target_never_changes() {
    let mut game = table(&["King Havlor II", "Tergoz Tenhammer"], &["Cleric of Gond"]).build();
    let havlor = game.id_of(0, "King Havlor II");
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    let gond = game.id_of(1, "Cleric of Gond");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: gond });
    ok(&mut game, Action::Pass);
    assert_eq!(game.battle().map(|b| b.step), Some(BattleStep::NextAttacker));
    // A fresh champion may go on, but only against the same realm.
    for at in [B, C] {
        let error = refused(&game, attack_p2(tergoz, at));
        assert_eq!(error.rule, "SF-100");
    }
    attack(&mut game, tergoz, A);
    ok(&mut game, Action::Decline);
    // The battle is over: no second battle this turn.
    assert_eq!(game.phase(), Phase::AfterBattle);
    ok(&mut game, Action::KeepSpoils);
    let error = refused(&game, attack_p2(havlor, B));
    assert_eq!(error.rule, "SF-121");
}

#[test]
fn sf_101_the_target_is_a_reachable_realm_of_an_opponent() {
    let mut game = table(&["King Havlor II"], &[])
        .formation(0, [realm(A, "The High Forest")])
        .build();
    let havlor = game.id_of(0, "King Havlor II");
    let own = refused(
        &game,
        Action::Attack {
            champion: havlor,
            defender: P1,
            at: Position(A),
        },
    );
    assert_eq!(own.rule, "SF-101");
    let shielded = refused(&game, attack_p2(havlor, B));
    assert_eq!(shielded.rule, "SF-55");
    let empty = refused(&game, attack_p2(havlor, D));
    assert_eq!(empty.rule, "SF-101");
    attack(&mut game, havlor, A);
}

#[test]
fn sf_102_a_battle_ends_when_the_realm_falls_the_attacker_loses_or_breaks_off() {
    // The realm is razed.
    let mut razed = table(&["King Havlor II"], &[]).build();
    let havlor = razed.id_of(0, "King Havlor II");
    attack(&mut razed, havlor, A);
    ok(&mut razed, Action::Decline);
    assert!(razed.battle().is_none());
    assert_eq!(razed.phase(), Phase::AfterBattle);

    // The attacking champion loses.
    let mut lost = table(&["King Havlor II"], &["Cleric of Torm"]).build();
    let havlor = lost.id_of(0, "King Havlor II");
    let torm = lost.id_of(1, "Cleric of Torm");
    attack(&mut lost, havlor, A);
    ok(&mut lost, Action::Defend { champion: torm });
    ok(&mut lost, Action::Pass);
    assert!(lost.battle().is_none());
    assert_eq!(lost.phase(), Phase::AfterBattle);

    // The attacker breaks off after winning a round.
    let mut broken = table(&["King Havlor II", "Tergoz Tenhammer"], &["Cleric of Gond"]).build();
    let havlor = broken.id_of(0, "King Havlor II");
    let gond = broken.id_of(1, "Cleric of Gond");
    attack(&mut broken, havlor, A);
    ok(&mut broken, Action::Defend { champion: gond });
    ok(&mut broken, Action::Pass);
    assert!(broken.battle().is_some());
    ok(&mut broken, Action::EndBattle);
    assert!(broken.battle().is_none());
    assert_eq!(broken.phase(), Phase::AfterBattle);
}

#[test]
fn sf_103_combat_starts_only_once_both_champions_are_chosen() {
    let mut game = table(&["King Havlor II"], &["Cleric of Gond"])
        .hand(0, ["Armies of Bloodstone"])
        .build();
    let havlor = game.id_of(0, "King Havlor II");
    let gond = game.id_of(1, "Cleric of Gond");
    let armies = game.id_of(0, "Armies of Bloodstone");
    attack(&mut game, havlor, A);
    // No round yet: no defending total, and nothing may be played into it.
    assert!(game.total(Side::Defender).is_none());
    assert_eq!(game.decider(), Some(P2));
    assert_eq!(refused(&game, Action::PlayAlly(armies)).rule, "SF-107");
    ok(&mut game, Action::Defend { champion: gond });
    assert_eq!(game.battle().map(|b| b.step), Some(BattleStep::Round));
    assert_eq!(total(&game, Side::Defender), 4);
}

#[test]
fn sf_104_a_defeated_champion_goes_to_its_owners_discard_pile_with_its_attachments() {
    let mut game = table(&["Mordenkainen"], &[])
        .pool(1, [("Cleric of Gond", &["Banner of the One-Eyed God"][..])])
        .build();
    let mordenkainen = game.id_of(0, "Mordenkainen");
    let gond = game.id_of(1, "Cleric of Gond");
    let banner = game.id_of(1, "Banner of the One-Eyed God");
    attack(&mut game, mordenkainen, A);
    ok(&mut game, Action::Defend { champion: gond });
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 5));
    ok(&mut game, Action::Pass);
    let discard = &game.player(P2).discard;
    assert!(discard.contains(&gond) && discard.contains(&banner), "{discard:?}");
    assert!(game.player(P2).pool.is_empty());
    assert!(game.player(P1).discard.is_empty());
}

// ---------------------------------------------------------------------------------------------
// 11.2 Sequence of a round

#[test]
fn sf_105_the_attacker_sends_a_champion_from_hand_or_pool_bringing_only_what_it_carries() {
    // From the pool, with the magical item it already carries.
    let mut game = table(&[], &[])
        .pool(0, [("King Havlor II", &["Dwarven Hammer"][..])])
        .hand(0, ["Tergoz Tenhammer", "Flameblade"])
        .build();
    let havlor = game.id_of(0, "King Havlor II");
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    let flameblade = game.id_of(0, "Flameblade");
    let hammer = game.id_of(0, "Dwarven Hammer");
    // Nothing goes onto a champion still in the hand.
    assert_eq!(
        refused(
            &game,
            Action::Attach {
                card: flameblade,
                champion: tergoz
            }
        )
        .rule,
        "SF-76"
    );
    let mut from_hand = game.clone();
    attack(&mut game, havlor, A);
    let attacking = game.battle().and_then(|b| b.attacking.clone()).expect("an attacker");
    assert_eq!(attacking.attachments, vec![hammer]);
    assert_eq!(total(&game, Side::Attacker), 8);
    // No attaching at the moment of choosing: the defender chooses next, and only a defence.
    assert_eq!(
        refused(
            &game,
            Action::Attach {
                card: flameblade,
                champion: havlor
            }
        )
        .rule,
        "SF-107"
    );
    // From the hand, bare.
    attack(&mut from_hand, tergoz, A);
    assert!(!from_hand.player(P1).hand.contains(&tergoz));
    let attacking = from_hand
        .battle()
        .and_then(|b| b.attacking.clone())
        .expect("an attacker");
    assert_eq!(attacking.card, tergoz);
    assert!(attacking.attachments.is_empty());
}

#[test]
fn sf_106_the_first_round_names_the_realm_and_every_later_round_attacks_it() {
    let mut game = table(
        &["King Havlor II", "Tergoz Tenhammer"],
        &["Cleric of Gond", "Karlott the Shaman"],
    )
    .build();
    let havlor = game.id_of(0, "King Havlor II");
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    let gond = game.id_of(1, "Cleric of Gond");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: gond });
    ok(&mut game, Action::Pass);
    let offered: Vec<Action> = game
        .legal()
        .into_iter()
        .filter(|a| matches!(a, Action::Attack { .. }))
        .collect();
    assert_eq!(offered, vec![attack_p2(tergoz, A)]);
    attack(&mut game, tergoz, A);
    assert_eq!(game.battle().map(|b| b.target), Some(Position(A)));
}

#[test]
fn sf_107_the_defender_chooses_from_hand_or_pool_or_declines() {
    let mut game = table(&["King Havlor II"], &["Cleric of Gond"])
        .hand(1, ["Cleric of Torm", "Armies of Bloodstone"])
        .build();
    let havlor = game.id_of(0, "King Havlor II");
    let gond = game.id_of(1, "Cleric of Gond");
    let torm = game.id_of(1, "Cleric of Torm");
    attack(&mut game, havlor, A);
    let legal = game.legal();
    for action in [
        Action::Defend { champion: gond },
        Action::Defend { champion: torm },
        Action::Decline,
    ] {
        assert!(legal.contains(&action), "{action:?} missing from {legal:?}");
    }
    assert_eq!(
        refused(&game, Action::Defend { champion: havlor }).rule,
        "SF-38",
        "only the defender's own champions"
    );
    ok(&mut game, Action::Defend { champion: torm });
    assert!(!game.player(P2).hand.contains(&torm));
    assert_eq!(
        game.battle().and_then(|b| b.defending.as_ref()).map(|f| f.card),
        Some(torm)
    );
    assert_eq!(total(&game, Side::Defender), 5);
}

#[test]
fn sf_108_a_declined_or_impossible_defence_razes_the_realm() {
    // No champion to offer: declining is all there is.
    let mut game = table(&["King Havlor II"], &[]).build();
    let havlor = game.id_of(0, "King Havlor II");
    attack(&mut game, havlor, A);
    assert_eq!(game.legal(), vec![Action::Decline]);
    ok(&mut game, Action::Decline);
    assert!(game.player(P2).formation.slot(Position(A)).expect("A").razed);
    assert!(game.battle().is_none());
}

#[test]
fn sf_111_the_total_is_the_level_plus_every_card_fighting_with_it() {
    let mut game = table(&[], &[])
        .pool(0, [("Sadira", &["Dwarven Hammer"][..])])
        .pool(1, [("Cleric of Torm", &["Staff of Conjuring"][..])])
        .hand(0, ["Armies of Bloodstone", "Magic Missile"])
        .hand(1, ["Cure Light Wounds"])
        .build();
    let sadira = game.id_of(0, "Sadira");
    let torm = game.id_of(1, "Cleric of Torm");
    attack(&mut game, sadira, A);
    ok(&mut game, Action::Defend { champion: torm });
    assert_eq!(total(&game, Side::Attacker), 4 + 3);
    assert_eq!(total(&game, Side::Defender), 5 + 5);
    let card = game.id_of(0, "Armies of Bloodstone");
    ok(&mut game, Action::PlayAlly(card));
    assert_eq!(total(&game, Side::Attacker), 4 + 3 + 4);
    let card = game.id_of(1, "Cure Light Wounds");
    ok(&mut game, Action::UseCard(card));
    assert_eq!(total(&game, Side::Defender), 5 + 5 + 1);
    let card = game.id_of(0, "Magic Missile");
    ok(&mut game, Action::UseCard(card));
    let parts = game.total(Side::Attacker).expect("a total");
    assert_eq!(parts.level, 4);
    assert_eq!(parts.parts.len(), 3, "hammer, ally, spell");
    assert_eq!(parts.value(), 4 + 3 + 4 + 3);
}

#[test]
fn sf_112_the_losing_side_plays_one_card_and_the_totals_are_compared_again() {
    let mut game = table(&["King Havlor II"], &["Cleric of Torm"])
        .hand(0, ["Armies of Bloodstone", "War Party"])
        .build();
    let havlor = game.id_of(0, "King Havlor II");
    let torm = game.id_of(1, "Cleric of Torm");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: torm });
    assert_eq!(game.decider(), Some(P1), "5 against 5: the attacker is losing");
    let card = game.id_of(0, "Armies of Bloodstone");
    ok(&mut game, Action::PlayAlly(card));
    assert_eq!(total(&game, Side::Attacker), 9);
    assert_eq!(game.losing_side(), Side::Defender);
    assert_eq!(game.decider(), Some(P2), "the other side is losing now");
    // P1 may not add his second card while winning.
    assert_eq!(
        refused(&game, Action::PlayAlly(game.id_of(0, "War Party"))).rule,
        "SF-228"
    );
}

#[test]
fn sf_112_the_losing_side_may_play_an_event_as_its_card() {
    let mut game = table(&["King Havlor II"], &["Cleric of Torm"])
        .hand(0, ["Good Fortune"])
        .build();
    let havlor = game.id_of(0, "King Havlor II");
    let torm = game.id_of(1, "Cleric of Torm");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: torm });
    let hand = game.player(P1).hand.len();
    let fortune = game.id_of(0, "Good Fortune");
    ok(&mut game, Action::PlayEvent(fortune));
    while matches!(game.pending(), Some(Pending::EventPause { .. })) {
        ok(&mut game, Action::Pass);
    }
    assert_eq!(game.player(P1).hand.len(), hand - 1 + 5);
    assert!(
        game.player(P1).abyss.contains(&fortune),
        "a played event goes to the Abyss"
    );
    // Still 5 against 5: P1 is still losing and decides again.
    assert_eq!(game.battle().map(|b| b.step), Some(BattleStep::Round));
    assert_eq!(game.decider(), Some(P1));
}

#[test]
fn sf_112_what_the_losing_side_may_attach_follows_the_tables_choice() {
    let round = |choice: AttachInCombat| {
        let mut game = TestGame::new(2)
            .rules(|r| r.attach_in_combat = choice)
            .phase(Phase::Pool)
            .formation(1, [realm(A, "Cormyr")])
            .pool(0, [("Mul Savage", &[][..])])
            .pool(1, [("Cleric of Torm", &["Staff of Conjuring"][..])])
            .hand(0, ["Annulus", "Dwarven Hammer"])
            .build();
        let savage = game.id_of(0, "Mul Savage");
        let torm = game.id_of(1, "Cleric of Torm");
        attack(&mut game, savage, A);
        ok(&mut game, Action::Defend { champion: torm });
        let attach = |game: &Spellfire, name: &str| Action::Attach {
            card: game.id_of(0, name),
            champion: savage,
        };
        (
            game.check(&attach(&game, "Annulus")).map_err(|e| e.rule),
            game.check(&attach(&game, "Dwarven Hammer")).map_err(|e| e.rule),
        )
    };
    let amb = || Err("AMB-9".to_string());
    assert_eq!(round(AttachInCombat::ItemsAndArtifacts), (Ok(()), Ok(())));
    assert_eq!(round(AttachInCombat::ItemsOnly), (amb(), Ok(())));
    assert_eq!(round(AttachInCombat::None), (amb(), amb()));
}

#[test]
fn sf_113_cards_come_one_at_a_time_from_whoever_is_losing_until_it_passes() {
    let mut game = table(&["King Havlor II"], &["Cleric of Torm"])
        .hand(0, ["Cure Light Wounds", "Armies of Bloodstone"])
        .hand(1, ["Jab", "War Party"])
        .build();
    let havlor = game.id_of(0, "King Havlor II");
    let torm = game.id_of(1, "Cleric of Torm");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: torm });
    let card = game.id_of(0, "Armies of Bloodstone");
    ok(&mut game, Action::PlayAlly(card));
    assert_eq!(game.decider(), Some(P2));
    let card = game.id_of(1, "War Party");
    ok(&mut game, Action::PlayAlly(card));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (9, 9));
    assert_eq!(game.decider(), Some(P1));
    // The losing side will not play: the round ends.
    ok(&mut game, Action::Pass);
    assert!(game.battle().is_none());
    assert!(game.player(P1).discard.contains(&havlor));
    assert!(pool_cards(&game, P2).contains(&torm));
}

#[test]
fn sf_114_the_winning_side_may_not_add_cards() {
    let mut game = TestGame::new(3)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr")])
        .pool(0, [("Mordenkainen", &[][..])])
        .pool(1, [("Cleric of Gond", &[][..])])
        .hand(0, ["Armies of Bloodstone", "Cataclysm!"])
        .hand(2, ["Good Fortune"])
        .build();
    let mordenkainen = game.id_of(0, "Mordenkainen");
    let gond = game.id_of(1, "Cleric of Gond");
    attack(&mut game, mordenkainen, A);
    ok(&mut game, Action::Defend { champion: gond });
    assert_eq!(game.decider(), Some(P2));
    // The winning attacker may not cut in, not even with an event (AMB-7); a seat outside the
    // battle may.
    assert_eq!(refused(&game, Action::Claim(P1)).rule, "SF-188");
    assert_eq!(game.claimants(), vec![Seat(2)]);
    assert_eq!(
        refused(&game, Action::PlayAlly(game.id_of(0, "Armies of Bloodstone"))).rule,
        "SF-228"
    );
    assert_eq!(
        refused(&game, Action::PlayEvent(game.id_of(0, "Cataclysm!"))).rule,
        "SF-186"
    );
    ok(&mut game, Action::Claim(Seat(2)));
    assert_eq!(game.decider(), Some(Seat(2)));
}

#[test]
fn sf_114_a_table_may_let_the_winning_side_play_events() {
    // AMB-7's other reading.
    let mut game = TestGame::new(2)
        .rules(|r| r.winner_may_play_events = true)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr")])
        .pool(0, [("Mordenkainen", &[][..])])
        .pool(1, [("Cleric of Gond", &[][..])])
        .hand(0, ["Good Fortune", "Armies of Bloodstone"])
        .build();
    let mordenkainen = game.id_of(0, "Mordenkainen");
    let gond = game.id_of(1, "Cleric of Gond");
    attack(&mut game, mordenkainen, A);
    ok(&mut game, Action::Defend { champion: gond });
    assert_eq!(game.decider(), Some(P2));
    ok(&mut game, Action::Claim(P1));
    let armies = game.id_of(0, "Armies of Bloodstone");
    assert!(game.check(&Action::PlayAlly(armies)).is_err(), "an event only");
    let fortune = game.id_of(0, "Good Fortune");
    ok(&mut game, Action::PlayEvent(fortune));
}

#[test]
fn sf_115_the_higher_total_wins_and_the_defender_wins_ties() {
    let mut game = table(&["King Havlor II"], &["Cleric of Torm"]).build();
    let havlor = game.id_of(0, "King Havlor II");
    let torm = game.id_of(1, "Cleric of Torm");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: torm });
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (5, 5));
    assert_eq!(game.losing_side(), Side::Attacker);
    ok(&mut game, Action::Pass);
    assert!(game.player(P1).discard.contains(&havlor));
    assert!(pool_cards(&game, P2).contains(&torm));
}

#[test]
fn sf_116_the_winner_goes_to_the_pool_with_its_items_and_its_one_round_cards_are_discarded() {
    let mut game = table(&[], &[])
        .hand(0, ["Tergoz Tenhammer", "War Party", "Magic Missile"])
        .hand(1, ["Cleric of Gond", "Armies of Bloodstone"])
        .build();
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    let gond = game.id_of(1, "Cleric of Gond");
    attack(&mut game, tergoz, A);
    ok(&mut game, Action::Defend { champion: gond });
    let card = game.id_of(1, "Armies of Bloodstone");
    ok(&mut game, Action::PlayAlly(card));
    assert_eq!(game.decider(), Some(P1));
    let card = game.id_of(0, "War Party");
    ok(&mut game, Action::PlayAlly(card));
    ok(&mut game, Action::Pass);
    assert_eq!(game.battle().map(|b| b.step), Some(BattleStep::NextAttacker));
    let pool = &game.player(P1).pool;
    assert_eq!(pool.len(), 1);
    assert_eq!(pool[0].card, tergoz, "a champion from the hand goes to the pool");
    assert!(game.player(P1).discard.contains(&game.id_of(0, "War Party")));
    assert!(game.player(P2).discard.contains(&gond));
}

#[test]
fn sf_116_a_winning_champion_keeps_an_item_played_from_the_hand() {
    let mut game = table(&[], &["Cleric of Torm"])
        .hand(0, ["Tergoz Tenhammer", "Dwarven Hammer"])
        .build();
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    let hammer = game.id_of(0, "Dwarven Hammer");
    let torm = game.id_of(1, "Cleric of Torm");
    attack(&mut game, tergoz, A);
    ok(&mut game, Action::Defend { champion: torm });
    ok(
        &mut game,
        Action::Attach {
            card: hammer,
            champion: tergoz,
        },
    );
    assert_eq!(total(&game, Side::Attacker), 8);
    ok(&mut game, Action::Pass);
    let pool = &game.player(P1).pool;
    assert_eq!(pool.len(), 1);
    assert_eq!((pool[0].card, pool[0].attachments.clone()), (tergoz, vec![hammer]));
    assert!(game.player(P2).discard.contains(&torm));
}

#[test]
fn sf_117_the_losing_side_discards_its_champion_attachments_and_round_cards() {
    let mut game = table(&[], &[])
        .pool(0, [("King Havlor II", &["Dwarven Hammer"][..])])
        .hand(0, ["War Party"])
        .hand(1, ["Cleric of Gond", "Armies of Bloodstone", "Cure Light Wounds"])
        .build();
    let havlor = game.id_of(0, "King Havlor II");
    let gond = game.id_of(1, "Cleric of Gond");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: gond });
    let card = game.id_of(1, "Armies of Bloodstone");
    ok(&mut game, Action::PlayAlly(card));
    let card = game.id_of(0, "War Party");
    ok(&mut game, Action::PlayAlly(card));
    let card = game.id_of(1, "Cure Light Wounds");
    ok(&mut game, Action::UseCard(card));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (12, 9));
    ok(&mut game, Action::Pass);
    let mut discard = game.player(P2).discard.clone();
    discard.sort();
    let mut expected = vec![
        gond,
        game.id_of(1, "Armies of Bloodstone"),
        game.id_of(1, "Cure Light Wounds"),
    ];
    expected.sort();
    assert_eq!(discard, expected);
    assert_eq!(game.player(P1).discard, vec![game.id_of(0, "War Party")]);
    assert_eq!(
        game.player(P1).pool[0].attachments,
        vec![game.id_of(0, "Dwarven Hammer")]
    );
}

#[test]
fn sf_118_after_a_won_round_the_attacker_may_go_on_but_need_not() {
    let mut game = table(&["King Havlor II", "Tergoz Tenhammer"], &["Cleric of Gond"]).build();
    let havlor = game.id_of(0, "King Havlor II");
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    let gond = game.id_of(1, "Cleric of Gond");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: gond });
    ok(&mut game, Action::Pass);
    assert_eq!(game.decider(), Some(P1));
    let legal = game.legal();
    assert!(legal.contains(&Action::EndBattle));
    assert!(legal.contains(&attack_p2(tergoz, A)));
    assert_eq!(refused(&game, Action::Pass).rule, "SF-118");
    attack(&mut game, tergoz, A);
    assert_eq!(game.battle().map(|b| b.step), Some(BattleStep::ChooseDefender));
    assert_eq!(game.decider(), Some(P2));
}

#[test]
fn sf_119_a_champion_attacks_only_once_a_turn() {
    let mut game = table(&["King Havlor II"], &["Cleric of Gond"]).build();
    let havlor = game.id_of(0, "King Havlor II");
    let gond = game.id_of(1, "Cleric of Gond");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: gond });
    ok(&mut game, Action::Pass);
    assert!(pool_cards(&game, P1).contains(&havlor), "back in the pool");
    let error = refused(&game, attack_p2(havlor, A));
    assert_eq!(error.rule, "SF-119");
    assert_eq!(game.legal(), vec![Action::EndBattle]);
}

#[test]
fn sf_120_each_round_the_defender_picks_a_new_defender_or_declines() {
    let mut game = table(
        &["King Havlor II", "Tergoz Tenhammer"],
        &["Cleric of Gond", "Karlott the Shaman"],
    )
    .build();
    let havlor = game.id_of(0, "King Havlor II");
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    let gond = game.id_of(1, "Cleric of Gond");
    let karlott = game.id_of(1, "Karlott the Shaman");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: gond });
    ok(&mut game, Action::Pass);
    attack(&mut game, tergoz, A);
    // The beaten defender is gone; another may defend, or none.
    let legal = game.legal();
    assert!(legal.contains(&Action::Defend { champion: karlott }));
    assert!(!legal.contains(&Action::Defend { champion: gond }));
    assert!(legal.contains(&Action::Decline));
    ok(&mut game, Action::Decline);
    assert!(game.player(P2).formation.slot(Position(A)).expect("A").razed);
    assert!(pool_cards(&game, P2).contains(&karlott));
    assert_eq!(
        game.pending(),
        Some(&Pending::Spoils {
            seat: P1,
            card: game.id_of(0, "Kaz the Minotaur")
        })
    );
}

#[test]
fn sf_121_after_a_lost_round_or_a_fallen_realm_no_other_realm_is_attacked() {
    let mut game = table(&["King Havlor II", "Mordenkainen"], &["Cleric of Torm"]).build();
    let havlor = game.id_of(0, "King Havlor II");
    let mordenkainen = game.id_of(0, "Mordenkainen");
    let torm = game.id_of(1, "Cleric of Torm");
    let mut razed = game.clone();
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: torm });
    ok(&mut game, Action::Pass);
    ok(&mut game, Action::KeepSpoils);
    assert_eq!(game.phase(), Phase::AfterBattle);
    let error = refused(&game, attack_p2(mordenkainen, A));
    assert_eq!(error.rule, "SF-121");

    attack(&mut razed, havlor, A);
    ok(&mut razed, Action::Decline);
    ok(&mut razed, Action::KeepSpoils);
    // B and C are exposed now, but the battle is over.
    for at in [B, C] {
        let error = refused(&razed, attack_p2(mordenkainen, at));
        assert_eq!(error.rule, "SF-121");
    }
}

#[test]
fn sf_122_after_the_battle_the_spoils_are_drawn_and_the_turn_moves_to_phase_5() {
    let mut game = table(&["King Havlor II"], &[]).build();
    let havlor = game.id_of(0, "King Havlor II");
    let spoils = game.id_of(0, "Kaz the Minotaur");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Decline);
    assert_eq!(game.phase(), Phase::AfterBattle);
    assert_eq!(game.pending(), Some(&Pending::Spoils { seat: P1, card: spoils }));
    assert!(game.player(P1).hand.contains(&spoils));
    ok(&mut game, Action::KeepSpoils);
    assert_eq!(game.pending(), None);
    assert!(game.legal().contains(&Action::EndTurn));
}

// ---------------------------------------------------------------------------------------------
// 11.3 Outcomes

#[test]
fn sf_123_the_defender_beats_the_attacker_the_battle_ends_and_the_defender_earns_spoils() {
    let mut game = table(&["King Havlor II", "Tergoz Tenhammer"], &["Cleric of Torm"])
        .hand(1, ["Armies of Bloodstone"])
        .build();
    let havlor = game.id_of(0, "King Havlor II");
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    let torm = game.id_of(1, "Cleric of Torm");
    let spoils = game.id_of(1, "Dagrande");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: torm });
    ok(&mut game, Action::Pass);
    assert!(game.battle().is_none());
    assert!(game.player(P1).discard.contains(&havlor));
    assert_eq!(game.pending(), Some(&Pending::Spoils { seat: P2, card: spoils }));
    assert!(game.player(P2).hand.contains(&spoils));
    ok(&mut game, Action::KeepSpoils);
    let error = refused(&game, attack_p2(tergoz, A));
    assert_eq!(error.rule, "SF-121");
}

#[test]
fn sf_124_the_attacker_beats_a_defender_no_spoils_and_the_realm_stands() {
    let mut game = table(&["King Havlor II", "Tergoz Tenhammer"], &["Cleric of Gond"]).build();
    let havlor = game.id_of(0, "King Havlor II");
    let gond = game.id_of(1, "Cleric of Gond");
    let hand_before = game.player(P1).hand.len();
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: gond });
    ok(&mut game, Action::Pass);
    assert!(pool_cards(&game, P1).contains(&havlor));
    assert!(game.player(P2).discard.contains(&gond));
    assert!(!game.player(P2).formation.slot(Position(A)).expect("A").razed);
    assert_eq!(game.pending(), None);
    assert_eq!(game.player(P1).hand.len(), hand_before, "no spoils drawn");
    assert_eq!(game.battle().map(|b| b.step), Some(BattleStep::NextAttacker));
}

#[test]
fn sf_125_a_declined_defence_razes_the_realm_and_the_attacker_earns_spoils() {
    let mut game = table(&["King Havlor II"], &["Cleric of Gond"]).build();
    let havlor = game.id_of(0, "King Havlor II");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Decline);
    let slot = game.player(P2).formation.slot(Position(A)).expect("A");
    assert!(slot.razed);
    assert!(game.battle().is_none());
    assert_eq!(
        game.pending(),
        Some(&Pending::Spoils {
            seat: P1,
            card: game.id_of(0, "Kaz the Minotaur")
        })
    );
    assert!(pool_cards(&game, P1).contains(&havlor));
}

#[test]
fn sf_126_an_attacker_who_stops_ends_the_battle_without_spoils() {
    let mut game = table(&["King Havlor II", "Tergoz Tenhammer"], &["Cleric of Gond"]).build();
    let havlor = game.id_of(0, "King Havlor II");
    let gond = game.id_of(1, "Cleric of Gond");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: gond });
    ok(&mut game, Action::Pass);
    let hands = (game.player(P1).hand.len(), game.player(P2).hand.len());
    ok(&mut game, Action::EndBattle);
    assert!(game.battle().is_none());
    assert_eq!(game.pending(), None);
    assert_eq!((game.player(P1).hand.len(), game.player(P2).hand.len()), hands);
    assert!(!game.player(P2).formation.slot(Position(A)).expect("A").razed);
}

#[test]
fn sf_131_a_beaten_realm_champion_razes_its_realm_and_the_attacker_earns_spoils() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Mordenkainen", &[][..])])
        .formation(1, [realm(A, "Malatra, the Living Jungle"), realm(B, "Sembia")])
        .draw(0, ["Kaz the Minotaur"])
        .build();
    let mordenkainen = game.id_of(0, "Mordenkainen");
    let malatra = game.id_of(1, "Malatra, the Living Jungle");
    attack(&mut game, mordenkainen, A);
    ok(&mut game, Action::Defend { champion: malatra });
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 6));
    ok(&mut game, Action::Pass);
    let slot = game.player(P2).formation.slot(Position(A)).expect("A");
    assert_eq!(slot.realm, malatra);
    assert!(slot.razed);
    assert!(!game.player(P2).discard.contains(&malatra));
    assert!(game.battle().is_none());
    assert_eq!(
        game.pending(),
        Some(&Pending::Spoils {
            seat: P1,
            card: game.id_of(0, "Kaz the Minotaur")
        })
    );
}

#[test]
fn sf_127_card_play_that_discards_the_attacked_realm_ends_the_battle_with_spoils() {
    let mut game = table(&["King Havlor II"], &["Cleric of Torm"])
        .hand(0, ["Cataclysm!"])
        .build();
    let havlor = game.id_of(0, "King Havlor II");
    let torm = game.id_of(1, "Cleric of Torm");
    let cormyr = game.id_of(1, "Cormyr");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: torm });
    assert_eq!(game.decider(), Some(P1), "5 against 5: P1 is losing");
    let cataclysm = game.id_of(0, "Cataclysm!");
    ok(&mut game, Action::PlayEvent(cataclysm));
    ok(&mut game, Action::Choose(cormyr));
    while matches!(game.pending(), Some(Pending::EventPause { .. })) {
        ok(&mut game, Action::Pass);
    }
    assert!(game.battle().is_none());
    assert!(game.player(P2).formation.slot(Position(A)).is_none());
    assert!(game.player(P2).discard.contains(&cormyr));
    assert_eq!(
        game.pending(),
        Some(&Pending::Spoils {
            seat: P1,
            card: game.id_of(0, "Kaz the Minotaur")
        })
    );
    // Nobody was defeated: both champions went home (AMB-11).
    assert!(pool_cards(&game, P1).contains(&havlor));
    assert!(pool_cards(&game, P2).contains(&torm));
}

#[test]
fn sf_103_a_realm_lost_before_a_defender_is_chosen_gives_no_spoils() {
    let mut game = table(&["King Havlor II"], &["Cleric of Torm"])
        .hand(0, ["Cataclysm!"])
        .build();
    let havlor = game.id_of(0, "King Havlor II");
    let cormyr = game.id_of(1, "Cormyr");
    attack(&mut game, havlor, A);
    // P1 says "wait" before P2 chooses a defender.
    ok(&mut game, Action::Claim(P1));
    let cataclysm = game.id_of(0, "Cataclysm!");
    ok(&mut game, Action::PlayEvent(cataclysm));
    ok(&mut game, Action::Choose(cormyr));
    while matches!(game.pending(), Some(Pending::EventPause { .. })) {
        ok(&mut game, Action::Pass);
    }
    assert!(game.battle().is_none(), "the battle is over");
    assert!(game.player(P2).discard.contains(&cormyr));
    assert_eq!(game.pending(), None, "combat had not started: no spoils (AMB-10)");
    assert!(pool_cards(&game, P1).contains(&havlor));
}

#[test]
fn sf_131_a_beaten_holding_champion_razes_its_realm_too() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("King Havlor II", &[][..])])
        .formation(1, [realm(A, "Cormyr").holding("Arabel")])
        .draw(0, ["Kaz the Minotaur"])
        .build();
    let havlor = game.id_of(0, "King Havlor II");
    let arabel = game.id_of(1, "Arabel");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: arabel });
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (5, 4));
    ok(&mut game, Action::Pass);
    let slot = game.player(P2).formation.slot(Position(A)).expect("A");
    assert!(slot.razed);
    assert_eq!(slot.holding, None);
    assert!(
        game.player(P2).discard.contains(&arabel),
        "a razed realm loses its holding"
    );
    assert!(matches!(game.pending(), Some(Pending::Spoils { seat: P1, .. })));
}

#[test]
fn sf_103_a_table_may_give_spoils_for_a_realm_lost_before_the_defence() {
    // AMB-10's other reading.
    let mut game = table(&["King Havlor II"], &["Cleric of Torm"])
        .rules(|r| r.spoils_if_realm_lost_before_defender = true)
        .hand(0, ["Cataclysm!"])
        .build();
    let havlor = game.id_of(0, "King Havlor II");
    let cormyr = game.id_of(1, "Cormyr");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Claim(P1));
    let cataclysm = game.id_of(0, "Cataclysm!");
    ok(&mut game, Action::PlayEvent(cataclysm));
    ok(&mut game, Action::Choose(cormyr));
    while matches!(game.pending(), Some(Pending::EventPause { .. })) {
        ok(&mut game, Action::Pass);
    }
    assert!(game.battle().is_none());
    assert!(matches!(game.pending(), Some(Pending::Spoils { seat: P1, .. })));
}

// ---------------------------------------------------------------------------------------------
// 11.4 A champion stranded: allies must reach the realm themselves

#[test]
fn sf_133_allies_that_cannot_reach_a_protected_realm_cannot_join_a_flyer() {
    let mut game = table(&["Neeva"], &[])
        .formation(1, [realm(D, "Rashemen"), realm(E, "Vaasa")])
        .pool(1, [("Cleric of Torm", &["Staff of Conjuring"][..])])
        .hand(0, ["Armies of Bloodstone", "Pteranadon"])
        .build();
    let neeva = game.id_of(0, "Neeva");
    let torm = game.id_of(1, "Cleric of Torm");
    attack(&mut game, neeva, E);
    ok(&mut game, Action::Defend { champion: torm });
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 10));
    let error = refused(&game, Action::PlayAlly(game.id_of(0, "Armies of Bloodstone")));
    assert_eq!(error.rule, "SF-148");
    let card = game.id_of(0, "Pteranadon");
    ok(&mut game, Action::PlayAlly(card));
    assert_eq!(total(&game, Side::Attacker), 9);
    // Stranded: nothing else may help him, and he loses the round.
    assert_eq!(game.legal(), vec![Action::Pass]);
}

#[test]
fn sf_139_cards_act_in_the_order_played_each_resolved_before_the_next() {
    let mut game = table(&["King Havlor II"], &["Cleric of Torm"])
        .hand(0, ["Good Fortune", "Armies of Bloodstone", "War Party"])
        .build();
    let havlor = game.id_of(0, "King Havlor II");
    let torm = game.id_of(1, "Cleric of Torm");
    let armies = game.id_of(0, "Armies of Bloodstone");
    let party = game.id_of(0, "War Party");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: torm });
    let fortune = game.id_of(0, "Good Fortune");
    ok(&mut game, Action::PlayEvent(fortune));
    // The event is not resolved until its pause is over: no other card meanwhile.
    assert!(matches!(game.pending(), Some(Pending::EventPause { .. })));
    assert!(game.check(&Action::PlayAlly(armies)).is_err());
    assert!(!game.legal().contains(&Action::PlayAlly(armies)));
    while matches!(game.pending(), Some(Pending::EventPause { .. })) {
        ok(&mut game, Action::Pass);
    }
    // Resolved: the five cards are in the hand, and the round goes on in play order.
    assert_eq!(game.decider(), Some(P1));
    ok(&mut game, Action::PlayAlly(armies));
    assert_eq!(game.decider(), Some(P2));
    ok(&mut game, Action::Pass);
    // P2 passed while losing: the round is over, so War Party can no longer be played.
    assert!(game.check(&Action::PlayAlly(party)).is_err());
    assert!(pool_cards(&game, P1).contains(&havlor));
    assert!(game.player(P2).discard.contains(&torm));
}

// ---------------------------------------------------------------------------------------------
// 12 Movement powers

#[test]
fn sf_142_a_flyer_attacks_any_realm_of_a_formation() {
    let game = table(&["Neeva", "King Havlor II"], &[])
        .formation(
            1,
            [realm(D, "Vaasa"), realm(E, "Rashemen"), realm(F, "The High Forest")],
        )
        .build();
    let neeva = game.id_of(0, "Neeva");
    let havlor = game.id_of(0, "King Havlor II");
    for at in [A, B, C, D, E, F] {
        let action = attack_p2(neeva, at);
        assert!(game.check(&action).is_ok(), "Neeva against {at}");
    }
    for at in [B, C, D, E, F] {
        let error = refused(&game, attack_p2(havlor, at));
        assert_eq!(error.rule, "SF-55");
    }
}

#[test]
fn sf_143_a_swimmer_attacks_coastal_realms_anywhere_and_others_only_when_exposed() {
    // Rashemen and Vaasa are coastal; The High Forest and The Trollmoors are not.
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("AR/76", &[][..])])
        .formation(
            1,
            [
                realm(A, "The Trollmoors"),
                realm(B, "The High Forest"),
                realm(C, "Rashemen"),
                realm(E, "Vaasa"),
            ],
        )
        .build();
    let drawmij = game.id_of(0, "Drawmij");
    let attack_at = |at: u8| attack_p2(drawmij, at);
    assert!(game.check(&attack_at(A)).is_ok(), "A is exposed");
    assert!(game.check(&attack_at(C)).is_ok(), "C is coastal");
    assert!(game.check(&attack_at(E)).is_ok(), "E is coastal");
    assert_eq!(refused(&game, attack_at(B)).rule, "SF-55");
}

#[test]
fn sf_144_coastal_comes_from_the_card_not_from_a_holding_picture() {
    we_38_swimmers_reach_exposed_and_coastal_realms_only();
}

#[test]
fn we_38_swimmers_reach_exposed_and_coastal_realms_only() {
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("AR/76", &[][..])])
        .formation(
            1,
            [
                realm(A, "The Trollmoors"),
                realm(B, "The High Forest"),
                realm(C, "Doc's Island"),
                realm(D, "Anauroch"),
                realm(E, "Ravens Bluff"),
                realm(F, "Darkhold").holding("Tantras"),
            ],
        )
        .build();
    let drawmij = game.id_of(0, "Drawmij");
    let attack_at = |at: u8| attack_p2(drawmij, at);
    for at in [A, C, E] {
        assert!(game.check(&attack_at(at)).is_ok(), "{} is a target", Position(at));
    }
    for at in [B, D, F] {
        assert_eq!(refused(&game, attack_at(at)).rule, "SF-55", "{} is not", Position(at));
    }
}

#[test]
fn sf_145_an_earthwalker_attacks_any_realm() {
    let game = table(&["3rd/47", "King Havlor II"], &[])
        .formation(
            1,
            [realm(D, "Vaasa"), realm(E, "Rashemen"), realm(F, "The High Forest")],
        )
        .build();
    let torg = game.id_of(0, "Torg Mac Cei, the Ironlord");
    let havlor = game.id_of(0, "King Havlor II");
    for at in [A, B, C, D, E, F] {
        let action = attack_p2(torg, at);
        assert!(game.check(&action).is_ok(), "the earthwalker against {}", Position(at));
    }
    let error = refused(&game, attack_p2(havlor, F));
    assert_eq!(error.rule, "SF-55");
}

#[test]
fn sf_146_a_movement_power_comes_only_from_the_cards_facts() {
    // Two printings of Torg: the 1st Edition card gives him no movement, the 3rd Edition one
    // makes him an earthwalker. The name is the same; only the facts count.
    let game = table(&["1st/47"], &[]).pool(0, [("3rd/47", &[][..])]).build();
    let [first, third] = game.ids_of(0, "Torg Mac Cei, the Ironlord")[..] else {
        panic!("two Torgs");
    };
    let at_c = |champion| attack_p2(champion, C);
    assert_eq!(refused(&game, at_c(first)).rule, "SF-55");
    assert!(game.check(&at_c(third)).is_ok());
}

#[test]
fn sf_148_allies_do_not_share_their_champions_movement() {
    let mut game = table(&["Neeva"], &[])
        .pool(1, [("Cleric of Torm", &["Staff of Conjuring"][..])])
        .hand(0, ["Armies of Bloodstone", "War Party", "Pteranadon"])
        .build();
    let neeva = game.id_of(0, "Neeva");
    let torm = game.id_of(1, "Cleric of Torm");
    let mut exposed = game.clone();
    attack(&mut game, neeva, C);
    ok(&mut game, Action::Defend { champion: torm });
    for ally in ["Armies of Bloodstone", "War Party"] {
        assert_eq!(refused(&game, Action::PlayAlly(game.id_of(0, ally))).rule, "SF-148");
    }
    // Against the exposed A the same allies may join.
    attack(&mut exposed, neeva, A);
    ok(&mut exposed, Action::Defend { champion: torm });
    let card = exposed.id_of(0, "Armies of Bloodstone");
    ok(&mut exposed, Action::PlayAlly(card));
    assert_eq!(total(&exposed, Side::Attacker), 11);
}

#[test]
fn sf_149_flying_allies_may_follow_a_flyer() {
    let mut game = table(&["Neeva"], &[])
        .pool(1, [("Cleric of Torm", &["Staff of Conjuring"][..])])
        .hand(0, ["Pteranadon"])
        .build();
    let neeva = game.id_of(0, "Neeva");
    let torm = game.id_of(1, "Cleric of Torm");
    attack(&mut game, neeva, C);
    ok(&mut game, Action::Defend { champion: torm });
    let card = game.id_of(0, "Pteranadon");
    ok(&mut game, Action::PlayAlly(card));
    assert_eq!(total(&game, Side::Attacker), 9);
}

#[test]
fn sf_150_defending_needs_no_movement_power() {
    let mut game = table(&["Neeva"], &["Cleric of Gond"])
        .formation(1, [realm(E, "Vaasa")])
        .hand(1, ["Armies of Bloodstone", "War Party"])
        .build();
    let neeva = game.id_of(0, "Neeva");
    let gond = game.id_of(1, "Cleric of Gond");
    attack(&mut game, neeva, E);
    ok(&mut game, Action::Defend { champion: gond });
    assert_eq!(game.decider(), Some(P2));
    let card = game.id_of(1, "Armies of Bloodstone");
    ok(&mut game, Action::PlayAlly(card));
    assert_eq!(total(&game, Side::Defender), 8);
    assert_eq!(game.decider(), Some(P1), "8 against 7: the flyer's side is losing now");
}

// ---------------------------------------------------------------------------------------------
// Worked examples

#[test]
fn we_27_a_flyer_stranded_behind_the_front_gets_no_walking_allies() {
    let mut game = table(&["Neeva"], &[])
        .formation(1, [realm(D, "Rashemen"), realm(E, "Vaasa")])
        .pool(1, [("Cleric of Torm", &["Staff of Conjuring"][..])])
        .hand(0, ["Armies of Bloodstone", "War Party"])
        .build();
    let neeva = game.id_of(0, "Neeva");
    let torm = game.id_of(1, "Cleric of Torm");
    attack(&mut game, neeva, E);
    ok(&mut game, Action::Defend { champion: torm });
    for ally in ["Armies of Bloodstone", "War Party"] {
        assert_eq!(refused(&game, Action::PlayAlly(game.id_of(0, ally))).rule, "SF-148");
    }
    assert_eq!(game.legal(), vec![Action::Pass]);
}

#[test]
fn we_52_winning_a_round_does_not_raze_the_realm() {
    let base = table(&["King Havlor II", "Tergoz Tenhammer"], &["Cleric of Gond"]).build();
    let havlor = base.id_of(0, "King Havlor II");
    let tergoz = base.id_of(0, "Tergoz Tenhammer");
    let gond = base.id_of(1, "Cleric of Gond");
    let mut game = base.clone();
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: gond });
    ok(&mut game, Action::Pass);
    let mut second = game.clone();
    ok(&mut game, Action::EndBattle);
    assert!(!game.player(P2).formation.slot(Position(A)).expect("A").razed);
    assert_eq!(game.pending(), None, "nobody draws spoils");
    // Had P1 sent a second champion and P2 declined, the realm would fall, with spoils.
    attack(&mut second, tergoz, A);
    ok(&mut second, Action::Decline);
    assert!(second.player(P2).formation.slot(Position(A)).expect("A").razed);
    assert!(matches!(second.pending(), Some(Pending::Spoils { seat: P1, .. })));
}

#[test]
fn we_53_one_attack_per_champion_and_a_new_defender_each_round() {
    let mut game = table(
        &["King Havlor II", "Tergoz Tenhammer"],
        &["Cleric of Gond", "Karlott the Shaman"],
    )
    .build();
    let havlor = game.id_of(0, "King Havlor II");
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    let gond = game.id_of(1, "Cleric of Gond");
    let karlott = game.id_of(1, "Karlott the Shaman");
    attack(&mut game, havlor, A);
    ok(&mut game, Action::Defend { champion: gond });
    ok(&mut game, Action::Pass);
    let again = attack_p2(havlor, A);
    assert_eq!(refused(&game, again).rule, "SF-119");
    attack(&mut game, tergoz, A);
    assert!(game.check(&Action::Defend { champion: gond }).is_err());
    ok(&mut game, Action::Defend { champion: karlott });
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (5, 4));
}

#[test]
fn we_54_ties_go_to_the_defender() {
    let mut game = table(&[], &[])
        .pool(0, [("Sadira", &["Dwarven Hammer"][..])])
        .pool(1, [("Tysiln San", &["Flameblade"][..])])
        .build();
    let sadira = game.id_of(0, "Sadira");
    let tysiln = game.id_of(1, "Tysiln San");
    attack(&mut game, sadira, A);
    ok(&mut game, Action::Defend { champion: tysiln });
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 7));
    assert_eq!(game.decider(), Some(P1), "the attacker may play the next card");
    ok(&mut game, Action::Pass);
    assert!(game.player(P1).discard.contains(&sadira));
    assert!(pool_cards(&game, P2).contains(&tysiln));
    assert!(matches!(game.pending(), Some(Pending::Spoils { seat: P2, .. })));
}

#[test]
fn we_39_an_earthwalker_may_not_attack_a_realm_closed_to_its_type() {
    // The Bright Desert may not be attacked by heroes. Torg (3rd Edition: an earthwalker hero)
    // may reach any realm, yet not this one, even with it exposed in A.
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("3rd/47", &[][..]), ("Young Gold Dragon", &[][..])])
        .formation(
            1,
            [
                realm(A, "The Bright Desert"),
                realm(B, "Sembia"),
                realm(C, "Calimshan"),
                realm(F, "Vaasa"),
            ],
        )
        .build();
    let torg = game.id_of(0, "Torg Mac Cei, the Ironlord");
    let at = |champion, at: u8| attack_p2(champion, at);
    let error = refused(&game, at(torg, A));
    assert!(
        error.reason.contains("cannot be attacked by"),
        "{}: {}",
        error.rule,
        error.reason
    );
    assert_eq!(error.rule, "SF-145", "an earthwalker's exception");
    // Elsewhere his earthwalking reaches even the shielded back row.
    assert!(game.check(&at(torg, F)).is_ok());
    // A champion of another type may attack the exposed Bright Desert.
    assert!(game.check(&at(game.id_of(0, "Young Gold Dragon"), A)).is_ok());
}

#[test]
fn we_40_a_flyer_cannot_choose_to_walk() {
    // Pirate Isles, exposed in A, may not be attacked by flyers: Neeva cannot give up flying to
    // attack it as a walker would.
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Neeva", &[][..]), ("King Havlor II", &[][..])])
        .formation(1, [realm(A, "Pirate Isles"), realm(B, "Sembia")])
        .build();
    let at = |champion, at: u8| attack_p2(champion, at);
    let neeva = game.id_of(0, "Neeva");
    let error = refused(&game, at(neeva, A));
    assert!(error.rule.contains("SF-147"), "{}", error.rule);
    // She still flies over it to B; a walker may attack the exposed A.
    assert!(game.check(&at(neeva, B)).is_ok());
    assert!(game.check(&at(game.id_of(0, "King Havlor II"), A)).is_ok());
}

// WE-44's first half (Brine Dragon keeping its power in reserve, SF-228) needs the Brine Dragon's
// power, which is not scripted (4th/237, DL/45): only its second half is tested here.
#[test]
fn we_44_the_noble_djinni_also_strikes_a_flying_ally() {
    // King Havlor II (5) attacks the exposed Cormyr with the Pteranadon (+2, a flyer) beside him;
    // Tergoz Tenhammer (5) defends and answers with the Noble Djinni, whose power discards the
    // opposing flyers in the battle: the flying ally too (SF-149).
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("King Havlor II", &[][..])])
        .hand(0, ["Pteranadon", "1st/65"])
        .formation(1, [realm(A, "Cormyr")])
        .pool(1, [("Tergoz Tenhammer", &[][..])])
        .hand(1, ["Noble Djinni"])
        .build();
    let havlor = game.id_of(0, "King Havlor II");
    attack(&mut game, havlor, A);
    let tergoz = game.id_of(1, "Tergoz Tenhammer");
    ok(&mut game, Action::Defend { champion: tergoz });
    let [pteranadon, second] = game.ids_of(0, "Pteranadon")[..] else {
        panic!("two Pteranadons");
    };
    ok(&mut game, Action::PlayAlly(pteranadon));
    assert_eq!(total(&game, Side::Attacker), 7);
    let djinni = game.id_of(1, "Noble Djinni");
    ok(&mut game, Action::PlayAlly(djinni));
    assert!(
        game.player(P1).discard.contains(&pteranadon),
        "the flying ally is discarded"
    );
    assert!(
        !game.player(P1).discard.contains(&havlor) && game.battle().is_some(),
        "Havlor, no flyer, fights on"
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (5, 9));
    // And no other flying ally may join while the Djinni is there.
    assert!(game.check(&Action::PlayAlly(second)).is_err());
}
