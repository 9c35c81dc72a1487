"""Advanced Civilization start areas: the win share of each (nation, start area) in bot games.

Run:  python bench/ac_start_areas.py [--games 2000] [--players 2] [--agent heuristic] [--seed 0] [--jobs 2]
          [--option key=value ...] [--json FILE]

Where a nation has more than one start area (§4.4), a bot's one move of look-ahead sees several alike (one
token, no city) and would draw one at random; ``data/bots.toml``'s ``start_preference`` names the area the bots
take instead. This report is how that table is measured: it plays seeded games with nations dealt at random
(``nations=random``) and each nation's start area drawn evenly among all of its areas on the map, once a game
(the table is replaced in the worker processes, so an area the look-ahead would never pick is measured too),
reads each seat's nation and start area from the log (the ``start`` event of §4.4's placement), and prints, per
nation, the win share of each of its areas with a 95% Wilson interval (a tie shares the win). A fair share is
one in ``--players``.

The bots' other choices are those of the committed play, so the figures rate the areas as these bots use
them, not as a person would.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ludoteca.core import derive_seed
from ludoteca.games.advanced_civilization import content
from ludoteca.games.advanced_civilization.state import CivState
from ludoteca.stats import wilson
from ludoteca.tournament import play_game


def one(args: tuple[int, str, dict[str, Any], int]) -> dict[str, Any]:
    """One game with every start area drawn by the bots: each seat's nation and area, and the winners."""
    players, agent, options, seed = args
    draw = random.Random(derive_seed(seed, 1_000))  # the areas of this game, apart from the game's own generator
    board = content.standard_board(str(options.get("map", "main")))
    starts = {name: [a for a in nation.start if a in board.areas] for name, nation in content.nations().items()}
    areas = {name: draw.choice(on_board) for name, on_board in starts.items() if on_board}
    content.start_preference = lambda *_: areas  # type: ignore[assignment]
    state, _ = play_game("advanced-civilization", players, options, [agent] * players, seed)
    assert isinstance(state, CivState)
    placed = {e["seat"]: e["area"] for e in state.log if e["type"] == "start" and "area" in e}
    return {
        "nations": list(state.data["nations"]),
        "starts": [placed[s] for s in range(players)],
        "winners": list(state.result()["winners"]),
    }


def report(games: list[dict[str, Any]], players: int) -> str:
    """Per nation (best first), its share over all its games, then each start area's share."""
    played: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    won: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for game in games:
        for seat, (nation, area) in enumerate(zip(game["nations"], game["starts"], strict=True)):
            played[nation][area] += 1
            if seat in game["winners"]:
                won[nation][area] += 1 / len(game["winners"])
    lines = [f"{len(games)} games of {players} players; a fair share is {100 / players:.1f}%"]

    def share(w: float, n: float) -> str:
        low, high = wilson(w, int(n))
        return f"{100 * w / n:5.1f}% of {int(n):4d} ({100 * low:.1f}-{100 * high:.1f}%)"

    def total(nation: str) -> tuple[float, float]:
        return sum(won[nation].values()), sum(played[nation].values())

    for nation in sorted(played, key=lambda n: -total(n)[0] / total(n)[1]):
        lines.append(f"{nation:10s} {share(*total(nation))}")
        for area in sorted(played[nation], key=lambda a: -won[nation][a] / played[nation][a]):
            lines.append(f"  {area:18s} {share(won[nation][area], played[nation][area])}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], help="a game option, key=value")
    parser.add_argument("--json", help="also write every game's nations, areas and winners here")
    args = parser.parse_args()
    options: dict[str, Any] = {"nations": "random"}
    for pair in args.option:
        key, value = pair.split("=", 1)
        options[key] = int(value) if value.isdigit() else value
    work = [(args.players, args.agent, options, derive_seed(args.seed, i)) for i in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(one, work, chunksize=4))
    print(report(games, args.players))
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"players": args.players, "agent": args.agent, "options": options, "games": games}, out)


if __name__ == "__main__":
    main()
