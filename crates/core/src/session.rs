//! A game being played: the live state with its log, undo and redo, and saving.

use std::sync::Arc;

use crate::log::apply_recorded;
use crate::{
    ActionRecord, Game, GameEvent, Reveal, RuleError, SAVE_FORMAT_VERSION, SaveError, SaveFile, Seat, SeatInfo,
    SetupError, ToAct, fingerprint, replay,
};

/// A live game: the state, who sits where, and the log that rebuilds it.
pub struct Session<G: Game> {
    seats: Vec<SeatInfo>,
    config: G::Config,
    seed: u64,
    content: Arc<G::Content>,
    state: G,
    log: Vec<ActionRecord<G::Action>>,
    events: Vec<Vec<G::Event>>,
    /// What happened during setup (before the first action), for the log.
    opening: Vec<G::Event>,
    /// Undone actions, the next to redo last.
    redo: Vec<ActionRecord<G::Action>>,
}

/// What an undo would take back and whose agreement it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UndoPlan {
    /// How many actions are taken back: the requester's table's last action by a person, with any
    /// computer actions after it (undoing only those would just replay them).
    pub steps: usize,
    /// Persons who must agree before the undo happens (empty: it may happen at once).
    pub needs_consent: Vec<Seat>,
    /// Why each consent is needed, in words.
    pub reasons: Vec<String>,
    /// Set when the undo cannot happen at all: something was revealed and a computer seat, which
    /// cannot agree, is at the table.
    pub refused: Option<String>,
    /// The log length the plan was made for: a plan for an older position must not be carried out.
    pub log_len: usize,
}

impl<G: Game> Session<G> {
    pub fn new(
        seats: Vec<SeatInfo>,
        config: G::Config,
        content: Arc<G::Content>,
        seed: u64,
    ) -> Result<Self, SetupError> {
        let (state, opening) = G::new_with_events(&config, &content, seed)?;
        if state.seat_count() != seats.len() {
            return Err(SetupError(format!(
                "{} is set up for {} seats but {} were named",
                G::NAME,
                state.seat_count(),
                seats.len()
            )));
        }
        Ok(Self {
            seats,
            config,
            seed,
            content,
            state,
            log: Vec::new(),
            events: Vec::new(),
            opening,
            redo: Vec::new(),
        })
    }

    pub fn state(&self) -> &G {
        &self.state
    }
    pub fn seats(&self) -> &[SeatInfo] {
        &self.seats
    }
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }
    pub fn config(&self) -> &G::Config {
        &self.config
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn content(&self) -> &Arc<G::Content> {
        &self.content
    }
    pub fn log(&self) -> &[ActionRecord<G::Action>] {
        &self.log
    }
    /// The events of each logged action, in order.
    pub fn events(&self) -> &[Vec<G::Event>] {
        &self.events
    }
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The seat in `to_act` takes `action`. Clears the redo list (history has branched).
    pub fn act(&mut self, action: G::Action) -> Result<&[G::Event], RuleError> {
        let seat = self
            .state
            .to_act()
            .seat()
            .ok_or_else(|| RuleError::new("The game is over; no more actions can be taken.", ""))?;
        let events = self.state.apply(&action)?;
        Ok(self.record(seat, action, events))
    }

    /// Log an applied action. Clears the redo list (history has branched).
    fn record(&mut self, seat: Seat, action: G::Action, events: Vec<G::Event>) -> &[G::Event] {
        self.log.push(ActionRecord { seat, action });
        self.events.push(events);
        self.redo.clear();
        self.events.last().map(Vec::as_slice).unwrap_or_default()
    }

    /// `seat`, which is not the one deciding, claims the next decision (see [`Game::claims`]).
    /// Recorded in the log under `seat`, like any action.
    pub fn claim(&mut self, seat: Seat) -> Result<&[G::Event], RuleError> {
        let Some((_, action)) = self.state.claims().into_iter().find(|(s, _)| *s == seat) else {
            return Err(RuleError::new(format!("{seat} cannot cut in now."), ""));
        };
        let events = self.state.apply(&action)?;
        Ok(self.record(seat, action, events))
    }

    /// What undo would do if `requester` asked for it now, or `None` when there is nothing of a
    /// person's to undo.
    pub fn undo_plan(&self, requester: Seat) -> Option<UndoPlan> {
        let is_person = |seat: Seat| self.seats.get(seat.index()).is_some_and(SeatInfo::is_person);
        let last_person_action = self.log.iter().rposition(|record| is_person(record.seat))?;
        let steps = self.log.len() - last_person_action;
        let mut needs_consent = Vec::new();
        let mut reasons = Vec::new();
        let mut refused = None;
        for index in last_person_action..self.log.len() {
            let actor = self.log[index].seat;
            let actor_name = &self.seats[actor.index()].name;
            if actor != requester && is_person(actor) {
                needs_consent.push(actor);
                reasons.push(format!("it takes back {actor_name}'s action"));
            }
            // A reveal matters if a person learned something: hidden information that went only to
            // computer seats, or an empty draw, lets no one play again knowing more.
            let revealed = self.events[index].iter().map(GameEvent::reveal).find(|r| match r {
                Reveal::Nothing => false,
                Reveal::ToAll => true,
                Reveal::ToSeats(seats) => seats.iter().any(|&s| is_person(s)),
            });
            if let Some(reveal) = revealed {
                let others = Seat::all(self.seats.len()).filter(|&s| s != requester && is_person(s));
                needs_consent.extend(others);
                reasons.push(match reveal {
                    Reveal::ToAll => {
                        format!("{actor_name}'s action made a random or hidden result public")
                    }
                    _ => format!("{actor_name}'s action revealed hidden information"),
                });
                if self.seats.iter().any(|s| !s.is_person()) {
                    refused = Some(format!(
                        "{actor_name}'s action revealed hidden or random information, and a computer player \
                         cannot agree to take it back"
                    ));
                }
            }
        }
        needs_consent.sort();
        needs_consent.dedup();
        reasons.dedup();
        Some(UndoPlan {
            steps,
            needs_consent,
            reasons,
            refused,
            log_len: self.log.len(),
        })
    }

    /// Take back the last `steps` actions by replaying the log without them; they can be redone.
    pub fn undo(&mut self, steps: usize) -> Result<(), crate::ReplayError> {
        let keep = self.log.len().saturating_sub(steps);
        let (state, events) = replay::<G>(&self.config, &self.content, self.seed, &self.log[..keep])?;
        let undone = self.log.split_off(keep);
        self.redo.extend(undone.into_iter().rev());
        self.state = state;
        self.events = events;
        Ok(())
    }

    /// Apply the most recently undone action again. Determinism makes it do exactly what it did.
    pub fn redo(&mut self) -> Result<Option<&[G::Event]>, crate::ReplayError> {
        let Some(record) = self.redo.pop() else {
            return Ok(None);
        };
        let index = self.log.len();
        match apply_recorded(&mut self.state, index, &record) {
            Ok(events) => {
                self.log.push(record);
                self.events.push(events);
                Ok(self.events.last().map(Vec::as_slice))
            }
            Err(error) => {
                self.redo.push(record);
                Err(error)
            }
        }
    }

    /// The log in words as `viewer` may read it, oldest first.
    pub fn log_lines(&self, viewer: Option<Seat>) -> Vec<String> {
        let names = self.names();
        self.opening
            .iter()
            .chain(self.events.iter().flatten())
            .filter_map(|event| event.describe(viewer, &names))
            .collect()
    }

    pub fn to_act(&self) -> ToAct {
        self.state.to_act()
    }

    pub fn to_save(&self) -> SaveFile<G::Config, G::Action> {
        SaveFile {
            game: G::ID.to_string(),
            format_version: SAVE_FORMAT_VERSION,
            seats: self.seats.clone(),
            config: self.config.clone(),
            seed: self.seed,
            log: self.log.clone(),
            redo: self.redo.clone(),
            state_fingerprint: fingerprint(&self.state),
        }
    }

    /// Rebuild a session from a save: replay its log and check the fingerprint.
    pub fn from_save(save: SaveFile<G::Config, G::Action>, content: Arc<G::Content>) -> Result<Self, SaveError> {
        if save.game != G::ID {
            return Err(SaveError::OtherGame {
                found: save.game,
                expected: G::ID,
            });
        }
        if save.format_version > SAVE_FORMAT_VERSION {
            return Err(SaveError::NewerVersion {
                path: None,
                found: save.format_version,
            });
        }
        let (state, events) = replay::<G>(&save.config, &content, save.seed, &save.log).map_err(SaveError::Replay)?;
        if fingerprint(&state) != save.state_fingerprint {
            return Err(SaveError::FingerprintMismatch);
        }
        if state.seat_count() != save.seats.len() {
            return Err(SaveError::Replay(crate::ReplayError::Setup(SetupError(format!(
                "the save names {} seats for a game of {}",
                save.seats.len(),
                state.seat_count()
            )))));
        }
        // Setup is deterministic: running it again gives the same opening events.
        let opening = G::new_with_events(&save.config, &content, save.seed)
            .map(|(_, e)| e)
            .unwrap_or_default();
        Ok(Self {
            seats: save.seats,
            config: save.config,
            seed: save.seed,
            content,
            state,
            log: save.log,
            events,
            opening,
            redo: save.redo,
        })
    }
}

impl<G: Game> Clone for Session<G> {
    fn clone(&self) -> Self {
        Self {
            seats: self.seats.clone(),
            config: self.config.clone(),
            seed: self.seed,
            content: Arc::clone(&self.content),
            state: self.state.clone(),
            log: self.log.clone(),
            events: self.events.clone(),
            opening: self.opening.clone(),
            redo: self.redo.clone(),
        }
    }
}
