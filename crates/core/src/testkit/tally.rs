//! Tally: a tiny card game that exists only to exercise the kernel and the app shell in tests.
//! It is not a game we offer: the title screen lists it only when the app is started with
//! `--dev-games`.
//!
//! A deck holds the values 1 to 5, `copies` of each. On your turn you either draw the top card
//! into your hidden hand (at most 3 cards in hand) or bank a card from your hand: you roll a die
//! and score the card's value, doubled on a 6. With the deck empty and your hand empty you pass.
//! The game ends when the deck and every hand are empty; the highest score wins.

use serde::{Deserialize, Serialize};

use crate::{
    Determinise, Game, GameEvent, GameRng, Outcome, Pile, Redeal, Reveal, RuleError, Seat, SetupError, Status, ToAct,
};

const HAND_LIMIT: usize = 3;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TallyConfig {
    pub players: u8,
    /// Copies of each value 1..=5 in the deck.
    pub copies: u8,
}

impl Default for TallyConfig {
    fn default() -> Self {
        Self { players: 2, copies: 4 }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TallyAction {
    Draw,
    Bank(u8),
    Pass,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TallyEvent {
    Drew {
        seat: Seat,
        card: u8,
    },
    Banked {
        seat: Seat,
        card: u8,
        roll: u8,
        points: u32,
    },
    Passed {
        seat: Seat,
    },
    Ended {
        winners: Vec<Seat>,
    },
}

/// What one seat sees: its own hand, everyone else's hand size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TallyView {
    pub seat: Seat,
    pub hand: Vec<u8>,
    pub hand_sizes: Vec<usize>,
    pub deck_size: usize,
    pub scores: Vec<u32>,
    pub to_act: ToAct,
    /// Copies of each value in the game (the setup, public).
    pub copies: u8,
}

#[derive(Clone, Debug, Serialize)]
pub struct Tally {
    rng: GameRng,
    copies: u8,
    deck: Pile<u8>,
    hands: Vec<Vec<u8>>,
    banked: Vec<Vec<u8>>,
    scores: Vec<u32>,
    turn: Seat,
    turns: u32,
    over: bool,
}

impl Tally {
    fn seats(&self) -> usize {
        self.hands.len()
    }

    fn finish_turn(&mut self, events: &mut Vec<TallyEvent>) {
        if self.deck.is_empty() && self.hands.iter().all(Vec::is_empty) {
            self.over = true;
            let winners = self.outcome().map(|o| o.winners).unwrap_or_default();
            events.push(TallyEvent::Ended { winners });
        } else {
            self.turn = self.turn.left(1, self.seats());
            self.turns += 1;
        }
    }
}

impl Game for Tally {
    const ID: &'static str = "tally";
    const NAME: &'static str = "Tally (test game)";
    const PLAYER_COUNTS: &'static [u8] = &[2, 3, 4];
    type Config = TallyConfig;
    type Content = ();
    type Action = TallyAction;
    type Event = TallyEvent;
    type View = TallyView;

    fn new_with_events(config: &TallyConfig, _content: &(), seed: u64) -> Result<(Self, Vec<TallyEvent>), SetupError> {
        SetupError::unless_player_count::<Self>(usize::from(config.players), "players")?;
        let mut rng = GameRng::new(seed);
        let mut cards: Vec<u8> = (1..=5)
            .flat_map(|v| std::iter::repeat_n(v, usize::from(config.copies)))
            .collect();
        rng.shuffle(&mut cards);
        let seats = usize::from(config.players);
        Ok((
            Self {
                rng,
                copies: config.copies,
                deck: Pile::from_top_down(cards),
                hands: vec![Vec::new(); seats],
                banked: vec![Vec::new(); seats],
                scores: vec![0; seats],
                turn: Seat(0),
                turns: 1,
                over: false,
            },
            Vec::new(),
        ))
    }

    fn seat_count(&self) -> usize {
        self.seats()
    }

    fn to_act(&self) -> ToAct {
        if self.over {
            ToAct::GameOver
        } else {
            ToAct::Seat(self.turn)
        }
    }

    fn legal_actions(&self) -> Vec<TallyAction> {
        if self.over {
            return Vec::new();
        }
        let hand = &self.hands[self.turn.index()];
        let mut legal = Vec::new();
        if !self.deck.is_empty() && hand.len() < HAND_LIMIT {
            legal.push(TallyAction::Draw);
        }
        let mut values = hand.clone();
        values.sort_unstable();
        values.dedup();
        legal.extend(values.into_iter().map(TallyAction::Bank));
        if legal.is_empty() {
            legal.push(TallyAction::Pass);
        }
        legal
    }

    fn apply(&mut self, action: &TallyAction) -> Result<Vec<TallyEvent>, RuleError> {
        if self.over {
            return Err(RuleError::new("The game is over.", "Tally: end"));
        }
        let seat = self.turn;
        let mut events = Vec::new();
        match *action {
            TallyAction::Draw => {
                if self.hands[seat.index()].len() >= HAND_LIMIT {
                    return Err(RuleError::new(
                        format!("Your hand is full ({HAND_LIMIT} cards): bank a card first."),
                        "Tally: hand limit",
                    ));
                }
                let card = self
                    .deck
                    .draw()
                    .ok_or_else(|| RuleError::new("The deck is empty.", "Tally: draw"))?;
                self.hands[seat.index()].push(card);
                events.push(TallyEvent::Drew { seat, card });
            }
            TallyAction::Bank(card) => {
                let hand = &mut self.hands[seat.index()];
                let at = hand
                    .iter()
                    .position(|&c| c == card)
                    .ok_or_else(|| RuleError::new(format!("You hold no {card} to bank."), "Tally: bank"))?;
                hand.remove(at);
                let roll = self.rng.d6();
                let points = u32::from(card) * if roll == 6 { 2 } else { 1 };
                self.banked[seat.index()].push(card);
                self.scores[seat.index()] += points;
                events.push(TallyEvent::Banked {
                    seat,
                    card,
                    roll,
                    points,
                });
            }
            TallyAction::Pass => {
                if !self.deck.is_empty() || !self.hands[seat.index()].is_empty() {
                    return Err(RuleError::new(
                        "You may pass only when the deck and your hand are empty.",
                        "Tally: pass",
                    ));
                }
                events.push(TallyEvent::Passed { seat });
            }
        }
        self.finish_turn(&mut events);
        Ok(events)
    }

    fn view(&self, seat: Seat) -> TallyView {
        TallyView {
            seat,
            hand: self.hands.get(seat.index()).cloned().unwrap_or_default(),
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            deck_size: self.deck.len(),
            scores: self.scores.clone(),
            to_act: self.to_act(),
            copies: self.copies,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        let best = self.scores.iter().copied().max().unwrap_or(0);
        let winners: Vec<Seat> = Seat::all(self.seats())
            .filter(|s| self.scores[s.index()] == best)
            .collect();
        Some(Outcome {
            winners,
            scores: self.scores.iter().map(|&s| i64::from(s)).collect(),
            score_name: "Points".into(),
            reason: format!("The deck ran out; the best score was {best}."),
            figures: Vec::new(),
        })
    }

    fn status(&self) -> Status {
        Status {
            turn: self.turns,
            turn_label: format!("Turn {}", self.turns),
            phase: if self.over {
                "Game over".into()
            } else {
                format!("{} cards left in the deck", self.deck.len())
            },
        }
    }

    fn describe_action(&self, action: &TallyAction) -> String {
        match action {
            TallyAction::Draw => "Draw a card".into(),
            TallyAction::Bank(card) => format!("Bank a {card}"),
            TallyAction::Pass => "Pass".into(),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        for value in 1..=5u8 {
            let count = self.deck.iter_top_down().filter(|&&c| c == value).count()
                + self.hands.iter().flatten().filter(|&&c| c == value).count()
                + self.banked.iter().flatten().filter(|&&c| c == value).count();
            if count != usize::from(self.copies) {
                return Err(format!(
                    "{count} cards of value {value} exist, {} expected",
                    self.copies
                ));
            }
        }
        if self.hands.iter().any(|h| h.len() > HAND_LIMIT) {
            return Err("a hand is over the limit".into());
        }
        Ok(())
    }
}

/// The other hands and the deck are hidden: shuffled together and dealt back in the same sizes.
impl Redeal for Tally {
    fn redeal_hidden_from(&mut self, seat: Seat, rng: &mut GameRng) {
        crate::redeal_other_hands(&mut self.hands, seat.index(), &mut self.deck, rng);
    }
}

/// The cards the view does not show (other hands, the deck, the banked cards, whose values only
/// the scores hint at) are drawn at random from those the viewer has not seen.
impl Determinise for Tally {
    fn sample_from_view(view: &TallyView, _content: &(), rng: &mut GameRng) -> Self {
        let seats = view.hand_sizes.len();
        let copies = view.copies;
        let mut unseen: Vec<u8> = (1..=5u8)
            .flat_map(|v| std::iter::repeat_n(v, usize::from(copies)))
            .collect();
        for card in &view.hand {
            if let Some(at) = unseen.iter().position(|c| c == card) {
                unseen.remove(at);
            }
        }
        rng.shuffle(&mut unseen);
        let mut hands = vec![Vec::new(); seats];
        for (index, hand) in hands.iter_mut().enumerate() {
            *hand = if index == view.seat.index() {
                view.hand.clone()
            } else {
                unseen.split_off(unseen.len() - view.hand_sizes[index])
            };
        }
        let deck = unseen.split_off(unseen.len() - view.deck_size);
        let mut banked = vec![Vec::new(); seats];
        banked[view.seat.index()] = unseen;
        Self {
            rng: GameRng::new(rng.next_u64()),
            copies,
            deck: Pile::from_top_down(deck),
            hands,
            banked,
            scores: view.scores.clone(),
            turn: view.to_act.seat().unwrap_or(view.seat),
            turns: 0,
            over: view.to_act == ToAct::GameOver,
        }
    }
}

impl GameEvent for TallyEvent {
    fn reveal(&self) -> Reveal {
        match self {
            TallyEvent::Drew { seat, .. } => Reveal::ToSeats(vec![*seat]),
            TallyEvent::Banked { .. } => Reveal::ToAll,
            TallyEvent::Passed { .. } | TallyEvent::Ended { .. } => Reveal::Nothing,
        }
    }

    fn describe(&self, viewer: Option<Seat>, names: &[String]) -> Option<String> {
        let name = |seat: &Seat| names.get(seat.index()).cloned().unwrap_or_else(|| seat.to_string());
        Some(match self {
            TallyEvent::Drew { seat, card } if viewer == Some(*seat) => {
                format!("You drew a {card}.")
            }
            TallyEvent::Drew { seat, .. } => format!("{} drew a card.", name(seat)),
            TallyEvent::Banked {
                seat,
                card,
                roll,
                points,
            } => {
                format!("{} banked a {card} and rolled {roll}: {points} points.", name(seat))
            }
            TallyEvent::Passed { seat } => format!("{} passed.", name(seat)),
            TallyEvent::Ended { winners } if winners.is_empty() => "The game ended in a draw.".into(),
            TallyEvent::Ended { winners } => {
                let names: Vec<String> = winners.iter().map(name).collect();
                format!("The game is over: {} won.", names.join(" and "))
            }
        })
    }
}
