"""Time lightsout's Python door on a random dense N x N GF(2) matrix: `lo.from_matrix(A)` of a
uint8 numpy array (taking it in) plus `.rank` (the elimination), as the user calls them.
usage: python bench/python_rank.py N [REPEATS]
prints "python-from-matrix-rank N SECONDS RANK CPU_SECONDS TAKE_IN_SECONDS", the best of REPEATS
runs (default 3); the matrix is made before the clock starts."""

import sys
import time

import numpy as np

import lightsout as lo


def main() -> None:
    n = int(sys.argv[1])
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    best = (float("inf"), 0.0, 0, 0.0)
    for rep in range(repeats):
        a = np.random.default_rng(1 + rep).integers(0, 2, (n, n), dtype=np.uint8)
        t0, c0 = time.perf_counter(), time.process_time()
        g = lo.from_matrix(a)
        t1 = time.perf_counter()
        rank = g.rank
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        if wall < best[0]:
            best = (wall, cpu, rank, t1 - t0)
        del g, a
    wall, cpu, rank, take_in = best
    print(f"python-from-matrix-rank {n} {wall:.6f} {rank} {cpu:.2f} {take_in:.6f}")


if __name__ == "__main__":
    main()
