"""The checkpoint of a worst-case run on a cluster (``lightsout.distributed.worst_case``): what
it records, how it is written, and every check that a file read back is one the run wrote.

A checkpoint is JSON: the format and version that wrote it, the game, the split's task count,
the bound proven so far, the hardest board's weight, the decision under way, the id of its
work and the finished tasks of that decision (``[task, explored]`` pairs), and a SHA-256
``checksum`` over all of these. A file is taken only if every field holds a value the run
could have written: each field of the wrong type or range, a task outside the decision's split,
a task listed twice, counts whose sum does not fit, a decision that is not the bound, finished
tasks with no decision or no work, and a checksum that does not match the content are refused
with a ``ValueError`` naming the file and the field (:class:`CheckpointError`). The checksum
catches damage where the fields still look consistent (a bound or a task changed by hand or by
a bad disk); it is not a signature against someone who recomputes it, and a checkpoint without
one (written before checkpoints carried it) is refused: start a new run.

No Dask here: the checks run, and are tested, without a cluster.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any, Dict, List, Optional, Tuple

import lightsout as lo

FORMAT = "lightsout worst-case checkpoint"

#: The fields a checkpoint holds, in the order they are checked.
FIELDS = ("format", "version", "game", "tasks", "upper_bound", "weight", "decision", "work", "done", "checksum")

_U64 = 1 << 64


class CheckpointError(ValueError):
    """A checkpoint that cannot be resumed: unreadable, for another game, split or version, or
    damaged (a field the run could not have written). ``path`` is the file, ``field`` the field
    at fault (``None`` when the file as a whole is)."""

    def __init__(self, path: str, message: str, field: Optional[str] = None) -> None:
        super().__init__(message)
        self.path = path
        self.field = field


def checksum(data: Dict[str, Any]) -> str:
    """The SHA-256 (hex) of every field but ``checksum``, as canonical JSON (sorted keys, no
    spaces)."""
    content = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(text.encode()).hexdigest()


class Checkpoint:
    """What a worst-case run records: the game, the split's task count, the bound proven so far
    and the finished tasks of the decision under way. Written atomically (a temporary file
    renamed over the old one), so that a crash leaves the old record or the new one."""

    def __init__(self, game: lo.Game, tasks: Optional[int]) -> None:
        self.spec = game.spec()
        self.tasks = tasks if tasks is not None else 256
        self.upper_bound: Optional[int] = None
        self.weight: Optional[int] = None
        self.decision: Optional[int] = None
        self.work: Optional[int] = None
        self.done: List[Tuple[int, int]] = []
        self.path: Optional[str] = None  # the file it was read from
        self.checksum: Optional[str] = None
        self.intact = True  # whether the file read matched its checksum

    def at(self, split: Any) -> None:
        self.upper_bound, self.weight, self.decision = split.upper_bound, split.weight, split.decision

    def data(self) -> Dict[str, Any]:
        data: Dict[str, Any] = {
            "format": FORMAT,
            "version": lo.__version__,
            "game": self.spec,
            "tasks": self.tasks,
            "upper_bound": self.upper_bound,
            "weight": self.weight,
            "decision": self.decision,
            "work": None if self.work is None else f"{self.work:016x}",
            "done": [[t, e] for t, e in self.done],
        }
        data["checksum"] = checksum(data)
        return data

    def save(self, path: str) -> None:
        tmp = f"{path}.tmp{os.getpid()}"
        with open(tmp, "w") as f:
            json.dump(self.data(), f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: str, game: lo.Game, tasks: Optional[int]) -> "Checkpoint":
        """Read ``path`` and check each field alone (its type and range) and against this game
        and ``tasks``. What needs the split (the bound, the decision, the tasks' range and the
        checksum) is checked by :meth:`resume`."""
        try:
            with open(path, "rb") as f:
                data = json.loads(f.read().decode("utf-8"))
        except (OSError, ValueError) as e:
            raise CheckpointError(path, f"cannot read the checkpoint {path!r}: {e}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CheckpointError(path, f"{path!r} is not a lightsout worst-case checkpoint")
        if data.get("version") != lo.__version__:
            raise CheckpointError(
                path,
                f"the checkpoint {path!r} was written by lightsout {data.get('version')}, this is "
                f"{lo.__version__}: its tasks may be cut differently, so start a new run",
                "version",
            )
        if data.get("game") != game.spec():
            raise CheckpointError(
                path, f"the checkpoint {path!r} is for another game ({data.get('game')!r}, not {game.spec()!r})", "game"
            )
        if tasks is not None and tasks != data.get("tasks"):
            raise CheckpointError(path, f"the checkpoint {path!r} was made with tasks={data.get('tasks')}, not {tasks}", "tasks")

        def damaged(field: str, why: str) -> CheckpointError:
            return CheckpointError(path, f"the checkpoint {path!r} is damaged: field {field}: {why}", field)

        unknown = sorted(set(data) - set(FIELDS))
        if unknown:
            raise damaged(unknown[0], "not a field of a checkpoint")

        def count(field: str, value: Any, low: int = 0) -> int:
            if type(value) is not int or not low <= value < _U64:
                raise damaged(field, f"{value!r} is not a whole number in {low}..2**64-1")
            return value

        record = cls(game, 1)
        record.path = path
        record.tasks = count("tasks", data.get("tasks"), 1)
        record.upper_bound = count("upper_bound", data.get("upper_bound"))
        record.weight = count("weight", data.get("weight"))
        if record.weight > record.upper_bound:
            raise damaged("weight", f"a board needing {record.weight} presses is past the bound {record.upper_bound}")
        decision = data.get("decision")
        if decision is not None:
            record.decision = count("decision", decision)
            if record.decision != record.upper_bound:
                raise damaged(
                    "decision",
                    f"the decision under way is always the bound proven so far ({record.upper_bound}), not {decision}",
                )
        work = data.get("work")
        if work is not None:
            if not isinstance(work, str) or len(work) != 16 or any(c not in "0123456789abcdef" for c in work):
                raise damaged("work", f"{work!r} is not the 16 hex digits of a decision's work")
            record.work = int(work, 16)
        done = data.get("done", None)
        if not isinstance(done, list):
            raise damaged("done", f"{done!r} is not a list of [task, explored] pairs")
        seen = set()
        total = 0
        for i, pair in enumerate(done):
            if not isinstance(pair, list) or len(pair) != 2:
                raise damaged(f"done[{i}]", f"{pair!r} is not a [task, explored] pair")
            task = count(f"done[{i}]", pair[0])
            explored = count(f"done[{i}]", pair[1])
            if task in seen:
                raise damaged(f"done[{i}]", f"task {task} is listed twice")
            seen.add(task)
            total += explored
            if total >= _U64:
                raise damaged(f"done[{i}]", "the explored counts add up past 2**64-1: no run counts so many")
            record.done.append((task, explored))
        if record.done and (record.decision is None or record.work is None):
            missing = "decision" if record.decision is None else "work"
            raise damaged("done", f"finished tasks are listed, but no {missing} they belong to")
        record.checksum = data.get("checksum")
        if record.checksum is None:
            raise CheckpointError(
                path,
                f"the checkpoint {path!r} has no checksum: it was written before checkpoints carried one, "
                "or edited; start a new run",
                "checksum",
            )
        if not isinstance(record.checksum, str):
            raise damaged("checksum", f"{record.checksum!r} is not a SHA-256 in hex")
        record.intact = record.checksum == checksum(data)
        return record

    def resume(self, split: Any) -> None:
        """Carry this record (read by :meth:`load`) over to a new run's ``split``: its bound
        assumed, then everything checked that needs the split: the decision it is at, the
        finished tasks against the decision's work (cut here again), and last the checksum,
        which catches what each field alone cannot show."""
        path = self.path or "?"
        try:
            split.assume_upper_bound(self.upper_bound)
        except ValueError as e:
            raise CheckpointError(path, f"the checkpoint {path!r} does not fit this game: {e}", "upper_bound") from None
        if self.decision is not None and split.decision is not None and split.decision != self.decision:
            raise CheckpointError(
                path,
                f"the checkpoint {path!r} is damaged: field decision: it records the decision at {self.decision} "
                f"presses, but its bound leads this game to {split.decision}",
                "decision",
            )
        # Finished tasks matter only while this run's own search has not settled the bound.
        if self.done and split.decision is not None:
            work = split.work()
            if work is None or self.work != work.id:
                raise CheckpointError(
                    path,
                    f"the checkpoint {path!r} records tasks of another cut of the decision at {split.decision} "
                    f"presses (work {self.work:#x}, this run's is {getattr(work, 'id', 0):#x}): resume with the "
                    "tasks and the symmetry it was made with",
                    "work",
                )
            self.check_work(work)
        if not self.intact:
            raise CheckpointError(
                path,
                f"the checkpoint {path!r} is damaged: field checksum: the content does not match it (a field was "
                "changed after the run wrote it)",
                "checksum",
            )

    def check_work(self, work: Any) -> None:
        """When the recorded decision's work is cut again: every finished task is one of its."""
        path = self.path or "?"
        for i, (task, _) in enumerate(self.done):
            if task >= work.tasks:
                raise CheckpointError(
                    path,
                    f"the checkpoint {path!r} is damaged: field done[{i}]: task {task} is outside the decision's "
                    f"split, tasks 0..{work.tasks - 1}",
                    f"done[{i}]",
                )
