//! Spellfire, the 1994 collectible card game: the card catalogue (every English card, as facts),
//! the deck formats, the deck model with checks that explain themselves, and the CrossFire formats
//! (.tcl card database, .cff formats, .cfd decks) the community has used for decades.
//!
//! The rules engine (state, actions, legality) is not here yet: it lands with the Spellfire rules
//! issue, and card powers stay `Unscripted` until it writes them.

pub mod cards;
pub mod catalogue;
pub mod crossfire;
pub mod deck;
pub mod effects;
pub mod format;
pub mod stats;

pub use cards::{Attribute, Card, CardRef, CardType, Level, Rarity, Usable, Use, World};
pub use catalogue::{CardFilter, Catalogue, SortKey};
pub use deck::{Deck, Violation};
pub use effects::Power;
pub use format::{Format, Formats};
