//! The Spellfire card face, drawn from the card's facts: shared by the deck editor and the table.

use bevy_egui::egui::Color32;
use spellfire::cards::{Card, CardType};
use spellfire::catalogue::Entry;
use spellfire::effects::describe;

use super::card::CardFace;

/// The card type's frame colour and glyph on the drawn card face.
pub fn type_look(kind: CardType) -> (Color32, &'static str) {
    match kind {
        CardType::Realm => (Color32::from_rgb(58, 112, 64), "🏰"),
        CardType::Holding => (Color32::from_rgb(96, 120, 60), "🏠"),
        CardType::Cleric => (Color32::from_rgb(170, 150, 70), "✨"),
        CardType::Hero => (Color32::from_rgb(150, 70, 50), "⚔"),
        CardType::Monster => (Color32::from_rgb(110, 60, 40), "🐉"),
        CardType::Psionicist => (Color32::from_rgb(130, 70, 140), "👁"),
        CardType::Regent => (Color32::from_rgb(150, 120, 40), "👑"),
        CardType::Thief => (Color32::from_rgb(70, 70, 80), "🗝"),
        CardType::Wizard => (Color32::from_rgb(60, 80, 150), "🔮"),
        CardType::Ally => (Color32::from_rgb(120, 90, 60), "👥"),
        CardType::Artifact => (Color32::from_rgb(150, 110, 30), "💎"),
        CardType::MagicalItem => (Color32::from_rgb(70, 120, 130), "💍"),
        CardType::Event => (Color32::from_rgb(160, 60, 60), "⚡"),
        CardType::Rule => (Color32::from_rgb(90, 90, 90), "📜"),
        CardType::ClericSpell => (Color32::from_rgb(180, 160, 90), "🙏"),
        CardType::WizardSpell => (Color32::from_rgb(80, 100, 170), "🔥"),
        CardType::PsionicPower => (Color32::from_rgb(150, 90, 160), "🌀"),
        CardType::BloodAbility => (Color32::from_rgb(140, 30, 40), "💧"),
        CardType::ThiefAbility => (Color32::from_rgb(90, 90, 100), "🗡"),
        CardType::UnarmedCombat => (Color32::from_rgb(140, 90, 60), "👊"),
        CardType::Dungeon => (Color32::from_rgb(60, 50, 60), "🚪"),
    }
}

/// The card's facts in words, with its power as one short sentence (the preview beside the card
/// says more).
fn face_text(card: &Card) -> String {
    let mut lines = describe(card);
    lines.pop();
    lines.push(
        if card.power.is_enforced() {
            "No special power."
        } else {
            "Special power not enforced yet."
        }
        .to_string(),
    );
    lines.join(" ")
}

/// A Spellfire card as the shared card face.
pub fn face(entry: &Entry) -> CardFace {
    let card = &entry.card;
    let (frame, icon) = type_look(card.kind);
    let mut type_line = card.kind.crossfire_name().to_string();
    if card.avatar {
        type_line.push_str(" · avatar");
    }
    if !card.attributes.is_empty() {
        let traits: Vec<&str> = card.attributes.iter().map(|a| a.name()).collect();
        type_line.push_str(&format!(" — {}", traits.join(", ")));
    }
    CardFace {
        name: card.name.clone(),
        type_line,
        frame,
        badge: card.level.as_ref().map(ToString::to_string),
        icon: icon.to_string(),
        text: face_text(card),
        footer: format!("{} · {}", entry.id, card.world.name()),
    }
}
