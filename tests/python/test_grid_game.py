"""Plain grids through Game (lightsout.grid), the API that replaced the GridSolver class of 0.2:
grids of 4096 lights or more are answered by light chasing and one polynomial gcd, unpacked and
bit-packed (numpy.packbits), and agree with the engines that build the press matrix."""

import numpy as np
import pytest

import lightsout as lo


def press(game, presses):
    """M s: the board that these presses make from the dark board."""
    return game.apply(np.zeros(game.shape, dtype=np.uint8), presses)


# Each grid has at least 4096 lights, so Game chases it. The reference is the same board as a
# mask: built as M, and answered by the banded (GF(2)) or the bitsliced dense (GF(3)) engine.
@pytest.mark.parametrize(
    "rows, cols, p, rule",
    [(64, 64, 2, "plus"), (128, 32, 3, "plus"), (64, 72, 2, "neighbours"), (4, 1024, 2, "plus")],
)
def test_chased_grids_agree_with_the_matrix_engines(rows, cols, p, rule, rng):
    game = lo.grid(rows, cols, modulus=p, rule=rule)
    reference = lo.mask(np.ones((rows, cols), dtype=bool), modulus=p, rule=rule)
    assert (game.shape, game.size, game.modulus) == ((rows, cols), rows * cols, p)
    assert (game.rank, game.nullity) == (reference.rank, reference.nullity)
    for q in game.null_space():
        assert not press(reference, q.reshape(rows, cols)).any()
    for i in range(6):
        board = game.random_solvable(seed=i) if i % 2 else rng.integers(0, p, (rows, cols))
        assert game.is_solvable(board) == reference.is_solvable(board)
        assert game.count_solutions(board) == reference.count_solutions(board)
        if game.is_solvable(board):
            s = game.solve(board)
            assert s.shape == (rows, cols)
            assert not game.apply(board, s).any()
            assert not reference.apply(board, s).any()
            assert game.solve(board.ravel()).shape == (rows * cols,)
        else:
            with pytest.raises(lo.UnsolvableError) as info:
                game.solve(board)
            y = info.value.obstruction
            assert y.shape == (rows, cols)
            assert (y.astype(np.int64) * board).sum() % p != 0
            # M is symmetric for these rules: y M = 0 is M y = 0.
            assert not press(reference, y).any()


@pytest.mark.parametrize("rows, cols, p, rule", [(5, 5, 2, "plus"), (7, 4, 3, "plus"), (6, 9, 2, "neighbours"), (4, 4, 5, "plus")])
def test_small_grids_answer_as_their_matrix(rows, cols, p, rule, rng):
    game = lo.grid(rows, cols, modulus=p, rule=rule)
    m = game.matrix().astype(np.int64)
    for q in game.null_space():
        assert not (m @ q.astype(np.int64) % p).any()
    for i in range(20):
        board = game.random_solvable(seed=i) if i % 2 else rng.integers(0, p, (rows, cols))
        if game.is_solvable(board):
            s = game.solve(board)
            assert not ((board.ravel() + m @ s.ravel().astype(np.int64)) % p).any()
            assert game.count_solutions(board) == p**game.nullity
        else:
            with pytest.raises(lo.UnsolvableError) as info:
                game.solve(board)
            y = info.value.obstruction.ravel().astype(np.int64)
            assert (y * board.ravel()).sum() % p != 0
            assert not (y @ m % p).any()
            assert game.count_solutions(board) == 0


def test_packed_boards_round_trip(rng):
    rows, cols = 300, 203  # cols not a multiple of 8
    game = lo.grid(rows, cols)
    presses = rng.integers(0, 2, (rows, cols), dtype=np.uint8)
    board = press(game, presses)
    packed = np.packbits(board, axis=1)
    assert game.is_solvable(packed, packed=True)
    solution = game.solve(packed, packed=True)
    assert solution.dtype == np.uint8 and solution.shape == packed.shape
    unpacked = np.unpackbits(solution, axis=1, count=cols)
    assert not game.apply(board, unpacked).any()
    assert np.array_equal(unpacked, game.solve(board))


@pytest.mark.parametrize("n", [5, 65])  # the dense engine and the chase (nullity 2 and 16)
def test_packed_unsolvable_board_gives_a_packed_proof(n):
    game = lo.grid(n, n)
    assert game.nullity > 0
    board = np.zeros((n, n), dtype=np.uint8)
    board[0, 0] = 1
    packed = np.packbits(board, axis=1)
    assert not game.is_solvable(packed, packed=True)
    with pytest.raises(lo.UnsolvableError) as info:
        game.solve(packed, packed=True)
    y = np.unpackbits(info.value.obstruction, axis=1, count=n)
    assert (y * board).sum() % 2 == 1
    assert not press(game, y).any()


def test_a_large_packed_board():
    n = 2000  # 4 million lights, half a megabyte packed
    game = lo.grid(n, n)
    board = np.zeros((n, n), dtype=np.uint8)
    board[n // 2, n // 2] = 1
    board = press(game, board)  # the board one press makes
    packed = np.packbits(board, axis=1)
    presses = np.unpackbits(game.solve(packed, packed=True), axis=1, count=n)
    assert not game.apply(board, presses).any()


def test_bad_inputs():
    game = lo.grid(5, 5)
    big = lo.grid(100, 100)  # chased
    for g in (game, big):
        n, (rows, cols) = g.size, g.shape
        with pytest.raises(ValueError, match=f"{n}"):
            g.solve([0] * (n - 1))
        with pytest.raises(ValueError, match=rf"\({rows}, {(cols + 7) // 8}\)"):
            g.solve(np.zeros((rows, (cols + 7) // 8 + 1), dtype=np.uint8), packed=True)
        with pytest.raises(TypeError, match="uint8"):
            g.solve(np.zeros((rows, (cols + 7) // 8), dtype=np.int64), packed=True)
    with pytest.raises(ValueError, match="modul"):
        lo.grid(5, 5, modulus=5).solve(np.zeros((5, 1), dtype=np.uint8), packed=True)
    with pytest.raises(ValueError):
        lo.grid(0, 5)
    with pytest.raises(ValueError, match="too large|2\\^40|lights"):
        lo.grid(2**21, 2**21).rank
    assert "grid 5x5" in repr(lo.grid(5, 5))
