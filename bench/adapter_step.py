"""What a PettingZoo step costs against the raw step of the game (``legal_actions`` + ``apply``).

    python bench/adapter_step.py [--games N] [--json FILE] [game ...]

For each game at its default player count, ``N`` seeded games (default 4) are played through the PettingZoo
AEC environment with uniformly random legal actions, timing every decision: ``e.last()`` (the observation
and the mask of the agent to act) and ``e.step(action)``. The same games are then replayed on bare Ludoteca
states (the same seed, the same action taken at each decision, chosen by its place among the legal actions),
timing ``state.legal_actions(seat)`` and ``state.apply_legal``. The ratio of the two per-decision means is the
adapter's overhead (issue #24 asks for at most 1.5x). The encoder alone (``encoding.observe`` of the acting
seat) is timed on the replay as well, to show its share. Times are CPU time of this process
(``time.process_time``): the shared machine runs other work, and wall-clock times there swing by 3x. Runs
against whichever ``ludoteca`` is on the path, so an older checkout can be measured the same way
(``PYTHONPATH=old/src python bench/adapter_step.py``).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from ludoteca.adapters.encodings import encoded_games
from ludoteca.adapters.pettingzoo import env
from ludoteca.core.game import State


def _adapter_games(game_id: str, seeds: range) -> tuple[float, list[tuple[State, list[int]]]]:
    """CPU seconds spent in PettingZoo calls, and per game (a copy of its first state, the chosen places among
    the legal actions)."""
    spent = 0.0
    played = []
    for seed in seeds:
        e = env(game_id)
        e.reset(seed=seed)
        assert e.ludoteca is not None
        rng = np.random.default_rng(seed)
        places: list[int] = []
        start = e.ludoteca.clone()
        while True:
            t0 = time.process_time()
            observation, _reward, termination, truncation, _info = e.last()
            spent += time.process_time() - t0
            if termination or truncation:
                break
            legal = np.flatnonzero(observation["action_mask"])
            index = int(rng.choice(legal))
            places.append(list(e.legal_actions()).index(index))
            t0 = time.process_time()
            e.step(index)
            spent += time.process_time() - t0
        played.append((start, places))
    return spent, played


def measure(game_id: str, games: int) -> dict[str, Any]:
    _adapter_games(game_id, range(10_000, 10_001))  # warm-up: data files, imports, caches
    adapter, played = _adapter_games(game_id, range(games))
    raw = encoder = 0.0
    decisions = 0
    encoding = env(game_id).encoding
    for start, places in played:
        state = start.clone()
        for place in places:
            seat = min(state.to_act())
            t0 = time.process_time()
            legal = state.legal_actions(seat)
            state.apply_legal(seat, legal[place])
            raw += time.process_time() - t0
            decisions += 1
        state = start.clone()
        for place in places:
            seat = min(state.to_act())
            t0 = time.process_time()
            encoding.observe(state, seat)
            encoder += time.process_time() - t0
            state.apply_legal(seat, state.legal_actions(seat)[place])
    return {
        "game": game_id,
        "players": encoding.players,
        "decisions": decisions,
        "raw_us": raw / decisions * 1e6,
        "pettingzoo_us": adapter / decisions * 1e6,
        "encoder_us": encoder / decisions * 1e6,
        "ratio": adapter / raw,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game_ids", nargs="*", default=None)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    rows = [measure(g, args.games) for g in (args.game_ids or encoded_games())]
    header = ("game", "players", "decisions", "raw µs", "PettingZoo µs", "encoder µs", "ratio")
    print("{:24} {:>7} {:>9} {:>8} {:>13} {:>10} {:>6}".format(*header))
    for row in rows:
        print(
            f"{row['game']:24} {row['players']:>7} {row['decisions']:>9} {row['raw_us']:>8.0f} "
            f"{row['pettingzoo_us']:>13.0f} {row['encoder_us']:>10.0f} {row['ratio']:>6.2f}"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(rows, handle, indent=1)


if __name__ == "__main__":
    main()
