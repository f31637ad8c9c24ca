//! Developers' tool: watch one greedy game, action by action with its events.
//! `cargo run --release -p spells-of-doom --example greedy_trace -- HERO RIVAL SEED`

use std::sync::Arc;

use spellhall_core::{Game, GameEvent, GameRng};
use spells_of_doom::{Config, Content, SpellsOfDoom, computer};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [hero, rival, seed] = args.as_slice() else {
        eprintln!("usage: greedy_trace HERO RIVAL SEED (heroes: magie, byron, oakheart, hypnor)");
        std::process::exit(2);
    };
    let content = Arc::new(Content::shipped().expect("the shipped content loads"));
    let names = vec![hero.clone(), rival.clone()];
    let config = Config { heroes: names.clone() };
    let seed: u64 = seed.parse().expect("a number for the seed");
    let mut game = SpellsOfDoom::new(&config, &content, seed).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = GameRng::new(seed);
    while game.outcome().is_none() {
        let legal = game.legal_actions();
        let seat = game.decider().expect("a seat decides until the end");
        let pick = computer::greedy_choice(&game.view(seat), &legal, &content, &mut rng);
        let words = game.describe_action(&legal[pick]);
        println!("[{}] {words} ({} legal)", names[seat.index()], legal.len());
        for event in game.apply(&legal[pick]).expect("a legal action") {
            if let Some(line) = event.describe(None, &names) {
                println!("    {line}");
            }
        }
    }
    println!("{:?}", game.outcome());
}
