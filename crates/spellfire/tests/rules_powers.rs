//! Rules that only a card power can bring into play: immunities granted and taken by items,
//! artifacts and champions (section 16), the order in which attached cards act (SF-137, SF-138,
//! SF-232), spells and powers cancelled (SF-40, SF-157, SF-158) and a defender that cannot carry
//! on (SF-130). Each scenario uses the 1st Edition card that makes the rule matter.

#[macro_use]
mod common;

use common::{attack_and_defend, attack_p2, totals, with_hands};
use spellfire::{Action, DefenderSpoilsOn, Pending, Phase, Position, Spellfire, TestGame, realm};
use spellhall_core::Seat;

const NONE: &[&str] = &[];

/// Seat 0's `attacker` (with its items) attacks seat 1's realm `target` at A; seat 1's
/// `defender` (with its items) defends. `hands` are the two players' hands.
fn round(target: &str, attacker: (&str, &[&str]), defender: (&str, &[&str]), hands: [&[&str]; 2]) -> Spellfire {
    let setup = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [attacker])
        .formation(1, [realm(0, target)])
        .pool(1, [defender]);
    let mut game = with_hands(setup, hands).build();
    attack_and_defend(&mut game, attacker.0, defender.0);
    game
}

// Section 16: immunities.

#[test]
fn sf_180_an_items_bonus_is_ignored_by_an_immune_opponent_but_its_flight_stays() {
    // AMB-13: what touches only its own champion (the flight) is not cancelled.
    // Mordenkainen (7) rides the Griffon (+2, its carrier flies) against Gib Htimsen (9), who is
    // immune to every magical item: the Griffon adds nothing.
    let mut game = round(
        "Waterdeep",
        ("Mordenkainen", &["Griffon"]),
        ("Gib Htimsen", NONE),
        [&["War Party"], &["1st/335"]],
    );
    assert_eq!(totals(&game), (7, 9));
    play!(game, Action::PlayAlly(game.id_of(0, "War Party")));
    assert_eq!(totals(&game), (11, 9), "the ally's +4 counts: it is not an item");
    // Gib casts a Wall of Fire by Waterdeep's leave; only flyers cross it, and the Griffon still
    // makes Mordenkainen fly, so the round goes on.
    play!(game, Action::UseCard(game.id_of(1, "Wall of Fire")));
    assert!(game.pending().is_none(), "no wall stops a flyer");
    assert!(game.battle().is_some_and(|b| b.attacking.is_some()));
}

// WE-33 (Death Rock's power, confined to its own champion, acts against a champion immune to
// artifacts; Barab's Goblet of Dissolution's does not) is not tested: neither artifact's power
// is scripted (AR/102, AR/105). Waived in rules_coverage.rs; SF-182's bonus half is tested here.
#[test]
fn sf_182_an_immune_champion_ignores_an_opposing_artifacts_bonus() {
    // The Eye and Hand of Vecna: +5 attacking, +2 defending. An artifact has no Off/Def label.
    let game = round(
        "Waterdeep",
        ("Mordenkainen", &["Eye and Hand of Vecna"]),
        ("Nenioc", NONE),
        [NONE, NONE],
    );
    assert_eq!(totals(&game), (12, 5), "7 + 5 against an ordinary defender");
    let game = round(
        "Waterdeep",
        ("Mordenkainen", &["Eye and Hand of Vecna"]),
        ("Gib Htimsen", NONE),
        [NONE, NONE],
    );
    assert_eq!(
        totals(&game),
        (7, 9),
        "Gib is immune to artifacts: the +5 does not count"
    );
    // Defending, the artifact counts 2; against an immune attacker, nothing, whatever it is set to.
    let game = round(
        "Waterdeep",
        ("Nenioc", NONE),
        ("Mordenkainen", &["Eye and Hand of Vecna"]),
        [NONE, NONE],
    );
    assert_eq!(totals(&game), (5, 9));
    let game = round(
        "Waterdeep",
        ("Gib Htimsen", NONE),
        ("Mordenkainen", &["Eye and Hand of Vecna"]),
        [NONE, NONE],
    );
    assert_eq!(totals(&game), (9, 7));
}

#[test]
fn we_33_sf_182_barabs_goblet_does_nothing_against_a_champion_immune_to_artifacts() {
    // Part (b) of the example; part (a), Death Rock, is the test after it. Tergoz Tenhammer (5)
    // carries Barab's Goblet of Dissolution (+3) against
    // Gib Htimsen (9), immune to artifacts: the Goblet's bonus does not count, and when Tergoz
    // is beaten its power does not send Gib to the Abyss.
    let mut game = round(
        "Cormyr",
        ("Tergoz Tenhammer", &["Barab's Goblet of Dissolution"]),
        ("Gib Htimsen", NONE),
        [NONE, NONE],
    );
    assert_eq!(totals(&game), (5, 9), "the Goblet's +3 does not count against Gib");
    play!(game, Action::Pass);
    let (tergoz, goblet) = (
        game.id_of(0, "Tergoz Tenhammer"),
        game.id_of(0, "Barab's Goblet of Dissolution"),
    );
    let gib = game.id_of(1, "Gib Htimsen");
    assert!(game.player(Seat(0)).discard.contains(&tergoz) && game.player(Seat(0)).discard.contains(&goblet));
    assert!(
        game.player(Seat(1)).pool.iter().any(|c| c.card == gib),
        "Gib ignores the Goblet's power"
    );
    assert!(game.player(Seat(1)).abyss.is_empty());
    assert!(game.battle().is_none());
    assert!(
        matches!(game.pending(), Some(Pending::Spoils { seat: Seat(1), .. })),
        "the defender earns spoils"
    );
}

/// Seat 1 attacks seat 0's Cormyr with `first` (9); seat 0, whose Strahd Von Zarovich (9)
/// carries Death Rock, defends with `dead` and passes: `dead` is beaten, and the Rock's power
/// offers to keep him.
fn death_rock_battle(dead: &str, first: &str, then: &str) -> Spellfire {
    let mut game = TestGame::new(2)
        .active(1)
        .phase(Phase::Pool)
        .formation(0, [realm(0, "Cormyr")])
        .pool(0, [("Strahd Von Zarovich", &["Death Rock"][..]), (dead, NONE)])
        .pool(1, [(first, NONE), (then, NONE)])
        .build();
    play!(
        game,
        Action::Attack {
            champion: game.id_of(1, first),
            defender: Seat(0),
            at: Position(0)
        }
    );
    play!(
        game,
        Action::Defend {
            champion: game.id_of(0, dead)
        }
    );
    play!(game, Action::Pass);
    game
}

/// Seat 1 goes on with `then`; Strahd defends.
fn strahd_defends_against(game: &mut Spellfire, then: &str) {
    play!(
        *game,
        Action::Attack {
            champion: game.id_of(1, then),
            defender: Seat(0),
            at: Position(0)
        }
    );
    play!(
        *game,
        Action::Defend {
            champion: game.id_of(0, "Strahd Von Zarovich")
        }
    );
}

#[test]
fn we_33_sf_182_death_rock_acts_for_its_champion_against_one_immune_to_artifacts() {
    // Part (a): Elminster (9) beats Tergoz Tenhammer (5); Strahd, carrying Death Rock, keeps him
    // as an undead +2 ally. Then Gib Htimsen (9), immune to artifacts, attacks and Strahd
    // defends: the Rock's power concerns only its own champion and his cards, so Tergoz's +2
    // counts (11 against 9), and he goes home with the winning Strahd.
    let mut game = death_rock_battle("Tergoz Tenhammer", "Elminster the Mage", "Gib Htimsen");
    let (strahd, rock, tergoz) = (
        game.id_of(0, "Strahd Von Zarovich"),
        game.id_of(0, "Death Rock"),
        game.id_of(0, "Tergoz Tenhammer"),
    );
    assert_eq!(game.decider(), Some(Seat(0)));
    assert_eq!(
        game.legal(),
        vec![Action::Choose(tergoz), Action::Pass],
        "he may keep him"
    );
    play!(game, Action::Choose(tergoz));
    assert!(!game.player(Seat(0)).discard.contains(&tergoz));
    strahd_defends_against(&mut game, "Gib Htimsen");
    assert_eq!(totals(&game), (9, 11), "the kept ally counts against Gib");
    play!(game, Action::Pass);
    assert!(game.player(Seat(1)).discard.contains(&game.id_of(1, "Gib Htimsen")));
    assert!(
        game.player(Seat(0))
            .pool
            .iter()
            .any(|c| c.card == strahd && c.attachments == vec![rock, tergoz]),
        "Tergoz goes home with Strahd"
    );
}

#[test]
fn card_ar_102_death_rock_keeps_a_dead_champion_as_an_ally_without_special_powers() {
    // Lovely Colleen (7), who defeats a monster at once, is beaten by Elminster and kept by
    // Strahd. Kept, she has no powers: against Stef'fa Naf'ski (a monster, 5) no instant
    // defeat comes, and Strahd fights at 9 + 2.
    let mut game = death_rock_battle("Lovely Colleen", "Elminster the Mage", "Stef'fa Naf'ski");
    play!(game, Action::Choose(game.id_of(0, "Lovely Colleen")));
    strahd_defends_against(&mut game, "Stef'fa Naf'ski");
    assert!(
        !matches!(game.pending(), Some(Pending::InstantDefeat(_))),
        "no power of Colleen's acts"
    );
    assert_eq!(totals(&game), (5, 11));
}

#[test]
fn card_ar_102_death_rock_its_player_may_let_the_dead_go() {
    // Declined, the dead champion stays in the discard pile, and Strahd fights alone.
    let mut game = death_rock_battle("Tergoz Tenhammer", "Elminster the Mage", "Gib Htimsen");
    play!(game, Action::Pass);
    assert!(
        game.player(Seat(0))
            .discard
            .contains(&game.id_of(0, "Tergoz Tenhammer"))
    );
    strahd_defends_against(&mut game, "Gib Htimsen");
    assert_eq!(totals(&game), (9, 9));
}

#[test]
fn card_ar_105_barabs_goblet_sends_the_champion_who_beats_its_carrier_to_the_abyss() {
    // Tergoz Tenhammer (5 + 3) attacks and is beaten by Strahd (9, with the Staff of Conjuring
    // +5): Tergoz and the Goblet are
    // discarded, and Strahd goes to seat 1's Abyss with what he carries. The attacker was beaten,
    // so Cormyr stands and seat 1 earns spoils. The Goblet goes onto a champion of any world.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Tergoz Tenhammer", NONE)])
        .hand(0, ["Barab's Goblet of Dissolution"])
        .formation(1, [realm(0, "Cormyr")])
        .pool(1, [("Strahd Von Zarovich", &["Staff of Conjuring"][..])])
        .build();
    let (tergoz, goblet) = (
        game.id_of(0, "Tergoz Tenhammer"),
        game.id_of(0, "Barab's Goblet of Dissolution"),
    );
    play!(
        game,
        Action::Attach {
            card: goblet,
            champion: tergoz
        }
    );
    play!(game, attack_p2(tergoz, 0));
    let strahd = game.id_of(1, "Strahd Von Zarovich");
    play!(game, Action::Defend { champion: strahd });
    assert_eq!(totals(&game), (8, 14), "Tergoz 5 + 3 against Strahd 9 + 5");
    play!(game, Action::Pass);
    assert!(game.player(Seat(0)).discard.contains(&tergoz));
    assert!(game.player(Seat(0)).discard.contains(&goblet));
    assert_eq!(game.player(Seat(1)).abyss, vec![strahd], "Strahd is out of the game");
    assert!(game.player(Seat(1)).pool.is_empty());
    assert!(
        game.player(Seat(1))
            .discard
            .contains(&game.id_of(1, "Staff of Conjuring")),
        "what he carried is discarded"
    );
    assert!(
        game.player(Seat(1))
            .formation
            .slot(Position(0))
            .is_some_and(|s| !s.razed)
    );
    assert!(matches!(game.pending(), Some(Pending::Spoils { seat: Seat(1), .. })));
}

/// Seat 0's Strahd (9) attacks seat 1's Cormyr, defended by Tergoz Tenhammer carrying Barab's
/// Goblet of Dissolution (8), under `rules`; Tergoz's side, losing, passes.
fn strahd_beats_the_goblet(rules: impl FnOnce(&mut spellfire::Rules)) -> Spellfire {
    let mut game = TestGame::new(2)
        .rules(rules)
        .phase(Phase::Pool)
        .pool(0, [("Strahd Von Zarovich", NONE)])
        .formation(1, [realm(0, "Cormyr")])
        .pool(1, [("Tergoz Tenhammer", &["Barab's Goblet of Dissolution"][..])])
        .build();
    play!(game, attack_p2(game.id_of(0, "Strahd Von Zarovich"), 0));
    play!(
        game,
        Action::Defend {
            champion: game.id_of(1, "Tergoz Tenhammer")
        }
    );
    assert_eq!(totals(&game), (9, 8));
    play!(game, Action::Pass);
    game
}

#[test]
fn amb_4_sf_208_an_attacker_sent_to_the_abyss_earns_the_defender_spoils() {
    // Strahd beats Tergoz, whose Goblet sends him to the Abyss: the battle is over, Cormyr
    // stands, and (the checklist's reading) the defender earns spoils.
    let game = strahd_beats_the_goblet(|_| {});
    let strahd = game.id_of(0, "Strahd Von Zarovich");
    assert_eq!(game.player(Seat(0)).abyss, vec![strahd]);
    assert!(
        game.player(Seat(1))
            .discard
            .contains(&game.id_of(1, "Tergoz Tenhammer"))
    );
    assert!(game.battle().is_none());
    assert!(
        game.player(Seat(1))
            .formation
            .slot(Position(0))
            .is_some_and(|s| !s.razed)
    );
    assert!(matches!(game.pending(), Some(Pending::Spoils { seat: Seat(1), .. })));
}

#[test]
fn amb_4_with_discard_only_an_attacker_sent_to_the_abyss_earns_nothing() {
    let game = strahd_beats_the_goblet(|r| r.defender_spoils_on = DefenderSpoilsOn::DiscardOnly);
    assert_eq!(game.player(Seat(0)).abyss, vec![game.id_of(0, "Strahd Von Zarovich")]);
    assert!(game.battle().is_none());
    assert!(
        game.player(Seat(1))
            .formation
            .slot(Position(0))
            .is_some_and(|s| !s.razed)
    );
    assert!(game.pending().is_none(), "no spoils");
    assert!(game.player(Seat(1)).hand.is_empty());
}

#[test]
fn sf_183_immune_to_magical_items_means_the_offensive_ones() {
    // Nenioc carries the Orb of Power (immune to magical items). Mordenkainen's Orb of Doom (+2,
    // offensive) does not count against him; his Shield of Destruction (+1, defensive) does.
    let game = round(
        "Waterdeep",
        ("Mordenkainen", &["Orb of Doom", "Shield of Destruction"]),
        ("Nenioc", &["Orb of Power"]),
        [NONE, NONE],
    );
    assert_eq!(totals(&game), (8, 5));
    let game = round(
        "Waterdeep",
        ("Mordenkainen", &["Orb of Doom", "Shield of Destruction"]),
        ("Nenioc", NONE),
        [NONE, NONE],
    );
    assert_eq!(totals(&game), (10, 5), "without the orb both count");
}

#[test]
fn sf_184_immune_to_defensive_cards_ignores_their_bonus() {
    // Gib Htimsen is immune to all magical items and spells, defensive ones too: neither the
    // Shield of Destruction (+1, defensive) nor the Orb of Doom counts against him.
    let game = round(
        "Waterdeep",
        ("Mordenkainen", &["Orb of Doom", "Shield of Destruction"]),
        ("Gib Htimsen", NONE),
        [NONE, NONE],
    );
    assert_eq!(totals(&game), (7, 9));
    // A defensive spell's bonus does not count against him either: the Wall of Iron (+3, defensive)
    // cast by the defending Mordenkainen at Waterdeep adds nothing against Gib, but its other
    // power acts: it stops him, a non-flyer, all the same.
    let mut game = round(
        "Waterdeep",
        ("Gib Htimsen", NONE),
        ("Mordenkainen", NONE),
        [NONE, &["Wall of Iron"]],
    );
    assert_eq!(totals(&game), (9, 7));
    play!(game, Action::UseCard(game.id_of(1, "Wall of Iron")));
    assert!(matches!(game.pending(), Some(spellfire::Pending::Walled { .. })));
    assert_eq!(totals(&game), (9, 7), "the wall's bonus does not count against Gib");
}

// Section 11.4: a defender who cannot carry on.

#[test]
fn sf_130_a_defender_sent_home_lets_the_attacker_go_on_with_another_champion() {
    // Mordenkainen (7) attacks Waterdeep; the Dragon King (8), a monster, defends. Losing,
    // Mordenkainen casts Charm Monster: the monster goes back to its pool and the round is won.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Mordenkainen", NONE), ("The Magister", NONE)])
        .hand(0, ["Charm Monster"])
        .formation(1, [realm(0, "Waterdeep")])
        .pool(1, [("Dragon King", NONE), ("Tergoz Tenhammer", NONE)])
        .build();
    let (mordenkainen, magister) = (game.id_of(0, "Mordenkainen"), game.id_of(0, "The Magister"));
    let dragon_king = game.id_of(1, "Dragon King");
    play!(game, attack_p2(mordenkainen, 0));
    play!(game, Action::Defend { champion: dragon_king });
    assert_eq!(totals(&game), (7, 8));
    play!(game, Action::UseCard(game.id_of(0, "Charm Monster")));
    assert!(
        game.player(Seat(1)).pool.iter().any(|c| c.card == dragon_king),
        "the defender goes back to its pool, not the discard pile"
    );
    assert!(game.player(Seat(1)).discard.is_empty());
    assert_eq!(game.player(Seat(0)).discard, vec![game.id_of(0, "Charm Monster")]);
    assert!(
        game.player(Seat(1))
            .formation
            .slot(Position(0))
            .is_some_and(|s| !s.razed),
        "the realm stands: the battle goes on"
    );
    // The attacker starts a new round against the same realm with a champion not yet used.
    let again = |champion| attack_p2(champion, 0);
    assert_eq!(game.decider(), Some(Seat(0)));
    assert!(game.legal().contains(&again(magister)));
    assert!(
        !game.legal().contains(&again(mordenkainen)),
        "each champion attacks once"
    );
    play!(game, again(magister));
    // The charmed monster has defended in this battle: Tergoz must take the next round.
    assert!(!game.legal().contains(&Action::Defend { champion: dragon_king }));
    assert!(game.legal().contains(&Action::Defend {
        champion: game.id_of(1, "Tergoz Tenhammer")
    }));
}

// Section 13: a special power cancelled.

#[test]
fn sf_157_a_champion_whose_power_is_cancelled_keeps_its_icon_ability() {
    // Elminster the Mage (9) is immune to offensive spells by his power. Defending, The
    // Enchantress takes the attacking champion's special power away for the round: her Cone of
    // Cold (+5, offensive) counts against him.
    let mut game = round(
        "Cormyr",
        ("Elminster the Mage", NONE),
        ("The Enchantress", NONE),
        [&["Improved Phantasmal Force"], &["Cone of Cold"]],
    );
    assert_eq!(totals(&game), (9, 5));
    play!(game, Action::UseCard(game.id_of(1, "Cone of Cold")));
    assert_eq!(totals(&game), (9, 10), "his immunity is gone with his power");
    // His icon still lets a wizard cast wizard spells.
    play!(game, Action::UseCard(game.id_of(0, "Improved Phantasmal Force")));
    assert_eq!(totals(&game), (15, 10));
    // With his power, the same spell cast by an ordinary wizard adds nothing against him.
    let mut game = round(
        "Cormyr",
        ("Elminster the Mage", NONE),
        ("Tysiln San", NONE),
        [NONE, &["Cone of Cold"]],
    );
    play!(game, Action::UseCard(game.id_of(1, "Cone of Cold")));
    assert_eq!(totals(&game), (9, 5));
}

#[test]
fn sf_158_what_only_a_champions_power_let_it_use_goes_with_the_power() {
    // AMB-15: spells granted by a power go with it, as psionic power cards do.
    // The Adventurers!, heroes, cast wizard spells by their power, not their icon. Against The
    // Enchantress, defending, they lose that power and cannot cast Cone of Cold.
    let game = round(
        "Cormyr",
        ("Adventurers!", NONE),
        ("The Enchantress", NONE),
        [&["Cone of Cold"], NONE],
    );
    let refusal = common::refused(&game, Action::UseCard(game.id_of(0, "Cone of Cold")));
    assert!(refusal.rule.contains("SF-164"), "{}", refusal.rule);
    // Against a champion who takes nothing away they may.
    let game = round(
        "Cormyr",
        ("Adventurers!", NONE),
        ("Tergoz Tenhammer", NONE),
        [&["Cone of Cold"], NONE],
    );
    assert!(game.legal().contains(&Action::UseCard(game.id_of(0, "Cone of Cold"))));
}

// Phase 3: the other players answer the active player's spell (AMB-6).

/// Seat 0, active in phase 3, has The Magister in the pool and Death Spell in hand; seat 1 has
/// Tergoz Tenhammer (carrying `items`) and Tysiln San, a wizard, in the pool and Dispel Magic in
/// hand.
fn phase3(items: &'static [&'static str], rules: impl FnOnce(&mut spellfire::Rules)) -> Spellfire {
    TestGame::new(2)
        .phase(Phase::Pool)
        .rules(rules)
        .formation(0, [realm(0, "Cormyr")])
        .pool(0, [("The Magister", NONE)])
        .hand(0, ["Death Spell"])
        .formation(1, [realm(0, "Waterdeep")])
        .pool(1, [("Tergoz Tenhammer", items), ("Tysiln San", NONE)])
        .hand(1, ["1st/346"])
        .build()
}

/// Seat 0 casts Death Spell on Tergoz Tenhammer.
fn death_spell_on_tergoz(game: &mut Spellfire) {
    play!(*game, Action::UseCard(game.id_of(0, "Death Spell")));
    play!(*game, Action::Choose(game.id_of(1, "Tergoz Tenhammer")));
}

fn in_pool(game: &Spellfire, seat: u8, name: &str) -> bool {
    game.player(Seat(seat))
        .pool
        .iter()
        .any(|c| c.card == game.id_of(seat, name))
}

#[test]
fn sf_40_amb_6_another_player_cancels_the_active_players_phase_3_spell() {
    let mut game = phase3(NONE, |_| {});
    death_spell_on_tergoz(&mut game);
    // The spell waits: seat 1 is asked, and cancels it with Dispel Magic cast by Tysiln San.
    assert!(matches!(game.pending(), Some(spellfire::Pending::EventPause(_))));
    assert_eq!(game.decider(), Some(Seat(1)));
    let dispel = game.id_of(1, "Dispel Magic");
    play!(game, Action::Answer(dispel));
    assert!(game.pending().is_none());
    assert!(in_pool(&game, 1, "Tergoz Tenhammer"), "the spell did nothing");
    assert_eq!(game.player(Seat(0)).discard, vec![game.id_of(0, "Death Spell")]);
    assert_eq!(game.player(Seat(1)).discard, vec![dispel]);
    // Letting it be, the spell acts when every other player has been asked.
    let mut game = phase3(NONE, |_| {});
    death_spell_on_tergoz(&mut game);
    play!(game, Action::Pass);
    assert!(!in_pool(&game, 1, "Tergoz Tenhammer"));
    assert!(
        game.player(Seat(1))
            .discard
            .contains(&game.id_of(1, "Tergoz Tenhammer"))
    );
}

#[test]
fn amb_6_without_phase_3_counterplay_the_spell_acts_at_once() {
    let mut game = phase3(NONE, |r| r.phase3_counterplay = spellfire::Phase3Counterplay::None);
    death_spell_on_tergoz(&mut game);
    assert!(game.pending().is_none(), "nobody is asked");
    assert!(!in_pool(&game, 1, "Tergoz Tenhammer"));
    assert_eq!(game.player(Seat(1)).hand, vec![game.id_of(1, "Dispel Magic")]);
}

#[test]
fn amb_6_in_phase_5_nobody_answers_the_active_players_spell() {
    // Raise Dead (a cleric spell for phases 3 and 5) brings Herminard back from seat 0's discard
    // pile. In phase 3 seat 1 is asked first and may cancel it with Dispel Magic; in phase 5 only
    // the active player uses such cards, so it acts with nobody asked.
    let table = |phase| {
        TestGame::new(2)
            .phase(phase)
            .formation(0, [realm(0, "Cormyr")])
            .pool(0, [("Cleric of Gond", NONE)])
            .hand(0, ["Raise Dead"])
            .discard(0, ["Herminard"])
            .formation(1, [realm(0, "Waterdeep")])
            .pool(1, [("Tysiln San", NONE)])
            .hand(1, ["1st/346"])
            .build()
    };
    let mut game = table(Phase::Pool);
    play!(game, Action::UseCard(game.id_of(0, "Raise Dead")));
    assert!(matches!(game.pending(), Some(spellfire::Pending::EventPause(_))));
    assert!(game.legal().contains(&Action::Answer(game.id_of(1, "Dispel Magic"))));
    let mut game = table(Phase::AfterBattle);
    play!(game, Action::UseCard(game.id_of(0, "Raise Dead")));
    assert!(!matches!(game.pending(), Some(spellfire::Pending::EventPause(_))));
    assert_eq!(game.decider(), Some(Seat(0)), "seat 1 is not asked");
    let herminard = game.id_of(0, "Herminard");
    if !game.player(Seat(0)).hand.contains(&herminard) {
        play!(game, Action::Choose(herminard));
    }
    assert!(game.player(Seat(0)).hand.contains(&herminard));
    assert_eq!(game.player(Seat(1)).hand, vec![game.id_of(1, "Dispel Magic")]);
}

#[test]
fn amb_14_a_level_a_power_does_not_qualify_is_the_adjusted_one() {
    // Death Spell kills a champion "of level 7 or less". Tergoz Tenhammer is level 5 and carries
    // the Staff of Conjuring (+5): adjusted, he is 10 and out of its reach.
    let mut game = phase3(&["Staff of Conjuring"], |_| {});
    play!(game, Action::UseCard(game.id_of(0, "Death Spell")));
    let tergoz = Action::Choose(game.id_of(1, "Tergoz Tenhammer"));
    common::refused(&game, tergoz);
    assert!(
        game.legal().contains(&Action::Choose(game.id_of(1, "Tysiln San"))),
        "level 5, no items"
    );
    // Read as the printed level, he is 5 and may be chosen.
    let mut game = phase3(&["Staff of Conjuring"], |r| {
        r.unspecified_level_means = spellfire::LevelMeans::Base
    });
    death_spell_on_tergoz(&mut game);
    play!(game, Action::Pass);
    assert!(!in_pool(&game, 1, "Tergoz Tenhammer"));
    assert!(
        game.player(Seat(1))
            .discard
            .contains(&game.id_of(1, "Staff of Conjuring")),
        "his item goes with him"
    );
}

// Section 6: holdings.

#[test]
fn sf_71_a_holding_whose_power_acts_all_the_time_guards_its_realm_outside_a_battle() {
    // Arms of Furyondy keeps its realm from every harmful event, with no battle going on: Cataclysm!
    // may be aimed at seat 1's Cormyr but not at its Veluna.
    let mut game = TestGame::new(2)
        .hand(0, ["Cataclysm!"])
        .formation(0, [realm(0, "Sembia")])
        .formation(1, [realm(0, "Veluna").holding("Arms of Furyondy"), realm(1, "Cormyr")])
        .build();
    play!(game, Action::PlayEvent(game.id_of(0, "Cataclysm!")));
    assert!(game.battle().is_none());
    let (veluna, cormyr) = (game.id_of(1, "Veluna"), game.id_of(1, "Cormyr"));
    assert!(game.legal().contains(&Action::Choose(cormyr)));
    assert!(!game.legal().contains(&Action::Choose(veluna)));
    common::refused(&game, Action::Choose(veluna));
}
