//! What one Mage may see: their own hand, every other hand's size, the placards, both pools.

use std::sync::Arc;

use spellhall_core::{Seat, ToAct};

use crate::state::{Finish, Pending};
use crate::{CardId, Colour, Mode, Pool, Side, Spellcaster, Spells};

#[derive(Clone, Debug)]
pub struct PlacardView {
    pub colour: Colour,
    pub top: Option<CardId>,
    pub facing: Option<Side>,
    /// Cards under the top one.
    pub beneath: usize,
}

#[derive(Clone, Debug)]
pub struct SideView {
    pub pool: Pool,
    pub seats: Vec<Seat>,
}

#[derive(Clone, Debug)]
pub struct View {
    pub viewer: Seat,
    pub mode: Mode,
    pub my_side: Side,
    pub spells: Arc<Spells>,
    /// The viewer's own hand, oldest card first (new cards at the end).
    pub hand: Vec<CardId>,
    pub hand_sizes: Vec<usize>,
    pub deck_size: usize,
    pub discard_top: Option<CardId>,
    pub discard_size: usize,
    pub placards: Vec<PlacardView>,
    pub sides: [SideView; 2],
    pub turn_seat: Seat,
    /// The turn order (repeating) and the place in it now: public, and what a computer needs to
    /// build a whole game from this view (with three Mages the solo Mage appears twice).
    pub order: Vec<Seat>,
    pub order_pos: usize,
    /// Turns begun so far.
    pub turn: u32,
    /// A spell asked for more cards than the deck held: the game ends after this turn.
    pub deck_ran_out: bool,
    pub to_act: ToAct,
    pub actions_left: u8,
    /// Cards already cast this turn.
    pub activated: Vec<CardId>,
    /// The Active Spells that went off as this turn began, with their placards.
    pub fired: Vec<(Colour, CardId)>,
    pub pending: Option<Pending>,
    pub finish: Option<Finish>,
}

impl Spellcaster {
    pub(crate) fn view_for(&self, viewer: Seat, to_act: ToAct) -> View {
        // In the order the cards came: a draw never moves a card the player is about to click.
        let hand = self.hands.get(viewer.index()).cloned().unwrap_or_default();
        View {
            viewer,
            mode: self.mode,
            my_side: self.side_of(viewer),
            spells: Arc::clone(&self.spells),
            hand,
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            deck_size: self.deck.len(),
            discard_top: self.discard.top().copied(),
            discard_size: self.discard.len(),
            placards: Colour::ALL
                .iter()
                .map(|&colour| PlacardView {
                    colour,
                    top: self.top(colour).map(|p| p.card),
                    facing: self.top(colour).map(|p| p.facing),
                    beneath: self.beneath(colour),
                })
                .collect(),
            sides: [Side(0), Side(1)].map(|side| SideView {
                pool: self.pool(side),
                seats: self.seats_of(side),
            }),
            turn_seat: self.turn_seat(),
            order: self.order.clone(),
            order_pos: self.order_pos,
            turn: self.turn,
            deck_ran_out: self.deck_ran_out,
            to_act,
            actions_left: self.actions_left,
            activated: self.activated.clone(),
            fired: self.fired_this_turn.clone(),
            pending: self.pending.clone(),
            finish: self.finish.clone(),
        }
    }
}
