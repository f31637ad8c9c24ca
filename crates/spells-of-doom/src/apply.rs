//! Carrying out actions: setup, the upkeep steps in their order, the Hero phase's actions, death
//! and respawn, the end phase, scoring after each round, and the end of the game.

use std::sync::Arc;

use spellhall_core::{Figure, GameRng, Outcome, Pile, RuleError, Seat, SetupError, seat_token};

use crate::action::{Action, Target};
use crate::combat::{damage, roll, token_upkeep};
use crate::content::{Ability, CardKind, Content, Effect};
use crate::event::{Attacker, Event};
use crate::legal::RESERVE_MAX;
use crate::state::{
    BRAIN_DAMAGE_PAY_OFF, BUILD_COST, BURN_PAY_OFF, Building, CAPTURE_COST, CardId, Character, Config,
    FIRST_PLAYER_DICE, HAND_SIZE, HeroState, KILL_VP, Lookup, Phase, Player, Pos, RECHARGE_MANA, ROUNDS, START_MANA,
    STRUCTURE_ARMOR, STRUCTURE_HP, Shrine, SpellsOfDoom, TOWER_ATTACK, TOWER_HEAL, TOWER_RANGE, TURNS_PER_ROUND,
    TowerKind, Track, TurnFlags, UPGRADE_COST, WIN_VP,
};

impl SpellsOfDoom {
    /// A new game: Heroes on their starting spaces, 7 mana, 5 cards each; the mulligans come first.
    pub fn setup(config: &Config, content: &Arc<Content>, seed: u64) -> Result<(Self, Vec<Event>), SetupError> {
        let count = config.heroes.len();
        SetupError::unless_player_count::<Self>(count, "players")?;
        for (i, hero) in config.heroes.iter().enumerate() {
            if content.hero(hero).is_none() {
                let known: Vec<&str> = content.heroes.items().iter().map(|h| h.id.as_str()).collect();
                return Err(SetupError(format!(
                    "There is no Hero '{hero}'; the Heroes are {}.",
                    known.join(", ")
                )));
            }
            if config.heroes[..i].contains(hero) {
                return Err(SetupError(format!(
                    "{hero} is chosen twice: each player takes a different Hero."
                )));
            }
        }
        let mut rng = GameRng::new(seed);
        let mut game = SpellsOfDoom {
            content: Arc::clone(content),
            config: config.clone(),
            rng: GameRng::new(0),
            players: Vec::with_capacity(count),
            shrines: content
                .board
                .shrines
                .iter()
                .map(|hex| Shrine {
                    at: Pos::of(*hex),
                    owner: None,
                    hp: STRUCTURE_HP,
                })
                .collect(),
            buildings: Vec::new(),
            creatures: Vec::new(),
            turn: 0,
            active: Seat(0),
            first: Seat(0),
            vp: [0, 0],
            phase: Phase::Mulligan { seat: Seat(0) },
            flags: TurnFlags::default(),
            window: None,
            outcome: None,
            lookup: Arc::new(Lookup::new(content, &config.heroes)),
        };
        for hero in &config.heroes {
            let def = content.hero(hero).expect("checked above");
            let deck_size = content.decks[hero].len() as u16;
            let mut deck = Pile::from_top_down((0..deck_size).map(CardId).collect());
            deck.shuffle(&mut rng);
            let hand = deck.draw_up_to(HAND_SIZE);
            game.players.push(Player {
                hero_id: hero.clone(),
                hero: HeroState {
                    hp: def.hp,
                    armor_step: 0,
                    attack_step: 0,
                    at: None,
                    burn: 0,
                    brain_damage: 0,
                    stunned: false,
                    shield: 0,
                    stoneskin: 0,
                },
                mana: START_MANA,
                hand,
                deck,
                // Room for the whole deck and the full Reserve, not grown card by card.
                discard: Vec::with_capacity(usize::from(deck_size)),
                reserve: Vec::with_capacity(RESERVE_MAX),
                spells: Vec::new(),
                terrain: Vec::new(),
            });
        }
        // Starting spaces depend on the table's size, known once every player is seated.
        for seat in crate::seats(count) {
            let start = game.start_of(seat);
            game.players[seat.index()].hero.at = Some(start);
        }
        game.rng = rng;
        Ok((game, vec![Event::Dealt { players: count as u8 }]))
    }

    pub fn apply_action(&mut self, action: &Action) -> Result<Vec<Event>, RuleError> {
        // Every action reports at least one event, and nearly every one at most five (ending a
        // turn: the upkeep's): room for them at once, not grown from empty.
        let mut events = Vec::with_capacity(5);
        self.apply_action_into(action, &mut events)?;
        Ok(events)
    }

    /// `apply_action`, the events written into `events` (emptied first).
    pub fn apply_action_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        events.clear();
        self.check(action)?;
        let seat = self.decider().expect("check refuses actions after the end");
        if let Phase::Response { .. } = self.phase {
            self.answer(seat, action, events);
            return Ok(());
        }
        // An attack or spell against a character whose owner holds a face-down card waits for
        // his answer; it is checked again and carried out when the window closes.
        if self.phase == Phase::Hero
            && let Some(window) = self.declared_window(seat, action)
        {
            events.push(Event::Declared {
                seat,
                action: self.describe_for(seat, action),
            });
            self.open_window(window, events);
            return Ok(());
        }
        self.carry_out(seat, action, events);
        Ok(())
    }

    /// Carry out an action `check` has accepted for `seat`.
    pub(crate) fn carry_out(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        match action {
            Action::Mulligan { cards } => self.mulligan(seat, cards, events),
            Action::PayTokens { burn, brain_damage } => {
                let player = &mut self.players[seat.index()];
                player.mana -= u32::from(*burn) * BURN_PAY_OFF + u32::from(*brain_damage) * BRAIN_DAMAGE_PAY_OFF;
                player.hero.burn -= burn;
                player.hero.brain_damage -= brain_damage;
                if *burn + *brain_damage > 0 {
                    events.push(Event::TokensPaidOff {
                        seat,
                        burn: *burn,
                        brain_damage: *brain_damage,
                    });
                }
                self.phase = Phase::Hero;
            }
            Action::Move { to } => {
                self.move_hero(seat, *to, events);
                self.open_move_windows(Character::Hero(seat), events);
            }
            Action::Attack { target, fire } => {
                let hero = Character::Hero(seat);
                self.act_with(hero, false);
                self.flags.strikes += 1;
                let strong = std::mem::take(&mut self.flags.boost_mut(hero).strong);
                let mut dice_count = self.attack_dice(seat) + u32::from(strong);
                if *fire && let Some((mana, dice)) = self.fire_attack(seat) {
                    self.players[seat.index()].mana -= mana;
                    dice_count += dice;
                }
                // Accuracy: roll more, keep the best as many as the attack has.
                let dice = self.roll_attack(hero, dice_count);
                self.resolve_attack(Attacker::Hero(seat), *target, dice, events);
            }
            Action::Upgrade { track } => {
                self.flags.upgraded = true;
                let player = &mut self.players[seat.index()];
                player.mana -= UPGRADE_COST;
                match track {
                    Track::Armor => player.hero.armor_step += 1,
                    Track::Attack => player.hero.attack_step += 1,
                }
                events.push(Event::Upgraded { seat, track: *track });
            }
            Action::Build { tower } => {
                self.flags.built = true;
                let cost = self.build_cost();
                self.flags.conjuration = 0;
                let player = &mut self.players[seat.index()];
                player.mana -= cost;
                let at = player.hero.at.expect("checked: on the board");
                self.buildings.push(Building {
                    kind: *tower,
                    owner: seat,
                    at,
                    hp: STRUCTURE_HP,
                });
                events.push(Event::Built {
                    seat,
                    tower: *tower,
                    at,
                });
            }
            Action::Capture => {
                let player = &mut self.players[seat.index()];
                player.mana -= CAPTURE_COST;
                let at = player.hero.at.expect("checked: on the board");
                if let Some(shrine) = self.shrines.iter_mut().find(|s| s.at == at) {
                    shrine.owner = Some(seat);
                    shrine.hp = STRUCTURE_HP;
                }
                events.push(Event::Captured { seat, at });
            }
            Action::Recharge { cards } => {
                let player = &mut self.players[seat.index()];
                player.hand.retain(|c| !cards.contains(c));
                player.reserve.retain(|c| !cards.contains(c));
                player.spells.retain(|c| !cards.contains(c));
                player.terrain.retain(|(c, _)| !cards.contains(c));
                player.discard.extend(cards);
                player.mana += RECHARGE_MANA;
                events.push(Event::Recharged { seat });
            }
            Action::Play { card, on } => self.play(seat, *card, *on, events),
            Action::PlaceTerrain { card, at } => {
                let player = &mut self.players[seat.index()];
                player.hand.retain(|c| c != card);
                player.terrain.push((*card, *at));
                events.push(Event::TerrainPlaced { seat, at: *at });
            }
            Action::Reveal { card, on } => self.reveal_terrain(seat, *card, *on, events),
            Action::Cast { spell, copies, target } => {
                self.act_with(Character::Hero(seat), false);
                self.cast(seat, *spell, *copies, *target, events)
            }
            Action::Summon { token, at } => {
                let kind = self.token_kind(seat, *token).unwrap_or_default().to_string();
                let base = self.creature_def(&kind).cost.unwrap_or(0);
                let cost = self.summon_cost(seat, base);
                self.players[seat.index()].mana -= cost;
                self.place_creature(seat, *token, *at, None, events);
            }
            Action::CreatureMove { creature, to } => {
                self.move_creature(*creature, *to, events);
                self.open_move_windows(Character::Creature(*creature), events);
            }
            Action::CreatureAttack {
                creature,
                target,
                special,
            } => self.creature_attack(*creature, *target, *special, events),
            Action::Reserve { card } => {
                let player = &mut self.players[seat.index()];
                player.mana -= 1;
                player.hand.retain(|c| c != card);
                player.reserve.push(*card);
                events.push(Event::Reserved { seat });
            }
            Action::EndTurn => self.end_turn(seat, events),
            // `check` lets Pass through only in a response window, answered above.
            Action::Pass => {}
        }
    }

    /// A skill takes effect on `on` and is discarded; a spell is prepared in the Spell Area.
    fn play(&mut self, seat: Seat, card: CardId, on: Character, events: &mut Vec<Event>) {
        let content = self.content_handle();
        let index = self.card_index(seat, card);
        let def = &content.cards.items()[index];
        let player = &mut self.players[seat.index()];
        player.hand.retain(|c| *c != card);
        player.reserve.retain(|c| *c != card);
        if matches!(def.kind, CardKind::Spell { .. }) {
            player.spells.push(card);
            events.push(Event::Prepared {
                seat,
                card: content.log_words.cards[index].clone(),
            });
            return;
        }
        player.discard.push(card);
        events.push(Event::played(seat, &content, index, on));
        match def.effect {
            Effect::GainMana { mana } => player.mana += u32::from(mana),
            Effect::TowerConjuration { discount } => self.flags.conjuration += discount,
            Effect::Summoning => self.flags.summoning = true,
            Effect::Run { speed } => self.flags.boost_mut(on).speed += speed,
            Effect::StrongAttack { attack } => self.flags.boost_mut(on).strong += attack,
            Effect::Accuracy { dice } => self.flags.boost_mut(on).accuracy += dice,
            Effect::FastAttack => self.flags.boost_mut(on).fast = true,
            Effect::MagicShield { armor } => self.shield(on, armor),
            Effect::Heal { hp } => self.heal_character(on, hp, "Heal", events),
            // `check` lets only the skills above through.
            _ => {}
        }
    }

    /// Magic Shield on a character: Armor until the start of its owner's next turn.
    pub(crate) fn shield(&mut self, on: Character, armor: u8) {
        match on {
            Character::Hero(seat) => self.players[seat.index()].hero.shield += armor,
            Character::Creature(id) => {
                if let Some(creature) = self.creatures.iter_mut().find(|c| c.id == id) {
                    creature.shield += armor;
                }
            }
        }
    }

    pub(crate) fn heal_character(&mut self, on: Character, hp: u8, by: &'static str, events: &mut Vec<Event>) {
        match on {
            Character::Hero(seat) => self.heal(seat, hp, by, events),
            Character::Creature(id) => self.heal_creature(id, hp, by, events),
        }
    }

    fn mulligan(&mut self, seat: Seat, cards: &[CardId], events: &mut Vec<Event>) {
        let player = &mut self.players[seat.index()];
        if !cards.is_empty() {
            player.hand.retain(|c| !cards.contains(c));
            for card in cards {
                player.deck.put_top(*card);
            }
            player.deck.shuffle(&mut self.rng);
            let drawn = player.deck.draw_up_to(cards.len());
            player.hand.extend(drawn);
        }
        events.push(Event::Mulliganed {
            seat,
            cards: cards.len(),
        });
        if seat.index() + 1 < self.seats() {
            self.phase = Phase::Mulligan { seat: Seat(seat.0 + 1) };
        } else {
            self.first = self.roll_for_first(events);
            self.turn = 1;
            self.begin_turn(self.first, events);
        }
    }

    /// Everyone rolls 7 dice; most 4s plays first; the tied roll again.
    fn roll_for_first(&mut self, events: &mut Vec<Event>) -> Seat {
        let mut rolling: Vec<Seat> = crate::seats(self.seats()).collect();
        loop {
            let rolls: Vec<(Seat, Vec<u8>)> = rolling
                .iter()
                .map(|seat| (*seat, roll(&mut self.rng, FIRST_PLAYER_DICE)))
                .collect();
            let fours = |dice: &[u8]| dice.iter().filter(|d| **d == 4).count();
            let best = rolls.iter().map(|(_, d)| fours(d)).max().unwrap_or(0);
            rolling = rolls
                .iter()
                .filter(|(_, d)| fours(d) == best)
                .map(|(s, _)| *s)
                .collect();
            events.push(Event::FirstPlayerRoll { rolls });
            if let [seat] = rolling[..] {
                events.push(Event::FirstPlayer { seat });
                return seat;
            }
        }
    }

    /// The turn begins: the upkeep steps, strictly in the rulebook's order, then the Hero phase.
    fn begin_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.active = seat;
        self.flags.reset();
        // Magic Shield lasts until the start of its owner's next turn, Stoneskin and Overpower
        // until the next upkeep: both end now.
        self.players[seat.index()].hero.shield = 0;
        self.players[seat.index()].hero.stoneskin = 0;
        for creature in self.creatures.iter_mut().filter(|c| c.id.owner == seat) {
            creature.shield = 0;
        }
        self.phase = Phase::Hero;
        events.push(Event::TurnBegan { seat, turn: self.turn });
        // Byron's Regenerate (our design) comes with the start of his upkeep.
        if let Ability::Regenerate { hp } = self.hero_def(seat).ability {
            self.heal(seat, hp, "Regenerate", events);
        }
        // 1. Mana: shrines and Mage Towers controlled, plus one.
        let shrines = self.shrines.iter().filter(|s| s.owner == Some(seat)).count() as u32;
        let towers = self.towers_of(seat, TowerKind::Mage) as u32;
        let mana = shrines + towers + 1;
        self.players[seat.index()].mana += mana;
        events.push(Event::ManaGained { seat, mana });
        // 2. Each of the player's Defense Towers heals allied characters in range by 2 ...
        let defense: Vec<Pos> = self
            .buildings
            .iter()
            .filter(|b| b.owner == seat && b.kind == TowerKind::Defense)
            .map(|b| b.at)
            .collect();
        for tower in &defense {
            for ally in self.creatures_near(seat, true, *tower, TOWER_RANGE) {
                self.heal_creature(ally, TOWER_HEAL, "a Defense Tower", events);
            }
            for ally in crate::seats(self.seats()).filter(|s| Self::team(*s) == Self::team(seat)) {
                if self.players[ally.index()]
                    .hero
                    .at
                    .is_some_and(|at| at.distance(*tower) <= TOWER_RANGE)
                {
                    self.heal(ally, TOWER_HEAL, "a Defense Tower", events);
                }
            }
        }
        // 3. ... then deals Attack 3 to each enemy character in range (every tower in range acts).
        for tower in &defense {
            for enemy in self.creatures_near(seat, false, *tower, TOWER_RANGE) {
                let dice = roll(&mut self.rng, TOWER_ATTACK);
                self.resolve_attack(Attacker::Tower(seat), Target::Creature(enemy), dice, events);
            }
            for enemy in crate::seats(self.seats()).filter(|s| Self::team(*s) != Self::team(seat)) {
                if self.players[enemy.index()]
                    .hero
                    .at
                    .is_some_and(|at| at.distance(*tower) <= TOWER_RANGE)
                {
                    let dice = roll(&mut self.rng, TOWER_ATTACK);
                    self.resolve_attack(Attacker::Tower(seat), Target::Hero(enemy), dice, events);
                }
            }
        }
        // 4. Burn and Brain Damage tokens roll off, then each one left deals 1.
        let hero = self.players[seat.index()].hero.clone();
        for (tokens, is_burn) in [(hero.burn, true), (hero.brain_damage, false)] {
            if tokens == 0 || self.players[seat.index()].hero.at.is_none() {
                continue;
            }
            let dice = roll(&mut self.rng, u32::from(tokens));
            let (left, damage) = token_upkeep(tokens, &dice);
            let state = &mut self.players[seat.index()].hero;
            if is_burn {
                state.burn = left;
            } else {
                state.brain_damage = left;
            }
            events.push(Event::TokensRolled {
                seat,
                dice,
                left,
                damage,
            });
            self.damage_hero(seat, damage, None, events);
        }
        // A Hero killed during the upkeep comes back at its end.
        self.respawn(events);
        // Tokens left may be paid off: a decision, asked only when one can be afforded.
        let player = &self.players[seat.index()];
        let can_pay = (player.hero.burn > 0 && player.mana >= BURN_PAY_OFF)
            || (player.hero.brain_damage > 0 && player.mana >= BRAIN_DAMAGE_PAY_OFF);
        if can_pay {
            self.phase = Phase::PayTokens;
        }
    }

    pub(crate) fn heal(&mut self, seat: Seat, hp: u8, by: &'static str, events: &mut Vec<Event>) {
        let max = self.max_hp(seat);
        let hero = &mut self.players[seat.index()].hero;
        if hero.at.is_none() || hero.hp >= max {
            return;
        }
        let healed = hp.min(max - hero.hp);
        hero.hp += healed;
        events.push(Event::Healed { seat, hp: healed, by });
    }

    fn move_hero(&mut self, seat: Seat, to: Pos, events: &mut Vec<Event>) {
        self.act_with(Character::Hero(seat), true);
        self.flags.moved = true;
        let from = self.players[seat.index()].hero.at.expect("checked: on the board");
        let mana = self.speed_cost(seat, from, to);
        self.players[seat.index()].mana -= mana;
        self.parting_attacks(Target::Hero(seat), seat, from, to, events);
        if self.players[seat.index()].hero.at.is_some() {
            self.players[seat.index()].hero.at = Some(to);
            events.push(Event::Moved { seat, from, to, mana });
        }
    }

    /// Dice against a target: damage by its Armor, then death or destruction.
    pub(crate) fn resolve_attack(&mut self, by: Attacker, target: Target, dice: Vec<u8>, events: &mut Vec<Event>) {
        let attacker_seat = match by {
            Attacker::Hero(seat) | Attacker::Tower(seat) => seat,
            Attacker::Creature(id) => id.owner,
        };
        match target {
            Target::Creature(id) => self.damage_creature(id, &dice, by, events),
            Target::Hero(victim) => {
                let armor = self.hero_armor(victim);
                let dealt = damage(&dice, armor);
                events.push(Event::Attacked {
                    by,
                    target,
                    dice,
                    armor,
                    damage: dealt,
                });
                self.damage_hero(victim, dealt, Some(attacker_seat), events);
            }
            Target::Building(at) => {
                let dealt = Self::hit_structure(by, target, dice, events);
                if let Some(i) = self.buildings.iter().position(|b| b.at == at) {
                    let building = &mut self.buildings[i];
                    building.hp = building.hp.saturating_sub(dealt.min(255) as u8);
                    if building.hp == 0 {
                        self.buildings.remove(i);
                        events.push(Event::Destroyed { target });
                    }
                }
            }
            Target::Shrine(at) => {
                let dealt = Self::hit_structure(by, target, dice, events);
                if let Some(shrine) = self.shrines.iter_mut().find(|s| s.at == at) {
                    shrine.hp = shrine.hp.saturating_sub(dealt.min(255) as u8);
                    if shrine.hp == 0 {
                        // The crystal goes back to its owner's supply; the shrine is neutral again.
                        shrine.owner = None;
                        shrine.hp = STRUCTURE_HP;
                        events.push(Event::Destroyed { target });
                    }
                }
            }
        }
    }

    /// The damage dice deal to a building or shrine (Armor 1), with the event that shows them.
    fn hit_structure(by: Attacker, target: Target, dice: Vec<u8>, events: &mut Vec<Event>) -> u32 {
        let dealt = damage(&dice, STRUCTURE_ARMOR);
        events.push(Event::Attacked {
            by,
            target,
            dice,
            armor: STRUCTURE_ARMOR,
            damage: dealt,
        });
        dealt
    }

    /// Damage to a Hero; at 0 HP it is killed: the other team scores 4 VP, HP back to full, tokens
    /// off, off the board until the end of the phase (cards stay where they are).
    fn damage_hero(&mut self, victim: Seat, amount: u32, by: Option<Seat>, events: &mut Vec<Event>) {
        let max = self.max_hp(victim);
        let hero = &mut self.players[victim.index()].hero;
        if amount == 0 || hero.at.is_none() {
            return;
        }
        hero.hp = hero.hp.saturating_sub(amount.min(255) as u8);
        if hero.hp > 0 {
            return;
        }
        hero.hp = max;
        hero.burn = 0;
        hero.brain_damage = 0;
        hero.stunned = false;
        hero.shield = 0;
        hero.stoneskin = 0;
        hero.at = None;
        // A kill scores for the other team, whoever dealt it (our reading for damage with no
        // attacker, such as Burn).
        let team = 1 - Self::team(victim);
        self.vp[team] += KILL_VP;
        events.push(Event::Killed {
            seat: victim,
            by: by.filter(|s| Self::team(*s) != Self::team(victim)),
            vp: KILL_VP,
        });
    }

    fn respawn(&mut self, events: &mut Vec<Event>) {
        for seat in crate::seats(self.seats()) {
            if self.players[seat.index()].hero.at.is_none() {
                let at = self.start_of(seat);
                self.players[seat.index()].hero.at = Some(at);
                events.push(Event::Respawned { seat, at });
            }
        }
    }

    /// The end phase: discard the hand, draw 5 (reshuffling the discard pile if needed), score
    /// after the 6th, 12th and 18th turn, then the game ends or the next player's turn begins.
    fn end_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        // The Hero phase is over: a Hero killed in it comes back now, and a Stun Token goes.
        self.respawn(events);
        self.players[seat.index()].hero.stunned = false;
        let player = &mut self.players[seat.index()];
        // Appended, not taken: the hand keeps its room for the cards drawn next.
        player.discard.append(&mut player.hand);
        let mut reshuffled = false;
        while player.hand.len() < HAND_SIZE {
            match player.deck.draw() {
                Some(card) => player.hand.push(card),
                None if !player.discard.is_empty() => {
                    for card in player.discard.drain(..) {
                        player.deck.put_top(card);
                    }
                    player.deck.shuffle(&mut self.rng);
                    reshuffled = true;
                }
                // Every card is in the hand, the Reserve or the Spell Area: nothing left to draw.
                None => break,
            }
        }
        events.push(Event::Drew {
            seat,
            cards: player.hand.len(),
            reshuffled,
        });
        if self.turn.is_multiple_of(TURNS_PER_ROUND) {
            for team in 0..2 {
                let shrines = self
                    .shrines
                    .iter()
                    .filter(|s| s.owner.is_some_and(|o| Self::team(o) == team))
                    .count() as u32;
                self.vp[team] += shrines;
                events.push(Event::Scored {
                    team,
                    vp: shrines,
                    shrines,
                });
            }
        }
        if self.vp.iter().any(|vp| *vp >= WIN_VP) || self.turn >= TURNS_PER_ROUND * ROUNDS {
            self.finish(events);
        } else {
            self.turn += 1;
            let next = seat.left(1, self.seats());
            self.begin_turn(next, events);
        }
    }

    /// Most VP wins; then the most HP left in the team's Heroes; then mana plus the cost of every
    /// building (5 each) and creature on the board (a spell-summoned one its exact share of its
    /// spell's cost, see `unit_worth`); still tied, the realm is lost and everyone loses.
    fn finish(&mut self, events: &mut Vec<Event>) {
        self.phase = Phase::Over;
        let seats: Vec<Seat> = crate::seats(self.seats()).collect();
        let of_team = |team: usize| seats.iter().copied().filter(move |s| Self::team(*s) == team);
        let hp = |team: usize| {
            of_team(team)
                .map(|s| u32::from(self.players[s.index()].hero.hp))
                .sum::<u32>()
        };
        // Shares are compared exactly, never rounded: every sum is counted in `parts`ths of a
        // mana, `parts` a common multiple of every share's denominator (2 while Dogs are out).
        let parts = self
            .creatures
            .iter()
            .map(|c| u64::from(self.unit_worth(c).1))
            .fold(1, |parts, shared_by| parts / gcd(parts, shared_by) * shared_by);
        let wealth = |team: usize| {
            of_team(team)
                .map(|s| {
                    let units: u64 = self
                        .creatures
                        .iter()
                        .filter(|c| c.id.owner == s)
                        .map(|c| {
                            let (mana, shared_by) = self.unit_worth(c);
                            u64::from(mana) * (parts / u64::from(shared_by))
                        })
                        .sum();
                    let buildings = self.buildings.iter().filter(|b| b.owner == s).count() as u64;
                    (u64::from(self.players[s.index()].mana) + u64::from(BUILD_COST) * buildings) * parts + units
                })
                .sum::<u64>()
        };
        let keys = [(self.vp[0], hp(0), wealth(0)), (self.vp[1], hp(1), wealth(1))];
        // The tie-breaks the end weighed, each seat showing its team's figure as it does its VP.
        let per_seat = |figure: &dyn Fn(usize) -> String| seats.iter().map(|s| figure(Self::team(*s))).collect();
        let mut figures = Vec::new();
        if keys[0].0 == keys[1].0 {
            figures.push(Figure {
                name: "Heroes' HP left".into(),
                values: per_seat(&|team| keys[team].1.to_string()),
            });
        }
        if keys[0].0 == keys[1].0 && keys[0].1 == keys[1].1 {
            figures.push(Figure {
                name: "Mana, buildings and creatures".into(),
                values: per_seat(&|team| mana_text(keys[team].2, parts)),
            });
        }
        let (winners, reason) = if keys[0] == keys[1] {
            (
                Vec::new(),
                "A perfect tie: the rift swallows every Hero and all players lose.".to_string(),
            )
        } else {
            let team = usize::from(keys[1] > keys[0]);
            let decided_by = if keys[0].0 != keys[1].0 {
                format!("{} VP to {}", keys[team].0, keys[1 - team].0)
            } else if keys[0].1 != keys[1].1 {
                format!("VP tied; {} HP left to {}", keys[team].1, keys[1 - team].1)
            } else {
                format!(
                    "VP and HP tied; {} in mana, buildings and creatures to {}",
                    mana_text(keys[team].2, parts),
                    mana_text(keys[1 - team].2, parts)
                )
            };
            let names: Vec<String> = of_team(team).map(seat_token).collect();
            (
                of_team(team).collect(),
                format!("{} won: {decided_by}.", names.join(" and ")),
            )
        };
        self.outcome = Some(Outcome {
            winners,
            scores: seats.iter().map(|s| i64::from(self.vp[Self::team(*s)])).collect(),
            score_name: "Valor Points".into(),
            reason,
            figures,
        });
        events.push(Event::GameOver);
    }

    /// The card ids a player's deck list holds (for checks).
    pub(crate) fn deck_len(&self, seat: Seat) -> usize {
        self.content.decks[&self.players[seat.index()].hero_id].len()
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// `units` `parts`ths of a mana for a player to read: "7", "7½", "½", "7 1/3".
fn mana_text(units: u64, parts: u64) -> String {
    let (whole, rest) = (units / parts, units % parts);
    let common = gcd(rest, parts);
    let whole = if whole == 0 && rest > 0 {
        String::new()
    } else {
        whole.to_string()
    };
    match (rest / common, parts / common) {
        (0, _) => whole,
        (1, 2) => format!("{whole}½"),
        (rest, parts) => format!("{whole} {rest}/{parts}").trim_start().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::mana_text;

    #[test]
    fn mana_sums_in_parts_read_as_whole_mana_and_a_fraction() {
        assert_eq!(mana_text(14, 2), "7");
        assert_eq!(mana_text(13, 2), "6½");
        assert_eq!(mana_text(1, 2), "½");
        assert_eq!(mana_text(2, 3), "2/3");
        assert_eq!(mana_text(0, 2), "0");
        assert_eq!(mana_text(22, 3), "7 1/3");
        assert_eq!(mana_text(27, 6), "4½");
        assert_eq!(mana_text(9, 1), "9");
    }
}
