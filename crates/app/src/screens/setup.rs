//! The setup screen: how many play, who sits where (person or computer), the game's options and
//! the seed.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use spellhall_core::SeatInfo;

use crate::active::ActiveGame;
use crate::commands::UiCommand;
use crate::games::{GameCatalog, GameEntry, SeatOption, SetupChoice, SetupOption};
use crate::notices::Notices;
use crate::paths::UserDirs;
use crate::screens::Screen;
use crate::settings::Settings;
use crate::ui::{theme, widgets};

const DEFAULT_NAMES: [&str; 6] = ["Aldric", "Brenna", "Cedric", "Dagny", "Elowen", "Fenn"];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatDraft {
    pub name: String,
    pub computer: bool,
    /// A computer seat plays at the strong level (where the game has one).
    pub strong: bool,
    /// The seat's pick among the game's [`SeatOption`] choices (Spellfire's deck).
    pub pick: usize,
}

/// The setup form as the player fills it in.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SetupDraft {
    pub game: String,
    pub game_name: String,
    pub min_players: u8,
    pub max_players: u8,
    /// The player counts the game accepts (Spells of Doom: 2 or 4), in order.
    pub counts: Vec<u8>,
    pub has_computer: bool,
    /// Whether a computer seat may be strong.
    pub has_strong: bool,
    /// Seats in order; only the first `players` are used.
    pub seats: Vec<SeatDraft>,
    pub players: u8,
    pub options: Vec<SetupOption>,
    /// For each player count from `min_players`, what each seat is ("Team 1", "Solo"), if seats differ.
    pub seat_roles: Vec<Vec<&'static str>>,
    pub chosen: Vec<usize>,
    pub seed_text: String,
    /// What each seat picks, if seats pick something (Spellfire's deck).
    pub seat_option: Option<SeatOption>,
    /// The game's verdict on the last valid form: warnings to read before the start, or the
    /// problems that stop it (one a line). Kept with the choice it was made for.
    pub review: Option<(SetupChoice, Result<Vec<String>, String>)>,
}

impl SetupDraft {
    pub fn for_entry(entry: &GameEntry) -> Self {
        let (options, has_computer, has_strong) = entry
            .factory()
            .map(|f| (f.options(), f.has_computer(), f.has_strong()))
            .unwrap_or_default();
        let counts = entry.players.to_vec();
        let min = entry.players.first().copied().unwrap_or(2);
        let max = entry.players.last().copied().unwrap_or(min);
        Self {
            game: entry.id.to_string(),
            game_name: entry.name.to_string(),
            min_players: min,
            max_players: max,
            has_computer,
            has_strong,
            seats: (0..usize::from(max))
                .map(|i| SeatDraft {
                    name: DEFAULT_NAMES[i % DEFAULT_NAMES.len()].to_string(),
                    computer: false,
                    strong: false,
                    pick: i,
                })
                .collect(),
            players: counts.first().copied().unwrap_or(2),
            counts,
            chosen: options.iter().map(|o| o.default).collect(),
            options,
            seat_roles: (min..=max)
                .map(|n| entry.factory().map(|f| f.seat_roles(n)).unwrap_or_default())
                .collect(),
            seed_text: random_seed().to_string(),
            seat_option: entry.factory().and_then(|f| f.seat_option(None)),
            review: None,
        }
        .with_picks_in_range()
    }

    /// The player's own choices: the saved ones in `data` (Spellfire's decks) and the names used
    /// last time for this game.
    pub fn with_player_choices(
        mut self,
        entry: &GameEntry,
        data: &std::path::Path,
        last_names: Option<&Vec<String>>,
    ) -> Self {
        if let Some(factory) = entry.factory() {
            self.seat_option = factory.seat_option(Some(data));
        }
        for (seat, name) in self.seats.iter_mut().zip(last_names.into_iter().flatten()) {
            if !name.trim().is_empty() {
                seat.name = name.clone();
            }
        }
        self.with_picks_in_range()
    }

    /// Each seat's default pick is the choice in its place (Spellfire: starter, …).
    fn with_picks_in_range(mut self) -> Self {
        let choices = self.seat_option.as_ref().map_or(1, |o| o.choices.len().max(1));
        for seat in &mut self.seats {
            seat.pick %= choices;
        }
        self
    }

    /// The choice to start with, or what is wrong with the form, in words.
    pub fn validate(&self) -> Result<SetupChoice, String> {
        let seats = &self.seats[..usize::from(self.players).min(self.seats.len())];
        if !self.counts.is_empty() && !self.counts.contains(&self.players) {
            return Err(format!(
                "{} is played by {} players.",
                self.game_name,
                spellhall_core::counts_in_words(&self.counts)
            ));
        }
        let seed: u64 = self
            .seed_text
            .trim()
            .parse()
            .map_err(|_| "The seed must be a whole number (0 or more).".to_string())?;
        if let Some(empty) = seats.iter().position(|s| s.name.trim().is_empty()) {
            return Err(format!("Seat {} needs a name.", empty + 1));
        }
        for (i, seat) in seats.iter().enumerate() {
            if seats[..i]
                .iter()
                .any(|other| other.name.trim().eq_ignore_ascii_case(seat.name.trim()))
            {
                return Err(format!(
                    "Two seats are called {}: give each player a different name.",
                    seat.name.trim()
                ));
            }
        }
        if seats.iter().all(|s| s.computer) {
            return Err("At least one seat must be a person.".into());
        }
        Ok(SetupChoice {
            game: self.game.clone(),
            seats: seats
                .iter()
                .map(|s| {
                    let name = s.name.trim();
                    if s.computer && s.strong && self.has_strong {
                        SeatInfo::strong_computer(name)
                    } else if s.computer {
                        SeatInfo::computer(name)
                    } else {
                        SeatInfo::person(name)
                    }
                })
                .collect(),
            options: self.chosen.clone(),
            seed,
            seat_picks: match &self.seat_option {
                Some(option) => seats
                    .iter()
                    .map(|s| option.choices.get(s.pick).map(|c| c.key.clone()).unwrap_or_default())
                    .collect(),
                None => Vec::new(),
            },
        })
    }

    /// The game's verdict on `choice`, if it has been asked for this very choice.
    pub fn review_of(&self, choice: &SetupChoice) -> Option<&Result<Vec<String>, String>> {
        self.review
            .as_ref()
            .filter(|(asked, _)| asked == choice)
            .map(|(_, verdict)| verdict)
    }
}

/// A fresh seed from the clock. Only setup uses the clock: the rules never do.
pub fn random_seed() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    // splitmix64, so that seeds taken close together look unrelated; kept to 9 digits to be easy to copy.
    let mut z = nanos
        ^ COUNTER
            .fetch_add(1, Ordering::Relaxed)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) % 1_000_000_000
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SetupDraft>()
        .add_systems(Update, (start_game, review_setup.run_if(in_state(Screen::Setup))))
        .add_systems(
            EguiPrimaryContextPass,
            setup_ui.run_if(in_state(Screen::Setup)).in_set(crate::ui::ScreenUi),
        );
}

/// Ask the game about the form as it stands (decks its format refuses, cards it does not enforce),
/// once per change of the form.
fn review_setup(mut draft: ResMut<SetupDraft>, catalog: Res<GameCatalog>) {
    let Ok(choice) = draft.validate() else { return };
    if draft.review_of(&choice).is_some() {
        return;
    }
    let Some(factory) = catalog.get(&choice.game).and_then(GameEntry::factory) else {
        return;
    };
    let verdict = factory.review(&choice);
    draft.review = Some((choice, verdict));
}

/// Keep the names of a game's players for the next time its setup opens (in the settings file,
/// written atomically). A failure to write only loses the convenience.
fn remember_names(choice: &SetupChoice, settings: &mut Settings, dirs: &UserDirs) {
    let names: Vec<String> = choice.seats.iter().map(|s| s.name.clone()).collect();
    let known = settings.last_names.entry(choice.game.clone()).or_default();
    // Seats beyond this table keep their names from a bigger table.
    let kept: Vec<String> = known.iter().skip(names.len()).cloned().collect();
    let remembered: Vec<String> = names.into_iter().chain(kept).collect();
    if *known != remembered {
        *known = remembered;
        if let Err(error) = spellhall_core::files::write_ron(&dirs.settings_file(), &*settings) {
            bevy::log::warn!("the players' names could not be kept in the settings: {error}");
        }
    }
}

/// Start a game from a setup choice (the setup screen, Play again, or `--screen playing`).
#[allow(clippy::too_many_arguments)]
pub fn start_game(
    mut commands: MessageReader<UiCommand>,
    mut settings: Option<ResMut<Settings>>,
    dirs: Res<UserDirs>,
    catalog: Res<GameCatalog>,
    mut game: ResMut<ActiveGame>,
    mut notices: ResMut<Notices>,
    mut next: ResMut<NextState<Screen>>,
    mut changed: MessageWriter<crate::screens::playing::GameChanged>,
) {
    for command in commands.read() {
        let choice = match command {
            UiCommand::StartGame(choice) => choice.clone(),
            UiCommand::PlayAgain => match &game.last_setup {
                Some(last) => SetupChoice {
                    seed: random_seed(),
                    ..last.clone()
                },
                None => {
                    notices.refused("This game was loaded from a file; choose Back to title to set up a new one.");
                    continue;
                }
            },
            _ => continue,
        };
        let started = catalog
            .get(&choice.game)
            .and_then(GameEntry::factory)
            .ok_or_else(|| format!("'{}' cannot be played in this build.", choice.game))
            .and_then(|factory| factory.start(&choice));
        match started {
            Ok(session) => {
                if let Some(settings) = settings.as_deref_mut() {
                    remember_names(&choice, settings, &dirs);
                }
                game.begin(session, Some(choice), false);
                next.set(Screen::Playing);
                // A new game is autosaved at once; a loaded one only once it changes, so that opening
                // a save never replaces or removes the autosave of another unfinished game.
                changed.write(crate::screens::playing::GameChanged);
            }
            Err(error) => notices.problem(format!("The game could not start: {error}")),
        }
    }
}

fn setup_ui(mut contexts: EguiContexts, mut draft: ResMut<SetupDraft>, mut out: MessageWriter<UiCommand>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut commands = Vec::new();
    setup_screen(ctx, &mut draft, &mut commands);
    out.write_batch(commands);
    Ok(())
}

/// The setup screen over the whole window, as the app draws it.
pub fn setup_screen(ctx: &egui::Context, draft: &mut SetupDraft, out: &mut Vec<UiCommand>) {
    egui::CentralPanel::default()
        .frame(theme::backdrop())
        .show(&mut crate::ui::root_ui(ctx), |ui| setup_body(ui, draft, out));
}

/// Room kept under the form for the Back and Start buttons.
const ACTIONS_HEIGHT: f32 = 70.0;

/// The setup form. It edits only the draft; starting is a command. Back and Start stay in view
/// under the form, which scrolls when the window is too short for it (a large UI scale, six seats).
pub fn setup_body(ui: &mut egui::Ui, draft: &mut SetupDraft, out: &mut Vec<UiCommand>) {
    let width = 760.0_f32.min(ui.available_width() - 40.0);
    let form_height = (ui.available_height() - ACTIONS_HEIGHT).max(120.0);
    egui::ScrollArea::vertical()
        .max_height(form_height)
        .auto_shrink([false, true])
        .show(ui, |ui| setup_form(ui, draft, width, form_height));
    ui.add_space(14.0);
    // A valid form the game itself refuses (a deck its format does not allow) cannot start.
    let verdict = draft.validate().and_then(|choice| match draft.review_of(&choice) {
        Some(Err(_)) => Err("The game refuses this setup: see the problems above.".to_string()),
        _ => Ok(choice),
    });
    ui.horizontal(|ui| {
        ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
        if ui.add(widgets::menu_button("Back")).clicked() {
            out.push(UiCommand::GoToTitle);
        }
        ui.add_space(12.0);
        let start = ui.add_enabled(verdict.is_ok(), widgets::accent_button("Start the game"));
        // Enter starts the game, unless the player is typing in a field.
        let enter = ui.input(|i| i.key_pressed(egui::Key::Enter)) && ui.memory(|m| m.focused().is_none());
        if let Ok(choice) = &verdict
            && (start.clicked() || enter)
        {
            out.push(UiCommand::StartGame(choice.clone()));
        }
        if let Err(problem) = &verdict {
            ui.label(egui::RichText::new(problem).color(theme::DANGER));
        }
    });
}

/// The heading and the form's sections, `width` wide and centred.
fn setup_form(ui: &mut egui::Ui, draft: &mut SetupDraft, width: f32, form_height: f32) {
    ui.vertical_centered(|ui| {
        // The form is about 500 points tall: centre it on tall windows.
        ui.add_space(((form_height - 500.0) / 2.0).max(8.0));
        ui.label(
            egui::RichText::new(format!("New game of {}", draft.game_name))
                .size(38.0)
                .color(theme::GOLD)
                .strong(),
        );
        ui.add_space(6.0);
        ui.label(
            egui::RichText::new(format!("{} players", spellhall_core::counts_in_words(&draft.counts)))
                .size(18.0)
                .color(theme::MUTED),
        );
        ui.add_space(18.0);
    });
    ui.horizontal(|ui| {
        ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
        ui.vertical(|ui| {
            ui.set_width(width);
            theme::tile().show(ui, |ui| {
                ui.set_width(width - 36.0);
                players_section(ui, draft);
            });
            ui.add_space(14.0);
            if !draft.options.is_empty() {
                theme::tile().show(ui, |ui| {
                    ui.set_width(width - 36.0);
                    options_section(ui, draft);
                });
                ui.add_space(14.0);
            }
            theme::tile().show(ui, |ui| {
                ui.set_width(width - 36.0);
                seed_section(ui, draft);
            });
            review_section(ui, draft, width);
        });
    });
}

fn players_section(ui: &mut egui::Ui, draft: &mut SetupDraft) {
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("Players").size(22.0).strong());
        ui.add_space(16.0);
        let counts = draft.counts.clone();
        for count in counts {
            if ui
                .selectable_label(
                    draft.players == count,
                    egui::RichText::new(count.to_string()).size(18.0),
                )
                .clicked()
            {
                draft.players = count;
            }
        }
    });
    ui.add_space(8.0);
    let players = usize::from(draft.players);
    let mut swap: Option<(usize, usize)> = None;
    let name_width = if draft.seat_option.is_some() { 170.0 } else { 240.0 };
    egui::Grid::new("seats")
        .num_columns(5)
        .spacing([14.0, 8.0])
        .show(ui, |ui| {
            for i in 0..players {
                let roles = draft.seat_roles.get(usize::from(draft.players - draft.min_players));
                let role = roles
                    .and_then(|r| r.get(i))
                    .map(|r| format!(" · {r}"))
                    .unwrap_or_default();
                ui.label(egui::RichText::new(format!("Seat {}{role}", i + 1)).color(theme::MUTED));
                ui.add_sized(
                    [name_width, 30.0],
                    egui::TextEdit::singleline(&mut draft.seats[i].name)
                        .char_limit(24)
                        .vertical_align(egui::Align::Center),
                );
                ui.horizontal(|ui| {
                    let seat = &mut draft.seats[i];
                    // (computer, strong): one of three levels.
                    let mut level = (seat.computer, seat.computer && seat.strong);
                    ui.selectable_value(&mut level, (false, false), "Person");
                    ui.add_enabled_ui(draft.has_computer, |ui| {
                        ui.selectable_value(&mut level, (true, false), "Computer")
                            .on_hover_text("Looks one action ahead: a quick, fair opponent.")
                            .on_disabled_hover_text("This game has no computer player yet.");
                    });
                    ui.add_enabled_ui(draft.has_strong, |ui| {
                        ui.selectable_value(&mut level, (true, true), "Strong")
                            .on_hover_text(
                                "A strong computer: it plays out many possible games from what its seat \
                                 can see, thinking up to a second a move.",
                            )
                            .on_disabled_hover_text("This game has no strong computer player yet.");
                    });
                    (seat.computer, seat.strong) = level;
                });
                if let Some(option) = &draft.seat_option {
                    seat_pick(ui, option, i, &mut draft.seats[i].pick);
                }
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(i > 0, egui::Button::new("🔼"))
                        .on_hover_text("Move up the seat order")
                        .clicked()
                    {
                        swap = Some((i - 1, i));
                    }
                    if ui
                        .add_enabled(i + 1 < players, egui::Button::new("🔽"))
                        .on_hover_text("Move down the seat order")
                        .clicked()
                    {
                        swap = Some((i, i + 1));
                    }
                });
                ui.end_row();
            }
        });
    if let Some((a, b)) = swap {
        draft.seats.swap(a, b);
    }
}

/// A seat's pick (Spellfire's deck) as a drop-down list.
fn seat_pick(ui: &mut egui::Ui, option: &SeatOption, seat: usize, pick: &mut usize) {
    let shown = option.choices.get(*pick).map_or("", |c| c.label.as_str());
    egui::ComboBox::from_id_salt(("seat-pick", seat))
        .width(230.0)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (index, choice) in option.choices.iter().enumerate() {
                ui.selectable_value(pick, index, &choice.label);
            }
        })
        .response
        .on_hover_text(option.label);
}

fn options_section(ui: &mut egui::Ui, draft: &mut SetupDraft) {
    ui.label(egui::RichText::new("Options").size(22.0).strong());
    ui.add_space(6.0);
    for (option, chosen) in draft.options.iter().zip(draft.chosen.iter_mut()) {
        ui.horizontal(|ui| {
            ui.label(option.label.as_str());
            for (index, choice) in option.choices.iter().enumerate() {
                ui.selectable_value(chosen, index, choice.as_str());
            }
        });
    }
}

/// The game's problems with the form (they stop the start) and its warnings (read first).
fn review_section(ui: &mut egui::Ui, draft: &SetupDraft, width: f32) {
    let Some(verdict) = draft
        .validate()
        .ok()
        .and_then(|choice| draft.review_of(&choice).cloned())
    else {
        return;
    };
    let names: Vec<String> = draft.seats.iter().map(|s| s.name.trim().to_string()).collect();
    let (title, lines, colour) = match &verdict {
        Err(problems) => (
            "Cannot start",
            problems.lines().map(str::to_string).collect::<Vec<_>>(),
            theme::DANGER,
        ),
        Ok(warnings) if warnings.is_empty() => return,
        Ok(warnings) => ("Before you start", warnings.clone(), theme::GOLD),
    };
    ui.add_space(14.0);
    theme::tile().show(ui, |ui| {
        ui.set_width(width - 36.0);
        ui.label(egui::RichText::new(title).size(22.0).strong().color(colour));
        ui.add_space(4.0);
        egui::ScrollArea::vertical()
            .id_salt("setup-review")
            .max_height(150.0)
            .show(ui, |ui| {
                for line in &lines {
                    ui.label(spellhall_core::fill_seat_names(line, &names));
                }
            });
    });
}

fn seed_section(ui: &mut egui::Ui, draft: &mut SetupDraft) {
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("Seed").size(22.0).strong());
        ui.add_space(16.0);
        ui.add_sized(
            [160.0, 30.0],
            egui::TextEdit::singleline(&mut draft.seed_text).vertical_align(egui::Align::Center),
        );
        if ui.button("New seed").clicked() {
            draft.seed_text = random_seed().to_string();
        }
        ui.label(
            egui::RichText::new("The same seed, players and options give the same shuffles and dice.")
                .color(theme::MUTED),
        );
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> SetupDraft {
        SetupDraft {
            game: "tally".into(),
            game_name: "Tally".into(),
            min_players: 2,
            max_players: 4,
            counts: vec![2, 3, 4],
            has_computer: true,
            has_strong: true,
            seats: DEFAULT_NAMES[..4]
                .iter()
                .map(|n| SeatDraft {
                    name: n.to_string(),
                    computer: false,
                    strong: false,
                    pick: 0,
                })
                .collect(),
            players: 2,
            options: Vec::new(),
            seat_roles: Vec::new(),
            chosen: Vec::new(),
            seed_text: "12".into(),
            seat_option: None,
            review: None,
        }
    }

    #[test]
    fn a_valid_form_gives_the_seats_in_order() {
        let choice = draft().validate().unwrap();
        assert_eq!(choice.seed, 12);
        assert_eq!(
            choice.seats,
            vec![SeatInfo::person("Aldric"), SeatInfo::person("Brenna")]
        );
    }

    #[test]
    fn problems_are_said_in_words() {
        let mut d = draft();
        d.seed_text = "twelve".into();
        assert_eq!(
            d.validate().unwrap_err(),
            "The seed must be a whole number (0 or more)."
        );
        let mut d = draft();
        d.seats[1].name = " aldric ".into();
        assert!(d.validate().unwrap_err().starts_with("Two seats are called aldric"));
        let mut d = draft();
        d.seats[0].computer = true;
        d.seats[1].computer = true;
        assert_eq!(d.validate().unwrap_err(), "At least one seat must be a person.");
        // A seat beyond the player count does not matter.
        let mut d = draft();
        d.seats[3].name.clear();
        assert!(d.validate().is_ok());
    }

    #[test]
    fn seeds_differ_from_call_to_call() {
        assert_ne!(random_seed(), random_seed());
    }
}
