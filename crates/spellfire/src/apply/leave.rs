//! Spells cast only with another player's leave (`Effect::CastsOnlyWithLeave`): after such a
//! spell is cast, in a round or outside one, the player whose card says so is asked out of turn
//! (`Pending::Leave`, on top of the stack): `Pass` allows the spell, which goes on as cast;
//! `Answer` with the card refuses it, and the spell is discarded without acting.

use spellhall_core::Seat;

use crate::catalogue::cards::CardType;
use crate::effects::{Effect, Trigger};
use crate::event::Event;
use crate::state::{CardId, Leave, Pending, Spellfire};

use super::{Bin, Family};

impl Spellfire {
    /// The first card in play (not among `asked`) whose power makes `by`'s champion `caster`
    /// cast `spell` only with its player's leave, with that player.
    pub(crate) fn leave_needed(
        &self,
        spell: CardId,
        by: Seat,
        caster: Option<CardId>,
        asked: &[CardId],
    ) -> Option<(CardId, Seat)> {
        let caster = caster?;
        // Most games hold no card that asks for leave: no card in play is read for one.
        if !self.may_have(Family::AsksLeave)
            || !matches!(self.kind(spell), CardType::WizardSpell | CardType::ClericSpell)
        {
            return None;
        }
        self.in_play_unique().find_map(|source| {
            let owner = self.owner(source);
            if owner == by || source == caster || asked.contains(&source) || self.powers_lost(source) {
                return None;
            }
            self.card(source)
                .power
                .abilities()
                .iter()
                .any(|a| {
                    a.when == Trigger::InPlay
                        && matches!(&a.effect, Effect::CastsOnlyWithLeave { casters, spells }
                            if spells.contains(&self.kind(spell)) && self.is(casters, caster))
                        && self.condition_holds(&a.condition, source, self.side_of_seat(owner))
                })
                .then_some((source, owner))
        })
    }

    /// `by` has just cast `spell` with `caster` (the fighter `fighter` in a round): if a card's
    /// power asks for leave, its player is asked now and the spell waits. Whether it waits.
    pub(crate) fn ask_leave(
        &mut self,
        spell: CardId,
        by: Seat,
        caster: Option<CardId>,
        fighter: Option<CardId>,
        asked: Vec<CardId>,
        answer: bool,
    ) -> bool {
        let Some((source, seat)) = self.leave_needed(spell, by, caster, &asked) else {
            return false;
        };
        // A claim used to cast the spell is spent.
        if matches!(self.pending.last(), Some(Pending::Claim { .. })) {
            self.pending.pop();
        }
        self.pending.push(Pending::Leave(Box::new(Leave {
            seat,
            source,
            spell,
            by,
            caster,
            fighter,
            asked,
            answer,
        })));
        true
    }

    /// The leave asked for is given (`Pass`): the next card that asks for leave is asked, or the
    /// spell goes on as cast.
    pub(crate) fn allow_spell(&mut self, events: &mut Vec<Event>) {
        let Some(Pending::Leave(leave)) = self.pending.pop() else {
            return;
        };
        let mut leave = *leave;
        events.push(Event::SpellLeave {
            seat: leave.seat,
            card: self.card_name(leave.source),
            spell: self.card_name(leave.spell),
            allowed: true,
        });
        leave.asked.push(leave.source);
        let (spell, by, caster, fighter) = (leave.spell, leave.by, leave.caster, leave.fighter);
        if self.ask_leave(spell, by, caster, fighter, leave.asked, leave.answer) {
            return;
        }
        if leave.answer {
            self.answer(by, spell, events);
        } else {
            self.spell_goes_on(by, spell, fighter, caster, events);
        }
    }

    /// The leave is refused (`Answer` with the card): the spell leaves the round, if it is in
    /// one, for its owner's discard pile, and does nothing.
    pub(crate) fn refuse_spell(&mut self, events: &mut Vec<Event>) {
        let Some(Pending::Leave(leave)) = self.pending.pop() else {
            return;
        };
        events.push(Event::SpellLeave {
            seat: leave.seat,
            card: self.card_name(leave.source),
            spell: self.card_name(leave.spell),
            allowed: false,
        });
        let mut in_round = false;
        if let Some(battle) = &mut self.battle {
            for fighter in [&mut battle.attacking, &mut battle.defending].into_iter().flatten() {
                if fighter.round_cards.contains(&leave.spell) {
                    fighter.round_cards.retain(|&c| c != leave.spell);
                    in_round = true;
                }
            }
        }
        // An answer leaves the hand now (the pause goes on, its player still asked); outside a
        // round a spell went to the discard pile as it was cast.
        if leave.answer {
            let hand = &mut self.player_mut(leave.by).hand;
            hand.retain(|&c| c != leave.spell);
            self.bin(leave.spell, Bin::Discard);
        } else if in_round {
            self.bin(leave.spell, Bin::Discard);
            self.fell([leave.spell]);
        }
    }
}
