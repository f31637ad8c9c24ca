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
        write!(f, "{}:{}:{}: ", self.file, self.line, self.col)?;
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

/// The `.ron` files a player added in `dir`, in name order, so they load after the shipped content
/// in a stable order. A missing folder simply holds no files.
pub fn user_files(dir: &std::path::Path) -> Result<Vec<SourceFile>, ContentError> {
    let unreadable = |path: &std::path::Path, e: std::io::Error| ContentError {
        file: path.display().to_string(),
        line: 0,
        col: 0,
        item: None,
        message: format!("cannot be read: {e}"),
    };
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(unreadable(dir, e)),
    };
    let mut paths: Vec<std::path::PathBuf> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.is_file() && path.extension().is_some_and(|e| e == "ron"))
        .collect();
    paths.sort();
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
    match text.match_indices(&quoted).nth(nth) {
        Some((at, _)) => {
            let before = &text[..at];
            let line = before.matches('\n').count() + 1;
            let col = at - before.rfind('\n').map_or(0, |nl| nl + 1) + 1;
            (line, col)
        }
        None => (0, 0),
    }
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

/// The items of one kind from one file, indexed by key. Building it rejects duplicate keys.
#[derive(Clone, Debug)]
pub struct Catalog<T> {
    file: String,
    text: String,
    items: Vec<T>,
    index: BTreeMap<String, usize>,
}

impl<T: Keyed> Catalog<T> {
    /// Index `items` parsed from `text` (kept to point at positions in later errors).
    pub fn new(file: &str, text: &str, items: Vec<T>) -> Result<Self, Vec<ContentError>> {
        let mut index = BTreeMap::new();
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        let mut errors = Vec::new();
        for (at, item) in items.iter().enumerate() {
            let key = item.key().to_string();
            let count = seen.entry(key.clone()).or_insert(0);
            if *count > 0 {
                let (line, col) = locate_key(text, &key, *count);
                errors.push(ContentError {
                    file: file.to_string(),
                    line,
                    col,
                    item: Some(key.clone()),
                    message: format!("'{key}' is defined more than once"),
                });
            } else {
                index.insert(key, at);
            }
            *count += 1;
        }
        if errors.is_empty() {
            Ok(Self {
                file: file.to_string(),
                text: text.to_string(),
                items,
                index,
            })
        } else {
            Err(errors)
        }
    }

    /// Parse a RON list of items and index it.
    pub fn parse(file: &str, text: &str) -> Result<Self, Vec<ContentError>>
    where
        T: DeserializeOwned,
    {
        let items: Vec<T> = parse_ron(file, text).map_err(|e| vec![e])?;
        Self::new(file, text, items)
    }

    pub fn get(&self, id: &Id<T>) -> Option<&T> {
        self.index.get(id.key()).map(|&at| &self.items[at])
    }

    /// The items in file order.
    pub fn items(&self) -> &[T] {
        &self.items
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
        Err(ContentError {
            file: referrer_file.to_string(),
            line,
            col,
            item: Some(referrer.to_string()),
            message: format!("refers to '{}', which {} does not define", id.key(), self.file),
        })
    }

    /// The text this catalogue was parsed from (for locating problems found later).
    pub fn source_text(&self) -> &str {
        &self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
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

    #[test]
    fn ids_serialise_as_plain_strings() {
        let id: Id<Creature> = Id::new("Hawk");
        assert_eq!(ron::to_string(&id).unwrap(), "\"Hawk\"");
        let back: Id<Creature> = ron::from_str("\"Hawk\"").unwrap();
        assert_eq!(back, id);
    }
}
