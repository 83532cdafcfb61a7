//! Seating that plans ahead: repeats and time per instance (release build).
//! `cargo bench -p atout-rules --bench seating`; figures in docs/performance.md.

use atout_rules::draw::{draw, History};
use atout_rules::planner::{bye_rounds, plan, Effort};
use atout_rules::TablePlan;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// Today's draw, round by round (greedy): its repeats over all rounds.
fn greedy(players: usize, rounds: usize, seed: u64) -> u32 {
    let keys: Vec<u64> = (0..players as u64).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut history = History::new();
    let mut repeats = 0;
    for _ in 0..rounds {
        let d = draw(&mut rng, &keys, &TablePlan::fixed(players, 4).unwrap(), &history).unwrap();
        repeats += d.repeats;
        for t in &d.tables {
            history.table(&t.seats);
        }
        for b in &d.byes {
            history.bye(*b);
        }
    }
    repeats
}

fn main() {
    println!("{:>8} {:>6} {:>14} {:>10} {:>10}", "players", "rounds", "repeats today", "planned", "time");
    for (players, rounds) in [(16, 5), (20, 5), (32, 8), (32, 10), (18, 5), (100, 5), (200, 8), (200, 10)] {
        let keys: Vec<u64> = (0..players as u64).collect();
        let plan_sizes = TablePlan::fixed(players, 4).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let started = Instant::now();
        let byes = bye_rounds(&mut rng, &keys, plan_sizes.byes, rounds, &History::new(), &[]);
        let schedule = plan(&mut rng, &keys, &vec![plan_sizes.sizes.clone(); rounds], &byes, &History::new(), Effort::default());
        let took = started.elapsed();
        println!("{players:>8} {rounds:>6} {:>14} {:>10} {:>8.0} ms", greedy(players, rounds, 7), schedule.repeats, took.as_secs_f64() * 1000.0);
    }
}
