//! A simple greedy computer player: recruit the most Force it can pay for, play magics against the
//! strongest opponent, attack only where the Stronghold falls even if every enemy Horde defends,
//! defend only when that saves the Stronghold, and lose as little Force as the rules allow.
//!
//! It decides from its seat's view and the legal actions only: every kingdom, the tray and the
//! battle are public, and of the hidden cards it knows its own hand alone.

use spellhall_core::{Game, GameRng, Seat};
use spellhall_search::{Guide, Strong, shares_against_best_other};

use crate::content::{Kind, Magic, Resource, TargetKind};
use crate::state::{Battle, Phase, Stage, WINNING_FORCE};
use crate::view::{InPlayView, View};
use crate::{Action, CardId, Cards, Choice, MightyMagics};

/// The index in `legal` of the greedy choice for the seat whose view this is (`legal` is that
/// seat's legal actions). `cards` is the game's content.
pub fn greedy_choice(view: &View, legal: &[Action], cards: &Cards, rng: &mut GameRng) -> usize {
    let _ = rng; // deterministic: ties go to the first action in the legal order
    let scores = greedy_scores(view, legal, cards);
    let mut best = 0;
    for (i, score) in scores.iter().enumerate() {
        if *score > scores[best] {
            best = i;
        }
    }
    best
}

/// The greedy player's score of each legal action for the seat whose view this is: its
/// [`Player::score`], and in a battle its choice above all the others.
fn greedy_scores(view: &View, legal: &[Action], cards: &Cards) -> Vec<f64> {
    let player = Player {
        view,
        cards,
        me: view.viewer,
    };
    let mut scores: Vec<f64> = legal.iter().map(|action| player.score(action)).collect();
    let pick = match &view.phase {
        Phase::Attack(battle) => player.battle_choice(battle, legal),
        _ => None,
    };
    if let Some(pick) = pick {
        scores[pick] = scores.iter().copied().fold(f64::MIN, f64::max) + 1.0;
    }
    scores
}

/// The greedy player's score of each legal action in a world a search has sampled (it reads the
/// deciding seat's view of that world, never the real game): the search's first impression.
pub fn action_scores(world: &MightyMagics, legal: &[Action]) -> Vec<f64> {
    match world.to_act().seat() {
        Some(seat) => greedy_scores(&world.view(seat), legal, world.cards()),
        None => vec![0.0; legal.len()],
    }
}

/// How each seat stands, as a share of a win in [0, 1]: its Stronghold Force (what wins), half
/// its Hordes' Force (what takes and keeps Strongholds) and a little for the cards in hand,
/// against the best of the others. A finished game: 1 for the winner, 0 for the rest.
pub fn evaluate(game: &MightyMagics) -> Vec<f64> {
    let seats = Seat::all(game.seats());
    if let Some(finish) = game.finish() {
        return seats.map(|seat| f64::from(u8::from(seat == finish.winner))).collect();
    }
    let worth: Vec<f64> = Seat::all(game.seats())
        .map(|seat| {
            let hordes: u32 = game
                .kingdom(seat)
                .hordes
                .iter()
                .map(|h| game.force(h.card, false).0)
                .sum();
            f64::from(game.stronghold_force(seat)) + 0.5 * f64::from(hordes) + 0.25 * game.hand(seat).len() as f64
        })
        .collect();
    shares_against_best_other(&worth, 4.0)
}

struct Player<'a> {
    view: &'a View,
    cards: &'a Cards,
    /// The deciding seat: the counters' holder in the Recruit phase, the active seat otherwise.
    me: Seat,
}

fn position(legal: &[Action], wanted: &Action) -> Option<usize> {
    legal.iter().position(|a| a == wanted)
}

impl Player<'_> {
    fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.view.kingdoms.iter().map(|k| k.seat)
    }

    /// Every card in play with its controller and whether it is a Stronghold.
    fn in_play(&self) -> impl Iterator<Item = (Seat, bool, &InPlayView)> + '_ {
        self.view.kingdoms.iter().flat_map(|k| {
            let strongholds = k.strongholds.iter().map(move |h| (k.seat, true, h));
            strongholds.chain(k.hordes.iter().map(move |h| (k.seat, false, h)))
        })
    }

    fn find(&self, card: CardId) -> Option<(Seat, bool, &InPlayView)> {
        self.in_play().find(|(_, _, h)| h.card == card)
    }

    fn force(&self, card: CardId) -> u32 {
        self.find(card).map_or(0, |(_, _, h)| h.force)
    }

    fn stronghold_force(&self, seat: Seat) -> u32 {
        self.view.kingdom(seat).stronghold_force
    }

    /// The opponent with the most Stronghold Force.
    fn leader(&self) -> Seat {
        self.seats()
            .filter(|&s| s != self.me)
            .max_by_key(|&s| (self.stronghold_force(s), std::cmp::Reverse(s)))
            .unwrap_or(self.me)
    }

    /// Whether a magic in the hand has something to aim at now (what the view shows is enough:
    /// the cards in play are public, the hand is the viewer's own).
    fn has_aim(&self, card: CardId, magic: Magic) -> bool {
        let fits = |target: CardId, kind: TargetKind, cost_has: Option<Resource>| {
            let def = self.cards.get(target);
            let kind_ok = match kind {
                TargetKind::Stronghold => def.is_stronghold(),
                TargetKind::Horde => def.is_horde(),
                TargetKind::AnyCard => true,
            };
            kind_ok && cost_has.is_none_or(|r| def.cost_has(r))
        };
        match magic {
            Magic::Destroy { target, cost_has } => self.in_play().any(|(_, _, h)| fits(h.card, target, Some(cost_has))),
            Magic::GainControl { target, cost_has } => self
                .in_play()
                .any(|(owner, _, h)| owner != self.me && fits(h.card, target, cost_has)),
            Magic::Attach { to, .. } => self.in_play().any(|(_, _, h)| fits(h.card, to, None)),
            Magic::SummonHordeFromHand => self
                .view
                .hand
                .iter()
                .any(|h| h.card != card && self.cards.get(h.card).is_horde()),
            Magic::RerollResources => self.view.tray.len() > self.cards.get(card).cost_total(),
            _ => true,
        }
    }

    fn score(&self, action: &Action) -> f64 {
        let cards = self.cards;
        let gold_used = |spend: &[Resource]| spend.iter().filter(|&&r| r == Resource::Gold).count() as f64 * 0.5;
        match action {
            // Discard only magics that have nothing to aim at now.
            Action::Discard(card) => match cards.get(*card).kind {
                Kind::Magic(magic) if !self.has_aim(*card, magic) => 1.0,
                _ => -1.0,
            },
            Action::Refill | Action::Pass => 0.0,
            Action::RedrawWater => 0.5,
            Action::Recruit { card, spend } => {
                let def = cards.get(*card);
                let force = f64::from(def.base_force());
                let value = if def.is_stronghold() {
                    let reaches = self.stronghold_force(self.me) + u32::from(def.base_force()) >= WINNING_FORCE;
                    12.0 + 3.0 * force + if reaches { 40.0 } else { 0.0 }
                } else {
                    8.0 + 2.0 * force
                };
                value - gold_used(spend)
            }
            Action::Cast { card, spend, choice } => {
                let Kind::Magic(magic) = cards.get(*card).kind else {
                    return f64::MIN;
                };
                self.magic_value(magic, *choice) - gold_used(spend)
            }
            _ => 0.0,
        }
    }

    /// What a magic is worth to me with this choice (negative: it would hurt me).
    fn magic_value(&self, magic: Magic, choice: Choice) -> f64 {
        let target_value = |card: CardId| -> f64 {
            let Some((owner, stronghold, holding)) = self.find(card) else {
                return 0.0;
            };
            let force = f64::from(holding.force);
            let worth = if stronghold { 3.0 * force } else { 2.0 * force };
            let lead_bonus = if owner == self.leader() { 2.0 } else { 0.0 };
            if owner == self.me { -worth } else { worth + lead_bonus }
        };
        match (magic, choice) {
            (Magic::Destroy { .. }, Choice::Card(card)) => target_value(card) - 2.0,
            (Magic::GainControl { .. }, Choice::Card(card)) => 2.0 * target_value(card),
            (Magic::Attach { .. }, Choice::Card(card)) => -target_value(card).signum() * 6.0,
            (Magic::Curse { .. }, Choice::Opponent(seat)) => {
                if seat == self.leader() {
                    4.0
                } else {
                    2.0
                }
            }
            (Magic::SummonHordeFromHand, Choice::Card(horde)) => {
                10.0 + 2.0 * f64::from(self.cards.get(horde).base_force())
            }
            (Magic::CardsOrResources { .. }, Choice::MoreResources) => 5.0,
            (Magic::CardsOrResources { .. }, _) => 4.0,
            (Magic::GainGold(_), _) => 4.0,
            (Magic::OpponentsDiscardHands, _) => 3.0,
            (Magic::RerollResources, _) => 0.5,
            (Magic::NewHand(_), _) => 0.5,
            (Magic::LookAtDeck(_), _) => 0.5,
            _ => 0.0,
        }
    }

    /// The Force of `seat`'s Hordes if all of them defend.
    fn guards(&self, seat: Seat) -> u32 {
        self.view.kingdom(seat).hordes.iter().map(|h| h.defending_force).sum()
    }

    fn battle_choice(&self, battle: &Battle, legal: &[Action]) -> Option<usize> {
        match battle.stage {
            Stage::Declare => {
                let me = self.view.active;
                let hordes: Vec<CardId> = self.view.kingdom(me).hordes.iter().map(|h| h.card).collect();
                let total: u32 = self.view.kingdom(me).hordes.iter().map(|h| h.force).sum();
                // The best Stronghold that falls (or, in the short game, is captured) even if every
                // Horde of its owner defends.
                let target = self
                    .view
                    .kingdoms
                    .iter()
                    .filter(|k| k.seat != me)
                    .flat_map(|k| k.strongholds.iter().map(move |h| (k.seat, h)))
                    .filter(|&(s, h)| {
                        let guards = self.guards(s);
                        if self.view.short_attacks {
                            total > guards + h.force
                        } else {
                            total > guards
                        }
                    })
                    .max_by_key(|&(s, h)| (h.force, self.stronghold_force(s)));
                let Some((_, target)) = target else {
                    return position(legal, &Action::NoAttack);
                };
                if battle.target != Some(target.card) {
                    return position(legal, &Action::Target(target.card));
                }
                if let Some(&horde) = hordes.iter().find(|h| !battle.attackers.contains(h)) {
                    return position(legal, &Action::Send(horde));
                }
                position(legal, &Action::Charge)
            }
            Stage::Defend => {
                let target = battle.target?;
                let (defender, _, _) = self.find(target)?;
                let guards = self.guards(defender);
                let worth_it = if self.view.short_attacks {
                    guards + self.force(target) >= battle.attack_total
                } else {
                    guards >= battle.attack_total
                };
                let hordes = &self.view.kingdom(defender).hordes;
                if worth_it && let Some(horde) = hordes.iter().find(|h| !battle.defenders.contains(&h.card)) {
                    return position(legal, &Action::Defend(horde.card));
                }
                position(legal, &Action::HoldFast)
            }
            Stage::AttackerLosses | Stage::DefenderLosses => {
                if let Some(i) = position(legal, &Action::ConfirmLosses) {
                    return Some(i);
                }
                let threshold = if battle.stage == Stage::AttackerLosses {
                    battle.defence_total
                } else {
                    battle.attack_total
                };
                let need = threshold.saturating_sub(battle.marked_force());
                let mut options: Vec<(usize, u32)> = legal
                    .iter()
                    .enumerate()
                    .filter_map(|(i, a)| match a {
                        Action::Lose(card) => Some((i, battle.force_of(*card))),
                        _ => None,
                    })
                    .collect();
                // The weakest card that covers what is still needed, else the strongest one.
                options.sort_by_key(|&(_, f)| f);
                options
                    .iter()
                    .find(|&&(_, f)| f >= need)
                    .or(options.last())
                    .map(|&(i, _)| i)
            }
        }
    }
}

/// How far a strong player's playout runs before [`evaluate`] judges where it stopped: a dozen
/// actions, about a turn.
const STRONG_PLAYOUT_LIMIT: u32 = 12;

/// The strong player ([`Strong::strong_choice`]): a search over worlds sampled from the seat's view
/// ([`spellhall_search`]), guided by the greedy player's [`action_scores`] and judging cut
/// playouts with [`evaluate`].
impl Strong for MightyMagics {
    const PLAYOUT_LIMIT: u32 = STRONG_PLAYOUT_LIMIT;
    const GUIDE: Guide<'static, Self> = Guide::new(Some(&action_scores), Some(&evaluate));

    /// It never takes back a choice of the battle (aims again once aimed, calls back a Horde sent or
    /// a defender, spares a casualty picked): a search that sees no gain between two choices
    /// switched between them (in the strong-vs-greedy example at 50 iterations, two targets for
    /// 20,000 actions in game 1, picking and sparing a casualty for 1,447 in game 7).
    fn searched(view: &View, legal: &[Action]) -> Vec<usize> {
        let aimed = matches!(&view.phase, Phase::Attack(battle) if battle.target.is_some());
        let undoes = |action: &Action| match action {
            Action::Target(_) => aimed,
            Action::Recall(_) | Action::Withdraw(_) | Action::Spare(_) => true,
            _ => false,
        };
        (0..legal.len()).filter(|&i| !undoes(&legal[i])).collect()
    }
}
