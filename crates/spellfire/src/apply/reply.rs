//! Replies to a razing or discard (`Trigger::AboutToGo`): when a realm or holding in play is about
//! to be razed or discarded — by a battle or by a card — and a card that could answer it may
//! still be held (it is in no discard pile, Abyss or play), the loss waits (`Pending::Reply`):
//! every player in turn, from the owner clockwise, may play such a card from his hand as an event,
//! or let it go. The card's reply acts when its own pause is over (`Effect::Saves` keeps what
//! was about to go); then the loss happens, unless it was saved.

use spellhall_core::{AnswerQueue, Seat};

use crate::apply::Family;
use crate::combat::Side;
use crate::effects::{Ability, Trigger};
use crate::event::Event;
use crate::state::{CardId, Loss, Pending, Reply, Spellfire};

impl Spellfire {
    /// The realm and holding, or the card, that `loss` would take.
    fn threatened_by(&self, loss: &Loss) -> Vec<CardId> {
        let slot_cards = |seat: Seat, at, standing: bool| -> Vec<CardId> {
            self.player(seat)
                .formation
                .slot(at)
                .filter(|s| !standing || !s.razed)
                .map(|s| [Some(s.realm), s.holding].into_iter().flatten().collect())
                .unwrap_or_default()
        };
        match loss {
            Loss::BattleRazing { .. } => self
                .battle
                .as_ref()
                .map(|b| slot_cards(b.defender, b.target, true))
                .unwrap_or_default(),
            Loss::Razed { seat, at } => slot_cards(*seat, *at, true),
            Loss::RealmDiscarded { seat, at } => slot_cards(*seat, *at, false),
            Loss::Discarded(card) => vec![*card],
        }
    }

    /// The ability of `card` that may reply now to the loss waiting on the stack, if any.
    pub(crate) fn reply_ability(&self, card: CardId) -> Option<&Ability> {
        self.card(card)
            .power
            .abilities()
            .iter()
            .find(|a| a.when == Trigger::AboutToGo && self.condition_holds(&a.condition, card, Side::Defender))
    }

    /// `loss` is about to happen. If a card that could reply to it may still be held (it lies in
    /// a hand or a draw pile, which the table cannot tell apart), the players are asked first,
    /// from the owner of what would go, clockwise, and the loss waits: `true`.
    pub(crate) fn threaten(&mut self, loss: Loss) -> bool {
        if !self.may_act_at(Trigger::AboutToGo) {
            return false;
        }
        let threatened = self.threatened_by(&loss);
        let Some(&first) = threatened.first() else {
            return false;
        };
        let owner = self.owner(first);
        // The players asked after the owner are listed only once someone may reply (no reply's
        // condition reads them).
        self.pending.push(Pending::Reply(Box::new(Reply {
            asking: owner,
            later: AnswerQueue::default(),
            threatened,
            loss,
            reply: None,
            saved: false,
        })));
        let held = match self.holders_of(Family::RepliesToLoss) {
            // The game's few cards that may reply are looked for, rather than every card held.
            Some(mut repliers) => repliers.any(|card| self.reply_ability(card).is_some() && self.held(card)),
            None => self
                .players
                .iter()
                .flat_map(|p| p.hand.iter().chain(p.draw.peek_top(p.draw.len())))
                .any(|&card| self.reply_ability(card).is_some()),
        };
        match self.pending.last_mut() {
            Some(Pending::Reply(reply)) if held => reply.later = AnswerQueue::after(owner, self.players.len()),
            _ => {
                self.pending.pop();
            }
        }
        held
    }

    /// Whether `card` lies in a hand or a draw pile.
    fn held(&self, card: CardId) -> bool {
        self.players
            .iter()
            .any(|p| p.hand.contains(&card) || p.draw.peek_top(p.draw.len()).any(|&c| c == card))
    }

    /// `seat` replies with `card` from his hand: it is played as an event and waits in its own
    /// pause (SF-192); the loss waits until it has acted.
    pub(crate) fn reply_with(&mut self, seat: Seat, card: CardId, events: &mut Vec<Event>) {
        if let Some(Pending::Reply(reply)) = self.pending.last_mut() {
            reply.reply = Some(card);
        }
        self.take_from_hand(seat, card);
        events.push(Event::EventPlayed {
            seat,
            card: self.card_name(card),
        });
        self.open_pause(card, seat, None, false);
    }

    /// `seat` lets it go: the next player is asked, or, once everyone has been, the loss happens.
    pub(crate) fn let_go(&mut self, events: &mut Vec<Event>) {
        let Some(Pending::Reply(mut reply)) = self.pending.pop() else {
            return;
        };
        match reply.later.pop() {
            Some(next) => {
                reply.asking = next;
                self.pending.push(Pending::Reply(reply));
            }
            None => self.settle(reply.loss, events),
        }
    }

    /// The reply played by `source` saves what was about to go (`Effect::Saves`).
    pub(crate) fn save_threatened(&mut self, source: CardId, by: Seat, events: &mut Vec<Event>) {
        let reply = self.pending.iter_mut().rev().find_map(|p| match p {
            Pending::Reply(reply) if reply.reply == Some(source) => Some(reply),
            _ => None,
        });
        let Some(reply) = reply else { return };
        reply.saved = true;
        let saved = reply.threatened.clone();
        events.push(Event::Saved {
            seat: by,
            card: self.card_name(source),
            saved: self.names(&saved),
        });
    }

    /// A reply that has acted (its pause over) ends the wait: the loss happens unless it saved
    /// what was about to go.
    pub(crate) fn close_replies(&mut self, events: &mut Vec<Event>) {
        while matches!(self.pending.last(), Some(Pending::Reply(reply)) if reply.reply.is_some()) {
            let Some(Pending::Reply(reply)) = self.pending.pop() else {
                return;
            };
            match (reply.saved, reply.loss) {
                (true, Loss::BattleRazing { after }) => self.after_round(&after, false, events),
                (true, _) => {}
                (false, loss) => self.settle(loss, events),
            }
        }
    }

    /// The loss happens.
    fn settle(&mut self, loss: Loss, events: &mut Vec<Event>) {
        match loss {
            Loss::BattleRazing { after } => {
                if let Some(attacker) = self.battle.as_ref().map(|b| b.attacker) {
                    self.raze_target(events);
                    self.end_battle(Some(attacker), events);
                }
                self.after_round(&after, false, events);
            }
            Loss::Razed { seat, at } => {
                // A battle over that realm has nothing left to fight for: it ends, no spoils.
                if self
                    .battle
                    .as_ref()
                    .is_some_and(|b| b.defender == seat && b.target == at)
                {
                    self.end_battle(None, events);
                }
                self.raze(seat, at, None, events);
            }
            Loss::RealmDiscarded { seat, at } => self.discard_realm(seat, at, events),
            Loss::Discarded(card) => {
                if self.in_play_but_realms().contains(&card) {
                    self.discard_in_play(card, events);
                }
            }
        }
    }
}
