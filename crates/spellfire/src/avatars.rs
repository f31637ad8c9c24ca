//! Avatars (SF-233): an avatar does not enter the pool the ordinary way. Its power names the
//! champions of its player's pool discarded to bring it into play (`Script::entry`, a
//! `Payment`); `Action::Summon` names the avatar and the champions paid, `check_summon` accepts
//! a payment that fits, `summons` offers every one that does, and `summon` pays and brings the
//! avatar in. An avatar whose power is not scripted cannot enter play at all: its entry cost is
//! part of that power.

use crate::legal::{Reason, Refusal};
use spellhall_core::Seat;

use crate::effects::{EntryCost, Payment};
use crate::event::Event;
use crate::state::{CardId, Champion, Phase, Spellfire};

use crate::apply::Bin;

/// Pools larger than this offer only the payments among their first this many fitting
/// champions for a payment by levels (2^12 subsets at most); any fitting payment is still
/// accepted when named.
const LEVEL_PAYMENT_SEARCH: usize = 12;

fn refuse(reason: impl Into<Reason>) -> Result<(), Refusal> {
    Err(Refusal::new(reason, "SF-233"))
}

impl Spellfire {
    /// Why `avatar` (in `seat`'s hand) cannot come into play the ordinary way, by `ToPool` or
    /// straight into a battle: what its power asks instead, and whether the pool can pay it now.
    pub(crate) fn avatar_refusal(&self, seat: Seat, avatar: CardId) -> Result<(), Refusal> {
        let name = self.name(avatar);
        match self.card(avatar).power.entry() {
            None => refuse(format!(
                "{name} is an avatar, brought into play only as its power says; that is not scripted yet, so it cannot enter play."
            )),
            Some(entry) if self.summons(seat, avatar).is_empty() => refuse(format!(
                "{name} comes into play only by discarding {}, which your pool cannot pay now.",
                entry.discard.words()
            )),
            Some(entry) => refuse(format!(
                "{name} comes into play only into your pool, by discarding {}.",
                entry.discard.words()
            )),
        }
    }

    /// `Action::Summon`: `avatar` from `seat`'s hand, paid with `paying` from his pool.
    pub(crate) fn check_summon(&self, seat: Seat, avatar: CardId, paying: &[CardId]) -> Result<(), Refusal> {
        if avatar.index() >= self.cards.len() || !self.player(seat).hand.contains(&avatar) {
            return refuse("Only an avatar from your hand.");
        }
        if !self.card(avatar).avatar {
            return refuse(format!(
                "{} is not an avatar: it goes into the pool the ordinary way.",
                self.name(avatar)
            ));
        }
        let Some(entry) = self.card(avatar).power.entry() else {
            return self.avatar_refusal(seat, avatar);
        };
        self.check_sole_avatar(seat, avatar, entry)?;
        self.check_cosmos(avatar)?;
        if !paying.windows(2).all(|w| w[0] < w[1]) {
            return refuse("Name each champion paid once, in order.");
        }
        let name = self.name(avatar);
        let cost = entry.discard.words();
        if paying.iter().any(|&c| !self.payable(seat, c)) {
            return refuse(format!(
                "{name} is paid only with your own cards in play, not away questing ({cost})."
            ));
        }
        if paying.iter().any(|&c| !self.admitted(seat, &entry.discard, c)) {
            return refuse(format!("{name} asks for {cost}: a card named does not fit."));
        }
        if !self.pays(seat, &entry.discard, paying) {
            return refuse(format!("{name} asks for {cost}: that payment does not fit it."));
        }
        Ok(())
    }

    /// Whether `paying` (each card admitted by some part of it) is exactly `payment`.
    fn pays(&self, seat: Seat, payment: &Payment, paying: &[CardId]) -> bool {
        let admitted = |c: &CardId| self.admitted(seat, payment, *c);
        match payment {
            Payment::Champions { count, .. } | Payment::Cards { count, .. } => {
                paying.len() == usize::from(*count) && paying.iter().all(admitted)
            }
            Payment::Levels { total, count, .. } => {
                let levels: Vec<i32> = paying.iter().map(|&c| self.power_level(c)).collect();
                let sum: i32 = levels.iter().sum();
                let least = levels.iter().copied().min().unwrap_or(0);
                let size_fits = match count {
                    Some(count) => paying.len() == usize::from(*count),
                    None => sum - least < i32::from(*total),
                };
                paying.iter().all(admitted) && sum >= i32::from(*total) && size_fits
            }
            Payment::Carrying { carrying, .. } => {
                paying.len() == 1
                    && paying.iter().all(admitted)
                    && self.attachments_of(paying[0]).iter().any(|&a| self.is(carrying, a))
            }
            Payment::Either(ways) => ways.iter().any(|way| self.pays(seat, way, paying)),
            // Each card goes to one part; a payment names a handful of cards at most.
            Payment::Both(parts) => {
                paying.len() <= LEVEL_PAYMENT_SEARCH && self.splits_into(seat, parts, paying, Vec::new())
            }
        }
    }

    /// Whether `paying` splits into one payment for each of `parts`, `taken` being the cards the
    /// parts before paid with.
    fn splits_into(&self, seat: Seat, parts: &[Payment], paying: &[CardId], taken: Vec<CardId>) -> bool {
        let Some((part, rest)) = parts.split_first() else {
            return taken.len() == paying.len();
        };
        let left: Vec<CardId> = paying.iter().copied().filter(|c| !taken.contains(c)).collect();
        (0u32..(1 << left.len())).any(|mask| {
            let chosen: Vec<CardId> = (0..left.len())
                .filter(|&i| mask & (1 << i) != 0)
                .map(|i| left[i])
                .collect();
            self.pays(seat, part, &chosen) && {
                let mut more = taken.clone();
                more.extend(&chosen);
                self.splits_into(seat, rest, paying, more)
            }
        })
    }

    /// One avatar a pool: an avatar that says so enters only a pool without one, and no avatar
    /// enters a pool whose avatar says so.
    fn check_sole_avatar(&self, seat: Seat, avatar: CardId, entry: &EntryCost) -> Result<(), Refusal> {
        let pooled = self
            .player(seat)
            .pool
            .iter()
            .map(|c| c.card)
            .find(|&c| self.card(c).avatar);
        match pooled {
            Some(other) if entry.sole_avatar => refuse(format!(
                "{} allows one avatar a pool, and {} is already in yours.",
                self.name(avatar),
                self.name(other)
            )),
            Some(other) if self.card(other).power.entry().is_some_and(|e| e.sole_avatar) => {
                refuse(format!("{} allows no other avatar in its pool.", self.name(other)))
            }
            _ => Ok(()),
        }
    }

    /// A card of `seat`'s in play that may be discarded to pay, not away questing: a pool
    /// champion, a card one carries, a realm of his formation or a holding on it.
    fn payable(&self, seat: Seat, card: CardId) -> bool {
        let player = self.player(seat);
        let in_pool = player
            .pool
            .iter()
            .any(|c| (c.card == card || c.attachments.contains(&card)) && !self.is_questing(c.card));
        in_pool
            || player
                .formation
                .realms()
                .any(|(_, slot)| slot.realm == card || slot.holding == Some(card))
    }

    fn admitted(&self, seat: Seat, payment: &Payment, card: CardId) -> bool {
        let champion = self.player(seat).pool_index(card).is_some();
        payment.admits(&|of| self.is(of, card), self.power_level(card), champion)
    }

    /// Every way to pay `payment` from `cards` (those admitted by it, in order), each in order.
    fn payments(&self, seat: Seat, payment: &Payment, cards: &[CardId]) -> Vec<Vec<CardId>> {
        let mut fitting: Vec<CardId> = cards
            .iter()
            .copied()
            .filter(|&c| self.admitted(seat, payment, c))
            .collect();
        match payment {
            Payment::Champions { count, .. } | Payment::Cards { count, .. } => {
                combinations(&fitting, usize::from(*count))
            }
            Payment::Levels { total, count, .. } => {
                fitting.truncate(LEVEL_PAYMENT_SEARCH);
                let levels: Vec<i32> = fitting.iter().map(|&c| self.power_level(c)).collect();
                let picks = match count {
                    Some(count) => combinations(&(0..fitting.len()).collect::<Vec<usize>>(), usize::from(*count))
                        .into_iter()
                        .filter(|picked| picked.iter().map(|&i| levels[i]).sum::<i32>() >= i32::from(*total))
                        .collect(),
                    None => minimal_sums(&levels, i32::from(*total)),
                };
                picks
                    .into_iter()
                    .map(|picked| picked.into_iter().map(|i| fitting[i]).collect())
                    .collect()
            }
            Payment::Carrying { .. } => fitting
                .into_iter()
                .filter(|&c| self.pays(seat, payment, &[c]))
                .map(|c| vec![c])
                .collect(),
            Payment::Either(ways) => ways.iter().flat_map(|way| self.payments(seat, way, &fitting)).collect(),
            Payment::Both(parts) => parts.iter().fold(vec![Vec::new()], |sofar, part| {
                let ways = self.payments(seat, part, &fitting);
                sofar
                    .iter()
                    .flat_map(|before| {
                        ways.iter()
                            .filter(|way| way.iter().all(|c| !before.contains(c)))
                            .map(move |way| {
                                let mut both = before.clone();
                                both.extend(way);
                                both
                            })
                    })
                    .collect()
            }),
        }
    }

    /// Every way `seat` can pay for `avatar` now, each as its `Summon` (none if the avatar's
    /// entry is not scripted).
    pub(crate) fn summons(&self, seat: Seat, avatar: CardId) -> Vec<crate::action::Action> {
        let Some(entry) = self.card(avatar).power.entry() else {
            return Vec::new();
        };
        // Every card of `seat`'s that may pay (razed realms too), pool champions first: see
        // `payable`.
        let mut cards: Vec<CardId> = self.own_cards_in_play(seat, true).collect();
        cards.sort();
        let mut payments = self.payments(seat, &entry.discard, &cards);
        for paying in &mut payments {
            paying.sort();
        }
        payments.sort();
        payments.dedup();
        payments
            .into_iter()
            .map(|paying| crate::action::Action::Summon { avatar, paying })
            .collect()
    }

    /// Pays for `avatar` with `paying` (each champion to its owner's discard pile with what it
    /// carries, a realm with its holding) and puts it into `seat`'s pool.
    pub(crate) fn summon(&mut self, seat: Seat, avatar: CardId, paying: &[CardId], events: &mut Vec<Event>) {
        let paid = self.names(paying);
        for &card in paying {
            // A card may have gone already with another paid: a realm's holding, a champion's item.
            if !self.payable(seat, card) {
                continue;
            }
            let formation = &self.player(seat).formation;
            let realm_at = formation.position_of(card);
            let holding_at = formation
                .realms()
                .find(|(_, s)| s.holding == Some(card))
                .map(|(at, _)| at);
            if let Some(at) = realm_at {
                self.discard_realm(seat, at, events);
            } else if let Some(at) = holding_at {
                if let Some(slot) = self.player_mut(seat).formation.slot_mut(at) {
                    slot.holding = None;
                }
                self.destroy(&[card], events);
                self.bin(card, Bin::Discard);
            } else {
                self.take_from_pool(seat, card, events);
                self.bin(card, Bin::Discard);
            }
        }
        events.push(Event::AvatarSummoned {
            seat,
            avatar: self.card_name(avatar),
            paid,
        });
        self.enter_pool(seat, avatar);
    }

    /// `champion` leaves the hand for the pool, bare.
    pub(crate) fn enter_pool(&mut self, seat: Seat, champion: CardId) {
        self.take_from_hand(seat, champion);
        // After the turn's battle (spoils), a champion has had no chance to attack.
        if self.phase == Phase::AfterBattle {
            self.used.arrived_late.push(champion);
        }
        self.player_mut(seat).pool.push(Champion {
            card: champion,
            attachments: Vec::new(),
        });
        self.pooled_now(champion);
    }
}

/// Every `k`-card choice from `cards`, each in the order of `cards`.
fn combinations<T: Copy>(cards: &[T], k: usize) -> Vec<Vec<T>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in cards.iter().enumerate() {
        for mut rest in combinations(&cards[i + 1..], k - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// The sets of indices into `levels` whose sum reaches `total` with no member to spare: leaving
/// out the smallest would fall short.
fn minimal_sums(levels: &[i32], total: i32) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for mask in 1u32..(1 << levels.len()) {
        let picked: Vec<usize> = (0..levels.len()).filter(|&i| mask & (1 << i) != 0).collect();
        let sum: i32 = picked.iter().map(|&i| levels[i]).sum();
        let least = picked.iter().map(|&i| levels[i]).min().unwrap_or(0);
        if sum >= total && sum - least < total {
            out.push(picked);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_of_two_among_three() {
        let cards = [CardId(1), CardId(4), CardId(7)];
        let two = combinations(&cards, 2);
        assert_eq!(
            two,
            vec![
                vec![CardId(1), CardId(4)],
                vec![CardId(1), CardId(7)],
                vec![CardId(4), CardId(7)]
            ]
        );
        assert!(combinations(&cards, 4).is_empty());
    }

    #[test]
    fn level_payments_have_no_champion_to_spare() {
        // 10 or more from 4, 6, 8: 4+6 and 4+8 and 6+8 reach it; 4+6+8 has 4 to spare.
        let sums = minimal_sums(&[4, 6, 8], 10);
        assert_eq!(sums, vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert!(minimal_sums(&[4, 5], 10).is_empty());
        // A single champion of 12 pays 10 alone.
        assert_eq!(minimal_sums(&[12, 3], 10), vec![vec![0]]);
    }
}
