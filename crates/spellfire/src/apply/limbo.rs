//! Limbo (checklist section 9): cards out of play for a while, back at the end of their owner's
//! next turn (SF-85–89, AMB-12).

use spellhall_core::Seat;

use super::Bin;
use crate::catalogue::cards::CardType;
use crate::event::Event;
use crate::formation::{Position, Slot};
use crate::state::{CardId, Champion, InLimbo, Spellfire};

impl Spellfire {
    /// The owner's turn at whose end a card sent to Limbo now comes back: his next turn after
    /// the one in progress, even if this one is his (AMB-12), or this very turn of his if the
    /// table chose so.
    pub(crate) fn limbo_return_turn(&self, owner: Seat) -> u32 {
        let turns = self.player(owner).turns;
        if self.config.rules.limbo_return_same_turn && self.active == owner && turns > 0 {
            turns
        } else {
            turns + 1
        }
    }

    /// Send `card`, already taken from where it lay, to its owner's Limbo (SF-85). A champion that
    /// lost a battle has its attachments discarded; one sent for any other reason takes them
    /// along (SF-87). `from` is the position a realm left. For the effects that send cards there.
    #[allow(dead_code)]
    pub(crate) fn send_to_limbo(
        &mut self,
        card: CardId,
        attachments: Vec<CardId>,
        from: Option<Position>,
        lost_battle: bool,
        events: &mut Vec<Event>,
    ) {
        let owner = self.owner(card);
        let (attachments, lost) = if lost_battle {
            (Vec::new(), attachments)
        } else {
            (attachments, Vec::new())
        };
        for &gone in &lost {
            self.bin(gone, Bin::Discard);
        }
        events.push(Event::ToLimbo {
            seat: owner,
            card: self.card_name(card),
            lost: self.names(&lost),
        });
        let returns = self.limbo_return_turn(owner);
        self.player_mut(owner).limbo.push(InLimbo {
            card,
            attachments,
            from,
            returns,
        });
    }

    /// The end of the active player's turn brings back his cards due from Limbo, whether he
    /// wants them or not (SF-86).
    pub(crate) fn return_from_limbo(&mut self, events: &mut Vec<Event>) {
        let seat = self.active;
        let turn = self.player(seat).turns;
        // Most turns nothing is due back: the waiting cards stay where they are.
        if self.player(seat).limbo.iter().all(|away| away.returns > turn) {
            return;
        }
        let limbo = std::mem::take(&mut self.player_mut(seat).limbo);
        let (due, waiting): (Vec<InLimbo>, Vec<InLimbo>) = limbo.into_iter().partition(|away| away.returns <= turn);
        self.player_mut(seat).limbo = waiting;
        for away in due {
            self.return_one(seat, away, events);
        }
    }

    /// One card back from Limbo: a champion to its owner's pool with what it carried, a realm to
    /// the position it left if that is still empty, else to where a new realm would go (SF-50),
    /// else nowhere (AMB-12). A card identical to one that came into play meanwhile is discarded
    /// instead (SF-88), and so is a carried artifact identical to one now in play (SF-89). Other
    /// cards cannot come back into play on their own and are discarded.
    fn return_one(&mut self, seat: Seat, away: InLimbo, events: &mut Vec<Event>) {
        let InLimbo {
            card,
            attachments,
            from,
            ..
        } = away;
        let kind = self.kind(card);
        let free = self.check_cosmos(card).is_ok();
        let formation = &self.player(seat).formation;
        let realm_place = from
            .filter(|&at| at.index() < formation.size().positions() && formation.slot(at).is_none())
            .or_else(|| formation.open_positions().first().copied());
        let mut lost = Vec::new();
        let back = match kind {
            _ if !free => false,
            kind if kind.is_champion() => {
                let mut kept = Vec::new();
                for attached in attachments {
                    let clash = self.kind(attached) == CardType::Artifact && self.check_cosmos(attached).is_err();
                    if clash {
                        lost.push(attached);
                    } else {
                        kept.push(attached);
                    }
                }
                self.player_mut(seat).pool.push(Champion {
                    card,
                    attachments: kept,
                });
                self.pooled_now(card);
                true
            }
            CardType::Realm if realm_place.is_some() => {
                lost.extend(attachments);
                if let Some(at) = realm_place {
                    self.player_mut(seat).formation.place(at, Slot::new(card));
                }
                true
            }
            _ => {
                lost.extend(attachments);
                false
            }
        };
        if !back {
            self.bin(card, Bin::Discard);
        }
        for &gone in &lost {
            self.bin(gone, Bin::Discard);
        }
        let mut gone = self.names(&lost);
        if !back {
            gone.insert(0, self.card_name(card));
        }
        events.push(Event::LimboReturn {
            seat,
            card: self.card_name(card),
            back,
            lost: gone,
        });
        if back && kind == CardType::Realm {
            self.check_formation_victory(seat, events);
        }
    }
}

#[cfg(all(test, feature = "scenario"))]
mod tests {
    use spellhall_core::{Game, Seat};

    use crate::event::Event;
    use crate::scenario::{TestGame, realm};

    #[test]
    fn sf_87_a_champion_that_lost_a_battle_goes_to_limbo_without_its_attachments() {
        let mut game = TestGame::new(2)
            .pool(
                0,
                [
                    ("Marco Volo", &["Dwarven Hammer", "Chaos Shield"][..]),
                    ("Elminster the Mage", &["Flameblade"][..]),
                ],
            )
            .formation(0, [realm(0, "Cormyr")])
            .build();
        let mut events = Vec::new();
        let beaten = game.player_mut(Seat(0)).pool.remove(0);
        game.send_to_limbo(beaten.card, beaten.attachments, None, true, &mut events);
        let sent = game.player_mut(Seat(0)).pool.remove(0);
        game.send_to_limbo(sent.card, sent.attachments, None, false, &mut events);
        let player = game.player(Seat(0));
        assert_eq!(game.names(&player.discard), ["Dwarven Hammer", "Chaos Shield"]);
        assert!(player.limbo[0].attachments.is_empty());
        assert_eq!(game.names(&player.limbo[1].attachments), ["Flameblade"]);
        assert!(
            player.limbo.iter().all(|away| away.returns == 2),
            "the end of seat 0's next turn"
        );
        assert_eq!(
            events[0],
            Event::ToLimbo {
                seat: Seat(0),
                card: "Marco Volo".into(),
                lost: vec!["Dwarven Hammer".into(), "Chaos Shield".into()],
            }
        );
        game.check_invariants().expect("every card in one place");
    }
}
