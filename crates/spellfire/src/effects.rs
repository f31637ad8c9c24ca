//! Card powers as structured data, and the words the app shows for them.
//!
//! The Spellfire rules issue writes the effects (serde enums, as in the other games) and the
//! engine that enforces them. Until a card's power is written it is `Unscripted`: the editor says
//! so on the card and offers the "powers enforced" filter, so nothing pretends to be enforced.

use serde::{Deserialize, Serialize};

use crate::cards::{Card, CardType};

/// What a card does beyond its printed facts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Power {
    /// The card has no text: its type, level and the rules are all it does. Nothing to script.
    NoText,
    /// The card has a power the engine does not enforce yet.
    #[default]
    Unscripted,
}

impl Power {
    /// Whether the converter decides this power from the database (`NoText`, `Unscripted`), and
    /// so refreshes it; a power written by hand (the rules issue's effects) is kept.
    pub fn from_database(&self) -> bool {
        matches!(self, Power::NoText | Power::Unscripted)
    }

    /// Whether the engine does everything the card says.
    pub fn is_enforced(&self) -> bool {
        match self {
            Power::NoText => true,
            Power::Unscripted => false,
        }
    }
}

/// The card's power and facts in our own words, one sentence a line, for the card preview.
pub fn describe(card: &Card) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(level) = &card.level {
        let sentence = match card.kind {
            CardType::Realm | CardType::Holding if !level.is_bonus() => {
                format!("Defends itself as a level {level} champion.")
            }
            kind if kind.is_champion() => format!("A level {level} {}.", kind.singular()),
            _ if level.is_bonus() => format!("Adds {level} to the champion it is played on or with."),
            _ => format!("Level {level}."),
        };
        lines.push(sentence);
    }
    if card.avatar {
        lines.push("An avatar: each format limits how many a deck may hold.".into());
    }
    if !card.uses.is_empty() {
        let kinds: Vec<String> = card.uses.iter().map(|u| u.describe()).collect();
        lines.push(format!("May use {}.", join_words(&kinds)));
    }
    if !card.phases.is_empty() {
        let phases: Vec<String> = card.phases.iter().map(u8::to_string).collect();
        let word = if phases.len() == 1 { "phase" } else { "phases" };
        lines.push(format!("Played in {word} {}.", join_words(&phases)));
    }
    match card.power {
        Power::NoText => lines.push("No special power.".into()),
        Power::Unscripted => lines.push("Special power: not scripted yet, so no game enforces it.".into()),
    }
    lines
}

/// "a, b and c".
pub fn join_words(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
