"""What a cluster needs to close an open worst case: the CPU time of the next decision,
projected from a random sample of its tasks.

For each game the split is carried to its open decision (the bound proven so far, passed with
``--bound`` or found by the local search and the decisions this machine settles at once), the
decision is cut into ``--tasks`` subtrees, and a uniform random sample of them runs, each within
``--cap`` seconds. The decision's cost is then ``tasks x mean`` with the standard error of the
mean; a task stopped at the cap counts as the cap, so the projection is then a lower bound
(marked ">="). Run it on an otherwise idle machine:

    python python/benchmarks/worst_projection.py --sample 12 --cap 20 \\
        "grid 19x19:176" "grid 23x23:266" "torus 10x10:43" "grid 29x29:444"

Each game is ``KIND RxC [mod K][:BOUND]`` with KIND one of lightsout's board constructors
taking rows and columns (``grid 19x19``, ``torus 10x10:43``, ``grid 14x14 mod 3:196``).
"""

from __future__ import annotations

import argparse
import math
import random
import time

import lightsout as lo


def game_of(text: str) -> lo.Game:
    """``grid 19x19``, ``grid 14x14 mod 3`` and the like."""
    words = text.split()
    rows, _, cols = words[1].partition("x")
    modulus = int(words[3]) if len(words) == 4 and words[2] == "mod" else 2
    return getattr(lo, words[0])(int(rows), int(cols), modulus=modulus)


def project(spec: str, bound: int | None, tasks: int, sample: int, cap: float, seed: int) -> dict:
    game = game_of(spec)
    split = lo._core.split_worst(game, tasks=tasks)
    if bound is not None:
        split.assume_upper_bound(bound)
    # The decisions one thread settles in a second or so are not the open ones.
    while split.decision is not None and split.try_here(1 << 28):
        pass
    row = {"game": spec, "nullity": game.nullity, "found": split.weight, "bound": split.upper_bound}
    if split.decision is None:
        return dict(row, note="proven: no open decision")
    work = split.work()
    picks = random.Random(seed).sample(range(work.tasks), min(sample, work.tasks))
    times, capped = [], 0
    for task in picks:
        start = time.process_time()
        part = work.run_within(task, max_time=cap)
        times.append(time.process_time() - start)
        if part is None:
            capped += 1
        elif part.board is not None:
            return dict(row, note=f"task {task} found a board needing {split.decision} presses")
    mean = sum(times) / len(times)
    sd = math.sqrt(sum((t - mean) ** 2 for t in times) / max(len(times) - 1, 1))
    total = work.tasks * mean
    error = work.tasks * sd / math.sqrt(len(times))
    return dict(
        row,
        decision=split.decision,
        tasks=work.tasks,
        sampled=len(times),
        capped=capped,
        hours=total / 3600,
        error=error / 3600,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="+", help="KIND RxC[:BOUND], e.g. 'grid 19x19:176'")
    parser.add_argument("--tasks", type=int, default=4096, help="subtrees per decision (default 4096)")
    parser.add_argument("--sample", type=int, default=12, help="tasks run per game (default 12)")
    parser.add_argument("--cap", type=float, default=20.0, help="seconds per task at most (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| game | nullity | board found | bound | open decision | tasks | sampled (at the cap) | core-hours |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for item in args.games:
        spec, _, bound = item.partition(":")
        r = project(spec, int(bound) if bound else None, args.tasks, args.sample, args.cap, args.seed)
        if "note" in r:
            print(f"| {r['game']} | {r['nullity']} | {r['found']} | {r['bound']} | {r['note']} | | | |")
            continue
        lower = ">= " if r["capped"] else ""
        print(
            f"| {r['game']} | {r['nullity']} | {r['found']} | {r['bound']} | {r['decision']} presses | {r['tasks']} "
            f"| {r['sampled']} ({r['capped']}) | {lower}{r['hours']:.3g} ± {r['error']:.2g} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
