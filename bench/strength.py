"""Agent strength: win shares of one agent against another, seats rotating, with 95% intervals.

Run:  python bench/strength.py GAME --agents heuristic,random --games 100 [--players 2] [--seed 0] [--jobs 2]
          [--option key=value ...] [--progress] [--start K]

Prints the tournament table, the time per game and each agent's mean thinking time over the decisions
the game did not settle itself (more than one option and no ``heuristic_choice`` answer). The issue's
targets: ``heuristic`` beats ``random`` in at least 80% of games, ``ismcts`` (about one second a move)
beats ``heuristic`` in at least 60%. Games run in worker processes; the result does not depend on ``--jobs``.
``--progress`` prints the running share after every game, so a long run that is stopped still tells
what it had measured. ``--start K`` plays games K to K + games - 1 of the seed's series (game i is seeded and
seated as in a run from 0), so a long run can be split over machines or resumed where a stopped one left off.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from ludoteca.core import derive_seed
from ludoteca.stats import wilson
from ludoteca.tournament import play_game, seat_agents


def one(
    args: tuple[str, int, dict[str, str], list[str], int, int],
) -> tuple[list[str], list[int], float, list[list[float]]]:
    game, players, options, agents, seed, index = args
    specs = seat_agents(agents, players, index)
    thinking: list[list[float]] = [[] for _ in range(players)]
    started = time.perf_counter()
    state, _ = play_game(game, players, options, specs, derive_seed(seed, index), thinking=thinking)
    return specs, state.result()["winners"], time.perf_counter() - started, thinking


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--agents", required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    parser.add_argument("--progress", action="store_true", help="print the running share after each game")
    parser.add_argument("--start", type=int, default=0, help="the index of the first game in the seed's series")
    args = parser.parse_args()
    options = dict(option.split("=", 1) for option in args.option)
    agents = args.agents.split(";") if ";" in args.agents else args.agents.split(",")
    wins = dict.fromkeys(agents, 0.0)
    started = time.perf_counter()
    indices = range(args.start, args.start + args.games)
    work = [(args.game, args.players, options, agents, args.seed, i) for i in indices]
    seconds = 0.0
    moves: dict[str, list[float]] = {agent: [] for agent in agents}
    with ProcessPoolExecutor(args.jobs) as pool:
        for played, (specs, winners, elapsed, thinking) in enumerate(pool.map(one, work), start=1):
            seconds += elapsed
            for seat in winners:
                wins[specs[seat]] += 1 / len(winners)
            for seat, times in enumerate(thinking):
                moves[specs[seat]] += times
            if args.progress:
                shares = "  ".join(f"{agent} {won / played:.1%}" for agent, won in wins.items())
                print(f"  game {played}/{args.games}: {shares}", flush=True)
    wall = time.perf_counter() - started
    shown = "".join(f", {key}={value}" for key, value in options.items())
    first = f", games {args.start}-{args.start + args.games - 1}" if args.start else ""
    print(f"{args.game}, {args.players} players{shown}, {args.games} games{first}, seats rotated, seed {args.seed}")
    for agent, won in sorted(wins.items(), key=lambda item: -item[1]):
        low, high = wilson(won, args.games)
        times = moves[agent]
        per_move = f"{sum(times) / len(times):.3f} s a move over {len(times)} open decisions" if times else "no choice"
        print(f"  {agent:<40} {won:6.1f} wins  {won / args.games:6.1%}  95% CI {low:.1%}-{high:.1%}  ({per_move})")
    print(f"  {seconds / args.games:.2f} s per game of CPU, {wall:.0f} s wall with {args.jobs} jobs")


if __name__ == "__main__":
    main()
