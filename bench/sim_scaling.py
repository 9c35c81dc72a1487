"""Simulation scaling: games per second with 1 worker and with 2 (the issue asks for at least 1.6x).

Run:  python bench/sim_scaling.py [--game mankind] [--players 3] [--agents random] [--games 40]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from ludoteca.sim import plan_games, run_simulation


def rate(plan: list, jobs: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        run_simulation(plan, Path(folder), jobs=jobs)
        return len(plan) / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="mankind")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    plan = plan_games(args.game, args.players, args.agents.split(","), args.games, seed=1)
    one = rate(plan, 1)
    two = rate(plan, 2)
    print(f"{args.game}, {args.players} players, {args.games} games of {args.agents}")
    print(f"  jobs 1: {one:.2f} games/s   jobs 2: {two:.2f} games/s   speed-up {two / one:.2f}x")


if __name__ == "__main__":
    main()
