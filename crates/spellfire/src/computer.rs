//! A greedy computer player. It decides from its seat's view and the legal actions only — the
//! other hands and the draw piles are hidden from it as from a person — and scores each action by
//! simple priorities: realms first, then holdings and champions, attacks it expects to win, the
//! cheapest card that turns a losing round, spoils played at once.

use spellhall_core::{GameRng, Seat};

use crate::action::Action;
use crate::catalogue::cards::{Attribute, Card, CardType};
use crate::combat::Side;
use crate::effects::Effect;
use crate::state::{CardId, Content};
use crate::view::{CardView, PendingView, View};

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
            [&b.attacking, &b.defending]
                .into_iter()
                .flatten()
                .flat_map(|f| std::iter::once(f.champion).chain(f.attachments.iter().copied()))
        });
        view.hand
            .iter()
            .copied()
            .chain(pools)
            .chain(realms)
            .chain(battle)
            .find(|c| c.id == id)
    }

    fn facts(&self, id: CardId) -> Option<&Card> {
        let card = self.find(id)?;
        self.content.catalogue.get(card.card).map(|e| &e.card)
    }

    fn value(&self, id: CardId) -> i32 {
        self.facts(id).and_then(|c| c.level.as_ref()?.value()).unwrap_or(0)
    }

    fn kind(&self, id: CardId) -> Option<CardType> {
        self.facts(id).map(|c| c.kind)
    }

    /// A pool champion's level with its attachments.
    fn strength(&self, champion: CardId, attachments: &[CardView]) -> i32 {
        self.value(champion) + attachments.iter().map(|a| self.value(a.id)).sum::<i32>()
    }

    fn my_pool_strength(&self, champion: CardId) -> i32 {
        let me = &self.view.players[self.view.seat.index()];
        me.pool
            .iter()
            .find(|c| c.champion.id == champion)
            .map_or_else(|| self.value(champion), |c| self.strength(champion, &c.attachments))
    }

    /// The strongest champion the other player shows in his pool (his hand is hidden).
    fn strongest_defender(&self, seat: Seat) -> i32 {
        self.view.players[seat.index()]
            .pool
            .iter()
            .map(|c| self.strength(c.champion.id, &c.attachments))
            .max()
            .unwrap_or(0)
    }

    /// How far behind this seat is in the current round (0 when not behind).
    fn deficit(&self) -> i32 {
        let Some(battle) = &self.view.battle else {
            return 0;
        };
        let total = |f: &Option<crate::view::FighterView>| f.as_ref().map_or(0, |f| f.total.value());
        let (mine, theirs, side) = if battle.attacker == self.view.seat {
            (total(&battle.attacking), total(&battle.defending), Side::Attacker)
        } else {
            (total(&battle.defending), total(&battle.attacking), Side::Defender)
        };
        // A tie favours the defender: the attacker must get ahead by one.
        let needed = if side == Side::Attacker { theirs + 1 } else { theirs };
        (needed - mine).max(0)
    }

    /// The most the hand could add to a round.
    fn hand_bonus(&self) -> i32 {
        self.view
            .hand
            .iter()
            .filter(|c| {
                matches!(
                    self.kind(c.id),
                    Some(
                        CardType::Ally
                            | CardType::MagicalItem
                            | CardType::Artifact
                            | CardType::WizardSpell
                            | CardType::ClericSpell
                    )
                )
            })
            .map(|c| self.value(c.id).max(0))
            .sum()
    }

    fn score(&self, action: &Action) -> i32 {
        let spoils = matches!(self.view.pending, Some(crate::view::PendingView::Spoils { .. }));
        // Asked for help in another player's battle, the greedy computer keeps its cards.
        if matches!(self.view.pending, Some(crate::view::PendingView::Aid { .. })) {
            return if *action == Action::Pass { 0 } else { -1 };
        }
        match action {
            Action::Draw => 100,
            Action::PlayRule(_) => -5,
            Action::PlayRealm { at, .. } => 200 - i32::from(at.0),
            Action::Rebuild { .. } => {
                if self.view.hand.len() >= 6 {
                    150
                } else {
                    -10
                }
            }
            Action::PlayHolding { .. } => 120,
            Action::ToPool(card) => 80 + self.value(*card),
            Action::Attach { card, champion } => {
                let bonus = self.value(*card);
                if self.view.battle.is_some() && !spoils {
                    self.round_card(bonus)
                } else {
                    70 + bonus + self.value(*champion) / 2
                }
            }
            Action::EndPhase => 0,
            Action::Attack { champion, defender, .. } => {
                let mine = self.my_pool_strength(*champion);
                let theirs = self.strongest_defender(*defender);
                if mine > theirs { 30 + mine - theirs } else { -20 }
            }
            Action::Defend { champion } => {
                let attacker = self
                    .view
                    .battle
                    .as_ref()
                    .and_then(|b| b.attacking.as_ref())
                    .map_or(0, |f| f.total.value());
                let mine = self.my_pool_strength(*champion);
                if mine >= attacker {
                    // The smallest champion that holds the realm.
                    100 - (mine - attacker)
                } else if mine + self.hand_bonus() >= attacker {
                    40 - (attacker - mine)
                } else {
                    -10
                }
            }
            Action::Decline => 0,
            Action::PlayAlly(card) => self.round_card(self.value(*card)),
            // A scripted spell outside a round (Wish): worth it against a strong enough card.
            Action::UseCard(card) if self.view.battle.is_none() => {
                if self.facts(*card).is_some_and(|c| c.power.on_play().is_some()) && self.best_foe() >= 6 {
                    30
                } else {
                    -15
                }
            }
            // Walled: the card that lets the champion cross is worth the battle.
            Action::UseCard(card) if matches!(self.view.pending, Some(PendingView::Walled { .. })) => {
                100 + self.value(*card)
            }
            // A wall against an attacker who cannot fly ends the battle at no cost of a champion.
            Action::UseCard(card) if self.wall_stops_attacker(*card) => 90,
            Action::UseCard(card) => self.round_card(self.value(*card) + self.power_gain(*card)),
            Action::Pass => {
                if self.view.battle.as_ref().is_some_and(|_| self.deficit() > 0) {
                    if self.hand_bonus() >= self.deficit() { -5 } else { 5 }
                } else {
                    0
                }
            }
            Action::PlayEvent(card) => match self.facts(*card).and_then(|c| c.power.on_play()) {
                // An event that discards every card of a kind: worth it when it costs the other
                // players more than this one.
                Some(ability) if matches!(ability.effect, Effect::DiscardAll(_)) => {
                    let gain = self.power_gain(*card);
                    if gain > 0 { 10 + gain } else { -20 }
                }
                _ if self.find(*card).is_some_and(|c| c.enforced) => 10,
                _ => -20,
            },
            Action::EndBattle => 0,
            Action::KeepSpoils => 10,
            Action::ReturnSpoils => 0,
            Action::Discard(card) => -self.keep_value(*card),
            Action::CallMulligan => 300,
            Action::EndTurn => 0,
            Action::Claim(_) => -100,
            Action::Answer(card) => self.answer_score(*card),
            Action::Choose(card) => self.target_score(*card),
            Action::AskAid => {
                if self.deficit() > self.hand_bonus() {
                    6
                } else {
                    -6
                }
            }
            Action::Quest(_) => -1,
            Action::ResolveQuest { .. } => 0,
        }
    }

    /// An answer in an event pause: worth it when the event hurts this seat (a realm of its is
    /// the target) or helps it (a copy of a helpful event).
    fn answer_score(&self, card: CardId) -> i32 {
        let Some(PendingView::EventPause { target, event, .. }) = &self.view.pending else {
            return -50;
        };
        let me = &self.view.players[self.view.seat.index()];
        let mine = |t: &CardView| me.formation.iter().flatten().any(|r| r.realm.id == t.id);
        let helpful = self
            .content
            .catalogue
            .get(event.card)
            .is_some_and(|e| e.card.has(Attribute::Helpful));
        match self.facts(card).and_then(|c| c.power.pause_answer()).map(|a| &a.effect) {
            Some(Effect::NegateEvent(_) | Effect::CalmEvent(_)) if target.as_ref().is_some_and(mine) => 60,
            Some(Effect::DuplicateEvent(_)) if helpful => 40,
            _ => -50,
        }
    }

    /// The target of this seat's event: a realm of the opponent with the most standing realms,
    /// never its own.
    fn target_score(&self, card: CardId) -> i32 {
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
        let mine = self.view.players[self.view.seat.index()]
            .pool
            .iter()
            .any(|c| c.champion.id == card || c.attachments.iter().any(|a| a.id == card))
            || self.view.battle.as_ref().is_some_and(|b| {
                let own = if b.attacker == self.view.seat {
                    &b.attacking
                } else {
                    &b.defending
                };
                (b.attacker == self.view.seat || b.defender == self.view.seat)
                    && own
                        .as_ref()
                        .is_some_and(|f| f.champion.id == card || f.attachments.iter().any(|a| a.id == card))
            });
        if mine {
            return -100;
        }
        let pool_strength = self
            .view
            .players
            .iter()
            .flat_map(|p| &p.pool)
            .find(|c| c.champion.id == card);
        pool_strength.map_or_else(|| self.value(card), |c| self.strength(card, &c.attachments))
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
                self.content
                    .catalogue
                    .get(f.champion.card)
                    .is_some_and(|e| !e.card.has(Attribute::Flyer))
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
                let cards = std::iter::once(f.champion).chain(f.attachments.iter().copied());
                out.extend(cards.chain(f.round_cards.iter().copied()).map(|v| (v, seat)));
            }
        }
        out
    }

    /// What a scripted power of `card` is worth to this seat now, in levels: the other players'
    /// cards it discards less its own, the best card it may aim at, or the levels it adds to this
    /// side of a round. Immunities and rarer powers are not weighed.
    fn power_gain(&self, card: CardId) -> i32 {
        let Some(ability) = self.facts(card).and_then(|c| c.power.abilities().first()) else {
            return 0;
        };
        let me = self.view.seat;
        let facts = |v: &CardView| self.content.catalogue.get(v.card).map(|e| &e.card);
        let level = |v: &CardView| facts(v).and_then(|c| c.level.as_ref()?.value()).unwrap_or(0);
        let fits = |cards: &crate::effects::Cards, v: &CardView| facts(v).is_some_and(|c| cards.fits(c, level(v)));
        let worth = |v: &CardView| level(v).max(1);
        match &ability.effect {
            Effect::DiscardAll(cards) => self
                .cards_in_play()
                .iter()
                .filter(|(v, _)| fits(cards, v))
                .map(|(v, seat)| if *seat == me { -worth(v) } else { worth(v) })
                .sum(),
            Effect::Discard(crate::effects::Target::Chosen(cards)) => self
                .cards_in_play()
                .iter()
                .filter(|(v, seat)| *seat != me && fits(cards, v))
                .map(|(v, _)| worth(v))
                .max()
                .unwrap_or(0),
            Effect::Levels {
                change: crate::effects::Change::By(n),
                ..
            } => i32::from(*n).max(0),
            _ => 0,
        }
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

    /// A card played in a losing round: the smallest that turns it is best; one that only narrows
    /// the gap is worth it while the hand can still close it.
    fn round_card(&self, bonus: i32) -> i32 {
        let deficit = self.deficit();
        if bonus <= 0 {
            -15
        } else if bonus >= deficit {
            100 - bonus
        } else if self.hand_bonus() >= deficit {
            20 + bonus
        } else {
            -10
        }
    }

    /// How much a card in the hand is worth keeping.
    fn keep_value(&self, card: CardId) -> i32 {
        match self.kind(card) {
            Some(CardType::Realm) => 50,
            Some(CardType::Holding) => 20,
            Some(kind) if kind.is_champion() => 10 + self.value(card),
            Some(CardType::Event | CardType::Rule) => 0,
            _ => self.value(card),
        }
    }
}
