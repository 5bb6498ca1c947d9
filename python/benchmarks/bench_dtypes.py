"""Game.solve, Game.is_solvable and Game.apply of one random solvable GF(2) grid board in every
integer dtype and memory order (C, Fortran, strided: every other row and column of a board
twice the size), against the same board in uint8 C order, in one run (the game's solver built
first). Each layout is timed in 3 rounds alternating with the uint8 board, best of each, so
that a shared machine's changing load touches both alike. Prints one line per dtype and layout:
milliseconds and the ratio to uint8 for each call (target: at most 1.5x).
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


CALLS = {
    "solve": lambda g, b: g.solve(b),
    "is_solvable": lambda g, b: g.is_solvable(b),
    "apply": lambda g, b: g.apply(b, b),
}


def timings(g, b, base, rounds=3):
    """Seconds of each call on board `b` and on the uint8 board `base`, best of `rounds`
    alternating rounds."""
    mine, theirs = [], []
    for call in CALLS.values():
        ts, bs = [], []
        for _ in range(rounds):
            bs.append(best_of(lambda: call(g, base), 1))
            ts.append(best_of(lambda: call(g, b), 1))
        mine.append(min(ts))
        theirs.append(min(bs))
    return mine, theirs


for n in [int(a) for a in sys.argv[1:]] or [2000, 10000]:
    g = lo.grid(n, n)
    g.rank  # build the solver outside the timings
    board = np.asarray(g.random_solvable(seed=1)).astype(np.uint8)
    worst = 0.0
    for name in DTYPES:
        typed = board.astype(name)
        for layout in LAYOUTS:
            if name == "uint8" and layout == "C":
                continue
            b = laid_out(typed, layout)
            ts, base = timings(g, b, board)
            del b
            ratios = [t / b0 for t, b0 in zip(ts, base)]
            worst = max(worst, *ratios)
            cells = "  ".join(f"{call} {t * 1e3:7.1f} ms ({b0 * 1e3:6.1f}) {r:5.2f}x" for call, t, b0, r in
                              zip(CALLS, ts, base, ratios))
            print(f"{n} x {n}: {name:6} {layout:7} {cells}", flush=True)
    print(f"{n} x {n}: largest ratio to uint8 C order: {worst:.2f}x", flush=True)
    print(f"({n} x {n}: each call: milliseconds for the layout, (for uint8 C order), ratio)", flush=True)
