"""Building games and the facts of the source documents."""

import numpy as np
import pytest

import lightsout as lo


def test_classic_5x5_has_nullity_2_and_its_two_quiet_patterns(classic):
    assert (classic.size, classic.modulus, classic.shape) == (25, 2, (5, 5))
    assert (classic.rank, classic.nullity) == (23, 2)
    quiet = classic.null_space()
    assert quiet.shape == (2, 25)
    m = classic.matrix()
    assert not (m @ quiet.T % 2).any()  # quiet: they change no light
    # The two quiet patterns of the 5x5 (and their sum) as usually drawn.
    q1 = np.array([[0, 1, 1, 1, 0], [1, 0, 1, 0, 1], [1, 1, 0, 1, 1], [1, 0, 1, 0, 1], [0, 1, 1, 1, 0]])
    q2 = np.array([[1, 0, 1, 0, 1], [1, 0, 1, 0, 1], [0, 0, 0, 0, 0], [1, 0, 1, 0, 1], [1, 0, 1, 0, 1]])
    span = {tuple(((a * quiet[0] + b * quiet[1]) % 2).tolist()) for a in (0, 1) for b in (0, 1)}
    assert tuple(q1.ravel().tolist()) in span
    assert tuple(q2.ravel().tolist()) in span
    assert tuple(((q1 + q2) % 2).ravel().tolist()) in span


def test_mini_torus_is_its_own_inverse():
    g = lo.torus(4, 4)
    m = g.matrix()
    assert g.nullity == 0
    assert np.array_equal(m @ m % 2, np.eye(16, dtype=m.dtype))


def test_lights_out_2000_over_z3():
    g = lo.grid(5, 5, modulus=3)
    assert g.modulus == 3 and (g.rank, g.nullity) == (22, 3)
    board = g.random_solvable(seed=6)
    assert g.count_solutions(board) == 27
    presses = g.solve(board)
    assert presses.shape == (5, 5)
    assert not g.apply(board, presses).any()
    assert not ((g.matrix() @ presses.ravel() + board.ravel()) % 3).any()
    assert lo.preset("2000").modulus == 3


def test_every_constructor():
    assert lo.cylinder(3, 8).shape == (3, 8)
    cube = lo.cube(3)
    assert (cube.size, cube.shape) == (54, (6, 3, 3))
    assert (cube.matrix().sum(axis=0) == 5).all()  # itself and 4 neighbours each
    path = lo.graph(6, [(0, 1), (1, 2)], directed=False)
    assert path.shape == (6,) and path.is_symmetric()
    arrow = lo.graph(2, [(0, 1)], directed=True)
    assert not arrow.is_symmetric()
    assert np.array_equal(arrow.matrix(), [[1, 0], [1, 1]])
    sets = lo.from_press_sets([[0, 1], [1]])
    assert np.array_equal(sets.matrix(), [[1, 0], [1, 1]])
    m = lo.from_matrix([[1, 2], [0, 1]], modulus=3)
    assert m.modulus == 3 and np.array_equal(m.matrix(), [[1, 2], [0, 1]])
    assert np.array_equal(lo.from_matrix([[-1, 4], [0, 1]], modulus=3).matrix(), [[2, 1], [0, 1]])
    holes = lo.mask([[1, 1, 0], [1, 1, 1]])
    assert (holes.size, holes.shape) == (5, (2, 3))
    moore = lo.grid(3, 3, rule="moore")
    assert moore.matrix()[:, 4].sum() == 9
    knight = lo.grid(5, 5, rule=[(0, 0), (1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)])
    assert knight.rule == "stencil"
    assert lo.grid(3, 3, rule="neighbours").matrix()[4, 4] == 0


def test_presets():
    names = [n for n, _ in lo.presets()]
    assert names == ["classic", "mini", "deluxe", "2000", "cube", "merlin"]
    for name in names:
        g = lo.preset(name)
        assert g.name == name
    merlin = lo.preset("merlin")
    assert not merlin.is_symmetric()
    assert lo.preset("deluxe").shape == (6, 6)


def test_parse_board_with_holes():
    g, lights = lo.parse_board("1#1\n010\n")
    assert g.shape == (2, 3) and g.size == 5
    assert lights.tolist() == [[1, 0, 1], [0, 1, 0]]
    assert g.format(lights) == "1#1\n010\n"
    assert np.array_equal(g.parse_lights("1#1\n010\n"), lights)
    g3, lights3 = lo.parse_board("12\n00\n", modulus=3)
    assert g3.modulus == 3 and lights3.tolist() == [[1, 2], [0, 0]]


def test_parsed_boards_and_worst_cases_come_in_the_smallest_unsigned_dtype():
    for modulus, dtype in [(2, np.uint8), (256, np.uint8), (257, np.uint16)]:
        text = lo.grid(2, 2, modulus).format(np.array([[1, 0], [0, modulus - 1]]))
        g, lights = lo.parse_board(text, modulus=modulus)
        assert lights.dtype == dtype and lights.tolist() == [[1, 0], [0, modulus - 1]], modulus
        assert g.parse_lights(text).dtype == dtype and g.parse_lights(text).tolist() == lights.tolist()
    for g in [lo.grid(3, 3), lo.grid(2, 3, 3)]:
        worst = g.worst_case()
        assert worst.board.dtype == np.uint8 and worst.presses.dtype == np.uint8
        assert worst.board.shape == g.shape and worst.presses.shape == g.shape
        assert not g.apply(worst.board, worst.presses).any()  # the presses clear the board
        assert int(np.count_nonzero(worst.presses)) <= worst.weight


def test_spec_round_trip():
    for g in [lo.preset("merlin"), lo.mask([[1, 0], [1, 1]]), lo.graph(3, [(0, 2)], directed=True), lo.cube(2, modulus=5)]:
        again = lo.from_spec(g.spec())
        assert again == g and hash(again) == hash(g)
        assert np.array_equal(again.matrix(), g.matrix())


def test_nullity_table():
    t = lo.nullity_table(5)
    assert t.rows == [(1, 0), (2, 0), (3, 0), (4, 4), (5, 2)]
    assert t.svg().startswith("<svg") and t._repr_svg_() == t.svg() and "4" in t.table()
    big = dict(lo.nullity_table(40).rows)
    for n in (9, 16, 19, 23, 30):
        assert lo.grid(n, n).nullity == big[n]


def _glued_neighbours(rows, cols, r, c, vertical, horizontal):
    """The four edge-neighbours of (r, c), each step crossing only the edge it leaves by."""
    out = []
    for dr in (-1, 1):
        rr = r + dr
        if 0 <= rr < rows:
            out.append((rr, c))
        elif vertical != "cut":
            out.append((rr % rows, c if vertical == "straight" else cols - 1 - c))
    for dc in (-1, 1):
        cc = c + dc
        if 0 <= cc < cols:
            out.append((r, cc))
        elif horizontal != "cut":
            out.append((r if horizontal == "straight" else rows - 1 - r, cc % cols))
    return out


def test_glued_surfaces():
    for make, vertical, horizontal, name in [
        (lo.mobius, "cut", "twisted", "Möbius band"),
        (lo.klein, "straight", "twisted", "Klein bottle"),
        (lo.projective, "twisted", "twisted", "projective plane"),
    ]:
        for rows, cols in [(1, 1), (2, 3), (3, 4), (4, 4)]:
            g = make(rows, cols)
            assert g.shape == (rows, cols) and name in g.describe()
            expected = np.zeros((rows * cols, rows * cols), dtype=np.int64)
            for r in range(rows):
                for c in range(cols):
                    b = r * cols + c
                    expected[b, b] = 1
                    for rr, cc in _glued_neighbours(rows, cols, r, c, vertical, horizontal):
                        expected[rr * cols + cc, b] = 1
            assert np.array_equal(g.matrix(), expected), (name, rows, cols)
            # The nullity by brute force: the press patterns that change nothing.
            n = rows * cols
            patterns = (np.arange(1 << n)[:, None] >> np.arange(n)) & 1  # every press pattern
            quiet = int((((patterns @ expected.T) % 2).sum(axis=1) == 0).sum())
            assert quiet == 2**g.nullity, (name, rows, cols)
        z3 = make(3, 4, modulus=3)
        board = z3.random_solvable(seed=2)
        assert not z3.apply(board, z3.solve(board)).any()
        assert lo.from_spec(z3.spec()).describe() == z3.describe()
        assert len(z3.geometry()["twists"]) == (4 if vertical == "twisted" else 2)
        with pytest.raises(ValueError, match="at least 1"):
            make(0, 3)
    big = lo.projective(70, 70)  # past the dense limit: the banded solver
    board = big.random_solvable(seed=1)
    assert not big.apply(board, big.solve(board)).any()
