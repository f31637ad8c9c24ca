//! The shared deck, loaded from `data/mighty-magics/cards.ron` (embedded in the binary) and checked:
//! ids unique, costs real, every note one the engine knows. Each definition gives `copies` cards;
//! a card in play is one of those copies, named by its [`CardId`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use spellhall_core::content::{Catalog, ContentError, Keyed, SourceFile, parse_ron};

use crate::CardId;

/// Where the deck lives in the repository (and how errors name the embedded copy).
pub const CARDS_FILE: &str = "data/mighty-magics/cards.ron";
const CARDS_TEXT: &str = include_str!("../../../data/mighty-magics/cards.ron");

/// The twelve resource types of the counter pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Resource {
    Stone,
    Wood,
    Metal,
    Men,
    Chaos,
    Fire,
    Water,
    Death,
    Law,
    Magic,
    Air,
    /// Wild: pays for any other resource.
    Gold,
}

impl Resource {
    pub const ALL: [Resource; 12] = [
        Resource::Stone,
        Resource::Wood,
        Resource::Metal,
        Resource::Men,
        Resource::Chaos,
        Resource::Fire,
        Resource::Water,
        Resource::Death,
        Resource::Law,
        Resource::Magic,
        Resource::Air,
        Resource::Gold,
    ];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// The counters of each type in the pile at the start.
pub const COUNTERS_PER_TYPE: u8 = 5;

/// A recruitment cost: how many counters of each resource.
pub type Cost = BTreeMap<Resource, u8>;

/// What a Stronghold's note does for the kingdom that holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ability {
    /// Its owner may spend `from` counters as if they were `into` (into Gold: as anything).
    Convert { from: Resource, into: Resource },
    /// The owner's Hordes whose cost contains this resource get Force +1.
    KindBonus(Resource),
    /// The owner fills his hand to this many more cards.
    HandSize(u8),
    /// Once a turn, the owner may send back the Water counters he drew and draw as many again.
    RedrawWater,
    /// The owner's defending Hordes get this much more Force.
    DefendingHordes(u8),
    /// The owner draws this many more counters in his Resource phase.
    ExtraResources(u8),
}

/// Which cards in play a Mighty Magic may aim at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TargetKind {
    Stronghold,
    Horde,
    /// A Stronghold or a Horde.
    AnyCard,
}

/// What a Mighty Magic does when it is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Magic {
    /// Destroy one card in play (anyone's) whose cost contains `cost_has`.
    Destroy { target: TargetKind, cost_has: Resource },
    /// Take an opponent's card (with what is attached to it) into your kingdom.
    GainControl {
        target: TargetKind,
        cost_has: Option<Resource>,
    },
    /// Look at this many cards from the top of the deck.
    LookAtDeck(u8),
    /// Stays in play on a card, which gains this much Force.
    Attach { to: TargetKind, force: u8 },
    /// Discard your hand and draw this many cards.
    NewHand(u8),
    /// Send the counters you hold back to the pile and draw as many again.
    RerollResources,
    /// Take this many Gold counters from the pile.
    GainGold(u8),
    /// Choose: draw `cards` cards, or draw `resources` more counters.
    CardsOrResources { cards: u8, resources: u8 },
    /// The chosen opponent draws only this many counters in his next Resource phase.
    Curse { rolls: u8 },
    /// Every opponent discards his hand.
    OpponentsDiscardHands,
    /// Put a Horde from your hand into play without paying for it.
    SummonHordeFromHand,
}

/// What kind of card it is, with what the kind needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    Stronghold { force: u8, ability: Ability },
    Horde { force: u8 },
    Magic(Magic),
}

/// One card of the deck list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    pub id: String,
    pub name: String,
    /// How many of this card the deck holds (our design).
    pub copies: u8,
    pub cost: Cost,
    pub kind: Kind,
    /// One bit per resource the cost names (by [`Resource::index`]), worked out when loaded:
    /// bonuses and magic targets ask it for every card in play.
    #[serde(skip)]
    pub cost_kinds: u16,
}

impl Keyed for CardDef {
    fn key(&self) -> &str {
        &self.id
    }
}

impl CardDef {
    pub fn is_stronghold(&self) -> bool {
        matches!(self.kind, Kind::Stronghold { .. })
    }

    pub fn is_horde(&self) -> bool {
        matches!(self.kind, Kind::Horde { .. })
    }

    pub fn is_magic(&self) -> bool {
        matches!(self.kind, Kind::Magic(_))
    }

    /// The printed Force (0 for a Mighty Magic).
    pub fn base_force(&self) -> u8 {
        match self.kind {
            Kind::Stronghold { force, .. } | Kind::Horde { force } => force,
            Kind::Magic(_) => 0,
        }
    }

    /// Whether the cost names this resource: a Horde "of a kind", a target of "a card with a Water cost".
    pub fn cost_has(&self, resource: Resource) -> bool {
        self.cost_kinds & (1 << resource.index()) != 0
    }

    pub fn cost_total(&self) -> usize {
        self.cost.values().map(|&n| usize::from(n)).sum()
    }

    /// The cost as a list of single counters ("Stone, Stone, Metal"), in resource order.
    pub fn cost_units(&self) -> Vec<Resource> {
        self.cost
            .iter()
            .flat_map(|(&r, &n)| std::iter::repeat_n(r, usize::from(n)))
            .collect()
    }

    fn check(&self) -> Result<(), String> {
        if self.copies == 0 {
            return Err("a card must have at least 1 copy".into());
        }
        if self.cost.is_empty() || self.cost.values().any(|&n| n == 0) {
            return Err("a cost needs at least one counter of each resource it names".into());
        }
        if self.cost.contains_key(&Resource::Gold) {
            return Err("Gold is wild and cannot be part of a cost".into());
        }
        match self.kind {
            Kind::Stronghold { force, ability } => {
                if force == 0 {
                    return Err("a Stronghold needs Force".into());
                }
                match ability {
                    Ability::Convert { from, into } if from == into || from == Resource::Gold => {
                        Err(format!("cannot convert {from:?} into {into:?}"))
                    }
                    Ability::KindBonus(Resource::Gold) => Err("no Horde has a Gold cost".into()),
                    _ => Ok(()),
                }
            }
            Kind::Horde { force: 0 } => Err("a Horde needs Force".into()),
            Kind::Magic(Magic::Attach {
                to: TargetKind::AnyCard,
                ..
            }) => Err("attach to a Horde or to a Stronghold, not to any card".into()),
            _ => Ok(()),
        }
    }
}

/// The deck list, and every copy of every card (a [`CardId`] indexes `copies`).
#[derive(Clone, Debug)]
pub struct Cards {
    catalog: Catalog<CardDef>,
    /// For each card of the deck, the index of its definition.
    copies: Vec<usize>,
    /// The least costs of the deck as single counters: each distinct cost no other card's cost
    /// lies within. Whoever can pay for a card can pay for one of these (drop the extra counters),
    /// so asking whether the tray buys anything needs only them. The shortest come first.
    least_costs: Vec<Vec<Resource>>,
    /// Each definition's cost as single counters (by definition index): the legal list matches
    /// the tray against every card in hand whenever it is asked.
    cost_units: Vec<Vec<Resource>>,
}

impl Cards {
    /// The shipped deck.
    pub fn shipped() -> Result<Self, Vec<ContentError>> {
        Self::parse(CARDS_FILE, CARDS_TEXT)
    }

    /// Parse and check a deck list.
    pub fn parse(file: &str, text: &str) -> Result<Self, Vec<ContentError>> {
        let catalog = Catalog::new(file, text, parse_definitions(file, text)?)?;
        let source = SourceFile::embedded(file, text);
        let errors = check_definitions(catalog.items().iter().map(|def| (def, &source)));
        Self::deal_copies(catalog, errors)
    }

    /// This deck with the cards of a player's files added: each file is a list of cards in the
    /// format of `cards.ron`, and each new card joins the shared deck with its `copies`. An id the
    /// deck already has is an error, like any other mistake (see [`Catalog::with_added`]).
    pub fn with_user_files(&self, files: &[SourceFile]) -> Result<Self, Vec<ContentError>> {
        let mut added = Vec::new();
        let mut errors = Vec::new();
        for file in files {
            match parse_definitions(&file.name, &file.text) {
                Ok(defs) => added.push((file.clone(), defs)),
                Err(e) => errors.extend(e),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let catalog = self.catalog.with_added(added)?;
        let errors = check_definitions(catalog.added_items());
        Self::deal_copies(catalog, errors)
    }

    /// Every copy of every card, once the definitions are checked.
    fn deal_copies(catalog: Catalog<CardDef>, mut errors: Vec<ContentError>) -> Result<Self, Vec<ContentError>> {
        let copies: Vec<usize> = catalog
            .items()
            .iter()
            .enumerate()
            .flat_map(|(i, def)| std::iter::repeat_n(i, usize::from(def.copies)))
            .collect();
        let mut dealt = 0;
        let first_too_many = catalog.items_with_files().find(|(def, _)| {
            dealt += usize::from(def.copies);
            dealt > usize::from(u16::MAX)
        });
        if let Some((def, file)) = first_too_many {
            let message = format!(
                "with this card the deck holds more than {} cards, the most supported",
                u16::MAX
            );
            errors.push(ContentError::at_item(&file.name, &file.text, &def.id, message));
        }
        if errors.is_empty() {
            let least_costs = least_costs(catalog.items());
            let cost_units = catalog.items().iter().map(CardDef::cost_units).collect();
            Ok(Self {
                catalog,
                copies,
                least_costs,
                cost_units,
            })
        } else {
            Err(errors)
        }
    }

    /// The definition of a card of the deck.
    pub fn get(&self, card: CardId) -> &CardDef {
        &self.catalog.items()[self.copies[usize::from(card.0)]]
    }

    /// A card's cost as single counters ([`CardDef::cost_units`], without building the list).
    pub(crate) fn cost_units_of(&self, card: CardId) -> &[Resource] {
        &self.cost_units[self.copies[usize::from(card.0)]]
    }

    /// The number of cards in the deck (every copy).
    pub fn len(&self) -> usize {
        self.copies.len()
    }

    pub fn is_empty(&self) -> bool {
        self.copies.is_empty()
    }

    /// Every card of the deck.
    pub fn all(&self) -> impl Iterator<Item = CardId> + '_ {
        (0..self.copies.len()).map(|i| CardId(i as u16))
    }

    /// The distinct definitions, in file order.
    pub fn definitions(&self) -> &[CardDef] {
        self.catalog.items()
    }

    /// The costs no other card's cost lies within, as single counters, the shortest first (see
    /// the field).
    pub fn least_costs(&self) -> &[Vec<Resource>] {
        &self.least_costs
    }

    /// The copies of the definition with this id, for tests and tools.
    pub fn copies_of(&self, id: &str) -> Vec<CardId> {
        let Some(def) = self.catalog.items().iter().position(|d| d.id == id) else {
            return Vec::new();
        };
        self.all().filter(|c| self.copies[usize::from(c.0)] == def).collect()
    }
}

/// Parse a list of cards and work out what each cost names.
fn parse_definitions(file: &str, text: &str) -> Result<Vec<CardDef>, Vec<ContentError>> {
    let mut defs = parse_ron::<Vec<CardDef>>(file, text).map_err(|e| vec![e])?;
    for def in &mut defs {
        def.cost_kinds = def.cost.keys().fold(0, |bits, r| bits | 1 << r.index());
    }
    Ok(defs)
}

/// Whether every counter `part` asks for is also asked for by `whole`.
fn lies_within(part: &Cost, whole: &Cost) -> bool {
    part.iter().all(|(r, &n)| whole.get(r).is_some_and(|&m| m >= n))
}

/// Each distinct cost of `defs` that no other, smaller cost lies within, as single counters, the
/// fewest counters first (so that a tray of a few counters need not be matched against longer ones).
fn least_costs(defs: &[CardDef]) -> Vec<Vec<Resource>> {
    let mut least: Vec<&CardDef> = Vec::new();
    for def in defs {
        let covered = defs
            .iter()
            .any(|other| other.cost != def.cost && lies_within(&other.cost, &def.cost));
        if !covered && !least.iter().any(|kept| kept.cost == def.cost) {
            least.push(def);
        }
    }
    let mut units: Vec<Vec<Resource>> = least.iter().map(|def| def.cost_units()).collect();
    units.sort_by_key(Vec::len);
    units
}

/// Check each card on its own, naming the file it comes from.
fn check_definitions<'a>(defs: impl Iterator<Item = (&'a CardDef, &'a SourceFile)>) -> Vec<ContentError> {
    defs.filter_map(|(def, file)| {
        let message = def.check().err()?;
        Some(ContentError::at_item(&file.name, &file.text, &def.id, message))
    })
    .collect()
}
