//! What may be done now. `check` is the one place the rules say yes or no (with the reason);
//! `legal` lists every candidate action that `check` accepts, so the app's choices and `apply`
//! can never disagree.

use spellhall_core::{RuleError, Seat};

use crate::action::{Action, CastTarget, Target};
use crate::content::{CardKind, Effect};
use crate::state::{
    BRAIN_DAMAGE_PAY_OFF, BURN_PAY_OFF, CAPTURE_COST, CardId, MULLIGAN_MAX, Phase, Pos, RECHARGE_CARDS, SPEED_COST,
    SpellsOfDoom, TOWERS_PER_KIND, TowerKind, Track, UPGRADE_COST,
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
const NOT_YET: &str = "not built yet (Spells of Doom issue)";
const RESERVE_MAX: usize = 3;
const TERRAIN: &str = "Spells of Doom rules: Terminology, Terrain; Terrain Skills";
const TOKENS: &str = "Spells of Doom rules: Upkeep Phase; Special Tokens";
const CAST: &str = "Spells of Doom rules: Spell Cards";

fn refuse(reason: impl Into<String>, rule: &str) -> Result<(), RuleError> {
    Err(RuleError::new(reason, rule))
}

impl SpellsOfDoom {
    /// The seat that must decide now.
    pub fn decider(&self) -> Option<Seat> {
        match self.phase {
            Phase::Mulligan { seat } => Some(seat),
            Phase::Hero | Phase::PayTokens => Some(self.active),
            Phase::Over => None,
        }
    }

    /// Whether `action` is allowed now, and if not, why.
    pub fn check(&self, action: &Action) -> Result<(), RuleError> {
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
            (Phase::Hero, Action::Upgrade { track }) => {
                if self.flags.upgraded {
                    return refuse("You have already upgraded this turn.", UPGRADE);
                }
                if player.mana < UPGRADE_COST {
                    return refuse(
                        format!("An upgrade costs {UPGRADE_COST} mana; you have {}.", player.mana),
                        UPGRADE,
                    );
                }
                let def = self.hero_def(seat);
                let (step, track_len) = match track {
                    Track::Armor => (player.hero.armor_step, def.armor.len()),
                    Track::Attack => (player.hero.attack_step, def.attack.len()),
                };
                if usize::from(step) + 1 >= track_len {
                    return refuse(format!("Your {track:?} is already at the top of its track."), UPGRADE);
                }
                Ok(())
            }
            (Phase::Hero, Action::Build { tower }) => {
                let Some(at) = player.hero.at else {
                    return refuse("Your Hero is not on the board.", BUILD);
                };
                if self.flags.built {
                    return refuse("You have already built this turn.", BUILD);
                }
                let cost = self.build_cost();
                if player.mana < cost {
                    return refuse(
                        format!("A building costs {cost} mana; you have {}.", player.mana),
                        BUILD,
                    );
                }
                if self.towers_of(seat, *tower) >= TOWERS_PER_KIND {
                    return refuse(format!("All your {}s are on the board.", tower.name()), BUILD);
                }
                if self.buildings.iter().any(|b| b.at == at) || self.shrines.iter().any(|s| s.at == at) {
                    return refuse("This hex already holds a building or a Magic Shrine.", BUILD);
                }
                Ok(())
            }
            (Phase::Hero, Action::Capture) => {
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
                    return refuse(
                        format!("Capturing costs {CAPTURE_COST} mana; you have {}.", player.mana),
                        CAPTURE,
                    );
                }
                Ok(())
            }
            (Phase::Hero, Action::Play { card }) => self.check_play(seat, *card),
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
                let held = player.held();
                if cards[0] == cards[1] || !distinct_in(cards, &held) || cards.len() != RECHARGE_CARDS {
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

    fn check_cast(&self, seat: Seat, spell: CardId, copies: u8, target: CastTarget) -> Result<(), RuleError> {
        let player = &self.players[seat.index()];
        let Some(caster) = player.hero.at else {
            return refuse("Your Hero is not on the board.", CAST);
        };
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
        if !ward && self.flags.strikes >= self.strike_limit() {
            return refuse(
                "A spell is cast instead of the Hero's attack, and your Hero has attacked.",
                CAST,
            );
        }
        if !ward && !self.stun_allows(seat, false) {
            return refuse(
                "A stunned Hero may move or cast a spell this turn, not both.",
                "Spells of Doom rules: Stun Token",
            );
        }
        if player.mana < u32::from(cost) {
            return refuse(
                format!("{} costs {cost} mana; you have {}.", def.name, player.mana),
                CAST,
            );
        }
        let most = match &def.effect {
            Effect::Volley { rows } => rows.len(),
            Effect::BrainMalfunction { rows } => rows.len(),
            Effect::FireArrows { max_cards } => usize::from(*max_cards),
            _ => 1,
        };
        let key = &self.deck_list(seat)[usize::from(spell.0)];
        let prepared = player
            .spells
            .iter()
            .filter(|c| self.deck_list(seat)[usize::from(c.0)] == *key)
            .count();
        if copies == 0 || usize::from(copies) > most.min(prepared) {
            return refuse(
                format!(
                    "{} can be cast with 1 to {} prepared copies; you have {prepared}.",
                    def.name, most
                ),
                CAST,
            );
        }
        let reach = self.spell_range(seat, def);
        let enemy_in_reach = |aim: Target| -> bool {
            let enemy = |owner: Seat| Self::team(owner) != Self::team(seat);
            let (at, ok) = match aim {
                Target::Hero(victim) => match self.players.get(victim.index()).and_then(|p| p.hero.at) {
                    Some(at) => (at, enemy(victim)),
                    None => (caster, false),
                },
                Target::Building(at) => (at, self.buildings.iter().any(|b| b.at == at && enemy(b.owner))),
                Target::Shrine(at) => (
                    at,
                    self.shrines.iter().any(|s| s.at == at && s.owner.is_some_and(enemy)),
                ),
            };
            ok && caster.distance(at) <= reach
        };
        let fits = match (&def.effect, target) {
            (Effect::Volley { .. } | Effect::Overpower { .. }, CastTarget::At(aim)) => enemy_in_reach(aim),
            (Effect::BrainMalfunction { .. } | Effect::MentalSlap { .. }, CastTarget::At(aim @ Target::Hero(_))) => {
                enemy_in_reach(aim)
            }
            (Effect::Stoneskin { .. } | Effect::HealingWard { .. }, CastTarget::Myself) => true,
            (Effect::Blast { .. }, CastTarget::Hex(at)) => {
                self.content.board.contains(at.hex()) && caster.distance(at) <= reach
            }
            (Effect::FireArrows { .. }, CastTarget::Arrows { target: victim, behind }) => {
                let there = self.players.get(victim.index()).and_then(|p| p.hero.at);
                enemy_in_reach(Target::Hero(victim))
                    && there.is_some_and(|at| {
                        at.distance(behind) == 1
                            && caster.distance(behind) == caster.distance(at) + 1
                            && self.content.board.contains(behind.hex())
                    })
            }
            (Effect::Ensnare { .. }, CastTarget::Hex(at)) => {
                // A hex holding a Terrain token, or next to one, anywhere on the board.
                self.content.board.contains(at.hex())
                    && self
                        .players
                        .iter()
                        .flat_map(|p| &p.terrain)
                        .any(|(_, token)| token.distance(at) <= 1)
            }
            (Effect::Summon { .. } | Effect::Decoy { .. }, _) => {
                return refuse(format!("{} is not enforced yet.", def.name), NOT_YET);
            }
            _ => false,
        };
        if !fits {
            return refuse(
                format!(
                    "{} needs a target of its kind within {reach} hex(es) of your Hero.",
                    def.name
                ),
                CAST,
            );
        }
        Ok(())
    }

    fn check_reveal(&self, seat: Seat, card: CardId, on: Target) -> Result<(), RuleError> {
        let player = &self.players[seat.index()];
        let Some((_, at)) = player.terrain.iter().find(|(c, _)| *c == card) else {
            return refuse("Reveal a card of your Terrain Area.", TERRAIN);
        };
        let def = self.card(seat, card);
        let CardKind::Terrain { cost } = def.kind else {
            return refuse("Only Terrain cards are revealed.", TERRAIN);
        };
        if player.mana < u32::from(cost) {
            return refuse(
                format!("{} costs {cost} mana; you have {}.", def.name, player.mana),
                TERRAIN,
            );
        }
        let near = |pos: Option<Pos>| pos.is_some_and(|p| p.distance(*at) <= 1);
        let ok = match (&def.effect, on) {
            (Effect::FriendlyArea { .. }, Target::Hero(ally)) => {
                Self::team(ally) == Self::team(seat) && near(self.players.get(ally.index()).and_then(|p| p.hero.at))
            }
            (Effect::ExplodingArea { .. }, Target::Hero(enemy)) => {
                Self::team(enemy) != Self::team(seat) && near(self.players.get(enemy.index()).and_then(|p| p.hero.at))
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

    fn check_play(&self, seat: Seat, card: CardId) -> Result<(), RuleError> {
        let player = &self.players[seat.index()];
        let in_hand = player.hand.contains(&card);
        if !in_hand && !player.reserve.contains(&card) {
            return refuse("Play a card from your hand or your Reserve.", CARDS);
        }
        let def = self.card(seat, card);
        match (def.kind, &def.effect) {
            (CardKind::Spell { .. }, _) if in_hand => Ok(()),
            (CardKind::Spell { .. }, _) => refuse(
                format!(
                    "{} in the Reserve is a counter; casting from the Reserve is not enforced yet.",
                    def.name
                ),
                NOT_YET,
            ),
            (CardKind::Skill, Effect::CounterAttack) => refuse(
                "Counter Attack is played only from the Reserve, when you are attacked.",
                CARDS,
            ),
            (
                CardKind::Skill,
                Effect::GainMana { .. }
                | Effect::Run { .. }
                | Effect::MagicShield { .. }
                | Effect::Heal { .. }
                | Effect::StrongAttack { .. }
                | Effect::Accuracy { .. }
                | Effect::TowerConjuration { .. }
                | Effect::FastAttack,
            ) => {
                if player.hero.at.is_none() {
                    return refuse("Your Hero is not on the board.", CARDS);
                }
                if def.effect == Effect::FastAttack && self.flags.fast {
                    return refuse(
                        "Fast Attack cannot be played twice in a turn on the same character.",
                        CARDS,
                    );
                }
                Ok(())
            }
            _ => refuse(format!("{} is not enforced yet.", def.name), NOT_YET),
        }
    }

    fn check_move(&self, seat: Seat, to: Pos) -> Result<(), RuleError> {
        let player = &self.players[seat.index()];
        let Some(from) = player.hero.at else {
            return refuse("Your Hero is not on the board.", MOVE);
        };
        if self.flags.moved {
            return refuse("Your Hero has already moved this turn.", MOVE);
        }
        if !self.stun_allows(seat, true) {
            return refuse(
                "A stunned Hero who attacked may not move this turn.",
                "Spells of Doom rules: Stun Token",
            );
        }
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

    /// Mana for the extra Speed a move needs (nothing blocks movement, so the distance decides).
    pub fn speed_cost(&self, seat: Seat, from: Pos, to: Pos) -> u32 {
        from.distance(to).saturating_sub(self.speed(seat)) * SPEED_COST
    }

    fn check_attack(&self, seat: Seat, target: Target, fire: bool) -> Result<(), RuleError> {
        let player = &self.players[seat.index()];
        let Some(at) = player.hero.at else {
            return refuse("Your Hero is not on the board.", ATTACK);
        };
        if self.flags.strikes >= self.strike_limit() {
            return refuse("Your Hero has already attacked this turn.", ATTACK);
        }
        if !self.stun_allows(seat, false) {
            return refuse(
                "A stunned Hero who moved may not attack this turn.",
                "Spells of Doom rules: Stun Token",
            );
        }
        if fire {
            match self.fire_attack(seat) {
                Some((mana, _)) if player.mana >= mana => {}
                Some((mana, _)) => return refuse(format!("Fire Attack costs {mana} mana."), ATTACK),
                None => return refuse("Only Magie has the Fire Attack.", ATTACK),
            }
        }
        let enemy = |owner: Seat| Self::team(owner) != Self::team(seat);
        let (where_, ok) = match target {
            Target::Hero(victim) => match self.players.get(victim.index()).and_then(|p| p.hero.at) {
                Some(there) if enemy(victim) => (there, true),
                _ => (at, false),
            },
            Target::Building(pos) => (pos, self.buildings.iter().any(|b| b.at == pos && enemy(b.owner))),
            Target::Shrine(pos) => (
                pos,
                self.shrines.iter().any(|s| s.at == pos && s.owner.is_some_and(enemy)),
            ),
        };
        if !ok {
            return refuse(
                "Attack an enemy Hero, an enemy building or a shrine with an enemy crystal.",
                ATTACK,
            );
        }
        if at.distance(where_) > 1 {
            return refuse("The target must be in your Hero's hex or an adjacent one.", ATTACK);
        }
        Ok(())
    }

    /// Every action `check` accepts now, in a fixed order.
    pub fn legal(&self) -> Vec<Action> {
        let Some(seat) = self.decider() else {
            return Vec::new();
        };
        let player = &self.players[seat.index()];
        let mut candidates = Vec::new();
        match self.phase {
            Phase::Mulligan { .. } => {
                let hand = &player.hand;
                for size in 0..=MULLIGAN_MAX.min(hand.len()) {
                    subsets(hand, size, &mut Vec::new(), 0, &mut |cards| {
                        candidates.push(Action::Mulligan { cards: cards.to_vec() })
                    });
                }
            }
            Phase::Hero => {
                if let Some(at) = player.hero.at {
                    let reach = self.speed(seat) + player.mana / SPEED_COST;
                    for hex in self.content.board.within(at.hex(), reach) {
                        candidates.push(Action::Move { to: Pos::of(hex) });
                    }
                    for victim in crate::seats(self.seats()) {
                        for fire in [false, true] {
                            candidates.push(Action::Attack {
                                target: Target::Hero(victim),
                                fire,
                            });
                        }
                    }
                    for building in &self.buildings {
                        for fire in [false, true] {
                            candidates.push(Action::Attack {
                                target: Target::Building(building.at),
                                fire,
                            });
                        }
                    }
                    for shrine in &self.shrines {
                        for fire in [false, true] {
                            candidates.push(Action::Attack {
                                target: Target::Shrine(shrine.at),
                                fire,
                            });
                        }
                    }
                    candidates.push(Action::Build { tower: TowerKind::Mage });
                    candidates.push(Action::Build {
                        tower: TowerKind::Defense,
                    });
                    candidates.push(Action::Capture);
                }
                for card in player.hand.iter().chain(&player.reserve) {
                    candidates.push(Action::Play { card: *card });
                }
                self.cast_candidates(seat, &mut candidates);
                for card in &player.hand {
                    if matches!(self.card(seat, *card).kind, CardKind::Terrain { .. }) {
                        for hex in self.content.board.hexes() {
                            candidates.push(Action::PlaceTerrain {
                                card: *card,
                                at: Pos::of(hex),
                            });
                        }
                    }
                }
                for (card, _) in &player.terrain {
                    for victim in crate::seats(self.seats()) {
                        candidates.push(Action::Reveal {
                            card: *card,
                            on: Target::Hero(victim),
                        });
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
            Phase::Over => {}
        }
        candidates.retain(|action| self.check(action).is_ok());
        candidates
    }
}

impl SpellsOfDoom {
    /// Every cast of each prepared spell (one card of each kind named; 1 to 3 copies) at every
    /// target kind; `check` keeps the legal ones.
    fn cast_candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        let player = &self.players[seat.index()];
        let Some(caster) = player.hero.at else {
            return;
        };
        let mut named = Vec::new();
        for card in &player.spells {
            let key = &self.deck_list(seat)[usize::from(card.0)];
            if named.iter().all(|(k, _)| k != key) {
                named.push((key.clone(), *card));
            }
        }
        let mut targets = vec![CastTarget::Myself];
        for victim in crate::seats(self.seats()) {
            targets.push(CastTarget::At(Target::Hero(victim)));
            if let Some(at) = self.players[victim.index()].hero.at {
                for behind in at.hex().all_neighbors() {
                    targets.push(CastTarget::Arrows {
                        target: victim,
                        behind: Pos::of(behind),
                    });
                }
            }
        }
        targets.extend(self.buildings.iter().map(|b| CastTarget::At(Target::Building(b.at))));
        targets.extend(self.shrines.iter().map(|s| CastTarget::At(Target::Shrine(s.at))));
        let reach = 2 + self.spell_reach(seat);
        targets.extend(
            self.content
                .board
                .within(caster.hex(), reach)
                .into_iter()
                .map(|h| CastTarget::Hex(Pos::of(h))),
        );
        for (_, spell) in named {
            for copies in 1..=3 {
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
}

/// Every card is in `hand`, and none twice.
fn distinct_in(cards: &[CardId], hand: &[CardId]) -> bool {
    cards
        .iter()
        .enumerate()
        .all(|(i, c)| hand.contains(c) && !cards[..i].contains(c))
}

/// Call `out` with every subset of `items` of `size`, in order.
fn subsets(items: &[CardId], size: usize, chosen: &mut Vec<CardId>, from: usize, out: &mut impl FnMut(&[CardId])) {
    if chosen.len() == size {
        out(chosen);
        return;
    }
    for i in from..items.len() {
        chosen.push(items[i]);
        subsets(items, size, chosen, i + 1, out);
        chosen.pop();
    }
}
