//! Seating that plans ahead (issues "Seating that plans ahead" and "Seating for every
//! field"): when a round is drawn, every round still to play is planned together, and
//! the round is seated from the plan. The plan minimises repeat meetings (a pair seated
//! together who had met before, summed over the rounds), history included, then
//! spreads the repeats it cannot avoid.
//!
//! Where mathematics has a schedule without repeats (tables of four, no byes: powers of
//! two and 12k + 4 players, [`designs`]) the plan starts from it; every other round
//! starts greedy, and a tabu search with shaking ([`plan`]) improves the whole. The
//! same seed gives the same plan: round R is seated from the plan made when round 1 was
//! drawn, as long as the rounds since followed it ([`next_round`]).

mod designs;

use crate::draw::{History, Key};
pub use designs::{one_rotational, rounds_without_repeats};
use rand::seq::SliceRandom;
use rand::Rng;

/// A round as planned: its tables (players) and its byes.
pub type Round = (Vec<Vec<Key>>, Vec<Key>);

/// A planned schedule: per round, the tables (players) and the byes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub rounds: Vec<Round>,
    /// Repeat meetings over the planned rounds (history counted).
    pub repeats: u32,
}

/// How hard the search works: how much it may weigh in all, counted in seats looked at
/// (a swap between two tables of four looks at 8; a fixed count, not a time, so that the
/// same seed gives the same plan on every machine), and how long a stretch of steps
/// without a better schedule runs before the best one is shaken up and the search goes
/// on from there.
#[derive(Clone, Copy, Debug)]
struct Effort {
    seats: u64,
    stretch: usize,
}

impl Default for Effort {
    /// About a quarter of a second on this machine, whatever the tables' sizes
    /// (docs/performance.md).
    fn default() -> Self {
        Effort { seats: 80_000_000, stretch: 300 }
    }
}

/// What a schedule costs: per pair, a repeat weighs [`REPEAT`] and each meeting beyond
/// the first one more, so that the fewest repeats come first, then repeats spread over
/// as many pairs as possible (nobody meets one player five times when others twice
/// would do).
const REPEAT: i64 = 8;

/// Cost of one more meeting for a pair that met `m` times.
fn meet_cost(m: u16) -> i64 {
    if m == 0 {
        0
    } else {
        REPEAT + i64::from(m)
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
    fn new(n: usize, base: &[u16], tables: Vec<Vec<Vec<usize>>>) -> Search {
        let mut search = Search { n, met: base.to_vec(), table_of: vec![vec![usize::MAX; n]; tables.len()], tables };
        for r in 0..search.tables.len() {
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
        search
    }

    fn at(&self, a: usize, b: usize) -> u16 {
        self.met[a * self.n + b]
    }

    fn add(&mut self, a: usize, b: usize, d: i32) {
        let v = (i32::from(self.met[a * self.n + b]) + d).clamp(0, i32::from(u16::MAX)) as u16;
        self.met[a * self.n + b] = v;
        self.met[b * self.n + a] = v;
    }

    /// The whole cost: per pair, the cost of each meeting after the first.
    fn cost(&self) -> i64 {
        let mut c = 0;
        for a in 0..self.n {
            for b in a + 1..self.n {
                c += (1..self.at(a, b)).map(meet_cost).sum::<i64>();
            }
        }
        c
    }

    /// Repeat meetings: per pair, the meetings beyond the first.
    fn repeats(&self) -> u32 {
        let mut c = 0;
        for a in 0..self.n {
            for b in a + 1..self.n {
                c += u32::from(self.at(a, b).saturating_sub(1));
            }
        }
        c
    }

    /// Change of cost if `p` (table `ta`) and `q` (table `tb`) swap in round `r`.
    fn delta(&self, r: usize, p: usize, ta: usize, q: usize, tb: usize) -> i64 {
        let mut d = 0;
        for &a in &self.tables[r][ta] {
            if a != p {
                d += meet_cost(self.at(q, a)) - meet_cost(self.at(p, a).saturating_sub(1));
            }
        }
        for &b in &self.tables[r][tb] {
            if b != q {
                d += meet_cost(self.at(p, b)) - meet_cost(self.at(q, b).saturating_sub(1));
            }
        }
        d
    }

    fn swap(&mut self, r: usize, p: usize, ta: usize, q: usize, tb: usize) {
        for i in 0..self.tables[r][ta].len() {
            let a = self.tables[r][ta][i];
            if a != p {
                self.add(p, a, -1);
                self.add(q, a, 1);
            }
        }
        for i in 0..self.tables[r][tb].len() {
            let b = self.tables[r][tb][i];
            if b != q {
                self.add(q, b, -1);
                self.add(p, b, 1);
            }
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
    fn conflicted(&self, r: usize, out: &mut Vec<usize>) {
        out.clear();
        for table in &self.tables[r] {
            for (i, &a) in table.iter().enumerate() {
                if table.iter().enumerate().any(|(j, &b)| i != j && self.at(a, b) >= 2) {
                    out.push(a);
                }
            }
        }
    }
}

/// The least a schedule of these rounds can cost with no history: its meetings spread
/// as evenly as can be over the pairs of players.
fn cost_floor(sizes: &[Vec<usize>], n: usize) -> i64 {
    let meetings: usize = sizes.iter().flatten().map(|s| s * s.saturating_sub(1) / 2).sum();
    let pairs = n * n.saturating_sub(1) / 2;
    if pairs == 0 {
        return 0;
    }
    let (each, more) = (meetings / pairs, meetings % pairs);
    let pair_cost = |m: usize| (1..m).map(|j| meet_cost(j.min(usize::from(u16::MAX)) as u16)).sum::<i64>();
    pair_cost(each + 1) * more as i64 + pair_cost(each) * (pairs - more) as i64
}

/// A round seated greedily after the rounds before it (the greedy start of Triska and
/// Musliu's heuristic for the social golfer problem): each table is opened by the
/// seated player who has met the most players so far, then filled with the players
/// who have met its members the least (at random among equals).
fn greedy_round<R: Rng>(rng: &mut R, met: &[u16], n: usize, seated: &[usize], sizes: &[usize]) -> Vec<Vec<usize>> {
    let mut free: Vec<usize> = seated.to_vec();
    free.shuffle(rng);
    let known = |a: usize| met[a * n..(a + 1) * n].iter().filter(|m| **m > 0).count();
    let mut tables = vec![];
    for &size in sizes {
        let mut table: Vec<usize> = vec![];
        if let Some(i) = (0..free.len()).max_by_key(|i| known(free[*i])) {
            table.push(free.swap_remove(i));
        }
        while table.len() < size && !free.is_empty() {
            let cost = |p: usize| table.iter().map(|t| meet_cost(met[p * n + t]) * 64 + i64::from(met[p * n + t])).sum::<i64>();
            let Some(i) = (0..free.len()).min_by_key(|i| cost(free[*i])) else { break };
            table.push(free.swap_remove(i));
        }
        tables.push(table);
    }
    tables
}

/// Plan `sizes.len()` rounds for `players`: `sizes[r]` the table sizes of round r and
/// `byes[r]` the players who sit it out (chosen beforehand, see [`bye_rounds`]).
///
/// The start: `start` when given (an earlier plan to mend), else the rounds a
/// construction gives without any repeat ([`rounds_without_repeats`]: tables of four, no
/// byes, no history), then each further round seated greedily after those before it
/// ([`greedy_round`]). Then a tabu search in the manner of Dotú and Van Hentenryck's local
/// search for the social golfer problem: each step makes the best swap, over every round
/// with a repeat, of a player in a repeat with a player of another table of that round
/// (a player may not go back to the table it just left for a few steps, unless the swap
/// gives the best schedule yet). A long stretch
/// without a better schedule goes back to the best one and shakes it (random swaps in
/// a few rounds). Deterministic for a given random generator: the same seed gives the
/// same plan, which the application relies on.
fn plan<R: Rng>(
    rng: &mut R,
    players: &[Key],
    sizes: &[Vec<usize>],
    byes: &[Vec<Key>],
    history: &History,
    effort: Effort,
    start: Option<Vec<Vec<Vec<usize>>>>,
) -> Schedule {
    let n = players.len();
    let rounds = sizes.len().min(byes.len());
    let base = met_before(players, history);
    let no_history = base.iter().all(|m| *m == 0);
    // Repeats already in the history are not the plan's.
    let before: u32 = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).map(|(a, b)| u32::from(base[a * n + b].saturating_sub(1))).sum();
    let tables = first_schedule(rng, players, sizes, byes, &base, start);
    let floor = if no_history { cost_floor(sizes, n) } else { 0 };
    let best = improved(rng, n, rounds, sizes, &base, tables, floor, effort);
    let search = Search::new(n, &base, best);
    let repeats = search.repeats();
    Schedule {
        rounds: search
            .tables
            .into_iter()
            .zip(byes)
            .map(|(round, b)| (round.into_iter().map(|t| t.into_iter().map(|i| players[i]).collect()).collect(), b.clone()))
            .collect(),
        repeats: repeats.saturating_sub(before),
    }
}

/// How often each two players (by index) met before the plan, from the history.
fn met_before(players: &[Key], history: &History) -> Vec<u16> {
    let n = players.len();
    let mut base = vec![0u16; n * n];
    for a in 0..n {
        for b in 0..n {
            if a != b {
                base[a * n + b] = history.times_met(players[a], players[b]).min(u32::from(u16::MAX / 2)) as u16;
            }
        }
    }
    base
}

/// The schedule the search starts from: `start` when given, else constructed rounds
/// without a repeat (four a table, no history), relabelled at random; the rounds still
/// missing, greedy.
fn first_schedule<R: Rng>(
    rng: &mut R,
    players: &[Key],
    sizes: &[Vec<usize>],
    byes: &[Vec<Key>],
    base: &[u16],
    start: Option<Vec<Vec<Vec<usize>>>>,
) -> Vec<Vec<Vec<usize>>> {
    let n = players.len();
    let rounds = sizes.len().min(byes.len());
    let mut tables: Vec<Vec<Vec<usize>>> = start.unwrap_or_default();
    let no_history = base.iter().all(|m| *m == 0);
    let fours = (0..rounds).all(|r| byes[r].is_empty() && sizes[r].iter().all(|t| *t == 4) && sizes[r].len() * 4 == n);
    if tables.is_empty() && no_history && fours {
        let mut label: Vec<usize> = (0..n).collect();
        label.shuffle(rng);
        tables = rounds_without_repeats(n, rounds).into_iter().map(|r| r.into_iter().map(|t| t.into_iter().map(|p| label[p]).collect()).collect()).collect();
    }
    let mut met = base.to_vec();
    for round in &tables {
        for t in round {
            for (i, &a) in t.iter().enumerate() {
                for &b in &t[i + 1..] {
                    met[a * n + b] += 1;
                    met[b * n + a] += 1;
                }
            }
        }
    }
    for r in tables.len()..rounds {
        let seated: Vec<usize> = (0..n).filter(|i| !byes[r].contains(&players[*i])).collect();
        let round = greedy_round(rng, &met, n, &seated, &sizes[r]);
        for t in &round {
            for (i, &a) in t.iter().enumerate() {
                for &b in &t[i + 1..] {
                    met[a * n + b] = met[a * n + b].saturating_add(1);
                    met[b * n + a] = met[b * n + a].saturating_add(1);
                }
            }
        }
        tables.push(round);
    }
    tables
}

/// The tabu search from `tables` (see [`plan`]): the best schedule found, once its cost
/// reaches `floor` or the search has weighed `effort.seats` seats.
#[allow(clippy::too_many_arguments)]
fn improved<R: Rng>(
    rng: &mut R,
    n: usize,
    rounds: usize,
    sizes: &[Vec<usize>],
    base: &[u16],
    tables: Vec<Vec<Vec<usize>>>,
    floor: i64,
    effort: Effort,
) -> Vec<Vec<Vec<usize>>> {
    let mut search = Search::new(n, base, tables);
    let mut cost = search.cost();
    let mut best = (cost, search.tables.clone());
    // Tabu: a player may not go back, in that round, to the table it just left.
    let most_tables = sizes.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let mut tabu = Tabu { until: vec![0usize; rounds * n * most_tables], n, most_tables };
    let mut since_best = 0;
    let mut weighed = 0u64;
    for it in 0.. {
        if cost <= floor || weighed >= effort.seats {
            break;
        }
        if since_best > effort.stretch {
            search = Search::new(n, base, best.1.clone());
            shake(rng, &mut search, n, rounds);
            cost = search.cost();
            since_best = 0;
        }
        since_best += 1;
        // Finding the players in a repeat looks at every seat of every round.
        weighed += (rounds * n) as u64;
        let weighed_before = weighed;
        let Some(Swap { delta, round: r, p, ta, q, tb }) = best_swap(rng, &search, n, &tabu, it, cost, best.0, &mut weighed) else {
            // Every swap tabu: wait for the tabu to lapse; no swap at all: done.
            if weighed == weighed_before {
                break;
            }
            continue;
        };
        search.swap(r, p, ta, q, tb);
        cost += delta;
        let tenure = 4 + rng.random_range(0..6);
        tabu.set(r, p, ta, it + tenure);
        tabu.set(r, q, tb, it + tenure);
        if cost < best.0 {
            best = (cost, search.tables.clone());
            since_best = 0;
        }
    }
    best.1
}

/// Until which step a player may not go back, in a round, to a table it left.
struct Tabu {
    until: Vec<usize>,
    n: usize,
    most_tables: usize,
}

impl Tabu {
    fn at(&self, r: usize, p: usize, t: usize) -> usize {
        (r * self.n + p) * self.most_tables + t
    }
    fn get(&self, r: usize, p: usize, t: usize) -> usize {
        self.until[self.at(r, p, t)]
    }
    fn set(&mut self, r: usize, p: usize, t: usize, until: usize) {
        let i = self.at(r, p, t);
        self.until[i] = until;
    }
}

/// A swap of player `p` at table `ta` with `q` at table `tb` in round `round`, and what it
/// changes in the cost.
struct Swap {
    delta: i64,
    round: usize,
    p: usize,
    ta: usize,
    q: usize,
    tb: usize,
}

/// Back to the best schedule, shaken: random swaps in a few rounds.
fn shake<R: Rng>(rng: &mut R, search: &mut Search, n: usize, rounds: usize) {
    for _ in 0..rounds.clamp(1, 4) {
        let r = rng.random_range(0..rounds);
        let tables_here = search.tables[r].len();
        if tables_here < 2 {
            continue;
        }
        for _ in 0..(n / 8).max(1) {
            let (ta, tb) = (rng.random_range(0..tables_here), rng.random_range(0..tables_here));
            if ta == tb || search.tables[r][ta].is_empty() || search.tables[r][tb].is_empty() {
                continue;
            }
            let p = search.tables[r][ta][rng.random_range(0..search.tables[r][ta].len())];
            let q = search.tables[r][tb][rng.random_range(0..search.tables[r][tb].len())];
            search.swap(r, p, ta, q, tb);
        }
    }
}

/// The best swap at step `it` that is not tabu (unless it beats the best schedule yet, of
/// cost `best`), over every round with a repeat, moving a player in a repeat; ties broken at
/// random. Counts the seats it weighs in `weighed`.
#[allow(clippy::too_many_arguments)]
fn best_swap<R: Rng>(rng: &mut R, search: &Search, n: usize, tabu: &Tabu, it: usize, cost: i64, best: i64, weighed: &mut u64) -> Option<Swap> {
    let rounds = search.tables.len();
    let mut chosen: Option<Swap> = None;
    let mut ties = 0u32;
    let mut conflicted = vec![];
    for r in 0..rounds {
        search.conflicted(r, &mut conflicted);
        for &p in &conflicted {
            let ta = search.table_of[r][p];
            for q in 0..n {
                let tb = search.table_of[r][q];
                if tb == usize::MAX || tb == ta {
                    continue;
                }
                *weighed += (search.tables[r][ta].len() + search.tables[r][tb].len()) as u64;
                let d = search.delta(r, p, ta, q, tb);
                let is_tabu = tabu.get(r, p, tb) > it || tabu.get(r, q, ta) > it;
                if is_tabu && cost + d >= best {
                    continue;
                }
                let swap = Swap { delta: d, round: r, p, ta, q, tb };
                match &chosen {
                    Some(c) if d > c.delta => {}
                    Some(c) if d == c.delta => {
                        ties += 1;
                        if rng.random_range(0..=ties) == 0 {
                            chosen = Some(swap);
                        }
                    }
                    _ => {
                        ties = 0;
                        chosen = Some(swap);
                    }
                }
            }
        }
    }
    chosen
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

/// Whether the byes of `rounds` are ones [`bye_rounds`] could give from `history`: each
/// round's byes among the players with the fewest byes so far, those who sat out the round
/// before last among equals, and everyone with fewer among them.
fn fair_byes(players: &[Key], byes: usize, history: &History, last_round_byes: &[Key], rounds: &[Round]) -> bool {
    let mut count: std::collections::HashMap<Key, u32> = players.iter().map(|p| (*p, history.byes_of(*p))).collect();
    let mut previous: Vec<Key> = last_round_byes.to_vec();
    for (_, chosen) in rounds {
        if chosen.len() != byes {
            return false;
        }
        if byes > 0 {
            let key = |p: &Key| (count.get(p).copied().unwrap_or(0), previous.contains(p));
            let mut keys: Vec<(u32, bool)> = players.iter().map(key).collect();
            keys.sort_unstable();
            let Some(last) = keys.get(byes - 1).copied() else { return false };
            if chosen.iter().any(|p| key(p) > last) || players.iter().any(|p| key(p) < last && !chosen.contains(p)) {
                return false;
            }
        }
        for p in chosen {
            *count.entry(*p).or_default() += 1;
        }
        previous = chosen.clone();
    }
    true
}

/// The rounds `from..=last` planned for `players` at the tables of `table_plan`, given
/// what earlier rounds did. (Drawing each round greedily, as Atout did first, never does
/// better on the fields the tests and the benchmark try: it is no longer simulated.)
pub fn schedule<R: Rng>(rng: &mut R, players: &[Key], table_plan: &crate::TablePlan, rounds: usize, history: &History, last_byes: &[Key]) -> Schedule {
    schedule_from(rng, players, table_plan, rounds, history, last_byes, None)
}

/// [`schedule`], started from an earlier plan of these rounds when it still fits (the
/// same players, at tables of the plan's sizes): a round drawn against the plan (a
/// redraw) changes a few meetings, and the search mends the plan rather than starting
/// afresh.
fn schedule_from<R: Rng>(
    rng: &mut R,
    players: &[Key],
    table_plan: &crate::TablePlan,
    rounds: usize,
    history: &History,
    last_byes: &[Key],
    earlier: Option<&[Round]>,
) -> Schedule {
    let index: std::collections::HashMap<Key, usize> = players.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    let mut everyone = players.to_vec();
    everyone.sort_unstable();
    let fits = |round: &Round| {
        let mut seated: Vec<Key> = round.0.iter().flatten().chain(&round.1).copied().collect();
        seated.sort_unstable();
        seated == everyone && round.0.iter().map(Vec::len).eq(table_plan.sizes.iter().copied())
    };
    // Its byes only as the rotation would give them from what happened: that plan was made
    // with nobody sat out yet, for the players as they now are; kept after a withdrawal, a
    // late entry or a round seated by ranking, it gave one player a second bye, or two rounds
    // running, while others had none.
    let start = earlier.filter(|e| e.len() == rounds && e.iter().all(fits) && fair_byes(players, table_plan.byes, history, last_byes, e));
    let (byes, start) = match start {
        Some(e) => {
            (e.iter().map(|r| r.1.clone()).collect(), Some(e.iter().map(|r| r.0.iter().map(|t| t.iter().map(|p| index[p]).collect()).collect()).collect()))
        }
        None => (bye_rounds(rng, players, table_plan.byes, rounds, history, last_byes), None),
    };
    let sizes = vec![table_plan.sizes.clone(); rounds];
    plan(rng, players, &sizes, &byes, history, Effort::default(), start)
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
    /// This round was drawn before: drawn again, it leaves the plan, the rounds left planned
    /// anew from this draw's own number (a round 2 drawn again under any number gave the
    /// same tables back, the plan's, to a secretary drawing again to split two players).
    pub again: bool,
    pub seating: Seating,
    /// For a round seated by ranking: the players, strongest first.
    pub ranked: &'a [Key],
}

/// The meetings of the rounds drawn before `next.round`, and the byes.
fn history_before(next: &NextRound<'_>) -> History {
    let mut history = History::new();
    for r in next.past.iter().filter(|r| r.round < next.round) {
        for t in &r.tables {
            history.table(t);
        }
        for b in &r.byes {
            history.bye(*b);
        }
    }
    history
}

/// The plan a planned draw of `next.round` seats from: the rounds from this one to the
/// last, either the plan made when round 1 was drawn (while the rounds since followed
/// it: `true`), or the rounds left planned again from what happened.
fn plan_from<R: Rng>(rng: &mut R, next: &NextRound<'_>, history: &History) -> (Vec<Round>, bool) {
    let earlier = match followed_plan(next) {
        Ok(rounds) => return (rounds, true),
        Err(earlier) => earlier,
    };
    let last_byes: Vec<Key> = next.past.iter().find(|r| r.round + 1 == next.round).map(|r| r.byes.clone()).unwrap_or_default();
    // Every round left, this one included.
    let left = (next.rounds + 1).saturating_sub(next.round).max(1);
    (schedule_from(rng, next.players, next.plan, left, history, &last_byes, earlier.as_deref()).rounds, false)
}

/// What a planned draw of the next round would plan, before it is drawn (with the same
/// random generator as the draw, the same plan).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Preview {
    /// The rounds the plan covers, this one first.
    pub from: usize,
    pub to: usize,
    /// Repeat meetings over those rounds, against the rounds drawn before and each other.
    pub repeats: u32,
    /// The plan is the one made when round 1 was drawn (the rounds since followed it).
    pub following: bool,
}

/// The plan a planned draw of `next` would seat from, in figures ([`Preview`]).
pub fn preview<R: Rng>(rng: &mut R, next: &NextRound<'_>) -> Preview {
    let mut history = history_before(next);
    let (rounds, following) = plan_from(rng, next, &history);
    let mut repeats = 0;
    for (tables, _) in &rounds {
        for t in tables {
            repeats += history.repeats(t);
        }
        for t in tables {
            history.table(t);
        }
    }
    Preview { from: next.round, to: next.round + rounds.len().saturating_sub(1), repeats, following }
}

/// Draw the next round, seated as asked. Planned seating follows the schedule made
/// when round 1 was drawn (from its seed, for the same players) while every round
/// drawn since followed it; otherwise the rounds left are planned again from what
/// happened. A round seated by ranking puts the strongest together, byes rotating.
pub fn next_round<R: Rng>(rng: &mut R, next: &NextRound<'_>) -> crate::draw::Draw {
    let history = history_before(next);
    let this_round = match next.seating {
        Seating::ByRanking => {
            let last_byes: Vec<Key> = next.past.iter().find(|r| r.round + 1 == next.round).map(|r| r.byes.clone()).unwrap_or_default();
            // The players the standings rank, strongest first; then those they do not rank yet
            // (entered late: they were left out, and the last table was drawn a seat short).
            let mut order: Vec<Key> = next.ranked.iter().copied().filter(|p| next.players.contains(p)).collect();
            order.extend(next.players.iter().copied().filter(|p| !next.ranked.contains(p)));
            let byes = bye_rounds(rng, next.players, next.plan.byes, 1, &history, &last_byes).swap_remove(0);
            by_ranking(&order, &next.plan.sizes, &byes)
        }
        Seating::Planned => plan_from(rng, next, &history).0.swap_remove(0),
    };
    seat_round(rng, &this_round, &history)
}

/// The rounds due by the plan made when round 1 was drawn, this one to the last, while
/// the rounds drawn since followed it (same tables, as sets, and same byes). Otherwise
/// that plan's rounds from this one on, to mend, when there is one. The plan covers
/// every round of the tournament.
fn followed_plan(next: &NextRound<'_>) -> Result<Vec<Round>, Option<Vec<Round>>> {
    let seed = next.first_seed.filter(|_| next.round > 1 && !next.again).ok_or(None)?;
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    let s = schedule(&mut rng, next.players, next.plan, next.rounds, &History::new(), &[]);
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
    let from = next.round.checked_sub(1).filter(|f| *f < s.rounds.len()).ok_or(None)?;
    let rest = s.rounds[from..].to_vec();
    if kept {
        Ok(rest)
    } else {
        Err(Some(rest))
    }
}
