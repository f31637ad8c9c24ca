//! What one seat may see: every formation, pool, discard pile, Abyss and the battle (all open
//! information, SF-12), its own hand, and only the sizes of the other hands and the draw piles.

use serde::Serialize;
use spellhall_core::Seat;

use crate::catalogue::cards::CardRef;
use crate::combat::{Side, Total};
use crate::formation::Position;
use crate::state::{BattleStep, CardId, FighterKind, Loss, Pending, Phase, Spellfire};

/// A card the viewer may see: its id in this game, which card it is, and whether the engine
/// enforces its power (false while it is `Unscripted`, so the table can mark it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CardView {
    pub id: CardId,
    pub card: CardRef,
    pub enforced: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RealmView {
    pub at: Position,
    pub realm: CardView,
    pub razed: bool,
    pub holding: Option<CardView>,
    /// Attackable by a champion without movement powers (SF-55).
    pub exposed: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChampionView {
    pub champion: CardView,
    pub attachments: Vec<CardView>,
    /// Base levels earned under Experience Spoils (SF-248).
    pub experience: i32,
    /// Away questing, face down (SF-254).
    pub questing: bool,
}

/// A card in Limbo with what it carries, and the turn of its owner's at whose end it returns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LimboView {
    pub card: CardView,
    pub attachments: Vec<CardView>,
    pub returns_after_turn: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub hand_count: usize,
    pub draw_count: usize,
    /// Position by position, empty ones as `None`.
    pub formation: Vec<Option<RealmView>>,
    pub pool: Vec<ChampionView>,
    pub discard: Vec<CardView>,
    pub limbo: Vec<LimboView>,
    pub abyss: Vec<CardView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FighterView {
    pub champion: CardView,
    /// A realm or holding defending itself.
    pub is_realm: bool,
    pub attachments: Vec<CardView>,
    pub round_cards: Vec<CardView>,
    pub total: Total,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BattleView {
    pub attacker: Seat,
    pub defender: Seat,
    pub target: Position,
    pub step: BattleStep,
    pub attacking: Option<FighterView>,
    pub defending: Option<FighterView>,
    /// Who is losing the round now, while both sides fight.
    pub losing: Option<Side>,
    /// A champion gone over to the other side (Magic Jar), waiting with what he carries to fight
    /// the next round for `seat`; then he is discarded.
    pub gone_over: Option<GoneOverView>,
}

/// A champion waiting to fight the next round for `seat`, whose side he has gone over to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GoneOverView {
    pub seat: Seat,
    pub owner: Seat,
    pub champion: ChampionView,
}

/// The decision owed out of turn, as the table may show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum PendingView {
    Claim {
        seat: Seat,
    },
    EventPause {
        event: CardView,
        by: Seat,
        asking: Seat,
        /// What the event will act on.
        target: Option<CardView>,
        /// Players it will not touch, and players it will also act for.
        calmed: Vec<Seat>,
        copies: Vec<Seat>,
    },
    /// A realm (with its holding) or a holding is about to be razed or discarded: `asking` may
    /// reply with a card that answers it, or let it go.
    AboutToGo {
        asking: Seat,
        /// Whose it is.
        owner: Seat,
        /// The realm or holding first, then the holding that goes with a realm.
        threatened: Vec<CardView>,
        /// Razed (a realm stays face down) rather than discarded.
        razed: bool,
    },
    /// `by`'s champion cast `spell`, which acts only if `asking` gives leave.
    Leave {
        asking: Seat,
        by: Seat,
        spell: CardView,
    },
    /// The player of an event chooses what it acts on.
    Target {
        seat: Seat,
        event: CardView,
    },
    /// A wall stops `seat`'s attacking champion: one card to cross it, or back to the pool.
    Walled {
        seat: Seat,
        wall: CardView,
    },
    /// `seat`'s champion on side `victim` is about to be defeated at once by `by`'s power; one
    /// reply, then it lands if it still holds.
    InstantDefeat {
        seat: Seat,
        victim: Side,
        by: CardView,
        replied: bool,
    },
    /// The spoils card is shown only to the seat that drew it.
    Spoils {
        seat: Seat,
        card: Option<CardView>,
    },
    Rebuild {
        seat: Seat,
        at: Position,
        left: u8,
    },
    /// Aid: `asking` may help `aided`'s side (SF-239).
    Aid {
        aided: Seat,
        asking: Seat,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub seat: Seat,
    pub active: Seat,
    pub turn: u32,
    pub phase: Phase,
    pub to_act: Option<Seat>,
    pub hand: Vec<CardView>,
    pub players: Vec<PlayerView>,
    pub rule_card: Option<CardView>,
    pub battle: Option<BattleView>,
    pub pending: Option<PendingView>,
    pub hand_limit: usize,
    /// The top cards of a draw pile this seat is looking at for a power's choice (Marco Volo).
    pub looking_at: Vec<CardView>,
    /// What the rules read beyond what the table draws, all of it open at a real table: what the
    /// turn has used up, lasting powers, every decision owed, the battle's bookkeeping, which
    /// cards each seat holds unseen (not where). A computer looks ahead from it.
    pub public: crate::determinise::Public,
}

impl Spellfire {
    pub fn card_view(&self, card: CardId) -> CardView {
        CardView {
            id: card,
            card: self.card_ref(card),
            enforced: self.card(card).power.is_enforced(),
        }
    }

    fn card_views(&self, cards: &[CardId]) -> Vec<CardView> {
        cards.iter().map(|&c| self.card_view(c)).collect()
    }

    pub fn view_for(&self, seat: Seat) -> View {
        let players = Seat::all(self.seats())
            .map(|s| {
                let player = self.player(s);
                let formation = &player.formation;
                PlayerView {
                    seat: s,
                    hand_count: player.hand.len(),
                    draw_count: player.draw.len(),
                    formation: formation
                        .positions()
                        .map(|at| {
                            formation.slot(at).map(|slot| RealmView {
                                at,
                                realm: self.card_view(slot.realm),
                                razed: slot.razed,
                                holding: slot.holding.map(|h| self.card_view(h)),
                                exposed: formation.is_exposed(at),
                            })
                        })
                        .collect(),
                    pool: player
                        .pool
                        .iter()
                        .map(|c| ChampionView {
                            champion: self.card_view(c.card),
                            attachments: self.card_views(&c.attachments),
                            experience: self.experience(c.card),
                            questing: self.is_questing(c.card),
                        })
                        .collect(),
                    discard: self.card_views(&player.discard),
                    limbo: player
                        .limbo
                        .iter()
                        .map(|away| LimboView {
                            card: self.card_view(away.card),
                            attachments: self.card_views(&away.attachments),
                            returns_after_turn: away.returns,
                        })
                        .collect(),
                    abyss: self.card_views(&player.abyss),
                }
            })
            .collect();
        let battle = self.battle.as_ref().map(|b| {
            let fighter = |side: Side| {
                let f = match side {
                    Side::Attacker => b.attacking.as_ref()?,
                    Side::Defender => b.defending.as_ref()?,
                };
                Some(FighterView {
                    champion: self.card_view(f.card),
                    is_realm: f.kind != FighterKind::Champion,
                    attachments: self.card_views(&f.attachments),
                    round_cards: self.card_views(&f.round_cards),
                    total: self.total(side)?,
                })
            };
            BattleView {
                attacker: b.attacker,
                defender: b.defender,
                target: b.target,
                step: b.step,
                attacking: fighter(Side::Attacker),
                defending: fighter(Side::Defender),
                losing: (b.step == BattleStep::Round).then(|| self.losing_side()),
                gone_over: b.gone_over.as_ref().map(|g| GoneOverView {
                    seat: g.seat,
                    owner: self.owner(g.champion.card),
                    champion: ChampionView {
                        champion: self.card_view(g.champion.card),
                        attachments: self.card_views(&g.champion.attachments),
                        experience: self.experience(g.champion.card),
                        questing: false,
                    },
                }),
            }
        });
        let pending = self.pending.last().map(|p| match *p {
            Pending::Claim { seat } => PendingView::Claim { seat },
            Pending::EventPause(ref pause) => PendingView::EventPause {
                event: self.card_view(pause.event),
                by: pause.by,
                asking: pause.asking,
                target: pause.target.map(|t| self.card_view(t)),
                calmed: pause.calmed.clone(),
                copies: pause.copies.clone(),
            },
            Pending::Target { seat, event, .. } => PendingView::Target {
                seat,
                event: self.card_view(event),
            },
            Pending::Walled { seat, wall } => PendingView::Walled {
                seat,
                wall: self.card_view(wall),
            },
            Pending::InstantDefeat(ref threat) => PendingView::InstantDefeat {
                seat: threat.seat,
                victim: threat.victim,
                by: self.card_view(threat.source),
                replied: threat.replied,
            },
            Pending::Spoils { seat: owner, card } => PendingView::Spoils {
                seat: owner,
                card: (owner == seat).then(|| self.card_view(card)),
            },
            Pending::Rebuild { seat, at, left } => PendingView::Rebuild { seat, at, left },
            Pending::Aid { aided, asking } => PendingView::Aid { aided, asking },
            // A power's choice during play is shown as its card choosing a target.
            Pending::Pick(ref pick) => PendingView::Target {
                seat: pick.seat,
                event: self.card_view(pick.source),
            },
            Pending::Reply(ref reply) => PendingView::AboutToGo {
                asking: reply.asking,
                owner: self.owner(reply.threatened[0]),
                threatened: self.card_views(&reply.threatened),
                razed: matches!(reply.loss, Loss::BattleRazing { .. } | Loss::Razed { .. }),
            },
            Pending::Leave(ref leave) => PendingView::Leave {
                asking: leave.seat,
                by: leave.by,
                spell: self.card_view(leave.spell),
            },
        });
        View {
            seat,
            active: self.active,
            turn: self.turn,
            phase: self.phase,
            to_act: self.decider(),
            hand: self.card_views(&self.player(seat).hand),
            players,
            rule_card: self.rule_card.map(|c| self.card_view(c)),
            battle,
            pending,
            hand_limit: self.hand_limit_for(seat),
            looking_at: match self.pending.last() {
                Some(Pending::Pick(pick)) if pick.seat == seat => self.card_views(&pick.seen),
                _ => Vec::new(),
            },
            public: self.public_for(seat),
        }
    }
}
