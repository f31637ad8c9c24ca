//! Checklist sections 21 to 24 and 27: spoils of victory, victory and running out of cards, the
//! two-draw mulligan, rule cards, and the 75- and 110-card formats.

mod common;

use common::{A, B, C, D, E, F, P1, P2, attack_p2};

use common::{apply as ok, refused};

use spellfire::cards::CardType;
use spellfire::{
    Action, CardRef, Catalogue, Config, DeckoutEnd, DeckoutTiebreak, Event, FormationSize, MulliganLimit, Pending,
    Phase, Position, Rules, Spellfire, TestGame, deck, realm, shipped_content,
};
use spellhall_core::{Game, Seat};

fn attack(game: &mut Spellfire, champion: &str, at: u8) {
    let champion = game.id_of(0, champion);
    ok(game, attack_p2(champion, at));
}

/// P1 in phase 3 with King Havlor II (level 5) in the pool; P2 with a realm in A. Each draw pile
/// starts with `p1_top` and `p2_top`.
fn battle(p1_top: &str, p2_top: &str) -> TestGame {
    TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("King Havlor II", &[][..])])
        .formation(1, [realm(A, "Cormyr")])
        .draw(0, [p1_top])
        .draw(1, [p2_top])
}

/// Six realms with no power, for formations A to F.
fn six_names() -> [&'static str; 6] {
    ["Cormyr", "Sembia", "Calimshan", "Vaasa", "Rashemen", "Narfell"]
}

// ---------------------------------------------------------------------------------------------
// 21 Spoils of victory

#[test]
fn sf_207_the_attacker_earns_spoils_when_the_realm_falls() {
    let mut game = battle("Kaz the Minotaur", "Dagrande").build();
    attack(&mut game, "King Havlor II", A);
    ok(&mut game, Action::Decline);
    let kaz = game.id_of(0, "Kaz the Minotaur");
    assert_eq!(game.pending(), Some(&Pending::Spoils { seat: P1, card: kaz }));
    assert_eq!(game.decider(), Some(P1));
}

#[test]
fn sf_208_the_defender_earns_spoils_when_the_attacker_is_discarded() {
    let mut game = battle("Kaz the Minotaur", "Dagrande")
        .pool(1, [("Cleric of Torm", &[][..])])
        .build();
    attack(&mut game, "King Havlor II", A);
    let torm = game.id_of(1, "Cleric of Torm");
    ok(&mut game, Action::Defend { champion: torm });
    ok(&mut game, Action::Pass);
    let dagrande = game.id_of(1, "Dagrande");
    assert_eq!(
        game.pending(),
        Some(&Pending::Spoils {
            seat: P2,
            card: dagrande
        })
    );
    assert_eq!(game.decider(), Some(P2), "the defender decides in P1's turn");
    assert!(game.player(P2).hand.contains(&dagrande));
    assert_eq!(game.player(P1).hand.len(), 0);
}

#[test]
fn sf_209_no_spoils_when_the_attacker_breaks_off() {
    let mut game = battle("Kaz the Minotaur", "Dagrande")
        .pool(1, [("Cleric of Gond", &[][..])])
        .build();
    attack(&mut game, "King Havlor II", A);
    let gond = game.id_of(1, "Cleric of Gond");
    ok(&mut game, Action::Defend { champion: gond });
    ok(&mut game, Action::Pass);
    let piles = (game.player(P1).draw.len(), game.player(P2).draw.len());
    ok(&mut game, Action::EndBattle);
    assert_eq!(game.pending(), None);
    assert_eq!((game.player(P1).draw.len(), game.player(P2).draw.len()), piles);
}

#[test]
fn sf_210_spoils_are_the_top_card_of_the_winners_own_draw_pile() {
    let mut game = battle("Kaz the Minotaur", "Dagrande").build();
    let before = (game.player(P1).draw.len(), game.player(P2).draw.len());
    attack(&mut game, "King Havlor II", A);
    ok(&mut game, Action::Decline);
    assert_eq!(
        (game.player(P1).draw.len(), game.player(P2).draw.len()),
        (before.0 - 1, before.1)
    );
    assert_eq!(game.player(P1).hand, vec![game.id_of(0, "Kaz the Minotaur")]);
}

#[test]
fn sf_211_the_spoils_are_played_kept_or_put_back() {
    let mut base = battle("Kaz the Minotaur", "Dagrande").build();
    attack(&mut base, "King Havlor II", A);
    ok(&mut base, Action::Decline);
    let kaz = base.id_of(0, "Kaz the Minotaur");
    let legal = base.legal();
    for action in [Action::ToPool(kaz), Action::KeepSpoils, Action::ReturnSpoils] {
        assert!(legal.contains(&action), "{action:?}");
    }
    // Put back: on top of the draw pile again.
    let mut back = base.clone();
    ok(&mut back, Action::ReturnSpoils);
    assert_eq!(back.player(P1).draw.iter_top_down().next(), Some(&kaz));
    assert!(!back.player(P1).hand.contains(&kaz));
    assert_eq!(back.pending(), None);
    // Kept: an ordinary card of the hand, which cannot go to the pool in phase 5.
    let mut kept = base.clone();
    ok(&mut kept, Action::KeepSpoils);
    assert!(kept.player(P1).hand.contains(&kaz));
    assert_eq!(kept.phase(), Phase::AfterBattle);
    assert!(kept.check(&Action::ToPool(kaz)).is_err());
    // Played at once.
    ok(&mut base, Action::ToPool(kaz));
    assert!(base.player(P1).pool.iter().any(|c| c.card == kaz));
    assert_eq!(base.pending(), None);
}

#[test]
fn sf_212_a_spoils_card_played_at_once_ignores_its_phase() {
    // AMB-23: only the phase is lifted; a realm may come after the turn's realm action.
    // A realm, after this turn's realm action.
    let mut game = TestGame::new(2)
        .phase(Phase::Realms)
        .hand(0, ["The High Forest"])
        .pool(0, [("King Havlor II", &[][..])])
        .formation(1, [realm(A, "Cormyr")])
        .draw(0, ["Vaasa"])
        .build();
    let forest = game.id_of(0, "The High Forest");
    ok(
        &mut game,
        Action::PlayRealm {
            card: forest,
            at: Position(A),
        },
    );
    ok(&mut game, Action::EndPhase);
    attack(&mut game, "King Havlor II", A);
    ok(&mut game, Action::Decline);
    let vaasa = game.id_of(0, "Vaasa");
    ok(
        &mut game,
        Action::PlayRealm {
            card: vaasa,
            at: Position(B),
        },
    );
    assert_eq!(
        game.player(P1).formation.slot(Position(B)).map(|s| s.realm),
        Some(vaasa)
    );
    // A magical item onto a champion in phase 5.
    let mut item = battle("Dwarven Hammer", "Dagrande").build();
    attack(&mut item, "King Havlor II", A);
    ok(&mut item, Action::Decline);
    let hammer = item.id_of(0, "Dwarven Hammer");
    let havlor = item.id_of(0, "King Havlor II");
    ok(
        &mut item,
        Action::Attach {
            card: hammer,
            champion: havlor,
        },
    );
    assert_eq!(item.player(P1).pool[0].attachments, vec![hammer]);
}

#[test]
fn sf_212_the_defender_plays_his_spoils_in_the_attackers_turn() {
    // AMB-23: a defender plays his spoils in the other player's turn.
    let mut game = battle("Kaz the Minotaur", "Dagrande")
        .pool(1, [("Cleric of Torm", &[][..])])
        .build();
    attack(&mut game, "King Havlor II", A);
    let torm = game.id_of(1, "Cleric of Torm");
    ok(&mut game, Action::Defend { champion: torm });
    ok(&mut game, Action::Pass);
    let dagrande = game.id_of(1, "Dagrande");
    ok(&mut game, Action::ToPool(dagrande));
    assert!(game.player(P2).pool.iter().any(|c| c.card == dagrande));
    assert_eq!(game.active(), P1);
    assert_eq!(game.decider(), Some(P1));
}

#[test]
fn sf_212_a_spell_drawn_as_spoils_is_cast_at_once_by_a_champion_of_the_pool() {
    // P1's Elminster waits in the pool; Havlor razes the realm and P1 draws Wish.
    let mut game = battle("Wish", "Dagrande")
        .pool(0, [("Elminster the Mage", &[][..])])
        .pool(1, [("Cleric of Gond", &[][..])])
        .build();
    attack(&mut game, "King Havlor II", A);
    ok(&mut game, Action::Decline);
    let wish = game.id_of(0, "Wish");
    let gond = game.id_of(1, "Cleric of Gond");
    ok(&mut game, Action::UseCard(wish));
    ok(&mut game, Action::Choose(gond));
    assert!(game.player(P2).discard.contains(&gond), "wished away");
    assert!(game.player(P1).discard.contains(&wish));
    assert_eq!(game.pending(), None);
    // An unscripted spell does nothing yet; and without a caster no spell is cast.
    let mut unscripted = battle("Magic Missile", "Dagrande")
        .pool(0, [("Elminster the Mage", &[][..])])
        .build();
    attack(&mut unscripted, "King Havlor II", A);
    ok(&mut unscripted, Action::Decline);
    let missile = unscripted.id_of(0, "Magic Missile");
    assert_eq!(refused(&unscripted, Action::UseCard(missile)).rule, "SF-166");
    let mut no_caster = battle("Wish", "Dagrande").build();
    attack(&mut no_caster, "King Havlor II", A);
    ok(&mut no_caster, Action::Decline);
    let wish = no_caster.id_of(0, "Wish");
    assert_eq!(refused(&no_caster, Action::UseCard(wish)).rule, "SF-163");
}

#[test]
fn we_31_a_champion_drawn_as_spoils_after_phase_3() {
    let mut game = battle("Kaz the Minotaur", "Dagrande").build();
    attack(&mut game, "King Havlor II", A);
    ok(&mut game, Action::Decline);
    let kaz = game.id_of(0, "Kaz the Minotaur");
    let mut kept = game.clone();
    ok(&mut game, Action::ToPool(kaz));
    assert_eq!(game.player(P1).pool.len(), 2);
    ok(&mut kept, Action::KeepSpoils);
    assert_eq!(kept.phase(), Phase::AfterBattle);
    assert!(kept.check(&Action::ToPool(kaz)).is_err(), "not in phase 5");
    assert!(kept.player(P1).hand.contains(&kaz));
}

#[test]
fn we_32_a_realm_drawn_as_spoils_saves_the_pool() {
    let game = TestGame::new(2)
        .phase(Phase::Pool)
        .pool(0, [("King Havlor II", &[][..])])
        .formation(1, [realm(A, "Cormyr")])
        .draw(0, ["Vaasa"])
        .build();
    let mut played = game.clone();
    attack(&mut played, "King Havlor II", A);
    ok(&mut played, Action::Decline);
    let vaasa = played.id_of(0, "Vaasa");
    ok(
        &mut played,
        Action::PlayRealm {
            card: vaasa,
            at: Position(A),
        },
    );
    ok(&mut played, Action::EndTurn);
    assert_eq!(played.player(P1).pool.len(), 1, "the pool stays");

    let mut kept = game;
    attack(&mut kept, "King Havlor II", A);
    ok(&mut kept, Action::Decline);
    ok(&mut kept, Action::KeepSpoils);
    let events = ok(&mut kept, Action::EndTurn);
    assert!(kept.player(P1).pool.is_empty(), "no realm: the pool is lost");
    assert!(kept.player(P1).discard.contains(&kept.id_of(0, "King Havlor II")));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::PoolLost { seat, .. } if *seat == P1))
    );
}

// ---------------------------------------------------------------------------------------------
// 22 Victory and running out of cards

#[test]
fn sf_213_six_unrazed_realms_win_at_once() {
    let names = six_names();
    let mut game = TestGame::new(2)
        .phase(Phase::Realms)
        .formation(
            0,
            [
                realm(A, names[0]),
                realm(B, names[1]),
                realm(C, names[2]),
                realm(D, names[3]),
                realm(E, names[4]),
            ],
        )
        .hand(0, [names[5]])
        .build();
    let last = game.id_of(0, names[5]);
    ok(
        &mut game,
        Action::PlayRealm {
            card: last,
            at: Position(F),
        },
    );
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winners, vec![P1]);
    assert_eq!(game.phase(), Phase::Over);
    assert!(game.legal().is_empty());
}

#[test]
fn sf_213_a_razed_realm_does_not_count() {
    let names = six_names();
    let mut game = TestGame::new(2)
        .phase(Phase::Realms)
        .formation(
            0,
            [
                realm(A, names[0]),
                realm(B, names[1]).razed(),
                realm(C, names[2]),
                realm(D, names[3]),
                realm(E, names[4]),
            ],
        )
        .hand(0, [names[5]])
        .build();
    let last = game.id_of(0, names[5]);
    ok(
        &mut game,
        Action::PlayRealm {
            card: last,
            at: Position(F),
        },
    );
    assert!(game.outcome().is_none());
}

#[test]
fn sf_214_a_player_who_runs_out_finishes_his_turn_then_the_game_ends() {
    // AMB-2: the game ends at the end of the turn in progress when the pile ran out.
    let mut game = TestGame::new(2)
        .phase(Phase::StartOfTurn)
        .filler(0)
        .draw(0, ["Kaz the Minotaur", "Dagrande"])
        .draw(
            1,
            ["Cleric of Torm", "Cleric of Gond", "Karlott the Shaman", "Mordenkainen"],
        )
        .formation(0, [realm(A, "Cormyr")])
        .build();
    let events = ok(&mut game, Action::Draw);
    assert_eq!(game.player(P1).hand.len(), 2, "what is left is drawn");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::DeckRanOut { seat } if *seat == P1))
    );
    assert!(game.outcome().is_none());
    // The turn goes on.
    ok(&mut game, Action::EndPhase);
    let kaz = game.id_of(0, "Kaz the Minotaur");
    ok(&mut game, Action::ToPool(kaz));
    ok(&mut game, Action::EndPhase);
    ok(&mut game, Action::EndTurn);
    let outcome = game.outcome().expect("the game ended with the turn");
    assert_eq!(outcome.winners, vec![P1], "one unrazed realm against none");
}

#[test]
fn sf_215_a_deck_out_is_scored_by_unrazed_then_razed_realms_then_holdings() {
    // AMB-1: more razed realms break a tie of unrazed ones, then more holdings.
    // Unrazed realms first.
    let mut game = deckout_table(
        vec![realm(A, "Cormyr"), realm(B, "Sembia")],
        vec![
            realm(A, "Vaasa"),
            realm(B, "Rashemen").razed(),
            realm(C, "Narfell").razed(),
        ],
    );
    ok(&mut game, Action::EndTurn);
    assert_eq!(game.outcome().expect("over").winners, vec![P1]);
    // Tied everywhere: a draw.
    let mut game = deckout_table(
        vec![realm(A, "Cormyr").holding("Tantras")],
        vec![realm(A, "Vaasa").holding("Hillsfar")],
    );
    ok(&mut game, Action::EndTurn);
    assert_eq!(game.outcome().expect("over").winners, Vec::<Seat>::new());
    // Holdings decide when realms tie.
    let mut game = deckout_table(vec![realm(A, "Cormyr")], vec![realm(A, "Vaasa").holding("Hillsfar")]);
    ok(&mut game, Action::EndTurn);
    assert_eq!(game.outcome().expect("over").winners, vec![P2]);
}

/// P1 ran out this turn and is in phase 5, with these formations.
fn deckout_table(p1: Vec<spellfire::RealmSetup>, p2: Vec<spellfire::RealmSetup>) -> Spellfire {
    let mut setup = TestGame::new(2)
        .phase(Phase::StartOfTurn)
        .filler(0)
        .draw(1, ["Dagrande"]);
    for r in p1 {
        setup = setup.formation(0, [r]);
    }
    for r in p2 {
        setup = setup.formation(1, [r]);
    }
    let mut game = setup.build();
    ok(&mut game, Action::Draw);
    ok(&mut game, Action::EndPhase);
    ok(&mut game, Action::EndPhase);
    assert_eq!(game.phase(), Phase::AfterBattle);
    game
}

/// Like `deckout_table`, under other rules.
fn deckout_table_with(
    rules: impl FnOnce(&mut Rules),
    p1: Vec<spellfire::RealmSetup>,
    p2: Vec<spellfire::RealmSetup>,
) -> Spellfire {
    let mut setup = TestGame::new(2)
        .rules(rules)
        .phase(Phase::StartOfTurn)
        .filler(0)
        .draw(1, ["Dagrande", "Kaz the Minotaur", "Cleric of Gond", "Cleric of Torm"]);
    for r in p1 {
        setup = setup.formation(0, [r]);
    }
    for r in p2 {
        setup = setup.formation(1, [r]);
    }
    let mut game = setup.build();
    ok(&mut game, Action::Draw);
    game
}

#[test]
fn sf_215_the_second_count_follows_the_tables_choice() {
    // AMB-1's other readings, each a `DeckoutTiebreak`.
    let p1 = || vec![realm(A, "Cormyr"), realm(B, "Sembia").razed()];
    let p2 = || vec![realm(A, "Vaasa").holding("Hillsfar")];
    let winners = |tiebreak| {
        let mut game = deckout_table_with(|r| r.deckout_tiebreak = tiebreak, p1(), p2());
        ok(&mut game, Action::EndPhase);
        ok(&mut game, Action::EndPhase);
        ok(&mut game, Action::EndTurn);
        game.outcome().expect("over").winners
    };
    assert_eq!(winners(DeckoutTiebreak::RazedMore), vec![P1], "more razed realms");
    assert_eq!(winners(DeckoutTiebreak::RazedFewer), vec![P2], "fewer razed realms");
    assert_eq!(winners(DeckoutTiebreak::AllRealmsMore), vec![P1], "more realms");
    assert_eq!(winners(DeckoutTiebreak::Skip), vec![P2], "straight to holdings");
}

#[test]
fn sf_214_the_deck_out_ending_follows_the_tables_choice() {
    // AMB-2's other readings, each a `DeckoutEnd`.
    // Immediately: the game ends with the draw.
    let game = deckout_table_with(
        |r| r.deckout_end = DeckoutEnd::Immediately,
        vec![realm(A, "Cormyr")],
        vec![],
    );
    assert_eq!(game.outcome().expect("over at once").winners, vec![P1]);
    // At the end of that player's next turn: P2's turn and P1's next one are played first.
    let mut game = deckout_table_with(
        |r| r.deckout_end = DeckoutEnd::EndOfThatPlayersNextTurn,
        vec![realm(A, "Cormyr")],
        vec![],
    );
    ok(&mut game, Action::EndPhase);
    ok(&mut game, Action::EndPhase);
    ok(&mut game, Action::EndTurn);
    assert!(game.outcome().is_none());
    assert_eq!(game.active(), P2);
    ok(&mut game, Action::Draw);
    ok(&mut game, Action::EndPhase);
    ok(&mut game, Action::EndPhase);
    ok(&mut game, Action::EndTurn);
    assert!(game.outcome().is_none());
    assert_eq!(game.active(), P1);
    ok(&mut game, Action::Draw);
    ok(&mut game, Action::EndPhase);
    ok(&mut game, Action::EndPhase);
    ok(&mut game, Action::EndTurn);
    assert!(game.outcome().is_some(), "over at the end of P1's next turn");
}

#[test]
fn we_55_deck_out_tie_broken_by_razed_realms() {
    let mut game = deckout_table(
        vec![
            realm(A, "Cormyr").holding("Tantras"),
            realm(B, "Sembia").holding("Hillsfar"),
            realm(C, "Calimshan"),
            realm(D, "Vaasa"),
            realm(E, "Rashemen").razed(),
        ],
        vec![
            realm(A, "Narfell").holding("Mulmaster"),
            realm(B, "The High Forest"),
            realm(C, "The Trollmoors"),
            realm(D, "Icewind Dale"),
            realm(E, "Impiltur").razed(),
            realm(F, "The High Moor").razed(),
        ],
    );
    ok(&mut game, Action::EndTurn);
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.winners, vec![P2]);
    assert_eq!(outcome.scores, vec![4, 4]);
}

// ---------------------------------------------------------------------------------------------
// 23 Two-draw mulligan

/// P1 at the end of his second turn (phase 5) without a realm played, holding `hand`.
fn mulligan_table(hand: &[&str]) -> TestGame {
    let mut setup = TestGame::new(2).phase(Phase::AfterBattle).turns(0, 2).turns(1, 1);
    for &card in hand {
        setup = setup.hand(0, [card]);
    }
    setup
}

#[test]
fn sf_216_no_realm_after_two_turns_deals_the_game_again() {
    let mut game = mulligan_table(&["Kaz the Minotaur", "Dagrande"]).build();
    let cards = game.card_count();
    let events = ok(&mut game, Action::CallMulligan);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Mulligan { seat, .. } if *seat == P1))
    );
    assert!(game.outcome().is_none(), "no winner or loser");
    assert_eq!(game.turn(), 1);
    assert_eq!(game.phase(), Phase::StartOfTurn);
    for seat in [P1, P2] {
        let player = game.player(seat);
        assert_eq!(player.hand.len(), 5, "a fresh opening hand");
        assert!(player.pool.is_empty() && player.discard.is_empty());
        assert_eq!(player.formation.occupied(), 0);
    }
    assert_eq!(game.card_count(), cards);
    assert_eq!(game.player(P1).mulligans, 1);

    // Not with a playable realm in the hand, nor before the end of the second turn.
    let holding_realm = mulligan_table(&["Cormyr"]).build();
    assert_eq!(refused(&holding_realm, Action::CallMulligan).rule, "SF-216");
    let first_turn = TestGame::new(2).phase(Phase::AfterBattle).build();
    assert_eq!(refused(&first_turn, Action::CallMulligan).rule, "SF-216");
    let played = mulligan_table(&[]).formation(0, [realm(A, "Cormyr")]).build();
    assert_eq!(refused(&played, Action::CallMulligan).rule, "SF-216");
}

#[test]
fn sf_217_the_caller_shows_his_hand() {
    let mut game = mulligan_table(&["Kaz the Minotaur", "Dagrande"]).build();
    let events = ok(&mut game, Action::CallMulligan);
    let shown = events
        .iter()
        .find_map(|e| match e {
            Event::Mulligan { seat, hand } if *seat == P1 => Some(hand.clone()),
            _ => None,
        })
        .expect("a mulligan event");
    assert_eq!(shown, vec!["Kaz the Minotaur".to_string(), "Dagrande".to_string()]);
}

#[test]
fn sf_217_an_event_that_draws_cards_is_played_before_the_mulligan() {
    let mut game = mulligan_table(&["Kaz the Minotaur", "Good Fortune"]).build();
    assert_eq!(refused(&game, Action::CallMulligan).rule, "SF-217");
    let fortune = game.id_of(0, "Good Fortune");
    ok(&mut game, Action::PlayEvent(fortune));
    while matches!(game.pending(), Some(Pending::EventPause { .. })) {
        ok(&mut game, Action::Pass);
    }
    assert_eq!(game.player(P1).hand.len(), 1 + 5, "Good Fortune drew five cards");
    // No realm among them: now he may call it.
    ok(&mut game, Action::CallMulligan);
    assert_eq!(game.turn(), 1);
}

#[test]
fn sf_218_a_realm_discarded_by_card_play_before_it_could_be_laid_does_not_count() {
    let mut game = mulligan_table(&["Kaz the Minotaur"]).discard(0, ["Cormyr"]).build();
    ok(&mut game, Action::CallMulligan);
    assert_eq!(game.turn(), 1);
}

#[test]
fn sf_219_realms_already_in_play_elsewhere_are_not_playable() {
    let mut game = mulligan_table(&["Cormyr", "Sembia"])
        .formation(1, [realm(A, "Cormyr"), realm(B, "Sembia")])
        .build();
    ok(&mut game, Action::CallMulligan);
    assert_eq!(game.turn(), 1);
}

#[test]
fn sf_220_no_more_than_two_mulligans_a_player() {
    let mut second = mulligan_table(&["Kaz the Minotaur"]).mulligans(0, 1).build();
    ok(&mut second, Action::CallMulligan);
    assert_eq!(second.player(P1).mulligans, 2);
    let third = mulligan_table(&["Kaz the Minotaur"]).mulligans(0, 2).build();
    assert_eq!(refused(&third, Action::CallMulligan).rule, "SF-220");
    // Another player's mulligans do not count against him (AMB-19).
    let mut other = mulligan_table(&["Kaz the Minotaur"]).mulligans(1, 2).build();
    ok(&mut other, Action::CallMulligan);
}

#[test]
fn sf_220_the_limit_may_count_for_the_whole_table() {
    // AMB-19's other reading: two mulligans in the game, whoever called them.
    let game = mulligan_table(&["Kaz the Minotaur"])
        .rules(|r| r.mulligan_limit = MulliganLimit::PerGame)
        .mulligans(1, 2)
        .build();
    assert_eq!(refused(&game, Action::CallMulligan).rule, "SF-220");
}

#[test]
fn we_46_calling_a_two_draw_mulligan() {
    // Good Fortune in the hand: play it first.
    let holding = mulligan_table(&["Good Fortune"]).build();
    assert_eq!(refused(&holding, Action::CallMulligan).rule, "SF-217");
    // A realm lost to card play, the only other realm in an opponent's formation: he may call.
    let mut game = mulligan_table(&["Sembia", "Kaz the Minotaur"])
        .discard(0, ["Cormyr"])
        .formation(1, [realm(A, "Sembia")])
        .build();
    let events = ok(&mut game, Action::CallMulligan);
    assert!(events.iter().any(|e| matches!(e, Event::Mulligan { .. })));
    // But not a third time.
    let third = mulligan_table(&["Kaz the Minotaur"]).mulligans(0, 2).build();
    assert_eq!(refused(&third, Action::CallMulligan).rule, "SF-220");
}

// ---------------------------------------------------------------------------------------------
// 24 Rule cards

#[test]
fn sf_221_rule_cards_are_played_only_in_phase_0_before_the_draw() {
    let mut game = TestGame::new(2)
        .phase(Phase::StartOfTurn)
        .hand(0, ["Age of Entropy", "The Barbarian's Decree"])
        .build();
    let age = game.id_of(0, "Age of Entropy");
    let decree = game.id_of(0, "The Barbarian's Decree");
    ok(&mut game, Action::PlayRule(age));
    assert_eq!(game.rule_card(), Some(age));
    ok(&mut game, Action::Draw);
    assert_eq!(refused(&game, Action::PlayRule(decree)).rule, "SF-221");
    ok(&mut game, Action::EndPhase);
    assert_eq!(refused(&game, Action::PlayRule(decree)).rule, "SF-221");
    // A rule card is not an event: nobody plays it out of turn.
    assert!(game.claimants().contains(&P2));
}

#[test]
fn sf_222_a_new_rule_card_discards_the_one_in_play() {
    we_48_a_new_rule_card_replaces_the_old_one();
    // The same player's own rule card is displaced too (AMB-18).
    let mut game = TestGame::new(2)
        .phase(Phase::StartOfTurn)
        .rule_card(0, "Age of Entropy")
        .hand(0, ["The Barbarian's Decree"])
        .build();
    let age = game.id_of(0, "Age of Entropy");
    let decree = game.id_of(0, "The Barbarian's Decree");
    ok(&mut game, Action::PlayRule(decree));
    assert_eq!(game.rule_card(), Some(decree));
    assert_eq!(game.player(P1).discard, vec![age]);
}

#[test]
fn we_48_a_new_rule_card_replaces_the_old_one() {
    let mut game = TestGame::new(2)
        .phase(Phase::StartOfTurn)
        .active(1)
        .rule_card(0, "Age of Entropy")
        .hand(1, ["The Barbarian's Decree"])
        .build();
    let age = game.id_of(0, "Age of Entropy");
    let decree = game.id_of(1, "The Barbarian's Decree");
    ok(&mut game, Action::PlayRule(decree));
    assert_eq!(game.rule_card(), Some(decree));
    assert_eq!(game.player(P1).discard, vec![age], "to its owner's discard pile");
    assert!(game.player(P2).discard.is_empty());
}

#[test]
fn sf_223_the_rule_card_in_play_is_open_to_every_player() {
    let game = TestGame::new(3)
        .phase(Phase::Realms)
        .rule_card(1, "Age of Entropy")
        .build();
    for seat in Seat::all(3) {
        let view = game.view_for(seat);
        let card = view.rule_card.expect("the rule card is shown");
        assert_eq!(card.id, game.id_of(1, "Age of Entropy"));
        assert_eq!(card.card, game.card_ref(card.id));
    }
}

#[test]
fn sf_223_card_powers_such_as_wish_discard_the_rule_card() {
    let mut game = TestGame::new(2)
        .phase(Phase::Realms)
        .rule_card(0, "Age of Entropy")
        .hand(1, ["Wish"])
        .pool(1, [("Elminster the Mage", &[][..])])
        .build();
    let age = game.id_of(0, "Age of Entropy");
    // P2 casts Wish in P1's turn (it may be cast at any time) at the rule card.
    let claim = Action::Claim(P2);
    assert!(game.claimants().contains(&P2));
    game.apply_action(&claim).expect("P2 may cut in");
    let wish = game.id_of(1, "Wish");
    ok(&mut game, Action::UseCard(wish));
    ok(&mut game, Action::Choose(age));
    assert_eq!(game.rule_card(), None, "no rule card remains in play");
    assert_eq!(game.player(P1).discard, vec![age]);
}

// ---------------------------------------------------------------------------------------------
// 27 Alternative deck sizes

#[test]
fn sf_261_decks_of_different_sizes_do_not_meet() {
    let starters = deck::starter_decks().expect("starter decks");
    let content = shipped_content();
    let config = Config {
        format: "75".into(),
        decks: vec![starters[0].cards.clone(), starters[1].cards.clone()],
        rules: Rules::default(),
    };
    let error = Spellfire::setup(&config, &content, 1).expect_err("55-card decks in a 75-card game");
    assert!(error.0.contains("75"), "{}", error.0);
}

#[test]
fn sf_262_larger_decks_draw_more_and_hold_more() {
    for (format, draw, limit) in [("55", 3, 8), ("75", 4, 10), ("110", 5, 12)] {
        let mut game = TestGame::new(2).format(format).phase(Phase::StartOfTurn).build();
        ok(&mut game, Action::Draw);
        assert_eq!(game.player(P1).hand.len(), draw, "format {format}");
        assert_eq!(game.hand_limit(), limit, "format {format}");
    }
    // The limit is enforced at the end of the turn.
    let mut setup = TestGame::new(2).format("75").phase(Phase::AfterBattle);
    for _ in 0..11 {
        setup = setup.hand(0, ["Kaz the Minotaur"]);
    }
    let mut game = setup.build();
    assert_eq!(refused(&game, Action::EndTurn).rule, "SF-46");
    let card = game.player(P1).hand[0];
    ok(&mut game, Action::Discard(card));
    ok(&mut game, Action::EndTurn);
}

#[test]
fn sf_263_with_the_barbarians_game_the_six_realms_must_survive_a_round() {
    let names = six_names();
    let mut game = TestGame::new(2)
        .format("110")
        .rules(|r| r.barbarians_game = true)
        .phase(Phase::Realms)
        .formation(
            0,
            [
                realm(A, names[0]),
                realm(B, names[1]),
                realm(C, names[2]),
                realm(D, names[3]),
                realm(E, names[4]),
            ],
        )
        .hand(0, [names[5]])
        .build();
    let last = game.id_of(0, names[5]);
    ok(
        &mut game,
        Action::PlayRealm {
            card: last,
            at: Position(F),
        },
    );
    assert!(game.outcome().is_none(), "not at once");
    ok(&mut game, Action::EndPhase);
    ok(&mut game, Action::EndPhase);
    ok(&mut game, Action::EndTurn);
    // P2's turn passes without harm.
    ok(&mut game, Action::Draw);
    ok(&mut game, Action::EndPhase);
    ok(&mut game, Action::EndPhase);
    while game.player(P2).hand.len() > game.hand_limit() {
        let card = game.player(P2).hand[0];
        ok(&mut game, Action::Discard(card));
    }
    ok(&mut game, Action::EndTurn);
    assert_eq!(game.outcome().expect("won at the start of P1's turn").winners, vec![P1]);
}

#[test]
fn sf_264_a_ten_realm_formation_with_110_card_decks() {
    // AMB-34: the four-row pyramid A; B C; D E F; G H I J.
    let names = [
        "Cormyr",
        "Sembia",
        "Calimshan",
        "Vaasa",
        "Rashemen",
        "Narfell",
        "The High Forest",
        "The Trollmoors",
        "Icewind Dale",
        "Impiltur",
    ];
    let mut setup = TestGame::new(2)
        .format("110")
        .rules(|r| r.formation = FormationSize::Ten)
        .phase(Phase::Realms);
    for (at, name) in names.iter().enumerate().take(9) {
        setup = setup.formation(0, [realm(at as u8, name)]);
    }
    let mut game = setup.hand(0, [names[9]]).build();
    assert!(game.outcome().is_none(), "six or nine realms do not win");
    let last = game.id_of(0, names[9]);
    ok(
        &mut game,
        Action::PlayRealm {
            card: last,
            at: Position(9),
        },
    );
    assert_eq!(game.outcome().expect("ten realms win").winners, vec![P1]);
    assert_eq!(Position(9).letter(), 'J');

    // Only with 110-card decks.
    let starters = deck::starter_decks().expect("starter decks");
    let config = Config {
        format: "55-starter".into(),
        decks: vec![starters[0].cards.clone(), starters[1].cards.clone()],
        rules: Rules {
            formation: FormationSize::Ten,
            ..Rules::default()
        },
    };
    assert!(Spellfire::setup(&config, &shipped_content(), 1).is_err());
}

/// A legal 75-card deck: 15 realms, 20 champions of level 1 to 5, 40 allies and spells.
fn deck_75(catalogue: &Catalogue) -> Vec<CardRef> {
    let mut used: Vec<String> = Vec::new();
    let mut cards = Vec::new();
    let mut pick = |n: usize, keep: &dyn Fn(&spellfire::Card) -> bool| {
        let mut picked = 0;
        for entry in &catalogue.entries {
            if picked == n {
                break;
            }
            if keep(&entry.card) && !entry.card.avatar && !used.contains(&entry.key) {
                used.push(entry.key.clone());
                cards.push(entry.id);
                picked += 1;
            }
        }
        assert_eq!(picked, n);
    };
    pick(15, &|c| c.kind == CardType::Realm);
    pick(20, &|c| c.champion_level().is_some_and(|l| (1..=5).contains(&l)));
    pick(40, &|c| {
        matches!(c.kind, CardType::Ally | CardType::WizardSpell | CardType::ClericSpell)
    });
    cards
}

#[test]
fn sf_265_larger_decks_keep_the_opening_hand_of_five() {
    // AMB-34: five cards in every deck size.
    let content = shipped_content();
    let deck = deck_75(&content.catalogue);
    let config = Config {
        format: "75".into(),
        decks: vec![deck.clone(), deck],
        rules: Rules::default(),
    };
    let (mut game, _) = Spellfire::setup(&config, &content, 7).expect("two 75-card decks");
    for seat in [P1, P2] {
        assert_eq!(game.player(seat).hand.len(), 5);
    }
    // The first turn's draw is at least three cards (four with 75 cards).
    let first = game.active();
    while game.phase() == Phase::StartOfTurn && game.decider() == Some(first) {
        if game.legal().contains(&Action::Draw) {
            ok(&mut game, Action::Draw);
        } else {
            break;
        }
    }
    assert!(game.player(first).hand.len() >= 5 + 3);
}

#[test]
fn amb_37_setup_checks_the_decks_with_the_tables_deck_options() {
    // A 75-card deck and a dungeon: 76 cards, refused unless the dungeon stands outside the count.
    let content = shipped_content();
    let mut deck = deck_75(&content.catalogue);
    let dungeon = content
        .catalogue
        .entries
        .iter()
        .find(|e| e.card.kind == CardType::Dungeon)
        .expect("a dungeon card");
    deck.push(dungeon.id);
    let mut config = Config {
        format: "75".into(),
        decks: vec![deck.clone(), deck],
        rules: Rules::default(),
    };
    let Err(refused) = Spellfire::setup(&config, &content, 7) else {
        panic!("76 cards are refused");
    };
    assert!(refused.0.contains("76 cards"), "{}", refused.0);
    config.rules.deck = deck::DeckOptions {
        dungeon_counts_in_deck: false,
        ..Default::default()
    };
    let (game, _) = Spellfire::setup(&config, &content, 7).expect("the dungeon stands outside the count");
    assert_eq!(game.player(P1).draw.len() + game.player(P1).hand.len(), 76);
}
