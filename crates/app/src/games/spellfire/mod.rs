//! Spellfire's glue to the app: setup (a deck per seat, the format, the optional rules), the
//! greedy computer, the rules in brief. The table itself is drawn in `table.rs` from the deciding
//! seat's view and the legal actions only. The log's sentences come from the engine's events
//! (`spellfire::event`), which carry the cards' names and hide what a seat may not see.

mod table;

use std::path::Path;
use std::sync::Arc;

use bevy_egui::egui;
use spellfire::crossfire::STARTER_DECKS;
use spellfire::deck::{Deck, DeckShelf, validate};
use spellfire::{
    Action, CardRef, Config, Content, FormationSize, ON_OFF_RULES, PermanentDestruction, Rules, Spellfire, View,
};
use spellhall_core::content::ContentError;
use spellhall_core::{GameRng, Seat, seat_token};

use super::{GameAdapter, SeatOption, SeatPick, SetupChoice, SetupOption, StrongChoice, TableInput, UserContent};
use crate::screens::deck_editor::model::add_user_sets;

pub struct SpellfireAdapter;

/// The key of the seat pick that deals a starter deck chosen by the seed.
const RANDOM_STARTER: &str = "random";
const STARTER_PREFIX: &str = "starter:";
const FILE_PREFIX: &str = "file:";

/// The format the starter decks are built for: the default, so that any starter can start.
fn default_format(content: &Content) -> usize {
    let starters = content.starters.first().map(|d| d.format.as_str());
    content
        .formats
        .formats
        .iter()
        .position(|f| Some(f.id.as_str()) == starters)
        .unwrap_or(0)
}

/// Option rows: format, formation, permanent destruction, then the engine's [`ON_OFF_RULES`].
const FORMAT_OPTION: usize = 0;
const FORMATION_OPTION: usize = 1;
const DESTRUCTION_OPTION: usize = 2;
const FIRST_ON_OFF: usize = 3;

/// The deck a seat's pick stands for, or why it cannot be had.
fn resolve_pick(key: &str, seat: usize, seed: u64, content: &Content) -> Result<Deck, String> {
    let starters = &content.starters;
    if key == RANDOM_STARTER {
        // From the setup's seed, so the same setup deals the same decks; each seat draws its own.
        let mut rng = GameRng::new(seed ^ (seat as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        return starters
            .get(rng.below(starters.len().max(1)))
            .cloned()
            .ok_or_else(|| "The starter decks did not load.".to_string());
    }
    if let Some(code) = key.strip_prefix(STARTER_PREFIX) {
        let index = STARTER_DECKS.iter().position(|c| *c == code);
        return index
            .and_then(|i| starters.get(i))
            .cloned()
            .ok_or_else(|| format!("There is no starter deck {code}."));
    }
    if let Some(path) = key.strip_prefix(FILE_PREFIX) {
        return Deck::load(Path::new(path)).map_err(|e| e.to_string());
    }
    Err(format!("'{key}' is not a deck."))
}

impl GameAdapter for SpellfireAdapter {
    type G = Spellfire;
    const TAGLINE: &'static str =
        "The 1994 collectible card game: realms, champions and the rule cards of the Forgotten Realms.";
    const HAS_COMPUTER: bool = true;
    const STRONG: Option<StrongChoice<Spellfire>> = Some(<Spellfire as spellhall_search::Strong>::strong_choice);

    /// The content's formats, the formation, permanent destruction and the optional rules.
    fn options(content: &Arc<Content>) -> Vec<SetupOption> {
        let words = |choices: &[&str]| choices.iter().map(|c| c.to_string()).collect::<Vec<String>>();
        let mut options = vec![
            SetupOption {
                label: "Deck format".into(),
                choices: content.formats.formats.iter().map(|f| f.name.clone()).collect(),
                default: default_format(content),
            },
            SetupOption {
                label: "Formation".into(),
                choices: vec![
                    "Six realms".into(),
                    format!("Ten realms ({}-card decks)", FormationSize::TEN_REALMS_DECK),
                ],
                default: 0,
            },
            SetupOption {
                label: "Permanent destruction".into(),
                choices: words(&["Off", "Realms", "Realms, holdings, champions, artifacts"]),
                default: 0,
            },
        ];
        options.extend(ON_OFF_RULES.iter().map(|rule| SetupOption {
            // The smallest table comes from the engine, which refuses the rule below it.
            label: if rule.least_players > 2 {
                format!("{} ({}+ players)", rule.name, rule.least_players)
            } else {
                rule.name.to_string()
            },
            choices: words(&["Off", "On"]),
            default: 0,
        }));
        options
    }

    /// Without seat picks every seat plays the starter deck in its place (A-1, A-2, B-1, …).
    fn config(players: u8, options: &[usize], content: &Arc<Content>) -> Result<Config, String> {
        let picks: Vec<String> = (0..players)
            .map(|seat| {
                format!(
                    "{STARTER_PREFIX}{}",
                    STARTER_DECKS[usize::from(seat) % STARTER_DECKS.len()]
                )
            })
            .collect();
        let decks = picks
            .iter()
            .enumerate()
            .map(|(seat, key)| resolve_pick(key, seat, 0, content).map(|d| d.cards))
            .collect::<Result<_, _>>()?;
        Ok(config_with(decks, options, content))
    }

    fn seat_option(data: Option<&Path>, content: &Arc<Content>) -> Option<SeatOption> {
        let mut choices: Vec<SeatPick> = STARTER_DECKS
            .iter()
            .zip(&content.starters)
            .map(|(code, deck)| SeatPick {
                key: format!("{STARTER_PREFIX}{code}"),
                label: deck.name.clone(),
            })
            .collect();
        choices.push(SeatPick {
            key: RANDOM_STARTER.into(),
            label: "A random starter deck".into(),
        });
        // The decks saved in the deck editor, where it keeps them.
        let saved = data.map_or_else(Vec::new, |data| {
            DeckShelf::new(data.join("spellfire").join("decks")).list()
        });
        choices.extend(saved.into_iter().map(|path| {
            let label = match Deck::load(&path) {
                Ok(deck) => format!("Your deck: {}", deck.name),
                Err(_) => format!("Your deck file {} (unreadable)", path.display()),
            };
            SeatPick {
                key: format!("{FILE_PREFIX}{}", path.display()),
                label,
            }
        }));
        Some(SeatOption { label: "Deck", choices })
    }

    /// Each seat's deck, checked against the chosen format as the deck editor checks it: every
    /// problem of every refused deck, one a line, in the editor's words.
    fn config_for(choice: &SetupChoice, content: &Arc<Content>) -> Result<Config, String> {
        let players = choice.seats.len();
        if choice.seat_picks.len() < players {
            return Self::config(players as u8, &choice.options, content);
        }
        let formats = &content.formats.formats;
        let format = choice
            .options
            .get(FORMAT_OPTION)
            .and_then(|&i| formats.get(i))
            .or_else(|| formats.get(default_format(content)))
            .ok_or("The deck formats did not load.")?;
        let mut decks = Vec::new();
        let mut problems = Vec::new();
        for (seat, key) in choice.seat_picks.iter().take(players).enumerate() {
            let name = choice.seats.get(seat).map_or("?", |s| s.name.as_str());
            match resolve_pick(key, seat, choice.seed, content) {
                Ok(deck) => {
                    let refused = validate(&deck, format, &content.catalogue);
                    if !refused.is_empty() {
                        problems.push(format!(
                            "{name}'s deck \"{}\" is not legal for {}: {} problem{}",
                            deck.name,
                            format.name,
                            refused.len(),
                            if refused.len() == 1 { "" } else { "s" }
                        ));
                        problems.extend(refused.iter().map(|p| match p.rule {
                            Some(rule) => format!("• {} ({rule})", p.message),
                            None => format!("• {}", p.message),
                        }));
                    }
                    decks.push(deck.cards);
                }
                Err(e) => problems.push(format!("{name}'s deck cannot be read: {e}")),
            }
        }
        if !problems.is_empty() {
            return Err(problems.join("\n"));
        }
        Ok(config_with(decks, &choice.options, content))
    }

    /// Each deck's cards whose powers the engine does not enforce yet, with their count.
    fn setup_warnings(config: &Config, content: &Arc<Content>) -> Vec<String> {
        config
            .decks
            .iter()
            .enumerate()
            .filter_map(|(seat, deck)| {
                let mut names: Vec<(String, usize)> = Vec::new();
                for entry in deck.iter().filter_map(|&id| content.catalogue.get(id)) {
                    if entry.card.power.is_enforced() {
                        continue;
                    }
                    match names.iter_mut().find(|(n, _)| *n == entry.card.name) {
                        Some((_, count)) => *count += 1,
                        None => names.push((entry.card.name.to_string(), 1)),
                    }
                }
                let total: usize = names.iter().map(|(_, n)| n).sum();
                (total > 0).then(|| {
                    let list: Vec<String> = names
                        .iter()
                        .map(|(name, n)| if *n > 1 { format!("{name} ×{n}") } else { name.clone() })
                        .collect();
                    format!(
                        "{}'s deck: {total} card{} whose power is not enforced, or only in part: {}",
                        seat_token(Seat(seat as u8)),
                        if total == 1 { "" } else { "s" },
                        list.join(", ")
                    )
                })
            })
            .collect()
    }

    fn shipped_content() -> Result<Arc<Content>, Vec<ContentError>> {
        Content::shipped().map(Arc::new).map_err(|e| vec![e])
    }

    /// The player's own sets, as the deck editor adds them.
    fn user_content() -> UserContent<Arc<Content>> {
        UserContent::Adds(|shipped, files| {
            let catalogue = add_user_sets(&shipped.catalogue, files)?;
            Ok(Arc::new(Content {
                catalogue,
                formats: shipped.formats.clone(),
                starters: shipped.starters.clone(),
            }))
        })
    }

    /// The table with the game's catalogue for the card faces and the rules' reason for a
    /// refusal; everything it shows comes from the view.
    fn draw_table(ui: &mut egui::Ui, table: &TableInput<'_, Spellfire>) -> Option<Action> {
        table::draw_with(
            ui,
            table.view,
            table.legal,
            table.describe,
            table.why_not,
            &table.content.catalogue,
            table.names,
            table.events,
        )
    }

    /// The greedy player, from the deciding seat's view only.
    fn computer_choice(view: &View, legal: &[Action], content: &Arc<Content>, rng: &mut GameRng) -> usize {
        spellfire::computer::greedy_choice(view, legal, content, rng)
    }

    fn rules_summary(content: &Arc<Content>) -> String {
        rules_summary(content)
    }
}

/// A config for these decks with the chosen options (the format is set by the caller).
fn config_with(decks: Vec<Vec<CardRef>>, options: &[usize], content: &Content) -> Config {
    let on = |row: usize| options.get(row).copied().unwrap_or(0) == 1;
    let mut rules = Rules::default();
    if on(FORMATION_OPTION) {
        rules.formation = FormationSize::Ten;
    }
    rules.permanent_destruction = match options.get(DESTRUCTION_OPTION).copied().unwrap_or(0) {
        1 => PermanentDestruction::Realms,
        2 => PermanentDestruction::AllCosmosTypes,
        _ => PermanentDestruction::Off,
    };
    for (row, rule) in ON_OFF_RULES.iter().enumerate() {
        if on(FIRST_ON_OFF + row) {
            (rule.turn_on)(&mut rules);
        }
    }
    let format = content
        .formats
        .formats
        .get(
            options
                .get(FORMAT_OPTION)
                .copied()
                .unwrap_or_else(|| default_format(content)),
        )
        .map(|f| f.id.clone())
        .unwrap_or_default();
    Config { format, decks, rules }
}

/// The rules in brief from the engine, for the starter decks' format, and how this table lets a
/// player do what the rules allow.
fn rules_summary(content: &Content) -> String {
    let rules = content
        .formats
        .formats
        .get(default_format(content))
        .map(spellfire::rules_summary)
        .unwrap_or_default();
    format!(
        "{rules}\n\n\
         On another player's turn, press \"Wait: <name> plays an event\" to take the next decision: \
         the screen passes to that player.\n\n\
         A card with a small mark plays by its type's rules only: its power is not enforced yet."
    )
}
