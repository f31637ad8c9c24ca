//! A player's formation: the pyramid of realms (A; B C; D E F, or A–J for the ten-realm variant of
//! 110-card play), where new realms may go, which realms shield which, and which may be attacked.
//! Pure: it knows positions and realms, not cards' powers; the engine passes in what a champion can
//! reach and whether a realm is coastal.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::state::CardId;

/// How many realms a formation holds (SF-48, AMB-34).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum FormationSize {
    /// A; B C; D E F.
    #[default]
    Six,
    /// A; B C; D E F; G H I J — only with 110-card decks (SF-264).
    Ten,
}

impl FormationSize {
    /// The smallest deck the ten-realm formation is played with (SF-264).
    pub const TEN_REALMS_DECK: u32 = 110;

    pub fn positions(self) -> usize {
        match self {
            FormationSize::Six => 6,
            FormationSize::Ten => 10,
        }
    }

    /// The positions of each row, front row first.
    fn rows(self) -> &'static [std::ops::Range<u8>] {
        match self {
            FormationSize::Six => &[0..1, 1..3, 3..6],
            FormationSize::Ten => &[0..1, 1..3, 3..6, 6..10],
        }
    }
}

/// A place in the pyramid: 0 is A, the front.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Position(pub u8);

impl Position {
    pub const A: Position = Position(0);

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn letter(self) -> char {
        char::from(b'A' + self.0.min(25))
    }

    /// The row, counting from 0 at the front (A's row).
    pub fn row(self) -> usize {
        match self.0 {
            0 => 0,
            1..=2 => 1,
            3..=5 => 2,
            _ => 3,
        }
    }

    /// The positions directly in front that shield this one (SF-54): B and C are shielded by A, D
    /// by B, E by B and C, F by C; in the ten-realm pyramid G by D, H by D and E, and so on. A realm
    /// at the front end of a row has one shield, the others two.
    pub fn shields(self) -> &'static [Position] {
        match self.0 {
            0 => &[],
            1 | 2 => &[Position(0)],
            3 => &[Position(1)],
            4 => &[Position(1), Position(2)],
            5 => &[Position(2)],
            6 => &[Position(3)],
            7 => &[Position(3), Position(4)],
            8 => &[Position(4), Position(5)],
            _ => &[Position(5)],
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A realm lying in a formation, face up or razed, with the holding attached to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    pub realm: CardId,
    pub razed: bool,
    pub holding: Option<CardId>,
}

impl Slot {
    pub fn new(realm: CardId) -> Self {
        Self {
            realm,
            razed: false,
            holding: None,
        }
    }
}

/// The ways a champion can get past the realms in front (SF-142–147). Defending needs none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Movement {
    pub flyer: bool,
    pub swimmer: bool,
    pub earthwalker: bool,
}

/// One player's realms by position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Formation {
    size: FormationSize,
    slots: Vec<Option<Slot>>,
}

impl Formation {
    pub fn new(size: FormationSize) -> Self {
        Self {
            size,
            slots: vec![None; size.positions()],
        }
    }

    /// Every position emptied, for a formation of `size` (a new deal): `new` in place, where
    /// the slots already stand.
    pub(crate) fn empty(&mut self, size: FormationSize) {
        self.size = size;
        self.slots.clear();
        self.slots.resize(size.positions(), None);
    }

    pub fn size(&self) -> FormationSize {
        self.size
    }

    pub fn positions(&self) -> impl Iterator<Item = Position> + use<> {
        (0..self.size.positions() as u8).map(Position)
    }

    pub fn slot(&self, at: Position) -> Option<&Slot> {
        self.slots.get(at.index())?.as_ref()
    }

    pub fn slot_mut(&mut self, at: Position) -> Option<&mut Slot> {
        self.slots.get_mut(at.index())?.as_mut()
    }

    /// Every realm with its position, front first.
    pub fn realms(&self) -> impl Iterator<Item = (Position, &Slot)> {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().map(|slot| (Position(i as u8), slot)))
    }

    pub fn position_of(&self, realm: CardId) -> Option<Position> {
        self.realms().find(|(_, s)| s.realm == realm).map(|(at, _)| at)
    }

    /// Realms in the formation, razed ones included (SF-51, SF-60).
    pub fn occupied(&self) -> usize {
        self.slots.iter().flatten().count()
    }

    pub fn unrazed(&self) -> usize {
        self.slots.iter().flatten().filter(|s| !s.razed).count()
    }

    pub fn razed(&self) -> usize {
        self.slots.iter().flatten().filter(|s| s.razed).count()
    }

    pub fn holdings(&self) -> usize {
        self.slots.iter().flatten().filter(|s| s.holding.is_some()).count()
    }

    /// Every position full and none razed: the six-realm (or ten-realm) victory (SF-213).
    pub fn is_complete(&self) -> bool {
        self.slots.iter().all(|s| s.is_some_and(|s| !s.razed))
    }

    /// Where a new realm may be placed into an empty position (SF-50, SF-52): the empty positions
    /// of the frontmost row that has one — so a hole left in front must be filled first.
    pub fn open_positions(&self) -> Vec<Position> {
        self.positions().filter(|&at| self.is_open(at)).collect()
    }

    /// Whether `at` is one of the `open_positions`, without collecting them.
    pub fn is_open(&self, at: Position) -> bool {
        let empty = |p: u8| self.slots[usize::from(p)].is_none();
        let frontmost = self.size.rows().iter().find(|&row| row.clone().any(&empty));
        frontmost.is_some_and(|row| row.contains(&at.0)) && empty(at.0)
    }

    /// Whether there is an empty position in a row in front of an occupied one (SF-52).
    pub fn has_hole(&self) -> bool {
        let Some(last) = self.slots.iter().rposition(Option::is_some) else {
            return false;
        };
        let last_row = Position(last as u8).row();
        self.positions()
            .any(|p| p.row() < last_row && self.slots[p.index()].is_none())
    }

    /// Positions whose razed realm a new realm may replace (SF-64).
    pub fn razed_positions(&self) -> Vec<Position> {
        self.realms().filter(|(_, s)| s.razed).map(|(p, _)| p).collect()
    }

    /// Put a realm at a position (the caller has checked it is allowed).
    pub fn place(&mut self, at: Position, slot: Slot) {
        if let Some(place) = self.slots.get_mut(at.index()) {
            *place = Some(slot);
        }
    }

    /// Take the realm (with its holding) out of a position, leaving it empty; nothing slides
    /// forward (SF-53).
    pub fn remove(&mut self, at: Position) -> Option<Slot> {
        self.slots.get_mut(at.index())?.take()
    }

    /// A face-up realm with no unrazed realm in any position shielding it (SF-55). Razed realms
    /// and empty positions shield nothing; a face-up A is always exposed.
    pub fn is_exposed(&self, at: Position) -> bool {
        match self.slot(at) {
            Some(slot) if !slot.razed => at
                .shields()
                .iter()
                .all(|shield| self.slot(*shield).is_none_or(|s| s.razed)),
            _ => false,
        }
    }

    /// A face-up realm that is not exposed: only movement powers reach it.
    pub fn is_protected(&self, at: Position) -> bool {
        self.slot(at).is_some_and(|s| !s.razed) && !self.is_exposed(at)
    }

    /// Whether a champion moving as `movement` may attack the realm at `at` (SF-56, SF-101,
    /// SF-142–147). `coastal` is the realm's coast; razed realms can never be attacked.
    pub fn reachable(&self, at: Position, movement: Movement, coastal: bool) -> bool {
        match self.slot(at) {
            Some(slot) if !slot.razed => {
                movement.flyer || movement.earthwalker || (movement.swimmer && coastal) || self.is_exposed(at)
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full(size: FormationSize) -> Formation {
        let mut formation = Formation::new(size);
        for p in formation.positions() {
            formation.place(p, Slot::new(CardId(p.0 as u16)));
        }
        formation
    }

    fn raze(formation: &mut Formation, letters: &str) {
        for letter in letters.bytes() {
            formation.slot_mut(Position(letter - b'A')).unwrap().razed = true;
        }
    }

    fn letters(positions: impl IntoIterator<Item = Position>) -> String {
        positions.into_iter().map(Position::letter).collect()
    }

    fn exposed(formation: &Formation) -> String {
        letters(formation.positions().filter(|p| formation.is_exposed(*p)))
    }

    #[test]
    fn fill_order_is_front_row_first() {
        let mut formation = Formation::new(FormationSize::Six);
        assert_eq!(letters(formation.open_positions()), "A");
        formation.place(Position(0), Slot::new(CardId(0)));
        assert_eq!(letters(formation.open_positions()), "BC");
        formation.place(Position(2), Slot::new(CardId(1)));
        assert_eq!(letters(formation.open_positions()), "B");
        formation.place(Position(1), Slot::new(CardId(2)));
        assert_eq!(letters(formation.open_positions()), "DEF");
    }

    #[test]
    fn a_full_six_has_nowhere_to_go_and_is_complete_until_razed() {
        let mut formation = full(FormationSize::Six);
        assert!(formation.open_positions().is_empty());
        assert!(formation.is_complete());
        raze(&mut formation, "D");
        assert!(!formation.is_complete());
        assert_eq!(letters(formation.razed_positions()), "D");
    }

    #[test]
    fn shields_and_exposure_follow_the_pyramid() {
        let mut formation = full(FormationSize::Six);
        assert_eq!(exposed(&formation), "A");
        raze(&mut formation, "A");
        assert_eq!(exposed(&formation), "BC");
        raze(&mut formation, "B");
        assert_eq!(exposed(&formation), "CD");
        raze(&mut formation, "C");
        assert_eq!(exposed(&formation), "DEF");
    }

    #[test]
    fn holes_are_filled_before_the_back_and_nothing_slides() {
        let mut formation = full(FormationSize::Six);
        formation.remove(Position(5));
        formation.remove(Position(0));
        formation.remove(Position(1));
        assert!(formation.has_hole());
        assert_eq!(letters(formation.open_positions()), "A");
        assert!(formation.slot(Position(3)).is_some(), "D stays where it was");
    }

    #[test]
    fn the_ten_realm_pyramid_has_a_fourth_row() {
        let mut formation = full(FormationSize::Ten);
        assert_eq!(formation.positions().count(), 10);
        raze(&mut formation, "ABCD");
        assert_eq!(exposed(&formation), "EFG");
        assert_eq!(Position(7).shields(), &[Position(3), Position(4)]);
    }

    #[test]
    fn movement_reaches_protected_realms() {
        let formation = full(FormationSize::Six);
        let walker = Movement::default();
        let flyer = Movement {
            flyer: true,
            ..Movement::default()
        };
        let swimmer = Movement {
            swimmer: true,
            ..Movement::default()
        };
        assert!(!formation.reachable(Position(4), walker, false));
        assert!(formation.reachable(Position(4), flyer, false));
        assert!(formation.reachable(Position(4), swimmer, true));
        assert!(!formation.reachable(Position(4), swimmer, false));
        assert!(formation.reachable(Position(0), swimmer, false), "A is exposed");
    }
}
