//! One scenario per rule of ../shared/rules/mighty-magics-rules.txt (the rulebook has no rule
//! numbers: each test is named after its section).

mod common;

use common::*;
use mighty_magics::{Action, Choice, Event, Phase, Stage};
use spellhall_core::{Game, GameEvent, Reveal, Seat, ToAct};

const P1: Seat = Seat(0);
const P2: Seat = Seat(1);
const P3: Seat = Seat(2);

// ---- Players, deck, setup ----

#[test]
fn players_two_to_six() {
    for players in 2..=6 {
        let game = new_game(players);
        assert_eq!(game.seat_count(), usize::from(players));
    }
    for players in [1, 7] {
        let error = mighty_magics::MightyMagics::new(
            &mighty_magics::Config {
                players,
                short_attacks: false,
            },
            &cards(),
            1,
        )
        .expect_err("refused");
        assert!(error.0.contains("2 to 6"), "{error}");
    }
}

#[test]
fn setup_everyone_is_dealt_five_cards_and_the_first_player_begins() {
    let cards = cards();
    let game = mighty_magics::MightyMagics::new(
        &mighty_magics::Config {
            players: 4,
            short_attacks: false,
        },
        &cards,
        3,
    )
    .expect("setup");
    for seat in Seat::all(4) {
        assert_eq!(game.hand(seat).len(), 5);
    }
    assert_eq!(game.deck().len(), 116 - 20);
    assert_eq!(game.to_act(), ToAct::Seat(P1));
    assert_eq!(game.phase(), &Phase::Draw);
}

#[test]
fn deck_shared_deck_holds_the_23_strongholds_23_hordes_and_24_magics() {
    let cards = cards();
    let defs = cards.definitions();
    assert_eq!(defs.iter().filter(|d| d.is_stronghold()).count(), 23);
    assert_eq!(defs.iter().filter(|d| d.is_horde()).count(), 23);
    assert_eq!(defs.iter().filter(|d| d.is_magic()).count(), 24);
    assert_eq!(
        cards.len(),
        116,
        "2 of each Stronghold and Horde, 1 of each Mighty Magic"
    );
}

// ---- Draw phase ----

#[test]
fn draw_phase_discard_any_number_then_fill_the_hand_to_five() {
    let mut game = new_game(2);
    assert_eq!(game.to_act(), ToAct::Seat(P1));
    let kept = id("knights", 0);
    let dropped = id("orcs", 0);
    set_hand(&mut game, P1, &[kept, dropped]);
    act(&mut game, Action::Discard(dropped));
    assert_eq!(place(&game, dropped), "discard");
    act(&mut game, Action::Refill);
    assert_eq!(game.hand(P1).len(), 5);
    assert!(game.hand(P1).contains(&kept));
}

#[test]
fn draw_phase_city_of_brass_raises_the_hand_size_to_six() {
    let mut game = new_game(2);
    give(&mut game, P1, &[id("city-of-brass", 0)]);
    act(&mut game, Action::Refill);
    assert_eq!(game.hand(P1).len(), 6);
}

#[test]
fn draw_phase_an_empty_deck_is_refilled_by_shuffling_the_discard_pile() {
    let mut game = new_game(2);
    let deck: Vec<_> = game.deck().iter_top_down().copied().collect();
    for card in deck {
        game.move_to_discard(card);
    }
    let events = act(&mut game, Action::Refill);
    // The 116 cards less the hands dealt at setup (the scenario's empty hands went to the discard
    // pile with the rest).
    assert!(
        events.iter().any(|e| matches!(e, Event::Reshuffled { cards: 116 })),
        "{events:?}"
    );
    assert_eq!(game.hand(P1).len(), 5);
    assert_eq!(game.deck().len(), 111);
    assert!(game.discard_pile().is_empty());
}

// ---- Resource phase ----

#[test]
fn resource_phase_five_random_counters_from_a_pile_of_60() {
    let mut game = new_game(2);
    let total = |g: &mighty_magics::MightyMagics| -> usize {
        mighty_magics::Resource::ALL
            .iter()
            .map(|&r| usize::from(g.in_pile(r)))
            .sum()
    };
    assert_eq!(total(&game), 60);
    let events = act(&mut game, Action::Refill);
    assert_eq!(game.tray().len(), 5);
    assert_eq!(total(&game), 55);
    let drawn = events
        .iter()
        .find(|e| matches!(e, Event::Counters { .. }))
        .expect("counters drawn");
    assert_eq!(drawn.reveal(), Reveal::ToAll, "a random draw is news to everyone");
}

#[test]
fn resource_phase_cross_worlds_bazaar_draws_one_more_counter() {
    let mut game = new_game(2);
    give(&mut game, P1, &[id("cross-worlds-bazaar", 0)]);
    act(&mut game, Action::Refill);
    assert_eq!(game.tray().len(), 6);
}

#[test]
fn resource_phase_coastal_towns_redraws_water_once_a_turn() {
    let mut game = new_game(2);
    give(&mut game, P1, &[id("coastal-towns", 0)]);
    let hand = [id("knights", 0)];
    recruit_with(&mut game, &hand, &[Water, Water, Stone]);
    assert!(legal(&game, &Action::RedrawWater));
    act(&mut game, Action::RedrawWater);
    assert_eq!(game.tray().len(), 3);
    assert!(game.tray().contains(&Stone));
    let error = refused(&mut game, Action::RedrawWater);
    assert!(
        error.reason.contains("already") || error.reason.contains("no Water"),
        "{error}"
    );
}

#[test]
fn resource_phase_without_coastal_towns_water_stays() {
    let mut game = new_game(2);
    recruit_with(&mut game, &[id("knights", 0)], &[Water, Water, Stone]);
    let error = refused(&mut game, Action::RedrawWater);
    assert!(error.reason.contains("Coastal Towns"), "{error}");
}

// ---- Recruit phase ----

#[test]
fn recruit_costs_are_paid_with_the_counters_drawn() {
    let mut game = new_game(2);
    let knights = id("knights", 0);
    recruit_with(&mut game, &[knights], &[Metal, Men, Law, Fire]);
    assert_eq!(first_payment(&game, knights), vec![Metal, Men, Law]);
    recruit(&mut game, knights, &[Metal, Men, Law]);
    assert_eq!(place(&game, knights), "kingdom 1");
    assert_eq!(game.tray(), &[Fire]);
    assert_eq!(game.in_pile(Metal), 5, "spent counters go back to the pile");
}

#[test]
fn recruit_a_cost_that_cannot_be_paid_is_refused_naming_what_is_missing() {
    let mut game = new_game(2);
    let knights = id("knights", 0);
    recruit_with(&mut game, &[knights], &[Metal, Men, Fire]);
    assert!(game.payments_for(P1, knights).is_empty());
    let error = refused(
        &mut game,
        Action::Recruit {
            card: knights,
            spend: vec![Metal, Men, Fire],
        },
    );
    assert!(error.reason.contains("missing Law"), "{error}");
    assert_eq!(game.view(P1).hand[0].missing, vec![Law]);
}

#[test]
fn recruit_gold_substitutes_for_law() {
    let mut game = new_game(2);
    let warriors = id("warriors", 0);
    recruit_with(&mut game, &[warriors], &[Men, Gold]);
    recruit(&mut game, warriors, &[Men, Gold]);
    assert_eq!(place(&game, warriors), "kingdom 1");
}

#[test]
fn recruit_gold_is_used_only_when_needed_but_the_player_may_choose_it() {
    let mut game = new_game(2);
    let warriors = id("warriors", 0);
    recruit_with(&mut game, &[warriors], &[Men, Law, Gold]);
    let ways = game.payments_for(P1, warriors);
    assert_eq!(ways[0], vec![Men, Law], "exact counters first");
    assert!(ways.contains(&vec![Men, Gold]) && ways.contains(&vec![Law, Gold]));
}

#[test]
fn recruit_wizards_tower_converts_men_into_magic() {
    let mut game = new_game(2);
    let goblins = id("goblins", 0);
    give(&mut game, P1, &[id("wizards-tower", 0)]);
    recruit_with(&mut game, &[goblins], &[Men, Chaos]);
    assert_eq!(first_payment(&game, goblins), vec![Men, Chaos]);
    recruit(&mut game, goblins, &[Men, Chaos]);
    assert_eq!(place(&game, goblins), "kingdom 1");
}

#[test]
fn recruit_converts_belong_to_the_stronghold_owner() {
    let mut game = new_game(2);
    let goblins = id("goblins", 0);
    give(&mut game, P2, &[id("wizards-tower", 0)]);
    recruit_with(&mut game, &[goblins], &[Men, Chaos]);
    let error = refused(
        &mut game,
        Action::Recruit {
            card: goblins,
            spend: vec![Men, Chaos],
        },
    );
    assert!(error.reason.contains("missing Magic"), "{error}");
}

#[test]
fn recruit_every_convert_stronghold_works() {
    // (Stronghold, counter spent, resource needed, a card needing it)
    let cases = [
        ("dwarven-mines", Stone, "orcs", vec![Chaos, Stone]),
        ("city-of-thieves", Men, "orcs", vec![Metal, Men]),
        ("astral-gateway", Law, "goblins", vec![Chaos, Law]),
        ("volcanic-shrine", Fire, "orcs", vec![Chaos, Fire]),
        ("cloud-castle", Chaos, "hawkmen", vec![Men, Chaos]),
        ("great-labyrinth", Stone, "goblins", vec![Stone, Magic]),
        ("ruins-of-morkar", Stone, "undead", vec![Stone, Men]),
        ("dragons-lair", Chaos, "warriors", vec![Men, Chaos]),
        ("druids-grove", Magic, "rangers", vec![Men, Magic]),
        ("barrow-mounds", Men, "undead", vec![Men, Men]),
    ];
    for (stronghold, _, horde, spend) in cases {
        let mut game = new_game(2);
        let horde_card = id(horde, 0);
        give(&mut game, P1, &[id(stronghold, 0)]);
        recruit_with(&mut game, &[horde_card], &spend);
        assert!(
            !game.payments_for(P1, horde_card).is_empty(),
            "{stronghold} should let {spend:?} pay for {horde}"
        );
        let mut without = new_game(2);
        recruit_with(&mut without, &[id(horde, 0)], &spend);
        assert!(
            without.payments_for(P1, id(horde, 0)).is_empty(),
            "{spend:?} pays for {horde} even without {stronghold}"
        );
    }
}

#[test]
fn recruit_strongholds_and_hordes_are_played_face_up() {
    let mut game = new_game(2);
    let keep = id("stone-keep", 0);
    recruit_with(&mut game, &[keep], &[Stone, Stone, Fire]);
    recruit(&mut game, keep, &[Stone, Stone]);
    let view = game.view(P2);
    assert_eq!(view.kingdom(P1).strongholds[0].card, keep);
    assert_eq!(view.kingdom(P1).stronghold_force, 2);
}

#[test]
fn recruit_leftovers_pass_to_the_left_and_reach_the_second_player() {
    let mut game = new_game(3);
    let keep = id("stone-keep", 0);
    set_hand(&mut game, P2, &[id("knights", 0)]);
    set_hand(&mut game, P3, &[keep]);
    recruit_with(&mut game, &[id("elves", 0)], &[Stone, Stone, Wood]);
    let events = act(&mut game, Action::Pass);
    assert!(events.contains(&Event::Passed {
        from: P1,
        to: P2,
        counters: vec![Stone, Stone, Wood]
    }));
    assert_eq!(
        game.to_act(),
        ToAct::Seat(P2),
        "the next player decides: the screen goes to him"
    );
    act(&mut game, Action::Pass);
    assert_eq!(game.to_act(), ToAct::Seat(P3));
    recruit(&mut game, keep, &[Stone, Stone]);
    assert_eq!(place(&game, keep), "kingdom 3");
    // What is left goes back to the pile when it would come back to the player whose turn it is.
    let events = act(&mut game, Action::Pass);
    assert!(events.contains(&Event::Returned { counters: vec![Wood] }));
    assert!(game.tray().is_empty());
    assert_eq!(game.in_pile(Wood), 5);
}

#[test]
fn recruit_a_player_without_cards_is_not_offered_the_leftovers() {
    let mut game = new_game(3);
    set_hand(&mut game, P3, &[id("knights", 0)]);
    // One Magic pays for Alchemy or Change Destiny: someone could use it.
    recruit_with(&mut game, &[id("elves", 0)], &[Magic]);
    let events = act(&mut game, Action::Pass);
    assert!(events.contains(&Event::Skipped { seat: P2 }));
    assert_eq!(game.to_act(), ToAct::Seat(P3));
}

#[test]
fn recruit_a_player_who_could_pay_for_no_card_with_the_leftovers_is_not_offered_them() {
    // No card of the deck costs a single Stone, and Ben's Strongholds convert nothing: whatever he
    // holds, he would have nothing to decide, so the counters go back and Ann attacks.
    let mut game = new_game(2);
    give(&mut game, P1, &[id("orcs", 0)]);
    give(&mut game, P2, &[id("stone-keep", 0)]);
    set_hand(&mut game, P2, &[id("knights", 0), id("stone-keep", 1)]);
    recruit_with(&mut game, &[id("elves", 0)], &[Stone]);
    let events = act(&mut game, Action::Pass);
    assert!(
        events.contains(&Event::CannotUse {
            seat: P2,
            counters: vec![Stone]
        }),
        "{events:?}"
    );
    assert!(events.contains(&Event::Returned { counters: vec![Stone] }));
    assert_eq!(game.to_act(), ToAct::Seat(P1));
    assert!(matches!(game.phase(), Phase::Attack(_)));
    let line = Event::CannotUse {
        seat: P2,
        counters: vec![Stone],
    }
    .describe(Some(P1), &["Ann".into(), "Ben".into()]);
    assert_eq!(
        line.as_deref(),
        Some("No card could be paid for with 1 Stone by Ben: they pass on.")
    );
}

#[test]
fn recruit_the_leftovers_are_offered_when_some_card_could_be_paid_whatever_the_hand_holds() {
    // With Dwarven Mines (Stone into Metal) one Stone and one Chaos pay for Orcs: Ben is asked,
    // though his hand holds nothing they pay for (what he holds must not decide it).
    let mut game = new_game(2);
    give(&mut game, P2, &[id("dwarven-mines", 0)]);
    set_hand(&mut game, P2, &[id("knights", 0)]);
    recruit_with(&mut game, &[id("elves", 0)], &[Stone, Chaos]);
    act(&mut game, Action::Pass);
    assert_eq!(game.to_act(), ToAct::Seat(P2));
    assert_eq!(game.legal_actions(), vec![Action::Pass], "nothing he holds is payable");
}

#[test]
fn recruit_the_player_holding_the_leftovers_uses_his_own_converts() {
    let mut game = new_game(2);
    let goblins = id("goblins", 0);
    give(&mut game, P2, &[id("wizards-tower", 0)]);
    set_hand(&mut game, P2, &[goblins]);
    recruit_with(&mut game, &[id("knights", 0)], &[Men, Chaos]);
    act(&mut game, Action::Pass);
    recruit(&mut game, goblins, &[Men, Chaos]);
    assert_eq!(place(&game, goblins), "kingdom 2");
}

// ---- Forces and bonuses ----

#[test]
fn force_hordes_of_a_kind_get_plus_one_from_the_matching_stronghold() {
    let mut game = new_game(2);
    let warriors = id("warriors", 0); // Men and Law
    let orcs = id("orcs", 0);
    give(&mut game, P1, &[id("imperial-fortress", 0), warriors, orcs]);
    assert_eq!(game.force(warriors, false).0, 3);
    assert_eq!(game.force(orcs, false).0, 2, "Orcs have no Men cost");
    give(&mut game, P1, &[id("obsidian-citadel", 0)]);
    assert_eq!(game.force(warriors, false).0, 4, "Men and Law bonuses add up");
    let pairs = [
        ("elven-treehold", "rangers"),
        ("temple-of-evil", "undead"),
        ("coral-city", "ships"),
        ("sky-city", "hawkmen"),
        ("giants-playground", "barbarians"),
        ("stone-keep", "ogres"),
    ];
    for (stronghold, horde) in pairs {
        let mut game = new_game(2);
        let horde_card = id(horde, 0);
        give(&mut game, P1, &[horde_card]);
        let base = game.force(horde_card, false).0;
        give(&mut game, P1, &[id(stronghold, 0)]);
        assert_eq!(game.force(horde_card, false).0, base + 1, "{stronghold} and {horde}");
    }
}

#[test]
fn force_pallisade_adds_one_to_defending_hordes_only() {
    let mut game = new_game(2);
    let rangers = id("rangers", 0);
    give(&mut game, P1, &[id("pallisade", 0), rangers]);
    assert_eq!(game.force(rangers, false).0, 2);
    assert_eq!(game.force(rangers, true).0, 3);
    let view = game.view(P2);
    assert_eq!(view.kingdom(P1).hordes[0].defending_force, 3);
}

// ---- Attack phase ----

/// Seat 1 at the start of its Attack phase with these Hordes; seat 2 holds `defence`.
fn to_attack(
    game: &mut mighty_magics::MightyMagics,
    attackers: &[mighty_magics::CardId],
    defence: &[mighty_magics::CardId],
) {
    give(game, P1, attackers);
    give(game, P2, defence);
    recruit_with(game, &[], &[Fire]);
    act(game, Action::Pass);
    assert!(matches!(game.phase(), Phase::Attack(_)), "{:?}", game.phase());
}

/// The attacker targets `target` and charges with `attackers`.
fn charge(
    game: &mut mighty_magics::MightyMagics,
    target: mighty_magics::CardId,
    attackers: &[mighty_magics::CardId],
) -> Vec<Event> {
    act(game, Action::Target(target));
    for &horde in attackers {
        act(game, Action::Send(horde));
    }
    act(game, Action::Charge)
}

/// The defender defends with `defenders` (none is allowed).
fn defend(game: &mut mighty_magics::MightyMagics, defenders: &[mighty_magics::CardId]) -> Vec<Event> {
    for &horde in defenders {
        act(game, Action::Defend(horde));
    }
    act(game, Action::HoldFast)
}

#[test]
fn attack_undefended_stronghold_falls_and_the_attacker_pays_its_force() {
    let mut game = new_game(2);
    let orcs = id("orcs", 0);
    let mines = id("dwarven-mines", 0);
    to_attack(&mut game, &[orcs], &[mines]);
    let events = charge(&mut game, mines, &[orcs]);
    // The defender has no Horde, and each side has only one way to lose enough.
    assert!(events.contains(&Event::Defending {
        defender: P2,
        hordes: vec![],
        total: 4
    }));
    assert_eq!(place(&game, orcs), "discard");
    assert_eq!(place(&game, mines), "discard");
    assert_eq!(game.active(), P2, "the turn ends after the battle");
}

#[test]
fn attack_charge_needs_a_target_and_an_attacker() {
    let mut game = new_game(2);
    let orcs = id("orcs", 0);
    let mines = id("dwarven-mines", 0);
    to_attack(&mut game, &[orcs], &[mines]);
    let error = refused(&mut game, Action::Charge);
    assert!(error.reason.contains("target"), "{error}");
    act(&mut game, Action::Target(mines));
    refused(&mut game, Action::Charge);
    let own = id("stone-keep", 0);
    give(&mut game, P1, &[own]);
    let error = refused(&mut game, Action::Target(own));
    assert!(error.reason.contains("opponent"), "{error}");
}

#[test]
fn attack_the_player_may_decline_to_attack() {
    let mut game = new_game(2);
    let orcs = id("orcs", 0);
    to_attack(&mut game, &[orcs], &[id("dwarven-mines", 0)]);
    act(&mut game, Action::NoAttack);
    assert_eq!(game.active(), P2);
    assert_eq!(place(&game, orcs), "kingdom 1");
}

#[test]
fn attack_without_hordes_or_targets_the_phase_passes() {
    let mut game = new_game(2);
    give(&mut game, P2, &[id("dwarven-mines", 0)]);
    recruit_with(&mut game, &[], &[Fire]);
    let events = act(&mut game, Action::Pass);
    assert!(events.contains(&Event::NoAttack { seat: P1, forced: true }));
    assert_eq!(game.active(), P2);
}

/// Giants (4) attack seat 2's Stone Keep (2), defended by Warriors, Rangers and Undead (2 each):
/// returns the game after the defenders are set, and the cards [giants, keep, warriors, rangers, undead].
fn giants_against_three_defenders() -> (mighty_magics::MightyMagics, [mighty_magics::CardId; 5], Vec<Event>) {
    let mut game = new_game(2);
    let cards = ["giants", "stone-keep", "warriors", "rangers", "undead"].map(|name| id(name, 0));
    let [giants, keep, warriors, rangers, undead] = cards;
    to_attack(&mut game, &[giants], &[keep, warriors, rangers, undead]);
    let mut events = charge(&mut game, keep, &[giants]);
    assert_eq!(game.to_act(), ToAct::Seat(P2), "the defender decides");
    events.extend(defend(&mut game, &[warriors, rangers, undead]));
    (game, cards, events)
}

#[test]
fn attack_defender_chooses_defenders_and_totals_include_the_stronghold() {
    let (game, [giants, ..], events) = giants_against_three_defenders();
    // The Stone Keep's bonus to Stone Hordes is its owner's, not the attacker's: Giants count 4.
    assert!(
        events.iter().any(|e| matches!(e, Event::Attacking { total: 4, .. })),
        "{events:?}"
    );
    let battle = game.battle().expect("battle").clone();
    assert_eq!(battle.defence_total, 2 + 2 + 2 + 2);
    // The attacker's Giants cannot reach 8: lost without a choice. The defender chooses.
    assert_eq!(place(&game, giants), "discard");
    assert_eq!(battle.stage, Stage::DefenderLosses);
    assert_eq!(game.to_act(), ToAct::Seat(P2));
}

#[test]
fn attack_casualties_defending_hordes_go_before_the_stronghold() {
    let (mut game, [_, keep, warriors, rangers, undead], _) = giants_against_three_defenders();
    let error = refused(&mut game, Action::Lose(keep));
    assert!(error.reason.contains("before his Stronghold"), "{error}");
    let error = refused(&mut game, Action::ConfirmLosses);
    assert!(error.reason.contains("do not yet reach"), "{error}");
    act(&mut game, Action::Lose(warriors));
    act(&mut game, Action::Lose(rangers));
    // 4 Force lost reaches the attacker's 4: no more may be picked.
    let error = refused(&mut game, Action::Lose(undead));
    assert!(error.reason.contains("already reach"), "{error}");
    act(&mut game, Action::ConfirmLosses);
    assert_eq!(place(&game, warriors), "discard");
    assert_eq!(place(&game, rangers), "discard");
    assert_eq!(place(&game, undead), "kingdom 2");
    assert_eq!(place(&game, keep), "kingdom 2");
    assert_eq!(game.active(), P2);
}

#[test]
fn attack_the_stronghold_falls_when_the_defending_hordes_are_not_enough() {
    let mut game = new_game(2);
    let giants = id("giants", 0);
    let dragons = id("dragons", 0);
    let keep = id("stone-keep", 0);
    let warriors = id("warriors", 0);
    to_attack(&mut game, &[giants, dragons], &[keep, warriors]);
    charge(&mut game, keep, &[giants, dragons]);
    defend(&mut game, &[warriors]);
    // Attack 8 against 4: the attacker loses one 4-Force Horde of his choice.
    assert_eq!(game.to_act(), ToAct::Seat(P1));
    act(&mut game, Action::Lose(dragons));
    act(&mut game, Action::ConfirmLosses);
    // The defender's Warriors (2) cannot reach 8: Warriors and the Stone Keep fall, no choice.
    assert_eq!(place(&game, dragons), "discard");
    assert_eq!(place(&game, giants), "kingdom 1");
    assert_eq!(place(&game, warriors), "discard");
    assert_eq!(place(&game, keep), "discard");
}

#[test]
fn attack_destroyed_cards_take_their_attached_magics_to_the_discard_pile() {
    let mut game = new_game(2);
    let orcs = id("orcs", 0);
    let keep = id("stone-keep", 0);
    let walls = id("stone-walls", 0);
    to_attack(&mut game, &[orcs], &[keep]);
    game.attach_to(walls, keep);
    assert_eq!(game.force(keep, false).0, 4);
    let events = charge(&mut game, keep, &[orcs]);
    assert!(events.contains(&Event::Destroyed {
        owner: P2,
        card: "Stone Keep".into(),
        attached: vec!["Stone Walls".into()]
    }));
    assert_eq!(place(&game, keep), "discard");
    assert_eq!(place(&game, walls), "discard");
}

#[test]
fn attack_optional_short_rule_higher_total_captures_and_each_side_loses_one_horde() {
    let mut game = new_game_with(2, true);
    let giants = id("giants", 0);
    let dragons = id("dragons", 0);
    let keep = id("stone-keep", 0);
    let warriors = id("warriors", 0);
    let rangers = id("rangers", 0);
    to_attack(&mut game, &[giants, dragons], &[keep, warriors, rangers]);
    charge(&mut game, keep, &[giants, dragons]);
    defend(&mut game, &[warriors, rangers]);
    // 8 against 2 + 2 + 2: the attacker wins; each side loses one Horde of its choice.
    act(&mut game, Action::Lose(dragons));
    let error = refused(&mut game, Action::Lose(giants));
    assert!(error.reason.contains("exactly one"), "{error}");
    act(&mut game, Action::ConfirmLosses);
    act(&mut game, Action::Lose(rangers));
    let events = act(&mut game, Action::ConfirmLosses);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Captured { from: P2, to: P1, .. }))
    );
    assert_eq!(place(&game, keep), "kingdom 1");
    assert_eq!(place(&game, dragons), "discard");
    assert_eq!(place(&game, giants), "kingdom 1");
    assert_eq!(place(&game, rangers), "discard");
    assert_eq!(place(&game, warriors), "kingdom 2");
}

#[test]
fn attack_optional_short_rule_no_defenders_no_attacking_horde_lost() {
    let mut game = new_game_with(2, true);
    let orcs = id("orcs", 0);
    let mines = id("dwarven-mines", 0);
    to_attack(&mut game, &[orcs], &[mines]);
    charge(&mut game, mines, &[orcs]);
    // 2 does not beat 4: no capture, and with no defenders nobody loses a Horde.
    assert_eq!(place(&game, orcs), "kingdom 1");
    assert_eq!(place(&game, mines), "kingdom 2");
    assert_eq!(game.active(), P2);
}

// ---- Victory ----

#[test]
fn victory_fifteen_force_of_strongholds_at_the_start_of_a_turn_wins() {
    let mut game = new_game(2);
    let strongholds = [
        id("dwarven-mines", 0),
        id("obsidian-citadel", 0),
        id("imperial-fortress", 0),
    ];
    give(&mut game, P1, &strongholds);
    let thieves = id("city-of-thieves", 0);
    recruit_with(&mut game, &[thieves], &[Stone, Men, Chaos]);
    recruit(&mut game, thieves, &[Stone, Men, Chaos]);
    assert_eq!(game.stronghold_force(P1), 15);
    assert!(
        game.outcome().is_none(),
        "15 Force wins only when a turn begins with it"
    );
    // Seat 2's turn passes without an attack.
    assert_eq!(game.active(), P2);
    act(&mut game, Action::Refill);
    act(&mut game, Action::Pass);
    let outcome = game.outcome().expect("seat 1 wins as its turn begins");
    assert_eq!(outcome.winners, vec![P1]);
    assert_eq!(outcome.scores[0], 15);
    assert_eq!(game.to_act(), ToAct::GameOver);
    assert!(game.legal_actions().is_empty());
}

#[test]
fn victory_stone_walls_count_toward_the_fifteen() {
    let mut game = new_game(2);
    let keep = id("stone-keep", 0);
    give(
        &mut game,
        P1,
        &[
            keep,
            id("dwarven-mines", 0),
            id("obsidian-citadel", 0),
            id("coral-city", 0),
        ],
    );
    assert_eq!(game.stronghold_force(P1), 13);
    let walls = id("stone-walls", 0);
    recruit_with(&mut game, &[walls], &[Stone, Stone]);
    act(
        &mut game,
        Action::Cast {
            card: walls,
            spend: vec![Stone, Stone],
            choice: Choice::Card(keep),
        },
    );
    assert_eq!(game.stronghold_force(P1), 15);
}

#[test]
fn turn_sequence_actions_out_of_phase_are_refused_with_the_phase() {
    let mut game = new_game(2);
    let error = refused(&mut game, Action::Pass);
    assert!(error.reason.contains("Draw phase"), "{error}");
    let error = refused(&mut game, Action::Charge);
    assert!(error.reason.contains("Draw phase"), "{error}");
}

#[test]
fn a_malformed_card_id_is_refused_not_a_crash() {
    let mut game = new_game(2);
    recruit_with(&mut game, &[id("knights", 0)], &[Metal, Men, Law]);
    let error = refused(
        &mut game,
        Action::Recruit {
            card: mighty_magics::CardId(60_000),
            spend: vec![Metal, Men, Law],
        },
    );
    assert!(error.reason.contains("not in your hand"), "{error}");
}

#[test]
fn attack_totals_are_counted_while_the_sides_are_chosen() {
    let mut game = new_game(2);
    let orcs = id("orcs", 0);
    let keep = id("stone-keep", 0);
    let rangers = id("rangers", 0);
    to_attack(&mut game, &[orcs], &[keep, rangers, id("pallisade", 0)]);
    act(&mut game, Action::Target(keep));
    act(&mut game, Action::Send(orcs));
    assert_eq!(game.view(P1).battle_totals, Some((2, 2)));
    act(&mut game, Action::Charge);
    act(&mut game, Action::Defend(rangers));
    assert_eq!(
        game.view(P2).battle_totals,
        Some((2, 2 + 3)),
        "Rangers defend with Pallisade's +1"
    );
}

#[test]
fn hand_another_seat_sees_only_the_hand_size() {
    let mut game = new_game(2);
    act(&mut game, Action::Refill);
    let view = game.view(P2);
    assert!(view.hand.is_empty());
    assert_eq!(view.kingdom(P1).hand_size, 5);
    assert_eq!(game.view(P1).hand.len(), 5);
}
