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
        let hexes = Hex::ZERO
            .range(radius)
            .filter(|hex| !removed.contains(hex))
            .map(key)
            .collect();
        Self {
            hexes,
            starts_two,
            starts_four,
            shrines,
        }
    }

    pub fn contains(&self, hex: Hex) -> bool {
        self.hexes.contains(&key(hex))
    }

    /// Every hex, in a fixed order (q, then r).
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        self.hexes.iter().map(|&(q, r)| Hex::new(q, r))
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
        let mut found: Vec<Hex> = centre.range(range).filter(|hex| self.contains(*hex)).collect();
        found.sort_by_key(|hex| key(*hex));
        found
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
