//! The app's logic without a window: screens, hot-seat curtain, computer seats, undo consent,
//! autosave and resume, and bad files reported and left untouched. Driven by the same commands the
//! egui screens send.

use std::fs;
use std::path::PathBuf;

use bevy::prelude::*;
use spellhall::active::ActiveGame;
use spellhall::commands::UiCommand;
use spellhall::games::tally::TallyAdapter;
use spellhall::games::{AddedContent, Availability, GameAdapter, GameCatalog, GameEntry, SetupChoice, UserContent};
use spellhall::hotseat::{HotSeat, TableFocus};
use spellhall::notices::Notices;
use spellhall::paths::UserDirs;
use spellhall::screens::Screen;
use spellhall::screens::playing::PendingUndo;
use spellhall::screens::setup::SetupDraft;
use spellhall::settings::Settings;
use spellhall_core::testkit::TallyAction;
use spellhall_core::{Seat, SeatInfo, ToAct};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spellhall-app-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn app_in(dir: &std::path::Path) -> App {
    let dirs = UserDirs::under(dir);
    let mut catalog = GameCatalog::shipped(&dirs);
    catalog.register(GameEntry::playable::<TallyAdapter>(&dirs.content_dir("tally")));
    let mut app = spellhall::headless_app(dirs, catalog);
    app.update();
    app
}

fn send(app: &mut App, command: UiCommand) {
    app.world_mut().write_message(command);
    // One update handles the command; the state transitions it asks for, and those that the new
    // screen's first look at the game asks for, apply in the next two.
    for _ in 0..3 {
        app.update();
    }
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn hotseat(app: &App) -> Option<HotSeat> {
    app.world().get_resource::<State<HotSeat>>().map(|s| *s.get())
}

fn focus(app: &App) -> TableFocus {
    app.world().resource::<TableFocus>().clone()
}

fn to_act(app: &App) -> ToAct {
    app.world().resource::<ActiveGame>().session.as_ref().unwrap().to_act()
}

fn actions_taken(app: &App) -> usize {
    app.world()
        .resource::<ActiveGame>()
        .session
        .as_ref()
        .map_or(0, |s| s.actions_taken())
}

/// A two-person game of Tally started from `dir`, with Ann at the screen.
fn playing_as_ann(dir: &std::path::Path, seed: u64) -> App {
    let mut app = app_in(dir);
    send(&mut app, UiCommand::StartGame(choice(two_persons(), seed)));
    send(&mut app, UiCommand::ConfirmHandoff);
    app
}

fn act(app: &mut App, seat: Seat, action: TallyAction) {
    send(
        app,
        UiCommand::Act {
            seat,
            action: ron::to_string(&action).unwrap(),
        },
    );
}

fn choice(seats: Vec<SeatInfo>, seed: u64) -> SetupChoice {
    SetupChoice {
        game: "tally".into(),
        seats,
        options: vec![],
        seed,
        seat_picks: Vec::new(),
    }
}

fn two_persons() -> Vec<SeatInfo> {
    vec![SeatInfo::person("Ann"), SeatInfo::person("Ben")]
}

#[test]
fn title_to_setup_to_playing_and_back() {
    let dir = scratch("flow");
    let mut app = app_in(&dir);
    assert_eq!(screen(&app), Screen::Title);

    send(&mut app, UiCommand::OpenSetup("tally".into()));
    assert_eq!(screen(&app), Screen::Setup);
    let draft = app.world().resource::<SetupDraft>().clone();
    assert_eq!((draft.min_players, draft.max_players, draft.players), (2, 4, 2));
    let start = draft.validate().unwrap();

    send(&mut app, UiCommand::StartGame(start));
    assert_eq!(screen(&app), Screen::Playing);
    // Two persons: the first curtain asks for the first seat.
    assert_eq!(hotseat(&app), Some(HotSeat::Handoff));
    assert_eq!(focus(&app).pending, Some(Seat(0)));

    send(&mut app, UiCommand::GoToTitle);
    assert_eq!(screen(&app), Screen::Title);
    assert!(app.world().resource::<ActiveGame>().session.is_none());
}

#[test]
fn the_deck_editor_opens_a_starter_saves_with_ctrl_s_and_esc_asks_before_leaving() {
    use spellhall::commands::DeckChoice;
    use spellhall::screens::deck_editor::{DeckEditor, Dialog, EditorCommand};
    let dir = scratch("editor");
    let mut app = app_in(&dir);
    send(
        &mut app,
        UiCommand::OpenDeckEditor(Some(DeckChoice::Starter("B-1".into()))),
    );
    assert_eq!(screen(&app), Screen::DeckEditor);
    let editor = app.world().resource::<DeckEditor>();
    assert_eq!(editor.deck.name, "1st Edition Starter B-1");
    assert!(editor.read_only() && editor.problems.is_empty());

    // Ctrl+S on a starter deck asks for the name of the copy; a second Ctrl+S in that dialog
    // saves under the name typed so far.
    send(&mut app, UiCommand::SaveDeck);
    assert!(matches!(
        app.world().resource::<DeckEditor>().dialog,
        Some(Dialog::SaveAs { .. })
    ));
    app.world_mut().resource_mut::<DeckEditor>().dialog = Some(Dialog::SaveAs { name: "Typed".into() });
    send(&mut app, UiCommand::SaveDeck);
    assert!(dir.join("data/spellfire/decks/Typed.ron").exists());
    assert_eq!(app.world().resource::<DeckEditor>().dialog, None);
    app.world_mut()
        .resource_mut::<DeckEditor>()
        .perform(EditorCommand::OpenStarter(2));
    send(&mut app, UiCommand::SaveDeck);
    // Esc closes the dialog first, then leaves.
    send(&mut app, UiCommand::EditorEscape);
    assert_eq!(app.world().resource::<DeckEditor>().dialog, None);
    app.world_mut()
        .resource_mut::<DeckEditor>()
        .perform(EditorCommand::SaveAs("My B-1".into()));
    app.world_mut()
        .resource_mut::<DeckEditor>()
        .perform(EditorCommand::Add("1st/1".parse().unwrap()));
    send(&mut app, UiCommand::EditorEscape);
    assert_eq!(
        screen(&app),
        Screen::DeckEditor,
        "unsaved changes are asked about first"
    );
    assert!(matches!(
        app.world().resource::<DeckEditor>().dialog,
        Some(Dialog::Unsaved { .. })
    ));
    // Ctrl+S answers the question: save, then leave.
    send(&mut app, UiCommand::SaveDeck);
    assert_eq!(screen(&app), Screen::Title);
    let saved = spellfire::deck::Deck::load(&dir.join("data/spellfire/decks/My_B-1.ron")).unwrap();
    assert_eq!(saved.cards.len(), 56);

    // A deck file named on the command line opens; a missing one is reported.
    send(
        &mut app,
        UiCommand::OpenDeckEditor(Some(DeckChoice::File(dir.join("data/spellfire/decks/My_B-1.ron")))),
    );
    assert_eq!(app.world().resource::<DeckEditor>().deck.name, "My B-1");
    send(
        &mut app,
        UiCommand::OpenDeckEditor(Some(DeckChoice::Starter("Z-9".into()))),
    );
    let notices = app.world().resource::<Notices>();
    assert_eq!(
        notices.toasts.last().unwrap().text,
        "There is no starter deck Z-9: they are A-1 to F-2."
    );
}

#[test]
fn spellfire_opens_its_setup_with_a_deck_for_each_seat() {
    let dir = scratch("spellfire-setup");
    let mut app = app_in(&dir);
    send(&mut app, UiCommand::OpenSetup("spellfire".into()));
    assert_eq!(screen(&app), Screen::Setup);
    let draft = app.world().resource::<SetupDraft>().clone();
    assert_eq!(draft.counts, vec![2, 3, 4, 5, 6]);
    let choice = draft.validate().unwrap();
    assert_eq!(
        choice.seat_picks,
        vec!["starter:A-1".to_string(), "starter:A-2".to_string()]
    );
}

#[test]
fn the_curtain_appears_whenever_the_decision_passes_to_another_person() {
    let dir = scratch("curtain");
    let mut app = app_in(&dir);
    send(&mut app, UiCommand::StartGame(choice(two_persons(), 3)));
    assert_eq!((hotseat(&app), focus(&app).viewer), (Some(HotSeat::Handoff), None));

    // Nothing may be played while the curtain is up.
    act(&mut app, Seat(0), TallyAction::Draw);
    assert!(actions_taken(&app) == 0);

    send(&mut app, UiCommand::ConfirmHandoff);
    assert_eq!(
        (hotseat(&app), focus(&app).viewer),
        (Some(HotSeat::Acting), Some(Seat(0)))
    );

    act(&mut app, Seat(0), TallyAction::Draw);
    assert_eq!(to_act(&app), ToAct::Seat(Seat(1)));
    assert_eq!(hotseat(&app), Some(HotSeat::Handoff));
    // Ann's view stays the focus until Ben takes the screen, but the curtain hides it (after Ann
    // has read what her draw did).
    let focus_now = focus(&app);
    assert_eq!(
        (focus_now.viewer, focus_now.pending, focus_now.outcome_from),
        (Some(Seat(0)), Some(Seat(1)), Some(0))
    );

    send(&mut app, UiCommand::ConfirmHandoff);
    assert_eq!(
        (hotseat(&app), focus(&app).viewer),
        (Some(HotSeat::Acting), Some(Seat(1)))
    );
}

#[test]
fn an_illegal_action_is_refused_with_the_reason_on_a_toast() {
    let dir = scratch("refused");
    let mut app = playing_as_ann(&dir, 3);
    act(&mut app, Seat(0), TallyAction::Bank(4));
    let toast = app.world().resource::<Notices>().toasts.last().cloned().unwrap();
    assert!(toast.is_error);
    assert_eq!(toast.text, "You hold no 4 to bank. (Tally: bank)");
    // A seat that is not deciding is refused too.
    act(&mut app, Seat(1), TallyAction::Draw);
    assert_eq!(to_act(&app), ToAct::Seat(Seat(0)));
}

#[test]
fn a_single_person_never_sees_the_curtain_and_computers_play_on_their_own() {
    let dir = scratch("computer");
    let mut app = app_in(&dir);
    app.insert_resource(Settings {
        animation_speed: 4.0,
        ..Settings::default()
    });
    send(
        &mut app,
        UiCommand::StartGame(choice(vec![SeatInfo::person("Ann"), SeatInfo::computer("Robot")], 5)),
    );
    assert_eq!(
        (hotseat(&app), focus(&app).viewer),
        (Some(HotSeat::Acting), Some(Seat(0)))
    );
    act(&mut app, Seat(0), TallyAction::Draw);
    assert_eq!(to_act(&app), ToAct::Seat(Seat(1)));
    // The computer waits a moment (0.2 s at speed 4), then acts; the curtain never comes up. The
    // loop allows ten seconds, so a loaded machine that starts the computer late still passes.
    for _ in 0..1000 {
        std::thread::sleep(std::time::Duration::from_millis(10));
        app.update();
        if to_act(&app) == ToAct::Seat(Seat(0)) {
            break;
        }
    }
    assert_eq!(to_act(&app), ToAct::Seat(Seat(0)), "the computer did not act");
    assert_eq!(hotseat(&app), Some(HotSeat::Acting));
}

#[test]
fn undo_after_a_draw_waits_for_the_other_persons_agreement() {
    let dir = scratch("undo");
    let mut app = playing_as_ann(&dir, 9);
    act(&mut app, Seat(0), TallyAction::Draw);
    // Ben is on the curtain now; Ann asks to undo from Ben's... no: undo belongs to the seat at the
    // screen, so Ben takes it first, then Ann's draw can only be undone with Ben's agreement.
    send(&mut app, UiCommand::ConfirmHandoff);
    send(&mut app, UiCommand::Undo);
    let plan = app.world().resource::<PendingUndo>().0.clone().expect("a pending undo");
    assert_eq!(plan.needs_consent, vec![Seat(0)]);
    send(&mut app, UiCommand::CancelUndo);
    assert_eq!(actions_taken(&app), 1);

    send(&mut app, UiCommand::Undo);
    send(&mut app, UiCommand::ConfirmUndo);
    assert_eq!(actions_taken(&app), 0);
    // Back to Ann's decision: the curtain goes up for her.
    assert_eq!(to_act(&app), ToAct::Seat(Seat(0)));
    assert_eq!(hotseat(&app), Some(HotSeat::Handoff));
    assert_eq!(focus(&app).pending, Some(Seat(0)));

    send(&mut app, UiCommand::ConfirmHandoff);
    send(&mut app, UiCommand::Redo);
    assert_eq!(actions_taken(&app), 1);
}

#[test]
fn every_action_is_autosaved_and_the_title_offers_to_resume() {
    let dir = scratch("autosave");
    let mut app = playing_as_ann(&dir, 4);
    act(&mut app, Seat(0), TallyAction::Draw);
    let autosave = UserDirs::under(&dir).autosave_file();
    assert!(autosave.exists());

    send(&mut app, UiCommand::GoToTitle);
    let listings = app.world().resource::<spellhall::active::SaveListings>();
    let offer = listings.autosave.as_ref().expect("resume offered");
    assert_eq!(offer.summary.as_deref(), Ok("Tally (test game): Ann, Ben"));

    send(&mut app, UiCommand::ResumeAutosave);
    assert_eq!(screen(&app), Screen::Playing);
    let game = app.world().resource::<ActiveGame>();
    assert_eq!(game.session.as_ref().unwrap().actions_taken(), 1);
    assert_eq!(to_act(&app), ToAct::Seat(Seat(1)));
}

#[test]
fn a_game_saved_with_ctrl_s_loads_back_from_the_title() {
    let dir = scratch("save");
    let mut app = playing_as_ann(&dir, 4);
    act(&mut app, Seat(0), TallyAction::Draw);
    send(&mut app, UiCommand::SaveGame);
    let saves: Vec<_> = fs::read_dir(UserDirs::under(&dir).saves_dir())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert_eq!(saves.len(), 1);
    assert!(saves[0].file_name().unwrap().to_string_lossy().starts_with("tally-"));

    send(&mut app, UiCommand::GoToTitle);
    assert_eq!(app.world().resource::<spellhall::active::SaveListings>().saves.len(), 1);
    send(&mut app, UiCommand::LoadGame(saves[0].clone()));
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(actions_taken(&app), 1);
}

#[test]
fn a_corrupt_save_is_reported_and_left_untouched() {
    let dir = scratch("corrupt-save");
    let path = dir.join("broken.ron");
    let text = "(game: \"tally\", format_version: 1, seats: [], config: (players: 2 copies: 4))";
    fs::write(&path, text).unwrap();
    let mut app = app_in(&dir);
    send(&mut app, UiCommand::LoadGame(path.clone()));
    assert_eq!(screen(&app), Screen::Title);
    let problem = app.world().resource::<Notices>().problems.last().cloned().unwrap();
    assert!(problem.contains(&format!("{}:1:", path.display())), "{problem}");
    assert!(problem.contains("left as it is"), "{problem}");
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn a_corrupt_settings_file_is_reported_defaults_used_and_the_file_kept() {
    let dir = scratch("corrupt-settings");
    let dirs = UserDirs::under(&dir);
    fs::create_dir_all(&dirs.config).unwrap();
    let text = "(ui_scale: 1.5,\n window: Sideways)";
    fs::write(dirs.settings_file(), text).unwrap();
    let app = app_in(&dir);
    assert_eq!(*app.world().resource::<Settings>(), Settings::default());
    let problem = app.world().resource::<Notices>().problems.last().cloned().unwrap();
    assert!(problem.contains("settings.ron:2:"), "{problem}");
    assert_eq!(fs::read_to_string(dirs.settings_file()).unwrap(), text);
}

#[test]
fn settings_are_saved_as_ron_and_read_at_start() {
    let dir = scratch("settings");
    let mut app = app_in(&dir);
    let wanted = Settings {
        ui_scale: 1.25,
        confirm_end_of_turn: false,
        ..Settings::default()
    };
    app.world_mut()
        .write_message(spellhall::settings::SaveSettings(wanted.clone()));
    app.update();
    let again = app_in(&dir);
    assert_eq!(*again.world().resource::<Settings>(), wanted);
}

#[test]
fn a_finished_game_goes_to_results_and_play_again_starts_a_new_one() {
    let dir = scratch("results");
    let mut app = app_in(&dir);
    send(
        &mut app,
        UiCommand::StartGame(choice(vec![SeatInfo::person("Ann"), SeatInfo::person("Ben")], 6)),
    );
    let mut guard = 0;
    while screen(&app) == Screen::Playing {
        guard += 1;
        assert!(guard < 500, "the game did not end");
        if hotseat(&app) == Some(HotSeat::Handoff) {
            send(&mut app, UiCommand::ConfirmHandoff);
            continue;
        }
        let seat = to_act(&app).seat().unwrap();
        // Bank the best card when possible, else draw, else pass: the first action the rules accept.
        let preference = [5, 4, 3, 2, 1]
            .map(TallyAction::Bank)
            .into_iter()
            .chain([TallyAction::Draw, TallyAction::Pass]);
        let before = app
            .world()
            .resource::<ActiveGame>()
            .session
            .as_ref()
            .unwrap()
            .actions_taken();
        for action in preference {
            act(&mut app, seat, action);
            let session_after = app
                .world()
                .resource::<ActiveGame>()
                .session
                .as_ref()
                .map(|s| s.actions_taken());
            if session_after != Some(before) {
                break;
            }
        }
    }
    assert_eq!(screen(&app), Screen::Results);
    assert!(
        !UserDirs::under(&dir).autosave_file().exists(),
        "a finished game is not offered for resuming"
    );
    send(&mut app, UiCommand::PlayAgain);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(actions_taken(&app), 0);
}

/// Tally with content read from the player's folder, to see a content error reach the player.
struct TallyWithUserContent;

impl GameAdapter for TallyWithUserContent {
    type G = spellhall_core::testkit::Tally;
    const TAGLINE: &'static str = TallyAdapter::TAGLINE;
    const HAS_COMPUTER: bool = false;

    fn config(players: u8, options: &[usize], content: &()) -> Result<spellhall_core::testkit::TallyConfig, String> {
        TallyAdapter::config(players, options, content)
    }

    fn shipped_content() -> Result<(), Vec<spellhall_core::content::ContentError>> {
        Ok(())
    }

    fn user_content() -> UserContent<()> {
        UserContent::Adds(|_, files| {
            for file in files {
                spellhall_core::content::parse_ron::<Vec<(String, u8)>>(&file.name, &file.text).map_err(|e| vec![e])?;
            }
            Ok(())
        })
    }

    fn draw_table(
        ui: &mut spellhall::egui::Ui,
        table: &spellhall::games::TableInput<'_, Self::G>,
    ) -> Option<TallyAction> {
        TallyAdapter::draw_table(ui, table)
    }

    fn rules_summary(content: &()) -> String {
        TallyAdapter::rules_summary(content)
    }
}

/// A user folder whose `content/<game>/<file>` holds `text`.
fn with_added_file(name: &str, game: &str, file: &str, text: &str) -> (UserDirs, PathBuf) {
    let dirs = UserDirs::under(&scratch(name));
    let folder = dirs.content_dir(game);
    fs::create_dir_all(&folder).unwrap();
    fs::write(folder.join(file), text).unwrap();
    (dirs, folder.join(file))
}

#[test]
fn a_valid_added_card_file_is_loaded_and_the_game_starts_with_it() {
    let goblins = "[\n    (id: \"marsh-goblins\", name: \"Marsh Goblins\", copies: 3, cost: {Water: 1, Men: 1}, kind: Horde(force: 2)),\n]";
    let (dirs, _) = with_added_file("added-valid", "mighty-magics", "goblins.ron", goblins);
    let catalog = GameCatalog::shipped(&dirs);
    assert_eq!(
        catalog.get("mighty-magics").unwrap().added_content,
        AddedContent::Added(1)
    );
    let mut app = spellhall::headless_app(dirs, catalog);
    app.update();
    assert!(app.world().resource::<Notices>().problems.is_empty());
    let seats = ["Ann", "Ben"].map(SeatInfo::person).to_vec();
    let mut start = choice(seats, 1);
    start.game = "mighty-magics".into();
    start.options = vec![0];
    send(&mut app, UiCommand::StartGame(start));
    assert_eq!(screen(&app), Screen::Playing);
}

#[test]
fn a_broken_added_card_is_reported_with_file_line_column_and_card_and_the_game_plays_its_own() {
    let no_kind = "(\n    cards: [\n        (id: \"no-kind\", name: \"No Kind\", effect: Heal(hp: 1)),\n    ],\n)";
    let (dirs, path) = with_added_file("added-broken", "spells-of-doom", "mine.ron", no_kind);
    let catalog = GameCatalog::shipped(&dirs);
    let AddedContent::Refused(errors) = &catalog.get("spells-of-doom").unwrap().added_content else {
        panic!("the broken file was not refused");
    };
    let expected = format!("{}:3:", path.display());
    assert!(errors[0].to_string().starts_with(&expected), "{}", errors[0]);
    assert_eq!(errors[0].item.as_deref(), Some("no-kind"));
    let mut app = spellhall::headless_app(dirs, catalog);
    app.update();
    let problems = app.world().resource::<Notices>().problems.clone();
    let problem = problems
        .iter()
        .find(|p| p.contains("Spells of Doom"))
        .expect("reported");
    assert!(
        problem.contains(&expected) && problem.contains("in 'no-kind'"),
        "{problem}"
    );
    send(&mut app, UiCommand::OpenSetup("spells-of-doom".into()));
    assert_eq!(
        screen(&app),
        Screen::Setup,
        "the game is still playable, with its shipped cards"
    );
}

const FAN_SET: &str = "(\n    code: \"FAN\",\n    title: \"Fan Set\",\n    cards: [\n        (number: 1, name: \"Glimmer Drake\", type: Monster, world: ForgottenRealms, level: Some(\"6\"), rarity: Rare, power: Unscripted),\n    ],\n)";

fn deck_editor_has(app: &App, card: &str) -> bool {
    let editor = app.world().resource::<spellhall::screens::deck_editor::DeckEditor>();
    editor.library.catalogue.named(card).count() == 1
}

#[test]
fn a_spellfire_fan_set_joins_the_deck_editors_catalogue() {
    let (dirs, _) = with_added_file("fan-set", "spellfire", "fan.ron", FAN_SET);
    let catalog = GameCatalog::shipped(&dirs);
    assert_eq!(catalog.get("spellfire").unwrap().added_content, AddedContent::Added(1));
    let mut app = spellhall::headless_app(dirs, catalog);
    app.update();
    send(&mut app, UiCommand::OpenDeckEditor(None));
    assert_eq!(screen(&app), Screen::DeckEditor);
    assert!(deck_editor_has(&app, "Glimmer Drake"));
}

#[test]
fn a_refused_spellfire_set_is_reported_once_and_the_editor_keeps_the_shipped_cards() {
    let broken = FAN_SET.replace("world: ForgottenRealms, ", "");
    let (dirs, _) = with_added_file("fan-broken", "spellfire", "fan.ron", &broken);
    let mut app = spellhall::headless_app(dirs.clone(), GameCatalog::shipped(&dirs));
    app.update();
    let problems = app.world().resource::<Notices>().problems.clone();
    assert!(
        problems.len() == 1 && problems[0].contains("fan.ron:5:") && problems[0].contains("Glimmer Drake"),
        "{problems:?}"
    );
    send(&mut app, UiCommand::OpenDeckEditor(None));
    assert_eq!(screen(&app), Screen::DeckEditor);
    assert!(!deck_editor_has(&app, "Glimmer Drake"));
    assert_eq!(app.world().resource::<Notices>().problems.len(), 1, "reported once");
}

#[test]
fn added_content_that_fails_to_load_is_reported_with_file_line_and_column_and_the_game_plays_on() {
    let dir = scratch("bad-content");
    let dirs = UserDirs::under(&dir);
    let content = dirs.content_dir("tally");
    fs::create_dir_all(&content).unwrap();
    fs::write(content.join("extra.ron"), "[\n  (\"Hawk\", 3),\n  (\"Bear\" 5),\n]").unwrap();
    let mut catalog = GameCatalog::shipped(&dirs);
    catalog.register(GameEntry::playable::<TallyWithUserContent>(&content));
    let tally = catalog.get("tally").unwrap();
    assert!(matches!(tally.availability, Availability::Playable(_)));
    assert!(matches!(tally.added_content, AddedContent::Refused(_)));
    let mut app = spellhall::headless_app(dirs, catalog);
    app.update();
    let problem = app.world().resource::<Notices>().problems.last().cloned().unwrap();
    assert!(problem.contains("extra.ron:3:"), "{problem}");
    assert!(problem.contains("has its shipped cards only"), "{problem}");
    send(&mut app, UiCommand::OpenSetup("tally".into()));
    assert_eq!(screen(&app), Screen::Setup);
}

#[test]
fn spellcaster_teammates_get_the_curtain_between_them_and_never_see_each_others_hands() {
    let dir = scratch("spellcaster-team");
    let mut app = app_in(&dir);
    let seats = ["Ann", "Ben", "Cal", "Dee"].map(SeatInfo::person).to_vec();
    send(
        &mut app,
        UiCommand::StartGame(SetupChoice {
            game: "spellcaster".into(),
            seats,
            options: vec![],
            seed: 3,
            seat_picks: Vec::new(),
        }),
    );
    assert_eq!(screen(&app), Screen::Playing);
    let mut deciders = Vec::new();
    for _ in 0..12 {
        assert_eq!(
            hotseat(&app),
            Some(HotSeat::Handoff),
            "every new decider gets the curtain"
        );
        send(&mut app, UiCommand::ConfirmHandoff);
        let seat = to_act(&app).seat().unwrap();
        deciders.push(seat);
        // Draw twice (always legal early on): the turn passes to the next Mage.
        for _ in 0..2 {
            send(
                &mut app,
                UiCommand::Act {
                    seat,
                    action: ron::to_string(&spellcaster::Action::Draw).unwrap(),
                },
            );
        }
    }
    // Turns alternate between the teams, so teammates follow each other every other turn, and the
    // curtain came up before each of them.
    let mut seen: Vec<Seat> = deciders.clone();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 4, "{deciders:?}");
}

#[test]
fn while_undo_is_asked_nothing_else_can_be_played() {
    let dir = scratch("undo-wait");
    let mut app = playing_as_ann(&dir, 9);
    act(&mut app, Seat(0), TallyAction::Draw);
    send(&mut app, UiCommand::ConfirmHandoff);
    send(&mut app, UiCommand::Undo);
    assert!(app.world().resource::<PendingUndo>().0.is_some());
    act(&mut app, Seat(1), TallyAction::Draw);
    assert_eq!(
        actions_taken(&app),
        1,
        "Ben cannot play while his undo question is open"
    );
    let toast = app.world().resource::<Notices>().toasts.last().cloned().unwrap();
    assert_eq!(toast.text, "First answer the question about undoing.");
}

#[test]
fn undo_of_a_draw_against_the_computer_is_refused() {
    let dir = scratch("undo-computer");
    let mut app = app_in(&dir);
    send(
        &mut app,
        UiCommand::StartGame(choice(vec![SeatInfo::person("Ann"), SeatInfo::computer("Robot")], 5)),
    );
    act(&mut app, Seat(0), TallyAction::Draw);
    send(&mut app, UiCommand::Undo);
    assert_eq!(actions_taken(&app), 1);
    let toast = app.world().resource::<Notices>().toasts.last().cloned().unwrap();
    assert!(toast.text.starts_with("Undo is not possible"), "{}", toast.text);
}

#[test]
fn opening_a_save_leaves_the_autosave_of_another_game_alone() {
    let dir = scratch("autosave-kept");
    let mut app = playing_as_ann(&dir, 4);
    act(&mut app, Seat(0), TallyAction::Draw);
    let autosave = UserDirs::under(&dir).autosave_file();
    let before = fs::read_to_string(&autosave).unwrap();
    send(&mut app, UiCommand::SaveGame);
    let save = fs::read_dir(UserDirs::under(&dir).saves_dir())
        .unwrap()
        .flatten()
        .next()
        .unwrap()
        .path();
    // Play on, so the autosave moves past the save.
    send(&mut app, UiCommand::ConfirmHandoff);
    act(&mut app, Seat(1), TallyAction::Draw);
    let played_on = fs::read_to_string(&autosave).unwrap();
    assert_ne!(played_on, before);
    send(&mut app, UiCommand::GoToTitle);
    send(&mut app, UiCommand::LoadGame(save));
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(
        fs::read_to_string(&autosave).unwrap(),
        played_on,
        "opening a save did not touch the autosave"
    );
}

#[test]
fn mighty_magics_leftovers_bring_the_curtain_to_the_player_on_the_left() {
    let dir = scratch("mighty-leftovers");
    let mut app = app_in(&dir);
    let seats = ["Ann", "Ben", "Cal"].map(SeatInfo::person).to_vec();
    send(
        &mut app,
        UiCommand::StartGame(SetupChoice {
            game: "mighty-magics".into(),
            seats,
            options: vec![0],
            seed: 4,
            seat_picks: Vec::new(),
        }),
    );
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(hotseat(&app), Some(HotSeat::Handoff));
    send(&mut app, UiCommand::ConfirmHandoff);
    assert_eq!(to_act(&app), ToAct::Seat(Seat(0)));
    let ann = |action: mighty_magics::Action| UiCommand::Act {
        seat: Seat(0),
        action: ron::to_string(&action).unwrap(),
    };
    send(&mut app, ann(mighty_magics::Action::Refill));
    assert_eq!(hotseat(&app), Some(HotSeat::Acting), "Ann goes on recruiting");
    send(&mut app, ann(mighty_magics::Action::Pass));
    // Ben holds cards, so the leftovers are his decision: the curtain comes up for him.
    assert_eq!(to_act(&app), ToAct::Seat(Seat(1)));
    assert_eq!(hotseat(&app), Some(HotSeat::Handoff));
    assert_eq!(focus(&app).pending, Some(Seat(1)));
}

#[test]
fn spells_of_doom_the_curtain_goes_to_the_defender_when_he_may_answer_out_of_turn() {
    use spellhall_core::Game;
    use spells_of_doom::{Phase, SpellsOfDoom};
    let dir = scratch("sod-answer");
    let mut app = app_in(&dir);
    send(
        &mut app,
        UiCommand::StartGame(SetupChoice {
            game: "spells-of-doom".into(),
            seats: two_persons(),
            options: vec![0, 1, 2, 3],
            seed: 4,
            seat_picks: Vec::new(),
        }),
    );
    assert_eq!(screen(&app), Screen::Playing);
    // The same game beside the app's, played by the greedy computer for both persons.
    let content = std::sync::Arc::new(spells_of_doom::Content::shipped().unwrap());
    let config = spells_of_doom::Config {
        heroes: vec!["magie".into(), "byron".into()],
    };
    let mut game = SpellsOfDoom::new(&config, &content, 4).unwrap();
    let mut rng = spellhall_core::GameRng::new(4);
    for _ in 0..2_000 {
        if let Phase::Response { seat } = game.phase() {
            assert_ne!(seat, game.active());
            assert_eq!(to_act(&app), ToAct::Seat(seat));
            assert_eq!(hotseat(&app), Some(HotSeat::Handoff), "the defender takes the screen");
            assert_eq!(focus(&app).pending, Some(seat));
            return;
        }
        let seat = game.decider().unwrap();
        if hotseat(&app) == Some(HotSeat::Handoff) {
            send(&mut app, UiCommand::ConfirmHandoff);
        }
        let legal = game.legal_actions();
        let view = game.view(seat);
        let action = legal[spells_of_doom::computer::greedy_choice(&view, &legal, game.content(), &mut rng)].clone();
        game.apply(&action).unwrap();
        send(
            &mut app,
            UiCommand::Act {
                seat,
                action: ron::to_string(&action).unwrap(),
            },
        );
        assert_eq!(to_act(&app), game.to_act(), "the app's game is the same game");
    }
    panic!("no counter window in 2,000 greedy actions");
}
