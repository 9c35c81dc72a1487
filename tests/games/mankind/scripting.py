"""Small helpers for scripted Mankind tests: build a scenario, act as whoever must act."""

from __future__ import annotations

from typing import Any

import ludoteca
from ludoteca.core import State

TRIBAL = [
    "tribal/Farms",
    "tribal/Hunting",
    "tribal/Warriors",
    "tribal/Stone & Wood",
    "tribal/Writing",
    "tribal/Herbalism",
]


def new_game(seats: int, dice: list[int], seed: int = 0, **scenario: Any) -> State:
    """A Mankind game for ``seats`` players with a fixed set-up (seat 0 first unless told) and scripted dice.

    ``scenario`` keys are those of a Mankind scenario (``era``, ``players``, ``gone``...).
    """
    scenario.setdefault("first_player", 0)
    return ludoteca.load_game("mankind", players=seats).new_state(seed=seed, scenario=scenario, dice=dice)


def act(state: State, text: str) -> None:
    """Apply ``text`` for the seat that must act now."""
    (seat,) = state.to_act()
    state.apply(seat, text)


def options(state: State) -> list[str]:
    (seat,) = state.to_act()
    return [str(action) for action in state.legal_actions(seat)]


def log_types(state: State) -> list[str]:
    return [event["type"] for event in state.log]


def player(state: State, seat: int) -> dict[str, Any]:
    return state.data["players"][seat]  # type: ignore[no-any-return]
