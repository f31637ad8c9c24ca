//! What a player may decide: on his own turn, and in a response window on another player's turn
//! (a counter from the Reserve, a Terrain card, or letting it happen).

use serde::{Deserialize, Serialize};
use spellhall_core::Seat;

use crate::state::{CardId, Character, CreatureId, HAND_SIZE, MULLIGAN_MAX, Pos, TowerKind, Track};

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
    Mulligan { cards: MulliganCards },
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

/// The cards a mulligan names: any list of the opening hand's size or shorter (`check` allows at
/// most 3), kept inside the action. So `Action` owns no heap memory: a list of legal actions is
/// made without an allocation per mulligan choice and freed without visiting each action.
/// Serialized as a plain list, as the `Vec` it replaced was: older saves load unchanged.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(try_from = "Vec<CardId>", into = "Vec<CardId>")]
pub struct MulliganCards {
    len: u8,
    cards: [CardId; HAND_SIZE],
}

// Every mulligan `check` allows fits the list.
const _: () = assert!(MULLIGAN_MAX <= HAND_SIZE);

impl MulliganCards {
    /// Keep the whole hand.
    pub const NONE: Self = Self {
        len: 0,
        cards: [CardId(0); HAND_SIZE],
    };

    /// None when `cards` is longer than an opening hand.
    pub fn new(cards: &[CardId]) -> Option<Self> {
        let mut list = Self::NONE;
        list.cards.get_mut(..cards.len())?.copy_from_slice(cards);
        list.len = cards.len() as u8;
        Some(list)
    }

    /// The cards of `hand` at the first `size` of `places` (`legal`'s choices: places in the
    /// hand, at most `MULLIGAN_MAX`, which an opening hand's room always holds).
    pub(crate) fn chosen(hand: &[CardId], places: &[usize; MULLIGAN_MAX], size: usize) -> Self {
        let mut list = Self::NONE;
        for (slot, &place) in list.cards.iter_mut().zip(&places[..size]) {
            *slot = hand[place];
        }
        list.len = size as u8;
        list
    }

    pub fn as_slice(&self) -> &[CardId] {
        &self.cards[..usize::from(self.len)]
    }
}

impl Default for MulliganCards {
    fn default() -> Self {
        Self::NONE
    }
}

impl std::ops::Deref for MulliganCards {
    type Target = [CardId];

    fn deref(&self) -> &[CardId] {
        self.as_slice()
    }
}

impl TryFrom<Vec<CardId>> for MulliganCards {
    type Error = String;

    fn try_from(cards: Vec<CardId>) -> Result<Self, String> {
        Self::new(&cards).ok_or_else(|| format!("a mulligan names at most {HAND_SIZE} cards, not {}", cards.len()))
    }
}

impl From<MulliganCards> for Vec<CardId> {
    fn from(cards: MulliganCards) -> Self {
        cards.to_vec()
    }
}

// Compared, ordered and printed by the cards named only (the unused places are not part of it).
impl PartialEq for MulliganCards {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MulliganCards {}

impl PartialOrd for MulliganCards {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for MulliganCards {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.as_slice().cmp(other.as_slice())
    }
}

impl std::fmt::Debug for MulliganCards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Action` as saves before `MulliganCards` wrote it: the mulligan's cards a `Vec`.
    #[derive(Serialize)]
    enum ActionWithVec {
        Mulligan { cards: Vec<CardId> },
    }

    #[test]
    fn a_mulligan_reads_and_writes_as_the_list_older_saves_hold() {
        for cards in [vec![], vec![CardId(7)], vec![CardId(3), CardId(0), CardId(29)]] {
            let old = ron::to_string(&ActionWithVec::Mulligan { cards: cards.clone() }).unwrap();
            let action: Action = ron::from_str(&old).unwrap();
            let Action::Mulligan { cards: read } = action else {
                panic!("{old} read as {action:?}");
            };
            assert_eq!(read.as_slice(), &cards[..]);
            assert_eq!(ron::to_string(&action).unwrap(), old, "written as before");
        }
        // A list longer than a hand cannot be made, nor read.
        let six: Vec<CardId> = (0..6).map(CardId).collect();
        assert!(MulliganCards::new(&six).is_none());
        let text = ron::to_string(&ActionWithVec::Mulligan { cards: six }).unwrap();
        let error = ron::from_str::<Action>(&text).unwrap_err().to_string();
        assert!(error.contains("at most 5 cards"), "{error}");
    }

    #[test]
    fn mulligan_cards_compare_by_the_cards_named_only() {
        let short = MulliganCards::new(&[CardId(2)]).unwrap();
        let long = MulliganCards::new(&[CardId(2), CardId(0)]).unwrap();
        assert_ne!(short, long);
        assert!(MulliganCards::NONE < short && short < long, "as the lists would order");
        assert_eq!(format!("{long:?}"), format!("{:?}", vec![CardId(2), CardId(0)]));
    }
}
