"""Every bad input is a ValueError or TypeError that says what was expected; never a panic."""

import numpy as np
import pytest

import lightsout as lo


@pytest.mark.parametrize(
    "lights, error, message",
    [
        ([0] * 24, ValueError, "lights must have 25 entries (or the board shape (5, 5)), got 24"),
        ([[0] * 5] * 4, ValueError, "got (4, 5)"),
        (np.zeros((5, 5, 1), dtype=int), ValueError, "got (5, 5, 1)"),
        ([2] + [0] * 24, ValueError, "lights[0] must be in 0 <= x < 2, not 2"),
        ([0] * 24 + [-1], ValueError, "lights[24] must be in 0 <= x < 2, not -1"),
        (np.full((5, 5), 7), ValueError, "lights[0, 0] must be in 0 <= x < 2, not 7"),
        ([0.0] * 25, TypeError, "must be an array of integers, got dtype float64"),
        (["a"] * 25, TypeError, "must be an array of integers"),
        ([None] * 25, TypeError, "must be an array of integers"),
        ([2**70] * 25, TypeError, "must be an array of integers"),
        ([[0, 1], [0]], ValueError, "lights must be an array of integers"),
        ("00000", TypeError, "must be an array of integers"),
    ],
)
def test_bad_boards(classic, lights, error, message):
    with pytest.raises(error) as info:
        classic.solve(lights)
    assert message in str(info.value)
    for method in (classic.is_solvable, classic.count_solutions, classic.solutions, classic.minimal_solution, classic.format):
        with pytest.raises(error):
            method(lights)


def test_bad_presses(classic):
    with pytest.raises(ValueError, match="presses must have 25 entries"):
        classic.apply([0] * 25, [0] * 26)
    with pytest.raises(ValueError, match=r"presses\[3\] must be in 0 <= x < 2, not 3"):
        classic.apply([0] * 25, [0, 0, 0, 3] + [0] * 21)


@pytest.mark.parametrize(
    "build, error, message",
    [
        (lambda: lo.grid(5, 5, modulus=0), ValueError, "modulus must be an integer k with 2 <= k"),
        (lambda: lo.grid(5, 5, modulus=1), ValueError, "modulus must be an integer k with 2 <= k"),
        (lambda: lo.grid(5, 5, modulus=-3), ValueError, "modulus must be an integer k with 2 <= k"),
        (lambda: lo.grid(5, 5, modulus=2**31 + 11), ValueError, "modulus must be an integer k with 2 <= k"),
        (lambda: lo.grid(5, 5, modulus=2**80), ValueError, "modulus"),
        (lambda: lo.grid(5, 5, modulus=2.0), TypeError, "modulus must be an int, not float"),
        (lambda: lo.grid(0, 5), ValueError, "at least 1"),
        (lambda: lo.grid(-1, 5), ValueError, "rows must be a non-negative int, not -1"),
        (lambda: lo.grid(5.5, 5), TypeError, "rows must be an int"),
        (lambda: lo.torus(100000, 100000), ValueError, "too large"),
        (lambda: lo.grid(100000, 100000).random_solvable(1), ValueError, "too large"),
        (lambda: lo.grid(5, 5, rule="hex"), ValueError, "unknown rule"),
        (lambda: lo.grid(5, 5, rule=[(0, 0, 1)]), ValueError, "must have 2 entries"),
        (lambda: lo.grid(5, 5, rule=3), TypeError, "sequence of integer pairs"),
        (lambda: lo.cube(0), ValueError, "at least 1"),
        (lambda: lo.preset("nope"), ValueError, "expected one of: classic"),
        (lambda: lo.graph(3, [(0, 3)]), ValueError, "edge 0 is (0, 3)"),
        (lambda: lo.graph(3, [(0, -1)]), ValueError, "edge 0 is (0, -1)"),
        (lambda: lo.graph(3, [(0,)]), ValueError, "must have 2 entries"),
        (lambda: lo.graph(3, "ab"), TypeError, "sequence of integer pairs"),
        (lambda: lo.from_press_sets([[0, 5]]), ValueError, "5"),
        (lambda: lo.from_press_sets([[-1]]), ValueError, ">= 0"),
        (lambda: lo.from_press_sets(7), TypeError, "sequence of sequences"),
        (lambda: lo.from_matrix([[1, 0, 0], [0, 1, 0]]), ValueError, "must be square"),
        (lambda: lo.from_matrix([[0.5]]), TypeError, "integers"),
        (lambda: lo.mask([1, 0, 1]), ValueError, "2-D"),
        (lambda: lo.mask([[0, 0], [0, 0]]), ValueError, "hole"),
        (lambda: lo.mask([[2, 1]]), ValueError, "cells[0, 0] must be in 0 <= x < 2, not 2"),
        (lambda: lo.parse_board("1x\n00\n"), ValueError, "line 1, column 2"),
        (lambda: lo.parse_board("11\n0\n"), ValueError, "line 2"),
        (lambda: lo.parse_board(""), ValueError, "no rows"),
        (lambda: lo.from_spec("garbage"), ValueError, "line 1"),
    ],
)
def test_bad_constructors(build, error, message):
    with pytest.raises(error) as info:
        build()
    assert message in str(info.value)


def test_bad_keyword_values(classic):
    with pytest.raises(ValueError, match="seed must be a non-negative int"):
        classic.random_solvable(seed=-1)
    with pytest.raises(TypeError, match="seed must be an int"):
        classic.random_solvable(seed="x")
    with pytest.raises(ValueError, match="only 25 buttons"):
        classic.random_solvable(seed=1, presses=26)
    with pytest.raises(ValueError, match="not both"):
        classic.random_solvable(seed=1, presses=2, difficulty=2)
    with pytest.raises(ValueError, match="max_time"):
        classic.minimal_solution([0] * 25, max_time=float("nan"))
    with pytest.raises(ValueError, match="max_work"):
        classic.minimal_solution([0] * 25, max_work=-5)
    with pytest.raises(ValueError, match="max_work"):
        lo.stats(classic, max_work=-1)
    with pytest.raises(ValueError, match="max_time"):
        lo.stats(classic, max_time=-1.0)
    with pytest.raises(ValueError, match="too large"):
        lo.stats(lo.grid(8, 8))  # 2**64 boards do not fit the counts


def test_huge_and_infinite_time_limits_mean_no_limit(classic):
    # Past the range of a duration (1e20 s) or infinite: no time limit, never a panic.
    board = classic.random_solvable(seed=3)
    for t in (1e20, 1e300, float("inf"), None, 5):
        assert classic.minimal_solution(board, max_time=t).proven_optimal
        assert lo.stats(lo.grid(3, 3), max_time=t).solvable_boards == 2**9
    with pytest.raises(ValueError, match=r"max_time must be a positive number of seconds \(None for the default, float\('inf'\)"):
        lo.stats(classic, max_time=float("-inf"))


def test_big_games_refuse_dense_answers_instead_of_crashing():
    g = lo.grid(4096, 4096)  # answered by the structured solver
    assert g.size == 4096 * 4096
    assert g.rank + g.nullity == g.size
    for dense in (g.matrix, g.pseudoinverse, g.obstructions):
        with pytest.raises(ValueError, match="too large"):
            dense()
    with pytest.raises(ValueError, match="too large"):
        lo.solve_many(g, np.zeros((1, 4096 * 4096), dtype=np.uint8))
    assert g._repr_svg_() is None


def test_a_few_quiet_patterns_of_a_board_too_large_for_its_whole_basis():
    g = lo.grid(4096, 4096)  # nullity 2072: the whole basis would take 139 GB
    with pytest.raises(ValueError, match="too large"):
        g.null_space()
    first = g.null_space(count=1)
    assert first.shape == (1, g.size)
    assert (g.apply(np.zeros(g.size, dtype=np.uint8), first[0]) == 0).all()  # it changes nothing
    small = lo.preset("classic")
    assert (small.null_space(count=5) == small.null_space()).all()
    with pytest.raises(ValueError, match="count must be a non-negative int"):
        small.null_space(count=-1)
