//! Avatars (SF-233, SF-234): an avatar comes into play only by discarding the champions its
//! power names from its player's pool (`Action::Summon`), and one whose power is not scripted
//! cannot enter play. Then one scenario per scripted avatar, named after the card
//! (`card_<set>_<number>_...`).

mod common;

use common::{A, B, P1, apply as ok, attack_p2, discard_names, pool_names, refused, total};

use spellfire::{Action, Event, Phase, Side, Spellfire, TestGame, computer, realm};
use spellhall_core::GameRng;

const NONE: &[&str] = &[];

/// P1's phase 3 with `pool` (champions and what they carry) and `hand`; P2 holds Cormyr at A.
fn table(pool: &[(&str, &[&str])], hand: &[&str]) -> TestGame {
    let mut setup = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep")])
        .formation(1, [realm(A, "Cormyr"), realm(B, "Thay")]);
    for &champion in pool {
        setup = setup.pool(0, [champion]);
    }
    for &card in hand {
        setup = setup.hand(0, [card]);
    }
    setup
}

/// Every `Summon` offered now, each as the names of the champions it pays with.
fn payments(game: &Spellfire) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = game
        .legal()
        .into_iter()
        .filter_map(|a| match a {
            Action::Summon { paying, .. } => Some(paying.iter().map(|&c| game.name(c).to_string()).collect()),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

/// Avatars of our own, for the payments no scripted printed avatar asks yet: by a sum of levels
/// and by a champion carrying an item.
const AVATAR_CARDS: &str = r#"(
    code: "TST",
    title: "Avatar test cards",
    cards: [
        (number: 1, name: "Avatar of Tallies", type: Cleric, world: Generic, level: Some("15"), avatar: true, rarity: Rare, phases: [3], power: Scripted((abilities: [], entry: Some((discard: Levels(total: 10, of: Some(OfType([Cleric])))))))),
        (number: 2, name: "Avatar of Burdens", type: Hero, world: Generic, level: Some("14"), avatar: true, rarity: Rare, phases: [3], power: Scripted((abilities: [], entry: Some((discard: Carrying(of: Some(OfType([Hero])), carrying: OfType([MagicalItem]))))))),
    ],
)"#;

fn avatar_content() -> std::sync::Arc<spellfire::Content> {
    common::content_with("tests/avatars.ron", AVATAR_CARDS)
}

#[test]
fn sf_233_an_avatar_enters_play_by_discarding_the_champions_its_power_names() {
    // Sirrion asks for one cleric: each cleric of the pool is a way to pay, the wizard is not.
    let mut game = table(
        &[
            ("Cleric of Torm", &["Shield of Devastation"]),
            ("Cleric of Gond", NONE),
            ("Elminster the Mage", NONE),
        ],
        &["Sirrion, Avatar"],
    )
    .build();
    let sirrion = game.id_of(0, "Sirrion, Avatar");
    assert_eq!(payments(&game), [["Cleric of Gond"], ["Cleric of Torm"]]);
    let error = refused(&game, Action::ToPool(sirrion));
    assert_eq!(error.rule, "SF-233");
    assert_eq!(
        error.reason,
        "Sirrion, Avatar comes into play only into your pool, by discarding one champion of its player's pool, a cleric."
    );
    let torm = game.id_of(0, "Cleric of Torm");
    let summon = Action::Summon {
        avatar: sirrion,
        paying: vec![torm],
    };
    assert_eq!(
        game.describe(&summon),
        "Bring the avatar Sirrion, Avatar into play, discarding Cleric of Torm"
    );
    let events = ok(&mut game, summon);
    // The cleric goes with what he carries; the avatar is in the pool, free to attack.
    assert_eq!(discard_names(&game, P1), ["Shield of Devastation", "Cleric of Torm"]);
    assert_eq!(
        pool_names(&game, P1),
        ["Cleric of Gond", "Elminster the Mage", "Sirrion, Avatar"]
    );
    assert!(game.player(P1).hand.is_empty());
    let summoned = events
        .iter()
        .find(|e| matches!(e, Event::AvatarSummoned { .. }))
        .expect("the summons is told");
    assert_eq!(
        summoned,
        &Event::AvatarSummoned {
            seat: P1,
            avatar: "Sirrion, Avatar".into(),
            paid: vec!["Cleric of Torm".into()],
        }
    );
    ok(&mut game, attack_p2(sirrion, A));
}

#[test]
fn sf_233_an_avatar_whose_cost_cannot_be_paid_is_refused_with_its_cost() {
    let game = table(&[("Elminster the Mage", NONE)], &["Sirrion, Avatar"]).build();
    let sirrion = game.id_of(0, "Sirrion, Avatar");
    let elminster = game.id_of(0, "Elminster the Mage");
    assert!(payments(&game).is_empty());
    let error = refused(&game, Action::ToPool(sirrion));
    assert_eq!(
        (error.reason.as_str(), error.rule.as_str()),
        (
            "Sirrion, Avatar comes into play only by discarding one champion of its player's pool, a cleric, which your pool cannot pay now.",
            "SF-233"
        )
    );
    let error = refused(
        &game,
        Action::Summon {
            avatar: sirrion,
            paying: vec![elminster],
        },
    );
    assert_eq!(
        error.reason,
        "Sirrion, Avatar asks for one champion of its player's pool, a cleric: a champion named does not fit."
    );
    // Nothing paid, or a champion of another player's pool, is no payment either.
    let empty = refused(
        &game,
        Action::Summon {
            avatar: sirrion,
            paying: vec![],
        },
    );
    assert_eq!(
        empty.reason,
        "Sirrion, Avatar asks for one champion of its player's pool, a cleric: that payment does not fit it."
    );
    // Nor does it fight straight from the hand.
    let error = refused(&game, attack_p2(sirrion, A));
    assert_eq!(error.rule, "SF-233");
    // An ordinary champion is not summoned.
    let game = table(&[("Cleric of Gond", NONE)], &["Cleric of Torm"]).build();
    let torm = game.id_of(0, "Cleric of Torm");
    let gond = game.id_of(0, "Cleric of Gond");
    let error = refused(
        &game,
        Action::Summon {
            avatar: torm,
            paying: vec![gond],
        },
    );
    assert_eq!(
        error.reason,
        "Cleric of Torm is not an avatar: it goes into the pool the ordinary way."
    );
}

#[test]
fn sf_233_an_avatar_whose_power_is_not_scripted_cannot_enter_play() {
    // The Lady of Fate also asks for a cleric, but her power is not scripted: her entry is part
    // of it, so she is refused rather than played by the base rules.
    let game = table(&[("Cleric of Torm", NONE)], &["Lady of Fate, Avatar of Istus"]).build();
    let lady = game.id_of(0, "Lady of Fate, Avatar of Istus");
    let torm = game.id_of(0, "Cleric of Torm");
    assert!(payments(&game).is_empty());
    let reason = "Lady of Fate, Avatar of Istus is an avatar, brought into play by discarding the cards its power names; its power is not scripted yet, so it cannot enter play.";
    assert_eq!(refused(&game, Action::ToPool(lady)).reason, reason);
    let error = refused(
        &game,
        Action::Summon {
            avatar: lady,
            paying: vec![torm],
        },
    );
    assert_eq!((error.reason.as_str(), error.rule.as_str()), (reason, "SF-233"));
}

#[test]
fn sf_233_a_payment_by_levels_has_no_champion_to_spare() {
    // 10 levels of clerics: Cleric of Torm (5) with Sysania (4) falls short; either with Delsenora
    // (7) reaches it; all three have one to spare. The hero never counts.
    let mut game = table(
        &[
            ("Cleric of Torm", NONE),
            ("Sysania", NONE),
            ("Delsenora", NONE),
            ("Alias the Sell-Sword", NONE),
        ],
        &["Avatar of Tallies"],
    )
    .content(avatar_content())
    .build();
    assert_eq!(
        payments(&game),
        [vec!["Cleric of Torm", "Delsenora"], vec!["Sysania", "Delsenora"]]
    );
    let avatar = game.id_of(0, "Avatar of Tallies");
    let mut all: Vec<_> = ["Cleric of Torm", "Sysania", "Delsenora"]
        .iter()
        .map(|n| game.id_of(0, n))
        .collect();
    all.sort();
    let error = refused(&game, Action::Summon { avatar, paying: all });
    assert_eq!(
        error.reason,
        "Avatar of Tallies asks for champions of its player's pool whose levels come to 10 or more, each a cleric: that payment does not fit it."
    );
    let mut two = vec![game.id_of(0, "Sysania"), game.id_of(0, "Delsenora")];
    two.sort();
    ok(&mut game, Action::Summon { avatar, paying: two });
    assert_eq!(
        pool_names(&game, P1),
        ["Cleric of Torm", "Alias the Sell-Sword", "Avatar of Tallies"]
    );
}

#[test]
fn sf_233_a_payment_by_a_champion_carrying_an_item() {
    // A hero carrying a magical item: Alias with the Shield of Devastation pays, Drizzt bare
    // does not, nor the cleric with an item.
    let mut game = table(
        &[
            ("Alias the Sell-Sword", &["Shield of Devastation"]),
            ("Drizzt Do' Urden", NONE),
            ("Cleric of Torm", &["Orb of Doom"]),
        ],
        &["Avatar of Burdens"],
    )
    .content(avatar_content())
    .build();
    assert_eq!(payments(&game), [["Alias the Sell-Sword"]]);
    let avatar = game.id_of(0, "Avatar of Burdens");
    let drizzt = game.id_of(0, "Drizzt Do' Urden");
    let error = refused(
        &game,
        Action::Summon {
            avatar,
            paying: vec![drizzt],
        },
    );
    assert_eq!(
        error.reason,
        "Avatar of Burdens asks for one champion of its player's pool, a hero, that carries a magical item: that payment does not fit it."
    );
    let alias = game.id_of(0, "Alias the Sell-Sword");
    ok(
        &mut game,
        Action::Summon {
            avatar,
            paying: vec![alias],
        },
    );
    assert_eq!(
        discard_names(&game, P1),
        ["Shield of Devastation", "Alias the Sell-Sword"]
    );
}

#[test]
fn sf_234_one_avatar_a_pool_when_its_power_says_so() {
    // Sirrion is in the pool: Kiri, also one avatar a pool, cannot join him.
    let game = table(
        &[("Sirrion, Avatar", NONE), ("Cleric of Torm", NONE)],
        &["Kiri, Avatar of Kiri-Jolith"],
    )
    .build();
    let kiri = game.id_of(0, "Kiri, Avatar of Kiri-Jolith");
    let torm = game.id_of(0, "Cleric of Torm");
    assert!(payments(&game).is_empty());
    let error = refused(
        &game,
        Action::Summon {
            avatar: kiri,
            paying: vec![torm],
        },
    );
    assert_eq!(
        (error.reason.as_str(), error.rule.as_str()),
        (
            "Kiri, Avatar of Kiri-Jolith allows one avatar a pool, and Sirrion, Avatar is already in yours.",
            "SF-233"
        )
    );
    // An avatar without that limit is barred by Sirrion's.
    let game = table(
        &[
            ("Sirrion, Avatar", NONE),
            ("Cleric of Torm", NONE),
            ("Sysania", NONE),
            ("Delsenora", NONE),
        ],
        &["Avatar of Tallies"],
    )
    .content(avatar_content())
    .build();
    assert!(payments(&game).is_empty());
    let avatar = game.id_of(0, "Avatar of Tallies");
    let mut paying = vec![game.id_of(0, "Cleric of Torm"), game.id_of(0, "Delsenora")];
    paying.sort();
    assert_eq!(
        refused(&game, Action::Summon { avatar, paying }).reason,
        "Sirrion, Avatar allows no other avatar in its pool."
    );
}

#[test]
fn sf_233_the_greedy_computer_summons_an_avatar_it_can_pay_for() {
    // Sirrion (19) for the Cleric of Gond (4): the greedy player brings him in, paying with the
    // weaker cleric.
    let game = table(
        &[("Cleric of Torm", NONE), ("Cleric of Gond", NONE)],
        &["Sirrion, Avatar"],
    )
    .build();
    let legal = game.legal();
    let content = common::content();
    let pick = &legal[computer::greedy_choice(&game.view_for(P1), &legal, &content, &mut GameRng::new(1))];
    assert_eq!(
        pick,
        &Action::Summon {
            avatar: game.id_of(0, "Sirrion, Avatar"),
            paying: vec![game.id_of(0, "Cleric of Gond")],
        }
    );
}

/// P1's `attacker` (from the pool, with `items`) attacks Cormyr, which P2 defends with `defender`
/// from his pool; each player holds his hand.
fn round(attacker: (&str, &[&str]), defender: &str, p1_hand: &[&str]) -> Spellfire {
    let mut game = table(&[attacker], p1_hand).pool(1, [(defender, NONE)]).build();
    let champion = game.id_of(0, attacker.0);
    ok(&mut game, attack_p2(champion, A));
    let champion = game.id_of(1, defender);
    ok(&mut game, Action::Defend { champion });
    game
}

#[test]
fn card_po_45_sirrion_discards_the_opposing_items_and_is_immune_to_offensive_spells() {
    // The Magister (4) with the Shield of Devastation (+2) attacks; Sirrion (19) defends. As the
    // round begins the shield goes: 4 against 19. Horrors of the Abyss (+5, offensive) then
    // counts nothing against him.
    let mut game = round(
        ("The Magister", &["Shield of Devastation"]),
        "Sirrion, Avatar",
        &["Horrors of the Abyss"],
    );
    assert_eq!(discard_names(&game, P1), ["Shield of Devastation"]);
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (4, 19));
    let horrors = game.id_of(0, "Horrors of the Abyss");
    ok(&mut game, Action::UseCard(horrors));
    assert_eq!(total(&game, Side::Attacker), 4);
}

#[test]
fn card_po_40_nightsinger_halves_the_opposing_champion_and_allies_rounding_down() {
    // Elminster (9) attacks Nightsinger (13): 4, not 5. The Iron Legion (+3) adds 1, not 2.
    let mut game = round(
        ("Elminster the Mage", NONE),
        "Nightsinger, Avatar of Shar",
        &["The Iron Legion"],
    );
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (4, 13));
    let legion = game.id_of(0, "The Iron Legion");
    ok(&mut game, Action::PlayAlly(legion));
    assert_eq!(total(&game, Side::Attacker), 5);
}

#[test]
fn card_po_79_kiri_takes_the_opposing_champions_power_in_combat() {
    // The Pereghost (7) gives each of his allies 2 more; against Kiri (14) he does not: The Iron
    // Legion (+3) makes 10. Against Elminster (9) it makes 12.
    for (defender, attacker_total) in [("Kiri, Avatar of Kiri-Jolith", 10), ("Elminster the Mage", 12)] {
        let mut game = round(("The Pereghost", NONE), defender, &["The Iron Legion"]);
        let legion = game.id_of(0, "The Iron Legion");
        ok(&mut game, Action::PlayAlly(legion));
        assert_eq!(total(&game, Side::Attacker), attacker_total, "against {defender}");
    }
}

#[test]
fn card_4th_469_elemental_avatar_of_earth_makes_every_champion_of_its_player_an_earthwalker() {
    // Two Dark Sun champions pay for it; Tergoz Tenhammer (Greyhawk) does not fit.
    let mut game = table(
        &[("Tergoz Tenhammer", NONE), ("Rikus", NONE), ("Agis", NONE)],
        &["Elemental Avatar of Earth"],
    )
    .build();
    assert_eq!(payments(&game), [["Rikus", "Agis"]]);
    // Thay at B stands behind Cormyr: Tergoz cannot reach it on foot.
    let tergoz = game.id_of(0, "Tergoz Tenhammer");
    let at_thay = attack_p2(tergoz, B);
    assert_eq!(refused(&game, at_thay.clone()).rule, "SF-55");
    let avatar = game.id_of(0, "Elemental Avatar of Earth");
    let paying = vec![game.id_of(0, "Rikus"), game.id_of(0, "Agis")];
    ok(&mut game, Action::Summon { avatar, paying });
    // With the avatar in his pool, every champion of P1 walks through the earth.
    ok(&mut game, at_thay);
}
