"""GridSolver (deprecated: lightsout.grid answers the same through Game): structured solving of
plain grids, unpacked and bit-packed (numpy.packbits). It keeps working, and warns when built."""

import numpy as np
import pytest

import lightsout as lo

# Every GridSolver built below warns; test_it_warns_naming_the_replacement checks the warning.
pytestmark = pytest.mark.filterwarnings("ignore:lightsout.GridSolver is deprecated:DeprecationWarning")


def test_it_warns_naming_the_replacement():
    with pytest.warns(DeprecationWarning, match=r"use lightsout\.grid\(rows, cols, modulus\).*packed=True"):
        gs = lo.GridSolver(5, 5)
    assert gs.nullity == lo.grid(5, 5).nullity == 2


@pytest.mark.parametrize("rows, cols, p, self_toggle", [(5, 5, 2, True), (7, 4, 3, True), (6, 9, 2, False), (4, 4, 5, True)])
def test_agrees_with_the_dense_game(rows, cols, p, self_toggle, rng):
    gs = lo.GridSolver(rows, cols, modulus=p, self_toggle=self_toggle)
    game = lo.grid(rows, cols, modulus=p, rule="plus" if self_toggle else "neighbours")
    assert (gs.shape, gs.size, gs.modulus, gs.self_toggle) == ((rows, cols), rows * cols, p, self_toggle)
    assert (gs.rank, gs.nullity) == (game.rank, game.nullity)
    for q in gs.null_space():
        assert not (game.matrix() @ q % p).any()
    for i in range(20):
        board = game.random_solvable(seed=i) if i % 2 else rng.integers(0, p, (rows, cols))
        assert gs.is_solvable(board) == game.is_solvable(board)
        assert gs.count_solutions(board) == game.count_solutions(board)
        if game.is_solvable(board):
            s = gs.solve(board)
            assert s.shape == (rows, cols)
            assert not gs.apply(board, s).any()
            assert not game.apply(board, s).any()
            assert gs.solve(board.ravel()).shape == (rows * cols,)
        else:
            with pytest.raises(lo.UnsolvableError) as info:
                gs.solve(board)
            y = info.value.obstruction
            assert y.shape == (rows, cols)
            assert (y * board).sum() % p != 0
            assert not (game.matrix() @ y.ravel() % p).any()


def test_packed_boards_round_trip(rng):
    rows, cols = 300, 203  # cols not a multiple of 8
    gs = lo.GridSolver(rows, cols)
    presses = rng.integers(0, 2, (rows, cols), dtype=np.uint8)
    board = gs.apply(np.zeros((rows, cols), dtype=np.uint8), presses)
    packed = np.packbits(board, axis=1)
    assert gs.is_solvable_packed(packed)
    solution = gs.solve_packed(packed)
    assert solution.dtype == np.uint8 and solution.shape == packed.shape
    unpacked = np.unpackbits(solution, axis=1, count=cols)
    assert not gs.apply(board, unpacked).any()
    assert np.array_equal(unpacked, gs.solve(board))


def test_packed_unsolvable_board_gives_a_packed_proof():
    gs = lo.GridSolver(5, 5)
    board = np.zeros((5, 5), dtype=np.uint8)
    board[0, 0] = 1
    packed = np.packbits(board, axis=1)
    assert not gs.is_solvable_packed(packed)
    with pytest.raises(lo.UnsolvableError) as info:
        gs.solve_packed(packed)
    y = np.unpackbits(info.value.obstruction, axis=1, count=5)
    assert (y * board).sum() % 2 == 1
    assert not (lo.grid(5, 5).matrix() @ y.ravel() % 2).any()


def test_a_large_packed_board():
    n = 2000  # 4 million lights, half a megabyte packed
    gs = lo.GridSolver(n, n)
    board = np.zeros((n, n), dtype=np.uint8)
    board[n // 2, n // 2] = 1
    board = gs.apply(board, board)  # the board one press makes
    packed = np.packbits(board, axis=1)
    presses = np.unpackbits(gs.solve_packed(packed), axis=1, count=n)
    assert not gs.apply(board, presses).any()


def test_bad_inputs():
    gs = lo.GridSolver(5, 5)
    with pytest.raises(ValueError, match="lights must have 25 entries"):
        gs.solve([0] * 24)
    with pytest.raises(ValueError, match=r"packed board must have shape \(5, 1\)"):
        gs.solve_packed(np.zeros((5, 2), dtype=np.uint8))
    with pytest.raises(TypeError, match="uint8 numpy array"):
        gs.solve_packed(np.zeros((5, 1), dtype=np.int64))
    with pytest.raises(ValueError, match="modulus 2"):
        lo.GridSolver(5, 5, modulus=3).solve_packed(np.zeros((5, 1), dtype=np.uint8))
    with pytest.raises(ValueError, match="modulus must be a prime"):
        lo.GridSolver(5, 5, modulus=6)
    with pytest.raises(ValueError):
        lo.GridSolver(0, 5)
    with pytest.raises(ValueError, match="too large"):
        lo.GridSolver(2**21, 2**21)
    assert "nullity 2" in repr(gs)
