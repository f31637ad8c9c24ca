//! Spells of Doom: four hero mages duel on a hex board of Magic Shrines and towers.
//!
//! Built so far: the content (`data/spells-of-doom/`: the board, the four Heroes, the 29 creatures
//! and the 120 Hero cards, most of it Spellhall's design where the rulebook is silent), loaded and
//! checked, the board's geometry on `hexx` (distances, ranges, reachable hexes), and the dice
//! rules (`combat`: damage, special tokens, Armor, the token roll-off, Fire Arrows). The rules
//! engine (state, actions, legality, the turn, counters and traps) is the rest of the Spells of
//! Doom issue; until it lands the app lists the game as not yet available.

pub mod board;
pub mod combat;
pub mod content;

pub use board::Board;
pub use content::Content;
