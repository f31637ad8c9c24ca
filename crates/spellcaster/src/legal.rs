//! What may be done now. `apply` refuses exactly what is not listed here, with the reason.

use spellhall_core::Seat;

use crate::{Action, Answer, Colour, Effect, SpellOption, Spellcaster};

const RULE_ACTIONS: &str = "Spellcaster: On your turn";

impl Spellcaster {
    /// The actions open to the Mage in `to_act`, in a fixed order.
    pub(crate) fn legal(&self) -> Vec<Action> {
        if self.finish.is_some() {
            return Vec::new();
        }
        if let Some(pending) = &self.pending {
            let mut answers: Vec<Action> = self.hands[pending.rival.index()]
                .iter()
                .map(|&card| Action::Answer(Answer::Discard(card)))
                .collect();
            answers.sort();
            answers.push(Action::Answer(Answer::LetDraw));
            return answers;
        }
        let seat = self.turn_seat();
        let mut legal = Vec::new();
        if self.actions_left > 0 {
            if !self.deck.is_empty() {
                legal.push(Action::Draw);
            }
            let mut hand = self.hands[seat.index()].clone();
            hand.sort();
            legal.extend(hand.into_iter().map(Action::Play));
            for colour in Colour::ALL {
                if let Ok(options) = self.cast_options(seat, colour) {
                    legal.extend(options.into_iter().map(|option| Action::Activate { colour, option }));
                }
            }
        }
        if legal.is_empty() {
            legal.push(Action::EndTurn);
        }
        legal
    }

    /// The ways `seat` may activate the top card of `colour` now, or why it may not.
    pub(crate) fn cast_options(&self, seat: Seat, colour: Colour) -> Result<Vec<Option<SpellOption>>, String> {
        let Some(top) = self.top(colour) else {
            return Err(format!("The {colour:?} placard has no card."));
        };
        let spell = self.spells.get(top.card);
        if top.facing != self.side_of(seat) {
            return Err(format!("{} on {colour:?} faces your rival, not you.", spell.name));
        }
        if self.activated.contains(&top.card) {
            return Err(format!("{} has already been cast this turn.", spell.name));
        }
        if let Some(problem) = self.unpaid_cost(seat, top.card) {
            return Err(problem);
        }
        if let Some(targeted) = spell.effects.iter().find(|e| e.needs_target()) {
            let targets: Vec<Option<SpellOption>> = Colour::ALL
                .into_iter()
                .filter(|&other| other != colour)
                .filter(|&other| match self.top(other) {
                    None => false,
                    Some(placed) => *targeted != Effect::TakeControlOfPlacard || placed.facing != self.side_of(seat),
                })
                .map(|other| Some(SpellOption::Target(other)))
                .collect();
            if targets.is_empty() {
                return Err(format!("{} needs another placard to act on.", spell.name));
            }
            return Ok(targets);
        }
        if spell
            .effects
            .iter()
            .any(|e| matches!(e, Effect::EachMageGainsOrLosesCards(_)))
        {
            return Ok(vec![Some(SpellOption::Gain), Some(SpellOption::Lose)]);
        }
        Ok(vec![None])
    }

    /// Why `seat` cannot pay the cost of `card` (Sapphires to pay, cards to lose), if it cannot.
    pub(crate) fn unpaid_cost(&self, seat: Seat, card: crate::CardId) -> Option<String> {
        let spell = self.spells.get(card);
        let mine = self.pool(self.side_of(seat));
        let hand = self.hands[seat.index()].len();
        spell.effects.iter().find_map(|effect| match *effect {
            Effect::PaySapphires(n) if mine.sapphires < u32::from(n) => Some(format!(
                "{} costs {n} Sapphire(s); you have {}.",
                spell.name, mine.sapphires
            )),
            Effect::DiscardRandom(n) if hand < usize::from(n) => Some(format!(
                "{} costs {n} card(s) from your hand; you hold {hand}.",
                spell.name
            )),
            _ => None,
        })
    }

    /// Why `action` is not legal now (it is not in `legal()`), in words, with its rule.
    pub(crate) fn refusal(&self, action: &Action) -> (String, &'static str) {
        if self.finish.is_some() {
            return ("The game is over.".into(), "Spellcaster: Winning");
        }
        if let Some(pending) = &self.pending {
            return match action {
                Action::Answer(Answer::Discard(_)) => ("That card is not in your hand.".into(), RULE_ACTIONS),
                _ => (
                    format!(
                        "First Seat {} must answer: discard a card or let the caster draw.",
                        pending.rival.0 + 1
                    ),
                    RULE_ACTIONS,
                ),
            };
        }
        let seat = self.turn_seat();
        match action {
            Action::Answer(_) => ("Nobody has asked you to answer anything.".into(), RULE_ACTIONS),
            Action::Draw => ("The deck is empty: there is nothing to draw.".into(), RULE_ACTIONS),
            Action::Play(_) => ("That card is not in your hand.".into(), RULE_ACTIONS),
            Action::Activate { colour, option } => match self.cast_options(seat, *colour) {
                Err(reason) => (reason, RULE_ACTIONS),
                Ok(options) if options == vec![None] => ("This spell asks for no choice.".into(), RULE_ACTIONS),
                Ok(_) => (
                    format!("{option:?} is not a choice this spell allows now."),
                    RULE_ACTIONS,
                ),
            },
            Action::EndTurn => (
                format!("You still have {} action(s) to take.", self.actions_left),
                RULE_ACTIONS,
            ),
        }
    }
}
