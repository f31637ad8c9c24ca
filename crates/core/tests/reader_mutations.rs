//! Mutation tests of the kernel's readers: a save (header, body, replay) and the autosave's header
//! as the title screen reads it. Each mutated file is read or refused with its line and column.

use std::path::Path;
use std::sync::Arc;

use spellhall_core::files::decode_text;
use spellhall_core::testkit::mutation::{MutationOptions, Rejection, mutation_test};
use spellhall_core::testkit::{Tally, TallyConfig, default_seats};
use spellhall_core::{Game, SaveError, SaveFile, SaveHeader, Session};

/// Saves of Tally games of different lengths, as the app writes them.
fn valid_saves() -> Vec<String> {
    [(2, 3, 0), (3, 11, 9), (4, 40, 2)]
        .into_iter()
        .map(|(players, seed, actions)| {
            let config = TallyConfig { players, copies: 2 };
            let mut session = Session::<Tally>::new(default_seats(players.into()), config, Arc::new(()), seed).unwrap();
            for _ in 0..actions {
                let action = session.state().legal_actions()[0].clone();
                session.act(action).unwrap();
            }
            ron::ser::to_string_pretty(&session.to_save(), Default::default()).unwrap()
        })
        .collect()
}

/// Errors found after the text was read: the file is well formed but names another game or a
/// newer format, or its actions do not replay to the saved position. These concern the recorded
/// game as a whole; there is no line or column to point at.
fn rejection(error: SaveError) -> Rejection {
    match error {
        SaveError::File(error) => error.into(),
        whole => Rejection::Whole(whole.to_string()),
    }
}

/// Mutate valid saves and read each as the file `name` with `read` (given the path and text).
fn mutate_saves(name: &str, read: impl Fn(&Path, &str) -> Result<(), SaveError>) {
    let saves = valid_saves();
    let valid: Vec<&[u8]> = saves.iter().map(|s| s.as_bytes()).collect();
    let path = Path::new(name);
    mutation_test(name, &valid, &[], MutationOptions::default(), |bytes| {
        let text = decode_text(path, bytes.to_vec())?;
        read(path, &text).map_err(rejection)
    });
}

#[test]
fn a_mutated_save_is_loaded_or_refused_with_a_place() {
    // What the app does with a save: SaveFile::read (the text, then header and body), then replay.
    mutate_saves("saves/game.ron", |path, text| {
        let save = SaveFile::parse(path, text, Tally::ID)?;
        Session::<Tally>::from_save(save, Arc::new(())).map(drop)
    });
}

#[test]
fn a_mutated_autosave_header_is_read_or_refused_with_a_place() {
    // What the title screen does to list the autosave: SaveHeader::read.
    mutate_saves("autosave.ron", |path, text| SaveHeader::parse(path, text).map(drop));
}

#[test]
fn a_key_written_with_escapes_is_located_where_it_is_written() {
    use spellhall_core::content::locate_key;
    let text = "[\n  (id: \"plain\"),\n  (id: \"line\\nbreak\"),\n  (id: \"caf\\u{e9}\"),\n]";
    assert_eq!(locate_key(text, "plain", 0), (2, 8));
    assert_eq!(locate_key(text, "line\nbreak", 0), (3, 8));
    assert_eq!(locate_key(text, "café", 0), (4, 8));
    assert_eq!(locate_key(text, "absent", 0), (0, 0));
}
