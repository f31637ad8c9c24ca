//! The card catalogue: every set file loads, the converter reads CrossFire's formats (on our own
//! small fixtures), the committed RON matches the CrossFire database where it is present, and the
//! editor's search finds what it should.

use std::path::{Path, PathBuf};

use spellfire::cards::{Attribute, CardRef, CardType, Rarity, SetCode, Usable, Use, World};
use spellfire::crossfire::{self, SET_ORDER};
use spellfire::format::Formats;
use spellfire::{CardFilter, Catalogue, Power, SortKey, TypeChoice, describe, shipped_files};

fn fixture(name: &str) -> (String, Vec<u8>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name);
    (path.display().to_string(), std::fs::read(&path).expect("fixture"))
}

fn card(text: &str) -> CardRef {
    text.parse().unwrap()
}

#[test]
fn every_set_file_loads_with_every_card() {
    let catalogue = Catalogue::shipped().unwrap();
    assert_eq!(catalogue.sets.len(), 21);
    let codes: Vec<&str> = catalogue.sets.iter().map(|s| s.code.as_str()).collect();
    assert_eq!(codes, SET_ORDER);
    // 3,899 CrossFire records less the 60 numbers marked "(no card)".
    assert_eq!(catalogue.len(), 3_839);
    for set in &catalogue.sets {
        let count = catalogue.entries.iter().filter(|e| e.id.set == set.code).count();
        assert!(count >= 3, "set {} has {count} cards", set.code);
    }
    let waterdeep = catalogue.get(card("1st/1")).unwrap();
    assert_eq!(waterdeep.card.name, "Waterdeep");
    assert_eq!(waterdeep.card.kind, CardType::Realm);
    assert_eq!(waterdeep.card.world, World::ForgottenRealms);
    assert_eq!(waterdeep.card.rarity, Rarity::Realm);
    assert!(waterdeep.card.has(Attribute::Coastal));
    assert_eq!(
        waterdeep.card.uses,
        [
            Use::Defensive(Usable::Type(CardType::WizardSpell)),
            Use::Offensive(Usable::Type(CardType::WizardSpell))
        ]
    );
    let elminster = catalogue.get(card("1st/44")).unwrap();
    assert_eq!(
        (elminster.card.kind, elminster.card.champion_level()),
        (CardType::Wizard, Some(9))
    );
    assert!(catalogue.entries.iter().any(|e| e.card.avatar));
    // Scripted powers load as effects: Cataclysm! discards a realm when played.
    let cataclysm = catalogue.get(card("1st/99")).unwrap();
    assert!(matches!(
        cataclysm.card.power.on_play().map(|a| &a.effect),
        Some(spellfire::Effect::Discard(_))
    ));
    assert!(
        catalogue
            .entries
            .iter()
            .any(|e| matches!(e.card.power, Power::Unscripted))
    );
}

#[test]
fn the_birthright_file_keeps_its_latin1_names() {
    let catalogue = Catalogue::shipped().unwrap();
    let names: Vec<&str> = catalogue
        .entries
        .iter()
        .filter(|e| e.id.set.as_str() == "BR")
        .map(|e| e.card.name.as_str())
        .collect();
    assert!(names.iter().all(|n| !n.contains('\u{fffd}')), "a name lost a character");
}

#[test]
fn formats_file_loads_with_the_four_formats() {
    let formats = Formats::shipped().unwrap();
    let ids: Vec<&str> = formats.formats.iter().map(|f| f.id.as_str()).collect();
    assert_eq!(ids, ["55", "55-starter", "75", "110"]);
}

/// The committed RON is what the converter makes of ../shared/spellfire-db today. Skipped (and
/// says so) where that folder is not beside the repository, e.g. on a fresh clone.
#[test]
fn committed_ron_matches_the_crossfire_database() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let database = std::env::var_os("SPELLFIRE_DB")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/spellfire-db"));
    if !database.join("DataBase").is_dir() {
        println!(
            "SKIPPED: no CrossFire database at {} (set SPELLFIRE_DB to check)",
            database.display()
        );
        return;
    }
    let data = root.join("data/spellfire");
    let converted = crossfire::convert_folder(&database, &data).unwrap();
    assert_eq!(converted.cards, 3_839);
    for (name, text) in &converted.files {
        let committed = std::fs::read_to_string(data.join(name)).unwrap_or_default();
        assert!(
            committed == *text,
            "data/spellfire/{name} differs from the converter's output: run \
             `cargo run -p spellfire --bin spellfire-convert -- {} data/spellfire`",
            database.display()
        );
    }
}

#[test]
fn converter_reads_records_and_keeps_facts_only() {
    let (file, bytes) = fixture("TS.tcl");
    let raw = crossfire::read_database_file(&file, &bytes).unwrap();
    assert_eq!(raw.title, "Test Set");
    assert_eq!(raw.cards.len(), 5);
    let set = crossfire::convert_set(&file, &raw, None).unwrap();
    // The "(no card)" number 3 is left out.
    let numbers: Vec<u16> = set.cards.iter().map(|c| c.number).collect();
    assert_eq!(numbers, [1, 2, 4, 5]);
    let town = &set.cards[0];
    assert_eq!(
        (town.kind, town.world, town.rarity),
        (CardType::Realm, World::ForgottenRealms, Rarity::Realm)
    );
    assert_eq!(town.attributes, [Attribute::Coastal]);
    assert_eq!(town.phases, [2]);
    assert_eq!(town.power, Power::Unscripted);
    let knight = &set.cards[1];
    assert_eq!(knight.power, Power::NoText, "an empty text is no power");
    assert_eq!(knight.champion_level(), Some(6));
    assert_eq!(
        knight.uses,
        [
            Use::All(Usable::Type(CardType::Ally)),
            Use::All(Usable::Type(CardType::Artifact)),
            Use::Defensive(Usable::Type(CardType::MagicalItem)),
            Use::Offensive(Usable::Type(CardType::MagicalItem)),
        ]
    );
    let stone = &set.cards[3];
    assert_eq!(stone.name, "Création Stone", "a Latin-1 byte is read, not lost");
    assert!(stone.avatar);
    assert_eq!(stone.level.as_ref().unwrap().as_str(), "+5/+2");
    assert_eq!(stone.uses, [Use::All(Usable::DragonUnarmedCombat)]);
    // The RON has no card text in it, and reads back to the same set.
    let ron_text = crossfire::set_file_ron(&set);
    assert!(!ron_text.contains("Our own words") && !ron_text.contains("Latin-1 on purpose"));
    let back: spellfire::cards::SetFile = ron::from_str(&ron_text).unwrap();
    assert_eq!(back, set);
}

#[test]
fn converter_reads_database_powers_afresh_when_refreshing() {
    let (file, bytes) = fixture("TS.tcl");
    let raw = crossfire::read_database_file(&file, &bytes).unwrap();
    let mut existing = crossfire::convert_set(&file, &raw, None).unwrap();
    // An old file saying card 4 has no text, though the database now gives it one: the database
    // wins, so no card is ever marked enforced by a stale file. (Powers written by hand, which
    // the rules issue adds, are the ones kept: `Power::from_database` is false for them.)
    existing.cards[2].power = Power::NoText;
    existing.cards[1].power = Power::Unscripted;
    let refreshed = crossfire::convert_set(&file, &raw, Some(&existing)).unwrap();
    assert_eq!(refreshed.cards[2].power, Power::Unscripted);
    assert_eq!(refreshed.cards[1].power, Power::NoText);
    assert!(Power::NoText.from_database() && Power::Unscripted.from_database());
}

#[test]
fn converter_errors_name_file_line_and_card() {
    let (file, bytes) = fixture("bad-type.tcl");
    let raw = crossfire::read_database_file(&file, &bytes).unwrap();
    let error = crossfire::convert_set(&file, &raw, None).unwrap_err();
    assert_eq!(error.line, 4);
    assert_eq!(error.item.as_deref(), Some("Odd Type"));
    assert!(error.message.contains("unknown card type 99"), "{error}");
    let (file, bytes) = fixture("short-record.tcl");
    let error = crossfire::read_database_file(&file, &bytes).unwrap_err();
    assert_eq!(error.line, 3);
    assert!(error.message.contains("13 fields; this one has 12"), "{error}");
    let error = crossfire::read_database_file("x.tcl", b"set CrossFire::cardDataBase {\n {T}\n {oops").unwrap_err();
    assert_eq!((error.line, error.col), (1, 29));
    assert!(error.message.contains("never closed"));
}

#[test]
fn converter_reads_a_format() {
    let (file, bytes) = fixture("tiny.cff");
    let text = String::from_utf8(bytes).unwrap();
    let format = crossfire::read_format(&file, &text, "tiny", "Tiny", "For tests.").unwrap();
    assert_eq!(format.crossfire, "tiny");
    assert_eq!((format.cards.min, format.cards.max), (5, 5));
    assert_eq!(format.champions.max, 2);
    assert_eq!(format.levels.max, 10);
    assert_eq!(format.type_limit(CardType::Realm).copies, 2);
    assert_eq!(format.type_limit(CardType::Realm).min, 2);
    // Rows that restrict something are kept; those that only repeat the deck size are not.
    assert!(format.rarities.contains_key(&Rarity::Realm) && format.rarities.contains_key(&Rarity::VeryRare));
    assert!(format.worlds.is_empty());
    assert_eq!(format.sets.keys().map(|s| s.as_str()).collect::<Vec<_>>(), ["XX"]);
    assert_eq!(format.banned, [card("TS/4")]);
    let broken = text.replace("Realm              2   3   2", "Realm              2   three   2");
    let error = crossfire::read_format(&file, &broken, "tiny", "Tiny", "").unwrap_err();
    assert_eq!(error.line, 13);
    assert!(error.message.contains("'three' is not a number"), "{error}");
}

#[test]
fn converter_reads_a_crossfire_deck() {
    let (file, bytes) = fixture("tiny.cfd");
    let deck = crossfire::read_cfd(&file, &bytes).unwrap();
    assert_eq!(deck.title, "Tiny Deck");
    assert_eq!(deck.author, "A Tester");
    assert_eq!(deck.notes, "Braces { inside quotes");
    assert_eq!(deck.format, "tiny");
    assert_eq!(deck.cards, [card("TS/1"), card("TS/1"), card("TS/2"), card("TS/4")]);
    let error = crossfire::read_cfd("x.cfd", b"set tempDeckTitle {x}\n").unwrap_err();
    assert!(error.message.contains("not a CrossFire deck"));
}

#[test]
fn a_malformed_set_file_names_file_line_and_column() {
    let mut files = shipped_files();
    files[0].text = files[0].text.replacen("type: Realm", "type: Realmm", 1);
    let error = Catalogue::load(&files).unwrap_err();
    assert_eq!(error.file, "data/spellfire/sets/1st.ron");
    assert_eq!(error.line, 7);
    assert!(error.col > 1);
    assert_eq!(error.item.as_deref(), Some("Waterdeep"));
    let mut files = shipped_files();
    files[1].text = files[1].text.replacen("number: 2,", "number: 1,", 1);
    let error = Catalogue::load(&files).unwrap_err();
    assert!(error.message.contains("2nd/1 is used twice"), "{error}");
    assert_eq!(error.line, 8, "the second card numbered 1: {error}");
}

#[test]
fn search_by_name_reference_and_facts() {
    let catalogue = Catalogue::shipped().unwrap();
    let find = |filter: &CardFilter| -> Vec<&spellfire::Entry> {
        filter
            .apply(&catalogue)
            .iter()
            .map(|&i| &catalogue.entries[i as usize])
            .collect()
    };
    let elminster = find(&CardFilter {
        text: "ELMINSTER THE".into(),
        ..CardFilter::default()
    });
    assert!(elminster.len() >= 4 && elminster.iter().all(|e| e.card.name == "Elminster the Mage"));
    let by_ref = find(&CardFilter {
        text: "1st/44".into(),
        ..CardFilter::default()
    });
    // A reference matches as typed so far: 1st/44, then 1st/440 to 1st/449.
    let refs: Vec<String> = by_ref.iter().map(|e| e.id.to_string()).collect();
    assert_eq!(refs.len(), 11);
    assert_eq!(refs[0], "1st/44");
    assert!(refs.iter().all(|r| r.starts_with("1st/44")));
    let dragons = find(&CardFilter {
        set: Some(SetCode::new("DR").unwrap()),
        kind: Some(TypeChoice::Champions),
        attribute: Some(Attribute::Dragon),
        level_min: Some(10),
        sort: SortKey::Level,
        ..CardFilter::default()
    });
    assert!(!dragons.is_empty());
    assert!(
        dragons
            .iter()
            .all(|e| e.id.set.as_str() == "DR" && e.card.kind.is_champion() && e.card.has(Attribute::Dragon))
    );
    let levels: Vec<i32> = dragons.iter().filter_map(|e| e.card.level.as_ref()?.value()).collect();
    assert!(
        levels.iter().all(|l| *l >= 10) && levels.windows(2).all(|w| w[0] >= w[1]),
        "{levels:?}"
    );
    let enforced = find(&CardFilter {
        enforced_only: true,
        kind: Some(TypeChoice::Only(CardType::Realm)),
        ..CardFilter::default()
    });
    assert!(!enforced.is_empty() && enforced.iter().all(|e| e.card.power.is_enforced()));
    assert!(enforced.iter().any(|e| e.card.power == Power::NoText));
    let by_name = find(&CardFilter {
        world: Some(World::DarkSun),
        rarity: Some(Rarity::Rare),
        sort: SortKey::Name,
        ..CardFilter::default()
    });
    assert!(by_name.windows(2).all(|w| w[0].key <= w[1].key));
    assert!(
        find(&CardFilter {
            text: "no card is called this".into(),
            ..CardFilter::default()
        })
        .is_empty()
    );
}

#[test]
fn a_card_is_described_in_our_words() {
    let catalogue = Catalogue::shipped().unwrap();
    let lines = describe(&catalogue.get(card("1st/44")).unwrap().card);
    assert_eq!(lines[0], "A level 9 wizard.");
    assert!(lines.iter().any(|l| l.starts_with("May use ")), "{lines:?}");
    assert!(
        lines.last().unwrap().contains("is immune to offensive wizard spells"),
        "{lines:?}"
    );
    let maligor = describe(&catalogue.get(card("1st/43")).unwrap().card);
    assert!(maligor.last().unwrap().contains("not scripted yet"), "{maligor:?}");
    let midnight = describe(&catalogue.get(card("1st/46")).unwrap().card);
    assert_eq!(
        midnight[midnight.len() - 2..],
        [
            "While it is in play, a wizard of another player casts a wizard or cleric spell only with the leave of this card's player: after each such spell he allows it, or refuses it and the spell is discarded without acting, if no other card of its name is in play.",
            "When a round begins, it discards every magical item on the other side of the battle.",
        ],
        "{midnight:?}"
    );
    let zhentil = describe(&catalogue.get(card("1st/3")).unwrap().card);
    assert_eq!(zhentil[0], "Defends itself as a level 5 champion.");
}
