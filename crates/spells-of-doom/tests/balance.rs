//! Balance by self-play: the greedy computer against itself, 2,000 games for each pair of Heroes
//! (`SOD_BALANCE_GAMES` overrides); no Hero may win less than 40 % or more than 60 % of a pairing.
//! The designed numbers in data/spells-of-doom were tuned until this held (crate README).

use std::sync::Arc;

use spells_of_doom::Content;
use spells_of_doom::computer::balance_table;

#[test]
fn greedy_games_every_pair_of_heroes_wins_40_to_60_percent() {
    let games = std::env::var("SOD_BALANCE_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2_000);
    let content = Arc::new(Content::shipped().expect("content"));
    let (table, stuck) = balance_table(&content, games);
    for (hero, rival, share) in &table {
        println!(
            "{hero:>9} vs {rival:<9} {:5.1} % of {games} greedy games",
            share * 100.0
        );
    }
    assert_eq!(stuck, 0, "every greedy game ends");
    assert_eq!(table.len(), 6, "every pair of the four Heroes");
    for (hero, rival, share) in table {
        assert!(
            (0.40..=0.60).contains(&share),
            "{hero} wins {:.1} % against {rival}",
            share * 100.0
        );
    }
}
