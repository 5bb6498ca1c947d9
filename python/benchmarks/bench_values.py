"""How fast a board over a modulus above 2 is read as values (core's reader of values, each
entry checked below the modulus and narrowed to bytes) per dtype and memory order: processor
time of `Game.solve` of the board in each layout beyond `solve` of the uint8 board in C order
(which takes the byte route without that reader), best of 5 each.
Run: .venv/bin/python python/benchmarks/bench_values.py [n [p]]   (default: 6000 5)"""

import sys
import time

import numpy as np

import lightsout as lo

n = int(sys.argv[1]) if len(sys.argv) > 1 else 6000
p = int(sys.argv[2]) if len(sys.argv) > 2 else 5
g = lo.grid(n, n, modulus=p)
g.rank  # build the solver outside the timings
board = np.asarray(g.random_solvable(seed=1)).astype(np.uint8)


def cpu(fn, repeat=5):
    """The shortest processor time (every thread), in ms, of `repeat` calls of `fn`."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times) * 1e3


base = cpu(lambda: g.solve(board))
print(f"{n} x {n} over Z_{p}: uint8 C solve {base:.1f} ms processor time", flush=True)
for name, b in [("int64 C", board.astype(np.int64)), ("uint8 F", np.asfortranarray(board)),
                ("int32 F", board.astype(np.int32, order="F")), ("uint8 rows reversed", board[::-1].copy()[::-1])]:
    print(f"{n} x {n} over Z_{p}: {name:19} {cpu(lambda: g.solve(b)) - base:6.1f} ms beyond", flush=True)
