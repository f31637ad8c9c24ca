//! What a seat may not see, as two properties checked along random games:
//! - [`privacy_playouts`]: re-dealing everything hidden from a seat leaves that seat's view as it
//!   was (the hot-seat promise: no hand shown to the wrong seat);
//! - [`determinisation_playouts`]: a state a computer samples from a seat's view shows that seat
//!   the same view, keeps the game's invariants, and offers the deciding seat the same actions,
//!   each of which it accepts (so a computer can look ahead in it).
//!
//! Views are compared by their `Debug` text, which every view has and which shows every field.

use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};

use super::{PlayoutFailure, PlayoutOptions};
use crate::{Determinise, Game, GameRng, Redeal, Seat, fingerprint};

/// How much the privacy playouts checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PrivacyReport {
    /// Views compared before and after a re-deal (or a sample).
    pub checks: u64,
    /// Re-deals (or samples) whose state differed from the real one: the property is not empty
    /// only if this is above zero.
    pub moved: u64,
}

/// Play `options.games` random games; at every `every`-th decision and for every seat, re-deal
/// what that seat cannot see ([`Redeal::redeal_hidden_from`]) on a copy and compare its view.
pub fn privacy_playouts<G>(
    config: &G::Config,
    content: &G::Content,
    options: &PlayoutOptions,
    every: usize,
) -> Result<PrivacyReport, PlayoutFailure>
where
    G: Redeal,
    G::View: Debug,
{
    along_random_games::<G, _>(config, content, options, every, |game, seat, rng| {
        let mut redealt = game.clone();
        redealt.redeal_hidden_from(seat, rng);
        same_view(
            &game.view(seat),
            &redealt.view(seat),
            &format!("re-dealing what {seat} cannot see changed {seat}'s view: it shows hidden cards"),
        )?;
        redealt
            .check_invariants()
            .map_err(|e| format!("the re-deal broke an invariant: {e}"))?;
        Ok(fingerprint(&redealt) != fingerprint(game))
    })
}

/// Play `options.games` random games; at every `every`-th decision and for every seat, sample a
/// state from that seat's view ([`Determinise::sample_from_view`]) and check it: the same view,
/// the game's invariants, and for the deciding seat the same legal actions, each accepted.
pub fn determinisation_playouts<G>(
    config: &G::Config,
    content: &G::Content,
    options: &PlayoutOptions,
    every: usize,
) -> Result<PrivacyReport, PlayoutFailure>
where
    G: Determinise,
    G::View: Debug,
{
    along_random_games::<G, _>(config, content, options, every, |game, seat, rng| {
        let view = game.view(seat);
        let sample = G::sample_from_view(&view, content, rng);
        same_view(
            &view,
            &sample.view(seat),
            &format!("a state sampled from {seat}'s view shows {seat} another view"),
        )?;
        sample
            .check_invariants()
            .map_err(|e| format!("a state sampled from {seat}'s view breaks an invariant: {e}"))?;
        if game.to_act().seat() == Some(seat) {
            let legal = game.legal_actions();
            if sample.legal_actions() != legal {
                return Err(format!(
                    "a state sampled from {seat}'s view offers {seat} other actions"
                ));
            }
            for action in &legal {
                let mut trial = sample.clone();
                if let Err(e) = trial.apply(action) {
                    return Err(format!("a sampled state refuses the legal {action:?}: {e}"));
                }
            }
        }
        Ok(fingerprint(&sample) != fingerprint(game))
    })
}

/// Random games, calling `check(game, seat, rng)` for every seat at every `every`-th decision.
/// `check` says whether its copy differed from the game (counted in `moved`).
fn along_random_games<G, F>(
    config: &G::Config,
    content: &G::Content,
    options: &PlayoutOptions,
    every: usize,
    mut check: F,
) -> Result<PrivacyReport, PlayoutFailure>
where
    G: Game,
    F: FnMut(&G, Seat, &mut GameRng) -> Result<bool, String>,
{
    let mut report = PrivacyReport::default();
    for seed in options.first_seed..options.first_seed + options.games {
        let fail = |step: usize, problem: String| PlayoutFailure { seed, step, problem };
        let mut game = G::new(config, content, seed).map_err(|e| fail(0, format!("setup refused: {e}")))?;
        let mut rng = GameRng::new(seed ^ 0x0b5e_55ed_0b5e_55ed);
        let mut step = 0;
        while game.to_act().seat().is_some() && step < options.max_actions {
            if step % every.max(1) == 0 {
                for seat in Seat::all(game.seat_count()) {
                    let checked = catch_unwind(AssertUnwindSafe(|| check(&game, seat, &mut rng)))
                        .unwrap_or_else(|_| Err(format!("checking {seat}'s view panicked")));
                    report.checks += 1;
                    report.moved += u64::from(checked.map_err(|problem| fail(step, problem))?);
                }
            }
            let legal = game.legal_actions();
            let action = legal[rng.below(legal.len())].clone();
            game.apply(&action)
                .map_err(|e| fail(step, format!("legal action {action:?} was refused: {e}")))?;
            step += 1;
        }
    }
    Ok(report)
}

/// `Ok` when the two views read the same, else `problem` and where they first differ.
fn same_view(before: &impl Debug, after: &impl Debug, problem: &str) -> Result<(), String> {
    let (before, after) = (format!("{before:?}"), format!("{after:?}"));
    if before == after {
        return Ok(());
    }
    Err(format!("{problem}\n{}", first_difference(&before, &after)))
}

/// The first place two `Debug` texts differ, with a little context, for the failure message.
fn first_difference(before: &str, after: &str) -> String {
    let at = before
        .char_indices()
        .zip(after.chars())
        .find(|((_, a), b)| a != b)
        .map_or(before.len().min(after.len()), |((i, _), _)| i);
    let start = before[..at].char_indices().rev().nth(80).map_or(0, |(i, _)| i);
    let excerpt = |text: &str| text.get(start..).unwrap_or("").chars().take(200).collect::<String>();
    format!("before: …{}\nafter:  …{}", excerpt(before), excerpt(after))
}
