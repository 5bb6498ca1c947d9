"""Timing shared by the benchmark scripts of this folder (they import it as a sibling module)."""

from __future__ import annotations

import time
from typing import Callable


def best_of(fn: Callable[[], object], repeat: int) -> float:
    """The shortest wall time, in seconds, of `repeat` calls of `fn`."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)
