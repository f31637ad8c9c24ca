//! The strong computer player, written once for every game.
//!
//! [`strong_choice`] runs single-observer information-set Monte Carlo tree search (SO-ISMCTS,
//! Cowling, Powley and Whitehouse 2012). Each iteration samples one world the deciding seat cannot
//! tell apart from the real one ([`Determinise::sample_from_view`]: its view kept, everything hidden
//! drawn at random), walks the one shared tree using only the actions legal in that world, adds a
//! node, plays the rest of the game at random and scores the end for every seat. The real hidden
//! state and the real random future are never read: the search sees what the seat's view shows.
//!
//! The tree keys nodes by action, so one node gathers every world in which the same action was
//! taken. A child's "availability" counts the visits in which it was legal, which is what its
//! exploration bonus is measured against (a child legal in few worlds is not over-explored).

mod tree;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use spellhall_core::{Determinise, Game, GameRng};

use tree::Tree;

/// How hard the strong player thinks.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchBudget {
    /// Iterations (sampled worlds played out) at most.
    pub iterations: u32,
    /// Wall time at most, checked before each iteration; `None` for a budget of iterations only
    /// (deterministic for a given seed: benchmarks and tests use that).
    pub time: Option<Duration>,
    /// A playout stops after this many actions and counts as a draw: some games can run long under
    /// random play, and an unfinished playout tells nothing.
    pub playout_limit: u32,
    /// The weight of the exploration bonus (UCB1's constant).
    pub exploration: f64,
    /// Stops the search from outside, looked at before each iteration with the clock: whoever
    /// asked may drop the answer (the game changed, the table closed) and set it, and the search
    /// ends at once instead of thinking on to its budget.
    pub cancel: Cancel,
}

/// A flag that stops a search, shared by its clones: give the search one in its budget, keep a
/// clone, and [`Cancel::cancel`] it when the answer is no longer wanted. A cancelled search answers
/// from what it has read so far.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Two handles are equal when they stop the same search.
impl PartialEq for Cancel {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl SearchBudget {
    /// What the app's "Strong" level uses: up to one second on one core per decision.
    pub fn strong() -> Self {
        Self {
            iterations: 50_000,
            time: Some(Duration::from_secs(1)),
            playout_limit: 1_000,
            exploration: 0.7,
            cancel: Cancel::default(),
        }
    }

    /// A fixed number of iterations and no clock: the same seed gives the same choice.
    pub fn iterations(iterations: u32) -> Self {
        Self {
            iterations,
            time: None,
            ..Self::strong()
        }
    }
}

/// What one search did, for benchmarks and notes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchReport {
    pub iterations: u32,
    /// Visits of each of `legal`'s actions at the root, in `legal`'s order.
    pub visits: Vec<u32>,
}

/// The strong player's choice: an index into `legal`, the actions open to the seat whose `view`
/// this is. Decides from the view and the legal actions only.
pub fn strong_choice<G: Determinise>(
    view: &G::View,
    legal: &[G::Action],
    content: &G::Content,
    rng: &mut GameRng,
    budget: &SearchBudget,
) -> usize {
    search::<G>(view, legal, content, rng, budget).0
}

/// [`strong_choice`] with what the search did.
pub fn search<G: Determinise>(
    view: &G::View,
    legal: &[G::Action],
    content: &G::Content,
    rng: &mut GameRng,
    budget: &SearchBudget,
) -> (usize, SearchReport) {
    search_with::<G>(view, legal, content, rng, budget, &Guide::default())
}

/// A game's judgement of a position: each seat's share of a win, from 0 to 1, in seat order. It
/// may read the whole of the state it is given: in a search that is a sampled world, never the
/// real game.
pub type Evaluate<'a, G> = &'a dyn Fn(&G) -> Vec<f64>;

/// A game's first impression of each legal action in a sampled world (which it may read whole),
/// higher is better, in the order of the actions given: its greedy player's scores.
pub type Prior<'a, G> = &'a dyn Fn(&G, &[<G as Game>::Action]) -> Vec<f64>;

/// What a game gives its search beyond the rules: a first impression of actions, and how a
/// position is judged where a playout stops.
///
/// With a prior, a node tries its actions best-first and widens slowly (one more action each time
/// its visits pass a square), so a decision among 80 moves spends its iterations on the few worth
/// reading; playouts then play the prior's choice, with a little chance.
pub struct Guide<'a, G: Game> {
    pub prior: Option<Prior<'a, G>>,
    pub evaluate: Option<Evaluate<'a, G>>,
}

impl<G: Game> Default for Guide<'_, G> {
    fn default() -> Self {
        Self {
            prior: None,
            evaluate: None,
        }
    }
}

impl<'a, G: Game> Guide<'a, G> {
    pub const fn new(prior: Option<Prior<'a, G>>, evaluate: Option<Evaluate<'a, G>>) -> Self {
        Self { prior, evaluate }
    }
}

/// A game's own strong player, written once for every game: each rules crate gives only its
/// [`Guide`], where its playouts are cut, and (rarely) which actions its search weighs.
// Its guide lives as long as the program: a game's own functions, named in a constant.
pub trait Strong: Determinise + 'static
where
    Self::Action: 'static,
{
    /// How far a playout runs before the guide's evaluation judges where it stopped, whatever the
    /// budget says: where that evaluation still tells who is ahead.
    const PLAYOUT_LIMIT: u32;
    const GUIDE: Guide<'static, Self>;

    /// The actions of `legal` the search weighs, as indices in `legal`'s order; by default all of
    /// them. A game leaves out an action that only undoes its player's own last choice, which a
    /// search that sees no gain between the two could take back and forth without end. When none
    /// is left, every action is weighed.
    fn searched(view: &Self::View, legal: &[Self::Action]) -> Vec<usize> {
        let _ = view;
        (0..legal.len()).collect()
    }

    /// The strong player's choice: an index into `legal`, from the seat's `view` and the legal
    /// actions only: the choice [`search_with`] makes under [`Strong::GUIDE`] among the actions of
    /// [`Strong::searched`].
    fn strong_choice(
        view: &Self::View,
        legal: &[Self::Action],
        content: &Self::Content,
        rng: &mut GameRng,
        budget: &SearchBudget,
    ) -> usize {
        let budget = SearchBudget {
            playout_limit: Self::PLAYOUT_LIMIT,
            ..budget.clone()
        };
        let open = Self::searched(view, legal);
        if open.is_empty() || open.len() == legal.len() {
            return search_with::<Self>(view, legal, content, rng, &budget, &Self::GUIDE).0;
        }
        let choices: Vec<Self::Action> = open.iter().map(|&i| legal[i].clone()).collect();
        open[search_with::<Self>(view, &choices, content, rng, &budget, &Self::GUIDE).0]
    }
}

/// Each seat's share of a win from its worth (any measure of how it stands, in seat order): a
/// logistic of its lead over the best of the others, `scale` being the lead worth about three
/// quarters of a win. What a game's evaluation usually ends with.
pub fn shares_against_best_other(worth: &[f64], scale: f64) -> Vec<f64> {
    (0..worth.len())
        .map(|seat| {
            let best_other = worth
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != seat)
                .map(|(_, w)| *w)
                .fold(f64::MIN, f64::max);
            1.0 / (1.0 + (-(worth[seat] - best_other) / scale).exp())
        })
        .collect()
}

/// The index of the highest score, the first of equals.
fn best_of(scores: &[f64]) -> usize {
    let mut best = 0;
    for (i, score) in scores.iter().enumerate() {
        if *score > scores[best] {
            best = i;
        }
    }
    best
}

/// How often a playout guided by a prior takes a random action instead of the prior's best.
const PLAYOUT_CHANCE_PERCENT: usize = 10;

/// [`search`], with playouts cut at `budget.playout_limit` actions and the position then judged
/// by the guide's evaluation, and played by its policy (random playouts to the end with no guide).
/// A game whose random games say little about who plays well gives its search a guide.
pub fn search_with<G: Determinise>(
    view: &G::View,
    legal: &[G::Action],
    content: &G::Content,
    rng: &mut GameRng,
    budget: &SearchBudget,
    guide: &Guide<'_, G>,
) -> (usize, SearchReport) {
    // A forced move needs no thought.
    if legal.len() <= 1 {
        return (0, SearchReport::default());
    }
    let started = Instant::now();
    let mut tree: Tree<G::Action> = Tree::new();
    let mut iterations = 0;
    while iterations < budget.iterations {
        // Looked at every iteration: one can take tens of milliseconds in a long game.
        if let Some(limit) = budget.time
            && started.elapsed() >= limit
        {
            break;
        }
        if budget.cancel.is_cancelled() {
            break;
        }
        let world = G::sample_from_view(view, content, rng);
        iterate(&mut tree, world, rng, budget, guide);
        iterations += 1;
    }
    let visits: Vec<u32> = legal.iter().map(|action| tree.root_visits(action)).collect();
    // The most visited action, the first of equals (deterministic).
    let best = (0..legal.len())
        .max_by_key(|&i| (visits[i], std::cmp::Reverse(i)))
        .unwrap_or(0);
    (best, SearchReport { iterations, visits })
}

/// One iteration in one sampled world: select, expand, play out, score.
fn iterate<G: Game>(
    tree: &mut Tree<G::Action>,
    mut world: G,
    rng: &mut GameRng,
    budget: &SearchBudget,
    guide: &Guide<'_, G>,
) {
    let mut node = Tree::<G::Action>::ROOT;
    let mut path = vec![node];
    // Selection and expansion.
    while let Some(mover) = world.to_act().seat() {
        let legal = world.legal_actions();
        if legal.is_empty() {
            break;
        }
        let untried: Vec<usize> = (0..legal.len())
            .filter(|&i| tree.child(node, &legal[i]).is_none())
            .collect();
        let expand = match guide.prior {
            None => rng.choose(&untried).copied(),
            Some(prior) if !untried.is_empty() => {
                // Widen by the square root of the visits; always expand where nothing tried is legal.
                let tried = legal.len() - untried.len();
                let room = 1 + f64::from(tree.visits(node)).sqrt() as usize;
                if tried == 0 || tried < room {
                    let scores = prior(&world, &legal);
                    let untried_scores: Vec<f64> = untried.iter().map(|&i| scores[i]).collect();
                    Some(untried[best_of(&untried_scores)])
                } else {
                    None
                }
            }
            Some(_) => None,
        };
        let (action, expanded) = if let Some(pick) = expand {
            let action = legal[pick].clone();
            let child = tree.add_child(node, action.clone(), mover);
            (action, child)
        } else {
            let child = tree.select(node, &legal, budget.exploration);
            (tree.action(child).clone(), child)
        };
        if world.apply(&action).is_err() {
            // A sampled world refused what it offered: stop this walk rather than trust it.
            break;
        }
        let was_new = tree.visits(expanded) == 0;
        node = expanded;
        path.push(node);
        if was_new {
            break;
        }
    }
    // Playout, with one list of actions and one of events for all its steps.
    let mut steps = 0;
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    while steps < budget.playout_limit {
        if world.to_act().seat().is_none() {
            break;
        }
        world.legal_actions_into(&mut legal);
        if legal.is_empty() {
            break;
        }
        let pick = match guide.prior {
            Some(prior) if rng.below(100) >= PLAYOUT_CHANCE_PERCENT => best_of(&prior(&world, &legal)),
            _ => rng.below(legal.len()),
        };
        if world.apply_listed_into(&legal[pick], &mut events).is_err() {
            break;
        }
        steps += 1;
    }
    let rewards = match guide.evaluate {
        Some(evaluate) if world.outcome().is_none() => evaluate(&world),
        _ => rewards(&world),
    };
    tree.back_up(&path, &rewards);
}

/// Each seat's share of the result: 1 to every winner (a team wins together), 0 to the others; an
/// unfinished playout or a draw gives every seat the same share.
fn rewards<G: Game>(world: &G) -> Vec<f64> {
    let seats = world.seat_count();
    let even = vec![1.0 / seats as f64; seats];
    match world.outcome() {
        Some(outcome) if !outcome.winners.is_empty() => {
            let mut shares = vec![0.0; seats];
            for seat in outcome.winners {
                if let Some(share) = shares.get_mut(seat.index()) {
                    *share = 1.0;
                }
            }
            shares
        }
        _ => even,
    }
}
