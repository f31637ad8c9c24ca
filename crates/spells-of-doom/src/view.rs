//! What one seat may see: the board and every Hero board are public; a hand only to its owner,
//! the Reserve as a count (its cards are face down), the Spell Area face up.

use serde::Serialize;
use spellhall_core::Seat;

use crate::state::{Building, CardId, Creature, Phase, Pos, Shrine, SpellsOfDoom};

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HeroView {
    pub seat: Seat,
    pub hero_id: String,
    pub name: String,
    pub hp: u8,
    pub max_hp: u8,
    pub armor: u8,
    pub attack: u32,
    pub at: Option<Pos>,
    pub burn: u8,
    pub brain_damage: u8,
    pub stunned: bool,
    pub mana: u32,
    pub hand_count: usize,
    pub deck_count: usize,
    pub discard_count: usize,
    pub reserve_count: usize,
    /// Prepared spells (face up), by name.
    pub spells: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub viewer: Seat,
    pub turn: u32,
    pub round: u32,
    pub active: Seat,
    pub phase: Phase,
    /// Valor Points by team: seats 0 and 2 are team 0, seats 1 and 3 team 1.
    pub vp: [u32; 2],
    pub heroes: Vec<HeroView>,
    pub shrines: Vec<Shrine>,
    pub buildings: Vec<Building>,
    /// Creatures on the board (public).
    pub creatures: Vec<Creature>,
    /// Terrain tokens on the board, by owner (the hexes are public, the cards face down).
    pub terrain_tokens: Vec<(Seat, Pos)>,
    /// The viewer's own face-down cards: the Reserve, and the Terrain Area with each token's hex.
    pub reserve: Vec<(CardId, String)>,
    pub terrain: Vec<(CardId, String, Pos)>,
    /// The viewer's own hand, with the cards' names.
    pub hand: Vec<(CardId, String)>,
    /// While a player may answer out of turn: what he is answering, in words.
    pub answering: Option<String>,
}

impl SpellsOfDoom {
    pub fn view_for(&self, viewer: Seat) -> View {
        let heroes = crate::seats(self.seats())
            .map(|seat| {
                let player = self.player(seat);
                HeroView {
                    seat,
                    hero_id: player.hero_id.clone(),
                    name: self.hero_def(seat).name.clone(),
                    hp: player.hero.hp,
                    max_hp: self.max_hp(seat),
                    armor: self.hero_armor(seat),
                    attack: self.attack_dice(seat),
                    at: player.hero.at,
                    burn: player.hero.burn,
                    brain_damage: player.hero.brain_damage,
                    stunned: player.hero.stunned,
                    mana: player.mana,
                    hand_count: player.hand.len(),
                    deck_count: player.deck.len(),
                    discard_count: player.discard.len(),
                    reserve_count: player.reserve.len(),
                    spells: player.spells.iter().map(|c| self.card(seat, *c).name.clone()).collect(),
                }
            })
            .collect();
        let hand = self
            .players
            .get(viewer.index())
            .map(|p| {
                p.hand
                    .iter()
                    .map(|c| (*c, self.card(viewer, *c).name.clone()))
                    .collect()
            })
            .unwrap_or_default();
        View {
            viewer,
            turn: self.turn,
            round: self.round(),
            active: self.active,
            phase: self.phase,
            vp: self.vp,
            heroes,
            shrines: self.shrines.clone(),
            buildings: self.buildings.clone(),
            creatures: self.creatures.clone(),
            terrain_tokens: crate::seats(self.seats())
                .flat_map(|seat| self.player(seat).terrain.iter().map(move |(_, at)| (seat, *at)))
                .collect(),
            reserve: self
                .players
                .get(viewer.index())
                .map(|p| {
                    p.reserve
                        .iter()
                        .map(|c| (*c, self.card(viewer, *c).name.clone()))
                        .collect()
                })
                .unwrap_or_default(),
            terrain: self
                .players
                .get(viewer.index())
                .map(|p| {
                    p.terrain
                        .iter()
                        .map(|(c, at)| (*c, self.card(viewer, *c).name.clone(), *at))
                        .collect()
                })
                .unwrap_or_default(),
            hand,
            answering: self.window_words(viewer),
        }
    }
}
