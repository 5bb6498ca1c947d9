"""Game.solve, Game.is_solvable and Game.apply of one random solvable GF(2) grid board in every
integer dtype and memory order (C, Fortran, strided: every other row and column of a board
twice the size), against the same board in uint8 C order, in one run (best of 3 each, the game's
solver built first). Prints one line per dtype and layout: milliseconds and the ratio to uint8
for each call (target: at most 1.5x).
Run: .venv/bin/python python/benchmarks/bench_dtypes.py [n ...]   (default: 2000 10000)"""

import sys

import numpy as np

import lightsout as lo
from timing import best_of

DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]
LAYOUTS = ["C", "Fortran", "strided"]


def laid_out(board, layout):
    """`board` in C order, Fortran order, or as a strided view into a board twice the size."""
    if layout == "C":
        return board
    if layout == "Fortran":
        return np.asfortranarray(board)
    big = np.zeros((2 * board.shape[0], 2 * board.shape[1]), dtype=board.dtype)
    big[::2, ::2] = board
    return big[::2, ::2]


def timings(g, b):
    """Best-of-3 seconds of solve, is_solvable and apply (board plus itself) of board `b`."""
    return [
        best_of(lambda: g.solve(b), 3),
        best_of(lambda: g.is_solvable(b), 3),
        best_of(lambda: g.apply(b, b), 3),
    ]


for n in [int(a) for a in sys.argv[1:]] or [2000, 10000]:
    g = lo.grid(n, n)
    g.rank  # build the solver outside the timings
    board = np.asarray(g.random_solvable(seed=1)).astype(np.uint8)
    base = timings(g, board)
    print(f"{n} x {n}: uint8 C order: solve {base[0] * 1e3:.1f} ms, is_solvable {base[1] * 1e3:.1f} ms, "
          f"apply {base[2] * 1e3:.1f} ms", flush=True)
    worst = 0.0
    for name in DTYPES:
        typed = board.astype(name)
        for layout in LAYOUTS:
            if name == "uint8" and layout == "C":
                continue
            b = laid_out(typed, layout)
            ts = timings(g, b)
            del b
            ratios = [t / b0 for t, b0 in zip(ts, base)]
            worst = max(worst, *ratios)
            cells = "  ".join(f"{call} {t * 1e3:8.1f} ms {r:5.2f}x" for call, t, r in
                              zip(["solve", "is_solvable", "apply"], ts, ratios))
            print(f"{n} x {n}: {name:6} {layout:7} {cells}", flush=True)
    print(f"{n} x {n}: largest ratio to uint8 C order: {worst:.2f}x", flush=True)
