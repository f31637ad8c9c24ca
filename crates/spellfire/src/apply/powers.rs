//! Powers that act all the time their card takes part in a battle or is in play (SF-140,
//! SF-224): level changes, realms closed to some attackers, limits on allies, spells a realm lets
//! its defender cast, realms that defend as a kind of champion, and immunities (section 16).
//! Each is read where it applies, from the cards in play, never stored.

use super::WORLD_BONUS;
use crate::apply::Family;
use crate::catalogue::cards::CardType;
use crate::combat::{Side, Source, Total};
use crate::effects::{Ability, Cards, Champions, Condition, Effect, Members, Party, Scope, Trigger, Whose};
use crate::formation::Position;
use crate::state::{CardId, Fighter, FighterKind, LevelMeans, Phase3Counterplay, Spellfire};
use spellhall_core::Seat;

/// Where a champion's attached and one-round cards come in the order of activation (SF-137,
/// AMB-5): artifacts, allies, magical items, blood abilities, thief skills, unarmed combat,
/// psionic powers; other cards (spells) after them, in the order played.
fn activation_rank(kind: CardType) -> u8 {
    match kind {
        CardType::Artifact => 0,
        CardType::Ally => 1,
        CardType::MagicalItem => 2,
        CardType::BloodAbility => 3,
        CardType::ThiefAbility => 4,
        CardType::UnarmedCombat => 5,
        CardType::PsionicPower => 6,
        _ => 7,
    }
}

/// Whether `party`, seen from a card fighting for `own`, takes in `side`.
fn includes(party: Party, own: Side, side: Side) -> bool {
    match party {
        Party::Own => side == own,
        Party::Opposing => side != own,
        Party::Both => true,
    }
}

const SIDES: [Side; 2] = [Side::Attacker, Side::Defender];

/// The battle cards kept in place (`BattleCards`): more are rare.
const BATTLE_CARDS_IN_PLACE: usize = 16;

/// The cards of a battle with the side each fights for, in the order of activation
/// (`battle_cards`), read as a slice. A round's totals are worked out after each of its actions:
/// the few cards of most battles are kept in place, with no list allocated; past
/// `BATTLE_CARDS_IN_PLACE` they move to a list.
pub(crate) struct BattleCards {
    in_place: [(CardId, Side); BATTLE_CARDS_IN_PLACE],
    len: usize,
    /// Every card, once there are more than fit in place.
    spilled: Vec<(CardId, Side)>,
}

impl BattleCards {
    fn new() -> Self {
        Self {
            in_place: [(CardId(0), Side::Attacker); BATTLE_CARDS_IN_PLACE],
            len: 0,
            spilled: Vec::new(),
        }
    }

    fn push(&mut self, card: (CardId, Side)) {
        if self.len < BATTLE_CARDS_IN_PLACE {
            self.in_place[self.len] = card;
        } else {
            if self.len == BATTLE_CARDS_IN_PLACE {
                self.spilled.extend_from_slice(&self.in_place);
            }
            self.spilled.push(card);
        }
        self.len += 1;
    }

    fn as_mut_slice(&mut self) -> &mut [(CardId, Side)] {
        match self.len <= BATTLE_CARDS_IN_PLACE {
            true => &mut self.in_place[..self.len],
            false => &mut self.spilled,
        }
    }
}

impl std::ops::Deref for BattleCards {
    type Target = [(CardId, Side)];

    fn deref(&self) -> &[(CardId, Side)] {
        match self.len <= BATTLE_CARDS_IN_PLACE {
            true => &self.in_place[..self.len],
            false => &self.spilled,
        }
    }
}

/// The realms of a formation some power may close to some attackers or defenders
/// (`Spellfire::formation_closers`): `closing_powers_of` finds a power for no other.
#[derive(Clone, Copy, Default)]
pub(crate) struct FormationClosers {
    /// The positions whose realm or holding has such a power, one bit each.
    own: u16,
    /// Whether a power closes other realms than its card's own: one over every realm of its
    /// player, or a holding's, which acts for the realms sharing it.
    elsewhere: bool,
}

impl FormationClosers {
    /// Whether a power may close the realm at `at`.
    pub(crate) fn may_close(self, at: Position) -> bool {
        self.elsewhere || self.own & (1 << at.index()) != 0
    }
}

/// Which champions lasting powers bar from attacking a player's realms
/// (`Spellfire::attack_bars_on`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum AttackBars {
    /// None: `attack_barred` is `None` for every champion.
    NoChampion,
    /// Those a bar does not let through: `attack_barred` asks of each.
    SomeChampions,
    /// Every champion: a bar lets none through.
    EveryChampion,
}

/// What `ability` does for a realm: any power of the realm's own cards (one over every realm of
/// its player included), only a power over every realm for another realm's card.
fn for_realm(ability: &Ability, own: bool) -> Option<&Effect> {
    match ability.effect.across(Scope::EveryRealm) {
        Some(inner) => Some(inner),
        None => own.then_some(&ability.effect),
    }
}

/// Whether `champions.matches_granted` may read its `granted` designations for `card`: only to
/// ask about a designation the card does not count as by its print.
fn may_read_granted(champions: &Champions, card: &crate::catalogue::cards::Card) -> bool {
    match champions {
        Champions::With(attribute) | Champions::Without(attribute) => !card.counts_as(*attribute),
        Champions::Either(all) | Champions::All(all) => all.iter().any(|c| may_read_granted(c, card)),
        Champions::Not(other) => may_read_granted(other, card),
        Champions::OfType(_)
        | Champions::OfWorld(_)
        | Champions::Tagged(_)
        | Champions::Uses(_)
        | Champions::Named(_) => false,
    }
}

/// Whether `effect` makes a card immune to others (`Spellfire::immunities`).
fn is_immunity(effect: &Effect) -> bool {
    matches!(effect, Effect::ImmuneTo(_) | Effect::ImmuneToAll(_))
}

/// The immunity powers of one side's fighter (`Spellfire::immunities`).
pub(crate) struct Immunities<'a> {
    side: Side,
    fighter: Option<CardId>,
    powers: Vec<&'a Effect>,
    /// The battle's cards with a power that wards fighters (`Immune { of, to }`, see
    /// `battle_wards`): most battles have none.
    wards: &'a [(CardId, Side)],
}

/// A card a side's total counts: what it adds before level changes, and whether the opposing
/// champion is immune to it (then no change of level makes it count either, SF-182).
#[derive(Clone, Copy)]
struct Counted {
    card: CardId,
    value: i32,
    immune: bool,
}

impl Counted {
    const NONE: Counted = Counted {
        card: CardId(0),
        value: 0,
        immune: false,
    };
}

/// Room for the cards one side's total counts: on the stack for as many as a fighter mostly has
/// (his items and the round's cards), on the heap beyond. A total is worked out after every
/// action of a round, and a list on the heap for each side was a fair part of its cost.
struct CountedRoom {
    inline: [Counted; 8],
    spilled: Vec<Counted>,
}

impl CountedRoom {
    fn new() -> Self {
        Self {
            inline: [Counted::NONE; 8],
            spilled: Vec::new(),
        }
    }

    /// Room for `count` cards.
    fn take(&mut self, count: usize) -> &mut [Counted] {
        if count <= self.inline.len() {
            &mut self.inline[..count]
        } else {
            self.spilled.resize(count, Counted::NONE);
            &mut self.spilled
        }
    }
}

/// What a side's total is added up in: a `Total` with its parts (for the table), or its `Value`
/// alone (the losing side, worked out after every action of a round).
pub(crate) trait Tally {
    fn start(champion: CardId, level: i32) -> Self;
    /// Room for `parts` more parts, made at once rather than grown.
    fn room(&mut self, parts: usize);
    fn add(&mut self, source: Source, amount: i32);
}

impl Tally for Total {
    fn start(champion: CardId, level: i32) -> Self {
        Total::new(champion, level)
    }

    fn room(&mut self, parts: usize) {
        self.parts.reserve(parts);
    }

    fn add(&mut self, source: Source, amount: i32) {
        Total::add(self, source, amount);
    }
}

/// A total's value alone: the level and every part added up, as `Total::value` gives it.
pub(crate) struct Value(pub(crate) i32);

impl Tally for Value {
    fn start(_: CardId, level: i32) -> Self {
        Value(level)
    }

    fn room(&mut self, _: usize) {}

    fn add(&mut self, _: Source, amount: i32) {
        self.0 += amount;
    }
}

/// One side's total as it is worked out (`Spellfire::totals_of`): the tally so far, and the cards
/// it counts with what each adds until now.
struct SideTotal<'a, T> {
    side: Side,
    seat: Seat,
    fighter: &'a Fighter,
    tally: T,
    counted: &'a mut [Counted],
}

/// Where `side`'s total is kept in a pair of them: the attacker's first.
fn pair_index(side: Side) -> usize {
    match side {
        Side::Attacker => 0,
        Side::Defender => 1,
    }
}

impl Spellfire {
    pub(crate) fn fighter_of(&self, side: Side) -> Option<&Fighter> {
        let battle = self.battle.as_ref()?;
        match side {
            Side::Attacker => battle.attacking.as_ref(),
            Side::Defender => battle.defending.as_ref(),
        }
    }

    /// The attacked realm's slot, if a battle is on and it is still there.
    fn battle_slot(&self) -> Option<&crate::formation::Slot> {
        let battle = self.battle.as_ref()?;
        self.player(battle.defender).formation.slot(battle.target)
    }

    /// Every card taking part in the battle with the side it fights for, in the order of
    /// activation (SF-136–138): the attacked realm, its holding, then the attacking champion and
    /// his cards, then the defending champion and his; same-type cards by highest icon bonus,
    /// then by name.
    pub(crate) fn battle_cards(&self) -> BattleCards {
        let fighters = SIDES.map(|side| self.fighter_of(side));
        let mut out = BattleCards::new();
        if let Some(slot) = self.battle_slot() {
            // Walked from inside (`for_each`): moving the nest of iterators costs more than its cards.
            self.realm_own_cards(slot)
                .for_each(|card| out.push((card, Side::Defender)));
        }
        for (side, fighter) in SIDES.into_iter().zip(fighters) {
            let Some(fighter) = fighter else { continue };
            if fighter.kind == FighterKind::Champion {
                out.push((fighter.card, side));
            }
            let start = out.len();
            for &card in fighter.attachments.iter().chain(&fighter.round_cards) {
                out.push((card, side));
            }
            // A stable sort keeps the order played among cards of one rank with equal keys.
            // Compared a part at a time: the icon and the name are read only for cards of one type
            // (ranks below 7); cards of other kinds keep the order played.
            out.as_mut_slice()[start..].sort_by(|&(a, _), &(b, _)| {
                let (rank_a, rank_b) = (activation_rank(self.kind(a)), activation_rank(self.kind(b)));
                rank_a.cmp(&rank_b).then_with(|| {
                    if rank_a == 7 {
                        return std::cmp::Ordering::Equal;
                    }
                    // The highest icon bonus first.
                    self.icon_value(b)
                        .cmp(&self.icon_value(a))
                        .then_with(|| self.name(a).cmp(self.name(b)))
                })
            });
        }
        out
    }

    /// The abilities of `card` active now with the trigger, whose condition holds for a card
    /// fighting for `side`.
    fn abilities_now<'a>(&'a self, card: CardId, side: Side, when: Trigger) -> impl Iterator<Item = &'a Ability> + 'a {
        self.abilities_of(card)
            .filter(move |a| a.when == when && self.condition_holds(&a.condition, card, side))
            .filter(move |_| !self.powers_lost(card))
    }

    /// A card's level as a power that says only "level" reads it (AMB-14): by default adjusted — a
    /// fighting champion's total, a pool champion's level with its items' bonuses and experience —
    /// or as printed. An ally's or item's bonus is its printed one either way.
    pub(crate) fn power_level(&self, card: CardId) -> i32 {
        // A champion kept as an ally is, in the round, an ally of his kept bonus.
        if let Some(kept) = self.kept(card).filter(|_| self.kept_ally_fighting(card)) {
            return i32::from(kept.bonus);
        }
        if self.config.rules.unspecified_level_means == LevelMeans::Base || !self.kind(card).is_champion() {
            return self.icon_value(card);
        }
        if let Some(side) = SIDES
            .into_iter()
            .find(|&s| self.fighter_of(s).is_some_and(|f| f.card == card))
        {
            let totals = self.totals_of::<Value>(&[side], &self.battle_cards());
            return totals[pair_index(side)].as_ref().map_or(0, |t| t.0);
        }
        let items: i32 = self.attachments_of(card).iter().map(|&c| self.icon_value(c)).sum();
        self.champion_level(card) + self.experience(card) + items
    }

    /// Whether the active player's spell `card`, used now by `seat`, waits for the other players'
    /// answers before it acts: a spell or the like cast outside a round in phase 3, unless the
    /// table plays without phase-3 counterplay (AMB-6, SF-40).
    pub(crate) fn spell_pause_due(&self, card: CardId, seat: Seat) -> bool {
        self.config.rules.phase3_counterplay == Phase3Counterplay::CounterOnly
            && self.battle.is_none()
            && self.phase.number() == 3
            && seat == self.active
            && matches!(
                self.kind(card),
                CardType::WizardSpell | CardType::ClericSpell | CardType::PsionicPower | CardType::BloodAbility
            )
    }

    /// Whether `card`, taking part in the round, has lost its special power to another card's
    /// (SF-157, SF-158): its abilities do not act and what only its power let it use is barred;
    /// its level and icon stay. A card that takes powers away keeps its own.
    #[inline]
    pub(crate) fn powers_lost(&self, card: CardId) -> bool {
        // Most games hold no such power: asked often, that much is answered where it is asked.
        self.may_have(Family::LosesPowers) && self.powers_taken(card)
    }

    /// `powers_lost` in a game where some card may take powers away.
    #[inline(never)]
    fn powers_taken(&self, card: CardId) -> bool {
        let Some(side) = self.owner_side(card) else {
            return false;
        };
        let Some(fighter) = self.fighter_of(side) else {
            return false;
        };
        self.battle_cards_unordered().any(|(source, source_side)| {
            source != card
                && self.abilities_of(source).any(|a| {
                    let Effect::LosesPowers(of) = &a.effect else {
                        return false;
                    };
                    let kind = self.kind(card);
                    let member = match of.members {
                        Members::Champion => card == fighter.card,
                        Members::Allies => self.round_ally(card),
                        Members::ChampionAndAllies => card == fighter.card || self.round_ally(card),
                        Members::ItemsAndArtifacts => matches!(kind, CardType::MagicalItem | CardType::Artifact),
                        // No power takes away the powers of itself or of a round's first ally.
                        _ => false,
                    };
                    a.when == Trigger::InBattle
                        && includes(of.side, source_side, side)
                        && member
                        && of.only.as_ref().is_none_or(|f| f.matches(self.card(card)))
                        && self.condition_holds(&a.condition, source, source_side)
                })
        })
    }

    /// The sum over the in-play powers of `seat`'s face-up realms and their holdings.
    fn formation_sum(&self, seat: Seat, family: Family, amount: impl Fn(&Effect) -> Option<i32>) -> i32 {
        // Plain loops: `legal` asks the hand limit for every discard it offers. A card without
        // a power of the family is not read, nor a formation whose player owns none.
        if !self.formation_may_have(seat, family) {
            return 0;
        }
        let mut sum = 0;
        for (_, slot) in self.player(seat).formation.realms() {
            if slot.razed {
                continue;
            }
            for card in std::iter::once(slot.realm).chain(slot.holding) {
                if !self.card_may_have(card, family) {
                    continue;
                }
                for ability in self.abilities_of(card) {
                    if ability.when == Trigger::InPlay {
                        sum += amount(&ability.effect).unwrap_or(0);
                    }
                }
            }
        }
        sum
    }

    /// `seat` has just played `card`: if it is a wizard or cleric spell, the `SpellPlayed` powers of
    /// the face-up realms and holdings in play act for their owners (Mulmaster), in seat order.
    pub(crate) fn spell_played(&mut self, seat: Seat, card: CardId, events: &mut Vec<crate::event::Event>) {
        // Most games hold no card with such a power: no realm or holding is read for one.
        if !self.may_have(Family::SpellPlayed)
            || !matches!(self.kind(card), CardType::WizardSpell | CardType::ClericSpell)
        {
            return;
        }
        let mut acting = Vec::new();
        for owner in Seat::all(self.seats()) {
            let slots = self.player(owner).formation.realms().filter(|(_, s)| !s.razed);
            for source in slots.flat_map(|(_, s)| [Some(s.realm), s.holding]).flatten() {
                for ability in self.abilities_of(source) {
                    let Trigger::SpellPlayed(whose) = ability.when else {
                        continue;
                    };
                    let fits = match whose {
                        Whose::Anyone => true,
                        Whose::Own => seat == owner,
                        Whose::Opponents => seat != owner,
                        Whose::Facing => self.facing(owner) == Some(seat),
                    };
                    if fits {
                        acting.push((ability.effect.clone(), source, owner));
                    }
                }
            }
        }
        for (effect, source, owner) in acting {
            self.carry_out(&effect, source, owner, None, &[], events);
        }
    }

    /// A battle is about to raze `seat`'s realm at `at`: whether its power keeps it face up this
    /// time (Nibenay), counting the razings in a row it has withstood.
    pub(crate) fn withstands_razing(
        &mut self,
        seat: Seat,
        at: crate::formation::Position,
        events: &mut Vec<crate::event::Event>,
    ) -> bool {
        let Some(realm) = self.player(seat).formation.slot(at).map(|s| s.realm) else {
            return false;
        };
        let most = self.abilities_of(realm).find_map(|a| match a.effect {
            Effect::WithstandsRazings(n) if a.when == Trigger::InPlay => Some(n),
            _ => None,
        });
        let Some(most) = most else { return false };
        let done = self
            .tracks
            .withstood
            .iter()
            .find(|(r, _)| *r == realm)
            .map_or(0, |&(_, n)| n);
        self.tracks.withstood.retain(|(r, _)| *r != realm);
        if done >= most {
            return false;
        }
        self.tracks.withstood.push((realm, done + 1));
        events.push(crate::event::Event::RazingWithstood {
            seat,
            at,
            realm: self.card_name(realm),
        });
        true
    }

    /// The defender `seat` won the battle: the attacked realm's row of withstood razings ends.
    pub(crate) fn realm_held(&mut self, seat: Seat) {
        let target = self.battle.as_ref().map(|b| b.target);
        if let Some(realm) = target
            .and_then(|at| self.player(seat).formation.slot(at))
            .map(|s| s.realm)
        {
            self.tracks.withstood.retain(|(r, _)| *r != realm);
        }
    }

    /// How many cards `seat` may hold at the end of a turn: the format's limit and its realms'
    /// powers (SF-46).
    pub fn hand_limit_for(&self, seat: Seat) -> usize {
        if !self.may_have(Family::HandSize) {
            return self.hand_limit();
        }
        let more = self.formation_sum(seat, Family::HandSize, |e| match e {
            Effect::HandSize(n) => Some(i32::from(*n)),
            _ => None,
        });
        (self.hand_limit() as i32 + more).max(0) as usize
    }

    /// The cards `seat`'s realms add to its phase-1 draw.
    pub(crate) fn extra_draws(&self, seat: Seat) -> usize {
        if !self.may_have(Family::ExtraDraws) {
            return 0;
        }
        self.formation_sum(seat, Family::ExtraDraws, |e| match e {
            Effect::ExtraDraws(n) => Some(i32::from(*n)),
            _ => None,
        }) as usize
    }

    /// The magical items and artifacts `champion` carries, in a pool or a battle.
    pub(crate) fn attachments_of(&self, champion: CardId) -> &[CardId] {
        let in_pools = self
            .players
            .iter()
            .flat_map(|p| p.pool.iter())
            .find(|c| c.card == champion);
        if let Some(found) = in_pools {
            return &found.attachments;
        }
        let battle = self.battle.iter().flat_map(|b| [&b.attacking, &b.defending]).flatten();
        battle
            .filter(|f| f.card == champion)
            .map(|f| f.attachments.as_slice())
            .next()
            .unwrap_or(&[])
    }

    /// Whether something `champion` carries has an in-play power matching `wanted`.
    pub(crate) fn carries(&self, champion: CardId, wanted: impl Fn(&Effect) -> bool) -> bool {
        self.any_carried(self.attachments_of(champion), wanted)
    }

    /// `carries`, of a champion's `attachments` already found.
    pub(crate) fn any_carried(&self, attachments: &[CardId], wanted: impl Fn(&Effect) -> bool) -> bool {
        attachments.iter().any(|&item| {
            self.abilities_of(item)
                .any(|a| a.when == Trigger::InPlay && wanted(&a.effect))
        })
    }

    /// The kind a card fights as: the kind chosen for it this round (Chest of Many Things), a
    /// realm or holding that defends as a champion kind, or its own.
    pub(crate) fn fights_as(&self, card: CardId) -> CardType {
        let chosen = self
            .battle
            .as_ref()
            .and_then(|b| b.kinds.iter().find(|&&(c, _)| c == card));
        if let Some(&(_, kind)) = chosen {
            return kind;
        }
        if self.kept_ally_fighting(card) {
            return CardType::Ally;
        }
        // Asked of every user of a spell or the like: most cards have no such power.
        if !self.card_may_have(card, Family::RealmLends) {
            return self.kind(card);
        }
        self.abilities_of(card)
            .find_map(|a| match a.effect {
                Effect::DefendsAs(kind) => Some(kind),
                _ => None,
            })
            .unwrap_or(self.kind(card))
    }

    fn fighting_matches(&self, side: Side, champions: &Champions) -> bool {
        self.fighter_of(side).is_some_and(|f| self.is(champions, f.card))
    }

    /// Whether `card` is one of `champions` now: its facts, the kind it fights as, and the
    /// designations a power gives it for the moment (a flyer by Flight or Fly).
    pub(crate) fn is(&self, champions: &Champions, card: CardId) -> bool {
        let facts = self.card(card);
        // What a power grants for now is read (dear: the battle's and the pools' powers) only
        // when the description names a designation the card lacks in print.
        if !may_read_granted(champions, facts) {
            return champions.matches_as(facts, self.fights_as(card));
        }
        champions.matches_granted(facts, self.fights_as(card), &self.granted(card))
    }

    /// The designations `card` has for now by another card's power: flight, while it takes part
    /// in a battle where a spell makes it fly. The effect is matched before the condition is
    /// read, and a power that makes cards fly is not itself lost (SF-157), so that a condition
    /// naming flyers never leads back here.
    pub(crate) fn granted(&self, card: CardId) -> Vec<crate::catalogue::cards::Attribute> {
        let flies = self.battle.as_ref().is_some_and(|b| b.flying.contains(&card))
            || self.owner_side(card).is_some_and(|side| {
                self.battle_cards_unordered().any(|(source, source_side)| {
                    self.abilities_of(source)
                        .filter(|a| a.when == Trigger::InBattle)
                        .any(|a| match &a.effect {
                            Effect::Flies(of) => {
                                includes(of.side, source_side, side)
                                    && self.member_of(of.members, side, card)
                                    && of.only.as_ref().is_none_or(|f| f.matches(self.card(card)))
                                    && (a.condition == Condition::Always
                                        || self.condition_holds(&a.condition, source, source_side))
                            }
                            _ => false,
                        })
                })
            });
        let mut granted = if flies {
            vec![crate::catalogue::cards::Attribute::Flyer]
        } else {
            Vec::new()
        };
        // A champion kept as an ally is what his keeper's card makes him (Death Rock: undead).
        if let Some(kept) = self.kept(card) {
            granted.extend(&kept.designations);
        }
        // Designations given to every champion of a player (Elemental Avatar of Earth): none
        // when none of his cards may give one, and then the walk is not even set up.
        if self.kind(card).is_champion() && self.owned_may_have(self.owner(card), Family::EveryChampion) {
            for inner in self.player_wide(self.owner(card)) {
                if let Effect::Designated(attribute) = inner
                    && !granted.contains(attribute)
                {
                    granted.push(*attribute);
                }
            }
        }
        granted
    }

    /// Whether `card`, fighting for `side`, is one of the side's `members` (for powers that
    /// name them as a whole; `This` and the first ally name no card here).
    fn member_of(&self, members: Members, side: Side, card: CardId) -> bool {
        let Some(fighter) = self.fighter_of(side) else {
            return false;
        };
        let ally =
            self.round_ally(card) && (fighter.round_cards.contains(&card) || fighter.attachments.contains(&card));
        match members {
            Members::Champion => card == fighter.card,
            Members::Allies => ally,
            Members::ChampionAndAllies => card == fighter.card || ally,
            Members::ItemsAndArtifacts => {
                fighter.attachments.contains(&card)
                    && matches!(self.kind(card), CardType::MagicalItem | CardType::Artifact)
            }
            Members::RoundCards => fighter.round_cards.contains(&card),
            Members::This | Members::FirstAlly => false,
        }
    }

    /// Whether a condition holds now for `card`, which fights for `side` in the battle.
    pub(crate) fn condition_holds(&self, condition: &Condition, card: CardId, side: Side) -> bool {
        match condition {
            Condition::Always => true,
            Condition::UserIs(attribute) => self.card(card).has(*attribute),
            Condition::InPoolSinceLastTurn => {
                let player = self.player(self.owner(card));
                let champion = player
                    .pool
                    .iter()
                    .find(|c| c.card == card || c.attachments.contains(&card))
                    .map(|c| c.card);
                champion.is_some_and(|c| {
                    self.tracks
                        .pooled
                        .iter()
                        .find(|(p, _)| *p == c)
                        .is_none_or(|&(_, turn)| player.turns > turn)
                })
            }
            Condition::All(all) => all.iter().all(|c| self.condition_holds(c, card, side)),
            Condition::Any(any) => any.iter().any(|c| self.condition_holds(c, card, side)),
            Condition::Fighting(party, champions) => SIDES
                .into_iter()
                .any(|s| includes(*party, side, s) && self.fighting_matches(s, champions)),
            Condition::Defending => self.battle.is_some() && side == Side::Defender,
            Condition::AtRealm(named) => self.battle_slot().is_some_and(|s| named.matches(self.card(s.realm))),
            Condition::RealmHasHolding => self.battle_slot().is_some_and(|s| s.holding.is_some()),
            Condition::InPlay(named, whose) => self.in_play_unique().any(|c| {
                named.matches(self.card(c))
                    && match whose {
                        Whose::Own => self.owner(c) == self.owner(card),
                        Whose::Opponents => self.owner(c) != self.owner(card),
                        Whose::Facing => self.facing(self.owner(card)) == Some(self.owner(c)),
                        Whose::Anyone => true,
                    }
            }),
            Condition::AttachedTo(named) => self.players.iter().any(|p| {
                p.formation
                    .realms()
                    .any(|(_, s)| s.holding == Some(card) && named.matches(self.card(s.realm)))
            }),
            Condition::AttackedRealm(realms) => self.battle_slot().is_some_and(|s| realms.matches(self.card(s.realm))),
            Condition::Attacking => self.battle.is_some() && side == Side::Attacker,
            Condition::HasNotAttacked => !self
                .used
                .attacked
                .iter()
                .any(|&c| c == card || self.attachments_of(c).contains(&card)),
            Condition::Threatened(cards) => self
                .pending
                .iter()
                .rev()
                .find_map(|p| match p {
                    crate::state::Pending::Reply(reply) => Some(reply),
                    _ => None,
                })
                .is_some_and(|reply| reply.threatened.iter().any(|&t| cards.matches(self.card(t)))),
            Condition::OnlyCopyInPlay => {
                let identity = self.cards[card.index()].identity;
                !self
                    .in_play_unique()
                    .any(|c| c != card && self.cards[c.index()].identity == identity)
            }
            Condition::HasAllies(party) => SIDES.into_iter().any(|s| {
                includes(*party, side, s)
                    && self
                        .fighter_of(s)
                        .is_some_and(|f| self.round_allies(f).next().is_some())
            }),
        }
    }

    /// The totals of `sides` in the current round (SF-111), the attacker's first (none for a side
    /// not asked or with no fighter): the champion's level (or the realm's), the bonus of every
    /// item, artifact and one-round card with it, the level changes, and the World Bonus if
    /// played. `cards` are the `battle_cards`, in their order of activation; the sides asked
    /// together read their powers in one walk, each side's parts in the order it alone would
    /// have them.
    pub(crate) fn totals_of<T: Tally>(&self, sides: &[Side], cards: &[(CardId, Side)]) -> [Option<T>; 2] {
        // The cards that ward fighters are the same for both sides: found once.
        let wards = self.battle_wards(cards.iter().copied());
        let mut rooms = [CountedRoom::new(), CountedRoom::new()];
        let mut totals = [None, None];
        for ((total, room), side) in totals.iter_mut().zip(&mut rooms).zip(SIDES) {
            if sides.contains(&side) {
                *total = self.start_total::<T>(side, &wards, room);
            }
        }
        self.add_level_changes(&mut totals, cards);
        totals.map(|total| {
            total.map(|mut total| {
                self.add_world_bonus(total.fighter, &mut total.tally);
                total.tally
            })
        })
    }

    /// `side`'s total before level changes: the level, experience, what each of its cards adds,
    /// and the pool champions fighting beside it. `wards`: the battle's cards that ward
    /// fighters (`battle_wards`); `room`: where the cards counted are kept.
    fn start_total<'a, T: Tally>(
        &'a self,
        side: Side,
        wards: &[(CardId, Side)],
        room: &'a mut CountedRoom,
    ) -> Option<SideTotal<'a, T>> {
        let battle = self.battle.as_ref()?;
        let fighter = self.fighter_of(side)?;
        let mut tally = T::start(fighter.card, self.champion_level(fighter.card));
        tally.room(fighter.attachments.len() + fighter.round_cards.len() + 3);
        tally.add(Source::Experience, self.experience(fighter.card));
        // The opposing champion's immunities are read once for every card counted here.
        let against = self.immunities(side.other(), wards);
        let cards = std::iter::once(fighter.card)
            .chain(fighter.attachments.iter().copied())
            .chain(fighter.round_cards.iter().copied());
        let counted = room.take(1 + fighter.attachments.len() + fighter.round_cards.len());
        for (slot, card) in counted.iter_mut().zip(cards) {
            let immune = self.immune_by(&against, card);
            *slot = Counted {
                card,
                value: self.counted_value(card, immune),
                immune,
            };
        }
        for part in &counted[1..] {
            tally.add(Source::Card(part.card), part.value);
        }
        // Champions of the side's pool fighting beside it as allies (Helm of Teleportation).
        let seat = if side == Side::Attacker {
            battle.attacker
        } else {
            battle.defender
        };
        for &card in battle.joined.iter().filter(|&&c| self.owner(c) == seat) {
            tally.add(Source::Card(card), self.icon_value(card));
        }
        Some(SideTotal {
            side,
            seat,
            fighter,
            tally,
            counted,
        })
    }

    /// The World Bonus (SF-260), if played, for `fighter` at a realm of its world.
    fn add_world_bonus(&self, fighter: &Fighter, tally: &mut impl Tally) {
        if !self.config.rules.world_bonuses {
            return;
        }
        let Some(battle) = &self.battle else { return };
        let realm = self
            .player(battle.defender)
            .formation
            .slot(battle.target)
            .map(|s| s.realm);
        if realm.is_some_and(|r| self.card(r).world == self.card(fighter.card).world) {
            tally.add(Source::WorldBonus, WORLD_BONUS);
        }
    }

    /// The level changes acting on each side of `totals` (SF-140), added to its total as parts
    /// from the cards that make them. Each change acts on the value the earlier ones left, in the
    /// order of activation, so a doubling after a gain doubles the gain too. A power's condition
    /// and whether its card lost its powers are read once for both sides.
    /// `cards` are the `battle_cards`, in their order of activation.
    fn add_level_changes<T: Tally>(&self, totals: &mut [Option<SideTotal<'_, T>>; 2], cards: &[(CardId, Side)]) {
        if totals.iter().all(Option::is_none) {
            return;
        }
        // The realm and its holding act first, then cards played before the battle whose power
        // lasts (SF-136 step 4), then the champions and their cards.
        let front = cards
            .iter()
            .take_while(|(c, _)| matches!(self.kind(*c), CardType::Realm | CardType::Holding))
            .count();
        for (i, &(source, source_side)) in cards.iter().enumerate() {
            if i == front {
                // Then the powers of the defender's other realms and holdings that reach every
                // realm of his (Fort Melidor).
                let across = self.battle_slot().into_iter().flat_map(|s| self.realm_across_cards(s));
                for other in across {
                    for ability in self.abilities_now(other, Side::Defender, Trigger::InBattle) {
                        if let Some(Effect::Levels { of, change }) = ability.effect.across(Scope::EveryRealm) {
                            for total in totals.iter_mut().flatten() {
                                if includes(of.side, Side::Defender, total.side) {
                                    self.change_levels(total, other, of, *change);
                                }
                            }
                        }
                    }
                }
                for lasting in &self.lasting {
                    let Some(Effect::Levels { of, change }) = self.lasting_effect(lasting.card) else {
                        continue;
                    };
                    for total in totals.iter_mut().flatten() {
                        let reaches = match of.side {
                            Party::Own => total.seat == lasting.by,
                            Party::Opposing => total.seat != lasting.by,
                            Party::Both => true,
                        };
                        if reaches && !lasting.spared.contains(&total.seat) {
                            self.change_levels(total, lasting.card, of, *change);
                        }
                    }
                }
            }
            // The effect is matched before the condition and the powers are read (`abilities_now`
            // reads them first): most powers in a battle change no level, and those reads are dear.
            for ability in self.abilities_of(source).filter(|a| a.when == Trigger::InBattle) {
                let effect = ability.effect.across(Scope::EveryRealm).unwrap_or(&ability.effect);
                let Effect::Levels { of, change } = effect else {
                    continue;
                };
                let mut acts = None;
                for total in totals.iter_mut().flatten() {
                    if includes(of.side, source_side, total.side)
                        && *acts.get_or_insert_with(|| {
                            self.condition_holds(&ability.condition, source, source_side) && !self.powers_lost(source)
                        })
                    {
                        self.change_levels(total, source, of, *change);
                    }
                }
            }
        }
    }

    /// `source`'s change of level to the cards of `total` it names (see `add_level_changes`).
    fn change_levels<T: Tally>(
        &self,
        total: &mut SideTotal<'_, T>,
        source: CardId,
        of: &crate::effects::Fighters,
        change: crate::effects::Change,
    ) {
        let fighter = total.fighter;
        for Counted {
            card: member,
            value,
            immune,
        } in total.counted.iter_mut()
        {
            let kind = self.kind(*member);
            let chosen = match of.members {
                Members::This => *member == source,
                Members::Champion => *member == fighter.card,
                Members::Allies => self.round_ally(*member),
                Members::ChampionAndAllies => *member == fighter.card || self.round_ally(*member),
                Members::ItemsAndArtifacts => matches!(kind, CardType::MagicalItem | CardType::Artifact),
                Members::RoundCards => fighter.round_cards.contains(member),
                // Rare: found only when a power names him.
                Members::FirstAlly => Some(*member) == self.round_allies(fighter).next(),
            };
            let fits = of.only.as_ref().is_none_or(|f| self.is(f, *member));
            // A card the opposing champion is immune to adds nothing, changed or not (SF-182).
            if chosen && fits && !*immune {
                let changed = change.apply(*value);
                total.tally.add(Source::Card(source), changed - *value);
                *value = changed;
            }
        }
    }

    /// The effect that a played card left lasting.
    fn lasting_effect(&self, card: CardId) -> Option<&Effect> {
        // The lasting part of a card that also acts at once (Mutiny!: `Then([.., For(..)])`).
        fn lasting(effect: &Effect) -> Option<&Effect> {
            match effect {
                Effect::For(_, inner) => Some(inner),
                Effect::Then(all) => all.iter().find_map(lasting),
                // Death Fog's bar on the chosen player's champions.
                Effect::OnePlayer(_, inner) | Effect::Every(inner) => lasting(inner),
                _ => None,
            }
        }
        self.card(card).power.on_play().and_then(|a| lasting(&a.effect))
    }

    /// How many powers of cards already played are still lasting.
    pub fn lasting_count(&self) -> usize {
        self.lasting.len()
    }

    /// Whether a lasting power bars `champion` from attacking `defender`'s realms now.
    pub fn lasting_bars(&self, champion: CardId, defender: Seat) -> bool {
        self.attack_barred(champion, defender).is_some()
    }

    /// A lasting bar on attacking `defender`'s realms with `champion`, and the card that made it.
    #[inline]
    pub(crate) fn attack_barred(&self, champion: CardId, defender: Seat) -> Option<CardId> {
        // Asked of every champion `legal` offers, while most of the time nothing lasts: that much
        // is answered where it is asked.
        if self.lasting.is_empty() {
            return None;
        }
        self.lasting_bar(champion, defender)
    }

    /// `attack_barred` while some power lasts.
    #[inline(never)]
    fn lasting_bar(&self, champion: CardId, defender: Seat) -> Option<CardId> {
        self.bars_on(defender)
            .find(|(_, unless)| !unless.is_some_and(|who| who.matches(self.card(champion))))
            .map(|(card, _)| card)
    }

    /// Which champions lasting powers bar from attacking `defender`'s realms now
    /// (`attack_barred`), as far as it is known without asking of each (`legal` asks this once a
    /// seat).
    pub(crate) fn attack_bars_on(&self, defender: Seat) -> AttackBars {
        let mut bars = AttackBars::NoChampion;
        if self.lasting.is_empty() {
            return bars;
        }
        for (_, unless) in self.bars_on(defender) {
            if unless.is_none() {
                return AttackBars::EveryChampion;
            }
            bars = AttackBars::SomeChampions;
        }
        bars
    }

    /// The lasting bars on attacking `defender`'s realms: each one's card, with the champions it
    /// lets through.
    fn bars_on(&self, defender: Seat) -> impl Iterator<Item = (CardId, Option<&Champions>)> {
        self.lasting.iter().filter_map(move |lasting| {
            let Some(Effect::NoAttacksOn { realms, unless }) = self.lasting_effect(lasting.card) else {
                return None;
            };
            let covered = match realms {
                Whose::Anyone => true,
                Whose::Own => defender == lasting.by,
                Whose::Opponents => defender != lasting.by,
                Whose::Facing => self.facing(lasting.by) == Some(defender),
            };
            (covered && !lasting.spared.contains(&defender)).then_some((lasting.card, unless.as_ref()))
        })
    }

    /// The card whose lasting power keeps `champion` from attacking (or, `defending`, from
    /// defending) now: Geas, Death Fog.
    #[inline]
    pub(crate) fn kept_from(&self, champion: CardId, defending: bool) -> Option<CardId> {
        // Asked of every champion `legal` offers, while most of the time nothing lasts.
        if self.lasting.is_empty() {
            return None;
        }
        self.lasting
            .iter()
            .filter(|l| l.on == Some(champion))
            .find_map(|lasting| {
                let Some(Effect::Barred { from, .. }) = self.lasting_effect(lasting.card) else {
                    return None;
                };
                (!defending || from.defending()).then_some(lasting.card)
            })
    }

    /// What a card adds to a side's total before level changes: its icon, or nothing when the
    /// opposing champion is `immune` to it (SF-180).
    pub(crate) fn counted_value(&self, card: CardId, immune: bool) -> i32 {
        if immune || self.bonus_forgone(card) {
            0
        } else if let Some(kept) = self.kept(card) {
            // A kept ally a limit on allies leaves out of the round adds nothing.
            if self.kept_ally_fighting(card) {
                i32::from(kept.bonus)
            } else {
                0
            }
        } else {
            self.icon_value(card)
        }
    }

    /// Whether `side`'s champion is immune to `card` (section 16): an offensive card (a harmful
    /// event) of a kind its own power, or the attacked realm's or holding's power for the
    /// defending side, makes it immune to (SF-178, SF-179, SF-181). Defensive cards never.
    pub(crate) fn immune(&self, side: Side, card: CardId) -> bool {
        let wards = self.battle_wards(self.battle_cards_unordered());
        self.immune_by(&self.immunities(side, &wards), card)
    }

    /// The cards among `cards` (of the battle's, with their sides) with a power that wards
    /// fighters (`Immune { of, to }`): none, without a look, in a game with no such card.
    pub(crate) fn battle_wards(&self, cards: impl IntoIterator<Item = (CardId, Side)>) -> Vec<(CardId, Side)> {
        if !self.may_have(Family::Wards) {
            return Vec::new();
        }
        cards
            .into_iter()
            .filter(|&(card, _)| {
                self.card_may_have(card, Family::Wards)
                    && self
                        .abilities_of(card)
                        .any(|a| a.when == Trigger::InBattle && matches!(a.effect, Effect::Immune { .. }))
            })
            .collect()
    }

    /// The immunity powers `side`'s fighter has now, read once for all the cards a total counts:
    /// its own (unless another card took them away, SF-157), what it carries, the attacked
    /// realm's and holding's for the defender, and those its player's cards give every champion
    /// of his (Codex of the Infinite Planes: `Across(EveryChampion, ImmuneTo(…))`); `wards`: the
    /// battle's cards that ward fighters (`battle_wards`).
    pub(crate) fn immunities<'a>(&'a self, side: Side, wards: &'a [(CardId, Side)]) -> Immunities<'a> {
        let immunity = self.may_have(Family::Immunity);
        let Some(fighter) = self.fighter_of(side).filter(|_| immunity || !wards.is_empty()) else {
            // No fighter, or no card of the game gives immunity: immune to nothing.
            return Immunities {
                side,
                fighter: None,
                powers: Vec::new(),
                wards: &[],
            };
        };
        // Plain loops: most cards have no immunity, and every total reads these.
        let mut powers: Vec<&Effect> = Vec::new();
        if immunity {
            self.push_own_immunities(side, fighter, &mut powers);
        }
        Immunities {
            side,
            fighter: Some(fighter.card),
            powers,
            wards,
        }
    }

    /// The immunity powers `side`'s `fighter` has by its own cards (see `immunities`).
    fn push_own_immunities<'a>(&'a self, side: Side, fighter: &'a Fighter, powers: &mut Vec<&'a Effect>) {
        self.push_immunities(fighter.card, powers);
        if !powers.is_empty() && self.powers_lost(fighter.card) {
            powers.clear();
        }
        for &item in &fighter.attachments {
            self.push_immunities(item, powers);
        }
        if side == Side::Defender
            && let Some(slot) = self.battle_slot()
        {
            for card in std::iter::once(slot.realm).chain(slot.holding) {
                self.push_immunities(card, powers);
            }
        }
        // The walk of `player_wide` is not even set up for a player none of whose cards gives
        // every champion of his a power (it would find nothing).
        let owner = self.owner(fighter.card);
        if fighter.kind == FighterKind::Champion
            && self.kind(fighter.card).is_champion()
            && self.owned_may_have(owner, Family::EveryChampion)
        {
            powers.extend(self.player_wide(owner).filter(|e| is_immunity(e)));
        }
    }

    /// The immunity powers of `source` itself (`immunities`), onto `powers`. Inlined: most cards
    /// have none, and the look that says so costs less than a call.
    #[inline(always)]
    fn push_immunities<'a>(&'a self, source: CardId, powers: &mut Vec<&'a Effect>) {
        if !self.card_may_have(source, Family::Immunity) {
            return;
        }
        for ability in self.abilities_of(source) {
            if matches!(ability.when, Trigger::InPlay | Trigger::InBattle) && is_immunity(&ability.effect) {
                powers.push(&ability.effect);
            }
        }
    }

    /// Whether the fighter whose `immunities` these are is immune to `card` (see `immune`).
    pub(crate) fn immune_by(&self, immunities: &Immunities, card: CardId) -> bool {
        let Some(fighter) = immunities.fighter else {
            return false;
        };
        // Most fighters have no immunity and no ward: then nothing about the card is read.
        if immunities.powers.is_empty() && immunities.wards.is_empty() {
            return false;
        }
        if self.owner_side(card) == Some(immunities.side) {
            return false;
        }
        let facts = self.card(card);
        immunities.powers.iter().any(|e| e.immunity_covers(facts))
            || self.warded_among(immunities.wards.iter().copied(), immunities.side, fighter, card)
    }

    /// Whether `card`, fighting for `side`, is immune to `source` by a card of the battle whose
    /// power wards its side's fighters (Protection from Lightning: `Immune { of, to }`).
    fn warded(&self, side: Side, card: CardId, source: CardId) -> bool {
        if !self.may_have(Family::Wards) {
            return false;
        }
        self.warded_among(self.battle_cards_unordered(), side, card, source)
    }

    /// `warded`, with the battle's cards that may ward given.
    fn warded_among(
        &self,
        wards: impl IntoIterator<Item = (CardId, Side)>,
        side: Side,
        card: CardId,
        source: CardId,
    ) -> bool {
        if self.owner_side(source) == Some(side) {
            return false;
        }
        // The effect is matched before the ward's condition and powers are read: most cards
        // ward nothing, and those reads are the dear part.
        wards.into_iter().any(|(ward, ward_side)| {
            self.abilities_of(ward).any(|a| match &a.effect {
                Effect::Immune { of, to } if a.when == Trigger::InBattle => {
                    includes(of.side, ward_side, side)
                        && self.member_of(of.members, side, card)
                        && of.only.as_ref().is_none_or(|f| self.is(f, card))
                        && self.is(to, source)
                        && self.condition_holds(&a.condition, ward, ward_side)
                        && !self.powers_lost(ward)
                }
                _ => false,
            })
        })
    }

    /// Whether a card in play of the player of `champion` (a champion) makes every champion of
    /// his immune to `facts` (Codex of the Infinite Planes: `Across(EveryChampion, ImmuneTo(…))`).
    fn player_wide_immunity(&self, champion: CardId, facts: &crate::catalogue::cards::Card) -> bool {
        self.kind(champion).is_champion()
            && self
                .player_wide(self.owner(champion))
                .any(|inner| inner.immunity_covers(facts))
    }

    /// What the cards of `seat` in play — pool champions, fighting champions and what they
    /// carry — give every champion of his all the time (`Across(EveryChampion, inner)` acting
    /// `InPlay`): the inner effects.
    pub(crate) fn player_wide(&self, seat: Seat) -> impl Iterator<Item = &Effect> + '_ {
        // A player none of whose cards has such a power walks no card (`Family::EveryChampion`):
        // only his own cards give it. Otherwise the game's few cards with one are looked for in
        // play, unless an item copies a power (then any card may give one, and every card in play
        // is read). A walk not needed is not even set up: an empty nest of iterators still costs
        // its every layer on each question.
        let may = self.owned_may_have(seat, Family::EveryChampion);
        let listed = (self.holders_of(Family::EveryChampion)).filter(|_| may && self.tracks.copies.is_empty());
        let walk = (may && listed.is_none()).then(|| {
            self.champions_in_play()
                .flat_map(|(card, attached)| std::iter::once(card).chain(attached.iter().copied()))
                .filter(move |&c| self.card_may_have(c, Family::EveryChampion))
        });
        // The owner is read before the walk of the champions in play.
        let found = listed
            .into_iter()
            .flatten()
            .filter(move |&c| self.owner(c) == seat && self.champion_or_carried(c));
        found
            .chain(walk.into_iter().flatten().filter(move |&c| self.owner(c) == seat))
            .flat_map(move |c| {
                self.abilities_of(c)
                    .filter(|a| a.when == Trigger::InPlay)
                    .filter_map(|a| a.effect.across(Scope::EveryChampion))
            })
    }

    /// Whether `card` is a champion in a pool or a battle, or carried by one.
    fn champion_or_carried(&self, card: CardId) -> bool {
        self.champions_in_play()
            .any(|(champion, attached)| champion == card || attached.contains(&card))
    }

    /// Every champion in a pool or fighting in the battle (or what fights in its place), with
    /// what it carries.
    fn champions_in_play(&self) -> impl Iterator<Item = (CardId, &[CardId])> + '_ {
        let pools = self
            .players
            .iter()
            .flat_map(|p| &p.pool)
            .map(|c| (c.card, &c.attachments[..]));
        let fighters = self.battle.iter().flat_map(|b| [&b.attacking, &b.defending]).flatten();
        pools.chain(fighters.map(|f| (f.card, &f.attachments[..])))
    }

    /// Whether `cards` (of a power of `source`, played by `by`) selects `card`: its facts, its
    /// owner, and no immunity of its own (or its champion's, SF-185) to `source`.
    pub(crate) fn selects(&self, cards: &Cards, card: CardId, by: Seat, source: CardId) -> bool {
        let owner_fits = match cards.whose {
            Whose::Anyone => true,
            Whose::Own => self.owner(card) == by,
            Whose::Opponents => self.owner(card) != by,
            Whose::Facing => self.facing(by) == Some(self.owner(card)),
        };
        owner_fits
            && (!cards.in_battle || self.owner_side(card).is_some())
            && self.selected_kind(card).is_some_and(|kind| {
                let level = || self.power_level(card);
                cards.fits_as_asking(self.card(card), kind, level, || self.granted(card))
            })
            && !self.shielded(card, source)
    }

    /// Whether `card` is immune to `source` (an offensive card or harmful event) by its own power,
    /// what it carries, or — an ally or item in a round — its champion's (SF-185).
    pub(crate) fn shielded(&self, card: CardId, source: CardId) -> bool {
        let facts = self.card(source);
        let immune_by = |holder: CardId| {
            let own = self
                .abilities_of(holder)
                .any(|a| a.when == Trigger::InPlay && a.effect.immunity_covers(facts));
            own || self.carries(holder, |e| e.immunity_covers(facts)) || self.player_wide_immunity(holder, facts)
        };
        let champion = self
            .owner_side(card)
            .and_then(|side| self.fighter_of(side))
            .map(|f| f.card);
        immune_by(card)
            || champion.is_some_and(|c| c != card && immune_by(c))
            || self
                .owner_side(card)
                .is_some_and(|side| self.warded(side, card, source))
    }

    /// The side whose fighter `card` is with, if any.
    pub(crate) fn owner_side(&self, card: CardId) -> Option<Side> {
        [Side::Attacker, Side::Defender].into_iter().find(|&side| {
            self.fighter_of(side)
                .is_some_and(|f| f.card == card || f.attachments.contains(&card) || f.round_cards.contains(&card))
        })
    }

    /// Whether the realm at `slot` (by its own power or its holding's) is immune to `card`, an
    /// offensive card or harmful event aimed at it (SF-178).
    pub(crate) fn realm_immune_to(&self, slot: &crate::formation::Slot, card: CardId) -> bool {
        let facts = self.card(card);
        [Some(slot.realm), slot.holding].into_iter().flatten().any(|source| {
            self.abilities_of(source)
                .any(|a| a.when == Trigger::InPlay && a.effect.immunity_covers(facts))
        })
    }

    /// The cards whose powers act for the realm at `slot`: its own (`true`), then those of its
    /// player with a power over every realm of his.
    pub(crate) fn realm_power_cards<'a>(
        &'a self,
        slot: &'a crate::formation::Slot,
    ) -> impl Iterator<Item = (CardId, bool)> + 'a {
        let own = self.realm_own_cards(slot).map(|card| (card, true));
        let across = self.realm_across_cards(slot).map(|card| (card, false));
        own.chain(across)
    }

    /// The powers closing `seat`'s realm at `at` to some attackers (`attacking`) or defenders,
    /// with their cards, in the order they act (SF-140, SF-147).
    pub(crate) fn closing_powers_of(
        &self,
        seat: Seat,
        at: Position,
        attacking: bool,
    ) -> impl Iterator<Item = (CardId, &Champions)> {
        let slot = self.player(seat).formation.slot(at);
        slot.into_iter().flat_map(move |slot| {
            self.realm_power_cards(slot)
                .flat_map(move |(card, own)| self.closing_powers(card, own, attacking).map(move |who| (card, who)))
        })
    }

    /// The champions a power of `card` keeps from attacking (or defending) the realm it acts for
    /// (`own`: the realm's own card, else one with a power over every realm of its player).
    pub(crate) fn closing_powers(&self, card: CardId, own: bool, attacking: bool) -> impl Iterator<Item = &Champions> {
        self.abilities_of(card)
            .filter(|a| matches!(a.when, Trigger::InPlay | Trigger::InBattle))
            .filter_map(move |a| match for_realm(a, own)? {
                Effect::CannotBeAttackedBy(who) if attacking => Some(who),
                Effect::CannotBeDefendedBy(who) if !attacking => Some(who),
                _ => None,
            })
    }

    /// The realms of `seat`'s formation that a power may close to some attackers (`attacking`) or
    /// defenders: the realms and holdings (razed or not) with a power that closes a realm, for
    /// the realm itself or for every realm of its player, are read, and every card
    /// `closing_powers` could find for one of the seat's realms is among them.
    pub(crate) fn formation_closers(&self, seat: Seat, attacking: bool) -> FormationClosers {
        let mut closers = FormationClosers::default();
        let may_close = |card: CardId| self.card_may_have(card, Family::ClosesRealm);
        for (at, slot) in self.player(seat).formation.realms() {
            // Most cards have no such power in print: their abilities are not read.
            if may_close(slot.realm) || slot.holding.is_some_and(may_close) {
                self.read_closers(at, slot, attacking, &mut closers);
            }
        }
        closers
    }

    /// `formation_closers` of the realm at `at`, whose realm or holding may have a closing power.
    #[inline(never)]
    fn read_closers(
        &self,
        at: Position,
        slot: &crate::formation::Slot,
        attacking: bool,
        closers: &mut FormationClosers,
    ) {
        let closes = |effect: &Effect| match effect {
            Effect::CannotBeAttackedBy(_) => attacking,
            Effect::CannotBeDefendedBy(_) => !attacking,
            _ => false,
        };
        for card in std::iter::once(slot.realm).chain(slot.holding) {
            let (mut own, mut across) = (false, false);
            for a in self.abilities_of(card) {
                if matches!(a.when, Trigger::InPlay | Trigger::InBattle) {
                    own |= closes(&a.effect);
                    across |= a.effect.across(Scope::EveryRealm).is_some_and(closes);
                }
            }
            if own || across {
                closers.own |= 1 << at.index();
            }
            // A holding acts for the realms sharing it too (The Sea Barons).
            closers.elsewhere |= across || (own && Some(card) == slot.holding);
        }
    }

    /// The kind `fighter` chose for this battle under a power that lets it use only one of several
    /// kinds a battle (The Harpers), if `card` is of another of them: the kind of the first such
    /// card it used. A champion fights one round a battle (SF-119, SF-120), so its round's cards
    /// are its battle's.
    pub(crate) fn kind_chosen_for_battle(&self, fighter: &Fighter, card: CardId) -> Option<CardType> {
        let kind = self.kind(card);
        self.abilities_of(fighter.card).find_map(|a| match &a.effect {
            Effect::OneKindABattle(kinds) if kinds.contains(&kind) => fighter
                .round_cards
                .iter()
                .map(|&c| self.kind(c))
                .find(|k| kinds.contains(k))
                .filter(|&k| k != kind),
            _ => None,
        })
    }

    /// The other face-up realms and holdings of the player of the realm at `slot` with a power
    /// over every realm of his (Fort Melidor); the realm's own cards (`realm_own_cards`: the
    /// realm, its holding, and the holding of the realm whose holding it shares, The Sea Barons)
    /// are not among them. Not collected: asked for every attack `legal` offers.
    pub(crate) fn realm_across_cards<'a>(
        &'a self,
        slot: &'a crate::formation::Slot,
    ) -> impl Iterator<Item = CardId> + 'a {
        let formation = &self.player(self.owner(slot.realm)).formation;
        // A game without such powers walks no realm (`Family::EveryRealm`).
        let may = self.may_have(Family::EveryRealm);
        formation
            .realms()
            .take_while(move |_| may)
            .filter(|(_, s)| !s.razed)
            .flat_map(|(_, s)| std::iter::once(s.realm).chain(s.holding))
            .filter(move |&c| {
                self.abilities_of(c)
                    .any(|a| a.effect.across(Scope::EveryRealm).is_some())
            })
            .filter(move |&c| !self.realm_own_cards(slot).any(|own| own == c))
    }

    /// The cards of the realm at `slot` whose powers act for it: the realm, its holding, and the
    /// holding of the realm of its player whose holding it shares (The Sea Barons).
    fn realm_own_cards<'a>(&'a self, slot: &'a crate::formation::Slot) -> impl Iterator<Item = CardId> + 'a {
        let formation = &self.player(self.owner(slot.realm)).formation;
        // One level of nesting, not two: the walk is set up for every realm in a battle (and
        // moved whole as it goes), while only The Sea Barons share a holding.
        let shared = (self.abilities_of(slot.realm))
            .filter_map(|ability| match &ability.effect {
                Effect::SharesHoldingOf(named) => Some(named),
                _ => None,
            })
            .flat_map(move |named| {
                formation
                    .realms()
                    .filter(|(_, s)| !s.razed)
                    .filter(move |(_, s)| named.matches(self.card(s.realm)))
                    .filter_map(|(_, s)| s.holding)
                    .filter(move |h| Some(*h) != slot.holding)
            });
        std::iter::once(slot.realm).chain(slot.holding).chain(shared)
    }

    /// The cards of `battle_cards` in no set order, neither sorted nor collected: for questions
    /// whose answer the order of activation does not change (is there one that…, the fewest).
    pub(crate) fn battle_cards_unordered(&self) -> impl Iterator<Item = (CardId, Side)> + '_ {
        let realm = self
            .battle_slot()
            .into_iter()
            .flat_map(|slot| self.realm_own_cards(slot))
            .map(|c| (c, Side::Defender));
        // Each side's cards chained rather than flattened from the list of sides: these walks come
        // after most actions of a battle, and a flattened walk costs more than its cards.
        let side_cards = move |side: Side| {
            let fighter = self.fighter_of(side);
            let champion = fighter.filter(|f| f.kind == FighterKind::Champion).map(|f| f.card);
            let (attachments, round_cards) =
                fighter.map_or((&[][..], &[][..]), |f| (&f.attachments[..], &f.round_cards[..]));
            champion
                .into_iter()
                .chain(attachments.iter().copied())
                .chain(round_cards.iter().copied())
                .map(move |c| (c, side))
        };
        realm
            .chain(side_cards(Side::Attacker))
            .chain(side_cards(Side::Defender))
    }

    /// Whether a card of the attacking side, which has just won a round, razes the attacked realm
    /// as it does (Tithian). Read before the round's cards leave the battle.
    pub(crate) fn round_won_razes(&self) -> bool {
        self.battle_cards_unordered().any(|(card, side)| {
            side == Side::Attacker
                && self
                    .abilities_now(card, side, Trigger::RoundWon)
                    .any(|a| a.effect == Effect::RazesTheRealm)
        })
    }

    /// The fewest cards of `kind` any power lets `side` play in the round, and the card that
    /// says so; a power that bars only some cards of the kind (no flying allies) counts if
    /// `played`, the card about to be played, is one of them.
    pub(crate) fn play_limit_of(&self, side: Side, kind: CardType, played: Option<CardId>) -> Option<(u8, CardId)> {
        self.play_limit_among(self.battle_cards_unordered(), side, kind, played)
    }

    /// `play_limit_of` read from `cards` (of the battle's cards, with their sides): `legal`
    /// hands it only those with a limit among their powers (most battles have none), found
    /// once for all its candidates (`CheckContext`).
    pub(crate) fn play_limit_among(
        &self,
        cards: impl IntoIterator<Item = (CardId, Side)>,
        side: Side,
        kind: CardType,
        played: Option<CardId>,
    ) -> Option<(u8, CardId)> {
        cards
            .into_iter()
            .flat_map(|(card, card_side)| {
                // The effect is matched before the card's condition and powers are read.
                self.abilities_of(card).filter_map(move |a| match &a.effect {
                    Effect::AtMost {
                        side: party,
                        kinds,
                        most,
                        only,
                    } if a.when == Trigger::InBattle
                        && includes(*party, card_side, side)
                        && only
                            .as_ref()
                            .is_none_or(|o| played.is_some_and(|c| o.matches(self.card(c))))
                        && kinds.contains(&kind)
                        && self.condition_holds(&a.condition, card, card_side)
                        && !self.powers_lost(card)
                        && !self.immune(side, card) =>
                    {
                        Some((*most, card))
                    }
                    _ => None,
                })
            })
            .min()
    }

    /// Whether the attacked realm or its holding lets the defending champion `user` use cards of
    /// this kind.
    pub(crate) fn realm_lets_defender_use(&self, user: CardId, kind: CardType) -> bool {
        let Some(defending) = self.fighter_of(Side::Defender) else {
            return false;
        };
        let Some(slot) = self.battle_slot() else { return false };
        defending.card == user
            && [Some(slot.realm), slot.holding].into_iter().flatten().any(|card| {
                self.abilities_now(card, Side::Defender, Trigger::InBattle)
                    .any(|a| matches!(&a.effect, Effect::DefenderMayUse(kinds) if kinds.contains(&kind)))
            })
    }
}
