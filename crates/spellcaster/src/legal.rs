//! What may be done now. `check` is the one place the rules say yes or no (with the reason and the
//! rule); `legal` lists every candidate action that `check` accepts, so the choices the app offers
//! and what `apply` accepts can never disagree.

use spellhall_core::{RuleError, Seat, plural};

use crate::{Action, Answer, CardId, Colour, Effect, SpellOption, Spellcaster};

const RULE_ACTIONS: &str = "Spellcaster: On your turn";
const RULE_WINNING: &str = "Spellcaster: Winning";

/// Why an action is refused, kept small so that `legal` can try every candidate without writing
/// a sentence for each one it turns down; `explain` writes the sentence when a player needs it.
#[derive(Clone, Copy, Debug)]
enum No {
    GameOver,
    MustAnswer(Seat),
    NotInHand,
    NotAsked,
    DeckEmpty,
    ActionsUsed,
    ActionsLeft(u8),
    EmptyPlacard(Colour),
    FacesRival(CardId, Colour),
    AlreadyCast(CardId),
    Sapphires { card: CardId, cost: u8, have: u32 },
    Cards { card: CardId, cost: u8, have: usize },
    TargetMissing(CardId),
    OwnPlacard(CardId),
    AlreadyYours(Colour),
    GainOrLose(CardId),
    ChoiceNotAsked,
}

impl Spellcaster {
    /// Whether `action` is allowed now, and if not, why (with the rule).
    pub fn check(&self, action: &Action) -> Result<(), RuleError> {
        self.verdict(action).map_err(|no| self.explain(no))
    }

    /// The actions open to the Mage in `to_act`: every candidate `check` accepts, in a fixed order.
    pub(crate) fn legal(&self) -> Vec<Action> {
        let mut legal = self.candidates();
        legal.retain(|action| self.verdict(action).is_ok());
        legal
    }

    /// Every action that could be open now, before the rules are asked.
    fn candidates(&self) -> Vec<Action> {
        if self.finish.is_some() {
            return Vec::new();
        }
        if let Some(pending) = &self.pending {
            let hand = &self.hands[pending.rival.index()];
            let mut answers: Vec<Action> = Vec::with_capacity(hand.len() + 1);
            answers.extend(hand.iter().map(|&c| Action::Answer(Answer::Discard(c))));
            // In card order; a hand never holds a card twice.
            answers.sort_unstable_by_key(played_card);
            answers.push(Action::Answer(Answer::LetDraw));
            return answers;
        }
        let seat = self.turn_seat();
        let hand = &self.hands[seat.index()];
        // Draw, the hand, at most three targets on each of four placards, and passing.
        let mut all = Vec::with_capacity(hand.len() + 14);
        all.push(Action::Draw);
        all.extend(hand.iter().map(|&c| Action::Play(c)));
        all[1..].sort_unstable_by_key(played_card);
        for colour in Colour::ALL {
            // Only the top card of a placard facing the Mage can be cast, with the kind of choice
            // its spell asks for (`check` still decides; this only spares it hopeless candidates).
            let Some(top) = self.top(colour).filter(|top| top.facing == self.side_of(seat)) else {
                continue;
            };
            match self.asks(top.card) {
                Ask::Target(_) => all.extend((Colour::ALL.into_iter()).filter(|&other| other != colour).map(|other| {
                    Action::Activate {
                        colour,
                        option: Some(SpellOption::Target(other)),
                    }
                })),
                Ask::GainOrLose => all.extend([SpellOption::Gain, SpellOption::Lose].map(|option| Action::Activate {
                    colour,
                    option: Some(option),
                })),
                Ask::Nothing => all.push(Action::Activate { colour, option: None }),
            }
        }
        all.push(Action::EndTurn);
        all
    }

    /// The one choice the spell on `card` asks of its caster (checked at load: at most one).
    fn asks(&self, card: CardId) -> Ask<'_> {
        let effects = &self.spells.get(card).effects;
        if let Some(targeted) = effects.iter().find(|e| e.needs_target()) {
            Ask::Target(targeted)
        } else if effects
            .iter()
            .any(|e| matches!(e, Effect::EachMageGainsOrLosesCards(_)))
        {
            Ask::GainOrLose
        } else {
            Ask::Nothing
        }
    }

    fn verdict(&self, action: &Action) -> Result<(), No> {
        if self.finish.is_some() {
            return Err(No::GameOver);
        }
        if let Some(pending) = &self.pending {
            return match action {
                Action::Answer(Answer::LetDraw) => Ok(()),
                Action::Answer(Answer::Discard(card)) if self.hands[pending.rival.index()].contains(card) => Ok(()),
                Action::Answer(Answer::Discard(_)) => Err(No::NotInHand),
                _ => Err(No::MustAnswer(pending.rival)),
            };
        }
        let seat = self.turn_seat();
        match action {
            Action::Answer(_) => Err(No::NotAsked),
            // Passing is allowed only when nothing else is.
            Action::EndTurn if self.may_act(seat) => Err(No::ActionsLeft(self.actions_left)),
            Action::EndTurn => Ok(()),
            _ if self.actions_left == 0 => Err(No::ActionsUsed),
            Action::Draw if self.deck.is_empty() => Err(No::DeckEmpty),
            Action::Draw => Ok(()),
            Action::Play(card) if self.hands[seat.index()].contains(card) => Ok(()),
            Action::Play(_) => Err(No::NotInHand),
            Action::Activate { colour, option } => self.cast_verdict(seat, *colour, option.as_ref()),
        }
    }

    /// Whether `seat` has any action besides passing.
    fn may_act(&self, seat: Seat) -> bool {
        self.actions_left > 0
            && (!self.deck.is_empty()
                || !self.hands[seat.index()].is_empty()
                || self.candidates().iter().any(|action| {
                    matches!(action, Action::Activate { colour, option } if self.cast_verdict(seat, *colour, option.as_ref()).is_ok())
                }))
    }

    /// Whether `seat` may cast the top card of `colour` now with `option`.
    fn cast_verdict(&self, seat: Seat, colour: Colour, option: Option<&SpellOption>) -> Result<(), No> {
        let Some(top) = self.top(colour) else {
            return Err(No::EmptyPlacard(colour));
        };
        if top.facing != self.side_of(seat) {
            return Err(No::FacesRival(top.card, colour));
        }
        if self.activated.contains(&top.card) {
            return Err(No::AlreadyCast(top.card));
        }
        self.cost_verdict(seat, top.card)?;
        match (self.asks(top.card), option) {
            (Ask::Target(_), Some(&SpellOption::Target(other))) if other == colour => Err(No::OwnPlacard(top.card)),
            (Ask::Target(targeted), Some(&SpellOption::Target(other))) => match self.top(other) {
                None => Err(No::EmptyPlacard(other)),
                // Taking control of a placard already facing you would change nothing.
                Some(placed) if *targeted == Effect::TakeControlOfPlacard && placed.facing == self.side_of(seat) => {
                    Err(No::AlreadyYours(other))
                }
                Some(_) => Ok(()),
            },
            (Ask::Target(_), _) => Err(No::TargetMissing(top.card)),
            (Ask::GainOrLose, Some(SpellOption::Gain | SpellOption::Lose)) => Ok(()),
            (Ask::GainOrLose, _) => Err(No::GainOrLose(top.card)),
            (Ask::Nothing, None) => Ok(()),
            (Ask::Nothing, Some(_)) => Err(No::ChoiceNotAsked),
        }
    }

    /// Whether `seat` can pay the cost of `card` (Sapphires to pay, cards to lose).
    fn cost_verdict(&self, seat: Seat, card: CardId) -> Result<(), No> {
        let mine = self.pool(self.side_of(seat));
        let hand = self.hands[seat.index()].len();
        for effect in &self.spells.get(card).effects {
            match *effect {
                Effect::PaySapphires(cost) if mine.sapphires < u32::from(cost) => {
                    return Err(No::Sapphires {
                        card,
                        cost,
                        have: mine.sapphires,
                    });
                }
                Effect::DiscardRandom(cost) if hand < usize::from(cost) => {
                    return Err(No::Cards { card, cost, have: hand });
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Whether `seat` can pay the cost of `card` now (an Active Spell that cannot does not go off).
    pub(crate) fn can_pay(&self, seat: Seat, card: CardId) -> bool {
        self.cost_verdict(seat, card).is_ok()
    }

    fn explain(&self, no: No) -> RuleError {
        let name = |card: CardId| &self.spells.get(card).name;
        let reason = match no {
            No::GameOver => return RuleError::new("The game is over.", RULE_WINNING),
            No::MustAnswer(rival) => format!(
                "First Seat {} must answer: discard a card or let the caster draw.",
                rival.0 + 1
            ),
            No::NotInHand => "That card is not in your hand.".into(),
            No::NotAsked => "Nobody has asked you to answer anything.".into(),
            No::DeckEmpty => "The deck is empty: there is nothing to draw.".into(),
            No::ActionsUsed => "You have no actions left this turn.".into(),
            No::ActionsLeft(n) => format!("You still have {} to take.", plural(n, "action", "actions")),
            No::EmptyPlacard(colour) => format!("The {colour:?} placard has no card."),
            No::FacesRival(card, colour) => format!("{} on {colour:?} faces your rival, not you.", name(card)),
            No::AlreadyCast(card) => format!("{} has already been cast this turn.", name(card)),
            No::Sapphires { card, cost, have } => format!(
                "{} costs {}; you have {have}.",
                name(card),
                plural(cost, "Sapphire", "Sapphires")
            ),
            No::Cards { card, cost, have } => format!(
                "{} costs {} from your hand; you hold {have}.",
                name(card),
                plural(cost, "card", "cards")
            ),
            No::TargetMissing(card) => format!("{} needs another placard to act on.", name(card)),
            No::OwnPlacard(card) => format!("{} acts on another placard, not its own.", name(card)),
            No::AlreadyYours(colour) => format!("The {colour:?} placard already faces you."),
            No::GainOrLose(card) => format!("{}: choose whether each Mage gains or loses cards.", name(card)),
            No::ChoiceNotAsked => "This spell asks for no choice.".into(),
        };
        RuleError::new(reason, RULE_ACTIONS)
    }
}

/// The card a Play or Discard candidate names, to offer a hand's cards in card order.
fn played_card(action: &Action) -> Option<CardId> {
    match action {
        Action::Play(card) | Action::Answer(Answer::Discard(card)) => Some(*card),
        _ => None,
    }
}

/// The kind of choice a spell asks of its caster.
enum Ask<'a> {
    /// Another placard, for the effect given.
    Target(&'a Effect),
    /// Whether each Mage gains or loses cards.
    GainOrLose,
    Nothing,
}
