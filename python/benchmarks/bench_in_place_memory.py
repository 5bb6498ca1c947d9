"""Peak memory of one GF(2) solve with and without out=board, each in a fresh process (the
peak left by drawing the board is read first, so the figure is what the solve adds).
Run: .venv/bin/python python/benchmarks/bench_in_place_memory.py [n]   (default 32,000)"""

import resource
import subprocess
import sys
import time

if len(sys.argv) > 2:  # one measurement, in this process
    import lightsout as lo

    n, mode = int(sys.argv[1]), sys.argv[2]
    g = lo.grid(n, n)
    board = g.random_solvable(seed=1, packed=True)
    g.nullity  # the solver is built before measuring
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t = time.perf_counter()
    s = g.solve(board, packed=True) if mode == "copy" else g.solve(board, packed=True, out=board)
    wall = time.perf_counter() - t
    added = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    print(f"{mode:8} {n} x {n}: board {board.nbytes / 1e6:.0f} MB, the solve adds {added / 1e3:.0f} MB "
          f"to the peak, {wall:.2f} s")
else:
    n = sys.argv[1] if len(sys.argv) > 1 else "32000"
    for mode in ("copy", "in-place"):
        subprocess.run([sys.executable, __file__, n, mode], check=True)
