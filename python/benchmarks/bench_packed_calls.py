"""The three calls on packed boards of a GF(2) grid through Game, each timed R times (wall and
CPU seconds of the process): `solve` into a new array, `solve` in place (`out=`), on a board
from `random_solvable(seed=1, packed=True)`, and `apply` of two random packed boards. The
default n = 40,000 is 1.6e9 lights, 200 MB a board. To compare two wheels in one run, point
PYTHONPATH at each installed package in turn.
Run: .venv/bin/python python/benchmarks/bench_packed_calls.py [n] [repeats]"""

import resource
import sys
import time

import numpy as np

import lightsout as lo


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def timed(call):
    wall, c = time.perf_counter(), cpu()
    call()
    return time.perf_counter() - wall, cpu() - c


def show(times):
    return " ".join(f"{w:.2f}/{c:.2f}" for w, c in times)


n = int(sys.argv[1]) if len(sys.argv) > 1 else 40_000
repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
g = lo.grid(n, n)
board = g.random_solvable(seed=1, packed=True)
g.nullity  # the solver is built before the timing
solve, in_place = [], []
for _ in range(repeats):
    solve.append(timed(lambda: g.solve(board, packed=True)))
    presses = board.copy()
    in_place.append(timed(lambda: g.solve(presses, packed=True, out=presses)))
rng = np.random.default_rng(1)
lights, presses = (rng.integers(0, 256, board.shape, dtype=np.uint8) for _ in range(2))
apply = [timed(lambda: g.apply(lights, presses, packed=True)) for _ in range(repeats)]
print(f"{lo.__file__}: grid {n}x{n}, wall/CPU seconds")
print(f"solve {show(solve)} | in place {show(in_place)} | apply {show(apply)}")
