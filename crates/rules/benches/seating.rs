//! Seating that plans ahead: repeats and time per field (release build).
//! `cargo bench -p atout-rules --bench seating`; figures in docs/performance.md.
//! `-- --only PLAYERSxROUNDS` runs one field.

use atout_rules::draw::{greedy_repeats, History};
use atout_rules::planner::{next_round, schedule, NextRound, PastRound, Seating};
use atout_rules::TablePlan;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// Repeats counted from the schedule itself: every pair, the times it met beyond the first.
fn counted(rounds: &[(Vec<Vec<u64>>, Vec<u64>)], players: usize) -> u32 {
    let mut met = vec![0u32; players * players];
    for (tables, _) in rounds {
        for t in tables {
            for (i, a) in t.iter().enumerate() {
                for b in &t[i + 1..] {
                    met[*a.min(b) as usize * players + *a.max(b) as usize] += 1;
                }
            }
        }
    }
    met.iter().map(|m| m.saturating_sub(1)).sum()
}

fn main() {
    let only: Option<String> = std::env::args().skip_while(|a| a != "--only").nth(1);
    let four = |n: usize| TablePlan::fixed(n, 4).unwrap();
    let fives = |n: usize| TablePlan::fixed(n, 5).unwrap();
    // Rikken: tables of four, the players left over at tables of five.
    let rikken = |n: usize| {
        let tables = n / 4;
        let f = (n - 4 * tables).min(tables);
        TablePlan { sizes: (0..tables).map(|i| if i < f { 5 } else { 4 }).collect(), byes: n - 4 * tables - f }
    };
    // Double Lucky 7: about four a table, 2 to 7.
    let even = |n: usize| TablePlan::even(n, 4, 2..=7).unwrap();
    let fields: Vec<(&str, usize, usize, TablePlan)> = vec![
        ("4", 12, 12, four(12)),
        ("4", 16, 5, four(16)),
        ("4", 16, 12, four(16)),
        ("4", 20, 5, four(20)),
        ("4", 24, 7, four(24)),
        ("4", 28, 9, four(28)),
        ("4", 32, 10, four(32)),
        ("4", 36, 11, four(36)),
        ("4", 40, 13, four(40)),
        ("4", 52, 17, four(52)),
        ("4", 64, 21, four(64)),
        ("4", 76, 15, four(76)),
        ("4", 100, 15, four(100)),
        ("4+bye", 18, 5, four(18)),
        ("4+bye", 30, 8, four(30)),
        ("4+bye", 101, 10, four(101)),
        ("5", 25, 6, fives(25)),
        ("5", 50, 10, fives(50)),
        ("4/5", 18, 4, rikken(18)),
        ("4/5", 42, 10, rikken(42)),
        ("2-7", 30, 8, even(30)),
        ("4", 52, 10, four(52)),
        ("4", 100, 10, four(100)),
        ("4", 100, 33, four(100)),
        ("4", 136, 45, four(136)),
        ("4", 172, 57, four(172)),
        ("4", 200, 5, four(200)),
        ("4", 200, 10, four(200)),
        ("4", 200, 15, four(200)),
    ];
    println!("{:>6} {:>8} {:>6} {:>8} {:>8} {:>10} {:>11}", "tables", "players", "rounds", "greedy", "planned", "plan", "worst draw");
    for (kind, players, rounds, plan) in fields {
        let players = players.min(plan.sizes.iter().sum::<usize>() + plan.byes);
        if only.as_deref().is_some_and(|o| o != format!("{players}x{rounds}")) {
            continue;
        }
        let keys: Vec<u64> = (0..players as u64).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let started = Instant::now();
        let s = schedule(&mut rng, &keys, &plan, rounds, &History::new(), &[]);
        let took = started.elapsed();
        assert_eq!(counted(&s.rounds, players), s.repeats, "{players} × {rounds}: the repeats said are the repeats counted");
        // The slowest draw there is: round 2 after a round 1 that did not follow the plan
        // of its seed (a late entry, a redraw), so the plan is made twice: once from round
        // 1's seed (to see it was not followed), once for the rounds left.
        let first = &s.rounds[0];
        let mut shuffled = PastRound { round: 1, tables: first.0.clone(), byes: first.1.clone() };
        if shuffled.tables.len() > 1 {
            let (a, b) = (shuffled.tables[0][0], shuffled.tables[1][0]);
            shuffled.tables[0][0] = b;
            shuffled.tables[1][0] = a;
        }
        let next = NextRound {
            round: 2.min(rounds),
            rounds,
            players: &keys,
            plan: &plan,
            past: std::slice::from_ref(&shuffled),
            first_seed: Some(7),
            again: false,
            seating: Seating::Planned,
            ranked: &[],
        };
        let started = Instant::now();
        let drawn = next_round(&mut ChaCha8Rng::seed_from_u64(8), &next);
        let draw_took = started.elapsed();
        assert_eq!(drawn.tables.len(), plan.sizes.len());
        println!(
            "{kind:>6} {players:>8} {rounds:>6} {:>8} {:>8} {:>8.0} ms {:>8.0} ms",
            greedy_repeats(players, rounds, &plan, 7),
            s.repeats,
            took.as_secs_f64() * 1000.0,
            draw_took.as_secs_f64() * 1000.0
        );
    }
}
