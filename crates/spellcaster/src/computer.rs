//! A greedy computer Mage: it tries each legal action on a game built from its own view (the other
//! hands, the deck and the dice to come sampled, see [`Determinise`]) and keeps the one that leaves
//! its side best placed. It looks one action ahead and judges only what a player can see (pools,
//! placards, hand sizes); it never reads the real hidden cards or the real dice.

use std::sync::Arc;

use spellhall_core::{Determinise, Game, GameRng, Seat};
use spellhall_search::{Guide, Strong};

use crate::{Action, Colour, Side, Spellcaster, Spells, View};

/// How good the position is for `side`.
pub fn score(game: &Spellcaster, side: Side) -> f64 {
    if let Some(finish) = game.finish() {
        return match finish.winner {
            Some(winner) if winner == side => 10_000.0,
            Some(_) => -10_000.0,
            None => 0.0,
        };
    }
    let (mine, theirs) = (game.pool(side), game.pool(side.other()));
    // Energy matters more when it runs low; Sapphires more as they near 15.
    let energy = |e: u32| (e.min(20) as f64) * 2.0 + if e <= 4 { -8.0 } else { 0.0 };
    let sapphires = |s: u32| s as f64 * 3.0 + if s >= 12 { 6.0 } else { 0.0 };
    let mut value =
        energy(mine.energy) - energy(theirs.energy) + sapphires(mine.sapphires) - sapphires(theirs.sapphires);
    for colour in Colour::ALL {
        if let Some(top) = game.top(colour) {
            let worth = if game.spells().get(top.card).active { 4.5 } else { 2.5 };
            value += if top.facing == side { worth } else { -worth };
        }
    }
    let cards = |s: Side| {
        game.seats_of(s)
            .iter()
            .map(|&seat| game.hand(seat).len())
            .sum::<usize>() as f64
    };
    value + 0.6 * cards(side) - 0.4 * cards(side.other())
}

/// The index in `legal` of the greedy choice (ties broken at random), from the deciding seat's
/// view and the legal actions only.
pub fn greedy_choice(view: &View, legal: &[Action], spells: &Arc<Spells>, rng: &mut GameRng) -> usize {
    let side = view.my_side;
    // One possible world consistent with the view: what a draw or a random discard brings in it
    // is a guess, as it is for a person.
    let world = Spellcaster::sample_from_view(view, spells, rng);
    let mut best: Vec<usize> = Vec::new();
    let mut best_score = f64::NEG_INFINITY;
    for (index, action) in legal.iter().enumerate() {
        let mut trial = world.clone();
        if trial.apply(action).is_err() {
            continue;
        }
        let value = score(&trial, side);
        if value > best_score + 1e-9 {
            best_score = value;
            best = vec![index];
        } else if (value - best_score).abs() <= 1e-9 {
            best.push(index);
        }
    }
    rng.choose(&best).copied().unwrap_or(0)
}

/// How far a strong player's playout runs before [`score`] judges where it stopped: a dozen
/// actions (a few turns), where the greedy judgement still says who is ahead.
const STRONG_PLAYOUT_LIMIT: u32 = 12;

/// Each seat's share of a win where a strong player's playout stopped, from [`score`]: a lead of
/// about 12 (a few Sapphires and some Energy) is judged a likely win.
fn evaluate(game: &Spellcaster) -> Vec<f64> {
    Seat::all(game.seats())
        .map(|seat| 1.0 / (1.0 + (-score(game, game.side_of(seat)) / 12.0).exp()))
        .collect()
}

/// The strong player ([`Strong::strong_choice`]): a search over worlds sampled from the seat's view
/// ([`spellhall_search`]), each playout cut short and judged by [`evaluate`].
impl Strong for Spellcaster {
    const PLAYOUT_LIMIT: u32 = STRONG_PLAYOUT_LIMIT;
    const GUIDE: Guide<'static, Self> = Guide::new(None, Some(&evaluate));
}
