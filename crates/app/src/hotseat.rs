//! Hot-seat play: whose eyes are on the screen. Whenever the deciding seat changes to another
//! person, the player at the screen first reads what their last action did ("Continue: hand to
//! NAME"), then the table hides behind a "Pass to NAME" curtain until that person takes the
//! screen; only then is anything drawn from that seat's view. Computer seats act on their own
//! after a short pause, without a curtain. Seats with the same name are one person, who needs no
//! curtain between them.

use bevy::prelude::*;
use spellhall_core::{Seat, ToAct};
use spellhall_search::SearchBudget;

use crate::active::ActiveGame;
use crate::screens::Screen;
use crate::settings::Settings;

#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Playing)]
pub enum HotSeat {
    /// The screen is being handed over: the outcome for the player leaving it while
    /// `TableFocus::outcome_from` is set, then the curtain, with nothing secret on screen.
    #[default]
    Handoff,
    /// `TableFocus::viewer` is at the screen.
    Acting,
}

/// Whose view the table shows, and who is being handed the screen.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct TableFocus {
    pub viewer: Option<Seat>,
    /// The person the curtain asks for.
    pub pending: Option<Seat>,
    /// Before the curtain: the viewer reads what the actions from this index of the log on (their
    /// last action and any computers' after it) did.
    pub outcome_from: Option<usize>,
    /// How many actions the log held when the viewer took the screen: only what they did since
    /// is theirs to be shown.
    pub since: usize,
    /// Over the table, until the viewer has read it or acts: what the actions from this index of
    /// the log on did. After the curtain, all that happened since they last handed the screen
    /// over; after an action of theirs that ended something (a battle) when they play on, that
    /// action's outcome.
    pub news_from: Option<usize>,
    /// Where the log stood when each person (by name) last handed the screen over.
    pub left: std::collections::BTreeMap<String, usize>,
    /// How many actions the log held when the table opened (a new game, a loaded save): a person
    /// who has not had the screen since reads from there, not the whole game.
    pub opened_at: Option<usize>,
}

impl TableFocus {
    /// Where the news of the person called `name` starts: when they last handed the screen over,
    /// else when the table opened.
    pub fn left_at(&self, name: &str) -> usize {
        self.left.get(name).copied().or(self.opened_at).unwrap_or(0)
    }
}

/// Set by `--screen playing` so a screenshot shows the table, not the first curtain.
#[derive(Resource, Default, Debug)]
pub struct SkipFirstCurtain(pub bool);

/// Time the computer in `to_act` has been "thinking".
#[derive(Resource, Default, Debug)]
pub struct ComputerClock(pub f32);

/// How long a strong computer may think: [`SearchBudget::strong`], about a second a decision.
/// Tests give it a few iterations.
#[derive(Resource, Debug, Clone)]
pub struct StrongBudget(pub SearchBudget);

impl Default for StrongBudget {
    fn default() -> Self {
        Self(SearchBudget::strong())
    }
}

/// The computer's decision, asked once when its turn comes, for the game as it was then
/// ([`crate::games::AnySession::version`]): the answer is thrown away if the game changes first
/// (an undo, a claim, a loaded save).
#[derive(Resource, Default)]
pub struct ComputerThinking {
    pending: Option<(u64, Thinking)>,
}

enum Thinking {
    /// The greedy computer answers at once.
    Ready(Option<String>),
    /// A strong computer searches on a thread of its own, so the window never freezes.
    /// (Dropping it stops the search: see [`crate::games::RunningJob`].)
    OnThread(crate::games::RunningJob),
}

impl ComputerThinking {
    /// Whether a computer is still searching.
    pub fn busy(&self) -> bool {
        matches!(&self.pending, Some((_, Thinking::OnThread(handle))) if !handle.is_finished())
    }

    /// The flag that stops the search under way, if one is (for tests).
    pub fn search_cancel_flag(&self) -> Option<spellhall_search::Cancel> {
        match &self.pending {
            Some((_, Thinking::OnThread(search))) => Some(search.cancel_flag()),
            _ => None,
        }
    }
}

/// How often the sleeping app looks whether a searching computer has finished.
const POLL: std::time::Duration = std::time::Duration::from_millis(50);

pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<HotSeat>()
        .init_resource::<TableFocus>()
        .init_resource::<SkipFirstCurtain>()
        .init_resource::<ComputerClock>()
        .init_resource::<ComputerThinking>()
        .init_resource::<StrongBudget>()
        // A computer's move asks for the next frame; the headless app has no window plugin to add it.
        .add_message::<bevy::window::RequestRedraw>()
        .add_systems(OnEnter(Screen::Playing), reset_focus)
        .add_systems(OnExit(Screen::Playing), let_go_of_thinking);
}

/// Leaving the table drops a computer's unfinished decision, which stops its search.
fn let_go_of_thinking(mut thinking: ResMut<ComputerThinking>) {
    thinking.pending = None;
}

fn reset_focus(mut focus: ResMut<TableFocus>, mut clock: ResMut<ComputerClock>) {
    *focus = TableFocus::default();
    clock.0 = 0.0;
}

/// After anything changed the game: follow the decision to the right seat or end the game.
pub fn follow_decider(
    game: Res<ActiveGame>,
    mut focus: ResMut<TableFocus>,
    mut skip_first: ResMut<SkipFirstCurtain>,
    hotseat: Res<State<HotSeat>>,
    mut next_hotseat: ResMut<NextState<HotSeat>>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    let Some(session) = &game.session else { return };
    // An undo shortens the log: what the viewer does next counts from there, and what anyone
    // missed cannot start after its end.
    let actions = session.actions_taken();
    focus.since = focus.since.min(actions);
    focus.opened_at = Some(focus.opened_at.unwrap_or(actions).min(actions));
    for left in focus.left.values_mut() {
        *left = (*left).min(actions);
    }
    if focus.news_from.is_some_and(|from| from >= actions) {
        focus.news_from = None;
    }
    let seats = session.seats();
    // A person is known by name: two seats with one name are one person playing both.
    let person = |seat: Seat| {
        seats[seat.index()]
            .is_person()
            .then_some(seats[seat.index()].name.as_str())
    };
    let persons: std::collections::BTreeSet<&str> = Seat::all(seats.len()).filter_map(person).collect();
    match session.to_act() {
        ToAct::GameOver => next_screen.set(Screen::Results),
        ToAct::Seat(seat) if seats[seat.index()].is_person() => {
            if focus.viewer == Some(seat) {
                if *hotseat.get() != HotSeat::Acting && focus.pending.is_none() {
                    next_hotseat.set(HotSeat::Acting);
                }
                return;
            }
            // Nobody else could see this screen: a single person never needs the curtain, nor
            // does the person already at the screen when the decision moves to another of their seats.
            let alone = persons.len() == 1;
            let same_person = focus.viewer.is_some_and(|viewer| person(viewer) == person(seat));
            let first = focus.viewer.is_none();
            if alone || same_person || (first && std::mem::take(&mut skip_first.0)) {
                focus.viewer = Some(seat);
                focus.pending = None;
                focus.outcome_from = None;
                focus.since = session.actions_taken();
                next_hotseat.set(HotSeat::Acting);
            } else if focus.pending != Some(seat) {
                // The player leaving sees first what their last action did, if it did anything.
                focus.outcome_from = focus.viewer.and_then(|viewer| {
                    let from = session.last_action_of(viewer).filter(|&i| i >= focus.since)?;
                    (!session.outcome_lines(viewer, from).is_empty()).then_some(from)
                });
                // Whatever happens from here on, they have not seen: it is theirs to read when
                // they take the screen again.
                if let Some(name) = focus.viewer.and_then(person) {
                    focus.left.insert(name.to_string(), actions);
                }
                focus.news_from = None;
                focus.pending = Some(seat);
                next_hotseat.set(HotSeat::Handoff);
            }
        }
        // A computer decides: the person at the screen keeps watching their own view.
        ToAct::Seat(_) => {}
    }
}

/// The person on the curtain has taken the screen: their table, with what happened since they
/// last had it (the end of an attack they made, a Hero of theirs that fell) on top.
pub fn take_screen(
    focus: &mut TableFocus,
    next_hotseat: &mut NextState<HotSeat>,
    session: &dyn crate::games::AnySession,
) {
    if let Some(seat) = focus.pending.take() {
        let actions = session.actions_taken();
        let name = session
            .seats()
            .get(seat.index())
            .map(|s| s.name.clone())
            .unwrap_or_default();
        let from = focus.left_at(&name);
        focus.viewer = Some(seat);
        focus.outcome_from = None;
        focus.news_from = (from < actions && !session.outcome_lines(seat, from).is_empty()).then_some(from);
        focus.since = actions;
        next_hotseat.set(HotSeat::Acting);
    }
}

/// Let the computer in `to_act` play after a pause the players can follow.
#[allow(clippy::too_many_arguments)]
pub fn computer_turns(
    time: Res<Time<Real>>,
    settings: Option<Res<Settings>>,
    mut clock: ResMut<ComputerClock>,
    mut game: ResMut<ActiveGame>,
    mut moved: MessageWriter<crate::screens::playing::GameChanged>,
    pending_undo: Res<crate::screens::playing::PendingUndo>,
    mut wake: ResMut<crate::redraw::Wake>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
    mut thinking: ResMut<ComputerThinking>,
    budget: Res<StrongBudget>,
) {
    // The table waits while persons are asked about an undo.
    if pending_undo.0.is_some() {
        return;
    }
    let Some(session) = game.session.as_mut() else {
        return;
    };
    // An answer for a game that has changed since is of no use (a detached search ends by itself).
    let version = session.version();
    if thinking.pending.as_ref().is_some_and(|(asked, _)| *asked != version) {
        thinking.pending = None;
        clock.0 = 0.0;
    }
    if thinking.pending.is_none() {
        let Some(job) = session.computer_job(&budget.0) else {
            clock.0 = 0.0;
            return;
        };
        let answer = if job.strong {
            Thinking::OnThread(job.spawn())
        } else {
            Thinking::Ready(job.run())
        };
        thinking.pending = Some((version, answer));
    }
    // The app sleeps while nothing happens, so the pause is counted in real time from the frame
    // the computer's turn came (that frame's own delta may span a long idle), and a wake-up is
    // asked for when it ends.
    if clock.0 == 0.0 {
        clock.0 = f32::MIN_POSITIVE;
    } else {
        clock.0 += time.delta_secs();
    }
    let pause = settings.map_or(0.0, |s| s.computer_pause_seconds());
    if clock.0 < pause {
        wake.after(std::time::Duration::from_secs_f32(pause - clock.0));
        return;
    }
    if thinking.busy() {
        wake.after(POLL);
        return;
    }
    clock.0 = 0.0;
    let action = match thinking.pending.take() {
        Some((_, Thinking::Ready(action))) => action,
        Some((_, Thinking::OnThread(search))) => search.join().unwrap_or_else(|_| {
            bevy::log::error!("the strong computer's search failed");
            None
        }),
        None => None,
    };
    let Some(action) = action else {
        bevy::log::error!("the computer found no action to take");
        return;
    };
    // Another computer may be next: look again on the next frame.
    redraw.write(bevy::window::RequestRedraw);
    let Some(seat) = session.to_act().seat() else {
        return;
    };
    match session.act(seat, &action) {
        Ok(()) => {
            moved.write(crate::screens::playing::GameChanged);
        }
        Err(error) => bevy::log::error!("the computer's own choice was refused: {error}"),
    }
}
