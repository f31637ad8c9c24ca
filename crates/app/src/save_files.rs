//! Saves are never replaced without asking: each save gets a name no other file has, the autosave
//! of an unfinished game is kept aside before another game takes its place, and only one running
//! Spellhall autosaves into a data folder.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use bevy::prelude::Resource;

use crate::paths::UserDirs;

/// Claim a name in `dir` that no file has: `<stem>.ron`, else `<stem>-2.ron`, `<stem>-3.ron`…
/// The name is claimed by creating the file empty with create-new semantics, so two writers (or
/// two saves in the same second) never get the same one; the caller then replaces the empty file.
pub fn claim_new_file(dir: &Path, stem: &str) -> io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    for n in 1..=10_000u32 {
        let name = if n == 1 {
            format!("{stem}.ron")
        } else {
            format!("{stem}-{n}.ron")
        };
        let path = dir.join(name);
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(_) => return Ok(path),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(format!(
        "{}: every name for '{stem}' is taken",
        dir.display()
    )))
}

/// Write a new file in `dir` named after `stem`, never replacing another file. `write` fills the
/// claimed path (atomically, by temp file and rename over the empty placeholder this owns).
pub fn write_new(dir: &Path, stem: &str, write: impl FnOnce(&Path) -> Result<(), String>) -> Result<PathBuf, String> {
    let path = claim_new_file(dir, stem).map_err(|e| format!("{}: {e}", dir.display()))?;
    match write(&path) {
        Ok(()) => Ok(path),
        Err(error) => {
            // The placeholder is ours and empty: leave no trace of the failed save.
            let _ = fs::remove_file(&path);
            Err(error)
        }
    }
}

/// Move the autosave into `saves_dir` under a new name made from `stem` (the player's words, e.g.
/// "Unfinished Mighty Magics 2026-12-01 17h34", local time), so that it can be loaded like any save.
pub fn keep_aside(autosave: &Path, saves_dir: &Path, stem: &str) -> io::Result<PathBuf> {
    let kept = claim_new_file(saves_dir, stem)?;
    // Renaming over the placeholder we just created replaces nothing of anyone else's.
    if let Err(error) = fs::rename(autosave, &kept) {
        let _ = fs::remove_file(&kept);
        return Err(error);
    }
    Ok(kept)
}

/// Where this app autosaves. `path` is `None` when another running Spellhall holds the lock on the
/// same data folder: then this one neither writes, resumes nor removes the autosave.
#[derive(Resource, Debug)]
pub struct AutosaveSlot {
    pub path: Option<PathBuf>,
    /// Held open for the app's lifetime: the operating system drops the lock when the process ends,
    /// even if it is killed.
    _lock: Option<File>,
}

/// How the data folder's lock went.
#[derive(Debug, PartialEq, Eq)]
pub enum LockOutcome {
    Held,
    /// Another Spellhall holds it.
    Busy,
    /// The lock file could not be made (a read-only folder, say): autosave goes on as before, and
    /// any write failure is reported when it happens.
    Unavailable(String),
}

impl AutosaveSlot {
    /// Take the lock file `<data>/spellhall.lock`; the slot autosaves only if this app holds it or
    /// locking is not possible at all.
    pub fn claim(dirs: &UserDirs) -> (Self, LockOutcome) {
        let lock_path = dirs.lock_file();
        let opened = fs::create_dir_all(&dirs.data).and_then(|()| {
            OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&lock_path)
        });
        let file = match opened {
            Ok(file) => file,
            Err(e) => {
                return (
                    Self::owner(dirs, None),
                    LockOutcome::Unavailable(format!("{}: {e}", lock_path.display())),
                );
            }
        };
        match file.try_lock() {
            Ok(()) => (Self::owner(dirs, Some(file)), LockOutcome::Held),
            Err(fs::TryLockError::WouldBlock) => (
                Self {
                    path: None,
                    _lock: None,
                },
                LockOutcome::Busy,
            ),
            Err(fs::TryLockError::Error(e)) => (
                Self::owner(dirs, None),
                LockOutcome::Unavailable(format!("{}: {e}", lock_path.display())),
            ),
        }
    }

    fn owner(dirs: &UserDirs, lock: Option<File>) -> Self {
        Self {
            path: Some(dirs.autosave_file()),
            _lock: lock,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("spellhall-save-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn two_saves_with_one_stem_get_two_files_each_with_its_content() {
        let dir = scratch("same-stem");
        let first = write_new(&dir, "tally-20261201-173400", |p| {
            fs::write(p, "first").map_err(|e| e.to_string())
        })
        .unwrap();
        let second = write_new(&dir, "tally-20261201-173400", |p| {
            fs::write(p, "second").map_err(|e| e.to_string())
        })
        .unwrap();
        assert_ne!(first, second);
        assert_eq!(fs::read_to_string(&first).unwrap(), "first");
        assert_eq!(fs::read_to_string(&second).unwrap(), "second");
        assert!(second.ends_with("tally-20261201-173400-2.ron"), "{}", second.display());
    }

    #[test]
    fn a_failed_save_leaves_no_placeholder() {
        let dir = scratch("failed");
        let error = write_new(&dir, "x", |_| Err("disk full".to_string())).unwrap_err();
        assert_eq!(error, "disk full");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
    }

    #[test]
    fn keeping_the_autosave_aside_never_replaces_a_save() {
        let dir = scratch("keep");
        let saves = dir.join("saves");
        fs::create_dir_all(&saves).unwrap();
        fs::write(saves.join("Unfinished Tally.ron"), "older").unwrap();
        let autosave = dir.join("autosave.ron");
        fs::write(&autosave, "game").unwrap();
        let kept = keep_aside(&autosave, &saves, "Unfinished Tally").unwrap();
        assert!(!autosave.exists());
        assert_eq!(fs::read_to_string(&kept).unwrap(), "game");
        assert_eq!(fs::read_to_string(saves.join("Unfinished Tally.ron")).unwrap(), "older");
    }

    #[test]
    fn a_second_claim_on_one_data_folder_finds_it_busy_until_the_first_ends() {
        let dirs = UserDirs::under(&scratch("lock"));
        let (first, outcome) = AutosaveSlot::claim(&dirs);
        assert_eq!(outcome, LockOutcome::Held);
        assert_eq!(first.path, Some(dirs.autosave_file()));
        let (second, outcome) = AutosaveSlot::claim(&dirs);
        assert_eq!(outcome, LockOutcome::Busy);
        assert_eq!(second.path, None);
        drop(first);
        assert_eq!(AutosaveSlot::claim(&dirs).1, LockOutcome::Held);
    }
}
