//! The rules engine's speed: random 2-player playouts between starter decks (in actions a second),
//! `legal_actions` in a busy combat round, and a greedy decision mid-game.
//! `cargo bench -p spellfire --bench engine -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use spellfire::{Action, BattleStep, Content, Phase, Position, Spellfire, TestGame, computer, realm};
use spellhall_core::testkit::play_randomly;
use spellhall_core::{Game, GameRng, Seat};

#[path = "../tests/common/mod.rs"]
mod common;

/// Games a playout sample plays (seeds 0.., one table of starter decks each), played once up
/// front to count their actions, so that the benchmark reports actions a second.
const PLAYOUT_GAMES: u64 = 64;

/// A busy round of a 4-player game: Seat 1 attacks Seat 2's realm A with Sadira (and her Dwarven
/// Hammer) against the Cleric of Torm with his Staff of Conjuring, and is losing; its hand holds
/// eight cards (allies, spells, items, events, a realm, a champion) and every pool holds several
/// champions with items.
fn busy_round() -> Spellfire {
    let mut game = TestGame::new(4)
        .phase(Phase::Pool)
        .formation(
            0,
            [
                realm(0, "Waterdeep"),
                realm(1, "Menzoberranzan"),
                realm(2, "Myth Drannor"),
            ],
        )
        .formation(
            1,
            [
                realm(0, "Cormyr"),
                realm(1, "Sembia"),
                realm(2, "Calimshan"),
                realm(3, "Thay"),
            ],
        )
        .formation(2, [realm(0, "Vaasa"), realm(1, "Damara")])
        .formation(3, [realm(0, "Shadowdale"), realm(1, "Evermeet")])
        .pool(
            0,
            [
                ("Sadira", &["Dwarven Hammer"][..]),
                ("King Havlor II", &[][..]),
                ("Tergoz Tenhammer", &[][..]),
                ("Mordenkainen", &[][..]),
            ],
        )
        .pool(
            1,
            [
                ("Cleric of Torm", &["Staff of Conjuring"][..]),
                ("Cleric of Gond", &[][..]),
                ("Kaz the Minotaur", &[][..]),
            ],
        )
        .pool(2, [("Dagrande", &[][..]), ("Elminster the Mage", &[][..])])
        .pool(3, [("Pteranadon", &[][..]), ("Bruenor Battlehammer", &[][..])])
        .hand(
            0,
            [
                "Armies of Bloodstone",
                "War Party",
                "Magic Missile",
                "Cure Light Wounds",
                "Flameblade",
                "Cataclysm!",
                "Good Fortune",
                "The Iron Legion",
            ],
        )
        .hand(1, ["Jab", "Calm", "Limited Wish"])
        .build();
    let sadira = game.id_of(0, "Sadira");
    let torm = game.id_of(1, "Cleric of Torm");
    let attack = Action::Attack {
        champion: sadira,
        defender: Seat(1),
        at: Position(0),
    };
    game.apply_action(&attack).expect("the attack");
    game.apply_action(&Action::Defend { champion: torm })
        .expect("the defence");
    assert_eq!(game.battle().map(|b| b.step), Some(BattleStep::Round));
    assert_eq!(game.decider(), Some(Seat(0)), "the attacker is losing");
    game
}

/// A 2-player starter game some way in (a few turns played at random), with the seat that
/// decides and its legal actions.
fn midgame(content: &Arc<Content>) -> Spellfire {
    let config = common::starter_table(2, 3);
    let mut game = Spellfire::new(&config, content, 7).expect("setup");
    let mut rng = GameRng::new(7);
    // Play on to turn 6, then to the first decision with several choices.
    while game.to_act().seat().is_some() {
        let legal = game.legal_actions();
        if game.turn() >= 6 && legal.len() >= 6 {
            break;
        }
        let pick = rng.below(legal.len());
        game.apply(&legal[pick]).expect("legal");
    }
    game
}

fn benches(c: &mut Criterion) {
    let content = common::content();

    // (a) Random playouts: a fixed cycle of seeds and tables, so every sample plays the same games.
    let mut group = c.benchmark_group("playout");
    for seats in [2, 4] {
        let tables: Vec<(spellfire::Config, u64)> = (0..PLAYOUT_GAMES)
            .map(|seed| (common::starter_table(seats, seed), seed))
            .collect();
        let dealt: Vec<(Spellfire, u64)> = tables
            .iter()
            .map(|(config, seed)| (Spellfire::new(config, &content, *seed).expect("setup"), *seed))
            .collect();
        let actions: usize = dealt
            .iter()
            .map(|(game, seed)| play_randomly(game.clone(), *seed))
            .sum();
        group.throughput(Throughput::Elements(actions as u64));
        group.bench_function(
            format!("{PLAYOUT_GAMES} random {seats}-player starter games, dealt and played ({actions} actions)"),
            |b| {
                b.iter(|| {
                    let mut total = 0;
                    for (config, seed) in &tables {
                        let game = Spellfire::new(config, &content, *seed).expect("setup");
                        total += play_randomly(game, *seed);
                    }
                    black_box(total)
                })
            },
        );
        if seats == 2 {
            // The same games from the deal on: the decks' checks and the deal left out.
            group.bench_function(
                format!(
                    "{PLAYOUT_GAMES} random {seats}-player starter games, played from the deal ({actions} actions)"
                ),
                |b| {
                    b.iter(|| {
                        let mut total = 0;
                        for (game, seed) in &dealt {
                            total += play_randomly(game.clone(), *seed);
                        }
                        black_box(total)
                    })
                },
            );
        }
    }
    group.finish();
    c.bench_function("setup: a 2-player starter game, decks checked and dealt", |b| {
        let config = common::starter_table(2, 1);
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            black_box(Spellfire::new(&config, &content, seed).expect("setup"))
        })
    });

    // (b) legal_actions in a busy round.
    let round = busy_round();
    println!(
        "the busy round offers {} legal actions: {:?}",
        round.legal_actions().len(),
        round.legal_actions()
    );
    c.bench_function("legal_actions, a busy combat round (4 players)", |b| {
        b.iter(|| black_box(black_box(&round).legal_actions()))
    });
    c.bench_function("check, one action in a busy combat round (4 players)", |b| {
        let legal = round.legal_actions();
        b.iter(|| black_box(round.check(black_box(&legal[0]))))
    });

    // (c) A greedy decision, from the deciding seat's view.
    let game = midgame(&content);
    let seat = game.to_act().seat().expect("a seat to act");
    let legal = game.legal_actions();
    println!(
        "the mid-game position (turn {}, {:?}) offers {} legal actions",
        game.turn(),
        game.phase(),
        legal.len()
    );
    c.bench_function("greedy decision, mid-game (2 players)", |b| {
        let view = game.view(seat);
        let mut rng = GameRng::new(1);
        b.iter(|| black_box(computer::greedy_choice(&view, &legal, &content, &mut rng)))
    });
    c.bench_function("greedy decision with its view and legal actions, mid-game", |b| {
        let mut rng = GameRng::new(1);
        b.iter(|| {
            let view = game.view(seat);
            let legal = game.legal_actions();
            black_box(computer::greedy_choice(&view, &legal, &content, &mut rng))
        })
    });
    c.bench_function("greedy decision, the busy round (4 players)", |b| {
        let view = round.view(Seat(0));
        let legal = round.legal_actions();
        let mut rng = GameRng::new(1);
        b.iter(|| black_box(computer::greedy_choice(&view, &legal, &content, &mut rng)))
    });
}

criterion_group!(engine_benches, benches);
criterion_main!(engine_benches);
