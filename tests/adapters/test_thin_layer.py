"""What makes an RL step thin, checked against the plain ways: the rules machine's one listing of a decision's
options serving both ``advance`` and the seat (``core/machine.py``), and Tigris & Euphrates's turn answered from
the game's bit masks (``turn.legal_groups``) as an :class:`IndexedLegal` (mask and chosen action without the list).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the RL adapters need the 'rl' extra: pip install ludoteca[rl]")

import ludoteca  # noqa: E402
from ludoteca.adapters.encoding import IndexedLegal  # noqa: E402
from ludoteca.adapters.encodings import load_encoded  # noqa: E402
from ludoteca.adapters.pettingzoo import env  # noqa: E402
from ludoteca.core.errors import IllegalAction  # noqa: E402
from ludoteca.core.machine import MachineState, Rules  # noqa: E402


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


@pytest.mark.parametrize("players", [2, 4])
def test_turn_actions_by_index_from_the_groups(players: int) -> None:
    """At every turn decision of random games the grouped answer is the plain one: the same indices in the same
    order, the same mask, every legal index's action, and no action for indices that are not legal."""
    encoding = load_encoded("tigris-euphrates", players)
    rng = random.Random(players)
    turns = 0
    for seed in (1, 2):
        state = encoding.game.new_state(seed=seed)
        for _ in range(250):
            if state.is_over():
                break
            seat = state.to_act()[0]
            legal = encoding.legal(state, seat)
            plain = encoding.legal_reference(state, seat)
            if state.data["stack"][-1]["step"] == "action":
                assert isinstance(legal, IndexedLegal)
                turns += 1
            assert list(legal) == list(plain) and len(legal) == len(plain)
            mask = np.zeros(encoding.actions.size, dtype=np.int8)
            mask[list(plain)] = 1
            assert np.array_equal(encoding.mask(legal), mask)
            for index in plain:
                assert index in legal and legal[index].text == plain[index].text
            for index in rng.sample(range(encoding.actions.size), 200):
                if index not in plain:
                    assert index not in legal and legal.get(index) is None
            assert legal.get(-1) is None and encoding.actions.size not in legal
            state.apply_legal(seat, rng.choice(state.legal_actions(seat)))
    assert turns > 100


def test_other_seats_and_finished_games_have_no_turn_actions() -> None:
    encoding = load_encoded("tigris-euphrates", 3)
    state = encoding.game.new_state(seed=5)
    seat = state.to_act()[0]
    assert len(encoding.legal(state, seat)) > 50
    assert dict(encoding.legal(state, (seat + 1) % 3)) == {}
    with pytest.raises(IllegalAction):
        encoding.legal(state, 3)


def test_pettingzoo_plays_the_turn_from_the_groups() -> None:
    """The environment takes a turn action by index from the grouped answer, refuses an index that is not
    legal (changing nothing), and plays the same game as the action's text would."""
    e = env("tigris-euphrates", players=2)
    e.reset(seed=9)
    twin = e.ludoteca.clone() if e.ludoteca is not None else None
    assert twin is not None
    observation = e.last()[0]
    mask = observation["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction):
        e.step(illegal)
    index = int(np.flatnonzero(mask)[len(np.flatnonzero(mask)) // 2])
    seat = twin.to_act()[0]
    text = e.legal_actions()[index].text
    e.step(index)
    twin.apply(seat, text)
    assert e.ludoteca is not None and e.ludoteca.view(None) == twin.view(None)
