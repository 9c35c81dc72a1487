"""Scenario builders for the Arabian Struggle rule tests: fixed positions, scripted dice and card draws.

``start`` builds a game from a scenario (see docs/arabian-struggle.md, "Scenarios") with only the pieces
named (no set-up pieces, no Nomads unless given), so every number a test reads comes from the rule it checks.
``combat_example`` is the rulebook's Example of Movement and Combat, which the combat and log tests share:
``move_into_riyadh`` plays its moves.
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


LAYLA, TRIBE, KHARJ = "Layla (al-Aflaj)", "Wadi ad-Dawasir", "Al-Kharj"


def combat_example(dice: list[int], **extra: Any) -> ArabianStruggleState:
    """AS: Example of Movement and Combat — Saudi (seat 2) holds Shooting Accident; Stipend is on top of the deck.

    ``extra`` replaces any part of the scenario (other pieces, hands, deck, lasting events).
    """
    scenario: dict[str, Any] = {
        "pieces": {LAYLA: {"Saudi": 2}, TRIBE: {"Saudi": 1}, "Riyadh": {"Rasheedi": 3}},
        "hands": {"Saudi": [7], "Hashemite": [22], "Rasheedi": [35]},
        "turn_order": ["Saudi", "Hashemite", "Rasheedi"],
        "deck": [37],
    }
    scenario.update(extra)
    return start(3, dice, **scenario)


def spend_on_movement(state: ArabianStruggleState) -> None:
    """The example's Saudi play: Shooting Accident for its 2 OP, spent on moving up to 3 pieces."""
    act(state, "#07 Shooting Accident: 2 OP")
    act(state, "move up to 3 pieces")


def move_into_riyadh(state: ArabianStruggleState) -> None:
    """The example's moves: 2 Saudi pieces from Layla by road (2 MP), the pastoral tribe's piece (3 MP)."""
    move(state, "Saudi", LAYLA, "Riyadh", 2)
    move(state, "Saudi", LAYLA, "Riyadh", 2)
    move(state, "Saudi", TRIBE, "Riyadh", 3)
