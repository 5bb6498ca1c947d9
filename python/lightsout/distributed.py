"""Past one machine: exact fewest presses, statistics and batches of boards on a Dask cluster.

Needs Dask (``pip install 'lightsout-solver[dask]'``). Every function takes ``client``: a
``distributed.Client``, a scheduler address such as ``"tcp://10.0.0.5:8786"``, ``"local"``
for a ``LocalCluster`` on this machine, or ``None`` for the current client if there is one,
else a ``LocalCluster`` started on first use and kept for the process.

- :func:`minimal_solution` and :func:`stats` cut the exhaustive search into independent tasks
  (task *i* walks the part of the coset whose last coefficients are the digits of *i*), run them
  on the cluster and combine the answers into exactly the result of ``game.minimal_solution`` and
  ``lightsout.stats``, proof flag included. Tasks are idempotent and retried when a worker dies,
  so a lost worker never changes the answer.
- :func:`worst_case` proves the worst case ("God's number") over a field as a series of
  decisions, each cut into subtrees run as idempotent tasks; a checkpoint file records the
  finished ones, so that a run stopped by a crash or Ctrl-C carries on where it was.
- :func:`solve_many`, :func:`is_solvable`, :func:`fewest_presses` and :func:`random_solvable`
  build lazy Dask collections over boards (a Dask array of shape ``(B, size)`` or
  ``(B, *game.shape)``, or a Dask bag of boards): one ``map_blocks`` on the batch solver per
  question. Compute them with ``.compute()`` or ``client.compute(...)``; games pickle, and each
  worker process factors a game once.

>>> import lightsout as lo, lightsout.distributed as lod      # doctest: +SKIP
>>> g = lo.torus(10, 10)                                       # doctest: +SKIP
>>> best = lod.minimal_solution(g, g.random_solvable(seed=1))  # doctest: +SKIP
>>> best.proven_optimal                                        # doctest: +SKIP
True

``python -m lightsout.distributed`` is the entry point of ``lightsout solve --minimal
--scheduler ADDRESS``, ``lightsout stats --scheduler ADDRESS`` and ``lightsout worst
--scheduler ADDRESS``.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import json
import sys
import threading
import time
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

import lightsout as lo
from lightsout import _core
from lightsout._checkpoint import Checkpoint as _Checkpoint
from lightsout._checkpoint import CheckpointError as _CheckpointError

try:
    import dask
    import dask.array as da
    import dask.bag as db
    import distributed
except ImportError:  # the original error stays attached as the context
    raise ImportError(
        "lightsout.distributed needs Dask with its distributed scheduler: "
        "pip install 'lightsout-solver[dask]' (or dask[distributed])"
    )

__all__ = [
    "fewest_presses",
    "get_client",
    "is_solvable",
    "minimal_solution",
    "random_solvable",
    "solve_many",
    "stats",
    "worst_case",
]

ClientLike = Union[None, str, "distributed.Client"]

_local_lock = threading.Lock()
_local: Optional[Tuple[Any, Any]] = None  # (LocalCluster, Client) started here


def get_client(client: ClientLike = None, timeout: Optional[float] = None) -> "distributed.Client":
    """The client to run on: ``client`` itself, a new client of the scheduler at that address,
    a ``LocalCluster`` on this machine for ``"local"``, or for ``None`` the current client if
    there is one, else a ``LocalCluster`` (started once and kept for the process).
    ``timeout``: the most seconds to spend connecting to the scheduler or starting the local
    cluster (``None``: Dask's own connect timeout, ``distributed.comm.timeouts.connect``). A
    local cluster not started by then raises ``TimeoutError``; a scheduler address not reached
    raises ``OSError`` naming the address and what happened, also where something accepts the
    connection and never answers (where Dask's own timeout would wait forever)."""
    if isinstance(client, distributed.Client):
        _check_running(client)
        return client
    if client is None:
        try:
            return distributed.get_client()
        except ValueError:
            return _local_client(timeout)
    if isinstance(client, str):
        if client == "local":
            return _local_client(timeout)
        return _client_at(client, timeout)
    raise TypeError(f"client must be a distributed.Client, a scheduler address or None, not {type(client).__name__}")


def _check_running(client: "distributed.Client") -> None:
    """A ValueError naming the state of a client that cannot run tasks (closed, or its
    cluster closed), instead of Dask's AttributeError or "IOLoop is closed" later."""
    status = str(getattr(client, "status", "unknown"))
    cluster = getattr(client, "cluster", None)
    cluster_status = getattr(getattr(cluster, "status", None), "name", None)
    if status != "running" or cluster_status in ("closing", "closed", "failed"):
        state = f"is {status}" + (f" and its cluster is {cluster_status}" if cluster_status not in (None, "running") else "")
        raise ValueError(
            f"the Dask client {state}, so it cannot run tasks: pass a running client, a scheduler "
            "address, or None or 'local' for a cluster on this machine"
        )


_clients: Dict[str, Any] = {}


def _client_at(address: str, timeout: Optional[float] = None) -> "distributed.Client":
    """One client per scheduler address, kept for the process. Connecting ends within
    ``timeout`` (or Dask's connect timeout, ``distributed.comm.timeouts.connect``, 30 s by
    default, when that is less or there is no ``timeout``) plus a fraction of a second, whatever
    listens at the address: Dask's own timeout does not cover a listener that accepts the
    connection and never answers, so the limit here is ours (see :func:`_connect`)."""
    with _local_lock:
        if address not in _clients:
            configured = dask.utils.parse_timedelta(dask.config.get("distributed.comm.timeouts.connect"), default="s")
            limit = configured if timeout is None else max(min(timeout, configured), 0.01)
            _clients[address] = _connect(address, limit)
        return _clients[address]


def _connect(address: str, limit: float) -> "distributed.Client":
    """A new client of the scheduler at ``address`` within ``limit`` seconds, else ``OSError``
    naming the address and what happened, with nothing left open.

    First a probe under our own deadline: a Dask scheduler sends its handshake as soon as it
    accepts a TCP connection, so a plain socket that connects and reads one byte tells a
    scheduler from a listener that never answers (where ``distributed.Client(timeout=)`` waits
    forever: its handshake read has no timeout). Then the client itself, made on a thread of its
    own that is waited for until the limit, in case the scheduler stops answering in between; a
    client that comes up after that is closed."""
    started = time.monotonic()
    within = f"within {limit:.3g} s"
    _probe(address, limit, within)
    left = max(limit - (time.monotonic() - started), 0.01)
    made: Dict[str, Any] = {}
    gave_up = threading.Event()

    def make() -> None:
        try:
            c = distributed.Client(address, set_as_default=False, timeout=left)
        except BaseException as e:  # handed to the caller below
            made["error"] = e
            return
        made["client"] = c
        if gave_up.is_set():  # the caller has left: close what it will never use
            with contextlib.suppress(Exception):
                c.close()

    thread = threading.Thread(target=make, name=f"lightsout-connect-{address}", daemon=True)
    thread.start()
    thread.join(left + 0.5)  # Dask's own timeout, if it holds, ends it first
    if thread.is_alive():
        gave_up.set()
        if "client" in made:  # came up just now
            with contextlib.suppress(Exception):
                made["client"].close()
        raise OSError(
            f"cannot reach the Dask scheduler at {address!r} {within}: it answered the first handshake "
            "but the client's connection did not complete"
        )
    error = made.get("error")
    if isinstance(error, (OSError, TimeoutError)):
        raise OSError(f"cannot reach the Dask scheduler at {address!r} {within}: {error}") from error
    if error is not None:
        raise error
    return made["client"]


def _probe(address: str, limit: float, within: str) -> None:
    """For a TCP address (``tcp://host:port`` or ``host:port``): connect a plain socket and wait
    until ``limit`` for the first byte of the scheduler's handshake; ``OSError`` if it accepts and
    sends nothing, or closes the connection. A connection that cannot be made is left to Dask,
    which retries until its timeout (a scheduler may be starting). Other schemes (``tls://``, ...)
    are left to the thread's deadline in :func:`_connect`."""
    import socket

    try:
        scheme, location = distributed.comm.parse_address(address)
        if scheme != "tcp":
            return
        host, port = distributed.comm.parse_host_port(location)
    except (ValueError, TypeError):
        return  # Dask names what is wrong with the address
    deadline = time.monotonic() + limit
    try:
        sock = socket.create_connection((host, port), timeout=limit)
    except OSError:
        return
    try:
        sock.settimeout(max(deadline - time.monotonic(), 0.001))
        try:
            first = sock.recv(1)
        except socket.timeout:
            raise OSError(
                f"cannot reach the Dask scheduler at {address!r} {within}: something there accepted the "
                "connection but sent no handshake (is it a Dask scheduler?)"
            ) from None
        except OSError as e:
            raise OSError(f"cannot reach the Dask scheduler at {address!r} {within}: {e}") from None
        if not first:
            raise OSError(
                f"cannot reach the Dask scheduler at {address!r} {within}: something there accepted the "
                "connection and closed it without a handshake (is it a Dask scheduler?)"
            )
    finally:
        sock.close()


_starting: Optional[threading.Thread] = None


def _local_client(timeout: Optional[float] = None) -> "distributed.Client":
    """The LocalCluster of this process, started on first use on a thread of its own, so that a
    caller with a time limit can stop waiting (``TimeoutError``) while it keeps starting."""
    global _starting
    with _local_lock:
        if _local is None and _starting is None:
            _starting = threading.Thread(target=_start_local, name="lightsout-local-cluster", daemon=True)
            _starting.start()
        starting = _starting
    if starting is not None:
        starting.join(timeout)
        if starting.is_alive():
            raise TimeoutError(f"the local Dask cluster did not start within {timeout:.3g} s")
    if _local is None:
        raise RuntimeError(f"the local Dask cluster did not start: {_start_error}")
    return _local[1]


_start_error: Optional[BaseException] = None


def _start_local() -> None:
    global _local, _starting, _start_error
    try:
        # Any free port for the scheduler's web server (None still asks for 8787, which a second
        # cluster on the machine finds taken, with a warning).
        cluster = distributed.LocalCluster(processes=True, dashboard_address=":0")
        local = (cluster, distributed.Client(cluster, set_as_default=False))
        with _local_lock:
            _local = local
        atexit.register(_close_local)
    except BaseException as e:  # reported to every caller waiting for the cluster
        _start_error = e
    finally:
        with _local_lock:
            _starting = None


def _close_local() -> None:
    global _local
    if _local is not None:
        cluster, client = _local
        _local = None
        with contextlib.suppress(Exception):
            client.close()
            cluster.close()


# ---------------------------------------------------------------- exact searches


def _run_coset_task(task: int, work: "_core.CosetWork") -> "_core.CosetPart":
    return work.run(task)


def _run_stats_task(task: int, work: "_core.StatsWork") -> "_core.StatsPart":
    return work.run(task)


def minimal_solution(
    game: lo.Game,
    lights: Any,
    *,
    client: ClientLike = None,
    tasks: Optional[int] = None,
    max_time: Optional[float] = None,
    progress: bool = False,
    retries: int = 3,
) -> lo.MinimalSolution:
    """The fewest-press solution of ``lights``, proven by walking all ``p**nullity`` solutions
    on the cluster: the same result object as ``game.minimal_solution(lights)`` after a
    complete search (equal presses, weight, ``proven_optimal``, ``lower_bound``, ``explored``).

    ``tasks``: at least this many tasks (default 256, and at most 2**32 solutions each).
    ``max_time``: seconds to wait, connecting to the scheduler or starting the local cluster
    included; then the unfinished tasks are cancelled and the answer is the best found,
    ``proven_optimal=False``, with a lower bound (as a single search cut short). A scheduler not
    reached within it raises ``OSError``.
    ``progress``: show the cluster's progress (a bar on standard error, or Dask's widget in
    Jupyter). ``retries``: how often a failed task is run again (a lost worker's tasks are
    rescheduled by Dask itself). An unsolvable board raises ``UnsolvableError`` at once.
    """
    _check_time(max_time)
    split = _core.split_minimal(game, lights, tasks=tasks)
    if split.tasks == 0:
        return split.combine([])
    parts = _run_tasks(split.work, split.tasks, _run_coset_task, client, max_time, progress, retries, partial=True)
    return split.combine(parts)


def stats(
    game: lo.Game,
    *,
    client: ClientLike = None,
    tasks: Optional[int] = None,
    max_time: Optional[float] = None,
    progress: bool = False,
    retries: int = 3,
    max_work: Optional[Union[int, float]] = None,
) -> lo.Stats:
    """How many solvable boards need each minimal number of presses, counted on the cluster:
    the same table as ``lightsout.stats(game)``, for games up to ``p**size < 2**64`` coset
    members. ``max_time`` (seconds) that runs out raises ``TimeoutError``, since a partial table
    would be wrong. ``max_work``: the most coset members (``p**size``) to walk, default
    ``2**40`` (256 times one machine's default: some hours of one core, spread over the
    cluster's); a game past it is refused at once with ``ValueError``, before any task is sent
    (a game of nullity 0 needs no walk, as on one machine); ``float("inf")``: no limit.
    ``tasks``, ``progress`` and ``retries`` as in :func:`minimal_solution`.
    """
    _check_time(max_time)
    limit: Union[int, float] = _CLUSTER_STATS_WORK if max_work is None else max_work
    if not (limit == float("inf") or (isinstance(limit, int) and not isinstance(limit, bool) and limit >= 1)):
        raise ValueError(f"max_work must be an int >= 1, float('inf') for no limit, or None, not {max_work!r}")
    work = _core.split_stats(game, tasks=tasks)
    # A game of nullity 0 needs no walk (its table is a count of press vectors by weight), as
    # on one machine.
    members = game.modulus**game.size
    if game.nullity > 0 and members > limit:
        raise ValueError(
            f"problem too large: board statistics on the cluster need {members} coset members (p^buttons), "
            f"the limit is max_work={limit}: pass a larger max_work to walk them all"
        )
    parts = _run_tasks(work, work.tasks, _run_stats_task, client, max_time, progress, retries, partial=False)
    return work.combine(parts)


# The default max_work of stats on the cluster: 2**40 coset members.
_CLUSTER_STATS_WORK = 1 << 40

def worst_case(
    game: lo.Game,
    *,
    client: ClientLike = None,
    tasks: Optional[int] = None,
    max_work: Optional[int] = None,
    max_time: Optional[float] = None,
    progress: bool = False,
    retries: int = 3,
    checkpoint: Optional[str] = None,
    resume: Optional[str] = None,
    local_work: int = 1 << 26,
    checkpoint_every: float = 5.0,
    symmetry: Union[str, Sequence[Sequence[int]]] = "detect",
) -> lo.WorstCase:
    """The worst case of ``game`` ("God's number"), proven on the cluster: the same answer as
    ``game.worst_case()`` given the time to finish (equal ``weight``, ``upper_bound`` and
    ``proven_optimal``; the board may be another one needing as many presses).

    Over a field the proof is a series of decisions, "does some board need at least w
    presses?", from the averaging bound down; each is cut into at least ``tasks`` subtrees
    (default 256) run as idempotent tasks, and a small decision is settled here at once. Games
    over Z_k (composite k) are searched on this machine, within ``max_work``/``max_time``, as
    ``game.worst_case`` does. ``max_work`` (default 2**32) pays for what runs here: the local
    search for a hard board and those games.

    ``max_time``: seconds for the whole run; then the unfinished tasks are cancelled and the
    answer is the hardest board found with the bound proven so far (``proven_optimal=False``).
    ``progress``: show each decision's tasks with an estimate of the time left.
    ``retries``: how often a failed task runs again (a lost worker's tasks are rescheduled).
    ``local_work``: a decision that one thread here settles within this many search entries
    (default 2**26, a fraction of a second) is not sent to the cluster; 0 sends every one.
    ``symmetry``: the symmetries the decisions use, here and on the workers, as in
    ``game.worst_case``: ``"detect"`` (the default), ``"plain"`` or a list of permutations of
    the buttons (checked: ``ValueError``). A checkpoint's bound carries over to any of them;
    its finished tasks only to the symmetry it was made with.

    ``checkpoint``: a file to record the run in (the bound proven so far and the finished
    tasks of the decision under way), written atomically after every decision and every
    ``checkpoint_every`` seconds (default 5; 0: after every task). ``resume``: a checkpoint to carry on from (and to go on recording in, unless
    ``checkpoint`` names another file); one written for another game, another split or by
    another version raises ``ValueError`` naming the difference.
    """
    _check_time(max_time)
    if not isinstance(game, lo.Game):
        raise TypeError(f"game must be a lightsout.Game, not {type(game).__name__}")
    if not isinstance(local_work, int) or local_work < 0:
        raise ValueError(f"local_work must be an int >= 0, not {local_work!r}")
    if not isinstance(checkpoint_every, (int, float)) or not 0 <= checkpoint_every < float("inf"):
        raise ValueError(f"checkpoint_every must be a finite number of seconds >= 0, not {checkpoint_every!r}")
    started = time.monotonic()
    record = _Checkpoint.load(resume, game, tasks) if resume is not None else _Checkpoint(game, tasks)
    path = checkpoint if checkpoint is not None else resume
    split = _core.split_worst(game, tasks=record.tasks, max_work=max_work, max_time=max_time, symmetry=symmetry)
    if resume is not None:
        record.resume(split)

    def left() -> Optional[float]:
        return None if max_time is None else max(0.0, max_time - (time.monotonic() - started))

    c = None
    try:
        while split.decision is not None:
            record.at(split)
            if path is not None:
                record.save(path)
            if left() == 0.0:
                break
            if not record.done and local_work > 0 and split.try_here(local_work):
                continue
            work = split.work()
            if work is None:  # settled while cut (cannot happen with a decision in question)
                continue
            record.work = work.id  # finished tasks of another work were refused on resuming
            if c is None:
                try:
                    c = get_client(client, timeout=left())
                except TimeoutError:
                    break
            done = {task: _core.WorstPart(task, None, explored, work.id) for task, explored in record.done}
            todo = [t for t in range(work.tasks) if t not in done]
            saving = None if path is None else (path, checkpoint_every)
            board = _run_decision(c, work, todo, done, record, saving, left(), progress, retries, split.decision)
            if board is not None:
                split.absorb([board])
            elif len(done) == work.tasks:
                split.absorb(list(done.values()))
            else:
                break  # out of time: the bound so far
            record.done = []
            record.work = None
    except BaseException:
        # Ctrl-C or a failure: the tasks finished since the last write are kept too.
        if path is not None:
            record.save(path)
        raise
    record.at(split)
    if path is not None:
        record.save(path)
    return split.result()


def _run_decision(
    c: "distributed.Client",
    work: "_core.WorstWork",
    todo: List[int],
    done: Dict[int, "_core.WorstPart"],
    record: "_Checkpoint",
    saving: Optional[Tuple[str, float]],
    max_time: Optional[float],
    progress: bool,
    retries: int,
    decision: int,
) -> Optional["_core.WorstPart"]:
    """Run the tasks ``todo`` of one decision; the first part with a board, else None (with
    the finished parts added to ``done`` and recorded in ``saving = (path, every seconds)``)."""
    if not isinstance(retries, int) or retries < 0:
        raise ValueError(f"retries must be an int >= 0, not {retries!r}")
    if not todo:
        return None
    started = time.monotonic()
    unit = f"tasks of the decision at {decision} presses"
    bar = _Progress(c, [], unit, progress, first=len(done), total=work.tasks)
    saved = time.monotonic()
    try:
        for round in range(retries + 1):
            pending = [t for t in todo if t not in done]
            if not pending:
                return None
            # Tasks a worker took along when it died run in a new round.
            shared = _share(c, work, f"lightsout-work-{work.id:016x}-{round}")
            # A window of tasks at a time, as in _run_tasks, so that the time limit holds for
            # any number of tasks.
            queue = iter(pending)

            def send(n: int) -> List[Any]:
                batch = list(itertools.islice(queue, n))
                if not batch:
                    return []
                return c.map(
                    _run_worst_task, batch, work=shared, retries=retries, pure=True, key=f"lightsout-worst-{work.id:016x}-{round}"
                )

            running = set(send(_WINDOW))
            remaining = None if max_time is None else max(0.0, max_time - (time.monotonic() - started))
            try:
                tracked = distributed.as_completed(list(running), loop=c.loop, timeout=remaining)
                for f in tracked:
                    running.discard(f)
                    if len(running) <= _WINDOW // 2:
                        more = send(_WINDOW - len(running))
                        running.update(more)
                        tracked.update(more)
                    try:
                        part = f.result()
                    except Exception as e:
                        if f.status in ("cancelled", "lost") or type(e).__name__.endswith("CancelledError"):
                            continue  # its data went with a worker: run again in the next round
                        raise
                    if part.board is not None:
                        return part
                    done[part.task] = part
                    record.done.append((part.task, part.explored))
                    bar.update(len(done))
                    if saving is not None and time.monotonic() - saved >= saving[1]:
                        record.save(saving[0])
                        saved = time.monotonic()
            except (TimeoutError, distributed.TimeoutError):
                return None
            finally:
                c.cancel(list(running))
        lost = len([t for t in todo if t not in done])
        if lost:
            raise RuntimeError(f"the cluster lost the work of {lost} tasks {retries + 1} times: raise retries")
        return None
    finally:
        bar.close()


def _share(c: "distributed.Client", work: Any, key: str) -> "distributed.Future":
    """The work (a few kilobytes) as a future the tasks name by its key; each worker fetches it
    once, from a worker that holds it. Made by a task from the copy in the task graph, not
    scattered: Dask makes it again when every worker holding it has died (scattered data it
    cannot make again), and a broadcast scatter waits forever when a worker dies during it
    (the scheduler's replication retries the dead worker)."""
    return c.submit(_same, work, key=key, pure=False)


# Dask names a task's *prefix* by the words of its key before the first hex or number
# ("lightsout-work-..." is "lightsout-work") and learns one average duration per prefix. The
# scheduler gives every task to the worker that holds the work, and only its work stealing
# moves tasks to the other workers: a task is stealable only if its prefix's duration, when
# it is assigned, is long against the transfer of its inputs. So the work (made in
# microseconds) and each kind of task have prefixes of their own: sharing one, the tasks
# inherited the work's microseconds, were never stealable, and a decision of hours ran on
# one worker while the others stayed idle.
def _kind(func: Any) -> str:
    """The words of a task function's name, for its keys' prefix: ``_run_stats_task`` is
    ``run-stats-task``."""
    return "-".join(w for w in getattr(func, "__name__", "task").split("_") if w) or "task"


def _same(work: Any) -> Any:
    return work


def _run_worst_task(task: int, work: "_core.WorstWork") -> "_core.WorstPart":
    return work.run(task)


def _check_time(max_time: Optional[float]) -> None:
    # 0 is no budget, and True is not a time: refused, as in every front end.
    if max_time is not None and (
        isinstance(max_time, bool) or not (isinstance(max_time, (int, float)) and 0 < max_time < float("inf"))
    ):
        zero = ": 0 is no budget" if max_time == 0 and not isinstance(max_time, bool) else ""
        raise ValueError(f"max_time must be a positive finite number of seconds or None (no limit), not {max_time!r}{zero}")


def _run_tasks(
    work: Any,
    count: int,
    func: Any,
    client: ClientLike,
    max_time: Optional[float],
    progress: bool,
    retries: int,
    partial: bool,
) -> List[Any]:
    """Run tasks ``0..count`` of ``work`` on the cluster; the parts of the finished ones."""
    if not isinstance(retries, int) or retries < 0:
        raise ValueError(f"retries must be an int >= 0, not {retries!r}")
    # The time limit counts from here: connecting to the scheduler or starting the local
    # cluster is part of it.
    started = time.monotonic()
    try:
        c = get_client(client, timeout=max_time)
    except TimeoutError:
        if not partial:
            raise TimeoutError(
                f"max_time ({max_time} s) ran out while starting the local Dask cluster; "
                "a partial table would be wrong: raise max_time"
            ) from None
        return []  # no task ran: the answer is the best found without the cluster
    shared = _share(c, work, f"lightsout-work-{work.id:016x}")
    # The tasks go out a window at a time: submitting, tracking and cancelling tens of
    # thousands of futures at once takes longer than many time limits and is not covered by
    # them, while a window keeps every worker busy and is refilled as tasks finish.
    key = f"lightsout-{_kind(func)}-{work.id:016x}"
    sent = 0

    def send(n: int) -> List[Any]:
        nonlocal sent
        batch = c.map(func, range(sent, min(sent + n, count)), work=shared, retries=retries, pure=True, key=key)
        sent += len(batch)
        return batch

    running = set(send(_WINDOW))
    bar = _Progress(c, [], "tasks", progress, total=count)
    parts: List[Any] = []
    try:
        remaining = None if max_time is None else max(0.0, max_time - (time.monotonic() - started))
        tracked = distributed.as_completed(list(running), loop=c.loop, with_results=True, timeout=remaining)
        try:
            for f, part in tracked:
                running.discard(f)
                parts.append(part)
                bar.update(len(parts))
                if sent < count and len(running) <= _WINDOW // 2:
                    batch = send(_WINDOW - len(running))
                    running.update(batch)
                    tracked.update(batch)
        except (TimeoutError, distributed.TimeoutError):
            if not partial:
                raise TimeoutError(
                    f"max_time ({max_time} s) ran out with {len(parts)} of {count} tasks done; "
                    "a partial table would be wrong: raise max_time"
                ) from None
        return parts
    finally:
        bar.close()
        c.cancel(list(running))


# The most tasks on the cluster at once (see _run_tasks).
_WINDOW = 1024


class _Progress:
    """The cluster's progress: Dask's widget in Jupyter, else a text bar on standard error with
    the time left, estimated from the tasks finished so far. ``first`` tasks of ``total`` were
    finished before (a resumed run)."""

    def __init__(
        self,
        client: "distributed.Client",
        futures: Sequence[Any],
        unit: str,
        show: bool,
        first: int = 0,
        total: Optional[int] = None,
    ) -> None:
        self.total = len(futures) + first if total is None else total
        self.first = first
        self.unit = unit
        self.show = show
        self.start = time.monotonic()
        # Dask's widget follows futures; without them (a run in rounds) the text bar.
        self.text = show and (not _in_notebook() or not futures)
        if show and not self.text:
            try:
                distributed.progress(futures, notebook=True, scheduler=client.scheduler.address)
            except Exception:  # no widgets installed: fall back to the text bar
                self.text = True

    def update(self, done: int) -> None:
        if self.text:
            width = 30
            filled = int(width * done / max(self.total, 1))
            elapsed = time.monotonic() - self.start
            fresh = done - self.first
            eta = f" | {elapsed * (self.total - done) / fresh:.0f} s left" if 0 < fresh and done < self.total else ""
            sys.stderr.write(
                f"\r[{'#' * filled}{' ' * (width - filled)}] {done}/{self.total} {self.unit} | {elapsed:.1f} s{eta}"
            )
            sys.stderr.flush()

    def close(self) -> None:
        if self.text:
            sys.stderr.write("\n")
            sys.stderr.flush()


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython  # type: ignore

        shell = get_ipython()
        return shell is not None and shell.__class__.__name__ == "ZMQInteractiveShell"
    except Exception:
        return False


# ---------------------------------------------------------------- batches of boards


_games: Dict[str, lo.Game] = {}

# lightsout.minimal_many labels boards of games with at most this many solutions per board.
_BATCH_MINIMAL_SOLUTIONS = 65536


def _game(spec: str) -> lo.Game:
    """The game of ``spec``, built once per worker process (so M is factored once); the 32
    games used last are kept."""
    with _local_lock:
        g = _games.pop(spec, None)
        if g is None:
            g = lo.from_spec(spec)
            while len(_games) >= 32:
                _games.pop(next(iter(_games)))
        _games[spec] = g  # most recent last
        return g


def _check_boards(game: lo.Game, boards: Any) -> "da.Array":
    """A Dask array of boards, split only along the first axis."""
    if not isinstance(game, lo.Game):
        raise TypeError(f"game must be a lightsout.Game, not {type(game).__name__}")
    if not isinstance(boards, da.Array):
        boards = da.asarray(boards)
    shape = tuple(boards.shape)
    flat = (game.size,)
    natural = tuple(game.shape)
    if shape[1:] not in (flat, natural) or len(shape) < 2:
        dims = ", ".join(str(d) for d in natural)
        raise ValueError(f"boards must have shape (B, {game.size}) or (B, {dims}), got {shape}")
    if boards.dtype.kind not in "biu":
        raise ValueError(f"boards must hold integers (or booleans), not {boards.dtype}")
    return boards.rechunk({i: -1 for i in range(1, boards.ndim)})


def _solve_block(block: np.ndarray, spec: str, block_info: Optional[Dict[Any, Any]] = None) -> np.ndarray:
    g = _game(spec)
    presses, ok = lo.solve_many(g, block, return_solvable=True)
    if not ok.all():
        first = int(np.argmin(ok))
        offset = block_info[0]["array-location"][0][0] if block_info else 0
        try:
            g.solve(block[first])
        except lo.UnsolvableError as e:
            e.board_index = offset + first
            e.args = (f"board {offset + first} of the batch is not solvable",)
            raise
    return presses


def _solve_block_both(block: np.ndarray, spec: str) -> Tuple[np.ndarray, np.ndarray]:
    return lo.solve_many(_game(spec), block, return_solvable=True)


def _solvable_block(block: np.ndarray, spec: str) -> np.ndarray:
    return _solvable(_game(spec), block)


_batches: Dict[str, bool] = {}


def _solvable(g: lo.Game, block: np.ndarray) -> np.ndarray:
    """Whether each board of the block is solvable: by ``lightsout.solve_many`` where the game
    has a bulk solver, else board by board as ``Game.is_solvable`` answers (over Z_k a game whose
    elementary divisors block the pseudoinverse, such as the 4 x 4 grid over Z_4)."""
    spec = g.spec()
    if spec not in _batches:
        try:
            lo.solve_many(g, np.zeros((1, g.size), dtype=np.uint8))
            _batches[spec] = True
        except ValueError:
            _batches[spec] = False
    if _batches[spec]:
        return lo.solve_many(g, block, return_solvable=True)[1]
    return np.array([g.is_solvable(board) for board in block], dtype=bool)


def _fewest_block(block: np.ndarray, spec: str, max_work: Optional[int]) -> np.ndarray:
    g = _game(spec)
    # The bulk minimizer takes prime moduli; over Z_k every board is searched by itself, as
    # Game.minimal_solution does.
    if _is_prime(g.modulus) and g.kernel_size <= _BATCH_MINIMAL_SOLUTIONS:
        # Few solutions per board: the batch minimizer examines them all, for every board at once.
        _, distances, solvable = lo.minimal_many(g, block, return_solvable=True)
        return np.where(solvable, distances, -1).astype(np.int64)
    solvable = _solvable(g, block)
    out = np.full(len(block), -1, dtype=np.int64)
    for i in np.flatnonzero(solvable):
        best = g.minimal_solution(block[i], max_work=max_work, max_time=None)
        if not best.proven_optimal:
            raise ValueError(
                f"the fewest presses of a board could not be proven within max_work={max_work}: raise max_work"
            )
        out[i] = best.weight
    return out


def _is_prime(k: int) -> bool:
    return k >= 2 and all(k % d for d in range(2, int(k**0.5) + 1))


def _draw_block(index: np.ndarray, spec: str, seed: int) -> np.ndarray:
    g = _game(spec)
    out = np.empty((len(index),) + tuple(g.shape), dtype=np.min_scalar_type(g.modulus - 1))
    for k, i in enumerate(index):
        out[k] = g.random_solvable(seed=_board_seed(seed, int(i)))
    return out


def _board_seed(seed: int, i: int) -> int:
    """The seed of board ``i``: the same board whatever the chunking."""
    x = (seed * 0x9E3779B97F4A7C15 + i + 1) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 31
    x = (x * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 29)


def _result_dtype(game: lo.Game, boards: "da.Array") -> np.dtype:
    """The dtype ``lightsout.solve_many`` gives for boards of this dtype."""
    sample = np.zeros((1,) + tuple(boards.shape[1:]), dtype=boards.dtype)
    return lo.solve_many(game, sample).dtype


def solve_many(game: lo.Game, boards: Any, *, return_solvable: bool = False) -> Any:
    """Presses for every board, lazily: a Dask array like ``boards`` (shape ``(B, size)`` or
    ``(B, *game.shape)``, chunked along the first axis; the dtype as ``lightsout.solve_many``),
    or for a Dask bag of boards a bag of press arrays.

    Computing it raises ``UnsolvableError`` naming the first unsolvable board of a block
    (``board_index`` counts from the start of the array), unless ``return_solvable=True``: then
    the result is ``(presses, solvable)`` (two arrays from one pass; unsolvable boards get zero
    presses).
    """
    spec = game.spec()
    if isinstance(boards, db.Bag):
        def solve_part(part: List[Any]) -> List[Any]:
            if not part:
                return []
            presses, ok = lo.solve_many(_game(spec), np.stack([np.asarray(b) for b in part]), return_solvable=True)
            if not return_solvable:
                if not ok.all():
                    _game(spec).solve(part[int(np.argmin(ok))])  # raises UnsolvableError with its obstruction
                return list(presses)
            return list(zip(presses, ok.tolist()))

        return boards.map_partitions(solve_part)
    boards = _check_boards(game, boards)
    dtype = _result_dtype(game, boards)
    if not return_solvable:
        return boards.map_blocks(_solve_block, spec, dtype=dtype, meta=np.empty((0,) * boards.ndim, dtype=dtype))
    core = ",".join(f"d{i}" for i in range(1, boards.ndim))
    return da.apply_gufunc(
        _solve_block_both, f"({core})->({core}),()", boards, spec=spec, output_dtypes=(dtype, bool), vectorize=False
    )


def is_solvable(game: lo.Game, boards: Any) -> Any:
    """Whether each board can be turned off, lazily: a boolean Dask array of shape ``(B,)``
    (or, for a bag of boards, a bag of booleans)."""
    spec = game.spec()
    if isinstance(boards, db.Bag):
        return boards.map_partitions(
            lambda part: lo.solve_many(_game(spec), np.stack([np.asarray(b) for b in part]), return_solvable=True)[1].tolist()
            if part
            else []
        )
    boards = _check_boards(game, boards)
    return boards.map_blocks(_solvable_block, spec, drop_axis=list(range(1, boards.ndim)), dtype=bool)


def fewest_presses(game: lo.Game, boards: Any, *, max_work: Optional[int] = None) -> Any:
    """The fewest-press count of each board (the label of a training example), lazily: an
    int64 Dask array of shape ``(B,)``, -1 for an unsolvable board (a bag of ints for a bag).
    Each count is proven (``max_work`` as in ``game.minimal_solution``; a board that cannot be
    proven within it raises ``ValueError`` when computed). Over a composite modulus the boards
    are searched one by one, as ``game.minimal_solution`` does."""
    spec = game.spec()
    if isinstance(boards, db.Bag):
        return boards.map_partitions(
            lambda part: _fewest_block(np.stack([np.asarray(b) for b in part]), spec, max_work).tolist() if part else []
        )
    boards = _check_boards(game, boards)
    return boards.map_blocks(
        _fewest_block, spec, max_work, drop_axis=list(range(1, boards.ndim)), dtype=np.int64
    )


def random_solvable(game: lo.Game, count: int, *, seed: int = 0, chunks: Union[int, str] = 10_000) -> "da.Array":
    """``count`` random solvable boards (uniform over the solvable boards), lazily: a Dask array
    of shape ``(count, *game.shape)`` chunked along the first axis, in the smallest unsigned
    dtype that holds ``k - 1`` (as ``Game.random_solvable``). Board ``i`` is
    ``game.random_solvable(seed=s_i)`` with ``s_i`` derived from ``seed`` and ``i``, so the
    boards do not depend on the chunking. Label them with :func:`fewest_presses`."""
    if not isinstance(game, lo.Game):
        raise TypeError(f"game must be a lightsout.Game, not {type(game).__name__}")
    if not isinstance(count, int) or count < 0:
        raise ValueError(f"count must be an int >= 0, not {count!r}")
    if not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an int in 0..2**64, not {seed!r}")
    index = da.arange(count, chunks=chunks)
    shape = tuple(game.shape)
    return index.map_blocks(
        _draw_block,
        game.spec(),
        seed,
        new_axis=list(range(1, 1 + len(shape))),
        chunks=(index.chunks[0],) + tuple((d,) for d in shape),
        dtype=np.min_scalar_type(game.modulus - 1),
    )


# ---------------------------------------------------------------- command line


def _main(argv: Optional[List[str]] = None) -> int:
    """``python -m lightsout.distributed {minimal,stats,worst} --scheduler ADDRESS``: reads a JSON
    request (``{"spec": ..., "lights": [...]}``) on standard input, writes the answer as JSON on
    standard output; progress and errors go to standard error. Exit status 2 on a bad request or
    a failure, with a JSON ``{"error": ...}`` on standard output."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m lightsout.distributed", description=_main.__doc__)
    parser.add_argument("command", choices=["minimal", "stats", "worst"])
    parser.add_argument("--scheduler", required=True, help="scheduler address, or 'local' for a LocalCluster")
    parser.add_argument("--tasks", type=int, default=None)
    parser.add_argument("--max-time", type=float, default=None)
    parser.add_argument(
        "--deadline",
        type=float,
        default=None,
        help="seconds since the epoch by which the whole run ends (the interpreter's start-up included)",
    )
    parser.add_argument("--progress", action="store_true")
    parser.add_argument(
        "--max-work",
        type=int,
        default=None,
        help="worst: the work of what runs on this machine; stats: the most coset members to walk",
    )
    parser.add_argument("--checkpoint", default=None, help="worst: record the run in this file")
    parser.add_argument("--resume", default=None, help="worst: carry on from this checkpoint")
    parser.add_argument(
        "--symmetry",
        choices=["detect", "plain"],
        default="detect",
        help="worst: the symmetries the proof uses (those found in the game, or none)",
    )
    args = parser.parse_args(argv)
    if args.deadline is not None:
        left = max(1e-9, args.deadline - time.time())  # past the deadline: the least time (0 is no budget)
        args.max_time = left if args.max_time is None else min(args.max_time, left)
    try:
        request = json.load(sys.stdin)
        game = lo.from_spec(request["spec"])
        client: ClientLike = args.scheduler  # connected (or started) inside the time limit
        # What every search takes from the command line.
        common: Dict[str, Any] = dict(client=client, tasks=args.tasks, max_time=args.max_time, progress=args.progress)
        if args.command == "minimal":
            lights = np.asarray(request["lights"], dtype=np.int64)
            best = minimal_solution(game, lights, **common)
            answer: Dict[str, Any] = {
                "presses": np.asarray(best.presses).reshape(-1).tolist(),
                "weight": best.weight,
                "proven_optimal": best.proven_optimal,
                "lower_bound": best.lower_bound,
                "explored": best.explored,
                "method": best.method,
            }
        elif args.command == "stats":
            s = stats(game, max_work=args.max_work, **common)
            answer = {"histogram": s.histogram, "rank": s.rank, "nullity": s.nullity, "modulus": s.modulus}
        else:
            w = worst_case(
                game,
                max_work=args.max_work,
                checkpoint=args.checkpoint,
                resume=args.resume,
                symmetry=args.symmetry,
                **common,
            )
            answer = {
                "board": np.asarray(w.board).reshape(-1).tolist(),
                "presses": np.asarray(w.presses).reshape(-1).tolist(),
                "weight": w.weight,
                "proven_optimal": w.proven_optimal,
                "upper_bound": w.upper_bound,
                "explored": w.explored,
                "note": w.note,
            }
    except _CheckpointError as e:  # the file's fault, not the cluster's: named as such
        json.dump({"error": str(e), "checkpoint": e.path, "field": e.field}, sys.stdout)
        sys.stdout.write("\n")
        return 2
    except Exception as e:  # every failure becomes one message for the command line
        json.dump({"error": f"{type(e).__name__}: {e}"}, sys.stdout)
        sys.stdout.write("\n")
        return 2
    json.dump(answer, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    # Run the module under its own name, so that the tasks sent to the workers name
    # lightsout.distributed (importable there), not this __main__.
    import os

    from lightsout.distributed import _main as _entry

    _status = _entry()
    sys.stdout.flush()
    sys.stderr.flush()
    # The answer is out: end now rather than after closing a local cluster (a second or more,
    # or the rest of its start-up when a time limit cut that short). Dask's worker processes
    # watch this one and exit with it.
    import multiprocessing.util

    with contextlib.suppress(Exception):
        # What an ordinary exit would do first: unlink the semaphores of the nannies' queues
        # (their finalizers), so that multiprocessing's resource tracker finds none left over
        # and prints no "leaked semaphore objects" warning.
        multiprocessing.util._run_finalizers(0)  # type: ignore[attr-defined]  # (private, not in the stubs)
    os._exit(_status)
