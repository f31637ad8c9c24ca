//! Checklist sections 1–2: general principles, and the two deck-construction rules the engine
//! itself enforces at setup (the deck model's own checks are in tests/decks.rs).

mod common;

use common::attack_p2;

use common::apply as act;

use spellfire::{
    Action, CardType, Catalogue, Config, Formats, Phase, Position, Rarity, Rules, Spellfire, TestGame, World, realm,
};
use spellhall_core::{Game, Seat};

#[test]
fn sf_1_a_card_wins_over_the_rules() {
    // The rules pass the turn to the left (SF-30); The Caravan's power gives its player a turn at
    // once instead.
    let mut game = TestGame::new(3)
        .hand(0, ["The Caravan"])
        .active(2)
        .phase(Phase::StartOfTurn)
        .turns(0, 2)
        .turns(1, 2)
        .turns(2, 2)
        .build();
    act(&mut game, Action::Claim(Seat(0)));
    let caravan = game.id_of(0, "The Caravan");
    act(&mut game, Action::PlayEvent(caravan));
    while game.pending().is_some() {
        act(&mut game, Action::Pass);
    }
    assert_eq!(game.active(), Seat(0));
}

#[test]
fn sf_2_each_player_uses_only_his_own_cards() {
    let game = TestGame::new(2).hand(0, ["Waterdeep"]).hand(1, ["Cormyr"]).build();
    let cormyr = game.id_of(1, "Cormyr");
    let refused = game
        .check(&Action::PlayRealm {
            card: cormyr,
            at: Position(0),
        })
        .unwrap_err();
    assert_eq!(refused.rule, "SF-35");
    // Every card stays in its owner's zones (the invariant the property tests check).
    assert_eq!(game.check_invariants(), Ok(()));
}

#[test]
fn sf_3_the_icon_fixes_the_type_and_only_realms_lie_sideways() {
    let content = spellfire::shipped_content();
    let waterdeep = content.catalogue.get("1st/1".parse().unwrap()).unwrap();
    assert_eq!(waterdeep.card.kind, CardType::Realm);
    let game = TestGame::new(2).formation(0, [realm(0, "Waterdeep")]).build();
    // Realms are the formation's cards; nothing else can be placed there.
    let view = game.view_for(Seat(1));
    assert_eq!(
        view.players[0].formation[0].as_ref().map(|r| r.realm.card),
        Some(waterdeep.id)
    );
}

#[test]
fn sf_4_seven_champion_types_are_all_champions() {
    let champions: Vec<CardType> = CardType::ALL.into_iter().filter(|k| k.is_champion()).collect();
    assert_eq!(
        champions,
        vec![
            CardType::Cleric,
            CardType::Hero,
            CardType::Monster,
            CardType::Psionicist,
            CardType::Regent,
            CardType::Thief,
            CardType::Wizard
        ]
    );
}

#[test]
fn sf_5_a_champions_base_level_is_the_number_in_its_icon() {
    let game = TestGame::new(2)
        .pool(0, [("Elminster the Mage", &["Gauntlets of Ogre Power"][..])])
        .build();
    assert_eq!(game.icon_value(game.id_of(0, "Elminster the Mage")), 9);
    assert_eq!(
        game.icon_value(game.id_of(0, "Gauntlets of Ogre Power")),
        6,
        "an item's bonus"
    );
}

#[test]
fn sf_6_the_card_types_and_the_dungeon() {
    assert_eq!(
        CardType::ALL.len(),
        21,
        "the guide's types with spells split by kind, plus the dungeon"
    );
    assert!(CardType::ALL.contains(&CardType::Dungeon));
}

#[test]
fn sf_7_only_champions_attack() {
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["The Iron Legion"])
        .formation(1, [realm(0, "Cormyr")])
        .build();
    let ally = game.id_of(0, "The Iron Legion");
    let attack = attack_p2(ally, 0);
    assert!(game.check(&attack).is_err());
    assert!(!game.legal().contains(&attack));
}

#[test]
fn sf_8_cards_in_hand_or_discard_are_not_in_play() {
    // Only cards in play block an identical card (the Rule of the Cosmos).
    let game = TestGame::new(2)
        .hand(0, ["Waterdeep"])
        .discard(1, ["Waterdeep"])
        .hand(1, ["Waterdeep"])
        .build();
    let mine = game.id_of(0, "Waterdeep");
    assert!(
        game.check(&Action::PlayRealm {
            card: mine,
            at: Position(0)
        })
        .is_ok()
    );
}

#[test]
fn sf_9_a_discarded_card_goes_to_its_owners_discard_pile() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Elminster the Mage", &[][..])])
        .formation(1, [realm(0, "Cormyr")])
        .pool(1, [("Young Gold Dragon", &[][..])])
        .build();
    let elminster = game.id_of(0, "Elminster the Mage");
    act(&mut game, attack_p2(elminster, 0));
    let dragon = game.id_of(1, "Young Gold Dragon");
    act(&mut game, Action::Defend { champion: dragon });
    act(&mut game, Action::Pass);
    assert_eq!(
        game.player(Seat(1)).discard,
        vec![dragon],
        "the beaten dragon goes to its owner's pile"
    );
    assert!(game.player(Seat(0)).discard.is_empty());
}

#[test]
fn sf_10_rarity_codes() {
    let codes: Vec<&str> = Rarity::ALL.iter().map(|r| r.code()).collect();
    for code in ["M", "C", "UC", "R", "VR", "S", "V"] {
        assert!(codes.contains(&code), "{code}");
        assert_eq!(Rarity::from_code(code).map(|r| r.code()), Some(code));
    }
}

#[test]
fn sf_11_the_world_is_a_card_fact_and_add_is_a_world_of_its_own() {
    let catalogue = Catalogue::shipped().unwrap();
    let delsenora = catalogue.get("1st/450".parse().unwrap()).unwrap();
    assert_eq!(delsenora.card.world, World::Add);
    assert_ne!(World::Add, World::Generic);
}

#[test]
fn sf_12_realms_and_the_rule_card_are_open_to_every_player() {
    let game = TestGame::new(3)
        .formation(1, [realm(0, "Cormyr"), realm(1, "Sembia").razed()])
        .rule_card(1, "Age of Entropy")
        .hand(1, ["Waterdeep"])
        .build();
    for seat in [Seat(0), Seat(2)] {
        let view = game.view_for(seat);
        assert!(view.players[1].formation[0].is_some());
        assert!(view.players[1].formation[1].as_ref().is_some_and(|r| r.razed));
        assert!(view.rule_card.is_some());
        assert!(view.hand.is_empty(), "but not the other hands");
        assert_eq!(view.players[1].hand_count, 1);
    }
}

#[test]
fn sf_13_every_deck_of_a_game_is_built_for_one_format() {
    let content = common::content();
    let starters = common::starters();
    let config = Config {
        format: "55".into(),
        decks: vec![starters[0].clone(), starters[1].clone()],
        rules: Rules::default(),
    };
    // Starter decks hold pairs, which the standard 55-card format refuses: the game does not start.
    let refused = Spellfire::new(&config, &content, 1).expect_err("refused");
    assert!(refused.0.contains("does not fit the"), "{refused}");
    let config = Config {
        format: "55-starter".into(),
        ..config
    };
    assert!(Spellfire::new(&config, &content, 1).is_ok());
}

#[test]
fn sf_26_the_standard_formats_ban_no_card() {
    let formats = Formats::shipped().unwrap();
    for id in ["55", "75", "110"] {
        assert!(formats.get(id).unwrap().banned.is_empty(), "{id}");
    }
}

#[test]
fn amb_readings_are_the_default_rules() {
    // Every reading the checklist adopts for an ambiguity with a setup option is what a table gets
    // unless it chooses otherwise (and no optional rule of section 26 is on).
    use spellfire::FormationSize;
    use spellfire::{
        AidItems, AttachInCombat, ConquerorCounts, DeckoutEnd, DeckoutTiebreak, DefenderSpoilsOn, FearScope,
        LevelMeans, MelonFirstTurn, MulliganLimit, PermanentDestruction, Phase3Counterplay, Phase4Caster,
        RebuildCostZone, ReplaceWhileHole, XpOnEqual,
    };
    let rules = Rules::default();
    assert_eq!(rules.deckout_tiebreak, DeckoutTiebreak::RazedMore, "AMB-1");
    assert_eq!(rules.deckout_end, DeckoutEnd::EndOfCurrentTurn, "AMB-2");
    assert_eq!(rules.rebuild_cost_zone, RebuildCostZone::Hand, "AMB-3");
    assert_eq!(rules.defender_spoils_on, DefenderSpoilsOn::DiscardAbyssLimbo, "AMB-4");
    assert_eq!(rules.phase3_counterplay, Phase3Counterplay::CounterOnly, "AMB-6");
    assert!(!rules.winner_may_play_events, "AMB-7");
    assert_eq!(rules.phase4_caster, Phase4Caster::CombatantOnly, "AMB-8");
    assert_eq!(rules.attach_in_combat, AttachInCombat::ItemsAndArtifacts, "AMB-9");
    assert!(!rules.spoils_if_realm_lost_before_defender, "AMB-10");
    assert!(!rules.limbo_return_same_turn, "AMB-12");
    assert_eq!(rules.unspecified_level_means, LevelMeans::Adjusted, "AMB-14");
    assert_eq!(rules.mulligan_limit, MulliganLimit::PerPlayer, "AMB-19");
    assert_eq!(rules.replace_while_hole, ReplaceWhileHole::Allowed, "AMB-22");
    assert_eq!(rules.aid_items_after_battle, AidItems::StayWithChampion, "AMB-24");
    assert_eq!(rules.conqueror_counts, ConquerorCounts::MarkersOnTable, "AMB-26");
    assert_eq!(rules.permanent_destruction, PermanentDestruction::Off, "AMB-27");
    assert_eq!(rules.xp_on_equal_levels, XpOnEqual::LoserLevel, "AMB-28");
    assert_eq!(rules.fear_scope, FearScope::UndeadOnly, "AMB-29");
    assert!(!rules.parallel_includes_artifacts, "AMB-30");
    assert!(!rules.quest_winner_may_attack, "AMB-31");
    assert!(!rules.true_victory, "AMB-33");
    assert_eq!(rules.formation, FormationSize::Six, "AMB-34");
    assert_eq!(rules.melon_first_turn, MelonFirstTurn::Applies, "AMB-39");
    // No optional rule of section 26 is on.
    assert!(
        !(rules.barbarians_game
            || rules.world_bonuses
            || rules.aid
            || rules.conqueror
            || rules.experience_spoils
            || rules.fear
            || rules.melon_rule
            || rules.parallel_universes
            || rules.questing
            || rules.treasure)
    );
}
