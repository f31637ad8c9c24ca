//! What happened, for the log and the table's animations.

use serde::{Deserialize, Serialize};
use spellhall_core::{GameEvent, Reveal, Seat, plural};

use crate::{CardId, Colour, Side};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TurnBegan {
        seat: Seat,
        turn: u32,
    },
    /// An Active Spell facing the Mage whose turn begins went off.
    ActiveFired {
        colour: Colour,
        spell: String,
    },
    /// Cards drawn: their names are for the drawer only.
    Drew {
        seat: Seat,
        cards: Vec<(CardId, String)>,
    },
    Played {
        seat: Seat,
        colour: Colour,
        spell: String,
    },
    Activated {
        seat: Seat,
        colour: Colour,
        spell: String,
    },
    Energy {
        side: Side,
        seats: Vec<Seat>,
        change: i32,
        now: u32,
    },
    Sapphires {
        side: Side,
        seats: Vec<Seat>,
        change: i32,
        now: u32,
    },
    /// Cards put face up on the discard pile.
    Lost {
        seat: Seat,
        cards: Vec<String>,
        at_random: bool,
    },
    ExtraActions {
        seat: Seat,
        count: u8,
    },
    ControlTaken {
        seat: Seat,
        colour: Colour,
        spell: String,
    },
    ReturnedToHand {
        seat: Seat,
        colour: Colour,
        spell: String,
    },
    Banished {
        seat: Seat,
        colour: Colour,
        spell: String,
    },
    TookFromDiscard {
        seat: Seat,
        spell: String,
    },
    /// A rival must choose: discard, or let the caster draw.
    AskedToDiscard {
        rival: Seat,
        caster: Seat,
        draw: u8,
        discard: u8,
    },
    LetDraw {
        rival: Seat,
    },
    /// A spell asked for more cards than the deck held: the game ends after this turn.
    DeckRanOut,
    GameOver {
        winners: Vec<Seat>,
        reason: String,
    },
}

use spellhall_core::seat_name as name;

fn side_name(names: &[String], seats: &[Seat]) -> String {
    seats.iter().map(|&s| name(names, s)).collect::<Vec<_>>().join(" and ")
}

impl GameEvent for Event {
    fn reveal(&self) -> Reveal {
        match self {
            Event::Drew { cards, .. } if cards.is_empty() => Reveal::Nothing,
            Event::Drew { seat, .. } => Reveal::ToSeats(vec![*seat]),
            Event::Lost { at_random: true, .. } => Reveal::ToAll,
            _ => Reveal::Nothing,
        }
    }

    fn describe(&self, viewer: Option<Seat>, names: &[String]) -> Option<String> {
        Some(match self {
            Event::TurnBegan { seat, turn } => format!("Turn {turn}: {}.", name(names, *seat)),
            Event::ActiveFired { colour, spell } => format!("Active Spell {spell} ({colour:?}) goes off."),
            Event::Drew { seat, cards } if viewer == Some(*seat) => {
                let list: Vec<&str> = cards.iter().map(|(_, n)| n.as_str()).collect();
                if list.is_empty() {
                    "You drew nothing: the deck is empty.".into()
                } else {
                    format!("You drew {}.", list.join(", "))
                }
            }
            Event::Drew { seat, cards } => match cards.len() {
                1 => format!("{} drew a card.", name(names, *seat)),
                n => format!("{} drew {n} cards.", name(names, *seat)),
            },
            Event::Played { seat, colour, spell } => format!("{} played {spell} on {colour:?}.", name(names, *seat)),
            Event::Activated { seat, spell, .. } => format!("{} cast {spell}.", name(names, *seat)),
            Event::Energy { seats, change, now, .. } => {
                let who = side_name(names, seats);
                if *change < 0 {
                    format!("{who} lost {} Energy ({now} left).", -change)
                } else {
                    format!("{who} gained {change} Energy ({now}).")
                }
            }
            Event::Sapphires { seats, change, now, .. } => {
                let who = side_name(names, seats);
                let count = plural(change.unsigned_abs(), "Sapphire", "Sapphires");
                if *change < 0 {
                    format!("{who} lost {count} ({now} left).")
                } else {
                    format!("{who} gained {count} ({now}).")
                }
            }
            Event::Lost { seat, cards, at_random } => format!(
                "{} lost {}{}.",
                name(names, *seat),
                cards.join(", "),
                if *at_random { " at random" } else { "" }
            ),
            Event::ExtraActions { seat, count } => format!(
                "{} gains {}.",
                name(names, *seat),
                plural(*count, "extra action", "extra actions")
            ),
            Event::ControlTaken { seat, colour, spell } => {
                format!("{} turned {spell} on {colour:?} to face them.", name(names, *seat))
            }
            Event::ReturnedToHand { seat, colour, spell } => {
                format!("{} took {spell} from {colour:?} into their hand.", name(names, *seat))
            }
            Event::Banished { seat, colour, spell } => {
                format!("{} discarded {spell} from {colour:?}.", name(names, *seat))
            }
            Event::TookFromDiscard { seat, spell } => {
                format!("{} took {spell} from the discard pile.", name(names, *seat))
            }
            Event::AskedToDiscard {
                rival,
                caster,
                draw,
                discard,
            } => format!(
                "{} must discard {} or let {} draw {draw}.",
                name(names, *rival),
                plural(*discard, "card", "cards"),
                name(names, *caster)
            ),
            Event::LetDraw { rival } => format!("{} kept their cards.", name(names, *rival)),
            Event::DeckRanOut => "The deck ran out: the game ends after this turn.".into(),
            Event::GameOver { winners, reason } if winners.is_empty() => {
                format!(
                    "The game is a draw: {}.",
                    spellhall_core::fill_seat_names(reason, names)
                )
            }
            Event::GameOver { winners, reason } => {
                format!(
                    "{} won: {}.",
                    side_name(names, winners),
                    spellhall_core::fill_seat_names(reason, names)
                )
            }
        })
    }
}
