//! The engine's core against the rulebook, one scenario per rule (setup, upkeep, the Hero phase's
//! actions, death, the end phase, scoring, the end of the game, four players).

mod common;

use common::*;
use spellhall_core::{Game, Seat, ToAct};
use spells_of_doom::TestGame;
use spells_of_doom::damage;
use spells_of_doom::{Action, Character, MulliganCards, Phase, SpellsOfDoom, Target, TowerKind, Track};
use spells_of_doom::{Attacker, Event};

#[test]
fn setup_7_mana_5_cards_heroes_on_their_starting_spaces() {
    let game = SpellsOfDoom::new(&config(&["magie", "byron"]), &content(), 1).unwrap();
    for seat in [Seat(0), Seat(1)] {
        let player = game.player(seat);
        assert_eq!((player.mana, player.hand.len(), player.deck.len()), (7, 5, 25));
        assert_eq!(player.hero.at, Some(game.start_of(seat)));
    }
    assert_eq!(game.to_act(), ToAct::Seat(Seat(0)), "mulligans in seat order");
    assert!(SpellsOfDoom::new(&config(&["magie"]), &content(), 1).is_err());
    assert!(SpellsOfDoom::new(&config(&["magie", "magie"]), &content(), 1).is_err());
    assert!(SpellsOfDoom::new(&config(&["magie", "zed"]), &content(), 1).is_err());
}

#[test]
fn setup_mulligan_shuffles_back_up_to_3_cards() {
    let mut game = SpellsOfDoom::new(&config(&["magie", "byron"]), &content(), 2).unwrap();
    let hand = game.player(Seat(0)).hand.clone();
    let four = MulliganCards::new(&hand[..4]).unwrap();
    assert!(refused(&mut game, Action::Mulligan { cards: four }).contains("At most 3"));
    assert_eq!(
        game.legal_actions().len(),
        1 + 5 + 10 + 10,
        "keep, or any 1, 2 or 3 of 5 cards"
    );
    act(
        &mut game,
        Action::Mulligan {
            cards: MulliganCards::new(&hand[..3]).unwrap(),
        },
    );
    assert_eq!(game.player(Seat(0)).hand.len(), 5);
    assert!(game.player(Seat(0)).hand.contains(&hand[3]) && game.player(Seat(0)).hand.contains(&hand[4]));
    game.check_invariants().unwrap();
}

#[test]
fn setup_most_4s_on_7_dice_plays_first_and_ties_roll_again() {
    let mut saw_tie = false;
    for seed in 0..200 {
        let mut game = SpellsOfDoom::new(&config(&["magie", "byron"]), &content(), seed).unwrap();
        act(
            &mut game,
            Action::Mulligan {
                cards: MulliganCards::NONE,
            },
        );
        let events = act(
            &mut game,
            Action::Mulligan {
                cards: MulliganCards::NONE,
            },
        );
        let rolls: Vec<&Vec<(Seat, Vec<u8>)>> = events
            .iter()
            .filter_map(|e| match e {
                Event::FirstPlayerRoll { rolls } => Some(rolls),
                _ => None,
            })
            .collect();
        let fours = |d: &[u8]| d.iter().filter(|x| **x == 4).count();
        let last = rolls.last().unwrap();
        let best = last.iter().map(|(_, d)| fours(d)).max().unwrap();
        let winner = last.iter().find(|(_, d)| fours(d) == best).unwrap().0;
        assert!(last.iter().filter(|(_, d)| fours(d) == best).count() == 1);
        assert!(last.iter().all(|(_, d)| d.len() == 7));
        assert_eq!(game.active(), winner);
        saw_tie |= rolls.len() > 1;
    }
    assert!(saw_tie, "some seed ties and rolls again");
}

#[test]
fn upkeep_mana_is_shrines_plus_mage_towers_plus_one() {
    let (mut game, _, next) = TestGame::started(&["magie", "byron"], 3).build();
    let shrine = game.shrines()[0].at;
    game.set_shrine_owner(shrine, Some(next));
    game.add_building(next, TowerKind::Mage, pos(0, 1));
    game.set_mana(next, 0);
    act(&mut game, Action::EndTurn);
    assert_eq!(game.active(), next);
    assert_eq!(game.player(next).mana, 3, "1 shrine + 1 Mage Tower + 1");
}

#[test]
fn upkeep_defense_tower_heals_allies_then_attacks_enemies_in_range() {
    let (mut game, _, next) = TestGame::started(&["magie", "byron"], 4)
        .tower(Foe, TowerKind::Defense, pos(0, 0))
        .at(Foe, pos(0, 1))
        .hp(Foe, 5)
        .at(Me, pos(1, 0))
        .build();
    let events = act(&mut game, Action::EndTurn);
    let regenerate = u8::from(game.player(next).hero_id == "byron");
    assert_eq!(game.player(next).hero.hp, 5 + regenerate + 2, "healed by 2");
    // Healing comes before the attack on our Hero.
    let heal = events
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::Healed {
                    by: "a Defense Tower",
                    ..
                }
            )
        })
        .unwrap();
    let attack = events.iter().position(|e| matches!(e, Event::Attacked { .. })).unwrap();
    assert!(heal < attack);
}

#[test]
fn defense_tower_attack_3_hits_each_enemy_in_range() {
    let (mut game, me, next) = TestGame::started(&["magie", "byron"], 5)
        .tower(Foe, TowerKind::Defense, pos(0, 0))
        .at(Me, pos(0, -1))
        .build();
    let events = act(&mut game, Action::EndTurn);
    let hit: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::Attacked { by: Attacker::Tower(s), target: Target::Hero(t), dice, .. } if *s == next && *t == me && dice.len() == 3))
        .collect();
    assert_eq!(hit.len(), 1);
}

#[test]
fn move_up_to_speed_for_free_and_each_extra_hex_costs_2_mana() {
    let (mut game, me, _) = TestGame::started(&["magie", "byron"], 6)
        .at(Me, pos(0, 0))
        .mana(Me, 3)
        .build();
    // 3 hexes away: 1 beyond Speed 2, 2 mana.
    act(&mut game, Action::Move { to: pos(3, 0) });
    assert_eq!(game.player(me).mana, 1);
    assert_eq!(game.player(me).hero.at, Some(pos(3, 0)));
    assert!(refused(&mut game, Action::Move { to: pos(3, -1) }).contains("already moved"));
}

#[test]
fn move_beyond_what_mana_can_pay_is_refused_with_the_cost() {
    let (mut game, _, _) = TestGame::started(&["magie", "byron"], 7)
        .at(Me, pos(0, 0))
        .mana(Me, 1)
        .build();
    let reason = refused(&mut game, Action::Move { to: pos(3, 0) });
    assert!(reason.contains("3 hexes away") && reason.contains("(2)"), "{reason}");
    let moves = game
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Move { .. }))
        .count();
    assert_eq!(moves, 18, "the 18 other hexes within 2 of the centre");
}

#[test]
fn defense_tower_attacks_an_enemy_leaving_its_range() {
    let (mut game, _, enemy) = TestGame::started(&["magie", "byron"], 8)
        .tower(Foe, TowerKind::Defense, pos(0, 0))
        .at(Me, pos(1, 0))
        .build();
    let events = act(&mut game, Action::Move { to: pos(3, 0) });
    assert!(
        events.iter().any(
            |e| matches!(e, Event::Attacked { by: Attacker::Tower(s), dice, .. } if *s == enemy && dice.len() == 2)
        )
    );
    // Moving within range, or into it, draws nothing.
    let (mut game, me, _) = TestGame::started(&["magie", "byron"], 8).build();
    game.add_building(other(me), TowerKind::Defense, pos(0, 0));
    game.place_hero(me, pos(2, 0));
    let events = act(&mut game, Action::Move { to: pos(1, 0) });
    assert!(!events.iter().any(|e| matches!(e, Event::Attacked { .. })));
}

#[test]
fn attack_a_target_in_the_same_or_an_adjacent_hex_once_a_turn() {
    let (mut game, me, enemy) = TestGame::started(&["magie", "byron"], 9)
        .at(Me, pos(0, 0))
        .at(Foe, pos(2, 0))
        .build();
    assert!(
        refused(
            &mut game,
            Action::Attack {
                target: Target::Hero(enemy),
                fire: false
            }
        )
        .contains("adjacent")
    );
    game.place_hero(enemy, pos(1, 0));
    let hp = game.player(enemy).hero.hp;
    let events = act(
        &mut game,
        Action::Attack {
            target: Target::Hero(enemy),
            fire: false,
        },
    );
    let Some(Event::Attacked {
        dice,
        armor,
        damage: dealt,
        ..
    }) = events.iter().find(|e| matches!(e, Event::Attacked { .. }))
    else {
        panic!("no attack event")
    };
    assert_eq!(dice.len() as u32, game.attack_dice(me));
    assert_eq!(*dealt, damage(dice, *armor));
    if *dealt < u32::from(hp) {
        assert_eq!(u32::from(game.player(enemy).hero.hp), u32::from(hp) - dealt);
    }
    assert!(
        refused(
            &mut game,
            Action::Attack {
                target: Target::Hero(enemy),
                fire: false
            }
        )
        .contains("already attacked")
    );
}

#[test]
fn magies_fire_attack_costs_1_mana_for_1_more_die_and_is_hers_alone() {
    let (mut game, me, enemy) = TestGame::started(&["magie", "byron"], 10)
        .at(Me, pos(0, 0))
        .at(Foe, pos(0, 1))
        .mana(Me, 1)
        .build();
    if game.player(me).hero_id == "magie" {
        let events = act(
            &mut game,
            Action::Attack {
                target: Target::Hero(enemy),
                fire: true,
            },
        );
        let Some(Event::Attacked { dice, .. }) = events.iter().find(|e| matches!(e, Event::Attacked { .. })) else {
            panic!()
        };
        assert_eq!(dice.len(), 4, "Attack 3 + 1");
        assert_eq!(game.player(me).mana, 0);
    } else {
        assert!(
            refused(
                &mut game,
                Action::Attack {
                    target: Target::Hero(enemy),
                    fire: true
                }
            )
            .contains("Only Magie")
        );
    }
}

#[test]
fn a_killed_hero_gives_4_vp_and_returns_at_the_end_of_the_phase_at_full_hp() {
    for seed in 0..40 {
        let (mut game, me, enemy) = TestGame::started(&["magie", "byron"], seed)
            .at(Me, pos(0, 0))
            .at(Foe, pos(0, 1))
            .hp(Foe, 1)
            .steps(Me, 0, 3)
            .tokens(Foe, 2, 0, false)
            .build();
        let events = act(
            &mut game,
            Action::Attack {
                target: Target::Hero(enemy),
                fire: false,
            },
        );
        if !events.iter().any(|e| matches!(e, Event::Killed { .. })) {
            continue;
        }
        assert_eq!(game.vp(SpellsOfDoom::team(me)), 4);
        assert_eq!(
            game.player(enemy).hero.at,
            None,
            "off the board for the rest of the phase"
        );
        assert_eq!(game.player(enemy).hero.burn, 0);
        let events = act(&mut game, Action::EndTurn);
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::Respawned { seat, .. } if *seat == enemy))
        );
        assert_eq!(game.player(enemy).hero.hp, game.max_hp(enemy));
        return;
    }
    panic!("no seed killed a 1-HP Hero with 6 dice");
}

#[test]
fn upgrade_once_a_turn_for_5_mana_up_to_the_top_of_the_track() {
    let (mut game, me, _) = TestGame::started(&["magie", "byron"], 11).mana(Me, 20).build();
    act(&mut game, Action::Upgrade { track: Track::Armor });
    assert_eq!(game.player(me).mana, 15);
    assert_eq!(game.hero_armor(me), 2);
    assert!(refused(&mut game, Action::Upgrade { track: Track::Attack }).contains("already upgraded"));
    let (mut game, me, _) = TestGame::started(&["magie", "byron"], 11)
        .steps(Me, 2, 0)
        .mana(Me, 20)
        .build();
    assert!(refused(&mut game, Action::Upgrade { track: Track::Armor }).contains("top of its track"));
    game.set_mana(me, 4);
    assert!(refused(&mut game, Action::Upgrade { track: Track::Attack }).contains("5 mana"));
}

#[test]
fn build_once_a_turn_for_5_mana_not_on_a_shrine_or_building_and_3_of_a_kind() {
    let (mut game, me, _) = TestGame::started(&["magie", "byron"], 12)
        .mana(Me, 50)
        .at(Me, pos(0, 0))
        .build();
    assert!(refused(&mut game, Action::Build { tower: TowerKind::Mage }).contains("Magic Shrine"));
    game.place_hero(me, pos(1, 0));
    act(&mut game, Action::Build { tower: TowerKind::Mage });
    assert_eq!(game.player(me).mana, 45);
    assert!(
        refused(
            &mut game,
            Action::Build {
                tower: TowerKind::Defense
            }
        )
        .contains("already built")
    );
    // The Mage Tower's +1 Armor for allies in range.
    assert_eq!(game.hero_armor(me), 2);
    let (mut game, me, _) = TestGame::started(&["magie", "byron"], 12).mana(Me, 50).build();
    for q in 1..=3 {
        game.add_building(me, TowerKind::Defense, pos(q, -4));
    }
    game.place_hero(me, pos(1, 0));
    assert!(
        refused(
            &mut game,
            Action::Build {
                tower: TowerKind::Defense
            }
        )
        .contains("All your Defense Towers")
    );
}

#[test]
fn capture_a_neutral_shrine_for_2_mana_and_an_enemy_one_only_after_destroying_its_crystal() {
    let (mut game, me, _) = TestGame::started(&["magie", "byron"], 13)
        .at(Me, pos(0, 0))
        .mana(Me, 2)
        .build();
    act(&mut game, Action::Capture);
    assert_eq!(
        game.shrines().iter().find(|s| s.at == pos(0, 0)).unwrap().owner,
        Some(me)
    );
    assert_eq!(game.player(me).mana, 0);
    let (mut game, me, _) = TestGame::started(&["magie", "byron"], 13)
        .at(Me, pos(0, 0))
        .mana(Me, 9)
        .build();
    game.set_shrine_owner(pos(0, 0), Some(other(me)));
    assert!(refused(&mut game, Action::Capture).contains("destroy it first"));
    // Attacking the enemy shrine works like a building: 1 Armor, 7 HP.
    let events = act(
        &mut game,
        Action::Attack {
            target: Target::Shrine(pos(0, 0)),
            fire: false,
        },
    );
    assert!(events.iter().any(|e| matches!(e, Event::Attacked { armor: 1, .. })));
}

#[test]
fn magic_recharge_discards_two_cards_for_1_mana() {
    let (mut game, me, _) = TestGame::started(&["magie", "byron"], 14).build();
    let hand = game.player(me).hand.clone();
    let mana = game.player(me).mana;
    act(
        &mut game,
        Action::Recharge {
            cards: [hand[0], hand[1]],
        },
    );
    assert_eq!(game.player(me).mana, mana + 1);
    assert_eq!(game.player(me).hand.len(), 3);
    assert!(
        refused(
            &mut game,
            Action::Recharge {
                cards: [hand[2], hand[2]]
            }
        )
        .contains("two different")
    );
}

#[test]
fn end_phase_discards_the_hand_and_draws_5_reshuffling_when_needed() {
    let mut game = started(&["magie", "byron"], 15);
    for _ in 0..12 {
        let seat = game.active();
        let events = act(&mut game, Action::EndTurn);
        assert_eq!(game.player(seat).hand.len(), 5);
        if let Some(Event::Drew { reshuffled: true, .. }) = events.iter().find(|e| matches!(e, Event::Drew { .. })) {
            game.check_invariants().unwrap();
        }
    }
    game.check_invariants().unwrap();
}

#[test]
fn scoring_after_every_6th_turn_gives_1_vp_a_shrine() {
    let (mut game, me, _) = TestGame::started(&["magie", "byron"], 16)
        .shrine(pos(0, 0), Some(Me))
        .shrine(pos(3, 0), Some(Me))
        .build();
    for _ in 0..5 {
        act(&mut game, Action::EndTurn);
    }
    assert_eq!(game.vp(SpellsOfDoom::team(me)), 0);
    let events = act(&mut game, Action::EndTurn);
    assert!(events.iter().any(|e| matches!(e, Event::Scored { vp: 2, .. })));
    assert_eq!(game.vp(SpellsOfDoom::team(me)), 2);
}

#[test]
fn the_game_ends_at_the_end_of_the_turn_that_reaches_12_vp() {
    let (mut game, me, _) = TestGame::started(&["magie", "byron"], 17).build();
    game.set_vp(SpellsOfDoom::team(me), 12);
    assert_eq!(game.to_act(), ToAct::Seat(me), "not before the turn ends");
    act(&mut game, Action::EndTurn);
    assert_eq!(game.to_act(), ToAct::GameOver);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners, [me]);
    assert!(game.legal_actions().is_empty());
}

#[test]
fn after_round_3_most_vp_wins_then_most_hp() {
    let (mut game, me, _) = TestGame::started(&["magie", "byron"], 18)
        .turn(18)
        .vp(0, 5)
        .vp(1, 5)
        .build();
    game.set_hp(other(me), 2);
    act(&mut game, Action::EndTurn);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners, [me], "{}", outcome.reason);
    assert!(outcome.reason.contains("HP left"), "{}", outcome.reason);
}

/// Oakheart (`me`) casts Dogs next to himself on turn `turn`: two Dogs from one card of cost 3.
fn dogs_cast_on_turn(turn: u32) -> (SpellsOfDoom, Seat, Seat) {
    let (mut game, me, enemy) = TestGame::duel("oakheart", "byron").build();
    let dogs = prepare(&mut game, me, "dogs", 1);
    game.place_hero(me, pos(0, 0));
    game.set_turn(turn);
    act(
        &mut game,
        Action::Cast {
            spell: dogs,
            copies: 1,
            target: spells_of_doom::CastTarget::Hex(pos(0, 1)),
        },
    );
    (game, me, enemy)
}

/// The game's last turn ends with VP and HP tied and `mana` left to each seat: the outcome.
fn last_turn_ends_tied(game: &SpellsOfDoom, mana: [(Seat, u32); 2]) -> spellhall_core::Outcome {
    let mut game = game.clone();
    assert_eq!(game.turn(), 18, "the last turn");
    game.set_vp(0, 5);
    game.set_vp(1, 5);
    for (seat, mana) in mana {
        game.set_hp(seat, 9);
        game.set_mana(seat, mana);
    }
    act(&mut game, Action::EndTurn);
    let outcome = game.outcome().expect("the game is over");
    assert!(
        outcome.reason.contains("VP and HP tied") || outcome.winners.is_empty(),
        "{}",
        outcome.reason
    );
    outcome
}

#[test]
fn vp_and_hp_tied_a_summoning_spells_pair_counts_the_spells_whole_cost() {
    // The case: the two Dogs of one Dogs card (cost 3) count 3, not 1 + 1.
    let (game, me, enemy) = dogs_cast_on_turn(18);
    assert_eq!(game.creatures().iter().filter(|c| c.kind == "dog").count(), 2);
    let outcome = last_turn_ends_tied(&game, [(me, 4), (enemy, 6)]);
    assert_eq!(outcome.winners, [me], "{}", outcome.reason);
    assert!(
        outcome.reason.contains("7 in mana, buildings and creatures to 6"),
        "{}",
        outcome.reason
    );
    let outcome = last_turn_ends_tied(&game, [(me, 4), (enemy, 7)]);
    assert!(
        outcome.winners.is_empty(),
        "7 to 7 is a perfect tie: {}",
        outcome.reason
    );
}

#[test]
fn vp_and_hp_tied_a_lone_surviving_dog_counts_its_half_of_the_card_exactly() {
    // Our ruling: a spell-summoned creature counts its share of the spell's cost, compared
    // exactly: the Dog left of a pair counts 1½ (not 1 rounded down, nor the card's whole 3).
    for seed in 0..200 {
        let (mut game, me, enemy) = dogs_cast_on_turn(17);
        act(&mut game, Action::EndTurn);
        game.reroll(seed);
        game.place_hero(enemy, pos(0, 1));
        game.set_steps(enemy, 0, 3);
        let dog = game.creatures().iter().find(|c| c.kind == "dog").unwrap().id;
        act(
            &mut game,
            Action::Attack {
                target: Target::Creature(dog),
                fire: false,
            },
        );
        if game.creature(dog).is_some() {
            continue;
        }
        assert_eq!(game.creatures().iter().filter(|c| c.kind == "dog").count(), 1);
        let outcome = last_turn_ends_tied(&game, [(me, 5), (enemy, 6)]);
        assert_eq!(outcome.winners, [me], "{}", outcome.reason);
        assert!(
            outcome.reason.contains("6½ in mana, buildings and creatures to 6"),
            "{}",
            outcome.reason
        );
        let outcome = last_turn_ends_tied(&game, [(me, 5), (enemy, 7)]);
        assert_eq!(outcome.winners, [enemy], "{}", outcome.reason);
        assert!(
            outcome.reason.contains("7 in mana, buildings and creatures to 6½"),
            "{}",
            outcome.reason
        );
        return;
    }
    panic!("no seed killed a Dog");
}

#[test]
fn vp_and_hp_tied_a_dogs_cast_that_brought_one_dog_counts_its_whole_cost_for_it() {
    // With three Dog tokens already out, a Dogs card brings the fourth alone: that Dog is all the
    // card brought, so it counts the card's 3; the three others count 1½ each.
    let (mut game, me, enemy) = TestGame::duel("oakheart", "byron").build();
    for at in [pos(1, 0), pos(1, -1), pos(0, -1)] {
        let dog = token_of(&game, me, "dog");
        game.put_creature(me, dog, at);
    }
    let dogs = prepare(&mut game, me, "dogs", 1);
    game.place_hero(me, pos(0, 0));
    game.set_turn(18);
    let events = act(
        &mut game,
        Action::Cast {
            spell: dogs,
            copies: 1,
            target: spells_of_doom::CastTarget::Hex(pos(0, 1)),
        },
    );
    assert_eq!(events.iter().filter(|e| matches!(e, Event::Summoned { .. })).count(), 1);
    let outcome = last_turn_ends_tied(&game, [(me, 0), (enemy, 7)]);
    assert_eq!(outcome.winners, [me], "{}", outcome.reason);
    assert!(
        outcome.reason.contains("7½ in mana, buildings and creatures to 7"),
        "{}",
        outcome.reason
    );
    let outcome = last_turn_ends_tied(&game, [(me, 0), (enemy, 8)]);
    assert_eq!(outcome.winners, [enemy], "{}", outcome.reason);
}

#[test]
fn a_stunned_hero_may_move_or_attack_but_not_both() {
    let (mut game, me, enemy) = TestGame::started(&["magie", "byron"], 19)
        .at(Me, pos(0, 0))
        .at(Foe, pos(2, 0))
        .tokens(Me, 0, 0, true)
        .build();
    act(&mut game, Action::Move { to: pos(1, 0) });
    assert!(
        refused(
            &mut game,
            Action::Attack {
                target: Target::Hero(enemy),
                fire: false
            }
        )
        .contains("stunned")
    );
    act(&mut game, Action::EndTurn);
    assert!(
        !game.player(me).hero.stunned,
        "the Stun Token goes at the end of the Hero phase"
    );
}

#[test]
fn burn_tokens_roll_off_at_upkeep_and_each_left_deals_1() {
    let mut game = started(&["magie", "byron"], 20);
    let next = other(game.active());
    game.set_tokens(next, 2, 0, false);
    let hp = game.player(next).hero.hp;
    let events = act(&mut game, Action::EndTurn);
    let Some(Event::TokensRolled {
        dice,
        left,
        damage: dealt,
        ..
    }) = events.iter().find(|e| matches!(e, Event::TokensRolled { .. }))
    else {
        panic!("no roll-off")
    };
    assert_eq!(dice.len(), 2);
    assert_eq!(*left as usize, dice.iter().filter(|d| **d < 5).count());
    assert_eq!(*dealt, u32::from(*left));
    let regenerate = u8::from(game.player(next).hero_id == "byron");
    assert_eq!(
        game.player(next).hero.hp,
        (hp + regenerate).min(game.max_hp(next)) - *left
    );
}

#[test]
fn four_players_teams_alternate_and_share_their_vp() {
    let (mut game, first, _) = TestGame::started(&["magie", "byron", "oakheart", "hypnor"], 21).build();
    let mut order = vec![first];
    for _ in 0..3 {
        act(&mut game, Action::EndTurn);
        order.push(game.active());
    }
    let teams: Vec<usize> = order.iter().map(|s| SpellsOfDoom::team(*s)).collect();
    assert!(teams.windows(2).all(|w| w[0] != w[1]), "teams alternate: {order:?}");
    let me = game.active();
    let mate = Seat((me.0 + 2) % 4);
    game.set_shrine_owner(pos(0, 0), Some(mate));
    game.set_shrine_owner(pos(3, 0), Some(me));
    // Turns 4, 5 and 6 end; scoring follows the 6th.
    for _ in 0..3 {
        act(&mut game, Action::EndTurn);
    }
    assert_eq!(
        game.vp(SpellsOfDoom::team(me)),
        2,
        "both teammates' shrines score for the team"
    );
    // Teammates are not enemies.
    let now = game.active();
    let friend = Seat((now.0 + 2) % 4);
    game.place_hero(now, pos(0, 0));
    game.place_hero(friend, pos(0, 1));
    assert!(
        refused(
            &mut game,
            Action::Attack {
                target: Target::Hero(friend),
                fire: false
            }
        )
        .contains("enemy")
    );
}

/// A game in the first player's Hero phase with `card` in that player's hand.
fn holding(card: &str, heroes: &[&str], seed: u64) -> (SpellsOfDoom, Seat, spells_of_doom::CardId) {
    let mut game = started(heroes, seed);
    let me = game.active();
    let id = game.give_card(me, card).expect("a copy to give");
    (game, me, id)
}

#[test]
fn skill_mana_gains_1_and_goes_to_the_discard_pile() {
    let (mut game, me, card) = holding("mana", &["magie", "byron"], 30);
    let mana = game.player(me).mana;
    act(
        &mut game,
        Action::Play {
            card,
            on: Character::Hero(me),
        },
    );
    assert_eq!(game.player(me).mana, mana + 1);
    assert!(game.player(me).discard.contains(&card));
    game.check_invariants().unwrap();
}

#[test]
fn skill_run_gives_1_more_speed_this_turn() {
    let (mut game, me, card) = holding("run", &["magie", "byron"], 31);
    game.place_hero(me, pos(0, 0));
    game.set_mana(me, 0);
    act(
        &mut game,
        Action::Play {
            card,
            on: Character::Hero(me),
        },
    );
    act(&mut game, Action::Move { to: pos(3, 0) });
    assert_eq!(game.player(me).mana, 0, "3 hexes with Speed 3 cost nothing");
}

#[test]
fn skill_heal_restores_2_hp_never_above_the_start() {
    let (mut game, me, card) = holding("heal", &["magie", "byron"], 32);
    let max = game.max_hp(me);
    game.set_hp(me, max - 1);
    act(
        &mut game,
        Action::Play {
            card,
            on: Character::Hero(me),
        },
    );
    assert_eq!(game.player(me).hero.hp, max);
}

#[test]
fn skill_magic_shield_gives_1_armor_until_the_start_of_your_next_turn() {
    let (mut game, me, card) = holding("magic-shield", &["magie", "byron"], 33);
    act(
        &mut game,
        Action::Play {
            card,
            on: Character::Hero(me),
        },
    );
    assert_eq!(game.hero_armor(me), 2);
    act(&mut game, Action::EndTurn);
    assert_eq!(game.hero_armor(me), 2, "still up during the other player's turn");
    act(&mut game, Action::EndTurn);
    assert_eq!(game.hero_armor(me), 1, "gone at the start of the next turn");
}

#[test]
fn skill_strong_attack_and_accuracy_change_the_next_attack() {
    let (mut game, me, strong) = holding("strong-attack", &["magie", "byron"], 34);
    let accuracy = game.give_card(me, "accuracy").unwrap();
    let enemy = other(me);
    game.place_hero(me, pos(0, 0));
    game.place_hero(enemy, pos(0, 1));
    act(
        &mut game,
        Action::Play {
            card: strong,
            on: Character::Hero(me),
        },
    );
    act(
        &mut game,
        Action::Play {
            card: accuracy,
            on: Character::Hero(me),
        },
    );
    let events = act(
        &mut game,
        Action::Attack {
            target: Target::Hero(enemy),
            fire: false,
        },
    );
    let Some(Event::Attacked { dice, .. }) = events.iter().find(|e| matches!(e, Event::Attacked { .. })) else {
        panic!()
    };
    assert_eq!(
        dice.len() as u32,
        game.attack_dice(me) + 1,
        "Strong Attack: one more die; Accuracy's extra is not kept"
    );
    assert!(dice.windows(2).all(|w| w[0] >= w[1]), "the kept dice are the best");
}

#[test]
fn skill_tower_conjuration_builds_for_1_mana_less() {
    let (mut game, me, card) = holding("tower-conjuration", &["magie", "byron"], 35);
    game.place_hero(me, pos(1, 0));
    game.set_mana(me, 4);
    assert!(refused(&mut game, Action::Build { tower: TowerKind::Mage }).contains("5 mana"));
    act(
        &mut game,
        Action::Play {
            card,
            on: Character::Hero(me),
        },
    );
    act(&mut game, Action::Build { tower: TowerKind::Mage });
    assert_eq!(game.player(me).mana, 0);
}

#[test]
fn the_reserve_costs_1_mana_holds_3_and_its_skills_play_later() {
    let (mut game, me, _) = TestGame::started(&["magie", "byron"], 36).mana(Me, 10).build();
    let cards: Vec<_> = ["mana", "heal", "run", "run"]
        .iter()
        .map(|c| game.give_card(me, c).unwrap())
        .collect();
    for card in &cards[..3] {
        act(&mut game, Action::Reserve { card: *card });
    }
    assert_eq!(game.player(me).mana, 7);
    assert!(refused(&mut game, Action::Reserve { card: cards[3] }).contains("at most 3"));
    let mana = game.player(me).mana;
    act(
        &mut game,
        Action::Play {
            card: cards[0],
            on: Character::Hero(me),
        },
    );
    assert_eq!(game.player(me).mana, mana + 1, "a skill plays from the Reserve");
    assert_eq!(game.player(me).reserve.len(), 2);
    game.check_invariants().unwrap();
}

#[test]
fn spells_are_prepared_face_up_and_counter_attack_only_plays_from_the_reserve() {
    let (mut game, me, _) = TestGame::started(&["magie", "byron"], 37).build();
    let (spell, name) = if game.player(me).hero_id == "magie" {
        ("fireball", "Fireball")
    } else {
        ("rock-throw", "Rock Throw")
    };
    let card = game.give_card(me, spell).unwrap();
    act(
        &mut game,
        Action::Play {
            card,
            on: Character::Hero(me),
        },
    );
    assert_eq!(game.player(me).spells, [card]);
    let counter = game.give_card(me, "counter-attack").unwrap();
    assert!(
        refused(
            &mut game,
            Action::Play {
                card: counter,
                on: Character::Hero(me)
            }
        )
        .contains("only from the Reserve")
    );
    let view = game.view(other(me));
    assert_eq!(view.heroes[me.index()].spells, [name], "prepared spells are public");
    assert_eq!(
        view.heroes[me.index()].hand_count,
        game.player(me).hand.len(),
        "a hand is only counted"
    );
    assert_eq!(
        view.hand.len(),
        game.player(other(me)).hand.len(),
        "the viewer sees only their own hand"
    );
}

/// Prepare `count` copies of `spell` for `seat` and give it mana.
fn prepare(game: &mut SpellsOfDoom, seat: Seat, spell: &str, count: usize) -> spells_of_doom::CardId {
    let mut first = None;
    for _ in 0..count {
        let card = game.give_card(seat, spell).unwrap();
        act(
            game,
            Action::Play {
                card,
                on: Character::Hero(seat),
            },
        );
        first.get_or_insert(card);
    }
    game.set_mana(seat, 20);
    first.unwrap()
}

fn attack_dice(events: &[Event]) -> Vec<Vec<u8>> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Attacked { dice, .. } => Some(dice.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn fireball_two_cards_together_attack_5_for_the_same_2_mana_and_two_fireballs_in_a_turn_are_not_legal() {
    let (mut game, me, enemy) = TestGame::duel("magie", "byron").build();
    let fireball = prepare(&mut game, me, "fireball", 3);
    game.place_hero(me, pos(0, 0));
    game.place_hero(enemy, pos(2, 0));
    let events = act(
        &mut game,
        Action::Cast {
            spell: fireball,
            copies: 2,
            target: spells_of_doom::CastTarget::At(Target::Hero(enemy)),
        },
    );
    assert_eq!(attack_dice(&events)[0].len(), 5);
    assert_eq!(game.player(me).mana, 18);
    assert_eq!(
        game.player(me).spells.len(),
        1,
        "two of the three prepared copies are spent"
    );
    let left = game.player(me).spells[0];
    let reason = refused(
        &mut game,
        Action::Cast {
            spell: left,
            copies: 1,
            target: spells_of_doom::CastTarget::At(Target::Hero(enemy)),
        },
    );
    assert!(reason.contains("more than one spell"), "{reason}");
}

#[test]
fn a_spell_is_cast_instead_of_the_attack_and_range_is_a_hex_distance() {
    let (mut game, me, enemy) = TestGame::duel("magie", "byron").build();
    let fireball = prepare(&mut game, me, "fireball", 1);
    game.place_hero(me, pos(0, 0));
    game.place_hero(enemy, pos(3, 0));
    let cast = Action::Cast {
        spell: fireball,
        copies: 1,
        target: spells_of_doom::CastTarget::At(Target::Hero(enemy)),
    };
    assert!(
        refused(&mut game, cast.clone()).contains("within 2 hex"),
        "within 3 hexes = distance 2"
    );
    game.place_hero(enemy, pos(1, 0));
    act(
        &mut game,
        Action::Attack {
            target: Target::Hero(enemy),
            fire: false,
        },
    );
    game.place_hero(enemy, pos(1, 0));
    assert!(refused(&mut game, cast).contains("instead of the Hero's attack"));
}

#[test]
fn healing_ward_is_not_the_turns_spell_the_hero_may_still_attack() {
    let (mut game, me, enemy) = TestGame::duel("oakheart", "byron").build();
    let ward = prepare(&mut game, me, "healing-ward", 1);
    game.set_hp(me, 5);
    game.place_hero(me, pos(0, 0));
    game.place_hero(enemy, pos(1, 0));
    act(
        &mut game,
        Action::Cast {
            spell: ward,
            copies: 1,
            target: spells_of_doom::CastTarget::Myself,
        },
    );
    assert_eq!(game.player(me).hero.hp, 7);
    act(
        &mut game,
        Action::Attack {
            target: Target::Hero(enemy),
            fire: false,
        },
    );
}

#[test]
fn stoneskin_raises_armor_past_3_until_the_next_upkeep() {
    let (mut game, me, _) = TestGame::duel("byron", "magie").build();
    let skin = prepare(&mut game, me, "stoneskin", 1);
    game.set_steps(me, 1, 0);
    act(
        &mut game,
        Action::Cast {
            spell: skin,
            copies: 1,
            target: spells_of_doom::CastTarget::Myself,
        },
    );
    assert_eq!(game.hero_armor(me), 4, "2 + 2, the limit raised to 5");
    act(&mut game, Action::EndTurn);
    assert_eq!(game.hero_armor(me), 4, "through the other player's turn");
    act(&mut game, Action::EndTurn);
    assert_eq!(game.hero_armor(me), 2, "gone at the next upkeep");
}

#[test]
fn overpower_attacks_6_heals_5_and_raises_armor() {
    let (mut game, me, enemy) = TestGame::duel("byron", "magie").build();
    let card = prepare(&mut game, me, "overpower", 1);
    game.set_hp(me, 5);
    game.place_hero(me, pos(0, 0));
    game.place_hero(enemy, pos(1, 0));
    let events = act(
        &mut game,
        Action::Cast {
            spell: card,
            copies: 1,
            target: spells_of_doom::CastTarget::At(Target::Hero(enemy)),
        },
    );
    assert_eq!(attack_dice(&events)[0].len(), 6);
    assert_eq!(game.player(me).hero.hp, 10);
    assert_eq!(game.hero_armor(me), 3);
    assert_eq!(game.player(me).mana, 16);
}

#[test]
fn earthquake_hits_the_heros_hex_and_all_adjacent_with_attack_2_and_stun_1() {
    let (mut game, me, enemy) = TestGame::duel("byron", "magie").build();
    let quake = prepare(&mut game, me, "earthquake", 1);
    game.place_hero(me, pos(0, 0));
    game.place_hero(enemy, pos(0, 1));
    game.add_building(enemy, TowerKind::Mage, pos(1, -1));
    let events = act(
        &mut game,
        Action::Cast {
            spell: quake,
            copies: 1,
            target: spells_of_doom::CastTarget::Hex(pos(0, 0)),
        },
    );
    let dice = attack_dice(&events);
    assert_eq!(dice.len(), 2, "the enemy Hero and the enemy tower");
    assert!(dice.iter().all(|d| d.len() == 2));
    assert!(events.iter().any(
        |e| matches!(e, Event::SpecialAttack { kind: spells_of_doom::Special::Stun, dice, .. } if dice.len() == 1)
    ));
}

#[test]
fn fire_arrows_group_their_dice_and_the_lowest_hits_the_hex_behind() {
    let (mut game, me, enemy) = TestGame::duel("magie", "byron").build();
    let arrows = prepare(&mut game, me, "fire-arrows", 2);
    game.place_hero(me, pos(0, 0));
    game.place_hero(enemy, pos(1, 0));
    game.add_building(enemy, TowerKind::Defense, pos(2, 0));
    let target = spells_of_doom::CastTarget::Arrows {
        target: Target::Hero(enemy),
        behind: pos(2, 0),
    };
    let events = act(
        &mut game,
        Action::Cast {
            spell: arrows,
            copies: 2,
            target,
        },
    );
    let dice = attack_dice(&events);
    assert_eq!(
        dice.len(),
        2,
        "the middle group on the Hero, the lowest on the tower behind"
    );
    assert!(dice.iter().all(|d| d.len() == 2));
    assert!(
        dice[0].iter().min() >= dice[1].iter().max(),
        "the middle group is higher than the lowest"
    );
    // The hex behind must be farther from Magie than the target.
    let (mut game, me, enemy) = TestGame::duel("magie", "byron").build();
    let arrows = prepare(&mut game, me, "fire-arrows", 1);
    game.place_hero(me, pos(0, 0));
    game.place_hero(enemy, pos(1, 0));
    let sideways = spells_of_doom::CastTarget::Arrows {
        target: Target::Hero(enemy),
        behind: pos(1, -1),
    };
    assert!(
        refused(
            &mut game,
            Action::Cast {
                spell: arrows,
                copies: 1,
                target: sideways
            }
        )
        .contains("needs a target")
    );
}

#[test]
fn brain_malfunction_discards_at_random_and_mind_reach_adds_a_hex() {
    let (mut game, me, enemy) = TestGame::duel("hypnor", "byron").build();
    let card = prepare(&mut game, me, "brain-malfunction", 2);
    game.place_hero(me, pos(0, 0));
    game.place_hero(enemy, pos(3, 0));
    let hand = game.player(enemy).hand.len();
    let events = act(
        &mut game,
        Action::Cast {
            spell: card,
            copies: 2,
            target: spells_of_doom::CastTarget::At(Target::Hero(enemy)),
        },
    );
    assert_eq!(attack_dice(&events)[0].len(), 4, "two cards: Attack 4");
    if game.player(enemy).hero.at.is_some() {
        assert_eq!(game.player(enemy).hand.len(), hand - 2);
    }
    game.check_invariants().unwrap();
}

#[test]
fn mental_slap_attacks_5_and_makes_a_brain_damage_attack() {
    let (mut game, me, enemy) = TestGame::duel("hypnor", "byron").build();
    let card = prepare(&mut game, me, "mental-slap", 1);
    game.place_hero(me, pos(0, 0));
    game.place_hero(enemy, pos(2, 0));
    game.set_hp(enemy, 16);
    let events = act(
        &mut game,
        Action::Cast {
            spell: card,
            copies: 1,
            target: spells_of_doom::CastTarget::At(Target::Hero(enemy)),
        },
    );
    assert_eq!(attack_dice(&events)[0].len(), 5);
    let tokens: u32 = events
        .iter()
        .filter_map(|e| match e {
            Event::SpecialAttack { tokens, .. } => Some(*tokens),
            _ => None,
        })
        .sum();
    if game.player(enemy).hero.at.is_some() {
        assert_eq!(u32::from(game.player(enemy).hero.brain_damage), tokens);
    }
}

#[test]
fn tokens_left_after_the_roll_off_may_be_paid_off_2_mana_a_burn_3_a_brain_damage() {
    for seed in 0..50 {
        let mut game = started(&["magie", "byron"], seed);
        let next = other(game.active());
        game.set_tokens(next, 3, 3, false);
        game.set_mana(next, 4);
        act(&mut game, Action::EndTurn);
        if game.phase() != Phase::PayTokens {
            continue;
        }
        let hero = game.player(next).hero.clone();
        let mana = game.player(next).mana;
        assert!(refused(&mut game, Action::EndTurn).contains("tokens to pay off"));
        let dear = Action::PayTokens {
            burn: hero.burn,
            brain_damage: hero.brain_damage,
        };
        if u32::from(hero.burn) * 2 + u32::from(hero.brain_damage) * 3 > mana {
            assert!(refused(&mut game, dear).contains("costs"));
        }
        if hero.burn > 0 {
            act(
                &mut game,
                Action::PayTokens {
                    burn: 1,
                    brain_damage: 0,
                },
            );
            assert_eq!(game.player(next).hero.burn, hero.burn - 1);
            assert_eq!(game.player(next).mana, mana - 2);
        } else {
            act(
                &mut game,
                Action::PayTokens {
                    burn: 0,
                    brain_damage: 0,
                },
            );
        }
        assert_eq!(game.phase(), Phase::Hero);
        return;
    }
    panic!("no seed left tokens to pay off");
}

#[test]
fn fast_attack_allows_two_attacks_or_an_attack_and_a_spell_once_a_turn() {
    let (mut game, me, enemy) = TestGame::duel("magie", "byron").build();
    let fast = game.give_card(me, "fast-attack").unwrap();
    let fireball = prepare(&mut game, me, "fireball", 1);
    game.place_hero(me, pos(0, 0));
    game.place_hero(enemy, pos(0, 1));
    game.set_hp(enemy, 16);
    act(
        &mut game,
        Action::Play {
            card: fast,
            on: Character::Hero(me),
        },
    );
    act(
        &mut game,
        Action::Attack {
            target: Target::Hero(enemy),
            fire: false,
        },
    );
    if game.player(enemy).hero.at.is_some() {
        act(
            &mut game,
            Action::Cast {
                spell: fireball,
                copies: 1,
                target: spells_of_doom::CastTarget::At(Target::Hero(enemy)),
            },
        );
        game.place_hero(enemy, pos(0, 1));
        assert!(
            refused(
                &mut game,
                Action::Attack {
                    target: Target::Hero(enemy),
                    fire: false
                }
            )
            .contains("already attacked")
        );
    }
    let second = game.give_card(me, "fast-attack").unwrap();
    assert!(
        refused(
            &mut game,
            Action::Play {
                card: second,
                on: Character::Hero(me)
            }
        )
        .contains("twice in a turn")
    );
}

#[test]
fn a_stunned_hero_with_fast_attack_may_move_and_strike_once_or_strike_twice_without_moving() {
    let (mut game, me, enemy) = TestGame::duel("magie", "byron").build();
    let fast = game.give_card(me, "fast-attack").unwrap();
    game.place_hero(me, pos(0, 0));
    game.place_hero(enemy, pos(0, 1));
    game.set_hp(enemy, 16);
    game.set_tokens(me, 0, 0, true);
    act(
        &mut game,
        Action::Play {
            card: fast,
            on: Character::Hero(me),
        },
    );
    act(
        &mut game,
        Action::Attack {
            target: Target::Hero(enemy),
            fire: false,
        },
    );
    game.place_hero(enemy, pos(0, 1));
    act(
        &mut game,
        Action::Attack {
            target: Target::Hero(enemy),
            fire: false,
        },
    );
    assert!(refused(&mut game, Action::Move { to: pos(1, 0) }).contains("stunned"));
}

#[test]
fn terrain_cards_are_laid_free_with_a_token_and_revealed_later_for_their_cost() {
    let (mut game, me, enemy) = TestGame::duel("hypnor", "byron").build();
    let explode = game.give_card(me, "exploding-area").unwrap();
    let friendly = game.give_card(me, "friendly-area").unwrap();
    let mana = game.player(me).mana;
    act(
        &mut game,
        Action::PlaceTerrain {
            card: explode,
            at: pos(0, 0),
        },
    );
    act(
        &mut game,
        Action::PlaceTerrain {
            card: friendly,
            at: pos(2, 2),
        },
    );
    assert_eq!(game.player(me).mana, mana, "laying Terrain costs nothing");
    assert_eq!(game.player(me).terrain.len(), 2);
    game.place_hero(enemy, pos(0, 1));
    game.set_hp(enemy, 16);
    game.set_mana(me, 5);
    let events = act(
        &mut game,
        Action::Reveal {
            card: explode,
            on: Target::Hero(enemy),
        },
    );
    assert_eq!(attack_dice(&events)[0].len(), 3, "Exploding Area: Attack 3");
    assert_eq!(game.player(me).mana, 4, "Exploding Area costs 1 (our design)");
    assert!(game.player(me).discard.contains(&explode));
    // Friendly Area heals 3 a friendly character in or next to its hex; not an enemy's.
    game.place_hero(me, pos(2, 1));
    game.set_hp(me, 5);
    act(
        &mut game,
        Action::Reveal {
            card: friendly,
            on: Target::Hero(me),
        },
    );
    assert_eq!(game.player(me).hero.hp, 8);
    game.check_invariants().unwrap();
}

#[test]
fn ensnare_targets_a_hex_with_a_terrain_token_or_next_to_one() {
    let (mut game, me, enemy) = TestGame::duel("hypnor", "byron").build();
    let token = game.give_card(me, "friendly-area").unwrap();
    act(
        &mut game,
        Action::PlaceTerrain {
            card: token,
            at: pos(3, -3),
        },
    );
    let ensnare = prepare(&mut game, me, "ensnare", 1);
    game.place_hero(enemy, pos(3, -2));
    game.set_hp(enemy, 16);
    let far = Action::Cast {
        spell: ensnare,
        copies: 1,
        target: spells_of_doom::CastTarget::Hex(pos(-2, 0)),
    };
    assert!(refused(&mut game, far).contains("needs a target"));
    let events = act(
        &mut game,
        Action::Cast {
            spell: ensnare,
            copies: 1,
            target: spells_of_doom::CastTarget::Hex(pos(3, -2)),
        },
    );
    assert_eq!(attack_dice(&events)[0].len(), 2, "Attack 2 on the hex itself");
}

#[test]
fn summoning_puts_creatures_in_or_next_to_the_heros_hex_for_their_cost() {
    let (mut game, me, _) = TestGame::duel("byron", "magie").build();
    let summoning = game.give_card(me, "summoning").unwrap();
    game.place_hero(me, pos(0, 0));
    game.set_mana(me, 10);
    let golem = token_of(&game, me, "stone-golem");
    assert!(
        refused(
            &mut game,
            Action::Summon {
                token: golem,
                at: pos(1, 0)
            }
        )
        .contains("Summoning card first")
    );
    act(
        &mut game,
        Action::Play {
            card: summoning,
            on: Character::Hero(me),
        },
    );
    assert!(
        refused(
            &mut game,
            Action::Summon {
                token: golem,
                at: pos(2, 0)
            }
        )
        .contains("adjacent")
    );
    act(
        &mut game,
        Action::Summon {
            token: golem,
            at: pos(1, 0),
        },
    );
    let troll = token_of(&game, me, "rock-troll");
    act(
        &mut game,
        Action::Summon {
            token: troll,
            at: pos(0, 0),
        },
    );
    assert_eq!(
        game.player(me).mana,
        10 - 4 - 3,
        "each creature's cost, one card for several"
    );
    assert_eq!(game.creatures().len(), 2);
    assert!(
        refused(
            &mut game,
            Action::Summon {
                token: golem,
                at: pos(1, 0)
            }
        )
        .contains("already on the board")
    );
}

#[test]
fn a_creature_waits_a_turn_unless_ready_to_fight_and_fast_ones_move_3() {
    let (mut game, me, _) = TestGame::duel("oakheart", "byron").build();
    let hawks = prepare(&mut game, me, "hawks", 1);
    game.place_hero(me, pos(0, 0));
    act(
        &mut game,
        Action::Cast {
            spell: hawks,
            copies: 1,
            target: spells_of_doom::CastTarget::Hex(pos(1, 0)),
        },
    );
    let hawk = game.creatures()[0].id;
    // Hawks are Ready to Fight and Fast: they move 3 at once.
    act(
        &mut game,
        Action::CreatureMove {
            creature: hawk,
            to: pos(4, -2),
        },
    );
    let summoning = game.give_card(me, "summoning").unwrap();
    act(
        &mut game,
        Action::Play {
            card: summoning,
            on: Character::Hero(me),
        },
    );
    let wolf = token_of(&game, me, "wolf");
    act(
        &mut game,
        Action::Summon {
            token: wolf,
            at: pos(0, 1),
        },
    );
    let wolf = creature_id(me, wolf);
    assert!(
        refused(
            &mut game,
            Action::CreatureMove {
                creature: wolf,
                to: pos(0, 2)
            }
        )
        .contains("waits a turn")
    );
    act(&mut game, Action::EndTurn);
    act(&mut game, Action::EndTurn);
    act(
        &mut game,
        Action::CreatureMove {
            creature: wolf,
            to: pos(0, 3),
        },
    );
}

#[test]
fn beast_caller_makes_oakhearts_creatures_1_mana_cheaper() {
    let (mut game, me, _) = TestGame::duel("oakheart", "byron").build();
    let summoning = game.give_card(me, "summoning").unwrap();
    game.place_hero(me, pos(0, 0));
    game.set_mana(me, 5);
    act(
        &mut game,
        Action::Play {
            card: summoning,
            on: Character::Hero(me),
        },
    );
    let wolf = token_of(&game, me, "wolf");
    act(
        &mut game,
        Action::Summon {
            token: wolf,
            at: pos(0, 1),
        },
    );
    assert_eq!(game.player(me).mana, 3, "a Wolf costs 3, Oakheart pays 2");
}

#[test]
fn dogs_summon_two_and_dragon_spirit_moves_the_dragon_back_to_full_hp() {
    let (mut game, me, _) = TestGame::duel("oakheart", "byron").build();
    let dogs = prepare(&mut game, me, "dogs", 1);
    game.place_hero(me, pos(0, 0));
    act(
        &mut game,
        Action::Cast {
            spell: dogs,
            copies: 1,
            target: spells_of_doom::CastTarget::Hex(pos(0, 1)),
        },
    );
    assert_eq!(game.creatures().iter().filter(|c| c.kind == "dog").count(), 2);

    let (mut game, me, enemy) = TestGame::duel("magie", "byron").build();
    let spirit = prepare(&mut game, me, "dragon-spirit", 1);
    game.place_hero(me, pos(0, 0));
    act(
        &mut game,
        Action::Cast {
            spell: spirit,
            copies: 1,
            target: spells_of_doom::CastTarget::Hex(pos(1, 0)),
        },
    );
    let dragon = game.creatures().iter().find(|c| c.kind == "dragon").unwrap().id;
    // Hurt it with the enemy's help, then summon it again: it moves, whole.
    act(&mut game, Action::EndTurn);
    game.place_hero(enemy, pos(1, 0));
    game.set_steps(enemy, 0, 3);
    act(
        &mut game,
        Action::Attack {
            target: Target::Creature(dragon),
            fire: false,
        },
    );
    act(&mut game, Action::EndTurn);
    if let Some(hurt) = game.creature(dragon) {
        assert!(hurt.hp <= 12);
        let again = prepare(&mut game, me, "dragon-spirit", 1);
        act(
            &mut game,
            Action::Cast {
                spell: again,
                copies: 1,
                target: spells_of_doom::CastTarget::Hex(pos(0, 1)),
            },
        );
        let dragon = game.creature(dragon).unwrap();
        assert_eq!((dragon.at, dragon.hp), (pos(0, 1), 12));
    }
}

#[test]
fn a_creatures_attack_adds_its_burn_attack_and_the_star_lets_it_make_only_the_special_one() {
    let (mut game, me, enemy) = TestGame::duel("magie", "byron").build();
    let summoning = game.give_card(me, "summoning").unwrap();
    game.place_hero(me, pos(0, 0));
    game.place_hero(enemy, pos(0, 1));
    game.set_hp(enemy, 16);
    game.set_mana(me, 10);
    act(
        &mut game,
        Action::Play {
            card: summoning,
            on: Character::Hero(me),
        },
    );
    let token = token_of(&game, me, "pyromancer");
    act(&mut game, Action::Summon { token, at: pos(0, 0) });
    act(&mut game, Action::EndTurn);
    act(&mut game, Action::EndTurn);
    let pyro = creature_id(me, token);
    game.place_hero(enemy, pos(0, 1));
    let events = act(
        &mut game,
        Action::CreatureAttack {
            creature: pyro,
            target: Target::Hero(enemy),
            special: true,
        },
    );
    assert!(
        attack_dice(&events).is_empty(),
        "the Special Attack instead of the normal one"
    );
    assert!(events.iter().any(
        |e| matches!(e, Event::SpecialAttack { kind: spells_of_doom::Special::Burn, dice, .. } if dice.len() == 1)
    ));
    assert!(
        refused(
            &mut game,
            Action::CreatureAttack {
                creature: pyro,
                target: Target::Hero(enemy),
                special: false
            }
        )
        .contains("already attacked")
    );
}

#[test]
fn a_killed_creature_goes_back_to_its_hero_board_and_scores_nothing() {
    let (mut game, me, enemy) = TestGame::duel("hypnor", "byron").build();
    let summoning = game.give_card(me, "summoning").unwrap();
    game.place_hero(me, pos(0, 0));
    game.set_mana(me, 10);
    act(
        &mut game,
        Action::Play {
            card: summoning,
            on: Character::Hero(me),
        },
    );
    let token = token_of(&game, me, "illusion");
    act(&mut game, Action::Summon { token, at: pos(0, 1) });
    act(&mut game, Action::EndTurn);
    let illusion = creature_id(me, token);
    game.place_hero(enemy, pos(0, 1));
    game.set_steps(enemy, 0, 3);
    for _ in 0..20 {
        if game.creature(illusion).is_none() {
            break;
        }
        act(
            &mut game,
            Action::Attack {
                target: Target::Creature(illusion),
                fire: false,
            },
        );
        act(&mut game, Action::EndTurn);
        act(&mut game, Action::EndTurn);
        game.place_hero(enemy, pos(0, 1));
    }
    assert!(game.creature(illusion).is_none(), "6 dice against Armor 1 and 1 HP");
    assert!(game.available_tokens(me).contains(&token));
    assert_eq!(game.vp(SpellsOfDoom::team(enemy)), 0);
}

#[test]
fn a_characters_move_and_attack_end_when_another_character_moves() {
    let (mut game, me, enemy) = TestGame::duel("oakheart", "byron").build();
    let hawks = prepare(&mut game, me, "hawks", 1);
    game.place_hero(me, pos(0, 0));
    game.place_hero(enemy, pos(3, 0));
    act(
        &mut game,
        Action::Cast {
            spell: hawks,
            copies: 1,
            target: spells_of_doom::CastTarget::Hex(pos(1, 0)),
        },
    );
    let hawk = game.creatures()[0].id;
    // Casting was the Hero's action; the Hawk moving now finishes the Hero for the turn.
    act(
        &mut game,
        Action::CreatureMove {
            creature: hawk,
            to: pos(2, 0),
        },
    );
    assert!(refused(&mut game, Action::Move { to: pos(0, 1) }).contains("another character has moved"));
    act(
        &mut game,
        Action::CreatureAttack {
            creature: hawk,
            target: Target::Hero(enemy),
            special: false,
        },
    );
}

#[test]
fn defense_towers_attack_enemy_creatures_and_heal_friendly_ones() {
    let (mut game, me, enemy) = TestGame::duel("oakheart", "byron").build();
    let dogs = prepare(&mut game, me, "dogs", 1);
    game.place_hero(me, pos(0, 0));
    act(
        &mut game,
        Action::Cast {
            spell: dogs,
            copies: 1,
            target: spells_of_doom::CastTarget::Hex(pos(1, 0)),
        },
    );
    game.add_building(enemy, TowerKind::Defense, pos(2, 0));
    let events = act(&mut game, Action::EndTurn);
    let hits = events
        .iter()
        .filter(|e| matches!(e, Event::Attacked { by: Attacker::Tower(s), target: Target::Creature(_), dice, .. } if *s == enemy && dice.len() == 3))
        .count();
    assert_eq!(hits, 2, "each Dog in range takes Attack 3");
}

#[test]
fn a_hero_may_attack_after_a_creature_attacked_where_it_stood_but_not_after_one_moved() {
    let (mut game, me, enemy) = TestGame::duel("oakheart", "byron").build();
    let dogs = prepare(&mut game, me, "dogs", 1);
    game.place_hero(me, pos(0, 0));
    act(
        &mut game,
        Action::Cast {
            spell: dogs,
            copies: 1,
            target: spells_of_doom::CastTarget::Hex(pos(1, 0)),
        },
    );
    act(&mut game, Action::EndTurn);
    act(&mut game, Action::EndTurn);
    let dog = game.creatures()[0].id;
    game.place_hero(enemy, pos(1, 1));
    game.set_hp(enemy, 16);
    act(&mut game, Action::Move { to: pos(0, 1) });
    act(
        &mut game,
        Action::CreatureAttack {
            creature: dog,
            target: Target::Hero(enemy),
            special: false,
        },
    );
    act(
        &mut game,
        Action::Attack {
            target: Target::Hero(enemy),
            fire: false,
        },
    );
    let other_dog = game.creatures().iter().find(|c| c.id != dog).unwrap().id;
    act(
        &mut game,
        Action::CreatureMove {
            creature: other_dog,
            to: pos(2, 0),
        },
    );
    assert!(
        game.finished(spells_of_doom::Character::Creature(dog)),
        "a move by another finishes it"
    );
}

#[test]
fn heroes_and_spells_are_offered_against_creatures_too() {
    let (mut game, me, enemy) = TestGame::duel("oakheart", "magie").build();
    let dogs = prepare(&mut game, me, "dogs", 1);
    game.place_hero(me, pos(0, 0));
    act(
        &mut game,
        Action::Cast {
            spell: dogs,
            copies: 1,
            target: spells_of_doom::CastTarget::Hex(pos(1, 0)),
        },
    );
    act(&mut game, Action::EndTurn);
    let dog = game.creatures()[0].id;
    game.place_hero(enemy, pos(1, -1));
    let legal = game.legal_actions();
    assert!(legal.contains(&Action::Attack {
        target: Target::Creature(dog),
        fire: false
    }));
}

#[test]
fn a_stunned_hero_who_moved_may_not_cast_healing_ward_either() {
    let (mut game, me, _) = TestGame::duel("oakheart", "byron").build();
    let ward = prepare(&mut game, me, "healing-ward", 1);
    game.place_hero(me, pos(0, 0));
    game.set_tokens(me, 0, 0, true);
    act(&mut game, Action::Move { to: pos(1, 0) });
    assert!(
        refused(
            &mut game,
            Action::Cast {
                spell: ward,
                copies: 1,
                target: spells_of_doom::CastTarget::Myself
            }
        )
        .contains("stunned")
    );
}

#[test]
fn terrain_tokens_are_public_and_their_cards_seen_only_by_their_owner() {
    let (mut game, me, enemy) = TestGame::duel("hypnor", "byron").build();
    let card = game.give_card(me, "exploding-area").unwrap();
    act(&mut game, Action::PlaceTerrain { card, at: pos(2, 2) });
    let theirs = game.view(enemy);
    assert_eq!(theirs.terrain_tokens, [(me, pos(2, 2))]);
    assert!(theirs.terrain.is_empty());
    let mine = game.view(me);
    assert_eq!(mine.terrain, [(card, "Exploding Area".to_string(), pos(2, 2))]);
}
