//! The action log and replay: a game is its config, its seed and the actions taken.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Game, RuleError, Seat, SetupError, ToAct};

/// One entry of the log: who decided, and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRecord<A> {
    pub seat: Seat,
    pub action: A,
}

/// Why a log could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    Setup(SetupError),
    /// The action at `index` was refused by the rules.
    Refused {
        index: usize,
        seat: Seat,
        error: RuleError,
    },
    /// The action at `index` was recorded for `recorded` but the game asked `expected` (None: the
    /// game was already over).
    WrongSeat {
        index: usize,
        recorded: Seat,
        expected: Option<Seat>,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Setup(e) => write!(f, "the game could not be set up: {e}"),
            ReplayError::Refused { index, seat, error } => {
                write!(f, "action {} (by {seat}) was refused: {error}", index + 1)
            }
            ReplayError::WrongSeat {
                index,
                recorded,
                expected: Some(expected),
            } => {
                write!(
                    f,
                    "action {} is recorded for {recorded}, but it was {expected}'s decision",
                    index + 1
                )
            }
            ReplayError::WrongSeat {
                index,
                recorded,
                expected: None,
            } => {
                write!(f, "action {} (by {recorded}) comes after the game ended", index + 1)
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// A replayed game and the events of each of its actions.
pub type Replayed<G> = (G, Vec<Vec<<G as Game>::Event>>);

/// Rebuild a game from its config, seed and log. Returns the state and the events of each action,
/// or the index and reason of the first action that failed.
pub fn replay<G: Game>(
    config: &G::Config,
    content: &G::Content,
    seed: u64,
    actions: &[ActionRecord<G::Action>],
) -> Result<Replayed<G>, ReplayError> {
    let mut game = G::new(config, content, seed).map_err(ReplayError::Setup)?;
    let mut events = Vec::with_capacity(actions.len());
    for (index, record) in actions.iter().enumerate() {
        events.push(apply_recorded(&mut game, index, record)?);
    }
    Ok((game, events))
}

/// Apply one logged action, checking that it was that seat's decision or a claim it could make.
pub(crate) fn apply_recorded<G: Game>(
    game: &mut G,
    index: usize,
    record: &ActionRecord<G::Action>,
) -> Result<Vec<G::Event>, ReplayError> {
    match game.to_act() {
        ToAct::Seat(seat) if seat == record.seat => {
            game.apply(&record.action)
                .map_err(|error| ReplayError::Refused { index, seat, error })
        }
        ToAct::Seat(_) if game.claims().contains(&(record.seat, record.action.clone())) => {
            game.apply(&record.action).map_err(|error| ReplayError::Refused {
                index,
                seat: record.seat,
                error,
            })
        }
        ToAct::Seat(seat) => Err(ReplayError::WrongSeat {
            index,
            recorded: record.seat,
            expected: Some(seat),
        }),
        ToAct::GameOver => Err(ReplayError::WrongSeat {
            index,
            recorded: record.seat,
            expected: None,
        }),
    }
}
