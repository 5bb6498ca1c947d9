"""Data sets and fewest presses in bulk: exact, reproducible, and checked inputs."""

import numpy as np
import pytest

import lightsout as lo


def test_rows_are_solved_by_their_fewest_presses():
    g = lo.preset("classic")
    boards, presses, distances = lo.dataset(g, 2000, seed=11)
    assert boards.shape == presses.shape == (2000, 5, 5) and distances.shape == (2000,)
    after = (boards.reshape(2000, 25).astype(np.int64) + presses.reshape(2000, 25) @ g.matrix().T) % 2
    assert not after.any()
    assert (presses.reshape(2000, -1).sum(axis=1) == distances).all()
    for i in range(0, 2000, 250):  # the one-board exact search agrees
        assert g.minimal_solution(boards[i]).weight == distances[i]


def test_uniform_boards_have_the_exact_distribution():
    g = lo.grid(3, 3)
    stats = lo.stats(g)
    _, _, d = lo.dataset(g, 51200, seed=2)
    expected = np.array(stats.histogram) / stats.solvable_boards
    seen = np.bincount(d, minlength=len(expected)) / len(d)
    assert np.abs(seen - expected).max() < 0.01


def test_seed_reproduces_and_pieces_do_not_matter():
    g = lo.grid(4, 4)
    a = lo.dataset(g, 5000, seed=3)
    b = lo.dataset(g, 5000, seed=3)
    c = lo.dataset(g, 5000, seed=4)
    assert all((x == y).all() for x, y in zip(a, b))
    assert not (a.boards == c.boards).all()
    assert (lo.dataset(g, 4096, seed=3).boards == a.boards[:4096]).all()


def test_difficulty_is_exact_and_impossible_ones_are_refused():
    g = lo.preset("classic")
    for d in (1, 9, 15):
        rows = lo.dataset(g, 50, difficulty=d, seed=d)
        assert (rows.distances == d).all()
    with pytest.raises(ValueError, match="from 0 to 15"):
        lo.dataset(g, 1, difficulty=16)
    with pytest.raises(ValueError, match="no solution weighs more than 25"):
        lo.dataset(g, 1, difficulty=26)


def test_other_games_holes_and_moduli():
    holes = lo.mask([[1, 1, 0], [1, 1, 1], [0, 1, 1]])
    b, s, d = lo.dataset(holes, 100, seed=1)
    assert b.shape == (100, 3, 3) and not b[:, 0, 2].any() and not s[:, 2, 0].any()
    for i in range(100):
        assert not holes.apply(b[i], s[i]).any()
    flat = lo.dataset(holes, 100, seed=1, flat=True)
    assert flat.boards.shape == (100, 7)
    z3 = lo.grid(3, 3, modulus=3)
    b, s, d = lo.dataset(z3, 200, seed=5)
    assert b.max() <= 2 and (s.reshape(200, -1).sum(axis=1) == d).all()
    assert all(z3.minimal_solution(b[i]).weight == d[i] for i in range(0, 200, 20))
    cube = lo.cube(2)
    assert lo.dataset(cube, 10, seed=1).boards.shape == (10, 6, 2, 2)


def test_minimal_many_matches_and_names_unsolvable_boards():
    g = lo.preset("classic")
    rows = lo.dataset(g, 300, seed=8)
    presses, distances = lo.minimal_many(g, rows.boards)
    assert (distances == rows.distances).all() and presses.dtype == rows.boards.dtype
    bad = rows.boards.copy()
    bad[7] = 0
    bad[7, 0, 0] = 1  # one corner light alone is not solvable on the 5x5
    with pytest.raises(lo.UnsolvableError) as e:
        lo.minimal_many(g, bad)
    assert e.value.board_index == 7
    _, d, ok = lo.minimal_many(g, bad, return_solvable=True)
    assert not ok[7] and ok.sum() == 299 and d[7] == 0
    with pytest.raises(ValueError, match=r"boards\[0, 1\] must be in 0 <= x < 2, not 3"):
        lo.minimal_many(g, [[0, 3] + [0] * 23])


def test_bad_arguments_are_clear_errors():
    g = lo.preset("classic")
    with pytest.raises(ValueError, match="count"):
        lo.dataset(g, -1)
    with pytest.raises(TypeError):
        lo.dataset("classic", 3)
    with pytest.raises(ValueError, match="bytes"):
        lo.dataset(g, 10**12)
    with pytest.raises(ValueError, match="65536"):
        lo.dataset(lo.from_press_sets([[]] * 17), 1)  # 2^17 solutions a board
    assert lo.dataset(g, 0, seed=1).boards.shape == (0, 5, 5)
    with pytest.raises(ValueError, match="prime"):
        lo.dataset(lo.grid(3, 3, modulus=4), 5)  # composite moduli: one board at a time


def test_difficulty_zero_means_uniform_in_python_and_on_the_command_line():
    # C's lightsout_game_dataset has no "no difficulty" but 0; Python and the command line read
    # 0 the same way (it used to give all-zero boards there), so the same seed gives the same
    # rows everywhere (the C side is compared with these rows by the c_abi fuzz target).
    import os
    import pathlib
    import subprocess

    g = lo.preset("classic")
    zero, none = lo.dataset(g, 50, difficulty=0, seed=1, flat=True), lo.dataset(g, 50, seed=1, flat=True)
    assert (zero.boards == none.boards).all() and (zero.distances == none.distances).all()
    assert zero.boards.any(axis=1).all()
    path = os.environ.get("LIGHTSOUT_CLI") or str(pathlib.Path(__file__).parents[2] / "target" / "debug" / "lightsout")
    for extra in (["--difficulty", "0"], []):
        out = subprocess.run(
            [path, "dataset", "--preset", "classic", "--count", "50", "--seed", "1", *extra],
            capture_output=True, text=True, check=True, timeout=60,
        ).stdout.splitlines()
        rows = np.array([[int(v) for v in line.split(",")] for line in out[1:]])
        assert (rows[:, :25] == none.boards).all() and (rows[:, -1] == none.distances).all(), extra
