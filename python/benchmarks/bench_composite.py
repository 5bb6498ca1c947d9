"""An n x n grid over Z_4 and Z_6 against the same grid over GF(2), through `Game` as a user
calls it: build the game, deal one random solvable board (uint8) and solve it (the first solve
builds the solver), each timed once, then a second solve. Prints the times, the nullity mod 2
that sets the cost of Z_4 (the reduced system's kernel mod 2 is corrected over Z_4), and the
ratios to GF(2). Run: .venv/bin/python python/benchmarks/bench_composite.py [n]  (default 4096)"""

import sys
import time

import numpy as np

import lightsout as lo

n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
base = None
for k in [2, 4, 6]:
    t0 = time.perf_counter()
    g = lo.grid(n, n, modulus=k)
    board = g.random_solvable(seed=1, dtype=np.uint8)
    t1 = time.perf_counter()
    presses = g.solve(board)
    t2 = time.perf_counter()
    g.solve(board)
    t3 = time.perf_counter()
    assert not g.apply(board, presses).any()
    first = t2 - t0
    base = base or first
    print(
        f"{n} x {n} mod {k}: build + deal {t1 - t0:.3f} s, first solve {t2 - t1:.3f} s "
        f"(setup + solve {first:.3f} s, {first / base:.1f}x mod 2), next solve {t3 - t2:.3f} s"
    )
print(f"nullity of the {n} x {n} grid mod 2: {lo.grid(n, n).nullity}")
