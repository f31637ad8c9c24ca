//! One scenario per spell: each of the 60 spells does what its card says (data/spellcaster/spells.ron).
//! The expected changes are written out by hand, not computed from the effect list.
//!
//! The arena: a duel, Seat 1 to act, both pools at 10 Energy and 5 Sapphires, Seat 1 holding 4
//! cards, Seat 2 holding 3, the spell on its placard facing Seat 1 (so Seat 1 controls 1 placard).

mod common;

use common::*;
use spellcaster::{Action, Answer, Colour, Side, SpellOption};
use spellhall_core::{Game, Seat, ToAct};

fn expect(spell: &str, expected: Change) {
    let mut g = arena(spell);
    assert_eq!(cast(&mut g, spell, None), expected, "{spell}");
}

macro_rules! plain_spells {
    ($($name:ident: $id:literal => [$me_e:expr, $me_s:expr, $them_e:expr, $them_s:expr, $my_hand:expr, $their_hand:expr];)*) => {
        $(
            #[test]
            fn $name() {
                expect($id, Change {
                    my_energy: $me_e, my_sapphires: $me_s, their_energy: $them_e,
                    their_sapphires: $them_s, my_hand: $my_hand, their_hand: $their_hand,
                });
            }
        )*
    };
}

// Columns: my Energy, my Sapphires, their Energy, their Sapphires, my hand, their hand.
plain_spells! {
    red_firebolt: "firebolt" => [0, 0, -2, 0, 0, 0];
    red_lightning_lance: "lightning-lance" => [0, 0, -3, 0, 0, 0];
    red_searing_ray: "searing-ray" => [-1, 0, -4, 0, 0, 0];
    red_meteor: "meteor" => [0, -1, -5, 0, 0, 0];
    red_blood_pact: "blood-pact" => [-2, 0, -5, 0, 0, 0];
    red_thunderclap_does_3_and_the_rival_draws_1: "thunderclap" => [0, 0, -3, 0, 0, 1];
    red_mind_lash_1_per_card_in_the_rivals_hand: "mind-lash" => [0, 0, -3, 0, 0, 0];
    red_burning_aura: "burning-aura" => [0, 0, -1, 0, 0, 0];
    red_storm_crown: "storm-crown" => [-1, 0, -2, 0, 0, 0];
    red_smoulder: "smoulder" => [0, 0, -1, 0, 0, 0];
    red_war_chant: "war-chant" => [0, 0, -2, 0, 1, 0];
    red_sapphire_shatter: "sapphire-shatter" => [0, 0, 0, -2, 0, 0];
    red_leech_swarm: "leech-swarm" => [1, 0, -1, 0, 0, 0];
    red_retribution_1_per_controlled_placard: "retribution" => [0, 0, -1, 0, 0, 0];
    red_firestorm: "firestorm" => [-1, 0, -3, 0, 0, -1];
    yellow_mend: "mend" => [2, 0, 0, 0, 0, 0];
    yellow_greater_mend: "greater-mend" => [3, 0, 0, 0, 0, 0];
    yellow_renewal: "renewal" => [5, -1, 0, 0, 0, 0];
    yellow_life_tap_1_per_card_in_the_rivals_hand: "life-tap" => [3, 0, 0, 0, 0, 0];
    yellow_regeneration: "regeneration" => [1, 0, 0, 0, 0, 0];
    yellow_radiance: "radiance" => [1, 0, -1, 0, 0, 0];
    yellow_dawn_prayer: "dawn-prayer" => [2, -1, 0, 0, 0, 0];
    yellow_purify: "purify" => [2, 0, 0, 0, 1, 0];
    yellow_martyrs_gift: "martyrs-gift" => [6, -1, 0, 0, 0, 0];
    yellow_drain_life: "drain-life" => [2, 0, -2, 0, 0, 0];
    yellow_meditation: "meditation" => [1, 0, 0, 0, 0, 0];
    yellow_second_wind_when_not_low: "second-wind" => [1, 0, 0, 0, 0, 0];
    yellow_rest: "rest" => [4, 0, 0, 0, -1, 0];
    yellow_sunlit_grace: "sunlit-grace" => [2, 1, 0, 0, 0, 0];
    yellow_sanctuary_when_not_low: "sanctuary" => [1, 0, 0, 0, 0, 0];
    blue_sapphire_spark: "sapphire-spark" => [0, 1, 0, 0, 0, 0];
    blue_sapphire_surge: "sapphire-surge" => [-1, 2, 0, 0, 0, 0];
    blue_greed: "greed" => [-3, 3, 0, 0, 0, 0];
    blue_siphon: "siphon" => [0, 1, 0, -1, 0, 0];
    blue_grand_theft: "grand-theft" => [-1, 2, 0, -2, 0, 0];
    blue_crystal_growth: "crystal-growth" => [0, 1, 0, 0, 0, 0];
    blue_leeching_ward: "leeching-ward" => [-1, 1, 0, -1, 0, 0];
    blue_star_well: "star-well" => [-1, 1, 0, 0, 0, 0];
    blue_transmute: "transmute" => [-2, 2, 0, 0, 0, 0];
    blue_hoard: "hoard" => [0, 1, 0, 0, -1, 0];
    blue_tithe: "tithe" => [0, 1, 0, 0, 0, 0];
    blue_scry: "scry" => [0, 1, 0, 0, 1, 0];
    blue_arcane_tax: "arcane-tax" => [-1, 0, 0, -2, 0, 0];
    blue_sapphire_rain: "sapphire-rain" => [0, 2, 0, 1, 0, 0];
    blue_wish: "wish" => [0, 3, 0, 0, -2, 0];
    green_summon_insight: "summon-insight" => [0, 0, 0, 0, 2, 0];
    green_arcane_study: "arcane-study" => [-1, 0, 0, 0, 3, 0];
    green_familiar: "familiar" => [0, 0, 0, 0, 1, 0];
    green_thorns: "thorns" => [0, 0, 0, 0, 0, -1];
    green_forbidden_knowledge: "forbidden-knowledge" => [-2, 0, 0, 0, 2, 0];
    green_time_warp: "time-warp" => [0, 0, 0, 0, -1, 0];
    green_cornucopia_1_per_controlled_placard: "cornucopia" => [0, 0, 0, 0, 1, 0];
}

#[test]
fn yellow_second_wind_heals_4_when_low() {
    let mut g = arena_table("second-wind").pool(Side(0), 5, 5).build();
    assert_eq!(cast(&mut g, "second-wind", None).my_energy, 4);
}

#[test]
fn yellow_sanctuary_heals_3_when_low() {
    let mut g = arena_table("sanctuary").pool(Side(0), 3, 5).build();
    assert_eq!(cast(&mut g, "sanctuary", None).my_energy, 3);
}

/// Actions left after casting `spell` from the arena's two (casting spends one).
fn actions_after_casting(spell: &str) -> u8 {
    let mut g = arena(spell);
    cast(&mut g, spell, None);
    g.actions_left()
}

#[test]
fn green_quickening_gives_an_extra_action() {
    assert_eq!(actions_after_casting("quickening"), 2);
}

#[test]
fn green_overgrowth_gives_an_extra_action() {
    assert_eq!(actions_after_casting("overgrowth"), 2);
}

#[test]
fn green_time_warp_gives_two_extra_actions() {
    assert_eq!(actions_after_casting("time-warp"), 3);
}

#[test]
fn green_forbidden_knowledge_gives_an_extra_action() {
    assert_eq!(actions_after_casting("forbidden-knowledge"), 2);
}

/// Put `other` on its placard facing the rival, as a target.
fn rival_card(g: &mut spellcaster::Spellcaster, other: &str) -> Colour {
    let c = card(g, other);
    g.move_to_placard(c, Side(1));
    hand_size(g, Seat(0), 4);
    hand_size(g, Seat(1), 3);
    colour(g, other)
}

#[test]
fn green_usurp_turns_another_placards_top_card_to_face_you() {
    let mut g = arena("usurp");
    let red = rival_card(&mut g, "firebolt");
    assert_eq!(g.controlled_by(Side(0)), 1);
    cast(&mut g, "usurp", Some(SpellOption::Target(red)));
    assert_eq!(g.top(red).unwrap().facing, Side(0));
    assert_eq!(g.controlled_by(Side(0)), 2);
}

#[test]
fn green_usurp_needs_a_placard_you_do_not_control() {
    let g = arena("usurp");
    let green = colour(&g, "usurp");
    let legal = g.legal_actions();
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, Action::Activate { colour, .. } if *colour == green))
    );
}

/// The reason `check` gives for casting the top card of `spell`'s placard with `option`.
fn refusal(g: &spellcaster::Spellcaster, spell: &str, option: Option<SpellOption>) -> String {
    let colour = colour(g, spell);
    g.check(&Action::Activate { colour, option })
        .expect_err("refused")
        .reason
}

#[test]
fn green_usurp_says_why_a_placard_cannot_be_its_target() {
    let g = arena_table("usurp").placard("firebolt", Side(0)).build();
    let (green, red, blue) = (colour(&g, "usurp"), colour(&g, "firebolt"), Colour::Blue);
    assert_eq!(
        refusal(&g, "usurp", Some(SpellOption::Target(red))),
        "The Red placard already faces you."
    );
    assert_eq!(
        refusal(&g, "usurp", Some(SpellOption::Target(green))),
        "Usurp acts on another placard, not its own."
    );
    assert_eq!(
        refusal(&g, "usurp", Some(SpellOption::Target(blue))),
        "The Blue placard has no card."
    );
    assert_eq!(refusal(&g, "usurp", None), "Usurp needs another placard to act on.");
}

#[test]
fn a_spell_is_cast_with_exactly_the_choice_it_asks_for() {
    let g = arena("chaos-tide");
    assert_eq!(
        refusal(&g, "chaos-tide", None),
        "Chaos Tide: choose whether each Mage gains or loses cards."
    );
    let g = arena("firebolt");
    assert_eq!(
        refusal(&g, "firebolt", Some(SpellOption::Gain)),
        "This spell asks for no choice."
    );
    assert!(
        g.check(&Action::Activate {
            colour: colour(&g, "firebolt"),
            option: None
        })
        .is_ok()
    );
}

#[test]
fn green_recall_takes_another_placards_top_card_into_your_hand() {
    let mut g = arena("recall");
    let red = rival_card(&mut g, "firebolt");
    let change = cast(&mut g, "recall", Some(SpellOption::Target(red)));
    assert_eq!(change.my_hand, 1);
    assert!(g.top(red).is_none());
    assert!(g.hand(Seat(0)).contains(&card(&g, "firebolt")));
}

#[test]
fn green_banishment_discards_another_placards_top_card() {
    let mut g = arena("banishment");
    let red = rival_card(&mut g, "firebolt");
    cast(&mut g, "banishment", Some(SpellOption::Target(red)));
    assert!(g.top(red).is_none());
    assert_eq!(g.discard_pile().top(), Some(&card(&g, "firebolt")));
}

#[test]
fn green_grave_robber_takes_the_top_of_the_discard_pile() {
    let mut g = arena("grave-robber");
    g.discard_deck();
    let top = *g.discard_pile().top().expect("a discarded card");
    let change = cast(&mut g, "grave-robber", None);
    assert_eq!(change.my_hand, 1);
    assert!(g.hand(Seat(0)).contains(&top));
    assert_ne!(g.discard_pile().top(), Some(&top));
}

#[test]
fn green_chaos_tide_each_mage_draws_two_or_loses_two() {
    let mut g = arena("chaos-tide");
    let change = cast(&mut g, "chaos-tide", Some(SpellOption::Gain));
    assert_eq!((change.my_hand, change.their_hand), (2, 2));
    let mut g = arena("chaos-tide");
    let change = cast(&mut g, "chaos-tide", Some(SpellOption::Lose));
    assert_eq!((change.my_hand, change.their_hand), (-2, -2));
}

#[test]
fn green_bargain_the_rival_may_discard_to_stop_the_draw() {
    let mut g = arena("bargain");
    let green = colour(&g, "bargain");
    g.apply(&Action::Activate {
        colour: green,
        option: None,
    })
    .unwrap();
    assert_eq!(g.to_act(), ToAct::Seat(Seat(1)), "the rival decides");
    let victim = g.hand(Seat(1))[0];
    let before = snapshot(&g);
    g.apply(&Action::Answer(Answer::Discard(victim))).unwrap();
    let change = change(before, snapshot(&g));
    assert_eq!((change.my_hand, change.their_hand), (0, -1));
    assert_eq!(g.discard_pile().top(), Some(&victim));
    assert_eq!(g.to_act(), ToAct::Seat(Seat(0)), "back to the caster");
}

#[test]
fn green_bargain_the_caster_draws_two_if_the_rival_keeps_their_cards() {
    let mut g = arena("bargain");
    let green = colour(&g, "bargain");
    g.apply(&Action::Activate {
        colour: green,
        option: None,
    })
    .unwrap();
    let before = snapshot(&g);
    g.apply(&Action::Answer(Answer::LetDraw)).unwrap();
    let change = change(before, snapshot(&g));
    assert_eq!((change.my_hand, change.their_hand), (2, 0));
}

#[test]
fn green_bargain_against_an_empty_hand_draws_at_once() {
    let mut g = arena("bargain");
    hand_size(&mut g, Seat(1), 0);
    let change = cast(&mut g, "bargain", None);
    assert_eq!(change.my_hand, 2);
    assert_eq!(g.to_act(), ToAct::Seat(Seat(0)));
}

#[test]
fn every_spell_has_a_scenario_here() {
    // 53 plain spells in the table, plus: second-wind and sanctuary (low), quickening, overgrowth,
    // time-warp, usurp, recall, banishment, grave-robber, chaos-tide, bargain.
    let covered_elsewhere = [
        "quickening",
        "overgrowth",
        "usurp",
        "recall",
        "banishment",
        "grave-robber",
        "chaos-tide",
        "bargain",
    ];
    let source = include_str!("spells.rs");
    let spells = spells();
    for (_, spell) in spells.all() {
        let in_table = source.contains(&format!("\"{}\" =>", spell.id));
        assert!(
            in_table || covered_elsewhere.contains(&spell.id.as_str()),
            "no scenario for {}",
            spell.id
        );
    }
}
