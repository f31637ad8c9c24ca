//! Setting up, and carrying out actions: every rule of the rulebook that changes the state.

use std::sync::Arc;

use spellhall_core::{GameRng, Pile, RuleError, Seat, SetupError};

use crate::state::{Finish, Pending, Placed};
use crate::{
    Action, Answer, CardId, Colour, Config, Effect, Event, Mode, Pool, Side, SpellOption, Spellcaster, Spells,
};

pub(crate) const START_ENERGY: u32 = 10;
pub(crate) const START_SAPPHIRES: u32 = 2;
pub(crate) const WINNING_SAPPHIRES: u32 = 15;
/// The cards dealt to each Mage; a solo Mage (of three) is dealt twice as many.
pub(crate) const HAND: usize = 3;
pub(crate) const SOLO_HAND: usize = 2 * HAND;
pub(crate) const ACTIONS_PER_TURN: u8 = 2;

impl Spellcaster {
    /// Shuffle, deal 3 cards to each Mage (6 to a solo Mage), give each side 10 Energy and 2
    /// Sapphires, choose who begins, and begin the first turn.
    pub(crate) fn setup(config: &Config, spells: &Arc<Spells>, seed: u64) -> Result<(Self, Vec<Event>), SetupError> {
        SetupError::unless_player_count::<Self>(usize::from(config.mages), "Mages")?;
        let mode = Mode::of(config.mages).expect("every player count has its Mode");
        let mut rng = GameRng::new(seed);
        let mut cards: Vec<CardId> = (0..spells.len() as u8).map(CardId).collect();
        rng.shuffle(&mut cards);
        let seats = usize::from(config.mages);
        // Who begins: at random in a duel or between the teams; with three Mages a team Mage begins.
        let order: Vec<Seat> = match mode {
            Mode::Duel => {
                let first = rng.below(2) as u8;
                vec![Seat(first), Seat(1 - first)]
            }
            Mode::ThreeMages => vec![Seat(0), Seat(1), Seat(2), Seat(1)],
            Mode::FourMages => {
                let first = rng.below(4);
                (0..4).map(|i| Seat(((first + i) % 4) as u8)).collect()
            }
        };
        let mut game = Self {
            spells: Arc::clone(spells),
            mode,
            rng,
            deck: Pile::from_top_down(cards),
            discard: Pile::new(),
            hands: vec![Vec::new(); seats],
            placards: Default::default(),
            pools: [Pool {
                energy: START_ENERGY,
                sapphires: START_SAPPHIRES,
            }; 2],
            order,
            order_pos: 0,
            turn: 0,
            actions_left: 0,
            activated: Vec::new(),
            fired_this_turn: Vec::new(),
            pending: None,
            deck_ran_out: false,
            finish: None,
        };
        for round in 0..SOLO_HAND {
            for seat in Seat::all(seats) {
                let solo = mode == Mode::ThreeMages && mode.side_of(seat) == Side(1);
                if (round < HAND || solo)
                    && let Some(card) = game.deck.draw()
                {
                    game.hands[seat.index()].push(card);
                }
            }
        }
        let mut events = Vec::new();
        game.begin_turn(&mut events);
        Ok((game, events))
    }

    /// Check, then carry out. On refusal nothing has changed.
    pub(crate) fn apply_action(&mut self, action: &Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_action_into(action, &mut events)?;
        Ok(events)
    }

    /// `apply_action`, the events written into `events` (emptied first).
    pub(crate) fn apply_action_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        events.clear();
        self.check(action)?;
        match action {
            Action::Answer(answer) => {
                self.answer(answer.clone(), events);
            }
            Action::EndTurn => self.end_turn(events),
            Action::Draw => {
                self.actions_left -= 1;
                self.draw_cards(self.turn_seat(), 1, false, events);
                self.after_action(events);
            }
            Action::Play(card) => {
                self.actions_left -= 1;
                let seat = self.turn_seat();
                self.hands[seat.index()].retain(|c| c != card);
                let spell = self.spells.get(*card);
                let colour = spell.colour;
                self.placards[colour.index()].push(Placed {
                    card: *card,
                    facing: self.side_of(seat),
                });
                events.push(Event::Played {
                    seat,
                    colour,
                    spell: spell.name.clone(),
                });
                self.after_action(events);
            }
            Action::Activate { colour, option } => {
                self.actions_left -= 1;
                let seat = self.turn_seat();
                let Some(top) = self.top(*colour) else {
                    unreachable!("check() found a card on the placard")
                };
                self.activated.push(top.card);
                let spells = Arc::clone(&self.spells);
                let spell = spells.get(top.card);
                events.push(Event::Activated {
                    seat,
                    colour: *colour,
                    spell: spell.name.clone(),
                });
                self.resolve(seat, &spell.effects, option.clone(), events);
                self.after_action(events);
            }
        }
        Ok(())
    }

    fn begin_turn(&mut self, events: &mut Vec<Event>) {
        let seat = self.turn_seat();
        self.turn += 1;
        self.actions_left = ACTIONS_PER_TURN;
        self.activated.clear();
        self.fired_this_turn.clear();
        events.push(Event::TurnBegan { seat, turn: self.turn });
        // Active Spells facing this Mage go off first, red to green; they cost no action.
        let side = self.side_of(seat);
        for colour in Colour::ALL {
            let Some(top) = self.top(colour) else { continue };
            // A handle on the spell list, not a copy of the spell: `resolve` needs `self` mutably.
            let spells = Arc::clone(&self.spells);
            let spell = spells.get(top.card);
            // An Active Spell whose cost cannot be paid does not go off (our ruling).
            if top.facing == side && spell.active && self.can_pay(seat, top.card) {
                events.push(Event::ActiveFired {
                    colour,
                    spell: spell.name.clone(),
                });
                self.fired_this_turn.push((colour, top.card));
                self.resolve(seat, &spell.effects, None, events);
                if self.finish.is_some() {
                    return;
                }
            }
        }
        if self.deck.is_empty() {
            self.finish_by_sapphires("the deck was empty when a Mage had to draw to start a turn", events);
            return;
        }
        self.draw_cards(seat, 1, false, events);
    }

    fn after_action(&mut self, events: &mut Vec<Event>) {
        if self.finish.is_none() && self.pending.is_none() && self.actions_left == 0 {
            self.end_turn(events);
        }
    }

    fn end_turn(&mut self, events: &mut Vec<Event>) {
        if self.deck_ran_out {
            self.finish_by_sapphires("a spell emptied the deck", events);
            return;
        }
        self.order_pos = (self.order_pos + 1) % self.order.len();
        self.begin_turn(events);
    }

    fn answer(&mut self, answer: Answer, events: &mut Vec<Event>) {
        let Some(pending) = self.pending.take() else { return };
        match answer {
            Answer::Discard(card) => {
                self.hands[pending.rival.index()].retain(|&c| c != card);
                self.discard.put_top(card);
                let name = self.spells.get(card).name.clone();
                events.push(Event::Lost {
                    seat: pending.rival,
                    cards: vec![name],
                    at_random: false,
                });
            }
            Answer::LetDraw => {
                events.push(Event::LetDraw { rival: pending.rival });
                self.draw_cards(pending.caster, pending.draw, true, events);
            }
        }
        self.check_end(pending.caster, events);
        if self.finish.is_none() {
            self.resolve(pending.caster, &pending.remaining, None, events);
        }
        self.after_action(events);
    }

    /// Carry out a spell's effects in order. Stops early when the game ends or a rival must answer.
    fn resolve(&mut self, caster: Seat, effects: &[Effect], option: Option<SpellOption>, events: &mut Vec<Event>) {
        let mine = self.side_of(caster);
        let theirs = mine.other();
        for (index, effect) in effects.iter().enumerate() {
            let target = match option {
                Some(SpellOption::Target(colour)) => Some(colour),
                _ => None,
            };
            match *effect {
                Effect::Damage(n) => self.change_energy(theirs, -i64::from(n), events),
                Effect::SelfDamage(n) => self.change_energy(mine, -i64::from(n), events),
                Effect::Heal(n) => self.change_energy(mine, i64::from(n), events),
                Effect::HealIfLow {
                    threshold,
                    low,
                    otherwise,
                } => {
                    let gain = if self.pool(mine).energy <= u32::from(threshold) {
                        low
                    } else {
                        otherwise
                    };
                    self.change_energy(mine, i64::from(gain), events);
                }
                Effect::GainSapphires(n) => self.change_sapphires(mine, i64::from(n), events),
                Effect::PaySapphires(n) => self.change_sapphires(mine, -i64::from(n), events),
                Effect::RivalLosesSapphires(n) => self.change_sapphires(theirs, -i64::from(n), events),
                Effect::RivalGainsSapphires(n) => self.change_sapphires(theirs, i64::from(n), events),
                Effect::StealSapphires(n) => {
                    let taken = self.pool(theirs).sapphires.min(u32::from(n));
                    self.change_sapphires(theirs, -i64::from(taken), events);
                    self.change_sapphires(mine, i64::from(taken), events);
                }
                Effect::StealEnergy(n) => {
                    let taken = self.pool(theirs).energy.min(u32::from(n));
                    self.change_energy(theirs, -i64::from(taken), events);
                    if self.finish.is_none() {
                        self.change_energy(mine, i64::from(taken), events);
                    }
                }
                Effect::Draw(n) => {
                    self.draw_cards(caster, n, true, events);
                }
                Effect::DiscardRandom(n) => self.lose_random(caster, n, events),
                Effect::RivalDiscardsRandom(n) => self.lose_random(self.next_rival(), n, events),
                Effect::ExtraActions(n) => {
                    self.actions_left += n;
                    events.push(Event::ExtraActions { seat: caster, count: n });
                }
                Effect::DamageAndRivalDraws { damage, rival_draws } => {
                    self.change_energy(theirs, -i64::from(damage), events);
                    if self.finish.is_none() {
                        self.draw_cards(self.next_rival(), rival_draws, true, events);
                    }
                }
                Effect::DrawUnlessRivalDiscards { draw, discard } => {
                    let rival = self.next_rival();
                    if self.hands[rival.index()].len() < usize::from(discard) {
                        self.draw_cards(caster, draw, true, events);
                    } else {
                        events.push(Event::AskedToDiscard {
                            rival,
                            caster,
                            draw,
                            discard,
                        });
                        self.pending = Some(Pending {
                            caster,
                            rival,
                            draw,
                            discard,
                            remaining: effects[index + 1..].to_vec(),
                        });
                        return;
                    }
                }
                Effect::EachMageGainsOrLosesCards(n) => {
                    let gain = option != Some(SpellOption::Lose);
                    // Every Mage, the caster first, then around the table.
                    let seats = self.seats();
                    for step in 0..seats {
                        let seat = caster.left(step, seats);
                        let count = if self.mode == Mode::ThreeMages && seat != Seat(1) {
                            n / 2
                        } else {
                            n
                        };
                        if gain {
                            self.draw_cards(seat, count, true, events);
                        } else {
                            self.lose_random(seat, count, events);
                        }
                    }
                }
                Effect::HealPerRivalCard => {
                    let cards = self.rival_hand_measure(caster);
                    self.change_energy(mine, cards as i64, events);
                }
                Effect::DamagePerRivalCard => {
                    let cards = self.rival_hand_measure(caster);
                    self.change_energy(theirs, -(cards as i64), events);
                }
                Effect::HealPerControlledPlacard => self.change_energy(mine, self.controlled_by(mine) as i64, events),
                Effect::DamagePerControlledPlacard => {
                    self.change_energy(theirs, -(self.controlled_by(mine) as i64), events)
                }
                Effect::SapphiresPerControlledPlacard => {
                    self.change_sapphires(mine, self.controlled_by(mine) as i64, events)
                }
                Effect::DrawPerControlledPlacard => {
                    let count = self.controlled_by(mine) as u8;
                    self.draw_cards(caster, count, true, events);
                }
                Effect::TakeControlOfPlacard => {
                    if let Some(colour) = target
                        && let Some(top) = self.placards[colour.index()].last_mut()
                    {
                        top.facing = mine;
                        let spell = self.spells.get(top.card).name.clone();
                        events.push(Event::ControlTaken {
                            seat: caster,
                            colour,
                            spell,
                        });
                    }
                }
                Effect::ReturnTopCardToHand => {
                    if let Some(colour) = target
                        && let Some(top) = self.placards[colour.index()].pop()
                    {
                        self.hands[caster.index()].push(top.card);
                        let spell = self.spells.get(top.card).name.clone();
                        events.push(Event::ReturnedToHand {
                            seat: caster,
                            colour,
                            spell,
                        });
                    }
                }
                Effect::BanishTopCard => {
                    if let Some(colour) = target
                        && let Some(top) = self.placards[colour.index()].pop()
                    {
                        self.discard.put_top(top.card);
                        let spell = self.spells.get(top.card).name.clone();
                        events.push(Event::Banished {
                            seat: caster,
                            colour,
                            spell,
                        });
                    }
                }
                Effect::TakeFromDiscard => {
                    if let Some(card) = self.discard.draw() {
                        self.hands[caster.index()].push(card);
                        let spell = self.spells.get(card).name.clone();
                        events.push(Event::TookFromDiscard { seat: caster, spell });
                    }
                }
            }
            self.check_end(caster, events);
            if self.finish.is_some() {
                return;
            }
        }
    }

    /// The rulebook's "cards in rival's hand", as its 3- and 4-Mage wording says.
    fn rival_hand_measure(&self, caster: Seat) -> usize {
        let rivals = self.seats_of(self.side_of(caster).other());
        let sizes = rivals.iter().map(|s| self.hands[s.index()].len());
        match self.mode {
            Mode::Duel => sizes.sum(),
            // The solo Mage counts both rivals' hands; a team Mage counts the solo Mage's.
            Mode::ThreeMages => sizes.sum(),
            // The biggest hand held by the opposing team.
            Mode::FourMages => sizes.max().unwrap_or(0),
        }
    }

    fn change_energy(&mut self, side: Side, change: i64, events: &mut Vec<Event>) {
        let pool = &mut self.pools[side.index()];
        let now = (i64::from(pool.energy) + change).max(0) as u32;
        let actual = i64::from(now) - i64::from(pool.energy);
        pool.energy = now;
        if actual != 0 {
            events.push(Event::Energy {
                side,
                seats: self.seats_of(side),
                change: actual as i32,
                now,
            });
        }
    }

    fn change_sapphires(&mut self, side: Side, change: i64, events: &mut Vec<Event>) {
        let pool = &mut self.pools[side.index()];
        let now = (i64::from(pool.sapphires) + change).max(0) as u32;
        let actual = i64::from(now) - i64::from(pool.sapphires);
        pool.sapphires = now;
        if actual != 0 {
            events.push(Event::Sapphires {
                side,
                seats: self.seats_of(side),
                change: actual as i32,
                now,
            });
        }
    }

    /// Draw up to `n` cards. A spell that asks for more than the deck holds gives what is left and
    /// ends the game after this turn.
    fn draw_cards(&mut self, seat: Seat, n: u8, by_spell: bool, events: &mut Vec<Event>) {
        if n == 0 {
            return;
        }
        let drawn = self.deck.draw_up_to(usize::from(n));
        if by_spell && drawn.len() < usize::from(n) && !self.deck_ran_out {
            self.deck_ran_out = true;
            events.push(Event::DeckRanOut);
        }
        let cards = drawn.iter().map(|&c| (c, self.spells.get(c).name.clone())).collect();
        self.hands[seat.index()].extend(drawn);
        events.push(Event::Drew { seat, cards });
    }

    /// "Lose" cards: at random from the hand to the discard pile.
    fn lose_random(&mut self, seat: Seat, n: u8, events: &mut Vec<Event>) {
        let mut lost = Vec::new();
        for _ in 0..n {
            let hand = &mut self.hands[seat.index()];
            if hand.is_empty() {
                break;
            }
            let card = hand.remove(self.rng.below(hand.len()));
            self.discard.put_top(card);
            lost.push(self.spells.get(card).name.clone());
        }
        if !lost.is_empty() {
            events.push(Event::Lost {
                seat,
                cards: lost,
                at_random: true,
            });
        }
    }

    /// A side at 0 Energy loses; a side with 15 Sapphires wins.
    fn check_end(&mut self, caster: Seat, events: &mut Vec<Event>) {
        let mine = self.side_of(caster);
        for side in [mine.other(), mine] {
            if self.pool(side).energy == 0 {
                let losers = spellhall_core::seats_token(&self.seats_of(side));
                self.finish_with(Some(side.other()), format!("{losers} ran out of Energy"), events);
                return;
            }
        }
        for side in [mine, mine.other()] {
            if self.pool(side).sapphires >= WINNING_SAPPHIRES {
                let winners = spellhall_core::seats_token(&self.seats_of(side));
                self.finish_with(
                    Some(side),
                    format!("{winners} gathered {WINNING_SAPPHIRES} Sapphires"),
                    events,
                );
                return;
            }
        }
    }

    fn finish_by_sapphires(&mut self, why: &str, events: &mut Vec<Event>) {
        let (a, b) = (self.pools[0], self.pools[1]);
        let winner = match (a.sapphires.cmp(&b.sapphires), a.energy.cmp(&b.energy)) {
            (std::cmp::Ordering::Greater, _) => Some(Side(0)),
            (std::cmp::Ordering::Less, _) => Some(Side(1)),
            (_, std::cmp::Ordering::Greater) => Some(Side(0)),
            (_, std::cmp::Ordering::Less) => Some(Side(1)),
            _ => None,
        };
        let (first, second) = (
            spellhall_core::seats_token(&self.seats_of(Side(0))),
            spellhall_core::seats_token(&self.seats_of(Side(1))),
        );
        let reason = format!(
            "{why}: Sapphires {first} {}, {second} {}; Energy {first} {}, {second} {}",
            a.sapphires, b.sapphires, a.energy, b.energy
        );
        self.finish_with(winner, reason, events);
    }

    fn finish_with(&mut self, winner: Option<Side>, reason: String, events: &mut Vec<Event>) {
        self.pending = None;
        let winners = winner.map(|side| self.seats_of(side)).unwrap_or_default();
        events.push(Event::GameOver {
            winners,
            reason: reason.clone(),
        });
        self.finish = Some(Finish { winner, reason });
    }
}
