//! The game being played, its autosave, and the saves on disk.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use bevy::prelude::*;
use spellhall_core::{SaveHeader, Seat};

use crate::games::{AnySession, GameCatalog, SetupChoice};
use crate::notices::Notices;
use crate::paths::UserDirs;
use crate::save_files::{AutosaveSlot, keep_aside};

/// The game on the table, if any.
#[derive(Resource, Default)]
pub struct ActiveGame {
    pub session: Option<Box<dyn AnySession>>,
    /// How the game was set up, for Play again (absent for a loaded game).
    pub last_setup: Option<SetupChoice>,
    /// Whether the autosave file holds this game: it was resumed from there, or autosaved since it
    /// began. Until then the autosave is another game's, to be kept aside, never replaced.
    pub in_autosave: bool,
}

impl ActiveGame {
    /// Put a game on the table; `resumed` says it was read from the autosave.
    pub fn begin(&mut self, session: Box<dyn AnySession>, last_setup: Option<SetupChoice>, resumed: bool) {
        self.session = Some(session);
        self.last_setup = last_setup;
        self.in_autosave = resumed;
    }

    pub fn names(&self) -> Vec<String> {
        self.session
            .as_ref()
            .map(|s| s.seats().iter().map(|x| x.name.clone()).collect())
            .unwrap_or_default()
    }

    pub fn name_of(&self, seat: Seat) -> String {
        self.names()
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| seat.to_string())
    }
}

/// A save file as listed on the title screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveListing {
    pub path: PathBuf,
    /// "Mighty Magics: Ann, Ben and Cal", or why the file cannot be read.
    pub summary: Result<String, String>,
    pub modified: String,
}

/// What the title screen offers to open.
#[derive(Resource, Default, Debug)]
pub struct SaveListings {
    pub autosave: Option<SaveListing>,
    pub saves: Vec<SaveListing>,
}

impl SaveListings {
    /// `autosave` is this app's autosave file (none while another app holds the data folder).
    pub fn scan(autosave: Option<&Path>, dirs: &UserDirs, catalog: &GameCatalog) -> Self {
        let autosave = autosave.filter(|path| path.exists()).map(|path| listing(path, catalog));
        let mut saves: Vec<SaveListing> = std::fs::read_dir(dirs.saves_dir())
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "ron"))
            .map(|path| listing(&path, catalog))
            .collect();
        // Newest first.
        saves.sort_by(|a, b| b.modified.cmp(&a.modified).then_with(|| a.path.cmp(&b.path)));
        Self { autosave, saves }
    }
}

/// The game's name as players know it ("Mighty Magics"), and who sits at its table.
fn game_and_players(header: &SaveHeader, catalog: &GameCatalog) -> (String, String) {
    let game = catalog
        .get(&header.game)
        .map_or(header.game.clone(), |e| e.name.to_string());
    let names: Vec<&str> = header.seats.iter().map(|s| s.name.as_str()).collect();
    (game, names.join(", "))
}

fn modified_time(path: &Path) -> String {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .map(format_time)
        .unwrap_or_default()
}

fn listing(path: &Path, catalog: &GameCatalog) -> SaveListing {
    let summary = SaveHeader::read(path).map_err(|e| e.to_string()).map(|header| {
        let (game, players) = game_and_players(&header, catalog);
        format!("{game}: {players}")
    });
    let modified = modified_time(path);
    SaveListing {
        path: path.to_path_buf(),
        summary,
        modified,
    }
}

/// "2026-11-30 14:05" in the player's local time.
pub fn format_time(time: SystemTime) -> String {
    format_time_at(time, local_offset(time))
}

/// A file name stamp "20261130-140512" in the player's local time.
pub fn file_stamp(time: SystemTime) -> String {
    file_stamp_at(time, local_offset(time))
}

/// "2026-11-30 14:05" at `offset` seconds east of UTC.
fn format_time_at(time: SystemTime, offset: i64) -> String {
    let (y, m, d, hh, mm, _) = civil(time, offset);
    format!("{y:04}-{m:02}-{d:02} {hh:02}:{mm:02}")
}

fn file_stamp_at(time: SystemTime, offset: i64) -> String {
    let (y, m, d, hh, mm, ss) = civil(time, offset);
    format!("{y:04}{m:02}{d:02}-{hh:02}{mm:02}{ss:02}")
}

/// Year, month, day, hour, minute, second at `offset` seconds east of UTC (times before 1970
/// count as 1970).
fn civil(time: SystemTime, offset: i64) -> (i64, u32, u32, i64, i64, i64) {
    let utc = time
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
    let secs = utc.saturating_add(offset).max(0);
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
    let rem = secs.rem_euclid(86_400);
    (y, m, d, rem / 3600, rem % 3600 / 60, rem % 60)
}

/// How far the local time zone is east of UTC at `time`, in seconds, summer time included
/// (0 where the system cannot say).
fn local_offset(time: SystemTime) -> i64 {
    #[cfg(unix)]
    if let Ok(since) = time.duration_since(SystemTime::UNIX_EPOCH)
        && let Ok(t) = libc::time_t::try_from(since.as_secs())
    {
        // SAFETY: an all-zero `tm` is a valid value, and localtime_r writes only into it.
        let mut tm: libc::tm = unsafe { std::mem::zeroed() };
        // SAFETY: both pointers are to live locals; localtime_r is the thread-safe form.
        if !unsafe { libc::localtime_r(&t, &mut tm) }.is_null() {
            // `c_long` is 32 bits on some targets, so the conversion is not useless everywhere.
            #[allow(clippy::useless_conversion)]
            return i64::from(tm.tm_gmtoff);
        }
    }
    let _ = time;
    0
}

/// Howard Hinnant's days-to-civil algorithm (public domain): days since 1970-01-01 to y/m/d.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Where autosave writes and what it may need to keep aside.
pub struct AutosaveContext<'a> {
    pub slot: &'a AutosaveSlot,
    pub dirs: &'a UserDirs,
    pub catalog: &'a GameCatalog,
}

/// Write the autosave after every change to the game; a failure is reported once per game. The
/// first autosave of a game keeps another unfinished game found in the file as a save.
pub fn autosave(game: &mut ActiveGame, to: &AutosaveContext, notices: &mut Notices, warned: &mut bool) {
    let Some(session) = &game.session else { return };
    // Another Spellhall autosaves in this data folder: leave its file alone.
    let Some(path) = &to.slot.path else { return };
    let finished = session.outcome().is_some();
    let result = if finished {
        // A finished game is not offered for resuming; another game's autosave stays.
        if game.in_autosave {
            match std::fs::remove_file(path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(format!("{}: {e}", path.display())),
                _ => Ok(()),
            }
        } else {
            Ok(())
        }
    } else if game.in_autosave {
        session.write_save(path)
    } else {
        keep_previous_autosave(path, to, notices).and_then(|()| session.write_save(path))
    };
    if result.is_ok() {
        game.in_autosave = !finished;
    }
    match result {
        Ok(()) => *warned = false,
        Err(error) if !*warned => {
            *warned = true;
            notices.problem(format!("The game could not be autosaved: {error}"));
        }
        Err(_) => {}
    }
}

/// Move the unfinished game found in the autosave into the saves folder, as "Unfinished <game>
/// <local date>", and tell the player where it went.
fn keep_previous_autosave(path: &Path, to: &AutosaveContext, notices: &mut Notices) -> Result<(), String> {
    if !path.exists() {
        return Ok(());
    }
    // An autosave whose header cannot be read is kept all the same, as "Unfinished game …".
    let header = SaveHeader::read(path).ok().map(|h| game_and_players(&h, to.catalog));
    let game = header.as_ref().map_or("game", |(game, _)| game.as_str());
    // File names may not hold ':' on every system.
    let stem = format!("Unfinished {game} {}", modified_time(path).replace(':', "h"));
    let kept = keep_aside(path, &to.dirs.saves_dir(), &stem).map_err(|e| {
        format!(
            "the unfinished game already in {} could not be kept as a save, so it was left in place: {e}",
            path.display()
        )
    })?;
    let file = kept
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let what = match &header {
        Some((game, players)) => format!("game of {game} ({players})"),
        None => "game".to_string(),
    };
    notices.lasting(format!(
        "The unfinished {what} was kept as \"{file}\": Load game on the title screen opens it."
    ));
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ActiveGame>().init_resource::<SaveListings>();
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn save_times_are_shown_in_local_time() {
        let t = SystemTime::UNIX_EPOCH + Duration::from_secs(1_796_036_712); // 2026-11-30 11:05:12 UTC
        assert_eq!(format_time_at(t, 0), "2026-11-30 11:05");
        assert_eq!(file_stamp_at(t, 0), "20261130-110512");
        // An hour east of Greenwich, and a day earlier five hours west of it.
        assert_eq!(format_time_at(t, 3600), "2026-11-30 12:05");
        let night = SystemTime::UNIX_EPOCH + Duration::from_secs(1_796_002_200); // 2026-11-30 01:30 UTC
        assert_eq!(format_time_at(night, -5 * 3600), "2026-11-29 20:30");
        assert_eq!(
            format_time_at(SystemTime::UNIX_EPOCH + Duration::from_secs(951_782_400), 0),
            "2000-02-29 00:00"
        );
        // The shown time is the local clock's: UTC moved by the zone's offset at that moment.
        assert_eq!(format_time(t), format_time_at(t, local_offset(t)));
    }
}
