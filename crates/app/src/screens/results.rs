//! The end of a game: who won, the score and every other figure the end weighed, how long it took.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::active::ActiveGame;
use crate::commands::UiCommand;
use crate::screens::Screen;
use crate::ui::{theme, widgets};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        results_ui.run_if(in_state(Screen::Results)).in_set(crate::ui::ScreenUi),
    );
}

fn results_ui(mut contexts: EguiContexts, game: Res<ActiveGame>, mut out: MessageWriter<UiCommand>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut commands = Vec::new();
    egui::CentralPanel::default()
        .frame(theme::backdrop())
        .show(&mut crate::ui::root_ui(ctx), |ui| {
            results_body(ui, &game, &mut commands);
        });
    out.write_batch(commands);
    Ok(())
}

pub fn results_body(ui: &mut egui::Ui, game: &ActiveGame, out: &mut Vec<UiCommand>) {
    let Some(session) = game.session.as_deref() else {
        return;
    };
    let Some(outcome) = session.outcome() else {
        return;
    };
    let names = game.names();
    ui.vertical_centered(|ui| {
        ui.add_space(70.0);
        let headline = match outcome.winners.as_slice() {
            [] => "A draw".to_string(),
            [one] => format!("{} wins!", names[one.index()]),
            many => format!(
                "{} win!",
                many.iter()
                    .map(|s| names[s.index()].as_str())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        };
        ui.label(egui::RichText::new(headline).size(52.0).color(theme::GOLD).strong());
        ui.add_space(8.0);
        ui.label(egui::RichText::new(sentence(&spellhall_core::fill_seat_names(&outcome.reason, &names))).size(20.0));
        ui.add_space(6.0);
        let status = session.status();
        ui.label(
            egui::RichText::new(format!(
                "{} · {} turns, {} actions",
                session.game_name(),
                status.turn,
                session.actions_taken()
            ))
            .color(theme::MUTED),
        );
        ui.add_space(24.0);
        let columns = figure_columns(&outcome);
        if !columns.is_empty() {
            // A compact table, centred: a column for the names and one per figure.
            let width = 110.0 + 150.0 * columns.len() as f32;
            ui.horizontal(|ui| {
                ui.add_space(((ui.available_width() - width - 36.0) / 2.0).max(0.0));
                theme::tile().show(ui, |ui| {
                    ui.set_width(width);
                    egui::Grid::new("scores")
                        .num_columns(1 + columns.len())
                        .spacing([36.0, 10.0])
                        .min_col_width(110.0)
                        .show(ui, |ui| {
                            ui.label(egui::RichText::new("Player").color(theme::MUTED));
                            for (name, _) in &columns {
                                ui.label(egui::RichText::new(*name).color(theme::MUTED));
                            }
                            ui.end_row();
                            for (seat, player) in names.iter().enumerate() {
                                let won = outcome.winners.iter().any(|w| w.index() == seat);
                                let name = egui::RichText::new(player).size(20.0);
                                ui.label(if won { name.color(theme::GOLD).strong() } else { name });
                                for (_, values) in &columns {
                                    let value = values.get(seat).map_or("", String::as_str);
                                    ui.label(egui::RichText::new(value).size(20.0));
                                }
                                ui.end_row();
                            }
                        });
                });
            });
        }
        ui.add_space(30.0);
        ui.horizontal(|ui| {
            ui.add_space((ui.available_width() - 424.0).max(0.0) / 2.0);
            if ui
                .add_enabled(game.last_setup.is_some(), widgets::accent_button("Play again"))
                .on_disabled_hover_text("This game was opened from a save: set up a new one from the title.")
                .clicked()
            {
                out.push(UiCommand::PlayAgain);
            }
            ui.add_space(12.0);
            if ui.add(widgets::menu_button("Back to title")).clicked() {
                out.push(UiCommand::GoToTitle);
            }
        });
    });
}

/// The results table's columns: the score, then every other figure the end weighed, each with
/// its values in seat order.
fn figure_columns(outcome: &spellhall_core::Outcome) -> Vec<(&str, Vec<String>)> {
    let score = (!outcome.scores.is_empty()).then(|| {
        let values = outcome.scores.iter().map(ToString::to_string).collect();
        (outcome.score_name.as_str(), values)
    });
    let others = outcome
        .figures
        .iter()
        .filter(|f| f.name != outcome.score_name)
        .map(|f| (f.name.as_str(), f.values.clone()));
    score.into_iter().chain(others).collect()
}

/// The reason as a sentence: capital first letter, full stop.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = chars.next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
    out.push_str(chars.as_str());
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}
