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
    assert c.status == "running"
    assert lod.stats(lo.grid(3, 3), client=client.scheduler.address, max_time=60).histogram == lo.stats(lo.grid(3, 3)).histogram


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
        ["worst", "--grid", "29x29"],
        ["solve", "--grid", "61x61", "--minimal"],
        ["stats", "--torus", "5x7"],
    ],
    ids=["worst", "solve", "stats"],
)
def test_command_line_stops_on_a_silent_scheduler(silent, args):
    # Expected about 3 s plus the interpreter's start-up; the guard is 120 s (over 20x).
    run = run_cli(*args, "--scheduler", silent, "--time-limit", "3", guard=120)
    assert run.returncode == 2, run.stderr
    assert "sent no handshake" in run.stderr and silent in run.stderr, run.stderr
