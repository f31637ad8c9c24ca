//! One scenario per Mighty Magic ("Mighty Magic card list" of the rulebook), plus the note that
//! unattached magics are discarded as soon as they are played.

mod common;

use common::*;
use mighty_magics::{Action, CardId, Choice, Event, MightyMagics, Resource};
use spellhall_core::{Game, GameEvent, Reveal, Seat};

const P1: Seat = Seat(0);
const P2: Seat = Seat(1);
const P3: Seat = Seat(2);

/// Seat 1 in its Recruit phase holding `magic` (and `more` cards) with the magic's cost plus a
/// spare Fire counter, so the phase goes on after the cast.
fn ready(game: &mut MightyMagics, magic: CardId, more: &[CardId]) -> Vec<Resource> {
    let mut hand = vec![magic];
    hand.extend_from_slice(more);
    let mut tray = game.cards().get(magic).cost_units();
    let spend = tray.clone();
    tray.push(Fire);
    recruit_with(game, &hand, &tray);
    spend
}

fn cast(game: &mut MightyMagics, magic: CardId, spend: Vec<Resource>, choice: Choice) -> Vec<Event> {
    act(
        game,
        Action::Cast {
            card: magic,
            spend,
            choice,
        },
    )
}

/// Try to play `magic` and return why it was refused.
fn cast_refused(
    game: &mut MightyMagics,
    magic: CardId,
    spend: Vec<Resource>,
    choice: Choice,
) -> spellhall_core::RuleError {
    refused(
        game,
        Action::Cast {
            card: magic,
            spend,
            choice,
        },
    )
}

fn choices(game: &MightyMagics, magic: CardId) -> Vec<Choice> {
    game.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Cast { card, choice, .. } if card == magic => Some(choice),
            _ => None,
        })
        .collect()
}

#[test]
fn earthquake_destroys_a_stronghold_with_a_stone_cost() {
    let mut game = new_game(2);
    let quake = id("earthquake", 0);
    let keep = id("stone-keep", 0);
    let sky = id("sky-city", 0);
    let giants = id("giants", 0);
    give(&mut game, P2, &[keep, sky, giants]);
    let spend = ready(&mut game, quake, &[]);
    assert_eq!(
        choices(&game, quake),
        vec![Choice::Card(keep)],
        "not Sky City (no Stone), not Giants (a Horde)"
    );
    let error = cast_refused(&mut game, quake, spend.clone(), Choice::Card(giants));
    assert!(error.reason.contains("Stronghold with a Stone cost"), "{error}");
    cast(&mut game, quake, spend, Choice::Card(keep));
    assert_eq!(place(&game, keep), "discard");
    assert_eq!(
        place(&game, quake),
        "discard",
        "an unattached magic is discarded when played"
    );
}

#[test]
fn destroy_magics_hit_a_card_whose_cost_names_their_resource() {
    // (magic, a card it destroys, a card it cannot touch)
    let cases = [
        ("tidal-wave", "ships", "orcs"),
        ("tidal-wave", "coral-city", "stone-keep"),
        ("hurricane", "hawkmen", "orcs"),
        ("extinguish", "efreeti", "orcs"),
        ("cast-out", "undead", "orcs"),
        ("death-spell", "warriors", "orcs"),
        ("tempest", "goblins", "orcs"),
    ];
    for (magic, hit, safe) in cases {
        let mut game = new_game(2);
        let magic_card = id(magic, 0);
        let (hit, safe) = (id(hit, 0), id(safe, 0));
        give(&mut game, P2, &[hit, safe]);
        let spend = ready(&mut game, magic_card, &[]);
        assert_eq!(choices(&game, magic_card), vec![Choice::Card(hit)], "{magic}");
        cast_refused(&mut game, magic_card, spend.clone(), Choice::Card(safe));
        cast(&mut game, magic_card, spend, Choice::Card(hit));
        assert_eq!(place(&game, hit), "discard", "{magic}");
        assert_eq!(place(&game, safe), "kingdom 2", "{magic}");
    }
}

#[test]
fn destroy_magics_without_a_target_cannot_be_played() {
    let mut game = new_game(2);
    let quake = id("earthquake", 0);
    let spend = ready(&mut game, quake, &[]);
    assert!(choices(&game, quake).is_empty());
    cast_refused(&mut game, quake, spend, Choice::Nothing);
}

#[test]
fn control_gains_an_opponents_horde() {
    let mut game = new_game(3);
    let control = id("control", 0);
    let knights = id("knights", 0);
    let own = id("orcs", 0);
    let keep = id("stone-keep", 0);
    give(&mut game, P1, &[own]);
    give(&mut game, P3, &[knights, keep]);
    let spend = ready(&mut game, control, &[]);
    assert_eq!(
        choices(&game, control),
        vec![Choice::Card(knights)],
        "not his own Orcs, not a Stronghold"
    );
    let events = cast(&mut game, control, spend, Choice::Card(knights));
    assert!(events.contains(&Event::ControlTaken {
        from: P3,
        to: P1,
        card: "Knights".into()
    }));
    assert_eq!(place(&game, knights), "kingdom 1");
}

#[test]
fn enchant_gains_an_opponents_stronghold_with_its_attachments() {
    let mut game = new_game(2);
    let enchant = id("enchant", 0);
    let keep = id("stone-keep", 0);
    let walls = id("stone-walls", 0);
    give(&mut game, P2, &[keep, id("orcs", 0)]);
    game.attach_to(walls, keep);
    let spend = ready(&mut game, enchant, &[]);
    assert_eq!(choices(&game, enchant), vec![Choice::Card(keep)]);
    cast(&mut game, enchant, spend, Choice::Card(keep));
    assert_eq!(place(&game, keep), "kingdom 1");
    assert_eq!(place(&game, walls), "attached 1");
    assert_eq!(game.stronghold_force(P1), 4);
}

#[test]
fn sign_of_chaos_fey_magic_and_sirens_call_take_a_card_of_their_resource() {
    let cases = [
        ("sign-of-chaos", "orcs", "knights"),
        ("sign-of-chaos", "great-labyrinth", "stone-keep"),
        ("fey-magic", "elven-treehold", "stone-keep"),
        ("fey-magic", "rangers", "knights"),
        ("sirens-call", "coral-city", "stone-keep"),
        ("sirens-call", "pirates", "knights"),
    ];
    for (magic, taken, kept) in cases {
        let mut game = new_game(2);
        let magic_card = id(magic, 0);
        let (taken, kept) = (id(taken, 0), id(kept, 0));
        give(&mut game, P2, &[taken, kept]);
        let spend = ready(&mut game, magic_card, &[]);
        assert_eq!(choices(&game, magic_card), vec![Choice::Card(taken)], "{magic}");
        cast(&mut game, magic_card, spend, Choice::Card(taken));
        assert_eq!(place(&game, taken), "kingdom 1", "{magic}");
        assert_eq!(place(&game, kept), "kingdom 2", "{magic}");
    }
}

#[test]
fn divination_shows_the_next_ten_cards_to_the_caster_only() {
    let mut game = new_game(2);
    let divination = id("divination", 0);
    let spend = ready(&mut game, divination, &[]);
    let top: Vec<CardId> = game.deck().iter_top_down().take(10).copied().collect();
    let events = cast(&mut game, divination, spend, Choice::Nothing);
    let looked = events
        .iter()
        .find(|e| matches!(e, Event::Looked { .. }))
        .expect("looked");
    assert_eq!(looked.reveal(), Reveal::ToSeats(vec![P1]));
    let names = vec!["Ann".to_string(), "Ben".to_string()];
    assert!(
        looked
            .describe(Some(P1), &names)
            .unwrap()
            .contains(&game.cards().get(top[0]).name)
    );
    assert_eq!(
        looked.describe(Some(P2), &names).unwrap(),
        "Ann looked at the next 10 cards of the deck."
    );
    assert_eq!(game.view(P1).foresight, top);
    assert!(game.view(P2).foresight.is_empty());
    assert_eq!(
        game.deck().iter_top_down().take(10).copied().collect::<Vec<_>>(),
        top,
        "the order is kept"
    );
}

#[test]
fn blessing_demonic_aid_and_sacrifice_attach_to_a_horde_for_force_plus_two() {
    for magic in ["blessing", "demonic-aid", "sacrifice"] {
        let mut game = new_game(2);
        let magic_card = id(magic, 0);
        let orcs = id("orcs", 0);
        give(&mut game, P1, &[orcs, id("stone-keep", 0)]);
        let spend = ready(&mut game, magic_card, &[]);
        assert_eq!(
            choices(&game, magic_card),
            vec![Choice::Card(orcs)],
            "{magic}: Hordes only"
        );
        cast(&mut game, magic_card, spend, Choice::Card(orcs));
        assert_eq!(game.force(orcs, false).0, 4, "{magic}");
        assert_eq!(place(&game, magic_card), "attached 1", "{magic} stays in play");
        let view = game.view(P2);
        assert_eq!(view.kingdom(P1).hordes[0].attached, vec![magic_card]);
        assert_eq!(view.kingdom(P1).hordes[0].bonuses[0].source, magic_card);
    }
}

#[test]
fn stone_walls_attach_to_a_stronghold_for_force_plus_two() {
    let mut game = new_game(2);
    let walls = id("stone-walls", 0);
    let keep = id("stone-keep", 0);
    give(&mut game, P1, &[keep, id("orcs", 0)]);
    let spend = ready(&mut game, walls, &[]);
    assert_eq!(choices(&game, walls), vec![Choice::Card(keep)]);
    cast(&mut game, walls, spend, Choice::Card(keep));
    assert_eq!(game.force(keep, false).0, 4);
}

#[test]
fn change_fate_discards_the_hand_and_draws_five() {
    let mut game = new_game(2);
    let fate = id("change-fate", 0);
    let old = [id("knights", 0), id("orcs", 0)];
    let spend = ready(&mut game, fate, &old);
    cast(&mut game, fate, spend, Choice::Nothing);
    assert_eq!(game.hand(P1).len(), 5);
    for card in old {
        assert_eq!(place(&game, card), "discard");
    }
}

#[test]
fn change_destiny_rerolls_the_counters_left() {
    let mut game = new_game(2);
    let destiny = id("change-destiny", 0);
    recruit_with(&mut game, &[destiny], &[Magic, Fire, Fire, Stone]);
    let events = cast(&mut game, destiny, vec![Magic], Choice::Nothing);
    assert!(events.contains(&Event::Returned {
        counters: vec![Stone, Fire, Fire]
    }));
    assert_eq!(game.tray().len(), 3);
    assert!(events.iter().any(|e| e.reveal() == Reveal::ToAll), "a reroll is random");
}

#[test]
fn change_destiny_with_nothing_left_to_reroll_is_refused() {
    let mut game = new_game(2);
    let destiny = id("change-destiny", 0);
    recruit_with(&mut game, &[destiny], &[Magic]);
    assert!(choices(&game, destiny).is_empty());
    let error = cast_refused(&mut game, destiny, vec![Magic], Choice::Nothing);
    assert!(error.reason.contains("left to reroll"), "{error}");
}

#[test]
fn alchemy_gains_two_gold() {
    let mut game = new_game(2);
    let alchemy = id("alchemy", 0);
    let spend = ready(&mut game, alchemy, &[]);
    cast(&mut game, alchemy, spend, Choice::Nothing);
    assert_eq!(game.tray(), &[Fire, Gold, Gold]);
    assert_eq!(game.in_pile(Gold), 3);
}

#[test]
fn prosperity_draws_three_cards_or_four_more_counters() {
    let mut game = new_game(2);
    let prosperity = id("prosperity", 0);
    let spend = ready(&mut game, prosperity, &[]);
    assert_eq!(
        choices(&game, prosperity),
        vec![Choice::DrawCards, Choice::MoreResources]
    );
    cast(&mut game, prosperity, spend, Choice::DrawCards);
    assert_eq!(game.hand(P1).len(), 3);
    assert_eq!(game.tray().len(), 1);

    let mut game = new_game(2);
    let spend = ready(&mut game, prosperity, &[]);
    cast(&mut game, prosperity, spend, Choice::MoreResources);
    assert_eq!(game.hand(P1).len(), 0);
    assert_eq!(game.tray().len(), 5);
}

#[test]
fn curse_leaves_the_opponent_four_resource_rolls_next_turn_only() {
    let mut game = new_game(3);
    let curse = id("curse", 0);
    let spend = ready(&mut game, curse, &[]);
    assert_eq!(choices(&game, curse), vec![Choice::Opponent(P2), Choice::Opponent(P3)]);
    cast(&mut game, curse, spend, Choice::Opponent(P2));
    assert_eq!(game.curse_on(P2), Some(4));
    act(&mut game, Action::Pass); // leftovers: P2 and P3 have no cards, the turn ends
    assert_eq!(game.active(), P2);
    act(&mut game, Action::Refill);
    assert_eq!(game.tray().len(), 4, "the curse");
    assert_eq!(game.curse_on(P2), None);
    // Next time round, five again.
    act(&mut game, Action::Pass);
    while game.active() != P2 {
        let legal = game.legal_actions();
        let step = if legal.contains(&Action::Refill) {
            Action::Refill
        } else {
            Action::Pass
        };
        let step = if legal.contains(&step) { step } else { Action::NoAttack };
        act(&mut game, step);
    }
    act(&mut game, Action::Refill);
    assert_eq!(game.tray().len(), 5);
}

#[test]
fn mana_vortex_makes_every_opponent_discard_his_hand() {
    let mut game = new_game(3);
    let vortex = id("mana-vortex", 0);
    let kept = id("knights", 0);
    let theirs = [id("orcs", 0), id("elves", 0)];
    set_hand(&mut game, P2, &theirs[..1]);
    set_hand(&mut game, P3, &theirs[1..]);
    let spend = ready(&mut game, vortex, &[kept]);
    cast(&mut game, vortex, spend, Choice::Nothing);
    assert!(game.hand(P2).is_empty() && game.hand(P3).is_empty());
    assert_eq!(game.hand(P1), &[kept]);
    for card in theirs {
        assert_eq!(place(&game, card), "discard");
    }
}

#[test]
fn mana_vortex_reveals_the_hands_so_its_undo_needs_consent() {
    let mut game = new_game(2);
    let vortex = id("mana-vortex", 0);
    set_hand(&mut game, P2, &[id("orcs", 0)]);
    let spend = ready(&mut game, vortex, &[]);
    let events = cast(&mut game, vortex, spend, Choice::Nothing);
    let discarded = events
        .iter()
        .find(|e| matches!(e, Event::Discarded { seat, .. } if *seat == P2))
        .expect("the opponent's hand was discarded");
    assert_eq!(discarded.reveal(), Reveal::ToAll);
    // A player's own discard in the Draw phase tells him nothing new.
    let mut own = new_game(2);
    let knights = id("knights", 0);
    set_hand(&mut own, P1, &[knights]);
    let events = act(&mut own, Action::Discard(knights));
    assert_eq!(events[0].reveal(), Reveal::Nothing);
}

#[test]
fn great_summons_recruits_a_horde_from_the_hand_for_free() {
    let mut game = new_game(2);
    let summons = id("great-summons", 0);
    let dragons = id("dragons", 0);
    let keep = id("stone-keep", 0);
    let spend = ready(&mut game, summons, &[dragons, keep]);
    assert_eq!(choices(&game, summons), vec![Choice::Card(dragons)], "Hordes only");
    cast(&mut game, summons, spend, Choice::Card(dragons));
    assert_eq!(place(&game, dragons), "kingdom 1");
    assert_eq!(game.tray(), &[Fire], "nothing paid for the Dragons");
}

#[test]
fn magics_are_played_from_the_leftovers_too() {
    let mut game = new_game(2);
    let alchemy = id("alchemy", 0);
    set_hand(&mut game, P2, &[alchemy]);
    recruit_with(&mut game, &[id("knights", 0)], &[Magic, Fire]);
    act(&mut game, Action::Pass);
    cast(&mut game, alchemy, vec![Magic], Choice::Nothing);
    assert_eq!(game.tray(), &[Fire, Gold, Gold]);
}

#[test]
fn every_magic_has_a_scenario_here() {
    let text = include_str!("magics.rs");
    for def in cards().definitions().iter().filter(|d| d.is_magic()) {
        assert!(
            text.contains(&format!("\"{}\"", def.id)),
            "{} has no scenario",
            def.name
        );
    }
}
