//! CrossFire, the Spellfire community's client, keeps its card database, deck formats and decks as
//! Tcl scripts of `set NAME VALUE` commands. This module reads them (a small Tcl list parser, our
//! own code) and turns them into Spellhall's RON, and writes `.cfd` decks back.
//!
//! The card database holds the publisher's card texts. [`convert_set`] keeps facts only; the texts
//! are read solely by [`original_texts`], for a player's own CrossFire folder, into his user data.

use std::collections::BTreeMap;
use std::path::Path;

use spellhall_core::content::ContentError;

use crate::cards::{
    Attribute, Card, CardRef, CardType, Keyword, Level, PHASE_ATTRIBUTES, Rarity, SetCode, SetFile, Usable, Use, World,
};
use crate::deck::Deck;
use crate::effects::Power;
use crate::format::{Format, Formats, Limit, TypeLimit};

/// Decode bytes as UTF-8, reading any byte that is not valid UTF-8 as Latin-1 (CrossFire's
/// Birthright file has a few). A leading UTF-8 byte-order mark is dropped.
pub fn decode_lenient(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    let mut rest = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    loop {
        match std::str::from_utf8(rest) {
            Ok(valid) => {
                text.push_str(valid);
                return text;
            }
            Err(error) => {
                let (valid, after) = rest.split_at(error.valid_up_to());
                text.push_str(std::str::from_utf8(valid).unwrap_or_default());
                let bad = error.error_len().unwrap_or(after.len()).max(1);
                text.extend(after[..bad].iter().map(|&b| char::from(b)));
                rest = &after[bad..];
            }
        }
    }
}

/// A Tcl syntax problem at a byte offset of the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TclError {
    pub offset: usize,
    pub message: String,
}

impl TclError {
    fn into_content(self, file: &str, text: &str, offset_base: usize) -> ContentError {
        let (line, col) = line_col(text, offset_base + self.offset);
        ContentError {
            file: file.to_string(),
            line,
            col,
            item: None,
            message: self.message,
        }
    }
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.len() - before.rfind('\n').map_or(0, |nl| nl + 1) + 1;
    (line, col)
}

/// One word of a Tcl list and where it starts in the parsed text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word<'a> {
    pub text: &'a str,
    pub offset: usize,
}

/// Split a Tcl list into its words: `{...}` groups (nested braces, kept verbatim), `"..."` strings,
/// and bare words. Backslash escapes a brace inside a group.
pub fn parse_list(text: &str) -> Result<Vec<Word<'_>>, TclError> {
    let bytes = text.as_bytes();
    let mut words = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        match bytes[i] {
            b'{' => {
                let mut depth = 1;
                i += 1;
                while depth > 0 {
                    match bytes.get(i) {
                        None => {
                            return Err(TclError {
                                offset: start,
                                message: "this '{' is never closed".into(),
                            });
                        }
                        Some(b'\\') => i += 1,
                        Some(b'{') => depth += 1,
                        Some(b'}') => depth -= 1,
                        Some(_) => {}
                    }
                    i += 1;
                }
                words.push(Word {
                    text: &text[start + 1..i - 1],
                    offset: start + 1,
                });
            }
            b'"' => {
                i += 1;
                while bytes.get(i) != Some(&b'"') {
                    match bytes.get(i) {
                        None => {
                            return Err(TclError {
                                offset: start,
                                message: "this '\"' is never closed".into(),
                            });
                        }
                        Some(b'\\') => i += 2,
                        Some(_) => i += 1,
                    }
                }
                words.push(Word {
                    text: &text[start + 1..i],
                    offset: start + 1,
                });
                i += 1;
            }
            _ => {
                while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
                    i += 1;
                }
                words.push(Word {
                    text: &text[start..i],
                    offset: start,
                });
            }
        }
    }
    Ok(words)
}

/// The `set NAME VALUE` commands of a CrossFire file, in order.
pub fn script_variables<'a>(file: &str, text: &'a str) -> Result<Vec<(&'a str, Word<'a>)>, ContentError> {
    let words = parse_list(text).map_err(|e| e.into_content(file, text, 0))?;
    let mut variables = Vec::new();
    let mut words = words.into_iter();
    while let Some(command) = words.next() {
        if command.text.starts_with('#') {
            return Err(TclError {
                offset: command.offset,
                message: "comments are not supported in CrossFire data files".into(),
            }
            .into_content(file, text, 0));
        }
        let (Some(name), Some(value)) = (words.next(), words.next()) else {
            return Err(TclError {
                offset: command.offset,
                message: "expected 'set NAME VALUE'".into(),
            }
            .into_content(file, text, 0));
        };
        if command.text != "set" {
            return Err(TclError {
                offset: command.offset,
                message: format!("expected 'set', found '{}'", command.text),
            }
            .into_content(file, text, 0));
        }
        variables.push((name.text, value));
    }
    Ok(variables)
}

/// One record of a CrossFire card database, every field as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawCard {
    pub card: CardRef,
    pub level: String,
    pub type_id: u32,
    pub world_id: u32,
    pub avatar: bool,
    pub name: String,
    /// The publisher's text: never written into the repository.
    pub text: String,
    pub rarity: String,
    pub attributes: Vec<u32>,
    pub uses: Vec<String>,
    /// Where the record starts in the file, for error messages.
    pub line: usize,
}

/// A CrossFire set file (`DataBase/1st.tcl`) as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawSet {
    pub title: String,
    pub cards: Vec<RawCard>,
}

/// Read one `DataBase/SET.tcl` file.
pub fn read_database_file(file: &str, bytes: &[u8]) -> Result<RawSet, ContentError> {
    let text = decode_lenient(bytes);
    let variables = script_variables(file, &text)?;
    let Some((_, list)) = variables.iter().find(|(name, _)| *name == "CrossFire::cardDataBase") else {
        return Err(ContentError {
            file: file.to_string(),
            line: 1,
            col: 1,
            item: None,
            message: "no 'set CrossFire::cardDataBase {...}' in this file".into(),
        });
    };
    let at = |offset: usize, message: String, item: Option<String>| {
        let (line, col) = line_col(&text, offset);
        ContentError {
            file: file.to_string(),
            line,
            col,
            item,
            message,
        }
    };
    let entries = parse_list(list.text).map_err(|e| e.into_content(file, &text, list.offset))?;
    let mut entries = entries.into_iter();
    let title = entries
        .next()
        .ok_or_else(|| at(list.offset, "the card list is empty: not even a set title".into(), None))?
        .text
        .to_string();
    let mut cards = Vec::new();
    for entry in entries {
        let offset = list.offset + entry.offset;
        let fields = parse_list(entry.text).map_err(|e| e.into_content(file, &text, offset))?;
        let item = fields.get(6).map(|f| f.text.to_string());
        if fields.len() != 13 {
            return Err(at(
                offset,
                format!("a card record has 13 fields; this one has {}", fields.len()),
                item,
            ));
        }
        let number = |index: usize, what: &str| -> Result<u32, ContentError> {
            fields[index].text.trim().parse().map_err(|_| {
                at(
                    list.offset + entry.offset + fields[index].offset,
                    format!("the {what} '{}' is not a number", fields[index].text),
                    item.clone(),
                )
            })
        };
        let card_number = number(1, "card number")?;
        let card = CardRef::new(fields[0].text, card_number as u16).map_err(|e| at(offset, e, item.clone()))?;
        let attributes = parse_list(fields[10].text)
            .map_err(|e| e.into_content(file, &text, offset + fields[10].offset))?
            .iter()
            .map(|w| w.text.parse::<u32>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| {
                at(
                    offset,
                    format!("attributes '{}' are not numbers", fields[10].text),
                    item.clone(),
                )
            })?;
        let uses = parse_list(fields[11].text)
            .map_err(|e| e.into_content(file, &text, offset + fields[11].offset))?
            .iter()
            .map(|w| w.text.to_string())
            .collect();
        cards.push(RawCard {
            card,
            level: fields[2].text.trim().to_string(),
            type_id: number(3, "type")?,
            world_id: number(4, "world")?,
            avatar: number(5, "avatar flag")? == 1,
            name: fields[6].text.trim().to_string(),
            text: fields[7].text.trim().to_string(),
            rarity: fields[8].text.trim().to_string(),
            attributes,
            uses,
            line: line_col(&text, offset).0,
        });
    }
    Ok(RawSet { title, cards })
}

/// The first chase number of a set: chase cards are numbered past the set's regular cards (400 in
/// the editions, 500 in the 4th, 100 in the boosters; the community sets have none).
pub fn first_chase_number(set: &str) -> Option<u16> {
    match set {
        "1st" | "2nd" | "3rd" | "NO" => Some(401),
        "4th" => Some(501),
        "RL" | "DL" | "FR" | "AR" | "PO" | "UD" | "RR" | "BR" | "DR" | "NS" | "DU" => Some(101),
        _ => None,
    }
}

/// Facts from one raw record. `keep_power` is the power already written for this card in the
/// existing RON (the converter refreshes facts and never loses scripted powers); `keywords` the
/// facts of ours written there ([`Keyword`]), kept the same way.
pub fn convert_card(
    file: &str,
    raw: &RawCard,
    keep_power: Option<&Power>,
    keywords: &[Keyword],
) -> Result<Card, ContentError> {
    let fail = |message: String| ContentError {
        file: file.to_string(),
        line: raw.line,
        col: 1,
        item: Some(raw.name.clone()),
        message,
    };
    let kind =
        CardType::from_crossfire(raw.type_id).ok_or_else(|| fail(format!("unknown card type {}", raw.type_id)))?;
    let world = World::from_crossfire(raw.world_id).ok_or_else(|| fail(format!("unknown world {}", raw.world_id)))?;
    let rarity = Rarity::from_code(&raw.rarity).ok_or_else(|| fail(format!("unknown rarity '{}'", raw.rarity)))?;
    let level = match raw.level.as_str() {
        "" => None,
        text => Some(Level::parse(text).map_err(fail)?),
    };
    let mut attributes = Vec::new();
    let mut phases = Vec::new();
    for &id in &raw.attributes {
        if PHASE_ATTRIBUTES.contains(&id) {
            phases.push((id - PHASE_ATTRIBUTES.start()) as u8);
        } else {
            attributes.push(Attribute::from_crossfire(id).ok_or_else(|| fail(format!("unknown attribute {id}")))?);
        }
    }
    attributes.sort();
    attributes.dedup();
    phases.sort();
    phases.dedup();
    let uses = raw
        .uses
        .iter()
        .map(|token| {
            let (wrap, id): (fn(Usable) -> Use, &str) = match token.as_bytes().first() {
                Some(b'd') => (Use::Defensive, &token[1..]),
                Some(b'o') => (Use::Offensive, &token[1..]),
                _ => (Use::All, token.as_str()),
            };
            id.parse()
                .ok()
                .and_then(Usable::from_crossfire)
                .map(wrap)
                .ok_or_else(|| fail(format!("unknown 'uses' entry '{token}'")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let power = match keep_power {
        Some(power) => power.clone(),
        None if raw.text.is_empty() => Power::NoText,
        None => Power::Unscripted,
    };
    let chase =
        rarity == Rarity::Chase || first_chase_number(raw.card.set.as_str()).is_some_and(|n| raw.card.number >= n);
    Ok(Card {
        number: raw.card.number,
        name: raw.name.as_str().into(),
        kind,
        world,
        level,
        avatar: raw.avatar,
        rarity,
        chase,
        attributes,
        phases,
        uses,
        keywords: keywords.to_vec(),
        power,
    })
}

/// A set file's facts. `existing` is the set's current RON, whose powers are kept.
pub fn convert_set(file: &str, raw: &RawSet, existing: Option<&SetFile>) -> Result<SetFile, ContentError> {
    let code = raw.cards.first().map(|c| c.card.set).ok_or_else(|| ContentError {
        file: file.to_string(),
        line: 1,
        col: 1,
        item: None,
        message: "the set has no cards".into(),
    })?;
    let powers: BTreeMap<u16, &Power> = existing
        .map(|set| set.cards.iter().map(|c| (c.number, &c.power)).collect())
        .unwrap_or_default();
    let keywords: BTreeMap<u16, &[Keyword]> = existing
        .map(|set| set.cards.iter().map(|c| (c.number, c.keywords.as_slice())).collect())
        .unwrap_or_default();
    let mut cards = Vec::with_capacity(raw.cards.len());
    // Type 0 marks a number that was never printed in this set ("(no card)"): not a card.
    for record in raw.cards.iter().filter(|r| r.type_id != 0) {
        if record.card.set != code {
            return Err(ContentError {
                file: file.to_string(),
                line: record.line,
                col: 1,
                item: Some(record.name.clone()),
                message: format!("card of set {} in the file of set {code}", record.card.set),
            });
        }
        // Powers the database decides (no text / not scripted) are always read afresh.
        let existing_power = powers.get(&record.card.number).copied().filter(|p| !p.from_database());
        let kept_keywords = keywords.get(&record.card.number).copied().unwrap_or_default();
        cards.push(convert_card(file, record, existing_power, kept_keywords)?);
    }
    cards.sort_by_key(|c| c.number);
    Ok(SetFile {
        code,
        title: raw.title.clone(),
        cards,
    })
}

/// The header every generated set file starts with.
const SET_HEADER: &str = "\
// Generated by spellfire-convert from CrossFire's card database: facts only (no card text).
// Re-run the converter to refresh; powers written here are kept. See data/spellfire/README.md.
";

/// A set file as RON: one card per line, so a refresh shows as a readable diff.
pub fn set_file_ron(set: &SetFile) -> String {
    let mut out = String::from(SET_HEADER);
    out.push_str(&format!(
        "(\n    code: {:?},\n    title: {:?},\n    cards: [\n",
        set.code.as_str(),
        set.title
    ));
    for card in &set.cards {
        let one_line = ron::ser::PrettyConfig::new()
            .compact_structs(true)
            .compact_arrays(true)
            .escape_strings(false)
            .new_line("");
        let line = ron::ser::to_string_pretty(card, one_line).unwrap_or_else(|e| format!("/* {e} */"));
        out.push_str("        ");
        out.push_str(&line);
        out.push_str(",\n");
    }
    out.push_str("    ],\n)\n");
    out
}

/// The formats Spellhall ships, by CrossFire file, with our id, name and description.
pub const SHIPPED_FORMATS: [(&str, &str, &str, &str); 4] = [
    (
        "55 Card/55.cff",
        "55",
        "55-card standard",
        "The standard deck of the rulebook: 55 cards, one copy of each.",
    ),
    (
        "55 Card/551ES.cff",
        "55-starter",
        "55-card 1st Edition starter",
        "Decks like those in the 1st Edition starter boxes: First Edition cards only, two copies allowed, \
         no rule cards, avatars or chase cards, and a set mix of rarities.",
    ),
    (
        "75 Card/75.cff",
        "75",
        "75-card standard",
        "The larger of the two alternative deck sizes in the rulebook: draw 4 a turn, hand limit 10.",
    ),
    (
        "110 Card/110.cff",
        "110",
        "110-card standard",
        "The largest of the alternative deck sizes in the rulebook: draw 5 a turn, hand limit 12.",
    ),
];

/// Read a CrossFire `.cff` deck format. `id`, `name` and `about` are ours.
pub fn read_format(file: &str, text: &str, id: &str, name: &str, about: &str) -> Result<Format, ContentError> {
    let variables = script_variables(file, text)?;
    let get = |var: &str| variables.iter().find(|(name, _)| *name == var).map(|(_, w)| w);
    let fail = |offset: usize, message: String| {
        let (line, col) = line_col(text, offset);
        ContentError {
            file: file.to_string(),
            line,
            col,
            item: Some(id.to_string()),
            message,
        }
    };
    // Rows of `KEY MIN MAX [COPIES]`.
    let rows = |var: &str, width: usize| -> Result<Vec<(String, Vec<u32>, usize)>, ContentError> {
        let Some(word) = get(var) else {
            return Ok(Vec::new());
        };
        let words = parse_list(word.text).map_err(|e| e.into_content(file, text, word.offset))?;
        if words.len() % width != 0 {
            return Err(fail(word.offset, format!("{var} should hold rows of {width} values")));
        }
        words
            .chunks(width)
            .map(|row| {
                let numbers = row[1..]
                    .iter()
                    .map(|w| {
                        w.text
                            .parse::<u32>()
                            .map_err(|_| fail(word.offset + w.offset, format!("'{}' is not a number", w.text)))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Ok((row[0].text.to_string(), numbers, word.offset + row[0].offset))
            })
            .collect()
    };
    let totals = rows("tempDeckFormatTotal", 3)?;
    let total = |key: &str| -> Result<Limit, ContentError> {
        totals
            .iter()
            .find(|(k, _, _)| k == key)
            .map(|(_, n, _)| Limit { min: n[0], max: n[1] })
            .ok_or_else(|| fail(0, format!("tempDeckFormatTotal has no '{key}' row")))
    };
    let cards = total("All")?;
    let mut types = BTreeMap::new();
    for (key, n, offset) in rows("tempDeckFormatLimits", 4)? {
        let kind = CardType::ALL
            .into_iter()
            .find(|t| t.crossfire_name() == key)
            .ok_or_else(|| fail(offset, format!("unknown card type '{key}'")))?;
        types.insert(
            kind,
            TypeLimit {
                min: n[0],
                max: n[1],
                copies: n[2],
            },
        );
    }
    // A row that only repeats the deck size restricts nothing and is left out. (The copies column
    // of these tables is not a limit: CrossFire's own starter format would refuse its own
    // starter decks, whose commons come in pairs.)
    let restricts = |n: &[u32]| n[0] > 0 || n[1] < cards.max;
    let mut rarities = BTreeMap::new();
    for (key, n, offset) in rows("tempDeckFormatRarity", 4)? {
        let rarity = Rarity::from_code(&key).ok_or_else(|| fail(offset, format!("unknown rarity '{key}'")))?;
        if restricts(&n) {
            rarities.insert(rarity, Limit { min: n[0], max: n[1] });
        }
    }
    let mut worlds = BTreeMap::new();
    for (key, n, offset) in rows("tempDeckFormatWorld", 4)? {
        // FAN is for fan-made worlds: no card in the database has one.
        if key == "FAN" {
            continue;
        }
        let world = key
            .parse()
            .ok()
            .and_then(World::from_crossfire)
            .ok_or_else(|| fail(offset, format!("unknown world '{key}'")))?;
        if restricts(&n) {
            worlds.insert(world, Limit { min: n[0], max: n[1] });
        }
    }
    let mut sets = BTreeMap::new();
    for (key, n, offset) in rows("tempDeckFormatSet", 4)? {
        let set = SetCode::new(&key).map_err(|e| fail(offset, e))?;
        if restricts(&n) {
            sets.insert(set, Limit { min: n[0], max: n[1] });
        }
    }
    let mut digits = BTreeMap::new();
    for (key, n, offset) in rows("tempDeckFormatDigit", 4)? {
        let digit = key
            .parse::<u8>()
            .ok()
            .filter(|d| *d < 10)
            .ok_or_else(|| fail(offset, format!("'{key}' is not a digit")))?;
        if restricts(&n) {
            digits.insert(digit, Limit { min: n[0], max: n[1] });
        }
    }
    let banned = match get("tempDeckFormatBanned") {
        Some(word) => card_list(file, text, word)?,
        None => Vec::new(),
    };
    Ok(Format {
        id: id.to_string(),
        crossfire: Path::new(file)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
        name: name.to_string(),
        about: about.to_string(),
        cards,
        avatars: total("Avatars")?,
        chase: total("Chase")?,
        champions: total("Champions")?,
        levels: total("Levels")?,
        types,
        rarities,
        worlds,
        sets,
        digits,
        banned,
    })
}

/// A list of `{SET NUM}` pairs.
fn card_list(file: &str, text: &str, list: &Word<'_>) -> Result<Vec<CardRef>, ContentError> {
    parse_list(list.text)
        .map_err(|e| e.into_content(file, text, list.offset))?
        .iter()
        .map(|pair| {
            pair.text.parse::<CardRef>().map_err(|message| {
                let (line, col) = line_col(text, list.offset + pair.offset);
                ContentError {
                    file: file.to_string(),
                    line,
                    col,
                    item: None,
                    message,
                }
            })
        })
        .collect()
}

/// A CrossFire `.cfd` deck as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CfdDeck {
    pub title: String,
    pub author: String,
    pub notes: String,
    /// CrossFire's format name (`55`, `551ES`).
    pub format: String,
    pub cards: Vec<CardRef>,
}

/// Read a `.cfd` deck file.
pub fn read_cfd(file: &str, bytes: &[u8]) -> Result<CfdDeck, ContentError> {
    let text = decode_lenient(bytes);
    let variables = script_variables(file, &text)?;
    let get = |var: &str| variables.iter().find(|(name, _)| *name == var).map(|(_, w)| w);
    // A quoted value ("...") has its backslash escapes undone; a braced one is taken as it is.
    let value = |var: &str| {
        get(var)
            .map(|w| {
                let quoted = w.offset > 0 && text.as_bytes()[w.offset - 1] == b'"';
                if quoted { unescape(w.text) } else { w.text.to_string() }
                    .trim()
                    .to_string()
            })
            .unwrap_or_default()
    };
    let Some(list) = get("tempDeck") else {
        return Err(ContentError {
            file: file.to_string(),
            line: 1,
            col: 1,
            item: None,
            message: "no 'set tempDeck {...}': this is not a CrossFire deck".into(),
        });
    };
    Ok(CfdDeck {
        title: value("tempDeckTitle"),
        author: value("tempAuthorName"),
        notes: value("tempNotes"),
        format: value("tempDeckSize"),
        cards: card_list(file, &text, list)?,
    })
}

/// Undo Tcl backslash escapes (`\{` → `{`).
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => {}
            },
            _ => out.push(c),
        }
    }
    out
}

/// Quote a value for Tcl: braces, unless its braces are unbalanced.
fn tcl_word(value: &str) -> String {
    let mut depth: i32 = 0;
    let balanced = value.chars().all(|c| {
        depth += match c {
            '{' => 1,
            '}' => -1,
            _ => 0,
        };
        depth >= 0
    }) && depth == 0;
    if balanced && !value.contains('\\') {
        format!("{{{value}}}")
    } else {
        let escaped: String = value
            .chars()
            .flat_map(|c| match c {
                '{' | '}' | '\\' | '"' | '[' | ']' | '$' => vec!['\\', c],
                _ => vec![c],
            })
            .collect();
        format!("\"{escaped}\"")
    }
}

/// A deck as a CrossFire `.cfd` file.
pub fn write_cfd(deck: &Deck, formats: &Formats) -> String {
    let format = formats
        .get(&deck.format)
        .map_or(deck.format.as_str(), |f| f.crossfire.as_str());
    let mut out = String::new();
    out.push_str(&format!("set tempDeckSize {}\n", tcl_word(format)));
    out.push_str("set tempInInventory false\n");
    out.push_str(&format!("set tempAuthorName {}\n", tcl_word(&deck.author)));
    out.push_str("set tempAuthorEmail {}\n");
    out.push_str(&format!("set tempNotes {}\n", tcl_word(&deck.notes)));
    out.push_str(&format!("set tempDeckTitle {}\n", tcl_word(&deck.name)));
    out.push_str("set tempCheckInv No\nset tempInventory {}\nset tempDeckDisplayMode Type\n");
    out.push_str("set tempDeck {\n");
    for row in deck.cards.chunks(7) {
        let pairs: Vec<String> = row.iter().map(|c| format!("{{{} {:>3}}}", c.set, c.number)).collect();
        out.push_str(&format!("   {}\n", pairs.join(" ")));
    }
    out.push_str("}\nset tempAltCards {\n}\n");
    out
}

/// What the converter produced: each file's path under `data/spellfire/` and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted {
    pub files: Vec<(String, String)>,
    pub cards: usize,
}

/// The order sets are shipped in: editions, boosters, then the community sets.
pub const SET_ORDER: [&str; 21] = [
    "1st", "2nd", "3rd", "4th", "NO", "PR", "RL", "DL", "FR", "AR", "PO", "UD", "RR", "BR", "DR", "NS", "DU", "IQ",
    "MI", "CH", "CQ",
];

/// The starter decks of the 1st Edition boxes, by our file name and CrossFire's.
pub const STARTER_DECKS: [&str; 12] = [
    "A-1", "A-2", "B-1", "B-2", "C-1", "C-2", "D-1", "D-2", "E-1", "E-2", "F-1", "F-2",
];

/// A CrossFire file: a regular file of at most the content limit (its largest is a few hundred
/// kilobytes), so a device or FIFO in the folder is refused instead of read forever.
fn read_file(path: &Path) -> Result<Vec<u8>, ContentError> {
    spellhall_core::files::read_bounded(path, spellhall_core::files::CONTENT_FILE_LIMIT)
        .map_err(|e| ContentError::from_file(&e))
}

/// Convert a CrossFire folder (with `DataBase/`, `Formats/`, `Decks/`) into Spellhall's files.
/// `existing` is the current `data/spellfire` folder, whose scripted powers are kept.
pub fn convert_folder(crossfire: &Path, existing: &Path) -> Result<Converted, ContentError> {
    let mut files = Vec::new();
    let mut cards = 0;
    for code in SET_ORDER {
        let path = crossfire.join("DataBase").join(format!("{code}.tcl"));
        let name = path.display().to_string();
        let raw = read_database_file(&name, &read_file(&path)?)?;
        let out_name = format!("sets/{code}.ron");
        let current = existing.join(&out_name);
        let current = match spellhall_core::files::read_text(&current, spellhall_core::files::CONTENT_FILE_LIMIT) {
            Ok(text) => Some(spellhall_core::content::parse_ron::<SetFile>(
                &current.display().to_string(),
                &text,
            )?),
            Err(_) => None,
        };
        let set = convert_set(&name, &raw, current.as_ref())?;
        cards += set.cards.len();
        files.push((out_name, set_file_ron(&set)));
    }
    let mut formats = Vec::new();
    for (file, id, name, about) in SHIPPED_FORMATS {
        let path = crossfire.join("Formats").join(file);
        let text = decode_lenient(&read_file(&path)?);
        formats.push(read_format(&path.display().to_string(), &text, id, name, about)?);
    }
    let formats = Formats { formats };
    let pretty = ron::ser::PrettyConfig::new()
        .depth_limit(4)
        .struct_names(false)
        .escape_strings(false);
    let formats_text = ron::ser::to_string_pretty(&formats, pretty).map_err(|e| ContentError {
        file: "formats.ron".into(),
        line: 0,
        col: 0,
        item: None,
        message: e.to_string(),
    })?;
    files.push((
        "formats.ron".into(),
        format!(
            "// Generated by spellfire-convert from CrossFire's .cff files (limits are facts; names and\n\
             // descriptions are ours). Limits that only repeat the deck size are left out.\n{formats_text}\n"
        ),
    ));
    for code in STARTER_DECKS {
        let path = crossfire
            .join("Decks/55 Card/1st Edition Starter")
            .join(format!("Sample_1st Edition Starter Deck {code}.cfd"));
        let cfd = read_cfd(&path.display().to_string(), &read_file(&path)?)?;
        let format = formats
            .by_crossfire_name(&cfd.format)
            .map_or(cfd.format.clone(), |f| f.id.clone());
        let mut deck = Deck {
            name: format!("1st Edition Starter {code}"),
            author: cfd.author,
            notes: format!("The cards of the 1st Edition starter box, deck {code} (from the CrossFire sample decks)."),
            format,
            cards: cfd.cards,
            unread: Vec::new(),
        };
        deck.cards.sort();
        let text = deck.to_ron().map_err(|message| ContentError {
            file: path.display().to_string(),
            line: 0,
            col: 0,
            item: None,
            message,
        })?;
        files.push((format!("decks/{code}.ron"), text));
    }
    Ok(Converted { files, cards })
}

/// The printed card texts of a player's own CrossFire folder, by card, for the editor's preview.
/// These stay on that player's machine (the app stores them in his data folder).
pub fn original_texts(crossfire: &Path) -> Result<BTreeMap<CardRef, String>, ContentError> {
    let database = crossfire.join("DataBase");
    let entries = std::fs::read_dir(&database).map_err(|e| ContentError {
        file: database.display().to_string(),
        line: 0,
        col: 0,
        item: None,
        message: format!("is not a CrossFire DataBase folder: {e}"),
    })?;
    let mut paths: Vec<_> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "tcl"))
        .collect();
    paths.sort();
    let mut texts = BTreeMap::new();
    for path in paths {
        let raw = read_database_file(&path.display().to_string(), &read_file(&path)?)?;
        texts.extend(
            raw.cards
                .into_iter()
                .filter(|c| c.type_id != 0 && !c.text.is_empty())
                .map(|c| (c.card, c.text)),
        );
    }
    if texts.is_empty() {
        return Err(ContentError {
            file: database.display().to_string(),
            line: 0,
            col: 0,
            item: None,
            message: "holds no card texts (no DataBase/*.tcl files with cards)".into(),
        });
    }
    Ok(texts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_nest_and_quote() {
        let words = parse_list(r#"a {b {c d}} "e f" {x\}y}"#).unwrap();
        let texts: Vec<&str> = words.iter().map(|w| w.text).collect();
        assert_eq!(texts, ["a", "b {c d}", "e f", r"x\}y"]);
        assert!(parse_list("{open").unwrap_err().message.contains("never closed"));
    }

    #[test]
    fn latin1_bytes_are_read_not_lost() {
        assert_eq!(decode_lenient(b"Caf\xe9 ok"), "Café ok");
        assert_eq!(decode_lenient("naïve".as_bytes()), "naïve");
    }

    #[test]
    fn tcl_words_round_trip() {
        for value in ["plain", "two words", "odd } brace", "back\\slash", ""] {
            let script = format!("set v {}", tcl_word(value));
            let vars = script_variables("t", &script).unwrap();
            let word = &vars[0].1;
            let quoted = script.as_bytes()[word.offset - 1] == b'"';
            let read = if quoted {
                unescape(word.text)
            } else {
                word.text.to_string()
            };
            assert_eq!(read, value);
        }
    }
}
