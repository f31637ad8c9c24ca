//! The 1st Edition starter-deck cards' powers, one scenario per power that is not identical to
//! another's, named after the card (`card_1st_<number>_...`). Each asserts the numbers, who is
//! affected and where the cards end. Rules the powers bring in (SF-136–140, SF-147, SF-178–181,
//! SF-224) are named where a scenario holds them.

mod common;

use common::{A, B, P1, P2, apply as ok, refused, total};

use spellfire::combat::Side;
use spellfire::formation::Position;
use spellfire::scenario::{RealmSetup, TestGame, realm};
use spellfire::{Action, Phase, Spellfire};

/// P1's `attacker` (from the pool, with `items`) attacks P2's realm `target` at A. `p1_hand` and
/// `p2_hand` are the players' hands; P2's pool holds `defenders`.
fn attack(
    target: RealmSetup,
    attacker: (&str, &[&str]),
    defenders: &[(&str, &[&str])],
    p1_hand: &[&str],
    p2_hand: &[&str],
) -> Spellfire {
    let mut setup = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [target, realm(B, "Thay")])
        .pool(0, [attacker]);
    for &(champion, items) in defenders {
        setup = setup.pool(1, [(champion, items)]);
    }
    for &card in p1_hand {
        setup = setup.hand(0, [card]);
    }
    for &card in p2_hand {
        setup = setup.hand(1, [card]);
    }
    let mut game = setup.build();
    let champion = game.id_of(0, attacker.0);
    ok(
        &mut game,
        Action::Attack {
            champion,
            defender: P2,
            at: Position(A),
        },
    );
    game
}

/// [`attack`], then P2 defends with its first pool champion.
fn round(
    target: RealmSetup,
    attacker: (&str, &[&str]),
    defender: (&str, &[&str]),
    p1_hand: &[&str],
    p2_hand: &[&str],
) -> Spellfire {
    let mut game = attack(target, attacker, &[defender], p1_hand, p2_hand);
    let champion = game.id_of(1, defender.0);
    ok(&mut game, Action::Defend { champion });
    game
}

/// [`attack`], then the attacked realm defends itself.
fn realm_defends(target: RealmSetup, attacker: (&str, &[&str])) -> Spellfire {
    let mut game = attack(target, attacker, &[], &[], &[]);
    let realm = game.player(P2).formation.slot(Position(A)).unwrap().realm;
    ok(&mut game, Action::Defend { champion: realm });
    game
}

/// Both sides' totals when `defender` has just taken up the defence of `target` against
/// `attacker`, with no cards played yet.
fn totals(target: RealmSetup, attacker: (&str, &[&str]), defender: (&str, &[&str])) -> (i32, i32) {
    let game = round(target, attacker, defender, &[], &[]);
    (total(&game, Side::Attacker), total(&game, Side::Defender))
}

/// Whether P1's `champion`, in the pool, may attack P2's `target` at A.
fn may_attack(target: RealmSetup, champion: &str) -> Result<(), spellhall_core::RuleError> {
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [target])
        .pool(0, [(champion, NONE)])
        .build();
    let champion = game.id_of(0, champion);
    let attack = Action::Attack {
        champion,
        defender: P2,
        at: Position(A),
    };
    let answer = game.check(&attack);
    assert_eq!(answer.is_ok(), game.legal().contains(&attack), "check and legal agree");
    answer
}

fn ally(game: &mut Spellfire, seat: u8, name: &str) {
    let card = game.id_of(seat, name);
    ok(game, Action::PlayAlly(card));
}

const NONE: &[&str] = &[];

// Realms and holdings that change levels (SF-140, SF-224: while the realm is attacked).

#[test]
fn card_1st_19_impiltur_sf_224_its_defenders_gain_a_level_only_while_it_is_attacked() {
    // Mordenkainen 7 attacks; Cleric of Torm 5 defends Impiltur: 5 + 1.
    let mut game = round(
        realm(A, "Impiltur"),
        ("Mordenkainen", NONE),
        ("Cleric of Torm", NONE),
        &[],
        &["Rowan"],
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 6));
    // An ally of the defender gains one too: Rowan +1 counts 2.
    ally(&mut game, 1, "Rowan");
    assert_eq!(total(&game, Side::Defender), 8);
    assert_eq!(total(&game, Side::Attacker), 7, "the attacker is not touched");
    // The same champions over Cormyr: no change.
    assert_eq!(
        totals(realm(A, "Cormyr"), ("Mordenkainen", NONE), ("Cleric of Torm", NONE)).1,
        5
    );
}

#[test]
fn card_1st_18_anauroch_every_attacker_loses_a_level() {
    let mut game = round(
        realm(A, "Anauroch"),
        ("Cleric of Torm", NONE),
        ("Mordenkainen", NONE),
        &["Rowan", "Galek"],
        &[],
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (4, 7));
    ally(&mut game, 0, "Galek");
    assert_eq!(total(&game, Side::Attacker), 4 + 1, "Galek +2 counts 1");
}

#[test]
fn card_1st_140_burneal_forest_attackers_lose_two_levels() {
    let game = round(
        realm(A, "Burneal Forest"),
        ("Mordenkainen", NONE),
        ("Cleric of Torm", NONE),
        &[],
        &[],
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (5, 5));
    assert_eq!(game.losing_side(), Side::Attacker, "the tie goes to the defender");
}

#[test]
fn card_1st_221_draj_nonflying_attackers_lose_two_levels() {
    assert_eq!(
        totals(realm(A, "Draj"), ("Mordenkainen", NONE), ("Cleric of Torm", NONE)).0,
        5
    );
    // Neeva flies: untouched.
    assert_eq!(totals(realm(A, "Draj"), ("Neeva", NONE), ("Cleric of Torm", NONE)).0, 7);
}

#[test]
fn card_1st_21_the_high_moor_a_defending_monster_gains_four() {
    assert_eq!(
        totals(realm(A, "The High Moor"), ("Mordenkainen", NONE), ("Mul Savage", NONE)).1,
        10
    );
    assert_eq!(
        totals(
            realm(A, "The High Moor"),
            ("Mordenkainen", NONE),
            ("Cleric of Torm", NONE)
        )
        .1,
        5,
        "a cleric is not a monster"
    );
}

#[test]
fn card_1st_136_irongate_a_defending_hero_gains_four() {
    assert_eq!(
        totals(realm(A, "Irongate"), ("Mordenkainen", NONE), ("Azhul", NONE)).1,
        8
    );
}

#[test]
fn card_1st_23_damara_sf_136_doubles_a_defending_forgotten_realms_champion_after_the_realm_before() {
    assert_eq!(
        totals(realm(A, "Damara"), ("Mordenkainen", NONE), ("Cleric of Torm", NONE)).1,
        10
    );
    assert_eq!(
        totals(realm(A, "Damara"), ("Mordenkainen", NONE), ("Azhul", NONE)).1,
        4,
        "a Dark Sun hero is not doubled"
    );
    // The realm acts before its holding (SF-136): Hillsfar's +3 comes after the doubling.
    assert_eq!(
        totals(
            realm(A, "Damara").holding("Hillsfar"),
            ("Mordenkainen", NONE),
            ("Cleric of Torm", NONE)
        )
        .1,
        13
    );
}

#[test]
fn card_1st_25_dragonspear_castle_allies_of_a_defending_monster_gain_two() {
    let mut game = round(
        realm(A, "Dragonspear Castle"),
        ("Mordenkainen", NONE),
        ("Mul Savage", NONE),
        &[],
        &["Rowan"],
    );
    assert_eq!(total(&game, Side::Defender), 6, "the monster itself gains nothing");
    ally(&mut game, 1, "Rowan");
    assert_eq!(total(&game, Side::Defender), 6 + 3);
}

#[test]
fn card_1st_27_darkhold_defenders_gain_two_if_zhentil_keep_is_in_play() {
    assert_eq!(
        totals(realm(A, "Darkhold"), ("Mordenkainen", NONE), ("Cleric of Torm", NONE)).1,
        5
    );
    let mut setup = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Zhentil Keep")])
        .formation(1, [realm(A, "Darkhold")])
        .pool(0, [("Mordenkainen", NONE)])
        .pool(1, [("Cleric of Torm", NONE)]);
    setup = setup.active(0);
    let mut game = setup.build();
    let champion = game.id_of(0, "Mordenkainen");
    ok(
        &mut game,
        Action::Attack {
            champion,
            defender: P2,
            at: Position(A),
        },
    );
    let champion = game.id_of(1, "Cleric of Torm");
    ok(&mut game, Action::Defend { champion });
    assert_eq!(
        total(&game, Side::Defender),
        7,
        "the attacker's Zhentil Keep counts: anyone's"
    );
}

#[test]
fn card_1st_116_blackmoor_defending_items_gain_two() {
    assert_eq!(
        totals(
            realm(A, "Blackmoor"),
            ("Mordenkainen", NONE),
            ("Cleric of Torm", &["War Banner"])
        )
        .1,
        5 + 1 + 2
    );
}

#[test]
fn card_1st_31_berdusk_a_defending_wizard_or_cleric_gains_three() {
    assert_eq!(
        totals(
            realm(A, "Cormyr").holding("Berdusk"),
            ("Mordenkainen", NONE),
            ("Cleric of Torm", NONE)
        )
        .1,
        8
    );
    assert_eq!(
        totals(
            realm(A, "Cormyr").holding("Berdusk"),
            ("Mordenkainen", NONE),
            ("Azhul", NONE)
        )
        .1,
        4
    );
}

#[test]
fn card_1st_34_hillsfar_the_defending_champion_gains_three() {
    let mut game = round(
        realm(A, "Cormyr").holding("Hillsfar"),
        ("Neeva", &["Magic Sword"]),
        ("Azhul", NONE),
        &[],
        &["Rowan"],
    );
    assert_eq!(total(&game, Side::Defender), 7);
    ally(&mut game, 1, "Rowan");
    assert_eq!(total(&game, Side::Defender), 8, "allies do not gain");
}

#[test]
fn card_1st_35_suzail_defenders_gain_four_only_on_cormyr() {
    assert_eq!(
        totals(
            realm(A, "Cormyr").holding("Suzail"),
            ("Mordenkainen", NONE),
            ("Azhul", NONE)
        )
        .1,
        8
    );
    assert_eq!(
        totals(
            realm(A, "Waterdeep").holding("Suzail"),
            ("Mordenkainen", NONE),
            ("Azhul", NONE)
        )
        .1,
        4
    );
}

#[test]
fn card_1st_243_graks_pool_a_permanent_five_for_the_defender() {
    assert_eq!(
        totals(
            realm(A, "Tyr").holding("Grak's Pool"),
            ("Mordenkainen", NONE),
            ("Azhul", NONE)
        )
        .1,
        9
    );
}

#[test]
fn card_1st_227_balic_attacking_allies_are_halved_rounding_up() {
    let mut game = round(
        realm(A, "Balic"),
        ("Cleric of Torm", NONE),
        ("Mordenkainen", NONE),
        &["War Band"],
        &[],
    );
    ally(&mut game, 0, "War Band");
    assert_eq!(total(&game, Side::Attacker), 5 + 2, "War Band +3 counts 2");
}

#[test]
fn card_1st_7_moonshae_isles_defends_as_a_hero_and_its_defending_allies_gain_three() {
    let mut game = attack(
        realm(A, "Moonshae Isles"),
        ("Mordenkainen", NONE),
        &[("Azhul", NONE)],
        &[],
        &["Rowan"],
    );
    let champion = game.id_of(1, "Azhul");
    ok(&mut game, Action::Defend { champion });
    ally(&mut game, 1, "Rowan");
    assert_eq!(total(&game, Side::Defender), 4 + 4);
}

#[test]
fn card_1st_15_jungles_of_chult_defends_as_a_monster_for_powers_that_name_monsters() {
    // Allisa of the Mist gains 3 against a monster: the realm defending itself is one.
    let game = realm_defends(realm(A, "Jungles of Chult"), ("Allisa of the Mist", NONE));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (8, 5));
}

// Champions and allies.

#[test]
fn card_1st_74_allisa_of_the_mist_gains_three_against_monsters() {
    assert_eq!(
        totals(realm(A, "Cormyr"), ("Allisa of the Mist", NONE), ("Mul Savage", NONE)).0,
        8
    );
    assert_eq!(
        totals(
            realm(A, "Cormyr"),
            ("Allisa of the Mist", NONE),
            ("Cleric of Torm", NONE)
        )
        .0,
        5
    );
}

#[test]
fn card_1st_57_the_jotunslayers_are_level_eight_against_a_monster() {
    assert_eq!(
        totals(
            realm(A, "Cormyr"),
            ("The Jotunslayers", &["Magic Sword"]),
            ("Mul Savage", NONE)
        )
        .0,
        8 + 2
    );
}

#[test]
fn card_1st_80_the_black_courser_is_level_eight_against_undead() {
    assert_eq!(
        totals(
            realm(A, "Cormyr"),
            ("The Black Courser", NONE),
            ("Skeletal Horde", NONE)
        )
        .0,
        8
    );
    assert_eq!(
        totals(realm(A, "Cormyr"), ("The Black Courser", NONE), ("Mul Savage", NONE)).0,
        4
    );
}

#[test]
fn card_1st_47_torg_is_doubled_at_the_great_rift() {
    assert_eq!(
        totals(
            realm(A, "The Great Rift"),
            ("Cleric of Torm", NONE),
            ("Torg Mac Cei, the Ironlord", NONE)
        )
        .1,
        12
    );
}

#[test]
fn card_1st_71_drow_matron_gains_three_defending_menzoberranzan() {
    assert_eq!(
        totals(
            realm(A, "Menzoberranzan"),
            ("Mordenkainen", NONE),
            ("Drow Matron", NONE)
        )
        .1,
        8
    );
    assert_eq!(
        totals(realm(A, "Cormyr"), ("Mordenkainen", NONE), ("Drow Matron", NONE)).1,
        5
    );
}

#[test]
fn card_1st_161_rary_gains_against_a_wizard_and_defending_a_realm_with_a_holding() {
    let game = round(
        realm(A, "Cormyr").holding("Hillsfar"),
        ("Mordenkainen", NONE),
        ("Rary the Traitor", NONE),
        &[],
        &[],
    );
    // 4 + 3 (a wizard) + 3 (a holding) + 3 (Hillsfar).
    assert_eq!(total(&game, Side::Defender), 13);
}

#[test]
fn card_1st_165_mika_gains_three_when_the_opponent_uses_allies() {
    let mut game = round(
        realm(A, "Cormyr"),
        ("Azhul", NONE),
        ("Mika the Wolf-Nomad", NONE),
        &["Galek"],
        &[],
    );
    assert_eq!(total(&game, Side::Defender), 7);
    ally(&mut game, 0, "Galek");
    assert_eq!(total(&game, Side::Defender), 10);
}

#[test]
fn card_1st_181_wolf_nomads_gain_two_with_mika_in_the_pool() {
    let game = attack(realm(A, "Cormyr"), ("Wolf Nomads", NONE), &[], &[], &[]);
    assert_eq!(total(&game, Side::Attacker), 4, "no Mika in play");
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr")])
        .pool(0, [("Wolf Nomads", NONE), ("Mika the Wolf-Nomad", NONE)])
        .build();
    let champion = game.id_of(0, "Wolf Nomads");
    ok(
        &mut game,
        Action::Attack {
            champion,
            defender: P2,
            at: Position(A),
        },
    );
    assert_eq!(total(&game, Side::Attacker), 6);
}

#[test]
fn card_1st_56_adventurers_their_allies_gain_one() {
    let mut game = round(
        realm(A, "Cormyr"),
        ("Adventurers", NONE),
        ("Mordenkainen", NONE),
        &["Galek"],
        &[],
    );
    ally(&mut game, 0, "Galek");
    assert_eq!(total(&game, Side::Attacker), 4 + 3);
}

#[test]
fn card_1st_65_pteranadon_gains_three_defending_chult() {
    let mut game = round(
        realm(A, "Jungles of Chult"),
        ("Mordenkainen", NONE),
        ("Mul Savage", NONE),
        &[],
        &["Pteranadon"],
    );
    ally(&mut game, 1, "Pteranadon");
    assert_eq!(total(&game, Side::Defender), 6 + 5);
}

// Limits on attacking, defending and allies (SF-147, SF-140).

#[test]
fn card_1st_10_pirate_isles_sf_147_a_flyer_cannot_attack_it() {
    assert_eq!(
        may_attack(realm(A, "Pirate Isles"), "Neeva").unwrap_err().rule,
        "SF-147"
    );
    assert!(may_attack(realm(A, "Pirate Isles"), "Azhul").is_ok());
}

#[test]
fn card_1st_129_the_bright_desert_heroes_cannot_attack_it() {
    assert!(may_attack(realm(A, "The Bright Desert"), "Azhul").is_err());
    assert!(may_attack(realm(A, "The Bright Desert"), "Mul Savage").is_ok());
}

#[test]
fn card_1st_39_selune_undead_cannot_attack_its_realm() {
    assert!(may_attack(realm(A, "Cormyr").holding("Selune"), "Skeletal Horde").is_err());
    assert!(may_attack(realm(A, "Cormyr"), "Skeletal Horde").is_ok());
}

#[test]
fn card_1st_232_salt_view_monsters_cannot_attack_its_realm() {
    assert!(may_attack(realm(A, "Tyr").holding("Salt Veiw"), "Mul Savage").is_err());
    assert!(may_attack(realm(A, "Tyr").holding("Salt Veiw"), "Azhul").is_ok());
}

#[test]
fn card_1st_131_the_bone_march_heroes_cannot_defend_it() {
    let game = attack(
        realm(A, "The Bone March"),
        ("Mordenkainen", NONE),
        &[("Azhul", NONE), ("Cleric of Torm", NONE)],
        &[],
        &[],
    );
    let azhul = game.id_of(1, "Azhul");
    assert_eq!(refused(&game, Action::Defend { champion: azhul }).rule, "SF-140");
    let torm = game.id_of(1, "Cleric of Torm");
    assert!(game.check(&Action::Defend { champion: torm }).is_ok());
}

#[test]
fn card_1st_26_daggerdale_no_allies_attack_it() {
    let game = round(
        realm(A, "Daggerdale"),
        ("Azhul", NONE),
        ("Mordenkainen", NONE),
        &["Galek"],
        &["Rowan"],
    );
    let galek = game.id_of(0, "Galek");
    assert_eq!(refused(&game, Action::PlayAlly(galek)).rule, "SF-140");
}

#[test]
fn card_1st_330_tembo_the_opponent_uses_no_allies() {
    let game = round(
        realm(A, "Cormyr"),
        ("Azhul", NONE),
        ("Tembo", &["Magic Sword"]),
        &["Galek"],
        &[],
    );
    assert_eq!(game.losing_side(), Side::Attacker);
    let galek = game.id_of(0, "Galek");
    refused(&game, Action::PlayAlly(galek));
}

#[test]
fn card_1st_239_bodach_one_attacking_ally_only() {
    let mut game = round(
        realm(A, "Tyr").holding("Bodach"),
        ("Azhul", NONE),
        ("Mordenkainen", NONE),
        &["Rowan", "Galek"],
        &[],
    );
    ally(&mut game, 0, "Rowan");
    assert_eq!(game.losing_side(), Side::Attacker);
    let galek = game.id_of(0, "Galek");
    refused(&game, Action::PlayAlly(galek));
}

// Spells a realm lets its defender cast.

#[test]
fn card_1st_1_waterdeep_sf_140_its_defender_may_cast_wizard_spells_while_it_is_the_target() {
    let game = round(
        realm(A, "Waterdeep"),
        ("Mordenkainen", NONE),
        ("Azhul", NONE),
        &[],
        &["Lightning Bolt"],
    );
    let bolt = game.id_of(1, "Lightning Bolt");
    ok(&mut game.clone(), Action::UseCard(bolt));
    let game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Azhul", NONE),
        &[],
        &["Lightning Bolt"],
    );
    let bolt = game.id_of(1, "Lightning Bolt");
    refused(&game, Action::UseCard(bolt));
}

#[test]
fn card_1st_143_arms_of_iuz_its_realms_defender_may_cast_cleric_spells() {
    let mut game = round(
        realm(A, "Cormyr").holding("Arms of Iuz"),
        ("Mordenkainen", NONE),
        ("Azhul", NONE),
        &[],
        &["Sticks to Snakes", "Lightning Bolt"],
    );
    let bolt = game.id_of(1, "Lightning Bolt");
    refused(&game, Action::UseCard(bolt));
    let snakes = game.id_of(1, "Sticks to Snakes");
    ok(&mut game, Action::UseCard(snakes));
    assert_eq!(total(&game, Side::Defender), 8);
}

#[test]
fn card_1st_3_zhentil_keep_defends_as_a_cleric_and_casts_cleric_spells() {
    let mut game = attack(
        realm(A, "Zhentil Keep"),
        ("Mordenkainen", NONE),
        &[],
        &[],
        &["Sticks to Snakes"],
    );
    let keep = game.player(P2).formation.slot(Position(A)).unwrap().realm;
    ok(&mut game, Action::Defend { champion: keep });
    let snakes = game.id_of(1, "Sticks to Snakes");
    ok(&mut game, Action::UseCard(snakes));
    assert_eq!(total(&game, Side::Defender), 9);
}

// Immunities (section 16).

#[test]
fn card_1st_41_alias_sf_178_sf_179_sf_181_immune_to_offensive_spells_attacking_or_defending() {
    // Alias defends with War Banner, 7 against Mordenkainen's 7: the attacker's Lightning Bolt
    // (+5, offensive) counts nothing against him.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Alias the Sell-Sword", &["War Banner"]),
        &["Lightning Bolt"],
        &[],
    );
    assert_eq!(game.losing_side(), Side::Attacker);
    let bolt = game.id_of(0, "Lightning Bolt");
    ok(&mut game, Action::UseCard(bolt));
    assert_eq!(total(&game, Side::Attacker), 7);
    assert_eq!(game.losing_side(), Side::Attacker, "the bolt was spent for nothing");
    assert!(
        game.battle()
            .unwrap()
            .attacking
            .as_ref()
            .unwrap()
            .round_cards
            .contains(&bolt)
    );
    // Attacking, he is immune too (SF-181), and to cleric spells as to wizard spells (SF-179).
    let mut game = round(
        realm(A, "Cormyr"),
        ("Alias the Sell-Sword", NONE),
        ("Cleric of Torm", NONE),
        &[],
        &["Sticks to Snakes"],
    );
    let snakes = game.id_of(1, "Sticks to Snakes");
    ok(&mut game, Action::UseCard(snakes));
    assert_eq!(
        total(&game, Side::Defender),
        5,
        "an offensive cleric spell counts nothing"
    );
}

#[test]
fn card_1st_321_elemental_cleric_sf_178_immune_to_offensive_wizard_spells() {
    // The Elemental Cleric with the Crystal of the Ebon Flame: 2 + 6 against Mordenkainen's 7.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Elemental Cleric", &["Crystal of the Ebon Flame"]),
        &["Lightning Bolt"],
        &[],
    );
    let bolt = game.id_of(0, "Lightning Bolt");
    ok(&mut game, Action::UseCard(bolt));
    assert_eq!(total(&game, Side::Attacker), 7);
    // Against a cleric without the immunity the bolt counts.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Cleric of Gond", &["Crystal of the Ebon Flame"]),
        &["Lightning Bolt"],
        &[],
    );
    let bolt = game.id_of(0, "Lightning Bolt");
    ok(&mut game, Action::UseCard(bolt));
    assert_eq!(total(&game, Side::Attacker), 12);
}

#[test]
fn card_1st_149_fortification_the_realm_and_its_defenders_are_immune_to_offensive_spells() {
    let mut game = round(
        realm(A, "Cormyr").holding("Fortification"),
        ("The Magister", NONE),
        ("Cleric of Torm", NONE),
        &["Lightning Bolt"],
        &[],
    );
    let bolt = game.id_of(0, "Lightning Bolt");
    ok(&mut game, Action::UseCard(bolt));
    assert_eq!(total(&game, Side::Attacker), 4);
}

#[test]
fn card_1st_146_arms_of_furyondy_harmful_events_cannot_aim_at_its_realm() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(
            1,
            [realm(A, "Cormyr").holding("Arms of Furyondy"), realm(B, "Waterdeep")],
        )
        .hand(0, ["Cataclysm!"])
        .build();
    let cataclysm = game.id_of(0, "Cataclysm!");
    ok(&mut game, Action::PlayEvent(cataclysm));
    let cormyr = game.player(P2).formation.slot(Position(A)).unwrap().realm;
    let waterdeep = game.player(P2).formation.slot(Position(B)).unwrap().realm;
    assert!(!game.legal().contains(&Action::Choose(cormyr)));
    assert!(game.legal().contains(&Action::Choose(waterdeep)));
    assert_eq!(game.owner(cormyr), P2);
}

// Items and spells in a round.

#[test]
fn card_1st_206_magic_sword_counts_five_against_undead() {
    assert_eq!(
        totals(
            realm(A, "Cormyr"),
            ("Azhul", &["Magic Sword"]),
            ("Skeletal Horde", NONE)
        )
        .0,
        4 + 5
    );
    assert_eq!(
        totals(realm(A, "Cormyr"), ("Azhul", &["Magic Sword"]), ("Mul Savage", NONE)).0,
        4 + 2
    );
}

#[test]
fn card_1st_102_banner_of_the_one_eyed_god_its_champions_allies_gain_one() {
    let mut game = round(
        realm(A, "Cormyr"),
        ("Azhul", &["Banner of the One-Eyed God"]),
        ("Mordenkainen", NONE),
        &["Galek"],
        &[],
    );
    assert_eq!(total(&game, Side::Attacker), 5);
    ally(&mut game, 0, "Galek");
    assert_eq!(total(&game, Side::Attacker), 5 + 3);
}

#[test]
fn card_1st_353_bless_the_champion_and_each_ally_gain_one() {
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Cleric of Torm", NONE),
        &[],
        &["Rowan", "Bless"],
    );
    ally(&mut game, 1, "Rowan");
    assert_eq!(total(&game, Side::Defender), 6);
    let bless = game.id_of(1, "Bless");
    ok(&mut game, Action::UseCard(bless));
    assert_eq!(total(&game, Side::Defender), 8);
    assert_eq!(total(&game, Side::Attacker), 7, "the other side is not blessed");
}

#[test]
fn card_1st_375_hold_undead_opposing_undead_allies_count_nothing() {
    // The Magister with a Magic Sword (6) against the Cleric of Gond (4), who brings a Skeleton
    // and a Sea Zombie (4 + 1 + 4 = 9); the Hold Undead takes both away again.
    let mut game = round(
        realm(A, "Cormyr"),
        ("The Magister", &["Magic Sword"]),
        ("Cleric of Gond", NONE),
        &["Hold Undead"],
        &["Skeleton", "Sea Zombie"],
    );
    ally(&mut game, 1, "Skeleton");
    ally(&mut game, 1, "Sea Zombie");
    assert_eq!(total(&game, Side::Defender), 9);
    let hold = game.id_of(0, "Hold Undead");
    ok(&mut game, Action::UseCard(hold));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (6, 4));
    assert_eq!(game.losing_side(), Side::Defender);
}

#[test]
fn card_1st_217_net_of_entrapment_the_opponent_plays_no_allies() {
    let game = round(
        realm(A, "Cormyr"),
        ("Azhul", NONE),
        ("Cleric of Torm", &["Net of Entrapment"]),
        &["Galek"],
        &[],
    );
    let galek = game.id_of(0, "Galek");
    assert_eq!(refused(&game, Action::PlayAlly(galek)).rule, "SF-140");
}

#[test]
fn card_1st_103_viperhand_its_carrier_may_cast_wizard_spells() {
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Azhul", &["Viperhand"]),
        &[],
        &["Lightning Bolt"],
    );
    let bolt = game.id_of(1, "Lightning Bolt");
    ok(&mut game, Action::UseCard(bolt));
    assert_eq!(total(&game, Side::Defender), 9);
}

#[test]
fn card_1st_173_griffon_its_carrier_flies_over_the_front_realms() {
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr"), realm(B, "Waterdeep"), realm(2, "Thay")])
        .pool(0, [("Azhul", &["Griffon"][..]), ("Herminard", NONE)])
        .build();
    // Thay at C is behind A and B: only a flyer reaches it.
    let azhul = game.id_of(0, "Azhul");
    assert!(
        game.check(&Action::Attack {
            champion: azhul,
            defender: P2,
            at: Position(2)
        })
        .is_ok()
    );
    let herminard = game.id_of(0, "Herminard");
    assert_eq!(
        refused(
            &game,
            Action::Attack {
                champion: herminard,
                defender: P2,
                at: Position(2)
            }
        )
        .rule,
        "SF-55"
    );
}

#[test]
fn card_1st_310_orb_of_power_offensive_spells_and_items_count_nothing_against_its_carrier() {
    // Mordenkainen with the Staff of Conjuring (+5, offensive) against Azhul with the orb: 7.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", &["Staff of Conjuring"]),
        ("Azhul", &["Orb of Power", "Magic Sword"]),
        &["Lightning Bolt"],
        &[],
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 6));
    assert_eq!(game.losing_side(), Side::Defender);
    let _ = &mut game;
}

// Events that discard every card of a kind.

fn event_table(p1_pool: &[(&str, &[&str])], p2_pool: &[(&str, &[&str])], event: &str) -> Spellfire {
    let mut setup = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep")])
        .formation(1, [realm(A, "Cormyr")])
        .hand(0, [event]);
    for &champion in p1_pool {
        setup = setup.pool(0, [champion]);
    }
    for &champion in p2_pool {
        setup = setup.pool(1, [champion]);
    }
    let mut game = setup.build();
    let card = game.id_of(0, event);
    ok(&mut game, Action::PlayEvent(card));
    common::all_pass(&mut game);
    game
}

fn pool_names(game: &Spellfire, seat: spellhall_core::Seat) -> Vec<String> {
    game.player(seat)
        .pool
        .iter()
        .map(|c| game.name(c.card).to_string())
        .collect()
}

fn discard_names(game: &Spellfire, seat: spellhall_core::Seat) -> Vec<String> {
    game.player(seat)
        .discard
        .iter()
        .map(|&c| game.name(c).to_string())
        .collect()
}

#[test]
fn card_1st_275_wind_dancers_discard_every_flyer_of_every_player() {
    let game = event_table(
        &[("Neeva", NONE), ("Azhul", NONE)],
        &[("Griffin", NONE), ("Mul Savage", NONE)],
        "Wind Dancers",
    );
    assert_eq!(pool_names(&game, P1), ["Azhul"]);
    assert_eq!(pool_names(&game, P2), ["Mul Savage"]);
    assert!(discard_names(&game, P1).contains(&"Neeva".to_string()));
    assert!(discard_names(&game, P2).contains(&"Griffin".to_string()));
}

#[test]
fn card_1st_276_water_hunters_discard_every_undead() {
    let game = event_table(
        &[("Azhul", NONE)],
        &[("Skeletal Horde", &["Magic Sword"]), ("Mul Savage", NONE)],
        "Water Hunters",
    );
    assert_eq!(pool_names(&game, P2), ["Mul Savage"]);
    let gone = discard_names(&game, P2);
    assert!(
        gone.contains(&"Skeletal Horde".to_string()) && gone.contains(&"Magic Sword".to_string()),
        "{gone:?}"
    );
}

#[test]
fn card_1st_278_sky_singers_discard_every_magical_item() {
    let game = event_table(
        &[("Azhul", &["Magic Sword"])],
        &[("Mul Savage", &["War Banner"])],
        "Sky Singers",
    );
    assert!(game.player(P1).pool[0].attachments.is_empty() && game.player(P2).pool[0].attachments.is_empty());
    assert_eq!(discard_names(&game, P2), ["War Banner"]);
    assert_eq!(pool_names(&game, P1), ["Azhul"], "the champions stay");
}

#[test]
fn card_1st_210_fast_talking_discards_items_and_artifacts() {
    let game = event_table(
        &[("Azhul", &["Magic Sword"])],
        &[("Rary the Traitor", &["Codex of the Infinite Planes"])],
        "Fast Talking!",
    );
    assert!(game.player(P1).pool[0].attachments.is_empty() && game.player(P2).pool[0].attachments.is_empty());
    assert_eq!(discard_names(&game, P2), ["Codex of the Infinite Planes"]);
}

#[test]
fn card_1st_312_treasure_discards_every_monster() {
    let game = event_table(&[("Mul Savage", NONE), ("Azhul", NONE)], &[("Tembo", NONE)], "Treasure");
    assert_eq!(pool_names(&game, P1), ["Azhul"]);
    assert!(pool_names(&game, P2).is_empty());
}

#[test]
fn card_1st_380_ice_storm_discards_champions_of_level_four_or_less() {
    let game = event_table(
        &[("Azhul", NONE), ("Mordenkainen", NONE)],
        &[("Cleric of Torm", NONE), ("The Magister", NONE)],
        "Ice Storm",
    );
    assert_eq!(pool_names(&game, P1), ["Mordenkainen"]);
    assert_eq!(pool_names(&game, P2), ["Cleric of Torm"]);
    assert_eq!(discard_names(&game, P2), ["The Magister"]);
}

// Spells that discard cards in a round.

#[test]
fn card_1st_331_fireball_discards_opposing_allies_of_level_four_or_less() {
    // Azhul with Galek and War Party (+4) against the Magister: 4 + 2 + 4 = 10 against 4.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Azhul", NONE),
        &["Fireball"],
        &["Galek", "War Party", "Elven Archer"],
    );
    ally(&mut game, 1, "Galek");
    ally(&mut game, 1, "War Party");
    assert_eq!(game.losing_side(), Side::Attacker);
    let fireball = game.id_of(0, "Fireball");
    ok(&mut game, Action::UseCard(fireball));
    assert_eq!(total(&game, Side::Defender), 4);
    let gone = discard_names(&game, P2);
    assert!(
        gone.contains(&"Galek".to_string()) && gone.contains(&"War Party".to_string()),
        "{gone:?}"
    );
    assert!(discard_names(&game, P1).is_empty(), "the caster's side loses nothing");
}

#[test]
fn card_1st_352_blade_barrier_only_when_defending() {
    // Attacking, the cleric cannot cast it.
    let game = round(
        realm(A, "Cormyr"),
        ("Cleric of Gond", NONE),
        ("Mordenkainen", NONE),
        &["Blade Barrier"],
        &[],
    );
    let barrier = game.id_of(0, "Blade Barrier");
    refused(&game, Action::UseCard(barrier));
    // Defending, it discards the attacker's allies of level 5 or less.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Azhul", NONE),
        ("Cleric of Torm", NONE),
        &["Galek"],
        &["Blade Barrier"],
    );
    ally(&mut game, 0, "Galek");
    assert_eq!(game.losing_side(), Side::Defender);
    let barrier = game.id_of(1, "Blade Barrier");
    ok(&mut game, Action::UseCard(barrier));
    assert_eq!(total(&game, Side::Attacker), 4);
    assert!(discard_names(&game, P1).contains(&"Galek".to_string()));
}

#[test]
fn card_1st_365_holy_word_discards_undead_allies_on_both_sides() {
    let mut game = round(
        realm(A, "Cormyr"),
        ("Cleric of Gond", NONE),
        ("Cleric of Torm", NONE),
        &["Skeleton", "Holy Word"],
        &[],
    );
    ally(&mut game, 0, "Skeleton");
    assert_eq!(game.losing_side(), Side::Attacker, "5 against 5");
    let word = game.id_of(0, "Holy Word");
    ok(&mut game, Action::UseCard(word));
    assert_eq!(total(&game, Side::Attacker), 4, "his own skeleton goes too");
    assert!(discard_names(&game, P1).contains(&"Skeleton".to_string()));
}

#[test]
fn card_1st_357_charm_the_caster_chooses_one_opposing_ally_to_discard() {
    // 4 against 4: no opposing ally yet, so there is nothing to charm.
    let game = round(
        realm(A, "Cormyr"),
        ("The Magister", NONE),
        ("Cleric of Gond", NONE),
        &["Charm"],
        &[],
    );
    let charm = game.id_of(0, "Charm");
    refused(&game, Action::UseCard(charm));
    let mut game = round(
        realm(A, "Cormyr"),
        ("The Magister", &["Magic Sword"]),
        ("Cleric of Gond", NONE),
        &["Charm"],
        &["Rowan", "Galek"],
    );
    ally(&mut game, 1, "Rowan");
    ally(&mut game, 1, "Galek");
    let charm = game.id_of(0, "Charm");
    ok(&mut game, Action::UseCard(charm));
    let galek = game.id_of(1, "Galek");
    let own = game.id_of(0, "The Magister");
    assert!(!game.legal().contains(&Action::Choose(own)), "only opposing allies");
    ok(&mut game, Action::Choose(galek));
    assert_eq!(total(&game, Side::Defender), 4 + 1);
    assert_eq!(discard_names(&game, P2), ["Galek"]);
}

#[test]
fn card_1st_392_death_spell_sf_185_not_at_an_immune_champion_nor_his_allies() {
    // Mordenkainen with a Magic Sword (9) against Alias (6), who brings Rowan and Galek (9).
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", &["Magic Sword"]),
        ("Alias the Sell-Sword", NONE),
        &["Death Spell"],
        &["Rowan", "Galek"],
    );
    ally(&mut game, 1, "Rowan");
    ally(&mut game, 1, "Galek");
    assert_eq!(game.losing_side(), Side::Attacker);
    let spell = game.id_of(0, "Death Spell");
    ok(&mut game, Action::UseCard(spell));
    // Alias is immune to offensive spells, and so are his allies: the wizard may only aim at
    // himself, the one card of level 7 or less left.
    let own = game.id_of(0, "Mordenkainen");
    assert_eq!(game.legal(), [Action::Choose(own)]);
    // Against a champion without immunity, the spell discards him.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Cleric of Torm", &["Staff of Conjuring"]),
        &["Death Spell"],
        &[],
    );
    let spell = game.id_of(0, "Death Spell");
    ok(&mut game, Action::UseCard(spell));
    let torm = game.id_of(1, "Cleric of Torm");
    ok(&mut game, Action::Choose(torm));
    let gone = discard_names(&game, P2);
    assert!(
        gone.contains(&"Cleric of Torm".to_string()) && gone.contains(&"Staff of Conjuring".to_string()),
        "{gone:?}"
    );
}

#[test]
fn card_1st_397_finger_of_death_level_five_or_less() {
    let game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Neeva", &["Magic Sword"]),
        &["Finger of Death"],
        &[],
    );
    let finger = game.id_of(0, "Finger of Death");
    assert_eq!(
        refused(&game, Action::UseCard(finger)).rule,
        "SF-166",
        "both champions are level 7"
    );
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Azhul", &["Staff of Conjuring"]),
        &["Finger of Death"],
        &[],
    );
    let finger = game.id_of(0, "Finger of Death");
    ok(&mut game, Action::UseCard(finger));
    let azhul = game.id_of(1, "Azhul");
    assert_eq!(game.legal(), [Action::Choose(azhul)]);
}

#[test]
fn card_1st_395_banishment_discards_one_monster() {
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Mul Savage", &["Magic Sword"]),
        &["Banishment"],
        &[],
    );
    let banishment = game.id_of(0, "Banishment");
    ok(&mut game, Action::UseCard(banishment));
    let savage = game.id_of(1, "Mul Savage");
    assert_eq!(game.legal(), [Action::Choose(savage)]);
    ok(&mut game, Action::Choose(savage));
    assert!(discard_names(&game, P2).contains(&"Mul Savage".to_string()));
}

// Realm powers outside battles, limits on spells, and walls.

#[test]
fn card_1st_32_tantras_no_spells_on_either_side() {
    let game = round(
        realm(A, "Tyr").holding("Tantras"),
        ("Mordenkainen", NONE),
        ("The Magister", NONE),
        &[],
        &["Lightning Bolt"],
    );
    let bolt = game.id_of(1, "Lightning Bolt");
    assert_eq!(refused(&game, Action::UseCard(bolt)).rule, "SF-140");
    let mut game = round(
        realm(A, "Tyr"),
        ("Mordenkainen", NONE),
        ("The Magister", NONE),
        &[],
        &["Lightning Bolt"],
    );
    ok(&mut game, Action::UseCard(bolt));
}

#[test]
fn card_1st_228_the_mud_palace_its_owner_holds_two_more_cards() {
    let mut setup = TestGame::new(2)
        .phase(Phase::AfterBattle)
        .formation(0, [realm(A, "Tyr").holding("The Mud Palace")]);
    for _ in 0..10 {
        setup = setup.hand(0, ["Rowan"]);
    }
    let game = setup.build();
    assert_eq!(game.hand_limit_for(P1), game.hand_limit() + 2);
    assert_eq!(game.hand_limit_for(P2), game.hand_limit());
    assert_eq!(game.view_for(P1).hand_limit, game.hand_limit() + 2);
    // Razed, the palace's realm gives nothing.
    let game = TestGame::new(2)
        .formation(0, [realm(A, "Tyr").holding("The Mud Palace").razed()])
        .build();
    assert_eq!(game.hand_limit_for(P1), game.hand_limit());
}

#[test]
fn card_1st_123_the_great_kingdom_no_undead_attack_it_and_its_owner_holds_two_more_cards() {
    assert!(may_attack(realm(A, "The Great Kingdom"), "Skeletal Horde").is_err());
    let game = TestGame::new(2).formation(1, [realm(A, "The Great Kingdom")]).build();
    assert_eq!(game.hand_limit_for(P2), game.hand_limit() + 2);
}

#[test]
fn card_1st_224_tyr_its_owner_draws_one_more_card_each_turn() {
    let game = TestGame::new(2)
        .phase(Phase::StartOfTurn)
        .formation(0, [realm(A, "Tyr")])
        .build();
    assert_eq!(game.turn_draw(P1), game.turn_draw(P2) + 1);
    let before = game.player(P1).hand.len();
    let mut game = game;
    ok(&mut game, Action::Draw);
    assert_eq!(game.player(P1).hand.len(), before + game.turn_draw(P2) + 1);
}

#[test]
fn card_1st_28_haunted_hall_of_eveningstar_draws_a_card_when_played() {
    let mut game = TestGame::new(2)
        .phase(Phase::Realms)
        .hand(0, ["Haunted Hall of Eveningstar"])
        .build();
    let hall = game.id_of(0, "Haunted Hall of Eveningstar");
    let draw = game.player(P1).draw.len();
    ok(
        &mut game,
        Action::PlayRealm {
            card: hall,
            at: Position(A),
        },
    );
    assert_eq!(
        game.player(P1).hand.len(),
        1,
        "the hall left the hand, one card came in"
    );
    assert_eq!(game.player(P1).draw.len(), draw - 1);
}

#[test]
fn card_1st_388_passwall_undoes_the_wall_and_the_attacker_goes_on() {
    // The Magister with a Magic Sword (6) against Grypht (4), who raises a wall.
    let mut game = round(
        realm(A, "Cormyr"),
        ("The Magister", &["Magic Sword"]),
        ("Grypht the Saurial", NONE),
        &["Passwall"],
        &["Wall of Iron"],
    );
    let wall = game.id_of(1, "Wall of Iron");
    ok(&mut game, Action::UseCard(wall));
    assert!(matches!(game.pending(), Some(spellfire::Pending::Walled { .. })));
    let passwall = game.id_of(0, "Passwall");
    ok(&mut game, Action::UseCard(passwall));
    assert!(game.pending().is_none(), "the wall is gone");
    assert!(
        game.battle().is_some_and(|b| b.attacking.is_some()),
        "the attacker fights on"
    );
}

// The greedy computer weighs the powers it can read from its view.

#[test]
fn greedy_computer_casts_fireball_on_the_allies_that_put_it_behind() {
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Azhul", NONE),
        &["Fireball", "Rowan"],
        &["Galek", "War Party"],
    );
    ally(&mut game, 1, "Galek");
    ally(&mut game, 1, "War Party");
    let legal = game.legal();
    let mut rng = spellhall_core::GameRng::new(7);
    let pick = spellfire::computer::greedy_choice(&game.view_for(P1), &legal, &common::content(), &mut rng);
    assert_eq!(legal[pick], Action::UseCard(game.id_of(0, "Fireball")), "{legal:?}");
}

#[test]
fn greedy_computer_plays_an_event_that_costs_the_others_more() {
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep")])
        .formation(1, [realm(A, "Cormyr")])
        .pool(0, [("Azhul", NONE)])
        .pool(1, [("Neeva", NONE), ("Griffin", NONE)])
        .hand(0, ["Wind Dancers"])
        .build();
    let dancers = game.id_of(0, "Wind Dancers");
    let content = common::content();
    let score_of = |game: &Spellfire| {
        let legal = game.legal();
        let mut rng = spellhall_core::GameRng::new(1);
        legal[spellfire::computer::greedy_choice(&game.view_for(P1), &legal, &content, &mut rng)].clone()
    };
    assert_eq!(score_of(&game), Action::PlayEvent(dancers));
    // With its own flyers in the pool and none elsewhere, it keeps the card.
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep")])
        .formation(1, [realm(A, "Cormyr")])
        .pool(0, [("Neeva", NONE)])
        .pool(1, [("Azhul", NONE)])
        .hand(0, ["Wind Dancers"])
        .build();
    assert_ne!(score_of(&game), Action::PlayEvent(game.id_of(0, "Wind Dancers")));
}

// Powers that last until their player's next turn.

/// P1 plays `event`, everyone lets it be, then P1's Mordenkainen (7) attacks P2's Cormyr and the
/// Cleric of Torm (5) defends; P2 holds Rowan (+1).
fn round_after_event(event: &str) -> (Spellfire, spellfire::CardId) {
    let mut game = attack(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        &[("Cleric of Torm", NONE)],
        &[event],
        &["Rowan"],
    );
    // The attack was declared; the event is played in the round before the defence.
    let card = game.id_of(0, event);
    ok(&mut game, Action::Claim(P1));
    ok(&mut game, Action::PlayEvent(card));
    common::all_pass(&mut game);
    let torm = game.id_of(1, "Cleric of Torm");
    ok(&mut game, Action::Defend { champion: torm });
    (game, card)
}

#[test]
fn card_1st_91_bad_omens_every_champion_and_ally_loses_a_level_until_its_players_next_turn() {
    let (mut game, omens) = round_after_event("Bad Omens");
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (6, 4));
    ally(&mut game, 1, "Rowan");
    assert_eq!(total(&game, Side::Defender), 4, "Rowan +1 counts 0");
    assert!(
        game.player(P1).abyss.contains(&omens),
        "the event itself went to the Abyss"
    );
}

#[test]
fn card_1st_92_fortunate_omens_every_ally_gains_three() {
    let (mut game, _) = round_after_event("Fortunate Omens");
    assert_eq!(total(&game, Side::Defender), 5, "champions do not gain");
    ally(&mut game, 1, "Rowan");
    assert_eq!(total(&game, Side::Defender), 5 + 4, "the other player's ally gains too");
}

#[test]
fn card_1st_387_faithful_hound_only_flyers_attack_until_its_players_next_turn() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr")])
        .pool(0, [("Azhul", NONE), ("Neeva", NONE)])
        .hand(1, ["Faithful Hound"])
        .build();
    ok(&mut game, Action::Claim(P2));
    let hound = game.id_of(1, "Faithful Hound");
    ok(&mut game, Action::PlayEvent(hound));
    common::all_pass(&mut game);
    let azhul = game.id_of(0, "Azhul");
    assert_eq!(
        refused(
            &game,
            Action::Attack {
                champion: azhul,
                defender: P2,
                at: Position(A)
            }
        )
        .rule,
        "SF-140"
    );
    let neeva = game.id_of(0, "Neeva");
    assert!(
        game.check(&Action::Attack {
            champion: neeva,
            defender: P2,
            at: Position(A)
        })
        .is_ok()
    );
    // It lasts until its player's (P2's) next turn begins.
    while game.active() == P1 {
        let next = [Action::EndPhase, Action::EndTurn, Action::Pass]
            .into_iter()
            .find(|a| game.legal().contains(a))
            .expect("P1 can end his turn");
        ok(&mut game, next);
    }
    assert!(!game.lasting_bars(azhul, P2));
}

#[test]
fn card_1st_371_wall_of_fog_no_attacks_until_the_casters_next_turn() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Thay")])
        .formation(1, [realm(A, "Cormyr")])
        .pool(0, [("Mordenkainen", NONE), ("Neeva", NONE)])
        .hand(0, ["Wall of Fog"])
        .build();
    let fog = game.id_of(0, "Wall of Fog");
    ok(&mut game, Action::UseCard(fog));
    let neeva = game.id_of(0, "Neeva");
    refused(
        &game,
        Action::Attack {
            champion: neeva,
            defender: P2,
            at: Position(A),
        },
    );
}

#[test]
fn card_1st_389_rock_to_mud_only_flyers_attack_its_players_realms() {
    // Cast by the defender in a round; afterwards only flyers may attack his realms.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr"), realm(B, "Thay")])
        .pool(0, [("Mordenkainen", NONE), ("Azhul", NONE), ("Neeva", NONE)])
        .pool(1, [("Grypht the Saurial", NONE)])
        .hand(1, ["Rock to Mud"])
        .build();
    let champion = game.id_of(0, "Mordenkainen");
    ok(
        &mut game,
        Action::Attack {
            champion,
            defender: P2,
            at: Position(A),
        },
    );
    let grypht = game.id_of(1, "Grypht the Saurial");
    ok(&mut game, Action::Defend { champion: grypht });
    let mud = game.id_of(1, "Rock to Mud");
    ok(&mut game, Action::UseCard(mud));
    let azhul = game.id_of(0, "Azhul");
    assert!(game.lasting_bars(azhul, P2));
    let neeva = game.id_of(0, "Neeva");
    assert!(!game.lasting_bars(neeva, P2));
    assert!(!game.lasting_bars(azhul, P1), "only its player's realms");
}

// Powers of attached cards and allies as they come into the round.

#[test]
fn card_1st_318_the_heartwood_spear_defeats_an_opposing_monster_or_dragon_at_once() {
    // Agis (Dark Sun) carries the spear against a monster: its owner may reply once, then the
    // monster is defeated and discarded.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Agis", &["The Heartwood Spear"]),
        ("Mul Savage", NONE),
        &[],
        &[],
    );
    match game.pending() {
        Some(spellfire::Pending::InstantDefeat(threat)) => {
            assert_eq!((threat.seat, threat.victim), (P2, Side::Defender));
            assert_eq!(threat.source, game.id_of(0, "The Heartwood Spear"));
        }
        other => panic!("no instant defeat: {other:?}"),
    }
    ok(&mut game, Action::Pass);
    assert!(discard_names(&game, P2).contains(&"Mul Savage".to_string()));
    // Against a hero nothing happens.
    let game = round(
        realm(A, "Cormyr"),
        ("Agis", &["The Heartwood Spear"]),
        ("Azhul", NONE),
        &[],
        &[],
    );
    assert!(!matches!(game.pending(), Some(spellfire::Pending::InstantDefeat(_))));
}

#[test]
fn card_1st_192_giant_skeleton_the_opposing_champions_sword_is_discarded_as_it_joins() {
    // Azhul with a Magic Sword (6, the sword's +2) against Cleric of Gond (4): the cleric brings
    // the skeleton, and the sword goes to its owner's discard pile.
    let mut game = attack(
        realm(A, "Cormyr"),
        ("Azhul", &["Magic Sword"]),
        &[("Cleric of Gond", NONE)],
        &[],
        &["Giant Skeleton"],
    );
    let gond = game.id_of(1, "Cleric of Gond");
    ok(&mut game, Action::Defend { champion: gond });
    ally(&mut game, 1, "Giant Skeleton");
    assert_eq!(discard_names(&game, P1), ["Magic Sword"]);
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (4, 7));
}

// Powers that last for a round or past the player's next turn.

#[test]
fn card_1st_205_charge_this_players_champions_gain_three_through_the_next_turn() {
    let (game, _) = round_after_event("Charge!");
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (10, 5));
}

#[test]
fn card_1st_101_surprise_raid_doubles_this_players_side_for_one_round() {
    let (mut game, _) = round_after_event("Surprise Raid");
    assert_eq!(total(&game, Side::Attacker), 14);
    ally(&mut game, 1, "Rowan");
    assert_eq!(total(&game, Side::Defender), 6, "the other side is not doubled");
    ok(&mut game, Action::Pass);
    // The round is over: a second attack is fought without the raid.
    assert!(game.battle().is_none_or(|b| b.attacking.is_none()));
    assert_eq!(game.lasting_count(), 0);
}

#[test]
fn card_1st_180_berserk_fury_every_hero_gains_five() {
    let mut game = attack(
        realm(A, "Cormyr"),
        ("Azhul", NONE),
        &[("Neeva", NONE)],
        &["Berserk Fury!"],
        &[],
    );
    let fury = game.id_of(0, "Berserk Fury!");
    ok(&mut game, Action::Claim(P1));
    ok(&mut game, Action::PlayEvent(fury));
    common::all_pass(&mut game);
    let neeva = game.id_of(1, "Neeva");
    ok(&mut game, Action::Defend { champion: neeva });
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (9, 12));
}

// A holding that rebuilds, an event that deals new hands.

#[test]
fn card_1st_216_arms_of_the_shield_lands_rebuild_a_razed_greyhawk_realm_at_once() {
    let mut game = TestGame::new(2)
        .phase(Phase::Realms)
        .formation(0, [realm(A, "Veluna").razed(), realm(B, "Waterdeep").razed()])
        .hand(0, ["Arms of the Shield Lands", "Fortifications"])
        .build();
    let arms = game.id_of(0, "Arms of the Shield Lands");
    let fort = game.id_of(0, "Fortifications");
    // Another holding cannot go onto a razed realm; the Arms not onto another world's.
    refused(
        &game,
        Action::PlayHolding {
            card: fort,
            at: Position(A),
        },
    );
    refused(
        &game,
        Action::PlayHolding {
            card: arms,
            at: Position(B),
        },
    );
    ok(
        &mut game,
        Action::PlayHolding {
            card: arms,
            at: Position(A),
        },
    );
    let slot = game.player(P1).formation.slot(Position(A)).unwrap();
    assert!(!slot.razed, "rebuilt without three discards");
    assert_eq!(slot.holding, Some(arms));
    assert_eq!(game.player(P1).hand, [fort]);
}

#[test]
fn card_1st_201_transformation_every_player_discards_the_hand_and_draws_five() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Transformation!", "Rowan", "Galek"])
        .hand(1, ["War Party"])
        .build();
    let card = game.id_of(0, "Transformation!");
    ok(&mut game, Action::PlayEvent(card));
    common::all_pass(&mut game);
    assert_eq!((game.player(P1).hand.len(), game.player(P2).hand.len()), (5, 5));
    assert_eq!(discard_names(&game, P1), ["Rowan", "Galek"]);
    assert_eq!(discard_names(&game, P2), ["War Party"]);
}

#[test]
fn card_1st_150_siege_razes_every_players_first_realm_whatever_its_powers() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep").holding("Hillsfar"), realm(B, "Thay")])
        .formation(1, [realm(A, "Cormyr").razed(), realm(B, "Pirate Isles")])
        .hand(0, ["Siege!"])
        .build();
    let siege = game.id_of(0, "Siege!");
    ok(&mut game, Action::PlayEvent(siege));
    common::all_pass(&mut game);
    let own = game.player(P1).formation.slot(Position(A)).unwrap();
    assert!(
        own.razed && own.holding.is_none(),
        "its player's own realm too, with its holding"
    );
    assert_eq!(discard_names(&game, P1), ["Hillsfar"]);
    assert!(!game.player(P1).formation.slot(Position(B)).unwrap().razed);
    assert!(
        !game.player(P2).formation.slot(Position(B)).unwrap().razed,
        "only the first realm"
    );
}

#[test]
fn card_1st_359_darkness_ends_the_battle_with_no_victor_unless_against_a_monster() {
    // Azhul with a Magic Sword (6) against the Cleric of Torm (5): the cleric calls it off.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Azhul", &["Magic Sword"]),
        ("Cleric of Torm", NONE),
        &["Galek"],
        &["Darkness"],
    );
    let darkness = game.id_of(1, "Darkness");
    // 6 against 5: the defender is losing.
    ok(&mut game, Action::UseCard(darkness));
    assert!(game.battle().is_none(), "the battle is over");
    assert!(
        !game.player(P2).formation.slot(Position(A)).unwrap().razed,
        "nobody won"
    );
    assert!(game.player(P1).pool.iter().any(|c| c.card == game.id_of(0, "Azhul")));
    assert!(
        game.player(P2)
            .pool
            .iter()
            .any(|c| c.card == game.id_of(1, "Cleric of Torm"))
    );
    assert_eq!(discard_names(&game, P2), ["Darkness"]);
    // Against a monster it cannot be cast.
    let game = round(
        realm(A, "Cormyr"),
        ("Mul Savage", NONE),
        ("Cleric of Torm", NONE),
        &[],
        &["Darkness"],
    );
    let darkness = game.id_of(1, "Darkness");
    refused(&game, Action::UseCard(darkness));
}

#[test]
fn card_1st_359_darkness_sends_the_allies_back_to_their_owners_hands() {
    let mut game = round(
        realm(A, "Cormyr"),
        ("Azhul", NONE),
        ("Cleric of Gond", NONE),
        &["Galek"],
        &["Darkness"],
    );
    // 4 against 4: the attacker brings Galek, then the cleric casts Darkness.
    ally(&mut game, 0, "Galek");
    let darkness = game.id_of(1, "Darkness");
    ok(&mut game, Action::UseCard(darkness));
    let galek = game.id_of(0, "Galek");
    assert!(game.player(P1).hand.contains(&galek));
}

#[test]
fn card_1st_374_blink_the_losing_champion_escapes_to_the_pool_but_the_round_is_lost() {
    // The Magister (4) attacks Mordenkainen (7) and blinks away: the battle is lost, spoils to
    // the defender, but the Magister is back in his pool rather than the discard pile.
    let mut game = round(
        realm(A, "Cormyr"),
        ("The Magister", &["Magic Sword"]),
        ("Mordenkainen", NONE),
        &["Blink"],
        &[],
    );
    let blink = game.id_of(0, "Blink");
    ok(&mut game, Action::UseCard(blink));
    let magister = game.id_of(0, "The Magister");
    let home = game
        .player(P1)
        .pool
        .iter()
        .find(|c| c.card == magister)
        .expect("in the pool");
    assert_eq!(home.attachments, [game.id_of(0, "Magic Sword")], "with his items");
    assert!(game.battle().is_none_or(|b| b.attacking.is_none()));
    assert_eq!(discard_names(&game, P1), ["Blink"]);
    assert!(!game.player(P2).formation.slot(Position(A)).unwrap().razed);
}
