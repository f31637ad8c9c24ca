//! The state of a Spellfire game: every card by id and where it lies, the turn and its phase, the
//! battle in progress and the stack of decisions owed out of turn. Cards are ids into one table
//! that points into the catalogue; the state never copies a card's facts or names.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use spellhall_core::{GameRng, Outcome, Pile, Seat};

use crate::catalogue::cards::{Card, CardName, CardRef, CardType};
use crate::catalogue::deck::{Deck, DeckOptions, starter_decks};
use crate::catalogue::{Catalogue, Entry};
use crate::format::Formats;
use crate::formation::{Formation, FormationSize, Position};

/// One physical card in this game, numbered from 0 across all decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u16);

impl CardId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// What the game loads: the catalogue of every card, the deck formats and the twelve 1st Edition
/// starter decks (what a seat may play without building a deck).
#[derive(Debug)]
pub struct Content {
    pub catalogue: Catalogue,
    pub formats: Formats,
    pub starters: Vec<Deck>,
}

impl Content {
    pub fn shipped() -> Result<Self, spellhall_core::content::ContentError> {
        Ok(Self {
            catalogue: Catalogue::shipped()?,
            formats: Formats::shipped()?,
            starters: starter_decks()?,
        })
    }
}

/// Who owns a card and which catalogue entry it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardInfo {
    pub owner: Seat,
    /// Index into the catalogue's entries.
    pub entry: u32,
    /// Shared by every card of this game with the same type and name: two cards are "the same
    /// card" for the Rule of the Cosmos when their identities match (SF-95).
    pub identity: u32,
}

impl CardInfo {
    /// Number a new game's identities: each card's becomes the entry of the first of the game's
    /// cards (in game order) sharing its catalogue identity, which `cards` come with. Not the
    /// catalogue's own number: saves fingerprint the state, and older saves numbered them so.
    pub(crate) fn number_identities(cards: &mut [CardInfo]) {
        // A first printing is its own catalogue identity. Only an identity some card of the game
        // reprints may be numbered otherwise: by a reprint dealt before every first printing.
        let mut firsts: Vec<(u32, Option<u32>)> = (cards.iter())
            .filter(|info| info.entry != info.identity)
            .map(|info| (info.identity, None))
            .collect();
        if firsts.is_empty() {
            return;
        }
        firsts.sort_unstable();
        firsts.dedup();
        // One pass in game order: the first card of each reprinted identity names it.
        for info in cards.iter_mut() {
            if let Ok(at) = firsts.binary_search_by_key(&info.identity, |&(identity, _)| identity) {
                info.identity = *firsts[at].1.get_or_insert(info.entry);
            }
        }
    }
}

/// The rulebook's ambiguities (AMB-n) and optional rules (section 26) that a table may choose.
/// The default is the checklist's reading and no optional rule.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Rules {
    /// Six realms, or ten with 110-card decks (AMB-34).
    pub formation: FormationSize,
    /// What breaks a tie of unrazed realms at a deck-out ending (AMB-1).
    pub deckout_tiebreak: DeckoutTiebreak,
    /// When a run-out draw pile ends the game (AMB-2).
    pub deckout_end: DeckoutEnd,
    /// Whether a razed realm may be replaced while a hole waits further forward (AMB-22).
    pub replace_while_hole: ReplaceWhileHole,
    /// What the losing side may attach from the hand during a round (AMB-9).
    pub attach_in_combat: AttachInCombat,
    /// Whether a side that is winning a round may still play events (AMB-7).
    pub winner_may_play_events: bool,
    /// Whether the two-mulligan limit counts per player or for the whole game (AMB-19).
    pub mulligan_limit: MulliganLimit,
    /// The Barbarian's Game (SF-243, SF-244).
    pub barbarians_game: bool,
    /// "True …" victory: deck-out never ends the game (SF-259, AMB-33).
    pub true_victory: bool,
    /// World Bonuses: +3 to a champion fighting for or against a realm of its own world (SF-260).
    pub world_bonuses: bool,
    /// Whether a card sent to Limbo in its owner's own turn returns at the end of that turn rather
    /// than of his next one (AMB-12).
    pub limbo_return_same_turn: bool,
    /// Aid the Attacker or Defender, four or more players (SF-239–242).
    pub aid: bool,
    /// Where a helper's surviving magical items and artifacts go when the battle ends (AMB-24).
    pub aid_items_after_battle: AidItems,
    /// Conqueror's Game, three or more players (SF-245, SF-246).
    pub conqueror: bool,
    /// What the Conqueror's Game counts besides the six realms (AMB-26).
    pub conqueror_counts: ConquerorCounts,
    /// Cards taken from play to the discard pile are gone for good (SF-247, AMB-27).
    pub permanent_destruction: PermanentDestruction,
    /// Experience Spoils: a champion who sends another to the discard pile gains levels (SF-248).
    pub experience_spoils: bool,
    /// What an equal-level winner gains under Experience Spoils (AMB-28).
    pub xp_on_equal_levels: XpOnEqual,
    /// Fear of Undead: level 1–2 allies flee a level 4+ opponent (SF-250).
    pub fear: bool,
    /// Which cards frighten under the Fear rule (AMB-29).
    pub fear_scope: FearScope,
    /// The Melon Rule (SF-251, SF-252); the seats that brought a melon are `melons`.
    pub melon_rule: bool,
    /// Seats that brought a ripe melon to the table.
    pub melons: Vec<Seat>,
    /// Whether the melon already shortens the first turn's draw (AMB-39).
    pub melon_first_turn: MelonFirstTurn,
    /// Parallel Universes, six or more players: two copies of a card may be in play (SF-253).
    pub parallel_universes: bool,
    /// Whether Parallel Universes also lets two copies of an artifact be in play (AMB-30).
    pub parallel_includes_artifacts: bool,
    /// Questing (SF-254–256).
    pub questing: bool,
    /// Whether a champion back from a won quest duel may attack that turn (AMB-31).
    pub quest_winner_may_attack: bool,
    /// Treasure: the winner of a round takes the loser's items and artifacts (SF-257, SF-258).
    pub treasure: bool,
    /// Where the three cards of a rebuild come from (AMB-3).
    pub rebuild_cost_zone: RebuildCostZone,
    /// Which champion may cast a spell in a round (AMB-8).
    pub phase4_caster: Phase4Caster,
    /// Whether the attacker earns spoils when the attacked realm is razed or discarded before a
    /// defender was chosen (AMB-10).
    pub spoils_if_realm_lost_before_defender: bool,
    /// Whether the other players may answer the active player's phase-3 spell with one that
    /// cancels it (AMB-6, SF-40).
    pub phase3_counterplay: Phase3Counterplay,
    /// The level a power means when it says only "level" (AMB-14).
    pub unspecified_level_means: LevelMeans,
    /// How the decks are checked where the sources leave room: avatars' levels (AMB-36) and
    /// dungeons (AMB-37).
    pub deck: DeckOptions,
    /// Whether an attacking champion sent to the Abyss or Limbo by a card, not only one
    /// discarded, earns the defender spoils (AMB-4).
    pub defender_spoils_on: DefenderSpoilsOn,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DefenderSpoilsOn {
    /// An attacking champion defeated and discarded, or sent to the Abyss or Limbo.
    #[default]
    DiscardAbyssLimbo,
    /// Only an attacking champion defeated and discarded.
    DiscardOnly,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase3Counterplay {
    /// Each other player, in turn, may answer a spell the active player casts in phase 3 with a
    /// spell of his own that cancels it, cast by a champion of his pool.
    #[default]
    CounterOnly,
    /// Nobody answers: the spell acts at once.
    None,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum LevelMeans {
    /// The level with every current change: a fighting champion's total, a pool champion's level
    /// with its items' bonuses.
    #[default]
    Adjusted,
    /// The level printed on the card.
    Base,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AidItems {
    /// They stay on the aided champion, still owned by the helper.
    #[default]
    StayWithChampion,
    ReturnToHelperHand,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ConquerorCounts {
    /// Three of the player's markers on other players' razed realms now.
    #[default]
    MarkersOnTable,
    /// Three realms of other players razed by him over the game.
    TotalRazedEver,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PermanentDestruction {
    #[default]
    Off,
    /// Realms taken from a formation to the discard pile.
    Realms,
    /// Realms, holdings, champions and artifacts taken from play to the discard pile.
    AllCosmosTypes,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum XpOnEqual {
    #[default]
    LoserLevel,
    Zero,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum FearScope {
    #[default]
    UndeadOnly,
    AllChampionsAndAllies,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum MelonFirstTurn {
    /// The melon shortens every draw, the first turn's included.
    #[default]
    Applies,
    Spared,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum RebuildCostZone {
    #[default]
    Hand,
    HandOrPool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase4Caster {
    /// The champion fighting the round.
    #[default]
    CombatantOnly,
    /// The fighting champion or any champion in its player's pool.
    AnyPoolChampion,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeckoutTiebreak {
    /// Most razed realms, then most holdings.
    #[default]
    RazedMore,
    RazedFewer,
    /// Most realms of any kind, then most holdings.
    AllRealmsMore,
    /// Straight to holdings.
    Skip,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeckoutEnd {
    #[default]
    EndOfCurrentTurn,
    EndOfThatPlayersNextTurn,
    Immediately,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReplaceWhileHole {
    #[default]
    Allowed,
    Forbidden,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttachInCombat {
    #[default]
    ItemsAndArtifacts,
    ItemsOnly,
    None,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum MulliganLimit {
    #[default]
    PerPlayer,
    PerGame,
}

/// A game as chosen at setup: each seat's deck (in seat order), the format they were built for,
/// and the rules the table agreed on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// The deck format's id ("55", "75", "110", "55-starter").
    pub format: String,
    pub decks: Vec<Vec<CardRef>>,
    #[serde(default)]
    pub rules: Rules,
}

/// A champion in a pool with the magical items and artifacts attached to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Champion {
    pub card: CardId,
    pub attachments: Vec<CardId>,
}

/// A card in Limbo (SF-85): out of play until the end of its owner's next turn (SF-86, AMB-12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InLimbo {
    pub card: CardId,
    /// A champion's magical items and artifacts, kept when it went to Limbo for a reason other
    /// than a lost battle (SF-87).
    pub attachments: Vec<CardId>,
    /// The position a realm left, where it returns if that is still empty (AMB-12).
    pub from: Option<Position>,
    /// The owner's turn (his count of turns begun) at whose end the card returns.
    pub returns: u32,
}

/// One player's cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub draw: Pile<CardId>,
    pub hand: Vec<CardId>,
    pub formation: Formation,
    pub pool: Vec<Champion>,
    pub discard: Vec<CardId>,
    /// Cards out of play for a while (SF-85), each with what it carries and when it returns.
    pub limbo: Vec<InLimbo>,
    pub abyss: Vec<CardId>,
    /// Turns this player has begun.
    pub turns: u32,
    /// Realms this player has put into his formation since the deal (for the mulligan, SF-216).
    pub realms_played: u32,
    /// Mulligans this player has called (SF-220).
    pub mulligans: u8,
}

impl Player {
    pub(crate) fn new(size: FormationSize) -> Self {
        Self {
            draw: Pile::new(),
            hand: Vec::new(),
            formation: Formation::new(size),
            pool: Vec::new(),
            discard: Vec::new(),
            limbo: Vec::new(),
            abyss: Vec::new(),
            turns: 0,
            realms_played: 0,
            mulligans: 0,
        }
    }

    pub fn pool_index(&self, champion: CardId) -> Option<usize> {
        self.pool.iter().position(|c| c.card == champion)
    }
}

/// The phases of a turn that wait for decisions (SF-31). Phase 1 (the draw) happens when phase 0
/// ends; phase 6 (end of turn) when phase 5 ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Phase 0: rule cards, start-of-turn powers.
    StartOfTurn,
    /// Phase 2: one realm action and one holding.
    Realms,
    /// Phase 3: champions into the pool, items attached, then perhaps an attack.
    Pool,
    /// Phase 4: a battle (see [`Battle`]).
    Battle,
    /// Phase 5: discard down to the hand limit, then end the turn.
    AfterBattle,
    Over,
}

impl Phase {
    pub fn number(self) -> u8 {
        match self {
            Phase::StartOfTurn => 0,
            Phase::Realms => 2,
            Phase::Pool => 3,
            Phase::Battle => 4,
            Phase::AfterBattle => 5,
            Phase::Over => 6,
        }
    }
}

/// Where a fighting champion came from: a card from the hand or the pool, or a realm (or its
/// holding) that defends itself (SF-225).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FighterKind {
    Champion,
    Realm,
    Holding,
}

/// One side of a round: its champion, the items and artifacts it brought, and the one-round cards
/// played with it (allies, spells and the like, SF-82).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighter {
    pub card: CardId,
    pub kind: FighterKind,
    pub attachments: Vec<CardId>,
    pub round_cards: Vec<CardId>,
}

impl Fighter {
    pub(crate) fn champion(champion: Champion) -> Self {
        Self {
            card: champion.card,
            kind: FighterKind::Champion,
            attachments: champion.attachments,
            round_cards: Vec::new(),
        }
    }
}

/// Where a battle stands (SF-105–122).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BattleStep {
    /// The defender chooses a champion, a realm champion, or declines.
    ChooseDefender,
    /// Both champions fight; the losing side plays cards or passes.
    Round,
    /// The attacker won a round: another champion, or the battle ends.
    NextAttacker,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub attacker: Seat,
    pub defender: Seat,
    pub target: Position,
    pub step: BattleStep,
    pub attacking: Option<Fighter>,
    pub defending: Option<Fighter>,
    /// Champions that have defended in this battle (SF-120).
    pub defended: Vec<CardId>,
    /// Aid: each helper and the seat whose side it backs (SF-239).
    #[serde(default)]
    pub helpers: Vec<(Seat, Seat)>,
    /// Aid: magical items and artifacts helpers gave in this battle (AMB-24).
    #[serde(default)]
    pub contributed: Vec<CardId>,
    /// Aid: a side everyone refused to help; it may ask again once a card has been played.
    #[serde(default)]
    pub aid_refused: Option<Seat>,
    /// Champions made flyers for the round (Fly).
    #[serde(default)]
    pub flying: Vec<CardId>,
    /// A side whose champion escapes: it loses the round but goes back to its pool (Blink).
    #[serde(default)]
    pub escaping: Option<crate::combat::Side>,
    /// Cards fighting for the side that is not their owner's (Shield of Wickedness, Control
    /// Undead): they go to their owner's discard pile as the round ends.
    #[serde(default)]
    pub turned: Vec<CardId>,
    /// Champions of a pool fighting beside their player's champion as allies for the round
    /// (Helm of Teleportation): they stay in the pool, and may not fight again in this battle.
    #[serde(default)]
    pub joined: Vec<CardId>,
    /// The champion who won the last round of this battle, while it is on: the one a power of
    /// the beaten side may take over (`Effect::ChangesSides`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub won_last: Option<CardId>,
    /// A champion gone over to the other side (Magic Jar), waiting with what he carries to fight
    /// the next round for it; as he takes the field he and his cards join `turned`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gone_over: Option<GoneOver>,
    /// The kind each champion fights as in this round, chosen by its player for a card that
    /// lets him choose (`Effect::FunctionsAs`, Chest of Many Things); forgotten as the round ends.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<(CardId, CardType)>,
    /// The round's powers wait to act until those kinds are chosen (SF-136: the choice comes
    /// "before each round", so a power that names a kind reads the chosen one).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub activation_due: bool,
}

/// A champion (with what he carries) gone over to `seat`'s side of the battle: he is its champion
/// in the next round, then goes to his owner's discard pile with it all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoneOver {
    pub seat: Seat,
    pub champion: Champion,
}

/// A power of `card` (already played by `by`) that lasts until `ends`; `spared` are the players
/// who calmed it; `on` the card it was aimed at, if it acts on one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lasting {
    pub card: CardId,
    pub by: Seat,
    pub spared: Vec<Seat>,
    pub ends: Ends,
    /// The card it acts on, for a lasting effect on a chosen card (Geas's champion).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<CardId>,
}

/// When a lasting power ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
// The variants' names are written in saved games: they stay as they are.
#[allow(clippy::enum_variant_names)]
pub enum Ends {
    /// When this seat's next turn begins.
    TurnBegins(Seat),
    /// When this seat's turn ends, once it has had `turns` turns.
    TurnEnds { seat: Seat, turns: u32 },
    /// When a round ends.
    RoundEnds,
}

/// A decision owed before play goes on, on top of the phase's own. The top of the stack decides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// A seat said "wait": it may play an event now, or change its mind (SF-186).
    Claim { seat: Seat },
    /// An event was played; `asking` may answer or pass, then the next seat clockwise (SF-192).
    EventPause(Box<Pause>),
    /// The player of an event (or of its copy), or of a spell just cast, chooses what it acts on.
    /// `copy`: the card is not held here (a copy of an event, or a spell already cast).
    Target { seat: Seat, event: CardId, copy: bool },
    /// The winner of a battle drew `card`: play it at once, keep it, or put it back (SF-211).
    Spoils { seat: Seat, card: CardId },
    /// A razed realm is being rebuilt: `left` more cards to discard from the hand (SF-61).
    Rebuild { seat: Seat, at: Position, left: u8 },
    /// A power is about to defeat `seat`'s champion in the round at once: he may first play one
    /// card to prevent it, then the defeat lands if its condition still holds (SF-134, SF-135).
    InstantDefeat(InstantDefeat),
    /// A wall stops `seat`'s attacking champion: he may answer with one card that lets him go on
    /// (SF-132), then he is stopped if he still cannot cross.
    Walled { seat: Seat, wall: CardId },
    /// Aid: `aided` asked for help in a round; `asking` may give a card or refuse, then the next
    /// seat clockwise outside the battle (SF-239).
    Aid { aided: Seat, asking: Seat },
    /// A power asks `seat` to choose what it acts on, during play (see [`Pick`]).
    Pick(Box<Pick>),
    /// A spell just cast waits for the leave of `seat`, whose card's power says it may be cast
    /// only with his leave (see [`Leave`]): `Pass` allows it, `Answer(source)` refuses it.
    Leave(Box<Leave>),
    /// A realm or holding is about to be razed or discarded: `asking` may reply with a card that
    /// answers it (`Trigger::AboutToGo`), then the next seat clockwise (see [`Reply`]).
    Reply(Box<Reply>),
}

/// What is about to happen to a realm or holding, waiting for the players' replies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loss {
    /// The attacked realm, razed by the battle its attacker wins (his spoils follow); `after`
    /// are the realm's and holding's powers that act as the round ends.
    BattleRazing { after: Vec<(CardId, Seat)> },
    /// A realm razed by a card.
    Razed { seat: Seat, at: Position },
    /// A realm discarded by a card, with its holding.
    RealmDiscarded { seat: Seat, at: Position },
    /// A holding (or another card in play) discarded by a card.
    Discarded(CardId),
}

/// The players' replies to a [`Loss`] of `threatened` (a realm and the holding that goes with
/// it, or a holding): `asking` decides, `later` are asked after him; `reply` is the card played
/// in reply (its pause may still be open), `saved` whether it saved them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    pub asking: Seat,
    pub later: spellhall_core::AnswerQueue,
    pub threatened: Vec<CardId>,
    pub loss: Loss,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply: Option<CardId>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub saved: bool,
}

/// A spell cast by `by`'s champion `caster` (the fighter `fighter` in a round) that waits for
/// `seat`'s leave, asked because of `source`'s power; `asked` are the cards whose players have
/// already allowed it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leave {
    pub seat: Seat,
    pub source: CardId,
    pub spell: CardId,
    pub by: Seat,
    pub caster: Option<CardId>,
    pub fighter: Option<CardId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub asked: Vec<CardId>,
    /// The spell is an answer in the event pause below, still in its player's hand.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub answer: bool,
}

/// A choice a power asks for during play: `seat` chooses a card for `effect` (a one-target
/// effect of `source`'s power, "own" meaning `seat`'s own), `left` more times; when `optional`,
/// he may stop (pass) instead. The cards offered are worked out afresh each time from the target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pick {
    pub seat: Seat,
    pub source: CardId,
    pub effect: crate::effects::Effect,
    pub left: u8,
    pub optional: bool,
    /// For a target in a player's draw pile or hand: the player chosen (`ChoosePlayer`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<Seat>,
    /// The top cards of that draw pile, which `seat` alone has looked at (`Target::DrawTop`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seen: Vec<CardId>,
}

impl Pending {
    pub fn seat(&self) -> Seat {
        match *self {
            Pending::Claim { seat } | Pending::Spoils { seat, .. } | Pending::Rebuild { seat, .. } => seat,
            Pending::InstantDefeat(ref threat) => threat.seat,
            Pending::Walled { seat, .. } => seat,
            Pending::Target { seat, .. } => seat,
            Pending::EventPause(ref pause) => pause.asking,
            Pending::Aid { asking, .. } => asking,
            Pending::Pick(ref pick) => pick.seat,
            Pending::Leave(ref leave) => leave.seat,
            Pending::Reply(ref reply) => reply.asking,
        }
    }
}

/// A champion about to be defeated by a power at the start of a round (SF-110, SF-134).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InstantDefeat {
    /// The owner of the threatened champion, who may reply.
    pub seat: Seat,
    /// The side about to lose its champion.
    pub victim: crate::combat::Side,
    /// The card whose power defeats it.
    pub source: CardId,
    /// Whether the one reply has been played.
    pub replied: bool,
    /// Whose step of the order of activation found the threat: the defender's power acts only if
    /// the attacker's did not end the round (SF-136).
    pub step: crate::combat::Side,
    /// The threat is a card just played in the round whose power, acting as it joins, would
    /// defeat the champion (the Noble Djinni against a flyer): it acts after the reply, if its
    /// card is still in the battle (SF-134).
    #[serde(default)]
    pub played: bool,
}

/// An event waiting while the other players answer it, one at a time clockwise (SF-192–198).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pause {
    pub event: CardId,
    pub by: Seat,
    pub asking: Seat,
    /// The players to ask after `asking`, in turn order: every player but `by` is asked once.
    pub later: spellhall_core::AnswerQueue,
    /// What the event acts on, chosen when it was played.
    pub target: Option<CardId>,
    /// Players the event will not touch (SF-198).
    pub calmed: Vec<Seat>,
    /// Players who will get the event's effect too, in the order they copied it (SF-201).
    pub copies: Vec<Seat>,
    /// A copy made by a card such as Bell of Might: the event card itself is already gone.
    pub copy: bool,
}

/// What has been done this turn, for the once-a-turn limits.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnUse {
    pub realm_action: bool,
    pub holding: bool,
    pub battle: bool,
    /// Champions that have attacked this turn (SF-119).
    pub attacked: Vec<CardId>,
    /// The champion sent questing this turn (SF-254).
    pub quested: Option<CardId>,
    /// Champions back from a quest this turn, who may not attack (SF-255).
    pub no_attack: Vec<CardId>,
    /// Whether the active player has done anything yet: until then it is "between turns".
    pub acted: bool,
    /// Champions that came into the pool after this turn's chance to attack (spoils in phase
    /// 5): a must-attack power spares them this turn.
    #[serde(default)]
    pub arrived_late: Vec<CardId>,
    /// The player has ended the turn: its end-of-turn powers have asked their choices, and the
    /// turn ends once they are made.
    #[serde(default)]
    pub ending: bool,
}

/// What the optional rules of section 26, and some powers, keep track of.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tracks {
    /// Base levels earned under Experience Spoils, by champion (SF-248, SF-249).
    pub experience: Vec<(CardId, i32)>,
    /// Conqueror's Game markers: who razed it, and the razed realm (SF-246).
    pub markers: Vec<(Seat, CardId)>,
    /// Realms of other players each seat has razed in this game, by seat (AMB-26).
    pub razed_by: Vec<u32>,
    /// Identities of cards destroyed for good (SF-247).
    pub destroyed: Vec<u32>,
    /// Champions away questing, face down in their owners' pools (SF-254).
    pub questing: Vec<(Seat, CardId)>,
    /// Cards that went from the battle in progress, or the last one, to a discard pile (what a
    /// power returning "the fallen" may bring back).
    #[serde(default)]
    pub fallen: Vec<CardId>,
    /// Cards whose bonus their player gave up for their other effect in this battle.
    #[serde(default)]
    pub forgone: Vec<CardId>,
    /// Cards whose once-a-battle power has acted in this battle.
    #[serde(default)]
    pub used_in_battle: Vec<CardId>,
    /// Players whose next realm must fill the empty position in front (Siege).
    #[serde(default)]
    pub front_first: Vec<Seat>,
    /// Realms that withstood battles razing them, and how many in a row (Nibenay).
    #[serde(default)]
    pub withstood: Vec<(CardId, u8)>,
    /// What items copy from another champion for the champion carrying them (Johydee's Mask):
    /// chosen as the item is put on him (SF-206), read while he carries it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub copies: Vec<Copied>,
    /// Champions kept by another as allies, carried with him (Death Rock): each one's bonus and
    /// designations; it has no special powers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kept: Vec<Kept>,
    /// The champion whose defeat set the `Defeated` powers acting now off (`Target::JustDefeated`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defeated: Option<CardId>,
    /// Champions fighting in another's place in the battle in progress (Rod of Shapechange).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stand_ins: Vec<StandIn>,
    /// Cards with a `Trigger::Discarded` power that have just gone to a discard pile: their
    /// powers act once the action that discarded them is done, in the order they went.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub just_discarded: Vec<CardId>,
    /// Champions put into a pool, with their owner's count of turns begun then
    /// (`Condition::InPoolSinceLastTurn`); one the table started with is not listed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pooled: Vec<(CardId, u32)>,
}

/// `card` fights for `seat` in place of `carrier`, who waits in `seat`'s pool until the battle
/// ends: he stays if it is won, and is discarded if not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandIn {
    pub card: CardId,
    pub carrier: CardId,
    pub seat: Seat,
}

/// A champion kept as an ally by the champion who carries him (`Effect::KeepAsAlly`, Death
/// Rock): his bonus and designations as that ally; he has no special powers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kept {
    pub card: CardId,
    pub bonus: u8,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub designations: Vec<crate::catalogue::cards::Attribute>,
}

/// A copy an item gives its carrier: `from`'s printed level, or its special power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Copied {
    pub item: CardId,
    pub from: CardId,
    pub what: CopiedWhat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CopiedWhat {
    Level,
    Power,
}

#[derive(Clone, Debug, Serialize)]
pub struct Spellfire {
    /// The catalogue and formats (not part of the state: loaded separately).
    #[serde(skip)]
    pub(crate) content: Arc<Content>,
    pub(crate) config: Config,
    pub(crate) rng: GameRng,
    pub(crate) cards: Vec<CardInfo>,
    pub(crate) players: Vec<Player>,
    pub(crate) active: Seat,
    /// Turns begun, from 1.
    pub(crate) turn: u32,
    pub(crate) phase: Phase,
    pub(crate) used: TurnUse,
    pub(crate) battle: Option<Battle>,
    pub(crate) pending: Vec<Pending>,
    /// The rule card in play (SF-222).
    pub(crate) rule_card: Option<CardId>,
    /// The turn in which a draw pile ran out, and whose it was (SF-214, AMB-2).
    pub(crate) deckout: Option<(u32, Seat)>,
    /// Cards resting until their owner's next turn (Bell of Might's cost).
    pub(crate) resting: Vec<CardId>,
    /// Players whose turn an extra turn interrupted, to resume when it ends (The Caravan).
    pub(crate) interrupted: Vec<Seat>,
    /// Powers of cards already played that last until their player's next turn (an event's
    /// omen, a spell that bars attacks).
    #[serde(default)]
    pub(crate) lasting: Vec<Lasting>,
    /// Mulligans called in this game, for the per-game limit (AMB-19).
    pub(crate) mulligans: u8,
    /// The number of cards drawn each turn and the hand limit, from the format (SF-33, SF-46).
    pub(crate) draw_per_turn: u8,
    pub(crate) hand_limit: u8,
    pub(crate) outcome: Option<Outcome>,
    /// What the optional rules keep track of.
    pub(crate) tracks: Tracks,
    /// Derived from the fields above, never a truth of its own; not saved (see [`Derived`]).
    #[serde(skip)]
    pub(crate) derived: Derived,
    /// The families of power no card of the game has, found at setup; not saved (a save is
    /// replayed from its setup).
    #[serde(skip)]
    pub(crate) absent: crate::apply::Absent,
    /// The cards no other card of the game shares an identity with, found at setup; not saved.
    #[serde(skip)]
    pub(crate) lone: crate::legal::LoneCards,
    /// Emptied lists kept for reuse; not part of the state (see [`SpareLists`]).
    #[serde(skip)]
    pub(crate) spare_lists: SpareLists,
    /// What `legal` reads of each card in a hand, found at setup; not saved.
    #[serde(skip)]
    pub(crate) play: crate::legal::PlayTable,
}

/// Emptied lists of cards kept for reuse, so that most battles and rounds allocate none: a
/// battle's list of defenders and each fighter's one-round cards are taken from here and given
/// back as the battle or the round ends. Not part of the state: never saved, compared or copied
/// (a copy of a state starts without any).
#[derive(Debug, Default)]
pub(crate) struct SpareLists(Vec<Vec<CardId>>);

impl Clone for SpareLists {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl SpareLists {
    /// As many as a battle gives back at once (its defenders and both fighters' cards), and some.
    const KEPT: usize = 4;

    /// An empty list, with room from an earlier use where one is kept.
    pub(crate) fn take(&mut self) -> Vec<CardId> {
        self.0.pop().unwrap_or_default()
    }

    /// `list` is no longer needed: its room is kept for the next `take`.
    pub(crate) fn give(&mut self, mut list: Vec<CardId>) {
        if list.capacity() > 0 && self.0.len() < Self::KEPT {
            list.clear();
            self.0.push(list);
        }
    }
}

/// What is worked out from the state once after each action rather than at every question
/// asked of it: both sides' totals in a round, which give the side losing it, which `to_act`,
/// `legal_actions`, `check` and `apply` all need and which reads every power of the battle (and
/// the totals the round ends on, when the next action is the pass that ends it); and who decides
/// next, which each of them asks first. `apply_action` empties it before it
/// changes anything and fills it again from the finished state; anything else that changes a
/// state it was filled for empties it (`Redeal`). Empty, every question computes afresh, so a
/// new, loaded or sampled state needs nothing. `tests/properties.rs` compares it with a fresh
/// computation after every action of the random games.
#[derive(Clone, Debug, Default)]
pub(crate) struct Derived {
    /// The attacker's total and the defender's, in a round with no decision pending (the one
    /// time the decider is read from them); otherwise worked out when asked.
    pub(crate) totals: Option<(i32, i32)>,
    /// The seat that decides next (`decider`; none once the game is over), which the kernel's
    /// loop, `legal` and `apply` each ask after every action.
    pub(crate) decider: Option<Option<Seat>>,
}

impl Spellfire {
    pub fn content(&self) -> &Arc<Content> {
        &self.content
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn seats(&self) -> usize {
        self.players.len()
    }

    pub fn active(&self) -> Seat {
        self.active
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn battle(&self) -> Option<&Battle> {
        self.battle.as_ref()
    }

    pub fn pending(&self) -> Option<&Pending> {
        self.pending.last()
    }

    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    pub(crate) fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[seat.index()]
    }

    pub fn rule_card(&self) -> Option<CardId> {
        self.rule_card
    }

    pub fn hand_limit(&self) -> usize {
        usize::from(self.hand_limit)
    }

    /// The catalogue entry of a card in this game.
    pub fn entry(&self, card: CardId) -> &Entry {
        &self.content.catalogue.entries[self.cards[card.index()].entry as usize]
    }

    pub fn card(&self, card: CardId) -> &Card {
        &self.entry(card).card
    }

    pub fn card_ref(&self, card: CardId) -> CardRef {
        self.entry(card).id
    }

    pub fn kind(&self, card: CardId) -> CardType {
        self.card(card).kind
    }

    pub fn name(&self, card: CardId) -> &str {
        &self.card(card).name
    }

    /// The card's name as events carry it: the catalogue's shared text, not a copy.
    pub fn card_name(&self, card: CardId) -> CardName {
        self.card(card).name.clone()
    }

    pub fn owner(&self, card: CardId) -> Seat {
        self.cards[card.index()].owner
    }

    pub fn card_count(&self) -> usize {
        self.cards.len()
    }

    /// The number on the card's icon (a champion's level, a bonus), 0 when it varies or is absent.
    pub fn icon_value(&self, card: CardId) -> i32 {
        self.card(card).level.as_ref().and_then(|l| l.value()).unwrap_or(0)
    }

    /// The seat `steps` places to the left of `seat` (clockwise, SF-30).
    pub fn left_of(&self, seat: Seat, steps: usize) -> Seat {
        seat.left(steps, self.seats())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two printings of one card (same type and name, two entries), in either order in a game
    /// of the catalogue's first printings and reprints: every copy takes the entry dealt first.
    #[test]
    fn sf_95_a_games_identities_are_the_first_entry_dealt_of_each_card() {
        let catalogue = Catalogue::shipped().unwrap();
        let reprint = (catalogue.entries.iter().enumerate())
            .find(|(at, e)| e.identity as usize != *at)
            .map(|(at, _)| at as u32)
            .expect("a reprint in the catalogue");
        let first = catalogue.entries[reprint as usize].identity;
        let other = (0..catalogue.len() as u32)
            .find(|&at| catalogue.entries[at as usize].identity == at && at != first)
            .unwrap();
        for entries in [
            vec![first, other, reprint, first],
            vec![reprint, other, first, reprint, other],
            vec![other, first, other],
        ] {
            let mut cards: Vec<CardInfo> = (entries.iter())
                .map(|&entry| CardInfo {
                    owner: Seat(0),
                    entry,
                    identity: catalogue.entries[entry as usize].identity,
                })
                .collect();
            let catalogue_identities: Vec<u32> = cards.iter().map(|c| c.identity).collect();
            CardInfo::number_identities(&mut cards);
            for (at, card) in cards.iter().enumerate() {
                let first_dealt = (0..cards.len())
                    .find(|&earlier| catalogue_identities[earlier] == catalogue_identities[at])
                    .unwrap();
                assert_eq!(card.identity, entries[first_dealt], "{entries:?}, card {at}");
            }
        }
    }
}
