//! The strong player on Nim, a small game of pure skill written here for the test: three heaps,
//! take 1 to 3 counters from one heap, whoever takes the last counter wins. Every position's
//! winning move is known, so the search can be held to it.

use serde::{Deserialize, Serialize};
use spellhall_core::{Determinise, Game, GameEvent, GameRng, Outcome, RuleError, Seat, SetupError, Status, ToAct};
use spellhall_search::{SearchBudget, strong_choice};

#[derive(Clone, Debug, Serialize)]
struct Nim {
    heaps: [u8; 3],
    turn: Seat,
    winner: Option<Seat>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Take {
    heap: usize,
    count: u8,
}

#[derive(Clone, Debug, Serialize)]
struct Took;

impl GameEvent for Took {
    fn describe(&self, _viewer: Option<Seat>, _names: &[String]) -> Option<String> {
        None
    }
}

impl Game for Nim {
    const ID: &'static str = "nim";
    const NAME: &'static str = "Nim";
    const PLAYER_COUNTS: &'static [u8] = &[2];
    type Config = [u8; 3];
    type Content = ();
    type Action = Take;
    type Event = Took;
    /// Nothing is hidden: the view is the state.
    type View = Nim;

    fn new_with_events(heaps: &[u8; 3], _content: &(), _seed: u64) -> Result<(Self, Vec<Self::Event>), SetupError> {
        Ok((
            Self {
                heaps: *heaps,
                turn: Seat(0),
                winner: None,
            },
            Vec::new(),
        ))
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn to_act(&self) -> ToAct {
        if self.winner.is_some() {
            ToAct::GameOver
        } else {
            ToAct::Seat(self.turn)
        }
    }

    fn legal_actions(&self) -> Vec<Take> {
        if self.winner.is_some() {
            return Vec::new();
        }
        (0..3)
            .flat_map(|heap| (1..=self.heaps[heap].min(3)).map(move |count| Take { heap, count }))
            .collect()
    }

    fn apply(&mut self, take: &Take) -> Result<Vec<Took>, RuleError> {
        if !self.legal_actions().contains(take) {
            return Err(RuleError::new("not a legal take", "Nim"));
        }
        self.heaps[take.heap] -= take.count;
        if self.heaps.iter().all(|&h| h == 0) {
            self.winner = Some(self.turn);
        }
        self.turn = self.turn.left(1, 2);
        Ok(vec![Took])
    }

    fn view(&self, _seat: Seat) -> Nim {
        self.clone()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|seat| Outcome {
            winners: vec![seat],
            scores: Vec::new(),
            score_name: String::new(),
            reason: String::new(),
            figures: Vec::new(),
        })
    }

    fn status(&self) -> Status {
        Status::default()
    }

    fn describe_action(&self, take: &Take) -> String {
        format!("take {} from heap {}", take.count, take.heap + 1)
    }
}

impl Determinise for Nim {
    fn sample_from_view(view: &Nim, _content: &(), _rng: &mut GameRng) -> Self {
        view.clone()
    }
}

/// Nim with takes of 1 to 3: a position is lost for the mover exactly when the xor of the heaps
/// taken modulo 4 is 0.
fn lost_for_mover(heaps: [u8; 3]) -> bool {
    heaps.iter().fold(0, |acc, h| acc ^ (h % 4)) == 0
}

#[test]
fn the_strong_player_finds_the_winning_move_in_every_small_nim_position() {
    let budget = SearchBudget::iterations(3_000);
    let mut rng = GameRng::new(11);
    let mut checked = 0;
    for a in 0..=4u8 {
        for b in a..=4 {
            for c in b..=5 {
                let game = Nim::new(&[a, b, c], &(), 0).unwrap();
                if game.legal_actions().len() < 2 || lost_for_mover(game.heaps) {
                    continue;
                }
                let legal = game.legal_actions();
                let pick = strong_choice::<Nim>(&game, &legal, &(), &mut rng, &budget);
                let mut after = game.clone();
                after.apply(&legal[pick]).unwrap();
                assert!(
                    after.winner.is_some() || lost_for_mover(after.heaps),
                    "from {:?} the search took {:?}, which leaves a winning position",
                    game.heaps,
                    legal[pick]
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 30, "only {checked} positions were checked");
}

#[test]
fn the_strong_player_beats_a_random_one_from_the_losing_seat() {
    // [3, 4, 5] is won for the first player; the strong player sits second and must profit from
    // the random player's first slip.
    let budget = SearchBudget::iterations(1_000);
    let mut wins = 0;
    for seed in 0..20 {
        let mut game = Nim::new(&[3, 4, 5], &(), seed).unwrap();
        let mut rng = GameRng::new(seed);
        while let Some(seat) = game.to_act().seat() {
            let legal = game.legal_actions();
            let pick = if seat == Seat(1) {
                strong_choice::<Nim>(&game.view(seat), &legal, &(), &mut rng, &budget)
            } else {
                rng.below(legal.len())
            };
            game.apply(&legal[pick]).unwrap();
        }
        if game.winner == Some(Seat(1)) {
            wins += 1;
        }
    }
    assert!(
        wins >= 18,
        "the strong player won only {wins} of 20 from the second seat"
    );
}
