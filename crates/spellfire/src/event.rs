//! What happened, for the log and the table's announcements. Events carry the cards' names (the
//! log is read without the catalogue at hand); the state itself never does.

use serde::Serialize;
use spellhall_core::{GameEvent, Reveal, Seat, seat_name};

use crate::catalogue::cards::CardName;
use crate::formation::Position;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Event {
    /// One reveal for the first player: each seat's card and the last digit of its number (SF-27).
    FirstPlayerReveal {
        reveals: Vec<(Seat, CardName, u8)>,
    },
    FirstPlayer {
        seat: Seat,
    },
    Dealt {
        cards: u8,
    },
    TurnBegan {
        seat: Seat,
        turn: u32,
    },
    /// Cards drawn: their names for the drawer, the count for everyone else.
    Drew {
        seat: Seat,
        cards: CardNames,
    },
    RulePlayed {
        seat: Seat,
        card: CardName,
        replaced: Option<CardName>,
    },
    RealmPlayed {
        seat: Seat,
        card: CardName,
        at: Position,
        replaced: Option<CardName>,
    },
    RebuildBegun {
        seat: Seat,
        at: Position,
    },
    RealmRebuilt {
        seat: Seat,
        at: Position,
        realm: CardName,
    },
    HoldingPlayed {
        seat: Seat,
        card: CardName,
        at: Position,
        realm: CardName,
    },
    ToPool {
        seat: Seat,
        card: CardName,
    },
    Attached {
        seat: Seat,
        card: CardName,
        champion: CardName,
    },
    /// An avatar brought into play, paid for by the champions discarded from the pool (SF-233).
    AvatarSummoned {
        seat: Seat,
        avatar: CardName,
        paid: Vec<CardName>,
    },
    PhaseBegan {
        seat: Seat,
        phase: u8,
    },
    Attacked {
        seat: Seat,
        champion: CardName,
        defender: Seat,
        at: Position,
        realm: CardName,
    },
    Defended {
        seat: Seat,
        champion: CardName,
    },
    Declined {
        seat: Seat,
    },
    AllyJoined {
        seat: Seat,
        ally: CardName,
        champion: CardName,
    },
    CardUsed {
        seat: Seat,
        card: CardName,
        champion: CardName,
    },
    /// The round's result with the final totals.
    RoundWon {
        winner: Seat,
        champion: CardName,
        loser: Seat,
        beaten: CardName,
        totals: (i32, i32),
    },
    RealmRazed {
        seat: Seat,
        at: Position,
        realm: CardName,
        holding: Option<CardName>,
    },
    /// A battle would have razed the realm, and its power keeps it face up this time.
    RazingWithstood {
        seat: Seat,
        at: Position,
        realm: CardName,
    },
    BattleOver {
        spoils: Option<Seat>,
    },
    /// Spoils of victory drawn: the card for its drawer only.
    SpoilsDrawn {
        seat: Seat,
        card: CardName,
    },
    SpoilsKept {
        seat: Seat,
    },
    SpoilsReturned {
        seat: Seat,
    },
    EventPlayed {
        seat: Seat,
        card: CardName,
    },
    EventPassed {
        seat: Seat,
        card: CardName,
    },
    /// The event resolved; `enforced` is false while its power is not scripted.
    EventResolved {
        card: CardName,
        enforced: bool,
    },
    /// A seat answered an event in its pause.
    EventAnswered {
        seat: Seat,
        card: CardName,
        event: CardName,
        how: Answer,
    },
    TargetChosen {
        seat: Seat,
        event: CardName,
        target: CardName,
    },
    /// A power moved `seat`'s card `card` out of the discard pile (or away from defeat): `to`
    /// says where ("into its owner's hand").
    Returned {
        seat: Seat,
        card: CardName,
        by: CardName,
        to: String,
    },
    /// A power (`by`) sent `seat`'s champion `card` to the Abyss, out of the game.
    SentToAbyss {
        seat: Seat,
        card: CardName,
        by: CardName,
    },
    /// A power (`by`) shuffled `seat`'s discard pile, `cards` cards, into his draw pile.
    Reshuffled {
        seat: Seat,
        by: CardName,
        cards: usize,
    },
    /// A realm left its formation for the discard pile (Cataclysm!).
    RealmDiscarded {
        seat: Seat,
        at: Position,
        realm: CardName,
    },
    /// A power is about to defeat `seat`'s champion at once; he may reply with one card.
    InstantDefeatComing {
        seat: Seat,
        champion: CardName,
        by: CardName,
    },
    /// The power defeated `seat`'s champion at once (SF-110).
    InstantDefeat {
        seat: Seat,
        by: CardName,
    },
    /// A wall stopped `seat`'s attacker: back to the pool, the battle over, no spoils (SF-129).
    Walled {
        seat: Seat,
    },
    /// An extra turn begins at once (The Caravan).
    ExtraTurn {
        seat: Seat,
    },
    Claimed {
        seat: Seat,
    },
    ClaimWithdrawn {
        seat: Seat,
    },
    Discarded {
        seat: Seat,
        cards: CardNames,
    },
    /// A player without a realm loses his pool at the end of the turn (SF-65).
    PoolLost {
        seat: Seat,
        cards: Vec<CardName>,
    },
    /// A mulligan: the caller's hand, shown to prove it (SF-217).
    Mulligan {
        seat: Seat,
        hand: Vec<CardName>,
    },
    DeckRanOut {
        seat: Seat,
    },
    /// A card goes to its owner's Limbo (SF-85); `lost` are attachments discarded on the way
    /// (SF-87).
    ToLimbo {
        seat: Seat,
        card: CardName,
        lost: Vec<CardName>,
    },
    /// A card due back from Limbo at the end of its owner's turn (SF-86): back in play, or not
    /// (`back` false: it is the first of `lost`); `lost` are the cards discarded instead, because
    /// an identical card came into play meanwhile or nothing can take them (SF-88, SF-89, AMB-12).
    LimboReturn {
        seat: Seat,
        card: CardName,
        back: bool,
        lost: Vec<CardName>,
    },
    /// Aid: the losing side asks the other players for help (SF-239).
    AidAsked {
        seat: Seat,
    },
    AidRefused {
        seat: Seat,
        aided: Seat,
    },
    /// Everyone asked refused: the side plays on alone.
    NoAid {
        seat: Seat,
    },
    AidGiven {
        helper: Seat,
        aided: Seat,
        card: CardName,
        champion: CardName,
    },
    /// Aid: a helper's magical item or artifact goes back to the helper's hand (AMB-24).
    AidReturned {
        helper: Seat,
        card: CardName,
    },
    /// Experience Spoils: base levels earned, and the champion's base level now (SF-248).
    ExperienceGained {
        seat: Seat,
        champion: CardName,
        levels: i32,
        base: i32,
    },
    /// Fear of Undead: allies that flee from `by` and are discarded (SF-250).
    AlliesFled {
        seat: Seat,
        allies: Vec<CardName>,
        by: CardName,
    },
    /// Treasure: the winner takes the loser's items; those it cannot carry are discarded (SF-257).
    TreasureTaken {
        seat: Seat,
        champion: CardName,
        taken: Vec<CardName>,
        discarded: Vec<CardName>,
    },
    /// Conqueror's Game: the razer's token on a razed realm (SF-246).
    RealmMarked {
        seat: Seat,
        owner: Seat,
        realm: CardName,
    },
    /// Permanent destruction: cards that may never be played again (SF-247).
    Destroyed {
        cards: Vec<CardName>,
    },
    QuestBegun {
        seat: Seat,
        champion: CardName,
    },
    /// The questing champion is back and turned up `opponent`'s top card (SF-255).
    QuestFound {
        seat: Seat,
        champion: CardName,
        opponent: Seat,
        card: Option<CardName>,
    },
    /// The quest found a champion: one round between the two, the questing one attacking (SF-256).
    QuestDuel {
        seat: Seat,
        champion: CardName,
        found: CardName,
        totals: (i32, i32),
        won: bool,
    },
    /// `card` of `owner` fights for `seat`'s side for the rest of the round.
    FightsFor {
        seat: Seat,
        owner: Seat,
        card: CardName,
    },
    /// Every target `seat` could aim `card` at went away before he chose one: it acts on nothing.
    TargetGone {
        seat: Seat,
        card: CardName,
    },
    /// `seat`, whose `card` says the spell may be cast only with his leave, allowed or refused
    /// `spell` (refused: it is discarded and does nothing).
    SpellLeave {
        seat: Seat,
        card: CardName,
        spell: CardName,
        allowed: bool,
    },
    /// `seat`'s reply `card` saved what was about to be razed or discarded.
    Saved {
        seat: Seat,
        card: CardName,
        saved: Vec<CardName>,
    },
    /// `seat` held no card the power `by` asked him for.
    NothingTaken {
        seat: Seat,
        by: CardName,
    },
    /// `seat` chose `player` as the one `card`'s power acts for.
    PlayerChosen {
        seat: Seat,
        card: CardName,
        player: Seat,
    },
    /// `seat`'s champion `card` is kept out of battles for a while by the power of `by`.
    Barred {
        seat: Seat,
        card: CardName,
        by: CardName,
    },
    /// A power let `seat` look at the top of `owner`'s draw pile: the cards for him alone.
    LookedAt {
        seat: Seat,
        owner: Seat,
        cards: Vec<CardName>,
    },
    /// `seat` chose the way `card`'s power acts (`Effect::ChooseOne`), in words.
    WayChosen {
        seat: Seat,
        card: CardName,
        way: String,
    },
    /// `item`, carried by `champion` of `seat`, copies `from`'s level (`level`) or special power.
    Copied {
        seat: Seat,
        item: CardName,
        champion: CardName,
        from: CardName,
        level: bool,
    },
    /// `card` fights for `seat` in place of `champion`, by `by`'s power.
    StandsIn {
        seat: Seat,
        card: CardName,
        champion: CardName,
        by: CardName,
    },
    /// `owner`'s `champion`, who beat `seat`'s side, goes over to it through `by`'s power: he is
    /// its champion in the next round of the battle.
    WentOver {
        seat: Seat,
        owner: Seat,
        champion: CardName,
        by: CardName,
    },
    /// `owner`'s `champion`, gone over to the other side, leaves the fight (or the battle ends)
    /// and goes to his owner's discard pile with what he carries.
    GoneOverDiscarded {
        owner: Seat,
        champion: CardName,
        cards: Vec<CardName>,
    },
    GameOver {
        reason: String,
    },
}

/// The names of the cards of a draw or a discard, read as a slice of names (`Deref`). A turn's
/// draw (three cards with 55-card decks) and a card discarded are the events of most actions:
/// up to three names are kept in place, so that such an event allocates no list of its own;
/// more are kept in a list. It prints, compares and serializes as the plain list of names.
#[derive(Clone)]
pub enum CardNames {
    One(CardName),
    Two([CardName; 2]),
    Three([CardName; 3]),
    /// None, or more than three.
    List(Vec<CardName>),
}

impl CardNames {
    pub fn as_slice(&self) -> &[CardName] {
        match self {
            CardNames::One(name) => std::slice::from_ref(name),
            CardNames::Two(names) => names,
            CardNames::Three(names) => names,
            CardNames::List(names) => names,
        }
    }
}

impl std::ops::Deref for CardNames {
    type Target = [CardName];

    fn deref(&self) -> &[CardName] {
        self.as_slice()
    }
}

impl FromIterator<CardName> for CardNames {
    fn from_iter<I: IntoIterator<Item = CardName>>(names: I) -> Self {
        let mut names = names.into_iter();
        let Some(first) = names.next() else {
            return CardNames::List(Vec::new());
        };
        let Some(second) = names.next() else {
            return CardNames::One(first);
        };
        let Some(third) = names.next() else {
            return CardNames::Two([first, second]);
        };
        match names.next() {
            None => CardNames::Three([first, second, third]),
            Some(fourth) => CardNames::List([first, second, third, fourth].into_iter().chain(names).collect()),
        }
    }
}

impl From<Vec<CardName>> for CardNames {
    fn from(names: Vec<CardName>) -> Self {
        match names.len() {
            1..=3 => names.into_iter().collect(),
            _ => CardNames::List(names),
        }
    }
}

impl PartialEq for CardNames {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for CardNames {}

impl std::fmt::Debug for CardNames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Serialize for CardNames {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice())
    }
}

/// How an event was answered in its pause (SF-193).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Answer {
    Negated,
    Calmed,
    Copied,
    /// A spell turned back at its caster (Spell Turning).
    Turned,
}

impl GameEvent for Event {
    fn reveal(&self) -> Reveal {
        match self {
            Event::Drew { seat, cards } if !cards.is_empty() => Reveal::ToSeats(vec![*seat]),
            Event::SpoilsDrawn { seat, .. } => Reveal::ToSeats(vec![*seat]),
            Event::LookedAt { seat, .. } => Reveal::ToSeats(vec![*seat]),
            Event::Dealt { .. }
            | Event::FirstPlayerReveal { .. }
            | Event::Mulligan { .. }
            | Event::QuestFound { card: Some(_), .. } => Reveal::ToAll,
            _ => Reveal::Nothing,
        }
    }

    fn describe(&self, viewer: Option<Seat>, names: &[String]) -> Option<String> {
        let name = |seat: &Seat| seat_name(names, *seat);
        let list = |cards: &[CardName]| crate::effects::join_words(cards);
        let cards = |n: usize| {
            if n == 1 {
                "1 card".to_string()
            } else {
                format!("{n} cards")
            }
        };
        Some(match self {
            Event::FirstPlayerReveal { reveals } => {
                let shown: Vec<String> = reveals
                    .iter()
                    .map(|(seat, card, digit)| format!("{} {card} ({digit})", name(seat)))
                    .collect();
                format!("For the first turn each player turns up a card: {}.", shown.join("; "))
            }
            Event::FirstPlayer { seat } => format!("{} has the highest digit and plays first.", name(seat)),
            Event::Dealt { cards: n } => format!("Each player shuffles and draws {}.", cards(usize::from(*n))),
            Event::TurnBegan { seat, turn } => format!("Turn {turn}: {}.", name(seat)),
            Event::Drew { seat, cards: drawn } if viewer == Some(*seat) && !drawn.is_empty() => {
                format!("You draw {}.", list(drawn))
            }
            Event::Drew { seat, cards: drawn } => format!("{} draws {}.", name(seat), cards(drawn.len())),
            Event::RulePlayed { seat, card, replaced } => match replaced {
                Some(old) => format!(
                    "{} puts the rule card {card} into play; {old} is discarded.",
                    name(seat)
                ),
                None => format!("{} puts the rule card {card} into play.", name(seat)),
            },
            Event::RealmPlayed {
                seat,
                card,
                at,
                replaced,
            } => match replaced {
                Some(old) => format!("{} plays {card} at {at} over the razed {old}.", name(seat)),
                None => format!("{} plays the realm {card} at {at}.", name(seat)),
            },
            Event::RebuildBegun { seat, at } => {
                format!("{} rebuilds the realm at {at}, discarding three cards.", name(seat))
            }
            Event::RealmRebuilt { seat, at, realm } => format!("{}'s {realm} at {at} is rebuilt.", name(seat)),
            Event::HoldingPlayed { seat, card, at, realm } => {
                format!("{} attaches the holding {card} to {realm} ({at}).", name(seat))
            }
            Event::ToPool { seat, card } => format!("{} puts {card} into the pool.", name(seat)),
            Event::Attached { seat, card, champion } => format!("{} gives {card} to {champion}.", name(seat)),
            Event::AvatarSummoned { seat, avatar, paid } => format!(
                "{} discards {} from the pool to bring the avatar {avatar} into play.",
                name(seat),
                list(paid)
            ),
            Event::PhaseBegan { seat, phase } => format!("{}: phase {phase}.", name(seat)),
            Event::Attacked {
                seat,
                champion,
                defender,
                at,
                realm,
            } => format!(
                "{} attacks {}'s {realm} ({at}) with {champion}.",
                name(seat),
                name(defender)
            ),
            Event::Defended { seat, champion } => format!("{} defends with {champion}.", name(seat)),
            Event::Declined { seat } => format!("{} does not defend.", name(seat)),
            Event::AllyJoined { seat, ally, champion } => {
                format!("{} plays the ally {ally} with {champion}.", name(seat))
            }
            Event::CardUsed { seat, card, champion } => format!("{}'s {champion} uses {card}.", name(seat)),
            Event::RoundWon {
                winner,
                champion,
                loser,
                beaten,
                totals,
            } => format!(
                "{}'s {champion} ({}) beats {}'s {beaten} ({}).",
                name(winner),
                totals.0,
                name(loser),
                totals.1
            ),
            Event::RealmRazed {
                seat,
                at,
                realm,
                holding,
            } => match holding {
                Some(holding) => format!("{}'s {realm} ({at}) is razed; {holding} is discarded.", name(seat)),
                None => format!("{}'s {realm} ({at}) is razed.", name(seat)),
            },
            Event::BattleOver { spoils } => match spoils {
                Some(seat) => format!("The battle is over; {} earns the spoils of victory.", name(seat)),
                None => "The battle is over; no spoils.".to_string(),
            },
            Event::SpoilsDrawn { seat, card } if viewer == Some(*seat) => format!("Your spoils: {card}."),
            Event::SpoilsDrawn { seat, .. } => format!("{} draws a card as spoils.", name(seat)),
            Event::SpoilsKept { seat } => format!("{} keeps the spoils.", name(seat)),
            Event::SpoilsReturned { seat } => format!("{} puts the spoils back on the draw pile.", name(seat)),
            Event::EventPlayed { seat, card } => format!("{} plays the event {card}.", name(seat)),
            Event::EventPassed { seat, card } => format!("{} lets {card} be.", name(seat)),
            Event::EventResolved { card, enforced: true } => format!("{card} takes effect and goes to the Abyss."),
            Event::EventResolved { card, enforced: false } => {
                format!("{card} goes to the Abyss (its power is not enforced yet).")
            }
            Event::EventAnswered { seat, card, event, how } => match how {
                Answer::Negated => format!("{} cancels {event} with {card}: it acts for no one.", name(seat)),
                Answer::Calmed => format!(
                    "{} calms {event} with {card}: it will not touch {}.",
                    name(seat),
                    name(seat)
                ),
                Answer::Copied => format!(
                    "{} copies {event} with {card}: it will act for {} too.",
                    name(seat),
                    name(seat)
                ),
                Answer::Turned => format!(
                    "{} turns {event} back at its caster with {card}: it acts for {}.",
                    name(seat),
                    name(seat)
                ),
            },
            Event::TargetChosen { seat, event, target } => format!("{} aims {event} at {target}.", name(seat)),
            Event::Returned { seat, card, by, to } => format!("{by} puts {}'s {card} {to}.", name(seat)),
            Event::SentToAbyss { seat, card, by } => {
                format!(
                    "{by} sends {}'s {card} to the Abyss, out of the game for good.",
                    name(seat)
                )
            }
            Event::Reshuffled { seat, by, cards: n } => format!(
                "{by}: {} shuffles the discard pile ({}) into the draw pile; the Abyss stays as it is.",
                name(seat),
                cards(*n)
            ),
            Event::RealmDiscarded { seat, at, realm } => format!("{}'s {realm} ({at}) is discarded.", name(seat)),
            Event::RazingWithstood { seat, at, realm } => {
                format!(
                    "{}'s {realm} ({at}) withstands the razing and stays face up.",
                    name(seat)
                )
            }
            Event::InstantDefeatComing { seat, champion, by } => format!(
                "{by}'s power is about to defeat {}'s {champion} at once; {} may reply with one card.",
                name(seat),
                name(seat)
            ),
            Event::InstantDefeat { seat, by } => format!("{by} defeats {}'s champion at once.", name(seat)),
            Event::Walled { seat } => format!(
                "{}'s champion cannot cross the wall: it goes back to the pool and the battle ends without spoils.",
                name(seat)
            ),
            Event::ExtraTurn { seat } => format!("{} takes an extra turn at once.", name(seat)),
            Event::Claimed { seat } => format!("{}: \"Wait, I play an event.\"", name(seat)),
            Event::ClaimWithdrawn { seat } => format!("{} plays nothing after all.", name(seat)),
            Event::Discarded { seat, cards: gone } => format!("{} discards {}.", name(seat), list(gone)),
            Event::PoolLost { seat, cards: gone } => {
                format!("{} has no realm: the pool is discarded ({}).", name(seat), list(gone))
            }
            Event::Mulligan { seat, hand } => format!(
                "{} calls a mulligan, showing a hand with no playable realm ({}); the game is dealt again.",
                name(seat),
                list(hand)
            ),
            Event::DeckRanOut { seat } => format!("{}'s draw pile has run out.", name(seat)),
            Event::ToLimbo { seat, card, lost } if lost.is_empty() => format!("{}'s {card} goes to Limbo.", name(seat)),
            Event::ToLimbo { seat, card, lost } => {
                format!("{}'s {card} goes to Limbo; {} is discarded.", name(seat), list(lost))
            }
            Event::LimboReturn {
                seat,
                card,
                back: true,
                lost,
            } if lost.is_empty() => format!("{}'s {card} returns from Limbo.", name(seat)),
            Event::LimboReturn {
                seat,
                card,
                back: true,
                lost,
            } => format!(
                "{}'s {card} returns from Limbo; {} is discarded (the Rule of the Cosmos).",
                name(seat),
                list(lost)
            ),
            Event::LimboReturn { seat, card, .. } => {
                format!("{}'s {card} cannot come back from Limbo and is discarded.", name(seat))
            }
            Event::AidAsked { seat } => format!("{} asks the other players for help.", name(seat)),
            Event::AidRefused { seat, aided } => format!("{} does not help {}.", name(seat), name(aided)),
            Event::NoAid { seat } => format!("Nobody helps {}.", name(seat)),
            Event::AidGiven {
                helper,
                aided,
                card,
                champion,
            } => format!("{} helps {}: {card} fights with {champion}.", name(helper), name(aided)),
            Event::AidReturned { helper, card } => format!("{card} goes back to {}'s hand.", name(helper)),
            Event::ExperienceGained {
                seat,
                champion,
                levels,
                base,
            } => format!(
                "{}'s {champion} gains {levels} level{} of experience (base level {base}).",
                name(seat),
                if *levels == 1 { "" } else { "s" }
            ),
            Event::AlliesFled { seat, allies, by } => {
                format!(
                    "{}'s {} flee{} from {by}.",
                    name(seat),
                    list(allies),
                    if allies.len() == 1 { "s" } else { "" }
                )
            }
            Event::TreasureTaken {
                seat,
                champion,
                taken,
                discarded,
            } => match (taken.is_empty(), discarded.is_empty()) {
                (false, true) => format!("{}'s {champion} takes {} as treasure.", name(seat), list(taken)),
                (false, false) => format!(
                    "{}'s {champion} takes {} as treasure; {} cannot go with it and {} discarded.",
                    name(seat),
                    list(taken),
                    list(discarded),
                    if discarded.len() == 1 { "is" } else { "are" }
                ),
                _ => format!(
                    "{}'s {champion} cannot carry {}, which {} discarded.",
                    name(seat),
                    list(discarded),
                    if discarded.len() == 1 { "is" } else { "are" }
                ),
            },
            Event::RealmMarked { seat, owner, realm } => {
                format!(
                    "{} puts a conqueror's token on {}'s razed {realm}.",
                    name(seat),
                    name(owner)
                )
            }
            Event::Destroyed { cards: gone } => format!(
                "{} {} destroyed for good: no one may play {} again.",
                list(gone),
                if gone.len() == 1 { "is" } else { "are" },
                if gone.len() == 1 { "it" } else { "them" }
            ),
            Event::QuestBegun { seat, champion } => format!("{} sends {champion} questing.", name(seat)),
            Event::QuestFound {
                seat,
                champion,
                opponent,
                card,
            } => match card {
                Some(card) => format!(
                    "{}'s {champion} comes back from questing and turns up {card} from {}'s draw pile.",
                    name(seat),
                    name(opponent)
                ),
                None => format!(
                    "{}'s {champion} comes back from questing; {}'s draw pile is empty.",
                    name(seat),
                    name(opponent)
                ),
            },
            Event::QuestDuel {
                seat,
                champion,
                found,
                totals,
                won,
            } => {
                let (a, b) = totals;
                if *won {
                    format!(
                        "{}'s {champion} ({a}) beats {found} ({b}), which stays discarded.",
                        name(seat)
                    )
                } else {
                    format!(
                        "{found} ({b}) beats {}'s {champion} ({a}), which is discarded.",
                        name(seat)
                    )
                }
            }
            Event::FightsFor { seat, owner, card } => format!(
                "{}'s {card} fights for {} for the rest of the round.",
                name(owner),
                name(seat)
            ),
            Event::TargetGone { seat, card } => format!("{}'s {card} has nothing left to aim at.", name(seat)),
            Event::SpellLeave {
                seat,
                card,
                spell,
                allowed: true,
            } => format!("{} gives leave ({card}): {spell} is cast.", name(seat)),
            Event::SpellLeave { seat, card, spell, .. } => format!(
                "{} refuses leave ({card}): {spell} is discarded and does nothing.",
                name(seat)
            ),
            Event::Saved { seat, card, saved } => format!(
                "{}'s {card} saves {}: it is neither razed nor discarded.",
                name(seat),
                list(saved)
            ),
            Event::NothingTaken { seat, by } => format!("{} has no card for {by} to take.", name(seat)),
            Event::PlayerChosen { seat, card, player } => {
                format!("{} turns {card} on {}.", name(seat), name(player))
            }
            Event::Barred { seat, card, by } => {
                format!("{}'s {card} is kept out of battles for a while by {by}.", name(seat))
            }
            Event::LookedAt {
                seat,
                owner,
                cards: seen,
            } if viewer == Some(*seat) => {
                format!("You look at the top of {}'s draw pile: {}.", name(owner), list(seen))
            }
            Event::LookedAt {
                seat,
                owner,
                cards: seen,
            } => format!(
                "{} looks at the top {} of {}'s draw pile.",
                name(seat),
                cards(seen.len()),
                name(owner)
            ),
            Event::WayChosen { seat, card, way } => format!("{} chooses for {card}: it {way}.", name(seat)),
            Event::Copied {
                seat,
                item,
                champion,
                from,
                level,
            } => format!(
                "{}'s {champion} takes {} of {from} through {item}.",
                name(seat),
                if *level { "the level" } else { "the special power" }
            ),
            Event::StandsIn {
                seat,
                card,
                champion,
                by,
            } => format!(
                "{}'s {card} comes from the discard pile through {by} to fight in place of {champion}, who waits in the pool.",
                name(seat)
            ),
            Event::WentOver {
                seat,
                owner,
                champion,
                by,
            } => format!(
                "Through {by}, {}'s {champion} goes over to {}'s side: he is {}'s champion in the next round of this battle, then he is discarded.",
                name(owner),
                name(seat),
                name(seat)
            ),
            Event::GoneOverDiscarded { owner, champion, cards } => match cards.as_slice() {
                [] => format!(
                    "{}'s {champion}, gone over to the other side, is discarded.",
                    name(owner)
                ),
                carried => format!(
                    "{}'s {champion}, gone over to the other side, is discarded with {}.",
                    name(owner),
                    list(carried)
                ),
            },
            Event::GameOver { reason } => spellhall_core::fill_seat_names(reason, names),
        })
    }
}
