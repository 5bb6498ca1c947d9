"""Games over Z_k for composite k: kernel size, elementary divisors, generators with orders."""

import math

import numpy as np
import pytest

import lightsout as lo


def test_four_colour_4x4():
    g = lo.grid(4, 4, modulus=4)
    assert g.modulus == 4
    assert g.kernel_size == 64
    assert g.null_orders == [2, 2, 4, 4]
    assert len(g.elementary_divisors) == 16 and int(np.prod(g.elementary_divisors)) == 64
    assert g.solvable_boards == 4**16 // 64
    for attr in ("rank", "nullity"):
        with pytest.raises(ValueError, match="elementary divisors"):
            getattr(g, attr)
    board = g.random_solvable(seed=3)
    presses = g.solve(board)
    assert (g.apply(board, presses) == 0).all()
    assert g.count_solutions(board) == 64
    every = list(g.solutions(board))
    assert len({tuple(s.ravel()) for s in every}) == 64
    assert all((g.apply(board, s) == 0).all() for s in every)
    best = g.minimal_solution(board)
    assert best.proven_optimal and best.weight == min(int(s.sum()) for s in every)
    for row, order in zip(g.null_space(), g.null_orders):
        assert (g.apply(np.zeros(16, dtype=np.int64), row) == 0).all()
        assert ((row * order) % 4 == 0).all() and ((row * (order // 2)) % 4 != 0).any()


def test_unsolvable_board_carries_an_obstruction_mod_k():
    g = lo.grid(4, 4, modulus=4)
    m = g.matrix()
    for i in range(16):
        board = np.zeros(16, dtype=np.int64)
        board[i] = 1
        if not g.is_solvable(board):
            break
    else:
        pytest.fail("every unit board is solvable")
    with pytest.raises(lo.UnsolvableError) as info:
        g.solve(board)
    y = np.asarray(info.value.obstruction).ravel()
    assert ((y @ m) % 4 == 0).all()
    assert (y @ board) % 4 != 0
    assert g.count_solutions(board) == 0


def test_squarefree_modulus_is_the_product_of_its_primes():
    g6, g2, g3 = (lo.grid(4, 4, modulus=k) for k in (6, 2, 3))
    assert g6.kernel_size == g2.kernel_size * g3.kernel_size
    board = g6.random_solvable(seed=1)
    assert (g6.apply(board, g6.solve(board)) == 0).all()
    assert g6.describe().endswith("modulus 6")


def test_bad_entries_and_moduli():
    g = lo.grid(2, 2, modulus=6)
    with pytest.raises(ValueError, match="6"):
        g.solve([6, 0, 0, 0])
    for k in (0, 1, -6, 2**31):
        with pytest.raises(ValueError, match="2 <= k < 2\\^31"):
            lo.grid(2, 2, modulus=k)
    # Z_6 is a product of fields, so its pseudoinverse exists (see the test below).
    assert g.pseudoinverse().shape == (4, 4)


def test_statistics_over_z4():
    g = lo.grid(2, 3, modulus=4)
    s = lo.stats(g)
    assert s.modulus == 4 and s.kernel_size == g.kernel_size
    assert s.solvable_boards == g.solvable_boards == sum(s.histogram)
    hard = g.random_solvable(seed=2, difficulty=s.max_presses)
    assert g.minimal_solution(hard).weight == s.max_presses


def test_a_large_composite_grid_is_chased():
    # 90,000 lights over Z_4 and a 120x120 torus over Z_6: light chasing per prime-power
    # factor (p-adic lifting over Z_4), where a dense factorisation of M would be refused.
    for g in (lo.grid(300, 300, modulus=4), lo.torus(120, 120, modulus=6)):
        board = g.random_solvable(seed=2)
        presses = g.solve(board)
        assert (g.apply(board, presses) == 0).all()
        assert g.count_solutions(board) == g.kernel_size
        assert math.prod(int(d) for d in g.elementary_divisors) == g.kernel_size
        with pytest.raises(ValueError, match="elementary divisors"):
            g.rank
        for dense in (g.pseudoinverse, g.obstructions):
            with pytest.raises(ValueError, match="too large"):
                dense()


def test_pseudoinverse_over_composite_moduli():
    # Z_6 = Z_2 x Z_3: both factors are fields, so W exists; over Z_4 the 4x4 grid has the
    # elementary divisor 2, which no matrix can divide by.
    g6 = lo.grid(4, 4, modulus=6)
    w = g6.pseudoinverse()
    assert w.shape == (16, 16)
    for seed in range(3):
        board = np.asarray(g6.random_solvable(seed=seed, dtype=np.int64)).ravel()  # signed: -board must not wrap
        presses = (w @ ((-board) % 6)) % 6
        assert (g6.apply(board, presses) == 0).all()
    with pytest.raises(ValueError, match="elementary divisor 2"):
        lo.grid(4, 4, modulus=4).pseudoinverse()


def test_solve_many_over_composite_moduli():
    g = lo.grid(4, 4, modulus=6)
    boards = np.array([np.asarray(g.random_solvable(seed=s)).ravel() for s in range(5)] + [np.arange(16) % 6])
    presses, solvable = lo.solve_many(g, boards, return_solvable=True)
    for b, s, ok in zip(boards, presses, solvable):
        assert ok == g.is_solvable(b)
        if ok:
            assert np.array_equal(s, np.asarray(g.solve(b)).ravel())
        else:
            assert (s == 0).all()
    with pytest.raises(ValueError, match="elementary divisor 2"):
        lo.solve_many(lo.grid(4, 4, modulus=4), boards % 4)


def test_from_matrix_takes_composite_moduli_like_the_command_line():
    # lo.from_matrix(A, modulus=6) used to refuse ("modulus must be a prime") what --matrix
    # analyses over Z_6: the same game as the grid it came from, entries reduced mod k.
    for k in (4, 6, 12):
        grid = lo.grid(2, 3, modulus=k)
        m = lo.from_matrix(grid.matrix() + k, modulus=k)
        assert m.modulus == k and m.kernel_size == grid.kernel_size
        assert m.elementary_divisors == grid.elementary_divisors
        b = grid.random_solvable(seed=k).ravel()
        assert not grid.apply(b, m.solve(b)).any()
    with pytest.raises(ValueError, match="modulus"):
        lo.from_matrix(np.eye(2, dtype=int), modulus=1)
