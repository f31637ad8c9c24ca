//! What the viewer is choosing (a character to move, a spell to aim, a card to lay) and which
//! legal actions that choice points at on the board. The prompt line says what is being decided.

use bevy_egui::egui::{self, RichText};
use spells_of_doom::{Action, CardId, CastTarget, CreatureId, Phase, Pos, Target};

use super::{Scene, in_hero_phase, target_pos, target_words};
use crate::ui::theme;

/// The thing the viewer has in hand, waiting for a click on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Aim {
    #[default]
    Nothing,
    Hero,
    Creature(CreatureId),
    /// A prepared spell, cast with `copies` cards.
    Spell {
        card: CardId,
        copies: u8,
    },
    /// Fire Arrows aimed at `target`: the hex behind it is next.
    Arrows {
        card: CardId,
        copies: u8,
        target: Target,
    },
    /// A Terrain card from the hand, to lay with its token on a hex.
    Lay(CardId),
    /// A Terrain card of the Terrain Area, to reveal on a character.
    Reveal(CardId),
    /// A creature token of the Hero board, to summon on a hex.
    Summon(u8),
}

/// How a spot lights up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Move,
    Strike,
    Spell,
    Place,
}

/// What clicking a spot does: an action, or a next step of the aim.
#[derive(Clone, Debug, PartialEq)]
pub enum Does {
    Act(Action),
    Aim(Aim, String),
}

/// One lit hex: where, how it is marked, what a click there does.
pub struct Spot {
    pub at: Pos,
    pub mark: Mark,
    pub does: Does,
}

/// The viewer's choices so far, kept between frames.
#[derive(Clone, Debug, Default)]
pub struct Pick {
    pub aim: Aim,
    /// Cards marked in the hand: for the mulligan.
    pub marked: Vec<CardId>,
    /// Cards chosen for Magic Recharge, when its panel is open.
    pub recharge: Option<Vec<CardId>>,
    /// Several things fit one click: the player picks one from this list.
    pub choices: Vec<Does>,
    /// The table this pick was made at (viewer, turn, phase), to forget it when that changes.
    table: Option<(spellhall_core::Seat, u32, String)>,
}

impl Pick {
    /// Forget choices made at another table (another viewer, turn or phase) or no longer legal.
    pub fn refresh(&mut self, scene: &Scene) {
        let table = Some((scene.view.viewer, scene.view.turn, format!("{:?}", scene.view.phase)));
        if self.table != table {
            *self = Pick {
                table,
                ..Pick::default()
            };
        }
        if self.aim != Aim::Nothing && spots(self.aim, scene).is_empty() && myself_casts(self.aim, scene).is_empty() {
            self.aim = Aim::Nothing;
        }
    }

    /// After an action: keep a character selected (it may attack after moving), drop the rest.
    pub fn after_action(&mut self) {
        self.choices.clear();
        self.recharge = None;
        if !matches!(self.aim, Aim::Hero | Aim::Creature(_)) {
            self.aim = Aim::Nothing;
        }
    }

    /// The viewer clicked `at` on the board.
    pub fn click(&mut self, scene: &Scene, at: Pos, chosen: &mut Option<Action>) {
        let here: Vec<Does> = spots(self.aim, scene)
            .into_iter()
            .filter(|s| s.at == at)
            .map(|s| s.does)
            .collect();
        match here.as_slice() {
            [one] => self.take(one.clone(), chosen),
            [] => self.select_at(scene, at),
            _ => self.choices = here,
        }
    }

    pub fn take(&mut self, does: Does, chosen: &mut Option<Action>) {
        self.choices.clear();
        match does {
            Does::Act(action) => *chosen = Some(action),
            Does::Aim(aim, _) => self.aim = aim,
        }
    }

    /// Select the viewer's Hero or creature on `at` (the next one, if several stand there), or
    /// nothing.
    fn select_at(&mut self, scene: &Scene, at: Pos) {
        let view = scene.view;
        let mut here = Vec::new();
        if view.heroes.get(view.viewer.index()).and_then(|h| h.at) == Some(at) {
            here.push(Aim::Hero);
        }
        here.extend(
            view.creatures
                .iter()
                .filter(|c| c.at == at && c.id.owner == view.viewer)
                .map(|c| Aim::Creature(c.id)),
        );
        here.retain(|aim| !spots(*aim, scene).is_empty());
        let next = here
            .iter()
            .position(|a| *a == self.aim)
            .map_or(0, |i| (i + 1) % here.len().max(1));
        self.aim = here.get(next).copied().unwrap_or_default();
    }
}

/// Every legal action the aim points at on the board.
pub fn spots(aim: Aim, scene: &Scene) -> Vec<Spot> {
    let mut found: Vec<Spot> = Vec::new();
    for action in scene.legal {
        if let Some((at, mark, does)) = spot_of(aim, scene, action) {
            // Fire Arrows offers one spot per target, whatever the hexes behind it.
            if !found.iter().any(|s| s.at == at && s.does == does) {
                found.push(Spot { at, mark, does });
            }
        }
    }
    found
}

fn spot_of(aim: Aim, scene: &Scene, action: &Action) -> Option<(Pos, Mark, Does)> {
    let view = scene.view;
    let act = |at, mark| Some((at, mark, Does::Act(action.clone())));
    match (aim, action) {
        (Aim::Hero, Action::Move { to }) => act(*to, Mark::Move),
        (Aim::Hero, Action::Attack { target, .. }) => act(target_pos(view, *target)?, Mark::Strike),
        (Aim::Creature(id), Action::CreatureMove { creature, to }) if *creature == id => act(*to, Mark::Move),
        (Aim::Creature(id), Action::CreatureAttack { creature, target, .. }) if *creature == id => {
            act(target_pos(view, *target)?, Mark::Strike)
        }
        (
            Aim::Spell { card, copies },
            Action::Cast {
                spell,
                copies: n,
                target,
            },
        ) if *spell == card && *n == copies => match target {
            CastTarget::At(t) => act(target_pos(view, *t)?, Mark::Spell),
            CastTarget::Hex(at) => act(*at, Mark::Spell),
            CastTarget::Arrows { target: t, .. } => {
                let next = Aim::Arrows {
                    card,
                    copies,
                    target: *t,
                };
                let words = format!("Fire Arrows at {}", target_words(view, scene.names, *t));
                Some((target_pos(view, *t)?, Mark::Spell, Does::Aim(next, words)))
            }
            CastTarget::Myself => None,
        },
        (
            Aim::Arrows { card, copies, target },
            Action::Cast {
                spell,
                copies: n,
                target: CastTarget::Arrows { target: t, behind },
            },
        ) if *spell == card && *n == copies && *t == target => act(*behind, Mark::Spell),
        (Aim::Lay(card), Action::PlaceTerrain { card: c, at }) if *c == card => act(*at, Mark::Place),
        (Aim::Reveal(card), Action::Reveal { card: c, on }) if *c == card => act(target_pos(view, *on)?, Mark::Spell),
        (Aim::Summon(token), Action::Summon { token: t, at }) if *t == token => act(*at, Mark::Place),
        _ => None,
    }
}

/// The legal casts of the aimed spell on the caster (Stoneskin, Healing Ward): a button, not a hex.
pub fn myself_casts<'a>(aim: Aim, scene: &Scene<'a>) -> Vec<&'a Action> {
    let Aim::Spell { card, copies } = aim else {
        return Vec::new();
    };
    scene
        .legal
        .iter()
        .filter(|a| {
            matches!(a, Action::Cast { spell, copies: n, target: CastTarget::Myself } if *spell == card && *n == copies)
        })
        .collect()
}

/// The prompt line: whose decision it is and what the viewer is choosing, with the buttons that
/// finish the choice (and, for a phase the table does not know, every legal action).
pub fn prompt(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick, chosen: &mut Option<Action>) {
    let view = scene.view;
    ui.horizontal_wrapped(|ui| {
        let text = prompt_text(scene, pick);
        ui.label(RichText::new(text).size(18.0).color(theme::GOLD));
        if pick.aim != Aim::Nothing && ui.button("Cancel").clicked() {
            pick.aim = Aim::Nothing;
            pick.choices.clear();
        }
        for action in myself_casts(pick.aim, scene) {
            if ui
                .button("Cast on my Hero")
                .on_hover_text(scene.words(action))
                .clicked()
            {
                *chosen = Some(action.clone());
            }
        }
        // A decision the table has no special controls for (the upkeep's tokens, or one the
        // rules gained since): every legal action as a button.
        let known = matches!(view.phase, Phase::Mulligan { .. } | Phase::Hero);
        if scene.deciding() && !known {
            for action in scene.legal {
                if ui.button(scene.words(action)).clicked() {
                    *chosen = Some(action.clone());
                }
            }
        }
    });
    choice_window(ui, scene, pick, chosen);
}

fn prompt_text(scene: &Scene, pick: &Pick) -> String {
    let view = scene.view;
    if matches!(view.phase, Phase::Over) {
        return "The game is over.".into();
    }
    if !scene.deciding() {
        let waiting = match view.phase {
            Phase::Response { seat } => seat,
            _ => view.active,
        };
        return format!("Waiting for {}.", scene.name(waiting));
    }
    if let Phase::Response { .. } = view.phase {
        let what = view.answering.as_deref().unwrap_or("");
        return format!(
            "Out of turn — {} Answer from your Reserve or Terrain Area, or let it happen:",
            spellhall_core::fill_seat_names(what, scene.names)
        );
    }
    if let Phase::Mulligan { .. } = view.phase {
        return format!(
            "Your opening hand: mark up to {} cards to shuffle back, then confirm below.",
            view.numbers.mulligan_max
        );
    }
    if let Phase::PayTokens = view.phase {
        return "Upkeep: pay off tokens?".into();
    }
    if !in_hero_phase(view) {
        return "Your decision:".into();
    }
    match pick.aim {
        Aim::Nothing => "Your Hero phase: click your Hero or a creature to move or attack; play cards below.".into(),
        Aim::Hero => "Your Hero: a gold hex to move, a red ring to attack.".into(),
        Aim::Creature(_) => "Your creature: a gold hex to move, a red ring to attack.".into(),
        Aim::Spell { .. } => "Click a violet target for the spell.".into(),
        Aim::Arrows { .. } => "Fire Arrows: click the hex behind the target.".into(),
        Aim::Lay(_) => "Click the hex for the Terrain token.".into(),
        Aim::Reveal(_) => "Click the character to reveal the Terrain card on.".into(),
        Aim::Summon(_) => "Click the hex to summon the creature on.".into(),
    }
}

/// Several actions fit the last click (an attack or a Fire Attack, a move or an attack on a hex):
/// the player picks one.
fn choice_window(ui: &mut egui::Ui, scene: &Scene, pick: &mut Pick, chosen: &mut Option<Action>) {
    if pick.choices.is_empty() {
        return;
    }
    let mut open = true;
    let mut taken = None;
    egui::Window::new("Which one?")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .open(&mut open)
        .show(ui.ctx(), |ui| {
            for does in &pick.choices {
                let label = match does {
                    Does::Act(action) => scene.words(action),
                    Does::Aim(_, words) => words.clone(),
                };
                if ui.button(label).clicked() {
                    taken = Some(does.clone());
                }
            }
        });
    match taken {
        Some(does) => pick.take(does, chosen),
        None if !open => pick.choices.clear(),
        None => {}
    }
}
