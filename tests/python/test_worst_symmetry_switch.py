"""The symmetry switch of the worst-case search: ``Game.worst_case(symmetry=...)`` and
``lightsout.distributed.worst_case(symmetry=...)``. "plain" (no symmetries), "detect" (the
default) and given permutations prove the same weight and bound; every bad choice is a clear
``TypeError`` or ``ValueError`` before any search."""

import numpy as np
import pytest

import lightsout as lo
import lightsout.distributed as lod


def transpose(rows, cols):
    """The transpose of a square grid as a permutation of the buttons (row-major)."""
    assert rows == cols
    return [(j % cols) * cols + j // cols for j in range(rows * cols)]


def half_turn(rows, cols):
    return [rows * cols - 1 - j for j in range(rows * cols)]


def shift_right(rows, cols):
    """A torus's translation by one column."""
    return [(j // cols) * cols + (j % cols + 1) % cols for j in range(rows * cols)]


# Games proven in well under a second, with the permutations that keep their quiet patterns.
GAMES = [
    ("grid 9x9", lambda: lo.grid(9, 9), [transpose(9, 9), half_turn(9, 9)]),
    ("torus 5x5", lambda: lo.torus(5, 5), [shift_right(5, 5), transpose(5, 5)]),
    ("grid 5x5 over Z_3", lambda: lo.grid(5, 5, modulus=3), [half_turn(5, 5)]),
]


def answer(w):
    return (w.weight, w.upper_bound, w.proven_optimal)


def needs(game, w):
    """The board needs what the answer says: its presses clear it, and no fewer do."""
    assert not game.apply(w.board, w.presses).any()
    assert game.minimal_solution(w.board, max_time=None).weight == w.weight


@pytest.mark.parametrize("name,make,perms", GAMES, ids=[g[0] for g in GAMES])
def test_plain_detect_and_given_prove_the_same(name, make, perms):
    game = make()
    detect = game.worst_case(max_time=None)
    assert detect.proven_optimal
    assert answer(game.worst_case(max_time=None, symmetry="detect")) == answer(detect)
    assert answer(game.worst_case(max_time=None, symmetry=None)) == answer(detect)
    plain = game.worst_case(max_time=None, symmetry="plain")
    assert answer(plain) == answer(detect)
    needs(game, plain)
    given = game.worst_case(max_time=None, symmetry=perms)
    assert answer(given) == answer(detect)
    needs(game, given)
    # A numpy array of permutations, and no permutation at all (a plain search), are taken.
    assert answer(game.worst_case(max_time=None, symmetry=np.array(perms))) == answer(detect)
    assert answer(game.worst_case(max_time=None, symmetry=[])) == answer(detect)


def test_composite_modulus_takes_the_switch():
    # Over Z_4 no symmetry is used; the given ones must still be permutations.
    game = lo.grid(3, 3, modulus=4)
    detect = game.worst_case(max_time=None)
    assert answer(game.worst_case(max_time=None, symmetry="plain")) == answer(detect)
    assert answer(game.worst_case(max_time=None, symmetry=[half_turn(3, 3)])) == answer(detect)
    with pytest.raises(ValueError, match="not a permutation of the 9 buttons"):
        game.worst_case(symmetry=[[0] * 9])


@pytest.mark.parametrize(
    "symmetry,error,match",
    [
        ("mirror", ValueError, "'detect', 'plain' or a list of permutations"),
        ("", ValueError, "'detect', 'plain'"),
        (5, TypeError, "'detect', 'plain' or a list of permutations of the buttons, not int"),
        (list(range(81)), TypeError, r"symmetry\[0\] must be a sequence of ints, not int"),
        (["abc"], TypeError, r"symmetry\[0\] must be a sequence of ints, not str"),
        ([[0.5] * 81], TypeError, "must be an int"),
        ([[True] * 81], TypeError, "not bool"),
        ([[-1] + list(range(1, 81))], ValueError, "non-negative"),
        ([[0, 1, 2]], ValueError, "symmetry 0 is not a permutation of the 81 buttons"),
        ([list(range(82))], ValueError, "symmetry 0 is not a permutation of the 81 buttons"),
        ([[0] * 81], ValueError, "symmetry 0 is not a permutation of the 81 buttons"),
        ([list(range(1, 81)) + [81]], ValueError, "symmetry 0 is not a permutation"),
        ([transpose(9, 9), [(j + 1) % 81 for j in range(81)]], ValueError, "symmetry 1 does not map the quiet"),
        ([shift_right(9, 9)], ValueError, "symmetry 0 does not map the quiet patterns onto themselves"),
    ],
)
def test_bad_symmetries_are_clear_errors(symmetry, error, match):
    game = lo.grid(9, 9)
    with pytest.raises(error, match=match):
        game.worst_case(symmetry=symmetry)
    # The cluster's split checks the same, before any task exists (no client needed).
    with pytest.raises(error, match=match):
        lod.worst_case(game, symmetry=symmetry)


def test_the_split_carries_the_symmetry_to_the_workers():
    game = lo.grid(16, 16)
    works = {}
    for symmetry in ["detect", "plain"]:
        split = lo._core.split_worst(game, tasks=8, symmetry=symmetry)
        assert split.decision is not None, "the 16 x 16 grid needs decisions"
        work = split.work()
        again = lo._core.WorstWork(bytes(work))  # as a worker gets it
        assert again.id == work.id
        works[symmetry] = work
    # The symmetry travels in the work: the two cuts are different work.
    assert works["detect"].id != works["plain"].id


def test_distributed_plain_equals_one_process(client):
    for game in [lo.grid(9, 9), lo.torus(6, 6), lo.grid(8, 8, modulus=3)]:
        single = game.worst_case(max_time=None)
        for symmetry in ["plain", "detect"]:
            spread = lod.worst_case(game, client=client, tasks=16, local_work=0, symmetry=symmetry)
            assert answer(spread) == answer(single), (game.describe(), symmetry)
            needs(game, spread)


def test_command_line_scheduler_passes_the_switch(client):
    import json

    from test_distributed import run_cli

    for kind in ["plain", "detect"]:
        args = ["worst", "--grid", "9x9", "--json", "--symmetry", kind]
        local = run_cli(*args)
        assert local.returncode == 0, local.stderr
        remote = run_cli(*args, "--scheduler", client.scheduler.address, "--tasks", "8")
        assert remote.returncode == 0, remote.stderr
        a, b = json.loads(local.stdout), json.loads(remote.stdout)
        assert (a["weight"], a["upper_bound"], a["proven_optimal"]) == (b["weight"], b["upper_bound"], True)
    bad = run_cli("worst", "--grid", "9x9", "--symmetry", "mirror", "--scheduler", client.scheduler.address)
    assert bad.returncode == 2 and "plain" in bad.stderr


def test_python_entry_point_refuses_an_unknown_symmetry():
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "lightsout.distributed", "worst", "--scheduler", "local", "--symmetry", "mirror"],
        input='{"spec": "grid 3x3"}',
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2 and "--symmetry" in run.stderr
