//! What a seat cannot see, dealt again or sampled: the other players' hands, Reserves, face-down
//! Terrain cards, discard piles and decks, its own deck's order, and the dice to come.
//! [`Redeal`] is the privacy property's re-deal; [`Determinise`] is the game a computer looks
//! ahead in, built from its view alone (the board, the Hero boards and the turn are public).

use std::sync::Arc;

use spellhall_core::{Determinise, Game, GameRng, Pile, Redeal, Seat};

use crate::state::{CardId, Config, Player};
use crate::{Content, SpellsOfDoom, View};

impl Redeal for SpellsOfDoom {
    /// Each other player's hidden cards shuffled together and dealt back to the same places
    /// (Terrain cards keep their tokens' hexes); `seat`'s own deck shuffled.
    fn redeal_hidden_from(&mut self, seat: Seat, rng: &mut GameRng) {
        for (index, player) in self.players.iter_mut().enumerate() {
            if index == seat.index() {
                player.deck.shuffle(rng);
                continue;
            }
            let mut hidden = hidden_cards(player);
            rng.shuffle(&mut hidden);
            let mut deal = |count: usize| hidden.split_off(hidden.len() - count);
            player.hand = deal(player.hand.len());
            player.reserve = deal(player.reserve.len());
            player.discard = deal(player.discard.len());
            for (card, _) in &mut player.terrain {
                *card = deal(1)[0];
            }
            player.deck = Pile::from_top_down(hidden);
        }
    }
}

/// A player's cards that are hidden from the others: all but the prepared spells (face up).
fn hidden_cards(player: &mut Player) -> Vec<CardId> {
    let mut hidden = player.deck.take_all();
    hidden.extend(&player.hand);
    hidden.extend(&player.reserve);
    hidden.extend(&player.discard);
    hidden.extend(player.terrain.iter().map(|(card, _)| *card));
    hidden
}

impl Determinise for SpellsOfDoom {
    fn sample_from_view(view: &View, content: &Arc<Content>, rng: &mut GameRng) -> Self {
        let config = Config {
            heroes: view.heroes.iter().map(|h| h.hero_id.clone()).collect(),
        };
        // Set up a game of the same Heroes (its own random generator, drawn from `rng`), then put
        // in what the view shows and deal the rest at random.
        let mut game = <SpellsOfDoom as Game>::new(&config, content, rng.next_u64())
            .expect("the Heroes of a game in progress set up a game");
        for (hero, player) in view.heroes.iter().zip(&mut game.players) {
            let state = &mut player.hero;
            state.hp = hero.hp;
            state.armor_step = hero.armor_step;
            state.attack_step = hero.attack_step;
            state.at = hero.at;
            state.burn = hero.burn;
            state.brain_damage = hero.brain_damage;
            state.stunned = hero.stunned;
            state.shield = hero.shield;
            state.stoneskin = hero.stoneskin;
            player.mana = hero.mana;
            player.spells = hero.spell_cards.clone();
            let mine = hero.seat == view.viewer;
            let tokens: Vec<_> = view
                .terrain_tokens
                .iter()
                .filter(|(s, _)| *s == hero.seat)
                .map(|(_, at)| *at)
                .collect();
            let known: Vec<CardId> = if mine {
                let own = view.hand.iter().chain(&view.reserve).map(|(card, _)| *card);
                own.chain(view.terrain.iter().map(|(card, _, _)| *card)).collect()
            } else {
                Vec::new()
            };
            let deck_size = content.decks.get(&hero.hero_id).map_or(0, Vec::len);
            let mut unseen: Vec<CardId> = (0..deck_size as u16)
                .map(CardId)
                .filter(|card| !known.contains(card) && !hero.spell_cards.contains(card))
                .collect();
            rng.shuffle(&mut unseen);
            let mut deal = |count: usize| unseen.split_off(unseen.len().saturating_sub(count));
            if mine {
                player.hand = view.hand.iter().map(|(card, _)| *card).collect();
                player.reserve = view.reserve.iter().map(|(card, _)| *card).collect();
                player.terrain = view.terrain.iter().map(|(card, _, at)| (*card, *at)).collect();
            } else {
                player.hand = deal(hero.hand_count);
                player.reserve = deal(hero.reserve_count);
                player.terrain = tokens.iter().filter_map(|&at| Some((deal(1).pop()?, at))).collect();
            }
            player.discard = deal(hero.discard_count);
            player.deck = Pile::from_top_down(deal(hero.deck_count));
        }
        game.shrines = view.shrines.clone();
        game.buildings = view.buildings.clone();
        game.creatures = view.creatures.clone();
        game.turn = view.turn;
        game.active = view.active;
        game.first = view.first;
        game.vp = view.vp;
        game.phase = view.phase;
        game.flags = view.flags.clone();
        game.window = view.window.clone();
        game.outcome = view.outcome.clone();
        game
    }
}
