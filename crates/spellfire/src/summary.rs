//! The rules in brief, for the app's Rules window: written here, next to the numbers they quote
//! (the format's draw and hand limit), so that the app restates none of them.

use crate::catalogue::format::Format;

/// The rules of Spellfire in a few paragraphs, with the numbers of decks built for `format`.
pub fn rules_summary(format: &Format) -> String {
    let draw = format.draw_per_turn();
    let hand = format.hand_limit();
    let name = &format.name;
    format!(
        "Win with a formation full of unrazed realms (the pyramid A; B C; D E F), or with the most \
         unrazed realms when the draw piles run out.\n\n\
         Each turn: 0 you may put a rule card into play; 1 draw ({draw} cards with {name} decks); \
         2 one realm action (play a realm, front first, or rebuild or replace a razed one) and one \
         holding on one of your realms; 3 put champions into your pool, give them magical items and \
         artifacts, use phase-3 spells; 4 attack one realm of one other player that your champion can \
         reach (the front realms, or further with movement powers): the defender sends a champion, \
         or lets the realm be razed; 5 phase-5 spells, then discard down to {hand} cards; 6 end the \
         turn.\n\n\
         Combat: the side with the lower total (level plus bonuses; a tie goes to the defender) is \
         losing and plays one card at a time (an ally, a spell its champion can cast, an item) or \
         passes and loses the round. The attacker who wins razes the realm and takes spoils; the \
         attacker may then send another champion.\n\n\
         Events may be played at any time: after each event every other player, clockwise, may \
         answer it (the event pause)."
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::format::Formats;

    #[test]
    fn the_summary_quotes_each_formats_draw_and_hand_limit() {
        let formats = Formats::shipped().expect("the shipped formats load").formats;
        for id in ["55", "110"] {
            let format = formats.iter().find(|f| f.id == id).expect("a shipped format");
            let text = rules_summary(format);
            let draw = format!("draw ({} cards", format.draw_per_turn());
            let hand = format!("discard down to {} cards", format.hand_limit());
            assert!(text.contains(&draw) && text.contains(&hand), "{id}: {text}");
        }
    }
}
