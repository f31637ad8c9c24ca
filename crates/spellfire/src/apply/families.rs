//! Which families of power the cards of a game have at all. Many questions the rules ask after
//! every action — the hand limit, the turn's draw, whether a realm is closed to a champion, a
//! fighter's immunities — read every card in some zone for one rare kind of power. Most games'
//! decks hold no card of that kind: the answer is then known without reading a card. The same
//! is known for each seat's own cards (a power only its owner's cards give) and for each card
//! (read from its catalogue entry in one step), and the few cards of the rarest families are
//! listed, so that a question looks for them rather than reads every card held or in play.

use spellhall_core::Seat;

use crate::effects::{Ability, Effect, Scope, Trigger};
use crate::state::{CardId, Spellfire};

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
    /// `ImmuneTo`, `ImmuneToAll`: a card's immunities of its own (or its carrier's, its
    /// realm's defender's).
    Immunity = 1 << 4,
    /// `Across(EveryChampion, …)`: what a card gives every champion of its player.
    EveryChampion = 1 << 5,
    /// `LosesPowers`: a card that takes others' powers away.
    LosesPowers = 1 << 6,
    /// `Across(EveryRealm, …)`: what a realm or holding gives every realm of its player.
    EveryRealm = 1 << 7,
    /// Abilities that act as a round starts (`Trigger::RoundStart`): instant defeats, choices.
    RoundStarts = 1 << 8,
    /// Abilities that answer an ally joining a battle (`Trigger::AllyJoins`).
    AllyJoins = 1 << 9,
    /// Abilities that act as a round ends or a realm is held (`RoundEnds`, `RealmHeld`).
    RoundEnds = 1 << 10,
    /// Abilities that act as a turn begins (`TurnBegins`).
    TurnBegins = 1 << 11,
    /// `Immune { of, to }`: a card of a battle that wards its side's fighters.
    Wards = 1 << 12,
    /// Abilities that reply to a loss about to happen (`Trigger::AboutToGo`): cards the players
    /// are asked about before a realm is razed or a card discarded.
    RepliesToLoss = 1 << 13,
    /// `DefeatsOpponent`, `DefeatedBy`: a champion defeated at once as a round starts.
    InstantDefeats = 1 << 14,
    /// `FunctionsAs`: a champion that fights as a kind his player chooses.
    ChosenKinds = 1 << 15,
    /// Abilities that act as a turn ends (`TurnEnds`): a family apart from `TurnBegins`, for
    /// games with cards of one of the two moments only.
    TurnEnds = 1 << 16,
    /// `CarrierFlies`, `CarrierMayUse`: an item that lets its carrier fly or use more kinds of
    /// cards (asked of every champion's movement and of every use of a spell or the like).
    ItemGives = 1 << 17,
    /// `DefendsAs`, `DefenderMayUse`: a realm or holding that lends its defender a kind of
    /// champion or more kinds of cards to use (asked of every use of a spell or the like).
    RealmLends = 1 << 18,
    /// Abilities used from the pool (`Trigger::FromPool`): asked of every card of the active
    /// player's pool in his phases 3 and 5.
    FromPool = 1 << 19,
    /// Abilities used in the pause after an event (`Trigger::EventPause`): asked of every card
    /// of the hand and pool of each player the pause asks, after every event played.
    AnswersEvents = 1 << 20,
    /// `CastsOnlyWithLeave`: a card in play that makes some spells wait for its player's leave
    /// (asked of every spell cast).
    AsksLeave = 1 << 21,
    /// Abilities that act as a spell is played (`Trigger::SpellPlayed`): asked of every
    /// realm and holding at each spell cast.
    SpellPlayed = 1 << 22,
}

impl Family {
    /// Every family's bit: each bit up to the last family's (a new family goes last).
    const ALL: u32 = (Family::SpellPlayed as u32) * 2 - 1;

    /// The family of abilities acting at `when`, for the moments some question looks for.
    pub(crate) fn acting_at(when: Trigger) -> Option<Family> {
        Some(match when {
            Trigger::RoundStart => Family::RoundStarts,
            Trigger::AllyJoins(_) => Family::AllyJoins,
            Trigger::RoundEnds | Trigger::RealmHeld => Family::RoundEnds,
            Trigger::TurnBegins => Family::TurnBegins,
            Trigger::TurnEnds => Family::TurnEnds,
            Trigger::AboutToGo => Family::RepliesToLoss,
            Trigger::FromPool => Family::FromPool,
            Trigger::EventPause => Family::AnswersEvents,
            Trigger::SpellPlayed(_) => Family::SpellPlayed,
            _ => return None,
        })
    }
}

/// The families some abilities belong to: a card's, found once when the catalogue loads
/// (`Entry::families`), and a game's, joined from its cards' at setup.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Families(u32);

impl Families {
    /// The families of `abilities`: their moments, their effects and the effects nested in them.
    pub(crate) fn of<'a>(abilities: impl IntoIterator<Item = &'a Ability>) -> Self {
        let mut present = 0u32;
        for ability in abilities {
            present |= Family::acting_at(ability.when).map_or(0, |f| f as u32);
            ability
                .effect
                .each_nested(&mut |e| present |= family_of(e).map_or(0, |f| f as u32));
        }
        Families(present)
    }

    /// The families of either.
    pub(crate) fn with(self, other: Families) -> Self {
        Families(self.0 | other.0)
    }

    fn has(self, family: Family) -> bool {
        self.0 & family as u32 != 0
    }
}

/// The most seats a table has (`Absent` keeps each one's families).
const MOST_SEATS: usize = 6;

/// The families whose few cards a game lists (`Absent::holders`): questions about them would
/// otherwise read every card of some zones.
const LISTED: u32 = Family::EveryChampion as u32 | Family::RepliesToLoss as u32;

/// The families no card of the game has, those no card of each seat has, the game's cards of
/// the `LISTED` families, and whether each card's own families may be read. Empty (the
/// default) claims nothing, so a state made any other way than `setup` asks every question in
/// full.
#[derive(Clone, Debug, Default)]
pub(crate) struct Absent {
    game: u32,
    /// By owner: a card never changes hands.
    seats: [u32; MOST_SEATS],
    /// Every card of the game with a power of a `LISTED` family, with its families.
    holders: Vec<(CardId, Families)>,
    cards: bool,
}

impl Absent {
    /// The families not `present`.
    fn outside(present: Families) -> u32 {
        !present.0 & Family::ALL
    }

    /// Whether some card of the game may have a power of `family`.
    pub(crate) fn may_have(&self, family: Family) -> bool {
        self.game & family as u32 == 0
    }
}

fn family_of(effect: &Effect) -> Option<Family> {
    Some(match effect {
        Effect::HandSize(_) => Family::HandSize,
        Effect::ExtraDraws(_) => Family::ExtraDraws,
        Effect::TurnDraw { .. } => Family::TurnDraw,
        Effect::CannotBeAttackedBy(_) | Effect::CannotBeDefendedBy(_) => Family::ClosesRealm,
        Effect::ImmuneTo(_) | Effect::ImmuneToAll(_) => Family::Immunity,
        Effect::Immune { .. } => Family::Wards,
        Effect::Across(Scope::EveryChampion, _) => Family::EveryChampion,
        Effect::Across(Scope::EveryRealm, _) => Family::EveryRealm,
        Effect::LosesPowers(_) => Family::LosesPowers,
        Effect::DefeatsOpponent(_) | Effect::DefeatedBy(_) => Family::InstantDefeats,
        Effect::FunctionsAs(_) => Family::ChosenKinds,
        Effect::CarrierFlies | Effect::CarrierMayUse(_) => Family::ItemGives,
        Effect::DefendsAs(_) | Effect::DefenderMayUse(_) => Family::RealmLends,
        Effect::CastsOnlyWithLeave { .. } => Family::AsksLeave,
        _ => return None,
    })
}

impl Spellfire {
    /// Work out which families of power the game's cards lack (at setup, and as a test lays
    /// cards out). Cards never join a game later, and a copied power is some game card's own.
    pub(crate) fn find_absent_families(&mut self) {
        let entries = &self.content.catalogue.entries;
        let mut present = Families::default();
        let mut by_seat = [Families::default(); MOST_SEATS];
        let mut holders = Vec::new();
        for (index, info) in self.cards.iter().enumerate() {
            let families = entries[info.entry as usize].families;
            present = present.with(families);
            if let Some(seat) = by_seat.get_mut(info.owner.index()) {
                *seat = seat.with(families);
            }
            if families.0 & LISTED != 0 {
                holders.push((CardId(index as u16), families));
            }
        }
        self.absent = Absent {
            game: Absent::outside(present),
            seats: by_seat.map(Absent::outside),
            holders,
            cards: true,
        };
    }

    /// Whether some card of the game may have a power of `family` (see `Absent`).
    pub(crate) fn may_have(&self, family: Family) -> bool {
        self.absent.may_have(family)
    }

    /// Whether some card of the game may have an ability acting at `when`.
    pub(crate) fn may_act_at(&self, when: Trigger) -> bool {
        Family::acting_at(when).is_none_or(|family| self.may_have(family))
    }

    /// Whether some card `seat` owns may have a power of `family` now: while an item copies a
    /// power, any card of the game may lend it one (`abilities_of`).
    pub(crate) fn owned_may_have(&self, seat: Seat, family: Family) -> bool {
        if !self.tracks.copies.is_empty() {
            return self.may_have(family);
        }
        let absent = self.absent.seats.get(seat.index()).copied().unwrap_or(0);
        absent & family as u32 == 0
    }

    /// Whether some realm or holding of `seat`'s formation may have a power of `family` now,
    /// asked of the cards `seat` owns: a formation holds only its player's realms and holdings.
    pub(crate) fn formation_may_have(&self, seat: Seat, family: Family) -> bool {
        debug_assert!(
            (self.player(seat).formation.realms())
                .all(|(_, s)| self.owner(s.realm) == seat && s.holding.is_none_or(|h| self.owner(h) == seat)),
            "a formation holds a card its player does not own"
        );
        self.owned_may_have(seat, family)
    }

    /// Whether `card`'s abilities now (`abilities_of`) may hold a power of `family`: read from
    /// its catalogue entry in one step rather than from its abilities, unless a power is copied.
    pub(crate) fn card_may_have(&self, card: CardId, family: Family) -> bool {
        !self.absent.cards || !self.tracks.copies.is_empty() || self.entry(card).families.has(family)
    }

    /// The game's cards whose own abilities may have a power of `family` (a `LISTED` one), or
    /// `None` if not known: then every card must be read.
    pub(crate) fn holders_of(&self, family: Family) -> Option<impl Iterator<Item = CardId> + '_> {
        debug_assert!(LISTED & family as u32 != 0, "{family:?} is not listed");
        self.absent.cards.then(|| {
            (self.absent.holders.iter())
                .filter(move |(_, families)| families.has(family))
                .map(|&(card, _)| card)
        })
    }

    /// Whether `card` may have an ability acting at `when` now (see `card_may_have`).
    pub(crate) fn card_may_act_at(&self, card: CardId, when: Trigger) -> bool {
        Family::acting_at(when).is_none_or(|family| self.card_may_have(card, family))
    }

    /// How many families of power the game is known to lack (for the property tests).
    #[doc(hidden)]
    pub fn families_known_absent(&self) -> u32 {
        self.absent.game.count_ones()
    }

    /// How many families of power some card of the game may have (for the property tests).
    #[doc(hidden)]
    pub fn families_maybe_present(&self) -> u32 {
        Family::ALL.count_ones() - self.families_known_absent()
    }

    /// This state, asking every question in full (for the property tests: the same game played
    /// with and without the shortcuts — the families absent from the game, from a seat's cards
    /// or from a card, the listed cards of the rarest families, and the lone cards — must not
    /// differ).
    #[doc(hidden)]
    pub fn without_family_shortcuts(&self) -> Self {
        Spellfire {
            absent: Absent::default(),
            lone: Default::default(),
            ..self.clone()
        }
    }
}
