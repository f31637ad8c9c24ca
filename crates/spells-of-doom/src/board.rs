//! The board's geometry on `hexx`: which hexes exist, the starting spaces and shrines, distances,
//! the rulebook's ranges, and the hexes a character can reach.
//!
//! Ranges: the rulebook's "Range 1" and "within 2 hexes" both mean the same or an adjacent hex, so
//! every range here is a hex distance (0 = the same hex).

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
    /// Each grid cell's place in `listed` (`u16::MAX` off the board), and the distance between
    /// every two hexes of `listed` (row by row): `around` reads a centre's row for wide ranges
    /// (a Hero's move with mana to spare reaches most of the board) instead of testing every
    /// cell of a wide diamond.
    places: Vec<u16>,
    distances: Vec<u8>,
    /// For the short ranges 0 to `NEAR` (a creature's move, a summon, a blast's reach), each
    /// listed hex's board hexes within that range, in `listed` order: read, not searched.
    near: Vec<Vec<Vec<Hex>>>,
    /// Starting spaces of a two-player game, by seat.
    pub starts_two: [Hex; 2],
    /// Starting spaces of a four-player game, by seat (teams alternate: seats 0 and 2, 1 and 3).
    pub starts_four: [Hex; 4],
    pub shrines: Vec<Hex>,
}

/// The longest range `Board::around` keeps a list of hexes for, for each hex: 4 covers a Fast
/// creature's move (Speed 3) and a Hero's move with up to 4 mana spare (Speed 2 + 2), the moves
/// `legal` lists before every decision.
const NEAR: u32 = 4;

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
        let distances: Vec<u8> = listed
            .iter()
            .flat_map(|a| {
                listed
                    .iter()
                    .map(|b| a.unsigned_distance_to(*b).min(u32::from(u8::MAX)) as u8)
            })
            .collect();
        let count = listed.len();
        let near = (0..=NEAR)
            .map(|range| {
                (0..count)
                    .map(|place| {
                        let row = &distances[place * count..(place + 1) * count];
                        listed
                            .iter()
                            .zip(row)
                            .filter(|(_, distance)| u32::from(**distance) <= range)
                            .map(|(hex, _)| *hex)
                            .collect()
                    })
                    .collect()
            })
            .collect();
        Self {
            near,
            listed,
            hexes,
            radius,
            grid,
            places,
            distances,
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
        self.around(centre, range).collect()
    }

    /// The same hexes as `within`, in the same order (q, then r), without gathering them: each
    /// column q holds the r for which the axial distance `(|dq| + |dr| + |dq + dr|) / 2` is at
    /// most `range`.
    ///
    /// From a centre on the board, a range up to `NEAR` reads the centre's list in `near`, and a
    /// longer one the centre's row of distances, over `listed` (the same order).
    pub fn around(&self, centre: Hex, range: u32) -> impl Iterator<Item = Hex> + '_ {
        let count = self.listed.len();
        let place = self.place(centre);
        let near = place
            .filter(|_| range <= NEAR)
            .map(|place| self.near[range as usize][place].iter().copied());
        let row = place
            .filter(|_| range > NEAR)
            .map(|place| &self.distances[place * count..(place + 1) * count]);
        let by_row = row.map(move |row| {
            self.listed
                .iter()
                .zip(row)
                .filter(move |(_, distance)| u32::from(**distance) <= range)
                .map(|(hex, _)| *hex)
        });
        // No hex of the board is further than a diameter away: a longer range finds nothing more.
        let range = range.min(4 * self.radius as u32 + 1) as i32;
        let diamond = place.is_none().then(move || {
            (-range..=range).flat_map(move |dq| {
                let low = (-range).max(-dq - range);
                let high = range.min(-dq + range);
                (low..=high)
                    .map(move |dr| Hex::new(centre.x + dq, centre.y + dr))
                    .filter(|hex| self.contains(*hex))
            })
        });
        near.into_iter()
            .flatten()
            .chain(by_row.into_iter().flatten())
            .chain(diamond.into_iter().flatten())
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
