"""Memory of a long simulation: does the resident size stay flat over 10,000 games?

Run:  python bench/memory.py [--game advanced-civilization] [--players 2] [--agents random] [--games 10000]

Plays the games through ``run_simulation`` in this process (one job, so every game's allocations land
in the process being measured) and reads the resident set size (``VmRSS`` of ``/proc/self/status``)
every ``--every`` games. It prints the samples, the growth from the first sample to the last and the
growth per 1,000 games over the second half (after warm-up: imports, content tables, caches). A leak
of one state per game would show as tens of megabytes per 1,000 games. No test depends on this.
"""

from __future__ import annotations

import argparse
import gc
import json
import tempfile
import time
from pathlib import Path

from ludoteca.sim import plan_games, run_simulation


def resident_kb() -> int:
    """This process's resident set size in KB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status (this benchmark needs Linux)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="advanced-civilization")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--every", type=int, default=500)
    parser.add_argument("--json", type=Path, default=None, help="also write the samples to this file")
    args = parser.parse_args()

    plan = plan_games(args.game, args.players, args.agents.split(","), args.games, seed=1)
    samples: list[tuple[int, int]] = [(0, resident_kb())]
    started = time.perf_counter()

    def sample(done: int) -> None:
        if done % args.every == 0:
            gc.collect()
            samples.append((done, resident_kb()))

    with tempfile.TemporaryDirectory() as folder:
        outcome = run_simulation(plan, Path(folder), jobs=1, progress=sample)
    seconds = time.perf_counter() - started

    print(f"{args.game}, {args.players} players, {args.games} games of {args.agents}: {seconds:.0f} s, "
          f"{len(outcome.failures)} failures")
    for done, kb in samples:
        print(f"  after {done:>6} games: {kb / 1024:8.1f} MB resident")
    half = [s for s in samples if s[0] >= args.games // 2]
    slope = (half[-1][1] - half[0][1]) / max(half[-1][0] - half[0][0], 1) * 1000 / 1024
    first = next(kb for done, kb in samples if done > 0)
    print(f"  growth from game {samples[1][0]} to the end: {(samples[-1][1] - first) / 1024:.1f} MB; "
          f"second half: {slope:.2f} MB per 1,000 games")
    if args.json:
        args.json.write_text(json.dumps({"game": args.game, "players": args.players, "agents": args.agents,
                                         "games": args.games, "seconds": seconds, "samples_kb": samples,
                                         "second_half_mb_per_1000_games": slope}, indent=1))


if __name__ == "__main__":
    main()
