"""What a PettingZoo step costs against the raw step of the game (``legal_actions`` + ``apply``).

    python bench/adapter_step.py [--games N] [--json FILE] [game ...]

For each game at its default player count, ``N`` seeded games (default 4) are played through the PettingZoo
AEC environment with uniformly random legal actions and recorded. They are then replayed three times, each
time through PettingZoo (timing ``e.last()``, the observation and mask of the agent to act, and
``e.step(action)``) and on bare Ludoteca states (the same action at each decision, chosen by its place among
the legal actions, timing ``state.legal_actions(seat)`` and ``state.apply_legal``); the least of the three
is kept. The ratio of the two per-decision means is the
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


def _record(game_id: str, seeds: range) -> list[tuple[int, State, list[int], list[int]]]:
    """Random games through PettingZoo: per game its seed, a copy of its first state, the chosen indices and
    their places among the legal actions (what the raw replay picks)."""
    played = []
    for seed in seeds:
        e = env(game_id)
        e.reset(seed=seed)
        assert e.ludoteca is not None
        start = e.ludoteca.clone()
        rng = np.random.default_rng(seed)
        indices: list[int] = []
        places: list[int] = []
        for _agent in e.agent_iter():
            observation, _reward, termination, truncation, _info = e.last()
            if termination or truncation:
                break
            index = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            indices.append(index)
            places.append(list(e.legal_actions()).index(index))
            e.step(index)
        played.append((seed, start, indices, places))
    return played


def _pettingzoo(game_id: str, played: list[tuple[int, State, list[int], list[int]]]) -> float:
    """CPU seconds of ``e.last()`` and ``e.step(index)`` replaying the recorded games (resets not timed)."""
    spent = 0.0
    for seed, _start, indices, _places in played:
        e = env(game_id)
        e.reset(seed=seed)
        t0 = time.process_time()
        for index in indices:
            e.last()
            e.step(index)
        e.last()
        spent += time.process_time() - t0
    return spent


def _raw(played: list[tuple[int, State, list[int], list[int]]]) -> float:
    """CPU seconds of ``legal_actions`` and ``apply_legal`` replaying the recorded games on bare states."""
    spent = 0.0
    for _seed, start, _indices, places in played:
        state = start.clone()
        t0 = time.process_time()
        for place in places:
            seat = min(state.to_act())
            state.apply_legal(seat, state.legal_actions(seat)[place])
        spent += time.process_time() - t0
    return spent


def _encoder(game_id: str, played: list[tuple[int, State, list[int], list[int]]]) -> float:
    """CPU seconds of ``encoding.observe`` of the seat to act, along the recorded games."""
    encoding = env(game_id).encoding
    spent = 0.0
    for _seed, start, _indices, places in played:
        state = start.clone()
        for place in places:
            seat = min(state.to_act())
            t0 = time.process_time()
            encoding.observe(state, seat)
            spent += time.process_time() - t0
            state.apply_legal(seat, state.legal_actions(seat)[place])
    return spent


def measure(game_id: str, games: int, rounds: int = 3) -> dict[str, Any]:
    """Each figure is the least of ``rounds`` interleaved replays (the least disturbed by other work)."""
    _record(game_id, range(10_000, 10_001))  # warm-up: data files, imports, caches
    played = _record(game_id, range(games))
    decisions = sum(len(p[2]) for p in played)
    adapter, raw, encoder = [], [], []
    for _ in range(rounds):
        adapter.append(_pettingzoo(game_id, played))
        raw.append(_raw(played))
        encoder.append(_encoder(game_id, played))
    return {
        "game": game_id,
        "players": env(game_id).encoding.players,
        "decisions": decisions,
        "raw_us": min(raw) / decisions * 1e6,
        "pettingzoo_us": min(adapter) / decisions * 1e6,
        "encoder_us": min(encoder) / decisions * 1e6,
        "ratio": min(adapter) / min(raw),
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
