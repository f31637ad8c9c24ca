//! Creatures: summoning (the Summoning skill and the summoning spells), their moves and attacks
//! with their abilities, damage and death, and the rule that a character's move and attacks are
//! done before another character moves.

use spellhall_core::Seat;

use crate::action::Target;
use crate::combat::{damage, roll};
use crate::content::{Ability, CreatureAbility};
use crate::event::{Attacker, Event, Special};
use crate::state::{
    Character, Creature, CreatureId, Pos, SpellsOfDoom, TOWER_PARTING_ATTACK, TOWER_RANGE, TowerKind, TurnFlags,
};

impl SpellsOfDoom {
    /// `character` moves (`moving`) or attacks. Moving finishes every other character that has
    /// acted this turn: "a character's movement and attack(s) must be completed before another one
    /// is moved".
    pub(crate) fn act_with(&mut self, character: Character, moving: bool) {
        if moving {
            let TurnFlags { acted, done, .. } = &mut self.flags;
            for other in acted.iter() {
                if *other != character && !done.contains(other) {
                    done.push(*other);
                }
            }
        }
        if !self.flags.acted.contains(&character) {
            self.flags.acted.push(character);
        }
    }

    /// Whether `character` has finished for the turn.
    pub fn finished(&self, character: Character) -> bool {
        self.flags.done.contains(&character)
    }

    /// The tokens of `seat`'s Hero board that are not on the board, by index.
    pub fn available_tokens(&self, seat: Seat) -> Vec<u8> {
        self.free_tokens(seat).collect()
    }

    /// `available_tokens` one by one.
    pub(crate) fn free_tokens(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        (0..self.hero_def(seat).creatures.len() as u8).filter(move |token| {
            self.creature(CreatureId {
                owner: seat,
                token: *token,
            })
            .is_none()
        })
    }

    /// What a creature on the board counts in the last tie-breaker, in mana, as an exact fraction
    /// `(mana, shared_by)`: its summoning cost (`shared_by` 1), or the cost of the spell that
    /// brought it shared equally by the creatures that cast brought. Each Dog of a Dogs card (cost
    /// 3, two Dogs) is `(3, 2)`, 1½: the pair counts the card's 3 once, a lone survivor its half.
    /// A cast that found a single Dog token free brought one Dog, which counts `(3, 1)`.
    pub fn unit_worth(&self, creature: &Creature) -> (u32, u32) {
        if let Some(cost) = self.creature_def(&creature.kind).cost {
            return (u32::from(cost), 1);
        }
        self.content
            .cards
            .items()
            .iter()
            .find_map(|card| match (&card.effect, card.kind) {
                (
                    crate::content::Effect::Summon { creature: kind, count },
                    crate::content::CardKind::Spell { cost, .. },
                ) if kind.key() == creature.kind => {
                    let shared_by = creature.brought.unwrap_or(*count).max(1);
                    Some((u32::from(cost), u32::from(shared_by)))
                }
                _ => None,
            })
            .unwrap_or((0, 1))
    }

    /// Mana a creature costs `seat` to summon (Oakheart's Beast Caller takes some off, never
    /// below 1).
    pub fn summon_cost(&self, seat: Seat, base: u8) -> u32 {
        let discount = match self.hero_def(seat).ability {
            Ability::BeastCaller { discount } => discount,
            _ => 0,
        };
        u32::from(base.saturating_sub(discount).max(1))
    }

    /// A creature may act this turn: summoned on an earlier turn, or Ready to Fight.
    pub fn creature_ready(&self, creature: &Creature) -> bool {
        creature.summoned < self.turn || self.def_of(creature).has(CreatureAbility::ReadyToFight)
    }

    /// Put the token `token` of `owner` on the board at `at`; `brought` is for a summoning spell
    /// that brought fewer creatures than its card names (see [`Creature::brought`]).
    pub(crate) fn place_creature(
        &mut self,
        owner: Seat,
        token: u8,
        at: Pos,
        brought: Option<u8>,
        events: &mut Vec<Event>,
    ) {
        let Some(kind) = self.token_kind(owner, token).map(str::to_string) else {
            return;
        };
        let hp = self.creature_def(&kind).hp;
        let id = CreatureId { owner, token };
        let fresh = self.creature(id).is_none();
        self.creatures.retain(|c| c.id != id);
        if fresh {
            // A token killed and summoned again this turn is a new creature.
            let me = Character::Creature(id);
            self.flags.acted.retain(|c| *c != me);
            self.flags.done.retain(|c| *c != me);
            self.flags.creatures_moved.retain(|c| *c != id);
            self.flags.creatures_struck.retain(|c| *c != id);
            self.flags.boosts.retain(|(c, _)| *c != me);
        }
        self.creatures.push(Creature {
            id,
            kind: kind.clone(),
            at,
            hp,
            summoned: self.turn,
            shield: 0,
            brought,
        });
        events.push(Event::Summoned {
            seat: owner,
            creature: self.creature_name(id),
            at,
        });
    }

    /// Summon `count` available creatures of `kind` at `at` (a summoning spell); a Spell of Doom's
    /// creature already on the board is moved there with full HP instead.
    pub(crate) fn summon_kind(
        &mut self,
        seat: Seat,
        kind: &str,
        count: u8,
        relocate: bool,
        at: Pos,
        events: &mut Vec<Event>,
    ) {
        let tokens: Vec<u8> = self
            .available_tokens(seat)
            .into_iter()
            .filter(|t| self.token_kind(seat, *t) == Some(kind))
            .take(usize::from(count))
            .collect();
        if tokens.is_empty() && relocate {
            let on_board: Vec<u8> = self
                .creatures
                .iter()
                .filter(|c| c.id.owner == seat && c.kind == kind)
                .map(|c| c.id.token)
                .take(usize::from(count))
                .collect();
            let brought = fewer(&on_board, count);
            for token in on_board {
                self.place_creature(seat, token, at, brought, events);
            }
            return;
        }
        let brought = fewer(&tokens, count);
        for token in tokens {
            self.place_creature(seat, token, at, brought, events);
        }
    }

    pub(crate) fn move_creature(&mut self, id: CreatureId, to: Pos, events: &mut Vec<Event>) {
        self.act_with(Character::Creature(id), true);
        self.flags.creatures_moved.push(id);
        let Some(from) = self.creature(id).map(|c| c.at) else {
            return;
        };
        self.parting_attacks(Target::Creature(id), id.owner, from, to, events);
        let name = self.creature_name(id);
        if let Some(creature) = self.creatures.iter_mut().find(|c| c.id == id) {
            creature.at = to;
            events.push(Event::CreatureMoved {
                seat: id.owner,
                creature: name,
                from,
                to,
            });
        }
    }

    /// An enemy Defense Tower attacks a character leaving its range (our reading: the move leaves
    /// the range when it starts inside and ends outside; nothing blocks movement).
    pub(crate) fn parting_attacks(&mut self, mover: Target, owner: Seat, from: Pos, to: Pos, events: &mut Vec<Event>) {
        let towers: Vec<Seat> = self
            .buildings
            .iter()
            .filter(|b| {
                b.kind == TowerKind::Defense
                    && Self::team(b.owner) != Self::team(owner)
                    && b.at.distance(from) <= TOWER_RANGE
                    && b.at.distance(to) > TOWER_RANGE
            })
            .map(|b| b.owner)
            .collect();
        for tower_owner in towers {
            let dice = roll(&mut self.rng, TOWER_PARTING_ATTACK);
            self.resolve_attack(Attacker::Tower(tower_owner), mover, dice, events);
        }
    }

    /// A creature's attack: its dice, then its Burn or Stun Attack 1 on a Hero; with `special`
    /// (the "*"), the Special Attack alone.
    pub(crate) fn creature_attack(&mut self, id: CreatureId, target: Target, special: bool, events: &mut Vec<Event>) {
        self.act_with(Character::Creature(id), false);
        self.flags.creatures_struck.push(id);
        let boost = self.flags.boost(Character::Creature(id));
        self.flags.boost_mut(Character::Creature(id)).strong = 0;
        self.creature_strike(id, target, special, boost.strong, events);
        // A Special Attack instead rolls no attack dice, but spends Accuracy all the same.
        self.flags.boost_mut(Character::Creature(id)).accuracy = 0;
    }

    /// The dice of a creature's attack (with `strong` more, and Accuracy's dice if played on it),
    /// and its Burn or Stun Attack on a Hero; also a Counter Attack's.
    pub(crate) fn creature_strike(
        &mut self,
        id: CreatureId,
        target: Target,
        special: bool,
        strong: u8,
        events: &mut Vec<Event>,
    ) {
        if self.creature(id).is_none() {
            return;
        }
        let content = self.content_handle();
        let def = &content.creatures.items()[self.creature_index(id)];
        let specials: Vec<Special> = def
            .abilities
            .iter()
            .filter_map(|a| match a {
                CreatureAbility::BurnAttack => Some(Special::Burn),
                CreatureAbility::StunAttack => Some(Special::Stun),
                _ => None,
            })
            .collect();
        if !special {
            let dice = self.roll_attack(Character::Creature(id), u32::from(def.attack + strong));
            self.resolve_attack(Attacker::Creature(id), target, dice, events);
        }
        if let Target::Hero(victim) = target {
            for kind in specials {
                self.special_attack(kind, victim, 1, events);
            }
        }
    }

    /// Damage to a creature; at 0 HP it leaves the board and its token goes back to the Hero
    /// board (a creature's death scores nothing).
    pub(crate) fn damage_creature(&mut self, id: CreatureId, dice: &[u8], by: Attacker, events: &mut Vec<Event>) {
        let Some(creature) = self.creature(id) else {
            return;
        };
        let armor = self.creature_armor(creature);
        let dealt = damage(dice, armor);
        events.push(Event::Attacked {
            by,
            target: Target::Creature(id),
            dice: dice.to_vec(),
            armor,
            damage: dealt,
        });
        let name = self.creature_name(id);
        if let Some(creature) = self.creatures.iter_mut().find(|c| c.id == id) {
            creature.hp = creature.hp.saturating_sub(dealt.min(255) as u8);
            if creature.hp == 0 {
                self.creatures.retain(|c| c.id != id);
                events.push(Event::CreatureKilled {
                    seat: id.owner,
                    creature: name,
                });
            }
        }
    }

    pub(crate) fn heal_creature(&mut self, id: CreatureId, hp: u8, by: &'static str, events: &mut Vec<Event>) {
        let Some(kind) = self.creature(id).map(|c| c.kind.clone()) else {
            return;
        };
        let max = self.creature_def(&kind).hp;
        if let Some(creature) = self.creatures.iter_mut().find(|c| c.id == id)
            && creature.hp < max
        {
            let healed = hp.min(max - creature.hp);
            creature.hp += healed;
            events.push(Event::CreatureHealed {
                seat: id.owner,
                creature: self.creature_name(id),
                hp: healed,
                by,
            });
        }
    }

    /// The creatures of a team (`friendly` = the same team as `seat`) within `range` of `at`.
    pub(crate) fn creatures_near(&self, seat: Seat, friendly: bool, at: Pos, range: u32) -> Vec<CreatureId> {
        self.creatures
            .iter()
            .filter(|c| (Self::team(c.id.owner) == Self::team(seat)) == friendly && c.at.distance(at) <= range)
            .map(|c| c.id)
            .collect()
    }
}

/// A summoning cast's [`Creature::brought`]: how many it brought, when fewer than the card names.
fn fewer(tokens: &[u8], count: u8) -> Option<u8> {
    (tokens.len() < usize::from(count)).then_some(tokens.len() as u8)
}
