"""Seeded baselines at the adapter level: Ludoteca's agents played through the Gymnasium wrapper.

    python bench/adapter_baselines.py [--games 20] [--json FILE] [game:players:agent:opponent[:games] ...]

Each match is ``--games`` two-player games (or the player count given) of one agent spec against another,
the agent seated at seat ``i mod players`` in game ``i`` (seats rotate) and reset with seed ``i``: the agent
plays the learner's seat of :class:`ludoteca.adapters.gym.LudotecaGymEnv` (its choice is turned into the
action index with ``encoding.index_of`` and stepped through the wrapper, rewards and truncation included),
the opponent spec plays the other seats as the wrapper's fixed opponents. The figure is the agent's mean
reward (its win share; truncated games count 0) with a 95% Wilson interval, so a reinforcement-learning agent
trained on the wrapper can be compared with these numbers directly. The same arguments give the same
games, deals and choices. Without matches on the command line it runs the default list (below).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

from ludoteca.adapters.gym import LudotecaGymEnv
from ludoteca.agents import make_agent

DEFAULT_MATCHES = (
    "tigris-euphrates:2:random:random",
    "arabian-struggle:2:random:random",
    "mankind:2:random:random",
    "advanced-civilization:2:random:random",
    "arabian-struggle:2:heuristic:random",
    "mankind:2:heuristic:random",
    "tigris-euphrates:2:heuristic:random:10",
    "advanced-civilization:2:heuristic:random:10",
    "arabian-struggle:2:ismcts=iterations=50:heuristic:10",
    "mankind:2:ismcts=iterations=50,depth=0:heuristic:10",
)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion (a shared win counts as its share)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(game: str, players: int, agent_spec: str, opponent_spec: str, game_number: int) -> tuple[float, bool]:
    """One game through the wrapper: the agent's reward and whether the game was truncated."""
    seat = game_number % players
    env = LudotecaGymEnv(game, players=players, seat=seat, opponents=opponent_spec, illegal_action="raise")
    env.reset(seed=game_number)
    agent = make_agent(agent_spec, seed=10_000 + game_number)
    while True:
        state = env.ludoteca
        assert state is not None
        index = env.encoding.index_of(state, seat, agent.choose(state, seat))
        _, reward, terminated, truncated, _ = env.step(index)
        if terminated or truncated:
            return float(reward), truncated


def match(entry: str, games: int) -> dict[str, Any]:
    """One match, ``game:players:agent:opponent`` or with ``:games`` after it (else ``games``)."""
    parts = entry.split(":")
    if len(parts) == 5:
        games = int(parts.pop())
    game, players, agent_spec, opponent_spec = parts
    agent_spec, opponent_spec = agent_spec.replace("=", ":", 1), opponent_spec.replace("=", ":", 1)
    started = time.process_time()
    rewards, cut = [], 0
    for number in range(games):
        reward, truncated = play(game, int(players), agent_spec, opponent_spec, number)
        rewards.append(reward)
        cut += truncated
    low, high = wilson(sum(rewards), games)
    return {
        "game": game,
        "players": int(players),
        "agent": agent_spec,
        "opponent": opponent_spec,
        "games": games,
        "win_share": sum(rewards) / games,
        "ci95": [round(low, 3), round(high, 3)],
        "truncated": cut,
        "cpu_seconds": round(time.process_time() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "matches",
        nargs="*",
        help="game:players:agent:opponent[:games], a spec's colon written as = (ismcts=iterations=50)",
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    rows = []
    for entry in args.matches or DEFAULT_MATCHES:
        row = match(entry, args.games)
        rows.append(row)
        low, high = row["ci95"]
        print(
            f"{row['game']:22} {row['players']}p {row['agent']:34} vs {row['opponent']:10} "
            f"{row['win_share']:.3f} ({low:.3f}-{high:.3f}) over {row['games']} games, "
            f"{row['truncated']} truncated, {row['cpu_seconds']} CPU s",
            flush=True,
        )
        if args.json:
            with open(args.json, "w", encoding="utf-8") as handle:
                json.dump(rows, handle, indent=1)


if __name__ == "__main__":
    main()
