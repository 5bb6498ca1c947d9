"""`solve` of a large GF(2) grid board in every dtype and memory order the reader walks
differently (read straight into the grid solver's packed board, with no packbits bytes between):
the same presses as the uint8 board in C order, the first bad entry named in C order, and an
unsolvable board's proof as the board's own dtype and shape give it."""

import numpy as np
import pytest

import lightsout as lo

# Past a million lights (the read shared among threads), whole multiples of no tile size.
ROWS, COLS = 1037, 1029


def layouts(board):
    """The same 2-D board as C order, Fortran order, strided and reversed views."""
    rows, cols = board.shape
    big = np.zeros((2 * rows, 3 * cols), dtype=board.dtype)
    big[::2, ::3] = board
    return {
        "C": board,
        "Fortran": np.asfortranarray(board),
        "every third column, every other row": big[::2, ::3],
        "rows reversed": np.ascontiguousarray(board[::-1])[::-1],
        "columns reversed": np.ascontiguousarray(board[:, ::-1])[:, ::-1],
        "both reversed": np.ascontiguousarray(board[::-1, ::-1])[::-1, ::-1],
        "Fortran, columns reversed": np.asfortranarray(board[:, ::-1])[:, ::-1],
        "Fortran, rows reversed": np.asfortranarray(board[::-1])[::-1],
    }


@pytest.fixture(scope="module")
def game():
    return lo.grid(ROWS, COLS)


@pytest.mark.parametrize("dtype", [np.bool_, np.uint8, np.int16, np.int64])
def test_every_layout_solves_as_the_uint8_board_in_c_order(game, dtype):
    board = np.asarray(game.random_solvable(seed=3)).astype(np.uint8)
    want = game.solve(board)
    for name, b in layouts(board.astype(dtype)).items():
        assert np.array_equal(b, board), name
        got = game.solve(b)
        assert got.dtype == np.uint8 and got.shape == (ROWS, COLS), name
        assert np.array_equal(got, want), name
        assert np.array_equal(game.solve(b, dtype=np.int32), want), name


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.uint32])
def test_the_first_bad_entry_is_named_in_every_layout(game, dtype):
    board = np.zeros((ROWS, COLS), dtype=dtype)
    board[900, 3] = 2
    board[1030, 1] = 7
    for name, b in layouts(board).items():
        with pytest.raises(ValueError, match=r"^lights\[900, 3\] must be in 0 <= x < 2, not 2$"):
            game.solve(b)


@pytest.mark.parametrize("dtype", [np.uint8, np.int64])
def test_an_unsolvable_board_has_its_proof_in_every_layout(unsolvable_board, dtype):
    g, board = unsolvable_board(dtype)
    with pytest.raises(lo.UnsolvableError) as flat:
        g.solve(board.reshape(-1))
    with pytest.raises(lo.UnsolvableError) as c_order:
        g.solve(board)
    want = c_order.value.obstruction
    assert want.shape == g.shape
    assert np.array_equal(np.asarray(want).reshape(-1), flat.value.obstruction)
    for name, b in layouts(board).items():
        with pytest.raises(lo.UnsolvableError) as other:
            g.solve(b)
        proof = other.value.obstruction
        assert proof.dtype == want.dtype and proof.shape == want.shape, name
        assert np.array_equal(proof, want), name
