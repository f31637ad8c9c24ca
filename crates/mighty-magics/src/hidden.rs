//! What a seat cannot see: the other hands, the deck's order, the discard pile under its top card
//! and the counters to come. [`Redeal`] deals it again for the privacy property; [`Determinise`]
//! builds a whole game from one seat's view, for a computer to look ahead in. The cards the seat's
//! own Divination showed it stay where they are (on top of the deck, or in the hand that drew
//! them): dealing those elsewhere would change what its view reports.

use std::sync::Arc;

use spellhall_core::{Determinise, GameRng, Pile, Redeal, Seat};

use crate::state::{Finish, Holding, Kingdom};
use crate::{CardId, Cards, Config, InPlayView, MightyMagics, View};

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

impl Determinise for MightyMagics {
    fn sample_from_view(view: &View, cards: &Arc<Cards>, rng: &mut GameRng) -> Self {
        let holding = |shown: &InPlayView| Holding {
            card: shown.card,
            attached: shown.attached.clone(),
        };
        let kingdoms: Vec<Kingdom> = view
            .kingdoms
            .iter()
            .map(|k| Kingdom {
                strongholds: k.strongholds.iter().map(holding).collect(),
                hordes: k.hordes.iter().map(holding).collect(),
            })
            .collect();
        let seats = kingdoms.len();
        let own_hand: Vec<CardId> = view.hand.iter().map(|h| h.card).collect();
        // Every card the view places: in play, in the viewer's hand, on the discard pile's top,
        // and what the viewer's Divination showed on top of the deck.
        let in_play = kingdoms
            .iter()
            .flat_map(|k| k.holdings())
            .flat_map(|h| std::iter::once(h.card).chain(h.attached.iter().copied()));
        let mut placed = vec![false; cards.len()];
        for card in in_play
            .chain(own_hand.iter().copied())
            .chain(view.discard_top)
            .chain(view.foresight.iter().copied())
        {
            placed[usize::from(card.0)] = true;
        }
        let mut unseen: Vec<CardId> = cards.all().filter(|c| !placed[usize::from(c.0)]).collect();
        rng.shuffle(&mut unseen);
        let mut deal = |count: usize| unseen.split_off(unseen.len().saturating_sub(count));
        let hands: Vec<Vec<CardId>> = view
            .kingdoms
            .iter()
            .map(|k| {
                if k.seat == view.viewer {
                    own_hand.clone()
                } else {
                    deal(k.hand_size)
                }
            })
            .collect();
        let mut discard: Vec<CardId> = view.discard_top.into_iter().collect();
        discard.extend(deal(view.discard_size.saturating_sub(discard.len())));
        let mut deck = view.foresight.clone();
        deck.extend(deal(view.deck_size.saturating_sub(deck.len())));
        let mut foresight = vec![Vec::new(); seats];
        foresight[view.viewer.index()] = view.foresight.clone();
        let finish = view.winner.map(|winner| Finish {
            winner,
            force: view.kingdom(winner).stronghold_force,
        });
        MightyMagics {
            cards: Arc::clone(cards),
            config: Config {
                players: seats as u8,
                short_attacks: view.short_attacks,
            },
            rng: GameRng::new(rng.next_u64()),
            deck: Pile::from_top_down(deck),
            discard: Pile::from_top_down(discard),
            hands,
            kingdoms,
            pile: view.pile,
            tray: view.tray.clone(),
            active: view.active,
            turn: view.turn,
            phase: view.phase.clone(),
            cursed: view.kingdoms.iter().map(|k| k.cursed).collect(),
            water_redrawn: view.water_redrawn,
            foresight,
            finish,
            table: std::sync::OnceLock::new(),
        }
    }
}
