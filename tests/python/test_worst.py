"""Game.worst_case: the hardest solvable board, checked by brute force over every press vector."""

import itertools

import numpy as np
import pytest

import lightsout


def brute_force_worst(game: lightsout.Game) -> int:
    """The largest fewest-press count: every press vector, grouped by the board it solves."""
    p, n = game.modulus, game.size
    M = game.matrix().astype(np.int64)
    best: dict = {}
    for x in itertools.product(range(p), repeat=n):
        board = tuple((-(M @ np.array(x))) % p)
        w = sum(x)
        if best.get(board, w + 1) > w:
            best[board] = w
    return max(best.values())


@pytest.mark.parametrize(
    "game",
    [
        lightsout.grid(4, 4),
        lightsout.grid(2, 3, modulus=3),
        lightsout.torus(3, 3),
        lightsout.torus(2, 4, modulus=3),
        lightsout.grid(2, 3, modulus=4),
        lightsout.grid(2, 2, modulus=6),
    ],
    ids=lambda g: g.describe(),
)
def test_worst_case_matches_brute_force(game: lightsout.Game) -> None:
    w = game.worst_case()
    assert w.proven_optimal and w.upper_bound == w.weight
    assert w.weight == brute_force_worst(game)
    assert w.board.shape == game.shape and w.presses.shape == game.shape
    assert not game.apply(w.board, w.presses).any()
    assert game.minimal_solution(w.board).weight == w.weight == int(w.presses.sum())
    assert "WorstCase(weight=" in repr(w)


def test_budget_cut_short_is_not_a_proof() -> None:
    g = lightsout.grid(9, 9)
    w = g.worst_case(max_work=1000, max_time=float("inf"))
    assert w.weight <= w.upper_bound
    assert w.proven_optimal == (w.weight == w.upper_bound)
    assert g.minimal_solution(w.board).weight == w.weight


def test_bad_budgets_are_value_errors() -> None:
    g = lightsout.preset("classic")
    with pytest.raises(ValueError, match="max_time"):
        g.worst_case(max_time=-1.0)
    with pytest.raises((ValueError, TypeError)):
        g.worst_case(max_work=-5)
