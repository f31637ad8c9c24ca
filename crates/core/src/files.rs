//! Writing user files safely, and reporting bad ones precisely.

use std::fmt;
use std::fs;
use std::io::{self, Read, Write};
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

/// The most a save, an autosave, a deck, the settings or any other file of the player's may hold.
/// The longest games save to a few hundred kilobytes; this leaves ample room.
pub const USER_FILE_LIMIT: u64 = 8 * 1024 * 1024;

/// The most a content file (a card set, fan cards) may hold: the largest shipped set is about
/// 110 kB, and 10,000 user cards come to a few megabytes.
pub const CONTENT_FILE_LIMIT: u64 = 16 * 1024 * 1024;

/// Read a whole file, refusing anything that is not a regular file or holds more than `limit`
/// bytes, so that `/dev/zero`, a FIFO, a folder or a huge file gives an error at once instead of
/// filling the memory or blocking. Symbolic links are followed and their target is checked.
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    // `metadata` never opens the file, so it cannot block on a FIFO (opening one for reading
    // waits for a writer).
    let metadata = fs::metadata(path).map_err(|e| FileError::io(path, &e))?;
    check_regular_and_small(path, &metadata, limit)?;
    let file = fs::File::open(path).map_err(|e| FileError::io(path, &e))?;
    // The path may have been replaced between the check and the open: check what was opened. (A
    // FIFO swapped in at that very instant would make the open wait; without `O_NONBLOCK`, which
    // needs libc, that race is accepted.)
    let opened = file.metadata().map_err(|e| FileError::io(path, &e))?;
    check_regular_and_small(path, &opened, limit)?;
    // A file that grows while it is read stops one byte past the limit and is refused.
    let mut bytes = Vec::with_capacity(opened.len().min(limit) as usize);
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::io(path, &e))?;
    if bytes.len() as u64 > limit {
        return Err(FileError::unusable(path, too_large(limit)));
    }
    Ok(bytes)
}

fn check_regular_and_small(path: &Path, metadata: &fs::Metadata, limit: u64) -> Result<(), FileError> {
    if !metadata.is_file() {
        return Err(FileError::unusable(
            path,
            format!("is not a regular file (it is {})", kind_of(&metadata.file_type())),
        ));
    }
    if metadata.len() > limit {
        return Err(FileError::unusable(
            path,
            format!("holds {} bytes; {}", metadata.len(), too_large(limit)),
        ));
    }
    Ok(())
}

fn too_large(limit: u64) -> String {
    format!(
        "files of this kind may hold at most {} MB, so it was not read",
        limit / (1024 * 1024)
    )
}

/// What a file that is not a regular file is, in words.
fn kind_of(file_type: &fs::FileType) -> &'static str {
    if file_type.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "not a plain file"
}

/// Read a text file with [`read_bounded`]: it must be UTF-8 (an invalid byte is reported at its
/// line and column), and a leading byte-order mark is dropped.
pub fn read_text(path: &Path, limit: u64) -> Result<String, FileError> {
    let bytes = read_bounded(path, limit)?;
    decode_text(path, bytes)
}

/// UTF-8 text from bytes, without a leading byte-order mark; the first invalid byte is reported
/// with its line and column.
pub fn decode_text(path: &Path, bytes: Vec<u8>) -> Result<String, FileError> {
    match String::from_utf8(bytes) {
        Ok(mut text) => {
            if text.starts_with(BYTE_ORDER_MARK) {
                text.drain(..BYTE_ORDER_MARK.len_utf8());
            }
            Ok(text)
        }
        Err(error) => {
            let valid = &error.as_bytes()[..error.utf8_error().valid_up_to()];
            // Everything before the invalid byte is valid UTF-8.
            let before = std::str::from_utf8(valid).unwrap_or_default();
            let bad = error.as_bytes()[valid.len()];
            Err(FileError {
                path: path.to_path_buf(),
                position: Some(line_col_at_end(strip_byte_order_mark(before))),
                message: format!("is not UTF-8 text (the byte 0x{bad:02X} is not valid here)"),
            })
        }
    }
}

/// The byte-order mark some editors put at the start of UTF-8 files.
pub const BYTE_ORDER_MARK: char = '\u{feff}';

/// `text` without a leading byte-order mark.
pub fn strip_byte_order_mark(text: &str) -> &str {
    text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text)
}

/// 1-based line and column of the character just after `before`.
fn line_col_at_end(before: &str) -> (usize, usize) {
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |nl| nl + 1);
    (line, before[line_start..].chars().count() + 1)
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

    /// A problem with the file as a whole (its kind or size), not at a place in it.
    pub fn unusable(path: &Path, message: impl Into<String>) -> Self {
        Self {
            path: path.to_path_buf(),
            position: None,
            message: message.into(),
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

/// Read and parse a RON file of the player's (at most [`USER_FILE_LIMIT`] bytes). On any problem
/// the file is left exactly as it was.
pub fn read_ron<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, FileError> {
    let text = read_text(path, USER_FILE_LIMIT)?;
    parse_ron(path, &text)
}

/// Parse RON text read from `path` (a leading byte-order mark is allowed); errors name the line
/// and column.
pub fn parse_ron<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T, FileError> {
    ron::from_str(strip_byte_order_mark(text)).map_err(|e| FileError::from_ron(path, &e))
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

    /// Run `read` on another thread and fail, instead of hanging, if it takes over 10 seconds.
    fn within_seconds<T: Send + 'static>(read: impl FnOnce() -> T + Send + 'static) -> T {
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || send.send(read()));
        receive
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("the read blocked instead of failing at once")
    }

    fn refused(path: &Path) -> FileError {
        let owned = path.to_path_buf();
        within_seconds(move || read_text(&owned, USER_FILE_LIMIT)).expect_err("refused")
    }

    #[cfg(unix)]
    #[test]
    fn dev_zero_and_a_symlink_to_it_are_refused_at_once() {
        let error = refused(Path::new("/dev/zero"));
        assert_eq!(error.to_string(), "/dev/zero: is not a regular file (it is a device)");
        let dir = scratch_dir("zero-link");
        let link = dir.join("autosave.ron");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        let error = refused(&link);
        assert!(
            error
                .to_string()
                .ends_with("autosave.ron: is not a regular file (it is a device)"),
            "{error}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_waiting_for_a_writer() {
        let dir = scratch_dir("fifo");
        let fifo = dir.join("settings.ron");
        match std::process::Command::new("mkfifo").arg(&fifo).status() {
            Ok(status) if status.success() => {}
            // Without mkfifo there is no FIFO to test with; the device test covers the same check.
            _ => return eprintln!("mkfifo is not available: skipped"),
        }
        let error = refused(&fifo);
        assert!(
            error
                .to_string()
                .ends_with("settings.ron: is not a regular file (it is a FIFO)"),
            "{error}"
        );
    }

    #[test]
    fn a_folder_is_refused() {
        let dir = scratch_dir("folder");
        assert!(refused(&dir).message.contains("(it is a folder)"));
    }

    #[test]
    fn a_file_over_the_limit_is_refused_without_reading_it() {
        let dir = scratch_dir("huge");
        let path = dir.join("game.ron");
        // Sparse: takes no disk space, but reports its full length.
        fs::File::create(&path).unwrap().set_len(USER_FILE_LIMIT + 1).unwrap();
        let error = refused(&path);
        assert!(
            error
                .message
                .starts_with(&format!("holds {} bytes; ", USER_FILE_LIMIT + 1)),
            "{error}"
        );
        assert!(error.message.contains("at most 8 MB"), "{error}");
        fs::File::create(&path).unwrap().set_len(USER_FILE_LIMIT).unwrap();
        assert_eq!(
            read_bounded(&path, USER_FILE_LIMIT).map(|b| b.len() as u64),
            Ok(USER_FILE_LIMIT)
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_file_that_holds_more_than_its_size_says_is_cut_off_at_the_limit() {
        // Files under /proc report a size of 0 but yield text when read, like a file that grows
        // while it is read.
        let status = Path::new("/proc/self/status");
        assert_eq!(fs::metadata(status).unwrap().len(), 0);
        let error = read_bounded(status, 16).unwrap_err();
        assert!(error.message.contains("at most 0 MB"), "{error}");
    }

    #[test]
    fn a_byte_order_mark_is_accepted() {
        let dir = scratch_dir("bom");
        let path = dir.join("settings.ron");
        fs::write(&path, "\u{feff}(ui_scale: 1.5)").unwrap();
        #[derive(serde::Deserialize, Debug, PartialEq)]
        struct Settings {
            ui_scale: f32,
        }
        assert_eq!(read_ron::<Settings>(&path), Ok(Settings { ui_scale: 1.5 }));
    }

    #[test]
    fn a_byte_that_is_not_utf8_is_reported_at_its_line_and_column() {
        let error = decode_text(
            Path::new("deck.ron"),
            b"\xEF\xBB\xBF(\n  name: \"na\xEFve\",\n)".to_vec(),
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "deck.ron:2:12: is not UTF-8 text (the byte 0xEF is not valid here)"
        );
    }

    #[test]
    fn missing_file_is_an_error_without_position() {
        let error = read_ron::<u32>(Path::new("/nonexistent/spellhall/x.ron")).unwrap_err();
        assert_eq!(error.position, None);
        assert!(error.to_string().contains("/nonexistent/spellhall/x.ron"));
    }
}
