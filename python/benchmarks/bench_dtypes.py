"""Game.solve of one random solvable GF(2) grid board in every integer dtype and memory order,
against the same board in uint8, in one run (best of 3 each, the game's solver built first).
Prints one line per dtype and layout: seconds and the ratio to uint8 (target: at most 1.5x).
Run: .venv/bin/python python/benchmarks/bench_dtypes.py [n ...]   (default: 2000 10000)"""

import sys

import numpy as np

import lightsout as lo
from timing import best_of

DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]


for n in [int(a) for a in sys.argv[1:]] or [2000, 10000]:
    g = lo.grid(n, n)
    g.rank  # build the solver outside the timings
    board = g.random_solvable(seed=1).astype(np.uint8)
    base = best_of(lambda: g.solve(board), 3)
    print(f"{n} x {n}: uint8 C order {base * 1e3:.1f} ms")
    for name in DTYPES:
        typed = board.astype(name)
        layouts = {"C": typed, "Fortran": np.asfortranarray(typed)}
        for layout, b in layouts.items():
            if name == "uint8" and layout == "C":
                continue
            t = best_of(lambda: g.solve(b), 3)
            print(f"{n} x {n}: {name:6} {layout:7} {t * 1e3:8.1f} ms  {t / base:5.2f}x uint8")
