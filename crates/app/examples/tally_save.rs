//! Developers' helper: write a save of the test game Tally part-way through, to open with
//! `spellhall --dev-games --load FILE` and look at the table (cards in hand, a filled log).
//!
//! `cargo run -p spellhall --example tally_save -- OUT.ron [ACTIONS] [SEED]`

use std::path::PathBuf;
use std::sync::Arc;

use spellhall_core::testkit::{Tally, TallyConfig};
use spellhall_core::{Game, GameRng, SeatInfo, Session};

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let out = PathBuf::from(args.next().ok_or("usage: tally_save OUT.ron [ACTIONS] [SEED]")?);
    let actions: usize = args
        .next()
        .map_or(Ok(9), |a| a.parse())
        .map_err(|e| format!("ACTIONS: {e}"))?;
    let seed: u64 = args
        .next()
        .map_or(Ok(7), |a| a.parse())
        .map_err(|e| format!("SEED: {e}"))?;
    let seats = vec![
        SeatInfo::person("Ann"),
        SeatInfo::person("Ben"),
        SeatInfo::computer("Robot"),
    ];
    let mut session = Session::<Tally>::new(seats, TallyConfig { players: 3, copies: 4 }, Arc::new(()), seed)
        .map_err(|e| e.to_string())?;
    let mut chooser = GameRng::new(seed);
    for _ in 0..actions {
        let legal = session.state().legal_actions();
        let Some(action) = chooser.choose(&legal).cloned() else {
            break;
        };
        session.act(action).map_err(|e| e.to_string())?;
    }
    session.to_save().write(&out).map_err(|e| e.to_string())?;
    println!("wrote {} after {} actions", out.display(), session.log().len());
    Ok(())
}
