//! A champion kept as an ally (Death Rock, AR/102) is an ally of each round his keeper fights:
//! every power and total that reads the round's allies sees him — levels given to allies, the
//! first ally, discards of allies, immunities of allies, limits on allies and their count, and
//! the optional Fear of Undead — as an undead ally of his kept +2 without special powers. He
//! stays a card his keeper carries; `common::apply` checks after each action that every card is
//! in exactly one place.

#[macro_use]
mod common;

use common::{A, P1, P2, all_pass, attack_and_defend, attack_p2, refused, totals, with_hands};
use spellfire::{Action, Event, Phase, RealmSetup, Spellfire, TestGame, realm};

/// The champion Death Rock keeps in these scenarios: Tergoz Tenhammer, a level-5 hero, kept as
/// an undead +2 ally.
const KEPT: &str = "Tergoz Tenhammer";

/// Seat 0's `keeper`, carrying Death Rock and `items` and keeping Tergoz Tenhammer, attacks seat
/// 1's realm `target` at A; seat 1 defends with `defender` (with its items). `hands` are the two
/// players' hands.
fn kept_round(
    keeper: (&str, &[&str]),
    target: RealmSetup,
    defender: (&str, &[&str]),
    hands: [&[&str]; 2],
) -> Spellfire {
    let carried: Vec<&str> = std::iter::once("Death Rock").chain(keeper.1.iter().copied()).collect();
    let setup = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [(keeper.0, &carried[..])])
        .kept(0, keeper.0, KEPT)
        .formation(1, [target])
        .pool(1, [defender]);
    let mut game = with_hands(setup, hands).build();
    attack_and_defend(&mut game, keeper.0, defender.0);
    game
}

/// Whether the attacking champion still carries the kept champion.
fn still_kept(game: &Spellfire) -> bool {
    let tergoz = game.id_of(0, KEPT);
    game.battle()
        .and_then(|b| b.attacking.as_ref())
        .is_some_and(|f| f.attachments.contains(&tergoz))
}

const NONE: &[&str] = &[];

// Levels of allies.

#[test]
fn card_ar_102_death_rock_kept_ally_gains_the_levels_a_power_gives_allies() {
    // Strahd (9) carries Death Rock and the Banner of the One-Eyed God (+1; his allies gain a
    // level): 9 + 1 + the kept +2, raised by the Banner to 3.
    let game = kept_round(
        ("Strahd Von Zarovich", &["Banner of the One-Eyed God"]),
        realm(A, "Cormyr"),
        ("Elminster the Mage", NONE),
        [NONE, NONE],
    );
    assert_eq!(totals(&game), (13, 9));
}

#[test]
fn card_ar_102_death_rock_kept_ally_is_an_opposing_undead_ally_for_hold_undead() {
    // Strahd (9) and his kept undead ally (+2) against Mordenkainen (7), who casts Hold Undead:
    // opposing undead allies count for nothing, so the kept ally's +2 goes.
    let mut game = kept_round(
        ("Strahd Von Zarovich", NONE),
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        [NONE, &["Hold Undead"]],
    );
    assert_eq!(totals(&game), (11, 7));
    play!(game, Action::UseCard(game.id_of(1, "Hold Undead")));
    assert_eq!(totals(&game), (9, 7));
    assert!(still_kept(&game), "held, not discarded");
}

#[test]
fn card_ar_102_death_rock_kept_ally_is_the_desert_warriors_first_ally() {
    // The Desert Warrior (1st/325, level 2) counts his first ally of each round as a +4: the kept ally, in the
    // round from its start, is that ally; War Party (+4), played after him, counts as printed.
    let mut game = kept_round(
        ("Desert Warrior", NONE),
        realm(A, "Cormyr"),
        ("Elminster the Mage", NONE),
        [&["War Party"], NONE],
    );
    assert_eq!(totals(&game), (6, 9), "2 + the kept ally as a +4");
    play!(game, Action::PlayAlly(game.id_of(0, "War Party")));
    assert_eq!(totals(&game), (10, 9));
}

// Discards of allies.

#[test]
fn card_ar_102_death_rock_kept_ally_is_discarded_as_an_ally_of_his_kept_bonus() {
    // Lightning Bolt discards an opposing ally of level 4 or less in the battle: Tergoz (printed
    // 5) is a +2 ally here, so the Bolt may take him. He goes to his owner's discard pile.
    let mut game = kept_round(
        ("Strahd Von Zarovich", NONE),
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        [NONE, &["Lightning Bolt"]],
    );
    let tergoz = game.id_of(0, KEPT);
    play!(game, Action::UseCard(game.id_of(1, "Lightning Bolt")));
    assert!(game.legal().contains(&Action::Choose(tergoz)), "{:?}", game.legal());
    play!(game, Action::Choose(tergoz));
    assert!(!still_kept(&game));
    assert!(game.player(P1).discard.contains(&tergoz));
    assert_eq!(totals(&game), (9, 12));
}

#[test]
fn card_ar_102_death_rock_kept_ally_falls_with_the_allies_of_a_mutiny() {
    // Mutiny! discards the allies in the battle and calls it off: the kept ally goes to the
    // discard pile with War Party; Strahd goes home with Death Rock alone.
    let mut game = kept_round(
        ("Strahd Von Zarovich", NONE),
        realm(A, "Cormyr"),
        ("Elminster the Mage", &["Staff of Conjuring"]),
        [&["War Party"], &["Mutiny!"]],
    );
    assert_eq!(totals(&game), (11, 14));
    play!(game, Action::PlayAlly(game.id_of(0, "War Party")));
    assert_eq!(totals(&game), (15, 14));
    play!(game, Action::PlayEvent(game.id_of(1, "Mutiny!")));
    all_pass(&mut game);
    let tergoz = game.id_of(0, KEPT);
    assert!(game.battle().is_none());
    let discard = &game.player(P1).discard;
    assert!(discard.contains(&tergoz) && discard.contains(&game.id_of(0, "War Party")));
    let strahd = game
        .player(P1)
        .pool
        .iter()
        .find(|c| c.card == game.id_of(0, "Strahd Von Zarovich"));
    assert_eq!(
        strahd.map(|c| c.attachments.clone()),
        Some(vec![game.id_of(0, "Death Rock")])
    );
}

#[test]
fn card_ar_102_death_rock_kept_ally_counts_his_kept_bonus_against_flame_strike() {
    // Flame Strike discards opposing allies whose levels come to 6 at most. With War Party
    // (+4) taken, 2 are left: enough for the kept +2 ally (printed level 5).
    let mut game = kept_round(
        ("Strahd Von Zarovich", NONE),
        realm(A, "Cormyr"),
        ("Cleric of Torm", &["Staff of Conjuring", "Banner of the One-Eyed God"]),
        [&["War Party"], &["Flame Strike"]],
    );
    assert_eq!(totals(&game), (11, 11));
    let (tergoz, war_party) = (game.id_of(0, KEPT), game.id_of(0, "War Party"));
    play!(game, Action::PlayAlly(war_party));
    play!(game, Action::UseCard(game.id_of(1, "Flame Strike")));
    play!(game, Action::Choose(war_party));
    assert!(game.legal().contains(&Action::Choose(tergoz)), "{:?}", game.legal());
    play!(game, Action::Choose(tergoz));
    assert!(!still_kept(&game));
    let discard = &game.player(P1).discard;
    assert!(discard.contains(&tergoz) && discard.contains(&war_party));
    assert_eq!(totals(&game), (9, 11));
}

#[test]
fn card_ar_102_death_rock_kept_ally_goes_home_with_his_keeper_when_darkness_ends_the_battle() {
    // Darkness sends the allies played back to their hands, but the kept ally is a card his
    // keeper carries: he goes back to the pool with the Cleric of Torm, still kept.
    let mut game = kept_round(
        ("Cleric of Torm", NONE),
        realm(A, "Cormyr"),
        ("Elminster the Mage", NONE),
        [&["Darkness"], NONE],
    );
    assert_eq!(totals(&game), (7, 9));
    play!(game, Action::UseCard(game.id_of(0, "Darkness")));
    assert!(game.battle().is_none());
    let cleric = game
        .player(P1)
        .pool
        .iter()
        .find(|c| c.card == game.id_of(0, "Cleric of Torm"));
    assert_eq!(
        cleric.map(|c| c.attachments.clone()),
        Some(vec![game.id_of(0, "Death Rock"), game.id_of(0, KEPT)])
    );
    assert!(!game.player(P1).hand.contains(&game.id_of(0, KEPT)));
}

// Immunities of allies.

/// The Cleric of Torm (5) keeps Tergoz (+2) and ties Mordenkainen (7): losing, he casts
/// Protection from Lightning (his side's champion and allies) if `warded`, and plays War Party;
/// Mordenkainen casts Lightning Bolt. Whether the Bolt may then discard Tergoz, and War Party.
fn lightning_bolt_may_take(warded: bool) -> (bool, bool) {
    let mut game = kept_round(
        ("Cleric of Torm", NONE),
        realm(A, "Cormyr"),
        ("Mordenkainen", NONE),
        [&["Protection from Lightning", "War Party"], &["Lightning Bolt"]],
    );
    assert_eq!(totals(&game), (7, 7));
    if warded {
        play!(game, Action::UseCard(game.id_of(0, "Protection from Lightning")));
    }
    play!(game, Action::PlayAlly(game.id_of(0, "War Party")));
    assert_eq!(game.decider(), Some(P2));
    play!(game, Action::UseCard(game.id_of(1, "Lightning Bolt")));
    let legal = game.legal();
    let may_take = |name: &str| legal.contains(&Action::Choose(game.id_of(0, name)));
    (may_take(KEPT), may_take("War Party"))
}

#[test]
fn card_ar_102_death_rock_kept_ally_is_warded_with_his_side_by_protection_from_lightning() {
    assert_eq!(lightning_bolt_may_take(false), (true, true), "unwarded, both allies");
    assert_eq!(lightning_bolt_may_take(true), (false, false), "warded, neither");
}

// Limits on allies, and their count.

#[test]
fn card_ar_102_death_rock_kept_ally_cannot_fight_where_allies_cannot_be_used() {
    // Daggerdale: no allies when attacking it. The kept ally sits the round out (his +2 does not
    // count) and no other ally may be played either.
    let game = kept_round(
        ("Strahd Von Zarovich", NONE),
        realm(A, "Daggerdale"),
        ("Elminster the Mage", &["Staff of Conjuring"]),
        [&["War Party"], NONE],
    );
    assert_eq!(totals(&game), (9, 14));
    let why = refused(&game, Action::PlayAlly(game.id_of(0, "War Party")));
    assert_eq!(why.rule, "SF-140");
    assert!(still_kept(&game), "he stays with his keeper");
}

#[test]
fn card_ar_102_death_rock_kept_ally_takes_the_one_place_for_an_ally() {
    // Bodach: an attacker of its realm may have only one ally. The kept ally is that one, so
    // War Party is refused.
    let game = kept_round(
        ("Strahd Von Zarovich", NONE),
        realm(A, "Cormyr").holding("Bodach"),
        ("Elminster the Mage", &["Staff of Conjuring"]),
        [&["War Party"], NONE],
    );
    assert_eq!(totals(&game), (11, 14), "the kept ally counts");
    let why = refused(&game, Action::PlayAlly(game.id_of(0, "War Party")));
    assert!(why.reason.contains("only 1"), "{}", why.reason);
}

#[test]
fn card_ar_102_death_rock_kept_ally_is_an_ally_used_against_mika() {
    // Mika the Wolf-Nomad (7) gains 3 levels when the other side has allies: the kept one is.
    let game = kept_round(
        ("Strahd Von Zarovich", NONE),
        realm(A, "Cormyr"),
        ("Mika the Wolf-Nomad", NONE),
        [NONE, NONE],
    );
    assert_eq!(totals(&game), (11, 10));
}

// The optional rules.

#[test]
fn sf_250_card_ar_102_death_rock_kept_ally_flees_in_fear_as_an_ally_of_level_2() {
    // Fear of Undead: Elminster (9) keeps Tergoz as a +2 ally and attacks; Strahd (undead, 9)
    // defends. An ally of level 1 or 2 flees from him: the kept one too, to the discard pile.
    let mut game = TestGame::new(2)
        .rules(|r| r.fear = true)
        .phase(Phase::Pool)
        .pool(0, [("Elminster the Mage", &["Death Rock"][..])])
        .kept(0, "Elminster the Mage", KEPT)
        .formation(1, [realm(A, "Cormyr")])
        .pool(1, [("Strahd Von Zarovich", NONE)])
        .build();
    play!(game, attack_p2(game.id_of(0, "Elminster the Mage"), A));
    let events = play!(
        game,
        Action::Defend {
            champion: game.id_of(1, "Strahd Von Zarovich")
        }
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::AlliesFled { allies, .. } if allies.iter().any(|a| a == KEPT))),
        "{events:?}"
    );
    assert!(!still_kept(&game));
    assert!(game.player(P1).discard.contains(&game.id_of(0, KEPT)));
    assert_eq!(totals(&game), (9, 9));
}
