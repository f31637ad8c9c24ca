//! Spellhall, the app: screens, the hot-seat table and the shared UI. Rules live in the game crates;
//! the app renders each seat's view and turns clicks into actions.
//!
//! [`windowed_app`] builds the real app from command-line options; [`headless_app`] builds the same
//! logic without a window or renderer, for tests that drive it with [`commands::UiCommand`]s.

pub mod active;
pub mod automation;
pub mod cli;
pub mod commands;
pub mod games;
pub mod hotseat;
pub mod notices;
pub mod paths;
pub mod redraw;
pub mod save_files;
pub mod screens;
pub mod settings;
pub mod ui;

/// The egui the screens and game adapters draw with (re-exported so adapters and tests agree on it).
pub use bevy_egui::egui;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::{PresentMode, WindowResolution};

use crate::cli::{CliOptions, StartScreen};
use crate::commands::UiCommand;
use crate::games::{GameCatalog, SetupChoice};
use crate::hotseat::SkipFirstCurtain;
use crate::notices::Notices;
use crate::paths::UserDirs;
use crate::screens::Screen;
use crate::screens::setup::{SetupDraft, random_seed};

/// The logic shared by the windowed and the headless app.
fn logic(app: &mut App, dirs: UserDirs, catalog: GameCatalog) {
    let problems = catalog.content_problems();
    let (autosave_slot, lock) = save_files::AutosaveSlot::claim(&dirs);
    app.insert_resource(dirs)
        .insert_resource(catalog)
        .insert_resource(autosave_slot)
        .init_resource::<redraw::Wake>()
        .add_plugins((
            notices::plugin,
            settings::plugin,
            commands::plugin,
            active::plugin,
            screens::plugin,
        ));
    let mut notices = app.world_mut().resource_mut::<Notices>();
    notices.problems.extend(problems);
    match lock {
        save_files::LockOutcome::Held => {}
        save_files::LockOutcome::Busy => notices.problem(
            "Another Spellhall is already running with this user folder. So that neither replaces the \
             other's game, this one does not autosave and does not offer that one's unfinished game: \
             save with Ctrl+S before you quit.",
        ),
        save_files::LockOutcome::Unavailable(error) => {
            bevy::log::warn!("No lock on the user folder, so two Spellhalls could share its autosave: {error}");
        }
    }
}

/// The app without window or renderer: states, commands, sessions, autosave. For tests.
pub fn headless_app(dirs: UserDirs, catalog: GameCatalog) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    logic(&mut app, dirs, catalog);
    app
}

/// The games on the title screen; with `dev_games`, also the kernel's test game Tally (in a
/// build with the `dev` feature).
pub fn catalog(dirs: &UserDirs, dev_games: bool) -> GameCatalog {
    // Mutable only when the `dev` feature may add its test game.
    #[cfg_attr(not(feature = "dev"), allow(unused_mut))]
    let mut catalog = GameCatalog::shipped(dirs);
    #[cfg(feature = "dev")]
    if dev_games {
        catalog.register(games::GameEntry::playable::<games::tally::TallyAdapter>(
            &dirs.content_dir("tally"),
        ));
    }
    #[cfg(not(feature = "dev"))]
    if dev_games {
        eprintln!("--dev-games: this build has no developer games (build with `--features dev`).");
    }
    catalog
}

/// The real app, set up as the command line asks. `Err` is a message for the user.
pub fn windowed_app(options: &CliOptions) -> Result<App, String> {
    let dirs = options
        .user_dir
        .as_deref()
        .map_or_else(UserDirs::platform, UserDirs::under);
    let catalog = catalog(&dirs, options.dev_games);
    let start = startup_commands(options, &catalog)?;

    let mut app = App::new();
    let present_mode = if options.bench_frames.is_some() {
        PresentMode::AutoNoVsync
    } else {
        PresentMode::AutoVsync
    };
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                // Closing the window asks about unsaved deck changes first (ui::close_requested).
                close_when_requested: false,
                primary_window: Some(Window {
                    title: "Spellhall".into(),
                    resolution: WindowResolution::new(1280, 800),
                    present_mode,
                    ..default()
                }),
                ..default()
            })
            .set(bevy::log::LogPlugin {
                filter: "wgpu=error,naga=warn,bevy_render=warn".into(),
                ..default()
            }),
    );
    logic(&mut app, dirs, catalog);
    app.add_plugins((ui::plugin, automation::plugin, redraw::plugin));
    // Screenshots and frame benchmarks count frames: they draw every frame. Otherwise the app
    // draws only when something changes.
    let counts_frames = options.screenshot.is_some() || options.bench_frames.is_some();
    app.insert_resource(if counts_frames {
        bevy::winit::WinitSettings::continuous()
    } else {
        redraw::reactive()
    });
    if let Some(seconds) = options.bench_idle {
        app.insert_resource(redraw::IdleBench::new(seconds));
    }

    if let Some(path) = &options.screenshot {
        app.insert_resource(automation::ScreenshotPlan {
            path: path.clone(),
            after_frames: options.frames.max(1),
            frame: 0,
            taken: false,
        });
    }
    if let Some(frames) = options.bench_frames {
        app.insert_resource(automation::FrameBench::new(frames.max(1)));
    }
    app.insert_resource(SkipFirstCurtain(options.screen == StartScreen::Playing));
    if let Some(players) = start.setup_players {
        app.insert_resource(players);
    }
    app.world_mut().write_message_batch(start.commands);
    app.add_systems(OnEnter(Screen::Setup), apply_cli_players);
    Ok(app)
}

/// Names and seed from the command line for the setup form.
#[derive(Resource, Debug, Clone)]
struct CliPlayers {
    names: Vec<String>,
    seed: Option<u64>,
}

struct Startup {
    commands: Vec<UiCommand>,
    setup_players: Option<CliPlayers>,
}

/// Turn `--screen`, `--game`, `--players`, `--seed` and `--load` into the first commands.
fn startup_commands(options: &CliOptions, catalog: &GameCatalog) -> Result<Startup, String> {
    let mut commands = Vec::new();
    let mut setup_players = None;
    if let Some(path) = &options.load {
        // A screenshot or a frame benchmark of a save that does not open would show the title
        // with an error notice instead, and pass for the table: refuse to start.
        if options.screenshot.is_some() || options.bench_frames.is_some() {
            screens::title::open_save(path, catalog)?;
        }
        commands.push(UiCommand::LoadGame(path.clone()));
        return Ok(Startup {
            commands,
            setup_players,
        });
    }
    let playable_game = || -> Result<&games::GameEntry, String> {
        let id = options
            .game
            .as_deref()
            .ok_or("--screen setup and --screen playing need --game ID")?;
        let entry = catalog.get(id).ok_or_else(|| {
            let ids: Vec<&str> = catalog.entries.iter().map(|e| e.id).collect();
            format!("unknown game '{id}'; the games are {}", ids.join(", "))
        })?;
        match &entry.availability {
            games::Availability::Playable(_) => Ok(entry),
            games::Availability::NotYetBuilt(reason) => Err(format!("{} cannot be played yet: {reason}", entry.name)),
            games::Availability::BrokenContent(errors) => Err(format!(
                "{}'s content did not load:\n{}",
                entry.name,
                errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
            )),
        }
    };
    match options.screen {
        StartScreen::Title => {}
        StartScreen::DeckEditor => {
            let deck = options.deck.as_deref().map(|deck| {
                match deck.to_str().and_then(|text| text.strip_prefix("starter:")) {
                    Some(code) => commands::DeckChoice::Starter(code.to_string()),
                    None => commands::DeckChoice::File(deck.into()),
                }
            });
            commands.push(UiCommand::OpenDeckEditor(deck));
        }
        StartScreen::Setup => {
            let entry = playable_game()?;
            commands.push(UiCommand::OpenSetup(entry.id.to_string()));
            setup_players = Some(CliPlayers {
                names: options.players.clone(),
                seed: options.seed,
            });
        }
        StartScreen::Playing => {
            let entry = playable_game()?;
            let mut draft = SetupDraft::for_entry(entry);
            fill_draft(&mut draft, &options.players, options.seed);
            let choice: SetupChoice = draft.validate()?;
            commands.push(UiCommand::StartGame(choice));
        }
    }
    Ok(Startup {
        commands,
        setup_players,
    })
}

fn fill_draft(draft: &mut SetupDraft, players: &[String], seed: Option<u64>) {
    if !players.is_empty() {
        let count = (players.len() as u8).clamp(draft.min_players, draft.max_players);
        draft.players = count;
        for (seat, spec) in draft.seats.iter_mut().zip(players) {
            let (name, computer, strong) = cli::parse_player(spec);
            seat.name = name.to_string();
            seat.computer = computer && draft.has_computer;
            seat.strong = strong && draft.has_strong;
        }
    }
    draft.seed_text = seed.unwrap_or_else(random_seed).to_string();
}

fn apply_cli_players(cli: Option<Res<CliPlayers>>, mut draft: ResMut<SetupDraft>, mut commands: Commands) {
    if let Some(cli) = cli {
        fill_draft(&mut draft, &cli.names, cli.seed);
        commands.remove_resource::<CliPlayers>();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A screenshot or a frame benchmark of a save that cannot be opened must not start and show
    /// the title instead; an interactive `--load` shows the problem on the title, as before.
    #[test]
    fn a_save_that_does_not_open_stops_a_screenshot_or_a_benchmark() {
        let dir = std::env::temp_dir().join(format!("spellhall-bad-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let save = dir.join("bad.ron");
        std::fs::write(&save, "(this is not a save").unwrap();
        let catalog = GameCatalog::shipped(&UserDirs::under(&dir));
        let interactive = CliOptions {
            load: Some(save.clone()),
            ..CliOptions::default()
        };
        assert!(startup_commands(&interactive, &catalog).is_ok());
        let shot = CliOptions {
            screenshot: Some(dir.join("shot.png")),
            ..interactive.clone()
        };
        let error = startup_commands(&shot, &catalog).err().expect("refused");
        assert!(error.contains("Could not open the save"), "{error}");
        let bench = CliOptions {
            bench_frames: Some(10),
            ..interactive
        };
        assert!(startup_commands(&bench, &catalog).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
