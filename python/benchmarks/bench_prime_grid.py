"""An n x n grid over a prime p > 3 (default 16384 over Z_5) through `Game` with uint8 boards,
as a user calls it: `random_solvable(seed=1)` (M times random presses), `is_solvable`, `solve`
and `apply(board, presses)`, each timed once after the solver is built, then `apply` twice more
(each answer let go before the next: the first call's answer takes fresh pages). Grids over
Z_p, p <= 256, chase and press on the bytes themselves, so the boards may pass 2^30 lights
(33000 5 is 1.089e9 lights, about 1.1 GB a board).
Run: .venv/bin/python python/benchmarks/bench_prime_grid.py [n] [p]"""

import sys
import time

import numpy as np

import lightsout as lo

n = int(sys.argv[1]) if len(sys.argv) > 1 else 16384
p = int(sys.argv[2]) if len(sys.argv) > 2 else 5
g = lo.grid(n, n, modulus=p)
t = time.perf_counter()
g.rank
print(f"{n} x {n} over Z_{p}: solver built in {time.perf_counter() - t:.3f} s")


def timed(name, call):
    t = time.perf_counter()
    out = call()
    print(f"  {name:16s} {time.perf_counter() - t:7.3f} s", flush=True)
    return out


board = timed("random_solvable", lambda: g.random_solvable(seed=1))
assert timed("is_solvable", lambda: g.is_solvable(board))
presses = timed("solve", lambda: g.solve(board))
assert not np.any(timed("apply", lambda: g.apply(board, presses))), "the presses clear the board"
for _ in range(2):
    timed("apply", lambda: g.apply(board, presses))
