//! A simple greedy computer player: recruit the most Force it can pay for, play magics against the
//! strongest opponent, attack only where the Stronghold falls even if every enemy Horde defends,
//! defend only when that saves the Stronghold, and lose as little Force as the rules allow.

use spellhall_core::{GameRng, Seat};

use crate::content::{Kind, Magic, Resource};
use crate::state::{Battle, Phase, Stage, WINNING_FORCE};
use crate::{Action, CardId, Choice, MightyMagics};

/// The index in `legal` of the greedy choice (`legal` is `game.legal_actions()`).
pub fn greedy_choice(game: &MightyMagics, legal: &[Action], rng: &mut GameRng) -> usize {
    let _ = rng; // deterministic: ties go to the first action in the legal order
    let pick = match game.phase() {
        Phase::Attack(battle) => battle_choice(game, battle, legal),
        _ => None,
    };
    pick.unwrap_or_else(|| {
        let mut best = 0;
        let mut best_score = f64::MIN;
        for (i, action) in legal.iter().enumerate() {
            let score = score(game, action);
            if score > best_score {
                best = i;
                best_score = score;
            }
        }
        best
    })
}

fn seat_now(game: &MightyMagics) -> Seat {
    match game.phase() {
        Phase::Recruit { holder } => *holder,
        _ => game.active(),
    }
}

/// The opponent with the most Stronghold Force.
fn leader(game: &MightyMagics, me: Seat) -> Seat {
    Seat::all(game.seats())
        .filter(|&s| s != me)
        .max_by_key(|&s| (game.stronghold_force(s), std::cmp::Reverse(s)))
        .unwrap_or(me)
}

fn score(game: &MightyMagics, action: &Action) -> f64 {
    let me = seat_now(game);
    let cards = game.cards();
    let gold_used = |spend: &[Resource]| spend.iter().filter(|&&r| r == Resource::Gold).count() as f64 * 0.5;
    match action {
        // Discard only magics that have nothing to aim at now.
        Action::Discard(card) => match cards.get(*card).kind {
            Kind::Magic(magic) if game.magic_choices(me, *card, magic).is_empty() => 1.0,
            _ => -1.0,
        },
        Action::Refill | Action::Pass => 0.0,
        Action::RedrawWater => 0.5,
        Action::Recruit { card, spend } => {
            let def = cards.get(*card);
            let force = f64::from(def.base_force());
            let value = if def.is_stronghold() {
                let reaches = game.stronghold_force(me) + u32::from(def.base_force()) >= WINNING_FORCE;
                12.0 + 3.0 * force + if reaches { 40.0 } else { 0.0 }
            } else {
                8.0 + 2.0 * force
            };
            value - gold_used(spend)
        }
        Action::Cast { card, spend, choice } => {
            let Kind::Magic(magic) = cards.get(*card).kind else {
                return f64::MIN;
            };
            magic_value(game, me, magic, *choice) - gold_used(spend)
        }
        _ => 0.0,
    }
}

/// What a magic is worth to `me` with this choice (negative: it would hurt me).
fn magic_value(game: &MightyMagics, me: Seat, magic: Magic, choice: Choice) -> f64 {
    let target_value = |card: CardId| -> f64 {
        let Some((owner, stronghold)) = game.controller(card) else {
            return 0.0;
        };
        let force = f64::from(game.force(card, false).0);
        let worth = if stronghold { 3.0 * force } else { 2.0 * force };
        let lead_bonus = if owner == leader(game, me) { 2.0 } else { 0.0 };
        if owner == me { -worth } else { worth + lead_bonus }
    };
    match (magic, choice) {
        (Magic::Destroy { .. }, Choice::Card(card)) => target_value(card) - 2.0,
        (Magic::GainControl { .. }, Choice::Card(card)) => 2.0 * target_value(card),
        (Magic::Attach { .. }, Choice::Card(card)) => -target_value(card).signum() * 6.0,
        (Magic::Curse { .. }, Choice::Opponent(seat)) => {
            if seat == leader(game, me) {
                4.0
            } else {
                2.0
            }
        }
        (Magic::SummonHordeFromHand, Choice::Card(horde)) => {
            10.0 + 2.0 * f64::from(game.cards().get(horde).base_force())
        }
        (Magic::CardsOrResources { .. }, Choice::MoreResources) => 5.0,
        (Magic::CardsOrResources { .. }, _) => 4.0,
        (Magic::GainGold(_), _) => 4.0,
        (Magic::OpponentsDiscardHands, _) => 3.0,
        (Magic::RerollResources, _) => 0.5,
        (Magic::NewHand(_), _) => 0.5,
        (Magic::LookAtDeck(_), _) => 0.5,
        _ => 0.0,
    }
}

fn position(legal: &[Action], wanted: &Action) -> Option<usize> {
    legal.iter().position(|a| a == wanted)
}

fn battle_choice(game: &MightyMagics, battle: &Battle, legal: &[Action]) -> Option<usize> {
    match battle.stage {
        Stage::Declare => {
            let me = game.active();
            let hordes: Vec<CardId> = game.kingdom(me).hordes.iter().map(|h| h.card).collect();
            let total: u32 = hordes.iter().map(|&h| game.force(h, false).0).sum();
            // The best Stronghold that falls (or, in the short game, is captured) even if every
            // Horde of its owner defends.
            let target = Seat::all(game.seats())
                .filter(|&s| s != me)
                .flat_map(|s| {
                    let guards: u32 = game.kingdom(s).hordes.iter().map(|h| game.force(h.card, true).0).sum();
                    game.kingdom(s)
                        .strongholds
                        .iter()
                        .map(move |h| (s, h.card, guards))
                        .collect::<Vec<_>>()
                })
                .filter(|&(_, card, guards)| {
                    if game.config().short_attacks {
                        total > guards + game.force(card, false).0
                    } else {
                        total > guards
                    }
                })
                .max_by_key(|&(s, card, _)| (game.force(card, false).0, game.stronghold_force(s)));
            let Some((_, target, _)) = target else {
                return position(legal, &Action::NoAttack);
            };
            if battle.target != Some(target) {
                return position(legal, &Action::Target(target));
            }
            if let Some(&horde) = hordes.iter().find(|h| !battle.attackers.contains(h)) {
                return position(legal, &Action::Send(horde));
            }
            position(legal, &Action::Charge)
        }
        Stage::Defend => {
            let target = battle.target?;
            let (defender, _) = game.controller(target)?;
            let hordes: Vec<CardId> = game.kingdom(defender).hordes.iter().map(|h| h.card).collect();
            let guards: u32 = hordes.iter().map(|&h| game.force(h, true).0).sum();
            let worth_it = if game.config().short_attacks {
                guards + game.force(target, false).0 >= battle.attack_total
            } else {
                guards >= battle.attack_total
            };
            if worth_it && let Some(&horde) = hordes.iter().find(|h| !battle.defenders.contains(h)) {
                return position(legal, &Action::Defend(horde));
            }
            position(legal, &Action::HoldFast)
        }
        Stage::AttackerLosses | Stage::DefenderLosses => {
            if let Some(i) = position(legal, &Action::ConfirmLosses) {
                return Some(i);
            }
            let threshold = if battle.stage == Stage::AttackerLosses {
                battle.defence_total
            } else {
                battle.attack_total
            };
            let need = threshold.saturating_sub(battle.marked_force());
            let mut options: Vec<(usize, u32)> = legal
                .iter()
                .enumerate()
                .filter_map(|(i, a)| match a {
                    Action::Lose(card) => Some((i, battle.force_of(*card))),
                    _ => None,
                })
                .collect();
            // The weakest card that covers what is still needed, else the strongest one.
            options.sort_by_key(|&(_, f)| f);
            options
                .iter()
                .find(|&&(_, f)| f >= need)
                .or(options.last())
                .map(|&(i, _)| i)
        }
    }
}
