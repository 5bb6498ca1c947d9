"""A fewest-press proof on a Dask LocalCluster against the single-process run.

    .venv/bin/python bench/distributed_bench.py --game "torus 16x24" --workers 2
    .venv/bin/python bench/distributed_bench.py --game "torus 30x34" --workers 2 --tasks 4096 --sample 32

The first form runs the whole proof twice, in this process (`game.minimal_solution`, one
thread per core) and on a LocalCluster of `--workers` single-threaded worker processes
(`lightsout.distributed.minimal_solution`), checks that both prove the same weight, and
prints both times and their ratio. The second form runs only the first `--sample` tasks of the
split on the cluster: enough to measure the walk rate of that game.

Either way it prints the walk rate per core measured on the cluster (solutions per second per
worker) and the expected time of the whole proof on 32 and 256 cores from that rate:
members / (rate x cores) with 16 tasks per core, plus the scheduler's cost per task (measured
here from a run of empty tasks) times the number of tasks, as if the scheduler handed them out
one after another.
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


def run_task(i: int, work: "lo._core.CosetWork") -> "lo._core.CosetPart":
    return work.run(i)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="torus 16x24")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--tasks", type=int, default=256)
    ap.add_argument("--sample", type=int, default=0, help="run only this many tasks (0: the whole proof)")
    args = ap.parse_args()

    g = build(args.game)
    board = g.random_solvable(seed=args.seed)
    members = g.modulus**g.nullity
    result = {"game": g.describe(), "nullity": g.nullity, "members": members, "workers": args.workers}

    if not args.sample:
        t = time.perf_counter()
        single = g.minimal_solution(board, max_work=2**63, max_time=None)
        result["single_s"] = time.perf_counter() - t
        result["single_weight"] = single.weight
        assert single.proven_optimal

    cluster = distributed.LocalCluster(
        n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = distributed.Client(cluster)
    lod.minimal_solution(lo.torus(6, 6), lo.torus(6, 6).random_solvable(seed=1), client=client)  # warm up
    if args.sample:
        split = lo._core.split_minimal(g, board, tasks=args.tasks)
        per_task = members // split.tasks
        t = time.perf_counter()
        [work] = client.scatter([split.work], broadcast=True)
        parts = client.gather(client.map(run_task, range(args.sample), work=work, pure=False))
        result["sample_s"] = time.perf_counter() - t
        result["sample_tasks"] = f"{len(parts)} of {split.tasks}, {per_task} members each"
        walked = per_task * len(parts)
        rate = walked / (result["sample_s"] * args.workers)
        result["expected_cluster_s_here"] = members / (rate * args.workers)
    else:
        t = time.perf_counter()
        spread = lod.minimal_solution(g, board, client=client, tasks=args.tasks)
        result["cluster_s"] = time.perf_counter() - t
        assert spread.proven_optimal and spread.weight == result["single_weight"]
        result["ratio_single_over_cluster"] = result["single_s"] / result["cluster_s"]
        rate = members / (result["cluster_s"] * args.workers)
    result["rate_per_core"] = rate

    n = 2000
    t = time.perf_counter()
    client.gather(client.map(noop, range(n), pure=False))
    overhead = (time.perf_counter() - t) / n
    result["scheduler_s_per_task"] = overhead
    for cores in (32, 256):
        result[f"expected_s_{cores}_cores"] = members / (rate * cores) + overhead * 16 * cores
    client.close()
    cluster.close()
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
