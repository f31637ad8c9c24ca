//! The designed content loads and is what the rulebook and our design say; the board is fair
//! (point-symmetric) and its distances and ranges follow the rulebook's wording.

use hexx::Hex;
use spells_of_doom::board::Board;
use spells_of_doom::content::{CREATURE_TOKENS, CardKind, Content, Effect, Sources};

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
    assert_eq!(
        magie.ability,
        spells_of_doom::content::Ability::FireAttack { mana: 1, dice: 1 }
    );
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
