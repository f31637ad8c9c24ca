//! A change of sides inside a battle (`Effect::ChangesSides`: Magic Jar). The champion who has
//! just beaten a side goes over to it with what he carries and waits, out of every pool; he takes
//! the field as that side's champion in the next round of the battle (the defender chooses no one)
//! and goes to his owner's discard pile with it all as he leaves the fight, or as the battle ends
//! if no next round is fought. While he fights, he and his cards are among the battle's `turned`
//! cards (fighting for a side not their owner's).

use spellhall_core::Seat;

use crate::apply::Bin;
use crate::event::Event;
use crate::state::{BattleStep, CardId, Champion, Fighter, GoneOver, Spellfire};

impl Spellfire {
    /// `by`'s power of `source` takes over the champion who won the round just ended: he leaves
    /// his owner's pool for `by`'s side, with what he carries.
    pub(crate) fn change_sides(&mut self, by: Seat, source: CardId, events: &mut Vec<Event>) {
        let Some(battle) = &self.battle else { return };
        let Some(champion) = battle.won_last.filter(|_| battle.gone_over.is_none()) else {
            return;
        };
        let owner = self.owner(champion);
        let Some(index) = self.player(owner).pool_index(champion).filter(|_| owner != by) else {
            return;
        };
        let champion = self.player_mut(owner).pool.remove(index);
        events.push(Event::WentOver {
            seat: by,
            owner,
            champion: self.card_name(champion.card),
            by: self.card_name(source),
        });
        if let Some(battle) = &mut self.battle {
            battle.gone_over = Some(GoneOver { seat: by, champion });
        }
    }

    /// A new round has its attacker: a champion gone over to the defending side takes the field
    /// at once as its defender. Whether one did.
    pub(crate) fn gone_over_defends(&mut self, events: &mut Vec<Event>) -> bool {
        let Some(battle) = &mut self.battle else { return false };
        let waiting = battle.gone_over.as_ref().is_some_and(|g| g.seat == battle.defender);
        if battle.step != BattleStep::ChooseDefender || !waiting {
            return false;
        }
        let Some(gone) = battle.gone_over.take() else {
            return false;
        };
        battle.turned.push(gone.champion.card);
        battle.turned.extend(&gone.champion.attachments);
        let defender = battle.defender;
        self.take_the_field(defender, Fighter::champion(gone.champion), events);
        true
    }

    /// Whether `card`, a fighting champion, fights for the side that is not his owner's (the
    /// battle's `turned` cards are only ever that): leaving the fight, he goes to his owner's
    /// discard pile rather than to a pool.
    pub(crate) fn is_gone_over(&self, card: CardId) -> bool {
        self.kind(card).is_champion() && self.battle.as_ref().is_some_and(|b| b.turned.contains(&card))
    }

    /// A champion gone over to the other side leaves the fight, or the battle ends while he waits:
    /// to his owner's discard pile with what he still carries.
    pub(crate) fn discard_gone_over(&mut self, champion: Champion, events: &mut Vec<Event>) {
        self.fell(std::iter::once(champion.card).chain(champion.attachments.iter().copied()));
        events.push(Event::GoneOverDiscarded {
            owner: self.owner(champion.card),
            champion: self.card_name(champion.card),
            cards: self.names(&champion.attachments),
        });
        self.bin(champion.card, Bin::Discard);
        for card in champion.attachments {
            self.bin(card, Bin::Discard);
        }
    }
}
