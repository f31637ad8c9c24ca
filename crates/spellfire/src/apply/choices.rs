//! Choices made during play, and the powers that ask for them: a card chosen for a power one at a
//! time (`Pending::Pick`, offered as `Choose` and, where the power allows, `Pass`), powers that act
//! when a champion is defeated, after a round or a held battle over their realm, or when an ally
//! joins the battle, and champions that must attack. The engine never chooses for a player.

use std::ops::ControlFlow;
use std::sync::Arc;

use spellhall_core::Seat;

use crate::catalogue::cards::CardType;
use crate::combat::Side;
use crate::effects::{Cost, Effect, Target, Trigger, Whose};
use crate::event::Event;
use crate::state::{CardId, Champion, Pending, Pick, Spellfire};

/// `realm_sources`: the attacked realm and its holding, without a list allocated for them.
#[derive(Clone, Copy)]
pub(crate) struct RealmSources {
    cards: [(CardId, Seat); 2],
    count: usize,
}

impl RealmSources {
    pub(crate) fn as_slice(&self) -> &[(CardId, Seat)] {
        &self.cards[..self.count]
    }
}

impl Spellfire {
    /// Whether `owner`'s cards are `whose`, seen from `by`.
    fn whose_fits(whose: Whose, owner: Seat, by: Seat) -> bool {
        match whose {
            Whose::Anyone => true,
            Whose::Own => owner == by,
            Whose::Opponents => owner != by,
            // The battle decides it: `candidates` asks `Spellfire::facing`.
            Whose::Facing => false,
        }
    }

    /// The cards `target` allows for a power of `source` used by `by`, in a fixed order; never
    /// `source` itself.
    pub(crate) fn candidates(&self, source: CardId, target: &Target, by: Seat) -> Vec<CardId> {
        let mut out = Vec::new();
        let _ = self.each_candidate(source, target, by, &mut |card| {
            out.push(card);
            ControlFlow::Continue(())
        });
        out
    }

    /// Whether `candidates` would find a card: it stops at the first.
    pub(crate) fn has_candidate(&self, source: CardId, target: &Target, by: Seat) -> bool {
        self.each_candidate(source, target, by, &mut |_| ControlFlow::Break(()))
            .is_break()
    }

    /// Whether `card` is one of `candidates`: it stops where it finds it.
    pub(crate) fn is_candidate(&self, source: CardId, target: &Target, by: Seat, card: CardId) -> bool {
        self.each_candidate(source, target, by, &mut |c| match c == card {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        })
        .is_break()
    }

    /// `visit` each of `candidates`, in its order, until it says stop.
    pub(crate) fn each_candidate(
        &self,
        source: CardId,
        target: &Target,
        by: Seat,
        visit: &mut dyn FnMut(CardId) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let seats = |whose: Whose| {
            Seat::all(self.seats()).filter(move |&s| {
                Self::whose_fits(whose, s, by) || (whose == Whose::Facing && self.facing(by) == Some(s))
            })
        };
        let mut visit = |card: CardId| {
            if card == source {
                ControlFlow::Continue(())
            } else {
                visit(card)
            }
        };
        let realms = |whose: Whose| seats(whose).flat_map(|s| self.player(s).formation.realms());
        match target {
            Target::Realm(whose) => realms(*whose)
                .filter(|(_, slot)| !self.realm_immune_to(slot, source))
                .try_for_each(|(_, slot)| visit(slot.realm)),
            Target::CardInPlay => self.each_in_play_but_realm(visit),
            Target::Chosen(cards) => self.each_in_play_but_realm(|c| {
                if self.selects(cards, c, by, source) {
                    visit(c)
                } else {
                    ControlFlow::Continue(())
                }
            }),
            // A card two parts allow comes once, where it first came.
            Target::Either(any) => {
                let mut seen = Vec::new();
                any.iter().try_for_each(|one| {
                    self.each_candidate(source, one, by, &mut |card| {
                        if seen.contains(&card) {
                            return ControlFlow::Continue(());
                        }
                        seen.push(card);
                        visit(card)
                    })
                })
            }
            Target::StandingRealm(whose) => realms(*whose)
                .filter(|(_, slot)| !slot.razed && !self.realm_immune_to(slot, source))
                .try_for_each(|(_, slot)| visit(slot.realm)),
            Target::RazedRealm(whose) => realms(*whose)
                .filter(|(_, slot)| slot.razed)
                .try_for_each(|(_, slot)| visit(slot.realm)),
            Target::FrontRealm(whose) => seats(*whose).try_for_each(|s| {
                let formation = &self.player(s).formation;
                let front = formation.realms().map(|(at, _)| at.row()).min();
                formation
                    .realms()
                    .filter(|(at, slot)| Some(at.row()) == front && !self.realm_immune_to(slot, source))
                    .try_for_each(|(_, slot)| visit(slot.realm))
            }),
            Target::InPool(cards) => seats(cards.whose)
                .flat_map(|s| self.player(s).pool.iter())
                .flat_map(|c| std::iter::once(c.card).chain(c.attachments.iter().copied()))
                // A pool champion's level as a power reads it: with its items (AMB-14).
                .filter(|&c| cards.fits(self.card(c), self.power_level(c)) && !self.shielded(c, source))
                .try_for_each(visit),
            Target::Discarded(cards) => seats(cards.whose)
                .flat_map(|s| self.player(s).discard.iter().copied())
                .filter(|&c| cards.fits(self.card(c), self.icon_value(c)))
                .try_for_each(visit),
            Target::InAbyss(cards) => seats(cards.whose)
                .flat_map(|s| self.player(s).abyss.iter().copied())
                .filter(|&c| cards.fits(self.card(c), self.icon_value(c)))
                .try_for_each(visit),
            Target::Fallen(cards) => seats(cards.whose)
                .flat_map(|s| self.player(s).discard.iter().copied())
                .filter(|&c| self.tracks.fallen.contains(&c) && cards.fits(self.card(c), self.icon_value(c)))
                .try_for_each(visit),
            // The player is chosen first (`pick_players`), then the cards (`pick_candidates`).
            Target::DrawTop { .. } | Target::RandomInHand(_) | Target::LargestInHand(_) => ControlFlow::Continue(()),
            Target::JustDefeated => self.just_defeated().into_iter().try_for_each(visit),
            Target::JustPlayed => {
                let other = self
                    .battle
                    .as_ref()
                    .map(|b| if b.defender == by { b.attacker } else { b.defender });
                other
                    .and_then(|seat| self.fighter(seat))
                    .and_then(|f| f.round_cards.last().copied())
                    .filter(|&c| self.kind(c) == CardType::Ally)
                    .into_iter()
                    .try_for_each(visit)
            }
        }
    }

    /// Each card the pick on top of the stack may choose now, in a fixed order: in a draw pile,
    /// those its chooser looked at that are still there; in a hand, none (chance chooses).
    pub(crate) fn pick_candidates(&self, pick: &Pick, mut each: impl FnMut(CardId)) {
        let _ = self.each_pick_candidate(pick, &mut |card| {
            each(card);
            ControlFlow::Continue(())
        });
    }

    /// Whether `card` is one of `pick_candidates`: it stops where it finds it.
    pub(crate) fn pick_offers(&self, pick: &Pick, card: CardId) -> bool {
        self.each_pick_candidate(pick, &mut |c| match c == card {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        })
        .is_break()
    }

    /// Whether `pick_candidates` would find a card: it stops at the first.
    pub(crate) fn pick_has_candidate(&self, pick: &Pick) -> bool {
        self.each_pick_candidate(pick, &mut |_| ControlFlow::Break(()))
            .is_break()
    }

    /// `visit` each of `pick_candidates`, in its order, until it says stop.
    fn each_pick_candidate(&self, pick: &Pick, visit: &mut dyn FnMut(CardId) -> ControlFlow<()>) -> ControlFlow<()> {
        // The few powers that choose between ways or copy gather their cards first.
        if let Effect::OneOf(all) = &pick.effect {
            return (self.one_of_candidates(pick.source, all, pick.seat).into_iter()).try_for_each(visit);
        }
        if matches!(pick.effect, Effect::CopyLevel(_) | Effect::CopyPower(_)) {
            return (self.copy_candidates(pick.source, &pick.effect, pick.seat).into_iter()).try_for_each(visit);
        }
        // What the total left allows (Flame Strike).
        let most = match &pick.effect {
            Effect::UpToTotal(most, _) => Some(i32::from(*most)),
            _ => None,
        };
        let mut visit = |card: CardId| match most.is_none_or(|most| self.power_level(card) <= most) {
            true => visit(card),
            false => ControlFlow::Continue(()),
        };
        match (pick.effect.choice_target(), pick.player) {
            (None | Some(Target::RandomInHand(_) | Target::LargestInHand(_)), _)
            | (Some(Target::DrawTop { .. }), None) => ControlFlow::Continue(()),
            (Some(Target::DrawTop { .. }), Some(seat)) => {
                let pile = &self.player(seat).draw;
                pick.seen
                    .iter()
                    .copied()
                    .filter(|c| pile.contains(c))
                    .try_for_each(visit)
            }
            (Some(target), _) => self.each_candidate(pick.source, target, pick.seat, &mut visit),
        }
    }

    /// The players whose draw pile or hand `target` may reach into for `by`: those with a card
    /// there. None for the other targets.
    pub(crate) fn players_for(&self, target: &Target, by: Seat) -> Vec<Seat> {
        let (whose, in_hand) = match *target {
            Target::DrawTop { whose, .. } => (whose, false),
            Target::RandomInHand(whose) => (whose, true),
            Target::LargestInHand(ref cards) => (cards.whose, true),
            _ => return Vec::new(),
        };
        Seat::all(self.seats())
            .filter(|&s| Self::whose_fits(whose, s, by))
            .filter(|&s| match in_hand {
                true => !self.player(s).hand.is_empty(),
                false => !self.player(s).draw.is_empty(),
            })
            .collect()
    }

    /// The players the pick on top of the stack may choose now (before its cards).
    pub(crate) fn pick_players(&self, pick: &Pick) -> Vec<Seat> {
        if let (Effect::OnePlayer(whose, _), None) = (&pick.effect, pick.player) {
            return Seat::all(self.seats())
                .filter(|&s| match whose {
                    Whose::Facing => self.facing(pick.seat) == Some(s),
                    other => Self::whose_fits(*other, s, pick.seat),
                })
                .collect();
        }
        match (pick.effect.choice_target(), pick.player) {
            (Some(target), None) => self.players_for(target, pick.seat),
            _ => Vec::new(),
        }
    }

    /// The seat on top of the stack chose `player` for its pick: it looks at the top of his draw
    /// pile (then chooses among those cards), or a card of his hand is taken at random and acted on.
    pub(crate) fn choose_player(&mut self, player: Seat, events: &mut Vec<Event>) {
        let Some(Pending::Pick(mut pick)) = self.pending.pop() else {
            return;
        };
        pick.player = Some(player);
        if let Effect::OnePlayer(_, inner) = &pick.effect {
            events.push(Event::PlayerChosen {
                seat: pick.seat,
                card: self.card_name(pick.source),
                player,
            });
            self.begin_choices(inner, pick.source, player, &[], events);
            return;
        }
        match pick.effect.choice_target() {
            Some(&Target::DrawTop { depth, .. }) => {
                pick.seen = self.player(player).draw.peek_top(usize::from(depth)).copied().collect();
                events.push(Event::LookedAt {
                    seat: pick.seat,
                    owner: player,
                    cards: self.names(&pick.seen),
                });
                if self.pick_has_candidate(&pick) {
                    self.pending.push(Pending::Pick(pick));
                }
            }
            Some(Target::RandomInHand(_)) => {
                let held = self.player(player).hand.len();
                if held == 0 {
                    return;
                }
                let at = self.rng.below(held);
                let card = self.player(player).hand[at];
                self.carry_out(&pick.effect, pick.source, pick.seat, Some(card), &[], events);
            }
            Some(Target::LargestInHand(cards)) => {
                let hand = &self.player(player).hand;
                let best = hand
                    .iter()
                    .copied()
                    .filter(|&c| cards.fits(self.card(c), self.icon_value(c)))
                    .max_by_key(|&c| self.icon_value(c));
                match best {
                    Some(card) => self.carry_out(&pick.effect, pick.source, pick.seat, Some(card), &[], events),
                    None => events.push(Event::NothingTaken {
                        seat: player,
                        by: self.card_name(pick.source),
                    }),
                }
            }
            _ => {}
        }
    }

    /// `card` (an ally of the other side of the round, or in a hand) fights for `by`'s side for
    /// the rest of the round.
    fn fights_for(&mut self, by: Seat, card: CardId, events: &mut Vec<Event>) {
        let Some(battle) = &self.battle else { return };
        let other = if battle.attacker == by {
            battle.defender
        } else {
            battle.attacker
        };
        let owner = self.owner(card);
        let from_round = self.fighter(other).is_some_and(|f| f.round_cards.contains(&card));
        if self.fighter(by).is_none() || !(from_round || self.player(owner).hand.contains(&card)) {
            return;
        }
        if let Some(fighter) = self.fighter_mut(other) {
            fighter.round_cards.retain(|&c| c != card);
        }
        self.player_mut(owner).hand.retain(|&c| c != card);
        if let Some(fighter) = self.fighter_mut(by) {
            fighter.round_cards.push(card);
        }
        if let Some(battle) = &mut self.battle {
            battle.turned.push(card);
        }
        events.push(Event::FightsFor {
            seat: by,
            owner,
            card: self.card_name(card),
        });
    }

    /// A card a power discards from a hand or draw pile (not in play): to its owner's discard
    /// pile. Whether it was there.
    pub(crate) fn discard_unplayed(&mut self, card: CardId, events: &mut Vec<Event>) -> bool {
        let owner = self.owner(card);
        let player = self.player_mut(owner);
        let from_hand = player
            .hand
            .iter()
            .position(|&c| c == card)
            .map(|i| player.hand.remove(i));
        if from_hand.is_none() && !player.draw.remove(&card) {
            return false;
        }
        self.bin(card, crate::apply::Bin::Discard);
        events.push(Event::Discarded {
            seat: owner,
            cards: crate::event::CardNames::One(self.card_name(card)),
        });
        true
    }

    /// The `when` powers (`TurnBegins`, `TurnEnds`) of `seat`'s cards in play ask their choices,
    /// the first card's on top: the pool's champions and what they carry, then the standing
    /// realms and their holdings.
    pub(crate) fn turn_powers(&mut self, seat: Seat, when: Trigger, events: &mut Vec<Event>) {
        if !self.may_act_at(when) {
            return;
        }
        // Most turns no card of the player has a power of the moment: nothing is collected then
        // (and with none, the loop below would act on nothing).
        if !self.turn_power_sources(seat).any(|source| self.acts_at(source, when)) {
            return;
        }
        let sources: Vec<CardId> = self.turn_power_sources(seat).collect();
        for &source in sources.iter().rev() {
            if !self.acts_at(source, when) {
                continue;
            }
            // Only the powers of this moment are copied (the choices they begin change the state).
            // Read from the shared content: the choices they begin change the state.
            let content = Arc::clone(&self.content);
            let abilities: Vec<_> = self.abilities_in(&content, source).filter(|a| a.when == when).collect();
            for ability in abilities.iter().rev() {
                if self.condition_holds(&ability.condition, source, Side::Attacker) {
                    self.begin_choices(&ability.effect, source, seat, &[], events);
                }
            }
        }
    }

    /// Whether `card` has an ability acting at `when` (its family is read first: most cards
    /// have none, and these questions walk every card in play).
    fn acts_at(&self, card: CardId, when: Trigger) -> bool {
        self.card_may_act_at(card, when) && self.abilities_of(card).any(|a| a.when == when)
    }

    /// The cards of `seat` whose powers act as a turn begins or ends (`turn_powers`), in order:
    /// a razed realm's powers do not act.
    fn turn_power_sources(&self, seat: Seat) -> impl Iterator<Item = CardId> + '_ {
        self.own_cards_in_play(seat, false)
    }

    /// `seat`'s cards in play, in order: his pool champions (not one on a quest) with what they
    /// carry, then his realms (the razed ones too if `razed`) with their holdings.
    pub(crate) fn own_cards_in_play(&self, seat: Seat, razed: bool) -> impl Iterator<Item = CardId> + '_ {
        let player = self.player(seat);
        let pool = player
            .pool
            .iter()
            .filter(|c| !self.is_questing(c.card))
            .flat_map(|c| std::iter::once(c.card).chain(c.attachments.iter().copied()));
        let realms = player
            .formation
            .realms()
            .filter(move |(_, slot)| razed || !slot.razed)
            .flat_map(|(_, slot)| std::iter::once(slot.realm).chain(slot.holding));
        pool.chain(realms)
    }

    /// Whether `effect` of `card`, played by `by`, would find nothing to act on: a card whose
    /// whole use is a choice among no cards is refused rather than played for nothing (SF-166).
    pub(crate) fn lacks_choice(&self, card: CardId, effect: &Effect, by: Seat) -> bool {
        match effect {
            Effect::OneOf(all) | Effect::ChooseOne(all) => all.iter().all(|e| self.lacks_choice(card, e, by)),
            Effect::CopyLevel(_) | Effect::CopyPower(_) => self.copy_candidates(card, effect, by).is_empty(),
            Effect::FightsInPlace(target) => !self.has_candidate(card, target, by),
            Effect::Fly(target) | Effect::ShuffleIntoDraw(target) => !self.has_candidate(card, target, by),
            Effect::ToHand(target) | Effect::ToPool(target) | Effect::Rebuild(target) => {
                !self.has_candidate(card, target, by)
            }
            Effect::Discard(target) => !self.has_candidate(card, target, by) && self.players_for(target, by).is_empty(),
            Effect::UpTo(_, inner) | Effect::May(inner) | Effect::Every(inner) => self.lacks_choice(card, inner, by),
            Effect::Raze(target) | Effect::Barred { target, .. } | Effect::KeepAsAlly { target, .. } => {
                !self.has_candidate(card, target, by)
            }
            Effect::For(_, inner) => self.lacks_choice(card, inner, by),
            Effect::UpToTotal(most, inner) => inner.choice_target().is_none_or(|target| {
                self.candidates(card, target, by)
                    .iter()
                    .all(|&c| self.power_level(c) > i32::from(*most))
            }),
            Effect::Then(all) => all.iter().any(|e| self.lacks_choice(card, e, by)),
            _ => false,
        }
    }

    /// Ask `seat` to choose a card for `effect` (up to `left` of them), if there is one to choose.
    fn ask(&mut self, effect: &Effect, source: CardId, seat: Seat, optional: bool, left: u8) {
        let pick = Pick {
            seat,
            source,
            effect: effect.clone(),
            left,
            optional,
            player: None,
            seen: Vec::new(),
        };
        if self.pick_has_candidate(&pick)
            || !self.pick_players(&pick).is_empty()
            || !self.pick_options(&pick).is_empty()
        {
            self.pending.push(Pending::Pick(Box::new(pick)));
        }
    }

    /// Begin an effect of `source` for `by` that still needs its cards chosen: the choices are
    /// put on the stack so that the first to make is on top.
    pub(crate) fn begin_choices(
        &mut self,
        effect: &Effect,
        source: CardId,
        by: Seat,
        calmed: &[Seat],
        events: &mut Vec<Event>,
    ) {
        match effect {
            Effect::Discard(_) | Effect::ToHand(_) | Effect::ToPool(_) | Effect::Rebuild(_) | Effect::Raze(_) => {
                self.ask(effect, source, by, false, 1)
            }
            Effect::FightsForUser(_) | Effect::JoinsAsAlly(_) | Effect::KeepAsAlly { .. } => {
                self.ask(effect, source, by, false, 1)
            }
            Effect::UpTo(amount, inner) => self.ask(inner, source, by, true, amount.value() as u8),
            Effect::May(inner) => self.ask(inner, source, by, true, 1),
            Effect::InsteadOfBonus(_) => self.ask(effect, source, by, true, 1),
            Effect::OneOf(_) | Effect::Fly(_) | Effect::ShuffleIntoDraw(_) => self.ask(effect, source, by, false, 1),
            // A lasting effect on a card to choose (Geas); a player to choose (Death Fog).
            Effect::For(_, inner) if inner.choice_target().is_some() => self.ask(effect, source, by, false, 1),
            Effect::OnePlayer(..) => self.ask(effect, source, by, false, 1),
            // As many as the total allows: the pick's effect carries the total left.
            Effect::UpToTotal(..) => self.ask(effect, source, by, true, u8::MAX),
            Effect::ChooseOne(_) | Effect::CopyLevel(_) | Effect::CopyPower(_) | Effect::FightsInPlace(_) => {
                self.ask(effect, source, by, false, 1)
            }
            Effect::Every(inner) => {
                let Some(target) = inner.choice_target() else { return };
                for card in self.candidates(source, target, by) {
                    // A card may have gone already with another (an item with its champion).
                    if self.is_candidate(source, target, by, card) && !calmed.contains(&self.owner(card)) {
                        self.carry_out(inner, source, by, Some(card), &[], events);
                    }
                }
            }
            Effect::Then(all) => {
                // What asks nothing acts at once, in order, up to the first effect that asks a
                // choice; from there on, the choices go on the stack, the first to make on top.
                let asking = all.iter().position(Effect::asks).unwrap_or(all.len());
                for one in &all[..asking] {
                    self.begin_choices(one, source, by, calmed, events);
                }
                for one in all[asking..].iter().rev() {
                    self.begin_choices(one, source, by, calmed, events);
                }
            }
            Effect::EachPlayer(inner) => {
                let seats: Vec<Seat> = (0..self.seats())
                    .map(|step| self.left_of(by, step))
                    .filter(|s| !calmed.contains(s))
                    .collect();
                for seat in seats.into_iter().rev() {
                    self.begin_choices(inner, source, seat, &[], events);
                }
            }
            other => self.carry_out(other, source, by, None, calmed, events),
        }
    }

    /// The seat on top of the stack chose `card` for its pick: the effect acts on it; the pick
    /// stays (under whatever the effect asks in turn) while it may take more cards.
    pub(crate) fn pick(&mut self, card: CardId, events: &mut Vec<Event>) {
        let Some(Pending::Pick(pick)) = self.pending.pop() else {
            return;
        };
        let at = self.pending.len();
        events.push(Event::TargetChosen {
            seat: pick.seat,
            event: self.card_name(pick.source),
            target: self.card_name(card),
        });
        let once = self.abilities_of(pick.source).any(|a| a.cost == Cost::OncePerBattle);
        if once {
            self.tracks.used_in_battle.push(pick.source);
        }
        // The level a total is spent by is read before the effect acts on the card.
        let spent = matches!(pick.effect, Effect::UpToTotal(..))
            .then(|| u8::try_from(self.power_level(card).max(0)).unwrap_or(u8::MAX));
        self.carry_out(&pick.effect, pick.source, pick.seat, Some(card), &[], events);
        // The pick that may take more is this one, changed in place (no copy of its effect).
        let mut more = pick;
        more.left = more.left.saturating_sub(1);
        if let (Effect::UpToTotal(most, _), Some(spent)) = (&mut more.effect, spent) {
            *most = most.saturating_sub(spent);
        }
        if self.outcome.is_none() && more.left > 0 && self.pick_has_candidate(&more) {
            let at = at.min(self.pending.len());
            self.pending.insert(at, Pending::Pick(more));
        }
    }

    /// `ToHand`, `ToPool`, `Rebuild` and `InsteadOfBonus` on the chosen card.
    pub(crate) fn act_on_choice(
        &mut self,
        effect: &Effect,
        source: CardId,
        by: Seat,
        card: CardId,
        events: &mut Vec<Event>,
    ) {
        let owner = self.owner(card);
        match effect {
            Effect::ToHand(_) | Effect::ToPool(_) => {
                let to_pool = matches!(effect, Effect::ToPool(_));
                // A champion whose copy came into play meanwhile stays in the discard pile (SF-94).
                if to_pool && self.check_cosmos(card).is_err() {
                    return;
                }
                if !self.take_from_discard(owner, card) && !self.take_from_abyss(owner, card) {
                    return;
                }
                if to_pool {
                    self.player_mut(owner).pool.push(Champion {
                        card,
                        attachments: Vec::new(),
                    });
                    self.pooled_now(card);
                    self.moved(owner, card, source, "back into its owner's pool", events);
                } else {
                    self.player_mut(owner).hand.push(card);
                    self.moved(owner, card, source, "into its owner's hand", events);
                }
            }
            Effect::Rebuild(_) => {
                let at = self.player(owner).formation.position_of(card);
                if let Some(at) = at.filter(|&at| self.player(owner).formation.slot(at).is_some_and(|s| s.razed)) {
                    self.restore_realm(owner, at, events);
                }
            }
            Effect::InsteadOfBonus(inner) => {
                self.tracks.forgone.push(source);
                self.carry_out(inner, source, by, Some(card), &[], events);
            }
            Effect::FightsForUser(_) => self.fights_for(by, card, events),
            Effect::JoinsAsAlly(_) => {
                let in_pool = self.player(by).pool_index(card).is_some();
                let Some(battle) = self.battle.as_mut().filter(|b| in_pool && !b.defended.contains(&card)) else {
                    return;
                };
                battle.joined.push(card);
                events.push(Event::FightsFor {
                    seat: by,
                    owner: by,
                    card: self.card_name(card),
                });
            }
            _ => {}
        }
    }

    fn take_from_abyss(&mut self, seat: Seat, card: CardId) -> bool {
        let abyss = &mut self.player_mut(seat).abyss;
        match abyss.iter().position(|&c| c == card) {
            Some(index) => {
                abyss.remove(index);
                true
            }
            None => false,
        }
    }

    pub(crate) fn take_from_discard(&mut self, seat: Seat, card: CardId) -> bool {
        let discard = &mut self.player_mut(seat).discard;
        match discard.iter().position(|&c| c == card) {
            Some(index) => {
                discard.remove(index);
                true
            }
            None => false,
        }
    }

    fn moved(&self, seat: Seat, card: CardId, by: CardId, to: &str, events: &mut Vec<Event>) {
        events.push(Event::Returned {
            seat,
            card: self.card_name(card),
            by: self.card_name(by),
            to: to.into(),
        });
    }

    /// The `Defeated` powers of `champion`, which lost a round for `side`: whether it survives
    /// (and then it may defend again in this battle).
    pub(crate) fn survives_defeat(&mut self, champion: CardId, side: Side) -> bool {
        let survives = self.abilities_of(champion).any(|a| {
            a.when == Trigger::Defeated
                && a.effect == Effect::Survives
                && self.condition_holds(&a.condition, champion, side)
                && !(a.cost == Cost::OncePerBattle && self.tracks.used_in_battle.contains(&champion))
        });
        if survives {
            self.tracks.used_in_battle.push(champion);
            if let Some(battle) = &mut self.battle {
                battle.defended.retain(|&c| c != champion);
            }
        }
        survives
    }

    /// `champion` of `seat` was defeated and discarded: its other `Defeated` powers act (back
    /// into the draw pile; a choice from the discard pile).
    pub(crate) fn after_defeat(&mut self, champion: CardId, seat: Seat, events: &mut Vec<Event>) {
        // Read from the shared content: the choices they begin change the state.
        let content = Arc::clone(&self.content);
        let abilities = (self.abilities_in(&content, champion))
            .filter(|a| a.when == Trigger::Defeated && a.effect != Effect::Survives);
        for ability in abilities {
            match ability.effect {
                Effect::BackIntoDraw => {
                    if self.take_from_discard(seat, champion) {
                        self.player_mut(seat).draw.put_top(champion);
                        let rng = &mut self.rng;
                        self.players[seat.index()].draw.shuffle(rng);
                        self.moved(seat, champion, champion, "into its owner's draw pile, shuffled", events);
                    }
                }
                ref effect => self.begin_choices(effect, champion, seat, &[], events),
            }
        }
        self.own_champion_defeated(champion, seat, events);
    }

    /// The attacked realm and its holding, with the defending seat, while a battle is on: the
    /// cards whose `RoundEnds` and `RealmHeld` powers may act. Two at most, kept in place: the
    /// first `count` of `cards` (read them with `as_slice`).
    pub(crate) fn realm_sources(&self) -> RealmSources {
        let mut sources = RealmSources {
            cards: [(CardId(0), Seat(0)); 2],
            count: 0,
        };
        let Some(battle) = &self.battle else {
            return sources;
        };
        let Some(slot) = self.player(battle.defender).formation.slot(battle.target) else {
            return sources;
        };
        for card in [Some(slot.realm), slot.holding].into_iter().flatten() {
            sources.cards[sources.count] = (card, battle.defender);
            sources.count += 1;
        }
        sources
    }

    /// A round over the realm of `sources` has ended (`held`: the attacker was beaten, so the
    /// battle is over and the realm stands): their powers ask their choices.
    pub(crate) fn after_round(&mut self, sources: &[(CardId, Seat)], held: bool, events: &mut Vec<Event>) {
        if !self.may_act_at(Trigger::RoundEnds) {
            return;
        }
        for &(source, seat) in sources.iter().rev() {
            // A realm razed in the round (or a holding discarded with it) has no power left.
            let standing = self
                .player(seat)
                .formation
                .realms()
                .any(|(_, slot)| !slot.razed && (slot.realm == source || slot.holding == Some(source)));
            if !standing {
                continue;
            }
            // Read from the shared content: the choices they begin change the state.
            let content = Arc::clone(&self.content);
            let abilities: Vec<_> = (self.abilities_in(&content, source))
                .filter(|a| a.when == Trigger::RoundEnds || (held && a.when == Trigger::RealmHeld))
                .collect();
            for ability in abilities.iter().rev() {
                self.begin_choices(&ability.effect, source, seat, &[], events);
            }
        }
    }

    /// An ally has just joined `side` of the battle: powers of the cards in the battle that
    /// answer it — the attacked realm and its holding, a fighting champion (Greater Feyr) — (once a
    /// battle where they say so) act or ask their choices.
    pub(crate) fn ally_joined(&mut self, side: Side, events: &mut Vec<Event>) {
        // Most battles hold no card with such a power: their cards are then neither sorted nor
        // collected.
        let family = crate::apply::Family::AllyJoins;
        if !self.may_have(family)
            || !self
                .battle_cards_unordered()
                .any(|(card, _)| self.card_may_have(card, family))
        {
            return;
        }
        for &(source, source_side) in self.battle_cards().iter() {
            let Some(battle) = &self.battle else { return };
            let seat = match source_side {
                Side::Attacker => battle.attacker,
                Side::Defender => battle.defender,
            };
            // Read from the shared content: the choices they begin change the state.
            let content = Arc::clone(&self.content);
            let abilities = (self.abilities_in(&content, source)).filter(|a| matches!(a.when, Trigger::AllyJoins(_)));
            for ability in abilities {
                let Trigger::AllyJoins(party) = ability.when else {
                    continue;
                };
                let reaches = match party {
                    crate::effects::Party::Own => side == source_side,
                    crate::effects::Party::Opposing => side != source_side,
                    crate::effects::Party::Both => true,
                };
                let once = ability.cost == Cost::OncePerBattle;
                let spent = once && self.tracks.used_in_battle.contains(&source);
                if reaches && !spent && self.condition_holds(&ability.condition, source, source_side) {
                    // A power that acts with no choice (the first ally is discarded) is spent
                    // as it acts; one that asks is spent when the choice is made.
                    if once && matches!(ability.effect, Effect::Every(_)) {
                        self.tracks.used_in_battle.push(source);
                    }
                    self.begin_choices(&ability.effect, source, seat, &[], events);
                }
            }
        }
    }

    /// When a round begins: powers of the cards in the battle that ask a choice (a realm that
    /// makes the attacker discard an item of the defender's choice), each asked of its owner,
    /// and those that discard every card they select. Called from `open_round`, once
    /// `round_start_powers` has said yes.
    pub(crate) fn round_start_choices(&mut self, events: &mut Vec<Event>) {
        let cards = self.battle_cards();
        for &(source, side) in cards.iter().rev() {
            let seat = match (&self.battle, side) {
                (Some(b), Side::Attacker) => b.attacker,
                (Some(b), Side::Defender) => b.defender,
                (None, _) => return,
            };
            // Read from the shared content: the choices they begin change the state.
            let content = Arc::clone(&self.content);
            let abilities = (self.abilities_in(&content, source)).filter(|a| a.when == Trigger::RoundStart);
            for ability in abilities {
                // A once-a-battle power that has acted asks no more (Helm of Teleportation).
                let spent = ability.cost == Cost::OncePerBattle && self.tracks.used_in_battle.contains(&source);
                if ability.when != Trigger::RoundStart
                    || spent
                    || !self.condition_holds(&ability.condition, source, side)
                {
                    continue;
                }
                if ability.effect.choice_target().is_some() {
                    self.begin_choices(&ability.effect, source, seat, &[], events);
                } else if matches!(ability.effect, Effect::DiscardAll(_)) {
                    // Every card it selects goes, with no choice (Midnight: the opposing
                    // champion's magical items).
                    self.carry_out(&ability.effect, source, seat, None, &[], events);
                }
            }
        }
    }

    /// Whether a card of the battle has a power acting as a round starts: most battles hold none,
    /// and their cards are then neither sorted nor collected for them (`threat`,
    /// `round_start_choices`, which would find nothing to act; `open_round` asks once for both).
    pub(crate) fn round_start_powers(&self) -> bool {
        self.may_act_at(Trigger::RoundStart)
            && self
                .battle_cards_unordered()
                .any(|(card, _)| self.acts_at(card, Trigger::RoundStart))
    }

    /// Whether the pool champion `champion` must attack in its owner's turns: by its own power or
    /// an item's. Its items are read from its place in the pool, not looked for again.
    fn must_attack(&self, champion: &Champion) -> bool {
        let orders = |card: CardId| {
            self.abilities_of(card)
                .any(|a| a.when == Trigger::InPlay && a.effect == Effect::MustAttack)
        };
        orders(champion.card) || champion.attachments.iter().any(|&item| orders(item))
    }

    /// The end of `seat`'s turn: each champion of its pool that must attack and did not is
    /// discarded with what it carries (spared: one that came in after the turn's chance to attack,
    /// or that the rules kept from attacking: resting or away questing).
    pub(crate) fn discard_idle_attackers(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let idle: Vec<CardId> = self
            .player(seat)
            .pool
            .iter()
            .filter(|c| self.must_attack(c))
            .map(|c| c.card)
            .filter(|&c| !self.used.attacked.contains(&c))
            .filter(|&c| !self.used.arrived_late.contains(&c) && !self.resting.contains(&c) && !self.is_questing(c))
            .collect();
        for champion in idle {
            self.discard_in_play(champion, events);
        }
    }

    /// A champion's bonus counts only if its player did not give it up for its other effect.
    pub(crate) fn bonus_forgone(&self, card: CardId) -> bool {
        self.tracks.forgone.contains(&card)
    }

    /// A battle begins: what the last one left behind is forgotten.
    pub(crate) fn forget_last_battle(&mut self) {
        self.tracks.fallen.clear();
        self.tracks.forgone.clear();
        self.tracks.used_in_battle.clear();
    }

    /// Cards going from the battle to a discard pile: remembered as fallen in it.
    pub(crate) fn fell(&mut self, cards: impl IntoIterator<Item = CardId>) {
        self.tracks.fallen.extend(cards);
    }
}
