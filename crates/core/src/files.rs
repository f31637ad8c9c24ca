//! Writing user files safely, and reporting bad ones precisely.

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Write `contents` to `path` so that the file is either the old one or the complete new one,
/// never half written: write a temporary file beside it, flush it to disk, then rename it over.
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir)?;
    let file_name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, format!("{} names no file", path.display())))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(file_name);
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp = dir.join(temp_name);
    let written = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(contents)?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    if written.is_err() {
        // Best effort: a leftover temporary file is harmless but untidy.
        let _ = fs::remove_file(&temp);
    }
    written?;
    // Make the rename itself durable where the platform allows opening a directory.
    if let Ok(dir_handle) = fs::File::open(dir) {
        let _ = dir_handle.sync_all();
    }
    Ok(())
}

/// A file that could not be used, with where in it the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    pub path: PathBuf,
    /// 1-based line and column of the problem, when it is inside the text.
    pub position: Option<(usize, usize)>,
    pub message: String,
}

impl FileError {
    pub fn io(path: &Path, error: &io::Error) -> Self {
        Self {
            path: path.to_path_buf(),
            position: None,
            message: error.to_string(),
        }
    }

    pub fn from_ron(path: &Path, error: &ron::error::SpannedError) -> Self {
        Self {
            path: path.to_path_buf(),
            position: Some((error.span.start.line, error.span.start.col)),
            message: error.code.to_string(),
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, col)) => {
                write!(f, "{}:{line}:{col}: {}", self.path.display(), self.message)
            }
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

impl std::error::Error for FileError {}

/// Read and parse a RON file. On any problem the file is left exactly as it was.
pub fn read_ron<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, FileError> {
    let text = fs::read_to_string(path).map_err(|e| FileError::io(path, &e))?;
    ron::from_str(&text).map_err(|e| FileError::from_ron(path, &e))
}

/// Serialise as pretty RON and write atomically.
pub fn write_ron<T: serde::Serialize>(path: &Path, value: &T) -> Result<(), FileError> {
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::new()).map_err(|e| FileError {
        path: path.to_path_buf(),
        position: None,
        message: e.to_string(),
    })?;
    write_atomic(path, text.as_bytes()).map_err(|e| FileError::io(path, &e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("spellhall-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn atomic_write_replaces_and_leaves_no_temporary_file() {
        let dir = scratch_dir("atomic");
        let path = dir.join("settings.ron");
        write_atomic(&path, b"first").unwrap();
        write_atomic(&path, b"second").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "second");
        let names: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 1, "left behind: {names:?}");
    }

    #[test]
    fn atomic_write_creates_missing_folders() {
        let dir = scratch_dir("folders");
        let path = dir.join("a/b/c.ron");
        write_atomic(&path, b"x").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"x");
    }

    #[test]
    fn malformed_ron_names_line_and_column_and_keeps_the_file() {
        let dir = scratch_dir("bad");
        let path = dir.join("bad.ron");
        let text = "(\n  ui_scale: 1.0,\n  window: Fullscreen\n  oops\n)";
        fs::write(&path, text).unwrap();
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Settings {
            ui_scale: f32,
            window: String,
        }
        let error = read_ron::<Settings>(&path).unwrap_err();
        let (line, _col) = error.position.expect("a position");
        assert_eq!(line, 3, "{error}");
        assert!(
            error.to_string().starts_with(&format!("{}:3:", path.display())),
            "{error}"
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), text);
    }

    #[test]
    fn missing_file_is_an_error_without_position() {
        let error = read_ron::<u32>(Path::new("/nonexistent/spellhall/x.ron")).unwrap_err();
        assert_eq!(error.position, None);
        assert!(error.to_string().contains("/nonexistent/spellhall/x.ron"));
    }
}
