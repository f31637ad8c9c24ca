//! A whole Spellfire game rebuilt from one seat's view, for the strong computer to look ahead in
//! (the kernel's [`Determinise`]).
//!
//! The table draws what a player looks at; the rules read more than that: what the turn has used
//! up (the realm action, the holding, the champions that attacked), powers that last, the whole
//! stack of decisions owed, the battle's bookkeeping, the table's optional rules. All of it is
//! open at a real table, so each view carries it as [`Public`]. What a seat cannot see is which
//! of its unseen cards lie where: the other hands and every draw pile's order. A sample deals
//! those at random and gives the game a fresh random generator.
//!
//! [`Public`] is built by naming every field of the state, so a field added to the state does
//! not compile until someone decides here whether it is public (and the sample copies it) or
//! hidden (and the sample deals it).

use std::sync::Arc;

use serde::Serialize;
use spellhall_core::{Determinise, GameRng, Outcome, Pile, Seat};

use crate::catalogue::cards::CardRef;
use crate::state::{
    Battle, CardId, CardInfo, Config, Content, Lasting, Pending, Player, Rules, Spellfire, Tracks, TurnUse,
};
use crate::view::View;

/// What the rules read that every player at the table knows, beyond what the table draws.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Public {
    /// The deck format's id and the rules the table agreed on at setup.
    pub format: String,
    pub rules: Rules,
    /// Every card of the game by id: its owner and which card it is, in the order of the decks
    /// brought (chosen at the shared setup). Which cards a seat still holds unseen follows from it
    /// and from the cards in sight; where each of them lies does not.
    pub cards: Vec<CardInfo>,
    /// Each seat's cards in play and its counts, in seat order.
    pub players: Vec<PublicPlayer>,
    /// What the active player has done this turn (one realm action, one holding, each champion
    /// attacks once, ...).
    pub used: TurnUse,
    /// The battle with all its bookkeeping (champions that defended, helpers, flyers, ...).
    pub battle: Option<Battle>,
    /// Every decision owed, bottom first: the table shows only the top one.
    pub pending: Vec<PublicPending>,
    pub deckout: Option<(u32, Seat)>,
    pub resting: Vec<CardId>,
    pub interrupted: Vec<Seat>,
    /// Powers of cards already played that last a while.
    pub lasting: Vec<Lasting>,
    pub mulligans: u8,
    pub draw_per_turn: u8,
    /// The format's hand limit, before powers change it.
    pub hand_limit: u8,
    pub outcome: Option<Outcome>,
    /// What the optional rules and once-a-battle powers keep track of.
    pub tracks: Tracks,
}

/// One seat's part of [`Public`]: the seat's cards with its hand and draw pile left empty, and
/// which of its cards the viewer cannot see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PublicPlayer {
    /// Everything but the hand and the draw pile (both empty here).
    pub open: Player,
    /// This seat's cards the viewer cannot see, in id order: its draw pile, and for another seat
    /// its hand too.
    pub unseen: Vec<CardId>,
}

/// A decision owed, as the viewer knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum PublicPending {
    Shown(Pending),
    /// Another seat decides about the spoils card it drew: which card it is, is hidden.
    SpoilsOf(Seat),
}

impl Spellfire {
    /// What `viewer` knows beyond what the table draws (see [`Public`]).
    pub(crate) fn public_for(&self, viewer: Seat) -> Public {
        // Every field named: a new one must be sorted into public or hidden here.
        let Spellfire {
            content: _,
            config,
            rng: _,
            cards,
            players,
            active: _,
            turn: _,
            phase: _,
            used,
            battle,
            pending,
            rule_card: _,
            deckout,
            resting,
            interrupted,
            lasting,
            mulligans,
            draw_per_turn,
            hand_limit,
            outcome,
            tracks,
            derived: _,
            absent: _,
            lone: _,
            spare_lists: _,
            play: _,
        } = self;
        // (active, turn, phase and the rule card are in the view itself; what is derived is
        // worked out afresh in a sampled state.)
        let players = players
            .iter()
            .enumerate()
            .map(|(index, player)| {
                // The hand and the draw pile are hidden; every other field is open.
                let Player {
                    draw,
                    hand,
                    formation: _,
                    pool: _,
                    discard: _,
                    limbo: _,
                    abyss: _,
                    turns: _,
                    realms_played: _,
                    mulligans: _,
                } = player;
                let mut unseen: Vec<CardId> = draw.iter_top_down().copied().collect();
                if index != viewer.index() {
                    unseen.extend(hand);
                }
                unseen.sort_unstable();
                PublicPlayer {
                    open: Player {
                        draw: Pile::new(),
                        hand: Vec::new(),
                        ..player.clone()
                    },
                    unseen,
                }
            })
            .collect();
        let pending = pending
            .iter()
            .map(|owed| match *owed {
                Pending::Spoils { seat, .. } if seat != viewer => PublicPending::SpoilsOf(seat),
                // The top cards a power let another seat look at stay hidden from this one.
                Pending::Pick(ref pick) if pick.seat != viewer && !pick.seen.is_empty() => {
                    PublicPending::Shown(Pending::Pick(Box::new(crate::state::Pick {
                        seen: Vec::new(),
                        ..(**pick).clone()
                    })))
                }
                ref shown => PublicPending::Shown(shown.clone()),
            })
            .collect();
        Public {
            format: config.format.clone(),
            rules: config.rules.clone(),
            cards: cards.clone(),
            players,
            used: used.clone(),
            battle: battle.clone(),
            pending,
            deckout: *deckout,
            resting: resting.clone(),
            interrupted: interrupted.clone(),
            lasting: lasting.clone(),
            mulligans: *mulligans,
            draw_per_turn: *draw_per_turn,
            hand_limit: *hand_limit,
            outcome: outcome.clone(),
            tracks: tracks.clone(),
        }
    }
}

impl Determinise for Spellfire {
    /// The view's public part as it is; each seat's unseen cards shuffled and dealt back, the
    /// other hands first (their sizes are shown), the rest face down as draw piles; another
    /// seat's spoils card is one of its dealt hand.
    fn sample_from_view(view: &View, content: &Arc<Content>, rng: &mut GameRng) -> Self {
        let public = &view.public;
        // The top cards this seat looked at for a power (Marco Volo) stay on top of their pile.
        let looked = public.pending.iter().rev().find_map(|owed| match owed {
            PublicPending::Shown(Pending::Pick(pick)) if pick.seat == view.seat => {
                pick.player.map(|seat| (seat, pick.seen.clone()))
            }
            _ => None,
        });
        let players: Vec<Player> = public
            .players
            .iter()
            .zip(&view.players)
            .map(|(open, shown)| {
                let mut draw: Vec<CardId> = match &looked {
                    Some((seat, seen)) if *seat == shown.seat => {
                        seen.iter().copied().filter(|c| open.unseen.contains(c)).collect()
                    }
                    _ => Vec::new(),
                };
                let mut unseen: Vec<CardId> = open.unseen.iter().copied().filter(|c| !draw.contains(c)).collect();
                rng.shuffle(&mut unseen);
                let hand = if shown.seat == view.seat {
                    view.hand.iter().map(|card| card.id).collect()
                } else {
                    unseen.split_off(unseen.len().saturating_sub(shown.hand_count))
                };
                draw.extend(unseen);
                Player {
                    draw: Pile::from_top_down(draw),
                    hand,
                    ..open.open.clone()
                }
            })
            .collect();
        let pending = public
            .pending
            .iter()
            .filter_map(|owed| match owed {
                PublicPending::Shown(pending) => Some(pending.clone()),
                // The spoils card was drawn into the hand, which was dealt at random: its last card.
                PublicPending::SpoilsOf(seat) => {
                    let card = *players.get(seat.index())?.hand.last()?;
                    Some(Pending::Spoils { seat: *seat, card })
                }
            })
            .collect();
        // The decks brought, from the card table (cards are numbered in deck order).
        let mut decks: Vec<Vec<CardRef>> = vec![Vec::new(); players.len()];
        for info in &public.cards {
            if let (Some(deck), Some(entry)) = (
                decks.get_mut(info.owner.index()),
                content.catalogue.entries.get(info.entry as usize),
            ) {
                deck.push(entry.id);
            }
        }
        let mut sampled = Spellfire {
            content: Arc::clone(content),
            config: Config {
                format: public.format.clone(),
                decks,
                rules: public.rules.clone(),
            },
            rng: GameRng::new(rng.next_u64()),
            cards: public.cards.clone(),
            players,
            active: view.active,
            turn: view.turn,
            phase: view.phase,
            used: public.used.clone(),
            battle: public.battle.clone(),
            pending,
            rule_card: view.rule_card.map(|card| card.id),
            deckout: public.deckout,
            resting: public.resting.clone(),
            interrupted: public.interrupted.clone(),
            lasting: public.lasting.clone(),
            mulligans: public.mulligans,
            draw_per_turn: public.draw_per_turn,
            hand_limit: public.hand_limit,
            outcome: public.outcome.clone(),
            tracks: public.tracks.clone(),
            derived: Default::default(),
            absent: Default::default(),
            lone: Default::default(),
            spare_lists: Default::default(),
            play: Default::default(),
        };
        sampled.find_absent_families();
        sampled.find_lone_cards();
        sampled.find_play_facts();
        sampled
    }
}
