//! An ordered zone of cards: a draw pile, a discard pile, a deck.

use serde::{Deserialize, Serialize};

use crate::{GameRng, Seat};

/// Cards in order. The top of the pile is the end of the vector, so drawing is cheap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Pile<T> {
    bottom_to_top: Vec<T>,
}

impl<T> Default for Pile<T> {
    fn default() -> Self {
        Self {
            bottom_to_top: Vec::new(),
        }
    }
}

impl<T> Pile<T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// A pile whose top card is `top_first[0]`.
    pub fn from_top_down(mut top_first: Vec<T>) -> Self {
        top_first.reverse();
        Self {
            bottom_to_top: top_first,
        }
    }

    pub fn len(&self) -> usize {
        self.bottom_to_top.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bottom_to_top.is_empty()
    }

    /// Take the top card.
    pub fn draw(&mut self) -> Option<T> {
        self.bottom_to_top.pop()
    }

    /// Take up to `n` cards from the top, the first drawn first.
    pub fn draw_up_to(&mut self, n: usize) -> Vec<T> {
        let keep = self.len().saturating_sub(n);
        let mut drawn = self.bottom_to_top.split_off(keep);
        drawn.reverse();
        drawn
    }

    /// Look at the top `n` cards (fewer if the pile is smaller), top first, without moving them.
    pub fn peek_top(&self, n: usize) -> impl Iterator<Item = &T> {
        self.bottom_to_top.iter().rev().take(n)
    }

    pub fn top(&self) -> Option<&T> {
        self.bottom_to_top.last()
    }

    pub fn put_top(&mut self, card: T) {
        self.bottom_to_top.push(card);
    }

    pub fn put_bottom(&mut self, card: T) {
        self.bottom_to_top.insert(0, card);
    }

    pub fn shuffle(&mut self, rng: &mut GameRng) {
        rng.shuffle(&mut self.bottom_to_top);
    }

    /// Every card, top first.
    pub fn iter_top_down(&self) -> impl Iterator<Item = &T> {
        self.bottom_to_top.iter().rev()
    }

    /// Remove and return the card `depth` places below the top (0 = the top card).
    pub fn take_at_depth(&mut self, depth: usize) -> Option<T> {
        let len = self.len();
        (depth < len).then(|| self.bottom_to_top.remove(len - 1 - depth))
    }

    /// Empty the pile, returning its cards top first.
    pub fn take_all(&mut self) -> Vec<T> {
        let mut all = std::mem::take(&mut self.bottom_to_top);
        all.reverse();
        all
    }
}

impl<T: PartialEq> Pile<T> {
    pub fn contains(&self, card: &T) -> bool {
        self.bottom_to_top.contains(card)
    }

    /// Remove one copy of `card` wherever it lies; false if it is not in the pile.
    pub fn remove(&mut self, card: &T) -> bool {
        match self.bottom_to_top.iter().rposition(|c| c == card) {
            Some(at) => {
                self.bottom_to_top.remove(at);
                true
            }
            None => false,
        }
    }
}

/// Shuffle the cards of every hand but `keep`'s together with `pile` and deal them back, each hand
/// its own size, the rest to the pile: the usual re-deal of what one seat cannot see
/// ([`crate::Redeal`]).
pub fn redeal_other_hands<T>(hands: &mut [Vec<T>], keep: usize, pile: &mut Pile<T>, rng: &mut GameRng) {
    let sizes: Vec<usize> = hands.iter().map(Vec::len).collect();
    let mut hidden = pile.take_all();
    for (index, hand) in hands.iter_mut().enumerate() {
        if index != keep {
            hidden.append(hand);
        }
    }
    rng.shuffle(&mut hidden);
    for (index, hand) in hands.iter_mut().enumerate() {
        if index != keep {
            *hand = hidden.split_off(hidden.len() - sizes[index]);
        }
    }
    *pile = Pile::from_top_down(hidden);
}

/// The invariant every card game keeps: each of its `total` cards in exactly one place. `found`
/// lists the index of every card in every zone; `name` names a card for the message. `Err` says
/// which card is missing, doubled, or not one of the game's.
pub fn each_card_once(
    total: usize,
    found: impl IntoIterator<Item = usize>,
    name: impl Fn(usize) -> String,
) -> Result<(), String> {
    let mut places = Places::new(total);
    // Internal iteration: the games chain a dozen zones, which `for` would step through slowly.
    found.into_iter().try_for_each(|card| places.count(card))?;
    places.each_once(name)
}

/// [`each_card_once`] for a game whose cards belong to seats and stay in their owner's zones:
/// `found` also says among whose cards each one lies (`None` where any seat's card may lie: a
/// shared zone, a card lent to another seat), `owner` whose card it is. `Err` also names a card
/// lying among another seat's cards.
pub fn each_card_once_with_owners(
    total: usize,
    found: impl IntoIterator<Item = (usize, Option<Seat>)>,
    owner: impl Fn(usize) -> Seat,
    name: impl Fn(usize) -> String,
) -> Result<(), String> {
    let mut places = Places::new(total);
    found.into_iter().try_for_each(|(card, among)| {
        places.count(card)?;
        match among {
            Some(seat) if owner(card) != seat => {
                Err(format!("{}'s {} lies among {seat}'s cards", owner(card), name(card)))
            }
            _ => Ok(()),
        }
    })?;
    places.each_once(name)
}

/// How many places each card of a game was found in.
struct Places(Vec<u32>);

impl Places {
    fn new(total: usize) -> Self {
        Self(vec![0; total])
    }

    /// Inlined into each game's check: it runs for every card after every action of the property tests.
    #[inline]
    fn count(&mut self, card: usize) -> Result<(), String> {
        match self.0.get_mut(card) {
            Some(count) => {
                *count += 1;
                Ok(())
            }
            None => Err(self.not_a_card(card)),
        }
    }

    #[cold]
    fn not_a_card(&self, card: usize) -> String {
        format!("card {card} is not one of the game's {} cards", self.0.len())
    }

    fn each_once(&self, name: impl Fn(usize) -> String) -> Result<(), String> {
        match self.0.iter().position(|&n| n != 1) {
            Some(card) => Err(format!("{} is in {} places", name(card), self.0[card])),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_from_the_top_in_order() {
        let mut pile = Pile::from_top_down(vec!['a', 'b', 'c', 'd']);
        assert_eq!(pile.top(), Some(&'a'));
        assert_eq!(pile.draw(), Some('a'));
        assert_eq!(pile.draw_up_to(2), vec!['b', 'c']);
        assert_eq!(pile.draw_up_to(5), vec!['d']);
        assert_eq!(pile.draw(), None);
        assert!(pile.is_empty());
    }

    #[test]
    fn top_and_bottom_placement_and_peeking() {
        let mut pile = Pile::from_top_down(vec![2, 3]);
        pile.put_top(1);
        pile.put_bottom(4);
        assert_eq!(pile.peek_top(2).copied().collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(pile.peek_top(9).count(), 4);
        assert_eq!(pile.iter_top_down().copied().collect::<Vec<_>>(), vec![1, 2, 3, 4]);
        assert_eq!(pile.take_at_depth(1), Some(2));
        assert_eq!(pile.take_at_depth(7), None);
        assert!(pile.remove(&4));
        assert!(!pile.remove(&4));
        assert_eq!(pile.take_all(), vec![1, 3]);
    }

    #[test]
    fn shuffle_keeps_every_card() {
        let mut pile = Pile::from_top_down((0..40).collect::<Vec<u32>>());
        pile.shuffle(&mut GameRng::new(9));
        let mut cards = pile.take_all();
        assert_ne!(cards, (0..40).collect::<Vec<_>>());
        cards.sort();
        assert_eq!(cards, (0..40).collect::<Vec<_>>());
    }

    #[test]
    fn each_card_once_names_a_card_missing_doubled_or_foreign() {
        let name = |card: usize| format!("card #{card}");
        assert_eq!(each_card_once(3, [2, 0, 1], name), Ok(()));
        assert_eq!(each_card_once(3, [0, 1], name), Err("card #2 is in 0 places".into()));
        assert_eq!(
            each_card_once(3, [0, 1, 1, 2], name),
            Err("card #1 is in 2 places".into())
        );
        assert!(
            each_card_once(3, [0, 1, 2, 7], name)
                .unwrap_err()
                .contains("not one of the game's 3")
        );
    }

    #[test]
    fn each_card_once_with_owners_names_a_card_among_another_seats() {
        let name = |card: usize| format!("card #{card}");
        // Cards 0 and 1 are Seat 1's, card 2 is Seat 2's.
        let owner = |card: usize| if card < 2 { Seat(0) } else { Seat(1) };
        let check = |found: &[(usize, Option<Seat>)]| each_card_once_with_owners(3, found.iter().copied(), owner, name);
        assert_eq!(check(&[(0, Some(Seat(0))), (1, None), (2, Some(Seat(1)))]), Ok(()));
        assert_eq!(
            check(&[(0, Some(Seat(0))), (1, Some(Seat(1))), (2, Some(Seat(1)))]),
            Err("Seat 1's card #1 lies among Seat 2's cards".into())
        );
        assert_eq!(
            check(&[(0, None), (2, None), (2, None)]),
            Err("card #1 is in 0 places".into())
        );
        assert!(
            check(&[(3, Some(Seat(0)))])
                .unwrap_err()
                .contains("not one of the game's 3")
        );
    }
}
