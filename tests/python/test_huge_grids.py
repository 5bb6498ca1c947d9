"""Game at every size the engines reach: grids too large for one integer a light take packed
boards (1 bit a light over GF(2), 2 over GF(3)) end to end, and the questions that need one
integer a light refuse, naming the packed board and its size."""

import numpy as np
import pytest

import lightsout as lo


def unpack_trits(packed, cols):
    """The values of a packed Z_3 board: four lights a byte, the first in the top bit pair."""
    pairs = (packed[..., :, None] >> np.array([6, 4, 2, 0], dtype=np.uint8)) & 3
    return pairs.reshape(*packed.shape[:-1], -1)[..., :cols]


def test_a_40000_square_gf2_grid_goes_packed_through_game():
    g = lo.grid(40_000, 40_000)  # 1.6e9 lights: 6.4 GB as uint32, 200 MB packed
    assert g.size == 1_600_000_000
    board = g.random_solvable(seed=1, packed=True)
    assert board.dtype == np.uint8 and board.shape == (40_000, 5_000)
    assert board.any()
    assert g.is_solvable(board, packed=True)
    presses = g.solve(board, packed=True)
    assert presses.dtype == np.uint8 and presses.shape == board.shape
    after = g.apply(board, presses, packed=True)
    assert not after.any()
    del after
    # Solving in place writes the same presses over the board.
    g.solve(board, packed=True, out=board)
    assert np.array_equal(board, presses)


def test_an_unsolvable_board_past_the_light_vector_limit_is_refused_unchanged():
    # 32,769^2 = 1,073,807,361 lights, just past 2^30: the proof as a light vector would take
    # 4.3 GB, so the refusal says the board is unsolvable without carrying it.
    n = 32_769
    g = lo.grid(n, n)
    assert g.nullity > 0
    board = np.zeros((n, (n + 7) // 8), dtype=np.uint8)  # 134 MB packed
    board[0, 0] = 0b1000_0000  # the corner alone: a quiet pattern lights it
    assert not g.is_solvable(board, packed=True)
    refusal = r"the board is not solvable: a quiet pattern y with y·b != 0 proves it, but at 1073807361 lights"
    with pytest.raises(ValueError, match=refusal):
        g.solve(board, packed=True)
    kept = board.copy()
    with pytest.raises(ValueError, match=refusal):
        g.solve(board, packed=True, out=board)
    assert np.array_equal(board, kept)


def test_packed_z3_boards_round_trip():
    g = lo.grid(300, 301, modulus=3)
    board = g.random_solvable(seed=2, packed=True)
    assert board.dtype == np.uint8 and board.shape == (300, 76)  # ceil(301 / 4) bytes a row
    values = g.random_solvable(seed=2)
    assert np.array_equal(unpack_trits(board, 301), values)
    assert g.is_solvable(board, packed=True)
    presses = g.solve(board, packed=True)
    assert np.array_equal(unpack_trits(presses, 301), g.solve(values))
    assert not g.apply(board, presses, packed=True).any()
    # A pair 0b11 holds no value of Z_3: named by its place in the board.
    bad = board.copy()
    bad[4, 2] |= 0b0000_0011  # row 4, light 11
    with pytest.raises(ValueError, match=r"lights\[4, 11\] must be in 0 <= x < 3, not 3"):
        g.solve(bad, packed=True)
    with pytest.raises(ValueError, match=r"packed=True is for modulus 2 \(one bit per light\) and 3"):
        lo.grid(5, 5, modulus=5).solve(np.zeros((5, 1), dtype=np.uint8), packed=True)


HUGE_VECTOR = (
    "problem too large: one light vector of this game (4 bytes a light; pass packed=True (one bit a light): it needs "
    "1.2 GB (1250000000 bytes)) needs 40 GB (40000000000 bytes), over the 4 GiB limit"
)


def test_questions_of_one_integer_a_light_refuse_naming_the_packed_route():
    g = lo.grid(100_000, 100_000)  # 10^10 lights: built at once, nothing allocated
    assert g.size == 10**10 and g.shape == (100_000, 100_000)
    for question in (lambda: g.random_solvable(1, dtype="int64"), lambda: g.null_space(count=1)):
        with pytest.raises(ValueError) as e:
            question()
        assert str(e.value) == HUGE_VECTOR
    # The default board, one byte a light, is past the limit too, and says what fits.
    with pytest.raises(ValueError) as e:
        g.random_solvable(1)
    assert str(e.value) == (
        "problem too large: one board of this game (one byte a light; pass packed=True (one bit a light): it needs "
        "1.2 GB (1250000000 bytes)) needs 10 GB (10000000000 bytes), over the 4 GiB limit"
    )


def test_a_route_that_does_not_fit_is_refused_when_built():
    with pytest.raises(ValueError) as e:
        lo.torus(100_000, 100_000)
    assert str(e.value) == (
        "problem too large: one light vector of this game (4 bytes a light, and this game has no compact route) "
        "needs 40 GB (40000000000 bytes), over the 4 GiB limit"
    )
