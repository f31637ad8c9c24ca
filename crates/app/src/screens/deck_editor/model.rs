//! The deck editor's state and everything it does to decks and files. The egui body only edits
//! UI state (search text, dialog fields) and pushes [`EditorCommand`]s; [`DeckEditor::perform`]
//! carries them out, so every flow can be tested without a window.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};
use spellfire::cards::{CardRef, SetFile};
use spellfire::deck::{self, Deck, DeckFile, DeckFileKind, DeckShelf, Violation, validate};
use spellfire::format::{Format, Formats};
use spellfire::stats::{DeckStats, deck_stats};
use spellfire::{CardFilter, Catalogue, shipped_files};
use spellhall_core::content::{ContentError, SourceFile, check_added_count, parse_ron};
use spellhall_core::files::{USER_FILE_LIMIT, read_bounded, read_text, write_atomic};

use crate::games::{AddedContent, UserContent};
use crate::paths::UserDirs;

/// The shipped Spellfire content the editor works from, loaded once.
#[derive(Debug)]
pub struct Library {
    pub catalogue: Catalogue,
    pub formats: Formats,
    pub starters: Vec<Deck>,
}

impl Library {
    pub fn shipped() -> Result<Self, String> {
        Ok(Self {
            catalogue: Catalogue::shipped().map_err(|e| e.to_string())?,
            formats: Formats::shipped().map_err(|e| e.to_string())?,
            starters: deck::starter_decks().map_err(|e| e.to_string())?,
        })
    }

    /// The shipped content with the player's own sets in `folder` added, by the rule every game
    /// follows (all of them or none; see [`AddedContent::load`]).
    pub fn with_user_sets(folder: &Path) -> Result<(Self, AddedContent), String> {
        let shipped = Self::shipped()?;
        let (catalogue, added) = AddedContent::load(shipped.catalogue, folder, UserContent::Adds(add_user_sets));
        Ok((Self { catalogue, ..shipped }, added))
    }
}

/// What became of the player's own sets in `folder`, without keeping the catalogue: for the title
/// screen. The shipped catalogue is only loaded when the folder holds files.
pub fn spellfire_added_content(folder: &Path) -> AddedContent {
    match spellhall_core::content::user_file_paths(folder) {
        Ok(paths) if paths.is_empty() => AddedContent::None,
        _ => match Catalogue::shipped() {
            Ok(shipped) => AddedContent::load(shipped, folder, UserContent::Adds(add_user_sets)).1,
            // The shipped catalogue's own error is reported when the deck editor opens.
            Err(_) => AddedContent::None,
        },
    }
}

/// The shipped catalogue with a player's sets added: each file is a set file in the format of
/// `data/spellfire/sets/*.ron`, under a set code of its own (a shipped code is an error).
pub fn add_user_sets(_shipped: &Catalogue, files: &[SourceFile]) -> Result<Catalogue, Vec<ContentError>> {
    let mut sets = Vec::new();
    for file in files {
        sets.push((file, parse_ron::<SetFile>(&file.name, &file.text).map_err(|e| vec![e])?));
    }
    check_added_count(
        sets.iter()
            .map(|(file, set)| (*file, set.cards.iter().map(|card| card.name.as_str()))),
    )
    .map_err(|e| vec![e])?;
    // The catalogue checks set codes and card numbers as it loads the shipped sets, then these.
    let mut all = shipped_files();
    all.extend(files.iter().cloned());
    Catalogue::load(&all).map_err(|e| vec![e])
}

/// Where the open deck came from, which decides what Save does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Never saved: Save asks for a name.
    New,
    /// A file on the player's shelf.
    File(PathBuf),
    /// One of the twelve starter decks, read-only: Save asks for a name and saves a copy.
    Starter(usize),
}

/// Something the player asked for that changes the deck or the files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorCommand {
    Add(CardRef),
    Remove(CardRef),
    /// Drop a line of an imported list that named no card.
    RemoveUnread(usize),
    SetFormat(String),
    /// The deck's author and notes (kept in the deck file and in a `.cfd`).
    SetNotes {
        author: String,
        notes: String,
    },
    New,
    Open(PathBuf),
    OpenStarter(usize),
    Save,
    SaveAs(String),
    Duplicate,
    Rename(String),
    Delete,
    ImportText(String),
    ImportCfd(PathBuf),
    /// Write the deck to a `.cfd` (CrossFire) or `.txt` (text list) file; an existing file is
    /// replaced only with `overwrite`.
    Export {
        path: PathBuf,
        overwrite: bool,
    },
    /// Read the card texts of the player's own CrossFire folder into his data folder.
    ImportCardTexts(PathBuf),
    ForgetCardTexts,
    /// Leave for the title screen (after the unsaved-changes question).
    Leave,
    /// Close the app (after the unsaved-changes question): the window's close button.
    Quit,
    /// The answer to the unsaved-changes question.
    SaveThen,
    DiscardThen,
    CancelPending,
}

/// A dialog the editor shows over itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// The shelf's decks (read when the dialog opens), recent decks and the starters.
    Open {
        shelf: Vec<(PathBuf, Result<String, String>)>,
    },
    SaveAs {
        name: String,
    },
    Rename {
        name: String,
    },
    ConfirmDelete,
    Import {
        text: String,
        path: String,
    },
    Export {
        path: String,
        overwrite: bool,
    },
    CardTexts {
        path: String,
    },
    /// The deck has unsaved changes and the player asked for `then`.
    Unsaved {
        then: Box<EditorCommand>,
    },
}

/// How the results are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ResultsView {
    #[default]
    List,
    Faces,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SideTab {
    #[default]
    Deck,
    Statistics,
    Notes,
}

/// The recent-decks list, kept in the data folder.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Recent {
    decks: Vec<PathBuf>,
}

const RECENT_LIMIT: usize = 8;

#[derive(Resource)]
pub struct DeckEditor {
    pub library: Arc<Library>,
    pub shelf: DeckShelf,
    pub data_dir: PathBuf,
    pub filter: CardFilter,
    /// The search result for `shown_filter`, indices into the catalogue.
    pub results: Vec<u32>,
    shown_filter: Option<CardFilter>,
    pub selected: Option<CardRef>,
    pub deck: Deck,
    pub origin: Origin,
    pub dirty: bool,
    pub problems: Vec<Violation>,
    pub stats: DeckStats,
    pub view: ResultsView,
    pub tab: SideTab,
    pub dialog: Option<Dialog>,
    pub recent: Vec<PathBuf>,
    /// The printed texts from the player's own CrossFire folder, if he imported them.
    pub card_texts: BTreeMap<CardRef, String>,
    /// The last thing that happened, for the status line: (text, is_error).
    pub status: Option<(String, bool)>,
    /// The preview's card shown large (a click on it), until closed.
    pub zoomed: bool,
    /// Set when the editor is done and the app should go to the title screen.
    pub leave: bool,
    /// Set when the player closed the window and the app may now exit.
    pub quit: bool,
}

impl DeckEditor {
    pub fn new(library: Arc<Library>, dirs: &UserDirs) -> Self {
        let data_dir = dirs.data.join("spellfire");
        let mut editor = Self {
            library,
            shelf: DeckShelf::new(data_dir.join("decks")),
            filter: CardFilter::default(),
            results: Vec::new(),
            shown_filter: None,
            selected: None,
            deck: Deck::new("New deck", "55"),
            origin: Origin::New,
            dirty: false,
            problems: Vec::new(),
            stats: DeckStats::default(),
            view: ResultsView::default(),
            tab: SideTab::default(),
            dialog: None,
            recent: Vec::new(),
            card_texts: BTreeMap::new(),
            status: None,
            zoomed: false,
            leave: false,
            quit: false,
            data_dir,
        };
        match read_ron::<Recent>(&editor.recent_file()) {
            Ok(recent) => editor.recent = recent.decks,
            Err(e) if editor.recent_file().exists() => editor.fail(format!(
                "Your recent-decks list could not be read (it will be rewritten): {e}"
            )),
            Err(_) => {}
        }
        match read_ron::<BTreeMap<CardRef, String>>(&editor.texts_file()) {
            Ok(texts) => editor.card_texts = texts,
            Err(e) if editor.texts_file().exists() => {
                editor.fail(format!("Your imported card texts could not be read: {e}"))
            }
            Err(_) => {}
        }
        editor.recheck();
        editor.refresh_results();
        editor
    }

    fn recent_file(&self) -> PathBuf {
        self.data_dir.join("recent-decks.ron")
    }

    /// The player's imported CrossFire texts: his own data, never shipped.
    pub fn texts_file(&self) -> PathBuf {
        self.data_dir.join("crossfire-card-texts.ron")
    }

    pub fn exports_dir(&self) -> PathBuf {
        self.data_dir.join("exports")
    }

    /// Run the search again if the filter changed since the last time.
    pub fn refresh_results(&mut self) {
        if self.shown_filter.as_ref() != Some(&self.filter) {
            self.results = self.filter.apply(&self.library.catalogue);
            self.shown_filter = Some(self.filter.clone());
        }
    }

    /// Check the deck and count its statistics again (after every change).
    pub fn recheck(&mut self) {
        let library = Arc::clone(&self.library);
        let known = library.formats.get(&self.deck.format);
        match known.or_else(|| library.formats.formats.first()) {
            Some(format) => {
                self.problems = validate(&self.deck, format, &library.catalogue);
                self.stats = deck_stats(&self.deck, format, &library.catalogue);
                if known.is_none() {
                    // Checked against the first format, and the player is told so.
                    self.problems.insert(0, unknown_format(&self.deck.format, format));
                }
            }
            None => self.problems.clear(),
        }
    }

    pub fn read_only(&self) -> bool {
        matches!(self.origin, Origin::Starter(_))
    }

    fn info(&mut self, text: impl Into<String>) {
        self.status = Some((text.into(), false));
    }

    fn fail(&mut self, text: impl Into<String>) {
        self.status = Some((text.into(), true));
    }

    /// Commands that would throw away unsaved changes ask first.
    fn discards_changes(command: &EditorCommand) -> bool {
        matches!(
            command,
            EditorCommand::New
                | EditorCommand::Open(_)
                | EditorCommand::OpenStarter(_)
                | EditorCommand::Leave
                | EditorCommand::Quit
                | EditorCommand::ImportText(_)
                | EditorCommand::ImportCfd(_)
        )
    }

    pub fn perform(&mut self, command: EditorCommand) {
        if self.dirty && Self::discards_changes(&command) {
            self.dialog = Some(Dialog::Unsaved {
                then: Box::new(command),
            });
            return;
        }
        match command {
            EditorCommand::Add(id) => self.add(id),
            EditorCommand::Remove(id) => {
                if self.read_only() {
                    self.fail("Starter decks are read-only: Save as… makes a copy you can change.");
                } else if self.deck.remove(id) {
                    self.changed();
                }
            }
            EditorCommand::RemoveUnread(index) => {
                if self.read_only() {
                    self.fail("Starter decks are read-only: Save as… makes a copy you can change.");
                } else if index < self.deck.unread.len() {
                    self.deck.unread.remove(index);
                    self.changed();
                }
            }
            EditorCommand::SetNotes { author, notes } => {
                if self.read_only() {
                    self.fail("Starter decks are read-only: Save as… makes a copy you can change.");
                } else if (author.as_str(), notes.as_str()) != (self.deck.author.as_str(), self.deck.notes.as_str()) {
                    self.deck.author = author;
                    self.deck.notes = notes;
                    self.dirty = true;
                }
            }
            EditorCommand::SetFormat(format) => {
                if self.deck.format != format {
                    self.deck.format = format;
                    if !self.read_only() {
                        self.dirty = true;
                    }
                    self.recheck();
                }
            }
            EditorCommand::New => {
                let format = self.deck.format.clone();
                self.deck = Deck::new("New deck", &format);
                self.origin = Origin::New;
                self.dirty = false;
                self.recheck();
                self.info("A new, empty deck.");
            }
            EditorCommand::Open(path) => self.open(&path),
            EditorCommand::OpenStarter(index) => match self.library.starters.get(index) {
                Some(starter) => {
                    self.deck = starter.clone();
                    self.origin = Origin::Starter(index);
                    self.dirty = false;
                    self.recheck();
                    self.info(format!("{} (read-only: Save as… to change a copy).", self.deck.name));
                }
                None => self.fail("There is no such starter deck."),
            },
            EditorCommand::Save => match self.origin.clone() {
                Origin::File(path) => self.write_to(&path),
                Origin::New | Origin::Starter(_) => {
                    let name = self.deck.name.clone();
                    self.dialog = Some(Dialog::SaveAs { name });
                }
            },
            EditorCommand::SaveAs(name) => self.save_as(&name),
            EditorCommand::Duplicate => {
                let name = self.unused_name(&format!("{} (copy)", self.deck.name));
                self.save_as(&name);
            }
            EditorCommand::Rename(name) => self.rename(&name),
            EditorCommand::Delete => self.delete(),
            EditorCommand::ImportText(text) => {
                let format = self.deck.format.clone();
                let library = Arc::clone(&self.library);
                let (deck, problems) =
                    deck::from_text(&text, "Imported deck", &format, &library.catalogue, &library.formats);
                let count = deck.cards.len();
                self.replace_with_import(deck);
                if problems.is_empty() {
                    self.info(format!("Imported {count} cards."));
                } else {
                    let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
                    self.fail(format!("Imported {count} cards; {}", lines.join("; ")));
                }
            }
            EditorCommand::ImportCfd(path) => {
                let library = Arc::clone(&self.library);
                let bytes = read_bounded(&path, USER_FILE_LIMIT);
                let read = bytes.map_err(|e| e.to_string()).and_then(|bytes| {
                    deck::from_cfd(&path.display().to_string(), &bytes, &library.formats).map_err(|e| e.to_string())
                });
                match read {
                    Ok((deck, format_warning)) => {
                        let file = DeckFile {
                            format_warning,
                            ..DeckFile::new(deck, DeckFileKind::Cfd)
                        };
                        self.imported(file, &path)
                    }
                    Err(e) => self.fail(format!("Not imported: {e}")),
                }
            }
            EditorCommand::Export { path, overwrite } => self.export(&path, overwrite),
            EditorCommand::ImportCardTexts(folder) => match spellfire::crossfire::original_texts(&folder) {
                Ok(texts) => {
                    let written = ron::ser::to_string_pretty(&texts, ron::ser::PrettyConfig::default())
                        .map_err(|e| e.to_string())
                        .and_then(|text| write_atomic(&self.texts_file(), text.as_bytes()).map_err(|e| e.to_string()));
                    match written {
                        Ok(()) => {
                            let count = texts.len();
                            self.card_texts = texts;
                            self.info(format!(
                                "Read {count} card texts from your CrossFire folder; they stay in {}.",
                                self.texts_file().display()
                            ));
                        }
                        Err(e) => self.fail(format!("The card texts could not be stored: {e}")),
                    }
                }
                Err(e) => self.fail(format!("No card texts read: {e}")),
            },
            EditorCommand::ForgetCardTexts => {
                let _ = std::fs::remove_file(self.texts_file());
                self.card_texts.clear();
                self.info("The imported card texts are removed.");
            }
            EditorCommand::Leave => self.leave = true,
            EditorCommand::Quit => self.quit = true,
            EditorCommand::SaveThen => {
                if let Some(Dialog::Unsaved { then }) = self.dialog.take() {
                    self.perform(EditorCommand::Save);
                    // Saving a new deck opens the name dialog first; the pending step is then
                    // dropped, and the player repeats it once the deck has a name.
                    if !self.dirty {
                        self.perform(*then);
                    }
                }
            }
            EditorCommand::DiscardThen => {
                if let Some(Dialog::Unsaved { then }) = self.dialog.take() {
                    self.dirty = false;
                    self.perform(*then);
                }
            }
            EditorCommand::CancelPending => self.dialog = None,
        }
    }

    fn add(&mut self, id: CardRef) {
        if self.read_only() {
            self.fail("Starter decks are read-only: Save as… makes a copy you can change.");
            return;
        }
        if self.library.catalogue.get(id).is_none() {
            self.fail(format!("There is no card {id}."));
            return;
        }
        self.deck.add(id);
        self.selected = Some(id);
        self.changed();
    }

    fn changed(&mut self) {
        self.dirty = true;
        self.recheck();
    }

    fn replace_with_import(&mut self, deck: Deck) {
        self.deck = deck;
        self.origin = Origin::New;
        // An import is not on the shelf until the player saves it.
        self.dirty = true;
        self.recheck();
    }

    /// Open a deck file: a Spellhall deck becomes the open file; a CrossFire `.cfd` deck or a
    /// `.txt` list is imported, as a new deck not yet on the shelf.
    fn open(&mut self, path: &Path) {
        let library = Arc::clone(&self.library);
        match deck::read_deck_file(path, &library.catalogue, &library.formats) {
            Ok(file) if file.kind != DeckFileKind::Ron => self.imported(file, path),
            Ok(DeckFile { deck, .. }) => {
                self.deck = deck;
                self.origin = Origin::File(path.to_path_buf());
                self.dirty = false;
                self.recheck();
                self.remember(path);
                self.info(format!("Opened {}.", self.deck.name));
            }
            Err(e) => self.fail(format!("Not opened (the file is left as it is): {e}")),
        }
    }

    fn imported(&mut self, file: DeckFile, path: &Path) {
        let count = file.deck.cards.len();
        let warnings = file.warnings();
        self.replace_with_import(file.deck);
        if warnings.is_empty() {
            self.info(format!("Imported {count} cards from {}.", path.display()));
        } else {
            self.fail(format!("Imported {count} cards; {}.", warnings.join("; ")));
        }
    }

    fn write_to(&mut self, path: &Path) {
        match self.deck.save(path) {
            Ok(()) => {
                self.origin = Origin::File(path.to_path_buf());
                self.dirty = false;
                self.remember(path);
                self.info(format!("Saved {}.", self.deck.name));
            }
            Err(e) => self.fail(format!("Not saved: {e}")),
        }
    }

    fn save_as(&mut self, name: &str) {
        let name = name.trim();
        if name.is_empty() {
            self.fail("A deck needs a name.");
            return;
        }
        let path = self.shelf.path_for(name);
        if path.exists() && self.origin != Origin::File(path.clone()) {
            self.fail(format!("There is already a deck called {name}: choose another name."));
            return;
        }
        self.deck.name = name.to_string();
        self.dialog = None;
        self.write_to(&path);
    }

    fn rename(&mut self, name: &str) {
        let name = name.trim();
        let Origin::File(old) = self.origin.clone() else {
            // Not on the shelf yet: renaming is just naming it.
            if !name.is_empty() {
                self.deck.name = name.to_string();
                self.dirty = true;
                self.dialog = None;
            }
            return;
        };
        if !self.on_shelf() {
            // A deck opened from elsewhere is never moved or deleted: name it and save it here.
            self.save_as(name);
            return;
        }
        let new = self.shelf.path_for(name);
        if name.is_empty() || (new.exists() && new != old) {
            self.fail(format!("Cannot rename to '{name}': the name is empty or taken."));
            return;
        }
        let previous = std::mem::replace(&mut self.deck.name, name.to_string());
        match self.deck.save(&new) {
            Ok(()) => {
                if new != old {
                    if let Err(e) = std::fs::remove_file(&old) {
                        self.fail(format!("Saved as {name}, but the old file could not be removed: {e}"));
                        self.origin = Origin::File(new.clone());
                        self.dirty = false;
                        self.remember(&new);
                        self.dialog = None;
                        return;
                    }
                    self.recent.retain(|p| *p != old);
                }
                self.origin = Origin::File(new.clone());
                self.dirty = false;
                self.remember(&new);
                self.dialog = None;
                self.info(format!("Renamed {previous} to {name}."));
            }
            Err(e) => {
                self.deck.name = previous;
                self.fail(format!("Not renamed: {e}"));
            }
        }
    }

    fn delete(&mut self) {
        self.dialog = None;
        let Origin::File(path) = self.origin.clone() else {
            self.fail("Only a deck saved on your shelf can be deleted.");
            return;
        };
        if !self.on_shelf() {
            self.fail("Only a deck saved on your shelf can be deleted; this one was opened from elsewhere.");
            return;
        }
        match std::fs::remove_file(&path) {
            Ok(()) => {
                let name = self.deck.name.clone();
                self.recent.retain(|p| *p != path);
                self.save_recent();
                self.dirty = false;
                self.perform(EditorCommand::New);
                self.info(format!("Deleted {name}."));
            }
            Err(e) => self.fail(format!("Not deleted: {e}")),
        }
    }

    /// Whether the open deck is a file on the player's shelf (the decks folder).
    pub fn on_shelf(&self) -> bool {
        matches!(&self.origin, Origin::File(path) if path.parent() == Some(self.shelf.dir.as_path()))
    }

    pub fn open_dialog(&mut self) {
        self.dialog = Some(Dialog::Open {
            shelf: self.shelf_listing(),
        });
    }

    fn export(&mut self, path: &Path, overwrite: bool) {
        let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        let text = match extension.as_deref() {
            Some("cfd") => spellfire::crossfire::write_cfd(&self.deck, &self.library.formats),
            Some("txt") => deck::to_text(&self.deck, &self.library.catalogue, &self.library.formats),
            _ => {
                self.fail("Export to a .cfd (CrossFire) or a .txt (text list) file.");
                return;
            }
        };
        if path.parent() == Some(self.shelf.dir.as_path()) {
            self.fail("That is your decks folder: export somewhere else (your decks there are saved with Save).");
            return;
        }
        if path.exists() && !overwrite {
            self.fail(format!(
                "{} already exists: tick \"Replace it\" to overwrite it.",
                path.display()
            ));
            return;
        }
        match write_atomic(path, text.as_bytes()) {
            Ok(()) => {
                self.dialog = None;
                let left_out = self.deck.unread.len();
                if extension.as_deref() == Some("cfd") && left_out > 0 {
                    self.fail(format!(
                        "Exported to {}; {} no place in a .cfd file and {} not in it.",
                        path.display(),
                        if left_out == 1 {
                            "the unread line has"
                        } else {
                            "the unread lines have"
                        },
                        if left_out == 1 { "is" } else { "are" }
                    ));
                } else {
                    self.info(format!("Exported to {}.", path.display()));
                }
            }
            Err(e) => self.fail(format!("Not exported: {e}")),
        }
    }

    /// A name no deck on the shelf has yet: "X (copy)", "X (copy 2)", …
    fn unused_name(&self, base: &str) -> String {
        let mut name = base.to_string();
        let mut n = 2;
        while self.shelf.path_for(&name).exists() {
            name = format!("{base} {n}");
            n += 1;
        }
        name
    }

    fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(RECENT_LIMIT);
        self.save_recent();
    }

    fn save_recent(&mut self) {
        let recent = Recent {
            decks: self.recent.clone(),
        };
        let written = ron::ser::to_string_pretty(&recent, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())
            .and_then(|text| write_atomic(&self.recent_file(), text.as_bytes()).map_err(|e| e.to_string()));
        if let Err(e) = written {
            self.fail(format!("The recent-decks list could not be saved: {e}"));
        }
    }

    /// The decks on the shelf, by file, with their names (or why they cannot be read).
    pub fn shelf_listing(&self) -> Vec<(PathBuf, Result<String, String>)> {
        self.shelf
            .list()
            .into_iter()
            .map(|path| {
                let name = Deck::load(&path).map(|d| d.name).map_err(|e| e.to_string());
                (path, name)
            })
            .collect()
    }

    /// The deck's copies of the catalogue card at `index`.
    pub fn copies_of(&self, id: CardRef) -> usize {
        self.deck.count(id)
    }

    /// Cards the check complains about, to mark in the deck list.
    pub fn is_flagged(&self, id: CardRef) -> bool {
        self.problems
            .iter()
            .any(|p| p.cards.len() < 20 && p.cards.contains(&id))
    }
}

/// The problem shown first when a deck names a format we do not have.
fn unknown_format(id: &str, used: &Format) -> Violation {
    Violation {
        rule: None,
        message: format!(
            "The deck names the format '{id}', which Spellhall does not know; it is checked as the {} format \
             instead. Choose a format to change it.",
            used.name
        ),
        cards: Vec::new(),
    }
}

fn read_ron<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, String> {
    let text = read_text(path, USER_FILE_LIMIT).map_err(|e| e.to_string())?;
    spellhall_core::content::parse_ron(&path.display().to_string(), &text).map_err(|e| e.to_string())
}
