//! Seating that plans ahead: repeat meetings over whole schedules.

use atout_rules::draw::History;
use atout_rules::planner::{bye_rounds, schedule};
use atout_rules::TablePlan;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// Repeats counted from scratch: for every pair, the times it met beyond the first.
fn repeats(rounds: &[(Vec<Vec<u64>>, Vec<u64>)]) -> u32 {
    let mut met: HashMap<(u64, u64), u32> = HashMap::new();
    for (tables, _) in rounds {
        for t in tables {
            for (i, a) in t.iter().enumerate() {
                for b in &t[i + 1..] {
                    *met.entry(((*a).min(*b), (*a).max(*b))).or_default() += 1;
                }
            }
        }
    }
    met.values().map(|m| m - 1).sum()
}

/// Rounds as (tables of player keys, byes).
type Rounds = Vec<(Vec<Vec<u64>>, Vec<u64>)>;

fn planned(players: usize, rounds: usize, seed: u64) -> (Rounds, u32) {
    let keys: Vec<u64> = (0..players as u64).collect();
    let s = schedule(&mut ChaCha8Rng::seed_from_u64(seed), &keys, &TablePlan::fixed(players, 4).unwrap(), rounds, &History::new(), &[]);
    (s.rounds, s.repeats)
}

#[test]
fn sixteen_twenty_and_thirty_two_players_meet_nobody_twice() {
    for (players, rounds) in [(16, 5), (20, 5), (32, 8), (32, 9), (32, 10)] {
        for seed in [1, 2, 3] {
            let (s, reported) = planned(players, rounds, seed);
            assert_eq!(s.len(), rounds);
            assert_eq!((repeats(&s), reported), (0, 0), "{players} × {rounds}, seed {seed}");
            for (tables, byes) in &s {
                let mut all: Vec<u64> = tables.iter().flatten().copied().collect();
                all.sort_unstable();
                assert_eq!(all, (0..players as u64).collect::<Vec<_>>(), "everyone seated once");
                assert!(byes.is_empty());
            }
        }
    }
}

#[test]
fn the_plan_is_the_same_for_the_same_seed() {
    assert_eq!(planned(24, 5, 9), planned(24, 5, 9));
}

#[test]
fn byes_rotate_and_not_in_consecutive_rounds() {
    // 18 players at tables of four: 2 byes a round; in 5 rounds, 10 different players.
    let keys: Vec<u64> = (0..18).collect();
    let byes = bye_rounds(&mut ChaCha8Rng::seed_from_u64(4), &keys, 2, 5, &History::new(), &[]);
    let mut all: Vec<u64> = byes.iter().flatten().copied().collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 10, "nobody sits out twice before everyone has");
    // 5 players, 4 at a table: one bye a round; after all five had one, nobody twice in a row.
    let keys: Vec<u64> = (0..5).collect();
    let byes = bye_rounds(&mut ChaCha8Rng::seed_from_u64(4), &keys, 1, 10, &History::new(), &[]);
    for w in byes.windows(2) {
        assert_ne!(w[0], w[1], "a bye in two rounds running");
    }
    let (s, reported) = planned(18, 5, 3);
    assert_eq!(repeats(&s), reported);
    assert!(reported <= 1, "18 × 5: {reported} repeats");
}

#[test]
fn mixed_table_sizes_are_planned_alike() {
    // Rikken's 18 players: tables of 5, 5, 4 and 4, four rounds.
    let keys: Vec<u64> = (0..18).collect();
    let plan = TablePlan { sizes: vec![5, 5, 4, 4], byes: 0 };
    let s = schedule(&mut ChaCha8Rng::seed_from_u64(2), &keys, &plan, 4, &History::new(), &[]);
    assert_eq!(repeats(&s.rounds), s.repeats);
    for (tables, _) in &s.rounds {
        assert_eq!(tables.iter().map(Vec::len).collect::<Vec<_>>(), [5, 5, 4, 4]);
    }
}

/// 32 players over 10 rounds: each player meets 30 of the 31 others, every pair at most
/// once, and the one each misses pairs the players up (the 8-4-10 social golfer schedule).
#[test]
fn thirty_two_players_ten_rounds_meet_thirty_others_once() {
    let (s, reported) = planned(32, 10, 7);
    assert_eq!((repeats(&s), reported), (0, 0));
    let mut met = std::collections::HashMap::new();
    for (tables, _) in &s {
        for t in tables {
            for (i, a) in t.iter().enumerate() {
                for b in &t[i + 1..] {
                    *met.entry((*a.min(b), *a.max(b))).or_insert(0) += 1;
                }
            }
        }
    }
    assert_eq!(met.len(), 480);
    let mut partners = vec![0; 32];
    for (a, b) in met.keys() {
        partners[*a as usize] += 1;
        partners[*b as usize] += 1;
    }
    assert!(partners.iter().all(|n| *n == 30), "{partners:?}");
}
