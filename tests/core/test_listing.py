"""The rules machine lists a waiting decision's options once: ``Rules.advance`` lists them to see whether one is
forced, and when it stops there the seat's first ``legal_actions`` takes that list (``core/machine.py``)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import ludoteca
from ludoteca.core.machine import MachineState, Rules


def _counting(rules: Rules[Any], monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Wrap every decision's options so that each listing is counted, per decision name."""
    calls: dict[str, int] = {}
    decisions = dict(rules.decisions)
    for name, decision in decisions.items():

        def options(state: Any, frame: Any, _list: Any = decision.options, _name: str = name) -> Any:
            calls[_name] = calls.get(_name, 0) + 1
            return _list(state, frame)

        decisions[name] = dataclasses.replace(decision, options=options)
    monkeypatch.setattr(rules, "decisions", decisions)
    return calls


@pytest.mark.parametrize("game_id", ["mankind", "arabian-struggle", "advanced-civilization"])
def test_the_listing_advance_made_serves_the_seat_once(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """After a move stops at a decision with several options (listed by ``advance`` to see whether one is
    forced), the seat's first ``legal_actions`` lists nothing again and gets the same actions a fresh listing
    gives; the next call lists afresh. A clone and a resampled state never use the original's list."""
    state = ludoteca.load_game(game_id).new_state(seed=11)
    assert isinstance(state, MachineState)
    calls = _counting(state.machine, monkeypatch)
    rng = random.Random(11)
    served = 0
    for _ in range(300):
        if state.is_over():
            break
        seat = state.to_act()[0]
        frame = state.data["stack"][-1]
        decision = state.machine.decisions[frame["step"]]
        listed = state._listed
        before = sum(calls.values())
        legal = state.legal_actions(seat)
        if listed is not None and listed[0] is frame and not decision.always_ask:
            assert sum(calls.values()) == before, "the options listed by advance were listed again"
            served += 1
            assert [a.text for a in legal] == [a.text for a in decision.options(state, frame)]
            twin = state.clone()
            assert twin._listed is None
            assert [a.text for a in twin.legal_actions(seat)] == [a.text for a in legal]
        else:
            assert sum(calls.values()) == before + 1
        before = sum(calls.values())
        assert [a.text for a in state.legal_actions(seat)] == [a.text for a in legal]
        assert sum(calls.values()) == before + 1, "a list serves one call only"
        state.apply_legal(seat, rng.choice(legal))
    assert served >= 5, f"{game_id}: only {served} decisions reused advance's listing"


def test_resampling_drops_the_listing() -> None:
    """Redrawn hidden cards may change the options of the seat to act: the list made before is not used."""
    state = ludoteca.load_game("arabian-struggle").new_state(seed=12)
    rng = random.Random(12)
    for _ in range(400):
        if state._listed is not None:
            break
        seat = state.to_act()[0]
        state.apply_legal(seat, rng.choice(state.legal_actions(seat)))
    assert state._listed is not None
    state.resample(state.to_act()[0], random.Random(1))
    assert state._listed is None
