"""A GF(2) grid of n x n lights through Game with packed boards (default n = 100,000: 10^10
lights, 1.25 GB a board): times drawing a random solvable board, building the solver, solving
in place, and pressing the presses back (every light must go off), then the peak resident
memory of the process.
Run: .venv/bin/python python/benchmarks/bench_huge_grid.py [n]"""

import resource
import sys
import time

import lightsout as lo

n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
g = lo.grid(n, n)
t = time.perf_counter()
board = g.random_solvable(seed=1, packed=True)
drawn = time.perf_counter() - t
t = time.perf_counter()
nullity = g.nullity
built = time.perf_counter() - t
presses = board.copy()
t = time.perf_counter()
g.solve(presses, packed=True, out=presses)
solved = time.perf_counter() - t
t = time.perf_counter()
after = g.apply(board, presses, packed=True)
applied = time.perf_counter() - t
dark = not after.any()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(f"grid {n}x{n} GF(2), {board.nbytes} bytes a packed board, nullity {nullity}")
print(f"random board {drawn:.2f} s, solver {built:.2f} s, solve in place {solved:.2f} s, apply {applied:.2f} s, "
      f"all off: {'yes' if dark else 'NO'}")
print(f"peak resident memory {peak / 1e9:.2f} GB")
sys.exit(0 if dark else 1)
