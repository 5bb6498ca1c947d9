"""lo.from_matrix with a random dense n x n GF(2) matrix (default 20,000: 400 MB as uint8 bytes,
50 MB bit-packed): building the game, its rank (elimination of M), the first solve (the
factorisation of [M | I]) and the next, each timed once, from uint8 and from numpy.packbits.
Run: .venv/bin/python python/benchmarks/bench_dense_matrix.py [n]"""

import sys
import time

import numpy as np

import lightsout as lo

n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
a = np.random.default_rng(1).integers(0, 2, (n, n), dtype=np.uint8)
packed = np.packbits(a, axis=1)


def timed(what, f):
    t = time.perf_counter()
    r = f()
    print(f"{what}: {time.perf_counter() - t:.2f} s")
    return r


g = timed(f"from_matrix, {n} x {n} uint8 ({a.nbytes / 1e6:.0f} MB)", lambda: lo.from_matrix(a))
rank = timed("rank (elimination of M)", lambda: g.rank)
board = g.random_solvable(1, dtype=np.uint8)
s = timed("first solve (factorisation of [M | I], then the solve)", lambda: g.solve(board))
timed("second solve", lambda: g.solve(board))
assert not g.apply(board, s).any()
gp = timed(f"from_matrix, packed ({packed.nbytes / 1e6:.0f} MB)", lambda: lo.from_matrix(packed, packed=True))
assert timed("rank of the packed one", lambda: gp.rank) == rank
print(f"rank {rank}, nullity {g.nullity}")
