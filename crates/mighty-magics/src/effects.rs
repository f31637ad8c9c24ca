//! What the Mighty Magics do, and every card's note in words for the table.

use spellhall_core::{Seat, plural};

use crate::content::{Ability, CardDef, Kind, Magic, Resource, TargetKind};
use crate::event::{CounterSource, Event};
use crate::state::Holding;
use crate::{CardId, Choice, MightyMagics};

type Events = Vec<Event>;

fn kind_name(kind: TargetKind) -> &'static str {
    match kind {
        TargetKind::Stronghold => "Stronghold",
        TargetKind::Horde => "Horde",
        TargetKind::AnyCard => "card",
    }
}

/// A card's note in our words, from its structured ability or effect.
pub fn card_text(def: &CardDef) -> String {
    match def.kind {
        Kind::Stronghold { ability, .. } => match ability {
            Ability::Convert {
                from,
                into: Resource::Gold,
            } => format!("{from:?} counts as Gold (wild) for you."),
            Ability::Convert { from, into } => format!("You may spend {from:?} as {into:?}."),
            Ability::KindBonus(kind) => format!("Your Hordes with a {kind:?} cost get Force +1."),
            Ability::HandSize(n) => format!("Your hand size is {} more.", n),
            Ability::RedrawWater => "Once a turn you may redraw the Water counters you drew.".into(),
            Ability::DefendingHordes(n) => format!("Your defending Hordes get Force +{n}."),
            Ability::ExtraResources(n) => format!(
                "Draw {} in your Resource phase.",
                plural(n, "more counter", "more counters")
            ),
        },
        Kind::Horde { .. } => "Attacks and defends.".into(),
        Kind::Magic(magic) => match magic {
            Magic::Destroy { target, cost_has } => {
                format!("Destroy a {} with a {cost_has:?} cost.", kind_name(target))
            }
            Magic::GainControl { target, cost_has: None } => {
                format!("Take control of an opponent's {}.", kind_name(target))
            }
            Magic::GainControl {
                target,
                cost_has: Some(r),
            } => format!("Take control of an opponent's {} with a {r:?} cost.", kind_name(target)),
            Magic::LookAtDeck(n) => format!("Look at the next {} of the deck.", plural(n, "card", "cards")),
            Magic::Attach { to, force } => format!("Attach to a {}: it gets Force +{force}.", kind_name(to)),
            Magic::NewHand(n) => format!("Discard your hand and draw {}.", plural(n, "card", "cards")),
            Magic::RerollResources => "Reroll the counters you hold.".into(),
            Magic::GainGold(n) => format!("Gain {n} Gold."),
            Magic::CardsOrResources { cards, resources } => {
                format!(
                    "Draw {}, or draw {}.",
                    plural(cards, "card", "cards"),
                    plural(resources, "more counter", "more counters")
                )
            }
            Magic::Curse { rolls } => format!(
                "An opponent draws only {} next turn.",
                plural(rolls, "counter", "counters")
            ),
            Magic::OpponentsDiscardHands => "Every opponent discards his hand.".into(),
            Magic::SummonHordeFromHand => "Put a Horde from your hand into play for free.".into(),
        },
    }
}

impl MightyMagics {
    pub(crate) fn resolve_magic(
        &mut self,
        seat: Seat,
        card: CardId,
        magic: Magic,
        choice: Choice,
        events: &mut Events,
    ) {
        let mut attached = false;
        match (magic, choice) {
            (Magic::Destroy { .. }, Choice::Card(target)) => self.destroy(target, events),
            (Magic::GainControl { .. }, Choice::Card(target)) => {
                if let Some(from) = self.take_control(target, seat) {
                    events.push(Event::ControlTaken {
                        from,
                        to: seat,
                        card: self.name(target),
                    });
                }
            }
            (Magic::Attach { .. }, Choice::Card(target)) => {
                if let Some(holding) = self
                    .kingdoms
                    .iter_mut()
                    .flat_map(|k| k.strongholds.iter_mut().chain(k.hordes.iter_mut()))
                    .find(|h| h.card == target)
                {
                    holding.attached.push(card);
                    attached = true;
                    events.push(Event::Attached {
                        magic: self.name(card),
                        to: self.name(target),
                    });
                }
            }
            (Magic::LookAtDeck(n), _) => {
                let seen: Vec<CardId> = self.deck.peek_top(usize::from(n)).copied().collect();
                events.push(Event::Looked {
                    seat,
                    cards: seen.iter().map(|&c| self.name(c)).collect(),
                });
                self.foresight[seat.index()] = seen;
            }
            (Magic::NewHand(n), _) => {
                self.discard_hand(seat, false, events);
                self.draw_cards(seat, usize::from(n), events);
            }
            (Magic::RerollResources, _) => {
                let old = std::mem::take(&mut self.tray);
                for r in &old {
                    self.pile[r.index()] += 1;
                }
                let count = old.len();
                events.push(Event::Returned { counters: old });
                self.draw_counters(seat, count, CounterSource::Reroll, events);
            }
            (Magic::GainGold(n), _) => {
                let gold = usize::from(n).min(usize::from(self.pile[Resource::Gold.index()]));
                self.pile[Resource::Gold.index()] -= gold as u8;
                self.tray.extend(std::iter::repeat_n(Resource::Gold, gold));
                self.tray.sort();
                events.push(Event::Counters {
                    seat,
                    counters: vec![Resource::Gold; gold],
                    source: CounterSource::Alchemy,
                });
            }
            (Magic::CardsOrResources { cards, .. }, Choice::DrawCards) => {
                self.draw_cards(seat, usize::from(cards), events);
            }
            (Magic::CardsOrResources { resources, .. }, _) => {
                self.draw_counters(seat, usize::from(resources), CounterSource::Prosperity, events);
            }
            (Magic::Curse { rolls }, Choice::Opponent(target)) => {
                self.cursed[target.index()] = Some(rolls);
                events.push(Event::Cursed { seat: target, rolls });
            }
            (Magic::OpponentsDiscardHands, _) => {
                for other in Seat::all(self.seats()).filter(|&s| s != seat) {
                    self.discard_hand(other, true, events);
                }
            }
            (Magic::SummonHordeFromHand, Choice::Card(horde)) => {
                self.hands[seat.index()].retain(|&c| c != horde);
                self.kingdoms[seat.index()].hordes.push(Holding {
                    card: horde,
                    attached: Vec::new(),
                });
                events.push(Event::Summoned {
                    seat,
                    card: self.name(horde),
                });
            }
            // `legal` pairs every magic with the choices it takes; nothing else reaches here.
            _ => {}
        }
        if !attached {
            self.discard.put_top(card);
        }
    }
}
