//! What a Mage may decide.

use serde::{Deserialize, Serialize};

use crate::{CardId, Colour};

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    /// Draw 1 card (an action, besides the free draw at the start of the turn).
    Draw,
    /// Play a card from your hand onto its colour's placard, facing you.
    Play(CardId),
    /// Activate the top card of a placard that faces you.
    Activate {
        colour: Colour,
        option: Option<SpellOption>,
    },
    /// Only when no action is possible: the turn passes.
    EndTurn,
    /// Another Mage's answer in the middle of a spell.
    Answer(Answer),
}

/// The choice a spell asks of its caster.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SpellOption {
    /// Another placard, for spells that act on one.
    Target(Colour),
    /// Each Mage draws cards.
    Gain,
    /// Each Mage loses cards.
    Lose,
}

/// A rival's answer to "draw unless the rival discards".
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Answer {
    Discard(CardId),
    /// Keep your cards; the caster draws.
    LetDraw,
}
