//! The centre strip: the prompt, the tray of counters, battle totals and the phase's buttons.

use bevy_egui::egui::{self, RichText};
use mighty_magics::{Action, CardId, Losses, Phase, Resource, Stage};
use spellhall_core::{ToAct, plural};

use super::Scene;
use super::counters::{counter, counter_row};
use crate::ui::theme;

/// The sentence that tells the viewer what is happening and what to do.
fn prompt(scene: &Scene) -> String {
    let view = scene.view;
    let deciding = view.deciding();
    let active = scene.name(view.active);
    match (&view.phase, view.to_act) {
        (_, ToAct::GameOver) => match view.winner {
            Some(winner) => format!(
                "{} wins with {} Force of Strongholds.",
                scene.name(winner),
                view.winning_force
            ),
            None => "The game is over.".into(),
        },
        (Phase::Draw, _) if deciding => {
            "Draw phase: click cards in your hand to discard them, then fill your hand.".into()
        }
        (Phase::Draw, _) => format!("{active} is in the Draw phase."),
        (Phase::Recruit { holder }, _) if deciding && *holder == view.active => {
            "Recruit: click a card in your hand to see how to pay for it. What you leave goes to your left.".into()
        }
        (Phase::Recruit { .. }, _) if deciding => {
            format!("The leftovers of {active}'s turn reached you: recruit with them, or pass them on to your left.")
        }
        (Phase::Recruit { holder }, _) if *holder == view.active => format!("{active} is recruiting."),
        (Phase::Recruit { holder }, _) => format!("{} may recruit with {active}'s leftovers.", scene.name(*holder)),
        (Phase::Attack(battle), _) => {
            let defender = battle
                .target
                .and_then(|t| view.kingdoms.iter().find(|k| k.strongholds.iter().any(|s| s.card == t)))
                .map(|k| scene.name(k.seat))
                .unwrap_or_default();
            match battle.stage {
                Stage::Declare if deciding => {
                    "Attack: click an opponent's Stronghold as the target and your Hordes to send them.".into()
                }
                Stage::Declare => format!("{active} is choosing an attack."),
                Stage::Defend if deciding => format!(
                    "{active} attacks with Force {}. Click your Hordes to defend (or defend with none).",
                    battle.attack_total
                ),
                Stage::Defend => format!("{defender} is choosing defenders."),
                Stage::AttackerLosses | Stage::DefenderLosses => {
                    let (who, need) = if battle.stage == Stage::AttackerLosses {
                        (active.clone(), battle.defence_total)
                    } else {
                        (defender.clone(), battle.attack_total)
                    };
                    let marked = view.marked_force.unwrap_or_default();
                    if view.short_attacks {
                        if deciding {
                            "Short-game rule: click the one Horde you lose.".into()
                        } else {
                            format!("{who} chooses the Horde to lose.")
                        }
                    } else if deciding {
                        format!(
                            "Casualties: click cards that took part until their Force reaches {need} (now {marked}){}.",
                            if battle.stage == Stage::DefenderLosses {
                                "; your Hordes go before your Stronghold"
                            } else {
                                ""
                            }
                        )
                    } else {
                        format!("{who} chooses casualties: Force {need} needed, {marked} chosen.")
                    }
                }
            }
        }
        (Phase::Over, _) => "The game is over.".into(),
    }
}

fn button(ui: &mut egui::Ui, legal: &[Action], action: Action, text: &str, chosen: &mut Option<Action>) {
    if legal.contains(&action) && ui.button(RichText::new(text).size(16.0)).clicked() {
        *chosen = Some(action);
    }
}

/// The tray, the prompt and the phase's buttons.
pub(super) fn centre_strip(ui: &mut egui::Ui, scene: &Scene, chosen: &mut Option<Action>) {
    let view = scene.view;
    let legal = scene.legal;
    theme::banner().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(prompt(scene)).size(17.0).color(theme::GOLD));
        });
        let battle_on = view.battle.as_ref().is_some_and(|b| b.stage != Stage::Declare);
        ui.horizontal_wrapped(|ui| {
            if view.holder.is_some() || battle_on {
                tray_and_totals(ui, scene);
            }
            let refill = view.kingdom(view.viewer).hand_limit.saturating_sub(view.hand.len());
            button(
                ui,
                legal,
                Action::Refill,
                &if refill == 0 {
                    "Keep this hand".to_string()
                } else {
                    format!("Fill my hand (draw {})", plural(refill, "card", "cards"))
                },
                chosen,
            );
            button(
                ui,
                legal,
                Action::RedrawWater,
                "Redraw my Water (Coastal Towns)",
                chosen,
            );
            button(ui, legal, Action::Pass, "Pass the counters to my left", chosen);
            if view.battle.is_some() {
                let (attack, _) = view.battle_totals.unwrap_or_default();
                button(ui, legal, Action::Charge, &format!("Attack! (Force {attack})"), chosen);
                button(ui, legal, Action::NoAttack, "Do not attack", chosen);
                button(ui, legal, Action::HoldFast, "Defend with the Hordes chosen", chosen);
                button(ui, legal, Action::ConfirmLosses, "Confirm the casualties", chosen);
            }
            ui.label(
                RichText::new(format!(
                    "Deck {} · discard {}{}",
                    view.deck_size,
                    view.discard_size,
                    view.discard_top
                        .map(|c| format!(" (top: {})", view.cards.get(c).name))
                        .unwrap_or_default()
                ))
                .color(theme::MUTED),
            );
            // Which disc is which: all twelve counters with their names.
            crate::ui::widgets::help_link(ui, "Which counter is which?", |ui| {
                egui::Grid::new("mm-counter-legend").num_columns(4).show(ui, |ui| {
                    for (i, r) in Resource::ALL.into_iter().enumerate() {
                        ui.horizontal(|ui| {
                            counter(ui, r, 22.0);
                            ui.label(format!("{r:?}"));
                        });
                        if i % 4 == 3 {
                            ui.end_row();
                        }
                    }
                });
                ui.label("Gold pays for any resource.");
            });
            if !view.converts.is_empty() {
                let words: Vec<String> = view
                    .converts
                    .iter()
                    .map(|(from, into)| {
                        if *into == Resource::Gold {
                            format!("{from:?} as Gold")
                        } else {
                            format!("{from:?} as {into:?}")
                        }
                    })
                    .collect();
                ui.label(RichText::new(format!("Your converts: {}", words.join(", "))).color(theme::MUTED));
            }
        });
        if view.deciding() {
            defence_preview(ui, scene);
        }
    });
}

/// For the defender: what each side will lose with the Hordes chosen now and with each change
/// a click would make, as the rules' outlook (`View::defence_outlook`) foresees it.
fn defence_preview(ui: &mut egui::Ui, scene: &Scene) {
    let view = scene.view;
    let Some(battle) = view.battle.as_ref().filter(|b| b.stage == Stage::Defend) else {
        return;
    };
    let name = |card: CardId| view.cards.get(card).name.clone();
    let chosen = battle.defenders.clone();
    let mut choices = vec![(
        if chosen.is_empty() {
            "No Hordes (as chosen now)".to_string()
        } else {
            format!("{} (as chosen now)", names(view, &chosen))
        },
        chosen.clone(),
    )];
    for action in scene.legal {
        match action {
            Action::Defend(card) => {
                let with: Vec<CardId> = chosen.iter().copied().chain([*card]).collect();
                choices.push((format!("+ {}", name(*card)), with));
            }
            Action::Withdraw(card) => {
                let without: Vec<CardId> = chosen.iter().copied().filter(|c| c != card).collect();
                choices.push((format!("− {}", name(*card)), without));
            }
            _ => {}
        }
    }
    let attacker = scene.name(view.active);
    ui.add_space(6.0);
    ui.label(RichText::new("What each side will lose").size(16.0).strong());
    egui::Grid::new("mm-defence-preview")
        .num_columns(4)
        .spacing([18.0, 3.0])
        .striped(true)
        .show(ui, |ui| {
            for heading in [
                "Defending with",
                "Defence vs attack",
                &format!("{attacker} loses"),
                "You lose",
            ] {
                ui.label(RichText::new(heading).color(theme::MUTED));
            }
            ui.end_row();
            for (label, defenders) in choices {
                let Some(outlook) = view.defence_outlook(&defenders) else {
                    continue;
                };
                ui.label(label);
                ui.label(format!("{} vs {}", outlook.defence, outlook.attack));
                ui.label(loss_words(view, &outlook.attacker));
                let mut yours = loss_words(view, &outlook.defender);
                if outlook.captured {
                    yours.push_str(&format!(
                        "; {} is captured",
                        battle.target.map(name).unwrap_or_default()
                    ));
                }
                ui.label(yours);
                ui.end_row();
            }
        });
}

fn names(view: &mighty_magics::View, cards: &[CardId]) -> String {
    cards
        .iter()
        .map(|&c| view.cards.get(c).name.clone())
        .collect::<Vec<_>>()
        .join(", ")
}

/// One side's losses in a few words: the cards that go, or what its owner must pick.
fn loss_words(view: &mighty_magics::View, losses: &Losses) -> String {
    match (losses.certain.is_empty(), losses.choose_from.is_empty(), losses.force) {
        (false, _, _) => format!("{} (Force {})", names(view, &losses.certain), losses.certain_force),
        (true, true, _) => "nothing".into(),
        (true, false, Some(force)) => format!("Force {force} or more of {}", names(view, &losses.choose_from)),
        (true, false, None) => format!("one of {}", names(view, &losses.choose_from)),
    }
}

/// The counters in the tray and, in a battle, the totals.
fn tray_and_totals(ui: &mut egui::Ui, scene: &Scene) {
    let view = scene.view;
    ui.horizontal(|ui| {
        if let Some(holder) = view.holder {
            let whose = if holder == view.active {
                format!("{}'s counters", scene.name(holder))
            } else {
                format!("Leftovers, held by {}", scene.name(holder))
            };
            ui.label(RichText::new(whose).size(15.0));
            counter_row(ui, &view.tray, 30.0);
            if view.tray.is_empty() {
                ui.label(RichText::new("none").italics().color(theme::MUTED));
            }
        }
        if let Some(battle) = &view.battle
            && battle.stage != Stage::Declare
        {
            // While the defender chooses, the running total: the Stronghold and the Hordes picked.
            let (attack, defence) = view.battle_totals.unwrap_or_default();
            let defence = if battle.stage == Stage::Defend {
                format!("{defence} so far")
            } else {
                defence.to_string()
            };
            ui.label(
                RichText::new(format!("⚔ Attack {attack}  vs  🛡 Defence {defence}"))
                    .size(17.0)
                    .strong(),
            );
        }
    });
}
