//! Spells of Doom: four hero mages duel on a hex board of Magic Shrines and towers.
//!
//! The content (`data/spells-of-doom/`: the board, the four Heroes, the 29 creatures and the 120
//! Hero cards, most of it Spellhall's design where the rulebook is silent, balanced by self-play),
//! loaded and checked; the board's geometry on `hexx`; the dice rules (`combat`); the engine behind
//! the kernel's `Game` contract, for 2 players and 2 teams of 2, with counters and traps answered on
//! the other player's turn (`respond`); and a greedy computer player (`computer`). The crate README
//! lists the rules and the rulings.

// The modules are private: the app and the tests reach what they need through the re-exports
// below, never the engine's internals.
mod action;
mod apply;
mod board;
mod combat;
pub mod computer;
mod content;
mod creatures;
mod effects;
mod event;
mod hidden;
mod legal;
mod respond;
#[cfg(feature = "scenario")]
mod scenario;
mod state;
mod text;
mod view;

use std::sync::Arc;

use spellhall_core::{Game, Outcome, RuleError, Seat, SetupError, Status, ToAct, seat_token};

pub use action::{Action, CastTarget, MulliganCards, Target};
pub use board::Board;
pub use combat::{ArmorParts, damage, effective_armor, fire_arrows_groups, keep_highest, special_tokens, token_upkeep};
pub use content::{
    Ability, BOARD_FILE, CARDS_FILE, CREATURE_TOKENS, CREATURES_FILE, CardDef, CardKind, Content, CreatureAbility,
    CreatureDef, DECK_SIZE, Effect, HEROES_FILE, HeroDef, MAX_DECK_SIZE, MalfunctionRow, SHRINES, Sources, VolleyRow,
};
pub use event::{Attacker, Event, Name, Special};
#[cfg(feature = "scenario")]
pub use scenario::{TestGame, Who, creature_id, shipped_content};
pub use state::{
    Building, CardId, Character, Config, Creature, CreatureId, HeroState, Phase, Player, Pos, Shrine, SpellsOfDoom,
    TowerKind, Track, Window,
};
pub use text::{
    card_heading, card_text, creature_ability_text, creature_text, effect_text, hero_ability_text, hero_text,
    range_words,
};
pub use view::{HeroView, Numbers, SharedContent, View};

/// What each seat is at a table of `players`: at four, seats 1 and 3 are Team 1, seats 2 and 4
/// Team 2 (teams alternate round the table); at two, each plays alone.
pub fn seat_roles(players: u8) -> Vec<&'static str> {
    if players == 4 {
        Seat::all(4)
            .map(|seat| {
                if SpellsOfDoom::team(seat) == 0 {
                    "Team 1"
                } else {
                    "Team 2"
                }
            })
            .collect()
    } else {
        Vec::new()
    }
}

/// The rules in brief for the table's help. Its numbers are the engine's (a test checks them).
pub const RULES_SUMMARY: &str = "Score 12 Valor Points (VP), or the most after 18 turns. Teams share VP: at a \
     table of four, seats 1 and 3 play against seats 2 and 4.\n\n\
     Upkeep: gain mana (1, plus each Magic Shrine with your crystal and each Mage Tower); Defense \
     Towers heal 2 and make an Attack 3; Burn and Brain Damage tokens roll off (a 5 or 6 removes one, \
     each left deals 1 damage) and may be paid off (2 and 3 mana each).\n\n\
     Hero phase, in any order: move your Hero (Speed 2, each extra hex 2 mana); attack or cast \
     one prepared spell at a target in range (roll your Attack dice: each die above the Armor \
     deals 1, a 6 deals 2); upgrade Armor or Attack (5 mana, once); build a Mage or Defense \
     Tower on your hex (5 mana, once); capture the neutral shrine you stand on (2 mana); play \
     skills, prepare spells, lay Terrain face down, reveal it for its cost; summon creatures \
     after the Summoning skill and move and attack with them; put a card in the Reserve (1 mana, \
     at most 3); Magic Recharge: discard two cards for 1 mana. Ending the turn discards your \
     hand and draws 5.\n\n\
     Counters and traps: when an attack or a spell is declared against one of your characters \
     and you hold a face-down card (Reserve or Terrain Area), the table passes to you first: \
     play Counter Attack, Magic Shield, Stoneskin, Decoy or Ensnare from the Reserve, reveal a \
     Terrain card, or let it happen. An enemy moving in or next to your Terrain token asks you \
     too (Exploding Area).\n\n\
     A killed Hero gives its killers 4 VP and returns on its starting space. After turns 6, 12 \
     and 18 each team scores its shrines.\n\n\
     On the board: click your Hero or a creature, then a gold hex to move (a dashed amber hex \
     costs mana: hover it for the price) or a red-ringed target to attack. Choose a prepared \
     spell below the board, then a violet target. Hover a hex to see everything on it, and a \
     card to read it.";

/// The seats of a table of `count`.
pub(crate) fn seats(count: usize) -> impl Iterator<Item = Seat> {
    Seat::all(count)
}

impl Game for SpellsOfDoom {
    const ID: &'static str = "spells-of-doom";
    const NAME: &'static str = "Spells of Doom";
    /// 2 players, or 2 teams of 2.
    const PLAYER_COUNTS: &'static [u8] = &[2, 4];
    type Config = Config;
    type Content = Arc<Content>;
    type Action = Action;
    type Event = Event;
    type View = View;

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

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, RuleError> {
        self.apply_action(action)
    }

    fn apply_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.apply_action_into(action, events)
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
            let all = player
                .hand
                .iter()
                .chain(player.deck.iter_top_down())
                .chain(&player.discard)
                .chain(&player.reserve)
                .chain(&player.spells)
                .chain(player.terrain.iter().map(|(c, _)| c));
            spellhall_core::each_card_once(self.deck_len(seat), all.map(|c| usize::from(c.0)), |card| {
                format!("{seat}'s card {card}")
            })?;
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
                if *fire && let Some((mana, _)) = self.fire_attack(seat) {
                    format!("Attack {aim} with Fire Attack ({mana} mana)")
                } else {
                    format!("Attack {aim}")
                }
            }
            Action::Upgrade { track } => {
                let (now, next) = self.track_step(seat, *track);
                let next = next.map_or(String::new(), |next| format!(" from {now} to {next}"));
                format!("Upgrade {track:?}{next} ({} mana)", state::UPGRADE_COST)
            }
            Action::Build { tower } => format!("Build a {} ({} mana)", tower.name(), self.build_cost()),
            Action::Capture => format!("Capture the shrine ({} mana)", state::CAPTURE_COST),
            Action::Recharge { cards } => format!(
                "Magic Recharge: discard {} and {} for {} mana",
                self.card_name(seat, cards[0]),
                self.card_name(seat, cards[1]),
                state::RECHARGE_MANA
            ),
            Action::Play { card, on } => {
                let def = self.players_hero_card(seat, *card);
                let spell = def.is_some_and(|def| matches!(def.kind, CardKind::Spell { .. }));
                let on_character = def.is_some_and(|def| text::skill_aims_at_character(&def.effect));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{
        BRAIN_DAMAGE_PAY_OFF, BUILD_COST, BURN_PAY_OFF, CAPTURE_COST, HAND_SIZE, KILL_VP, SPEED_COST, TOWER_ATTACK,
        TOWER_HEAL, UPGRADE_COST,
    };

    #[test]
    fn rules_summary_states_the_engines_numbers() {
        let numbers = Numbers::RULES;
        let expected = [
            format!("Score {} Valor Points", numbers.win_vp),
            format!("the most after {} turns", numbers.turns),
            format!("Towers heal {TOWER_HEAL} and make an Attack {TOWER_ATTACK}"),
            format!("paid off ({BURN_PAY_OFF} and {BRAIN_DAMAGE_PAY_OFF} mana each)"),
            format!("each extra hex {SPEED_COST} mana"),
            format!("upgrade Armor or Attack ({UPGRADE_COST} mana, once)"),
            format!("Tower on your hex ({BUILD_COST} mana, once)"),
            format!("shrine you stand on ({CAPTURE_COST} mana)"),
            format!("at most {})", numbers.reserve_max),
            format!("draws {HAND_SIZE}"),
            format!("gives its killers {KILL_VP} VP"),
        ];
        for words in expected {
            assert!(RULES_SUMMARY.contains(&words), "the summary should say \"{words}\"");
        }
        let t = numbers.turns_per_round;
        assert!(RULES_SUMMARY.contains(&format!("After turns {t}, {}", 2 * t)));
        let content = Content::shipped().unwrap();
        for hero in content.heroes.items() {
            assert!(
                RULES_SUMMARY.contains(&format!("(Speed {},", hero.speed)),
                "{}'s Speed",
                hero.name
            );
        }
    }

    #[test]
    fn seat_roles_at_four_are_the_teams_and_at_two_none() {
        assert_eq!(seat_roles(4), ["Team 1", "Team 2", "Team 1", "Team 2"]);
        assert!(seat_roles(2).is_empty());
        for &count in SpellsOfDoom::PLAYER_COUNTS {
            let heroes: Vec<String> = ["magie", "byron", "oakheart", "hypnor"][..usize::from(count)]
                .iter()
                .map(|h| h.to_string())
                .collect();
            let content = Arc::new(Content::shipped().unwrap());
            assert!(
                SpellsOfDoom::new(&Config { heroes }, &content, 1).is_ok(),
                "{count} players"
            );
        }
    }
}
