//! Counters and traps on another player's turn: the response windows.
//!
//! A window opens when the active player declares an attack or a spell aimed at a character
//! whose owner holds a face-down card (Reserve or Terrain Area: their number is public, so asking
//! reveals nothing about what they are), and when an enemy character moves in or next to a
//! player's Terrain token. The answering player may play Counter Attack, Magic Shield, Stoneskin,
//! Decoy or Ensnare from the Reserve and reveal Friendly Area (or Exploding Area on the mover),
//! then passes. A declared action is then checked again for its own player and carried out, or
//! cancelled if it no longer holds (its attacker died, its target stepped out of range).

use spellhall_core::{AnswerQueue, Seat};

use crate::action::{Action, CastTarget, Target};
use crate::combat::roll;
use crate::content::{CardKind, Effect};
use crate::event::{Attacker, Event};
use crate::legal::{Verdict, refuse};
use crate::state::{CardId, Cause, Character, Phase, Pos, SpellsOfDoom, Window};

const COUNTER: &str = "Spells of Doom rules: Terminology, Counter";
const COUNTER_ATTACK: &str = "Spells of Doom rules: Skill Cards, Counter Attack";
const STONESKIN: &str = "Spells of Doom rules: Byron's Spells, Stoneskin";
const DECOY: &str = "Spells of Doom rules: Hypnor's Spells, Decoy";
const EXPLODING: &str = "Spells of Doom rules: Terrain Skills, Exploding Area";

/// The character an attack or spell aims at, if it aims at one.
pub fn character_of(target: Target) -> Option<Character> {
    match target {
        Target::Hero(seat) => Some(Character::Hero(seat)),
        Target::Creature(id) => Some(Character::Creature(id)),
        Target::Building(_) | Target::Shrine(_) => None,
    }
}

pub fn target_of(character: Character) -> Target {
    match character {
        Character::Hero(seat) => Target::Hero(seat),
        Character::Creature(id) => Target::Creature(id),
    }
}

impl SpellsOfDoom {
    /// Whether `seat` has a face-down card (Reserve or Terrain Area): only then is he asked.
    pub fn has_face_down(&self, seat: Seat) -> bool {
        let player = &self.players[seat.index()];
        !player.reserve.is_empty() || !player.terrain.is_empty()
    }

    /// The window `action` opens when the active player declares it: an attack or a spell aimed
    /// at a character whose owner holds a face-down card. Spells aimed at a hex (Fire Blast,
    /// Earthquake, Ensnare) target no character and open none.
    pub(crate) fn declared_window(&self, seat: Seat, action: &Action) -> Option<Window> {
        let (attacker, aim) = match action {
            Action::Attack { target, .. } => (Character::Hero(seat), *target),
            Action::CreatureAttack { creature, target, .. } => (Character::Creature(*creature), *target),
            Action::Cast {
                target: CastTarget::At(aim) | CastTarget::Arrows { target: aim, .. },
                ..
            } => (Character::Hero(seat), *aim),
            _ => return None,
        };
        let target = character_of(aim)?;
        let defender = Self::owner(target);
        self.has_face_down(defender).then(|| Window {
            seats: AnswerQueue::only(defender),
            cause: Cause::Declared {
                action: action.clone(),
                attacker,
                target,
            },
            decoy_used: false,
        })
    }

    /// After a move: each enemy with a Terrain token in or next to the mover's new hex may
    /// answer, in turn order.
    pub(crate) fn open_move_windows(&mut self, character: Character, events: &mut Vec<Event>) {
        let Some(at) = self.position(character) else {
            return;
        };
        let mover = Self::owner(character);
        let seats = AnswerQueue::after_where(mover, self.seats(), |seat| {
            Self::team(*seat) != Self::team(mover)
                && self.players[seat.index()]
                    .terrain
                    .iter()
                    .any(|(_, token)| token.distance(at) <= 1)
        });
        if !seats.is_done() {
            self.open_window(
                Window {
                    seats,
                    cause: Cause::Moved { character },
                    decoy_used: false,
                },
                events,
            );
        }
    }

    /// `window`'s first seat is asked. A window with no one to ask opens nothing.
    pub(crate) fn open_window(&mut self, window: Window, events: &mut Vec<Event>) {
        let Some(seat) = window.seats.asking() else {
            return;
        };
        self.phase = Phase::Response { seat };
        events.push(Event::Answering { seat });
        self.window = Some(window);
    }

    /// The answering seat is done: the next one answers, or the declared action is checked again
    /// and carried out, or cancelled.
    fn close_window(&mut self, events: &mut Vec<Event>) {
        let Some(mut window) = self.window.take() else {
            return;
        };
        window.seats.pop();
        window.seats.keep_only(|seat| self.has_face_down(*seat));
        window.decoy_used = false;
        // A move window lasts while the mover stands in or next to a token of the seat asked.
        if let Cause::Moved { character } = window.cause {
            let mover_at = self.position(character);
            window.seats.keep_only(|seat| {
                mover_at.is_some_and(|at| {
                    self.players[seat.index()]
                        .terrain
                        .iter()
                        .any(|(_, token)| token.distance(at) <= 1)
                })
            });
        }
        if !window.seats.is_done() {
            self.open_window(window, events);
            return;
        }
        self.phase = Phase::Hero;
        if let Cause::Declared { action, attacker, .. } = window.cause {
            let seat = self.active;
            match self.still_holds(seat, &action, attacker) {
                Ok(()) => self.carry_out(seat, &action, events),
                Err(reason) => self.cancel(seat, &action, attacker, reason, events),
            }
        }
    }

    /// Whether a declared attack or spell still holds after the answers: only what an answer can
    /// change is checked again (the rest held when it was declared): its attacker is on the board,
    /// and its target on the board and in reach.
    fn still_holds(&self, seat: Seat, action: &Action, attacker: Character) -> Result<(), String> {
        let Some(from) = self.position(attacker) else {
            return Err("the attacker has fallen.".into());
        };
        let (aim, reach) = match action {
            Action::Attack { target, .. } | Action::CreatureAttack { target, .. } => (*target, 1),
            Action::Cast {
                spell,
                target: CastTarget::At(aim) | CastTarget::Arrows { target: aim, .. },
                ..
            } => (*aim, self.spell_range(seat, self.card(seat, *spell))),
            _ => return Ok(()),
        };
        match self.enemy_target_at(seat, aim) {
            None => Err("the target is no longer on the board.".into()),
            Some(at) if at.distance(from) > reach => Err("the target is out of range now.".into()),
            Some(_) => Ok(()),
        }
    }

    /// A declared attack or spell that no longer holds. Our ruling: it still counts as the
    /// attacker's attack (or the turn's spell), as declared, but spends no mana and no card: a
    /// spell stays prepared.
    fn cancel(&mut self, seat: Seat, action: &Action, attacker: Character, reason: String, events: &mut Vec<Event>) {
        self.act_with(attacker, false);
        match action {
            Action::CreatureAttack { creature, .. } => self.flags.creatures_struck.push(*creature),
            Action::Cast { .. } => {
                self.flags.strikes += 1;
                self.flags.cast = true;
            }
            _ => self.flags.strikes += 1,
        }
        events.push(Event::Cancelled { seat, reason });
    }

    /// Whether the answering `seat` may do `action` in the open window.
    pub(crate) fn check_answer(&self, seat: Seat, action: &Action) -> Verdict {
        let Some(window) = &self.window else {
            return refuse("There is nothing to answer.", COUNTER);
        };
        let player = &self.players[seat.index()];
        let declared = match &window.cause {
            Cause::Declared { attacker, target, .. } => Some((*attacker, *target)),
            Cause::Moved { .. } => None,
        };
        let from_reserve = |card| {
            if player.reserve.contains(card) {
                Ok(())
            } else {
                refuse(
                    "On another player's turn, cards come from your Reserve (counters) or your Terrain Area.",
                    COUNTER,
                )
            }
        };
        match action {
            Action::Pass => Ok(()),
            Action::Play { card, on } => {
                from_reserve(card)?;
                let def = self.card(seat, *card);
                match def.effect {
                    Effect::MagicShield { .. } if def.counter => {
                        if Self::owner(*on) != seat || self.position(*on).is_none() {
                            return refuse("Magic Shield goes on a character you control on the board.", COUNTER);
                        }
                        Ok(())
                    }
                    Effect::CounterAttack => {
                        let Some((attacker, target)) = declared else {
                            return refuse(
                                "Counter Attack answers an attack or a spell declared against one of your characters.",
                                COUNTER_ATTACK,
                            );
                        };
                        if *on != target {
                            return refuse("The character attacked is the one that strikes back.", COUNTER_ATTACK);
                        }
                        match (self.position(target), self.position(attacker)) {
                            (Some(a), Some(b)) if a.distance(b) <= 1 => Ok(()),
                            _ => refuse(
                                "The attacker must be in the defending character's hex or an adjacent one.",
                                COUNTER_ATTACK,
                            ),
                        }
                    }
                    _ => refuse(
                        format!("{} cannot be played on another player's turn.", def.name),
                        COUNTER,
                    ),
                }
            }
            Action::Cast { spell, copies, target } => {
                from_reserve(spell)?;
                let def = self.card(seat, *spell);
                let CardKind::Spell { cost, .. } = def.kind else {
                    return refuse("Only spells are cast.", COUNTER);
                };
                if !def.counter {
                    return refuse(format!("{} is not a Counter spell.", def.name), COUNTER);
                }
                if *copies != 1 {
                    return refuse("A counter is cast one card at a time.", COUNTER);
                }
                if player.mana < u32::from(cost) {
                    return refuse(
                        format!("{} costs {cost} mana; you have {}.", def.name, player.mana),
                        COUNTER,
                    );
                }
                if player.hero.at.is_none() {
                    return refuse("Your Hero is not on the board to cast it.", COUNTER);
                }
                let aimed_at_hero = declared.is_some_and(|(_, target)| target == Character::Hero(seat));
                match (&def.effect, target) {
                    (Effect::Stoneskin { armor, .. }, _) if player.hero.stoneskin >= *armor => {
                        refuse("Stoneskin is already up.", STONESKIN)
                    }
                    (Effect::Stoneskin { .. }, CastTarget::Myself) if aimed_at_hero => Ok(()),
                    (Effect::Stoneskin { .. }, _) => {
                        refuse("Stoneskin answers an attack or a spell aimed at your Hero.", STONESKIN)
                    }
                    (Effect::Decoy { .. }, _) if !aimed_at_hero => refuse(
                        "Decoy answers an attack or a spell aimed at your Hero, before any dice.",
                        DECOY,
                    ),
                    (Effect::Decoy { .. }, _) if window.decoy_used => {
                        refuse("Decoy has been cast against this attack already.", DECOY)
                    }
                    (Effect::Decoy { .. }, CastTarget::Myself) => Ok(()),
                    (Effect::Decoy { .. }, CastTarget::Hex(step)) => {
                        let hero = player.hero.at;
                        if hero.is_some_and(|at| at.distance(*step) == 1) && self.content.board.contains(step.hex()) {
                            Ok(())
                        } else {
                            refuse("Decoy steps aside to an adjacent hex.", DECOY)
                        }
                    }
                    (Effect::Ensnare { .. }, CastTarget::Hex(at)) if self.ensnare_reaches(*at) => Ok(()),
                    _ => refuse(format!("{} needs a target of its kind.", def.name), COUNTER),
                }
            }
            Action::Reveal { card, on } => self.check_reveal_answer(seat, window, *card, *on),
            _ => refuse(
                "It is another player's turn: answer with a counter from your Reserve or a Terrain card, or let it happen.",
                COUNTER,
            ),
        }
    }

    /// A Terrain card revealed in a window: Exploding Area only on the enemy that moved, and
    /// what a reveal needs on the player's own turn (`check_reveal`).
    fn check_reveal_answer(&self, seat: Seat, window: &Window, card: CardId, on: Target) -> Verdict {
        let player = &self.players[seat.index()];
        if let Some((card_id, _)) = player.terrain.iter().find(|(c, _)| *c == card)
            && let Effect::ExplodingArea { .. } = self.card(seat, *card_id).effect
        {
            let mover = match &window.cause {
                Cause::Moved { character } => Some(target_of(*character)),
                Cause::Declared { .. } => None,
            };
            if mover != Some(on) {
                return refuse(
                    "On another player's turn, Exploding Area goes off on the enemy that moved in or next to its hex.",
                    EXPLODING,
                );
            }
        }
        self.check_reveal(seat, card, on)
    }

    /// The answers `check_answer` accepts, in `answer_candidates`' order, made from its
    /// conditions: Pass; for each card of the Reserve, Magic Shield (a counter) on each of the
    /// player's characters on the board and Counter Attack by the character attacked next to its
    /// attacker, then the counter spells it may cast (paid for, the Hero on the board) at the
    /// targets of their kind; then each Terrain card on the characters `check_reveal_answer`
    /// accepts.
    pub(crate) fn answer_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let Some(window) = &self.window else {
            return;
        };
        out.push(Action::Pass);
        let player = &self.players[seat.index()];
        let declared = match &window.cause {
            Cause::Declared { attacker, target, .. } => Some((*attacker, *target)),
            Cause::Moved { .. } => None,
        };
        let aimed_at_hero = declared.is_some_and(|(_, target)| target == Character::Hero(seat));
        let own = self.characters_of(seat);
        for card in &player.reserve {
            let def = self.card(seat, *card);
            match def.effect {
                Effect::MagicShield { .. } if def.counter => {
                    // `characters_of` lists only the characters on the board.
                    for on in &own {
                        out.push(Action::Play { card: *card, on: *on });
                    }
                }
                Effect::CounterAttack => {
                    if let Some((attacker, target)) = declared
                        && own.contains(&target)
                        && let (Some(a), Some(b)) = (self.position(target), self.position(attacker))
                        && a.distance(b) <= 1
                    {
                        out.push(Action::Play {
                            card: *card,
                            on: target,
                        });
                    }
                }
                _ => {}
            }
            let CardKind::Spell { cost, .. } = def.kind else {
                continue;
            };
            let Some(hero) = player.hero.at else {
                continue;
            };
            if !def.counter || player.mana < u32::from(cost) {
                continue;
            }
            let cast = |target| Action::Cast {
                spell: *card,
                copies: 1,
                target,
            };
            match def.effect {
                Effect::Stoneskin { armor, .. } if player.hero.stoneskin < armor && aimed_at_hero => {
                    out.push(cast(CastTarget::Myself));
                }
                Effect::Decoy { .. } if aimed_at_hero && !window.decoy_used => {
                    out.push(cast(CastTarget::Myself));
                    for at in self.answer_hexes(seat) {
                        if hero.distance(at) == 1 && self.content.board.contains(at.hex()) {
                            out.push(cast(CastTarget::Hex(at)));
                        }
                    }
                }
                Effect::Ensnare { .. } => {
                    for at in self.answer_hexes(seat) {
                        if self.ensnare_reaches(at) {
                            out.push(cast(CastTarget::Hex(at)));
                        }
                    }
                }
                _ => {}
            }
        }
        for (card, _) in &player.terrain {
            for on in self.character_targets() {
                if self.check_reveal_answer(seat, window, *card, on).is_ok() {
                    out.push(Action::Reveal { card: *card, on });
                }
            }
        }
    }

    /// Every character an answer may name, in a fixed order: Heroes by seat, then creatures.
    fn character_targets(&self) -> impl Iterator<Item = Target> + '_ {
        crate::seats(self.seats())
            .map(Target::Hero)
            .chain(self.creatures.iter().map(|c| Target::Creature(c.id)))
    }

    /// The hexes an answer's spell may name, in order, each once: in or next to the answering
    /// Hero (Decoy's step aside) and any Terrain token (Ensnare).
    fn answer_hexes(&self, seat: Seat) -> Vec<Pos> {
        let mut hexes: Vec<Pos> = Vec::new();
        if let Some(hero) = self.players[seat.index()].hero.at {
            hexes.extend(self.content.board.around(hero.hex(), 1).iter().map(|hex| Pos::of(*hex)));
        }
        for (_, token) in self.players.iter().flat_map(|p| &p.terrain) {
            hexes.extend(
                self.content
                    .board
                    .around(token.hex(), 1)
                    .iter()
                    .map(|hex| Pos::of(*hex)),
            );
        }
        hexes.sort();
        hexes.dedup();
        hexes
    }

    /// The answers to offer: letting it happen, and every counter and Terrain card on every
    /// character and hex, for `check_answer` to filter.
    pub(crate) fn answer_candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        let player = &self.players[seat.index()];
        let own = self.characters_of(seat);
        for card in &player.reserve {
            for on in &own {
                out.push(Action::Play { card: *card, on: *on });
            }
            out.push(Action::Cast {
                spell: *card,
                copies: 1,
                target: CastTarget::Myself,
            });
            for at in self.answer_hexes(seat) {
                out.push(Action::Cast {
                    spell: *card,
                    copies: 1,
                    target: CastTarget::Hex(at),
                });
            }
        }
        for (card, _) in &player.terrain {
            for on in self.character_targets() {
                out.push(Action::Reveal { card: *card, on });
            }
        }
    }

    /// The answering seat's choice, then the window closes if he passed or has nothing left
    /// face down.
    pub(crate) fn answer(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        match action {
            Action::Pass => {
                events.push(Event::NoAnswer { seat });
                self.close_window(events);
                return;
            }
            Action::Play { card, on } => {
                let def = self.card(seat, *card).clone();
                let player = &mut self.players[seat.index()];
                player.reserve.retain(|c| c != card);
                player.discard.push(*card);
                events.push(Event::played(seat, &self.content, self.card_index(seat, *card), *on));
                match def.effect {
                    Effect::MagicShield { armor } => self.shield(*on, armor),
                    Effect::CounterAttack => {
                        if let Some(Cause::Declared { attacker, .. }) = self.window.as_ref().map(|w| w.cause.clone()) {
                            self.strike_back(*on, attacker, events);
                        }
                    }
                    _ => {}
                }
            }
            Action::Cast { spell, target, .. } => self.cast_counter(seat, *spell, *target, events),
            Action::Reveal { card, on } => self.reveal_terrain(seat, *card, *on, events),
            _ => {}
        }
        if !self.has_face_down(seat) {
            self.close_window(events);
        }
    }

    /// A counter spell cast from the Reserve: Stoneskin, Ensnare, or Decoy's roll.
    fn cast_counter(&mut self, seat: Seat, spell: crate::state::CardId, target: CastTarget, events: &mut Vec<Event>) {
        let def = self.card(seat, spell).clone();
        let CardKind::Spell { cost, .. } = def.kind else {
            return;
        };
        if let Effect::Decoy { roll: needed } = def.effect {
            let die = roll(&mut self.rng, 1)[0];
            let success = die >= needed;
            events.push(Event::DecoyRolled { seat, die, success });
            if let Some(window) = &mut self.window {
                window.decoy_used = true;
            }
            if !success {
                // A failed Decoy keeps its card and costs nothing.
                return;
            }
        }
        let player = &mut self.players[seat.index()];
        player.mana -= u32::from(cost);
        player.reserve.retain(|c| *c != spell);
        player.discard.push(spell);
        events.push(Event::Cast {
            seat,
            spell: self.card_log_name(seat, spell),
            copies: 1,
        });
        match (&def.effect, target) {
            (Effect::Stoneskin { armor, .. }, _) => self.players[seat.index()].hero.stoneskin = *armor,
            (Effect::Ensnare { centre, around }, CastTarget::Hex(at)) => {
                self.ensnare(seat, at, *centre, *around, events)
            }
            (Effect::Decoy { .. }, step) => {
                let attacker = match self.window.as_ref().map(|w| &w.cause) {
                    Some(Cause::Declared { attacker, .. }) => Some(*attacker),
                    _ => None,
                };
                let hero = self.players[seat.index()].hero.at;
                // Hypnor attacks the attacker if it is within 2 hexes (same or adjacent hex).
                if let (Some(attacker), Some(at)) = (attacker, hero)
                    && self.position(attacker).is_some_and(|p| p.distance(at) <= 1)
                {
                    self.strike_back(Character::Hero(seat), attacker, events);
                }
                if let (CastTarget::Hex(to), Some(from)) = (step, self.players[seat.index()].hero.at) {
                    self.parting_attacks(Target::Hero(seat), seat, from, to, events);
                    if self.players[seat.index()].hero.at.is_some() {
                        self.players[seat.index()].hero.at = Some(to);
                        events.push(Event::Moved {
                            seat,
                            from,
                            to,
                            mana: 0,
                        });
                    }
                }
            }
            _ => {}
        }
    }

    /// `by` attacks `at` out of turn (Counter Attack, Decoy): its normal attack, without this
    /// turn's skills (they are the active player's).
    fn strike_back(&mut self, by: Character, at: Character, events: &mut Vec<Event>) {
        if self.position(by).is_none() || self.position(at).is_none() {
            return;
        }
        match by {
            Character::Hero(seat) => {
                let count = self.attack_dice(seat);
                let dice = roll(&mut self.rng, count);
                self.resolve_attack(Attacker::Hero(seat), target_of(at), dice, events);
            }
            Character::Creature(id) => self.creature_strike(id, target_of(at), false, 0, events),
        }
    }

    /// The characters `seat` controls on the board.
    pub fn characters_of(&self, seat: Seat) -> Vec<Character> {
        let hero = self.players[seat.index()].hero.at.map(|_| Character::Hero(seat));
        hero.into_iter()
            .chain(
                self.creatures
                    .iter()
                    .filter(|c| c.id.owner == seat)
                    .map(|c| Character::Creature(c.id)),
            )
            .collect()
    }
}

impl SpellsOfDoom {
    /// Whether `card` of `seat`'s deck is Decoy (its hex is where Hypnor steps aside).
    pub fn is_decoy(&self, seat: Seat, card: crate::state::CardId) -> bool {
        self.players_hero_card(seat, card)
            .is_some_and(|def| matches!(def.effect, Effect::Decoy { .. }))
    }

    /// What the open window is about, in words for the answering player (`None` for the others).
    pub fn window_words(&self, viewer: Seat) -> Option<String> {
        let window = self.window.as_ref().filter(|w| w.seats.asking() == Some(viewer))?;
        let character = |c: Character| self.target_words(target_of(c));
        Some(match &window.cause {
            Cause::Declared { action, .. } => format!(
                "{} declared: {}.",
                spellhall_core::seat_token(self.active),
                self.describe_for(self.active, action)
            ),
            Cause::Moved { character: mover } => {
                format!("{} moved in or next to your Terrain token.", character(*mover))
            }
        })
    }
}
