"""Time galois' row_reduce on a random dense N x N matrix over GF(p) (p = 2 or 3).

usage: python bench/galois_bench.py P N   prints "galois-gfP N SECONDS RANK"
"""

import sys
import time

import galois
import numpy as np


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit("usage: galois_bench.py P N")
    p, n = int(sys.argv[1]), int(sys.argv[2])
    field = galois.GF(p)
    field(np.random.default_rng(0).integers(0, p, size=(8, 8))).row_reduce()  # compile the kernels first
    a = field(np.random.default_rng(n).integers(0, p, size=(n, n)))
    t0 = time.perf_counter()
    r = a.row_reduce()
    dt = time.perf_counter() - t0
    rank = int(np.count_nonzero(np.any(r != 0, axis=1)))
    print(f"galois-gf{p} {n} {dt:.6f} {rank}")


if __name__ == "__main__":
    main()
