//! The screens and how the app moves between them.

pub mod deck_editor;
pub mod playing;
pub mod results;
pub mod setup;
pub mod title;

use bevy::prelude::*;

use crate::active::ActiveGame;
use crate::commands::UiCommand;

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Title,
    Setup,
    Playing,
    Results,
    DeckEditor,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_plugins((
            title::plugin,
            setup::plugin,
            playing::plugin,
            results::plugin,
            deck_editor::plugin,
        ))
        .add_systems(Update, (go_to_title, quit));
}

fn go_to_title(
    mut commands: MessageReader<UiCommand>,
    mut next: ResMut<NextState<Screen>>,
    mut game: ResMut<ActiveGame>,
) {
    if commands.read().any(|c| *c == UiCommand::GoToTitle) {
        // The autosave keeps an unfinished game; the title screen offers to resume it.
        game.session = None;
        next.set(Screen::Title);
    }
}

fn quit(mut commands: MessageReader<UiCommand>, mut exit: MessageWriter<AppExit>) {
    if commands.read().any(|c| *c == UiCommand::Quit) {
        exit.write(AppExit::Success);
    }
}
