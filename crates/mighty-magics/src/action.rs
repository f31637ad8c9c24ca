//! What a player may decide.

use serde::{Deserialize, Serialize};
use spellhall_core::Seat;

use crate::{CardId, Resource};

/// The extra choice a Mighty Magic needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Choice {
    /// The magic needs no choice.
    Nothing,
    /// A card in play to destroy, take or enchant; for Great Summons, the Horde in your hand.
    Card(CardId),
    /// The opponent to curse.
    Opponent(Seat),
    /// Prosperity: draw cards.
    DrawCards,
    /// Prosperity: draw more counters.
    MoreResources,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    // ---- Draw phase (the active player) ----
    /// Discard a card from your hand before refilling it.
    Discard(CardId),
    /// Fill your hand; the Resource phase follows at once.
    Refill,

    // ---- Recruit phase (whoever holds the counters) ----
    /// Recruit a Stronghold or a Horde, spending these counters (in resource order).
    Recruit {
        card: CardId,
        spend: Vec<Resource>,
    },
    /// Play a Mighty Magic, spending these counters.
    Cast {
        card: CardId,
        spend: Vec<Resource>,
        choice: Choice,
    },
    /// Coastal Towns: send back the Water counters you drew and draw as many again.
    RedrawWater,
    /// Stop recruiting: the counters left go to the player on your left.
    Pass,

    // ---- Attack phase ----
    /// The attacker picks (or changes) the target Stronghold.
    Target(CardId),
    /// The attacker adds a Horde to the attack / takes it back.
    Send(CardId),
    Recall(CardId),
    /// Attack with the Hordes sent.
    Charge,
    /// Do not attack this turn: the turn ends.
    NoAttack,
    /// The defender adds a Horde to the defence / takes it back.
    Defend(CardId),
    Withdraw(CardId),
    /// Defend with the Hordes chosen (none is allowed).
    HoldFast,
    /// Pick a casualty / put it back.
    Lose(CardId),
    Spare(CardId),
    /// Confirm the casualties picked.
    ConfirmLosses,
}
