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

/// Meetings per pair over some rounds of tables (player indices below `n`).
fn meetings(rounds: &[Vec<Vec<usize>>], n: usize) -> Vec<u32> {
    let mut met = vec![0; n * n];
    for round in rounds {
        let mut seated: Vec<usize> = round.iter().flatten().copied().collect();
        seated.sort_unstable();
        assert_eq!(seated, (0..n).collect::<Vec<_>>(), "every player at one table a round");
        assert!(round.iter().all(|t| t.len() == 4), "tables of four");
        for t in round {
            for (i, a) in t.iter().enumerate() {
                for b in &t[i + 1..] {
                    met[a.min(b) * n + a.max(b)] += 1;
                }
            }
        }
    }
    met
}

/// The whole family 12k + 4 up to a few hundred players (28, 100, 136 … included): a
/// resolvable design in which every pair meets exactly once over (n − 1)/3 rounds.
#[test]
fn resolvable_designs_seat_every_pair_exactly_once() {
    let mut built = vec![];
    for k in 1..=29 {
        let n = 12 * k + 4;
        let Some(rounds) = atout_rules::planner::one_rotational(k) else { continue };
        assert_eq!(rounds.len(), 4 * k + 1, "{n} players");
        let met = meetings(&rounds, n);
        for a in 0..n {
            for b in a + 1..n {
                assert_eq!(met[a * n + b], 1, "{n} players: {a} and {b}");
            }
        }
        built.push(n);
    }
    let expected: Vec<usize> = (1..=29).map(|k| 12 * k + 4).collect();
    assert_eq!(built, expected, "players with a design");
}

/// 16, 64 and 256 players: the lines of the affine space over GF(4), (n − 1)/3 rounds
/// without a repeat; 32 players ten (the most there are); 128 from a bounded search
/// among the lines of GF(2)^7, at least a quarter of the 42 possible (the planner's
/// search adds the others).
#[test]
fn powers_of_two_have_their_rounds_without_repeats() {
    for (n, most) in [(16, 5), (32, 10), (64, 21), (128, 42 / 4), (256, 85)] {
        let rounds = atout_rules::planner::rounds_without_repeats(n, 100);
        if n == 128 {
            assert!(rounds.len() >= most, "{n} players: {}", rounds.len());
        } else {
            assert_eq!(rounds.len(), most, "{n} players");
        }
        let met = meetings(&rounds, n);
        assert!(met.iter().all(|m| *m <= 1), "{n} players: a pair met twice");
    }
}

/// Planned through the application's entry: fields with a published schedule without
/// repeats get one, every round of it.
#[test]
fn fields_of_twelve_k_plus_four_meet_nobody_twice_over_every_round() {
    for (players, rounds) in [(28, 9), (40, 13), (52, 17), (64, 21), (76, 25)] {
        let (s, reported) = planned(players, rounds, 5);
        assert_eq!(s.len(), rounds);
        assert_eq!((repeats(&s), reported), (0, 0), "{players} × {rounds}");
    }
}

/// More rounds than the field has partners: 12 players over 12 rounds meet 216 times
/// in all (12 rounds × 3 tables × 6 pairs) over 66 pairs, so at least 216 − 66 = 150
/// repeats; the plan has no more, and spreads them: every pair meets 3 or 4 times
/// (216 = 48 × 3 + 18 × 4).
#[test]
fn unavoidable_repeats_are_the_fewest_and_spread() {
    let (s, reported) = planned(12, 12, 3);
    assert_eq!((s.len(), repeats(&s), reported), (12, 150, 150));
    let mut met: HashMap<(u64, u64), u32> = HashMap::new();
    for (tables, _) in &s {
        for t in tables {
            for (i, a) in t.iter().enumerate() {
                for b in &t[i + 1..] {
                    *met.entry(((*a).min(*b), (*a).max(*b))).or_default() += 1;
                }
            }
        }
    }
    assert_eq!(met.len(), 66);
    let mut counts: Vec<u32> = met.values().copied().collect();
    counts.sort_unstable();
    assert_eq!((counts[0], counts[65]), (3, 4), "{counts:?}");
}

/// Fields the search of before left repeats in: byes, and Double Lucky 7's mixed tables.
#[test]
fn byes_and_mixed_tables_meet_nobody_twice() {
    for (players, rounds, plan) in [(18, 5, TablePlan::fixed(18, 4).unwrap()), (30, 8, TablePlan::even(30, 4, 2..=7).unwrap())] {
        let keys: Vec<u64> = (0..players as u64).collect();
        let s = schedule(&mut ChaCha8Rng::seed_from_u64(7), &keys, &plan, rounds, &History::new(), &[]);
        assert_eq!((repeats(&s.rounds), s.repeats), (0, 0), "{players} × {rounds}");
    }
}

/// The plan is never worse than drawing round by round greedily, on fields of every kind
/// (tables of four with and without byes, Rikken's fives, Lucky 7's mixed tables), past
/// the point where repeats cannot be avoided.
#[test]
fn the_plan_is_never_worse_than_the_greedy_draw() {
    let rikken = |n: usize| {
        let tables = n / 4;
        let f = (n - 4 * tables).min(tables);
        TablePlan { sizes: (0..tables).map(|i| if i < f { 5 } else { 4 }).collect(), byes: n - 4 * tables - f }
    };
    for (players, rounds, plan) in [
        (12, 8, TablePlan::fixed(12, 4).unwrap()),
        (24, 7, TablePlan::fixed(24, 4).unwrap()),
        (30, 8, TablePlan::fixed(30, 4).unwrap()),
        (22, 6, rikken(22)),
        (27, 7, TablePlan::even(27, 4, 2..=7).unwrap()),
    ] {
        for seed in [1, 2] {
            let keys: Vec<u64> = (0..players as u64).collect();
            let s = schedule(&mut ChaCha8Rng::seed_from_u64(seed), &keys, &plan, rounds, &History::new(), &[]);
            assert_eq!(repeats(&s.rounds), s.repeats);
            let greedy = atout_rules::draw::greedy_repeats(players, rounds, &plan, seed);
            assert!(s.repeats <= greedy, "{players} × {rounds}, seed {seed}: planned {} against greedy {greedy}", s.repeats);
        }
    }
}

/// Tables of a chosen size (FORMAT.md "Tables", `table_size`): no repeat wherever a schedule exists.
#[test]
fn the_planner_meets_nobody_twice_where_a_schedule_exists_at_any_size() {
    // 9 players at tables of three over 4 rounds (the affine plane of order 3), 6 at tables of
    // two over 5 rounds (a round robin), 10 at 5 + 5 over 1 round, 15 at tables of three over
    // 7 rounds (Kirkman's schoolgirls).
    for (players, most, rounds) in [(9, 3, 4), (6, 2, 5), (10, 5, 1), (15, 3, 7)] {
        let plan = TablePlan::at_most(players, most, 2..=7).unwrap();
        let keys: Vec<u64> = (0..players as u64).collect();
        let s = schedule(&mut ChaCha8Rng::seed_from_u64(3), &keys, &plan, rounds, &History::new(), &[]);
        assert_eq!((repeats(&s.rounds), s.repeats), (0, 0), "{players} at {most} over {rounds}");
        for (tables, _) in &s.rounds {
            assert!(tables.iter().all(|t| t.len() == most));
        }
    }
}

/// Byes keep rotating when the players change or a round is seated by ranking: whoever
/// sits out has the fewest byes of those playing, and nobody sits out two rounds running
/// (five players, one bye a round, can always avoid it). The rounds planned when round 1
/// was drawn kept their byes, chosen as if nobody had sat out: one player sat out rounds 1
/// and 2 while another never did.
#[test]
fn byes_rotate_after_a_withdrawal_a_late_entry_or_a_round_by_ranking() {
    use atout_rules::planner::{next_round, NextRound, PastRound, Seating};
    // Who plays each round, and whether it is seated by ranking.
    type Field<'a> = &'a dyn Fn(usize) -> (Vec<u64>, bool);
    let withdrawal = |round: usize| -> (Vec<u64>, bool) { ((1..=6).filter(|p| round == 1 || *p != 2).collect(), false) };
    let late = |round: usize| -> (Vec<u64>, bool) { ((1..=if round == 1 { 5 } else { 6 }).collect(), false) };
    let ranking = |round: usize| -> (Vec<u64>, bool) { ((1..=5).collect(), round == 2) };
    let cases: [(&str, Field); 3] = [("withdrawal", &withdrawal), ("late entry", &late), ("by ranking", &ranking)];
    for (case, field) in cases {
        for seed in 0..12u64 {
            let mut past: Vec<PastRound> = vec![];
            let mut byes: HashMap<u64, u32> = HashMap::new();
            for round in 1..=5 {
                let (players, by_ranking) = field(round);
                let plan = TablePlan::fixed(players.len(), 4).unwrap();
                let ranked: Vec<u64> = players.iter().rev().copied().collect();
                let next = NextRound {
                    round,
                    rounds: 5,
                    players: &players,
                    plan: &plan,
                    past: &past,
                    first_seed: Some(seed),
                    again: false,
                    seating: if by_ranking { Seating::ByRanking } else { Seating::Planned },
                    ranked: &ranked,
                };
                let draw = next_round(&mut ChaCha8Rng::seed_from_u64(seed * 100 + round as u64), &next);
                let count = |p: &u64| byes.get(p).copied().unwrap_or(0);
                let playing_fewest = players.iter().filter(|p| !draw.byes.contains(p)).map(count).min().unwrap();
                for b in &draw.byes {
                    assert!(count(b) <= playing_fewest, "{case}, seed {seed}, round {round}: {b} sits out with more byes than one who plays");
                    if let Some(before) = past.last() {
                        assert!(!before.byes.contains(b), "{case}, seed {seed}: {b} sits out rounds {} and {round}", round - 1);
                    }
                }
                for b in &draw.byes {
                    *byes.entry(*b).or_default() += 1;
                }
                past.push(PastRound { round, tables: draw.tables.iter().map(|t| t.seats.clone()).collect(), byes: draw.byes.clone() });
            }
        }
    }
}
