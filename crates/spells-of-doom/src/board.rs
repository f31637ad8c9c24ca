//! The board's geometry on `hexx`: which hexes exist, the starting spaces and shrines, distances,
//! the rulebook's ranges, and the hexes a character can reach.
//!
//! Ranges: the rulebook's "Range 1" and "within 2 hexes" both mean the same or an adjacent hex, so
//! every range here is a hex distance (0 = the same hex).

use std::borrow::Cow;
use std::collections::BTreeSet;

use hexx::Hex;

/// The playable hexes, the starting spaces and the Magic Shrines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    hexes: BTreeSet<(i32, i32)>,
    /// The same hexes in that order, to go through quickly.
    listed: Vec<Hex>,
    /// The same hexes as a grid over q and r from -`radius` to `radius`: the rules ask "is this
    /// hex on the board?" for every candidate action, and a grid answers without a search.
    radius: i32,
    grid: Vec<bool>,
    /// Each grid cell's place in `listed` (`u16::MAX` off the board).
    places: Vec<u16>,
    /// By place in `listed`, then range: the board hexes within that range, in `listed` order,
    /// up to the range that reaches the whole board (`listed` itself). The rules list moves,
    /// summons and blasts before every decision: these are read, never searched (about 27,000
    /// hexes in all for the shipped board, 216 KB).
    within_lists: Vec<Vec<Vec<Hex>>>,
    /// Starting spaces of a two-player game, by seat.
    pub starts_two: [Hex; 2],
    /// Starting spaces of a four-player game, by seat (teams alternate: seats 0 and 2, 1 and 3).
    pub starts_four: [Hex; 4],
    pub shrines: Vec<Hex>,
}

fn key(hex: Hex) -> (i32, i32) {
    (hex.x, hex.y)
}

impl Board {
    /// A hexagon of `radius` around (0, 0) without the `removed` hexes.
    pub fn new(radius: u32, removed: &[Hex], starts_two: [Hex; 2], starts_four: [Hex; 4], shrines: Vec<Hex>) -> Self {
        let hexes: BTreeSet<(i32, i32)> = Hex::ZERO
            .range(radius)
            .filter(|hex| !removed.contains(hex))
            .map(key)
            .collect();
        let radius = radius as i32;
        let side = (2 * radius + 1) as usize;
        let mut grid = vec![false; side * side];
        for &(q, r) in &hexes {
            grid[((q + radius) as usize) * side + (r + radius) as usize] = true;
        }
        let listed: Vec<Hex> = hexes.iter().map(|&(q, r)| Hex::new(q, r)).collect();
        let mut places = vec![u16::MAX; side * side];
        for (place, hex) in listed.iter().enumerate() {
            places[((hex.x + radius) as usize) * side + (hex.y + radius) as usize] = place as u16;
        }
        let within_lists = listed
            .iter()
            .map(|centre| {
                let distances: Vec<u32> = listed.iter().map(|hex| hex.unsigned_distance_to(*centre)).collect();
                let whole_board = distances.iter().copied().max().unwrap_or(0);
                (0..whole_board)
                    .map(|range| {
                        let within = listed
                            .iter()
                            .zip(&distances)
                            .filter(|(_, distance)| **distance <= range);
                        within.map(|(hex, _)| *hex).collect()
                    })
                    .collect()
            })
            .collect();
        Self {
            within_lists,
            listed,
            hexes,
            radius,
            grid,
            places,
            starts_two,
            starts_four,
            shrines,
        }
    }

    pub fn contains(&self, hex: Hex) -> bool {
        let (q, r) = (hex.x + self.radius, hex.y + self.radius);
        let side = 2 * self.radius + 1;
        (0..side).contains(&q) && (0..side).contains(&r) && self.grid[(q * side + r) as usize]
    }

    /// Every hex, in a fixed order (q, then r).
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        self.listed.iter().copied()
    }

    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// Hex steps between two hexes.
    pub fn distance(a: Hex, b: Hex) -> u32 {
        a.unsigned_distance_to(b)
    }

    /// The board's hexes at most `range` steps from `centre` (the centre included), in order.
    pub fn within(&self, centre: Hex, range: u32) -> Vec<Hex> {
        self.around(centre, range).into_owned()
    }

    /// The same hexes as `within`, in the same order (q, then r), without gathering them from a
    /// centre on the board: its list for that range is lent (a range that reaches every hex
    /// lends `listed`). From a centre off the board they are gathered.
    pub fn around(&self, centre: Hex, range: u32) -> Cow<'_, [Hex]> {
        match self.place(centre) {
            Some(place) => {
                let lists = &self.within_lists[place];
                Cow::Borrowed(lists.get(range as usize).unwrap_or(&self.listed))
            }
            None => Cow::Owned(
                self.listed
                    .iter()
                    .copied()
                    .filter(|hex| hex.unsigned_distance_to(centre) <= range)
                    .collect(),
            ),
        }
    }

    /// A board hex's place in `listed`.
    fn place(&self, hex: Hex) -> Option<usize> {
        let (q, r) = (hex.x + self.radius, hex.y + self.radius);
        let side = 2 * self.radius + 1;
        if !(0..side).contains(&q) || !(0..side).contains(&r) {
            return None;
        }
        let place = self.places[(q * side + r) as usize];
        (place != u16::MAX).then_some(usize::from(place))
    }

    /// The hexes a character at `from` can end its move on with `speed` steps: nothing blocks
    /// movement (characters and buildings may be passed through or shared), so these are the
    /// board's hexes within `speed`, reached through board hexes only.
    pub fn reachable(&self, from: Hex, speed: u32) -> Vec<Hex> {
        let mut seen = BTreeSet::from([key(from)]);
        let mut frontier = vec![from];
        for _ in 0..speed {
            let mut next = Vec::new();
            for hex in frontier {
                for neighbour in hex.all_neighbors() {
                    if self.contains(neighbour) && seen.insert(key(neighbour)) {
                        next.push(neighbour);
                    }
                }
            }
            frontier = next;
        }
        seen.into_iter().map(|(q, r)| Hex::new(q, r)).collect()
    }

    /// The hex mirrored through the centre: the other side's view of the board.
    pub fn mirror(hex: Hex) -> Hex {
        Hex::new(-hex.x, -hex.y)
    }
}
