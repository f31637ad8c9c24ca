//! Seeded mutation tests for file readers, on stable Rust (cargo-fuzz needs a nightly toolchain).
//!
//! [`mutation_test`] takes valid files of one kind, makes thousands of inputs from them by random
//! byte-level edits (flip, insert, delete, splice with another valid file), and feeds each to the
//! reader under test. Every input must be read, or rejected with an error that says where in the
//! file the problem is; a panic, an error without a place, or a slow read fails the test and names
//! the seed and input so it can be replayed.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::time::{Duration, Instant};

use crate::GameRng;
use crate::content::ContentError;
use crate::files::{FileError, decode_text};

/// Why a reader refused an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// At a place in the file: 1-based line and column (0 means the reader did not say).
    At { line: usize, col: usize, message: String },
    /// About the file as a whole, where no place could be named (a save of another game, a newer
    /// format version). Each test says which of its reader's errors these are, and why.
    Whole(String),
}

impl Rejection {
    fn located(&self) -> bool {
        match self {
            Rejection::At { line, col, .. } => *line > 0 && *col > 0,
            Rejection::Whole(_) => true,
        }
    }
}

impl From<FileError> for Rejection {
    fn from(error: FileError) -> Self {
        let (line, col) = error.position.unwrap_or((0, 0));
        Rejection::At {
            line,
            col,
            message: error.to_string(),
        }
    }
}

impl From<ContentError> for Rejection {
    fn from(error: ContentError) -> Self {
        Rejection::At {
            line: error.line,
            col: error.col,
            message: error.to_string(),
        }
    }
}

impl From<Vec<ContentError>> for Rejection {
    /// Every error must have a place: the first without one, or else the first.
    fn from(errors: Vec<ContentError>) -> Self {
        let unplaced = errors.iter().position(|e| e.line == 0 || e.col == 0);
        match errors.into_iter().nth(unplaced.unwrap_or(0)) {
            Some(error) => error.into(),
            None => Rejection::At {
                line: 0,
                col: 0,
                message: "refused with an empty list of errors".into(),
            },
        }
    }
}

/// How many inputs to try, from which seed.
#[derive(Clone, Copy, Debug)]
pub struct MutationOptions {
    pub inputs: usize,
    pub seed: u64,
    /// One input taking longer than this is a failure: a parser that loops or goes quadratic.
    pub slowest_allowed: Duration,
}

impl Default for MutationOptions {
    fn default() -> Self {
        Self {
            inputs: 10_000,
            seed: 0x5EED,
            slowest_allowed: Duration::from_secs(1),
        }
    }
}

/// What the inputs did, for the test's output.
#[derive(Clone, Debug, Default)]
pub struct MutationReport {
    pub read: usize,
    pub rejected: usize,
    pub rejected_whole: usize,
    pub slowest: Duration,
    pub total: Duration,
}

/// Run the mutation test of one reader. Inputs start from one of the `valid` files (at least one),
/// and splice in pieces of those and of `donors` (other valid files, of other kinds); `read` reads
/// one input. Panics with the failing inputs listed if any input panicked, was rejected without a
/// place, or was slow.
pub fn mutation_test(
    reader: &str,
    valid: &[&[u8]],
    donors: &[&[u8]],
    options: MutationOptions,
    read: impl Fn(&[u8]) -> Result<(), Rejection>,
) -> MutationReport {
    assert!(!valid.is_empty(), "{reader}: no valid file to start from");
    for (index, file) in valid.iter().enumerate() {
        if let Err(rejection) = read(file) {
            panic!("{reader}: valid file {index} is refused: {rejection:?}");
        }
    }
    let started = Instant::now();
    let mut rng = GameRng::new(options.seed);
    let mut report = MutationReport::default();
    let mut failures = Vec::new();
    for index in 0..options.inputs {
        let input = mutate(valid, donors, &mut rng);
        let began = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| read(&input)));
        let took = began.elapsed();
        report.slowest = report.slowest.max(took);
        let failure = match outcome {
            Err(payload) => {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                Some(format!("panicked: {message}"))
            }
            Ok(Ok(())) => {
                report.read += 1;
                None
            }
            Ok(Err(rejection)) => {
                report.rejected += 1;
                report.rejected_whole += usize::from(matches!(rejection, Rejection::Whole(_)));
                (!rejection.located()).then(|| format!("rejected without a place: {rejection:?}"))
            }
        };
        let failure = failure.or_else(|| {
            (took > options.slowest_allowed).then(|| format!("took {took:?}, more than {:?}", options.slowest_allowed))
        });
        if let Some(failure) = failure {
            failures.push(format!(
                "input {index} (seed {:#x}): {failure}\n  the input is in {}",
                options.seed,
                keep_failing_input(reader, index, &input)
            ));
        }
    }
    report.total = started.elapsed();
    eprintln!("{reader}: {report:?}");
    assert!(
        failures.is_empty(),
        "{reader}: {} of {} inputs failed; the first ones:\n{}",
        failures.len(),
        options.inputs,
        failures.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
    // A test whose mutations never reach the parser's errors would prove nothing.
    assert!(report.rejected > 0, "{reader}: no mutated input was rejected");
    report
}

/// The mutation test of a content file, read as the games read one: the bytes as text
/// ([`decode_text`]), then `parse(text)` with every error checked for its place.
pub fn content_mutation_test<T>(
    file: &str,
    valid: &[u8],
    donors: &[&[u8]],
    options: MutationOptions,
    parse: impl Fn(&str) -> Result<T, Vec<ContentError>>,
) -> MutationReport {
    mutation_test(file, &[valid], donors, options, |bytes| {
        let text = decode_text(Path::new(file), bytes.to_vec())?;
        parse(&text).map(drop).map_err(Rejection::from)
    })
}

/// Write a failing input where the developer can open it; returns where.
fn keep_failing_input(reader: &str, index: usize, input: &[u8]) -> String {
    let name: String = reader
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let path = std::env::temp_dir().join(format!("spellhall-mutation-{name}-{index}"));
    match std::fs::write(&path, input) {
        Ok(()) => path.display().to_string(),
        Err(e) => format!("(not written: {e}) {:?}", String::from_utf8_lossy(input)),
    }
}

/// One input: a valid file with one to four random edits stacked on it.
pub fn mutate(valid: &[&[u8]], donors: &[&[u8]], rng: &mut GameRng) -> Vec<u8> {
    let mut bytes = valid[rng.below(valid.len())].to_vec();
    let splices: Vec<&[u8]> = valid.iter().chain(donors).copied().collect();
    // Inputs never grow past this, so a reader's time and memory stay bounded by the test's.
    let cap = splices.iter().map(|v| v.len()).max().unwrap_or(0) * 2 + 64;
    for _ in 0..=rng.below(4) {
        match rng.below(4) {
            0 => flip(&mut bytes, rng),
            1 => insert(&mut bytes, rng),
            2 => delete(&mut bytes, rng),
            _ => splice(&mut bytes, splices[rng.below(splices.len())], rng),
        }
        bytes.truncate(cap);
    }
    bytes
}

/// Bytes that mean something to the formats we read: delimiters, quotes, separators, a
/// byte-order mark's first byte, bytes that are never valid UTF-8.
const INTERESTING: &[u8] = b"(){}[]\"',:;#/\\\n\r\t 0-+.eExX\xef\xff\x00";

fn flip(bytes: &mut [u8], rng: &mut GameRng) {
    if bytes.is_empty() {
        return;
    }
    let at = rng.below(bytes.len());
    bytes[at] = match rng.below(3) {
        0 => bytes[at] ^ (1 << rng.below(8)),
        1 => INTERESTING[rng.below(INTERESTING.len())],
        _ => rng.below(256) as u8,
    };
}

fn insert(bytes: &mut Vec<u8>, rng: &mut GameRng) {
    let at = rng.below(bytes.len() + 1);
    if rng.below(2) == 0 || bytes.is_empty() {
        bytes.insert(at, INTERESTING[rng.below(INTERESTING.len())]);
    } else {
        // A copy of a stretch of the file itself: repeated fields, items, nesting.
        let from = rng.below(bytes.len());
        let len = 1 + rng.below(32.min(bytes.len() - from));
        let piece = bytes[from..from + len].to_vec();
        bytes.splice(at..at, piece);
    }
}

fn delete(bytes: &mut Vec<u8>, rng: &mut GameRng) {
    if bytes.is_empty() {
        return;
    }
    let from = rng.below(bytes.len());
    let len = 1 + rng.below(16.min(bytes.len() - from));
    bytes.drain(from..from + len);
}

/// The start of this input up to a random point, then another valid file from a random point.
fn splice(bytes: &mut Vec<u8>, other: &[u8], rng: &mut GameRng) {
    let keep = rng.below(bytes.len() + 1);
    let from = rng.below(other.len() + 1);
    bytes.truncate(keep);
    bytes.extend_from_slice(&other[from..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_are_seeded_and_change_the_input() {
        let valid: [&[u8]; 2] = [b"(a: 1, b: [2, 3])", b"[\"x\", \"y\"]"];
        let run = |seed| {
            let mut rng = GameRng::new(seed);
            (0..200).map(|_| mutate(&valid, &[], &mut rng)).collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7), "the same seed gives the same inputs");
        let inputs = run(7);
        let changed = inputs.iter().filter(|i| !valid.contains(&i.as_slice())).count();
        assert!(
            changed > 150,
            "only {changed} of 200 inputs differ from the valid files"
        );
        assert!(inputs.iter().all(|i| i.len() <= 17 * 2 + 64));
    }

    /// 100 mutations of the number 42, read by `read`.
    fn read_mutated_numbers(read: impl Fn(&str) -> Result<(), Rejection>) {
        let options = MutationOptions {
            inputs: 100,
            ..MutationOptions::default()
        };
        mutation_test("numbers", &[b"42"], &[], options, |bytes| {
            read(std::str::from_utf8(bytes).unwrap_or("not text"))
        });
    }

    #[test]
    #[should_panic(expected = "rejected without a place")]
    fn an_error_without_a_place_fails_the_test() {
        read_mutated_numbers(|text| match text.parse::<u32>() {
            Ok(_) => Ok(()),
            Err(e) => Err(Rejection::At {
                line: 0,
                col: 0,
                message: e.to_string(),
            }),
        });
    }

    #[test]
    #[should_panic(expected = "panicked")]
    fn a_panic_fails_the_test() {
        read_mutated_numbers(|text| {
            let number: u32 = text.parse().expect("a number");
            assert!(number < u32::MAX);
            Ok(())
        });
    }
}
