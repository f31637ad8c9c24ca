//! Every content file under data/ parses as RON, and errors name file, line and column. Each game
//! crate adds a typed loader test of its own files when it lands; this one guarantees that no file
//! in data/ is malformed, whichever game it belongs to.

use std::path::{Path, PathBuf};

fn ron_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            ron_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "ron") {
            found.push(path);
        }
    }
}

#[test]
fn every_ron_file_in_data_parses() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    assert!(root.is_dir(), "data/ is missing");
    let mut files = Vec::new();
    ron_files(&root, &mut files);
    let failures: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            spellhall_core::content::parse_ron::<ron::Value>(&path.display().to_string(), &text)
                .err()
                .map(|e| e.to_string())
        })
        .collect();
    assert!(
        failures.is_empty(),
        "content files that do not parse:\n{}",
        failures.join("\n")
    );
}

#[test]
fn a_malformed_file_is_reported_with_file_line_and_column() {
    let error = spellhall_core::content::parse_ron::<ron::Value>(
        "data/example.ron",
        "[\n  (name: \"Hawk\", hp: 3),\n  (name: \"Bear\" hp: 5),\n]",
    )
    .unwrap_err();
    assert_eq!((error.file.as_str(), error.line), ("data/example.ron", 3));
    assert_eq!(error.item.as_deref(), Some("Bear"));
}
