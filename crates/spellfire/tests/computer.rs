//! The greedy computer's choices, one scenario each: it decides from its seat's view and the
//! legal actions only, and weighs the cards' powers from their effects.

mod common;

use common::{A, B, P1, P2, apply as ok, attack_p2};

use spellfire::{Action, Phase, Position, Spellfire, TestGame, computer, realm};
use spellhall_core::{GameRng, Seat};

const NONE: &[&str] = &[];

/// The greedy computer's choice for the seat that decides now, from that seat's view.
fn greedy(game: &Spellfire) -> Action {
    let seat = game.decider().expect("a seat decides");
    let legal = game.legal();
    let content = common::content();
    // Several seeds: a choice that wins only by the random tie-break would differ between them.
    let picks: Vec<Action> = (0..4)
        .map(|seed| {
            legal[computer::greedy_choice(&game.view_for(seat), &legal, &content, &mut GameRng::new(seed))].clone()
        })
        .collect();
    assert!(picks.windows(2).all(|w| w[0] == w[1]), "the choice is a tie: {picks:?}");
    picks[0].clone()
}

/// P1's `champion` attacks P2's realm at A.
fn attack(game: &mut Spellfire, champion: &str) {
    let champion = game.id_of(0, champion);
    ok(game, attack_p2(champion, A));
}

/// Phase 3 of P1's turn: Waterdeep for P1, `p2_realm` at A for P2, and the two pools.
fn table(p2_realm: &str, p1_pool: &[&str], p2_pool: &[&str]) -> TestGame {
    let mut setup = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(A, "Waterdeep")])
        .formation(1, [realm(A, p2_realm)]);
    for &champion in p1_pool {
        setup = setup.pool(0, [(champion, NONE)]);
    }
    for &champion in p2_pool {
        setup = setup.pool(1, [(champion, NONE)]);
    }
    setup
}

/// P1's `attacker` (from the pool) attacks P2's realm at A, which P2 defends with `defender`;
/// each player holds his hand.
fn round(attacker: &str, defender: &str, p1_hand: &[&str], p2_hand: &[&str]) -> Spellfire {
    let mut setup = table("Cormyr", &[attacker], &[defender]);
    for &card in p1_hand {
        setup = setup.hand(0, [card]);
    }
    for &card in p2_hand {
        setup = setup.hand(1, [card]);
    }
    let mut game = setup.build();
    attack(&mut game, attacker);
    let champion = game.id_of(1, defender);
    ok(&mut game, Action::Defend { champion });
    game
}

// Items and spells on the right champion.

#[test]
fn greedy_gives_an_item_that_lets_its_carrier_cast_spells_to_the_champion_that_cannot() {
    // Viperhand lets its carrier cast wizard spells: worth nothing to Mordenkainen, a wizard, and
    // Cone of Cold (+5) to Alias, a hero, though Mordenkainen is the stronger.
    let game = table("Cormyr", &["Mordenkainen", "Alias the Sell-Sword"], &[])
        .hand(0, ["Viperhand", "Cone of Cold"])
        .build();
    assert_eq!(
        greedy(&game),
        Action::Attach {
            card: game.id_of(0, "Viperhand"),
            champion: game.id_of(0, "Alias the Sell-Sword"),
        }
    );
}

#[test]
fn greedy_gives_flight_to_the_champion_that_cannot_fly() {
    // Griffon (+2, its carrier flies): to Tysiln San (5) rather than Tyrinon (5), a flyer.
    let game = table("Cormyr", &["Tyrinon", "Tysiln San"], &[])
        .hand(0, ["Griffon"])
        .build();
    assert_eq!(
        greedy(&game),
        Action::Attach {
            card: game.id_of(0, "Griffon"),
            champion: game.id_of(0, "Tysiln San"),
        }
    );
}

#[test]
fn greedy_defends_with_the_champion_that_can_cast_the_spell_in_its_hand() {
    // Mordenkainen (7) attacks; P2 holds Cone of Cold (+5, a wizard spell). Otto (6, a wizard) can
    // turn the round with it, Alias (6, a hero) cannot cast it.
    let mut game = table("Cormyr", &["Mordenkainen"], &["Alias the Sell-Sword", "Otto"])
        .hand(1, ["Cone of Cold"])
        .build();
    attack(&mut game, "Mordenkainen");
    assert_eq!(
        greedy(&game),
        Action::Defend {
            champion: game.id_of(1, "Otto")
        }
    );
    // In the round, the wizard casts it: the card that turns the round.
    let otto = game.id_of(1, "Otto");
    ok(&mut game, Action::Defend { champion: otto });
    assert_eq!(greedy(&game), Action::UseCard(game.id_of(1, "Cone of Cold")));
}

// Events: played where they help, answered where they hurt.

#[test]
fn greedy_plays_an_event_that_raises_its_champion_only_in_a_round_it_is_losing() {
    // Tysiln San (5) against the Cleric of Torm (5): a tie, so the attacker is losing; Charge!
    // (+3 to its champion) turns it.
    let game = round("Tysiln San", "Cleric of Torm", &["Charge!"], &[]);
    assert_eq!(greedy(&game), Action::PlayEvent(game.id_of(0, "Charge!")));
    // Outside a battle it keeps the card.
    let game = table("Cormyr", &[], &[]).hand(0, ["Charge!"]).build();
    assert_eq!(greedy(&game), Action::EndPhase);
}

/// P2, in its phase 2, plays `event`; P1 has Waterdeep, P2 Cormyr and Sembia.
fn p2_plays(event: &str, p1_pool: &[&str], p1_hand: &[&str]) -> Spellfire {
    let mut setup = TestGame::new(2)
        .active(1)
        .phase(Phase::Realms)
        .formation(0, [realm(A, "Waterdeep")])
        .formation(1, [realm(A, "Cormyr"), realm(B, "Sembia")])
        .hand(1, [event]);
    for &champion in p1_pool {
        setup = setup.pool(0, [(champion, NONE)]);
    }
    for &card in p1_hand {
        setup = setup.hand(0, [card]);
    }
    let mut game = setup.build();
    let event = game.id_of(1, event);
    ok(&mut game, Action::PlayEvent(event));
    game
}

/// P2 plays Cataclysm! at P1's realm (`target_seat` 0) or its own; P1 is asked next in the event
/// pause.
fn cataclysm_at(target_seat: u8, p1_pool: &[&str], p1_hand: &[&str]) -> Spellfire {
    let mut game = p2_plays("Cataclysm!", p1_pool, p1_hand);
    let target = if target_seat == 0 {
        game.id_of(0, "Waterdeep")
    } else {
        game.id_of(1, "Sembia")
    };
    ok(&mut game, Action::Choose(target));
    assert_eq!(game.decider(), Some(P1), "P1 is asked in the pause");
    game
}

#[test]
fn greedy_calms_an_event_that_would_discard_its_realm_and_keeps_calm_otherwise() {
    let game = cataclysm_at(0, NONE, &["Calm"]);
    assert_eq!(greedy(&game), Action::Answer(game.id_of(0, "Calm")));
    let game = cataclysm_at(1, NONE, &["Calm"]);
    assert_eq!(greedy(&game), Action::Pass, "the event does not touch P1");
}

#[test]
fn greedy_negates_an_event_when_it_costs_more_than_the_answer() {
    // Helm (6) negates an event by leaving the pool: worth it for a realm (Cataclysm!).
    let game = cataclysm_at(0, &["Helm"], NONE);
    assert_eq!(greedy(&game), Action::Answer(game.id_of(0, "Helm")));
    // Not for five cards drawn by the other player; a Limited Wish from the hand is cheap enough.
    let good_fortune = |p1_hand: &[&str]| p2_plays("Good Fortune", &["Helm"], p1_hand);
    assert_eq!(greedy(&good_fortune(NONE)), Action::Pass);
    let game = good_fortune(&["Limited Wish"]);
    assert_eq!(greedy(&game), Action::Answer(game.id_of(0, "Limited Wish")));
}

// Realms and holdings.

#[test]
fn greedy_plays_the_realm_that_defends_itself_first() {
    // Zhentil Keep defends itself at level 5; Sembia does nothing.
    let game = TestGame::new(2)
        .phase(Phase::Realms)
        .hand(0, ["Sembia", "Zhentil Keep"])
        .build();
    assert_eq!(
        greedy(&game),
        Action::PlayRealm {
            card: game.id_of(0, "Zhentil Keep"),
            at: Position(A),
        }
    );
}

#[test]
fn greedy_puts_a_holding_on_the_exposed_realm() {
    // Berdusk strengthens its realm's defenders: on Waterdeep at A, in front, not Shadowdale
    // behind it.
    let game = TestGame::new(2)
        .phase(Phase::Realms)
        .formation(0, [realm(A, "Waterdeep"), realm(B, "Shadowdale")])
        .hand(0, ["Berdusk"])
        .build();
    assert_eq!(
        greedy(&game),
        Action::PlayHolding {
            card: game.id_of(0, "Berdusk"),
            at: Position(A),
        }
    );
}

// Attack and defence.

#[test]
fn greedy_attacks_only_when_its_champion_beats_the_defence_it_can_see() {
    let setup = |defender: &str| table("Cormyr", &["Mordenkainen"], &[defender]).build();
    // Mordenkainen (7) against the Cleric of Torm (5): attack.
    let game = setup("Cleric of Torm");
    assert!(matches!(greedy(&game), Action::Attack { .. }));
    // Against Elminster (9): no battle.
    assert_eq!(greedy(&setup("Elminster the Mage")), Action::EndPhase);
    // A realm that defends itself at 5 against Tysiln San (5): a tie holds it, no attack.
    let game = table("Zhentil Keep", &["Tysiln San"], &[]).build();
    assert_eq!(greedy(&game), Action::EndPhase);
}

#[test]
fn greedy_lets_a_realm_defend_itself_rather_than_sacrifice_a_champion_or_the_realm() {
    // Mordenkainen (7) attacks Zhentil Keep (5); P2's only champion is Shandrill (3): the realm
    // defends itself, at no cost if it loses.
    let mut game = table("Zhentil Keep", &["Mordenkainen"], &["Shandrill"]).build();
    attack(&mut game, "Mordenkainen");
    assert_eq!(
        greedy(&game),
        Action::Defend {
            champion: game.id_of(1, "Zhentil Keep")
        }
    );
}

// Spoils of victory.

#[test]
fn greedy_plays_a_realm_drawn_as_spoils_at_once() {
    // P2 does not defend Cormyr; P1's spoils card is a realm, played at once into its formation.
    let mut game = table("Cormyr", &["Mordenkainen"], &[]).draw(0, ["Sembia"]).build();
    attack(&mut game, "Mordenkainen");
    ok(&mut game, Action::Decline);
    assert!(
        matches!(game.pending(), Some(spellfire::Pending::Spoils { .. })),
        "{:?}",
        game.pending()
    );
    assert_eq!(
        greedy(&game),
        Action::PlayRealm {
            card: game.id_of(0, "Sembia"),
            at: Position(B),
        }
    );
}

#[test]
fn greedy_keeps_a_spoils_card_it_cannot_play_now() {
    let mut game = table("Cormyr", &["Mordenkainen"], &[]).draw(0, ["Calm"]).build();
    attack(&mut game, "Mordenkainen");
    ok(&mut game, Action::Decline);
    assert_eq!(greedy(&game), Action::KeepSpoils);
}

// The greedy player decides from its own view: what another seat holds does not change it.

#[test]
fn greedy_choice_does_not_depend_on_the_other_hand() {
    let with_hand = |p2_hand: &[&str]| round("Tysiln San", "Cleric of Torm", &["Charge!", "Rowan"], p2_hand);
    let a = with_hand(&["Cone of Cold"]);
    let b = with_hand(&["Calm", "Good Fortune"]);
    assert_eq!(greedy(&a), greedy(&b));
    assert_eq!(a.view_for(Seat(0)).hand, b.view_for(Seat(0)).hand);
}

// A power's choice during play.

#[test]
fn greedy_brings_back_its_strongest_champion_from_the_discard_pile() {
    // Raise Dead, cast by the Cleric of Torm outside a battle (Mordenkainen keeps it from
    // attacking): the champion it returns to the hand is Elminster (9), not Shandrill (3).
    let mut game = table("Cormyr", &["Cleric of Torm"], &["Mordenkainen"])
        .hand(0, ["Raise Dead"])
        .discard(0, ["Shandrill", "Elminster the Mage"])
        .build();
    let spell = game.id_of(0, "Raise Dead");
    assert_eq!(greedy(&game), Action::UseCard(spell), "worth casting for Elminster");
    ok(&mut game, Action::UseCard(spell));
    common::all_pass(&mut game);
    assert_eq!(greedy(&game), Action::Choose(game.id_of(0, "Elminster the Mage")));
}

#[test]
fn greedy_keeps_a_return_from_the_discard_pile_until_there_is_something_to_return() {
    let game = table("Cormyr", &["Cleric of Torm"], &["Mordenkainen"])
        .hand(0, ["Raise Dead"])
        .discard(0, ["Rowan"])
        .build();
    assert_eq!(greedy(&game), Action::EndPhase, "no champion in the discard pile");
}

#[test]
fn card_1st_46_midnight_greedy_refuses_leave_to_another_players_spell() {
    // The Magister (4) attacks; Midnight (7) defends. P1 casts Cone of Cold (+5): asked for
    // leave, the greedy P2 refuses it.
    let mut game = round("The Magister", "Midnight, Goddess of Magic", &["Cone of Cold"], NONE);
    let cone = game.id_of(0, "Cone of Cold");
    ok(&mut game, Action::UseCard(cone));
    assert_eq!(game.decider(), Some(P2));
    let midnight = game.id_of(1, "Midnight, Goddess of Magic");
    assert_eq!(greedy(&game), Action::Answer(midnight));
}

// A power used from the pool.

/// Phase 3 of P1's turn: Karlott the Shaman (3rd/63, level 4) has been in P1's pool since before
/// it; Elminster (9) keeps P2's Cormyr out of reach. The Abysses hold `p1_abyss` and `p2_abyss`.
fn karlott_table(p1_abyss: &[&str], p2_abyss: &[&str]) -> Spellfire {
    let mut setup = table("Cormyr", &["3rd/63"], &["Elminster the Mage"]);
    for &card in p1_abyss {
        setup = setup.abyss(0, [card]);
    }
    for &card in p2_abyss {
        setup = setup.abyss(1, [card]);
    }
    setup.build()
}

#[test]
fn card_3rd_63_karlott_greedy_sends_him_to_the_abyss_for_an_event_worth_more_than_him() {
    // Cataclysm! discards a realm of another player's (worth a standing realm, 10): more than
    // Karlott (4). Sent to the Abyss, he brings back Cataclysm!, not Bad Omens.
    let mut game = karlott_table(&["Bad Omens", "Cataclysm!"], NONE);
    let karlott = game.id_of(0, "Karlott the Shaman");
    assert_eq!(greedy(&game), Action::UseCard(karlott));
    ok(&mut game, Action::UseCard(karlott));
    assert_eq!(greedy(&game), Action::Choose(game.id_of(0, "Cataclysm!")));
}

#[test]
fn card_3rd_63_karlott_greedy_keeps_him_when_the_abyss_holds_nothing_worth_him() {
    // Bad Omens (a level each off every champion and ally until P1's next turn) is worth less
    // than Karlott in the pool; another player's Cataclysm! is not P1's to take back.
    let game = karlott_table(&["Bad Omens"], &["Cataclysm!"]);
    let karlott = game.id_of(0, "Karlott the Shaman");
    assert!(game.legal().contains(&Action::UseCard(karlott)), "he may be used");
    assert_eq!(greedy(&game), Action::EndPhase);
    // Nothing of P1's own in the Abyss: his power is not even offered, and P1 ends the phase.
    let game = karlott_table(NONE, &["Cataclysm!"]);
    assert!(!game.legal().contains(&Action::UseCard(karlott)));
    assert_eq!(greedy(&game), Action::EndPhase);
}
