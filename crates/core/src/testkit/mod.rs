//! The shared property tests every game runs (feature `testkit`).
//!
//! [`random_playouts`] plays many seeded games choosing only from `legal_actions` and checks, after
//! every action, that nothing panicked, the game's own invariants hold, `legal_actions` is stable
//! (the same list when asked again, at one step in four) and non-empty until the game is over,
//! and that views can be built (the deciding seat's and one other seat's, in turn, at one step in
//! four; every seat's at the end); at the end of each game, that replaying the log gives the same state
//! (compared as serialised RON), that undo then redo returns to it, and that a save written as
//! text loads back to it.

pub mod added_content;
mod digest;
pub mod mutation;
mod privacy;
pub mod saves;
mod tally;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

pub use digest::{RandomDigest, hash_view};
pub use privacy::{PrivacyReport, determinisation_playouts, privacy_playouts};
pub use tally::{Tally, TallyAction, TallyConfig, TallyEvent, TallyView};

use crate::{Game, GameRng, Seat, SeatInfo, Session, ToAct, replay};

/// One action in this many, where another seat may cut in, is a claim (see [`Game::claims`]).
const CLAIM_ODDS: usize = 25;

/// `legal_actions` is asked a second time, and must give the same list, at one step in this many.
const STABILITY_EVERY: u64 = 4;

/// Views are built at one step in this many (and every seat's at the end). Building two views at
/// every step was a quarter of a game's cost (Mighty Magics, six players); a view that panics in a
/// state lasting a few steps, or coming back in game after game, is still found.
const VIEWS_EVERY: u64 = 4;

/// Whether a check made at one step in `every` runs at `step` of the game of `seed`: which steps
/// differs from game to game, so that over many games every position in the cycle is checked.
fn sampled(step: usize, seed: u64, every: u64) -> bool {
    (step as u64).wrapping_add(seed).is_multiple_of(every)
}

/// Play `game` to the end with uniformly random legal actions, without the property checks: for
/// throughput benchmarks. Returns the number of actions taken.
pub fn play_randomly<G: Game>(mut game: G, seed: u64) -> usize {
    let mut rng = GameRng::new(seed);
    let mut actions = 0;
    // One list of actions and one of events for the whole game, as a search's playouts keep.
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    while game.to_act().seat().is_some() {
        game.legal_actions_into(&mut legal);
        let pick = rng.below(legal.len());
        game.apply_listed_into(&legal[pick], &mut events)
            .expect("a legal action is accepted");
        actions += 1;
    }
    actions
}

/// How many games to play and how long one may last before it counts as not ending.
#[derive(Clone, Debug)]
pub struct PlayoutOptions {
    pub games: u64,
    pub first_seed: u64,
    pub max_actions: usize,
}

impl PlayoutOptions {
    pub fn new(games: u64, max_actions: usize) -> Self {
        Self {
            games,
            first_seed: 0,
            max_actions,
        }
    }
}

/// What the playouts saw, for balance figures and closing notes.
#[derive(Clone, Debug, Default)]
pub struct PlayoutReport {
    pub games: u64,
    pub actions: u64,
    /// Actions per game, in seed order.
    pub lengths: Vec<usize>,
    /// Turns per game (`Status::turn` at the end), in seed order.
    pub turns: Vec<u32>,
    /// Games won by each seat (a shared win counts for every winner).
    pub wins_by_seat: Vec<u64>,
    /// Games that ended with no winner.
    pub draws: u64,
}

impl PlayoutReport {
    fn median(mut values: Vec<u64>) -> u64 {
        values.sort_unstable();
        values.get(values.len() / 2).copied().unwrap_or(0)
    }

    pub fn median_actions(&self) -> u64 {
        Self::median(self.lengths.iter().map(|&l| l as u64).collect())
    }

    pub fn median_turns(&self) -> u64 {
        Self::median(self.turns.iter().map(|&t| u64::from(t)).collect())
    }

    /// The share of games seat `seat` won, 0.0 to 1.0.
    pub fn win_rate(&self, seat: Seat) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        self.wins_by_seat.get(seat.index()).copied().unwrap_or(0) as f64 / self.games as f64
    }
}

/// The first thing that went wrong, with the seed and step to reproduce it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayoutFailure {
    pub seed: u64,
    /// Actions applied before the failure.
    pub step: usize,
    pub problem: String,
}

impl std::fmt::Display for PlayoutFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seed {} after {} actions: {}", self.seed, self.step, self.problem)
    }
}

/// Seats named "Seat 1", "Seat 2"... all persons (so undo and consent paths are exercised).
pub fn default_seats(count: usize) -> Vec<SeatInfo> {
    Seat::all(count).map(|s| SeatInfo::person(s.to_string())).collect()
}

/// Play `options.games` games choosing uniformly at random among the legal actions.
pub fn random_playouts<G: Game>(
    config: &G::Config,
    content: &Arc<G::Content>,
    seat_count: usize,
    options: &PlayoutOptions,
) -> Result<PlayoutReport, PlayoutFailure> {
    playouts_with::<G, _>(config, content, seat_count, options, |_, legal, rng| {
        rng.below(legal.len())
    })
}

/// Play games where `choose(game, legal, rng)` picks the index of the action to take (a computer
/// player, or a random one), running every check after every action.
pub fn playouts_with<G, F>(
    config: &G::Config,
    content: &Arc<G::Content>,
    seat_count: usize,
    options: &PlayoutOptions,
    mut choose: F,
) -> Result<PlayoutReport, PlayoutFailure>
where
    G: Game,
    F: FnMut(&G, &[G::Action], &mut GameRng) -> usize,
{
    let mut report = PlayoutReport {
        wins_by_seat: vec![0; seat_count],
        ..PlayoutReport::default()
    };
    for seed in options.first_seed..options.first_seed + options.games {
        let length = play_one::<G, F>(config, content, seat_count, options, seed, &mut choose, &mut report)?;
        report.games += 1;
        report.actions += length as u64;
        report.lengths.push(length);
    }
    Ok(report)
}

fn play_one<G, F>(
    config: &G::Config,
    content: &Arc<G::Content>,
    seat_count: usize,
    options: &PlayoutOptions,
    seed: u64,
    choose: &mut F,
    report: &mut PlayoutReport,
) -> Result<usize, PlayoutFailure>
where
    G: Game,
    F: FnMut(&G, &[G::Action], &mut GameRng) -> usize,
{
    let fail = |step: usize, problem: String| PlayoutFailure { seed, step, problem };
    let setup = catch_unwind(AssertUnwindSafe(|| {
        Session::<G>::new(default_seats(seat_count), config.clone(), Arc::clone(content), seed)
    }));
    let mut session = match setup {
        Ok(Ok(session)) => session,
        Ok(Err(e)) => return Err(fail(0, format!("setup refused: {e}"))),
        Err(_) => return Err(fail(0, "setup panicked".into())),
    };
    // The chooser has its own generator so that it never disturbs the game's.
    let mut chooser_rng = GameRng::new(seed ^ 0x5eed_c0de_5eed_c0de);
    let mut step = 0;
    let mut view_cursor = 0;
    // The list `legal_actions_into` fills: it still holds an earlier step's actions when it is
    // asked again, as a playout's would.
    let mut reused = Vec::new();
    loop {
        let game = session.state();
        let legal = game.legal_actions();
        // Asked twice at one step in STABILITY_EVERY (a different one in each game): a second
        // list at every step was a tenth of a game's cost. The second time through
        // `legal_actions_into`, which playouts use.
        if sampled(step, seed, STABILITY_EVERY) && {
            game.legal_actions_into(&mut reused);
            reused != legal
        } {
            return Err(fail(
                step,
                "legal_actions and legal_actions_into gave different answers for the same state".into(),
            ));
        }
        // Two steps after the stability check's steps, so that the two checks spread over a game.
        if sampled(step + 2, seed, VIEWS_EVERY)
            && let Err(problem) = check_views(game, &mut view_cursor)
        {
            return Err(fail(step, problem));
        }
        match game.to_act() {
            ToAct::GameOver => {
                if let Err(problem) = check_every_view(game) {
                    return Err(fail(step, problem));
                }
                if !legal.is_empty() {
                    return Err(fail(
                        step,
                        format!("the game is over but {} actions are legal", legal.len()),
                    ));
                }
                let Some(outcome) = game.outcome() else {
                    return Err(fail(step, "the game is over but has no outcome".into()));
                };
                if outcome.winners.is_empty() {
                    report.draws += 1;
                }
                for winner in &outcome.winners {
                    report.wins_by_seat[winner.index()] += 1;
                }
                report.turns.push(game.status().turn);
                break;
            }
            ToAct::Seat(seat) => {
                if seat.index() >= seat_count {
                    return Err(fail(step, format!("to_act names {seat} at a table of {seat_count}")));
                }
                if legal.is_empty() {
                    return Err(fail(step, format!("{seat} must decide but no action is legal")));
                }
                if game.outcome().is_some() {
                    return Err(fail(step, "an outcome exists while a seat must still decide".into()));
                }
            }
        }
        if step >= options.max_actions {
            return Err(fail(
                step,
                format!("the game did not end within {} actions", options.max_actions),
            ));
        }
        // Now and then another seat cuts in where the game allows it (a claim), so that claims
        // are played, logged, replayed and saved like any action. The generator is drawn only
        // when a claim is possible, so games without claims play exactly as before.
        let claims = game.claims();
        let claim = if !claims.is_empty() && chooser_rng.below(CLAIM_ODDS) == 0 {
            Some(claims[chooser_rng.below(claims.len())].clone())
        } else {
            None
        };
        let (action, claimant) = match claim {
            Some((seat, action)) => (action, Some(seat)),
            None => {
                let pick = choose(game, &legal, &mut chooser_rng);
                let Some(action) = legal.get(pick).cloned() else {
                    return Err(fail(
                        step,
                        format!("the chooser picked {pick} of {} actions", legal.len()),
                    ));
                };
                (action, None)
            }
        };
        let described = game.describe_action(&action);
        let taken = catch_unwind(AssertUnwindSafe(|| match claimant {
            Some(seat) => session.claim(seat).map(|_| ()),
            None => session.act(action.clone()).map(|_| ()),
        }));
        match taken {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                return Err(fail(
                    step,
                    format!("legal action {action:?} ({described}) was refused: {e}"),
                ));
            }
            Err(_) => {
                return Err(fail(step, format!("applying {action:?} ({described}) panicked")));
            }
        }
        step += 1;
        if let Err(problem) = session.state().check_invariants() {
            return Err(fail(step, format!("invariant broken after {action:?}: {problem}")));
        }
    }
    check_round_trips(&mut session).map_err(|problem| fail(step, problem))?;
    Ok(step)
}

/// The deciding seat's view (the one a table or a computer builds now) and one other seat's, taken
/// in turn by `cursor` (skipping the deciding seat), so that every seat's view is built at least
/// once every `seats` checks whatever the order of play: two views a check instead of one per seat
/// (at six players building every view was half the cost of a game). Every view at the end.
fn check_views<G: Game>(game: &G, cursor: &mut usize) -> Result<(), String> {
    let seats = game.seat_count();
    let deciding = game.to_act().seat();
    if let Some(seat) = deciding {
        view_of(game, seat)?;
    }
    if seats > 1 {
        if deciding.is_some_and(|s| s.index() == *cursor % seats) {
            *cursor += 1;
        }
        let other = Seat(u8::try_from(*cursor % seats).unwrap_or(0));
        *cursor += 1;
        if Some(other) != deciding {
            view_of(game, other)?;
        }
    }
    Ok(())
}

fn check_every_view<G: Game>(game: &G) -> Result<(), String> {
    Seat::all(game.seat_count()).try_for_each(|seat| view_of(game, seat))
}

fn view_of<G: Game>(game: &G, seat: Seat) -> Result<(), String> {
    if catch_unwind(AssertUnwindSafe(|| drop(game.view(seat)))).is_err() {
        return Err(format!("view({seat}) panicked"));
    }
    Ok(())
}

/// Replay, undo/redo and save/load must all land on the live state exactly. Loading a save
/// replays its log and is compared with the live state as text, so it checks the replay too; a
/// separate replay is run only to say which of the two went wrong. Two replays a game, not three.
fn check_round_trips<G: Game>(session: &mut Session<G>) -> Result<(), String> {
    let live = ron::to_string(session.state()).map_err(|e| format!("state does not serialise: {e}"))?;
    let loaded = save_and_load(session);
    if loaded.as_ref() != Ok(&live) {
        let (replayed, _) = replay::<G>(session.config(), session.content(), session.seed(), session.log())
            .map_err(|e| format!("replay failed: {e}"))?;
        if ron::to_string(&replayed).map_err(|e| e.to_string())? != live {
            return Err("replaying the log gives a different state than live play".into());
        }
        return Err(loaded
            .err()
            .unwrap_or_else(|| "a saved and loaded game differs from the live one".into()));
    }
    if !session.log().is_empty() {
        session.undo(1).map_err(|e| format!("undo failed: {e}"))?;
        session.redo().map_err(|e| format!("redo failed: {e}"))?;
        if ron::to_string(session.state()).map_err(|e| e.to_string())? != live {
            return Err("undo then redo does not return to the same state".into());
        }
    }
    Ok(())
}

/// The state of `session` written as a save, read back and loaded, as RON text. The text is compact
/// RON: the same values and syntax as the pretty file the app writes (whose layout the kernel's
/// save-file tests cover), without the indentation that was a third of the cost of reading it back.
fn save_and_load<G: Game>(session: &Session<G>) -> Result<String, String> {
    let text = ron::to_string(&session.to_save()).map_err(|e| format!("save does not serialise: {e}"))?;
    let save = ron::from_str(&text).map_err(|e| format!("save does not parse back: {e}"))?;
    let loaded =
        Session::<G>::from_save(save, Arc::clone(session.content())).map_err(|e| format!("load failed: {e}"))?;
    ron::to_string(loaded.state()).map_err(|e| e.to_string())
}
