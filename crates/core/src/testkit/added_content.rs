//! The checks every game runs on the content a player adds (`<data>/content/<game-id>/*.ron`):
//! a file of each kind of mistake is refused with an error that names the file, the line, the
//! column and the item, and a file of too many items is refused before it is looked at closely.

use crate::content::{ContentError, MAX_ADDED_ITEMS, SourceFile};

/// A player's file, named as the loader would name it.
pub fn added_file(name: &str, text: &str) -> SourceFile {
    SourceFile {
        name: name.to_string(),
        text: text.to_string(),
    }
}

/// A RON list of `count` items, one a line, item `i` written by `item(i)`.
pub fn item_list(count: usize, item: impl Fn(usize) -> String) -> String {
    let lines: Vec<String> = (0..count).map(|i| format!("    {},", item(i))).collect();
    format!("[\n{}\n]\n", lines.join("\n"))
}

/// A file with one kind of mistake, and where the error about it must point.
pub struct BadFile {
    /// The kind of mistake, for the failure message: "a missing field".
    pub mistake: &'static str,
    pub text: String,
    /// The line of the mistake (1-based).
    pub line: usize,
    /// The item (card) the error must name.
    pub item: &'static str,
    /// Words the message must hold.
    pub says: &'static str,
}

/// Load each bad file alone with `load` (the shipped content plus that one file) and check it is
/// refused with an error at its line, with a column, naming its item and saying what is wrong.
pub fn check_bad_files<C>(cases: &[BadFile], load: impl Fn(&[SourceFile]) -> Result<C, Vec<ContentError>>) {
    for case in cases {
        let name = format!("content/{}.ron", case.mistake.replace(' ', "-"));
        let errors = match load(&[added_file(&name, &case.text)]) {
            Ok(_) => panic!("{}: the file was accepted", case.mistake),
            Err(errors) => errors,
        };
        let error = errors
            .iter()
            .find(|e| e.file == name)
            .unwrap_or_else(|| panic!("{}: no error names the file: {errors:?}", case.mistake));
        let place = (error.line, error.col > 0, error.item.as_deref());
        assert_eq!(place, (case.line, true, Some(case.item)), "{}: {error}", case.mistake);
        assert!(error.message.contains(case.says), "{}: {error}", case.mistake);
        assert!(
            error.to_string().starts_with(&format!("{name}:{}:", case.line)),
            "{error}"
        );
    }
}

/// Load a file of `MAX_ADDED_ITEMS + 1` or more items written by `item(i)` (each with a distinct
/// id holding `i`), and check it is refused with one error at the first item over the limit.
pub fn check_too_many_items<C>(
    count: usize,
    item: impl Fn(usize) -> String,
    id_of: impl Fn(usize) -> String,
    load: impl Fn(&[SourceFile]) -> Result<C, Vec<ContentError>>,
) {
    assert!(count > MAX_ADDED_ITEMS, "{count} items are within the limit");
    let name = "content/horde.ron";
    let errors = match load(&[added_file(name, &item_list(count, &item))]) {
        Ok(_) => panic!("{count} items were accepted"),
        Err(errors) => errors,
    };
    let [error] = errors.as_slice() else {
        panic!("one error expected, not {}: {:?}", errors.len(), errors.first());
    };
    // The list opens on line 1, so item i is on line i + 2.
    let over = id_of(MAX_ADDED_ITEMS);
    assert_eq!(
        (error.file.as_str(), error.line, error.item.as_deref()),
        (name, MAX_ADDED_ITEMS + 2, Some(over.as_str())),
        "{error}"
    );
    assert!(
        error.col > 0 && error.message.contains(&MAX_ADDED_ITEMS.to_string()),
        "{error}"
    );
}
