//! `TestGame`: a game put in the position a rule needs, for scenario tests, benchmarks and
//! examples (feature `scenario`; the app never builds games this way). It starts a real game
//! past the mulligans (everyone keeps), then changes only what each setter names; the test then
//! plays real actions through `apply`.
//!
//! ```ignore
//! let (mut game, me, enemy) = TestGame::duel("magie", "byron")
//!     .at(Me, pos(0, 0))
//!     .at(Foe, pos(2, 0))
//!     .mana(Me, 10)
//!     .build();
//! ```

use std::sync::{Arc, OnceLock};

use spellhall_core::{Game, Seat};

use crate::action::{Action, MulliganCards};
use crate::content::Content;
use crate::state::{Config, CreatureId, Phase, Pos, SpellsOfDoom, TowerKind};

/// The shipped content, loaded once per test process.
pub fn shipped_content() -> Arc<Content> {
    static CONTENT: OnceLock<Arc<Content>> = OnceLock::new();
    Arc::clone(CONTENT.get_or_init(|| Arc::new(Content::shipped().expect("the shipped content loads"))))
}

/// A seat named by its place in the turn: `Me` plays first (the active seat when the game is
/// built), `Foe` right after; `Seat` names one outright (tables of four).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Me,
    Foe,
    Seat(Seat),
}

/// A game being put in position (see the module's example).
#[derive(Clone, Debug)]
pub struct TestGame {
    game: SpellsOfDoom,
}

impl TestGame {
    /// The Heroes `heroes` (by id, in seat order) with the dice of `seed`, past the mulligans.
    pub fn started(heroes: &[&str], seed: u64) -> Self {
        let config = Config {
            heroes: heroes.iter().map(|h| h.to_string()).collect(),
        };
        let mut game = SpellsOfDoom::new(&config, &shipped_content(), seed).expect("a valid table");
        while matches!(game.phase(), Phase::Mulligan { .. }) {
            game.apply(&Action::Mulligan {
                cards: MulliganCards::NONE,
            })
            .expect("keeping is legal");
        }
        Self { game }
    }

    /// A 2-player game in which `first` plays first against `rival` (the first seed that gives it).
    pub fn duel(first: &str, rival: &str) -> Self {
        (0..)
            .map(|seed| Self::started(&[first, rival], seed))
            .find(|t| t.game.player(t.game.active()).hero_id == first)
            .expect("some seed lets each Hero begin")
    }

    /// The seat `who` names.
    pub fn seat(&self, who: Who) -> Seat {
        let me = self.game.active();
        match who {
            Who::Me => me,
            Who::Foe => Seat(((usize::from(me.0) + 1) % self.game.seats()) as u8),
            Who::Seat(seat) => seat,
        }
    }

    /// Put `who`'s Hero on `at` (or off the board with `None`, as a dead Hero waits).
    pub fn at(mut self, who: Who, at: Pos) -> Self {
        let seat = self.seat(who);
        self.game.place_hero(seat, at);
        self
    }

    pub fn mana(mut self, who: Who, mana: u32) -> Self {
        let seat = self.seat(who);
        self.game.set_mana(seat, mana);
        self
    }

    pub fn hp(mut self, who: Who, hp: u8) -> Self {
        let seat = self.seat(who);
        self.game.set_hp(seat, hp);
        self
    }

    /// Burn and Brain Damage tokens and the Stun Token on `who`'s Hero board.
    pub fn tokens(mut self, who: Who, burn: u8, brain_damage: u8, stunned: bool) -> Self {
        let seat = self.seat(who);
        self.game.set_tokens(seat, burn, brain_damage, stunned);
        self
    }

    /// How far up its Armor and Attack tracks `who`'s Hero stands (0 = the first space).
    pub fn steps(mut self, who: Who, armor: u8, attack: u8) -> Self {
        let seat = self.seat(who);
        self.game.set_steps(seat, armor, attack);
        self
    }

    pub fn tower(mut self, who: Who, kind: TowerKind, at: Pos) -> Self {
        let seat = self.seat(who);
        self.game.add_building(seat, kind, at);
        self
    }

    /// The shrine on `at` with `owner`'s crystal, or neutral.
    pub fn shrine(mut self, at: Pos, owner: Option<Who>) -> Self {
        let owner = owner.map(|who| self.seat(who));
        self.game.set_shrine_owner(at, owner);
        self
    }

    pub fn vp(mut self, team: usize, vp: u32) -> Self {
        self.game.set_vp(team, vp);
        self
    }

    pub fn turn(mut self, turn: u32) -> Self {
        self.game.set_turn(turn);
        self
    }

    /// The creature token `token` of `who`'s Hero board on `at`, ready to act.
    pub fn creature(mut self, who: Who, token: u8, at: Pos) -> Self {
        let seat = self.seat(who);
        self.game.put_creature(seat, token, at);
        self
    }

    /// The game, with the seats of `Me` and `Foe`.
    pub fn build(self) -> (SpellsOfDoom, Seat, Seat) {
        let (me, foe) = (self.seat(Who::Me), self.seat(Who::Foe));
        (self.game, me, foe)
    }
}

/// The id of `owner`'s creature token `token`.
pub fn creature_id(owner: Seat, token: u8) -> CreatureId {
    CreatureId { owner, token }
}
