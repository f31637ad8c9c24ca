//! A deck list, its check against a format (every problem as a sentence a player understands),
//! and the ways decks come and go: RON files in the user's data folder, CrossFire `.cfd` files and
//! plain text lists.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use spellhall_core::content::{ContentError, parse_ron};
use spellhall_core::files::{FileError, USER_FILE_LIMIT, decode_text, read_bounded, read_text, write_atomic};

use crate::cards::{Card, CardRef, CardType, Rarity, SetCode};
use crate::catalogue::{Catalogue, Entry};
use crate::crossfire;
use crate::format::{Format, Formats, Limit, TypeLimit};

/// A deck: a name, the format it is built for, and its cards (a card appears once per copy).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub author: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// A format id from `formats.ron`.
    pub format: String,
    pub cards: Vec<CardRef>,
    /// Lines of an imported list that named no card: kept (and reported) until the player fixes
    /// or removes them, so an import never silently loses a line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unread: Vec<String>,
}

impl Deck {
    pub fn new(name: &str, format: &str) -> Self {
        Self {
            name: name.to_string(),
            author: String::new(),
            notes: String::new(),
            format: format.to_string(),
            cards: Vec::new(),
            unread: Vec::new(),
        }
    }

    pub fn count(&self, id: CardRef) -> usize {
        self.cards.iter().filter(|c| **c == id).count()
    }

    pub fn add(&mut self, id: CardRef) {
        // Kept sorted so a saved deck is stable and a diff of two decks is readable.
        let at = self.cards.partition_point(|c| *c <= id);
        self.cards.insert(at, id);
    }

    /// Remove one copy; false if the deck has none.
    pub fn remove(&mut self, id: CardRef) -> bool {
        match self.cards.iter().position(|c| *c == id) {
            Some(at) => {
                self.cards.remove(at);
                true
            }
            None => false,
        }
    }

    /// The deck as a RON file.
    pub fn to_ron(&self) -> Result<String, String> {
        let pretty = ron::ser::PrettyConfig::new()
            .struct_names(false)
            .compact_arrays(true)
            .escape_strings(false);
        let mut text = ron::ser::to_string_pretty(self, pretty).map_err(|e| e.to_string())?;
        text.push('\n');
        Ok(text)
    }

    /// Read a deck; its cards come back sorted whatever order the file lists them in.
    pub fn from_ron(file: &str, text: &str) -> Result<Self, ContentError> {
        let mut deck: Deck = parse_ron(file, text)?;
        deck.cards.sort();
        Ok(deck)
    }

    /// Save to `path` atomically: the old file stays whole if writing (or serialising) fails.
    pub fn save(&self, path: &Path) -> Result<(), FileError> {
        let text = self.to_ron().map_err(|message| FileError {
            path: path.to_path_buf(),
            position: None,
            message,
        })?;
        write_atomic(path, text.as_bytes()).map_err(|e| FileError::io(path, &e))
    }

    /// Load a deck file (RON, at most [`USER_FILE_LIMIT`] bytes). A bad file is reported with its
    /// line and column and left untouched.
    pub fn load(path: &Path) -> Result<Self, FileError> {
        let text = read_text(path, USER_FILE_LIMIT)?;
        Self::from_ron(&path.display().to_string(), &text).map_err(|e| file_error(path, e))
    }
}

fn file_error(path: &Path, error: ContentError) -> FileError {
    FileError {
        path: path.to_path_buf(),
        position: (error.line > 0).then_some((error.line, error.col)),
        message: error.message,
    }
}

/// The kinds of deck file the editor opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckFileKind {
    /// Spellhall's own deck file.
    Ron,
    /// A CrossFire deck.
    Cfd,
    /// A text list, one card a line.
    Text,
}

/// A deck read from a file of any kind, with what the player should hear about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckFile {
    pub deck: Deck,
    pub kind: DeckFileKind,
    /// The lines of a text list that named no card, or named it oddly.
    pub line_problems: Vec<LineProblem>,
    /// A CrossFire deck's format that is not one of ours.
    pub format_warning: Option<String>,
}

impl DeckFile {
    /// A deck read with nothing to report yet.
    pub fn new(deck: Deck, kind: DeckFileKind) -> Self {
        Self {
            deck,
            kind,
            line_problems: Vec::new(),
            format_warning: None,
        }
    }

    /// Everything to tell the player, as sentences.
    pub fn warnings(&self) -> Vec<String> {
        let lines = self.line_problems.iter().map(ToString::to_string);
        lines.chain(self.format_warning.clone()).collect()
    }
}

/// Read a deck file of any kind (at most [`USER_FILE_LIMIT`] bytes, a regular file); see
/// [`parse_deck_file`].
pub fn read_deck_file(path: &Path, catalogue: &Catalogue, formats: &Formats) -> Result<DeckFile, FileError> {
    let bytes = read_bounded(path, USER_FILE_LIMIT)?;
    parse_deck_file(path, bytes, catalogue, formats)
}

/// A deck from the bytes of `path`: a `.cfd` file is a CrossFire deck, a `.txt` file a text list,
/// anything else a RON deck, unless it does not read as one and sets CrossFire's `tempDeck`.
pub fn parse_deck_file(
    path: &Path,
    bytes: Vec<u8>,
    catalogue: &Catalogue,
    formats: &Formats,
) -> Result<DeckFile, FileError> {
    let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let name = path.display().to_string();
    let from_cfd = |bytes: &[u8]| {
        let (deck, warning) = from_cfd(&name, bytes, formats).map_err(|e| file_error(path, e))?;
        Ok(DeckFile {
            format_warning: warning,
            ..DeckFile::new(deck, DeckFileKind::Cfd)
        })
    };
    match extension.as_deref() {
        Some("cfd") => from_cfd(&bytes),
        Some("txt") => {
            let text = decode_text(path, bytes)?;
            let default_format = formats.formats.first().map_or("", |f| f.id.as_str());
            let (deck, problems) = from_text(&text, "Imported deck", default_format, catalogue, formats);
            Ok(DeckFile {
                line_problems: problems,
                ..DeckFile::new(deck, DeckFileKind::Text)
            })
        }
        _ => {
            let text = decode_text(path, bytes)?;
            match Deck::from_ron(&name, &text) {
                Ok(deck) => Ok(DeckFile::new(deck, DeckFileKind::Ron)),
                // A CrossFire deck under another name: `set tempDeck {` is never RON.
                Err(_) if text.contains("set tempDeck ") => from_cfd(text.as_bytes()),
                Err(error) => Err(file_error(path, error)),
            }
        }
    }
}

/// One thing wrong with a deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The Spellfire rule it breaks, when the checklist numbers it ("SF-16").
    pub rule: Option<&'static str>,
    pub message: String,
    /// The cards at fault, for the editor to mark.
    pub cards: Vec<CardRef>,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

fn violation(rule: Option<&'static str>, message: String, cards: Vec<CardRef>) -> Violation {
    Violation { rule, message, cards }
}

/// "1 realm", "2 realms"; "no realms".
fn count_of(n: u32, singular: &str, plural: &str) -> String {
    match n {
        0 => format!("no {plural}"),
        1 => format!("1 {singular}"),
        _ => format!("{n} {plural}"),
    }
}

fn times(n: usize) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        _ => format!("{n} times"),
    }
}

fn copies_allowed(n: u32) -> String {
    match n {
        0 => "no copies allowed".into(),
        1 => "one copy allowed".into(),
        2 => "two copies allowed".into(),
        _ => format!("{n} copies allowed"),
    }
}

/// The cards of one kind against a limit: nothing when within it, otherwise the sentence added to
/// `problems`. The cards are marked only when there are too many of them (with too few, none of
/// them is at fault). `words` name the cards (singular, plural); they are written only for a
/// broken limit, as a game checks its decks at every deal.
/// `n` is how many `ids` there are: the cards are collected only when too many are marked. The
/// rule `topic` names (none for a limit no rule numbers) is looked up only for a broken limit.
fn against(
    problems: &mut Vec<Violation>,
    topic: Option<Topic>,
    n: u32,
    ids: impl Iterator<Item = CardRef>,
    limit: Limit,
    words: impl FnOnce() -> (String, String),
    format: &Format,
) {
    if (limit.min..=limit.max).contains(&n) {
        return;
    }
    let (singular, plural) = words();
    let have = capitalise(&count_of(n, &singular, &plural));
    let message = if limit.max == 0 && n > 0 {
        format!("{have}: the {} format allows none.", format.name)
    } else if n > limit.max {
        format!("{have}; the most allowed is {}.", limit.max)
    } else if n < limit.min {
        format!("{have}; at least {} needed.", limit.min)
    } else {
        return;
    };
    let cards = if n > limit.max { ids.collect() } else { Vec::new() };
    problems.push(violation(
        topic.and_then(|topic| rule_for(format, topic)),
        message,
        cards,
    ));
}

/// The deck's known cards that pass a test, for the limits of `validate_with` (not collected).
fn cards_where<'a>(
    known: &'a [(CardRef, &'a Entry)],
    keep: impl Fn(CardRef, &Entry) -> bool + Clone + 'a,
) -> impl Iterator<Item = CardRef> + Clone + 'a {
    known.iter().filter(move |(id, e)| keep(*id, e)).map(|(id, _)| *id)
}

/// The count of `set` in a tally of sets.
fn count_in(tally: &[(SetCode, u32)], set: &SetCode) -> u32 {
    tally.iter().find(|(seen, _)| seen == set).map_or(0, |&(_, n)| n)
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// The table's choices for deck construction where the sources leave room (the checklist's
/// AMB-36 and AMB-37). The default is the checklist's reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DeckOptions {
    /// Whether an avatar's level counts toward the format's total of champion levels (AMB-36).
    pub avatar_levels_count: bool,
    /// Whether a dungeon card counts toward the deck's size (AMB-37).
    pub dungeon_counts_in_deck: bool,
}

impl Default for DeckOptions {
    fn default() -> Self {
        Self {
            avatar_levels_count: true,
            dungeon_counts_in_deck: true,
        }
    }
}

/// Every way `deck` breaks `format`, in the order a player would fix them; empty when legal. The
/// checklist's readings decide what the sources leave open ([`DeckOptions::default`]).
pub fn validate(deck: &Deck, format: &Format, catalogue: &Catalogue) -> Vec<Violation> {
    validate_with(deck, format, catalogue, DeckOptions::default())
}

/// [`validate`] with the table's deck options.
pub fn validate_with(deck: &Deck, format: &Format, catalogue: &Catalogue, options: DeckOptions) -> Vec<Violation> {
    validate_list(&deck.cards, &deck.unread, format, catalogue, options)
}

/// [`validate_with`] for a list of cards and the lines of its import that named none: a game
/// checks its seats' lists at every deal, with no deck to build around them.
pub(crate) fn validate_list(
    cards: &[CardRef],
    unread: &[String],
    format: &Format,
    catalogue: &Catalogue,
    options: DeckOptions,
) -> Vec<Violation> {
    let mut problems = Vec::new();
    let mut known: Vec<(CardRef, &Entry)> = Vec::with_capacity(cards.len());
    let mut unknown = Vec::new();
    let mut counts = Counts::default();
    for &id in cards {
        match catalogue.get(id) {
            Some(entry) => {
                known.push((id, entry));
                counts.add(&entry.card, options);
            }
            None => {
                unknown.push(id);
                counts.unknown += 1;
            }
        }
    }
    let sized = counts.sized(options);
    if !unknown.is_empty() {
        let list: Vec<String> = unknown.iter().map(ToString::to_string).collect();
        problems.push(violation(
            None,
            format!("Not in the card catalogue: {}.", list.join(", ")),
            unknown.clone(),
        ));
    }
    if !unread.is_empty() {
        problems.push(violation(
            None,
            format!(
                "{} of the imported list named no card: {}. Fix or remove {}.",
                count_of(unread.len() as u32, "line", "lines"),
                unread.iter().map(|l| format!("\"{l}\"")).collect::<Vec<_>>().join(", "),
                if unread.len() == 1 { "it" } else { "them" }
            ),
            Vec::new(),
        ));
    }

    // Size (SF-15, SF-20, SF-22).
    if format.cards.min == format.cards.max && sized != format.cards.min {
        problems.push(violation(
            rule_for(format, Topic::Size),
            format!(
                "The deck has {sized} cards; the {} format needs exactly {}.",
                format.name, format.cards.min
            ),
            Vec::new(),
        ));
    } else {
        // Too many cards is no one card's fault: nothing is marked.
        against(
            &mut problems,
            Some(Topic::Size),
            sized,
            std::iter::empty(),
            format.cards,
            || ("card".into(), "cards".into()),
            format,
        );
    }

    // Per type (SF-16, SF-18, SF-21, SF-23, SF-25).
    let type_limits = TypeLimits::of(format);
    for kind in CardType::DECK_ORDER {
        let limit = type_limits.of_kind(kind);
        let of_kind = cards_where(&known, move |_, e| e.card.kind == kind);
        let limit = Limit {
            min: limit.min,
            max: limit.max,
        };
        let topic = if limit.max == 0 {
            Topic::Banned
        } else if kind == CardType::Realm || kind == CardType::Holding {
            Topic::RealmsHoldings
        } else {
            Topic::Others
        };
        against(
            &mut problems,
            Some(topic),
            counts.kinds[kind as usize],
            of_kind,
            limit,
            || (kind.singular(), kind.plural()),
            format,
        );
    }

    // Champions and their levels (SF-17).
    let champions = cards_where(&known, |_, e| e.card.kind.is_champion());
    against(
        &mut problems,
        Some(Topic::Champions),
        counts.champions(),
        champions.clone(),
        format.champions,
        || ("champion".into(), "champions".into()),
        format,
    );
    // An avatar's level may stand outside the total (AMB-36): `Counts::add` leaves it out then.
    if counts.levels > format.levels.max as i32 {
        problems.push(violation(
            rule_for(format, Topic::Champions),
            format!(
                "Champions total {} levels; the limit is {}.",
                counts.levels, format.levels.max
            ),
            champions.collect(),
        ));
    }

    // Avatars and chase cards (SF-18, SF-25).
    let banned_or_other = |limit: Limit| if limit.max == 0 { Topic::Banned } else { Topic::Others };
    against(
        &mut problems,
        Some(banned_or_other(format.avatars)),
        counts.avatars,
        cards_where(&known, |_, e| e.card.avatar),
        format.avatars,
        || ("avatar".into(), "avatars".into()),
        format,
    );
    against(
        &mut problems,
        Some(banned_or_other(format.chase)),
        counts.chase,
        cards_where(&known, |_, e| e.card.is_chase()),
        format.chase,
        || ("chase card".into(), "chase cards".into()),
        format,
    );

    // Copies: the same card is the same type and name, whatever the set (SF-14). Most decks
    // break no limit: a count by identity finds that without comparing names.
    if too_many_copies(known.iter().map(|(_, entry)| *entry), &type_limits) {
        copies_problems(&known, format, catalogue, &mut problems);
    }

    // Rarity, world, set and digit limits (SF-25 and the community formats).
    for (rarity, limit) in &format.rarities {
        let ids = cards_where(&known, |_, e| e.card.rarity == *rarity);
        let n = counts.rarities[*rarity as usize];
        against(
            &mut problems,
            Some(Topic::Rarity),
            n,
            ids,
            *limit,
            || rarity_words(*rarity),
            format,
        );
    }
    for (world, limit) in &format.worlds {
        let ids = cards_where(&known, |_, e| e.card.world == *world);
        let words = || {
            (
                format!("card of the {} world", world.name()),
                format!("cards of the {} world", world.name()),
            )
        };
        let n = ids.clone().count() as u32;
        against(&mut problems, None, n, ids, *limit, words, format);
    }
    if !format.sets.is_empty() {
        let mut sets = SetRuns::default();
        known.iter().for_each(|(id, _)| sets.add(id.set, 1));
        for (set, limit) in &format.sets {
            let ids = cards_where(&known, |id, _| id.set == *set);
            let words = || {
                let title = catalogue.set_title(*set);
                (format!("card from {title}"), format!("cards from {title}"))
            };
            let n = sets.count_of(*set);
            against(&mut problems, Some(Topic::Sets), n, ids, *limit, words, format);
        }
    }
    for (digit, limit) in &format.digits {
        let ids = cards_where(&known, |id, _| id.number % 10 == u16::from(*digit));
        let words = || (format!("card numbered …{digit}"), format!("cards numbered …{digit}"));
        let n = ids.clone().count() as u32;
        against(&mut problems, None, n, ids, *limit, words, format);
    }
    if !format.banned.is_empty() {
        let banned: Vec<CardRef> = cards.iter().filter(|id| format.banned.contains(id)).copied().collect();
        if !banned.is_empty() {
            let names: Vec<String> = banned
                .iter()
                .map(|id| catalogue.get(*id).map_or(id.to_string(), |e| e.card.name.to_string()))
                .collect();
            problems.push(violation(
                None,
                format!("Banned in the {} format: {}.", format.name, names.join(", ")),
                banned,
            ));
        }
    }
    problems
}

/// A format's limits as `fits` reads them, found once for every seat of a game.
pub(crate) struct FormatCheck<'f> {
    format: &'f Format,
    types: TypeLimits,
    /// The sets the format asks for some cards of: a deck keeps the others' limits by having
    /// none of their cards, so only the sets it has are looked up.
    required_sets: Vec<(SetCode, Limit)>,
    options: DeckOptions,
}

impl<'f> FormatCheck<'f> {
    pub(crate) fn new(format: &'f Format, options: DeckOptions) -> Self {
        Self {
            format,
            types: TypeLimits::of(format),
            required_sets: (format.sets.iter())
                .filter(|(_, limit)| limit.min > 0)
                .map(|(set, limit)| (*set, *limit))
                .collect(),
            options,
        }
    }

    /// Whether a list fits the format: exactly when `validate_list` finds no problem with it,
    /// proved by the same counts without collecting a card or writing a word. `looked_up` is
    /// what `look_up` found of the list and `entries` the cards it found, in the list's order. A
    /// game checks its seats' lists so at every setup and asks `validate_list` for the words
    /// only when one does not fit. One pass counts what most formats limit; the limits few
    /// formats have (by world, by last digit, banned cards) and copies out of the list's order
    /// walk the list again.
    pub(crate) fn fits<'a>(&self, looked_up: &LookedUp, entries: impl Iterator<Item = &'a Entry> + Clone) -> bool {
        if looked_up.unknown.is_some() {
            return false;
        }
        let format = self.format;
        let mut counts = Counts::default();
        let mut copies = CopyRuns::default();
        for entry in entries.clone() {
            counts.add(&entry.card, self.options);
            copies.add(entry, &self.types);
        }
        let within = |n: u32, limit: Limit| (limit.min..=limit.max).contains(&n);
        let count_where = |keep: &dyn Fn(&Entry) -> bool| entries.clone().filter(|e| keep(e)).count() as u32;
        let kinds_fit = CardType::DECK_ORDER.iter().all(|&kind| {
            let limit = self.types.of_kind(kind);
            (limit.min..=limit.max).contains(&counts.kinds[kind as usize])
        });
        let sets = &looked_up.sets;
        let sets_fit = || {
            (sets.sets()).all(|set| {
                format
                    .sets
                    .get(&set)
                    .is_none_or(|limit| within(sets.count_of(set), *limit))
            }) && (self.required_sets.iter()).all(|(set, limit)| within(sets.count_of(*set), *limit))
        };
        within(counts.sized(self.options), format.cards)
            && kinds_fit
            && within(counts.champions(), format.champions)
            && counts.levels <= format.levels.max as i32
            && within(counts.avatars, format.avatars)
            && within(counts.chase, format.chase)
            && (format.rarities.iter()).all(|(rarity, limit)| within(counts.rarities[*rarity as usize], *limit))
            && (format.worlds.iter()).all(|(world, limit)| within(count_where(&|e| e.card.world == *world), *limit))
            && (format.sets.is_empty() || sets_fit())
            && (format.digits.iter())
                .all(|(digit, limit)| within(count_where(&|e| e.id.number % 10 == u16::from(*digit)), *limit))
            && (format.banned.is_empty() || entries.clone().all(|e| !format.banned.contains(&e.id)))
            && !copies.too_many(entries, &self.types)
    }
}

/// What `look_up` found of a list: how many of its cards come from each set, and the first card
/// the catalogue does not have.
pub(crate) struct LookedUp {
    sets: SetRuns,
    pub(crate) unknown: Option<CardRef>,
}

/// Look a list's cards up in the catalogue, a run of one set's cards at a time (a deck's cards
/// mostly come in runs of one set): each card found is handed to `found` (its index in the
/// catalogue, its entry), in the list's order. Not inlined into its caller: a loop of its own
/// keeps what it works with in registers.
#[inline(never)]
pub(crate) fn look_up<'a>(
    list: &[CardRef],
    catalogue: &'a Catalogue,
    mut found: impl FnMut(usize, &'a Entry),
) -> LookedUp {
    let mut looked_up = LookedUp {
        sets: SetRuns::default(),
        unknown: None,
    };
    for run in list.chunk_by(|a, b| a.set == b.set) {
        let set = run[0].set;
        looked_up.sets.add(set, run.len() as u32);
        let numbers = catalogue.numbers_of(set);
        for &id in run {
            match numbers.index_of(id.number) {
                Some(at) => found(at, &catalogue.entries[at]),
                None => looked_up.unknown = looked_up.unknown.or(Some(id)),
            }
        }
    }
    looked_up
}

/// The copies of each card (SF-14), counted in a row: a list in catalogue order, as decks keep
/// theirs, holds each card's copies together, and most lists keep every limit. A list with a run
/// past its type's limit, or out of that order (an identity below the one before it), has its
/// copies counted again, sorted (`too_many_copies_sorted`). Every card sharing an identity has
/// the identity's type.
#[derive(Default)]
struct CopyRuns {
    /// The identity of the latest card, and its copies in a row (0 before the first card, which
    /// starts a run whatever its identity).
    last: u32,
    run: u32,
    /// Whether the list is to be counted again.
    doubtful: bool,
}

impl CopyRuns {
    fn add(&mut self, entry: &Entry, limits: &TypeLimits) {
        let identity = entry.identity;
        if identity == self.last {
            self.run += 1;
        } else {
            self.doubtful |= identity < self.last;
            self.run = 1;
        }
        self.last = identity;
        self.doubtful |= self.run > limits.of_kind(entry.card.kind).copies;
    }

    /// Whether some card of the list counted (`entries`) has more copies than its type allows.
    fn too_many<'a>(&self, entries: impl Iterator<Item = &'a Entry>, limits: &TypeLimits) -> bool {
        self.doubtful && too_many_copies_sorted(entries, limits)
    }
}

/// Whether some card of a list has more copies than its type allows (SF-14).
fn too_many_copies<'a>(known: impl Iterator<Item = &'a Entry> + Clone, limits: &TypeLimits) -> bool {
    let mut runs = CopyRuns::default();
    known.clone().for_each(|entry| runs.add(entry, limits));
    runs.too_many(known, limits)
}

/// How many of a list's cards come from each set, counted in runs: a deck's cards mostly come in
/// runs of one set, and most decks are of one set, kept without a list.
#[derive(Default)]
struct SetRuns {
    /// The set of the latest run and its cards.
    run: Option<(SetCode, u32)>,
    /// The cards of each set in the runs before it.
    earlier: Vec<(SetCode, u32)>,
}

impl SetRuns {
    /// Count `cards` cards of `set`, the next in the list.
    fn add(&mut self, set: SetCode, cards: u32) {
        match &mut self.run {
            Some((current, n)) if *current == set => *n += cards,
            run => {
                if let Some((ended, n)) = run.replace((set, cards)) {
                    match self.earlier.iter_mut().find(|(seen, _)| *seen == ended) {
                        Some((_, total)) => *total += n,
                        None => self.earlier.push((ended, n)),
                    }
                }
            }
        }
    }

    /// The sets counted, each once.
    fn sets(&self) -> impl Iterator<Item = SetCode> + '_ {
        let latest = self.run.map(|(set, _)| set);
        let latest_is_new = latest.filter(|set| self.earlier.iter().all(|(seen, _)| seen != set));
        self.earlier.iter().map(|(set, _)| *set).chain(latest_is_new)
    }

    fn count_of(&self, set: SetCode) -> u32 {
        count_in(&self.earlier, &set) + self.run.filter(|(latest, _)| *latest == set).map_or(0, |(_, n)| n)
    }
}

/// How many of a deck's known cards most limits of `validate_list` count, found in one pass:
/// arrays indexed by the type and rarity (every `ALL` list is in declaration order,
/// `cards::tests::every_all_list_is_in_declaration_order`). The deck's size and its champions
/// are read from the types' counts. The rarer limits, by world and last digit, count their
/// cards when a format has them.
#[derive(Default)]
struct Counts {
    kinds: [u32; CardType::ALL.len()],
    rarities: [u32; Rarity::ALL.len()],
    /// Cards the catalogue does not have: the deck's size counts them.
    unknown: u32,
    /// The champions' levels, an avatar's only when the table counts it (AMB-36).
    levels: i32,
    avatars: u32,
    chase: u32,
}

impl Counts {
    fn add(&mut self, card: &Card, options: DeckOptions) {
        self.kinds[card.kind as usize] += 1;
        self.rarities[card.rarity as usize] += 1;
        if let Some(level) = card.champion_level()
            && (options.avatar_levels_count || !card.avatar)
        {
            self.levels += level;
        }
        self.avatars += u32::from(card.avatar);
        self.chase += u32::from(card.is_chase());
    }

    /// The cards the deck's size counts: a dungeon may stand outside it (AMB-37).
    fn sized(&self, options: DeckOptions) -> u32 {
        let dungeons = if options.dungeon_counts_in_deck {
            0
        } else {
            self.kinds[CardType::Dungeon as usize]
        };
        self.kinds.iter().sum::<u32>() - dungeons + self.unknown
    }

    fn champions(&self) -> u32 {
        (CardType::ALL.iter())
            .filter(|kind| kind.is_champion())
            .map(|&kind| self.kinds[kind as usize])
            .sum()
    }
}

/// A format's limits for every card type, read once from its map (`Format::type_limit`).
struct TypeLimits([TypeLimit; CardType::ALL.len()]);

impl TypeLimits {
    fn of(format: &Format) -> Self {
        let mut limits = [format.type_limit_unlisted(); CardType::ALL.len()];
        for (kind, limit) in &format.types {
            limits[*kind as usize] = *limit;
        }
        Self(limits)
    }

    fn of_kind(&self, kind: CardType) -> TypeLimit {
        self.0[kind as usize]
    }
}

/// What a limit is about, to name the checklist rule it comes from.
#[derive(Clone, Copy)]
enum Topic {
    Size,
    RealmsHoldings,
    Champions,
    /// Artifacts, items, events, rule cards, avatars, dungeons.
    Others,
    /// A kind of card the format allows none of.
    Banned,
    Rarity,
    Sets,
}

/// Whether some card of a list has more copies than its type allows (SF-14), the list in any
/// order: sorted by identity first.
fn too_many_copies_sorted<'a>(known: impl Iterator<Item = &'a Entry>, limits: &TypeLimits) -> bool {
    // By identity, the type beside it.
    let mut identities: Vec<u64> = known
        .map(|e| (u64::from(e.identity) << 8) | e.card.kind as u64)
        .collect();
    identities.sort_unstable();
    // The copies of each card in a row, counted without slicing the runs apart.
    let mut copies = 0;
    for (at, &key) in identities.iter().enumerate() {
        copies += 1;
        if identities.get(at + 1) != Some(&key) {
            if copies > limits.0[(key & 0xff) as usize].copies {
                return true;
            }
            copies = 0;
        }
    }
    false
}

/// The copies problems (SF-14), sorted by type and name (a stable sort keeps a card's copies in
/// deck order), then taken a card at a time.
fn copies_problems(known: &[(CardRef, &Entry)], format: &Format, catalogue: &Catalogue, problems: &mut Vec<Violation>) {
    let mut by_identity: Vec<(CardType, &str, CardRef)> = known
        .iter()
        .map(|(id, entry)| (entry.card.kind, entry.key.as_str(), *id))
        .collect();
    by_identity.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
    for same in by_identity.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)) {
        let copies = format.type_limit(same[0].0).copies;
        if same.len() as u32 > copies {
            let ids: Vec<CardRef> = same.iter().map(|&(_, _, id)| id).collect();
            let name = &catalogue.get(ids[0]).map_or(String::new(), |e| e.card.name.to_string());
            let printings: std::collections::BTreeSet<String> = ids.iter().map(ToString::to_string).collect();
            let printings = if printings.len() > 1 {
                format!(" ({})", printings.into_iter().collect::<Vec<_>>().join(", "))
            } else {
                String::new()
            };
            problems.push(violation(
                Some("SF-14"),
                format!(
                    "{name} appears {}{printings}; {}.",
                    times(ids.len()),
                    copies_allowed(copies)
                ),
                ids,
            ));
        }
    }
}

/// The checklist rule (SF-n) behind a limit of one of the four shipped formats; none for a
/// format a player adds.
fn rule_for(format: &Format, topic: Topic) -> Option<&'static str> {
    let rule = match (format.id.as_str(), topic) {
        ("55-starter", Topic::Banned | Topic::Rarity) => "SF-25",
        ("55-starter", _) => "SF-24",
        ("55", Topic::Size) => "SF-15",
        ("55", Topic::RealmsHoldings) => "SF-16",
        ("55", Topic::Champions) => "SF-17",
        ("55", _) => "SF-18",
        ("75", Topic::Others | Topic::Banned | Topic::Rarity | Topic::Sets) => "SF-21",
        ("75", _) => "SF-20",
        ("110", Topic::Others | Topic::Banned | Topic::Rarity | Topic::Sets) => "SF-23",
        ("110", _) => "SF-22",
        _ => return None,
    };
    Some(rule)
}

fn rarity_words(rarity: Rarity) -> (String, String) {
    match rarity {
        Rarity::Realm => ("realm-rarity card".into(), "realm-rarity cards".into()),
        other => (format!("{} card", other.name()), format!("{} cards", other.name())),
    }
}

/// A problem with one line of an imported text list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineProblem {
    /// 1-based.
    pub line: usize,
    pub text: String,
    pub message: String,
}

impl std::fmt::Display for LineProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {} (\"{}\")", self.line, self.message, self.text)
    }
}

/// A deck as a plain text list: a header, then one card a line, `1st/375 Name`.
pub fn to_text(deck: &Deck, catalogue: &Catalogue, formats: &Formats) -> String {
    let mut out = format!("# Deck: {}\n", deck.name);
    let format = formats
        .get(&deck.format)
        .map_or(deck.format.as_str(), |f| f.name.as_str());
    out.push_str(&format!("# Format: {format}\n"));
    for id in &deck.cards {
        match catalogue.get(*id) {
            Some(entry) => out.push_str(&format!("{id} {}\n", entry.card.name)),
            None => out.push_str(&format!("{id}\n")),
        }
    }
    for line in &deck.unread {
        out.push_str(&format!("{line}\n"));
    }
    out
}

/// Read a text list: `1st/375 Name`, `1st 375`, `2x 1st/375`, or a card name alone; `#` starts a
/// comment (`# Deck: NAME` names the deck). Lines naming no card are kept in [`Deck::unread`]
/// and reported with the reason.
pub fn from_text(
    text: &str,
    name: &str,
    format: &str,
    catalogue: &Catalogue,
    formats: &Formats,
) -> (Deck, Vec<LineProblem>) {
    let mut deck = Deck::new(name, format);
    let mut problems = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            let comment = comment.trim();
            if let Some(title) = comment.strip_prefix("Deck:") {
                deck.name = title.trim().to_string();
            } else if let Some(wanted) = comment.strip_prefix("Format:") {
                let wanted = wanted.trim();
                match formats.formats.iter().find(|f| f.name == wanted || f.id == wanted) {
                    Some(found) => deck.format = found.id.clone(),
                    None => problems.push(LineProblem {
                        line: index + 1,
                        text: line.to_string(),
                        message: format!("there is no format called {wanted}; the deck keeps {}", deck.format),
                    }),
                }
            }
            continue;
        }
        let problem = |message: String| LineProblem {
            line: index + 1,
            text: line.to_string(),
            message,
        };
        let (copies, rest) = split_copies(line);
        match read_card_line(rest, catalogue) {
            Ok((id, warning)) => {
                for _ in 0..copies {
                    deck.add(id);
                }
                if let Some(warning) = warning {
                    problems.push(problem(warning));
                }
            }
            Err(message) => {
                problems.push(problem(message));
                deck.unread.push(line.to_string());
            }
        }
    }
    (deck, problems)
}

/// `2x 1st/375` → (2, "1st/375").
fn split_copies(line: &str) -> (usize, &str) {
    if let Some((count, rest)) = line.split_once(['x', 'X'])
        && let Ok(n) = count.trim().parse::<usize>()
        && (1..=20).contains(&n)
        && rest.starts_with(' ')
    {
        return (n, rest.trim());
    }
    (1, line)
}

/// The card a line names, and a warning when the name does not match the number.
fn read_card_line(line: &str, catalogue: &Catalogue) -> Result<(CardRef, Option<String>), String> {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or_default();
    let (id, name) = if first.contains('/') {
        // A number written like a reference must be one: no guessing from the name after it.
        (Some(first.parse::<CardRef>()?), words.collect::<Vec<_>>().join(" "))
    } else {
        let second = words.clone().next().unwrap_or_default();
        match format!("{first} {second}").parse::<CardRef>() {
            Ok(id) if !second.is_empty() => {
                words.next();
                (Some(id), words.collect::<Vec<_>>().join(" "))
            }
            _ => (None, line.to_string()),
        }
    };
    match id {
        Some(id) => {
            let Some(entry) = catalogue.get(id) else {
                return Err(format!("there is no card {id}"));
            };
            let warning = (!name.is_empty() && entry.key != name.to_lowercase())
                .then(|| format!("{id} is {}, not {name}; the number was used", entry.card.name));
            Ok((id, warning))
        }
        None => {
            let mut named = catalogue.named(&name);
            match named.next() {
                Some(entry) => Ok((entry.id, None)),
                None => Err("no card has this name or number".into()),
            }
        }
    }
}

/// Read a CrossFire `.cfd` deck, with its format mapped to ours, and a warning when the file's
/// format is not one of ours (the deck then opens in the first format, the 55-card standard).
pub fn from_cfd(file: &str, bytes: &[u8], formats: &Formats) -> Result<(Deck, Option<String>), ContentError> {
    let cfd = crossfire::read_cfd(file, bytes)?;
    let (format, warning) = match formats.by_crossfire_name(&cfd.format) {
        Some(found) => (found.id.clone(), None),
        None => {
            let first = formats.formats.first().map_or(String::new(), |f| f.id.clone());
            let fallback = formats.get(&first).map_or(first.clone(), |f| f.name.clone());
            let warning = format!(
                "the file's format '{}' is not one of ours; it opens as {fallback}",
                cfd.format
            );
            (first, Some(warning))
        }
    };
    let mut deck = Deck {
        name: if cfd.title.is_empty() {
            "Imported deck".into()
        } else {
            cfd.title
        },
        author: cfd.author,
        notes: cfd.notes,
        format,
        cards: cfd.cards,
        unread: Vec::new(),
    };
    deck.cards.sort();
    Ok((deck, warning))
}

/// Where a player's decks live, and the names they are listed by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckShelf {
    pub dir: PathBuf,
}

impl DeckShelf {
    pub fn new(dir: PathBuf) -> Self {
        Self { dir }
    }

    /// A file name for a deck name: letters, digits, `-` and `_`, others as `_`.
    pub fn path_for(&self, name: &str) -> PathBuf {
        let stem: String = name
            .trim()
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let stem = if stem.is_empty() { "deck".to_string() } else { stem };
        self.dir.join(format!("{stem}.ron"))
    }

    /// The `.ron` files on the shelf, by name.
    pub fn list(&self) -> Vec<PathBuf> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&self.dir)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "ron"))
                    .collect()
            })
            .unwrap_or_default();
        paths.sort();
        paths
    }
}

const STARTER_FILES: [(&str, &str); 12] = [
    ("A-1", include_str!("../../../../data/spellfire/decks/A-1.ron")),
    ("A-2", include_str!("../../../../data/spellfire/decks/A-2.ron")),
    ("B-1", include_str!("../../../../data/spellfire/decks/B-1.ron")),
    ("B-2", include_str!("../../../../data/spellfire/decks/B-2.ron")),
    ("C-1", include_str!("../../../../data/spellfire/decks/C-1.ron")),
    ("C-2", include_str!("../../../../data/spellfire/decks/C-2.ron")),
    ("D-1", include_str!("../../../../data/spellfire/decks/D-1.ron")),
    ("D-2", include_str!("../../../../data/spellfire/decks/D-2.ron")),
    ("E-1", include_str!("../../../../data/spellfire/decks/E-1.ron")),
    ("E-2", include_str!("../../../../data/spellfire/decks/E-2.ron")),
    ("F-1", include_str!("../../../../data/spellfire/decks/F-1.ron")),
    ("F-2", include_str!("../../../../data/spellfire/decks/F-2.ron")),
];

/// The twelve 1st Edition starter decks (read-only in the editor; save a copy to change one).
pub fn starter_decks() -> Result<Vec<Deck>, ContentError> {
    STARTER_FILES
        .iter()
        .map(|(code, text)| Deck::from_ron(&format!("data/spellfire/decks/{code}.ron"), text))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `FormatCheck::fits` says a list fits exactly when `validate_list` finds no problem: for
    /// every shipped format and both readings of the deck options, the starter decks as they
    /// are, shuffled (copies no longer in a row), short of a card, with a card more or another
    /// card in place of one of theirs, with two more copies of a card they hold, and joined to
    /// make 75 and 110 cards.
    #[test]
    fn the_quick_check_agrees_with_the_full_one() {
        let catalogue = Catalogue::shipped().unwrap();
        let formats = Formats::shipped().unwrap();
        let starters: Vec<Vec<CardRef>> = starter_decks().unwrap().into_iter().map(|d| d.cards).collect();
        let mut lists: Vec<Vec<CardRef>> = Vec::new();
        for (at, cards) in starters.iter().enumerate() {
            let other = &starters[(at + 5) % starters.len()];
            lists.push([&cards[..], &other[..20]].concat());
            lists.push([&cards[..], &other[..]].concat());
            let cards = cards.clone();
            let mut shuffled = cards.clone();
            shuffled.reverse();
            shuffled.rotate_left(7);
            lists.push(shuffled);
            for at in (0..cards.len()).step_by(5) {
                let mut short = cards.clone();
                short.remove(at);
                lists.push(short);
                let mut more = cards.clone();
                more.extend([cards[at], cards[at]]);
                lists.push(more);
            }
            for (n, entry) in catalogue.entries.iter().step_by(41).enumerate() {
                let mut with = cards.clone();
                with.push(entry.id);
                lists.push(with);
                let mut instead = cards.clone();
                instead[n % cards.len()] = entry.id;
                lists.push(instead);
            }
            lists.push(cards);
        }
        let mut fitting = 0;
        for format in &formats.formats {
            for options in [
                DeckOptions::default(),
                DeckOptions {
                    avatar_levels_count: false,
                    dungeon_counts_in_deck: false,
                },
            ] {
                let check = FormatCheck::new(format, options);
                for list in &lists {
                    let mut entries = Vec::new();
                    let looked_up = look_up(list, &catalogue, |_, entry| entries.push(entry));
                    let fits = check.fits(&looked_up, entries.into_iter());
                    let problems = validate_list(list, &[], format, &catalogue, options);
                    assert_eq!(
                        fits,
                        problems.is_empty(),
                        "{} {options:?} {list:?}: {problems:?}",
                        format.id
                    );
                    fitting += usize::from(fits);
                }
            }
        }
        // Both answers are given: some lists fit some formats, most do not.
        assert!(fitting > 0 && fitting < lists.len(), "{fitting} of {} fit", lists.len());
    }
}
