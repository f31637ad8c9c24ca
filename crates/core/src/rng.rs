//! The one source of randomness in rules code.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A ChaCha8 generator seeded from a `u64`. It lives inside a game's state and is saved with it,
/// so a game restored mid-stream continues the same sequence of shuffles and rolls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "RngState", from = "RngState")]
pub struct GameRng(ChaCha8Rng);

/// The generator as saved: its seed, stream and position. The position is split in two `u64`s
/// because RON (like most formats) has no 128-bit integers.
#[derive(Clone, Serialize, Deserialize)]
struct RngState {
    seed: [u8; 32],
    stream: u64,
    word_pos_high: u64,
    word_pos_low: u64,
}

impl From<GameRng> for RngState {
    fn from(rng: GameRng) -> Self {
        let word_pos = rng.0.get_word_pos();
        Self {
            seed: rng.0.get_seed(),
            stream: rng.0.get_stream(),
            word_pos_high: (word_pos >> 64) as u64,
            word_pos_low: word_pos as u64,
        }
    }
}

impl From<RngState> for GameRng {
    fn from(state: RngState) -> Self {
        let mut rng = ChaCha8Rng::from_seed(state.seed);
        rng.set_stream(state.stream);
        rng.set_word_pos((u128::from(state.word_pos_high) << 64) | u128::from(state.word_pos_low));
        Self(rng)
    }
}

impl GameRng {
    pub fn new(seed: u64) -> Self {
        Self(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A six-sided die: 1 to 6.
    pub fn d6(&mut self) -> u8 {
        self.0.random_range(1..=6)
    }

    /// A number in `0..n`. `n` must not be 0.
    pub fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }

    /// A number in `low..=high`.
    pub fn between(&mut self, low: u32, high: u32) -> u32 {
        self.0.random_range(low..=high)
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.0);
    }

    /// One item at random, or `None` from an empty slice.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.below(items.len())])
        }
    }

    /// A fresh `u64`, e.g. to seed a computer player's own generator.
    pub fn next_u64(&mut self) -> u64 {
        self.0.random()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_gives_the_same_sequence() {
        let mut a = GameRng::new(7);
        let mut b = GameRng::new(7);
        let rolls_a: Vec<u8> = (0..50).map(|_| a.d6()).collect();
        let rolls_b: Vec<u8> = (0..50).map(|_| b.d6()).collect();
        assert_eq!(rolls_a, rolls_b);
        assert!(rolls_a.iter().all(|r| (1..=6).contains(r)));
        // All six faces turn up in 50 rolls of a fair die with overwhelming probability; for seed 7
        // this is a fixed fact, so the test is deterministic.
        for face in 1..=6 {
            assert!(rolls_a.contains(&face), "face {face} never rolled");
        }
    }

    #[test]
    fn a_restored_generator_continues_the_sequence() {
        let mut live = GameRng::new(42);
        for _ in 0..17 {
            live.d6();
        }
        let saved = ron::to_string(&live).unwrap();
        let mut restored: GameRng = ron::from_str(&saved).unwrap();
        let next_live: Vec<usize> = (0..20).map(|_| live.below(1000)).collect();
        let next_restored: Vec<usize> = (0..20).map(|_| restored.below(1000)).collect();
        assert_eq!(next_live, next_restored);
    }

    #[test]
    fn shuffle_is_a_permutation_and_depends_on_the_seed() {
        let mut items: Vec<u32> = (0..52).collect();
        GameRng::new(1).shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort();
        assert_eq!(sorted, (0..52).collect::<Vec<_>>());
        let mut other: Vec<u32> = (0..52).collect();
        GameRng::new(2).shuffle(&mut other);
        assert_ne!(items, other);
    }

    #[test]
    fn choose_from_empty_is_none() {
        let empty: [u8; 0] = [];
        assert_eq!(GameRng::new(3).choose(&empty), None);
        assert_eq!(GameRng::new(3).choose(&[9]), Some(&9));
    }
}
