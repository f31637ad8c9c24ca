//! What may be done now. `check` is the one place the rules say yes or no, with the reason and the
//! rule; `legal` lists every candidate action that `check` accepts, so the table's choices, the
//! computer's and `apply` can never disagree. A candidate built from everything `check` asks of
//! it is marked sure and listed without asking again (`Candidates`); builds with debug
//! assertions, the tests among them, ask `check` of the sure ones too and stop on a "no".

use std::cell::{Cell, OnceCell, RefCell};
use std::ops::ControlFlow;

use spellhall_core::{AnswerQueue, RuleError, Seat};

use crate::action::Action;
use crate::apply::{AttackBars, Family, FormationClosers};
use crate::catalogue::PlayFacts;
use crate::catalogue::cards::{Attribute, Card, CardType, Usable, Use, World};
use crate::combat::Side;
use crate::effects::{Champions, Condition, Cost, Effect, EventKind, Target, Timing, Trigger, Whose};
use crate::formation::{Movement, Position};
use crate::state::{
    AttachInCombat, BattleStep, CardId, Champion, FighterKind, MulliganLimit, Pause, Pending, Phase, Phase4Caster,
    Pick, RebuildCostZone, ReplaceWhileHole, Spellfire,
};

/// What `check` reads of the game that is the same for every candidate of one `legal` call
/// (checking changes nothing): the copies of a card in play under the Rule of the Cosmos,
/// champions' movement, a seat's hand limit, the battle's limits on the
/// cards played in a round. Each `check` of a candidate worked them out again (issue 17); now
/// `legal` shares one context among its candidates, and `check` and `apply` start an empty one
/// for their one action. Each answer is worked out when first asked and dropped with the call:
/// never kept in the state, it cannot outlive what it was read from.
#[derive(Default)]
pub(crate) struct CheckContext {
    /// How many copies of a card the Rule of the Cosmos finds in play, by the card's identity:
    /// asked again for a champion in the hand with every realm it could attack, and for each
    /// copy of a card in the hand.
    copies: Memo<u32, usize>,
    movement: Memo<CardId, Movement>,
    /// The movement a seat's cards give every champion of his (`Spellfire::player_wide_movement`),
    /// the same for all his champions.
    player_wide_movement: Memo<Seat, Movement>,
    /// A seat's hand limit: only the decider's is asked.
    hand_limit: OneAnswer<Seat, usize>,
    /// The positions where a seat may lay a new realm, one bit a position
    /// (`check_realm_position`): the same for every realm of his hand. Only the decider's are
    /// asked.
    realm_positions: OneAnswer<Seat, u16>,
    /// The battle's cards (with their sides) with a power that limits the cards of a kind a
    /// side plays in a round.
    limiters: OnceCell<Vec<(CardId, Side)>>,
}

impl CheckContext {
    fn movement(&self, game: &Spellfire, champion: CardId) -> Movement {
        self.movement.get_or(champion, || {
            self.movement_carrying(game, champion, game.attachments_of(champion))
        })
    }

    /// `movement` of a champion carrying `attachments` (read by the caller where he lies),
    /// not kept: `attack_candidates` asks it once a champion.
    fn movement_carrying(&self, game: &Spellfire, champion: CardId, attachments: &[CardId]) -> Movement {
        game.movement_with(champion, attachments, |seat| {
            self.player_wide_movement
                .get_or(seat, || game.player_wide_movement(seat))
        })
    }

    /// The card of `seat`'s realm at `at` whose power closes it to `champion` as an attacker,
    /// or as a defender (SF-140, SF-147).
    fn closer(&self, game: &Spellfire, seat: Seat, at: Position, champion: CardId, attacking: bool) -> Option<CardId> {
        first_closer(game, &self.closing(game, seat, at, attacking), champion)
    }

    /// The powers closing `seat`'s realm at `at` to some attackers (or defenders), with their
    /// cards, in the order they act: matched against each champion asked about.
    fn closing<'g>(
        &self,
        game: &'g Spellfire,
        seat: Seat,
        at: Position,
        attacking: bool,
    ) -> Vec<(CardId, &'g Champions)> {
        // Most realms have none: then none of their cards is read.
        let mut closing = Vec::new();
        if game.formation_may_close(seat, attacking).may_close(at) {
            // Walked from inside: a nest of flattened iterators costs more stepped through.
            (game.closing_powers_of(seat, at, attacking)).for_each(|power| closing.push(power));
        }
        closing
    }

    fn realm_positions(&self, game: &Spellfire, seat: Seat) -> u16 {
        self.realm_positions.get_or(seat, || game.open_realm_positions(seat))
    }

    fn hand_limit(&self, game: &Spellfire, seat: Seat) -> usize {
        self.hand_limit.get_or(seat, || game.hand_limit_for(seat))
    }

    fn limiters(&self, game: &Spellfire) -> &[(CardId, Side)] {
        self.limiters.get_or_init(|| {
            let mut limiters = Vec::new();
            // Walked from inside: the battle's cards are a nest of chained iterators.
            game.battle_cards_unordered().for_each(|(card, side)| {
                let limits = match game.abilities_are_printed() {
                    true => game.play_facts(card).limits_plays(),
                    false => (game.abilities_of(card)).any(|a| matches!(a.effect, Effect::AtMost { .. })),
                };
                if limits {
                    limiters.push((card, side));
                }
            });
            limiters
        })
    }

    /// How many cards in play the Rule of the Cosmos counts as copies of `card`, which is not in
    /// play itself (in a hand, a discard pile, away).
    fn copies_in_play(&self, game: &Spellfire, card: CardId) -> usize {
        // Most cards of a game are the only one of their name: none is in play but the card.
        if game.lone.contains(card) {
            return 0;
        }
        self.copies_of_repeated(game, card)
    }

    /// `copies_in_play` of a card that is not lone: the places in play walked once a card. Apart,
    /// so that `cosmos_allows` asks the lone cards, most of those it is asked about, without a call.
    fn copies_of_repeated(&self, game: &Spellfire, card: CardId) -> usize {
        let identity = game.cards[card.index()].identity;
        self.copies.get_or(identity, || {
            let mut copies = 0;
            // The identity first: one comparison, where a card's kind is a look-up in the catalogue.
            game.visit_in_play_places(|c| {
                if game.cards[c.index()].identity == identity && game.cosmos_covers(c) {
                    copies += 1;
                }
            });
            copies
        })
    }
}

/// The cards of a game that share their identity (SF-95) with no other card of it, one bit a
/// card, found at setup (`find_lone_cards`): no copy of such a card can be in play but itself.
/// Empty (the default) claims nothing. Shared, not copied, by the states cloned from one game.
#[derive(Clone, Debug, Default)]
pub(crate) struct LoneCards(std::sync::Arc<[u64]>);

impl LoneCards {
    fn contains(&self, card: CardId) -> bool {
        let i = card.index();
        self.0.get(i / 64).is_some_and(|word| word & (1 << (i % 64)) != 0)
    }
}

/// What `legal` reads of each card of a game in a hand (`PlayFacts`), by card, copied from the
/// catalogue at setup (`find_play_facts`): a hand is read at every `legal` call, and one small
/// table is read faster than every card's catalogue entry. A card past its end (a state that
/// was not set up) is read from the catalogue. Shared, not copied, by the states cloned from
/// one game.
#[derive(Clone, Debug, Default)]
pub(crate) struct PlayTable(std::sync::Arc<[PlayFacts]>);

impl Spellfire {
    /// Copy the game's cards' `PlayFacts` into its `PlayTable`, once its cards are dealt out.
    pub(crate) fn find_play_facts(&mut self) {
        let entries = &self.content.catalogue.entries;
        // Through a `Vec`: collected straight into the shared slice, each card costs more.
        let play: Vec<PlayFacts> = (self.cards.iter())
            .map(|info| entries[info.entry as usize].play)
            .collect();
        self.play = PlayTable(play.into());
    }

    /// Find the game's lone cards (`LoneCards`), once its cards are dealt out.
    pub(crate) fn find_lone_cards(&mut self) {
        // Two bits an identity (a catalogue entry), side by side: seen once, seen again. Two
        // passes over the cards, rather than a sort: this runs with every deal. The bits of the
        // shipped catalogue fit on the stack.
        let words = self.content.catalogue.entries.len().max(1).div_ceil(64);
        let mut on_stack = [[0u64; 2]; 64];
        let mut on_heap = Vec::new();
        let seen = if words <= on_stack.len() {
            &mut on_stack[..words]
        } else {
            on_heap.resize(words, [0; 2]);
            &mut on_heap[..]
        };
        for info in &self.cards {
            let [once, again] = &mut seen[info.identity as usize / 64];
            let bit = 1 << (info.identity % 64);
            *again |= *once & bit;
            *once |= bit;
        }
        let repeated =
            |info: &crate::state::CardInfo| seen[info.identity as usize / 64][1] & (1 << (info.identity % 64)) != 0;
        // Built in place: the words are known in number.
        let lone = (self.cards.chunks(64))
            .map(|cards| (cards.iter().enumerate()).fold(0, |word, (at, info)| word | u64::from(!repeated(info)) << at))
            .collect();
        self.lone = LoneCards(lone);
    }
}

/// Answers of a `CheckContext` by what they are about. One call asks about a few champions,
/// realms and seats: the answers are kept inline (no allocation for a call that asks little), and
/// past `MEMO_SIZE` of them the others are worked out each time they are asked.
/// The slots are laid out only when the first answer is kept: a context is made for every
/// `legal` call, and most calls ask a few of its memos or none.
struct Memo<K, V>(RefCell<Option<MemoSlots<K, V>>>);

type MemoSlots<K, V> = [Option<(K, V)>; MEMO_SIZE];

const MEMO_SIZE: usize = 8;

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo(RefCell::new(None))
    }
}

impl<K: Copy + PartialEq, V: Clone> Memo<K, V> {
    fn get_or(&self, key: K, work_out: impl FnOnce() -> V) -> V {
        let free = {
            let known = self.0.borrow();
            let Some(known) = known.as_ref() else {
                drop(known);
                let value = work_out();
                let mut slots: MemoSlots<K, V> = std::array::from_fn(|_| None);
                slots[0] = Some((key, value.clone()));
                // The work may have asked the memo about another key and laid the slots out.
                self.0.borrow_mut().get_or_insert(slots);
                return value;
            };
            let found = known.iter().position(|e| e.as_ref().is_none_or(|(k, _)| *k == key));
            if let Some((_, value)) = found.and_then(|i| known[i].as_ref()) {
                return value.clone();
            }
            found
        };
        // Not borrowed while worked out, so that the work may ask the context again.
        let value = work_out();
        if let Some(i) = free
            && let Some(slots) = self.0.borrow_mut().as_mut()
        {
            slots[i] = Some((key, value.clone()));
        }
        value
    }
}

/// One answer of a `CheckContext`, kept with what it is about: for the questions asked of one
/// seat only (the decider), where a `Memo`'s slots would cost more than they keep.
struct OneAnswer<K, V>(Cell<Option<(K, V)>>);

impl<K, V> Default for OneAnswer<K, V> {
    fn default() -> Self {
        OneAnswer(Cell::new(None))
    }
}

impl<K: Copy + PartialEq, V: Copy> OneAnswer<K, V> {
    fn get_or(&self, key: K, work_out: impl FnOnce() -> V) -> V {
        if let Some((asked, value)) = self.0.get()
            && asked == key
        {
            return value;
        }
        let value = work_out();
        self.0.set(Some((key, value)));
        value
    }
}

/// The candidates of one `legal` call, in order, and which of them the candidates were built
/// from everything `check` asks of them: those `legal` lists without asking `check` again (builds
/// with debug assertions, the tests among them, still ask and fail loudly on a "no"). Reads and
/// writes as the list itself; only a few places that know the whole answer mark one sure.
pub(crate) struct Candidates<'a> {
    list: &'a mut Vec<Action>,
    sure: SureMarks,
}

impl<'a> Candidates<'a> {
    fn new(list: &'a mut Vec<Action>) -> Self {
        Candidates {
            list,
            sure: SureMarks::default(),
        }
    }

    /// Mark the candidates from `from` to the end of the list sure.
    fn sure_from(&mut self, from: usize) {
        self.sure.mark_range(from, self.list.len());
    }

    fn push_sure(&mut self, action: Action) {
        self.sure.mark(self.list.len());
        self.list.push(action);
    }

    fn extend_sure(&mut self, actions: impl IntoIterator<Item = Action>) {
        let from = self.list.len();
        self.list.extend(actions);
        self.sure_from(from);
    }
}

/// Which candidates are sure, one bit each by their place in the list. Past `SURE_BITS` of them
/// (a huge table) none is, and `check` is asked.
#[derive(Clone, Copy, Default)]
struct SureMarks {
    bits: [u64; SURE_BITS / 64],
}

const SURE_BITS: usize = 256;

impl SureMarks {
    fn mark(&mut self, i: usize) {
        if i < SURE_BITS {
            self.bits[i / 64] |= 1 << (i % 64);
        }
    }

    /// Mark the candidates from `from` up to `to` (not included): a word at a time, where a
    /// phase marks a run of plays at once.
    fn mark_range(&mut self, from: usize, to: usize) {
        let to = to.min(SURE_BITS);
        let mut at = from;
        while at < to {
            let end = to.min(at - at % 64 + 64);
            self.bits[at / 64] |= ones_below(end - at) << (at % 64);
            at = end;
        }
    }

    fn is_sure(&self, i: usize) -> bool {
        i < SURE_BITS && self.bits[i / 64] & (1 << (i % 64)) != 0
    }

    /// Whether the first `n` candidates are all sure.
    fn all_below(&self, n: usize) -> bool {
        n <= SURE_BITS
            && (0..n.div_ceil(64)).all(|at| {
                let wanted = ones_below((n - at * 64).min(64));
                self.bits[at] & wanted == wanted
            })
    }
}

/// A word with its `n` lowest bits set (`n` up to 64).
fn ones_below(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

impl std::ops::Deref for Candidates<'_> {
    type Target = Vec<Action>;
    fn deref(&self) -> &Vec<Action> {
        self.list
    }
}

impl std::ops::DerefMut for Candidates<'_> {
    fn deref_mut(&mut self) -> &mut Vec<Action> {
        self.list
    }
}

/// A "no" from `check`: the rule it comes from, and the reason in words a player can read. The
/// words are put together only when someone reads them (`check` and `apply` do; `legal`, which
/// asks only yes or no of every candidate and hears mostly no, does not).
pub(crate) struct Refusal {
    reason: Reason,
    rule: &'static str,
}

pub(crate) enum Reason {
    Said(&'static str),
    Built(String),
    /// Words that need the game (a card's name, say), written when read.
    Later(Box<dyn Fn(&Spellfire) -> String>),
    /// The same, for the refusals `legal` hears most: what the words name is kept as it is, with
    /// no closure to box (an allocation for every candidate refused).
    About(About, fn(&Spellfire, About) -> String),
    /// Words naming one card: the card's name in place of the `{}` of `words`.
    Naming(CardId, &'static str),
}

/// What the words of a `Reason::About` name.
#[derive(Clone, Copy)]
pub(crate) struct About {
    card: CardId,
    seat: Seat,
    at: Position,
    number: u8,
}

impl About {
    fn card(card: CardId) -> Self {
        About {
            card,
            seat: Seat(0),
            at: Position(0),
            number: 0,
        }
    }

    fn position(seat: Seat, at: Position) -> Self {
        About {
            seat,
            at,
            ..About::card(CardId(0))
        }
    }
}

impl From<&'static str> for Reason {
    fn from(words: &'static str) -> Self {
        Reason::Said(words)
    }
}

impl From<String> for Reason {
    fn from(words: String) -> Self {
        Reason::Built(words)
    }
}

impl Refusal {
    pub(crate) fn new(reason: impl Into<Reason>, rule: &'static str) -> Self {
        Refusal {
            reason: reason.into(),
            rule,
        }
    }

    /// A refusal whose words name what only the game knows, written when read.
    pub(crate) fn later(say: impl Fn(&Spellfire) -> String + 'static, rule: &'static str) -> Self {
        Refusal::new(Reason::Later(Box::new(say)), rule)
    }

    /// The refusal as the players read it.
    pub(crate) fn into_error(self, game: &Spellfire) -> RuleError {
        let reason = match self.reason {
            Reason::Said(words) => words.to_string(),
            Reason::Built(words) => words,
            Reason::Later(say) => say(game),
            Reason::About(about, say) => say(game, about),
            Reason::Naming(card, words) => words.replacen("{}", game.name(card), 1),
        };
        RuleError::new(reason, self.rule)
    }
}

fn refuse(reason: impl Into<Reason>, rule: &'static str) -> Result<(), Refusal> {
    Err(Refusal::new(reason, rule))
}

fn refuse_later(say: impl Fn(&Spellfire) -> String + 'static, rule: &'static str) -> Result<(), Refusal> {
    Err(Refusal::later(say, rule))
}

/// A refusal whose words name `card` where `words` has `{}`.
fn refuse_naming(card: CardId, words: &'static str, rule: &'static str) -> Result<(), Refusal> {
    Err(Refusal::new(Reason::Naming(card, words), rule))
}

fn refuse_about(about: About, say: fn(&Spellfire, About) -> String, rule: &'static str) -> Result<(), Refusal> {
    Err(Refusal::new(Reason::About(about, say), rule))
}

/// No champion of the pool can use `card` (SF-163). The words are kept without a boxed closure:
/// `legal` hears this of many spells.
fn refuse_no_user(card: CardId) -> Result<(), Refusal> {
    refuse_about(
        About::card(card),
        |game, about| format!("No champion in your pool can use {}.", game.kind(about.card).plural()),
        "SF-163",
    )
}

/// A card whose power is not scripted and that has no bonus would be played for nothing.
fn refuse_unscripted(card: CardId) -> Result<(), Refusal> {
    refuse_naming(
        card,
        "{}'s power is not scripted yet and it has no bonus to add.",
        "SF-166",
    )
}

/// The card types a champion uses through its action in a round (SF-112, sections 13–15).
pub(crate) const USABLE_IN_ROUND: [CardType; 6] = [
    CardType::WizardSpell,
    CardType::ClericSpell,
    CardType::PsionicPower,
    CardType::BloodAbility,
    CardType::ThiefAbility,
    CardType::UnarmedCombat,
];

/// Mulligans a player (or the table) may call before play must go on (SF-220).
const MULLIGAN_MAX: u8 = 2;
const REBUILD_CARDS: usize = 3;

impl Spellfire {
    /// The seat that must decide now: the top of the pending stack, else the phase's player.
    pub fn decider(&self) -> Option<Seat> {
        match self.derived.decider {
            Some(decider) => decider,
            None => self.fresh_decider(),
        }
    }

    /// `decider`, worked out from the state now.
    pub(crate) fn fresh_decider(&self) -> Option<Seat> {
        if self.phase == Phase::Over {
            return None;
        }
        if let Some(pending) = self.pending.last() {
            return Some(pending.seat());
        }
        match (&self.battle, self.phase) {
            (Some(battle), Phase::Battle) => Some(match battle.step {
                BattleStep::ChooseDefender => battle.defender,
                BattleStep::NextAttacker => battle.attacker,
                BattleStep::Round => match self.losing_side() {
                    Side::Attacker => battle.attacker,
                    Side::Defender => battle.defender,
                },
            }),
            _ => Some(self.active),
        }
    }

    /// Seats that may say "wait" and take the next decision to play an event (SF-186): everyone
    /// but the decider, between two steps that are not already an answer owed; the two sides of a
    /// round play only while losing (SF-114, AMB-7). Never filtered by what a seat holds.
    pub fn claimants(&self) -> Vec<Seat> {
        let Some(decider) = self.decider() else {
            return Vec::new();
        };
        if !self.pending.is_empty() {
            return Vec::new();
        }
        let fighting = |seat: Seat| {
            !self.config.rules.winner_may_play_events
                && self
                    .battle
                    .as_ref()
                    .is_some_and(|b| b.step == BattleStep::Round && (b.attacker == seat || b.defender == seat))
        };
        Seat::all(self.seats())
            .filter(|&s| s != decider && !fighting(s))
            .collect()
    }

    /// Whether `action` is allowed now, and if not, why.
    pub fn check(&self, action: &Action) -> Result<(), RuleError> {
        self.check_for(&CheckContext::default(), self.decider(), action)
            .map_err(|refusal| refusal.into_error(self))
    }

    /// `check` with the decider already found: in a round the decider comes from both sides'
    /// totals, so `legal` finds it once for all its candidates, and shares `cx` among them.
    pub(crate) fn check_for(&self, cx: &CheckContext, decider: Option<Seat>, action: &Action) -> Result<(), Refusal> {
        if let Action::Claim(seat) = action {
            if self.claimants().contains(seat) {
                return Ok(());
            }
            return refuse("You cannot cut in now: wait until the current step is done.", "SF-188");
        }
        let Some(seat) = decider else {
            return refuse("The game is over.", "");
        };
        match self.pending.last() {
            Some(Pending::Claim { .. }) => match action {
                Action::Pass => Ok(()),
                Action::PlayEvent(card) => self.check_event(seat, *card),
                Action::UseCard(card) => self.check_any_time(seat, *card),
                Action::PlayRealm { card, at } if self.card(*card).power.any_time() => {
                    self.check_realm(cx, seat, *card, *at)
                }
                _ => refuse(
                    "You said wait: play an event or a spell cast at any time, or play nothing after all.",
                    "SF-186, SF-165",
                ),
            },
            Some(Pending::EventPause(pause)) => match action {
                Action::Pass => Ok(()),
                Action::Answer(card) => self.check_answer(seat, pause, *card),
                _ => refuse(
                    "An event was just played: answer it (negate, calm or copy it) or let it be.",
                    "SF-192, SF-196",
                ),
            },
            Some(Pending::InstantDefeat(threat)) => match action {
                Action::Pass => Ok(()),
                // An event is always an acceptable reply (SF-135), and so is an item that
                // removes the condition: it lets the champion fight as a kind the power spares
                // (WE-13).
                Action::PlayEvent(card) if !threat.replied => self.check_event(seat, *card),
                Action::Attach { card, champion } if !threat.replied && self.removes_threat(threat, *card) => {
                    self.check_attach_in_round(cx, seat, *card, *champion)
                }
                _ if threat.replied => refuse("You have played your one reply: the round goes on.", "SF-134"),
                _ => refuse(
                    "Your champion is about to be defeated at once: reply with one event, or let it happen.",
                    "SF-134, SF-135",
                ),
            },
            Some(Pending::Walled { .. }) => match action {
                Action::Pass => Ok(()),
                Action::UseCard(card)
                    if matches!(
                        self.card(*card).power.on_play().map(|a| &a.effect),
                        Some(Effect::BecomesFlyer | Effect::BreaksWall)
                    ) || self.abilities_of(*card).any(|a| a.effect.gives_flight()) =>
                {
                    self.check_use(cx, seat, *card)
                }
                _ => refuse(
                    "A wall stops your champion: answer with one card that lets it cross (such as Fly), or let it go back to your pool.",
                    "SF-129, SF-132",
                ),
            },
            Some(Pending::Target { event, .. }) => match action {
                Action::Choose(target) => self.check_target(*event, *target),
                _ => refuse("Choose what the event acts on.", "SF-187"),
            },
            Some(Pending::Spoils { card, .. }) => self.check_spoils(cx, seat, *card, action),
            Some(Pending::Rebuild { .. }) => match action {
                Action::Discard(card) if self.player(seat).hand.contains(card) => Ok(()),
                Action::Discard(card) if self.rebuild_from_pool(seat, *card) => Ok(()),
                _ => refuse("Discard a card from your hand to rebuild the realm.", "SF-61"),
            },
            Some(Pending::Aid { aided, .. }) => self.check_aid_gift(cx, seat, *aided, action),
            Some(Pending::Reply(reply)) => match action {
                Action::Pass => Ok(()),
                Action::PlayEvent(card)
                    if reply.reply.is_none()
                        && self.holds(seat, *card, |_| self.played_as_event(*card))
                        && self.reply_ability(*card).is_some() =>
                {
                    Ok(())
                }
                _ => refuse(
                    format!(
                        "{} is about to go: reply with a card that answers it, or let it go.",
                        self.names(&reply.threatened).join(" with ")
                    ),
                    "SF-186",
                ),
            },
            Some(Pending::Leave(leave)) => match action {
                Action::Pass => Ok(()),
                Action::Answer(card) if *card == leave.source => Ok(()),
                _ => refuse(
                    format!(
                        "{} may be cast only with your leave ({}): allow it, or refuse it.",
                        self.name(leave.spell),
                        self.name(leave.source)
                    ),
                    "SF-163",
                ),
            },
            Some(Pending::Pick(pick)) => {
                let players = self.pick_players(pick);
                let ways = self.pick_options(pick);
                match action {
                    Action::Choose(card) if self.pick_offers(pick, *card) => Ok(()),
                    Action::ChoosePlayer(player) if players.contains(player) => Ok(()),
                    Action::ChooseOption(way) if ways.contains(way) => Ok(()),
                    Action::Pass if may_stop_picking(pick, || self.pick_has_candidate(pick), &players, &ways) => Ok(()),
                    _ => {
                        let (source, optional) = (pick.source, pick.optional);
                        refuse_later(
                            move |game| {
                                format!(
                                    "Choose what {} acts on{}.",
                                    game.name(source),
                                    if optional { ", or pass" } else { "" }
                                )
                            },
                            "SF-187",
                        )
                    }
                }
            }
            None => self.check_phase(cx, seat, action),
        }
    }

    fn check_phase(&self, cx: &CheckContext, seat: Seat, action: &Action) -> Result<(), Refusal> {
        if let Action::PlayEvent(card) = action {
            return self.check_event(seat, *card);
        }
        // A realm played at any time (Menzoberranzan), whatever the phase and the turn's realm play.
        if let Action::PlayRealm { card, at } = action
            && self.card(*card).power.any_time()
        {
            return self.check_realm(cx, seat, *card, *at);
        }
        match (self.phase, action) {
            (Phase::StartOfTurn, Action::PlayRule(card)) => {
                if !self.holds(seat, *card, |k| k == CardType::Rule) {
                    return refuse("Only a rule card from your hand.", "SF-221");
                }
                Ok(())
            }
            (Phase::StartOfTurn, Action::Draw) => Ok(()),
            (Phase::StartOfTurn | Phase::Realms, Action::UseCard(card)) => self.check_any_time(seat, *card),
            (Phase::StartOfTurn, _) => refuse("Phase 0: play a rule card, or draw your cards.", "SF-32"),
            (_, Action::PlayRule(_)) => refuse(
                "A rule card is played only in your own phase 0, before your draw.",
                "SF-221",
            ),
            (Phase::Realms, Action::Quest(champion)) => self.check_quest(seat, *champion),
            (Phase::Realms, Action::ResolveQuest { opponent }) => self.check_resolve_quest(seat, *opponent),
            (Phase::Realms, _) if self.quest_due(seat).is_some() => refuse(
                "Your questing champion comes back first: discard the top card of an opponent's draw pile.",
                "SF-255",
            ),
            (Phase::Realms, Action::PlayRealm { card, at }) => {
                if self.used.realm_action {
                    return refuse(
                        "You have already played, rebuilt or replaced a realm this turn.",
                        "SF-35",
                    );
                }
                self.check_realm(cx, seat, *card, *at)
            }
            (Phase::Realms, Action::Rebuild { at }) => {
                if self.used.realm_action {
                    return refuse(
                        "You have already played, rebuilt or replaced a realm this turn.",
                        "SF-62",
                    );
                }
                if !self.player(seat).formation.slot(*at).is_some_and(|s| s.razed) {
                    return refuse("Only a razed realm can be rebuilt.", "SF-61");
                }
                if self.rebuild_cards(seat) < REBUILD_CARDS {
                    return refuse("Rebuilding costs three cards from your hand.", "SF-61");
                }
                Ok(())
            }
            (Phase::Realms, Action::PlayHolding { card, at }) => {
                if self.used.holding {
                    return refuse("You have already played a holding this turn.", "SF-36");
                }
                self.check_holding(cx, seat, *card, *at)
            }
            (Phase::Realms | Phase::Pool, Action::EndPhase) => Ok(()),
            (Phase::Realms, _) => refuse("Phase 2: realms and holdings only.", "SF-35"),
            (Phase::Pool, Action::ToPool(card)) => self.check_to_pool(cx, seat, *card),
            (Phase::Pool, Action::Summon { avatar, paying }) => self.check_summon(seat, *avatar, paying),
            (Phase::Pool, Action::Attach { card, champion }) => self.check_attach(cx, seat, *card, *champion),
            (Phase::Pool | Phase::AfterBattle, Action::UseCard(card)) if self.pool_use(seat, *card).is_some() => {
                self.check_pool_use(seat, *card)
            }
            (Phase::Pool | Phase::AfterBattle, Action::UseCard(card)) => self.check_use_outside_round(seat, *card),
            (Phase::Pool, Action::Attack { champion, defender, at }) => {
                if self.used.battle {
                    return refuse("Only one battle a turn.", "SF-100");
                }
                self.check_attacker(cx, seat, *champion, *defender, *at)
            }
            (Phase::Pool | Phase::AfterBattle, Action::PlayHolding { .. }) => {
                refuse("A holding is played only in your phase 2.", "SF-67")
            }
            (Phase::Pool, _) => refuse(
                "Phase 3: champions, magical items and artifacts (and events), or an attack.",
                "SF-41",
            ),
            (Phase::Battle, _) => self.check_battle(cx, seat, action),
            (Phase::AfterBattle, Action::Discard(card)) => {
                if self.player(seat).hand.len() <= cx.hand_limit(self, seat) {
                    return refuse_later(
                        move |game| format!("Your hand is within its limit of {}.", game.hand_limit_for(seat)),
                        "SF-46",
                    );
                }
                if !self.player(seat).hand.contains(card) {
                    return refuse("Only a card from your hand.", "SF-46");
                }
                Ok(())
            }
            (Phase::AfterBattle, Action::EndTurn) => {
                let held = self.player(seat).hand.len();
                if held > cx.hand_limit(self, seat) {
                    return refuse_later(
                        move |game| {
                            format!(
                                "Discard down to {} cards first ({held} in your hand).",
                                game.hand_limit_for(seat)
                            )
                        },
                        "SF-46",
                    );
                }
                Ok(())
            }
            (Phase::AfterBattle, Action::CallMulligan) => self.check_mulligan(cx, seat),
            (Phase::AfterBattle, Action::Attack { .. }) if self.used.battle => refuse(
                "The battle of this turn is over: no realm may be attacked again this turn.",
                "SF-121",
            ),
            (Phase::AfterBattle, _) => refuse("Phase 5: discard down to your hand limit, then end the turn.", "SF-46"),
            (Phase::Over, _) => refuse("The game is over.", ""),
        }
    }

    fn check_battle(&self, cx: &CheckContext, seat: Seat, action: &Action) -> Result<(), Refusal> {
        let Some(battle) = &self.battle else {
            return refuse("There is no battle.", "SF-99");
        };
        match (battle.step, action) {
            (BattleStep::ChooseDefender, Action::Defend { champion }) => self.check_defender(cx, seat, *champion),
            (BattleStep::ChooseDefender, Action::Decline) => Ok(()),
            (BattleStep::ChooseDefender, _) => refuse("Choose a defender, or let the realm be razed.", "SF-107"),
            (BattleStep::Round, Action::Pass) => Ok(()),
            (BattleStep::Round, Action::AskAid) => self.check_ask_aid(seat),
            (BattleStep::Round, Action::PlayAlly(card)) => self.check_ally(cx, seat, *card),
            (BattleStep::Round, Action::UseCard(card)) if self.carried_use(seat, *card).is_some() => {
                self.check_carried_use(seat, *card)
            }
            (BattleStep::Round, Action::UseCard(card)) => self.check_use(cx, seat, *card),
            (BattleStep::Round, Action::Attach { card, champion }) => {
                self.check_attach_in_round(cx, seat, *card, *champion)
            }
            (BattleStep::Round, _) => refuse(
                "You are losing the round: play one card (an ally, a spell or the like, an item, an event) or pass.",
                "SF-112",
            ),
            (BattleStep::NextAttacker, Action::EndBattle) => Ok(()),
            (BattleStep::NextAttacker, Action::Attack { champion, defender, at }) => {
                if *defender != battle.defender || *at != battle.target {
                    return refuse("Every round of a battle is against the same realm.", "SF-100");
                }
                self.check_attacker(cx, seat, *champion, *defender, *at)
            }
            (BattleStep::NextAttacker, _) => refuse(
                "Send another champion against the same realm, or end the battle.",
                "SF-118",
            ),
        }
    }

    fn check_spoils(&self, cx: &CheckContext, seat: Seat, spoils: CardId, action: &Action) -> Result<(), Refusal> {
        let only_spoils = |card: CardId| {
            if card == spoils {
                Ok(())
            } else {
                refuse("Only the spoils card may be played now.", "SF-212")
            }
        };
        match action {
            // A card drawn in a battle by a realm's power is played at once or kept (Lost Oasis).
            Action::ReturnSpoils if self.battle.is_some() => {
                refuse("Play the card you drew at once, or keep it in your hand.", "SF-212")
            }
            Action::KeepSpoils | Action::ReturnSpoils => Ok(()),
            Action::PlayRealm { card, at } => only_spoils(*card).and_then(|_| self.check_realm(cx, seat, *card, *at)),
            Action::PlayHolding { card, at } => {
                only_spoils(*card).and_then(|_| self.check_holding(cx, seat, *card, *at))
            }
            Action::ToPool(card) => only_spoils(*card).and_then(|_| self.check_to_pool(cx, seat, *card)),
            Action::Summon { avatar, paying } => {
                only_spoils(*avatar).and_then(|_| self.check_summon(seat, *avatar, paying))
            }
            Action::Attach { card, champion } => {
                only_spoils(*card).and_then(|_| self.check_attach(cx, seat, *card, *champion))
            }
            Action::PlayEvent(card) => only_spoils(*card).and_then(|_| self.check_event(seat, *card)),
            Action::UseCard(card) => only_spoils(*card).and_then(|_| self.check_spoils_use(seat, *card)),
            _ => refuse(
                "Play the spoils card at once, keep it, or put it back on your draw pile.",
                "SF-211",
            ),
        }
    }

    /// A spell, psionic power or blood ability drawn as spoils and used at once, whatever its
    /// printed phase (SF-212, AMB-23): it still needs a champion of the pool able to use it, and
    /// a scripted effect to act with.
    fn check_spoils_use(&self, seat: Seat, card: CardId) -> Result<(), Refusal> {
        let kinds = [
            CardType::WizardSpell,
            CardType::ClericSpell,
            CardType::PsionicPower,
            CardType::BloodAbility,
        ];
        if !self.holds(seat, card, |k| kinds.contains(&k)) {
            return refuse(
                "Only a spell, psionic power or blood ability is used as spoils.",
                "SF-212",
            );
        }
        if self.caster(seat, card).is_none() {
            return refuse_no_user(card);
        }
        if self.card(card).power.on_play().is_none() {
            return refuse_naming(
                card,
                "{}'s power is not scripted yet, so it would do nothing.",
                "SF-166",
            );
        }
        // Spoils, or a card drawn and played at once as a battle begins (Lost Oasis), are used
        // outside any round: a power that acts on a round's fighters has none to act on.
        if self
            .card(card)
            .power
            .on_play()
            .is_some_and(|a| a.effect.in_round_only())
        {
            return refuse_naming(card, "{} acts only in a round.", "SF-160");
        }
        self.check_has_target(card)
    }

    /// Whether `seat` holds `card` and its type passes `kind`.
    fn holds(&self, seat: Seat, card: CardId, kind: impl Fn(CardType) -> bool) -> bool {
        card.index() < self.cards.len() && self.player(seat).hand.contains(&card) && kind(self.kind(card))
    }

    /// Whether `card` is played as an event: an event, or a card that may also be played as one
    /// (Crime Lord), which reaches an event's pause and target only that way.
    pub(crate) fn played_as_event(&self, card: CardId) -> bool {
        self.kind(card) == CardType::Event || self.card(card).power.plays_as(CardType::Event)
    }

    fn check_event(&self, seat: Seat, card: CardId) -> Result<(), Refusal> {
        if !self.holds(seat, card, |_| self.played_as_event(card)) {
            return refuse("Only an event from your hand.", "SF-186");
        }
        self.check_event_in_hand(card)
    }

    /// `check_event` of a card played as an event that is in its player's hand.
    fn check_event_in_hand(&self, card: CardId) -> Result<(), Refusal> {
        let power = &self.card(card).power;
        for timing in power.play_only() {
            match timing {
                Timing::BetweenTurns if self.phase != Phase::StartOfTurn || self.used.acted => {
                    return refuse_naming(card, "{} is played only between two players' turns.", "SF-191");
                }
                Timing::AfterBattle if self.battle.is_some() => {
                    return refuse_naming(card, "{} is played only once the battle is over.", "SF-191");
                }
                Timing::AfterEveryFirstTurn if !self.everyone_had_a_turn() => {
                    return refuse_naming(card, "{} waits until every player has had a first turn.", "SF-191");
                }
                _ => {}
            }
        }
        if power.on_play().is_none() && power.pause_answer().is_some() {
            return refuse_naming(card, "{} answers an event: play it in the pause after one.", "SF-193");
        }
        self.check_has_target(card)
    }

    /// Whether every player has finished a first turn (SF-191).
    fn everyone_had_a_turn(&self) -> bool {
        Seat::all(self.seats()).all(|s| {
            let begun = self.player(s).turns;
            let finished = if s == self.active {
                begun.saturating_sub(1)
            } else {
                begun
            };
            finished >= 1
        })
    }

    /// The cards a target description of `card` allows, in a fixed order. A realm immune to
    /// `card` (a holding unaffected by harmful events) is not among them (SF-178).
    pub(crate) fn targets(&self, card: CardId, target: &Target) -> Vec<CardId> {
        let mut found = Vec::new();
        let _ = self.each_target(card, target, |c| {
            found.push(c);
            ControlFlow::Continue(())
        });
        found
    }

    /// Whether `targets` would find anything: it stops at the first.
    pub(crate) fn has_target(&self, card: CardId, target: &Target) -> bool {
        self.each_target(card, target, |_| ControlFlow::Break(())).is_break()
    }

    /// `visit` each of `targets`, in its order, until it says stop.
    fn each_target(
        &self,
        card: CardId,
        target: &Target,
        mut visit: impl FnMut(CardId) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match target {
            Target::Realm(whose) => {
                let player = self.pending_player();
                let seats = Seat::all(self.seats()).filter(|&s| match whose {
                    Whose::Anyone => true,
                    Whose::Own => Some(s) == player,
                    Whose::Opponents => Some(s) != player,
                    Whose::Facing => player.and_then(|p| self.facing(p)) == Some(s),
                });
                for seat in seats {
                    for (_, slot) in self.player(seat).formation.realms() {
                        if !self.realm_immune_to(slot, card) {
                            visit(slot.realm)?;
                        }
                    }
                }
                ControlFlow::Continue(())
            }
            Target::CardInPlay => self.each_in_play_but_realm(visit),
            Target::Chosen(cards) => {
                let by = self.pending_player().unwrap_or(self.owner(card));
                self.each_in_play_but_realm(|c| {
                    if self.selects(cards, c, by, card) {
                        visit(c)
                    } else {
                        ControlFlow::Continue(())
                    }
                })
            }
            other => {
                let by = self.pending_player().unwrap_or(self.owner(card));
                self.each_candidate(card, other, by, &mut visit)
            }
        }
    }

    /// Every card in play but a realm: the rule card, holdings, pool champions and their
    /// attachments, and the cards of a battle (SF-8).
    pub(crate) fn in_play_but_realms(&self) -> Vec<CardId> {
        let mut cards = Vec::new();
        let _ = self.each_in_play_but_realm(|c| {
            cards.push(c);
            ControlFlow::Continue(())
        });
        cards
    }

    /// `visit` each of `in_play_but_realms`, in its order, until it says stop.
    pub(crate) fn each_in_play_but_realm(&self, mut visit: impl FnMut(CardId) -> ControlFlow<()>) -> ControlFlow<()> {
        if let Some(rule) = self.rule_card {
            visit(rule)?;
        }
        for player in &self.players {
            for holding in player.formation.realms().filter_map(|(_, slot)| slot.holding) {
                visit(holding)?;
            }
            for champion in &player.pool {
                visit(champion.card)?;
                champion.attachments.iter().try_for_each(|&c| visit(c))?;
            }
        }
        if let Some(battle) = &self.battle {
            for fighter in [&battle.attacking, &battle.defending].into_iter().flatten() {
                if fighter.kind == FighterKind::Champion {
                    visit(fighter.card)?;
                }
                fighter
                    .attachments
                    .iter()
                    .chain(&fighter.round_cards)
                    .try_for_each(|&c| visit(c))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The pool champion that casts `card` for `seat` outside a round: the first able to use it
    /// that is neither resting nor away questing (SF-163, SF-165, SF-254).
    pub(crate) fn caster(&self, seat: Seat, card: CardId) -> Option<CardId> {
        self.player(seat)
            .pool
            .iter()
            .find(|c| self.free_caster(c, card))
            .map(|c| c.card)
    }

    /// A spell that may be cast at any time (SF-165): it prints every phase, has a scripted effect
    /// when cast, and a champion of the caster's pool able to cast it.
    fn check_any_time(&self, seat: Seat, card: CardId) -> Result<(), Refusal> {
        if !self.holds(seat, card, |k| USABLE_IN_ROUND.contains(&k)) {
            return refuse("Only a spell or the like from your hand.", "SF-165");
        }
        self.check_any_time_in_hand(seat, card)
    }

    /// `check_any_time` of a spell or the like in `seat`'s hand.
    fn check_any_time_in_hand(&self, seat: Seat, card: CardId) -> Result<(), Refusal> {
        let facts = self.card(card);
        if !(0..=5).all(|phase| facts.phases.contains(&phase)) || facts.power.on_play().is_none() {
            return refuse_naming(card, "{} is not cast at any time.", "SF-165");
        }
        if self.caster(seat, card).is_none() {
            return refuse_naming(card, "No champion in your pool is free to cast {}.", "SF-165, SF-170");
        }
        self.check_has_target(card)
    }

    /// A card whose effect needs a target cannot be played without one (SF-166).
    fn check_has_target(&self, card: CardId) -> Result<(), Refusal> {
        // A card with a bonus (Lightning Bolt) still adds it when it finds nothing to destroy.
        // A champion played as an event (Crime Lord) has a level, not a bonus to add.
        if let Some(Effect::Discard(target)) = self.card(card).power.on_play().map(|a| &a.effect)
            && (self.icon_value(card) == 0 || self.kind(card).is_champion())
            && !self.has_target(card, target)
        {
            return refuse_naming(card, "{} has nothing to act on.", "SF-166");
        }
        // A power chosen as it acts (Raise Dead, Sleep) needs something to choose from.
        let by = self.decider().unwrap_or(self.owner(card));
        if let Some(ability) = self.card(card).power.on_play()
            && !matches!(ability.effect, Effect::Discard(_))
            && self.lacks_choice(card, &ability.effect, by)
        {
            return refuse_naming(card, "{} has nothing to act on.", "SF-166");
        }
        Ok(())
    }

    /// The player of the event waiting for a target.
    fn pending_player(&self) -> Option<Seat> {
        match self.pending.last() {
            Some(Pending::Target { seat, .. }) => Some(*seat),
            _ => self.decider(),
        }
    }

    fn check_target(&self, event: CardId, target: CardId) -> Result<(), Refusal> {
        let wanted = match self.card(event).power.on_play().map(|a| &a.effect) {
            Some(Effect::Discard(target)) => target,
            _ => return refuse("This event needs no target.", "SF-187"),
        };
        if self.targets(event, wanted).contains(&target) {
            Ok(())
        } else {
            refuse("That is not something this event can act on.", "SF-187")
        }
    }

    /// An answer in an event pause (SF-189, SF-190, SF-193): a card in the hand, or a champion or
    /// item in the pool, whose power answers events of this kind, with its cost payable.
    fn check_answer(&self, seat: Seat, pause: &Pause, card: CardId) -> Result<(), Refusal> {
        let refusal = || refuse_naming(card, "{} cannot answer this event.", "SF-193");
        if card.index() >= self.cards.len() || self.owner(card) != seat {
            return refusal();
        }
        let Some(answer) = self.pause_answer_of(card) else {
            return refusal();
        };
        let event = self.card(pause.event);
        // A spell's pause (AMB-6) is answered only by a card that cancels spells, an event's only
        // by one that answers events.
        let (kind, duplicate) = match answer.effect {
            _ if matches!(answer.effect, Effect::NegateSpell | Effect::TurnSpell)
                != !self.played_as_event(pause.event) =>
            {
                return refusal();
            }
            Effect::NegateSpell | Effect::TurnSpell => (EventKind::Any, false),
            Effect::NegateEvent(kind) | Effect::CalmEvent(kind) => (kind, false),
            Effect::DuplicateEvent(kind) => (kind, true),
            _ => return refusal(),
        };
        if !kind.matches(event) {
            return refuse(
                format!(
                    "{} answers only {} events.",
                    self.name(card),
                    if kind == EventKind::Harmful {
                        "harmful"
                    } else {
                        "helpful"
                    }
                ),
                "SF-189",
            );
        }
        if duplicate && pause.copy {
            return refuse("A copy of an event cannot be copied again.", "SF-203");
        }
        let player = self.player(seat);
        let in_hand = player.hand.contains(&card);
        let in_pool = player.pool.iter().any(|c| c.card == card);
        let carried_by = player
            .pool
            .iter()
            .find(|c| c.attachments.contains(&card))
            .map(|c| c.card);
        let kind_of_card = self.kind(card);
        match answer.cost {
            Cost::DiscardThisFromPool if !in_pool => {
                return refuse_naming(card, "{} answers by being discarded from your pool.", "SF-190");
            }
            Cost::RestUntilOwnersNextTurn if self.resting.contains(&card) => {
                return refuse_naming(card, "{} rests until your next turn.", "SF-204");
            }
            _ => {}
        }
        let usable = match kind_of_card {
            CardType::Event => in_hand,
            kind if kind.is_champion() => in_pool || (in_hand && answer.cost == Cost::DiscardThis),
            CardType::MagicalItem | CardType::Artifact => carried_by.is_some(),
            _ if in_hand => {
                // A spell or the like needs a champion in the pool able to use it (SF-163, SF-165);
                // "only dragons may cast it" names the casters instead of the icon.
                // A champion resting after casting Wish cannot cast it (SF-170).
                let caster_ok = |c: &Champion| match &answer.condition {
                    Condition::UserIs(attribute) => self.card(c.card).has(*attribute),
                    _ => self.free_caster(c, card),
                };
                player.pool.iter().any(caster_ok)
            }
            _ => false,
        };
        if !usable {
            return refuse_naming(
                card,
                "{} cannot be used from where it is, or no champion of yours can use it.",
                "SF-163, SF-193",
            );
        }
        Ok(())
    }

    /// A realm from the hand into the formation: an empty position by the fill order, or over a
    /// razed realm (SF-50, SF-52, SF-64, SF-97).
    fn check_realm(&self, cx: &CheckContext, seat: Seat, card: CardId, at: Position) -> Result<(), Refusal> {
        if !self.holds(seat, card, |k| k == CardType::Realm) {
            return refuse("Only a realm from your hand.", "SF-35");
        }
        // The position first: `legal` asks about every position, and most are not open.
        self.check_realm_position(seat, at)?;
        self.check_cosmos_with(cx, card)
    }

    /// Whether `seat` may lay a new realm at `at` (SF-48, SF-50, SF-52, SF-64, AMB-22).
    fn check_realm_position(&self, seat: Seat, at: Position) -> Result<(), Refusal> {
        let formation = &self.player(seat).formation;
        if at.index() >= formation.size().positions() {
            return refuse_about(
                About::position(seat, at),
                |_, about| format!("Your formation has no position {}.", about.at),
                "SF-48",
            );
        }
        match formation.slot(at) {
            Some(slot) if !slot.razed => refuse("A new realm may never be laid over a face-up realm.", "SF-64"),
            Some(_) => {
                if self.config.rules.replace_while_hole == ReplaceWhileHole::Forbidden && formation.has_hole() {
                    return refuse("Fill the empty position in front first.", "AMB-22");
                }
                if self.tracks.front_first.contains(&seat) && formation.has_hole() {
                    return refuse(
                        "A power says your next realm fills the empty position in front.",
                        "SF-52",
                    );
                }
                Ok(())
            }
            None if formation.is_open(at) => Ok(()),
            None => refuse_about(
                About::position(seat, at),
                |game, about| {
                    let open = game.player(about.seat).formation.open_positions();
                    let letters: String = open.iter().map(|p| p.letter()).collect();
                    format!("A new realm goes to the frontmost empty position: {letters}.")
                },
                "SF-50, SF-52",
            ),
        }
    }

    fn check_holding(&self, cx: &CheckContext, seat: Seat, card: CardId, at: Position) -> Result<(), Refusal> {
        if !self.holds(seat, card, |k| k == CardType::Holding) {
            return refuse("Only a holding from your hand.", "SF-67");
        }
        let Some(slot) = self.player(seat).formation.slot(at) else {
            return refuse("A holding goes onto one of your realms.", "SF-67");
        };
        let rebuilds = matches!(
            self.card(card).power.on_play().map(|a| &a.effect),
            Some(Effect::RebuildsItsRealm)
        );
        if slot.razed && !rebuilds {
            return refuse("Only a face-up realm can take a holding.", "SF-69");
        }
        if slot.holding.is_some() {
            return refuse("A realm carries at most one holding.", "SF-69");
        }
        if !same_world(self.card(card).world, self.card(slot.realm).world) {
            return refuse("The holding and the realm must come from the same world.", "SF-68");
        }
        self.check_cosmos_with(cx, card)
    }

    fn check_to_pool(&self, cx: &CheckContext, seat: Seat, card: CardId) -> Result<(), Refusal> {
        self.check_champion_from_hand(cx, seat, card)
    }

    /// A champion leaving the hand for the pool or a battle (SF-75, SF-94, SF-233).
    fn check_champion_from_hand(&self, cx: &CheckContext, seat: Seat, card: CardId) -> Result<(), Refusal> {
        if !self.holds(seat, card, CardType::is_champion) {
            return refuse("Only a champion from your hand.", "SF-38");
        }
        if self.card(card).avatar {
            return self.avatar_refusal(seat, card);
        }
        self.check_cosmos_with(cx, card)
    }

    fn check_attach(&self, cx: &CheckContext, seat: Seat, card: CardId, champion: CardId) -> Result<(), Refusal> {
        let Some(entry) = self.player(seat).pool.iter().find(|c| c.card == champion) else {
            return refuse("Magical items and artifacts go onto a champion in your pool.", "SF-76");
        };
        self.check_attachment(cx, seat, card, champion, &entry.attachments)
    }

    /// A magical item or artifact onto `champion`, which already carries `attached` (SF-76–79).
    fn check_attachment(
        &self,
        cx: &CheckContext,
        seat: Seat,
        card: CardId,
        champion: CardId,
        attached: &[CardId],
    ) -> Result<(), Refusal> {
        if !self.holds(seat, card, |k| matches!(k, CardType::MagicalItem | CardType::Artifact)) {
            return refuse("Only a magical item or artifact from your hand.", "SF-38");
        }
        if self.kind(card) == CardType::Artifact {
            return self.check_artifact_onto(cx, card, champion, attached);
        }
        Ok(())
    }

    /// What `check_attachment` asks of an artifact past its being in the hand: the Rule of the
    /// Cosmos, its world, the champion's one artifact.
    fn check_artifact_onto(
        &self,
        cx: &CheckContext,
        card: CardId,
        champion: CardId,
        attached: &[CardId],
    ) -> Result<(), Refusal> {
        self.check_cosmos_with(cx, card)?;
        let any_world = self
            .card(card)
            .power
            .abilities()
            .iter()
            .any(|a| a.effect == Effect::GoesOnAnyWorld);
        if !any_world && !same_world(self.card(card).world, self.card(champion).world) {
            return refuse("An artifact goes only onto a champion of its own world.", "SF-78");
        }
        if attached.iter().any(|&a| self.kind(a) == CardType::Artifact) {
            return refuse("A champion carries only one artifact.", "SF-79");
        }
        Ok(())
    }

    /// The attacking champion: from the hand or the pool, not yet used to attack this turn, able
    /// to reach the realm (SF-101, SF-105, SF-119).
    fn check_attacker(
        &self,
        cx: &CheckContext,
        seat: Seat,
        champion: CardId,
        defender: Seat,
        at: Position,
    ) -> Result<(), Refusal> {
        if defender == seat || defender.index() >= self.seats() {
            return refuse("Attack a realm of another player.", "SF-101");
        }
        let from_pool = self.player(seat).pool_index(champion).is_some();
        self.check_attacking_champion(cx, seat, champion, from_pool)?;
        self.check_attack_on(cx, champion, defender, at)
    }

    /// What `check_attacker` asks of the champion alone, whatever realm he attacks: one of
    /// `seat`'s pool (`from_pool`) or else of his hand.
    fn check_attacking_champion(
        &self,
        cx: &CheckContext,
        seat: Seat,
        champion: CardId,
        from_pool: bool,
    ) -> Result<(), Refusal> {
        if !from_pool {
            self.check_champion_from_hand(cx, seat, champion)?;
        }
        if self.resting.contains(&champion) {
            return refuse_naming(champion, "{} cannot be used until your next turn.", "SF-170");
        }
        // A champion who has not attacked this turn has no extra attack to read.
        let attacks = self.used.attacked.iter().filter(|&&c| c == champion).count();
        if attacks > 0 && attacks > self.extra_attacks(champion) {
            return refuse("A champion attacks only once a turn.", "SF-119");
        }
        self.check_not_questing(champion, true)?;
        if let Some(bar) = self.kept_from(champion, false) {
            return refuse_later(
                move |game| {
                    format!(
                        "{} keeps {} from attacking until after its owner's next turn.",
                        game.name(bar),
                        game.name(champion)
                    )
                },
                "SF-140",
            );
        }
        Ok(())
    }

    /// What `check_attacker` asks of `champion`'s attack on `defender`'s realm at `at`.
    fn check_attack_on(
        &self,
        cx: &CheckContext,
        champion: CardId,
        defender: Seat,
        at: Position,
    ) -> Result<(), Refusal> {
        let formation = &self.player(defender).formation;
        let Some(slot) = formation.slot(at) else {
            return refuse_about(
                About::position(defender, at),
                |_, about| format!("There is no realm at {}.", about.at),
                "SF-101",
            );
        };
        if slot.razed {
            return refuse("A razed realm cannot be attacked.", "SF-56");
        }
        // An exposed realm is open to any champion: his movement (the powers in play read for
        // it) matters only behind the front.
        if !formation.is_exposed(at)
            && !formation.reachable(
                at,
                cx.movement(self, champion),
                self.card(slot.realm).has(Attribute::Coastal),
            )
        {
            return refuse_about(
                About::position(defender, at),
                |_, about| format!("The realm at {} is protected by the realms in front of it.", about.at),
                "SF-55",
            );
        }
        if let Some(bar) = self.attack_barred(champion, defender) {
            return refuse_later(
                move |game| {
                    format!(
                        "{} bars {} from attacking there until its player's next turn.",
                        game.name(bar),
                        game.name(champion)
                    )
                },
                "SF-140",
            );
        }
        if let Some(closer) = cx.closer(self, defender, at, champion, true) {
            // An earthwalker reaches any realm but one closed to him (SF-145); a flyer or swimmer
            // cannot stop being one to attack a realm closed to it (SF-147).
            let rule = if cx.movement(self, champion).earthwalker {
                "SF-145"
            } else {
                "SF-147"
            };
            return refuse_later(
                move |game| format!("{} cannot be attacked by {}.", game.name(closer), game.name(champion)),
                rule,
            );
        }
        Ok(())
    }

    /// The defender: a champion from the hand or the pool that has not defended in this battle,
    /// or the attacked realm or its holding when it defends itself (SF-107, SF-120, SF-225).
    fn check_defender(&self, cx: &CheckContext, seat: Seat, champion: CardId) -> Result<(), Refusal> {
        let Some(battle) = &self.battle else {
            return refuse("There is no battle.", "SF-99");
        };
        if self.realm_defender(battle.defender, battle.target) == Some(champion) {
            return Ok(());
        }
        let closing = cx.closing(self, battle.defender, battle.target, false);
        let from_pool = self.player(seat).pool_index(champion).is_some();
        self.check_champion_defender(cx, seat, champion, from_pool, &closing)
    }

    /// What `check_defender` asks of a champion of `seat`'s pool (`from_pool`) or else of his
    /// hand (not the realm defending itself), the powers closing the realm to some defenders
    /// (`CheckContext::closing`) read already: the same for every champion of one choice.
    fn check_champion_defender(
        &self,
        cx: &CheckContext,
        seat: Seat,
        champion: CardId,
        from_pool: bool,
        closing: &[(CardId, &Champions)],
    ) -> Result<(), Refusal> {
        let Some(battle) = &self.battle else {
            return refuse("There is no battle.", "SF-99");
        };
        if battle.defended.contains(&champion) {
            return refuse("A champion defends in only one round of a battle.", "SF-120");
        }
        if let Some(closer) = first_closer(self, closing, champion) {
            return refuse_later(
                move |game| format!("{} cannot be defended by {}.", game.name(closer), game.name(champion)),
                "SF-140",
            );
        }
        self.check_not_questing(champion, false)?;
        if let Some(bar) = self.kept_from(champion, true) {
            return refuse_later(
                move |game| {
                    format!(
                        "{} keeps {} from defending until after its owner's next turn.",
                        game.name(bar),
                        game.name(champion)
                    )
                },
                "SF-140",
            );
        }
        if self.resting.contains(&champion) {
            return refuse_naming(champion, "{} cannot be used until your next turn.", "SF-170");
        }
        if from_pool {
            return Ok(());
        }
        self.check_champion_from_hand(cx, seat, champion)
    }

    /// The attacked realm (or its holding) if it can defend itself as a champion (SF-225): a card
    /// with a champion level rather than a bonus.
    pub(crate) fn realm_defender(&self, seat: Seat, at: Position) -> Option<CardId> {
        let slot = self.player(seat).formation.slot(at)?;
        if slot.razed {
            return None;
        }
        let fights = |card: CardId| {
            self.card(card)
                .level
                .as_ref()
                .is_some_and(|l| !l.is_bonus() && l.value().is_some())
        };
        [Some(slot.realm), slot.holding]
            .into_iter()
            .flatten()
            .find(|&c| fights(c))
    }

    /// `formation_closers`, asked first of the cards `seat` owns (`formation_may_have`).
    fn formation_may_close(&self, seat: Seat, attacking: bool) -> FormationClosers {
        if !self.formation_may_have(seat, Family::ClosesRealm) {
            return FormationClosers::default();
        }
        self.formation_closers(seat, attacking)
    }

    /// Whether `ally`, from a hand, can reach `defender`'s realm at `at` to join an attack on it
    /// (SF-148): an exposed realm is open to it, one behind the front only by its own movement
    /// (read only then). It carries nothing, lying in a hand.
    fn ally_reaches(&self, cx: &CheckContext, ally: CardId, defender: Seat, at: Position) -> bool {
        let formation = &self.player(defender).formation;
        let Some(slot) = formation.slot(at) else {
            return true;
        };
        formation.is_exposed(at)
            || formation.reachable(
                at,
                cx.movement_carrying(self, ally, &[]),
                self.card(slot.realm).has(Attribute::Coastal),
            )
    }

    fn check_ally(&self, cx: &CheckContext, seat: Seat, card: CardId) -> Result<(), Refusal> {
        if !self.holds(seat, card, |k| k == CardType::Ally) {
            return refuse("Only an ally from your hand.", "SF-228");
        }
        let Some(battle) = &self.battle else {
            return refuse("There is no round.", "SF-112");
        };
        let side = if seat == battle.attacker {
            Side::Attacker
        } else {
            Side::Defender
        };
        self.check_play_limit(cx, seat, side, card)?;
        // An ally joining an attack on a protected realm needs its own way there (SF-148).
        if seat == battle.attacker && !self.ally_reaches(cx, card, battle.defender, battle.target) {
            return refuse(
                "This ally cannot reach a protected realm: allies do not share their champion's movement.",
                "SF-148",
            );
        }
        Ok(())
    }

    /// A power that limits how many cards of this kind `side` plays in the round (SF-140).
    fn check_play_limit(&self, cx: &CheckContext, seat: Seat, side: Side, card: CardId) -> Result<(), Refusal> {
        let kind = self.kind(card);
        let limit_of = |c: CardId| self.play_limit_among(cx.limiters(self).iter().copied(), side, kind, Some(c));
        let Some((most, by)) = limit_of(card) else {
            return Ok(());
        };
        // The cards already in the round that the same power counts (all of the kind, or those
        // its filter names): those played, and for allies the champions kept as allies.
        let same_limit = |c: CardId| limit_of(c).is_some_and(|(_, b)| b == by);
        let played = self.fighter(seat).map_or(0, |f| match kind {
            CardType::Ally => self.round_allies(f).filter(|&c| same_limit(c)).count(),
            _ => f
                .round_cards
                .iter()
                .filter(|&&c| self.kind(c) == kind && same_limit(c))
                .count(),
        });
        if played < usize::from(most) {
            return Ok(());
        }
        refuse_later(
            move |game| match most {
                0 => format!(
                    "{} lets no {} be played here.",
                    game.name(by),
                    kind.plural().to_lowercase()
                ),
                n => format!(
                    "{} lets only {n} {} be played here.",
                    game.name(by),
                    kind.plural().to_lowercase()
                ),
            },
            "SF-140",
        )
    }

    /// A spell, psionic power, blood ability, thief skill or unarmed combat card in `seat`'s hand
    /// that may be played in `phase` (SF-160); its facts.
    fn check_in_hand_for_phase(
        &self,
        seat: Seat,
        card: CardId,
        phase: u8,
        rule: &'static str,
    ) -> Result<&crate::catalogue::cards::Card, Refusal> {
        if !self.holds(seat, card, |k| USABLE_IN_ROUND.contains(&k)) {
            return Err(Refusal::new(
                "Only a spell, psionic power, blood ability, thief skill or unarmed combat card from your hand.",
                rule,
            ));
        }
        let facts = self.card(card);
        if !in_phase(facts, phase) {
            let about = About {
                number: phase,
                ..About::card(card)
            };
            let say = |game: &Spellfire, about: About| {
                format!("{} is not played in phase {}.", game.name(about.card), about.number)
            };
            return Err(Refusal::new(Reason::About(about, say), "SF-160"));
        }
        Ok(facts)
    }

    /// A spell or similar card used by the fighting champion in a round (SF-112, SF-151–156,
    /// SF-164). Until a card's power is scripted, only its printed bonus can act, so a card without
    /// one is refused rather than played for nothing.
    fn check_use(&self, cx: &CheckContext, seat: Seat, card: CardId) -> Result<(), Refusal> {
        let facts = self.check_in_hand_for_phase(seat, card, 4, "SF-112")?;
        let Some(fighter) = self.fighter(seat) else {
            return refuse("You have no champion in this round.", "SF-164");
        };
        if matches!(facts.power.on_play().map(|a| &a.effect), Some(Effect::Wall(_)))
            && self.battle.as_ref().is_some_and(|b| b.defender != seat)
        {
            return refuse("A wall stops attackers: only the defending side raises one.", "SF-129");
        }
        let side = if self.battle.as_ref().is_some_and(|b| b.attacker == seat) {
            Side::Attacker
        } else {
            Side::Defender
        };
        self.check_play_limit(cx, seat, side, card)?;
        if !self.round_side_can_use(seat, fighter, card) {
            let user = fighter.card;
            return refuse_later(
                move |game| format!("{} cannot use {}.", game.name(user), game.kind(card).plural()),
                "SF-151, SF-152, SF-153, SF-164",
            );
        }
        if let Some(chosen) = self.kind_chosen_for_battle(fighter, card) {
            let user = fighter.card;
            return refuse_later(
                move |game| {
                    format!(
                        "{} chose {} for this battle.",
                        game.name(user),
                        chosen.plural().to_lowercase()
                    )
                },
                "SF-140",
            );
        }
        if !facts.power.is_enforced() && self.icon_value(card) == 0 {
            return refuse_unscripted(card);
        }
        if let Some(ability) = facts.power.on_play()
            && !matches!(ability.condition, Condition::Always | Condition::UserIs(_))
            && !self.condition_holds(&ability.condition, fighter.card, side)
        {
            return refuse_naming(card, "{} cannot be used in this round.", "SF-166");
        }
        // A card without a bonus whose every power acts as the round ends, each only for a side
        // this one is not (Magic Jar cast by the attacker), would be played for nothing.
        let abilities = facts.power.abilities();
        let at_round_end = |a: &&crate::effects::Ability| matches!(a.when, Trigger::RoundLost | Trigger::RoundWon);
        if self.icon_value(card) == 0
            && !abilities.is_empty()
            && abilities.iter().all(|a| {
                at_round_end(&a)
                    && !matches!(a.condition, Condition::Always | Condition::UserIs(_))
                    && !self.condition_holds(&a.condition, fighter.card, side)
            })
        {
            return refuse_naming(card, "{} would do nothing for your side of this round.", "SF-166");
        }
        self.check_has_target(card)
    }

    /// A spell, psionic power, blood ability or thief skill used outside a round, in the active
    /// player's phase 3 or 5 (SF-39, SF-45, SF-161, SF-163): a phase printed on it and a champion
    /// in the pool able to use it. Until its power is scripted it would do nothing, so it is refused.
    fn check_use_outside_round(&self, seat: Seat, card: CardId) -> Result<(), Refusal> {
        if self.holds(seat, card, |k| k == CardType::UnarmedCombat) {
            return refuse(
                "Unarmed combat cards are used only in a round where their champion fights.",
                "SF-174",
            );
        }
        let facts = self.check_in_hand_for_phase(seat, card, self.phase.number(), "SF-39")?;
        if seat != self.active {
            return refuse("Only the active player uses such cards in phases 3 and 5.", "SF-161");
        }
        self.check_pool_uses(seat, card, facts)
    }

    /// `check_use_outside_round` of a card of the active player's hand, of its phase and not
    /// unarmed combat (`facts` are its own): what the pool and the card's power say.
    fn check_pool_uses(&self, seat: Seat, card: CardId, facts: &Card) -> Result<(), Refusal> {
        // One walk of the pool finds whether a champion can use the card, and whether one of
        // those is free to (`caster`).
        let (mut able, mut free_caster) = (false, None);
        for champion in &self.player(seat).pool {
            if self.can_use(champion.card, FighterKind::Champion, &champion.attachments, card) {
                able = true;
                if self.is_free(champion.card) {
                    free_caster = Some(champion.card);
                    break;
                }
            }
        }
        if !able {
            return refuse_no_user(card);
        }
        if !facts.power.is_enforced() {
            return refuse_naming(
                card,
                "{}'s power is not scripted yet, so it would do nothing.",
                "SF-166",
            );
        }
        if facts.power.on_play().is_some_and(|a| a.effect.in_round_only()) {
            return refuse_naming(card, "{} acts only in a round.", "SF-160");
        }
        if facts.power.on_play().is_none() {
            let reason = match facts.power.pause_answer() {
                Some(_) => format!("{} only answers an event, in its pause.", facts.name),
                None => format!("{} has nothing to do outside a round.", facts.name),
            };
            return refuse(reason, "SF-166");
        }
        if free_caster.is_none() {
            return refuse_naming(card, "Your champions who can use {} are resting.", "SF-170");
        }
        self.check_has_target(card)
    }

    fn check_attach_in_round(
        &self,
        cx: &CheckContext,
        seat: Seat,
        card: CardId,
        champion: CardId,
    ) -> Result<(), Refusal> {
        let Some(fighter) = self.fighter(seat) else {
            return refuse("You have no champion in this round.", "AMB-9");
        };
        if fighter.card != champion || fighter.kind != FighterKind::Champion {
            return refuse("Only onto your champion fighting this round.", "AMB-9");
        }
        let allowed = match self.config.rules.attach_in_combat {
            AttachInCombat::ItemsAndArtifacts => true,
            AttachInCombat::ItemsOnly => self.kind(card) == CardType::MagicalItem,
            AttachInCombat::None => false,
        };
        if !allowed {
            return refuse(
                "This table plays without attaching that from the hand in a round.",
                "AMB-9",
            );
        }
        self.check_attachment(cx, seat, card, champion, &fighter.attachments)
    }

    fn check_mulligan(&self, cx: &CheckContext, seat: Seat) -> Result<(), Refusal> {
        let player = self.player(seat);
        if player.turns != 2 {
            return refuse("A mulligan is called at the end of your second turn.", "SF-216");
        }
        if player.realms_played > 0 {
            return refuse("You have played a realm.", "SF-216");
        }
        let called = match self.config.rules.mulligan_limit {
            MulliganLimit::PerPlayer => player.mulligans,
            MulliganLimit::PerGame => self.mulligans,
        };
        if called >= MULLIGAN_MAX {
            return refuse("Two mulligans have been called: play on with this deal.", "SF-220");
        }
        // An event that could bring more cards must be played first (SF-217).
        let drawing = player.hand.iter().find(|&&card| {
            self.kind(card) == CardType::Event
                && self.abilities_of(card).any(|a| matches!(a.effect, Effect::Draw(_)))
                && self.check_event(seat, card).is_ok()
        });
        if let Some(&card) = drawing {
            return refuse_naming(card, "Play {} first: it may bring you a realm.", "SF-217");
        }
        if player.hand.iter().any(|&card| self.realm_playable(cx, seat, card)) {
            return refuse("You hold a realm you can play.", "SF-216");
        }
        Ok(())
    }

    /// The positions `check_realm_position` allows `seat`, one bit a position, read in one pass
    /// over his formation rather than a pass a position: the empty positions of the frontmost
    /// row with one (`Formation::is_open`), and the razed realms unless a hole in front keeps
    /// them (AMB-22, SF-52). Out of line: it is read once a `legal` call, where its kept answer
    /// (`CheckContext::realm_positions`) is asked with every realm of the hand.
    #[inline(never)]
    fn open_realm_positions(&self, seat: Seat) -> u16 {
        let formation = &self.player(seat).formation;
        let mut empty = 0u16;
        let mut razed = 0u16;
        for at in formation.positions() {
            match formation.slot(at) {
                None => empty |= 1 << at.0,
                Some(slot) if slot.razed => razed |= 1 << at.0,
                Some(_) => {}
            }
        }
        let open = match empty.trailing_zeros() {
            16 => 0,
            first => {
                let row = Position(first as u8).row();
                (formation.positions())
                    .filter(|at| at.row() == row)
                    .fold(0, |bits, at| bits | 1 << at.0)
                    & empty
            }
        };
        let hole_forbidden = self.config.rules.replace_while_hole == ReplaceWhileHole::Forbidden
            || self.tracks.front_first.contains(&seat);
        if razed != 0 && hole_forbidden && formation.has_hole() {
            return open;
        }
        open | razed
    }

    /// Whether `card`, of `seat`'s hand, is a realm that could go somewhere in the formation
    /// (SF-219): what `check_realm` asks of some position, with the open positions read once.
    fn realm_playable(&self, cx: &CheckContext, seat: Seat, card: CardId) -> bool {
        self.kind(card) == CardType::Realm
            && cx.realm_positions(self, seat) != 0
            && self.check_cosmos_with(cx, card).is_ok()
    }

    /// The Rule of the Cosmos: one copy of a champion, artifact, realm or holding in play across
    /// the table (SF-94–98); Limbo does not count.
    pub(crate) fn check_cosmos(&self, card: CardId) -> Result<(), Refusal> {
        self.check_cosmos_with(&CheckContext::default(), card)
    }

    /// `check_cosmos` against the cards in play `cx` gathered once for all its candidates.
    fn check_cosmos_with(&self, cx: &CheckContext, card: CardId) -> Result<(), Refusal> {
        if self.cosmos_allows(cx, card, self.kind(card)) {
            return Ok(());
        }
        let identity = self.cards[card.index()].identity;
        if self.tracks.destroyed.contains(&identity) {
            return refuse_naming(card, "{} was destroyed for good: no one may play it again.", "SF-247");
        }
        let copies = cx.copies_in_play(self, card);
        if copies >= self.cosmos_limit(card) {
            if copies > 0 && self.cosmos_limit(card) > 1 {
                return refuse_naming(card, "Two copies of {} are already in play.", "SF-253");
            }
            return refuse_naming(
                card,
                "{} is already in play: only one may be in play at a time.",
                "SF-94",
            );
        }
        Ok(())
    }

    /// Whether `check_cosmos_with` lets `card`, of `kind`, into play: its yes or no alone, for
    /// the plays `legal` offers (each realm, holding and champion of the hand, at every call).
    fn cosmos_allows(&self, cx: &CheckContext, card: CardId, kind: CardType) -> bool {
        // Most games destroy no card for good: its identity is not looked up.
        let destroyed =
            !self.tracks.destroyed.is_empty() && (self.tracks.destroyed).contains(&self.cards[card.index()].identity);
        // A lone card has no copy in play, and every kind allows one.
        !destroyed && (self.lone.contains(card) || cx.copies_of_repeated(self, card) < self.cosmos_limit_of(kind))
    }

    /// Every card in play that the Rule of the Cosmos covers: realms and holdings in formations,
    /// champions and artifacts in pools and battles.
    pub(crate) fn in_play_unique(&self) -> impl Iterator<Item = CardId> + '_ {
        self.in_play_places().filter(|&c| self.cosmos_covers(c))
    }

    /// Whether the Rule of the Cosmos covers a card of this kind (SF-94).
    fn cosmos_covers(&self, card: CardId) -> bool {
        let kind = self.kind(card);
        kind.is_champion() || matches!(kind, CardType::Artifact | CardType::Realm | CardType::Holding)
    }

    /// Every card in the places `in_play_unique` looks at, whatever its kind.
    fn in_play_places(&self) -> impl Iterator<Item = CardId> + '_ {
        let formations = self.players.iter().flat_map(|p| {
            p.formation
                .realms()
                .flat_map(|(_, s)| std::iter::once(s.realm).chain(s.holding))
        });
        let pools = self.players.iter().flat_map(|p| {
            p.pool
                .iter()
                .flat_map(|c| std::iter::once(c.card).chain(c.attachments.iter().copied()))
        });
        let battle = self.battle.iter().flat_map(|b| {
            let gone_over = b.gone_over.iter().map(|g| (g.champion.card, &g.champion.attachments));
            [&b.attacking, &b.defending]
                .into_iter()
                .flatten()
                .filter(|f| f.kind == FighterKind::Champion)
                .map(|f| (f.card, &f.attachments))
                .chain(gone_over)
                .flat_map(|(card, attachments)| std::iter::once(card).chain(attachments.iter().copied()))
        });
        formations.chain(pools).chain(battle)
    }

    /// `in_play_places` as plain loops, for the Rule of the Cosmos checks `legal` asks for
    /// every champion, realm and holding it offers: the chained iterator costs several times
    /// more per card (issue 17). The same cards in the same order.
    fn visit_in_play_places(&self, mut visit: impl FnMut(CardId)) {
        for player in &self.players {
            for (_, slot) in player.formation.realms() {
                visit(slot.realm);
                if let Some(holding) = slot.holding {
                    visit(holding);
                }
            }
        }
        for player in &self.players {
            for champion in &player.pool {
                visit(champion.card);
                champion.attachments.iter().for_each(|&c| visit(c));
            }
        }
        let Some(battle) = &self.battle else {
            return;
        };
        for fighter in [&battle.attacking, &battle.defending].into_iter().flatten() {
            if fighter.kind == FighterKind::Champion {
                visit(fighter.card);
                fighter.attachments.iter().for_each(|&c| visit(c));
            }
        }
        if let Some(gone) = &battle.gone_over {
            visit(gone.champion.card);
            gone.champion.attachments.iter().for_each(|&c| visit(c));
        }
    }

    /// A card's movement powers, from its facts (SF-146).
    pub(crate) fn movement(&self, card: CardId) -> Movement {
        self.movement_with(card, self.attachments_of(card), |seat| self.player_wide_movement(seat))
    }

    /// `movement` of a card carrying `attachments`, with the movement `seat`'s cards give every
    /// champion of his asked of `player_wide` (a `CheckContext` works it out once a seat).
    fn movement_with(
        &self,
        card: CardId,
        attachments: &[CardId],
        player_wide: impl FnOnce(Seat) -> Movement,
    ) -> Movement {
        let facts = self.card(card);
        // One walk through the card's attributes for the three designations.
        let mut movement = Movement::default();
        for attribute in &facts.attributes {
            match attribute {
                Attribute::Flyer => movement.flyer = true,
                Attribute::Swimmer => movement.swimmer = true,
                Attribute::Earthwalker => movement.earthwalker = true,
                _ => {}
            }
        }
        movement.flyer |= self.any_carried(attachments, |e| *e == Effect::CarrierFlies);
        let owner = self.owner(card);
        // Most players have no card giving his champions a designation: nothing to ask then.
        if !(movement.swimmer && movement.earthwalker)
            && facts.kind.is_champion()
            && self.owned_may_have(owner, Family::EveryChampion)
        {
            let given = player_wide(owner);
            movement.swimmer |= given.swimmer;
            movement.earthwalker |= given.earthwalker;
        }
        movement
    }

    /// Designations a card of `seat` gives every champion of his (Elemental Avatar of Earth):
    /// one walk through that player's cards for both.
    fn player_wide_movement(&self, seat: Seat) -> Movement {
        let mut movement = Movement::default();
        for inner in self.player_wide(seat) {
            movement.swimmer |= *inner == Effect::Designated(Attribute::Swimmer);
            movement.earthwalker |= *inner == Effect::Designated(Attribute::Earthwalker);
        }
        movement
    }

    /// Whether a fighter carrying `attachments` may use `card`: by its icon (SF-151–154) or by
    /// the kinds its facts list.
    fn can_use(&self, user: CardId, kind: FighterKind, attachments: &[CardId], card: CardId) -> bool {
        let used = self.card(card);
        let user_facts = self.card(user);
        // A realm defending as a kind of champion casts as that kind (DefendsAs).
        let user_kind = self.fights_as(user);
        let by_icon = (kind == FighterKind::Champion || user_kind != user_facts.kind)
            && uses_by_icon(user_facts, user_kind, used);
        if by_icon {
            return true;
        }
        // Spells and the like beyond its icon come from its special power, and go with it (SF-158).
        let by_power = matches!(
            used.kind,
            CardType::WizardSpell
                | CardType::ClericSpell
                | CardType::PsionicPower
                | CardType::BloodAbility
                | CardType::ThiefAbility
        );
        if uses_by_facts(user_facts, used) && !(by_power && self.powers_lost(user)) {
            return true;
        }
        // Most games have no item that gives its carrier more kinds of cards to use, and no
        // realm that lends its defender more.
        let by_item = self.may_have(Family::ItemGives)
            && self.any_carried(
                attachments,
                |e| matches!(e, Effect::CarrierMayUse(kinds) if kinds.contains(&used.kind)),
            );
        by_item || (self.may_have(Family::RealmLends) && self.realm_lets_defender_use(user, used.kind))
    }

    /// The seat's fighter in the current round.
    pub(crate) fn fighter(&self, seat: Seat) -> Option<&crate::state::Fighter> {
        let battle = self.battle.as_ref()?;
        if seat == battle.attacker {
            battle.attacking.as_ref()
        } else if seat == battle.defender {
            battle.defending.as_ref()
        } else {
            None
        }
    }

    /// Every action the decider may take now, in a fixed order.
    pub fn legal(&self) -> Vec<Action> {
        let mut legal = Vec::new();
        self.legal_into(&mut legal);
        legal
    }

    /// `legal`, written into `out` (emptied first).
    pub fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let Some(seat) = self.decider() else {
            return;
        };
        let cx = CheckContext::default();
        let mut candidates = Candidates::new(out);
        self.candidates_into(&cx, seat, &mut candidates);
        let sure = candidates.sure;
        if cfg!(debug_assertions) {
            for (i, action) in out.iter().enumerate() {
                assert!(
                    !sure.is_sure(i) || self.check_for(&cx, Some(seat), action).is_ok(),
                    "{action:?} was built as sure but check refuses it"
                );
            }
        }
        // Often every candidate is sure (a phase's discards, a rebuild's): nothing to ask.
        if sure.all_below(out.len()) {
            return;
        }
        // The listed ones moved forward in order over those refused, which are dropped at the end.
        let mut listed = 0;
        for i in 0..out.len() {
            if sure.is_sure(i) || self.check_for(&cx, Some(seat), &out[i]).is_ok() {
                out.swap(listed, i);
                listed += 1;
            }
        }
        out.truncate(listed);
    }

    /// Whether `visit_in_play_places` walks the cards `in_play_places` yields, in the same order
    /// (for the property tests: the two lists of the places in play must not drift apart).
    #[doc(hidden)]
    pub fn in_play_walks_agree(&self) -> bool {
        let mut visited = Vec::new();
        self.visit_in_play_places(|card| visited.push(card));
        visited.into_iter().eq(self.in_play_places())
    }

    /// Whether every candidate `legal` asks about gets the same answer with the context `legal`
    /// shares among them as with a fresh one of its own (for the property tests: an answer of
    /// the context kept under the wrong card, realm or seat would show here).
    #[doc(hidden)]
    pub fn shared_checks_agree(&self) -> bool {
        let Some(seat) = self.decider() else {
            return true;
        };
        let shared = CheckContext::default();
        let mut candidates = Vec::new();
        self.candidates_into(&shared, seat, &mut Candidates::new(&mut candidates));
        candidates.iter().all(|a| {
            let fresh = self.check_for(&CheckContext::default(), Some(seat), a);
            self.check_for(&shared, Some(seat), a).is_ok() == fresh.is_ok()
        })
    }

    /// What `legal` asks `check` about: every action `seat` might take now, in a fixed order.
    fn candidates_into(&self, cx: &CheckContext, seat: Seat, candidates: &mut Candidates) {
        let hand = &self.player(seat).hand;
        // What the plays ask of each card of the hand, read from the catalogue once, not once for
        // each kind of play; on the stack for any hand but a huge one.
        let mut on_stack = [HandCard::NONE; HAND_ON_STACK];
        let on_heap: Vec<HandCard>;
        let mut holds = HandHolds::default();
        let facts: &[HandCard] = if hand.len() <= HAND_ON_STACK {
            for (slot, &card) in on_stack.iter_mut().zip(hand) {
                *slot = self.hand_card(card);
                holds.add(slot);
            }
            &on_stack[..hand.len()]
        } else {
            on_heap = hand.iter().map(|&card| self.hand_card(card)).collect();
            on_heap.iter().for_each(|card| holds.add(card));
            &on_heap
        };
        self.candidates_from(cx, seat, facts, holds, candidates);
    }

    /// `candidates_into` for the hand read into `hand`, which `holds` sums up.
    fn candidates_from(
        &self,
        cx: &CheckContext,
        seat: Seat,
        hand: &[HandCard],
        holds: HandHolds,
        candidates: &mut Candidates,
    ) {
        // Room for a busy phase at once, rather than growing step by step.
        candidates.reserve(32);
        // Wherever an event is offered, `check` asks `check_event` of it: asked here of the
        // events of the hand, those allowed are sure.
        let events = hand
            .iter()
            .filter(|c| c.as_event() && self.check_event_in_hand(c.card).is_ok())
            .map(|c| Action::PlayEvent(c.card));
        // A card used from the hand outside the pool phase is a spell or the like (`check_any_time`,
        // `check_use`): the kind, a cheap look, is asked before `check` asks the rest.
        match self.pending.last() {
            Some(Pending::Claim { .. }) => {
                if holds.any(PlayFacts::AS_EVENT) {
                    candidates.extend_sure(events);
                }
                if holds.any(PlayFacts::CAST_ANY_TIME) {
                    self.cast_any_time(seat, hand, candidates);
                }
                if holds.any(PlayFacts::ANY_TIME) {
                    self.any_time_plays(cx, seat, hand, candidates);
                }
                candidates.push_sure(Action::Pass);
            }
            // Most games have no card that answers an event: then no card is read.
            Some(Pending::EventPause(_)) if !self.may_act_at(Trigger::EventPause) => {
                candidates.push_sure(Action::Pass);
            }
            Some(Pending::EventPause(_)) => {
                let player = self.player(seat);
                let answers = player
                    .hand
                    .iter()
                    .copied()
                    .chain(
                        player
                            .pool
                            .iter()
                            .flat_map(|c| std::iter::once(c.card).chain(c.attachments.iter().copied())),
                    )
                    .filter(|&c| self.answers_pause(c))
                    .map(Action::Answer);
                candidates.extend(answers);
                candidates.push_sure(Action::Pass);
            }
            Some(Pending::InstantDefeat(threat)) => {
                if !threat.replied {
                    candidates.extend_sure(events);
                    if let Some(champion) = self.fighter(seat).map(|f| f.card) {
                        candidates.extend(hand.iter().map(|c| Action::Attach { card: c.card, champion }));
                    }
                }
                candidates.push_sure(Action::Pass);
            }
            Some(Pending::Walled { .. }) => {
                candidates.extend(hand.iter().map(|c| Action::UseCard(c.card)));
                candidates.push_sure(Action::Pass);
            }
            Some(Pending::Target { event, .. }) => {
                // `check_target` accepts exactly these (and reads them afresh for each).
                if let Some(Effect::Discard(target)) = self.card(*event).power.on_play().map(|a| &a.effect) {
                    candidates.extend_sure(self.targets(*event, target).into_iter().map(Action::Choose));
                }
            }
            Some(Pending::Spoils { card, .. }) => {
                let spoils = self.hand_card(*card);
                let from = candidates.len();
                self.plays_of(cx, seat, spoils, candidates);
                // Built from all `check_spoils` asks of them, once it is the spoils card.
                if spoils.plays_are_sure() {
                    candidates.sure_from(from);
                }
                candidates.push_sure(Action::KeepSpoils);
                // Not in a battle: the card is played at once or kept (SF-212).
                if self.battle.is_none() {
                    candidates.push_sure(Action::ReturnSpoils);
                }
            }
            Some(Pending::Rebuild { .. }) => {
                candidates.extend_sure(hand.iter().map(|c| Action::Discard(c.card)));
                candidates.extend(self.pool_cards(seat).map(Action::Discard));
            }
            Some(Pending::Aid { aided, .. }) => self.aid_candidates(seat, *aided, candidates),
            Some(Pending::Reply(reply)) => {
                if reply.reply.is_none() {
                    candidates.extend(
                        hand.iter()
                            .filter(|c| c.as_event() && self.reply_ability(c.card).is_some())
                            .map(|c| Action::PlayEvent(c.card)),
                    );
                }
                candidates.push_sure(Action::Pass);
            }
            Some(Pending::Leave(leave)) => {
                candidates.extend_sure([Action::Answer(leave.source), Action::Pass]);
            }
            Some(Pending::Pick(pick)) => {
                // `check` accepts exactly what these lists hold (and asks them afresh each time).
                let from = candidates.len();
                self.pick_candidates(pick, |card| candidates.push_sure(Action::Choose(card)));
                let offered = candidates.len() > from;
                let (players, ways) = (self.pick_players(pick), self.pick_options(pick));
                let may_pass = may_stop_picking(pick, || offered, &players, &ways);
                candidates.extend_sure(players.into_iter().map(Action::ChoosePlayer));
                candidates.extend_sure(ways.into_iter().map(Action::ChooseOption));
                if may_pass {
                    candidates.push_sure(Action::Pass);
                }
            }
            None => {
                if holds.any(PlayFacts::AS_EVENT) {
                    candidates.extend_sure(events);
                }
                self.phase_candidates(cx, seat, hand, holds, candidates);
                if holds.any(PlayFacts::ANY_TIME) {
                    let mut any_time = Vec::new();
                    self.any_time_plays(cx, seat, hand, &mut any_time);
                    for play in any_time {
                        if !candidates.contains(&play) {
                            candidates.push(play);
                        }
                    }
                }
            }
        }
    }

    /// What the candidates ask of `card` (`HandCard`).
    fn hand_card(&self, card: CardId) -> HandCard {
        HandCard {
            card,
            play: self.play_facts(card),
        }
    }

    /// The `PlayFacts` of `card`, read from the game's `PlayTable`.
    fn play_facts(&self, card: CardId) -> PlayFacts {
        match self.play.0.get(card.index()) {
            Some(&play) => play,
            None => self.entry(card).play,
        }
    }

    /// Whether every card's abilities now (`abilities_of`) are its printed ones, as in most
    /// games: no power copied, no champion kept as an ally. Then the powers `PlayFacts` notes
    /// are read from the table, not from the cards' abilities.
    fn abilities_are_printed(&self) -> bool {
        self.tracks.copies.is_empty() && self.tracks.kept.is_empty()
    }

    /// Whether `card` has a power that answers an event in its pause (`pause_answer_of`).
    fn answers_pause(&self, card: CardId) -> bool {
        match self.abilities_are_printed() {
            true => self.play_facts(card).answers_pause(),
            false => self.pause_answer_of(card).is_some(),
        }
    }

    /// The spells and the like of `seat`'s hand that may be cast at any time, where `check`
    /// asks `check_any_time` of them: what it reads of their printed facts alone rules the
    /// others out (every phase printed, a power played), and the rest is asked here. Those
    /// listed are sure.
    fn cast_any_time(&self, seat: Seat, hand: &[HandCard], out: &mut Candidates) {
        for c in hand.iter().filter(|c| c.is(PlayFacts::CAST_ANY_TIME)) {
            if self.check_any_time_in_hand(seat, c.card).is_ok() {
                out.push_sure(Action::UseCard(c.card));
            }
        }
    }

    /// The spells and the like of `seat`'s hand that may be used outside a round in phase `phase`
    /// (3 or 5, no decision pending), where `check` asks `check_use_outside_round` of them: what
    /// it reads of their printed facts alone rules the others out (unarmed combat, another
    /// phase, a power not scripted, not played or acting only in a round), and the rest is
    /// asked here. Those listed are sure.
    fn usable_outside_round(&self, seat: Seat, hand: &[HandCard], phase: u8, out: &mut Candidates) {
        if seat != self.active {
            return;
        }
        for c in hand
            .iter()
            .filter(|c| c.is(PlayFacts::USED_OUTSIDE_ROUND) && c.in_phase(phase))
        {
            if self.check_pool_uses(seat, c.card, self.card(c.card)).is_ok() {
                out.push_sure(Action::UseCard(c.card));
            }
        }
    }

    /// The ways `seat` could play the cards of his hand that are played at any time.
    fn any_time_plays(&self, cx: &CheckContext, seat: Seat, hand: &[HandCard], out: &mut Vec<Action>) {
        for &card in hand.iter().filter(|c| c.any_time()) {
            self.plays_of(cx, seat, card, out);
        }
    }

    /// The ways `card` could be put into play from the hand (realm, holding, champion, item).
    fn plays_of(&self, cx: &CheckContext, seat: Seat, read: HandCard, out: &mut Vec<Action>) {
        let player = self.player(seat);
        let card = read.card;
        match read.kind {
            // What `check` would refuse at once is not offered (every play of a realm or holding
            // goes through `check_realm` or `check_holding`): a realm goes only where
            // `check_realm_position` allows (SF-50, SF-64), and a card the Rule of the Cosmos
            // keeps out goes nowhere.
            CardType::Realm if self.cosmos_allows(cx, card, read.kind) => {
                let open = cx.realm_positions(self, seat);
                let mut left = open;
                while left != 0 {
                    let at = Position(left.trailing_zeros() as u8);
                    left &= left - 1;
                    out.push(Action::PlayRealm { card, at });
                }
            }
            // A realm carries at most one holding, face up unless the holding rebuilds it
            // (SF-69), and of the holding's world (SF-68).
            CardType::Holding if self.cosmos_allows(cx, card, read.kind) => {
                let facts = self.card(card);
                let rebuilds = matches!(facts.power.on_play().map(|a| &a.effect), Some(Effect::RebuildsItsRealm));
                out.extend(
                    (player.formation.realms())
                        .filter(|(_, slot)| {
                            slot.holding.is_none()
                                && (!slot.razed || rebuilds)
                                && same_world(facts.world, self.card(slot.realm).world)
                        })
                        .map(|(at, _)| Action::PlayHolding { card, at }),
                )
            }
            CardType::Realm | CardType::Holding => {}
            CardType::MagicalItem => out.extend(player.pool.iter().map(|c| Action::Attach { card, champion: c.card })),
            // An artifact only onto the champions `check_artifact_onto` allows (`check_attachment`).
            CardType::Artifact => out.extend(
                (player.pool.iter())
                    .filter(|c| self.check_artifact_onto(cx, card, c.card, &c.attachments).is_ok())
                    .map(|c| Action::Attach { card, champion: c.card }),
            ),
            CardType::Event => out.push(Action::PlayEvent(card)),
            // A champion that may also be played as an event (Crime Lord).
            kind if kind.is_champion() && read.as_event() => {
                out.extend([Action::ToPool(card), Action::PlayEvent(card)])
            }
            kind if kind.is_champion() && read.avatar() => out.extend(self.summons(seat, card)),
            // Into the pool only if the Rule of the Cosmos lets it in (`check_to_pool`).
            kind if kind.is_champion() && self.cosmos_allows(cx, card, kind) => out.push(Action::ToPool(card)),
            CardType::WizardSpell | CardType::ClericSpell | CardType::PsionicPower | CardType::BloodAbility => {
                out.push(Action::UseCard(card))
            }
            _ => {}
        }
    }

    fn phase_candidates(
        &self,
        cx: &CheckContext,
        seat: Seat,
        hand: &[HandCard],
        holds: HandHolds,
        out: &mut Candidates,
    ) {
        match self.phase {
            Phase::StartOfTurn => {
                if holds.kind(CardType::Rule) {
                    let rules = hand.iter().filter(|c| c.kind == CardType::Rule);
                    out.extend_sure(rules.map(|c| Action::PlayRule(c.card)));
                }
                if holds.any(PlayFacts::CAST_ANY_TIME) {
                    self.cast_any_time(seat, hand, out);
                }
                out.push_sure(Action::Draw);
            }
            Phase::Realms => {
                if holds.any(PlayFacts::CAST_ANY_TIME) {
                    self.cast_any_time(seat, hand, out);
                }
                // A questing champion due back comes first (SF-255): then `check` refuses the
                // phase's other plays, and they are not sure.
                let quest_due = self.quest_due(seat).is_some();
                // One realm play and one holding a turn (SF-35, SF-36): past them, only a realm
                // played at any time is offered. Their plays are built from all `check_realm`
                // and `check_holding` ask.
                let realms = holds.kind(CardType::Realm) || holds.kind(CardType::Holding);
                let plays_from = out.len();
                for &card in if realms { hand } else { &[] } {
                    let open = match card.kind {
                        CardType::Realm => !self.used.realm_action || card.any_time(),
                        CardType::Holding => !self.used.holding,
                        _ => false,
                    };
                    if open {
                        let from = out.len();
                        self.plays_of(cx, seat, card, out);
                        if quest_due && card.any_time() {
                            out.sure_from(from);
                        }
                    }
                }
                // A rebuild costs three cards (SF-61).
                if !self.used.realm_action && self.rebuild_cards(seat) >= REBUILD_CARDS {
                    let razed = self.player(seat).formation.realms().filter(|(_, slot)| slot.razed);
                    out.extend(razed.map(|(at, _)| Action::Rebuild { at }));
                }
                // With no quest due, the plays and rebuilds above are all sure: marked in one run.
                if !quest_due {
                    out.sure_from(plays_from);
                }
                self.quest_candidates(seat, out);
                if quest_due {
                    out.push(Action::EndPhase);
                } else {
                    out.push_sure(Action::EndPhase);
                }
            }
            Phase::Pool => {
                let plays = holds.any(PlayFacts::CHAMPION)
                    || holds.kind(CardType::MagicalItem)
                    || holds.kind(CardType::Artifact);
                for &card in if plays { hand } else { &[] } {
                    if card.kind.is_champion() || matches!(card.kind, CardType::MagicalItem | CardType::Artifact) {
                        let from = out.len();
                        self.plays_of(cx, seat, card, out);
                        if card.plays_are_sure() {
                            out.sure_from(from);
                        }
                    }
                }
                if holds.any(PlayFacts::USED_OUTSIDE_ROUND) {
                    self.usable_outside_round(seat, hand, Phase::Pool.number(), out);
                }
                out.extend(self.pool_uses(seat));
                // One battle a turn (SF-100).
                if !self.used.battle {
                    self.attack_candidates(cx, seat, hand, out);
                }
                out.push_sure(Action::EndPhase);
            }
            Phase::Battle => self.battle_candidates(cx, seat, hand, out),
            Phase::AfterBattle => {
                // Discards only over the hand limit (`check` says so of each): a hand within it
                // reads the realms' powers once here rather than once a card.
                let over_limit = hand.len() > cx.hand_limit(self, seat);
                if over_limit {
                    out.extend_sure(hand.iter().map(|c| Action::Discard(c.card)));
                }
                if holds.any(PlayFacts::USED_OUTSIDE_ROUND) {
                    self.usable_outside_round(seat, hand, Phase::AfterBattle.number(), out);
                }
                out.extend(self.pool_uses(seat));
                // A mulligan only at the end of a second turn without a realm played (SF-216).
                let player = self.player(seat);
                if player.turns == 2 && player.realms_played == 0 {
                    out.push(Action::CallMulligan);
                }
                // The turn ends only with the hand within its limit (SF-46).
                if !over_limit {
                    out.push_sure(Action::EndTurn);
                }
            }
            Phase::Over => {}
        }
    }

    /// Every attack `check_attacker` might allow: a face-up realm, and one behind the front only
    /// for a champion whose movement reaches it (SF-55, SF-56), which `check_attacker` asks of
    /// every attack. What it asks of a realm whatever the champion (its front, whether a power
    /// might close it or bar attacks on its player) is read once a realm, what it asks of a
    /// champion whatever the realm once a champion.
    fn attack_candidates(&self, cx: &CheckContext, seat: Seat, hand: &[HandCard], out: &mut Candidates) {
        let player = self.player(seat);
        // A pool champion carries his attachments; one from the hand carries none.
        let from_hand = hand
            .iter()
            .filter(|c| c.kind.is_champion())
            .map(|c| (c.card, false, &[][..]));
        // No champion, no attack: the realms are not read.
        if player.pool.is_empty() && from_hand.clone().next().is_none() {
            return;
        }
        let mut targets = [AttackTarget::NONE; MOST_TARGETS];
        let mut count = 0;
        let mut add_targets = |defender: Seat, only: Option<Position>| {
            let formation = &self.player(defender).formation;
            let bars = self.attack_bars_on(defender);
            // A bar that lets no champion through leaves the player's realms out of every attack.
            if bars == AttackBars::EveryChampion {
                return;
            }
            let closers = self.formation_may_close(defender, true);
            let barred = bars == AttackBars::SomeChampions;
            for (at, slot) in formation.realms() {
                if slot.razed || only.is_some_and(|only| only != at) {
                    continue;
                }
                targets[count] = AttackTarget {
                    defender,
                    at,
                    exposed: formation.is_exposed(at),
                    realm: slot.realm,
                    barred,
                    closers: if closers.may_close(at) {
                        Closers::Unread
                    } else {
                        Closers::None
                    },
                };
                count += 1;
            }
        };
        match &self.battle {
            Some(battle) => add_targets(battle.defender, Some(battle.target)),
            None => Seat::all(self.seats())
                .filter(|&s| s != seat)
                .for_each(|s| add_targets(s, None)),
        }
        let targets = &mut targets[..count];
        // No realm to attack (none laid, or every one barred): the champions are not read.
        if targets.is_empty() {
            return;
        }
        let all_exposed = targets.iter().all(|t| t.exposed);
        // The powers closing the realms read so far, by the target's place: most calls read none.
        let mut closing: Vec<(usize, &Champions)> = Vec::new();
        let pool = player.pool.iter().map(|c| (c.card, true, &c.attachments[..]));
        // What `check_attacker` asks of the champion is asked once for all his targets, and what
        // it asks of each attack below: the attacks listed are sure, marked so once at the end.
        let first_attack = out.len();
        for (champion, from_pool, attachments) in pool.chain(from_hand) {
            if self.check_attacking_champion(cx, seat, champion, from_pool).is_err() {
                continue;
            }
            let movement = if all_exposed {
                Movement::default()
            } else {
                cx.movement_carrying(self, champion, attachments)
            };
            self.push_attacks(champion, movement, targets, &mut closing, out);
        }
        out.sure_from(first_attack);
    }

    /// The attacks of `champion`, moving as `movement`, on `targets` (`attack_candidates`, which
    /// has asked all the rest), pushed onto `out`. Apart, so that the walk over the targets keeps
    /// what it reads in registers rather than among the caller's many.
    #[inline(never)]
    fn push_attacks<'g>(
        &'g self,
        champion: CardId,
        movement: Movement,
        targets: &mut [AttackTarget],
        closing: &mut Vec<(usize, &'g Champions)>,
        out: &mut Vec<Action>,
    ) {
        // A lasting bar asks the champion and the attacked player, not the realm: read once for
        // the realms of a player (they come together).
        let mut barred: Option<(Seat, bool)> = None;
        for (i, t) in targets.iter_mut().enumerate() {
            // The coast matters only to a swimmer: read only for him.
            let swims_there = || movement.swimmer && self.card(t.realm).has(Attribute::Coastal);
            let reached = t.exposed || movement.flyer || movement.earthwalker || swims_there();
            if !reached {
                continue;
            }
            if t.barred {
                let bars = match barred {
                    Some((defender, bars)) if defender == t.defender => bars,
                    _ => self.attack_barred(champion, t.defender).is_some(),
                };
                barred = Some((t.defender, bars));
                if bars {
                    continue;
                }
            }
            if t.closers != Closers::None && self.target_closed(t, i, closing, champion) {
                continue;
            }
            out.push(Action::Attack {
                champion,
                defender: t.defender,
                at: t.at,
            });
        }
    }

    /// Whether a power closes `target` (the `index`-th of `attack_candidates`) to `champion`:
    /// its closing powers read into `closing` when first asked. Apart: most targets have none.
    #[inline(never)]
    fn target_closed<'g>(
        &'g self,
        target: &mut AttackTarget,
        index: usize,
        closing: &mut Vec<(usize, &'g Champions)>,
        champion: CardId,
    ) -> bool {
        if target.closers == Closers::Unread {
            // Walked from inside: a nest of flattened iterators costs more stepped through.
            (self.closing_powers_of(target.defender, target.at, true)).for_each(|(_, who)| closing.push((index, who)));
            target.closers = Closers::Read;
        }
        (closing.iter()).any(|&(of, who)| of == index && self.is(who, champion))
    }

    fn battle_candidates(&self, cx: &CheckContext, seat: Seat, hand: &[HandCard], out: &mut Candidates) {
        let Some(battle) = &self.battle else {
            return;
        };
        let player = self.player(seat);
        match battle.step {
            // Built from all `check_defender` asks, the realm's closing powers read once for every
            // champion: the defenders listed are sure.
            BattleStep::ChooseDefender => {
                out.extend_sure(
                    self.realm_defender(battle.defender, battle.target)
                        .map(|c| Action::Defend { champion: c }),
                );
                let closing = cx.closing(self, battle.defender, battle.target, false);
                let champions = (player.pool.iter().map(|c| (c.card, true)))
                    .chain(hand.iter().filter(|c| c.kind.is_champion()).map(|c| (c.card, false)));
                for (champion, from_pool) in champions {
                    if self
                        .check_champion_defender(cx, seat, champion, from_pool, &closing)
                        .is_ok()
                    {
                        out.push_sure(Action::Defend { champion });
                    }
                }
                out.push_sure(Action::Decline);
            }
            BattleStep::Round => {
                let fighter = self.fighter(seat);
                let fighting = fighter.map(|f| f.card);
                for &HandCard { card, play } in hand {
                    match play.kind {
                        CardType::Ally => out.push(Action::PlayAlly(card)),
                        CardType::MagicalItem | CardType::Artifact => {
                            out.extend(fighting.map(|champion| Action::Attach { card, champion }))
                        }
                        // A card of another phase is refused at once (`check_in_hand_for_phase`),
                        // and one no champion of the side can use (most, in a round: `check_use`).
                        kind if USABLE_IN_ROUND.contains(&kind)
                            && play.in_phase(Phase::Battle.number())
                            && fighter.is_some_and(|f| self.round_side_can_use(seat, f, card)) =>
                        {
                            out.push(Action::UseCard(card))
                        }
                        _ => {}
                    }
                }
                out.extend(self.carried_uses(seat));
                // Only a table that plays aid asks for it (SF-238).
                if self.config.rules.aid {
                    out.push(Action::AskAid);
                }
                out.push_sure(Action::Pass);
            }
            BattleStep::NextAttacker => {
                self.attack_candidates(cx, seat, hand, out);
                out.push_sure(Action::EndBattle);
            }
        }
    }
}

/// A card of the hand as the candidates see it: what they ask of it (read as its fields), read
/// once a `legal` call.
#[derive(Clone, Copy)]
struct HandCard {
    card: CardId,
    play: PlayFacts,
}

impl HandCard {
    /// A blank for the stack buffer, never read.
    const NONE: HandCard = HandCard {
        card: CardId(0),
        play: PlayFacts::NONE,
    };

    /// Whether `plays_of` builds this card's plays from all that `check` asks of them in phases
    /// 2 and 3 and as spoils (past what the phase itself asks): a realm's, a holding's, a
    /// magical item's or an artifact's onto a pool champion, and a champion's into the pool (not
    /// one also played as an event, nor an avatar's summons).
    fn plays_are_sure(&self) -> bool {
        matches!(
            self.kind,
            CardType::Realm | CardType::Holding | CardType::MagicalItem | CardType::Artifact
        ) || (self.kind.is_champion() && !self.as_event() && !self.avatar())
    }
}

impl std::ops::Deref for HandCard {
    type Target = PlayFacts;
    fn deref(&self) -> &PlayFacts {
        &self.play
    }
}

/// What a hand holds, summed up as it is read (`candidates_into`): the candidates skip the walks
/// of the hand that would find nothing (most hands hold no event, no card played at any time).
/// The bits of its cards' `PlayFacts::holds`, joined.
#[derive(Clone, Copy, Default)]
struct HandHolds(u32);

impl HandHolds {
    fn add(&mut self, card: &HandCard) {
        self.0 |= card.holds;
    }

    fn kind(self, kind: CardType) -> bool {
        self.0 & PlayFacts::kind_bit(kind) != 0
    }

    fn any(self, bit: u32) -> bool {
        self.0 & bit != 0
    }
}

/// A realm `attack_candidates` offers, with what it asks of every champion: its position,
/// whether the realms in front of it expose it (`Formation::reachable`), the realm card (its
/// coast), whether a lasting power may bar attacks on its player (`attack_barred`) and whether
/// a power may close it to some attackers.
#[derive(Clone, Copy)]
struct AttackTarget {
    defender: Seat,
    at: Position,
    exposed: bool,
    realm: CardId,
    barred: bool,
    closers: Closers,
}

impl AttackTarget {
    /// A blank for the stack buffer, never read.
    const NONE: AttackTarget = AttackTarget {
        defender: Seat(0),
        at: Position::A,
        exposed: false,
        realm: CardId(0),
        barred: false,
        closers: Closers::None,
    };
}

/// The powers closing an `AttackTarget` to some attackers (`Spellfire::closing_powers_of`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Closers {
    /// None: no power of its player's formation may close it (`Spellfire::formation_closers`).
    None,
    /// Not read yet: read when a champion first reaches it.
    Unread,
    /// Read.
    Read,
}

/// The most realms open to attack: five opponents' ten-realm formations.
const MOST_TARGETS: usize = 5 * 10;

/// The first card of `closing` (`CheckContext::closing`) whose power closes the realm to
/// `champion`.
fn first_closer(game: &Spellfire, closing: &[(CardId, &Champions)], champion: CardId) -> Option<CardId> {
    closing
        .iter()
        .find(|&&(_, who)| game.is(who, champion))
        .map(|&(card, _)| card)
}

/// Hands up to this size are read into a buffer on the stack (a hand is rarely over ten cards;
/// a larger buffer costs every call its filling).
const HAND_ON_STACK: usize = 12;

/// Whether the player of `pick` may pass, given what it offers (`any_offered`: whether it offers
/// some card, asked last): "up to" and "may" let him stop,
/// and with nothing left the choice ends.
fn may_stop_picking(pick: &Pick, any_offered: impl FnOnce() -> bool, players: &[Seat], ways: &[u8]) -> bool {
    pick.optional || (players.is_empty() && ways.is_empty() && !any_offered())
}

/// Whether a card printing `phases` (none: any phase) is used in phase `phase`
/// (`check_in_hand_for_phase`).
fn in_phase(facts: &Card, phase: u8) -> bool {
    facts.phases.is_empty() || facts.phases.contains(&phase)
}

/// Whether a `user_kind` champion may use `used` by its icon (SF-151–154); unarmed combat cards
/// name their users: the dragon and undead families, heroes for the rest (SF-156). Pure, for the
/// engine and the computer alike.
pub(crate) fn uses_by_icon(user: &Card, user_kind: CardType, used: &Card) -> bool {
    match (user_kind, used.kind) {
        (CardType::Wizard, CardType::WizardSpell)
        | (CardType::Cleric, CardType::ClericSpell)
        | (CardType::Psionicist, CardType::PsionicPower)
        | (CardType::Regent, CardType::BloodAbility)
        | (CardType::Thief, CardType::ThiefAbility) => true,
        (_, CardType::UnarmedCombat) => {
            if used.has(Attribute::DragonUnarmedCombat) {
                user.has(Attribute::Dragon)
            } else if used.has(Attribute::UndeadUnarmedCombat) {
                user.has(Attribute::Undead)
            } else {
                user_kind == CardType::Hero
            }
        }
        _ => false,
    }
}

/// Whether `user` may use `used` by the kinds its facts list (all of a kind, or only its
/// offensive or defensive cards).
pub(crate) fn uses_by_facts(user: &Card, used: &Card) -> bool {
    let usable = match used.kind {
        CardType::UnarmedCombat if used.has(Attribute::DragonUnarmedCombat) => Usable::DragonUnarmedCombat,
        CardType::UnarmedCombat if used.has(Attribute::UndeadUnarmedCombat) => Usable::UndeadUnarmedCombat,
        other => Usable::Type(other),
    };
    user.uses.iter().any(|u| match *u {
        Use::All(k) => k == usable,
        Use::Offensive(k) => k == usable && used.has(Attribute::Offensive),
        Use::Defensive(k) => k == usable && used.has(Attribute::Defensive),
    })
}

/// A card with no world symbol fits any world; otherwise the worlds must match (SF-68, SF-78).
fn same_world(card: World, other: World) -> bool {
    matches!(card, World::Generic | World::NoWorld) || card == other
}

/// The optional rules of section 26 and the setup options of base play (AMB-3, AMB-8): what they
/// allow and forbid.
impl Spellfire {
    /// How many cards a rebuild could take now: the hand, and the pool where the table says so
    /// (AMB-3).
    pub(crate) fn rebuild_cards(&self, seat: Seat) -> usize {
        self.player(seat).hand.len() + self.pool_cards(seat).count()
    }

    /// The pool's cards a rebuild may discard (AMB-3 `hand_or_pool`): every champion and every card
    /// attached to one; none under the default reading.
    pub(crate) fn pool_cards(&self, seat: Seat) -> impl Iterator<Item = CardId> + '_ {
        let open = self.config.rules.rebuild_cost_zone == RebuildCostZone::HandOrPool;
        self.player(seat)
            .pool
            .iter()
            .filter(move |_| open)
            .flat_map(|c| std::iter::once(c.card).chain(c.attachments.iter().copied()))
    }

    fn rebuild_from_pool(&self, seat: Seat, card: CardId) -> bool {
        self.pool_cards(seat).any(|c| c == card)
    }

    /// How many copies of `card` may be in play at once: two of a champion, realm or holding under
    /// Parallel Universes (and of an artifact if the table says so), otherwise one (SF-94, SF-253,
    /// AMB-30).
    pub(crate) fn cosmos_limit(&self, card: CardId) -> usize {
        self.cosmos_limit_of(self.kind(card))
    }

    /// `cosmos_limit` of a card of `kind`.
    fn cosmos_limit_of(&self, kind: CardType) -> usize {
        let rules = &self.config.rules;
        let doubled = kind.is_champion()
            || matches!(kind, CardType::Realm | CardType::Holding)
            || (kind == CardType::Artifact && rules.parallel_includes_artifacts);
        if rules.parallel_universes && doubled { 2 } else { 1 }
    }

    /// Whether another champion of `seat`'s pool may cast `card` for the fighting one (AMB-8).
    /// Whether `seat`'s fighter in the round, or where the table allows it a champion of his pool,
    /// can use `card` (SF-151–153, SF-164).
    fn round_side_can_use(&self, seat: Seat, fighter: &crate::state::Fighter, card: CardId) -> bool {
        self.can_use(fighter.card, fighter.kind, &fighter.attachments, card) || self.pool_caster(seat, card)
    }

    fn pool_caster(&self, seat: Seat, card: CardId) -> bool {
        self.config.rules.phase4_caster == Phase4Caster::AnyPoolChampion
            && self.player(seat).pool.iter().any(|c| self.free_caster(c, card))
    }

    /// A champion of the pool that may cast `card` for its side: not away questing, not resting
    /// (SF-170, SF-254), and able to use it.
    fn free_caster(&self, champion: &Champion, card: CardId) -> bool {
        self.is_free(champion.card) && self.can_use(champion.card, FighterKind::Champion, &champion.attachments, card)
    }

    /// Whether `champion` of a pool is neither away questing nor resting (SF-170, SF-254).
    fn is_free(&self, champion: CardId) -> bool {
        !self.is_questing(champion) && !self.resting.contains(&champion)
    }

    /// Whether `champion` is away questing, face down in its owner's pool (SF-254).
    pub fn is_questing(&self, champion: CardId) -> bool {
        self.tracks.questing.iter().any(|&(_, c)| c == champion)
    }

    /// `seat`'s champion away questing, if it is still in the pool.
    pub(crate) fn questing(&self, seat: Seat) -> Option<CardId> {
        self.tracks
            .questing
            .iter()
            .find(|&&(s, c)| s == seat && self.player(seat).pool_index(c).is_some())
            .map(|&(_, c)| c)
    }

    /// The questing champion that must come back in this phase 2: sent in an earlier turn (SF-255).
    pub(crate) fn quest_due(&self, seat: Seat) -> Option<CardId> {
        if !self.config.rules.questing || self.phase != Phase::Realms || seat != self.active {
            return None;
        }
        self.questing(seat).filter(|&c| self.used.quested != Some(c))
    }

    fn check_quest(&self, seat: Seat, champion: CardId) -> Result<(), Refusal> {
        if !self.config.rules.questing {
            return refuse("This table does not play Questing.", "SF-238, SF-254");
        }
        if self.used.quested.is_some() {
            return refuse("Only one champion a turn may be sent questing.", "SF-254");
        }
        if self.questing(seat).is_some() {
            return refuse("A champion of yours is already away questing.", "SF-254");
        }
        if self.player(seat).pool_index(champion).is_none() {
            return refuse("Only a champion in your pool can be sent questing.", "SF-254");
        }
        if self.resting.contains(&champion) {
            return refuse_naming(
                champion,
                "{} cannot be used until your next turn, so it cannot go questing.",
                "SF-254",
            );
        }
        Ok(())
    }

    fn check_resolve_quest(&self, seat: Seat, opponent: Seat) -> Result<(), Refusal> {
        if self.quest_due(seat).is_none() {
            return refuse("No champion of yours is coming back from a quest.", "SF-255");
        }
        if opponent == seat || opponent.index() >= self.seats() {
            return refuse("Choose another player's draw pile.", "AMB-31");
        }
        Ok(())
    }

    /// A questing champion neither attacks nor defends; one back from a quest does not attack that
    /// turn (SF-254, SF-255).
    fn check_not_questing(&self, champion: CardId, attacking: bool) -> Result<(), Refusal> {
        if self.is_questing(champion) {
            return refuse_naming(champion, "{} is away questing until its owner's next turn.", "SF-254");
        }
        if attacking && self.used.no_attack.contains(&champion) {
            return refuse_naming(
                champion,
                "{} is back from a quest and may not attack this turn.",
                "SF-255",
            );
        }
        Ok(())
    }

    fn quest_candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.config.rules.questing {
            return;
        }
        out.extend(self.player(seat).pool.iter().map(|c| Action::Quest(c.card)));
        out.extend(
            Seat::all(self.seats())
                .filter(|&s| s != seat)
                .map(|opponent| Action::ResolveQuest { opponent }),
        );
    }

    /// The seats that may still help `aided`'s side, clockwise from it: every seat outside the
    /// battle that does not back the other side (SF-239). Never filtered by what a seat holds.
    pub(crate) fn aid_helpers(&self, aided: Seat) -> AnswerQueue {
        let Some(battle) = &self.battle else {
            return AnswerQueue::default();
        };
        AnswerQueue::after_where(aided, self.seats(), |&s| {
            s != battle.attacker
                && s != battle.defender
                && !battle.helpers.iter().any(|&(h, side)| h == s && side != aided)
        })
    }

    fn check_ask_aid(&self, seat: Seat) -> Result<(), Refusal> {
        if !self.config.rules.aid {
            return refuse(
                "This table does not play Aid the Attacker or Defender.",
                "SF-238, SF-239",
            );
        }
        if self.battle.as_ref().is_some_and(|b| b.aid_refused == Some(seat)) {
            return refuse("Nobody would help: play a card or pass.", "SF-239");
        }
        if self.aid_helpers(seat).is_done() {
            return refuse("No other player may help your side.", "SF-239");
        }
        Ok(())
    }

    /// A helper's answer when `aided` asked for help: one ally, one spell or the like cast by one of
    /// the helper's own champions, or one magical item or artifact for the aided champion; or
    /// nothing (SF-239, AMB-24).
    fn check_aid_gift(&self, cx: &CheckContext, seat: Seat, aided: Seat, action: &Action) -> Result<(), Refusal> {
        let Some(battle) = &self.battle else {
            return refuse("There is no battle.", "SF-99");
        };
        match action {
            Action::Pass => Ok(()),
            Action::PlayAlly(card) => {
                if !self.holds(seat, *card, |k| k == CardType::Ally) {
                    return refuse("Only an ally from your hand.", "SF-239");
                }
                if aided == battle.attacker && !self.ally_reaches(cx, *card, battle.defender, battle.target) {
                    return refuse(
                        "This ally cannot reach a protected realm: allies do not share their champion's movement.",
                        "SF-148",
                    );
                }
                Ok(())
            }
            &Action::UseCard(card) => {
                if !self.holds(seat, card, |k| USABLE_IN_ROUND.contains(&k)) {
                    return refuse(
                        "Only a spell, psionic power, blood ability, thief skill or unarmed combat card from your hand.",
                        "SF-239",
                    );
                }
                let facts = self.card(card);
                if !facts.phases.is_empty() && !facts.phases.contains(&4) {
                    return refuse_naming(card, "{} is not played in phase 4.", "SF-160");
                }
                let caster = self.player(seat).pool.iter().any(|c| self.free_caster(c, card));
                if !caster {
                    return refuse_later(
                        move |game| format!("No champion in your pool can use {}.", game.kind(card).plural()),
                        "AMB-24",
                    );
                }
                if !facts.power.is_enforced() && self.icon_value(card) == 0 {
                    return refuse_unscripted(card);
                }
                self.check_has_target(card)
            }
            Action::Attach { card, champion } => {
                let Some(fighter) = self.fighter(aided) else {
                    return refuse("That side has no champion in this round.", "AMB-24");
                };
                if fighter.card != *champion || fighter.kind != FighterKind::Champion {
                    return refuse("Only onto the champion fighting for the side you help.", "AMB-24");
                }
                self.check_attachment(cx, seat, *card, *champion, &fighter.attachments)
            }
            _ => refuse(
                "Help with one card (an ally, a spell cast by one of your champions, a magical item or \
                 artifact for the fighting champion), or refuse.",
                "SF-239, AMB-24",
            ),
        }
    }

    fn aid_candidates(&self, seat: Seat, aided: Seat, out: &mut Vec<Action>) {
        let fighting = self.fighter(aided).map(|f| f.card);
        for &card in &self.player(seat).hand {
            match self.kind(card) {
                CardType::Ally => out.push(Action::PlayAlly(card)),
                CardType::MagicalItem | CardType::Artifact => {
                    out.extend(fighting.map(|champion| Action::Attach { card, champion }))
                }
                kind if USABLE_IN_ROUND.contains(&kind) => out.push(Action::UseCard(card)),
                _ => {}
            }
        }
        out.push(Action::Pass);
    }
}
