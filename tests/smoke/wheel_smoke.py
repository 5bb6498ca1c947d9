"""Smoke test of an installed wheel, run by scripts/test-parts/python.sh in a fresh virtual
environment that has only the wheel and numpy, with no Rust toolchain on the PATH: every kind of
game is made and solved, and the version is the one the build said.

    python tests/smoke/wheel_smoke.py VERSION
"""

import os
import shutil
import sys

import numpy as np

import lightsout as lo

expected_version = sys.argv[1]
assert lo.__version__ == expected_version, f"lightsout.__version__ is {lo.__version__}, the build says {expected_version}"
for tool in ("cargo", "rustc"):
    assert shutil.which(tool) is None, f"{tool} is on the PATH ({shutil.which(tool)}): this test must run without Rust"
assert "site-packages" in os.path.dirname(lo.__file__), f"lightsout comes from {lo.__file__}, not the installed wheel"


def check(game, seed=1):
    """Solve a random solvable board and an unsolvable one (when there is one) of the game."""
    board = game.random_solvable(seed=seed)
    presses = game.solve(board)
    assert not np.asarray(game.apply(board, presses)).any(), f"{game.describe()}: the presses do not clear the board"
    if game.kernel_size > 1:
        # An obstruction y with y . b != 0 marks an unsolvable board: a single light on its support.
        y = np.asarray(game.obstructions())[0].reshape(-1)
        flat = np.zeros(game.size, dtype=np.int64)
        flat[int(np.flatnonzero(y)[0])] = 1
        try:
            game.solve(flat)
        except lo.UnsolvableError as e:
            assert np.asarray(e.obstruction).any()
        else:
            raise AssertionError(f"{game.describe()}: a board off the solvable subspace was solved")
    return game


games = [
    lo.preset(name) for name, _ in lo.presets()                                   # classic, mini, deluxe, 2000, cube, merlin
] + [
    lo.grid(5, 5),
    lo.grid(7, 9, modulus=3),
    lo.grid(4, 4, modulus=4),                                                     # the ring Z_4
    lo.grid(6, 6, modulus=6),                                                     # Z_6 = Z_2 x Z_3
    lo.grid(5, 5, rule="neighbours"),
    lo.grid(400, 400),                                                            # light chasing
    lo.torus(4, 4),
    lo.torus(5, 7, modulus=3),
    lo.cylinder(6, 5),
    lo.cube(3),
    lo.mask(np.array([[1, 1, 0], [1, 1, 1], [0, 1, 1]])),                         # a board with holes
    lo.graph(5, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]),
    lo.from_press_sets([[0, 1], [1, 2], [2]]),
    lo.from_matrix(np.eye(6, dtype=np.int64) + np.eye(6, k=1, dtype=np.int64)),
]
for g in games:
    check(g)

best = lo.preset("classic").minimal_solution(lo.preset("classic").random_solvable(seed=3))
assert best.proven_optimal
assert lo.preset("classic").worst_case().weight == 15

big = lo.grid(1000, 1000)                                                         # light chasing, bit-packed
rng = np.random.default_rng(5)
lights = big.apply(np.zeros((1000, 1000), dtype=np.uint8), rng.integers(0, 2, (1000, 1000), dtype=np.uint8))
assert big.is_solvable(lights)
assert not np.asarray(big.apply(lights, big.solve(lights))).any()
packed = np.packbits(lights, axis=-1)
assert not big.apply(packed, big.solve(packed, packed=True), packed=True).any()
print(f"lightsout {lo.__version__}: {len(games)} games of every kind solved from the installed wheel")
