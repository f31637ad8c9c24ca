//! The Dice of Doom: how a roll becomes damage or special tokens, effective Armor, the Burn and
//! Brain Damage roll-off, Accuracy's extra die and the Fire Arrows grouping. Pure functions of the
//! dice, so the engine rolls with the state's `GameRng` and every rule here is tested on its own.

use spellhall_core::GameRng;

/// The usual Armor limit; only Stoneskin and Overpower raise it (to 5).
pub const ARMOR_CAP: u8 = 3;

/// Roll `count` dice.
pub fn roll(rng: &mut GameRng, count: u32) -> Vec<u8> {
    (0..count).map(|_| rng.d6()).collect()
}

/// The damage of an attack: 1 for each die greater than the defender's Armor, 2 for a 6 (a
/// critical hit; a 6 beats any Armor up to 5).
pub fn damage(dice: &[u8], armor: u8) -> u32 {
    dice.iter()
        .filter(|&&die| die > armor)
        .map(|&die| if die == 6 { 2 } else { 1 })
        .sum()
}

/// The tokens a Special Attack (Burn, Stun, Brain Damage) gives: one for each 5 or 6, whatever the
/// target's Armor.
pub fn special_tokens(dice: &[u8]) -> u32 {
    dice.iter().filter(|&&die| die >= 5).count() as u32
}

/// What makes up a character's Armor at a moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ArmorParts {
    /// The Armor track's value (a creature's printed Armor).
    pub base: u8,
    /// Friendly Mage Towers in range: each adds 1 (our reading: like the Defense Towers, every
    /// tower in range acts), within the limit.
    pub mage_towers: u8,
    /// Temporary bonuses: Magic Shield, Stoneskin, Overpower.
    pub bonus: u8,
    /// Stoneskin or Overpower is in effect: the limit is 5 instead of 3.
    pub raised_limit: bool,
    /// Brain Damage tokens on the Hero board.
    pub brain_damage: u8,
}

/// Armor after bonuses, the limit (3, or 5 under Stoneskin or Overpower), then one off per Brain
/// Damage token, never below 1. (Our reading of the order: the tokens lower the Armor the Hero
/// would otherwise have.)
pub fn effective_armor(parts: ArmorParts) -> u8 {
    let limit = if parts.raised_limit { 5 } else { ARMOR_CAP };
    let raised = parts.base.saturating_add(parts.mage_towers).saturating_add(parts.bonus);
    raised.min(limit).saturating_sub(parts.brain_damage).max(1)
}

/// The upkeep roll-off for Burn (or Brain Damage) tokens: one die per token, each 5 or 6 removes a
/// token, and each token left deals 1 damage. Returns (tokens left, damage).
pub fn token_upkeep(tokens: u8, dice: &[u8]) -> (u8, u32) {
    let removed = special_tokens(&dice[..usize::from(tokens).min(dice.len())]) as u8;
    let left = tokens.saturating_sub(removed);
    (left, u32::from(left))
}

/// Accuracy: roll one extra die but keep only as many as the attack has, the highest.
pub fn keep_highest(mut dice: Vec<u8>, keep: usize) -> Vec<u8> {
    dice.sort_unstable_by(|a, b| b.cmp(a));
    dice.truncate(keep);
    dice
}

/// Fire Arrows with `cards` cards: 3 × `cards` dice sorted from high to low and cut into three
/// groups of `cards` dice — the highest group is the Burn Attack on the target, the middle group
/// the Attack on the target, the lowest the Collateral Attack on the hex behind it.
pub fn fire_arrows_groups(mut dice: Vec<u8>, cards: usize) -> [Vec<u8>; 3] {
    dice.sort_unstable_by(|a, b| b.cmp(a));
    let group = |at: usize| dice.iter().skip(at * cards).take(cards).copied().collect::<Vec<u8>>();
    [group(0), group(1), group(2)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_come_from_the_seeded_generator() {
        let a = roll(&mut GameRng::new(5), 7);
        let b = roll(&mut GameRng::new(5), 7);
        assert_eq!(a, b);
        assert!(a.iter().all(|d| (1..=6).contains(d)));
    }
}
