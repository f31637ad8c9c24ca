//! The Spellfire table: drawn from the deciding seat's view and the legal actions only.
//!
//! For now a plain first cut: every legal action as a button, worded by the adapter's `describe`.

use bevy_egui::egui;

/// Draws the table and returns the action the player chose this frame, if any.
pub(super) fn draw(
    ui: &mut egui::Ui,
    view: &spellfire::View,
    legal: &[spellfire::Action],
    describe: &dyn Fn(&spellfire::Action) -> String,
    names: &[String],
    events: &[Vec<spellfire::Event>],
) -> Option<spellfire::Action> {
    let _ = events;
    let seat_name = names.get(view.seat.index()).map_or("?", String::as_str);
    ui.label(format!("{seat_name} decides. Turn {}.", view.turn));
    let mut chosen = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        for action in legal {
            if ui.button(describe(action)).clicked() {
                chosen = Some(action.clone());
            }
        }
    });
    chosen
}
