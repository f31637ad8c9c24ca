//! Powers that let their player choose between ways of acting (`OneOf`: "one champion or two
//! allies"), and flight given to a chosen fighting card (`Fly`).

use spellhall_core::Seat;

use crate::effects::Effect;
use crate::event::Event;
use crate::state::{CardId, Pending, Pick, Spellfire};

impl Spellfire {
    /// The cards a `OneOf` may begin with: those of each way's first choice, without repeats.
    pub(crate) fn one_of_candidates(&self, source: CardId, all: &[Effect], by: Seat) -> Vec<CardId> {
        let mut out = Vec::new();
        for target in all.iter().filter_map(Effect::choice_target) {
            for card in self.candidates(source, target, by) {
                if !out.contains(&card) {
                    out.push(card);
                }
            }
        }
        out
    }

    /// `OneOf` and `Fly` for `by`, the player of `source`, on the chosen `target` (asked first if
    /// not chosen yet).
    pub(crate) fn carry_out_mode(
        &mut self,
        effect: &Effect,
        source: CardId,
        by: Seat,
        target: Option<CardId>,
        calmed: &[Seat],
        events: &mut Vec<Event>,
    ) {
        let Some(card) = target else {
            self.begin_choices(effect, source, by, calmed, events);
            return;
        };
        match effect {
            Effect::OneOf(all) => {
                // The first way whose choice allows the card; its further choices follow.
                let chosen = all.iter().find(|way| {
                    way.choice_target()
                        .is_some_and(|t| self.candidates(source, t, by).contains(&card))
                });
                let Some(way) = chosen.cloned() else { return };
                let (inner, more) = match way {
                    Effect::UpTo(amount, inner) => (*inner, amount.value().saturating_sub(1) as u8),
                    Effect::May(inner) => (*inner, 0),
                    other => (other, 0),
                };
                self.carry_out(&inner, source, by, Some(card), &[], events);
                let next = Pick {
                    seat: by,
                    source,
                    effect: inner,
                    left: more,
                    optional: true,
                    player: None,
                    seen: Vec::new(),
                };
                if more > 0 && !self.pick_candidates(&next).is_empty() {
                    self.pending.push(Pending::Pick(Box::new(next)));
                }
            }
            Effect::Fly(_) => {
                if let Some(battle) = &mut self.battle
                    && !battle.flying.contains(&card)
                {
                    battle.flying.push(card);
                }
                // A walled attacker who now flies goes on (SF-132).
                if let Some(Pending::Walled { wall, .. }) = self.pending.last().cloned()
                    && self.can_cross(wall)
                {
                    self.pending.pop();
                }
            }
            _ => {}
        }
    }
}
