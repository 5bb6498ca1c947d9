"""Game.worst_case past 2^22 solutions a board: the 39 x 39 grid (nullity 32) gets a board
weighed exactly by the fewest-press search, harder than the published table's 305 presses."""

import lightsout as lo


def test_grid_39_beats_the_published_305():
    g = lo.grid(39, 39)
    # The default work (2**32) pays for weighing one board's 2**32 solutions.
    w = g.worst_case(max_time=60)
    assert w.weight > 305
    assert not w.proven_optimal and w.upper_bound == 761
    assert w.explored <= 2**32
    assert "local search" in w.note
    best = g.minimal_solution(w.board)
    assert best.proven_optimal and best.weight == w.weight


def test_grid_39_without_the_work_for_one_board():
    # One unit short of one weighing: no search, the board pressing the button outside the
    # quiet patterns (exact by itself).
    w = lo.grid(39, 39).worst_case(max_work=2**32 - 1, max_time=60)
    assert w.explored == 0 and w.weight < 305
    assert lo.grid(39, 39).minimal_solution(w.board).weight == w.weight
