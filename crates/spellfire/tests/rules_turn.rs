//! Checklist sections 3–4: setup, the first player, and the turn's phases 0 to 6.

#[macro_use]
mod common;

use common::{A, B, attack_p2};

use spellfire::{Action, CardId, CardName, Event, Pending, Phase, Position, Spellfire, TestGame, realm};
use spellhall_core::{Game, Seat};

use common::refused;

fn hand(game: &Spellfire, seat: u8) -> Vec<String> {
    game.player(Seat(seat))
        .hand
        .iter()
        .map(|&c| game.name(c).to_string())
        .collect()
}

fn realm_at(card: CardId, at: u8) -> Action {
    Action::PlayRealm { card, at: Position(at) }
}

/// The first-player reveals of a new game, round by round: (seat, card, digit).
fn reveals(events: &[Event]) -> Vec<Vec<(Seat, CardName, u8)>> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::FirstPlayerReveal { reveals } => Some(reveals.clone()),
            _ => None,
        })
        .collect()
}

fn first_player(events: &[Event]) -> Seat {
    events
        .iter()
        .find_map(|e| match e {
            Event::FirstPlayer { seat } => Some(*seat),
            _ => None,
        })
        .expect("a first player is named")
}

// ---------------------------------------------------------------------------------------------
// Section 3: setup and first player

#[test]
fn sf_27_the_highest_last_digit_goes_first_and_ties_reveal_again() {
    // AMB-20: one random card of each deck, revealed and put back; the tied reveal again.
    let content = common::content();
    let mut ties = 0;
    for seed in 0..120 {
        let config = common::starter_table(3, seed);
        let (game, events) = Spellfire::new_with_events(&config, &content, seed).expect("a legal table");
        let rounds = reveals(&events);
        assert!(!rounds.is_empty());
        let mut contenders: Vec<Seat> = Seat::all(3).collect();
        for round in &rounds {
            let seats: Vec<Seat> = round.iter().map(|r| r.0).collect();
            assert_eq!(seats, contenders, "seed {seed}: only tied players reveal again");
            for (seat, name, digit) in round {
                // The card is one of the revealing player's own deck, and the digit is the last
                // digit of its number.
                let matching = config.decks[seat.index()].iter().any(|&id| {
                    let entry = &content.catalogue.entries[content.catalogue.index_of(id).unwrap()];
                    entry.card.name == *name && entry.card.number % 10 == u16::from(*digit)
                });
                assert!(matching, "seed {seed}: {name} ({digit}) is not in {seat}'s deck");
            }
            let best = round.iter().map(|r| r.2).max().unwrap();
            contenders = round.iter().filter(|r| r.2 == best).map(|r| r.0).collect();
        }
        ties += rounds.len() - 1;
        assert_eq!(contenders.len(), 1, "seed {seed}: the last reveal has one winner");
        assert_eq!(first_player(&events), contenders[0]);
        assert_eq!(game.active(), contenders[0], "the highest digit takes the first turn");
        assert_eq!(game.phase(), Phase::StartOfTurn);
    }
    assert!(ties > 0, "some seed among 120 ties and reveals again");
}

#[test]
fn we_1_deck_of_many_things_reveals_a_7_and_beats_a_3() {
    let content = common::content();
    // Deck of Many Things is number 47 of the Forgotten Realms booster. Starter deck E-1 is a
    // legal standard deck; with Deck of Many Things in place of one of its magical items it still
    // is, and seat 2 plays E-1 as it comes.
    let e1 = spellfire::deck::starter_decks()
        .unwrap()
        .into_iter()
        .find(|d| d.name.ends_with("E-1"))
        .expect("starter deck E-1")
        .cards;
    let mut with = e1.clone();
    let item = with
        .iter()
        .position(|id| {
            let entry = &content.catalogue.entries[content.catalogue.index_of(*id).unwrap()];
            entry.card.kind == spellfire::CardType::MagicalItem
        })
        .expect("E-1 has a magical item");
    with[item] = "FR/47".parse().unwrap();
    let config = spellfire::Config {
        format: "55".into(),
        decks: vec![with, e1],
        rules: Default::default(),
    };
    let config = spellfire::Config {
        decks: vec![
            config.decks[0].clone(),
            config.decks[1].clone(),
            config.decks[1].clone(),
        ],
        ..config
    };
    let (mut beaten, mut tied) = (false, false);
    for seed in 0..50_000 {
        let (game, events) = Spellfire::new_with_events(&config, &content, seed).expect("a legal table");
        let rounds = reveals(&events);
        let first = &rounds[0];
        if first[0].1 != "Deck of Many Things" {
            continue;
        }
        assert_eq!(first[0].2, 7, "47 ends in 7");
        if first[1].2 == 3 && first[2].2 < 7 && !beaten {
            assert_eq!(rounds.len(), 1, "7 beats 3 at once");
            assert_eq!(first_player(&events), Seat(0));
            assert_eq!(game.active(), Seat(0));
            beaten = true;
        }
        if first[1].2 == 7 && first[2].2 < 7 && !tied {
            let again: Vec<Seat> = rounds[1].iter().map(|r| r.0).collect();
            assert_eq!(again, [Seat(0), Seat(1)], "only the two sevens reveal again");
            assert_ne!(first_player(&events), Seat(2));
            tied = true;
        }
        if beaten && tied {
            return;
        }
    }
    panic!("no seed turned up Deck of Many Things against a 3 and against a 7 (beaten {beaten}, tied {tied})");
}

#[test]
fn sf_28_each_player_shuffles_his_own_deck_into_his_own_draw_pile() {
    let content = common::content();
    let config = common::starter_table(2, 5);
    let (mut game, _) = Spellfire::new_with_events(&config, &content, 11).expect("a legal table");
    let (other, _) = Spellfire::new_with_events(&config, &content, 12).expect("a legal table");
    for seat in Seat::all(2) {
        let pile: Vec<CardId> = game.player(seat).draw.iter_top_down().copied().collect();
        assert_eq!(pile.len(), 50, "55 cards less the five dealt");
        assert!(pile.iter().all(|&c| game.owner(c) == seat), "only his own cards");
        let order: Vec<String> = pile.iter().map(|c| game.card_ref(*c).to_string()).collect();
        let listed: Vec<String> = config.decks[seat.index()].iter().map(|c| c.to_string()).collect();
        assert_ne!(order, listed[..50].to_vec(), "not in deck-list order");
        let other_order: Vec<String> = other
            .player(seat)
            .draw
            .iter_top_down()
            .map(|c| other.card_ref(*c).to_string())
            .collect();
        assert_ne!(order, other_order, "another seed shuffles differently");
    }
    // The first player's draw comes from the top of his own pile; the other pile is untouched.
    let first = game.active();
    let top: Vec<CardId> = game.player(first).draw.iter_top_down().take(3).copied().collect();
    let other_seat = game.left_of(first, 1);
    let other_pile = game.player(other_seat).draw.len();
    play!(game, Action::Draw);
    assert!(top.iter().all(|c| game.player(first).hand.contains(c)));
    assert_eq!(game.player(first).draw.len(), 47);
    assert_eq!(game.player(other_seat).draw.len(), other_pile);
}

#[test]
fn sf_29_each_player_draws_five_cards() {
    let content = common::content();
    for seats in [2, 4, 6] {
        let config = common::starter_table(seats, 3);
        let (game, events) = Spellfire::new_with_events(&config, &content, 7).expect("a legal table");
        for seat in Seat::all(seats) {
            assert_eq!(game.player(seat).hand.len(), 5);
            assert!(game.player(seat).hand.iter().all(|&c| game.owner(c) == seat));
            let drew = events.iter().find_map(|e| match e {
                Event::Drew { seat: s, cards } if *s == seat => Some(cards.len()),
                _ => None,
            });
            assert_eq!(drew, Some(5));
        }
    }
}

#[test]
fn sf_30_turns_pass_clockwise_to_the_left() {
    let mut game = TestGame::new(4)
        .active(2)
        .phase(Phase::AfterBattle)
        .formation(2, [realm(A, "Cormyr")])
        .build();
    play!(game, Action::EndTurn);
    assert_eq!(game.active(), Seat(3));
    assert_eq!(game.phase(), Phase::StartOfTurn);
    for next in [0, 1, 2, 3, 0] {
        play!(game, Action::Draw);
        play!(game, Action::EndPhase);
        play!(game, Action::EndPhase);
        while game.player(game.active()).hand.len() > game.hand_limit() {
            let card = game.player(game.active()).hand[0];
            play!(game, Action::Discard(card));
        }
        play!(game, Action::EndTurn);
        assert_eq!(game.active(), Seat(next), "the seat on the left begins");
    }
}

// ---------------------------------------------------------------------------------------------
// Section 4: the turn sequence

#[test]
fn sf_31_phases_run_in_order_and_only_0_2_3_4_may_be_skipped() {
    let mut game = TestGame::new(2)
        .phase(Phase::StartOfTurn)
        .hand(0, ["Waterdeep"])
        .formation(1, [realm(A, "Cormyr")])
        .pool(0, [("Elminster the Mage", &[][..])])
        .build();
    let elminster = game.id_of(0, "Elminster the Mage");
    // Phase 1 cannot be skipped: nothing but the draw (or a rule card) leaves phase 0.
    for action in [
        Action::EndPhase,
        Action::EndTurn,
        realm_at(game.id_of(0, "Waterdeep"), A),
    ] {
        assert_eq!(refused(&game, action).rule, "SF-32");
    }
    play!(game, Action::Draw);
    assert_eq!(game.phase(), Phase::Realms);
    // Phase 2 may be skipped, but not phases 3 to 6 jumped to from it.
    let attack = attack_p2(elminster, A);
    assert!(game.check(&attack).is_err(), "no attack from phase 2");
    assert!(game.check(&Action::EndTurn).is_err(), "no end of turn from phase 2");
    play!(game, Action::EndPhase);
    assert_eq!(game.phase(), Phase::Pool);
    assert!(game.check(&attack).is_ok(), "phase 4 follows phase 3");
    assert!(game.check(&Action::EndTurn).is_err(), "phase 5 is not skipped");
    // Phase 4 skipped: phase 5 must still take place before the turn ends.
    play!(game, Action::EndPhase);
    assert_eq!(game.phase(), Phase::AfterBattle);
    assert!(game.check(&Action::EndPhase).is_err());
    play!(game, Action::EndTurn);
    assert_eq!((game.active(), game.phase()), (Seat(1), Phase::StartOfTurn));
}

#[test]
fn sf_32_a_rule_card_goes_into_play_in_phase_0_before_the_draw() {
    let mut game = TestGame::new(2)
        .phase(Phase::StartOfTurn)
        .hand(0, ["Time of Troubles", "Forbidden Knowledge"])
        .draw(0, ["Cormyr", "Sembia", "Vaasa"])
        .build();
    let troubles = game.id_of(0, "Time of Troubles");
    play!(game, Action::PlayRule(troubles));
    assert_eq!(game.rule_card(), Some(troubles));
    assert_eq!(
        game.phase(),
        Phase::StartOfTurn,
        "still phase 0: the draw has not happened"
    );
    assert_eq!(hand(&game, 0), ["Forbidden Knowledge"]);
    assert_eq!(game.view_for(Seat(1)).rule_card.map(|c| c.id), Some(troubles));
    play!(game, Action::Draw);
    assert_eq!(hand(&game, 0), ["Forbidden Knowledge", "Cormyr", "Sembia", "Vaasa"]);
    // After the draw the moment for rule cards is gone.
    let knowledge = game.id_of(0, "Forbidden Knowledge");
    assert!(game.check(&Action::PlayRule(knowledge)).is_err());
    assert_eq!(game.rule_card(), Some(troubles));
}

#[test]
fn sf_33_the_draw_is_three_four_or_five_cards_by_deck_size() {
    for (format, count) in [("55", 3), ("75", 4), ("110", 5)] {
        let mut game = TestGame::new(2).format(format).phase(Phase::StartOfTurn).build();
        let top: Vec<CardId> = game.player(Seat(0)).draw.iter_top_down().take(count).copied().collect();
        let events = play!(game, Action::Draw);
        assert_eq!(game.player(Seat(0)).hand, top, "{format}-card decks draw {count}");
        assert_eq!(game.player(Seat(0)).draw.len(), 10 - count);
        assert_eq!(game.player(Seat(1)).hand.len(), 0, "only the active player draws");
        assert!(events.contains(&Event::Drew {
            seat: Seat(0),
            cards: vec!["The Iron Legion".into(); count].into(),
        }));
    }
}

#[test]
fn sf_35_one_realm_action_a_turn() {
    let mut game = TestGame::new(2)
        .hand(0, ["Waterdeep", "Shadowdale", "Thay", "Vaasa", "Calimshan", "Cormyr"])
        .formation(0, [realm(A, "Sembia").razed()])
        .build();
    let waterdeep = game.id_of(0, "Waterdeep");
    let shadowdale = game.id_of(0, "Shadowdale");
    // Any one of the three realm actions is open before the first.
    assert!(game.check(&realm_at(shadowdale, A)).is_ok(), "replace");
    assert!(game.check(&Action::Rebuild { at: Position(A) }).is_ok(), "rebuild");
    play!(game, realm_at(waterdeep, B));
    assert_eq!(
        game.player(Seat(0)).formation.slot(Position(B)).map(|s| s.realm),
        Some(waterdeep)
    );
    assert_eq!(refused(&game, realm_at(shadowdale, 2)).rule, "SF-35");
    assert_eq!(
        refused(&game, realm_at(shadowdale, A)).rule,
        "SF-35",
        "no replacing either"
    );
    assert_eq!(refused(&game, Action::Rebuild { at: Position(A) }).rule, "SF-62");
    assert!(
        !game
            .legal()
            .iter()
            .any(|a| matches!(a, Action::PlayRealm { .. } | Action::Rebuild { .. })),
        "the table offers no second realm action"
    );
    assert!(game.player(Seat(0)).hand.contains(&shadowdale));
}

#[test]
fn sf_36_one_holding_onto_any_of_his_realms() {
    let mut game = TestGame::new(2)
        .hand(0, ["Waterdeep", "Berdusk", "Tantras"])
        .formation(0, [realm(A, "Cormyr")])
        .build();
    play!(game, realm_at(game.id_of(0, "Waterdeep"), B));
    // Not the realm just played: the one already in place.
    let berdusk = game.id_of(0, "Berdusk");
    play!(
        game,
        Action::PlayHolding {
            card: berdusk,
            at: Position(A),
        },
    );
    let formation = &game.player(Seat(0)).formation;
    assert_eq!(formation.slot(Position(A)).unwrap().holding, Some(berdusk));
    assert_eq!(formation.slot(Position(B)).unwrap().holding, None);
    let tantras = game.id_of(0, "Tantras");
    let second = Action::PlayHolding {
        card: tantras,
        at: Position(B),
    };
    assert_eq!(refused(&game, second).rule, "SF-36");
    assert_eq!(hand(&game, 0), ["Tantras"]);
}

#[test]
fn sf_37_the_holding_may_come_before_the_realm_and_each_only_once() {
    // AMB-21: the two phase-2 steps in either order.
    let mut game = TestGame::new(2)
        .hand(0, ["Berdusk", "Waterdeep", "Tantras", "Shadowdale"])
        .formation(0, [realm(A, "Cormyr")])
        .build();
    play!(
        game,
        Action::PlayHolding {
            card: game.id_of(0, "Berdusk"),
            at: Position(A),
        },
    );
    play!(game, realm_at(game.id_of(0, "Waterdeep"), B));
    assert_eq!(game.phase(), Phase::Realms);
    assert_eq!(game.player(Seat(0)).formation.occupied(), 2);
    let tantras = game.id_of(0, "Tantras");
    assert_eq!(
        refused(
            &game,
            Action::PlayHolding {
                card: tantras,
                at: Position(B)
            }
        )
        .rule,
        "SF-36"
    );
    assert_eq!(refused(&game, realm_at(game.id_of(0, "Shadowdale"), 2)).rule, "SF-35");
    assert_eq!(game.legal(), vec![Action::EndPhase], "nothing else is left in phase 2");
}

#[test]
fn sf_38_any_number_of_champions_into_the_pool_and_items_onto_them() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(
            0,
            [
                "Elminster the Mage",
                "Marco Volo",
                "Karlott the Shaman",
                "Dwarven Hammer",
                "Chaos Shield",
            ],
        )
        .build();
    for name in ["Elminster the Mage", "Marco Volo", "Karlott the Shaman"] {
        play!(game, Action::ToPool(game.id_of(0, name)));
    }
    let marco = game.id_of(0, "Marco Volo");
    play!(
        game,
        Action::Attach {
            card: game.id_of(0, "Dwarven Hammer"),
            champion: marco,
        },
    );
    play!(
        game,
        Action::Attach {
            card: game.id_of(0, "Chaos Shield"),
            champion: marco,
        },
    );
    let pool = &game.player(Seat(0)).pool;
    assert_eq!(pool.len(), 3);
    let carried: Vec<&str> = pool[1].attachments.iter().map(|&c| game.name(c)).collect();
    assert_eq!(carried, ["Dwarven Hammer", "Chaos Shield"]);
    assert!(pool[0].attachments.is_empty() && pool[2].attachments.is_empty());
    assert!(game.player(Seat(0)).hand.is_empty());
    assert_eq!(game.phase(), Phase::Pool);
    // Outside phase 3 (here phase 2) the same moves are refused.
    let mut early = TestGame::new(2).hand(0, ["Marco Volo"]).build();
    assert!(early.check(&Action::ToPool(early.id_of(0, "Marco Volo"))).is_err());
    play!(early, Action::EndPhase);
    assert!(early.check(&Action::ToPool(early.id_of(0, "Marco Volo"))).is_ok());
}

#[test]
fn sf_41_in_phase_3_only_phase_3_cards_and_events() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(
            0,
            [
                "Marco Volo",
                "Bad Omens",
                "The Iron Legion",
                "Waterdeep",
                "Berdusk",
                "Enlarge",
            ],
        )
        .formation(0, [realm(A, "Cormyr")])
        .build();
    assert!(game.check(&Action::ToPool(game.id_of(0, "Marco Volo"))).is_ok());
    let omens = game.id_of(0, "Bad Omens");
    assert!(game.check(&Action::PlayEvent(omens)).is_ok(), "events at any time");
    // Enlarge is marked for phase 4 only.
    let enlarge = refused(&game, Action::UseCard(game.id_of(0, "Enlarge")));
    assert!(["SF-41", "SF-160"].contains(&enlarge.rule.as_str()), "{}", enlarge.rule);
    let not_now = [
        Action::PlayAlly(game.id_of(0, "The Iron Legion")),
        realm_at(game.id_of(0, "Waterdeep"), B),
    ];
    for action in not_now {
        assert_eq!(refused(&game, action.clone()).rule, "SF-41", "{action:?}");
    }
    let holding = Action::PlayHolding {
        card: game.id_of(0, "Berdusk"),
        at: Position(A),
    };
    assert_eq!(refused(&game, holding).rule, "SF-67");
    play!(game, Action::PlayEvent(omens));
    assert!(matches!(game.pending(), Some(Pending::EventPause { .. })));
    play!(game, Action::Pass);
    assert_eq!(game.player(Seat(0)).abyss, vec![omens]);
    assert_eq!(game.phase(), Phase::Pool);
}

#[test]
fn sf_42_attack_one_realm_of_another_player_from_hand_or_pool() {
    let base = TestGame::new(3)
        .phase(Phase::Pool)
        .hand(0, ["Marco Volo"])
        .pool(0, [("Elminster the Mage", &[][..])])
        .formation(0, [realm(A, "Cormyr")])
        .formation(1, [realm(A, "Sembia")])
        .formation(2, [realm(A, "Vaasa")])
        .build();
    let marco = base.id_of(0, "Marco Volo");
    let elminster = base.id_of(0, "Elminster the Mage");
    let attack = |champion, defender: u8| Action::Attack {
        champion,
        defender: Seat(defender),
        at: Position(A),
    };
    assert_eq!(refused(&base, attack(marco, 0)).rule, "SF-101", "not his own realm");
    // From the hand.
    let mut game = base.clone();
    play!(game, attack(marco, 2));
    let battle = game.battle().expect("a battle");
    assert_eq!(
        (battle.attacker, battle.defender, battle.target),
        (Seat(0), Seat(2), Position(A))
    );
    assert_eq!(battle.attacking.as_ref().map(|f| f.card), Some(marco));
    assert!(game.player(Seat(0)).hand.is_empty());
    assert_eq!(game.phase(), Phase::Battle);
    // From the pool.
    let mut game = base.clone();
    play!(game, attack(elminster, 1));
    assert_eq!(
        game.battle().unwrap().attacking.as_ref().map(|f| f.card),
        Some(elminster)
    );
    assert!(game.player(Seat(0)).pool.is_empty());
    assert_eq!(game.decider(), Some(Seat(1)), "the attacked player answers");
}

#[test]
fn sf_43_declaring_the_attack_closes_phase_3() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Marco Volo", "Karlott the Shaman", "Dwarven Hammer"])
        .pool(0, [("Elminster the Mage", &[][..])])
        .formation(0, [realm(A, "Cormyr")])
        .pool(1, [("Rikus", &[][..])])
        .formation(1, [realm(A, "Sembia")])
        .build();
    let elminster = game.id_of(0, "Elminster the Mage");
    let marco = game.id_of(0, "Marco Volo");
    let hammer = Action::Attach {
        card: game.id_of(0, "Dwarven Hammer"),
        champion: elminster,
    };
    play!(game, attack_p2(elminster, A),);
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, "Rikus")
        }
    );
    play!(game, Action::Pass);
    // Elminster won the round: his player decides again, but phase 3 is over.
    assert_eq!(game.decider(), Some(Seat(0)));
    assert!(game.check(&Action::ToPool(marco)).is_err(), "no champion into the pool");
    assert!(game.check(&hammer).is_err(), "no item attached");
    assert!(
        !game
            .legal()
            .iter()
            .any(|a| matches!(a, Action::ToPool(_) | Action::Attach { .. }))
    );
    play!(game, Action::EndBattle);
    assert_eq!(game.phase(), Phase::AfterBattle);
    assert_eq!(game.pending(), None, "no spoils for a battle ended by the attacker");
    assert!(game.check(&Action::ToPool(marco)).is_err());
    assert!(game.check(&hammer).is_err());
    assert!(
        !game
            .legal()
            .iter()
            .any(|a| matches!(a, Action::ToPool(_) | Action::Attach { .. }))
    );
    assert_eq!(game.player(Seat(0)).pool.len(), 1);
}

#[test]
fn sf_44_after_the_battle_only_a_spoils_card_enters_the_pool() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Marco Volo"])
        .pool(0, [("Elminster the Mage", &[][..])])
        .draw(0, ["Karlott the Shaman"])
        .formation(0, [realm(A, "Cormyr")])
        .formation(1, [realm(A, "Sembia")])
        .build();
    play!(game, attack_p2(game.id_of(0, "Elminster the Mage"), A),);
    play!(game, Action::Decline);
    let karlott = game.id_of(0, "Karlott the Shaman");
    let marco = game.id_of(0, "Marco Volo");
    assert_eq!(game.phase(), Phase::AfterBattle);
    assert_eq!(
        game.pending(),
        Some(&Pending::Spoils {
            seat: Seat(0),
            card: karlott
        })
    );
    assert_eq!(refused(&game, Action::ToPool(marco)).rule, "SF-212");
    play!(game, Action::ToPool(karlott));
    let pool: Vec<&str> = game.player(Seat(0)).pool.iter().map(|c| game.name(c.card)).collect();
    assert_eq!(pool, ["Elminster the Mage", "Karlott the Shaman"]);
    assert_eq!(game.pending(), None);
    assert!(
        game.check(&Action::ToPool(marco)).is_err(),
        "phase 5 takes no champion from the hand"
    );
}

#[test]
fn we_31_a_champion_drawn_as_spoils_may_join_the_pool_at_once_or_wait() {
    let base = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Elminster the Mage", &[][..])])
        .draw(0, ["Karlott the Shaman"])
        .formation(0, [realm(A, "Cormyr")])
        .formation(1, [realm(A, "Sembia")])
        .build();
    let mut game = base.clone();
    play!(game, attack_p2(game.id_of(0, "Elminster the Mage"), A),);
    play!(game, Action::Decline);
    assert!(game.player(Seat(1)).formation.slot(Position(A)).unwrap().razed);
    let karlott = game.id_of(0, "Karlott the Shaman");
    let mut at_once = game.clone();
    play!(at_once, Action::ToPool(karlott));
    assert!(at_once.player(Seat(0)).pool.iter().any(|c| c.card == karlott));
    // Kept in the hand, it waits for a later phase 3.
    play!(game, Action::KeepSpoils);
    assert_eq!(hand(&game, 0), ["Karlott the Shaman"]);
    assert!(game.check(&Action::ToPool(karlott)).is_err());
    play!(game, Action::EndTurn);
    for _ in 0..3 {
        // Seat 1's turn passes without a battle.
        let step = if game.phase() == Phase::StartOfTurn {
            Action::Draw
        } else {
            Action::EndPhase
        };
        play!(game, step);
    }
    play!(game, Action::EndTurn);
    play!(game, Action::Draw);
    play!(game, Action::EndPhase);
    assert_eq!(game.phase(), Phase::Pool);
    play!(game, Action::ToPool(karlott));
}

#[test]
fn sf_46_discard_down_to_the_hand_limit_in_phase_5_only() {
    let names = [
        "Cormyr",
        "Sembia",
        "Vaasa",
        "Calimshan",
        "Thay",
        "Waterdeep",
        "Shadowdale",
        "Myth Drannor",
        "Bad Omens",
        "Marco Volo",
    ];
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, names)
        .pool(0, [("Elminster the Mage", &[][..]), ("Karlott the Shaman", &[][..])])
        .formation(0, [realm(A, "Ravens Bluff")])
        .build();
    // Ten cards in phase 3 are fine: the limit is enforced only in phase 5.
    assert!(game.check(&Action::EndPhase).is_ok());
    play!(game, Action::EndPhase);
    let refusal = refused(&game, Action::EndTurn);
    assert_eq!(refusal.rule, "SF-46");
    assert!(refusal.reason.contains("8"), "{}", refusal.reason);
    let omens = game.id_of(0, "Bad Omens");
    let marco = game.id_of(0, "Marco Volo");
    play!(game, Action::Discard(omens));
    play!(game, Action::Discard(marco));
    assert_eq!(
        game.player(Seat(0)).hand.len(),
        8,
        "the pool's two champions do not count"
    );
    assert_eq!(refused(&game, Action::Discard(game.id_of(0, "Cormyr"))).rule, "SF-46");
    assert_eq!(game.player(Seat(0)).discard, vec![marco]);
    assert_eq!(
        game.player(Seat(0)).abyss,
        vec![omens],
        "an event discarded goes to the Abyss"
    );
    play!(game, Action::EndTurn);
    assert_eq!(game.active(), Seat(1));
    // Ten with 75-card decks.
    let game = TestGame::new(2)
        .format("75")
        .phase(Phase::AfterBattle)
        .hand(0, names)
        .formation(0, [realm(A, "Ravens Bluff")])
        .build();
    assert!(game.check(&Action::EndTurn).is_ok());
    assert_eq!(game.view_for(Seat(0)).hand_limit, 10);
}

#[test]
fn sf_47_ending_the_turn_passes_play_to_the_left() {
    let mut game = TestGame::new(3)
        .active(1)
        .phase(Phase::AfterBattle)
        .formation(1, [realm(A, "Cormyr")])
        .build();
    assert_eq!(game.turn(), 1);
    let events = play!(game, Action::EndTurn);
    assert!(events.contains(&Event::TurnBegan { seat: Seat(2), turn: 2 }));
    assert_eq!(game.active(), Seat(2));
    assert_eq!(game.phase(), Phase::StartOfTurn);
    assert_eq!(game.player(Seat(2)).turns, 1);
    assert_eq!(game.decider(), Some(Seat(2)));
    assert!(game.check(&Action::EndTurn).is_err(), "the new turn starts at phase 0");
}

#[test]
fn sf_34_on_his_first_turn_a_player_draws_at_least_three_whatever_cuts_the_draw() {
    // Seat 1's Elminster carries the Ring of Winter: every other player draws one card fewer.
    let setup = |turns: u32| {
        TestGame::new(2)
            .phase(Phase::StartOfTurn)
            .turns(0, turns)
            .formation(0, [realm(A, "Waterdeep")])
            .pool(1, [("Elminster the Mage", &["The Ring of Winter"][..])])
            .build()
    };
    let mut first = setup(1);
    assert_eq!(first.turn_draw(Seat(1)), 3, "its own player is not touched");
    assert_eq!(first.turn_draw(Seat(0)), 3, "the first turn's three are kept");
    play!(first, Action::Draw);
    assert_eq!(first.player(Seat(0)).hand.len(), 3);
    let mut later = setup(2);
    assert_eq!(later.turn_draw(Seat(0)), 2, "from the second turn on, the cut applies");
    play!(later, Action::Draw);
    assert_eq!(later.player(Seat(0)).hand.len(), 2);
}

// ---------------------------------------------------------------------------------------------
// Worked examples

#[test]
fn we_2_marco_volo_looks_at_an_opponents_top_card_in_phase_0_before_the_draw() {
    // Seat 1 ends its turn; seat 0's begins with Marco Volo in its pool.
    let mut game = TestGame::new(2)
        .active(1)
        .phase(Phase::AfterBattle)
        .formation(0, [realm(A, "Cormyr")])
        .formation(1, [realm(A, "Thay")])
        .pool(0, [("Marco Volo", &[][..])])
        .draw(0, ["Rowan"])
        .draw(1, ["Mordenkainen"])
        .build();
    play!(game, Action::EndTurn);
    assert_eq!((game.active(), game.phase()), (Seat(0), Phase::StartOfTurn));
    // Phase 0: the look comes first; the draw is not offered until it is made or let be.
    assert_eq!(game.decider(), Some(Seat(0)));
    assert!(!game.legal().contains(&Action::Draw), "no draw before the look");
    assert!(game.player(Seat(0)).hand.is_empty());
    play!(game, Action::ChoosePlayer(Seat(1)));
    let top = game.id_of(1, "Mordenkainen");
    let looked: Vec<CardId> = game.view_for(Seat(0)).looking_at.iter().map(|c| c.id).collect();
    assert_eq!(looked, [top], "the top card of the opponent's pile, shown to him");
    assert!(game.view_for(Seat(1)).looking_at.is_empty());
    // What else he may do with it is the card's text (here: discard it, or leave it).
    play!(game, Action::Pass);
    assert_eq!(
        game.player(Seat(1)).draw.iter_top_down().next(),
        Some(&top),
        "left on top"
    );
    assert!(game.player(Seat(0)).hand.is_empty(), "still no card drawn");
    // Then phase 1: the draw.
    play!(game, Action::Draw);
    assert!(game.player(Seat(0)).hand.contains(&game.id_of(0, "Rowan")));
}
