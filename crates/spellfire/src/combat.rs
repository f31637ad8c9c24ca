//! Totals in a round and who is losing (SF-111–115): a champion's level plus the bonus of every
//! card fighting with it, and ties to the defender. Pure arithmetic over what the engine gathers.

use serde::{Deserialize, Serialize};

use crate::state::CardId;

/// The two sides of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    Attacker,
    Defender,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Attacker => Side::Defender,
            Side::Defender => Side::Attacker,
        }
    }
}

/// Where one part of a total comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// A card fighting with the champion: an item, artifact, ally, spell or the like.
    Card(CardId),
    /// The World Bonuses optional rule (SF-260).
    WorldBonus,
    /// Base levels earned under Experience Spoils (SF-248).
    Experience,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    pub source: Source,
    pub amount: i32,
}

/// A side's total with its parts, so the table can show how it adds up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Total {
    /// The fighting champion (or realm) and its level.
    pub champion: CardId,
    pub level: i32,
    pub parts: Vec<Part>,
}

impl Total {
    pub fn new(champion: CardId, level: i32) -> Self {
        Self {
            champion,
            level,
            parts: Vec::new(),
        }
    }

    /// Add a part; a zero adds nothing worth showing.
    pub fn add(&mut self, source: Source, amount: i32) {
        if amount != 0 {
            self.parts.push(Part { source, amount });
        }
    }

    pub fn value(&self) -> i32 {
        self.level + self.parts.iter().map(|p| p.amount).sum::<i32>()
    }
}

/// The side that is losing on these totals: the lower one, and the attacker on a tie, because an
/// exact tie counts as the defender winning (SF-111, SF-115).
pub fn losing(attacker: i32, defender: i32) -> Side {
    if attacker > defender {
        Side::Defender
    } else {
        Side::Attacker
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sf_111_totals_add_every_part() {
        let mut total = Total::new(CardId(0), 5);
        total.add(Source::Card(CardId(1)), 3);
        total.add(Source::Card(CardId(2)), -1);
        total.add(Source::WorldBonus, 0);
        assert_eq!(total.value(), 7);
        assert_eq!(total.parts.len(), 2, "a zero part is not shown");
    }

    #[test]
    fn sf_115_a_tie_goes_to_the_defender() {
        assert_eq!(losing(6, 6), Side::Attacker);
        assert_eq!(losing(7, 6), Side::Defender);
        assert_eq!(losing(2, 9), Side::Attacker);
        assert_eq!(Side::Attacker.other(), Side::Defender);
    }
}
