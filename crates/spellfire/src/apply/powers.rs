//! Powers that act all the time their card takes part in a battle or is in play (SF-140,
//! SF-224): level changes, realms closed to some attackers, limits on allies, spells a realm lets
//! its defender cast, realms that defend as a kind of champion, and immunities (section 16).
//! Each is read where it applies, from the cards in play, never stored.

use crate::catalogue::cards::CardType;
use crate::combat::{Side, Source, Total};
use crate::effects::{Ability, Cards, Champions, Condition, Effect, Members, Party, Trigger, Whose};
use crate::state::{CardId, Fighter, FighterKind, Spellfire};
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

impl Spellfire {
    fn fighter_of(&self, side: Side) -> Option<&Fighter> {
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
    pub(crate) fn battle_cards(&self) -> Vec<(CardId, Side)> {
        let mut out = Vec::new();
        if let Some(slot) = self.battle_slot() {
            out.push((slot.realm, Side::Defender));
            out.extend(slot.holding.map(|h| (h, Side::Defender)));
        }
        for side in [Side::Attacker, Side::Defender] {
            let Some(fighter) = self.fighter_of(side) else { continue };
            if fighter.kind == FighterKind::Champion {
                out.push((fighter.card, side));
            }
            let mut cards: Vec<CardId> = fighter
                .attachments
                .iter()
                .chain(&fighter.round_cards)
                .copied()
                .collect();
            // A stable sort keeps the order played among cards of one rank with equal keys.
            cards.sort_by(|&a, &b| {
                let key = |c: CardId| {
                    let rank = activation_rank(self.kind(c));
                    let typed = rank < 7;
                    (
                        rank,
                        if typed { -self.icon_value(c) } else { 0 },
                        typed.then(|| self.name(c)),
                    )
                };
                key(a).cmp(&key(b))
            });
            out.extend(cards.into_iter().map(|c| (c, side)));
        }
        out
    }

    /// The abilities of `card` active now with the trigger, whose condition holds for a card
    /// fighting for `side`.
    fn abilities_now<'a>(&'a self, card: CardId, side: Side, when: Trigger) -> impl Iterator<Item = &'a Ability> + 'a {
        self.card(card)
            .power
            .abilities()
            .iter()
            .filter(move |a| a.when == when && self.condition_holds(&a.condition, card, side))
    }

    /// The sum over the in-play powers of `seat`'s face-up realms and their holdings.
    fn formation_sum(&self, seat: Seat, amount: impl Fn(&Effect) -> Option<i32>) -> i32 {
        self.player(seat)
            .formation
            .realms()
            .filter(|(_, slot)| !slot.razed)
            .flat_map(|(_, slot)| [Some(slot.realm), slot.holding])
            .flatten()
            .flat_map(|card| self.card(card).power.abilities().iter())
            .filter(|a| a.when == Trigger::InPlay)
            .filter_map(|a| amount(&a.effect))
            .sum()
    }

    /// How many cards `seat` may hold at the end of a turn: the format's limit and its realms'
    /// powers (SF-46).
    pub fn hand_limit_for(&self, seat: Seat) -> usize {
        let more = self.formation_sum(seat, |e| match e {
            Effect::HandSize(n) => Some(i32::from(*n)),
            _ => None,
        });
        (self.hand_limit() as i32 + more).max(0) as usize
    }

    /// The cards `seat`'s realms add to its phase-1 draw.
    pub(crate) fn extra_draws(&self, seat: Seat) -> usize {
        self.formation_sum(seat, |e| match e {
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
        self.attachments_of(champion).iter().any(|&item| {
            self.card(item)
                .power
                .abilities()
                .iter()
                .any(|a| a.when == Trigger::InPlay && wanted(&a.effect))
        })
    }

    /// The kind a card fights as: a realm or holding that defends as a champion kind, or its own.
    pub(crate) fn fights_as(&self, card: CardId) -> CardType {
        self.card(card)
            .power
            .abilities()
            .iter()
            .find_map(|a| match a.effect {
                Effect::DefendsAs(kind) => Some(kind),
                _ => None,
            })
            .unwrap_or(self.kind(card))
    }

    fn fighting_matches(&self, side: Side, champions: &Champions) -> bool {
        self.fighter_of(side)
            .is_some_and(|f| champions.matches_as(self.card(f.card), self.fights_as(f.card)))
    }

    /// Whether a condition holds now for `card`, which fights for `side` in the battle.
    pub(crate) fn condition_holds(&self, condition: &Condition, card: CardId, side: Side) -> bool {
        match condition {
            Condition::Always => true,
            Condition::UserIs(attribute) => self.card(card).has(*attribute),
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
                        Whose::Anyone => true,
                    }
            }),
            Condition::AttachedTo(named) => self.players.iter().any(|p| {
                p.formation
                    .realms()
                    .any(|(_, s)| s.holding == Some(card) && named.matches(self.card(s.realm)))
            }),
            Condition::HasAllies(party) => SIDES.into_iter().any(|s| {
                includes(*party, side, s)
                    && self
                        .fighter_of(s)
                        .is_some_and(|f| f.round_cards.iter().any(|&c| self.kind(c) == CardType::Ally))
            }),
        }
    }

    /// The level changes acting on `side` (SF-140), added to its total as parts from the cards
    /// that make them. Each change acts on the value the earlier ones left, in the order of
    /// activation, so a doubling after a gain doubles the gain too.
    pub(crate) fn add_level_changes(&self, side: Side, total: &mut Total) {
        let Some(fighter) = self.fighter_of(side) else { return };
        let Some(battle) = &self.battle else { return };
        let seat = if side == Side::Attacker {
            battle.attacker
        } else {
            battle.defender
        };
        let mut values: Vec<(CardId, i32)> = std::iter::once(fighter.card)
            .chain(fighter.attachments.iter().copied())
            .chain(fighter.round_cards.iter().copied())
            .map(|c| (c, self.counted_value(side, c)))
            .collect();
        let mut apply = |source: CardId, of: &crate::effects::Fighters, change: crate::effects::Change| {
            for (member, value) in values.iter_mut() {
                let kind = self.kind(*member);
                let chosen = match of.members {
                    Members::This => *member == source,
                    Members::Champion => *member == fighter.card,
                    Members::Allies => kind == CardType::Ally,
                    Members::ChampionAndAllies => *member == fighter.card || kind == CardType::Ally,
                    Members::ItemsAndArtifacts => matches!(kind, CardType::MagicalItem | CardType::Artifact),
                };
                let fits = of
                    .only
                    .as_ref()
                    .is_none_or(|f| f.matches_as(self.card(*member), self.fights_as(*member)));
                // A card the opposing champion is immune to adds nothing, changed or not (SF-182).
                if chosen && fits && !self.immune(side.other(), *member) {
                    let changed = change.apply(*value);
                    total.add(Source::Card(source), changed - *value);
                    *value = changed;
                }
            }
        };
        let cards = self.battle_cards();
        // The realm and its holding act first, then cards played before the battle whose power
        // lasts (SF-136 step 4), then the champions and their cards.
        let front = cards
            .iter()
            .take_while(|(c, _)| matches!(self.kind(*c), CardType::Realm | CardType::Holding))
            .count();
        for (i, &(source, source_side)) in cards.iter().enumerate() {
            if i == front {
                for lasting in &self.lasting {
                    let Some(Effect::Levels { of, change }) = self.lasting_effect(lasting.card) else {
                        continue;
                    };
                    let reaches = match of.side {
                        Party::Own => seat == lasting.by,
                        Party::Opposing => seat != lasting.by,
                        Party::Both => true,
                    };
                    if reaches && !lasting.spared.contains(&seat) {
                        apply(lasting.card, of, *change);
                    }
                }
            }
            for ability in self.abilities_now(source, source_side, Trigger::InBattle) {
                if let Effect::Levels { of, change } = &ability.effect
                    && includes(of.side, source_side, side)
                {
                    apply(source, of, *change);
                }
            }
        }
    }

    /// The effect that a played card left lasting.
    fn lasting_effect(&self, card: CardId) -> Option<&Effect> {
        match self.card(card).power.on_play().map(|a| &a.effect) {
            Some(Effect::For(_, inner)) => Some(inner),
            _ => None,
        }
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
    pub(crate) fn attack_barred(&self, champion: CardId, defender: Seat) -> Option<CardId> {
        self.lasting.iter().find_map(|lasting| {
            let Some(Effect::NoAttacksOn { realms, unless }) = self.lasting_effect(lasting.card) else {
                return None;
            };
            let covered = match realms {
                Whose::Anyone => true,
                Whose::Own => defender == lasting.by,
                Whose::Opponents => defender != lasting.by,
            };
            let let_through = unless.as_ref().is_some_and(|who| who.matches(self.card(champion)));
            (covered && !let_through && !lasting.spared.contains(&defender)).then_some(lasting.card)
        })
    }

    /// What a card adds to `side`'s total before level changes: its icon, or nothing when the
    /// opposing champion is immune to it (SF-180).
    pub(crate) fn counted_value(&self, side: Side, card: CardId) -> i32 {
        if self.immune(side.other(), card) {
            0
        } else {
            self.icon_value(card)
        }
    }

    /// Whether `side`'s champion is immune to `card` (section 16): an offensive card (a harmful
    /// event) of a kind its own power, or the attacked realm's or holding's power for the
    /// defending side, makes it immune to (SF-178, SF-179, SF-181). Defensive cards never.
    pub(crate) fn immune(&self, side: Side, card: CardId) -> bool {
        let facts = self.card(card);
        if self.owner_side(card) == Some(side) {
            return false;
        }
        let Some(fighter) = self.fighter_of(side) else {
            return false;
        };
        let mut sources = vec![fighter.card];
        sources.extend(&fighter.attachments);
        if side == Side::Defender
            && let Some(slot) = self.battle_slot()
        {
            sources.push(slot.realm);
            sources.extend(slot.holding);
        }
        sources.into_iter().any(|source| {
            self.card(source).power.abilities().iter().any(|a| {
                matches!(a.when, Trigger::InPlay | Trigger::InBattle) && a.effect.immunity_covers(facts)
            })
        })
    }

    /// Whether `cards` (of a power of `source`, played by `by`) selects `card`: its facts, its
    /// owner, and no immunity of its own (or its champion's, SF-185) to `source`.
    pub(crate) fn selects(&self, cards: &Cards, card: CardId, by: Seat, source: CardId) -> bool {
        let owner_fits = match cards.whose {
            Whose::Anyone => true,
            Whose::Own => self.owner(card) == by,
            Whose::Opponents => self.owner(card) != by,
        };
        owner_fits
            && (!cards.in_battle || self.owner_side(card).is_some())
            && cards.fits(self.card(card), self.icon_value(card))
            && !self.shielded(card, source)
    }

    /// Whether `card` is immune to `source` (an offensive card or harmful event) by its own power,
    /// what it carries, or — an ally or item in a round — its champion's (SF-185).
    pub(crate) fn shielded(&self, card: CardId, source: CardId) -> bool {
        let facts = self.card(source);
        let immune_by = |holder: CardId| {
            let own = self
                .card(holder)
                .power
                .abilities()
                .iter()
                .any(|a| a.when == Trigger::InPlay && a.effect.immunity_covers(facts));
            own || self.carries(holder, |e| e.immunity_covers(facts))
        };
        let champion = self
            .owner_side(card)
            .and_then(|side| self.fighter_of(side))
            .map(|f| f.card);
        immune_by(card) || champion.is_some_and(|c| c != card && immune_by(c))
    }

    /// The side whose fighter `card` is with, if any.
    fn owner_side(&self, card: CardId) -> Option<Side> {
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
            self.card(source)
                .power
                .abilities()
                .iter()
                .any(|a| a.when == Trigger::InPlay && a.effect.immunity_covers(facts))
        })
    }

    /// A card of the realm at `slot` (the realm or its holding) that closes it to `champion`
    /// as an attacker (SF-147), or as a defender.
    pub(crate) fn closed_to(&self, slot: &crate::formation::Slot, champion: CardId, attacking: bool) -> Option<CardId> {
        [Some(slot.realm), slot.holding].into_iter().flatten().find(|&card| {
            self.card(card).power.abilities().iter().any(|a| {
                let who = match &a.effect {
                    Effect::CannotBeAttackedBy(who) if attacking => who,
                    Effect::CannotBeDefendedBy(who) if !attacking => who,
                    _ => return false,
                };
                matches!(a.when, Trigger::InPlay | Trigger::InBattle) && who.matches(self.card(champion))
            })
        })
    }

    /// The fewest cards of `kind` any power lets `side` play in the round, and the card that
    /// says so.
    pub(crate) fn play_limit(&self, side: Side, kind: CardType) -> Option<(u8, CardId)> {
        self.battle_cards()
            .into_iter()
            .flat_map(|(card, card_side)| {
                self.abilities_now(card, card_side, Trigger::InBattle)
                    .filter_map(move |a| match &a.effect {
                        Effect::AtMost {
                            side: party,
                            kinds,
                            most,
                        } if includes(*party, card_side, side) && kinds.contains(&kind) => Some((*most, card)),
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
