"""Lights Out solver: any board, any press rule, any number of states k >= 2.

Build a game, then ask it anything::

    >>> import lightsout as lo
    >>> g = lo.grid(5, 5)
    >>> (g.size, g.rank, g.nullity)
    (25, 23, 2)
    >>> board = g.random_solvable(seed=1)
    >>> presses = g.solve(board)
    >>> bool((g.apply(board, presses) == 0).all())
    True

Boards and presses are numpy integer arrays (lists work too) with entries in ``0..k-1``, in the
board's natural shape (``g.shape``) or flat (``g.size`` entries); results come back in the
shape given. A board ``b`` is solved by presses ``s`` when ``b + M s = 0 (mod k)``.

A composite modulus (``modulus=4``, ``modulus=6``) is the ring Z_k, not a field: ``rank`` and
``nullity`` raise ValueError there, and ``kernel_size`` (the number of quiet patterns),
``elementary_divisors`` and ``null_orders`` describe the game instead::

    >>> g4 = lo.grid(4, 4, modulus=4)
    >>> (g4.kernel_size, g4.null_orders)
    (64, [2, 2, 4, 4])
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from lightsout._core import (
    Game,
    MinimalSolution,
    NullityTable,
    Solutions,
    Stats,
    UnsolvableError,
    WorstCase,
    __version__,
    cube,
    cylinder,
    from_matrix,
    from_press_sets,
    from_spec,
    graph,
    grid,
    klein,
    mask,
    mobius,
    nullity_table,
    parse_board,
    preset,
    presets,
    projective,
    read_board,
    solve_many,
    stats,
    torus,
    write_board,
)
from lightsout.data import Dataset, dataset, minimal_many

__all__ = [
    "Dataset",
    "Drawing",
    "Game",
    "MinimalSolution",
    "NullityTable",
    "Solutions",
    "Stats",
    "UnsolvableError",
    "WorstCase",
    "__version__",
    "cube",
    "cylinder",
    "mobius",
    "klein",
    "projective",
    "dataset",
    "draw",
    "from_matrix",
    "from_networkx",
    "from_press_sets",
    "from_spec",
    "graph",
    "grid",
    "mask",
    "minimal_many",
    "nullity_table",
    "parse_board",
    "play",
    "preset",
    "presets",
    "read_board",
    "solve_many",
    "stats",
    "torus",
    "write_board",
]


class Drawing:
    """An SVG picture that Jupyter displays; ``str(d)`` or ``d.svg`` is the SVG text."""

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def __str__(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<lightsout.Drawing: {len(self.svg)} characters of SVG>"

    def save(self, path: str) -> None:
        """Write the SVG to a file."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg)


def draw(game: Game, lights: Optional[Any] = None, presses: Optional[Any] = None) -> Drawing:
    """Draw a game, optionally with a board (lit lights in yellow) and presses (red rings).

    The cube is drawn as its unfolded net, graphs on a circle, grids as squares with holes
    left blank and wrapped edges dashed.

    >>> import lightsout as lo
    >>> g = lo.preset("classic")
    >>> d = lo.draw(g, lights=[[1, 0, 0, 0, 1]] * 5)
    >>> d.svg.startswith("<svg")
    True
    """
    if not isinstance(game, Game):
        raise TypeError(f"draw() needs a lightsout.Game, not {type(game).__name__}")
    return Drawing(game.svg(lights, presses))


def play(game: Game, board: Optional[Any] = None, seed: Optional[int] = None) -> Any:
    """An interactive board for ``game`` in a notebook (needs the ``widget`` extra:
    ``pip install "lightsout-solver[widget]"``); see :mod:`lightsout.widget`. Starts from
    ``board`` or a random solvable board (reproducible from ``seed``); click lights to press,
    ask for a hint, watch a fewest-press solution, deal new boards by difficulty, see the
    quiet patterns. Python reads and drives it: ``w.board``, ``w.presses``, ``w.moves``,
    ``w.press(r, c)``, ``w.solve()``.
    """
    from lightsout.widget import play as _play

    return _play(game, board=board, seed=seed)


def from_networkx(
    G: Any, modulus: int = 2, self_toggle: bool = True, nodelist: Optional[Iterable[Any]] = None
) -> Game:
    """A game on a networkx graph: pressing a vertex toggles it (if ``self_toggle``) and its
    neighbours (its successors if ``G`` is directed).

    **networkx is not a dependency of lightsout**: this only reads ``G.nodes``, ``G.edges`` and
    ``G.is_directed()``. Light ``i`` is the ``i``-th node of ``nodelist`` (default
    ``list(G.nodes)``); edges to nodes outside ``nodelist`` are an error.

    >>> import networkx as nx, lightsout as lo
    >>> g = lo.from_networkx(nx.path_graph(3))
    >>> g.solve([1, 0, 0]).tolist()
    [0, 1, 1]
    """
    for attr in ("nodes", "edges", "is_directed"):
        if not hasattr(G, attr):
            raise TypeError(f"from_networkx() needs a networkx graph, not {type(G).__name__}")
    nodes = list(G.nodes if nodelist is None else nodelist)
    index = {v: i for i, v in enumerate(nodes)}
    if len(index) != len(nodes):
        raise ValueError("nodelist contains a node more than once")
    edges = []
    for u, v in G.edges():
        if u not in index or v not in index:
            missing = u if u not in index else v
            raise ValueError(f"edge ({u!r}, {v!r}) uses node {missing!r}, which is not in nodelist")
        edges.append((index[u], index[v]))
    return graph(len(nodes), edges, directed=bool(G.is_directed()), modulus=modulus, self_toggle=self_toggle)


# The names imported for annotations only are not part of the package: dir(lightsout) lists its
# API (``__all__``) and its modules. The annotations stay strings (``from __future__ import
# annotations``), so nothing needs these names at run time.
del annotations, Any, Iterable, Optional
