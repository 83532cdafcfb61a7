#!/usr/bin/env python3
"""How the figures of `thirty_two_ten` (crates/rules/src/planner.rs) were found.

32 players = four orbits of eight, player (i, x) with x in GF(2)^3 (0..7, addition is XOR).
Every round is closed under x -> x + s, so a round is given by a few figures:
  - one round seats each orbit at the cosets of a plane U_i;
  - three rounds pair the orbits (01|23, 02|13, 03|12) with tables
    {(i, x), (i, x+t), (j, x+c), (j, x+c+t)};
  - six rounds seat one of each orbit: {(0, x), (1, x+a), (2, x+b), (3, x+d)}.
Nobody meets twice when, in each orbit, U_i's three differences and the orbit's three t's
are six different ones, and, for each pair of orbits, {c, c+t} and the six transversal
differences cover GF(2)^3. This draws t's and c's at random and completes the transversals
by backtracking; it prints the first set that works and checks it round by round.

Run: python3 scripts/seating-32x10.py [seed]
"""
import itertools
import random
import sys

NZ = list(range(1, 8))
PLANES = sorted({frozenset({u, v, u ^ v}) for u in NZ for v in NZ if u < v}, key=sorted)
PAIRS = [(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)]


def transversals(allowed):
    used = {p: set() for p in PAIRS}
    found = []

    def rec():
        if len(found) == 6:
            return True
        for a in allowed[(0, 1)]:
            if a in used[(0, 1)] or (found and a < found[-1][0]):
                continue
            for b in allowed[(0, 2)]:
                if b in used[(0, 2)] or (a ^ b) in used[(1, 2)] or (a ^ b) not in allowed[(1, 2)]:
                    continue
                for d in allowed[(0, 3)]:
                    diffs = {(0, 1): a, (0, 2): b, (0, 3): d, (1, 2): a ^ b, (1, 3): a ^ d, (2, 3): b ^ d}
                    if any(v in used[p] or v not in allowed[p] for p, v in diffs.items()):
                        continue
                    for p, v in diffs.items():
                        used[p].add(v)
                    found.append((a, b, d))
                    if rec():
                        return True
                    found.pop()
                    for p, v in diffs.items():
                        used[p].discard(v)
        return False

    return found if rec() else None


def search(rng):
    while True:
        t = {p: rng.choice(NZ) for p in PAIRS}
        planes = {}
        for i in range(4):
            ts = {t[p] for p in PAIRS if i in p}
            free = [s for s in PLANES if len(ts) == 3 and not (s & ts)]
            if not free:
                break
            planes[i] = sorted(free[0])
        if len(planes) < 4:
            continue
        c = {p: rng.randrange(8) for p in PAIRS}
        allowed = {p: [v for v in range(8) if v not in (c[p], c[p] ^ t[p])] for p in PAIRS}
        x = transversals(allowed)
        if x:
            return t, c, planes, x


def rounds_of(t, c, planes, xs):
    p = lambda i, x: 8 * i + x
    rounds = [[[p(i, y) for y in (x, x ^ u[0], x ^ u[1], x ^ u[0] ^ u[1])] for i, u in planes.items()
               for x in range(8) if x == min(x, x ^ u[0], x ^ u[1], x ^ u[0] ^ u[1])]]
    for pairing in ([(0, 1), (2, 3)], [(0, 2), (1, 3)], [(0, 3), (1, 2)]):
        rounds.append([[p(i, x), p(i, x ^ t[(i, j)]), p(j, x ^ c[(i, j)]), p(j, x ^ c[(i, j)] ^ t[(i, j)])]
                       for (i, j) in pairing for x in range(8) if x < x ^ t[(i, j)]])
    for a, b, d in xs:
        rounds.append([[p(0, x), p(1, x ^ a), p(2, x ^ b), p(3, x ^ d)] for x in range(8)])
    return rounds


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    t, c, planes, xs = search(rng)
    met = {}
    for r in rounds_of(t, c, planes, xs):
        assert sorted(sum(r, [])) == list(range(32))
        for table in r:
            for a, b in itertools.combinations(table, 2):
                met[(a, b)] = met.get((a, b), 0) + 1
    assert len(met) == 480 and all(v == 1 for v in met.values())
    print("planes U_i:", planes)
    print("pairings (t, c):", t, c)
    print("transversals (a, b, d):", xs)
    print("10 rounds, 480 pairs met once each, 0 repeats")


if __name__ == "__main__":
    main()
