"""What a PettingZoo step costs against the raw step of the game (``legal_actions`` + ``apply``).

    python bench/adapter_step.py [--games N] [--json FILE] [game ...]

For each game at its default player count, ``N`` seeded games (default 4) are played through the PettingZoo
AEC environment with uniformly random legal actions and recorded. They are then replayed in three interleaved
rounds: through PettingZoo (timing ``e.last()``, the observation and mask of the agent to act, and
``e.step(action)``), once with the game's direct observation writer (the default) and once through the view
(``encoding.direct = False``, the reference path); on bare Ludoteca states (the same action at each decision,
chosen by its place among the legal actions, timing ``state.legal_actions(seat)`` and ``state.apply_legal``);
and through the encoder alone (``encoding.observe`` of the acting seat, both paths). Each figure is the least
of the rounds, in CPU time (``adapter_timing.py``). The ratio of the PettingZoo and raw per-decision means is
the adapter's overhead (issue #24 asks for at most 1.5x). Runs against whichever ``ludoteca`` is on the path,
so an older checkout can be measured the same way (``PYTHONPATH=old/src python bench/adapter_step.py``; an
encoding without ``direct`` is timed twice through the view).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
from adapter_timing import least_of_rounds

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


def _pettingzoo(game_id: str, played: list[tuple[int, State, list[int], list[int]]], direct: bool = True) -> float:
    """CPU seconds of ``e.last()`` and ``e.step(index)`` replaying the recorded games (resets not timed)."""
    spent = 0.0
    for seed, _start, indices, _places in played:
        e = env(game_id)
        e.encoding.direct = direct and getattr(e.encoding, "direct", False)
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


def _encoder(game_id: str, played: list[tuple[int, State, list[int], list[int]]], direct: bool = True) -> float:
    """CPU seconds of ``encoding.observe`` of the seat to act, along the recorded games."""
    encoding = env(game_id).encoding
    encoding.direct = direct and getattr(encoding, "direct", False)
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
    best = least_of_rounds(
        {
            "pettingzoo": lambda: _pettingzoo(game_id, played),
            "pettingzoo_view": lambda: _pettingzoo(game_id, played, direct=False),
            "raw": lambda: _raw(played),
            "encoder": lambda: _encoder(game_id, played),
            "encoder_view": lambda: _encoder(game_id, played, direct=False),
        },
        rounds,
    )
    row: dict[str, Any] = {"game": game_id, "players": env(game_id).encoding.players, "decisions": decisions}
    for name, seconds in best.items():
        row[f"{name}_us"] = seconds / decisions * 1e6
    row["ratio"] = best["pettingzoo"] / best["raw"]
    row["ratio_view"] = best["pettingzoo_view"] / best["raw"]
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game_ids", nargs="*", default=None)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    rows = [measure(g, args.games) for g in (args.game_ids or encoded_games())]
    header = ("game", "players", "decisions", "raw µs", "PZ µs", "PZ view µs", "enc µs", "enc view µs", "ratio", "view")
    print("{:24} {:>7} {:>9} {:>7} {:>7} {:>10} {:>7} {:>11} {:>6} {:>6}".format(*header))
    for row in rows:
        print(
            f"{row['game']:24} {row['players']:>7} {row['decisions']:>9} {row['raw_us']:>7.0f} "
            f"{row['pettingzoo_us']:>7.0f} {row['pettingzoo_view_us']:>10.0f} {row['encoder_us']:>7.0f} "
            f"{row['encoder_view_us']:>11.0f} {row['ratio']:>6.2f} {row['ratio_view']:>6.2f}"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(rows, handle, indent=1)


if __name__ == "__main__":
    main()
