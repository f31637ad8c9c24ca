//! Turn a CrossFire folder (DataBase/, Formats/, Decks/) into Spellhall's Spellfire data:
//! `data/spellfire/sets/*.ron` (facts only, no card text), `formats.ron` and the starter decks.
//!
//! Usage: `cargo run -p spellfire --bin spellfire-convert -- CROSSFIRE_DIR [OUT_DIR]`
//! (OUT_DIR defaults to `data/spellfire`). Powers already scripted in OUT_DIR are kept.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let Some(crossfire) = args.next().map(PathBuf::from) else {
        eprintln!("usage: spellfire-convert CROSSFIRE_DIR [OUT_DIR]");
        return ExitCode::from(2);
    };
    let out = args
        .next()
        .map_or_else(|| PathBuf::from("data/spellfire"), PathBuf::from);
    let converted = match spellfire::crossfire::convert_folder(&crossfire, &out) {
        Ok(converted) => converted,
        Err(error) => {
            eprintln!("spellfire-convert: {error}");
            return ExitCode::FAILURE;
        }
    };
    let mut changed = 0;
    for (name, text) in &converted.files {
        let path = out.join(name);
        let limit = spellhall_core::files::CONTENT_FILE_LIMIT;
        if spellhall_core::files::read_text(&path, limit).is_ok_and(|old| old == *text) {
            continue;
        }
        if let Err(error) = spellhall_core::files::write_atomic(&path, text.as_bytes()) {
            eprintln!("spellfire-convert: cannot write {}: {error}", path.display());
            return ExitCode::FAILURE;
        }
        changed += 1;
    }
    println!(
        "{} cards; {} files written to {} ({changed} changed)",
        converted.cards,
        converted.files.len(),
        out.display()
    );
    ExitCode::SUCCESS
}
