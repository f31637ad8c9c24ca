//! The kernel exercised through the test-only game Tally: sessions, undo consent, saves, replay,
//! and the shared property tests themselves (including proof that they catch broken games).

use std::fs;
use std::path::PathBuf;
use std::sync::Arc;

use serde::Serialize;
use spellhall_core::testkit::{
    PlayoutOptions, Tally, TallyAction, TallyConfig, TallyEvent, default_seats, random_playouts,
};
use spellhall_core::{
    ActionRecord, Game, GameEvent, Outcome, ReplayError, RuleError, SaveError, SaveFile, Seat, SeatInfo, Session,
    SetupError, Status, ToAct, replay,
};

fn session(players: u8, seats: Vec<SeatInfo>, seed: u64) -> Session<Tally> {
    Session::new(seats, TallyConfig { players, copies: 4 }, Arc::new(()), seed).unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spellhall-kernel-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn random_playouts_hold_every_property_for_2_3_and_4_players() {
    for players in 2..=4u8 {
        let config = TallyConfig { players, copies: 4 };
        let report = random_playouts::<Tally>(
            &config,
            &Arc::new(()),
            usize::from(players),
            &PlayoutOptions::new(1000, 500),
        )
        .unwrap_or_else(|failure| panic!("{players} players: {failure}"));
        assert_eq!(report.games, 1000);
        // Every card is drawn once and banked once: 40 moves at least.
        assert!(
            report.lengths.iter().all(|&l| l >= 40),
            "{players} players: a game ended early"
        );
        let wins: u64 = report.wins_by_seat.iter().sum::<u64>() + report.draws;
        assert!(wins >= 1000, "every game has a winner or is a draw");
    }
}

#[test]
fn setup_refuses_a_bad_player_count_with_a_reason() {
    let error = Session::<Tally>::new(default_seats(5), TallyConfig { players: 5, copies: 4 }, Arc::new(()), 1)
        .err()
        .unwrap();
    assert_eq!(
        error,
        SetupError("Tally (test game) is for 2 to 4 players, not 5.".into())
    );
    let mismatch = Session::<Tally>::new(default_seats(3), TallyConfig::default(), Arc::new(()), 1)
        .err()
        .unwrap();
    assert!(mismatch.0.contains("2 seats but 3 were named"), "{mismatch}");
}

#[test]
fn an_illegal_action_is_refused_with_its_rule_and_changes_nothing() {
    let mut s = session(2, default_seats(2), 3);
    let before = ron::to_string(s.state()).unwrap();
    let error = s.act(TallyAction::Bank(5)).unwrap_err();
    assert_eq!(error.rule, "Tally: bank");
    assert_eq!(error.to_string(), "You hold no 5 to bank. (Tally: bank)");
    assert_eq!(ron::to_string(s.state()).unwrap(), before);
    assert!(s.log().is_empty());
}

#[test]
fn replay_reports_the_first_action_that_fails() {
    let mut s = session(2, default_seats(2), 11);
    s.act(TallyAction::Draw).unwrap();
    s.act(TallyAction::Draw).unwrap();
    let mut log = s.log().to_vec();
    // A third action for the wrong seat: Seat 1 acts again though it is Seat 1's turn only after Seat 2.
    log.push(ActionRecord {
        seat: Seat(1),
        action: TallyAction::Draw,
    });
    let error = replay::<Tally>(s.config(), &(), s.seed(), &log).err().unwrap();
    assert_eq!(
        error,
        ReplayError::WrongSeat {
            index: 2,
            recorded: Seat(1),
            expected: Some(Seat(0))
        }
    );
    log[2] = ActionRecord {
        seat: Seat(0),
        action: TallyAction::Pass,
    };
    match replay::<Tally>(s.config(), &(), s.seed(), &log).err().unwrap() {
        ReplayError::Refused {
            index: 2,
            seat: Seat(0),
            error,
        } => assert_eq!(error.rule, "Tally: pass"),
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn undo_of_a_draw_needs_the_other_persons_consent() {
    let mut s = session(2, default_seats(2), 5);
    s.act(TallyAction::Draw).unwrap();
    let plan = s.undo_plan(Seat(0)).unwrap();
    assert_eq!(plan.steps, 1);
    assert_eq!(plan.needs_consent, vec![Seat(1)]);
    assert!(
        plan.reasons[0].contains("revealed hidden information"),
        "{:?}",
        plan.reasons
    );
}

#[test]
fn undo_of_an_action_that_revealed_nothing_needs_no_consent() {
    // Pass reveals nothing. Find a seed where, drawing whenever possible, someone must pass.
    let mut s = (0..100)
        .find_map(|seed| {
            let mut s = session(3, default_seats(3), seed);
            loop {
                let legal = s.state().legal_actions();
                match legal.first() {
                    None => return None,
                    Some(TallyAction::Pass) => return Some(s),
                    Some(first) => s.act(first.clone()).unwrap(),
                };
            }
        })
        .expect("some seed leads to a pass");
    let passer = s.to_act().seat().unwrap();
    s.act(TallyAction::Pass).unwrap();
    let plan = s.undo_plan(passer).unwrap();
    assert_eq!((plan.steps, plan.needs_consent.clone()), (1, vec![]), "{plan:?}");
    // Asked by the other person, it takes back someone else's action: that person must agree.
    let other = passer.left(1, 3);
    assert_eq!(s.undo_plan(other).unwrap().needs_consent, vec![passer]);
}

#[test]
fn undo_takes_back_computer_actions_together_with_the_persons_last() {
    let seats = vec![SeatInfo::person("Ann"), SeatInfo::computer("Robot")];
    let mut s = session(2, seats, 9);
    s.act(TallyAction::Draw).unwrap(); // Ann
    s.act(TallyAction::Draw).unwrap(); // Robot
    let plan = s.undo_plan(Seat(0)).unwrap();
    assert_eq!(plan.steps, 2);
    // Robot's draw showed a card to the computer only: it alone would need no one's agreement.
    assert_eq!(
        plan.reasons,
        vec!["Ann's action revealed hidden information".to_string()]
    );
    s.undo(plan.steps).unwrap();
    assert!(s.log().is_empty());
    assert_eq!(s.to_act(), ToAct::Seat(Seat(0)));
}

#[test]
fn undo_of_a_reveal_is_refused_when_a_computer_cannot_agree() {
    let seats = vec![SeatInfo::person("Ann"), SeatInfo::computer("Robot")];
    let mut s = session(2, seats, 9);
    s.act(TallyAction::Draw).unwrap();
    let plan = s.undo_plan(Seat(0)).unwrap();
    assert!(
        plan.refused
            .as_deref()
            .is_some_and(|r| r.contains("computer player cannot agree")),
        "{plan:?}"
    );
    assert_eq!(plan.log_len, 1);
}

#[test]
fn undo_then_redo_gives_the_same_cards_and_rolls() {
    let mut s = session(3, default_seats(3), 21);
    for _ in 0..9 {
        let first = s.state().legal_actions().last().cloned().unwrap();
        s.act(first).unwrap();
    }
    let live = ron::to_string(s.state()).unwrap();
    let lines = s.log_lines(Some(Seat(0)));
    s.undo(4).unwrap();
    assert_eq!(s.log().len(), 5);
    for _ in 0..4 {
        s.redo().unwrap().expect("an action to redo");
    }
    assert!(!s.can_redo());
    assert_eq!(ron::to_string(s.state()).unwrap(), live);
    assert_eq!(s.log_lines(Some(Seat(0))), lines);
    assert_eq!(s.redo().unwrap(), None);
}

#[test]
fn a_new_action_after_undo_clears_redo() {
    let mut s = session(2, default_seats(2), 4);
    s.act(TallyAction::Draw).unwrap();
    s.undo(1).unwrap();
    assert!(s.can_redo());
    s.act(TallyAction::Draw).unwrap();
    assert!(!s.can_redo());
}

#[test]
fn the_log_hides_other_seats_draws() {
    let mut s = session(2, vec![SeatInfo::person("Ann"), SeatInfo::person("Ben")], 2);
    s.act(TallyAction::Draw).unwrap();
    let ann = s.log_lines(Some(Seat(0)));
    let ben = s.log_lines(Some(Seat(1)));
    assert!(ann[0].starts_with("You drew a "), "{ann:?}");
    assert_eq!(ben, vec!["Ann drew a card.".to_string()]);
    // The view hides the hand the same way.
    assert_eq!(s.state().view(Seat(1)).hand, Vec::<u8>::new());
    assert_eq!(s.state().view(Seat(1)).hand_sizes, vec![1, 0]);
}

#[test]
fn a_save_round_trips_through_a_file() {
    let dir = scratch("roundtrip");
    let path = dir.join("game.ron");
    let mut s = session(2, default_seats(2), 77);
    for _ in 0..6 {
        let a = s.state().legal_actions()[0].clone();
        s.act(a).unwrap();
    }
    s.undo(1).unwrap();
    s.to_save().write(&path).unwrap();
    let loaded = Session::<Tally>::from_save(SaveFile::read(&path, Tally::ID).unwrap(), Arc::new(())).unwrap();
    assert_eq!(
        ron::to_string(loaded.state()).unwrap(),
        ron::to_string(s.state()).unwrap()
    );
    assert_eq!(loaded.seats(), s.seats());
    assert!(loaded.can_redo(), "the redo list is saved too");
}

#[test]
fn a_corrupt_save_is_reported_with_line_and_column_and_left_untouched() {
    let dir = scratch("corrupt");
    let path = dir.join("game.ron");
    let good = ron::ser::to_string_pretty(&session(2, default_seats(2), 1).to_save(), Default::default()).unwrap();
    let corrupt = good.replacen("seed: 1", "seed: one", 1);
    fs::write(&path, &corrupt).unwrap();
    match SaveFile::<TallyConfig, TallyAction>::read(&path, Tally::ID).unwrap_err() {
        SaveError::File(e) => {
            let line = corrupt.lines().position(|l| l.contains("seed: one")).unwrap() + 1;
            assert_eq!(e.position.map(|p| p.0), Some(line), "{e}");
        }
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(fs::read_to_string(&path).unwrap(), corrupt);
}

#[test]
fn a_save_of_another_game_or_a_newer_version_is_refused() {
    let dir = scratch("foreign");
    let path = dir.join("game.ron");
    let text = ron::ser::to_string_pretty(&session(2, default_seats(2), 1).to_save(), Default::default()).unwrap();
    fs::write(&path, text.replace("\"tally\"", "\"spellcaster\"")).unwrap();
    let error = SaveFile::<TallyConfig, TallyAction>::read(&path, Tally::ID).unwrap_err();
    assert_eq!(error.to_string(), "this is a save of 'spellcaster', not of 'tally'");
    fs::write(&path, text.replace("format_version: 1", "format_version: 99")).unwrap();
    let error = SaveFile::<TallyConfig, TallyAction>::read(&path, Tally::ID).unwrap_err();
    assert_eq!(
        error,
        SaveError::NewerVersion {
            path: Some(path.clone()),
            found: 99
        }
    );
    assert!(
        error.to_string().starts_with(&format!("{}: ", path.display())),
        "the message names the file: {error}"
    );
}

#[test]
fn an_edited_save_fails_its_fingerprint() {
    let mut s = session(2, default_seats(2), 13);
    s.act(TallyAction::Draw).unwrap();
    let mut save = s.to_save();
    save.seed = 14;
    // A different seed deals differently, so the replayed state cannot match the fingerprint.
    assert_eq!(
        Session::<Tally>::from_save(save, Arc::new(())).err(),
        Some(SaveError::FingerprintMismatch)
    );
}

/// A game that breaks its invariant after a few turns: the kit must notice, with seed and step.
#[derive(Clone, Serialize)]
struct Leaky(Tally);

/// A game whose apply panics when someone banks a 5.
#[derive(Clone, Serialize)]
struct Panicky(Tally);

/// `Game` for a wrapper of Tally that changes one thing: its invariants, what happens before an
/// action, (with a view type and function) what a seat sees, or the legal actions it lists.
macro_rules! delegate_to_tally {
    ($wrapper:ident, $invariants:expr, $before_apply:expr) => {
        delegate_to_tally!($wrapper, $invariants, $before_apply, (), |_: &Tally, _: Seat| ());
    };
    ($wrapper:ident, $invariants:expr, $before_apply:expr, $view_type:ty, $view:expr) => {
        delegate_to_tally!(
            $wrapper,
            $invariants,
            $before_apply,
            $view_type,
            $view,
            Tally::legal_actions
        );
    };
    ($wrapper:ident, $invariants:expr, $before_apply:expr, $view_type:ty, $view:expr, $legal:expr) => {
        impl Game for $wrapper {
            const ID: &'static str = "wrapped-tally";
            const NAME: &'static str = "Wrapped Tally";
            const PLAYER_COUNTS: &'static [u8] = Tally::PLAYER_COUNTS;
            type Config = TallyConfig;
            type Content = ();
            type Action = TallyAction;
            type Event = TallyEvent;
            type View = $view_type;
            fn new_with_events(
                config: &TallyConfig,
                content: &(),
                seed: u64,
            ) -> Result<(Self, Vec<TallyEvent>), SetupError> {
                Tally::new_with_events(config, content, seed).map(|(tally, events)| ($wrapper(tally), events))
            }
            fn seat_count(&self) -> usize {
                self.0.seat_count()
            }
            fn to_act(&self) -> ToAct {
                self.0.to_act()
            }
            fn legal_actions(&self) -> Vec<TallyAction> {
                ($legal)(&self.0)
            }
            fn apply(&mut self, action: &TallyAction) -> Result<Vec<TallyEvent>, RuleError> {
                ($before_apply)(action);
                self.0.apply(action)
            }
            fn view(&self, seat: Seat) -> $view_type {
                ($view)(&self.0, seat)
            }
            fn outcome(&self) -> Option<Outcome> {
                self.0.outcome()
            }
            fn status(&self) -> Status {
                self.0.status()
            }
            fn describe_action(&self, action: &TallyAction) -> String {
                self.0.describe_action(action)
            }
            fn check_invariants(&self) -> Result<(), String> {
                ($invariants)(&self.0)
            }
        }
    };
}

delegate_to_tally!(
    Leaky,
    |t: &Tally| if t.status().turn > 5 {
        Err("a card vanished".to_string())
    } else {
        Ok(())
    },
    |_| ()
);
delegate_to_tally!(
    Panicky,
    |_: &Tally| Ok(()),
    |a: &TallyAction| if *a == TallyAction::Bank(5) {
        panic!("deliberate test panic")
    }
);

#[test]
fn the_kit_reports_a_broken_invariant_with_seed_and_step() {
    let failure =
        random_playouts::<Leaky>(&TallyConfig::default(), &Arc::new(()), 2, &PlayoutOptions::new(3, 500)).unwrap_err();
    assert_eq!((failure.seed, failure.step), (0, 5));
    assert!(failure.problem.contains("a card vanished"), "{failure}");
}

#[test]
fn the_kit_reports_a_panic_in_apply() {
    let failure = random_playouts::<Panicky>(&TallyConfig::default(), &Arc::new(()), 2, &PlayoutOptions::new(50, 500))
        .unwrap_err();
    assert!(
        failure.problem.contains("panicked") && failure.problem.contains("Bank(5)"),
        "{failure}"
    );
}

#[test]
fn the_kit_reports_a_game_that_does_not_end() {
    let failure =
        random_playouts::<Tally>(&TallyConfig::default(), &Arc::new(()), 2, &PlayoutOptions::new(1, 10)).unwrap_err();
    assert!(failure.problem.contains("did not end within 10 actions"), "{failure}");
}

#[test]
fn events_say_what_they_reveal() {
    use spellhall_core::Reveal;
    assert_eq!(
        TallyEvent::Drew { seat: Seat(1), card: 3 }.reveal(),
        Reveal::ToSeats(vec![Seat(1)])
    );
    assert_eq!(
        TallyEvent::Banked {
            seat: Seat(0),
            card: 3,
            roll: 6,
            points: 6
        }
        .reveal(),
        Reveal::ToAll
    );
    assert_eq!(TallyEvent::Passed { seat: Seat(0) }.reveal(), Reveal::Nothing);
}

#[test]
fn privacy_property_holds_for_tally_and_its_redeal_moves_cards() {
    use spellhall_core::testkit::privacy_playouts;
    for players in 2..=4u8 {
        let config = TallyConfig { players, copies: 4 };
        let report = privacy_playouts::<Tally>(&config, &(), &PlayoutOptions::new(20, 500), 3)
            .unwrap_or_else(|failure| panic!("{players} players: {failure}"));
        assert!(report.moved > report.checks / 2, "{players} players: {report:?}");
    }
}

#[test]
fn determinisation_property_holds_for_tally() {
    use spellhall_core::testkit::determinisation_playouts;
    for players in 2..=4u8 {
        let config = TallyConfig { players, copies: 4 };
        let report = determinisation_playouts::<Tally>(&config, &(), &PlayoutOptions::new(20, 500), 3)
            .unwrap_or_else(|failure| panic!("{players} players: {failure}"));
        assert!(report.moved > 0, "{players} players: {report:?}");
    }
}

/// Tally whose view also shows the next seat's hand: the privacy property must catch it.
#[derive(Clone, Serialize)]
struct Peeking(Tally);

// Its view also carries the next seat's hand.
delegate_to_tally!(
    Peeking,
    |_: &Tally| Ok(()),
    |_| (),
    (spellhall_core::testkit::TallyView, Vec<u8>),
    |tally: &Tally, seat: Seat| (tally.view(seat), tally.view(seat.left(1, tally.seat_count())).hand)
);

impl spellhall_core::Redeal for Peeking {
    fn redeal_hidden_from(&mut self, seat: Seat, rng: &mut spellhall_core::GameRng) {
        self.0.redeal_hidden_from(seat, rng);
    }
}

#[test]
fn the_privacy_property_catches_a_view_that_shows_another_hand() {
    use spellhall_core::testkit::privacy_playouts;
    let failure =
        privacy_playouts::<Peeking>(&TallyConfig::default(), &(), &PlayoutOptions::new(5, 500), 1).unwrap_err();
    assert!(failure.problem.contains("shows hidden cards"), "{failure}");
}

/// Tally whose view of the second seat panics once the game is under way, but only while another
/// seat decides (never at the end): the kit builds the other seats' views in turn (at the steps it
/// samples) and must find it.
#[derive(Clone, Serialize)]
struct BlindSpot(Tally);

delegate_to_tally!(
    BlindSpot,
    |_: &Tally| Ok(()),
    |_| (),
    (),
    |tally: &Tally, seat: Seat| {
        if seat == Seat(1) && tally.to_act().seat().is_some_and(|s| s != Seat(1)) && tally.status().turn > 3 {
            panic!("deliberate test panic in a view");
        }
    }
);

#[test]
fn the_kit_reports_a_panic_in_the_view_of_a_seat_not_deciding() {
    for players in [2, 4] {
        let config = TallyConfig { players, copies: 4 };
        let failure = random_playouts::<BlindSpot>(
            &config,
            &Arc::new(()),
            usize::from(players),
            &PlayoutOptions::new(3, 500),
        )
        .unwrap_err();
        assert_eq!(failure.seed, 0, "{failure}");
        assert!(failure.problem.contains("view(Seat 2) panicked"), "{failure}");
    }
}

/// Tally whose views panic for four turns in mid-game only (Tally has one action a turn): the kit
/// builds views at one step in four, so it must find this in the first game, within those steps.
#[derive(Clone, Serialize)]
struct Glitch(Tally);

delegate_to_tally!(Glitch, |_: &Tally| Ok(()), |_| (), (), |tally: &Tally, _: Seat| {
    if (5..=8).contains(&tally.status().turn) {
        panic!("deliberate test panic in a view");
    }
});

#[test]
fn the_kit_reports_a_view_that_panics_for_only_four_steps() {
    let failure =
        random_playouts::<Glitch>(&TallyConfig::default(), &Arc::new(()), 2, &PlayoutOptions::new(3, 500)).unwrap_err();
    assert_eq!(failure.seed, 0, "{failure}");
    assert!((4..=7).contains(&failure.step), "{failure}");
    assert!(
        failure.problem.contains(") panicked") && failure.problem.starts_with("view("),
        "{failure}"
    );
}

/// Tally whose legal actions come in the other order at every second asking: the kit, which asks
/// twice at only some steps, must still find it.
#[derive(Clone, Serialize)]
struct Fickle(Tally);

static LEGAL_LISTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

delegate_to_tally!(
    Fickle,
    |_: &Tally| Ok(()),
    |_| (),
    (),
    |_: &Tally, _: Seat| (),
    |tally: &Tally| {
        let mut legal = tally.legal_actions();
        if LEGAL_LISTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % 2 == 1 {
            legal.reverse();
        }
        legal
    }
);

/// Random playouts of a planted defect between two seats must stop at the first game with `problem`.
fn assert_the_first_game_fails_with<G: Game<Config = TallyConfig, Content = ()>>(problem: &str) {
    let failure =
        random_playouts::<G>(&TallyConfig::default(), &Arc::new(()), 2, &PlayoutOptions::new(3, 500)).unwrap_err();
    assert_eq!(failure.seed, 0, "{failure}");
    assert!(failure.problem.contains(problem), "{failure}");
}

#[test]
fn the_kit_reports_legal_actions_that_change_between_two_askings() {
    assert_the_first_game_fails_with::<Fickle>(
        "legal_actions and legal_actions_into gave different answers for the same state",
    );
}

/// Tally that remembers how many games were set up before it: replaying its log (a new game)
/// cannot give the live state, and the kit must say that it is the replay that differs.
#[derive(Clone, Serialize)]
struct Unrepeatable(Tally, u64);

static GAMES_SET_UP: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl Game for Unrepeatable {
    const ID: &'static str = "unrepeatable-tally";
    const NAME: &'static str = "Unrepeatable Tally";
    const PLAYER_COUNTS: &'static [u8] = Tally::PLAYER_COUNTS;
    type Config = TallyConfig;
    type Content = ();
    type Action = TallyAction;
    type Event = TallyEvent;
    type View = ();
    fn new_with_events(config: &TallyConfig, content: &(), seed: u64) -> Result<(Self, Vec<TallyEvent>), SetupError> {
        let made = GAMES_SET_UP.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Tally::new_with_events(config, content, seed).map(|(tally, events)| (Unrepeatable(tally, made), events))
    }
    fn seat_count(&self) -> usize {
        self.0.seat_count()
    }
    fn to_act(&self) -> ToAct {
        self.0.to_act()
    }
    fn legal_actions(&self) -> Vec<TallyAction> {
        self.0.legal_actions()
    }
    fn apply(&mut self, action: &TallyAction) -> Result<Vec<TallyEvent>, RuleError> {
        self.0.apply(action)
    }
    fn view(&self, _seat: Seat) {}
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn status(&self) -> Status {
        self.0.status()
    }
    fn describe_action(&self, action: &TallyAction) -> String {
        self.0.describe_action(action)
    }
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

#[test]
fn the_kit_reports_a_replay_that_differs_from_live_play() {
    assert_the_first_game_fails_with::<Unrepeatable>("replaying the log gives a different state than live play");
}
