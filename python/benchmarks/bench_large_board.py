"""One n x n GF(2) grid (default 10,000) through Game, measured in one run: Game.solve of a
bit-packed board (packed=True) and of a uint8 board, best of 3, then both solved in place
(out=board: the presses overwrite a copy of the board).
With the argument z3 instead: Game.solve of a uint8 board over Z_3, twice.
Run: .venv/bin/python python/benchmarks/bench_large_board.py [n] [z3]"""

import time, sys
import numpy as np
import lightsout as lo
n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
if sys.argv[2:] == ["z3"]:
    g = lo.grid(n, n, modulus=3)
    g.rank
    b = g.random_solvable(1, dtype=np.uint8)
    for _ in range(2):
        t = time.perf_counter()
        s = g.solve(b)
        print(f"Z_3 {n} x {n}: Game.solve(uint8) {time.perf_counter() - t:.2f} s")
    assert s.dtype == np.uint8 and not g.apply(b, s).any()
    sys.exit(0)
rng = np.random.default_rng(1)
board = rng.integers(0, 2, size=(n, n), dtype=np.uint8)
packed = np.packbits(board, axis=1)
t = time.perf_counter(); g = lo.grid(n, n); g.rank; t_g_build = time.perf_counter() - t
def best(f, k=3):
    ts = []
    for _ in range(k):
        t = time.perf_counter(); r = f(); ts.append(time.perf_counter() - t)
    return min(ts), r
solvable = g.is_solvable(packed, packed=True)
print("solvable", solvable, "nullity", g.nullity)
t2, s2 = best(lambda: g.solve(packed, packed=True))
t3, s3 = best(lambda: g.solve(board))
print(f"build: Game {t_g_build:.3f}s")
print(f"Game.solve(packed=True) {t2:.3f}s | Game.solve(uint8) {t3:.3f}s ({t3/t2:.2f}x)")
assert (np.unpackbits(s2, axis=1, count=n) == s3).all()
def best_in_place(board, packed, k=3):
    ts = []
    for _ in range(k):
        b = board.copy()
        t = time.perf_counter(); g.solve(b, packed=packed, out=b); ts.append(time.perf_counter() - t)
    return min(ts), b
t4, s4 = best_in_place(packed, True)
t5, s5 = best_in_place(board, False)
print(f"in place (out=board): packed {t4:.3f}s ({t4/t2:.2f}x of Game.solve(packed=True)) | uint8 {t5:.3f}s ({t5/t3:.2f}x of Game.solve(uint8))")
assert (s4 == s2).all() and (s5 == s3).all()
after = g.apply(board, s3)
assert not after.any()
