"""Solving, counting, enumerating and applying, in every accepted shape and dtype."""

import numpy as np
import pytest

import lightsout as lo


def test_solve_returns_the_shape_given(classic):
    board = classic.random_solvable(seed=3)
    assert board.shape == (5, 5)
    natural = classic.solve(board)
    flat = classic.solve(board.ravel())
    listed = classic.solve(board.tolist())
    assert natural.shape == (5, 5) and flat.shape == (25,) and listed.shape == (5, 5)
    assert np.array_equal(natural.ravel(), flat) and np.array_equal(natural, listed)
    assert not classic.apply(board, natural).any()
    assert not ((classic.matrix() @ flat + board.ravel()) % 2).any()


@pytest.mark.parametrize("dtype", [np.bool_, np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64])
def test_every_integer_dtype(classic, dtype):
    board = classic.random_solvable(seed=5).astype(dtype)
    presses = classic.solve(board)
    assert presses.dtype == np.uint8  # the smallest unsigned dtype holding p-1, whatever came in
    assert not classic.apply(board, presses).any()


def test_non_contiguous_and_byte_swapped_inputs(classic):
    board = classic.random_solvable(seed=8)
    wide = np.zeros((5, 10), dtype=np.int64)
    wide[:, ::2] = board
    assert np.array_equal(classic.solve(wide[:, ::2]), classic.solve(board))
    swapped = board.astype(">i4")
    assert np.array_equal(classic.solve(swapped), classic.solve(board))
    fortran = np.asfortranarray(board)
    assert np.array_equal(classic.solve(fortran), classic.solve(board))
    assert np.array_equal(classic.solve(fortran.astype(np.uint8)), classic.solve(board))


def test_small_dtype_answers_in_the_smallest_dtype_holding_p_minus_1():
    g = lo.grid(2, 2, modulus=131)
    board = np.array([[1, 0], [0, 0]], dtype=np.int8)
    presses = g.solve(board)
    assert presses.dtype == np.uint8
    assert not g.apply(board.astype(np.int64), presses).any()


def test_unsolvable_board_carries_its_obstruction(classic):
    board = np.zeros((5, 5), dtype=np.int64)
    board[0, 0] = 1
    assert not classic.is_solvable(board)
    assert classic.count_solutions(board) == 0
    with pytest.raises(lo.UnsolvableError) as info:
        classic.solve(board)
    err = info.value
    assert isinstance(err, ValueError)
    y = err.obstruction
    assert y.shape == (5, 5)
    assert not (y.ravel() @ classic.matrix() % 2).any()  # y M = 0
    assert (y * board).sum() % 2 == 1  # y . b != 0
    assert err.obstruction_index in (0, 1)
    with pytest.raises(lo.UnsolvableError):
        classic.solutions(board)
    with pytest.raises(lo.UnsolvableError) as flat:
        classic.solve(board.ravel())
    assert flat.value.obstruction.shape == (25,)
    # The message explains the proof and, for a small game, draws the pattern.
    message = str(err)
    assert "cannot be solved" in message and "odd number" in message
    assert f"({int((y != 0).sum())} lights)" in message
    assert "\n".join("".join(str(v) for v in row) for row in y) in message


def test_unsolvable_message_over_z3_speaks_of_weighted_sums():
    g = lo.grid(4, 4, modulus=3)
    ys = g.obstructions()
    assert len(ys) > 0
    board = np.zeros(16, dtype=np.int64)
    board[int(np.flatnonzero(ys[0])[0])] = 1
    with pytest.raises(lo.UnsolvableError, match="weighted sum .* not 0 mod 3"):
        g.solve(board)


def test_obstructions_decide_solvability(classic, rng):
    ys = classic.obstructions()
    assert ys.shape == (2, 25)
    for _ in range(50):
        board = rng.integers(0, 2, 25)
        assert classic.is_solvable(board) == (not (ys @ board % 2).any())


def test_solutions_are_all_distinct_and_solve(classic):
    board = classic.random_solvable(seed=11)
    sols = list(classic.solutions(board))
    assert len(sols) == 4 == classic.count_solutions(board)
    assert len({s.tobytes() for s in sols}) == 4
    for s in sols:
        assert s.shape == (5, 5)
        assert not classic.apply(board, s).any()


def test_count_solutions_is_an_exact_int():
    g = lo.grid(1, 200, rule="neighbours")  # a path without self-toggle
    zero = np.zeros(200, dtype=np.uint8)
    count = g.count_solutions(zero)
    assert isinstance(count, int)
    assert count == 2**g.nullity
    big = lo.from_press_sets([[] for _ in range(100)], modulus=3)
    assert big.count_solutions([0] * 100) == 3**100


def test_solutions_iterator_is_lazy():
    g = lo.from_press_sets([[] for _ in range(64)])  # every press pattern is quiet: 2**64 solutions
    it = g.solutions([0] * 64)
    first = [next(it) for _ in range(5)]
    assert len({f.tobytes() for f in first}) == 5
    assert "2**64" in repr(it)


def test_pseudoinverse_solves_every_solvable_board(classic):
    w = classic.pseudoinverse()
    assert w.shape == (25, 25)
    for seed in range(20):
        b = classic.random_solvable(seed=seed).ravel()
        s = w @ ((-b) % 2) % 2
        assert not ((classic.matrix() @ s + b) % 2).any()


def test_zp_pseudoinverse_and_null_space():
    g = lo.grid(4, 4, modulus=5)
    m = g.matrix()
    for q in g.null_space():
        assert not (m @ q % 5).any()
    b = g.random_solvable(seed=2, dtype=np.int64).ravel()  # signed: -b must not wrap
    s = g.pseudoinverse() @ ((-b) % 5) % 5
    assert not ((m @ s + b) % 5).any()


def test_random_solvable(classic):
    a = classic.random_solvable(seed=42)
    assert np.array_equal(a, classic.random_solvable(seed=42))
    assert a.shape == (5, 5) and a.dtype == np.uint8
    assert classic.is_solvable(classic.random_solvable())
    three = classic.random_solvable(seed=1, presses=3)
    assert classic.minimal_solution(three).weight <= 3
    hard = classic.random_solvable(seed=1, difficulty=15)
    assert classic.minimal_solution(hard).weight == 15


def test_holes_are_skipped_and_must_be_zero():
    g = lo.mask([[1, 1, 1], [1, 0, 1], [1, 1, 1]])
    board = g.random_solvable(seed=4)
    assert board.shape == (3, 3) and board[1, 1] == 0
    presses = g.solve(board)
    assert presses.shape == (3, 3) and presses[1, 1] == 0
    flat = g.solve(np.delete(board.ravel(), 4))
    assert flat.shape == (8,)
    bad = board.copy()
    bad[1, 1] = 1
    with pytest.raises(ValueError, match="hole"):
        g.solve(bad)


def test_cube_boards_take_the_net_shape():
    cube = lo.preset("cube")
    board = cube.random_solvable(seed=9)
    assert board.shape == (6, 3, 3)
    assert not cube.apply(board, cube.solve(board)).any()


def test_minimal_solution_of_the_5x5(classic):
    board = np.zeros((5, 5), dtype=np.int64)
    board[2, 2] = 1
    best = classic.minimal_solution(board)
    assert best.proven_optimal and best.weight == best.lower_bound == 11
    assert best.presses.shape == (5, 5) and best.presses.sum() == 11
    assert not classic.apply(board, best.presses).any()
    assert "proven_optimal=True" in repr(best)
    # A minimal solution converts like the presses it holds.
    assert (np.asarray(best) == best.presses).all() and np.asarray(best).shape == (5, 5)
    assert np.asarray(best, dtype=np.uint8).dtype == np.uint8
    assert np.array(best, copy=True) is not best.presses
    for s in classic.solutions(board):
        assert s.sum() >= best.weight


def test_minimal_solution_limits_are_hard_and_can_be_lifted():
    g = lo.grid(19, 19)  # nullity 16: 65,536 solutions
    board = g.random_solvable(seed=4)
    exact = g.minimal_solution(board, max_work=float("inf"), max_time=float("inf"))
    assert exact.proven_optimal
    for work in [1, 5, 1000]:
        best = g.minimal_solution(board, max_work=work)
        assert best.explored <= work and not g.apply(board, best.presses).any()
        assert best.lower_bound <= exact.weight <= best.weight
    # 0 is no budget, in every front end (docs/guide/fewest.md, "Budgets").
    with pytest.raises(ValueError, match="0 is no budget"):
        g.minimal_solution(board, max_work=0)
    # A progress bar changes nothing in the answer (and is not drawn for a search this short).
    assert g.minimal_solution(board, progress=True).weight == exact.weight
    with pytest.raises(TypeError, match="max_work"):
        g.minimal_solution(board, max_work=1.5)
    with pytest.raises(TypeError, match="max_work"):
        g.minimal_solution(board, max_work=float("nan"))


def test_minimal_solution_sign_convention_over_z3():
    # Over Z_p the presses s satisfy M s = -b: pressing them turns the board off.
    g = lo.grid(4, 4, modulus=3)
    board = g.random_solvable(seed=2)
    best = g.minimal_solution(board)
    assert not g.apply(board, best.presses).any()


def test_stats_of_the_5x5(classic):
    s = lo.stats(classic)
    assert s.solvable_boards == 2**23 == sum(s.histogram)
    assert s.max_presses == 15
    assert s.histogram[1] == 25
    assert "presses" in s.table() and s.svg().startswith("<svg") and s._repr_svg_() == s.svg()
    assert (s.rank, s.nullity, s.modulus) == (23, 2, 2)


def test_large_grid_games_use_the_structured_solver():
    g = lo.grid(300, 300)
    board = g.random_solvable(seed=3)
    presses = g.solve(board)
    assert presses.shape == (300, 300)
    assert not g.apply(board, presses).any()
    assert g.count_solutions(board) == 2**g.nullity
    t = lo.torus(100, 100, modulus=3)
    b = t.random_solvable(seed=1)
    assert not t.apply(b, t.solve(b)).any()


def test_pseudoinverse_is_the_smallest_dtype_holding_k_minus_1():
    # One byte an entry up to k = 256 (a 150 x 150 grid's W is 506 MB, not 4 GB of int64), two
    # bytes up to 65536, four past that; the answer is the same matrix.
    for k, dtype in [(2, np.uint8), (3, np.uint8), (6, np.uint8), (256, np.uint8), (257, np.uint16), (65537, np.uint32)]:
        g = lo.grid(2, 3, modulus=k)
        if k == 256:
            g = lo.grid(1, 3, modulus=k)  # over Z_256 the 2 x 3 grid has a divisor that blocks W
        w = g.pseudoinverse()
        assert w.dtype == dtype and w.shape == (g.size, g.size), k
        b = np.asarray(g.random_solvable(seed=k), dtype=np.int64).ravel()
        s = (w.astype(np.int64) @ ((-b) % k)) % k
        assert not g.apply(b, s).any(), k


def test_pseudoinverse_refuses_before_allocating():
    # 300 x 300: W would be 90,000^2 bytes (8.1 GB) even at one byte an entry: refused at once,
    # with the bytes named, before the 90,000-light factorisation is even built.
    import resource

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(ValueError, match=r"the pseudoinverse .*8100000000 bytes"):
        lo.grid(300, 300).pseudoinverse()
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 200_000  # kB
