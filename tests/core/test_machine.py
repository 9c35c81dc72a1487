"""The generic rules machine: frames run in order, forced choices are taken, decisions wait."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.core import Action, State
from ludoteca.core.machine import Frame, Rules

RULES: Rules[Any] = Rules()
seen: list[str] = []


@RULES.auto("say")
def _say(state: Any, frame: Frame) -> None:
    state.data["said"].append(frame["word"])


def _two(state: Any, frame: Frame) -> list[Action]:
    return [Action("left", "L"), Action("right", "R")]


def _one(state: Any, frame: Frame) -> list[Action]:
    return [Action("only", "O")]


@RULES.decision("pick", _two)
def _pick(state: Any, frame: Frame, action: Action) -> None:
    state.data["said"].append(action.payload)


@RULES.decision("forced", _one)
def _forced(state: Any, frame: Frame, action: Action) -> None:
    state.data["said"].append(action.payload)


class _Bag:
    def __init__(self) -> None:
        self.data: dict[str, Any] = {"stack": [], "said": []}


def test_frames_run_in_sequence_and_stop_at_a_real_decision() -> None:
    state: Any = _Bag()
    RULES.push_sequence(
        state,
        [
            {"step": "say", "word": "a"},
            {"step": "forced", "seat": 0},
            {"step": "pick", "seat": 1},
            {"step": "say", "word": "b"},
        ],
    )
    RULES.advance(state)
    assert state.data["said"] == ["a", "O"] and RULES.to_act(state) == [1]
    RULES.resolve(state, RULES.options_of(state, RULES.pending(state))[1])  # type: ignore[arg-type]
    assert state.data["said"] == ["a", "O", "R", "b"] and RULES.pending(state) is None


def test_a_step_name_cannot_be_registered_twice() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        RULES.auto("say")(_say)


def test_repush_changes_only_what_is_named() -> None:
    state: Any = _Bag()
    RULES.repush(state, {"step": "say", "word": "x", "n": 1}, n=2)
    assert state.data["stack"] == [{"step": "say", "word": "x", "n": 2}]
    assert isinstance(State, type)
