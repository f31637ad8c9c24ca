//! Out-of-turn answers (DESIGN.md §2, "One decision at a time"): when one seat's action may be
//! answered by the others (an event's pause, a counter to an attack), they are asked one at a time,
//! in turn order, each decision its own.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Seat;

/// The most seats a queue holds: every other seat of a table of 16, more than any game seats.
const ROOM: usize = 15;

/// The seats still to answer, in turn order; the first is the one asked now.
///
/// Kept in place rather than in a list of its own (a queue is made for most event pauses, and
/// would allocate one each time), and saved as a plain list of seats (`[2, 0]`), so a game that
/// kept a `Vec<Seat>` before keeps its save layout.
#[derive(Clone)]
pub struct AnswerQueue {
    /// The seats from `first` to `end` are the queue; those before `first` have answered.
    seats: [Seat; ROOM],
    first: u8,
    end: u8,
}

impl Default for AnswerQueue {
    fn default() -> Self {
        Self {
            seats: [Seat(0); ROOM],
            first: 0,
            end: 0,
        }
    }
}

impl AnswerQueue {
    fn from_seats(seats: impl IntoIterator<Item = Seat>) -> Self {
        let mut queue = Self::default();
        for seat in seats {
            assert!(usize::from(queue.end) < ROOM, "a queue of more than {ROOM} seats");
            queue.seats[usize::from(queue.end)] = seat;
            queue.end += 1;
        }
        queue
    }

    /// Every other seat of a table of `count`, clockwise from the one to the left of `from` (the
    /// seat whose action is being answered).
    pub fn after(from: Seat, count: usize) -> Self {
        Self::from_seats(from.others_in_turn_order(count))
    }

    /// The seats of [`AnswerQueue::after`] that the rules ask (`asked`: an enemy, a seat with a
    /// card that could answer), still in turn order.
    pub fn after_where(from: Seat, count: usize, asked: impl FnMut(&Seat) -> bool) -> Self {
        Self::from_seats(from.others_in_turn_order(count).filter(asked))
    }

    /// One seat alone: the only one the rules ask.
    pub fn only(seat: Seat) -> Self {
        Self::from_seats([seat])
    }

    /// The seat asked now; `None` once every seat has answered.
    pub fn asking(&self) -> Option<Seat> {
        self.seats().first().copied()
    }

    /// Takes the seat at the front out of the queue (it has answered, or is about to be asked):
    /// the one after it is at the front now.
    pub fn pop(&mut self) -> Option<Seat> {
        let seat = self.asking()?;
        self.first += 1;
        Some(seat)
    }

    /// `seat` has answered: drops it and every seat before it, so that the one after it is asked
    /// now. A game that keeps only the seat asked now in its state works the queue out afresh from
    /// the rules ([`AnswerQueue::after_where`]) and carries on from that seat this way; a seat no
    /// longer in the queue leaves no one to ask.
    pub fn answered(&mut self, seat: Seat) {
        let asked = self
            .seats()
            .iter()
            .position(|&s| s == seat)
            .map_or(self.seats().len(), |i| i + 1);
        self.first += asked as u8;
    }

    /// Drops the seats for which `keep` is false: the rules no longer ask them (the reason they
    /// had to answer is gone). The others keep their order.
    pub fn keep_only(&mut self, mut keep: impl FnMut(&Seat) -> bool) {
        *self = Self::from_seats(self.seats().iter().copied().filter(|s| keep(s)));
    }

    /// Whether every seat has answered (or is no longer asked).
    pub fn is_done(&self) -> bool {
        self.first == self.end
    }

    /// The seats still to answer, the one asked now first.
    pub fn seats(&self) -> &[Seat] {
        &self.seats[usize::from(self.first)..usize::from(self.end)]
    }
}

// Compared, hashed, printed and saved as the list of seats still to answer.
impl PartialEq for AnswerQueue {
    fn eq(&self, other: &Self) -> bool {
        self.seats() == other.seats()
    }
}

impl Eq for AnswerQueue {}

impl std::hash::Hash for AnswerQueue {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.seats().hash(state);
    }
}

impl std::fmt::Debug for AnswerQueue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("AnswerQueue").field(&self.seats()).finish()
    }
}

impl Serialize for AnswerQueue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.seats().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for AnswerQueue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let seats = Vec::<Seat>::deserialize(deserializer)?;
        if seats.len() > ROOM {
            return Err(serde::de::Error::invalid_length(seats.len(), &"at most 15 seats"));
        }
        Ok(Self::from_seats(seats))
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
