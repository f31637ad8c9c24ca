//! The Spellfire deck editor screen: browse the catalogue, build a deck, see it checked against a
//! format as you go, and keep decks on your shelf (the data folder) or trade them as CrossFire
//! `.cfd` files and text lists. The checks and statistics come from the `spellfire` crate.

pub mod body;
mod browser;
pub mod charts;
mod deck_panel;
mod dialogs;
pub mod model;
mod preview;

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::commands::{DeckChoice, UiCommand};
use crate::notices::Notices;
use crate::paths::UserDirs;
use crate::screens::Screen;
pub use body::editor_body;
pub use model::{DeckEditor, Dialog, EditorCommand, Library};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SpellfireLibrary>()
        .add_systems(Update, (open_editor, editor_keys, leave_check).chain())
        .add_systems(
            EguiPrimaryContextPass,
            editor_ui
                .run_if(in_state(Screen::DeckEditor))
                .in_set(crate::ui::ScreenUi),
        );
}

/// The catalogue (with the player's own sets), formats and starter decks, loaded the first time
/// the editor opens.
#[derive(Resource, Default)]
pub struct SpellfireLibrary(Option<Arc<Library>>);

impl SpellfireLibrary {
    /// The library. A problem with the player's sets leaves the shipped cards alone; it was
    /// reported when the app started (`GameCatalog::shipped`).
    fn get(&mut self, dirs: &UserDirs) -> Result<Arc<Library>, String> {
        if let Some(library) = &self.0 {
            return Ok(Arc::clone(library));
        }
        let (library, _) = Library::with_user_sets(&dirs.content_dir("spellfire"))?;
        let library = Arc::new(library);
        self.0 = Some(Arc::clone(&library));
        Ok(library)
    }
}

fn open_editor(
    mut commands: MessageReader<UiCommand>,
    mut library: ResMut<SpellfireLibrary>,
    editor: Option<ResMut<DeckEditor>>,
    dirs: Res<UserDirs>,
    mut notices: ResMut<Notices>,
    mut next: ResMut<NextState<Screen>>,
    mut world: Commands,
) {
    let Some(choice) = commands.read().find_map(|c| match c {
        UiCommand::OpenDeckEditor(choice) => Some(choice.clone()),
        _ => None,
    }) else {
        return;
    };
    let library = match library.get(&dirs) {
        Ok(library) => library,
        Err(error) => {
            notices.problem(format!(
                "The Spellfire cards did not load, so the deck editor cannot open:\n{error}"
            ));
            return;
        }
    };
    // The editor keeps its deck between visits, so an unfinished deck is still there.
    let mut created = None;
    let editor: &mut DeckEditor = match editor {
        Some(editor) => editor.into_inner(),
        None => created.insert(DeckEditor::new(library, &dirs)),
    };
    editor.leave = false;
    match choice {
        Some(DeckChoice::File(path)) => editor.perform(EditorCommand::Open(path)),
        Some(DeckChoice::Starter(code)) => match spellfire::crossfire::STARTER_DECKS.iter().position(|c| *c == code) {
            Some(index) => editor.perform(EditorCommand::OpenStarter(index)),
            None => notices.refused(format!("There is no starter deck {code}: they are A-1 to F-2.")),
        },
        None => {}
    }
    next.set(Screen::DeckEditor);
    if let Some(editor) = created {
        world.insert_resource(editor);
    }
}

/// Ctrl+S saves; Esc closes the editor's dialog, or leaves (asking about unsaved changes).
fn editor_keys(mut commands: MessageReader<UiCommand>, editor: Option<ResMut<DeckEditor>>, screen: Res<State<Screen>>) {
    let Some(mut editor) = editor else {
        commands.clear();
        return;
    };
    if *screen.get() != Screen::DeckEditor {
        commands.clear();
        return;
    }
    for command in commands.read() {
        match command {
            // Ctrl+S answers "Save" when the unsaved-changes question is open.
            UiCommand::SaveDeck => match editor.dialog.clone() {
                Some(Dialog::Unsaved { .. }) => editor.perform(EditorCommand::SaveThen),
                // In the name dialog, Ctrl+S saves under the name typed so far.
                Some(Dialog::SaveAs { name }) => editor.perform(EditorCommand::SaveAs(name)),
                Some(Dialog::Rename { name }) => editor.perform(EditorCommand::Rename(name)),
                _ => editor.perform(EditorCommand::Save),
            },
            UiCommand::EditorEscape => match editor.dialog {
                Some(Dialog::Unsaved { .. }) => editor.perform(EditorCommand::CancelPending),
                Some(_) => editor.dialog = None,
                None if editor.zoomed => editor.zoomed = false,
                None => editor.perform(EditorCommand::Leave),
            },
            _ => {}
        }
    }
}

fn editor_ui(
    mut contexts: EguiContexts,
    mut editor: ResMut<DeckEditor>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = crate::ui::root_ui(ctx);
    let mut asked = Vec::new();
    editor_body(&mut root, &mut editor, &mut asked);
    for command in asked {
        editor.perform(command);
    }
    leave_if_asked(&mut editor, &mut next);
    Ok(())
}

fn leave_if_asked(editor: &mut DeckEditor, next: &mut NextState<Screen>) {
    if editor.leave {
        editor.leave = false;
        next.set(Screen::Title);
    }
}

/// Leaving through Esc happens in `editor_keys`; this system notices it outside the egui pass too,
/// and exits the app once a close of the window has been answered.
pub fn leave_check(
    mut editor: Option<ResMut<DeckEditor>>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    if let Some(editor) = editor.as_deref_mut() {
        leave_if_asked(editor, &mut next);
        if editor.quit {
            editor.quit = false;
            exit.write(AppExit::Success);
        }
    }
}
