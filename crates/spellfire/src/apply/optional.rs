//! The optional rules of checklist section 26 carried out: Aid the Attacker or Defender, the
//! Conqueror's Game, permanent destruction, Experience Spoils, Fear of Undead, the Melon Rule,
//! Questing and Treasure, and the rebuild from the pool (AMB-3). `legal` says what they allow;
//! `apply` calls in here at the moments they act. Each does nothing unless the table chose it.

use std::fmt::Write;

use spellhall_core::{Seat, SetupError, seat_token, seats_token};

use super::Bin;
use crate::action::Action;
use crate::catalogue::cards::{Attribute, CardName, CardType, World};
use crate::event::Event;
use crate::state::{
    AidItems, CardId, Champion, Config, ConquerorCounts, DeckoutEnd, FearScope, Fighter, FighterKind, MelonFirstTurn,
    Pending, PermanentDestruction, Rules, Spellfire, XpOnEqual,
};

/// Realms of other players a conqueror must hold razed (SF-245).
const CONQUESTS: usize = 3;
/// The base level from which a card frightens allies, and the allies' levels it frightens (SF-250).
const FEARSOME: i32 = 4;
const FRIGHTENED: std::ops::RangeInclusive<i32> = 1..=2;

/// An optional rule of section 26 that a table simply turns on or off, with the smallest table
/// it is played at. The Melon Rule is not here: it also names the seats that brought a melon.
#[derive(Clone, Copy)]
pub struct OnOffRule {
    pub name: &'static str,
    /// The fewest players it is played by (2: any table).
    pub least_players: u8,
    pub is_on: fn(&Rules) -> bool,
    pub turn_on: fn(&mut Rules),
}

/// One [`OnOffRule`] for the `Rules` field that turns it on.
macro_rules! on_off {
    ($name:literal, $least:literal, $field:ident) => {
        OnOffRule {
            name: $name,
            least_players: $least,
            is_on: |r| r.$field,
            turn_on: |r| r.$field = true,
        }
    };
}

/// Every on/off optional rule, in the order a setup screen offers them.
pub const ON_OFF_RULES: [OnOffRule; 10] = [
    on_off!("World Bonuses", 2, world_bonuses),
    on_off!("Aid the Attacker or Defender", 4, aid),
    on_off!("The Conqueror's Game", 3, conqueror),
    on_off!("Parallel Universes", 6, parallel_universes),
    on_off!("Experience Spoils", 2, experience_spoils),
    on_off!("Fear of Undead", 2, fear),
    on_off!("Treasure", 2, treasure),
    on_off!("Questing", 2, questing),
    on_off!("The Barbarian's Game", 2, barbarians_game),
    on_off!(
        "True victory (running out of cards never ends the game)",
        2,
        true_victory
    ),
];

impl Spellfire {
    /// The table sizes the optional rules are written for, and the melon bringers' seats.
    pub(crate) fn check_optional_setup(config: &Config) -> Result<(), SetupError> {
        let rules = &config.rules;
        let count = config.decks.len();
        // SF-239 (Aid), SF-245 (Conqueror), SF-253 (Parallel Universes).
        if let Some(rule) = ON_OFF_RULES
            .iter()
            .find(|rule| (rule.is_on)(rules) && count < usize::from(rule.least_players))
        {
            return Err(SetupError(format!(
                "{} is played by {} or more players, not {count}.",
                rule.name, rule.least_players
            )));
        }
        if let Some(seat) = rules.melons.iter().find(|s| s.index() >= count) {
            return Err(SetupError(format!(
                "{} cannot bring a melon: there are {count} players.",
                seat_token(*seat)
            )));
        }
        Ok(())
    }

    /// The cards `seat` draws in phase 1: the format's number and what its realms add, one fewer under the Melon Rule for
    /// everyone but a lone melon's bringer (everyone if two or more brought one), never below one
    /// (SF-251, SF-252, AMB-39).
    pub fn turn_draw(&self, seat: Seat) -> usize {
        let base = self.powered_draw(seat, usize::from(self.draw_per_turn) + self.extra_draws(seat));
        let rules = &self.config.rules;
        if !rules.melon_rule || rules.melons.is_empty() {
            return base;
        }
        if rules.melon_first_turn == MelonFirstTurn::Spared && self.player(seat).turns <= 1 {
            return base;
        }
        let mut bringers = rules.melons.clone();
        bringers.sort_unstable();
        bringers.dedup();
        if bringers.len() >= 2 || !bringers.contains(&seat) {
            base.saturating_sub(1).max(1)
        } else {
            base
        }
    }

    /// Base levels a champion has earned under Experience Spoils (SF-248).
    pub fn experience(&self, card: CardId) -> i32 {
        self.tracks
            .experience
            .iter()
            .find(|(c, _)| *c == card)
            .map_or(0, |&(_, xp)| xp)
    }

    /// A card's base level: the number on its icon plus earned experience (AMB-28).
    pub fn base_level(&self, card: CardId) -> i32 {
        self.icon_value(card) + self.experience(card)
    }

    /// A card leaves play for the discard pile or the Abyss: what the optional rules kept on it is
    /// forgotten (earned levels, SF-249; a quest).
    pub(crate) fn forget(&mut self, card: CardId) {
        self.tracks.experience.retain(|(c, _)| *c != card);
        self.tracks.questing.retain(|&(_, c)| c != card);
        self.tracks.pooled.retain(|&(c, _)| c != card);
        self.tracks.kept.retain(|k| k.card != card);
    }

    /// Cards taken from play to the discard pile: under permanent destruction, realms (and with
    /// the wider option holdings, champions and artifacts) may never be played again (SF-247).
    pub(crate) fn destroy(&mut self, cards: &[CardId], events: &mut Vec<Event>) {
        let mode = self.config.rules.permanent_destruction;
        let mut gone = Vec::new();
        for &card in cards {
            let kind = self.kind(card);
            let covered = match mode {
                PermanentDestruction::Off => false,
                PermanentDestruction::Realms => kind == CardType::Realm,
                PermanentDestruction::AllCosmosTypes => {
                    kind.is_champion() || matches!(kind, CardType::Realm | CardType::Holding | CardType::Artifact)
                }
            };
            if covered {
                let identity = self.cards[card.index()].identity;
                if !self.tracks.destroyed.contains(&identity) {
                    self.tracks.destroyed.push(identity);
                }
                gone.push(self.card_name(card));
            }
        }
        if !gone.is_empty() {
            events.push(Event::Destroyed { cards: gone });
        }
    }

    /// A round is decided and the loser's champion goes to the discard pile: Experience Spoils
    /// (SF-248), Treasure (SF-257, SF-258, AMB-32) and permanent destruction (SF-247) act before the
    /// winner goes home and the loser's cards are discarded.
    pub(crate) fn round_decided(
        &mut self,
        winner: Seat,
        winner_fighter: &mut Fighter,
        loser_fighter: &mut Fighter,
        events: &mut Vec<Event>,
    ) {
        if loser_fighter.kind != FighterKind::Champion {
            return;
        }
        let rules = self.config.rules.clone();
        let champions = winner_fighter.kind == FighterKind::Champion;
        if rules.experience_spoils && champions {
            let (won, lost) = (
                self.base_level(winner_fighter.card),
                self.base_level(loser_fighter.card),
            );
            let gain = if won < lost {
                lost - won
            } else if won == lost && rules.xp_on_equal_levels == XpOnEqual::Zero {
                0
            } else {
                lost
            };
            if gain > 0 {
                let card = winner_fighter.card;
                match self.tracks.experience.iter_mut().find(|(c, _)| *c == card) {
                    Some((_, xp)) => *xp += gain,
                    None => self.tracks.experience.push((card, gain)),
                }
                events.push(Event::ExperienceGained {
                    seat: winner,
                    champion: self.card_name(card),
                    levels: gain,
                    base: self.base_level(card),
                });
            }
        }
        if rules.treasure && champions && !loser_fighter.attachments.is_empty() {
            let mut taken = Vec::new();
            let mut kept = Vec::new();
            for card in std::mem::take(&mut loser_fighter.attachments) {
                if self.can_carry(winner_fighter, card) {
                    winner_fighter.attachments.push(card);
                    taken.push(self.card_name(card));
                } else {
                    kept.push(card);
                }
            }
            events.push(Event::TreasureTaken {
                seat: winner,
                champion: self.card_name(winner_fighter.card),
                taken,
                discarded: self.names(&kept),
            });
            loser_fighter.attachments = kept;
        }
        // Listed only where cards may be destroyed for good.
        if rules.permanent_destruction != PermanentDestruction::Off {
            let gone: Vec<CardId> = std::iter::once(loser_fighter.card)
                .chain(loser_fighter.attachments.iter().copied())
                .collect();
            self.destroy(&gone, events);
        }
    }

    /// Whether a magical item or artifact could legally be attached to the fighter (SF-76–79).
    fn can_carry(&self, fighter: &Fighter, card: CardId) -> bool {
        match self.kind(card) {
            CardType::MagicalItem => true,
            CardType::Artifact => {
                let world = self.card(card).world;
                let fits = matches!(world, World::Generic | World::NoWorld) || world == self.card(fighter.card).world;
                fits && !fighter.attachments.iter().any(|&a| self.kind(a) == CardType::Artifact)
            }
            _ => false,
        }
    }

    /// Fear of Undead: every ally of level 1 or 2 facing a card of base level 4 or more (undead
    /// only, by default) flees to the discard pile, unless it fights beside a cleric (SF-250,
    /// AMB-29). Checked whenever a card enters the round.
    pub(crate) fn frighten(&mut self, events: &mut Vec<Event>) {
        if !self.config.rules.fear {
            return;
        }
        let Some(battle) = &self.battle else {
            return;
        };
        let sides = [
            (
                battle.attacker,
                battle.attacking.clone(),
                battle.defender,
                battle.defending.clone(),
            ),
            (
                battle.defender,
                battle.defending.clone(),
                battle.attacker,
                battle.attacking.clone(),
            ),
        ];
        for (_, scaring, victim, frightened) in sides {
            let (Some(scaring), Some(frightened)) = (scaring, frightened) else {
                continue;
            };
            let Some(by) = self.fearsome(&scaring) else {
                continue;
            };
            if frightened.kind == FighterKind::Champion && self.kind(frightened.card) == CardType::Cleric {
                continue;
            }
            // A champion kept as an ally flees as an ally of his kept bonus.
            let fleeing: Vec<CardId> = self
                .round_allies(&frightened)
                .filter(|&c| FRIGHTENED.contains(&self.power_level(c)))
                .collect();
            if fleeing.is_empty() {
                continue;
            }
            if let Some(fighter) = self.fighter_mut(victim) {
                fighter.round_cards.retain(|c| !fleeing.contains(c));
                fighter.attachments.retain(|c| !fleeing.contains(c));
            }
            for &card in &fleeing {
                self.bin(card, Bin::Discard);
            }
            events.push(Event::AlliesFled {
                seat: victim,
                allies: self.names(&fleeing),
                by: self.card_name(by),
            });
        }
    }

    /// The card of a side that frightens the other side's allies, if any (SF-250, AMB-29).
    fn fearsome(&self, fighter: &Fighter) -> Option<CardId> {
        let scares = |card: CardId| {
            self.base_level(card) >= FEARSOME
                && (self.config.rules.fear_scope == FearScope::AllChampionsAndAllies
                    || self.card(card).has(Attribute::Undead))
        };
        let champion = (fighter.kind == FighterKind::Champion).then_some(fighter.card);
        champion
            .into_iter()
            .chain(
                fighter
                    .round_cards
                    .iter()
                    .copied()
                    .filter(|&c| self.kind(c) == CardType::Ally),
            )
            .find(|&c| scares(c))
    }

    /// The Conqueror's Game: the razer's token on the realm he razed (SF-246).
    pub(crate) fn mark_razed(&mut self, by: Seat, owner: Seat, realm: CardId, events: &mut Vec<Event>) {
        if !self.config.rules.conqueror || by == owner {
            return;
        }
        self.tracks.markers.retain(|&(_, r)| r != realm);
        self.tracks.markers.push((by, realm));
        let seats = self.seats();
        if self.tracks.razed_by.len() < seats {
            self.tracks.razed_by.resize(seats, 0);
        }
        self.tracks.razed_by[by.index()] += 1;
        events.push(Event::RealmMarked {
            seat: by,
            owner,
            realm: self.card_name(realm),
        });
    }

    /// A realm rebuilt, replaced or gone from the formation: its token goes back (SF-246).
    pub(crate) fn unmark(&mut self, realm: CardId) {
        self.tracks.markers.retain(|&(_, r)| r != realm);
    }

    /// The conquests that count for `seat` (AMB-26): its tokens on realms still lying razed in
    /// another player's formation, or every realm of another player it has razed.
    pub fn conquests(&self, seat: Seat) -> usize {
        match self.config.rules.conqueror_counts {
            ConquerorCounts::MarkersOnTable => self
                .tracks
                .markers
                .iter()
                .filter(|&&(by, realm)| {
                    let formation = &self.player(self.owner(realm)).formation;
                    by == seat
                        && formation
                            .position_of(realm)
                            .and_then(|at| formation.slot(at))
                            .is_some_and(|s| s.razed)
                })
                .count(),
            ConquerorCounts::TotalRazedEver => self.tracks.razed_by.get(seat.index()).copied().unwrap_or(0) as usize,
        }
    }

    /// Whether `seat`'s formation wins: every position filled and none razed (SF-213), or under
    /// the Conqueror's Game every position filled, razed or not, with three conquests (SF-245).
    pub(crate) fn formation_won(&self, seat: Seat) -> bool {
        let formation = &self.player(seat).formation;
        if self.config.rules.conqueror {
            formation.occupied() == formation.size().positions() && self.conquests(seat) >= CONQUESTS
        } else {
            formation.is_complete()
        }
    }

    /// Under Aid, a formation completed while spoils are still owed waits for them, so that two
    /// players completing theirs at the same moment share the victory (SF-242).
    pub(crate) fn victory_deferred(&self) -> bool {
        self.config.rules.aid && self.pending.iter().any(|p| matches!(p, Pending::Spoils { .. }))
    }

    /// The formation victory of one or more players at once.
    pub(crate) fn formation_victory(&mut self, winners: Vec<Seat>, events: &mut Vec<Event>) {
        let realms = self.player(winners[0]).formation.size().positions();
        // One string written in place (the text of `Outcome` is part of every saved game).
        let mut reason = String::with_capacity(112);
        match &winners[..] {
            [one] => reason.push_str(&seat_token(*one)),
            many => reason.push_str(&seats_token(many)),
        }
        let shared = winners.len() > 1;
        reason.push_str(if shared { " each have " } else { " has " });
        if self.config.rules.conqueror {
            let _ = write!(
                reason,
                "{realms} realms in formation and {CONQUESTS} realms of other players razed"
            );
        } else {
            let _ = write!(reason, "{realms} realms in formation, none razed");
        }
        reason.push_str(if shared {
            " at the same moment and share the victory."
        } else {
            "."
        });
        // The Conqueror's Game also counted each winner's conquests.
        let figures = if self.config.rules.conqueror {
            let conquests = Seat::all(self.seats()).map(|s| self.conquests(s));
            vec![spellhall_core::Figure::counted("Realms of others razed", conquests)]
        } else {
            Vec::new()
        };
        self.finish(winners, reason, figures, events);
    }

    /// After each action, where the table plays Aid or the Conqueror's Game: any formation that
    /// now wins (a conquest can come from a battle, a shared victory from spoils).
    pub(crate) fn sweep_victory(&mut self, events: &mut Vec<Event>) {
        let rules = &self.config.rules;
        if self.outcome.is_some() || rules.barbarians_game || !(rules.aid || rules.conqueror) {
            return;
        }
        // An event still in its pause (or waiting for its target) resolves first: the game's end
        // must not leave it nowhere.
        let in_flight = self.pending.iter().any(|p| {
            !matches!(
                p,
                Pending::Claim { .. } | Pending::Spoils { .. } | Pending::Rebuild { .. } | Pending::Aid { .. }
            )
        });
        if self.victory_deferred() || in_flight {
            return;
        }
        let winners: Vec<Seat> = Seat::all(self.seats()).filter(|&s| self.formation_won(s)).collect();
        if !winners.is_empty() {
            self.formation_victory(winners, events);
        }
    }

    /// What the optional rules do after every action.
    pub(crate) fn after_action(&mut self, action: &Action, events: &mut Vec<Event>) {
        if matches!(
            action,
            Action::PlayAlly(_)
                | Action::UseCard(_)
                | Action::Attach { .. }
                | Action::Defend { .. }
                | Action::Attack { .. }
        ) && let Some(battle) = &mut self.battle
        {
            battle.aid_refused = None;
        }
        self.frighten(events);
        self.sweep_victory(events);
    }

    /// Aid: the losing side asks; the first seat clockwise outside the battle answers first.
    pub(crate) fn ask_aid(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if let Some(asking) = self.aid_helpers(seat).asking() {
            self.pending.push(Pending::Aid { aided: seat, asking });
            events.push(Event::AidAsked { seat });
        }
    }

    /// A helper's answer: a refusal passes the request on clockwise; a card joins the aided
    /// champion and the helper now backs that side (SF-239, AMB-24).
    pub(crate) fn aid_step(&mut self, helper: Seat, action: &Action, events: &mut Vec<Event>) {
        let Some(Pending::Aid { aided, asking }) = self.pending.pop() else {
            return;
        };
        let card = match *action {
            Action::PlayAlly(card) | Action::UseCard(card) | Action::Attach { card, .. } => card,
            _ => {
                events.push(Event::AidRefused { seat: asking, aided });
                // The state names only the seat asked now (its save layout): the ones still to
                // ask are the helpers after it.
                let mut helpers = self.aid_helpers(aided);
                helpers.answered(asking);
                match helpers.asking() {
                    Some(next) => self.pending.push(Pending::Aid { aided, asking: next }),
                    None => {
                        events.push(Event::NoAid { seat: aided });
                        if let Some(battle) = &mut self.battle {
                            battle.aid_refused = Some(aided);
                        }
                    }
                }
                return;
            }
        };
        self.take_from_hand(helper, card);
        let attached = matches!(action, Action::Attach { .. });
        let champion = self.fighter(aided).map(|f| f.card);
        if let Some(fighter) = self.fighter_mut(aided) {
            if attached {
                fighter.attachments.push(card);
            } else {
                fighter.round_cards.push(card);
            }
        }
        if let Some(battle) = &mut self.battle {
            if !battle.helpers.contains(&(helper, aided)) {
                battle.helpers.push((helper, aided));
            }
            if attached {
                battle.contributed.push(card);
            }
        }
        events.push(Event::AidGiven {
            helper,
            aided,
            card: self.card_name(card),
            champion: champion.map_or_else(CardName::default, |c| self.card_name(c)),
        });
        // Given by a helper, an item's choice is his, as its player (SF-206: as it is played).
        if attached {
            self.item_attached(helper, card, events);
        }
    }

    /// The battle is over: helpers' surviving items go back to their hands if the table says so
    /// (AMB-24), from the side they helped (one taken as Treasure stays with its taker).
    pub(crate) fn return_aid_items(
        &mut self,
        contributed: &[CardId],
        helpers: &[(Seat, Seat)],
        events: &mut Vec<Event>,
    ) {
        if self.config.rules.aid_items_after_battle != AidItems::ReturnToHelperHand {
            return;
        }
        for &card in contributed {
            let helper = self.owner(card);
            let carried = self.players.iter_mut().enumerate().any(|(seat, p)| {
                helpers.contains(&(helper, Seat(seat as u8)))
                    && p.pool.iter_mut().any(|c| {
                        let before = c.attachments.len();
                        c.attachments.retain(|&a| a != card);
                        c.attachments.len() != before
                    })
            });
            if carried {
                self.player_mut(helper).hand.push(card);
                events.push(Event::AidReturned {
                    helper,
                    card: self.card_name(card),
                });
            }
        }
    }

    /// Each player who helped the side that earned spoils draws a card too, as spoils of his own,
    /// after the winner and clockwise from him (SF-241).
    pub(crate) fn aid_spoils(&mut self, winner: Seat, helpers: &[(Seat, Seat)], events: &mut Vec<Event>) {
        let mut backers: Vec<Seat> = (1..self.seats())
            .map(|step| self.left_of(winner, step))
            .filter(|s| helpers.contains(&(*s, winner)))
            .collect();
        // The stack decides its top first: the last helper clockwise goes in first.
        backers.reverse();
        for helper in backers {
            if let Some(card) = self.draw_one(helper, events) {
                events.push(Event::SpoilsDrawn {
                    seat: helper,
                    card: self.card_name(card),
                });
                self.pending.push(Pending::Spoils { seat: helper, card });
            }
        }
    }

    /// Questing: the champion turns face down in the pool (SF-254).
    pub(crate) fn send_quest(&mut self, seat: Seat, champion: CardId, events: &mut Vec<Event>) {
        self.used.quested = Some(champion);
        self.tracks.questing.push((seat, champion));
        events.push(Event::QuestBegun {
            seat,
            champion: self.card_name(champion),
        });
    }

    /// The questing champion comes back: the top card of `opponent`'s draw pile is discarded; a
    /// champion found fights it for one round, levels and powers only, the questing champion
    /// attacking and ties to the found one; the loser is discarded, no spoils (SF-255, SF-256,
    /// AMB-31).
    pub(crate) fn resolve_quest(&mut self, seat: Seat, opponent: Seat, events: &mut Vec<Event>) {
        let Some(champion) = self.quest_due(seat) else {
            return;
        };
        self.tracks.questing.retain(|&(_, c)| c != champion);
        let found = self.mill(opponent, events);
        events.push(Event::QuestFound {
            seat,
            champion: self.card_name(champion),
            opponent,
            card: found.map(|c| self.card_name(c)),
        });
        let mut may_attack = false;
        if let Some(card) = found
            && self.kind(card).is_champion()
        {
            let totals = (self.base_level(champion), self.base_level(card));
            let won = totals.0 > totals.1;
            events.push(Event::QuestDuel {
                seat,
                champion: self.card_name(champion),
                found: self.card_name(card),
                totals,
                won,
            });
            if !won {
                if let Some(index) = self.player(seat).pool_index(champion) {
                    let Champion { card, attachments } = self.player_mut(seat).pool.remove(index);
                    let gone: Vec<CardId> = std::iter::once(card).chain(attachments).collect();
                    self.destroy(&gone, events);
                    for card in gone {
                        self.bin(card, Bin::Discard);
                    }
                }
                return;
            }
            may_attack = self.config.rules.quest_winner_may_attack;
        }
        if !may_attack {
            self.used.no_attack.push(champion);
        }
    }

    /// The top card of `seat`'s draw pile to its discard pile (reshuffling first where the rules
    /// say so); an emptied pile begins the deck-out ending like a draw (SF-214, AMB-2).
    fn mill(&mut self, seat: Seat, events: &mut Vec<Event>) -> Option<CardId> {
        let reshuffles = self.config.rules.barbarians_game || self.config.rules.true_victory;
        if self.player(seat).draw.is_empty() && reshuffles {
            let player = &mut self.players[seat.index()];
            for card in player.discard.drain(..) {
                player.draw.put_top(card);
            }
            player.draw.shuffle(&mut self.rng);
        }
        let card = self.player_mut(seat).draw.draw()?;
        self.bin(card, Bin::Discard);
        if self.player(seat).draw.is_empty() && !reshuffles && self.deckout.is_none() && self.outcome.is_none() {
            self.deckout = Some((self.turn, seat));
            events.push(Event::DeckRanOut { seat });
            if self.config.rules.deckout_end == DeckoutEnd::Immediately {
                self.end_by_deckout(events);
            }
        }
        Some(card)
    }

    /// A rebuild that takes a card from the pool (AMB-3): a champion goes with everything on it, an
    /// attached card alone. Both were in play (SF-247).
    pub(crate) fn take_from_pool(&mut self, seat: Seat, card: CardId, events: &mut Vec<Event>) {
        let pool = &mut self.player_mut(seat).pool;
        let mut gone = Vec::new();
        if let Some(index) = pool.iter().position(|c| c.card == card) {
            let champion = pool.remove(index);
            for attached in champion.attachments {
                gone.push(attached);
            }
        } else if let Some(holder) = pool.iter_mut().find(|c| c.attachments.contains(&card)) {
            holder.attachments.retain(|&a| a != card);
        } else {
            return;
        }
        for &attached in &gone {
            self.bin(attached, Bin::Discard);
        }
        gone.push(card);
        self.destroy(&gone, events);
    }
}
