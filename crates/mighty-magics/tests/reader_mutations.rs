//! Mutation test of the card file: 10,000 random byte-level edits of `cards.ron`, each read as
//! the game reads content (bytes to text, then `Cards::parse`), must load or be refused with a
//! line and column.

use mighty_magics::{CARDS_FILE, Cards};
use spellhall_core::testkit::mutation::{MutationOptions, content_mutation_test};

#[test]
fn a_mutated_card_file_loads_or_is_refused_with_a_place() {
    let cards = include_bytes!("../../../data/mighty-magics/cards.ron");
    let donors: [&[u8]; 2] = [
        include_bytes!("../../../data/spellcaster/spells.ron"),
        include_bytes!("../../../data/spells-of-doom/cards.ron"),
    ];
    content_mutation_test(CARDS_FILE, cards, &donors, MutationOptions::default(), |text| {
        Cards::parse(CARDS_FILE, text)
    });
}
