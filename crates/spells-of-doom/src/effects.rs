//! What each spell does when cast, as the rulebook's card section writes it, with the numbers
//! from `cards.ron`. `legal::check_cast` has already checked the target, range, copies and mana.

use spellhall_core::Seat;

use crate::action::{CastTarget, Target};
use crate::combat::{fire_arrows_groups, keep_highest, roll, special_tokens};
use crate::content::{CardKind, Effect};
use crate::event::{Attacker, Event, Special};
use crate::state::{CardId, Character, Pos, SpellsOfDoom};

impl SpellsOfDoom {
    /// Roll an attack of `count` dice by `by`, with Accuracy's extra die if played on it (used
    /// by its next attack or spell, then gone).
    pub(crate) fn roll_attack(&mut self, by: Character, count: u32) -> Vec<u8> {
        let extra = u32::from(std::mem::take(&mut self.flags.boost_mut(by).accuracy));
        keep_highest(roll(&mut self.rng, count + extra), count as usize)
    }

    /// Pay for the spell, discard its cards, then carry out its effect.
    pub(crate) fn cast(&mut self, seat: Seat, spell: CardId, copies: u8, target: CastTarget, events: &mut Vec<Event>) {
        let content = self.content_handle();
        let def = &content.cards.items()[self.card_index(seat, spell)];
        let CardKind::Spell { cost, .. } = def.kind else {
            return;
        };
        let same: Vec<CardId> = self.players[seat.index()]
            .spells
            .iter()
            .copied()
            .filter(|c| self.same_card(seat, *c, spell))
            .collect();
        // The named card and, for a stronger spell, more prepared copies of it.
        let mut used = vec![spell];
        used.extend(
            same.iter()
                .copied()
                .filter(|c| *c != spell)
                .take(usize::from(copies) - 1),
        );
        let player = &mut self.players[seat.index()];
        player.mana -= u32::from(cost);
        player.spells.retain(|c| !used.contains(c));
        player.discard.extend(&used);
        if matches!(def.effect, Effect::HealingWard { .. }) {
            self.flags.warded = true;
        } else {
            self.flags.cast = true;
            self.flags.strikes += 1;
        }
        events.push(Event::Cast {
            seat,
            spell: self.card_log_name(seat, spell),
            copies: used.len() as u8,
        });
        let n = used.len();
        let caster = self.players[seat.index()].hero.at.expect("checked: on the board");
        // Accuracy lasts until the next attack or spell: a spell that rolls no attack of its own
        // (a blast, Fire Arrows, a summoning) spends it too.
        let accuracy = std::mem::take(&mut self.flags.boost_mut(Character::Hero(seat)).accuracy);
        self.flags.boost_mut(Character::Hero(seat)).accuracy = match &def.effect {
            Effect::Volley { .. }
            | Effect::Overpower { .. }
            | Effect::BrainMalfunction { .. }
            | Effect::MentalSlap { .. } => accuracy,
            _ => 0,
        };
        match (&def.effect, target) {
            (Effect::Volley { rows }, CastTarget::At(aim)) => {
                let row = rows[n - 1];
                let dice = self.roll_attack(Character::Hero(seat), u32::from(row.attack));
                self.resolve_attack(Attacker::Hero(seat), aim, dice, events);
                if let Target::Hero(victim) = aim {
                    self.special_attack(Special::Burn, victim, row.burn, events);
                }
            }
            (
                Effect::Overpower {
                    attack, heal, armor, ..
                },
                CastTarget::At(aim),
            ) => {
                let dice = self.roll_attack(Character::Hero(seat), u32::from(*attack));
                self.resolve_attack(Attacker::Hero(seat), aim, dice, events);
                self.heal(seat, *heal, "Overpower", events);
                self.players[seat.index()].hero.stoneskin = *armor;
            }
            (Effect::Stoneskin { armor, .. }, CastTarget::Myself) => {
                self.players[seat.index()].hero.stoneskin = *armor;
            }
            (Effect::HealingWard { hp }, CastTarget::Myself) => {
                let reach = self.spell_range(seat, def);
                for ally in self.creatures_near(seat, true, caster, reach) {
                    self.heal_creature(ally, *hp, "Healing Ward", events);
                }
                for ally in crate::seats(self.seats()).filter(|s| Self::team(*s) == Self::team(seat)) {
                    if self.players[ally.index()]
                        .hero
                        .at
                        .is_some_and(|at| at.distance(caster) <= reach)
                    {
                        self.heal(ally, *hp, "Healing Ward", events);
                    }
                }
            }
            (Effect::Blast { centre, around, stun }, CastTarget::Hex(hex)) => {
                for (at, attack) in self.blast_area(hex, *centre, *around) {
                    for aim in self.enemies_at(seat, at) {
                        let dice = roll(&mut self.rng, u32::from(attack));
                        self.resolve_attack(Attacker::Hero(seat), aim, dice, events);
                        if let Target::Hero(victim) = aim {
                            self.special_attack(Special::Stun, victim, *stun, events);
                        }
                    }
                }
            }
            (Effect::FireArrows { .. }, CastTarget::Arrows { target: aim, behind }) => {
                let dice = roll(&mut self.rng, 3 * n as u32);
                let [high, middle, low] = fire_arrows_groups(dice, n);
                // The Burn group only burns a Hero (Special Attacks target only Heroes).
                if let Target::Hero(victim) = aim {
                    self.special_tokens_from(Special::Burn, victim, &high, events);
                }
                // The target may have stepped aside (Decoy) since the cast was declared: the
                // collateral group flies on only while `behind` still lies right behind it.
                let target_at = self.enemy_target_at(seat, aim);
                self.resolve_attack(Attacker::Hero(seat), aim, middle, events);
                let still_behind = target_at
                    .is_some_and(|at| at.distance(behind) == 1 && caster.distance(behind) == caster.distance(at) + 1);
                if still_behind {
                    for aim in self.enemies_at(seat, behind) {
                        self.resolve_attack(Attacker::Hero(seat), aim, low.clone(), events);
                    }
                }
            }
            (Effect::BrainMalfunction { rows }, CastTarget::At(aim)) => {
                let row = rows[n - 1];
                let dice = self.roll_attack(Character::Hero(seat), u32::from(row.attack));
                self.resolve_attack(Attacker::Hero(seat), aim, dice, events);
                // The discards only when the target is a Hero.
                if let Target::Hero(victim) = aim {
                    self.discard_at_random(victim, usize::from(row.discard), events);
                }
            }
            (Effect::Summon { creature, count }, CastTarget::Hex(at)) => {
                self.summon_kind(seat, creature.key(), *count, def.doom, at, events);
            }
            (Effect::Ensnare { centre, around }, CastTarget::Hex(hex)) => {
                self.ensnare(seat, hex, *centre, *around, events)
            }
            (Effect::MentalSlap { attack, brain_damage }, CastTarget::At(aim)) => {
                let dice = self.roll_attack(Character::Hero(seat), u32::from(*attack));
                self.resolve_attack(Attacker::Hero(seat), aim, dice, events);
                // Special Attacks target only Heroes.
                if let Target::Hero(victim) = aim {
                    self.special_attack(Special::BrainDamage, victim, *brain_damage, events);
                }
            }
            // `check_cast` lets through only the pairs above.
            _ => {}
        }
    }

    /// A Terrain card revealed: pay its cost, resolve it on a character in or next to its token's
    /// hex, then discard it and lift the token.
    pub(crate) fn reveal_terrain(&mut self, seat: Seat, card: CardId, on: Target, events: &mut Vec<Event>) {
        let content = self.content_handle();
        let def = &content.cards.items()[self.card_index(seat, card)];
        let CardKind::Terrain { cost } = def.kind else {
            return;
        };
        let player = &mut self.players[seat.index()];
        let Some(at) = player.terrain.iter().find(|(c, _)| *c == card).map(|(_, at)| *at) else {
            return;
        };
        player.mana -= u32::from(cost);
        player.terrain.retain(|(c, _)| *c != card);
        player.discard.push(card);
        events.push(Event::TerrainRevealed {
            seat,
            card: self.card_log_name(seat, card),
            at,
        });
        match (&def.effect, on) {
            (Effect::FriendlyArea { hp }, Target::Hero(ally)) => self.heal(ally, *hp, "Friendly Area", events),
            (Effect::FriendlyArea { hp }, Target::Creature(ally)) => {
                self.heal_creature(ally, *hp, "Friendly Area", events)
            }
            (Effect::ExplodingArea { attack }, aim) => {
                let dice = roll(&mut self.rng, u32::from(*attack));
                self.resolve_attack(Attacker::Hero(seat), aim, dice, events);
            }
            _ => {}
        }
    }

    /// Ensnare: `centre` dice on every enemy in the hex, `around` on those next to it.
    pub(crate) fn ensnare(&mut self, seat: Seat, hex: Pos, centre: u8, around: u8, events: &mut Vec<Event>) {
        for (at, attack) in self.blast_area(hex, centre, around) {
            for aim in self.enemies_at(seat, at) {
                let dice = roll(&mut self.rng, u32::from(attack));
                self.resolve_attack(Attacker::Hero(seat), aim, dice, events);
            }
        }
    }

    /// Ensnare reaches a hex holding a Terrain token, or next to one, anywhere on the board.
    pub fn ensnare_reaches(&self, at: Pos) -> bool {
        self.content.board.contains(at.hex())
            && self
                .players
                .iter()
                .flat_map(|p| &p.terrain)
                .any(|(_, token)| token.distance(at) <= 1)
    }

    /// The spell's range: the printed one, plus Mind Reach.
    pub(crate) fn spell_range(&self, seat: Seat, def: &crate::content::CardDef) -> u32 {
        match def.kind {
            CardKind::Spell { range, .. } => u32::from(range) + self.spell_reach(seat),
            _ => 0,
        }
    }

    /// The target hex with `centre` dice and each board hex around it with `around`.
    fn blast_area(&self, hex: Pos, centre: u8, around: u8) -> Vec<(Pos, u8)> {
        let mut area = vec![(hex, centre)];
        for neighbour in hex.hex().all_neighbors() {
            if self.content.board.contains(neighbour) {
                area.push((Pos::of(neighbour), around));
            }
        }
        area
    }

    /// The enemy Heroes, buildings and crystal-topped shrines in a hex, in a fixed order.
    pub fn enemies_at(&self, seat: Seat, at: Pos) -> Vec<Target> {
        let enemy = |owner: Seat| Self::team(owner) != Self::team(seat);
        let mut found: Vec<Target> = crate::seats(self.seats())
            .filter(|s| enemy(*s) && self.players[s.index()].hero.at == Some(at))
            .map(Target::Hero)
            .collect();
        found.extend(
            self.creatures
                .iter()
                .filter(|c| enemy(c.id.owner) && c.at == at)
                .map(|c| Target::Creature(c.id)),
        );
        if self.buildings.iter().any(|b| b.at == at && enemy(b.owner)) {
            found.push(Target::Building(at));
        }
        if self.shrines.iter().any(|s| s.at == at && s.owner.is_some_and(enemy)) {
            found.push(Target::Shrine(at));
        }
        found
    }

    /// A Special Attack of `count` dice on a Hero: a token for each 5 or 6, whatever its Armor.
    pub(crate) fn special_attack(&mut self, kind: Special, victim: Seat, count: u8, events: &mut Vec<Event>) {
        if count == 0 || self.players[victim.index()].hero.at.is_none() {
            return;
        }
        let dice = roll(&mut self.rng, u32::from(count));
        self.special_tokens_from(kind, victim, &dice, events);
    }

    fn special_tokens_from(&mut self, kind: Special, victim: Seat, dice: &[u8], events: &mut Vec<Event>) {
        if dice.is_empty() || self.players[victim.index()].hero.at.is_none() {
            return;
        }
        let tokens = special_tokens(dice);
        let hero = &mut self.players[victim.index()].hero;
        match kind {
            Special::Burn => hero.burn += tokens as u8,
            Special::BrainDamage => hero.brain_damage += tokens as u8,
            // A Hero never has more than one Stun Token.
            Special::Stun => hero.stunned |= tokens > 0,
        }
        events.push(Event::SpecialAttack {
            kind,
            target: victim,
            dice: dice.to_vec(),
            tokens,
        });
    }

    /// Brain Malfunction: the target's controller discards cards from the hand at random.
    fn discard_at_random(&mut self, victim: Seat, count: usize, events: &mut Vec<Event>) {
        let mut discarded = 0;
        for _ in 0..count {
            let hand = &self.players[victim.index()].hand;
            if hand.is_empty() {
                break;
            }
            let at = self.rng.below(hand.len());
            let card = self.players[victim.index()].hand.remove(at);
            self.players[victim.index()].discard.push(card);
            discarded += 1;
        }
        if discarded > 0 {
            events.push(Event::DiscardedAtRandom {
                seat: victim,
                cards: discarded,
            });
        }
    }
}
