"""One meaning for every word: size messages with real figures in Python's words, checkpoints
that cannot lie, one meaning of a zero budget and of difficulty 0 across Python, the command
line and C, and the smaller words of issue 40."""

import os
import pathlib
import subprocess

import numpy as np
import pytest

import lightsout as lo


def cli_path():
    """The lightsout binary (scripts/test-parts/python.sh builds it and names it)."""
    path = os.environ.get("LIGHTSOUT_CLI") or str(pathlib.Path(__file__).parents[2] / "target" / "debug" / "lightsout")
    assert os.path.exists(path), f"build the command line first (cargo build -p lightsout-cli): {path} is missing"
    return path


def run_cli(*args):
    return subprocess.run([cli_path(), *map(str, args)], capture_output=True, text=True, timeout=120)


# ---------------------------------------------------------------- size messages


def test_size_messages_give_real_figures_in_pythons_words():
    with pytest.raises(ValueError) as e:
        lo.grid(10**6, 10**6).random_solvable(seed=1)
    text = str(e.value)
    assert "even a packed board (one bit a light) needs 125 GB (125000000000 bytes), over the limit too" in text
    assert " 0 bytes" not in text and "BoardFormat" not in text
    with pytest.raises(ValueError) as e:
        lo.grid(2**20, 2**20).random_solvable(seed=1)
    assert "128 GiB (137438953472 bytes)" in str(e.value) and " 0 bytes" not in str(e.value)
    with pytest.raises(ValueError, match=r"pass packed=True \(one bit a light\): it needs 1.2 GB"):
        lo.grid(10**5, 10**5).random_solvable(seed=1)
    with pytest.raises(ValueError, match="a graph needs at least 1 vertex, got 0"):
        lo.graph(0, [])
