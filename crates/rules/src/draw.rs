//! Seating draw for one round (RULES.md §6): byes, tables, seats, first dealer.
//!
//! The random generator is passed in, so the same seed gives the same draw.
//! Tables are chosen to avoid players meeting again: a random start improved
//! by swapping players between tables while that lowers the number of repeat
//! meetings, from several random starts when the field is small.

use crate::TablePlan;
use rand::seq::SliceRandom;
use rand::Rng;
use serde::Serialize;
use std::collections::HashMap;

/// A player as the draw knows them: any stable key.
pub type Key = u64;

/// What earlier rounds did: who met whom, and who had a bye.
#[derive(Clone, Debug, Default)]
pub struct History {
    met: HashMap<(Key, Key), u32>,
    byes: HashMap<Key, u32>,
}

impl History {
    pub fn new() -> Self {
        History::default()
    }

    /// Record that these players sat at one table.
    pub fn table(&mut self, players: &[Key]) {
        for (i, a) in players.iter().enumerate() {
            for b in &players[i + 1..] {
                *self.met.entry(pair(*a, *b)).or_default() += 1;
            }
        }
    }

    pub fn bye(&mut self, player: Key) {
        *self.byes.entry(player).or_default() += 1;
    }

    pub fn times_met(&self, a: Key, b: Key) -> u32 {
        self.met.get(&pair(a, b)).copied().unwrap_or(0)
    }

    pub fn byes_of(&self, player: Key) -> u32 {
        self.byes.get(&player).copied().unwrap_or(0)
    }

    /// Pairs at this table who have met before.
    pub fn repeats(&self, table: &[Key]) -> u32 {
        let mut n = 0;
        for (i, a) in table.iter().enumerate() {
            for b in &table[i + 1..] {
                n += u32::from(self.times_met(*a, *b) > 0);
            }
        }
        n
    }

    /// Weighted cost: a pair that met twice before costs more than one that met once.
    fn cost(&self, table: &[Key]) -> u64 {
        let mut c = 0u64;
        for (i, a) in table.iter().enumerate() {
            for b in &table[i + 1..] {
                let m = u64::from(self.times_met(*a, *b));
                c += m * m;
            }
        }
        c
    }
}

fn pair(a: Key, b: Key) -> (Key, Key) {
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DrawnTable {
    /// Players clockwise from seat 1.
    pub seats: Vec<Key>,
    pub first_dealer: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Draw {
    pub tables: Vec<DrawnTable>,
    pub byes: Vec<Key>,
    /// Pairs seated together who had met before: the repeats the draw could not avoid.
    pub repeats: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DrawError {
    #[error("{have} players cannot fill one table of {size}")]
    TooFew { have: usize, size: usize },
    #[error("player {0} is listed twice")]
    Duplicate(Key),
    #[error("a plan for {planned} players does not fit {have}")]
    Plan { planned: usize, have: usize },
}

/// Draw one round for `players` at the tables of `plan` (sizes, byes).
pub fn draw<R: Rng>(rng: &mut R, players: &[Key], plan: &TablePlan, history: &History) -> Result<Draw, DrawError> {
    let seated: usize = plan.sizes.iter().sum();
    if plan.sizes.is_empty() || plan.sizes.contains(&0) {
        return Err(DrawError::TooFew { have: players.len(), size: plan.sizes.first().copied().unwrap_or(0) });
    }
    if seated + plan.byes != players.len() {
        return Err(DrawError::Plan { planned: seated + plan.byes, have: players.len() });
    }
    let mut sorted = players.to_vec();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        return Err(DrawError::Duplicate(w[0]));
    }

    // Byes: those with the fewest byes so far, chosen at random among equals.
    let mut pool = sorted;
    pool.shuffle(rng);
    pool.sort_by_key(|p| history.byes_of(*p));
    let bye_count = plan.byes;
    let mut byes: Vec<Key> = pool.drain(..bye_count).collect();
    byes.sort_unstable();

    let restarts = if pool.len() <= 64 { 40 } else { 3 };
    let mut best: Option<(u64, Vec<Vec<Key>>)> = None;
    for _ in 0..restarts {
        pool.shuffle(rng);
        let mut rest = pool.as_slice();
        let mut tables: Vec<Vec<Key>> = Vec::with_capacity(plan.sizes.len());
        for size in &plan.sizes {
            let (table, tail) = rest.split_at(*size);
            tables.push(table.to_vec());
            rest = tail;
        }
        let cost = improve(&mut tables, history);
        if best.as_ref().is_none_or(|(c, _)| cost < *c) {
            best = Some((cost, tables));
        }
        if cost == 0 {
            break;
        }
    }
    let (_, mut tables) = best.expect("at least one start");

    let mut drawn = Vec::with_capacity(tables.len());
    let mut repeats = 0;
    for table in &mut tables {
        repeats += history.repeats(table);
        table.shuffle(rng);
        let first_dealer = rng.random_range(1..=table.len());
        drawn.push(DrawnTable { seats: table.clone(), first_dealer });
    }
    Ok(Draw { tables: drawn, byes, repeats })
}

/// Swap players between tables while a swap lowers the cost. Returns the cost.
fn improve(tables: &mut [Vec<Key>], history: &History) -> u64 {
    let mut costs: Vec<u64> = tables.iter().map(|t| history.cost(t)).collect();
    loop {
        let mut better = false;
        for a in 0..tables.len() {
            for b in a + 1..tables.len() {
                if costs[a] == 0 && costs[b] == 0 {
                    continue;
                }
                for i in 0..tables[a].len() {
                    for j in 0..tables[b].len() {
                        let (x, y) = (tables[a][i], tables[b][j]);
                        tables[a][i] = y;
                        tables[b][j] = x;
                        let (ca, cb) = (history.cost(&tables[a]), history.cost(&tables[b]));
                        if ca + cb < costs[a] + costs[b] {
                            costs[a] = ca;
                            costs[b] = cb;
                            better = true;
                        } else {
                            tables[a][i] = x;
                            tables[b][j] = y;
                        }
                    }
                }
            }
        }
        if !better {
            return costs.iter().sum();
        }
    }
}

/// Players `0..players` drawn round after round with [`draw`] (the greedy draw Atout made
/// before the planner), from `seed`: the repeat meetings over the rounds. For the planner's
/// tests and benchmark, which hold the plan against it.
#[cfg(feature = "testing")]
pub fn greedy_repeats(players: usize, rounds: usize, plan: &TablePlan, seed: u64) -> u32 {
    let keys: Vec<Key> = (0..players as Key).collect();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    let mut history = History::new();
    let mut total = 0;
    for _ in 0..rounds {
        let Ok(d) = draw(&mut rng, &keys, plan, &history) else { return total };
        total += d.repeats;
        for t in &d.tables {
            history.table(&t.seats);
        }
        for b in &d.byes {
            history.bye(*b);
        }
    }
    total
}
