//! Mutation tests of the card files: 10,000 random byte-level edits of the shipped `cards.ron`
//! (read by `Cards::parse`) and of a player's file of added cards (read by `with_user_files`),
//! each as the game reads content (bytes to text, then parsed), must load or be refused with a
//! line and column.

use mighty_magics::{CARDS_FILE, Cards};
use spellhall_core::content::SourceFile;
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

#[test]
fn a_mutated_file_of_added_cards_loads_or_is_refused_with_a_place() {
    let shipped = Cards::shipped().expect("the shipped deck");
    let added = "[\n    (id: \"marsh-goblins\", name: \"Marsh Goblins\", copies: 2, cost: {Water: 1, Men: 1}, \
                 kind: Horde(force: 2)),\n    (id: \"bog-keep\", name: \"Bog Keep\", copies: 1, cost: {Water: 2}, \
                 kind: Stronghold(force: 2, ability: KindBonus(Water))),\n]\n";
    let donors: [&[u8]; 1] = [include_bytes!("../../../data/mighty-magics/cards.ron")];
    let name = "content/mighty-magics/bog.ron";
    content_mutation_test(name, added.as_bytes(), &donors, MutationOptions::default(), |text| {
        shipped.with_user_files(&[SourceFile::embedded(name, text)])
    });
}
