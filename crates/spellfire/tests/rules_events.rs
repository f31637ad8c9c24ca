//! Checklist sections 17–20: events, the event pause and its answers (negate, calm, copy), counter-
//! effects, duplicated events, and "until its owner's next turn" — with the cards the rules name:
//! Calm, Limited Wish, Intercession, Helm, Bell of Might, Onad the Weasel, Delsenora, Dragon's
//! Calm, Cataclysm!, The Caravan and Good Fortune.

mod common;

use common::{all_pass, apply as act, attack_p2};

use spellfire::{Action, CardId, Pending, Phase, Position, Spellfire, TestGame, realm};
use spellhall_core::{Game, Seat};

fn asking(game: &Spellfire) -> Option<Seat> {
    match game.pending() {
        Some(Pending::EventPause(pause)) => Some(pause.asking),
        _ => None,
    }
}

fn realm_at(game: &Spellfire, seat: u8, at: u8) -> Option<CardId> {
    game.player(Seat(seat)).formation.slot(Position(at)).map(|s| s.realm)
}

/// Seat 0 plays Cataclysm! at seat 1's Cormyr (A); the pause is open.
fn cataclysm_at_cormyr(seats: usize) -> Spellfire {
    let mut game = TestGame::new(seats)
        .hand(0, ["Cataclysm!"])
        .formation(1, [realm(0, "Cormyr")])
        .formation(0, [realm(0, "Sembia")])
        .build();
    cataclysm_at(&mut game, 1, "Cormyr");
    game
}

/// Seat 0 plays Cataclysm! aimed at seat `seat`'s `realm`; its pause opens.
fn cataclysm_at(game: &mut Spellfire, seat: u8, realm: &str) {
    let cataclysm = game.id_of(0, "Cataclysm!");
    common::apply(game, Action::PlayEvent(cataclysm));
    let target = game.id_of(seat, realm);
    common::apply(game, Action::Choose(target));
}

#[test]
fn sf_186_an_event_may_be_played_on_another_players_turn() {
    let mut game = TestGame::new(2).hand(1, ["Good Fortune"]).build();
    assert_eq!(game.claimants(), vec![Seat(1)]);
    assert!(game.claims().contains(&(Seat(1), Action::Claim(Seat(1)))));
    act(&mut game, Action::Claim(Seat(1)));
    assert_eq!(game.decider(), Some(Seat(1)));
    let fortune = game.id_of(1, "Good Fortune");
    act(&mut game, Action::PlayEvent(fortune));
    all_pass(&mut game);
    assert_eq!(game.player(Seat(1)).hand.len(), 5, "Good Fortune drew five");
    assert_eq!(game.decider(), Some(Seat(0)), "play goes back to the active player");
}

#[test]
fn sf_186_a_claim_that_plays_nothing_is_a_pass() {
    let mut game = TestGame::new(2).build();
    act(&mut game, Action::Claim(Seat(1)));
    assert_eq!(game.legal(), vec![Action::Pass]);
    act(&mut game, Action::Pass);
    assert_eq!(game.decider(), Some(Seat(0)));
    assert_eq!(game.phase(), Phase::Realms);
}

#[test]
fn sf_187_an_event_acts_when_played_and_ends_in_the_abyss() {
    let mut game = TestGame::new(2).hand(0, ["Good Fortune"]).build();
    let fortune = game.id_of(0, "Good Fortune");
    act(&mut game, Action::PlayEvent(fortune));
    assert_eq!(game.player(Seat(0)).hand.len(), 0, "nothing yet: the pause comes first");
    all_pass(&mut game);
    assert_eq!(game.player(Seat(0)).hand.len(), 5);
    assert_eq!(game.player(Seat(0)).abyss, vec![fortune]);
}

#[test]
fn sf_188_nobody_cuts_in_while_a_card_is_being_played() {
    let game = cataclysm_at_cormyr(3);
    assert!(game.claimants().is_empty());
    let refused = game.check(&Action::Claim(Seat(2))).unwrap_err();
    assert_eq!(refused.rule, "SF-188");
}

#[test]
fn sf_189_calm_shields_its_player_from_a_harmful_event() {
    let mut game = TestGame::new(2)
        .hand(0, ["Cataclysm!"])
        .hand(1, ["Calm"])
        .formation(1, [realm(0, "Cormyr")])
        .build();
    let cataclysm = game.id_of(0, "Cataclysm!");
    act(&mut game, Action::PlayEvent(cataclysm));
    let action = Action::Choose(game.id_of(1, "Cormyr"));
    act(&mut game, action);
    let calm = game.id_of(1, "Calm");
    assert!(game.legal().contains(&Action::Answer(calm)));
    act(&mut game, Action::Answer(calm));
    assert_eq!(realm_at(&game, 1, 0), Some(game.id_of(1, "Cormyr")), "the realm stands");
    assert_eq!(game.player(Seat(0)).abyss, vec![cataclysm]);
    assert_eq!(
        game.player(Seat(1)).abyss,
        vec![calm],
        "Calm is an event: it ends in the Abyss"
    );
}

#[test]
fn sf_189_a_helpful_event_cannot_be_calmed() {
    let mut game = TestGame::new(2).hand(0, ["Good Fortune"]).hand(1, ["Calm"]).build();
    let action = Action::PlayEvent(game.id_of(0, "Good Fortune"));
    act(&mut game, action);
    let calm = game.id_of(1, "Calm");
    assert!(!game.legal().contains(&Action::Answer(calm)));
    assert_eq!(game.check(&Action::Answer(calm)).unwrap_err().rule, "SF-189");
}

#[test]
fn sf_189_delsenora_is_discarded_from_the_hand_to_calm_an_event() {
    let mut game = TestGame::new(2)
        .hand(0, ["Cataclysm!"])
        .hand(1, ["Delsenora"])
        .formation(1, [realm(0, "Cormyr")])
        .build();
    cataclysm_at(&mut game, 1, "Cormyr");
    let delsenora = game.id_of(1, "Delsenora");
    act(&mut game, Action::Answer(delsenora));
    assert!(realm_at(&game, 1, 0).is_some());
    assert_eq!(game.player(Seat(1)).discard, vec![delsenora]);
}

#[test]
fn sf_190_limited_wish_cancels_an_event_for_everybody() {
    let mut game = TestGame::new(3)
        .hand(0, ["Good Fortune"])
        .hand(1, ["Limited Wish"])
        .pool(1, [("Elminster the Mage", &[][..])])
        .hand(2, ["Bell of Might"])
        .build();
    let fortune = game.id_of(0, "Good Fortune");
    act(&mut game, Action::PlayEvent(fortune));
    let wish = game.id_of(1, "Limited Wish");
    act(&mut game, Action::Answer(wish));
    assert!(game.pending().is_none(), "a negated event ends its pause");
    assert_eq!(game.player(Seat(0)).hand.len(), 0, "no cards drawn");
    assert_eq!(game.player(Seat(0)).abyss, vec![fortune]);
    assert_eq!(game.player(Seat(1)).discard, vec![wish], "the spell is used up");
}

#[test]
fn sf_190_a_spell_answer_needs_a_champion_able_to_cast_it() {
    let mut game = TestGame::new(2)
        .hand(0, ["Good Fortune"])
        .hand(1, ["Limited Wish", "Intercession"])
        .pool(1, [("Karlott the Shaman", &[][..])])
        .build();
    let action = Action::PlayEvent(game.id_of(0, "Good Fortune"));
    act(&mut game, action);
    let wish = game.id_of(1, "Limited Wish");
    let intercession = game.id_of(1, "Intercession");
    assert!(
        game.check(&Action::Answer(wish)).is_err(),
        "a cleric casts no wizard spell"
    );
    assert!(
        game.check(&Action::Answer(intercession)).is_ok(),
        "a cleric casts Intercession"
    );
}

#[test]
fn sf_190_helm_is_discarded_from_the_pool_to_cancel_an_event() {
    let mut game = TestGame::new(2)
        .hand(0, ["Cataclysm!"])
        .formation(0, [realm(0, "Sembia")])
        .pool(1, [("Helm", &[][..])])
        .hand(1, ["3rd/44"])
        .build();
    cataclysm_at(&mut game, 0, "Sembia");
    let helm = game.id_of(1, "Helm");
    act(&mut game, Action::Answer(helm));
    assert!(realm_at(&game, 0, 0).is_some(), "even an event that does not touch him");
    assert!(game.player(Seat(1)).pool.is_empty());
    assert_eq!(game.player(Seat(1)).discard, vec![helm]);
}

#[test]
fn sf_191_we_21_the_caravan_waits_until_every_player_has_had_a_first_turn() {
    // Seat 2's first turn has just begun: seats 0 and 1 have finished theirs.
    let game = TestGame::new(3)
        .hand(0, ["The Caravan"])
        .active(2)
        .phase(Phase::StartOfTurn)
        .turns(0, 1)
        .turns(1, 1)
        .turns(2, 1)
        .build();
    let caravan = game.id_of(0, "The Caravan");
    let mut claimed = game.clone();
    act(&mut claimed, Action::Claim(Seat(0)));
    assert_eq!(claimed.check(&Action::PlayEvent(caravan)).unwrap_err().rule, "SF-191");
    // A round later, between turns, it may be played.
    let later = TestGame::new(3)
        .hand(0, ["The Caravan"])
        .active(2)
        .phase(Phase::StartOfTurn)
        .turns(0, 2)
        .turns(1, 2)
        .turns(2, 2)
        .build();
    let mut claimed = later.clone();
    act(&mut claimed, Action::Claim(Seat(0)));
    assert!(claimed.check(&Action::PlayEvent(caravan)).is_ok());
}

#[test]
fn sf_191_the_caravan_gives_a_turn_at_once_then_play_resumes() {
    let mut game = TestGame::new(3)
        .hand(0, ["The Caravan"])
        .active(2)
        .phase(Phase::StartOfTurn)
        .turns(0, 2)
        .turns(1, 2)
        .turns(2, 2)
        .build();
    let caravan = game.id_of(0, "The Caravan");
    act(&mut game, Action::Claim(Seat(0)));
    act(&mut game, Action::PlayEvent(caravan));
    all_pass(&mut game);
    assert_eq!(game.active(), Seat(0), "the extra turn is seat 0's");
    assert_eq!(game.phase(), Phase::StartOfTurn);
    for action in [Action::Draw, Action::EndPhase, Action::EndPhase, Action::EndTurn] {
        act(&mut game, action);
    }
    assert_eq!(game.active(), Seat(2), "play resumes with the interrupted turn");
    assert_eq!(
        game.player(Seat(2)).turns,
        2,
        "an interrupted turn is not counted twice"
    );
}

#[test]
fn sf_191_the_caravan_is_played_only_between_turns() {
    let game = TestGame::new(2)
        .hand(0, ["The Caravan"])
        .turns(0, 3)
        .turns(1, 3)
        .phase(Phase::Realms)
        .build();
    let refused = game
        .check(&Action::PlayEvent(game.id_of(0, "The Caravan")))
        .unwrap_err();
    assert_eq!(refused.rule, "SF-191");
}

#[test]
fn sf_192_the_pause_asks_every_other_player_clockwise_from_the_event_player() {
    let mut game = TestGame::new(4).active(2).hand(2, ["Good Fortune"]).build();
    let action = Action::PlayEvent(game.id_of(2, "Good Fortune"));
    act(&mut game, action);
    let mut asked = Vec::new();
    while let Some(seat) = asking(&game) {
        asked.push(seat);
        // Seats are asked whatever they hold: an empty hand is asked too.
        assert_eq!(game.player(seat).hand.len(), 0);
        act(&mut game, Action::Pass);
    }
    assert_eq!(asked, vec![Seat(3), Seat(0), Seat(1)]);
}

#[test]
fn sf_193_bell_of_might_copies_an_event_for_its_player() {
    let mut game = TestGame::new(2)
        .hand(0, ["Good Fortune"])
        .pool(1, [("Elminster the Mage", &["Bell of Might"][..])])
        .build();
    let action = Action::PlayEvent(game.id_of(0, "Good Fortune"));
    act(&mut game, action);
    let bell = game.id_of(1, "Bell of Might");
    act(&mut game, Action::Answer(bell));
    // The original acts, then the copy has a pause of its own (seat 0 is asked).
    assert_eq!(game.player(Seat(0)).hand.len(), 5);
    assert_eq!(asking(&game), Some(Seat(0)));
    act(&mut game, Action::Pass);
    assert_eq!(
        game.player(Seat(1)).hand.len(),
        5,
        "the copy acts for the Bell's player"
    );
    assert_eq!(game.player(Seat(1)).pool[0].attachments, vec![bell], "the Bell stays");
}

#[test]
fn sf_193_onad_the_weasel_is_discarded_to_copy_an_event() {
    let mut game = TestGame::new(2)
        .hand(0, ["Good Fortune"])
        .pool(1, [("Onad the Weasel", &[][..])])
        .build();
    let action = Action::PlayEvent(game.id_of(0, "Good Fortune"));
    act(&mut game, action);
    let onad = game.id_of(1, "Onad the Weasel");
    act(&mut game, Action::Answer(onad));
    all_pass(&mut game);
    assert_eq!(game.player(Seat(1)).hand.len(), 5);
    assert_eq!(game.player(Seat(1)).discard, vec![onad]);
}

#[test]
fn sf_193_dragons_calm_needs_a_dragon() {
    let setup = |champion: &str| {
        let mut game = TestGame::new(2)
            .hand(0, ["Cataclysm!"])
            .hand(1, ["Dragon's Calm"])
            .pool(1, [(champion, &[][..])])
            .formation(1, [realm(0, "Cormyr")])
            .build();
        cataclysm_at(&mut game, 1, "Cormyr");
        game
    };
    let game = setup("Elminster the Mage");
    assert!(game.check(&Action::Answer(game.id_of(1, "Dragon's Calm"))).is_err());
    let mut game = setup("Young Gold Dragon");
    let action = Action::Answer(game.id_of(1, "Dragon's Calm"));
    act(&mut game, action);
    assert!(realm_at(&game, 1, 0).is_some());
}

#[test]
fn sf_194_we_18_one_answer_per_player() {
    let mut game = TestGame::new(3)
        .hand(0, ["Cataclysm!"])
        .formation(1, [realm(0, "Cormyr")])
        .hand(1, ["Calm"])
        .pool(1, [("Elminster the Mage", &["Bell of Might"][..])])
        .build();
    cataclysm_at(&mut game, 1, "Cormyr");
    let action = Action::Answer(game.id_of(1, "Bell of Might"));
    act(&mut game, action);
    assert_eq!(
        asking(&game),
        Some(Seat(2)),
        "seat 1's one answer was the copy: no Calm after it"
    );
    act(&mut game, Action::Pass);
    assert_eq!(realm_at(&game, 1, 0), None, "the original still struck seat 1's realm");
}

#[test]
fn sf_195_a_player_who_passed_suffers_the_event() {
    let mut game = cataclysm_at_cormyr(3);
    act(&mut game, Action::Pass);
    assert_eq!(asking(&game), Some(Seat(2)));
    assert!(game.check(&Action::Claim(Seat(1))).is_err());
    act(&mut game, Action::Pass);
    assert_eq!(realm_at(&game, 1, 0), None);
    assert_eq!(game.player(Seat(1)).discard, vec![game.id_of(1, "Cormyr")]);
}

#[test]
fn sf_196_the_first_thing_after_an_event_must_concern_it() {
    let mut game = TestGame::new(2)
        .hand(0, ["Good Fortune"])
        .hand(1, ["Cataclysm!"])
        .formation(0, [realm(0, "Cormyr")])
        .build();
    let action = Action::PlayEvent(game.id_of(0, "Good Fortune"));
    act(&mut game, action);
    let other = Action::PlayEvent(game.id_of(1, "Cataclysm!"));
    assert_eq!(game.check(&other).unwrap_err().rule, "SF-192, SF-196");
    assert_eq!(game.legal(), vec![Action::Pass]);
}

#[test]
fn sf_197_we_19_a_negated_event_cannot_be_copied() {
    let mut game = TestGame::new(3)
        .hand(0, ["Good Fortune"])
        .hand(1, ["Limited Wish"])
        .pool(1, [("Elminster the Mage", &[][..])])
        .pool(2, [("Onad the Weasel", &[][..])])
        .build();
    let action = Action::PlayEvent(game.id_of(0, "Good Fortune"));
    act(&mut game, action);
    let action = Action::Answer(game.id_of(1, "Limited Wish"));
    act(&mut game, action);
    assert!(
        game.pending().is_none(),
        "seat 2 is never asked: nothing is left to copy"
    );
    assert_eq!(game.player(Seat(2)).hand.len(), 0);
    assert_eq!(game.player(Seat(2)).pool.len(), 1, "Onad stays in the pool");
}

#[test]
fn sf_198_we_20_calm_protects_only_the_player_who_calmed() {
    // Seat 2 calms Cataclysm! aimed at seat 1's realm: seat 1 is not shielded.
    let mut game = TestGame::new(3)
        .hand(0, ["Cataclysm!"])
        .formation(1, [realm(0, "Cormyr")])
        .hand(2, ["Calm"])
        .build();
    cataclysm_at(&mut game, 1, "Cormyr");
    act(&mut game, Action::Pass);
    let action = Action::Answer(game.id_of(2, "Calm"));
    act(&mut game, action);
    assert_eq!(realm_at(&game, 1, 0), None);
}

#[test]
fn sf_199_sf_200_we_17_calm_must_answer_at_once() {
    // (a) Calm as the next card saves the realm.
    let mut game = TestGame::new(2)
        .hand(0, ["Cataclysm!"])
        .hand(1, ["Calm"])
        .formation(1, [realm(0, "Cormyr")])
        .build();
    let mut answered = game.clone();
    cataclysm_at(&mut answered, 1, "Cormyr");
    let action = Action::Answer(answered.id_of(1, "Calm"));
    act(&mut answered, action);
    assert!(realm_at(&answered, 1, 0).is_some());
    // (b) Once the chance has passed, Calm can no longer undo it.
    cataclysm_at(&mut game, 1, "Cormyr");
    act(&mut game, Action::Pass);
    assert_eq!(realm_at(&game, 1, 0), None);
    act(&mut game, Action::Claim(Seat(1)));
    let calm = game.id_of(1, "Calm");
    assert_eq!(game.check(&Action::PlayEvent(calm)).unwrap_err().rule, "SF-193");
}

#[test]
fn sf_201_sf_202_a_copy_is_a_card_of_its_own_that_can_be_negated() {
    let mut game = TestGame::new(2)
        .hand(0, ["Good Fortune", "Limited Wish"])
        .pool(0, [("Elminster the Mage", &[][..])])
        .pool(1, [("The Magister", &["Bell of Might"][..])])
        .build();
    let action = Action::PlayEvent(game.id_of(0, "Good Fortune"));
    act(&mut game, action);
    let action = Action::Answer(game.id_of(1, "Bell of Might"));
    act(&mut game, action);
    assert_eq!(game.player(Seat(0)).hand.len(), 6, "the original acted: five drawn");
    // The copy's pause asks seat 0, who negates the copy only.
    let wish = game.id_of(0, "Limited Wish");
    act(&mut game, Action::Answer(wish));
    assert_eq!(game.player(Seat(1)).hand.len(), 0, "the copy was cancelled");
    assert_eq!(game.player(Seat(0)).hand.len(), 5, "the original's cards stay drawn");
}

#[test]
fn amb_17_a_player_duplicates_an_event_once_however_many_copiers_he_has() {
    // Seat 1 has both the Bell of Might and Onad the Weasel: one answer in the pause (SF-194), so
    // one copy, and the copy's pause does not ask him again.
    let mut game = TestGame::new(2)
        .hand(0, ["Good Fortune"])
        .pool(
            1,
            [
                ("Midnight, Goddess of Magic", &["Bell of Might"][..]),
                ("Onad the Weasel", &[][..]),
            ],
        )
        .filler(20)
        .build();
    let action = Action::PlayEvent(game.id_of(0, "Good Fortune"));
    act(&mut game, action);
    let action = Action::Answer(game.id_of(1, "Bell of Might"));
    act(&mut game, action);
    let onad = game.id_of(1, "Onad the Weasel");
    while game.pending().is_some() {
        assert!(game.check(&Action::Answer(onad)).is_err(), "no second copy");
        let seat = game.decider().expect("someone is asked");
        assert_ne!(seat, Seat(1), "seat 1 is not asked again");
        act(&mut game, Action::Pass);
    }
    assert_eq!(game.player(Seat(1)).hand.len(), 5, "one copy: five cards");
}

#[test]
fn sf_203_a_copy_cannot_be_copied_again() {
    let mut game = TestGame::new(3)
        .hand(0, ["Good Fortune"])
        .pool(1, [("The Magister", &["Bell of Might"][..])])
        .pool(2, [("Onad the Weasel", &[][..])])
        .build();
    let action = Action::PlayEvent(game.id_of(0, "Good Fortune"));
    act(&mut game, action);
    let action = Action::Answer(game.id_of(1, "Bell of Might"));
    act(&mut game, action);
    act(&mut game, Action::Pass); // seat 2 lets the original be
    // The copy's pause: seat 2, then seat 0.
    assert_eq!(asking(&game), Some(Seat(2)));
    let onad = game.id_of(2, "Onad the Weasel");
    assert_eq!(game.check(&Action::Answer(onad)).unwrap_err().rule, "SF-203");
}

#[test]
fn sf_204_bell_of_might_rests_until_its_owners_next_turn() {
    let mut game = TestGame::new(2)
        .hand(0, ["Good Fortune", "3rd/100", "4th/120"])
        .pool(1, [("The Magister", &["Bell of Might"][..])])
        // A realm, or the pool is lost at the end of the turn (SF-65).
        .formation(1, [realm(0, "Cormyr")])
        .filler(30)
        .build();
    let bell = game.id_of(1, "Bell of Might");
    let fortunes = game.ids_of(0, "Good Fortune");
    act(&mut game, Action::PlayEvent(fortunes[0]));
    act(&mut game, Action::Answer(bell));
    all_pass(&mut game);
    act(&mut game, Action::PlayEvent(fortunes[1]));
    assert!(game.check(&Action::Answer(bell)).is_err(), "the Bell rests");
    all_pass(&mut game);
    // Seat 0 ends the turn; seat 1's turn wakes the Bell.
    act(&mut game, Action::EndPhase);
    act(&mut game, Action::EndPhase);
    let keep = fortunes[2];
    while game.check(&Action::EndTurn).is_err() {
        let card = *game
            .player(Seat(0))
            .hand
            .iter()
            .find(|&&c| c != keep)
            .expect("a card to discard");
        act(&mut game, Action::Discard(card));
    }
    act(&mut game, Action::EndTurn);
    assert_eq!(game.active(), Seat(1));
    act(&mut game, Action::Claim(Seat(0)));
    act(&mut game, Action::PlayEvent(keep));
    assert_eq!(
        game.check(&Action::Answer(bell)),
        Ok(()),
        "awake again on its owner's turn"
    );
}

#[test]
fn we_16_cataclysm_on_the_attacked_realm_ends_the_battle_with_spoils() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Young Gold Dragon", &[][..])])
        .hand(0, ["Cataclysm!"])
        .formation(1, [realm(0, "Cormyr")])
        .pool(1, [("Elminster the Mage", &[][..])])
        .build();
    let dragon = game.id_of(0, "Young Gold Dragon");
    act(&mut game, attack_p2(dragon, 0));
    let action = Action::Defend {
        champion: game.id_of(1, "Elminster the Mage"),
    };
    act(&mut game, action);
    assert_eq!(
        game.decider(),
        Some(Seat(0)),
        "the dragon (4) is losing to Elminster (9)"
    );
    cataclysm_at(&mut game, 1, "Cormyr");
    all_pass(&mut game);
    assert!(game.battle().is_none(), "the battle is over");
    assert_eq!(realm_at(&game, 1, 0), None);
    assert!(
        matches!(game.pending(), Some(Pending::Spoils { seat: Seat(0), .. })),
        "attacker's spoils"
    );
    // Both champions went home (AMB-11).
    assert_eq!(game.player(Seat(0)).pool.len(), 1);
    assert_eq!(game.player(Seat(1)).pool.len(), 1);
}

#[test]
fn sf_205_an_extra_turn_is_not_the_owners_next_turn() {
    // Seat 2's Bell of Might copies on seat 0's turn and rests; between seat 0's and seat 1's
    // turns, The Caravan gives seat 2 an extra turn, which does not wake it.
    let mut game = TestGame::new(3)
        .hand(0, ["Good Fortune", "3rd/100"])
        .hand(2, ["The Caravan"])
        .pool(2, [("Midnight, Goddess of Magic", &["Bell of Might"][..])])
        .formation(2, [realm(0, "Cormyr")])
        .turns(0, 2)
        .turns(1, 2)
        .turns(2, 2)
        .filler(30)
        .build();
    let bell = game.id_of(2, "Bell of Might");
    let fortunes = game.ids_of(0, "Good Fortune");
    act(&mut game, Action::PlayEvent(fortunes[0]));
    act(&mut game, Action::Pass);
    act(&mut game, Action::Answer(bell));
    all_pass(&mut game);
    act(&mut game, Action::EndPhase);
    act(&mut game, Action::EndPhase);
    while game.check(&Action::EndTurn).is_err() {
        let card = *game
            .player(Seat(0))
            .hand
            .iter()
            .find(|&&c| c != fortunes[1])
            .expect("a card");
        act(&mut game, Action::Discard(card));
    }
    act(&mut game, Action::EndTurn);
    assert_eq!(game.active(), Seat(1));
    act(&mut game, Action::Claim(Seat(2)));
    let action = Action::PlayEvent(game.id_of(2, "The Caravan"));
    act(&mut game, action);
    all_pass(&mut game);
    assert_eq!(game.active(), Seat(2), "seat 2's extra turn");
    assert_eq!(game.player(Seat(2)).turns, 2, "an extra turn is not counted");
    act(&mut game, Action::Claim(Seat(0)));
    act(&mut game, Action::PlayEvent(fortunes[1]));
    act(&mut game, Action::Pass);
    assert_eq!(
        game.check(&Action::Answer(bell)).unwrap_err().rule,
        "SF-204",
        "the extra turn did not wake the Bell"
    );
}

#[test]
fn we_24_treasure_discards_a_monster_attacker_and_the_defender_draws_spoils() {
    // The Pereghost (7, a monster) attacks the exposed Cormyr; Herminard (4) defends and is
    // losing. His card is Treasure, which discards every monster in a battle or a pool: the
    // Young Gold Dragon in seat 0's pool goes too.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("The Pereghost", &[][..]), ("Young Gold Dragon", &[][..])])
        .formation(0, [realm(0, "Sembia")])
        .formation(1, [realm(0, "Cormyr")])
        .pool(1, [("Herminard", &[][..])])
        .hand(1, ["Treasure"])
        .build();
    let pereghost = game.id_of(0, "The Pereghost");
    act(&mut game, attack_p2(pereghost, 0));
    let herminard = game.id_of(1, "Herminard");
    act(&mut game, Action::Defend { champion: herminard });
    assert_eq!(game.decider(), Some(Seat(1)), "the defender is losing");
    let treasure = game.id_of(1, "Treasure");
    act(&mut game, Action::PlayEvent(treasure));
    // Seat 0 neither negates nor calms it.
    all_pass(&mut game);
    assert!(game.player(Seat(0)).discard.contains(&pereghost));
    assert!(
        game.player(Seat(0))
            .discard
            .contains(&game.id_of(0, "Young Gold Dragon")),
        "the monster in the pool too"
    );
    assert!(game.battle().is_none(), "the battle is over");
    assert!(
        matches!(game.pending(), Some(Pending::Spoils { seat: Seat(1), .. })),
        "the defender's spoils"
    );
    assert!(game.player(Seat(1)).pool.iter().any(|c| c.card == herminard));
    assert!(realm_at(&game, 1, 0).is_some(), "the realm stands");
}

/// Play the active seat's turn out (drawing, ending each phase, discarding down to the hand size
/// anything but `keep`) until the next seat's turn begins.
fn finish_turn(game: &mut Spellfire, keep: &[CardId]) {
    let seat = game.active();
    while game.active() == seat {
        let action = match game.phase() {
            Phase::StartOfTurn => Action::Draw,
            Phase::Battle => Action::EndBattle,
            Phase::AfterBattle if game.check(&Action::EndTurn).is_err() => {
                let card = *game
                    .player(seat)
                    .hand
                    .iter()
                    .find(|c| !keep.contains(c))
                    .expect("a card to discard");
                Action::Discard(card)
            }
            Phase::AfterBattle => Action::EndTurn,
            _ => Action::EndPhase,
        };
        act(game, action);
    }
}

/// From the start of the active seat's turn to its phase 3.
fn to_phase_3(game: &mut Spellfire) {
    act(game, Action::Draw);
    act(game, Action::EndPhase);
    assert_eq!(game.phase(), Phase::Pool);
}

#[test]
fn we_45_a_once_per_turn_power_does_not_come_back_in_an_extra_turn() {
    // Seat 0's Bell of Might (usable once until its owner's next turn) copies seat 1's Good Fortune
    // in phase 3 of seat 0's turn. The Caravan then gives seat 0 an extra turn, in which the Bell
    // still rests; it is awake again in phase 3 of seat 0's next regular turn.
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Midnight, Goddess of Magic", &["Bell of Might"][..])])
        .formation(0, [realm(0, "Cormyr")])
        .hand(0, ["The Caravan"])
        .formation(1, [realm(0, "Sembia")])
        .hand(1, ["Good Fortune", "3rd/100", "4th/120"])
        .turns(0, 2)
        .turns(1, 2)
        .filler(40)
        .build();
    let bell = game.id_of(0, "Bell of Might");
    let caravan = game.id_of(0, "The Caravan");
    let fortunes = game.ids_of(1, "Good Fortune");
    act(&mut game, Action::Claim(Seat(1)));
    act(&mut game, Action::PlayEvent(fortunes[0]));
    act(&mut game, Action::Answer(bell));
    all_pass(&mut game);
    assert_eq!(game.player(Seat(0)).hand.len(), 6, "the copy drew five");
    finish_turn(&mut game, &[caravan]);
    // Seat 1's turn has begun: before it does anything, seat 0 plays The Caravan.
    assert_eq!((game.active(), game.phase()), (Seat(1), Phase::StartOfTurn));
    act(&mut game, Action::Claim(Seat(0)));
    act(&mut game, Action::PlayEvent(caravan));
    all_pass(&mut game);
    assert_eq!(game.active(), Seat(0), "seat 0's extra turn");
    to_phase_3(&mut game);
    act(&mut game, Action::Claim(Seat(1)));
    act(&mut game, Action::PlayEvent(fortunes[1]));
    assert_eq!(
        game.check(&Action::Answer(bell)).unwrap_err().rule,
        "SF-204",
        "the extra turn is not seat 0's next regular turn (SF-205)"
    );
    all_pass(&mut game);
    finish_turn(&mut game, &[]);
    assert_eq!(game.active(), Seat(1));
    finish_turn(&mut game, &[fortunes[2]]);
    // Seat 0's next regular turn: from phase 3 the Bell may be used again.
    assert_eq!(game.active(), Seat(0));
    to_phase_3(&mut game);
    act(&mut game, Action::Claim(Seat(1)));
    act(&mut game, Action::PlayEvent(fortunes[2]));
    assert_eq!(game.check(&Action::Answer(bell)), Ok(()), "awake again");
}

#[test]
fn sf_206_a_copying_item_chooses_as_it_is_played_never_later_in_the_fight() {
    use common::total;
    use spellfire::Side;
    let table = || {
        TestGame::new(2)
            .phase(Phase::Pool)
            .formation(1, [realm(0, "Cormyr"), realm(1, "Thay")])
            .pool(0, [("Kiara", &[][..])])
            .hand(0, ["Johydee's Mask"])
            .pool(1, [("Iuz the Evil", &[][..]), ("Allisa of the Mist", &[][..])])
            .build()
    };
    let attack = |game: &mut Spellfire, champion: CardId| {
        act(game, attack_p2(champion, 0));
    };
    let choosing = |game: &Spellfire| {
        game.legal()
            .into_iter()
            .any(|a| matches!(a, Action::ChooseOption(_) | Action::Choose(_)))
    };

    // Chosen in its owner's phase 3, as it is put on: Allisa's level 5. Once Iuz (8) is in the
    // fight, the mask asks nothing more and Kiara stays at 5.
    let mut game = table();
    let (kiara, mask) = (game.id_of(0, "Kiara"), game.id_of(0, "Johydee's Mask"));
    let (iuz, allisa) = (game.id_of(1, "Iuz the Evil"), game.id_of(1, "Allisa of the Mist"));
    act(
        &mut game,
        Action::Attach {
            card: mask,
            champion: kiara,
        },
    );
    act(&mut game, Action::ChooseOption(0));
    act(&mut game, Action::Choose(allisa));
    attack(&mut game, kiara);
    act(&mut game, Action::Defend { champion: iuz });
    assert_eq!(game.decider(), Some(Seat(0)), "Kiara is losing and plays");
    assert!(!choosing(&game), "no copy may be chosen again in the fight");
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (5, 8));

    // Played from the hand during the battle, it chooses at that moment: the opposing champion
    // already in the fight may be copied.
    let mut game = table();
    attack(&mut game, kiara);
    act(&mut game, Action::Defend { champion: iuz });
    assert_eq!((total(&game, Side::Attacker), total(&game, Side::Defender)), (2, 8));
    act(
        &mut game,
        Action::Attach {
            card: mask,
            champion: kiara,
        },
    );
    assert_eq!(game.decider(), Some(Seat(0)));
    assert_eq!(game.legal(), [Action::ChooseOption(0), Action::ChooseOption(1)]);
    act(&mut game, Action::ChooseOption(0));
    let offered: Vec<Action> = game.legal();
    assert!(offered.contains(&Action::Choose(iuz)), "the defender in the fight");
    act(&mut game, Action::Choose(iuz));
    assert_eq!(
        (total(&game, Side::Attacker), total(&game, Side::Defender)),
        (8, 8),
        "Kiara fights at Iuz's level; a tie still goes to the defender"
    );
    assert!(!choosing(&game), "the choice, once made, is not asked again");
}
