//! Schedules without a repeat meeting, built where mathematics has them, for players
//! at tables of four with no byes (a social golfer schedule): every pair meets at most
//! once. Each player meets three others a round, so `n` players have at most
//! (n − 1)/3 such rounds; the constructions here reach that bound, or come close:
//! - `2^m` players: the geometry of GF(2)^m ([`flat_rounds`]; 32 × 10 by
//!   [`thirty_two_ten`]);
//! - `12k + 4` players: a resolvable design of blocks of four (every pair meets exactly
//!   once over 4k + 1 rounds), built 1-rotationally ([`one_rotational`]).
//!
//! Every construction is deterministic and depends on the player count alone; the
//! planner relabels its players at random.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Rounds (tables of player indices `0..n`) in which nobody meets anybody twice, at
/// most `rounds` of them, for `n` players at tables of four: as many as a construction
/// gives (none when no construction fits `n`).
pub fn rounds_without_repeats(n: usize, rounds: usize) -> Vec<Vec<Vec<usize>>> {
    if rounds == 0 || n < 16 || !n.is_multiple_of(4) {
        return vec![];
    }
    let mut out = if n.is_power_of_two() {
        if n == 32 && rounds > 9 {
            thirty_two_ten()
        } else {
            flat_rounds(n.trailing_zeros(), rounds)
        }
    } else {
        vec![]
    };
    if out.len() < rounds && n % 12 == 4 {
        if let Some(design) = one_rotational((n - 4) / 12) {
            if design.len() > out.len() {
                out = design;
            }
        }
    }
    out.truncate(rounds);
    out
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
    if m.is_multiple_of(2) {
        // GF(2)^m as GF(4)^(m/2): the lines {u, ωu, ω²u} through 0 of the affine space
        // AG(m/2, 4) are disjoint and cover every nonzero vector, (n − 1)/3 of them at
        // once (16 players: 5 rounds, 64: 21, 256: 85). ω multiplies each coordinate
        // a + bω (bits a, b) into b + (a + b)ω.
        let omega = |u: usize| {
            (0..m / 2).fold(0, |acc, c| {
                let x = (u >> (2 * c)) & 3;
                let (a, b) = (x & 1, x >> 1);
                acc | ((b | ((a ^ b) << 1)) << (2 * c))
            })
        };
        let mut used = vec![false; n];
        for u in 1..n {
            if !used[u] && best.len() < rounds {
                let line = [u, omega(u), u ^ omega(u)];
                for x in line {
                    used[x] = true;
                }
                best.push(line);
            }
        }
        return cosets(n, best);
    }
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
    cosets(n, best)
}

/// A round per line {u, v, u + v}: the cosets of {0, u, v, u + v}, one table each.
fn cosets(n: usize, lines: Vec<[usize; 3]>) -> Vec<Vec<Vec<usize>>> {
    lines
        .into_iter()
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

/// A resolvable design for `12k + 4` players at tables of four: 4k + 1 rounds in which
/// every pair meets exactly once. The players are ∞ and (x, i) for x in Z_r, r = 4k + 1,
/// and i in {0, 1, 2}; round t is a base round with every x moved by t (∞ stays). The
/// base round seats {∞, (0, 0), (0, 1), (0, 2)} and 3k tables of the other players, such
/// that every difference y − x between two of its players of classes i and j (i ≠ j),
/// and every ±(y − x) within a class, comes out once: then the r rounds cover every pair
/// once.
///
/// Each base table is symmetric, {±a of class i, ±b of class j}: its differences are
/// ±2a within class i, ±2b within class j (doubling meets every class ±d once as a does),
/// and ±(b − a), ±(b + a) between the two classes. So the base round is k pairs (a, b) for
/// each of the class pairs 0–1, 1–2 and 2–0 ([`skew_starters`]) such that each pair's
/// differences and sums cover every class ±d once, and each class takes every ±x once
/// over its two class pairs. Found for every field of the family (28, 100, 136 … players
/// too, where a single set of pairs serving all three class pairs does not exist).
/// Tried up to 352 players (k ≤ [`MOST_K`]), where every field is found and tested;
/// larger fields (whose clubs play far fewer rounds than 4k + 1) go to the planner's
/// search, not to a search for pairs that grows past a second there. `None` otherwise.
pub fn one_rotational(k: usize) -> Option<Vec<Vec<Vec<usize>>>> {
    if k == 0 || k > MOST_K {
        return None;
    }
    let r = 4 * k + 1;
    let starters = skew_starters(k)?;
    let label = |x: usize, i: usize| 1 + i * r + x;
    let mut base = vec![];
    for (t, pairs) in starters.iter().enumerate() {
        let (i, j) = CLASS_PAIRS[t];
        for &(a, b) in pairs {
            base.push([(a, i), (r - a, i), (b, j), (r - b, j)]);
        }
    }
    let rounds = (0..r)
        .map(|t| {
            let mut round = vec![vec![0, label(t, 0), label(t, 1), label(t, 2)]];
            for table in &base {
                round.push(table.iter().map(|(x, i)| label((x + t) % r, *i)).collect());
            }
            round
        })
        .collect();
    Some(rounds)
}

/// The largest k [`one_rotational`] builds for: 352 players.
const MOST_K: usize = 29;

/// The class pairs of [`one_rotational`]'s base tables: a of the first, b of the second.
const CLASS_PAIRS: [(usize, usize); 3] = [(0, 1), (1, 2), (2, 0)];

/// The class ±z of `z` in Z_r: its representative in 0..=r/2.
fn pm(z: usize, r: usize) -> usize {
    let z = z % r;
    z.min(r - z)
}

/// For each class pair t of [`CLASS_PAIRS`], k pairs (a, b) of ± classes in 1..=2k
/// modulo r = 4k + 1, such that:
/// - each class pair's ±(b − a) and ±(b + a) cover 1..=2k once;
/// - each class holds every ±x once: as a in the class pair it opens, as b in the one it
///   closes.
///
/// An exact cover: a choice (t, a, b) covers the items "t covers ±(b − a)", "t covers
/// ±(b + a)", "class i holds a" and "class j holds b", and every item must be covered
/// once. A backtracking that takes the item with the fewest choices left (counted as the
/// choices are made and undone, as dancing links do) and tries its choices in a random
/// order, restarted with a budget; deterministic.
fn skew_starters(k: usize) -> Option<[Vec<(usize, usize)>; 3]> {
    let half = 2 * k;
    let r = 4 * k + 1;
    // Items: t * half + d − 1 for "class pair t covers ±d"; 3 * half + c * half + x − 1 for
    // "class c holds ±x".
    let items = 6 * half;
    let mut choices: Vec<(usize, usize, usize, [usize; 4])> = vec![];
    for (t, &(i, j)) in CLASS_PAIRS.iter().enumerate() {
        for a in 1..=half {
            for b in 1..=half {
                let (d1, d2) = (pm(b + r - a, r), pm(b + a, r));
                if d1 == 0 || d2 == 0 || d1 == d2 {
                    continue;
                }
                choices.push((t, a, b, [t * half + d1 - 1, t * half + d2 - 1, 3 * half + i * half + a - 1, 3 * half + j * half + b - 1]));
            }
        }
    }
    let mut holding: Vec<Vec<usize>> = vec![vec![]; items];
    for (c, choice) in choices.iter().enumerate() {
        for &item in &choice.3 {
            holding[item].push(c);
        }
    }
    struct Search<'a> {
        choices: &'a [(usize, usize, usize, [usize; 4])],
        holding: Vec<Vec<usize>>,
        /// How many of a choice's items are covered (0: the choice is still open).
        blocked: Vec<u8>,
        /// How many open choices cover an item; `usize::MAX` once it is covered.
        open: Vec<usize>,
        taken: Vec<usize>,
        budget: usize,
    }
    impl Search<'_> {
        fn cover(&mut self, item: usize) {
            self.open[item] = usize::MAX;
            for h in 0..self.holding[item].len() {
                let c = self.holding[item][h];
                self.blocked[c] += 1;
                if self.blocked[c] == 1 {
                    for &other in &self.choices[c].3 {
                        if other != item && self.open[other] != usize::MAX {
                            self.open[other] -= 1;
                        }
                    }
                }
            }
        }
        fn uncover(&mut self, item: usize) {
            let mut open = 0;
            for h in 0..self.holding[item].len() {
                let c = self.holding[item][h];
                self.blocked[c] -= 1;
                if self.blocked[c] == 0 {
                    open += 1;
                    for &other in &self.choices[c].3 {
                        if other != item && self.open[other] != usize::MAX {
                            self.open[other] += 1;
                        }
                    }
                }
            }
            self.open[item] = open;
        }
        fn solve(&mut self) -> bool {
            let Some(item) = (0..self.open.len()).filter(|i| self.open[*i] != usize::MAX).min_by_key(|i| self.open[*i]) else {
                return true;
            };
            if self.open[item] == 0 || self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            for h in 0..self.holding[item].len() {
                let c = self.holding[item][h];
                if self.blocked[c] != 0 {
                    continue;
                }
                let covers = self.choices[c].3;
                for &i in &covers {
                    self.cover(i);
                }
                self.taken.push(c);
                if self.solve() {
                    return true;
                }
                self.taken.pop();
                for &i in covers.iter().rev() {
                    self.uncover(i);
                }
                if self.budget == 0 {
                    return false;
                }
            }
            false
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
    for _attempt in 0..20 {
        for h in holding.iter_mut() {
            h.shuffle(&mut rng);
        }
        let open = holding.iter().map(Vec::len).collect();
        let mut s = Search { choices: &choices, holding: holding.clone(), blocked: vec![0; choices.len()], open, taken: vec![], budget: 20_000 };
        if s.solve() {
            let mut out: [Vec<(usize, usize)>; 3] = Default::default();
            for c in s.taken {
                let (t, a, b, _) = choices[c];
                out[t].push((a, b));
            }
            return Some(out);
        }
    }
    None
}
