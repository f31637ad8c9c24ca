//! Champions kept as allies by another champion (`Effect::KeepAsAlly`, Death Rock): a power over
//! every champion of its player (`Across(EveryChampion, …)`) acting when one of them is defeated
//! in a battle. The dead champion is carried by the card's champion in his pool, an ally of a
//! fixed bonus with no special powers: he fights beside him in each round he fights, goes home
//! with him when he wins, and to the discard pile with him when he is beaten.
//!
//! Fighting beside his keeper he is an ally of the round for every power and total that reads
//! the round's allies (levels, discards, immunities, flight, limits and counts), with his kept
//! bonus and designations. He stays a card his keeper carries (one zone: the keeper's
//! attachments), so those readings ask [`Spellfire::round_ally`] rather than the card's kind.

use spellhall_core::Seat;

use crate::apply::Family;
use crate::catalogue::cards::{Attribute, CardType};
use crate::combat::Side;
use crate::effects::{Ability, Scope, Trigger};
use crate::event::Event;
use crate::state::{CardId, Fighter, Kept, Spellfire};

impl Spellfire {
    /// How `card` is kept as an ally, if it is.
    pub(crate) fn kept(&self, card: CardId) -> Option<&Kept> {
        self.tracks.kept.iter().find(|k| k.card == card)
    }

    /// Whether `card` is a champion kept as an ally who fights beside his keeper in the round
    /// now: he is with the keeper in the battle, and no power limiting the side's allies
    /// (`AtMost`) leaves him out.
    #[inline]
    pub(crate) fn kept_ally_fighting(&self, card: CardId) -> bool {
        // Most games keep no champion as an ally: asked of every card a round reads, that much is
        // answered where it is asked.
        !self.tracks.kept.is_empty() && self.kept_ally_in_round(card)
    }

    /// `kept_ally_fighting` while some champion is kept as an ally.
    #[inline(never)]
    fn kept_ally_in_round(&self, card: CardId) -> bool {
        self.kept(card).is_some()
            && self
                .owner_side(card)
                .is_some_and(|side| !self.kept_ally_left_out(side, card))
    }

    /// Whether a power limiting `side`'s allies leaves out its kept ally `card`: kept allies are
    /// in the round from its start, so they take the places the power allows first, in the order
    /// they were kept ("allies cannot be used": none; "only one ally": the first).
    fn kept_ally_left_out(&self, side: Side, card: CardId) -> bool {
        let Some((most, by)) = self.play_limit_of(side, CardType::Ally, Some(card)) else {
            return false;
        };
        let Some(fighter) = self.fighter_of(side) else {
            return false;
        };
        let before = fighter
            .attachments
            .iter()
            .take_while(|&&c| c != card)
            .filter(|&&c| {
                self.kept(c).is_some()
                    && self
                        .play_limit_of(side, CardType::Ally, Some(c))
                        .is_some_and(|(_, b)| b == by)
            })
            .count();
        before >= usize::from(most)
    }

    /// Whether `card`, taking part in a battle, is an ally of the round: an ally played there, or
    /// a champion kept as an ally fighting beside his keeper.
    pub(crate) fn round_ally(&self, card: CardId) -> bool {
        match self.kept(card) {
            Some(_) => self.kept_ally_fighting(card),
            None => self.kind(card) == CardType::Ally,
        }
    }

    /// The allies of `fighter`'s round, in the order they joined it: the champions he keeps as
    /// allies (there from the round's start), then the allies played with him.
    pub(crate) fn round_allies<'a>(&'a self, fighter: &'a Fighter) -> impl Iterator<Item = CardId> + 'a {
        let kept = fighter
            .attachments
            .iter()
            .copied()
            .filter(|&c| self.kept_ally_fighting(c));
        let played = fighter
            .round_cards
            .iter()
            .copied()
            .filter(|&c| self.kind(c) == CardType::Ally);
        kept.chain(played)
    }

    /// The kind a power that selects cards takes `card` for: an ally for a champion kept as one
    /// who fights beside his keeper; `None` for one a limit on allies leaves out of the round
    /// (no power of the round sees him); otherwise the card's own kind.
    pub(crate) fn selected_kind(&self, card: CardId) -> Option<CardType> {
        if self.kept(card).is_none() || self.owner_side(card).is_none() {
            return Some(self.kind(card));
        }
        self.kept_ally_fighting(card).then_some(CardType::Ally)
    }

    /// `champion` of `seat` was defeated in a battle and discarded: the `Defeated` powers over
    /// every champion of `seat` of the cards his pool champions carry act.
    pub(crate) fn own_champion_defeated(&mut self, champion: CardId, seat: Seat, events: &mut Vec<Event>) {
        // Most games hold no such power, and most sides carry none: the carried cards are listed
        // (their powers change the state) only when one of them has one.
        let acts = |a: &Ability| a.when == Trigger::Defeated && a.effect.across(Scope::EveryChampion).is_some();
        if !self.may_have(Family::EveryChampion)
            || !(self.player(seat).pool.iter())
                .flat_map(|c| &c.attachments)
                .any(|&card| self.abilities_of(card).any(acts))
        {
            return;
        }
        let carried: Vec<CardId> = self
            .player(seat)
            .pool
            .iter()
            .flat_map(|c| c.attachments.iter().copied())
            .collect();
        // Read from the shared content: the choices they begin change the state.
        let content = std::sync::Arc::clone(&self.content);
        for source in carried {
            let powers = (self.abilities_in(&content, source))
                .filter(|a| a.when == Trigger::Defeated)
                .filter_map(|a| a.effect.across(Scope::EveryChampion));
            for effect in powers {
                self.tracks.defeated = Some(champion);
                self.begin_choices(effect, source, seat, &[], events);
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
            card: self.card_name(card),
            by: self.card_name(source),
            to: format!("to {} as an ally", self.name(carrier)),
        });
    }
}
