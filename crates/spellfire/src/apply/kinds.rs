//! Champions that fight as a kind their player chooses (`Effect::FunctionsAs`, Chest of Many
//! Things). The kind is chosen before each round — before the round's powers act (SF-136), so
//! that a power naming a kind reads the chosen one — or as the card is put on a champion
//! fighting a round (an instant-defeat reply, WE-13); it is forgotten as the round ends.

use spellhall_core::Seat;

use crate::catalogue::cards::CardType;
use crate::combat::Side;
use crate::effects::{Effect, Trigger};
use crate::event::Event;
use crate::state::{CardId, InstantDefeat, Pending, Spellfire};

impl Spellfire {
    /// The kinds `source`'s powers let its champion fight as, one list a power.
    fn kind_choices(&self, source: CardId) -> Vec<Vec<CardType>> {
        self.abilities_of(source)
            .filter(|a| a.when == Trigger::InBattle)
            .filter_map(|a| match &a.effect {
                Effect::FunctionsAs(kinds) if !kinds.is_empty() => Some(kinds.clone()),
                _ => None,
            })
            .collect()
    }

    /// `seat` chooses the kind `source` lets its champion fight as this round: asked when there
    /// are several, recorded at once when there is one. Whether a choice was asked.
    fn ask_kind(&mut self, source: CardId, seat: Seat, events: &mut Vec<Event>) -> bool {
        let mut asked = false;
        for kinds in self.kind_choices(source) {
            let effect = match kinds.as_slice() {
                [_] => Effect::FunctionsAs(kinds),
                _ => {
                    asked = true;
                    Effect::ChooseOne(kinds.iter().map(|&k| Effect::FunctionsAs(vec![k])).collect())
                }
            };
            self.begin_choices(&effect, source, seat, &[], events);
        }
        asked
    }

    /// Whether `item`, put on the champion `threat` would defeat, removes the threat's condition
    /// (SF-135): the power defeats champions of some kinds, and the item lets him fight as a kind
    /// it spares. A card played in the round that discards him (`threat.played`) is not answered
    /// so.
    pub(crate) fn removes_threat(&self, threat: &InstantDefeat, item: CardId) -> bool {
        let Some(victim) = self.fighting(threat.victim) else {
            return false;
        };
        if threat.played || !matches!(self.kind(item), CardType::MagicalItem | CardType::Artifact) {
            return false;
        }
        let granted = self.granted(victim);
        let spared = |kind: CardType| {
            self.abilities_of(threat.source)
                .filter(|a| a.when == Trigger::RoundStart)
                .all(|a| match &a.effect {
                    Effect::DefeatsOpponent(champions) => !champions.matches_granted(self.card(victim), kind, &granted),
                    _ => true,
                })
        };
        self.kind_choices(item).iter().flatten().any(|&kind| spared(kind))
    }

    /// A round begins: every card in it that lets its champion fight as a chosen kind asks its
    /// player. Whether the round's powers must wait for those choices.
    pub(crate) fn ask_kinds(&mut self, events: &mut Vec<Event>) -> bool {
        let Some(battle) = &self.battle else {
            return false;
        };
        let (attacker, defender) = (battle.attacker, battle.defender);
        // Most games hold no such card: the battle's cards are neither sorted nor read then (and
        // with none, the loop below would ask nothing).
        if !self.may_have(crate::apply::Family::ChosenKinds) {
            return false;
        }
        let mut asked = false;
        // The defender's choices go on the stack first, so the attacker chooses first.
        for &(source, side) in self.battle_cards().iter().rev() {
            let seat = if side == Side::Attacker { attacker } else { defender };
            asked |= self.ask_kind(source, seat, events);
        }
        asked
    }

    /// `item` was just put on a champion by `seat`: if that champion fights the round in
    /// progress, the kind the item lets him fight as is chosen now.
    pub(crate) fn kind_on_attach(&mut self, item: CardId, seat: Seat, events: &mut Vec<Event>) {
        let fighting = self
            .battle
            .iter()
            .flat_map(|b| [&b.attacking, &b.defending])
            .flatten()
            .any(|f| f.attachments.contains(&item));
        if fighting {
            self.ask_kind(item, seat, events);
        }
    }

    /// `FunctionsAs([kind])` of `source`: the champion with it (or carrying it) fights as `kind`
    /// for the rest of the round.
    pub(crate) fn functions_as(&mut self, source: CardId, kind: CardType) {
        let champion = if self.kind(source).is_champion() {
            Some(source)
        } else {
            self.carrier_of(source)
        };
        if let (Some(champion), Some(battle)) = (champion, &mut self.battle) {
            battle.kinds.retain(|&(c, _)| c != champion);
            battle.kinds.push((champion, kind));
        }
    }

    /// A round whose powers waited for the kinds to be chosen activates once no such choice is
    /// left on the stack.
    pub(crate) fn activate_once_kinds_chosen(&mut self, events: &mut Vec<Event>) {
        if !self.battle.as_ref().is_some_and(|b| b.activation_due) {
            return;
        }
        let choosing = self.pending.iter().any(|p| {
            matches!(p, Pending::Pick(pick)
                if matches!(&pick.effect, Effect::ChooseOne(ways)
                    if ways.iter().all(|w| matches!(w, Effect::FunctionsAs(_)))))
        });
        if choosing {
            return;
        }
        if let Some(battle) = &mut self.battle {
            battle.activation_due = false;
        }
        self.open_round(events);
    }
}
