//! Developers' helper: write a save part-way through a game, to open with
//! `spellhall --load FILE --screen playing` and look at a table that is not empty.
//!
//! `cargo run -p spellhall --example mid_game_save -- GAME OUT.ron [ACTIONS] [SEED] [PLAYERS]`
//! where GAME is `spellcaster` or `tally` (the latter needs `--dev-games` to open). The actions are
//! the computer player's, so the position is one a real game could reach.

use std::path::PathBuf;
use std::sync::Arc;

use spellhall_core::testkit::{Tally, TallyConfig};
use spellhall_core::{Game, GameRng, SeatInfo, Session};

const NAMES: [&str; 4] = ["Ann", "Ben", "Cal", "Dee"];

fn play<G: Game>(
    mut session: Session<G>,
    actions: usize,
    seed: u64,
    choose: impl Fn(&G, &[G::Action], &mut GameRng) -> usize,
) -> Result<Session<G>, String> {
    let mut rng = GameRng::new(seed);
    for _ in 0..actions {
        let legal = session.state().legal_actions();
        if legal.is_empty() {
            break;
        }
        let pick = choose(session.state(), &legal, &mut rng);
        session.act(legal[pick].clone()).map_err(|e| e.to_string())?;
    }
    Ok(session)
}

fn main() -> Result<(), String> {
    let usage = "usage: mid_game_save GAME OUT.ron [ACTIONS] [SEED] [PLAYERS]";
    let mut args = std::env::args().skip(1);
    let game = args.next().ok_or(usage)?;
    let out = PathBuf::from(args.next().ok_or(usage)?);
    let actions: usize = args
        .next()
        .map_or(Ok(12), |a| a.parse())
        .map_err(|e| format!("ACTIONS: {e}"))?;
    let seed: u64 = args
        .next()
        .map_or(Ok(7), |a| a.parse())
        .map_err(|e| format!("SEED: {e}"))?;
    let players: u8 = args
        .next()
        .map_or(Ok(2), |a| a.parse())
        .map_err(|e| format!("PLAYERS: {e}"))?;
    let seats: Vec<SeatInfo> = NAMES[..usize::from(players)]
        .iter()
        .map(|n| SeatInfo::person(*n))
        .collect();
    let written = match game.as_str() {
        "spellcaster" => {
            let spells = Arc::new(spellcaster::Spells::shipped().map_err(|e| format!("{e:?}"))?);
            let session = Session::<spellcaster::Spellcaster>::new(
                seats,
                spellcaster::Config { mages: players },
                Arc::new(spells),
                seed,
            )
            .map_err(|e| e.to_string())?;
            let session = play(session, actions, seed, spellcaster::computer::greedy_choice)?;
            session.to_save().write(&out).map(|()| session.log().len())
        }
        "tally" => {
            let session = Session::<Tally>::new(seats, TallyConfig { players, copies: 4 }, Arc::new(()), seed)
                .map_err(|e| e.to_string())?;
            let session = play(session, actions, seed, |_, legal, rng| rng.below(legal.len()))?;
            session.to_save().write(&out).map(|()| session.log().len())
        }
        other => return Err(format!("unknown game '{other}'; {usage}")),
    };
    let count = written.map_err(|e| e.to_string())?;
    println!("wrote {} after {count} actions", out.display());
    Ok(())
}
