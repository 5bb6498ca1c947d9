"""Every Dask path stops within its limit: a scheduler address where something accepts the
connection and never answers (Dask's own connect timeout waits forever there), and the local
cluster, whose worker processes must not keep the command line waiting after the answer.

The time bounds below are hang guards only, each at least 20 times what the run is expected to
take; the assertions are on what the run says."""

import os
import pathlib
import socket
import subprocess
import sys
import threading
import time

import pytest

import lightsout as lo

pytest.importorskip("distributed")

import lightsout.distributed as lod  # noqa: E402


@pytest.fixture(scope="module")
def silent():
    """The address of a real listener on 127.0.0.1 that accepts every connection and never
    sends a byte (nor closes one)."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    held = []
    stop = threading.Event()

    def accept():
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            held.append(conn)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join()
    for conn in held:
        conn.close()
    server.close()


SILENT = r"cannot reach the Dask scheduler at 'tcp://127\.0\.0\.1:\d+' within .* s: something there accepted the connection but sent no handshake"


def stopped_within(guard, run):
    """Run ``run()``; assert it returned or raised before the hang guard ``guard`` (seconds)."""
    t0 = time.monotonic()
    try:
        return run()
    finally:
        assert time.monotonic() - t0 < guard, "hung"


@pytest.mark.parametrize(
    "call",
    [
        lambda addr: lod.get_client(addr, timeout=2),
        lambda addr: lod.stats(lo.torus(5, 7), client=addr, max_time=2),
        lambda addr: lod.worst_case(lo.grid(9, 9), client=addr, max_time=2, local_work=0),
        lambda addr: lod.minimal_solution(lo.torus(10, 30), lo.torus(10, 30).random_solvable(seed=1), client=addr, max_time=2),
    ],
    ids=["get_client", "stats", "worst_case", "minimal_solution"],
)
def test_a_silent_scheduler_is_an_error_within_the_limit(silent, call):
    # Expected about 2 s; the guard is 60 s (30x).
    with pytest.raises(OSError, match=SILENT):
        stopped_within(60, lambda: call(silent))


def test_a_silent_scheduler_without_a_limit_gets_dasks_connect_timeout(silent):
    import dask

    # Expected about 2 s (the connect timeout set here); the guard is 60 s (30x).
    with dask.config.set({"distributed.comm.timeouts.connect": "2s"}):
        with pytest.raises(OSError, match=SILENT):
            stopped_within(60, lambda: lod.get_client(silent))
        with pytest.raises(OSError, match=SILENT):
            stopped_within(60, lambda: lod.stats(lo.grid(3, 3), client=silent))


def test_a_real_scheduler_still_connects(client):
    # The probe reads the scheduler's handshake and closes: the client made next works.
    c = lod.get_client(client.scheduler.address, timeout=30)
    try:
        assert c.status == "running"
        assert lod.stats(lo.grid(3, 3), client=client.scheduler.address, max_time=60).histogram == lo.stats(lo.grid(3, 3)).histogram
    finally:
        # The client kept for the address goes before the cluster does.
        lod._clients.pop(client.scheduler.address, None)
        c.close()


# ---------------------------------------------------------------- the command line


def cli():
    """The lightsout binary (scripts/test-parts/python.sh builds it and names it)."""
    path = os.environ.get("LIGHTSOUT_CLI") or str(pathlib.Path(__file__).parents[2] / "target" / "debug" / "lightsout")
    assert os.path.exists(path), f"build the command line first (cargo build -p lightsout-cli): {path} is missing"
    return path


def run_cli(*args, guard):
    """The command line through this interpreter, with Dask's own settings as they come."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DASK_")}
    env["LIGHTSOUT_PYTHON"] = sys.executable
    return subprocess.run([cli(), *args], capture_output=True, text=True, env=env, timeout=guard)


@pytest.mark.parametrize(
    "args",
    [
        # The worst case searches here first (for a hard board, and its small decisions): the
        # limit leaves time for the first decision to go to the cluster.
        ["worst", "--torus", "10x30", "--time-limit", "10"],
        ["solve", "--grid", "61x61", "--minimal", "--time-limit", "3"],
        ["stats", "--torus", "5x7", "--time-limit", "3"],
    ],
    ids=["worst", "solve", "stats"],
)
def test_command_line_stops_on_a_silent_scheduler(silent, args):
    # Expected the time limit plus the interpreter's start-up; the guard is 240 s (over 20x).
    run = run_cli(*args, "--scheduler", silent, guard=240)
    assert run.returncode == 2, run.stderr
    assert "sent no handshake" in run.stderr and silent in run.stderr, run.stderr


# ---------------------------------------------------------------- the local cluster


def test_many_tasks_go_out_a_window_at_a_time_and_the_limit_holds(client):
    # 65,536 tasks: submitting and tracking them all at once took tens of seconds past a time
    # limit of a few (lightsout stats --torus 6x8 --scheduler local --time-limit 5 ended after
    # 21 s). Now at most a window of them is on the scheduler at any time, and the limit holds.
    import distributed

    seen = []
    watcher = distributed.Client(client.scheduler.address, set_as_default=False)
    stop = threading.Event()

    def watch():
        while not stop.is_set():
            seen.append(watcher.run_on_scheduler(lambda dask_scheduler: sum(k.startswith("lightsout-") for k in map(str, dask_scheduler.tasks))))
            time.sleep(0.05)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    try:
        # Expected about 3 s; the guard is 60 s (20x).
        with pytest.raises(TimeoutError, match=r"max_time \(3 s\) ran out with \d+ of 65536 tasks done"):
            stopped_within(60, lambda: lod.stats(lo.torus(6, 6), client=client, tasks=65536, max_time=3))
    finally:
        stop.set()
        thread.join()
        watcher.close()
    # The window, the shared work and finished tasks not yet released; before, all 65,536.
    assert seen and max(seen) <= 2 * lod._WINDOW, max(seen)
    # Cancelled: nothing of the run is left on the cluster. The scheduler releases cancelled
    # keys as its messages arrive, later on a loaded machine: polled, with a hang guard of 30 s.
    def left():
        return client.run_on_scheduler(lambda dask_scheduler: [str(k) for k in dask_scheduler.tasks if str(k).startswith("lightsout-")])

    deadline = time.monotonic() + 30
    while left() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert left() == []


def test_windowed_tasks_give_the_whole_answer(client, monkeypatch):
    # A window of 4 tasks: every answer comes from many windows, refilled as tasks finish.
    monkeypatch.setattr(lod, "_WINDOW", 4)
    g = lo.torus(5, 5)
    assert lod.stats(g, client=client, tasks=64).histogram == lo.stats(g).histogram
    board = lo.torus(10, 30).random_solvable(seed=2)
    best = lod.minimal_solution(lo.torus(10, 30), board, client=client, tasks=64)
    assert best.proven_optimal and best.weight == lo.torus(10, 30).minimal_solution(board).weight
    g = lo.grid(16, 16)
    worst = lod.worst_case(g, client=client, tasks=64, local_work=0)
    one = g.worst_case()
    assert (worst.weight, worst.proven_optimal) == (one.weight, one.proven_optimal)
    monkeypatch.undo()
    g = lo.torus(4, 5)
    assert lod.stats(g, client=client, tasks=4096).histogram == lo.stats(g).histogram
    board = lo.torus(10, 30).random_solvable(seed=2)
    best = lod.minimal_solution(lo.torus(10, 30), board, client=client, tasks=4096)
    assert best.proven_optimal and best.weight == lo.torus(10, 30).minimal_solution(board).weight


def test_stats_on_the_cluster_refuses_what_it_cannot_finish(client):
    # Each of the 65,536 tasks of the 6 x 8 torus walks 2**32 coset members (about a minute on a
    # core): it is refused at once, as one machine refuses it, unless max_work allows it.
    with pytest.raises(ValueError, match=r"board statistics on the cluster need 281474976710656 coset members .* max_work=1099511627776"):
        lod.stats(lo.torus(6, 8), client=client)
    with pytest.raises(ValueError, match=r"need 65536 coset members .* max_work=1000"):
        lod.stats(lo.grid(4, 4), client=client, max_work=1000)
    with pytest.raises(ValueError, match="max_work must be an int"):
        lod.stats(lo.grid(3, 3), client=client, max_work=0)
    assert lod.stats(lo.grid(4, 4), client=client, max_work=65536).histogram == lo.stats(lo.grid(4, 4)).histogram
    assert lod.stats(lo.grid(4, 4), client=client, max_work=float("inf")).histogram == lo.stats(lo.grid(4, 4)).histogram
    # Nullity 0: no walk, so no limit (2**49 boards counted by weight), as on one machine.
    assert lod.stats(lo.grid(7, 7), client=client).histogram == lo.stats(lo.grid(7, 7)).histogram


def test_command_line_local_cluster_prints_no_leaked_semaphores():
    # Every command-line Dask run used to end with multiprocessing's "leaked semaphore objects"
    # warning; and the 6 x 8 torus is refused at once. The guard is 240 s (over 20x).
    ok = run_cli("stats", "--torus", "4x5", "--scheduler", "local", "--time-limit", "120", guard=240)
    assert ok.returncode == 0, ok.stderr
    assert "leaked" not in ok.stderr, ok.stderr
    refused = run_cli("stats", "--torus", "6x8", "--scheduler", "local", guard=240)
    assert refused.returncode == 2
    assert "281474976710656 coset members" in refused.stderr and "leaked" not in refused.stderr, refused.stderr
    # --max-work reaches the cluster (and one machine) from the command line.
    for where in (["--scheduler", "local"], []):
        small = run_cli("stats", "--grid", "4x4", "--max-work", "1000", *where, guard=240)
        assert small.returncode == 2 and "65536" in small.stderr and "1000" in small.stderr, small.stderr
        enough = run_cli("stats", "--grid", "4x4", "--max-work", "65536", "--json", *where, guard=240)
        assert enough.returncode == 0 and '"solvable_boards":4096' in enough.stdout, enough.stderr


def test_command_line_local_cluster_stops_at_the_time_limit():
    # 2**36 coset members in 256 tasks: far more than 5 s. The run ends with the time limit's
    # error (the local cluster's start-up inside it); the guard is 240 s (over 20x).
    run = run_cli("stats", "--torus", "6x6", "--scheduler", "local", "--time-limit", "5", guard=240)
    assert run.returncode == 2, run.stderr
    assert "ran out" in run.stderr and "a partial table would be wrong" in run.stderr, run.stderr
    assert "leaked" not in run.stderr, run.stderr
