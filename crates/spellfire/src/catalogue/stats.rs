//! Deck statistics for the editor's charts: cards per type, the champions' level curve, realms by
//! world, and the exact chance of having seen a realm by the end of one's second turn (the
//! two-draw mulligan, SF-216).

use std::collections::BTreeMap;

use crate::cards::{CardType, World};
use crate::catalogue::Catalogue;
use crate::deck::Deck;
use crate::format::Format;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeckStats {
    pub cards: u32,
    pub by_type: BTreeMap<CardType, u32>,
    /// Champions by level (a varying level `?` counts as 0).
    pub level_curve: BTreeMap<i32, u32>,
    pub champions: u32,
    pub total_levels: i32,
    pub realms: u32,
    pub realms_by_world: BTreeMap<World, u32>,
    /// The opening hand (SF-29) and the cards drawn each turn (SF-33) with decks of this size.
    pub opening_hand: u32,
    pub draw_per_turn: u32,
    /// Cards a player has seen by the end of his second turn: the opening hand and two draws.
    pub seen_by_turn_two: u32,
    /// The chance that none of them is a realm, as an exact fraction.
    pub no_realm: Fraction,
}

/// An exact probability `numerator / denominator`, in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fraction {
    pub numerator: u128,
    pub denominator: u128,
}

impl Default for Fraction {
    fn default() -> Self {
        Self {
            numerator: 0,
            denominator: 1,
        }
    }
}

impl Fraction {
    pub fn as_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }

    /// One minus this.
    pub fn complement(self) -> Fraction {
        Fraction {
            numerator: self.denominator - self.numerator,
            denominator: self.denominator,
        }
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The chance that `drawn` cards dealt from a shuffled deck of `size` cards, of which `realms` are
/// realms, hold no realm: C(size − realms, drawn) / C(size, drawn), multiplied out term by term and
/// reduced at each step so it stays exact in 128 bits.
pub fn chance_of_no_realm(size: u32, realms: u32, drawn: u32) -> Fraction {
    if drawn >= size {
        // Every card is seen: there is no realm among them only if the deck has none.
        return Fraction {
            numerator: u128::from(realms == 0),
            denominator: 1,
        };
    }
    let (mut numerator, mut denominator) = (1u128, 1u128);
    for i in 0..drawn {
        let Some(left) = (size - realms.min(size)).checked_sub(i) else {
            return Fraction::default();
        };
        if left == 0 {
            return Fraction::default();
        }
        let (top, bottom) = (u128::from(left), u128::from(size - i));
        let (g1, g2) = (gcd(top, denominator), gcd(numerator, bottom));
        numerator = (numerator / g2) * (top / g1);
        denominator = (denominator / g1) * (bottom / g2);
    }
    let g = gcd(numerator, denominator);
    Fraction {
        numerator: numerator / g,
        denominator: denominator / g,
    }
}

/// Five cards in every deck size (SF-29, SF-265).
pub const OPENING_HAND: u32 = 5;

pub fn deck_stats(deck: &Deck, format: &Format, catalogue: &Catalogue) -> DeckStats {
    let mut stats = DeckStats {
        cards: deck.cards.len() as u32,
        ..DeckStats::default()
    };
    for entry in deck.cards.iter().filter_map(|id| catalogue.get(*id)) {
        let card = &entry.card;
        *stats.by_type.entry(card.kind).or_default() += 1;
        if let Some(level) = card.champion_level() {
            stats.champions += 1;
            stats.total_levels += level;
            *stats.level_curve.entry(level).or_default() += 1;
        }
        if card.kind == CardType::Realm {
            stats.realms += 1;
            *stats.realms_by_world.entry(card.world).or_default() += 1;
        }
    }
    // Five in the opening hand, then a turn's draw on each of the first two turns (SF-29, SF-33,
    // SF-34: the first turn draws too).
    stats.opening_hand = OPENING_HAND;
    stats.draw_per_turn = format.draw_per_turn();
    stats.seen_by_turn_two = OPENING_HAND + 2 * stats.draw_per_turn;
    stats.no_realm = chance_of_no_realm(stats.cards, stats.realms, stats.seen_by_turn_two);
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_realm_chance_is_the_hypergeometric_fraction() {
        // 55 cards, 10 realms, 11 seen: C(45,11)/C(55,11).
        let f = chance_of_no_realm(55, 10, 11);
        let exact = (0..11).map(|i| (45 - i) as f64 / (55 - i) as f64).product::<f64>();
        assert!((f.as_f64() - exact).abs() < 1e-15, "{f:?} vs {exact}");
        assert_eq!(gcd(f.numerator, f.denominator), 1);
        // Small enough to check by hand: 4 cards, 1 realm, 2 seen → C(3,2)/C(4,2) = 3/6 = 1/2.
        assert_eq!(
            chance_of_no_realm(4, 1, 2),
            Fraction {
                numerator: 1,
                denominator: 2
            }
        );
        assert_eq!(
            chance_of_no_realm(55, 0, 11),
            Fraction {
                numerator: 1,
                denominator: 1
            }
        );
        assert_eq!(chance_of_no_realm(55, 50, 11).numerator, 0);
        // A deck smaller than the cards seen: every card is seen.
        assert_eq!(
            chance_of_no_realm(6, 0, 11),
            Fraction {
                numerator: 1,
                denominator: 1
            }
        );
        assert_eq!(
            chance_of_no_realm(6, 2, 11),
            Fraction {
                numerator: 0,
                denominator: 1
            }
        );
        assert_eq!(
            chance_of_no_realm(0, 0, 11),
            Fraction {
                numerator: 1,
                denominator: 1
            }
        );
        // 110 cards, 15 realms, 15 seen: still exact in 128 bits.
        let big = chance_of_no_realm(110, 15, 15);
        let exact = (0..15).map(|i| (95 - i) as f64 / (110 - i) as f64).product::<f64>();
        assert!((big.as_f64() - exact).abs() < 1e-15);
    }
}
