//! The game's content from `data/spells-of-doom/` (embedded in the binary), checked when loaded:
//! every hex on the board, shrines and starting spaces apart, ids unique, every reference to a
//! creature, card or Hero defined, each Hero's board and deck the size the game needs.
//! The files say which parts are the rulebook's and which are Spellhall's design.

use std::collections::BTreeMap;

use hexx::Hex;
use serde::{Deserialize, Serialize};
use spellhall_core::content::{Catalog, ContentError, Id, Keyed, SourceFile, check_added_count, parse_ron};

use crate::board::Board;
use crate::event::Name;
use crate::text::played_words;

pub const BOARD_FILE: &str = "data/spells-of-doom/board.ron";
pub const HEROES_FILE: &str = "data/spells-of-doom/heroes.ron";
pub const CREATURES_FILE: &str = "data/spells-of-doom/creatures.ron";
pub const CARDS_FILE: &str = "data/spells-of-doom/cards.ron";
const BOARD_TEXT: &str = include_str!("../../../data/spells-of-doom/board.ron");
const HEROES_TEXT: &str = include_str!("../../../data/spells-of-doom/heroes.ron");
const CREATURES_TEXT: &str = include_str!("../../../data/spells-of-doom/creatures.ron");
const CARDS_TEXT: &str = include_str!("../../../data/spells-of-doom/cards.ron");

/// Cards in each Hero's deck.
pub const DECK_SIZE: usize = 30;
/// The most cards a Hero's deck may hold with the cards a player added.
pub const MAX_DECK_SIZE: usize = 2 * DECK_SIZE;
/// Creature tokens in the game, over the four Hero boards.
pub const CREATURE_TOKENS: usize = 29;
/// Magic Shrines on the board.
pub const SHRINES: usize = 9;

/// An axial hex coordinate as written in the files: `(q, r)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Coord(pub i32, pub i32);

impl From<Coord> for Hex {
    fn from(c: Coord) -> Hex {
        Hex::new(c.0, c.1)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardFile {
    pub radius: u32,
    #[serde(default)]
    pub removed: Vec<Coord>,
    /// Two starting spaces (by seat).
    pub starts_two: Vec<Coord>,
    /// Four starting spaces (by seat).
    pub starts_four: Vec<Coord>,
    pub shrines: Vec<Coord>,
}

/// A Hero's own ability.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ability {
    /// Magie (the rulebook's): when attacking, pay `mana` to roll `dice` more.
    FireAttack { mana: u8, dice: u8 },
    /// Restore `hp` at the start of each of the Hero's upkeeps.
    Regenerate { hp: u8 },
    /// Each creature the Hero summons with the Summoning skill costs `discount` less mana (never
    /// below 1); summoning spells cost what the card says.
    BeastCaller { discount: u8 },
    /// The Hero's spells reach `range` hexes further.
    MindReach { range: u8 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeroDef {
    pub id: String,
    pub name: String,
    pub hp: u8,
    /// The Armor track; the Hero starts on its first space.
    pub armor: Vec<u8>,
    /// The Attack track (dice rolled); the Hero starts on its first space.
    pub attack: Vec<u8>,
    pub speed: u8,
    pub ability: Ability,
    /// The creature tokens on the Hero board, one entry per token.
    pub creatures: Vec<Id<CreatureDef>>,
}

impl Keyed for HeroDef {
    fn key(&self) -> &str {
        &self.id
    }
}

/// A creature's special ability (the rulebook's four).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CreatureAbility {
    /// May move and attack the turn it is summoned.
    ReadyToFight,
    /// Speed 3 instead of 2.
    Fast,
    /// Its attacks also make a Burn Attack 1.
    BurnAttack,
    /// Its attacks also make a Stun Attack 1.
    StunAttack,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreatureDef {
    pub id: String,
    pub name: String,
    /// Mana the Summoning skill pays; `None` when only its spell summons it.
    pub cost: Option<u8>,
    pub hp: u8,
    pub armor: u8,
    pub attack: u8,
    pub abilities: Vec<CreatureAbility>,
    /// The "*" after the Attack: it may make its special attack instead of the normal one.
    #[serde(default)]
    pub special_instead: bool,
}

impl Keyed for CreatureDef {
    fn key(&self) -> &str {
        &self.id
    }
}

impl CreatureDef {
    pub fn has(&self, ability: CreatureAbility) -> bool {
        self.abilities.contains(&ability)
    }

    /// Speed 2, or 3 when Fast.
    pub fn speed(&self) -> u8 {
        if self.has(CreatureAbility::Fast) { 3 } else { 2 }
    }
}

/// What kind of card, with what it costs to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardKind {
    /// Resolved when played (from the hand or the Reserve).
    Skill,
    /// Laid face down with a token on a hex; revealed later for `cost`.
    Terrain { cost: u8 },
    /// Prepared in the Spell Area, cast for `cost` at a target within `range` hexes.
    Spell { cost: u8, range: u8 },
}

/// One row of a stacking spell's table: what 1, 2 or 3 cards cast together do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VolleyRow {
    pub attack: u8,
    #[serde(default)]
    pub burn: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MalfunctionRow {
    pub attack: u8,
    /// Cards the target Hero's controller discards at random.
    pub discard: u8,
}

/// What a card does. Each variant is one rule of the rulebook's card section, with its numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    GainMana {
        mana: u8,
    },
    Run {
        speed: u8,
    },
    MagicShield {
        armor: u8,
    },
    Heal {
        hp: u8,
    },
    FastAttack,
    TowerConjuration {
        discount: u8,
    },
    Accuracy {
        dice: u8,
    },
    StrongAttack {
        attack: u8,
    },
    CounterAttack,
    Summoning,
    FriendlyArea {
        hp: u8,
    },
    ExplodingArea {
        attack: u8,
    },
    /// Fireball, Rock Throw: row n is n cards cast together.
    Volley {
        rows: Vec<VolleyRow>,
    },
    /// Fire Blast, Earthquake: `centre` on the target hex, `around` on its neighbours, and a Stun
    /// Attack `stun` on enemy Heroes there.
    Blast {
        centre: u8,
        around: u8,
        stun: u8,
    },
    /// Fire Arrows: 3 dice per card, grouped high / middle / low.
    FireArrows {
        max_cards: u8,
    },
    Summon {
        creature: Id<CreatureDef>,
        count: u8,
    },
    Stoneskin {
        armor: u8,
        max_armor: u8,
    },
    Overpower {
        attack: u8,
        heal: u8,
        armor: u8,
        max_armor: u8,
    },
    HealingWard {
        hp: u8,
    },
    BrainMalfunction {
        rows: Vec<MalfunctionRow>,
    },
    Decoy {
        roll: u8,
    },
    Ensnare {
        centre: u8,
        around: u8,
    },
    MentalSlap {
        attack: u8,
        brain_damage: u8,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    pub id: String,
    pub name: String,
    pub kind: CardKind,
    /// Playable from the Reserve during another player's turn.
    #[serde(default)]
    pub counter: bool,
    /// The Hero's Spell of Doom.
    #[serde(default)]
    pub doom: bool,
    pub effect: Effect,
}

impl Keyed for CardDef {
    fn key(&self) -> &str {
        &self.id
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckDef {
    pub hero: Id<HeroDef>,
    /// Card and copies.
    pub cards: Vec<(Id<CardDef>, u8)>,
}

/// `cards.ron`, and each file a player adds: new cards, and deck lines. In `cards.ron` the deck
/// lines make up each Hero's deck; in an added file they join that Hero's deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardsFile {
    #[serde(default)]
    pub cards: Vec<CardDef>,
    #[serde(default)]
    pub decks: Vec<DeckDef>,
}

/// Everything the game is played with.
#[derive(Clone, Debug)]
pub struct Content {
    pub board: Board,
    pub heroes: Catalog<HeroDef>,
    pub creatures: Catalog<CreatureDef>,
    pub cards: Catalog<CardDef>,
    /// Each Hero's deck, by Hero id, as one entry per card copy.
    pub decks: BTreeMap<String, Vec<Id<CardDef>>>,
    /// By Hero (in `heroes` order): his deck's cards and his creature tokens as places in `cards`
    /// and `creatures`, found once here: every game (every playout) starts from them instead of
    /// comparing ids.
    pub(crate) places: Vec<HeroPlaces>,
    /// The names and words events carry, made once here for every event to share.
    pub(crate) log_words: LogWords,
}

/// What events name, made at load and shared by every event (`event::Name`).
#[derive(Clone, Debug)]
pub(crate) struct LogWords {
    /// By card (in `cards` order): its name.
    pub(crate) cards: Vec<Name>,
    /// By card: what it does played as a skill, in the log's words (`text::played_words`).
    pub(crate) played: Vec<Name>,
    /// By creature (in `creatures` order): its name.
    pub(crate) creatures: Vec<Name>,
}

impl LogWords {
    fn of(creatures: &Catalog<CreatureDef>, cards: &Catalog<CardDef>) -> Self {
        let cards = cards.items();
        Self {
            cards: cards.iter().map(|card| Name::from(card.name.as_str())).collect(),
            played: cards
                .iter()
                .map(|card| Name::from(played_words(&card.effect).as_str()))
                .collect(),
            creatures: creatures
                .items()
                .iter()
                .map(|creature| Name::from(creature.name.as_str()))
                .collect(),
        }
    }
}

/// One Hero's deck cards and creature tokens as places in the content's catalogues.
#[derive(Clone, Debug)]
pub(crate) struct HeroPlaces {
    pub(crate) deck: Vec<usize>,
    pub(crate) tokens: Vec<usize>,
}

impl HeroPlaces {
    /// By Hero, in `heroes` order (a Hero without a deck has none).
    fn of_every_hero(
        heroes: &Catalog<HeroDef>,
        creatures: &Catalog<CreatureDef>,
        cards: &Catalog<CardDef>,
        decks: &BTreeMap<String, Vec<Id<CardDef>>>,
    ) -> Vec<HeroPlaces> {
        fn place<'a>(mut ids: impl Iterator<Item = &'a String>, id: &str) -> usize {
            ids.position(|i| i == id).expect("content is cross-checked at load")
        }
        let card_ids = || cards.items().iter().map(|c| &c.id);
        let creature_ids = || creatures.items().iter().map(|c| &c.id);
        heroes
            .items()
            .iter()
            .map(|hero| HeroPlaces {
                deck: decks
                    .get(&hero.id)
                    .map(|deck| deck.iter().map(|card| place(card_ids(), card.key())).collect())
                    .unwrap_or_default(),
                tokens: hero
                    .creatures
                    .iter()
                    .map(|kind| place(creature_ids(), kind.key()))
                    .collect(),
            })
            .collect()
    }
}

/// The texts of the four content files, named as the errors will name them.
pub struct Sources<'a> {
    pub board: (&'a str, &'a str),
    pub heroes: (&'a str, &'a str),
    pub creatures: (&'a str, &'a str),
    pub cards: (&'a str, &'a str),
}

impl Content {
    pub fn shipped() -> Result<Self, Vec<ContentError>> {
        Self::load(&Sources {
            board: (BOARD_FILE, BOARD_TEXT),
            heroes: (HEROES_FILE, HEROES_TEXT),
            creatures: (CREATURES_FILE, CREATURES_TEXT),
            cards: (CARDS_FILE, CARDS_TEXT),
        })
    }

    /// Parse and check the four files; every problem found is returned, each naming its file,
    /// line, column and item.
    pub fn load(sources: &Sources) -> Result<Self, Vec<ContentError>> {
        let board_file: BoardFile = parse_ron(sources.board.0, sources.board.1).map_err(|e| vec![e])?;
        let heroes = Catalog::<HeroDef>::parse(sources.heroes.0, sources.heroes.1)?;
        let creatures = Catalog::<CreatureDef>::parse(sources.creatures.0, sources.creatures.1)?;
        let (cards_name, cards_text) = sources.cards;
        let cards_file: CardsFile = parse_ron(cards_name, cards_text).map_err(|e| vec![e])?;
        let cards = Catalog::new(cards_name, cards_text, cards_file.cards)?;

        let mut errors = Vec::new();
        let board = check_board(sources.board.0, sources.board.1, &board_file, &mut errors);
        check_heroes(&heroes, &creatures, sources, &mut errors);
        check_cards(cards.items_with_files(), &creatures, &mut errors);
        let cards_source = SourceFile::embedded(cards_name, cards_text);
        let mut decks = BTreeMap::new();
        add_deck_lines(
            &mut decks,
            &cards_file.decks,
            &heroes,
            &cards,
            &cards_source,
            &mut errors,
        );
        let every_hero = heroes.items().iter().map(|hero| (hero, &cards_source));
        check_deck_sizes(&decks, every_hero, &cards, DECK_SIZE..=DECK_SIZE, &mut errors);
        if errors.is_empty() {
            let places = HeroPlaces::of_every_hero(&heroes, &creatures, &cards, &decks);
            let log_words = LogWords::of(&creatures, &cards);
            Ok(Self {
                board,
                heroes,
                creatures,
                cards,
                decks,
                places,
                log_words,
            })
        } else {
            Err(errors)
        }
    }

    /// This content with the cards of a player's files added. Each file is in the format of
    /// `cards.ron`: its `cards` must have new ids, and its `decks` lines name a Hero and add
    /// copies of cards (new or shipped) to that Hero's deck, which may grow to [`MAX_DECK_SIZE`]
    /// cards and keeps one Spell of Doom. Heroes, creatures and the board are not added to.
    pub fn with_user_files(&self, files: &[SourceFile]) -> Result<Self, Vec<ContentError>> {
        let mut parsed = Vec::new();
        let mut errors = Vec::new();
        for file in files {
            match parse_ron::<CardsFile>(&file.name, &file.text) {
                Ok(added) => parsed.push((file, added)),
                Err(e) => errors.push(e),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        // Deck lines count too: a file of endless lines is refused before each is checked.
        check_added_count(parsed.iter().map(|(file, added)| {
            let cards = added.cards.iter().map(|c| c.id.as_str());
            let lines = added
                .decks
                .iter()
                .flat_map(|d| d.cards.iter().map(|(card, _)| card.key()));
            (*file, cards.chain(lines))
        }))
        .map_err(|e| vec![e])?;
        let decks_added: Vec<(&SourceFile, Vec<DeckDef>)> = parsed
            .iter()
            .map(|(file, added)| (*file, added.decks.clone()))
            .collect();
        let cards = self.cards.with_added(
            parsed
                .into_iter()
                .map(|(file, added)| (file.clone(), added.cards))
                .collect(),
        )?;
        check_cards(cards.added_items(), &self.creatures, &mut errors);
        let mut decks = self.decks.clone();
        for (file, lines) in &decks_added {
            add_deck_lines(&mut decks, lines, &self.heroes, &cards, file, &mut errors);
        }
        // Each Hero whose deck grew, checked where its last added lines are.
        let mut grown: BTreeMap<&str, (&HeroDef, &SourceFile)> = BTreeMap::new();
        for (file, lines) in &decks_added {
            for hero in lines.iter().filter_map(|deck| self.heroes.get(&deck.hero)) {
                grown.insert(&hero.id, (hero, file));
            }
        }
        check_deck_sizes(
            &decks,
            grown.into_values(),
            &cards,
            DECK_SIZE..=MAX_DECK_SIZE,
            &mut errors,
        );
        if errors.is_empty() {
            let places = HeroPlaces::of_every_hero(&self.heroes, &self.creatures, &cards, &decks);
            let log_words = LogWords::of(&self.creatures, &cards);
            Ok(Self {
                board: self.board.clone(),
                heroes: self.heroes.clone(),
                creatures: self.creatures.clone(),
                cards,
                decks,
                places,
                log_words,
            })
        } else {
            Err(errors)
        }
    }

    pub fn hero(&self, id: &str) -> Option<&HeroDef> {
        self.heroes.get(&Id::new(id))
    }
}

fn problem(file: &str, text: &str, needle: &str, item: Option<&str>, message: String) -> ContentError {
    let (line, col) = match text.find(needle) {
        Some(at) => {
            let before = &text[..at];
            (
                before.matches('\n').count() + 1,
                at - before.rfind('\n').map_or(0, |nl| nl + 1) + 1,
            )
        }
        None => (0, 0),
    };
    ContentError {
        file: file.to_string(),
        line,
        col,
        item: item.map(str::to_string),
        message,
    }
}

fn check_board(file: &str, text: &str, board: &BoardFile, errors: &mut Vec<ContentError>) -> Board {
    let hex = |c: &Coord| Hex::from(*c);
    let mut fail = |field: &str, message: String| errors.push(problem(file, text, field, None, message));
    if board.starts_two.len() != 2 || board.starts_four.len() != 4 {
        fail(
            "starts_two",
            "the board needs 2 starting spaces for two players and 4 for four".into(),
        );
    }
    let start = |list: &[Coord], seat: usize| list.get(seat).map_or(Hex::ZERO, hex);
    let built = Board::new(
        board.radius,
        &board.removed.iter().map(hex).collect::<Vec<_>>(),
        [0, 1].map(|seat| start(&board.starts_two, seat)),
        [0, 1, 2, 3].map(|seat| start(&board.starts_four, seat)),
        board.shrines.iter().map(hex).collect(),
    );
    let starts: Vec<&Coord> = board.starts_two.iter().chain(&board.starts_four).collect();
    for c in starts.iter().copied().chain(&board.shrines) {
        if !built.contains(hex(c)) {
            fail("starts_two", format!("({}, {}) is not a hex of the board", c.0, c.1));
        }
    }
    if board.shrines.len() != SHRINES {
        fail(
            "shrines",
            format!("the board needs {SHRINES} Magic Shrines, not {}", board.shrines.len()),
        );
    }
    let mut shrines = board.shrines.clone();
    shrines.sort();
    shrines.dedup();
    if shrines.len() != board.shrines.len() {
        fail("shrines", "two Magic Shrines share a hex".into());
    }
    if let Some(c) = starts.iter().find(|c| board.shrines.contains(c)) {
        fail(
            "shrines",
            format!("({}, {}) is both a starting space and a Magic Shrine", c.0, c.1),
        );
    }
    built
}

fn check_heroes(
    heroes: &Catalog<HeroDef>,
    creatures: &Catalog<CreatureDef>,
    sources: &Sources,
    errors: &mut Vec<ContentError>,
) {
    let (file, text) = sources.heroes;
    let mut tokens = 0;
    for hero in heroes.items() {
        let mut fail = |message: String| errors.push(problem(file, text, &hero.id, Some(&hero.id), message));
        if hero.armor.first() != Some(&1)
            || hero.armor.last() != Some(&3)
            || !hero.armor.windows(2).all(|w| w[0] < w[1])
        {
            fail("the Armor track runs from 1 up to 3".into());
        }
        if hero.attack.first() != Some(&3) || !hero.attack.windows(2).all(|w| w[0] < w[1]) {
            fail("the Attack track starts at 3 and rises".into());
        }
        if hero.speed != 2 || hero.hp == 0 {
            fail("a Hero has Speed 2 and some HP".into());
        }
        for creature in &hero.creatures {
            if let Err(e) = creatures.check_ref(creature, file, text, &hero.id) {
                errors.push(e);
            }
        }
        tokens += hero.creatures.len();
    }
    if tokens != CREATURE_TOKENS {
        errors.push(problem(
            file,
            text,
            "creatures",
            None,
            format!("the Hero boards hold {tokens} creature tokens; the game has {CREATURE_TOKENS}"),
        ));
    }
}

fn check_cards<'a>(
    cards: impl Iterator<Item = (&'a CardDef, &'a SourceFile)>,
    creatures: &Catalog<CreatureDef>,
    errors: &mut Vec<ContentError>,
) {
    for (card, source) in cards {
        let (file, text) = (source.name.as_str(), source.text.as_str());
        if let Effect::Summon { creature, .. } = &card.effect
            && let Err(e) = creatures.check_ref(creature, file, text, &card.id)
        {
            errors.push(e);
        }
        let mut fail = |message: String| errors.push(problem(file, text, &card.id, Some(&card.id), message));
        match (&card.effect, card.kind) {
            (Effect::Volley { rows }, _) if rows.is_empty() || rows.len() > 3 => {
                fail("a stacking spell has a row for 1 to 3 cards".into())
            }
            (Effect::BrainMalfunction { rows }, _) if rows.is_empty() || rows.len() > 3 => {
                fail("a stacking spell has a row for 1 to 3 cards".into())
            }
            (Effect::FriendlyArea { .. } | Effect::ExplodingArea { .. }, kind)
                if !matches!(kind, CardKind::Terrain { .. }) =>
            {
                fail("a Terrain effect belongs on a Terrain card".into())
            }
            _ => {}
        }
        if card.doom && !matches!(card.kind, CardKind::Spell { .. }) {
            fail("a Spell of Doom is a spell".into());
        }
    }
}

/// Add each deck line of `file` to its Hero's deck, one entry per copy.
fn add_deck_lines(
    decks: &mut BTreeMap<String, Vec<Id<CardDef>>>,
    lines: &[DeckDef],
    heroes: &Catalog<HeroDef>,
    cards: &Catalog<CardDef>,
    file: &SourceFile,
    errors: &mut Vec<ContentError>,
) {
    let (name, text) = (file.name.as_str(), file.text.as_str());
    for deck in lines {
        let hero = deck.hero.key();
        if let Err(e) = heroes.check_ref(&deck.hero, name, text, hero) {
            errors.push(e);
            continue;
        }
        let list = decks.entry(hero.to_string()).or_default();
        for (card, copies) in &deck.cards {
            if let Err(e) = cards.check_ref(card, name, text, hero) {
                errors.push(e);
            }
            list.extend(std::iter::repeat_n(card.clone(), usize::from(*copies)));
        }
    }
}

/// Each Hero has a deck of a size in `sizes` with exactly one Spell of Doom. A wrong deck is
/// reported where the file given with the Hero names it.
fn check_deck_sizes<'a>(
    decks: &BTreeMap<String, Vec<Id<CardDef>>>,
    heroes: impl Iterator<Item = (&'a HeroDef, &'a SourceFile)>,
    cards: &Catalog<CardDef>,
    sizes: std::ops::RangeInclusive<usize>,
    errors: &mut Vec<ContentError>,
) {
    for (hero, file) in heroes {
        let (name, text) = (file.name.as_str(), file.text.as_str());
        let Some(list) = decks.get(&hero.id) else {
            errors.push(problem(
                name,
                text,
                "decks",
                Some(&hero.id),
                format!("{} has no deck", hero.name),
            ));
            continue;
        };
        let dooms = list.iter().filter(|c| cards.get(c).is_some_and(|c| c.doom)).count();
        if !sizes.contains(&list.len()) || dooms != 1 {
            let allowed = if sizes.start() == sizes.end() {
                format!("{}", sizes.start())
            } else {
                format!("{} to {}", sizes.start(), sizes.end())
            };
            errors.push(problem(
                name,
                text,
                &format!("hero: \"{}\"", hero.id),
                Some(&hero.id),
                format!(
                    "a Hero's deck has {allowed} cards with one Spell of Doom; {}'s has {} with {dooms}",
                    hero.id,
                    list.len()
                ),
            ));
        }
    }
}
