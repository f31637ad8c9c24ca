//! The deck editor's budgets: loading the catalogue (≤ 100 ms) and filtering it on a keystroke
//! (≤ 1 ms); also a deck check and its statistics, which run on every change.
//! `cargo bench -p spellfire`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use spellfire::cards::Attribute;
use spellfire::deck::{starter_decks, validate};
use spellfire::format::Formats;
use spellfire::stats::deck_stats;
use spellfire::{CardFilter, Catalogue, SortKey, TypeChoice};

fn benches(c: &mut Criterion) {
    c.bench_function("load the catalogue (21 sets, 3,839 cards)", |b| {
        b.iter(|| black_box(Catalogue::shipped().expect("catalogue")))
    });
    let catalogue = Catalogue::shipped().expect("catalogue");
    // Typing "elminster" one key at a time: each prefix is one keystroke's search.
    c.bench_function("filter: one keystroke of a name search", |b| {
        let typed = "elminster";
        let mut at = 0;
        b.iter(|| {
            at = at % typed.len() + 1;
            let filter = CardFilter {
                text: typed[..at].to_string(),
                ..CardFilter::default()
            };
            black_box(filter.apply(&catalogue))
        })
    });
    c.bench_function("filter: every card, sorted by name", |b| {
        let filter = CardFilter {
            sort: SortKey::Name,
            ..CardFilter::default()
        };
        b.iter(|| black_box(filter.apply(&catalogue)))
    });
    c.bench_function("filter: champions, flyers, level 5-9, by level", |b| {
        let filter = CardFilter {
            text: "a".into(),
            kind: Some(TypeChoice::Champions),
            attribute: Some(Attribute::Flyer),
            level_min: Some(5),
            level_max: Some(9),
            sort: SortKey::Level,
            ..CardFilter::default()
        };
        b.iter(|| black_box(filter.apply(&catalogue)))
    });
    let formats = Formats::shipped().expect("formats");
    let deck = starter_decks().expect("starters").remove(0);
    let standard = formats.get("55").expect("55");
    c.bench_function("check a 55-card deck and compute its statistics", |b| {
        b.iter(|| {
            black_box(validate(&deck, standard, &catalogue));
            black_box(deck_stats(&deck, standard, &catalogue))
        })
    });
}

criterion_group!(catalogue, benches);
criterion_main!(catalogue);
