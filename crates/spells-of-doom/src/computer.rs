//! A greedy computer player. Each legal action gets a score from what it is likely to bring now
//! (expected damage from the dice odds, never from the dice themselves, shrines captured, mana,
//! Armor, a step toward the nearest goal); the best is taken, and the turn ends when nothing
//! scores above ending it. It plays every Hero the same way, so it also measures balance. It sees
//! what its seat sees: its view and the legal actions.

use std::sync::Arc;

use spellhall_core::{Determinise, GameRng, Seat};
use spellhall_search::{Guide, Strong};

use crate::action::{Action, CastTarget, Target};
use crate::content::{CardKind, Content, Effect};
use crate::respond::character_of;
use crate::state::{
    CAPTURE_COST, Character, Phase, Pos, STRUCTURE_ARMOR, SpellsOfDoom, TowerKind, Track, UPGRADE_COST,
};
use crate::view::View;

/// The index in `legal` of the greedy choice, from the deciding seat's view and the legal actions
/// only. Ties go to the first action in the legal order, so the choice is deterministic.
///
/// The scores read the board through a game built from the view ([`Determinise`]): what the view
/// shows is exact, the other players' hidden cards and the dice are a sample the scores never
/// look at (they judge a blow by the dice odds, a hand by its owner's own cards).
pub fn greedy_choice(view: &View, legal: &[Action], content: &Arc<Content>, rng: &mut GameRng) -> usize {
    let world = SpellsOfDoom::sample_from_view(view, content, rng);
    let me = view.viewer;
    let mut best = 0;
    let mut best_score = f64::MIN;
    for (i, action) in legal.iter().enumerate() {
        let score = score(&world, me, action);
        if score > best_score {
            best = i;
            best_score = score;
        }
    }
    best
}

/// Damage `dice` are expected to deal against `armor`: each die above it deals 1, a 6 deals 2.
pub fn expected_damage(dice: u32, armor: u8) -> f64 {
    let per_die = if armor >= 6 { 0.0 } else { f64::from(7 - armor) / 6.0 };
    f64::from(dice) * per_die
}

fn score(game: &SpellsOfDoom, me: Seat, action: &Action) -> f64 {
    if let Phase::Response { .. } = game.phase() {
        return answer_score(game, me, action);
    }
    let player = game.player(me);
    match action {
        Action::Mulligan { cards } => -(cards.len() as f64),
        Action::PayTokens { burn, brain_damage } => {
            // A Burn token costs about 1.2 HP a turn, a Brain Damage token an Armor point.
            f64::from(*burn) * 3.0 + f64::from(*brain_damage) * 4.0
                - (f64::from(*burn) * 2.0 + f64::from(*brain_damage) * 3.0) * 0.6
        }
        Action::EndTurn | Action::Pass => 0.0,
        Action::Capture => 60.0,
        Action::Attack { target, fire } => {
            let strong = u32::from(game.flags.boost(Character::Hero(me)).strong);
            let extra = if *fire {
                game.fire_attack(me).map_or(0, |(_, d)| d)
            } else {
                0
            };
            let dice = game.attack_dice(me) + strong + extra;
            20.0 + strike_value(game, *target, dice) - if *fire { 0.8 } else { 0.0 }
        }
        Action::CreatureAttack {
            creature,
            target,
            special,
        } => {
            let Some(c) = game.creature(*creature) else {
                return f64::MIN;
            };
            let def = game.creature_def(&c.kind);
            if *special {
                // A Special Attack instead: a token is worth about 2 HP.
                return 18.0;
            }
            let strong = u32::from(game.flags.boost(Character::Creature(*creature)).strong);
            20.0 + strike_value(game, *target, u32::from(def.attack) + strong)
        }
        Action::Cast { spell, copies, target } => cast_score(game, me, *spell, *copies, *target),
        Action::Play { card, on } => play_score(game, me, *card, *on),
        Action::Reserve { card } => {
            let def = game.card(me, *card);
            match def.effect {
                Effect::Decoy { .. } | Effect::CounterAttack if player.mana >= 3 => 8.0,
                // Above preparing it: a reserved Stoneskin also answers on the other's turn.
                Effect::Stoneskin { .. } if player.mana >= 4 => 9.5,
                _ if def.counter && player.mana >= 3 => 3.0,
                _ => -5.0,
            }
        }
        Action::PlaceTerrain { card, at } => terrain_score(game, me, *card, *at),
        Action::Reveal { card, on } => reveal_score(game, me, *card, *on),
        Action::Upgrade { track } => {
            // Keep mana for a capture first; an upgrade lasts the whole game.
            if player.mana < UPGRADE_COST + 1 {
                return -1.0;
            }
            match track {
                Track::Attack => 7.0,
                Track::Armor => 6.5,
            }
        }
        Action::Build { tower } => {
            let near_own_shrine = player.hero.at.is_some_and(|at| {
                game.shrines()
                    .iter()
                    .any(|s| s.owner == Some(me) && s.at.distance(at) <= 1)
            });
            match tower {
                TowerKind::Mage => 8.0 - f64::from(game.turn()) * 0.3,
                TowerKind::Defense if near_own_shrine => 6.0,
                TowerKind::Defense => 1.0,
            }
        }
        Action::Summon { token, .. } => {
            let Some(kind) = game.token_kind(me, *token) else {
                return f64::MIN;
            };
            let def = game.creature_def(kind);
            let cost = game.summon_cost(me, def.cost.unwrap_or(0));
            10.0 + f64::from(def.hp) * 0.5 + f64::from(def.attack) * 1.5 + f64::from(def.armor) - f64::from(cost) * 1.2
        }
        Action::Move { to } => hero_move_score(game, me, *to),
        Action::CreatureMove { creature, to } => creature_move_score(game, me, *creature, *to),
        Action::Recharge { cards } => {
            // Cards left in the hand are discarded at the end of the turn anyway.
            if cards.iter().all(|c| player.hand.contains(c)) {
                0.5
            } else {
                -5.0
            }
        }
    }
}

/// What dice against `target` are worth: expected damage, weighted by what the target is, with
/// a bonus when the blow is likely to kill.
fn strike_value(game: &SpellsOfDoom, target: Target, dice: u32) -> f64 {
    let (armor, hp, weight) = match target {
        Target::Hero(seat) => (game.hero_armor(seat), game.player(seat).hero.hp, 3.0),
        Target::Creature(id) => match game.creature(id) {
            Some(c) => (game.creature_armor(c), c.hp, 1.5),
            None => return 0.0,
        },
        Target::Building(at) => (
            STRUCTURE_ARMOR,
            game.buildings().iter().find(|b| b.at == at).map_or(0, |b| b.hp),
            1.2,
        ),
        Target::Shrine(at) => (
            STRUCTURE_ARMOR,
            game.shrines().iter().find(|s| s.at == at).map_or(0, |s| s.hp),
            2.0,
        ),
    };
    let expected = expected_damage(dice, armor);
    let kill = if expected >= f64::from(hp) { 12.0 } else { 0.0 };
    expected.min(f64::from(hp)) * weight + kill
}

/// Enemy targets (characters and enemy-held structures) at `at`.
fn enemies_at(game: &SpellsOfDoom, me: Seat, at: Pos) -> Vec<Target> {
    game.enemies_at(me, at)
}

fn cast_score(game: &SpellsOfDoom, me: Seat, spell: crate::state::CardId, copies: u8, target: CastTarget) -> f64 {
    let def = game.card(me, spell);
    let CardKind::Spell { cost, .. } = def.kind else {
        return f64::MIN;
    };
    let n = usize::from(copies);
    let price = f64::from(cost) * 1.0 + (n as f64 - 1.0) * 1.5;
    let value = match (&def.effect, target) {
        (Effect::Volley { rows }, CastTarget::At(aim)) => {
            let row = rows[n - 1];
            let burn = if matches!(aim, Target::Hero(_)) {
                f64::from(row.burn) * 1.5
            } else {
                0.0
            };
            strike_value(game, aim, u32::from(row.attack)) + burn
        }
        (Effect::Overpower { attack, .. }, CastTarget::At(aim)) => strike_value(game, aim, u32::from(*attack)) + 4.0,
        (Effect::BrainMalfunction { rows }, CastTarget::At(aim)) => {
            let row = rows[n - 1];
            let discards = if matches!(aim, Target::Hero(_)) {
                f64::from(row.discard)
            } else {
                0.0
            };
            strike_value(game, aim, u32::from(row.attack)) + discards * 1.5
        }
        (Effect::MentalSlap { attack, brain_damage }, CastTarget::At(aim)) => {
            let tokens = if matches!(aim, Target::Hero(_)) {
                f64::from(*brain_damage) * 2.0
            } else {
                0.0
            };
            strike_value(game, aim, u32::from(*attack)) + tokens
        }
        (Effect::FireArrows { .. }, CastTarget::Arrows { target: aim, behind }) => {
            let middle = strike_value(game, aim, n as u32);
            let burn = if matches!(aim, Target::Hero(_)) {
                n as f64 * 1.0
            } else {
                0.0
            };
            let behind: f64 = enemies_at(game, me, behind)
                .into_iter()
                .map(|t| strike_value(game, t, n as u32))
                .sum();
            middle + burn + behind
        }
        (Effect::Blast { centre, around, stun }, CastTarget::Hex(hex)) => {
            blast_value(game, me, hex, *centre, *around) + f64::from(*stun) * 1.0
        }
        (Effect::Ensnare { centre, around }, CastTarget::Hex(hex)) => blast_value(game, me, hex, *centre, *around),
        (Effect::Summon { count, .. }, CastTarget::Hex(at)) => {
            let toward_enemy = nearest_enemy_distance(game, me, at).map_or(0.0, |d| -f64::from(d));
            8.0 + f64::from(*count) * 4.0 + toward_enemy * 0.5
        }
        (Effect::HealingWard { hp }, CastTarget::Myself) => {
            let missing = game.max_hp(me) - game.player(me).hero.hp;
            f64::from(missing.min(*hp)) * 2.0 - 1.0
        }
        (Effect::Stoneskin { .. }, CastTarget::Myself) => {
            let hero = game.player(me).hero.at;
            if hero
                .and_then(|at| nearest_enemy_distance(game, me, at))
                .is_some_and(|d| d <= 2)
            {
                5.0
            } else {
                -1.0
            }
        }
        _ => return -10.0,
    };
    if value <= 0.5 {
        return -2.0;
    }
    15.0 + value * 1.3 - price
}

fn blast_value(game: &SpellsOfDoom, me: Seat, hex: Pos, centre: u8, around: u8) -> f64 {
    let mut value = 0.0;
    for at in std::iter::once(hex).chain(hex.hex().all_neighbors().into_iter().map(Pos::of)) {
        let dice = if at == hex { centre } else { around };
        for target in enemies_at(game, me, at) {
            value += strike_value(game, target, u32::from(dice));
        }
    }
    value
}

fn nearest_enemy_distance(game: &SpellsOfDoom, me: Seat, from: Pos) -> Option<u32> {
    enemy_characters(game, me)
        .into_iter()
        .filter_map(|c| game.position(c))
        .map(|p| p.distance(from))
        .min()
}

fn enemy_characters(game: &SpellsOfDoom, me: Seat) -> Vec<Character> {
    crate::seats(game.seats())
        .filter(|s| SpellsOfDoom::team(*s) != SpellsOfDoom::team(me))
        .flat_map(|s| game.characters_of(s))
        .collect()
}

fn play_score(game: &SpellsOfDoom, me: Seat, card: crate::state::CardId, on: Character) -> f64 {
    let def = game.card(me, card);
    let player = game.player(me);
    let hero = Character::Hero(me);
    let enemy_near = game
        .position(on)
        .and_then(|at| nearest_enemy_distance(game, me, at))
        .is_some_and(|d| d <= 2);
    let may_strike = match on {
        Character::Hero(_) => game.flags.strikes == 0,
        Character::Creature(id) => {
            !game.flags.creatures_struck.contains(&id) && game.creature(id).is_some_and(|c| game.creature_ready(c))
        }
    };
    let value = match def.effect {
        // Decoy is cast only from the Reserve: preparing it wastes it.
        Effect::Decoy { .. } => -3.0,
        _ if matches!(def.kind, CardKind::Spell { .. }) => 9.0,
        Effect::GainMana { .. } => 12.0,
        Effect::Summoning => {
            let cheapest = game
                .available_tokens(me)
                .into_iter()
                .filter_map(|t| game.token_kind(me, t))
                .filter_map(|k| game.creature_def(k).cost)
                .map(|c| game.summon_cost(me, c))
                .min();
            if cheapest.is_some_and(|c| player.mana >= c) && !game.flags.summoning {
                11.0
            } else {
                -1.0
            }
        }
        Effect::TowerConjuration { .. } if !game.flags.built && player.mana + 1 >= game.build_cost() => 7.0,
        Effect::Heal { hp } => {
            let missing = match on {
                Character::Hero(seat) => game.max_hp(seat) - game.player(seat).hero.hp,
                Character::Creature(id) => game.creature(id).map_or(0, |c| game.creature_def(&c.kind).hp - c.hp),
            };
            let weight = if on == hero { 2.0 } else { 1.0 };
            f64::from(missing.min(hp)) * weight - 0.5
        }
        Effect::MagicShield { .. } if enemy_near => {
            if on == hero {
                4.0
            } else {
                2.0
            }
        }
        Effect::StrongAttack { .. } | Effect::Accuracy { .. } | Effect::FastAttack if enemy_near && may_strike => {
            if on == hero { 6.0 } else { 3.0 }
        }
        Effect::Run { .. } if !game.flags.moved && on == hero => 1.0,
        _ => -1.0,
    };
    // Counters are worth more in the Reserve than played now.
    if def.counter && player.reserve.len() < 3 && !player.reserve.contains(&card) && value < 4.0 {
        return -1.0;
    }
    value
}

fn terrain_score(game: &SpellsOfDoom, me: Seat, card: crate::state::CardId, at: Pos) -> f64 {
    let def = game.card(me, card);
    match def.effect {
        // Lay a bomb where an enemy is likely to come: next to him now.
        Effect::ExplodingArea { .. } => match nearest_enemy_distance(game, me, at) {
            Some(1) => 5.0,
            Some(2) => 4.0,
            _ => -1.0,
        },
        Effect::FriendlyArea { .. } => match game.player(me).hero.at {
            Some(hero) if hero == at => 4.0,
            _ => -1.0,
        },
        _ => -1.0,
    }
}

fn reveal_score(game: &SpellsOfDoom, me: Seat, card: crate::state::CardId, on: Target) -> f64 {
    let def = game.card(me, card);
    match def.effect {
        Effect::ExplodingArea { attack } => 10.0 + strike_value(game, on, u32::from(attack)) - 2.0,
        Effect::FriendlyArea { hp } => {
            let missing = match character_of(on) {
                Some(Character::Hero(seat)) => game.max_hp(seat) - game.player(seat).hero.hp,
                Some(Character::Creature(id)) => game.creature(id).map_or(0, |c| game.creature_def(&c.kind).hp - c.hp),
                None => 0,
            };
            if missing >= 2 {
                f64::from(missing.min(hp)) * 2.0 - 1.0
            } else {
                -1.0
            }
        }
        _ => -1.0,
    }
}

/// In a response window: strike back, shield, dodge, or blow up the mover when it pays.
fn answer_score(game: &SpellsOfDoom, me: Seat, action: &Action) -> f64 {
    let attacked = game.window().and_then(|w| match &w.cause {
        crate::state::Cause::Declared { target, .. } => Some(*target),
        crate::state::Cause::Moved { .. } => None,
    });
    match action {
        Action::Pass => 0.0,
        Action::Play { card, on } => match game.card(me, *card).effect {
            Effect::CounterAttack => 8.0,
            // A shield only on the character under attack.
            Effect::MagicShield { .. } if attacked == Some(*on) => 3.0,
            _ => -1.0,
        },
        Action::Cast { spell, target, .. } => match (&game.card(me, *spell).effect, target) {
            (Effect::Stoneskin { .. }, _) if game.player(me).hero.stoneskin == 0 => 4.0,
            (Effect::Stoneskin { .. }, _) => -1.0,
            (Effect::Decoy { .. }, CastTarget::Hex(step)) => {
                // Step away from the attacker.
                let attacker = game.window().and_then(|w| match &w.cause {
                    crate::state::Cause::Declared { attacker, .. } => game.position(*attacker),
                    _ => None,
                });
                5.0 + attacker.map_or(0.0, |a| f64::from(a.distance(*step)))
            }
            (Effect::Decoy { .. }, _) => 5.0,
            (Effect::Ensnare { centre, around }, CastTarget::Hex(hex)) => {
                let value = blast_value(game, me, *hex, *centre, *around);
                if value > 1.0 { value - 2.0 } else { -1.0 }
            }
            _ => -1.0,
        },
        Action::Reveal { card, on } => reveal_score(game, me, *card, *on),
        _ => -1.0,
    }
}

/// What standing at `at` is worth for `me`'s Hero: near a neutral shrine it can capture, near an
/// enemy shrine or an enemy to strike; away from enemies when badly hurt.
fn hero_place_value(game: &SpellsOfDoom, me: Seat, at: Pos, mana_left: u32) -> f64 {
    let hero = &game.player(me).hero;
    let hurt = f64::from(hero.hp) < f64::from(game.max_hp(me)) * 0.35;
    let mut best = 0.0_f64;
    for shrine in game.shrines() {
        let d = f64::from(shrine.at.distance(at));
        let value = match shrine.owner {
            None if mana_left >= CAPTURE_COST => 30.0 - 4.0 * d,
            None => 14.0 - 3.0 * d,
            Some(owner) if SpellsOfDoom::team(owner) != SpellsOfDoom::team(me) => 16.0 - 3.0 * (d - 1.0).max(0.0),
            Some(_) => 0.0,
        };
        best = best.max(value);
    }
    for enemy in enemy_characters(game, me) {
        let Some(p) = game.position(enemy) else {
            continue;
        };
        let d = f64::from(p.distance(at));
        let weight = if matches!(enemy, Character::Hero(_)) {
            20.0
        } else {
            10.0
        };
        let value = if hurt {
            -(10.0 - 3.0 * d).max(0.0)
        } else {
            weight - 3.0 * (d - 1.0).max(0.0)
        };
        best = best.max(value);
    }
    best
}

fn hero_move_score(game: &SpellsOfDoom, me: Seat, to: Pos) -> f64 {
    let player = game.player(me);
    let Some(from) = player.hero.at else {
        return f64::MIN;
    };
    let cost = game.speed_cost(me, from, to);
    let mana_left = player.mana.saturating_sub(cost);
    // Strike before moving away when a target is in reach now.
    let can_strike_here = game.flags.strikes == 0
        && crate::seats(game.seats())
            .filter(|s| SpellsOfDoom::team(*s) != SpellsOfDoom::team(me))
            .any(|s| game.position(Character::Hero(s)).is_some_and(|p| p.distance(from) <= 1));
    let gain = hero_place_value(game, me, to, mana_left) - hero_place_value(game, me, from, player.mana);
    let shrine_here = game.shrines().iter().any(|s| s.at == from && s.owner.is_none());
    if can_strike_here || (shrine_here && player.mana >= CAPTURE_COST) {
        return gain - 30.0;
    }
    gain - f64::from(cost) * 1.5
}

fn creature_move_score(game: &SpellsOfDoom, me: Seat, id: crate::state::CreatureId, to: Pos) -> f64 {
    let Some(creature) = game.creature(id) else {
        return f64::MIN;
    };
    let enemy_shrines: Vec<Pos> = game
        .shrines()
        .iter()
        .filter(|s| s.owner.is_some_and(|o| SpellsOfDoom::team(o) != SpellsOfDoom::team(me)))
        .map(|s| s.at)
        .collect();
    let in_reach = enemy_characters(game, me)
        .into_iter()
        .filter_map(|c| game.position(c))
        .chain(enemy_shrines.iter().copied())
        .any(|p| p.distance(creature.at) <= 1);
    if !game.flags.creatures_struck.contains(&id) && in_reach {
        // A target in reach: attack first.
        return -5.0;
    }
    let value = |at: Pos| -> f64 {
        let mut best = 0.0_f64;
        for enemy in enemy_characters(game, me) {
            if let Some(p) = game.position(enemy) {
                best = best.max(12.0 - 3.0 * f64::from(p.distance(at)));
            }
        }
        for shrine in &enemy_shrines {
            best = best.max(10.0 - 3.0 * f64::from(shrine.distance(at)));
        }
        best
    };
    value(to) - value(creature.at) - 0.1
}

/// One game played by the greedy computer in every seat; `None` if it went past `max_actions`
/// (a stuck game, which the balance test reports).
pub fn greedy_game(
    config: &crate::Config,
    content: &std::sync::Arc<crate::Content>,
    seed: u64,
    max_actions: usize,
) -> Option<(spellhall_core::Outcome, usize)> {
    use spellhall_core::Game;
    let mut game = SpellsOfDoom::new(config, content, seed).ok()?;
    let mut rng = GameRng::new(seed);
    for actions in 0..max_actions {
        if let Some(outcome) = game.outcome() {
            return Some((outcome, actions));
        }
        let legal = game.legal_actions();
        let seat = game.to_act().seat()?;
        let pick = greedy_choice(&game.view(seat), &legal, content, &mut rng);
        game.apply(&legal[pick]).ok()?;
    }
    None
}

/// Win rates of every pair of Heroes over `games` greedy games each (Heroes alternate seats; a
/// draw counts half to each): `(hero, rival, hero's share)`, plus games that ran too long.
pub fn balance_table(content: &std::sync::Arc<crate::Content>, games: u64) -> (Vec<(String, String, f64)>, u64) {
    let heroes: Vec<String> = content.heroes.items().iter().map(|h| h.id.clone()).collect();
    let mut pairs = Vec::new();
    for (i, a) in heroes.iter().enumerate() {
        for b in &heroes[i + 1..] {
            pairs.push((a.clone(), b.clone()));
        }
    }
    // One thread per pair: the games are independent and the table is the same either way.
    let results: Vec<(f64, u64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = pairs
            .iter()
            .map(|(a, b)| scope.spawn(move || pair_share(content, a, b, games)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a balance thread panicked"))
            .collect()
    });
    let stuck = results.iter().map(|(_, stuck)| stuck).sum();
    let table = pairs
        .into_iter()
        .zip(results)
        .map(|((a, b), (share, _))| (a, b, share))
        .collect();
    (table, stuck)
}

/// `a`'s share of `games` greedy games against `b`, and the games that ran too long.
fn pair_share(content: &std::sync::Arc<crate::Content>, a: &str, b: &str, games: u64) -> (f64, u64) {
    let mut stuck = 0;
    let mut a_points = 0.0;
    for seed in 0..games {
        // The Heroes swap seats each game (the first player is rolled for anyway).
        let seats = if seed % 2 == 0 { [a, b] } else { [b, a] };
        let config = crate::Config {
            heroes: seats.iter().map(|h| h.to_string()).collect(),
        };
        let Some((outcome, _)) = greedy_game(&config, content, seed, 20_000) else {
            stuck += 1;
            continue;
        };
        let a_seat = Seat(if seed % 2 == 0 { 0 } else { 1 });
        a_points += match outcome.winners.as_slice() {
            [] => 0.5,
            winners if winners.contains(&a_seat) => 1.0,
            _ => 0.0,
        };
    }
    (a_points / games as f64, stuck)
}

/// Each seat's share of a win as this player judges a position, in seat order: a search that cuts
/// its playouts short scores where they stopped with it. Victory Points count most (the game is
/// won on them), then the Heroes' health and mana. It may read the whole state it is given: in a
/// search that is a world sampled from a view, never the real game.
pub fn evaluate(game: &SpellsOfDoom) -> Vec<f64> {
    let seats = game.seats();
    let worth = |team: usize| {
        let heroes: f64 = Seat::all(seats)
            .filter(|&seat| SpellsOfDoom::team(seat) == team)
            .map(|seat| {
                let player = game.player(seat);
                4.0 * f64::from(player.hero.hp) / f64::from(game.max_hp(seat).max(1))
                    + 0.25 * player.mana.min(12) as f64
            })
            .sum();
        3.0 * f64::from(game.vp(team)) + heroes
    };
    Seat::all(seats)
        .map(|seat| {
            let team = SpellsOfDoom::team(seat);
            let lead = worth(team) - worth(1 - team);
            1.0 / (1.0 + (-lead / 6.0).exp())
        })
        .collect()
}

/// The greedy player's score of each legal action in a world a search has sampled (it reads that
/// world whole, never the real game): the search's first impression of the actions.
pub fn action_scores(world: &SpellsOfDoom, legal: &[Action]) -> Vec<f64> {
    let Some(me) = world.decider() else {
        return vec![0.0; legal.len()];
    };
    legal.iter().map(|action| score(world, me, action)).collect()
}

/// How far a strong player's playout runs before [`evaluate`] judges where it stopped.
const STRONG_PLAYOUT_LIMIT: u32 = 30;

/// The strong player ([`Strong::strong_choice`]): a search over worlds sampled from the seat's view
/// ([`spellhall_search`]), guided by the greedy player's [`action_scores`] and judging cut
/// playouts with [`evaluate`].
impl Strong for SpellsOfDoom {
    const PLAYOUT_LIMIT: u32 = STRONG_PLAYOUT_LIMIT;
    const GUIDE: Guide<'static, Self> = Guide::new(Some(&action_scores), Some(&evaluate));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_damage_follows_the_dice_rule() {
        // Armor 1: 2-5 deal 1, a 6 deals 2 -> 6/6 a die. Armor 3: 4, 5, and 6 (2) -> 4/6.
        assert!((expected_damage(6, 1) - 6.0).abs() < 1e-9);
        assert!((expected_damage(3, 3) - 2.0).abs() < 1e-9);
        assert!((expected_damage(3, 5) - 1.0).abs() < 1e-9);
        assert_eq!(expected_damage(4, 6), 0.0);
    }
}
