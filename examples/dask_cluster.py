"""A fewest-press proof, a worst-case proof, a statistics table and a labelled data set on a
Dask cluster.

    python examples/dask_cluster.py                  # a LocalCluster on this machine
    python examples/dask_cluster.py tcp://HOST:8786  # any scheduler

Needs `pip install 'lightsout-solver[dask]'`.
"""

import os
import sys
import tempfile

import distributed

import lightsout as lo
import lightsout.distributed as lod


def main() -> None:
    address = sys.argv[1] if len(sys.argv) > 1 else "local"
    client = lod.get_client(address)
    print(client)

    g = lo.torus(14, 18)  # nullity 28: every board has 2**28 solutions
    board = g.random_solvable(seed=1)
    best = lod.minimal_solution(g, board, client=client, progress=True)
    print(f"{g.describe()}: {best.weight} presses, proven optimal: {best.proven_optimal}")

    # The worst case of the 16 x 16 grid, its decisions cut into tasks; a checkpoint records
    # the run, and resume= carries on from it after a crash or Ctrl-C.
    checkpoint = os.path.join(tempfile.mkdtemp(), "16x16.json")
    worst = lod.worst_case(lo.grid(16, 16), client=client, checkpoint=checkpoint, progress=True)
    print(f"16 x 16 grid: every board needs at most {worst.weight} presses: {worst.proven_optimal}")

    # The decisions search one board of each orbit of the game's symmetries (symmetry="detect",
    # the default); "plain" searches every board (the same answer after more work, to compare),
    # and a list of permutations of the buttons names the symmetries (each checked).
    g9 = lo.grid(9, 9)
    half_turn = [g9.size - 1 - j for j in range(g9.size)]
    for name, symmetry in [("none", "plain"), ("the half turn", [half_turn]), ("detected", "detect")]:
        again = lod.worst_case(g9, client=client, symmetry=symmetry)
        print(f"9 x 9 grid, symmetries {name}: {again.weight} presses, {again.explored} search entries")

    table = lod.stats(lo.torus(4, 5), client=client)
    print(table.table())

    boards = lod.random_solvable(lo.preset("classic"), 20_000, seed=7, chunks=5_000)
    labels = lod.fewest_presses(lo.preset("classic"), boards)
    future = client.compute(labels)
    distributed.progress(future, scheduler=client.scheduler.address)
    print("\nfewest presses of the first boards:", future.result()[:10].tolist())


if __name__ == "__main__":
    main()
