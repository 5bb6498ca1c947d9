"""An interactive board for Jupyter (JupyterLab, Notebook 7, VS Code, Colab) on anywidget.

Needs the optional extra: ``pip install "lightsout-solver[widget]"``. The front end is one ES
module shipped next to this file (``widget.js``): no build step, nothing fetched at run time.

Click a light to press its button. *hint* rings the next press of a fewest-press solution,
*solve* plays one press by press (a click or any button stops it, keeping what was pressed),
*undo* and *reset* go back, *new* deals a random board of the chosen difficulty (presses its
fewest-press solution needs; 0 for any) and *quiet* shows the quiet patterns one after another.
The keyboard plays too: Tab reaches every button and the board, arrow keys move between lights,
Space or Enter presses one. The board follows the host's light or dark theme (JupyterLab's CSS
variables, with fallbacks elsewhere; the states ordered by lightness in both), scales down to its
output area (at least 14 px from one light to the next, each square 12.6 px, then it scrolls) and
marks edges glued straight or with a twist, with a legend. An answer worked out while presses
changed the board (a busy kernel answers late) is asked again for the board as it is. The state
is plain data that Python reads and drives::

    w = lo.play(lo.preset("classic"))
    w.press(2, 3)        # as a click would
    w.board, w.presses, w.moves, w.solved
    w.solve()            # the front end animates the presses
"""

from __future__ import annotations

import pathlib
from typing import Any, List, Optional, Sequence

import numpy as np

from lightsout import _core

try:
    import anywidget
    import traitlets as t
except ImportError:  # pragma: no cover - the message is the point
    raise ImportError(
        'the interactive board needs anywidget: pip install "lightsout-solver[widget]"'
    ) from None

__all__ = ["Board", "play"]

#: The most quiet patterns sent to the front end at once.
MAX_QUIET_SHOWN = 64


class Board(anywidget.AnyWidget, metaclass=t.MetaHasTraits):
    """A game on screen. Lights, history and hints are synced with the front end; build one with
    :func:`play` (or ``game.widget()``)."""

    _esm: Any = pathlib.Path(__file__).with_name("widget.js")

    geometry = t.Dict().tag(sync=True)
    modulus = t.Int(2).tag(sync=True)
    start = t.List(t.Int()).tag(sync=True)
    lights = t.List(t.Int()).tag(sync=True)
    history = t.List(t.Int()).tag(sync=True)
    hint_light = t.Int(-1).tag(sync=True)
    plan = t.List(t.Int()).tag(sync=True)
    quiet = t.List(t.List(t.Int())).tag(sync=True)
    status = t.Unicode("").tag(sync=True)
    max_difficulty = t.Int(0).tag(sync=True)
    step_ms = t.Int(300).tag(sync=True)
    #: The last hint or solution worked out: ``{"n": count, "do": "hint" or "solve", "lights":
    #: the board it is about}``. A kernel busy with another cell answers late, after presses
    #: made meanwhile on the page: the front end compares the lights with its board and asks
    #: again rather than play a solution of a board that is gone.
    answered = t.Dict().tag(sync=True)

    #: The synced keys that describe the game in play (for tests and custom front ends).
    state_keys = (
        "geometry", "modulus", "start", "lights", "history", "hint_light", "plan", "quiet",
        "status", "max_difficulty", "step_ms", "answered",
    )

    def __init__(self, game: _core.Game, board: Optional[Any] = None, seed: Optional[int] = None, **kwargs: Any):
        if not isinstance(game, _core.Game):
            raise TypeError(f"play() needs a lightsout.Game, not {type(game).__name__}")
        geometry = game.geometry()
        super().__init__(geometry=geometry, modulus=game.modulus, **kwargs)
        self.game = game
        self._coords = [tuple(c) for c in geometry["coords"]]
        self._rng = np.random.default_rng(seed)
        try:  # the hardest board, where counting every board is quick (the 5x5: 0.05 s)
            self.max_difficulty = _core.stats(game, max_work=2**28, max_time=1.0).max_presses
        except ValueError:
            self.max_difficulty = game.size * (game.modulus - 1)
        if board is None:
            self.new(seed=None if seed is None else int(self._rng.integers(2**63)))
        else:
            self.board = board
        self.on_msg(self._on_msg)

    # -- the state, as Python sees it ------------------------------------------------------

    def _natural(self, flat: Sequence[int]) -> np.ndarray:
        out = np.zeros(self.game.shape, dtype=np.int64)
        for light, value in enumerate(flat):
            out[self._coords[light]] = value
        return out

    @property
    def board(self) -> np.ndarray:
        """The lights now, in the game's natural shape (holes 0)."""
        return self._natural(self.lights)

    @board.setter
    def board(self, lights: Any) -> None:
        # apply() checks the shape and every entry, and gives the board back in its shape.
        arr = np.asarray(self.game.apply(lights, np.zeros(self.game.size, dtype=np.int64)))
        flat = arr.tolist() if arr.ndim == 1 and arr.shape[0] == self.game.size else [
            int(arr[c]) for c in self._coords
        ]
        with self.hold_sync():
            self.start = list(map(int, flat))
            self.lights = list(map(int, flat))
            self.history = []
            self.plan = []
            self.hint_light = -1
            self.quiet = []
            self.status = ""

    @property
    def presses(self) -> np.ndarray:
        """How often each button has been pressed since the start of this board (mod p), in
        the natural shape: the start board plus these presses is the board now."""
        counts = [0] * self.game.size
        for b in self.history:
            counts[b] = (counts[b] + 1) % self.game.modulus
        return self._natural(counts)

    @property
    def moves(self) -> int:
        """Presses made on this board (undone ones not counted)."""
        return len(self.history)

    @property
    def solved(self) -> bool:
        """Whether every light is off."""
        return not any(self.lights)

    # -- playing --------------------------------------------------------------------------

    def _button(self, where: Sequence[int]) -> int:
        if len(where) == 1 and len(self.game.shape) > 1:
            light = int(where[0])  # a light number
        elif len(where) == len(self.game.shape):
            try:
                light = self._coords.index(tuple(int(c) for c in where))
            except ValueError:
                raise ValueError(f"{tuple(where)} is not a light of this game (a hole or off the board)") from None
        else:
            raise ValueError(
                f"press() takes a light number or {len(self.game.shape)} coordinates, got {tuple(where)}"
            )
        if not 0 <= light < self.game.size:
            raise ValueError(f"light {light} does not exist: the lights are 0 to {self.game.size - 1}")
        return light

    def _apply(self, button: int, times: int = 1) -> None:
        p = self.game.modulus
        lights = list(self.lights)
        for light, amount in self.geometry["buttons"][button]:
            lights[light] = (lights[light] + amount * times) % p
        self.lights = lights

    def press(self, *where: int) -> None:
        """Press a button, by light number or by coordinates (``press(r, c)``, ``press(f, r, c)``
        on the cube), as a click would."""
        button = self._button(where)
        with self.hold_sync():
            self._apply(button)
            self.history = [*self.history, button]
            self.hint_light = -1
            self.status = ""

    def undo(self) -> None:
        """Take back the last press."""
        if not self.history:
            return
        with self.hold_sync():
            self._apply(self.history[-1], self.game.modulus - 1)
            self.history = self.history[:-1]
            self.hint_light = -1

    def reset(self) -> None:
        """Back to the start of this board."""
        with self.hold_sync():
            self.lights = list(self.start)
            self.history = []
            self.plan = []
            self.hint_light = -1
            self.status = ""

    def _solution(self, what: str) -> Optional[np.ndarray]:
        """A fewest-press solution of the board now (flat), or None with the reason shown; the
        answer records the board it is about (sent with it: callers hold the sync)."""
        n = int(self.answered.get("n", 0)) + 1
        self.answered = {"n": n, "do": what, "lights": list(map(int, self.lights))}
        try:
            best = self.game.minimal_solution(self.lights, max_time=1.0)
        except _core.UnsolvableError:
            self.status = "This board cannot be turned off."
            return None
        return np.asarray(best.presses)

    def hint(self) -> int:
        """Ring the next press of a fewest-press solution and return its light (-1 if none)."""
        with self.hold_sync():
            s = self._solution("hint")
            if s is None:
                return -1
            nonzero = np.flatnonzero(s)
            self.hint_light = int(nonzero[0]) if len(nonzero) else -1
            if self.hint_light < 0:
                self.status = "Every light is already off."
            return self.hint_light

    def solve(self, animate: bool = True) -> List[int]:
        """Press a fewest-press solution: the front end plays it one press at a time (or, with
        ``animate=False``, all at once here). Returns the buttons to press."""
        with self.hold_sync():
            s = self._solution("solve")
            if s is None:
                return []
            plan = [int(b) for b in np.flatnonzero(s) for _ in range(int(s[b]))]
            if animate:
                self.plan = plan
            else:
                for b in plan:
                    self.press(b)
            return plan

    def new(self, difficulty: Optional[int] = None, seed: Optional[int] = None) -> None:
        """Deal a random board: uniform over the solvable boards (never all dark when another
        exists), or one whose fewest-press solution has exactly ``difficulty`` presses."""
        seed = int(self._rng.integers(2**63)) if seed is None else seed
        if difficulty:
            try:
                board = _core.dataset(self.game, 1, difficulty, seed, flat=True)[0][0]
            except ValueError:
                # Too many solutions per board for the bulk sampler: the one-board walk.
                board = self.game.random_solvable(seed, difficulty=difficulty)
        else:
            board = self.game.random_solvable(seed)
            for k in range(1, 32):  # a dark board only when no other is solvable
                if np.any(board):
                    break
                board = self.game.random_solvable(seed + k)
        self.board = board

    def show_quiet(self) -> None:
        """Send the quiet patterns (presses that change no light) to the front end."""
        basis = self.game.null_space()
        if len(basis) == 0:
            self.status = "This game has no quiet patterns: every board has one solution."
        self.quiet = [[int(v) for v in row] for row in basis[:MAX_QUIET_SHOWN]]

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A button of the front end: the answer, or why there is none, shows on the board."""
        what = content.get("do") if isinstance(content, dict) else None
        # One message back with everything the answer changed (the lights it is about included).
        with self.hold_sync():
            try:
                if what == "hint":
                    self.hint()
                elif what == "solve":
                    self.solve()
                elif what == "new":
                    self.new(difficulty=int(content.get("difficulty") or 0) or None)
                elif what == "quiet":
                    self.show_quiet()
            except ValueError as e:
                self.status = str(e)

    def __repr__(self) -> str:
        return f"<lightsout.widget.Board {self.game.describe()}, {self.moves} moves, solved={self.solved}>"


def play(game: _core.Game, board: Optional[Any] = None, seed: Optional[int] = None) -> Board:
    """An interactive board for ``game`` in a notebook, starting from ``board`` (default: a
    random solvable board, reproducible from ``seed``). Display it by leaving it last in a cell.

    >>> import lightsout as lo
    >>> w = lo.play(lo.preset("classic"), board=[[0, 0, 0, 0, 0], [0, 0, 1, 0, 0], [0, 1, 1, 1, 0],
    ...                                          [0, 0, 1, 0, 0], [0, 0, 0, 0, 0]])
    >>> w.hint()
    12
    >>> w.press(2, 2); w.moves, w.solved
    (1, True)
    """
    return Board(game, board=board, seed=seed)
