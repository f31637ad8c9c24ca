//! Mutation tests of the Spellfire readers: a deck as `--deck` and the editor open it (a RON deck,
//! a CrossFire `.cfd`, a `.txt` list, all through `deck::parse_deck_file`), and a set file as the
//! catalogue loads it. 10,000 random byte-level edits each; every one is read, or refused with a
//! line and column.

use std::path::Path;
use std::sync::OnceLock;

use spellfire::crossfire::write_cfd;
use spellfire::deck::{self, Deck, DeckFileKind, parse_deck_file};
use spellfire::format::Formats;
use spellfire::{Catalogue, set_file_name};
use spellhall_core::content::SourceFile;
use spellhall_core::testkit::mutation::{MutationOptions, Rejection, content_mutation_test, mutation_test};

struct Library {
    catalogue: Catalogue,
    formats: Formats,
}

fn library() -> &'static Library {
    static LIBRARY: OnceLock<Library> = OnceLock::new();
    LIBRARY.get_or_init(|| Library {
        catalogue: Catalogue::shipped().expect("the shipped catalogue"),
        formats: Formats::shipped().expect("the shipped formats"),
    })
}

const A1: &str = include_str!("../../../data/spellfire/decks/A-1.ron");
const F2: &str = include_str!("../../../data/spellfire/decks/F-2.ron");
const TINY_CFD: &str = include_str!("fixtures/tiny.cfd");

fn starter(text: &str) -> Deck {
    Deck::from_ron("starter.ron", text).expect("a starter deck")
}

fn cfd_of(text: &str) -> String {
    write_cfd(&starter(text), &library().formats)
}

fn text_list_of(text: &str) -> String {
    deck::to_text(&starter(text), &library().catalogue, &library().formats)
}

/// Mutate the `valid` deck files (splicing in `donors` too) and read each as the deck file `name`,
/// the way the editor opens it. A text list is always read: its lines that name no card are kept
/// and reported with their line number, so each such line counts here as refused at that line
/// (column 1: the problem is the whole line).
fn mutate_decks(name: &str, valid: &[&str], donors: &[&str]) {
    let library = library();
    let valid: Vec<&[u8]> = valid.iter().map(|text| text.as_bytes()).collect();
    let donors: Vec<&[u8]> = donors.iter().map(|text| text.as_bytes()).collect();
    mutation_test(name, &valid, &donors, MutationOptions::default(), |bytes| {
        let file = parse_deck_file(Path::new(name), bytes.to_vec(), &library.catalogue, &library.formats)?;
        match file.line_problems.first() {
            Some(problem) => Err(Rejection::At {
                line: problem.line,
                col: 1,
                message: problem.to_string(),
            }),
            None => Ok(()),
        }
    });
}

#[test]
fn a_mutated_ron_deck_is_opened_or_refused_with_a_place() {
    mutate_decks("deck.ron", &[A1, F2], &[&cfd_of(A1), &text_list_of(F2)]);
}

#[test]
fn a_mutated_crossfire_deck_is_imported_or_refused_with_a_place() {
    mutate_decks("deck.cfd", &[&cfd_of(A1), &cfd_of(F2), TINY_CFD], &[A1]);
}

#[test]
fn a_mutated_text_list_is_imported_with_each_unread_line_named() {
    mutate_decks("deck.txt", &[&text_list_of(A1), &text_list_of(F2)], &[A1]);
}

#[test]
fn a_mutated_set_file_loads_or_is_refused_with_a_place() {
    // One of the smaller sets (15 kB), read as the catalogue reads a player's set.
    let name = set_file_name("CH");
    let set = include_bytes!("../../../data/spellfire/sets/CH.ron");
    let donors: [&[u8]; 2] = [include_bytes!("../../../data/spellfire/sets/PR.ron"), A1.as_bytes()];
    content_mutation_test(&name, set, &donors, MutationOptions::default(), |text| {
        Catalogue::load(&[SourceFile::embedded(&name, text)]).map_err(|e| vec![e])
    });
}

#[test]
fn a_crossfire_deck_is_found_by_its_extension_or_its_content() {
    let library = library();
    let read = |name: &str, text: &str| {
        parse_deck_file(
            Path::new(name),
            text.as_bytes().to_vec(),
            &library.catalogue,
            &library.formats,
        )
    };
    let cfd = cfd_of(A1);
    let by_extension = read("A-1.cfd", &cfd).expect("imported");
    let with_mark = read("A-1.cfd", &format!("\u{feff}{cfd}")).expect("a byte-order mark is no problem");
    assert_eq!(with_mark.deck, by_extension.deck);
    let by_content = read("A-1.deck", &cfd).expect("imported");
    assert_eq!(
        (by_extension.kind, by_content.kind),
        (DeckFileKind::Cfd, DeckFileKind::Cfd)
    );
    assert_eq!(by_content.deck.cards, starter(A1).cards);
    assert_eq!(by_content.deck.format, "55-starter");
    let list = read("A-1.txt", &text_list_of(A1)).expect("imported");
    assert_eq!((list.kind, &list.deck.cards), (DeckFileKind::Text, &starter(A1).cards));
    let ron = read("A-1.ron", &format!("\u{feff}{A1}")).expect("a byte-order mark is no problem");
    assert_eq!(ron.kind, DeckFileKind::Ron);
    // Not RON and not CrossFire: the RON error, with its place.
    let error = read("A-1.ron", "set tempDeckTitle {x}\n").unwrap_err();
    assert!(error.to_string().starts_with("A-1.ron:1:"), "{error}");
}

#[cfg(unix)]
#[test]
fn a_deck_that_is_a_device_is_refused_at_once() {
    let library = library();
    let error = deck::read_deck_file(Path::new("/dev/zero"), &library.catalogue, &library.formats).unwrap_err();
    assert_eq!(error.to_string(), "/dev/zero: is not a regular file (it is a device)");
    let error = Deck::load(Path::new("/dev/urandom")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "/dev/urandom: is not a regular file (it is a device)"
    );
}
