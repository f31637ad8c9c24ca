//! The kernel's readers go through the bounded reader: a device, a FIFO or a huge file is refused
//! with a message naming it, at once; a byte-order mark at the start of a RON file is accepted.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use spellhall_core::content::{parse_ron, user_files};
use spellhall_core::files::CONTENT_FILE_LIMIT;
use spellhall_core::testkit::{Tally, TallyAction, TallyConfig, default_seats};
use spellhall_core::{SaveFile, SaveHeader, Session};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spellhall-bounded-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn save_text() -> String {
    let session = Session::<Tally>::new(default_seats(2), TallyConfig::default(), Arc::new(()), 5).unwrap();
    ron::ser::to_string_pretty(&session.to_save(), Default::default()).unwrap()
}

#[test]
fn a_content_file_and_a_save_may_start_with_a_byte_order_mark() {
    assert_eq!(parse_ron::<Vec<u8>>("cards.ron", "\u{feff}[1, 2]"), Ok(vec![1, 2]));
    let dir = scratch("bom");
    let path = dir.join("game.ron");
    fs::write(&path, format!("\u{feff}{}", save_text())).unwrap();
    let save = SaveFile::<TallyConfig, TallyAction>::read(&path, "tally").expect("read with a BOM");
    assert_eq!(save.seed, 5);
}

#[cfg(unix)]
#[test]
fn a_save_that_is_a_device_or_a_link_to_one_is_refused() {
    let dir = scratch("device");
    let link = dir.join("autosave.ron");
    std::os::unix::fs::symlink("/dev/urandom", &link).unwrap();
    let error = SaveHeader::read(&link).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("{}: is not a regular file (it is a device)", link.display())
    );
    let error = SaveFile::<TallyConfig, TallyAction>::read(Path::new("/dev/zero"), "tally").unwrap_err();
    assert_eq!(error.to_string(), "/dev/zero: is not a regular file (it is a device)");
}

#[test]
fn a_user_content_file_over_the_limit_is_reported_by_name() {
    let dir = scratch("content");
    let huge = dir.join("fan-set.ron");
    fs::File::create(&huge)
        .unwrap()
        .set_len(CONTENT_FILE_LIMIT + 1)
        .unwrap();
    let error = user_files(&dir).unwrap_err();
    assert_eq!(error.file, huge.display().to_string());
    assert!(error.message.contains("at most 16 MB"), "{error}");
}

#[cfg(unix)]
#[test]
fn a_user_content_file_that_is_a_link_to_a_device_is_reported_not_skipped() {
    let dir = scratch("content-device");
    let link = dir.join("cards.ron");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    let error = user_files(&dir).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("{}: is not a regular file (it is a device)", link.display())
    );
}
