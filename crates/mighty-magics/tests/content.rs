//! The deck file: the shipped one loads, and a bad one is reported with file, line, column and card.

use mighty_magics::{CARDS_FILE, Cards, Kind, Resource};

#[test]
fn the_shipped_deck_loads_with_the_rulebooks_numbers() {
    let cards = Cards::shipped().expect("loads");
    let knights = cards.definitions().iter().find(|d| d.id == "knights").unwrap();
    assert_eq!(knights.kind, Kind::Horde { force: 3 });
    assert_eq!(
        knights.cost_units(),
        vec![Resource::Metal, Resource::Men, Resource::Law]
    );
    assert!(knights.cost_has(Resource::Men) && !knights.cost_has(Resource::Magic));
    let forces: u32 = cards
        .definitions()
        .iter()
        .filter(|d| d.is_stronghold())
        .map(|d| u32::from(d.base_force()))
        .sum();
    assert_eq!(
        forces,
        4 * 4 + 13 * 3 + 6 * 2,
        "four of Force 4, thirteen of 3, six of 2"
    );
}

#[test]
fn a_malformed_deck_names_file_line_and_column() {
    let text = "[\n  (id: \"a\", name: \"A\", copies: 1, cost: {Stone: 1}, kind: Horde(force: 2)),\n  (id: \"b\", name: \"B\" copies: 1),\n]";
    let errors = Cards::parse("user/deck.ron", text).unwrap_err();
    assert_eq!(errors[0].file, "user/deck.ron");
    assert_eq!(errors[0].line, 3);
    assert!(errors[0].col > 0);
}

#[test]
fn a_card_that_cannot_work_is_refused_at_load_naming_it() {
    let text = "[\n  (id: \"odd-mine\", name: \"Odd Mine\", copies: 1, cost: {Stone: 1},\n   kind: Stronghold(force: 2, ability: Convert(from: Stone, into: Stone))),\n  (id: \"golden\", name: \"Golden\", copies: 1, cost: {Gold: 1}, kind: Horde(force: 2)),\n]";
    let errors = Cards::parse(CARDS_FILE, text).unwrap_err();
    assert_eq!(errors.len(), 2);
    assert_eq!(errors[0].item.as_deref(), Some("odd-mine"));
    assert_eq!(errors[0].line, 2);
    assert!(errors[0].message.contains("cannot convert"), "{}", errors[0].message);
    assert!(errors[1].message.contains("Gold"), "{}", errors[1].message);
}

#[test]
fn an_unknown_resource_is_an_error_not_a_silent_skip() {
    let text = "[(id: \"x\", name: \"X\", copies: 1, cost: {Mud: 1}, kind: Horde(force: 2))]";
    let errors = Cards::parse("x.ron", text).unwrap_err();
    assert!(errors[0].to_string().contains("Mud"), "{}", errors[0]);
}

// ---- Cards a player adds in <data>/content/mighty-magics/ ----

use std::sync::Arc;

use mighty_magics::{Config, MightyMagics};
use spellhall_core::content::{ContentError, SourceFile};
use spellhall_core::testkit::added_content::{BadFile, added_file, check_bad_files, check_too_many_items};
use spellhall_core::{Game, Seat};

/// A Horde of the player's design, in the format of `cards.ron`.
fn horde(id: &str, copies: u8) -> String {
    format!(
        "(id: \"{id}\", name: \"Marsh Goblins\", copies: {copies}, cost: {{Water: 1, Men: 1}}, kind: Horde(force: 2))"
    )
}

fn with_added(files: &[SourceFile]) -> Result<Cards, Vec<ContentError>> {
    Cards::shipped().expect("the shipped deck loads").with_user_files(files)
}

#[test]
fn an_added_card_joins_the_shared_deck_and_is_dealt() {
    let shipped = Cards::shipped().unwrap();
    let file = added_file(
        "content/goblins.ron",
        &format!("[\n    {},\n]", horde("marsh-goblins", 20)),
    );
    let cards = Arc::new(shipped.with_user_files(&[file]).expect("the added card loads"));
    assert_eq!(cards.len(), shipped.len() + 20);
    let goblins = cards.copies_of("marsh-goblins");
    assert_eq!(goblins.len(), 20);
    // Dealt into some hand at the start of some game: it is in play like any shipped card.
    let dealt = (0..20).any(|seed| {
        let game = MightyMagics::new(
            &Config {
                players: 2,
                short_attacks: false,
            },
            &cards,
            seed,
        )
        .unwrap();
        Seat::all(2).any(|seat| game.view(seat).hand.iter().any(|h| goblins.contains(&h.card)))
    });
    assert!(dealt, "no hand was ever dealt a Marsh Goblins");
    let game = MightyMagics::new(
        &Config {
            players: 2,
            short_attacks: false,
        },
        &cards,
        1,
    )
    .unwrap();
    let view = game.view(Seat(0));
    let hands: usize = Seat::all(2).map(|seat| game.view(seat).hand.len()).sum();
    assert_eq!(
        view.deck_size + view.discard_size + hands,
        shipped.len() + 20,
        "every copy is in the game"
    );
}

#[test]
fn each_kind_of_mistake_in_an_added_file_is_refused_naming_file_line_column_and_card() {
    let line2 = |card: &str| format!("[\n    {card},\n]");
    check_bad_files(
        &[
            BadFile {
                mistake: "a missing field",
                text: line2("(id: \"no-cost\", name: \"No Cost\", copies: 1, kind: Horde(force: 2))"),
                line: 2,
                item: "no-cost",
                says: "cost",
            },
            BadFile {
                mistake: "an unknown effect",
                text: line2("(id: \"storm\", name: \"Storm\", copies: 1, cost: {Air: 1}, kind: Magic(Thunderbolt(3)))"),
                line: 2,
                item: "storm",
                says: "Thunderbolt",
            },
            BadFile {
                mistake: "a duplicate id",
                text: line2(
                    "(id: \"knights\", name: \"My Knights\", copies: 1, cost: {Men: 1}, kind: Horde(force: 9))",
                ),
                line: 2,
                item: "knights",
                says: "already defined in data/mighty-magics/cards.ron",
            },
            BadFile {
                mistake: "a misspelt field",
                text: line2("(id: \"typo\", name: \"Typo\", copiess: 1, cost: {Men: 1}, kind: Horde(force: 2))"),
                line: 2,
                item: "typo",
                says: "copiess",
            },
            BadFile {
                mistake: "a negative cost",
                text: line2("(id: \"cheap\", name: \"Cheap\", copies: 1, cost: {Stone: -1}, kind: Horde(force: 2))"),
                line: 2,
                item: "cheap",
                says: "out of bounds",
            },
        ],
        with_added,
    );
}

#[test]
fn ten_thousand_added_cards_are_refused_with_one_clear_error() {
    check_too_many_items(
        10_000,
        |i| horde(&format!("goblins-{i}"), 1),
        |i| format!("goblins-{i}"),
        with_added,
    );
}

#[test]
fn a_broken_added_file_leaves_the_shipped_deck_untouched() {
    let shipped = Cards::shipped().unwrap();
    let good = added_file("content/a.ron", &format!("[{}]", horde("marsh-goblins", 1)));
    let bad = added_file("content/b.ron", "[(id: \"x\", name: \"X\" copies: 1)]");
    let errors = shipped.with_user_files(&[good, bad]).unwrap_err();
    assert!(errors[0].to_string().starts_with("content/b.ron:1:"), "{}", errors[0]);
    assert!(shipped.copies_of("marsh-goblins").is_empty());
}
