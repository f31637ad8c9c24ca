//! The 60 spells, loaded from `data/spellcaster/spells.ron` (embedded in the binary) and checked:
//! 60 spells, 15 of each colour, every id unique.

use serde::{Deserialize, Serialize};
use spellhall_core::content::{Catalog, ContentError, Keyed};

use crate::Effect;

/// Where the spells live in the repository (and how errors name the embedded copy).
pub const SPELLS_FILE: &str = "data/spellcaster/spells.ron";
const SPELLS_TEXT: &str = include_str!("../../../data/spellcaster/spells.ron");

/// The four placards, in their order on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    Red,
    Yellow,
    Blue,
    Green,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Yellow, Colour::Blue, Colour::Green];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The field of study the rulebook gives each colour.
    pub fn school(self) -> &'static str {
        match self {
            Colour::Red => "Combat",
            Colour::Yellow => "Healing",
            Colour::Blue => "Sorcery",
            Colour::Green => "Conjuring",
        }
    }
}

/// One spell card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpellDef {
    pub id: String,
    pub name: String,
    pub colour: Colour,
    /// An Active Spell fires at the start of each turn of the side it faces.
    #[serde(default)]
    pub active: bool,
    pub effects: Vec<Effect>,
}

impl Keyed for SpellDef {
    fn key(&self) -> &str {
        &self.id
    }
}

/// The spell list; a card is an index into it.
#[derive(Clone, Debug)]
pub struct Spells {
    catalog: Catalog<SpellDef>,
}

impl Spells {
    /// The shipped spells.
    pub fn shipped() -> Result<Self, Vec<ContentError>> {
        Self::parse(SPELLS_FILE, SPELLS_TEXT)
    }

    /// Parse and check a spell list.
    pub fn parse(file: &str, text: &str) -> Result<Self, Vec<ContentError>> {
        let catalog = Catalog::<SpellDef>::parse(file, text)?;
        // A wrong count is reported at the last spell counted (or the end of an empty list).
        let problem = |last: Option<&SpellDef>, message: String| {
            let (line, col) = match last {
                Some(spell) => spellhall_core::content::locate_key(text, &spell.id, 0),
                None => (text.lines().count().max(1), 1),
            };
            ContentError {
                file: file.to_string(),
                line,
                col,
                item: last.map(|spell| spell.id.clone()),
                message,
            }
        };
        let mut errors = Vec::new();
        if catalog.len() != 60 {
            errors.push(problem(
                catalog.items().last(),
                format!("Spellcaster has 60 spells; this file defines {}", catalog.len()),
            ));
        }
        for colour in Colour::ALL {
            let of_colour = || catalog.items().iter().filter(|s| s.colour == colour);
            let count = of_colour().count();
            if count != 15 {
                let last = of_colour().next_back().or(catalog.items().last());
                errors.push(problem(
                    last,
                    format!("{colour:?} has {count} spells; each colour has 15"),
                ));
            }
        }
        for spell in catalog.items() {
            if let Err(message) = crate::effects::check_spell(spell) {
                errors.push(ContentError::at_item(file, text, &spell.id, message));
            }
        }
        if errors.is_empty() {
            Ok(Self { catalog })
        } else {
            Err(errors)
        }
    }

    pub fn get(&self, card: crate::CardId) -> &SpellDef {
        &self.catalog.items()[usize::from(card.0)]
    }

    pub fn len(&self) -> usize {
        self.catalog.len()
    }

    pub fn is_empty(&self) -> bool {
        self.catalog.is_empty()
    }

    pub fn all(&self) -> impl Iterator<Item = (crate::CardId, &SpellDef)> {
        self.catalog
            .items()
            .iter()
            .enumerate()
            .map(|(i, s)| (crate::CardId(i as u8), s))
    }

    /// The card with this id, for tests and tools.
    pub fn by_id(&self, id: &str) -> Option<crate::CardId> {
        self.catalog
            .items()
            .iter()
            .position(|s| s.id == id)
            .map(|i| crate::CardId(i as u8))
    }
}
