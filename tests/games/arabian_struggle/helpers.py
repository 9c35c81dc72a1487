"""Scenario builders for the Arabian Struggle rule tests: fixed positions, scripted dice and card draws.

``start`` builds a game from a scenario (see docs/arabian-struggle.md, "Scenarios") with only the pieces
named (no set-up pieces, no Nomads unless given), so every number a test reads comes from the rule it checks.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.arabian_struggle import ArabianStruggleGame
from ludoteca.games.arabian_struggle.state import ArabianStruggleState


def start(
    players: int = 3, dice: list[int] | None = None, *, variant: str = "standard", seed: int = 0, **scenario: Any
) -> ArabianStruggleState:
    scenario.setdefault("pieces", {})
    scenario.setdefault("nomads", [])
    state = ArabianStruggleGame(players, {"variant": variant}).new_state(seed=seed, scenario=scenario, dice=dice)
    assert isinstance(state, ArabianStruggleState)
    return state


def texts(state: ArabianStruggleState) -> list[str]:
    seat = state.to_act()[0]
    return [a.text for a in state.legal_actions(seat)]


def act(state: ArabianStruggleState, text: str) -> None:
    state.apply(state.to_act()[0], text)


def step(state: ArabianStruggleState) -> str:
    frame = state.data["stack"][-1]
    return str(frame["step"])


def events(state: ArabianStruggleState, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.log if e["type"] == kind]


def pieces(state: ArabianStruggleState, area: str) -> dict[str, int]:
    return dict(state.data["pieces"].get(area, {}))


SEATS3 = {"Hashemite": 0, "Rasheedi": 1, "Saudi": 2}


def move(state: ArabianStruggleState, faction: str, area: str, target: str, cost: int) -> None:
    """Move one piece: choose it by its area, then its destination (taken automatically when it is the only one)."""
    act(state, f"move a {faction} piece from {area}")
    if step(state) == "move_to" and state.data["stack"][-1]["area"] == area:
        act(state, f"to {target} ({cost} MP)")
