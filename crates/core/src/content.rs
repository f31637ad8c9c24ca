//! Loading game content (cards, boards, heroes) from RON, with errors a content author can act on:
//! the file, the line and column, and the item the problem is in. Items are referred to by typed
//! ids, and a duplicate or dangling id is an error at load time, never in play.

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A problem in a content file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentError {
    /// The file as the author knows it: "data/mighty-magics/cards.ron".
    pub file: String,
    /// 1-based line and column, 0 when unknown.
    pub line: usize,
    pub col: usize,
    /// The item (card, hero, hex) the problem is in, when known.
    pub item: Option<String>,
    pub message: String,
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A problem with the file as a whole (it cannot be read) has no line to name.
        if self.line == 0 {
            write!(f, "{}: ", self.file)?;
        } else {
            write!(f, "{}:{}:{}: ", self.file, self.line, self.col)?;
        }
        if let Some(item) = &self.item {
            write!(f, "in '{item}': ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ContentError {}

impl ContentError {
    /// A file that could not be read, at the line and column of the problem when there is one.
    pub fn from_file(error: &crate::files::FileError) -> Self {
        let (line, col) = error.position.unwrap_or((0, 0));
        Self {
            file: error.path.display().to_string(),
            line,
            col,
            item: None,
            message: error.message.clone(),
        }
    }

    /// A problem with one item (card, spell, format) of a content file, located where its id is
    /// written ([`locate_key`]; 0:0 when it cannot be found).
    pub fn at_item(file: &str, text: &str, id: &str, message: impl Into<String>) -> Self {
        let (line, col) = locate_key(text, id, 0);
        Self {
            file: file.to_string(),
            line,
            col,
            item: Some(id.to_string()),
            message: message.into(),
        }
    }
}

/// A content file: the name errors will use, and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
}

impl SourceFile {
    /// A file shipped inside the binary (`include_str!`), named as it is in the repository.
    pub fn embedded(name: &str, text: &str) -> Self {
        Self {
            name: name.to_string(),
            text: text.to_string(),
        }
    }
}

/// The `.ron` files a player put in `dir`, in name order, without reading them. A missing folder
/// simply holds no files.
pub fn user_file_paths(dir: &std::path::Path) -> Result<Vec<std::path::PathBuf>, ContentError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(ContentError {
                file: dir.display().to_string(),
                line: 0,
                col: 0,
                item: None,
                message: format!("cannot be read: {e}"),
            });
        }
    };
    let mut paths: Vec<std::path::PathBuf> = entries
        .flatten()
        .map(|entry| entry.path())
        // Anything but a folder is read, so that a FIFO or a device named `.ron` is reported
        // (by the bounded reader) rather than silently left out.
        .filter(|path| !path.is_dir() && path.extension().is_some_and(|e| e == "ron"))
        .collect();
    paths.sort();
    Ok(paths)
}

/// The `.ron` files a player added in `dir`, in name order, so they load after the shipped content
/// in a stable order. A missing folder simply holds no files.
pub fn user_files(dir: &std::path::Path) -> Result<Vec<SourceFile>, ContentError> {
    let paths = user_file_paths(dir)?;
    paths
        .into_iter()
        .map(|path| {
            let text = crate::files::read_text(&path, crate::files::CONTENT_FILE_LIMIT)
                .map_err(|e| ContentError::from_file(&e))?;
            Ok(SourceFile {
                name: path.display().to_string(),
                text,
            })
        })
        .collect()
}

/// Parse a content file. On error, names the file, line, column and the nearest item above the
/// error (the last `id: "..."` or `name: "..."` before it).
pub fn parse_ron<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, ContentError> {
    ron::from_str(crate::files::strip_byte_order_mark(text)).map_err(|e| {
        let (line, col) = (e.span.start.line, e.span.start.col);
        ContentError {
            file: file.to_string(),
            line,
            col,
            item: item_before(text, line),
            message: e.code.to_string(),
        }
    })
}

/// The key of the last item that starts at or above `line` (1-based).
fn item_before(text: &str, line: usize) -> Option<String> {
    text.lines()
        .take(line)
        .collect::<Vec<_>>()
        .iter()
        .rev()
        .find_map(|l| key_in_line(l))
}

fn key_in_line(line: &str) -> Option<String> {
    ["id:", "name:"].iter().find_map(|field| {
        let after = &line[line.find(field)? + field.len()..];
        let start = after.find('"')? + 1;
        let len = after[start..].find('"')?;
        Some(after[start..start + len].to_string())
    })
}

/// 1-based line and column of the `nth` (0-based) quoted occurrence of `key` in `text`, or (0, 0).
pub fn locate_key(text: &str, key: &str, nth: usize) -> (usize, usize) {
    let quoted = format!("\"{key}\"");
    let found = text.match_indices(&quoted).nth(nth).map(|(at, _)| at).or_else(|| {
        // Written with escapes (`\n`, `\u{e9}`): compare the strings as RON reads them.
        string_literals(text)
            .filter(|(_, value)| value == key)
            .nth(nth)
            .map(|(at, _)| at)
    });
    match found {
        Some(at) => {
            let before = &text[..at];
            let line = before.matches('\n').count() + 1;
            let col = at - before.rfind('\n').map_or(0, |nl| nl + 1) + 1;
            (line, col)
        }
        None => (0, 0),
    }
}

/// The `"..."` strings of a RON text with where each starts, decoded as RON decodes them.
fn string_literals(text: &str) -> impl Iterator<Item = (usize, String)> + '_ {
    let mut from = 0;
    std::iter::from_fn(move || {
        loop {
            let start = from + text.get(from..)?.find('"')?;
            let mut escaped = false;
            let length = text[start + 1..].find(|c: char| {
                let closes = c == '"' && !escaped;
                escaped = c == '\\' && !escaped;
                closes
            })?;
            let end = start + 1 + length + 1;
            from = end;
            if let Ok(value) = ron::from_str::<String>(&text[start..end]) {
                return Some((start, value));
            }
        }
    })
}

/// A reference to an item of kind `K` by its key. Serialised as the plain key string, so content
/// files read `hero: "Magie"`, yet a card id can never be passed where a hero id is wanted.
pub struct Id<K> {
    key: String,
    kind: PhantomData<fn() -> K>,
}

impl<K> Id<K> {
    pub fn new(key: impl Into<String>) -> Self {
        Self {
            key: key.into(),
            kind: PhantomData,
        }
    }
    pub fn key(&self) -> &str {
        &self.key
    }
}

impl<K> Clone for Id<K> {
    fn clone(&self) -> Self {
        Self::new(self.key.clone())
    }
}
impl<K> PartialEq for Id<K> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}
impl<K> Eq for Id<K> {}
impl<K> PartialOrd for Id<K> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<K> Ord for Id<K> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}
impl<K> std::hash::Hash for Id<K> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key.hash(state);
    }
}
impl<K> fmt::Debug for Id<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Id({:?})", self.key)
    }
}
impl<K> fmt::Display for Id<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key)
    }
}
impl<K> Serialize for Id<K> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.key)
    }
}
impl<'de, K> Deserialize<'de> for Id<K> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(Self::new)
    }
}

/// An item that content refers to by key.
pub trait Keyed {
    fn key(&self) -> &str;
}

/// The items of one kind, indexed by key: those of a shipped file, and any a player's files added
/// after them ([`Catalog::with_added`]). Building it rejects duplicate keys.
#[derive(Clone, Debug)]
pub struct Catalog<T> {
    /// The files the items come from: the shipped one first, then those the player added.
    sources: Vec<SourceFile>,
    items: Vec<T>,
    /// For each item, the index in `sources` of the file that defines it.
    origins: Vec<usize>,
    index: BTreeMap<String, usize>,
}

impl<T: Keyed> Catalog<T> {
    /// Index `items` parsed from `text` (kept to point at positions in later errors).
    pub fn new(file: &str, text: &str, items: Vec<T>) -> Result<Self, Vec<ContentError>> {
        let mut catalog = Self {
            sources: Vec::new(),
            items: Vec::new(),
            origins: Vec::new(),
            index: BTreeMap::new(),
        };
        let errors = catalog.add_file(SourceFile::embedded(file, text), items);
        if errors.is_empty() { Ok(catalog) } else { Err(errors) }
    }

    /// Parse a RON list of items and index it.
    pub fn parse(file: &str, text: &str) -> Result<Self, Vec<ContentError>>
    where
        T: DeserializeOwned,
    {
        let items: Vec<T> = parse_ron(file, text).map_err(|e| vec![e])?;
        Self::new(file, text, items)
    }

    /// This catalogue with the items of a player's files added after its own, file by file. Every
    /// key must be new: one already defined (by the shipped file or an earlier added one) is an
    /// error at its second definition, naming the file that holds the first. More than
    /// [`MAX_ADDED_ITEMS`] items in all is refused before anything else is looked at.
    pub fn with_added(&self, added: Vec<(SourceFile, Vec<T>)>) -> Result<Self, Vec<ContentError>>
    where
        T: Clone,
    {
        check_added_count(added.iter().map(|(file, items)| (file, items.iter().map(Keyed::key))))
            .map_err(|e| vec![e])?;
        let mut merged = self.clone();
        let mut errors = Vec::new();
        for (file, items) in added {
            errors.extend(merged.add_file(file, items));
        }
        if errors.is_empty() { Ok(merged) } else { Err(errors) }
    }

    /// Index the items of one more file; the duplicate keys found, as errors.
    fn add_file(&mut self, file: SourceFile, items: Vec<T>) -> Vec<ContentError> {
        let source = self.sources.len();
        self.sources.push(file);
        let file = &self.sources[source];
        // How many times each key was defined in this file so far, to point at the right one.
        let mut defined_here: BTreeMap<String, usize> = BTreeMap::new();
        let mut errors = Vec::new();
        for item in items {
            let key = item.key().to_string();
            let earlier = defined_here.entry(key.clone()).or_insert(0);
            if let Some(&first) = self.index.get(&key) {
                let (line, col) = locate_key(&file.text, &key, *earlier);
                let first_source = self.origins[first];
                let message = if first_source == source {
                    format!("'{key}' is defined more than once")
                } else {
                    let first_file = &self.sources[first_source].name;
                    format!("'{key}' is already defined in {first_file}: added content may only add new ids")
                };
                errors.push(ContentError {
                    file: file.name.clone(),
                    line,
                    col,
                    item: Some(key),
                    message,
                });
            } else {
                self.index.insert(key, self.items.len());
            }
            *earlier += 1;
            self.items.push(item);
            self.origins.push(source);
        }
        errors
    }

    pub fn get(&self, id: &Id<T>) -> Option<&T> {
        self.index.get(id.key()).map(|&at| &self.items[at])
    }

    /// The items in file order, shipped ones first.
    pub fn items(&self) -> &[T] {
        &self.items
    }

    /// Every item with the file that defines it, shipped ones first.
    pub fn items_with_files(&self) -> impl Iterator<Item = (&T, &SourceFile)> {
        self.items
            .iter()
            .zip(&self.origins)
            .map(|(item, &origin)| (item, &self.sources[origin]))
    }

    /// The items a player's files added, each with the file that defines it.
    pub fn added_items(&self) -> impl Iterator<Item = (&T, &SourceFile)> {
        self.items_with_files()
            .skip(self.origins.iter().take_while(|&&origin| origin == 0).count())
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Check a reference made in `referrer_file` by the item `referrer`: an error naming where the
    /// reference is written if no item has that key.
    pub fn check_ref(
        &self,
        id: &Id<T>,
        referrer_file: &str,
        referrer_text: &str,
        referrer: &str,
    ) -> Result<(), ContentError> {
        if self.index.contains_key(id.key()) {
            return Ok(());
        }
        let (line, col) = locate_key(referrer_text, id.key(), 0);
        let definers = match self.sources.as_slice() {
            [only] => format!("{} does not define", only.name),
            [shipped, ..] => format!("neither {} nor the added files define", shipped.name),
            [] => "nothing defines".to_string(),
        };
        Err(ContentError {
            file: referrer_file.to_string(),
            line,
            col,
            item: Some(referrer.to_string()),
            message: format!("refers to '{}', which {definers}", id.key()),
        })
    }
}

/// The most items (cards, deck lines…) a player's files may add to one game, over all its files.
/// The shipped games hold a few dozen to a few hundred definitions each; a fan set of Spellfire,
/// the largest kind, has a few hundred cards.
pub const MAX_ADDED_ITEMS: usize = 2_000;

/// Refuse added content that holds more than [`MAX_ADDED_ITEMS`] items, given each file with the
/// keys of its items in order: the error points at the first item over the limit.
pub fn check_added_count<'a, Keys>(files: impl IntoIterator<Item = (&'a SourceFile, Keys)>) -> Result<(), ContentError>
where
    Keys: IntoIterator<Item = &'a str>,
{
    let mut counted = 0;
    for (file, keys) in files {
        let mut seen_here: BTreeMap<&str, usize> = BTreeMap::new();
        for key in keys {
            let earlier = seen_here.entry(key).or_insert(0);
            counted += 1;
            if counted > MAX_ADDED_ITEMS {
                let (line, col) = locate_key(&file.text, key, *earlier);
                return Err(ContentError {
                    file: file.name.clone(),
                    line,
                    col,
                    item: Some(key.to_string()),
                    message: format!(
                        "the added files hold more than {MAX_ADDED_ITEMS} items (cards, deck lines…), \
                         the most one game takes; this is item {counted}"
                    ),
                });
            }
            *earlier += 1;
        }
    }
    Ok(())
}

/// The content a game starts with, by the one rule every game that takes a player's content
/// follows: the `.ron` files in its folder add items (new ids only) to the shipped content, all
/// of them or none. If any file cannot be read or is wrong anywhere (a syntax error, a missing
/// field, an unknown effect, an id already defined, a bad reference, too many items), the game
/// starts with the shipped content alone and every problem found is reported.
#[derive(Clone, Debug)]
pub struct StartingContent<C> {
    pub content: C,
    /// How many of the player's files were added (0 when they were refused).
    pub added_files: usize,
    /// Why the player's files were not added; empty when they were, or when there were none.
    pub refused: Vec<ContentError>,
}

/// Add the player's files in `dir` to `shipped` with `add` (the game's own merge, built on
/// [`Catalog::with_added`]), by the rule of [`StartingContent`].
pub fn with_user_content<C>(
    shipped: C,
    dir: &std::path::Path,
    add: impl FnOnce(&C, &[SourceFile]) -> Result<C, Vec<ContentError>>,
) -> StartingContent<C> {
    let refuse = |shipped, refused| StartingContent {
        content: shipped,
        added_files: 0,
        refused,
    };
    let files = match user_files(dir) {
        Ok(files) => files,
        Err(error) => return refuse(shipped, vec![error]),
    };
    if files.is_empty() {
        return refuse(shipped, Vec::new());
    }
    match add(&shipped, &files) {
        Ok(content) => StartingContent {
            content,
            added_files: files.len(),
            refused: Vec::new(),
        },
        Err(errors) => refuse(shipped, errors),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, Deserialize)]
    struct Hero {
        id: String,
        hp: u8,
        pet: Option<Id<Creature>>,
    }
    impl Keyed for Hero {
        fn key(&self) -> &str {
            &self.id
        }
    }

    #[derive(Debug, Deserialize)]
    struct Creature {
        id: String,
    }
    impl Keyed for Creature {
        fn key(&self) -> &str {
            &self.id
        }
    }

    const HEROES: &str = r#"[
    (id: "Magie", hp: 10, pet: Some("Dragon")),
    (id: "Byron", hp: 12, pet: None),
    (id: "Magie", hp: 9, pet: None),
]"#;

    #[test]
    fn parse_error_names_file_line_column_and_item() {
        let text = "[\n    (id: \"Magie\", hp: 10, pet: None),\n    (id: \"Byron\", hp: \"twelve\", pet: None),\n]";
        let error = Catalog::<Hero>::parse("data/x/heroes.ron", text).unwrap_err().remove(0);
        assert_eq!(error.file, "data/x/heroes.ron");
        assert_eq!(error.line, 3);
        assert!(error.col > 1);
        assert_eq!(error.item.as_deref(), Some("Byron"));
        assert!(error.to_string().starts_with("data/x/heroes.ron:3:"), "{error}");
    }

    #[test]
    fn duplicate_keys_are_rejected_at_the_second_definition() {
        let errors = Catalog::<Hero>::parse("heroes.ron", HEROES).unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!((errors[0].line, errors[0].item.as_deref()), (4, Some("Magie")));
        assert!(errors[0].message.contains("more than once"));
    }

    #[test]
    fn dangling_references_are_rejected_where_they_are_written() {
        let heroes_text = r#"[(id: "Magie", hp: 10, pet: Some("Dragon"))]"#;
        let heroes = Catalog::<Hero>::parse("heroes.ron", heroes_text).unwrap();
        let creatures = Catalog::<Creature>::parse("creatures.ron", r#"[(id: "Pyromancer")]"#).unwrap();
        let magie = &heroes.items()[0];
        assert_eq!(magie.hp, 10);
        let pet = magie.pet.as_ref().unwrap();
        let error = creatures
            .check_ref(pet, "heroes.ron", heroes_text, &magie.id)
            .unwrap_err();
        assert_eq!((error.line, error.item.as_deref()), (1, Some("Magie")));
        assert!(
            error.message.contains("'Dragon'") && error.message.contains("creatures.ron"),
            "{error}"
        );
        let known: Id<Creature> = Id::new("Pyromancer");
        assert!(creatures.check_ref(&known, "heroes.ron", heroes_text, "Magie").is_ok());
        assert_eq!(creatures.get(&known).map(|c| c.id.as_str()), Some("Pyromancer"));
    }

    #[test]
    fn user_files_are_the_ron_files_of_a_folder_in_name_order() {
        let dir = std::env::temp_dir().join(format!("spellhall-user-content-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(user_files(&dir), Ok(Vec::new()), "a missing folder holds no files");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("b.ron"), "[2]").unwrap();
        std::fs::write(dir.join("a.ron"), "[1]").unwrap();
        std::fs::write(dir.join("notes.txt"), "not content").unwrap();
        let files = user_files(&dir).unwrap();
        let names: Vec<&str> = files.iter().map(|f| f.name.rsplit('/').next().unwrap()).collect();
        assert_eq!(names, vec!["a.ron", "b.ron"]);
        assert_eq!(files[0].text, "[1]");
    }

    fn hero_file(name: &str, text: &str) -> (SourceFile, Vec<Hero>) {
        let heroes = parse_ron(name, text).unwrap();
        (SourceFile::embedded(name, text), heroes)
    }

    #[test]
    fn added_files_add_new_items_after_the_shipped_ones() {
        let shipped = Catalog::<Hero>::parse("data/heroes.ron", r#"[(id: "Magie", hp: 10, pet: None)]"#).unwrap();
        let added = shipped
            .with_added(vec![hero_file("mine.ron", "[\n  (id: \"Zed\", hp: 3, pet: None),\n]")])
            .unwrap();
        assert_eq!(added.len(), 2);
        assert_eq!(added.get(&Id::new("Zed")).map(|h| h.hp), Some(3));
        let from: Vec<(&str, &str)> = added
            .added_items()
            .map(|(h, f)| (h.id.as_str(), f.name.as_str()))
            .collect();
        assert_eq!(from, vec![("Zed", "mine.ron")]);
        assert_eq!(shipped.len(), 1, "the shipped catalogue is left as it was");
    }

    #[test]
    fn an_added_file_may_not_redefine_a_shipped_id() {
        let shipped = Catalog::<Hero>::parse("data/heroes.ron", r#"[(id: "Magie", hp: 10, pet: None)]"#).unwrap();
        let text = "[\n  (id: \"Zed\", hp: 3, pet: None),\n  (id: \"Magie\", hp: 99, pet: None),\n]";
        let errors = shipped.with_added(vec![hero_file("mine.ron", text)]).unwrap_err();
        assert_eq!(errors.len(), 1);
        let error = &errors[0];
        assert_eq!(
            (error.file.as_str(), error.line, error.item.as_deref()),
            ("mine.ron", 3, Some("Magie"))
        );
        assert!(error.message.contains("already defined in data/heroes.ron"), "{error}");
        let twice = "[\n  (id: \"Zed\", hp: 3, pet: None),\n  (id: \"Zed\", hp: 4, pet: None),\n]";
        let errors = shipped.with_added(vec![hero_file("twice.ron", twice)]).unwrap_err();
        assert_eq!(
            (errors[0].line, errors[0].message.as_str()),
            (3, "'Zed' is defined more than once")
        );
    }

    #[test]
    fn too_many_added_items_are_refused_at_the_first_over_the_limit() {
        let shipped = Catalog::<Hero>::parse("data/heroes.ron", "[]").unwrap();
        let text = crate::testkit::added_content::item_list(MAX_ADDED_ITEMS + 5, |i| {
            format!("(id: \"h{i}\", hp: 1, pet: None)")
        });
        let errors = shipped.with_added(vec![hero_file("many.ron", &text)]).unwrap_err();
        assert_eq!(errors.len(), 1);
        let over = format!("h{MAX_ADDED_ITEMS}");
        assert_eq!(
            (errors[0].line, errors[0].item.as_deref()),
            (MAX_ADDED_ITEMS + 2, Some(over.as_str()))
        );
    }

    #[test]
    fn a_broken_user_file_leaves_the_shipped_content_and_is_reported() {
        let dir = std::env::temp_dir().join(format!("spellhall-user-policy-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let add = |shipped: &Vec<u32>, files: &[SourceFile]| -> Result<Vec<u32>, Vec<ContentError>> {
            let mut all = shipped.clone();
            for file in files {
                all.extend(parse_ron::<Vec<u32>>(&file.name, &file.text).map_err(|e| vec![e])?);
            }
            Ok(all)
        };
        let none = with_user_content(vec![1], &dir, add);
        assert_eq!((none.content, none.added_files, none.refused.len()), (vec![1], 0, 0));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.ron"), "[2, 3]").unwrap();
        let good = with_user_content(vec![1], &dir, add);
        assert_eq!(
            (good.content, good.added_files, good.refused.len()),
            (vec![1, 2, 3], 1, 0)
        );
        std::fs::write(dir.join("b.ron"), "[4,\n five]").unwrap();
        let broken = with_user_content(vec![1], &dir, add);
        assert_eq!((broken.content, broken.added_files), (vec![1], 0), "all or nothing");
        assert!(
            broken.refused[0].to_string().contains("b.ron:2:"),
            "{}",
            broken.refused[0]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn ids_serialise_as_plain_strings() {
        let id: Id<Creature> = Id::new("Hawk");
        assert_eq!(ron::to_string(&id).unwrap(), "\"Hawk\"");
        let back: Id<Creature> = ron::from_str("\"Hawk\"").unwrap();
        assert_eq!(back, id);
    }
}
