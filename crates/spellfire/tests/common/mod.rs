//! Shared helpers for the engine's tests: the shipped content, loaded once, and tables of starter
//! decks.
#![allow(dead_code)]

use std::sync::{Arc, OnceLock};

use spellfire::{CardRef, Config, Content, Rules, deck::starter_decks};

pub fn content() -> Arc<Content> {
    static CONTENT: OnceLock<Arc<Content>> = OnceLock::new();
    Arc::clone(CONTENT.get_or_init(|| Arc::new(Content::shipped().expect("the shipped content loads"))))
}

/// The twelve 1st Edition starter decks' card lists, in the order A-1 … F-2.
pub fn starters() -> Vec<Vec<CardRef>> {
    starter_decks()
        .expect("the starter decks load")
        .into_iter()
        .map(|d| d.cards)
        .collect()
}

/// A table of `seats` starter decks, picked from the twelve by `pick` (a seed), each deck once.
pub fn starter_table(seats: usize, pick: u64) -> Config {
    let decks = starters();
    let mut order: Vec<usize> = (0..decks.len()).collect();
    let mut state = pick.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for i in (1..order.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        order.swap(i, (state % (i as u64 + 1)) as usize);
    }
    Config {
        format: "55-starter".into(),
        decks: order[..seats].iter().map(|&i| decks[i].clone()).collect(),
        rules: Rules::default(),
    }
}
