//! What may be done now. `check` is the one place the rules say yes or no (with the reason and
//! the rule); `legal` lists the candidate actions that `check` accepts, so the table's choices and
//! `apply` can never disagree.

use std::ops::ControlFlow;

use spellhall_core::{RuleError, Seat};

use crate::content::{Ability, Kind, Magic, Resource, TargetKind};
use crate::state::{Battle, Kingdom, Phase, Stage};
use crate::{Action, CardId, Choice, MightyMagics};

/// Counters by type ([`Resource::index`]): a tray or a payment as the matching reads it.
pub(crate) type Counts = [u8; 12];

pub(crate) fn counts(counters: &[Resource]) -> Counts {
    let mut counts = [0u8; 12];
    for r in counters {
        counts[r.index()] += 1;
    }
    counts
}

/// The counters of `counts` as a list in resource order.
fn counters_of(counts: &Counts) -> Vec<Resource> {
    Resource::ALL
        .iter()
        .flat_map(|&r| std::iter::repeat_n(r, usize::from(counts[r.index()])))
        .collect()
}

/// Which counters may pay for what when one player pays: its own resource, anything for Gold, and
/// what his converts allow (a convert into Gold pays for anything). Worked out once for a payer,
/// so that matching counters to costs, which the legal list does for every card in hand, asks no
/// list of converts, allocates nothing and tries only the counter types that fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Payer {
    /// For each resource of a cost, one bit per counter type ([`Resource::index`]) that pays it.
    paid_by: [u16; 12],
}

impl Payer {
    pub(crate) fn new(converts: impl IntoIterator<Item = (Resource, Resource)>) -> Self {
        let gold = 1 << Resource::Gold.index();
        let mut paid_by = [0u16; 12];
        for r in Resource::ALL {
            paid_by[r.index()] = 1 << r.index() | gold;
        }
        for (from, into) in converts {
            if into == Resource::Gold {
                paid_by.iter_mut().for_each(|by| *by |= 1 << from.index());
            } else {
                paid_by[into.index()] |= 1 << from.index();
            }
        }
        Payer { paid_by }
    }

    /// Whether one counter may pay for one resource of a cost.
    fn pays(&self, counter: Resource, need: Resource) -> bool {
        self.paid_by[need.index()] & 1 << counter.index() != 0
    }

    /// Whether `spend` pays exactly for `needs` (one counter each), trying every assignment.
    pub(crate) fn can_pay(&self, needs: &[Resource], spend: &[Resource]) -> bool {
        needs.len() == spend.len() && self.assign(needs, &mut counts(spend))
    }

    /// Whether `needs` can be paid from the tray at all: the first match [`Self::payments`] would
    /// find, without listing the ways to pay.
    pub(crate) fn tray_can_pay(&self, tray: &Counts, needs: &[Resource]) -> bool {
        self.assign(needs, &mut tray.clone())
    }

    /// Whether each need can be matched to one of the counters `left` (by type).
    fn assign(&self, needs: &[Resource], left: &mut Counts) -> bool {
        let mut spent = [0; 12];
        self.each_match(needs, left, &mut spent, 0, &mut |_| ControlFlow::Break(()))
            .is_break()
    }

    /// Match each need to one of the counters `left` (by type), backtracking, and show `visit`
    /// the counters each full match spends (by type) until it says stop. No allocation, as this
    /// runs for every card in hand whenever the legal actions are listed. `first` is the lowest
    /// counter type to try for the first need: equal needs side by side (a cost lists its
    /// counters in resource order) take their counters in type order, as any other order spends
    /// the same counters, and trying them all made a failing search repeat itself.
    fn each_match(
        &self,
        needs: &[Resource],
        left: &mut Counts,
        spent: &mut Counts,
        first: usize,
        visit: &mut impl FnMut(&Counts) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Some((&need, rest)) = needs.split_first() else {
            return visit(spent);
        };
        let mut types = self.paid_by[need.index()] >> first << first;
        while types != 0 {
            let t = types.trailing_zeros() as usize;
            types &= types - 1;
            if left[t] == 0 {
                continue;
            }
            left[t] -= 1;
            spent[t] += 1;
            let next_first = if rest.first() == Some(&need) { t } else { 0 };
            let flow = self.each_match(rest, left, spent, next_first, visit);
            left[t] += 1;
            spent[t] -= 1;
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// Every distinct way to pay `needs` from the tray (each a sorted list of counters), the
    /// cheapest first: exact counters before converts, converts before Gold.
    pub(crate) fn payments(&self, tray: &Counts, needs: &[Resource]) -> Vec<Vec<Resource>> {
        let mut ranked: Vec<((usize, usize), Vec<Resource>)> = Vec::new();
        // The visitor never stops the search: every match is wanted.
        let _ = self.each_match(needs, &mut tray.clone(), &mut [0; 12], 0, &mut |spent| {
            ranked.push((payment_rank(needs, spent), counters_of(spent)));
            ControlFlow::Continue(())
        });
        ranked.sort_unstable();
        // Two matches spend the same counters when two needs take them the other way round.
        ranked.dedup();
        ranked.into_iter().map(|(_, spend)| spend).collect()
    }

    /// The resources of a cost that the tray cannot cover (empty when it can be paid). Exact
    /// counters are used first, then converts, then Gold, as a player would.
    pub(crate) fn shortfall(&self, tray: &[Resource], needs: &[Resource]) -> Vec<Resource> {
        if self.tray_can_pay(&counts(tray), needs) {
            return Vec::new();
        }
        let mut left = tray.to_vec();
        let mut take = |accept: &dyn Fn(Resource) -> bool| match left.iter().position(|&c| accept(c)) {
            Some(i) => {
                left.remove(i);
                true
            }
            None => false,
        };
        let open: Vec<Resource> = needs.iter().copied().filter(|&need| !take(&|c| c == need)).collect();
        open.into_iter()
            .filter(|&need| {
                !take(&|c| c != Resource::Gold && c != need && self.pays(c, need)) && !take(&|c| c == Resource::Gold)
            })
            .collect()
    }
}

/// How "costly" a payment (`chosen`, by type) is: Gold spent first, then counters used as
/// something they are not.
fn payment_rank(needs: &[Resource], chosen: &Counts) -> (usize, usize) {
    let needed = counts(needs);
    let gold = usize::from(chosen[Resource::Gold.index()]);
    let exact: usize = Resource::ALL[..11]
        .iter()
        .map(|r| usize::from(needed[r.index()].min(chosen[r.index()])))
        .sum();
    (gold, needs.len() - exact)
}

/// Whether `spend` pays exactly for `needs` (one counter each) with these converts.
pub fn can_pay(needs: &[Resource], spend: &[Resource], converts: &[(Resource, Resource)]) -> bool {
    Payer::new(converts.iter().copied()).can_pay(needs, spend)
}

/// Every distinct way to pay `needs` from `tray` (each a sorted list of counters), the cheapest first:
/// exact counters before converts, converts before Gold.
pub fn payments(tray: &[Resource], needs: &[Resource], converts: &[(Resource, Resource)]) -> Vec<Vec<Resource>> {
    Payer::new(converts.iter().copied()).payments(&counts(tray), needs)
}

/// Whether `needs` can be paid from `tray` at all (without listing the ways to pay).
pub fn tray_can_pay(tray: &[Resource], needs: &[Resource], converts: &[(Resource, Resource)]) -> bool {
    Payer::new(converts.iter().copied()).tray_can_pay(&counts(tray), needs)
}

/// The resources of a cost that the tray cannot cover (empty when it can be paid). Exact counters
/// are used first, then converts, then Gold, as a player would.
pub fn shortfall(tray: &[Resource], needs: &[Resource], converts: &[(Resource, Resource)]) -> Vec<Resource> {
    Payer::new(converts.iter().copied()).shortfall(tray, needs)
}

const TURN: &str = "Turn sequence";
const DRAW: &str = "Draw phase";
const RECRUIT: &str = "Recruit phase";
const PAYING: &str = "Recruit phase: Gold is wild; converts as your Strongholds say";
const MAGICS: &str = "Mighty Magics";
const COASTAL: &str = "Coastal Towns";
const ATTACK: &str = "Attack phase";
const CASUALTIES: &str = "Attack phase: casualties equal to or greater than the opponent's total";
const SHORT_GAME: &str = "Optional attack rule";
const OVER: &str = "Victory conditions";

/// A "no" from `check`, worded only when read: `apply` reads it, while `legal`, which asks yes or
/// no of every candidate and hears many noes, never pays for the words.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Refusal {
    /// The reason and the rule, as they are.
    Said(&'static str, &'static str),
    /// The counters chosen do not pay for `card` (what `seat` lacks, if anything, is in the words).
    Unpaid { seat: Seat, card: CardId },
    /// The choice is not one the magic `card` offers.
    BadChoice { card: CardId, magic: Magic },
}

impl Refusal {
    /// The refusal as the players read it, with the rule it comes from.
    pub(crate) fn into_error(self, game: &MightyMagics) -> RuleError {
        match self {
            Refusal::Said(reason, rule) => RuleError::new(reason, rule),
            Refusal::Unpaid { seat, card } => {
                let missing = game.shortfall_for(seat, card);
                if missing.is_empty() {
                    RuleError::new("Those counters do not pay this cost (choose another payment).", RECRUIT)
                } else {
                    let missing: Vec<String> = missing.iter().map(|r| format!("{r:?}")).collect();
                    let reason = format!(
                        "You cannot pay for {}: missing {}.",
                        game.cards.get(card).name,
                        missing.join(", ")
                    );
                    RuleError::new(reason, PAYING)
                }
            }
            Refusal::BadChoice { card, magic } => RuleError::new(game.bad_target(card, magic), MAGICS),
        }
    }
}

fn refuse(reason: &'static str, rule: &'static str) -> Result<(), Refusal> {
    Err(Refusal::Said(reason, rule))
}

/// Yes when `ok`, else no for this reason.
fn require(ok: bool, reason: &'static str, rule: &'static str) -> Result<(), Refusal> {
    if ok { Ok(()) } else { refuse(reason, rule) }
}

impl MightyMagics {
    /// The seat that must decide now (None when the game is over).
    pub(crate) fn decider(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Over => None,
            Phase::Draw => Some(self.active),
            Phase::Recruit { holder } => Some(*holder),
            Phase::Attack(battle) => Some(match battle.stage {
                Stage::Declare | Stage::AttackerLosses => self.active,
                Stage::Defend | Stage::DefenderLosses => self.defender(battle).unwrap_or(self.active),
            }),
        }
    }

    /// The owner of the battle's target.
    pub(crate) fn defender(&self, battle: &Battle) -> Option<Seat> {
        battle.target.and_then(|t| self.controller(t)).map(|(seat, _)| seat)
    }

    /// Whether `action` is allowed now for the deciding seat, and if not, why and by which rule.
    /// The one place the rules say yes or no: `legal` lists the candidates this accepts, and
    /// `apply` refuses whatever this refuses.
    pub(crate) fn check(&self, action: &Action) -> Result<(), Refusal> {
        let Some(seat) = self.decider() else {
            return refuse("The game is over.", OVER);
        };
        match (&self.phase, action) {
            (Phase::Over, _) => refuse("The game is over.", OVER),
            (Phase::Draw, Action::Discard(card)) => {
                require(self.hand(seat).contains(card), "That card is not in your hand.", DRAW)
            }
            (Phase::Draw, Action::Refill) => Ok(()),
            (Phase::Draw, _) => refuse(
                "First the Draw phase: discard what you like, then fill your hand.",
                TURN,
            ),
            (Phase::Recruit { .. }, Action::Recruit { card, spend }) => {
                self.check_play(seat, *card, spend, None, &self.payer(seat))
            }
            (Phase::Recruit { .. }, Action::Cast { card, spend, choice }) => {
                self.check_play(seat, *card, spend, Some(*choice), &self.payer(seat))
            }
            (Phase::Recruit { .. }, Action::RedrawWater) => {
                require(
                    seat == self.active,
                    "Only the player whose turn it is redraws his own Water.",
                    COASTAL,
                )?;
                require(!self.water_redrawn, "Water was already redrawn this turn.", COASTAL)?;
                require(
                    self.has_ability(seat, Ability::RedrawWater),
                    "You need Coastal Towns to redraw Water.",
                    COASTAL,
                )?;
                require(
                    self.tray.contains(&Resource::Water),
                    "There is no Water counter to redraw.",
                    COASTAL,
                )
            }
            (Phase::Recruit { .. }, Action::Pass) => Ok(()),
            (Phase::Recruit { .. }, _) => refuse(
                "Now is the Recruit phase: recruit with the counters, or pass them on.",
                TURN,
            ),
            (Phase::Attack(battle), _) => self.check_battle(battle, action),
        }
    }

    /// A card played from `seat`'s hand: recruited (`choice` None) or cast with `choice`, paid
    /// with `spend` (listed in the tray's order) by `payer`.
    fn check_play(
        &self,
        seat: Seat,
        card: CardId,
        spend: &[Resource],
        choice: Option<Choice>,
        payer: &Payer,
    ) -> Result<(), Refusal> {
        self.check_payment(seat, card, spend, choice.is_some(), payer)?;
        match (choice, self.cards.get(card).kind) {
            (Some(choice), Kind::Magic(magic)) if !self.choice_ok(seat, card, magic, choice) => {
                Err(Refusal::BadChoice { card, magic })
            }
            _ => Ok(()),
        }
    }

    /// The first half of [`Self::check_play`]: the card is in the hand, played the way its kind
    /// is played (`cast`), and `spend` comes from the tray and pays its cost.
    fn check_payment(
        &self,
        seat: Seat,
        card: CardId,
        spend: &[Resource],
        cast: bool,
        payer: &Payer,
    ) -> Result<(), Refusal> {
        // Anything not in the hand is refused before the card is looked up (a malformed id too).
        require(
            self.hand(seat).contains(&card),
            "That card is not in your hand.",
            RECRUIT,
        )?;
        match (cast, self.cards.get(card).is_magic()) {
            (false, true) => return refuse("A Mighty Magic is played, not recruited.", MAGICS),
            (true, false) => return refuse("Strongholds and Hordes are recruited, not cast.", RECRUIT),
            _ => {}
        }
        let mut left = counts(&self.tray);
        let in_tray = spend.iter().all(|r| {
            let n = &mut left[r.index()];
            *n = n.wrapping_sub(1);
            *n != u8::MAX
        });
        require(in_tray, "Those counters are not in the tray.", RECRUIT)?;
        // One spelling per payment, so that the legal list holds each once.
        require(
            spend.is_sorted(),
            "List the counters of a payment in the tray's order.",
            RECRUIT,
        )?;
        if payer.can_pay(self.cards.cost_units_of(card), spend) {
            Ok(())
        } else {
            Err(Refusal::Unpaid { seat, card })
        }
    }

    /// Whether `choice` is one the magic `card` offers `seat` now.
    fn choice_ok(&self, seat: Seat, card: CardId, magic: Magic, choice: Choice) -> bool {
        let in_play = |c: CardId| self.controller(c).map(|(owner, _)| owner);
        match (magic, choice) {
            (Magic::Destroy { target, cost_has }, Choice::Card(c)) => {
                in_play(c).is_some() && self.fits(c, target, Some(cost_has))
            }
            (Magic::GainControl { target, cost_has }, Choice::Card(c)) => {
                in_play(c).is_some_and(|owner| owner != seat) && self.fits(c, target, cost_has)
            }
            (Magic::Attach { to, .. }, Choice::Card(c)) => in_play(c).is_some() && self.fits(c, to, None),
            (Magic::CardsOrResources { .. }, Choice::DrawCards | Choice::MoreResources) => true,
            (Magic::Curse { .. }, Choice::Opponent(s)) => s != seat && s.index() < self.seats(),
            (Magic::SummonHordeFromHand, Choice::Card(c)) => {
                c != card && self.hand(seat).contains(&c) && self.cards.get(c).is_horde()
            }
            // Rerolling needs counters left once the card is paid for.
            (Magic::RerollResources, Choice::Nothing) => self.tray.len() > self.cards.get(card).cost_total(),
            (
                Magic::LookAtDeck(_) | Magic::NewHand(_) | Magic::GainGold(_) | Magic::OpponentsDiscardHands,
                Choice::Nothing,
            ) => true,
            _ => false,
        }
    }

    /// The choices worth asking `check` about for a magic of `seat` (a superset of the legal ones).
    fn candidate_choices(&self, seat: Seat, magic: Magic) -> Vec<Choice> {
        match magic {
            Magic::Destroy { .. } | Magic::GainControl { .. } | Magic::Attach { .. } => {
                self.in_play().map(|(_, c)| Choice::Card(c)).collect()
            }
            Magic::SummonHordeFromHand => self.hand(seat).iter().map(|&c| Choice::Card(c)).collect(),
            Magic::CardsOrResources { .. } => vec![Choice::DrawCards, Choice::MoreResources],
            Magic::Curse { .. } => Seat::all(self.seats()).map(Choice::Opponent).collect(),
            Magic::LookAtDeck(_)
            | Magic::NewHand(_)
            | Magic::RerollResources
            | Magic::GainGold(_)
            | Magic::OpponentsDiscardHands => vec![Choice::Nothing],
        }
    }

    fn check_battle(&self, battle: &Battle, action: &Action) -> Result<(), Refusal> {
        match (battle.stage, action) {
            (Stage::Declare, Action::Target(card)) => {
                let opponents = self
                    .opponents_of_active()
                    .any(|kingdom| kingdom.strongholds.iter().any(|h| h.card == *card));
                require(opponents, "Pick an opponent's Stronghold as the target.", ATTACK)?;
                require(
                    battle.target != Some(*card),
                    "That Stronghold is already the target.",
                    ATTACK,
                )
            }
            (Stage::Declare, Action::Send(card)) => {
                require(
                    self.kingdom(self.active).hordes.iter().any(|h| h.card == *card),
                    "Only your own Hordes attack.",
                    "Attack phase: Strongholds only defend",
                )?;
                require(!battle.attackers.contains(card), "That Horde already attacks.", ATTACK)
            }
            (Stage::Declare, Action::Recall(card)) => {
                require(battle.attackers.contains(card), "That Horde is not attacking.", ATTACK)
            }
            (Stage::Declare, Action::Charge) => require(
                battle.target.is_some() && !battle.attackers.is_empty(),
                "Pick a target Stronghold and at least one attacking Horde first.",
                ATTACK,
            ),
            (Stage::Declare, Action::NoAttack) => Ok(()),
            (Stage::Declare, _) => refuse("Pick the target and your attackers, or do not attack.", ATTACK),
            (Stage::Defend, Action::Defend(card)) => {
                let own = self
                    .defender(battle)
                    .is_some_and(|d| self.kingdom(d).hordes.iter().any(|h| h.card == *card));
                require(own, "Only the defender's own Hordes defend.", ATTACK)?;
                require(!battle.defenders.contains(card), "That Horde already defends.", ATTACK)
            }
            (Stage::Defend, Action::Withdraw(card)) => {
                require(battle.defenders.contains(card), "That Horde is not defending.", ATTACK)
            }
            (Stage::Defend, Action::HoldFast) => Ok(()),
            (Stage::Defend, _) => refuse("The defender chooses his defending Hordes.", ATTACK),
            (Stage::AttackerLosses | Stage::DefenderLosses, Action::Lose(card)) => {
                let need = self.loss_rule(battle);
                require(
                    need.candidates.contains(card),
                    "Only cards that took part in this battle can be lost.",
                    ATTACK,
                )?;
                require(
                    !battle.marked.contains(card),
                    "That card is already among the casualties.",
                    ATTACK,
                )?;
                if need.may_mark(battle, *card) {
                    Ok(())
                } else if Some(*card) == need.stronghold && battle.marked_force() < need.threshold.unwrap_or(0) {
                    refuse("The defender loses his defending Hordes before his Stronghold.", ATTACK)
                } else if need.threshold.is_none() {
                    refuse("Each side loses exactly one participating Horde.", SHORT_GAME)
                } else {
                    refuse("Your casualties already reach the other side's total.", CASUALTIES)
                }
            }
            (Stage::AttackerLosses | Stage::DefenderLosses, Action::Spare(card)) => {
                require(
                    battle.marked.contains(card),
                    "That card is not among the casualties.",
                    ATTACK,
                )?;
                require(
                    self.loss_rule(battle).may_spare(battle, *card),
                    "Your Stronghold falls only after your Hordes: take the Stronghold back first.",
                    ATTACK,
                )
            }
            (Stage::AttackerLosses | Stage::DefenderLosses, Action::ConfirmLosses) => require(
                self.loss_rule(battle).complete(battle),
                "Your casualties do not yet reach the other side's total.",
                CASUALTIES,
            ),
            (Stage::AttackerLosses | Stage::DefenderLosses, _) => refuse("Choose your casualties.", ATTACK),
        }
    }

    /// Every action open to the deciding seat: the candidates of this moment that `check` accepts.
    pub(crate) fn legal(&self) -> Vec<Action> {
        let Some(seat) = self.decider() else {
            return Vec::new();
        };
        let mut candidates = Vec::new();
        match &self.phase {
            Phase::Over => {}
            Phase::Draw => {
                // Discards in card order, as the table lists the hand.
                candidates.reserve(self.hand(seat).len() + 1);
                candidates.extend(self.hand(seat).iter().copied().map(Action::Discard));
                candidates.sort();
                candidates.push(Action::Refill);
            }
            Phase::Recruit { .. } => {
                let mut plays = self.plays(seat);
                let ends = [Action::RedrawWater, Action::Pass];
                plays.extend(ends.into_iter().filter(|a| self.check(a).is_ok()));
                return plays;
            }
            Phase::Attack(battle) => self.battle_candidates(battle, &mut candidates),
        }
        candidates.retain(|a| self.check(a).is_ok());
        candidates
    }

    /// The cards `seat` may play from his hand now, in every way to pay (and each choice of a
    /// magic): the candidates `check_play` accepts, asked in its two halves, so that each payment
    /// is checked once for all the choices of a magic.
    fn plays(&self, seat: Seat) -> Vec<Action> {
        // Worked out once for the whole hand.
        let payer = self.payer(seat);
        let tray = counts(&self.tray);
        let mut plays = Vec::new();
        for &card in self.hand(seat) {
            let needs = self.cards.cost_units_of(card);
            // Most cards of a hand cannot be paid for: one matching says so before any payment
            // is listed.
            if !payer.tray_can_pay(&tray, needs) {
                continue;
            }
            let magic = match self.cards.get(card).kind {
                Kind::Magic(magic) => Some(magic),
                _ => None,
            };
            // A magic's choices do not depend on the payment.
            let choices: Vec<Choice> = magic.map_or_else(Vec::new, |magic| {
                let mut choices = self.candidate_choices(seat, magic);
                choices.retain(|&choice| self.choice_ok(seat, card, magic, choice));
                choices
            });
            if magic.is_some() && choices.is_empty() {
                continue;
            }
            for spend in payer.payments(&tray, needs) {
                if self.check_payment(seat, card, &spend, magic.is_some(), &payer).is_err() {
                    continue;
                }
                if magic.is_none() {
                    plays.push(Action::Recruit { card, spend });
                    continue;
                }
                plays.extend(choices.iter().map(|&choice| Action::Cast {
                    card,
                    spend: spend.clone(),
                    choice,
                }));
            }
        }
        plays
    }

    /// The battle's candidates, leaving out those `check` refuses at first sight (anything but
    /// an opponent's Stronghold as the target; of each Horde or casualty, the one of its two
    /// toggles that does not apply), with room made for them at once.
    fn battle_candidates(&self, battle: &Battle, out: &mut Vec<Action>) {
        match battle.stage {
            Stage::Declare => {
                let hordes = &self.kingdom(self.active).hordes;
                let targets: usize = self.opponents_of_active().map(|k| k.strongholds.len()).sum();
                out.reserve(targets + hordes.len() + 2);
                out.extend(
                    self.opponents_of_active()
                        .flat_map(|kingdom| &kingdom.strongholds)
                        .map(|h| Action::Target(h.card)),
                );
                for horde in hordes.iter().map(|h| h.card) {
                    out.push(if battle.attackers.contains(&horde) {
                        Action::Recall(horde)
                    } else {
                        Action::Send(horde)
                    });
                }
                out.extend([Action::Charge, Action::NoAttack]);
            }
            Stage::Defend => {
                if let Some(defender) = self.defender(battle) {
                    let hordes = &self.kingdom(defender).hordes;
                    out.reserve(hordes.len() + 1);
                    for horde in hordes.iter().map(|h| h.card) {
                        out.push(if battle.defenders.contains(&horde) {
                            Action::Withdraw(horde)
                        } else {
                            Action::Defend(horde)
                        });
                    }
                }
                out.push(Action::HoldFast);
            }
            Stage::AttackerLosses | Stage::DefenderLosses => {
                let candidates = self.loss_rule(battle).candidates;
                out.reserve(candidates.len() + 1);
                for card in candidates {
                    out.push(if battle.marked.contains(&card) {
                        Action::Spare(card)
                    } else {
                        Action::Lose(card)
                    });
                }
                out.push(Action::ConfirmLosses);
            }
        }
    }

    /// Whether `seat` could pay for any card of the game from the tray, with his own converts.
    /// Only the deck list, the tray and his Strongholds count, never his hand: passing over a
    /// player who could not (nothing for him to decide) tells no one what he holds. Asking the
    /// deck's least costs is enough (this runs for every player the leftovers reach).
    pub fn could_use_tray(&self, seat: Seat) -> bool {
        let payer = self.payer(seat);
        let tray = counts(&self.tray);
        self.cards
            .least_costs()
            .iter()
            .take_while(|needs| needs.len() <= self.tray.len())
            .any(|needs| payer.tray_can_pay(&tray, needs))
    }

    /// The ways `seat` can pay for `card` from the tray.
    pub fn payments_for(&self, seat: Seat, card: CardId) -> Vec<Vec<Resource>> {
        self.payer(seat)
            .payments(&counts(&self.tray), self.cards.cost_units_of(card))
    }

    /// What `seat` lacks to pay for `card` from the tray (empty: payable).
    pub fn shortfall_for(&self, seat: Seat, card: CardId) -> Vec<Resource> {
        self.payer(seat).shortfall(&self.tray, self.cards.cost_units_of(card))
    }

    /// Whether a card in play is of the kind a magic aims at, with a cost naming `cost_has`.
    fn fits(&self, card: CardId, target: TargetKind, cost_has: Option<Resource>) -> bool {
        let def = self.cards.get(card);
        let kind_ok = match target {
            TargetKind::Stronghold => def.is_stronghold(),
            TargetKind::Horde => def.is_horde(),
            TargetKind::AnyCard => true,
        };
        kind_ok && cost_has.is_none_or(|r| def.cost_has(r))
    }

    /// Cards in play, Strongholds then Hordes of each seat in seat order.
    fn in_play(&self) -> impl Iterator<Item = (Seat, CardId)> + '_ {
        self.kingdoms
            .iter()
            .enumerate()
            .flat_map(|(i, k)| k.holdings().map(move |h| (Seat(i as u8), h.card)))
    }

    /// The kingdoms of the active player's opponents, in seat order.
    fn opponents_of_active(&self) -> impl Iterator<Item = &Kingdom> + '_ {
        let active = self.active.index();
        self.kingdoms
            .iter()
            .enumerate()
            .filter(move |&(seat, _)| seat != active)
            .map(|(_, kingdom)| kingdom)
    }

    /// What the side choosing casualties now must lose.
    pub(crate) fn loss_rule(&self, battle: &Battle) -> LossRule {
        LossRule::for_side(battle, self.config.short_attacks)
    }

    /// What a magic needs, for a refusal.
    fn bad_target(&self, card: CardId, magic: Magic) -> String {
        let name = &self.cards.get(card).name;
        match magic {
            Magic::Destroy { target, cost_has } => {
                format!("{name} destroys {} with a {cost_has:?} cost.", kind_words(target))
            }
            Magic::GainControl { target, cost_has } => match cost_has {
                Some(r) => format!("{name} takes an opponent's {} with a {r:?} cost.", kind_words(target)),
                None => format!("{name} takes an opponent's {}.", kind_words(target)),
            },
            Magic::Attach { to, .. } => format!("{name} is attached to {} in play.", kind_words(to)),
            Magic::Curse { .. } => format!("{name} is laid on an opponent."),
            Magic::SummonHordeFromHand => format!("{name} brings a Horde from your hand into play."),
            Magic::CardsOrResources { .. } => format!("{name}: choose cards or resource rolls."),
            Magic::RerollResources => format!("{name} needs counters left to reroll once it is paid for."),
            _ => format!("{name} needs no target."),
        }
    }
}
fn kind_words(kind: TargetKind) -> &'static str {
    match kind {
        TargetKind::Stronghold => "a Stronghold",
        TargetKind::Horde => "a Horde",
        TargetKind::AnyCard => "a Stronghold or Horde",
    }
}

/// What a side must lose: cards whose Force reaches `threshold` (picked one at a time, no more
/// once it is reached, the Stronghold last), or, under the short-game rule, one Horde.
pub(crate) struct LossRule {
    pub candidates: Vec<CardId>,
    pub stronghold: Option<CardId>,
    pub threshold: Option<u32>,
}

impl LossRule {
    /// What the side choosing casualties in `battle`'s stage must lose: a pure function of the
    /// battle, so the defender's preview (`View::defence_outlook`) asks the same rule.
    pub(crate) fn for_side(battle: &Battle, short_attacks: bool) -> LossRule {
        let attacker = battle.stage == Stage::AttackerLosses;
        let hordes = if attacker {
            battle.attackers.clone()
        } else {
            battle.defenders.clone()
        };
        if short_attacks {
            // With no defending Hordes, no attacking Horde is lost either.
            let no_defence = battle.defenders.is_empty();
            return LossRule {
                candidates: if no_defence { Vec::new() } else { hordes },
                stronghold: None,
                threshold: None,
            };
        }
        LossRule {
            candidates: hordes
                .into_iter()
                .chain(if attacker { None } else { battle.target })
                .collect(),
            stronghold: if attacker { None } else { battle.target },
            threshold: Some(if attacker {
                battle.defence_total
            } else {
                battle.attack_total
            }),
        }
    }

    fn hordes_all_marked(&self, battle: &Battle) -> bool {
        self.candidates
            .iter()
            .filter(|&&c| Some(c) != self.stronghold)
            .all(|c| battle.marked.contains(c))
    }

    pub fn may_mark(&self, battle: &Battle, card: CardId) -> bool {
        match self.threshold {
            None => battle.marked.is_empty(),
            Some(t) => battle.marked_force() < t && (Some(card) != self.stronghold || self.hordes_all_marked(battle)),
        }
    }

    pub fn may_spare(&self, battle: &Battle, card: CardId) -> bool {
        // A Horde goes back only while the Stronghold is not marked (it falls last).
        Some(card) == self.stronghold || self.stronghold.is_none_or(|s| !battle.marked.contains(&s))
    }

    pub fn complete(&self, battle: &Battle) -> bool {
        match self.threshold {
            None => battle.marked.len() == 1 || self.candidates.is_empty(),
            Some(t) => battle.marked_force() >= t || self.candidates.iter().all(|c| battle.marked.contains(c)),
        }
    }

    /// The casualties when there is nothing to choose: everything must go, or nothing can.
    pub fn forced(&self, battle: &Battle) -> Option<Vec<CardId>> {
        match self.threshold {
            None => (self.candidates.len() <= 1).then(|| self.candidates.clone()),
            Some(t) => {
                let hordes: Vec<CardId> = self
                    .candidates
                    .iter()
                    .copied()
                    .filter(|&c| Some(c) != self.stronghold)
                    .collect();
                let sum: u32 = hordes.iter().map(|&c| battle.force_of(c)).sum();
                let smallest = hordes.iter().map(|&c| battle.force_of(c)).min().unwrap_or(0);
                // Every Horde is needed when leaving out even the weakest falls short.
                if sum.saturating_sub(smallest) >= t {
                    return None;
                }
                let mut all = hordes;
                if sum < t {
                    all.extend(self.stronghold);
                }
                Some(all)
            }
        }
    }
}
