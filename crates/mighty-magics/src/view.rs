//! What one seat may see: every kingdom and the tray are public; a hand only to its owner; the
//! deck only by its size (and, to whoever cast Divination, the cards it showed).

use std::sync::Arc;

use serde::Serialize;
use spellhall_core::{Seat, ToAct};

use crate::content::{Cards, Resource};
use crate::state::{Battle, Bonus, Phase};
use crate::{CardId, MightyMagics};

/// A Stronghold or Horde in play as the table shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InPlayView {
    pub card: CardId,
    /// Force now (a defending Horde's Pallisade bonus shows in `defending_force`).
    pub force: u32,
    pub defending_force: u32,
    pub bonuses: Vec<Bonus>,
    pub attached: Vec<CardId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KingdomView {
    pub seat: Seat,
    pub strongholds: Vec<InPlayView>,
    pub hordes: Vec<InPlayView>,
    pub stronghold_force: u32,
    pub hand_size: usize,
    pub hand_limit: usize,
    /// Counters a Curse leaves this seat next turn.
    pub cursed: Option<u8>,
}

/// A card in the viewer's hand and whether the counters in the tray pay for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandCard {
    pub card: CardId,
    /// What the tray lacks for it now, if the viewer holds the tray (empty: payable).
    pub missing: Vec<Resource>,
}

#[derive(Clone, Debug, Serialize)]
pub struct View {
    #[serde(skip)]
    pub cards: Arc<Cards>,
    pub viewer: Seat,
    pub to_act: ToAct,
    pub active: Seat,
    pub turn: u32,
    pub phase: Phase,
    pub kingdoms: Vec<KingdomView>,
    pub hand: Vec<HandCard>,
    pub tray: Vec<Resource>,
    /// Who holds the counters, in the Recruit phase.
    pub holder: Option<Seat>,
    /// Counters left in the pile, by [`Resource::index`].
    pub pile: [u8; 12],
    pub deck_size: usize,
    pub discard_size: usize,
    pub discard_top: Option<CardId>,
    /// The viewer's converts, for the payment panel.
    pub converts: Vec<(Resource, Resource)>,
    /// Cards Divination showed the viewer that are still in the deck, top first.
    pub foresight: Vec<CardId>,
    pub battle: Option<Battle>,
    pub winner: Option<Seat>,
    pub short_attacks: bool,
}

impl View {
    pub fn kingdom(&self, seat: Seat) -> &KingdomView {
        &self.kingdoms[seat.index()]
    }

    /// Whether the viewer must decide now.
    pub fn deciding(&self) -> bool {
        self.to_act == ToAct::Seat(self.viewer)
    }
}

impl MightyMagics {
    fn in_play_view(&self, card: CardId, attached: &[CardId]) -> InPlayView {
        let (force, bonuses) = self.force(card, false);
        InPlayView {
            card,
            force,
            defending_force: self.force(card, true).0,
            bonuses,
            attached: attached.to_vec(),
        }
    }

    pub(crate) fn view_for(&self, viewer: Seat, to_act: ToAct) -> View {
        let holder = match self.phase {
            Phase::Recruit { holder } => Some(holder),
            _ => None,
        };
        let kingdoms = Seat::all(self.seats())
            .map(|seat| {
                let kingdom = self.kingdom(seat);
                KingdomView {
                    seat,
                    strongholds: kingdom
                        .strongholds
                        .iter()
                        .map(|h| self.in_play_view(h.card, &h.attached))
                        .collect(),
                    hordes: kingdom
                        .hordes
                        .iter()
                        .map(|h| self.in_play_view(h.card, &h.attached))
                        .collect(),
                    stronghold_force: self.stronghold_force(seat),
                    hand_size: self.hand(seat).len(),
                    hand_limit: self.hand_limit(seat),
                    cursed: self.curse_on(seat),
                }
            })
            .collect();
        let hand = self
            .hand(viewer)
            .iter()
            .map(|&card| HandCard {
                card,
                missing: if holder == Some(viewer) {
                    self.shortfall_for(viewer, card)
                } else {
                    self.cards.get(card).cost_units()
                },
            })
            .collect();
        View {
            cards: Arc::clone(&self.cards),
            viewer,
            to_act,
            active: self.active,
            turn: self.turn,
            phase: self.phase.clone(),
            kingdoms,
            hand,
            tray: self.tray.clone(),
            holder,
            pile: self.pile,
            deck_size: self.deck.len(),
            discard_size: self.discard.len(),
            discard_top: self.discard.top().copied(),
            converts: self.converts(viewer),
            foresight: self.foresight(viewer),
            battle: self.battle().cloned(),
            winner: self.finish.as_ref().map(|f| f.winner),
            short_attacks: self.config.short_attacks,
        }
    }
}
