"""How fast a GF(2) grid board is read, per dtype and memory order: `Game.is_solvable`,
`solve` and `apply` of a uint8 board in C order, `is_solvable` of the same board packed
(`packed=True`: the engine's own answer with no read of entries), then `is_solvable` of the board
in every integer dtype in C and Fortran order with its read speed, the bytes of the board over
the time beyond the packed board's. Best of `repeat` calls each. To compare two builds, run it
alternately with each (for example `PYTHONPATH=` a saved package for the one before).
Run: .venv/bin/python python/benchmarks/bench_reads.py [n [repeat]]   (default: 10000 5)"""

import sys

import numpy as np

import lightsout as lo
from timing import best_of

DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 5
g = lo.grid(n, n)
g.rank  # build the solver outside the timings
board = np.asarray(g.random_solvable(seed=1)).astype(np.uint8)
packed = np.packbits(board, axis=-1)
presses = g.solve(board)
packed_time = best_of(lambda: g.is_solvable(packed, packed=True), repeat)
uint8_time = best_of(lambda: g.is_solvable(board), repeat)
print(f"{n} x {n}: packed is_solvable {packed_time * 1e3:7.1f} ms", flush=True)
print(f"{n} x {n}: uint8 C is_solvable {uint8_time * 1e3:7.1f} ms", flush=True)
print(f"{n} x {n}: uint8 C solve {best_of(lambda: g.solve(board), repeat) * 1e3:7.1f} ms", flush=True)
print(f"{n} x {n}: uint8 C apply {best_of(lambda: g.apply(board, presses), repeat) * 1e3:7.1f} ms", flush=True)
for name in DTYPES:
    for order in "CF":
        b = board.astype(name, order=order)
        t = best_of(lambda: g.is_solvable(b), repeat)
        speed = b.nbytes / max(t - packed_time, 1e-9) / 1e9
        print(f"{n} x {n}: is_solvable {name:6} {order} {t * 1e3:7.1f} ms  {t / uint8_time:5.2f}x of uint8 C"
              f"  read {speed:5.1f} GB/s", flush=True)
        del b
