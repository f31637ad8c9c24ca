//! One Spellfire card as facts: set, number, name, type, world, level or bonus, avatar, rarity,
//! attributes, the phases it may be played in, the kinds of cards it may use, and its power as
//! structured effects. No card text: that is the publisher's (see `data/spellfire/README.md`).

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;
use std::str::FromStr;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::effects::Power;

/// A set's short code, as CrossFire and the printed cards number them: `1st`, `DL`, `NS`.
/// At most four ASCII letters or digits, so a card reference is small and `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SetCode {
    bytes: [u8; 4],
    len: u8,
}

impl SetCode {
    pub fn new(code: &str) -> Result<Self, String> {
        if code.is_empty() || code.len() > 4 || !code.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(format!(
                "'{code}' is not a set code (one to four letters or digits, like 1st or DL)"
            ));
        }
        let mut bytes = [0; 4];
        bytes[..code.len()].copy_from_slice(code.as_bytes());
        Ok(Self {
            bytes,
            len: code.len() as u8,
        })
    }

    pub fn as_str(&self) -> &str {
        // Only ASCII is ever stored (checked in `new`).
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("?")
    }
}

impl fmt::Display for SetCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for SetCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl Serialize for SetCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for SetCode {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        SetCode::new(&text).map_err(serde::de::Error::custom)
    }
}

/// A card as decks name it: set and number, written `1st/375`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardRef {
    pub set: SetCode,
    pub number: u16,
}

impl CardRef {
    pub fn new(set: &str, number: u16) -> Result<Self, String> {
        Ok(Self {
            set: SetCode::new(set)?,
            number,
        })
    }
}

impl fmt::Display for CardRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.set, self.number)
    }
}

impl FromStr for CardRef {
    type Err = String;

    /// `1st/375`; CrossFire's `1st 375` is accepted too.
    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let (set, number) = text
            .split_once('/')
            .or_else(|| text.split_once(char::is_whitespace))
            .ok_or_else(|| format!("'{text}' is not a card reference (write it like 1st/375)"))?;
        let number = number.trim().parse::<u16>().map_err(|_| {
            format!(
                "'{text}' is not a card reference: '{}' is not a card number",
                number.trim()
            )
        })?;
        CardRef::new(set.trim(), number)
    }
}

impl Serialize for CardRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CardRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The card types (the icon in the card's corner). CrossFire numbers them 1 to 21 in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CardType {
    Ally,
    Artifact,
    BloodAbility,
    ClericSpell,
    Cleric,
    Event,
    Hero,
    Holding,
    MagicalItem,
    Monster,
    PsionicPower,
    Psionicist,
    Realm,
    Regent,
    Rule,
    Thief,
    ThiefAbility,
    UnarmedCombat,
    WizardSpell,
    Wizard,
    Dungeon,
}

impl CardType {
    pub const ALL: [CardType; 21] = [
        CardType::Ally,
        CardType::Artifact,
        CardType::BloodAbility,
        CardType::ClericSpell,
        CardType::Cleric,
        CardType::Event,
        CardType::Hero,
        CardType::Holding,
        CardType::MagicalItem,
        CardType::Monster,
        CardType::PsionicPower,
        CardType::Psionicist,
        CardType::Realm,
        CardType::Regent,
        CardType::Rule,
        CardType::Thief,
        CardType::ThiefAbility,
        CardType::UnarmedCombat,
        CardType::WizardSpell,
        CardType::Wizard,
        CardType::Dungeon,
    ];

    /// The order a deck list groups types in: realms and holdings, champions, then the rest.
    pub const DECK_ORDER: [CardType; 21] = [
        CardType::Realm,
        CardType::Holding,
        CardType::Cleric,
        CardType::Hero,
        CardType::Monster,
        CardType::Psionicist,
        CardType::Regent,
        CardType::Thief,
        CardType::Wizard,
        CardType::Ally,
        CardType::Artifact,
        CardType::MagicalItem,
        CardType::Event,
        CardType::Rule,
        CardType::ClericSpell,
        CardType::WizardSpell,
        CardType::PsionicPower,
        CardType::BloodAbility,
        CardType::ThiefAbility,
        CardType::UnarmedCombat,
        CardType::Dungeon,
    ];

    /// CrossFire's type number (1–21).
    pub fn from_crossfire(id: u32) -> Option<Self> {
        Self::ALL.get((id as usize).checked_sub(1)?).copied()
    }

    pub fn crossfire_id(self) -> u32 {
        self as u32 + 1
    }

    /// The name CrossFire's format files use ("Magical Item").
    pub fn crossfire_name(self) -> &'static str {
        match self {
            CardType::Ally => "Ally",
            CardType::Artifact => "Artifact",
            CardType::BloodAbility => "Blood Ability",
            CardType::ClericSpell => "Cleric Spell",
            CardType::Cleric => "Cleric",
            CardType::Event => "Event",
            CardType::Hero => "Hero",
            CardType::Holding => "Holding",
            CardType::MagicalItem => "Magical Item",
            CardType::Monster => "Monster",
            CardType::PsionicPower => "Psionic Power",
            CardType::Psionicist => "Psionicist",
            CardType::Realm => "Realm",
            CardType::Regent => "Regent",
            CardType::Rule => "Rule",
            CardType::Thief => "Thief",
            CardType::ThiefAbility => "Thief Ability",
            CardType::UnarmedCombat => "Unarmed Combat",
            CardType::WizardSpell => "Wizard Spell",
            CardType::Wizard => "Wizard",
            CardType::Dungeon => "Dungeon",
        }
    }

    /// "magical item", for sentences.
    pub fn singular(self) -> String {
        match self {
            CardType::Rule => "rule card".into(),
            CardType::UnarmedCombat => "unarmed combat card".into(),
            _ => self.crossfire_name().to_lowercase(),
        }
    }

    /// "magical items", for sentences.
    pub fn plural(self) -> String {
        match self {
            CardType::Ally => "allies".into(),
            CardType::Hero => "heroes".into(),
            CardType::BloodAbility => "blood abilities".into(),
            CardType::ThiefAbility => "thief abilities".into(),
            CardType::UnarmedCombat => "unarmed combat cards".into(),
            CardType::Rule => "rule cards".into(),
            CardType::Thief => "thieves".into(),
            _ => format!("{}s", self.singular()),
        }
    }

    /// Clerics, heroes, monsters, psionicists, regents, thieves and wizards are champions.
    pub fn is_champion(self) -> bool {
        matches!(
            self,
            CardType::Cleric
                | CardType::Hero
                | CardType::Monster
                | CardType::Psionicist
                | CardType::Regent
                | CardType::Thief
                | CardType::Wizard
        )
    }
}

/// The campaign world on the card. CrossFire numbers them 0 to 9 in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum World {
    /// No world symbol.
    Generic,
    ForgottenRealms,
    Greyhawk,
    Ravenloft,
    DarkSun,
    DragonLance,
    Birthright,
    /// The AD&D logo.
    Add,
    /// The TSR logo.
    Tsr,
    NoWorld,
}

impl World {
    pub const ALL: [World; 10] = [
        World::Generic,
        World::ForgottenRealms,
        World::Greyhawk,
        World::Ravenloft,
        World::DarkSun,
        World::DragonLance,
        World::Birthright,
        World::Add,
        World::Tsr,
        World::NoWorld,
    ];

    pub fn from_crossfire(id: u32) -> Option<Self> {
        Self::ALL.get(id as usize).copied()
    }

    pub fn name(self) -> &'static str {
        match self {
            World::Generic => "No world symbol",
            World::ForgottenRealms => "Forgotten Realms",
            World::Greyhawk => "Greyhawk",
            World::Ravenloft => "Ravenloft",
            World::DarkSun => "Dark Sun",
            World::DragonLance => "DragonLance",
            World::Birthright => "Birthright",
            World::Add => "AD&D",
            World::Tsr => "TSR",
            World::NoWorld => "No World",
        }
    }
}

/// How common the card was in packs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Rarity {
    /// Realm rarity (M): the basic realms of the starter decks.
    Realm,
    Common,
    Uncommon,
    Rare,
    VeryRare,
    /// Chase cards (S), numbered past the set's end.
    Chase,
    /// Virtual cards (V), never printed.
    Virtual,
    /// No rarity given (NA): the community sets.
    Unrated,
}

impl Rarity {
    pub const ALL: [Rarity; 8] = [
        Rarity::Realm,
        Rarity::Common,
        Rarity::Uncommon,
        Rarity::Rare,
        Rarity::VeryRare,
        Rarity::Chase,
        Rarity::Virtual,
        Rarity::Unrated,
    ];

    /// CrossFire's letters.
    pub fn code(self) -> &'static str {
        match self {
            Rarity::Realm => "M",
            Rarity::Common => "C",
            Rarity::Uncommon => "UC",
            Rarity::Rare => "R",
            Rarity::VeryRare => "VR",
            Rarity::Chase => "S",
            Rarity::Virtual => "V",
            Rarity::Unrated => "NA",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.code() == code)
    }

    pub fn name(self) -> &'static str {
        match self {
            Rarity::Realm => "realm rarity",
            Rarity::Common => "common",
            Rarity::Uncommon => "uncommon",
            Rarity::Rare => "rare",
            Rarity::VeryRare => "very rare",
            Rarity::Chase => "chase",
            Rarity::Virtual => "virtual",
            Rarity::Unrated => "unrated",
        }
    }
}

/// A fact of ours about a card that CrossFire's database does not give, for powers to select on
/// (Protection from Lightning's lightning). Written in the set files by hand; the converter keeps
/// it, as it keeps a scripted power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Keyword {
    /// The card is lightning: a lightning spell, or an item that throws lightning.
    Lightning,
}

impl Keyword {
    pub fn name(self) -> &'static str {
        match self {
            Keyword::Lightning => "lightning",
        }
    }
}

/// A card's traits (CrossFire's attribute list, without the phase markers, which are
/// [`Card::phases`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Attribute {
    Adventurer,
    Awnshegh,
    Beholder,
    BlackWizard,
    Coastal,
    Defensive,
    Draconian,
    Dragon,
    DragonUnarmedCombat,
    Drow,
    Duergar,
    Dwarf,
    Earthwalker,
    Elf,
    Familiar,
    Flyer,
    Giant,
    Gnome,
    Golem,
    HalfElf,
    Halfling,
    Harmful,
    Helpful,
    Kender,
    Kobold,
    Mul,
    Offensive,
    Orc,
    RedWizard,
    Spear,
    Swimmer,
    Sword,
    Svirfneblin,
    Undead,
    UndeadUnarmedCombat,
    Underdark,
    Vampire,
    Weapon,
    Werebeast,
    WhiteWizard,
}

/// CrossFire's attribute numbers 29–34 are "may be played in phase 0–5".
pub const PHASE_ATTRIBUTES: std::ops::RangeInclusive<u32> = 29..=34;

impl Attribute {
    pub const ALL: [Attribute; 40] = [
        Attribute::Adventurer,
        Attribute::Awnshegh,
        Attribute::Beholder,
        Attribute::BlackWizard,
        Attribute::Coastal,
        Attribute::Defensive,
        Attribute::Draconian,
        Attribute::Dragon,
        Attribute::DragonUnarmedCombat,
        Attribute::Drow,
        Attribute::Duergar,
        Attribute::Dwarf,
        Attribute::Earthwalker,
        Attribute::Elf,
        Attribute::Familiar,
        Attribute::Flyer,
        Attribute::Giant,
        Attribute::Gnome,
        Attribute::Golem,
        Attribute::HalfElf,
        Attribute::Halfling,
        Attribute::Harmful,
        Attribute::Helpful,
        Attribute::Kender,
        Attribute::Kobold,
        Attribute::Mul,
        Attribute::Offensive,
        Attribute::Orc,
        Attribute::RedWizard,
        Attribute::Spear,
        Attribute::Swimmer,
        Attribute::Sword,
        Attribute::Svirfneblin,
        Attribute::Undead,
        Attribute::UndeadUnarmedCombat,
        Attribute::Underdark,
        Attribute::Vampire,
        Attribute::Weapon,
        Attribute::Werebeast,
        Attribute::WhiteWizard,
    ];

    /// CrossFire's attribute number (1–46; 29–34 are phases, not attributes).
    pub fn from_crossfire(id: u32) -> Option<Self> {
        let index = match id {
            1..=28 => id - 1,
            35..=46 => id - 7,
            _ => return None,
        };
        Self::ALL.get(index as usize).copied()
    }

    pub fn name(self) -> &'static str {
        match self {
            Attribute::Adventurer => "Adventurer",
            Attribute::Awnshegh => "Awnshegh",
            Attribute::Beholder => "Beholder",
            Attribute::BlackWizard => "Black wizard",
            Attribute::Coastal => "Coastal",
            Attribute::Defensive => "Defensive",
            Attribute::Draconian => "Draconian",
            Attribute::Dragon => "Dragon",
            Attribute::DragonUnarmedCombat => "Dragon unarmed combat",
            Attribute::Drow => "Drow",
            Attribute::Duergar => "Duergar",
            Attribute::Dwarf => "Dwarf",
            Attribute::Earthwalker => "Earthwalker",
            Attribute::Elf => "Elf",
            Attribute::Familiar => "Familiar",
            Attribute::Flyer => "Flyer",
            Attribute::Giant => "Giant",
            Attribute::Gnome => "Gnome",
            Attribute::Golem => "Golem",
            Attribute::HalfElf => "Half-elf",
            Attribute::Halfling => "Halfling",
            Attribute::Harmful => "Harmful",
            Attribute::Helpful => "Helpful",
            Attribute::Kender => "Kender",
            Attribute::Kobold => "Kobold",
            Attribute::Mul => "Mul",
            Attribute::Offensive => "Offensive",
            Attribute::Orc => "Orc",
            Attribute::RedWizard => "Red wizard",
            Attribute::Spear => "Spear",
            Attribute::Swimmer => "Swimmer",
            Attribute::Sword => "Sword",
            Attribute::Svirfneblin => "Svirfneblin",
            Attribute::Undead => "Undead",
            Attribute::UndeadUnarmedCombat => "Undead unarmed combat",
            Attribute::Underdark => "Underdark",
            Attribute::Vampire => "Vampire",
            Attribute::Weapon => "Weapon",
            Attribute::Werebeast => "Werebeast",
            Attribute::WhiteWizard => "White wizard",
        }
    }
}

/// A kind of card another card may use: a card type, or one of the two unarmed-combat families
/// that only dragons and undead may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Usable {
    Type(CardType),
    DragonUnarmedCombat,
    UndeadUnarmedCombat,
}

impl Usable {
    /// CrossFire's "uses" numbers: a type id, or 101/102 for the unarmed-combat families.
    pub fn from_crossfire(id: u32) -> Option<Self> {
        match id {
            101 => Some(Usable::DragonUnarmedCombat),
            102 => Some(Usable::UndeadUnarmedCombat),
            _ => CardType::from_crossfire(id).map(Usable::Type),
        }
    }

    pub fn plural(self) -> String {
        match self {
            Usable::Type(kind) => kind.plural(),
            Usable::DragonUnarmedCombat => "dragon unarmed combat cards".into(),
            Usable::UndeadUnarmedCombat => "undead unarmed combat cards".into(),
        }
    }
}

/// What a card may use: all cards of a kind, or only its defensive or offensive ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Use {
    All(Usable),
    Defensive(Usable),
    Offensive(Usable),
}

impl Use {
    pub fn describe(self) -> String {
        match self {
            Use::All(kind) => kind.plural(),
            Use::Defensive(kind) => format!("defensive {}", kind.plural()),
            Use::Offensive(kind) => format!("offensive {}", kind.plural()),
        }
    }
}

/// The number in the card's corner: a champion's level (`5`), a bonus (`+3`, `-1`), several values
/// (`+5/+2`), or one that varies (`?`, `+?`). Kept as printed; checked when read.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Level {
    printed: Box<str>,
    /// The first value as a number, read once: totals and deck checks ask for it again and again.
    value: Option<i32>,
}

impl Level {
    pub fn parse(text: &str) -> Result<Self, String> {
        let valid_part = |part: &str| {
            let digits = part.strip_prefix(['+', '-']).unwrap_or(part);
            digits == "?" || (!digits.is_empty() && digits.len() <= 3 && digits.bytes().all(|b| b.is_ascii_digit()))
        };
        if text.is_empty() || !text.split('/').all(valid_part) {
            return Err(format!("'{text}' is not a level or bonus (like 5, +3, -1, +5/+2 or ?)"));
        }
        let first = text.split('/').next().unwrap_or(text);
        Ok(Self {
            printed: text.into(),
            value: first.strip_prefix('+').unwrap_or(first).parse().ok(),
        })
    }

    pub fn as_str(&self) -> &str {
        &self.printed
    }

    /// The first value as a number, when it is one: `5` → 5, `+3` → 3, `-1` → -1, `?` → None.
    pub fn value(&self) -> Option<i32> {
        self.value
    }

    /// A bonus (`+3`, `-1`) rather than a level.
    pub fn is_bonus(&self) -> bool {
        self.printed.starts_with(['+', '-'])
    }
}

impl TryFrom<String> for Level {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        Level::parse(&text)
    }
}

impl From<Level> for String {
    fn from(level: Level) -> String {
        level.printed.into()
    }
}

/// As printed, `Level("+5/+2")`: the value is the printed text read.
impl fmt::Debug for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Level").field(&self.printed).finish()
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.printed)
    }
}

/// A card's name, read once with the catalogue and shared: an event that names a card holds the
/// catalogue's own text, so naming a card costs a reference count, not a fresh string (issue 17).
/// It reads, prints, compares and serializes as the plain string. `Arc`, not `Rc`: games and
/// their events cross threads (the app's computer players, the benches).
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardName(Arc<str>);

impl CardName {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for CardName {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for CardName {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for CardName {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<&str> for CardName {
    fn from(name: &str) -> Self {
        Self(name.into())
    }
}

impl From<String> for CardName {
    fn from(name: String) -> Self {
        Self(name.into())
    }
}

impl From<CardName> for String {
    fn from(name: CardName) -> Self {
        name.0.as_ref().into()
    }
}

/// As the string: `"Blood Gem"`.
impl fmt::Debug for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<str> for CardName {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for CardName {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<String> for CardName {
    fn eq(&self, other: &String) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<CardName> for str {
    fn eq(&self, other: &CardName) -> bool {
        *self == *other.0
    }
}

impl PartialEq<CardName> for &str {
    fn eq(&self, other: &CardName) -> bool {
        **self == *other.0
    }
}

impl PartialEq<CardName> for String {
    fn eq(&self, other: &CardName) -> bool {
        **self == *other.0
    }
}

impl Serialize for CardName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

/// From a string, copied once into the shared text.
impl<'de> Deserialize<'de> for CardName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct NameVisitor;

        impl serde::de::Visitor<'_> for NameVisitor {
            type Value = CardName;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a card name")
            }

            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<CardName, E> {
                Ok(CardName::from(name))
            }
        }

        deserializer.deserialize_str(NameVisitor)
    }
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// One card of a set file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Card {
    pub number: u16,
    pub name: CardName,
    #[serde(rename = "type")]
    pub kind: CardType,
    pub world: World,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub avatar: bool,
    pub rarity: Rarity,
    /// A chase card: numbered past the set's regular cards, or rated `S`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub chase: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attributes: Vec<Attribute>,
    /// The phases (0–5) in which the card may be played, when the database gives them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phases: Vec<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub uses: Vec<Use>,
    /// Our own facts about the card ([`Keyword`]), kept by the converter.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    pub power: Power,
}

impl Card {
    pub fn has(&self, attribute: Attribute) -> bool {
        self.attributes.contains(&attribute)
    }

    /// Whether the card carries a designation, counting the guide's aliases: half-elves and drow
    /// are elves (SF-237), duergar dwarves and kender halflings (AMB-38), and every sword is a
    /// weapon (SF-231). A designation comes only from the card's facts (SF-236).
    pub fn counts_as(&self, designation: Attribute) -> bool {
        self.has(designation)
            || match designation {
                Attribute::Elf => self.has(Attribute::HalfElf) || self.has(Attribute::Drow),
                Attribute::Dwarf => self.has(Attribute::Duergar),
                Attribute::Halfling => self.has(Attribute::Kender),
                Attribute::Weapon => self.has(Attribute::Sword),
                _ => false,
            }
    }

    /// The level this card adds to a deck's champion-level total: a champion's printed level
    /// (the first value of a split level like `5/7`); a varying level (`?`) counts 0.
    pub fn champion_level(&self) -> Option<i32> {
        self.kind
            .is_champion()
            .then(|| self.level.as_ref().and_then(Level::value).unwrap_or(0))
    }

    pub fn is_chase(&self) -> bool {
        self.chase
    }
}

/// A set file: `data/spellfire/sets/<code>.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SetFile {
    pub code: SetCode,
    pub title: String,
    pub cards: Vec<Card>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_refs_read_both_spellings_and_print_one() {
        assert_eq!("1st/375".parse::<CardRef>().unwrap(), CardRef::new("1st", 375).unwrap());
        assert_eq!("DL  12".parse::<CardRef>().unwrap().to_string(), "DL/12");
        assert!("1st/x".parse::<CardRef>().unwrap_err().contains("not a card number"));
        assert!("toolong/1".parse::<CardRef>().is_err());
    }

    /// A shared name reads, prints and (de)serializes as its string, and a clone shares the text.
    #[test]
    fn card_names_act_as_their_string() {
        let text = "A \"quoted\" name";
        let name: CardName = ron::from_str(&ron::to_string(text).unwrap()).unwrap();
        assert_eq!(name, text);
        assert_eq!(ron::to_string(&name).unwrap(), ron::to_string(text).unwrap());
        assert_eq!(format!("{name} {name:?}"), format!("{text} {text:?}"));
        assert_eq!(name.len(), text.len());
        assert_eq!(name.clone().as_ptr(), name.as_ptr());
        assert_ne!(CardName::from(text).as_ptr(), name.as_ptr());
    }

    #[test]
    fn levels_keep_their_printed_form() {
        assert_eq!(Level::parse("+5/+2").unwrap().value(), Some(5));
        assert_eq!(Level::parse("-1").unwrap().value(), Some(-1));
        assert_eq!(Level::parse("?").unwrap().value(), None);
        assert!(Level::parse("+3").unwrap().is_bonus());
        assert!(Level::parse("five").is_err());
        assert!(Level::parse("").is_err());
    }

    #[test]
    fn crossfire_numbers_map_both_ways() {
        for kind in CardType::ALL {
            assert_eq!(CardType::from_crossfire(kind.crossfire_id()), Some(kind));
        }
        assert_eq!(Attribute::from_crossfire(5), Some(Attribute::Coastal));
        assert_eq!(Attribute::from_crossfire(35), Some(Attribute::RedWizard));
        assert_eq!(Attribute::from_crossfire(46), Some(Attribute::WhiteWizard));
        assert_eq!(Attribute::from_crossfire(30), None);
        assert_eq!(World::from_crossfire(9), Some(World::NoWorld));
    }

    /// The deck check counts cards in arrays indexed by `kind as usize` and the like.
    #[test]
    fn every_all_list_is_in_declaration_order() {
        assert!(CardType::ALL.iter().enumerate().all(|(i, &k)| k as usize == i));
        assert!(Rarity::ALL.iter().enumerate().all(|(i, &r)| r as usize == i));
        assert!(World::ALL.iter().enumerate().all(|(i, &w)| w as usize == i));
    }
}
