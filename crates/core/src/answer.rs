//! Out-of-turn answers (DESIGN.md §2, "One decision at a time"): when one seat's action may be
//! answered by the others (an event's pause, a counter to an attack), they are asked one at a time,
//! in turn order, each decision its own.

use serde::{Deserialize, Serialize};

use crate::Seat;

/// The seats still to answer, in turn order; the first is the one asked now.
///
/// Saved as a plain list of seats (`[2, 0]`), so a game that kept a `Vec<Seat>` before keeps its
/// save layout.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AnswerQueue(Vec<Seat>);

impl AnswerQueue {
    /// Every other seat of a table of `count`, clockwise from the one to the left of `from` (the
    /// seat whose action is being answered).
    pub fn after(from: Seat, count: usize) -> Self {
        Self(from.others_in_turn_order(count).collect())
    }

    /// The seats of [`AnswerQueue::after`] that the rules ask (`asked`: an enemy, a seat with a
    /// card that could answer), still in turn order.
    pub fn after_where(from: Seat, count: usize, asked: impl FnMut(&Seat) -> bool) -> Self {
        Self(from.others_in_turn_order(count).filter(asked).collect())
    }

    /// One seat alone: the only one the rules ask.
    pub fn only(seat: Seat) -> Self {
        Self(vec![seat])
    }

    /// The seat asked now; `None` once every seat has answered.
    pub fn asking(&self) -> Option<Seat> {
        self.0.first().copied()
    }

    /// Takes the seat at the front out of the queue (it has answered, or is about to be asked):
    /// the one after it is at the front now.
    pub fn pop(&mut self) -> Option<Seat> {
        (!self.0.is_empty()).then(|| self.0.remove(0))
    }

    /// `seat` has answered: drops it and every seat before it, so that the one after it is asked
    /// now. A game that keeps only the seat asked now in its state works the queue out afresh from
    /// the rules ([`AnswerQueue::after_where`]) and carries on from that seat this way; a seat no
    /// longer in the queue leaves no one to ask.
    pub fn answered(&mut self, seat: Seat) {
        let asked = self.0.iter().position(|&s| s == seat).map_or(self.0.len(), |i| i + 1);
        self.0.drain(..asked);
    }

    /// Drops the seats for which `keep` is false: the rules no longer ask them (the reason they
    /// had to answer is gone). The others keep their order.
    pub fn keep_only(&mut self, keep: impl FnMut(&Seat) -> bool) {
        self.0.retain(keep);
    }

    /// Whether every seat has answered (or is no longer asked).
    pub fn is_done(&self) -> bool {
        self.0.is_empty()
    }

    /// The seats still to answer, the one asked now first.
    pub fn seats(&self) -> &[Seat] {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_other_seat_is_asked_clockwise_from_the_left() {
        let mut queue = AnswerQueue::after(Seat(2), 4);
        assert_eq!(queue.seats(), [Seat(3), Seat(0), Seat(1)]);
        let mut asked = Vec::new();
        while let Some(seat) = queue.pop() {
            asked.push(seat);
        }
        assert_eq!(asked, [Seat(3), Seat(0), Seat(1)]);
        assert!(queue.is_done());
        assert_eq!(queue.asking(), None);
        assert_eq!(queue.pop(), None);
    }

    #[test]
    fn a_table_of_one_asks_no_one() {
        assert!(AnswerQueue::after(Seat(0), 1).is_done());
    }

    #[test]
    fn only_the_seats_the_rules_ask_are_queued_in_turn_order() {
        let queue = AnswerQueue::after_where(Seat(1), 5, |seat| seat.0 % 2 == 0);
        assert_eq!(queue.seats(), [Seat(2), Seat(4), Seat(0)]);
        assert_eq!(queue.asking(), Some(Seat(2)));
        assert_eq!(AnswerQueue::only(Seat(3)).seats(), [Seat(3)]);
    }

    #[test]
    fn a_seat_no_longer_asked_is_skipped_and_the_rest_keep_their_order() {
        let mut queue = AnswerQueue::after(Seat(0), 4);
        assert_eq!(queue.pop(), Some(Seat(1)));
        queue.keep_only(|seat| *seat != Seat(2));
        assert_eq!(queue.asking(), Some(Seat(3)));
        queue.keep_only(|_| false);
        assert!(queue.is_done());
    }

    #[test]
    fn after_a_seat_answers_the_next_in_turn_order_is_asked() {
        let mut queue = AnswerQueue::after(Seat(1), 5);
        queue.answered(Seat(3));
        assert_eq!(queue.seats(), [Seat(4), Seat(0)]);
        queue.answered(Seat(0));
        assert!(queue.is_done());
        let mut queue = AnswerQueue::after_where(Seat(0), 4, |seat| *seat != Seat(2));
        queue.answered(Seat(2));
        assert!(queue.is_done(), "a seat no longer asked leaves no one after it");
    }

    #[test]
    fn a_queue_is_saved_as_a_plain_list_of_seats() {
        let queue = AnswerQueue::after(Seat(0), 3);
        let text = ron::to_string(&queue).unwrap();
        assert_eq!(text, ron::to_string(&vec![Seat(1), Seat(2)]).unwrap());
        assert_eq!(ron::from_str::<AnswerQueue>(&text).unwrap(), queue);
    }
}
