//! What a seat cannot see, dealt again for the privacy property: the other hands and the deck's
//! order. The cards the seat's own Divination showed it stay where they are (in the deck, or in
//! the hand that drew them): dealing those elsewhere would change what its view reports.

use spellhall_core::{GameRng, Pile, Redeal, Seat};

use crate::{CardId, MightyMagics};

impl Redeal for MightyMagics {
    fn redeal_hidden_from(&mut self, seat: Seat, rng: &mut GameRng) {
        let known = self.foresight[seat.index()].clone();
        let mut deck: Vec<CardId> = self.deck.take_all();
        let others = |index: usize| index != seat.index();
        // Every hidden place, as (which list, where in it): index `hands.len()` is the deck.
        let mut places: Vec<(usize, usize)> = Vec::new();
        for (index, hand) in self.hands.iter().enumerate().filter(|(i, _)| others(*i)) {
            places.extend(
                (0..hand.len())
                    .filter(|&at| !known.contains(&hand[at]))
                    .map(|at| (index, at)),
            );
        }
        let deck_list = self.hands.len();
        places.extend(
            (0..deck.len())
                .filter(|&at| !known.contains(&deck[at]))
                .map(|at| (deck_list, at)),
        );
        let mut hidden: Vec<CardId> = places
            .iter()
            .map(|&(list, at)| {
                if list == deck_list {
                    deck[at]
                } else {
                    self.hands[list][at]
                }
            })
            .collect();
        rng.shuffle(&mut hidden);
        for (&(list, at), card) in places.iter().zip(hidden) {
            if list == deck_list {
                deck[at] = card;
            } else {
                self.hands[list][at] = card;
            }
        }
        self.deck = Pile::from_top_down(deck);
        self.changed();
    }
}
