//! One scenario per rule of ../shared/rules/spellcaster-rules.txt.

mod common;

use std::sync::Arc;

use common::*;
use spellcaster::{Action, Answer, CardId, Config, Event, Mode, Pool, Side, SpellOption, Spellcaster};
use spellhall_core::{Game, Seat, ToAct};

// ---- Set up ----

#[test]
fn setup_deals_three_cards_each_and_gives_10_energy_and_2_sapphires() {
    let g = Spellcaster::new(&Config { mages: 2 }, &spells(), 5).unwrap();
    let first = g.turn_seat();
    for seat in [Seat(0), Seat(1)] {
        // The first Mage has already drawn the free card of the first turn.
        let expected = if seat == first { 4 } else { 3 };
        assert_eq!(g.hand(seat).len(), expected, "{seat}");
    }
    for side in [Side(0), Side(1)] {
        assert_eq!(
            g.pool(side),
            Pool {
                energy: 10,
                sapphires: 2
            }
        );
    }
    assert_eq!(g.deck_len(), 60 - 7);
    assert!(Spellcaster::new(&Config { mages: 5 }, &spells(), 1).is_err());
}

#[test]
fn setup_the_first_mage_is_chosen_at_random() {
    let spells = spells();
    let firsts: Vec<Seat> = (0..40)
        .map(|seed| {
            Spellcaster::new(&Config { mages: 2 }, &spells, seed)
                .unwrap()
                .turn_seat()
        })
        .collect();
    assert!(firsts.contains(&Seat(0)) && firsts.contains(&Seat(1)));
}

// ---- On your turn ----

#[test]
fn turn_draw_one_then_two_actions_then_the_rival() {
    let mut g = game(2);
    assert_eq!((g.hand(Seat(0)).len(), g.actions_left()), (4, 2));
    g.apply(&Action::Draw).unwrap();
    assert_eq!((g.hand(Seat(0)).len(), g.actions_left()), (5, 1));
    // The same action twice is allowed.
    g.apply(&Action::Draw).unwrap();
    assert_eq!(g.hand(Seat(0)).len(), 6);
    assert_eq!(g.turn_seat(), Seat(1));
    assert_eq!(g.hand(Seat(1)).len(), 4, "the rival drew the free card");
    assert_eq!(g.actions_left(), 2);
}

#[test]
fn playing_a_card_puts_it_on_its_colour_facing_you_and_takes_control() {
    let mut g = arena("firebolt");
    let red = colour(&g, "firebolt");
    // The rival covers the Red placard and takes control of it.
    let lance = card(&g, "lightning-lance");
    g.move_to_hand(Seat(1), lance);
    pass_turn(&mut g);
    g.apply(&Action::Play(lance)).unwrap();
    let top = g.top(red).unwrap();
    assert_eq!((top.card, top.facing), (lance, Side(1)));
    assert_eq!(g.beneath(red), 1);
    assert!(!g.hand(Seat(1)).contains(&lance));
}

#[test]
fn only_cards_facing_you_can_be_activated() {
    let mut g = arena("firebolt");
    let red = colour(&g, "firebolt");
    pass_turn(&mut g);
    let error = g
        .apply(&Action::Activate {
            colour: red,
            option: None,
        })
        .unwrap_err();
    assert_eq!(error.reason, "Firebolt on Red faces your rival, not you.");
}

#[test]
fn a_card_can_be_activated_only_once_per_turn() {
    let mut g = arena("firebolt");
    let red = colour(&g, "firebolt");
    g.apply(&Action::Activate {
        colour: red,
        option: None,
    })
    .unwrap();
    let error = g
        .apply(&Action::Activate {
            colour: red,
            option: None,
        })
        .unwrap_err();
    assert_eq!(error.reason, "Firebolt has already been cast this turn.");
    assert_eq!(error.rule, "Spellcaster: On your turn");
}

#[test]
fn active_spells_go_off_at_the_start_of_the_turn_of_the_mage_they_face_for_no_action() {
    let mut g = arena("burning-aura");
    // It faces Seat 1: nothing happens during Seat 1's turn, it fires when Seat 1's next turn begins.
    pass_turn(&mut g);
    assert_eq!(g.pool(Side(1)).energy, 10);
    pass_turn(&mut g);
    assert_eq!(g.turn_seat(), Seat(0));
    assert_eq!(g.pool(Side(1)).energy, 9);
    assert_eq!(g.actions_left(), 2, "an Active Spell costs no action");
}

#[test]
fn active_spells_go_off_before_the_free_draw() {
    let mut g = arena("familiar");
    pass_turn(&mut g);
    let hand = g.hand(Seat(0)).len();
    pass_turn(&mut g);
    // Familiar's card and the free card.
    assert_eq!(g.hand(Seat(0)).len(), hand + 2);
}

#[test]
fn costs_must_be_paid_to_cast() {
    let mut g = arena_table("meteor").pool(Side(0), 10, 0).build();
    let red = colour(&g, "meteor");
    let error = g
        .apply(&Action::Activate {
            colour: red,
            option: None,
        })
        .unwrap_err();
    assert_eq!(error.reason, "Meteor costs 1 Sapphire; you have 0.");
    let mut g = arena("wish");
    hand_size(&mut g, Seat(0), 1);
    let blue = colour(&g, "wish");
    let error = g
        .apply(&Action::Activate {
            colour: blue,
            option: None,
        })
        .unwrap_err();
    assert_eq!(error.reason, "Wish costs 2 cards from your hand; you hold 1.");
}

#[test]
fn end_turn_only_when_no_action_is_possible() {
    let mut g = game(2);
    let error = g.apply(&Action::EndTurn).unwrap_err();
    assert_eq!(error.reason, "You still have 2 actions to take.");
    let g = TestGame::from(g).hand_size(Seat(0), 0).empty_deck().build();
    assert_eq!(g.legal_actions(), vec![Action::EndTurn]);
}

// ---- Winning ----

#[test]
fn a_mage_with_no_energy_loses() {
    let mut g = arena_table("lightning-lance").pool(Side(1), 3, 5).build();
    cast(&mut g, "lightning-lance", None);
    assert_eq!(g.to_act(), ToAct::GameOver);
    assert_eq!(g.outcome().unwrap().winners, vec![Seat(0)]);
}

#[test]
fn a_mage_who_knocks_himself_out_loses() {
    let mut g = arena_table("blood-pact").pool(Side(0), 2, 5).build();
    cast(&mut g, "blood-pact", None);
    assert_eq!(g.outcome().unwrap().winners, vec![Seat(1)]);
}

#[test]
fn fifteen_sapphires_win() {
    let mut g = arena_table("greed").pool(Side(0), 10, 12).build();
    cast(&mut g, "greed", None);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winners, vec![Seat(0)]);
    assert!(outcome.reason.contains("15 Sapphires"));
}

/// Seat 1 ends a turn with no cards and an empty deck, the pools as given (Energy, Sapphires):
/// Seat 2 cannot draw to start the next turn.
fn end_on_an_empty_deck(first: (u32, u32), second: (u32, u32)) -> spellhall_core::Outcome {
    let mut g = TestGame::new(2)
        .pool(Side(0), first.0, first.1)
        .pool(Side(1), second.0, second.1)
        .hand_size(Seat(0), 0)
        .empty_deck()
        .build();
    g.apply(&Action::EndTurn).unwrap();
    g.outcome().expect("the game is over")
}

#[test]
fn a_mage_who_cannot_draw_to_start_his_turn_ends_the_game_most_sapphires_wins() {
    let outcome = end_on_an_empty_deck((10, 3), (10, 7));
    assert_eq!(outcome.winners, vec![Seat(1)]);
    assert!(outcome.reason.contains("deck was empty"), "{}", outcome.reason);
}

#[test]
fn an_empty_deck_ends_the_game_with_energy_as_the_tie_breaker() {
    assert_eq!(end_on_an_empty_deck((9, 4), (6, 4)).winners, vec![Seat(0)]);
    assert_eq!(
        end_on_an_empty_deck((6, 4), (6, 4)).winners,
        Vec::<Seat>::new(),
        "a full tie is a draw"
    );
}

#[test]
fn a_spell_that_draws_more_than_the_deck_holds_gives_what_is_left_and_the_game_ends_after_the_turn() {
    let mut g = arena_table("arcane-study").pool(Side(0), 10, 9).build();
    // Leave one card in the deck.
    while g.deck_len() > 1 {
        let top = *g.deck().top().unwrap();
        g.move_to_hand(Seat(1), top);
    }
    let change = cast(&mut g, "arcane-study", None);
    assert_eq!(change.my_hand, 1);
    assert_eq!(g.to_act(), ToAct::Seat(Seat(0)), "the turn goes on");
    let play = g.hand(Seat(0))[0];
    let events = g.apply(&Action::Play(play)).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::GameOver { .. })));
    assert_eq!(g.outcome().unwrap().winners, vec![Seat(0)], "9 Sapphires to 5");
}

#[test]
fn lose_and_pay_return_to_the_supply() {
    let mut g = arena("arcane-tax");
    let total_before = g.pool(Side(0)).sapphires + g.pool(Side(1)).sapphires;
    cast(&mut g, "arcane-tax", None);
    assert_eq!(g.pool(Side(0)).sapphires + g.pool(Side(1)).sapphires, total_before - 2);
}

#[test]
fn lost_cards_go_to_the_discard_pile() {
    let mut g = arena("rest");
    let discards = g.discard_pile().len();
    cast(&mut g, "rest", None);
    assert_eq!(g.discard_pile().len(), discards + 1);
}

// ---- 3 Mages ----

#[test]
fn three_mages_solo_starts_with_6_cards_and_the_team_shares_one_pool() {
    let g = game(3);
    assert_eq!(g.mode(), Mode::ThreeMages);
    assert_eq!(g.hand(Seat(1)).len(), 6);
    assert_eq!(g.hand(Seat(2)).len(), 3);
    assert_eq!(g.side_of(Seat(0)), g.side_of(Seat(2)));
    assert_ne!(g.side_of(Seat(0)), g.side_of(Seat(1)));
    assert_eq!(
        g.pool(Side(0)),
        Pool {
            energy: 10,
            sapphires: 2
        }
    );
    assert_eq!(
        g.pool(Side(1)),
        Pool {
            energy: 10,
            sapphires: 2
        }
    );
}

#[test]
fn three_mages_order_is_team_1_solo_team_2_solo() {
    let mut g = game(3);
    let mut order = vec![g.turn_seat()];
    for _ in 0..4 {
        pass_turn(&mut g);
        order.push(g.turn_seat());
    }
    assert_eq!(order, vec![Seat(0), Seat(1), Seat(2), Seat(1), Seat(0)]);
}

#[test]
fn three_mages_a_team_mage_activates_cards_facing_the_team() {
    let mut g = TestGame::new(3).placard("firebolt", Side(0)).build();
    pass_turn(&mut g); // Seat 1 -> solo
    pass_turn(&mut g); // solo -> Seat 3, the other team Mage
    assert_eq!(g.turn_seat(), Seat(2));
    let energy = g.pool(Side(1)).energy;
    g.apply(&Action::Activate {
        colour: colour(&g, "firebolt"),
        option: None,
    })
    .unwrap();
    assert_eq!(g.pool(Side(1)).energy, energy - 2);
}

#[test]
fn three_mages_chaos_tide_solo_two_cards_team_one_each() {
    let mut g = TestGame::new(3).placard("chaos-tide", Side(0)).build();
    let before: Vec<usize> = (0..3).map(|s| g.hand(Seat(s)).len()).collect();
    g.apply(&Action::Activate {
        colour: colour(&g, "chaos-tide"),
        option: Some(SpellOption::Gain),
    })
    .unwrap();
    let after: Vec<usize> = (0..3).map(|s| g.hand(Seat(s)).len()).collect();
    assert_eq!(after, vec![before[0] + 1, before[1] + 2, before[2] + 1]);
}

#[test]
fn three_mages_life_tap_and_mind_lash_for_the_solo_mage_count_both_rivals_hands() {
    let mut g = TestGame::new(3).placard("life-tap", Side(1)).build();
    pass_turn(&mut g);
    assert_eq!(g.turn_seat(), Seat(1));
    hand_size(&mut g, Seat(0), 2);
    hand_size(&mut g, Seat(2), 3);
    let energy = g.pool(Side(1)).energy;
    g.apply(&Action::Activate {
        colour: colour(&g, "life-tap"),
        option: None,
    })
    .unwrap();
    assert_eq!(g.pool(Side(1)).energy, energy + 5);
}

#[test]
fn three_mages_bargain_asks_the_next_rival_to_play() {
    let mut g = TestGame::new(3).placard("bargain", Side(1)).build();
    pass_turn(&mut g);
    assert_eq!(g.turn_seat(), Seat(1));
    g.apply(&Action::Activate {
        colour: colour(&g, "bargain"),
        option: None,
    })
    .unwrap();
    // After the solo Mage's first turn comes Seat 3.
    assert_eq!(g.to_act(), ToAct::Seat(Seat(2)));
    g.apply(&Action::Answer(Answer::LetDraw)).unwrap();
    assert_eq!(g.to_act(), ToAct::Seat(Seat(1)));
}

// ---- 4 Mages ----

#[test]
fn four_mages_two_teams_shared_pools_separate_hands_alternating_turns() {
    let mut g = game(4);
    assert_eq!(g.mode(), Mode::FourMages);
    for seat in 0..4 {
        let expected = if seat == 0 { 4 } else { 3 };
        assert_eq!(g.hand(Seat(seat)).len(), expected);
    }
    let mut sides = vec![g.side_of(g.turn_seat())];
    for _ in 0..3 {
        pass_turn(&mut g);
        sides.push(g.side_of(g.turn_seat()));
    }
    assert_eq!(sides, vec![Side(0), Side(1), Side(0), Side(1)]);
}

#[test]
fn four_mages_thunderclap_makes_the_next_rival_to_play_draw() {
    let mut g = TestGame::new(4).placard("thunderclap", Side(0)).build();
    let next = Seat(1);
    let before = g.hand(next).len();
    let other_rival = g.hand(Seat(3)).len();
    g.apply(&Action::Activate {
        colour: colour(&g, "thunderclap"),
        option: None,
    })
    .unwrap();
    assert_eq!(g.hand(next).len(), before + 1);
    assert_eq!(g.hand(Seat(3)).len(), other_rival);
    assert_eq!(g.pool(Side(1)).energy, 7);
}

#[test]
fn four_mages_mind_lash_counts_the_biggest_hand_of_the_opposing_team() {
    let mut g = TestGame::new(4)
        .placard("mind-lash", Side(0))
        .hand_size(Seat(1), 2)
        .hand_size(Seat(3), 5)
        .build();
    g.apply(&Action::Activate {
        colour: colour(&g, "mind-lash"),
        option: None,
    })
    .unwrap();
    assert_eq!(g.pool(Side(1)).energy, 5);
}

#[test]
fn teammates_never_see_each_others_hands() {
    let g = game(4);
    let view = g.view(Seat(0));
    assert_eq!(view.hand.len(), g.hand(Seat(0)).len());
    let mate: Vec<CardId> = g.hand(Seat(2)).to_vec();
    assert!(mate.iter().all(|c| !view.hand.contains(c)));
    assert_eq!(view.hand_sizes[2], 3);
}

#[test]
fn replay_gives_the_same_game() {
    use spellhall_core::{ActionRecord, replay};
    let spells = spells();
    let mut g = Spellcaster::new(&Config { mages: 2 }, &spells, 77).unwrap();
    let mut log = Vec::new();
    for _ in 0..30 {
        let Some(seat) = g.to_act().seat() else { break };
        let action = g.legal_actions()[0].clone();
        g.apply(&action).unwrap();
        log.push(ActionRecord { seat, action });
    }
    let (again, _) = replay::<Spellcaster>(&Config { mages: 2 }, &Arc::clone(&spells), 77, &log).unwrap();
    assert_eq!(ron::to_string(&again).unwrap(), ron::to_string(&g).unwrap());
}

#[test]
fn the_view_says_which_active_spells_went_off_this_turn() {
    let mut g = arena("smoulder");
    pass_turn(&mut g);
    pass_turn(&mut g);
    let smoulder = card(&g, "smoulder");
    assert_eq!(g.view(Seat(0)).fired, vec![(colour(&g, "smoulder"), smoulder)]);
    g.apply(&Action::Draw).unwrap();
    g.apply(&Action::Draw).unwrap();
    assert!(g.view(Seat(1)).fired.is_empty(), "nothing faces Seat 2");
}

#[test]
fn an_active_spell_whose_cost_cannot_be_paid_does_not_go_off() {
    let mut g = arena("hoard");
    pass_turn(&mut g);
    // Seat 1 will hold no cards when its turn begins, so Hoard cannot take its card.
    hand_size(&mut g, Seat(0), 0);
    let sapphires = g.pool(Side(0)).sapphires;
    pass_turn(&mut g);
    assert_eq!(g.turn_seat(), Seat(0));
    assert_eq!(g.pool(Side(0)).sapphires, sapphires);
    assert!(g.fired_this_turn().is_empty());
}

#[test]
fn the_log_begins_with_the_first_turn_and_its_free_draw() {
    use spellhall_core::{SeatInfo, Session};
    let spells = spells();
    let seats = vec![SeatInfo::person("Ann"), SeatInfo::person("Ben")];
    let session = Session::<Spellcaster>::new(seats, Config { mages: 2 }, Arc::new(spells), 3).unwrap();
    let first = session.state().turn_seat();
    let lines = session.log_lines(Some(first));
    assert!(lines[0].starts_with("Turn 1: "), "{lines:?}");
    assert!(lines[1].starts_with("You drew "), "{lines:?}");
    let other = session.log_lines(Some(Seat(1 - first.0)));
    assert!(other[1].ends_with("drew a card."), "{other:?}");
}

#[test]
fn a_mages_hand_keeps_its_order_and_a_drawn_card_goes_to_the_end() {
    let mut g = game(2);
    let before = g.view(Seat(0)).hand;
    g.apply(&Action::Draw).unwrap();
    let after = g.view(Seat(0)).hand;
    assert_eq!(after.len(), before.len() + 1);
    assert_eq!(after[..before.len()], before[..], "the cards held keep their places");
    let played = before[0];
    g.apply(&Action::Play(played)).unwrap();
    let later = g.view(Seat(0)).hand;
    let kept: Vec<CardId> = after.iter().copied().filter(|&c| c != played).collect();
    assert_eq!(
        later[..kept.len()],
        kept[..],
        "playing a card closes the gap, the rest keep their order"
    );
}
