//! Every English Spellfire card, loaded from the set files in `data/spellfire/sets/` (embedded in
//! the binary) and checked; and the search the deck editor runs on each keystroke.

pub mod cards;
pub mod crossfire;
pub mod deck;
pub mod format;
pub mod stats;

use std::collections::BTreeMap;

use spellhall_core::content::{ContentError, SourceFile, parse_ron};

use crate::apply::Families;
use crate::cards::{Attribute, Card, CardRef, CardType, Rarity, SetCode, SetFile, World};
use crate::effects::Effect;
use crate::legal::USABLE_IN_ROUND;

macro_rules! shipped_sets {
    ($($code:literal),* $(,)?) => {
        [$(($code, include_str!(concat!("../../../../data/spellfire/sets/", $code, ".ron")))),*]
    };
}

/// The shipped set files in catalogue order (editions, boosters, community sets), by set code.
const SHIPPED: [(&str, &str); 21] = shipped_sets!(
    "1st", "2nd", "3rd", "4th", "NO", "PR", "RL", "DL", "FR", "AR", "PO", "UD", "RR", "BR", "DR", "NS", "DU", "IQ",
    "MI", "CH", "CQ",
);

/// Where a shipped set file lives in the repository.
pub fn set_file_name(code: &str) -> String {
    format!("data/spellfire/sets/{code}.ron")
}

/// The shipped set files, named as in the repository.
pub fn shipped_files() -> Vec<SourceFile> {
    SHIPPED
        .iter()
        .map(|(code, text)| SourceFile::embedded(&set_file_name(code), text))
        .collect()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetInfo {
    pub code: SetCode,
    pub title: String,
}

/// One card of the catalogue.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub id: CardRef,
    /// Index into [`Catalogue::sets`].
    pub set: usize,
    pub card: Card,
    /// The name in lower case, for search and for "the same card" (type and name, SF-14).
    pub key: String,
    /// The index of the catalogue's first entry of the same type and name: equal for every
    /// printing of "the same card" (SF-14, SF-95), found once here rather than in every game.
    pub identity: u32,
    /// The families of power the card's abilities belong to (`apply/families.rs`), found once
    /// here rather than at every deal.
    pub(crate) families: Families,
    /// What `legal` reads of the card in a hand, at every call: found once here.
    pub(crate) play: PlayFacts,
}

/// What `legal` asks of a card in a hand before it asks `check` (`legal::HandCard`): its kind,
/// the phases printed on it, and the flags below as bits, so that a hand is summed up in one step
/// a card (`legal::HandHolds`); and which of a few powers `legal` looks for among the cards in
/// play the card prints.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PlayFacts {
    pub(crate) kind: CardType,
    /// The phases printed on the card, one bit a phase (0–5).
    phases: u8,
    /// `ANSWERS_PAUSE` and `LIMITS_PLAYS`.
    powers: u8,
    /// `kind_bit(kind)` and the flags.
    pub(crate) holds: u32,
}

impl PlayFacts {
    /// A blank (of the first kind: all its bits are zero, cheap to lay out many of).
    pub(crate) const NONE: PlayFacts = PlayFacts {
        kind: CardType::Ally,
        phases: 0,
        powers: 0,
        holds: 0,
    };

    /// A power that answers an event in its pause (`Power::pause_answer`).
    const ANSWERS_PAUSE: u8 = 1 << 0;
    /// A power that limits the cards of some kinds a side plays in a round (`Effect::AtMost`).
    const LIMITS_PLAYS: u8 = 1 << 1;

    /// An event, or a card that may also be played as one (`Spellfire::played_as_event`).
    pub(crate) const AS_EVENT: u32 = 1 << 24;
    /// Played at any time (`Power::any_time`).
    pub(crate) const ANY_TIME: u32 = 1 << 25;
    /// A spell or the like that prints every phase and does something when cast: the cards
    /// `check_any_time` looks further at.
    pub(crate) const CAST_ANY_TIME: u32 = 1 << 26;
    /// A spell or the like (not unarmed combat) whose power is scripted and does something
    /// outside a round when used: the cards `check_use_outside_round` looks further at.
    pub(crate) const USED_OUTSIDE_ROUND: u32 = 1 << 27;
    pub(crate) const CHAMPION: u32 = 1 << 28;
    pub(crate) const AVATAR: u32 = 1 << 29;
    /// No phase printed: played in any.
    const EVERY_PHASE: u32 = 1 << 30;

    /// The bit of `holds` that says a card is of `kind` (the kinds number fewer than 24).
    pub(crate) const fn kind_bit(kind: CardType) -> u32 {
        const _: () = assert!(CardType::ALL.len() <= 24, "the kinds' bits run into the flags");
        1 << kind as u32
    }

    fn of(card: &Card) -> Self {
        let spell_like = USABLE_IN_ROUND.contains(&card.kind);
        let on_play = card.power.on_play();
        let flags = [
            (
                card.kind == CardType::Event || card.power.plays_as(CardType::Event),
                PlayFacts::AS_EVENT,
            ),
            (card.power.any_time(), PlayFacts::ANY_TIME),
            (
                spell_like && (0..=5).all(|phase| card.phases.contains(&phase)) && on_play.is_some(),
                PlayFacts::CAST_ANY_TIME,
            ),
            (
                spell_like
                    && card.kind != CardType::UnarmedCombat
                    && card.power.is_enforced()
                    && on_play.is_some_and(|a| !a.effect.in_round_only()),
                PlayFacts::USED_OUTSIDE_ROUND,
            ),
            (card.kind.is_champion(), PlayFacts::CHAMPION),
            (card.avatar, PlayFacts::AVATAR),
            (card.phases.is_empty(), PlayFacts::EVERY_PHASE),
        ];
        let powers = [
            (card.power.pause_answer().is_some(), PlayFacts::ANSWERS_PAUSE),
            (
                (card.power.abilities().iter()).any(|a| matches!(a.effect, Effect::AtMost { .. })),
                PlayFacts::LIMITS_PLAYS,
            ),
        ];
        PlayFacts {
            kind: card.kind,
            phases: (card.phases.iter())
                .filter(|&&phase| phase < 8)
                .fold(0, |bits, &phase| bits | 1 << phase),
            powers: (powers.iter())
                .filter(|(set, _)| *set)
                .fold(0, |bits, (_, bit)| bits | bit),
            holds: (flags.iter())
                .filter(|(set, _)| *set)
                .fold(PlayFacts::kind_bit(card.kind), |bits, (_, bit)| bits | bit),
        }
    }

    pub(crate) fn is(&self, flag: u32) -> bool {
        self.holds & flag != 0
    }

    pub(crate) fn as_event(&self) -> bool {
        self.is(PlayFacts::AS_EVENT)
    }

    pub(crate) fn any_time(&self) -> bool {
        self.is(PlayFacts::ANY_TIME)
    }

    pub(crate) fn avatar(&self) -> bool {
        self.is(PlayFacts::AVATAR)
    }

    /// Whether the card is played in phase `phase` (0–5): a phase printed on it, or none printed.
    pub(crate) fn in_phase(&self, phase: u8) -> bool {
        self.is(PlayFacts::EVERY_PHASE) || (phase < 8 && self.phases & (1 << phase) != 0)
    }

    /// Whether the card prints a power that answers an event in its pause.
    pub(crate) fn answers_pause(&self) -> bool {
        self.powers & PlayFacts::ANSWERS_PAUSE != 0
    }

    /// Whether the card prints a power limiting the cards a side plays in a round.
    pub(crate) fn limits_plays(&self) -> bool {
        self.powers & PlayFacts::LIMITS_PLAYS != 0
    }
}

/// No card of that number in `Catalogue::by_number`.
const NO_ENTRY: u32 = u32::MAX;

/// The whole catalogue.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    pub sets: Vec<SetInfo>,
    pub entries: Vec<Entry>,
    /// Entry indices by set (as in `sets`) and card number, [`NO_ENTRY`] for a number the set
    /// lacks: a deal looks up every card of every deck. Sets are numbered from 1 with few gaps.
    by_number: Vec<Vec<u32>>,
    /// The first entry of each type and name (`Entry::identity`).
    first_of_kind_and_key: BTreeMap<(CardType, String), u32>,
}

impl Catalogue {
    /// The shipped catalogue.
    pub fn shipped() -> Result<Self, ContentError> {
        Self::load(&shipped_files())
    }

    /// Load set files (shipped ones, then a player's own). A card number used twice in a set, a
    /// set code that does not match its file, or an empty name is an error naming file and card.
    pub fn load(files: &[SourceFile]) -> Result<Self, ContentError> {
        let mut catalogue = Catalogue::default();
        for file in files {
            let set: SetFile = parse_ron(&file.name, &file.text)?;
            catalogue.add_set(&file.name, &file.text, set)?;
        }
        catalogue.check_references(files)?;
        Ok(catalogue)
    }

    /// A card named by a power must exist in some set.
    fn check_references(&self, files: &[SourceFile]) -> Result<(), ContentError> {
        for entry in &self.entries {
            for named in entry.card.power.references() {
                if self.named(&named.0).next().is_some() {
                    continue;
                }
                let file = &files[entry.set];
                let needle = format!("number: {},", entry.card.number);
                let at = file.text.find(&needle).unwrap_or(0);
                let before = &file.text[..at];
                return Err(ContentError {
                    file: file.name.clone(),
                    line: before.matches('\n').count() + 1,
                    col: at - before.rfind('\n').map_or(0, |nl| nl + 1) + 1,
                    item: Some(entry.card.name.to_string()),
                    message: format!("its power names a card \"{}\" that no set has", named.0),
                });
            }
        }
        Ok(())
    }

    fn add_set(&mut self, file: &str, text: &str, set: SetFile) -> Result<(), ContentError> {
        // Points at the `nth` place the needle appears (the second one for a duplicate).
        let fail = |needle: &str, nth: usize, item: Option<String>, message: String| {
            let at = text.match_indices(needle).nth(nth).map_or(0, |(at, _)| at);
            let before = &text[..at];
            ContentError {
                file: file.to_string(),
                line: before.matches('\n').count() + 1,
                col: at - before.rfind('\n').map_or(0, |nl| nl + 1) + 1,
                item,
                message,
            }
        };
        if self.sets.iter().any(|s| s.code == set.code) {
            return Err(fail("code:", 0, None, format!("set {} is loaded twice", set.code)));
        }
        let set_index = self.sets.len();
        self.sets.push(SetInfo {
            code: set.code,
            title: set.title,
        });
        self.by_number.push(Vec::new());
        self.entries.reserve(set.cards.len());
        for card in set.cards {
            let id = CardRef {
                set: set.code,
                number: card.number,
            };
            let needle = format!("number: {},", card.number);
            if card.name.trim().is_empty() {
                return Err(fail(&needle, 0, None, format!("card {id} has no name")));
            }
            let numbered = &mut self.by_number[set_index];
            let at = usize::from(card.number);
            if numbered.len() <= at {
                numbered.resize(at + 1, NO_ENTRY);
            }
            if std::mem::replace(&mut numbered[at], self.entries.len() as u32) != NO_ENTRY {
                return Err(fail(
                    &needle,
                    1,
                    Some(card.name.to_string()),
                    format!("card number {id} is used twice"),
                ));
            }
            let index = self.entries.len() as u32;
            let key = card.name.to_lowercase();
            let identity = *self
                .first_of_kind_and_key
                .entry((card.kind, key.clone()))
                .or_insert(index);
            self.entries.push(Entry {
                id,
                set: set_index,
                key,
                identity,
                families: Families::of(card.power.abilities()),
                play: PlayFacts::of(&card),
                card,
            });
        }
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The index of a card, if the catalogue has it.
    pub fn index_of(&self, id: CardRef) -> Option<usize> {
        self.numbers_of(id.set).index_of(id.number)
    }

    /// The cards of a set by number (none for a set the catalogue does not have): `index_of`
    /// with the set found once, for a run of cards of one set.
    pub(crate) fn numbers_of(&self, set: SetCode) -> SetNumbers<'_> {
        let at = self.sets.iter().position(|s| s.code == set);
        SetNumbers(at.map_or(&[], |at| &self.by_number[at]))
    }

    pub fn get(&self, id: CardRef) -> Option<&Entry> {
        self.index_of(id).map(|i| &self.entries[i])
    }

    pub fn set_title(&self, code: SetCode) -> &str {
        self.sets
            .iter()
            .find(|s| s.code == code)
            .map_or("an unknown set", |s| s.title.as_str())
    }

    /// Cards whose name is `name` (any case), in catalogue order.
    pub fn named<'a>(&'a self, name: &str) -> impl Iterator<Item = &'a Entry> + 'a {
        let key = name.trim().to_lowercase();
        self.entries.iter().filter(move |e| e.key == key)
    }
}

/// One set's entries by card number (`Catalogue::numbers_of`).
#[derive(Clone, Copy)]
pub(crate) struct SetNumbers<'a>(&'a [u32]);

impl SetNumbers<'_> {
    /// The index of the set's card numbered `number`, if the catalogue has it.
    pub(crate) fn index_of(self, number: u16) -> Option<usize> {
        let &index = self.0.get(usize::from(number))?;
        (index != NO_ENTRY).then_some(index as usize)
    }
}

/// Which card types a search shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeChoice {
    Champions,
    Only(CardType),
}

/// How search results are ordered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SortKey {
    /// Catalogue order: set, then number.
    #[default]
    SetNumber,
    Name,
    Type,
    /// Highest level or bonus first; cards without one last.
    Level,
}

impl SortKey {
    pub const ALL: [SortKey; 4] = [SortKey::SetNumber, SortKey::Name, SortKey::Type, SortKey::Level];

    pub fn label(self) -> &'static str {
        match self {
            SortKey::SetNumber => "Set and number",
            SortKey::Name => "Name",
            SortKey::Type => "Type",
            SortKey::Level => "Level (highest first)",
        }
    }
}

/// The deck editor's search: every field narrows the result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardFilter {
    /// Part of the name (any case), or a card reference such as `1st/37`.
    pub text: String,
    pub set: Option<SetCode>,
    pub kind: Option<TypeChoice>,
    pub world: Option<World>,
    pub rarity: Option<Rarity>,
    /// Level or bonus range; cards without a number are left out when either end is set.
    pub level_min: Option<i32>,
    pub level_max: Option<i32>,
    pub attribute: Option<Attribute>,
    /// Only cards whose power the engine enforces (or that have none).
    pub enforced_only: bool,
    pub sort: SortKey,
}

impl CardFilter {
    pub fn matches(&self, entry: &Entry, needle: &str) -> bool {
        let card = &entry.card;
        if !needle.is_empty() && !entry.key.contains(needle) && !ref_matches(entry.id, needle) {
            return false;
        }
        if self.set.is_some_and(|s| s != entry.id.set) {
            return false;
        }
        match self.kind {
            Some(TypeChoice::Champions) if !card.kind.is_champion() => return false,
            Some(TypeChoice::Only(kind)) if card.kind != kind => return false,
            _ => {}
        }
        if self.world.is_some_and(|w| w != card.world) || self.rarity.is_some_and(|r| r != card.rarity) {
            return false;
        }
        if self.level_min.is_some() || self.level_max.is_some() {
            let Some(level) = card.level.as_ref().and_then(|l| l.value()) else {
                return false;
            };
            if self.level_min.is_some_and(|min| level < min) || self.level_max.is_some_and(|max| level > max) {
                return false;
            }
        }
        if self.attribute.is_some_and(|a| !card.has(a)) {
            return false;
        }
        !self.enforced_only || card.power.is_enforced()
    }

    /// The indices of the matching cards, sorted.
    pub fn apply(&self, catalogue: &Catalogue) -> Vec<u32> {
        let needle = self.text.trim().to_lowercase();
        let mut found: Vec<u32> = catalogue
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| self.matches(e, &needle))
            .map(|(i, _)| i as u32)
            .collect();
        let entry = |i: &u32| &catalogue.entries[*i as usize];
        match self.sort {
            SortKey::SetNumber => {}
            SortKey::Name => found.sort_by(|a, b| entry(a).key.cmp(&entry(b).key)),
            SortKey::Type => found.sort_by_key(|i| entry(i).card.kind),
            SortKey::Level => {
                found.sort_by_key(|i| std::cmp::Reverse(entry(i).card.level.as_ref().and_then(|l| l.value())))
            }
        }
        found
    }
}

/// `1st/37` matches 1st/37, 1st/370…; `dl/` matches every DragonLance card.
fn ref_matches(id: CardRef, needle: &str) -> bool {
    let Some((set, number)) = needle.split_once('/') else {
        return false;
    };
    id.set.as_str().eq_ignore_ascii_case(set) && id.number.to_string().starts_with(number)
}
