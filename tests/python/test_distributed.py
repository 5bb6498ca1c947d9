"""lightsout.distributed on a real dask.distributed LocalCluster of 2 worker processes: the
cluster's answers equal the single-process answers, also when a worker is killed mid-run."""

import os
import pickle
import time

import numpy as np
import pytest

import dask.array as da
import dask.bag as db
import distributed

import lightsout as lo
import lightsout.distributed as lod
from conftest import kill_a_worker_during


def same_minimal(a, b):
    assert np.array_equal(a.presses, b.presses)
    assert (a.weight, a.proven_optimal, a.lower_bound, a.explored, a.method) == (
        b.weight,
        b.proven_optimal,
        b.lower_bound,
        b.explored,
        b.method,
    )


def same_stats(a, b):
    assert (a.histogram, a.solvable_boards, a.max_presses, a.mean, a.rank, a.nullity, a.modulus) == (
        b.histogram,
        b.solvable_boards,
        b.max_presses,
        b.mean,
        b.rank,
        b.nullity,
        b.modulus,
    )


# Games of nullity 20..28 (GF(2)) and of every kind, each searched in a second or two.
SEARCHES = [
    ("torus 10x30 (nullity 20)", lambda: lo.torus(10, 30), 20),
    ("graph: 3 disjoint K_8 and a path (nullity 21)", lambda: cliques(3, 8), 21),
    ("torus 12x24 (nullity 24)", lambda: lo.torus(12, 24), 24),
    ("torus 14x18 (nullity 28)", lambda: lo.torus(14, 18), 28),
    ("torus 9x12 over Z_3 (nullity 12)", lambda: lo.torus(9, 12, modulus=3), 12),
    ("cube 5", lambda: lo.cube(5), None),
]


def cliques(k, size):
    """k disjoint cliques (a press toggles its whole clique) and a 3-vertex path."""
    edges = [(c * size + i, c * size + j) for c in range(k) for i in range(size) for j in range(i + 1, size)]
    n = k * size
    return lo.graph(n + 3, edges + [(n, n + 1), (n + 1, n + 2)])


@pytest.mark.parametrize("name,make,nullity", SEARCHES, ids=[s[0] for s in SEARCHES])
def test_fewest_presses_on_the_cluster_equal_one_process(client, name, make, nullity):
    g = make()
    if nullity is not None:
        assert g.nullity == nullity
    board = g.random_solvable(seed=5)
    single = g.minimal_solution(board, max_time=None)
    assert single.proven_optimal
    spread = lod.minimal_solution(g, board, client=client, tasks=64)
    same_minimal(spread, single)
    # Flat boards come back flat, like the single call.
    flat = lod.minimal_solution(g, np.asarray(board).reshape(-1), client=client, tasks=16)
    assert flat.presses.shape == (g.size,)
    assert np.array_equal(flat.presses, np.asarray(single.presses).reshape(-1))


def test_a_killed_worker_does_not_change_the_answer(client):
    g = lo.torus(14, 18)  # nullity 28: 2**28 solutions, 256 tasks
    board = g.random_solvable(seed=11)
    single = g.minimal_solution(board, max_time=None)
    # The worker dies while the search runs; the nanny brings a new worker process up, and the
    # cluster goes on working.
    spread = kill_a_worker_during(client, lambda: lod.minimal_solution(g, board, client=client, tasks=256))
    same_minimal(spread, single)
    same_minimal(lod.minimal_solution(g, board, client=client, tasks=16), single)


def test_time_limit_gives_a_valid_unproven_answer(client):
    g = lo.torus(14, 18)
    board = g.random_solvable(seed=3)
    truth = g.minimal_solution(board, max_time=None)
    cut = lod.minimal_solution(g, board, client=client, tasks=64, max_time=1e-9)
    assert not cut.proven_optimal
    assert cut.lower_bound <= truth.weight <= cut.weight
    assert not g.apply(board, cut.presses).any()
    with pytest.raises(ValueError, match="max_time"):
        lod.minimal_solution(g, board, client=client, max_time=-1)


def test_boards_needing_no_search_and_unsolvable_boards(client):
    g = lo.torus(10, 30)
    zero = np.zeros(g.shape, dtype=np.int64)
    same_minimal(lod.minimal_solution(g, zero, client=client), g.minimal_solution(zero))
    board = np.zeros(g.size, dtype=np.int64)
    board[0] = 1
    with pytest.raises(lo.UnsolvableError):
        lod.minimal_solution(g, board, client=client)


STATS = [
    lambda: lo.grid(4, 6),  # 2**24 coset members
    lambda: lo.torus(4, 5),
    lambda: lo.grid(3, 4, modulus=3),
    lambda: lo.grid(3, 3),  # nullity 0: one task, no walk
]


@pytest.mark.parametrize("make", STATS)
def test_statistics_on_the_cluster_equal_one_process(client, make):
    g = make()
    same_stats(lod.stats(g, client=client, tasks=32), lo.stats(g))


def test_statistics_refuse_partial_tables(client):
    with pytest.raises(TimeoutError, match="partial table"):
        lod.stats(lo.grid(5, 6), client=client, max_time=1e-9)


def test_work_and_parts_pickle_and_are_checked():
    g = lo.torus(10, 30)
    split = lo._core.split_minimal(g, g.random_solvable(seed=1), tasks=8)
    work = pickle.loads(pickle.dumps(split.work))
    assert work.id == split.work.id and work.tasks == split.tasks == 8
    parts = [pickle.loads(pickle.dumps(work.run(i))) for i in range(8)]
    same_minimal(split.combine(parts), g.minimal_solution(g.random_solvable(seed=1)))
    with pytest.raises(ValueError, match="not valid"):
        lo._core.CosetWork(b"nonsense")
    with pytest.raises(ValueError, match="task must be in 0..8"):
        work.run(8)
    other = lo._core.split_minimal(g, g.random_solvable(seed=2), tasks=8)
    with pytest.raises(ValueError, match="another search"):
        split.combine([other.work.run(0)])
    sw = lo._core.split_stats(lo.grid(4, 4), tasks=4)
    again = pickle.loads(pickle.dumps(sw))
    sparts = [pickle.loads(pickle.dumps(again.run(i))) for i in range(4)]
    same_stats(sw.combine(sparts), lo.stats(lo.grid(4, 4)))
    with pytest.raises(ValueError, match="missing"):
        sw.combine(sparts[:3])
    with pytest.raises(ValueError, match="tasks must be"):
        lo._core.split_stats(lo.grid(4, 4), tasks=0)


# ---------------------------------------------------------------- batches

GAMES = [
    lambda: lo.preset("classic"),
    lambda: lo.torus(4, 4, modulus=3),
    lambda: lo.cube(2),
    lambda: lo.mask([[1, 1, 0], [1, 1, 1], [0, 1, 1]]),
    lambda: lo.graph(6, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)], modulus=5),
]


@pytest.mark.parametrize("make", GAMES)
def test_batches_on_the_cluster_equal_one_process(client, make):
    g = make()
    boards = lod.random_solvable(g, 300, seed=7, chunks=64)
    assert boards.shape == (300,) + tuple(g.shape) and boards.numblocks[0] == 5
    local = boards.compute(scheduler="sync")
    # The same boards whatever the chunking, and on the cluster.
    assert np.array_equal(lod.random_solvable(g, 300, seed=7, chunks=100).compute(scheduler="sync"), local)
    [on_cluster] = client.gather([client.compute(boards)])
    assert np.array_equal(on_cluster, local)
    presses, solvable = client.compute(lod.solve_many(g, boards, return_solvable=True), sync=True)
    assert solvable.all()
    assert np.array_equal(presses, lo.solve_many(g, local))
    assert np.array_equal(client.compute(lod.solve_many(g, boards), sync=True), presses)
    labels = client.compute(lod.fewest_presses(g, boards), sync=True)
    assert labels.tolist() == [g.minimal_solution(b).weight for b in local]
    # Random flat boards, many unsolvable: flagged as one process flags them, labelled -1.
    raw = np.random.default_rng(1).integers(0, g.modulus, size=(200, g.size))
    flags = lo.solve_many(g, raw, return_solvable=True)[1]
    got = client.compute(lod.is_solvable(g, da.from_array(raw, chunks=50)), sync=True)
    assert got.tolist() == flags.tolist()
    labels = client.compute(lod.fewest_presses(g, da.from_array(raw[:40], chunks=16)), sync=True)
    assert labels.tolist() == [g.minimal_solution(b).weight if ok else -1 for b, ok in zip(raw[:40], flags[:40])]


def test_unsolvable_board_in_a_batch_names_its_index(client):
    g = lo.preset("classic")
    boards = np.stack([g.random_solvable(seed=i) for i in range(40)])
    boards[33] = 0
    boards[33, 0, 0] = 1  # a corner alone cannot be solved on the 5x5
    lazy = lod.solve_many(g, da.from_array(boards, chunks=10))
    with pytest.raises(lo.UnsolvableError) as e:
        client.compute(lazy, sync=True)
    assert e.value.board_index == 33
    assert client.compute(lod.fewest_presses(g, da.from_array(boards, chunks=10)), sync=True)[33] == -1


def test_bags_of_boards(client):
    g = lo.torus(5, 5)
    boards = [g.random_solvable(seed=i) for i in range(30)]
    bag = db.from_sequence(boards, npartitions=4)
    presses = client.compute(lod.solve_many(g, bag), sync=True)
    assert all(not g.apply(b, s).any() for b, s in zip(boards, presses))
    assert client.compute(lod.is_solvable(g, bag), sync=True) == [True] * 30
    assert client.compute(lod.fewest_presses(g, bag), sync=True) == [g.minimal_solution(b).weight for b in boards]


def test_composite_moduli_take_the_routes_of_one_process(client):
    # Over Z_6 the fewest presses are searched board by board (the bulk minimizer takes prime
    # moduli; it used to fail inside every task), and over Z_4, where the 4 x 4 grid has no
    # pseudoinverse, solvability is asked board by board as Game.is_solvable does (it raised).
    for g in (lo.grid(2, 3, modulus=6), lo.grid(4, 4, modulus=4)):
        raw = np.random.default_rng(g.modulus).integers(0, g.modulus, size=(30, g.size))
        raw[::3] = [np.asarray(g.random_solvable(seed=i)).ravel() for i in range(10)]
        flags = [g.is_solvable(b) for b in raw]
        assert any(flags) and not all(flags)
        got = client.compute(lod.is_solvable(g, da.from_array(raw, chunks=8)), sync=True)
        assert got.tolist() == flags
        labels = client.compute(lod.fewest_presses(g, da.from_array(raw, chunks=8)), sync=True)
        assert labels.tolist() == [g.minimal_solution(b).weight if ok else -1 for b, ok in zip(raw, flags)]


def test_closed_clients_are_named_clearly():
    g = lo.torus(10, 30)  # nullity 20: the search goes to the cluster
    board = g.random_solvable(seed=1)
    cluster = distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=":0", silence_logs=40)
    closed = distributed.Client(cluster, set_as_default=False)
    closed.close()
    with pytest.raises(ValueError, match="the Dask client is closed"):
        lod.minimal_solution(g, board, client=closed)
    orphan = distributed.Client(cluster, set_as_default=False)
    cluster.close()
    with pytest.raises(ValueError, match="the Dask client is .*cluster is closed|the Dask client is closed"):
        lod.stats(lo.grid(3, 3), client=orphan)
    orphan.close()


def test_bad_batches_are_clear_errors():
    g = lo.preset("classic")
    with pytest.raises(ValueError, match=r"shape \(B, 25\) or \(B, 5, 5\)"):
        lod.solve_many(g, da.zeros((4, 24), dtype=np.int64))
    with pytest.raises(ValueError, match="integers"):
        lod.is_solvable(g, da.zeros((4, 25), dtype=np.float64))
    with pytest.raises(ValueError, match="count"):
        lod.random_solvable(g, -1)
    with pytest.raises(TypeError, match="client"):
        lod.get_client(42)


# ---------------------------------------------------------------- the command line


def cli():
    """The lightsout binary (scripts/test-parts/python.sh builds it and names it)."""
    import pathlib

    path = os.environ.get("LIGHTSOUT_CLI") or str(pathlib.Path(__file__).parents[2] / "target" / "debug" / "lightsout")
    assert os.path.exists(path), f"build the command line first (cargo build -p lightsout-cli): {path} is missing"
    return path


def run_cli(*args, python=None):
    import subprocess
    import sys

    env = dict(os.environ, LIGHTSOUT_PYTHON=python or sys.executable)
    env["DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT"] = "2s"  # an unreachable scheduler fails fast
    return subprocess.run([cli(), *args], capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--torus", "10x30", "--random", "4", "--minimal"],
        ["solve", "--torus", "6x12", "--modulus", "3", "--random", "2", "--minimal"],
        ["stats", "--torus", "4x5"],
        ["stats", "--grid", "3x4", "--modulus", "3", "--json"],
    ],
)
def test_command_line_scheduler_prints_what_a_local_run_prints(client, args):
    local = run_cli(*args)
    assert local.returncode == 0, local.stderr
    remote = run_cli(*args, "--scheduler", client.scheduler.address)
    assert remote.returncode == 0, remote.stderr
    assert remote.stdout == local.stdout


def test_command_line_scheduler_errors(client, tmp_path):
    bad = run_cli("stats", "--grid", "3x3", "--scheduler", "tcp://127.0.0.1:9")
    assert bad.returncode == 2
    assert "cannot reach the Dask scheduler" in bad.stderr
    # An interpreter without the package: the message says how to install it.
    empty = tmp_path / "venv"
    import subprocess
    import sys

    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(empty)], check=True)
    missing = run_cli("stats", "--grid", "3x3", "--scheduler", "local", python=str(empty / "bin" / "python"))
    assert missing.returncode == 2
    assert "No module named" in missing.stderr and "lightsout-solver[dask]" in missing.stderr


def test_time_limits_count_connecting_and_cluster_start_up():
    # An unreachable scheduler used to wait Dask's 30 s connect timeout whatever max_time said;
    # the command line's --time-limit covers the interpreter's start-up and the local cluster's
    # too. The margins are for a loaded machine: this checks that the limit is obeyed.
    import subprocess
    import sys

    g = lo.torus(10, 30)
    board = g.random_solvable(seed=3)
    t0 = time.monotonic()
    # The message names our limit ("within ... s"): it is ours that stopped the call, not
    # Dask's 30 s connect timeout.
    with pytest.raises(OSError, match=r"cannot reach the Dask scheduler at 'tcp://127.0.0.1:1' within [0-9.]+ s"):
        lod.minimal_solution(g, board, client="tcp://127.0.0.1:1", max_time=1.5)
    # A hang guard, 20 times the limit: the speed of stopping is not what is checked here.
    assert time.monotonic() - t0 < 20 * 1.5
    env = {k: v for k, v in os.environ.items() if not k.startswith("DASK_")}
    env["LIGHTSOUT_PYTHON"] = sys.executable
    for scheduler, code in [("tcp://127.0.0.1:1", 2), ("local", 0)]:
        t0 = time.monotonic()
        run = subprocess.run(
            [cli(), "solve", "--grid", "61x61", "--minimal", "--scheduler", scheduler, "--time-limit", "3"],
            capture_output=True, text=True, env=env, timeout=120,
        )
        took = time.monotonic() - t0
        assert run.returncode == code, run.stderr
        # A hang guard, 20 times the limit (a loaded machine starts a cluster slowly); that the
        # limit, not the whole search, ended the run is what the output says below.
        assert took < 20 * 3, f"--scheduler {scheduler} --time-limit 3 took {took:.1f} s"
    assert "Not proven fewest" in run.stdout


def test_progress_bar_shows_the_cluster_tasks(client, capsys):
    g = lo.torus(10, 30)
    board = g.random_solvable(seed=8)
    best = lod.minimal_solution(g, board, client=client, tasks=16, progress=True)
    assert best.proven_optimal
    err = capsys.readouterr().err
    assert "16/16 tasks" in err
