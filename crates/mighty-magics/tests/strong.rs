//! The strong computer's search weighs every legal action but those that take back a battle
//! choice (`Strong::searched`).

use mighty_magics::{Action, Config, MightyMagics, Phase, shipped_cards};
use spellhall_core::{Game, GameRng};
use spellhall_search::Strong;

/// Aiming again once aimed, calling back a Horde sent or a defender, and sparing a casualty picked
/// only undo the player's last choice: a search that saw no gain between the two once switched
/// between them for 20,000 actions. They are never weighed; every other legal action is. Checked
/// at every decision of random games, which take back choices often.
#[test]
fn the_strong_player_never_weighs_taking_back_a_battle_choice() {
    let cards = shipped_cards();
    let config = Config {
        players: 2,
        short_attacks: false,
    };
    // How often each kind of taking back was offered: re-aim, recall, withdraw, spare.
    let mut offered = [0; 4];
    for seed in 0..6 {
        let mut game = MightyMagics::new(&config, &cards, seed).expect("setup");
        let mut rng = GameRng::new(seed);
        while let Some(seat) = game.to_act().seat() {
            let legal = game.legal_actions();
            let view = game.view(seat);
            let aimed = matches!(&view.phase, Phase::Attack(battle) if battle.target.is_some());
            let takes_back: Vec<bool> = legal
                .iter()
                .map(|action| match action {
                    Action::Target(_) => aimed,
                    Action::Recall(_) | Action::Withdraw(_) | Action::Spare(_) => true,
                    _ => false,
                })
                .collect();
            for action in legal.iter().zip(&takes_back).filter(|(_, t)| **t).map(|(a, _)| a) {
                let kind = match action {
                    Action::Target(_) => 0,
                    Action::Recall(_) => 1,
                    Action::Withdraw(_) => 2,
                    _ => 3,
                };
                offered[kind] += 1;
            }
            let weighed: Vec<usize> = (0..legal.len()).filter(|&i| !takes_back[i]).collect();
            assert_eq!(MightyMagics::searched(&view, &legal), weighed, "seed {seed}, {legal:?}");
            let pick = rng.below(legal.len());
            game.apply(&legal[pick]).expect("a legal action is accepted");
        }
    }
    assert!(
        offered.iter().all(|&n| n > 0),
        "every kind of taking back was offered: {offered:?}"
    );
}
