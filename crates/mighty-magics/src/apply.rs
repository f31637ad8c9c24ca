//! Setup and `apply`: check the action (the same `check` that makes the legal list), then carry
//! it out and say what happened. The phases that need no decision (Resource phase, passing over a player with no
//! cards, a battle side with nothing to choose) run here as part of the action before them.

use std::sync::Arc;

use spellhall_core::{GameRng, Pile, RuleError, Seat, SetupError};

use crate::content::{Cards, Kind, Resource};
use crate::event::{CounterSource, Event};
use crate::state::{Battle, Holding, Kingdom, Phase, Stage, WINNING_FORCE};
use crate::{Action, CardId, Config, MightyMagics};

type Events = Vec<Event>;

impl MightyMagics {
    pub(crate) fn setup(config: &Config, cards: &Arc<Cards>, seed: u64) -> Result<(Self, Events), SetupError> {
        SetupError::unless_player_count::<Self>(usize::from(config.players), "players")?;
        let seats = usize::from(config.players);
        if cards.len() < seats * 5 + 10 {
            return Err(SetupError(format!(
                "a deck of {} cards is too small for {seats} players",
                cards.len()
            )));
        }
        let mut rng = GameRng::new(seed);
        let mut order: Vec<CardId> = cards.all().collect();
        rng.shuffle(&mut order);
        let mut game = MightyMagics {
            cards: Arc::clone(cards),
            config: config.clone(),
            rng,
            deck: Pile::from_top_down(order),
            discard: Pile::new(),
            hands: vec![Vec::new(); seats],
            kingdoms: vec![Kingdom::default(); seats],
            pile: [crate::content::COUNTERS_PER_TYPE; 12],
            tray: Vec::new(),
            active: Seat(0),
            turn: 0,
            phase: Phase::Draw,
            cursed: vec![None; seats],
            water_redrawn: false,
            foresight: vec![Vec::new(); seats],
            finish: None,
            table: std::sync::OnceLock::new(),
        };
        let mut events = Vec::new();
        // Our ruling (the rules are silent): everyone is dealt a hand of 5 before the first turn,
        // so that the leftovers of the very first Recruit phase have someone to go to.
        for seat in Seat::all(seats) {
            game.draw_cards(seat, crate::state::HAND_SIZE, &mut events);
        }
        game.begin_turn(Seat(0), &mut events);
        Ok((game, events))
    }

    pub(crate) fn apply_action(&mut self, action: &Action) -> Result<Events, RuleError> {
        let mut events = Vec::new();
        self.apply_action_into(action, &mut events)?;
        Ok(events)
    }

    /// `apply_action`, the events written into `events` (emptied first).
    pub(crate) fn apply_action_into(&mut self, action: &Action, events: &mut Events) -> Result<(), RuleError> {
        events.clear();
        self.check(action).map_err(|refusal| refusal.into_error(self))?;
        self.changed();
        let seat = self.decider().unwrap_or(self.active);
        match action.clone() {
            Action::Discard(card) => {
                self.hands[seat.index()].retain(|&c| c != card);
                self.discard.put_top(card);
                events.push(Event::Discarded {
                    seat,
                    cards: vec![self.name(card)],
                    forced: false,
                });
            }
            Action::Refill => {
                let missing = self.hand_limit(seat).saturating_sub(self.hand(seat).len());
                self.draw_cards(seat, missing, events);
                self.resource_phase(events);
            }
            Action::Recruit { card, spend } => {
                self.spend(seat, card, &spend);
                self.kingdoms[seat.index()]
                    .holdings_mut(self.cards.get(card).is_stronghold())
                    .push(Holding {
                        card,
                        attached: Vec::new(),
                    });
                events.push(Event::Recruited {
                    seat,
                    card: self.name(card),
                    spend,
                });
                self.after_play(events);
            }
            Action::Cast { card, spend, choice } => {
                self.spend(seat, card, &spend);
                events.push(Event::Cast {
                    seat,
                    card: self.name(card),
                    spend,
                });
                if let Kind::Magic(magic) = self.cards.get(card).kind {
                    self.resolve_magic(seat, card, magic, choice, events);
                }
                self.after_play(events);
            }
            Action::RedrawWater => {
                let count = self.tray_count(Resource::Water);
                self.tray.retain(|&r| r != Resource::Water);
                self.pile[Resource::Water.index()] += count as u8;
                self.water_redrawn = true;
                events.push(Event::Returned {
                    counters: vec![Resource::Water; count],
                });
                self.draw_counters(seat, count, CounterSource::WaterRedraw, events);
            }
            Action::Pass => self.pass_on(events),
            Action::Target(card) => self.battle_mut().target = Some(card),
            Action::Send(horde) => self.battle_mut().attackers.push(horde),
            Action::Recall(horde) => self.battle_mut().attackers.retain(|&h| h != horde),
            Action::Charge => self.charge(events),
            Action::NoAttack => {
                events.push(Event::NoAttack { seat, forced: false });
                self.end_turn(events);
            }
            Action::Defend(horde) => self.battle_mut().defenders.push(horde),
            Action::Withdraw(horde) => self.battle_mut().defenders.retain(|&h| h != horde),
            Action::HoldFast => self.hold_fast(events),
            Action::Lose(card) => self.battle_mut().marked.push(card),
            Action::Spare(card) => self.battle_mut().marked.retain(|&c| c != card),
            Action::ConfirmLosses => self.confirm_losses(events),
        }
        Ok(())
    }

    pub(crate) fn name(&self, card: CardId) -> String {
        self.cards.get(card).name.clone()
    }

    fn battle_mut(&mut self) -> &mut Battle {
        match &mut self.phase {
            Phase::Attack(battle) => battle,
            // `legal` offers battle actions only in the Attack phase.
            _ => unreachable!("a battle action outside the Attack phase"),
        }
    }

    // ---- Turn sequence ----

    fn begin_turn(&mut self, seat: Seat, events: &mut Events) {
        self.active = seat;
        self.turn += 1;
        self.water_redrawn = false;
        let force = self.stronghold_force(seat);
        if force >= WINNING_FORCE {
            self.phase = Phase::Over;
            self.finish = Some(crate::state::Finish { winner: seat, force });
            events.push(Event::Won { seat, force });
            return;
        }
        self.phase = Phase::Draw;
        events.push(Event::TurnBegan { seat, turn: self.turn });
    }

    fn end_turn(&mut self, events: &mut Events) {
        let next = self.left_of(self.active);
        self.begin_turn(next, events);
    }

    fn resource_phase(&mut self, events: &mut Events) {
        let seat = self.active;
        let rolls = self.resource_rolls(seat);
        self.cursed[seat.index()] = None;
        self.draw_counters(seat, rolls, CounterSource::ResourcePhase, events);
        self.phase = Phase::Recruit { holder: seat };
        if self.tray.is_empty() {
            self.begin_attack(events);
        }
    }

    /// After a card is played: with no counters left, recruiting is over.
    fn after_play(&mut self, events: &mut Events) {
        if self.tray.is_empty() {
            self.begin_attack(events);
        }
    }

    /// The holder is done: the counters go left, over players without cards and players who could
    /// pay for no card at all with them, until they would come back to the active player; then
    /// what is left returns to the pile and the Attack phase begins.
    fn pass_on(&mut self, events: &mut Events) {
        let Phase::Recruit { holder } = self.phase else {
            return;
        };
        let mut next = self.left_of(holder);
        while next != self.active && !self.tray.is_empty() {
            if self.hand(next).is_empty() {
                events.push(Event::Skipped { seat: next });
                next = self.left_of(next);
                continue;
            }
            if !self.could_use_tray(next) {
                events.push(Event::CannotUse {
                    seat: next,
                    counters: self.tray.clone(),
                });
                next = self.left_of(next);
                continue;
            }
            events.push(Event::Passed {
                from: holder,
                to: next,
                counters: self.tray.clone(),
            });
            self.phase = Phase::Recruit { holder: next };
            return;
        }
        self.begin_attack(events);
    }

    fn begin_attack(&mut self, events: &mut Events) {
        let counters = std::mem::take(&mut self.tray);
        if !counters.is_empty() {
            for r in &counters {
                self.pile[r.index()] += 1;
            }
            events.push(Event::Returned { counters });
        }
        let seat = self.active;
        let has_hordes = !self.kingdom(seat).hordes.is_empty();
        let has_target = Seat::all(self.seats()).any(|s| s != seat && !self.kingdom(s).strongholds.is_empty());
        if has_hordes && has_target {
            self.phase = Phase::Attack(Battle::new());
        } else {
            events.push(Event::NoAttack { seat, forced: true });
            self.end_turn(events);
        }
    }

    // ---- Cards and counters ----

    /// Draw cards into a seat's hand, shuffling the discard pile into a new deck when it runs out.
    pub(crate) fn draw_cards(&mut self, seat: Seat, count: usize, events: &mut Events) {
        if count == 0 {
            return;
        }
        let mut drawn = Vec::new();
        for _ in 0..count {
            if self.deck.is_empty() && !self.discard.is_empty() {
                let mut cards = self.discard.take_all();
                self.rng.shuffle(&mut cards);
                events.push(Event::Reshuffled { cards: cards.len() });
                self.deck = Pile::from_top_down(cards);
                // What Divination showed is gone with the old deck.
                self.foresight.iter_mut().for_each(Vec::clear);
            }
            let Some(card) = self.deck.draw() else {
                break;
            };
            self.hands[seat.index()].push(card);
            drawn.push(self.name(card));
        }
        events.push(Event::Drew { seat, cards: drawn });
    }

    /// Draw counters at random from the pile into the tray.
    pub(crate) fn draw_counters(&mut self, seat: Seat, count: usize, source: CounterSource, events: &mut Events) {
        let mut drawn = Vec::new();
        for _ in 0..count {
            let total: usize = self.pile.iter().map(|&n| usize::from(n)).sum();
            if total == 0 {
                break;
            }
            let mut pick = self.rng.below(total);
            let kind = Resource::ALL
                .into_iter()
                .find(|r| {
                    let n = usize::from(self.pile[r.index()]);
                    if pick < n {
                        true
                    } else {
                        pick -= n;
                        false
                    }
                })
                .unwrap_or(Resource::Gold);
            self.pile[kind.index()] -= 1;
            drawn.push(kind);
        }
        self.tray.extend(&drawn);
        self.tray.sort();
        drawn.sort();
        events.push(Event::Counters {
            seat,
            counters: drawn,
            source,
        });
    }

    /// Pay for a card: its counters go back to the pile and it leaves the hand.
    fn spend(&mut self, seat: Seat, card: CardId, spend: &[Resource]) {
        for r in spend {
            if let Some(i) = self.tray.iter().position(|t| t == r) {
                self.tray.remove(i);
                self.pile[r.index()] += 1;
            }
        }
        self.hands[seat.index()].retain(|&c| c != card);
    }

    /// Take a card out of play (with what is attached to it), returning its controller and holding.
    fn lift(&mut self, card: CardId) -> Option<(Seat, Holding)> {
        for (i, kingdom) in self.kingdoms.iter_mut().enumerate() {
            for zone in [&mut kingdom.strongholds, &mut kingdom.hordes] {
                if let Some(at) = zone.iter().position(|h| h.card == card) {
                    return Some((Seat(i as u8), zone.remove(at)));
                }
            }
        }
        None
    }

    pub(crate) fn destroy(&mut self, card: CardId, events: &mut Events) {
        if let Some((owner, holding)) = self.lift(card) {
            let attached = holding.attached.iter().map(|&m| self.name(m)).collect();
            for magic in holding.attached {
                self.discard.put_top(magic);
            }
            self.discard.put_top(card);
            events.push(Event::Destroyed {
                owner,
                card: self.name(card),
                attached,
            });
        }
    }

    pub(crate) fn take_control(&mut self, card: CardId, to: Seat) -> Option<Seat> {
        let (from, holding) = self.lift(card)?;
        let stronghold = self.cards.get(card).is_stronghold();
        self.kingdoms[to.index()].holdings_mut(stronghold).push(holding);
        Some(from)
    }

    /// Discard a whole hand; `forced` when an opponent made it happen (the hand becomes news).
    pub(crate) fn discard_hand(&mut self, seat: Seat, forced: bool, events: &mut Events) {
        let hand = std::mem::take(&mut self.hands[seat.index()]);
        if hand.is_empty() {
            return;
        }
        events.push(Event::Discarded {
            seat,
            cards: hand.iter().map(|&c| self.name(c)).collect(),
            forced,
        });
        for card in hand {
            self.discard.put_top(card);
        }
    }

    // ---- Battle ----

    fn charge(&mut self, events: &mut Events) {
        let seat = self.active;
        let battle = self.battle().cloned().unwrap_or_else(Battle::new);
        let Some(target) = battle.target else {
            return;
        };
        let total: u32 = battle.attackers.iter().map(|&h| self.force(h, false).0).sum();
        let defender = self.defender(&battle).unwrap_or(seat);
        events.push(Event::Attacking {
            attacker: seat,
            defender,
            target: self.name(target),
            hordes: battle.attackers.iter().map(|&h| self.name(h)).collect(),
            total,
        });
        let battle = self.battle_mut();
        battle.attack_total = total;
        battle.stage = Stage::Defend;
        // A defender without Hordes has nothing to decide.
        if self.kingdom(defender).hordes.is_empty() {
            self.hold_fast(events);
        }
    }

    fn hold_fast(&mut self, events: &mut Events) {
        let Some(battle) = self.battle().cloned() else {
            return;
        };
        let (Some(target), Some(defender)) = (battle.target, self.defender(&battle)) else {
            return;
        };
        let mut forces: Vec<(CardId, u32)> = battle.attackers.iter().map(|&h| (h, self.force(h, false).0)).collect();
        forces.extend(battle.defenders.iter().map(|&h| (h, self.force(h, true).0)));
        forces.push((target, self.force(target, false).0));
        let defence_total = battle
            .defenders
            .iter()
            .chain([&target])
            .map(|&c| self.force(c, c != target).0)
            .sum();
        events.push(Event::Defending {
            defender,
            hordes: battle.defenders.iter().map(|&h| self.name(h)).collect(),
            total: defence_total,
        });
        let battle = self.battle_mut();
        battle.forces = forces;
        battle.defence_total = defence_total;
        battle.stage = Stage::AttackerLosses;
        self.settle_losses(events);
    }

    /// Resolve every casualty choice that has only one answer; stop at the first real choice.
    fn settle_losses(&mut self, events: &mut Events) {
        while let Some(battle) = self.battle() {
            let rule = self.loss_rule(battle);
            let Some(forced) = rule.forced(battle) else {
                return;
            };
            self.battle_mut().marked = forced;
            self.finish_side(events);
            if self.battle().is_none() {
                return;
            }
        }
    }

    fn confirm_losses(&mut self, events: &mut Events) {
        self.finish_side(events);
        if self.battle().is_some() {
            self.settle_losses(events);
        }
    }

    /// The side choosing now has chosen: its casualties are destroyed. After the defender's, the
    /// short-game capture happens and the turn ends.
    fn finish_side(&mut self, events: &mut Events) {
        let battle = self.battle_mut();
        let marked = std::mem::take(&mut battle.marked);
        let attacker_done = battle.stage == Stage::AttackerLosses;
        if attacker_done {
            battle.stage = Stage::DefenderLosses;
        }
        let battle = battle.clone();
        for card in marked {
            self.destroy(card, events);
        }
        if attacker_done {
            return;
        }
        if self.config.short_attacks
            && battle.attack_total > battle.defence_total
            && let Some(target) = battle.target
            && let Some(from) = self.take_control(target, self.active)
        {
            events.push(Event::Captured {
                from,
                to: self.active,
                card: self.name(target),
            });
        }
        self.end_turn(events);
    }
}

impl Kingdom {
    pub(crate) fn holdings_mut(&mut self, stronghold: bool) -> &mut Vec<Holding> {
        if stronghold {
            &mut self.strongholds
        } else {
            &mut self.hordes
        }
    }
}
