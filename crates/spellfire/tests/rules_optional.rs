//! Checklist section 26: the optional rules, each a `Rules` option, and the setup options of base
//! play that the checklist's ambiguities name (AMB-3, AMB-8).

mod common;

use common::{A, B, C, D, E, F, attack_p2};

use spellfire::{
    Action, AidItems, ConquerorCounts, Event, FearScope, MelonFirstTurn, Pending, PermanentDestruction, Phase,
    Phase4Caster, Position, RebuildCostZone, Rules, Side, Source, Spellfire, TestGame, XpOnEqual, realm,
};
use spellhall_core::{Game, Seat, ToAct};

/// Carry out an action that must be allowed, and check that every card is still in one place.
fn act(game: &mut Spellfire, action: Action) -> Vec<Event> {
    let events = game
        .apply_action(&action)
        .unwrap_or_else(|e| panic!("{action:?} was refused: {} ({})", e.reason, e.rule));
    game.check_invariants().expect("the invariants hold");
    events
}

/// The rule an action is refused by.
fn refused(game: &Spellfire, action: Action) -> String {
    match game.check(&action) {
        Ok(()) => panic!("{action:?} was allowed"),
        Err(e) => e.rule,
    }
}

fn to_act(game: &Spellfire) -> Seat {
    match game.to_act() {
        ToAct::Seat(seat) => seat,
        other => panic!("nobody to act: {other:?}"),
    }
}

fn total(game: &Spellfire, side: Side) -> i32 {
    game.total(side).expect("a fighter on that side").value()
}

/// `seat`'s `champion` attacks `defender`'s realm at `at`, and `defending` (a card of the
/// defender's) defends.
fn battle(game: &mut Spellfire, seat: u8, champion: &str, defender: u8, at: u8, defending: &str) {
    let attacker = game.id_of(seat, champion);
    act(
        game,
        Action::Attack {
            champion: attacker,
            defender: Seat(defender),
            at: Position(at),
        },
    );
    let defending = game.id_of(defender, defending);
    act(game, Action::Defend { champion: defending });
}

/// Play the active seat's turn out without doing anything (answering any spoils by keeping them),
/// and draw for the next seat, which is left in phase 2.
fn next_turn(game: &mut Spellfire) {
    loop {
        if let Some(Pending::Spoils { .. }) = game.pending() {
            act(game, Action::KeepSpoils);
            continue;
        }
        match game.phase() {
            Phase::StartOfTurn => {
                act(game, Action::Draw);
            }
            Phase::Realms | Phase::Pool => {
                act(game, Action::EndPhase);
            }
            Phase::Battle => {
                act(game, Action::EndBattle);
            }
            Phase::AfterBattle => {
                let seat = game.active();
                if game.player(seat).hand.len() > game.hand_limit() {
                    let card = game.player(seat).hand[0];
                    act(game, Action::Discard(card));
                } else {
                    act(game, Action::EndTurn);
                    break;
                }
            }
            Phase::Over => return,
        }
    }
    act(game, Action::Draw);
}

fn has<F: Fn(&Event) -> bool>(events: &[Event], test: F) -> bool {
    events.iter().any(test)
}

// ---- SF-238: optional rules only by agreement ----

#[test]
fn sf_238_optional_rules_are_off_unless_the_table_chooses_them() {
    let rules = Rules::default();
    assert!(!rules.aid && !rules.conqueror && !rules.experience_spoils && !rules.fear && !rules.melon_rule);
    assert!(!rules.parallel_universes && !rules.questing && !rules.treasure && !rules.barbarians_game);
    assert!(!rules.true_victory && !rules.world_bonuses);
    assert_eq!(rules.permanent_destruction, PermanentDestruction::Off);
    let game = TestGame::new(2).pool(0, [("Tergoz Tenhammer", &[][..])]).build();
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    assert_eq!(refused(&game, Action::Quest(tergoz)), "SF-238, SF-254");
    assert!(!game.legal().contains(&Action::Quest(tergoz)));
}

#[test]
fn sf_238_a_rule_written_for_a_larger_table_is_refused_at_setup() {
    let content = common::content();
    for (seats, change) in [
        (3, (|r: &mut Rules| r.aid = true) as fn(&mut Rules)),
        (2, |r: &mut Rules| r.conqueror = true),
        (5, |r: &mut Rules| r.parallel_universes = true),
        (2, |r: &mut Rules| {
            r.melon_rule = true;
            r.melons = vec![Seat(2)];
        }),
    ] {
        let mut config = common::starter_table(seats, 1);
        change(&mut config.rules);
        assert!(Spellfire::new(&config, &content, 1).is_err(), "{:?}", config.rules);
    }
    let mut config = common::starter_table(4, 1);
    config.rules.aid = true;
    config.rules.conqueror = true;
    assert!(Spellfire::new(&config, &content, 1).is_ok());
}

// ---- SF-239–242: Aid the Attacker or Defender ----

/// Four players: Seat 1's Herminard (4) attacks Seat 2's Cormyr, defended by Tergoz Tenhammer (5).
fn aid_table(change: impl FnOnce(&mut Rules), hands: [&[&str]; 4]) -> Spellfire {
    let mut game = TestGame::new(4)
        .rules(|r| {
            r.aid = true;
            change(r);
        })
        .phase(Phase::Pool)
        .pool(0, [("Herminard", &[][..])])
        .pool(1, [("Tergoz Tenhammer", &[][..])])
        .formation(1, [realm(A, "Cormyr")]);
    for (seat, hand) in hands.iter().enumerate() {
        for card in *hand {
            game = game.hand(seat as u8, [*card]);
        }
    }
    let mut game = game.build();
    battle(&mut game, 0, "Herminard", 1, A, "Tergoz Tenhammer");
    game
}

#[test]
fn sf_239_the_losing_side_asks_and_the_others_answer_clockwise() {
    let mut game = aid_table(|_| {}, [&[], &[], &["Zadoc"], &["Armies of Bloodstone"]]);
    assert_eq!(to_act(&game), Seat(0), "the attacker is losing 4 to 5");
    assert!(game.legal().contains(&Action::AskAid));
    act(&mut game, Action::AskAid);
    assert_eq!(
        to_act(&game),
        Seat(2),
        "Seat 2 is the first seat clockwise outside the battle"
    );
    act(&mut game, Action::Pass);
    assert_eq!(to_act(&game), Seat(3));
    let armies = game.id_of(3, "Armies of Bloodstone");
    let events = act(&mut game, Action::PlayAlly(armies));
    assert!(has(&events, |e| matches!(
        e,
        Event::AidGiven {
            helper: Seat(3),
            aided: Seat(0),
            ..
        }
    )));
    assert_eq!(total(&game, Side::Attacker), 8);
    assert_eq!(to_act(&game), Seat(1), "now the defender is losing");
    assert_eq!(game.battle().unwrap().helpers, vec![(Seat(3), Seat(0))]);
}

#[test]
fn sf_239_help_is_never_forced_and_a_helper_backs_one_side() {
    let mut game = aid_table(|_| {}, [&[], &[], &["Zadoc"], &["Armies of Bloodstone"]]);
    // Nobody outside the battle decides anything until a side asks.
    assert_eq!(to_act(&game), Seat(0));
    act(&mut game, Action::AskAid);
    act(&mut game, Action::Pass);
    let armies = game.id_of(3, "Armies of Bloodstone");
    act(&mut game, Action::PlayAlly(armies));
    // The defender asks: Seat 3 backs the attacker, so only Seat 2 is asked.
    act(&mut game, Action::AskAid);
    assert_eq!(to_act(&game), Seat(2));
    let events = act(&mut game, Action::Pass);
    assert!(has(&events, |e| matches!(e, Event::NoAid { seat: Seat(1) })));
    assert_eq!(to_act(&game), Seat(1));
    assert_eq!(
        refused(&game, Action::AskAid),
        "SF-239",
        "nobody would help until a card is played"
    );
    assert!(!game.legal().contains(&Action::AskAid));
}

#[test]
fn sf_239_a_helpers_spell_needs_a_caster_of_his_own() {
    let mut game = aid_table(|_| {}, [&[], &[], &["Lightning Bolt"], &[]]);
    act(&mut game, Action::AskAid);
    let bolt = game.id_of(2, "Lightning Bolt");
    assert_eq!(refused(&game, Action::UseCard(bolt)), "AMB-24");
    // With a wizard in his pool, Seat 2 casts it for the attacker.
    let mut game = TestGame::new(4)
        .rules(|r| r.aid = true)
        .phase(Phase::Pool)
        .pool(0, [("Herminard", &[][..])])
        .pool(1, [("Tergoz Tenhammer", &[][..])])
        .formation(1, [realm(A, "Cormyr")])
        .pool(2, [("The Magister", &[][..])])
        .hand(2, ["Lightning Bolt"])
        .build();
    battle(&mut game, 0, "Herminard", 1, A, "Tergoz Tenhammer");
    act(&mut game, Action::AskAid);
    let bolt = game.id_of(2, "Lightning Bolt");
    act(&mut game, Action::UseCard(bolt));
    assert_eq!(total(&game, Side::Attacker), 9);
}

#[test]
fn sf_240_a_helpers_ally_is_discarded_to_its_owner_after_the_round() {
    let mut game = aid_table(|_| {}, [&[], &[], &[], &["Armies of Bloodstone"]]);
    act(&mut game, Action::AskAid);
    act(&mut game, Action::Pass);
    let armies = game.id_of(3, "Armies of Bloodstone");
    act(&mut game, Action::PlayAlly(armies));
    act(&mut game, Action::Pass); // the defender gives up the round
    assert!(game.player(Seat(3)).discard.contains(&armies));
    assert!(!game.player(Seat(0)).discard.contains(&armies));
}

#[test]
fn sf_240_a_helpers_item_stays_with_a_winning_champion() {
    let mut game = aid_table(|_| {}, [&[], &[], &[], &["Magic Sword"]]);
    act(&mut game, Action::AskAid);
    act(&mut game, Action::Pass);
    let sword = game.id_of(3, "Magic Sword");
    let herminard = game.id_of(0, "Herminard");
    act(
        &mut game,
        Action::Attach {
            card: sword,
            champion: herminard,
        },
    );
    assert_eq!(total(&game, Side::Attacker), 6);
    act(&mut game, Action::Pass);
    act(&mut game, Action::EndBattle);
    let pool = &game.player(Seat(0)).pool;
    assert!(
        pool.iter()
            .any(|c| c.card == herminard && c.attachments.contains(&sword))
    );
    assert_eq!(game.owner(sword), Seat(3), "the helper still owns it");
}

#[test]
fn amb_24_a_helpers_item_can_go_back_to_his_hand() {
    let mut game = aid_table(
        |r| r.aid_items_after_battle = AidItems::ReturnToHelperHand,
        [&[], &[], &[], &["Magic Sword"]],
    );
    act(&mut game, Action::AskAid);
    act(&mut game, Action::Pass);
    let sword = game.id_of(3, "Magic Sword");
    let herminard = game.id_of(0, "Herminard");
    act(
        &mut game,
        Action::Attach {
            card: sword,
            champion: herminard,
        },
    );
    act(&mut game, Action::Pass);
    let events = act(&mut game, Action::EndBattle);
    assert!(has(&events, |e| matches!(
        e,
        Event::AidReturned { helper: Seat(3), .. }
    )));
    assert!(game.player(Seat(3)).hand.contains(&sword));
}

#[test]
fn sf_240_a_helpers_item_is_discarded_with_a_defeated_champion() {
    let mut game = aid_table(|_| {}, [&[], &["Armies of Bloodstone"], &[], &["Magic Sword"]]);
    act(&mut game, Action::AskAid);
    act(&mut game, Action::Pass);
    let sword = game.id_of(3, "Magic Sword");
    let herminard = game.id_of(0, "Herminard");
    act(
        &mut game,
        Action::Attach {
            card: sword,
            champion: herminard,
        },
    );
    let armies = game.id_of(1, "Armies of Bloodstone");
    act(&mut game, Action::PlayAlly(armies));
    act(&mut game, Action::Pass); // the attacker loses 6 to 9
    assert!(game.player(Seat(3)).discard.contains(&sword));
    assert!(game.player(Seat(0)).discard.contains(&herminard));
}

/// Seat 1's Tergoz Tenhammer (5) attacks Seat 2's Cormyr, defended by Herminard (4); Seat 3 helps
/// the defender with Zadoc (+2) and the attacker gives up.
fn defender_helped(formations: bool) -> Spellfire {
    let mut game = TestGame::new(4).rules(|r| r.aid = true).phase(Phase::Pool);
    game = game
        .pool(0, [("Tergoz Tenhammer", &[][..])])
        .pool(1, [("Herminard", &[][..])])
        .hand(2, ["Zadoc"]);
    game = if formations {
        game.formation(
            1,
            [
                realm(A, "Cormyr"),
                realm(B, "Sembia"),
                realm(C, "Calimshan"),
                realm(D, "Vaasa"),
                realm(E, "The High Forest"),
            ],
        )
        .formation(
            2,
            [
                realm(A, "Rashemen"),
                realm(B, "Narfell"),
                realm(C, "The Trollmoors"),
                realm(D, "The Yeomanry"),
                realm(E, "Nyrond"),
            ],
        )
        .draw(1, ["Keoland"])
        .draw(2, ["Celene"])
    } else {
        game.formation(1, [realm(A, "Cormyr")])
    };
    let mut game = game.build();
    battle(&mut game, 0, "Tergoz Tenhammer", 1, A, "Herminard");
    act(&mut game, Action::AskAid);
    assert_eq!(to_act(&game), Seat(2));
    let zadoc = game.id_of(2, "Zadoc");
    act(&mut game, Action::PlayAlly(zadoc));
    act(&mut game, Action::Pass);
    game
}

#[test]
fn sf_241_each_helper_of_the_winning_side_draws_a_card_too() {
    let mut game = defender_helped(false);
    assert!(matches!(game.pending(), Some(Pending::Spoils { seat: Seat(1), .. })));
    let before = game.player(Seat(2)).hand.len();
    act(&mut game, Action::KeepSpoils);
    assert!(
        matches!(game.pending(), Some(Pending::Spoils { seat: Seat(2), .. })),
        "the helper's spoils come after the winner's"
    );
    assert_eq!(game.player(Seat(2)).hand.len(), before);
    act(&mut game, Action::KeepSpoils);
    assert_eq!(game.pending(), None);
    assert_eq!(
        game.player(Seat(3)).hand.len(),
        0,
        "Seat 4 did not help and draws nothing"
    );
}

#[test]
fn sf_242_formations_completed_by_the_same_spoils_share_the_victory() {
    let mut game = defender_helped(true);
    let keoland = game.id_of(1, "Keoland");
    act(
        &mut game,
        Action::PlayRealm {
            card: keoland,
            at: Position(F),
        },
    );
    assert!(game.outcome().is_none(), "the helper's spoils are still owed");
    let celene = game.id_of(2, "Celene");
    act(
        &mut game,
        Action::PlayRealm {
            card: celene,
            at: Position(F),
        },
    );
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winners, vec![Seat(1), Seat(2)]);
}

// ---- SF-243, SF-244: the Barbarian's Game ----

#[test]
fn sf_243_six_realms_win_only_at_the_start_of_the_owners_next_turn() {
    let mut game = TestGame::new(2)
        .rules(|r| r.barbarians_game = true)
        .formation(
            0,
            [
                realm(A, "Cormyr"),
                realm(B, "Sembia"),
                realm(C, "Calimshan"),
                realm(D, "Vaasa"),
                realm(E, "The High Forest"),
            ],
        )
        .hand(0, ["Keoland"])
        .build();
    let keoland = game.id_of(0, "Keoland");
    act(
        &mut game,
        Action::PlayRealm {
            card: keoland,
            at: Position(F),
        },
    );
    assert!(
        game.outcome().is_none(),
        "not yet: the realms must stand until Seat 1's next turn"
    );
    next_turn(&mut game);
    assert_eq!(game.active(), Seat(1));
    assert!(game.outcome().is_none());
    act(&mut game, Action::EndPhase);
    act(&mut game, Action::EndPhase);
    act(&mut game, Action::EndTurn);
    assert_eq!(game.outcome().expect("Seat 1 wins").winners, vec![Seat(0)]);
}

#[test]
fn sf_244_an_empty_draw_pile_is_shuffled_again_from_the_discard_pile() {
    let build = |barbarian: bool| {
        TestGame::new(2)
            .rules(|r| r.barbarians_game = barbarian)
            .filler(0)
            .phase(Phase::StartOfTurn)
            .draw(0, ["Zadoc"])
            .discard(0, ["Miles", "Trystan", "Stug"])
            .build()
    };
    let mut game = build(true);
    let events = act(&mut game, Action::Draw);
    assert_eq!(game.player(Seat(0)).hand.len(), 3);
    assert_eq!(game.player(Seat(0)).draw.len(), 1);
    assert!(game.player(Seat(0)).discard.is_empty());
    assert!(!has(&events, |e| matches!(e, Event::DeckRanOut { .. })));
    let mut plain = build(false);
    let events = act(&mut plain, Action::Draw);
    assert_eq!(plain.player(Seat(0)).hand.len(), 1);
    assert!(has(&events, |e| matches!(e, Event::DeckRanOut { seat: Seat(0) })));
}

// ---- SF-245, SF-246: the Conqueror's Game ----

fn conqueror_table(change: impl FnOnce(&mut Rules)) -> Spellfire {
    TestGame::new(3)
        .rules(|r| {
            r.conqueror = true;
            change(r);
        })
        .formation(
            0,
            [
                realm(A, "Cormyr"),
                realm(B, "Sembia").razed(),
                realm(C, "Calimshan"),
                realm(D, "Vaasa").razed(),
                realm(E, "The High Forest"),
                realm(F, "Rashemen"),
            ],
        )
        .formation(1, [realm(A, "Narfell").razed(), realm(B, "The Trollmoors")])
        .formation(
            2,
            [
                realm(A, "The Yeomanry").razed(),
                realm(B, "Nyrond"),
                realm(C, "Keoland"),
            ],
        )
        .marker(0, 1, A)
        .marker(0, 2, A)
        .pool(0, [("Tergoz Tenhammer", &[][..])])
        .phase(Phase::Pool)
        .build()
}

#[test]
fn sf_245_six_realms_razed_or_not_and_three_conquests_win() {
    let mut game = conqueror_table(|_| {});
    assert_eq!(game.conquests(Seat(0)), 2);
    assert!(game.outcome().is_none());
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    act(
        &mut game,
        Action::Attack {
            champion: tergoz,
            defender: Seat(2),
            at: Position(B),
        },
    );
    let events = act(&mut game, Action::Decline);
    assert!(has(&events, |e| matches!(
        e,
        Event::RealmMarked {
            seat: Seat(0),
            owner: Seat(2),
            ..
        }
    )));
    assert_eq!(game.outcome().expect("Seat 1 has conquered").winners, vec![Seat(0)]);
}

#[test]
fn sf_245_six_unrazed_realms_alone_do_not_win_the_conquerors_game() {
    let mut game = TestGame::new(3)
        .rules(|r| r.conqueror = true)
        .formation(
            0,
            [
                realm(A, "Cormyr"),
                realm(B, "Sembia"),
                realm(C, "Calimshan"),
                realm(D, "Vaasa"),
                realm(E, "The High Forest"),
            ],
        )
        .hand(0, ["Keoland"])
        .build();
    let keoland = game.id_of(0, "Keoland");
    act(
        &mut game,
        Action::PlayRealm {
            card: keoland,
            at: Position(F),
        },
    );
    assert!(game.outcome().is_none());
}

#[test]
fn sf_246_a_token_goes_back_when_its_realm_is_rebuilt() {
    let mut game = conqueror_table(|_| {});
    next_turn(&mut game);
    assert_eq!(game.active(), Seat(1));
    act(&mut game, Action::Rebuild { at: Position(A) });
    for _ in 0..3 {
        let card = game.player(Seat(1)).hand[0];
        act(&mut game, Action::Discard(card));
    }
    assert_eq!(game.conquests(Seat(0)), 1);
}

#[test]
fn sf_246_a_token_goes_back_when_its_realm_is_replaced() {
    let mut game = TestGame::new(3)
        .rules(|r| r.conqueror = true)
        .formation(1, [realm(A, "Narfell").razed()])
        .marker(0, 1, A)
        .hand(1, ["Celene"])
        .active(1)
        .build();
    assert_eq!(game.conquests(Seat(0)), 1);
    let celene = game.id_of(1, "Celene");
    act(
        &mut game,
        Action::PlayRealm {
            card: celene,
            at: Position(A),
        },
    );
    assert_eq!(game.conquests(Seat(0)), 0);
}

#[test]
fn amb_26_total_razed_ever_keeps_counting_rebuilt_realms() {
    let mut game = conqueror_table(|r| r.conqueror_counts = ConquerorCounts::TotalRazedEver);
    next_turn(&mut game);
    act(&mut game, Action::Rebuild { at: Position(A) });
    for _ in 0..3 {
        let card = game.player(Seat(1)).hand[0];
        act(&mut game, Action::Discard(card));
    }
    assert_eq!(game.conquests(Seat(0)), 2);
}

// ---- SF-247: permanent destruction ----

#[test]
fn sf_247_a_realm_taken_from_a_formation_to_the_discard_pile_is_destroyed() {
    let mut game = TestGame::new(2)
        .rules(|r| r.permanent_destruction = PermanentDestruction::Realms)
        .formation(0, [realm(A, "Cormyr").razed()])
        .hand(0, ["Sembia"])
        .hand(1, ["Cormyr"])
        .build();
    let sembia = game.id_of(0, "Sembia");
    let events = act(
        &mut game,
        Action::PlayRealm {
            card: sembia,
            at: Position(A),
        },
    );
    assert!(has(&events, |e| matches!(e, Event::Destroyed { .. })));
    next_turn(&mut game);
    let theirs = game.id_of(1, "Cormyr");
    assert_eq!(
        refused(
            &game,
            Action::PlayRealm {
                card: theirs,
                at: Position(A)
            }
        ),
        "SF-247",
        "no one may play that realm again"
    );
}

#[test]
fn sf_247_a_card_discarded_before_it_was_in_play_is_not_destroyed() {
    let mut game = TestGame::new(2)
        .rules(|r| r.permanent_destruction = PermanentDestruction::AllCosmosTypes)
        .phase(Phase::AfterBattle)
        .hand(
            0,
            [
                "Cormyr", "Zadoc", "Miles", "Trystan", "Stug", "Ashathra", "Inhuman", "Sloth", "Rowan",
            ],
        )
        .hand(1, ["Cormyr"])
        .build();
    let cormyr = game.id_of(0, "Cormyr");
    act(&mut game, Action::Discard(cormyr));
    act(&mut game, Action::EndTurn);
    act(&mut game, Action::Draw);
    let theirs = game.id_of(1, "Cormyr");
    assert!(
        game.check(&Action::PlayRealm {
            card: theirs,
            at: Position(A)
        })
        .is_ok()
    );
}

#[test]
fn amb_27_the_wider_option_destroys_a_defeated_champion() {
    for (mode, destroyed) in [
        (PermanentDestruction::Realms, false),
        (PermanentDestruction::AllCosmosTypes, true),
    ] {
        let mut game = TestGame::new(2)
            .rules(|r| r.permanent_destruction = mode)
            .phase(Phase::Pool)
            .pool(0, [("Herminard", &[][..])])
            .pool(1, [("Tergoz Tenhammer", &[][..])])
            .formation(1, [realm(A, "Cormyr")])
            .hand(1, ["Herminard"])
            .build();
        battle(&mut game, 0, "Herminard", 1, A, "Tergoz Tenhammer");
        let events = act(&mut game, Action::Pass);
        assert_eq!(has(&events, |e| matches!(e, Event::Destroyed { .. })), destroyed);
        next_turn(&mut game);
        act(&mut game, Action::EndPhase);
        let copy = game.id_of(1, "Herminard");
        let copy = if game.player(Seat(1)).hand.contains(&copy) {
            copy
        } else {
            game.ids_of(1, "Herminard")
                .into_iter()
                .find(|c| game.player(Seat(1)).hand.contains(c))
                .expect("Seat 2 holds a Herminard")
        };
        match game.check(&Action::ToPool(copy)) {
            Ok(()) => assert!(!destroyed),
            Err(e) => {
                assert!(destroyed);
                assert_eq!(e.rule, "SF-247");
            }
        }
    }
}

// ---- SF-248, SF-249: Experience Spoils ----

fn experience_battle(change: impl FnOnce(&mut Rules), attacker: &str, defender: &str, ally: Option<&str>) -> Spellfire {
    let mut setup = TestGame::new(2)
        .rules(|r| {
            r.experience_spoils = true;
            change(r);
        })
        .phase(Phase::Pool)
        .pool(0, [(attacker, &[][..])])
        .pool(1, [(defender, &[][..])])
        .formation(1, [realm(A, "Cormyr")]);
    if let Some(ally) = ally {
        setup = setup.hand(0, [ally]);
    }
    let mut game = setup.build();
    battle(&mut game, 0, attacker, 1, A, defender);
    if let Some(ally) = ally {
        let ally = game.id_of(0, ally);
        act(&mut game, Action::PlayAlly(ally));
    }
    assert_eq!(to_act(&game), Seat(1), "the defender is losing");
    act(&mut game, Action::Pass);
    game
}

#[test]
fn sf_248_experience_spoils_a_lower_winner_gains_the_difference() {
    let game = experience_battle(|_| {}, "Herminard", "Tergoz Tenhammer", Some("Armies of Bloodstone"));
    let herminard = game.id_of(0, "Herminard");
    assert_eq!(game.experience(herminard), 1);
    assert_eq!(game.base_level(herminard), 5);
}

#[test]
fn sf_248_experience_spoils_a_higher_winner_gains_the_losers_level() {
    let game = experience_battle(|_| {}, "Mordenkainen", "Herminard", None);
    let mordenkainen = game.id_of(0, "Mordenkainen");
    assert_eq!(game.experience(mordenkainen), 4);
    assert_eq!(game.base_level(mordenkainen), 11);
    let view = game.view(Seat(1));
    assert!(view.players[0].pool.iter().any(|c| c.experience == 4));
}

#[test]
fn sf_248_experience_spoils_not_for_beating_a_realm_or_without_the_rule() {
    let game = experience_battle(|r| r.experience_spoils = false, "Mordenkainen", "Herminard", None);
    assert_eq!(game.experience(game.id_of(0, "Mordenkainen")), 0);
}

#[test]
fn amb_28_an_equal_level_winner_gains_the_losers_level_or_nothing() {
    for (equal, gain) in [(XpOnEqual::LoserLevel, 5), (XpOnEqual::Zero, 0)] {
        let game = experience_battle(
            |r| r.xp_on_equal_levels = equal,
            "Tergoz Tenhammer",
            "Stef'fa Naf'ski",
            Some("Zadoc"),
        );
        assert_eq!(game.experience(game.id_of(0, "Tergoz Tenhammer")), gain);
    }
}

#[test]
fn sf_249_earned_levels_fight_in_later_battles_and_are_lost_in_the_discard_pile() {
    let mut game = TestGame::new(2)
        .rules(|r| r.experience_spoils = true)
        .phase(Phase::Pool)
        .pool(0, [("Mordenkainen", &[][..])])
        .pool(1, [("Herminard", &[][..]), ("Azhul", &[][..])])
        .formation(0, [realm(A, "Sembia")])
        .formation(1, [realm(A, "Cormyr")])
        .build();
    battle(&mut game, 0, "Mordenkainen", 1, A, "Herminard");
    act(&mut game, Action::Pass);
    let mordenkainen = game.id_of(0, "Mordenkainen");
    assert_eq!(game.experience(mordenkainen), 4);
    next_turn(&mut game);
    next_turn(&mut game);
    act(&mut game, Action::EndPhase);
    battle(&mut game, 0, "Mordenkainen", 1, A, "Azhul");
    let attacking = game.total(Side::Attacker).unwrap();
    assert!(
        attacking
            .parts
            .iter()
            .any(|p| p.source == Source::Experience && p.amount == 4)
    );
    assert_eq!(attacking.value(), 11);
    act(&mut game, Action::Pass);
    assert_eq!(game.experience(mordenkainen), 8);
    // A player without realms loses his pool at the end of the turn: the levels go with it.
    let mut lonely = TestGame::new(2)
        .rules(|r| r.experience_spoils = true)
        .phase(Phase::Pool)
        .pool(0, [("Mordenkainen", &[][..])])
        .pool(1, [("Herminard", &[][..])])
        .formation(1, [realm(A, "Cormyr")])
        .build();
    battle(&mut lonely, 0, "Mordenkainen", 1, A, "Herminard");
    act(&mut lonely, Action::Pass);
    let mordenkainen = lonely.id_of(0, "Mordenkainen");
    assert_eq!(lonely.experience(mordenkainen), 4);
    act(&mut lonely, Action::EndBattle);
    act(&mut lonely, Action::EndTurn);
    assert!(lonely.player(Seat(0)).discard.contains(&mordenkainen));
    assert_eq!(lonely.experience(mordenkainen), 0);
}

// ---- SF-250: Fear of Undead ----

fn fear_battle(change: impl FnOnce(&mut Rules), attacker: &str, defender: &str) -> Spellfire {
    let mut game = TestGame::new(2)
        .rules(|r| {
            r.fear = true;
            change(r);
        })
        .phase(Phase::Pool)
        .pool(0, [(attacker, &[][..])])
        .hand(0, ["Sea Zombie"])
        .pool(1, [(defender, &[][..])])
        .hand(1, ["Zadoc"])
        .formation(1, [realm(A, "Cormyr")])
        .build();
    battle(&mut game, 0, attacker, 1, A, defender);
    game
}

#[test]
fn sf_250_fear_of_undead_drives_off_a_low_ally_as_it_is_played() {
    let mut game = fear_battle(|_| {}, "Skeletal Horde", "Herminard");
    let zadoc = game.id_of(1, "Zadoc");
    let events = act(&mut game, Action::PlayAlly(zadoc));
    assert!(has(&events, |e| matches!(e, Event::AlliesFled { seat: Seat(1), .. })));
    assert!(game.player(Seat(1)).discard.contains(&zadoc));
    assert_eq!(total(&game, Side::Defender), 4);
    assert_eq!(to_act(&game), Seat(1), "still losing");
}

#[test]
fn sf_250_fear_of_undead_acts_when_the_frightening_card_joins_the_round() {
    let mut game = fear_battle(|_| {}, "Tergoz Tenhammer", "Herminard");
    let zadoc = game.id_of(1, "Zadoc");
    act(&mut game, Action::PlayAlly(zadoc));
    assert_eq!(total(&game, Side::Defender), 6, "Tergoz is no undead: Zadoc stays");
    let zombie = game.id_of(0, "Sea Zombie");
    let events = act(&mut game, Action::PlayAlly(zombie));
    assert!(has(&events, |e| matches!(e, Event::AlliesFled { .. })));
    assert_eq!(total(&game, Side::Defender), 4);
}

#[test]
fn sf_250_clerics_and_their_allies_are_not_afraid() {
    let mut game = fear_battle(|_| {}, "Skeletal Horde", "Cleric of Gond");
    let zadoc = game.id_of(1, "Zadoc");
    act(&mut game, Action::PlayAlly(zadoc));
    assert_eq!(total(&game, Side::Defender), 6);
}

#[test]
fn amb_29_the_wider_reading_makes_every_strong_card_frightening() {
    let mut game = fear_battle(
        |r| r.fear_scope = FearScope::AllChampionsAndAllies,
        "Tergoz Tenhammer",
        "Herminard",
    );
    let zadoc = game.id_of(1, "Zadoc");
    act(&mut game, Action::PlayAlly(zadoc));
    assert_eq!(total(&game, Side::Defender), 4, "Tergoz (5) frightens Zadoc");
}

// ---- SF-251, SF-252: the Melon Rule ----

fn melon_draw(melons: &[u8], seat: u8, turns: u32, first: MelonFirstTurn) -> usize {
    let mut game = TestGame::new(2)
        .rules(|r| {
            r.melon_rule = true;
            r.melons = melons.iter().map(|&s| Seat(s)).collect();
            r.melon_first_turn = first;
        })
        .active(seat)
        .turns(seat, turns)
        .phase(Phase::StartOfTurn)
        .build();
    act(&mut game, Action::Draw);
    game.player(Seat(seat)).hand.len()
}

#[test]
fn sf_251_a_melon_shortens_every_other_players_draw() {
    assert_eq!(melon_draw(&[0], 1, 3, MelonFirstTurn::Applies), 2);
    assert_eq!(
        melon_draw(&[0], 0, 3, MelonFirstTurn::Applies),
        3,
        "the bringer draws in full"
    );
    assert_eq!(melon_draw(&[], 1, 3, MelonFirstTurn::Applies), 3);
}

#[test]
fn sf_252_two_melons_shorten_every_draw_by_one_only() {
    assert_eq!(melon_draw(&[0, 1], 0, 3, MelonFirstTurn::Applies), 2);
    assert_eq!(melon_draw(&[0, 1], 1, 3, MelonFirstTurn::Applies), 2);
}

#[test]
fn amb_39_the_melon_spares_the_first_turn_only_if_chosen() {
    assert_eq!(melon_draw(&[0], 1, 1, MelonFirstTurn::Applies), 2);
    assert_eq!(melon_draw(&[0], 1, 1, MelonFirstTurn::Spared), 3);
}

// ---- SF-253: Parallel Universes ----

#[test]
fn sf_253_two_copies_of_a_champion_may_be_in_play() {
    let build = |parallel: bool, copies: usize| {
        let mut game = TestGame::new(6)
            .rules(|r| r.parallel_universes = parallel)
            .phase(Phase::Pool)
            .hand(0, ["Tergoz Tenhammer"]);
        for seat in 1..=copies {
            game = game.pool(seat as u8, [("Tergoz Tenhammer", &[][..])]);
        }
        let game = game.build();
        let tergoz = game.id_of(0, "Tergoz Tenhammer");
        game.check(&Action::ToPool(tergoz)).map_err(|e| e.rule)
    };
    assert_eq!(build(false, 1), Err("SF-94".into()));
    assert_eq!(build(true, 1), Ok(()));
    assert_eq!(build(true, 2), Err("SF-253".into()));
}

#[test]
fn amb_30_artifacts_stay_unique_unless_the_table_says_otherwise() {
    let build = |artifacts: bool| {
        let game = TestGame::new(6)
            .rules(|r| {
                r.parallel_universes = true;
                r.parallel_includes_artifacts = artifacts;
            })
            .phase(Phase::Pool)
            .pool(0, [("Tergoz Tenhammer", &[][..])])
            .hand(0, ["Orb of Dragonkind"])
            .pool(1, [("Mordenkainen", &["Orb of Dragonkind"][..])])
            .build();
        let orb = game.id_of(0, "Orb of Dragonkind");
        let tergoz = game.id_of(0, "Tergoz Tenhammer");
        game.check(&Action::Attach {
            card: orb,
            champion: tergoz,
        })
        .map_err(|e| e.rule)
    };
    assert_eq!(build(false), Err("SF-94".into()));
    assert_eq!(build(true), Ok(()));
}

// ---- SF-254–256: Questing ----

/// Seat 1 sends Tergoz Tenhammer (5) questing, and play comes round to Seat 1's next phase 2.
fn quest(change: impl FnOnce(&mut Rules), top: &str) -> Spellfire {
    let mut game = TestGame::new(2)
        .rules(|r| {
            r.questing = true;
            change(r);
        })
        .pool(0, [("Tergoz Tenhammer", &[][..])])
        .formation(0, [realm(A, "Sembia")])
        .formation(1, [realm(A, "Cormyr")])
        // Seat 2 draws three cards in its own turn first.
        .draw(1, ["Miles", "Trystan", "Stug", top])
        .build();
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    act(&mut game, Action::Quest(tergoz));
    next_turn(&mut game);
    next_turn(&mut game);
    assert_eq!(game.active(), Seat(0));
    game
}

#[test]
fn sf_254_a_questing_champion_neither_attacks_nor_defends() {
    let mut game = TestGame::new(2)
        .rules(|r| r.questing = true)
        .pool(0, [("Tergoz Tenhammer", &[][..]), ("Herminard", &[][..])])
        .formation(0, [realm(A, "Sembia")])
        .formation(1, [realm(A, "Cormyr")])
        .pool(1, [("Azhul", &[][..])])
        .build();
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    let herminard = game.id_of(0, "Herminard");
    assert!(game.legal().contains(&Action::Quest(tergoz)));
    let events = act(&mut game, Action::Quest(tergoz));
    assert!(has(&events, |e| matches!(e, Event::QuestBegun { .. })));
    assert!(game.is_questing(tergoz));
    assert_eq!(
        refused(&game, Action::Quest(herminard)),
        "SF-254",
        "one champion a turn"
    );
    act(&mut game, Action::EndPhase);
    let attack = |champion| attack_p2(champion, A);
    assert_eq!(refused(&game, attack(tergoz)), "SF-254");
    assert!(game.check(&attack(herminard)).is_ok());
    act(&mut game, Action::EndPhase);
    act(&mut game, Action::EndTurn);
    act(&mut game, Action::Draw);
    act(&mut game, Action::EndPhase);
    let azhul = game.id_of(1, "Azhul");
    act(
        &mut game,
        Action::Attack {
            champion: azhul,
            defender: Seat(0),
            at: Position(A),
        },
    );
    assert_eq!(refused(&game, Action::Defend { champion: tergoz }), "SF-254");
    assert!(game.check(&Action::Defend { champion: herminard }).is_ok());
}

#[test]
fn sf_255_the_quest_ends_in_the_next_phase_2_with_a_card_that_is_no_champion() {
    let mut game = quest(|_| {}, "Celene");
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    assert_eq!(refused(&game, Action::EndPhase), "SF-255", "the quest comes first");
    assert_eq!(game.legal(), vec![Action::ResolveQuest { opponent: Seat(1) }]);
    let events = act(&mut game, Action::ResolveQuest { opponent: Seat(1) });
    assert!(has(&events, |e| matches!(e, Event::QuestFound { card: Some(_), .. })));
    let celene = game.id_of(1, "Celene");
    assert!(game.player(Seat(1)).discard.contains(&celene));
    assert!(!game.is_questing(tergoz));
    act(&mut game, Action::EndPhase);
    let attack = attack_p2(tergoz, A);
    assert_eq!(
        refused(&game, attack),
        "SF-255",
        "back from the quest, it may not attack this turn"
    );
}

#[test]
fn sf_256_a_champion_found_fights_the_questing_one_and_wins_ties() {
    for (found, survives) in [("Mordenkainen", false), ("Stef'fa Naf'ski", false), ("Herminard", true)] {
        let mut game = quest(|_| {}, found);
        let tergoz = game.id_of(0, "Tergoz Tenhammer");
        let events = act(&mut game, Action::ResolveQuest { opponent: Seat(1) });
        assert!(has(
            &events,
            |e| matches!(e, Event::QuestDuel { won, .. } if *won == survives)
        ));
        assert_eq!(game.player(Seat(0)).pool_index(tergoz).is_some(), survives, "{found}");
        assert_eq!(game.player(Seat(0)).discard.contains(&tergoz), !survives);
        assert!(game.player(Seat(1)).discard.contains(&game.id_of(1, found)));
    }
}

#[test]
fn amb_31_a_quest_winner_may_attack_only_if_the_table_says_so() {
    for may in [false, true] {
        let mut game = quest(|r| r.quest_winner_may_attack = may, "Herminard");
        act(&mut game, Action::ResolveQuest { opponent: Seat(1) });
        act(&mut game, Action::EndPhase);
        let tergoz = game.id_of(0, "Tergoz Tenhammer");
        let attack = attack_p2(tergoz, A);
        assert_eq!(game.check(&attack).is_ok(), may);
    }
}

// ---- SF-257, SF-258: Treasure ----

fn treasure_battle(attacker: (&str, &[&str]), defender: (&str, &[&str])) -> Spellfire {
    let mut game = TestGame::new(2)
        .rules(|r| r.treasure = true)
        .phase(Phase::Pool)
        .pool(0, [attacker])
        .pool(1, [defender])
        .formation(1, [realm(A, "Cormyr")])
        .build();
    battle(&mut game, 0, attacker.0, 1, A, defender.0);
    assert_eq!(to_act(&game), Seat(1));
    act(&mut game, Action::Pass);
    game
}

#[test]
fn sf_257_treasure_the_winner_takes_the_losers_items() {
    let game = treasure_battle(("Mordenkainen", &[]), ("Herminard", &["Magic Sword"]));
    let sword = game.id_of(1, "Magic Sword");
    let mordenkainen = game.id_of(0, "Mordenkainen");
    let carried = &game.player(Seat(0)).pool[0];
    assert_eq!(carried.card, mordenkainen);
    assert_eq!(carried.attachments, vec![sword]);
    assert_eq!(game.owner(sword), Seat(1));
}

#[test]
fn sf_258_treasure_goes_to_its_true_owners_discard_pile() {
    let mut game = treasure_battle(("Mordenkainen", &[]), ("Herminard", &["Magic Sword"]));
    let sword = game.id_of(1, "Magic Sword");
    act(&mut game, Action::EndBattle);
    act(&mut game, Action::EndTurn); // Seat 1 has no realm: the pool is discarded
    assert!(game.player(Seat(1)).discard.contains(&sword));
}

#[test]
fn amb_32_treasure_that_cannot_be_carried_is_discarded() {
    let game = treasure_battle(
        ("Preserver", &["Magic Sword"]),
        ("Rangers of the Hornwood", &["Chariot of Lyrx"]),
    );
    let chariot = game.id_of(1, "Chariot of Lyrx");
    assert!(
        game.player(Seat(1)).discard.contains(&chariot),
        "a Greyhawk artifact cannot go to Athas"
    );
    assert_eq!(game.player(Seat(0)).pool[0].attachments.len(), 1);
}

// ---- SF-259: "True …" victory ----

#[test]
fn sf_259_no_deck_out_under_true_victory_and_six_realms_win_at_once() {
    // AMB-33: the "True" rule as one option, `true_victory`.
    let mut game = TestGame::new(2)
        .rules(|r| r.true_victory = true)
        .filler(0)
        .phase(Phase::StartOfTurn)
        .discard(0, ["Miles", "Trystan", "Stug"])
        .abyss(0, ["Inhuman"])
        .formation(
            0,
            [
                realm(A, "Cormyr"),
                realm(B, "Sembia"),
                realm(C, "Calimshan"),
                realm(D, "Vaasa"),
                realm(E, "The High Forest"),
            ],
        )
        .hand(0, ["Keoland"])
        .build();
    let events = act(&mut game, Action::Draw);
    assert!(!has(&events, |e| matches!(e, Event::DeckRanOut { .. })));
    assert_eq!(game.player(Seat(0)).hand.len(), 4);
    assert_eq!(game.player(Seat(0)).abyss.len(), 1, "the Abyss stays out");
    let keoland = game.id_of(0, "Keoland");
    act(
        &mut game,
        Action::PlayRealm {
            card: keoland,
            at: Position(F),
        },
    );
    assert_eq!(game.outcome().expect("six realms win at once").winners, vec![Seat(0)]);
}

// ---- SF-260: World Bonuses ----

#[test]
fn sf_260_world_bonuses_for_a_champion_of_the_realms_world() {
    for bonus in [false, true] {
        let mut game = TestGame::new(2)
            .rules(|r| r.world_bonuses = bonus)
            .phase(Phase::Pool)
            .pool(0, [("Tergoz Tenhammer", &[][..])])
            .pool(1, [("Herminard", &[][..])])
            .formation(1, [realm(A, "Keoland")])
            .build();
        battle(&mut game, 0, "Tergoz Tenhammer", 1, A, "Herminard");
        let attacking = game.total(Side::Attacker).unwrap();
        assert_eq!(
            attacking.value(),
            if bonus { 8 } else { 5 },
            "Tergoz is of Greyhawk, like Keoland"
        );
        assert_eq!(attacking.parts.iter().any(|p| p.source == Source::WorldBonus), bonus);
        assert_eq!(total(&game, Side::Defender), 4, "Herminard is of Athas");
    }
}

// ---- Setup options of base play ----

#[test]
fn amb_3_a_rebuild_may_take_cards_from_the_pool_if_chosen() {
    let build = |zone: RebuildCostZone| {
        TestGame::new(2)
            .rules(|r| r.rebuild_cost_zone = zone)
            .formation(0, [realm(A, "Cormyr").razed()])
            .hand(0, ["Zadoc"])
            .pool(0, [("Tergoz Tenhammer", &["Magic Sword"][..]), ("Herminard", &[][..])])
            .build()
    };
    let game = build(RebuildCostZone::Hand);
    assert_eq!(refused(&game, Action::Rebuild { at: Position(A) }), "SF-61");
    let mut game = build(RebuildCostZone::HandOrPool);
    act(&mut game, Action::Rebuild { at: Position(A) });
    let sword = game.id_of(0, "Magic Sword");
    let herminard = game.id_of(0, "Herminard");
    let zadoc = game.id_of(0, "Zadoc");
    assert!(game.legal().contains(&Action::Discard(sword)));
    act(&mut game, Action::Discard(sword));
    act(&mut game, Action::Discard(herminard));
    let events = act(&mut game, Action::Discard(zadoc));
    assert!(has(&events, |e| matches!(e, Event::RealmRebuilt { .. })));
    assert_eq!(game.player(Seat(0)).pool.len(), 1);
    assert!(game.player(Seat(0)).pool[0].attachments.is_empty());
}

#[test]
fn amb_8_another_pool_champion_may_cast_for_the_fighter_if_chosen() {
    for caster in [Phase4Caster::CombatantOnly, Phase4Caster::AnyPoolChampion] {
        let mut game = TestGame::new(2)
            .rules(|r| r.phase4_caster = caster)
            .phase(Phase::Pool)
            .pool(0, [("Herminard", &[][..]), ("The Magister", &[][..])])
            .hand(0, ["Lightning Bolt"])
            .pool(1, [("Tergoz Tenhammer", &[][..])])
            .formation(1, [realm(A, "Cormyr")])
            .build();
        battle(&mut game, 0, "Herminard", 1, A, "Tergoz Tenhammer");
        let bolt = game.id_of(0, "Lightning Bolt");
        match caster {
            Phase4Caster::CombatantOnly => {
                assert!(refused(&game, Action::UseCard(bolt)).starts_with("SF-151"))
            }
            Phase4Caster::AnyPoolChampion => {
                act(&mut game, Action::UseCard(bolt));
                assert_eq!(total(&game, Side::Attacker), 9);
            }
        }
    }
}

/// Seat 1's Tergoz attacks Seat 2's Cormyr; before Seat 2 chooses a defender, Seat 1 says "wait"
/// and plays Cataclysm! at Cormyr.
fn realm_lost_before_defender(change: impl FnOnce(&mut Rules)) -> (Spellfire, Vec<Event>) {
    let mut game = TestGame::new(2)
        .rules(change)
        .phase(Phase::Pool)
        .pool(0, [("Tergoz Tenhammer", &[][..])])
        .hand(0, ["Cataclysm!"])
        .formation(1, [realm(A, "Cormyr"), realm(B, "Sembia").razed()])
        .formation(0, [realm(A, "Calimshan")])
        .build();
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    act(&mut game, attack_p2(tergoz, A));
    assert_eq!(to_act(&game), Seat(1));
    act(&mut game, Action::Claim(Seat(0)));
    let cataclysm = game.id_of(0, "Cataclysm!");
    act(&mut game, Action::PlayEvent(cataclysm));
    let cormyr = game.id_of(1, "Cormyr");
    act(&mut game, Action::Choose(cormyr));
    let mut events = Vec::new();
    while matches!(game.pending(), Some(Pending::EventPause(_))) {
        events.extend(act(&mut game, Action::Pass));
    }
    (game, events)
}

#[test]
fn amb_10_no_spoils_for_a_realm_lost_before_a_defender_unless_chosen() {
    let (game, events) = realm_lost_before_defender(|_| {});
    assert!(game.battle().is_none(), "the battle is over");
    assert!(has(&events, |e| matches!(e, Event::BattleOver { spoils: None })));
    let (game, events) = realm_lost_before_defender(|r| r.spoils_if_realm_lost_before_defender = true);
    assert!(has(&events, |e| matches!(
        e,
        Event::BattleOver { spoils: Some(Seat(0)) }
    )));
    assert!(matches!(game.pending(), Some(Pending::Spoils { seat: Seat(0), .. })));
}

#[test]
fn sf_247_a_realm_discarded_by_a_card_is_destroyed_too() {
    let (game, events) = realm_lost_before_defender(|r| r.permanent_destruction = PermanentDestruction::Realms);
    assert!(has(&events, |e| matches!(e, Event::Destroyed { .. })));
    assert!(game.player(Seat(1)).discard.contains(&game.id_of(1, "Cormyr")));
}

#[test]
fn amb_24_a_helpers_artifact_must_fit_the_aided_champion() {
    let mut game = aid_table(|_| {}, [&[], &[], &[], &["Orb of Dragonkind", "Magic Sword"]]);
    act(&mut game, Action::AskAid);
    act(&mut game, Action::Pass);
    let herminard = game.id_of(0, "Herminard");
    let orb = game.id_of(3, "Orb of Dragonkind");
    let attach = Action::Attach {
        card: orb,
        champion: herminard,
    };
    assert_eq!(
        refused(&game, attach),
        "SF-78",
        "a Greyhawk artifact on a champion of Athas"
    );
    let sword = game.id_of(3, "Magic Sword");
    assert!(game.legal().contains(&Action::Attach {
        card: sword,
        champion: herminard
    }));
}

#[test]
fn sf_239_a_helpers_ally_must_reach_the_realm_itself() {
    let mut game = TestGame::new(4)
        .rules(|r| r.aid = true)
        .phase(Phase::Pool)
        .pool(0, [("Neeva", &[][..])])
        .pool(1, [("Mordenkainen", &[][..])])
        .formation(1, [realm(A, "Cormyr"), realm(B, "Sembia")])
        .hand(2, ["Zadoc", "Pteranadon"])
        .build();
    battle(&mut game, 0, "Neeva", 1, B, "Mordenkainen");
    act(&mut game, Action::AskAid);
    assert_eq!(to_act(&game), Seat(2));
    let zadoc = game.id_of(2, "Zadoc");
    assert_eq!(refused(&game, Action::PlayAlly(zadoc)), "SF-148");
    let pteranadon = game.id_of(2, "Pteranadon");
    act(&mut game, Action::PlayAlly(pteranadon));
    assert_eq!(total(&game, Side::Attacker), 9);
}

#[test]
fn sf_254_a_questing_champion_casts_nothing() {
    let mut game = TestGame::new(2)
        .rules(|r| r.questing = true)
        .hand(0, ["Wish"])
        .pool(0, [("Elminster the Mage", &[][..])])
        .formation(0, [realm(A, "Sembia")])
        .pool(1, [("Tergoz Tenhammer", &[][..])])
        .build();
    let wish = game.id_of(0, "Wish");
    assert!(game.check(&Action::UseCard(wish)).is_ok());
    let elminster = game.id_of(0, "Elminster the Mage");
    act(&mut game, Action::Quest(elminster));
    assert!(game.check(&Action::UseCard(wish)).is_err());
}

// ---- Worked examples ----

#[test]
fn we_49_experience_spoils_4_against_10() {
    // (a) The Magister (4), with the Gladiators (+9), beats Fejyelsae (10): he gains the
    // difference, 6, to base level 10.
    let game = experience_battle(|_| {}, "The Magister", "Fejyelsae", Some("Gladiators"));
    let magister = game.id_of(0, "The Magister");
    assert!(game.player(Seat(1)).discard.contains(&game.id_of(1, "Fejyelsae")));
    assert_eq!(game.experience(magister), 6);
    assert_eq!(game.base_level(magister), 10);
    // (b) Fejyelsae beats the Magister: she gains the loser's level, 4, to base level 14.
    let mut game = TestGame::new(2)
        .rules(|r| r.experience_spoils = true)
        .phase(Phase::Pool)
        .pool(0, [("The Magister", &[][..])])
        .pool(1, [("Fejyelsae", &[][..])])
        .formation(1, [realm(A, "Cormyr")])
        .build();
    battle(&mut game, 0, "The Magister", 1, A, "Fejyelsae");
    assert_eq!(to_act(&game), Seat(0), "the attacker is losing");
    act(&mut game, Action::Pass);
    assert!(game.player(Seat(0)).discard.contains(&game.id_of(0, "The Magister")));
    let fejyelsae = game.id_of(1, "Fejyelsae");
    assert_eq!(game.experience(fejyelsae), 4);
    assert_eq!(game.base_level(fejyelsae), 14);
    // Levels lost in the discard pile: sf_249_earned_levels_fight_in_later_battles_and_are_lost_in_the_discard_pile.
}

/// How many cards `seat` draws in phase 1 of a three-player game with melons brought by
/// `melons` (not its first turn).
fn melon_draw_of_three(melons: &[u8], seat: u8) -> usize {
    let mut game = TestGame::new(3)
        .rules(|r| {
            r.melon_rule = true;
            r.melons = melons.iter().map(|&s| Seat(s)).collect();
        })
        .active(seat)
        .turns(seat, 3)
        .phase(Phase::StartOfTurn)
        .build();
    act(&mut game, Action::Draw);
    game.player(Seat(seat)).hand.len()
}

#[test]
fn we_50_melon_rule_with_one_and_with_two_melons() {
    // (a) Only P1 brought a melon: he draws 3, P2 and P3 draw 2.
    assert_eq!([0, 1, 2].map(|seat| melon_draw_of_three(&[0], seat)), [3, 2, 2]);
    // (b) P1 and P2 did: all three draw 2, never fewer.
    assert_eq!([0, 1, 2].map(|seat| melon_draw_of_three(&[0, 1], seat)), [2, 2, 2]);
}

#[test]
fn we_51_aid_the_attacker_shared_victory() {
    // Four players. P1's Herminard (4) attacks P2's Cormyr, defended by Tergoz Tenhammer (5); P3
    // helps the attacker with Zadoc (+2) and Tergoz falls. P1 sends Stef'fa Naf'ski, P2 has
    // nobody left and declines: Cormyr is razed. P1 and P3 each have five unrazed realms, and
    // a realm on top of their draw piles.
    let five = |a: &'static str, b, c, d, e| [realm(A, a), realm(B, b), realm(C, c), realm(D, d), realm(E, e)];
    let mut game = TestGame::new(4)
        .rules(|r| r.aid = true)
        .phase(Phase::Pool)
        .pool(0, [("Herminard", &[][..]), ("Stef'fa Naf'ski", &[][..])])
        .formation(0, five("Sembia", "Calimshan", "Vaasa", "The High Forest", "Rashemen"))
        .draw(0, ["Keoland"])
        .pool(1, [("Tergoz Tenhammer", &[][..])])
        .formation(1, [realm(A, "Cormyr")])
        .hand(2, ["Zadoc"])
        .formation(
            2,
            five("Narfell", "The Trollmoors", "The Yeomanry", "Nyrond", "Waterdeep"),
        )
        .draw(2, ["Celene"])
        .build();
    battle(&mut game, 0, "Herminard", 1, A, "Tergoz Tenhammer");
    act(&mut game, Action::AskAid);
    assert_eq!(to_act(&game), Seat(2));
    let zadoc = game.id_of(2, "Zadoc");
    act(&mut game, Action::PlayAlly(zadoc));
    assert_eq!(to_act(&game), Seat(1), "6 against 5: the defender is losing");
    act(&mut game, Action::Pass);
    assert!(
        game.player(Seat(1))
            .discard
            .contains(&game.id_of(1, "Tergoz Tenhammer"))
    );
    let steffa = game.id_of(0, "Stef'fa Naf'ski");
    act(&mut game, attack_p2(steffa, A));
    act(&mut game, Action::Decline);
    assert!(game.player(Seat(1)).formation.slot(Position(A)).expect("A").razed);
    // P1 draws his spoils, a realm, and plays it at once: six realms, but P3's card is owed.
    assert!(matches!(game.pending(), Some(Pending::Spoils { seat: Seat(0), .. })));
    let keoland = game.id_of(0, "Keoland");
    act(
        &mut game,
        Action::PlayRealm {
            card: keoland,
            at: Position(F),
        },
    );
    assert!(game.outcome().is_none(), "the helper's card is still owed");
    assert!(matches!(game.pending(), Some(Pending::Spoils { seat: Seat(2), .. })));
    let celene = game.id_of(2, "Celene");
    act(
        &mut game,
        Action::PlayRealm {
            card: celene,
            at: Position(F),
        },
    );
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winners, vec![Seat(0), Seat(2)], "they share the victory");
}

#[test]
fn amb_25_the_reshuffle_takes_the_discard_pile_only_when_a_card_must_be_drawn() {
    // Barbarian's Game: one card left, three to draw. The discard pile becomes the new draw pile
    // as the second card is drawn; the event in the Abyss and the champion in Limbo stay out.
    let mut game = TestGame::new(2)
        .rules(|r| r.barbarians_game = true)
        .filler(0)
        .phase(Phase::StartOfTurn)
        .draw(0, ["Zadoc"])
        .discard(0, ["Miles", "Trystan"])
        .abyss(0, ["Good Fortune"])
        .limbo(0, ["Herminard"])
        .build();
    act(&mut game, Action::Draw);
    let player = game.player(Seat(0));
    assert_eq!(player.hand.len(), 3);
    assert!(player.draw.is_empty() && player.discard.is_empty());
    assert_eq!(player.abyss, vec![game.id_of(0, "Good Fortune")]);
    assert_eq!(player.limbo.len(), 1);
}

#[test]
fn sf_239_sf_245_sf_253_each_on_off_rule_starts_only_at_its_smallest_table() {
    // The list a setup screen offers is the engine's: each entry turns its own rule on, and a table
    // one seat smaller than its minimum is refused in the rule's name (Aid 4+, Conqueror 3+,
    // Parallel Universes 6+).
    let content = common::content();
    let starters = common::starters();
    let least: Vec<(&str, u8)> = spellfire::ON_OFF_RULES
        .iter()
        .filter(|rule| rule.least_players > 2)
        .map(|rule| (rule.name, rule.least_players))
        .collect();
    assert_eq!(
        least,
        [
            ("Aid the Attacker or Defender", 4),
            ("The Conqueror's Game", 3),
            ("Parallel Universes", 6)
        ]
    );
    for rule in spellfire::ON_OFF_RULES {
        let mut rules = Rules::default();
        assert!(!(rule.is_on)(&rules), "{} is off by default", rule.name);
        (rule.turn_on)(&mut rules);
        assert!((rule.is_on)(&rules), "{} turns on", rule.name);
        let config = |players: u8| spellfire::Config {
            format: "55-starter".into(),
            decks: starters.iter().take(usize::from(players)).cloned().collect(),
            rules: rules.clone(),
        };
        assert!(
            Spellfire::new(&config(rule.least_players), &content, 1).is_ok(),
            "{}",
            rule.name
        );
        if rule.least_players > 2 {
            let refused = Spellfire::new(&config(rule.least_players - 1), &content, 1).expect_err(rule.name);
            assert!(refused.0.starts_with(rule.name), "{refused}");
        }
    }
}
