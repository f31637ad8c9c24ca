//! Champions kept as allies by another champion (`Effect::KeepAsAlly`, Death Rock): a power over
//! every champion of its player (`Across(EveryChampion, …)`) acting when one of them is defeated
//! in a battle. The dead champion is carried by the card's champion in his pool, an ally of a
//! fixed bonus with no special powers: he fights beside him in each round he fights, goes home
//! with him when he wins, and to the discard pile with him when he is beaten.

use spellhall_core::Seat;

use crate::catalogue::cards::Attribute;
use crate::effects::{Effect, Scope, Trigger};
use crate::event::Event;
use crate::state::{CardId, Kept, Spellfire};

impl Spellfire {
    /// How `card` is kept as an ally, if it is.
    pub(crate) fn kept(&self, card: CardId) -> Option<&Kept> {
        self.tracks.kept.iter().find(|k| k.card == card)
    }

    /// `champion` of `seat` was defeated in a battle and discarded: the `Defeated` powers over
    /// every champion of `seat` of the cards his pool champions carry act.
    pub(crate) fn own_champion_defeated(&mut self, champion: CardId, seat: Seat, events: &mut Vec<Event>) {
        let carried: Vec<CardId> = self
            .player(seat)
            .pool
            .iter()
            .flat_map(|c| c.attachments.iter().copied())
            .collect();
        for source in carried {
            let powers: Vec<Effect> = self
                .abilities_of(source)
                .filter(|a| a.when == Trigger::Defeated)
                .filter_map(|a| a.effect.across(Scope::EveryChampion).cloned())
                .collect();
            for effect in powers {
                self.tracks.defeated = Some(champion);
                self.begin_choices(&effect, source, seat, &[], events);
            }
        }
    }

    /// The champion just defeated, while he lies in his owner's discard pile.
    pub(crate) fn just_defeated(&self) -> Option<CardId> {
        self.tracks
            .defeated
            .filter(|&c| self.player(self.owner(c)).discard.contains(&c))
    }

    /// `KeepAsAlly` of `source` on `card`: the champion carrying `source` keeps him, from his
    /// owner's discard pile, as an ally of `bonus` with `designations`.
    pub(crate) fn keep_as_ally(
        &mut self,
        source: CardId,
        card: CardId,
        bonus: u8,
        designations: &[Attribute],
        events: &mut Vec<Event>,
    ) {
        let Some(carrier) = self.carrier_of(source) else {
            return;
        };
        let owner = self.owner(card);
        if !self.take_from_discard(owner, card) {
            return;
        }
        let seat = self.owner(carrier);
        if let Some(index) = self.player(seat).pool_index(carrier) {
            self.player_mut(seat).pool[index].attachments.push(card);
        } else if let Some(fighter) = self.fighter_mut(seat).filter(|f| f.card == carrier) {
            fighter.attachments.push(card);
        } else {
            self.player_mut(owner).discard.push(card);
            return;
        }
        self.tracks.kept.push(Kept {
            card,
            bonus,
            designations: designations.to_vec(),
        });
        events.push(Event::Returned {
            seat,
            card: self.name(card).into(),
            by: self.name(source).into(),
            to: format!("to {} as an ally", self.name(carrier)),
        });
    }
}
