//! What happened, for the log and the board's animations (dice faces included).

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use serde::{Serialize, Serializer};
use spellhall_core::{GameEvent, Reveal, Seat, seat_name};

use crate::action::Target;
use crate::state::{CreatureId, Pos, TowerKind, Track};

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Event {
    /// Opening hands dealt (each seat sees its own).
    Dealt {
        players: u8,
    },
    Mulliganed {
        seat: Seat,
        cards: usize,
    },
    /// One round of the roll for the first player: each seat's 7 dice.
    FirstPlayerRoll {
        rolls: Vec<(Seat, Vec<u8>)>,
    },
    FirstPlayer {
        seat: Seat,
    },
    TurnBegan {
        seat: Seat,
        turn: u32,
    },
    ManaGained {
        seat: Seat,
        mana: u32,
    },
    Healed {
        seat: Seat,
        hp: u8,
        by: &'static str,
    },
    /// Dice rolled against a Hero or a structure, and the damage they did.
    Attacked {
        by: Attacker,
        target: Target,
        dice: Vec<u8>,
        armor: u8,
        damage: u32,
    },
    TokensRolled {
        seat: Seat,
        dice: Vec<u8>,
        left: u8,
        damage: u32,
    },
    Killed {
        seat: Seat,
        by: Option<Seat>,
        vp: u32,
    },
    Respawned {
        seat: Seat,
        at: Pos,
    },
    Moved {
        seat: Seat,
        from: Pos,
        to: Pos,
        mana: u32,
    },
    Upgraded {
        seat: Seat,
        track: Track,
    },
    Built {
        seat: Seat,
        tower: TowerKind,
        at: Pos,
    },
    Destroyed {
        target: Target,
    },
    Captured {
        seat: Seat,
        at: Pos,
    },
    Recharged {
        seat: Seat,
    },
    /// A skill played: on whom (none for the player's own skills, Mana or Summoning) and what it
    /// does, in words (its further effects, a heal or a counter-strike, follow as events).
    Played {
        seat: Seat,
        card: Name,
        on: Option<Target>,
        does: Name,
    },
    /// A spell placed face up in the Spell Area.
    Prepared {
        seat: Seat,
        card: Name,
    },
    /// A card put face down in the Reserve.
    Reserved {
        seat: Seat,
    },
    TokensPaidOff {
        seat: Seat,
        burn: u8,
        brain_damage: u8,
    },
    TerrainPlaced {
        seat: Seat,
        at: Pos,
    },
    TerrainRevealed {
        seat: Seat,
        card: Name,
        at: Pos,
    },
    Summoned {
        seat: Seat,
        creature: Name,
        at: Pos,
    },
    CreatureMoved {
        seat: Seat,
        creature: Name,
        from: Pos,
        to: Pos,
    },
    CreatureKilled {
        seat: Seat,
        creature: Name,
    },
    CreatureHealed {
        seat: Seat,
        creature: Name,
        hp: u8,
        by: &'static str,
    },
    /// A spell cast (its effects follow).
    Cast {
        seat: Seat,
        spell: Name,
        copies: u8,
    },
    /// A Special Attack's dice and the tokens they gave.
    SpecialAttack {
        kind: Special,
        target: Seat,
        dice: Vec<u8>,
        tokens: u32,
    },
    /// Brain Malfunction's random discards.
    DiscardedAtRandom {
        seat: Seat,
        cards: usize,
    },
    /// Cards drawn at the end of a turn (the number is public, the cards are the drawer's).
    Drew {
        seat: Seat,
        cards: usize,
        reshuffled: bool,
    },
    Scored {
        team: usize,
        vp: u32,
        shrines: u32,
    },
    /// An attack or a spell declared against a character whose owner may answer first.
    Declared {
        seat: Seat,
        action: String,
    },
    /// A player may answer out of turn (he holds a face-down card; the hand-off goes to him).
    Answering {
        seat: Seat,
    },
    /// The answering player lets it happen.
    NoAnswer {
        seat: Seat,
    },
    /// Decoy's die: on `success` Hypnor pays, strikes back and may step aside.
    DecoyRolled {
        seat: Seat,
        die: u8,
        success: bool,
    },
    /// A declared attack or spell that no longer holds after the answers.
    Cancelled {
        seat: Seat,
        reason: String,
    },
    GameOver,
}

/// A card's or a creature's name, or a skill's effect in words, as an event carries it: shared
/// with the content's copy (`Content::log_words`), so an event is made and dropped without
/// copying the text. Reads, prints and serializes as the text itself.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Name(Arc<str>);

impl Name {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Name {
    fn from(text: &str) -> Self {
        Self(Arc::from(text))
    }
}

impl Deref for Name {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl Event {
    /// `seat` plays the skill `card` (its place in `content.cards`) on the character `on`.
    pub(crate) fn played(
        seat: Seat,
        content: &crate::content::Content,
        card: usize,
        on: crate::state::Character,
    ) -> Event {
        let def = &content.cards.items()[card];
        Event::Played {
            seat,
            card: content.log_words.cards[card].clone(),
            on: crate::text::skill_aims_at_character(&def.effect).then(|| crate::respond::target_of(on)),
            does: content.log_words.played[card].clone(),
        }
    }
}

/// The three Special Attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Special {
    Burn,
    Stun,
    BrainDamage,
}

/// Who rolled the dice of an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Attacker {
    Hero(Seat),
    Creature(CreatureId),
    /// A Defense Tower of this seat.
    Tower(Seat),
}

impl GameEvent for Event {
    fn reveal(&self) -> Reveal {
        match self {
            Event::Dealt { players } => Reveal::ToSeats(Seat::all(usize::from(*players)).collect()),
            Event::Mulliganed { seat, cards } | Event::Drew { seat, cards, .. } if *cards > 0 => {
                Reveal::ToSeats(vec![*seat])
            }
            Event::FirstPlayerRoll { .. }
            | Event::Attacked { .. }
            | Event::TokensRolled { .. }
            | Event::SpecialAttack { .. }
            | Event::DiscardedAtRandom { .. }
            | Event::DecoyRolled { .. } => Reveal::ToAll,
            _ => Reveal::Nothing,
        }
    }

    fn describe(&self, _viewer: Option<Seat>, names: &[String]) -> Option<String> {
        let name = |seat: &Seat| seat_name(names, *seat);
        let target = |target: &Target| match target {
            Target::Hero(seat) => format!("{}'s Hero", name(seat)),
            Target::Creature(id) => format!("{}'s creature", name(&id.owner)),
            Target::Building(at) => format!("the building at {at}"),
            Target::Shrine(at) => format!("the shrine at {at}"),
        };
        let faces = |dice: &[u8]| dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        Some(match self {
            Event::Dealt { .. } => "Each player drew 5 cards and has 7 mana.".into(),
            Event::Mulliganed { seat, cards } => {
                format!("{} shuffled {cards} card(s) back and drew as many.", name(seat))
            }
            Event::FirstPlayerRoll { rolls } => {
                let rolls: Vec<String> = rolls.iter().map(|(s, d)| format!("{} {}", name(s), faces(d))).collect();
                format!("Rolls for the first player: {}.", rolls.join("; "))
            }
            Event::FirstPlayer { seat } => format!("{} rolled the most 4s and plays first.", name(seat)),
            Event::TurnBegan { seat, turn } => format!("Turn {turn}: {}.", name(seat)),
            Event::ManaGained { seat, mana } => format!("{} gains {mana} mana.", name(seat)),
            Event::Healed { seat, hp, by } => format!("{} heals {}'s Hero by {hp}.", by, name(seat)),
            Event::Attacked {
                by,
                target: aim,
                dice,
                armor,
                damage,
            } => {
                let who = match by {
                    Attacker::Hero(seat) => format!("{}'s Hero", name(seat)),
                    Attacker::Tower(seat) => format!("{}'s Defense Tower", name(seat)),
                    Attacker::Creature(id) => format!("{}'s creature", name(&id.owner)),
                };
                format!(
                    "{who} attacks {}: {} against Armor {armor}, {damage} damage.",
                    target(aim),
                    faces(dice)
                )
            }
            Event::TokensRolled {
                seat,
                dice,
                left,
                damage,
            } => {
                format!(
                    "{}'s tokens roll {}: {left} left, {damage} damage.",
                    name(seat),
                    faces(dice)
                )
            }
            Event::Killed { seat, by, vp } => match by {
                Some(killer) => format!("{}'s Hero falls; {} scores {vp} VP.", name(seat), name(killer)),
                None => format!("{}'s Hero falls.", name(seat)),
            },
            Event::Respawned { seat, at } => format!("{}'s Hero returns at {at}.", name(seat)),
            Event::Moved { seat, from, to, mana } if *mana > 0 => {
                format!(
                    "{}'s Hero moves from {from} to {to} (paying {mana} mana for speed).",
                    name(seat)
                )
            }
            Event::Moved { seat, from, to, .. } => format!("{}'s Hero moves from {from} to {to}.", name(seat)),
            Event::Upgraded { seat, track } => format!("{} upgrades {track:?}.", name(seat)),
            Event::Built { seat, tower, at } => format!("{} builds a {} at {at}.", name(seat), tower.name()),
            Event::Destroyed { target: aim } => format!("{} is destroyed.", capital(&target(aim))),
            Event::Captured { seat, at } => format!("{} captures the shrine at {at}.", name(seat)),
            Event::Recharged { seat } => format!("{} discards two cards for 1 mana.", name(seat)),
            Event::Played { seat, card, on, does } => match on {
                Some(aim) => format!("{} plays {card} on {}: {does}.", name(seat), target(aim)),
                None => format!("{} plays {card}: {does}.", name(seat)),
            },
            Event::Prepared { seat, card } => format!("{} prepares {card}.", name(seat)),
            Event::Cast { seat, spell, copies } if *copies > 1 => {
                format!("{} casts {copies} {spell} together.", name(seat))
            }
            Event::Cast { seat, spell, .. } => format!("{} casts {spell}.", name(seat)),
            Event::SpecialAttack {
                kind,
                target: victim,
                dice,
                tokens,
            } => format!(
                "{kind:?} Attack on {}'s Hero: {}, {tokens} token(s).",
                name(victim),
                faces(dice)
            ),
            Event::TokensPaidOff {
                seat,
                burn,
                brain_damage,
            } => format!(
                "{} pays off {burn} Burn and {brain_damage} Brain Damage token(s).",
                name(seat)
            ),
            Event::TerrainPlaced { seat, at } => format!("{} lays a Terrain card, its token at {at}.", name(seat)),
            Event::TerrainRevealed { seat, card, at } => format!("{} reveals {card} at {at}.", name(seat)),
            Event::Summoned { seat, creature, at } => {
                format!("{} summons {} {creature} at {at}.", name(seat), article(creature))
            }
            Event::CreatureMoved {
                seat,
                creature,
                from,
                to,
            } => {
                format!("{}'s {creature} moves from {from} to {to}.", name(seat))
            }
            Event::CreatureKilled { seat, creature } => format!("{}'s {creature} is killed.", name(seat)),
            Event::CreatureHealed { seat, creature, hp, by } => {
                format!("{by} heals {}'s {creature} by {hp}.", name(seat))
            }
            Event::DiscardedAtRandom { seat, cards } => format!("{} discards {cards} card(s) at random.", name(seat)),
            Event::Reserved { seat } => format!("{} puts a card face down in the Reserve (1 mana).", name(seat)),
            Event::Drew {
                seat,
                cards,
                reshuffled,
            } => format!(
                "{} draws {cards} card(s){}.",
                name(seat),
                if *reshuffled {
                    " (the discard pile reshuffled)"
                } else {
                    ""
                }
            ),
            Event::Scored { team, vp, shrines } => {
                format!("Scoring: team {} gets {vp} VP for {shrines} shrine(s).", team + 1)
            }
            Event::Declared { seat, action } => {
                format!(
                    "{} declares: {}.",
                    name(seat),
                    spellhall_core::fill_seat_names(action, names)
                )
            }
            Event::Answering { seat } => format!("{} may answer.", name(seat)),
            Event::NoAnswer { seat } => format!("{} lets it happen.", name(seat)),
            Event::DecoyRolled {
                seat,
                die,
                success: true,
            } => {
                format!("{}'s Decoy rolls {die}: Hypnor slips away.", name(seat))
            }
            Event::DecoyRolled { seat, die, .. } => {
                format!(
                    "{}'s Decoy rolls {die}: it fails (the card stays, nothing paid).",
                    name(seat)
                )
            }
            Event::Cancelled { seat, reason } => format!("{}'s attack is cancelled: {reason}", name(seat)),
            Event::GameOver => "The game is over.".into(),
        })
    }
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// "a" or "an" before a name.
pub fn article(name: &str) -> &'static str {
    match name.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}
