//! The designed content loads and is what the rulebook and our design say; the board is fair
//! (point-symmetric) and its distances and ranges follow the rulebook's wording.

use hexx::Hex;
use spells_of_doom::Board;
use spells_of_doom::{CREATURE_TOKENS, CardKind, Content, Effect, Sources};

fn content() -> Content {
    Content::shipped().unwrap_or_else(|errors| panic!("{errors:?}"))
}

#[test]
fn the_shipped_content_loads_with_four_heroes_29_creatures_and_120_cards() {
    let content = content();
    let names: Vec<&str> = content.heroes.items().iter().map(|h| h.name.as_str()).collect();
    assert_eq!(names, ["Magie", "Byron", "Oakheart", "Hypnor"]);
    let tokens: usize = content.heroes.items().iter().map(|h| h.creatures.len()).sum();
    assert_eq!(tokens, CREATURE_TOKENS);
    assert_eq!(content.decks.len(), 4);
    assert!(content.decks.values().all(|deck| deck.len() == 30));
    assert_eq!(content.decks.values().map(Vec::len).sum::<usize>(), 120);
    // Each deck has its Hero's Spell of Doom, once.
    for (hero, doom) in [
        ("magie", "dragon-spirit"),
        ("byron", "overpower"),
        ("oakheart", "war-bear"),
        ("hypnor", "mental-slap"),
    ] {
        let deck = &content.decks[hero];
        let dooms: Vec<&str> = deck
            .iter()
            .filter(|id| content.cards.get(id).unwrap().doom)
            .map(|id| id.key())
            .collect();
        assert_eq!(dooms, [doom], "{hero}");
    }
}

#[test]
fn the_rulebooks_numbers_are_in_the_data() {
    let content = content();
    let card = |id: &str| content.cards.items().iter().find(|c| c.id == id).unwrap().clone();
    // Fireball: 2 mana, within 3 hexes (distance 2); 1/2/3 cards: Attack 3 / 5 / 7 and Burn 1.
    let fireball = card("fireball");
    assert_eq!(fireball.kind, CardKind::Spell { cost: 2, range: 2 });
    let Effect::Volley { rows } = fireball.effect else {
        panic!()
    };
    assert_eq!(
        rows.iter().map(|r| (r.attack, r.burn)).collect::<Vec<_>>(),
        [(3, 0), (5, 0), (7, 1)]
    );
    let Effect::Volley { rows } = card("rock-throw").effect else {
        panic!()
    };
    assert_eq!(rows.iter().map(|r| r.attack).collect::<Vec<_>>(), [3, 5, 8]);
    assert_eq!(card("healing-ward").kind, CardKind::Spell { cost: 1, range: 1 });
    assert!(card("counter-attack").counter && card("magic-shield").counter && card("decoy").counter);
    assert!(card("stoneskin").counter && card("ensnare").counter);
    assert_eq!(card("mental-slap").kind, CardKind::Spell { cost: 4, range: 2 });
    // Magie's Fire Attack; the War Bear's token.
    let magie = content.hero("magie").unwrap();
    assert_eq!(magie.ability, spells_of_doom::Ability::FireAttack { mana: 1, dice: 1 });
    assert_eq!(
        (magie.armor.clone(), magie.attack[0], magie.speed),
        (vec![1, 2, 3], 3, 2)
    );
    let bear = content.creatures.items().iter().find(|c| c.id == "war-bear").unwrap();
    assert_eq!((bear.hp, bear.armor, bear.attack), (10, 2, 2));
    let hawk = content.creatures.items().iter().find(|c| c.id == "hawk").unwrap();
    assert_eq!(hawk.speed(), 3, "Fast is Speed 3");
}

#[test]
fn the_board_has_85_hexes_9_shrines_and_mirrors_through_its_centre() {
    let board = content().board;
    assert_eq!(board.len(), 85);
    assert_eq!(board.shrines.len(), 9);
    for hex in board.hexes() {
        assert!(board.contains(Board::mirror(hex)), "{hex:?} has no mirror");
    }
    assert_eq!(Board::mirror(board.starts_two[0]), board.starts_two[1]);
    assert_eq!(Board::mirror(board.starts_four[0]), board.starts_four[1]);
    assert_eq!(Board::mirror(board.starts_four[2]), board.starts_four[3]);
    let mut shrines = board.shrines.clone();
    let mut mirrored: Vec<Hex> = shrines.iter().map(|h| Board::mirror(*h)).collect();
    let order = |h: &Hex| (h.x, h.y);
    shrines.sort_by_key(order);
    mirrored.sort_by_key(order);
    assert_eq!(shrines, mirrored, "each side sees the same shrines");
    // So the distances from each start to the shrines are the same multiset.
    let mut a: Vec<u32> = board
        .shrines
        .iter()
        .map(|s| Board::distance(board.starts_two[0], *s))
        .collect();
    let mut b: Vec<u32> = board
        .shrines
        .iter()
        .map(|s| Board::distance(board.starts_two[1], *s))
        .collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
}

#[test]
fn range_1_is_the_same_or_an_adjacent_hex_and_movement_is_bounded_by_the_board() {
    let board = content().board;
    // "Range 1" = "within 2 hexes" = the hex itself and its six neighbours.
    assert_eq!(board.within(Hex::ZERO, 1).len(), 7);
    assert_eq!(board.within(Hex::ZERO, 2).len(), 19);
    assert_eq!(board.within(Hex::ZERO, 0), [Hex::ZERO]);
    // Speed 2 from the centre reaches the 19 hexes within 2; from a start on the edge, fewer.
    assert_eq!(board.reachable(Hex::ZERO, 2).len(), 19);
    let start = board.starts_two[0];
    let reach = board.reachable(start, 2);
    assert!(reach.len() < 19 && reach.contains(&start));
    assert!(
        reach
            .iter()
            .all(|h| board.contains(*h) && Board::distance(start, *h) <= 2)
    );
    assert_eq!(board.reachable(start, 0), [start]);
}

/// `around` (the hexes a move, a summon or a blast may reach) lends each board hex's list for
/// the range (the whole board beyond the last) and gathers them for a centre off the board: it
/// gives the board's hexes within the range, in board order, from every hex of the board and from
/// hexes off it, at every range.
#[test]
fn the_hexes_around_a_centre_are_the_board_hexes_within_range_in_order() {
    let content = content();
    let board = &content.board;
    let centres: Vec<Hex> = Hex::ZERO.range(7).collect();
    assert!(centres.iter().any(|hex| !board.contains(*hex)));
    for centre in centres {
        for range in (0..=12).chain([u32::MAX]) {
            let expected: Vec<Hex> = board
                .hexes()
                .filter(|hex| hex.unsigned_distance_to(centre) <= range)
                .collect();
            assert_eq!(
                board.around(centre, range).into_owned(),
                expected,
                "{centre:?}, {range}"
            );
        }
    }
}

#[test]
fn broken_content_is_reported_with_file_line_and_item() {
    let board = include_str!("../../../data/spells-of-doom/board.ron");
    let heroes = include_str!("../../../data/spells-of-doom/heroes.ron");
    let creatures = include_str!("../../../data/spells-of-doom/creatures.ron");
    let cards = include_str!("../../../data/spells-of-doom/cards.ron");
    let load = |board: &str, heroes: &str, creatures: &str, cards: &str| {
        Content::load(&Sources {
            board: ("board.ron", board),
            heroes: ("heroes.ron", heroes),
            creatures: ("creatures.ron", creatures),
            cards: ("cards.ron", cards),
        })
        .unwrap_err()
    };
    // A Hero board naming a creature nobody defined.
    let errors = load(board, &heroes.replacen("\"dragon\"", "\"wyrm\"", 1), creatures, cards);
    assert!(
        errors
            .iter()
            .any(|e| e.file == "heroes.ron" && e.line > 0 && e.message.contains("'wyrm'")),
        "{errors:?}"
    );
    // A deck one card short.
    let errors = load(
        board,
        heroes,
        creatures,
        &cards.replacen("(\"mana\", 3), (\"run\", 2)", "(\"mana\", 2), (\"run\", 2)", 1),
    );
    assert!(
        errors
            .iter()
            .any(|e| e.item.as_deref() == Some("magie") && e.message.contains("has 29 with 1")),
        "{errors:?}"
    );
    // A shrine off the board.
    let errors = load(
        &board.replacen("(0, 0), (-1, 3)", "(9, 9), (-1, 3)", 1),
        heroes,
        creatures,
        cards,
    );
    assert!(
        errors
            .iter()
            .any(|e| e.message.contains("(9, 9) is not a hex of the board")),
        "{errors:?}"
    );
    // Malformed RON names the file and the line.
    let errors = load(board, heroes, &creatures.replacen("hp: 3,", "hp: three,", 1), cards);
    let line = 1 + creatures[..creatures.find("hp: 3,").unwrap()].matches('\n').count();
    assert_eq!((errors[0].file.as_str(), errors[0].line), ("creatures.ron", line));
}

// ---- Cards a player adds in <data>/content/spells-of-doom/ ----

use std::sync::Arc;

use spellhall_core::content::{ContentError, SourceFile};
use spellhall_core::testkit::added_content::{BadFile, added_file, check_bad_files, check_too_many_items};
use spellhall_core::{Game, Seat};
use spells_of_doom::MAX_DECK_SIZE;
use spells_of_doom::{Config, SpellsOfDoom};

/// A spell of the player's design, in the format of `cards.ron`.
fn ember_bolt(id: &str) -> String {
    format!("(id: \"{id}\", name: \"Ember Bolt\", kind: Spell(cost: 1, range: 1), effect: Volley(rows: [(attack: 2)]))")
}

/// An added file: `cards` one a line from line 3, then Magie's deck lines.
fn cards_file(cards: &[String], magie_gets: &str) -> String {
    format!(
        "(\n    cards: [\n{}\n    ],\n    decks: [(hero: \"magie\", cards: [{magie_gets}])],\n)",
        cards
            .iter()
            .map(|c| format!("        {c},"))
            .collect::<Vec<_>>()
            .join("\n")
    )
}

fn with_added(files: &[SourceFile]) -> Result<Content, Vec<ContentError>> {
    content().with_user_files(files)
}

#[test]
fn an_added_card_joins_its_heros_deck_and_is_drawn() {
    let file = added_file(
        "content/ember.ron",
        &cards_file(&[ember_bolt("ember-bolt")], "(\"ember-bolt\", 10)"),
    );
    let content = Arc::new(with_added(&[file]).unwrap_or_else(|e| panic!("{e:?}")));
    assert_eq!(content.decks["magie"].len(), 40);
    assert_eq!(content.decks["byron"].len(), 30, "only Magie's deck grows");
    let config = Config {
        heroes: vec!["magie".into(), "byron".into()],
    };
    let drawn = (0..20).any(|seed| {
        let game = SpellsOfDoom::new(&config, &content, seed).unwrap();
        game.view(Seat(0)).hand.iter().any(|(_, name)| name == "Ember Bolt")
    });
    assert!(drawn, "Magie never drew an Ember Bolt");
    let game = SpellsOfDoom::new(&config, &content, 1).unwrap();
    assert_eq!(
        game.deck_list(Seat(0))
            .iter()
            .filter(|id| id.key() == "ember-bolt")
            .count(),
        10
    );
    game.check_invariants().unwrap();
}

#[test]
fn each_kind_of_mistake_in_an_added_file_is_refused_naming_file_line_column_and_card() {
    let card = |text: &str| cards_file(&[text.to_string()], "");
    check_bad_files(
        &[
            BadFile {
                mistake: "a missing field",
                text: card("(id: \"no-kind\", name: \"No Kind\", effect: Heal(hp: 1))"),
                line: 3,
                item: "no-kind",
                says: "kind",
            },
            BadFile {
                mistake: "an unknown effect",
                text: card("(id: \"warp\", name: \"Warp\", kind: Skill, effect: Teleport(hexes: 3))"),
                line: 3,
                item: "warp",
                says: "Teleport",
            },
            BadFile {
                mistake: "a duplicate id",
                text: card(&ember_bolt("fireball")),
                line: 3,
                item: "fireball",
                says: "already defined in data/spells-of-doom/cards.ron",
            },
            BadFile {
                mistake: "a misspelt field",
                text: card("(id: \"typo\", name: \"Typo\", kind: Skill, countr: true, effect: Heal(hp: 1))"),
                line: 3,
                item: "typo",
                says: "countr",
            },
            BadFile {
                mistake: "a negative cost",
                text: card("(id: \"cheap\", name: \"Cheap\", kind: Spell(cost: -2, range: 1), effect: Heal(hp: 1))"),
                line: 3,
                item: "cheap",
                says: "out of bounds",
            },
        ],
        with_added,
    );
}

#[test]
fn an_added_deck_line_must_name_a_card_and_keep_the_deck_within_bounds() {
    let unknown = added_file("content/a.ron", &cards_file(&[], "(\"ember-bolt\", 1)"));
    let errors = with_added(&[unknown]).unwrap_err();
    assert!(errors[0].to_string().starts_with("content/a.ron:5:"), "{}", errors[0]);
    assert!(errors[0].message.contains("'ember-bolt'"), "{}", errors[0]);
    let too_many = format!("(\"ember-bolt\", {})", MAX_DECK_SIZE - 30 + 1);
    let big = added_file("content/b.ron", &cards_file(&[ember_bolt("ember-bolt")], &too_many));
    let errors = with_added(&[big]).unwrap_err();
    assert_eq!(
        (errors[0].line, errors[0].item.as_deref()),
        (5, Some("magie")),
        "{}",
        errors[0]
    );
    assert!(errors[0].message.contains("has 61 with 1"), "{}", errors[0]);
    let second_doom = ember_bolt("doom-bolt").replace("kind:", "doom: true, kind:");
    let doom = added_file("content/c.ron", &cards_file(&[second_doom], "(\"doom-bolt\", 1)"));
    assert!(with_added(&[doom]).unwrap_err()[0].message.contains("with 2"));
}

#[test]
fn ten_thousand_added_cards_are_refused_with_one_clear_error() {
    let in_cards_file = |files: &[SourceFile]| {
        let wrapped: Vec<SourceFile> = files
            .iter()
            .map(|f| added_file(&f.name, &format!("(cards: {})", f.text)))
            .collect();
        with_added(&wrapped)
    };
    check_too_many_items(
        10_000,
        |i| ember_bolt(&format!("bolt-{i}")),
        |i| format!("bolt-{i}"),
        in_cards_file,
    );
}
