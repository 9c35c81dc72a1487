"""Throughput of random playouts, state clones and replays, per game and player count.

Run:  python bench/throughput.py [--game mankind] [--players 2 4 6] [--games 20]

Prints games/s, actions/s, the cost of one clone and of one replayed action, and the ratio of a
clone to an applied action (what search agents pay per rollout). Numbers are measurements of this
machine, not assertions: no test depends on them.
"""

from __future__ import annotations

import argparse
import time

import ludoteca
from ludoteca.core import Rng


def playout(game_id: str, players: int, seed: int) -> tuple[ludoteca.State, int]:
    state = ludoteca.load_game(game_id, players=players).new_state(seed=seed)
    chooser = Rng(seed + 1)
    actions = 0
    while not state.is_over():
        seat = chooser.pick(state.to_act())
        state.apply(seat, chooser.pick(state.legal_actions(seat)))
        actions += 1
    return state, actions


def measure(game_id: str, players: int, games: int) -> dict[str, float]:
    start = time.perf_counter()
    total_actions = 0
    finished = []
    for seed in range(games):
        state, actions = playout(game_id, players, seed)
        total_actions += actions
        finished.append(state)
    playing = time.perf_counter() - start

    sample = finished[0]
    start = time.perf_counter()
    for _ in range(200):
        sample.clone()
    clone_ms = (time.perf_counter() - start) / 200 * 1000

    start = time.perf_counter()
    replayed = ludoteca.replay(sample.record())
    replay_s = time.perf_counter() - start
    assert replayed.result() == sample.result()
    per_action_ms = playing / total_actions * 1000
    return {
        "games_per_s": games / playing,
        "actions_per_s": total_actions / playing,
        "actions_per_game": total_actions / games,
        "clone_ms": clone_ms,
        "action_ms": per_action_ms,
        "clone_to_action": clone_ms / per_action_ms,
        "replay_actions_per_s": len(sample.record()["actions"]) / replay_s,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="mankind")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 6])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    columns = [
        ("players", 7),
        ("games/s", 8),
        ("actions/s", 10),
        ("act/game", 9),
        ("clone ms", 9),
        ("clone/act", 9),
        ("replay act/s", 12),
    ]
    header = " ".join(f"{name:>{width}}" for name, width in columns)
    print(f"{args.game}: {args.games} random games per player count")
    print(header)
    for players in args.players:
        m = measure(args.game, players, args.games)
        print(
            f"{players:>7} {m['games_per_s']:>8.2f} {m['actions_per_s']:>10.0f} {m['actions_per_game']:>9.0f}"
            f" {m['clone_ms']:>9.3f} {m['clone_to_action']:>9.2f} {m['replay_actions_per_s']:>12.0f}"
        )


if __name__ == "__main__":
    main()
