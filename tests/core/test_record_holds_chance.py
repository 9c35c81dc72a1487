"""``State.record()`` of a state dealt by chance outcomes lists them (``"chance"``); a seeded state's is as before.

Blind Draw (tests/core/toy_game.py) shuffles its 15 cards at the set-up (14 draws, position i taking the item at a
draw below i + 1: outcomes 14, 13, ..., 1 leave the deck in order) and rolls a d6 bonus on "roll".
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ludoteca.core import load_game, replay
from ludoteca.core.chance import ChanceError, ReplayRng
from ludoteca.core.record import replay_steps

IN_ORDER = list(range(14, 0, -1))
ACTIONS = [[0, "draw"], [1, "roll"], [0, "roll"], [1, "draw"], [0, "stop"]]
CHANCE = [IN_ORDER, [], [3], [0], [], []]


def _record() -> dict[str, Any]:
    return {
        "game": "blind-draw",
        "version": load_game("blind-draw", 2).version,
        "players": 2,
        "options": {"limit": 21},
        "seed": 7,
        "scenario": None,
        "dice": [],
        "actions": [list(action) for action in ACTIONS],
        "chance": [list(step) for step in CHANCE],
    }


def test_the_record_of_a_replayed_state_lists_its_chance_outcomes() -> None:
    record = _record()
    state = replay(json.loads(json.dumps(record)))
    assert state.record() == record
    assert state.clone().record() == record
    assert replay(state.record()).data == state.data
    # Each step of a step-by-step replay has the record of the game so far: both lists cut alike.
    for number, step in enumerate(replay_steps(record)):
        assert step.record() == {**record, "actions": record["actions"][:number], "chance": CHANCE[: number + 1]}


def test_a_seeded_states_record_is_what_it_always_was() -> None:
    """No ``"chance"``, and the same keys in the same order, byte for byte through JSON."""
    played = load_game("blind-draw", 2).new_state(seed=7)
    for seat, text in ACTIONS:
        played.apply(seat, text)
    expected = {
        "game": "blind-draw",
        "version": played.game.version,
        "players": 2,
        "options": dict(played.game.options),
        "seed": 7,
        "scenario": None,
        "dice": [],
        "actions": [list(action) for action in ACTIONS],
    }
    assert json.dumps(played.record()) == json.dumps(expected)
    assert "chance" not in replay(played.record()).record()


def test_a_resampled_copy_of_a_state_dealt_by_chance_has_no_record() -> None:
    """Its hidden cards were redrawn, so no chance outcomes deal it: ``record()`` says so instead of lying."""
    state = replay(_record())
    assert isinstance(state.rng, ReplayRng)
    copy = state.clone()
    copy.rng = state.rng.forget()
    copy.resample(0, random.Random(1))  # the core resample gives a seeded generator back: a record of the seed
    assert "chance" not in copy.record()
    copy.rng = state.rng.forget()
    with pytest.raises(ChanceError, match="resampled copy"):
        copy.record()
