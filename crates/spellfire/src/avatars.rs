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
                "{name} is an avatar, brought into play by discarding the cards its power names; its power is not scripted yet, so it cannot enter play."
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
                "{name} is paid only with champions of your pool, not away questing ({cost})."
            ));
        }
        if paying.iter().any(|&c| !self.admitted(&entry.discard, c)) {
            return refuse(format!("{name} asks for {cost}: a champion named does not fit."));
        }
        let fits = match &entry.discard {
            Payment::Champions { count, .. } => paying.len() == usize::from(*count),
            Payment::Levels { total, .. } => {
                let levels: Vec<i32> = paying.iter().map(|&c| self.power_level(c)).collect();
                let sum: i32 = levels.iter().sum();
                let least = levels.iter().copied().min().unwrap_or(0);
                sum >= i32::from(*total) && sum - least < i32::from(*total)
            }
            Payment::Carrying { carrying, .. } => {
                paying.len() == 1 && self.attachments_of(paying[0]).iter().any(|&a| self.is(carrying, a))
            }
        };
        if !fits {
            return refuse(format!("{name} asks for {cost}: that payment does not fit it."));
        }
        Ok(())
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

    /// A champion of `seat`'s pool that may be discarded to pay: not away questing.
    fn payable(&self, seat: Seat, champion: CardId) -> bool {
        self.player(seat).pool_index(champion).is_some() && !self.is_questing(champion)
    }

    fn admitted(&self, payment: &Payment, champion: CardId) -> bool {
        payment.admits(|of| self.is(of, champion), self.power_level(champion))
    }

    /// Every way `seat` can pay for `avatar` now, each as its `Summon` (none if the avatar's
    /// entry is not scripted).
    pub(crate) fn summons(&self, seat: Seat, avatar: CardId) -> Vec<crate::action::Action> {
        let Some(entry) = self.card(avatar).power.entry() else {
            return Vec::new();
        };
        let mut fitting: Vec<CardId> = self
            .player(seat)
            .pool
            .iter()
            .map(|c| c.card)
            .filter(|&c| self.payable(seat, c) && self.admitted(&entry.discard, c))
            .collect();
        fitting.sort();
        let payments: Vec<Vec<CardId>> = match &entry.discard {
            Payment::Champions { count, .. } => combinations(&fitting, usize::from(*count)),
            Payment::Levels { total, .. } => {
                fitting.truncate(LEVEL_PAYMENT_SEARCH);
                let levels: Vec<i32> = fitting.iter().map(|&c| self.power_level(c)).collect();
                minimal_sums(&levels, i32::from(*total))
                    .into_iter()
                    .map(|picked| picked.into_iter().map(|i| fitting[i]).collect())
                    .collect()
            }
            Payment::Carrying { .. } => fitting.into_iter().map(|c| vec![c]).collect(),
        };
        payments
            .into_iter()
            .map(|paying| crate::action::Action::Summon { avatar, paying })
            .collect()
    }

    /// Pays for `avatar` with `paying` (each champion to its owner's discard pile with what it
    /// carries) and puts it into `seat`'s pool.
    pub(crate) fn summon(&mut self, seat: Seat, avatar: CardId, paying: &[CardId], events: &mut Vec<Event>) {
        let paid = self.names(paying);
        for &champion in paying {
            self.take_from_pool(seat, champion, events);
            self.bin(champion, Bin::Discard);
        }
        events.push(Event::AvatarSummoned {
            seat,
            avatar: self.name(avatar).into(),
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
fn combinations(cards: &[CardId], k: usize) -> Vec<Vec<CardId>> {
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
