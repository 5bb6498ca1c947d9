"""Boards as PBM and PGM image files: ``lightsout.read_board`` and ``write_board`` read and write
the files the command line writes (one reader, ``lightsout_topo::image``), and a PBM written by
the command line is solved by Python to the presses the command line writes."""

import os
import pathlib
import re
import subprocess

import numpy as np
import pytest

import lightsout as lo


def cli():
    """The lightsout binary (scripts/test-parts/python.sh builds it and names it)."""
    path = os.environ.get("LIGHTSOUT_CLI") or str(pathlib.Path(__file__).parents[2] / "target" / "debug" / "lightsout")
    assert os.path.exists(path), f"build the command line first (cargo build -p lightsout-cli): {path} is missing"
    return path


def run_cli(*args):
    # A hang guard only, far above the second or so these commands take.
    done = subprocess.run([cli(), *map(str, args)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done


def test_a_pbm_from_the_command_line_is_solved_by_python_to_the_same_presses(tmp_path):
    board, presses = tmp_path / "x.pbm", tmp_path / "p.pbm"
    run_cli("generate", "--grid", "37x45", "--seed", "3", "--out", board)
    run_cli("solve", "--lights", board, "--out", presses)
    # Without a game the image makes a grid of its size over GF(2), as the command line does.
    game, lights = lo.read_board(board)
    assert (game.shape, game.modulus, lights.dtype, lights.shape) == ((37, 45), 2, np.uint8, (37, 45))
    assert lights.any()
    _, expected = lo.read_board(presses, game)
    assert np.array_equal(game.solve(lights), expected)
    # Packed: the raw PBM's rows as they are, solved bit-packed to the same presses.
    _, packed = lo.read_board(board, game, packed=True)
    assert packed.shape == (37, 6)
    assert np.array_equal(np.unpackbits(packed, axis=-1, count=45), lights)
    _, packed_presses = lo.read_board(presses, game, packed=True)
    assert np.array_equal(game.solve(packed, packed=True), packed_presses)
    # Written back by Python, the file is the command line's byte for byte.
    again = tmp_path / "again.pbm"
    lo.write_board(again, game.solve(lights), game)
    assert again.read_bytes() == presses.read_bytes()
    lo.write_board(str(again), game.solve(packed, packed=True), game, packed=True)
    assert again.read_bytes() == presses.read_bytes()


def test_a_pgm_written_by_python_is_solved_by_the_command_line(tmp_path):
    game = lo.grid(4, 5, 3)
    lights = game.random_solvable(7)
    path = tmp_path / "z3.pgm"
    lo.write_board(path, lights, game)
    assert path.read_bytes() == b"P5\n5 4\n2\n" + lights.astype(np.uint8).tobytes()
    out = tmp_path / "presses.pgm"
    run_cli("solve", "--lights", path, "--out", out)
    read, presses = lo.read_board(out)
    assert read.modulus == 3 and presses.shape == (4, 5)
    assert not game.apply(lights, presses).any()
    # Lists and other dtypes are boards too.
    lo.write_board(path, lights.astype(np.int64).tolist(), game)
    assert np.array_equal(lo.read_board(path, game)[1], lights)


def test_plain_images_are_read(tmp_path):
    p1 = tmp_path / "a.pbm"
    p1.write_bytes(b"P1\n# a comment\n3 2\n1 0 1\n011\n")
    game, lights = lo.read_board(p1)
    assert game.shape == (2, 3) and lights.tolist() == [[1, 0, 1], [0, 1, 1]]
    p2 = tmp_path / "b.pgm"
    p2.write_bytes(b"P2 2 2 4\n0 1\n2 4\n")
    game, lights = lo.read_board(p2)
    assert game.modulus == 5 and lights.tolist() == [[0, 1], [2, 4]]
    # A PBM is a board of 0s and 1s for any game of its size.
    assert lo.read_board(p1, lo.grid(2, 3, 7))[1].tolist() == [[1, 0, 1], [0, 1, 1]]


@pytest.mark.parametrize(
    "content, game, needle",
    [
        (b"P3\n1 1\n1\n0 0 0\n", None, "magic number"),
        (b"P4\n16 2\n\xff\xff\xff", None, "truncated"),
        (b"P4\n8 1\n\xff\x00", None, "1 extra bytes"),
        (b"P1\n2 2\n1 0 2 0\n", None, "expected 0 or 1 at row 2, column 1"),
        (b"P4 x", None, "expected the width (a number) at byte 3"),
        (b"P1\n2 2\n1 0 1 0\n", (3, 3, 2), "needs 3 x 3"),
        (b"P2\n2 1\n4\n1 3\n", (1, 2, 3), "3 states"),
        (b"P4\n0 5\n", None, "at least one light"),
        (b"P1 1000000 1000000\n1", None, "truncated"),
    ],
)
def test_bad_images_are_refused_naming_the_file(tmp_path, content, game, needle):
    path = tmp_path / "bad.pbm"
    path.write_bytes(content)
    with pytest.raises(ValueError, match=re.escape(needle)) as raised:
        lo.read_board(path, lo.grid(*game) if game else None)
    # Errors in the file itself name it (a wrong size or value for the game names the game).
    assert game is not None or str(path) in str(raised.value)


def test_bad_writes_are_refused_before_the_file_is_made(tmp_path):
    game = lo.grid(2, 2, 3)
    for name, board, kwargs, needle in [
        ("x.txt", [[0, 0], [0, 0]], {}, r"\.pbm"),
        ("x.pbm", [[0, 0], [0, 0]], {}, "two states"),
        ("x.pgm", [[0, 0], [0, 3]], {}, "3"),
        ("x.pgm", [0, 0, 0], {}, "4"),
    ]:
        with pytest.raises(ValueError, match=needle):
            lo.write_board(tmp_path / name, board, game, **kwargs)
    assert not (tmp_path / "x.txt").exists() and not (tmp_path / "x.pbm").exists()
    with pytest.raises(ValueError, match="cannot read"):
        lo.read_board(tmp_path / "missing.pbm")
    five = lo.grid(2, 2, 5)
    lo.write_board(tmp_path / "five.pgm", [[0, 1], [2, 4]], five)
    with pytest.raises(ValueError, match="packed"):
        lo.read_board(tmp_path / "five.pgm", five, packed=True)
