//! Setting a game up and carrying actions out. Every action is checked by `legal::check` first, so
//! the code below may rely on what the check established.

use std::sync::Arc;

use spellhall_core::{Figure, GameRng, Outcome, Pile, RuleError, Seat, SetupError, seat_token, seats_token};

pub(crate) use families::{Absent, Families, Family};
pub(crate) use powers::{AttackBars, FormationClosers};

use crate::action::Action;
use crate::catalogue::cards::{Attribute, CardName, CardType};
use crate::catalogue::deck::{FormatCheck, look_up, validate_list};
use crate::catalogue::format::Format;
use crate::combat::{Side, Total, losing};
use crate::effects::{Cost, Crossing, Effect, Trigger, Until};
use crate::event::{Answer, CardNames, Event};
use crate::formation::{FormationSize, Position, Slot};
use crate::legal::CheckContext;
mod leave;
mod limbo;
mod modes;
mod reply;

mod choices;
mod copies;
mod families;
mod kept;
mod kinds;
mod optional;
pub use optional::{ON_OFF_RULES, OnOffRule};
mod outcomes;
mod powers;
use powers::Value;
mod sides;
mod stand_in;
use crate::state::{
    Battle, BattleStep, CardId, CardInfo, Champion, Config, Content, DeckoutEnd, DeckoutTiebreak, DefenderSpoilsOn,
    Derived, Ends, Fighter, FighterKind, InstantDefeat, Loss, Pause, Pending, Phase, Player, Spellfire, TurnUse,
};

/// Cards in an opening hand (SF-29, SF-265).
pub const OPENING_HAND: usize = 5;
/// The pool champions a player is dealt room for (more are rare in play).
const POOL_ROOM: usize = 8;
/// The World Bonuses optional rule's bonus (SF-260).
const WORLD_BONUS: i32 = 3;

/// The cards a discard pile or Abyss has room for from its first card (`bin`).
const PILE_ROOM: usize = 32;

/// Who carries out an effect and on what: the card whose power it is, its player, the card it is
/// aimed at (once chosen) and the players it leaves alone. The effect groups' dispatchers
/// (`carry_out_mode`, `carry_out_outcome`) take it from `carry_out`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Acting<'a> {
    pub source: CardId,
    pub by: Seat,
    pub target: Option<CardId>,
    pub calmed: &'a [Seat],
}

impl<'a> Acting<'a> {
    pub(crate) fn new(source: CardId, by: Seat, target: Option<CardId>, calmed: &'a [Seat]) -> Self {
        Self {
            source,
            by,
            target,
            calmed,
        }
    }
}

/// Where a card leaving play or the hand goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bin {
    Discard,
    Abyss,
}

impl Spellfire {
    /// A new game: decks checked against the format, the first player found, decks shuffled and
    /// five cards dealt.
    pub fn setup(config: &Config, content: &Arc<Content>, seed: u64) -> Result<(Self, Vec<Event>), SetupError> {
        let count = config.decks.len();
        SetupError::unless_player_count::<Self>(count, "players")?;
        let Some(format) = content.formats.get(&config.format) else {
            let known: Vec<&str> = content.formats.formats.iter().map(|f| f.id.as_str()).collect();
            return Err(SetupError(format!(
                "There is no deck format '{}'; the formats are {}.",
                config.format,
                known.join(", ")
            )));
        };
        if config.rules.formation == FormationSize::Ten && format.cards.max < FormationSize::TEN_REALMS_DECK {
            return Err(SetupError(format!(
                "The ten-realm formation is played only with {}-card decks.",
                FormationSize::TEN_REALMS_DECK
            )));
        }
        Self::check_optional_setup(config)?;
        let catalogue = &content.catalogue;
        let mut cards = Vec::with_capacity(config.decks.iter().map(Vec::len).sum());
        let check = FormatCheck::new(format, config.rules.deck);
        for (index, list) in config.decks.iter().enumerate() {
            // Each card looked up once: the seat's cards are checked against the format as
            // they stand in the game, and the words asked for only when they do not fit.
            let first_card = cards.len();
            let looked_up = look_up(list, catalogue, |entry, found| {
                cards.push(CardInfo {
                    owner: Seat(index as u8),
                    entry: entry as u32,
                    identity: found.identity,
                })
            });
            let entries = cards[first_card..]
                .iter()
                .map(|info| &catalogue.entries[info.entry as usize]);
            let deck_fits = check.fits(&looked_up, entries);
            debug_assert_eq!(
                deck_fits,
                validate_list(list, &[], format, catalogue, config.rules.deck).is_empty(),
                "the quick check of seat {}'s deck disagrees with the full one",
                index + 1
            );
            if deck_fits {
                continue;
            }
            let problems = validate_list(list, &[], format, catalogue, config.rules.deck);
            if let Some(first) = problems.first() {
                return Err(SetupError(format!(
                    "Seat {}'s deck does not fit the {} format: {first}{}",
                    index + 1,
                    format.name,
                    if problems.len() > 1 {
                        format!(" (and {} more problems)", problems.len() - 1)
                    } else {
                        String::new()
                    }
                )));
            }
            if let Some(id) = looked_up.unknown {
                return Err(SetupError(format!(
                    "Seat {}'s deck names {id}, which is not a card.",
                    index + 1
                )));
            }
        }
        CardInfo::number_identities(&mut cards);
        if cards.len() > usize::from(u16::MAX) {
            return Err(SetupError("Too many cards for one game.".into()));
        }
        let mut game = Spellfire::blank(content, config, format, seed);
        game.cards = cards;
        game.find_absent_families();
        game.find_lone_cards();
        game.find_play_facts();
        let events = game.deal();
        Ok((game, events))
    }

    /// A table set for `config` with no cards yet and no turn begun: the start of `setup`, and of
    /// `TestGame` which lays its cards out by hand.
    pub(crate) fn blank(content: &Arc<Content>, config: &Config, format: &Format, seed: u64) -> Self {
        Spellfire {
            content: Arc::clone(content),
            config: config.clone(),
            rng: GameRng::new(seed),
            cards: Vec::new(),
            players: (0..config.decks.len())
                .map(|_| Player::new(config.rules.formation))
                .collect(),
            active: Seat(0),
            turn: 0,
            phase: Phase::StartOfTurn,
            used: TurnUse::default(),
            battle: None,
            pending: Vec::new(),
            rule_card: None,
            deckout: None,
            resting: Vec::new(),
            interrupted: Vec::new(),
            lasting: Vec::new(),
            mulligans: 0,
            draw_per_turn: format.draw_per_turn() as u8,
            hand_limit: format.hand_limit() as u8,
            outcome: None,
            tracks: Default::default(),
            derived: Default::default(),
            absent: Default::default(),
            lone: Default::default(),
            spare_lists: Default::default(),
            play: Default::default(),
        }
    }

    /// Every card back into its owner's deck, the first player found, decks shuffled, hands dealt
    /// and the first turn begun. Used at the start and after a mulligan.
    fn deal(&mut self) -> Vec<Event> {
        let size = self.config.rules.formation;
        let hand_room = usize::from(self.hand_limit) + 2 * usize::from(self.draw_per_turn);
        for player in &mut self.players {
            // Every field named, so that a new one is not forgotten here.
            let Player {
                draw,
                hand,
                formation,
                pool,
                discard,
                limbo,
                abyss,
                turns,
                realms_played,
                mulligans: _,
            } = player;
            *draw = Pile::new();
            // Room for a full hand and the draws of a turn and a full pool: they would
            // otherwise grow a card or two at a time.
            *hand = Vec::with_capacity(hand_room);
            formation.empty(size);
            *pool = Vec::with_capacity(POOL_ROOM);
            *discard = Vec::new();
            limbo.clear();
            abyss.clear();
            *turns = 0;
            *realms_played = 0;
        }
        // The cards come in runs of one owner's (setup lays each seat's cards out in a row): the
        // draw pile and the discard pile are made with room for the whole run at once.
        let mut first_card = 0;
        for run in self.cards.chunk_by(|a, b| a.owner == b.owner) {
            let player = &mut self.players[run[0].owner.index()];
            if player.draw.is_empty() {
                player.draw = Pile::from_top_down(Vec::with_capacity(run.len()));
            }
            player.discard.reserve(run.len());
            for index in first_card..first_card + run.len() {
                player.draw.put_top(CardId(index as u16));
            }
            first_card += run.len();
        }
        self.battle = None;
        self.pending.clear();
        self.rule_card = None;
        self.deckout = None;
        // The reveals, the first player, the deal, each hand drawn and the first turn begun.
        let mut events = Vec::with_capacity(self.players.len() + 6);
        let first = self.first_player(&mut events);
        for player in &mut self.players {
            player.draw.shuffle(&mut self.rng);
        }
        events.push(Event::Dealt {
            cards: OPENING_HAND as u8,
        });
        for seat in Seat::all(self.seats()) {
            self.draw_announced(seat, OPENING_HAND, &mut events);
        }
        self.turn = 0;
        self.begin_turn(first, &mut events);
        events
    }

    /// Each player turns up a random card of his deck; the highest last digit of its number goes
    /// first, and tied players turn up again (SF-27, AMB-20).
    fn first_player(&mut self, events: &mut Vec<Event>) -> Seat {
        let mut reveals = self.reveal_cards(Seat::all(self.seats()));
        loop {
            let best = reveals.iter().map(|r| r.2).max().unwrap_or(0);
            let mut highest = reveals.iter().filter(|r| r.2 == best).map(|r| r.0);
            if let (Some(first), None) = (highest.next(), highest.next()) {
                events.push(Event::FirstPlayerReveal { reveals });
                events.push(Event::FirstPlayer { seat: first });
                return first;
            }
            let tied: Vec<Seat> = reveals.iter().filter(|r| r.2 == best).map(|r| r.0).collect();
            events.push(Event::FirstPlayerReveal { reveals });
            reveals = self.reveal_cards(tied.into_iter());
        }
    }

    /// A random card of each seat's deck turned up, with the last digit of its number.
    fn reveal_cards(&mut self, seats: impl Iterator<Item = Seat>) -> Vec<(Seat, CardName, u8)> {
        let mut reveals = Vec::with_capacity(seats.size_hint().0);
        for seat in seats {
            let deck = &self.players[seat.index()].draw;
            let depth = self.rng.below(deck.len());
            let card = *deck
                .iter_top_down()
                .nth(depth)
                .expect("a card at a depth below the pile's size");
            let digit = (self.card(card).number % 10) as u8;
            reveals.push((seat, self.card_name(card), digit));
        }
        reveals
    }

    fn begin_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        // Lasting powers end with the turn that ends now or the one that begins.
        let ending = self.active;
        let ended_turns = self.player(ending).turns;
        self.lasting.retain(|l| match l.ends {
            Ends::TurnBegins(s) => s != seat,
            Ends::TurnEnds { seat: s, turns } => !(s == ending && ended_turns >= turns),
            Ends::RoundEnds => true,
        });
        self.active = seat;
        self.turn += 1;
        self.phase = Phase::StartOfTurn;
        // The list of champions that attacked keeps its room from turn to turn: most turns have a
        // battle, and a fresh list would be allocated for each.
        let mut attacked = std::mem::take(&mut self.used.attacked);
        attacked.clear();
        self.used = TurnUse {
            attacked,
            ..TurnUse::default()
        };
        self.player_mut(seat).turns += 1;
        // Cards resting "until their owner's next turn" wake up.
        let cards = &self.cards;
        self.resting.retain(|c| cards[c.index()].owner != seat);
        events.push(Event::TurnBegan { seat, turn: self.turn });
        self.turn_powers(seat, Trigger::TurnBegins, events);
        // The Barbarian's Game: the six realms must still stand when the owner's turn comes round
        // (SF-243).
        if self.config.rules.barbarians_game && self.formation_won(seat) {
            self.win(seat, events);
        }
    }

    /// `card`'s facts read from `content`, the game's own taken apart from the state
    /// (`Arc::clone`: a reference count), so that its powers may act while the state changes
    /// without a copy of them made first.
    pub(crate) fn card_in<'c>(&self, content: &'c Content, card: CardId) -> &'c crate::catalogue::cards::Card {
        &content.catalogue.entries[self.cards[card.index()].entry as usize].card
    }

    pub(crate) fn names(&self, cards: &[CardId]) -> Vec<CardName> {
        cards.iter().map(|&c| self.card_name(c)).collect()
    }

    /// Draw up to `count` cards into the hand: how many came, the hand's last cards (no list of
    /// its own, one allocation fewer a draw). An empty pile is reshuffled from the discard pile
    /// where the table's rules say so (SF-244, SF-259, AMB-25); otherwise the draw falls short and
    /// the deck-out ending begins (SF-214, AMB-2).
    pub(crate) fn draw_cards(&mut self, seat: Seat, count: usize, events: &mut Vec<Event>) -> usize {
        let reshuffles = self.config.rules.barbarians_game || self.config.rules.true_victory;
        let mut drawn = 0;
        while drawn < count {
            let player = &mut self.players[seat.index()];
            if player.draw.is_empty() && reshuffles {
                for card in player.discard.drain(..) {
                    player.draw.put_top(card);
                }
                player.draw.shuffle(&mut self.rng);
            }
            let Some(card) = player.draw.draw() else { break };
            player.hand.push(card);
            drawn += 1;
        }
        if self.player(seat).draw.is_empty() && !reshuffles && self.deckout.is_none() && self.outcome.is_none() {
            self.deckout = Some((self.turn, seat));
            events.push(Event::DeckRanOut { seat });
            if self.config.rules.deckout_end == DeckoutEnd::Immediately {
                self.end_by_deckout(events);
            }
        }
        drawn
    }

    /// Draw one card into the hand, if there is one to draw.
    pub(crate) fn draw_one(&mut self, seat: Seat, events: &mut Vec<Event>) -> Option<CardId> {
        let drawn = self.draw_cards(seat, 1, events);
        self.player(seat).hand.last().copied().filter(|_| drawn == 1)
    }

    /// Draw up to `count` cards and say so: `Event::Drew`, naming them for the drawer.
    pub(crate) fn draw_announced(&mut self, seat: Seat, count: usize, events: &mut Vec<Event>) {
        let drawn = self.draw_cards(seat, count, events);
        let hand = &self.player(seat).hand;
        let cards = hand[hand.len() - drawn..].iter().map(|&c| self.card_name(c)).collect();
        events.push(Event::Drew { seat, cards });
    }

    /// Carry out an action, or say why it is not allowed (nothing changes then).
    pub fn apply_action(&mut self, action: &Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_action_into(action, &mut events)?;
        Ok(events)
    }

    /// `apply_action`, the events written into `events` (emptied first).
    pub fn apply_action_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        events.clear();
        // The decider is found once: in a round it comes from both sides' totals.
        let decider = self.decider();
        self.check_for(&CheckContext::default(), decider, action)
            .map_err(|refusal| refusal.into_error(self))?;
        self.carry_out_checked(decider, action, events);
        Ok(())
    }

    /// `apply_action_into` for an action `legal` has just listed for this state (the kernel's
    /// `Game::apply_listed_into`): `check` said yes to it then, so it is not asked again.
    pub(crate) fn apply_listed_action_into(&mut self, action: &Action, events: &mut Vec<Event>) {
        events.clear();
        let decider = self.decider();
        self.carry_out_checked(decider, action, events);
    }

    /// Carry out an action found legal, and work out afresh what is kept beside the state.
    fn carry_out_checked(&mut self, decider: Option<Seat>, action: &Action, events: &mut Vec<Event>) {
        // What was worked out for the state before no longer holds once it changes; a pass that
        // ends the round reads the totals it kept, from a state the pass has not changed yet.
        let before = std::mem::take(&mut self.derived);
        self.carry_out_action(decider, action, before, events);
        // Kept only where the decider reads them: while a decision is pending, its seat decides,
        // and `losing_side` works the totals out when asked.
        let totals_read = self.pending.is_empty() && self.in_round();
        self.derived.totals = totals_read.then(|| self.round_totals());
        // After the totals: in a round the loser decides.
        self.derived.decider = Some(self.fresh_decider());
    }

    /// `apply_action` once the action is found legal.
    /// `before`: what was derived from the state as it was before the action (empty if it was
    /// not worked out).
    fn carry_out_action(&mut self, decider: Option<Seat>, action: &Action, before: Derived, events: &mut Vec<Event>) {
        let seat = match action {
            Action::Claim(seat) => *seat,
            _ => decider.unwrap_or(self.active),
        };
        // Until the active player acts, it is "between turns" (The Caravan).
        if seat == self.active && !matches!(action, Action::Claim(_)) {
            self.used.acted = true;
        }
        let spoils = match self.pending.last() {
            Some(Pending::Spoils { card, .. }) => Some(*card),
            _ => None,
        };
        let aiding = matches!(self.pending.last(), Some(Pending::Aid { .. }));
        match action {
            Action::Pass | Action::PlayAlly(_) | Action::UseCard(_) | Action::Attach { .. } if aiding => {
                self.aid_step(seat, action, events)
            }
            Action::AskAid => self.ask_aid(seat, events),
            Action::Quest(champion) => self.send_quest(seat, *champion, events),
            Action::ResolveQuest { opponent } => self.resolve_quest(seat, *opponent, events),
            Action::Claim(seat) => {
                self.pending.push(Pending::Claim { seat: *seat });
                events.push(Event::Claimed { seat: *seat });
            }
            Action::PlayRule(card) => {
                self.take_from_hand(seat, *card);
                let replaced = self.rule_card.replace(*card);
                if let Some(old) = replaced {
                    self.bin(old, Bin::Discard);
                }
                events.push(Event::RulePlayed {
                    seat,
                    card: self.card_name(*card),
                    replaced: replaced.map(|c| self.card_name(c)),
                });
            }
            Action::Draw => {
                let count = self.turn_draw(seat);
                self.draw_announced(seat, count, events);
                self.phase = Phase::Realms;
            }
            Action::PlayRealm { card, at } => {
                self.take_from_hand(seat, *card);
                let replaced = self.player_mut(seat).formation.remove(*at);
                if let Some(old) = replaced {
                    self.unmark(old.realm);
                    self.destroy(&[old.realm], events);
                    self.bin(old.realm, Bin::Discard);
                    if let Some(holding) = old.holding {
                        self.bin(holding, Bin::Discard);
                    }
                }
                self.player_mut(seat).formation.place(*at, Slot::new(*card));
                self.player_mut(seat).realms_played += 1;
                self.tracks.front_first.retain(|&s| s != seat);
                if spoils != Some(*card) && !self.card(*card).power.any_time() {
                    self.used.realm_action = true;
                }
                events.push(Event::RealmPlayed {
                    seat,
                    card: self.card_name(*card),
                    at: *at,
                    replaced: replaced.map(|s| self.card_name(s.realm)),
                });
                self.realm_arrives(seat, *card, events);
                self.check_formation_victory(seat, events);
            }
            Action::Rebuild { at } => {
                self.used.realm_action = true;
                self.pending.push(Pending::Rebuild { seat, at: *at, left: 3 });
                events.push(Event::RebuildBegun { seat, at: *at });
            }
            Action::PlayHolding { card, at } => {
                self.take_from_hand(seat, *card);
                if let Some(slot) = self.player_mut(seat).formation.slot_mut(*at) {
                    slot.holding = Some(*card);
                }
                if spoils != Some(*card) {
                    self.used.holding = true;
                }
                let realm = self.player(seat).formation.slot(*at).map(|s| s.realm);
                events.push(Event::HoldingPlayed {
                    seat,
                    card: self.card_name(*card),
                    at: *at,
                    realm: realm.map_or_else(CardName::default, |r| self.card_name(r)),
                });
                let razed = self.player(seat).formation.slot(*at).is_some_and(|s| s.razed);
                if razed
                    && matches!(
                        self.card(*card).power.on_play().map(|a| &a.effect),
                        Some(Effect::RebuildsItsRealm)
                    )
                {
                    self.restore_realm(seat, *at, events);
                }
            }
            Action::ToPool(card) => {
                self.enter_pool(seat, *card);
                events.push(Event::ToPool {
                    seat,
                    card: self.card_name(*card),
                });
            }
            Action::Summon { avatar, paying } => self.summon(seat, *avatar, paying, events),
            Action::Attach { card, champion } => {
                // An item as the one reply to an instant defeat (SF-134, WE-13).
                if let Some(Pending::InstantDefeat(threat)) = self.pending.last_mut() {
                    threat.replied = true;
                }
                self.take_from_hand(seat, *card);
                let in_round = self.phase == Phase::Battle && spoils.is_none();
                if in_round {
                    if let Some(fighter) = self.fighter_mut(seat) {
                        fighter.attachments.push(*card);
                    }
                } else if let Some(index) = self.player(seat).pool_index(*champion) {
                    self.player_mut(seat).pool[index].attachments.push(*card);
                }
                events.push(Event::Attached {
                    seat,
                    card: self.card_name(*card),
                    champion: self.card_name(*champion),
                });
                self.item_attached(seat, *card, events);
            }
            Action::EndPhase => {
                self.phase = match self.phase {
                    Phase::Realms => Phase::Pool,
                    _ => Phase::AfterBattle,
                };
            }
            Action::Attack { champion, defender, at } => self.attack(seat, *champion, *defender, *at, events),
            Action::Defend { champion } => self.defend(seat, *champion, events),
            Action::Decline => {
                events.push(Event::Declined { seat });
                if !self.threaten(Loss::BattleRazing { after: Vec::new() }) {
                    self.raze_target(events);
                    self.end_battle(Some(self.active), events);
                }
            }
            Action::PlayAlly(card) => {
                self.take_from_hand(seat, *card);
                let champion = self.fighter(seat).map(|f| f.card);
                if let Some(fighter) = self.fighter_mut(seat) {
                    fighter.round_cards.push(*card);
                }
                events.push(Event::AllyJoined {
                    seat,
                    ally: self.card_name(*card),
                    champion: champion.map_or_else(CardName::default, |c| self.card_name(c)),
                });
                // An ally's power that acts as it joins (Giant Skeleton). One that would defeat the
                // opposing champion waits for its owner's one reply (SF-134), and so do the powers
                // that answer the ally joining.
                if let Some(threat) = self.defeat_by_play(*card, seat) {
                    events.push(Event::InstantDefeatComing {
                        seat: threat.seat,
                        champion: self
                            .fighting(threat.victim)
                            .map_or_else(CardName::default, |c| self.card_name(c)),
                        by: self.card_name(*card),
                    });
                    self.pending.push(Pending::InstantDefeat(threat));
                } else {
                    let content = Arc::clone(&self.content);
                    if let Some(ability) = self.card_in(&content, *card).power.on_play() {
                        self.carry_out(&ability.effect, *card, seat, None, &[], events);
                    }
                }
                // The attacked realm's powers that answer an ally joining (Yaramuke).
                if let Some(battle) = &self.battle
                    && !matches!(self.pending.last(), Some(Pending::InstantDefeat(t)) if t.played)
                {
                    let side = if battle.attacker == seat {
                        Side::Attacker
                    } else {
                        Side::Defender
                    };
                    self.ally_joined(side, events);
                }
            }
            Action::UseCard(card) if self.carried_use(seat, *card).is_some() => self.use_carried(seat, *card, events),
            Action::UseCard(card) if self.pool_use(seat, *card).is_some() => self.use_from_pool(seat, *card, events),
            Action::UseCard(card) => {
                self.take_from_hand(seat, *card);
                let champion = self.fighter(seat).map(|f| f.card);
                if let Some(fighter) = self.fighter_mut(seat) {
                    fighter.round_cards.push(*card);
                } else {
                    // Phase 3 or 5: the card acts once and is discarded (SF-39, SF-45).
                    self.bin(*card, Bin::Discard);
                }
                events.push(Event::CardUsed {
                    seat,
                    card: self.card_name(*card),
                    champion: champion.map_or_else(CardName::default, |c| self.card_name(c)),
                });
                let caster = champion.or_else(|| self.caster(seat, *card));
                // A spell cast only with another player's leave waits for it (Midnight).
                if !self.ask_leave(*card, seat, caster, champion, Vec::new(), false) {
                    self.spell_goes_on(seat, *card, champion, caster, events);
                }
            }
            // A reply to a realm or holding about to go (Spirit of the Land).
            Action::PlayEvent(card) if matches!(self.pending.last(), Some(Pending::Reply(_))) => {
                self.reply_with(seat, *card, events)
            }
            Action::PlayEvent(card) => {
                if matches!(self.pending.last(), Some(Pending::Claim { .. })) {
                    self.pending.pop();
                }
                // The one reply to an instant defeat (SF-134).
                if let Some(Pending::InstantDefeat(threat)) = self.pending.last_mut() {
                    threat.replied = true;
                }
                self.take_from_hand(seat, *card);
                events.push(Event::EventPlayed {
                    seat,
                    card: self.card_name(*card),
                });
                self.start_event(*card, seat, false);
            }
            Action::Choose(card) if matches!(self.pending.last(), Some(Pending::Pick(_))) => self.pick(*card, events),
            Action::ChoosePlayer(player) => self.choose_player(*player, events),
            Action::ChooseOption(index) => self.choose_option(*index, events),
            Action::Choose(target) => {
                if let Some(Pending::Target { seat, event, copy }) = self.pending.pop() {
                    events.push(Event::TargetChosen {
                        seat,
                        event: self.card_name(event),
                        target: self.card_name(*target),
                    });
                    let content = Arc::clone(&self.content);
                    match self.card_in(&content, event).power.on_play() {
                        // A spell acts at once (unless it may be answered, AMB-6); an event waits
                        // for its pause.
                        Some(ability) if !self.played_as_event(event) && !self.spell_pause_due(event, seat) => {
                            self.carry_out(&ability.effect, event, seat, Some(*target), &[], events)
                        }
                        _ => self.open_pause(event, seat, Some(*target), copy),
                    }
                }
            }
            Action::Answer(_) if matches!(self.pending.last(), Some(Pending::Leave(_))) => self.refuse_spell(events),
            // A spell cast as an answer waits for the leave a card asks for, its pause below.
            Action::Answer(card)
                if self.player(seat).hand.contains(card)
                    && self.ask_leave(*card, seat, self.caster(seat, *card), None, Vec::new(), true) => {}
            Action::Answer(card) => self.answer(seat, *card, events),
            Action::Pass => self.pass(before.totals, events),
            Action::EndBattle => self.end_battle(None, events),
            Action::KeepSpoils => {
                self.pending.pop();
                events.push(Event::SpoilsKept { seat });
            }
            Action::ReturnSpoils => {
                if let Some(card) = spoils {
                    self.take_from_hand(seat, card);
                    self.player_mut(seat).draw.put_top(card);
                }
                self.pending.pop();
                events.push(Event::SpoilsReturned { seat });
            }
            Action::Discard(card) => {
                self.take_from_hand(seat, *card);
                self.take_from_pool(seat, *card, events);
                self.bin(*card, Bin::Discard);
                events.push(Event::Discarded {
                    seat,
                    cards: CardNames::One(self.card_name(*card)),
                });
                self.rebuild_step(events);
            }
            Action::CallMulligan => {
                let hand = self.names(&self.player(seat).hand);
                events.push(Event::Mulligan { seat, hand });
                self.player_mut(seat).mulligans += 1;
                self.mulligans += 1;
                events.extend(self.deal());
            }
            Action::EndTurn => self.end_turn(events),
        }
        // A reply whose pause is over ends the wait for a razing or discard.
        self.close_replies(events);
        self.after_discards(events);
        // A spoils card played at once ends the spoils decision (an event's pause may lie on top).
        if let Some(card) = spoils
            && !self.player(seat).hand.contains(&card)
        {
            self.pending
                .retain(|p| !matches!(p, Pending::Spoils { card: c, .. } if *c == card));
        }
        self.drop_aimless_targets(events);
        // The end of the turn waited for its powers' choices (Hettman Tsurin): it goes on now.
        if self.used.ending && self.pending.is_empty() && self.phase == Phase::AfterBattle && self.outcome.is_none() {
            self.end_turn(events);
        }
        self.activate_once_kinds_chosen(events);
        self.after_action(action, events);
    }

    pub(crate) fn take_from_hand(&mut self, seat: Seat, card: CardId) {
        let hand = &mut self.player_mut(seat).hand;
        if let Some(index) = hand.iter().position(|&c| c == card) {
            hand.remove(index);
        }
    }

    /// Put a card into its owner's discard pile or Abyss (SF-9, SF-92): events always go to the
    /// Abyss.
    pub(crate) fn bin(&mut self, card: CardId, bin: Bin) {
        let owner = self.owner(card);
        self.forget(card);
        let to_abyss = bin == Bin::Abyss || self.kind(card) == CardType::Event;
        let player = self.player_mut(owner);
        let pile = if to_abyss {
            &mut player.abyss
        } else {
            &mut player.discard
        };
        // Room for a game's worth of cards is made with the first: a pile grown a few cards at a
        // time cost more in copies than in cards.
        if pile.capacity() == 0 {
            pile.reserve(PILE_ROOM);
        }
        pile.push(card);
        if !to_abyss
            && self
                .card(card)
                .power
                .abilities()
                .iter()
                .any(|a| a.when == Trigger::Discarded)
        {
            self.tracks.just_discarded.push(card);
        }
    }

    /// The powers of cards that have just gone to a discard pile (`Trigger::Discarded`) act, each
    /// for its owner, if the card is still there.
    fn after_discards(&mut self, events: &mut Vec<Event>) {
        while !self.tracks.just_discarded.is_empty() {
            let card = self.tracks.just_discarded.remove(0);
            let owner = self.owner(card);
            if !self.player(owner).discard.contains(&card) {
                continue;
            }
            // Read from the shared content: the powers change the state.
            let content = Arc::clone(&self.content);
            let abilities =
                (self.card_in(&content, card).power.abilities().iter()).filter(|a| a.when == Trigger::Discarded);
            for ability in abilities {
                if self.condition_holds(&ability.condition, card, Side::Attacker) {
                    self.carry_out(&ability.effect, card, owner, None, &[], events);
                }
            }
        }
    }

    /// Where a card played as an event goes once it has acted or been cancelled: the Abyss, or
    /// the discard pile for a card of another kind played as one (Crime Lord).
    fn event_bin(&self, card: CardId) -> Bin {
        if self.kind(card) != CardType::Event && self.card(card).power.plays_as(CardType::Event) {
            Bin::Discard
        } else {
            Bin::Abyss
        }
    }

    fn bin_fighter(&mut self, fighter: Fighter) {
        self.fell(fighter.attachments.iter().chain(&fighter.round_cards).copied());
        if fighter.kind == FighterKind::Champion {
            self.fell([fighter.card]);
            self.bin(fighter.card, Bin::Discard);
        }
        for &card in fighter.attachments.iter().chain(&fighter.round_cards) {
            self.bin(card, Bin::Discard);
        }
        self.spare_lists.give(fighter.attachments);
        self.spare_lists.give(fighter.round_cards);
    }

    /// A fighter that survives a round goes back to its pool with its items and artifacts; its
    /// one-round cards are discarded (SF-83, SF-116).
    fn return_fighter(&mut self, seat: Seat, fighter: Fighter, events: &mut Vec<Event>) {
        self.fell(fighter.round_cards.iter().copied());
        for card in &fighter.round_cards {
            self.bin(*card, Bin::Discard);
        }
        self.spare_lists.give(fighter.round_cards);
        // An item used up in one round (a potion) does not go home with its champion.
        // The fighter's list goes home with him: the few used up are picked out of it.
        let mut kept = fighter.attachments;
        let mut used_up = Vec::new();
        kept.retain(|&c| {
            let one_use = self.abilities_of(c).any(|a| a.effect == Effect::OneUse);
            if one_use {
                used_up.push(c);
            }
            !one_use
        });
        for card in used_up {
            self.bin(card, Bin::Discard);
        }
        // A champion fighting in another's place goes back to the discard pile, with anything
        // it came to carry (Rod of Shapechange).
        if self.is_stand_in(fighter.card) {
            self.bin(fighter.card, Bin::Discard);
            for card in kept {
                self.bin(card, Bin::Discard);
            }
        } else if fighter.kind == FighterKind::Champion && self.is_gone_over(fighter.card) {
            // A champion gone over to the other side (Magic Jar) fights one round for it.
            self.discard_gone_over(
                Champion {
                    card: fighter.card,
                    attachments: kept,
                },
                events,
            );
        } else if fighter.kind == FighterKind::Champion {
            self.player_mut(seat).pool.push(Champion {
                card: fighter.card,
                attachments: kept,
            });
        }
    }

    pub(crate) fn fighter_mut(&mut self, seat: Seat) -> Option<&mut Fighter> {
        let battle = self.battle.as_mut()?;
        if seat == battle.attacker {
            battle.attacking.as_mut()
        } else if seat == battle.defender {
            battle.defending.as_mut()
        } else {
            None
        }
    }

    /// Take a champion out of the hand or the pool to fight (SF-74, SF-105).
    fn enlist(&mut self, seat: Seat, champion: CardId) -> Fighter {
        let mut fighter = match self.player(seat).pool_index(champion) {
            Some(index) => Fighter::champion(self.player_mut(seat).pool.remove(index)),
            None => {
                self.take_from_hand(seat, champion);
                Fighter::champion(Champion {
                    card: champion,
                    attachments: Vec::new(),
                })
            }
        };
        fighter.round_cards = self.spare_lists.take();
        fighter
    }

    fn attack(&mut self, seat: Seat, champion: CardId, defender: Seat, at: Position, events: &mut Vec<Event>) {
        let fighter = self.enlist(seat, champion);
        self.used.attacked.push(champion);
        self.used.battle = true;
        self.phase = Phase::Battle;
        let new_battle = self.battle.is_none();
        if new_battle {
            self.forget_last_battle();
        }
        match &mut self.battle {
            Some(battle) => {
                battle.attacking = Some(fighter);
                battle.step = BattleStep::ChooseDefender;
            }
            None => {
                self.battle = Some(Battle {
                    attacker: seat,
                    defender,
                    target: at,
                    step: BattleStep::ChooseDefender,
                    attacking: Some(fighter),
                    defending: None,
                    defended: self.spare_lists.take(),
                    helpers: Vec::new(),
                    contributed: Vec::new(),
                    aid_refused: None,
                    flying: Vec::new(),
                    escaping: None,
                    turned: Vec::new(),
                    joined: Vec::new(),
                    won_last: None,
                    gone_over: None,
                    kinds: Vec::new(),
                    activation_due: false,
                })
            }
        }
        let realm = self.player(defender).formation.slot(at).map(|s| s.realm);
        events.push(Event::Attacked {
            seat,
            champion: self.card_name(champion),
            defender,
            at,
            realm: realm.map_or_else(CardName::default, |r| self.card_name(r)),
        });
        self.attack_powers(champion, seat, events);
        if new_battle {
            self.realm_attacked(defender, at, events);
        } else {
            // A champion gone over to the defending side defends this round (Magic Jar).
            self.gone_over_defends(events);
        }
    }

    fn defend(&mut self, seat: Seat, champion: CardId, events: &mut Vec<Event>) {
        let Some(battle) = &self.battle else {
            return;
        };
        let fighter = match self.realm_defender(battle.defender, battle.target) {
            Some(realm) if realm == champion => Fighter {
                card: champion,
                kind: if self.kind(champion) == CardType::Holding {
                    FighterKind::Holding
                } else {
                    FighterKind::Realm
                },
                attachments: Vec::new(),
                round_cards: self.spare_lists.take(),
            },
            _ => self.enlist(seat, champion),
        };
        self.take_the_field(seat, fighter, events);
    }

    /// `fighter` defends for `seat`: the round begins (SF-107, SF-109).
    pub(crate) fn take_the_field(&mut self, seat: Seat, fighter: Fighter, events: &mut Vec<Event>) {
        let champion = fighter.card;
        if let Some(battle) = &mut self.battle {
            battle.defended.push(champion);
            battle.defending = Some(fighter);
            battle.step = BattleStep::Round;
        }
        events.push(Event::Defended {
            seat,
            champion: self.card_name(champion),
        });
        // A kind chosen "before each round" comes before the round's powers (Chest of Many Things).
        if self.ask_kinds(events) {
            if let Some(battle) = &mut self.battle {
                battle.activation_due = true;
            }
            return;
        }
        self.open_round(events);
    }

    /// The powers of a round's start: the threats in the order of activation, then the choices.
    /// Whether a card of the battle has such a power is found once for both (most battles hold
    /// none); a threat found changes no card of the battle.
    pub(crate) fn open_round(&mut self, events: &mut Vec<Event>) {
        if !self.round_start_powers() {
            return;
        }
        if self.may_have(Family::InstantDefeats) {
            self.activate_round(Side::Attacker, events);
        }
        self.round_start_choices(events);
    }

    /// The start of a round, in the order of activation (SF-109, SF-136), once `may_threaten` has
    /// said yes: the attacking champion's powers, then the defending champion's. The first power
    /// that would defeat a champion at once waits for its owner's one reply (SF-134).
    fn activate_round(&mut self, from: Side, events: &mut Vec<Event>) {
        let steps: &[Side] = match from {
            Side::Attacker => &[Side::Attacker, Side::Defender],
            Side::Defender => &[Side::Defender],
        };
        for &step in steps {
            if let Some(threat) = self.threat_found(step) {
                events.push(Event::InstantDefeatComing {
                    seat: threat.seat,
                    champion: self
                        .fighting(threat.victim)
                        .map_or_else(CardName::default, |c| self.card_name(c)),
                    by: self.card_name(threat.source),
                });
                self.pending.push(Pending::InstantDefeat(threat));
                return;
            }
        }
    }

    /// A card `seat` just played in the round whose power, acting as it joins, would discard the
    /// opposing champion (SF-134): the threat its owner may reply to first.
    fn defeat_by_play(&self, card: CardId, seat: Seat) -> Option<InstantDefeat> {
        let battle = self.battle.as_ref()?;
        let (side, other_seat) = if battle.attacker == seat {
            (Side::Attacker, battle.defender)
        } else {
            (Side::Defender, battle.attacker)
        };
        let victim = self.fighting(side.other())?;
        let ability = self.card(card).power.on_play()?;
        match &ability.effect {
            Effect::DiscardAll(cards) if self.selects(cards, victim, seat, card) => Some(InstantDefeat {
                seat: other_seat,
                victim: side.other(),
                source: card,
                replied: false,
                step: side,
                played: true,
            }),
            _ => None,
        }
    }

    /// The champion fighting for `side` in the current round.
    fn fighting(&self, side: Side) -> Option<CardId> {
        let battle = self.battle.as_ref()?;
        match side {
            Side::Attacker => battle.attacking.as_ref().map(|f| f.card),
            Side::Defender => battle.defending.as_ref().map(|f| f.card),
        }
    }

    /// A power that defeats a champion of the round at once, if its condition holds now, at
    /// `step` of the order of activation (SF-136): the attacked realm and its holding, then the
    /// attacking champion and its cards (step `Attacker`); the defending champion and its cards
    /// (step `Defender`).
    fn threat(&self, step: Side) -> Option<InstantDefeat> {
        if !self.may_threaten() {
            return None;
        }
        self.threat_found(step)
    }

    /// Whether some card may threaten an instant defeat now: most games hold no such power, and
    /// most battles no card with a power of a round's start (the battle's cards are then neither
    /// sorted nor collected).
    fn may_threaten(&self) -> bool {
        self.may_have(Family::InstantDefeats) && self.round_start_powers()
    }

    /// `threat`, once `may_threaten` has said yes.
    fn threat_found(&self, step: Side) -> Option<InstantDefeat> {
        let battle = self.battle.as_ref()?;
        let seat_of = |s: Side| match s {
            Side::Attacker => battle.attacker,
            Side::Defender => battle.defender,
        };
        let cards = self.battle_cards();
        let sources = cards.iter().copied().filter(|&(card, side)| match step {
            Side::Attacker => side == Side::Attacker || matches!(self.kind(card), CardType::Realm | CardType::Holding),
            Side::Defender => side == Side::Defender && !matches!(self.kind(card), CardType::Realm | CardType::Holding),
        });
        for (source, side) in sources {
            let Some(other) = self.fighting(side.other()) else {
                continue;
            };
            if self.powers_lost(source) {
                continue;
            }
            let found = self
                .abilities_of(source)
                .filter(|a| a.when == Trigger::RoundStart)
                .find_map(|ability| match &ability.effect {
                    Effect::DefeatsOpponent(champions)
                        if champions.matches_as(self.card(other), self.fights_as(other)) =>
                    {
                        Some(side.other())
                    }
                    Effect::DefeatedBy(champions) if champions.matches_as(self.card(other), self.fights_as(other)) => {
                        Some(side)
                    }
                    _ => None,
                });
            if let Some(victim) = found {
                return Some(InstantDefeat {
                    seat: seat_of(victim),
                    victim,
                    source,
                    replied: false,
                    step,
                    played: false,
                });
            }
        }
        None
    }

    /// The side's total in the current round (SF-111): the champion's level (or the realm's), the
    /// bonus of every item, artifact and one-round card with it, and the World Bonus if played.
    pub fn total(&self, side: Side) -> Option<Total> {
        let [attacker, defender] = self.totals_of::<Total>(&[side], &self.battle_cards());
        match side {
            Side::Attacker => attacker,
            Side::Defender => defender,
        }
    }

    /// The side losing the round now, from the totals (found once after each action).
    pub fn losing_side(&self) -> Side {
        match self.derived.totals {
            Some((attacker, defender)) => losing(attacker, defender),
            None => self.fresh_losing_side(),
        }
    }

    /// The side losing the round, computed from the totals now.
    pub(crate) fn fresh_losing_side(&self) -> Side {
        let (attacker, defender) = self.round_totals();
        losing(attacker, defender)
    }

    /// Both sides' totals now, the attacker's first (0 for a side with no fighter).
    fn round_totals(&self) -> (i32, i32) {
        // Only the values: no parts are kept, and both sides' powers are read in one walk.
        let [attacker, defender] = self.totals_of::<Value>(&[Side::Attacker, Side::Defender], &self.battle_cards());
        let value = |total: Option<Value>| total.map_or(0, |t| t.0);
        (value(attacker), value(defender))
    }

    /// Whether a round is being fought: both champions (or realms) are in the field.
    fn in_round(&self) -> bool {
        self.battle
            .as_ref()
            .is_some_and(|b| b.step == BattleStep::Round && b.attacking.is_some() && b.defending.is_some())
    }

    /// Whether what is derived from the state agrees with a fresh computation (for the property
    /// tests: a path that changes the state without refreshing it would show here).
    #[doc(hidden)]
    pub fn derived_is_fresh(&self) -> bool {
        let totals = (self.derived.totals).is_none_or(|totals| self.in_round() && totals == self.round_totals());
        let decider = (self.derived.decider).is_none_or(|decider| decider == self.fresh_decider());
        totals && decider
    }

    /// Whether the round's totals as the losing side reads them — values alone, both sides'
    /// powers read in one walk — are the values of each side's `total`, parts and all, worked
    /// out alone (for the property tests).
    #[doc(hidden)]
    pub fn round_totals_agree(&self) -> bool {
        let value = |side| self.total(side).map_or(0, |t| t.value());
        self.round_totals() == (value(Side::Attacker), value(Side::Defender))
    }

    /// `totals_before`: the round's totals as they were before the pass (`Derived`), if known.
    fn pass(&mut self, totals_before: Option<(i32, i32)>, events: &mut Vec<Event>) {
        // The decision on top is read where it lies, not copied: most are boxed.
        match self.pending.last() {
            // A power's choice declined, or nothing left to choose.
            Some(Pending::Pick(_)) => {
                self.pending.pop();
            }
            Some(Pending::Leave(_)) => self.allow_spell(events),
            Some(Pending::Reply(_)) => self.let_go(events),
            Some(&Pending::Claim { seat }) => {
                self.pending.pop();
                events.push(Event::ClaimWithdrawn { seat });
            }
            Some(Pending::EventPause(_)) => self.pass_in_pause(events),
            Some(Pending::Walled { .. }) => {
                self.pending.pop();
                self.walled_out(events);
            }
            Some(Pending::InstantDefeat(threat)) if threat.played => {
                let threat = threat.clone();
                self.pending.pop();
                // The card just played acts now if it is still in the battle; then the powers
                // that answer an ally joining.
                if self.battle_cards().iter().any(|&(c, _)| c == threat.source)
                    && let content = Arc::clone(&self.content)
                    && let Some(ability) = self.card_in(&content, threat.source).power.on_play()
                {
                    self.carry_out(
                        &ability.effect,
                        threat.source,
                        self.owner(threat.source),
                        None,
                        &[],
                        events,
                    );
                    if self.battle.is_some() {
                        self.ally_joined(threat.victim.other(), events);
                    }
                }
            }
            Some(Pending::InstantDefeat(threat)) => {
                let threat = threat.clone();
                self.pending.pop();
                // The defeat lands if its power still holds after the reply; otherwise the order
                // of activation goes on.
                let holds = self.threat(threat.step).is_some_and(|t| t.victim == threat.victim);
                if holds {
                    events.push(Event::InstantDefeat {
                        seat: threat.seat,
                        by: self.card_name(threat.source),
                    });
                    self.end_round_as(threat.victim, events);
                } else if threat.step == Side::Attacker && self.may_threaten() {
                    self.activate_round(Side::Defender, events);
                }
            }
            // Nothing a total reads has changed since the action before.
            _ => self.end_round(totals_before, events),
        }
    }

    /// The losing side passed: the round ends and the higher total wins, the defender on a tie
    /// (SF-113, SF-115–117, SF-123, SF-124, SF-131).
    /// `kept`: the totals as they are now, if already worked out.
    fn end_round(&mut self, kept: Option<(i32, i32)>, events: &mut Vec<Event>) {
        // The totals are worked out once, for the loser and for the round's record.
        let totals = kept.unwrap_or_else(|| self.round_totals());
        self.end_round_with(losing(totals.0, totals.1), totals, events);
    }

    /// The round ends with `loser_side` beaten, whatever the totals (an instant defeat, SF-110).
    fn end_round_as(&mut self, loser_side: Side, events: &mut Vec<Event>) {
        self.end_round_with(loser_side, self.round_totals(), events);
    }

    /// `end_round_as` with the totals (attacker's, defender's) already worked out.
    fn end_round_with(&mut self, loser_side: Side, totals: (i32, i32), events: &mut Vec<Event>) {
        self.lasting.retain(|l| l.ends != Ends::RoundEnds);
        let realm_powers = self.realm_sources();
        let lost_powers = self.round_lost_powers(loser_side);
        let razes = loser_side == Side::Defender && self.round_won_razes();
        let Some(battle) = &mut self.battle else {
            return;
        };
        let (Some(attacking), Some(defending)) = (battle.attacking.take(), battle.defending.take()) else {
            return;
        };
        let (attacker, defender) = (battle.attacker, battle.defender);
        battle.kinds.clear();
        // Pool champions that fought beside one as allies stay home for the rest of the battle.
        let joined = std::mem::take(&mut battle.joined);
        battle.defended.extend(&joined);
        self.used
            .attacked
            .extend(joined.iter().filter(|&&c| self.cards[c.index()].owner == attacker));
        let (winner, mut winner_fighter, loser, mut loser_fighter, winner_total, loser_total) = match loser_side {
            Side::Attacker => (defender, defending, attacker, attacking, totals.1, totals.0),
            Side::Defender => (attacker, attacking, defender, defending, totals.0, totals.1),
        };
        events.push(Event::RoundWon {
            winner,
            champion: self.card_name(winner_fighter.card),
            loser,
            beaten: self.card_name(loser_fighter.card),
            totals: (winner_total, loser_total),
        });
        if let Some(battle) = &mut self.battle {
            battle.won_last = (winner_fighter.kind == FighterKind::Champion).then_some(winner_fighter.card);
        }
        let realm_beaten = loser_fighter.kind != FighterKind::Champion;
        let escapes = self.battle.as_ref().is_some_and(|b| b.escaping == Some(loser_side))
            || (!realm_beaten && self.survives_defeat(loser_fighter.card, loser_side));
        self.round_decided(winner, &mut winner_fighter, &mut loser_fighter, events);
        let victor = (winner_fighter.kind == FighterKind::Champion).then_some(winner_fighter.card);
        self.return_fighter(winner, winner_fighter, events);
        let mut banished = false;
        if escapes {
            self.return_fighter(loser, loser_fighter, events);
        } else {
            let beaten = (!realm_beaten).then_some(loser_fighter.card);
            // Most often none: then no list is allocated.
            let banishers: Vec<CardId> = if realm_beaten {
                Vec::new()
            } else {
                std::iter::once(loser_fighter.card)
                    .chain(loser_fighter.attachments.iter().copied())
                    .filter(|&c| {
                        self.abilities_of(c).any(|a| {
                            a.when == Trigger::Defeated
                                && a.effect == Effect::VictorToAbyss
                                && self.condition_holds(&a.condition, c, loser_side)
                        })
                    })
                    .collect()
            };
            self.bin_fighter(loser_fighter);
            if let Some(champion) = beaten {
                self.after_defeat(champion, loser, events);
            }
            if let Some(victor) = victor {
                banished = self.victor_to_abyss(winner, victor, &banishers, events);
            }
        }
        // Powers of the beaten side's cards (Mogadisho's Horde) act while the battle is still on.
        self.powers_act(lost_powers, events);
        match loser_side {
            Side::Attacker => {
                // The attacking champion was discarded: the defender earns spoils (SF-123).
                self.realm_held(defender);
                self.end_battle(Some(defender), events);
            }
            // The attacker who won the round went to the Abyss: the battle is over, the realm
            // stands, and the defender earns spoils by the table's reading (AMB-4).
            Side::Defender if banished => {
                let spoils =
                    (self.config.rules.defender_spoils_on == DefenderSpoilsOn::DiscardAbyssLimbo).then_some(defender);
                self.realm_held(defender);
                self.end_battle(spoils, events);
            }
            Side::Defender if realm_beaten || razes => {
                // The players may first reply to the razing (Spirit of the Land): then the
                // round's end waits with it.
                if self.threaten(Loss::BattleRazing {
                    after: realm_powers.as_slice().to_vec(),
                }) {
                    return;
                }
                self.raze_target(events);
                self.end_battle(Some(attacker), events);
            }
            Side::Defender => {
                if let Some(battle) = &mut self.battle {
                    battle.step = BattleStep::NextAttacker;
                }
            }
        }
        self.after_round(realm_powers.as_slice(), loser_side == Side::Attacker, events);
    }

    /// `victor`, `winner`'s champion, beat a champion with cards whose power sends him to the
    /// Abyss (`Effect::VictorToAbyss`): unless he is immune to each of them, he goes there from
    /// his pool, what he carries to the discard pile. Whether he went.
    fn victor_to_abyss(&mut self, winner: Seat, victor: CardId, sources: &[CardId], events: &mut Vec<Event>) -> bool {
        let Some(&source) = sources.iter().find(|&&s| !self.shielded(victor, s)) else {
            return false;
        };
        if self.player(winner).pool_index(victor).is_none() {
            return false;
        }
        self.take_from_pool(winner, victor, events);
        self.bin(victor, Bin::Abyss);
        events.push(Event::SentToAbyss {
            seat: winner,
            card: self.card_name(victor),
            by: self.card_name(source),
        });
        true
    }

    /// Raze the attacked realm; its holding is discarded (SF-57, SF-59).
    fn raze_target(&mut self, events: &mut Vec<Event>) {
        let Some(battle) = &self.battle else {
            return;
        };
        let (seat, at, razer) = (battle.defender, battle.target, battle.attacker);
        if self.withstands_razing(seat, at, events) {
            return;
        }
        self.raze(seat, at, Some(razer), events);
    }

    /// The realm at `at` is razed and its holding discarded; `razer` is the attacker whose
    /// battle razed it (for the Conqueror's markers), none when a card did.
    fn raze(&mut self, seat: Seat, at: Position, razer: Option<Seat>, events: &mut Vec<Event>) {
        let razed_powers = self.realm_powers(seat, at, Trigger::Razed);
        let Some(slot) = self.player_mut(seat).formation.slot_mut(at) else {
            return;
        };
        slot.razed = true;
        let (realm, holding) = (slot.realm, slot.holding.take());
        if let Some(holding) = holding {
            self.destroy(&[holding], events);
            self.bin(holding, Bin::Discard);
        }
        events.push(Event::RealmRazed {
            seat,
            at,
            realm: self.card_name(realm),
            holding: holding.map(|h| self.card_name(h)),
        });
        if let Some(razer) = razer {
            self.mark_razed(razer, seat, realm, events);
        }
        // Powers acting as the realm goes (Silver Spring) ask their choices.
        self.powers_act(razed_powers, events);
    }

    /// The battle is over: fighters still in it go home (AMB-11), the turn moves to phase 5 and the
    /// winner draws the spoils (SF-122, SF-207–210).
    fn end_battle(&mut self, spoils: Option<Seat>, events: &mut Vec<Event>) {
        let mut aid = (Vec::new(), Vec::new());
        if let Some(battle) = &mut self.battle {
            // The fighters go home while the battle still says who fights for whom.
            let (attacker, defender) = (battle.attacker, battle.defender);
            let (attacking, defending) = (battle.attacking.take(), battle.defending.take());
            let gone_over = battle.gone_over.take();
            if let Some(fighter) = attacking {
                self.return_fighter(attacker, fighter, events);
            }
            if let Some(fighter) = defending {
                self.return_fighter(defender, fighter, events);
            }
            // A champion gone over to a side, whose next round never came (Magic Jar).
            if let Some(gone) = gone_over {
                self.discard_gone_over(gone.champion, events);
            }
        }
        // The lists it keeps are taken out of it, rather than the whole battle moved.
        if let Some(battle) = &mut self.battle {
            aid = (
                std::mem::take(&mut battle.helpers),
                std::mem::take(&mut battle.contributed),
            );
            self.spare_lists.give(std::mem::take(&mut battle.defended));
        }
        self.battle = None;
        self.return_aid_items(&aid.1, &aid.0, events);
        self.stand_ins_end(spoils, events);
        self.phase = Phase::AfterBattle;
        events.push(Event::BattleOver { spoils });
        if let Some(seat) = spoils
            && self.outcome.is_none()
        {
            self.aid_spoils(seat, &aid.0, events);
            if let Some(card) = self.draw_one(seat, events) {
                events.push(Event::SpoilsDrawn {
                    seat,
                    card: self.card_name(card),
                });
                self.pending.push(Pending::Spoils { seat, card });
            }
        }
    }

    /// A realm played or rebuilt: its power that acts then (draw a card).
    fn realm_arrives(&mut self, seat: Seat, realm: CardId, events: &mut Vec<Event>) {
        let content = Arc::clone(&self.content);
        if let Some(ability) = self.card_in(&content, realm).power.on_play() {
            self.carry_out(&ability.effect, realm, seat, None, &[], events);
        }
    }

    /// One more card discarded for a rebuild; the third turns the realm face up (SF-61).
    fn rebuild_step(&mut self, events: &mut Vec<Event>) {
        let Some(&Pending::Rebuild { seat, at, left }) = self.pending.last() else {
            return;
        };
        self.pending.pop();
        if left > 1 {
            self.pending.push(Pending::Rebuild {
                seat,
                at,
                left: left - 1,
            });
            return;
        }
        self.restore_realm(seat, at, events);
    }

    /// The razed realm at `at` turns face up again (SF-61).
    fn restore_realm(&mut self, seat: Seat, at: Position, events: &mut Vec<Event>) {
        if let Some(slot) = self.player_mut(seat).formation.slot_mut(at) {
            slot.razed = false;
            let realm = slot.realm;
            self.unmark(realm);
            events.push(Event::RealmRebuilt {
                seat,
                at,
                realm: self.card_name(realm),
            });
            self.realm_arrives(seat, realm, events);
        }
        self.check_formation_victory(seat, events);
    }

    /// Six (or ten) unrazed realms win at once, unless the Barbarian's Game asks them to last
    /// until the owner's next turn (SF-213, SF-243).
    fn check_formation_victory(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if !self.config.rules.barbarians_game && self.formation_won(seat) && !self.victory_deferred() {
            self.win(seat, events);
        }
    }

    fn win(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.formation_victory(vec![seat], events);
    }

    /// `figures`: what the end weighed besides the unrazed realms (the deck-out's tie-breaks).
    fn finish(&mut self, winners: Vec<Seat>, reason: String, figures: Vec<Figure>, events: &mut Vec<Event>) {
        self.outcome = Some(Outcome {
            winners,
            scores: self.players.iter().map(|p| p.formation.unrazed() as i64).collect(),
            score_name: "Unrazed realms".into(),
            reason: reason.clone(),
            figures,
        });
        // Nothing is left half played: a battle ends, an event still waiting goes to the Abyss.
        if self.battle.is_some() {
            self.end_battle(None, events);
        }
        self.phase = Phase::Over;
        for pending in std::mem::take(&mut self.pending) {
            match pending {
                Pending::EventPause(pause) if !pause.copy => self.bin(pause.event, self.event_bin(pause.event)),
                Pending::Target { event, copy: false, .. } => self.bin(event, self.event_bin(event)),
                _ => {}
            }
        }
        events.push(Event::GameOver { reason });
    }

    /// Phase 6: the end of the turn (SF-47): a player without realms loses his pool (SF-65), a
    /// deck-out may end the game (SF-214), and the player on the left begins.
    fn end_turn(&mut self, events: &mut Vec<Event>) {
        // Powers acting as the turn ends ask their choices first; the turn ends once they are made.
        if !self.used.ending {
            self.used.ending = true;
            self.turn_powers(self.active, Trigger::TurnEnds, events);
            if !self.pending.is_empty() {
                return;
            }
        }
        // A champion that had to attack this turn and did not is discarded.
        self.discard_idle_attackers(self.active, events);
        // Cards due back from Limbo return first: a returning realm keeps the pool (SF-65, SF-86).
        self.return_from_limbo(events);
        if self.outcome.is_some() {
            return;
        }
        for seat in Seat::all(self.seats()) {
            // The pool read first, and the formation only up to its first realm.
            let player = self.player(seat);
            if !player.pool.is_empty() && player.formation.realms().next().is_none() {
                let pool = std::mem::take(&mut self.player_mut(seat).pool);
                let mut lost = Vec::new();
                for champion in pool {
                    for card in std::iter::once(champion.card).chain(champion.attachments) {
                        lost.push(card);
                        self.bin(card, Bin::Discard);
                    }
                }
                self.destroy(&lost, events);
                events.push(Event::PoolLost {
                    seat,
                    cards: self.names(&lost),
                });
            }
        }
        if let Some((turn, seat)) = self.deckout {
            let ends = match self.config.rules.deckout_end {
                DeckoutEnd::EndOfCurrentTurn | DeckoutEnd::Immediately => true,
                DeckoutEnd::EndOfThatPlayersNextTurn => self.active == seat && self.turn > turn,
            };
            if ends {
                self.end_by_deckout(events);
                return;
            }
        }
        // After an extra turn, play resumes with the turn it interrupted, which had already begun
        // (The Caravan); otherwise the player on the left begins.
        match self.interrupted.pop() {
            Some(seat) => {
                self.begin_turn(seat, events);
                self.player_mut(seat).turns -= 1;
            }
            None => {
                let next = self.left_of(self.active, 1);
                self.begin_turn(next, events);
            }
        }
    }

    /// A spell or the like used by `seat`'s `caster` (the fighter `fighter` in a round) goes on
    /// as cast: the powers that answer a spell played, its own effect, its caster's powers.
    pub(crate) fn spell_goes_on(
        &mut self,
        seat: Seat,
        card: CardId,
        fighter: Option<CardId>,
        caster: Option<CardId>,
        events: &mut Vec<Event>,
    ) {
        self.spell_played(seat, card, events);
        self.cast(seat, card, fighter, events);
        self.caster_casts(caster, card, seat, events);
        // A card whose power in the battle makes the walled attacker fly (Flight) is his one
        // answer to the wall: he goes on if he can cross now (SF-132).
        if let Some(&Pending::Walled { wall, .. }) = self.pending.last()
            && self
                .abilities_of(card)
                .filter(|a| a.when == Trigger::InBattle)
                .any(|a| matches!(a.effect, Effect::Flies(_)))
        {
            self.pending.pop();
            if !self.can_cross(wall) {
                self.walled_out(events);
            }
        }
    }

    /// A scripted spell or the like has just been used: its caster (the fighter in a round, else
    /// the first free champion of the pool able to cast it) pays the cost, and a target is chosen.
    fn cast(&mut self, seat: Seat, card: CardId, fighter: Option<CardId>, events: &mut Vec<Event>) {
        let content = Arc::clone(&self.content);
        let Some(ability) = self.card_in(&content, card).power.on_play() else {
            return;
        };
        if self.pending.last().is_some_and(|p| matches!(p, Pending::Claim { .. })) {
            self.pending.pop();
        }
        let caster = fighter.or_else(|| self.caster(seat, card));
        // Outside a round, the other players may cancel a phase-3 spell before it acts (AMB-6);
        // a spell that needs a target has it chosen first.
        if !matches!(ability.effect, Effect::Discard(_)) && self.spell_pause_due(card, seat) {
            if ability.cost == Cost::CasterRestsUntilOwnersNextTurn
                && let Some(caster) = caster
            {
                self.resting.push(caster);
            }
            self.open_pause(card, seat, None, true);
            return;
        }
        if ability.cost == Cost::CasterRestsUntilOwnersNextTurn
            && let Some(caster) = caster
        {
            self.resting.push(caster);
        }
        match &ability.effect {
            // With nothing to aim at, a card with a bonus only adds it (Lightning Bolt). Its
            // bonus may have turned the round, so its targets are seen from its caster.
            Effect::Discard(target) if !self.has_candidate(card, target, seat) => {}
            Effect::Discard(_) => self.pending.push(Pending::Target {
                seat,
                event: card,
                copy: true,
            }),
            Effect::DiscardAll(_)
            | Effect::For(..)
            | Effect::OnePlayer(..)
            | Effect::StaysOnOpponent
            | Effect::CallsOffBattle
            | Effect::Escapes
            | Effect::SendsOpponentHome
            | Effect::SlipsPast => self.carry_out(&ability.effect, card, seat, None, &[], events),
            // Powers whose cards are chosen as they act (Sleep, Raise Dead, Crushing Fist).
            Effect::ToHand(_)
            | Effect::ToPool(_)
            | Effect::Rebuild(_)
            | Effect::UpTo(..)
            | Effect::UpToTotal(..)
            | Effect::May(_)
            | Effect::Every(_)
            | Effect::Then(_)
            | Effect::InsteadOfBonus(_)
            | Effect::OneOf(_)
            | Effect::Fly(_) => self.begin_choices(&ability.effect, card, seat, &[], events),
            Effect::Wall(_) => {
                if let Some(battle) = &self.battle
                    && !self.can_cross(card)
                {
                    self.pending.push(Pending::Walled {
                        seat: battle.attacker,
                        wall: card,
                    });
                }
            }
            Effect::BreaksWall => {
                if let Some(Pending::Walled { .. }) = self.pending.last() {
                    self.pending.pop();
                }
            }
            Effect::BecomesFlyer => {
                if let (Some(champion), Some(battle)) = (fighter, &mut self.battle) {
                    battle.flying.push(champion);
                }
                // The walled attacker's one answer: he goes on if he can cross now (SF-132).
                if let Some(&Pending::Walled { wall, .. }) = self.pending.last() {
                    self.pending.pop();
                    if !self.can_cross(wall) {
                        self.walled_out(events);
                    }
                }
            }
            // Any other power that asks a choice (Spell Turning's spell of the battle).
            effect if effect.asks() => self.begin_choices(effect, card, seat, &[], events),
            _ => {}
        }
    }

    /// Whether the attacking champion can cross the wall `wall`.
    pub(crate) fn can_cross(&self, wall: CardId) -> bool {
        let Some(Effect::Wall(crossing)) = self.card(wall).power.on_play().map(|a| a.effect.clone()) else {
            return true;
        };
        let Some(battle) = &self.battle else { return true };
        let Some(attacker) = battle.attacking.as_ref() else {
            return true;
        };
        // An attacker immune to an offensive wall's kind walks through it (SF-181); a defensive
        // wall's power acts even on one immune to its bonus (SF-184).
        if self.card(wall).has(Attribute::Offensive) && self.immune(Side::Attacker, wall) {
            return true;
        }
        let movement = self.movement(attacker.card);
        match crossing {
            Crossing::Flyers => movement.flyer || self.granted(attacker.card).contains(&Attribute::Flyer),
            Crossing::Earthwalkers => movement.earthwalker,
            Crossing::LevelAtLeast(level) => self.power_level(attacker.card) >= i32::from(level),
        }
    }

    /// A wall stopped the attacker: he counts as defeated but goes back to his pool with his
    /// items, the defender's champion goes home too, and the battle ends with no spoils (SF-129).
    fn walled_out(&mut self, events: &mut Vec<Event>) {
        if let Some(battle) = &self.battle {
            events.push(Event::Walled { seat: battle.attacker });
        }
        self.end_battle(None, events);
    }

    /// A target still to be chosen whose every candidate went away meanwhile (a spell cast by the
    /// Defiler, who then razed the very realm the battle was over) is given up: the card acts on
    /// nothing, and an event waiting for it goes where a played event goes.
    fn drop_aimless_targets(&mut self, events: &mut Vec<Event>) {
        while let Some(&Pending::Target { seat, event, copy }) = self.pending.last() {
            let aimed = match self.card(event).power.on_play().map(|a| &a.effect) {
                Some(Effect::Discard(target)) => self.has_target(event, target),
                _ => true,
            };
            if aimed {
                return;
            }
            self.pending.pop();
            events.push(Event::TargetGone {
                seat,
                card: self.card_name(event),
            });
            if !copy {
                self.bin(event, self.event_bin(event));
            }
        }
    }

    /// An event (or a copy of one) has been played: its player chooses a target if it needs one,
    /// then the pause begins.
    fn start_event(&mut self, event: CardId, by: Seat, copy: bool) {
        match self.card(event).power.on_play().map(|a| &a.effect) {
            Some(Effect::Discard(_)) => self.pending.push(Pending::Target { seat: by, event, copy }),
            _ => self.open_pause(event, by, None, copy),
        }
    }

    /// The pause after an event: every other player in turn, clockwise from the event's player
    /// (SF-192).
    fn open_pause(&mut self, event: CardId, by: Seat, target: Option<CardId>, copy: bool) {
        // A table has two players at least: someone is asked. The players after him are listed
        // without him (at two players, no list is allocated).
        let asking = by.others_in_turn_order(self.seats()).next().unwrap_or(by);
        let later = spellhall_core::AnswerQueue::after_where(by, self.seats(), |&s| s != asking);
        self.pending.push(Pending::EventPause(Box::new(Pause {
            event,
            by,
            asking,
            later,
            target,
            calmed: Vec::new(),
            copies: Vec::new(),
            copy,
        })));
    }

    /// The player asked in the pause on top lets the event be: `continue_pause`, the pause kept
    /// where it lies while someone is left to ask.
    fn pass_in_pause(&mut self, events: &mut Vec<Event>) {
        let Some(Pending::EventPause(pause)) = self.pending.last_mut() else {
            return;
        };
        let (seat, event) = (pause.asking, pause.event);
        let next = pause.later.pop();
        if let Some(next) = next {
            pause.asking = next;
        }
        events.push(Event::EventPassed {
            seat,
            card: self.card_name(event),
        });
        if next.is_none()
            && let Some(Pending::EventPause(pause)) = self.pending.pop()
        {
            self.resolve_event(*pause, events);
        }
    }

    /// The next player is asked, or, once every other player has answered, the event acts.
    fn continue_pause(&mut self, mut pause: Pause, events: &mut Vec<Event>) {
        match pause.later.pop() {
            Some(next) => {
                pause.asking = next;
                self.pending.push(Pending::EventPause(Box::new(pause)));
            }
            None => self.resolve_event(pause, events),
        }
    }

    /// An answer in the pause (SF-193): its cost paid, then the event negated for everyone,
    /// calmed for this player, or copied for him.
    pub(crate) fn answer(&mut self, seat: Seat, card: CardId, events: &mut Vec<Event>) {
        let Some(Pending::EventPause(pause)) = self.pending.pop() else {
            return;
        };
        let Some(ability) = self.pause_answer_of(card).cloned() else {
            return;
        };
        let mut pause = *pause;
        match ability.cost {
            Cost::DiscardThis | Cost::DiscardThisFromPool => self.discard_anywhere(seat, card),
            Cost::RestUntilOwnersNextTurn => self.resting.push(card),
            Cost::ThisToAbyss => {
                self.take_from_pool(seat, card, events);
                self.bin(card, Bin::Abyss);
            }
            Cost::Nothing | Cost::CasterRestsUntilOwnersNextTurn | Cost::OncePerBattle => {}
        }
        // An event or spell from the hand is used up by answering.
        if self.player(seat).hand.contains(&card) {
            self.take_from_hand(seat, card);
            self.bin(card, Bin::Discard);
        }
        let (how, event) = (ability.effect.clone(), self.card_name(pause.event));
        let answered = |how: Answer| Event::EventAnswered {
            seat,
            card: self.card_name(card),
            event: event.clone(),
            how,
        };
        match how {
            Effect::NegateEvent(_) | Effect::NegateSpell => {
                events.push(answered(Answer::Negated));
                if !pause.copy {
                    self.bin(pause.event, self.event_bin(pause.event));
                }
                // Copies made before the negation are cards of their own and still act (SF-202).
                self.start_copies(pause.event, &pause.copies);
            }
            Effect::CalmEvent(_) => {
                events.push(answered(Answer::Calmed));
                pause.calmed.push(seat);
                self.continue_pause(pause, events);
            }
            Effect::DuplicateEvent(_) => {
                events.push(answered(Answer::Copied));
                pause.copies.push(seat);
                self.continue_pause(pause, events);
            }
            Effect::TurnSpell => {
                events.push(answered(Answer::Turned));
                self.turn_spell(&mut pause, seat);
                // The turned spell is its turner's now: every other player, the one whose
                // champion it strikes among them, may answer it in turn before it acts (SF-170:
                // another of his champions may still save a Wish's caster).
                self.open_pause(pause.event, seat, pause.target, pause.copy);
            }
            _ => self.continue_pause(pause, events),
        }
    }

    /// Copies act after the original, the first copier's first (SF-201).
    fn start_copies(&mut self, event: CardId, copiers: &[Seat]) {
        for &seat in copiers.iter().rev() {
            self.start_event(event, seat, true);
        }
    }

    /// Discard a card of `seat`'s from the hand or, with its attachments, from the pool.
    fn discard_anywhere(&mut self, seat: Seat, card: CardId) {
        if self.player(seat).hand.contains(&card) {
            self.take_from_hand(seat, card);
            self.bin(card, Bin::Discard);
        } else if let Some(index) = self.player(seat).pool_index(card) {
            let champion = self.player_mut(seat).pool.remove(index);
            for c in std::iter::once(champion.card).chain(champion.attachments) {
                self.bin(c, Bin::Discard);
            }
        }
    }

    /// Every other player has answered: the event goes to the Abyss and acts, skipping those who
    /// calmed it (SF-187, SF-198); then its copies act.
    fn resolve_event(&mut self, pause: Pause, events: &mut Vec<Event>) {
        let event = pause.event;
        if !pause.copy {
            self.bin(event, self.event_bin(event));
        }
        events.push(Event::EventResolved {
            card: self.card_name(event),
            enforced: self.card(event).power.is_enforced(),
        });
        // A reply to a razing or discard acts by its reply's ability (Spirit of the Land).
        let reply = !pause.copy && matches!(self.pending.last(), Some(Pending::Reply(r)) if r.reply == Some(event));
        // The reply's ability is copied (it is rare); the event's own is read in place.
        let content = Arc::clone(&self.content);
        let ability = match reply {
            true => self.reply_ability(event).cloned().map(std::borrow::Cow::Owned),
            false => self
                .card_in(&content, event)
                .power
                .on_play()
                .map(std::borrow::Cow::Borrowed),
        };
        if let Some(ability) = ability {
            self.carry_out(
                &ability.effect,
                pause.event,
                pause.by,
                pause.target,
                &pause.calmed,
                events,
            );
        }
        self.start_copies(event, &pause.copies);
    }

    /// What the effect of `source` does, for its player `by`, leaving alone the players in
    /// `calmed`.
    fn carry_out(
        &mut self,
        effect: &Effect,
        source: CardId,
        by: Seat,
        target: Option<CardId>,
        calmed: &[Seat],
        events: &mut Vec<Event>,
    ) {
        match effect {
            Effect::KeepAsAlly {
                bonus, designations, ..
            } => {
                if let Some(target) = target {
                    self.keep_as_ally(source, target, *bonus, designations, events);
                }
            }
            Effect::FunctionsAs(kinds) => {
                if let [kind] = kinds.as_slice() {
                    self.functions_as(source, *kind);
                }
            }
            Effect::Draw(amount) => {
                self.draw_announced(by, amount.value(), events);
            }
            Effect::Discard(_) => {
                let Some(target) = target else { return };
                let owner = self.owner(target);
                if calmed.contains(&owner) {
                    return;
                }
                match self.player(owner).formation.position_of(target) {
                    // The players may first reply to the discard (Spirit of the Land).
                    Some(at) if self.threaten(Loss::RealmDiscarded { seat: owner, at }) => {}
                    Some(at) => self.discard_realm(owner, at, events),
                    None if self.kind(target) == CardType::Holding && self.threaten(Loss::Discarded(target)) => {}
                    // A card in a hand or draw pile (Hettman Tsurin, Marco Volo) is not in play.
                    None if self.discard_unplayed(target, events) => {}
                    None => self.discard_in_play(target, events),
                }
            }
            Effect::DiscardAll(cards) => {
                let doomed: Vec<CardId> = self
                    .in_play_but_realms()
                    .into_iter()
                    .filter(|&card| self.selects(cards, card, by, source) && !calmed.contains(&self.owner(card)))
                    .collect();
                for card in doomed {
                    // A card may have gone already, with the champion it was attached to.
                    if self.in_play_but_realms().contains(&card) {
                        self.discard_in_play(card, events);
                    }
                }
            }
            // A lasting effect on a card still to choose (Geas): the choice comes first.
            Effect::For(_, inner) if target.is_none() && inner.choice_target().is_some() => {
                self.begin_choices(effect, source, by, calmed, events)
            }
            Effect::For(until, _) => {
                let next_turn_ends = |seat: Seat| Ends::TurnEnds {
                    seat,
                    turns: self.player(seat).turns + 1,
                };
                let ends = match until {
                    Until::PlayersNextTurn => Ends::TurnBegins(by),
                    Until::CurrentPlayersNextTurn => Ends::TurnBegins(self.active),
                    Until::EndOfPlayersNextTurn => next_turn_ends(by),
                    Until::EndOfRound => Ends::RoundEnds,
                    Until::EndOfOwnersNextTurn => next_turn_ends(target.map_or(by, |card| self.owner(card))),
                };
                if let Some(card) = target {
                    events.push(Event::Barred {
                        seat: self.owner(card),
                        card: self.card_name(card),
                        by: self.card_name(source),
                    });
                }
                self.lasting.push(crate::state::Lasting {
                    card: source,
                    by,
                    spared: calmed.to_vec(),
                    ends,
                    on: target,
                });
            }
            // The user's side (Blink) or the opposing side (Charm Monster) loses the round, but its
            // champion goes back to its pool.
            Effect::Escapes | Effect::SendsOpponentHome => {
                let Some(battle) = &mut self.battle else { return };
                let users = if battle.attacker == by {
                    Side::Attacker
                } else {
                    Side::Defender
                };
                let side = if *effect == Effect::Escapes {
                    users
                } else {
                    users.other()
                };
                battle.escaping = Some(side);
                self.end_round_as(side, events);
                if let Some(battle) = &mut self.battle {
                    battle.escaping = None;
                }
            }
            Effect::CallsOffBattle => {
                let Some(battle) = &self.battle else { return };
                let allies: Vec<CardId> = [&battle.attacking, &battle.defending]
                    .into_iter()
                    .flatten()
                    .flat_map(|f| f.round_cards.iter().copied())
                    .filter(|&c| self.kind(c) == CardType::Ally)
                    .collect();
                if let Some(battle) = &mut self.battle {
                    for fighter in [&mut battle.attacking, &mut battle.defending].into_iter().flatten() {
                        fighter.round_cards.retain(|c| !allies.contains(c));
                    }
                }
                for ally in allies {
                    let owner = self.owner(ally);
                    self.player_mut(owner).hand.push(ally);
                }
                self.end_battle(None, events);
            }
            Effect::SlipsPast => {
                let Some(battle) = &mut self.battle else { return };
                let (defender, attacker) = (battle.defender, battle.attacker);
                if let Some(fighter) = battle.defending.take() {
                    self.return_fighter(defender, fighter, events);
                }
                if !self.threaten(Loss::BattleRazing { after: Vec::new() }) {
                    self.raze_target(events);
                    self.end_battle(Some(attacker), events);
                }
            }
            Effect::RazeFirstRealms => {
                for seat in Seat::all(self.seats()) {
                    let face_up = self.player(seat).formation.slot(Position(0)).is_some_and(|s| !s.razed);
                    if calmed.contains(&seat) || !face_up {
                        continue;
                    }
                    // A battle over that realm has nothing left to fight for: it ends, no spoils.
                    if self
                        .battle
                        .as_ref()
                        .is_some_and(|b| b.defender == seat && b.target == Position(0))
                    {
                        self.end_battle(None, events);
                    }
                    self.raze(seat, Position(0), None, events);
                }
            }
            Effect::NewHands(amount) => {
                for seat in Seat::all(self.seats()) {
                    if calmed.contains(&seat) {
                        continue;
                    }
                    let hand = std::mem::take(&mut self.player_mut(seat).hand);
                    events.push(Event::Discarded {
                        seat,
                        cards: self.names(&hand).into(),
                    });
                    for card in hand {
                        self.bin(card, Bin::Discard);
                    }
                    self.draw_announced(seat, amount.value(), events);
                }
            }
            // A card chosen for a power that moves it; or a power whose cards are still to choose.
            Effect::ToHand(_)
            | Effect::ToPool(_)
            | Effect::Rebuild(_)
            | Effect::InsteadOfBonus(_)
            | Effect::FightsForUser(_)
            | Effect::JoinsAsAlly(_)
                if target.is_some() =>
            {
                if let Some(card) = target {
                    self.act_on_choice(effect, source, by, card, events);
                }
            }
            Effect::ToHand(_)
            | Effect::ToPool(_)
            | Effect::Rebuild(_)
            | Effect::InsteadOfBonus(_)
            | Effect::UpTo(..)
            | Effect::May(_)
            | Effect::EachPlayer(_)
            | Effect::OnePlayer(..)
            | Effect::Every(_)
            | Effect::Then(_) => self.begin_choices(effect, source, by, calmed, events),
            // A card chosen within the total: the inner effect acts on it.
            Effect::UpToTotal(_, inner) if target.is_some() => {
                self.carry_out(inner, source, by, target, calmed, events)
            }
            Effect::UpToTotal(..) => self.begin_choices(effect, source, by, calmed, events),
            Effect::CopyLevel(_) | Effect::CopyPower(_) if target.is_some() => {
                if let Some(from) = target {
                    self.copy_onto_carrier(effect, source, by, from, events);
                }
            }
            Effect::FightsInPlace(_) if target.is_some() => {
                if let Some(card) = target {
                    self.fight_in_place(by, card, source, events);
                }
            }
            Effect::ChooseOne(_) | Effect::CopyLevel(_) | Effect::CopyPower(_) | Effect::FightsInPlace(_) => {
                self.begin_choices(effect, source, by, calmed, events)
            }
            // Read where it applies: the phase-1 draw.
            Effect::TurnDraw { .. } => {}
            Effect::OneOf(_)
            | Effect::Fly(_)
            | Effect::StaysOnOpponent
            | Effect::ShuffleIntoDraw(_)
            | Effect::DrawAndPlay => self.carry_out_mode(effect, Acting::new(source, by, target, calmed), events),
            // Its card is still to choose.
            Effect::FightsForUser(_) | Effect::JoinsAsAlly(_) => self.begin_choices(effect, source, by, calmed, events),
            // Read where they apply: a defeat, the end of a turn.
            Effect::BackIntoDraw
            | Effect::Survives
            | Effect::MustAttack
            | Effect::VictorToAbyss
            | Effect::GoesOnAnyWorld => {}
            // Acts in its pause (`answer`).
            Effect::TurnSpell => {}
            Effect::If(..) | Effect::Raze(_) | Effect::ExtraAttacks(_) => {
                self.carry_out_outcome(effect, Acting::new(source, by, target, calmed), events)
            }
            Effect::NextRealmFillsFront => {
                if !self.tracks.front_first.contains(&by) {
                    self.tracks.front_first.push(by);
                }
            }
            Effect::ExtraTurn => {
                self.interrupted.push(self.active);
                events.push(Event::ExtraTurn { seat: by });
                // An extra turn is not its player's next regular turn: what rests until then
                // stays resting, and the turn is not counted (SF-205).
                let resting = self.resting.clone();
                self.begin_turn(by, events);
                self.resting = resting;
                self.player_mut(by).turns -= 1;
            }
            // Answers act in the pause, champion powers at the start of a round, walls and flight
            // when cast in a round; powers in battle and in play are read where they apply.
            Effect::Levels { .. }
            | Effect::CannotBeAttackedBy(_)
            | Effect::CannotBeDefendedBy(_)
            | Effect::AtMost { .. }
            | Effect::DefenderMayUse(_)
            | Effect::DefendsAs(_)
            | Effect::ImmuneTo(_)
            | Effect::ImmuneToAll(_)
            | Effect::RazesTheRealm
            | Effect::LosesPowers(_)
            | Effect::NegateSpell
            | Effect::CarrierMayUse(_)
            | Effect::CarrierFlies
            | Effect::HandSize(_)
            | Effect::NoAttacksOn { .. }
            | Effect::ExtraDraws(_)
            | Effect::Wall(_)
            | Effect::BecomesFlyer
            | Effect::Flies(_)
            | Effect::BreaksWall
            | Effect::RebuildsItsRealm
            | Effect::NegateEvent(_)
            | Effect::CalmEvent(_)
            | Effect::DuplicateEvent(_)
            | Effect::DefeatsOpponent(_)
            | Effect::DefeatedBy(_)
            | Effect::OneUse
            | Effect::Across(..)
            | Effect::SharesHoldingOf(_)
            | Effect::OneKindABattle(_)
            | Effect::WithstandsRazings(_)
            | Effect::Immune { .. }
            | Effect::CastsOnlyWithLeave { .. }
            | Effect::Designated(_) => {}
            // Lasting only inside a `For`, which records the chosen champion.
            Effect::Barred { .. } => {}
            Effect::Saves => self.save_threatened(source, by, events),
            Effect::EndsBattle => {
                if self.battle.is_some() {
                    self.end_battle(None, events);
                }
            }
            Effect::ReshuffleDiscards => {
                let cards = std::mem::take(&mut self.player_mut(by).discard);
                if cards.is_empty() {
                    return;
                }
                events.push(Event::Reshuffled {
                    seat: by,
                    by: self.card_name(source),
                    cards: cards.len(),
                });
                let rng = &mut self.rng;
                let draw = &mut self.players[by.index()].draw;
                for card in cards {
                    draw.put_top(card);
                }
                draw.shuffle(rng);
            }
            Effect::ChangesSides => self.change_sides(by, source, events),
        }
    }

    /// A card in play that is not a realm goes to its owner's discard pile, from wherever it is: the
    /// rule card, a holding, a pool champion with its attachments, an attachment, or a card in the
    /// battle. A discarded attacker ends the battle with spoils for the defender (SF-128); a
    /// discarded defender ends the round, and the attacker may go on (SF-130).
    fn discard_in_play(&mut self, card: CardId, events: &mut Vec<Event>) {
        // What lasted on the card (Geas) ends with it: back in play later, it is a new card.
        self.lasting.retain(|l| l.on != Some(card));
        let owner = self.owner(card);
        events.push(Event::Discarded {
            seat: owner,
            cards: CardNames::One(self.card_name(card)),
        });
        if self.rule_card == Some(card) {
            self.rule_card = None;
            self.bin(card, Bin::Discard);
            return;
        }
        // Where it lies: a card may sit in another player's pool (Treasure, Aid).
        for seat in Seat::all(self.seats()) {
            let player = self.player(seat);
            let holding = player
                .formation
                .realms()
                .find(|(_, s)| s.holding == Some(card))
                .map(|(at, _)| at);
            let in_pool = player.pool_index(card);
            let carrier = player.pool.iter().position(|c| c.attachments.contains(&card));
            if let Some(at) = holding {
                if let Some(slot) = self.player_mut(seat).formation.slot_mut(at) {
                    slot.holding = None;
                }
            } else if let Some(index) = in_pool {
                let champion = self.player_mut(seat).pool.remove(index);
                for c in champion.attachments {
                    self.bin(c, Bin::Discard);
                }
            } else if let Some(index) = carrier {
                self.player_mut(seat).pool[index].attachments.retain(|&c| c != card);
            } else {
                continue;
            }
            self.bin(card, Bin::Discard);
            return;
        }
        let Some(battle) = &mut self.battle else { return };
        let (attacker, defender) = (battle.attacker, battle.defender);
        if battle
            .attacking
            .as_ref()
            .is_some_and(|f| f.card == card && f.kind == FighterKind::Champion)
        {
            if let Some(fighter) = battle.attacking.take() {
                self.bin_fighter(fighter);
            }
            self.end_battle(Some(defender), events);
        } else if battle
            .defending
            .as_ref()
            .is_some_and(|f| f.card == card && f.kind == FighterKind::Champion)
        {
            let defending = battle.defending.take();
            let attacking = battle.attacking.take();
            battle.step = BattleStep::NextAttacker;
            if let Some(fighter) = defending {
                self.bin_fighter(fighter);
            }
            if let Some(fighter) = attacking {
                self.return_fighter(attacker, fighter, events);
            }
        } else {
            for fighter in [&mut battle.attacking, &mut battle.defending].into_iter().flatten() {
                fighter.attachments.retain(|&c| c != card);
                fighter.round_cards.retain(|&c| c != card);
            }
            self.bin(card, Bin::Discard);
            self.fell([card]);
        }
    }

    /// A realm leaves its formation for the discard pile with its holding. If it was the realm
    /// under attack the battle ends: the attacker earns spoils once a defender had been chosen, or
    /// even before if the table says so (SF-127, SF-207, AMB-10). Under permanent destruction the
    /// realm is gone for good (SF-247).
    pub(crate) fn discard_realm(&mut self, seat: Seat, at: Position, events: &mut Vec<Event>) {
        let Some(slot) = self.player_mut(seat).formation.remove(at) else {
            return;
        };
        self.unmark(slot.realm);
        let gone: Vec<CardId> = std::iter::once(slot.realm).chain(slot.holding).collect();
        self.destroy(&gone, events);
        self.bin(slot.realm, Bin::Discard);
        if let Some(holding) = slot.holding {
            self.bin(holding, Bin::Discard);
        }
        events.push(Event::RealmDiscarded {
            seat,
            at,
            realm: self.card_name(slot.realm),
        });
        if let Some(battle) = &self.battle
            && battle.defender == seat
            && battle.target == at
        {
            let chosen = battle.step != BattleStep::ChooseDefender;
            let spoils = (chosen || self.config.rules.spoils_if_realm_lost_before_defender).then_some(battle.attacker);
            self.end_battle(spoils, events);
        }
    }

    /// Score a deck-out ending: most unrazed realms, then the table's second count, then most
    /// holdings; a tie at the top is a draw (SF-215, AMB-1).
    fn end_by_deckout(&mut self, events: &mut Vec<Event>) {
        let tiebreak = self.config.rules.deckout_tiebreak;
        let score = |p: &Player| {
            let f = &p.formation;
            let second = match tiebreak {
                DeckoutTiebreak::RazedMore => f.razed() as i64,
                DeckoutTiebreak::RazedFewer => -(f.razed() as i64),
                DeckoutTiebreak::AllRealmsMore => f.occupied() as i64,
                DeckoutTiebreak::Skip => 0,
            };
            (f.unrazed(), second, f.holdings())
        };
        let scores: Vec<_> = self.players.iter().map(score).collect();
        let best = scores.iter().max().copied().unwrap_or_default();
        let top: Vec<Seat> = Seat::all(self.seats()).filter(|s| scores[s.index()] == best).collect();
        let (winners, reason) = if top.len() == 1 {
            let reason = format!(
                "A draw pile ran out; {} has the most unrazed realms ({}).",
                seat_token(top[0]),
                best.0
            );
            (top, reason)
        } else {
            let reason = format!(
                "A draw pile ran out and {} are tied on realms and holdings: a draw.",
                seats_token(&top)
            );
            (Vec::new(), reason)
        };
        let formations = || self.players.iter().map(|p| &p.formation);
        let second = match tiebreak {
            DeckoutTiebreak::RazedMore | DeckoutTiebreak::RazedFewer => {
                Some(Figure::counted("Razed realms", formations().map(|f| f.razed())))
            }
            DeckoutTiebreak::AllRealmsMore => Some(Figure::counted("Realms", formations().map(|f| f.occupied()))),
            DeckoutTiebreak::Skip => None,
        };
        let holdings = Figure::counted("Holdings", formations().map(|f| f.holdings()));
        let figures = second.into_iter().chain([holdings]).collect();
        self.finish(winners, reason, figures, events);
    }
}
