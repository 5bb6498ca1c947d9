"""A 10,000 x 10,000 Lights Out board (10^8 lights) solved through lightsout.Game, bit-packed
and one byte per light. Run: python examples/large_board.py [side]"""

import sys
import time

import numpy as np

import lightsout as lo

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
g = lo.grid(n, n)
print(g, "-", g.size, "lights, nullity", g.nullity)

board = g.random_solvable(seed=1, packed=True)  # numpy.packbits layout, shape (n, ceil(n / 8))
t = time.perf_counter()
presses = g.solve(board, packed=True)
print(f"solve, bit-packed ({board.nbytes / 1e6:.1f} MB): {time.perf_counter() - t:.3f} s")
assert not g.apply(board, presses, packed=True).any()

lights = np.unpackbits(board, axis=-1, count=n)  # one light per byte
t = time.perf_counter()
s = g.solve(lights)
print(f"solve, uint8 ({lights.nbytes / 1e6:.1f} MB): {time.perf_counter() - t:.3f} s")
assert s.dtype == np.uint8 and (np.packbits(s, axis=-1) == presses).all()

# In place: the presses overwrite the board, so no second board-sized array is allocated.
t = time.perf_counter()
g.solve(board, packed=True, out=board)
print(f"solve in place, bit-packed: {time.perf_counter() - t:.3f} s")
assert (board == presses).all()
print("both solutions turn every light off")
