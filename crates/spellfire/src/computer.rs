//! A greedy computer player. It decides from its seat's view and the legal actions only — the
//! other hands and the draw piles are hidden from it as from a person — and scores each action by
//! simple priorities: realms first (the strongest defence in front), then holdings and champions,
//! items on the champion they help most, attacks it expects to win, the defender that holds the
//! realm, the cheapest card that turns a losing round (counting only the cards the fighting
//! champion may use), events where they cost the other players more than this one, answers to
//! the events that would hurt it, spoils played at once.
//!
//! What a card's power is worth is read from its effects (`crate::effects`): level changes, the
//! cards an effect discards, the spells an item lets its carrier cast, a realm's defence. Powers
//! still `Unscripted` count by their printed level or bonus only, as the engine plays them.

use spellhall_core::{Game, GameRng, Seat};
use spellhall_search::{Guide, Strong, shares_against_best_other};

use crate::action::Action;
use crate::catalogue::cards::{Attribute, Card, CardType};
use crate::combat::Side;
use crate::effects::{Ability, Cards, Change, Condition, Cost, Effect, Members, Party, Target, Trigger, Whose};
use crate::state::{CardId, Content, Phase, Spellfire};
use crate::view::{BattleView, CardView, FighterView, PendingView, RealmView, View};

/// The index of the chosen action in `legal`.
pub fn greedy_choice(view: &View, legal: &[Action], content: &Content, rng: &mut GameRng) -> usize {
    let player = Player { view, content };
    let scores: Vec<i32> = legal.iter().map(|a| player.score(a)).collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    let top: Vec<usize> = (0..legal.len()).filter(|&i| scores[i] == best).collect();
    match top.len() {
        0 => 0,
        n => top[rng.below(n)],
    }
}

/// What the greedy player guesses a hidden hand adds to a round: the other side may still play
/// an ally or a spell. Kept small so that the player still attacks with a clear lead.
const HIDDEN_HAND_GUESS: i32 = 2;
/// What a realm of the formation is worth to keep, beside its own powers, in levels: about a
/// strong champion, as six of them win the game.
const REALM_WORTH: i32 = 10;
/// What a holding is worth to keep, beside its powers: it defends its realm and raises it.
const HOLDING_WORTH: i32 = 3;

/// A champion (or a realm defending itself) with the cards it carries.
#[derive(Clone, Copy)]
struct Fighter<'v> {
    card: CardView,
    attachments: &'v [CardView],
}

struct Player<'a> {
    view: &'a View,
    content: &'a Content,
}

impl Player<'_> {
    /// A card the view shows, by its id.
    fn find(&self, id: CardId) -> Option<CardView> {
        let view = self.view;
        let pools = view.players.iter().flat_map(|p| {
            p.pool
                .iter()
                .flat_map(|c| std::iter::once(c.champion).chain(c.attachments.iter().copied()))
        });
        let realms = view.players.iter().flat_map(|p| {
            p.formation
                .iter()
                .flatten()
                .flat_map(|r| std::iter::once(r.realm).chain(r.holding))
        });
        let battle = view.battle.iter().flat_map(|b| {
            let gone_over = b
                .gone_over
                .iter()
                .flat_map(|g| std::iter::once(g.champion.champion).chain(g.champion.attachments.iter().copied()));
            [&b.attacking, &b.defending]
                .into_iter()
                .flatten()
                .flat_map(|f| std::iter::once(f.champion).chain(f.attachments.iter().copied()))
                .chain(gone_over)
        });
        let discards = view
            .players
            .iter()
            .flat_map(|p| p.discard.iter().chain(&p.abyss).copied());
        view.hand
            .iter()
            .copied()
            .chain(pools)
            .chain(realms)
            .chain(battle)
            .chain(discards)
            .chain(view.looking_at.iter().copied())
            .find(|c| c.id == id)
    }

    fn facts(&self, id: CardId) -> Option<&Card> {
        let card = self.find(id)?;
        self.card_facts(&card)
    }

    fn card_facts(&self, card: &CardView) -> Option<&Card> {
        self.content.catalogue.get(card.card).map(|e| &e.card)
    }

    fn value(&self, id: CardId) -> i32 {
        self.facts(id).map_or(0, printed)
    }

    fn kind(&self, id: CardId) -> Option<CardType> {
        self.facts(id).map(|c| c.kind)
    }

    fn me(&self) -> &crate::view::PlayerView {
        &self.view.players[self.view.seat.index()]
    }

    /// A champion of this seat's pool with what it carries, or the bare card (from the hand).
    fn my_fighter(&self, champion: CardId) -> Option<Fighter<'_>> {
        match self.me().pool.iter().find(|c| c.champion.id == champion) {
            Some(c) => Some(Fighter {
                card: c.champion,
                attachments: &c.attachments,
            }),
            None => self.find(champion).map(|card| Fighter { card, attachments: &[] }),
        }
    }

    /// A fighter's level with what it carries, each item counted for this carrier.
    fn strength(&self, fighter: Fighter) -> i32 {
        let Some(carrier) = self.card_facts(&fighter.card) else {
            return 0;
        };
        printed(carrier)
            + fighter
                .attachments
                .iter()
                .filter_map(|a| self.card_facts(a))
                .map(|item| item_bonus(item, carrier))
                .sum::<i32>()
    }

    fn my_pool_strength(&self, champion: CardId) -> i32 {
        self.my_fighter(champion).map_or(0, |f| self.strength(f))
    }

    /// What this seat gives up when `card` is discarded to pay for an avatar: a pool champion's
    /// strength with what it carries, a realm's place in the formation with its holding, a
    /// holding's gifts to its realm, an item's bonus to its carrier.
    fn payment_cost(&self, card: CardId) -> i32 {
        let me = self.me();
        if me.pool.iter().any(|c| c.champion.id == card) {
            return self.my_pool_strength(card);
        }
        for realm in me.formation.iter().flatten() {
            let holding = realm
                .holding
                .as_ref()
                .map_or(0, |h| HOLDING_WORTH + self.realm_quality(h.id));
            if realm.realm.id == card {
                // A razed realm counts towards no win until rebuilt; a whole one is a sixth of one.
                let place = if realm.razed { REALM_WORTH / 2 } else { REALM_WORTH };
                return place + self.realm_quality(card) + holding;
            }
            if realm.holding.as_ref().is_some_and(|h| h.id == card) {
                return holding;
            }
        }
        for carrier in &me.pool {
            if let Some(item) = carrier.attachments.iter().find(|a| a.id == card) {
                return match (self.card_facts(item), self.card_facts(&carrier.champion)) {
                    (Some(item), Some(carrier)) => item_bonus(item, carrier),
                    _ => self.value(card),
                };
            }
        }
        self.value(card)
    }

    /// The strongest champion the other player shows in his pool (his hand is hidden).
    fn strongest_defender(&self, seat: Seat) -> i32 {
        self.view.players[seat.index()]
            .pool
            .iter()
            .map(|c| {
                self.strength(Fighter {
                    card: c.champion,
                    attachments: &c.attachments,
                })
            })
            .max()
            .unwrap_or(0)
    }

    /// The strongest champion, with its attachments, in another player's pool.
    fn best_foe(&self) -> i32 {
        let seat = self.view.seat;
        Seat::all(self.view.players.len())
            .filter(|&s| s != seat)
            .map(|s| self.strongest_defender(s))
            .max()
            .unwrap_or(0)
    }

    /// This seat's side in the battle, if it fights in it.
    fn my_side(&self) -> Option<Side> {
        let battle = self.view.battle.as_ref()?;
        if battle.attacker == self.view.seat {
            Some(Side::Attacker)
        } else if battle.defender == self.view.seat {
            Some(Side::Defender)
        } else {
            None
        }
    }

    fn fighter_of(battle: &BattleView, side: Side) -> Option<&FighterView> {
        match side {
            Side::Attacker => battle.attacking.as_ref(),
            Side::Defender => battle.defending.as_ref(),
        }
    }

    /// The realm a battle is over.
    fn attacked_realm(&self) -> Option<&RealmView> {
        let battle = self.view.battle.as_ref()?;
        self.realm_at(battle.defender, battle.target.0)
    }

    fn realm_at(&self, seat: Seat, at: u8) -> Option<&RealmView> {
        self.view.players[seat.index()]
            .formation
            .iter()
            .flatten()
            .find(|r| r.at.0 == at)
    }

    /// How far behind this seat is in the current round (0 when not behind).
    fn deficit(&self) -> i32 {
        let (Some(battle), Some(side)) = (&self.view.battle, self.my_side()) else {
            return 0;
        };
        let total = |s: Side| Self::fighter_of(battle, s).map_or(0, |f| f.total.value());
        let (mine, theirs) = (total(side), total(side.other()));
        // A tie favours the defender: the attacker must get ahead by one.
        let needed = if side == Side::Attacker { theirs + 1 } else { theirs };
        (needed - mine).max(0)
    }

    /// This seat's fighter in the round now.
    fn my_round_fighter(&self) -> Option<Fighter<'_>> {
        let battle = self.view.battle.as_ref()?;
        let f = Self::fighter_of(battle, self.my_side()?)?;
        Some(Fighter {
            card: f.champion,
            attachments: &f.attachments,
        })
    }

    /// Whether `user` may use `used` in a round: by its icon, the kinds its facts list, an item it
    /// carries, or the attacked realm when it defends it (the engine's `can_use`, from the view).
    fn can_use(&self, user: Fighter, used: &Card, defending: Option<&RealmView>) -> bool {
        let Some(facts) = self.card_facts(&user.card) else {
            return false;
        };
        let by_icon = crate::legal::uses_by_icon(facts, facts.kind, used);
        let by_facts = crate::legal::uses_by_facts(facts, used);
        let lets = |card: &CardView, kinds_of: fn(&Effect) -> Option<&Vec<CardType>>| {
            self.card_facts(card).is_some_and(|c| {
                c.power
                    .abilities()
                    .iter()
                    .any(|a| kinds_of(&a.effect).is_some_and(|k| k.contains(&used.kind)))
            })
        };
        let by_item = user.attachments.iter().any(|a| {
            lets(a, |e| match e {
                Effect::CarrierMayUse(kinds) => Some(kinds),
                _ => None,
            })
        });
        let by_realm = defending.is_some_and(|r| {
            std::iter::once(&r.realm).chain(&r.holding).any(|c| {
                lets(c, |e| match e {
                    Effect::DefenderMayUse(kinds) => Some(kinds),
                    _ => None,
                })
            })
        });
        by_icon || by_facts || by_item || by_realm
    }

    /// The most `fighter` could add to a round from this seat's hand: allies, items (counted for
    /// it) and the spells and the like it may use. The fighter's own card is left out.
    fn support(&self, fighter: Fighter, defending: Option<&RealmView>) -> i32 {
        let Some(carrier) = self.card_facts(&fighter.card) else {
            return 0;
        };
        self.view
            .hand
            .iter()
            .filter(|c| c.id != fighter.card.id)
            .filter_map(|c| self.card_facts(c).map(|f| (c, f)))
            .map(|(view, card)| match card.kind {
                CardType::Ally => printed(card) + self.power_levels(view.id),
                CardType::MagicalItem | CardType::Artifact => item_bonus(card, carrier),
                kind if crate::legal::USABLE_IN_ROUND.contains(&kind) && self.can_use(fighter, card, defending) => {
                    printed(card) + self.power_levels(view.id)
                }
                _ => 0,
            })
            .map(|v| v.max(0))
            .sum()
    }

    /// The support of this seat's fighter in the round now.
    fn round_support(&self) -> i32 {
        let defending = (self.my_side() == Some(Side::Defender))
            .then(|| self.attacked_realm())
            .flatten();
        self.my_round_fighter().map_or(0, |f| self.support(f, defending))
    }

    fn score(&self, action: &Action) -> i32 {
        let spoils = matches!(self.view.pending, Some(PendingView::Spoils { .. }));
        // Asked for help in another player's battle, the greedy computer keeps its cards.
        if matches!(self.view.pending, Some(PendingView::Aid { .. })) {
            return if *action == Action::Pass { 0 } else { -1 };
        }
        match action {
            Action::Draw => 100,
            Action::PlayRule(_) => -5,
            // The lowest open position first, and of the realms in hand the best defended.
            Action::PlayRealm { card, at } => 200 - 10 * i32::from(at.0) + self.realm_quality(*card),
            Action::Rebuild { .. } => {
                if self.view.hand.len() >= 6 {
                    150
                } else {
                    -10
                }
            }
            Action::PlayHolding { card, at } => self.holding_score(*card, at.0),
            Action::ToPool(card) => 80 + self.value(*card),
            // An avatar is worth its price when it outweighs the champions (and what they carry)
            // discarded for it; among the ways to pay, the cheapest.
            Action::Summon { avatar, paying } => {
                let paid: i32 = paying.iter().map(|&c| self.payment_cost(c)).sum();
                let gain = self.value(*avatar) - paid;
                if gain > 0 { 80 + gain } else { -1 }
            }
            Action::Attach { card, champion } => {
                if self.view.battle.is_some() && !spoils {
                    let bonus = match (self.facts(*card), self.facts(*champion)) {
                        (Some(item), Some(carrier)) => item_bonus(item, carrier),
                        _ => self.value(*card),
                    };
                    self.round_card(bonus)
                } else {
                    // The champion it helps most; among equals the strongest, who attacks.
                    70 + 3 * self.item_gain(*card, *champion) + self.my_pool_strength(*champion) / 2
                }
            }
            Action::EndPhase => 0,
            Action::Attack { champion, defender, at } => self.attack_score(*champion, *defender, at.0),
            Action::Defend { champion } => self.defend_score(*champion),
            Action::Decline => 0,
            Action::PlayAlly(card) => self.round_card(self.value(*card) + self.power_levels(*card)),
            // A power used from the pool, when what it brings is worth its cost.
            Action::UseCard(card) if self.pool_power(*card).is_some() => self.pool_use_score(*card),
            // A spell outside a round: one that discards a strong enough card of another player,
            // or bars attacks on this seat at the end of its turn.
            Action::UseCard(card) if self.view.battle.is_none() => self.spell_outside_round(*card),
            // Walled: the card that lets the champion cross is worth the battle.
            Action::UseCard(card) if matches!(self.view.pending, Some(PendingView::Walled { .. })) => {
                100 + self.value(*card)
            }
            // A wall against an attacker who cannot fly ends the battle at no cost of a champion.
            Action::UseCard(card) if self.wall_stops_attacker(*card) => 90,
            Action::UseCard(card) => self.round_spell(*card),
            Action::Pass => {
                if self.view.battle.is_some() && self.deficit() > 0 {
                    if self.round_support() >= self.deficit() { -5 } else { 5 }
                } else {
                    0
                }
            }
            Action::PlayEvent(card) => self.event_score(*card),
            Action::EndBattle => 0,
            Action::KeepSpoils => 10,
            Action::ReturnSpoils => 0,
            Action::Discard(card) => -self.keep_value(*card),
            Action::CallMulligan => 300,
            Action::EndTurn => 0,
            Action::Claim(_) => -100,
            Action::Answer(card) => self.answer_score(*card),
            // A way of a power (Johydee's Mask: a level or a power to copy): the best it offers.
            Action::ChooseOption(way) => self.way_score(*way),
            // A champion whose level or power an item copies for its carrier.
            Action::Choose(card) if self.copying().is_some() => self
                .copying()
                .map_or(0, |(effect, item)| self.copy_score(effect, item, *card)),
            // A card a power makes fight for this seat (Shield of Wickedness) is worth taking.
            Action::Choose(_) if self.enlisting() => 5,
            // A card on top of a draw pile looked at for a power: another player's best card goes.
            Action::Choose(card) if self.view.looking_at.iter().any(|c| c.id == *card) => {
                match self.view.public.cards.get(card.index()) {
                    Some(info) if info.owner != self.view.seat => 1 + self.value(*card),
                    _ => -1,
                }
            }
            Action::Choose(card) => self.target_score(*card),
            // Another player's draw pile or hand, never its own.
            Action::ChoosePlayer(seat) => {
                if *seat == self.view.seat {
                    -1
                } else {
                    5 + self.player_pick_gain(*seat)
                }
            }
            Action::AskAid => {
                if self.deficit() > self.round_support() {
                    6
                } else {
                    -6
                }
            }
            Action::Quest(_) => -1,
            Action::ResolveQuest { .. } => 0,
        }
    }

    /// What a realm adds to its own defence: its level when it defends itself, the levels it gives
    /// its defender, and the attackers it keeps out; draws and hand size for its owner.
    fn realm_quality(&self, card: CardId) -> i32 {
        let Some(facts) = self.facts(card) else {
            return 0;
        };
        let own = if facts.kind == CardType::Realm {
            printed(facts).max(0)
        } else {
            0
        };
        own + facts
            .power
            .abilities()
            .iter()
            .map(|a| match &a.effect {
                Effect::Levels { of, change } if of.side == Party::Own => match change {
                    Change::By(n) => i32::from(*n).max(0),
                    Change::Double => 3,
                    _ => 0,
                },
                Effect::CannotBeAttackedBy(_) | Effect::ImmuneTo(_) => 3,
                Effect::ExtraDraws(n) => 3 * i32::from(*n),
                Effect::HandSize(n) => i32::from(*n).max(0),
                Effect::DefenderMayUse(_) | Effect::DefendsAs(_) | Effect::AtMost { .. } => 1,
                _ => 0,
            })
            .sum::<i32>()
    }

    /// A holding goes on the realm it helps most: a razed one it rebuilds, else the most exposed.
    fn holding_score(&self, card: CardId, at: u8) -> i32 {
        let rebuilds = self.facts(card).is_some_and(|c| {
            c.power
                .abilities()
                .iter()
                .any(|a| matches!(a.effect, Effect::RebuildsItsRealm))
        });
        let realm = self.realm_at(self.view.seat, at);
        let razed = realm.is_some_and(|r| r.razed);
        let exposed = realm.is_some_and(|r| r.exposed);
        120 + 2 * self.realm_quality(card) + if rebuilds && razed { 30 } else { 0 } + 5 * i32::from(exposed)
            - i32::from(at)
    }

    /// What an item is worth on `champion`: its bonus for that carrier, spells in hand it could
    /// then cast, flight for a champion that cannot fly.
    fn item_gain(&self, card: CardId, champion: CardId) -> i32 {
        let (Some(item), Some(fighter)) = (self.facts(card), self.my_fighter(champion)) else {
            return 0;
        };
        let Some(carrier) = self.card_facts(&fighter.card) else {
            return 0;
        };
        let mut gain = item_bonus(item, carrier);
        for ability in item.power.abilities() {
            match &ability.effect {
                Effect::CarrierMayUse(kinds) => {
                    gain += self
                        .view
                        .hand
                        .iter()
                        .filter_map(|c| self.card_facts(c))
                        .filter(|spell| kinds.contains(&spell.kind) && !self.can_use(fighter, spell, None))
                        .map(|spell| printed(spell).max(1))
                        .sum::<i32>();
                }
                Effect::CarrierFlies if !carrier.has(Attribute::Flyer) => gain += 2,
                _ => {}
            }
        }
        gain
    }

    /// An attack is worth it when the champion, with the cards in hand it may use, beats the best
    /// defence the realm can show plus a guess at the defender's hidden hand.
    fn attack_score(&self, champion: CardId, defender: Seat, at: u8) -> i32 {
        let Some(fighter) = self.my_fighter(champion) else {
            return -20;
        };
        let realm = self.realm_at(defender, at);
        let defence = self.realm_defence(defender, realm);
        let mine = self.strength(fighter);
        let hidden = if self.view.players[defender.index()].hand_count > 0 {
            HIDDEN_HAND_GUESS
        } else {
            0
        };
        // The first card must already win, or the hand must turn it.
        let margin = mine + self.support(fighter, None) - defence - hidden;
        if mine > defence && margin > 0 {
            30 + margin
        } else if margin > 2 {
            20 + margin
        } else {
            -20
        }
    }

    /// The best total the defender shows for a realm: his strongest pool champion with what the
    /// realm and its holding give a defender, or the realm defending itself.
    fn realm_defence(&self, defender: Seat, realm: Option<&RealmView>) -> i32 {
        // A champion gone over to the defending side (Magic Jar) defends the next round, no other.
        let gone_over = self
            .view
            .battle
            .as_ref()
            .and_then(|b| b.gone_over.as_ref())
            .filter(|g| g.seat == defender)
            .map(|g| {
                self.strength(Fighter {
                    card: g.champion.champion,
                    attachments: &g.champion.attachments,
                })
            });
        let Some(realm) = realm else {
            return gone_over.unwrap_or_else(|| self.strongest_defender(defender));
        };
        let cards = || std::iter::once(&realm.realm).chain(&realm.holding);
        let self_defence = cards()
            .filter_map(|c| self.card_facts(c))
            .filter(|c| c.level.as_ref().is_some_and(|l| !l.is_bonus()))
            .map(printed)
            .max()
            .unwrap_or(0);
        let bonus: i32 = cards()
            .filter_map(|c| self.card_facts(c))
            .map(|c| printed(c).max(0) * i32::from(c.level.as_ref().is_some_and(|l| l.is_bonus())) + realm_levels(c))
            .sum();
        if let Some(gone_over) = gone_over {
            return gone_over + bonus;
        }
        let pool = self.strongest_defender(defender);
        let champion = if pool > 0 { pool + bonus } else { 0 };
        champion.max(self_defence)
    }

    fn defend_score(&self, champion: CardId) -> i32 {
        let battle = self.view.battle.as_ref();
        let attacker = battle.and_then(|b| b.attacking.as_ref()).map_or(0, |f| f.total.value());
        let realm = self.attacked_realm();
        let is_realm = matches!(self.kind(champion), Some(CardType::Realm | CardType::Holding));
        let Some(fighter) = self.my_fighter(champion) else {
            return -10;
        };
        let bonus: i32 = realm
            .into_iter()
            .flat_map(|r| std::iter::once(&r.realm).chain(&r.holding))
            .filter_map(|c| self.card_facts(c))
            .map(realm_levels)
            .sum();
        let mine = self.strength(fighter) + if is_realm { 0 } else { bonus };
        let support = self.support(fighter, realm);
        if mine >= attacker {
            // The smallest champion that holds the realm.
            100 - (mine - attacker)
        } else if mine + support >= attacker {
            40 - (attacker - mine)
        } else if is_realm {
            // A realm that defends itself and loses is razed, as when nobody defends: free.
            5
        } else {
            -10
        }
    }

    /// A spell or the like in a round: its bonus and the levels its power moves, the cheapest that
    /// turns the round; a way out (Blink, Darkness) when the round cannot be won.
    fn round_spell(&self, card: CardId) -> i32 {
        let escape = self
            .facts(card)
            .and_then(|c| c.power.on_play())
            .is_some_and(|a| matches!(a.effect, Effect::Escapes | Effect::CallsOffBattle));
        if escape {
            return if self.deficit() > self.round_support() - self.value(card).max(0) {
                30
            } else {
                -15
            };
        }
        // A round about to be lost for good: the winner goes over to this side (Magic Jar).
        if self.takes_over_winner(card) {
            return if self.deficit() > self.round_support() - self.value(card).max(0) {
                30 + self.opposing_strength()
            } else {
                -15
            };
        }
        self.round_card(self.value(card) + self.power_gain(card))
    }

    /// Whether `card`'s power would take over the champion who beats this seat's side in the
    /// round now (`ChangesSides`, for the side it fights on).
    fn takes_over_winner(&self, card: CardId) -> bool {
        let Some(side) = self.my_side() else { return false };
        self.facts(card).is_some_and(|c| {
            c.power.abilities().iter().any(|a| {
                a.when == Trigger::RoundLost
                    && a.effect == Effect::ChangesSides
                    && match a.condition {
                        Condition::Defending => side == Side::Defender,
                        Condition::Attacking => side == Side::Attacker,
                        Condition::Always => true,
                        _ => false,
                    }
            })
        })
    }

    /// The opposing champion of the round now, with what he carries.
    fn opposing_strength(&self) -> i32 {
        let (Some(battle), Some(side)) = (&self.view.battle, self.my_side()) else {
            return 0;
        };
        Self::fighter_of(battle, side.other()).map_or(0, |f| {
            self.strength(Fighter {
                card: f.champion,
                attachments: &f.attachments,
            })
        })
    }

    /// A spell cast outside a round (a free champion of the pool may cast some at any time).
    fn spell_outside_round(&self, card: CardId) -> i32 {
        let Some(ability) = self.facts(card).and_then(|c| c.power.on_play()) else {
            return -15;
        };
        match &ability.effect {
            Effect::Discard(_) | Effect::DiscardAll(_) => {
                let gain = self.power_gain(card);
                if gain >= 5 { 20 + gain } else { -15 }
            }
            Effect::For(_, inner) if matches!(**inner, Effect::NoAttacksOn { .. }) => self.shelter_score(inner),
            // A champion of another pool kept out of battles (Geas): worth it against a strong one.
            Effect::For(_, inner) if matches!(**inner, Effect::Barred { .. }) => {
                let foe = self.best_foe();
                if foe >= 6 { 10 + foe } else { -15 }
            }
            // One player's weak champions discarded (Death Fog): the best other pool to turn it on.
            Effect::OnePlayer(_, inner) => {
                let gain = self
                    .one_player_gain(inner)
                    .into_iter()
                    .map(|(_, g)| g)
                    .max()
                    .unwrap_or(0);
                if gain >= 4 { 20 + gain } else { -15 }
            }
            effect => match self.return_gain(effect) {
                Some(gain) if gain >= 4 => 20 + gain,
                _ => -15,
            },
        }
    }

    /// The power of `card` — a champion of this seat's pool, or a card one carries — that its
    /// player uses from the pool (`Trigger::FromPool`).
    fn pool_power(&self, card: CardId) -> Option<&Ability> {
        let mine = self
            .me()
            .pool
            .iter()
            .any(|c| c.champion.id == card || c.attachments.iter().any(|a| a.id == card));
        if !mine {
            return None;
        }
        self.facts(card)?
            .power
            .abilities()
            .iter()
            .find(|a| a.when == Trigger::FromPool)
    }

    /// A power used from the pool (Karlott the Shaman: sent to the Abyss for a used event of his
    /// player's): worth using when what it brings back is worth more than what its cost takes
    /// from the pool — the card, and for a champion what he carries.
    fn pool_use_score(&self, card: CardId) -> i32 {
        let Some(ability) = self.pool_power(card) else {
            return -15;
        };
        let gain = self.return_gain(&ability.effect).unwrap_or(0);
        let cost = match ability.cost {
            Cost::ThisToAbyss | Cost::DiscardThis | Cost::DiscardThisFromPool => self.worth_in_play(card),
            _ => 0,
        };
        if gain > cost { 20 + gain - cost } else { -15 }
    }

    /// What a card of this seat's Abyss would be worth back in its hand, in the levels of
    /// `worth_in_play` (a standing realm 10): an event by what it would take from the others as
    /// the table stands (events it cannot weigh, nothing); another card by its level.
    fn returned_worth(&self, card: &CardView) -> i32 {
        let Some(facts) = self.card_facts(card) else {
            return 0;
        };
        if facts.kind != CardType::Event {
            return self.level_of(card).max(1);
        }
        let Some(ability) = facts.power.on_play() else {
            return 0;
        };
        match &ability.effect {
            Effect::Discard(Target::Realm(_)) | Effect::Raze(_) if self.others_have_standing_realms() => 10,
            Effect::DiscardAll(_) | Effect::Discard(Target::Chosen(_)) => self.power_gain(card.id).max(0),
            Effect::RazeFirstRealms => 5 * self.first_realms_razed().max(0),
            Effect::ExtraTurn => 6,
            Effect::Draw(n) => n.value() as i32,
            _ => 0,
        }
    }

    /// Whether another player has a realm standing.
    fn others_have_standing_realms(&self) -> bool {
        self.view
            .players
            .iter()
            .any(|p| p.seat != self.view.seat && p.formation.iter().flatten().any(|r| !r.razed))
    }

    /// What `inner` of a [`Effect::OnePlayer`] would take from each other player: the levels of
    /// his pool champions it discards (`Every(Discard(InPool))` inside, "own" being his).
    fn one_player_gain(&self, inner: &Effect) -> Vec<(Seat, i32)> {
        fn discarded(effect: &Effect) -> Vec<&Cards> {
            match effect {
                Effect::Then(all) => all.iter().flat_map(discarded).collect(),
                Effect::Every(inner) => discarded(inner),
                Effect::Discard(Target::InPool(cards)) | Effect::DiscardAll(cards) => vec![cards],
                _ => Vec::new(),
            }
        }
        let kills = discarded(inner);
        self.view
            .players
            .iter()
            .filter(|p| p.seat != self.view.seat)
            .map(|p| {
                let gain = p
                    .pool
                    .iter()
                    .filter(|c| {
                        let level =
                            self.level_of(&c.champion) + c.attachments.iter().map(|a| self.level_of(a)).sum::<i32>();
                        self.card_facts(&c.champion)
                            .is_some_and(|facts| kills.iter().any(|cards| cards.fits(facts, level)))
                    })
                    .map(|c| self.level_of(&c.champion).max(1))
                    .sum();
                (p.seat, gain)
            })
            .collect()
    }

    /// For a power that turns on one player (Death Fog's pick): what it takes from `seat`.
    fn player_pick_gain(&self, seat: Seat) -> i32 {
        let Some(PendingView::Target { event, .. }) = &self.view.pending else {
            return 0;
        };
        let inner = self
            .card_facts(event)
            .and_then(|c| c.power.on_play())
            .and_then(|a| match &a.effect {
                Effect::OnePlayer(_, inner) => Some(inner.as_ref().clone()),
                _ => None,
            });
        inner.map_or(0, |inner| {
            self.one_player_gain(&inner)
                .into_iter()
                .find(|&(s, _)| s == seat)
                .map_or(0, |(_, gain)| gain)
        })
    }

    /// What a return from this seat's discard pile or a rebuild is worth to it now: the best card
    /// it could bring back, a razed realm of its own to rebuild. `None` for other effects.
    fn return_gain(&self, effect: &Effect) -> Option<i32> {
        match effect {
            Effect::May(inner) | Effect::UpTo(_, inner) | Effect::Every(inner) | Effect::EachPlayer(inner) => {
                self.return_gain(inner)
            }
            Effect::ToHand(Target::InAbyss(cards)) => Some(
                self.me()
                    .abyss
                    .iter()
                    .filter(|v| self.card_facts(v).is_some_and(|c| cards.fits(c, self.level_of(v))))
                    .map(|v| self.returned_worth(v))
                    .max()
                    .unwrap_or(0),
            ),
            Effect::ToHand(Target::Discarded(cards)) | Effect::ToPool(Target::Discarded(cards)) => Some(
                self.me()
                    .discard
                    .iter()
                    .filter(|v| self.card_facts(v).is_some_and(|c| cards.fits(c, self.level_of(v))))
                    .map(|v| self.level_of(v).max(1))
                    .max()
                    .unwrap_or(0),
            ),
            Effect::Rebuild(Target::RazedRealm(_)) => {
                let razed = self.me().formation.iter().flatten().any(|r| r.razed);
                Some(if razed { 8 } else { 0 })
            }
            Effect::Then(all) => all.iter().find_map(|e| self.return_gain(e)),
            _ => None,
        }
    }

    /// A bar on attacks until this seat's next turn, played as its turn ends: worth it when another
    /// player shows a stronger champion than this seat can defend with.
    fn shelter_score(&self, effect: &Effect) -> i32 {
        let Effect::NoAttacksOn { realms, .. } = effect else {
            return -15;
        };
        let shelters_me = matches!(realms, Whose::Own | Whose::Anyone);
        let mine = self.strongest_defender(self.view.seat);
        if shelters_me
            && self.view.phase == Phase::AfterBattle
            && self.view.active == self.view.seat
            && self.best_foe() > mine
        {
            15
        } else {
            -15
        }
    }

    /// An event played by this seat.
    fn event_score(&self, card: CardId) -> i32 {
        let Some(facts) = self.facts(card) else {
            return -20;
        };
        // A realm or holding about to be razed or discarded (shown as a pause over it): a reply
        // is worth playing for one of this seat's own.
        if let Some(PendingView::AboutToGo { owner, .. }) = &self.view.pending {
            return if *owner == self.view.seat { 50 } else { -20 };
        }
        let Some(ability) = facts.power.on_play() else {
            return -20;
        };
        match &ability.effect {
            // Levels for a while: only in a round this seat is losing, where they may turn it.
            Effect::For(_, inner) if matches!(**inner, Effect::Levels { .. }) => {
                if self.my_side().is_some()
                    && self
                        .view
                        .battle
                        .as_ref()
                        .is_some_and(|b| b.step == crate::state::BattleStep::Round)
                    && self.deficit() > 0
                {
                    self.round_card(self.levels_now(inner, true))
                } else {
                    -10
                }
            }
            Effect::For(_, inner) if matches!(**inner, Effect::NoAttacksOn { .. }) => self.shelter_score(inner),
            Effect::DiscardAll(_) | Effect::Discard(Target::Chosen(_)) => {
                let gain = self.power_gain(card);
                if gain > 0 { 10 + gain } else { -20 }
            }
            Effect::Discard(Target::Realm(_)) if self.others_have_standing_realms() => 25,
            Effect::Discard(Target::Realm(_)) => -20,
            Effect::Draw(n) => 10 + 2 * n.value() as i32,
            Effect::ExtraTurn => 40,
            Effect::NewHands(n) => {
                // Worth it when this hand is poorer than the others'.
                let others = self.others_hand_count();
                let gain = (n.value() as i32 - self.view.hand.len() as i32 + 1) + (others - n.value() as i32);
                if gain > 1 { 5 + gain } else { -20 }
            }
            Effect::RazeFirstRealms => {
                let gain = self.first_realms_razed();
                if gain > 0 { 10 + 5 * gain } else { -20 }
            }
            effect if self.return_gain(effect).is_some() => match self.return_gain(effect) {
                Some(gain) if gain > 0 => 10 + gain,
                _ => -10,
            },
            _ if facts.power.is_enforced() => 10,
            _ => -20,
        }
    }

    /// The hand size of the other players, summed over the table (one opponent: his hand).
    fn others_hand_count(&self) -> i32 {
        self.view
            .players
            .iter()
            .filter(|p| p.seat != self.view.seat)
            .map(|p| p.hand_count as i32)
            .max()
            .unwrap_or(0)
    }

    /// Other players' standing realms at A less this seat's, for an event that razes every first
    /// realm.
    fn first_realms_razed(&self) -> i32 {
        self.view
            .players
            .iter()
            .map(|p| {
                let standing = p.formation.iter().flatten().any(|r| r.at.0 == 0 && !r.razed);
                let sign = if p.seat == self.view.seat { -2 } else { 1 };
                sign * i32::from(standing)
            })
            .sum()
    }

    /// An answer in an event pause: worth it when the event costs this seat more than it gives it
    /// (negate, calm), or helps whoever gets its effect (copy).
    fn answer_score(&self, card: CardId) -> i32 {
        // Asked for leave to another player's spell (Midnight): refusing costs nothing and takes
        // away what the spell was worth to him.
        if let Some(PendingView::Leave { by, spell, .. }) = &self.view.pending {
            return if *by == self.view.seat {
                -50
            } else {
                10 + self.value(spell.id).max(0)
            };
        }
        let Some(PendingView::EventPause { event, by, target, .. }) = &self.view.pending else {
            return -50;
        };
        let Some(effect) = self
            .card_facts(event)
            .and_then(|e| e.power.on_play())
            .map(|a| &a.effect)
        else {
            return -50;
        };
        let target = target.as_ref().map(|t| t.id);
        let harm = self.event_harm(effect, *by, target);
        let Some(answer) = self.facts(card).and_then(|c| c.power.pause_answer()) else {
            return -50;
        };
        // What answering costs: a champion that leaves the pool, a card that is discarded, or at
        // least the card spent from the hand.
        let cost = match answer.cost {
            Cost::DiscardThis | Cost::DiscardThisFromPool => self.worth_in_play(card).max(1),
            _ => 1,
        };
        let gain = match &answer.effect {
            Effect::CalmEvent(_) => harm.to_me,
            Effect::NegateEvent(_) => harm.to_me + harm.to_others_gain,
            // A copy acts for this seat as the event acts for its player.
            Effect::DuplicateEvent(_) if *by != self.view.seat => harm.for_player,
            _ => 0,
        };
        if gain > cost { 30 + 5 * (gain - cost) } else { -50 }
    }

    /// What the event `effect`, played by `by` at `target`, costs this seat (`to_me`), what its
    /// player gains over this seat (`to_others_gain`, what negating it for everybody saves), and
    /// what it is worth to the one it acts for (`for_player`, what a copy would give).
    fn event_harm(&self, effect: &Effect, by: Seat, target: Option<CardId>) -> Harm {
        let me = self.view.seat;
        let mine = |id: CardId| self.owner_of(id) == Some(me);
        let mut harm = Harm::default();
        match effect {
            Effect::Discard(_) => {
                if let Some(t) = target {
                    let worth = self.worth_in_play(t);
                    if mine(t) {
                        harm.to_me = worth;
                    }
                    harm.for_player = worth;
                }
            }
            Effect::DiscardAll(cards) => {
                for (v, seat) in self.cards_in_play() {
                    if self.fits(cards, &v, seat, by) {
                        let worth = self.level_of(&v).max(1);
                        if seat == me {
                            harm.to_me += worth;
                        } else if seat != by {
                            harm.for_player += worth;
                        }
                    }
                }
            }
            Effect::RazeFirstRealms => {
                harm.to_me = 5 * i32::from(self.me().formation.iter().flatten().any(|r| r.at.0 == 0 && !r.razed));
            }
            Effect::NewHands(n) => harm.to_me = self.view.hand.len() as i32 - n.value() as i32,
            Effect::Draw(n) => {
                harm.for_player = n.value() as i32;
                if by != me {
                    harm.to_others_gain = n.value() as i32;
                }
            }
            Effect::ExtraTurn => {
                harm.for_player = 6;
                if by != me {
                    harm.to_others_gain = 6;
                }
            }
            Effect::Levels { .. } => harm.to_me = self.levels_harm(effect, by),
            Effect::For(_, inner) if matches!(**inner, Effect::Levels { .. }) => {
                harm.to_me = self.levels_harm(inner, by);
            }
            Effect::For(_, inner) => {
                // A bar on attacks costs the player whose turn it is.
                if let Effect::NoAttacksOn { .. } = **inner
                    && self.view.active == me
                    && by != me
                    && matches!(self.view.phase, Phase::StartOfTurn | Phase::Realms | Phase::Pool)
                {
                    harm.to_me = 3;
                }
            }
            _ => {}
        }
        harm
    }

    /// The levels an event of `by`'s takes from this seat in the battle it fights (seen from the
    /// event's player: its own side is `by`'s).
    fn levels_harm(&self, effect: &Effect, by: Seat) -> i32 {
        let me = self.view.seat;
        let player_fights = self
            .view
            .battle
            .as_ref()
            .is_some_and(|b| b.attacker == by || b.defender == by);
        if self.my_side().is_none() || !(by == me || player_fights) {
            return 0;
        }
        (-self.levels_now(effect, by == me)).max(0)
    }

    /// The seat whose card this is in play (formation, pool or battle), from the view.
    fn owner_of(&self, id: CardId) -> Option<Seat> {
        for p in &self.view.players {
            let in_formation = p
                .formation
                .iter()
                .flatten()
                .any(|r| r.realm.id == id || r.holding.is_some_and(|h| h.id == id));
            let in_pool = p
                .pool
                .iter()
                .any(|c| c.champion.id == id || c.attachments.iter().any(|a| a.id == id));
            if in_formation || in_pool || p.discard.iter().any(|c| c.id == id) {
                return Some(p.seat);
            }
        }
        self.cards_in_play()
            .into_iter()
            .find(|(v, _)| v.id == id)
            .map(|(_, s)| s)
    }

    /// What losing a card in play costs its owner: a standing realm most, then its level.
    fn worth_in_play(&self, id: CardId) -> i32 {
        let realm = self
            .view
            .players
            .iter()
            .flat_map(|p| p.formation.iter().flatten())
            .find(|r| r.realm.id == id);
        match realm {
            Some(r) if !r.razed => 10,
            Some(_) => 3,
            None => {
                let pool = self
                    .view
                    .players
                    .iter()
                    .flat_map(|p| &p.pool)
                    .find(|c| c.champion.id == id);
                pool.map_or_else(
                    || self.value(id).max(1),
                    |c| {
                        self.strength(Fighter {
                            card: c.champion,
                            attachments: &c.attachments,
                        })
                        .max(1)
                    },
                )
            }
        }
    }

    /// Whether the power choosing now makes the chosen card fight for this seat.
    fn enlisting(&self) -> bool {
        let Some(PendingView::Target { event, .. }) = &self.view.pending else {
            return false;
        };
        self.card_facts(event)
            .is_some_and(|c| c.power.abilities().iter().any(|a| enlists(&a.effect)))
    }

    /// The copy being chosen now, if the pick on top of the stack is one: its effect and item.
    fn copying(&self) -> Option<(&Effect, CardId)> {
        match self.view.public.pending.last() {
            Some(crate::determinise::PublicPending::Shown(crate::state::Pending::Pick(pick))) => {
                matches!(pick.effect, Effect::CopyLevel(_) | Effect::CopyPower(_))
                    .then_some((&pick.effect, pick.source))
            }
            _ => None,
        }
    }

    /// The champion of this seat carrying `item`, as the view shows it.
    fn carrier_of(&self, item: CardId) -> Option<CardId> {
        let pools = self.view.public.players.iter().flat_map(|p| p.open.pool.iter());
        let carried = pools
            .into_iter()
            .find(|c| c.attachments.contains(&item))
            .map(|c| c.card);
        carried.or_else(|| {
            let battle = self.view.public.battle.as_ref()?;
            [&battle.attacking, &battle.defending]
                .into_iter()
                .flatten()
                .find(|f| f.attachments.contains(&item))
                .map(|f| f.card)
        })
    }

    /// What copying `from`'s level (how much higher than the carrier's own) or special power (the
    /// levels it would move in a round now, and one for having it) gains the carrier of `item`.
    fn copy_score(&self, effect: &Effect, item: CardId, from: CardId) -> i32 {
        match effect {
            Effect::CopyLevel(_) => self.value(from) - self.carrier_of(item).map_or(0, |c| self.value(c)),
            _ => 1 + self.power_levels(from).max(0),
        }
    }

    /// The best a way of the `ChooseOne` pick on top of the stack offers, over the champions in
    /// play it could take from.
    fn way_score(&self, way: u8) -> i32 {
        let Some(crate::determinise::PublicPending::Shown(crate::state::Pending::Pick(pick))) =
            self.view.public.pending.last()
        else {
            return 0;
        };
        let Effect::ChooseOne(all) = &pick.effect else { return 0 };
        let Some(effect) = all.get(usize::from(way)) else {
            return 0;
        };
        let carrier = self.carrier_of(pick.source);
        self.cards_in_play()
            .iter()
            .filter(|(v, _)| Some(v.id) != carrier && self.kind(v.id).is_some_and(|k| k.is_champion()))
            .filter(|(v, _)| {
                !matches!(effect, Effect::CopyPower(_))
                    || self.facts(v.id).is_some_and(|c| !c.power.abilities().is_empty())
            })
            .map(|(v, _)| self.copy_score(effect, pick.source, v.id))
            .max()
            .unwrap_or(-1)
    }

    /// The target of this seat's event: a realm of the opponent with the most standing realms,
    /// never its own.
    fn target_score(&self, card: CardId) -> i32 {
        // A power's choice during play that does not discard (a return from the discard pile, a
        // rebuild): the best card of this seat's own.
        let discards = match &self.view.pending {
            Some(PendingView::Target { event, .. }) => self
                .card_facts(event)
                .is_none_or(|c| c.power.abilities().is_empty() || c.power.abilities().iter().any(|a| harms(&a.effect))),
            _ => true,
        };
        if !discards {
            // A card of this seat's Abyss brought back (Karlott): the one worth most.
            if let Some(used) = self.me().abyss.iter().find(|v| v.id == card) {
                return self.returned_worth(used);
            }
            return if self.owner_of(card) == Some(self.view.seat) {
                self.worth_in_play(card)
            } else {
                -100
            };
        }
        let owner = self
            .view
            .players
            .iter()
            .find(|p| p.formation.iter().flatten().any(|r| r.realm.id == card));
        if let Some(p) = owner {
            if p.seat == self.view.seat {
                return -100;
            }
            let standing = p.formation.iter().flatten().filter(|r| !r.razed).count() as i32;
            let face_up = p.formation.iter().flatten().any(|r| r.realm.id == card && !r.razed);
            return standing * 10 + i32::from(face_up) * 5;
        }
        // Not a realm (Wish): the strongest card of another player, never one's own.
        if self.owner_of(card) == Some(self.view.seat) {
            return -100;
        }
        self.worth_in_play(card)
    }

    /// Whether `card` is a wall and the attacking champion shown cannot fly over it.
    fn wall_stops_attacker(&self, card: CardId) -> bool {
        let is_wall = self
            .facts(card)
            .and_then(|c| c.power.on_play())
            .is_some_and(|a| matches!(a.effect, Effect::Wall(crate::effects::Crossing::Flyers)));
        let attacker = self.view.battle.as_ref().and_then(|b| b.attacking.as_ref());
        is_wall
            && attacker.is_some_and(|f| {
                let flies = self.card_facts(&f.champion).is_some_and(|c| c.has(Attribute::Flyer))
                    || f.attachments.iter().filter_map(|a| self.card_facts(a)).any(|a| {
                        a.power
                            .abilities()
                            .iter()
                            .any(|x| matches!(x.effect, Effect::CarrierFlies))
                    });
                !flies
            })
    }

    /// Every card shown in pools and the battle, with the seat it fights for (its owner's, or the
    /// side's in a battle).
    fn cards_in_play(&self) -> Vec<(CardView, Seat)> {
        let mut out = Vec::new();
        for p in &self.view.players {
            for c in &p.pool {
                out.extend(
                    std::iter::once(c.champion)
                        .chain(c.attachments.iter().copied())
                        .map(|v| (v, p.seat)),
                );
            }
        }
        if let Some(b) = &self.view.battle {
            for (fighter, seat) in [(&b.attacking, b.attacker), (&b.defending, b.defender)] {
                let Some(f) = fighter else { continue };
                if f.is_realm {
                    continue;
                }
                let cards = std::iter::once(f.champion).chain(f.attachments.iter().copied());
                out.extend(cards.chain(f.round_cards.iter().copied()).map(|v| (v, seat)));
            }
        }
        out
    }

    fn level_of(&self, v: &CardView) -> i32 {
        self.card_facts(v).map_or(0, printed)
    }

    /// Whether a card in play, fighting for `seat`, is one of `cards` as seen by `player`.
    fn fits(&self, cards: &Cards, v: &CardView, seat: Seat, player: Seat) -> bool {
        let whose = match cards.whose {
            Whose::Anyone => true,
            Whose::Own => seat == player,
            Whose::Opponents => seat != player,
            Whose::Facing => self.view.battle.as_ref().is_some_and(|b| {
                (b.attacker == player && seat == b.defender) || (b.defender == player && seat == b.attacker)
            }),
        };
        let in_battle = !cards.in_battle
            || self.view.battle.as_ref().is_some_and(|b| {
                [&b.attacking, &b.defending]
                    .into_iter()
                    .flatten()
                    .any(|f| f.champion.id == v.id || f.attachments.iter().chain(&f.round_cards).any(|c| c.id == v.id))
            });
        whose && in_battle && self.card_facts(v).is_some_and(|c| cards.fits(c, self.level_of(v)))
    }

    /// What a scripted power of `card` is worth to this seat now, in levels: the other players'
    /// cards it discards less its own, the best card it may aim at, or the levels it moves in this
    /// seat's favour in the round.
    fn power_gain(&self, card: CardId) -> i32 {
        let Some(ability) = self.facts(card).and_then(|c| c.power.abilities().first()) else {
            return 0;
        };
        let me = self.view.seat;
        match &ability.effect {
            Effect::DiscardAll(cards) => self
                .cards_in_play()
                .iter()
                .filter(|(v, seat)| self.fits(cards, v, *seat, me))
                .map(|(v, seat)| {
                    let worth = self.level_of(v).max(1);
                    if *seat == me { -worth } else { worth }
                })
                .sum(),
            Effect::Discard(Target::Chosen(cards)) => self
                .cards_in_play()
                .iter()
                .filter(|(v, seat)| *seat != me && self.fits(cards, v, *seat, me))
                .map(|(v, _)| self.worth_in_play(v.id))
                .max()
                .unwrap_or(0),
            // Opposing cards up to a total (Flame Strike): the largest first, while the total allows.
            Effect::UpToTotal(most, inner) => match inner.as_ref() {
                Effect::Discard(Target::Chosen(cards)) => {
                    let mut levels: Vec<i32> = self
                        .cards_in_play()
                        .iter()
                        .filter(|(v, seat)| *seat != me && self.fits(cards, v, *seat, me))
                        .map(|(v, _)| self.level_of(v))
                        .collect();
                    levels.sort_unstable_by(|a, b| b.cmp(a));
                    let mut left = i32::from(*most);
                    let mut gain = 0;
                    for level in levels {
                        if level <= left {
                            left -= level;
                            gain += level.max(1);
                        }
                    }
                    gain
                }
                _ => 0,
            },
            // A champion of this seat's discard pile fighting in place of its champion (Rod of
            // Shapechange): how much higher the best of them is.
            Effect::FightsInPlace(Target::Discarded(cards)) => {
                let best = self
                    .me()
                    .discard
                    .iter()
                    .filter(|v| self.card_facts(v).is_some_and(|c| cards.fits(c, printed(c))))
                    .map(|v| self.value(v.id))
                    .max();
                let now = self.my_round_fighter().map_or(0, |f| self.value(f.card.id));
                best.map_or(0, |best| best - now)
            }
            Effect::Levels { .. } | Effect::For(_, _) if ability_matters(ability) => self.power_levels(card),
            _ => 0,
        }
    }

    /// The levels the powers of an ally, spell or the like would move in this seat's favour if it
    /// were played in the round now (its own side's champion and allies up, the other's down).
    fn power_levels(&self, card: CardId) -> i32 {
        let Some(facts) = self.facts(card) else {
            return 0;
        };
        facts
            .power
            .abilities()
            .iter()
            .filter(|a| ability_matters(a))
            .map(|a| match &a.effect {
                Effect::For(_, inner) => self.levels_now(inner, true),
                other => self.levels_now(other, true),
            })
            .sum()
    }

    /// The net levels a `Levels` effect moves in this seat's favour in the round now. `own` says
    /// whether the effect's own side is this seat's.
    fn levels_now(&self, effect: &Effect, own: bool) -> i32 {
        let Effect::Levels { of, change } = effect else {
            return 0;
        };
        let battle = self.view.battle.as_ref();
        let my_side = self.my_side().unwrap_or(Side::Attacker);
        let side_view = |side: Side| battle.and_then(|b| Self::fighter_of(b, side));
        let delta_for = |side: Side| -> i32 {
            let fighter = side_view(side);
            let champion = fighter.and_then(|f| self.card_facts(&f.champion));
            let allies: Vec<&Card> = fighter
                .map(|f| {
                    f.round_cards
                        .iter()
                        .filter_map(|c| self.card_facts(c))
                        .filter(|c| c.kind == CardType::Ally)
                        .collect()
                })
                .unwrap_or_default();
            let passes = |c: &Card| of.only.as_ref().is_none_or(|only| only.matches(c));
            let changed = |value: i32| change.apply(value) - value;
            let champion_delta = champion
                .filter(|c| passes(c))
                .map_or(0, |c| changed(fighter.map_or(printed(c), |f| f.total.level)));
            let allies_delta: i32 = allies.iter().filter(|c| passes(c)).map(|c| changed(printed(c))).sum();
            match of.members {
                Members::Champion => champion_delta,
                Members::Allies => allies_delta,
                Members::ChampionAndAllies => champion_delta + allies_delta,
                // The card's own bonus is counted with the card; items and the like are rare.
                _ => 0,
            }
        };
        let (card_side, other_side) = if own {
            (my_side, my_side.other())
        } else {
            (my_side.other(), my_side)
        };
        let (to_card_side, to_other_side) = match of.side {
            Party::Own => (delta_for(card_side), 0),
            Party::Opposing => (0, delta_for(other_side)),
            Party::Both => (delta_for(card_side), delta_for(other_side)),
        };
        // In this seat's favour: its side up, the other down.
        if card_side == my_side {
            to_card_side - to_other_side
        } else {
            to_other_side - to_card_side
        }
    }

    /// A card played in a losing round: the smallest that turns it is best; one that only narrows
    /// the gap is worth it while the hand can still close it.
    fn round_card(&self, bonus: i32) -> i32 {
        let deficit = self.deficit();
        if bonus <= 0 {
            -15
        } else if bonus >= deficit {
            100 - bonus
        } else if self.round_support() >= deficit {
            20 + bonus
        } else {
            -10
        }
    }

    /// How much a card in the hand is worth keeping.
    fn keep_value(&self, card: CardId) -> i32 {
        let Some(facts) = self.facts(card) else {
            return 0;
        };
        match facts.kind {
            CardType::Realm => 50,
            CardType::Holding => 20,
            kind if kind.is_champion() => 10 + printed(facts),
            // An answer kept for the event pause; other events by what they may do.
            CardType::Event if facts.power.pause_answer().is_some() => 8,
            CardType::Event if facts.power.is_enforced() => 3,
            CardType::Event | CardType::Rule => 0,
            _ => printed(facts),
        }
    }
}

/// What an event is worth to each party, in levels or cards (see `Player::event_harm`).
#[derive(Default)]
struct Harm {
    to_me: i32,
    to_others_gain: i32,
    for_player: i32,
}

/// The printed level or bonus, 0 when it varies.
fn printed(card: &Card) -> i32 {
    card.level.as_ref().and_then(|l| l.value()).unwrap_or(0)
}

/// Whether an effect makes the card chosen fight for its user's side.
fn enlists(effect: &Effect) -> bool {
    match effect {
        Effect::FightsForUser(_) => true,
        Effect::May(inner) | Effect::UpTo(_, inner) => enlists(inner),
        _ => false,
    }
}

/// Whether an ability moves levels in a round (played, or while its card fights).
fn ability_matters(ability: &Ability) -> bool {
    let levels = match &ability.effect {
        Effect::For(_, inner) => matches!(**inner, Effect::Levels { .. }),
        effect => matches!(effect, Effect::Levels { .. }),
    };
    levels && matches!(ability.when, Trigger::OnPlay | Trigger::InBattle)
}

/// An item's bonus on `carrier`: its printed bonus, and the levels its powers give its own
/// champion (or itself) when the carrier is of the kind they name.
fn item_bonus(item: &Card, carrier: &Card) -> i32 {
    let extra: i32 = item
        .power
        .abilities()
        .iter()
        .filter(|a| matches!(a.when, Trigger::InBattle | Trigger::InPlay))
        .filter(|a| match &a.condition {
            Condition::Always => true,
            Condition::Fighting(Party::Own, champions) => champions.matches(carrier),
            Condition::UserIs(attribute) => carrier.has(*attribute),
            _ => false,
        })
        .map(|a| match &a.effect {
            Effect::Levels {
                of,
                change: Change::By(n),
            } if of.side == Party::Own
                && matches!(
                    of.members,
                    Members::This | Members::Champion | Members::ChampionAndAllies
                )
                && of.only.as_ref().is_none_or(|only| only.matches(carrier)) =>
            {
                i32::from(*n)
            }
            _ => 0,
        })
        .sum();
    printed(item) + extra
}

/// The levels a realm or holding gives the champion defending it, when it names no kind.
fn realm_levels(card: &Card) -> i32 {
    card.power
        .in_battle()
        .filter(|a| a.condition == Condition::Always)
        .map(|a| match &a.effect {
            Effect::Levels {
                of,
                change: Change::By(n),
            } if of.side == Party::Own
                && matches!(of.members, Members::Champion | Members::ChampionAndAllies)
                && of.only.is_none() =>
            {
                i32::from(*n)
            }
            _ => 0,
        })
        .sum()
}

// The strong player: a search over worlds sampled from the seat's view, guided by the greedy
// player's scores.

/// How far a strong player's playout runs before [`evaluate`] judges where it stopped: about two
/// turns of one player.
const STRONG_PLAYOUT_LIMIT: u32 = 30;

/// The greedy player's score of each legal action in a world a search has sampled (it reads the
/// deciding seat's view of that world, never the real game): the search's first impression.
pub fn action_scores(world: &Spellfire, legal: &[Action]) -> Vec<f64> {
    let Some(seat) = world.to_act().seat() else {
        return vec![0.0; legal.len()];
    };
    let view = world.view(seat);
    let player = Player {
        view: &view,
        content: world.content(),
    };
    legal.iter().map(|action| f64::from(player.score(action))).collect()
}

/// How each seat stands, as a share of a win in [0, 1]: its unrazed realms (six win), a little
/// for razed ones (they can be rebuilt or covered), the levels of its pool with what they carry
/// (what attacks and defends) and the cards in its hand, against the best of the others.
pub fn evaluate(game: &Spellfire) -> Vec<f64> {
    let worth: Vec<f64> = Seat::all(game.seats())
        .map(|seat| {
            let player = game.player(seat);
            let (standing, razed) =
                player.formation.realms().fold(
                    (0, 0),
                    |(up, down), (_, slot)| if slot.razed { (up, down + 1) } else { (up + 1, down) },
                );
            let pool: i32 = player
                .pool
                .iter()
                .map(|champion| {
                    let carried: i32 = champion
                        .attachments
                        .iter()
                        .map(|&card| game.icon_value(card).max(0))
                        .sum();
                    game.icon_value(champion.card).max(1) + carried
                })
                .sum();
            4.0 * f64::from(standing) + f64::from(razed) + 0.25 * f64::from(pool) + 0.5 * player.hand.len() as f64
        })
        .collect();
    shares_against_best_other(&worth, 6.0)
}

/// The strong player ([`Strong::strong_choice`]): a search over worlds sampled from the seat's view
/// ([`spellhall_search`]), guided by the greedy player's [`action_scores`] and judging cut
/// playouts with [`evaluate`].
impl Strong for Spellfire {
    const PLAYOUT_LIMIT: u32 = STRONG_PLAYOUT_LIMIT;
    const GUIDE: Guide<'static, Self> = Guide::new(Some(&action_scores), Some(&evaluate));
}

/// Whether an effect's choice hurts the card chosen (a discard, a bar on battles), so that the
/// greedy computer aims it at another player's card rather than its own.
fn harms(effect: &Effect) -> bool {
    match effect {
        Effect::Discard(_) | Effect::DiscardAll(_) | Effect::Barred { .. } => true,
        Effect::For(_, inner) | Effect::UpTo(_, inner) | Effect::May(inner) | Effect::Every(inner) => harms(inner),
        Effect::UpToTotal(_, inner) => harms(inner),
        Effect::OnePlayer(_, inner) => harms(inner),
        Effect::Then(all) => all.iter().any(harms),
        _ => false,
    }
}
