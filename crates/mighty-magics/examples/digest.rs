//! A digest of seeded random games, for checking that a change to the rules' speed changes no
//! game: `cargo run -p mighty-magics --example digest -- N` plays seeds 0..N at 2, 4 and
//! 6 players (and 3 with the short-attack rule) and hashes every list of legal actions, every
//! action's events, the deciding seat's view and the next seat's at each step, and each final
//! state (serialized). The same digest before and after such a change: the same games.

use std::hash::Hash;
use std::sync::Arc;

use mighty_magics::{Cards, Config, MightyMagics, View};
use spellhall_core::testkit::RandomDigest;
use spellhall_core::{Game, Seat};

/// Everything a seat's view shows but the deck list (the same for every view).
fn view_text(view: &View) -> String {
    format!(
        "{:?}",
        (
            (
                view.viewer,
                view.to_act,
                view.active,
                view.turn,
                &view.phase,
                &view.kingdoms
            ),
            (
                &view.hand,
                &view.tray,
                view.holder,
                view.pile,
                view.deck_size,
                view.discard_size
            ),
            (view.discard_top, &view.converts, view.water_redrawn, &view.foresight),
            (&view.battle, view.battle_totals, view.winner, view.marked_force),
        )
    )
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(50);
    let cards = Arc::new(Cards::shipped().expect("the shipped deck loads"));
    let tables = [(2, false), (4, false), (6, false), (3, true)];
    let mut digest = RandomDigest::new();
    for (players, short_attacks) in tables {
        let config = Config { players, short_attacks };
        for seed in 0..games {
            let game = MightyMagics::new(&config, &cards, seed).expect("setup");
            digest.play(game, seed, |game, seat, hasher| {
                let next = Seat((seat.0 + 1) % players);
                view_text(&game.view(seat)).hash(hasher);
                view_text(&game.view(next)).hash(hasher);
            });
        }
    }
    println!(
        "{games} games of each table (2, 4, 6 players; 3 with short attacks), {} actions, digest {:016x}",
        digest.actions(),
        digest.finish()
    );
}
