//! Command-line flags, for players and for automation (tests, CI, screenshots, benchmarks).

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
    /// `--players A,B,cpu:C`: names in seat order; `cpu:` marks a computer seat.
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
    /// `--user-dir DIR`: keep settings, saves and user content under DIR instead of the platform's
    /// folders (portable installs, tests).
    pub user_dir: Option<PathBuf>,
    /// `--deck FILE|starter:A-1`: the deck the editor opens with `--screen deck-editor`.
    pub deck: Option<String>,
    /// `--dev-games`: also list the kernel's test game Tally (for developers and CI; not a game).
    pub dev_games: bool,
}

pub const USAGE: &str = "\
Usage: spellhall [options]
  --game ID            spellfire | spells-of-doom | mighty-magics | spellcaster
  --seed N             seed for a new game (default: random)
  --players A,B,...    player names in seat order; prefix cpu: for a computer seat
  --load FILE          open a saved game
  --screen NAME        title | setup | deck-editor | playing (default: title)
  --screenshot PATH    save a PNG of the window after --frames frames, then exit
  --frames N           frames to render before the screenshot (default 10)
  --bench-frames N     render N frames with nothing drawn, then N of the screen; print
                       frame-time p50/p95/p99 and peak memory, then exit
  --deck FILE          with --screen deck-editor: open this deck (a .ron deck file, or
                       starter:A-1 ... starter:F-2 for a 1st Edition starter deck)
  --user-dir DIR       keep settings, saves and user content under DIR
  --dev-games          developers: also list the kernel's test game Tally
  --help               this text";

impl CliOptions {
    /// Parse the arguments after the program name. `Err` carries a message for the user.
    pub fn parse<I: IntoIterator<Item = String>>(args: I) -> Result<Self, String> {
        let mut options = CliOptions {
            frames: 10,
            ..CliOptions::default()
        };
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value\n\n{USAGE}"));
            match flag.as_str() {
                "--game" => options.game = Some(value()?),
                "--seed" => options.seed = Some(number(&flag, &value()?)?),
                "--players" => {
                    options.players = value()?
                        .split(',')
                        .map(|s| s.trim().to_string())
                        .filter(|s| !s.is_empty())
                        .collect()
                }
                "--load" => options.load = Some(PathBuf::from(value()?)),
                "--screen" => {
                    options.screen = match value()?.as_str() {
                        "title" => StartScreen::Title,
                        "setup" => StartScreen::Setup,
                        "deck-editor" => StartScreen::DeckEditor,
                        "playing" => StartScreen::Playing,
                        other => return Err(format!("unknown screen '{other}'\n\n{USAGE}")),
                    }
                }
                "--screenshot" => options.screenshot = Some(PathBuf::from(value()?)),
                "--frames" => options.frames = number(&flag, &value()?)?,
                "--bench-frames" => options.bench_frames = Some(number(&flag, &value()?)?),
                "--user-dir" => options.user_dir = Some(PathBuf::from(value()?)),
                "--deck" => options.deck = Some(value()?),
                "--dev-games" => options.dev_games = true,
                "--help" | "-h" => return Err(USAGE.to_string()),
                other => return Err(format!("unknown option '{other}'\n\n{USAGE}")),
            }
        }
        Ok(options)
    }
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{flag} needs a number, not '{text}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<CliOptions, String> {
        CliOptions::parse(args.iter().map(|s| s.to_string()))
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
}
