//! Seating draws: reproducible, avoiding repeat meetings.

use atout_rules::draw::{draw, DrawError, History};
use atout_rules::TablePlan;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn rounds(n: u64, count: usize, seed: u64) -> Vec<u32> {
    let players: Vec<u64> = (1..=n).collect();
    let mut history = History::new();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let d = draw(&mut rng, &players, &plan(players.len()), &history).unwrap();
            for t in &d.tables {
                history.table(&t.seats);
            }
            d.repeats
        })
        .collect()
}

#[test]
fn the_same_seed_gives_the_same_draw() {
    let players: Vec<u64> = (1..=18).collect();
    let h = History::new();
    let a = draw(&mut ChaCha8Rng::seed_from_u64(7), &players, &plan(players.len()), &h).unwrap();
    let b = draw(&mut ChaCha8Rng::seed_from_u64(7), &players, &plan(players.len()), &h).unwrap();
    let c = draw(&mut ChaCha8Rng::seed_from_u64(8), &players, &plan(players.len()), &h).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn sixteen_players_meet_nobody_twice_in_three_rounds() {
    for seed in 0..5 {
        assert_eq!(rounds(16, 3, seed), [0, 0, 0], "seed {seed}");
    }
}

#[test]
fn repeats_that_cannot_be_avoided_are_counted() {
    // Eight players at two tables: round 2 must seat at least 2 + 2 pairs again
    // (each table of round 2 takes at least two players from one table of round 1).
    let r = rounds(8, 2, 1);
    assert_eq!(r[0], 0);
    assert_eq!(r[1], 4);
    // Four players: every pair meets again every round.
    assert_eq!(rounds(4, 3, 1), [0, 6, 6]);
}

#[test]
fn byes_go_to_those_with_fewest_byes() {
    let players: Vec<u64> = (1..=6).collect();
    let mut h = History::new();
    for p in [1, 2, 3, 4] {
        h.bye(p);
    }
    let d = draw(&mut ChaCha8Rng::seed_from_u64(3), &players, &plan(players.len()), &h).unwrap();
    assert_eq!(d.byes, [5, 6]);
}

#[test]
fn too_few_players_or_duplicates_are_refused() {
    let h = History::new();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert_eq!(TablePlan::fixed(3, 4), None);
    assert_eq!(draw(&mut rng, &[1, 2, 3], &TablePlan { sizes: vec![4], byes: 0 }, &h), Err(DrawError::Plan { planned: 4, have: 3 }));
    assert_eq!(draw(&mut rng, &[1, 2, 3, 3], &plan(4), &h), Err(DrawError::Duplicate(3)));
}

fn plan(players: usize) -> TablePlan {
    TablePlan::fixed(players, 4).unwrap()
}
