"""Compact boards through Game: uint8 (one light per byte) and bit-packed (numpy.packbits layout)."""

import sys

import numpy as np
import pytest

import lightsout as lo

GAMES = [
    lambda: lo.grid(70, 75),  # structured GF(2) grid: the packed path
    lambda: lo.grid(100, 41),  # chased along the longer side
    lambda: lo.grid(5, 5),  # dense
    lambda: lo.grid(70, 70, modulus=3),  # uint8 only
    lambda: lo.torus(6, 7),
    lambda: lo.cube(3),
    lambda: lo.mask(np.array([[1, 1, 0], [1, 1, 1], [0, 1, 1]], dtype=bool)),
]


@pytest.mark.parametrize("make", GAMES)
def test_uint8_and_packed_agree_with_int64(make):
    g = make()
    for seed in range(3):
        board = g.random_solvable(seed)
        b8 = g.random_solvable(seed, dtype=np.uint8)
        assert b8.dtype == np.uint8 and (b8 == board).all()
        s = g.solve(b8)
        assert s.dtype == np.uint8 and s.shape == g.shape
        assert (s == g.solve(board)).all()
        assert not g.apply(b8, s).any() and g.apply(b8, s).dtype == np.uint8
        flat = g.solve(board).ravel() if g.size == board.size else None
        if flat is not None:
            assert (g.solve(b8.ravel()) == flat).all()
        assert g.is_solvable(b8)
        assert g.count_solutions(b8) == g.kernel_size
        if g.modulus != 2:
            # Over GF(3) packed is two bits a light (four a byte): a bit-packed array has the
            # wrong shape, and the packed trits give the presses of the uint8 board.
            with pytest.raises(ValueError, match=r"must have shape \(70, 18\)"):
                g.solve(np.packbits(b8, axis=-1), packed=True)
            packed = g.random_solvable(seed, packed=True)
            pairs = (packed[:, :, None] >> np.array([6, 4, 2, 0], dtype=np.uint8)) & 3
            assert (pairs.reshape(packed.shape[0], -1)[:, : g.shape[-1]] == board).all()
            sp = g.solve(packed, packed=True)
            pairs = (sp[:, :, None] >> np.array([6, 4, 2, 0], dtype=np.uint8)) & 3
            assert (pairs.reshape(sp.shape[0], -1)[:, : g.shape[-1]] == s).all()
            assert g.is_solvable(packed, packed=True) and not g.apply(packed, sp, packed=True).any()
            continue
        packed = g.random_solvable(seed, packed=True)
        assert (packed == np.packbits(board.astype(np.uint8), axis=-1)).all()
        sp = g.solve(packed, packed=True)
        assert sp.dtype == np.uint8 and sp.shape == packed.shape
        assert (np.unpackbits(sp, axis=-1, count=g.shape[-1]) == s).all()
        assert g.is_solvable(packed, packed=True)
        assert g.count_solutions(packed, packed=True) == g.kernel_size
        assert not g.apply(packed, sp, packed=True).any()
        if g.size == board.size:  # no holes: the flat light vector packs as one row
            fp = np.packbits(board.ravel().astype(np.uint8))
            sf = g.solve(fp, packed=True)
            assert sf.shape == fp.shape
            assert (np.unpackbits(sf, count=g.size) == s.ravel()).all()


def test_unsolvable_packed_board_carries_a_packed_obstruction():
    g = next(lo.grid(n, n) for n in range(64, 200) if lo.grid(n, n).nullity > 0)
    y0 = g.null_space(1)[0]
    board = np.zeros(g.shape, dtype=np.uint8)
    board.flat[int(np.flatnonzero(y0)[0])] = 1
    packed = np.packbits(board, axis=-1)
    assert not g.is_solvable(packed, packed=True)
    assert g.count_solutions(packed, packed=True) == 0
    with pytest.raises(lo.UnsolvableError) as info:
        g.solve(packed, packed=True)
    y = info.value.obstruction
    assert y.dtype == np.uint8 and y.shape == packed.shape
    y = np.unpackbits(y, axis=-1, count=g.shape[-1])
    assert (y.astype(int) * board).sum() % 2 == 1
    with pytest.raises(lo.UnsolvableError) as info:
        g.solve(board)
    assert info.value.obstruction.dtype == np.uint8 and info.value.obstruction.shape == g.shape


def test_bad_compact_boards_say_what_was_expected():
    g = lo.grid(70, 70)
    with pytest.raises(ValueError, match=r"shape \(70, 9\).*\(613,\).*got \(70, 8\)"):
        g.solve(np.zeros((70, 8), dtype=np.uint8), packed=True)
    with pytest.raises(TypeError, match="uint8"):
        g.solve(np.zeros((70, 9), dtype=np.int64), packed=True)
    with pytest.raises(TypeError, match="uint8"):
        g.solve([[0] * 9] * 70, packed=True)
    bad = np.zeros((70, 70), dtype=np.uint8)
    bad[3, 4] = 2
    with pytest.raises(ValueError, match=r"lights\[3, 4\] must be in 0 <= x < 2, not 2"):
        g.solve(bad)
    with pytest.raises(ValueError, match=r"presses\[3, 4\]"):
        g.apply(np.zeros((70, 70), dtype=np.uint8), bad)
    with pytest.raises(ValueError, match="same shape"):
        g.apply(np.zeros((70, 9), dtype=np.uint8), np.zeros(613, dtype=np.uint8), packed=True)
    with pytest.raises(ValueError, match="modulus 5"):
        lo.grid(4, 4, modulus=5).random_solvable(1, packed=True)
    with pytest.raises(ValueError, match="not both"):
        g.random_solvable(1, packed=True, dtype=np.uint8)
    hole = lo.mask(np.array([[1, 0, 1]], dtype=bool))
    with pytest.raises(ValueError, match="hole"):
        hole.solve(np.array([[0b0100_0000]], dtype=np.uint8), packed=True)
    # Padding bits past the last column are ignored, as numpy.packbits leaves them zero.
    small = lo.grid(3, 3)
    assert (small.solve(np.full((3, 1), 0xFF, dtype=np.uint8), packed=True) == small.solve(
        np.full((3, 1), 0xE0, dtype=np.uint8), packed=True)).all()


GAMES_IN_PLACE = GAMES + [lambda: lo.grid(70, 75, modulus=5), lambda: lo.grid(66, 64, modulus=4)]


@pytest.mark.parametrize("make", GAMES_IN_PLACE)
def test_solve_into_out_and_in_place(make):
    g = make()
    for seed in range(2):
        b8 = g.random_solvable(seed, dtype=np.uint8)
        expected = g.solve(b8)
        out = np.full(g.shape, 9, dtype=np.uint8)
        assert g.solve(b8, out=out) is out and (out == expected).all()
        board = b8.copy()
        assert g.solve(board, out=board) is board and (board == expected).all()
        if g.modulus == 2:
            packed = np.packbits(b8, axis=-1)
            assert g.solve(packed, packed=True, out=packed) is packed
            assert (np.unpackbits(packed, axis=-1, count=g.shape[-1]) == expected).all()


def test_solve_in_place_refuses_what_it_cannot_write_and_keeps_unsolvable_boards():
    g = next(lo.grid(n, n) for n in range(64, 200) if lo.grid(n, n).nullity > 0)
    board = np.zeros(g.shape, dtype=np.uint8)
    board.flat[int(np.flatnonzero(g.null_space(1)[0])[0])] = 1
    for b in (board, np.packbits(board, axis=-1)):
        packed = b.shape != g.shape
        kept = b.copy()
        with pytest.raises(lo.UnsolvableError) as info:
            g.solve(b, packed=packed, out=b)
        assert (b == kept).all() and info.value.obstruction.shape == b.shape
    with pytest.raises(ValueError, match=r"shape \(%d, %d\), got \(3, 3\)" % g.shape):
        g.solve(board, out=np.zeros((3, 3), dtype=np.uint8))
    with pytest.raises(TypeError, match="int64"):
        g.solve(board, out=np.zeros(g.shape, dtype=np.int64))
    with pytest.raises(TypeError, match="uint8 numpy array"):
        g.solve(board.astype(np.int64), out=board)
    frozen = board.copy()
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="writable"):
        g.solve(board, out=frozen)
    with pytest.raises(ValueError, match="C-contiguous"):
        g.solve(board, out=np.zeros((g.shape[0], 2 * g.shape[1]), dtype=np.uint8)[:, ::2])


def test_random_solvable_dtype_keeps_the_board():
    g = lo.grid(4, 4, modulus=5)
    assert (g.random_solvable(3, dtype=np.int16) == g.random_solvable(3)).all()
    assert g.random_solvable(3, dtype=np.int16).dtype == np.int16
    assert (g.random_solvable(3, presses=4, dtype=np.uint8) == g.random_solvable(3, presses=4)).all()
    two = lo.grid(4, 4)
    assert (two.random_solvable(2, presses=3, packed=True) == np.packbits(
        two.random_solvable(2, presses=3).astype(np.uint8), axis=-1)).all()


def test_the_large_board_example_runs(tmp_path):
    import pathlib
    import subprocess

    root = pathlib.Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, str(root / "examples/large_board.py"), "300"], capture_output=True, text=True, check=True
    )
    assert "both solutions turn every light off" in out.stdout
