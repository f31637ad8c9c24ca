//! Nothing to use: this package holds one benchmark, `benches/throughput.rs`, which prints the
//! random-playout throughput of every game side by side, in actions per wall-clock second and per
//! second of the thread's CPU time (the figure to compare on a shared machine):
//! `cargo bench -p spellhall-throughput` (one core; about 15 seconds). README.md has the figures
//! and `hearts.py`, the yardstick the issue compares them with.
