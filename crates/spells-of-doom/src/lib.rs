//! Spells of Doom: four hero mages duel on a hex board of Magic Shrines and towers.
//!
//! The content (`data/spells-of-doom/`: the board, the four Heroes, the 29 creatures and the 120
//! Hero cards, most of it Spellhall's design where the rulebook is silent, balanced by self-play),
//! loaded and checked; the board's geometry on `hexx`; the dice rules (`combat`); the engine behind
//! the kernel's `Game` contract, for 2 players and 2 teams of 2, with counters and traps answered on
//! the other player's turn (`respond`); and a greedy computer player (`computer`). The crate README
//! lists the rules and the rulings.

pub mod action;
pub mod apply;
pub mod board;
pub mod combat;
pub mod computer;
pub mod content;
pub mod creatures;
pub mod effects;
pub mod event;
pub mod legal;
pub mod respond;
pub mod state;
pub mod view;

use std::sync::Arc;

use spellhall_core::{Game, Outcome, RuleError, Seat, SetupError, Status, ToAct, seat_token};

pub use action::{Action, CastTarget, Target};
pub use board::Board;
pub use content::Content;
pub use event::Event;
pub use state::{CardId, Character, Config, CreatureId, Phase, Pos, SpellsOfDoom, TowerKind, Track};
pub use view::View;

/// The seats of a table of `count`.
pub(crate) fn seats(count: usize) -> impl Iterator<Item = Seat> {
    Seat::all(count)
}

impl Game for SpellsOfDoom {
    const ID: &'static str = "spells-of-doom";
    const NAME: &'static str = "Spells of Doom";
    type Config = Config;
    type Content = Arc<Content>;
    type Action = Action;
    type Event = Event;
    type View = View;

    fn new(config: &Config, content: &Arc<Content>, seed: u64) -> Result<Self, SetupError> {
        Self::setup(config, content, seed).map(|(game, _)| game)
    }

    fn new_with_events(config: &Config, content: &Arc<Content>, seed: u64) -> Result<(Self, Vec<Event>), SetupError> {
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

    fn view(&self, seat: Seat) -> View {
        self.view_for(seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn status(&self) -> Status {
        let phase = match self.phase {
            Phase::Mulligan { seat } => format!("Setup: {} may shuffle back up to 3 cards", seat_token(seat)),
            Phase::PayTokens => "Upkeep: pay tokens off?".to_string(),
            Phase::Hero => "Hero phase".to_string(),
            Phase::Response { seat } => format!("{} may answer", seat_token(seat)),
            Phase::Over => "Game over".to_string(),
        };
        Status {
            turn: self.turn.max(1),
            turn_label: format!("Round {}, turn {}", self.round(), self.turn.max(1)),
            phase,
        }
    }

    fn describe_action(&self, action: &Action) -> String {
        self.describe_for(self.decider().unwrap_or(self.active), action)
    }

    /// Every card of each deck in exactly one place; HP within bounds; Heroes on the board (or
    /// waiting to respawn within the Hero phase); at most 3 towers of a kind per player.
    fn check_invariants(&self) -> Result<(), String> {
        if matches!(self.phase, Phase::Response { .. }) != self.window.is_some() {
            return Err("a response window without its phase, or the other way round".into());
        }
        for seat in seats(self.seats()) {
            let player = self.player(seat);
            let mut seen = vec![0u8; self.deck_len(seat)];
            let all = player
                .hand
                .iter()
                .chain(player.deck.iter_top_down())
                .chain(&player.discard)
                .chain(&player.reserve)
                .chain(&player.spells)
                .chain(player.terrain.iter().map(|(c, _)| c));
            for card in all {
                match seen.get_mut(usize::from(card.0)) {
                    Some(count) => *count += 1,
                    None => return Err(format!("{seat} holds a card {} that is not in the deck list", card.0)),
                }
            }
            if let Some(card) = seen.iter().position(|n| *n != 1) {
                return Err(format!("{seat}'s card {card} is in {} places", seen[card]));
            }
            if player.hero.hp == 0 || player.hero.hp > self.max_hp(seat) {
                return Err(format!("{seat}'s Hero has {} HP", player.hero.hp));
            }
            // Killed Heroes wait off the board until the end of the phase they died in; the only
            // phase that lasts across actions is the Hero phase.
            if matches!(self.phase, Phase::Mulligan { .. }) && player.hero.at.is_none() {
                return Err(format!("{seat}'s Hero is off the board during setup"));
            }
            if player.hero.at.is_some_and(|at| !self.content.board.contains(at.hex())) {
                return Err(format!("{seat}'s Hero is off the map"));
            }
            for creature in self.creatures().iter().filter(|c| c.id.owner == seat) {
                let def = self.creature_def(&creature.kind);
                if creature.hp == 0 || creature.hp > def.hp || !self.content.board.contains(creature.at.hex()) {
                    return Err(format!(
                        "{seat}'s {} has {} HP at {}",
                        def.name, creature.hp, creature.at
                    ));
                }
                if self.token_kind(seat, creature.id.token) != Some(creature.kind.as_str()) {
                    return Err(format!(
                        "{seat}'s creature token {} is not a {}",
                        creature.id.token, creature.kind
                    ));
                }
                if self.creatures().iter().filter(|c| c.id == creature.id).count() != 1 {
                    return Err(format!(
                        "{seat}'s creature token {} is on the board twice",
                        creature.id.token
                    ));
                }
            }
            for kind in [TowerKind::Mage, TowerKind::Defense] {
                if self.towers_of(seat, kind) > state::TOWERS_PER_KIND {
                    return Err(format!("{seat} has too many {}s", kind.name()));
                }
            }
        }
        Ok(())
    }
}

impl SpellsOfDoom {
    /// `action` in words, as `seat` (who takes it) reads it.
    pub fn describe_for(&self, seat: Seat, action: &Action) -> String {
        match action {
            Action::Mulligan { cards } if cards.is_empty() => "Keep this hand".into(),
            Action::Mulligan { cards } => {
                let names: Vec<String> = cards.iter().map(|c| self.card_name(seat, *c)).collect();
                format!("Shuffle back {}", names.join(", "))
            }
            Action::PayTokens {
                burn: 0,
                brain_damage: 0,
            } => "Keep the tokens".into(),
            Action::PayTokens { burn, brain_damage } => format!(
                "Pay off {burn} Burn and {brain_damage} Brain Damage token(s) ({} mana)",
                u32::from(*burn) * state::BURN_PAY_OFF + u32::from(*brain_damage) * state::BRAIN_DAMAGE_PAY_OFF
            ),
            Action::Move { to } => {
                let from = self.player(seat).hero.at;
                let cost = from.map_or(0, |from| self.speed_cost(seat, from, *to));
                if cost > 0 {
                    format!("Move to {to} ({cost} mana)")
                } else {
                    format!("Move to {to}")
                }
            }
            Action::Attack { target, fire } => {
                let aim = self.target_words(*target);
                if *fire {
                    format!("Attack {aim} with Fire Attack (1 mana)")
                } else {
                    format!("Attack {aim}")
                }
            }
            Action::Upgrade { track } => format!("Upgrade {track:?} (5 mana)"),
            Action::Build { tower } => format!("Build a {} (5 mana)", tower.name()),
            Action::Capture => "Capture the shrine (2 mana)".into(),
            Action::Recharge { cards } => format!(
                "Magic Recharge: discard {} and {} for 1 mana",
                self.card_name(seat, cards[0]),
                self.card_name(seat, cards[1])
            ),
            Action::Play { card, on } => {
                let def = self.players_hero_card(seat, *card);
                let spell = def.is_some_and(|def| matches!(def.kind, content::CardKind::Spell { .. }));
                let on_character = def.is_some_and(|def| {
                    matches!(
                        def.effect,
                        content::Effect::Run { .. }
                            | content::Effect::MagicShield { .. }
                            | content::Effect::Heal { .. }
                            | content::Effect::StrongAttack { .. }
                            | content::Effect::Accuracy { .. }
                            | content::Effect::FastAttack
                            | content::Effect::CounterAttack
                    )
                });
                let name = self.card_name(seat, *card);
                match on {
                    _ if spell => format!("Prepare {name}"),
                    state::Character::Creature(id) if on_character => {
                        format!("Play {name} on the {}", self.creature_name(*id))
                    }
                    _ => format!("Play {name}"),
                }
            }
            Action::Cast { spell, copies, target } => {
                let name = &self.card_name(seat, *spell);
                let aim = match target {
                    CastTarget::Myself => String::new(),
                    CastTarget::Hex(at) if self.is_decoy(seat, *spell) => {
                        format!(", stepping aside to {at} if it works")
                    }
                    CastTarget::At(Target::Hero(victim)) => format!(" on {}'s Hero", seat_token(*victim)),
                    CastTarget::At(Target::Creature(id)) => {
                        format!(" on {}'s {}", seat_token(id.owner), self.creature_name(*id))
                    }
                    CastTarget::At(Target::Building(at)) => format!(" on the building at {at}"),
                    CastTarget::At(Target::Shrine(at)) => format!(" on the shrine at {at}"),
                    CastTarget::Hex(at) => format!(" at {at}"),
                    CastTarget::Arrows { target: aim, behind } => {
                        format!(" on {}, the hex behind at {behind}", self.target_words(*aim))
                    }
                };
                if *copies > 1 {
                    format!("Cast {copies} {name}{aim}")
                } else {
                    format!("Cast {name}{aim}")
                }
            }
            Action::PlaceTerrain { card, at } => format!("Lay {} with its token at {at}", self.card_name(seat, *card)),
            Action::Reveal { card, on } => {
                format!("Reveal {} on {}", self.card_name(seat, *card), self.target_words(*on))
            }
            Action::Summon { token, at } => match self.token_kind(seat, *token) {
                Some(kind) => {
                    let def = self.creature_def(kind);
                    let cost = self.summon_cost(seat, def.cost.unwrap_or(0));
                    format!(
                        "Summon {} {} at {at} ({cost} mana)",
                        event::article(&def.name),
                        def.name
                    )
                }
                None => format!("Summon token {token} at {at}"),
            },
            Action::CreatureMove { creature, to } => format!("Move the {} to {to}", self.creature_name(*creature)),
            Action::CreatureAttack {
                creature,
                target,
                special,
            } => {
                let aim = self.target_words(*target);
                let how = if *special { " with its Special Attack" } else { "" };
                format!("The {} attacks {aim}{how}", self.creature_name(*creature))
            }
            Action::Reserve { card } => format!("Put {} in the Reserve (1 mana)", self.card_name(seat, *card)),
            Action::EndTurn => "End the turn".into(),
            Action::Pass => "Let it happen".into(),
        }
    }
}
