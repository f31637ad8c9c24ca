//! Card powers as structured data, and the words the app shows for them.
//!
//! A power is a list of abilities. Each ability is built from separate axes, so that new cards are
//! new combinations rather than new code: *when* it may be used ([`Trigger`]), what must hold
//! ([`Condition`]), what using it costs ([`Cost`]), and what it does ([`Effect`], which names its
//! [`Target`] and [`Amount`]). A card whose power is not written yet is `Unscripted`: it plays by
//! its type's base rules, the editor and the table say so, and nothing pretends to be enforced.

use std::borrow::Borrow;

use serde::{Deserialize, Serialize};

use crate::catalogue::cards::{Attribute, Card, CardType, Keyword, Usable, Use, World};

/// What a card does beyond its printed facts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Power {
    /// The card has no text: its type, level and the rules are all it does. Nothing to script.
    NoText,
    /// The card has a power the engine does not enforce yet.
    #[default]
    Unscripted,
    /// The card's text only restates its facts (a flyer, an undead, the spells it may cast, a
    /// realm that defends itself at its level), which the base rules already enforce.
    InFacts,
    /// The power, written as abilities the engine enforces.
    Scripted(Script),
}

/// A scripted power: its abilities and any limit on when the card may be played.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Script {
    /// Limits on playing the card at all, beyond its type's rules.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub play_only: Vec<Timing>,
    pub abilities: Vec<Ability>,
    /// The card may also be played as a card of this kind (a champion played as an event), its
    /// `OnPlay` ability being that card's effect; then it goes to its owner's discard pile.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plays_as: Option<CardType>,
    /// The card may be played at any time, as an event may (SF-186): a realm outside phase 2,
    /// in any player's turn (after a claim), without using the turn's one realm play.
    #[serde(skip_serializing_if = "is_default")]
    pub any_time: bool,
    /// How an avatar comes into play (SF-233): not the ordinary way, but by discarding the cards
    /// its power names from its player's pool.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<EntryCost>,
    /// What the card's text also says that the abilities above do not do, in our own words: the
    /// script is partial, so the card counts as not enforced, and its power lines say what is
    /// missing (an avatar whose entry is scripted but not all its powers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_enforced: Option<String>,
}

/// An avatar's way into play (SF-233): what its player discards from his pool for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryCost {
    pub discard: Payment,
    /// One avatar a pool: it enters only a pool without an avatar, and while it is there no
    /// other avatar enters that pool.
    #[serde(default, skip_serializing_if = "is_default")]
    pub sole_avatar: bool,
}

/// What a player discards from play to bring an avatar into play: champions of his pool, or the
/// other cards a power names, alone or together. A champion goes with what it carries; its
/// level is read as a power reads "level" (AMB-14).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Payment {
    /// Exactly this many champions, each one of `of` (any, when `None`) and of `level_at_least`.
    Champions {
        count: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        of: Option<Champions>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level_at_least: Option<u8>,
    },
    /// Champions, each one of `of`, whose levels come to `total` or more: exactly `count` of
    /// them when given ("two clerics of 12 levels or more"), otherwise none of them more than
    /// needed (leaving out any one would fall short).
    Levels {
        total: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        of: Option<Champions>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        count: Option<u8>,
    },
    /// One champion, one of `of`, that carries a card that is one of `carrying`.
    Carrying {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        of: Option<Champions>,
        carrying: Champions,
    },
    /// Exactly this many of his cards in play that are not pool champions — realms of his
    /// formation (razed or not), holdings on them, items and artifacts his pool champions
    /// carry — each one of `of` and of printed level or bonus `level_at_least`.
    Cards {
        count: u8,
        of: Champions,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level_at_least: Option<u8>,
    },
    /// Every one of these, each paid with cards of its own ("a cleric and a holding").
    Both(Vec<Payment>),
    /// Any one of these ("two dwarves or this realm").
    Either(Vec<Payment>),
}

impl Payment {
    /// Whether a card of this level, for which `is` tells whether it is one of a `Champions`,
    /// may be part of the payment: `champion` tells whether it is a pool champion (the other
    /// cards pay only for `Cards`). `Carrying`'s load and the counts are checked apart.
    pub fn admits(&self, is: &impl Fn(&Champions) -> bool, level: i32, champion: bool) -> bool {
        let at_least = |least: &Option<u8>| least.is_none_or(|l| level >= i32::from(l));
        match self {
            Payment::Champions { of, level_at_least, .. } => {
                champion && of.as_ref().is_none_or(is) && at_least(level_at_least)
            }
            Payment::Levels { of, .. } | Payment::Carrying { of, .. } => champion && of.as_ref().is_none_or(is),
            Payment::Cards { of, level_at_least, .. } => !champion && is(of) && at_least(level_at_least),
            Payment::Both(parts) | Payment::Either(parts) => parts.iter().any(|p| p.admits(is, level, champion)),
        }
    }

    /// The cards this payment names, for the check at load.
    fn references<'a>(&'a self, out: &mut Vec<&'a Named>) {
        match self {
            Payment::Champions { of, .. } | Payment::Levels { of, .. } => of.iter().for_each(|c| c.references(out)),
            Payment::Carrying { of, carrying } => {
                of.iter().for_each(|c| c.references(out));
                carrying.references(out);
            }
            Payment::Cards { of, .. } => of.references(out),
            Payment::Both(parts) | Payment::Either(parts) => parts.iter().for_each(|p| p.references(out)),
        }
    }

    /// The payment in words, after "discarding".
    pub fn words(&self) -> String {
        let each = |of: &Option<Champions>| of.as_ref().map_or(String::new(), |f| format!(", each {}", f.words()));
        let plural = |count: u8| if count == 1 { "" } else { "s" };
        match self {
            Payment::Champions {
                count,
                of,
                level_at_least,
            } => {
                let mut words = format!(
                    "{} champion{} of its player's pool",
                    count_words(*count),
                    plural(*count)
                );
                if *count == 1 {
                    words.push_str(&of.as_ref().map_or(String::new(), |f| format!(", {}", f.words())));
                } else {
                    words.push_str(&each(of));
                }
                if let Some(least) = level_at_least {
                    words.push_str(&format!(", of level {least} or more"));
                }
                words
            }
            Payment::Levels { total, of, count } => format!(
                "{} of its player's pool whose levels come to {total} or more{}",
                count.map_or("champions".to_string(), |n| format!(
                    "{} champion{}",
                    count_words(n),
                    plural(n)
                )),
                each(of)
            ),
            Payment::Carrying { of, carrying } => format!(
                "one champion of its player's pool{} that carries {}",
                of.as_ref().map_or(String::new(), |f| format!(", {},", f.words())),
                carrying.words()
            ),
            Payment::Cards {
                count,
                of,
                level_at_least,
            } => {
                let mut words = format!(
                    "{} card{} its player has in play, {}{}",
                    count_words(*count),
                    plural(*count),
                    if *count == 1 { "" } else { "each " },
                    of.words()
                );
                if let Some(least) = level_at_least {
                    words.push_str(&format!(", of level or bonus {least} or more"));
                }
                words
            }
            Payment::Both(parts) => {
                let words: Vec<String> = parts.iter().map(Payment::words).collect();
                words.join(" and ")
            }
            Payment::Either(parts) => {
                let words: Vec<String> = parts.iter().map(Payment::words).collect();
                format!("either {}", words.join(" or "))
            }
        }
    }
}

impl EntryCost {
    /// The entry in words, for the card's power lines and the refusals.
    pub fn words(&self) -> String {
        let mut words = format!(
            "An avatar: it comes into play, into the pool, only by discarding {}",
            self.discard.words()
        );
        if self.sole_avatar {
            words.push_str("; one avatar a pool");
        }
        words.push('.');
        words
    }
}

fn count_words(count: u8) -> String {
    match count {
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        n => n.to_string(),
    }
}

/// One thing a card can do. Axes left at their default (played, always, free) are not written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ability {
    #[serde(default, skip_serializing_if = "is_default")]
    pub when: Trigger,
    #[serde(default, skip_serializing_if = "is_default")]
    pub condition: Condition,
    #[serde(default, skip_serializing_if = "is_default")]
    pub cost: Cost,
    pub effect: Effect,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// When an ability acts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    /// When the card itself is played or cast (an event's or a spell's effect).
    #[default]
    OnPlay,
    /// As an answer in an event pause (SF-192, SF-193), from wherever the card lies: an event or
    /// spell in the hand, a champion in the hand or pool, an item on a champion in the pool.
    EventPause,
    /// When a round begins, in the order of activation: the attacking champion's power, then the
    /// defending champion's (SF-109, SF-136).
    RoundStart,
    /// All the time its card takes part in a battle (SF-140): a fighting champion or a card with
    /// it, or the attacked realm and its holding, which fight for the defending side (SF-224).
    InBattle,
    /// All the time the card is in play (a realm in a formation, a holding on it, a champion in
    /// a pool or a battle).
    InPlay,
    /// When this champion loses a round (is defeated), as it leaves the battle.
    Defeated,
    /// After each round of a battle over its realm (a realm's or holding's power).
    RoundEnds,
    /// When a battle over its realm ends with the attacking champion beaten.
    RealmHeld,
    /// When an ally joins that side of a battle over its realm (seen from the realm: `Opposing`
    /// is the attacker), or of a round its champion fights in (seen from the champion).
    AllyJoins(Party),
    /// Whenever a player (`whose`, seen from the card's player) plays a wizard or cleric spell,
    /// while the card (a realm or holding) is in play.
    SpellPlayed(Whose),
    /// When its side wins a round, as the round ends (a champion's or a card with it).
    RoundWon,
    /// When its side loses a round, as the round ends (a card fighting with the beaten side).
    RoundLost,
    /// When this champion begins a battle by attacking, before a defender is chosen (SF-105);
    /// not when he opens a later round of it.
    Attacks,
    /// When its realm (a holding's realm) is razed, by a battle or a card, as the holding goes.
    Razed,
    /// When the champion carrying it (a magical item or artifact) uses it as his side's card in
    /// a round he fights.
    CarrierUses,
    /// When its player's turn begins (phase 0, before the draw), while the card is in play: a
    /// champion in the pool, an item or artifact on one, a realm or holding standing.
    TurnBegins,
    /// When its player ends the turn (phase 6), while the card is in play.
    TurnEnds,
    /// When a battle over its realm begins, before the defence (a realm's or holding's power).
    RealmAttacked,
    /// When this champion casts a wizard or cleric spell; with `Cost::OncePerBattle`, only the
    /// first it casts in a battle acts ("if it casts one or more spells").
    Casts,
    /// When the card (a magical item or artifact) is put on a champion: from the hand in phase 3,
    /// in a round, or as spoils (SF-206: a copy is chosen then, never later).
    Attached,
    /// As a reply when a realm or holding in play is about to be razed or discarded, by a battle
    /// or by a card: every player is asked in turn, from its owner clockwise, and may play the
    /// card from the hand as an event (in its own pause) before the razing or discard happens.
    AboutToGo,
    /// When the card goes to its owner's discard pile (not the Abyss), from play or from the
    /// hand, once the action that discarded it is done.
    Discarded,
    /// Used by its player from his pool (`Action::UseCard` on the card), in his own phase 3 or 5
    /// outside a battle: a pool champion's power, or that of an item or artifact one carries.
    FromPool,
}

/// Who may cross a wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Crossing {
    Flyers,
    Earthwalkers,
    /// Attackers whose level (adjusted, AMB-14) is at least this.
    LevelAtLeast(u8),
}

/// Which champions (or other fighting cards) a power names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Champions {
    /// Champions of these types.
    OfType(Vec<CardType>),
    /// Cards with this designation (flyers, undead, dragons...).
    With(Attribute),
    /// Cards without it ("nonflying attackers").
    Without(Attribute),
    /// Cards of this world.
    OfWorld(World),
    /// Cards matching any of these.
    Either(Vec<Champions>),
    /// Cards matching every one of these (a Greyhawk monster).
    All(Vec<Champions>),
    /// Cards not matching this.
    Not(Box<Champions>),
    /// Cards with this fact of ours ([`Keyword`]): lightning.
    Tagged(Keyword),
    /// Cards whose facts let them use cards of one of these kinds, offensive or defensive (a
    /// spellcasting dragon: one that may use wizard or cleric spells).
    Uses(Vec<CardType>),
    /// The card of this name (any printing, SF-14).
    Named(Named),
}

impl Champions {
    pub fn matches(&self, champion: &Card) -> bool {
        self.matches_as(champion, champion.kind)
    }

    /// Whether `card` matches when it fights as a `kind` (a realm defending itself as a monster).
    pub fn matches_as(&self, card: &Card, kind: CardType) -> bool {
        self.matches_granted(card, kind, &[])
    }

    /// Whether `card` matches when it fights as a `kind` and has, besides its printed
    /// designations, those in `granted` for now (a champion made a flyer by a spell).
    pub fn matches_granted(&self, card: &Card, kind: CardType, granted: &[Attribute]) -> bool {
        // A designation named by a power counts the guide's aliases: drow are elves (SF-237).
        let has = |attribute: &Attribute| card.counts_as(*attribute) || granted.contains(attribute);
        match self {
            Champions::OfType(kinds) => kinds.contains(&kind),
            Champions::With(attribute) => has(attribute),
            Champions::Without(attribute) => !has(attribute),
            Champions::OfWorld(world) => card.world == *world,
            Champions::Either(any) => any.iter().any(|c| c.matches_granted(card, kind, granted)),
            Champions::All(all) => all.iter().all(|c| c.matches_granted(card, kind, granted)),
            Champions::Not(other) => !other.matches_granted(card, kind, granted),
            Champions::Tagged(keyword) => card.keywords.contains(keyword),
            Champions::Uses(kinds) => card.uses.iter().any(|u| {
                let (Use::All(Usable::Type(kind))
                | Use::Defensive(Usable::Type(kind))
                | Use::Offensive(Usable::Type(kind))) = u
                else {
                    return false;
                };
                kinds.contains(kind)
            }),
            Champions::Named(name) => name.matches(card),
        }
    }

    fn references<'a>(&'a self, out: &mut Vec<&'a Named>) {
        match self {
            Champions::Named(name) => out.push(name),
            Champions::Either(all) | Champions::All(all) => all.iter().for_each(|c| c.references(out)),
            Champions::Not(other) => other.references(out),
            _ => {}
        }
    }

    fn words(&self) -> String {
        match self {
            Champions::OfType(kinds) => {
                let names: Vec<String> = kinds.iter().map(|k| k.singular()).collect();
                format!("a {}", names.join(" or a "))
            }
            Champions::With(attribute) => format!("a card that is {}", attribute_words(*attribute)),
            Champions::Without(attribute) => format!("a card that is not {}", attribute_words(*attribute)),
            Champions::OfWorld(world) => format!("a card of {}", world.name()),
            Champions::Either(any) => {
                let words: Vec<String> = any.iter().map(Champions::words).collect();
                words.join(" or ")
            }
            Champions::All(all) => {
                let words: Vec<String> = all.iter().map(Champions::words).collect();
                words.join(" and ")
            }
            Champions::Not(other) => format!("anything but {}", other.words()),
            Champions::Tagged(keyword) => format!("a {} card", keyword.name()),
            Champions::Uses(kinds) => {
                let names: Vec<String> = kinds.iter().map(|k| k.plural().to_lowercase()).collect();
                format!("a card that may use {}", names.join(" or "))
            }
            Champions::Named(name) => name.0.clone(),
        }
    }
}

fn attribute_words(attribute: Attribute) -> String {
    match attribute {
        Attribute::Flyer => "a flyer".into(),
        Attribute::Undead => "undead".into(),
        other => format!("a {}", other.name().to_lowercase()),
    }
}

/// Whose side of a round, seen from the card with the power. A realm or holding fights for the
/// defending side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Party {
    #[default]
    Own,
    Opposing,
    /// Both sides.
    Both,
}

impl Party {
    fn words(self) -> &'static str {
        match self {
            Party::Own => "its side's",
            Party::Opposing => "the opposing side's",
            Party::Both => "each side's",
        }
    }
}

/// Which cards of a side a level change touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Members {
    /// The card with the power itself (a champion's own level, an ally's own bonus).
    This,
    /// The side's fighting champion (or the realm defending itself).
    Champion,
    /// Each ally of the side.
    Allies,
    /// The champion and each ally.
    ChampionAndAllies,
    /// Each magical item and artifact the champion fights with.
    ItemsAndArtifacts,
    /// Each card played with the champion in the round: allies, spells and the like.
    RoundCards,
    /// The first ally the side plays in the round.
    FirstAlly,
}

/// Whose fighting cards a level change touches, optionally only those matching a filter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighters {
    #[serde(default, skip_serializing_if = "is_default")]
    pub side: Party,
    pub members: Members,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<Champions>,
}

/// How a level or bonus changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Change {
    /// Gains (or, negative, loses) this many levels.
    By(i8),
    Double,
    /// Halved, rounding up.
    Halve,
    /// Halved, rounding down.
    HalveDown,
    /// Counts as this level.
    SetTo(u8),
}

impl Change {
    /// The value after the change.
    pub fn apply(self, value: i32) -> i32 {
        match self {
            Change::By(n) => value + i32::from(n),
            Change::Double => value * 2,
            Change::Halve => (value + 1).div_euclid(2),
            Change::HalveDown => value.div_euclid(2),
            Change::SetTo(n) => i32::from(n),
        }
    }
}

/// A card named by a power: any printing of it (SF-14, same name). The catalogue checks at load
/// that a card of this name exists, so a typo fails there and not in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Named(pub String);

impl Named {
    pub fn matches(&self, card: &Card) -> bool {
        card.name.eq_ignore_ascii_case(&self.0)
    }
}

/// What must hold for the ability to be used.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Condition {
    #[default]
    Always,
    /// The user (the casting champion) carries this designation: "castable only by dragons".
    UserIs(Attribute),
    /// Every one of these holds.
    All(Vec<Condition>),
    /// At least one of these holds.
    Any(Vec<Condition>),
    /// The champion (or self-defending realm) fighting for that side is one of these.
    Fighting(Party, Champions),
    /// The card's side defends the realm.
    Defending,
    /// The battle is over this realm (any printing of it, SF-14).
    AtRealm(Named),
    /// The attacked realm has a holding.
    RealmHasHolding,
    /// A card of this name is in play: in a formation, on a realm, or in a pool (`Own`: the
    /// player's own).
    InPlay(Named, Whose),
    /// The holding with the power is attached to this realm (any printing).
    AttachedTo(Named),
    /// That side has played an ally in the round.
    HasAllies(Party),
    /// The attacked realm is one of these (by its facts: a world, a designation).
    AttackedRealm(Champions),
    /// The card's side attacks.
    Attacking,
    /// The champion with the power (or carrying it) has not attacked this turn.
    HasNotAttacked,
    /// No other card of its name (the same card, SF-14) is in play: "if only one is in play".
    OnlyCopyInPlay,
    /// The champion with the power (or carrying it) has been in its pool since before its
    /// player's current turn began: it came there in an earlier turn, and has stayed.
    InPoolSinceLastTurn,
    /// The realm or holding about to be razed or discarded (`Trigger::AboutToGo`) is one of these;
    /// a razing threatens the realm and the holding that goes with it.
    Threatened(Champions),
}

/// What using the ability costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cost {
    #[default]
    Nothing,
    /// The card is discarded to use it, from the hand or from play.
    DiscardThis,
    /// The champion is discarded from the pool to use it.
    DiscardThisFromPool,
    /// The card cannot be used again until its owner's next turn.
    RestUntilOwnersNextTurn,
    /// The champion that cast it cannot be used in any way until its owner's next turn (Wish,
    /// AMB-16).
    CasterRestsUntilOwnersNextTurn,
    /// The power acts at most once in a battle.
    OncePerBattle,
    /// The card goes to its owner's Abyss to use it, from his pool (what a champion carries goes
    /// to the discard pile).
    ThisToAbyss,
}

/// Limits on when a card may be played (SF-186: events otherwise any time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Timing {
    /// Between two players' turns: before the player whose turn has begun has done anything.
    BetweenTurns,
    /// Only once every player has had a first turn (SF-191).
    AfterEveryFirstTurn,
    /// Only when no battle is in progress (after one is over).
    AfterBattle,
}

/// Which events an answer can touch (SF-189).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventKind {
    #[default]
    Any,
    Harmful,
    Helpful,
}

/// Whose cards a target may be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Whose {
    #[default]
    Anyone,
    Own,
    Opponents,
    /// The player on the other side of the battle in progress (for an attacker's card, the
    /// defender); nobody when no battle is on.
    Facing,
}

/// What an effect acts on, chosen by the card's player when it is played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    /// A realm in a formation, razed or not.
    Realm(Whose),
    /// Any card in play but a realm: a champion in a pool or a battle, an item or artifact, an
    /// ally or spell in a round, a holding, the rule card (SF-8). Immunities do not protect it.
    CardInPlay,
    /// One card these words select; a card immune to the one aiming at it cannot be chosen.
    Chosen(Cards),
    /// One card any of these targets allows (an ally or a magical item).
    Either(Vec<Target>),
    /// A razed realm.
    RazedRealm(Whose),
    /// A realm of the frontmost row of its formation that holds one (razed or not).
    FrontRealm(Whose),
    /// A champion in a pool (not fighting), or a card carried by one, these words select.
    InPool(Cards),
    /// A card in a discard pile these words select.
    Discarded(Cards),
    /// A card in an Abyss these words select (a used event: only a power brings one back, SF-93).
    InAbyss(Cards),
    /// A card these words select that went to a discard pile from the battle in progress or the
    /// last one, and is still there.
    Fallen(Cards),
    /// The ally whose arrival set the power off (an [`Trigger::AllyJoins`] power).
    JustPlayed,
    /// The champion whose defeat set the power off (a [`Trigger::Defeated`] power), while it
    /// lies in its owner's discard pile.
    JustDefeated,
    /// A realm in a formation that is not razed.
    StandingRealm(Whose),
    /// One of the top `depth` cards of a draw pile: the chooser first picks the pile (a player
    /// these words allow), looks at those cards alone, then chooses among them.
    DrawTop { whose: Whose, depth: u8 },
    /// A card taken at random from the hand of a player the chooser picks (one these words
    /// allow, with a card in hand).
    RandomInHand(Whose),
    /// The card of highest level (or bonus) these words select in the hand of a player the
    /// chooser picks (any player of `whose` with a card in hand); none if he holds none.
    LargestInHand(Cards),
}

/// How long a lasting effect lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Until {
    /// Until the next turn of the card's player begins.
    PlayersNextTurn,
    /// Until the end of the card's player's next turn.
    EndOfPlayersNextTurn,
    /// Until the next turn of the player whose turn it is when the card is played begins.
    CurrentPlayersNextTurn,
    /// Until the round in progress (or, outside one, the next) ends.
    EndOfRound,
    /// Until the end of the next turn of the owner of the card it acts on ("until after the
    /// owner's next turn"): a lasting effect on a chosen card.
    EndOfOwnersNextTurn,
}

impl Until {
    fn words(self) -> &'static str {
        match self {
            Until::PlayersNextTurn => "until its player's next turn",
            Until::EndOfPlayersNextTurn => "until the end of its player's next turn",
            Until::CurrentPlayersNextTurn => "until the next turn of the player whose turn it is",
            Until::EndOfRound => "for one round",
            Until::EndOfOwnersNextTurn => "until the end of its owner's next turn",
        }
    }
}

/// What a champion kept out of battles by [`Effect::Barred`] may not do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bar {
    /// It may not attack; it may still defend.
    Attacking,
    /// It may neither attack nor defend.
    AttackingAndDefending,
}

impl Bar {
    fn words(self) -> &'static str {
        match self {
            Bar::Attacking => "attacking",
            Bar::AttackingAndDefending => "attacking and defending",
        }
    }

    /// Whether the bar keeps its champion from defending too.
    pub fn defending(self) -> bool {
        self == Bar::AttackingAndDefending
    }
}

/// How far a power with [`Effect::Across`] reaches, seen from its card's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scope {
    /// Every face-up realm of the player (and whoever defends it).
    EveryRealm,
    /// Every champion of the player, in the pool or a battle.
    EveryChampion,
}

/// A set of cards in play (not realms), described by kind, owner, designation and level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cards {
    pub kinds: Vec<CardType>,
    /// Whose, seen from the player of the card with the power.
    #[serde(default, skip_serializing_if = "is_default")]
    pub whose: Whose,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<Champions>,
    /// The level (adjusted or printed, AMB-14) or bonus at most.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level_at_most: Option<u8>,
    /// Only cards taking part in the battle (with a fighting champion), not those in pools.
    #[serde(default, skip_serializing_if = "is_default")]
    pub in_battle: bool,
}

impl Cards {
    /// The cards' facts match (kind, designation, level); owner and immunity are the engine's.
    pub fn fits(&self, card: &Card, level: i32) -> bool {
        self.fits_granted(card, level, &[])
    }

    /// As [`Cards::fits`], for a card that has the designations in `granted` for now too.
    pub fn fits_granted(&self, card: &Card, level: i32, granted: &[Attribute]) -> bool {
        self.fits_as(card, card.kind, level, granted)
    }

    /// As [`Cards::fits_granted`], for a card taken for a `kind` other than its own (a champion
    /// kept as an ally, in a round, is an ally).
    pub fn fits_as(&self, card: &Card, kind: CardType, level: i32, granted: &[Attribute]) -> bool {
        self.fits_as_asking(card, kind, || level, || granted)
    }

    /// As [`Cards::fits_as`], with the level and the granted designations worked out only when
    /// the description reads them (in play, both read the battle's powers).
    pub(crate) fn fits_as_asking<G: AsRef<[Attribute]>>(
        &self,
        card: &Card,
        kind: CardType,
        level: impl FnOnce() -> i32,
        granted: impl FnOnce() -> G,
    ) -> bool {
        self.kinds.contains(&kind)
            && self
                .only
                .as_ref()
                .is_none_or(|f| f.matches_granted(card, kind, granted().as_ref()))
            && self.level_at_most.is_none_or(|most| level() <= i32::from(most))
    }

    fn words(&self, each: bool) -> String {
        let mut kinds: Vec<String> = self.kinds.iter().map(|k| k.singular()).collect();
        // Every kind of champion, as a player says it.
        if self.kinds.len() == 7 && self.kinds.iter().all(|k| k.is_champion()) {
            kinds = vec!["champion".into()];
        }
        let whose = match self.whose {
            Whose::Anyone => "",
            Whose::Own => "own ",
            Whose::Opponents => "opposing ",
            Whose::Facing if each => "",
            Whose::Facing => "the opposing player's ",
        };
        let mut words = format!("{}{whose}{}", if each { "every " } else { "one " }, kinds.join(" or "));
        let facing = each && self.whose == Whose::Facing;
        if facing && self.in_battle {
            words.push_str(" on the other side of the battle");
        } else if facing {
            words.push_str(" of the player on the other side of the battle");
        }
        if let Some(only) = &self.only {
            words.push_str(&format!(
                " that is {}",
                only.words().trim_start_matches("a card that is ")
            ));
        }
        if let Some(level) = self.level_at_most {
            words.push_str(&format!(" of level {level} or less"));
        }
        if self.in_battle && !facing {
            words.push_str(" in the battle");
        }
        words
    }
}

/// How many.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Amount {
    Fixed(u8),
}

impl Amount {
    pub fn value(self) -> usize {
        match self {
            Amount::Fixed(n) => usize::from(n),
        }
    }
}

/// What an ability does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// Cancel the event just played, for everybody (SF-190).
    NegateEvent(EventKind),
    /// The event just played does not touch this player (SF-189, SF-198).
    CalmEvent(EventKind),
    /// This player gets the just-played event's effect too, after the original (SF-193, SF-201).
    DuplicateEvent(EventKind),
    /// The card's player draws cards.
    Draw(Amount),
    /// The chosen card is discarded.
    Discard(Target),
    /// The card's player takes a turn at once; then play resumes where it left off.
    ExtraTurn,
    /// A holding that may go onto a razed realm, and rebuilds it as it does (SF-61 without the
    /// three discards).
    RebuildsItsRealm,
    /// The user's side loses the round at once, but its champion goes back to its pool with its
    /// items instead of the discard pile.
    Escapes,
    /// The battle ends at once with no victor: the champions go back to their pools with their
    /// items, the allies to their owners' hands, the other cards of the round to the discard pile.
    CallsOffBattle,
    /// Every player's (not calmed) first realm, at A, is razed if it stands, whatever its powers.
    RazeFirstRealms,
    /// Every player (not calmed) discards the hand and draws this many cards.
    NewHands(Amount),
    /// A wall before the attacked realm: an attacking champion that cannot cross it is stopped —
    /// defeated, but back to its pool, and the battle ends without spoils (SF-129). Only the
    /// defending side raises one.
    Wall(Crossing),
    /// The user's champion in the round becomes a flyer for the round (Fly: the one card that lets
    /// a walled attacker go on, SF-132).
    BecomesFlyer,
    /// The wall just raised against the user's champion is gone (Passwall: an answer to a wall,
    /// SF-132).
    BreaksWall,
    /// The opposing champion in the round is defeated at once if it is one of these (SF-110).
    DefeatsOpponent(Champions),
    /// This champion is defeated at once if the opposing champion is one of these.
    DefeatedBy(Champions),
    /// Fighting cards gain or lose levels while the ability's condition holds. Changes apply in
    /// the order of activation (SF-136–138): realm, holding, attacker's cards, defender's cards.
    Levels { of: Fighters, change: Change },
    /// The realm (a holding's realm) cannot be attacked by these champions (SF-147: a flyer cannot
    /// decline to fly).
    CannotBeAttackedBy(Champions),
    /// The realm (a holding's realm) cannot be defended by these champions.
    CannotBeDefendedBy(Champions),
    /// That side may play at most this many allies in the round (0: none).
    AtMost {
        side: Party,
        kinds: Vec<CardType>,
        most: u8,
        /// Only the cards of those kinds that are one of these count and are barred ("no flying
        /// allies").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        only: Option<Champions>,
    },
    /// The defending champion may use these kinds of cards (a realm or holding power).
    DefenderMayUse(Vec<CardType>),
    /// The inner effect lasts for a while after the card is played: levels (its sides seen from
    /// the card's player), or a bar on attacks.
    For(Until, Box<Effect>),
    /// No champion may attack these players' realms (seen from the card's player), unless it
    /// is one of `unless`.
    NoAttacksOn {
        realms: Whose,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unless: Option<Champions>,
    },
    /// Its owner's hand may hold this many more cards (a realm or holding power).
    HandSize(i8),
    /// Its owner draws this many more cards in phase 1 (a realm or holding power).
    ExtraDraws(u8),
    /// The champion carrying this item or artifact may use these kinds of cards.
    CarrierMayUse(Vec<CardType>),
    /// The champion carrying this item or artifact is a flyer.
    CarrierFlies,
    /// Every card in play that `Cards` selects is discarded: champions and their attachments in
    /// pools and battles, allies in a round.
    DiscardAll(Cards),
    /// A realm or holding defending itself (at its printed level) fights as this kind of
    /// champion, for the powers that name kinds and the spells its kind may cast.
    DefendsAs(CardType),
    /// The chosen card goes to its owner's hand (from a discard pile, or from play).
    ToHand(Target),
    /// The chosen champion goes to its owner's pool (from a discard pile), without attachments.
    ToPool(Target),
    /// The chosen razed realm turns face up, free (no three discards).
    Rebuild(Target),
    /// The inner effect acts on up to this many cards, chosen one at a time; the chooser may stop.
    UpTo(Amount, Box<Effect>),
    /// The chooser may use the inner effect, or not.
    May(Box<Effect>),
    /// Every player (not calmed), from the card's player clockwise, uses the inner effect for
    /// himself: "own" in its target means his own.
    EachPlayer(Box<Effect>),
    /// The inner effect acts on every card its target allows, with no choice.
    Every(Box<Effect>),
    /// The inner effects one after the other, each with its own choice.
    Then(Vec<Effect>),
    /// A card with a bonus whose player may give the bonus up to use the inner effect instead.
    InsteadOfBonus(Box<Effect>),
    /// A defeated champion goes into its owner's draw pile, shuffled, not the discard pile.
    BackIntoDraw,
    /// A defeated champion is not discarded: it goes back to its pool with its magical items and
    /// artifacts, and may defend again in the same battle.
    Survives,
    /// The champion (or the champion carrying this item) must attack in each of its owner's turns
    /// or is discarded, with what it carries, when the turn ends.
    MustAttack,
    /// The player's next realm goes into the frontmost empty position: not over a razed realm
    /// while a hole waits in front (SF-52 whatever the table's AMB-22 reading).
    NextRealmFillsFront,
    /// Immune to the offensive cards (harmful events) of these kinds (SF-178, SF-179): their
    /// bonus does not count against it, an offensive wall does not stop it, a harmful event
    /// cannot aim at it. A realm's or holding's immunity covers the realm and its defenders.
    ImmuneTo(Vec<CardType>),
    /// A magical item used up in one round: it is discarded when a round it fights in ends.
    OneUse,
    /// The inner power (a realm's, holding's or item's) reaches past its own card: every realm of
    /// its player, or every champion of its player.
    Across(Scope, Box<Effect>),
    /// A realm for which the holding of the named realm of its player acts too, as if attached to
    /// it.
    SharesHoldingOf(Named),
    /// The champion uses cards of only one of these kinds in each battle: the kind of the first it
    /// uses there is its player's choice for that battle.
    OneKindABattle(Vec<CardType>),
    /// A realm that this many battles in a row that raze it leave face up (with its holding):
    /// only the next one razes it; a battle its defender wins starts the count again.
    WithstandsRazings(u8),
    /// Immune to every card of these kinds, offensive or defensive, harmful or helpful (SF-184):
    /// an opposing defensive item's or spell's bonus does not count against it either. Artifacts
    /// carry no label, so `ImmuneTo` and this read the same for them (SF-182).
    ImmuneToAll(Vec<CardType>),
    /// The opposing champion loses the round at once but goes back to its pool with its items;
    /// a defender sent home lets the attacker go on with another champion (SF-130).
    SendsOpponentHome,
    /// The user's champion slips past the defending champion, who goes back to its pool, and the
    /// attacked realm is razed: the attacker wins the battle.
    SlipsPast,
    /// The attacked realm is razed at once and the battle won (a power acting as a round is won).
    RazesTheRealm,
    /// These fighting cards lose their special powers while the ability acts: their level or
    /// bonus and their icon abilities stay (SF-157); what only their power let them use is lost
    /// (SF-158, AMB-15).
    LosesPowers(Fighters),
    /// Cancels a spell just cast, answered in its pause (SF-40, AMB-6): it does not act.
    NegateSpell,
    /// Turns a spell just cast back at its caster, answered in its pause (AMB-6): it acts as if
    /// this card's player had cast it, aimed at the champion who cast it if it was aimed at a card.
    TurnSpell,
    /// The chosen card (an ally of the opposing side of the round, or one taken from a hand)
    /// fights on its user's side for the rest of the round; then it goes to its owner's discard
    /// pile like any ally.
    FightsForUser(Target),
    /// The chosen champion of its player's pool fights beside the user's champion as an ally for
    /// this round (its level counts for that side); it stays in the pool, and may not fight again
    /// in this battle.
    JoinsAsAlly(Target),
    /// The inner effect acts only if the condition holds as it acts, seen from the side of the
    /// card's player (Protection: an undead opposing champion is sent home).
    If(Condition, Box<Effect>),
    /// The chosen realm is razed and its holding discarded, by a card rather than a battle.
    Raze(Target),
    /// The champion may attack this many more times in a turn: in a later round of the same
    /// battle, once it has won a round (SF-119 otherwise allows one attack; one battle a turn).
    ExtraAttacks(u8),
    /// These fighting cards are flyers while the ability acts (Flight: the champion and every
    /// ally of its side for the battle), for every test of flight: walls, realms and powers that
    /// name flyers.
    Flies(Fighters),
    /// The chosen card, fighting on the user's side, is a flyer for the rest of the battle
    /// (Chariot of Sustarre).
    Fly(Target),
    /// Its player uses one of these: the first card he chooses decides which — the first whose
    /// choice allows that card — and the rest of that one's choices follow ("one champion or two
    /// allies").
    OneOf(Vec<Effect>),
    /// A card played in a round that goes onto the opposing champion and stays with him — its
    /// level or bonus counting on his side, in this battle and later ones — until it is discarded
    /// (Spell of Formless Horror: "until dispelled").
    StaysOnOpponent,
    /// While the card is in play, these players (seen from its player) draw this many more — or,
    /// negative, fewer — cards in phase 1: never below one, and never below three on a player's
    /// first turn (SF-34).
    TurnDraw { whose: Whose, change: i8 },
    /// Its player draws a card and may play it at once, whatever its phase, as spoils are played
    /// (SF-212), or keep it in his hand.
    DrawAndPlay,
    /// The chosen card leaves play for its owner's draw pile, which is shuffled.
    ShuffleIntoDraw(Target),
    /// The chosen champion is kept from attacking (or from defending too); inside a `For`, whose
    /// lasting records the champion, for as long as that lasts.
    Barred { target: Target, from: Bar },
    /// Its player chooses one player (one `whose` allows, seen from him); the inner effect then
    /// acts for that player as [`Effect::EachPlayer`]'s does for each: "own" in its target
    /// means the chosen player's own, and its choices, if any, are his.
    OnePlayer(Whose, Box<Effect>),
    /// The inner effect acts on cards chosen one at a time whose levels (or bonuses) together
    /// come to at most this total; the chooser may stop ("any number ... totaling 6 or less").
    UpToTotal(u8, Box<Effect>),
    /// Its player chooses one of these ways (`Action::ChooseOption`, by its place in the list),
    /// among those that find something to act on; the chosen way then asks its own choices.
    ChooseOne(Vec<Effect>),
    /// The champion carrying this card (an item or artifact) takes the chosen champion's printed
    /// level as his own for as long as he carries it.
    CopyLevel(Target),
    /// The champion carrying this card gains the chosen champion's special power (its scripted
    /// abilities, acting as his own) for as long as he carries it.
    CopyPower(Target),
    /// The chosen champion (from a discard pile) fights in place of the user's champion for the
    /// rest of the battle, and goes back to the discard pile as it leaves the fight. The champion
    /// it replaces waits in his pool with what he carries, unable to fight again in the battle;
    /// he stays there if his side wins the battle, and is discarded with it all if not.
    FightsInPlace(Target),
    /// These fighting cards of its side are immune to every opposing card that is one of `to`,
    /// while the ability acts (Protection from Lightning, cast in a round): its bonus does not
    /// count against their side's champion, and it cannot aim at them.
    Immune { of: Fighters, to: Champions },
    /// Another player's champion that is one of `casters` casts a spell of the kinds `spells`
    /// (wizard or cleric spells) only with the leave of this card's player (while the card is in
    /// play): after each such spell he is asked, out of turn, to allow it — it goes on as cast —
    /// or refuse it — it is discarded and does nothing.
    CastsOnlyWithLeave { casters: Champions, spells: Vec<CardType> },
    /// The realm or holding about to be razed or discarded (`Trigger::AboutToGo`) stays as it
    /// is: the razing or discard does not happen.
    Saves,
    /// The battle in progress ends at once, and nobody earns spoils of victory.
    EndsBattle,
    /// Its player's discard pile is shuffled into his draw pile; what lies in his Abyss stays
    /// there (SF-93: used events never come back this way).
    ReshuffleDiscards,
    /// A `Defeated` power of a champion or of a card he carries: the champion who beat him goes
    /// to its owner's Abyss, for good, and what that one carries to the discard pile; a
    /// champion immune to this card is not touched. An attacker sent there ends the battle, the
    /// defender earning spoils as for an attacker discarded (AMB-4, `Rules::defender_spoils_on`).
    VictorToAbyss,
    /// An artifact that may go onto a champion of any world (SF-78 otherwise asks the same one).
    GoesOnAnyWorld,
    /// A change of sides inside a battle (a `RoundLost` power): the champion who has just beaten
    /// its side goes over to that side, with what he carries. He is its champion in the next round
    /// of the battle — a defender need not be chosen — and then goes to his owner's discard pile
    /// with it all, as he leaves the fight, or as the battle ends if no next round is fought.
    ChangesSides,
    /// The champion with the card (or carrying it) fights as one of these kinds of champion —
    /// for the powers that name kinds and the cards its kind may use by its icon (SF-151–154)
    /// — its player choosing before each round, or as the card is put on him in a round; a
    /// single kind needs no choice. His printed kind is back when the round ends.
    FunctionsAs(Vec<CardType>),
    /// The chosen champion (one just defeated, from its owner's discard pile) is kept by the
    /// champion carrying this card, with him in his pool, as an ally of this bonus with these
    /// designations and no special powers: it fights beside him in each round he fights, goes
    /// back to the pool with him when he wins, and to the discard pile when he is beaten.
    KeepAsAlly {
        target: Target,
        bonus: u8,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        designations: Vec<Attribute>,
    },
    /// The card counts as having this designation, for movement and for every power that names
    /// it; inside `Across(EveryChampion, …)`, every champion of its player does (Elemental Avatar
    /// of Earth: earthwalkers).
    Designated(Attribute),
}

impl Power {
    /// Whether the converter decides this power from the database (`NoText`, `Unscripted`), and
    /// so refreshes it; a power written by hand is kept.
    pub fn from_database(&self) -> bool {
        matches!(self, Power::NoText | Power::Unscripted)
    }

    /// Whether the engine does everything the card says.
    pub fn is_enforced(&self) -> bool {
        match self {
            Power::Unscripted => false,
            Power::Scripted(script) => script.not_enforced.is_none(),
            Power::NoText | Power::InFacts => true,
        }
    }

    /// The abilities that act while the card takes part in a battle.
    pub fn in_battle(&self) -> impl Iterator<Item = &Ability> {
        self.abilities().iter().filter(|a| a.when == Trigger::InBattle)
    }

    /// Every card this power names, for the check at load.
    pub fn references(&self) -> Vec<&Named> {
        let mut out = Vec::new();
        for ability in self.abilities() {
            ability.condition.references(&mut out);
            if let Effect::SharesHoldingOf(realm) = &ability.effect {
                out.push(realm);
            }
            if let Effect::If(condition, _) = &ability.effect {
                condition.references(&mut out);
            }
        }
        if let Some(entry) = self.entry() {
            entry.discard.references(&mut out);
        }
        out
    }

    /// The abilities, none for a card without a script.
    pub fn abilities(&self) -> &[Ability] {
        match self {
            Power::Scripted(script) => &script.abilities,
            _ => &[],
        }
    }

    /// Whether the card may be played at any time (Menzoberranzan).
    pub fn any_time(&self) -> bool {
        matches!(self, Power::Scripted(script) if script.any_time)
    }

    /// Whether the card may also be played as a card of `kind` (Crime Lord as an event).
    pub fn plays_as(&self, kind: CardType) -> bool {
        matches!(self, Power::Scripted(script) if script.plays_as == Some(kind))
    }

    pub fn play_only(&self) -> &[Timing] {
        match self {
            Power::Scripted(script) => &script.play_only,
            _ => &[],
        }
    }

    /// The ability that acts when the card is played, if any.
    pub fn on_play(&self) -> Option<&Ability> {
        self.abilities().iter().find(|a| a.when == Trigger::OnPlay)
    }

    /// How the card, an avatar, comes into play, if its power says (SF-233).
    pub fn entry(&self) -> Option<&EntryCost> {
        match self {
            Power::Scripted(script) => script.entry.as_ref(),
            _ => None,
        }
    }

    /// The ability usable as an answer in an event pause, if any.
    pub fn pause_answer(&self) -> Option<&Ability> {
        self.abilities().iter().find(|a| a.when == Trigger::EventPause)
    }
}

impl Condition {
    /// The condition in our own words, after "if".
    pub fn describe(&self) -> String {
        self.words()
    }

    fn references<'a>(&'a self, out: &mut Vec<&'a Named>) {
        match self {
            Condition::All(all) | Condition::Any(all) => all.iter().for_each(|c| c.references(out)),
            Condition::AtRealm(card) | Condition::InPlay(card, _) | Condition::AttachedTo(card) => out.push(card),
            _ => {}
        }
    }

    /// The condition in words, after "if".
    fn words(&self) -> String {
        match self {
            Condition::Always => "always".into(),
            Condition::UserIs(attribute) => format!("its user is {}", attribute_words(*attribute)),
            Condition::All(all) => {
                let parts: Vec<String> = all.iter().map(Condition::words).collect();
                join_words(&parts)
            }
            Condition::Any(any) => {
                let parts: Vec<String> = any.iter().map(Condition::words).collect();
                parts.join(" or ")
            }
            Condition::Fighting(party, champions) => format!("{} champion is {}", party.words(), champions.words()),
            Condition::Defending => "its side defends".into(),
            Condition::AtRealm(card) => format!("the battle is over {}", card.0),
            Condition::RealmHasHolding => "the attacked realm has a holding".into(),
            Condition::InPlay(card, whose) => format!(
                "{} is in play{}",
                card.0,
                match whose {
                    Whose::Own => " on its player's side",
                    _ => "",
                }
            ),
            Condition::AttachedTo(card) => format!("it is attached to {}", card.0),
            Condition::HasAllies(party) => format!("{} champion has allies in the round", party.words()),
            Condition::AttackedRealm(realms) => format!(
                "the attacked realm is {}",
                realms.words().replace("a card of ", "a realm of ")
            ),
            Condition::Attacking => "its side attacks".into(),
            Condition::HasNotAttacked => "this champion has not attacked this turn".into(),
            Condition::OnlyCopyInPlay => "no other card of its name is in play".into(),
            Condition::InPoolSinceLastTurn => "it has been in its pool since before this turn of its player".into(),
            Condition::Threatened(cards) => format!(
                "what is about to go is {}",
                cards.words().replace("a card of ", "a realm or holding of ")
            ),
        }
    }
}

impl Fighters {
    fn words(&self) -> String {
        let side = self.side.words();
        let who = match self.members {
            Members::This => return "this card".into(),
            Members::Champion => format!("{side} champion"),
            Members::Allies => format!("each of {side} allies"),
            Members::ChampionAndAllies => format!("{side} champion and each ally"),
            Members::ItemsAndArtifacts => format!("each of {side} magical items and artifacts"),
            Members::RoundCards => format!("each card played with {side} champion in the round"),
            Members::FirstAlly => format!("{side} first ally of each round"),
        };
        match &self.only {
            Some(filter) => format!("{who}, if {}", filter.words()),
            None => who,
        }
    }
}

impl Change {
    fn words(self) -> String {
        match self {
            Change::By(n) if n >= 0 => format!("gains {n} level{}", if n == 1 { "" } else { "s" }),
            Change::By(n) => format!("loses {} level{}", -n, if n == -1 { "" } else { "s" }),
            Change::Double => "is doubled".into(),
            Change::Halve => "is halved, rounding up".into(),
            Change::HalveDown => "is halved, rounding down".into(),
            Change::SetTo(n) => format!("counts as level {n}"),
        }
    }
}

impl EventKind {
    /// Whether an event card (harmful or helpful by its facts) is of this kind.
    pub fn matches(self, event: &Card) -> bool {
        match self {
            EventKind::Any => true,
            EventKind::Harmful => event.has(Attribute::Harmful),
            EventKind::Helpful => event.has(Attribute::Helpful),
        }
    }

    fn words(self) -> &'static str {
        match self {
            EventKind::Any => "an event",
            EventKind::Harmful => "a harmful event",
            EventKind::Helpful => "a helpful event",
        }
    }
}

impl Effect {
    /// The effect in our own words.
    pub fn describe(&self) -> String {
        match self {
            Effect::NegateEvent(kind) => format!("cancels {} just played, for every player", kind.words()),
            Effect::CalmEvent(kind) => format!("undoes {} just played, for this player only", kind.words()),
            Effect::DuplicateEvent(kind) => {
                format!(
                    "copies {} just played by another player: its effect also acts for this player",
                    kind.words()
                )
            }
            Effect::Draw(amount) => match amount.value() {
                1 => "its player draws a card".into(),
                n => format!("its player draws {n} cards"),
            },
            Effect::Discard(Target::Realm(whose)) => format!(
                "discards a realm {} (razed or not) of its player's choice",
                match whose {
                    Whose::Anyone => "of any player",
                    Whose::Own => "of its player's own",
                    Whose::Opponents => "of another player",
                    Whose::Facing => "of the player on the other side of the battle",
                }
            ),
            Effect::Discard(Target::Chosen(cards)) => format!("discards {} of its player's choice", cards.words(false)),
            Effect::Discard(Target::CardInPlay) => {
                "discards any one card in play but a realm, whatever its immunities".into()
            }
            Effect::Discard(target) => format!("discards {}", target.words()),
            Effect::ExtraTurn => "its player takes a turn at once; then play goes on where it stopped".into(),
            Effect::RebuildsItsRealm => "it may be attached to a razed realm, which it rebuilds at once".into(),
            Effect::Escapes => "its user's champion loses the round but escapes to its pool".into(),
            Effect::CallsOffBattle => "ends the battle at once with no victor: champions go back to their pools, allies to their owners' hands".into(),
            Effect::RazeFirstRealms => {
                "razes every player's first realm (at A) that stands, whatever its powers".into()
            }
            Effect::NewHands(amount) => {
                format!("every player discards the hand and draws {} cards", amount.value())
            }
            Effect::Wall(crossing) => format!(
                "raises a wall before the attacked realm that only {} can cross; an attacker who cannot is stopped and goes back to its pool, and the battle ends without spoils",
                match crossing {
                    Crossing::Flyers => "flyers".to_string(),
                    Crossing::Earthwalkers => "earthwalkers".to_string(),
                    Crossing::LevelAtLeast(level) => format!("attackers of level {level} or more"),
                }
            ),
            Effect::BecomesFlyer => "makes its user's champion a flyer for the round".into(),
            Effect::Designated(attribute) => format!("it counts as {}", attribute_words(*attribute)),
            Effect::BreaksWall => "undoes a wall raised against its user's champion".into(),
            Effect::DefeatsOpponent(champions) => format!("defeats {} at once", champions.words()),
            Effect::DefeatedBy(champions) => format!("is defeated at once by {}", champions.words()),
            Effect::Levels { of, change } => format!("{} {}", of.words(), change.words()),
            Effect::CannotBeAttackedBy(champions) => {
                format!("the realm cannot be attacked by {}", champions.words())
            }
            Effect::CannotBeDefendedBy(champions) => {
                format!("the realm cannot be defended by {}", champions.words())
            }
            Effect::AtMost { side, kinds, most, only } => {
                let names: Vec<String> = kinds.iter().map(|k| k.plural().to_lowercase()).collect();
                let mut names = join_words(&names).replace(" and ", " or ");
                if let Some(only) = only {
                    names.push_str(&format!(" ({} only)", only.words()));
                }
                format!(
                    "{} champion may use {} in a round",
                    side.words(),
                    match most {
                        0 => format!("no {names}"),
                        n => format!("at most {n} of its {names}"),
                    }
                )
            }
            Effect::DefenderMayUse(kinds) => {
                let names: Vec<String> = kinds.iter().map(|k| k.plural().to_lowercase()).collect();
                format!("the defending champion may use {}", join_words(&names))
            }
            Effect::DefendsAs(kind) => format!("defends itself as a {}", kind.singular()),
            Effect::KeepAsAlly {
                target,
                bonus,
                designations,
            } => {
                let mut kind: Vec<String> = designations.iter().map(|a| a.name().to_lowercase()).collect();
                kind.push(format!("+{bonus} ally without special powers"));
                format!(
                    "gives the champion carrying it {} to keep as an {}, back to the pool with him when he wins",
                    target.words(),
                    kind.join(" ")
                )
            }
            Effect::FunctionsAs(kinds) => {
                let names: Vec<String> = kinds.iter().map(|k| k.singular()).collect();
                match names.as_slice() {
                    [one] => format!("its champion fights as a {one}"),
                    _ => format!(
                        "its champion fights as a {} of its player's choice, chosen before each round",
                        join_words(&names).replace(" and ", " or ")
                    ),
                }
            }
            Effect::CarrierMayUse(kinds) => {
                let names: Vec<String> = kinds.iter().map(|k| k.plural().to_lowercase()).collect();
                format!("the champion carrying it may use {}", join_words(&names))
            }
            Effect::CarrierFlies => "the champion carrying it is a flyer".into(),
            Effect::For(until, inner) => format!("{}: {}", until.words(), inner.describe()),
            Effect::NoAttacksOn { realms, unless } => format!(
                "{} may attack {}",
                match unless {
                    None => "no champion".to_string(),
                    Some(who) => format!("only {}", who.words()),
                },
                match realms {
                    Whose::Anyone => "any realm",
                    Whose::Own => "its player's realms",
                    Whose::Opponents => "the other players' realms",
                    Whose::Facing => "the realms of the player on the other side of the battle",
                }
            ),
            Effect::HandSize(n) => format!("its owner's hand may hold {n} more cards"),
            Effect::ExtraDraws(n) => match n {
                1 => "its owner draws one more card at the start of each turn".into(),
                n => format!("its owner draws {n} more cards at the start of each turn"),
            },
            Effect::DiscardAll(cards) if cards.in_battle => format!("discards {}", cards.words(true)),
            Effect::DiscardAll(cards) => format!("discards {} in play", cards.words(true)),
            Effect::ToHand(target) => format!("puts {} into its owner's hand", target.words()),
            Effect::ToPool(target) => format!("puts {} back into its owner's pool", target.words()),
            Effect::Rebuild(target) => format!("rebuilds {}, free", target.words()),
            Effect::UpTo(amount, inner) => format!(
                "acts up to {} times, its player choosing each time (he may stop): it {}",
                amount.value(),
                inner.describe()
            ),
            Effect::May(inner) => format!("lets its player choose whether it {}", inner.describe()),
            Effect::EachPlayer(inner) => format!(
                "acts for each player in turn, each choosing for himself (\"own\" meaning his own): it {}",
                inner.describe()
            ),
            Effect::Every(inner) => format!("acts on every card it can, with no choice: it {}", inner.describe()),
            Effect::Then(all) => {
                let parts: Vec<String> = all.iter().map(Effect::describe).collect();
                format!("{}, in that order", join_words(&parts))
            }
            Effect::InsteadOfBonus(inner) => format!(
                "adds its bonus, or, if its player gives the bonus up, {}",
                inner.describe()
            ),
            Effect::BackIntoDraw => "goes into its owner's draw pile, shuffled, instead of the discard pile".into(),
            Effect::Survives => {
                "is not discarded: it goes back to its pool with its items and may defend again in this battle".into()
            }
            Effect::NextRealmFillsFront => {
                "its player's next realm must fill the empty position in front, not replace a razed realm".into()
            }
            Effect::MustAttack => {
                "the champion must attack in each of its owner's turns, or is discarded with what it carries when the turn ends".into()
            }
            Effect::ImmuneTo(kinds) => {
                let names: Vec<String> = kinds
                    .iter()
                    .map(|k| match k {
                        CardType::Event => "harmful events".to_string(),
                        CardType::Artifact => "artifacts".to_string(),
                        k => format!("offensive {}", k.plural().to_lowercase()),
                    })
                    .collect();
                format!("is immune to {}", join_words(&names))
            }
            Effect::OneUse => "it is used up: discarded when a round it fights in ends".into(),
            Effect::WithstandsRazings(n) => format!(
                "it stays face up the first {} razed in a row by a battle; a battle its side wins starts the count again",
                match n {
                    1 => "time it is".to_string(),
                    n => format!("{n} times it is"),
                }
            ),
            Effect::OneKindABattle(kinds) => {
                let names: Vec<String> = kinds.iter().map(|k| k.plural().to_lowercase()).collect();
                format!(
                    "in each battle it uses only one kind of {}, chosen by the first it uses there",
                    join_words(&names).replace(" and ", " or ")
                )
            }
            Effect::SharesHoldingOf(realm) => {
                format!("the holding on its player's {} acts for this realm too", realm.0)
            }
            Effect::Across(scope, inner) => format!(
                "{}: {}",
                match scope {
                    Scope::EveryRealm => "for every realm of its player",
                    Scope::EveryChampion => "for every champion of its player",
                },
                inner.describe()
            ),
            Effect::SendsOpponentHome => {
                "the opposing champion loses the round but goes back to its pool with its items".into()
            }
            Effect::SlipsPast => "its user's champion slips past the defending champion, who goes back to its pool, and razes the attacked realm".into(),
            Effect::RazesTheRealm => "razes the attacked realm at once and wins the battle".into(),
            Effect::NegateSpell => "cancels a spell another player has just cast outside a round".into(),
            Effect::TurnSpell => "turns a spell another player has just cast outside a round back at him: it acts as if this card's player had cast it, against the champion who cast it".into(),
            Effect::FightsForUser(target) => format!(
                "makes {} fight on its user's side for the rest of the round (then it is discarded like any ally)",
                target.words()
            ),
            Effect::JoinsAsAlly(target) => format!(
                "lets {} join its user's champion as an ally for the round; it then goes back to its pool and may not fight again in this battle",
                target.words()
            ),
            Effect::If(condition, inner) => format!("{} (only if {})", inner.describe(), condition.words()),
            Effect::Raze(target) => format!("razes {}", target.words()),
            Effect::ExtraAttacks(n) => format!(
                "the champion may attack {} a turn: again in a later round of the battle once it has won a round",
                match n {
                    1 => "twice".to_string(),
                    n => format!("{} times", n + 1),
                }
            ),
            Effect::Flies(of) => format!("{} flies (counts as a flyer)", of.words()),
            Effect::Fly(target) => format!("makes {} a flyer for the battle", target.words()),
            Effect::TurnDraw { whose, change } => format!(
                "{} {} {} card{} at the start of each turn (at least one; at least three on a first turn)",
                match whose {
                    Whose::Anyone => "every player draws",
                    Whose::Own => "its player draws",
                    Whose::Opponents | Whose::Facing => "every other player draws",
                },
                change.unsigned_abs(),
                if *change < 0 { "fewer" } else { "more" },
                if change.unsigned_abs() == 1 { "" } else { "s" }
            ),
            Effect::DrawAndPlay => "its player draws a card and may play it at once, whatever its phase".into(),
            Effect::ShuffleIntoDraw(target) => {
                format!("shuffles {} back into its owner's draw pile", target.words())
            }
            Effect::Immune { of, to } => format!(
                "{} cannot be harmed by {} of the other side: its bonus counts nothing against them and it cannot aim at them",
                of.words(),
                to.words()
            ),
            Effect::UpToTotal(most, inner) => format!(
                "acts on cards its player chooses one at a time, their levels together {most} at most (he may stop): it {}",
                inner.describe()
            ),
            Effect::Barred { target, from } => format!("keeps {} from {}", target.words(), from.words()),
            Effect::OnePlayer(whose, inner) => format!(
                "lets its player pick one player{}, for whom it {} (\"own\" meaning that player's own)",
                match whose {
                    Whose::Anyone => "",
                    Whose::Own => " (himself)",
                    Whose::Opponents => " among the others",
                    Whose::Facing => " (the one on the other side of the battle)",
                },
                inner.describe()
            ),
            Effect::ChooseOne(all) => {
                let parts: Vec<String> = all.iter().map(Effect::describe).collect();
                format!("lets its player choose one way, not both: it {}", parts.join("; or it "))
            }
            Effect::CopyLevel(target) => format!(
                "gives the champion carrying it the printed level of {}, for as long as he carries it",
                target.words()
            ),
            Effect::FightsInPlace(target) => format!(
                "puts {} in the fight in place of its user's champion for the rest of the battle; he waits in his pool with what he carries and stays in play only if his side wins the battle (else he is discarded with it all); the stand-in goes back to the discard pile as it leaves the fight",
                target.words()
            ),
            Effect::CopyPower(target) => format!(
                "gives the champion carrying it the special power of {}, acting as his own for as long as he carries it",
                target.words()
            ),
            Effect::StaysOnOpponent => {
                "goes onto the opposing champion and stays with him, its level counting on his side, until it is discarded".into()
            }
            Effect::OneOf(all) => {
                let parts: Vec<String> = all.iter().map(Effect::describe).collect();
                format!("lets its player choose one: it {}", parts.join("; or it "))
            }
            Effect::LosesPowers(of) => format!(
                "{} loses its special powers (not its level or what its icon lets it use)",
                of.words()
            ),
            Effect::ImmuneToAll(kinds) => {
                let names: Vec<String> = kinds.iter().map(|k| k.plural().to_lowercase()).collect();
                format!("is immune to all {}, offensive or defensive", join_words(&names))
            }
            Effect::Saves => "saves the realm or holding about to go: it is neither razed nor discarded".into(),
            Effect::EndsBattle => "ends the battle in progress at once: nobody earns spoils of victory".into(),
            Effect::GoesOnAnyWorld => "it may go onto a champion of any world".into(),
            Effect::VictorToAbyss => {
                "sends the champion who beat it to the Abyss, out of the game for good (what he carries is discarded)"
                    .into()
            }
            Effect::ReshuffleDiscards => {
                "its player shuffles his whole discard pile into his draw pile (the Abyss stays as it is)".into()
            }
            Effect::ChangesSides => "takes over the champion who beat its side: with what he carries, he goes over to its side and is its champion in the next round of this battle, then goes to his owner's discard pile with it all (when the battle ends, if no next round is fought)".into(),
            Effect::CastsOnlyWithLeave { casters, spells } => {
                // "a wizard or cleric spell"
                let kinds: Vec<String> = spells
                    .iter()
                    .map(|k| k.singular().to_lowercase().trim_end_matches(" spell").to_string())
                    .collect();
                format!(
                    "{} of another player casts a {} spell only with the leave of this card's player: after each such spell he allows it, or refuses it and the spell is discarded without acting",
                    casters.words(),
                    kinds.join(" or ")
                )
            }
        }
    }
}

impl Effect {
    /// Whether this immunity covers `card`, an opposing card (section 16): `ImmuneTo` the
    /// offensive cards and harmful events of its kinds, and artifacts, which carry no label
    /// (SF-182); `ImmuneToAll` every card of its kinds (SF-184).
    pub fn immunity_covers(&self, card: &Card) -> bool {
        match self {
            Effect::ImmuneTo(kinds) => {
                kinds.contains(&card.kind)
                    && (card.has(Attribute::Offensive)
                        || card.has(Attribute::Harmful)
                        || card.kind == CardType::Artifact)
            }
            Effect::ImmuneToAll(kinds) => kinds.contains(&card.kind),
            _ => false,
        }
    }

    /// This effect and every effect inside it, outermost first.
    pub fn each_nested(&self, visit: &mut impl FnMut(&Effect)) {
        visit(self);
        match self {
            Effect::For(_, inner)
            | Effect::UpTo(_, inner)
            | Effect::May(inner)
            | Effect::EachPlayer(inner)
            | Effect::Every(inner)
            | Effect::InsteadOfBonus(inner)
            | Effect::Across(_, inner)
            | Effect::If(_, inner)
            | Effect::OnePlayer(_, inner)
            | Effect::UpToTotal(_, inner) => inner.each_nested(visit),
            Effect::Then(all) | Effect::OneOf(all) | Effect::ChooseOne(all) => {
                for inner in all {
                    inner.each_nested(visit);
                }
            }
            _ => {}
        }
    }

    /// The power this effect gives past its own card over `scope` (`Across(scope, inner)`).
    pub fn across(&self, scope: Scope) -> Option<&Effect> {
        match self {
            Effect::Across(s, inner) if *s == scope => Some(inner),
            _ => None,
        }
    }

    /// Whether the effect makes a fighting card a flyer (or may, by its player's choice): a card
    /// that lets a walled attacker answer the wall (SF-132).
    pub fn gives_flight(&self) -> bool {
        match self {
            Effect::BecomesFlyer | Effect::Flies(_) | Effect::Fly(_) => true,
            Effect::OneOf(all) => all.iter().any(Effect::gives_flight),
            Effect::UpTo(_, inner) | Effect::May(inner) => inner.gives_flight(),
            _ => false,
        }
    }

    /// Effects that act only on a round in progress.
    pub fn in_round_only(&self) -> bool {
        matches!(
            self,
            Effect::Wall(_)
                | Effect::BecomesFlyer
                | Effect::BreaksWall
                | Effect::Escapes
                | Effect::CallsOffBattle
                | Effect::SendsOpponentHome
                | Effect::SlipsPast
        )
    }
}

impl Ability {
    pub fn describe(&self, card: &Card) -> String {
        let mut sentence = match (self.when, card.kind) {
            (Trigger::OnPlay, CardType::Event) => "When played, it ".to_string(),
            (Trigger::OnPlay, CardType::Realm) => "When played or rebuilt, ".to_string(),
            (Trigger::OnPlay, kind) if kind.is_champion() => "When played as an event, it ".to_string(),
            (Trigger::OnPlay, _) => "When used, it ".to_string(),
            (Trigger::EventPause, kind) if kind.is_champion() => "In an event pause, this champion ".to_string(),
            (Trigger::EventPause, _) => "In an event pause, it ".to_string(),
            (Trigger::RoundStart, _) => "When a round begins, it ".to_string(),
            (Trigger::InBattle, CardType::Realm) => "While this realm is attacked, ".to_string(),
            (Trigger::InBattle, CardType::Holding) => "While its realm is attacked, ".to_string(),
            (Trigger::InBattle, _) => "While it fights in a round, ".to_string(),
            (Trigger::InPlay, _) => "While it is in play, ".to_string(),
            (Trigger::SpellPlayed(whose), _) => format!(
                "Whenever {} plays a wizard or cleric spell, ",
                match whose {
                    Whose::Anyone => "any player",
                    Whose::Own => "its player",
                    Whose::Opponents => "another player",
                    Whose::Facing => "the player on the other side of the battle",
                }
            ),
            // A power over every champion of its player (Death Rock): when any of them is defeated.
            (Trigger::Defeated, _) if matches!(self.effect, Effect::Across(Scope::EveryChampion, _)) => {
                "When a champion of its player is defeated in a battle, it ".to_string()
            }
            (Trigger::Defeated, CardType::MagicalItem | CardType::Artifact) => {
                "When the champion carrying it is defeated, it ".to_string()
            }
            (Trigger::Defeated, _) => "When it is defeated, it ".to_string(),
            (Trigger::RoundEnds, _) => "After each round of a battle over this realm, it ".to_string(),
            (Trigger::RealmHeld, _) => "When a battle over its realm ends with the attacker beaten, it ".to_string(),
            (Trigger::RoundWon, _) => "When its side wins a round, it ".to_string(),
            (Trigger::RoundLost, _) => "When its side loses a round, it ".to_string(),
            (Trigger::Attacks, _) => {
                "When it begins a battle by attacking, before a defender is chosen, it ".to_string()
            }
            (Trigger::Razed, _) => "When its realm is razed, it ".to_string(),
            (Trigger::CarrierUses, _) => "Used by the champion carrying it as his card in a round, it ".to_string(),
            (Trigger::TurnBegins, _) => "When its player's turn begins, ".to_string(),
            (Trigger::TurnEnds, _) => "When its player ends the turn, ".to_string(),
            (Trigger::Casts, _) => "When this champion casts a wizard or cleric spell, it ".to_string(),
            (Trigger::RealmAttacked, _) => "When a battle over its realm begins, ".to_string(),
            (Trigger::Attached, _) => "When it is put on a champion (and only then), it ".to_string(),
            (Trigger::Discarded, _) => "When it goes to its owner's discard pile, ".to_string(),
            (Trigger::FromPool, _) => "Used from its pool in its player's phase 3 or 5, it ".to_string(),
            (Trigger::AboutToGo, _) => {
                "As a reply, when a realm or holding is about to be razed or discarded (by a battle or a card), it "
                    .to_string()
            }
            (Trigger::AllyJoins(party), kind) if !matches!(kind, CardType::Realm | CardType::Holding) => format!(
                "When an ally joins {} side of a round it fights in, it ",
                match party {
                    Party::Own => "its own",
                    Party::Opposing => "the opposing",
                    Party::Both => "either",
                }
            ),
            (Trigger::AllyJoins(party), _) => format!(
                "When an ally joins {} side in a battle over its realm, it ",
                match party {
                    Party::Own => "the defending",
                    Party::Opposing => "the attacking",
                    Party::Both => "either",
                }
            ),
        };
        match (&self.when, &self.effect) {
            (Trigger::Defeated, Effect::Across(Scope::EveryChampion, inner)) => sentence.push_str(&inner.describe()),
            (_, effect) => sentence.push_str(&effect.describe()),
        }
        match self.cost {
            Cost::Nothing => {}
            Cost::DiscardThis => sentence.push_str(", and is then discarded"),
            Cost::DiscardThisFromPool => sentence.push_str(" by being discarded from its pool"),
            Cost::RestUntilOwnersNextTurn => sentence.push_str("; then it rests until its owner's next turn"),
            Cost::CasterRestsUntilOwnersNextTurn => {
                sentence.push_str("; the champion who cast it cannot be used again until its owner's next turn")
            }
            Cost::OncePerBattle => sentence.push_str(" (once a battle)"),
            Cost::ThisToAbyss => sentence.push_str(", going from its pool to the Abyss to do so"),
        }
        match &self.condition {
            Condition::Always => {}
            Condition::UserIs(attribute) => {
                sentence.push_str(&format!(" (only a {} may use it)", attribute.name().to_lowercase()))
            }
            other => sentence.push_str(&format!(", if {}", other.words())),
        }
        sentence.push('.');
        sentence
    }
}

/// The card's power and facts in our own words, one sentence a line, for the card preview.
pub fn describe(card: &Card) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(level) = &card.level {
        let sentence = match card.kind {
            CardType::Realm | CardType::Holding if !level.is_bonus() => {
                format!("Defends itself as a level {level} champion.")
            }
            kind if kind.is_champion() => format!("A level {level} {}.", kind.singular()),
            _ if level.is_bonus() => format!("Adds {level} to the champion it is played on or with."),
            _ => format!("Level {level}."),
        };
        lines.push(sentence);
    }
    if card.avatar {
        lines.push("An avatar: each format limits how many a deck may hold.".into());
        match &card.power {
            Power::Scripted(Script { entry: Some(entry), .. }) => lines.push(entry.words()),
            _ => lines.push(
                "It comes into play only as its power says, which is not scripted yet, so it cannot enter play.".into(),
            ),
        }
    }
    for keyword in &card.keywords {
        lines.push(format!(
            "A {} card, for the powers that name {}.",
            keyword.name(),
            keyword.name()
        ));
    }
    if !card.uses.is_empty() {
        let kinds: Vec<String> = card.uses.iter().map(|u| u.describe()).collect();
        lines.push(format!("May use {}.", join_words(&kinds)));
    }
    if !card.phases.is_empty() {
        let phases: Vec<String> = card.phases.iter().map(u8::to_string).collect();
        let word = if phases.len() == 1 { "phase" } else { "phases" };
        lines.push(format!("Played in {word} {}.", join_words(&phases)));
    }
    match &card.power {
        Power::NoText => lines.push("No special power.".into()),
        Power::Unscripted => lines.push("Special power: not scripted yet, so no game enforces it.".into()),
        Power::InFacts => {
            lines.push("Its text restates its facts (movement, kind, spells, level), which the rules enforce.".into())
        }
        Power::Scripted(script) => {
            if script.any_time {
                lines.push("Played at any time, as an event is, without using the turn's realm play.".into());
            }
            if let Some(kind) = script.plays_as {
                lines.push(format!(
                    "May also be played as {} {}, then discarded.",
                    if kind == CardType::Event { "an" } else { "a" },
                    kind.singular().to_lowercase()
                ));
            }
            for timing in &script.play_only {
                lines.push(
                    match timing {
                        Timing::BetweenTurns => "Played only between two players' turns.",
                        Timing::AfterEveryFirstTurn => "Played only once every player has had a first turn.",
                        Timing::AfterBattle => "Played only when no battle is in progress.",
                    }
                    .into(),
                );
            }
            lines.extend(script.abilities.iter().map(|a| a.describe(card)));
            if let Some(missing) = &script.not_enforced {
                lines.push(format!("Not enforced yet, so no game does it: {missing}."));
            }
        }
    }
    lines
}

/// "a, b and c".
pub fn join_words<W: Borrow<str>>(words: &[W]) -> String {
    match words {
        [] => String::new(),
        [one] => one.borrow().to_string(),
        [rest @ .., last] => format!("{} and {}", rest.join(", "), last.borrow()),
    }
}

/// Choices made during play: what a target allows, in words, and the single-target effect inside
/// the wrappers (`May`, `UpTo`, `EachPlayer`, `Every`, `InsteadOfBonus`).
impl Target {
    pub fn words(&self) -> String {
        let whose = |whose: &Whose| match whose {
            Whose::Anyone => "of any player",
            Whose::Own => "of its player's own",
            Whose::Opponents => "of another player",
            Whose::Facing => "of the player on the other side of the battle",
        };
        match self {
            Target::Realm(w) => format!("a realm {} (razed or not) of its player's choice", whose(w)),
            Target::CardInPlay => "any one card in play but a realm".into(),
            Target::Chosen(cards) => format!("{} of its player's choice", cards.words(false)),
            Target::Either(any) => {
                let parts: Vec<String> = any.iter().map(Target::words).collect();
                parts.join(", or ")
            }
            Target::RazedRealm(w) => format!("a razed realm {}", whose(w)),
            Target::FrontRealm(w) => format!("a realm {} from the front row of its formation", whose(w)),
            Target::InPool(cards) => format!("{} from a pool", cards.words(false)),
            Target::Discarded(cards) => format!("{} from a discard pile", cards.words(false)),
            Target::InAbyss(cards) => format!("{} from an Abyss", cards.words(false)),
            Target::Fallen(cards) => format!("{} that fell in the last battle", cards.words(false)),
            Target::JustPlayed => "the ally just played".into(),
            Target::JustDefeated => "the champion just defeated".into(),
            Target::StandingRealm(w) => format!("a realm {} that is not razed", whose(w)),
            Target::DrawTop { whose: w, depth } => format!(
                "{} (looked at first) of a draw pile {}",
                match depth {
                    1 => "the top card".to_string(),
                    n => format!("one of the top {n} cards"),
                },
                whose(w)
            ),
            Target::RandomInHand(w) => format!("a card taken at random from the hand of a player {}", whose(w)),
            Target::LargestInHand(cards) => format!(
                "the highest {} in the hand of a player of its player's choice",
                cards.words(false).trim_start_matches("one ")
            ),
        }
    }
}

impl Effect {
    /// What the effect acts on when it needs one chosen card: its own target, or the target of
    /// the effect it wraps.
    pub fn choice_target(&self) -> Option<&Target> {
        match self {
            Effect::Discard(target) | Effect::ToHand(target) | Effect::ToPool(target) | Effect::Rebuild(target) => {
                Some(target)
            }
            Effect::UpTo(_, inner) | Effect::May(inner) | Effect::InsteadOfBonus(inner) => inner.choice_target(),
            Effect::UpToTotal(_, inner) => inner.choice_target(),
            Effect::Fly(target) | Effect::ShuffleIntoDraw(target) => Some(target),
            Effect::CopyLevel(target) | Effect::CopyPower(target) | Effect::FightsInPlace(target) => Some(target),
            Effect::FightsForUser(target) | Effect::JoinsAsAlly(target) => Some(target),
            Effect::Raze(target) => Some(target),
            Effect::Barred { target, .. } => Some(target),
            Effect::KeepAsAlly { target, .. } => Some(target),
            // A lasting effect on a chosen card (Geas): its card is chosen as it begins.
            Effect::For(_, inner) => inner.choice_target(),
            _ => None,
        }
    }

    /// Whether the effect asks its player to choose before it acts (so in a `Then` it waits on
    /// the stack), rather than acting at once.
    pub fn asks(&self) -> bool {
        match self {
            Effect::If(_, inner) => inner.asks(),
            Effect::Then(all) => all.iter().any(Effect::asks),
            Effect::EachPlayer(_) | Effect::OnePlayer(..) | Effect::ChooseOne(_) => true,
            other => other.choice_target().is_some(),
        }
    }
}
