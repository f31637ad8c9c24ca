//! The state of a Mighty Magics game and the small types it is made of.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use spellhall_core::{GameRng, Pile, Seat};

use crate::content::{Ability, COUNTERS_PER_TYPE, Cards, Kind, Magic, Resource};
use crate::legal::Payer;

/// One card of the shared deck (an index into [`Cards`]: every copy has its own id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u16);

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// 2 to 6.
    pub players: u8,
    /// The optional attack rule for shorter games: compare totals, the winner takes the Stronghold,
    /// each side loses one participating Horde.
    pub short_attacks: bool,
}

/// Base hand size: the Draw phase fills the hand to this (City of Brass adds to it).
pub const HAND_SIZE: usize = 5;
/// Counters drawn in a Resource phase.
pub const RESOURCE_ROLLS: usize = 5;
/// Force of Strongholds that wins when a turn begins with it.
pub const WINNING_FORCE: u32 = 15;

/// A Stronghold or Horde in a kingdom, with the Mighty Magics attached to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holding {
    pub card: CardId,
    pub attached: Vec<CardId>,
}

/// The cards a player has in play.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kingdom {
    pub strongholds: Vec<Holding>,
    pub hordes: Vec<Holding>,
}

impl Kingdom {
    pub fn holdings(&self) -> impl Iterator<Item = &Holding> {
        self.strongholds.iter().chain(&self.hordes)
    }
}

/// Where a battle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// The attacker picks the target Stronghold and his attacking Hordes.
    Declare,
    /// The defender picks his defending Hordes.
    Defend,
    /// The attacker, then the defender, choose casualties.
    AttackerLosses,
    DefenderLosses,
}

/// The Attack phase of the player whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub stage: Stage,
    pub target: Option<CardId>,
    pub attackers: Vec<CardId>,
    pub defenders: Vec<CardId>,
    /// Each participant's Force in this battle, fixed when the defenders are set.
    pub forces: Vec<(CardId, u32)>,
    pub attack_total: u32,
    pub defence_total: u32,
    /// The casualties picked so far by the side choosing now.
    pub marked: Vec<CardId>,
}

impl Battle {
    pub(crate) fn new() -> Self {
        Battle {
            stage: Stage::Declare,
            target: None,
            attackers: Vec::new(),
            defenders: Vec::new(),
            forces: Vec::new(),
            attack_total: 0,
            defence_total: 0,
            marked: Vec::new(),
        }
    }

    /// A participant's Force in this battle.
    pub fn force_of(&self, card: CardId) -> u32 {
        self.forces.iter().find(|(c, _)| *c == card).map_or(0, |&(_, f)| f)
    }

    pub fn marked_force(&self) -> u32 {
        self.marked.iter().map(|&c| self.force_of(c)).sum()
    }
}

/// The four phases of a turn (the Resource phase happens at once when the Draw phase ends).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The active player discards what he likes, then fills his hand.
    Draw,
    /// `holder` may recruit with the counters in the tray, or pass them to his left.
    Recruit {
        holder: Seat,
    },
    Attack(Battle),
    Over,
}

/// A bonus to a card's Force and where it comes from, for the table to show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bonus {
    /// The Stronghold or attached magic that gives it.
    pub source: CardId,
    pub amount: u32,
}

/// The bonuses a kingdom's Strongholds give its Hordes: by kind, and when defending.
#[derive(Clone, Debug, Default)]
pub(crate) struct Boosts {
    pub kinds: Vec<(Resource, CardId)>,
    pub defending: Vec<(u8, CardId)>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    pub winner: Seat,
    pub force: u32,
}

/// A game of Mighty Magics.
#[derive(Clone, Debug, Serialize)]
pub struct MightyMagics {
    /// The deck list (not part of the saved state: content is loaded separately).
    #[serde(skip)]
    pub(crate) cards: Arc<Cards>,
    pub(crate) config: Config,
    pub(crate) rng: GameRng,
    pub(crate) deck: Pile<CardId>,
    /// Face up; the top is the last card discarded.
    pub(crate) discard: Pile<CardId>,
    pub(crate) hands: Vec<Vec<CardId>>,
    pub(crate) kingdoms: Vec<Kingdom>,
    /// Counters in the Resource Pile, by [`Resource::index`].
    pub(crate) pile: [u8; 12],
    /// Counters drawn this turn and not yet spent, in resource order.
    pub(crate) tray: Vec<Resource>,
    pub(crate) active: Seat,
    pub(crate) turn: u32,
    pub(crate) phase: Phase,
    /// A Curse on a seat: how many counters it draws in its next Resource phase.
    pub(crate) cursed: Vec<Option<u8>>,
    /// Coastal Towns' redraw has been used this turn.
    pub(crate) water_redrawn: bool,
    /// What each seat saw with Divination (cards still in the deck are shown to it).
    pub(crate) foresight: Vec<Vec<CardId>>,
    pub(crate) finish: Option<Finish>,
    /// The kingdoms as every view shows them (they are public, so all seats share one copy),
    /// built on the first view after a change. Not part of the state: cleared by every change.
    #[serde(skip)]
    pub(crate) table: std::sync::OnceLock<Arc<Vec<crate::view::KingdomView>>>,
}

impl MightyMagics {
    /// Forget what was worked out from the state before a change.
    pub(crate) fn changed(&mut self) {
        self.table = std::sync::OnceLock::new();
    }

    pub fn cards(&self) -> &Arc<Cards> {
        &self.cards
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn seats(&self) -> usize {
        self.hands.len()
    }

    /// Whose turn it is.
    pub fn active(&self) -> Seat {
        self.active
    }

    pub fn turn_number(&self) -> u32 {
        self.turn
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn battle(&self) -> Option<&Battle> {
        match &self.phase {
            Phase::Attack(battle) => Some(battle),
            _ => None,
        }
    }

    pub fn hand(&self, seat: Seat) -> &[CardId] {
        &self.hands[seat.index()]
    }

    pub fn kingdom(&self, seat: Seat) -> &Kingdom {
        &self.kingdoms[seat.index()]
    }

    pub fn tray(&self) -> &[Resource] {
        &self.tray
    }

    /// Counters of this type left in the Resource Pile.
    pub fn in_pile(&self, resource: Resource) -> u8 {
        self.pile[resource.index()]
    }

    pub fn deck(&self) -> &Pile<CardId> {
        &self.deck
    }

    pub fn discard_pile(&self) -> &Pile<CardId> {
        &self.discard
    }

    pub fn curse_on(&self, seat: Seat) -> Option<u8> {
        self.cursed[seat.index()]
    }

    pub fn finish(&self) -> Option<&Finish> {
        self.finish.as_ref()
    }

    /// The seat to the left (the next in turn order).
    pub fn left_of(&self, seat: Seat) -> Seat {
        seat.left(1, self.seats())
    }

    /// Who controls a card in play, and whether it is one of his Strongholds.
    pub fn controller(&self, card: CardId) -> Option<(Seat, bool)> {
        self.kingdoms.iter().enumerate().find_map(|(i, k)| {
            if k.strongholds.iter().any(|h| h.card == card) {
                Some((Seat(i as u8), true))
            } else if k.hordes.iter().any(|h| h.card == card) {
                Some((Seat(i as u8), false))
            } else {
                None
            }
        })
    }

    /// The abilities of a seat's Strongholds, each with the Stronghold's name.
    pub fn abilities(&self, seat: Seat) -> impl Iterator<Item = (Ability, &str)> + '_ {
        self.kingdoms[seat.index()].strongholds.iter().filter_map(|h| {
            let def = self.cards.get(h.card);
            match def.kind {
                Kind::Stronghold { ability, .. } => Some((ability, def.name.as_str())),
                _ => None,
            }
        })
    }

    /// The abilities of a seat's Strongholds, each with the Stronghold.
    pub fn abilities_by_card(&self, seat: Seat) -> impl Iterator<Item = (Ability, CardId)> + '_ {
        self.kingdoms[seat.index()]
            .strongholds
            .iter()
            .filter_map(|h| match self.cards.get(h.card).kind {
                Kind::Stronghold { ability, .. } => Some((ability, h.card)),
                _ => None,
            })
    }

    /// The converts a seat may use: (counter spent, resource it counts as).
    pub fn converts(&self, seat: Seat) -> Vec<(Resource, Resource)> {
        let mut converts: Vec<_> = self.convert_abilities(seat).collect();
        converts.sort();
        converts.dedup();
        converts
    }

    /// The converts of a seat's Strongholds, as they come (repeats included).
    fn convert_abilities(&self, seat: Seat) -> impl Iterator<Item = (Resource, Resource)> + '_ {
        self.abilities(seat).filter_map(|(a, _)| match a {
            Ability::Convert { from, into } => Some((from, into)),
            _ => None,
        })
    }

    /// What each counter may pay for when `seat` pays (his converts), for matching costs.
    pub(crate) fn payer(&self, seat: Seat) -> Payer {
        Payer::new(self.convert_abilities(seat))
    }

    pub fn hand_limit(&self, seat: Seat) -> usize {
        HAND_SIZE
            + self
                .abilities(seat)
                .map(|(a, _)| match a {
                    Ability::HandSize(n) => usize::from(n),
                    _ => 0,
                })
                .sum::<usize>()
    }

    /// How many counters a seat draws in its Resource phase now.
    pub fn resource_rolls(&self, seat: Seat) -> usize {
        let base = self.cursed[seat.index()].map_or(RESOURCE_ROLLS, usize::from);
        base + self
            .abilities(seat)
            .map(|(a, _)| match a {
                Ability::ExtraResources(n) => usize::from(n),
                _ => 0,
            })
            .sum::<usize>()
    }

    pub fn has_ability(&self, seat: Seat, ability: Ability) -> bool {
        self.abilities(seat).any(|(a, _)| a == ability)
    }

    /// The Force of a card in play and the bonuses in it (a Horde counts its controller's kind
    /// bonuses, Pallisades when `defending`, and attached magics; a Stronghold its attachments).
    pub fn force(&self, card: CardId, defending: bool) -> (u32, Vec<Bonus>) {
        for (i, kingdom) in self.kingdoms.iter().enumerate() {
            if let Some(holding) = kingdom.holdings().find(|h| h.card == card) {
                return self.force_of(Seat(i as u8), holding, defending);
            }
        }
        (0, Vec::new())
    }

    /// [`Self::force`] for a holding whose controller is known.
    pub(crate) fn force_of(&self, seat: Seat, holding: &Holding, defending: bool) -> (u32, Vec<Bonus>) {
        self.force_with(&self.boosts(seat), holding, defending)
    }

    /// What a seat's Strongholds add to its Hordes (the views work this out once per kingdom,
    /// not once per card).
    pub(crate) fn boosts(&self, seat: Seat) -> Boosts {
        let mut boosts = Boosts::default();
        for (ability, source) in self.abilities_by_card(seat) {
            match ability {
                Ability::KindBonus(kind) => boosts.kinds.push((kind, source)),
                Ability::DefendingHordes(n) => boosts.defending.push((n, source)),
                _ => {}
            }
        }
        boosts
    }

    pub(crate) fn force_with(&self, boosts: &Boosts, holding: &Holding, defending: bool) -> (u32, Vec<Bonus>) {
        let def = self.cards.get(holding.card);
        let mut bonuses = Vec::new();
        if def.is_horde() {
            for &(kind, source) in &boosts.kinds {
                if def.cost_has(kind) {
                    bonuses.push(Bonus { source, amount: 1 });
                }
            }
            if defending {
                for &(n, source) in &boosts.defending {
                    bonuses.push(Bonus {
                        source,
                        amount: u32::from(n),
                    });
                }
            }
        }
        for &magic in &holding.attached {
            if let Kind::Magic(Magic::Attach { force, .. }) = self.cards.get(magic).kind {
                bonuses.push(Bonus {
                    source: magic,
                    amount: u32::from(force),
                });
            }
        }
        let total = u32::from(def.base_force()) + bonuses.iter().map(|b| b.amount).sum::<u32>();
        (total, bonuses)
    }

    /// The Force of a seat's Strongholds (what the 15-Force victory counts).
    pub fn stronghold_force(&self, seat: Seat) -> u32 {
        // A Stronghold's Force is its own and its attachments': the boosts are for Hordes.
        let no_boosts = Boosts::default();
        self.kingdoms[seat.index()]
            .strongholds
            .iter()
            .map(|h| self.force_with(&no_boosts, h, false).0)
            .sum()
    }

    /// What the Divination cast by `seat` showed that is still in the deck, top first.
    pub fn foresight(&self, seat: Seat) -> Vec<CardId> {
        let seen = &self.foresight[seat.index()];
        // Every view asks: most seats saw nothing, and the deck is long.
        if seen.is_empty() {
            return Vec::new();
        }
        self.deck
            .iter_top_down()
            .copied()
            .filter(|c| seen.contains(c))
            .collect()
    }

    /// Counters of a type in the tray.
    pub fn tray_count(&self, resource: Resource) -> usize {
        self.tray.iter().filter(|&&r| r == resource).count()
    }

    pub(crate) fn counters_complete(&self) -> Result<(), String> {
        for r in Resource::ALL {
            let total = usize::from(self.pile[r.index()]) + self.tray_count(r);
            if total != usize::from(COUNTERS_PER_TYPE) {
                return Err(format!("{total} {r:?} counters exist, not {COUNTERS_PER_TYPE}"));
            }
        }
        Ok(())
    }
}
