//! Which families of power the cards of a game have at all. Many questions the rules ask after
//! every action — the hand limit, the turn's draw, whether a realm is closed to a champion, a
//! fighter's immunities — read every card in some zone for one rare kind of power. Most games'
//! decks hold no card of that kind: the answer is then known without reading a card.

use crate::effects::{Effect, Scope};
use crate::state::Spellfire;

/// A family of powers some rules question looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// `HandSize`: a realm that changes its owner's hand limit.
    HandSize = 1 << 0,
    /// `ExtraDraws`: a realm that adds to its owner's draw.
    ExtraDraws = 1 << 1,
    /// `TurnDraw`: a card in play that changes some players' draw.
    TurnDraw = 1 << 2,
    /// `CannotBeAttackedBy`, `CannotBeDefendedBy`: a realm closed to some champions.
    ClosesRealm = 1 << 3,
    /// `ImmuneTo`, `ImmuneToAll`, `Immune`: immunities of fighters.
    Immunity = 1 << 4,
    /// `Across(EveryChampion, …)`: what a card gives every champion of its player.
    EveryChampion = 1 << 5,
    /// `LosesPowers`: a card that takes others' powers away.
    LosesPowers = 1 << 6,
    /// `Across(EveryRealm, …)`: what a realm or holding gives every realm of its player.
    EveryRealm = 1 << 7,
}

impl Family {
    /// Every family's bit.
    const ALL: u16 = (1 << 8) - 1;
}

/// The families no card of the game has. Empty (the default) claims nothing, so a state made
/// any other way than `setup` asks every question in full.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Absent(u16);

impl Absent {
    /// The families none of `effects` (nested ones included) belongs to.
    pub(crate) fn of<'a>(effects: impl IntoIterator<Item = &'a Effect>) -> Self {
        let mut present = 0u16;
        for effect in effects {
            effect.each_nested(&mut |e| present |= family_of(e).map_or(0, |f| f as u16));
        }
        Absent(!present & Family::ALL)
    }

    /// Whether some card of the game may have a power of `family`.
    pub(crate) fn may_have(self, family: Family) -> bool {
        self.0 & family as u16 == 0
    }
}

fn family_of(effect: &Effect) -> Option<Family> {
    Some(match effect {
        Effect::HandSize(_) => Family::HandSize,
        Effect::ExtraDraws(_) => Family::ExtraDraws,
        Effect::TurnDraw { .. } => Family::TurnDraw,
        Effect::CannotBeAttackedBy(_) | Effect::CannotBeDefendedBy(_) => Family::ClosesRealm,
        Effect::ImmuneTo(_) | Effect::ImmuneToAll(_) | Effect::Immune { .. } => Family::Immunity,
        Effect::Across(Scope::EveryChampion, _) => Family::EveryChampion,
        Effect::Across(Scope::EveryRealm, _) => Family::EveryRealm,
        Effect::LosesPowers(_) => Family::LosesPowers,
        _ => return None,
    })
}

impl Spellfire {
    /// Work out which families of power the game's cards lack (at setup, and as a test lays
    /// cards out). Cards never join a game later, and a copied power is some game card's own.
    pub(crate) fn find_absent_families(&mut self) {
        let content = &self.content;
        self.absent = Absent::of(self.cards.iter().flat_map(|info| {
            let card = &content.catalogue.entries[info.entry as usize].card;
            card.power.abilities().iter().map(|a| &a.effect)
        }));
    }

    /// Whether some card of the game may have a power of `family` (see `Absent`).
    pub(crate) fn may_have(&self, family: Family) -> bool {
        self.absent.may_have(family)
    }

    /// How many families of power the game is known to lack (for the property tests).
    #[doc(hidden)]
    pub fn families_known_absent(&self) -> u32 {
        self.absent.0.count_ones()
    }

    /// This state, asking every question in full (for the property tests: the same game played
    /// with and without the shortcut must not differ).
    #[doc(hidden)]
    pub fn without_family_shortcuts(&self) -> Self {
        Spellfire {
            absent: Absent::default(),
            ..self.clone()
        }
    }
}
