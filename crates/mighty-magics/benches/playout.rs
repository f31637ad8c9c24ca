//! Random-playout throughput and the cost of `legal_actions` and of a greedy decision.
//! `cargo bench -p mighty-magics`

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use mighty_magics::{Cards, Config, MightyMagics, Phase, computer};
use spellhall_core::{Game, GameRng};

fn config(players: u8) -> Config {
    Config {
        players,
        short_attacks: false,
    }
}

/// A whole game with random choices; returns the number of actions.
fn random_game(cards: &Arc<Cards>, players: u8, seed: u64) -> usize {
    let mut game = MightyMagics::new(&config(players), cards, seed).expect("setup");
    let mut rng = GameRng::new(seed);
    let mut actions = 0;
    while game.to_act().seat().is_some() {
        let legal = game.legal_actions();
        let pick = rng.below(legal.len());
        game.apply(&legal[pick]).expect("legal action");
        actions += 1;
    }
    actions
}

/// A 4-player game played greedily until the tray is in the hands of a player after turn 20.
fn recruit_position(cards: &Arc<Cards>) -> MightyMagics {
    let mut game = MightyMagics::new(&config(4), cards, 9).expect("setup");
    let mut rng = GameRng::new(9);
    while game.to_act().seat().is_some() && !(game.turn_number() > 20 && matches!(game.phase(), Phase::Recruit { .. }))
    {
        let legal = game.legal_actions();
        let pick = computer::greedy_choice(&game, &legal, &mut rng);
        game.apply(&legal[pick]).expect("legal");
    }
    game
}

fn benches(c: &mut Criterion) {
    let cards = Arc::new(Cards::shipped().expect("cards"));
    for players in [2, 4] {
        let mut seed = 0;
        c.bench_function(&format!("random {players}-player game, start to end"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_game(&cards, players, seed))
            })
        });
    }
    let midgame = recruit_position(&cards);
    c.bench_function("legal_actions, recruit phase of a 4-player mid-game", |b| {
        b.iter(|| black_box(midgame.legal_actions()))
    });
    c.bench_function("greedy decision, recruit phase of a 4-player mid-game", |b| {
        let legal = midgame.legal_actions();
        let mut rng = GameRng::new(1);
        b.iter(|| black_box(computer::greedy_choice(&midgame, &legal, &mut rng)))
    });
}

criterion_group!(mighty_magics_benches, benches);
criterion_main!(mighty_magics_benches);
