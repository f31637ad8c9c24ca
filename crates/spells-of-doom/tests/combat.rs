//! The dice rules of the rulebook, one test each: "Attack X", critical hits, Special Attacks,
//! the Armor limit and its two exceptions, Brain Damage, the Burn roll-off, Accuracy and the Fire
//! Arrows groups.

use spells_of_doom::{
    ArmorParts, damage, effective_armor, fire_arrows_groups, keep_highest, special_tokens, token_upkeep,
};

#[test]
fn attack_each_die_above_armor_deals_1() {
    // 4 and 5 beat Armor 3 (1 each); 3 does not (equal is not greater), nor does 1.
    assert_eq!(damage(&[4, 5, 3, 1], 3), 2);
    assert_eq!(damage(&[2, 2, 2], 1), 3);
    assert_eq!(damage(&[], 1), 0);
}

#[test]
fn attack_a_6_is_a_critical_hit_dealing_2_even_against_armor_3() {
    assert_eq!(damage(&[6], 3), 2);
    assert_eq!(damage(&[6, 4, 1], 3), 3);
    // Under Stoneskin (Armor 5) only a 6 hits, and still for 2.
    assert_eq!(damage(&[6, 5, 5], 5), 2);
}

#[test]
fn special_attack_5_or_6_gives_a_token_regardless_of_armor() {
    assert_eq!(special_tokens(&[5, 6, 4, 1]), 2);
    assert_eq!(special_tokens(&[4, 4, 4]), 0);
}

#[test]
fn armor_is_capped_at_3_except_under_stoneskin_or_overpower() {
    let magie = ArmorParts {
        base: 3,
        bonus: 1,
        mage_towers: 1,
        ..ArmorParts::default()
    };
    assert_eq!(effective_armor(magie), 3, "Magic Shield and a Mage Tower cannot pass 3");
    let byron = ArmorParts {
        base: 2,
        bonus: 2,
        raised_limit: true,
        ..ArmorParts::default()
    };
    assert_eq!(effective_armor(byron), 4, "the rulebook's Stoneskin example: 2 + 2 = 4");
    let byron_top = ArmorParts {
        base: 3,
        bonus: 4,
        raised_limit: true,
        ..ArmorParts::default()
    };
    assert_eq!(effective_armor(byron_top), 5);
}

#[test]
fn brain_damage_lowers_armor_by_one_a_token_but_never_below_1() {
    let parts = |brain_damage| ArmorParts {
        base: 3,
        brain_damage,
        ..ArmorParts::default()
    };
    assert_eq!(effective_armor(parts(1)), 2);
    assert_eq!(effective_armor(parts(2)), 1);
    assert_eq!(effective_armor(parts(5)), 1);
}

#[test]
fn mage_tower_adds_1_armor_to_allies_in_range() {
    let parts = ArmorParts {
        base: 1,
        mage_towers: 1,
        ..ArmorParts::default()
    };
    assert_eq!(effective_armor(parts), 2);
}

#[test]
fn burn_tokens_roll_off_on_5_or_6_before_damage() {
    // Three tokens: a 5 and a 6 remove two; the one left deals 1.
    assert_eq!(token_upkeep(3, &[5, 6, 2]), (1, 1));
    assert_eq!(token_upkeep(2, &[1, 4]), (2, 2));
    assert_eq!(token_upkeep(1, &[6]), (0, 0));
    assert_eq!(token_upkeep(0, &[]), (0, 0));
}

#[test]
fn accuracy_rolls_one_more_die_and_keeps_the_best() {
    assert_eq!(keep_highest(vec![2, 6, 1, 4], 3), [6, 4, 2]);
}

#[test]
fn fire_arrows_groups_dice_high_middle_low() {
    // One card: the highest die burns, the middle attacks, the lowest hits the hex behind.
    assert_eq!(fire_arrows_groups(vec![3, 6, 1], 1), [vec![6], vec![3], vec![1]]);
    // The rulebook's two-card example: 6,4,4,3,2,1 → [6,4] [4,3] [2,1].
    assert_eq!(
        fire_arrows_groups(vec![4, 1, 6, 3, 2, 4], 2),
        [vec![6, 4], vec![4, 3], vec![2, 1]]
    );
}
