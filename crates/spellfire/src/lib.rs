//! Spellfire, the 1994 collectible card game.
//!
//! The engine: the state (`state`), the decisions (`action`), what may be done now (`legal`, one
//! `check` with its candidates), carrying actions out (`apply`), the log (`event`), what each seat
//! sees (`view`), the formation's geometry (`formation`), round totals (`combat`) and a greedy
//! computer player (`computer`), behind the kernel's `Game` contract for 2 to 6 players. The spec
//! is the rules checklist (SF-n rules, AMB-n readings); the crate README says what is enforced.
//!
//! The catalogue (`catalogue`): every English card as facts, the deck formats, the deck model with
//! checks that explain themselves, and the CrossFire formats the community has used for decades.
//! Card powers stay `Unscripted` until the effect language scripts them; such a card plays by its
//! type's base rules and its view says it is not enforced.

// The engine's modules are private: the app, the tests, the examples and the benchmarks reach what
// they need through the re-exports below, never the engine's internals. The catalogue's parts (the
// card facts, the deck model, the formats, CrossFire import and export, deck statistics) are the
// deck editor's and the converter's library, re-exported as modules.
mod action;
mod apply;
mod avatars;
mod catalogue;
mod combat;
pub mod computer;
mod determinise;
mod effects;
mod event;
mod formation;
mod legal;
#[cfg(feature = "scenario")]
mod scenario;
mod state;
mod summary;
mod view;

use std::sync::Arc;

use spellhall_core::{Game, Outcome, RuleError, Seat, SetupError, Status, ToAct, seat_token};

pub use action::Action;
pub use apply::{ON_OFF_RULES, OnOffRule};
pub use catalogue::cards::{Attribute, Card, CardName, CardRef, CardType, Level, Rarity, Usable, Use, World};
pub use catalogue::deck::{Deck, Violation};
pub use catalogue::format::{Format, Formats};
pub use catalogue::{
    CardFilter, Catalogue, Entry, SetInfo, SortKey, TypeChoice, cards, crossfire, deck, format, set_file_name,
    shipped_files, stats,
};
pub use combat::{Side, Source, Total};
pub use effects::{Effect, Power, describe, join_words};
pub use event::{CardNames, Event};
pub use formation::{FormationSize, Position};
#[cfg(feature = "scenario")]
pub use scenario::{RealmSetup, TestGame, realm, shipped_content};
pub use state::{
    AidItems, AttachInCombat, BattleStep, CardId, Config, ConquerorCounts, Content, DeckoutEnd, DeckoutTiebreak,
    DefenderSpoilsOn, FearScope, LevelMeans, MelonFirstTurn, MulliganLimit, Pending, PermanentDestruction, Phase,
    Phase3Counterplay, Phase4Caster, RebuildCostZone, ReplaceWhileHole, Rules, Spellfire, XpOnEqual,
};
pub use summary::rules_summary;
pub use view::{
    BattleView, CardView, ChampionView, FighterView, GoneOverView, LimboView, PendingView, PlayerView, RealmView, View,
};

use crate::state::FighterKind;

impl Game for Spellfire {
    const ID: &'static str = "spellfire";
    const NAME: &'static str = "Spellfire";
    const PLAYER_COUNTS: &'static [u8] = &[2, 3, 4, 5, 6];
    type Config = Config;
    type Content = Arc<Content>;
    type Action = Action;
    type Event = Event;
    type View = View;

    fn new_with_events(config: &Config, content: &Arc<Content>, seed: u64) -> Result<(Self, Vec<Event>), SetupError> {
        Self::setup(config, content, seed)
    }

    fn seat_count(&self) -> usize {
        self.seats()
    }

    fn to_act(&self) -> ToAct {
        self.decider().map_or(ToAct::GameOver, ToAct::Seat)
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.legal()
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn claims(&self) -> Vec<(Seat, Action)> {
        self.claimants().into_iter().map(|s| (s, Action::Claim(s))).collect()
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, RuleError> {
        self.apply_action(action)
    }

    fn apply_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.apply_action_into(action, events)
    }

    fn apply_listed_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if cfg!(debug_assertions) {
            return self.apply_action_into(action, events);
        }
        self.apply_listed_action_into(action, events);
        Ok(())
    }

    fn view(&self, seat: Seat) -> View {
        self.view_for(seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn status(&self) -> Status {
        let whose = seat_token(self.active);
        let phase = match (self.pending.last(), self.phase, &self.battle) {
            (Some(Pending::Claim { seat }), _, _) => format!("{} may play an event", seat_token(*seat)),
            (Some(Pending::EventPause(pause)), _, _) => {
                format!("Event pause: {} may answer", seat_token(pause.asking))
            }
            (Some(Pending::Target { seat, .. }), _, _) => format!("{} chooses the event's target", seat_token(*seat)),
            (Some(Pending::Walled { seat, .. }), _, _) => {
                format!("Battle: a wall stops {}'s champion", seat_token(*seat))
            }
            (Some(Pending::InstantDefeat(threat)), _, _) => {
                format!("Battle: {} may reply to an instant defeat", seat_token(threat.seat))
            }
            (Some(Pending::Spoils { seat, .. }), _, _) if self.battle.is_some() => {
                format!("Battle: {} may play the card just drawn at once", seat_token(*seat))
            }
            (Some(Pending::Spoils { seat, .. }), _, _) => format!("Spoils of victory for {}", seat_token(*seat)),
            (Some(Pending::Rebuild { .. }), _, _) => format!("{whose} rebuilds a realm"),
            (Some(Pending::Aid { aided, asking }), _, _) => {
                format!("{} may help {}", seat_token(*asking), seat_token(*aided))
            }
            (Some(Pending::Pick(pick)), _, _) => {
                format!("{} chooses for {}", seat_token(pick.seat), self.name(pick.source))
            }
            (Some(Pending::Reply(reply)), _, _) => format!(
                "{} may save {}",
                seat_token(reply.asking),
                self.names(&reply.threatened).join(" with ")
            ),
            (Some(Pending::Leave(leave)), _, _) => format!(
                "{} allows or refuses {}",
                seat_token(leave.seat),
                self.name(leave.spell)
            ),
            (None, Phase::StartOfTurn, _) => format!("{whose}: phase 0, start of turn"),
            (None, Phase::Realms, _) => format!("{whose}: phase 2, realms and holdings"),
            (None, Phase::Pool, _) => format!("{whose}: phase 3, pool"),
            (None, Phase::Battle, Some(battle)) => match battle.step {
                BattleStep::ChooseDefender => format!("Battle: {} chooses a defender", seat_token(battle.defender)),
                BattleStep::Round => "Battle: a round".to_string(),
                BattleStep::NextAttacker => {
                    format!("Battle: {} may send another champion", seat_token(battle.attacker))
                }
            },
            (None, Phase::Battle, None) => format!("{whose}: phase 4"),
            (None, Phase::AfterBattle, _) => format!("{whose}: phase 5, after the battle"),
            (None, Phase::Over, _) => "Game over".to_string(),
        };
        Status {
            turn: self.turn.max(1),
            turn_label: format!("Turn {}", self.turn.max(1)),
            phase,
        }
    }

    fn describe_action(&self, action: &Action) -> String {
        self.describe(action)
    }

    /// Every card in exactly one place and in its owner's zones (SF-2); formations well formed;
    /// the Rule of the Cosmos kept (SF-94); one artifact a champion (SF-79); a battle only in
    /// phase 4.
    fn check_invariants(&self) -> Result<(), String> {
        // Aid and Treasure put a player's items (and a helper's one-round cards) beside another
        // player's champion; their owner stays theirs (SF-258, AMB-24).
        let lent = self.config.rules.aid || self.config.rules.treasure;
        // Where each card lies, and among whose cards (`None`: the rule card, an event waiting, a
        // card lent); the kernel counts them once the other checks are made.
        let mut found: Vec<(usize, Option<Seat>)> = Vec::new();
        let mut place = |card: CardId, holder: Option<Seat>| found.push((card.index(), holder));
        for seat in Seat::all(self.seats()) {
            let p = self.player(seat);
            let loose = p.draw.iter_top_down().chain(&p.hand).chain(&p.discard).chain(&p.abyss);
            for &card in loose {
                place(card, Some(seat));
            }
            for away in &p.limbo {
                for &card in std::iter::once(&away.card).chain(&away.attachments) {
                    place(card, Some(seat));
                }
            }
            for (at, slot) in p.formation.realms() {
                if self.kind(slot.realm) != CardType::Realm {
                    return Err(format!(
                        "{seat}'s formation holds a {:?} at {at}",
                        self.kind(slot.realm)
                    ));
                }
                if slot.razed && slot.holding.is_some() {
                    return Err(format!("{seat}'s razed realm at {at} keeps its holding"));
                }
                place(slot.realm, Some(seat));
                if let Some(holding) = slot.holding {
                    place(holding, Some(seat));
                }
            }
            for champion in &p.pool {
                place(champion.card, Some(seat));
                for &card in &champion.attachments {
                    place(card, (!lent && !self.stays_on_opponent(card)).then_some(seat));
                }
                let artifacts = champion
                    .attachments
                    .iter()
                    .filter(|&&c| self.kind(c) == CardType::Artifact)
                    .count();
                if artifacts > 1 {
                    return Err(format!("{} carries {artifacts} artifacts", self.name(champion.card)));
                }
            }
        }
        if let Some(battle) = &self.battle {
            for (seat, fighter) in [
                (battle.attacker, &battle.attacking),
                (battle.defender, &battle.defending),
            ] {
                let Some(fighter) = fighter else { continue };
                // A champion gone over to the other side (Magic Jar) is among the turned cards.
                if fighter.kind == FighterKind::Champion {
                    place(fighter.card, (!battle.turned.contains(&fighter.card)).then_some(seat));
                }
                for &card in fighter.attachments.iter().chain(&fighter.round_cards) {
                    // A card fighting for the side that is not its owner's (Shield of Wickedness).
                    let elsewhere = lent || battle.turned.contains(&card) || self.stays_on_opponent(card);
                    place(card, (!elsewhere).then_some(seat));
                }
            }
        }
        // A champion gone over to a side, waiting for the next round with what he carries.
        if let Some(gone) = self.battle.as_ref().and_then(|b| b.gone_over.as_ref()) {
            let owner = self.owner(gone.champion.card);
            place(gone.champion.card, Some(owner));
            for &card in &gone.champion.attachments {
                place(card, (!lent && !self.stays_on_opponent(card)).then_some(owner));
            }
        }
        if (self.phase == Phase::Battle) != self.battle.is_some() {
            return Err("a battle outside phase 4, or phase 4 without a battle".into());
        }
        if let Some(card) = self.rule_card {
            place(card, None);
        }
        for pending in &self.pending {
            match pending {
                Pending::EventPause(pause) if !pause.copy => place(pause.event, None),
                Pending::Target { event, copy: false, .. } => place(*event, None),
                _ => {}
            }
        }
        spellhall_core::each_card_once_with_owners(
            self.card_count(),
            found,
            |card| self.owner(CardId(card as u16)),
            |card| self.name(CardId(card as u16)).to_string(),
        )?;
        let mut identities: Vec<(u32, CardId)> = self
            .in_play_unique()
            .map(|c| (self.cards[c.index()].identity, c))
            .collect();
        identities.sort_unstable();
        for run in identities.chunk_by(|a, b| a.0 == b.0) {
            // Two copies are allowed under Parallel Universes (SF-253).
            if run.len() > self.cosmos_limit(run[0].1) {
                return Err(format!(
                    "{} cards of identity {} are in play (Rule of the Cosmos)",
                    run.len(),
                    run[0].0
                ));
            }
        }
        Ok(())
    }
}

impl Spellfire {
    /// An action in words, for buttons and the log.
    pub fn describe(&self, action: &Action) -> String {
        let name = |card: &CardId| {
            if card.index() < self.card_count() {
                self.name(*card).to_string()
            } else {
                format!("card {}", card.0)
            }
        };
        match action {
            Action::PlayRule(card) => format!("Put the rule card {} into play", name(card)),
            Action::Draw => match self.turn_draw(self.active) {
                1 => "Draw 1 card".to_string(),
                n => format!("Draw {n} cards"),
            },
            Action::PlayRealm { card, at } => match self.decider().and_then(|s| self.player(s).formation.slot(*at)) {
                Some(old) => format!("Play {} at {at} over the razed {}", name(card), name(&old.realm)),
                None => format!("Play {} at {at}", name(card)),
            },
            Action::Rebuild { at } => format!("Rebuild the realm at {at} (discard 3 cards)"),
            Action::PlayHolding { card, at } => format!("Attach the holding {} to the realm at {at}", name(card)),
            Action::ToPool(card) => format!("Put {} into the pool", name(card)),
            Action::Summon { avatar, paying } => {
                let paid: Vec<String> = paying.iter().map(|c| name(c).to_string()).collect();
                format!(
                    "Bring the avatar {} into play, discarding {}",
                    name(avatar),
                    join_words(&paid)
                )
            }
            Action::Attach { card, champion } => format!("Give {} to {}", name(card), name(champion)),
            Action::EndPhase => match self.phase {
                Phase::Realms => "Go on to phase 3".to_string(),
                _ => "No battle: go on to phase 5".to_string(),
            },
            Action::Attack { champion, defender, at } => {
                let realm = self.player(*defender).formation.slot(*at).map(|s| name(&s.realm));
                format!(
                    "Attack {}'s {} ({at}) with {}",
                    seat_token(*defender),
                    realm.unwrap_or_default(),
                    name(champion)
                )
            }
            Action::Defend { champion } => format!("Defend with {}", name(champion)),
            Action::Decline => "Do not defend (the realm is razed)".to_string(),
            Action::PlayAlly(card) => format!("Play the ally {}", name(card)),
            Action::UseCard(card) => format!("Use {}", name(card)),
            Action::PlayEvent(card) => format!("Play the event {}", name(card)),
            Action::Answer(card) => match self.pending.last() {
                Some(Pending::Leave(leave)) => {
                    format!("Refuse {} (by {})", name(&leave.spell), name(card))
                }
                _ => format!("Answer the event with {}", name(card)),
            },
            Action::Choose(card) => format!("Aim it at {}", name(card)),
            Action::ChooseOption(way) => match self.pending.last() {
                Some(Pending::Pick(pick)) => match &pick.effect {
                    crate::effects::Effect::ChooseOne(all) => all
                        .get(usize::from(*way))
                        .map_or_else(String::new, |e| format!("Choose: it {}", e.describe())),
                    _ => String::new(),
                },
                _ => String::new(),
            },
            Action::ChoosePlayer(seat) => {
                let target = match self.pending.last() {
                    Some(Pending::Pick(pick)) => pick.effect.choice_target(),
                    _ => None,
                };
                let seat = seat_token(*seat);
                match target {
                    Some(crate::effects::Target::RandomInHand(_)) => {
                        format!("Take a card at random from {seat}'s hand")
                    }
                    Some(crate::effects::Target::LargestInHand(_)) => format!("Ask {seat} for the card"),
                    _ => format!("Look at the top of {seat}'s draw pile"),
                }
            }
            Action::Pass => match self.pending.last() {
                Some(Pending::EventPause(_)) => "Let the event be".to_string(),
                Some(Pending::Leave(leave)) => format!("Allow {}", name(&leave.spell)),
                Some(Pending::Reply(reply)) => format!("Let {} go", self.names(&reply.threatened).join(" with ")),
                Some(Pending::Walled { .. }) => "Go back to the pool (the battle ends)".to_string(),
                Some(Pending::InstantDefeat(threat)) if threat.replied => "Go on".to_string(),
                Some(Pending::InstantDefeat(_)) => "Let the defeat happen".to_string(),
                Some(Pending::Claim { .. }) => "Play nothing after all".to_string(),
                Some(Pending::Aid { .. }) => "Do not help".to_string(),
                Some(Pending::Pick(pick)) if pick.optional => "Choose nothing more".to_string(),
                Some(Pending::Pick(_)) => "Go on (nothing left to choose)".to_string(),
                _ => "Pass (lose the round)".to_string(),
            },
            Action::EndBattle => "End the battle".to_string(),
            Action::KeepSpoils => "Keep the spoils in your hand".to_string(),
            Action::ReturnSpoils => "Put the spoils back on your draw pile".to_string(),
            Action::Discard(card) => format!("Discard {}", name(card)),
            Action::CallMulligan => "Call a mulligan (show your hand; the game is dealt again)".to_string(),
            Action::EndTurn => "End the turn".to_string(),
            Action::Claim(seat) => format!("Wait: {} plays an event", seat_token(*seat)),
            Action::AskAid => "Ask the other players for help".to_string(),
            Action::Quest(card) => format!("Send {} questing", name(card)),
            Action::ResolveQuest { opponent } => format!(
                "Bring the questing champion back: discard the top card of {}'s draw pile",
                seat_token(*opponent)
            ),
        }
    }
}
