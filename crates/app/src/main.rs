//! `spellhall`: the desktop app. `spellhall --help` lists the flags.

use std::process::ExitCode;

use spellhall::cli::{CliOptions, Command, USAGE};

fn main() -> ExitCode {
    // `args_os`: an argument that is not UTF-8 (a file name in another encoding) is no panic.
    let options = match CliOptions::parse(std::env::args_os().skip(1)) {
        Ok(Command::Run(options)) => options,
        Ok(Command::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
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
