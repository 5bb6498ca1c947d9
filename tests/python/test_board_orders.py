"""Large boards (past a million lights, where the reading is shared among threads) in every
memory order the reader walks differently: C order, Fortran order (down the columns through a
transposed tile), every other entry, every third entry, reversed axes and Fortran views, on
shapes that are not whole tiles; each read exactly as the same board in uint8 C order, and the
first bad entry in C order named whichever order and thread meets it first."""

import numpy as np
import pytest

import lightsout as lo

# Rows and columns that are whole multiples of no tile size (16 or 64 entries).
ROWS, COLS = 1037, 1029


def layouts(board):
    """The same 2-D board laid out as each path of the reader takes it."""
    rows, cols = board.shape
    big = np.zeros((2 * rows, 3 * cols), dtype=board.dtype)
    big[::2, ::3] = board
    fortran_big = np.asfortranarray(np.zeros((rows + 5, 2 * cols), dtype=board.dtype))
    fortran_big[5:, ::2] = board
    # Every other column between entries with every bit set: only the board's own are read.
    beside = np.full((rows, 2 * cols), -1, dtype=np.int64).astype(board.dtype)
    beside[:, ::2] = board
    reversed_copy = np.ascontiguousarray(board[::-1, ::-1])
    fortran_reversed = np.asfortranarray(board[::-1, ::-1])
    return {
        "C": board,
        "Fortran": np.asfortranarray(board),
        "every other column": np.ascontiguousarray(np.repeat(board, 2, axis=1))[:, ::2],
        "every other column between others": beside[:, ::2],
        "every third column, every other row": big[::2, ::3],
        "reversed": reversed_copy[::-1, ::-1],
        "Fortran reversed": fortran_reversed[::-1, ::-1],
        "Fortran view, every other column": fortran_big[5:, ::2],
    }


@pytest.fixture(scope="module")
def game():
    return lo.grid(ROWS, COLS)


@pytest.mark.parametrize("dtype", [np.bool_, np.uint8, np.int16, np.uint32, np.int64, np.uint64])
def test_every_layout_of_a_large_board_reads_as_uint8(game, dtype):
    board = np.random.default_rng(5).integers(0, 2, size=(ROWS, COLS), dtype=np.uint8)
    zeros = np.zeros((ROWS, COLS), dtype=np.uint8)
    other_zeros = np.asfortranarray(zeros.astype(dtype))
    pressed = game.apply(zeros, board)
    for name, b in layouts(board.astype(dtype)).items():
        assert np.array_equal(b, board), name
        # With a uint8 C-order board beside it the board is read to bytes, else both to bits.
        assert np.array_equal(game.apply(b, zeros), board), name
        assert np.array_equal(game.apply(b, other_zeros), board), name
        assert np.array_equal(game.apply(zeros, b), pressed), name
        assert np.array_equal(game.apply(other_zeros, b), pressed), name


@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.uint32, np.int64])
def test_the_first_bad_entry_of_a_large_board_is_named_in_every_layout(game, dtype):
    zeros = np.zeros((ROWS, COLS), dtype=np.uint8)
    # On two threads the rows split at 576: (900, 3) lies in the second one's rows, (1030, 1)
    # comes before it down the columns; (500, 1000) is the first thread's, after (600, 0) down
    # the columns.
    pairs = [((900, 3), (1030, 1)), ((2, 1028), (40, 0)), ((1035, 1028), (1036, 0)), ((500, 1000), (600, 0))]
    for first, later in pairs:
        board = np.zeros((ROWS, COLS), dtype=dtype)
        board[first] = 2
        board[later] = 9
        pattern = rf"^lights\[{first[0]}, {first[1]}\] must be in 0 <= x < 2, not 2$"
        for name, b in layouts(board).items():
            for call in (game.is_solvable, lambda b: game.apply(b, zeros)):
                with pytest.raises(ValueError, match=pattern):
                    call(b)
    if np.issubdtype(dtype, np.signedinteger):
        board = np.zeros((ROWS, COLS), dtype=dtype)
        board[700, 0] = -1
        for name, b in layouts(board).items():
            with pytest.raises(ValueError, match=r"^lights\[700, 0\] must be in 0 <= x < 2, not -1$"):
                game.is_solvable(b)


@pytest.mark.parametrize("dtype", [np.uint8, np.int32])
def test_a_large_batch_in_every_order_reads_as_uint8(dtype):
    g = lo.grid(45, 41)
    boards = np.random.default_rng(8).integers(0, 2, size=(600, 45, 41), dtype=np.uint8)
    boards = np.array([b if g.is_solvable(b) else np.zeros_like(b) for b in boards])
    want = lo.solve_many(g, boards)
    typed = boards.astype(dtype)
    big = np.zeros((600, 90, 82), dtype=dtype)
    big[:, ::2, ::2] = typed
    for name, b in {"Fortran": np.asfortranarray(typed), "strided": big[:, ::2, ::2], "reversed": np.ascontiguousarray(typed[::-1, ::-1, ::-1])[::-1, ::-1, ::-1]}.items():
        assert np.array_equal(lo.solve_many(g, b), want), name
    bad = np.asfortranarray(typed)
    bad[512, 40, 0] = 3
    bad[512, 3, 40] = 5
    with pytest.raises(ValueError, match=r"^boards\[512, 3, 40\] must be in 0 <= x < 2, not 5$"):
        lo.solve_many(g, bad)


def test_a_uint8_board_in_another_order_answers_as_in_c_order(unsolvable_board):
    # Read to bits like the other dtypes, a uint8 board still has its proof in uint8 bytes and
    # its bad entries named as in C order.
    g, board = unsolvable_board(np.uint8)
    with pytest.raises(lo.UnsolvableError) as c_order:
        g.solve(board)
    def other_orders(board):
        wide = np.zeros((board.shape[0], 2 * board.shape[1]), dtype=np.uint8)
        wide[:, ::2] = board
        return {"Fortran": np.asfortranarray(board), "strided": wide[:, ::2]}

    for name, b in other_orders(board).items():
        assert not g.is_solvable(b), name
        with pytest.raises(lo.UnsolvableError) as other:
            g.solve(b)
        proof, want = other.value.obstruction, c_order.value.obstruction
        assert proof.dtype == want.dtype and proof.shape == want.shape, name
        assert np.array_equal(proof, want), name
    bad = board.copy()
    bad[5, 2] = 3
    bad[7, 0] = 4
    for name, b in other_orders(bad).items():
        with pytest.raises(ValueError, match=r"^lights\[5, 2\] must be in 0 <= x < 2, not 3$"):
            g.solve(b)
