//! The kernel's property tests on Spellfire: seeded random games between random starter decks end,
//! never panic, keep every card in exactly one place and the Rule of the Cosmos, and replay, undo
//! and saves land on the live state. Claims ("wait, I play an event") are taken now and then.

mod common;

use spellfire::Spellfire;
use spellhall_core::testkit::{PlayoutOptions, random_playouts};

/// Games per table size. `SF_GAMES` shrinks them for a quick local run.
fn games(default: u64) -> u64 {
    std::env::var("SF_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn play(seats: usize, total: u64) {
    play_with(seats, total, |_| {});
}

fn play_with(seats: usize, total: u64, rules: impl Fn(&mut spellfire::Rules)) {
    // A new pairing of decks every few games, so that every starter deck meets every other.
    const GAMES_PER_TABLE: u64 = 10;
    let content = std::sync::Arc::new(common::content());
    let mut played = 0;
    let mut table = 0;
    while played < total {
        let mut config = common::starter_table(seats, table);
        rules(&mut config.rules);
        let count = GAMES_PER_TABLE.min(total - played);
        let options = PlayoutOptions {
            games: count,
            first_seed: table * 1000,
            max_actions: 20_000,
        };
        if let Err(failure) = random_playouts::<Spellfire>(&config, &content, seats, &options) {
            panic!("table {table} ({seats} players): {failure}");
        }
        played += count;
        table += 1;
    }
}

#[test]
fn random_two_player_games_keep_every_invariant() {
    play(2, games(10_000));
}

#[test]
fn random_four_player_games_keep_every_invariant() {
    play(4, games(2_000));
}

#[test]
fn random_six_player_games_keep_every_invariant() {
    play(6, games(2_000));
}

/// Every optional rule of section 26 and base-play setup option that random play can end with
/// (not Barbarian's Game or the "True …" rules, which take deck-out away) and that a table of
/// `seats` may play (Aid and the Conqueror's Game need more than two).
fn optional_rules(r: &mut spellfire::Rules, seats: usize) {
    use spellfire::{FearScope, PermanentDestruction, Phase4Caster, RebuildCostZone};
    use spellhall_core::Seat;
    r.aid = true;
    r.conqueror = true;
    r.permanent_destruction = PermanentDestruction::AllCosmosTypes;
    r.experience_spoils = true;
    r.fear = true;
    r.fear_scope = FearScope::AllChampionsAndAllies;
    r.melon_rule = true;
    r.melons = vec![Seat(0)];
    r.questing = true;
    r.treasure = true;
    r.world_bonuses = true;
    r.rebuild_cost_zone = RebuildCostZone::HandOrPool;
    r.phase4_caster = Phase4Caster::AnyPoolChampion;
    if seats == 2 {
        r.aid = false;
        r.conqueror = false;
        r.melons = vec![Seat(0), Seat(1)];
    }
}

/// The optional rules of section 26 and the base-play setup options, all chosen at once (their
/// decisions, Aid's out-of-turn answers and quests included), at two, four and six players. The
/// rules that take deck-out away (Barbarian's Game, "True …") are left out: random play need not end.
#[test]
fn random_games_with_the_optional_rules_keep_every_invariant() {
    play_with(2, games(200), |r| optional_rules(r, 2));
    play_with(4, games(200), |r| optional_rules(r, 4));
    play_with(6, games(100), |r| {
        optional_rules(r, 6);
        r.parallel_universes = true;
        r.parallel_includes_artifacts = true;
    });
}

/// The hot-seat promise: re-dealing everything hidden from a seat (the other hands, every draw
/// pile's order) leaves that seat's view unchanged, at every 7th decision of random 2-, 4- and
/// 6-player games (the kit's privacy property).
#[test]
fn views_hide_what_their_seat_cannot_see() {
    use spellhall_core::testkit::privacy_playouts;
    let content = common::content();
    // A new pairing of starter decks each game.
    for game_number in 0..games(40) {
        let seats = 2 + (game_number % 3) as usize * 2;
        let config = common::starter_table(seats, game_number);
        let options = PlayoutOptions {
            games: 1,
            first_seed: game_number,
            max_actions: 2_000,
        };
        let report = privacy_playouts::<Spellfire>(&config, &content, &options, 7)
            .unwrap_or_else(|failure| panic!("game {game_number} ({seats} players): {failure}"));
        assert!(
            report.moved > report.checks / 2,
            "game {game_number}: the re-deal moved too little: {report:?}"
        );
    }
}

/// What the strong computer looks ahead in: a game sampled from a seat's view (its unseen cards
/// dealt at random) shows that seat the same view, keeps every invariant, and offers the seat to
/// act the same actions, each of which it accepts, at every 5th decision of random 2-, 4- and
/// 6-player games, with and without the optional rules (whose Aid, quests and spoils add state).
#[test]
fn a_game_sampled_from_a_view_agrees_with_it() {
    use spellhall_core::testkit::determinisation_playouts;
    let content = common::content();
    for game_number in 0..games(24) {
        let seats = 2 + (game_number % 3) as usize * 2;
        let mut config = common::starter_table(seats, game_number);
        if game_number % 2 == 1 {
            let rules = &mut config.rules;
            rules.aid = seats >= 4;
            rules.conqueror = seats >= 3;
            rules.experience_spoils = true;
            rules.fear = true;
            rules.questing = true;
            rules.treasure = true;
            rules.world_bonuses = true;
        }
        let options = PlayoutOptions {
            games: 1,
            first_seed: game_number,
            max_actions: 2_000,
        };
        let report = determinisation_playouts::<Spellfire>(&config, &content, &options, 5)
            .unwrap_or_else(|failure| panic!("game {game_number} ({seats} players): {failure}"));
        assert!(
            report.moved > 0,
            "game {game_number}: no sample differed from the real game: {report:?}"
        );
    }
}

/// `deck` with each card of `out` replaced, where it stands, by the card of `into` at its place.
fn swapped(deck: &[spellfire::CardRef], out: &[&str], into: &[&str]) -> Vec<spellfire::CardRef> {
    let mut cards = deck.to_vec();
    for (old, new) in out.iter().zip(into) {
        let old: spellfire::CardRef = old.parse().expect("a card reference");
        let at = cards.iter().position(|c| *c == old).expect("the card is in the deck");
        cards[at] = new.parse().expect("a card reference");
    }
    cards
}

/// The starter decks hold no avatar (their format allows none), so these games bring some in:
/// starter decks E-1 and E-2 (one copy of each card, so the standard 55-card format accepts
/// them) with two of their champions swapped for a cleric and an avatar paid with a cleric
/// (Sirrion; Kiri; E-2 also a holding for a second cleric). Random games keep every invariant,
/// and greedy games summon the avatars.
fn avatar_table() -> spellfire::Config {
    let starters = common::starters();
    spellfire::Config {
        format: "55".into(),
        decks: vec![
            // E-1: Dwarf of Earthfast and T'kkyl out, Cleric of Gond and Sirrion in.
            swapped(&starters[8], &["1st/79", "1st/265"], &["1st/68", "PO/45"]),
            // E-2: Wolf Nomads, Herminard and Salt Veiw (its seventh holding, one more than the
            // format allows) out; Cleric of Torm, Kiri and Cleric of Gond in.
            swapped(
                &starters[9],
                &["1st/181", "1st/264", "1st/232"],
                &["1st/69", "PO/79", "1st/68"],
            ),
        ],
        rules: spellfire::Rules::default(),
    }
}

#[test]
fn random_games_with_avatar_decks_keep_every_invariant() {
    let content = std::sync::Arc::new(common::content());
    let options = PlayoutOptions {
        games: games(300),
        first_seed: 0,
        max_actions: 20_000,
    };
    if let Err(failure) = random_playouts::<Spellfire>(&avatar_table(), &content, 2, &options) {
        panic!("avatar decks: {failure}");
    }
}

#[test]
fn greedy_games_with_avatar_decks_summon_the_avatars() {
    use spellhall_core::{Game, GameRng};
    let content = common::content();
    let config = avatar_table();
    let mut summoned = 0;
    let played = games(300).min(100);
    for seed in 0..played {
        let mut game = Spellfire::new(&config, &content, seed).expect("the avatar decks are accepted");
        let mut rng = GameRng::new(seed);
        let mut actions = 0;
        while let Some(seat) = game.to_act().seat() {
            let legal = game.legal_actions();
            let pick = spellfire::computer::greedy_choice(&game.view(seat), &legal, &content, &mut rng);
            let events = game.apply(&legal[pick]).expect("a legal action is accepted");
            summoned += events
                .iter()
                .filter(|e| matches!(e, spellfire::Event::AvatarSummoned { .. }))
                .count();
            actions += 1;
            assert!(actions < 20_000, "game {seed} does not end");
        }
    }
    assert!(summoned > 0, "no avatar summoned in {played} greedy games");
    println!("avatar decks: {summoned} avatars summoned in {played} greedy games");
}

/// Death Rock (AR/102) keeps a champion of its player's, beaten in a battle, as an ally carried by
/// the champion with it. The starter decks hold none, so these games bring it in: starter decks
/// E-1 and E-2 (one copy of each card) with three champions each swapped for Ravenloft champions,
/// who may carry it, and one other card for it (E-2: its seventh holding).
fn death_rock_table() -> spellfire::Config {
    let starters = common::starters();
    let decks = vec![
        // E-1: Tergoz Tenhammer, Allisa of the Mist, Joliet the Rash and Fortunate Omens out.
        swapped(
            &starters[8],
            &["1st/60", "1st/74", "1st/78", "1st/92"],
            &["RL/100", "RL/99", "RL/98", "AR/102"],
        ),
        // E-2: Wolf Nomads, Herminard, Azhul and Salt Veiw out.
        swapped(
            &starters[9],
            &["1st/181", "1st/264", "1st/266", "1st/232"],
            &["RL/82", "RL/87", "RL/89", "AR/102"],
        ),
    ];
    spellfire::Config {
        format: "55".into(),
        decks,
        rules: spellfire::Rules::default(),
    }
}

#[test]
fn random_games_with_death_rock_keep_every_invariant_with_kept_allies_in_play() {
    use spellhall_core::{Game, GameRng};
    let content = std::sync::Arc::new(common::content());
    let config = death_rock_table();
    let options = PlayoutOptions {
        games: games(300),
        first_seed: 0,
        max_actions: 20_000,
    };
    if let Err(failure) = random_playouts::<Spellfire>(&config, &content, 2, &options) {
        panic!("Death Rock decks: {failure}");
    }
    // The same kind of games, counting the champions kept: the invariants above did meet them.
    let mut kept = 0;
    for seed in 0..games(300) {
        let mut game = Spellfire::new(&config, &content, seed).expect("the Death Rock decks are accepted");
        let mut rng = GameRng::new(seed);
        while game.to_act().seat().is_some() {
            let legal = game.legal_actions();
            let events = game
                .apply(&legal[rng.below(legal.len())])
                .expect("a legal action is accepted");
            kept += events
                .iter()
                .filter(|e| matches!(e, spellfire::Event::Returned { by, .. } if by == "Death Rock"))
                .count();
            if let Err(broken) = game.check_invariants() {
                panic!("game {seed}: {broken}");
            }
        }
    }
    assert!(kept > 0, "no champion kept in {} random games", games(300));
    println!("Death Rock decks: {kept} champions kept");
}

/// Random 2-, 4- and 6-player games between starter decks, every other one with the optional
/// rules: `visit` sees each state, after the deal and after every action, with the game's number
/// and seats.
fn visit_random_games(games: u64, mut visit: impl FnMut(&Spellfire, u64, usize)) {
    use spellhall_core::{Game, GameRng};
    let content = common::content();
    for game_number in 0..games {
        let seats = 2 + (game_number % 3) as usize * 2;
        let mut config = common::starter_table(seats, game_number);
        if game_number % 2 == 1 {
            optional_rules(&mut config.rules, seats);
        }
        let mut game = Spellfire::new(&config, &content, game_number).expect("setup");
        let mut rng = GameRng::new(game_number);
        visit(&game, game_number, seats);
        while game.to_act().seat().is_some() {
            let legal = game.legal_actions();
            game.apply(&legal[rng.below(legal.len())])
                .expect("a legal action is accepted");
            visit(&game, game_number, seats);
        }
    }
}

/// The side losing a round is worked out once after each action and kept beside the state
/// (`to_act`, `legal_actions`, `check` and `apply` all ask for it): after every action of random
/// 2-, 4- and 6-player games, with and without the optional rules (experience, world bonuses and
/// fear change totals), what is kept must be what a fresh computation finds, and the totals read
/// for both sides in one walk (values alone) those of each side's total worked out alone.
#[test]
fn the_losing_side_kept_after_each_action_is_the_one_computed_afresh() {
    use spellhall_core::Game;
    let mut rounds = 0;
    visit_random_games(games(90), |game, game_number, seats| {
        assert!(
            game.derived_is_fresh(),
            "game {game_number} ({seats} players): the kept losing side is stale after {:?}",
            game.status()
        );
        assert!(
            game.round_totals_agree(),
            "game {game_number} ({seats} players): both sides' totals read in one walk differ from each side's alone"
        );
        rounds += usize::from(game.battle().is_some_and(|b| b.step == spellfire::BattleStep::Round));
    });
    assert!(rounds > 0, "no step of a round was checked");
}

/// A game knows which families of power none of its cards has (a hand-size realm, a turn-draw
/// power, a realm closed to some champions…) and skips the questions about them; likewise for
/// each seat's cards and each card, and it looks for the few cards of the rarest families
/// (every champion's powers, replies to a loss) rather than reading every card. Played in
/// lockstep with a copy that asks every question in full, random 2- and 4-player games must offer
/// the same actions, give the same events and reach the same state after every action.
#[test]
fn the_powers_a_game_lacks_change_no_answer() {
    use spellhall_core::{Game, GameRng, fingerprint};
    let content = common::content();
    let (mut skipped, mut present) = (0, 0);
    for game_number in 0..games(40) {
        let seats = 2 + (game_number % 2) as usize * 2;
        let config = common::starter_table(seats, game_number + 500);
        let mut game = Spellfire::new(&config, &content, game_number).expect("setup");
        let mut full = game.without_family_shortcuts();
        skipped += game.families_known_absent();
        present += game.families_maybe_present();
        let mut rng = GameRng::new(game_number);
        while game.to_act().seat().is_some() {
            let legal = game.legal_actions();
            assert_eq!(
                legal,
                full.legal_actions(),
                "game {game_number}: the legal actions differ"
            );
            let action = &legal[rng.below(legal.len())];
            let events = game.apply(action).expect("a legal action is accepted");
            assert_eq!(
                events,
                full.apply(action).expect("accepted in full"),
                "game {game_number}: events differ"
            );
            assert_eq!(
                fingerprint(&game),
                fingerprint(&full),
                "game {game_number}: the states differ"
            );
        }
    }
    assert!(
        skipped > 0 && present > 0,
        "the games lacked no family ({skipped}) or had none ({present})"
    );
}

/// `legal` shares one `CheckContext` among all the candidates it asks `check` about (the copies
/// of a card in play, champions' movement, realms' closing powers, the hand limit, the battle's
/// limits on cards played in a round): in every state of random 2-, 4- and 6-player games, with
/// and without the optional rules, each candidate must get the answer a check with a fresh
/// context gives.
#[test]
fn the_context_legal_shares_among_its_candidates_gives_each_the_answer_of_a_fresh_check() {
    use spellhall_core::Game;
    let mut states = 0;
    visit_random_games(games(90), |game, game_number, seats| {
        assert!(
            game.shared_checks_agree(),
            "game {game_number} ({seats} players): a shared answer differs at {:?}",
            game.status()
        );
        // The Cosmos counts copies with a walk of its own through the places in play.
        assert!(
            game.in_play_walks_agree(),
            "game {game_number} ({seats} players): the two walks of the cards in play differ at {:?}",
            game.status()
        );
        states += 1;
    });
    assert!(states > 0, "no state was checked");
}

/// `legal` offers fewer candidates than every action there is: it leaves out what `check` would
/// refuse at once (a realm at a position that is not open, a spell of another phase, an attack
/// out of reach, a second realm or holding a turn...). None of those shortcuts may hide an
/// action `check` accepts: at states of random 2-, 4- and 6-player games, every action built
/// from the decider's cards (and, for the actions that name any card, from every card of the
/// game) that `check` accepts must be among `legal`'s. Avatars' summons (their payments) are
/// left out, as `legal` lists them from the avatar's price, and so are claims, which other
/// players than the decider make (`claimants`).
#[test]
fn every_action_check_accepts_is_offered_by_legal() {
    use spellfire::{Action, CardId, Position};
    use spellhall_core::{Game, Seat};
    let mut accepted = 0;
    let mut step = 0u64;
    visit_random_games(games(90) / 6, |game, game_number, seats| {
        step += 1;
        let Some(seat) = game.decider() else {
            return;
        };
        // Every other state, to keep the test quick: a state asks a few thousand questions.
        if !step.is_multiple_of(2) {
            return;
        }
        let legal = game.legal();
        let positions: Vec<Position> = (0..10).map(Position).collect();
        let seat_list: Vec<Seat> = Seat::all(seats).collect();
        let player = game.player(seat);
        let own: Vec<CardId> = player
            .hand
            .iter()
            .copied()
            .chain(player.pool.iter().map(|c| c.card))
            .collect();
        let mut actions = vec![
            Action::Draw,
            Action::EndPhase,
            Action::Decline,
            Action::Pass,
            Action::EndBattle,
            Action::KeepSpoils,
            Action::ReturnSpoils,
            Action::CallMulligan,
            Action::EndTurn,
            Action::AskAid,
        ];
        actions.extend((0..4).map(Action::ChooseOption));
        for &s in &seat_list {
            actions.extend([Action::ChoosePlayer(s), Action::ResolveQuest { opponent: s }]);
        }
        actions.extend(positions.iter().map(|&at| Action::Rebuild { at }));
        for card in (0..game.card_count() as u16).map(CardId) {
            actions.extend([
                Action::PlayRule(card),
                Action::ToPool(card),
                Action::Defend { champion: card },
                Action::PlayAlly(card),
                Action::UseCard(card),
                Action::PlayEvent(card),
                Action::Answer(card),
                Action::Choose(card),
                Action::Discard(card),
                Action::Quest(card),
            ]);
        }
        for &card in &own {
            for &at in &positions {
                actions.extend([Action::PlayRealm { card, at }, Action::PlayHolding { card, at }]);
                actions.extend(seat_list.iter().map(|&defender| Action::Attack {
                    champion: card,
                    defender,
                    at,
                }));
            }
        }
        // A champion fighting a round is in neither the hand nor the pool: any card may carry.
        for &card in &player.hand {
            actions.extend((0..game.card_count() as u16).map(|c| Action::Attach {
                card,
                champion: CardId(c),
            }));
        }
        for action in actions {
            if game.check(&action).is_ok() {
                accepted += 1;
                assert!(
                    legal.contains(&action),
                    "game {game_number} ({seats} players): check accepts {action:?}, which legal does not offer, at {:?}",
                    game.status()
                );
            }
        }
    });
    assert!(accepted > 0, "no action was accepted");
}

/// Events name cards with the catalogue's own text, shared rather than copied (issue 17): in
/// random games, every name the commonest events carry is the very text of a catalogue entry.
#[test]
fn events_name_cards_with_the_catalogues_shared_text() {
    use spellfire::{CardName, Event};
    use spellhall_core::{Game, GameRng};
    let content = common::content();
    let shared: std::collections::HashSet<*const u8> =
        content.catalogue.entries.iter().map(|e| e.card.name.as_ptr()).collect();
    let mut named = 0;
    for seed in 0..games(6) {
        let seats = 2 + (seed % 3) as usize * 2;
        let (mut game, mut events) =
            Spellfire::new_with_events(&common::starter_table(seats, seed), &content, seed).expect("setup");
        let mut rng = GameRng::new(seed);
        loop {
            for event in &events {
                let names: Vec<&CardName> = match event {
                    Event::Drew { cards, .. } | Event::Discarded { cards, .. } => cards.iter().collect(),
                    Event::ToPool { card, .. } | Event::RealmPlayed { card, .. } => vec![card],
                    Event::Attacked { champion, realm, .. } => vec![champion, realm],
                    _ => Vec::new(),
                };
                for name in names {
                    assert!(shared.contains(&name.as_ptr()), "{name} in {event:?} is a copy");
                    named += 1;
                }
            }
            if game.to_act().seat().is_none() {
                break;
            }
            let legal = game.legal_actions();
            events = game
                .apply(&legal[rng.below(legal.len())])
                .expect("a legal action is accepted");
        }
    }
    assert!(named > 100, "only {named} names checked");
}
