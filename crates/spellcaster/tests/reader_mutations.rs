//! Mutation test of the spell list: 10,000 random byte-level edits of `spells.ron`, each read as
//! the game reads content (bytes to text, then `Spells::parse`), must load or be refused with a
//! line and column.

use spellcaster::{SPELLS_FILE, Spells};
use spellhall_core::testkit::mutation::{MutationOptions, content_mutation_test};

#[test]
fn a_mutated_spell_list_loads_or_is_refused_with_a_place() {
    let spells = include_bytes!("../../../data/spellcaster/spells.ron");
    let donors: [&[u8]; 2] = [
        include_bytes!("../../../data/mighty-magics/cards.ron"),
        include_bytes!("../../../data/spells-of-doom/heroes.ron"),
    ];
    content_mutation_test(SPELLS_FILE, spells, &donors, MutationOptions::default(), |text| {
        Spells::parse(SPELLS_FILE, text)
    });
}

#[test]
fn a_wrong_spell_count_is_reported_at_the_last_spell() {
    let spells = include_str!("../../../data/spellcaster/spells.ron");
    // Drop the last spell: the list then has 59, one colour 14.
    let last = spells.rfind("\n    (id:").expect("a spell per line");
    let end = last + spells[last + 1..].find('\n').expect("the spell's line ends") + 1;
    let shorter = format!("{}{}", &spells[..last], &spells[end..]);
    let errors = Spells::parse(SPELLS_FILE, &shorter).expect_err("refused");
    assert!(errors.iter().all(|e| e.line > 0 && e.col > 0), "{errors:?}");
    assert!(errors[0].message.contains("this file defines 59"), "{errors:?}");
}
