//! What spells do, as data. Each variant is resolved in `apply.rs`; here are the words a player
//! reads (generated from the effect, never stored as text) and the checks made when loading.

use serde::{Deserialize, Serialize};

use crate::SpellDef;

/// One step of a spell. "You" is the casting Mage's side; "rival" is the opposing side's pool for
/// Energy and Sapphires, and the next rival to play for cards (the rulebook's 3- and 4-Mage wording).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// The rival loses N Energy.
    Damage(u8),
    /// You lose N Energy (a cost: it can knock you out).
    SelfDamage(u8),
    /// You gain N Energy.
    Heal(u8),
    /// Gain `low` Energy if you have `threshold` or less, else `otherwise`.
    HealIfLow {
        threshold: u8,
        low: u8,
        otherwise: u8,
    },
    GainSapphires(u8),
    /// You pay N Sapphires to the supply; the spell cannot be cast without them.
    PaySapphires(u8),
    RivalLosesSapphires(u8),
    RivalGainsSapphires(u8),
    /// Take up to N of the rival's Sapphires.
    StealSapphires(u8),
    /// The rival loses up to N Energy and you gain as much.
    StealEnergy(u8),
    Draw(u8),
    /// You lose N cards at random from your hand (a cost; the spell needs them).
    DiscardRandom(u8),
    /// The next rival to play loses N cards at random.
    RivalDiscardsRandom(u8),
    /// You may take N more actions this turn.
    ExtraActions(u8),
    /// The rulebook's "do three damage and (next) rival draws one card".
    DamageAndRivalDraws {
        damage: u8,
        rival_draws: u8,
    },
    /// The rulebook's "draw 2 cards unless (next) rival discards 1 card": the rival decides.
    DrawUnlessRivalDiscards {
        draw: u8,
        discard: u8,
    },
    /// The rulebook's "each Mage gains/loses 2 cards": the caster chooses which. With 3 Mages the
    /// solo Mage gains or loses N and each team Mage half of N.
    EachMageGainsOrLosesCards(u8),
    /// The rulebook's "gain one Energy for each card in rival's hand" (with its 3/4-Mage wording).
    HealPerRivalCard,
    /// The rulebook's "do one damage for each card in rival's hand" (with its 3/4-Mage wording).
    DamagePerRivalCard,
    /// One per placard your side controls (this one included).
    HealPerControlledPlacard,
    DamagePerControlledPlacard,
    SapphiresPerControlledPlacard,
    DrawPerControlledPlacard,
    /// Turn the top card of another placard to face you: you control that colour.
    TakeControlOfPlacard,
    /// Take the top card of another placard into your hand.
    ReturnTopCardToHand,
    /// Put the top card of another placard on the discard pile.
    BanishTopCard,
    /// Take the top card of the discard pile into your hand.
    TakeFromDiscard,
}

impl Effect {
    /// Whether the caster picks another placard as the target.
    pub fn needs_target(&self) -> bool {
        matches!(
            self,
            Effect::TakeControlOfPlacard | Effect::ReturnTopCardToHand | Effect::BanishTopCard
        )
    }

    /// The effect in words, from the caster's side of the table.
    pub fn describe(&self) -> String {
        let n = |count: &u8, one: &str, many: &str| spellhall_core::plural(*count, one, many);
        match self {
            Effect::Damage(x) => format!("Rival loses {}", n(x, "Energy", "Energy")),
            Effect::SelfDamage(x) => format!("You lose {}", n(x, "Energy", "Energy")),
            Effect::Heal(x) => format!("Gain {}", n(x, "Energy", "Energy")),
            Effect::HealIfLow {
                threshold,
                low,
                otherwise,
            } => {
                format!("Gain {low} Energy if you have {threshold} or less, otherwise {otherwise}")
            }
            Effect::GainSapphires(x) => format!("Gain {}", n(x, "Sapphire", "Sapphires")),
            Effect::PaySapphires(x) => format!("Pay {}", n(x, "Sapphire", "Sapphires")),
            Effect::RivalLosesSapphires(x) => format!("Rival loses {}", n(x, "Sapphire", "Sapphires")),
            Effect::RivalGainsSapphires(x) => format!("Rival gains {}", n(x, "Sapphire", "Sapphires")),
            Effect::StealSapphires(x) => format!("Take {} from the rival", n(x, "Sapphire", "Sapphires")),
            Effect::StealEnergy(x) => format!("Take {} from the rival", n(x, "Energy", "Energy")),
            Effect::Draw(x) => format!("Draw {}", n(x, "card", "cards")),
            Effect::DiscardRandom(x) => format!("Lose {} at random", n(x, "card", "cards")),
            Effect::RivalDiscardsRandom(x) => format!("Next rival loses {} at random", n(x, "card", "cards")),
            Effect::ExtraActions(x) => format!("Take {} this turn", n(x, "extra action", "extra actions")),
            Effect::DamageAndRivalDraws { damage, rival_draws } => {
                format!(
                    "Rival loses {damage} Energy and the next rival draws {}",
                    n(rival_draws, "card", "cards")
                )
            }
            Effect::DrawUnlessRivalDiscards { draw, discard } => format!(
                "Draw {} unless the next rival discards {}",
                n(draw, "card", "cards"),
                n(discard, "card", "cards")
            ),
            Effect::EachMageGainsOrLosesCards(x) => {
                format!("Each Mage draws or loses {} (you choose)", n(x, "card", "cards"))
            }
            Effect::HealPerRivalCard => "Gain 1 Energy per card in the rival's hand".into(),
            Effect::DamagePerRivalCard => "Rival loses 1 Energy per card in the rival's hand".into(),
            Effect::HealPerControlledPlacard => "Gain 1 Energy per placard you control".into(),
            Effect::DamagePerControlledPlacard => "Rival loses 1 Energy per placard you control".into(),
            Effect::SapphiresPerControlledPlacard => "Gain 1 Sapphire per placard you control".into(),
            Effect::DrawPerControlledPlacard => "Draw 1 card per placard you control".into(),
            Effect::TakeControlOfPlacard => "Turn another placard's top card to face you".into(),
            Effect::ReturnTopCardToHand => "Take another placard's top card into your hand".into(),
            Effect::BanishTopCard => "Discard another placard's top card".into(),
            Effect::TakeFromDiscard => "Take the top card of the discard pile".into(),
        }
    }
}

/// A spell's whole text: "Active. You lose 1 Energy. Rival loses 2 Energy."
pub fn spell_text(spell: &SpellDef) -> String {
    let mut parts: Vec<String> = spell.effects.iter().map(|e| format!("{}.", e.describe())).collect();
    if spell.active {
        parts.insert(
            0,
            "Active: fires at the start of each turn of the Mage it faces.".into(),
        );
    }
    parts.join(" ")
}

/// Checks made at load time: a spell does something, has at most one choice to make, and an
/// Active Spell needs no choice (it fires on its own).
pub fn check_spell(spell: &SpellDef) -> Result<(), String> {
    if spell.effects.is_empty() {
        return Err("a spell must do something".into());
    }
    let choices = spell
        .effects
        .iter()
        .filter(|e| e.needs_target() || matches!(e, Effect::EachMageGainsOrLosesCards(_)))
        .count();
    if choices > 1 {
        return Err("a spell may ask for at most one choice".into());
    }
    let asks_rival = spell
        .effects
        .iter()
        .any(|e| matches!(e, Effect::DrawUnlessRivalDiscards { .. }));
    if spell.active && (choices > 0 || asks_rival) {
        return Err("an Active Spell fires on its own, so it cannot ask for a choice".into());
    }
    Ok(())
}
