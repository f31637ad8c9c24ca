//! Outcomes that are easy to miss (issue 18, point 7), held headless: the player leaving the
//! screen reads what their action did before the curtain, and on taking it back what happened
//! while they were away (the end of the attack they made); the Mighty Magics defender sees what
//! each side will lose; no curtain where the same person decides next or nobody does; the results
//! show every figure the end weighed.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mighty_magics::{Action, Config, MightyMagics, Resource, TestGame, card};
use spellhall::active::ActiveGame;
use spellhall::commands::UiCommand;
use spellhall::games::mighty_magics::MightyMagicsAdapter;
use spellhall::games::tally::TallyAdapter;
use spellhall::games::{AnySession, GameAdapter, GameCatalog, GameEntry, SetupChoice, TableInput};
use spellhall::hotseat::{HotSeat, TableFocus};
use spellhall::paths::UserDirs;
use spellhall::screens::Screen;
use spellhall::screens::playing::{PendingUndo, TableScreen, playing_screen};
use spellhall::screens::results::results_body;
use spellhall::settings::Settings;
use spellhall::ui::DialogState;
use spellhall_core::testkit::TallyAction;
use spellhall_core::{Game, Seat, SeatInfo, ToAct};

const P1: Seat = Seat(0);
const P2: Seat = Seat(1);

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spellhall-feel-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn app_in(dir: &Path) -> App {
    let dirs = UserDirs::under(dir);
    let mut catalog = GameCatalog::shipped(&dirs);
    catalog.register(GameEntry::playable::<TallyAdapter>(&dirs.content_dir("tally")));
    let mut app = spellhall::headless_app(dirs, catalog);
    app.update();
    // Computers play at once: the pace is for people watching.
    app.world_mut().resource_mut::<Settings>().pace_computers = false;
    app
}

fn send(app: &mut App, command: UiCommand) {
    app.world_mut().write_message(command);
    for _ in 0..3 {
        app.update();
    }
}

fn start(app: &mut App, game: &str, seats: Vec<SeatInfo>, seed: u64) {
    let options = match game {
        "mighty-magics" => vec![0],
        _ => Vec::new(),
    };
    let choice = SetupChoice {
        game: game.into(),
        seats,
        options,
        seed,
        seat_picks: Vec::new(),
    };
    send(app, UiCommand::StartGame(choice));
    assert_eq!(screen(app), Screen::Playing);
}

fn act<T: serde::Serialize>(app: &mut App, seat: Seat, action: &T) {
    let action = ron::to_string(action).unwrap();
    send(app, UiCommand::Act { seat, action });
}

fn session(app: &App) -> &dyn AnySession {
    app.world().resource::<ActiveGame>().session.as_deref().unwrap()
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

/// The table screen as the app draws it now, in a 1280×800 window.
fn table_harness(app: &App) -> Harness<'_, (DialogState, Vec<UiCommand>)> {
    let game = app.world().resource::<ActiveGame>();
    let focus = app.world().resource::<TableFocus>();
    let pending = app.world().resource::<PendingUndo>();
    let curtain = hotseat(app) == Some(HotSeat::Handoff);
    let mut harness = Harness::builder().with_size([1280.0, 800.0]).build_ui_state(
        move |ui, (dialogs, out): &mut (DialogState, Vec<UiCommand>)| {
            let table = TableScreen {
                game,
                focus,
                curtain,
                pending,
            };
            playing_screen(ui.ctx(), &table, dialogs, out);
        },
        (DialogState::default(), Vec::new()),
    );
    harness.run();
    harness
}

fn persons(names: &[&str]) -> Vec<SeatInfo> {
    names.iter().map(|&n| SeatInfo::person(n)).collect()
}

// ---- 1. Every outcome shown to the acting player before a hand-off ----

#[test]
fn outcome_before_handoff_the_player_leaving_reads_what_their_action_did_then_the_curtain() {
    let dir = scratch("outcome");
    let mut app = app_in(&dir);
    start(&mut app, "mighty-magics", persons(&["Ann", "Ben"]), 4);
    send(&mut app, UiCommand::ConfirmHandoff);
    act(&mut app, P1, &Action::Refill);
    assert_eq!(
        hotseat(&app),
        Some(HotSeat::Acting),
        "Ann goes on recruiting: no hand-off"
    );
    act(&mut app, P1, &Action::Pass);
    assert_eq!(
        session(&app).to_act(),
        ToAct::Seat(P2),
        "Ben holds cards: the leftovers are his"
    );

    // Ann, still at the screen, reads what her pass did; the curtain waits behind it.
    let shown = focus(&app);
    assert_eq!((shown.viewer, shown.pending), (Some(P1), Some(P2)));
    assert_eq!(
        shown.outcome_from,
        Some(session(&app).actions_taken() - 1),
        "from her last action"
    );
    {
        let mut harness = table_harness(&app);
        assert!(harness.query_all_by_label("What happened").next().is_some());
        assert!(
            harness.query_all_by_label_contains("Ann passed").next().is_some(),
            "the pass is told"
        );
        assert!(
            harness.query_by_label("Pass the screen to Ben").is_none(),
            "no curtain yet"
        );
        harness.get_by_label("Continue: hand the screen to Ben").click();
        harness.run();
        assert_eq!(harness.state().1, vec![UiCommand::OutcomeSeen]);
    }

    send(&mut app, UiCommand::OutcomeSeen);
    assert_eq!(hotseat(&app), Some(HotSeat::Handoff));
    assert_eq!((focus(&app).outcome_from, focus(&app).pending), (None, Some(P2)));
    {
        let harness = table_harness(&app);
        harness.get_by_label("Pass the screen to Ben");
        assert!(harness.query_by_label("What happened").is_none());
    }
    send(&mut app, UiCommand::ConfirmHandoff);
    assert_eq!((hotseat(&app), focus(&app).viewer), (Some(HotSeat::Acting), Some(P2)));
}

#[test]
fn outcome_before_handoff_only_what_the_leaving_player_did_since_taking_the_screen() {
    let dir = scratch("outcome-since");
    let mut app = app_in(&dir);
    start(&mut app, "tally", persons(&["Ann", "Ben"]), 3);
    send(&mut app, UiCommand::ConfirmHandoff);
    act(&mut app, P1, &TallyAction::Draw);
    // Ann's draw and only that is hers to read.
    assert_eq!(focus(&app).outcome_from, Some(0));
    let lines = session(&app).outcome_lines(P1, 0);
    assert!(lines.len() == 1 && lines[0].starts_with("You drew a "), "{lines:?}");
    // Taking the screen skips what is still unread: Ben's turn starts clean.
    send(&mut app, UiCommand::ConfirmHandoff);
    assert_eq!(
        (focus(&app).viewer, focus(&app).outcome_from, focus(&app).since),
        (Some(P2), None, 1)
    );
}

#[test]
fn outcome_on_return_the_person_taking_the_screen_reads_what_happened_while_away() {
    let dir = scratch("news");
    let mut app = app_in(&dir);
    start(&mut app, "tally", persons(&["Ann", "Ben"]), 3);
    send(&mut app, UiCommand::ConfirmHandoff);
    assert_eq!(focus(&app).news_from, None, "nothing happened before Ann's first turn");
    act(&mut app, P1, &TallyAction::Draw);
    send(&mut app, UiCommand::OutcomeSeen);
    send(&mut app, UiCommand::ConfirmHandoff);
    // Ben never had the screen: he reads Ann's turn, in his words (her card is hidden from him).
    assert_eq!((focus(&app).viewer, focus(&app).news_from), (Some(P2), Some(0)));
    assert_eq!(session(&app).outcome_lines(P2, 0), vec!["Ann drew a card.".to_string()]);
    act(&mut app, P2, &TallyAction::Draw);
    assert_eq!(focus(&app).news_from, None, "playing on puts the news away");
    send(&mut app, UiCommand::OutcomeSeen);
    send(&mut app, UiCommand::ConfirmHandoff);

    // Ann is back: what Ben did since she handed the screen over, over her own table.
    assert_eq!(
        (hotseat(&app), focus(&app).viewer, focus(&app).news_from),
        (Some(HotSeat::Acting), Some(P1), Some(1))
    );
    {
        let mut harness = table_harness(&app);
        harness.get_by_label("While you were away");
        assert_eq!(
            harness.query_all_by_label("Ben drew a card.").count(),
            2,
            "in the window as in the log"
        );
        assert_eq!(
            harness.query_all_by_label_contains("You drew").count(),
            1,
            "what she saw herself is in the log only, not told again"
        );
        harness.get_by_label("To my table").click();
        harness.run();
        assert_eq!(harness.state().1, vec![UiCommand::NewsSeen]);
    }
    send(&mut app, UiCommand::NewsSeen);
    assert_eq!(focus(&app).news_from, None);
    {
        let harness = table_harness(&app);
        assert!(harness.query_by_label("While you were away").is_none());
        assert_eq!(harness.query_all_by_label("Ben drew a card.").count(), 1, "the log's");
    }
    // Her table was live all along: she plays on.
    act(&mut app, P1, &TallyAction::Draw);
    assert_eq!(session(&app).actions_taken(), 3);
}

#[test]
fn outcome_mighty_magics_the_attacker_on_return_and_a_defender_playing_on_read_how_the_battle_ended() {
    let dir = scratch("news-attack");
    let mut app = app_in(&dir);
    start(&mut app, "mighty-magics", persons(&["Ann", "Ben"]), 11);
    // Both recruit what they can and attack with everything; a defender holds fast.
    let order = [
        "Charge",
        "HoldFast",
        "ConfirmLosses",
        "Lose(",
        "Send(",
        "Target(",
        "Recruit",
        "Refill",
        "Pass",
    ];
    // The attacker whose battle went on after they handed the screen over.
    let mut waiting: Option<Seat> = None;
    let mut told = None;
    let mut played_on_after_battle = false;
    for _ in 0..3000 {
        if screen(&app) != Screen::Playing || (told.is_some() && played_on_after_battle) {
            break;
        }
        if hotseat(&app) == Some(HotSeat::Handoff) {
            let outcome = focus(&app).outcome_from.is_some();
            send(
                &mut app,
                if outcome {
                    UiCommand::OutcomeSeen
                } else {
                    UiCommand::ConfirmHandoff
                },
            );
            let shown = focus(&app);
            if !outcome && told.is_none() && waiting.is_some() && shown.viewer == waiting {
                let seat = shown.viewer.unwrap();
                let lines = shown
                    .news_from
                    .map(|from| session(&app).outcome_lines(seat, from))
                    .unwrap_or_default();
                if lines.first().is_some_and(|l| l.starts_with("The battle for")) {
                    // It leads the news, over the attacker's table, before anything is played.
                    let harness = table_harness(&app);
                    harness.get_by_label("While you were away");
                    harness.get_by_label(&lines[0]);
                    told = Some((seat, lines[0].clone()));
                }
            }
            continue;
        }
        let seat = session(&app).to_act().seat().unwrap();
        let legal = session(&app).legal_actions();
        let action = order
            .iter()
            .find_map(|word| legal.iter().find(|a| a.starts_with(word)))
            .unwrap_or(&legal[0])
            .clone();
        let charge = action == "Charge";
        send(&mut app, UiCommand::Act { seat, action });
        if charge && session(&app).to_act().seat() != Some(seat) {
            waiting = Some(seat);
        }
        // A battle that ended with this action while the same person plays on (the defender's
        // turn comes next): the battle is told over the table, not only in the log.
        let shown = focus(&app);
        if let Some(from) = shown.news_from
            && hotseat(&app) == Some(HotSeat::Acting)
            && shown.viewer == Some(seat)
        {
            let lines = session(&app).outcome_lines(seat, from);
            assert!(lines[0].starts_with("The battle for"), "{lines:?}");
            let harness = table_harness(&app);
            harness.get_by_label("What happened");
            harness.get_by_label(&lines[0]);
            played_on_after_battle = true;
        }
    }
    assert!(played_on_after_battle, "a defender played on after a battle ended");
    let (seat, line) = told.expect("an attacker took the screen back after the battle ended");
    let name = ["Ann", "Ben"][seat.index()];
    assert!(line.contains(&format!("{name} lost")), "{line}");
}

/// Ann attacks Ben's Druids Grove (Force 2) with Dragons (4) and Orcs (2); Ben holds Knights (3)
/// and Rangers (2) and is choosing defenders. The events of each action so far come with it.
fn mighty_battle() -> (MightyMagics, Vec<Vec<mighty_magics::Event>>) {
    let id = |name: &str| card(name, 0);
    let config = Config {
        players: 2,
        short_attacks: false,
    };
    let mut game = TestGame::with(config, 7)
        .kingdom(P1, &[id("dragons"), id("orcs")])
        .kingdom(P2, &[id("druids-grove"), id("knights"), id("rangers")])
        .recruiting(&[Resource::Fire])
        .build();
    let mut history = Vec::new();
    for action in [
        Action::Pass,
        Action::Target(id("druids-grove")),
        Action::Send(id("dragons")),
        Action::Send(id("orcs")),
        Action::Charge,
    ] {
        history.push(game.apply(&action).unwrap());
    }
    (game, history)
}

fn names() -> Vec<String> {
    vec!["Ann".to_string(), "Ben".to_string()]
}

#[test]
fn outcome_mighty_magics_a_battle_that_ended_leads_with_its_totals_losses_and_stronghold() {
    let (mut game, mut history) = mighty_battle();
    // Before the defence, nothing has ended: the lines are the log's.
    let charge = MightyMagicsAdapter::outcome_lines(&history, history.len() - 1, P1, &names());
    assert!(charge.iter().all(|l| !l.starts_with("The battle for")), "{charge:?}");
    assert!(charge[0].starts_with("Ann attacks Ben's Druids Grove"), "{charge:?}");

    history.push(game.apply(&Action::Defend(card("knights", 0))).unwrap());
    history.push(game.apply(&Action::HoldFast).unwrap());
    let lines = MightyMagicsAdapter::outcome_lines(&history, history.len() - 1, P2, &names());
    assert_eq!(
        lines[0],
        "The battle for Ben's Druids Grove: attack Force 6 against defence 5. Ann lost Dragons, Orcs; \
         Ben lost Knights, Druids Grove; Druids Grove fell."
    );
    assert!(lines.iter().any(|l| l == "Ann's Dragons was destroyed."), "{lines:?}");
}

// ---- 2. The defender's preview of each side's losses ----

fn draw_mighty(game: &MightyMagics, viewer: Seat) -> Harness<'_> {
    let view = game.view(viewer);
    let legal = if game.to_act().seat() == Some(viewer) {
        game.legal_actions()
    } else {
        Vec::new()
    };
    let mut harness = Harness::builder().with_size([1280.0, 760.0]).build_ui(move |ui| {
        let describe = |a: &Action| game.describe_action(a);
        MightyMagicsAdapter::draw_table(ui, &TableInput::new(&view, &legal, &describe, game.cards(), &names()));
    });
    harness.run();
    harness
}

#[test]
fn defence_preview_shows_each_sides_losses_for_each_choice_of_defenders() {
    let (mut game, _) = mighty_battle();
    let harness = draw_mighty(&game, P2);
    harness.get_by_label("What each side will lose");
    harness.get_by_label("Ann loses");
    harness.get_by_label("You lose");
    // As chosen now (no Hordes): the Grove alone falls; Ann picks 2 Force of her attackers.
    harness.get_by_label("No Hordes (as chosen now)");
    harness.get_by_label("2 vs 6");
    harness.get_by_label("Force 2 or more of Dragons, Orcs");
    harness.get_by_label("Druids Grove (Force 2)");
    // Adding Knights (3): 5 against 6, both attackers go, and the Knights with the Grove.
    harness.get_by_label("+ Knights");
    harness.get_by_label("5 vs 6");
    harness.get_by_label("Dragons, Orcs (Force 6)");
    harness.get_by_label("Knights, Druids Grove (Force 5)");
    harness.get_by_label("+ Rangers");
    harness.get_by_label("4 vs 6");
    drop(harness);

    // Once Knights are chosen, taking them back is a choice of its own.
    game.apply(&Action::Defend(card("knights", 0))).unwrap();
    let harness = draw_mighty(&game, P2);
    harness.get_by_label("Knights (as chosen now)");
    harness.get_by_label("− Knights");
    harness.get_by_label("+ Rangers");
    // The attacker, waiting, sees no preview: it is the defender's choice.
    let attacker = draw_mighty(&game, P1);
    assert!(attacker.query_by_label("What each side will lose").is_none());
}

// ---- 3. No needless curtain ----

#[test]
fn no_curtain_between_two_seats_of_one_person() {
    let dir = scratch("same-person");
    let mut app = app_in(&dir);
    // Ann plays two seats; Ben one.
    start(&mut app, "tally", persons(&["Ann", "Ben", "Ann"]), 5);
    send(&mut app, UiCommand::ConfirmHandoff);
    act(&mut app, Seat(0), &TallyAction::Draw);
    assert_eq!(focus(&app).pending, Some(Seat(1)), "Ann to Ben: a curtain");
    send(&mut app, UiCommand::ConfirmHandoff);
    act(&mut app, Seat(1), &TallyAction::Draw);
    assert_eq!(focus(&app).pending, Some(Seat(2)), "Ben to Ann: a curtain");
    send(&mut app, UiCommand::ConfirmHandoff);
    act(&mut app, Seat(2), &TallyAction::Draw);
    // Seat 3 to seat 1: both Ann's, so the screen simply stays with her.
    assert_eq!(session(&app).to_act(), ToAct::Seat(Seat(0)));
    assert_eq!(hotseat(&app), Some(HotSeat::Acting));
    assert_eq!((focus(&app).viewer, focus(&app).pending), (Some(Seat(0)), None));
}

#[test]
fn no_curtain_for_one_person_against_the_computer_nor_between_consecutive_decisions() {
    let dir = scratch("against-computer");
    let mut app = app_in(&dir);
    start(
        &mut app,
        "mighty-magics",
        vec![SeatInfo::person("Ann"), SeatInfo::computer("Cal")],
        6,
    );
    assert_eq!(hotseat(&app), Some(HotSeat::Acting), "a single person needs no curtain");
    // Ann fills her hand, recruits what she can, passes and never attacks, for 40 decisions;
    // the computer answers in between.
    let order = ["Refill", "Recruit", "Pass", "NoAttack", "HoldFast", "ConfirmLosses"];
    let mut hers = 0;
    for _ in 0..200 {
        if hers == 40 {
            break;
        }
        let Some(seat) = session(&app).to_act().seat() else {
            break;
        };
        if seat != P1 {
            app.update();
            continue;
        }
        let legal = session(&app).legal_actions();
        let action = order
            .iter()
            .find_map(|word| legal.iter().find(|a| a.starts_with(word)))
            .unwrap_or(&legal[0])
            .clone();
        send(&mut app, UiCommand::Act { seat, action });
        hers += 1;
        assert_eq!(hotseat(&app), Some(HotSeat::Acting));
        assert_eq!((focus(&app).pending, focus(&app).outcome_from), (None, None));
    }
    assert!(hers > 10, "Ann played on");
    assert!(
        session(&app).actions_taken() > hers,
        "the computer played between Ann's decisions"
    );
}

#[test]
fn no_curtain_when_the_game_ends_the_results_come_at_once() {
    let dir = scratch("game-over");
    let mut app = app_in(&dir);
    start(&mut app, "tally", persons(&["Ann", "Ben"]), 2);
    for _ in 0..400 {
        if screen(&app) != Screen::Playing {
            break;
        }
        if hotseat(&app) == Some(HotSeat::Handoff) {
            send(&mut app, UiCommand::ConfirmHandoff);
        }
        let seat = session(&app).to_act().seat().unwrap();
        let action = session(&app).legal_actions()[0].clone();
        send(&mut app, UiCommand::Act { seat, action });
    }
    assert_eq!(
        screen(&app),
        Screen::Results,
        "the last action leads straight to the results"
    );
}

// ---- 4. The results show every figure the end weighed ----

#[test]
fn results_show_every_figure_the_end_weighed_spellcaster_energy_beside_sapphires() {
    let catalog = GameCatalog::shipped(&UserDirs::under(Path::new("/nonexistent")));
    let factory = catalog.get("spellcaster").unwrap().factory().unwrap();
    let choice = SetupChoice {
        game: "spellcaster".into(),
        seats: vec![SeatInfo::computer("Ann"), SeatInfo::computer("Ben")],
        options: vec![0],
        seed: 11,
        seat_picks: Vec::new(),
    };
    let mut session = factory.start(&choice).unwrap();
    while let Some(seat) = session.to_act().seat() {
        let action = session.computer_action().unwrap();
        session.act(seat, &action).unwrap();
    }
    let outcome = session.outcome().unwrap();
    assert_eq!(outcome.score_name, "Sapphires");
    let energy = outcome
        .figures
        .iter()
        .find(|f| f.name == "Energy")
        .expect("Energy is a figure");
    let game = ActiveGame {
        session: Some(session),
        last_setup: Some(choice),
        in_autosave: false,
    };
    let harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, out: &mut Vec<UiCommand>| results_body(ui, &game, out), Vec::new());
    harness.get_by_label("Sapphires");
    harness.get_by_label("Energy");
    for (seat, score) in outcome.scores.iter().enumerate() {
        let cells = harness.query_all_by_label(&score.to_string()).count();
        assert!(cells >= 1, "seat {seat}'s Sapphires are shown");
        assert!(
            harness.query_all_by_label(&energy.values[seat]).count() >= 1,
            "and its Energy"
        );
    }
}

#[test]
fn results_show_each_tie_break_spells_of_doom_reached() {
    // Only the tie-breaks the end reached are figures: with the VP apart, none.
    let content = std::sync::Arc::new(spells_of_doom::Content::shipped().unwrap());
    let config = spells_of_doom::Config {
        heroes: vec!["magie".into(), "byron".into()],
    };
    let mut game = spells_of_doom::SpellsOfDoom::new(&config, &content, 9).unwrap();
    let mut rng = spellhall_core::GameRng::new(9);
    while game.outcome().is_none() {
        let seat = game.to_act().seat().unwrap();
        let legal = game.legal_actions();
        let pick = spells_of_doom::computer::greedy_choice(&game.view(seat), &legal, &content, &mut rng);
        game.apply(&legal[pick]).unwrap();
    }
    let outcome = game.outcome().unwrap();
    let vp_tied = outcome.scores[0] == outcome.scores[1];
    assert_eq!(outcome.figures.iter().any(|f| f.name == "Heroes' HP left"), vp_tied);
    assert!(outcome.figures.iter().all(|f| f.values.len() == 2));
}
