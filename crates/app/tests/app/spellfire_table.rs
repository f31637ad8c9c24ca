//! Spellfire in the app, driven through the UI's own commands (`UiCommand::Act`, the hand-off
//! curtain's `ConfirmHandoff`, the "Wait: <name> plays an event" `Claim`): a whole turn with a
//! battle and an event pause, a claim, and whole games to the end.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use spellfire::Action;
use spellhall::active::ActiveGame;
use spellhall::commands::UiCommand;
use spellhall::games::{AnySession, GameCatalog, SetupChoice};
use spellhall::hotseat::{HotSeat, TableFocus};
use spellhall::paths::UserDirs;
use spellhall::screens::Screen;
use spellhall::screens::setup::SetupDraft;
use spellhall::settings::Settings;
use spellhall_core::{GameRng, Seat, SeatInfo, ToAct};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spellhall-spellfire-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn app_in(dir: &Path) -> App {
    let dirs = UserDirs::under(dir);
    let catalog = GameCatalog::shipped(&dirs);
    let mut app = spellhall::headless_app(dirs, catalog);
    // Computer moves ask the window to redraw; without a window nobody else registers the message.
    if !app.world().contains_resource::<Messages<bevy::window::RequestRedraw>>() {
        app.add_message::<bevy::window::RequestRedraw>();
    }
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

fn legal(app: &App) -> Vec<Action> {
    session(app)
        .legal_actions()
        .iter()
        .map(|a| ron::from_str(a).unwrap())
        .collect()
}

/// A setup of Spellfire as the setup screen makes it: the form's defaults for `seats`, each seat
/// with the deck in its place.
fn start(app: &mut App, seats: Vec<SeatInfo>, seed: u64) {
    send(app, UiCommand::OpenSetup("spellfire".into()));
    assert_eq!(screen(app), Screen::Setup);
    let mut draft = app.world().resource::<SetupDraft>().clone();
    draft.players = seats.len() as u8;
    for (seat, info) in draft.seats.iter_mut().zip(&seats) {
        seat.name = info.name.clone();
        seat.computer = !info.is_person();
    }
    draft.seed_text = seed.to_string();
    let choice: SetupChoice = draft.validate().unwrap();
    send(app, UiCommand::StartGame(choice));
    assert_eq!(screen(app), Screen::Playing);
}

/// A person's pick: what a player out to see the table's every part would click first.
fn preference(action: &Action) -> u8 {
    match action {
        Action::PlayRealm { .. } => 0,
        Action::PlayEvent(_) => 1,
        Action::ToPool(_) => 2,
        Action::Attack { .. } => 3,
        Action::Defend { .. } => 4,
        Action::PlayAlly(_) | Action::UseCard(_) | Action::Attach { .. } => 5,
        Action::PlayHolding { .. } | Action::KeepSpoils => 6,
        _ => 9,
    }
}

fn pick(legal: &[Action], rng: &mut GameRng) -> Action {
    let best = legal.iter().map(preference).min().unwrap();
    let top: Vec<&Action> = legal.iter().filter(|a| preference(a) == best).collect();
    top[rng.below(top.len())].clone()
}

/// The person deciding now takes the screen if the curtain is up, and plays `action` by the
/// table's command.
fn play(app: &mut App, action: &Action) -> Seat {
    let seat = session(app).to_act().seat().unwrap();
    // The screen comes to the deciding person within a frame or two after a computer's move (the
    // focus follows first, then the hot-seat state).
    for _ in 0..3 {
        let settled = focus(app).pending.is_some() || hotseat(app) == Some(HotSeat::Acting);
        if settled && focus(app).pending.is_none_or(|p| p == seat) {
            break;
        }
        app.update();
    }
    if hotseat(app) == Some(HotSeat::Handoff) {
        assert_eq!(focus(app).pending, Some(seat), "the curtain asks for the seat deciding");
        send(app, UiCommand::ConfirmHandoff);
    }
    let before = session(app).actions_taken();
    send(
        app,
        UiCommand::Act {
            seat,
            action: ron::to_string(action).unwrap(),
        },
    );
    // Computers may follow within the frames the command takes.
    assert!(session(app).actions_taken() > before, "{action:?} was taken");
    seat
}

#[test]
fn a_whole_turn_realm_champion_attack_a_round_with_a_card_from_each_side_and_an_event_pause() {
    let dir = scratch("turn");
    let mut app = app_in(&dir);
    start(&mut app, vec![SeatInfo::person("Ann"), SeatInfo::person("Ben")], 7);
    let mut rng = GameRng::new(7);
    let (mut realm, mut champion, mut attack, mut pause, mut claimed) = (false, false, false, false, false);
    let mut battle: Option<(Seat, Seat)> = None;
    let mut round_cards: Vec<Seat> = Vec::new();
    for _ in 0..3_000 {
        if realm && champion && attack && pause && claimed && round_cards.len() == 2 {
            return;
        }
        if session(&app).to_act() == ToAct::GameOver {
            break;
        }
        let deciding = session(&app).to_act().seat().unwrap();
        let phase = session(&app).status().phase;
        // An event pause is another seat's decision: the curtain goes to that player first.
        if phase.starts_with("Event pause") && !pause {
            assert_eq!(
                hotseat(&app),
                Some(HotSeat::Handoff),
                "the pause is handed to {deciding:?}"
            );
            assert_eq!(focus(&app).pending, Some(deciding));
            send(&mut app, UiCommand::ConfirmHandoff);
            assert!(legal(&app).contains(&Action::Pass), "the pause can always be let be");
            play(&mut app, &Action::Pass);
            pause = true;
            continue;
        }
        // "Wait: Ben plays an event" on Ann's turn: the screen passes to Ben, who changes his mind,
        // and comes back to Ann.
        let other = Seat(1 - deciding.0);
        if !claimed && phase.contains("phase 3") && session(&app).claimants().contains(&other) {
            if hotseat(&app) == Some(HotSeat::Handoff) {
                send(&mut app, UiCommand::ConfirmHandoff);
            }
            send(&mut app, UiCommand::Claim(other));
            assert_eq!(session(&app).to_act(), ToAct::Seat(other));
            assert_eq!(
                (hotseat(&app), focus(&app).pending),
                (Some(HotSeat::Handoff), Some(other))
            );
            play(&mut app, &Action::Pass);
            assert_eq!(session(&app).to_act(), ToAct::Seat(deciding), "the turn goes on");
            assert_eq!(focus(&app).pending, Some(deciding), "and the screen goes back");
            claimed = true;
            continue;
        }
        let choice = pick(&legal(&app), &mut rng);
        let seat = play(&mut app, &choice);
        match choice {
            Action::PlayRealm { .. } => realm = true,
            Action::ToPool(_) => champion = true,
            Action::Attack { defender, .. } => {
                attack = true;
                if battle.map(|b| b.0) != Some(seat) {
                    round_cards.clear();
                }
                battle = Some((seat, defender));
            }
            Action::PlayAlly(_) | Action::UseCard(_) | Action::Attach { .. }
                if phase.starts_with("Battle: a round") && !round_cards.contains(&seat) =>
            {
                round_cards.push(seat);
            }
            _ => {}
        }
    }
    panic!(
        "not all seen: realm {realm}, champion {champion}, attack {attack}, round cards {round_cards:?}, pause {pause}, claim {claimed}"
    );
}

/// Play until the game ends: persons by their table's commands, computers on their own.
fn play_to_the_end(app: &mut App, seed: u64) -> usize {
    let mut rng = GameRng::new(seed);
    for _ in 0..20_000 {
        match session(app).to_act() {
            ToAct::GameOver => break,
            ToAct::Seat(seat) if session(app).seats()[seat.index()].is_person() => {
                let choice = pick(&legal(app), &mut rng);
                play(app, &choice);
            }
            ToAct::Seat(_) => app.update(),
        }
    }
    assert_eq!(session(app).to_act(), ToAct::GameOver, "the game ended");
    app.update();
    app.update();
    assert_eq!(screen(app), Screen::Results);
    session(app).actions_taken()
}

#[test]
fn a_two_player_game_between_starter_decks_is_played_to_the_end_by_the_table_commands() {
    let dir = scratch("two");
    let mut app = app_in(&dir);
    start(&mut app, vec![SeatInfo::person("Ann"), SeatInfo::person("Ben")], 11);
    let actions = play_to_the_end(&mut app, 11);
    assert!(actions > 20, "a real game: {actions} actions");
}

#[test]
fn one_person_against_three_computers_plays_to_the_end_without_a_curtain() {
    let dir = scratch("solo");
    let mut app = app_in(&dir);
    let seats = vec![
        SeatInfo::person("Ann"),
        SeatInfo::computer("Ben"),
        SeatInfo::computer("Cal"),
        SeatInfo::computer("Dee"),
    ];
    start(&mut app, seats, 5);
    let mut rng = GameRng::new(5);
    let mut curtains = 0;
    for _ in 0..40_000 {
        match session(&app).to_act() {
            ToAct::GameOver => break,
            ToAct::Seat(Seat(0)) => {
                curtains += usize::from(focus(&app).pending.is_some());
                let choice = pick(&legal(&app), &mut rng);
                play(&mut app, &choice);
            }
            ToAct::Seat(_) => app.update(),
        }
    }
    assert_eq!(curtains, 0, "a single person never needs the curtain");
    assert_eq!(session(&app).to_act(), ToAct::GameOver, "the game ended");
    app.update();
    assert_eq!(screen(&app), Screen::Results);
}

#[test]
fn a_four_player_game_between_starter_decks_is_played_to_the_end_with_every_hand_off_behind_the_curtain() {
    let dir = scratch("four");
    let mut app = app_in(&dir);
    let seats = ["Ann", "Ben", "Cal", "Dee"].map(SeatInfo::person).to_vec();
    start(&mut app, seats, 3);
    let mut rng = GameRng::new(3);
    let mut last: Option<Seat> = None;
    let mut hand_offs = 0;
    let mut players = std::collections::BTreeSet::new();
    for _ in 0..20_000 {
        let Some(seat) = session(&app).to_act().seat() else {
            break;
        };
        // Another person's decision: the table is hidden until that person takes the screen.
        if last.is_some_and(|l| l != seat) {
            assert_eq!(hotseat(&app), Some(HotSeat::Handoff), "a curtain before {seat:?}");
            assert_eq!(focus(&app).pending, Some(seat), "the curtain names the seat deciding");
            hand_offs += 1;
        }
        let choice = pick(&legal(&app), &mut rng);
        last = Some(play(&mut app, &choice));
        players.extend(last);
    }
    assert_eq!(session(&app).to_act(), ToAct::GameOver, "the game ended");
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Results);
    assert_eq!(players.len(), 4, "all four played by their table: {players:?}");
    assert!(
        hand_offs >= 4,
        "each of the four took the screen: {hand_offs} hand-offs"
    );
}

/// A two-player game between starter decks, played by the greedy computer until the seat deciding
/// may rebuild one of its razed realms (phase 2), with that realm's name drawn once on the table.
fn rebuild_offered() -> (spellfire::Spellfire, spellfire::Position, String) {
    use spellhall_core::Game;
    let content = std::sync::Arc::new(spellfire::Content::shipped().unwrap());
    let starters = spellfire::deck::starter_decks().unwrap();
    for seed in 0..40 {
        let config = spellfire::Config {
            format: starters[0].format.clone(),
            decks: vec![starters[0].cards.clone(), starters[1].cards.clone()],
            rules: Default::default(),
        };
        let mut game = spellfire::Spellfire::new(&config, &content, seed).unwrap();
        let mut rng = GameRng::new(seed);
        for _ in 0..2_000 {
            let Some(seat) = game.to_act().seat() else { break };
            let legal = game.legal_actions();
            if let Some(&Action::Rebuild { at }) = legal.iter().find(|a| matches!(a, Action::Rebuild { .. })) {
                let view = game.view(seat);
                let realm = view.players[seat.index()].formation[at.index()].as_ref().unwrap().realm;
                let name = game.name(realm.id).to_string();
                let shown = view
                    .players
                    .iter()
                    .flat_map(|p| p.formation.iter().flatten())
                    .filter(|r| game.name(r.realm.id) == name)
                    .count();
                if shown == 1 {
                    return (game, at, name);
                }
                break;
            }
            let choice = spellfire::computer::greedy_choice(&game.view(seat), &legal, &content, &mut rng);
            game.apply(&legal[choice]).unwrap();
        }
    }
    panic!("no seed leads to a rebuild being offered");
}

#[test]
fn a_click_on_ones_own_razed_realm_rebuilds_it_and_its_hover_names_the_cost() {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use spellhall::egui::accesskit::Role;
    use spellhall::games::spellfire::SpellfireAdapter;
    use spellhall::games::{GameAdapter, TableInput};
    use spellhall_core::Game;

    let (game, at, name) = rebuild_offered();
    let seat = game.to_act().seat().unwrap();
    let view = game.view(seat);
    let legal = game.legal_actions();
    let names = vec!["Ann".to_string(), "Ben".to_string()];
    let rebuild = Action::Rebuild { at };
    let cost = format!("Click: {}", game.describe_action(&rebuild));
    let mut harness = Harness::builder().with_size([1280.0, 800.0]).build_ui_state(
        |ui, chosen: &mut Option<Action>| {
            let describe = |a: &Action| game.describe_action(a);
            let input = TableInput::new(&view, &legal, &describe, game.content(), &names);
            if let Some(action) = SpellfireAdapter::draw_table(ui, &input) {
                *chosen = Some(action);
            }
        },
        None,
    );
    harness.run();
    harness.get_by_label(&name).hover();
    harness.run();
    harness.get_by_label(&cost);
    assert!(cost.contains("discard 3 cards"), "the hover names the cost: {cost}");
    assert_eq!(*harness.state(), None, "hovering plays nothing");
    // The pointer leaves (the hover's large face also bears the name), then clicks the tile.
    harness.hover_at(spellhall::egui::pos2(1279.0, 799.0));
    harness.run();
    harness.get_by_role_and_label(Role::Button, &name).click();
    harness.run();
    assert_eq!(
        *harness.state(),
        Some(rebuild),
        "one click on the lit razed realm rebuilds it"
    );
}
