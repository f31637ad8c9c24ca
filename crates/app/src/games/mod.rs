//! The games the app knows, behind one object-safe interface so that the screens work for all of
//! them. Each game crate gets an adapter here ([`GameAdapter`]): its setup options, how its table
//! is drawn from a view, its computer player, its rules summary. The rules stay in the game crate.

pub mod mighty_magics;
pub mod spellcaster;
pub mod spellfire;
pub mod spells_of_doom;
#[cfg(feature = "dev")]
pub mod tally;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use bevy::prelude::*;
use bevy_egui::egui;
use serde::Serialize;
use spellhall_core::content::{ContentError, SourceFile, user_file_paths, with_user_content};
use spellhall_core::{
    Controller, Game, GameRng, Outcome, SaveFile, Seat, SeatInfo, Session, Status, ToAct, UndoPlan, plural,
};
use spellhall_search::{Cancel, SearchBudget};

/// One choice on the setup screen ("Short game", "Variant"). The choices may come from the
/// game's content (Spells of Doom's Heroes, Spellfire's formats).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupOption {
    pub label: String,
    pub choices: Vec<String>,
    pub default: usize,
}

/// A choice each seat makes on the setup screen (Spellfire's deck), with what it may be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatOption {
    pub label: &'static str,
    pub choices: Vec<SeatPick>,
}

/// One thing a seat may pick: `key` goes into [`SetupChoice::seat_picks`], `label` is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatPick {
    pub key: String,
    pub label: String,
}

/// Everything the setup screen decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SetupChoice {
    pub game: String,
    pub seats: Vec<SeatInfo>,
    /// The chosen index of each of the game's [`SetupOption`]s, in order.
    pub options: Vec<usize>,
    pub seed: u64,
    /// Each seat's [`SeatPick::key`] when the game has a [`SeatOption`]; empty otherwise.
    pub seat_picks: Vec<String>,
}

/// A game's glue to the app. Implemented once per game on a unit type.
pub trait GameAdapter: Send + Sync + 'static {
    type G: Game<Content: Send + Sync, Config: Send + Sync, Action: Send + Sync, Event: Send + Sync, View: Send>
        + Send
        + Sync;

    /// One line for the title screen.
    const TAGLINE: &'static str;
    /// Whether a computer can take a seat.
    const HAS_COMPUTER: bool;
    /// The strong computer the setup screen offers for a seat, if the game has one: its
    /// [`spellhall_search::Strong::strong_choice`], under the same contract as
    /// [`Self::computer_choice`] (a search that thinks within the budget).
    const STRONG: Option<StrongChoice<Self::G>> = None;

    /// What each seat is at a table of `players` ("Team 1", "Solo"), when seats differ.
    fn seat_roles(players: u8) -> Vec<&'static str> {
        let _ = players;
        Vec::new()
    }

    /// The setup screen's options, from the content the game was loaded with.
    fn options(content: &<Self::G as Game>::Content) -> Vec<SetupOption> {
        let _ = content;
        Vec::new()
    }

    /// The game's config for `players` seats and the chosen options (indices into
    /// [`Self::options`] for the same `content`).
    fn config(
        players: u8,
        options: &[usize],
        content: &<Self::G as Game>::Content,
    ) -> Result<<Self::G as Game>::Config, String>;

    /// What each seat picks at setup, if seats pick something (Spellfire: a deck), from the
    /// game's content. `data` is the player's data folder, where saved choices (decks) live, when
    /// known.
    fn seat_option(data: Option<&Path>, content: &<Self::G as Game>::Content) -> Option<SeatOption> {
        let _ = (data, content);
        None
    }

    /// The config for a whole setup choice: by default [`Self::config`]; a game with a
    /// [`SeatOption`] reads `choice.seat_picks` too. An `Err` is shown on the setup screen, one
    /// problem a line, and the game cannot start.
    fn config_for(
        choice: &SetupChoice,
        content: &<Self::G as Game>::Content,
    ) -> Result<<Self::G as Game>::Config, String> {
        Self::config(choice.seats.len() as u8, &choice.options, content)
    }

    /// Warnings the setup screen shows before the start, which do not stop it (Spellfire: the
    /// cards whose powers are not enforced).
    fn setup_warnings(config: &<Self::G as Game>::Config, content: &<Self::G as Game>::Content) -> Vec<String> {
        let _ = (config, content);
        Vec::new()
    }

    /// The shipped content, embedded in the binary.
    fn shipped_content() -> Result<<Self::G as Game>::Content, Vec<ContentError>>;

    /// Whether a player may add content in `<data>/content/<game-id>/`, and how it joins the
    /// shipped content. The same rule holds for every game: see [`with_user_content`].
    fn user_content() -> UserContent<<Self::G as Game>::Content>;

    /// Draw the table as `table.view` shows it. Returns the action the player chose this frame, if
    /// any.
    fn draw_table(ui: &mut egui::Ui, table: &TableInput<'_, Self::G>) -> Option<<Self::G as Game>::Action>;

    /// What the actions of `history` from index `from` on did, in words for `viewer`: shown to a
    /// player before the screen passes to another person, and to a person taking the screen back
    /// (the result of an attack, a death). The rest of `history` tells what led up to them. By
    /// default the [`GameAdapter::headlines`], then the log's lines for those actions.
    fn outcome_lines(
        history: &[Vec<<Self::G as Game>::Event>],
        from: usize,
        viewer: Seat,
        names: &[String],
    ) -> Vec<String> {
        let mut lines = Self::headlines(history, from, names);
        lines.extend(log_lines_from(history, from, viewer, names));
        lines
    }

    /// What ended in the actions of `history` from index `from` on that is worth stopping for even
    /// when the same person plays on (how a battle ended): a line each, public words. The player
    /// whose action it was reads it over the table. None by default.
    fn headlines(history: &[Vec<<Self::G as Game>::Event>], from: usize, names: &[String]) -> Vec<String> {
        let _ = (history, from, names);
        Vec::new()
    }

    /// The computer's choice for the deciding seat: an index into `legal`, made from that seat's
    /// `view`, the legal actions and the game's content only. A computer sees what its seat sees
    /// (DESIGN.md §2): never the state, with the other hands, the decks' order and the dice to
    /// come. To look ahead it samples a world from the view ([`spellhall_core::Determinise`]).
    /// Only called when `HAS_COMPUTER`.
    fn computer_choice(
        view: &<Self::G as Game>::View,
        legal: &[<Self::G as Game>::Action],
        content: &<Self::G as Game>::Content,
        rng: &mut GameRng,
    ) -> usize {
        let _ = (view, content);
        rng.below(legal.len())
    }

    /// The rules in brief, shown with F1 (Spellfire's numbers are its starter format's, from the
    /// content).
    fn rules_summary(content: &<Self::G as Game>::Content) -> String;
}

/// What one frame of a game's table is drawn from: the viewer's view and what the app knows
/// beside it. Never the state: everything a table shows comes from `view`, and from `content` for
/// the card facts a view names by id.
pub struct TableInput<'a, G: Game> {
    pub view: &'a G::View,
    /// The actions open to the viewer; empty when it is not the viewer's decision.
    pub legal: &'a [G::Action],
    /// An action in words, as the log says it.
    pub describe: &'a dyn Fn(&G::Action) -> String,
    /// The rules' reason for refusing an action the player tries; `None` for one they would take.
    pub why_not: &'a dyn Fn(&G::Action) -> Option<String>,
    pub content: &'a G::Content,
    /// The players' names, in seat order.
    pub names: &'a [String],
    /// The events of every action so far, oldest first (Spells of Doom's latest dice). A table
    /// draws only the public ones.
    pub events: &'a [Vec<G::Event>],
}

impl<'a, G: Game> TableInput<'a, G> {
    /// A frame with no events yet and no reasons for refusals (tests draw a table this way).
    pub fn new(
        view: &'a G::View,
        legal: &'a [G::Action],
        describe: &'a dyn Fn(&G::Action) -> String,
        content: &'a G::Content,
        names: &'a [String],
    ) -> Self {
        Self {
            view,
            legal,
            describe,
            why_not: &no_reason::<G::Action>,
            content,
            names,
            events: &[],
        }
    }

    /// The same frame after `events`.
    pub fn after(self, events: &'a [Vec<G::Event>]) -> Self {
        Self { events, ..self }
    }
}

/// No reason given: see [`TableInput::new`].
fn no_reason<A>(_: &A) -> Option<String> {
    None
}

/// A strong computer's choice: an index into the legal actions, from the deciding seat's view, the
/// legal actions and the content, thinking within the budget.
pub type StrongChoice<G> =
    fn(&<G as Game>::View, &[<G as Game>::Action], &<G as Game>::Content, &mut GameRng, &SearchBudget) -> usize;

/// The log's lines for the actions of `history` from index `from` on, as `viewer` may read them.
pub fn log_lines_from<E: spellhall_core::GameEvent>(
    history: &[Vec<E>],
    from: usize,
    viewer: Seat,
    names: &[String],
) -> Vec<String> {
    let actions = history.get(from..).unwrap_or_default();
    actions
        .iter()
        .flatten()
        .filter_map(|event| event.describe(Some(viewer), names))
        .collect()
}

/// Whether a game takes content a player adds, and how.
pub enum UserContent<C> {
    /// The player's files add to the shipped content: the game's merge, built on the kernel's
    /// [`spellhall_core::content::Catalog::with_added`].
    Adds(fn(&C, &[SourceFile]) -> Result<C, Vec<ContentError>>),
    /// The game takes none, for this reason; its folder is never read.
    NotTaken(&'static str),
}

/// What became of the content a player put in a game's folder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum AddedContent {
    /// There was none.
    #[default]
    None,
    /// This many files were added to the shipped content.
    Added(usize),
    /// Not added, for these reasons: the game starts with its shipped content alone.
    Refused(Vec<ContentError>),
    /// The game takes no added content, yet its folder holds `.ron` files; they were not read.
    Ignored {
        folder: PathBuf,
        files: usize,
        reason: &'static str,
    },
}

impl AddedContent {
    /// Load the shipped content plus the player's files in `folder`, by the rule every game
    /// follows ([`with_user_content`]: new items only, all files or none).
    pub fn load<C>(shipped: C, folder: &Path, user_content: UserContent<C>) -> (C, AddedContent) {
        match user_content {
            UserContent::Adds(add) => {
                let start = with_user_content(shipped, folder, add);
                let added = match (start.refused.is_empty(), start.added_files) {
                    (false, _) => AddedContent::Refused(start.refused),
                    (true, 0) => AddedContent::None,
                    (true, files) => AddedContent::Added(files),
                };
                (start.content, added)
            }
            UserContent::NotTaken(reason) => {
                let files = user_file_paths(folder).map_or(0, |paths| paths.len());
                let added = if files == 0 {
                    AddedContent::None
                } else {
                    AddedContent::Ignored {
                        folder: folder.to_path_buf(),
                        files,
                        reason,
                    }
                };
                (shipped, added)
            }
        }
    }

    /// A few words for the game's tile on the title screen, and whether they report a problem.
    pub fn tile_note(&self) -> Option<(String, bool)> {
        match self {
            AddedContent::None => None,
            AddedContent::Added(files) => Some((
                format!("With your added content ({}).", plural(*files, "file", "files")),
                false,
            )),
            AddedContent::Refused(errors) => Some((
                format!(
                    "Your added content was not loaded ({}): see the problem report.",
                    plural(errors.len(), "problem", "problems")
                ),
                true,
            )),
            AddedContent::Ignored { .. } => Some(("Takes no added content: your files are not read.".into(), false)),
        }
    }

    /// A problem for the player to read, naming every file, line, column and item at fault.
    pub fn problem(&self, game: &str) -> Option<String> {
        match self {
            AddedContent::None | AddedContent::Added(_) => None,
            AddedContent::Refused(errors) => Some(format!(
                "Your content for {game} was not added, so {game} has its shipped cards only. \
                 Fix these and start Spellhall again:\n{}",
                errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
            )),
            AddedContent::Ignored { folder, files, reason } => Some(format!(
                "{game} takes no added content ({reason}), so the {} in {} {} not read.",
                plural(*files, "file", "files"),
                folder.display(),
                if *files == 1 { "was" } else { "were" }
            )),
        }
    }
}

/// A game in progress, whatever game it is.
pub trait AnySession: Send + Sync {
    fn game_id(&self) -> &'static str;
    fn game_name(&self) -> &'static str;
    fn seats(&self) -> &[SeatInfo];
    fn to_act(&self) -> ToAct;
    fn status(&self) -> Status;
    fn outcome(&self) -> Option<Outcome>;
    fn actions_taken(&self) -> usize;
    /// `seat` takes the action written as RON. The error is a sentence for the player.
    fn act(&mut self, seat: Seat, action: &str) -> Result<(), String>;
    /// The action the computer in `to_act` would take, as RON; `None` if that seat is not a computer.
    fn computer_action(&self) -> Option<String> {
        self.computer_job(&SearchBudget::strong()).and_then(ComputerJob::run)
    }
    /// The decision of the computer in `to_act`, as a job that owns what it needs (the seat's view,
    /// the legal actions, the content) and can think on another thread; `None` if that seat is
    /// not a computer. A strong seat thinks within `budget`.
    fn computer_job(&self, budget: &SearchBudget) -> Option<ComputerJob>;
    /// A number that changes whenever the game does (an action, an undo, a redo, a claim) and
    /// that no other game ever has: a computer's answer is kept only for the game it was asked.
    fn version(&self) -> u64;
    /// What the deciding seat may do now, each action as RON, in the game's order (for automation
    /// and tests, which drive the table through the same `act` as a click).
    fn legal_actions(&self) -> Vec<String>;
    /// Seats that may claim the next decision now (Spellfire's "wait, I play an event").
    fn claimants(&self) -> Vec<Seat>;
    /// `seat` claims the next decision; the error is a sentence for the player.
    fn claim(&mut self, seat: Seat) -> Result<(), String>;
    fn undo_plan(&self, requester: Seat) -> Option<UndoPlan>;
    fn undo(&mut self, steps: usize) -> Result<(), String>;
    fn can_redo(&self) -> bool;
    fn redo(&mut self) -> Result<(), String>;
    fn log_lines(&self, viewer: Seat) -> Vec<String>;
    /// Where in the log `seat`'s last action is.
    fn last_action_of(&self, seat: Seat) -> Option<usize>;
    /// What the actions from log index `from` on did, in words for `viewer` (see
    /// [`GameAdapter::outcome_lines`]).
    fn outcome_lines(&self, viewer: Seat, from: usize) -> Vec<String>;
    /// What ended in the actions from log index `from` on that is worth a stop (see
    /// [`GameAdapter::headlines`]).
    fn headlines(&self, from: usize) -> Vec<String>;
    fn write_save(&self, path: &Path) -> Result<(), String>;
    fn rules_summary(&self) -> String;
    /// Draw the table for `viewer`, from `view(viewer)` only. Returns a chosen action as RON.
    fn draw_table(&self, ui: &mut egui::Ui, viewer: Seat) -> Option<String>;
}

/// A computer's decision to be made, owning all it reads: see [`AnySession::computer_job`].
pub struct ComputerJob {
    /// Whether it searches (up to its budget, about a second), so it belongs off the main thread.
    pub strong: bool,
    think: Box<dyn FnOnce() -> Option<String> + Send>,
    /// Stops its search (the flag in the budget it thinks with).
    cancel: Cancel,
}

impl ComputerJob {
    /// Decide: the chosen action as RON.
    pub fn run(self) -> Option<String> {
        (self.think)()
    }

    /// Decide on a thread of its own.
    pub fn spawn(self) -> RunningJob {
        let think = self.think;
        RunningJob {
            thread: Some(std::thread::spawn(think)),
            cancel: self.cancel,
        }
    }
}

/// A computer thinking on a thread of its own. Dropping it means nobody wants the answer any more
/// (the game changed, the table closed): that stops its search at the next iteration, instead of
/// letting it think on to the end of its budget on a core the players need.
pub struct RunningJob {
    /// Always `Some` until joined.
    thread: Option<std::thread::JoinHandle<Option<String>>>,
    cancel: Cancel,
}

impl RunningJob {
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(|thread| thread.is_finished())
    }

    /// Wait for the answer: the chosen action as RON (`Err` if the thinking panicked).
    pub fn join(mut self) -> std::thread::Result<Option<String>> {
        self.thread.take().map_or(Ok(None), |thread| thread.join())
    }

    /// The flag that stops its search (tests look whether a dropped job set it).
    pub fn cancel_flag(&self) -> Cancel {
        self.cancel.clone()
    }
}

impl Drop for RunningJob {
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}

/// The source of [`AnySession::version`]: shared by every table, so no two games share a number.
static NEXT_VERSION: AtomicU64 = AtomicU64::new(1);

fn next_version() -> u64 {
    NEXT_VERSION.fetch_add(1, Ordering::Relaxed)
}

/// A live game of `A::G`.
pub struct Table<A: GameAdapter> {
    session: Session<A::G>,
    version: u64,
    adapter: std::marker::PhantomData<fn() -> A>,
}

impl<A: GameAdapter> Table<A> {
    pub fn new(session: Session<A::G>) -> Self {
        Self {
            session,
            version: next_version(),
            adapter: std::marker::PhantomData,
        }
    }

    pub fn session(&self) -> &Session<A::G> {
        &self.session
    }
}

fn to_ron<T: Serialize>(value: &T) -> Option<String> {
    ron::to_string(value).ok()
}

impl<A: GameAdapter> AnySession for Table<A> {
    fn game_id(&self) -> &'static str {
        A::G::ID
    }
    fn game_name(&self) -> &'static str {
        A::G::NAME
    }
    fn seats(&self) -> &[SeatInfo] {
        self.session.seats()
    }
    fn to_act(&self) -> ToAct {
        self.session.to_act()
    }
    fn status(&self) -> Status {
        self.session.state().status()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.session.state().outcome()
    }
    fn actions_taken(&self) -> usize {
        self.session.log().len()
    }

    fn act(&mut self, seat: Seat, action: &str) -> Result<(), String> {
        match self.session.to_act() {
            ToAct::Seat(deciding) if deciding == seat => {}
            ToAct::Seat(deciding) => {
                let name = &self.session.seats()[deciding.index()].name;
                return Err(format!("It is {name}'s decision now."));
            }
            ToAct::GameOver => return Err("The game is over.".into()),
        }
        let action: <A::G as Game>::Action =
            ron::from_str(action).map_err(|e| format!("The app sent an action the game does not know: {e}"))?;
        self.version = next_version();
        self.session.act(action).map(|_| ()).map_err(|e| e.to_string())
    }

    fn computer_job(&self, budget: &SearchBudget) -> Option<ComputerJob> {
        let seat = self.session.to_act().seat()?;
        let controller = self.session.seats()[seat.index()].controller;
        let strong = match controller {
            _ if !A::HAS_COMPUTER => return None,
            Controller::Person => return None,
            Controller::Computer => None,
            // A game without a strong player seats its greedy one (a save made elsewhere).
            Controller::StrongComputer => A::STRONG,
        };
        let game = self.session.state();
        let legal = game.legal_actions();
        // The computer's own generator, seeded from the game and the move number: its choices are
        // repeatable and never disturb the game's dice.
        let mut rng = GameRng::new(self.session.seed() ^ (self.session.log().len() as u64).wrapping_mul(0x9e37_79b9));
        let view = game.view(seat);
        let content = Arc::clone(self.session.content());
        // A flag of its own, so that dropping this job stops this search only.
        let cancel = Cancel::default();
        let budget = SearchBudget {
            cancel: cancel.clone(),
            ..budget.clone()
        };
        let think = move || {
            let pick = match strong {
                Some(strong_choice) => strong_choice(&view, &legal, &content, &mut rng, &budget),
                None => A::computer_choice(&view, &legal, &content, &mut rng),
            };
            to_ron(&legal[pick.min(legal.len().checked_sub(1)?)])
        };
        Some(ComputerJob {
            strong: strong.is_some(),
            think: Box::new(think),
            cancel,
        })
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn legal_actions(&self) -> Vec<String> {
        self.session.state().legal_actions().iter().filter_map(to_ron).collect()
    }

    fn claimants(&self) -> Vec<Seat> {
        self.session
            .state()
            .claims()
            .into_iter()
            .map(|(seat, _)| seat)
            .collect()
    }

    fn claim(&mut self, seat: Seat) -> Result<(), String> {
        self.version = next_version();
        self.session.claim(seat).map(|_| ()).map_err(|e| e.to_string())
    }

    fn undo_plan(&self, requester: Seat) -> Option<UndoPlan> {
        self.session.undo_plan(requester)
    }
    fn undo(&mut self, steps: usize) -> Result<(), String> {
        self.version = next_version();
        self.session.undo(steps).map_err(|e| e.to_string())
    }
    fn can_redo(&self) -> bool {
        self.session.can_redo()
    }
    fn redo(&mut self) -> Result<(), String> {
        self.version = next_version();
        self.session.redo().map(|_| ()).map_err(|e| e.to_string())
    }
    fn log_lines(&self, viewer: Seat) -> Vec<String> {
        self.session.log_lines(Some(viewer))
    }
    fn last_action_of(&self, seat: Seat) -> Option<usize> {
        self.session.log().iter().rposition(|record| record.seat == seat)
    }
    fn outcome_lines(&self, viewer: Seat, from: usize) -> Vec<String> {
        A::outcome_lines(self.session.events(), from, viewer, &self.session.names())
    }
    fn headlines(&self, from: usize) -> Vec<String> {
        A::headlines(self.session.events(), from, &self.session.names())
    }
    fn write_save(&self, path: &Path) -> Result<(), String> {
        self.session.to_save().write(path).map_err(|e| e.to_string())
    }
    fn rules_summary(&self) -> String {
        A::rules_summary(self.session.content())
    }

    fn draw_table(&self, ui: &mut egui::Ui, viewer: Seat) -> Option<String> {
        let game = self.session.state();
        let legal = if game.to_act() == ToAct::Seat(viewer) {
            game.legal_actions()
        } else {
            Vec::new()
        };
        let names = self.session.names();
        let chosen = A::draw_table(
            ui,
            &TableInput {
                view: &game.view(viewer),
                legal: &legal,
                describe: &|action| game.describe_action(action),
                // The rules' own reason: what `apply` would answer, tried on a copy.
                why_not: &|action| game.clone().apply(action).err().map(|e| e.reason),
                content: self.session.content(),
                names: &names,
                events: self.session.events(),
            },
        )?;
        to_ron(&chosen)
    }
}

/// A playable game: its adapter with its loaded content.
pub trait GameFactory: Send + Sync {
    fn has_computer(&self) -> bool;
    /// Whether a computer seat may be strong.
    fn has_strong(&self) -> bool;
    fn seat_roles(&self, players: u8) -> Vec<&'static str>;
    fn options(&self) -> Vec<SetupOption>;
    fn seat_option(&self, data: Option<&Path>) -> Option<SeatOption>;
    /// Whether `choice` can start: `Ok` with warnings to show first, or `Err` with the problems,
    /// one a line. It sets the game up (and throws it away) to ask the rules themselves.
    fn review(&self, choice: &SetupChoice) -> Result<Vec<String>, String>;
    fn start(&self, choice: &SetupChoice) -> Result<Box<dyn AnySession>, String>;
    /// Open a save of this game. The file is only read.
    fn load(&self, path: &Path) -> Result<Box<dyn AnySession>, String>;
}

struct Factory<A: GameAdapter> {
    content: Arc<<A::G as Game>::Content>,
    adapter: std::marker::PhantomData<fn() -> A>,
}

impl<A: GameAdapter> GameFactory for Factory<A> {
    fn has_computer(&self) -> bool {
        A::HAS_COMPUTER
    }
    fn has_strong(&self) -> bool {
        A::HAS_COMPUTER && A::STRONG.is_some()
    }
    fn seat_roles(&self, players: u8) -> Vec<&'static str> {
        A::seat_roles(players)
    }
    fn options(&self) -> Vec<SetupOption> {
        A::options(&self.content)
    }
    fn seat_option(&self, data: Option<&Path>) -> Option<SeatOption> {
        A::seat_option(data, &self.content)
    }
    fn review(&self, choice: &SetupChoice) -> Result<Vec<String>, String> {
        let config = A::config_for(choice, &self.content)?;
        <A::G as Game>::new(&config, &self.content, choice.seed).map_err(|e| e.to_string())?;
        Ok(A::setup_warnings(&config, &self.content))
    }
    fn start(&self, choice: &SetupChoice) -> Result<Box<dyn AnySession>, String> {
        let config = A::config_for(choice, &self.content)?;
        let session = Session::new(choice.seats.clone(), config, Arc::clone(&self.content), choice.seed)
            .map_err(|e| e.to_string())?;
        Ok(Box::new(Table::<A>::new(session)))
    }
    fn load(&self, path: &Path) -> Result<Box<dyn AnySession>, String> {
        let save = SaveFile::read(path, A::G::ID).map_err(|e| e.to_string())?;
        let session =
            Session::from_save(save, Arc::clone(&self.content)).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Box::new(Table::<A>::new(session)))
    }
}

/// Whether a title-screen entry can be played.
pub enum Availability {
    Playable(Box<dyn GameFactory>),
    /// Not built yet: the reason says so plainly.
    NotYetBuilt(&'static str),
    /// Its content failed to load; the errors name file, line and column.
    BrokenContent(Vec<ContentError>),
}

pub struct GameEntry {
    pub id: &'static str,
    pub name: &'static str,
    pub tagline: &'static str,
    /// The table sizes the rules accept, smallest first.
    pub players: &'static [u8],
    pub availability: Availability,
    /// What became of the content the player added for this game.
    pub added_content: AddedContent,
}

impl GameEntry {
    /// An entry whose content is loaded now: the embedded content, plus the player's files in
    /// `user_content` when the game takes them.
    pub fn playable<A: GameAdapter>(user_content: &Path) -> Self {
        let (availability, added_content) = match A::shipped_content() {
            Ok(shipped) => {
                let (content, added) = AddedContent::load(shipped, user_content, A::user_content());
                let factory = Factory::<A> {
                    content: Arc::new(content),
                    adapter: std::marker::PhantomData,
                };
                (Availability::Playable(Box::new(factory)), added)
            }
            Err(errors) => (Availability::BrokenContent(errors), AddedContent::None),
        };
        Self {
            id: A::G::ID,
            name: A::G::NAME,
            tagline: A::TAGLINE,
            players: A::G::PLAYER_COUNTS,
            availability,
            added_content,
        }
    }

    pub fn factory(&self) -> Option<&dyn GameFactory> {
        match &self.availability {
            Availability::Playable(factory) => Some(factory.as_ref()),
            _ => None,
        }
    }
}

/// The games on the title screen, in menu order.
#[derive(Resource, Default)]
pub struct GameCatalog {
    pub entries: Vec<GameEntry>,
}

impl GameCatalog {
    /// The four games, with their content loaded (embedded, plus the player's folder under `dirs`).
    pub fn shipped(dirs: &crate::paths::UserDirs) -> Self {
        Self {
            entries: vec![
                GameEntry::playable::<self::spellfire::SpellfireAdapter>(&dirs.content_dir("spellfire")),
                GameEntry::playable::<spells_of_doom::SpellsOfDoomAdapter>(&dirs.content_dir("spells-of-doom")),
                GameEntry::playable::<mighty_magics::MightyMagicsAdapter>(&dirs.content_dir("mighty-magics")),
                GameEntry::playable::<spellcaster::SpellcasterAdapter>(&dirs.content_dir("spellcaster")),
            ],
        }
    }

    pub fn get(&self, id: &str) -> Option<&GameEntry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// Add or replace the entry with the same id.
    pub fn register(&mut self, entry: GameEntry) {
        match self.entries.iter_mut().find(|e| e.id == entry.id) {
            Some(existing) => *existing = entry,
            None => self.entries.push(entry),
        }
    }

    /// Every content error of every game, shipped or added by the player, for the startup dialog.
    pub fn content_problems(&self) -> Vec<String> {
        self.entries
            .iter()
            .filter_map(|e| match &e.availability {
                Availability::BrokenContent(errors) => Some(format!(
                    "{} cannot be played: its content did not load.\n{}",
                    e.name,
                    errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
                )),
                _ => e.added_content.problem(e.name),
            })
            .collect()
    }
}
