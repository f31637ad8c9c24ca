//! The app's integration tests, one module per area, linked into one test binary: each binary
//! links the whole of Bevy (about 165 MB in a debug build), so one binary instead of fourteen saves
//! CI two gigabytes of disk and thirteen links. Run one area with `cargo test -p spellhall --test app spellfire_table::`.

mod added_content;
mod command_line;
mod deck_editor;
mod hostile_files;
mod nothing_lost;
mod play_feel;
mod reader_mutations;
mod screens;
mod shortcuts;
mod spellcaster_table;
mod spellfire_table;
mod spells_of_doom_table;
mod strong_computer;
mod ui_scale;
