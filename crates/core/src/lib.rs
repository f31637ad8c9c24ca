//! The Spellhall game kernel.
//!
//! Every game is a deterministic state machine behind the [`Game`] trait: seeded randomness lives
//! inside the state, [`Game::legal_actions`] lists what the seat in [`Game::to_act`] may do, and
//! [`Game::apply`] either returns what happened or a [`RuleError`] a player can read. Around that
//! contract this crate gives what every game needs: [`GameRng`], [`Pile`], the action log and
//! [`replay`], a live [`Session`] with undo and redo, RON save files written atomically, RON content
//! loading with errors that name file, line and column, and (feature `testkit`) the shared property
//! tests. Nothing here knows about Bevy.

mod answer;
pub mod content;
pub mod files;
mod game;
mod log;
mod pile;
mod rng;
mod save;
mod session;
mod words;

#[cfg(feature = "testkit")]
pub mod testkit;

pub use answer::AnswerQueue;
pub use game::{
    Controller, Determinise, Figure, Game, GameEvent, Outcome, Redeal, Reveal, RuleError, Seat, SeatInfo, SetupError,
    Status, ToAct, counts_in_words, fill_seat_names, seat_name, seat_token, seats_token,
};
pub use log::{ActionRecord, ReplayError, Replayed, replay};
pub use pile::{Pile, each_card_once, each_card_once_with_owners, redeal_other_hands};
pub use rng::GameRng;
pub use save::{SAVE_FORMAT_VERSION, SaveError, SaveFile, SaveHeader, fingerprint};
pub use session::{Session, UndoPlan};
pub use words::plural;
