"""A fewest-press proof on a Dask LocalCluster against the single-process run.

    .venv/bin/python bench/distributed_bench.py --game "torus 6x18" --workers 2 --tasks 256

Prints the game, its nullity, the single-process time, the cluster time, their ratio, the walk
rate per core measured on the cluster (solutions per second per worker), and the times expected
on 32 and 256 cores from that rate: members / (rate x cores) with 16 tasks per core, plus the
scheduler's cost per task (measured here from a run of empty tasks) times the number of tasks,
as if the scheduler handed them out one after another. `--skip-single` leaves out the single-process run (for long proofs).
"""

import argparse
import json
import time

import distributed

import lightsout as lo
import lightsout.distributed as lod


def build(text: str) -> lo.Game:
    kind, size = text.split()
    rows, cols = (int(x) for x in size.split("x"))
    return {"torus": lo.torus, "grid": lo.grid, "cylinder": lo.cylinder}[kind](rows, cols)


def noop(i: int) -> int:
    return i


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="torus 6x18")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--tasks", type=int, default=256)
    ap.add_argument("--skip-single", action="store_true")
    args = ap.parse_args()

    g = build(args.game)
    board = g.random_solvable(seed=args.seed)
    members = 2**g.nullity
    result = {"game": g.describe(), "nullity": g.nullity, "members": members}

    if not args.skip_single:
        t = time.perf_counter()
        single = g.minimal_solution(board, max_work=2**63, max_time=None)
        result["single_s"] = time.perf_counter() - t
        result["single_weight"] = single.weight
        assert single.proven_optimal

    cluster = distributed.LocalCluster(
        n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = distributed.Client(cluster)
    lod.minimal_solution(g, board, client=client, tasks=4)  # warm the workers up (imports)
    t = time.perf_counter()
    spread = lod.minimal_solution(g, board, client=client, tasks=args.tasks)
    result["cluster_s"] = time.perf_counter() - t
    assert spread.proven_optimal
    result["cluster_weight"] = spread.weight
    if "single_s" in result:
        assert spread.weight == result["single_weight"]
        result["ratio_single_over_cluster"] = result["single_s"] / result["cluster_s"]

    # The scheduler's cost per task: empty tasks through the same client.
    n = 2000
    t = time.perf_counter()
    client.gather(client.map(noop, range(n), pure=False))
    per_task = (time.perf_counter() - t) / n
    result["scheduler_s_per_task"] = per_task

    rate = members / (result["cluster_s"] * args.workers)
    result["rate_per_core"] = rate
    for cores in (32, 256):
        # 16 tasks per core (whole rounds, so no core idles at the end), and the scheduler
        # handing the tasks out one after another.
        tasks = 16 * cores
        result[f"expected_s_{cores}_cores"] = members / (rate * cores) + per_task * tasks
    client.close()
    cluster.close()
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
