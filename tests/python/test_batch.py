"""solve_many: many boards in one call, identical to solving them one by one."""

import numpy as np
import pytest

import lightsout as lo


def boards_for(g, count, rng, solvable_only=False):
    out = []
    for i in range(count):
        if solvable_only or i % 2 == 0:
            out.append(g.random_solvable(seed=int(rng.integers(2**63))))
        else:
            out.append(rng.integers(0, g.modulus, g.shape))
    return np.array(out)


@pytest.mark.parametrize("make", [lambda: lo.grid(5, 5), lambda: lo.grid(9, 9), lambda: lo.grid(5, 5, modulus=3), lambda: lo.cube(2), lambda: lo.torus(3, 5, modulus=7)])
def test_matches_single_solves(make, rng):
    g = make()
    boards = boards_for(g, 300, rng)
    presses, solvable = lo.solve_many(g, boards, return_solvable=True)
    assert presses.shape == boards.shape and presses.dtype == np.uint8  # the smallest dtype holding p-1
    assert solvable.dtype == np.bool_ and solvable.shape == (300,)
    for b, s, ok in zip(boards, presses, solvable):
        assert ok == g.is_solvable(b)
        if ok:
            assert np.array_equal(s, g.solve(b))
        else:
            assert not s.any()


def test_flat_boards_and_dtypes(classic, rng):
    boards = boards_for(classic, 50, rng, solvable_only=True).reshape(50, 25)
    ref = lo.solve_many(classic, boards)
    assert ref.shape == (50, 25)
    for dtype in (np.uint8, np.int8, np.uint16, np.int32, np.uint64):
        got = lo.solve_many(classic, boards.astype(dtype))
        assert got.dtype == np.uint8 and np.array_equal(got, ref)
    as_bool = lo.solve_many(classic, boards.astype(bool))
    assert as_bool.dtype == np.uint8 and np.array_equal(as_bool, ref)
    listed = lo.solve_many(classic, boards.tolist())
    assert np.array_equal(listed, ref)
    strided = np.zeros((100, 25), dtype=np.int64)
    strided[::2] = boards
    assert np.array_equal(lo.solve_many(classic, strided[::2]), ref)


def test_large_batches_split_between_threads(classic, rng):
    base = boards_for(classic, 64, rng, solvable_only=True).astype(np.uint8)
    boards = np.tile(base, (3000, 1, 1))  # 192,000 boards
    presses = lo.solve_many(classic, boards)
    assert np.array_equal(presses[:64], presses[-64:])
    assert np.array_equal(presses[5], classic.solve(base[5]))


def test_boards_with_holes():
    g = lo.mask([[1, 1, 1], [1, 0, 1], [1, 1, 1]])
    boards = np.array([g.random_solvable(seed=i) for i in range(20)])
    presses = lo.solve_many(g, boards)
    assert not presses[:, 1, 1].any()
    for b, s in zip(boards, presses):
        assert np.array_equal(s, g.solve(b))
    flat = np.array([np.delete(b.ravel(), 4) for b in boards])
    assert np.array_equal(lo.solve_many(g, flat), [g.solve(f) for f in flat])
    boards[7, 1, 1] = 1
    with pytest.raises(ValueError, match=r"boards\[7, 1, 1\] is a hole and must hold 0, not 1"):
        lo.solve_many(g, boards)


def test_unsolvable_board_is_named(classic):
    boards = np.zeros((4, 5, 5), dtype=np.uint8)
    boards[2, 0, 0] = 1
    with pytest.raises(lo.UnsolvableError) as info:
        lo.solve_many(classic, boards)
    assert info.value.board_index == 2
    assert "board 2" in str(info.value)
    assert info.value.obstruction.shape == (5, 5)


def test_bad_batches(classic):
    with pytest.raises(ValueError, match=r"boards must have shape \(B, 25\) or \(B, 5, 5\), got \(5, 5\)"):
        lo.solve_many(classic, np.zeros((5, 5), dtype=np.uint8))
    with pytest.raises(ValueError, match=r"boards\[1, 2, 3\] must be in 0 <= x < 2, not 2"):
        b = np.zeros((3, 5, 5), dtype=np.int16)
        b[1, 2, 3] = 2
        lo.solve_many(classic, b)
    with pytest.raises(ValueError, match=r"boards\[0, 4\] must be in 0 <= x < 2, not -3"):
        b = np.zeros((3, 25), dtype=np.int64)
        b[0, 4] = -3
        lo.solve_many(classic, b)
    with pytest.raises(TypeError, match="integers"):
        lo.solve_many(classic, np.zeros((3, 25)))
    with pytest.raises(TypeError):
        lo.solve_many("classic", np.zeros((3, 25), dtype=np.uint8))
    assert lo.solve_many(classic, np.zeros((0, 25), dtype=np.uint8)).shape == (0, 25)


def test_misaligned_boards_are_read():
    # Arrays read from a buffer at an odd offset (as a cluster's workers may receive them).
    g = lo.preset("classic")
    boards = np.stack([g.random_solvable(seed=i) for i in range(8)]).astype(np.int64)
    raw = b"\0" + boards.tobytes()
    odd = np.frombuffer(raw, dtype=np.int64, offset=1).reshape(boards.shape)
    assert not odd.flags.aligned
    assert np.array_equal(lo.solve_many(g, odd), lo.solve_many(g, boards))
