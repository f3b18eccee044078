#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The reference values of tests/engine/test-study-stats.c's confidence sequence, written
from the formula in docs/BALANCE.md (Statistics: Stopping when settled), independently of
the C code.

The predictable plug-in empirical-Bernstein confidence sequence of Waudby-Smith & Ramdas,
"Estimating means of bounded random variables by betting", JRSS-B 86 (2024), Theorem 2
(PrPl-EB): for X_i in [0, 1] with mean mu and any predictable bets lambda_i in [0, 1),

    C_t = sum(l_i x_i) / sum(l_i)  +-  (log(2 / alpha) + sum(v_i psi_E(l_i))) / sum(l_i)

is a (1 - alpha) confidence sequence: P(mu in C_t for every t) >= 1 - alpha, where
v_i = 4 (x_i - mu_{i-1})^2 and psi_E(l) = (-log(1 - l) - l) / 4; mu_t = (1/2 + sum x) / (t + 1),
sigma2_t = (1/4 + sum_{i<=t} (x_i - mu_i)^2) / (t + 1), mu_0 = 1/2, sigma2_0 = 1/4. The bets
are tuned to the margin M the study stops at: l_i = min(M / sigma2_{i-1}, 1/2) (the constant bet
that reaches M soonest when the variance is sigma2). The interval is cut to [0, 1] and
intersected with every earlier one (still a confidence sequence).

Run: python3 tests/engine/confidence-sequence.py
"""
import math
import random

ALPHA = 0.05
CAP = 0.5


def sequence(xs, margin, block=20):
    """Yields (t, low, high) after each game."""
    n = 0
    total = 0.0
    sum_sq = 0.0
    mu_prev, var_prev = 0.5, 0.25
    s_l = s_lx = s_pen = 0.0
    low, high = 0.0, 1.0
    for x in xs:
        lam = min(margin / var_prev, CAP)
        v = 4 * (x - mu_prev) ** 2
        s_l += lam
        s_lx += lam * x
        s_pen += v * (-math.log(1 - lam) - lam) / 4
        n += 1
        total += x
        mu = (0.5 + total) / (n + 1)
        sum_sq += (x - mu) ** 2
        var = (0.25 + sum_sq) / (n + 1)
        centre = s_lx / s_l
        half = (math.log(2 / ALPHA) + s_pen) / s_l
        low = max(low, centre - half, 0.0)
        high = min(high, centre + half, 1.0)
        mu_prev, var_prev = mu, var
        yield n, low, high


def stop(xs, margin, block=20):
    for t, low, high in sequence(xs, margin):
        if t % block == 0 and (high - low) / 2 <= margin:
            return t, low, high
    return None


def pattern(kind, n):
    """The deterministic sequences of the C test: 'alt' W L W L..., 'wdl' W D L D W D L D...,
    'draws' (W D D L D D ...: two draws in three)."""
    if kind == 'alt':
        return [1.0 if i % 2 == 0 else 0.0 for i in range(n)]
    if kind == 'wdl':
        return [(1.0, 0.5, 0.0, 0.5)[i % 4] for i in range(n)]
    if kind == 'draws':
        return [(1.0, 0.5, 0.5, 0.0, 0.5, 0.5)[i % 6] for i in range(n)]
    if kind == 'lead':
        # 3 wins in 4: W W W L
        return [(1.0, 1.0, 1.0, 0.0)[i % 4] for i in range(n)]
    raise ValueError(kind)


def wilson_half(s, n, z=1.959963984540054):
    p = s / n
    denom = 1 + z * z / n
    return z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))


if __name__ == '__main__':
    for kind in ('alt', 'wdl', 'draws', 'lead'):
        for margin in (0.05, 0.03):
            xs = pattern(kind, 20000)
            values = {t: (lo, hi) for t, lo, hi in sequence(xs, margin)}
            for t in (20, 100, 1000):
                lo, hi = values[t]
                print(f'{kind} M={margin} t={t}: [{lo:.12f}, {hi:.12f}]')
            print(f'{kind} M={margin} stops at', stop(xs, margin))
    # Typical stopping points of a fair game without draws (random, seed 1).
    rng = random.Random(1)
    for margin in (0.05, 0.03):
        new, old = [], []
        for _ in range(200):
            xs = [float(rng.random() < 0.5) for _ in range(6000)]
            new.append(stop(xs, margin)[0])
            s = 0
            for t, x in enumerate(xs, 1):
                s += x
                if t % 20 == 0 and wilson_half(s, t) <= margin:
                    old.append(t)
                    break
        new.sort()
        old.sort()
        print(f'fair coin M={margin}: new median {new[100]} [{new[0]}, {new[-1]}], '
              f'old (Wilson) median {old[100]} [{old[0]}, {old[-1]}]')
