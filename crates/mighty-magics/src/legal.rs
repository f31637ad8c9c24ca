//! What may be done now: the one list that both the table and `apply` use.

use spellhall_core::{RuleError, Seat};

use crate::content::{Ability, Kind, Magic, Resource, TargetKind};
use crate::state::{Battle, Phase, Stage};
use crate::{Action, CardId, Choice, MightyMagics};

/// Whether one counter may pay for one resource of a cost, for a player with these converts.
fn pays(counter: Resource, need: Resource, converts: &[(Resource, Resource)]) -> bool {
    counter == need
        || counter == Resource::Gold
        || converts
            .iter()
            .any(|&(from, into)| from == counter && (into == need || into == Resource::Gold))
}

/// Whether `spend` pays exactly for `needs` (one counter each), trying every assignment.
pub fn can_pay(needs: &[Resource], spend: &[Resource], converts: &[(Resource, Resource)]) -> bool {
    let mut counts = [0u8; 12];
    for r in spend {
        counts[r.index()] += 1;
    }
    needs.len() == spend.len() && assign(needs, &mut counts, converts)
}

/// Match each need to one of the counters left (by type), backtracking; no allocation, as this runs
/// for every candidate payment of every card whenever the legal actions are listed.
fn assign(needs: &[Resource], left: &mut [u8; 12], converts: &[(Resource, Resource)]) -> bool {
    let Some((&need, rest)) = needs.split_first() else {
        return true;
    };
    for counter in Resource::ALL {
        let t = counter.index();
        if left[t] == 0 || !pays(counter, need, converts) {
            continue;
        }
        left[t] -= 1;
        let done = assign(rest, left, converts);
        left[t] += 1;
        if done {
            return true;
        }
    }
    false
}

/// How "costly" a payment is: Gold spent first, then counters used as something they are not.
fn payment_rank(needs: &[Resource], spend: &[Resource]) -> (usize, usize) {
    let gold = spend.iter().filter(|&&r| r == Resource::Gold).count();
    let exact: usize = Resource::ALL[..11]
        .iter()
        .map(|r| {
            let need = needs.iter().filter(|&n| n == r).count();
            let have = spend.iter().filter(|&s| s == r).count();
            need.min(have)
        })
        .sum();
    (gold, needs.len() - exact)
}

/// Every distinct way to pay `needs` from `tray` (each a sorted list of counters), the cheapest first:
/// exact counters before converts, converts before Gold.
pub fn payments(tray: &[Resource], needs: &[Resource], converts: &[(Resource, Resource)]) -> Vec<Vec<Resource>> {
    struct Search<'a> {
        needs: &'a [Resource],
        converts: &'a [(Resource, Resource)],
        tray: [u8; 12],
        chosen: [u8; 12],
        out: Vec<Vec<Resource>>,
    }
    impl Search<'_> {
        fn choose(&mut self, from_type: usize, left: usize) {
            if left == 0 {
                let mut counts = self.chosen;
                if assign(self.needs, &mut counts, self.converts) {
                    let spend = Resource::ALL
                        .iter()
                        .flat_map(|&r| std::iter::repeat_n(r, usize::from(self.chosen[r.index()])))
                        .collect();
                    self.out.push(spend);
                }
                return;
            }
            for t in from_type..12 {
                if self.tray[t] > self.chosen[t] {
                    self.chosen[t] += 1;
                    self.choose(t, left - 1);
                    self.chosen[t] -= 1;
                }
            }
        }
    }
    if needs.len() > tray.len() {
        return Vec::new();
    }
    let mut search = Search {
        needs,
        converts,
        tray: [0; 12],
        chosen: [0; 12],
        out: Vec::new(),
    };
    for r in tray {
        search.tray[r.index()] += 1;
    }
    // Only counter types that can pay for something in the cost are worth choosing.
    for counter in Resource::ALL {
        if !needs.iter().any(|&n| pays(counter, n, converts)) {
            search.tray[counter.index()] = 0;
        }
    }
    search.choose(0, needs.len());
    let mut all = search.out;
    all.sort_by_cached_key(|spend| (payment_rank(needs, spend), spend.clone()));
    all
}

/// The resources of a cost that the tray cannot cover (empty when it can be paid). Exact counters
/// are used first, then converts, then Gold, as a player would.
pub fn shortfall(tray: &[Resource], needs: &[Resource], converts: &[(Resource, Resource)]) -> Vec<Resource> {
    if !payments(tray, needs, converts).is_empty() {
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
            !take(&|c| c != Resource::Gold && c != need && pays(c, need, converts)) && !take(&|c| c == Resource::Gold)
        })
        .collect()
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

    pub(crate) fn legal(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        match &self.phase {
            Phase::Over => {}
            Phase::Draw => {
                let mut hand = self.hand(self.active).to_vec();
                hand.sort();
                actions.extend(hand.into_iter().map(Action::Discard));
                actions.push(Action::Refill);
            }
            Phase::Recruit { holder } => {
                let converts = self.converts(*holder);
                for &card in self.hand(*holder) {
                    self.plays_of(*holder, card, &converts, &mut actions);
                }
                if self.can_redraw_water(*holder) {
                    actions.push(Action::RedrawWater);
                }
                actions.push(Action::Pass);
            }
            Phase::Attack(battle) => self.battle_actions(battle, &mut actions),
        }
        actions
    }

    /// Whether `action` is in [`Self::legal`], without building the whole list for a recruit (the
    /// list holds every payment of every card, and `apply` asks this for every action).
    pub(crate) fn permits(&self, action: &Action) -> bool {
        let Phase::Recruit { holder } = &self.phase else {
            return self.legal().contains(action);
        };
        let (card, spend) = match action {
            Action::Recruit { card, spend } | Action::Cast { card, spend, .. } => (card, spend),
            Action::Pass => return true,
            Action::RedrawWater => return self.can_redraw_water(*holder),
            _ => return false,
        };
        // Anything not in the hand is refused before the card is looked up (a malformed id too).
        if !self.hand(*holder).contains(card) {
            return false;
        }
        let def = self.cards.get(*card);
        let mut sorted = spend.clone();
        sorted.sort();
        let in_tray = Resource::ALL
            .iter()
            .all(|r| sorted.iter().filter(|&s| s == r).count() <= self.tray_count(*r));
        let kind_ok = match (action, def.kind) {
            (Action::Recruit { .. }, Kind::Stronghold { .. } | Kind::Horde { .. }) => true,
            (Action::Cast { choice, .. }, Kind::Magic(magic)) => {
                self.magic_choices(*holder, *card, magic).contains(choice)
            }
            _ => false,
        };
        sorted == *spend
            && in_tray
            && kind_ok
            && self.hand(*holder).contains(card)
            && can_pay(&def.cost_units(), spend, &self.converts(*holder))
    }

    /// Whether `seat` may use Coastal Towns now.
    pub(crate) fn can_redraw_water(&self, seat: Seat) -> bool {
        seat == self.active
            && !self.water_redrawn
            && self.tray.contains(&Resource::Water)
            && self.has_ability(seat, Ability::RedrawWater)
    }

    /// The ways `seat` can pay for `card` from the tray.
    pub fn payments_for(&self, seat: Seat, card: CardId) -> Vec<Vec<Resource>> {
        payments(&self.tray, &self.cards.get(card).cost_units(), &self.converts(seat))
    }

    /// What `seat` lacks to pay for `card` from the tray (empty: payable).
    pub fn shortfall_for(&self, seat: Seat, card: CardId) -> Vec<Resource> {
        shortfall(&self.tray, &self.cards.get(card).cost_units(), &self.converts(seat))
    }

    fn plays_of(&self, seat: Seat, card: CardId, converts: &[(Resource, Resource)], actions: &mut Vec<Action>) {
        let def = self.cards.get(card);
        let spends = payments(&self.tray, &def.cost_units(), converts);
        if spends.is_empty() {
            return;
        }
        match def.kind {
            Kind::Stronghold { .. } | Kind::Horde { .. } => {
                actions.extend(spends.into_iter().map(|spend| Action::Recruit { card, spend }));
            }
            Kind::Magic(magic) => {
                let choices = self.magic_choices(seat, card, magic);
                for spend in spends {
                    for &choice in &choices {
                        actions.push(Action::Cast {
                            card,
                            spend: spend.clone(),
                            choice,
                        });
                    }
                }
            }
        }
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

    /// The choices a magic offers `seat` now (empty: it cannot be played, having no target).
    pub(crate) fn magic_choices(&self, seat: Seat, card: CardId, magic: Magic) -> Vec<Choice> {
        match magic {
            Magic::Destroy { target, cost_has } => self
                .in_play()
                .filter(|&(_, c)| self.fits(c, target, Some(cost_has)))
                .map(|(_, c)| Choice::Card(c))
                .collect(),
            Magic::GainControl { target, cost_has } => self
                .in_play()
                .filter(|&(owner, c)| owner != seat && self.fits(c, target, cost_has))
                .map(|(_, c)| Choice::Card(c))
                .collect(),
            Magic::Attach { to, .. } => self
                .in_play()
                .filter(|&(_, c)| self.fits(c, to, None))
                .map(|(_, c)| Choice::Card(c))
                .collect(),
            Magic::CardsOrResources { .. } => vec![Choice::DrawCards, Choice::MoreResources],
            Magic::Curse { .. } => Seat::all(self.seats())
                .filter(|&s| s != seat)
                .map(Choice::Opponent)
                .collect(),
            Magic::SummonHordeFromHand => self
                .hand(seat)
                .iter()
                .filter(|&&c| c != card && self.cards.get(c).is_horde())
                .map(|&c| Choice::Card(c))
                .collect(),
            // Rerolling needs counters left once the card is paid for.
            Magic::RerollResources if self.tray.len() <= self.cards.get(card).cost_total() => Vec::new(),
            Magic::LookAtDeck(_)
            | Magic::NewHand(_)
            | Magic::RerollResources
            | Magic::GainGold(_)
            | Magic::OpponentsDiscardHands => vec![Choice::Nothing],
        }
    }

    fn battle_actions(&self, battle: &Battle, actions: &mut Vec<Action>) {
        match battle.stage {
            Stage::Declare => {
                for (seat, card) in self.in_play() {
                    if seat != self.active && self.cards.get(card).is_stronghold() && battle.target != Some(card) {
                        actions.push(Action::Target(card));
                    }
                }
                for horde in self.kingdom(self.active).hordes.iter().map(|h| h.card) {
                    if battle.attackers.contains(&horde) {
                        actions.push(Action::Recall(horde));
                    } else {
                        actions.push(Action::Send(horde));
                    }
                }
                if battle.target.is_some() && !battle.attackers.is_empty() {
                    actions.push(Action::Charge);
                }
                actions.push(Action::NoAttack);
            }
            Stage::Defend => {
                let Some(defender) = self.defender(battle) else {
                    return;
                };
                for horde in self.kingdom(defender).hordes.iter().map(|h| h.card) {
                    if battle.defenders.contains(&horde) {
                        actions.push(Action::Withdraw(horde));
                    } else {
                        actions.push(Action::Defend(horde));
                    }
                }
                actions.push(Action::HoldFast);
            }
            Stage::AttackerLosses | Stage::DefenderLosses => {
                let need = self.loss_rule(battle);
                for &card in &need.candidates {
                    if battle.marked.contains(&card) {
                        if need.may_spare(battle, card) {
                            actions.push(Action::Spare(card));
                        }
                    } else if need.may_mark(battle, card) {
                        actions.push(Action::Lose(card));
                    }
                }
                if need.complete(battle) {
                    actions.push(Action::ConfirmLosses);
                }
            }
        }
    }

    /// What the side choosing casualties now must lose.
    pub(crate) fn loss_rule(&self, battle: &Battle) -> LossRule {
        let attacker = battle.stage == Stage::AttackerLosses;
        let hordes = if attacker {
            battle.attackers.clone()
        } else {
            battle.defenders.clone()
        };
        if self.config.short_attacks {
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

    /// Why an action is not legal now, in words.
    pub(crate) fn refusal(&self, action: &Action) -> RuleError {
        let reason = |reason: &str, rule: &str| RuleError::new(reason, rule);
        let Some(seat) = self.decider() else {
            return reason("The game is over.", "Victory conditions");
        };
        let in_hand = |card: &CardId| self.hand(seat).contains(card);
        match (&self.phase, action) {
            (Phase::Draw, Action::Discard(_)) => reason("That card is not in your hand.", "Draw phase"),
            (Phase::Draw, _) => reason(
                "First the Draw phase: discard what you like, then fill your hand.",
                "Turn sequence",
            ),
            (Phase::Recruit { .. }, Action::Recruit { card, .. } | Action::Cast { card, .. }) if !in_hand(card) => {
                reason("That card is not in your hand.", "Recruit phase")
            }
            (Phase::Recruit { .. }, Action::Recruit { card, .. }) if self.cards.get(*card).is_magic() => {
                reason("A Mighty Magic is played, not recruited.", "Mighty Magics")
            }
            (Phase::Recruit { .. }, Action::Cast { card, .. }) if !self.cards.get(*card).is_magic() => {
                reason("Strongholds and Hordes are recruited, not cast.", "Recruit phase")
            }
            (Phase::Recruit { .. }, Action::Recruit { card, spend } | Action::Cast { card, spend, .. })
                if !can_pay(&self.cards.get(*card).cost_units(), spend, &self.converts(seat)) =>
            {
                let missing = self.shortfall_for(seat, *card);
                if missing.is_empty() {
                    reason(
                        "Those counters do not pay this cost (choose another payment).",
                        "Recruit phase",
                    )
                } else {
                    reason(
                        &format!(
                            "You cannot pay for {}: missing {}.",
                            self.cards.get(*card).name,
                            missing.iter().map(|r| format!("{r:?}")).collect::<Vec<_>>().join(", ")
                        ),
                        "Recruit phase: Gold is wild; converts as your Strongholds say",
                    )
                }
            }
            (Phase::Recruit { .. }, Action::Recruit { .. }) => {
                reason("Those counters are not in the tray.", "Recruit phase")
            }
            (Phase::Recruit { .. }, Action::Cast { card, choice, .. }) => match self.cards.get(*card).kind {
                Kind::Magic(magic) if !self.magic_choices(seat, *card, magic).contains(choice) => {
                    reason(&self.bad_target(seat, *card, magic), "Mighty Magics")
                }
                _ => reason("Those counters are not in the tray.", "Recruit phase"),
            },
            (Phase::Recruit { .. }, Action::RedrawWater) => {
                if seat != self.active {
                    reason(
                        "Only the player whose turn it is redraws his own Water.",
                        "Coastal Towns",
                    )
                } else if self.water_redrawn {
                    reason("Water was already redrawn this turn.", "Coastal Towns")
                } else if !self.has_ability(seat, Ability::RedrawWater) {
                    reason("You need Coastal Towns to redraw Water.", "Coastal Towns")
                } else {
                    reason("There is no Water counter to redraw.", "Coastal Towns")
                }
            }
            (Phase::Recruit { .. }, _) => reason(
                "Now is the Recruit phase: recruit with the counters, or pass them on.",
                "Turn sequence",
            ),
            (Phase::Attack(battle), _) => self.battle_refusal(battle, action),
            (Phase::Over, _) => reason("The game is over.", "Victory conditions"),
        }
    }

    fn bad_target(&self, seat: Seat, card: CardId, magic: Magic) -> String {
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
            _ => {
                let _ = seat;
                format!("{name} needs no target.")
            }
        }
    }

    fn battle_refusal(&self, battle: &Battle, action: &Action) -> RuleError {
        let reason = |reason: &str, rule: &str| RuleError::new(reason, rule);
        match (battle.stage, action) {
            (Stage::Declare, Action::Target(_)) => {
                reason("Pick an opponent's Stronghold as the target.", "Attack phase")
            }
            (Stage::Declare, Action::Send(_) | Action::Recall(_)) => {
                reason("Only your own Hordes attack.", "Attack phase: Strongholds only defend")
            }
            (Stage::Declare, Action::Charge) => reason(
                "Pick a target Stronghold and at least one attacking Horde first.",
                "Attack phase",
            ),
            (Stage::Declare, _) => reason("Pick the target and your attackers, or do not attack.", "Attack phase"),
            (Stage::Defend, Action::Defend(_) | Action::Withdraw(_)) => {
                reason("Only the defender's own Hordes defend.", "Attack phase")
            }
            (Stage::Defend, _) => reason("The defender chooses his defending Hordes.", "Attack phase"),
            (_, Action::Lose(card)) => {
                let need = self.loss_rule(battle);
                if !need.candidates.contains(card) {
                    reason("Only cards that took part in this battle can be lost.", "Attack phase")
                } else if Some(*card) == need.stronghold {
                    reason(
                        "The defender loses his defending Hordes before his Stronghold.",
                        "Attack phase",
                    )
                } else if need.threshold.is_none() {
                    reason(
                        "Each side loses exactly one participating Horde.",
                        "Optional attack rule",
                    )
                } else {
                    reason(
                        "Your casualties already reach the other side's total.",
                        "Attack phase: casualties equal to or greater than the opponent's total",
                    )
                }
            }
            (_, Action::ConfirmLosses) => reason(
                "Your casualties do not yet reach the other side's total.",
                "Attack phase: casualties equal to or greater than the opponent's total",
            ),
            _ => reason("Choose your casualties.", "Attack phase"),
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
