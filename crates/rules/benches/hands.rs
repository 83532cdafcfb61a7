//! The hand checker's speed: checked deals per second on one core (release build), for
//! 52-card deals (Double King's trump game and C, King's récup, Rikken) and Double Lucky 7.
//! `cargo bench -p atout-rules --bench hands`; figures in docs/performance.md.

use atout_rules::play::Card;
use atout_rules::GameId;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Map, Value};
use std::time::Instant;

/// As the shipped programs allocate (the CLI and the window use mimalloc).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `n` records of `game` dealt at random and played out at random, each card legal.
fn records(game: GameId, deal: Value, extra: Value, seats: usize, cards: usize, n: usize) -> Vec<Value> {
    let rules = game.rules(&Map::new()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    (0..n)
        .map(|_| {
            let deck = if game == GameId::DoubleLucky7 { atout_rules::play::Deck::Lucky } else { atout_rules::play::Deck::French };
            let mut all: Vec<Card> = deck.cards();
            all.shuffle(&mut rng);
            let dealt: Vec<Vec<String>> = all.chunks(cards).take(seats).map(|h| h.iter().map(|c| deck.name(*c)).collect()).collect();
            let mut hand = json!({"cards": dealt, "play": []});
            if let (Value::Object(h), Value::Object(e)) = (&mut hand, extra.clone()) {
                h.extend(e);
            }
            let mut record = json!({"format": "atout-hand/1", "game": game.code(), "seats": seats, "dealer": 1, "deal": deal, "hand": hand});
            let mut state = rules.hand_replay(&record).unwrap().state.unwrap();
            let mut play = vec![];
            while state.to_play().is_some() {
                let card = *state.legal().choose(&mut rng).unwrap();
                state.play(card);
                play.push(deck.name(card));
            }
            record["hand"]["play"] = json!(play);
            record
        })
        .collect()
}

fn main() {
    let n = 20_000;
    println!("{:<28} {:>8} {:>14}", "deals", "checked", "deals/s");
    for (label, game, deal, extra, seats, cards) in [
        ("Double King T (52 cards)", GameId::DoubleKing, json!({"contract": "T", "trump": "spades"}), json!({}), 4, 13),
        ("Double King C (52 cards)", GameId::DoubleKing, json!({"contract": "C"}), json!({}), 4, 13),
        ("King récup (52 cards)", GameId::King, json!({"game": "recup", "trump": "hearts"}), json!({}), 4, 13),
        ("Rikken rik (52 cards)", GameId::Rikken, json!({"contract": "rik", "declarer": 2}), json!({"trump": "clubs", "called": "hearts"}), 4, 13),
        ("Double Lucky 7, 7 × 7", GameId::DoubleLucky7, json!({"cards": 7, "bids": vec![0; 7], "tricks": vec![0; 7]}), json!({"trump": "hearts"}), 7, 7),
    ] {
        let all = records(game, deal, extra, seats, cards, n);
        let rules = game.rules(&Map::new()).unwrap();
        // One pass to warm up, then the median of five timed passes. `HANDS_REPEAT=K` makes
        // each pass check every deal K times (for a profile of the checking alone).
        let repeat: usize = std::env::var("HANDS_REPEAT").ok().and_then(|r| r.parse().ok()).unwrap_or(1);
        let pass = || {
            let started = Instant::now();
            let mut legal = 0;
            for _ in 0..repeat {
                for r in &all {
                    legal += usize::from(rules.hand_check(r).unwrap()["legal"] == true);
                }
            }
            assert_eq!(legal, n * repeat, "every deal played legally");
            started.elapsed().as_secs_f64()
        };
        pass();
        let mut times: Vec<f64> = (0..5).map(|_| pass()).collect();
        times.sort_by(f64::total_cmp);
        let took = times[2];
        let n = n * repeat;
        println!("{label:<28} {n:>8} {:>14.0}", n as f64 / took);
    }
}
