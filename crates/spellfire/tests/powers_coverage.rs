//! How many card powers the engine enforces: scripted / with a power, per set, for the twelve 1st
//! Edition starter decks together and for each of them. Printed on every run (`cargo test -p
//! spellfire --test powers_coverage -- --nocapture`).
//!
//! Every card of the twelve starter decks must be enforced (issue 16): the test fails, naming
//! them, while any is `Unscripted`, or while the deck editor's "Powers enforced" filter would hide
//! one. Beyond the starters it fails on a regression: the committed floors below can only go up.
//! When you script more cards, raise them to the new figures printed here (the test says so when
//! they are behind).
use std::collections::BTreeSet;

use spellfire::deck::starter_decks;
use spellfire::{CardFilter, CardRef, Catalogue, Entry, Power};

/// Distinct starter-deck cards whose power is enforced (scripted, or restating their facts): all
/// 229 with a power.
const STARTER_ENFORCED_AT_LEAST: usize = 229;
/// 1st Edition cards whose power is enforced, of the 377 with a power. Only goes up.
const FIRST_EDITION_ENFORCED_AT_LEAST: usize = 240;
/// Avatars (every set) whose power — their entry cost with it (SF-233) — is enforced, of 49.
/// Only goes up.
const AVATARS_ENFORCED_AT_LEAST: usize = 6;
/// Avatars whose entry is scripted, so that they enter play (their other powers may be only
/// partly enforced, and the card says so). Only goes up.
const AVATARS_ENTERING_AT_LEAST: usize = 45;

fn has_power(entry: &Entry) -> bool {
    entry.card.power != Power::NoText
}

fn enforced(entry: &Entry) -> bool {
    has_power(entry) && entry.card.power.is_enforced()
}

/// (enforced, with a power, distinct cards) of a list of references.
fn tally(catalogue: &Catalogue, cards: &BTreeSet<CardRef>) -> (usize, usize, usize) {
    let entries: Vec<&Entry> = cards
        .iter()
        .map(|c| catalogue.get(*c).expect("a deck card exists"))
        .collect();
    (
        entries.iter().filter(|e| enforced(e)).count(),
        entries.iter().filter(|e| has_power(e)).count(),
        entries.len(),
    )
}

#[test]
fn powers_coverage() {
    let catalogue = Catalogue::shipped().unwrap();
    for set in &catalogue.sets {
        let in_set: Vec<&Entry> = catalogue.entries.iter().filter(|e| e.id.set == set.code).collect();
        let powered = in_set.iter().filter(|e| has_power(e)).count();
        let done = in_set.iter().filter(|e| enforced(e)).count();
        println!(
            "powers coverage: {:>4} {done:>3}/{powered:<3} with a power enforced",
            set.code.as_str()
        );
    }
    let decks = starter_decks().unwrap();
    let mut all = BTreeSet::new();
    for (deck, code) in decks.iter().zip([
        "A-1", "A-2", "B-1", "B-2", "C-1", "C-2", "D-1", "D-2", "E-1", "E-2", "F-1", "F-2",
    ]) {
        let cards: BTreeSet<CardRef> = deck.cards.iter().copied().collect();
        let (done, powered, distinct) = tally(&catalogue, &cards);
        println!("powers coverage: starter {code}: {done}/{powered} with a power enforced ({distinct} distinct cards)");
        all.extend(cards);
    }
    let (done, powered, distinct) = tally(&catalogue, &all);
    let unpowered = distinct - powered;
    println!(
        "powers coverage: the twelve starter decks: {}/{distinct} cards enforced, {done}/{powered} of those with a power",
        done + unpowered
    );
    assert_eq!((distinct, powered), (295, 229), "the starter decks changed");
    let unscripted: Vec<String> = all
        .iter()
        .filter_map(|c| catalogue.get(*c))
        .filter(|e| has_power(e) && !enforced(e))
        .map(|e| format!("{} {}", e.id, e.card.name))
        .collect();
    assert!(
        unscripted.is_empty(),
        "every starter-deck card must be enforced (issue 16); still unscripted: {}",
        unscripted.join(", ")
    );
    // The deck editor's "Powers enforced" filter keeps every card of every starter deck.
    let filter = CardFilter {
        enforced_only: true,
        ..CardFilter::default()
    };
    for deck in &decks {
        for card in &deck.cards {
            let entry = catalogue.get(*card).expect("a deck card exists");
            assert!(
                filter.matches(entry, ""),
                "the editor's filter hides {card} {}",
                entry.card.name
            );
        }
    }
    let first = catalogue.entries.iter().filter(|e| e.id.set.as_str() == "1st");
    let (first_done, first_powered) = first.fold((0, 0), |(d, p), e| {
        (d + usize::from(enforced(e)), p + usize::from(has_power(e)))
    });
    println!("powers coverage: 1st Edition: {first_done}/{first_powered} with a power enforced");
    assert!(
        done >= STARTER_ENFORCED_AT_LEAST,
        "starter-deck coverage fell to {done}, below the committed {STARTER_ENFORCED_AT_LEAST}"
    );
    assert!(
        first_done >= FIRST_EDITION_ENFORCED_AT_LEAST,
        "1st Edition coverage fell to {first_done}, below the committed {FIRST_EDITION_ENFORCED_AT_LEAST}"
    );
    // An avatar's entry is part of its power: one enforced comes into play by its entry cost.
    let avatars: Vec<&Entry> = catalogue.entries.iter().filter(|e| e.card.avatar).collect();
    let avatars_done: Vec<&&Entry> = avatars.iter().filter(|e| enforced(e)).collect();
    println!(
        "powers coverage: avatars: {}/{} enforced",
        avatars_done.len(),
        avatars.len()
    );
    for avatar in &avatars_done {
        assert!(
            avatar.card.power.entry().is_some(),
            "{} {} is enforced without an entry cost",
            avatar.id,
            avatar.card.name
        );
    }
    let entering = avatars.iter().filter(|e| e.card.power.entry().is_some()).count();
    println!("powers coverage: avatars: {entering}/{} enter play", avatars.len());
    assert!(
        entering >= AVATARS_ENTERING_AT_LEAST,
        "avatars entering play fell to {entering}, below the committed {AVATARS_ENTERING_AT_LEAST}"
    );
    assert!(
        avatars_done.len() >= AVATARS_ENFORCED_AT_LEAST,
        "avatar coverage fell to {}, below the committed {AVATARS_ENFORCED_AT_LEAST}",
        avatars_done.len()
    );
    if done > STARTER_ENFORCED_AT_LEAST
        || first_done > FIRST_EDITION_ENFORCED_AT_LEAST
        || avatars_done.len() > AVATARS_ENFORCED_AT_LEAST
    {
        println!(
            "powers coverage: raise the committed floors to {done}, {first_done} and {}",
            avatars_done.len()
        );
    }
}
