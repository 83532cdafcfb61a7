//! Seating that plans ahead (issue "Seating that plans ahead"): when a round is
//! drawn, all the rounds still to play are planned together, and the round is
//! seated from the plan. The plan minimises repeat meetings (a pair seated
//! together who had met before, summed over the rounds), history included.
//!
//! A tabu search over whole schedules, in the manner of the constraint-based local
//! search used for the social golfer problem: a move swaps two players of one round
//! between two tables; only players who take part in a repeat are moved; a swapped
//! player may not come back for a few iterations; restarts from fresh random
//! schedules. Deterministic for a given random generator. A power of two of players
//! (16, 32, 64, …) at tables of four with no history start from rounds built from the
//! geometry of GF(2)^m (`flat_rounds`): 5 rounds without any repeat for 16 players,
//! 9 for 32, 21 for 64; 32 players over ten rounds from `thirty_two_ten`.

use crate::draw::{History, Key};
use rand::seq::SliceRandom;
use rand::Rng;

/// A planned schedule: per round, the tables (players) and the byes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub rounds: Vec<(Vec<Vec<Key>>, Vec<Key>)>,
    /// Repeat meetings over the planned rounds (history counted).
    pub repeats: u32,
}

/// How hard the search works: iterations per restart and restarts.
#[derive(Clone, Copy, Debug)]
pub struct Effort {
    pub iterations: usize,
    pub restarts: usize,
}

impl Default for Effort {
    fn default() -> Self {
        Effort { iterations: 4_000, restarts: 2 }
    }
}

struct Search {
    n: usize,
    /// Meetings per pair (history + plan), `n × n`.
    met: Vec<u16>,
    /// Per round: table of each player (usize::MAX: bye), and the tables' members.
    table_of: Vec<Vec<usize>>,
    tables: Vec<Vec<Vec<usize>>>,
}

impl Search {
    fn at(&self, a: usize, b: usize) -> u16 {
        self.met[a * self.n + b]
    }

    fn add(&mut self, a: usize, b: usize, d: i32) {
        let v = (self.met[a * self.n + b] as i32 + d).max(0) as u16;
        self.met[a * self.n + b] = v;
        self.met[b * self.n + a] = v;
    }

    fn cost(&self) -> u32 {
        let mut c = 0u32;
        for a in 0..self.n {
            for b in a + 1..self.n {
                c += u32::from(self.at(a, b).saturating_sub(1));
            }
        }
        c
    }

    /// Change of cost if `p` (table `ta`) and `q` (table `tb`) swap in round `r`.
    fn delta(&self, r: usize, p: usize, ta: usize, q: usize, tb: usize) -> i32 {
        let mut d = 0i32;
        let lose = |m: u16| if m >= 2 { -1 } else { 0 };
        let gain = |m: u16| if m >= 1 { 1 } else { 0 };
        for &a in &self.tables[r][ta] {
            if a != p {
                d += lose(self.at(p, a)) + gain(self.at(q, a));
            }
        }
        for &b in &self.tables[r][tb] {
            if b != q {
                d += lose(self.at(q, b)) + gain(self.at(p, b));
            }
        }
        d
    }

    fn swap(&mut self, r: usize, p: usize, ta: usize, q: usize, tb: usize) {
        let a_members: Vec<usize> = self.tables[r][ta].iter().copied().filter(|x| *x != p).collect();
        let b_members: Vec<usize> = self.tables[r][tb].iter().copied().filter(|x| *x != q).collect();
        for &a in &a_members {
            self.add(p, a, -1);
            self.add(q, a, 1);
        }
        for &b in &b_members {
            self.add(q, b, -1);
            self.add(p, b, 1);
        }
        for x in self.tables[r][ta].iter_mut() {
            if *x == p {
                *x = q;
            }
        }
        for x in self.tables[r][tb].iter_mut() {
            if *x == q {
                *x = p;
            }
        }
        self.table_of[r][p] = tb;
        self.table_of[r][q] = ta;
    }

    /// Players in a repeat in round `r`.
    fn conflicted(&self, r: usize) -> Vec<usize> {
        let mut out = vec![];
        for table in &self.tables[r] {
            for (i, &a) in table.iter().enumerate() {
                if table.iter().enumerate().any(|(j, &b)| i != j && self.at(a, b) >= 2) {
                    out.push(a);
                }
            }
        }
        out
    }
}

/// Rounds without a repeat for `2^m` players at tables of four, from the geometry of
/// GF(2)^m: a round seats together the cosets of a 2-dimensional subspace {0, u, v, u+v},
/// and two rounds share no pair when their subspaces meet only in 0. So pairwise
/// disjoint "lines" {u, v, u+v} of nonzero vectors give as many rounds without any
/// repeat: 5 for 16 players (a spread), 9 for 32 (the most PG(4,2) allows), 21 for 64.
/// Found by a small backtracking search, deterministic; at most `rounds` of them.
fn flat_rounds(m: u32, rounds: usize) -> Vec<Vec<Vec<usize>>> {
    fn extend(m: u32, used: &mut Vec<bool>, lines: &mut Vec<[usize; 3]>, want: usize, budget: &mut usize) -> bool {
        if lines.len() == want {
            return true;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let top = 1usize << m;
        let Some(u) = (1..top).find(|u| !used[*u]) else { return false };
        // u is covered by the next line or left out; try both, covering it first.
        for v in u + 1..top {
            let w = u ^ v;
            if used[v] || used[w] || w < v {
                continue;
            }
            for x in [u, v, w] {
                used[x] = true;
            }
            lines.push([u, v, w]);
            if extend(m, used, lines, want, budget) {
                return true;
            }
            lines.pop();
            for x in [u, v, w] {
                used[x] = false;
            }
        }
        // Leave u uncovered (2^m − 1 is not always a multiple of 3 lines' worth).
        used[u] = true;
        let found = extend(m, used, lines, want, budget);
        used[u] = false;
        found
    }
    let n = 1usize << m;
    let mut best: Vec<[usize; 3]> = vec![];
    // The most lines possible, up to what is asked: try from the most down.
    let most = ((n - 1) / 3).min(rounds);
    for want in (1..=most).rev() {
        let mut used = vec![false; n];
        used[0] = true;
        let mut lines = vec![];
        let mut budget = 200_000;
        if extend(m, &mut used, &mut lines, want, &mut budget) {
            best = lines;
            break;
        }
    }
    best.into_iter()
        .map(|[u, v, _]| {
            // The cosets of {0, u, v, u^v}: one table per coset, by its smallest member.
            let mut seen = vec![false; n];
            let mut round = vec![];
            for a in 0..n {
                if !seen[a] {
                    let table = vec![a, a ^ u, a ^ v, a ^ u ^ v];
                    for &x in &table {
                        seen[x] = true;
                    }
                    round.push(table);
                }
            }
            round
        })
        .collect()
}

/// Ten rounds for 32 players at tables of four in which nobody meets anybody twice (the
/// 8-4-10 social golfer schedule; each player misses exactly one other). No schedule
/// built from subspaces of GF(2)^5 reaches ten rounds, so this one works on four orbits
/// of eight players, player (i, x) for orbit i and x in GF(2)^3, every round closed under
/// translation x → x + s:
/// - one round seats each orbit by itself, at the cosets of a plane U_i of GF(2)^3;
/// - three rounds pair the orbits (01|23, 02|13, 03|12): orbits i and j sit at
///   {(i, x), (i, x+t), (j, x+c), (j, x+c+t)};
/// - six rounds sit one of each orbit: {(0, x), (1, x+a), (2, x+b), (3, x+d)}.
///
/// Within an orbit a player meets the 3 of U_i and the three t's of its orbit's pairings
/// (six different differences); across orbits i and j, the two of {c, c+t} and the six
/// differences of the six transversal rounds, which cover GF(2)^3 exactly once. The
/// figures were found by a small search (`scripts/seating-32x10.py`); the planner's tests
/// count the meetings.
fn thirty_two_ten() -> Vec<Vec<Vec<usize>>> {
    // Planes U_i by two of their generators; per orbit pair (t, c); transversals (a, b, d).
    const PLANES: [(usize, usize); 4] = [(1, 2), (1, 6), (3, 5), (2, 5)];
    /// Two orbits paired, with their (t, c).
    type Paired = ((usize, usize), usize, usize);
    const PAIRINGS: [[Paired; 2]; 3] = [[((0, 1), 5, 3), ((2, 3), 1, 5)], [((0, 2), 7, 6), ((1, 3), 3, 5)], [((0, 3), 6, 1), ((1, 2), 2, 6)]];
    const TRANSVERSALS: [(usize, usize, usize); 6] = [(0, 0, 0), (1, 3, 2), (2, 7, 5), (4, 5, 6), (5, 2, 4), (7, 4, 3)];
    let p = |orbit: usize, x: usize| orbit * 8 + x;
    let mut rounds = vec![];
    let mut round = vec![];
    for (i, (u, v)) in PLANES.iter().enumerate() {
        for x in (0..8).filter(|x| *x == [*x, x ^ u, x ^ v, x ^ u ^ v].into_iter().min().unwrap_or(*x)) {
            round.push(vec![p(i, x), p(i, x ^ u), p(i, x ^ v), p(i, x ^ u ^ v)]);
        }
    }
    rounds.push(round);
    for pairing in PAIRINGS {
        let mut round = vec![];
        for ((i, j), t, c) in pairing {
            for x in (0..8).filter(|x| *x < x ^ t) {
                round.push(vec![p(i, x), p(i, x ^ t), p(j, x ^ c), p(j, x ^ c ^ t)]);
            }
        }
        rounds.push(round);
    }
    for (a, b, d) in TRANSVERSALS {
        rounds.push((0..8).map(|x| vec![p(0, x), p(1, x ^ a), p(2, x ^ b), p(3, x ^ d)]).collect());
    }
    rounds
}

/// Plan `sizes.len()` rounds for `players`: `sizes[r]` the table sizes of round r and
/// `byes[r]` the players who sit it out (chosen beforehand, see [`bye_rounds`]).
pub fn plan<R: Rng>(rng: &mut R, players: &[Key], sizes: &[Vec<usize>], byes: &[Vec<Key>], history: &History, effort: Effort) -> Schedule {
    let n = players.len();
    let mut base = vec![0u16; n * n];
    for a in 0..n {
        for b in 0..n {
            if a != b {
                base[a * n + b] = history.times_met(players[a], players[b]) as u16;
            }
        }
    }
    let no_history = base.iter().all(|m| *m == 0);
    // Repeats already in the history are not the plan's.
    let before: u32 = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).map(|(a, b)| u32::from(base[a * n + b].saturating_sub(1))).sum();
    let mut best: Option<(u32, Vec<Vec<Vec<usize>>>)> = None;
    for restart in 0..effort.restarts.max(1) {
        // A start: rounds without a repeat from GF(2)^m when the players are a power of
        // two at tables of four, the other rounds random tables.
        let mut tables: Vec<Vec<Vec<usize>>> = vec![];
        let m = n.trailing_zeros();
        let geometric = no_history && restart == 0 && n >= 16 && n.is_power_of_two() && sizes.iter().all(|s| s.iter().all(|t| *t == 4) && s.len() * 4 == n);
        if geometric {
            let mut label: Vec<usize> = (0..n).collect();
            label.shuffle(rng);
            // 32 players: ten rounds without a repeat (nine from the subspaces alone).
            let rounds = if n == 32 && sizes.len() > 9 { thirty_two_ten() } else { flat_rounds(m, sizes.len()) };
            tables = rounds.into_iter().take(sizes.len()).map(|r| r.into_iter().map(|t| t.into_iter().map(|p| label[p]).collect()).collect()).collect();
        }
        for (r, round_sizes) in sizes.iter().enumerate().skip(tables.len()) {
            let mut seated: Vec<usize> = (0..n).filter(|i| !byes[r].contains(&players[*i])).collect();
            seated.shuffle(rng);
            tables.push(fill(&seated, round_sizes));
        }
        let mut search = Search { n, met: base.clone(), table_of: vec![vec![usize::MAX; n]; sizes.len()], tables };
        for r in 0..sizes.len() {
            for t in 0..search.tables[r].len() {
                let members = search.tables[r][t].clone();
                for (i, &a) in members.iter().enumerate() {
                    search.table_of[r][a] = t;
                    for &b in &members[i + 1..] {
                        search.add(a, b, 1);
                    }
                }
            }
        }
        let mut cost = search.cost();
        let mut best_here = (cost, search.tables.clone());
        let mut tabu = vec![0usize; sizes.len() * n];
        let mut since_best = 0;
        for it in 0..effort.iterations {
            // Stop when done, or when a long stretch brought nothing better.
            if cost == 0 || since_best > effort.iterations / 3 {
                break;
            }
            since_best += 1;
            // The best swap that is not tabu, over every round with a repeat, moving a
            // player who takes part in one (ties broken at random).
            let mut chosen: Option<(i32, usize, usize, usize, usize, usize)> = None;
            let mut ties = 0u32;
            for r in 0..sizes.len() {
                for p in search.conflicted(r) {
                    let ta = search.table_of[r][p];
                    for q in 0..n {
                        let tb = search.table_of[r][q];
                        if tb == usize::MAX || tb == ta {
                            continue;
                        }
                        let d = search.delta(r, p, ta, q, tb);
                        let is_tabu = tabu[r * n + p] > it || tabu[r * n + q] > it;
                        if is_tabu && (cost as i32 + d) as u32 >= best_here.0 {
                            continue;
                        }
                        match chosen {
                            Some((bd, ..)) if d > bd => {}
                            Some((bd, ..)) if d == bd => {
                                ties += 1;
                                if rng.random_range(0..=ties) == 0 {
                                    chosen = Some((d, r, p, ta, q, tb));
                                }
                            }
                            _ => {
                                ties = 0;
                                chosen = Some((d, r, p, ta, q, tb));
                            }
                        }
                    }
                }
            }
            let Some((d, r, p, ta, q, tb)) = chosen else { continue };
            search.swap(r, p, ta, q, tb);
            cost = (cost as i32 + d).max(0) as u32;
            let tenure = 6 + rng.random_range(0..8);
            tabu[r * n + p] = it + tenure;
            tabu[r * n + q] = it + tenure;
            if cost < best_here.0 {
                best_here = (cost, search.tables.clone());
                since_best = 0;
            }
        }
        if best.as_ref().is_none_or(|(c, _)| best_here.0 < *c) {
            best = Some(best_here);
        }
        if best.as_ref().is_some_and(|(c, _)| *c == 0) {
            break;
        }
    }
    let (repeats, tables) = best.unwrap_or((0, vec![]));
    Schedule {
        rounds: tables
            .into_iter()
            .zip(byes)
            .map(|(round, b)| (round.into_iter().map(|t| t.into_iter().map(|i| players[i]).collect()).collect(), b.clone()))
            .collect(),
        repeats: repeats.saturating_sub(before),
    }
}

/// Who sits out each of `rounds` rounds (`byes` a round): those with the fewest byes
/// so far first, never twice before everyone has, and not in two rounds running
/// when that can be avoided; random among equals.
pub fn bye_rounds<R: Rng>(rng: &mut R, players: &[Key], byes: usize, rounds: usize, history: &History, last_round_byes: &[Key]) -> Vec<Vec<Key>> {
    let mut count: Vec<(Key, u32)> = players.iter().map(|p| (*p, history.byes_of(*p))).collect();
    let mut previous: Vec<Key> = last_round_byes.to_vec();
    let mut out = vec![];
    for _ in 0..rounds {
        count.shuffle(rng);
        count.sort_by_key(|(p, c)| (*c, previous.contains(p)));
        let chosen: Vec<Key> = count.iter().take(byes).map(|(p, _)| *p).collect();
        for (p, c) in count.iter_mut() {
            if chosen.contains(p) {
                *c += 1;
            }
        }
        let mut sorted = chosen.clone();
        sorted.sort_unstable();
        previous = chosen;
        out.push(sorted);
    }
    out
}

/// The rounds `from..=last` planned for `players` at the tables of `table_plan`, given
/// what earlier rounds did; never worse over those rounds than drawing each one
/// greedily as Atout did before (that schedule is simulated too, the better kept).
pub fn schedule<R: Rng>(rng: &mut R, players: &[Key], table_plan: &crate::TablePlan, rounds: usize, history: &History, last_byes: &[Key]) -> Schedule {
    let byes = bye_rounds(rng, players, table_plan.byes, rounds, history, last_byes);
    let sizes = vec![table_plan.sizes.clone(); rounds];
    let planned = plan(rng, players, &sizes, &byes, history, Effort::default());
    // Today's greedy draw, round after round, for comparison.
    let mut h = history.clone();
    let mut greedy = Schedule { rounds: vec![], repeats: 0 };
    for b in &byes {
        let seated: Vec<Key> = players.iter().copied().filter(|p| !b.contains(p)).collect();
        let plan = crate::TablePlan { sizes: table_plan.sizes.clone(), byes: 0 };
        let Ok(d) = crate::draw::draw(rng, &seated, &plan, &h) else { return planned };
        greedy.repeats += d.repeats;
        for t in &d.tables {
            h.table(&t.seats);
        }
        greedy.rounds.push((d.tables.into_iter().map(|t| t.seats).collect(), b.clone()));
    }
    if greedy.repeats < planned.repeats {
        greedy
    } else {
        planned
    }
}

/// One round seated from a schedule's round: seats at random, a first dealer drawn,
/// and the repeats against `history`.
pub fn seat_round<R: Rng>(rng: &mut R, round: &(Vec<Vec<Key>>, Vec<Key>), history: &History) -> crate::draw::Draw {
    let mut repeats = 0;
    let tables = round
        .0
        .iter()
        .map(|t| {
            repeats += history.repeats(t);
            let mut seats = t.clone();
            seats.shuffle(rng);
            crate::draw::DrawnTable { first_dealer: rng.random_range(1..=seats.len().max(1)), seats }
        })
        .collect();
    crate::draw::Draw { tables, byes: round.1.clone(), repeats }
}

/// A round seated by ranking (a final round, "the strongest together"): the players
/// who play, strongest first, fill table 1, then table 2, … in the plan's sizes;
/// `byes` sit out. Seats at each table and the first dealer are then drawn as usual
/// ([`seat_round`]).
pub fn by_ranking(ranked: &[Key], sizes: &[usize], byes: &[Key]) -> (Vec<Vec<Key>>, Vec<Key>) {
    let playing: Vec<Key> = ranked.iter().copied().filter(|p| !byes.contains(p)).collect();
    let tables = fill(&playing, sizes);
    let mut byes = byes.to_vec();
    byes.sort_unstable();
    (tables, byes)
}

/// `players` in their order at tables of `sizes`: the first ones at table 1, and so on.
fn fill<T: Clone>(players: &[T], sizes: &[usize]) -> Vec<Vec<T>> {
    let mut rest = players;
    sizes
        .iter()
        .map(|s| {
            let (t, tail) = rest.split_at((*s).min(rest.len()));
            rest = tail;
            t.to_vec()
        })
        .collect()
}

/// Rounds a draw plans ahead.
pub const PLAN_AHEAD: usize = 10;

/// How a round's players are put at tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seating {
    /// Planned ahead to avoid repeat meetings (the default).
    #[default]
    Planned,
    /// By the standings: the strongest together, table 1 first.
    ByRanking,
}

/// A round drawn earlier, as stored: its tables (players in seat order) and byes.
#[derive(Clone, Debug, Default)]
pub struct PastRound {
    pub round: usize,
    pub tables: Vec<Vec<Key>>,
    pub byes: Vec<Key>,
}

/// What the next draw is made from.
pub struct NextRound<'a> {
    /// The round to draw, 1-based, and how many rounds the tournament has.
    pub round: usize,
    pub rounds: usize,
    /// The players who play this round, and how they are split into tables.
    pub players: &'a [Key],
    pub plan: &'a crate::TablePlan,
    /// The rounds drawn before this one.
    pub past: &'a [PastRound],
    /// The seed round 1 was drawn with (the plan made then), when it was recorded.
    pub first_seed: Option<u64>,
    pub seating: Seating,
    /// For a round seated by ranking: the players, strongest first.
    pub ranked: &'a [Key],
}

/// Draw the next round, seated as asked. Planned seating follows the schedule made
/// when round 1 was drawn (from its seed, for the same players) while every round
/// drawn since followed it; otherwise the rounds left are planned again from what
/// happened. A round seated by ranking puts the strongest together, byes rotating.
pub fn next_round<R: Rng>(rng: &mut R, next: &NextRound<'_>) -> crate::draw::Draw {
    let mut history = History::new();
    for r in next.past.iter().filter(|r| r.round < next.round) {
        for t in &r.tables {
            history.table(t);
        }
        for b in &r.byes {
            history.bye(*b);
        }
    }
    let last_byes: Vec<Key> = next.past.iter().find(|r| r.round + 1 == next.round).map(|r| r.byes.clone()).unwrap_or_default();
    let this_round = match next.seating {
        Seating::ByRanking => {
            let order: Vec<Key> = next.ranked.iter().copied().filter(|p| next.players.contains(p)).collect();
            let byes = bye_rounds(rng, next.players, next.plan.byes, 1, &history, &last_byes).swap_remove(0);
            by_ranking(&order, &next.plan.sizes, &byes)
        }
        Seating::Planned => match followed_plan(next) {
            Some(round) => round,
            None => {
                let left = (next.rounds + 1).saturating_sub(next.round).clamp(1, PLAN_AHEAD);
                schedule(rng, next.players, next.plan, left, &history, &last_byes).rounds.swap_remove(0)
            }
        },
    };
    seat_round(rng, &this_round, &history)
}

/// The round due by the plan made when round 1 was drawn, while the rounds drawn
/// since followed it (same tables, as sets, and same byes); `None` otherwise, or past
/// the rounds that plan covers.
fn followed_plan(next: &NextRound<'_>) -> Option<(Vec<Vec<Key>>, Vec<Key>)> {
    let seed = next.first_seed.filter(|_| next.round > 1)?;
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    let covered = next.rounds.min(PLAN_AHEAD);
    let s = schedule(&mut rng, next.players, next.plan, covered, &History::new(), &[]);
    let as_sets = |tables: &[Vec<Key>]| {
        let mut sets: Vec<Vec<Key>> = tables
            .iter()
            .map(|t| {
                let mut t = t.clone();
                t.sort_unstable();
                t
            })
            .collect();
        sets.sort();
        sets
    };
    let kept = next.past.iter().filter(|r| r.round < next.round).all(|r| {
        let Some(planned) = r.round.checked_sub(1).and_then(|i| s.rounds.get(i)) else { return false };
        let mut byes = r.byes.clone();
        byes.sort_unstable();
        as_sets(&r.tables) == as_sets(&planned.0) && byes == planned.1
    });
    if kept {
        next.round.checked_sub(1).and_then(|i| s.rounds.get(i)).cloned()
    } else {
        None
    }
}
