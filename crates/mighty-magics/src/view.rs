//! What one seat may see: every kingdom and the tray are public; a hand only to its owner; the
//! deck only by its size (and, to whoever cast Divination, the cards it showed).

use std::sync::Arc;

use serde::Serialize;
use spellhall_core::{Seat, ToAct};

use crate::content::{Cards, Resource};
use crate::legal::{LossRule, shortfall};
use crate::state::{Battle, Bonus, Boosts, Holding, Phase, Stage, WINNING_FORCE};
use crate::{CardId, MightyMagics};

/// A Stronghold or Horde in play as the table shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InPlayView {
    pub card: CardId,
    /// Force now (a defending Horde's Pallisade bonus shows in `defending_force`).
    pub force: u32,
    pub defending_force: u32,
    pub bonuses: Vec<Bonus>,
    pub attached: Vec<CardId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KingdomView {
    pub seat: Seat,
    pub strongholds: Vec<InPlayView>,
    pub hordes: Vec<InPlayView>,
    pub stronghold_force: u32,
    pub hand_size: usize,
    pub hand_limit: usize,
    /// Counters a Curse leaves this seat next turn.
    pub cursed: Option<u8>,
}

/// A card in the viewer's hand and whether the counters in the tray pay for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandCard {
    pub card: CardId,
    /// What the tray lacks for it now (empty: payable, or the viewer does not hold the tray).
    pub missing: Vec<Resource>,
}

#[derive(Clone, Debug)]
pub struct View {
    pub cards: Arc<Cards>,
    pub viewer: Seat,
    pub to_act: ToAct,
    pub active: Seat,
    pub turn: u32,
    pub phase: Phase,
    /// Every kingdom, in seat order (public: shared by all seats' views).
    pub kingdoms: Arc<Vec<KingdomView>>,
    pub hand: Vec<HandCard>,
    pub tray: Vec<Resource>,
    /// Who holds the counters, in the Recruit phase.
    pub holder: Option<Seat>,
    /// Counters left in the pile, by [`Resource::index`].
    pub pile: [u8; 12],
    pub deck_size: usize,
    pub discard_size: usize,
    pub discard_top: Option<CardId>,
    /// The viewer's converts, for the payment panel.
    pub converts: Vec<(Resource, Resource)>,
    /// Coastal Towns' Water redraw has been used this turn.
    pub water_redrawn: bool,
    /// Cards Divination showed the viewer that are still in the deck, top first.
    pub foresight: Vec<CardId>,
    pub battle: Option<Battle>,
    /// In a battle: the attack and defence totals, counted so far while the sides are being chosen
    /// (the Stronghold and the Hordes picked), fixed once the defenders are set.
    pub battle_totals: Option<(u32, u32)>,
    pub winner: Option<Seat>,
    pub short_attacks: bool,
    /// The Force of Strongholds that wins when a turn begins with it.
    pub winning_force: u32,
    /// In a battle: the Force of the casualties marked so far (`Battle::marked_force`).
    pub marked_force: Option<u32>,
}

/// What one side of a battle must lose, as the casualty rule will ask it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Losses {
    /// The Force its casualties must reach; `None` under the short-game rule (one Horde).
    pub force: Option<u32>,
    /// The cards lost whatever the side picks (all of them when none can be spared).
    pub certain: Vec<CardId>,
    /// Their Force in this battle, together.
    pub certain_force: u32,
    /// The cards the side picks its casualties from when it has a choice; empty when it has none.
    pub choose_from: Vec<CardId>,
}

/// What the defender holding fast with some Hordes leads to: the totals and each side's losses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DefenceOutlook {
    pub attack: u32,
    pub defence: u32,
    pub attacker: Losses,
    pub defender: Losses,
    /// Under the short-game rule, the attack takes the Stronghold.
    pub captured: bool,
}

impl View {
    pub fn kingdom(&self, seat: Seat) -> &KingdomView {
        &self.kingdoms[seat.index()]
    }

    /// A card in play as the table shows it.
    fn in_play(&self, card: CardId) -> Option<&InPlayView> {
        self.kingdoms
            .iter()
            .flat_map(|k| k.strongholds.iter().chain(&k.hordes))
            .find(|item| item.card == card)
    }

    /// While the defender chooses: what holding fast with `defenders` would cost each side, by
    /// the same casualty rule the battle then applies. `None` outside that choice.
    pub fn defence_outlook(&self, defenders: &[CardId]) -> Option<DefenceOutlook> {
        let mut battle = self.battle.clone().filter(|b| b.stage == Stage::Defend)?;
        let target = battle.target?;
        let force = |card: CardId, defending: bool| {
            self.in_play(card)
                .map_or(0, |item| if defending { item.defending_force } else { item.force })
        };
        battle.defenders = defenders.to_vec();
        battle.forces = battle.attackers.iter().map(|&h| (h, force(h, false))).collect();
        battle.forces.extend(defenders.iter().map(|&h| (h, force(h, true))));
        battle.forces.push((target, force(target, false)));
        battle.attack_total = battle.attackers.iter().map(|&h| force(h, false)).sum();
        battle.defence_total = force(target, false) + defenders.iter().map(|&h| force(h, true)).sum::<u32>();
        let mut losses = |stage: Stage| {
            battle.stage = stage;
            let rule = LossRule::for_side(&battle, self.short_attacks);
            match rule.forced(&battle) {
                Some(certain) => Losses {
                    force: rule.threshold,
                    certain_force: certain.iter().map(|&c| battle.force_of(c)).sum(),
                    certain,
                    choose_from: Vec::new(),
                },
                None => Losses {
                    force: rule.threshold,
                    certain: Vec::new(),
                    certain_force: 0,
                    // The Stronghold falls only when every Horde is lost, so it is no choice.
                    choose_from: rule
                        .candidates
                        .into_iter()
                        .filter(|&c| Some(c) != rule.stronghold)
                        .collect(),
                },
            }
        };
        let attacker = losses(Stage::AttackerLosses);
        let defender = losses(Stage::DefenderLosses);
        Some(DefenceOutlook {
            attack: battle.attack_total,
            defence: battle.defence_total,
            attacker,
            defender,
            captured: self.short_attacks && battle.attack_total > battle.defence_total,
        })
    }

    /// Whether the viewer must decide now.
    pub fn deciding(&self) -> bool {
        self.to_act == ToAct::Seat(self.viewer)
    }
}

impl MightyMagics {
    fn in_play_view(&self, boosts: &Boosts, holding: &Holding) -> InPlayView {
        let (force, bonuses) = self.force_with(boosts, holding, false);
        let defending_extra: u32 = if self.cards.get(holding.card).is_horde() {
            boosts.defending.iter().map(|&(n, _)| u32::from(n)).sum()
        } else {
            0
        };
        InPlayView {
            card: holding.card,
            force,
            defending_force: force + defending_extra,
            bonuses,
            attached: holding.attached.clone(),
        }
    }

    fn kingdom_views(&self) -> Vec<KingdomView> {
        Seat::all(self.seats())
            .map(|seat| {
                let kingdom = self.kingdom(seat);
                let boosts = self.boosts(seat);
                let strongholds: Vec<InPlayView> = kingdom
                    .strongholds
                    .iter()
                    .map(|h| self.in_play_view(&boosts, h))
                    .collect();
                KingdomView {
                    seat,
                    // What `stronghold_force` counts, from the Forces just worked out.
                    stronghold_force: strongholds.iter().map(|s| s.force).sum(),
                    strongholds,
                    hordes: kingdom.hordes.iter().map(|h| self.in_play_view(&boosts, h)).collect(),
                    hand_size: self.hand(seat).len(),
                    hand_limit: self.hand_limit(seat),
                    cursed: self.curse_on(seat),
                }
            })
            .collect()
    }

    fn battle_totals(&self, battle: &Battle) -> (u32, u32) {
        if matches!(battle.stage, Stage::AttackerLosses | Stage::DefenderLosses) {
            return (battle.attack_total, battle.defence_total);
        }
        let attack = battle.attackers.iter().map(|&h| self.force(h, false).0).sum();
        let defence = battle.target.map_or(0, |t| self.force(t, false).0)
            + battle.defenders.iter().map(|&h| self.force(h, true).0).sum::<u32>();
        (attack, defence)
    }

    pub(crate) fn view_for(&self, viewer: Seat, to_act: ToAct) -> View {
        let holder = match self.phase {
            Phase::Recruit { holder } => Some(holder),
            _ => None,
        };
        let kingdoms = Arc::clone(self.table.get_or_init(|| Arc::new(self.kingdom_views())));
        let converts = self.converts(viewer);
        let hand = self
            .hand(viewer)
            .iter()
            .map(|&card| HandCard {
                card,
                missing: if holder == Some(viewer) {
                    shortfall(&self.tray, &self.cards.get(card).cost_units(), &converts)
                } else {
                    Vec::new()
                },
            })
            .collect();
        View {
            cards: Arc::clone(&self.cards),
            viewer,
            to_act,
            active: self.active,
            turn: self.turn,
            phase: self.phase.clone(),
            kingdoms,
            hand,
            tray: self.tray.clone(),
            holder,
            pile: self.pile,
            deck_size: self.deck.len(),
            discard_size: self.discard.len(),
            discard_top: self.discard.top().copied(),
            converts,
            water_redrawn: self.water_redrawn,
            foresight: self.foresight(viewer),
            battle: self.battle().cloned(),
            battle_totals: self.battle().map(|b| self.battle_totals(b)),
            winner: self.finish.as_ref().map(|f| f.winner),
            short_attacks: self.config.short_attacks,
            winning_force: WINNING_FORCE,
            marked_force: self.battle().map(Battle::marked_force),
        }
    }
}
