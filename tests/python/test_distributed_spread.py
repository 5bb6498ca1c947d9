"""A decision's tasks run on every worker of the cluster, not only on the one holding its work.

Dask gives each task to the worker that holds its input (the shared work) and moves tasks to
idle workers only by work stealing, which skips tasks whose expected duration (learned per key
prefix) is short against moving their input. The work and the tasks therefore carry prefixes
of their own; when they shared one, the tasks inherited the work's microseconds and a decision
of hours ran on a single worker."""

import distributed
from dask.utils import key_split

import lightsout as lo
import lightsout.distributed as lod


def test_a_decision_runs_on_both_workers(client):
    # The 10 x 10 torus's decision at 43 presses without symmetries: about 1.5 million nodes
    # in 64 subtrees, a few seconds of CPU, no board (the bound 43 is ruled out).
    game = lo.torus(10, 10)
    split = lo._core.split_worst(game, tasks=64, max_work=1 << 26, symmetry="plain")
    split.assume_upper_bound(43)
    assert split.decision == 43
    work = split.work()
    record = lod._Checkpoint(game, 64)
    done = {}
    with distributed.get_task_stream(client) as stream:
        board = lod._run_decision(client, work, list(range(work.tasks)), done, record, None, 600.0, False, 0, 43)
    assert board is None and len(done) == work.tasks
    workers = {t["worker"] for t in stream.data if key_split(t["key"]) == "lightsout-worst"}
    assert len(workers) == 2, f"the decision's tasks ran on {workers}, expected both workers"



def test_board_statistics_run_on_both_workers(client):
    # 2^33 coset members in 256 tasks, a few seconds of CPU: the same table as one machine's
    # walk would give, from both workers.
    game = lo.torus(3, 11)
    with distributed.get_task_stream(client) as stream:
        stats = lod.stats(game, client=client)
    assert sum(stats.histogram) == stats.solvable_boards == 2 ** (game.size - game.nullity)
    workers = {t["worker"] for t in stream.data if key_split(t["key"]) == "lightsout-run-stats-task"}
    assert len(workers) == 2, f"the statistics' tasks ran on {workers}, expected both workers"
