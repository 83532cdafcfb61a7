//! The claim checker's speed (docs/performance.md "Claims"), release build, one core:
//! claims with up to six tricks left; whole 13-card deals of Rikken and Double King solved
//! from the first card (the most and the fewest, as `atout hand solve` asks); Double Lucky 7
//! at seven seats of seven cards. Nodes per second too, which sets `solve::NODE_BUDGET`.
//! `cargo bench -p atout-rules --bench solve` (`SOLVE_DEALS=N` for fewer whole deals;
//! `SOLVE_MOST_ONLY=1` leaves out the fewest of the 13-trick deals, which alone reaches the
//! budget on some, so that the 1,000 deals run in minutes).

use atout_rules::play::{Deal, Deck};
use atout_rules::solve::{self, Aim, Claim, Solver};
use atout_rules::GameId;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Map, Value};
use std::time::Instant;

/// As the shipped programs allocate (the CLI and the window use mimalloc).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A deal of `game` dealt at random, before its first card; the side of a random seat.
fn dealt(game: GameId, deal: Value, extra: Value, seats: usize, cards: usize, rng: &mut ChaCha8Rng) -> (Deal, Vec<usize>) {
    let rules = game.rules(&Map::new()).unwrap();
    let deck = if game == GameId::DoubleLucky7 { Deck::Lucky } else { Deck::French };
    let mut all = deck.cards();
    all.shuffle(rng);
    let hands: Vec<Vec<String>> = all.chunks(cards).take(seats).map(|h| h.iter().map(|c| deck.name(*c)).collect()).collect();
    let mut hand = json!({"cards": hands, "play": []});
    if let (Value::Object(h), Value::Object(e)) = (&mut hand, extra) {
        h.extend(e);
    }
    let record = json!({"format": "atout-hand/1", "game": game.code(), "seats": seats, "dealer": 1, "deal": deal, "hand": hand});
    let checked = rules.hand_replay(&record).unwrap();
    let state = checked.state.unwrap();
    let seat = rng.random_range(1..=seats);
    let side = solve::side_of(&state, checked.pair, seat).unwrap();
    (state, side)
}

fn percentile(times: &mut [f64], p: f64) -> f64 {
    times.sort_by(f64::total_cmp);
    let i = ((times.len() as f64 - 1.0) * p).round() as usize;
    times[i]
}

fn report(label: &str, times: &mut [f64], nodes: u64, stopped: usize) {
    let total: f64 = times.iter().sum();
    let n = times.len();
    println!(
        "{label:<40} {n:>6} {stopped:>8} {:>10.2} {:>10.2} {:>10.2} {:>10.2} {:>12.0}",
        percentile(times, 0.5) * 1e3,
        percentile(times, 0.95) * 1e3,
        percentile(times, 1.0) * 1e3,
        total / n as f64 * 1e3,
        nodes as f64 / total
    );
}

fn rik(rng: &mut ChaCha8Rng) -> (Value, Value) {
    let suits = ["spades", "hearts", "diamonds", "clubs"];
    (json!({"contract": "rik", "declarer": rng.random_range(1..=4)}), json!({"trump": suits.choose(rng), "called": suits.choose(rng)}))
}

fn double_king(rng: &mut ChaCha8Rng) -> (Value, Value) {
    let suits = ["spades", "hearts", "diamonds", "clubs"];
    let contract = *["A", "B", "C", "D", "E", "F", "T"].choose(rng).unwrap();
    let deal = if contract == "T" { json!({"contract": "T", "trump": suits.choose(rng)}) } else { json!({"contract": contract}) };
    (deal, json!({}))
}

fn main() {
    let whole: usize = std::env::var("SOLVE_DEALS").ok().and_then(|r| r.parse().ok()).unwrap_or(1000);
    let mut rng = ChaCha8Rng::seed_from_u64(36);
    println!("{:<40} {:>6} {:>8} {:>10} {:>10} {:>10} {:>10} {:>12}", "what", "n", "stopped", "p50 ms", "p95 ms", "max ms", "mean ms", "nodes/s");

    // Claims with up to six tricks left: random deals played at random to 6 tricks left
    // (and a random number of cards into the seventh-last trick), the claim the side's best.
    let claims = if std::env::var("SOLVE_WHOLE_ONLY").is_ok() {
        vec![]
    } else {
        vec![("claim, ≤ 6 tricks left, Rikken", GameId::Rikken), ("claim, ≤ 6 tricks left, Double King", GameId::DoubleKing)]
    };
    for (label, game) in claims {
        let mut times = vec![];
        let mut nodes = 0;
        for _ in 0..1000 {
            let (deal, extra) = if game == GameId::Rikken { rik(&mut rng) } else { double_king(&mut rng) };
            let (mut d, side) = dealt(game, deal, extra, 4, 13, &mut rng);
            let into = rng.random_range(0..4);
            while solve::remaining(&d) > 6 || d.trick().len() < into {
                let card = *d.legal().choose(&mut rng).unwrap();
                d.play(card);
            }
            let started = Instant::now();
            let mut s = Solver::new(&d, &side, Aim::Most, u64::MAX);
            let at = s.position(&d);
            let best = s.value(&at).unwrap();
            let judged = solve::judge(&d, &side, Claim::AtLeast(best + 1), u64::MAX);
            times.push(started.elapsed().as_secs_f64());
            assert_eq!(judged.holds, Some(false));
            nodes += s.nodes();
        }
        report(label, &mut times, nodes, 0);
    }

    // Whole deals from the first card: the most alone ("could it have been made?"), then
    // the most and the fewest (`atout hand solve`), each search within `NODE_BUDGET`.
    let budget = std::env::var("SOLVE_BUDGET").ok().and_then(|b| b.parse().ok()).unwrap_or(solve::NODE_BUDGET);
    let most_only = std::env::var("SOLVE_MOST_ONLY").is_ok();
    for (label, game) in [("whole deal, Rikken rik (13 tricks)", GameId::Rikken), ("whole deal, Double King (13 tricks)", GameId::DoubleKing)] {
        let (mut most_times, mut both_times) = (vec![], vec![]);
        let (mut most_nodes, mut both_nodes, mut most_stopped, mut both_stopped) = (0, 0, 0, 0);
        for _ in 0..whole {
            let (deal, extra) = if game == GameId::Rikken { rik(&mut rng) } else { double_king(&mut rng) };
            let (d, side) = dealt(game, deal, extra, 4, 13, &mut rng);
            let started = Instant::now();
            let mut most = Solver::new(&d, &side, Aim::Most, budget);
            let at = most.position(&d);
            let m = most.value(&at);
            let most_took = started.elapsed().as_secs_f64();
            let mn = most.nodes();
            drop(most);
            let mut fewest = Solver::new(&d, &side, Aim::Fewest, if most_only { 0 } else { budget });
            let f = if most_only { Ok(0) } else { fewest.value(&at) };
            let took = started.elapsed().as_secs_f64();
            most_times.push(most_took);
            both_times.push(took);
            most_nodes += mn;
            most_stopped += usize::from(m.is_err());
            both_stopped += usize::from(m.is_err() || f.is_err());
            both_nodes += mn + fewest.nodes();
            if std::env::var("SOLVE_VERBOSE").is_ok() {
                eprintln!("{label}: most {m:?} in {most_took:.3} s ({mn} nodes), fewest {f:?} in {:.3} s ({} nodes)", took - most_took, fewest.nodes());
            }
        }
        report(&format!("{label}, most"), &mut most_times, most_nodes, most_stopped);
        if !most_only {
            report(&format!("{label}, most and fewest"), &mut both_times, both_nodes, both_stopped);
        }
    }

    // Double Lucky 7, seven seats of seven cards, from the first card.
    let (mut times, mut stopped, mut nodes) = (vec![], 0, 0);
    for _ in 0..(whole / 10).max(10) {
        let trump = *["spades", "hearts", "diamonds"].choose(&mut rng).unwrap();
        let (d, side) = dealt(GameId::DoubleLucky7, json!({"cards": 7, "bids": vec![0; 7], "tricks": vec![0; 7]}), json!({"trump": trump}), 7, 7, &mut rng);
        let started = Instant::now();
        let mut most = Solver::new(&d, &side, Aim::Most, budget);
        let at = most.position(&d);
        let m = most.value(&at);
        let mut fewest = Solver::new(&d, &side, Aim::Fewest, budget);
        let f = fewest.value(&at);
        times.push(started.elapsed().as_secs_f64());
        stopped += usize::from(m.is_err() || f.is_err());
        nodes += most.nodes() + fewest.nodes();
    }
    report("whole deal, Double Lucky 7, 7 × 7, both", &mut times, nodes, stopped);
}
