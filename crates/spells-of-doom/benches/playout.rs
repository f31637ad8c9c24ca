//! Random-playout throughput, the board's reach and target computations, `legal_actions` and a
//! greedy decision mid-game. `cargo bench -p spells-of-doom`

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use hexx::Hex;
use spellhall_core::testkit::play_randomly;
use spellhall_core::{Game, GameRng};
use spells_of_doom::{Config, Content, SpellsOfDoom, computer};

fn config(heroes: &[&str]) -> Config {
    Config {
        heroes: heroes.iter().map(|h| h.to_string()).collect(),
    }
}

fn benches(c: &mut Criterion) {
    let content = Arc::new(Content::shipped().expect("content"));
    let mut seed = 0;
    c.bench_function("random 2-player game, start to end", |b| {
        b.iter(|| {
            seed += 1;
            let game = SpellsOfDoom::new(&config(&["magie", "hypnor"]), &content, seed).expect("setup");
            black_box(play_randomly(game, seed))
        })
    });
    c.bench_function("greedy 2-player game, start to end", |b| {
        b.iter(|| {
            seed += 1;
            black_box(computer::greedy_game(
                &config(&["byron", "oakheart"]),
                &content,
                seed,
                20_000,
            ))
        })
    });
    let board = &content.board;
    c.bench_function("reachable hexes, Speed 3 from the centre", |b| {
        b.iter(|| black_box(board.reachable(black_box(Hex::ZERO), 3)))
    });
    c.bench_function("hexes within range 2 of the centre", |b| {
        b.iter(|| black_box(board.within(black_box(Hex::ZERO), 2)))
    });
    // A 4-player game some way in: creatures, towers and prepared spells on the table.
    let midgame = {
        let mut game =
            SpellsOfDoom::new(&config(&["magie", "byron", "oakheart", "hypnor"]), &content, 9).expect("setup");
        let mut rng = GameRng::new(9);
        for _ in 0..150 {
            let legal = game.legal_actions();
            let seat = game.to_act().seat().expect("a seat decides");
            let pick = computer::greedy_choice(&game.view(seat), &legal, &content, &mut rng);
            game.apply(&legal[pick]).expect("legal");
        }
        game
    };
    let seat = midgame.active();
    c.bench_function("enemy targets of every kind, mid-game (4 players)", |b| {
        b.iter(|| {
            black_box(
                board
                    .hexes()
                    .map(|hex| midgame.enemies_at(seat, spells_of_doom::Pos::of(hex)).len())
                    .sum::<usize>(),
            )
        })
    });
    c.bench_function("legal_actions, mid-game (4 players)", |b| {
        b.iter(|| black_box(midgame.legal_actions()))
    });
    c.bench_function("greedy decision, mid-game (4 players)", |b| {
        let legal = midgame.legal_actions();
        let mut rng = GameRng::new(1);
        let view = midgame.view(midgame.to_act().seat().expect("a seat decides"));
        b.iter(|| black_box(computer::greedy_choice(&view, &legal, &content, &mut rng)))
    });
}

criterion_group!(spells_of_doom_benches, benches);
criterion_main!(spells_of_doom_benches);
