//! What a player may decide: on his own turn, and in a response window on another player's turn
//! (a counter from the Reserve, a Terrain card, or letting it happen).

use serde::{Deserialize, Serialize};
use spellhall_core::Seat;

use crate::state::{CardId, Character, CreatureId, Pos, TowerKind, Track};

/// What an attack is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Target {
    Hero(Seat),
    Creature(CreatureId),
    Building(Pos),
    Shrine(Pos),
}

/// What a spell is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CastTarget {
    /// The caster (Stoneskin, Healing Ward; Decoy without its step aside).
    Myself,
    /// A Hero, a building or a shrine.
    At(Target),
    /// A hex (Fire Blast, Earthquake, Ensnare, the summoning spells; Decoy: the hex Hypnor steps
    /// aside to if the roll succeeds).
    Hex(Pos),
    /// Fire Arrows: the target character and the hex behind it for the collateral attack.
    Arrows { target: Target, behind: Pos },
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    /// Shuffle these cards (up to 3) of the opening hand back and draw as many.
    Mulligan { cards: Vec<CardId> },
    /// At the end of the upkeep: pay off this many Burn and Brain Damage tokens (0 and 0 keeps
    /// them).
    PayTokens { burn: u8, brain_damage: u8 },
    /// Move the Hero; steps beyond its Speed cost 2 mana each.
    Move { to: Pos },
    /// Attack with the Hero; `fire` is Magie's Fire Attack (pay 1 mana, 1 more die).
    Attack { target: Target, fire: bool },
    /// Once a turn, 5 mana.
    Upgrade { track: Track },
    /// Once a turn, 5 mana, on the Hero's hex.
    Build { tower: TowerKind },
    /// Put a crystal on the neutral Magic Shrine under the Hero, 2 mana.
    Capture,
    /// Play a card from the hand or the Reserve: a skill takes effect at once on `on`, one of the
    /// player's characters (Mana, Tower Conjuration and Summoning are the player's: `on` is his
    /// Hero); a spell is prepared face up in the Spell Area (`on` is his Hero). In a response
    /// window: Magic Shield, or Counter Attack by the character attacked.
    Play { card: CardId, on: Character },
    /// Lay a Terrain card from the hand face down in the Terrain Area, its token on a hex (free).
    PlaceTerrain { card: CardId, at: Pos },
    /// Reveal a Terrain card: pay its cost and resolve it on a character in or next to its hex.
    Reveal { card: CardId, on: Target },
    /// Put a card from the hand face down in the Reserve (1 mana, at most 3 there).
    Reserve { card: CardId },
    /// Cast a prepared spell (instead of the Hero's attack, once a turn; Healing Ward is neither):
    /// `copies` cards of it together for the spells that grow stronger (Fireball, Rock Throw,
    /// Fire Arrows, Brain Malfunction).
    Cast {
        spell: CardId,
        copies: u8,
        target: CastTarget,
    },
    /// After the Summoning skill: put an available creature of the Hero board on the board in or
    /// next to the Hero's hex, paying its cost.
    Summon { token: u8, at: Pos },
    /// Move a creature up to its Speed (2, or 3 when Fast).
    CreatureMove { creature: CreatureId, to: Pos },
    /// A creature attacks a target in its hex or an adjacent one; `special` is the "*" choice: its
    /// Special Attack instead of the normal one.
    CreatureAttack {
        creature: CreatureId,
        target: Target,
        special: bool,
    },
    /// Magic Recharge: discard two cards from the hand, the Reserve or the Spell Area for 1 mana.
    Recharge { cards: [CardId; 2] },
    /// End the Hero phase: discard the hand, draw 5, and the next player's turn begins.
    EndTurn,
    /// In a response window: answer no more, and let the declared attack or spell go on.
    Pass,
}
