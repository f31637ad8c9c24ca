//! A digest of seeded random games, for checking that a change made for speed changes no game:
//! the same digest before and after the change means the same games were played, step by step.

use std::hash::{DefaultHasher, Hash, Hasher};

use crate::{Game, GameRng, Seat};

/// Hashes random legal games: at each step the list of legal actions, what the game's `views`
/// hook writes (the views a change could alter), the chosen action's events; at the end the state
/// serialised as RON. Debug text is hashed, so a digest is only compared with one made by the same
/// build of the standard library (run both sides on this machine).
#[derive(Default)]
pub struct RandomDigest {
    hasher: DefaultHasher,
    actions: u64,
    offered: u64,
}

impl RandomDigest {
    pub fn new() -> Self {
        Self::default()
    }

    /// Play `game` to its end, each action drawn from its legal actions by `GameRng::new(seed)`
    /// (the draw of the kernel's `play_randomly`), hashing as it goes. `views` is called before
    /// each action with the game, the deciding seat and the hasher.
    pub fn play<G: Game>(&mut self, mut game: G, seed: u64, mut views: impl FnMut(&G, Seat, &mut DefaultHasher)) {
        let mut rng = GameRng::new(seed);
        // The lists `play_randomly` and a search's playouts reuse, so that the digest vouches for
        // the path the throughput bench times.
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        while let Some(seat) = game.to_act().seat() {
            game.legal_actions_into(&mut legal);
            format!("{legal:?}").hash(&mut self.hasher);
            views(&game, seat, &mut self.hasher);
            game.apply_listed_into(&legal[rng.below(legal.len())], &mut events)
                .expect("a legal action is accepted");
            format!("{events:?}").hash(&mut self.hasher);
            self.actions += 1;
            self.offered += legal.len() as u64;
        }
        ron::to_string(&game).expect("a game serialises").hash(&mut self.hasher);
    }

    /// Actions played so far, over every game.
    pub fn actions(&self) -> u64 {
        self.actions
    }

    /// The mean number of legal actions offered at a decision.
    pub fn mean_offered(&self) -> f64 {
        self.offered as f64 / self.actions.max(1) as f64
    }

    /// The digest of everything hashed so far.
    pub fn finish(&self) -> u64 {
        self.hasher.finish()
    }
}

/// Hash a seat's view through its Debug text: the `views` hook for a game whose whole view may
/// change only when the game does.
pub fn hash_view<T: std::fmt::Debug>(view: &T, hasher: &mut DefaultHasher) {
    format!("{view:?}").hash(hasher);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{Tally, TallyConfig};

    fn digest_of(seeds: std::ops::Range<u64>, copies: u8) -> (u64, u64) {
        let config = TallyConfig { players: 2, copies };
        let mut digest = RandomDigest::new();
        for seed in seeds {
            let game = Tally::new(&config, &(), seed).expect("setup");
            digest.play(game, seed, |game, seat, hasher| hash_view(&game.view(seat), hasher));
        }
        (digest.finish(), digest.actions())
    }

    #[test]
    fn the_same_games_give_the_same_digest_and_other_games_another() {
        let (first, actions) = digest_of(0..20, 4);
        assert!(actions > 20);
        assert_eq!(digest_of(0..20, 4), (first, actions));
        assert_ne!(digest_of(0..20, 3).0, first, "another deck, other games");
        assert_ne!(digest_of(1..21, 4).0, first, "other seeds, other games");
    }
}
