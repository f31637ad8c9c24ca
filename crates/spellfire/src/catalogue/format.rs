//! Deck formats (`data/spellfire/formats.ron`), made from CrossFire's `.cff` files by the converter:
//! deck size, per-type minimum, maximum and copies, champions and their total levels, avatars,
//! chase cards, and limits by rarity, world, set and the last digit of the card number.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use spellhall_core::content::{ContentError, parse_ron};

use crate::cards::{CardRef, CardType, Rarity, SetCode, World};

/// At least `min`, at most `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limit {
    pub min: u32,
    pub max: u32,
}

/// Per card type: how many cards of the type, and how many copies of one card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypeLimit {
    pub min: u32,
    pub max: u32,
    pub copies: u32,
}

/// One deck format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Format {
    /// Our id, used in deck files: "55", "75", "110", "55-starter".
    pub id: String,
    /// CrossFire's name for it (the `.cff` file's stem, used in `.cfd` files): "55", "551ES".
    pub crossfire: String,
    pub name: String,
    /// What the format is for, in our words.
    pub about: String,
    pub cards: Limit,
    pub avatars: Limit,
    pub chase: Limit,
    pub champions: Limit,
    /// The sum of the champions' levels.
    pub levels: Limit,
    pub types: BTreeMap<CardType, TypeLimit>,
    /// Only the limits that restrict something are kept: a rarity, world, set or digit not listed
    /// is limited by the deck size alone.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub rarities: BTreeMap<Rarity, Limit>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub worlds: BTreeMap<World, Limit>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sets: BTreeMap<SetCode, Limit>,
    /// By the last digit of the card number (the digit that decides who goes first).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub digits: BTreeMap<u8, Limit>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub banned: Vec<CardRef>,
}

impl Format {
    /// Cards drawn each turn with decks of this size (SF-33): 3, 4 with 75 cards, 5 with 110.
    pub fn draw_per_turn(&self) -> u32 {
        match self.cards.max {
            0..=55 => 3,
            56..=75 => 4,
            _ => 5,
        }
    }

    /// The hand limit at the end of a turn with decks of this size (SF-46, SF-262): 8, 10 with
    /// 75 cards, 12 with 110.
    pub fn hand_limit(&self) -> u32 {
        match self.cards.max {
            0..=55 => 8,
            56..=75 => 10,
            _ => 12,
        }
    }

    pub fn type_limit(&self, kind: CardType) -> TypeLimit {
        self.types
            .get(&kind)
            .copied()
            .unwrap_or_else(|| self.type_limit_unlisted())
    }

    /// The limit of a type `types` does not list: any number up to the deck's size, one copy.
    pub fn type_limit_unlisted(&self) -> TypeLimit {
        TypeLimit {
            min: 0,
            max: self.cards.max,
            copies: 1,
        }
    }
}

pub const FORMATS_FILE: &str = "data/spellfire/formats.ron";
const FORMATS_TEXT: &str = include_str!("../../../../data/spellfire/formats.ron");

/// The formats a deck may be checked against, in menu order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Formats {
    pub formats: Vec<Format>,
}

impl Formats {
    pub fn shipped() -> Result<Self, ContentError> {
        Self::parse(FORMATS_FILE, FORMATS_TEXT)
    }

    pub fn parse(file: &str, text: &str) -> Result<Self, ContentError> {
        let formats: Formats = parse_ron(file, text)?;
        let mut seen = std::collections::BTreeSet::new();
        for format in &formats.formats {
            let problem = |message: String| ContentError::at_item(file, text, &format.id, message);
            if !seen.insert(format.id.as_str()) {
                return Err(problem(format!("the format id '{}' is used twice", format.id)));
            }
            let limits = [
                format.cards,
                format.avatars,
                format.chase,
                format.champions,
                format.levels,
            ];
            if limits.iter().any(|l| l.min > l.max) {
                return Err(problem("a limit's minimum is above its maximum".into()));
            }
        }
        Ok(formats)
    }

    pub fn get(&self, id: &str) -> Option<&Format> {
        self.formats.iter().find(|f| f.id == id)
    }

    /// The format CrossFire calls `name` (`tempDeckSize` in a `.cfd` file).
    pub fn by_crossfire_name(&self, name: &str) -> Option<&Format> {
        self.formats.iter().find(|f| f.crossfire == name)
    }
}
