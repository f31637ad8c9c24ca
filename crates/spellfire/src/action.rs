//! The decisions a seat can take. Each is one indivisible step (SF-188): nobody can cut in while
//! it is carried out.

use serde::{Deserialize, Serialize};
use spellhall_core::Seat;

use crate::formation::Position;
use crate::state::CardId;

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    /// Phase 0: put a rule card into play (SF-221).
    PlayRule(CardId),
    /// End phase 0 and draw the turn's cards (phase 1).
    Draw,
    /// Phase 2 (or as spoils): a realm into an empty position, or over a razed realm (SF-50, SF-64).
    PlayRealm {
        card: CardId,
        at: Position,
    },
    /// Phase 2: turn a razed realm face up by discarding three cards (SF-61).
    Rebuild {
        at: Position,
    },
    /// Phase 2 (or as spoils): a holding onto one of the player's realms (SF-67).
    PlayHolding {
        card: CardId,
        at: Position,
    },
    /// Phase 3 (or as spoils): a champion from the hand into the pool (SF-38).
    ToPool(CardId),
    /// Phase 3 (or as spoils): an avatar from the hand into the pool, paid for by discarding the
    /// champions `paying` (in ascending order, each once) from the pool, as its power names
    /// (SF-233).
    Summon {
        avatar: CardId,
        paying: Vec<CardId>,
    },
    /// Phase 3, spoils, or the losing side's card in a round: a magical item or artifact onto a
    /// champion (SF-38, AMB-9).
    Attach {
        card: CardId,
        champion: CardId,
    },
    /// Move on: phase 2 to 3, or phase 3 to 5 without a battle.
    EndPhase,
    /// Phase 3 to 4: attack the realm at `at` of `defender` with a champion from the hand or the
    /// pool (SF-42, SF-105, SF-106). Also opens each later round of the battle (SF-118).
    Attack {
        champion: CardId,
        defender: Seat,
        at: Position,
    },
    /// The defender's champion, from the hand or the pool — or the attacked realm or its holding
    /// defending itself (SF-107, SF-225).
    Defend {
        champion: CardId,
    },
    /// The defender lets the realm be razed (SF-108).
    Decline,
    /// The losing side's card in a round: an ally joins its champion (SF-112, SF-228).
    PlayAlly(CardId),
    /// The losing side's card in a round: its champion uses a spell, psionic power, blood ability,
    /// thief skill or unarmed combat card (SF-112, SF-164).
    UseCard(CardId),
    /// Play an event (SF-186).
    PlayEvent(CardId),
    /// In an event pause: answer the event with this card — negate, calm or copy it (SF-193). The
    /// card is in the hand, or a champion or item in the pool.
    Answer(CardId),
    /// Choose what the event just played acts on (a realm for Cataclysm!).
    Choose(CardId),
    /// Choose the player whose draw pile or hand a power reaches into (a look at his top cards,
    /// a card taken at random from his hand).
    ChoosePlayer(Seat),
    /// Choose one of the ways a power offers (`Effect::ChooseOne`), by its place in the list:
    /// a level or a special power to copy (Johydee's Mask).
    ChooseOption(u8),
    /// Pass: the losing side ends the round; a seat in an event pause lets the event be; a seat
    /// that claimed the next decision changes its mind.
    Pass,
    /// After winning a round, the attacker ends the battle (SF-118, SF-126).
    EndBattle,
    /// Spoils of victory: keep the card in the hand, or put it back on the draw pile (SF-211).
    KeepSpoils,
    ReturnSpoils,
    /// Discard a card from the hand: for a rebuild, or down to the hand limit (SF-46).
    Discard(CardId),
    /// At the end of the second turn with no realm played or playable: deal again (SF-216).
    CallMulligan,
    /// Phase 6: end the turn (SF-47).
    EndTurn,
    /// "Wait": a seat other than the one deciding takes the next decision to play an event
    /// (SF-186). Offered through `Game::claims`, never in `legal_actions`.
    Claim(Seat),
    /// Aid the Attacker or Defender: the losing side asks the other players, clockwise, for one
    /// card (SF-239). A helper answers with `PlayAlly`, `UseCard` or `Attach`, or refuses with
    /// `Pass`.
    AskAid,
    /// Questing, phase 2: send a champion of the pool questing, face down (SF-254).
    Quest(CardId),
    /// Questing, phase 2 of the next turn: the questing champion comes back and turns up the top
    /// card of `opponent`'s draw pile (SF-255, SF-256, AMB-31).
    ResolveQuest {
        opponent: Seat,
    },
}
