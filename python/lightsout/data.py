"""Data for learning: random boards with their exact fewest-press solutions, in bulk.

Every distance here is exact: each board's whole set of solutions is searched (games with at
most 65536 solutions per board; others are refused with an error that says so).
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

import numpy as np

from lightsout import _core

__all__ = ["Dataset", "dataset", "minimal_many"]


class Dataset(NamedTuple):
    """Rows of a data set: ``boards[i]`` is solved by ``presses[i]``, a fewest-press solution
    with ``distances[i]`` presses (over Z_p: the sum of the press counts)."""

    boards: np.ndarray
    presses: np.ndarray
    distances: np.ndarray


def dataset(
    game: _core.Game,
    count: int,
    difficulty: Optional[int] = None,
    seed: Optional[int] = None,
    *,
    flat: bool = False,
    dtype: Any = None,
) -> Dataset:
    """``count`` random solvable boards with fewest-press solutions and distances.

    Boards are uniform over the solvable boards of ``game``, or with ``difficulty=d`` uniform
    over those whose fewest-press solution has exactly ``d >= 1`` presses (``difficulty=0`` means
    uniform too, as in C and on the command line; a difficulty too rare to
    draw by rejection, on a game too large to list its boards, comes from a random walk
    instead: exact, but not exactly uniform). The same ``seed`` gives
    the same rows (``None``: a fresh random seed). Boards and presses have shape
    ``(count, *game.shape)`` (``flat=True``: ``(count, game.size)``) and the smallest unsigned
    dtype holding ``p - 1`` (uint8 up to p = 256), or ``dtype`` (a numpy integer dtype that
    holds ``p - 1``); distances are int64. A million 5 x 5 rows take well under a second
    on two cores (docs/BENCHMARKS.md).

    >>> import lightsout as lo
    >>> g = lo.preset("classic")
    >>> boards, presses, distances = lo.dataset(g, 1000, seed=7)
    >>> boards.shape, presses.dtype.name, bool((distances <= 15).all())
    ((1000, 5, 5), 'uint8', True)
    >>> bool((g.apply(boards[3], presses[3]) == 0).all()), int(presses[3].sum()) == int(distances[3])
    (True, True)
    >>> hard = lo.dataset(g, 10, difficulty=15, seed=1)
    >>> hard.distances.tolist() == [15] * 10
    True
    """
    if not isinstance(game, _core.Game):
        raise TypeError(f"dataset() needs a lightsout.Game, not {type(game).__name__}")
    boards, presses, distances = _core.dataset(game, count, difficulty, seed, flat=flat, dtype=dtype)
    return Dataset(boards, presses, distances)


def minimal_many(game: _core.Game, boards: Any, *, return_solvable: bool = False, dtype: Any = None) -> Any:
    """Fewest-press solutions and their press counts for a batch of boards, exactly.

    ``boards`` has shape ``(B, game.size)`` or ``(B, *game.shape)``. Returns
    ``(presses, distances)``, presses shaped like the boards (in the smallest unsigned dtype
    that holds ``modulus - 1``, or ``dtype``); an unsolvable board raises
    ``UnsolvableError`` naming it (``board_index``), unless ``return_solvable=True``: then
    ``(presses, distances, solvable)``.

    >>> import lightsout as lo
    >>> g = lo.preset("classic")
    >>> boards = lo.dataset(g, 5, seed=3).boards
    >>> presses, distances = lo.minimal_many(g, boards)
    >>> distances.tolist() == lo.dataset(g, 5, seed=3).distances.tolist()
    True
    """
    if not isinstance(game, _core.Game):
        raise TypeError(f"minimal_many() needs a lightsout.Game, not {type(game).__name__}")
    return _core.minimal_many(game, boards, return_solvable=return_solvable, dtype=dtype)
