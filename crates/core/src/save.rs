//! Save files: a game is saved as its table, config, seed and action log, plus a fingerprint of the
//! final state so that loading can prove the replay reached the same place.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::files::{FileError, USER_FILE_LIMIT, parse_ron, read_text, write_ron};
use crate::{ActionRecord, ReplayError, SeatInfo};

/// Bumped when the save layout changes in a way old readers cannot follow.
pub const SAVE_FORMAT_VERSION: u32 = 1;

/// A saved game. `C` is the game's config type, `A` its action type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveFile<C, A> {
    /// Which game this is (`Game::ID`).
    pub game: String,
    pub format_version: u32,
    pub seats: Vec<SeatInfo>,
    pub config: C,
    pub seed: u64,
    pub log: Vec<ActionRecord<A>>,
    /// Actions that were undone and can still be redone, the next one last.
    #[serde(default = "Vec::new")]
    pub redo: Vec<ActionRecord<A>>,
    /// [`fingerprint`] of the state after the log.
    pub state_fingerprint: String,
}

/// The first fields of any save, read before the game is known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveHeader {
    pub game: String,
    pub format_version: u32,
    #[serde(default)]
    pub seats: Vec<SeatInfo>,
}

impl SaveHeader {
    /// Read only the header of a save file (the file is never modified).
    pub fn read(path: &Path) -> Result<Self, SaveError> {
        let text = read_text(path, USER_FILE_LIMIT).map_err(SaveError::File)?;
        Self::parse(path, &text)
    }

    /// The header of the save text read from `path`.
    pub fn parse(path: &Path, text: &str) -> Result<Self, SaveError> {
        let header: SaveHeader = parse_ron(path, text).map_err(SaveError::File)?;
        if header.format_version > SAVE_FORMAT_VERSION {
            return Err(SaveError::NewerVersion {
                path: Some(path.to_path_buf()),
                found: header.format_version,
            });
        }
        Ok(header)
    }
}

/// Why a save could not be loaded or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    File(FileError),
    /// The file is a save of another game.
    OtherGame {
        found: String,
        expected: &'static str,
    },
    NewerVersion {
        /// The file, when the save was read from one.
        path: Option<PathBuf>,
        found: u32,
    },
    Replay(ReplayError),
    /// The replayed state differs from the one saved: the file was edited or the rules changed.
    FingerprintMismatch,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::File(e) => write!(f, "{e}"),
            SaveError::OtherGame { found, expected } => {
                write!(f, "this is a save of '{found}', not of '{expected}'")
            }
            SaveError::NewerVersion { path, found } => {
                if let Some(path) = path {
                    write!(f, "{}: ", path.display())?;
                }
                write!(
                    f,
                    "this save has format version {found}; this build of Spellhall reads up to {SAVE_FORMAT_VERSION}"
                )
            }
            SaveError::Replay(e) => write!(f, "the saved actions do not replay: {e}"),
            SaveError::FingerprintMismatch => f.write_str(
                "the saved actions replay to a different position than the one saved \
                 (the file was edited, or the rules changed since it was written)",
            ),
        }
    }
}

impl std::error::Error for SaveError {}

impl<C, A> SaveFile<C, A>
where
    C: Serialize + serde::de::DeserializeOwned,
    A: Serialize + serde::de::DeserializeOwned,
{
    /// Write atomically as pretty RON.
    pub fn write(&self, path: &Path) -> Result<(), SaveError> {
        write_ron(path, self).map_err(SaveError::File)
    }

    /// Read a save of the game `expected_game`. A corrupt, foreign or newer file is reported and left
    /// untouched.
    pub fn read(path: &Path, expected_game: &'static str) -> Result<Self, SaveError> {
        // Read once: the header and the body come from the same bytes even if the file changes.
        let text = read_text(path, USER_FILE_LIMIT).map_err(SaveError::File)?;
        Self::parse(path, &text, expected_game)
    }

    /// A save of `expected_game` from the text read from `path`.
    pub fn parse(path: &Path, text: &str, expected_game: &'static str) -> Result<Self, SaveError> {
        let header = SaveHeader::parse(path, text)?;
        if header.game != expected_game {
            return Err(SaveError::OtherGame {
                found: header.game,
                expected: expected_game,
            });
        }
        parse_ron(path, text).map_err(SaveError::File)
    }
}

/// A short, stable digest of a state: FNV-1a (64 bit) of its RON form, as hex. Stable across
/// platforms and Rust versions, unlike `std`'s hasher.
pub fn fingerprint<T: Serialize>(state: &T) -> String {
    let text = ron::to_string(state).unwrap_or_else(|e| format!("unserialisable state: {e}"));
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprint_is_stable_and_sensitive() {
        assert_eq!(fingerprint(&(1u8, "a")), fingerprint(&(1u8, "a")));
        assert_ne!(fingerprint(&(1u8, "a")), fingerprint(&(2u8, "a")));
        // FNV-1a of the RON text "()", a fixed value: a changed hash function would break old saves.
        assert_eq!(fingerprint(&()), "07e11f07b4a6665a");
    }
}
