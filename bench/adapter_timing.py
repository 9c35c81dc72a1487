"""The timing loop the adapter benchmarks share (``adapter_step.py``, ``adapter_tensors.py``).

Both measure on a 2-core machine shared with other work, where wall-clock times swing by 3x: they count the
CPU time of this process (``time.process_time``), run the things compared in interleaved rounds (so that a
busy spell of the machine falls on all of them alike) and keep each one's least time, the round least
disturbed by the rest of the machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def cpu_seconds(work: Callable[[], Any], calls: int = 1) -> float:
    """CPU seconds of ``calls`` calls of ``work``."""
    start = time.process_time()
    for _ in range(calls):
        work()
    return time.process_time() - start


def least_of_rounds(measures: dict[str, Callable[[], float]], rounds: int = 3) -> dict[str, float]:
    """Run every measure once per round, in turn, ``rounds`` times; each measure returns the seconds it counted
    (so that it may leave set-up out). Returns each measure's least."""
    best = dict.fromkeys(measures, float("inf"))
    for _ in range(rounds):
        for name, measure in measures.items():
            best[name] = min(best[name], measure())
    return best
