#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The reference values of tests/engine/test-study-stats.c's A/B difference, written from
the formulas in docs/BALANCE.md (Statistics: A/B), independently of the C code.

Each arm's player-1 score s = half_points / 2n gets the draw-aware Wilson interval of
player 1's score: Wilson's score interval on n_eff = n / deff games, deff the win/draw/loss
variance over the win/loss variance with one pseudo-win and one pseudo-loss added (Kish's
design effect). The difference B - A gets Newcombe's hybrid score interval (his method 10):

    low  = d - sqrt((sB - lB)^2 + (uA - sA)^2)
    high = d + sqrt((uB - sB)^2 + (sA - lA)^2)

Its two-sided p-value is the interval's own test: the level alpha at which the (1 - alpha)
interval has 0 on its edge, found by bisection on z (the interval widens as z grows), so
p < 0.05 exactly when the 95% interval leaves out 0.

Run: python3 tests/engine/newcombe-inversion.py
"""
import math

Z95 = 1.959963984540054


def design_effect(half, draws, n):
    if draws == 0:
        return 1.0
    wins = (half - draws) / 2 + 1
    losses = n - draws - (half - draws) / 2 + 1
    total = wins + draws + losses
    mean = (wins + draws / 2) / total
    trinomial = (wins + draws / 4) / total - mean * mean
    return trinomial / (mean * (1 - mean))


def wilson(p, n, z):
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def arm(half, draws, n, z):
    s = half / (2 * n)
    low, high = wilson(s, n / design_effect(half, draws, n), z)
    if half == 0:
        low = 0.0
    if half == 2 * n:
        high = 1.0
    return s, low, high


def interval(a, b, z):
    sa, la, ua = arm(*a, z)
    sb, lb, ub = arm(*b, z)
    d = sb - sa
    return (d, d - math.sqrt((sb - lb) ** 2 + (ua - sa) ** 2),
            d + math.sqrt((ub - sb) ** 2 + (sa - la) ** 2))


def p_value(a, b):
    d = interval(a, b, 0)[0]
    if d == 0:
        return 1.0
    side = 1 if d > 0 else 2
    lo, hi = 0.0, 50.0
    for _ in range(200):
        mid = (lo + hi) / 2
        edge = interval(a, b, mid)[side]
        if (edge > 0) == (d > 0):
            lo = mid
        else:
            hi = mid
    return math.erfc(lo / math.sqrt(2))


CASES = [
    # (half points, draws, games) of A, then of B
    ((96, 0, 80), (112, 0, 70)),      # Newcombe's example (a): 48/80 against 56/70
    ((2, 0, 10), (12, 0, 10)),        # small counts
    ((132, 0, 200), (170, 0, 200)),   # 66 and 85 of 200: the old z-test's p = 0.0500
    ((100, 40, 100), (120, 40, 100)), # draws in both arms
    ((60, 20, 50), (60, 20, 50)),     # equal: p = 1
    ((0, 0, 20), (40, 0, 20)),        # all losses against all wins
]

if __name__ == "__main__":
    for a, b in CASES:
        d, low, high = interval(a, b, Z95)
        print(f"A {a} B {b}: d = {d:.6f} [{low:.6f}, {high:.6f}] p = {p_value(a, b):.8g}")
    # Agreement: every pair of counts at 50 games a side, with and without draws.
    disagree = 0
    checked = 0
    for n in (20, 50):
        for da in (0, n // 5):
            for db in (0, n // 10):
                for wa in range(n - da + 1):
                    for wb in range(n - db + 1):
                        a = (2 * wa + da, da, n)
                        b = (2 * wb + db, db, n)
                        d, low, high = interval(a, b, Z95)
                        p = p_value(a, b)
                        checked += 1
                        if (p < 0.05) != (low > 0 or high < 0):
                            disagree += 1
    print(f"{checked} pairs, {disagree} disagree")
