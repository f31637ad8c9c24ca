//! The search tree: nodes in one vector, children keyed by action.

use spellhall_core::Seat;

struct Node<A> {
    /// The action that leads here from the parent (none at the root).
    action: Option<A>,
    /// The seat that took it: the node's rewards are that seat's.
    mover: Seat,
    children: Vec<usize>,
    visits: u32,
    /// How many selections at the parent found this action legal.
    available: u32,
    reward: f64,
}

pub(crate) struct Tree<A> {
    nodes: Vec<Node<A>>,
}

impl<A: PartialEq + Clone> Tree<A> {
    pub(crate) const ROOT: usize = 0;

    pub(crate) fn new() -> Self {
        Self {
            nodes: vec![Node {
                action: None,
                mover: Seat(0),
                children: Vec::new(),
                visits: 0,
                available: 0,
                reward: 0.0,
            }],
        }
    }

    pub(crate) fn child(&self, node: usize, action: &A) -> Option<usize> {
        self.nodes[node]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].action.as_ref() == Some(action))
    }

    pub(crate) fn add_child(&mut self, node: usize, action: A, mover: Seat) -> usize {
        let index = self.nodes.len();
        self.nodes.push(Node {
            action: Some(action),
            mover,
            children: Vec::new(),
            visits: 0,
            available: 1,
            reward: 0.0,
        });
        self.nodes[node].children.push(index);
        index
    }

    pub(crate) fn action(&self, node: usize) -> &A {
        self.nodes[node].action.as_ref().expect("only the root has no action")
    }

    pub(crate) fn visits(&self, node: usize) -> u32 {
        self.nodes[node].visits
    }

    /// Visits of the root's child for `action` (0 if it was never tried).
    pub(crate) fn root_visits(&self, action: &A) -> u32 {
        self.child(Self::ROOT, action).map_or(0, |c| self.nodes[c].visits)
    }

    /// UCB1 over the children legal in this world (at least one of them already tried), each measured
    /// against how often it was available; marks each of them available once more.
    pub(crate) fn select(&mut self, node: usize, legal: &[A], exploration: f64) -> usize {
        let compatible: Vec<usize> = self.nodes[node]
            .children
            .iter()
            .copied()
            .filter(|&c| legal.iter().any(|a| self.nodes[c].action.as_ref() == Some(a)))
            .collect();
        let mut best = compatible[0];
        let mut best_score = f64::NEG_INFINITY;
        for &c in &compatible {
            let child = &mut self.nodes[c];
            child.available += 1;
            let visits = f64::from(child.visits.max(1));
            let score = child.reward / visits + exploration * (f64::from(child.available).ln() / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }

    /// Add one visit and the mover's reward to every node on the path.
    pub(crate) fn back_up(&mut self, path: &[usize], rewards: &[f64]) {
        for &n in path {
            let node = &mut self.nodes[n];
            node.visits += 1;
            node.reward += rewards.get(node.mover.index()).copied().unwrap_or(0.0);
        }
    }
}
