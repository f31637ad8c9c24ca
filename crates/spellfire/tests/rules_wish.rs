//! Checklist section 14's Wish and Limited Wish (SF-165, SF-167, SF-169–172): spells cast at any
//! time by a champion of the caster's pool.

mod common;

use common::attack_p2;

use common::apply as act;

use spellfire::{Action, Pending, Phase, Position, Spellfire, TestGame, realm};
use spellhall_core::Seat;

/// Seat 1 holds Wish with Elminster in the pool; seat 0 has a champion with an item, and a realm
/// with a holding.
fn table() -> Spellfire {
    TestGame::new(2)
        .hand(1, ["Wish"])
        .pool(1, [("Elminster the Mage", &[][..])])
        .formation(1, [realm(0, "Sembia")])
        .pool(0, [("Young Gold Dragon", &["Gauntlets of Ogre Power"][..])])
        .formation(0, [realm(0, "Cormyr")])
        .build()
}

fn wish_at(game: &mut Spellfire, target: spellfire::CardId) {
    act(game, Action::Claim(Seat(1)));
    let wish = game.id_of(1, "Wish");
    act(game, Action::UseCard(wish));
    assert!(matches!(game.pending(), Some(Pending::Target { .. })));
    act(game, Action::Choose(target));
}

/// Seat 0 plays Cataclysm! aimed at seat `seat`'s `realm`; its pause opens.
fn cataclysm_at(game: &mut Spellfire, seat: u8, realm: &str) {
    let cataclysm = game.id_of(0, "Cataclysm!");
    common::apply(game, Action::PlayEvent(cataclysm));
    let target = game.id_of(seat, realm);
    common::apply(game, Action::Choose(target));
}

#[test]
fn sf_165_wish_may_be_cast_at_any_time_on_another_players_turn() {
    let mut game = table();
    let dragon = game.id_of(0, "Young Gold Dragon");
    wish_at(&mut game, dragon);
    assert!(game.player(Seat(0)).pool.is_empty());
    let discard = &game.player(Seat(0)).discard;
    assert!(discard.contains(&dragon) && discard.contains(&game.id_of(0, "Gauntlets of Ogre Power")));
    assert_eq!(game.player(Seat(1)).discard, vec![game.id_of(1, "Wish")]);
    assert_eq!(game.decider(), Some(Seat(0)), "play goes back to the active player");
}

#[test]
fn sf_165_a_spell_cast_at_any_time_needs_a_champion_able_to_cast_it() {
    let game = TestGame::new(2)
        .hand(1, ["Wish"])
        .pool(1, [("Joliet the Rash", &[][..])])
        .pool(0, [("Elminster the Mage", &[][..])])
        .build();
    let mut claimed = game.clone();
    act(&mut claimed, Action::Claim(Seat(1)));
    let wish = claimed.id_of(1, "Wish");
    assert!(claimed.check(&Action::UseCard(wish)).is_err());
}

#[test]
fn sf_169_wish_discards_any_card_in_play_but_a_realm() {
    let mut game = table();
    let gauntlets = game.id_of(0, "Gauntlets of Ogre Power");
    let mut claimed = game.clone();
    act(&mut claimed, Action::Claim(Seat(1)));
    let action = Action::UseCard(claimed.id_of(1, "Wish"));
    act(&mut claimed, action);
    let offered = claimed.legal();
    assert!(offered.contains(&Action::Choose(gauntlets)));
    assert!(
        !offered.contains(&Action::Choose(game.id_of(0, "Cormyr"))),
        "never a realm"
    );
    wish_at(&mut game, gauntlets);
    assert!(
        game.player(Seat(0)).pool[0].attachments.is_empty(),
        "only the item goes"
    );
    assert_eq!(game.player(Seat(0)).discard, vec![gauntlets]);
}

#[test]
fn sf_167_sf_170_the_caster_cannot_be_used_until_its_owners_next_turn() {
    // AMB-16: as the card says, until the start of its owner's next turn.
    let mut game = table();
    let gauntlets = game.id_of(0, "Gauntlets of Ogre Power");
    wish_at(&mut game, gauntlets);
    let elminster = game.id_of(1, "Elminster the Mage");
    // Seat 0 attacks; Elminster may not defend.
    act(&mut game, Action::EndPhase);
    let dragon = game.id_of(0, "Young Gold Dragon");
    act(&mut game, attack_p2(dragon, 0));
    assert_eq!(
        game.check(&Action::Defend { champion: elminster }).unwrap_err().rule,
        "SF-170"
    );
    act(&mut game, Action::Decline);
    // On seat 1's own next turn he is free again.
    while game.decider() == Some(Seat(0)) {
        let next = [Action::KeepSpoils, Action::EndTurn]
            .into_iter()
            .find(|a| game.check(a).is_ok())
            .unwrap_or_else(|| Action::Discard(game.player(Seat(0)).hand[0]));
        act(&mut game, next);
    }
    assert_eq!(game.active(), Seat(1));
    act(&mut game, Action::Draw);
    act(&mut game, Action::EndPhase);
    let attack = Action::Attack {
        champion: elminster,
        defender: Seat(0),
        at: Position(0),
    };
    assert_eq!(game.check(&attack), Ok(()));
}

#[test]
fn sf_128_a_wished_away_attacker_ends_the_battle_with_the_defenders_spoils() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("Elminster the Mage", &[][..])])
        .formation(1, [realm(0, "Sembia")])
        .pool(1, [("Midnight, Goddess of Magic", &[][..])])
        .hand(1, ["Wish"])
        .build();
    let elminster = game.id_of(0, "Elminster the Mage");
    act(&mut game, attack_p2(elminster, 0));
    let action = Action::Defend {
        champion: game.id_of(1, "Midnight, Goddess of Magic"),
    };
    act(&mut game, action);
    // Midnight (7) is losing to Elminster (9): she casts Wish on him as her round's card.
    let wish = game.id_of(1, "Wish");
    act(&mut game, Action::UseCard(wish));
    act(&mut game, Action::Choose(elminster));
    assert!(game.battle().is_none(), "the battle is over");
    assert!(game.player(Seat(0)).discard.contains(&elminster));
    assert!(matches!(game.pending(), Some(Pending::Spoils { seat: Seat(1), .. })));
}

#[test]
fn sf_172_limited_wish_cancels_any_event_completely() {
    let mut game = TestGame::new(2)
        .hand(0, ["Cataclysm!"])
        .formation(0, [realm(0, "Cormyr")])
        .hand(1, ["Limited Wish"])
        .pool(1, [("Elminster the Mage", &[][..])])
        .build();
    cataclysm_at(&mut game, 0, "Cormyr");
    let action = Action::Answer(game.id_of(1, "Limited Wish"));
    act(&mut game, action);
    assert!(game.player(Seat(0)).formation.slot(Position(0)).is_some());
    assert!(game.pending().is_none());
}

#[test]
fn sf_171_wish_cannot_cancel_an_event_that_acts_at_once() {
    let mut game = TestGame::new(2)
        .hand(0, ["Cataclysm!"])
        .formation(1, [realm(0, "Sembia")])
        .hand(1, ["Wish"])
        .pool(1, [("Elminster the Mage", &[][..])])
        .build();
    cataclysm_at(&mut game, 1, "Sembia");
    let wish = game.id_of(1, "Wish");
    // In the pause Wish is no answer: it cancels no event.
    assert!(game.check(&Action::Answer(wish)).is_err());
    assert!(game.check(&Action::UseCard(wish)).is_err());
    act(&mut game, Action::Pass);
    // Once the event has acted it is in the Abyss, out of play: nothing for Wish to touch.
    let cataclysm = game.id_of(0, "Cataclysm!");
    assert_eq!(game.player(Seat(0)).abyss, vec![cataclysm]);
    act(&mut game, Action::Claim(Seat(1)));
    act(&mut game, Action::UseCard(wish));
    assert!(!game.legal().contains(&Action::Choose(cataclysm)));
}

#[test]
fn sf_39_in_phase_3_the_active_player_uses_spells_with_a_champion_of_his_pool() {
    let mut game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Wish"])
        .pool(0, [("Elminster the Mage", &[][..])])
        .pool(1, [("Young Gold Dragon", &[][..])])
        .build();
    let wish = game.id_of(0, "Wish");
    assert!(game.legal().contains(&Action::UseCard(wish)));
    act(&mut game, Action::UseCard(wish));
    let action = Action::Choose(game.id_of(1, "Young Gold Dragon"));
    act(&mut game, action);
    // The other player may answer a phase-3 spell (AMB-6); he lets it be.
    assert_eq!(game.decider(), Some(Seat(1)));
    act(&mut game, Action::Pass);
    assert!(game.player(Seat(1)).pool.is_empty());
    assert_eq!(game.phase(), Phase::Pool, "phase 3 goes on");
    // Without a champion able to cast it, no.
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .hand(0, ["Wish"])
        .pool(0, [("Joliet the Rash", &[][..])])
        .pool(1, [("Young Gold Dragon", &[][..])])
        .build();
    assert!(game.check(&Action::UseCard(game.id_of(0, "Wish"))).is_err());
}

#[test]
fn sf_45_in_phase_5_the_active_player_may_still_cast() {
    let mut game = TestGame::new(2)
        .phase(Phase::AfterBattle)
        .hand(0, ["Wish"])
        .pool(0, [("Elminster the Mage", &[][..])])
        .pool(1, [("Young Gold Dragon", &["Gauntlets of Ogre Power"][..])])
        .build();
    let wish = game.id_of(0, "Wish");
    act(&mut game, Action::UseCard(wish));
    let action = Action::Choose(game.id_of(1, "Gauntlets of Ogre Power"));
    act(&mut game, action);
    assert!(game.player(Seat(1)).pool[0].attachments.is_empty());
    assert_eq!(game.phase(), Phase::AfterBattle);
}

/// Seat 0, in phase 3, has The Magister (a wizard) with Wish and Dispel Magic in hand, and
/// `others` in the pool besides; seat 1 has Tergoz Tenhammer and Tysiln San (a wizard) with
/// Spell Turning. The Magister wishes Tergoz away; Tysiln San turns the Wish back at him.
fn wish_turned_back(others: &[&str]) -> Spellfire {
    let mut setup = TestGame::new(2)
        .phase(Phase::Pool)
        .formation(0, [realm(0, "Cormyr")])
        .pool(0, [("The Magister", &[][..])])
        .hand(0, ["Wish", "1st/346"])
        .formation(1, [realm(0, "Sembia")])
        .pool(1, [("Tergoz Tenhammer", &[][..]), ("Tysiln San", &[][..])])
        .hand(1, ["Spell Turning"]);
    for &other in others {
        setup = setup.pool(0, [(other, &[][..])]);
    }
    let mut game = setup.build();
    let wish = game.id_of(0, "Wish");
    act(&mut game, Action::UseCard(wish));
    let tergoz = game.id_of(1, "Tergoz Tenhammer");
    act(&mut game, Action::Choose(tergoz));
    assert_eq!(game.decider(), Some(Seat(1)), "seat 1 is asked in the Wish's pause");
    let turning = game.id_of(1, "Spell Turning");
    act(&mut game, Action::Answer(turning));
    assert_eq!(
        game.decider(),
        Some(Seat(0)),
        "the turned Wish waits for seat 0's answer"
    );
    game
}

fn in_pool(game: &Spellfire, seat: u8, name: &str) -> bool {
    let card = game.id_of(seat, name);
    game.player(Seat(seat)).pool.iter().any(|c| c.card == card)
}

#[test]
fn we_29_only_another_champion_can_save_the_wish_caster_from_his_turned_wish() {
    // The Magister alone: having cast Wish he can do nothing, not even cast Dispel Magic, and
    // the turned Wish discards him.
    let mut game = wish_turned_back(&[]);
    let dispel = game.id_of(0, "Dispel Magic");
    assert!(
        game.check(&Action::Answer(dispel)).is_err(),
        "the caster rests (SF-170)"
    );
    assert!(!game.legal().contains(&Action::Answer(dispel)));
    act(&mut game, Action::Pass);
    assert!(!in_pool(&game, 0, "The Magister"));
    assert!(game.player(Seat(0)).discard.contains(&game.id_of(0, "The Magister")));
    assert!(
        in_pool(&game, 1, "Tergoz Tenhammer"),
        "the Wish's first target is spared"
    );
    // With Maligor the Red, another wizard, in his pool, seat 0 cancels it and saves him.
    let mut game = wish_turned_back(&["Maligor the Red"]);
    let dispel = game.id_of(0, "Dispel Magic");
    act(&mut game, Action::Answer(dispel));
    assert!(game.pending().is_none());
    assert!(in_pool(&game, 0, "The Magister"), "saved");
    assert!(in_pool(&game, 1, "Tergoz Tenhammer"));
    let wish = game.id_of(0, "Wish");
    assert!(game.player(Seat(0)).discard.contains(&wish), "the Wish is used up");
}
