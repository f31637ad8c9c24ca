//! What the legal actions offer, sorted for the table: which card each action is about (its
//! subject), where it goes (its place: a position, a champion, a realm to attack), and the actions
//! about no card (draw, move on, pass). Pure: everything comes from the legal actions, nothing
//! from the rules, so the table lights exactly what may be done.

use spellfire::{Action, CardId, CardType, Position, View};
use spellhall_core::Seat;

/// Where an action puts its card, when it has a second half to click.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A position of the deciding seat's own formation (a realm or holding played there).
    Own(Position),
    /// A champion the card is given to.
    Champion(CardId),
    /// A realm of another player, to attack.
    Realm(Seat, Position),
}

/// The card an action is about, if any: the card played, used, given, sent or aimed at.
pub fn subject(action: &Action) -> Option<CardId> {
    match *action {
        Action::PlayRule(card)
        | Action::PlayRealm { card, .. }
        | Action::PlayHolding { card, .. }
        | Action::ToPool(card)
        | Action::Attach { card, .. }
        | Action::PlayAlly(card)
        | Action::UseCard(card)
        | Action::PlayEvent(card)
        | Action::Answer(card)
        | Action::Choose(card)
        | Action::Discard(card)
        | Action::Quest(card)
        | Action::Summon { avatar: card, .. } => Some(card),
        Action::Attack { champion, .. } | Action::Defend { champion } => Some(champion),
        Action::Draw
        | Action::Rebuild { .. }
        | Action::EndPhase
        | Action::Decline
        | Action::Pass
        | Action::EndBattle
        | Action::KeepSpoils
        | Action::ReturnSpoils
        | Action::CallMulligan
        | Action::EndTurn
        | Action::Claim(_)
        | Action::ChoosePlayer(_)
        | Action::ChooseOption(_)
        | Action::AskAid
        | Action::ResolveQuest { .. } => None,
    }
}

/// The second half of an action with a subject, if it has one.
pub fn place(action: &Action) -> Option<Place> {
    match *action {
        Action::PlayRealm { at, .. } | Action::PlayHolding { at, .. } => Some(Place::Own(at)),
        Action::Attach { champion, .. } => Some(Place::Champion(champion)),
        Action::Attack { defender, at, .. } => Some(Place::Realm(defender, at)),
        _ => None,
    }
}

/// Every legal action about `card`, in the engine's order.
pub fn actions_of(legal: &[Action], card: CardId) -> Vec<&Action> {
    legal.iter().filter(|a| subject(a) == Some(card)).collect()
}

/// The places `card`'s actions may go: what the table lights once the card is picked.
pub fn places_of(legal: &[Action], card: CardId) -> Vec<Place> {
    let mut places: Vec<Place> = actions_of(legal, card).into_iter().filter_map(place).collect();
    places.dedup();
    places
}

/// The picked card's action that goes to `to`, if there is one.
pub fn action_at(legal: &[Action], card: CardId, to: Place) -> Option<&Action> {
    actions_of(legal, card).into_iter().find(|a| place(a) == Some(to))
}

/// The actions about no card, plus rebuilding (about a position): the buttons of the action bar.
pub fn general(legal: &[Action]) -> Vec<&Action> {
    legal.iter().filter(|a| subject(a).is_none()).collect()
}

/// Whether `card` has anything to do now: the table lets it be picked and rings it.
pub fn is_active(legal: &[Action], card: CardId) -> bool {
    legal.iter().any(|a| subject(a) == Some(card))
}

/// The action Enter takes: the picked card's one action when it has a single one with nothing
/// more to click, else the first way of moving on (draw, go on, end the turn, pass…).
pub fn highlighted(legal: &[Action], picked: Option<CardId>) -> Option<&Action> {
    if let Some(card) = picked {
        let of = actions_of(legal, card);
        if let [only] = of.as_slice() {
            return Some(only);
        }
        return None;
    }
    const MOVING_ON: [fn(&Action) -> bool; 6] = [
        |a| matches!(a, Action::Draw),
        |a| matches!(a, Action::EndPhase),
        |a| matches!(a, Action::EndBattle),
        |a| matches!(a, Action::KeepSpoils),
        |a| matches!(a, Action::EndTurn),
        |a| matches!(a, Action::Pass),
    ];
    MOVING_ON.iter().find_map(|is| legal.iter().find(|a| is(a)))
}

/// What Enter does when nothing is highlighted: pass, if passing is allowed.
pub fn pass(legal: &[Action]) -> Option<&Action> {
    legal.iter().find(|a| matches!(a, Action::Pass))
}

/// The hand card at `cursor` moved by `step` (the arrow keys), staying inside the hand.
pub fn step_cursor(cursor: Option<usize>, step: i32, len: usize) -> Option<usize> {
    if len == 0 {
        return None;
    }
    let next = match cursor {
        None if step < 0 => len - 1,
        None => 0,
        Some(at) => (at as i64 + i64::from(step)).clamp(0, len as i64 - 1) as usize,
    };
    Some(next)
}

/// The actions a player means by trying `card` (at `place`): what the table asks the engine's
/// `check` about to say why it is not offered. Only which kind of action a card is played by is
/// known here; whether it may be is the engine's answer.
pub fn tries(kind: CardType, card: CardId, place: Option<Place>, view: &View) -> Vec<Action> {
    let own = view.players.iter().find(|p| p.seat == view.seat);
    let in_hand = view.hand.iter().any(|c| c.id == card);
    match place {
        Some(Place::Own(at)) => match kind {
            CardType::Realm => vec![Action::PlayRealm { card, at }],
            CardType::Holding => vec![Action::PlayHolding { card, at }],
            _ => Vec::new(),
        },
        Some(Place::Champion(champion)) => vec![Action::Attach { card, champion }],
        Some(Place::Realm(defender, at)) => vec![Action::Attack {
            champion: card,
            defender,
            at,
        }],
        None => {
            let positions = own.map_or(0, |p| p.formation.len());
            let realms: Vec<Position> = own
                .map(|p| p.formation.iter().flatten().map(|r| r.at).collect())
                .unwrap_or_default();
            let champions: Vec<CardId> = own
                .map(|p| p.pool.iter().map(|c| c.champion.id).collect())
                .unwrap_or_default();
            match kind {
                CardType::Realm => (0..positions)
                    .map(|i| Action::PlayRealm {
                        card,
                        at: Position(i as u8),
                    })
                    .collect(),
                CardType::Holding => realms.into_iter().map(|at| Action::PlayHolding { card, at }).collect(),
                CardType::MagicalItem | CardType::Artifact => champions
                    .into_iter()
                    .map(|champion| Action::Attach { card, champion })
                    .collect(),
                CardType::Event => vec![Action::PlayEvent(card)],
                CardType::Ally => vec![Action::PlayAlly(card)],
                CardType::Rule => vec![Action::PlayRule(card)],
                kind if kind.is_champion() && in_hand => vec![Action::ToPool(card)],
                kind if kind.is_champion() => view
                    .players
                    .iter()
                    .filter(|p| p.seat != view.seat)
                    .flat_map(|p| p.formation.iter().flatten().map(move |r| (p.seat, r.at)))
                    .map(|(defender, at)| Action::Attack {
                        champion: card,
                        defender,
                        at,
                    })
                    .collect(),
                _ => vec![Action::UseCard(card)],
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BEN: Seat = Seat(1);

    fn card(n: u16) -> CardId {
        CardId(n)
    }

    #[test]
    fn a_realm_lights_only_the_positions_the_engine_offers() {
        let legal = vec![
            Action::PlayRealm {
                card: card(3),
                at: Position(1),
            },
            Action::PlayRealm {
                card: card(3),
                at: Position(2),
            },
            Action::PlayRealm {
                card: card(4),
                at: Position(1),
            },
            Action::EndPhase,
        ];
        assert_eq!(
            places_of(&legal, card(3)),
            vec![Place::Own(Position(1)), Place::Own(Position(2))]
        );
        assert_eq!(action_at(&legal, card(3), Place::Own(Position(2))), Some(&legal[1]));
        assert_eq!(action_at(&legal, card(3), Place::Own(Position(0))), None);
        assert_eq!(general(&legal), vec![&Action::EndPhase]);
    }

    #[test]
    fn an_attack_lights_the_realms_each_champion_can_reach() {
        let attack = |champion: u16, at: u8| Action::Attack {
            champion: card(champion),
            defender: BEN,
            at: Position(at),
        };
        let legal = vec![attack(7, 0), attack(8, 0), attack(8, 4), Action::EndPhase];
        assert_eq!(places_of(&legal, card(7)), vec![Place::Realm(BEN, Position(0))]);
        assert_eq!(
            places_of(&legal, card(8)),
            vec![Place::Realm(BEN, Position(0)), Place::Realm(BEN, Position(4))]
        );
        assert_eq!(
            action_at(&legal, card(7), Place::Realm(BEN, Position(4))),
            None,
            "a realm only the flyer reaches is not offered to the other champion"
        );
    }

    #[test]
    fn attaching_lights_the_allowed_champions() {
        let legal = vec![
            Action::Attach {
                card: card(5),
                champion: card(9),
            },
            Action::ToPool(card(6)),
        ];
        assert_eq!(places_of(&legal, card(5)), vec![Place::Champion(card(9))]);
        assert!(places_of(&legal, card(6)).is_empty());
        assert!(is_active(&legal, card(6)));
        assert!(
            !is_active(&legal, card(9)),
            "the champion is a place, not a card to pick"
        );
    }

    #[test]
    fn enter_takes_the_picked_cards_only_action_or_moves_on() {
        let legal = vec![
            Action::ToPool(card(6)),
            Action::PlayRealm {
                card: card(3),
                at: Position(0),
            },
            Action::PlayRealm {
                card: card(3),
                at: Position(1),
            },
            Action::EndPhase,
            Action::Pass,
        ];
        assert_eq!(highlighted(&legal, Some(card(6))), Some(&Action::ToPool(card(6))));
        assert_eq!(
            highlighted(&legal, Some(card(3))),
            None,
            "two places: the player clicks one"
        );
        assert_eq!(highlighted(&legal, None), Some(&Action::EndPhase));
        assert_eq!(highlighted(&[Action::Pass], None), Some(&Action::Pass));
        assert_eq!(pass(&legal), Some(&Action::Pass));
    }

    #[test]
    fn the_arrow_keys_stay_inside_the_hand() {
        assert_eq!(step_cursor(None, 1, 4), Some(0));
        assert_eq!(step_cursor(None, -1, 4), Some(3));
        assert_eq!(step_cursor(Some(3), 1, 4), Some(3));
        assert_eq!(step_cursor(Some(0), -1, 4), Some(0));
        assert_eq!(step_cursor(Some(1), 1, 4), Some(2));
        assert_eq!(step_cursor(Some(2), 1, 0), None);
    }

    #[test]
    fn rebuilding_is_offered_as_a_button() {
        let legal = vec![Action::Rebuild { at: Position(3) }, Action::EndPhase];
        assert_eq!(general(&legal).len(), 2);
    }
}
