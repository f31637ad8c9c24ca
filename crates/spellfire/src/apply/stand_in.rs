//! A champion that fights in place of another for the rest of a battle (`Effect::FightsInPlace`:
//! Rod of Shapechange). The stand-in comes from its player's discard pile and goes back there
//! whenever it leaves the fight; the champion it replaces waits in his pool with what he carries,
//! and stays there only if his side wins the battle — otherwise he is discarded with it all.

use spellhall_core::Seat;

use crate::event::Event;
use crate::state::{CardId, Champion, FighterKind, Spellfire, StandIn};

impl Spellfire {
    /// `card`, a champion of a discard pile chosen for `by`'s power of `source`, takes the place
    /// of `by`'s fighting champion, who goes back to his pool with his items and artifacts and may
    /// not fight again in this battle.
    pub(crate) fn fight_in_place(&mut self, by: Seat, card: CardId, source: CardId, events: &mut Vec<Event>) {
        let owner = self.owner(card);
        // A champion gone over to this side (Magic Jar) has no pool here to wait in.
        let fighting = self
            .fighter(by)
            .is_some_and(|f| f.kind == FighterKind::Champion && !self.is_gone_over(f.card));
        if !fighting || !self.player(owner).discard.contains(&card) || self.check_cosmos(card).is_err() {
            return;
        }
        self.player_mut(owner).discard.retain(|&c| c != card);
        let Some(fighter) = self.fighter_mut(by) else { return };
        let carrier = std::mem::replace(&mut fighter.card, card);
        let attachments = std::mem::take(&mut fighter.attachments);
        self.player_mut(by).pool.push(Champion {
            card: carrier,
            attachments,
        });
        if let Some(battle) = &mut self.battle
            && !battle.defended.contains(&carrier)
        {
            battle.defended.push(carrier);
        }
        if !self.used.attacked.contains(&carrier) && self.battle.as_ref().is_some_and(|b| b.attacker == by) {
            self.used.attacked.push(carrier);
        }
        self.tracks.stand_ins.push(StandIn {
            card,
            carrier,
            seat: by,
        });
        events.push(Event::StandsIn {
            seat: by,
            card: self.card_name(card),
            champion: self.card_name(carrier),
            by: self.card_name(source),
        });
    }

    /// Whether `card` fights in another champion's place: leaving the fight, it goes back to its
    /// owner's discard pile rather than to a pool.
    pub(crate) fn is_stand_in(&self, card: CardId) -> bool {
        self.tracks.stand_ins.iter().any(|s| s.card == card)
    }

    /// The battle is over, won by `winner` (none: nobody won it): each champion a stand-in
    /// replaced comes back to play if his side won, and is discarded with what he carries if not.
    pub(crate) fn stand_ins_end(&mut self, winner: Option<Seat>, events: &mut Vec<Event>) {
        for stand_in in std::mem::take(&mut self.tracks.stand_ins) {
            let waiting = self.player(stand_in.seat).pool_index(stand_in.carrier).is_some();
            if !waiting {
                continue;
            }
            if winner == Some(stand_in.seat) {
                events.push(Event::Returned {
                    seat: stand_in.seat,
                    card: self.card_name(stand_in.carrier),
                    by: self.card_name(stand_in.card),
                    to: "back into play in its owner's pool, the battle won".into(),
                });
            } else {
                self.discard_in_play(stand_in.carrier, events);
            }
        }
    }
}
