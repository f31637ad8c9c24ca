//! The contract every game implements, and the small types it speaks in.

use std::fmt;

use serde::{Deserialize, Serialize, de::DeserializeOwned};

/// One place at the table, numbered from 0. Shown to players as "Seat 1", "Seat 2", ...
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// All seats of a table of `count` players, in seat order.
    pub fn all(count: usize) -> impl Iterator<Item = Seat> {
        (0..count).map(|i| Seat(i as u8))
    }

    /// The seat `steps` places to the left (the next in turn order) at a table of `count`.
    pub fn left(self, steps: usize, count: usize) -> Seat {
        Seat(((self.index() + steps) % count) as u8)
    }

    /// The other seats of a table of `count` in turn order (clockwise), beginning with the one to
    /// the left: the order in which out-of-turn answers are asked.
    pub fn others_in_turn_order(self, count: usize) -> impl Iterator<Item = Seat> {
        (1..count).map(move |steps| self.left(steps, count))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seat {}", self.0 + 1)
    }
}

/// Who sits in a seat: a person at the shared screen or the computer, greedy or strong.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Controller {
    #[default]
    Person,
    /// The greedy computer: it looks one action ahead.
    Computer,
    /// The strong computer: it searches worlds sampled from its seat's view (a variant added
    /// after `Computer`, so older saves still read).
    StrongComputer,
}

/// A seat's name and controller, kept in saves so a loaded game has the same table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub name: String,
    pub controller: Controller,
}

impl SeatInfo {
    pub fn person(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            controller: Controller::Person,
        }
    }

    pub fn computer(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            controller: Controller::Computer,
        }
    }

    /// A strong computer seat; a game without a strong player seats the greedy one there.
    pub fn strong_computer(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            controller: Controller::StrongComputer,
        }
    }

    pub fn is_person(&self) -> bool {
        self.controller == Controller::Person
    }
}

/// Who must decide now. Out-of-turn answers (an event pause, a counter) name that seat too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToAct {
    Seat(Seat),
    GameOver,
}

impl ToAct {
    pub fn seat(self) -> Option<Seat> {
        match self {
            ToAct::Seat(seat) => Some(seat),
            ToAct::GameOver => None,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning seats (several for a team or a shared win); empty for a draw.
    pub winners: Vec<Seat>,
    /// A score per seat, in seat order, where the game keeps one (VP, Force, Sapphires...).
    pub scores: Vec<i64>,
    /// What the scores count: "Sapphires", "Victory Points".
    #[serde(default)]
    pub score_name: String,
    /// Why the game ended, in words. Seats are written as tokens (`{1}` for Seat 1, see
    /// [`seat_token`]) so that the app can put the players' names in: "{2} ran out of Energy".
    pub reason: String,
    /// Every other figure the end condition weighed (Energy beside Sapphires, the tie-breaks), so
    /// the results can show why the winner won. Empty where the score says it all.
    #[serde(default)]
    pub figures: Vec<Figure>,
}

/// One named figure of a finished game, one value per seat in seat order, written as the game
/// counts it ("7½" mana).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figure {
    pub name: String,
    pub values: Vec<String>,
}

impl Figure {
    /// A figure from whole numbers.
    pub fn counted(name: impl Into<String>, values: impl IntoIterator<Item = impl fmt::Display>) -> Self {
        Self {
            name: name.into(),
            values: values.into_iter().map(|v| v.to_string()).collect(),
        }
    }
}

/// How a rules crate names a seat in words the app will fill in: `{1}` for Seat 1.
pub fn seat_token(seat: Seat) -> String {
    format!("{{{}}}", seat.0 + 1)
}

/// Seat tokens and lists of them ("{1} and {3}") for the seats given.
pub fn seats_token(seats: &[Seat]) -> String {
    seats.iter().map(|&s| seat_token(s)).collect::<Vec<_>>().join(" and ")
}

/// A seat's name from the list in seat order ("Seat 3" if the list is short).
pub fn seat_name(names: &[String], seat: Seat) -> String {
    names.get(seat.index()).cloned().unwrap_or_else(|| seat.to_string())
}

/// Put names in place of seat tokens (`{1}` → `names[0]`).
pub fn fill_seat_names(text: &str, names: &[String]) -> String {
    let mut filled = text.to_string();
    for (index, name) in names.iter().enumerate() {
        filled = filled.replace(&format!("{{{}}}", index + 1), name);
    }
    filled
}

/// The top bar's words for where the game stands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Status {
    /// Turns begun so far, counting from 1; the game's length on the results screen.
    pub turn: u32,
    /// "Round 2, turn 8" or "Turn 8".
    pub turn_label: String,
    /// "Recruit phase", "Attack: choose defenders".
    pub phase: String,
}

/// An action that the rules do not allow, with the reason in words and the rule it comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleError {
    pub reason: String,
    /// Where the rule is written: "SF-45", "Spellcaster rules: Actions".
    pub rule: String,
}

impl RuleError {
    pub fn new(reason: impl Into<String>, rule: impl Into<String>) -> Self {
        Self {
            reason: reason.into(),
            rule: rule.into(),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.rule.is_empty() {
            write!(f, "{}", self.reason)
        } else {
            write!(f, "{} ({})", self.reason, self.rule)
        }
    }
}

impl std::error::Error for RuleError {}

/// A game that cannot start as configured ("Spellcaster is for 2 to 4 Mages, not 5").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupError(pub String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

impl SetupError {
    /// Refuses a table of `count` seats that `G` is not played by, in the game's own word for its
    /// seats: "Spellcaster is for 2 to 4 Mages, not 5."
    pub fn unless_player_count<G: Game>(count: usize, seats_word: &str) -> Result<(), SetupError> {
        if u8::try_from(count).is_ok_and(|c| G::PLAYER_COUNTS.contains(&c)) {
            return Ok(());
        }
        Err(SetupError(format!(
            "{} is for {} {seats_word}, not {count}.",
            G::NAME,
            counts_in_words(G::PLAYER_COUNTS)
        )))
    }
}

/// A game's player counts in words: "2 to 6" when they run without a gap, else "2 or 4",
/// "2, 4 or 6".
pub fn counts_in_words(counts: &[u8]) -> String {
    match counts {
        [] => "no".into(),
        [one] => one.to_string(),
        [first, .., last] if counts.len() > 2 && counts.windows(2).all(|w| w[1] == w[0] + 1) => {
            format!("{first} to {last}")
        }
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(u8::to_string).collect();
            format!("{} or {last}", rest.join(", "))
        }
    }
}

/// What an event let someone learn that was hidden or not yet decided before it happened.
/// Undoing such an action would let a player act again knowing it, so undo then needs the
/// other players' consent (see [`crate::Session::undo_plan`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reveal {
    /// Nothing new: the event follows from what everyone could already see.
    #[default]
    Nothing,
    /// Hidden information went to these seats only (a card drawn, a look at a hand).
    ToSeats(Vec<Seat>),
    /// Something random or hidden became public (a die roll, a card turned face up).
    ToAll,
}

/// One thing that happened, for the log and for animations.
pub trait GameEvent: Clone + fmt::Debug + Serialize {
    /// What this event revealed (default: nothing).
    fn reveal(&self) -> Reveal {
        Reveal::Nothing
    }

    /// The event in words as `viewer` may know it (`None`: a spectator who sees only public facts).
    /// `names` are the seats' names in seat order. `None` when the viewer learns nothing from it.
    fn describe(&self, viewer: Option<Seat>, names: &[String]) -> Option<String>;
}

/// The game contract (DESIGN.md §2). A state is a value: clone it, serialise it, replay it.
///
/// Rules code must be deterministic: randomness only from a [`crate::GameRng`] inside the state,
/// no clocks, no hash-map iteration order.
pub trait Game: Clone + Serialize + Sized {
    /// Stable id used in saves and on the command line: "mighty-magics".
    const ID: &'static str;
    /// The name players see: "Mighty Magics".
    const NAME: &'static str;
    /// The numbers of players the game can be set up for, smallest first (Spells of Doom: 2 or
    /// 4). Setup refuses any other ([`SetupError::unless_player_count`]); the app offers these.
    const PLAYER_COUNTS: &'static [u8];

    /// Options chosen at setup (player count, variants). Saved with the game.
    type Config: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// Definitions loaded from data/ (cards, boards). Not saved: a save names the game, and the
    /// content is loaded again when it is opened.
    type Content;
    /// A decision of the seat in [`Game::to_act`].
    type Action: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// What an action caused.
    type Event: GameEvent;
    /// What one seat may see; hidden cards are redacted.
    type View;

    /// A new game, shuffled and dealt from `seed`, and what happened while it was set up (the first
    /// turn beginning, a first draw) for the log; games whose setup tells nothing return no events.
    fn new_with_events(
        config: &Self::Config,
        content: &Self::Content,
        seed: u64,
    ) -> Result<(Self, Vec<Self::Event>), SetupError>;

    /// A new game, shuffled and dealt from `seed` (the setup's events dropped).
    fn new(config: &Self::Config, content: &Self::Content, seed: u64) -> Result<Self, SetupError> {
        Self::new_with_events(config, content, seed).map(|(game, _)| game)
    }

    fn seat_count(&self) -> usize;

    /// Which seat must decide now, or that the game is over.
    fn to_act(&self) -> ToAct;

    /// Every action the seat in [`Game::to_act`] may take now, in a deterministic order. Empty only
    /// when the game is over.
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// [`Game::legal_actions`] written into `out`, which is emptied first: a playout asks at
    /// every step, and one list reused saves an allocation a decision. Games override it when
    /// they can build the list in place.
    fn legal_actions_into(&self, out: &mut Vec<Self::Action>) {
        *out = self.legal_actions();
    }

    /// Seats other than the one in [`Game::to_act`] that may take the next decision for
    /// themselves now, each with the action that claims it: Spellfire's "wait, I play an event"
    /// (events may be played at any time, even on another player's turn). A claim is recorded in
    /// the log like any other action, so replay, undo and saves keep it. Most games have none.
    fn claims(&self) -> Vec<(Seat, Self::Action)> {
        Vec::new()
    }

    /// Check the action against the rules, then carry it out. An illegal action leaves the state
    /// unchanged and returns the reason; it never panics.
    fn apply(&mut self, action: &Self::Action) -> Result<Vec<Self::Event>, RuleError>;

    /// [`Game::apply`] with the events written into `events`, which is emptied first (and left
    /// empty when the action is refused): for playouts, which reuse one list. Games override it
    /// when they can report into a given list.
    fn apply_into(&mut self, action: &Self::Action, events: &mut Vec<Self::Event>) -> Result<(), RuleError> {
        events.clear();
        *events = self.apply(action)?;
        Ok(())
    }

    /// [`Game::apply_into`] for an action the caller has just taken from this very state's
    /// [`Game::legal_actions_into`], as a playout does at every step: the game may skip asking
    /// its rules about it a second time. Builds with debug assertions (the tests) still ask, so
    /// a playout that broke the promise fails there. An action from anywhere else (a player, a
    /// save, a search's tree built over other deals) goes through `apply_into`.
    fn apply_listed_into(&mut self, action: &Self::Action, events: &mut Vec<Self::Event>) -> Result<(), RuleError> {
        self.apply_into(action, events)
    }

    /// What `seat` may see now.
    fn view(&self, seat: Seat) -> Self::View;

    /// How the game ended, once it has.
    fn outcome(&self) -> Option<Outcome>;

    /// Round, turn and phase for the top bar.
    fn status(&self) -> Status;

    /// The action in words, for buttons and the log: "Recruit Goblin Horde (pay 2 Chaos)".
    fn describe_action(&self, action: &Self::Action) -> String;

    /// The game's own invariants (every card in exactly one place, ...), checked by the test kit
    /// after every action. `Err` says what is broken.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

/// A game that can deal its hidden cards again: the hot-seat promise made testable
/// (DESIGN.md §2, "Privacy is a tested property"). The kit's [`crate::testkit::privacy_playouts`]
/// re-deals at many points of random games and checks that the seat's view did not change.
pub trait Redeal: Game {
    /// Deal again everything `seat` cannot see: the other hands, every draw pile's order, cards
    /// lying face down, keeping what is public (how many cards each place holds). If `seat`'s
    /// view changes, it showed something hidden.
    fn redeal_hidden_from(&mut self, seat: Seat, rng: &mut crate::GameRng);
}

/// A game a computer can look ahead in without cheating (DESIGN.md §2, "Computers see what their
/// seat sees"): a whole state built from one seat's view alone, everything the view hides sampled.
/// Trying actions on such a copy scores them against a possible world, never against the real
/// hidden cards or the real dice to come. Information-set search samples many.
pub trait Determinise: Game {
    /// A state whose view for `view`'s seat is `view` itself: what it shows is kept, what it hides
    /// (other hands, the deck's order, face-down cards, the game's random generator) is drawn from
    /// `rng`. The kit's [`crate::testkit::determinisation_playouts`] checks the first half.
    fn sample_from_view(view: &Self::View, content: &Self::Content, rng: &mut crate::GameRng) -> Self;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_counts_read_as_a_range_or_a_list() {
        assert_eq!(counts_in_words(&[2, 3, 4, 5, 6]), "2 to 6");
        assert_eq!(counts_in_words(&[2, 4]), "2 or 4");
        assert_eq!(counts_in_words(&[2, 3]), "2 or 3");
        assert_eq!(counts_in_words(&[2, 4, 6]), "2, 4 or 6");
        assert_eq!(counts_in_words(&[3]), "3");
    }

    #[test]
    fn answers_are_asked_clockwise_from_the_seat_to_the_left() {
        let order: Vec<Seat> = Seat(2).others_in_turn_order(4).collect();
        assert_eq!(order, [Seat(3), Seat(0), Seat(1)]);
        assert_eq!(Seat(0).others_in_turn_order(1).count(), 0);
    }

    #[test]
    fn seat_tokens_are_filled_with_names() {
        let names = vec!["Ann".to_string(), "Ben".to_string(), "Cal".to_string()];
        let reason = format!("{} ran out of Energy", seats_token(&[Seat(0), Seat(2)]));
        assert_eq!(reason, "{1} and {3} ran out of Energy");
        assert_eq!(fill_seat_names(&reason, &names), "Ann and Cal ran out of Energy");
        assert_eq!(fill_seat_names("no seats here", &names), "no seats here");
    }
}
