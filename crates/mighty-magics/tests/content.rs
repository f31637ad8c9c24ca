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
