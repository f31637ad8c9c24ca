//! Checklist sections 5–7: the formation, razing, rebuilding and replacing realms, holdings.

use spellfire::Action;
use spellfire::formation::Position;
use spellfire::scenario::{TestGame, realm};

const A: u8 = 0;
const B: u8 = 1;
const C: u8 = 2;
const D: u8 = 3;
const E: u8 = 4;
const F: u8 = 5;

#[test]
fn sf_50_a_new_realm_goes_to_the_frontmost_empty_row() {
    let game = TestGame::new(2)
        .hand(0, ["Waterdeep"])
        .formation(0, [realm(A, "Cormyr"), realm(C, "Sembia")])
        .build();
    let waterdeep = game.id_of(0, "Waterdeep");
    assert!(
        game.check(&Action::PlayRealm {
            card: waterdeep,
            at: Position(B)
        })
        .is_ok()
    );
    for at in [D, E, F] {
        let refused = game
            .check(&Action::PlayRealm {
                card: waterdeep,
                at: Position(at),
            })
            .unwrap_err();
        assert_eq!(refused.rule, "SF-50, SF-52");
    }
}

#[test]
fn we_3_a_hole_at_the_front_is_filled_first() {
    let game = TestGame::new(2)
        .hand(0, ["Waterdeep"])
        .formation(0, [realm(C, "Cormyr"), realm(D, "Sembia"), realm(E, "Calimshan")])
        .build();
    let waterdeep = game.id_of(0, "Waterdeep");
    assert!(
        game.check(&Action::PlayRealm {
            card: waterdeep,
            at: Position(A)
        })
        .is_ok()
    );
    for at in [B, F] {
        assert!(
            game.check(&Action::PlayRealm {
                card: waterdeep,
                at: Position(at)
            })
            .is_err()
        );
    }
}
