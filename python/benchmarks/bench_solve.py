"""Benchmarks of the Python package (not part of the test suite).

    python python/benchmarks/bench_solve.py [--boards 1000000] [--repeat 5]

Measures, after the game is built: one 5x5 solve from Python (numpy board in, numpy presses
out), the same with a list, `solve_many` on a batch of classic boards (uint8), `solve_many`
on 5x5 boards over Z_3, and bit-packed solves (`Game.solve(board, packed=True)`) of 2000 x 2000
and 10,000 x 10,000 boards. Prints the
best of `--repeat` runs for each.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
import timeit

import numpy as np

import lightsout as lo
from timing import best_of


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()

    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, numpy {np.__version__}, lightsout {lo.__version__}")

    g = lo.preset("classic")
    board = g.random_solvable(seed=1)
    g.solve(board)  # factor M once
    loops = 100_000
    per = min(timeit.repeat(lambda: g.solve(board), number=loops, repeat=args.repeat)) / loops
    print(f"one 5x5 solve (numpy int64 board):      {per * 1e6:8.2f} us")
    as_list = board.tolist()
    per = min(timeit.repeat(lambda: g.solve(as_list), number=loops // 10, repeat=args.repeat)) / (loops // 10)
    print(f"one 5x5 solve (nested list board):      {per * 1e6:8.2f} us")
    per = min(timeit.repeat(lambda: g.is_solvable(board), number=loops, repeat=args.repeat)) / loops
    print(f"one 5x5 is_solvable:                    {per * 1e6:8.2f} us")

    rng = np.random.default_rng(0)
    presses = rng.integers(0, 2, (args.boards, 25), dtype=np.uint8)
    boards = (presses @ g.matrix().T.astype(np.uint8)) % 2  # solvable boards: M s
    boards = boards.astype(np.uint8).reshape(args.boards, 5, 5)
    lo.solve_many(g, boards[:10])  # build the batch layout once
    t = best_of(lambda: lo.solve_many(g, boards), args.repeat)
    print(f"solve_many, {args.boards:,} classic boards (uint8): {t:8.3f} s  ({t / args.boards * 1e9:.0f} ns/board)")

    g3 = lo.preset("2000")
    b3 = np.array([g3.random_solvable(seed=i) for i in range(1000)], dtype=np.uint8)
    b3 = np.tile(b3, (max(1, args.boards // 10_000), 1, 1))
    lo.solve_many(g3, b3[:10])
    t = best_of(lambda: lo.solve_many(g3, b3), args.repeat)
    print(f"solve_many, {len(b3):,} 5x5 boards over Z_3:       {t:8.3f} s  ({t / len(b3) * 1e9:.0f} ns/board)")

    n = 2000
    g = lo.grid(n, n)
    pressed = rng.integers(0, 2, (n, n), dtype=np.uint8)
    packed = np.packbits(g.apply(np.zeros_like(pressed), pressed), axis=1)
    t = best_of(lambda: g.solve(packed, packed=True), args.repeat)
    print(f"grid {n}x{n} solve, packed (4M lights):     {t:8.3f} s")

    # 10,000 x 10,000 has nullity 0, so a random packed board (12.5 MB) is solvable.
    n = 10_000
    t0 = time.perf_counter()
    g = lo.grid(n, n)
    g.nullity  # builds the chasing engine
    build = time.perf_counter() - t0
    packed = rng.integers(0, 256, (n, n // 8), dtype=np.uint8)
    t = best_of(lambda: g.solve(packed, packed=True), max(1, args.repeat // 2))
    print(f"grid {n}x{n} (10^8 lights): build {build:.3f} s, solve, packed {t:.3f} s")


if __name__ == "__main__":
    main()
