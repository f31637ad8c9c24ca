//! The `spellhall` binary's command line: `--help` is an answer, not an error, and an argument
//! that is not UTF-8 never panics. (Only runs that exit before a window opens.)

use std::process::{Command, Output};

fn spellhall(args: &[std::ffi::OsString]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_spellhall"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn help_goes_to_stdout_and_exits_with_success() {
    let output = spellhall(&["--help".into()]);
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("Usage: spellhall"));
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_read_or_explained_never_a_panic() {
    use std::os::unix::ffi::OsStringExt;
    let naive = std::ffi::OsString::from_vec(b"na\xefve.ron".to_vec());
    // A path may hold any bytes: it is kept, and parsing goes on to the next flag.
    let output = spellhall(&[
        "--load".into(),
        naive.clone(),
        "--user-dir".into(),
        naive.clone(),
        "--wat".into(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("unknown option '--wat'"), "{stderr}");
    // A word must be text: a clear message, not exit code 101.
    let output = spellhall(&["--game".into(), naive]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("--game needs plain text, and 'na\u{fffd}ve.ron' holds bytes"),
        "{stderr}"
    );
}
