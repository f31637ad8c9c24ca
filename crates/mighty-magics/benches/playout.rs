//! Random-playout throughput and the cost of `legal_actions` and of a greedy decision.
//! `cargo bench -p mighty-magics`

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use mighty_magics::{Action, Cards, Config, MightyMagics, Resource, computer};
use spellhall_core::testkit::play_randomly;
use spellhall_core::{Game, GameRng, Seat};

fn config(players: u8) -> Config {
    Config {
        players,
        short_attacks: false,
    }
}

/// A busy Recruit phase of a 4-player game: 6 cards in hand (Strongholds, Hordes and a magic with
/// targets), 7 counters with 2 Gold, two converting Strongholds and cards in every kingdom.
fn recruit_position(cards: &Arc<Cards>) -> MightyMagics {
    let mut game = MightyMagics::new(&config(4), cards, 9).expect("setup");
    game.apply(&Action::Refill).expect("the first draw phase");
    let first = |id: &str| cards.copies_of(id)[0];
    game.clear_hand(Seat(0));
    for id in [
        "knights",
        "giants",
        "dwarven-mines",
        "city-of-thieves",
        "tempest",
        "white-wizards",
    ] {
        game.move_to_hand(Seat(0), first(id));
    }
    for (seat, ids) in [
        (0, &["wizards-tower", "dwarven-mines", "orcs"][..]),
        (1, &["sky-city", "elves", "goblins"][..]),
        (2, &["temple-of-evil", "faeries"][..]),
        (3, &["stone-keep", "djinn", "hero"][..]),
    ] {
        for id in ids {
            let copies = cards.copies_of(id);
            game.move_into_play(Seat(seat), *copies.last().expect("a copy"));
        }
    }
    use Resource::*;
    game.set_tray(&[Stone, Stone, Men, Magic, Law, Gold, Gold]);
    game
}

fn benches(c: &mut Criterion) {
    let cards = Arc::new(Cards::shipped().expect("cards"));
    for players in [2, 4] {
        let mut seed = 0;
        c.bench_function(&format!("random {players}-player game, start to end"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(play_randomly(
                    MightyMagics::new(&config(players), &cards, seed).expect("setup"),
                    seed,
                ))
            })
        });
    }
    let midgame = recruit_position(&cards);
    println!(
        "the recruit position offers {} legal actions",
        midgame.legal_actions().len()
    );
    c.bench_function("legal_actions, a busy recruit phase (4 players)", |b| {
        b.iter(|| black_box(midgame.legal_actions()))
    });
    c.bench_function("greedy decision, a busy recruit phase (4 players)", |b| {
        let legal = midgame.legal_actions();
        let mut rng = GameRng::new(1);
        let view = midgame.view(midgame.to_act().seat().expect("a seat decides"));
        b.iter(|| black_box(computer::greedy_choice(&view, &legal, midgame.cards(), &mut rng)))
    });
}

criterion_group!(mighty_magics_benches, benches);
criterion_main!(mighty_magics_benches);
