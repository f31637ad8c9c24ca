//! Saves written by earlier builds must still load: a save replays its log and compares a
//! fingerprint of the state it reaches, so a change to how a state is laid out or numbered (an
//! engine speed-up, say) would make every saved game refuse to load. A game's test keeps a save
//! written by an earlier build and checks it with these.

use std::sync::Arc;

use crate::{Game, SaveFile, Session};

/// Play up to `steps` random legal actions in `session`, each picked by a fixed generator seeded
/// with `seed` (a plain linear congruential one, not the kernel's, so that the picks never change
/// with it): the same game, build after build.
pub fn act_randomly<G: Game>(session: &mut Session<G>, steps: usize, seed: u64) {
    let mut pick = seed;
    for _ in 0..steps {
        if session.to_act().seat().is_none() {
            break;
        }
        let actions = session.state().legal_actions();
        pick = pick
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let action = actions[(pick >> 33) as usize % actions.len()].clone();
        session.act(action).expect("a legal action is accepted");
    }
}

/// Check `text`, a save written by an earlier build: it parses, loads (its log replays to its
/// fingerprint), and `today`, the same game played by this build, saves to the same text. The
/// save is returned for the game's own further checks.
pub fn assert_earlier_save_holds<G: Game>(
    text: &str,
    content: Arc<G::Content>,
    today: &Session<G>,
) -> SaveFile<G::Config, G::Action> {
    let save: SaveFile<G::Config, G::Action> = ron::from_str(text).expect("the earlier save parses");
    let loaded = Session::<G>::from_save(save.clone(), content).expect("the earlier save loads");
    assert_eq!(loaded.log().len(), save.log.len(), "the loaded game's log");
    let now = ron::to_string(&today.to_save()).expect("a save serialises");
    assert_eq!(
        now,
        ron::to_string(&save).expect("a save serialises"),
        "the same game saved today"
    );
    save
}
