//! What happened, for the log and the table.

use serde::{Deserialize, Serialize};
use spellhall_core::{GameEvent, Reveal, Seat, plural, seat_name as name};

use crate::Resource;

/// Why counters came out of the pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CounterSource {
    ResourcePhase,
    WaterRedraw,
    Reroll,
    Prosperity,
    Alchemy,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TurnBegan {
        seat: Seat,
        turn: u32,
    },
    Won {
        seat: Seat,
        force: u32,
    },
    /// Cards put face up on the discard pile from a hand: by its owner's choice (the Draw phase,
    /// Change Fate), or forced by an opponent's Mana Vortex, which shows the caster that hand.
    Discarded {
        seat: Seat,
        cards: Vec<String>,
        forced: bool,
    },
    /// Cards drawn: their names are for the drawer only.
    Drew {
        seat: Seat,
        cards: Vec<String>,
    },
    /// The deck ran out: the discard pile was shuffled into a new deck.
    Reshuffled {
        cards: usize,
    },
    Counters {
        seat: Seat,
        counters: Vec<Resource>,
        source: CounterSource,
    },
    /// Counters went back to the pile without being spent.
    Returned {
        counters: Vec<Resource>,
    },
    Recruited {
        seat: Seat,
        card: String,
        spend: Vec<Resource>,
    },
    Cast {
        seat: Seat,
        card: String,
        spend: Vec<Resource>,
    },
    Destroyed {
        owner: Seat,
        card: String,
        attached: Vec<String>,
    },
    ControlTaken {
        from: Seat,
        to: Seat,
        card: String,
    },
    Attached {
        magic: String,
        to: String,
    },
    /// Divination: the names are for the caster only.
    Looked {
        seat: Seat,
        cards: Vec<String>,
    },
    Cursed {
        seat: Seat,
        rolls: u8,
    },
    Summoned {
        seat: Seat,
        card: String,
    },
    Passed {
        from: Seat,
        to: Seat,
        counters: Vec<Resource>,
    },
    /// A player with no cards in hand is not offered the leftovers.
    Skipped {
        seat: Seat,
    },
    /// A player who could pay for no card of the game with these counters (whatever he holds) is
    /// not offered them: he would have nothing to decide.
    CannotUse {
        seat: Seat,
        counters: Vec<Resource>,
    },
    Attacking {
        attacker: Seat,
        defender: Seat,
        target: String,
        hordes: Vec<String>,
        total: u32,
    },
    Defending {
        defender: Seat,
        hordes: Vec<String>,
        total: u32,
    },
    /// The optional short-game rule: the attacker's higher total takes the Stronghold.
    Captured {
        from: Seat,
        to: Seat,
        card: String,
    },
    NoAttack {
        seat: Seat,
        /// No Horde to attack with or no Stronghold to attack: the phase passed by itself.
        forced: bool,
    },
}

fn counters(list: &[Resource]) -> String {
    if list.is_empty() {
        return "nothing".into();
    }
    let mut parts: Vec<String> = Vec::new();
    for r in Resource::ALL {
        let n = list.iter().filter(|&&c| c == r).count();
        if n > 0 {
            parts.push(format!("{n} {r:?}"));
        }
    }
    parts.join(", ")
}

impl GameEvent for Event {
    fn reveal(&self) -> Reveal {
        match self {
            Event::Drew { cards, .. } if cards.is_empty() => Reveal::Nothing,
            Event::Drew { seat, .. } | Event::Looked { seat, .. } => Reveal::ToSeats(vec![*seat]),
            Event::Counters {
                source: CounterSource::Alchemy,
                ..
            } => Reveal::Nothing,
            Event::Discarded { forced: true, .. } => Reveal::ToAll,
            Event::Counters { .. } => Reveal::ToAll,
            _ => Reveal::Nothing,
        }
    }

    fn describe(&self, viewer: Option<Seat>, names: &[String]) -> Option<String> {
        Some(match self {
            Event::TurnBegan { seat, turn } => format!("Turn {turn}: {}.", name(names, *seat)),
            Event::Won { seat, force } => format!(
                "{} begins the turn with {force} Force of Strongholds and wins.",
                name(names, *seat)
            ),
            Event::Discarded { seat, cards, .. } => format!("{} discarded {}.", name(names, *seat), cards.join(", ")),
            Event::Drew { seat, cards } if viewer == Some(*seat) => {
                if cards.is_empty() {
                    "You drew nothing: the deck and the discard pile are empty.".into()
                } else {
                    format!("You drew {}.", cards.join(", "))
                }
            }
            Event::Drew { cards, .. } if cards.is_empty() => return None,
            Event::Drew { seat, cards } => match cards.len() {
                1 => format!("{} drew a card.", name(names, *seat)),
                n => format!("{} drew {n} cards.", name(names, *seat)),
            },
            Event::Reshuffled { cards } => {
                format!(
                    "The deck ran out: {} shuffled into a new deck.",
                    plural(*cards, "discarded card", "discarded cards")
                )
            }
            Event::Counters {
                seat,
                counters: list,
                source,
            } => {
                let who = name(names, *seat);
                match source {
                    CounterSource::ResourcePhase => format!("{who} gathered {}.", counters(list)),
                    CounterSource::WaterRedraw => format!("{who} redrew Water: {}.", counters(list)),
                    CounterSource::Reroll => format!("{who} rerolled the counters: {}.", counters(list)),
                    CounterSource::Prosperity => format!("{who} made more resource rolls: {}.", counters(list)),
                    CounterSource::Alchemy => format!("{who} gained {}.", counters(list)),
                }
            }
            Event::Returned { counters: list } => format!("{} went back to the pile.", counters(list)),
            Event::Recruited { seat, card, spend } => {
                format!("{} recruited {card} (paid {}).", name(names, *seat), counters(spend))
            }
            Event::Cast { seat, card, spend } => {
                format!("{} played {card} (paid {}).", name(names, *seat), counters(spend))
            }
            Event::Destroyed { owner, card, attached } if attached.is_empty() => {
                format!("{}'s {card} was destroyed.", name(names, *owner))
            }
            Event::Destroyed { owner, card, attached } => format!(
                "{}'s {card} was destroyed, with {}.",
                name(names, *owner),
                attached.join(", ")
            ),
            Event::ControlTaken { from, to, card } => {
                format!("{} took control of {}'s {card}.", name(names, *to), name(names, *from))
            }
            Event::Attached { magic, to } => format!("{magic} is attached to {to}."),
            Event::Looked { seat, cards } if viewer == Some(*seat) => {
                format!("The next cards of the deck, top first: {}.", cards.join(", "))
            }
            Event::Looked { seat, cards } => {
                format!(
                    "{} looked at the next {} of the deck.",
                    name(names, *seat),
                    plural(cards.len(), "card", "cards")
                )
            }
            Event::Cursed { seat, rolls } => format!(
                "{} is cursed: only {} next turn.",
                name(names, *seat),
                plural(*rolls, "resource roll", "resource rolls")
            ),
            Event::Summoned { seat, card } => format!("{} summoned {card} for free.", name(names, *seat)),
            Event::Passed {
                from,
                to,
                counters: list,
            } => format!(
                "{} passed {} to {}.",
                name(names, *from),
                counters(list),
                name(names, *to)
            ),
            Event::Skipped { seat } => format!("{} has no cards and is skipped.", name(names, *seat)),
            Event::CannotUse { seat, counters: list } => format!(
                "No card could be paid for with {} by {}: they pass on.",
                counters(list),
                name(names, *seat)
            ),
            Event::Attacking {
                attacker,
                defender,
                target,
                hordes,
                total,
            } => format!(
                "{} attacks {}'s {target} with {}: attack total Force {total}.",
                name(names, *attacker),
                name(names, *defender),
                hordes.join(", ")
            ),
            Event::Defending {
                defender,
                hordes,
                total,
            } if hordes.is_empty() => format!(
                "{} defends with the Stronghold alone: defence total Force {total}.",
                name(names, *defender)
            ),
            Event::Defending {
                defender,
                hordes,
                total,
            } => format!(
                "{} defends with {} and the Stronghold: defence total Force {total}.",
                name(names, *defender),
                hordes.join(", ")
            ),
            Event::Captured { from, to, card } => {
                format!("{} captures {}'s {card}.", name(names, *to), name(names, *from))
            }
            Event::NoAttack { seat, forced: true } => format!("{} cannot attack.", name(names, *seat)),
            Event::NoAttack { seat, forced: false } => format!("{} does not attack.", name(names, *seat)),
        })
    }
}
