//! What may be done now. `check` is the one place the rules say yes or no (with the reason);
//! `legal` lists every candidate action that `check` accepts, so the app's choices and `apply`
//! can never disagree.

use std::borrow::Cow;

use hexx::Hex;
use spellhall_core::{RuleError, Seat};

use crate::action::{Action, CastTarget, MulliganCards, Target};
use crate::content::{CardDef, CardKind, Effect, MAX_DECK_SIZE};
use crate::state::{
    BRAIN_DAMAGE_PAY_OFF, BURN_PAY_OFF, CAPTURE_COST, CardId, Character, Creature, CreatureId, MULLIGAN_MAX, Phase,
    Pos, RECHARGE_CARDS, SPEED_COST, SpellsOfDoom, TOWERS_PER_KIND, TowerKind, Track, UPGRADE_COST,
};

const SETUP: &str = "Spells of Doom rules: Setup";
const MOVE: &str = "Spells of Doom rules: Hero Phase, Move";
const ATTACK: &str = "Spells of Doom rules: Hero Phase, Attack";
const UPGRADE: &str = "Spells of Doom rules: Hero Phase, Upgrade";
const BUILD: &str = "Spells of Doom rules: Hero Phase, Build";
const CAPTURE: &str = "Spells of Doom rules: Hero Phase, Capture Magic Shrine";
const RECHARGE: &str = "Spells of Doom rules: Hero Phase, Magic Recharge";
const CARDS: &str = "Spells of Doom rules: Hero Phase, Play Cards";
const RESERVE: &str = "Spells of Doom rules: Terminology, Reserve";
pub(crate) const RESERVE_MAX: usize = 3;
/// `hero_phase_room`'s allowance for the short families (attacks, building, capture, upgrades,
/// the end of the turn): 8 gave the fewest instructions of 0, 4, 8, 16 and 32 in random playouts.
const ROOM_FOR_FEW: usize = 8;
const CREATURES: &str = "Spells of Doom rules: Hero Phase, Move and Attack; Creature's Special Abilities";
const FINISHED: &str = "This character's move and attacks are over: another character has moved since.";
const TERRAIN: &str = "Spells of Doom rules: Terminology, Terrain; Terrain Skills";
const TOKENS: &str = "Spells of Doom rules: Upkeep Phase; Special Tokens";
const CAST: &str = "Spells of Doom rules: Spell Cards";

/// A refusal inside the checks. `legal` tries every candidate and needs only yes or no, so a
/// reason written once in the code is kept as it is; only `check` turns it into a `RuleError`.
pub(crate) struct No {
    reason: Reason,
    rule: &'static str,
}

pub(crate) enum Reason {
    Fixed(&'static str),
    Written(String),
    /// "`costs` `cost` mana; you have `have`." (written out only when read).
    Mana {
        costs: &'static str,
        cost: u32,
        have: u32,
    },
    /// "Only its spell summons the `creature`." (its name looked up only when read).
    SpellOnly {
        creature: usize,
    },
    /// "The `creature` costs `cost` mana; you have `have`."
    CreatureCost {
        creature: usize,
        cost: u32,
        have: u32,
    },
    /// "`card` costs `cost` mana; you have `have`." (the card's name looked up only when read).
    CardCost {
        seat: Seat,
        card: CardId,
        cost: u32,
        have: u32,
    },
    /// "Fire Attack costs `cost` mana."
    FireCost {
        cost: u32,
    },
}

impl From<&'static str> for Reason {
    fn from(reason: &'static str) -> Self {
        Reason::Fixed(reason)
    }
}

impl From<String> for Reason {
    fn from(reason: String) -> Self {
        Reason::Written(reason)
    }
}

impl No {
    pub(crate) fn new(reason: impl Into<Reason>, rule: &'static str) -> Self {
        Self {
            reason: reason.into(),
            rule,
        }
    }

    /// The refusal in words (names are looked up in `game`'s content only now).
    fn into_error(self, game: &SpellsOfDoom) -> RuleError {
        let creature = |index: usize| &game.content.creatures.items()[index].name;
        match self.reason {
            Reason::Fixed(reason) => RuleError::new(reason, self.rule),
            Reason::Written(reason) => RuleError::new(reason, self.rule),
            Reason::Mana { costs, cost, have } => {
                RuleError::new(format!("{costs} {cost} mana; you have {have}."), self.rule)
            }
            Reason::SpellOnly { creature: index } => {
                RuleError::new(format!("Only its spell summons the {}.", creature(index)), self.rule)
            }
            Reason::CreatureCost {
                creature: index,
                cost,
                have,
            } => RuleError::new(
                format!("The {} costs {cost} mana; you have {have}.", creature(index)),
                self.rule,
            ),
            Reason::CardCost { seat, card, cost, have } => RuleError::new(
                format!("{} costs {cost} mana; you have {have}.", game.card(seat, card).name),
                self.rule,
            ),
            Reason::FireCost { cost } => RuleError::new(format!("Fire Attack costs {cost} mana."), self.rule),
        }
    }
}

/// Whether an action is allowed, and if not, why.
pub(crate) type Verdict = Result<(), No>;

/// What [`SpellsOfDoom::aim_fits`] reads of a spell whatever its target, worked out once a spell.
pub(crate) struct SpellAim {
    /// The spell's range from the caster (Mind Reach included).
    reach: u32,
    /// A summoning spell has a token free, or moves its Spell of Doom's creature.
    summonable: bool,
}

/// The kinds of cast target `aim_fits` may accept for an effect (its match arms): the casts are
/// made only from those.
struct AimKinds {
    myself: bool,
    /// `At` a Hero or a creature.
    characters: bool,
    /// `At` a building or a shrine.
    structures: bool,
    arrows: bool,
    hexes: bool,
}

impl AimKinds {
    fn of(effect: &Effect) -> Self {
        let volley = matches!(effect, Effect::Volley { .. } | Effect::Overpower { .. });
        Self {
            myself: matches!(effect, Effect::Stoneskin { .. } | Effect::HealingWard { .. }),
            characters: volley || matches!(effect, Effect::BrainMalfunction { .. } | Effect::MentalSlap { .. }),
            structures: volley,
            arrows: matches!(effect, Effect::FireArrows { .. }),
            hexes: matches!(
                effect,
                Effect::Blast { .. } | Effect::Ensnare { .. } | Effect::Summon { .. }
            ),
        }
    }
}

pub(crate) fn refuse<T>(reason: impl Into<Reason>, rule: &'static str) -> Result<T, No> {
    Err(No::new(reason, rule))
}

impl SpellsOfDoom {
    /// The seat that must decide now.
    pub fn decider(&self) -> Option<Seat> {
        match self.phase {
            Phase::Mulligan { seat } => Some(seat),
            Phase::Hero | Phase::PayTokens => Some(self.active),
            Phase::Response { seat } => Some(seat),
            Phase::Over => None,
        }
    }

    /// Whether `action` is allowed now, and if not, why.
    pub fn check(&self, action: &Action) -> Result<(), RuleError> {
        self.verdict(action).map_err(|no| no.into_error(self))
    }

    /// `check`, with the reason kept as written.
    pub(crate) fn verdict(&self, action: &Action) -> Verdict {
        let seat = match self.decider() {
            Some(seat) => seat,
            None => return refuse("The game is over.", ""),
        };
        let player = &self.players[seat.index()];
        match (self.phase, action) {
            (Phase::Mulligan { .. }, Action::Mulligan { cards }) => {
                if cards.len() > MULLIGAN_MAX {
                    return refuse(format!("At most {MULLIGAN_MAX} cards may be shuffled back."), SETUP);
                }
                if !distinct_in(cards, &player.hand) {
                    return refuse("Only cards of your opening hand, each once.", SETUP);
                }
                Ok(())
            }
            (Phase::Mulligan { .. }, _) => refuse("First decide which cards of your opening hand to keep.", SETUP),
            (Phase::Response { .. }, _) => self.check_answer(seat, action),
            (_, Action::Pass) => refuse(
                "Letting it happen answers an attack on another player's turn; on yours, end the turn instead.",
                CARDS,
            ),
            (Phase::PayTokens, Action::PayTokens { burn, brain_damage }) => {
                let hero = &player.hero;
                let cost = u32::from(*burn) * BURN_PAY_OFF + u32::from(*brain_damage) * BRAIN_DAMAGE_PAY_OFF;
                if *burn > hero.burn || *brain_damage > hero.brain_damage {
                    return refuse("Pay off only the tokens on your Hero board.", TOKENS);
                }
                if cost > player.mana {
                    return refuse(format!("That costs {cost} mana; you have {}.", player.mana), TOKENS);
                }
                Ok(())
            }
            (Phase::PayTokens, _) => refuse("First decide which tokens to pay off.", TOKENS),
            (_, Action::PayTokens { .. }) => refuse("Tokens are paid off at the end of your upkeep.", TOKENS),
            (Phase::Hero, Action::Mulligan { .. }) => refuse("The mulligan is only at the start of the game.", SETUP),
            (Phase::Hero, Action::EndTurn) => Ok(()),
            (Phase::Hero, Action::Move { to }) => self.check_move(seat, *to),
            (Phase::Hero, Action::Attack { target, fire }) => self.check_attack(seat, *target, *fire),
            (Phase::Hero, Action::Upgrade { track }) => self.check_upgrade(seat, *track),
            (Phase::Hero, Action::Build { tower }) => self.check_build(seat, *tower),
            (Phase::Hero, Action::Capture) => self.check_capture(seat),
            (Phase::Hero, Action::Play { card, on }) => self.check_play(seat, *card, *on),
            (Phase::Hero, Action::Summon { token, at }) => self.check_summon(seat, *token, *at),
            (Phase::Hero, Action::CreatureMove { creature, to }) => self.check_creature_move(seat, *creature, *to),
            (
                Phase::Hero,
                Action::CreatureAttack {
                    creature,
                    target,
                    special,
                },
            ) => self.check_creature_attack(seat, *creature, *target, *special),
            (Phase::Hero, Action::PlaceTerrain { card, at }) => {
                if !player.hand.contains(card) || !matches!(self.card(seat, *card).kind, CardKind::Terrain { .. }) {
                    return refuse("Lay a Terrain card from your hand.", TERRAIN);
                }
                if !self.content.board.contains(at.hex()) {
                    return refuse("Its token goes on a hex of the board.", TERRAIN);
                }
                Ok(())
            }
            (Phase::Hero, Action::Reveal { card, on }) => self.check_reveal(seat, *card, *on),
            (Phase::Hero, Action::Cast { spell, copies, target }) => self.check_cast(seat, *spell, *copies, *target),
            (Phase::Hero, Action::Reserve { card }) => {
                if !player.hand.contains(card) {
                    return refuse("Reserve a card from your hand.", RESERVE);
                }
                if player.reserve.len() >= RESERVE_MAX {
                    return refuse(format!("The Reserve holds at most {RESERVE_MAX} cards."), RESERVE);
                }
                if player.mana < 1 {
                    return refuse("Putting a card in the Reserve costs 1 mana.", RESERVE);
                }
                Ok(())
            }
            (Phase::Hero, Action::Recharge { cards }) => {
                let held = |card: &CardId| player.holds(*card);
                let distinct = cards
                    .iter()
                    .enumerate()
                    .all(|(i, c)| held(c) && !cards[..i].contains(c));
                if cards[0] == cards[1] || !distinct || cards.len() != RECHARGE_CARDS {
                    return refuse(
                        "Magic Recharge discards two different cards from your hand, Reserve, Spell Area or Terrain Area.",
                        RECHARGE,
                    );
                }
                Ok(())
            }
            (Phase::Over, _) => refuse("The game is over.", ""),
        }
    }

    fn check_upgrade(&self, seat: Seat, track: Track) -> Verdict {
        let player = &self.players[seat.index()];
        if self.flags.upgraded {
            return refuse("You have already upgraded this turn.", UPGRADE);
        }
        if player.mana < UPGRADE_COST {
            let (costs, cost, have) = ("An upgrade costs", UPGRADE_COST, player.mana);
            return refuse(Reason::Mana { costs, cost, have }, UPGRADE);
        }
        if self.track_step(seat, track).1.is_none() {
            let reason = match track {
                Track::Armor => "Your Armor is already at the top of its track.",
                Track::Attack => "Your Attack is already at the top of its track.",
            };
            return refuse(reason, UPGRADE);
        }
        Ok(())
    }

    fn check_build(&self, seat: Seat, tower: TowerKind) -> Verdict {
        let at = self.may_build(seat)?;
        if self.towers_of(seat, tower) >= TOWERS_PER_KIND {
            let reason = match tower {
                TowerKind::Mage => "All your Mage Towers are on the board.",
                TowerKind::Defense => "All your Defense Towers are on the board.",
            };
            return refuse(reason, BUILD);
        }
        if !self.hex_takes_building(at) {
            return refuse("This hex already holds a building or a Magic Shrine.", BUILD);
        }
        Ok(())
    }

    /// Neither a building nor a shrine stands at `at`.
    fn hex_takes_building(&self, at: Pos) -> bool {
        !self.buildings.iter().any(|b| b.at == at) && !self.shrines.iter().any(|s| s.at == at)
    }

    /// What building either tower needs: the Hero's hex.
    fn may_build(&self, seat: Seat) -> Result<Pos, No> {
        let player = &self.players[seat.index()];
        let Some(at) = player.hero.at else {
            return refuse("Your Hero is not on the board.", BUILD);
        };
        if self.flags.built {
            return refuse("You have already built this turn.", BUILD);
        }
        let cost = self.build_cost();
        if player.mana < cost {
            let (costs, have) = ("A building costs", player.mana);
            return refuse(Reason::Mana { costs, cost, have }, BUILD);
        }
        Ok(at)
    }

    fn check_capture(&self, seat: Seat) -> Verdict {
        let player = &self.players[seat.index()];
        let Some(at) = player.hero.at else {
            return refuse("Your Hero is not on the board.", CAPTURE);
        };
        let Some(shrine) = self.shrines.iter().find(|s| s.at == at) else {
            return refuse("There is no Magic Shrine in your Hero's hex.", CAPTURE);
        };
        if shrine.owner.is_some() {
            return refuse(
                "This shrine has a crystal on it: destroy it first (or it is already yours).",
                CAPTURE,
            );
        }
        if player.mana < CAPTURE_COST {
            let (costs, cost, have) = ("Capturing costs", CAPTURE_COST, player.mana);
            return refuse(Reason::Mana { costs, cost, have }, CAPTURE);
        }
        Ok(())
    }

    fn check_cast(&self, seat: Seat, spell: CardId, copies: u8, target: CastTarget) -> Verdict {
        let (caster, def) = self.may_cast(seat, spell)?;
        let (most, prepared) = self.castable_copies(seat, spell, def);
        if copies == 0 || usize::from(copies) > most.min(prepared) {
            return refuse(
                format!(
                    "{} can be cast with 1 to {} prepared copies; you have {prepared}.",
                    def.name, most
                ),
                CAST,
            );
        }
        if matches!(def.effect, Effect::Decoy { .. }) {
            return refuse(
                "Decoy answers an attack or a spell aimed at Hypnor, on another player's turn (from the Reserve).",
                "Spells of Doom rules: Hypnor's Spells, Decoy",
            );
        }
        if !self.cast_fits(seat, caster, def, target) {
            return refuse(
                format!(
                    "{} needs a target of its kind within {} hex(es) of your Hero.",
                    def.name,
                    self.spell_range(seat, def)
                ),
                CAST,
            );
        }
        Ok(())
    }

    /// What every cast of `spell` needs, whatever the copies and the target: the caster's hex and
    /// the card.
    fn may_cast(&self, seat: Seat, spell: CardId) -> Result<(Pos, &CardDef), No> {
        let player = &self.players[seat.index()];
        let Some(caster) = player.hero.at else {
            return refuse("Your Hero is not on the board.", CAST);
        };
        if self.finished(Character::Hero(seat)) {
            return refuse(FINISHED, CAST);
        }
        if !player.spells.contains(&spell) {
            return refuse("Cast a spell prepared in your Spell Area.", CAST);
        }
        let def = self.card(seat, spell);
        let CardKind::Spell { cost, .. } = def.kind else {
            return refuse("Only spells are cast.", CAST);
        };
        let ward = matches!(def.effect, Effect::HealingWard { .. });
        if !ward && self.flags.cast {
            return refuse("You may never cast more than one spell a turn.", CAST);
        }
        if !ward && self.flags.strikes >= self.strike_limit(Character::Hero(seat)) {
            return refuse(
                "A spell is cast instead of the Hero's attack, and your Hero has attacked.",
                CAST,
            );
        }
        if !self.stun_allows(seat, false) {
            return refuse(
                "A stunned Hero may move or cast a spell this turn, not both.",
                "Spells of Doom rules: Stun Token",
            );
        }
        if player.mana < u32::from(cost) {
            let (card, cost, have) = (spell, u32::from(cost), player.mana);
            return refuse(Reason::CardCost { seat, card, cost, have }, CAST);
        }
        Ok((caster, def))
    }

    /// How many copies of `spell` one cast may use (by its card), and how many are prepared.
    fn castable_copies(&self, seat: Seat, spell: CardId, def: &CardDef) -> (usize, usize) {
        let most = match &def.effect {
            Effect::Volley { rows } => rows.len(),
            Effect::BrainMalfunction { rows } => rows.len(),
            Effect::FireArrows { max_cards } => usize::from(*max_cards),
            _ => 1,
        };
        let prepared = self.players[seat.index()]
            .spells
            .iter()
            .filter(|c| self.same_card(seat, **c, spell))
            .count();
        (most, prepared)
    }

    /// Whether `target` is one `def`'s effect may aim at, from the caster's hex.
    fn cast_fits(&self, seat: Seat, caster: Pos, def: &CardDef, target: CastTarget) -> bool {
        self.aim_fits(seat, caster, def, &self.spell_aim(seat, def), target)
    }

    /// What `aim_fits` reads of the spell whatever the target, worked out once a spell.
    fn spell_aim(&self, seat: Seat, def: &CardDef) -> SpellAim {
        let summonable = match &def.effect {
            Effect::Summon { creature, .. } => {
                let free = self
                    .free_tokens(seat)
                    .any(|t| self.token_kind(seat, t) == Some(creature.key()));
                // A Spell of Doom's creature already on the board is moved instead.
                let relocate = def.doom
                    && self
                        .creatures
                        .iter()
                        .any(|c| c.id.owner == seat && c.kind == creature.key());
                free || relocate
            }
            _ => false,
        };
        SpellAim {
            reach: self.spell_range(seat, def),
            summonable,
        }
    }

    /// `cast_fits` with the spell's part (`spell_aim`) worked out already.
    fn aim_fits(&self, seat: Seat, caster: Pos, def: &CardDef, aim: &SpellAim, target: CastTarget) -> bool {
        let player = &self.players[seat.index()];
        let reach = aim.reach;
        let enemy_in_reach = |aim: Target| -> bool {
            self.enemy_target_at(seat, aim)
                .is_some_and(|at| caster.distance(at) <= reach)
        };
        match (&def.effect, target) {
            (Effect::Volley { .. } | Effect::Overpower { .. }, CastTarget::At(aim)) => enemy_in_reach(aim),
            (
                Effect::BrainMalfunction { .. } | Effect::MentalSlap { .. },
                CastTarget::At(aim @ (Target::Hero(_) | Target::Creature(_))),
            ) => enemy_in_reach(aim),
            (Effect::Stoneskin { armor, .. }, CastTarget::Myself) => player.hero.stoneskin < *armor,
            (Effect::HealingWard { .. }, CastTarget::Myself) => true,
            (Effect::Blast { .. }, CastTarget::Hex(at)) => {
                self.content.board.contains(at.hex()) && caster.distance(at) <= reach
            }
            (Effect::FireArrows { .. }, CastTarget::Arrows { target: aim, behind }) => {
                let character = matches!(aim, Target::Hero(_) | Target::Creature(_));
                let there = self.enemy_target_at(seat, aim);
                character
                    && enemy_in_reach(aim)
                    && there.is_some_and(|at| {
                        at.distance(behind) == 1
                            && caster.distance(behind) == caster.distance(at) + 1
                            && self.content.board.contains(behind.hex())
                    })
            }
            (Effect::Ensnare { .. }, CastTarget::Hex(at)) => self.ensnare_reaches(at),
            (Effect::Summon { .. }, CastTarget::Hex(at)) => {
                aim.summonable && self.content.board.contains(at.hex()) && caster.distance(at) <= reach
            }
            _ => false,
        }
    }

    fn check_summon(&self, seat: Seat, token: u8, at: Pos) -> Verdict {
        self.may_summon(seat, token)?;
        // Our reading: a creature comes onto the board in or next to its Hero's hex, like the
        // summoning spells' "within two hexes".
        let hero = self.players[seat.index()].hero.at;
        if hero.is_none_or(|hero| hero.distance(at) > 1) || !self.content.board.contains(at.hex()) {
            return refuse("Summon it in your Hero's hex or an adjacent one.", CARDS);
        }
        Ok(())
    }

    /// What summoning the creature `token` needs, wherever it comes.
    fn may_summon(&self, seat: Seat, token: u8) -> Verdict {
        let player = &self.players[seat.index()];
        if !self.flags.summoning {
            return refuse("Play a Summoning card first.", CARDS);
        }
        // The kind's place in the content (no look-up by name: `legal` asks for every token).
        let Some(&creature) = self.lookup.tokens[seat.index()].get(usize::from(token)) else {
            return refuse("There is no such creature on your Hero board.", CARDS);
        };
        if self.creature(CreatureId { owner: seat, token }).is_some() {
            return refuse("That creature is already on the board.", CARDS);
        }
        let def = &self.content.creatures.items()[creature];
        let Some(base) = def.cost else {
            return refuse(Reason::SpellOnly { creature }, CARDS);
        };
        let cost = self.summon_cost(seat, base);
        if player.mana < cost {
            let have = player.mana;
            return refuse(Reason::CreatureCost { creature, cost, have }, CARDS);
        }
        Ok(())
    }

    fn own_creature(&self, seat: Seat, id: CreatureId) -> Result<&Creature, No> {
        match self.creature(id).filter(|c| c.id.owner == seat) {
            Some(creature) => Ok(creature),
            None => Err(No::new("That is not one of your creatures on the board.", CREATURES)),
        }
    }

    /// What every move and attack of one of the player's creatures needs. (It takes the creature
    /// found already: `legal` asks for each of his creatures before every decision.)
    fn creature_may_act(&self, creature: &Creature) -> Verdict {
        if self.finished(Character::Creature(creature.id)) {
            return Err(No::new(FINISHED, CREATURES));
        }
        if !self.creature_ready(creature) {
            return Err(No::new(
                "A creature waits a turn after it is summoned, unless it is Ready to Fight.",
                CREATURES,
            ));
        }
        Ok(())
    }

    fn check_creature_move(&self, seat: Seat, id: CreatureId, to: Pos) -> Verdict {
        let creature = self.own_creature(seat, id)?;
        self.creature_may_move(creature)?;
        let speed = self.creature_speed(creature);
        if to == creature.at || !self.content.board.contains(to.hex()) || creature.at.distance(to) > speed {
            return refuse(format!("Move it to another hex within its Speed {speed}."), CREATURES);
        }
        Ok(())
    }

    /// What every move of one of the player's creatures needs, whatever the hex.
    fn creature_may_move(&self, creature: &Creature) -> Verdict {
        self.creature_may_act(creature)?;
        if self.flags.creatures_moved.contains(&creature.id) {
            return refuse("That creature has already moved this turn.", CREATURES);
        }
        Ok(())
    }

    /// What every attack of one of the player's creatures needs, whatever the target.
    fn creature_may_attack(&self, creature: &Creature) -> Verdict {
        self.creature_may_act(creature)?;
        let id = creature.id;
        let strikes = self.flags.creatures_struck.iter().filter(|c| **c == id).count();
        if strikes >= usize::from(self.strike_limit(Character::Creature(id))) {
            return refuse("That creature has already attacked this turn.", CREATURES);
        }
        Ok(())
    }

    fn check_creature_attack(&self, seat: Seat, id: CreatureId, target: Target, special: bool) -> Verdict {
        let creature = self.own_creature(seat, id)?;
        self.creature_may_attack(creature)?;
        let def = self.def_of(creature);
        if special && !def.special_instead {
            return refuse(
                format!("The {} has no Special Attack to make instead.", def.name),
                CREATURES,
            );
        }
        if special && !matches!(target, Target::Hero(_)) {
            return refuse("Special Attacks target only Heroes.", CREATURES);
        }
        match self.enemy_target_at(seat, target) {
            Some(at) if at.distance(creature.at) <= 1 => Ok(()),
            Some(_) => refuse(
                "The target must be in the creature's hex or an adjacent one.",
                CREATURES,
            ),
            None => refuse(
                "Attack an enemy character, building or crystal-topped shrine.",
                CREATURES,
            ),
        }
    }

    pub(crate) fn check_reveal(&self, seat: Seat, card: CardId, on: Target) -> Verdict {
        let player = &self.players[seat.index()];
        let Some((_, at)) = player.terrain.iter().find(|(c, _)| *c == card) else {
            return refuse("Reveal a card of your Terrain Area.", TERRAIN);
        };
        let def = self.card(seat, card);
        let CardKind::Terrain { cost } = def.kind else {
            return refuse("Only Terrain cards are revealed.", TERRAIN);
        };
        if player.mana < u32::from(cost) {
            let (cost, have) = (u32::from(cost), player.mana);
            return refuse(Reason::CardCost { seat, card, cost, have }, TERRAIN);
        }
        let near = |pos: Option<Pos>| pos.is_some_and(|p| p.distance(*at) <= 1);
        let ok = match (&def.effect, on) {
            (Effect::FriendlyArea { .. }, Target::Hero(ally)) => {
                Self::team(ally) == Self::team(seat) && near(self.players.get(ally.index()).and_then(|p| p.hero.at))
            }
            (Effect::FriendlyArea { .. }, Target::Creature(ally)) => {
                Self::team(ally.owner) == Self::team(seat) && near(self.creature(ally).map(|c| c.at))
            }
            (Effect::ExplodingArea { .. }, aim @ (Target::Hero(_) | Target::Creature(_))) => {
                near(self.enemy_target_at(seat, aim))
            }
            _ => false,
        };
        if !ok {
            return refuse(
                format!("{} needs a fitting character in or next to its hex {at}.", def.name),
                TERRAIN,
            );
        }
        Ok(())
    }

    fn check_play(&self, seat: Seat, card: CardId, on: Character) -> Verdict {
        let player = &self.players[seat.index()];
        if !player.hand.contains(&card) && !player.reserve.contains(&card) {
            return refuse("Play a card from your hand or your Reserve.", CARDS);
        }
        let def = self.card(seat, card);
        let hero = Character::Hero(seat);
        match (def.kind, &def.effect) {
            (CardKind::Spell { .. }, Effect::Decoy { .. }) => refuse(
                "Decoy is cast only from the Reserve, on another player's turn: keep it there.",
                "Spells of Doom rules: Hypnor's Spells, Decoy",
            ),
            // A spell is prepared face up, from the hand or the Reserve ("activated normally").
            (CardKind::Spell { .. }, _) if on == hero => Ok(()),
            (CardKind::Spell { .. }, _) => refuse("A spell is prepared in your Spell Area, not on a creature.", CARDS),
            (CardKind::Skill, Effect::CounterAttack) => refuse(
                "Counter Attack is played only from the Reserve, when you are attacked.",
                CARDS,
            ),
            (CardKind::Skill, Effect::GainMana { .. } | Effect::TowerConjuration { .. } | Effect::Summoning) => {
                if on != hero {
                    return refuse(format!("{} is the player's, played on the Hero.", def.name), CARDS);
                }
                Ok(())
            }
            (
                CardKind::Skill,
                Effect::Run { .. }
                | Effect::MagicShield { .. }
                | Effect::Heal { .. }
                | Effect::StrongAttack { .. }
                | Effect::Accuracy { .. }
                | Effect::FastAttack,
            ) => {
                if Self::owner(on) != seat || self.position(on).is_none() {
                    return refuse("Play it on a character you control on the board.", CARDS);
                }
                if def.effect == Effect::FastAttack && self.flags.boost(on).fast {
                    return refuse(
                        "Fast Attack cannot be played twice in a turn on the same character.",
                        CARDS,
                    );
                }
                Ok(())
            }
            _ => refuse(format!("{} is not a card to play this way.", def.name), CARDS),
        }
    }

    /// Where an enemy target is, if it is one: an enemy Hero on the board, an enemy creature, an
    /// enemy building, or a shrine with an enemy crystal.
    pub fn enemy_target_at(&self, seat: Seat, target: Target) -> Option<Pos> {
        let enemy = |owner: Seat| Self::team(owner) != Self::team(seat);
        match target {
            Target::Hero(victim) => self
                .players
                .get(victim.index())
                .and_then(|p| p.hero.at)
                .filter(|_| enemy(victim)),
            Target::Creature(id) => self.creature(id).filter(|_| enemy(id.owner)).map(|c| c.at),
            Target::Building(at) => self
                .buildings
                .iter()
                .any(|b| b.at == at && enemy(b.owner))
                .then_some(at),
            Target::Shrine(at) => self
                .shrines
                .iter()
                .any(|s| s.at == at && s.owner.is_some_and(enemy))
                .then_some(at),
        }
    }

    fn check_move(&self, seat: Seat, to: Pos) -> Verdict {
        let from = self.hero_may_move(seat)?;
        let player = &self.players[seat.index()];
        if to == from || !self.content.board.contains(to.hex()) {
            return refuse("Move to another hex of the board.", MOVE);
        }
        let cost = self.speed_cost(seat, from, to);
        if cost > player.mana {
            return refuse(
                format!(
                    "That is {} hexes away: beyond Speed {} each hex costs {SPEED_COST} mana ({cost}); you have {}.",
                    from.distance(to),
                    self.speed(seat),
                    player.mana
                ),
                MOVE,
            );
        }
        Ok(())
    }

    /// What every move of the Hero needs, whatever the hex: the hex it leaves.
    fn hero_may_move(&self, seat: Seat) -> Result<Pos, No> {
        let player = &self.players[seat.index()];
        let Some(from) = player.hero.at else {
            return refuse("Your Hero is not on the board.", MOVE);
        };
        if self.finished(Character::Hero(seat)) {
            return refuse(FINISHED, MOVE);
        }
        if self.flags.moved {
            return refuse("Your Hero has already moved this turn.", MOVE);
        }
        if !self.stun_allows(seat, true) {
            return refuse(
                "A stunned Hero who attacked may not move this turn.",
                "Spells of Doom rules: Stun Token",
            );
        }
        Ok(from)
    }

    /// Mana for the extra Speed a move needs (nothing blocks movement, so the distance decides).
    pub fn speed_cost(&self, seat: Seat, from: Pos, to: Pos) -> u32 {
        from.distance(to).saturating_sub(self.speed(seat)) * SPEED_COST
    }

    fn check_attack(&self, seat: Seat, target: Target, fire: bool) -> Verdict {
        let at = self.hero_may_attack(seat, fire)?;
        let Some(where_) = self.enemy_target_at(seat, target) else {
            return refuse(
                "Attack an enemy character, an enemy building or a shrine with an enemy crystal.",
                ATTACK,
            );
        };
        if at.distance(where_) > 1 {
            return refuse("The target must be in your Hero's hex or an adjacent one.", ATTACK);
        }
        Ok(())
    }

    /// What every attack of the Hero needs, whatever the target: the attacker's hex.
    fn hero_may_attack(&self, seat: Seat, fire: bool) -> Result<Pos, No> {
        let player = &self.players[seat.index()];
        let Some(at) = player.hero.at else {
            return refuse("Your Hero is not on the board.", ATTACK);
        };
        if self.finished(Character::Hero(seat)) {
            return refuse(FINISHED, ATTACK);
        }
        if self.flags.strikes >= self.strike_limit(Character::Hero(seat)) {
            return refuse("Your Hero has already attacked this turn.", ATTACK);
        }
        if !self.stun_allows(seat, false) {
            return refuse(
                "A stunned Hero who moved may not attack this turn.",
                "Spells of Doom rules: Stun Token",
            );
        }
        if fire {
            self.may_fire(seat)?;
        }
        Ok(at)
    }

    /// What the Fire Attack needs beyond a plain attack: Magie, and its mana.
    fn may_fire(&self, seat: Seat) -> Verdict {
        match self.fire_attack(seat) {
            Some((mana, _)) if self.players[seat.index()].mana >= mana => Ok(()),
            Some((cost, _)) => refuse(Reason::FireCost { cost }, ATTACK),
            None => refuse("Only Magie has the Fire Attack.", ATTACK),
        }
    }

    /// Every action `check` accepts now, in a fixed order: the same list as [`Self::legal_by_check`],
    /// made faster.
    ///
    /// On the Hero's turn and when paying tokens off, each family of actions (moves, attacks,
    /// cards...) is made directly from what the rules allow, in the order `legal_by_check` lists
    /// them, without asking `check` about each candidate; only the few single actions (build,
    /// capture, upgrade) are asked, through their own checks. The mulligan's choices and the
    /// response windows' answers (`answer_actions`) are made likewise. A property test
    /// (`tests/properties.rs`) compares the two lists over thousands of random positions: this
    /// runs before every action of every playout.
    pub fn legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_into(&mut out);
        out
    }

    /// `legal`, written into `out` (emptied first).
    pub fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let Some(seat) = self.decider() else {
            return;
        };
        match self.phase {
            Phase::Hero => self.hero_phase_actions(seat, out),
            Phase::PayTokens => {
                let player = &self.players[seat.index()];
                for burn in 0..=player.hero.burn {
                    for brain_damage in 0..=player.hero.brain_damage {
                        let cost = u32::from(burn) * BURN_PAY_OFF + u32::from(brain_damage) * BRAIN_DAMAGE_PAY_OFF;
                        if cost <= player.mana {
                            out.push(Action::PayTokens { burn, brain_damage });
                        }
                    }
                }
            }
            Phase::Mulligan { .. } => {
                // Every choice is one `check` accepts: at most 3 cards, each of the opening hand
                // (each card is in one place), each once.
                out.reserve(32);
                self.mulligan_choices(seat, out);
            }
            Phase::Response { .. } => self.answer_actions(seat, out),
            Phase::Over => {}
        }
    }

    /// Every set of up to 3 cards of the opening hand, smallest first, in the hand's order.
    fn mulligan_choices(&self, seat: Seat, out: &mut Vec<Action>) {
        let hand = &self.players[seat.index()].hand;
        for size in 0..=MULLIGAN_MAX.min(hand.len()) {
            // The chosen places in the hand, increasing, stepped through every such choice in
            // order (no recursion, and no allocation but the action's own list).
            let mut places: [usize; MULLIGAN_MAX] = std::array::from_fn(|i| i);
            loop {
                out.push(Action::Mulligan {
                    cards: MulliganCards::chosen(hand, &places, size),
                });
                // The last place that can still move right moves one step; those after it follow.
                let Some(moving) = (0..size).rev().find(|&i| places[i] < hand.len() - size + i) else {
                    break;
                };
                places[moving] += 1;
                for i in moving + 1..size {
                    places[i] = places[i - 1] + 1;
                }
            }
        }
    }

    /// Room for the Hero phase's list, worked out before it is made: its long families counted
    /// (the Hero's `moves`, Terrain placements, the Reserve, recharge pairs), the cards played
    /// bounded (each on the Hero or a creature), a little for the rest. Most decisions offer
    /// fewer than 32 actions, a list glibc's allocator serves quickly from its per-thread
    /// cache (up to 1 KB), and some several hundred, which a fixed room would make grow and copy.
    /// Also says whether the hand holds a Terrain card (whose token may go on any hex).
    fn hero_phase_room(&self, seat: Seat, moves: usize) -> (usize, bool) {
        let player = &self.players[seat.index()];
        let own_creatures = self.creatures.iter().filter(|c| c.id.owner == seat).count();
        let mut terrain_cards = 0;
        let mut plays = 0;
        let card_def = self.card_defs(seat);
        for card in player.hand.iter().chain(&player.reserve) {
            match card_def(*card).kind {
                CardKind::Terrain { .. } => terrain_cards += 1,
                CardKind::Spell { .. } => plays += 1,
                CardKind::Skill => plays += 1 + own_creatures,
            }
        }
        let reserve = if player.reserve.len() < RESERVE_MAX {
            player.hand.len()
        } else {
            0
        };
        let held = player.hand.len() + player.reserve.len() + player.spells.len() + player.terrain.len();
        let recharges = held * held.saturating_sub(1) / 2;
        // A creature at Speed 2 reaches 18 other hexes at most; a prepared spell has a few
        // targets; attacks, building, capture, upgrades and the end of the turn are a few more.
        let others = own_creatures * 18 + player.spells.len() * 4 + ROOM_FOR_FEW;
        let room = moves + terrain_cards * self.content.board.len() + plays + reserve + recharges + others;
        (room, terrain_cards > 0)
    }

    /// The Hero phase's actions of `legal_by_check`, in its order, each made only when `check`
    /// accepts it (the conditions are `check`'s, read once per family instead of per candidate).
    fn hero_phase_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let player = &self.players[seat.index()];
        // The Hero's hexes within Speed + mana / 2 (the extra steps are paid for: `check_move`),
        // his own hex among them.
        let moves = match player.hero.at {
            Some(at) if self.hero_may_move(seat).is_ok() => {
                let reach = self.speed(seat) + player.mana / SPEED_COST;
                self.content.board.around(at.hex(), reach)
            }
            _ => Cow::Borrowed(&[][..]),
        };
        let (room, terrain_in_hand) = self.hero_phase_room(seat, moves.len().saturating_sub(1));
        out.reserve(room);
        let hero = Character::Hero(seat);
        if let Some(at) = player.hero.at {
            for part in all_but(&moves, Some(at.hex())) {
                out.extend(part.iter().map(|hex| Action::Move { to: Pos::of(*hex) }));
            }
            // The Fire Attack needs what a plain attack needs, and its mana.
            let plain = self.hero_may_attack(seat, false).is_ok();
            let fire = plain && self.may_fire(seat).is_ok();
            if plain || fire {
                self.each_enemy_target_near(seat, at, |target| {
                    if plain {
                        out.push(Action::Attack { target, fire: false });
                    }
                    if fire {
                        out.push(Action::Attack { target, fire: true });
                    }
                });
            }
            // `check_build`, its conditions read once for both towers.
            if let Ok(at) = self.may_build(seat)
                && self.hex_takes_building(at)
            {
                for tower in [TowerKind::Mage, TowerKind::Defense] {
                    if self.towers_of(seat, tower) < TOWERS_PER_KIND {
                        out.push(Action::Build { tower });
                    }
                }
            }
            if self.check_capture(seat).is_ok() {
                out.push(Action::Capture);
            }
        }
        // Cards played from the hand or the Reserve on the player's characters (`check_play`):
        // the Hero first, even while off the board, then his creatures.
        let creatures = || {
            self.creatures
                .iter()
                .filter(move |c| c.id.owner == seat)
                .map(|c| Character::Creature(c.id))
        };
        let card_def = self.card_defs(seat);
        for card in player.hand.iter().chain(&player.reserve) {
            let def = card_def(*card);
            let (on_hero, on_creatures, unless_fast) = match (def.kind, &def.effect) {
                (CardKind::Terrain { .. }, _) => continue,
                (CardKind::Spell { .. }, Effect::Decoy { .. }) => continue,
                (CardKind::Spell { .. }, _) => (true, false, false),
                (CardKind::Skill, Effect::CounterAttack) => continue,
                (CardKind::Skill, Effect::GainMana { .. } | Effect::TowerConjuration { .. } | Effect::Summoning) => {
                    (true, false, false)
                }
                (
                    CardKind::Skill,
                    Effect::Run { .. }
                    | Effect::MagicShield { .. }
                    | Effect::Heal { .. }
                    | Effect::StrongAttack { .. }
                    | Effect::Accuracy { .. }
                    | Effect::FastAttack,
                ) => (player.hero.at.is_some(), true, def.effect == Effect::FastAttack),
                _ => continue,
            };
            let allowed = |on: Character| !unless_fast || !self.flags.boost(on).fast;
            if on_hero && allowed(hero) {
                out.push(Action::Play { card: *card, on: hero });
            }
            if on_creatures {
                for on in creatures().filter(|on| allowed(*on)) {
                    out.push(Action::Play { card: *card, on });
                }
            }
        }
        // Every cast `check_cast` accepts (`may_cast`, `aim_fits`, 1 to the castable copies).
        self.cast_actions(seat, out);
        // Likewise every summon, creature move and creature attack `creature_candidates` makes.
        self.creature_candidates(seat, out, false);
        // A Terrain card's token may go on any hex.
        if terrain_in_hand {
            self.terrain_placements(seat, out);
        }
        for (card, token) in &player.terrain {
            // `check_reveal`: its cost paid, Friendly Area on a friendly character and Exploding
            // Area on an enemy one, in or next to its token's hex.
            let def = card_def(*card);
            let CardKind::Terrain { cost } = def.kind else {
                continue;
            };
            if player.mana < u32::from(cost) {
                continue;
            }
            let friendly = match def.effect {
                Effect::FriendlyArea { .. } => true,
                Effect::ExplodingArea { .. } => false,
                _ => continue,
            };
            let fits = |owner: Seat, at: Option<Pos>| {
                (Self::team(owner) == Self::team(seat)) == friendly && at.is_some_and(|at| at.is_near(*token))
            };
            for other in crate::seats(self.seats()) {
                if fits(other, self.players[other.index()].hero.at) {
                    out.push(Action::Reveal {
                        card: *card,
                        on: Target::Hero(other),
                    });
                }
            }
            for creature in &self.creatures {
                if fits(creature.id.owner, Some(creature.at)) {
                    out.push(Action::Reveal {
                        card: *card,
                        on: Target::Creature(creature.id),
                    });
                }
            }
        }
        if player.reserve.len() < RESERVE_MAX && player.mana >= 1 {
            out.extend(player.hand.iter().map(|card| Action::Reserve { card: *card }));
        }
        for track in [Track::Armor, Track::Attack] {
            if self.check_upgrade(seat, track).is_ok() {
                out.push(Action::Upgrade { track });
            }
        }
        // Any two different cards held (each card is in one place: `held` lists each once), in
        // `Player::held`'s order, gathered on the stack (a deck holds at most `MAX_DECK_SIZE`
        // cards) part by part, so the pairs are read from a slice.
        let count = player.hand.len() + player.reserve.len() + player.spells.len() + player.terrain.len();
        let mut buffer = [CardId(0); MAX_DECK_SIZE];
        let gathered: Vec<CardId>;
        let held: &[CardId] = if count <= MAX_DECK_SIZE {
            let mut filled = 0;
            for part in [&player.hand, &player.reserve, &player.spells] {
                buffer[filled..filled + part.len()].copy_from_slice(part);
                filled += part.len();
            }
            for (slot, (card, _)) in buffer[filled..count].iter_mut().zip(&player.terrain) {
                *slot = *card;
            }
            &buffer[..count]
        } else {
            gathered = player.held();
            &gathered
        };
        for (i, &first) in held.iter().enumerate() {
            out.extend(
                held[i + 1..]
                    .iter()
                    .map(|&second| Action::Recharge { cards: [first, second] }),
            );
        }
        out.push(Action::EndTurn);
    }

    /// Every action `check` accepts now, in a fixed order: the rules' list by definition.
    ///
    /// Candidates are made family by family (moves, attacks, cards...), and `check` keeps those
    /// it accepts. A family whose common conditions fail (the Hero has moved, the spell costs
    /// too much) is skipped whole, and targets are drawn from what is in reach. [`Self::legal`]
    /// gives the same list faster.
    pub fn legal_by_check(&self) -> Vec<Action> {
        let Some(seat) = self.decider() else {
            return Vec::new();
        };
        let player = &self.players[seat.index()];
        let mut candidates = Vec::with_capacity(128);
        match self.phase {
            Phase::Mulligan { .. } => self.mulligan_choices(seat, &mut candidates),
            Phase::Hero => {
                if player.hero.at.is_some() {
                    // Every hex and every target: `check` decides.
                    for hex in self.content.board.hexes() {
                        candidates.push(Action::Move { to: Pos::of(hex) });
                    }
                    for target in self.all_targets() {
                        for fire in [false, true] {
                            candidates.push(Action::Attack { target, fire });
                        }
                    }
                    candidates.push(Action::Build { tower: TowerKind::Mage });
                    candidates.push(Action::Build {
                        tower: TowerKind::Defense,
                    });
                    candidates.push(Action::Capture);
                }
                // The Hero too while off the board: spells are prepared and the player's skills
                // played then.
                let mut own = self.characters_of(seat);
                if player.hero.at.is_none() {
                    own.insert(0, Character::Hero(seat));
                }
                for card in player.hand.iter().chain(&player.reserve) {
                    // Terrain cards are laid (`PlaceTerrain`), never played: `check_play` refuses.
                    if matches!(self.card(seat, *card).kind, CardKind::Terrain { .. }) {
                        continue;
                    }
                    for on in &own {
                        candidates.push(Action::Play { card: *card, on: *on });
                    }
                }
                self.cast_candidates(seat, &mut candidates);
                self.creature_candidates(seat, &mut candidates, true);
                self.terrain_placements(seat, &mut candidates);
                for (card, token) in &player.terrain {
                    // A revealed Terrain card acts on a character in or next to its token's hex.
                    let near = |at: Option<Pos>| at.is_some_and(|at| at.distance(*token) <= 1);
                    let characters = crate::seats(self.seats())
                        .filter(|s| near(self.players[s.index()].hero.at))
                        .map(Target::Hero)
                        .chain(
                            self.creatures
                                .iter()
                                .filter(|c| near(Some(c.at)))
                                .map(|c| Target::Creature(c.id)),
                        );
                    for on in characters {
                        candidates.push(Action::Reveal { card: *card, on });
                    }
                }
                for card in &player.hand {
                    candidates.push(Action::Reserve { card: *card });
                }
                candidates.push(Action::Upgrade { track: Track::Armor });
                candidates.push(Action::Upgrade { track: Track::Attack });
                let held = player.held();
                for (i, first) in held.iter().enumerate() {
                    for second in &held[i + 1..] {
                        candidates.push(Action::Recharge {
                            cards: [*first, *second],
                        });
                    }
                }
                candidates.push(Action::EndTurn);
            }
            Phase::PayTokens => {
                for burn in 0..=player.hero.burn {
                    for brain_damage in 0..=player.hero.brain_damage {
                        candidates.push(Action::PayTokens { burn, brain_damage });
                    }
                }
            }
            Phase::Response { .. } => self.answer_candidates(seat, &mut candidates),
            Phase::Over => {}
        }
        candidates.retain(|action| self.verdict(action).is_ok());
        candidates
    }

    /// Every target an attack could name, in a fixed order: Heroes by seat, creatures, buildings,
    /// shrines.
    fn all_targets(&self) -> impl Iterator<Item = Target> + '_ {
        crate::seats(self.seats())
            .map(Target::Hero)
            .chain(self.creatures.iter().map(|c| Target::Creature(c.id)))
            .chain(self.buildings.iter().map(|b| Target::Building(b.at)))
            .chain(self.shrines.iter().map(|s| Target::Shrine(s.at)))
    }

    /// Calls `visit` with each enemy target of `seat` in or next to `at` (the reach of an
    /// attack), in a fixed order (Heroes by seat, creatures, buildings, shrines): those for which
    /// `enemy_target_at` names a hex at most 1 from `at`, each kind read straight from its list,
    /// the owner compared before the place. (Each creature token is on the board once, a hex
    /// holds one building at most and each shrine has its own hex, so an item of a list is the
    /// one `enemy_target_at` finds.) A loop a list, not a chained iterator: `legal` asks this for
    /// the Hero and each creature before every decision.
    fn each_enemy_target_near(&self, seat: Seat, at: Pos, mut visit: impl FnMut(Target)) {
        let enemy = |owner: Seat| Self::team(owner) != Self::team(seat);
        for victim in crate::seats(self.seats()) {
            if enemy(victim) && self.players[victim.index()].hero.at.is_some_and(|pos| pos.is_near(at)) {
                visit(Target::Hero(victim));
            }
        }
        for creature in &self.creatures {
            if enemy(creature.id.owner) && creature.at.is_near(at) {
                visit(Target::Creature(creature.id));
            }
        }
        for building in &self.buildings {
            if enemy(building.owner) && building.at.is_near(at) {
                visit(Target::Building(building.at));
            }
        }
        for shrine in &self.shrines {
            if shrine.owner.is_some_and(enemy) && shrine.at.is_near(at) {
                visit(Target::Shrine(shrine.at));
            }
        }
    }
}

impl SpellsOfDoom {
    /// Summons (after Summoning), and every creature's moves and attacks: each one `check`
    /// accepts (`check_summon`, `check_creature_move`, `check_creature_attack`), and no other.
    /// With `every`, each token on every hex, each creature to every hex and at every target,
    /// for `legal_by_check` to filter.
    fn creature_candidates(&self, seat: Seat, out: &mut Vec<Action>, every: bool) {
        let board = &self.content.board;
        if self.flags.summoning
            && let Some(hero) = self.players[seat.index()].hero.at
        {
            let tokens = self.hero_def(seat).creatures.len() as u8;
            for token in (0..tokens).filter(|t| every || self.may_summon(seat, *t).is_ok()) {
                let hexes = if every {
                    board.around(hero.hex(), u32::MAX)
                } else {
                    board.around(hero.hex(), 1)
                };
                for &hex in hexes.iter() {
                    out.push(Action::Summon {
                        token,
                        at: Pos::of(hex),
                    });
                }
            }
        }
        for creature in self.creatures.iter().filter(|c| c.id.owner == seat) {
            if every || self.creature_may_move(creature).is_ok() {
                let speed = if every { u32::MAX } else { self.creature_speed(creature) };
                // With `every`, its own hex too, for `check` to refuse.
                let stay = (!every).then(|| creature.at.hex());
                let hexes = board.around(creature.at.hex(), speed);
                for part in all_but(&hexes, stay) {
                    out.extend(part.iter().map(|hex| Action::CreatureMove {
                        creature: creature.id,
                        to: Pos::of(*hex),
                    }));
                }
            }
            if every {
                for target in self.all_targets() {
                    for special in [false, true] {
                        out.push(Action::CreatureAttack {
                            creature: creature.id,
                            target,
                            special,
                        });
                    }
                }
            } else if self.creature_may_attack(creature).is_ok() {
                // Only a creature with a Special Attack may make it, and only at a Hero.
                let special = self.def_of(creature).special_instead;
                self.each_enemy_target_near(seat, creature.at, |target| {
                    let hero = matches!(target, Target::Hero(_));
                    for special in [false, true].into_iter().filter(|s| !s || (special && hero)) {
                        out.push(Action::CreatureAttack {
                            creature: creature.id,
                            target,
                            special,
                        });
                    }
                });
            }
        }
    }

    /// Every hex for every Terrain card in `seat`'s hand (a token may go anywhere): the same list
    /// for `legal` and for `legal_by_check`.
    fn terrain_placements(&self, seat: Seat, out: &mut Vec<Action>) {
        for card in &self.player(seat).hand {
            if matches!(self.card(seat, *card).kind, CardKind::Terrain { .. }) {
                out.extend(self.content.board.hexes().map(|hex| Action::PlaceTerrain {
                    card: *card,
                    at: Pos::of(hex),
                }));
            }
        }
    }

    /// Every cast of each prepared spell (one card of each kind named) with every number of
    /// copies its card allows at every target its effect might aim at, for `legal_by_check` to
    /// filter. The targets, in order: the caster, each character (then the hexes around it, for
    /// Fire Arrows), the hexes in or next to each Terrain token (Ensnare), the buildings, the
    /// shrines, and the hexes within 2 of the caster (Mind Reach added).
    fn cast_candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        let player = &self.players[seat.index()];
        let Some(caster) = player.hero.at.filter(|_| !player.spells.is_empty()) else {
            return;
        };
        let mut targets = vec![CastTarget::Myself];
        let characters = crate::seats(self.seats())
            .map(Target::Hero)
            .chain(self.creatures.iter().map(|c| Target::Creature(c.id)));
        for aim in characters {
            targets.push(CastTarget::At(aim));
            if let Some(at) = self.enemy_target_at(seat, aim) {
                for behind in at.hex().all_neighbors() {
                    targets.push(CastTarget::Arrows {
                        target: aim,
                        behind: Pos::of(behind),
                    });
                }
            }
        }
        // Ensnare reaches any hex in or next to a Terrain token, wherever it is.
        for (_, token) in self.players.iter().flat_map(|p| &p.terrain) {
            targets.extend(
                self.content
                    .board
                    .around(token.hex(), 1)
                    .iter()
                    .map(|h| CastTarget::Hex(Pos::of(*h))),
            );
        }
        targets.extend(self.buildings.iter().map(|b| CastTarget::At(Target::Building(b.at))));
        targets.extend(self.shrines.iter().map(|s| CastTarget::At(Target::Shrine(s.at))));
        let reach = 2 + self.spell_reach(seat);
        targets.extend(
            self.content
                .board
                .around(caster.hex(), reach)
                .iter()
                .map(|h| CastTarget::Hex(Pos::of(*h))),
        );
        for spell in self.named_spells(seat) {
            let def = self.card(seat, spell);
            let (most, _) = self.castable_copies(seat, spell, def);
            for copies in 1..=most as u8 {
                for target in &targets {
                    out.push(Action::Cast {
                        spell,
                        copies,
                        target: *target,
                    });
                }
            }
        }
    }

    /// The prepared spells, one card of each kind (its first copy in the Spell Area).
    fn named_spells(&self, seat: Seat) -> impl Iterator<Item = CardId> + '_ {
        let spells = &self.players[seat.index()].spells;
        spells.iter().enumerate().filter_map(move |(i, spell)| {
            let first = spells[..i].iter().all(|c| !self.same_card(seat, *c, *spell));
            first.then_some(*spell)
        })
    }

    /// The casts `check_cast` accepts, in `cast_candidates`' order: for each spell `may_cast`
    /// allows, the targets of `cast_candidates` whose kind the effect may aim at (`AimKinds`) that
    /// `aim_fits` accepts, once for each number of copies (1 to the castable copies; never
    /// Decoy, which fits no target).
    fn cast_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let player = &self.players[seat.index()];
        let Some(caster) = player.hero.at else {
            return;
        };
        for spell in self.named_spells(seat) {
            let Ok((_, def)) = self.may_cast(seat, spell) else {
                continue;
            };
            let aim = self.spell_aim(seat, def);
            let kinds = AimKinds::of(&def.effect);
            let first = out.len();
            let fits = |target: CastTarget, out: &mut Vec<Action>| {
                if self.aim_fits(seat, caster, def, &aim, target) {
                    out.push(Action::Cast {
                        spell,
                        copies: 1,
                        target,
                    });
                }
            };
            if kinds.myself {
                fits(CastTarget::Myself, out);
            }
            if kinds.characters || kinds.arrows {
                let characters = crate::seats(self.seats())
                    .map(Target::Hero)
                    .chain(self.creatures.iter().map(|c| Target::Creature(c.id)));
                for aim in characters {
                    if kinds.characters {
                        fits(CastTarget::At(aim), out);
                    }
                    if kinds.arrows
                        && let Some(at) = self.enemy_target_at(seat, aim)
                    {
                        for behind in at.hex().all_neighbors() {
                            let behind = Pos::of(behind);
                            fits(CastTarget::Arrows { target: aim, behind }, out);
                        }
                    }
                }
            }
            if kinds.hexes {
                for (_, token) in self.players.iter().flat_map(|p| &p.terrain) {
                    for &hex in self.content.board.around(token.hex(), 1).iter() {
                        fits(CastTarget::Hex(Pos::of(hex)), out);
                    }
                }
            }
            if kinds.structures {
                for building in &self.buildings {
                    fits(CastTarget::At(Target::Building(building.at)), out);
                }
                for shrine in &self.shrines {
                    fits(CastTarget::At(Target::Shrine(shrine.at)), out);
                }
            }
            if kinds.hexes {
                let candidates = 2 + self.spell_reach(seat);
                match def.effect {
                    // `aim_fits` takes every board hex within the reach for a blast (and for a
                    // summoning that has a creature to bring): the candidates' first rings, in
                    // the same order, lent whole instead of asked hex by hex.
                    Effect::Blast { .. } | Effect::Summon { .. } => {
                        if aim.summonable || matches!(def.effect, Effect::Blast { .. }) {
                            let hexes = self.content.board.around(caster.hex(), aim.reach.min(candidates));
                            out.extend(hexes.iter().map(|hex| Action::Cast {
                                spell,
                                copies: 1,
                                target: CastTarget::Hex(Pos::of(*hex)),
                            }));
                        }
                    }
                    _ => {
                        for &hex in self.content.board.around(caster.hex(), candidates).iter() {
                            fits(CastTarget::Hex(Pos::of(hex)), out);
                        }
                    }
                }
            }
            // The same targets again with each further number of copies.
            let (most, prepared) = self.castable_copies(seat, spell, def);
            let copies = most.min(prepared).min(3) as u8;
            let last = out.len();
            if copies == 0 {
                out.truncate(first);
            }
            for copies in 2..=copies {
                for i in first..last {
                    if let Action::Cast { target, .. } = out[i] {
                        out.push(Action::Cast { spell, copies, target });
                    }
                }
            }
        }
    }
}

/// `hexes` (a list `Board::around` lends, in board order) but `except`: the moves from that
/// hex. The part before it and the part after it (found by halving) extend the actions in one go
/// each, where a test of every hex could not (and a chain of the two, item by item, is slower).
fn all_but(hexes: &[Hex], except: Option<Hex>) -> [&[Hex]; 2] {
    let place = except.and_then(|hex| hexes.binary_search_by_key(&(hex.x, hex.y), |h| (h.x, h.y)).ok());
    match place {
        Some(place) => [&hexes[..place], &hexes[place + 1..]],
        None => [hexes, &[]],
    }
}

/// Every card is in `hand`, and none twice.
fn distinct_in(cards: &[CardId], hand: &[CardId]) -> bool {
    cards
        .iter()
        .enumerate()
        .all(|(i, c)| hand.contains(c) && !cards[..i].contains(c))
}
