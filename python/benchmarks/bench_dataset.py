"""Benchmarks of the data sets and environments (not part of the test suite).

    python python/benchmarks/bench_dataset.py [--rows 1000000] [--repeat 3]

Measures, after the game is built and its samplers are ready: `lightsout.dataset` of a million
classic 5x5 rows (uniform, and of difficulty 15), `minimal_many` on those boards, the same data
set over Z_3 (Lights Out 2000), and steps per second of the vectorised Gymnasium environment
with 1024 boards. Prints the best of `--repeat` runs for each.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import numpy as np

import lightsout as lo
from timing import best_of


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    g = lo.preset("classic")
    lo.dataset(g, 10, seed=0)  # build the solver and the samplers first
    lo.dataset(g, 10, difficulty=15, seed=0)
    n = args.rows
    t = best_of(lambda: lo.dataset(g, n, seed=1), args.repeat)
    print(f"dataset, classic 5x5, {n} uniform rows: {t:.3f} s ({n / t:.3g} rows/s)")
    t = best_of(lambda: lo.dataset(g, n, difficulty=15, seed=1), args.repeat)
    print(f"dataset, classic 5x5, {n} rows of difficulty 15: {t:.3f} s ({n / t:.3g} rows/s)")
    boards = lo.dataset(g, n, seed=2).boards
    t = best_of(lambda: lo.minimal_many(g, boards), args.repeat)
    print(f"minimal_many, classic 5x5, {n} boards: {t:.3f} s ({n / t:.3g} boards/s)")
    z3 = lo.preset("2000")
    lo.dataset(z3, 10, seed=0)
    t = best_of(lambda: lo.dataset(z3, n, seed=1), args.repeat)
    print(f"dataset, Lights Out 2000 (5x5 over Z_3, 27 solutions a board), {n} rows: {t:.3f} s ({n / t:.3g} rows/s)")
    try:
        import lightsout.gym as lgym
    except ImportError:
        print("gymnasium is not installed: environment benchmark skipped")
        return
    envs = lgym.LightsOutVectorEnv(num_envs=1024, game="classic")
    envs.reset(seed=0)
    rng = np.random.default_rng(0)
    actions = rng.integers(25, size=(200, 1024))
    t0 = time.perf_counter()
    for a in actions:
        envs.step(a)
    t = time.perf_counter() - t0
    print(f"vector env, classic, 1024 boards: {200 * 1024 / t:.3g} board-steps/s (with exact distances)")


if __name__ == "__main__":
    main()
