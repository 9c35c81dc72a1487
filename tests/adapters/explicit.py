"""What the explicit-chance tests share: walking an OpenSpiel state's chance nodes by given outcomes, playing a
game at random to its end (a seeded Ludoteca state, or an explicit-chance OpenSpiel one), and hashing what a
game produced into the short digests the tests compare with digests recorded before a change."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from ludoteca.core.game import State


def deal(state: Any, outcomes: list[int]) -> list[tuple[int, str]]:
    """Give the chance nodes waiting the outcomes listed, in order; returns each node's (size, outcome's text)."""
    import pyspiel  # the modules that call this skip themselves without OpenSpiel

    given = []
    for outcome in outcomes:
        assert state.is_chance_node()
        given.append((len(state.chance_outcomes()), state.action_to_string(pyspiel.PlayerId.CHANCE, outcome)))
        state.apply_action(outcome)
    return given


def chance_outcome(state: Any, rng: Any) -> int:
    """An outcome of the chance node waiting, drawn from ``rng`` (a ``numpy.random.RandomState``) with its
    probability: a bag's outcomes giving equal items are one outcome, as likely as their share."""
    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choice(outcomes, p=probabilities))


def play_randomly(state: State, seed: int) -> State:
    """``state`` played to its end, every seat taking ``random_action`` from ``random.Random(seed)``."""
    pick = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply_legal(seat, state.random_action(seat, pick))
    return state


def play_out(state: Any, seed: int) -> Any:
    """An explicit-chance OpenSpiel ``state`` played to its end: chance outcomes with their probabilities and
    uniform legal actions from ``numpy.random.RandomState(seed)``."""
    import numpy as np

    rng = np.random.RandomState(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance_outcome(state, rng))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def short_digest(*parts: Any) -> str:
    """The first 16 hex digits of the SHA-256 of ``parts`` as canonical JSON."""
    return hashlib.sha256(json.dumps(list(parts), sort_keys=True).encode()).hexdigest()[:16]
