//! What a Mage cannot see, dealt again or sampled: the other hands, the deck's order, the cards
//! under each placard's top card and under the discard pile's top card, and the dice to come.
//! [`Redeal`] is the privacy property's re-deal; [`Determinise`] is what the computer looks ahead
//! in, built from its view alone.

use std::sync::Arc;

use spellhall_core::{Determinise, GameRng, Pile, Redeal, Seat};

use crate::state::Placed;
use crate::{CardId, Colour, Side, Spellcaster, Spells, View};

impl Redeal for Spellcaster {
    /// The other hands and the deck shuffled together and dealt back in the same sizes.
    fn redeal_hidden_from(&mut self, seat: Seat, rng: &mut GameRng) {
        spellhall_core::redeal_other_hands(&mut self.hands, seat.index(), &mut self.deck, rng);
    }
}

impl Determinise for Spellcaster {
    fn sample_from_view(view: &View, spells: &Arc<Spells>, rng: &mut GameRng) -> Self {
        let tops: Vec<CardId> = view.placards.iter().filter_map(|p| p.top).collect();
        let seen: Vec<CardId> = view
            .hand
            .iter()
            .chain(&tops)
            .chain(&view.discard_top)
            .copied()
            .collect();
        let mut unseen: Vec<CardId> = spells
            .all()
            .map(|(card, _)| card)
            .filter(|c| !seen.contains(c))
            .collect();
        rng.shuffle(&mut unseen);
        // Under each top card: cards of its colour, facing a side at random.
        let mut placards: [Vec<Placed>; 4] = Default::default();
        for (colour, placard) in Colour::ALL.iter().zip(&view.placards) {
            let stack = &mut placards[colour.index()];
            for _ in 0..placard.beneath {
                let Some(at) = unseen.iter().position(|&c| spells.get(c).colour == *colour) else {
                    break;
                };
                let card = unseen.remove(at);
                stack.push(Placed {
                    card,
                    facing: Side(rng.below(2) as u8),
                });
            }
            if let (Some(card), Some(facing)) = (placard.top, placard.facing) {
                stack.push(Placed { card, facing });
            }
        }
        let mut deal = |count: usize| unseen.split_off(unseen.len().saturating_sub(count));
        let hands: Vec<Vec<CardId>> = view
            .hand_sizes
            .iter()
            .enumerate()
            .map(|(index, &size)| {
                if index == view.viewer.index() {
                    view.hand.clone()
                } else {
                    deal(size)
                }
            })
            .collect();
        let mut discard = Pile::from_top_down(deal(view.discard_size.saturating_sub(1)));
        if let Some(top) = view.discard_top {
            discard.put_top(top);
        }
        let deck = Pile::from_top_down(deal(view.deck_size));
        Spellcaster {
            spells: Arc::clone(spells),
            mode: view.mode,
            rng: GameRng::new(rng.next_u64()),
            deck,
            discard,
            hands,
            placards,
            pools: [view.sides[0].pool, view.sides[1].pool],
            order: view.order.clone(),
            order_pos: view.order_pos,
            turn: view.turn,
            actions_left: view.actions_left,
            activated: view.activated.clone(),
            fired_this_turn: view.fired.clone(),
            pending: view.pending.clone(),
            deck_ran_out: view.deck_ran_out,
            finish: view.finish.clone(),
        }
    }
}
