//! Nothing to use: this package holds one benchmark, `benches/throughput.rs`, which prints the
//! random-playout throughput of every game side by side:
//! `cargo bench -p spellhall-throughput` (one core; about 15 seconds).
