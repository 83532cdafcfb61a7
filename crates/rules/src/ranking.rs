//! Table points with exact shares, and the final ranking with tie-breaks.

use serde::{Deserialize, Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign};

/// How a tournament ranks its players (a setting, FORMAT.md's `ranking`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RankingMethod {
    /// Ranking points per table (Double King's 16/12/8/4).
    TablePoints,
    /// Sum of round scores.
    TotalScore,
}

/// A tie-break, in the order a tournament lists them (`tie_breaks`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieBreak {
    TablePoints,
    ScoreSum,
    BestRound,
}

/// Denominator of [`TablePoints`]: divisible by every tie size from 1 to 8.
pub const SHARE_UNIT: i64 = 840;

/// Ranking points, kept exact: shared places split points into halves or thirds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TablePoints(i64);

impl TablePoints {
    pub const ZERO: TablePoints = TablePoints(0);

    pub fn whole(points: i64) -> Self {
        TablePoints(points * SHARE_UNIT)
    }

    /// `pool` points shared equally by `ways` players (exact for 1 to 8 ways).
    pub fn share(pool: i64, ways: usize) -> Self {
        TablePoints(pool * SHARE_UNIT / ways.max(1) as i64)
    }

    /// The exact value in units of 1/[`SHARE_UNIT`].
    pub fn units(self) -> i64 {
        self.0
    }

    pub fn as_f64(self) -> f64 {
        self.0 as f64 / SHARE_UNIT as f64
    }
}

impl Add for TablePoints {
    type Output = TablePoints;
    fn add(self, other: TablePoints) -> TablePoints {
        TablePoints(self.0 + other.0)
    }
}

impl AddAssign for TablePoints {
    fn add_assign(&mut self, other: TablePoints) {
        self.0 += other.0;
    }
}

impl std::iter::Sum for TablePoints {
    fn sum<I: Iterator<Item = TablePoints>>(iter: I) -> TablePoints {
        iter.fold(TablePoints::ZERO, Add::add)
    }
}

impl fmt::Display for TablePoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.as_f64();
        if self.0 % SHARE_UNIT == 0 {
            write!(f, "{}", self.0 / SHARE_UNIT)
        } else if (self.0 * 2) % SHARE_UNIT == 0 {
            write!(f, "{v:.1}")
        } else {
            write!(f, "{v:.2}")
        }
    }
}

impl Serialize for TablePoints {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

/// Table points by round score: places in order of score, tied players share
/// equally the points of the places they occupy. `award[k]` is place k+1's points.
pub fn table_points(scores: &[i64], award: &[i64]) -> Vec<TablePoints> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|a, b| scores[*b].cmp(&scores[*a]));
    let mut result = vec![TablePoints::ZERO; scores.len()];
    let mut place = 0;
    while place < order.len() {
        let score = scores[order[place]];
        let tied = order[place..].iter().take_while(|i| scores[**i] == score).count();
        let pool: i64 = (place..place + tied).map(|p| award.get(p).copied().unwrap_or(0)).sum();
        let share = TablePoints::share(pool, tied);
        for i in &order[place..place + tied] {
            result[*i] = share;
        }
        place += tied;
    }
    result
}

/// One player's result in one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundResult {
    pub round: u32,
    pub table: Option<u32>,
    pub score: i64,
    pub table_points: TablePoints,
    pub bye: bool,
    /// False while the table's sheet is still being played (points provisional).
    pub complete: bool,
}

/// A player's totals over the rounds counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Totals {
    pub table_points: TablePoints,
    pub score_sum: i64,
    pub best_round: Option<i64>,
}

impl Totals {
    pub fn of(rounds: &[RoundResult]) -> Totals {
        Totals {
            table_points: rounds.iter().map(|r| r.table_points).sum(),
            score_sum: rounds.iter().map(|r| r.score).sum(),
            best_round: rounds.iter().map(|r| r.score).max(),
        }
    }

    fn key(&self, k: TieBreak) -> (i64, i64) {
        match k {
            TieBreak::TablePoints => (self.table_points.units(), 0),
            TieBreak::ScoreSum => (self.score_sum, 0),
            // A player with no round ranks below any score.
            TieBreak::BestRound => self.best_round.map_or((0, 0), |b| (1, b)),
        }
    }
}

/// The place of one player in the final order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Place {
    /// Index of the player in the input.
    pub index: usize,
    /// Competition rank: tied players share it, the next rank skips (1, 1, 3).
    pub rank: usize,
    pub shared: bool,
}

/// The comparison chain: the ranking method's key, then each tie-break in order.
pub fn criteria(method: RankingMethod, tie_breaks: &[TieBreak]) -> Vec<TieBreak> {
    let first = match method {
        RankingMethod::TablePoints => TieBreak::TablePoints,
        RankingMethod::TotalScore => TieBreak::ScoreSum,
    };
    let mut chain = vec![first];
    for t in tie_breaks {
        if !chain.contains(t) {
            chain.push(*t);
        }
    }
    chain
}

/// Which tie-break placed `a` above `b` when their first criterion is equal: the first of
/// the chain's tie-breaks on which they differ. None when the first criterion already
/// parts them, or when nothing does (they share a place).
pub fn decided_by(a: &Totals, b: &Totals, chain: &[TieBreak]) -> Option<TieBreak> {
    let (first, breaks) = chain.split_first()?;
    if a.key(*first) != b.key(*first) {
        return None;
    }
    breaks.iter().copied().find(|c| a.key(*c) != b.key(*c))
}

/// Order players by the criteria, best first. Players equal on every criterion
/// share a place; among them the input order is kept (stable sort).
pub fn rank(players: &[Totals], chain: &[TieBreak]) -> Vec<Place> {
    // Each player's keys in the chain's order, worked out once (a chain names each criterion
    // at most once, so three keys; the sort then compares arrays, not totals).
    let keys: Vec<[(i64, i64); 3]> = players
        .iter()
        .map(|p| {
            let mut k = [(0, 0); 3];
            for (slot, criterion) in k.iter_mut().zip(chain) {
                *slot = p.key(*criterion);
            }
            k
        })
        .collect();
    let compare = |a: usize, b: usize| -> Ordering { keys[b].cmp(&keys[a]) };
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by(|a, b| compare(*a, *b));
    let mut places = Vec::with_capacity(order.len());
    let mut start = 0;
    while start < order.len() {
        let tied = order[start..].iter().take_while(|i| compare(order[start], **i).is_eq()).count();
        for i in &order[start..start + tied] {
            places.push(Place { index: *i, rank: start + 1, shared: tied > 1 });
        }
        start += tied;
    }
    places
}
