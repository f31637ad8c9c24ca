//! Developers' helper: write a save part-way through a game, to open with
//! `spellhall --load FILE --screen playing` and look at a table that is not empty.
//!
//! `cargo run -p spellhall --example mid_game_save -- GAME OUT.ron [ACTIONS] [SEED] [PLAYERS] [UNTIL]`
//! where GAME is `spellfire`, `spellcaster`, `mighty-magics`, `spells-of-doom` or `tally` (the latter needs
//! `--dev-games` to open). The actions are the computer player's, so the position is one a real
//! game could reach. For Spells of Doom, UNTIL `answer` plays on to a counter window.
//! For Spellfire, UNTIL `razed`, `round`, `pause` or `end` (see below).
//! For Mighty Magics, UNTIL (`recruit`, `payable`, `leftovers`, `attack`, `defend` or `casualties`) plays on
//! after ACTIONS until the game reaches that moment.

use std::path::PathBuf;
use std::sync::Arc;

use spellhall_core::testkit::{Tally, TallyConfig};
use spellhall_core::{Game, GameRng, SeatInfo, Session};

const NAMES: [&str; 6] = ["Ann", "Ben", "Cal", "Dee", "Eve", "Fay"];

fn play<G: Game>(
    session: Session<G>,
    actions: usize,
    seed: u64,
    choose: impl Fn(&G::View, &[G::Action], &G::Content, &mut GameRng) -> usize,
) -> Result<Session<G>, String> {
    play_until(session, actions, seed, choose, |_| true)
}

/// Play `actions` actions, then on (at most 20,000 more) until `stop` holds.
fn play_until<G: Game>(
    mut session: Session<G>,
    actions: usize,
    seed: u64,
    choose: impl Fn(&G::View, &[G::Action], &G::Content, &mut GameRng) -> usize,
    stop: impl Fn(&G) -> bool,
) -> Result<Session<G>, String> {
    let mut rng = GameRng::new(seed);
    for step in 0..actions + 20_000 {
        if step >= actions && stop(session.state()) {
            break;
        }
        let legal = session.state().legal_actions();
        let Some(seat) = session.to_act().seat() else {
            break;
        };
        // The computer decides from the deciding seat's view, as in the app.
        let view = session.state().view(seat);
        let pick = choose(&view, &legal, session.content(), &mut rng);
        session.act(legal[pick].clone()).map_err(|e| e.to_string())?;
    }
    Ok(session)
}

/// The fixed plan of Spellfire's `razed` save: play realms and holdings, put champions into the
/// pool, attack, let every attacked realm be razed, pass in combat, move on; the first legal
/// action of the highest rank, so the same seed always makes the same game.
fn raze_plan(legal: &[spellfire::Action]) -> usize {
    use spellfire::Action;
    let rank = |action: &Action| match action {
        Action::Draw => 0,
        Action::PlayRealm { .. } => 1,
        Action::PlayHolding { .. } => 2,
        Action::ToPool(_) => 3,
        Action::Attack { .. } => 4,
        Action::Decline => 5,
        Action::Pass => 6,
        Action::KeepSpoils => 7,
        Action::EndBattle => 8,
        Action::EndPhase => 9,
        Action::EndTurn => 10,
        Action::Discard(_) => 11,
        _ => 20,
    };
    (0..legal.len()).min_by_key(|&i| rank(&legal[i])).unwrap_or(0)
}

fn main() -> Result<(), String> {
    let usage = "usage: mid_game_save GAME OUT.ron [ACTIONS] [SEED] [PLAYERS]";
    let mut args = std::env::args().skip(1);
    let game = args.next().ok_or(usage)?;
    let out = PathBuf::from(args.next().ok_or(usage)?);
    let actions: usize = args
        .next()
        .map_or(Ok(12), |a| a.parse())
        .map_err(|e| format!("ACTIONS: {e}"))?;
    let seed: u64 = args
        .next()
        .map_or(Ok(7), |a| a.parse())
        .map_err(|e| format!("SEED: {e}"))?;
    let players: u8 = args
        .next()
        .map_or(Ok(2), |a| a.parse())
        .map_err(|e| format!("PLAYERS: {e}"))?;
    let until = args.next();
    let seats: Vec<SeatInfo> = NAMES[..usize::from(players)]
        .iter()
        .map(|n| SeatInfo::person(*n))
        .collect();
    let written = match game.as_str() {
        "spellcaster" => {
            let spells = Arc::new(spellcaster::Spells::shipped().map_err(|e| format!("{e:?}"))?);
            let session = Session::<spellcaster::Spellcaster>::new(
                seats,
                spellcaster::Config { mages: players },
                Arc::new(spells),
                seed,
            )
            .map_err(|e| e.to_string())?;
            let session = play(session, actions, seed, spellcaster::computer::greedy_choice)?;
            session.to_save().write(&out).map(|()| session.log().len())
        }
        "mighty-magics" => {
            use mighty_magics::{MightyMagics, Phase, Stage};
            let cards = Arc::new(mighty_magics::Cards::shipped().map_err(|e| format!("{e:?}"))?);
            let config = mighty_magics::Config {
                players,
                short_attacks: false,
            };
            let session =
                Session::<MightyMagics>::new(seats, config, Arc::new(cards), seed).map_err(|e| e.to_string())?;
            let stop = |game: &MightyMagics| match (until.as_deref(), game.phase()) {
                (None, _) => true,
                (Some("recruit"), Phase::Recruit { holder }) => *holder == game.active() && game.tray().len() >= 4,
                (Some("leftovers"), Phase::Recruit { holder }) => *holder != game.active(),
                (Some("payable"), Phase::Recruit { .. }) => game.legal_actions().iter().any(|a| {
                    matches!(
                        a,
                        mighty_magics::Action::Recruit { .. } | mighty_magics::Action::Cast { .. }
                    )
                }),
                (Some("attack"), Phase::Attack(b)) => b.stage == Stage::Declare && b.target.is_some(),
                (Some("defend"), Phase::Attack(b)) => b.stage == Stage::Defend,
                (Some("casualties"), Phase::Attack(b)) => {
                    matches!(b.stage, Stage::AttackerLosses | Stage::DefenderLosses)
                }
                _ => false,
            };
            let greedy = |view: &_, legal: &[_], cards: &Arc<_>, rng: &mut GameRng| {
                mighty_magics::computer::greedy_choice(view, legal, cards, rng)
            };
            let session = play_until(session, actions, seed, greedy, stop)?;
            session.to_save().write(&out).map(|()| session.log().len())
        }
        "spells-of-doom" => {
            use spells_of_doom::SpellsOfDoom;
            let content = Arc::new(spells_of_doom::Content::shipped().map_err(|e| format!("{e:?}"))?);
            let heroes = ["magie", "byron", "oakheart", "hypnor"][..usize::from(players)]
                .iter()
                .map(|h| h.to_string())
                .collect();
            let config = spells_of_doom::Config { heroes };
            let session =
                Session::<SpellsOfDoom>::new(seats, config, Arc::new(content), seed).map_err(|e| e.to_string())?;
            // UNTIL `answer`: play on until a player may answer out of turn (a counter window).
            let stop = |game: &SpellsOfDoom| match until.as_deref() {
                Some("answer") => matches!(game.phase(), spells_of_doom::Phase::Response { .. }),
                _ => true,
            };
            let session = play_until(session, actions, seed, spells_of_doom::computer::greedy_choice, stop)?;
            session.to_save().write(&out).map(|()| session.log().len())
        }
        "spellfire" => {
            use spellfire::PendingView;
            use spellfire::{BattleStep, Spellfire};
            use spellhall::games::GameAdapter;
            use spellhall::games::spellfire::SpellfireAdapter;
            let content = SpellfireAdapter::shipped_content().map_err(|e| format!("{e:?}"))?;
            // Every seat plays the starter deck in its place, in the starter format.
            let config = SpellfireAdapter::config(players, &[], &content)?;
            let session =
                Session::<Spellfire>::new(seats, config, Arc::new(content), seed).map_err(|e| e.to_string())?;
            // UNTIL `razed`: the deciding seat's own formation, outside a battle, with a razed
            // realm, a holding under an unrazed realm and a protected realm; `round`: a round
            // with a card played in it; `pause`: an event pause asking a player other than the
            // active one; `end`: the game over.
            let stop = |game: &Spellfire| {
                let view = game.view(game.decider().unwrap_or(spellhall_core::Seat(0)));
                match until.as_deref() {
                    Some("razed") => {
                        view.battle.is_none()
                            && view.players.iter().any(|p| {
                                let realms: Vec<_> = p.formation.iter().flatten().collect();
                                p.seat == view.seat
                                    && realms.iter().any(|r| r.razed)
                                    && realms.iter().any(|r| !r.razed && r.holding.is_some())
                                    && realms.iter().any(|r| !r.razed && !r.exposed)
                            })
                    }
                    Some("round") => view.battle.as_ref().is_some_and(|b| {
                        b.step == BattleStep::Round
                            && [&b.attacking, &b.defending]
                                .iter()
                                .all(|f| f.as_ref().is_some_and(|f| !f.round_cards.is_empty()))
                    }),
                    Some("pause") => {
                        matches!(view.pending, Some(PendingView::EventPause { asking, .. }) if asking != view.active)
                    }
                    Some("end") => game.decider().is_none(),
                    _ => true,
                }
            };
            // `razed` is played by a fixed plan rather than the greedy player, so the position
            // does not move whenever the computer's tuning does: build, attack, never defend.
            let razing = until.as_deref() == Some("razed");
            let greedy = |view: &spellfire::View, legal: &[spellfire::Action], content: &Arc<_>, rng: &mut GameRng| {
                if razing {
                    raze_plan(legal)
                } else {
                    spellfire::computer::greedy_choice(view, legal, content, rng)
                }
            };
            let session = play_until(session, actions, seed, greedy, stop)?;
            if !stop(session.state()) {
                return Err(format!("the game never reached '{}'", until.unwrap_or_default()));
            }
            session.to_save().write(&out).map(|()| session.log().len())
        }
        "tally" => {
            let session = Session::<Tally>::new(seats, TallyConfig { players, copies: 4 }, Arc::new(()), seed)
                .map_err(|e| e.to_string())?;
            let session = play(session, actions, seed, |_, legal, _, rng| rng.below(legal.len()))?;
            session.to_save().write(&out).map(|()| session.log().len())
        }
        other => return Err(format!("unknown game '{other}'; {usage}")),
    };
    let count = written.map_err(|e| e.to_string())?;
    println!("wrote {} after {count} actions", out.display());
    Ok(())
}
