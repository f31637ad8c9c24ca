//! The table: the generic frame every game fills (top bar, log, rule-error toasts, undo, redo,
//! save, menu) and the hot-seat curtain. The game's own table is drawn by its adapter.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use spellhall_core::{ToAct, UndoPlan, fill_seat_names};

use crate::active::{ActiveGame, AutosaveContext, autosave, file_stamp};
use crate::commands::UiCommand;
use crate::hotseat::{self, ComputerClock, HotSeat, TableFocus};
use crate::notices::Notices;
use crate::paths::UserDirs;
use crate::save_files::{AutosaveSlot, write_new};
use crate::screens::Screen;
use crate::ui::{DialogState, theme};

/// Written whenever the game state changed (an action, an undo, a redo).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameChanged;

/// An undo waiting for the other persons' agreement.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct PendingUndo(pub Option<UndoPlan>);

/// Whether the last autosave failed (to report it once, not after every action).
#[derive(Resource, Default, Debug)]
struct AutosaveWarned(bool);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GameChanged>()
        .init_resource::<PendingUndo>()
        .init_resource::<AutosaveWarned>()
        .add_plugins(hotseat::plugin)
        .add_systems(OnEnter(Screen::Playing), clear_pending_undo)
        .add_systems(
            Update,
            (
                play_commands,
                hotseat::computer_turns,
                after_change,
                hotseat::follow_decider,
            )
                .chain()
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            playing_ui.run_if(in_state(Screen::Playing)).in_set(crate::ui::ScreenUi),
        );
}

fn clear_pending_undo(mut pending: ResMut<PendingUndo>) {
    pending.0 = None;
}

#[allow(clippy::too_many_arguments)]
fn play_commands(
    mut commands: MessageReader<UiCommand>,
    mut game: ResMut<ActiveGame>,
    mut focus: ResMut<TableFocus>,
    mut pending: ResMut<PendingUndo>,
    mut next_hotseat: ResMut<NextState<HotSeat>>,
    mut notices: ResMut<Notices>,
    mut changed: MessageWriter<GameChanged>,
    mut clock: ResMut<ComputerClock>,
    dirs: Res<UserDirs>,
) {
    for command in commands.read() {
        let Some(session) = game.session.as_mut() else {
            return;
        };
        match command {
            UiCommand::Act { seat, action } => {
                if focus.viewer != Some(*seat) || focus.pending.is_some() {
                    notices.refused("Take the screen first: the curtain is up.");
                    continue;
                }
                if pending.0.is_some() {
                    notices.refused("First answer the question about undoing.");
                    continue;
                }
                match session.act(*seat, action) {
                    Ok(()) => {
                        // Playing on puts away what happened meanwhile; what this action ended
                        // (a battle) is shown in its place, should the same person play on.
                        let action = session.actions_taken().saturating_sub(1);
                        focus.news_from = (!session.headlines(action).is_empty()).then_some(action);
                        changed.write(GameChanged);
                    }
                    Err(reason) => notices.refused(reason),
                }
            }
            UiCommand::ConfirmHandoff => {
                hotseat::take_screen(&mut focus, &mut next_hotseat, &**session);
            }
            UiCommand::OutcomeSeen => focus.outcome_from = None,
            UiCommand::NewsSeen => focus.news_from = None,
            // The claimant takes the next decision; the curtain then follows it to that person.
            UiCommand::Claim(seat) => {
                if focus.viewer.is_none() || focus.pending.is_some() || pending.0.is_some() {
                    notices.refused("Take the screen first: the curtain is up.");
                    continue;
                }
                match session.claim(*seat) {
                    Ok(()) => {
                        clock.0 = 0.0;
                        changed.write(GameChanged);
                    }
                    Err(reason) => notices.refused(reason),
                }
            }
            UiCommand::Undo => {
                let Some(requester) = focus.viewer.filter(|_| focus.pending.is_none()) else {
                    continue;
                };
                if let Some(reason) = undo_blocked(&**session, &focus) {
                    notices.refused(reason);
                    continue;
                }
                match session.undo_plan(requester) {
                    None => {}
                    Some(plan) if plan.needs_consent.is_empty() => match session.undo(plan.steps) {
                        Ok(()) => {
                            clock.0 = 0.0;
                            changed.write(GameChanged);
                        }
                        Err(e) => notices.problem(format!("Undo failed: {e}")),
                    },
                    Some(plan) => pending.0 = Some(plan),
                }
            }
            UiCommand::ConfirmUndo => {
                let Some(plan) = pending.0.take() else {
                    continue;
                };
                // The plan was agreed for one position; if the game has moved since, it no longer fits.
                if plan.log_len != session.actions_taken() {
                    notices.refused("The game moved on since undo was asked: ask again.");
                    continue;
                }
                match session.undo(plan.steps) {
                    Ok(()) => {
                        clock.0 = 0.0;
                        changed.write(GameChanged);
                    }
                    Err(e) => notices.problem(format!("Undo failed: {e}")),
                }
            }
            UiCommand::CancelUndo => pending.0 = None,
            UiCommand::Redo if focus.viewer.is_none() || focus.pending.is_some() || pending.0.is_some() => {
                notices.refused("Take the screen first: the curtain is up.");
            }
            UiCommand::Redo => match session.redo() {
                Ok(()) => {
                    changed.write(GameChanged);
                }
                Err(e) => notices.refused(format!("Redo is not possible: {e}")),
            },
            UiCommand::SaveGame => {
                // Two saves in one second get two names: a save never replaces another.
                let stem = format!("{}-{}", session.game_id(), file_stamp(std::time::SystemTime::now()));
                match write_new(&dirs.saves_dir(), &stem, |path| session.write_save(path)) {
                    Ok(path) => notices.info(format!("Saved to {}", path.display())),
                    Err(e) => notices.problem(format!("The game could not be saved: {e}")),
                }
            }
            _ => {}
        }
    }
}

fn after_change(
    mut changed: MessageReader<GameChanged>,
    mut game: ResMut<ActiveGame>,
    slot: Res<AutosaveSlot>,
    dirs: Res<UserDirs>,
    catalog: Res<crate::games::GameCatalog>,
    mut notices: ResMut<Notices>,
    mut warned: ResMut<AutosaveWarned>,
) {
    if changed.read().count() > 0 {
        let to = AutosaveContext {
            slot: &slot,
            dirs: &dirs,
            catalog: &catalog,
        };
        autosave(&mut game, &to, &mut notices, &mut warned.0);
    }
}

#[allow(clippy::too_many_arguments)]
fn playing_ui(
    mut contexts: EguiContexts,
    game: Res<ActiveGame>,
    focus: Res<TableFocus>,
    hotseat: Res<State<HotSeat>>,
    pending: Res<PendingUndo>,
    mut dialogs: ResMut<DialogState>,
    mut out: MessageWriter<UiCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut commands = Vec::new();
    let table = TableScreen {
        game: &game,
        focus: &focus,
        curtain: *hotseat.get() == HotSeat::Handoff,
        pending: &pending,
    };
    playing_screen(ctx, &table, &mut dialogs, &mut commands);
    out.write_batch(commands);
    Ok(())
}

/// What the table screen shows, gathered from resources.
pub struct TableScreen<'a> {
    pub game: &'a ActiveGame,
    pub focus: &'a TableFocus,
    /// The hand-off curtain is up.
    pub curtain: bool,
    pub pending: &'a PendingUndo,
}

/// The whole table screen over the window: a plain function of the context, so tests can drive it.
pub fn playing_screen(ctx: &egui::Context, table: &TableScreen, dialogs: &mut DialogState, out: &mut Vec<UiCommand>) {
    let TableScreen {
        game,
        focus,
        curtain,
        pending,
    } = *table;
    let Some(session) = game.session.as_deref() else {
        return;
    };
    let commands = out;
    let mut root = crate::ui::root_ui(ctx);

    egui::Panel::top("top_bar").frame(theme::bar()).show(&mut root, |ui| {
        top_bar(ui, session, focus, curtain, dialogs, commands);
    });

    // While other persons are asked to agree to an undo, the asker's hand must not be on show.
    let asking = pending.0.is_some();
    // Before the curtain, the player leaving reads what their last action did, over their table.
    let outcome = focus.outcome_from.zip(focus.viewer).filter(|_| curtain && !asking);
    if let Some((from, viewer)) = outcome {
        egui::Panel::right("log")
            .exact_size(320.0)
            .frame(theme::side())
            .show(&mut root, |ui| log_panel(ui, &session.log_lines(viewer)));
        egui::CentralPanel::default()
            .frame(theme::table())
            .show(&mut root, |ui| {
                // Not this player's decision any more: the table only shows, nothing is played.
                let _ = session.draw_table(ui, viewer);
            });
        let next = focus.pending.map(|seat| game.name_of(seat)).unwrap_or_default();
        outcome_window(ctx, &session.outcome_lines(viewer, from), &next, commands);
    }
    match (curtain || asking, focus.viewer) {
        _ if outcome.is_some() => {}
        (false, Some(viewer)) => {
            // What happened while this person was away, over their table (drawn first, so that
            // Enter puts it away rather than playing something).
            if let Some(from) = focus.news_from.filter(|_| focus.pending.is_none()) {
                // From before they took the screen: the others' doing; else their own.
                let title = if from < focus.since {
                    "While you were away"
                } else {
                    "What happened"
                };
                news_window(ctx, title, &session.outcome_lines(viewer, from), commands);
            }
            egui::Panel::right("log")
                .exact_size(320.0)
                .frame(theme::side())
                .show(&mut root, |ui| {
                    claim_buttons(ui, session, commands);
                    log_panel(ui, &session.log_lines(viewer));
                });
            egui::CentralPanel::default()
                .frame(theme::table())
                .show(&mut root, |ui| {
                    if let Some(action) = session.draw_table(ui, viewer) {
                        commands.push(UiCommand::Act { seat: viewer, action });
                    }
                });
        }
        _ if asking => {
            egui::CentralPanel::default()
                .frame(theme::curtain())
                .show(&mut root, |ui| {
                    ui.vertical_centered(|ui| {
                        ui.add_space(ui.available_height() * 0.2);
                        ui.label(egui::RichText::new("Undo asked").size(36.0).color(theme::GOLD));
                    });
                });
        }
        _ => {
            egui::CentralPanel::default()
                .frame(theme::curtain())
                .show(&mut root, |ui| {
                    curtain_body(ui, game, focus, commands);
                });
        }
    }

    if let Some(plan) = &pending.0 {
        undo_consent_dialog(ctx, game, plan, commands);
    }
    if dialogs.menu_open {
        game_menu(ctx, dialogs, commands);
    }
    if dialogs.rules_open {
        let mut open = true;
        egui::Window::new(format!("{}: the rules in brief", session.game_name()))
            .open(&mut open)
            .default_width(560.0)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(520.0)
                    .show(ui, |ui| ui.label(session.rules_summary()));
            });
        dialogs.rules_open &= open;
    }
}

/// Why the player at the table cannot undo now, in words; `None` when Undo would do something.
fn undo_blocked(session: &dyn crate::games::AnySession, focus: &TableFocus) -> Option<String> {
    let Some(requester) = focus.viewer.filter(|_| focus.pending.is_none()) else {
        return Some("Undo is for the player at the table, once the screen is theirs.".into());
    };
    match session.undo_plan(requester) {
        None => Some("There is nothing of yours to undo.".into()),
        Some(UndoPlan {
            refused: Some(reason), ..
        }) => Some(format!("Undo is not possible: {reason}.")),
        Some(_) => None,
    }
}

fn top_bar(
    ui: &mut egui::Ui,
    session: &dyn crate::games::AnySession,
    focus: &TableFocus,
    curtain: bool,
    dialogs: &mut DialogState,
    out: &mut Vec<UiCommand>,
) {
    let status = session.status();
    let names: Vec<String> = session.seats().iter().map(|s| s.name.clone()).collect();
    let deciding = match session.to_act() {
        ToAct::Seat(seat) => {
            let name = names.get(seat.index()).map_or("?", String::as_str);
            // A strong computer may think for a second: say who is thinking.
            match session.seats().get(seat.index()).map(|s| s.controller) {
                Some(spellhall_core::Controller::StrongComputer) => format!("{name} (strong computer) to decide"),
                _ => format!("{name} to decide"),
            }
        }
        ToAct::GameOver => "Game over".to_string(),
    };
    // The buttons keep the right; the words take what is left, and the phase, the longest, is
    // shortened to fit (all of it on hover) rather than run under the buttons. (`horizontal` keeps
    // the bar one row tall.)
    ui.horizontal(|ui| {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.button("Menu").on_hover_text("Esc").clicked() {
                dialogs.menu_open = true;
            }
            if ui.button("Rules").on_hover_text("F1").clicked() {
                dialogs.rules_open = true;
            }
            if ui.button("Save").on_hover_text("Ctrl+S").clicked() {
                out.push(UiCommand::SaveGame);
            }
            let acting = !curtain && focus.viewer.is_some();
            if ui
                .add_enabled(acting && session.can_redo(), egui::Button::new("Redo"))
                .on_hover_text("Ctrl+Shift+Z")
                .clicked()
            {
                out.push(UiCommand::Redo);
            }
            // Greyed out, and saying why, when the command would only be refused.
            let undo_blocked = undo_blocked(session, focus);
            if ui
                .add_enabled(undo_blocked.is_none(), egui::Button::new("Undo"))
                .on_hover_text("Ctrl+Z")
                .on_disabled_hover_text(undo_blocked.unwrap_or_default())
                .clicked()
            {
                out.push(UiCommand::Undo);
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                ui.label(
                    egui::RichText::new(session.game_name())
                        .size(22.0)
                        .color(theme::GOLD)
                        .strong(),
                );
                ui.separator();
                ui.label(egui::RichText::new(fill_seat_names(&status.turn_label, &names)).size(18.0));
                ui.separator();
                ui.label(egui::RichText::new(deciding).size(18.0).strong());
                ui.separator();
                let phase = fill_seat_names(&status.phase, &names);
                ui.add(egui::Label::new(egui::RichText::new(&phase).size(18.0)).truncate())
                    .on_hover_text(phase);
            });
        });
    });
}

/// "Wait: <name> plays an event", one button per person who may claim the next decision (every
/// person but the one deciding, whatever they hold, so the buttons tell nothing about a hand).
fn claim_buttons(ui: &mut egui::Ui, session: &dyn crate::games::AnySession, out: &mut Vec<UiCommand>) {
    let seats = session.seats();
    let persons: Vec<_> = session
        .claimants()
        .into_iter()
        .filter(|s| seats.get(s.index()).is_some_and(|x| x.is_person()))
        .collect();
    if persons.is_empty() {
        return;
    }
    for seat in persons {
        let name = &seats[seat.index()].name;
        let button = egui::Button::new(egui::RichText::new(format!("Wait: {name} plays an event")).size(16.0))
            .min_size(egui::vec2(ui.available_width(), 30.0));
        if ui
            .add(button)
            .on_hover_text(format!(
                "{name} takes the next decision to play an event (or changes their mind): the screen passes to {name}."
            ))
            .clicked()
        {
            out.push(UiCommand::Claim(seat));
        }
    }
    ui.add_space(6.0);
}

fn log_panel(ui: &mut egui::Ui, lines: &[String]) {
    ui.label(egui::RichText::new("Log").size(20.0).color(theme::GOLD).strong());
    ui.separator();
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if lines.is_empty() {
                ui.label(
                    egui::RichText::new("Nothing has happened yet.")
                        .italics()
                        .color(theme::MUTED),
                );
            }
            for line in lines {
                ui.label(line);
                ui.add_space(2.0);
            }
        });
}

/// The curtain between two persons: nothing from anyone's view is drawn here.
pub fn curtain_body(ui: &mut egui::Ui, game: &ActiveGame, focus: &TableFocus, out: &mut Vec<UiCommand>) {
    ui.vertical_centered(|ui| {
        ui.add_space(ui.available_height() * 0.28);
        match (focus.pending, game.session.as_ref().and_then(|s| s.to_act().seat())) {
            (Some(seat), _) => {
                let name = game.name_of(seat);
                ui.label(
                    egui::RichText::new(format!("Pass the screen to {name}"))
                        .size(44.0)
                        .color(theme::GOLD)
                        .strong(),
                );
                ui.add_space(12.0);
                ui.label(
                    egui::RichText::new(format!(
                        "Everyone else, look away. {name}, take the screen when only you can see it."
                    ))
                    .size(19.0),
                );
                ui.add_space(28.0);
                let button = egui::Button::new(egui::RichText::new(format!("I am {name}: show my table")).size(22.0))
                    .min_size(egui::vec2(360.0, 56.0))
                    .fill(theme::ACCENT);
                if ui.add(button).clicked() || ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    out.push(UiCommand::ConfirmHandoff);
                }
            }
            (None, Some(seat)) => {
                ui.label(
                    egui::RichText::new(format!("{} is playing…", game.name_of(seat)))
                        .size(36.0)
                        .color(theme::GOLD),
                );
            }
            (None, None) => {}
        }
    });
}

/// What the last action did, for the player about to hand the screen to `next`, with the step
/// that raises the curtain.
pub fn outcome_window(ctx: &egui::Context, lines: &[String], next: &str, out: &mut Vec<UiCommand>) {
    let button = format!("Continue: hand the screen to {next}");
    if lines_window(ctx, "What happened", "What happened", lines, &button, false) {
        out.push(UiCommand::OutcomeSeen);
    }
}

/// Over the table of the person at the screen, until they have read it or act: what happened
/// since they last handed the screen over (the end of an attack they made, what the others did),
/// or how something their own action ended went (a battle) when they play on themselves.
pub fn news_window(ctx: &egui::Context, title: &str, lines: &[String], out: &mut Vec<UiCommand>) {
    if lines.is_empty() {
        return;
    }
    // Enter is consumed so that it does not also take the table's highlighted action beneath.
    if lines_window(ctx, "news", title, lines, "To my table", true) {
        out.push(UiCommand::NewsSeen);
    }
}

/// A window of `lines` under `title` with one wide button; true when the button or Enter is
/// pressed.
fn lines_window(
    ctx: &egui::Context,
    id: &str,
    title: &str,
    lines: &[String],
    button: &str,
    consume_enter: bool,
) -> bool {
    let mut pressed = false;
    egui::Window::new(id)
        .title_bar(false)
        .collapsible(false)
        .resizable(false)
        .frame(theme::tile())
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-160.0, 0.0))
        .show(ctx, |ui| {
            ui.set_width(540.0);
            ui.label(egui::RichText::new(title).size(26.0).color(theme::GOLD).strong());
            ui.add_space(8.0);
            egui::ScrollArea::vertical().max_height(380.0).show(ui, |ui| {
                for line in lines {
                    ui.label(egui::RichText::new(line).size(18.0));
                    ui.add_space(3.0);
                }
            });
            ui.add_space(14.0);
            ui.vertical_centered(|ui| {
                let button = egui::Button::new(egui::RichText::new(button).size(21.0))
                    .min_size(egui::vec2(340.0, 50.0))
                    .fill(theme::ACCENT);
                let enter = if consume_enter {
                    ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter))
                } else {
                    ui.input(|i| i.key_pressed(egui::Key::Enter))
                };
                pressed = ui.add(button).clicked() || enter;
            });
        });
    pressed
}

fn undo_consent_dialog(ctx: &egui::Context, game: &ActiveGame, plan: &UndoPlan, out: &mut Vec<UiCommand>) {
    let names: Vec<String> = plan.needs_consent.iter().map(|&s| game.name_of(s)).collect();
    egui::Window::new("Undo needs agreement")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label(format!(
                "Undo would take back {}, and",
                spellhall_core::plural(plan.steps, "action", "actions")
            ));
            for reason in &plan.reasons {
                ui.label(format!("• {reason}."));
            }
            ui.add_space(8.0);
            ui.label(egui::RichText::new(format!("{}: do you agree?", names.join(", "))).strong());
            ui.horizontal(|ui| {
                if ui.button("We agree: undo").clicked() {
                    out.push(UiCommand::ConfirmUndo);
                }
                if ui.button("No").clicked() {
                    out.push(UiCommand::CancelUndo);
                }
            });
        });
}

fn game_menu(ctx: &egui::Context, dialogs: &mut DialogState, out: &mut Vec<UiCommand>) {
    egui::Window::new("Menu")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.set_width(260.0);
            ui.vertical_centered_justified(|ui| {
                if ui.button("Back to the game").clicked() {
                    dialogs.menu_open = false;
                }
                if ui.button("Save (Ctrl+S)").clicked() {
                    out.push(UiCommand::SaveGame);
                    dialogs.menu_open = false;
                }
                if ui.button("Rules (F1)").clicked() {
                    dialogs.rules_open = true;
                    dialogs.menu_open = false;
                }
                if ui.button("Settings").clicked() {
                    dialogs.settings_open = true;
                    dialogs.menu_open = false;
                }
                if ui.button("Leave to the title (the game is autosaved)").clicked() {
                    out.push(UiCommand::GoToTitle);
                    dialogs.menu_open = false;
                }
            });
        });
}
