//! Command-line flags, for players and for automation (tests, CI, screenshots, benchmarks).

use std::ffi::OsString;
use std::path::PathBuf;

/// The screen to open at start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StartScreen {
    #[default]
    Title,
    Setup,
    DeckEditor,
    Playing,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct CliOptions {
    /// `--game ID`: the game for `--screen setup|playing`.
    pub game: Option<String>,
    /// `--seed N`
    pub seed: Option<u64>,
    /// `--players A,B,cpu:C,strong:D`: names in seat order; `cpu:` marks a computer seat,
    /// `strong:` a strong computer seat.
    pub players: Vec<String>,
    /// `--load FILE`: open a saved game.
    pub load: Option<PathBuf>,
    /// `--screen title|setup|deck-editor|playing`
    pub screen: StartScreen,
    /// `--screenshot PATH`: save a screenshot after `--frames` frames and exit.
    pub screenshot: Option<PathBuf>,
    /// `--frames N` (default 10).
    pub frames: u32,
    /// `--bench-frames N`: print frame-time percentiles and peak memory, then exit.
    pub bench_frames: Option<u32>,
    /// `--bench-idle SECONDS`: let the screen settle, print the CPU the process uses a second while
    /// nothing happens, then exit.
    pub bench_idle: Option<f64>,
    /// `--user-dir DIR`: keep settings, saves and user content under DIR instead of the platform's
    /// folders (portable installs, tests).
    pub user_dir: Option<PathBuf>,
    /// `--deck FILE|starter:A-1`: the deck the editor opens with `--screen deck-editor`.
    pub deck: Option<PathBuf>,
    /// `--dev-games`: also list the kernel's test game Tally (for developers and CI; not a game).
    pub dev_games: bool,
}

/// A `--players` entry: `cpu:NAME` is a computer seat, `strong:NAME` a strong computer seat.
/// Returns the name, whether a computer sits there, and whether it is strong.
pub fn parse_player(spec: &str) -> (&str, bool, bool) {
    if let Some(name) = spec.strip_prefix("strong:") {
        (name, true, true)
    } else if let Some(name) = spec.strip_prefix("cpu:") {
        (name, true, false)
    } else {
        (spec, false, false)
    }
}

pub const USAGE: &str = "\
Usage: spellhall [options]
  --game ID            spellfire | spells-of-doom | mighty-magics | spellcaster
  --seed N             seed for a new game (default: random)
  --players A,B,...    player names in seat order; prefix cpu: for a computer seat,
                       strong: for a strong computer seat (where the game has one)
  --load FILE          open a saved game
  --screen NAME        title | setup | deck-editor | playing (default: title)
  --screenshot PATH    save a PNG of the window after --frames frames, then exit
  --frames N           frames to render before the screenshot (default 10)
  --bench-frames N     render N frames with nothing drawn, then N of the screen; print
                       frame-time p50/p95/p99, what egui drew (triangles, the area
                       covered) and peak memory, then exit
  --bench-idle SECONDS let the screen settle, then print the CPU time the app uses a
                       second over SECONDS while nothing happens, and exit
  --deck FILE          with --screen deck-editor: open this deck (a .ron deck file, a
                       CrossFire .cfd deck, a .txt card list, or starter:A-1 ... starter:F-2
                       for a 1st Edition starter deck)
  --user-dir DIR       keep settings, saves and user content under DIR
  --dev-games          developers: also list the kernel's test game Tally
  --help               this text";

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Run(CliOptions),
    /// `--help`: print [`USAGE`] and exit successfully.
    Help,
}

impl CliOptions {
    /// Parse the arguments after the program name (`std::env::args_os().skip(1)`): paths are kept
    /// as they are, whatever their bytes. `Err` carries a message for the user.
    pub fn parse<I: IntoIterator<Item = OsString>>(args: I) -> Result<Command, String> {
        let mut options = CliOptions {
            frames: 10,
            ..CliOptions::default()
        };
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            let Some(flag) = flag.to_str().map(str::to_owned) else {
                return Err(format!("unknown option '{}'\n\n{USAGE}", flag.to_string_lossy()));
            };
            let mut path = || args.next().ok_or_else(|| format!("{flag} needs a value\n\n{USAGE}"));
            match flag.as_str() {
                "--load" => options.load = Some(PathBuf::from(path()?)),
                "--screenshot" => options.screenshot = Some(PathBuf::from(path()?)),
                "--user-dir" => options.user_dir = Some(PathBuf::from(path()?)),
                "--deck" => options.deck = Some(PathBuf::from(path()?)),
                "--dev-games" => options.dev_games = true,
                "--help" | "-h" => return Ok(Command::Help),
                text_flag if TEXT_FLAGS.contains(&text_flag) => {
                    // These flags take words and numbers, which must be readable text.
                    let value = path()?;
                    let text = value.to_str().ok_or_else(|| {
                        format!(
                            "{flag} needs plain text, and '{}' holds bytes that are not UTF-8",
                            value.to_string_lossy()
                        )
                    });
                    read_text_flag(&mut options, &flag, text)?;
                }
                other => return Err(format!("unknown option '{other}'\n\n{USAGE}")),
            }
        }
        Ok(Command::Run(options))
    }
}

/// The flags whose value is text rather than a path.
const TEXT_FLAGS: [&str; 7] = [
    "--game",
    "--seed",
    "--players",
    "--screen",
    "--frames",
    "--bench-frames",
    "--bench-idle",
];

/// A flag whose value is text; `value` is its text, or why it is not text.
fn read_text_flag(options: &mut CliOptions, flag: &str, value: Result<&str, String>) -> Result<(), String> {
    match flag {
        "--game" => options.game = Some(value?.to_string()),
        "--seed" => options.seed = Some(number(flag, value?)?),
        "--players" => {
            options.players = value?
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect()
        }
        "--screen" => {
            options.screen = match value? {
                "title" => StartScreen::Title,
                "setup" => StartScreen::Setup,
                "deck-editor" => StartScreen::DeckEditor,
                "playing" => StartScreen::Playing,
                other => return Err(format!("unknown screen '{other}'\n\n{USAGE}")),
            }
        }
        "--frames" => options.frames = number(flag, value?)?,
        "--bench-frames" => options.bench_frames = Some(number(flag, value?)?),
        "--bench-idle" => {
            let seconds: f64 = number(flag, value?)?;
            if !(seconds > 0.0 && seconds.is_finite()) {
                return Err(format!("{flag} needs a number of seconds above 0, not '{seconds}'"));
            }
            options.bench_idle = Some(seconds);
        }
        other => return Err(format!("unknown option '{other}'\n\n{USAGE}")),
    }
    Ok(())
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{flag} needs a number, not '{text}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<CliOptions, String> {
        match CliOptions::parse(args.iter().map(OsString::from))? {
            Command::Run(options) => Ok(options),
            Command::Help => Err("asked for help".into()),
        }
    }

    #[cfg(unix)]
    fn not_utf8(bytes: &[u8]) -> OsString {
        use std::os::unix::ffi::OsStringExt;
        OsString::from_vec(bytes.to_vec())
    }

    #[test]
    fn help_is_a_request_not_a_mistake() {
        for flag in ["--help", "-h"] {
            let args = ["--seed", "1", flag].map(OsString::from);
            assert_eq!(CliOptions::parse(args), Ok(Command::Help));
        }
    }

    #[cfg(unix)]
    #[test]
    fn paths_that_are_not_utf8_are_kept_byte_for_byte() {
        let save = not_utf8(b"na\xefve.ron");
        let dir = not_utf8(b"/tmp/caf\xe9");
        let args = vec![
            OsString::from("--load"),
            save.clone(),
            OsString::from("--user-dir"),
            dir.clone(),
            OsString::from("--deck"),
            save.clone(),
        ];
        let Ok(Command::Run(options)) = CliOptions::parse(args) else {
            panic!("not parsed")
        };
        assert_eq!(options.load, Some(PathBuf::from(&save)));
        assert_eq!(options.user_dir, Some(PathBuf::from(dir)));
        assert_eq!(options.deck, Some(PathBuf::from(save)));
    }

    #[cfg(unix)]
    #[test]
    fn text_that_is_not_utf8_is_explained() {
        let error = CliOptions::parse(vec![OsString::from("--game"), not_utf8(b"spell\xffire")]).unwrap_err();
        assert_eq!(
            error,
            "--game needs plain text, and 'spell\u{fffd}ire' holds bytes that are not UTF-8"
        );
        let error = CliOptions::parse(vec![not_utf8(b"--\xff")]).unwrap_err();
        assert!(error.starts_with("unknown option '--\u{fffd}'"), "{error}");
    }

    #[test]
    fn no_flags_open_the_title() {
        let options = parse(&[]).unwrap();
        assert_eq!(options.screen, StartScreen::Title);
        assert_eq!(options.frames, 10);
    }

    #[test]
    fn automation_flags_are_read() {
        let options = parse(&[
            "--game",
            "spellcaster",
            "--seed",
            "42",
            "--players",
            "Ann, cpu:Bot",
            "--screen",
            "playing",
            "--screenshot",
            "/tmp/a.png",
            "--frames",
            "30",
        ])
        .unwrap();
        assert_eq!(options.game.as_deref(), Some("spellcaster"));
        assert_eq!(options.seed, Some(42));
        assert_eq!(options.players, vec!["Ann", "cpu:Bot"]);
        assert_eq!(options.screen, StartScreen::Playing);
        assert_eq!(options.screenshot, Some(PathBuf::from("/tmp/a.png")));
        assert_eq!(options.frames, 30);
    }

    #[test]
    fn players_prefixes_name_person_computer_and_strong_computer_seats() {
        let options = parse(&["--players", "Ann,cpu:Bot,strong:Sage"]).unwrap();
        let seats: Vec<_> = options.players.iter().map(|p| parse_player(p)).collect();
        assert_eq!(
            seats,
            vec![("Ann", false, false), ("Bot", true, false), ("Sage", true, true)]
        );
    }

    #[test]
    fn mistakes_are_explained() {
        assert!(
            parse(&["--seed", "x"])
                .unwrap_err()
                .contains("--seed needs a number, not 'x'")
        );
        assert!(
            parse(&["--screen", "moon"])
                .unwrap_err()
                .contains("unknown screen 'moon'")
        );
        assert!(parse(&["--frames"]).unwrap_err().contains("--frames needs a value"));
        assert!(parse(&["--wat"]).unwrap_err().contains("unknown option '--wat'"));
    }

    #[test]
    fn bench_idle_takes_seconds_above_zero() {
        assert_eq!(parse(&["--bench-idle", "2.5"]).unwrap().bench_idle, Some(2.5));
        assert_eq!(parse(&[]).unwrap().bench_idle, None);
        for wrong in ["0", "-1", "inf", "NaN"] {
            let error = parse(&["--bench-idle", wrong]).unwrap_err();
            assert!(
                error.contains("--bench-idle needs a number of seconds above 0"),
                "{wrong}: {error}"
            );
        }
    }
}
