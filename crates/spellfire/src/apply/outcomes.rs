//! Powers over how a round or a battle turns out: effects that act only if a condition holds,
//! realms razed by a card, champions that attack again, and the powers that act when a side loses
//! a round, when a champion attacks, or when a realm is razed.

use spellhall_core::Seat;

use super::Bin;
use crate::action::Action;
use crate::catalogue::cards::CardName;
use crate::combat::Side;
use crate::effects::{Ability, Cost, Effect, Trigger};
use crate::event::Event;
use crate::formation::Position;
use crate::legal::Refusal;
use crate::state::{CardId, Pause, Phase, Spellfire};

use super::Acting;

impl Spellfire {
    /// The player on the other side of the battle in progress from `seat`, if `seat` fights in it.
    pub(crate) fn facing(&self, seat: Seat) -> Option<Seat> {
        let battle = self.battle.as_ref()?;
        if battle.attacker == seat {
            Some(battle.defender)
        } else if battle.defender == seat {
            Some(battle.attacker)
        } else {
            None
        }
    }

    /// The side `seat` fights for in the battle in progress (the defender's when it fights in
    /// none, as a realm's powers do).
    pub(crate) fn side_of_seat(&self, seat: Seat) -> Side {
        match &self.battle {
            Some(battle) if battle.attacker == seat => Side::Attacker,
            _ => Side::Defender,
        }
    }

    /// `If`, `Raze` and `ExtraAttacks` carried out for `by`, the player of `source`.
    pub(crate) fn carry_out_outcome(&mut self, effect: &Effect, acting: Acting<'_>, events: &mut Vec<Event>) {
        let (source, by, target, calmed) = (acting.source, acting.by, acting.target, acting.calmed);
        match effect {
            Effect::If(condition, inner) if self.condition_holds(condition, source, self.side_of_seat(by)) => {
                self.begin_choices(inner, source, by, calmed, events);
            }
            Effect::Raze(_) => {
                let Some(realm) = target else { return };
                let owner = self.owner(realm);
                if calmed.contains(&owner) {
                    return;
                }
                let Some(at) = self.player(owner).formation.position_of(realm) else {
                    return;
                };
                if self.player(owner).formation.slot(at).is_some_and(|s| s.razed) {
                    return;
                }
                // The players may first reply to the razing (Spirit of the Land).
                if self.threaten(crate::state::Loss::Razed { seat: owner, at }) {
                    return;
                }
                // A battle over that realm has nothing left to fight for: it ends, no spoils.
                if self
                    .battle
                    .as_ref()
                    .is_some_and(|b| b.defender == owner && b.target == at)
                {
                    self.end_battle(None, events);
                }
                self.raze(owner, at, None, events);
            }
            // Read where an attack is checked.
            _ => {}
        }
    }

    /// How many more attacks than one `champion` may make in a turn, by its own power.
    pub(crate) fn extra_attacks(&self, champion: CardId) -> usize {
        self.abilities_of(champion)
            .filter_map(|a| match a.effect {
                Effect::ExtraAttacks(n) if a.when == Trigger::InPlay => Some(usize::from(n)),
                _ => None,
            })
            .sum()
    }

    /// The `RoundLost` powers of the cards fighting for `loser`, read before the round's cards
    /// leave: each effect with its card and player.
    pub(crate) fn round_lost_powers(&self, loser: Side) -> Vec<(Effect, CardId, Seat)> {
        let Some(battle) = &self.battle else {
            return Vec::new();
        };
        let seat = match loser {
            Side::Attacker => battle.attacker,
            Side::Defender => battle.defender,
        };
        // Most rounds lose no card with such a power: the battle's cards are then not sorted.
        let any = self
            .battle_cards_unordered()
            .any(|(card, side)| side == loser && self.abilities_of(card).any(|a| a.when == Trigger::RoundLost));
        if !any {
            return Vec::new();
        }
        let mut out = Vec::new();
        for &(card, side) in self.battle_cards().iter() {
            if side != loser || self.powers_lost(card) {
                continue;
            }
            for ability in self.abilities_of(card) {
                if ability.when == Trigger::RoundLost && self.condition_holds(&ability.condition, card, side) {
                    out.push((ability.effect.clone(), card, seat));
                }
            }
        }
        out
    }

    /// Powers that act (or ask their choices) for their players: `(effect, card, player)`.
    pub(crate) fn powers_act(&mut self, powers: Vec<(Effect, CardId, Seat)>, events: &mut Vec<Event>) {
        for (effect, card, seat) in powers.into_iter().rev() {
            self.begin_choices(&effect, card, seat, &[], events);
        }
    }

    /// `champion` of `seat` has just been sent to attack: if the battle begins with him, his
    /// `Attacks` powers (Agis) act or ask their choices before a defender is chosen.
    pub(crate) fn attack_powers(&mut self, champion: CardId, seat: Seat, events: &mut Vec<Event>) {
        if self.battle.as_ref().is_none_or(|b| !b.defended.is_empty()) {
            return;
        }
        let powers: Vec<(Effect, CardId, Seat)> = self
            .abilities_of(champion)
            .filter(|a| a.when == Trigger::Attacks && self.condition_holds(&a.condition, champion, Side::Attacker))
            .map(|a| (a.effect.clone(), champion, seat))
            .collect();
        self.powers_act(powers, events);
    }

    /// The powers with trigger `when` of `seat`'s standing realm at `at` and its holding (`Razed`
    /// powers are read before the holding goes): each effect with its card and player.
    pub(crate) fn realm_powers(&self, seat: Seat, at: Position, when: Trigger) -> Vec<(Effect, CardId, Seat)> {
        let Some(slot) = self.player(seat).formation.slot(at).filter(|s| !s.razed) else {
            return Vec::new();
        };
        [Some(slot.realm), slot.holding]
            .into_iter()
            .flatten()
            .flat_map(|card| {
                self.abilities_of(card)
                    .filter(move |a| a.when == when)
                    .map(move |a| (a.effect.clone(), card, seat))
            })
            .collect()
    }

    /// The power of `card` that its carrier, `seat`'s fighting champion, may use as his side's
    /// card in a round (Rod of Dispel Magic), if `card` is carried by him and keeps its powers.
    pub(crate) fn carried_use(&self, seat: Seat, card: CardId) -> Option<&Ability> {
        let fighter = self.fighter(seat)?;
        if !fighter.attachments.contains(&card) || self.powers_lost(card) {
            return None;
        }
        self.abilities_of(card).find(|a| a.when == Trigger::CarrierUses)
    }

    /// Whether `seat`'s fighting champion may use the power of `card`, which he carries, now.
    pub(crate) fn check_carried_use(&self, seat: Seat, card: CardId) -> Result<(), Refusal> {
        let name = self.name(card);
        let Some(ability) = self.carried_use(seat, card) else {
            return Err(Refusal::new(
                format!("{name} has no power your fighting champion can use now."),
                "SF-164",
            ));
        };
        if ability.cost == Cost::OncePerBattle && self.tracks.used_in_battle.contains(&card) {
            return Err(Refusal::new(format!("{name} has been used in this battle."), "SF-140"));
        }
        let side = self.side_of_seat(seat);
        if !self.condition_holds(&ability.condition, card, side) || self.lacks_choice(card, &ability.effect, seat) {
            return Err(Refusal::new(format!("{name} has nothing to act on now."), "SF-166"));
        }
        Ok(())
    }

    /// The power of `card` — a champion of `seat`'s pool, or an item or artifact one carries —
    /// that its player may use from the pool now (`Trigger::FromPool`): in his own phase 3 or
    /// 5, outside a battle.
    pub(crate) fn pool_use(&self, seat: Seat, card: CardId) -> Option<&Ability> {
        // The cheapest questions first: `legal` asks this of every card of the pool, and most
        // have no such power.
        let now =
            seat == self.active && self.battle.is_none() && matches!(self.phase, Phase::Pool | Phase::AfterBattle);
        if !now || !self.card_may_act_at(card, Trigger::FromPool) {
            return None;
        }
        let ability = self.abilities_of(card).find(|a| a.when == Trigger::FromPool)?;
        let in_pool = self
            .player(seat)
            .pool
            .iter()
            .any(|c| c.card == card || c.attachments.contains(&card));
        (in_pool && !self.powers_lost(card)).then_some(ability)
    }

    /// Whether `seat` may use the power of `card` from his pool now.
    pub(crate) fn check_pool_use(&self, seat: Seat, card: CardId) -> Result<(), Refusal> {
        let name = self.name(card);
        let Some(ability) = self.pool_use(seat, card) else {
            return Err(Refusal::new(
                format!("{name} has no power you can use from your pool now."),
                "SF-39",
            ));
        };
        if !self.condition_holds(&ability.condition, card, Side::Attacker) {
            return Err(Refusal::new(
                format!("{name}'s power acts only if {}.", ability.condition.describe()),
                "SF-1",
            ));
        }
        if self.lacks_choice(card, &ability.effect, seat) {
            return Err(Refusal::new(format!("{name} has nothing to act on now."), "SF-166"));
        }
        Ok(())
    }

    /// The powers `seat` could use from his pool now (checked by `check` before they are offered).
    pub(crate) fn pool_uses(&self, seat: Seat) -> impl Iterator<Item = Action> + '_ {
        // Most games have no such power: the pool is not read.
        let pool = if self.may_act_at(Trigger::FromPool) {
            &self.player(seat).pool[..]
        } else {
            &[]
        };
        pool.iter()
            .flat_map(|c| std::iter::once(c.card).chain(c.attachments.iter().copied()))
            .filter(move |&card| self.pool_use(seat, card).is_some())
            .map(Action::UseCard)
    }

    /// `seat` uses the power of `card` from his pool: its cost paid, then it acts or asks its
    /// choice.
    pub(crate) fn use_from_pool(&mut self, seat: Seat, card: CardId, events: &mut Vec<Event>) {
        let Some(ability) = self.pool_use(seat, card).cloned() else {
            return;
        };
        events.push(Event::CardUsed {
            seat,
            card: self.card_name(card),
            champion: CardName::default(),
        });
        match ability.cost {
            Cost::ThisToAbyss => {
                self.take_from_pool(seat, card, events);
                self.bin(card, Bin::Abyss);
            }
            Cost::DiscardThis | Cost::DiscardThisFromPool => self.discard_anywhere(seat, card),
            Cost::RestUntilOwnersNextTurn => self.resting.push(card),
            Cost::Nothing | Cost::CasterRestsUntilOwnersNextTurn | Cost::OncePerBattle => {}
        }
        self.begin_choices(&ability.effect, card, seat, &[], events);
    }

    /// `card` has just come into its owner's pool (`Condition::InPoolSinceLastTurn`).
    pub(crate) fn pooled_now(&mut self, card: CardId) {
        let turns = self.player(self.owner(card)).turns;
        self.tracks.pooled.retain(|&(c, _)| c != card);
        self.tracks.pooled.push((card, turns));
    }

    /// The carried powers `seat`'s fighting champion could use as his card in a round (checked
    /// by `check` before they are offered).
    pub(crate) fn carried_uses(&self, seat: Seat) -> impl Iterator<Item = Action> + '_ {
        self.fighter(seat)
            .map(|f| f.attachments.iter().copied())
            .into_iter()
            .flatten()
            .filter(move |&card| self.carried_use(seat, card).is_some())
            .map(Action::UseCard)
    }

    /// `seat`'s fighting champion uses the power of `card`, which he carries: it acts, or asks
    /// its choice; a power usable once a battle is spent when its choice is made.
    pub(crate) fn use_carried(&mut self, seat: Seat, card: CardId, events: &mut Vec<Event>) {
        let Some(ability) = self.carried_use(seat, card).cloned() else {
            return;
        };
        events.push(Event::CardUsed {
            seat,
            card: self.card_name(card),
            champion: self
                .fighter(seat)
                .map_or_else(CardName::default, |f| self.card_name(f.card)),
        });
        if ability.cost == Cost::OncePerBattle && !ability.effect.asks() {
            self.tracks.used_in_battle.push(card);
        }
        self.begin_choices(&ability.effect, card, seat, &[], events);
    }

    /// A spell in its pause turned back by `seat` (Spell Turning): it acts as if `seat` had cast
    /// it; one aimed at a card is aimed at the champion who cast it instead, if the spell can
    /// reach him, else at nothing.
    pub(crate) fn turn_spell(&self, pause: &mut Pause, seat: Seat) {
        if pause.target.is_some() {
            // A spell whose caster rests once it is cast (Wish) was cast by the champion of that
            // player's who began resting last; any other by a free one able to cast it.
            let rests = self
                .card(pause.event)
                .power
                .on_play()
                .is_some_and(|a| a.cost == Cost::CasterRestsUntilOwnersNextTurn);
            let caster = if rests {
                self.resting
                    .iter()
                    .rev()
                    .copied()
                    .find(|&c| self.player(pause.by).pool_index(c).is_some())
            } else {
                self.caster(pause.by, pause.event)
            };
            let aim = self
                .card(pause.event)
                .power
                .on_play()
                .and_then(|a| a.effect.choice_target());
            pause.target = caster.filter(|&c| aim.is_some_and(|t| self.is_candidate(pause.event, t, seat, c)));
        }
        pause.by = seat;
    }
}
