//! The defender's preview (issue 18, 7): `View::defence_outlook` names what each side will lose
//! for a choice of defenders, by the same casualty rule the battle then applies.

use mighty_magics::{Action, CardId, Config, Event, Losses, MightyMagics, Resource, TestGame, card};
use spellhall_core::{Game, Seat};

const P1: Seat = Seat(0);
const P2: Seat = Seat(1);

fn id(name: &str) -> CardId {
    card(name, 0)
}

/// Ann attacks Ben's Druids Grove (Force 2) with Dragons (4) and Orcs (2); Ben holds Knights (3)
/// and Rangers (2) and is choosing defenders.
fn defending(short_attacks: bool) -> MightyMagics {
    let config = Config {
        players: 2,
        short_attacks,
    };
    let mut game = TestGame::with(config, 7)
        .kingdom(P1, &[id("dragons"), id("orcs")])
        .kingdom(P2, &[id("druids-grove"), id("knights"), id("rangers")])
        .recruiting(&[Resource::Fire])
        .build();
    for action in [
        Action::Pass,
        Action::Target(id("druids-grove")),
        Action::Send(id("dragons")),
        Action::Send(id("orcs")),
        Action::Charge,
    ] {
        game.apply(&action).unwrap();
    }
    game
}

fn sorted(mut cards: Vec<CardId>) -> Vec<CardId> {
    cards.sort();
    cards
}

#[test]
fn defence_outlook_names_the_losses_the_battle_then_takes() {
    let mut game = defending(false);
    let outlook = game.view(P2).defence_outlook(&[id("knights")]).unwrap();
    assert_eq!((outlook.attack, outlook.defence), (6, 5));
    // Dragons and Orcs less the weakest fall short of 5: both go. Knights alone fall short of 6:
    // the Grove falls with them.
    assert_eq!(
        outlook.attacker,
        Losses {
            force: Some(5),
            certain: vec![id("dragons"), id("orcs")],
            certain_force: 6,
            choose_from: Vec::new(),
        }
    );
    assert_eq!(
        sorted(outlook.defender.certain.clone()),
        sorted(vec![id("knights"), id("druids-grove")])
    );

    game.apply(&Action::Defend(id("knights"))).unwrap();
    let events = game.apply(&Action::HoldFast).unwrap();
    let destroyed: Vec<(Seat, String)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Destroyed { owner, card, .. } => Some((*owner, card.clone())),
            _ => None,
        })
        .collect();
    let named = |seat: Seat, cards: &[CardId]| -> Vec<(Seat, String)> {
        cards
            .iter()
            .map(|&c| (seat, game.view(P1).cards.get(c).name.clone()))
            .collect()
    };
    let mut expected = named(P1, &outlook.attacker.certain);
    expected.extend(named(P2, &outlook.defender.certain));
    expected.sort();
    let mut destroyed = destroyed;
    destroyed.sort();
    assert_eq!(destroyed, expected);
}

#[test]
fn defence_outlook_leaves_a_choice_where_the_casualty_rule_does() {
    let game = defending(false);
    let view = game.view(P2);
    // No defenders: the Grove alone (2) falls to an attack of 6, and Ann picks 2 Force to lose.
    let alone = view.defence_outlook(&[]).unwrap();
    assert_eq!(alone.defender.certain, vec![id("druids-grove")]);
    assert_eq!(alone.attacker.force, Some(2));
    assert!(alone.attacker.certain.is_empty());
    assert_eq!(
        sorted(alone.attacker.choose_from.clone()),
        sorted(vec![id("dragons"), id("orcs")])
    );
    // Everything it reads is public: the attacker's view foresees the same.
    assert_eq!(game.view(P1).defence_outlook(&[]), Some(alone));
    // Outside the defender's choice there is nothing to foresee.
    assert!(TestGame::new(2).build().view(P1).defence_outlook(&[]).is_none());
}

#[test]
fn defence_outlook_under_the_short_game_rule_loses_one_horde_and_tells_the_capture() {
    let game = defending(true);
    let outlook = game.view(P2).defence_outlook(&[id("knights")]).unwrap();
    assert_eq!(outlook.defender.certain, vec![id("knights")]);
    assert_eq!(outlook.attacker.force, None);
    assert_eq!(
        sorted(outlook.attacker.choose_from),
        sorted(vec![id("dragons"), id("orcs")])
    );
    assert!(outlook.captured, "6 against 5 takes the Stronghold");
    let both = game.view(P2).defence_outlook(&[id("knights"), id("rangers")]).unwrap();
    assert!(!both.captured, "6 against 7 does not");
}
