//! The rules in brief and the seats' roles, for the app's Rules window and setup screen: written
//! here, next to the numbers and the teams they quote, so that the app restates none of them.

use std::sync::OnceLock;

use spellhall_core::Seat;

use crate::apply::{ACTIONS_PER_TURN, HAND, SOLO_HAND, START_ENERGY, START_SAPPHIRES, WINNING_SAPPHIRES};
use crate::{Mode, Side};

/// What each seat is at a table of `players` ("Team", "Solo"): with three Mages a team of two
/// against a solo Mage, with four two teams; in a duel each plays alone.
pub fn seat_roles(players: u8) -> Vec<&'static str> {
    let Some(mode) = Mode::of(players) else {
        return Vec::new();
    };
    let role = |seat: Seat| match (mode, mode.side_of(seat)) {
        (Mode::Duel, _) => None,
        (Mode::ThreeMages, Side(0)) => Some("Team"),
        (Mode::ThreeMages, _) => Some("Solo"),
        (Mode::FourMages, Side(0)) => Some("Team 1"),
        (Mode::FourMages, _) => Some("Team 2"),
    };
    Seat::all(usize::from(players)).filter_map(role).collect()
}

/// The rules of Spellcaster in a few paragraphs.
pub fn rules_summary() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        format!(
            "Win by gathering {WINNING_SAPPHIRES} Sapphires or by draining your rival's Energy to 0. Each side \
             starts with {START_ENERGY} Energy and {START_SAPPHIRES} Sapphires; each Mage holds {HAND} cards.\n\n\
             Your turn: Active Spells (marked A) facing you go off, then you draw a card, then you take \
             {ACTIONS_PER_TURN} actions, the same one twice if you like: draw a card; play a card from your hand \
             onto its colour's placard (it faces you, and you now control that colour); or cast the top card \
             of a placard that faces you (each card once per turn).\n\n\
             If a Mage cannot draw at the start of a turn, the game ends and the most Sapphires win (then the \
             most Energy). A spell that draws more cards than the deck holds gives what is left, and the game \
             ends after that turn. Paid and lost Energy and Sapphires go back to the supply; lost cards go to \
             the discard pile.\n\n\
             Three Mages: a team of two shares one pool against a solo Mage, who starts with {SOLO_HAND} cards; \
             turns go team, solo, team, solo. Four Mages: two teams, each sharing a pool; turns alternate \
             between the teams. Teammates never see each other's hands.\n\n\
             The spells are Spellhall's own design (the rulebook gives the rules, not the cards)."
        )
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use spellhall_core::Game;

    use super::*;
    use crate::{Config, Spellcaster, Spells};

    fn game(mages: u8) -> Spellcaster {
        Spellcaster::new(&Config { mages }, &Arc::new(Spells::shipped().unwrap()), 1).unwrap()
    }

    #[test]
    fn rules_summary_states_the_engines_numbers() {
        let duel = game(2);
        let pool = duel.view(Seat(0)).sides[0].pool;
        let summary = rules_summary();
        for words in [
            format!("starts with {} Energy and {} Sapphires", pool.energy, pool.sapphires),
            // The Mage who does not begin holds the cards dealt (the other has drawn one more).
            format!(
                "each Mage holds {} cards",
                duel.view(Seat(1 - duel.turn_seat().0)).hand.len()
            ),
            format!("starts with {} cards", game(3).view(Seat(1)).hand.len()),
            format!("gathering {WINNING_SAPPHIRES} Sapphires"),
        ] {
            assert!(summary.contains(&words), "the summary should say \"{words}\"");
        }
    }

    #[test]
    fn seat_roles_name_the_sides_the_engine_plays() {
        for mages in [2u8, 3, 4] {
            let game = game(mages);
            let roles = seat_roles(mages);
            if mages == 2 {
                assert!(roles.is_empty(), "a duel has no teams");
                continue;
            }
            // Seats with one role play for one side, and seats with different roles do not.
            for a in Seat::all(usize::from(mages)) {
                for b in Seat::all(usize::from(mages)) {
                    let same: bool = game.side_of(a) == game.side_of(b);
                    assert_eq!(roles[a.index()] == roles[b.index()], same, "{mages} Mages: {a} and {b}");
                }
            }
        }
        assert_eq!(seat_roles(3), ["Team", "Solo", "Team"]);
    }
}
