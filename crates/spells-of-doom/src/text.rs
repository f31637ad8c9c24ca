//! Cards, creatures and Hero abilities in words, generated from their effect data (never stored
//! prose), for the table's card faces and tooltips and for the log. The numbers come from the
//! data, so a card a player adds reads right too.

use crate::content::{Ability, CardDef, CardKind, Content, CreatureAbility, CreatureDef, Effect, HeroDef};

/// "1 card", "2 cards".
fn count(n: impl Into<u32>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// How far a spell reaches, in words: range is a hex distance (0 = the caster's own hex).
pub fn range_words(range: u8) -> String {
    match range {
        0 => "on your Hero's own hex".into(),
        1 => "on or next to your Hero's hex".into(),
        n => format!("up to {n} hexes from your Hero"),
    }
}

/// What kind of card it is and what using it costs: "Spell · 2 mana · range 3 · Spell of Doom".
pub fn card_heading(def: &CardDef) -> String {
    let kind = match def.kind {
        CardKind::Skill => "Skill".to_string(),
        CardKind::Terrain { cost } => format!("Terrain · reveal for {cost} mana"),
        CardKind::Spell { cost, range } => format!("Spell · {cost} mana · range {range}"),
    };
    match (def.doom, def.counter) {
        (true, _) => format!("{kind} · Spell of Doom"),
        (false, true) => format!("{kind} · Counter"),
        _ => kind,
    }
}

/// What the card does, in words.
pub fn card_text(def: &CardDef, content: &Content) -> String {
    let reach = match def.kind {
        CardKind::Spell { range, .. } => range_words(range),
        _ => String::new(),
    };
    let text = effect_text(&def.effect, content, &reach);
    match def.kind {
        CardKind::Spell { .. } if def.counter => {
            format!("{text} Prepare it to cast on your turn, or hold it in the Reserve to answer on another's.")
        }
        CardKind::Skill if def.counter && !matches!(def.effect, Effect::CounterAttack) => {
            format!("{text} Also playable from the Reserve on another player's turn.")
        }
        _ => text,
    }
}

/// An effect in words; `reach` is the spell's range in words ("up to 3 hexes from your Hero").
pub fn effect_text(effect: &Effect, content: &Content, reach: &str) -> String {
    match effect {
        Effect::GainMana { mana } => format!("Gain {mana} mana."),
        Effect::Run { speed } => format!("A character of yours gets +{speed} Speed this turn."),
        Effect::MagicShield { armor } => {
            format!(
                "A character of yours gets +{armor} Armor until the start of your next turn (Armor stays at most 3)."
            )
        }
        Effect::Heal { hp } => format!("A character of yours restores {hp} HP (never above its maximum)."),
        Effect::FastAttack => "A character of yours may attack twice this turn; a Hero may instead attack and cast \
                               a spell. Once a turn on the same character."
            .into(),
        Effect::TowerConjuration { discount } => format!("Your next building this turn costs {discount} mana less."),
        Effect::Accuracy { dice } => format!(
            "The next attack or spell roll of a character of yours this turn rolls {} more and keeps the best.",
            count(*dice, "die", "dice")
        ),
        Effect::StrongAttack { attack } => {
            format!("A character of yours rolls +{attack} Attack on its next attack this turn (not a spell).")
        }
        Effect::CounterAttack => "From the Reserve only: when an enemy declares an attack or a spell on a \
                                  character of yours, that character strikes the attacker first (same or \
                                  adjacent hex). If the attacker dies, its attack is cancelled."
            .into(),
        Effect::Summoning => "This turn you may summon creatures from your Hero board, paying each one's cost.".into(),
        Effect::FriendlyArea { hp } => format!(
            "Lay it face down with a token. Revealed (at any answer, or on your turn): a character of yours on \
             or next to the token restores {hp} HP."
        ),
        Effect::ExplodingArea { attack } => format!(
            "Lay it face down with a token. Revealed (on your turn, or when an enemy moves onto or next to the \
             token): Attack {attack} on that enemy character."
        ),
        Effect::Volley { rows } => {
            let mut parts = Vec::new();
            for (i, row) in rows.iter().enumerate() {
                let burn = if row.burn > 0 {
                    format!(" and Burn Attack {}", row.burn)
                } else {
                    String::new()
                };
                parts.push(format!(
                    "{}: Attack {}{burn}",
                    count(i as u32 + 1, "card", "cards"),
                    row.attack
                ));
            }
            format!(
                "Attack an enemy character or building {reach}. Cast several together for more, same cost: {}.",
                parts.join("; ")
            )
        }
        Effect::Blast { centre, around, stun } => {
            let stun = if *stun > 0 {
                format!(", and Stun Attack {stun} on each enemy Hero there")
            } else {
                String::new()
            };
            format!(
                "Aim at a hex {reach}: Attack {centre} on every enemy character and building on it and Attack \
                 {around} on those next to it{stun}."
            )
        }
        Effect::FireArrows { max_cards } => format!(
            "Aim at an enemy character {reach} and a hex right behind it. Each card rolls 3 dice, split into \
             high, middle and low groups: the high group is a Burn Attack on the target, the middle an Attack \
             on it, the low an Attack on every enemy in the hex behind. Up to {} together.",
            count(*max_cards, "card", "cards")
        ),
        Effect::Summon { creature, count: n } => {
            let name = content
                .creatures
                .get(creature)
                .map_or_else(|| creature.key().to_string(), |c| c.name.clone());
            let what = if *n == 1 {
                format!("a {name}")
            } else {
                format!("{n} × {name}")
            };
            format!("Summon {what} {reach}.")
        }
        Effect::Stoneskin { armor, max_armor } => format!(
            "Your Hero gets +{armor} Armor until your next upkeep (Armor up to {max_armor}); also cast from \
             the Reserve when your Hero is attacked."
        ),
        Effect::Overpower {
            attack,
            heal,
            armor,
            max_armor,
        } => format!(
            "Attack {attack} on an enemy character or building {reach}; your Hero restores {heal} HP and gets \
             +{armor} Armor until your next upkeep (Armor up to {max_armor})."
        ),
        Effect::HealingWard { hp } => format!(
            "Your Hero and each character of your team {reach} restore {hp} HP. Not the turn's spell: you may \
             still attack or cast another."
        ),
        Effect::BrainMalfunction { rows } => {
            let parts: Vec<String> = rows
                .iter()
                .enumerate()
                .map(|(i, row)| {
                    format!(
                        "{}: Attack {}, {} discarded",
                        count(i as u32 + 1, "card", "cards"),
                        row.attack,
                        count(row.discard, "card", "cards")
                    )
                })
                .collect();
            format!(
                "Attack an enemy character {reach}; if it is a Hero, its player discards cards at random. {}.",
                parts.join("; ")
            )
        }
        Effect::Decoy { roll } => format!(
            "From the Reserve, when Hypnor is attacked: roll a die. On {roll}+ pay its cost, strike the \
             attacker if it is in reach and step to an adjacent hex; the attack is cancelled if it no longer \
             reaches. On a miss the card stays and costs nothing."
        ),
        Effect::Ensnare { centre, around } => format!(
            "Aim at a hex with or next to a Terrain token, anywhere on the board: Attack {centre} on every \
             enemy on it and Attack {around} on those next to it. Also cast from the Reserve on another \
             player's turn."
        ),
        Effect::MentalSlap { attack, brain_damage } => format!(
            "Attack {attack} on an enemy character {reach}; on a Hero also a Brain Damage Attack {brain_damage}."
        ),
    }
}

/// A creature's special ability in words.
pub fn creature_ability_text(ability: CreatureAbility) -> &'static str {
    match ability {
        CreatureAbility::ReadyToFight => "Ready to Fight: may move and attack the turn it is summoned",
        CreatureAbility::Fast => "Fast: Speed 3",
        CreatureAbility::BurnAttack => "Burn Attack: each of its attacks also makes a Burn Attack 1",
        CreatureAbility::StunAttack => "Stun Attack: each of its attacks also makes a Stun Attack 1",
    }
}

/// A creature's statistics and abilities: "HP 10 · Armor 2 · Attack 2 · Speed 2. Fast: …".
pub fn creature_text(def: &CreatureDef) -> String {
    let cost = def.cost.map_or("summoned only by its spell".to_string(), |c| {
        format!("summons for {c} mana")
    });
    let mut text = format!(
        "HP {} · Armor {} · Attack {} · Speed {} · {cost}.",
        def.hp,
        def.armor,
        def.attack,
        def.speed()
    );
    for ability in &def.abilities {
        text.push(' ');
        text.push_str(creature_ability_text(*ability));
        text.push('.');
    }
    if def.special_instead {
        text.push_str(" It may make its special attack alone instead of its normal attack.");
    }
    if !def.abilities.contains(&CreatureAbility::ReadyToFight) {
        text.push_str(" Waits a turn after it is summoned.");
    }
    text
}

/// A Hero's own ability in words.
pub fn hero_ability_text(ability: &Ability) -> String {
    match ability {
        Ability::FireAttack { mana, dice } => format!(
            "Fire Attack: when attacking, pay {mana} mana to roll {} more.",
            count(*dice, "die", "dice")
        ),
        Ability::Regenerate { hp } => format!("Regenerate: restores {hp} HP at the start of each of its upkeeps."),
        Ability::BeastCaller { discount } => format!(
            "Beast Caller: each creature summoned with the Summoning skill costs {discount} mana less (at least 1)."
        ),
        Ability::MindReach { range } => format!(
            "Mind Reach: the Hero's spells reach {} further.",
            count(*range, "hex", "hexes")
        ),
    }
}

/// A Hero board in words: HP, Speed, the Armor and Attack tracks, and its ability.
pub fn hero_text(def: &HeroDef) -> String {
    let track = |steps: &[u8]| steps.iter().map(u8::to_string).collect::<Vec<_>>().join(" → ");
    format!(
        "HP {} · Speed {} · Armor track {} · Attack track {}. {}",
        def.hp,
        def.speed,
        track(&def.armor),
        track(&def.attack),
        hero_ability_text(&def.ability)
    )
}

/// Whether a skill is played on a character (the Hero or a creature) rather than for the player.
pub(crate) fn skill_aims_at_character(effect: &Effect) -> bool {
    matches!(
        effect,
        Effect::Run { .. }
            | Effect::MagicShield { .. }
            | Effect::Heal { .. }
            | Effect::StrongAttack { .. }
            | Effect::Accuracy { .. }
            | Effect::FastAttack
            | Effect::CounterAttack
    )
}

/// What a skill just did, for the log ("+1 Attack on its next attack this turn").
pub(crate) fn played_words(effect: &Effect) -> String {
    match effect {
        Effect::GainMana { mana } => format!("+{mana} mana"),
        Effect::Run { speed } => format!("+{speed} Speed this turn"),
        Effect::MagicShield { armor } => format!("+{armor} Armor until its player's next turn"),
        Effect::Heal { hp } => format!("restores up to {hp} HP"),
        Effect::FastAttack => "may attack twice this turn (a Hero: or attack and cast)".into(),
        Effect::TowerConjuration { discount } => format!("the next building this turn costs {discount} mana less"),
        Effect::Accuracy { dice } => format!(
            "its next attack or spell roll this turn rolls {} more and keeps the best",
            count(*dice, "die", "dice")
        ),
        Effect::StrongAttack { attack } => format!("+{attack} Attack on its next attack this turn"),
        Effect::CounterAttack => "strikes the attacker first".into(),
        Effect::Summoning => "creatures may be summoned this turn".into(),
        // Spells are prepared and Terrain is laid, never played as a skill.
        _ => "takes effect".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every card, creature and Hero of the shipped content reads in words, with its numbers.
    #[test]
    fn every_card_creature_and_hero_has_words_from_its_data() {
        let content = Content::shipped().unwrap();
        for card in content.cards.items() {
            let text = card_text(card, &content);
            assert!(text.len() > 10 && !text.contains('{'), "{}: {text}", card.name);
            match &card.effect {
                Effect::Volley { rows } => {
                    for row in rows {
                        assert!(text.contains(&format!("Attack {}", row.attack)), "{text}");
                    }
                }
                Effect::MentalSlap { attack, brain_damage } => {
                    assert!(text.contains(&format!("Attack {attack}")), "{text}");
                    assert!(text.contains(&format!("Brain Damage Attack {brain_damage}")), "{text}");
                }
                Effect::Summon { creature, .. } => {
                    let name = &content.creatures.get(creature).unwrap().name;
                    assert!(text.contains(name.as_str()), "{text}");
                }
                _ => {}
            }
        }
        for creature in content.creatures.items() {
            let text = creature_text(creature);
            assert!(text.contains(&format!("HP {}", creature.hp)), "{text}");
            assert!(text.contains(&format!("Armor {}", creature.armor)), "{text}");
        }
        for hero in content.heroes.items() {
            assert!(hero_text(hero).contains(&format!("HP {}", hero.hp)));
        }
    }

    #[test]
    fn a_played_skill_says_what_it_did() {
        assert_eq!(
            played_words(&Effect::StrongAttack { attack: 1 }),
            "+1 Attack on its next attack this turn"
        );
        assert!(skill_aims_at_character(&Effect::Run { speed: 1 }));
        assert!(!skill_aims_at_character(&Effect::GainMana { mana: 1 }));
    }
}
