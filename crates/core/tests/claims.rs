//! Claims: a seat other than the one deciding takes the next decision for itself ("wait, I play
//! an event"). The kernel must log it under that seat, replay it, save it, and refuse a claim the
//! game does not offer.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use spellhall_core::{Game, GameEvent, Outcome, RuleError, SaveFile, Seat, Session, SetupError, Status, ToAct, replay};

/// Seat 0 takes six steps; while the count is odd, any other seat may ring a bell.
#[derive(Clone, Debug, Serialize)]
struct Bells {
    seats: usize,
    steps: u32,
    rings: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum BellAction {
    Step,
    Ring(Seat),
}

#[derive(Clone, Debug, Serialize)]
struct Rang(Seat);

impl GameEvent for Rang {
    fn describe(&self, _viewer: Option<Seat>, _names: &[String]) -> Option<String> {
        Some(format!("{} rings", self.0))
    }
}

impl Game for Bells {
    const ID: &'static str = "bells";
    const NAME: &'static str = "Bells";
    const PLAYER_COUNTS: &'static [u8] = &[2, 3, 4];
    type Config = usize;
    type Content = ();
    type Action = BellAction;
    type Event = Rang;
    type View = ();

    fn new_with_events(seats: &usize, _content: &(), _seed: u64) -> Result<(Self, Vec<Self::Event>), SetupError> {
        let bells = Self {
            seats: *seats,
            steps: 0,
            rings: vec![0; *seats],
        };
        Ok((bells, Vec::new()))
    }
    fn seat_count(&self) -> usize {
        self.seats
    }
    fn to_act(&self) -> ToAct {
        if self.steps < 6 {
            ToAct::Seat(Seat(0))
        } else {
            ToAct::GameOver
        }
    }
    fn legal_actions(&self) -> Vec<BellAction> {
        if self.steps < 6 {
            vec![BellAction::Step]
        } else {
            Vec::new()
        }
    }
    fn claims(&self) -> Vec<(Seat, BellAction)> {
        if self.steps % 2 == 1 {
            Seat::all(self.seats)
                .skip(1)
                .map(|s| (s, BellAction::Ring(s)))
                .collect()
        } else {
            Vec::new()
        }
    }
    fn apply(&mut self, action: &BellAction) -> Result<Vec<Rang>, RuleError> {
        match action {
            BellAction::Step if self.steps < 6 => {
                self.steps += 1;
                Ok(Vec::new())
            }
            BellAction::Ring(seat) if self.claims().iter().any(|(s, _)| s == seat) => {
                self.rings[seat.index()] += 1;
                Ok(vec![Rang(*seat)])
            }
            _ => Err(RuleError::new("not now", "")),
        }
    }
    fn view(&self, _seat: Seat) {}
    fn outcome(&self) -> Option<Outcome> {
        (self.steps >= 6).then(|| Outcome {
            winners: Vec::new(),
            scores: Vec::new(),
            score_name: String::new(),
            reason: "done".into(),
            figures: Vec::new(),
        })
    }
    fn status(&self) -> Status {
        Status::default()
    }
    fn describe_action(&self, action: &BellAction) -> String {
        format!("{action:?}")
    }
}

fn session() -> Session<Bells> {
    let seats = (0..3)
        .map(|i| spellhall_core::SeatInfo::person(format!("P{i}")))
        .collect();
    Session::new(seats, 3, Arc::new(()), 1).unwrap()
}

#[test]
fn a_claim_is_logged_under_the_claiming_seat() {
    let mut s = session();
    assert!(s.claim(Seat(1)).is_err(), "nothing to claim while the count is even");
    s.act(BellAction::Step).unwrap();
    s.claim(Seat(2)).unwrap();
    assert_eq!(s.log().last().map(|r| r.seat), Some(Seat(2)));
    assert_eq!(s.state().rings, vec![0, 0, 1]);
    assert!(s.claim(Seat(0)).is_err(), "the deciding seat has no claim to make");
}

#[test]
fn claims_replay_and_save_like_any_action() {
    let mut s = session();
    for _ in 0..3 {
        s.act(BellAction::Step).unwrap();
        if s.state().steps % 2 == 1 {
            s.claim(Seat(1)).unwrap();
        }
    }
    let (replayed, _) = replay::<Bells>(&3, &(), 1, s.log()).unwrap();
    assert_eq!(ron::to_string(&replayed).unwrap(), ron::to_string(s.state()).unwrap());
    let path = std::env::temp_dir().join(format!("spellhall-claims-{}.ron", std::process::id()));
    s.to_save().write(&path).unwrap();
    let loaded = Session::<Bells>::from_save(SaveFile::read(&path, Bells::ID).unwrap(), Arc::new(())).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(loaded.state().rings, s.state().rings);
}

#[test]
fn a_forged_claim_in_a_log_is_refused_on_replay() {
    let mut s = session();
    s.act(BellAction::Step).unwrap();
    s.claim(Seat(1)).unwrap();
    let mut log = s.log().to_vec();
    // Seat 2 did not claim this ring: recorded under its seat, the replay must refuse it.
    log[1].seat = Seat(2);
    assert!(replay::<Bells>(&3, &(), 1, &log).is_err());
}
