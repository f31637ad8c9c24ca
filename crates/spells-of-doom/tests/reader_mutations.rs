//! Mutation tests of the four content files: for each, 10,000 random byte-level edits, read as
//! the game reads content (bytes to text, then `Content::load` with the other three files intact),
//! must load or be refused with a line and column; and the same for a player's file of added
//! cards and deck lines (`Content::with_user_files`).

use spellhall_core::content::SourceFile;
use spellhall_core::testkit::mutation::{MutationOptions, content_mutation_test};
use spells_of_doom::{BOARD_FILE, CARDS_FILE, CREATURES_FILE, Content, HEROES_FILE, Sources};

const BOARD: &str = include_str!("../../../data/spells-of-doom/board.ron");
const HEROES: &str = include_str!("../../../data/spells-of-doom/heroes.ron");
const CREATURES: &str = include_str!("../../../data/spells-of-doom/creatures.ron");
const CARDS: &str = include_str!("../../../data/spells-of-doom/cards.ron");

/// Mutate the file at `which` (0 board, 1 heroes, 2 creatures, 3 cards); the others are donors.
fn mutate_one(which: usize) {
    let names = [BOARD_FILE, HEROES_FILE, CREATURES_FILE, CARDS_FILE];
    let texts = [BOARD, HEROES, CREATURES, CARDS];
    let donors: Vec<&[u8]> = (0..4).filter(|&i| i != which).map(|i| texts[i].as_bytes()).collect();
    let options = MutationOptions {
        seed: 0x5EED + which as u64,
        ..MutationOptions::default()
    };
    content_mutation_test(names[which], texts[which].as_bytes(), &donors, options, |text| {
        let mut files = texts;
        files[which] = text;
        Content::load(&Sources {
            board: (BOARD_FILE, files[0]),
            heroes: (HEROES_FILE, files[1]),
            creatures: (CREATURES_FILE, files[2]),
            cards: (CARDS_FILE, files[3]),
        })
    });
}

#[test]
fn a_mutated_board_loads_or_is_refused_with_a_place() {
    mutate_one(0);
}

#[test]
fn a_mutated_hero_file_loads_or_is_refused_with_a_place() {
    mutate_one(1);
}

#[test]
fn a_mutated_creature_file_loads_or_is_refused_with_a_place() {
    mutate_one(2);
}

#[test]
fn a_mutated_card_file_loads_or_is_refused_with_a_place() {
    mutate_one(3);
}

#[test]
fn a_mutated_file_of_added_cards_loads_or_is_refused_with_a_place() {
    let shipped = Content::shipped().expect("the shipped content");
    let added = "(\n    cards: [\n        (id: \"ember-bolt\", name: \"Ember Bolt\", kind: Spell(cost: 1, range: 1), \
                 effect: Volley(rows: [(attack: 2)])),\n    ],\n    decks: [(hero: \"magie\", cards: [(\"ember-bolt\", 2)])],\n)\n";
    let name = "content/spells-of-doom/ember.ron";
    let options = MutationOptions {
        seed: 0x5EED + 4,
        ..MutationOptions::default()
    };
    content_mutation_test(name, added.as_bytes(), &[CARDS.as_bytes()], options, |text| {
        shipped.with_user_files(&[SourceFile::embedded(name, text)])
    });
}
