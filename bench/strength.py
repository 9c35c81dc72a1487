"""Agent strength: win shares of one agent against another, seats rotating, with 95% intervals.

Run:  python bench/strength.py GAME --agents heuristic,random --games 100 [--players 2] [--seed 0] [--jobs 2]
          [--option key=value ...] [--progress] [--start K] [--json FILE]

Prints the tournament table, the time per game and each agent's mean thinking time over the decisions
the game did not settle itself (more than one option and no ``heuristic_choice`` answer), both as wall-clock
seconds and as CPU seconds of the worker that played the game. The CPU figure is the fairer one on a shared
machine: a worker that the load (or a SIGSTOP) keeps off the CPU adds wall time to a move but no CPU time. It is
not load-free either (on the project's 2-core machine the same searches took up to 1.7 times the CPU seconds
with busy neighbours, docs/agents.md), and the machine itself has run python-chess anywhere from 8k to 31k
plies a second on different days. So each worker also times python-chess just before and after each game
(``--chess-seconds``) and prints **reference seconds**: the CPU seconds scaled to a machine running
``REFERENCE_CHESS`` python-chess plies a CPU second. A budget such as "0.5 s a move" is judged on those.
The issue's targets: ``heuristic`` beats ``random`` in at
least 80% of games, ``ismcts`` (about one second a move) beats ``heuristic`` in at least 60%. Games run in worker
processes; the result does not depend on ``--jobs``. ``--progress`` prints the running share (and CPU s a move)
after every game, so a long run that is stopped still tells what it had measured. ``--start K`` plays games K to
K + games - 1 of the seed's series (game i is seeded and seated as in a run from 0), so a long run can be split
over machines or resumed where a stopped one left off. ``--json FILE`` writes the figures and the load average
(at the start, after each game, at the end), rewritten after every game so that a stopped run keeps them.

``--paired`` plays every deal once in each seating: the games of a group of as many games as there are agents
share one seed (the same deal: in Advanced Civilization with ``nations=random`` the same nations, in every game
the same set-up) and the agents rotate through the seats within it. Where the deal decides most games (two
random nations of Advanced Civilization: docs/agents.md), its luck is then shared out evenly, and the report
adds each agent's deals won in every seating, split, and lost in every seating, and its share with an interval
over the deals as units (narrower than the games' Wilson interval when the deal decides: a split deal is
a draw, not a win and a loss).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludoteca.core import State, derive_seed
from ludoteca.speed import chess_rate
from ludoteca.stats import Z95, wilson
from ludoteca.tournament import play_game, seat_agents

REFERENCE_CHESS = 15_000.0
"""python-chess random plies per CPU second of the machine a "reference second" is counted on: what this
project's 2-core machine ran on quiet days (10-15k on 2026-12-01, 14.2k in ``bench/last-run.json``). The same
machine has also run at 8k and at 31k, so a budget such as "0.5 s a move" is judged on reference seconds."""


@dataclass
class Timed:
    """One game's outcome and each seat's thinking times over its open decisions (wall and CPU seconds)."""

    specs: list[str]
    winners: list[int]
    wall: float  # the whole game, wall clock
    cpu: float  # the whole game, CPU seconds of this process
    walls: list[list[float]] = field(default_factory=list)  # per seat, one entry per open decision
    cpus: list[list[float]] = field(default_factory=list)
    chess: float | None = None  # python-chess random plies per CPU second in this worker, around the game
    deal: int | None = None  # the index of the seed the game was dealt from (the same for a paired group)

    def reference(self, seat: int) -> list[float]:
        """``seat``'s CPU seconds a decision as on the reference machine (``REFERENCE_CHESS``): the CPU seconds
        scaled by how much faster or slower python-chess ran in the same worker around the game."""
        if self.chess is None:
            return []
        return [cpu * self.chess / REFERENCE_CHESS for cpu in self.cpus[seat]]


def timed_game(
    game_id: str, players: int, options: dict[str, str], specs: list[str], seed: int
) -> tuple[State, Timed]:
    """One game as ``tournament.play_game`` plays it, with each open decision's wall and CPU seconds."""
    walls: list[list[float]] = [[] for _ in range(players)]
    cpus: list[list[float]] = [[] for _ in range(players)]
    wall_start, cpu_start = time.perf_counter(), time.process_time()
    state, _ = play_game(game_id, players, options, specs, seed, thinking=walls, cpu_thinking=cpus)
    timed = Timed(
        specs, state.result()["winners"], time.perf_counter() - wall_start, time.process_time() - cpu_start, walls, cpus
    )
    return state, timed


def deal_of(index: int, group: int) -> int:
    """The index of the seed game ``index`` is dealt from: its own, or with ``--paired`` (``group`` > 1) its group's,
    so that the ``group`` consecutive games of a deal seat the agents in every rotation of the same set-up."""
    return index // group


def one(args: tuple[str, int, dict[str, str], list[str], int, int, float, int]) -> Timed:
    """Game ``index`` of the seed's series, in a worker process, with python-chess's speed in the same
    worker just before and just after it (``chess_seconds`` of CPU each; 0: not measured). ``group``: the games
    a deal is played in (1 unless ``--paired``)."""
    game, players, options, agents, seed, index, chess_seconds, group = args
    before = chess_rate(chess_seconds, clock=time.process_time) if chess_seconds else None
    deal = deal_of(index, group)
    timed = timed_game(game, players, options, seat_agents(agents, players, index), derive_seed(seed, deal))[1]
    timed.deal = deal
    if before is not None:
        timed.chess = (before + chess_rate(chess_seconds, clock=time.process_time)) / 2
    return timed


def mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def summary(agents: list[str], results: list[Timed]) -> dict[str, dict[str, Any]]:
    """Each agent's wins (a shared win split), share with its Wilson 95% interval, and wall, CPU and reference
    seconds a move over its open decisions."""
    wins = dict.fromkeys(agents, 0.0)
    walls: dict[str, list[float]] = {agent: [] for agent in agents}
    cpus: dict[str, list[float]] = {agent: [] for agent in agents}
    references: dict[str, list[float]] = {agent: [] for agent in agents}
    for timed in results:
        for seat in timed.winners:
            wins[timed.specs[seat]] += 1 / len(timed.winners)
        for seat, spec in enumerate(timed.specs):
            walls[spec] += timed.walls[seat]
            cpus[spec] += timed.cpus[seat]
            references[spec] += timed.reference(seat)
    games = len(results)
    table: dict[str, dict[str, Any]] = {}
    for agent in agents:
        low, high = wilson(wins[agent], games) if games else (0.0, 1.0)
        table[agent] = {
            "wins": wins[agent],
            "share": wins[agent] / games if games else 0.0,
            "ci95": [low, high],
            "open_decisions": len(cpus[agent]),
            "wall_s_per_move": mean(walls[agent]),
            "cpu_s_per_move": mean(cpus[agent]),
            "reference_s_per_move": mean(references[agent]),
        }
    return table


def paired(agents: list[str], results: list[Timed], group: int) -> dict[str, dict[str, Any]]:
    """Each agent's record over whole deals (``--paired``): deals won in every game, split, lost in every game, and
    its share as the mean of its per-deal shares with a normal 95% interval over the deals as units (Wilson's over
    the deals when every deal went the same way). A deal still short of its ``group`` games (a run stopped part-way)
    is left out."""
    by_deal: dict[int | None, list[Timed]] = {}
    for timed in results:
        by_deal.setdefault(timed.deal, []).append(timed)
    deals = [games for games in by_deal.values() if len(games) == group]
    table: dict[str, dict[str, Any]] = {}
    for agent in dict.fromkeys(agents):
        shares = []
        for games in deals:
            won = sum(1 / len(t.winners) for t in games for seat in t.winners if t.specs[seat] == agent)
            shares.append(won / len(games))
        n = len(shares)
        share = statistics.fmean(shares) if n else 0.0
        spread = statistics.stdev(shares) if n > 1 else 0.0
        if spread > 0:
            half = Z95 * spread / n**0.5
            interval = [max(0.0, share - half), min(1.0, share + half)]
        else:  # every deal went the same way: the normal interval has no width, Wilson's over the deals has
            interval = list(wilson(sum(shares), n)) if n else [0.0, 1.0]
        table[agent] = {
            "deals": n,
            "won_every_game": sum(1 for x in shares if x >= 1 - 1e-9),
            "lost_every_game": sum(1 for x in shares if x <= 1e-9),
            "share": share,
            "ci95": interval,
        }
    return table


def deal_counts(agents: list[str], results: list[Timed], group: int) -> str:
    """The first agent's whole deals so far, for the ``--progress`` line of a paired run ("" otherwise): a stopped
    run's line then says what its final report would have."""
    if group == 1:
        return ""
    row = paired(agents, results, group)[agents[0]]
    split = row["deals"] - row["won_every_game"] - row["lost_every_game"]
    return f"  deals won/split/lost {row['won_every_game']}/{split}/{row['lost_every_game']}"


def per_move(row: dict[str, Any]) -> str:
    """An agent's seconds a move as printed: CPU, reference (where python-chess was timed) and wall."""
    reference = row["reference_s_per_move"]
    shown = f"{row['cpu_s_per_move']:.3f} CPU s"
    if reference is not None:
        shown += f", {reference:.3f} reference s"
    return shown + f", {row['wall_s_per_move']:.3f} wall s"


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
    parser.add_argument("--json", type=Path, help="write the figures (and the load average) to this file")
    parser.add_argument(
        "--chess-seconds", type=float, default=0.5,
        help="CPU seconds of python-chess timed before and after each game, for the reference seconds (0: none)",
    )
    parser.add_argument(
        "--paired", action="store_true",
        help="play each deal in every seating: a group of as many games as agents shares one seed",
    )
    args = parser.parse_args()
    options = dict(option.split("=", 1) for option in args.option)
    agents = args.agents.split(";") if ";" in args.agents else args.agents.split(",")
    group = len(agents) if args.paired else 1
    if args.start % group or args.games % group:
        parser.error(f"--paired plays deals of {group} games: --start ({args.start}) and --games ({args.games})"
                     f" must be multiples of {group}")
    load_before = os.getloadavg()
    started = time.perf_counter()
    indices = range(args.start, args.start + args.games)
    work = [(args.game, args.players, options, agents, args.seed, i, args.chess_seconds, group) for i in indices]
    results: list[Timed] = []
    loads = [os.getloadavg()[0]]  # the 1-minute load average at the start and after each game

    def report() -> dict[str, Any]:
        return {
            "game": args.game,
            "players": args.players,
            "options": options,
            "seed": args.seed,
            "start": args.start,
            "games": len(results),
            "jobs": args.jobs,
            "agents": summary(agents, results),
            "cpu_s_per_game": sum(t.cpu for t in results) / len(results),
            "wall_s_per_game": sum(t.wall for t in results) / len(results),
            "wall_s": time.perf_counter() - started,
            "load_average": {"start": list(load_before), "end": list(os.getloadavg()), "after_each_game": loads[1:]},
            "reference_chess_plies_per_s": REFERENCE_CHESS,
            "per_game": [
                {"specs": t.specs, "winners": t.winners, "cpu_s": t.cpu, "wall_s": t.wall, "chess_plies_per_s": t.chess,
                 "deal": t.deal}
                for t in results
            ],
            **({"paired": paired(agents, results, group)} if args.paired else {}),
        }

    with ProcessPoolExecutor(args.jobs) as pool:
        for played, timed in enumerate(pool.map(one, work), start=1):
            results.append(timed)
            loads.append(os.getloadavg()[0])
            if args.json is not None:  # after every game, so a run that is stopped keeps what it measured
                args.json.write_text(json.dumps(report(), indent=2) + "\n")
            if args.progress:
                table = summary(agents, results)
                shares = "  ".join(
                    f"{agent} {row['share']:.1%}" + (f" ({per_move(row)})" if row["cpu_s_per_move"] is not None else "")
                    for agent, row in table.items()
                )
                deals = deal_counts(agents, results, group)
                print(f"  game {played}/{args.games}: {shares}{deals}  load {loads[-1]:.1f}", flush=True)
    final = report()
    table = final["agents"]
    shown = "".join(f", {key}={value}" for key, value in options.items())
    first = f", games {args.start}-{args.start + args.games - 1}" if args.start else ""
    print(f"{args.game}, {args.players} players{shown}, {args.games} games{first}, seats rotated, seed {args.seed}")
    for agent, row in sorted(table.items(), key=lambda item: -item[1]["wins"]):
        low, high = row["ci95"]
        if row["open_decisions"]:
            thinking = f"{per_move(row)} a move over {row['open_decisions']} open decisions"
        else:
            thinking = "no choice"
        print(f"  {agent:<40} {row['wins']:6.1f} wins  {row['share']:6.1%}  95% CI {low:.1%}-{high:.1%}  ({thinking})")
    for agent, row in final.get("paired", {}).items():
        low, high = row["ci95"]
        split = row["deals"] - row["won_every_game"] - row["lost_every_game"]
        print(
            f"  paired, {agent}: {row['deals']} deals of {group} games; won every game of {row['won_every_game']},"
            f" split {split}, lost every game of {row['lost_every_game']}; {row['share']:.1%}"
            f" (95% CI {low:.1%}-{high:.1%}, the deals as units)"
        )
    print(
        f"  {final['cpu_s_per_game']:.2f} CPU s ({final['wall_s_per_game']:.2f} wall s) per game, "
        f"{final['wall_s']:.0f} s wall with {args.jobs} jobs; load average {load_before[0]:.2f} at the start, "
        f"{final['load_average']['end'][0]:.2f} at the end"
    )


if __name__ == "__main__":
    main()
