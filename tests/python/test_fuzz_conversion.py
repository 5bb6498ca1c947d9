"""Random arguments through the Python conversions (boards, presses, batches, keyword values):
every call answers or raises ValueError / TypeError with a message, never anything else (a
Rust panic would surface as pyo3's PanicException, a BaseException). A few seconds by default;
LIGHTSOUT_FUZZ_SECONDS sets the time, LIGHTSOUT_FUZZ_SEED replays a run."""

import os
import time

import numpy as np
import pytest

import lightsout as lo

GAMES = [
    lo.preset("classic"),
    lo.preset("2000"),
    lo.grid(3, 4, modulus=7),
    lo.cube(2, modulus=3),
    lo.mask(np.array([[1, 0, 1], [1, 1, 1]], dtype=bool)),
    lo.graph(4, [(0, 1), (1, 2), (2, 3)]),
    lo.grid(70, 70),  # structured solver
]
DTYPES = [bool, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.float64,
          np.complex128, object]
EDGE = [0, 1, 2, -1, 6, 7, 255, 256, 2**31 - 1, 2**31, 2**32, 2**63 - 1, 2**63, 2**64, -(2**63), 10**30]


def _value(rng, game):
    """A board-like argument: usually almost right, sometimes wildly wrong."""
    n, shape, p = game.size, game.shape, game.modulus
    pick = rng.integers(0, 12)
    if pick == 0:
        return rng.choice([None, "111", {"a": 1}, 3.5, [[1, 2], [3]], [], (), b"\x01"], shuffle=False)
    dims = [shape, (n,), (n + 1,), (n - 1,) if n > 1 else (0,), (1, n), shape[::-1], (2, *shape)][rng.integers(0, 7)]
    dtype = DTYPES[rng.integers(0, len(DTYPES))]
    values = np.array(rng.integers(0, p, size=dims), dtype=object)
    if rng.integers(0, 3) == 0 and values.size:
        flat = values.reshape(-1)
        flat[rng.integers(0, flat.size)] = EDGE[rng.integers(0, len(EDGE))]
        flat[rng.integers(0, flat.size)] = int(rng.choice([-1, p, p + 1, 2**40]))
    try:
        arr = np.array(values.tolist(), dtype=dtype)
    except (OverflowError, ValueError, TypeError):
        arr = values
    if pick == 1 and arr.ndim and arr.shape[0] > 1:
        arr = np.repeat(arr, 2, axis=0)[::2]  # a non-contiguous view
    if pick == 2 and arr.dtype.kind in "iu":
        arr = arr.astype(arr.dtype.newbyteorder(">"))
    if pick == 3:
        return arr.tolist()
    if pick == 4 and dtype is np.float64 and arr.size:
        arr.reshape(-1)[0] = rng.choice([np.nan, np.inf, 0.5])
    return arr


def _call(rng, game):
    a, b = _value(rng, game), _value(rng, game)
    calls = [
        lambda: game.solve(a),
        lambda: game.is_solvable(a),
        lambda: game.count_solutions(a),
        lambda: game.apply(a, b),
        lambda: game.minimal_solution(a, max_work=rng.choice([0, 1, 2**20, -1]), max_time=rng.choice([0.1, 1e30])),
        lambda: lo.solve_many(game, np.array(a, dtype=object) if isinstance(a, list) else np.asarray(a)[None]),
        lambda: game.random_solvable(seed=int(rng.choice(EDGE[:12])), presses=int(rng.choice([0, 1, 3, 10**9]))),
        lambda: game.null_space(count=rng.choice([0, 1, 5, None])),
    ]
    calls[rng.integers(0, len(calls))]()


def test_random_arguments_answer_or_raise_a_clear_error():
    seed = int(os.environ.get("LIGHTSOUT_FUZZ_SEED", time.time_ns() % 2**32))
    seconds = float(os.environ.get("LIGHTSOUT_FUZZ_SECONDS", "3"))
    rng = np.random.default_rng(seed)
    end = time.perf_counter() + seconds
    calls = 0
    while time.perf_counter() < end:
        game = GAMES[rng.integers(0, len(GAMES))]
        try:
            _call(rng, game)
        except (ValueError, TypeError) as e:
            assert str(e), f"an error without a message (seed {seed})"
        except BaseException as e:  # noqa: BLE001 - a panic or anything unexpected is the bug
            pytest.fail(f"{type(e).__name__}: {e} (seed {seed}, call {calls})")
        calls += 1
    assert calls > 10
