"""lightsout.distributed.worst_case on a real dask.distributed LocalCluster of 2 worker
processes: the answers equal the single-process ones, also when a worker or the client is
killed in the middle (the client resumes from its checkpoint)."""

import json
import pickle
import signal
import subprocess
import sys
import time

import pytest

import lightsout as lo
import lightsout.distributed as lod

from conftest import kill_a_worker_during
from test_distributed import run_cli


def same_worst(spread, single, game):
    assert (spread.weight, spread.proven_optimal, spread.upper_bound) == (
        single.weight,
        single.proven_optimal,
        single.upper_bound,
    )
    # The board may be another one: it needs what the answer says.
    assert not game.apply(spread.board, spread.presses).any()
    assert game.minimal_solution(spread.board, max_time=None).weight == spread.weight


# Games proven in seconds, nullity 6 to 10 (GF(2)), over Z_3, and over Z_4 (no decisions).
GAMES = [
    ("grid 9x9 (nullity 8)", lambda: lo.grid(9, 9), 8),
    ("torus 6x6 (nullity 8)", lambda: lo.torus(6, 6), 8),
    ("grid 6x8 (nullity 6)", lambda: lo.grid(6, 8), 6),
    ("grid 16x16 (nullity 8)", lambda: lo.grid(16, 16), 8),
    ("grid 11x23 (nullity 10)", lambda: lo.grid(11, 23), 10),
    ("grid 4x4 over Z_3", lambda: lo.grid(4, 4, modulus=3), None),
    ("grid 8x8 over Z_3 (nullity 4)", lambda: lo.grid(8, 8, modulus=3), 4),
    ("grid 3x3 over Z_4", lambda: lo.grid(3, 3, modulus=4), None),
]


@pytest.mark.parametrize("name,make,nullity", GAMES, ids=[g[0] for g in GAMES])
def test_worst_case_on_the_cluster_equals_one_process(client, name, make, nullity):
    g = make()
    if nullity is not None:
        assert g.nullity == nullity
    single = g.worst_case(max_time=None)
    assert single.proven_optimal
    # local_work=0: every decision goes to the cluster; the default settles small ones here.
    same_worst(lod.worst_case(g, client=client, tasks=16, local_work=0), single, g)
    same_worst(lod.worst_case(g, client=client), single, g)


def decisions_with_tasks(game, tasks):
    """How many decisions of the game's proof go to the cluster when none is settled here."""
    split = lo._core.split_worst(game, tasks=tasks)
    count = 0
    while split.decision is not None:
        work = split.work()
        split.absorb([work.run(i) for i in range(work.tasks)])
        count += 1
    return count


def test_the_games_send_decisions_to_the_cluster():
    # Not only settled at once: the tasks are what is tested.
    assert decisions_with_tasks(lo.grid(9, 9), 16) >= 3
    assert decisions_with_tasks(lo.grid(16, 16), 16) >= 3


def test_a_killed_worker_does_not_change_the_answer(client):
    g = lo.grid(16, 16)
    single = g.worst_case(max_time=None)
    spread = kill_a_worker_during(client, lambda: lod.worst_case(g, client=client, tasks=256, local_work=0))
    same_worst(spread, single, g)


def test_a_killed_client_resumes_from_its_checkpoint(client, tmp_path):
    g = lo.grid(16, 16)
    single = g.worst_case(max_time=None)
    path = tmp_path / "16.json"
    script = (
        "import lightsout as lo, lightsout.distributed as lod, distributed\n"
        f"c = distributed.Client({client.scheduler.address!r})\n"
        f"lod.worst_case(lo.grid(16, 16), client=c, tasks=256, local_work=0, checkpoint={str(path)!r}, "
        "checkpoint_every=0)\n"
    )
    run = subprocess.Popen([sys.executable, "-c", script], stderr=subprocess.PIPE)
    # Kill the client outright once its checkpoint records finished tasks of a decision.
    deadline = time.monotonic() + 120
    recorded = None
    while time.monotonic() < deadline and run.poll() is None:
        if path.exists():
            recorded = json.loads(path.read_text())
            if recorded["done"]:
                break
        time.sleep(0.05)
    assert run.poll() is None, f"the run ended before its checkpoint recorded a task: {run.stderr.read()}"
    run.send_signal(signal.SIGKILL)
    run.wait()
    recorded = json.loads(path.read_text())
    assert recorded["done"] and recorded["work"] is not None
    assert recorded["upper_bound"] >= single.upper_bound
    resumed = lod.worst_case(g, client=client, resume=str(path), local_work=0)
    same_worst(resumed, single, g)
    final = json.loads(path.read_text())
    assert final["decision"] is None and final["upper_bound"] == single.upper_bound
    # A finished checkpoint resumes to the same answer.
    same_worst(lod.worst_case(g, client=client, resume=str(path)), single, g)


def test_checkpoints_of_another_game_split_or_version_are_refused(client, tmp_path):
    g = lo.torus(6, 6)
    path = tmp_path / "6.json"
    lod.worst_case(g, client=client, tasks=8, checkpoint=str(path), local_work=0)
    with pytest.raises(ValueError, match="is for another game"):
        lod.worst_case(lo.torus(5, 10), client=client, resume=str(path))
    with pytest.raises(ValueError, match="was made with tasks=8, not 9"):
        lod.worst_case(g, client=client, tasks=9, resume=str(path))
    data = json.loads(path.read_text())
    (tmp_path / "old.json").write_text(json.dumps(dict(data, version="0.0.1")))
    with pytest.raises(ValueError, match="written by lightsout 0.0.1"):
        lod.worst_case(g, client=client, resume=str(tmp_path / "old.json"))
    (tmp_path / "bound.json").write_text(json.dumps(dict(data, upper_bound=10_000)))
    with pytest.raises(ValueError, match="does not fit this game"):
        lod.worst_case(g, client=client, resume=str(tmp_path / "bound.json"))
    (tmp_path / "damaged.json").write_text(json.dumps(dict(data, upper_bound="many")))
    with pytest.raises(ValueError, match="is damaged"):
        lod.worst_case(g, client=client, resume=str(tmp_path / "damaged.json"))
    (tmp_path / "other.json").write_text("{}")
    with pytest.raises(ValueError, match="not a lightsout worst-case checkpoint"):
        lod.worst_case(g, client=client, resume=str(tmp_path / "other.json"))
    with pytest.raises(ValueError, match="cannot read the checkpoint"):
        lod.worst_case(g, client=client, resume=str(tmp_path / "missing.json"))


def test_time_limit_gives_the_bound_so_far(client):
    g = lo.grid(16, 16)
    single = g.worst_case(max_time=None)
    cut = lod.worst_case(g, client=client, max_time=1e-9)
    assert not cut.proven_optimal
    assert cut.weight <= single.weight <= single.upper_bound <= cut.upper_bound
    assert not g.apply(cut.board, cut.presses).any()


def test_work_and_parts_pickle_and_are_checked():
    g = lo.grid(16, 16)
    split = lo._core.split_worst(g, tasks=8)
    assert split.decision == split.upper_bound and split.weight <= split.upper_bound
    work = split.work()
    while work.tasks < 8:  # a decision whose tree is cut (the first may be empty at the top)
        split.absorb([work.run(i) for i in range(work.tasks)])
        work = split.work()
    again = pickle.loads(pickle.dumps(work))
    assert again.id == work.id and again.tasks == work.tasks >= 8
    part = pickle.loads(pickle.dumps(again.run(0)))
    assert part.task == 0 and part.work == work.id and part.board is None
    within = work.run_within(0)
    assert (within.task, within.board, within.explored) == (part.task, part.board, part.explored)
    # Within no time the subtree may be undecided (None), never wrongly decided.
    quick = work.run_within(work.tasks - 1, max_time=1e-9)
    assert quick is None or quick.board is None
    with pytest.raises(ValueError, match="not valid worst-case work"):
        lo._core.WorstWork(b"nonsense")
    with pytest.raises(ValueError, match=f"task must be in 0..{work.tasks}"):
        work.run(work.tasks)
    with pytest.raises(ValueError, match="another decision"):
        split.absorb([lo._core.WorstPart(0, None, 1, work.id ^ 1)])
    with pytest.raises(ValueError, match="are not answered"):
        split.absorb([part])
    with pytest.raises(ValueError, match="tasks must be"):
        lo._core.split_worst(g, tasks=0)
    with pytest.raises(TypeError, match="lightsout.Game"):
        lod.worst_case("grid 16x16", client="local")
    for bad in [dict(local_work=-1), dict(checkpoint_every=float("inf")), dict(max_time=-1)]:
        with pytest.raises(ValueError):
            lod.worst_case(g, client="local", **bad)


def test_progress_shows_the_time_left(client, capsys):
    lod.worst_case(lo.grid(16, 16), client=client, tasks=16, progress=True, local_work=0)
    err = capsys.readouterr().err
    assert "tasks of the decision at" in err and " s left" in err


@pytest.mark.parametrize("args", [["--grid", "9x9"], ["--torus", "5x10", "--json"], ["--grid", "4x4", "--modulus", "3"]])
def test_command_line_scheduler_prints_what_a_local_run_prints(client, args):
    local = run_cli("worst", *args, "--time-limit", "inf")
    assert local.returncode == 0, local.stderr
    remote = run_cli("worst", *args, "--time-limit", "inf", "--scheduler", client.scheduler.address)
    assert remote.returncode == 0, remote.stderr
    if "--json" in args:
        a, b = json.loads(local.stdout), json.loads(remote.stdout)
        for d in (a, b):
            d.pop("board"), d.pop("presses"), d.pop("explored")
        assert a == b
    else:
        # The board may differ; the verdict does not.
        assert local.stdout.splitlines()[:2] == remote.stdout.splitlines()[:2]


def test_command_line_checkpoint_and_resume(client, tmp_path):
    path = tmp_path / "9.json"
    first = run_cli("worst", "--grid", "9x9", "--scheduler", client.scheduler.address, "--checkpoint", str(path))
    assert first.returncode == 0, first.stderr
    assert json.loads(path.read_text())["decision"] is None
    again = run_cli("worst", "--grid", "9x9", "--scheduler", client.scheduler.address, "--resume", str(path))
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[:2] == first.stdout.splitlines()[:2]
    other = run_cli("worst", "--grid", "9x10", "--scheduler", client.scheduler.address, "--resume", str(path))
    assert other.returncode == 2 and "is for another game" in other.stderr
    alone = run_cli("worst", "--grid", "9x9", "--checkpoint", str(path))
    assert alone.returncode == 2 and "--scheduler" in alone.stderr
