//! The 1st Edition starter-deck cards' powers, one scenario per power that is not identical to
//! another's, named after the card (`card_1st_<number>_...`). Each asserts the numbers, who is
//! affected and where the cards end. Rules the powers bring in (SF-136–140, SF-147, SF-178–181,
//! SF-224) are named where a scenario holds them.

mod common;

use common::{A, B, P1, P2, apply as ok, attack_p2, discard_names, pool_names, refused, total};

use spellfire::{Action, Phase, Position, RealmSetup, Side, Spellfire, TestGame, realm};

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
    ok(&mut game, attack_p2(champion, A));
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
    let attack = attack_p2(champion, A);
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
    ok(&mut game, attack_p2(champion, A));
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
    ok(&mut game, attack_p2(champion, A));
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
    assert!(game.check(&attack_p2(azhul, 2)).is_ok());
    let herminard = game.id_of(0, "Herminard");
    assert_eq!(refused(&game, attack_p2(herminard, 2)).rule, "SF-55");
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
    // Mordenkainen (7) against Alias (6), who brings Rowan (+1): a tie, the attacker loses.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Alias the Sell-Sword", NONE),
        &["Death Spell"],
        &["Rowan"],
    );
    ally(&mut game, 1, "Rowan");
    assert_eq!(game.losing_side(), Side::Attacker);
    let spell = game.id_of(0, "Death Spell");
    ok(&mut game, Action::UseCard(spell));
    // Alias is immune to offensive spells, and so are his allies: the wizard may only aim at
    // himself, the one card of level 7 or less left.
    let own = game.id_of(0, "Mordenkainen");
    assert_eq!(game.legal(), [Action::Choose(own)]);
    // Against a champion without immunity, the spell discards him: the Cleric of Torm (5) with
    // the Orb of Doom (+2) is of level 7, adjusted (AMB-14).
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Cleric of Torm", &["Orb of Doom"]),
        &["Death Spell"],
        &[],
    );
    let spell = game.id_of(0, "Death Spell");
    ok(&mut game, Action::UseCard(spell));
    let torm = game.id_of(1, "Cleric of Torm");
    ok(&mut game, Action::Choose(torm));
    let gone = discard_names(&game, P2);
    assert!(
        gone.contains(&"Cleric of Torm".to_string()) && gone.contains(&"Orb of Doom".to_string()),
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
    // The Magister (4) against Azhul (4) with the Falcon Figurine (+1): both are of level 5 or
    // less, adjusted (AMB-14).
    let mut game = round(
        realm(A, "Cormyr"),
        ("The Magister", NONE),
        ("Azhul", &["Falcon Figurine"]),
        &["Finger of Death"],
        &[],
    );
    let finger = game.id_of(0, "Finger of Death");
    ok(&mut game, Action::UseCard(finger));
    let (azhul, magister) = (game.id_of(1, "Azhul"), game.id_of(0, "The Magister"));
    let mut choices = game.legal();
    choices.sort();
    let mut expected = vec![Action::Choose(azhul), Action::Choose(magister)];
    expected.sort();
    assert_eq!(choices, expected);
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
    assert_eq!(refused(&game, attack_p2(azhul, A)).rule, "SF-140");
    let neeva = game.id_of(0, "Neeva");
    assert!(game.check(&attack_p2(neeva, A)).is_ok());
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
    refused(&game, attack_p2(neeva, A));
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
    ok(&mut game, attack_p2(champion, A));
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
    // Herminard (Dark Sun) carries the spear against a monster: its owner may reply once, then
    // the monster is defeated and discarded.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Herminard", &["The Heartwood Spear"]),
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
        ("Herminard", &["The Heartwood Spear"]),
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

// Firsts, scopes and one-offs (issue 16): the first ally of a round, every realm or champion of a
// player, and the cards whose power is their own.

fn use_card(game: &mut Spellfire, seat: u8, name: &str) {
    let card = game.id_of(seat, name);
    ok(game, Action::UseCard(card));
}

#[test]
fn card_1st_249_ziggurat_doubles_the_wizard_spells_cast_in_defense_only() {
    let mut game = round(
        realm(A, "Balic").holding("Ziggurat"),
        ("Mordenkainen", NONE),
        ("The Magister", NONE),
        &["Magic Missile"],
        &["Horrors of the Abyss"],
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 4));
    use_card(&mut game, 1, "Horrors of the Abyss");
    assert_eq!(total(&game, Side::Defender), 4 + 2 * 5, "+5 counts 10");
    use_card(&mut game, 0, "Magic Missile");
    assert_eq!(
        total(&game, Side::Attacker),
        7 + 3,
        "the attacker's spell is not doubled"
    );
    ok(&mut game, Action::Pass);
    assert_eq!(discard_names(&game, P1), ["Mordenkainen", "Magic Missile"]);
    assert_eq!(discard_names(&game, P2), ["Horrors of the Abyss"]);
    assert_eq!(pool_names(&game, P2), ["The Magister"]);
}

#[test]
fn card_1st_215_potion_of_fire_breathing_is_discarded_after_the_round_it_fights_in() {
    let mut game = round(
        realm(A, "Cormyr"),
        ("Azhul", &["Potion of Fire-Breathing"]),
        ("Cleric of Torm", NONE),
        &[],
        &[],
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (4 + 6, 5));
    ok(&mut game, Action::Pass);
    // Azhul won and goes home, the potion used up.
    let azhul = game.id_of(0, "Azhul");
    assert!(
        game.battle().is_some_and(|b| b.attacking.is_none()),
        "the round is over"
    );
    assert_eq!(discard_names(&game, P1), ["Potion of Fire-Breathing"]);
    assert_eq!(discard_names(&game, P2), ["Cleric of Torm"]);
    ok(&mut game, Action::EndBattle);
    let home = game
        .player(P1)
        .pool
        .iter()
        .find(|c| c.card == azhul)
        .expect("in the pool");
    assert!(home.attachments.is_empty());
}

#[test]
fn card_1st_326_desert_warrior_its_first_ally_each_round_counts_three() {
    // Both printings are named "Desert Warrior": lay out the one asked for by its number.
    let warrior = |printing: &str, hand: &[&str]| {
        let mut setup = TestGame::new(2)
            .phase(Phase::Pool)
            .formation(1, [realm(A, "Cormyr")])
            .pool(0, [(printing, NONE)])
            .pool(1, [("Mordenkainen", NONE)]);
        for &card in hand {
            setup = setup.hand(0, [card]);
        }
        let mut game = setup.build();
        let champion = game.id_of(0, "Desert Warrior");
        ok(&mut game, attack_p2(champion, A));
        let champion = game.id_of(1, "Mordenkainen");
        ok(&mut game, Action::Defend { champion });
        game
    };
    let mut game = warrior("1st/326", &["Rowan", "Galek"]);
    assert_eq!(total(&game, Side::Attacker), 3);
    ally(&mut game, 0, "Rowan");
    assert_eq!(total(&game, Side::Attacker), 3 + 3, "Rowan +1 counts 3");
    ally(&mut game, 0, "Galek");
    assert_eq!(
        total(&game, Side::Attacker),
        3 + 3 + 2,
        "the second ally counts as printed"
    );
    assert_eq!(total(&game, Side::Defender), 7, "the defender is not touched");
    // The 1st/325 printing makes it four.
    let mut game = warrior("1st/325", &["Galek"]);
    ally(&mut game, 0, "Galek");
    assert_eq!(total(&game, Side::Attacker), 2 + 4);
}

// Choices made during play, second lives and returns, rebuilds (issue 16): a power asks its
// player to choose (`Choose`, and `Pass` where it may stop); the engine never chooses for him.

/// The card ids a pick on top of the stack offers now.
fn offered(game: &Spellfire) -> Vec<spellfire::CardId> {
    game.legal()
        .into_iter()
        .filter_map(|a| match a {
            Action::Choose(card) => Some(card),
            _ => None,
        })
        .collect()
}

fn hand_names(game: &Spellfire, seat: spellhall_core::Seat) -> Vec<String> {
    game.player(seat)
        .hand
        .iter()
        .map(|&c| game.name(c).to_string())
        .collect()
}

#[test]
fn card_1st_341_sleep_up_to_three_opposing_allies_of_level_one_or_two_chosen_by_the_caster() {
    // Mordenkainen with a Magic Sword (9) against the Cleric of Torm (5), who brings Rowan +1,
    // Galek +2 and Zadoc +2 (10): the attacker is losing and casts Sleep.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", &["Magic Sword"]),
        ("Cleric of Torm", NONE),
        &["Sleep"],
        &["Rowan", "Galek", "Zadoc"],
    );
    ally(&mut game, 1, "Rowan");
    ally(&mut game, 1, "Galek");
    ally(&mut game, 1, "Zadoc");
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (9, 10));
    use_card(&mut game, 0, "Sleep");
    let [rowan, galek, zadoc] = ["Rowan", "Galek", "Zadoc"].map(|n| game.id_of(1, n));
    assert_eq!(
        offered(&game),
        [rowan, galek, zadoc],
        "only the opposing allies of level 1 or 2"
    );
    assert!(game.legal().contains(&Action::Pass), "up to three: the caster may stop");
    ok(&mut game, Action::Choose(galek));
    ok(&mut game, Action::Choose(zadoc));
    assert_eq!(offered(&game), [rowan]);
    ok(&mut game, Action::Pass);
    assert_eq!(total(&game, Side::Defender), 5 + 1);
    assert_eq!(discard_names(&game, P2), ["Galek", "Zadoc"]);
    assert_eq!(total(&game, Side::Attacker), 9, "Sleep has no bonus");
    // With no such ally in the round, Sleep has nothing to act on.
    let game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Cleric of Torm", &["Magic Sword"]),
        &["Sleep"],
        &[],
    );
    refused(&game, Action::UseCard(game.id_of(0, "Sleep")));
}

#[test]
fn card_1st_332_lightning_bolt_adds_five_and_destroys_an_opposing_ally_of_level_four_or_less_or_an_item() {
    // Mordenkainen (7) against the Cleric of Torm with a Magic Sword (7): Rowan (8), War Party
    // (11), then the bolt.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Cleric of Torm", &["Magic Sword"]),
        &["Rowan", "Lightning Bolt"],
        &["War Party"],
    );
    ally(&mut game, 0, "Rowan");
    ally(&mut game, 1, "War Party");
    use_card(&mut game, 0, "Lightning Bolt");
    let war_party = game.id_of(1, "War Party");
    let sword = game.id_of(1, "Magic Sword");
    assert_eq!(
        offered(&game),
        [war_party, sword],
        "an opposing ally or item, not the champion"
    );
    ok(&mut game, Action::Choose(war_party));
    assert_eq!(
        (total(&game, Side::Attacker), total(&game, Side::Defender)),
        (7 + 1 + 5, 7)
    );
    assert_eq!(discard_names(&game, P2), ["War Party"]);
    // Against a champion with nothing to destroy, the bolt still adds its five.
    let mut game = round(
        realm(A, "Cormyr"),
        ("The Magister", NONE),
        ("Cleric of Torm", NONE),
        &["Lightning Bolt"],
        &[],
    );
    use_card(&mut game, 0, "Lightning Bolt");
    assert_eq!(total(&game, Side::Attacker), 4 + 5);
    assert!(game.pending().is_none());
}

#[test]
fn card_1st_344_crushing_fist_adds_four_or_destroys_an_item_at_the_casters_choice() {
    let fist = |destroy: bool| {
        // Mordenkainen (7) against the Cleric of Torm with a Magic Sword (7).
        let mut game = round(
            realm(A, "Cormyr"),
            ("Mordenkainen", NONE),
            ("Cleric of Torm", &["Magic Sword"]),
            &["Crushing Fist"],
            &[],
        );
        use_card(&mut game, 0, "Crushing Fist");
        let sword = game.id_of(1, "Magic Sword");
        assert_eq!(offered(&game), [sword]);
        if destroy {
            ok(&mut game, Action::Choose(sword));
        } else {
            ok(&mut game, Action::Pass);
        }
        game
    };
    let kept = fist(false);
    assert_eq!((total(&kept, Side::Attacker), total(&kept, Side::Defender)), (7 + 4, 7));
    assert!(discard_names(&kept, P2).is_empty());
    let destroyed = fist(true);
    assert_eq!(
        (total(&destroyed, Side::Attacker), total(&destroyed, Side::Defender)),
        (7, 5),
        "the bonus is given up for the item"
    );
    assert_eq!(discard_names(&destroyed, P2), ["Magic Sword"]);
}

#[test]
fn card_1st_202_enslaved_every_player_discards_a_champion_of_his_choice_from_his_pool() {
    let mut game = event_table(
        &[("Mordenkainen", NONE), ("The Magister", NONE)],
        &[("Cleric of Torm", &["Magic Sword"])],
        "Enslaved!",
    );
    // Its own player chooses first, then the next clockwise; neither may refuse.
    let [mordenkainen, magister] = ["Mordenkainen", "The Magister"].map(|n| game.id_of(0, n));
    assert_eq!(game.decider(), Some(P1));
    assert_eq!(offered(&game), [mordenkainen, magister]);
    assert!(!game.legal().contains(&Action::Pass));
    ok(&mut game, Action::Choose(magister));
    let torm = game.id_of(1, "Cleric of Torm");
    assert_eq!(game.decider(), Some(P2));
    assert_eq!(offered(&game), [torm], "his own champion only, not what it carries");
    ok(&mut game, Action::Choose(torm));
    assert_eq!(pool_names(&game, P1), ["Mordenkainen"]);
    assert!(pool_names(&game, P2).is_empty());
    assert_eq!(discard_names(&game, P1), ["The Magister"]);
    assert_eq!(discard_names(&game, P2), ["Magic Sword", "Cleric of Torm"]);
}

#[test]
fn card_1st_203_siege_every_player_discards_a_realm_of_his_front_row_and_fills_it_next() {
    let mut game = TestGame::new(2)
        .phase(Phase::Realms)
        .formation(
            0,
            [
                realm(A, "Waterdeep"),
                realm(B, "Thay"),
                realm(common::C, "Sembia").razed(),
            ],
        )
        .formation(1, [realm(B, "Cormyr"), realm(common::C, "Veluna")])
        .hand(0, ["Siege", "The Yeomanry"])
        .build();
    let siege = game.id_of(0, "Siege");
    ok(&mut game, Action::PlayEvent(siege));
    common::all_pass(&mut game);
    let waterdeep = game.id_of(0, "Waterdeep");
    assert_eq!(offered(&game), [waterdeep], "A is the front row");
    ok(&mut game, Action::Choose(waterdeep));
    // P2's A is empty: its front row is B and C, and he chooses.
    let [cormyr, veluna] = ["Cormyr", "Veluna"].map(|n| game.id_of(1, n));
    assert_eq!(offered(&game), [cormyr, veluna]);
    ok(&mut game, Action::Choose(veluna));
    assert!(game.player(P1).formation.slot(Position(A)).is_none());
    assert!(game.player(P1).formation.slot(Position(B)).is_some());
    assert!(game.player(P2).formation.slot(Position(common::C)).is_none());
    assert_eq!(discard_names(&game, P1), ["Waterdeep"]);
    assert_eq!(discard_names(&game, P2), ["Veluna"]);
    // P1's next realm fills the front position, not the razed Sembia's.
    let yeomanry = game.id_of(0, "The Yeomanry");
    let over_razed = Action::PlayRealm {
        card: yeomanry,
        at: Position(common::C),
    };
    assert_eq!(refused(&game, over_razed).rule, "SF-52");
    ok(
        &mut game,
        Action::PlayRealm {
            card: yeomanry,
            at: Position(A),
        },
    );
}

#[test]
fn card_1st_107_safe_harbor_every_player_may_rebuild_one_razed_realm() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep").razed(), realm(B, "Thay").razed()])
        .formation(1, [realm(A, "Cormyr").razed()])
        .hand(0, ["Safe Harbor!"])
        .build();
    let harbor = game.id_of(0, "Safe Harbor!");
    ok(&mut game, Action::PlayEvent(harbor));
    common::all_pass(&mut game);
    let [waterdeep, thay] = ["Waterdeep", "Thay"].map(|n| game.id_of(0, n));
    assert_eq!(offered(&game), [waterdeep, thay]);
    ok(&mut game, Action::Choose(thay));
    // P2 may decline.
    assert_eq!(offered(&game), [game.id_of(1, "Cormyr")]);
    ok(&mut game, Action::Pass);
    let razed = |seat, at: u8| game.player(seat).formation.slot(Position(at)).unwrap().razed;
    assert_eq!((razed(P1, A), razed(P1, B), razed(P2, A)), (true, false, true));
    assert!(game.player(P1).hand.is_empty(), "no three discards");
}

#[test]
fn card_1st_108_labor_of_legend_a_champion_of_the_pool_is_discarded_to_rebuild_a_razed_realm() {
    let setup = || {
        TestGame::new(2)
            .phase(Phase::Pool)
            .formation(0, [realm(A, "Waterdeep").razed(), realm(B, "Thay")])
            .pool(0, [("Mordenkainen", NONE), ("The Magister", NONE)])
            .hand(0, ["Labor of Legend"])
    };
    let mut game = setup().build();
    let labor = game.id_of(0, "Labor of Legend");
    ok(&mut game, Action::PlayEvent(labor));
    common::all_pass(&mut game);
    let magister = game.id_of(0, "The Magister");
    ok(&mut game, Action::Choose(magister));
    let waterdeep = game.id_of(0, "Waterdeep");
    assert_eq!(offered(&game), [waterdeep], "only the razed realm");
    ok(&mut game, Action::Choose(waterdeep));
    assert!(!game.player(P1).formation.slot(Position(A)).unwrap().razed);
    assert_eq!(pool_names(&game, P1), ["Mordenkainen"]);
    assert_eq!(discard_names(&game, P1), ["The Magister"]);
    // Without a razed realm there is nothing to rebuild.
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep")])
        .pool(0, [("Mordenkainen", NONE)])
        .hand(0, ["Labor of Legend"])
        .build();
    refused(&game, Action::PlayEvent(game.id_of(0, "Labor of Legend")));
}

#[test]
fn card_1st_366_raise_dead_a_champion_from_the_casters_discard_pile_back_to_the_hand() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep")])
        .pool(0, [("Cleric of Torm", NONE)])
        .discard(0, ["Mordenkainen", "Rowan"])
        .discard(1, ["The Magister"])
        .hand(0, ["Raise Dead"])
        .build();
    use_card(&mut game, 0, "Raise Dead");
    // Outside a round the other players may answer the spell first (AMB-6).
    common::all_pass(&mut game);
    let mordenkainen = game.id_of(0, "Mordenkainen");
    assert_eq!(
        offered(&game),
        [mordenkainen],
        "his own champions, not allies nor another's"
    );
    ok(&mut game, Action::Choose(mordenkainen));
    assert_eq!(hand_names(&game, P1), ["Mordenkainen"]);
    assert_eq!(discard_names(&game, P1), ["Rowan", "Raise Dead"]);
    // No champion in the discard pile: nothing to raise.
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep")])
        .pool(0, [("Cleric of Torm", NONE)])
        .discard(0, ["Rowan"])
        .hand(0, ["Raise Dead"])
        .build();
    refused(&game, Action::UseCard(game.id_of(0, "Raise Dead")));
}

#[test]
fn card_1st_277_silver_hands_the_champions_killed_in_the_last_battle_return_to_their_pools() {
    // Mordenkainen (7) beats the Cleric of Gond (4), who fell with Galek.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Cleric of Gond", NONE),
        &[],
        &["Galek", "Silver Hands"],
    );
    let hands = game.id_of(1, "Silver Hands");
    assert!(
        refused(&game, Action::PlayEvent(hands))
            .reason
            .contains("battle is over"),
        "not while the battle is on"
    );
    ally(&mut game, 1, "Galek");
    ok(&mut game, Action::Pass);
    ok(&mut game, Action::EndBattle);
    ok(&mut game, Action::Claim(P2));
    ok(&mut game, Action::PlayEvent(hands));
    common::all_pass(&mut game);
    assert_eq!(pool_names(&game, P2), ["Cleric of Gond"]);
    assert_eq!(discard_names(&game, P2), ["Galek"], "allies stay where they are");
}

#[test]
fn card_1st_45_drizzt_must_be_defeated_twice_in_one_battle_when_defending() {
    // Mordenkainen with a Magic Sword (9), then Elminster (9), against Drizzt (8).
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr"), realm(B, "Thay")])
        .pool(0, [("Mordenkainen", &["Magic Sword"]), ("Elminster the Mage", NONE)])
        .pool(1, [("Drizzt Do' Urden", NONE)])
        .build();
    let [mordenkainen, elminster] = ["Mordenkainen", "Elminster the Mage"].map(|n| game.id_of(0, n));
    let drizzt = game.id_of(1, "Drizzt Do' Urden");
    let attack = |champion| attack_p2(champion, A);
    ok(&mut game, attack(mordenkainen));
    ok(&mut game, Action::Defend { champion: drizzt });
    ok(&mut game, Action::Pass);
    assert_eq!(
        pool_names(&game, P2),
        ["Drizzt Do' Urden"],
        "his first defeat: back to the pool"
    );
    ok(&mut game, attack(elminster));
    ok(&mut game, Action::Defend { champion: drizzt });
    ok(&mut game, Action::Pass);
    assert!(pool_names(&game, P2).is_empty());
    assert_eq!(
        discard_names(&game, P2),
        ["Drizzt Do' Urden"],
        "the second defeat discards him"
    );
}

#[test]
fn card_1st_166_lolth_a_defeated_lolth_is_shuffled_back_into_the_draw_pile() {
    let mut game = round(
        realm(A, "Cormyr"),
        ("Elminster the Mage", &["Magic Sword"]),
        ("Lolth, the Spider Queen", NONE),
        &[],
        &[],
    );
    let lolth = game.id_of(1, "Lolth, the Spider Queen");
    let pile = game.player(P2).draw.len();
    ok(&mut game, Action::Pass);
    assert!(discard_names(&game, P2).is_empty());
    assert_eq!(game.player(P2).draw.len(), pile + 1);
    assert!(game.player(P2).draw.iter_top_down().any(|&c| c == lolth));
}

#[test]
fn card_1st_77_amarill_when_defeated_another_champion_returns_from_the_discard_pile_to_the_hand() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr"), realm(B, "Thay")])
        .pool(0, [("Mordenkainen", NONE)])
        .pool(1, [("Amarill", NONE)])
        .discard(1, ["Cleric of Torm", "Rowan"])
        .build();
    let mordenkainen = game.id_of(0, "Mordenkainen");
    ok(&mut game, attack_p2(mordenkainen, A));
    let amarill = game.id_of(1, "Amarill");
    ok(&mut game, Action::Defend { champion: amarill });
    ok(&mut game, Action::Pass);
    let torm = game.id_of(1, "Cleric of Torm");
    assert_eq!(
        offered(&game),
        [torm],
        "another champion: not Amarill herself, not an ally"
    );
    assert!(game.legal().contains(&Action::Pass), "the player may");
    ok(&mut game, Action::Choose(torm));
    assert_eq!(hand_names(&game, P2), ["Cleric of Torm"]);
    assert_eq!(discard_names(&game, P2), ["Rowan", "Amarill"]);
}

#[test]
fn card_1st_78_joliet_the_rash_and_the_crystal_of_the_ebon_flame_attack_or_are_discarded() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep")])
        .formation(1, [realm(A, "Cormyr")])
        .pool(
            0,
            [
                ("Joliet the Rash", NONE),
                ("Mordenkainen", &["Crystal of the Ebon Flame"]),
                ("The Magister", NONE),
            ],
        )
        .build();
    ok(&mut game, Action::EndPhase);
    ok(&mut game, Action::EndTurn);
    assert_eq!(pool_names(&game, P1), ["The Magister"]);
    assert_eq!(
        discard_names(&game, P1),
        ["Joliet the Rash", "Crystal of the Ebon Flame", "Mordenkainen"]
    );
}

#[test]
fn card_1st_78_joliet_the_rash_stays_once_she_has_attacked() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep")])
        .formation(1, [realm(A, "Cormyr"), realm(B, "Thay")])
        .pool(0, [("Joliet the Rash", NONE)])
        .build();
    let joliet = game.id_of(0, "Joliet the Rash");
    ok(&mut game, attack_p2(joliet, A));
    ok(&mut game, Action::Decline);
    ok(&mut game, Action::ReturnSpoils);
    ok(&mut game, Action::EndTurn);
    assert_eq!(pool_names(&game, P1), ["Joliet the Rash"]);
}

#[test]
fn card_1st_153_crystal_of_the_ebon_flame_adds_six() {
    let (attacker, _) = totals(
        realm(A, "Cormyr"),
        ("Mordenkainen", &["Crystal of the Ebon Flame"]),
        ("Cleric of Torm", NONE),
    );
    assert_eq!(attacker, 7 + 6);
}

#[test]
fn card_1st_20_icewind_dale_the_attacker_discards_an_item_the_defender_chooses() {
    let mut game = round(
        realm(A, "Icewind Dale"),
        ("Mordenkainen", &["Magic Sword", "Crystal of the Ebon Flame"]),
        ("Cleric of Torm", NONE),
        &[],
        &[],
    );
    assert_eq!(game.decider(), Some(P2), "the defender chooses");
    let [sword, crystal] = ["Magic Sword", "Crystal of the Ebon Flame"].map(|n| game.id_of(0, n));
    assert_eq!(offered(&game), [sword, crystal], "only the attacker's items");
    assert!(!game.legal().contains(&Action::Pass), "the attacker must discard one");
    ok(&mut game, Action::Choose(crystal));
    assert_eq!(total(&game, Side::Attacker), 7 + 2);
    assert_eq!(discard_names(&game, P1), ["Crystal of the Ebon Flame"]);
}

#[test]
fn card_1st_17_sword_coast_the_defender_may_take_back_an_ally_after_each_round() {
    // Mordenkainen (7) beats the Cleric of Gond with Galek (6).
    let mut game = round(
        realm(A, "Sword Coast"),
        ("Mordenkainen", NONE),
        ("Cleric of Gond", NONE),
        &[],
        &["Galek"],
    );
    ally(&mut game, 1, "Galek");
    ok(&mut game, Action::Pass);
    let galek = game.id_of(1, "Galek");
    assert_eq!(game.decider(), Some(P2));
    assert_eq!(offered(&game), [galek], "one of his allies, not the champion");
    ok(&mut game, Action::Choose(galek));
    assert_eq!(hand_names(&game, P2), ["Galek"]);
    assert_eq!(discard_names(&game, P2), ["Cleric of Gond"]);
}

#[test]
fn card_1st_209_arms_of_veluna_an_ally_of_a_held_realm_returns_to_the_hand() {
    // The Magister with a Magic Sword (6) against the Cleric of Gond with Galek (6): the tie
    // holds the realm.
    let mut game = round(
        realm(A, "The Yeomanry").holding("Arms of Veluna"),
        ("The Magister", &["Magic Sword"]),
        ("Cleric of Gond", NONE),
        &[],
        &["Galek"],
    );
    ally(&mut game, 1, "Galek");
    ok(&mut game, Action::Pass);
    let galek = game.id_of(1, "Galek");
    assert_eq!(offered(&game), [galek]);
    ok(&mut game, Action::Choose(galek));
    assert!(hand_names(&game, P2).contains(&"Galek".to_string()));
    assert_eq!(discard_names(&game, P1), ["The Magister", "Magic Sword"]);
}

#[test]
fn card_1st_241_yaramuke_the_defender_may_discard_one_attacking_ally_as_it_joins_once_a_battle() {
    // Azhul (4) against the Cleric of Torm at Raam (6).
    let mut game = round(
        realm(A, "Raam").holding("Yaramuke"),
        ("Azhul", NONE),
        ("Cleric of Torm", NONE),
        &["Rowan", "Galek", "Zadoc"],
        &[],
    );
    ally(&mut game, 0, "Rowan");
    let rowan = game.id_of(0, "Rowan");
    assert_eq!(game.decider(), Some(P2));
    assert_eq!(offered(&game), [rowan]);
    ok(&mut game, Action::Pass);
    ally(&mut game, 0, "Galek");
    let galek = game.id_of(0, "Galek");
    assert_eq!(offered(&game), [galek], "only the ally just played");
    ok(&mut game, Action::Choose(galek));
    assert_eq!(total(&game, Side::Attacker), 4 + 1);
    ally(&mut game, 0, "Zadoc");
    assert!(game.pending().is_none(), "once a battle");
    assert_eq!(discard_names(&game, P1), ["Galek"]);
    assert_eq!(total(&game, Side::Attacker), 4 + 1 + 2);
}

/// P1's `attacker` attacks P2's realm at A in the formation `p2_realms`; P2 defends with
/// `defender` from the pool.
fn round_in(
    p2_realms: Vec<RealmSetup>,
    attacker: (&str, &[&str]),
    defender: (&str, &[&str]),
    p1_hand: &[&str],
    p2_hand: &[&str],
) -> Spellfire {
    let mut setup = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [attacker])
        .pool(1, [defender]);
    for realm in p2_realms {
        setup = setup.formation(1, [realm]);
    }
    for &card in p1_hand {
        setup = setup.hand(0, [card]);
    }
    for &card in p2_hand {
        setup = setup.hand(1, [card]);
    }
    let mut game = setup.build();
    let champion = game.id_of(0, attacker.0);
    let attack = attack_p2(champion, A);
    ok(&mut game, attack);
    let champion = game.id_of(1, defender.0);
    ok(&mut game, Action::Defend { champion });
    game
}

#[test]
fn card_1st_246_black_waters_no_monster_attacks_any_realm_of_its_player() {
    // Black Waters sits on Balic at B; Tyr at A is closed to monsters too.
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Tyr"), realm(B, "Balic").holding("Black Waters")])
        .pool(0, [("Mul Savage", NONE), ("Azhul", NONE)])
        .build();
    let attack = |champion: &str| attack_p2(game.id_of(0, champion), A);
    let refusal = refused(&game, attack("Mul Savage"));
    assert!(refusal.reason.contains("Black Waters"), "{}", refusal.reason);
    assert!(game.legal().contains(&attack("Azhul")), "a hero may attack");
    // Without it, the monster may attack Tyr.
    assert!(may_attack(realm(A, "Tyr"), "Mul Savage").is_ok());
}

#[test]
fn card_1st_247_fort_melidor_allies_defending_any_dark_sun_realm_of_its_player_gain_one() {
    let melidor = || vec![realm(A, "Tyr"), realm(B, "Balic").holding("Fort Melidor")];
    let mut game = round_in(
        melidor(),
        ("Mordenkainen", NONE),
        ("Cleric of Torm", NONE),
        &["Galek"],
        &["Rowan"],
    );
    assert_eq!(total(&game, Side::Defender), 5, "the champion is not touched");
    ally(&mut game, 1, "Rowan");
    assert_eq!(total(&game, Side::Defender), 5 + 2, "Rowan +1 counts 2 over Tyr");
    ally(&mut game, 0, "Galek");
    assert_eq!(total(&game, Side::Attacker), 7 + 2, "attacking allies do not gain");
    // Over a realm of another world, nothing.
    let mut game = round_in(
        vec![realm(A, "Cormyr"), realm(B, "Balic").holding("Fort Melidor")],
        ("Mordenkainen", NONE),
        ("Cleric of Torm", NONE),
        &[],
        &["Rowan"],
    );
    ally(&mut game, 1, "Rowan");
    assert_eq!(total(&game, Side::Defender), 5 + 1);
}

#[test]
fn card_1st_133_the_sea_barons_the_great_kingdoms_holding_acts_for_it_too() {
    // Castle Hart on The Great Kingdom: +2 to the defenders of The Sea Barons too.
    let game = round_in(
        vec![
            realm(A, "The Sea Barons"),
            realm(B, "The Great Kingdom").holding("Castle Hart"),
        ],
        ("Mordenkainen", NONE),
        ("Cleric of Torm", NONE),
        &[],
        &[],
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 5 + 2));
    // Another realm gets nothing from it.
    let game = round_in(
        vec![realm(A, "Cormyr"), realm(B, "The Great Kingdom").holding("Castle Hart")],
        ("Mordenkainen", NONE),
        ("Cleric of Torm", NONE),
        &[],
        &[],
    );
    assert_eq!(total(&game, Side::Defender), 5);
}

// Battle outcomes (P1): a champion sent home, slipped past, a realm razed as a round is won, a
// side that may cast no more spells.

#[test]
fn card_1st_376_charm_monster_sends_an_opposing_monster_home_and_wins_the_round() {
    // Mordenkainen (7) is losing to the Dragon King (8): the charm sends the monster back to its
    // pool and wins the round; the realm still stands and the battle goes on (SF-130).
    let mut game = round(
        realm(A, "Waterdeep"),
        ("Mordenkainen", NONE),
        ("Dragon King", NONE),
        &["Charm Monster"],
        &[],
    );
    let charm = game.id_of(0, "Charm Monster");
    ok(&mut game, Action::UseCard(charm));
    let dragon_king = game.id_of(1, "Dragon King");
    assert!(game.player(P2).pool.iter().any(|c| c.card == dragon_king));
    assert!(game.player(P2).discard.is_empty());
    assert_eq!(game.player(P1).discard, vec![charm], "the spell is used up");
    assert!(
        game.player(P1)
            .pool
            .iter()
            .any(|c| c.card == game.id_of(0, "Mordenkainen")),
        "the winner goes home"
    );
    assert!(game.player(P2).formation.slot(Position(A)).is_some_and(|s| !s.razed));
    // Against a hero it cannot be cast.
    let game = round(
        realm(A, "Waterdeep"),
        ("The Magister", NONE),
        ("Tergoz Tenhammer", NONE),
        &["Charm Monster"],
        &[],
    );
    refused(&game, Action::UseCard(game.id_of(0, "Charm Monster")));
}

#[test]
fn card_1st_339_invisibility_slips_past_a_defending_hero_and_razes_the_realm() {
    // The Magister (4) attacks; Tergoz Tenhammer (5), a hero, defends. Invisibility: Tergoz goes
    // back to his pool, Waterdeep is razed, and the attacker draws the spoils.
    let mut game = round(
        realm(A, "Waterdeep"),
        ("The Magister", NONE),
        ("Tergoz Tenhammer", NONE),
        &["Invisibility"],
        &[],
    );
    let invisibility = game.id_of(0, "Invisibility");
    ok(&mut game, Action::UseCard(invisibility));
    assert!(game.battle().is_none());
    assert!(game.player(P2).formation.slot(Position(A)).is_some_and(|s| s.razed));
    let tergoz = game.id_of(1, "Tergoz Tenhammer");
    assert!(
        game.player(P2).pool.iter().any(|c| c.card == tergoz),
        "the hero is not discarded"
    );
    assert!(game.player(P2).discard.is_empty());
    assert_eq!(game.player(P1).discard, vec![invisibility]);
    assert!(matches!(
        game.pending(),
        Some(spellfire::Pending::Spoils { seat: P1, .. })
    ));
    // Not past a monster (the Dragon King), nor when defending.
    let game = round(
        realm(A, "Waterdeep"),
        ("The Magister", NONE),
        ("Dragon King", NONE),
        &["Invisibility"],
        &[],
    );
    refused(&game, Action::UseCard(game.id_of(0, "Invisibility")));
    let game = round(
        realm(A, "Waterdeep"),
        ("Dragon King", NONE),
        ("The Magister", NONE),
        &[],
        &["Invisibility"],
    );
    refused(&game, Action::UseCard(game.id_of(1, "Invisibility")));
}

#[test]
fn card_1st_301_tithian_razes_the_realm_when_he_wins_a_round_attacking() {
    // Tithian (5) attacks; The Magister (4) defends and passes: the round is Tithian's, and the
    // realm is razed at once instead of a new round.
    let mut game = round(
        realm(A, "Waterdeep"),
        ("Tithian", NONE),
        ("The Magister", NONE),
        &[],
        &[],
    );
    ok(&mut game, Action::Pass);
    assert!(game.battle().is_none(), "the battle is over");
    assert!(game.player(P2).formation.slot(Position(A)).is_some_and(|s| s.razed));
    assert_eq!(game.player(P2).discard, vec![game.id_of(1, "The Magister")]);
    assert!(matches!(
        game.pending(),
        Some(spellfire::Pending::Spoils { seat: P1, .. })
    ));
    // Defending, a won round razes nothing: the attacker is simply beaten.
    let mut game = round(
        realm(A, "Waterdeep"),
        ("The Magister", NONE),
        ("Tithian", NONE),
        &[],
        &[],
    );
    ok(&mut game, Action::Pass);
    assert!(game.player(P2).formation.slot(Position(A)).is_some_and(|s| !s.razed));
    assert_eq!(game.player(P1).discard, vec![game.id_of(0, "The Magister")]);
}

#[test]
fn card_1st_385_feebleminded_the_opposing_side_casts_no_more_spells_this_round() {
    // The Magister (4) attacks Waterdeep; Tysiln San (5) defends with a Wall of Iron in hand.
    let mut game = round(
        realm(A, "Waterdeep"),
        ("The Magister", NONE),
        ("Tysiln San", NONE),
        &["Feebleminded", "War Party"],
        &["Wall of Iron"],
    );
    let (feebleminded, war_party) = (game.id_of(0, "Feebleminded"), game.id_of(0, "War Party"));
    ok(&mut game, Action::UseCard(feebleminded));
    assert_eq!(game.decider(), Some(P1), "Feebleminded adds nothing: still losing");
    ok(&mut game, Action::PlayAlly(war_party));
    assert_eq!(game.decider(), Some(P2), "4 + 4 against 5: the defender is losing");
    let wall = game.id_of(1, "Wall of Iron");
    let refusal = refused(&game, Action::UseCard(wall));
    assert!(refusal.reason.contains("Feebleminded"), "{}", refusal.reason);
    // Elminster, immune to offensive spells, is not touched by it.
    let mut game = round(
        realm(A, "Waterdeep"),
        ("The Magister", NONE),
        ("Elminster the Mage", NONE),
        &["Feebleminded", "Armies of Bloodstone", "Hordes of Castle Greyhawk"],
        &["Wall of Iron"],
    );
    for card in ["Feebleminded", "Armies of Bloodstone", "Hordes of Castle Greyhawk"] {
        let card = game.id_of(0, card);
        let action = match game.kind(card) {
            spellfire::CardType::Ally => Action::PlayAlly(card),
            _ => Action::UseCard(card),
        };
        ok(&mut game, action);
    }
    assert_eq!(game.decider(), Some(P2));
    assert!(game.legal().contains(&Action::UseCard(game.id_of(1, "Wall of Iron"))));
}

#[test]
fn card_1st_84_noble_djinni_discards_the_opposing_flyers_and_bars_more_this_round() {
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Cleric of Torm", NONE),
        &["Noble Djinni"],
        &["Pteranadon", "Pteranadon", "Rowan"],
    );
    let pteranadons = game.ids_of(1, "Pteranadon");
    ok(&mut game, Action::PlayAlly(pteranadons[0]));
    assert_eq!(total(&game, Side::Defender), 5 + 2);
    ally(&mut game, 0, "Noble Djinni");
    assert_eq!(discard_names(&game, P2), ["Pteranadon"], "the flying ally is discarded");
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7 + 4, 5));
    let refusal = refused(&game, Action::PlayAlly(pteranadons[1]));
    assert!(refusal.reason.contains("Noble Djinni"), "{}", refusal.reason);
    ally(&mut game, 1, "Rowan");
    assert_eq!(
        total(&game, Side::Defender),
        5 + 1,
        "an ally that does not fly may join"
    );
    // A flying champion goes too: the round is over, the realm stands for now.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Tyrinon", NONE),
        &["Noble Djinni"],
        &["Pteranadon"],
    );
    ally(&mut game, 1, "Pteranadon");
    ally(&mut game, 0, "Noble Djinni");
    // P2 may first reply to the defeat of his champion with one card (SF-134); he has none.
    assert!(matches!(game.pending(), Some(spellfire::Pending::InstantDefeat(_))));
    ok(&mut game, Action::Pass);
    assert_eq!(discard_names(&game, P2), ["Tyrinon", "Pteranadon"]);
    assert!(
        game.battle()
            .is_some_and(|b| b.defending.is_none() && b.attacking.is_none())
    );
    assert_eq!(discard_names(&game, P1), ["Noble Djinni"]);
    assert_eq!(pool_names(&game, P1), ["Mordenkainen"]);
}

#[test]
fn card_1st_152_codex_of_the_infinite_planes_every_champion_of_its_player_is_immune_to_offensive_items_and_spells() {
    // The Codex rides with Mordenkainen in P2's pool; the Cleric of Torm defends without it.
    let codex_game = |codex: bool| {
        let carried: &[&str] = if codex { &["Codex of the Infinite Planes"] } else { NONE };
        let mut game = attack(
            realm(A, "Cormyr"),
            ("The Magister", &["Potion of Fire-Breathing"]),
            &[("Mordenkainen", carried), ("Cleric of Torm", NONE)],
            &["Horrors of the Abyss"],
            &[],
        );
        let cleric = game.id_of(1, "Cleric of Torm");
        ok(&mut game, Action::Defend { champion: cleric });
        game
    };
    let mut game = codex_game(true);
    assert_eq!(total(&game, Side::Attacker), 4, "the offensive potion counts nothing");
    use_card(&mut game, 0, "Horrors of the Abyss");
    assert_eq!(total(&game, Side::Attacker), 4, "nor the offensive spell");
    ok(&mut game, Action::Pass);
    assert_eq!(pool_names(&game, P2), ["Mordenkainen", "Cleric of Torm"]);
    assert_eq!(
        discard_names(&game, P1),
        ["The Magister", "Potion of Fire-Breathing", "Horrors of the Abyss"]
    );
    // Without it, the potion counts.
    let game = codex_game(false);
    assert_eq!(total(&game, Side::Attacker), 4 + 6);
}

#[test]
fn card_1st_67_greater_feyr_the_first_enemy_ally_of_the_battle_is_discarded_as_it_joins() {
    // Mordenkainen (7) attacks; the Greater Feyr (5) defends and brings War Party (+4).
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Greater Feyr", NONE),
        &["Rowan", "Galek"],
        &["War Party"],
    );
    ally(&mut game, 1, "War Party");
    assert_eq!(total(&game, Side::Defender), 5 + 4, "its own allies are untouched");
    ally(&mut game, 0, "Rowan");
    assert_eq!(
        discard_names(&game, P1),
        ["Rowan"],
        "the first enemy ally is discarded at once"
    );
    assert_eq!(total(&game, Side::Attacker), 7);
    ally(&mut game, 0, "Galek");
    assert_eq!(total(&game, Side::Attacker), 7 + 2, "the second one stays");
    assert_eq!(discard_names(&game, P1), ["Rowan"]);
}

#[test]
fn card_1st_225_gulg_defends_as_a_hero_and_the_first_attacking_ally_is_discarded() {
    let game = realm_defends(realm(A, "Gulg"), ("Azhul", NONE));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (4, 7));
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Gulg")])
        .pool(0, [("Azhul", NONE)])
        .hand(0, ["War Party", "Galek"])
        .build();
    let azhul = game.id_of(0, "Azhul");
    ok(&mut game, attack_p2(azhul, A));
    let gulg = game.id_of(1, "Gulg");
    ok(&mut game, Action::Defend { champion: gulg });
    ally(&mut game, 0, "War Party");
    assert_eq!(discard_names(&game, P1), ["War Party"]);
    ally(&mut game, 0, "Galek");
    assert_eq!(total(&game, Side::Attacker), 4 + 2);
    assert_eq!(discard_names(&game, P1), ["War Party"]);
}

#[test]
fn card_1st_245_bitter_well_flyers_attacking_its_realm_are_destroyed() {
    // A flying champion is defeated at once as the round begins (one reply allowed).
    let mut game = round(
        realm(A, "Balic").holding("Bitter Well"),
        ("Neeva", NONE),
        ("Azhul", NONE),
        &[],
        &[],
    );
    assert!(matches!(game.pending(), Some(spellfire::Pending::InstantDefeat(_))));
    ok(&mut game, Action::Pass);
    assert_eq!(discard_names(&game, P1), ["Neeva"]);
    // A walking champion fights, and each flying ally that joins it is discarded.
    let mut game = round(
        realm(A, "Balic").holding("Bitter Well"),
        ("Azhul", NONE),
        ("Cleric of Torm", NONE),
        &["Pteranadon", "Galek"],
        &[],
    );
    assert!(game.pending().is_none());
    ally(&mut game, 0, "Pteranadon");
    assert_eq!(discard_names(&game, P1), ["Pteranadon"]);
    ally(&mut game, 0, "Galek");
    assert_eq!(discard_names(&game, P1), ["Pteranadon"]);
    assert_eq!(total(&game, Side::Attacker), 4 + 1, "Galek +2 halved by Balic");
}

#[test]
fn card_1st_51_the_harpers_cast_wizard_or_cleric_spells_one_kind_a_battle() {
    // The Harpers (6) attack Mordenkainen (7); their first spell chooses the kind for the battle.
    let mut game = round(
        realm(A, "Cormyr"),
        ("The Harpers", NONE),
        ("Mordenkainen", NONE),
        &["Magic Missile", "Bless", "Horrors of the Abyss"],
        &["War Party"],
    );
    use_card(&mut game, 0, "Magic Missile");
    assert_eq!(total(&game, Side::Attacker), 6 + 3);
    ally(&mut game, 1, "War Party");
    let bless = game.id_of(0, "Bless");
    let refusal = refused(&game, Action::UseCard(bless));
    assert!(refusal.reason.contains("wizard spells"), "{}", refusal.reason);
    use_card(&mut game, 0, "Horrors of the Abyss");
    assert_eq!(total(&game, Side::Attacker), 6 + 3 + 5);
    // Chosen the other way: a cleric spell first bars wizard spells.
    let mut game = round(
        realm(A, "Cormyr"),
        ("The Harpers", NONE),
        ("Mordenkainen", NONE),
        &["Bless", "Magic Missile"],
        &[],
    );
    use_card(&mut game, 0, "Bless");
    let missile = game.id_of(0, "Magic Missile");
    let refusal = refused(&game, Action::UseCard(missile));
    assert!(refusal.reason.contains("cleric spells"), "{}", refusal.reason);
}

#[test]
fn card_1st_33_mulmaster_its_owner_draws_a_card_whenever_a_spell_is_played() {
    // Mulmaster on Cormyr, P2's; The Magister (4) attacks Mordenkainen (7).
    let mut game = round(
        realm(A, "Cormyr").holding("Mulmaster"),
        ("The Magister", NONE),
        ("Mordenkainen", NONE),
        &["Horrors of the Abyss", "War Party"],
        &["Magic Missile"],
    );
    let (p1_hand, p2_hand) = (game.player(P1).hand.len(), game.player(P2).hand.len());
    use_card(&mut game, 0, "Horrors of the Abyss");
    assert_eq!(
        game.player(P2).hand.len(),
        p2_hand + 1,
        "another player's spell: one card"
    );
    assert_eq!(game.player(P1).hand.len(), p1_hand - 1, "the caster draws nothing");
    use_card(&mut game, 1, "Magic Missile");
    assert_eq!(
        game.player(P2).hand.len(),
        p2_hand + 1 - 1 + 1,
        "its owner's own spell: one more"
    );
    ally(&mut game, 0, "War Party");
    assert_eq!(game.player(P2).hand.len(), p2_hand + 1, "an ally is no spell");
}

#[test]
fn card_1st_226_nibenay_is_razed_only_by_the_second_battle_in_a_row() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Cormyr")])
        .formation(1, [realm(A, "Nibenay").holding("Bitter Well"), realm(B, "Thay")])
        .pool(0, [("Mordenkainen", NONE)])
        .build();
    let nibenay = |game: &Spellfire| *game.player(P2).formation.slot(Position(A)).unwrap();
    let champion = game.id_of(0, "Mordenkainen");
    let attack = attack_p2(champion, A);
    ok(&mut game, attack.clone());
    ok(&mut game, Action::Decline);
    assert!(!nibenay(&game).razed, "the first razing is withstood");
    assert!(nibenay(&game).holding.is_some(), "with its holding");
    assert!(
        matches!(game.pending(), Some(spellfire::Pending::Spoils { .. })),
        "the attacker still earns spoils"
    );
    // Round the table to P1's next turn, then attack again: razed.
    ok(&mut game, Action::KeepSpoils);
    for action in [
        Action::EndTurn,
        Action::Draw,
        Action::EndPhase,
        Action::EndPhase,
        Action::EndTurn,
    ] {
        ok(&mut game, action);
    }
    for action in [Action::Draw, Action::EndPhase, attack, Action::Decline] {
        ok(&mut game, action);
    }
    assert!(nibenay(&game).razed, "the second in a row razes it");
    assert_eq!(discard_names(&game, P2), ["Bitter Well"]);
}

// Flight, realms played at any time and one-offs (issue 16, helper P3).

#[test]
fn card_1st_211_flight_the_champion_and_every_ally_fly_for_the_battle() {
    // Mordenkainen (7) attacks Draj, whose attackers that do not fly lose 2; the Cleric of Torm
    // (5) defends and wins the tie.
    let mut game = round(
        realm(A, "Draj"),
        ("Mordenkainen", NONE),
        ("Cleric of Torm", NONE),
        &["Galek", "Flight"],
        &[],
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (5, 5));
    ally(&mut game, 0, "Galek");
    assert_eq!(total(&game, Side::Attacker), 5, "Galek +2 counts nothing");
    // Flight: the wizard and his ally fly, so Draj takes nothing from them; the defender is untouched.
    let flight = game.id_of(0, "Flight");
    ok(&mut game, Action::UseCard(flight));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (9, 5));
    assert_eq!(game.losing_side(), Side::Defender);
    ok(&mut game, Action::Pass);
    assert_eq!(discard_names(&game, P1), ["Galek", "Flight"]);
    assert_eq!(discard_names(&game, P2), ["Cleric of Torm"]);

    // Walled: Flight lets the attacker cross a wall only flyers cross (SF-132).
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Maligor the Red", NONE),
        &["Flight"],
        &["Wall of Iron"],
    );
    let wall = game.id_of(1, "Wall of Iron");
    ok(&mut game, Action::UseCard(wall));
    assert!(matches!(game.pending(), Some(spellfire::Pending::Walled { .. })));
    let flight = game.id_of(0, "Flight");
    ok(&mut game, Action::UseCard(flight));
    assert!(
        game.pending().is_none() && game.battle().is_some(),
        "he flies over and fights on"
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 6));
}

// Powers acting as a turn begins or ends (P1, issue 16).

/// The top cards of `seat`'s draw pile, by name, top first.
fn draw_top_names(game: &Spellfire, seat: spellhall_core::Seat, n: usize) -> Vec<String> {
    game.player(seat)
        .draw
        .iter_top_down()
        .take(n)
        .map(|&c| game.name(c).to_string())
        .collect()
}

/// P2 ends its turn and P1's begins: each has a realm, P1's pool holds `pool`, and the named
/// cards lie on top of P2's (then P1's) draw pile.
fn p1_turn_begins(pool: (&str, &[&str]), p1_draw: &[&str], p2_draw: &[&str]) -> Spellfire {
    let mut setup = TestGame::new(2)
        .active(1)
        .phase(Phase::AfterBattle)
        .formation(0, [realm(A, "Cormyr")])
        .formation(1, [realm(A, "Thay")])
        .pool(0, [pool]);
    for &card in p1_draw {
        setup = setup.draw(0, [card]);
    }
    for &card in p2_draw {
        setup = setup.draw(1, [card]);
    }
    let mut game = setup.build();
    ok(&mut game, Action::EndTurn);
    assert_eq!((game.active(), game.phase()), (P1, Phase::StartOfTurn));
    game
}

#[test]
fn card_1st_50_marco_volo_looks_at_the_top_card_of_any_draw_pile_and_may_discard_it() {
    let mut game = p1_turn_begins(("Marco Volo", NONE), &["Rowan"], &["Mordenkainen", "Galek"]);
    // Before the draw, his player chooses a pile (his own or the other's) or lets it be.
    assert_eq!(game.decider(), Some(P1));
    assert_eq!(
        game.legal(),
        [Action::ChoosePlayer(P1), Action::ChoosePlayer(P2), Action::Pass],
        "a pile of any player, or nothing; no draw yet"
    );
    ok(&mut game, Action::ChoosePlayer(P2));
    let mordenkainen = game.id_of(1, "Mordenkainen");
    let looked: Vec<_> = game.view_for(P1).looking_at.iter().map(|c| c.id).collect();
    assert_eq!(looked, [mordenkainen], "the top card only, shown to him");
    assert!(game.view_for(P2).looking_at.is_empty(), "and to nobody else");
    assert_eq!(offered(&game), [mordenkainen]);
    ok(&mut game, Action::Choose(mordenkainen));
    assert_eq!(discard_names(&game, P2), ["Mordenkainen"]);
    assert_eq!(draw_top_names(&game, P2, 1), ["Galek"]);
    assert_eq!(game.player(P2).draw.len(), 11, "ten fillers and Galek left");
    // Then the turn goes on with the draw; his own pile is untouched.
    assert!(game.pending().is_none());
    assert_eq!(draw_top_names(&game, P1, 1), ["Rowan"]);
    ok(&mut game, Action::Draw);

    // He may look and keep the card where it is.
    let mut game = p1_turn_begins(("Marco Volo", NONE), &["Rowan"], &[]);
    ok(&mut game, Action::ChoosePlayer(P1));
    ok(&mut game, Action::Pass);
    assert_eq!(draw_top_names(&game, P1, 1), ["Rowan"]);
    assert!(discard_names(&game, P1).is_empty() && discard_names(&game, P2).is_empty());
    assert!(game.legal().contains(&Action::Draw));

    // Not his turn, no look: P2's turn begins with no choice for anyone.
    let mut game = TestGame::new(2)
        .phase(Phase::AfterBattle)
        .formation(0, [realm(A, "Cormyr")])
        .formation(1, [realm(A, "Thay")])
        .pool(1, [("Marco Volo", NONE)])
        .pool(0, [("Mordenkainen", NONE)])
        .build();
    ok(&mut game, Action::EndTurn);
    assert_eq!(
        game.legal(),
        [Action::ChoosePlayer(P1), Action::ChoosePlayer(P2), Action::Pass]
    );
    assert_eq!(
        game.decider(),
        Some(P2),
        "the look is Marco Volo's player's, as his turn begins"
    );
}

#[test]
fn card_1st_199_rens_crystal_ball_inspects_the_top_three_cards_and_discards_one() {
    let mut game = p1_turn_begins(
        ("Mordenkainen", &["Ren's Crystal Ball"]),
        &["Rowan", "Galek", "Cleric of Torm", "Tergoz Tenhammer"],
        &[],
    );
    ok(&mut game, Action::ChoosePlayer(P1));
    let three: Vec<_> = ["Rowan", "Galek", "Cleric of Torm"]
        .iter()
        .map(|n| game.id_of(0, n))
        .collect();
    let looked: Vec<_> = game.view_for(P1).looking_at.iter().map(|c| c.id).collect();
    assert_eq!(looked, three, "the top three, not the fourth below them");
    assert_eq!(offered(&game), three);
    ok(&mut game, Action::Choose(three[1]));
    assert_eq!(discard_names(&game, P1), ["Galek"]);
    assert_eq!(
        draw_top_names(&game, P1, 3),
        ["Rowan", "Cleric of Torm", "Tergoz Tenhammer"],
        "the rest stay in order"
    );
    assert!(game.pending().is_none(), "one card only");
    assert_eq!(
        game.player(P1).pool[0].attachments,
        [game.id_of(0, "Ren's Crystal Ball")],
        "the ball stays with its champion"
    );
}

#[test]
fn card_1st_172_hettman_tsurin_not_attacking_discards_a_random_card_of_another_hand_at_turn_end() {
    let setup = || {
        TestGame::new(3)
            .phase(Phase::Pool)
            .formation(0, [realm(A, "Cormyr")])
            .formation(1, [realm(A, "Thay")])
            .formation(2, [realm(A, "Waterdeep")])
            .pool(0, [("Hettman Tsurin", NONE)])
            .hand(1, ["Rowan", "Galek"])
            .hand(0, ["Tergoz Tenhammer"])
    };
    let mut game = setup().build();
    ok(&mut game, Action::EndPhase);
    ok(&mut game, Action::EndTurn);
    // The turn waits: P2 has cards in hand, P3 none, P1's own hand is not offered.
    assert_eq!((game.active(), game.decider()), (P1, Some(P1)));
    assert_eq!(game.legal(), [Action::ChoosePlayer(P2), Action::Pass]);
    ok(&mut game, Action::ChoosePlayer(P2));
    assert_eq!(game.player(P2).hand.len(), 1, "one of the two, by chance");
    let gone = discard_names(&game, P2);
    assert!(gone == ["Rowan"] || gone == ["Galek"], "{gone:?}");
    assert_eq!(hand_names(&game, P1), ["Tergoz Tenhammer"]);
    assert_eq!(game.active(), P2, "then the turn ends");

    // He may let it be.
    let mut game = setup().build();
    ok(&mut game, Action::EndPhase);
    ok(&mut game, Action::EndTurn);
    ok(&mut game, Action::Pass);
    assert_eq!((game.active(), game.player(P2).hand.len()), (P2, 2));

    // Hettman attacked this turn: nothing when the turn ends.
    let mut game = setup().build();
    let hettman = game.id_of(0, "Hettman Tsurin");
    ok(&mut game, attack_p2(hettman, A));
    ok(&mut game, Action::Decline);
    while game.active() == P1 && game.pending().is_some() {
        let next = if game.legal().contains(&Action::KeepSpoils) {
            Action::KeepSpoils
        } else {
            Action::Pass
        };
        ok(&mut game, next);
    }
    ok(&mut game, Action::EndTurn);
    assert_eq!(game.active(), P2, "no choice asked");
    assert_eq!(game.player(P2).hand.len(), 2);
}

#[test]
fn card_1st_361_chariot_of_sustarre_one_champion_or_two_allies_fly() {
    // The Cleric of Torm (5) attacks Draj, whose attackers that do not fly lose 2, against
    // Mordenkainen (7), with Galek (+2) and the Iron Legion (+3): 3 + 0 + 1.
    let setup = || {
        let mut game = round(
            realm(A, "Draj"),
            ("Cleric of Torm", NONE),
            ("Mordenkainen", NONE),
            &["Galek", "The Iron Legion", "Chariot of Sustarre"],
            &[],
        );
        ally(&mut game, 0, "Galek");
        ally(&mut game, 0, "The Iron Legion");
        assert_eq!(total(&game, Side::Attacker), 4);
        let chariot = game.id_of(0, "Chariot of Sustarre");
        ok(&mut game, Action::UseCard(chariot));
        game
    };
    let mut game = setup();
    let [cleric, galek, legion] = ["Cleric of Torm", "Galek", "The Iron Legion"].map(|n| game.id_of(0, n));
    let mut offered = game.legal();
    offered.sort();
    let mut expected = vec![Action::Choose(cleric), Action::Choose(galek), Action::Choose(legion)];
    expected.sort();
    assert_eq!(offered, expected, "the champion or an ally, of its own side only");
    // Two allies: both fly, the champion does not.
    ok(&mut game, Action::Choose(galek));
    assert_eq!(total(&game, Side::Attacker), 3 + 2 + 1);
    assert!(
        !game.legal().contains(&Action::Choose(cleric)),
        "not the champion as well"
    );
    ok(&mut game, Action::Choose(legion));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (8, 7));
    assert_eq!(game.losing_side(), Side::Defender);
    ok(&mut game, Action::Pass);
    assert_eq!(
        discard_names(&game, P1),
        ["Galek", "The Iron Legion", "Chariot of Sustarre"]
    );
    assert_eq!(discard_names(&game, P2), ["Mordenkainen"]);
    // Or the champion alone, and no ally after him.
    let mut game = setup();
    ok(&mut game, Action::Choose(cleric));
    assert!(game.pending().is_none(), "one champion: nothing more to choose");
    // The cleric flies (5), Galek still counts nothing, the Legion 1.
    assert_eq!(total(&game, Side::Attacker), 6);
}

#[test]
fn card_1st_55_crime_lord_played_as_an_event_destroys_a_holding() {
    // In phase 3 the Crime Lord may go to the pool as a champion, or be played as an event.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Crime Lord"])
        .formation(0, [realm(A, "Waterdeep").holding("Tantras")])
        .formation(1, [realm(A, "Cormyr").holding("Berdusk")])
        .build();
    let lord = game.id_of(0, "Crime Lord");
    let legal = game.legal();
    assert!(legal.contains(&Action::ToPool(lord)) && legal.contains(&Action::PlayEvent(lord)));
    ok(&mut game, Action::PlayEvent(lord));
    // Any one holding: his own too.
    let [tantras, berdusk] = [(0, "Tantras"), (1, "Berdusk")].map(|(s, n)| game.id_of(s, n));
    let mut offered = game.legal();
    offered.sort();
    let mut expected = vec![Action::Choose(tantras), Action::Choose(berdusk)];
    expected.sort();
    assert_eq!(offered, expected);
    ok(&mut game, Action::Choose(berdusk));
    common::all_pass(&mut game);
    // The holding and the Crime Lord are discarded (not sent to the Abyss); the realm stays.
    assert_eq!(discard_names(&game, P2), ["Berdusk"]);
    assert_eq!(discard_names(&game, P1), ["Crime Lord"]);
    assert!(game.player(P1).abyss.is_empty() && game.player(P1).pool.is_empty());
    let slot = game.player(P2).formation.slot(Position(A)).unwrap();
    assert!(slot.holding.is_none() && !slot.razed);
    assert!(game.player(P1).formation.slot(Position(A)).unwrap().holding.is_some());
    // As an event it may be played out of turn too: P2 claims the next decision.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(1, ["Crime Lord"])
        .formation(0, [realm(A, "Waterdeep").holding("Tantras")])
        .build();
    ok(&mut game, Action::Claim(P2));
    let lord = game.id_of(1, "Crime Lord");
    ok(&mut game, Action::PlayEvent(lord));
    let tantras = game.id_of(0, "Tantras");
    ok(&mut game, Action::Choose(tantras));
    common::all_pass(&mut game);
    assert_eq!(discard_names(&game, P1), ["Tantras"]);
    assert_eq!(discard_names(&game, P2), ["Crime Lord"]);
}

#[test]
fn card_1st_2_menzoberranzan_played_at_any_time_and_closed_to_flyers() {
    // In phase 3, after this turn's realm was played, P1 may still play it, at the frontmost
    // empty position only.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Menzoberranzan", "Waterdeep"])
        .formation(0, [realm(A, "Cormyr")])
        .build();
    let menzo = game.id_of(0, "Menzoberranzan");
    let waterdeep = game.id_of(0, "Waterdeep");
    let legal = game.legal();
    assert!(legal.contains(&Action::PlayRealm {
        card: menzo,
        at: Position(B)
    }));
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, Action::PlayRealm { card, .. } if *card == waterdeep))
    );
    assert!(
        !legal.contains(&Action::PlayRealm {
            card: menzo,
            at: Position(3)
        }),
        "the fill order holds"
    );
    ok(
        &mut game,
        Action::PlayRealm {
            card: menzo,
            at: Position(B),
        },
    );
    assert_eq!(
        game.player(P1).formation.slot(Position(B)).map(|s| s.realm),
        Some(menzo)
    );
    // In another player's turn, after a claim.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(1, ["Menzoberranzan"])
        .formation(1, [realm(A, "Cormyr")])
        .build();
    ok(&mut game, Action::Claim(P2));
    let menzo = game.id_of(1, "Menzoberranzan");
    ok(
        &mut game,
        Action::PlayRealm {
            card: menzo,
            at: Position(B),
        },
    );
    assert_eq!(
        game.player(P2).formation.slot(Position(B)).map(|s| s.realm),
        Some(menzo)
    );
    assert!(game.player(P2).hand.is_empty());
    // Closed to flyers: Neeva flies, Mordenkainen walks.
    assert!(may_attack(realm(A, "Menzoberranzan"), "Neeva").is_err());
    assert!(may_attack(realm(A, "Menzoberranzan"), "Mordenkainen").is_ok());
}

// Cancelled spells and powers, undead barred from a round, battles with no victor and battle
// outcomes (issue 16, helper P2).

#[test]
fn card_1st_370_invisibility_to_undead_undead_opponents_count_nothing() {
    // The Skeletal Horde (5, undead) attacks the Cleric of Gond (4), who turns invisible to undead:
    // the horde and its Skeleton count nothing against him; a living ally still counts.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Skeletal Horde", NONE),
        ("Cleric of Gond", NONE),
        &["Skeleton", "Galek"],
        &["Invisibility to Undead"],
    );
    assert_eq!(game.losing_side(), Side::Defender, "5 against 4");
    let spell = game.id_of(1, "Invisibility to Undead");
    ok(&mut game, Action::UseCard(spell));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (0, 4));
    ally(&mut game, 0, "Skeleton");
    assert_eq!(total(&game, Side::Attacker), 0, "an undead ally is ignored too");
    ally(&mut game, 0, "Galek");
    assert_eq!(total(&game, Side::Attacker), 2, "a living ally counts");
    ok(&mut game, Action::Pass);
    assert_eq!(discard_names(&game, P1), ["Skeletal Horde", "Skeleton", "Galek"]);
    assert_eq!(discard_names(&game, P2), ["Invisibility to Undead"]);
    assert!(!game.player(P2).formation.slot(Position(A)).unwrap().razed);
}

#[test]
fn card_1st_360_protection_sends_an_undead_champion_home_with_the_round_lost() {
    // The Skeletal Horde (5, undead) attacks the Cleric of Gond (4), who casts Protection: the
    // horde loses the round but goes back to its pool; the defender earns the spoils.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Skeletal Horde", NONE),
        ("Cleric of Gond", NONE),
        &[],
        &["Protection"],
    );
    let protection = game.id_of(1, "Protection");
    ok(&mut game, Action::UseCard(protection));
    assert!(game.battle().is_none(), "the battle is over");
    assert_eq!(
        pool_names(&game, P1),
        ["Skeletal Horde"],
        "back in its pool, not discarded"
    );
    assert!(discard_names(&game, P1).is_empty());
    assert_eq!(discard_names(&game, P2), ["Protection"]);
    assert!(!game.player(P2).formation.slot(Position(A)).unwrap().razed);
    assert!(matches!(
        game.pending(),
        Some(spellfire::Pending::Spoils { seat, .. }) if *seat == P2
    ));
}

#[test]
fn card_1st_360_protection_discards_undead_allies_and_bars_more_for_the_round() {
    // The Magister (4) brings a Skeleton against the Cleric of Gond (4): 5 against 4. Protection
    // discards the skeleton; a Sea Zombie may not follow it, a living ally may.
    let mut game = round(
        realm(A, "Cormyr"),
        ("The Magister", NONE),
        ("Cleric of Gond", NONE),
        &["Skeleton", "Sea Zombie", "Galek"],
        &["Protection"],
    );
    ally(&mut game, 0, "Skeleton");
    assert_eq!(game.losing_side(), Side::Defender, "5 against 4");
    let protection = game.id_of(1, "Protection");
    ok(&mut game, Action::UseCard(protection));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (4, 4));
    assert_eq!(discard_names(&game, P1), ["Skeleton"]);
    assert_eq!(
        pool_names(&game, P1),
        Vec::<String>::new(),
        "a living champion fights on"
    );
    let zombie = game.id_of(0, "Sea Zombie");
    let refusal = refused(&game, Action::PlayAlly(zombie));
    assert_eq!(refusal.rule, "SF-140");
    ally(&mut game, 0, "Galek");
    assert_eq!(total(&game, Side::Attacker), 6);
}

#[test]
fn card_1st_168_mutiny_ends_the_battle_with_no_victor_and_discards_the_allies() {
    // Azhul (4) with Galek (+2) against the Cleric of Gond (4): the cleric's player, losing,
    // plays Mutiny!. The battle stops with no victor; Galek is discarded, not sent home.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Azhul", NONE),
        ("Cleric of Gond", NONE),
        &["Galek"],
        &["Mutiny!"],
    );
    ally(&mut game, 0, "Galek");
    let mutiny = game.id_of(1, "Mutiny!");
    ok(&mut game, Action::PlayEvent(mutiny));
    common::all_pass(&mut game);
    assert!(game.battle().is_none(), "the battle stopped");
    assert!(game.pending().is_none(), "no spoils: nobody won");
    assert_eq!(pool_names(&game, P1), ["Azhul"]);
    assert_eq!(pool_names(&game, P2), ["Cleric of Gond"]);
    assert_eq!(discard_names(&game, P1), ["Galek"]);
    assert!(!game.player(P2).formation.slot(Position(A)).unwrap().razed);
    assert_eq!(game.player(P2).abyss, [mutiny]);
    // No battle until the next turn of Mutiny!'s player (P2) begins.
    let azhul = game.id_of(0, "Azhul");
    assert!(game.lasting_bars(azhul, P2));
    ok(&mut game, Action::EndTurn);
    assert!(!game.lasting_bars(azhul, P2), "P2's turn has begun");
}

#[test]
fn card_1st_251_mogadishos_horde_on_the_losing_side_discards_the_opponents_holdings() {
    // Three players. P1's Azhul (4) with the horde (+1) attacks P2's Cormyr and ties the Cleric
    // of Torm (5): the defender wins. Every holding of P2 goes; P1's and P3's stay.
    let mut game = TestGame::new(3)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep").holding("Berdusk")])
        .formation(
            1,
            [
                realm(A, "Cormyr").holding("Mulmaster"),
                realm(B, "Thay").holding("Tantras"),
            ],
        )
        .formation(2, [realm(A, "Anauroch").holding("Hillsfar")])
        .pool(0, [("Azhul", NONE)])
        .pool(1, [("Cleric of Torm", NONE)])
        .hand(0, ["Mogadisho's Horde"])
        .build();
    let azhul = game.id_of(0, "Azhul");
    ok(&mut game, attack_p2(azhul, A));
    let torm = game.id_of(1, "Cleric of Torm");
    ok(&mut game, Action::Defend { champion: torm });
    ally(&mut game, 0, "Mogadisho's Horde");
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (5, 5));
    ok(&mut game, Action::Pass);
    assert_eq!(discard_names(&game, P1), ["Azhul", "Mogadisho's Horde"]);
    let mut p2 = discard_names(&game, P2);
    p2.sort();
    assert_eq!(p2, ["Mulmaster", "Tantras"]);
    let holding = |seat: spellhall_core::Seat| game.player(seat).formation.slot(Position(A)).unwrap().holding;
    assert_eq!(
        holding(P1),
        Some(game.id_of(0, "Berdusk")),
        "its own player's holding stays"
    );
    assert_eq!(
        holding(spellhall_core::Seat(2)),
        Some(game.id_of(2, "Hillsfar")),
        "a third player's too"
    );
    assert_eq!(holding(P2), None);
}

#[test]
fn card_1st_261_agis_destroys_a_monster_in_the_defenders_pool_before_the_battle() {
    // Three players: Agis attacks P2, whose pool holds the Skeletal Horde and the Cleric of Torm;
    // P3's Greater Feyr is not the defender's, so it is not offered.
    let mut game = TestGame::new(3)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr")])
        .formation(2, [realm(A, "Anauroch")])
        .pool(0, [("Agis", NONE)])
        .pool(1, [("Skeletal Horde", NONE), ("Cleric of Torm", NONE)])
        .pool(2, [("Greater Feyr", NONE)])
        .build();
    let agis = game.id_of(0, "Agis");
    ok(&mut game, attack_p2(agis, A));
    let (horde, torm, feyr) = (
        game.id_of(1, "Skeletal Horde"),
        game.id_of(1, "Cleric of Torm"),
        game.id_of(2, "Greater Feyr"),
    );
    assert_eq!(game.decider(), Some(P1), "Agis's player chooses before the defence");
    let legal = game.legal();
    assert!(legal.contains(&Action::Choose(horde)) && legal.contains(&Action::Pass));
    assert!(!legal.contains(&Action::Choose(torm)), "not a monster");
    assert!(!legal.contains(&Action::Choose(feyr)), "not the defender's");
    ok(&mut game, Action::Choose(horde));
    assert_eq!(discard_names(&game, P2), ["Skeletal Horde"]);
    assert_eq!(pool_names(&game, spellhall_core::Seat(2)), ["Greater Feyr"]);
    assert_eq!(game.decider(), Some(P2), "now the defender chooses");
    ok(&mut game, Action::Defend { champion: torm });
    // Sent into a later round of a battle, Agis does not: the battle has begun.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr")])
        .pool(0, [("Rikus", NONE), ("Agis", NONE)])
        .pool(1, [("Cleric of Gond", NONE), ("Skeletal Horde", NONE)])
        .build();
    let attack = |champion| attack_p2(champion, A);
    let (rikus, agis) = (game.id_of(0, "Rikus"), game.id_of(0, "Agis"));
    ok(&mut game, attack(rikus));
    let gond = game.id_of(1, "Cleric of Gond");
    ok(&mut game, Action::Defend { champion: gond });
    ok(&mut game, Action::Pass);
    ok(&mut game, attack(agis));
    assert_eq!(game.decider(), Some(P2), "no choice for Agis's player");
    assert_eq!(pool_names(&game, P2), ["Skeletal Horde"]);
}

#[test]
fn card_1st_244_silver_spring_razes_an_opponents_realm_of_the_defenders_choice() {
    // P1's Azhul attacks Urik, which holds Silver Spring; P2 lets it be razed. P1 takes his
    // spoils, then P2 razes one of P1's standing realms (Thay, razed already, is not offered).
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(
            0,
            [
                realm(A, "Waterdeep"),
                realm(B, "Thay").razed(),
                realm(common::C, "Cormyr"),
            ],
        )
        .formation(1, [realm(A, "Urik").holding("Silver Spring"), realm(B, "Anauroch")])
        .pool(0, [("Azhul", NONE)])
        .build();
    let azhul = game.id_of(0, "Azhul");
    ok(&mut game, attack_p2(azhul, A));
    ok(&mut game, Action::Decline);
    let slot = |game: &Spellfire, seat, at| *game.player(seat).formation.slot(Position(at)).unwrap();
    assert!(slot(&game, P2, A).razed);
    assert_eq!(discard_names(&game, P2), ["Silver Spring"]);
    ok(&mut game, Action::KeepSpoils);
    assert_eq!(game.decider(), Some(P2), "the defender chooses");
    let (waterdeep, thay, cormyr) = (
        game.id_of(0, "Waterdeep"),
        game.id_of(0, "Thay"),
        game.id_of(0, "Cormyr"),
    );
    let legal = game.legal();
    assert!(legal.contains(&Action::Choose(waterdeep)) && legal.contains(&Action::Choose(cormyr)));
    assert!(!legal.contains(&Action::Choose(thay)), "razed already");
    assert!(
        !legal.contains(&Action::Choose(game.id_of(1, "Anauroch"))),
        "not his own"
    );
    assert!(!legal.contains(&Action::Pass), "the razing is not optional");
    ok(&mut game, Action::Choose(cormyr));
    assert!(slot(&game, P1, common::C).razed);
    assert!(!slot(&game, P1, A).razed);
    assert!(!slot(&game, P2, B).razed);
}

#[test]
fn card_1st_258_rikus_attacks_again_after_winning_a_round() {
    // Rikus (6) beats the Cleric of Gond (4); he may attack the same realm again (Azhul, with no
    // such power, could not), beats the Cleric of Torm (5), and may not attack a third time.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr")])
        .pool(0, [("Rikus", NONE), ("Azhul", NONE)])
        .pool(1, [("Cleric of Gond", NONE), ("Cleric of Torm", NONE)])
        .build();
    let (rikus, azhul) = (game.id_of(0, "Rikus"), game.id_of(0, "Azhul"));
    let attack = |champion| attack_p2(champion, A);
    ok(&mut game, attack(rikus));
    let gond = game.id_of(1, "Cleric of Gond");
    ok(&mut game, Action::Defend { champion: gond });
    ok(&mut game, Action::Pass);
    assert_eq!(discard_names(&game, P2), ["Cleric of Gond"]);
    ok(&mut game, attack(rikus));
    let torm = game.id_of(1, "Cleric of Torm");
    ok(&mut game, Action::Defend { champion: torm });
    ok(&mut game, Action::Pass);
    assert_eq!(discard_names(&game, P2), ["Cleric of Gond", "Cleric of Torm"]);
    let refusal = refused(&game, attack(rikus));
    assert_eq!(refusal.rule, "SF-119");
    // Another champion still may, once.
    ok(&mut game, attack(azhul));
}

#[test]
fn card_1st_220_rod_of_dispel_magic_its_carrier_cancels_one_wizard_spell_a_battle() {
    // Tergoz Tenhammer (5) carries the rod against The Magister (4), who casts Horrors of the
    // Abyss (+5): Tergoz uses the rod as his card, and the spell goes. A second spell stands.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Tergoz Tenhammer", &["Rod of Dispel Magic"]),
        ("The Magister", NONE),
        &[],
        &["Horrors of the Abyss", "Enlarge"],
    );
    let rod = game.id_of(0, "Rod of Dispel Magic");
    let horrors = game.id_of(1, "Horrors of the Abyss");
    ok(&mut game, Action::UseCard(horrors));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (5, 9));
    ok(&mut game, Action::UseCard(rod));
    assert_eq!(game.decider(), Some(P1), "the rod's carrier chooses the spell");
    ok(&mut game, Action::Choose(horrors));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (5, 4));
    assert_eq!(discard_names(&game, P2), ["Horrors of the Abyss"]);
    let enlarge = game.id_of(1, "Enlarge");
    ok(&mut game, Action::UseCard(enlarge));
    assert_eq!(game.losing_side(), Side::Attacker, "5 against 7");
    let refusal = refused(&game, Action::UseCard(rod));
    assert_eq!(refusal.rule, "SF-140", "once a battle");
    let carried = &game.battle().unwrap().attacking.as_ref().unwrap().attachments;
    assert_eq!(carried, &[rod], "the rod stays with its carrier");
}

#[test]
fn card_1st_106_spell_of_formless_horror_stays_on_the_opposing_champion() {
    // Maligor the Red (3) attacks; Mordenkainen (7) defends. The spell takes 3 from Mordenkainen,
    // not from its caster, and goes onto him.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Maligor the Red", NONE),
        ("Mordenkainen", NONE),
        &["Spell of Formless Horror"],
        &[],
    );
    let horror = game.id_of(0, "Spell of Formless Horror");
    let mordenkainen = game.id_of(1, "Mordenkainen");
    ok(&mut game, Action::UseCard(horror));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (3, 4));
    // Mordenkainen still wins, and goes home carrying the spell; Maligor is discarded.
    ok(&mut game, Action::Pass);
    assert_eq!(discard_names(&game, P1), ["Maligor the Red"]);
    let home = game.player(P2).pool.iter().find(|c| c.card == mordenkainen).unwrap();
    assert_eq!(home.attachments, vec![horror]);
    assert_eq!(game.owner(horror), P1, "its owner does not change");
    // In a later battle it still counts against him: 7 - 3.
    let game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", &["Spell of Formless Horror"]),
        ("Maligor the Red", NONE),
        &[],
        &[],
    );
    assert_eq!(total(&game, Side::Attacker), 4);
    // When the champion it is on is defeated, it goes to its owner's discard pile with him.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Elminster the Mage", NONE),
        &["Spell of Formless Horror"],
        &[],
    );
    let horror = game.id_of(0, "Spell of Formless Horror");
    ok(&mut game, Action::UseCard(horror));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 6));
    ok(&mut game, Action::Pass);
    assert_eq!(discard_names(&game, P2), ["Elminster the Mage"]);
    assert_eq!(discard_names(&game, P1), ["Spell of Formless Horror"]);
}

// Cards that change sides or take another's place (P1, issue 16).

#[test]
fn card_1st_316_shield_of_wickedness_an_enemy_ally_switches_sides_for_the_round() {
    // Mordenkainen (7) with the shield attacks; the Cleric of Torm (5) defends.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", &["Shield of Wickedness"]),
        ("Cleric of Torm", NONE),
        &[],
        &["Sea Zombie"],
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 5));
    ally(&mut game, 1, "Sea Zombie");
    // The shield's owner chooses: the ally just played, or nothing.
    let zombie = game.id_of(1, "Sea Zombie");
    assert_eq!(game.decider(), Some(P1));
    assert_eq!(offered(&game), [zombie]);
    assert!(game.legal().contains(&Action::Pass));
    ok(&mut game, Action::Choose(zombie));
    assert_eq!(
        (total(&game, Side::Attacker), total(&game, Side::Defender)),
        (11, 5),
        "the Sea Zombie's +4 fights for the attacker"
    );
    assert_eq!(game.decider(), Some(P2), "the defender is losing again");
    ok(&mut game, Action::Pass);
    assert_eq!(
        discard_names(&game, P2),
        ["Sea Zombie", "Cleric of Torm"],
        "the ally goes to its owner's discard pile, as the winning side's cards go first"
    );
    assert!(discard_names(&game, P1).is_empty());
    assert_eq!(
        game.player(P1).pool[0].attachments,
        [game.id_of(0, "Shield of Wickedness")],
        "the shield stays with its champion"
    );

    // Declined: the ally fights for its own side.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", &["Shield of Wickedness"]),
        ("Cleric of Torm", NONE),
        &[],
        &["Sea Zombie"],
    );
    ally(&mut game, 1, "Sea Zombie");
    ok(&mut game, Action::Pass);
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 9));
}

#[test]
fn card_1st_396_control_undead_takes_the_largest_undead_ally_from_a_hand_for_the_round() {
    // Maligor the Red (3) attacks the Cleric of Gond (4) and is losing.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Maligor the Red", NONE),
        ("Cleric of Gond", NONE),
        &["Control Undead"],
        &["Skeleton", "Sea Zombie", "Galek"],
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (3, 4));
    let spell = game.id_of(0, "Control Undead");
    ok(&mut game, Action::UseCard(spell));
    // Any player with a card in hand may be asked (P1's own hand is empty now).
    assert_eq!(game.legal(), [Action::ChoosePlayer(P2), Action::Pass]);
    ok(&mut game, Action::ChoosePlayer(P2));
    assert_eq!(
        hand_names(&game, P2),
        ["Skeleton", "Galek"],
        "the Sea Zombie (+4), his largest undead ally: not the Skeleton (+1) nor Galek, who is not undead"
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 4));
    ok(&mut game, Action::Pass);
    assert_eq!(discard_names(&game, P1), ["Control Undead"]);
    assert_eq!(
        discard_names(&game, P2),
        ["Sea Zombie", "Cleric of Gond"],
        "discarded afterwards, to its owner's pile"
    );

    // A player with no undead ally gives nothing.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Maligor the Red", NONE),
        ("Cleric of Gond", NONE),
        &["Control Undead"],
        &["Galek"],
    );
    let spell = game.id_of(0, "Control Undead");
    ok(&mut game, Action::UseCard(spell));
    ok(&mut game, Action::ChoosePlayer(P2));
    assert_eq!(hand_names(&game, P2), ["Galek"]);
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (3, 4));
}

#[test]
fn card_1st_303_defiler_casting_costs_a_friendly_realm_or_holding() {
    // The Defiler (6) attacks Cormyr; Captain Kazhal (9) defends. P1 holds Draj with the
    // Ziggurat, and Balic.
    let setup = || {
        let mut game = TestGame::new(2)
            .phase(Phase::Pool)
            .formation(0, [realm(A, "Draj").holding("Ziggurat"), realm(B, "Balic")])
            .pool(0, [("Defiler", NONE)])
            .hand(0, ["Shield", "Cone of Cold"])
            .formation(1, [realm(A, "Cormyr")])
            .pool(1, [("Captain Kazhal", NONE)])
            .build();
        let defiler = game.id_of(0, "Defiler");
        ok(&mut game, attack_p2(defiler, A));
        let kazhal = game.id_of(1, "Captain Kazhal");
        ok(&mut game, Action::Defend { champion: kazhal });
        let shield = game.id_of(0, "Shield");
        ok(&mut game, Action::UseCard(shield));
        game
    };
    let mut game = setup();
    // One of his own standing realms, or his own holding.
    let [draj, balic, ziggurat] = ["Draj", "Balic", "Ziggurat"].map(|n| game.id_of(0, n));
    let mut offered = game.legal();
    offered.sort();
    let mut expected = vec![Action::Choose(draj), Action::Choose(balic), Action::Choose(ziggurat)];
    expected.sort();
    assert_eq!(offered, expected);
    let pile = game.player(P1).draw.len();
    ok(&mut game, Action::Choose(ziggurat));
    assert!(game.player(P1).formation.slot(Position(A)).unwrap().holding.is_none());
    assert_eq!(
        game.player(P1).draw.len(),
        pile + 1,
        "the holding is shuffled into the draw pile"
    );
    assert!(game.player(P1).discard.is_empty());
    // A second spell in the battle costs nothing more: 6 + 2 + 5 against 9.
    let cone = game.id_of(0, "Cone of Cold");
    ok(&mut game, Action::UseCard(cone));
    assert!(game.pending().is_none());
    assert_eq!(total(&game, Side::Attacker), 13);
    assert!(!game.player(P1).formation.slot(Position(B)).unwrap().razed);
    // Or a realm is razed.
    let mut game = setup();
    ok(&mut game, Action::Choose(balic));
    assert!(game.player(P1).formation.slot(Position(B)).unwrap().razed);
    assert_eq!(discard_names(&game, P1), Vec::<String>::new());
}

#[test]
fn card_1st_398_spell_turning_turns_a_phase_3_spell_back_at_its_caster() {
    // The Magister casts Death Spell on Tergoz Tenhammer; in its pause Tysiln San turns it: it
    // acts as if P2 had cast it, at The Magister (level 4, in its reach).
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Cormyr")])
        .pool(0, [("The Magister", NONE)])
        .hand(0, ["Death Spell"])
        .formation(1, [realm(A, "Waterdeep")])
        .pool(1, [("Tergoz Tenhammer", NONE), ("Tysiln San", NONE)])
        .hand(1, ["Spell Turning"])
        .build();
    let death = game.id_of(0, "Death Spell");
    ok(&mut game, Action::UseCard(death));
    let tergoz = game.id_of(1, "Tergoz Tenhammer");
    ok(&mut game, Action::Choose(tergoz));
    assert_eq!(game.decider(), Some(P2), "asked in the spell's pause");
    let turning = game.id_of(1, "Spell Turning");
    ok(&mut game, Action::Answer(turning));
    // The turned spell waits for P1's answer in its turn (SF-170); he has none and lets it act.
    assert_eq!(game.decider(), Some(P1));
    ok(&mut game, Action::Pass);
    assert!(game.pending().is_none());
    assert_eq!(
        pool_names(&game, P2),
        ["Tergoz Tenhammer", "Tysiln San"],
        "the target is spared"
    );
    assert!(pool_names(&game, P1).is_empty(), "the caster is struck");
    let mut p1 = discard_names(&game, P1);
    p1.sort();
    assert_eq!(p1, ["Death Spell", "The Magister"]);
    assert_eq!(discard_names(&game, P2), ["Spell Turning"]);
}

#[test]
fn sf_177_a_turned_card_acts_against_the_champion_who_used_it() {
    // In a round a spell is turned after it is cast (as Dispel Magic cancels one there): what it
    // did at once stays done, its bonus and its powers in the round act for the other side. The
    // Magister (4) with a Skeleton (+1) and Horrors of the Abyss (+5) holds Mordenkainen (7) with
    // a Sea Zombie (+4) by casting Hold Undead; Mordenkainen turns it back: now the Magister's
    // undead count nothing and the zombie counts again.
    let mut game = round(
        realm(A, "Cormyr"),
        ("The Magister", NONE),
        ("Mordenkainen", NONE),
        &["Skeleton", "Horrors of the Abyss", "Hold Undead"],
        &["Sea Zombie", "Spell Turning"],
    );
    ally(&mut game, 0, "Skeleton");
    let horrors = game.id_of(0, "Horrors of the Abyss");
    ok(&mut game, Action::UseCard(horrors));
    ally(&mut game, 1, "Sea Zombie");
    let hold = game.id_of(0, "Hold Undead");
    ok(&mut game, Action::UseCard(hold));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (10, 7));
    let turning = game.id_of(1, "Spell Turning");
    ok(&mut game, Action::UseCard(turning));
    ok(&mut game, Action::Choose(hold));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (9, 11));
    let battle = game.battle().unwrap();
    assert!(battle.defending.as_ref().unwrap().round_cards.contains(&hold));
    // The turned spell is still its caster's card: it ends in his discard pile with the round.
    ok(&mut game, Action::Pass);
    assert!(discard_names(&game, P1).contains(&"Hold Undead".to_string()));
    assert!(!discard_names(&game, P2).contains(&"Hold Undead".to_string()));
}

#[test]
fn card_1st_219_helm_of_teleportation_a_pool_champion_joins_as_an_ally_for_one_round() {
    // Mordenkainen (7) attacks; the Cleric of Gond (4) defends with the helm, Hettman Tsurin (2)
    // and the Cleric of Torm (5) waiting in P2's pool.
    let mut game = attack(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        &[
            ("Cleric of Gond", &["Helm of Teleportation"]),
            ("Cleric of Torm", NONE),
            ("Hettman Tsurin", NONE),
        ],
        &[],
        &[],
    );
    let gond = game.id_of(1, "Cleric of Gond");
    ok(&mut game, Action::Defend { champion: gond });
    // As the round begins the helm's owner may call one other champion of his pool.
    let (torm, hettman) = (game.id_of(1, "Cleric of Torm"), game.id_of(1, "Hettman Tsurin"));
    assert_eq!(game.decider(), Some(P2));
    assert_eq!(
        offered(&game),
        [torm, hettman],
        "his own pool's champions, not the one fighting"
    );
    ok(&mut game, Action::Choose(torm));
    assert_eq!(
        (total(&game, Side::Attacker), total(&game, Side::Defender)),
        (7, 9),
        "the Cleric of Torm's 5 counts beside the Cleric of Gond's 4"
    );
    assert!(game.player(P2).pool_index(torm).is_some(), "it stays in the pool");
    ok(&mut game, Action::Pass);
    assert_eq!(discard_names(&game, P1), ["Mordenkainen"]);
    assert!(
        discard_names(&game, P2).is_empty(),
        "the champion that joined goes home, not to the discard pile"
    );
    assert_eq!(game.player(P2).pool.len(), 3);

    // Once the round is over it may not fight again in this battle.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr"), realm(B, "Thay")])
        .pool(0, [("Mordenkainen", NONE), ("Maligor the Red", NONE)])
        .pool(
            1,
            [("Cleric of Gond", &["Helm of Teleportation"]), ("Hettman Tsurin", NONE)],
        )
        .build();
    let mordenkainen = game.id_of(0, "Mordenkainen");
    ok(&mut game, attack_p2(mordenkainen, A));
    let gond = game.id_of(1, "Cleric of Gond");
    ok(&mut game, Action::Defend { champion: gond });
    let hettman = game.id_of(1, "Hettman Tsurin");
    ok(&mut game, Action::Choose(hettman));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 6));
    ok(&mut game, Action::Pass);
    assert_eq!(discard_names(&game, P2), ["Cleric of Gond", "Helm of Teleportation"]);
    assert!(game.player(P2).pool_index(hettman).is_some());
    let maligor = game.id_of(0, "Maligor the Red");
    ok(&mut game, attack_p2(maligor, A));
    assert!(game.legal().contains(&Action::Decline));
    assert!(
        !game.legal().contains(&Action::Defend { champion: hettman }),
        "Hettman Tsurin fought in this battle already"
    );
}

#[test]
fn card_1st_242_lost_oasis_a_card_drawn_and_played_at_once_when_its_realm_is_attacked() {
    // Mordenkainen (7) attacks Raam, which holds the Lost Oasis; P2's pool is empty and the top of
    // his draw pile is Captain Kazhal (9).
    let attacked = |holding: &str| {
        let mut game = TestGame::new(2)
            .phase(Phase::Pool)
            .pool(0, [("Mordenkainen", NONE)])
            .formation(1, [realm(A, "Raam").holding(holding), realm(B, "Draj")])
            .draw(1, ["Captain Kazhal"])
            .build();
        let mordenkainen = game.id_of(0, "Mordenkainen");
        ok(&mut game, attack_p2(mordenkainen, A));
        game
    };
    let mut game = attacked("Lost Oasis");
    let kazhal = game.id_of(1, "Captain Kazhal");
    assert_eq!(game.decider(), Some(P2));
    assert!(game.player(P2).hand.contains(&kazhal), "drawn");
    assert!(matches!(game.pending(), Some(spellfire::Pending::Spoils { .. })));
    assert!(
        refused(&game, Action::ReturnSpoils).rule.contains("SF-212"),
        "not put back"
    );
    // Played at once into the pool, Kazhal takes up the defence.
    ok(&mut game, Action::ToPool(kazhal));
    assert!(game.pending().is_none());
    ok(&mut game, Action::Defend { champion: kazhal });
    assert_eq!(
        (total(&game, Side::Attacker), total(&game, Side::Defender)),
        (7, 9 + 1),
        "Raam adds 1"
    );
    // Or kept in the hand.
    let mut game = attacked("Lost Oasis");
    ok(&mut game, Action::KeepSpoils);
    assert!(game.player(P2).hand.contains(&game.id_of(1, "Captain Kazhal")));
    assert!(game.player(P2).pool.is_empty());
    // North Ledopolus does the same.
    let game = attacked("North Ledopolus");
    assert!(matches!(game.pending(), Some(spellfire::Pending::Spoils { .. })));
    // An attack on another realm draws nothing.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Mordenkainen", NONE)])
        .formation(1, [realm(A, "Raam"), realm(B, "Draj").holding("Lost Oasis")])
        .build();
    let mordenkainen = game.id_of(0, "Mordenkainen");
    ok(&mut game, attack_p2(mordenkainen, A));
    assert!(game.player(P2).hand.is_empty() && game.pending().is_none());
}

// Champions kept out of battles for a while, spells up to a total level and an immunity to
// lightning (issue 16, helper cardsA).

/// The active player ends his turn: whatever phases are left, and the draw of the next.
fn pass_turn(game: &mut Spellfire) {
    let seat = game.active();
    while game.active() == seat {
        let legal = game.legal();
        let next = [
            Action::EndPhase,
            Action::EndTurn,
            Action::Draw,
            Action::Pass,
            Action::ReturnSpoils,
        ]
        .into_iter()
        .find(|a| legal.contains(a))
        .unwrap_or_else(|| panic!("the turn can end: {legal:?}"));
        ok(game, next);
    }
}

/// The active player goes on to phase 3 (drawing on the way).
fn to_pool_phase(game: &mut Spellfire) {
    while game.phase() != Phase::Pool {
        let next = if game.legal().contains(&Action::Draw) {
            Action::Draw
        } else {
            Action::EndPhase
        };
        ok(game, next);
    }
}

/// `seat`'s `champion` may attack `defender`'s realm at A now: the refusal, if any.
fn attack_refusal(game: &Spellfire, champion: &str, seat: u8, defender: spellhall_core::Seat) -> Option<String> {
    let attack = Action::Attack {
        champion: game.id_of(seat, champion),
        defender,
        at: Position(A),
    };
    let answer = game.check(&attack);
    assert_eq!(answer.is_ok(), game.legal().contains(&attack), "check and legal agree");
    answer.err().map(|e| e.reason)
}

#[test]
fn card_1st_394_geas_a_champion_neither_attacks_nor_defends_until_after_its_owners_next_turn() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep"), realm(B, "Thay")])
        .formation(1, [realm(A, "Cormyr"), realm(B, "Anauroch")])
        .pool(0, [("Mordenkainen", NONE), ("Tergoz Tenhammer", NONE)])
        .pool(1, [("Cleric of Torm", NONE), ("The Magister", NONE)])
        .hand(0, ["Geas"])
        .filler(10)
        .build();
    use_card(&mut game, 0, "Geas");
    common::all_pass(&mut game);
    let [torm, magister] = ["Cleric of Torm", "The Magister"].map(|n| game.id_of(1, n));
    assert_eq!(offered(&game), [torm, magister], "a champion of another player's pool");
    assert!(!game.legal().contains(&Action::Pass), "the caster must choose");
    ok(&mut game, Action::Choose(torm));
    assert!(game.pending().is_none());
    assert_eq!(discard_names(&game, P1), ["Geas"]);
    assert_eq!(
        pool_names(&game, P2),
        ["Cleric of Torm", "The Magister"],
        "the champion stays in the pool"
    );
    // In this turn, the Cleric of Torm may not defend his realm; the Magister may.
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    ok(&mut game, attack_p2(tergoz, A));
    let reason = refused(&game, Action::Defend { champion: torm }).reason;
    assert!(reason.contains("Geas"), "{reason}");
    assert!(game.legal().contains(&Action::Defend { champion: magister }));
    ok(&mut game, Action::Decline);
    pass_turn(&mut game);
    // In his owner's next turn he may not attack; the Magister may.
    assert_eq!(game.active(), P2);
    to_pool_phase(&mut game);
    let reason = attack_refusal(&game, "Cleric of Torm", 1, P1).expect("barred");
    assert!(reason.contains("Geas"), "{reason}");
    assert_eq!(attack_refusal(&game, "The Magister", 1, P1), None);
    pass_turn(&mut game);
    // After that turn the bar is gone: he defends again.
    assert_eq!(game.active(), P1);
    to_pool_phase(&mut game);
    let mordenkainen = game.id_of(0, "Mordenkainen");
    ok(&mut game, attack_p2(mordenkainen, B));
    ok(&mut game, Action::Defend { champion: torm });
    // With no champion in another pool, Geas has nothing to act on and is not cast.
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr")])
        .pool(0, [("Mordenkainen", NONE)])
        .hand(0, ["Geas"])
        .build();
    refused(&game, Action::UseCard(game.id_of(0, "Geas")));
}

#[test]
fn card_1st_391_death_fog_discards_one_pools_champions_of_level_five_or_less_and_bars_the_rest_from_attacking() {
    // P1's Magister casts it on P2's pool: the Cleric of Torm (5) and Hettman Tsurin (2) die;
    // Tergoz Tenhammer (5) carries a Magic Sword (+3), level 8 adjusted, and survives with
    // Mordenkainen (7). P1's own Greater Feyr (5) is not touched.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep"), realm(B, "Thay")])
        .formation(1, [realm(A, "Cormyr"), realm(B, "Anauroch")])
        .pool(0, [("The Magister", NONE), ("Greater Feyr", NONE)])
        .pool(
            1,
            [
                ("Cleric of Torm", NONE),
                ("Hettman Tsurin", NONE),
                ("Tergoz Tenhammer", &["Magic Sword"]),
                ("Mordenkainen", NONE),
            ],
        )
        .hand(0, ["Death Fog"])
        .filler(10)
        .build();
    use_card(&mut game, 0, "Death Fog");
    common::all_pass(&mut game);
    assert!(offered(&game).is_empty(), "a player is chosen, not a card");
    assert!(
        game.legal().contains(&Action::ChoosePlayer(P1)),
        "any player, the caster too"
    );
    ok(&mut game, Action::ChoosePlayer(P2));
    assert!(game.pending().is_none());
    assert_eq!(pool_names(&game, P2), ["Tergoz Tenhammer", "Mordenkainen"]);
    let mut gone = discard_names(&game, P2);
    gone.sort();
    assert_eq!(gone, ["Cleric of Torm", "Hettman Tsurin"]);
    assert_eq!(pool_names(&game, P1), ["The Magister", "Greater Feyr"]);
    assert_eq!(discard_names(&game, P1), ["Death Fog"]);
    // The survivors may still defend (the card bars attacks only).
    let feyr = game.id_of(0, "Greater Feyr");
    ok(&mut game, attack_p2(feyr, A));
    let tergoz = game.id_of(1, "Tergoz Tenhammer");
    assert!(game.legal().contains(&Action::Defend { champion: tergoz }));
    ok(&mut game, Action::Decline);
    pass_turn(&mut game);
    // In P2's next turn neither survivor may attack; a champion played since may.
    to_pool_phase(&mut game);
    for survivor in ["Tergoz Tenhammer", "Mordenkainen"] {
        let reason = attack_refusal(&game, survivor, 1, P1).expect("barred");
        assert!(reason.contains("Death Fog"), "{reason}");
    }
    pass_turn(&mut game);
    pass_turn(&mut game);
    // After that turn they attack again.
    to_pool_phase(&mut game);
    assert_eq!(game.active(), P2);
    assert_eq!(attack_refusal(&game, "Mordenkainen", 1, P1), None);
}

#[test]
fn greedy_computer_turns_death_fog_and_geas_on_other_players() {
    // Three players: P2 shows Mordenkainen (7), out of Death Fog's reach; P3 the Cleric of Torm
    // (5) and Hettman Tsurin (2). The greedy P1 casts it and picks P3.
    let p3 = spellhall_core::Seat(2);
    let mut game = TestGame::new(3)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep")])
        .formation(1, [realm(A, "Cormyr")])
        .formation(2, [realm(A, "Anauroch")])
        .pool(0, [("The Magister", NONE)])
        .pool(1, [("Mordenkainen", NONE)])
        .pool(2, [("Cleric of Torm", NONE), ("Hettman Tsurin", NONE)])
        .hand(0, ["Death Fog"])
        .build();
    let content = common::content();
    let greedy = |game: &Spellfire| {
        let legal = game.legal();
        let mut rng = spellhall_core::GameRng::new(3);
        let seat = game.decider().expect("a seat decides");
        legal[spellfire::computer::greedy_choice(&game.view_for(seat), &legal, &content, &mut rng)].clone()
    };
    assert_eq!(greedy(&game), Action::UseCard(game.id_of(0, "Death Fog")));
    use_card(&mut game, 0, "Death Fog");
    common::all_pass(&mut game);
    assert_eq!(greedy(&game), Action::ChoosePlayer(p3));
    // Geas's choice: another player's champion, never its own.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep")])
        .formation(1, [realm(A, "Cormyr")])
        .pool(0, [("The Magister", NONE)])
        .pool(1, [("Mordenkainen", NONE), ("Hettman Tsurin", NONE)])
        .hand(0, ["Geas"])
        .build();
    assert_eq!(
        greedy(&game),
        Action::UseCard(game.id_of(0, "Geas")),
        "against a level 7"
    );
    use_card(&mut game, 0, "Geas");
    common::all_pass(&mut game);
    assert_eq!(greedy(&game), Action::Choose(game.id_of(1, "Mordenkainen")));
}

#[test]
fn card_1st_367_flame_strike_opposing_allies_up_to_six_levels_in_all_chosen_by_the_caster() {
    // The Cleric of Torm with a Magic Sword (7) attacks; Hettman Tsurin (2) defends and brings
    // Rowan (+1), Galek (+2) and War Party (+4): 9 against 7.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Cleric of Torm", &["Magic Sword"]),
        ("Hettman Tsurin", NONE),
        &["Flame Strike"],
        &["Rowan", "Galek", "War Party"],
    );
    ally(&mut game, 1, "Rowan");
    ally(&mut game, 1, "Galek");
    ally(&mut game, 1, "War Party");
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 9));
    use_card(&mut game, 0, "Flame Strike");
    let [rowan, galek, war_party] = ["Rowan", "Galek", "War Party"].map(|n| game.id_of(1, n));
    assert_eq!(offered(&game), [rowan, galek, war_party]);
    assert!(game.legal().contains(&Action::Pass), "any number: the caster may stop");
    ok(&mut game, Action::Choose(war_party));
    // Four of the six levels are spent: War Party's 4 leaves room for 2.
    assert_eq!(offered(&game), [rowan, galek]);
    ok(&mut game, Action::Choose(galek));
    assert!(game.pending().is_none(), "the six levels are spent: Rowan stays");
    assert_eq!(discard_names(&game, P2), ["War Party", "Galek"]);
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 2 + 1));
    // Against allies that total more than six in any choice but one, and one ally of level 7
    // or more: only what fits is offered; with none that fits the spell is not cast.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Cleric of Torm", &["Magic Sword"]),
        ("Hettman Tsurin", NONE),
        &["Flame Strike"],
        &["Elven Archer", "War Party"],
    );
    ally(&mut game, 1, "Elven Archer");
    ally(&mut game, 1, "War Party");
    use_card(&mut game, 0, "Flame Strike");
    let [archer, war_party] = ["Elven Archer", "War Party"].map(|n| game.id_of(1, n));
    assert_eq!(offered(&game), [archer, war_party]);
    ok(&mut game, Action::Choose(archer));
    assert!(game.pending().is_none(), "War Party's 4 is more than the 3 left");
    assert_eq!(discard_names(&game, P2), ["Elven Archer"]);
    let game = round(
        realm(A, "Cormyr"),
        ("Cleric of Torm", &["Magic Sword"]),
        ("Hettman Tsurin", NONE),
        &["Flame Strike"],
        &[],
    );
    refused(&game, Action::UseCard(game.id_of(0, "Flame Strike")));
}

/// P1's Kiara (2) in the pool with Johydee's Mask in hand, P2's pool holding `p2_pool`; phase 3.
fn mask_table(p2_pool: &[&str]) -> Spellfire {
    let mut setup = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr"), realm(B, "Thay")])
        .pool(0, [("Kiara", NONE)])
        .hand(0, ["Johydee's Mask"]);
    for &champion in p2_pool {
        setup = setup.pool(1, [(champion, NONE)]);
    }
    setup.build()
}

#[test]
fn card_1st_218_johydees_mask_its_carrier_takes_a_level_or_a_power_of_any_champion_in_play() {
    // Level: Kiara (2) takes Iuz the Evil's 8; Iuz keeps his own.
    let mut game = mask_table(&["Iuz the Evil", "Allisa of the Mist"]);
    let (kiara, mask) = (game.id_of(0, "Kiara"), game.id_of(0, "Johydee's Mask"));
    let (iuz, allisa) = (game.id_of(1, "Iuz the Evil"), game.id_of(1, "Allisa of the Mist"));
    ok(
        &mut game,
        Action::Attach {
            card: mask,
            champion: kiara,
        },
    );
    assert_eq!(game.decider(), Some(P1), "the mask's player chooses as it is put on");
    assert_eq!(
        game.legal(),
        [Action::ChooseOption(0), Action::ChooseOption(1)],
        "a level or a special power, one of them, and no passing"
    );
    ok(&mut game, Action::ChooseOption(0));
    assert_eq!(offered(&game), [iuz, allisa], "any champion in play but the carrier");
    ok(&mut game, Action::Choose(iuz));
    assert!(game.pending().is_none(), "one choice only: not both");
    ok(&mut game, attack_p2(kiara, A));
    ok(&mut game, Action::Defend { champion: allisa });
    assert_eq!(
        (total(&game, Side::Attacker), total(&game, Side::Defender)),
        (8, 5),
        "Kiara fights at Iuz's 8; Allisa's power (three against a monster) does not come with a level"
    );
    ok(&mut game, Action::Pass);
    assert_eq!(discard_names(&game, P2), ["Allisa of the Mist"]);
    assert!(discard_names(&game, P1).is_empty());
    assert_eq!(
        game.player(P2).pool.len(),
        1,
        "Iuz stays in P2's pool, at his own level"
    );

    // Power: Kiara gains Allisa's three against a monster, and keeps her own level of 2. Iuz has
    // no scripted power to copy, so only Allisa is offered.
    let mut game = mask_table(&["Iuz the Evil", "Allisa of the Mist"]);
    ok(
        &mut game,
        Action::Attach {
            card: mask,
            champion: kiara,
        },
    );
    ok(&mut game, Action::ChooseOption(1));
    assert_eq!(offered(&game), [allisa]);
    ok(&mut game, Action::Choose(allisa));
    ok(&mut game, attack_p2(kiara, A));
    ok(&mut game, Action::Defend { champion: iuz });
    assert_eq!(
        (total(&game, Side::Attacker), total(&game, Side::Defender)),
        (5, 8),
        "Kiara's 2 and three more against the monster Iuz, as Allisa would have"
    );
    // Kiara loses the round: she goes to the discard pile with the mask, whose copy goes with it.
    ok(&mut game, Action::Pass);
    let mut lost = discard_names(&game, P1);
    lost.sort();
    assert_eq!(lost, ["Johydee's Mask", "Kiara"]);
    assert_eq!(game.player(P2).pool.len(), 2, "Allisa and Iuz are untouched");

    // With no other champion in play, nothing is asked: the mask is put on and copies nothing.
    let mut game = mask_table(&[]);
    ok(
        &mut game,
        Action::Attach {
            card: mask,
            champion: kiara,
        },
    );
    assert!(game.pending().is_none());
}

#[test]
fn card_1st_93_rod_of_shapechange_a_discarded_champion_fights_in_its_carriers_place() {
    // The Cleric of Gond (4) attacks with the rod; the Cleric of Torm (5) defends. Iuz the Evil
    // (8) and Kiara (2) lie in P1's discard pile, Lolth (9) in P2's.
    let table = || {
        TestGame::new(2)
            .phase(Phase::Pool)
            .formation(1, [realm(A, "Cormyr"), realm(B, "Thay")])
            .pool(
                0,
                [
                    ("Cleric of Gond", &["Rod of Shapechange"][..]),
                    ("King Havlor II", NONE),
                ],
            )
            .discard(0, ["Iuz the Evil", "Kiara"])
            .pool(1, [("Cleric of Torm", NONE)])
            .discard(1, ["Lolth, the Spider Queen"])
            .build()
    };
    let attack = |game: &mut Spellfire, champion| {
        ok(game, attack_p2(champion, A));
    };
    let mut game = table();
    let (gond, rod, havlor) = (
        game.id_of(0, "Cleric of Gond"),
        game.id_of(0, "Rod of Shapechange"),
        game.id_of(0, "King Havlor II"),
    );
    let (iuz, kiara, torm) = (
        game.id_of(0, "Iuz the Evil"),
        game.id_of(0, "Kiara"),
        game.id_of(1, "Cleric of Torm"),
    );
    attack(&mut game, gond);
    ok(&mut game, Action::Defend { champion: torm });
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (4, 5));
    ok(&mut game, Action::UseCard(rod));
    assert_eq!(game.decider(), Some(P1));
    assert_eq!(
        offered(&game),
        [iuz, kiara],
        "a champion of its player's own discard pile"
    );
    ok(&mut game, Action::Choose(iuz));
    assert_eq!(
        (total(&game, Side::Attacker), total(&game, Side::Defender)),
        (8, 5),
        "Iuz fights in the Cleric of Gond's place"
    );
    let waiting = &game.player(P1).pool;
    assert!(
        waiting.iter().any(|c| c.card == gond && c.attachments == [rod]),
        "the carrier waits in the pool with the rod"
    );
    assert_eq!(discard_names(&game, P1), ["Kiara"]);
    let fighting = game.battle().unwrap().attacking.as_ref().unwrap();
    assert_eq!(
        (fighting.card, fighting.attachments.len()),
        (iuz, 0),
        "the rod went home with him"
    );
    // The Cleric of Torm is beaten; Iuz goes back to the discard pile as he leaves the fight.
    ok(&mut game, Action::Pass);
    assert_eq!(discard_names(&game, P2), ["Lolth, the Spider Queen", "Cleric of Torm"]);
    let mut p1_discard = discard_names(&game, P1);
    p1_discard.sort();
    assert_eq!(p1_discard, ["Iuz the Evil", "Kiara"]);
    assert!(refused(&game, attack_p2(gond, A)).rule.starts_with("SF-"));
    // King Havlor goes on; with no defender left the realm is razed and the battle won: the
    // Cleric of Gond stays in play with the rod.
    attack(&mut game, havlor);
    ok(&mut game, Action::Decline);
    assert!(game.player(P2).formation.slot(Position(A)).unwrap().razed);
    assert!(
        game.player(P1)
            .pool
            .iter()
            .any(|c| c.card == gond && c.attachments == [rod])
    );
    assert_eq!(game.player(P1).pool.len(), 2);

    // A lost battle: Kiara (2) stands in and is beaten; the Cleric of Gond does not come back,
    // and goes to the discard pile with the rod.
    let mut game = table();
    attack(&mut game, gond);
    ok(&mut game, Action::Defend { champion: torm });
    ok(&mut game, Action::UseCard(rod));
    ok(&mut game, Action::Choose(kiara));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (2, 5));
    ok(&mut game, Action::Pass);
    assert!(game.battle().is_none(), "the attacker is beaten: the battle is over");
    let mut p1_discard = discard_names(&game, P1);
    p1_discard.sort();
    assert_eq!(
        p1_discard,
        ["Cleric of Gond", "Iuz the Evil", "Kiara", "Rod of Shapechange"]
    );
    assert_eq!(
        game.player(P1).pool.iter().map(|c| c.card).collect::<Vec<_>>(),
        [havlor]
    );
    assert_eq!(game.player(P2).pool.len(), 1, "the Cleric of Torm holds");
}

#[test]
fn card_1st_368_protection_from_lightning_lightning_cannot_harm_the_caster_or_his_allies() {
    // Mordenkainen (7) attacks; the Cleric of Gond with a Magic Sword (6) defends, casts
    // Protection from Lightning and brings Galek (+2): 8 against 7.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Cleric of Gond", &["Magic Sword"]),
        &["Lightning Bolt"],
        &["Protection from Lightning", "Galek"],
    );
    use_card(&mut game, 1, "Protection from Lightning");
    ally(&mut game, 1, "Galek");
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 8));
    // The bolt's +5 counts nothing against them, and it cannot destroy Galek: only the sword,
    // an item, which the card does not cover, is offered.
    use_card(&mut game, 0, "Lightning Bolt");
    let sword = game.id_of(1, "Magic Sword");
    assert_eq!(offered(&game), [sword]);
    ok(&mut game, Action::Choose(sword));
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 4 + 2));
    assert_eq!(discard_names(&game, P2), ["Magic Sword"]);
    // Chain Lightning's +5 counts nothing either; a spell that is not lightning counts.
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Cleric of Gond", &["Magic Sword"]),
        &["Chain Lightning"],
        &["Protection from Lightning", "Galek"],
    );
    use_card(&mut game, 1, "Protection from Lightning");
    ally(&mut game, 1, "Galek");
    use_card(&mut game, 0, "Chain Lightning");
    assert_eq!(total(&game, Side::Attacker), 7);
    let mut game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Cleric of Gond", &["Magic Sword"]),
        &["Cone of Cold"],
        &["Protection from Lightning", "Galek"],
    );
    use_card(&mut game, 1, "Protection from Lightning");
    ally(&mut game, 1, "Galek");
    use_card(&mut game, 0, "Cone of Cold");
    assert_eq!(total(&game, Side::Attacker), 7 + 5, "Cone of Cold is not lightning");
    // The lightning is a fact of the catalogue, shown in the card's words.
    let content = common::content();
    for entry in content.catalogue.named("Lightning Bolt") {
        let words = spellfire::describe(&entry.card);
        assert!(words.iter().any(|l| l.contains("lightning card")), "{words:?}");
    }
    let protection = content
        .catalogue
        .named("Protection from Lightning")
        .next()
        .expect("in the catalogue");
    assert!(
        !spellfire::describe(&protection.card)
            .iter()
            .any(|l| l.contains("A lightning card")),
        "the protection is not lightning itself"
    );
}

#[test]
fn card_1st_46_midnight_other_players_wizards_cast_only_with_her_leave() {
    // The Magister (4), carrying the Shield of Devastation (+2), attacks Cormyr; Midnight (7)
    // defends. As the round begins the shield goes to P1's discard pile: 4 against 7.
    let mut game = round(
        realm(A, "Cormyr"),
        ("The Magister", &["Shield of Devastation"]),
        ("Midnight, Goddess of Magic", NONE),
        &["Horrors of the Abyss", "Cone of Cold"],
        &["Enlarge"],
    );
    let midnight = game.id_of(1, "Midnight, Goddess of Magic");
    assert_eq!(discard_names(&game, P1), ["Shield of Devastation"]);
    assert!(
        game.battle()
            .unwrap()
            .attacking
            .as_ref()
            .unwrap()
            .attachments
            .is_empty()
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (4, 7));
    // The Magister casts Horrors of the Abyss (+5): Midnight's player is asked, out of turn,
    // and refuses. The spell goes to P1's discard pile and counts nothing.
    let horrors = game.id_of(0, "Horrors of the Abyss");
    ok(&mut game, Action::UseCard(horrors));
    assert_eq!(game.decider(), Some(P2), "asked in the round, though winning it");
    let mut offered = game.legal();
    offered.sort();
    assert_eq!(offered, [Action::Answer(midnight), Action::Pass]);
    ok(&mut game, Action::Answer(midnight));
    assert!(game.pending().is_none());
    assert_eq!(
        discard_names(&game, P1),
        ["Shield of Devastation", "Horrors of the Abyss"]
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (4, 7));
    assert_eq!(game.decider(), Some(P1), "still losing, the Magister may try again");
    // Cone of Cold (+5), allowed: it counts, 9 against 7.
    let cone = game.id_of(0, "Cone of Cold");
    ok(&mut game, Action::UseCard(cone));
    assert_eq!(game.decider(), Some(P2));
    ok(&mut game, Action::Pass);
    assert!(game.pending().is_none());
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (9, 7));
    assert!(
        game.battle()
            .unwrap()
            .attacking
            .as_ref()
            .unwrap()
            .round_cards
            .contains(&cone)
    );
    // Her own player's spells need no leave: Midnight casts Enlarge (+3) at once, 9 against 10.
    let enlarge = game.id_of(1, "Enlarge");
    ok(&mut game, Action::UseCard(enlarge));
    assert!(game.pending().is_none());
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (9, 10));
    assert_eq!(discard_names(&game, P2), Vec::<String>::new());
}

#[test]
fn card_1st_46_midnight_in_her_pool_refuses_a_phase_3_spell_before_it_is_aimed() {
    // In P1's phase 3 The Magister casts Death Spell; Midnight waits in P2's pool beside Tergoz
    // Tenhammer. P2 is asked before the spell is aimed and refuses: nothing is discarded but
    // the spell.
    let setup = || {
        let mut game = TestGame::new(2)
            .phase(Phase::Pool)
            .formation(0, [realm(A, "Cormyr")])
            .pool(0, [("The Magister", NONE)])
            .hand(0, ["Death Spell"])
            .formation(1, [realm(A, "Waterdeep")])
            .pool(1, [("Tergoz Tenhammer", NONE), ("Midnight, Goddess of Magic", NONE)])
            .build();
        let death = game.id_of(0, "Death Spell");
        ok(&mut game, Action::UseCard(death));
        game
    };
    let mut game = setup();
    let midnight = game.id_of(1, "Midnight, Goddess of Magic");
    assert_eq!(game.decider(), Some(P2));
    ok(&mut game, Action::Answer(midnight));
    assert!(game.pending().is_none());
    assert_eq!(game.decider(), Some(P1));
    assert_eq!(discard_names(&game, P1), ["Death Spell"]);
    assert_eq!(pool_names(&game, P1), ["The Magister"]);
    assert_eq!(
        pool_names(&game, P2),
        ["Tergoz Tenhammer", "Midnight, Goddess of Magic"]
    );
    // Allowed, the spell is aimed and acts: Tergoz goes.
    let mut game = setup();
    ok(&mut game, Action::Pass);
    let tergoz = game.id_of(1, "Tergoz Tenhammer");
    assert_eq!(game.decider(), Some(P1), "the Magister's player aims it");
    ok(&mut game, Action::Choose(tergoz));
    // The other players may still cancel it in its pause (AMB-6): P2 lets it be.
    assert_eq!(game.decider(), Some(P2));
    ok(&mut game, Action::Pass);
    assert_eq!(pool_names(&game, P2), ["Midnight, Goddess of Magic"]);
    assert_eq!(discard_names(&game, P2), ["Tergoz Tenhammer"]);
}

#[test]
fn card_1st_46_midnight_is_asked_for_a_spell_cast_as_an_answer() {
    // Three players. P1's Magister casts Death Spell at P3's Tergoz Tenhammer; P2, with Midnight,
    // allows it. In its pause P3's Tysiln San answers with Dispel Magic: P2 is asked again and
    // refuses. Dispel Magic goes to P3's discard pile, P3 is still asked, lets the spell be, and
    // Tergoz goes.
    let p3 = spellhall_core::Seat(2);
    let mut game = TestGame::new(3)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Cormyr")])
        .pool(0, [("The Magister", NONE)])
        .hand(0, ["Death Spell"])
        .formation(1, [realm(A, "Waterdeep")])
        .pool(1, [("Midnight, Goddess of Magic", NONE)])
        .formation(2, [realm(A, "Impiltur")])
        .pool(2, [("Tergoz Tenhammer", NONE), ("Tysiln San", NONE)])
        .hand(2, ["Dispel Magic"])
        .build();
    let midnight = game.id_of(1, "Midnight, Goddess of Magic");
    let death = game.id_of(0, "Death Spell");
    ok(&mut game, Action::UseCard(death));
    assert_eq!(game.decider(), Some(P2));
    ok(&mut game, Action::Pass);
    let tergoz = game.id_of(2, "Tergoz Tenhammer");
    ok(&mut game, Action::Choose(tergoz));
    assert_eq!(game.decider(), Some(P2), "the pause asks P2 first");
    ok(&mut game, Action::Pass);
    assert_eq!(game.decider(), Some(p3));
    let dispel = game.id_of(2, "Dispel Magic");
    ok(&mut game, Action::Answer(dispel));
    assert_eq!(game.decider(), Some(P2), "Tysiln San is a wizard of another player");
    ok(&mut game, Action::Answer(midnight));
    assert_eq!(discard_names(&game, p3), ["Dispel Magic"]);
    assert!(game.player(p3).hand.is_empty());
    assert_eq!(game.decider(), Some(p3), "still asked in the pause");
    ok(&mut game, Action::Pass);
    assert!(game.pending().is_none());
    assert_eq!(pool_names(&game, p3), ["Tysiln San"]);
    assert_eq!(discard_names(&game, p3), ["Dispel Magic", "Tergoz Tenhammer"]);
    assert_eq!(discard_names(&game, P1), ["Death Spell"]);
}

/// Spirit of the Land's table: P1's Tergoz Tenhammer (5) attacks P2's `target` at A; P2 holds
/// the Spirit and has Cormyr razed at B.
fn spirit_table(target: &str) -> Spellfire {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep")])
        .pool(0, [("Tergoz Tenhammer", NONE)])
        .formation(1, [realm(A, target), realm(B, "Cormyr").razed()])
        .hand(1, ["Spirit of the land"])
        .build();
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    ok(&mut game, attack_p2(tergoz, A));
    game
}

#[test]
fn card_1st_288_spirit_of_the_land_saves_a_dark_sun_realm_from_a_battle_razing() {
    // P2 lets Raam (Dark Sun) be razed; before it is, P2 (its owner) is asked first and plays
    // the Spirit. In the Spirit's pause P1 lets it be: Raam stands, the battle is over and P1
    // draws no spoils.
    let mut game = spirit_table("Raam");
    let spirit = game.id_of(1, "Spirit of the land");
    let p1_hand = game.player(P1).hand.len();
    ok(&mut game, Action::Decline);
    assert_eq!(game.decider(), Some(P2), "the realm's owner is asked first");
    let mut offered = game.legal();
    offered.sort();
    assert_eq!(offered, [Action::PlayEvent(spirit), Action::Pass]);
    ok(&mut game, Action::PlayEvent(spirit));
    assert_eq!(game.decider(), Some(P1), "asked in the Spirit's pause");
    ok(&mut game, Action::Pass);
    assert!(game.pending().is_none());
    let raam = game.player(P2).formation.slot(Position(A)).unwrap();
    assert!(!raam.razed);
    assert!(game.battle().is_none());
    assert_eq!(game.phase(), Phase::AfterBattle);
    assert_eq!(game.player(P1).hand.len(), p1_hand, "no spoils");
    assert_eq!(game.player(P2).abyss, [spirit]);
    assert!(game.player(P2).hand.is_empty());
    // Let go by both players, the razing happens and P1 draws his spoils.
    let mut game = spirit_table("Raam");
    ok(&mut game, Action::Decline);
    ok(&mut game, Action::Pass);
    assert_eq!(game.decider(), Some(P1), "then the next player clockwise");
    ok(&mut game, Action::Pass);
    assert!(game.player(P2).formation.slot(Position(A)).unwrap().razed);
    assert_eq!(game.player(P1).hand.len(), p1_hand + 1, "spoils of victory");
    assert_eq!(game.player(P2).hand.len(), 1, "the Spirit is kept");
}

#[test]
fn card_1st_288_spirit_of_the_land_answers_only_for_dark_sun_realms_and_holdings() {
    // Thay is not of Dark Sun: nobody is asked, it is razed at once and P1 has spoils.
    let mut game = spirit_table("Thay");
    ok(&mut game, Action::Decline);
    assert!(game.player(P2).formation.slot(Position(A)).unwrap().razed);
    assert!(matches!(game.pending(), Some(spellfire::Pending::Spoils { seat, .. }) if *seat == P1));
    assert_eq!(game.player(P2).hand.len(), 1);
}

#[test]
fn card_1st_288_spirit_of_the_land_saves_a_dark_sun_realm_from_a_card() {
    // P1's Cataclysm! discards Raam; in its pause P2 lets it be. Before Raam goes, P2 plays the
    // Spirit: Raam stays in P2's formation; both events end in their players' Abyss.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep")])
        .hand(0, ["Cataclysm!"])
        .formation(1, [realm(A, "Raam")])
        .hand(1, ["Spirit of the land"])
        .build();
    let cataclysm = game.id_of(0, "Cataclysm!");
    let spirit = game.id_of(1, "Spirit of the land");
    let raam = game.id_of(1, "Raam");
    ok(&mut game, Action::PlayEvent(cataclysm));
    ok(&mut game, Action::Choose(raam));
    ok(&mut game, Action::Pass);
    assert_eq!(game.decider(), Some(P2));
    ok(&mut game, Action::PlayEvent(spirit));
    ok(&mut game, Action::Pass);
    assert!(game.pending().is_none());
    assert_eq!(game.player(P2).formation.slot(Position(A)).map(|s| s.realm), Some(raam));
    assert!(game.player(P2).discard.is_empty());
    assert_eq!(game.player(P1).abyss, [cataclysm]);
    assert_eq!(game.player(P2).abyss, [spirit]);
}

#[test]
fn card_1st_288_spirit_of_the_land_rebuilds_a_razed_realm_and_ends_the_battle() {
    // Played as an event in the battle over Thay: P2 rebuilds the razed Cormyr,
    // and the battle is over with no spoils; Thay stands.
    let mut game = spirit_table("Thay");
    let spirit = game.id_of(1, "Spirit of the land");
    let cormyr = game.id_of(1, "Cormyr");
    let p1_hand = game.player(P1).hand.len();
    ok(&mut game, Action::PlayEvent(spirit));
    ok(&mut game, Action::Pass);
    assert!(game.battle().is_none());
    assert_eq!(game.decider(), Some(P2), "P2 chooses the razed realm");
    ok(&mut game, Action::Choose(cormyr));
    assert!(game.pending().is_none());
    assert!(!game.player(P2).formation.slot(Position(B)).unwrap().razed);
    assert!(!game.player(P2).formation.slot(Position(A)).unwrap().razed);
    assert_eq!(game.player(P1).hand.len(), p1_hand, "no spoils");
    assert_eq!(pool_names(&game, P1), ["Tergoz Tenhammer"], "the attacker goes home");
}

/// P2's Cormyr and Thay; P1's pool: Neeva with an Orb of Doom (9), King Havlor II (5) and Tergoz
/// Tenhammer (5), and `p1_hand`; P2's pool: Grypht the Saurial (4, a wizard) and the Cleric of
/// Torm (5), and Magic Jar in the hand.
fn jar_table(p1_hand: &[&str]) -> TestGame {
    let mut setup = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(1, [realm(A, "Cormyr"), realm(B, "Thay")])
        .pool(
            0,
            [
                ("Neeva", &["Orb of Doom"][..]),
                ("King Havlor II", NONE),
                ("Tergoz Tenhammer", NONE),
            ],
        )
        .pool(1, [("Grypht the Saurial", NONE), ("Cleric of Torm", NONE)])
        .hand(1, ["Magic Jar"]);
    for &card in p1_hand {
        setup = setup.hand(0, [card]);
    }
    setup
}

/// P1's `champion` opens the next round against Cormyr.
fn attack_again(game: &mut Spellfire, champion: &str) {
    let champion = game.id_of(0, champion);
    ok(game, attack_p2(champion, A));
}

/// Neeva attacks Cormyr; Grypht defends, casts Magic Jar and passes: Neeva wins the round.
fn jarred_on_table(p1_hand: &[&str]) -> Spellfire {
    let mut game = jar_table(p1_hand).build();
    let (neeva, grypht) = (game.id_of(0, "Neeva"), game.id_of(1, "Grypht the Saurial"));
    ok(&mut game, attack_p2(neeva, A));
    ok(&mut game, Action::Defend { champion: grypht });
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (9, 4));
    let jar = game.id_of(1, "Magic Jar");
    ok(&mut game, Action::UseCard(jar));
    assert_eq!(
        (total(&game, Side::Attacker), total(&game, Side::Defender)),
        (9, 4),
        "the jar adds nothing to the round"
    );
    assert_eq!(game.decider(), Some(P2), "still losing, P2 may play on or pass");
    ok(&mut game, Action::Pass);
    game
}

#[test]
fn card_1st_386_magic_jar_the_winning_attacker_defends_the_next_round_for_the_caster_then_is_discarded() {
    let mut game = jarred_on_table(&[]);
    let (neeva, orb) = (game.id_of(0, "Neeva"), game.id_of(0, "Orb of Doom"));
    let (havlor, tergoz, torm) = (
        game.id_of(0, "King Havlor II"),
        game.id_of(0, "Tergoz Tenhammer"),
        game.id_of(1, "Cleric of Torm"),
    );
    // Grypht and the jar go to P2's discard pile; Neeva, with the orb, leaves P1's pool for
    // P2's side and waits for the next round.
    let mut p2_discard = discard_names(&game, P2);
    p2_discard.sort();
    assert_eq!(p2_discard, ["Grypht the Saurial", "Magic Jar"]);
    assert_eq!(
        game.player(P1).pool.iter().map(|c| c.card).collect::<Vec<_>>(),
        [havlor, tergoz]
    );
    let battle = game.battle().expect("the battle goes on");
    let gone = battle.gone_over.as_ref().expect("Neeva went over");
    assert_eq!(
        (gone.seat, gone.champion.card, gone.champion.attachments.clone()),
        (P2, neeva, vec![orb])
    );
    let shown = game.view_for(P1).battle.unwrap().gone_over.unwrap();
    assert_eq!((shown.seat, shown.owner, shown.champion.champion.id), (P2, P1, neeva));
    assert_eq!(
        game.decider(),
        Some(P1),
        "P1 may send another champion or end the battle"
    );
    assert!(!game.player(P2).formation.slot(Position(A)).unwrap().razed);

    // King Havlor II (5) goes on: Neeva with the orb (9) defends at once, P2 choosing no one.
    attack_again(&mut game, "King Havlor II");
    let battle = game.battle().unwrap();
    assert_eq!(
        battle.defending.as_ref().map(|f| (f.card, f.attachments.clone())),
        Some((neeva, vec![orb]))
    );
    assert!(battle.gone_over.is_none());
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (5, 9));
    assert!(
        !game.legal().iter().any(|a| matches!(a, Action::Defend { .. })),
        "no defender is chosen"
    );
    assert_eq!(game.decider(), Some(P1), "the attacker is losing");
    ok(&mut game, Action::Pass);
    // Havlor is beaten: the battle is over and P2 earns the spoils. Neeva and the orb go to
    // P1's discard pile with him; the Cleric of Torm never fought.
    assert!(game.battle().is_none());
    assert!(matches!(
        game.pending(),
        Some(spellfire::Pending::Spoils { seat: P2, .. })
    ));
    let mut p1_discard = discard_names(&game, P1);
    p1_discard.sort();
    assert_eq!(p1_discard, ["King Havlor II", "Neeva", "Orb of Doom"]);
    assert_eq!(
        game.player(P1).pool.iter().map(|c| c.card).collect::<Vec<_>>(),
        [tergoz]
    );
    assert_eq!(game.player(P2).pool.iter().map(|c| c.card).collect::<Vec<_>>(), [torm]);
    assert!(!game.player(P2).formation.slot(Position(A)).unwrap().razed);
}

#[test]
fn card_1st_386_magic_jar_the_jarred_champion_is_discarded_whether_he_wins_or_loses_or_never_fights() {
    // He loses: Tergoz Tenhammer (5) takes a Staff of Conjuring (+5) in the round, 10 against
    // Neeva's 9. Neeva goes to P1's discard pile with the orb, the staff goes home with Tergoz,
    // and the battle goes on: P2 chooses a defender again, as usual.
    let mut game = jarred_on_table(&["Staff of Conjuring"]);
    let (tergoz, staff, torm) = (
        game.id_of(0, "Tergoz Tenhammer"),
        game.id_of(0, "Staff of Conjuring"),
        game.id_of(1, "Cleric of Torm"),
    );
    attack_again(&mut game, "Tergoz Tenhammer");
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (5, 9));
    ok(
        &mut game,
        Action::Attach {
            card: staff,
            champion: tergoz,
        },
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (10, 9));
    ok(&mut game, Action::Pass);
    let mut p1_discard = discard_names(&game, P1);
    p1_discard.sort();
    assert_eq!(p1_discard, ["Neeva", "Orb of Doom"]);
    assert!(
        game.player(P1)
            .pool
            .iter()
            .any(|c| c.card == tergoz && c.attachments == [staff])
    );
    let mut p2_discard = discard_names(&game, P2);
    p2_discard.sort();
    assert_eq!(
        p2_discard,
        ["Grypht the Saurial", "Magic Jar"],
        "nothing of P1's lands there"
    );
    assert_eq!(game.battle().unwrap().step, spellfire::BattleStep::NextAttacker);
    attack_again(&mut game, "King Havlor II");
    assert!(game.legal().contains(&Action::Defend { champion: torm }));

    // He never fights: P1 ends the battle instead. Neeva and the orb are discarded all the same;
    // nobody earns spoils and Cormyr stands.
    let mut game = jarred_on_table(&[]);
    ok(&mut game, Action::EndBattle);
    assert!(game.battle().is_none());
    assert!(game.pending().is_none(), "no spoils");
    let mut p1_discard = discard_names(&game, P1);
    p1_discard.sort();
    assert_eq!(p1_discard, ["Neeva", "Orb of Doom"]);
    assert_eq!(game.player(P1).pool.len(), 2);
    assert_eq!(game.player(P2).pool.len(), 1);
    assert!(!game.player(P2).formation.slot(Position(A)).unwrap().razed);
}

#[test]
fn card_1st_386_magic_jar_acts_only_for_the_defending_side() {
    // The attacking wizard Grypht (4) is losing to the Cleric of Torm (5): the jar would take
    // nothing over for the attacker, so it is refused rather than played for nothing.
    let game = round(
        realm(A, "Cormyr"),
        ("Grypht the Saurial", NONE),
        ("Cleric of Torm", NONE),
        &["Magic Jar"],
        &[],
    );
    assert_eq!(game.decider(), Some(P1));
    let jar = game.id_of(0, "Magic Jar");
    assert_eq!(refused(&game, Action::UseCard(jar)).rule, "SF-166");
    // A champion who cannot cast wizard spells cannot use it either (SF-151).
    let mut game = round(
        realm(A, "Cormyr"),
        ("Neeva", &["Orb of Doom"]),
        ("Cleric of Torm", NONE),
        &[],
        &["Magic Jar"],
    );
    let jar = game.id_of(1, "Magic Jar");
    assert!(refused(&game, Action::UseCard(jar)).rule.contains("SF-151"));
    ok(&mut game, Action::Pass);
    assert!(game.battle().unwrap().gone_over.is_none());
}

#[test]
fn greedy_computer_casts_magic_jar_only_for_a_round_it_cannot_win_and_then_stops_attacking() {
    let content = common::content();
    let greedy = |game: &Spellfire| {
        let legal = game.legal();
        let seat = game.decider().expect("a seat decides");
        let picks: Vec<Action> = (0..4)
            .map(|seed| {
                let mut rng = spellhall_core::GameRng::new(seed);
                legal[spellfire::computer::greedy_choice(&game.view_for(seat), &legal, &content, &mut rng)].clone()
            })
            .collect();
        assert!(picks.windows(2).all(|w| w[0] == w[1]), "a tie: {picks:?}");
        picks[0].clone()
    };
    let defend = |game: &mut Spellfire| {
        let (neeva, grypht) = (game.id_of(0, "Neeva"), game.id_of(1, "Grypht the Saurial"));
        ok(game, attack_p2(neeva, A));
        ok(game, Action::Defend { champion: grypht });
    };
    // Grypht (4) cannot hold against Neeva (9): P2 casts the jar, then lets the round go.
    let mut game = jar_table(&[]).pool(0, [("Mordenkainen", NONE)]).build();
    defend(&mut game);
    let jar = game.id_of(1, "Magic Jar");
    assert_eq!(greedy(&game), Action::UseCard(jar));
    ok(&mut game, Action::UseCard(jar));
    assert_eq!(greedy(&game), Action::Pass);
    ok(&mut game, Action::Pass);
    // P1 sees Neeva (9) waiting to defend for P2, not the Cleric of Torm (5): Mordenkainen (7)
    // would lose, so the battle ends.
    assert_eq!(greedy(&game), Action::EndBattle);

    // With a Staff of Conjuring (+5) in hand Grypht holds (9 against 9, the defender wins
    // ties): P2 keeps the jar and gives Grypht the staff.
    let mut game = jar_table(&[]).hand(1, ["Staff of Conjuring"]).build();
    defend(&mut game);
    let (staff, grypht) = (game.id_of(1, "Staff of Conjuring"), game.id_of(1, "Grypht the Saurial"));
    assert_eq!(
        greedy(&game),
        Action::Attach {
            card: staff,
            champion: grypht
        }
    );
}

#[test]
fn card_1st_124_temple_of_elemental_evil_draws_three_cards_when_played() {
    let mut game = TestGame::new(2)
        .phase(Phase::Realms)
        .hand(0, ["Temple of Elemental Evil"])
        .build();
    let temple = game.id_of(0, "Temple of Elemental Evil");
    let top: Vec<spellfire::CardId> = game.player(P1).draw.peek_top(3).copied().collect();
    let (draw, other_hand, other_draw) = (
        game.player(P1).draw.len(),
        game.player(P2).hand.len(),
        game.player(P2).draw.len(),
    );
    ok(
        &mut game,
        Action::PlayRealm {
            card: temple,
            at: Position(A),
        },
    );
    assert_eq!(
        game.player(P1).formation.slot(Position(A)).map(|s| s.realm),
        Some(temple)
    );
    let mut hand = game.player(P1).hand.clone();
    hand.sort();
    let mut drawn = top;
    drawn.sort();
    assert_eq!(hand, drawn, "the temple left the hand, the top three cards came in");
    assert_eq!(game.player(P1).draw.len(), draw - 3);
    assert_eq!(
        (game.player(P2).hand.len(), game.player(P2).draw.len()),
        (other_hand, other_draw),
        "only its player draws"
    );
}

#[test]
fn card_1st_13_myth_drannor_its_defender_may_cast_wizard_spells_and_its_owner_holds_one_more_card() {
    // Azhul, a hero (4), defends Myth Drannor against Mordenkainen (7) and casts a Lightning
    // Bolt (+5): 9 against 7. On Cormyr he may not.
    let mut game = round(
        realm(A, "Myth Drannor"),
        ("Mordenkainen", NONE),
        ("Azhul", NONE),
        &[],
        &["Lightning Bolt"],
    );
    let bolt = game.id_of(1, "Lightning Bolt");
    ok(&mut game, Action::UseCard(bolt));
    common::all_pass(&mut game);
    while matches!(game.pending(), Some(spellfire::Pending::Pick(_))) {
        ok(&mut game, Action::Pass);
    }
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (7, 9));
    let game = round(
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        ("Azhul", NONE),
        &[],
        &["Lightning Bolt"],
    );
    let bolt = game.id_of(1, "Lightning Bolt");
    refused(&game, Action::UseCard(bolt));
    // Its owner's hand may hold one card more, standing or attacked; razed, it gives nothing.
    let game = TestGame::new(2).formation(1, [realm(A, "Myth Drannor")]).build();
    assert_eq!(game.hand_limit_for(P2), game.hand_limit() + 1);
    assert_eq!(game.hand_limit_for(P1), game.hand_limit());
    let game = TestGame::new(2)
        .formation(1, [realm(A, "Myth Drannor").razed()])
        .build();
    assert_eq!(game.hand_limit_for(P2), game.hand_limit());
}
