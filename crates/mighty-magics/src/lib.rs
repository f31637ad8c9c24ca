//! The rules of Mighty Magics (../shared/rules/mighty-magics-rules.txt), as a deterministic state
//! machine behind the kernel's [`spellhall_core::Game`] contract.
//!
//! Two to six kingdoms share one deck of Strongholds, Hordes and Mighty Magics. Each turn the
//! active player refills his hand, draws resource counters, recruits with them (what he leaves
//! goes around the table to his left), then may attack an opponent's Stronghold. Whoever begins
//! his turn with 15 Force of Strongholds wins. The copy counts of the deck are our design and live
//! in `data/mighty-magics/cards.ron`.

mod action;
mod apply;
pub mod computer;
mod content;
mod effects;
mod event;
mod hidden;
mod legal;
#[cfg(feature = "scenario")]
mod scenario;
mod state;
mod summary;
mod view;

pub use action::{Action, Choice};
pub use content::{Ability, CARDS_FILE, COUNTERS_PER_TYPE, CardDef, Cards, Cost, Kind, Magic, Resource, TargetKind};
pub use effects::card_text;
pub use event::{CounterSource, Event};
pub use legal::{can_pay, payments, shortfall, tray_can_pay};
#[cfg(feature = "scenario")]
pub use scenario::{TestGame, card, shipped_cards};
pub use state::{
    Battle, Bonus, CardId, Config, Finish, HAND_SIZE, Holding, Kingdom, MightyMagics, Phase, RESOURCE_ROLLS, Stage,
    WINNING_FORCE,
};
pub use summary::rules_summary;
pub use view::{DefenceOutlook, HandCard, InPlayView, KingdomView, Losses, View};

use std::sync::Arc;

use spellhall_core::{Game, Outcome, RuleError, Seat, SetupError, Status, ToAct, seat_token};

impl Game for MightyMagics {
    const ID: &'static str = "mighty-magics";
    const NAME: &'static str = "Mighty Magics";
    const PLAYER_COUNTS: &'static [u8] = &[2, 3, 4, 5, 6];
    type Config = Config;
    type Content = Arc<Cards>;
    type Action = Action;
    type Event = Event;
    type View = View;

    fn new_with_events(config: &Config, content: &Arc<Cards>, seed: u64) -> Result<(Self, Vec<Event>), SetupError> {
        Self::setup(config, content, seed)
    }

    fn seat_count(&self) -> usize {
        self.seats()
    }

    fn to_act(&self) -> ToAct {
        self.decider().map_or(ToAct::GameOver, ToAct::Seat)
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
            winners: vec![finish.winner],
            scores: Seat::all(self.seats())
                .map(|s| i64::from(self.stronghold_force(s)))
                .collect(),
            score_name: "Stronghold Force".into(),
            reason: format!(
                "{} began a turn with {} Force of Strongholds",
                seat_token(finish.winner),
                finish.force
            ),
            // The Stronghold Force is the only figure the end weighs.
            figures: Vec::new(),
        })
    }

    fn status(&self) -> Status {
        let phase = match &self.phase {
            Phase::Over => "Game over".to_string(),
            Phase::Draw => "Draw phase: discard, then fill your hand".to_string(),
            Phase::Recruit { holder } if *holder == self.active => "Recruit phase".to_string(),
            Phase::Recruit { holder } => format!("Recruit phase: {} may use the leftovers", seat_token(*holder)),
            Phase::Attack(battle) => match battle.stage {
                Stage::Declare => "Attack phase: choose a target and attackers".to_string(),
                Stage::Defend => "Attack phase: the defender chooses defenders".to_string(),
                Stage::AttackerLosses => "Attack phase: the attacker's casualties".to_string(),
                Stage::DefenderLosses => "Attack phase: the defender's casualties".to_string(),
            },
        };
        Status {
            turn: self.turn,
            turn_label: format!("Turn {}", self.turn),
            phase,
        }
    }

    fn describe_action(&self, action: &Action) -> String {
        let name = |card: &CardId| self.cards.get(*card).name.clone();
        let paid = |spend: &[Resource]| spend.iter().map(|r| format!("{r:?}")).collect::<Vec<_>>().join(" ");
        match action {
            Action::Discard(card) => format!("Discard {}", name(card)),
            Action::Refill => "Fill my hand".into(),
            Action::Recruit { card, spend } => format!("Recruit {} (pay {})", name(card), paid(spend)),
            Action::Cast { card, spend, choice } => {
                let on = match choice {
                    Choice::Nothing => String::new(),
                    Choice::Card(target) => format!(" on {}", name(target)),
                    Choice::Opponent(seat) => format!(" on {}", seat_token(*seat)),
                    Choice::DrawCards => ": draw cards".into(),
                    Choice::MoreResources => ": more resource rolls".into(),
                };
                format!("Play {}{on} (pay {})", name(card), paid(spend))
            }
            Action::RedrawWater => "Redraw my Water counters (Coastal Towns)".into(),
            Action::Pass => "Pass the counters to the left".into(),
            Action::Target(card) => format!("Target {}", name(card)),
            Action::Send(card) => format!("Attack with {}", name(card)),
            Action::Recall(card) => format!("Hold back {}", name(card)),
            Action::Charge => "Attack!".into(),
            Action::NoAttack => "Do not attack: end the turn".into(),
            Action::Defend(card) => format!("Defend with {}", name(card)),
            Action::Withdraw(card) => format!("Keep {} out of the fight", name(card)),
            Action::HoldFast => "Defend with the Hordes chosen".into(),
            Action::Lose(card) => format!("Lose {}", name(card)),
            Action::Spare(card) => format!("Keep {}", name(card)),
            Action::ConfirmLosses => "Confirm the casualties".into(),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let in_play = self
            .kingdoms
            .iter()
            .flat_map(|k| k.holdings())
            .flat_map(|h| std::iter::once(&h.card).chain(&h.attached));
        let everywhere = self
            .deck
            .iter_top_down()
            .chain(self.discard.iter_top_down())
            .chain(self.hands.iter().flatten())
            .chain(in_play);
        spellhall_core::each_card_once(self.cards.len(), everywhere.map(|c| usize::from(c.0)), |card| {
            format!("card {card} ({})", self.cards.get(CardId(card as u16)).name)
        })?;
        for kingdom in &self.kingdoms {
            if let Some(h) = kingdom
                .strongholds
                .iter()
                .find(|h| !self.cards.get(h.card).is_stronghold())
            {
                return Err(format!("{} is among the Strongholds", self.name(h.card)));
            }
            if let Some(h) = kingdom.hordes.iter().find(|h| !self.cards.get(h.card).is_horde()) {
                return Err(format!("{} is among the Hordes", self.name(h.card)));
            }
            for holding in kingdom.holdings() {
                if let Some(&m) = holding
                    .attached
                    .iter()
                    .find(|&&m| !matches!(self.cards.get(m).kind, Kind::Magic(Magic::Attach { .. })))
                {
                    return Err(format!("{} is attached to {}", self.name(m), self.name(holding.card)));
                }
            }
        }
        self.counters_complete()?;
        if !self.tray.is_empty() && !matches!(self.phase, Phase::Recruit { .. }) {
            return Err("counters lie in the tray outside the Recruit phase".into());
        }
        if self.finish.is_none() && self.stronghold_force(self.active) >= WINNING_FORCE && self.phase == Phase::Draw {
            return Err("a player began his turn with 15 Force of Strongholds but the game goes on".into());
        }
        Ok(())
    }
}
