"""Requests whose size makes them hopeless are refused at once, from their description, before
anything is computed or built: a ValueError naming the limit, never hours of work first."""

import time

import pytest

import lightsout as lo


def test_a_nullity_table_too_long_is_refused_at_once():
    # n_max = 10**9 ran for 11 minutes at full CPU until it was killed. The time bound is only a
    # hang guard (over 100x what a refusal takes).
    t0 = time.monotonic()
    with pytest.raises(ValueError, match=r"the nullity table of the n x n grids up to n_max needs \d+ seconds of estimated work, the limit is 600"):
        lo.nullity_table(10**9)
    assert time.monotonic() - t0 < 30, "hung"
    assert [u for _, u in lo.nullity_table(5).rows] == [0, 0, 0, 4, 2]


@pytest.mark.parametrize(
    "make",
    [lambda: lo.projective(5000, 5000), lambda: lo.klein(3000, 3000)],
    ids=["projective 5000x5000", "klein 3000x3000"],
)
def test_a_band_too_wide_is_refused_before_anything_is_built(make):
    # These took 47 s to minutes and gigabytes before they were refused. The time bound is only
    # a hang guard (over 100x what a refusal takes).
    g = make()
    t0 = time.monotonic()
    with pytest.raises(ValueError, match="the banded elimination of M needs .* seconds of estimated work, the limit is 600"):
        g.rank
    assert time.monotonic() - t0 < 30, "hung"


def test_the_largest_banded_boards_of_the_benchmarks_still_solve():
    # docs/BENCHMARKS.md: the largest square Klein bottle solved within a second is 211 x 211.
    g = lo.klein(211, 211)
    board = g.random_solvable(seed=1)
    assert not g.apply(board, g.solve(board)).any()
