"""The raw step of each game (``state.legal_actions`` + ``state.apply_legal``), in CPU microseconds per decision.

    python bench/adapter_raw.py [--games N] [--limit D] [--rounds R] [game ...]

The denominator of the adapters' overhead (``adapter_step.py``) and what every bot and the server pay per move.
Plays ``N`` seeded random games per game at its default player count (each cut at ``D`` decisions), with the
choices drawn from a generator of their own so that the games are the same in every checkout, and prints the
least CPU time of ``R`` rounds. Meant for comparing checkouts side by side on a shared machine (run it in
turn with ``PYTHONPATH=other/src``): the least of several rounds is the one the rest of the machine disturbed
least, and CPU time does not count the time other processes held the core.

It also counts how many times the games' rules list a decision's options per decision (the machine lists
them in ``advance``, to see whether one is forced, and again for the seat: issue #21 asks for one listing to
serve both). The count does not depend on the machine's load.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from typing import Any

import ludoteca
from ludoteca.core.game import Action, State


def _games(game_id: str, games: int, limit: int) -> list[tuple[State, list[int]]]:
    """Seeded random games, recorded as a start state and each choice's place among the legal actions."""
    played = []
    for seed in range(games):
        state = ludoteca.load_game(game_id).new_state(seed=seed)
        start = state.clone()
        rng = random.Random(seed)
        places = []
        for _ in range(limit):
            if state.is_over():
                break
            seat = state.to_act()[0]
            legal: list[Action] = state.legal_actions(seat)
            places.append(rng.randrange(len(legal)))
            state.apply_legal(seat, legal[places[-1]])
        played.append((start, places))
    return played


def _replay(played: list[tuple[State, list[int]]]) -> float:
    spent = 0.0
    for start, places in played:
        state = start.clone()
        t0 = time.process_time()
        for place in places:
            seat = state.to_act()[0]
            state.apply_legal(seat, state.legal_actions(seat)[place])
        spent += time.process_time() - t0
    return spent


def _listings(game_id: str, played: list[tuple[State, list[int]]]) -> float:
    """Options listings per decision replaying the games, counted by wrapping every decision's options."""
    machine = getattr(played[0][0], "machine", None)
    if machine is None:
        return float("nan")
    calls = [0]
    original = dict(machine.decisions)

    def counting(options: Any) -> Any:
        def listed(state: Any, frame: Any) -> Any:
            calls[0] += 1
            return options(state, frame)

        return listed

    machine.decisions.update(
        {name: dataclasses.replace(decision, options=counting(decision.options)) for name, decision in original.items()}
    )
    try:
        _replay(played)
    finally:
        machine.decisions.update(original)
    return calls[0] / sum(len(places) for _, places in played)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game_ids", nargs="*", default=None)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--limit", type=int, default=1500)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for game_id in args.game_ids or ludoteca.list_games():
        played = _games(game_id, args.games, args.limit)
        decisions = sum(len(places) for _, places in played)
        best = min(_replay(played) for _ in range(args.rounds))
        listings = _listings(game_id, played)
        print(
            f"{game_id:24} {decisions:>7} decisions {best / decisions * 1e6:8.1f} µs {listings:6.3f} listings",
            flush=True,
        )


if __name__ == "__main__":
    main()
