//! Developers' helper: look at a hand-off. The app runs as `spellhall` does, with the same flags,
//! and the person at the table when it first shows plays on by themselves until the decision
//! passes to another person: so a screenshot shows what that person reads before the curtain.
//!
//! `cargo run -p spellhall --example handoff_shot -- --load SAVE --screen playing --screenshot OUT.png --frames 40`
//!
//! The player confirms casualties as soon as they may, marks them otherwise, and takes the
//! phase's way on (Hold fast, Attack!, Pass) before anything else; else the first legal action.
//!
//! With `HANDOFF_STILL=1` in the environment nobody plays: the shot is `spellhall`'s own.
//! With `HANDOFF_TAKE=1` in the environment the next person then takes the screen too: the shot
//! shows what they read on arrival (what happened since the table opened, as they were away).
//! Open a Mighty Magics save at a defence (`mid_game_save mighty-magics OUT 0 SEED 2 defend`) to
//! see the attacker come back to how the attack ended.

use std::process::ExitCode;

use bevy::prelude::*;
use spellhall::active::ActiveGame;
use spellhall::cli::{CliOptions, Command};
use spellhall::commands::UiCommand;
use spellhall::hotseat::{HotSeat, TableFocus};
use spellhall::screens::Screen;

/// Actions the player takes first, by the start of their RON.
const PREFERENCE: [&str; 6] = ["ConfirmLosses", "Lose(", "HoldFast", "Charge", "Refill", "Pass"];

fn play_on(
    game: Res<ActiveGame>,
    focus: Res<TableFocus>,
    hotseat: Option<Res<State<HotSeat>>>,
    mut out: MessageWriter<UiCommand>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
    mut handed_over: Local<bool>,
) {
    let Some(session) = game.session.as_deref() else { return };
    if std::env::var_os("HANDOFF_STILL").is_some() {
        return;
    }
    if hotseat.is_some_and(|s| *s.get() == HotSeat::Handoff) && focus.viewer.is_some() {
        *handed_over = true;
    }
    if *handed_over && std::env::var_os("HANDOFF_TAKE").is_some() {
        // Past the leaving player's outcome, then the curtain: once each, in that order.
        if focus.outcome_from.is_some() {
            out.write(UiCommand::OutcomeSeen);
        } else if focus.pending.is_some() {
            out.write(UiCommand::ConfirmHandoff);
        }
        redraw.write(bevy::window::RequestRedraw);
        return;
    }
    let Some(seat) = session.to_act().seat() else { return };
    if *handed_over || focus.viewer != Some(seat) || focus.pending.is_some() {
        return;
    }
    let legal = session.legal_actions();
    let action = PREFERENCE
        .iter()
        .find_map(|start| legal.iter().find(|a| a.starts_with(start)))
        .or(legal.first());
    if let Some(action) = action {
        out.write(UiCommand::Act {
            seat,
            action: action.clone(),
        });
        redraw.write(bevy::window::RequestRedraw);
    }
}

fn main() -> ExitCode {
    let Ok(Command::Run(options)) = CliOptions::parse(std::env::args_os().skip(1)) else {
        eprintln!("handoff_shot takes spellhall's flags: see `spellhall --help`");
        return ExitCode::from(2);
    };
    let mut app = match spellhall::windowed_app(&options) {
        Ok(app) => app,
        Err(message) => {
            eprintln!("handoff_shot: {message}");
            return ExitCode::from(2);
        }
    };
    app.add_systems(Update, play_on.run_if(in_state(Screen::Playing)));
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
