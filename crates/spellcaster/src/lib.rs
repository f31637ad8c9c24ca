//! The rules of Spellcaster (../shared/rules/spellcaster-rules.txt), as a deterministic state
//! machine behind the kernel's [`spellhall_core::Game`] contract.
//!
//! Two Mages duel, or three (a team of two against a solo Mage) or four (two teams of two). Each
//! side has a pool of Energy and Sapphires; spells are played onto the four colour placards and the
//! top card of each placard faces the side that played it. The 60 spells are our design and live in
//! `data/spellcaster/spells.ron`.

mod action;
mod apply;
pub mod computer;
mod content;
mod effects;
mod event;
mod hidden;
mod legal;
#[cfg(feature = "scenario")]
pub mod scenario;
mod state;
mod summary;
mod view;

pub use action::{Action, Answer, SpellOption};
pub use content::{Colour, SPELLS_FILE, SpellDef, Spells};
pub use effects::{Effect, spell_text};
pub use event::Event;
pub use state::{CardId, Config, Mode, Pool, Side, Spellcaster};
pub use summary::{rules_summary, seat_roles};
pub use view::{PlacardView, SideView, View};

use std::sync::Arc;

use spellhall_core::{Figure, Game, Outcome, RuleError, Seat, SetupError, Status, ToAct};

impl Game for Spellcaster {
    const ID: &'static str = "spellcaster";
    const NAME: &'static str = "Spellcaster";
    const PLAYER_COUNTS: &'static [u8] = &[2, 3, 4];
    type Config = Config;
    type Content = Arc<Spells>;
    type Action = Action;
    type Event = Event;
    type View = View;

    fn new_with_events(config: &Config, content: &Arc<Spells>, seed: u64) -> Result<(Self, Vec<Event>), SetupError> {
        Self::setup(config, content, seed)
    }

    fn seat_count(&self) -> usize {
        self.seats()
    }

    fn to_act(&self) -> ToAct {
        match (&self.finish, &self.pending) {
            (Some(_), _) => ToAct::GameOver,
            (None, Some(pending)) => ToAct::Seat(pending.rival),
            (None, None) => ToAct::Seat(self.turn_seat()),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.legal()
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, RuleError> {
        self.apply_action(action)
    }

    fn apply_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.apply_action_into(action, events)
    }

    fn view(&self, seat: Seat) -> View {
        self.view_for(seat, self.to_act())
    }

    fn outcome(&self) -> Option<Outcome> {
        let finish = self.finish.as_ref()?;
        Some(Outcome {
            winners: finish.winner.map(|side| self.seats_of(side)).unwrap_or_default(),
            scores: Seat::all(self.seats())
                .map(|s| i64::from(self.pool(self.side_of(s)).sapphires))
                .collect(),
            score_name: "Sapphires".into(),
            reason: finish.reason.clone(),
            // A side at 0 Energy loses, and Energy breaks a tie on Sapphires.
            figures: vec![Figure::counted(
                "Energy",
                Seat::all(self.seats()).map(|s| self.pool(self.side_of(s)).energy),
            )],
        })
    }

    fn status(&self) -> Status {
        let phase = if self.finish.is_some() {
            "Game over".to_string()
        } else if let Some(pending) = &self.pending {
            format!(
                "{} answers: discard or let the caster draw",
                spellhall_core::seat_token(pending.rival)
            )
        } else {
            match self.actions_left {
                1 => "1 action left".to_string(),
                n => format!("{n} actions left"),
            }
        };
        Status {
            turn: self.turn,
            turn_label: format!("Turn {}", self.turn),
            phase,
        }
    }

    fn describe_action(&self, action: &Action) -> String {
        let name = |card: &CardId| self.spells.get(*card).name.clone();
        match action {
            Action::Draw => "Draw a card".into(),
            Action::Play(card) => format!("Play {} on {:?}", name(card), self.spells.get(*card).colour),
            Action::Activate { colour, option } => {
                let spell = self.top(*colour).map(|p| name(&p.card)).unwrap_or_default();
                match option {
                    None => format!("Cast {spell}"),
                    Some(SpellOption::Target(target)) => format!("Cast {spell} on {target:?}"),
                    Some(SpellOption::Gain) => format!("Cast {spell}: each Mage draws"),
                    Some(SpellOption::Lose) => format!("Cast {spell}: each Mage loses cards"),
                }
            }
            Action::EndTurn => "End the turn (no action is possible)".into(),
            Action::Answer(Answer::Discard(card)) => format!("Discard {}", name(card)),
            Action::Answer(Answer::LetDraw) => "Keep my cards: let the caster draw".into(),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let placed = self.placards.iter().flatten().map(|p| p.card);
        let all = self
            .deck
            .iter_top_down()
            .copied()
            .chain(self.discard.iter_top_down().copied())
            .chain(self.hands.iter().flatten().copied())
            .chain(placed);
        spellhall_core::each_card_once(self.spells.len(), all.map(|c| usize::from(c.0)), |card| {
            format!("card {card} ({})", self.spells.get(CardId(card as u8)).name)
        })?;
        for (colour, placard) in Colour::ALL.iter().zip(&self.placards) {
            if let Some(wrong) = placard.iter().find(|p| self.spells.get(p.card).colour != *colour) {
                return Err(format!(
                    "{} lies on the {colour:?} placard",
                    self.spells.get(wrong.card).name
                ));
            }
        }
        if self.finish.is_none() {
            if self.pools.iter().any(|p| p.energy == 0) {
                return Err("a side has no Energy but the game goes on".into());
            }
            if self.pools.iter().any(|p| p.sapphires >= 15) {
                return Err("a side has 15 Sapphires but the game goes on".into());
            }
        }
        Ok(())
    }
}
