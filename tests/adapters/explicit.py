"""What the explicit-chance tests share: walking an OpenSpiel state's chance nodes by given outcomes."""

from __future__ import annotations

from typing import Any


def deal(state: Any, outcomes: list[int]) -> list[tuple[int, str]]:
    """Give the chance nodes waiting the outcomes listed, in order; returns each node's (size, outcome's text)."""
    import pyspiel  # the modules that call this skip themselves without OpenSpiel

    given = []
    for outcome in outcomes:
        assert state.is_chance_node()
        given.append((len(state.chance_outcomes()), state.action_to_string(pyspiel.PlayerId.CHANCE, outcome)))
        state.apply_action(outcome)
    return given
