//! Legality has one source: `apply` accepts exactly the actions `legal_actions` offers, and every
//! refusal gives a reason and the rule it comes from.

mod common;

use common::cards;
use mighty_magics::{Action, CardId, Choice, Config, MightyMagics, Resource};
use spellhall_core::{Game, GameRng, Seat};

/// Actions a player might try now, legal or not: each action kind on every card in a hand or in
/// play, plays paid with the tray's counters (all of them, and all but one), and the buttons.
fn probes(game: &MightyMagics) -> Vec<Action> {
    let seats: Vec<Seat> = Seat::all(game.seats()).collect();
    let mut cards: Vec<CardId> = seats.iter().flat_map(|&s| game.hand(s).to_vec()).collect();
    for &seat in &seats {
        cards.extend(game.kingdom(seat).holdings().map(|h| h.card));
    }
    let mut out = vec![
        Action::Refill,
        Action::Pass,
        Action::RedrawWater,
        Action::Charge,
        Action::NoAttack,
        Action::HoldFast,
        Action::ConfirmLosses,
    ];
    let tray = game.tray().to_vec();
    let spends: Vec<Vec<Resource>> = (0..=tray.len())
        .map(|skip| {
            tray.iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .map(|(_, &r)| r)
                .collect()
        })
        .collect();
    for &card in &cards {
        out.extend([
            Action::Discard(card),
            Action::Target(card),
            Action::Send(card),
            Action::Recall(card),
            Action::Defend(card),
            Action::Withdraw(card),
            Action::Lose(card),
            Action::Spare(card),
        ]);
        for spend in &spends {
            out.push(Action::Recruit {
                card,
                spend: spend.clone(),
            });
            for choice in [Choice::Nothing, Choice::Card(cards[0]), Choice::Opponent(Seat(1))] {
                out.push(Action::Cast {
                    card,
                    spend: spend.clone(),
                    choice,
                });
            }
        }
    }
    out
}

#[test]
fn legality_apply_accepts_exactly_what_legal_actions_offers() {
    let cards = cards();
    let mut checked = 0;
    for (seed, players) in [(1, 2), (2, 3), (3, 4), (4, 6)] {
        for short_attacks in [false, true] {
            let config = Config { players, short_attacks };
            let mut game = MightyMagics::new(&config, &cards, seed).expect("setup");
            let mut rng = GameRng::new(seed);
            for step in 0..400 {
                let legal = game.legal_actions();
                if legal.is_empty() {
                    break;
                }
                if step % 3 == 0 {
                    for action in probes(&game).into_iter().chain(legal.iter().cloned()) {
                        let mut copy = game.clone();
                        let offered = legal.contains(&action);
                        match copy.apply(&action) {
                            Ok(_) => assert!(offered, "{action:?} was applied but not offered"),
                            Err(error) => {
                                assert!(!offered, "{action:?} was offered but refused: {error}");
                                assert!(
                                    !error.reason.is_empty() && !error.rule.is_empty(),
                                    "{action:?}: {error:?}"
                                );
                            }
                        }
                        checked += 1;
                    }
                }
                let pick = legal[rng.below(legal.len())].clone();
                game.apply(&pick).expect("a legal action applies");
            }
        }
    }
    assert!(checked > 10_000, "only {checked} probes");
}

/// The leftovers' check (could a player pay for any card from the tray?) stops at the first way to
/// pay: it must agree with the full list of ways for every card's cost, over random trays of 0 to 8
/// counters and random converts.
#[test]
fn tray_can_pay_agrees_with_the_list_of_payments() {
    use mighty_magics::{payments, tray_can_pay};
    let cards = cards();
    let mut rng = GameRng::new(7);
    let (mut payable, mut unpayable) = (0, 0);
    for _ in 0..400 {
        let tray: Vec<Resource> = (0..rng.below(9)).map(|_| Resource::ALL[rng.below(12)]).collect();
        let converts: Vec<(Resource, Resource)> = (0..rng.below(3))
            .map(|_| (Resource::ALL[rng.below(11)], Resource::ALL[rng.below(11)]))
            .collect();
        for def in cards.definitions() {
            let needs = def.cost_units();
            let listed = !payments(&tray, &needs, &converts).is_empty();
            assert_eq!(
                tray_can_pay(&tray, &needs, &converts),
                listed,
                "{} from {tray:?}",
                def.name
            );
            if listed {
                payable += 1;
            } else {
                unpayable += 1;
            }
        }
    }
    assert!(payable > 100 && unpayable > 100, "{payable} payable, {unpayable} not");
}

/// Whether `spend` pays for `needs` one counter each, trying every counter for every need in turn:
/// slow, but independent of the search the rules use.
fn pays_in_some_order(needs: &[Resource], spend: &mut Vec<Resource>, converts: &[(Resource, Resource)]) -> bool {
    let Some((&need, rest)) = needs.split_first() else {
        return spend.is_empty();
    };
    let pays = |counter: Resource| {
        counter == need
            || counter == Resource::Gold
            || converts.contains(&(counter, need))
            || converts.contains(&(counter, Resource::Gold))
    };
    (0..spend.len()).any(|i| {
        if !pays(spend[i]) {
            return false;
        }
        let counter = spend.remove(i);
        let paid = pays_in_some_order(rest, spend, converts);
        spend.insert(i, counter);
        paid
    })
}

/// The search skips the orders that only swap equal needs: it must agree with trying every order,
/// over random needs with repeats (sorted or not), counters and converts of a few resources.
#[test]
fn can_pay_agrees_with_trying_every_order() {
    use mighty_magics::can_pay;
    let mut rng = GameRng::new(11);
    let few = [Resource::ALL[0], Resource::ALL[1], Resource::ALL[2], Resource::Gold];
    let (mut paid, mut unpaid) = (0, 0);
    for round in 0..3_000 {
        let count = 1 + rng.below(5);
        let mut needs: Vec<Resource> = (0..count).map(|_| few[rng.below(3)]).collect();
        if round % 2 == 0 {
            needs.sort();
        }
        let mut spend: Vec<Resource> = (0..count).map(|_| few[rng.below(4)]).collect();
        let converts: Vec<(Resource, Resource)> = (0..rng.below(3))
            .map(|_| (few[rng.below(3)], few[rng.below(3)]))
            .collect();
        let expected = pays_in_some_order(&needs, &mut spend, &converts);
        assert_eq!(
            can_pay(&needs, &spend, &converts),
            expected,
            "{needs:?} with {spend:?}, {converts:?}"
        );
        if expected {
            paid += 1;
        } else {
            unpaid += 1;
        }
    }
    assert!(paid > 300 && unpaid > 300, "{paid} paid, {unpaid} not");
}
