//! The rules in brief, for the app's Rules window: written here, next to the numbers they quote,
//! so that the app restates none of them.

use std::sync::OnceLock;

use crate::content::{COUNTERS_PER_TYPE, Resource};
use crate::state::{HAND_SIZE, RESOURCE_ROLLS, WINNING_FORCE};

/// The rules of Mighty Magics in a few paragraphs.
pub fn rules_summary() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let kinds = Resource::ALL.len();
        let pile = usize::from(COUNTERS_PER_TYPE) * kinds;
        format!(
            "Win by beginning your turn with {WINNING_FORCE} or more Force of Strongholds. All kingdoms \
             draw from one shared deck of Strongholds, Hordes and Mighty Magics.\n\n\
             Your turn: (1) Draw: discard any cards you like, then fill your hand to {HAND_SIZE} (some \
             Strongholds raise it); an empty deck is refilled from the shuffled discard pile. \
             (2) Resources: draw {RESOURCE_ROLLS} counters at random from the pile of {pile} \
             ({COUNTERS_PER_TYPE} of each of {kinds} resources). (3) Recruit: pay the costs of cards \
             with your counters. Gold pays for anything; some Strongholds convert one resource into \
             another for their owner. What you do not use goes to the player on your left, who may \
             recruit with it or pass it on; what goes all the way round returns to the pile. \
             (4) Attack: pick an opponent's Stronghold and any of your Hordes. The defender picks \
             defending Hordes; his total includes the Stronghold. Each side loses cards whose Force \
             reaches the other side's total (picked one at a time, no more once it is reached); the \
             defender loses his Hordes before his Stronghold.\n\n\
             A Horde is of a kind when its cost names that resource (Knights are Metal, Men and Law): \
             Strongholds like Imperial Fortress give such Hordes +1 Force. Mighty Magics act at once \
             and are discarded, except those attached to a card.\n\n\
             Short game (optional): the higher attack total captures the Stronghold; each side loses \
             one Horde that took part, none if nobody defended.\n\n\
             How many copies of each card the deck holds is Spellhall's design (data/mighty-magics/cards.ron)."
        )
    })
}
