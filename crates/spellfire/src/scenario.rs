//! `TestGame`: a game laid out card by card for scenario tests, benchmarks and screenshots
//! (feature `scenario`; the app never builds games this way). Cards are named as printed — the
//! first card of that name in catalogue order, 1st Edition first — or by reference (`"3rd/44"`).
//!
//! ```ignore
//! let game = TestGame::new(2)
//!     .hand(0, ["Waterdeep"])
//!     .formation(1, [realm(A, "Cormyr"), realm(B, "Sembia").razed()])
//!     .pool(1, [("Elminster the Mage", &["Sword of Justice"][..])])
//!     .phase(Phase::Realms)
//!     .build();
//! ```

use std::sync::{Arc, OnceLock};

use spellhall_core::{GameRng, Seat};

use crate::catalogue::cards::{Attribute, CardRef};
use crate::effects::Effect;
use crate::formation::{Position, Slot};
use crate::state::{CardId, CardInfo, Champion, Config, Content, InLimbo, Phase, Rules, Spellfire};

/// The shipped content, loaded once per test process.
pub fn shipped_content() -> Arc<Content> {
    static CONTENT: OnceLock<Arc<Content>> = OnceLock::new();
    Arc::clone(CONTENT.get_or_init(|| Arc::new(Content::shipped().expect("the shipped content loads"))))
}

/// A realm for [`TestGame::formation`].
#[derive(Clone, Debug)]
pub struct RealmSetup {
    at: Position,
    realm: String,
    razed: bool,
    holding: Option<String>,
}

/// The realm `name` at position `at` (0 = A), face up and without a holding.
pub fn realm(at: u8, name: &str) -> RealmSetup {
    RealmSetup {
        at: Position(at),
        realm: name.into(),
        razed: false,
        holding: None,
    }
}

impl RealmSetup {
    pub fn razed(mut self) -> Self {
        self.razed = true;
        self
    }

    pub fn holding(mut self, name: &str) -> Self {
        self.holding = Some(name.into());
        self
    }
}

#[derive(Clone, Debug, Default)]
struct SeatSetup {
    hand: Vec<String>,
    formation: Vec<RealmSetup>,
    pool: Vec<(String, Vec<String>)>,
    draw: Vec<String>,
    discard: Vec<String>,
    /// Cards in Limbo: each with its attachments and the position a realm left.
    limbo: Vec<(String, Vec<String>, Option<Position>)>,
    abyss: Vec<String>,
    /// Champions kept as allies: (keeper in the pool, kept champion).
    kept: Vec<(String, String)>,
    turns: Option<u32>,
    mulligans: u8,
}

/// A game laid out for a test.
#[derive(Clone, Debug)]
pub struct TestGame {
    seats: Vec<SeatSetup>,
    format: String,
    rules: Rules,
    active: Seat,
    phase: Phase,
    rule_card: Option<(Seat, String)>,
    /// Cards under the named ones in every draw pile, so that draws find something.
    filler: usize,
    /// Conqueror's Game tokens: (razer, owner, position of the razed realm).
    markers: Vec<(u8, u8, u8)>,
    seed: u64,
    /// Content other than the shipped one (a test's own cards beside the shipped sets).
    content: Option<Arc<Content>>,
}

/// A 1st Edition ally with no special power: harmless in any draw pile.
const FILLER: &str = "The Iron Legion";

impl TestGame {
    /// `seats` players with empty hands and formations, ten filler cards in each draw pile, the
    /// 55-card format and the checklist's default rules; seat 0 in phase 2 of turn 1.
    pub fn new(seats: usize) -> Self {
        Self {
            seats: vec![SeatSetup::default(); seats],
            format: "55".into(),
            rules: Rules::default(),
            active: Seat(0),
            phase: Phase::Realms,
            rule_card: None,
            filler: 10,
            markers: Vec::new(),
            seed: 1,
            content: None,
        }
    }

    /// Lay the game out from `content` instead of the shipped content: a rule test's own cards,
    /// loaded beside the shipped sets, where no printed card shows the rule.
    pub fn content(mut self, content: Arc<Content>) -> Self {
        self.content = Some(content);
        self
    }

    pub fn format(mut self, id: &str) -> Self {
        self.format = id.into();
        self
    }

    pub fn rules(mut self, change: impl FnOnce(&mut Rules)) -> Self {
        change(&mut self.rules);
        self
    }

    pub fn active(mut self, seat: u8) -> Self {
        self.active = Seat(seat);
        self
    }

    pub fn phase(mut self, phase: Phase) -> Self {
        self.phase = phase;
        self
    }

    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Filler cards under the named draw pile cards of every seat (default 10).
    pub fn filler(mut self, cards: usize) -> Self {
        self.filler = cards;
        self
    }

    fn seat(&mut self, seat: u8) -> &mut SeatSetup {
        &mut self.seats[usize::from(seat)]
    }

    pub fn hand<const N: usize>(mut self, seat: u8, cards: [&str; N]) -> Self {
        self.seat(seat).hand.extend(cards.iter().map(|c| c.to_string()));
        self
    }

    pub fn formation<const N: usize>(mut self, seat: u8, realms: [RealmSetup; N]) -> Self {
        self.seat(seat).formation.extend(realms);
        self
    }

    /// Champions in the pool, each with its magical items and artifacts.
    pub fn pool<const N: usize>(mut self, seat: u8, champions: [(&str, &[&str]); N]) -> Self {
        for (champion, attached) in champions {
            self.seat(seat)
                .pool
                .push((champion.into(), attached.iter().map(|c| c.to_string()).collect()));
        }
        self
    }

    /// The top cards of the draw pile, top first.
    pub fn draw<const N: usize>(mut self, seat: u8, cards: [&str; N]) -> Self {
        self.seat(seat).draw.extend(cards.iter().map(|c| c.to_string()));
        self
    }

    pub fn discard<const N: usize>(mut self, seat: u8, cards: [&str; N]) -> Self {
        self.seat(seat).discard.extend(cards.iter().map(|c| c.to_string()));
        self
    }

    /// Cards in Limbo, sent there just now: they return at the end of their owner's next turn
    /// (SF-86, AMB-12).
    pub fn limbo<const N: usize>(mut self, seat: u8, cards: [&str; N]) -> Self {
        self.seat(seat)
            .limbo
            .extend(cards.iter().map(|c| (c.to_string(), Vec::new(), None)));
        self
    }

    /// Champions in Limbo with the magical items and artifacts they took along (SF-87).
    pub fn limbo_champions<const N: usize>(mut self, seat: u8, champions: [(&str, &[&str]); N]) -> Self {
        for (champion, attached) in champions {
            let attached = attached.iter().map(|c| c.to_string()).collect();
            self.seat(seat).limbo.push((champion.into(), attached, None));
        }
        self
    }

    /// A realm in Limbo that left the position `at` (0 = A) of its owner's formation.
    pub fn limbo_realm(mut self, seat: u8, at: u8, realm: &str) -> Self {
        self.seat(seat)
            .limbo
            .push((realm.into(), Vec::new(), Some(Position(at))));
        self
    }

    /// `dead` kept as an ally by `keeper`, a champion of `seat`'s pool, as the `KeepAsAlly` power
    /// of a card the keeper carries says (Death Rock): carried by him, with that power's bonus and
    /// designations.
    pub fn kept(mut self, seat: u8, keeper: &str, dead: &str) -> Self {
        self.seat(seat).kept.push((keeper.into(), dead.into()));
        self
    }

    pub fn abyss<const N: usize>(mut self, seat: u8, cards: [&str; N]) -> Self {
        self.seat(seat).abyss.extend(cards.iter().map(|c| c.to_string()));
        self
    }

    pub fn rule_card(mut self, seat: u8, card: &str) -> Self {
        self.rule_card = Some((Seat(seat), card.into()));
        self
    }

    /// How many turns `seat` has begun (the active seat has begun 1 by default).
    pub fn turns(mut self, seat: u8, turns: u32) -> Self {
        self.seat(seat).turns = Some(turns);
        self
    }

    /// A Conqueror's Game token of `by`'s on `owner`'s razed realm at `at`, counted as razed by him
    /// (SF-246).
    pub fn marker(mut self, by: u8, owner: u8, at: u8) -> Self {
        self.markers.push((by, owner, at));
        self
    }

    /// How many mulligans `seat` has called in this game (SF-220).
    pub fn mulligans(mut self, seat: u8, called: u8) -> Self {
        self.seat(seat).mulligans = called;
        self
    }

    /// Lay the game out. Panics on a card name the catalogue does not know: a test's mistake.
    pub fn build(self) -> Spellfire {
        let content = self.content.clone().unwrap_or_else(shipped_content);
        let format = content.formats.get(&self.format).expect("a known format");
        let config = Config {
            format: self.format.clone(),
            decks: vec![Vec::new(); self.seats.len()],
            rules: self.rules.clone(),
        };
        let mut game = Spellfire::blank(&content, &config, format, self.seed);
        game.active = self.active;
        game.turn = 1;
        game.phase = self.phase;
        for (index, setup) in self.seats.iter().enumerate() {
            let seat = Seat(index as u8);
            let new = |game: &mut Spellfire, name: &str| game.add_card(seat, name);
            let hand: Vec<CardId> = setup.hand.iter().map(|c| new(&mut game, c)).collect();
            let mut draw: Vec<CardId> = setup.draw.iter().map(|c| new(&mut game, c)).collect();
            draw.extend((0..self.filler).map(|_| new(&mut game, FILLER)));
            let discard: Vec<CardId> = setup.discard.iter().map(|c| new(&mut game, c)).collect();
            let mut limbo = Vec::new();
            for (card, attached, from) in &setup.limbo {
                let card = new(&mut game, card);
                let attachments = attached.iter().map(|c| new(&mut game, c)).collect();
                limbo.push(InLimbo {
                    card,
                    attachments,
                    from: *from,
                    returns: 0,
                });
            }
            let abyss: Vec<CardId> = setup.abyss.iter().map(|c| new(&mut game, c)).collect();
            let mut slots = Vec::new();
            for realm in &setup.formation {
                let card = new(&mut game, &realm.realm);
                let holding = realm.holding.as_deref().map(|h| new(&mut game, h));
                slots.push((
                    realm.at,
                    Slot {
                        realm: card,
                        razed: realm.razed,
                        holding,
                    },
                ));
            }
            let mut pool = Vec::new();
            for (champion, attached) in &setup.pool {
                let card = new(&mut game, champion);
                let attachments = attached.iter().map(|c| new(&mut game, c)).collect();
                pool.push(Champion { card, attachments });
            }
            for (keeper, dead) in &setup.kept {
                let keeper = pool
                    .iter_mut()
                    .find(|c| game.name(c.card).eq_ignore_ascii_case(keeper))
                    .unwrap_or_else(|| panic!("no {keeper} in the pool to keep {dead}"));
                let kept = keeper
                    .attachments
                    .iter()
                    .flat_map(|&c| game.card(c).power.abilities())
                    .find_map(|a| kept_as(&a.effect))
                    .map(|(bonus, designations)| (bonus, designations.to_vec()))
                    .unwrap_or_else(|| panic!("nothing {} carries keeps a champion", game.name(keeper.card)));
                let card = new(&mut game, dead);
                keeper.attachments.push(card);
                game.tracks.kept.push(crate::state::Kept {
                    card,
                    bonus: kept.0,
                    designations: kept.1,
                });
            }
            let player = game.player_mut(seat);
            player.hand = hand;
            player.draw = spellhall_core::Pile::from_top_down(draw);
            player.discard = discard;
            player.limbo = limbo;
            player.abyss = abyss;
            player.pool = pool;
            player.realms_played = slots.len() as u32;
            for (at, slot) in slots {
                player.formation.place(at, slot);
            }
            player.mulligans = setup.mulligans;
            player.turns = setup.turns.unwrap_or(u32::from(seat == self.active));
            let returns = game.limbo_return_turn(seat);
            for away in &mut game.player_mut(seat).limbo {
                away.returns = returns;
            }
        }
        game.tracks.razed_by = vec![0; self.seats.len()];
        for &(by, owner, at) in &self.markers {
            let realm = game
                .player(Seat(owner))
                .formation
                .slot(Position(at))
                .expect("a marker goes on a realm")
                .realm;
            game.tracks.markers.push((Seat(by), realm));
            game.tracks.razed_by[usize::from(by)] += 1;
        }
        game.mulligans = self.seats.iter().map(|s| s.mulligans).sum();
        if let Some((seat, name)) = &self.rule_card {
            game.rule_card = Some(game.add_card(*seat, name));
        }
        game
    }
}

/// The bonus and designations a `KeepAsAlly` power gives, wherever it sits in `effect`.
fn kept_as(effect: &Effect) -> Option<(u8, &[Attribute])> {
    match effect {
        Effect::KeepAsAlly {
            bonus, designations, ..
        } => Some((*bonus, designations)),
        Effect::Across(_, inner) | Effect::May(inner) => kept_as(inner),
        _ => None,
    }
}

impl Spellfire {
    /// A new card of `seat`'s, not yet in any zone: a name or a reference like `3rd/44`.
    fn add_card(&mut self, seat: Seat, name: &str) -> CardId {
        let catalogue = &self.content.catalogue;
        let entry = match name.parse::<CardRef>() {
            Ok(id) if name.contains('/') => catalogue.index_of(id),
            _ => catalogue.named(name).next().and_then(|e| catalogue.index_of(e.id)),
        }
        .unwrap_or_else(|| panic!("no card named {name}"));
        self.cards.push(CardInfo {
            owner: seat,
            entry: entry as u32,
            identity: catalogue.entries[entry].identity,
        });
        self.find_absent_families();
        self.find_lone_cards();
        self.find_play_facts();
        CardId(self.cards.len() as u16 - 1)
    }

    /// The card of `seat`'s named `name` (the first, if several): for tests to name cards.
    pub fn id_of(&self, seat: u8, name: &str) -> CardId {
        (0..self.cards.len())
            .map(|i| CardId(i as u16))
            .find(|&c| self.owner(c) == Seat(seat) && self.name(c).eq_ignore_ascii_case(name))
            .unwrap_or_else(|| panic!("Seat {} has no {name}", seat + 1))
    }

    /// Every copy of `seat`'s named `name`.
    pub fn ids_of(&self, seat: u8, name: &str) -> Vec<CardId> {
        (0..self.cards.len())
            .map(|i| CardId(i as u16))
            .filter(|&c| self.owner(c) == Seat(seat) && self.name(c).eq_ignore_ascii_case(name))
            .collect()
    }
}

impl spellhall_core::Redeal for Spellfire {
    /// Re-deal everything `seat` cannot see: each other player's hand and draw pile shuffled
    /// together and dealt back in the same sizes, and `seat`'s own draw pile shuffled. The privacy
    /// property (the kit's `privacy_playouts`): `seat`'s view must not change.
    fn redeal_hidden_from(&mut self, seat: Seat, rng: &mut GameRng) {
        self.derived = Default::default();
        for other in Seat::all(self.seats()) {
            let player = self.player_mut(other);
            if other == seat {
                player.draw.shuffle(rng);
                continue;
            }
            let hand_size = player.hand.len();
            let mut hidden: Vec<CardId> = std::mem::take(&mut player.hand);
            hidden.extend(player.draw.take_all());
            rng.shuffle(&mut hidden);
            player.hand = hidden.split_off(hidden.len() - hand_size);
            player.draw = spellhall_core::Pile::from_top_down(hidden);
        }
    }
}
