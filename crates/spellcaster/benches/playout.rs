//! Random-playout throughput and the cost of `legal_actions` and of a greedy decision.
//! `cargo bench -p spellcaster`

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use spellcaster::{Config, Spellcaster, Spells, computer};
use spellhall_core::testkit::play_randomly;
use spellhall_core::{Game, GameRng};

fn benches(c: &mut Criterion) {
    let spells = Arc::new(Spells::shipped().expect("spells"));
    let mut seed = 0;
    c.bench_function("random 2-Mage game, start to end", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play_randomly(
                Spellcaster::new(&Config { mages: 2 }, &spells, seed).expect("setup"),
                seed,
            ))
        })
    });
    let midgame = {
        let mut game = Spellcaster::new(&Config { mages: 2 }, &spells, 9).expect("setup");
        let mut rng = GameRng::new(9);
        for _ in 0..20 {
            let legal = game.legal_actions();
            let pick = rng.below(legal.len());
            game.apply(&legal[pick]).expect("legal");
        }
        game
    };
    c.bench_function("legal_actions, mid-game", |b| {
        b.iter(|| black_box(midgame.legal_actions()))
    });
    c.bench_function("greedy decision, mid-game", |b| {
        let legal = midgame.legal_actions();
        let mut rng = GameRng::new(1);
        let view = midgame.view(midgame.to_act().seat().expect("a seat decides"));
        b.iter(|| black_box(computer::greedy_choice(&view, &legal, &spells, &mut rng)))
    });
}

criterion_group!(spellcaster_benches, benches);
criterion_main!(spellcaster_benches);
