"""How fast a GF(2) grid board is read, per dtype and memory order: `Game.is_solvable`,
`solve` and `apply` of a uint8 board in C order, `is_solvable` of the same board packed
(`packed=True`: the engine's own answer with no read of entries), then `is_solvable` of the board
in every integer dtype in C and Fortran order with its read speed, the bytes of the board over
the time beyond the packed board's. Best of `repeat` calls each.

Then each layout (dtype, memory order, strided views: every other row of a board twice as tall,
rows or columns reversed) against numpy's own pass over the same array: `solve` of the board in
that layout beyond `solve` of the uint8 board in C order, over `numpy.count_nonzero(arr)` (which
reads every entry), the three timed side by side so the ratio holds on a busy machine, in wall
time and in processor time (all threads: the reader shares a large board among a few, numpy
reads on one). With `layouts` as the third argument only this part runs.

To compare two builds, run it alternately with each (for example `PYTHONPATH=` a saved package
for the one before).
Run: .venv/bin/python python/benchmarks/bench_reads.py [n [repeat [layouts]]]   (default: 10000 5)"""

import sys
import time

import numpy as np

import lightsout as lo
from timing import best_of

DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 5
only_layouts = len(sys.argv) > 3 and sys.argv[3] == "layouts"
g = lo.grid(n, n)
g.rank  # build the solver outside the timings
board = np.asarray(g.random_solvable(seed=1)).astype(np.uint8)
packed = np.packbits(board, axis=-1)
presses = g.solve(board)
packed_time = best_of(lambda: g.is_solvable(packed, packed=True), repeat)
uint8_time = best_of(lambda: g.is_solvable(board), repeat)
if not only_layouts:
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


def every_other_row(name, order):
    """The board as every other row of one twice as tall (the rows between hold 7s)."""
    tall = np.full((2 * n, n), 7, dtype=name, order=order)
    tall[::2] = board
    return tall[::2]


LAYOUTS = [
    ("uint8 C", lambda: board),
    ("bool C", lambda: board.astype(bool)),
    ("uint16 C", lambda: board.astype(np.uint16)),
    ("int32 C", lambda: board.astype(np.int32)),
    ("int64 C", lambda: board.astype(np.int64)),
    ("uint8 F", lambda: board.astype(np.uint8, order="F")),
    ("bool F", lambda: board.astype(bool, order="F")),
    ("int32 F", lambda: board.astype(np.int32, order="F")),
    ("int64 F", lambda: board.astype(np.int64, order="F")),
    ("uint8 C [::2] rows", lambda: every_other_row(np.uint8, "C")),
    ("int64 C [::2] rows", lambda: every_other_row(np.int64, "C")),
    ("uint8 F [::2] rows", lambda: every_other_row(np.uint8, "F")),
    ("uint8 C [::-1] rows", lambda: board[::-1].copy()[::-1]),
    ("uint8 C [:, ::-1]", lambda: board[:, ::-1].copy()[:, ::-1]),
    ("int64 C [::-1, ::-1]", lambda: board.astype(np.int64)[::-1, ::-1].copy()[::-1, ::-1]),
    ("uint8 F [:, ::-1]", lambda: np.asfortranarray(board[:, ::-1])[:, ::-1]),
]


def best_pair(fn, repeat):
    """The shortest wall time and the shortest processor time (every thread of the process) of
    `repeat` calls of `fn`: on a busy machine the second is not stretched by waiting for a core."""
    walls, cpus = [], []
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
    return min(walls), min(cpus)


for label, make in LAYOUTS:
    b = make()
    assert np.array_equal(b, board)
    base, base_cpu = best_pair(lambda: g.solve(board), repeat)
    t, t_cpu = best_pair(lambda: g.solve(b), repeat)
    numpy_pass, numpy_cpu = best_pair(lambda: np.count_nonzero(b), repeat)
    print(f"{n} x {n}: solve {label:21} {t * 1e3:7.1f} ms, {(t - base) * 1e3:6.1f} ms beyond uint8 C's"
          f" {base * 1e3:6.1f}; numpy count_nonzero {numpy_pass * 1e3:6.1f} ms; ratio {(t - base) / numpy_pass:5.2f}x;"
          f" processor time {(t_cpu - base_cpu) * 1e3:6.1f} ms beyond, numpy {numpy_cpu * 1e3:6.1f} ms,"
          f" ratio {(t_cpu - base_cpu) / max(numpy_cpu, 1e-9):5.2f}x", flush=True)
    del b
