"""Gymnasium environments for learning agents, with exact labels.

Needs the optional extra: ``pip install "lightsout-solver[gym]"``. Importing this module
registers ``lightsout/Classic-v0``, ``lightsout/Mini-v0``, ``lightsout/Deluxe-v0``,
``lightsout/2000-v0``, ``lightsout/Cube-v0`` and ``lightsout/Merlin-v0`` (one per preset);
``gymnasium.make("lightsout.gym:lightsout/Classic-v0")`` imports it for you. Any other game
works through :class:`LightsOutEnv` directly.

- Observation: the board, one entry per light (flat, ``MultiDiscrete([p] * size)``), in the
  smallest unsigned dtype that holds ``p`` (uint8 up to p = 255, then uint16, uint32; the space's
  own dtype, as :func:`lightsout.dataset` hands boards back).
- Action: a button (``Discrete(size)``); over Z_p with ``amounts=True`` a button and an amount,
  ``MultiDiscrete([size, p - 1])`` where ``(b, k)`` presses button ``b`` ``k + 1`` times.
- Reward: ``step_reward`` for every action, plus ``solved_reward`` when the last light goes out.
- An episode ends when the board is dark (terminated) or after ``max_steps`` actions
  (truncated).
- ``info["distance"]``: the exact fewest-press count of the board now (the whole set of
  solutions is searched, so games need at most 65536 solutions per board).
- Start boards: uniform over the solvable boards (never the dark one), or with ``difficulty``
  uniform over the boards whose fewest-press solution has exactly that many presses (an int,
  or a sequence of ints to pick from at random each episode; see :func:`lightsout.dataset`).

:class:`LightsOutVectorEnv` steps many boards at once, with distances from the core's batch
solver and resets through :func:`lightsout.dataset`.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Union

import numpy as np

from lightsout import _core

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError:  # pragma: no cover - the message is the point
    raise ImportError('the learning environments need gymnasium: pip install "lightsout-solver[gym]"') from None

__all__ = ["LightsOutEnv", "LightsOutVectorEnv", "ENV_IDS"]

GameLike = Union[str, _core.Game]
Difficulty = Union[int, Sequence[int], None]

#: The registered ids, one per preset.
ENV_IDS = {
    "lightsout/Classic-v0": "classic",
    "lightsout/Mini-v0": "mini",
    "lightsout/Deluxe-v0": "deluxe",
    "lightsout/2000-v0": "2000",
    "lightsout/Cube-v0": "cube",
    "lightsout/Merlin-v0": "merlin",
}


def _game(game: GameLike) -> _core.Game:
    if isinstance(game, str):
        return _core.preset(game)
    if not isinstance(game, _core.Game):
        raise TypeError(f"game must be a lightsout.Game or a preset name, not {type(game).__name__}")
    return game


def _observation_dtype(p: int) -> Any:
    """The smallest unsigned dtype holding ``p`` itself: the boards' entries are below ``p``, and
    the space's bound ``MultiDiscrete([p] * size)`` is stored in the same dtype."""
    return np.min_scalar_type(p)


def _difficulties(game: _core.Game, difficulty: Difficulty) -> Optional[list]:
    """The levels to draw start boards from: None for uniform boards (``difficulty`` None or 0,
    as everywhere: 0 means any board), else the list of levels (0 in it: a uniform draw)."""
    if difficulty is None:
        return None
    levels = [difficulty] if isinstance(difficulty, (int, np.integer)) else list(difficulty)
    if not levels:
        raise ValueError("difficulty must be an int or a non-empty sequence of ints")
    for d in levels:
        if isinstance(d, (bool, np.bool_)) or not isinstance(d, (int, np.integer)) or d < 0:
            raise ValueError(
                f"every difficulty must be an int >= 0 (presses of the fewest-press solution; 0 for any board), not {d!r}"
            )
        if d > 0:
            _core.dataset(game, 0, int(d), 0)  # checks the difficulty exists, and prepares its sampler
    if levels == [0]:
        return None
    return [int(d) for d in levels]


_KINDS = {"b": "booleans", "f": "floats", "c": "complex numbers", "U": "strings", "S": "bytes", "O": "objects"}


def _not_integers(a: np.ndarray) -> str:
    """Why an action that numpy did not read as integers is not one, in words: an integer past
    int64, or what it holds instead."""
    items = a.reshape(-1).tolist() if a.dtype.kind == "O" else []
    if items and all(isinstance(x, int) and not isinstance(x, bool) for x in items):
        return "actions are integers below 2**63, and this one is past that"
    what = _KINDS.get(a.dtype.kind, f"values of dtype {a.dtype}")
    if a.dtype.kind == "O":
        kinds = sorted({type(x).__name__ for x in items}) or ["nothing"]
        what = "values of type " + ", ".join(kinds)
    return f"actions are integers, but this holds {what}" + (f" (dtype {a.dtype})" if a.dtype.kind != "O" else "")


class _Common:
    """What the single and the vectorised environment share: the game, spaces and rules."""

    def _setup(
        self,
        game: GameLike,
        difficulty: Difficulty,
        max_steps: Optional[int],
        step_reward: float,
        solved_reward: float,
        amounts: bool,
    ) -> None:
        self.game = _game(game)
        n, p = self.game.size, self.game.modulus
        if amounts and p == 2:
            raise ValueError("amounts=True is for games over Z_p with p > 2; over GF(2) a button is pressed once")
        # Fails here, with the reason, for games whose distances are not cheaply exact.
        _core.minimal_many(self.game, np.zeros((1, n), dtype=np.uint8))
        self.levels = _difficulties(self.game, difficulty)
        self.max_steps = 4 * n * (p - 1) if max_steps is None else int(max_steps)
        if self.max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps}")
        self.step_reward, self.solved_reward = float(step_reward), float(solved_reward)
        self.amounts = amounts
        self.columns = np.ascontiguousarray(self.game.matrix().T % p, dtype=np.int64)  # row b: button b
        self.dtype = _observation_dtype(p)
        self.single_observation = spaces.MultiDiscrete(np.full(n, p, dtype=self.dtype), dtype=self.dtype)
        self.single_action = spaces.MultiDiscrete([n, p - 1]) if amounts else spaces.Discrete(n)

    def _checked(self, action: Any, space: Any, batch: tuple) -> np.ndarray:
        """``action`` as an int64 array of shape ``batch`` (+ ``(2,)`` with amounts), refused
        with a ValueError unless it is integers (Python or numpy ints, not booleans, floats or
        strings) of that shape inside ``space``."""
        a = np.asarray(action)
        shape = batch + ((2,) if self.amounts else ())
        if a.dtype.kind not in "iu":
            raise ValueError(f"action {action!r} is not in {space}: {_not_integers(a)}")
        if a.shape != shape:
            raise ValueError(f"action {action!r} is not in {space}: expected shape {shape}, got {a.shape}")
        a = a.astype(np.int64)
        if not space.contains(a if a.ndim else int(a)):
            raise ValueError(f"action {action!r} is not in {space}")
        return a

    def _split(self, action: Any) -> tuple:
        """(buttons, amounts) arrays from one action or a batch of them."""
        a = np.asarray(action, dtype=np.int64)
        if self.amounts:
            return a[..., 0], a[..., 1] + 1
        return a, np.ones_like(a)

    def _starts(self, count: int, rng: np.random.Generator) -> np.ndarray:
        """``count`` start boards (flat) from the environment's random generator: one data set
        draw per difficulty, drawn again where a board came out dark."""
        boards = np.zeros((count, self.game.size), dtype=self.dtype)
        todo = np.arange(count)
        rank = self.game.rank
        while len(todo):
            if self.levels is None:
                levels = np.zeros(len(todo), dtype=np.int64)
            else:
                levels = np.asarray(self.levels)[rng.integers(len(self.levels), size=len(todo))]
            dark = np.zeros(count, dtype=bool)
            for level in sorted(set(levels.tolist())):
                rows = todo[levels == level]
                b, _, d = _core.dataset(self.game, len(rows), level or None, int(rng.integers(2**63)), flat=True)
                boards[rows] = b
                dark[rows] = d == 0
            todo = todo[dark[todo]] if rank > 0 else todo[:0]
        return boards


class LightsOutEnv(_Common, gymnasium.Env):
    """One board of any game (see the module docs for spaces, rewards and info).

    >>> import gymnasium, lightsout.gym
    >>> env = gymnasium.make("lightsout/Classic-v0")
    >>> obs, info = env.reset(seed=1)
    >>> obs.shape, info["distance"] > 0
    ((25,), True)
    >>> _, reward, done, _, info = env.step(int(env.unwrapped.best_action()))
    >>> info["distance"] == env.unwrapped.distance
    True
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game: GameLike = "classic",
        difficulty: Difficulty = None,
        max_steps: Optional[int] = None,
        step_reward: float = -0.1,
        solved_reward: float = 1.0,
        amounts: bool = False,
        render_mode: Optional[str] = None,
    ) -> None:
        self._setup(game, difficulty, max_steps, step_reward, solved_reward, amounts)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.observation_space = self.single_observation
        self.action_space = self.single_action
        self.board = np.zeros(self.game.size, dtype=self.dtype)
        self.solution = np.zeros(self.game.size, dtype=np.int64)
        self.distance = 0
        self.steps = 0

    def _measure(self) -> dict:
        presses, d = _core.minimal_many(self.game, self.board[None, :])
        self.solution, self.distance = presses[0].astype(np.int64), int(d[0])
        return {"distance": self.distance}

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> tuple:
        super().reset(seed=seed)
        if options and "board" in options:
            board = np.asarray(self.game.apply(options["board"], np.zeros(self.game.size, dtype=np.int64)))
            flat = board if board.shape == (self.game.size,) else self._flat(board)
            self.board = flat.astype(self.dtype)
            if not self.game.is_solvable(self.board):
                raise ValueError("options['board'] cannot be turned off: give a solvable board")
        else:
            self.board = self._starts(1, self.np_random)[0]
        self.steps = 0
        return self.board.copy(), self._measure()

    def _flat(self, natural: np.ndarray) -> np.ndarray:
        coords = [tuple(c) for c in self.game.geometry()["coords"]]
        return np.array([natural[c] for c in coords], dtype=np.int64)

    def step(self, action: Any) -> tuple:
        button, amount = self._split(self._checked(action, self.action_space, ()))
        p = self.game.modulus
        self.board = ((self.board + int(amount) * self.columns[int(button)]) % p).astype(self.dtype)
        self.steps += 1
        info = self._measure()
        terminated = self.distance == 0
        truncated = not terminated and self.steps >= self.max_steps
        reward = self.step_reward + (self.solved_reward if terminated else 0.0)
        return self.board.copy(), reward, terminated, truncated, info

    def best_action(self) -> Any:
        """An action on a fewest-press path from the board now (the first press of the
        solution ``info`` was measured with)."""
        nonzero = np.flatnonzero(self.solution)
        if len(nonzero) == 0:
            return np.array([0, 0]) if self.amounts else 0
        b = int(nonzero[0])
        return np.array([b, int(self.solution[b]) - 1]) if self.amounts else b

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi":
            return self.game.format(self.board) + f"distance {self.distance}, step {self.steps}\n"
        return None


class LightsOutVectorEnv(_Common, VectorEnv):
    """``num_envs`` boards of one game stepped together: presses as one array operation,
    distances for all boards from one call to the core's batch solver. An environment that
    ends is reset on the next step (Gymnasium's next-step autoreset), when its action is
    ignored. ``info["distance"]`` is an int64 array.

    >>> import gymnasium, lightsout.gym
    >>> envs = gymnasium.make_vec("lightsout/Classic-v0", num_envs=8, vectorization_mode="vector_entry_point")
    >>> obs, info = envs.reset(seed=0)
    >>> obs.shape, info["distance"].shape
    ((8, 25), (8,))
    """

    metadata = {"render_modes": [], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        num_envs: int = 1,
        game: GameLike = "classic",
        difficulty: Difficulty = None,
        max_steps: Optional[int] = None,
        step_reward: float = -0.1,
        solved_reward: float = 1.0,
        amounts: bool = False,
        render_mode: Optional[str] = None,
    ) -> None:
        if int(num_envs) < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        if render_mode is not None:
            raise ValueError("the vectorised environment does not render; use LightsOutEnv for that")
        self._setup(game, difficulty, max_steps, step_reward, solved_reward, amounts)
        self.num_envs = int(num_envs)
        self.render_mode = None
        self.single_observation_space = self.single_observation
        self.single_action_space = self.single_action
        self.observation_space = batch_space(self.single_observation, self.num_envs)
        self.action_space = batch_space(self.single_action, self.num_envs)
        n = self.game.size
        self.boards = np.zeros((self.num_envs, n), dtype=self.dtype)
        self.distances = np.zeros(self.num_envs, dtype=np.int64)
        self.steps = np.zeros(self.num_envs, dtype=np.int64)
        self._ended = np.zeros(self.num_envs, dtype=bool)

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> tuple:
        super().reset(seed=seed)
        self.boards = self._starts(self.num_envs, self.np_random)
        self.steps[:] = 0
        self._ended[:] = False
        return self.boards.copy(), self._measure()

    def _measure(self) -> dict:
        _, d = _core.minimal_many(self.game, self.boards)
        self.distances = d
        return {"distance": d.copy()}

    def step(self, actions: Any) -> tuple:
        buttons, amounts = self._split(self._checked(actions, self.action_space, (self.num_envs,)))
        p = self.game.modulus
        live = ~self._ended
        pressed = (self.boards[live] + amounts[live, None] * self.columns[buttons[live]]) % p
        self.boards[live] = pressed.astype(self.dtype)
        self.steps[live] += 1
        if self._ended.any():
            self.boards[self._ended] = self._starts(int(self._ended.sum()), self.np_random)
            self.steps[self._ended] = 0
        info = self._measure()
        terminated = live & (self.distances == 0)
        truncated = live & ~terminated & (self.steps >= self.max_steps)
        rewards = np.where(live, self.step_reward + np.where(terminated, self.solved_reward, 0.0), 0.0)
        self._ended = terminated | truncated
        return self.boards.copy(), rewards, terminated, truncated, info


for _id, _preset in ENV_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id,
            entry_point="lightsout.gym:LightsOutEnv",
            vector_entry_point="lightsout.gym:LightsOutVectorEnv",
            kwargs={"game": _preset},
        )
