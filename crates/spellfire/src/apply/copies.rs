//! Powers that choose a way (`Effect::ChooseOne`, answered with `Action::ChooseOption`) and items
//! that copy another champion's level or special power for the champion carrying them
//! (`CopyLevel`, `CopyPower`: Johydee's Mask). What is copied is chosen as the item is put on a
//! champion (`Trigger::Attached`, SF-206), kept in `Tracks::copies`, and read wherever the
//! carrier's level or powers are read, for as long as he carries the item.

use spellhall_core::Seat;

use crate::effects::{Ability, Effect, Trigger};
use crate::event::Event;
use crate::state::{CardId, Content, Copied, CopiedWhat, Pending, Pick, Spellfire};

/// A card's abilities (`abilities_of`, `abilities_in`): its own, then those it copies.
pub(crate) type Abilities<'c> = std::iter::Chain<std::slice::Iter<'c, Ability>, std::slice::Iter<'c, Ability>>;

impl Spellfire {
    /// The champion carrying `item`, in a pool or a battle.
    pub(crate) fn carrier_of(&self, item: CardId) -> Option<CardId> {
        let pools = self.players.iter().flat_map(|p| p.pool.iter());
        if let Some(champion) = pools.into_iter().find(|c| c.attachments.contains(&item)) {
            return Some(champion.card);
        }
        let battle = self.battle.iter().flat_map(|b| [&b.attacking, &b.defending]).flatten();
        battle.filter(|f| f.attachments.contains(&item)).map(|f| f.card).next()
    }

    /// The champion whose `what` the item `champion` carries copies for him, if any.
    pub(crate) fn copied_from(&self, champion: CardId, what: CopiedWhat) -> Option<CardId> {
        // The champion's items are looked for only when something of this kind is copied.
        if !self.tracks.copies.iter().any(|c| c.what == what) {
            return None;
        }
        let carried = self.attachments_of(champion);
        self.tracks
            .copies
            .iter()
            .find(|c| c.what == what && carried.contains(&c.item))
            .map(|c| c.from)
    }

    /// The abilities of `card`: its own, and for a champion the special power an item he carries
    /// copies from another (acting as his own).
    #[inline]
    pub(crate) fn abilities_of(&self, card: CardId) -> Abilities<'_> {
        self.abilities_in(&self.content, card)
    }

    /// `abilities_of`, read from `content` (the game's own, taken apart from the state: see
    /// `card_in`), so that they may act while the state changes without a copy of them made
    /// first. Which abilities they are is settled as this is asked.
    #[inline]
    pub(crate) fn abilities_in<'c>(&self, content: &'c Content, card: CardId) -> Abilities<'c> {
        // Most games copy no power and keep no champion as an ally: their cards' abilities are
        // their own, found without a search (this is asked of every card in play, often, so this
        // much is inlined where it is asked and the search is not).
        if self.tracks.copies.is_empty() && self.tracks.kept.is_empty() {
            return self.card_in(content, card).power.abilities().iter().chain(&[]);
        }
        self.abilities_copied_or_kept(content, card)
    }

    /// `abilities_in` while some item copies a power or some champion is kept as an ally.
    #[inline(never)]
    fn abilities_copied_or_kept<'c>(&self, content: &'c Content, card: CardId) -> Abilities<'c> {
        let copied = self
            .copied_from(card, CopiedWhat::Power)
            .map_or(&[][..], |from| self.card_in(content, from).power.abilities());
        // A champion kept as an ally has no special powers (Death Rock).
        let own = match self.kept(card) {
            Some(_) => &[][..],
            None => self.card_in(content, card).power.abilities(),
        };
        own.iter().chain(copied)
    }

    /// The ability of `card` (its own or a copied one) usable as an answer in an event pause.
    pub(crate) fn pause_answer_of(&self, card: CardId) -> Option<&Ability> {
        self.abilities_of(card).find(|a| a.when == Trigger::EventPause)
    }

    /// A champion's level before anything in a round changes it: the printed one, or the one an
    /// item he carries copies from another champion.
    pub(crate) fn champion_level(&self, card: CardId) -> i32 {
        let from = self.copied_from(card, CopiedWhat::Level).unwrap_or(card);
        self.icon_value(from)
    }

    /// The cards a copy may take from: any champion in play (not the carrier himself); for a
    /// special power, only one that has a scripted power to copy.
    pub(crate) fn copy_candidates(&self, source: CardId, effect: &Effect, by: Seat) -> Vec<CardId> {
        let (target, power) = match effect {
            Effect::CopyLevel(target) => (target, false),
            Effect::CopyPower(target) => (target, true),
            _ => return Vec::new(),
        };
        let carrier = self.carrier_of(source);
        let mut out = self.candidates(source, target, by);
        out.retain(|&c| Some(c) != carrier && (!power || !self.card(c).power.abilities().is_empty()));
        out
    }

    /// The ways of a `ChooseOne` pick its chooser may take now: those that find something to act
    /// on.
    pub(crate) fn pick_options(&self, pick: &Pick) -> Vec<u8> {
        let Effect::ChooseOne(all) = &pick.effect else {
            return Vec::new();
        };
        (0..all.len())
            .filter(|&i| !self.lacks_choice(pick.source, &all[i], pick.seat))
            .filter_map(|i| u8::try_from(i).ok())
            .collect()
    }

    /// The seat on top of the stack chose way `index` of its `ChooseOne` pick: that way asks its
    /// own choices.
    pub(crate) fn choose_option(&mut self, index: u8, events: &mut Vec<Event>) {
        let Some(Pending::Pick(pick)) = self.pending.pop() else {
            return;
        };
        let Effect::ChooseOne(all) = &pick.effect else {
            return;
        };
        let Some(way) = all.get(usize::from(index)) else {
            return;
        };
        events.push(Event::WayChosen {
            seat: pick.seat,
            card: self.card_name(pick.source),
            way: way.describe(),
        });
        self.begin_choices(way, pick.source, pick.seat, &[], events);
    }

    /// `item`, just put on a champion by `seat`: what it copied before is forgotten, and its
    /// `Attached` powers ask their choices.
    pub(crate) fn item_attached(&mut self, seat: Seat, item: CardId, events: &mut Vec<Event>) {
        self.tracks.copies.retain(|c| c.item != item);
        let abilities: Vec<Ability> = self
            .card(item)
            .power
            .abilities()
            .iter()
            .filter(|a| a.when == Trigger::Attached)
            .cloned()
            .collect();
        for ability in abilities.iter().rev() {
            self.begin_choices(&ability.effect, item, seat, &[], events);
        }
        self.kind_on_attach(item, seat, events);
    }

    /// `CopyLevel` or `CopyPower` of `source` (an item) on the chosen champion `from`: the item's
    /// carrier takes that level or power while he carries it.
    pub(crate) fn copy_onto_carrier(
        &mut self,
        effect: &Effect,
        source: CardId,
        by: Seat,
        from: CardId,
        events: &mut Vec<Event>,
    ) {
        let what = match effect {
            Effect::CopyLevel(_) => CopiedWhat::Level,
            _ => CopiedWhat::Power,
        };
        let Some(champion) = self.carrier_of(source) else {
            return;
        };
        self.tracks.copies.retain(|c| c.item != source);
        self.tracks.copies.push(Copied {
            item: source,
            from,
            what,
        });
        events.push(Event::Copied {
            seat: by,
            item: self.card_name(source),
            champion: self.card_name(champion),
            from: self.card_name(from),
            level: what == CopiedWhat::Level,
        });
    }
}
