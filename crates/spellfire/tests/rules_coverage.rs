//! Which rules of the checklist have a test named after them. Reads the checklist from
//! ../shared/rules when that folder exists beside the repository, lists every SF rule that no test
//! names, and fails unless each is waived below with the reason; likewise for the worked examples
//! (WE-n), which it counts as covered/total. A test names rules in its name:
//! `sf_115_...`, `sf_199_sf_200_...`, `sf_20_to_23_...`, `sf_24_and_25_...`; worked examples as
//! `we_16_...`.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Rules with no scenario test yet, and why. Each needs a card power that is not scripted yet: the
/// engine has nothing to enforce until the effect language gives it such a card (the starter-deck
/// issue scripts them). None is left.
const WAIVERS: &[(u32, &str)] = &[];

/// Worked examples with no scenario test, and why: each needs a card power that is not scripted.
/// A test that checks only part of an example says in a comment which part it leaves out. None is
/// left.
const EXAMPLE_WAIVERS: &[(u32, &str)] = &[];

/// Ambiguities (AMB-n) that no test names, and why. Every other one is named by a test, as
/// `amb_6_...` or as "AMB-6" in a test file, beside the test that checks its reading.
const AMB_WAIVERS: &[(u32, &str)] = &[];

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The checklist's rule numbers (`- **SF-n.**`) and worked examples (`### WE-n.`).
fn checklist(text: &str) -> (BTreeSet<u32>, BTreeSet<u32>) {
    let number = |rest: &str| {
        rest.split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|n| n.parse().ok())
    };
    let rules = text
        .lines()
        .filter_map(|l| number(l.trim().strip_prefix("- **SF-")?))
        .collect();
    let examples = text
        .lines()
        .filter_map(|l| number(l.trim().strip_prefix("### WE-")?))
        .collect();
    (rules, examples)
}

/// The checklist's ambiguities (`### AMB-n.`).
fn ambiguities(text: &str) -> BTreeSet<u32> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("### AMB-"))
        .filter_map(|rest| rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .collect()
}

/// The ambiguities a test file names: "AMB-n" anywhere, or a test `amb_n_...`.
fn ambiguities_named(text: &str) -> BTreeSet<u32> {
    let mut found = BTreeSet::new();
    for marker in ["AMB-", "amb_"] {
        for (at, _) in text.match_indices(marker) {
            let digits: String = text[at + marker.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if let Ok(n) = digits.parse() {
                found.insert(n);
            }
        }
    }
    found
}

/// The rule numbers a test's name gives for `prefix` ("sf" or "we").
fn named(function: &str, prefix: &str) -> Vec<u32> {
    let tokens: Vec<&str> = function.split('_').collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i + 1 < tokens.len() {
        let Ok(first) = tokens[i + 1].parse::<u32>() else {
            i += 1;
            continue;
        };
        if tokens[i] != prefix {
            i += 1;
            continue;
        }
        found.push(first);
        let mut last = first;
        i += 2;
        // "_and_24", "_to_23", "_sf_200" continue the list.
        while i + 1 < tokens.len() {
            let Ok(next) = tokens[i + 1].parse::<u32>() else { break };
            match tokens[i] {
                "and" => found.push(next),
                "to" => found.extend(last + 1..=next),
                word if word == prefix => found.push(next),
                _ => break,
            }
            last = next;
            i += 2;
        }
    }
    found
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every test function name in the crate's tests and sources.
fn test_names() -> Vec<String> {
    let mut files = Vec::new();
    walk(&manifest().join("tests"), &mut files);
    walk(&manifest().join("src"), &mut files);
    let mut names = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let mut after_test = false;
        for line in text.lines() {
            let line = line.trim();
            if line == "#[test]" {
                after_test = true;
            } else if let Some(rest) = line.strip_prefix("fn ").filter(|_| after_test) {
                names.push(rest.split('(').next().unwrap_or_default().to_string());
                after_test = false;
            }
        }
    }
    names
}

#[test]
fn test_names_give_their_rules() {
    assert_eq!(named("sf_115_a_tie_goes_to_the_defender", "sf"), vec![115]);
    assert_eq!(named("sf_199_sf_200_we_17_calm_must_answer", "sf"), vec![199, 200]);
    assert_eq!(named("sf_199_sf_200_we_17_calm_must_answer", "we"), vec![17]);
    assert_eq!(named("sf_20_to_23_larger_formats", "sf"), vec![20, 21, 22, 23]);
    assert_eq!(named("sf_24_and_25_starters", "sf"), vec![24, 25]);
    assert_eq!(named("a_card_not_in_the_catalogue", "sf"), Vec::<u32>::new());
}

#[test]
fn ambiguities_are_named_by_a_test() {
    let path = std::env::var_os("SPELLFIRE_CHECKLIST")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest().join("../../../shared/rules/spellfire-rules-checklist.md"));
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("ambiguities: {} is not here; skipped", path.display());
        return;
    };
    let all = ambiguities(&text);
    assert_eq!(all.len(), 39, "the checklist has 39 ambiguities");
    let mut files = Vec::new();
    walk(&manifest().join("tests"), &mut files);
    let named: BTreeSet<u32> = files
        .iter()
        .filter(|f| !f.ends_with("rules_coverage.rs"))
        .flat_map(|f| ambiguities_named(&std::fs::read_to_string(f).unwrap_or_default()))
        .collect();
    let waived: BTreeMap<u32, &str> = AMB_WAIVERS.iter().copied().collect();
    let figure = format!(
        "ambiguities: {}/{} named by a test ({} waived)",
        all.iter().filter(|a| named.contains(a)).count(),
        all.len(),
        waived.len()
    );
    let _ = writeln!(std::io::stderr().lock(), "{figure}");
    println!("{figure}");
    let missing: Vec<u32> = all
        .iter()
        .copied()
        .filter(|a| !named.contains(a) && !waived.contains_key(a))
        .collect();
    for (amb, why) in &waived {
        println!("  AMB-{amb}: {why}");
    }
    assert!(
        missing.is_empty(),
        "ambiguities no test names and no waiver: {missing:?}"
    );
    let stale: Vec<u32> = waived.keys().copied().filter(|a| named.contains(a)).collect();
    assert!(
        stale.is_empty(),
        "waived ambiguities a test now names (remove the waiver): {stale:?}"
    );
    let unknown: Vec<u32> = named.iter().copied().filter(|a| !all.contains(a)).collect();
    assert!(
        unknown.is_empty(),
        "tests name ambiguities the checklist does not have: {unknown:?}"
    );
}

#[test]
fn rules_coverage() {
    // SPELLFIRE_CHECKLIST names the checklist where the repository is checked out elsewhere (a
    // worktree that has no ../shared beside it).
    let path = std::env::var_os("SPELLFIRE_CHECKLIST")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest().join("../../../shared/rules/spellfire-rules-checklist.md"));
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("rules coverage: {} is not here; skipped", path.display());
        return;
    };
    let (rules, examples) = checklist(&text);
    assert_eq!(rules.len(), 265, "the checklist has 265 rules");
    let names = test_names();
    let mut covered: BTreeMap<u32, usize> = BTreeMap::new();
    let mut examples_covered = BTreeSet::new();
    for name in &names {
        for rule in named(name, "sf") {
            *covered.entry(rule).or_default() += 1;
        }
        examples_covered.extend(named(name, "we"));
    }
    let waived: BTreeMap<u32, &str> = WAIVERS.iter().copied().collect();
    let uncovered: Vec<u32> = rules.iter().copied().filter(|r| !covered.contains_key(r)).collect();
    let unwaived: Vec<u32> = uncovered.iter().copied().filter(|r| !waived.contains_key(r)).collect();
    let stale: Vec<u32> = waived.keys().copied().filter(|r| covered.contains_key(r)).collect();
    let unknown: Vec<u32> = covered.keys().copied().filter(|r| !rules.contains(r)).collect();
    let count = rules.iter().filter(|r| covered.contains_key(r)).count();
    let examples_waived: BTreeMap<u32, &str> = EXAMPLE_WAIVERS.iter().copied().collect();
    let examples_uncovered: Vec<u32> = examples
        .iter()
        .copied()
        .filter(|e| !examples_covered.contains(e))
        .collect();
    let figure = format!(
        "rules coverage: {count}/{} SF rules have a test named after them; worked examples: {}/{} ({} waived)",
        rules.len(),
        examples.len() - examples_uncovered.len(),
        examples.len(),
        examples_waived.len(),
    );
    // Written past the test harness's capture, so that `cargo test` shows the figure.
    let _ = writeln!(std::io::stderr().lock(), "{figure}");
    println!("{figure}");
    for rule in &uncovered {
        println!("  SF-{rule}: {}", waived.get(rule).copied().unwrap_or("NOT WAIVED"));
    }
    for example in &examples_uncovered {
        println!(
            "  WE-{example}: {}",
            examples_waived.get(example).copied().unwrap_or("NOT WAIVED")
        );
    }
    assert!(unwaived.is_empty(), "rules with no test and no waiver: {unwaived:?}");
    let examples_unwaived: Vec<u32> = examples_uncovered
        .iter()
        .copied()
        .filter(|e| !examples_waived.contains_key(e))
        .collect();
    assert!(
        examples_unwaived.is_empty(),
        "worked examples with no test and no waiver: {examples_unwaived:?}"
    );
    let examples_stale: Vec<u32> = examples_waived
        .keys()
        .copied()
        .filter(|e| examples_covered.contains(e))
        .collect();
    assert!(
        examples_stale.is_empty(),
        "waived worked examples that now have a test (remove the waiver): {examples_stale:?}"
    );
    let examples_unknown: Vec<u32> = examples_covered
        .iter()
        .chain(examples_waived.keys())
        .copied()
        .filter(|e| !examples.contains(e))
        .collect();
    assert!(
        examples_unknown.is_empty(),
        "tests or waivers name worked examples the checklist does not have: {examples_unknown:?}"
    );
    assert!(
        stale.is_empty(),
        "waived rules that now have a test (remove the waiver): {stale:?}"
    );
    assert!(
        unknown.is_empty(),
        "tests name rules the checklist does not have: {unknown:?}"
    );
}
