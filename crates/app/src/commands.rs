//! What the player asked for. egui code only writes these messages; the screens' plugins read
//! them and change the game, so every flow can be driven in a headless test.

use std::path::PathBuf;

use bevy::prelude::*;
use spellhall_core::Seat;

use crate::games::SetupChoice;

#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum UiCommand {
    GoToTitle,
    /// Open the setup screen of a game.
    OpenSetup(String),
    StartGame(SetupChoice),
    /// Open a save file (the file is only read).
    LoadGame(PathBuf),
    ResumeAutosave,
    DiscardAutosave,
    /// `seat` takes an action, written as RON of the game's action type.
    Act {
        seat: Seat,
        action: String,
    },
    /// "Wait: `seat` plays an event": that person claims the next decision (Spellfire).
    Claim(Seat),
    /// The person named on the hand-off curtain has taken the screen (past the outcome shown
    /// before it, if that is still up).
    ConfirmHandoff,
    /// The player leaving the screen has read what their last action did: up goes the curtain.
    OutcomeSeen,
    /// The person at the screen has read what happened while they were away (or what their
    /// last action ended).
    NewsSeen,
    Undo,
    /// The persons asked have agreed to the pending undo.
    ConfirmUndo,
    CancelUndo,
    Redo,
    SaveGame,
    /// The same table and options with a new seed.
    PlayAgain,
    /// Open the Spellfire deck editor, with a deck if one is named.
    OpenDeckEditor(Option<DeckChoice>),
    /// Ctrl+S in the deck editor.
    SaveDeck,
    /// Esc in the deck editor: close its dialog, or leave.
    EditorEscape,
    Quit,
}

/// A deck for the editor to open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeckChoice {
    File(PathBuf),
    /// A 1st Edition starter deck by its box code, "A-1" … "F-2".
    Starter(String),
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<UiCommand>();
}
