"""Shared pieces of the reliability tests: the games under test, sizes, snapshots and random play.

Sizes are small by default so ``tests/reliability`` stays well under 90 s on a 2-core CI machine.
``LUDOTECA_RELIABILITY_SCALE=N`` multiplies every example count by N for a longer local run (see
docs/reliability.md), e.g. ``LUDOTECA_RELIABILITY_SCALE=20 pytest tests/reliability``.
"""

from __future__ import annotations

import json
import os
from typing import Any

from hypothesis import HealthCheck, settings

from ludoteca.core import Rng, State, game_class, list_games, load_game

SCALE = max(1, int(os.environ.get("LUDOTECA_RELIABILITY_SCALE", "1") or 1))
"""Multiplier of every example count (1 in CI)."""

GAMES = [game_id for game_id in list_games() if game_id != "blind-draw"]
"""Every installed game (the core's toy game is left to the core tests)."""


def player_counts(game_id: str) -> list[int]:
    """The fewest and the most players: the two extremes a rule about player counts can break at."""
    cls = game_class(game_id)
    return sorted({cls.min_players, cls.max_players})


CASES = [(game_id, players) for game_id in GAMES for players in player_counts(game_id)]
CASE_IDS = [f"{game_id}-{players}p" for game_id, players in CASES]


def examples(n: int) -> Any:
    """Hypothesis settings for ``n`` examples (times the scale), with no deadline: games vary in speed."""
    return settings(
        max_examples=n * SCALE,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        derandomize=SCALE == 1,  # CI runs the same examples every time; local long runs explore
    )


def snapshot(state: State) -> str:
    """Everything observable about a state as one string: record, every seat's view (and a spectator's), log."""
    views = [state.view(None)] + [state.view(seat) for seat in range(state.players)]
    return json.dumps({"record": state.record(), "views": views, "log": state.log}, sort_keys=True)


def play(game_id: str, players: int, seed: int, steps: int) -> State:
    """A game of ``game_id`` after up to ``steps`` random legal actions (fewer if it ends first)."""
    state = load_game(game_id, players).new_state(seed=seed)
    chooser = Rng(seed ^ 0x5EED)
    for _ in range(steps):
        if state.is_over():
            break
        waiting = state.to_act()
        seat = waiting[chooser.randrange(len(waiting))]
        state.apply_legal(seat, state.random_action(seat, chooser))
    return state


TYPICAL_LENGTH = {"mankind": 2000, "tigris-euphrates": 200, "arabian-struggle": 250, "advanced-civilization": 200}
"""Roughly how many random actions a game lasts: prefixes are drawn up to about this, so every stage is reached."""


def length(game_id: str) -> int:
    return TYPICAL_LENGTH.get(game_id, 200)
