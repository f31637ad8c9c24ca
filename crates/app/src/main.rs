//! `spellhall`: the desktop app. `spellhall --help` lists the flags.

use std::process::ExitCode;

use spellhall::cli::CliOptions;

fn main() -> ExitCode {
    let options = match CliOptions::parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let mut app = match spellhall::windowed_app(&options) {
        Ok(app) => app,
        Err(message) => {
            eprintln!("spellhall: {message}");
            return ExitCode::from(2);
        }
    };
    match app.run() {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
