//! The Spellfire card face, drawn from the card's facts: shared by the deck editor and the table.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Color32};
use spellfire::cards::{Card, CardRef, CardType};
use spellfire::{Entry, describe};

use spellhall_core::content::parse_ron;
use spellhall_core::files::{USER_FILE_LIMIT, read_text};

use super::card::CardFace;
use crate::paths::UserDirs;
use crate::screens::Screen;

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
        name: card.name.to_string(),
        type_line,
        frame,
        badge: card.level.as_ref().map(ToString::to_string),
        icon: icon.to_string(),
        text: face_text(card),
        footer: format!("{} · {}", entry.id, card.world.name()),
    }
}

/// The printed texts a player imported from CrossFire (in the deck editor), by card: his own data,
/// never shipped. Shown in the previews of the table and the editor when present.
pub type PrintedTexts = BTreeMap<CardRef, String>;

/// Where the deck editor keeps the imported texts, under the data folder.
pub fn printed_texts_file(data: &Path) -> PathBuf {
    data.join("spellfire").join("crossfire-card-texts.ron")
}

fn printed_texts_id() -> egui::Id {
    egui::Id::new("spellfire-printed-texts")
}

/// The imported texts, as last read when a game began; `None` if the player imported none.
pub fn printed_texts(ctx: &egui::Context) -> Option<Arc<PrintedTexts>> {
    ctx.data(|d| d.get_temp::<Option<Arc<PrintedTexts>>>(printed_texts_id()))
        .flatten()
}

/// Reads the imported texts whenever a game begins, for the table's previews. A file that cannot
/// be read is the deck editor's to report; the table then shows our words only.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), read_printed_texts);
}

fn read_printed_texts(mut contexts: EguiContexts, dirs: Res<UserDirs>) -> Result {
    let file = printed_texts_file(&dirs.data);
    let texts = read_text(&file, USER_FILE_LIMIT)
        .ok()
        .and_then(|text| parse_ron::<PrintedTexts>(&file.display().to_string(), &text).ok())
        .filter(|texts| !texts.is_empty())
        .map(Arc::new);
    contexts
        .ctx_mut()?
        .data_mut(|d| d.insert_temp(printed_texts_id(), texts));
    Ok(())
}
