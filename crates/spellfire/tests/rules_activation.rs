//! Checklist sections 11.5 and 11.6: powers that act when a round begins, in the order of
//! activation, and the one reply to an instant defeat — with Lovely Colleen (she wins at once
//! against a monster) and the Living Scroll (it defeats a hero or cleric at once, and is defeated
//! at once by a wizard or monster).

#[macro_use]
mod common;

use common::{attack_p2, refused};
use spellfire::{Action, BattleStep, Pending, Phase, Position, Side, Spellfire, TestGame, realm};
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
    play!(game, attack_p2(game.id_of(0, attacker), 0));
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

// The order of a champion's own power and the cards with it (SF-137, SF-138, SF-232, AMB-5):
// a doubling and a gain on the same value give different totals in the two orders.

/// Cards of our own for the order rules, loaded beside the shipped sets: no two printed cards of
/// these types change the same value in ways that do not commute. Each adds its icon, and doubles
/// its champion's level or adds 3 to it.
const ORDER_CARDS: &str = r#"(
    code: "TST",
    title: "Order of activation test cards",
    cards: [
        (number: 1, name: "Doubling Relic", type: Artifact, world: Generic, level: Some("+1"), rarity: Common, phases: [3, 4], power: Scripted((abilities: [(when: InBattle, effect: Levels(of: (members: Champion), change: Double))]))),
        (number: 2, name: "Adding Charm", type: MagicalItem, world: Generic, level: Some("+1"), rarity: Common, phases: [3, 4], power: Scripted((abilities: [(when: InBattle, effect: Levels(of: (members: Champion), change: By(3)))]))),
        (number: 3, name: "Zealous Doubling Charm", type: MagicalItem, world: Generic, level: Some("+1"), rarity: Common, phases: [3, 4], power: Scripted((abilities: [(when: InBattle, effect: Levels(of: (members: Champion), change: Double))]))),
        (number: 4, name: "Great Doubling Charm", type: MagicalItem, world: Generic, level: Some("+2"), rarity: Common, phases: [3, 4], power: Scripted((abilities: [(when: InBattle, effect: Levels(of: (members: Champion), change: Double))]))),
        (number: 5, name: "Adding Squire", type: Ally, world: Generic, level: Some("+1"), rarity: Common, phases: [4], power: Scripted((abilities: [(when: InBattle, effect: Levels(of: (members: Champion), change: By(3)))]))),
        (number: 6, name: "Doubling Squire", type: Ally, world: Generic, level: Some("+1"), rarity: Common, phases: [4], power: Scripted((abilities: [(when: InBattle, effect: Levels(of: (members: Champion), change: Double))]))),
    ],
)"#;

fn order_content() -> std::sync::Arc<spellfire::Content> {
    common::content_with("tests/order.ron", ORDER_CARDS)
}

/// The attacker's total when Maligor the Red (3) carries `items` (attached in this order) against
/// Elminster the Mage (9) over Cormyr, then plays `allies` while he is losing.
fn attacker_total(items: &[&str], allies: &[&str]) -> i32 {
    let mut builder = TestGame::new(2)
        .content(order_content())
        .phase(Phase::Pool)
        .pool(0, [("Maligor the Red", items)])
        .formation(1, [realm(0, "Cormyr")])
        .pool(1, [("Elminster the Mage", &[][..])]);
    for ally in allies {
        builder = builder.hand(0, [*ally]);
    }
    let mut game = builder.build();
    play!(game, attack_p2(game.id_of(0, "Maligor the Red"), 0));
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, "Elminster the Mage")
        }
    );
    for ally in allies {
        assert_eq!(game.decider(), Some(Seat(0)), "the attacker is losing");
        play!(game, Action::PlayAlly(game.id_of(0, ally)));
    }
    common::total(&game, Side::Attacker)
}

#[test]
fn sf_137_the_champions_power_comes_first_then_artifacts_allies_and_magical_items() {
    // Desert Warrior (2) sets his first ally to level 4; War Banner (+1) gives each ally one more.
    // His power first: the Iron Legion counts 4 + 1 = 5, so 2 + 1 + 5; the other way round it
    // would count 4.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Desert Warrior", &["War Banner"][..])])
        .hand(0, ["The Iron Legion"])
        .formation(1, [realm(0, "Cormyr")])
        .pool(1, [("Elminster the Mage", &[][..])])
        .build();
    play!(game, attack_p2(game.id_of(0, "Desert Warrior"), 0));
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, "Elminster the Mage")
        }
    );
    assert_eq!(common::total(&game, Side::Attacker), 3);
    play!(game, Action::PlayAlly(game.id_of(0, "The Iron Legion")));
    assert_eq!(common::total(&game, Side::Attacker), 2 + 1 + 5);
    // An artifact before an ally: 3 × 2 + 3, with the two icons, 11; the ally first would give
    // (3 + 3) × 2 + 2 = 14.
    assert_eq!(attacker_total(&["Doubling Relic"], &["Adding Squire"]), 11);
    // An ally before a magical item, though the item was there first: 3 × 2 + 3 + 2 = 11, not
    // (3 + 3) × 2 + 2 = 14.
    assert_eq!(attacker_total(&["Adding Charm"], &["Doubling Squire"]), 11);
}

#[test]
fn sf_232_artifacts_act_before_magical_items() {
    // The relic doubles Maligor (6), then the charm adds 3 (9), with the two icons (+1 each): 11,
    // whichever was attached first. The charm first would give (3 + 3) × 2 + 2 = 14.
    assert_eq!(attacker_total(&["Adding Charm", "Doubling Relic"], &[]), 11);
    assert_eq!(attacker_total(&["Doubling Relic", "Adding Charm"], &[]), 11);
}

#[test]
fn sf_138_cards_of_one_type_act_highest_icon_first_then_by_name() {
    // Same icon (+1): by name, the Adding Charm before the Zealous Doubling Charm:
    // (3 + 3) × 2 + 1 + 1 = 14, in either order attached; the other way, 3 × 2 + 3 + 2 = 11.
    assert_eq!(attacker_total(&["Zealous Doubling Charm", "Adding Charm"], &[]), 14);
    assert_eq!(attacker_total(&["Adding Charm", "Zealous Doubling Charm"], &[]), 14);
    // The Great Doubling Charm's icon (+2) is higher: it doubles first, whatever the names say:
    // 3 × 2 + 3 + 2 + 1 = 12, against (3 + 3) × 2 + 3 = 15 by name.
    assert_eq!(attacker_total(&["Adding Charm", "Great Doubling Charm"], &[]), 12);
}

// Worked examples of section 11.5.
//
// WE-13 (Chest of Many Things turns a monster into a hero as the reply to an instant defeat) is not
// tested: the Chest's power (1st/420, 2nd/420) is not scripted, and no scripted card changes a
// champion's type. WE-15 (the Airship event, destroying two allies, as the reply that discards the
// Noble Djinni about to defeat Strahd) is not tested: the Airship's power (1st/90 and its
// reprints) is not scripted. Both are waived in rules_coverage.rs.

/// Neeva, a flyer, attacks carrying the Shield of Wickedness (it pulls an opposing ally over to
/// her side as it joins) with `hand`; Tergoz Tenhammer defends, is losing 5 to 7, and plays the
/// Noble Djinni, whose power discards the opposing flyers in the battle.
fn djinni_against_neeva(hand: &[&str]) -> Spellfire {
    let mut builder = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Neeva", &["Shield of Wickedness"][..])])
        .formation(1, [realm(0, "Cormyr")])
        .pool(1, [("Tergoz Tenhammer", &[][..])])
        .hand(1, ["Noble Djinni"]);
    for card in hand {
        builder = builder.hand(0, [*card]);
    }
    let mut game = builder.build();
    play!(game, attack_p2(game.id_of(0, "Neeva"), 0));
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, "Tergoz Tenhammer")
        }
    );
    assert_eq!(game.decider(), Some(Seat(1)));
    play!(game, Action::PlayAlly(game.id_of(1, "Noble Djinni")));
    game
}

#[test]
fn we_14_an_instant_defeat_reply_may_not_strike_at_its_source() {
    // Before the Djinni's power acts, seat 0 has its one reply (SF-134). The Shield, which would
    // pull the Djinni — the cause of the defeat — over to Neeva's side, is no such reply.
    let mut game = djinni_against_neeva(&[]);
    assert_eq!(threat(&game), Some((Seat(0), Side::Attacker)));
    assert_eq!(
        game.legal(),
        vec![Action::Pass],
        "nothing in hand; the Shield is no reply"
    );
    play!(game, Action::Pass);
    let (neeva, djinni) = (game.id_of(0, "Neeva"), game.id_of(1, "Noble Djinni"));
    assert!(game.player(Seat(0)).discard.contains(&neeva));
    assert!(
        !game.player(Seat(0)).discard.contains(&djinni),
        "the Djinni never fought for seat 0"
    );
    assert!(game.battle().is_none());
    assert!(matches!(game.pending(), Some(Pending::Spoils { seat: Seat(1), .. })));
}

#[test]
fn sf_134_an_event_may_answer_a_card_played_during_the_round() {
    // An event is always an acceptable reply (SF-135): Mutiny! discards every ally in the battle,
    // the Djinni too, and calls the battle off. Neeva is saved.
    let mut game = djinni_against_neeva(&["Mutiny!"]);
    let mutiny = game.id_of(0, "Mutiny!");
    assert!(game.legal().contains(&Action::PlayEvent(mutiny)));
    play!(game, Action::PlayEvent(mutiny));
    common::all_pass(&mut game);
    if threat(&game).is_some() {
        play!(game, Action::Pass);
    }
    let (neeva, djinni) = (game.id_of(0, "Neeva"), game.id_of(1, "Noble Djinni"));
    assert!(game.player(Seat(1)).discard.contains(&djinni));
    assert!(!game.player(Seat(0)).discard.contains(&neeva), "Neeva is saved");
    assert!(game.player(Seat(0)).pool.iter().any(|c| c.card == neeva));
    assert!(game.battle().is_none(), "the battle is called off");
}

/// Strahd von Zarovich (a flyer, level 9) attacks Tergoz Tenhammer (5), and seat 1, losing,
/// plays The Iron Legion (+3) and then the Noble Djinni (+4), whose power would discard Strahd.
fn djinni_against_strahd() -> Spellfire {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Strahd Von Zarovich", &[][..])])
        .hand(0, ["Airship"])
        .formation(1, [realm(0, "Cormyr")])
        .pool(1, [("Tergoz Tenhammer", &[][..])])
        .hand(1, ["The Iron Legion", "Noble Djinni"])
        .build();
    play!(game, attack_p2(game.id_of(0, "Strahd Von Zarovich"), 0));
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, "Tergoz Tenhammer")
        }
    );
    play!(game, Action::PlayAlly(game.id_of(1, "The Iron Legion")));
    assert_eq!(
        (
            common::total(&game, Side::Attacker),
            common::total(&game, Side::Defender)
        ),
        (9, 8)
    );
    assert_eq!(game.decider(), Some(Seat(1)), "seat 1 is still losing");
    play!(game, Action::PlayAlly(game.id_of(1, "Noble Djinni")));
    game
}

#[test]
fn we_15_sf_134_airship_answers_the_noble_djinni_by_destroying_two_allies() {
    // Before the Djinni's power discards Strahd, seat 0 has its one reply (SF-134); an event is
    // an acceptable reply (SF-135). Airship destroys two allies of its player's choice: the
    // Djinni and The Iron Legion. Its own pause follows (SF-192), and the round goes on.
    let mut game = djinni_against_strahd();
    assert_eq!(threat(&game), Some((Seat(0), Side::Attacker)));
    let airship = game.id_of(0, "Airship");
    let (djinni, legion) = (game.id_of(1, "Noble Djinni"), game.id_of(1, "The Iron Legion"));
    assert!(game.legal().contains(&Action::PlayEvent(airship)));
    play!(game, Action::PlayEvent(airship));
    assert!(
        game.player(Seat(1)).discard.is_empty(),
        "nothing acts before its pause is over"
    );
    common::all_pass(&mut game);
    let mut offered = game.legal();
    offered.sort();
    let mut both = vec![Action::Choose(legion), Action::Choose(djinni)];
    both.sort();
    assert_eq!(offered, both, "any ally in play may be chosen; no pass");
    play!(game, Action::Choose(djinni));
    assert_eq!(game.legal(), vec![Action::Choose(legion)], "the second ally, no pass");
    play!(game, Action::Choose(legion));
    while threat(&game).is_some() {
        play!(game, Action::Pass);
    }
    let strahd = game.id_of(0, "Strahd Von Zarovich");
    let seat1 = game.player(Seat(1));
    assert!(seat1.discard.contains(&djinni), "the Djinni is destroyed");
    assert!(seat1.discard.contains(&legion), "and The Iron Legion");
    assert!(
        game.player(Seat(0)).abyss.contains(&airship),
        "the event goes to the Abyss"
    );
    assert!(!game.player(Seat(0)).discard.contains(&strahd), "Strahd is saved");
    let battle = game.battle().expect("the round goes on");
    assert_eq!(battle.attacking.as_ref().map(|f| f.card), Some(strahd));
    assert_eq!(
        (
            common::total(&game, Side::Attacker),
            common::total(&game, Side::Defender)
        ),
        (9, 5),
        "Strahd 9 against Tergoz alone"
    );
    assert_eq!(game.decider(), Some(Seat(1)), "seat 1, losing, plays next");
}

#[test]
fn card_1st_90_airship_with_one_ally_in_play_destroys_that_one() {
    // Neeva (7) attacks Tergoz Tenhammer (5), who turns the round with The Iron Legion (+3).
    // Neeva's player, losing, plays Airship as his card: the one ally in play is destroyed, and
    // with no second ally to choose the event is done.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Neeva", &[][..])])
        .hand(0, ["Airship"])
        .formation(1, [realm(0, "Cormyr")])
        .pool(1, [("Tergoz Tenhammer", &[][..])])
        .hand(1, ["The Iron Legion"])
        .build();
    play!(game, attack_p2(game.id_of(0, "Neeva"), 0));
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, "Tergoz Tenhammer")
        }
    );
    let legion = game.id_of(1, "The Iron Legion");
    play!(game, Action::PlayAlly(legion));
    assert_eq!(game.decider(), Some(Seat(0)), "7 against 8: Neeva's side is losing");
    let airship = game.id_of(0, "Airship");
    play!(game, Action::PlayEvent(airship));
    common::all_pass(&mut game);
    assert_eq!(game.legal(), vec![Action::Choose(legion)]);
    play!(game, Action::Choose(legion));
    assert!(game.player(Seat(1)).discard.contains(&legion));
    assert!(game.player(Seat(0)).abyss.contains(&airship));
    assert_eq!(game.legal(), vec![Action::Pass], "no second ally to choose");
    play!(game, Action::Pass);
    assert!(game.pending().is_none(), "the event is done");
    assert_eq!(
        (
            common::total(&game, Side::Attacker),
            common::total(&game, Side::Defender)
        ),
        (7, 5)
    );
    assert_eq!(game.decider(), Some(Seat(1)));
}

/// The ways Chest of Many Things offers, in its script's order: hero, wizard, cleric, monster.
const HERO: u8 = 0;
const WIZARD: u8 = 1;
const MONSTER: u8 = 3;

fn kind_ways() -> Vec<Action> {
    (0..4).map(Action::ChooseOption).collect()
}

#[test]
fn we_13_sf_134_sf_135_the_chest_of_many_things_turns_a_monster_into_a_hero() {
    // Lovely Colleen (a hero, 7) defeats a monster at once; Stef'fa Naf'ski (a monster, 5)
    // defends. Seat 1's one reply is the Chest, put on Stef'fa and declared a hero: the defeat's
    // condition is gone, and the round goes on to the totals (7 against 5 + 5).
    let mut game = round(
        "Lovely Colleen",
        "Stef'fa Naf'ski",
        &["Chest of Many Things", "The Iron Legion"],
    );
    assert_eq!(threat(&game), Some((Seat(1), Side::Defender)));
    let (stef, chest) = (game.id_of(1, "Stef'fa Naf'ski"), game.id_of(1, "Chest of Many Things"));
    let attach = Action::Attach {
        card: chest,
        champion: stef,
    };
    assert_eq!(
        game.legal(),
        vec![attach.clone(), Action::Pass],
        "the Chest is a reply; an ally is not"
    );
    play!(game, attach);
    assert_eq!(game.decider(), Some(Seat(1)));
    assert_eq!(game.legal(), kind_ways(), "seat 1 declares the kind now");
    play!(game, Action::ChooseOption(HERO));
    assert!(
        threat(&game).is_some_and(|_| game.legal() == vec![Action::Pass]),
        "one reply only"
    );
    play!(game, Action::Pass);
    assert!(
        game.battle().is_some_and(|b| b.defending.is_some()),
        "Stef'fa still fights"
    );
    assert_eq!(
        (
            common::total(&game, Side::Attacker),
            common::total(&game, Side::Defender)
        ),
        (7, 10)
    );
    assert_eq!(game.decider(), Some(Seat(0)), "the losing attacker plays on");
    play!(game, Action::Pass);
    assert!(game.player(Seat(0)).discard.contains(&game.id_of(0, "Lovely Colleen")));
    assert!(
        game.player(Seat(1))
            .pool
            .iter()
            .any(|c| c.card == stef && c.attachments == vec![chest]),
        "Stef'fa goes home with the Chest"
    );
}

#[test]
fn card_1st_420_chest_of_many_things_a_kind_that_leaves_the_condition_is_no_reply() {
    // Against Colleen, declaring a monster leaves the condition: the defeat lands.
    let mut game = round("Lovely Colleen", "Stef'fa Naf'ski", &["Chest of Many Things"]);
    let (stef, chest) = (game.id_of(1, "Stef'fa Naf'ski"), game.id_of(1, "Chest of Many Things"));
    play!(
        game,
        Action::Attach {
            card: chest,
            champion: stef
        }
    );
    play!(game, Action::ChooseOption(MONSTER));
    play!(game, Action::Pass);
    assert!(
        game.player(Seat(1)).discard.contains(&stef),
        "still a monster: defeated"
    );
}

/// Seat 0's Stef'fa Naf'ski (a monster, 5) carries the Chest of Many Things and attacks seat 1,
/// whose Lovely Colleen (7, The Iron Legion in hand) defends Cormyr at A; Nyrond stands at B
/// behind it. `at`: the realm attacked.
fn chest_carrier_attacks(at: u8) -> Spellfire {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Stef'fa Naf'ski", &["Chest of Many Things"][..])])
        .hand(0, ["Lightning Bolt"])
        .formation(1, [realm(0, "Cormyr"), realm(1, "Nyrond")])
        .pool(1, [("Lovely Colleen", &[][..])])
        .hand(1, ["The Iron Legion"])
        .build();
    play!(game, attack_p2(game.id_of(0, "Stef'fa Naf'ski"), at));
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, "Lovely Colleen")
        }
    );
    game
}

#[test]
fn card_1st_420_chest_of_many_things_its_carrier_flies_and_chooses_a_kind_before_the_round() {
    // The Chest makes Stef'fa a flyer: he reaches Nyrond at B, behind Cormyr (SF-55 otherwise).
    // The kind is chosen before the round's powers act: as a hero Colleen cannot touch him.
    let mut game = chest_carrier_attacks(1);
    assert_eq!(threat(&game), None, "no power acts before the choice");
    assert_eq!(game.decider(), Some(Seat(0)));
    assert_eq!(game.legal(), kind_ways());
    play!(game, Action::ChooseOption(HERO));
    assert_eq!(threat(&game), None, "a hero: Colleen's power does not act");
    assert_eq!(
        (
            common::total(&game, Side::Attacker),
            common::total(&game, Side::Defender)
        ),
        (10, 7)
    );
    // Declared a monster, he meets Colleen's power, with the one reply it allows.
    let mut game = chest_carrier_attacks(1);
    play!(game, Action::ChooseOption(MONSTER));
    assert_eq!(threat(&game), Some((Seat(0), Side::Attacker)));
    play!(game, Action::Pass);
    assert!(game.player(Seat(0)).discard.contains(&game.id_of(0, "Stef'fa Naf'ski")));
}

#[test]
fn card_1st_420_chest_of_many_things_a_champion_declared_a_wizard_casts_wizard_spells() {
    // Colleen and The Iron Legion (7 + 3) tie Stef'fa with the Chest (5 + 5): the attacker is
    // losing. Declared a wizard, he may cast Lightning Bolt (by the wizard's icon); declared a
    // hero, he may not. The kind is forgotten as the round ends.
    for (way, casts) in [(WIZARD, true), (HERO, false)] {
        let mut game = chest_carrier_attacks(0);
        play!(game, Action::ChooseOption(way));
        let legion = game.id_of(1, "The Iron Legion");
        play!(game, Action::PlayAlly(legion));
        assert_eq!(game.decider(), Some(Seat(0)));
        let bolt = Action::UseCard(game.id_of(0, "Lightning Bolt"));
        assert_eq!(game.legal().contains(&bolt), casts, "way {way}");
        assert_eq!(game.battle().map(|b| b.kinds.len()), Some(1));
        play!(game, Action::Pass);
        assert!(game.battle().is_none_or(|b| b.kinds.is_empty()), "forgotten");
    }
}
