//! Counters and traps on another player's turn (the response windows), and skills played on
//! creatures: one scenario per rule or card, against the rulebook's card section.

mod common;

use common::*;
use spellhall_core::{Game, Seat, ToAct};
use spells_of_doom::Event;
use spells_of_doom::{Action, CardId, CastTarget, Character, Phase, SpellsOfDoom, Target};

fn attack(victim: Seat) -> Action {
    Action::Attack {
        target: Target::Hero(victim),
        fire: false,
    }
}

/// `me` (active) and `foe` side by side at (0,0) and (0,1).
fn face_to_face(hero: &str, rival: &str) -> (SpellsOfDoom, Seat, Seat) {
    let (mut game, me, foe) = playing_as(hero, rival);
    game.place_hero(me, pos(0, 0));
    game.place_hero(foe, pos(0, 1));
    game.set_mana(me, 20);
    game.set_mana(foe, 20);
    (game, me, foe)
}

/// Cast `spell` alone (counters are cast one card at a time).
fn cast_one(spell: CardId, target: CastTarget) -> Action {
    Action::Cast {
        spell,
        copies: 1,
        target,
    }
}

fn play(card: CardId, on: Character) -> Action {
    Action::Play { card, on }
}

fn attacks_on(events: &[Event], target: Target) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::Attacked { target: t, .. } if *t == target))
        .count()
}

#[test]
fn counter_no_window_opens_when_the_defender_has_nothing_face_down() {
    let (mut game, _me, foe) = face_to_face("magie", "byron");
    let events = act(&mut game, attack(foe));
    assert_eq!(game.phase(), Phase::Hero, "resolved at once: no hand-off");
    assert_eq!(attacks_on(&events, Target::Hero(foe)), 1);
    assert!(!events.iter().any(|e| matches!(e, Event::Answering { .. })));
}

#[test]
fn counter_any_face_down_card_opens_the_window_and_letting_it_happen_resolves_the_attack() {
    let (mut game, me, foe) = face_to_face("magie", "byron");
    // A card that cannot answer: asking must not tell the attacker what it is.
    game.reserve_card(foe, "mana").unwrap();
    let events = act(&mut game, attack(foe));
    assert_eq!(attacks_on(&events, Target::Hero(foe)), 0, "no dice before the answer");
    assert_eq!(game.phase(), Phase::Response { seat: foe });
    assert_eq!(game.to_act(), ToAct::Seat(foe), "the hand-off goes to the defender");
    assert_eq!(game.legal_actions(), vec![Action::Pass], "Mana cannot answer");
    assert!(game.view(foe).answering.unwrap().contains("Attack"));
    let events = act(&mut game, Action::Pass);
    assert_eq!(attacks_on(&events, Target::Hero(foe)), 1);
    assert_eq!(game.phase(), Phase::Hero);
    assert_eq!(game.to_act(), ToAct::Seat(me));
    game.check_invariants().unwrap();
}

#[test]
fn counter_out_of_turn_only_counters_from_the_reserve_and_terrain_cards() {
    let (mut game, _me, foe) = face_to_face("magie", "byron");
    game.reserve_card(foe, "run").unwrap();
    let heal_in_hand = game.give_card(foe, "heal").unwrap();
    act(&mut game, attack(foe));
    assert!(refused(&mut game, play(heal_in_hand, Character::Hero(foe))).contains("Reserve"));
    assert!(refused(&mut game, Action::EndTurn).contains("another player's turn"));
}

#[test]
fn counter_attack_strikes_first_and_cancels_the_attack_if_the_attacker_dies() {
    let (mut game, me, foe) = face_to_face("magie", "byron");
    let counter = game.reserve_card(foe, "counter-attack").unwrap();
    game.set_hp(me, 1);
    game.set_steps(foe, 0, 3);
    act(&mut game, attack(foe));
    // Either outcome is checked: Magie dies (the attack is cancelled) or lives (it goes on).
    let events = act(&mut game, play(counter, Character::Hero(foe)));
    assert_eq!(attacks_on(&events, Target::Hero(me)), 1, "the defender strikes first");
    assert!(game.player(foe).discard.contains(&counter));
    let killed = events
        .iter()
        .any(|e| matches!(e, Event::Killed { seat, .. } if *seat == me));
    let events = if game.phase() == Phase::Hero {
        events
    } else {
        act(&mut game, Action::Pass)
    };
    if killed {
        assert!(events.iter().any(|e| matches!(e, Event::Cancelled { .. })));
        assert_eq!(attacks_on(&events, Target::Hero(foe)), 0, "the attack is cancelled");
    } else {
        assert_eq!(attacks_on(&events, Target::Hero(foe)), 1);
    }
}

#[test]
fn counter_attack_cancels_when_the_attacker_dies_found_by_seed() {
    // Whichever seed makes the Counter Attack kill: the original attack must then not happen.
    for seed in 0..200 {
        let (mut game, me, foe) = face_to_face("magie", "byron");
        game.reroll(seed);
        let counter = game.reserve_card(foe, "counter-attack").unwrap();
        game.set_hp(me, 1);
        act(&mut game, attack(foe));
        let events = act(&mut game, play(counter, Character::Hero(foe)));
        if events
            .iter()
            .any(|e| matches!(e, Event::Killed { seat, .. } if *seat == me))
        {
            assert!(events.iter().any(|e| matches!(e, Event::Cancelled { .. })));
            assert_eq!(attacks_on(&events, Target::Hero(foe)), 0);
            assert_eq!(game.phase(), Phase::Hero);
            assert!(
                refused(&mut game, attack(foe)).contains("not on the board"),
                "the cancelled attack was the Hero's attack"
            );
            return;
        }
    }
    panic!("no seed in 200 let Byron's Counter Attack kill a 1-HP Magie");
}

#[test]
fn counter_attack_needs_the_attacker_in_reach_and_answers_only_for_the_character_attacked() {
    let (mut game, me, foe) = face_to_face("magie", "byron");
    let counter = game.reserve_card(foe, "counter-attack").unwrap();
    game.place_hero(me, pos(0, 0));
    game.place_hero(foe, pos(0, 2));
    let fireball = {
        let card = game.give_card(me, "fireball").unwrap();
        act(&mut game, play(card, Character::Hero(me)));
        card
    };
    act(&mut game, cast_one(fireball, CastTarget::At(Target::Hero(foe))));
    assert_eq!(
        game.phase(),
        Phase::Response { seat: foe },
        "a spell aimed at him opens it too"
    );
    assert!(refused(&mut game, play(counter, Character::Hero(foe))).contains("adjacent"));
    let events = act(&mut game, Action::Pass);
    assert!(events.iter().any(|e| matches!(e, Event::Cast { .. })));
}

#[test]
fn magic_shield_from_the_reserve_raises_armor_before_the_dice() {
    let (mut game, me, foe) = face_to_face("magie", "byron");
    let shield = game.reserve_card(foe, "magic-shield").unwrap();
    let armor = game.hero_armor(foe);
    act(&mut game, attack(foe));
    act(&mut game, play(shield, Character::Hero(foe)));
    assert_eq!(game.phase(), Phase::Hero, "nothing left face down: the window closes");
    assert_eq!(game.hero_armor(foe), armor + 1);
    let _ = me;
}

#[test]
fn stoneskin_cast_from_the_reserve_when_byron_is_attacked() {
    let (mut game, me, foe) = face_to_face("magie", "byron");
    let stoneskin = game.reserve_card(foe, "stoneskin").unwrap();
    game.set_steps(foe, 2, 0);
    let mana = game.player(foe).mana;
    act(&mut game, attack(foe));
    let events = act(&mut game, cast_one(stoneskin, CastTarget::Myself));
    assert_eq!(game.player(foe).mana, mana - 2);
    let Some(Event::Attacked { armor, .. }) = events
        .iter()
        .find(|e| matches!(e, Event::Attacked { target: Target::Hero(s), .. } if *s == foe))
    else {
        panic!("the attack resolves after the answer: {events:?}")
    };
    assert_eq!(*armor, 5, "Armor 3 + 2 above the usual limit");
    let _ = me;
}

#[test]
fn stoneskin_out_of_turn_answers_only_an_attack_on_byron() {
    // Byron's creature is attacked: Stoneskin is Byron's own Armor, so it does not answer.
    let (mut game, me, foe) = face_to_face("magie", "byron");
    let stoneskin = game.reserve_card(foe, "stoneskin").unwrap();
    let token = token_of(&game, foe, game.hero_def(foe).creatures[0].key());
    let creature = game.put_creature(foe, token, pos(1, 0));
    act(
        &mut game,
        Action::Attack {
            target: Target::Creature(creature),
            fire: false,
        },
    );
    assert!(refused(&mut game, cast_one(stoneskin, CastTarget::Myself)).contains("aimed at your Hero"));
    let _ = me;
}

/// Hypnor attacked by Magie with Decoy in the Reserve; `seed` re-seeds the dice.
fn decoy_setup(seed: u64) -> (SpellsOfDoom, Seat, Seat, spells_of_doom::CardId) {
    let (mut game, me, foe) = face_to_face("magie", "hypnor");
    game.reroll(seed);
    let decoy = game.reserve_card(foe, "decoy").unwrap();
    act(&mut game, attack(foe));
    (game, me, foe, decoy)
}

fn decoy_rolled(events: &[Event]) -> Option<bool> {
    events.iter().find_map(|e| match e {
        Event::DecoyRolled { success, .. } => Some(*success),
        _ => None,
    })
}

#[test]
fn decoy_on_a_failed_roll_keeps_the_card_and_pays_nothing() {
    for seed in 0..100 {
        let (mut game, _me, foe, decoy) = decoy_setup(seed);
        let mana = game.player(foe).mana;
        let events = act(&mut game, cast_one(decoy, CastTarget::Myself));
        if decoy_rolled(&events) == Some(false) {
            assert_eq!(game.player(foe).mana, mana, "nothing paid");
            assert!(game.player(foe).reserve.contains(&decoy), "the card stays");
            assert_eq!(game.phase(), Phase::Response { seat: foe });
            assert!(refused(&mut game, cast_one(decoy, CastTarget::Myself)).contains("already"));
            let events = act(&mut game, Action::Pass);
            assert_eq!(attacks_on(&events, Target::Hero(foe)), 1, "the attack goes on normally");
            return;
        }
    }
    panic!("no failed Decoy roll in 100 seeds");
}

#[test]
fn decoy_on_4_plus_pays_strikes_back_steps_aside_and_the_attack_misses() {
    for seed in 0..100 {
        let (mut game, me, foe, decoy) = decoy_setup(seed);
        let mana = game.player(foe).mana;
        // Step from (0,1) to (0,2): two hexes from Magie at (0,0), out of her attack's reach.
        let events = act(&mut game, cast_one(decoy, CastTarget::Hex(pos(0, 2))));
        if decoy_rolled(&events) == Some(true) {
            assert_eq!(game.player(foe).mana, mana - 2);
            assert!(game.player(foe).discard.contains(&decoy));
            assert_eq!(attacks_on(&events, Target::Hero(me)), 1, "Hypnor attacks the attacker");
            assert_eq!(game.player(foe).hero.at, Some(pos(0, 2)));
            assert_eq!(attacks_on(&events, Target::Hero(foe)), 0);
            assert!(
                events.iter().any(|e| matches!(e, Event::Cancelled { .. })),
                "out of range: cancelled"
            );
            assert_eq!(game.phase(), Phase::Hero);
            return;
        }
    }
    panic!("no successful Decoy roll in 100 seeds");
}

#[test]
fn decoy_steps_only_to_an_adjacent_hex_and_only_for_hypnor_attacked() {
    let (mut game, _me, foe, decoy) = decoy_setup(1);
    assert!(refused(&mut game, cast_one(decoy, CastTarget::Hex(pos(0, 3)))).contains("adjacent"));
    act(&mut game, Action::Pass);
    // On his own turn Hypnor cannot cast Decoy.
    act(&mut game, Action::EndTurn);
    while game.phase() != Phase::Hero {
        let first = game.legal_actions()[0].clone();
        act(&mut game, first);
    }
    assert_eq!(game.active(), foe);
    assert!(
        refused(&mut game, play(decoy, Character::Hero(foe))).contains("only from the Reserve"),
        "Decoy is never prepared: in the Spell Area it could never be cast"
    );
}

#[test]
fn ensnare_from_the_reserve_on_another_players_turn() {
    let (mut game, me, foe) = face_to_face("magie", "hypnor");
    let ensnare = game.reserve_card(foe, "ensnare").unwrap();
    game.lay_terrain(foe, "friendly-area", pos(1, -1)).unwrap();
    act(&mut game, attack(foe));
    // Magie at (0,0) is next to the token at (1,-1): Attack 1 there, Attack 2 on (1,-1) itself.
    let events = act(&mut game, cast_one(ensnare, CastTarget::Hex(pos(1, -1))));
    assert_eq!(attacks_on(&events, Target::Hero(me)), 1);
    assert!(game.player(foe).discard.contains(&ensnare));
    assert_eq!(
        game.phase(),
        Phase::Response { seat: foe },
        "the Terrain card is still face down"
    );
}

#[test]
fn friendly_area_heals_3_when_revealed_in_a_window() {
    let (mut game, _me, foe) = face_to_face("magie", "hypnor");
    let area = game.lay_terrain(foe, "friendly-area", pos(0, 1)).unwrap();
    game.set_hp(foe, 5);
    act(&mut game, attack(foe));
    let events = act(
        &mut game,
        Action::Reveal {
            card: area,
            on: Target::Hero(foe),
        },
    );
    let healed = events.iter().position(|e| matches!(e, Event::Healed { hp: 3, .. }));
    let attacked = events.iter().position(|e| matches!(e, Event::Attacked { .. }));
    assert!(
        healed.is_some() && healed < attacked,
        "healed by 3, then the attack: {events:?}"
    );
    assert_eq!(game.phase(), Phase::Hero, "nothing left face down: the attack resolves");
}

#[test]
fn exploding_area_goes_off_when_an_enemy_moves_in_or_next_to_its_hex() {
    let (mut game, me, foe) = playing_as("magie", "hypnor");
    game.place_hero(me, pos(0, 0));
    game.place_hero(foe, pos(-4, 4));
    let bomb = game.lay_terrain(foe, "exploding-area", pos(2, 0)).unwrap();
    game.set_mana(foe, 5);
    let events = act(&mut game, Action::Move { to: pos(1, 0) });
    assert!(
        events.iter().any(|e| matches!(e, Event::Moved { .. })),
        "the move happens first"
    );
    assert_eq!(game.phase(), Phase::Response { seat: foe });
    let events = act(
        &mut game,
        Action::Reveal {
            card: bomb,
            on: Target::Hero(me),
        },
    );
    assert_eq!(attacks_on(&events, Target::Hero(me)), 1, "Attack 3 on the mover");
    assert_eq!(game.player(foe).mana, 4, "Exploding Area costs 1 mana (our design)");
    assert_eq!(game.phase(), Phase::Hero);
    assert_eq!(game.to_act(), ToAct::Seat(me));
}

#[test]
fn exploding_area_out_of_turn_only_on_a_move_not_on_an_attack() {
    let (mut game, me, foe) = face_to_face("magie", "hypnor");
    let bomb = game.lay_terrain(foe, "exploding-area", pos(0, 0)).unwrap();
    act(&mut game, attack(foe));
    assert!(
        refused(
            &mut game,
            Action::Reveal {
                card: bomb,
                on: Target::Hero(me)
            }
        )
        .contains("moved")
    );
    // A move far from every token opens nothing.
    act(&mut game, Action::Pass);
    let events = act(&mut game, Action::Move { to: pos(-2, 0) });
    assert!(!events.iter().any(|e| matches!(e, Event::Answering { .. })));
}

#[test]
fn counter_four_players_each_enemy_with_a_token_near_the_mover_answers_in_turn_order() {
    // Seats 1 (Byron) and 3 (Hypnor) are the team against the first player here.
    let mut game = (0..)
        .map(|seed| started(&["magie", "byron", "oakheart", "hypnor"], seed))
        .find(|game| game.active().0 % 2 == 0)
        .unwrap();
    let me = game.active();
    let enemies: Vec<Seat> = (1..4)
        .map(|k| Seat((me.0 + k) % 4))
        .filter(|s| s.0 % 2 != me.0 % 2)
        .collect();
    game.place_hero(me, pos(0, 0));
    // Hypnor lays a token next to where the mover goes; Byron (no Terrain cards) holds a
    // face-down card but has no token near, so he is not asked.
    for enemy in &enemies {
        if game.player(*enemy).hero_id == "hypnor" {
            game.lay_terrain(*enemy, "friendly-area", pos(1, 0)).unwrap();
        } else {
            game.reserve_card(*enemy, "mana").unwrap();
        }
    }
    let events = act(&mut game, Action::Move { to: pos(1, 1) });
    let asked: Vec<Seat> = events
        .iter()
        .filter_map(|e| match e {
            Event::Answering { seat } => Some(*seat),
            _ => None,
        })
        .collect();
    let hypnor = enemies
        .iter()
        .copied()
        .find(|s| game.player(*s).hero_id == "hypnor")
        .unwrap();
    assert_eq!(asked, vec![hypnor], "only the enemy with a token near the mover");
    act(&mut game, Action::Pass);
    assert_eq!(game.to_act(), ToAct::Seat(me));
}

#[test]
fn counter_four_players_an_attack_asks_the_owner_of_the_character_attacked() {
    let mut game = started(&["magie", "byron", "oakheart", "hypnor"], 6);
    let me = game.active();
    let victim = Seat((me.0 + 1) % 4);
    let partner = Seat((me.0 + 3) % 4);
    game.place_hero(me, pos(0, 0));
    game.place_hero(victim, pos(0, 1));
    game.reserve_card(victim, "mana").unwrap();
    game.reserve_card(partner, "mana").unwrap();
    act(&mut game, attack(victim));
    assert_eq!(game.to_act(), ToAct::Seat(victim));
    act(&mut game, Action::Pass);
    assert_eq!(game.to_act(), ToAct::Seat(me), "his partner is not asked");
}

#[test]
fn a_cancelled_spell_stays_prepared_and_is_still_the_turns_spell() {
    for seed in 0..100 {
        let (mut game, me, foe) = face_to_face("magie", "hypnor");
        game.reroll(seed);
        let fireball = game.give_card(me, "fireball").unwrap();
        act(&mut game, play(fireball, Character::Hero(me)));
        let decoy = game.reserve_card(foe, "decoy").unwrap();
        act(&mut game, cast_one(fireball, CastTarget::At(Target::Hero(foe))));
        let mana = game.player(me).mana;
        // Decoy's strike kills the 1-HP caster on some seeds: the Fireball is then cancelled.
        game.set_hp(me, 1);
        let events = act(&mut game, cast_one(decoy, CastTarget::Myself));
        if events.iter().any(|e| matches!(e, Event::Cancelled { .. })) {
            assert!(game.player(me).spells.contains(&fireball), "the spell stays prepared");
            assert_eq!(game.player(me).mana, mana, "and costs nothing");
            return;
        }
    }
    panic!("no seed where Decoy's strike killed the caster");
}

#[test]
fn skill_on_a_creature_run_heal_shield_strong_and_fast_attack() {
    let (mut game, me, foe) = face_to_face("oakheart", "magie");
    let kind = game.hero_def(me).creatures[0].key().to_string();
    let token = token_of(&game, me, &kind);
    let creature = game.put_creature(me, token, pos(1, 0));
    let on = Character::Creature(creature);
    for card in ["run", "magic-shield", "strong-attack", "fast-attack"] {
        let card = game.give_card(me, card).unwrap();
        act(&mut game, Action::Play { card, on });
    }
    let armor = game.creature_armor(game.creature(creature).unwrap());
    let base = game.creature_def(&kind).armor;
    assert_eq!(armor, (base + 1).min(3), "Magic Shield on the creature");
    let speed = game.creature_speed(game.creature(creature).unwrap());
    assert_eq!(
        speed,
        u32::from(game.creature_def(&kind).speed()) + 1,
        "Run on the creature"
    );
    // Strong Attack: one more die on its next attack; Fast Attack: it may attack twice.
    game.place_hero(foe, pos(1, 1));
    let strike = Action::CreatureAttack {
        creature,
        target: Target::Hero(foe),
        special: false,
    };
    let events = act(&mut game, strike.clone());
    let dice = events.iter().find_map(|e| match e {
        Event::Attacked { dice, .. } => Some(dice.len()),
        _ => None,
    });
    assert_eq!(dice, Some(usize::from(game.creature_def(&kind).attack) + 1));
    if game.phase() == Phase::Hero && game.player(foe).hero.at.is_some() {
        act(&mut game, strike.clone());
        assert!(refused(&mut game, strike).contains("already attacked"));
    }
    // Heal on a wounded creature.
    let heal = game.give_card(me, "heal").unwrap();
    let hp = game.creature(creature).map(|c| c.hp);
    act(&mut game, Action::Play { card: heal, on });
    assert!(game.creature(creature).map(|c| c.hp) >= hp);
    game.check_invariants().unwrap();
}

#[test]
fn skill_mana_summoning_and_tower_conjuration_are_the_players_not_a_creatures() {
    let (mut game, me, _foe) = face_to_face("oakheart", "magie");
    let kind = game.hero_def(me).creatures[0].key().to_string();
    let token = token_of(&game, me, &kind);
    let creature = game.put_creature(me, token, pos(1, 0));
    let mana = game.give_card(me, "mana").unwrap();
    assert!(refused(&mut game, play(mana, Character::Creature(creature))).contains("on the Hero"));
}

#[test]
fn counter_attack_a_stun_it_deals_does_not_cancel_the_declared_attack() {
    // Only the attacker's death (or its target leaving reach) cancels: here Byron's Rock Troll
    // strikes back with its Stun Attack at a Magie who has already moved (a stunned Hero who
    // moved may not attack, but this attack was declared before).
    for seed in 0..200 {
        let (mut game, me, foe) = face_to_face("magie", "byron");
        game.reroll(seed);
        let troll = token_of(&game, foe, "rock-troll");
        let troll = game.put_creature(foe, troll, pos(1, 0));
        let counter = game.reserve_card(foe, "counter-attack").unwrap();
        act(&mut game, Action::Move { to: pos(1, -1) });
        act(
            &mut game,
            Action::Attack {
                target: Target::Creature(troll),
                fire: false,
            },
        );
        let events = act(&mut game, play(counter, Character::Creature(troll)));
        if game.player(me).hero.stunned && game.player(me).hero.at.is_some() {
            assert!(!events.iter().any(|e| matches!(e, Event::Cancelled { .. })));
            assert_eq!(
                attacks_on(&events, Target::Creature(troll)),
                1,
                "Magie's attack still lands"
            );
            return;
        }
    }
    panic!("no seed in 200 where the troll stunned Magie and she lived");
}

#[test]
fn decoy_is_cast_once_against_one_attack_whatever_its_roll() {
    for seed in 0..100 {
        let (mut game, _me, foe) = face_to_face("magie", "hypnor");
        game.reroll(seed);
        let first = game.reserve_card(foe, "decoy").unwrap();
        let second = game.reserve_card(foe, "decoy").unwrap();
        act(&mut game, attack(foe));
        let decoy = |card| cast_one(card, CastTarget::Myself);
        let events = act(&mut game, decoy(first));
        // Hypnor stayed in reach: the window stays open while cards are face down.
        if decoy_rolled(&events) == Some(true) && game.phase() == (Phase::Response { seat: foe }) {
            assert!(refused(&mut game, decoy(second)).contains("already"));
            return;
        }
    }
    panic!("no successful Decoy that left a window open in 100 seeds");
}

#[test]
fn stoneskin_is_not_cast_twice_while_it_is_up() {
    let (mut game, _me, foe) = face_to_face("magie", "byron");
    let first = game.reserve_card(foe, "stoneskin").unwrap();
    let second = game.reserve_card(foe, "stoneskin").unwrap();
    act(&mut game, attack(foe));
    let cast = |card| cast_one(card, CastTarget::Myself);
    act(&mut game, cast(first));
    assert!(refused(&mut game, cast(second)).contains("already up"));
}
