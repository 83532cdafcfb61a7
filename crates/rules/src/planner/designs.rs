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
/// that every difference y − x between two of its players of classes i and j (i < j),
/// and every ±(y − x) within a class, comes out once: then the r rounds cover every pair
/// once.
///
/// The base tables are first sought in a symmetric shape ([`plus_minus_pairs`]): a
/// table {±x of class i, ±y of class j}, where pairs {x, y} split 1..=2k so that the
/// classes of ±(y − x) and ±(y + x) come out once each. That shape exists whenever 3
/// does not divide r (found for every such field up to 352 players), and a randomised
/// backtracking finds it fast. Otherwise (28, 100, 136, … players) a backtracking over
/// base rounds of any shape ([`base_round_search`]) tries, within a bounded effort.
/// `None` when neither found one.
pub fn one_rotational(k: usize) -> Option<Vec<Vec<Vec<usize>>>> {
    if k == 0 {
        return None;
    }
    let r = 4 * k + 1;
    let base = match plus_minus_pairs(k) {
        Some(pairs) => {
            // Classes 0–1 from pairs (x, y), 1–2 likewise, 0–2 the other way round: each
            // class then holds every ± class once, as x in one and as y in the other.
            let mut tables = vec![];
            for (x, y) in pairs {
                let neg = |z: usize| r - z;
                for (i, j, a, b) in [(0, 1, x, y), (1, 2, x, y), (2, 0, x, y)] {
                    tables.push(vec![(a, i), (neg(a), i), (b, j), (neg(b), j)]);
                }
            }
            tables
        }
        None => base_round_search(k)?,
    };
    let label = |x: usize, i: usize| 1 + i * r + x;
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

/// The class ±z of `z` in Z_r: its representative in 1..=r/2.
fn pm(z: usize, r: usize) -> usize {
    let z = z % r;
    z.min(r - z)
}

/// Pairs {x, y} splitting 1..=2k such that the classes ±(y − x) and ±(y + x) modulo
/// 4k + 1 come out once each over the k pairs (see [`one_rotational`]). A backtracking
/// that pairs the largest free x first, trying the free y in a random order, restarted
/// with a budget; deterministic.
fn plus_minus_pairs(k: usize) -> Option<Vec<(usize, usize)>> {
    let r = 4 * k + 1;
    if r.is_multiple_of(3) {
        // No such pairs then (the differences and sums cannot split evenly).
        return None;
    }
    struct State {
        k: usize,
        r: usize,
        used: Vec<bool>,
        diff: Vec<bool>,
        pairs: Vec<(usize, usize)>,
        budget: usize,
    }
    fn extend(s: &mut State, rng: &mut ChaCha8Rng) -> bool {
        if s.pairs.len() == s.k {
            return true;
        }
        if s.budget == 0 {
            return false;
        }
        s.budget -= 1;
        let Some(x) = (1..=2 * s.k).rev().find(|x| !s.used[*x]) else { return false };
        s.used[x] = true;
        let mut ys: Vec<usize> = (1..=2 * s.k).filter(|y| !s.used[*y]).collect();
        ys.shuffle(rng);
        for y in ys {
            let (a, b) = (pm(y + s.r - x, s.r), pm(y + x, s.r));
            if a == b || s.diff[a] || s.diff[b] {
                continue;
            }
            s.used[y] = true;
            s.diff[a] = true;
            s.diff[b] = true;
            s.pairs.push((x, y));
            if extend(s, rng) {
                return true;
            }
            s.pairs.pop();
            s.used[y] = false;
            s.diff[a] = false;
            s.diff[b] = false;
        }
        s.used[x] = false;
        false
    }
    let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
    for _attempt in 0..50 {
        let mut s = State { k, r, used: vec![false; 2 * k + 1], diff: vec![false; 2 * k + 1], pairs: vec![], budget: 20_000 };
        if extend(&mut s, &mut rng) {
            return Some(s.pairs);
        }
    }
    None
}

/// A base round for [`one_rotational`] of any shape: the 12k players (x, i), x ≠ 0, at
/// 3k tables of four, by a backtracking that opens a table with the smallest free
/// player and tries the triples of free players whose six differences are all unused,
/// in a random order, restarted with a budget. Deterministic; finds 28 players' in a
/// few thousand steps, and gives up within about a tenth of a second on the larger
/// fields of this kind (100, 136, 172 players…), whose search space is too wide for
/// it: the planner's search then takes over.
fn base_round_search(k: usize) -> Option<Vec<Vec<(usize, usize)>>> {
    let r = 4 * k + 1;
    let half = r / 2;
    // A difference's index: within class i, ±d (d in 1..=r/2); between i < j, y − x.
    let key = |(x, i): (usize, usize), (y, j): (usize, usize)| -> usize {
        if i == j {
            i * (half + 1) + pm(y + r - x, r)
        } else {
            let ((x, i), (y, j)) = if i < j { ((x, i), (y, j)) } else { ((y, j), (x, i)) };
            3 * (half + 1) + (i + j - 1) * r + (y + r - x) % r
        }
    };
    struct State<'a> {
        key: &'a dyn Fn((usize, usize), (usize, usize)) -> usize,
        used: Vec<bool>,
        free: Vec<(usize, usize)>,
        tables: Vec<Vec<(usize, usize)>>,
        budget: usize,
    }
    fn extend(s: &mut State<'_>, rng: &mut ChaCha8Rng) -> bool {
        if s.free.is_empty() {
            return true;
        }
        if s.budget == 0 {
            return false;
        }
        s.budget -= 1;
        // The free player with the fewest partners left opens the table.
        let options = |s: &State<'_>, p: (usize, usize)| s.free.iter().filter(|q| **q != p && !s.used[(s.key)(p, **q)]).count();
        let Some(at) = (0..s.free.len()).min_by_key(|i| options(s, s.free[*i])) else { return false };
        let p = s.free.remove(at);
        let mut others: Vec<(usize, usize)> = s.free.iter().copied().filter(|q| !s.used[(s.key)(p, *q)]).collect();
        others.shuffle(rng);
        for (ai, &a) in others.iter().enumerate() {
            for (bi, &b) in others.iter().enumerate().skip(ai + 1) {
                for &c in &others[bi + 1..] {
                    let keys = [(s.key)(p, a), (s.key)(p, b), (s.key)(p, c), (s.key)(a, b), (s.key)(a, c), (s.key)(b, c)];
                    let distinct = (0..6).all(|i| (i + 1..6).all(|j| keys[i] != keys[j]));
                    if !distinct || keys.iter().any(|kk| s.used[*kk]) {
                        continue;
                    }
                    for kk in keys {
                        s.used[kk] = true;
                    }
                    s.free.retain(|q| *q != a && *q != b && *q != c);
                    s.tables.push(vec![p, a, b, c]);
                    if extend(s, rng) {
                        return true;
                    }
                    s.tables.pop();
                    s.free.extend([a, b, c]);
                    s.free.sort_unstable();
                    for kk in keys {
                        s.used[kk] = false;
                    }
                    if s.budget == 0 {
                        s.free.insert(at, p);
                        return false;
                    }
                }
            }
        }
        s.free.insert(at, p);
        false
    }
    let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
    let mut free: Vec<(usize, usize)> = (0..3).flat_map(|i| (1..r).map(move |x| (x, i))).collect();
    free.sort_unstable();
    for _attempt in 0..20 {
        let mut used = vec![false; 3 * (half + 1) + 3 * r];
        // The table of ∞ and the three zeros takes the differences 0 between classes.
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            used[key((0, i), (0, j))] = true;
        }
        let mut s = State { key: &key, used, free: free.clone(), tables: vec![], budget: 40_000 / (k * k) };
        if extend(&mut s, &mut rng) {
            return Some(s.tables);
        }
    }
    None
}
