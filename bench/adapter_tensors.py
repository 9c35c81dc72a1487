"""What an OpenSpiel tensor call costs, against the encoder alone, and whether it changes the next deal.

    python bench/adapter_tensors.py [--calls N] [--json FILE]

For each game, at the default player count: a state 30 random moves in, then ``N`` calls of
``state.observation_tensor(0)`` (and of ``information_state_tensor(0)`` where the game provides one),
OpenSpiel's C++ path for the same tensor (``pyspiel.State.observation_tensor``, which sizes the tensor on
an initial state of its own), and the encoder alone (``encoding.observe``): microseconds of CPU time per call,
the least of five interleaved rounds (``adapter_timing.py``, the loop ``adapter_step.py`` uses too).
"same next deal" says whether the calls left the seed stream alone: the game dealt after them is the one
dealt without them. Runs against whichever ``ludoteca`` is on the path, so an older
checkout can be measured the same way (``PYTHONPATH=old/src python bench/adapter_tensors.py``).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from adapter_timing import cpu_seconds, least_of_rounds

from ludoteca.adapters import openspiel
from ludoteca.adapters.encodings import encoded_games


def _per_call(works: dict[str, Callable[[], Any]], calls: int) -> dict[str, float]:
    """Microseconds of CPU time per call of each of ``works``: the least of five interleaved rounds of ``calls``."""
    best = least_of_rounds({name: lambda work=work: cpu_seconds(work, calls) for name, work in works.items()}, 5)
    return {name: seconds / calls * 1e6 for name, seconds in best.items()}


def _same_next_deal(game_id: str) -> bool:
    """Whether tensor calls on a game in use leave the next initial state as it would have been."""
    deals = []
    for observe in (False, True):
        game = openspiel.load(game_id, seed=1)
        state = game.new_initial_state()
        state.apply_action(state.legal_actions()[0])
        if observe:
            state.observation_tensor(0)
        deals.append(str(game.new_initial_state()))
    return deals[0] == deals[1]


def measure(game_id: str, calls: int) -> dict[str, Any]:
    game = openspiel.load(game_id, seed=1)
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    row: dict[str, Any] = {"game": game_id, "players": game.num_players()}
    inner = state.ludoteca
    works: dict[str, Callable[[], Any]] = {
        "observation_tensor_us": lambda: state.observation_tensor(0),
        "cpp_observation_tensor_us": lambda: pyspiel.State.observation_tensor(state, 0),
        "encoder_us": lambda: game.encoding.observe(inner, 0),
    }
    if game.get_type().provides_information_state_tensor:
        works["information_state_tensor_us"] = lambda: state.information_state_tensor(0)
    row.update(_per_call(works, calls))
    row.setdefault("information_state_tensor_us", None)
    row["same_next_deal"] = _same_next_deal(game_id)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=50)
    parser.add_argument("--json", help="also write the rows to this file")
    args = parser.parse_args()
    rows = [measure(game_id, args.calls) for game_id in encoded_games()]
    print(f"{'game':24} {'obs tensor':>11} {'C++ path':>9} {'info tensor':>12} {'encoder':>8}  same next deal")
    for row in rows:
        info = row["information_state_tensor_us"]
        print(
            f"{row['game']:24} {row['observation_tensor_us']:9.0f}us {row['cpp_observation_tensor_us']:7.0f}us "
            f"{'-' if info is None else f'{info:.0f}us':>12} {row['encoder_us']:6.0f}us  {row['same_next_deal']}"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=2)


if __name__ == "__main__":
    main()
