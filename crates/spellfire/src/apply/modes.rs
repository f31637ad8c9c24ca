//! Powers that let their player choose between ways of acting (`OneOf`: "one champion or two
//! allies"), flight given to a chosen fighting card (`Fly`), and a card that stays on the
//! opposing champion (`StaysOnOpponent`), and cards in play that change the phase-1 draw
//! (`TurnDraw`); a champion's power as it casts a spell (`Trigger::Casts`), and a card shuffled
//! back into its owner's draw pile (`ShuffleIntoDraw`); a realm's power as a battle over it
//! begins (`Trigger::RealmAttacked`), and a card drawn to be played at once (`DrawAndPlay`).

use spellhall_core::Seat;

use crate::catalogue::cards::CardType;
use crate::effects::{Cost, Effect, Trigger, Whose};
use crate::event::Event;
use crate::state::{CardId, FighterKind, Pending, Pick, Spellfire};

use super::Acting;

impl Spellfire {
    /// The cards a `OneOf` may begin with: those of each way's first choice, without repeats.
    pub(crate) fn one_of_candidates(&self, source: CardId, all: &[Effect], by: Seat) -> Vec<CardId> {
        let mut out = Vec::new();
        for target in all.iter().filter_map(Effect::choice_target) {
            for card in self.candidates(source, target, by) {
                if !out.contains(&card) {
                    out.push(card);
                }
            }
        }
        out
    }

    /// `OneOf` and `Fly` for `by`, the player of `source`, on the chosen `target` (asked first if
    /// not chosen yet).
    pub(crate) fn carry_out_mode(&mut self, effect: &Effect, acting: Acting<'_>, events: &mut Vec<Event>) {
        let (source, by, target, calmed) = (acting.source, acting.by, acting.target, acting.calmed);
        if *effect == Effect::StaysOnOpponent {
            self.stay_on_opponent(source, by);
            return;
        }
        if *effect == Effect::DrawAndPlay {
            // Offered as spoils are: play it at once (whatever its phase), or keep it.
            if let Some(card) = self.draw_one(by, events) {
                self.pending.push(Pending::Spoils { seat: by, card });
            }
            return;
        }
        let Some(card) = target else {
            self.begin_choices(effect, source, by, calmed, events);
            return;
        };
        match effect {
            Effect::OneOf(all) => {
                // The first way whose choice allows the card; its further choices follow.
                let chosen = all.iter().find(|way| {
                    way.choice_target()
                        .is_some_and(|t| self.is_candidate(source, t, by, card))
                });
                let Some(way) = chosen.cloned() else { return };
                let (inner, more) = match way {
                    Effect::UpTo(amount, inner) => (*inner, amount.value().saturating_sub(1) as u8),
                    Effect::May(inner) => (*inner, 0),
                    other => (other, 0),
                };
                self.carry_out(&inner, source, by, Some(card), &[], events);
                let next = Pick {
                    seat: by,
                    source,
                    effect: inner,
                    left: more,
                    optional: true,
                    player: None,
                    seen: Vec::new(),
                };
                if more > 0 && self.pick_has_candidate(&next) {
                    self.pending.push(Pending::Pick(Box::new(next)));
                }
            }
            Effect::ShuffleIntoDraw(_) => {
                let owner = self.owner(card);
                if !self.in_play_but_realms().contains(&card) {
                    return;
                }
                self.discard_in_play(card, events);
                let discard = &mut self.player_mut(owner).discard;
                if let Some(index) = discard.iter().position(|&c| c == card) {
                    discard.remove(index);
                    self.player_mut(owner).draw.put_top(card);
                    let rng = &mut self.rng;
                    self.players[owner.index()].draw.shuffle(rng);
                    events.push(Event::Returned {
                        seat: owner,
                        card: self.card_name(card),
                        by: self.card_name(source),
                        to: "into its owner's draw pile, shuffled".into(),
                    });
                }
            }
            Effect::Fly(_) => {
                if let Some(battle) = &mut self.battle
                    && !battle.flying.contains(&card)
                {
                    battle.flying.push(card);
                }
                // A walled attacker who now flies goes on (SF-132).
                if let Some(&Pending::Walled { wall, .. }) = self.pending.last()
                    && self.can_cross(wall)
                {
                    self.pending.pop();
                }
            }
            _ => {}
        }
    }

    /// `card`, just played by `by` in a round, leaves his side for the opposing champion's
    /// attachments, where it counts on that side and goes with him to his pool.
    fn stay_on_opponent(&mut self, card: CardId, by: Seat) {
        let Some(battle) = &mut self.battle else { return };
        let (own, other) = if battle.attacker == by {
            (&mut battle.attacking, &mut battle.defending)
        } else {
            (&mut battle.defending, &mut battle.attacking)
        };
        let (Some(own), Some(other)) = (own.as_mut(), other.as_mut()) else {
            return;
        };
        let Some(index) = own.round_cards.iter().position(|&c| c == card) else {
            return;
        };
        own.round_cards.remove(index);
        // Only a champion carries it home; a realm defending itself has no pool to take it to,
        // so the card is used up.
        if other.kind == FighterKind::Champion {
            other.attachments.push(card);
        } else {
            self.bin(card, super::Bin::Discard);
        }
    }

    /// Whether `card` is one that stays on an opposing champion (held by a player other than its
    /// owner).
    pub fn stays_on_opponent(&self, card: CardId) -> bool {
        self.card(card)
            .power
            .on_play()
            .is_some_and(|a| a.effect == Effect::StaysOnOpponent)
    }

    /// `base`, the cards `seat` draws in phase 1 by the format and his realms, changed by the
    /// `TurnDraw` powers of the cards in play (realms, holdings, champions and what they carry,
    /// the rule card): never below one, and never below three — or `base` if less — on his first
    /// turn (SF-34).
    pub(crate) fn powered_draw(&self, seat: Seat, base: usize) -> usize {
        if !self.may_have(crate::apply::Family::TurnDraw) {
            return base;
        }
        let mut cards: Vec<CardId> = self.rule_card.into_iter().collect();
        for player in &self.players {
            let standing = player.formation.realms().filter(|(_, s)| !s.razed);
            cards.extend(standing.flat_map(|(_, s)| [Some(s.realm), s.holding]).flatten());
            for champion in &player.pool {
                cards.push(champion.card);
                cards.extend(&champion.attachments);
            }
        }
        let change: i32 = cards
            .iter()
            .flat_map(|&card| self.abilities_of(card).map(move |a| (card, a)))
            .filter_map(|(card, a)| match a.effect {
                Effect::TurnDraw { whose, change } if a.when == Trigger::InPlay => {
                    let by = self.owner(card);
                    let fits = match whose {
                        Whose::Anyone => true,
                        Whose::Own => seat == by,
                        Whose::Opponents | Whose::Facing => seat != by,
                    };
                    fits.then_some(i32::from(change))
                }
                _ => None,
            })
            .sum();
        if change == 0 {
            return base;
        }
        let drawn = (base as i32 + change).max(1) as usize;
        if self.player(seat).turns <= 1 {
            drawn.max(base.min(3))
        } else {
            drawn
        }
    }

    /// `caster` has just cast `spell` for `by`: its `Casts` powers act (the Defiler's price), the
    /// first only in a battle when they act once a battle.
    pub(crate) fn caster_casts(&mut self, caster: Option<CardId>, spell: CardId, by: Seat, events: &mut Vec<Event>) {
        let Some(caster) = caster else { return };
        if !matches!(self.kind(spell), CardType::WizardSpell | CardType::ClericSpell) {
            return;
        }
        // Read from the shared content: the choices they begin change the state.
        let content = std::sync::Arc::clone(&self.content);
        for ability in self.abilities_in(&content, caster).filter(|a| a.when == Trigger::Casts) {
            let once = ability.cost == Cost::OncePerBattle && self.battle.is_some();
            if once && self.tracks.used_in_battle.contains(&caster) {
                continue;
            }
            if once {
                self.tracks.used_in_battle.push(caster);
            }
            self.begin_choices(&ability.effect, caster, by, &[], events);
        }
    }

    /// A battle over `seat`'s realm at `at` has begun: the `RealmAttacked` powers of the realm and
    /// its holding act for him, before he chooses a defender.
    pub(crate) fn realm_attacked(&mut self, seat: Seat, at: crate::formation::Position, events: &mut Vec<Event>) {
        let Some(slot) = self.player(seat).formation.slot(at).filter(|s| !s.razed) else {
            return;
        };
        let powers: Vec<(Effect, CardId, Seat)> = [Some(slot.realm), slot.holding]
            .into_iter()
            .flatten()
            .flat_map(|card| {
                self.abilities_of(card)
                    .filter(|a| a.when == Trigger::RealmAttacked)
                    .map(move |a| (a.effect.clone(), card, seat))
            })
            .collect();
        for (effect, card, seat) in powers {
            self.carry_out_mode(&effect, Acting::new(card, seat, None, &[]), events);
        }
    }
}
