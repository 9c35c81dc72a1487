"""Records that carry their chance outcomes (``"chance"``): replayed draw by draw, refused by name when malformed,
and given back by ``State.record()`` of a state they dealt.

Blind Draw (tests/core/toy_game.py) shuffles its 15 cards at the set-up (14 draws: a Fisher–Yates shuffle
fills positions 14 down to 1, position i taking the item at a draw below i + 1) and rolls a d6 bonus on
"roll". Giving each position its own index (outcomes 14, 13, ..., 1) leaves the deck in order, so the
deck, the draws and the dice below are worked out by hand, not read back from the code.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from ludoteca.adapters.chance import seeded_outcomes
from ludoteca.core import BadRecord, load_game, replay
from ludoteca.core.chance import ChanceError, ReplayRng, record_with_chance
from ludoteca.core.record import replay_steps

IN_ORDER = list(range(14, 0, -1))  # every shuffle position keeps its own item: the deck stays 1,1,1,2,...,5,5,5
ACTIONS = [[0, "draw"], [1, "roll"], [0, "roll"], [1, "draw"], [0, "stop"]]


def _record(**changes: Any) -> dict[str, Any]:
    """Blind Draw at 2 players dealt in order; seat 1 rolls a 4 (outcome 3), seat 0 a 1 (outcome 0)."""
    record: dict[str, Any] = {
        "game": "blind-draw",
        "version": load_game("blind-draw", 2).version,
        "players": 2,
        "options": {"limit": 21},
        "seed": 7,
        "scenario": None,
        "dice": [],
        "actions": [list(action) for action in ACTIONS],
        "chance": [IN_ORDER, [], [3], [0], [], []],
    }
    record.update(changes)
    return record


def test_a_record_with_chance_deals_what_its_outcomes_say() -> None:
    state = replay(_record())
    assert state.data["deck"] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5]  # two 5s drawn off the end
    assert state.data["hands"] == [[5], [5]]
    assert state.data["bonus"] == [1, 4]
    assert "Seat 1 rolls 4." in [event["text"] for event in state.log]
    assert state.to_act() == [1]
    # The seed deals nothing: another seed, the same game.
    assert replay(_record(seed=8)).data == state.data


def test_the_replayed_state_gives_back_its_record_and_json_keeps_it() -> None:
    record = _record()
    state = replay(json.loads(json.dumps(record)))
    assert record_with_chance(state) == record
    assert record_with_chance(state.clone()) == record
    assert [len(step.record()["actions"]) for step in replay_steps(record)] == [0, 1, 2, 3, 4, 5]


def test_a_seeds_draws_given_as_chance_replay_the_seeded_game() -> None:
    """The draws ``Rng(11)`` makes, given back step by step as chance outcomes (``seeded_outcomes``), deal the
    seed's own game."""
    game = load_game("blind-draw", 3)
    moves = [(0, "roll"), (1, "draw"), (2, "roll"), (0, "draw"), (1, "roll")]
    noted = game.new_state(11)
    for seat, text in moves:
        noted.apply(seat, text)
    steps = [[outcome for _, outcome, _ in step] for step in seeded_outcomes(game, 11, moves)]
    seeded = noted.record()
    assert "chance" not in seeded
    again = replay({**seeded, "seed": 12, "chance": steps})
    assert again.data == replay(seeded).data == noted.data
    assert again.log == noted.log


def _without_last_outcome(record: dict[str, Any]) -> None:
    record["chance"][0] = record["chance"][0][:-1]


def _set_outcome(step: int, index: int, value: object) -> Callable[[dict[str, Any]], None]:
    """A change that puts ``value`` as outcome ``index`` of step ``step``."""

    def change(record: dict[str, Any]) -> None:
        record["chance"][step] = list(record["chance"][step])
        record["chance"][step][index] = value

    return change


MALFORMED = [
    # (what is changed, the error, how many states replay_steps yields before it)
    (
        _set_outcome(0, 1, 17),
        "the record's set-up is invalid: chance outcome 17 at draw 1 is out of range 0..13 "
        "(shuffle of 15, position 13)",
        0,
    ),
    (_set_outcome(0, 0, -1), "chance outcome -1 at draw 0 is out of range 0..14 (shuffle of 15, position 14)", 0),
    (
        _set_outcome(2, 0, 6),
        "action 1 (seat 1: 'roll') does not replay: chance outcome 6 at draw 14 is out of range 0..5 (d6)",
        2,
    ),
    (_set_outcome(0, 3, "x"), "chance outcome 'x' at draw 3 (the set-up) is not an integer", 0),
    (_set_outcome(3, 0, 2.0), "chance outcome 2.0 at draw 15 (action 2) is not an integer", 0),
    (_set_outcome(2, 0, True), "chance outcome True at draw 14 (action 1) is not an integer", 0),
    (
        _without_last_outcome,
        "the record's set-up is invalid: the step's 13 chance outcome(s) run out: draw 13 "
        "(shuffle of 15, position 1, 0..1) has none",
        0,
    ),
    (
        lambda r: r["chance"].__setitem__(2, []),
        "action 1 (seat 1: 'roll') does not replay: the step's 0 chance "
        "outcome(s) run out: draw 14 (d6, 0..5) has none",
        2,
    ),
    (
        lambda r: r["chance"].__setitem__(1, [0]),
        "action 0 (seat 0: 'draw') does not replay: the step drew 0 chance outcomes, not the 1 given",
        1,
    ),
    (lambda r: r["chance"].pop(), "the record's 'chance' has 5 step(s), but a record of 5 action(s) needs 6", 0),
    (lambda r: r["actions"].pop(), "the record's 'chance' has 6 step(s), but a record of 4 action(s) needs 5", 0),
    (lambda r: r.__setitem__("chance", {"0": IN_ORDER}), "the record's 'chance' must be a list", 0),
    (lambda r: r["chance"].__setitem__(1, 0), "the record's chance outcomes of action 0 must be a list, not 0", 0),
    (lambda r: r.__setitem__("dice", [4]), "it cannot also script 'dice'", 0),
    (lambda r: r.__setitem__("generator", "blake2b"), "it names no 'generator'", 0),
]


@pytest.mark.parametrize(("change", "error", "before"), MALFORMED)
def test_a_malformed_chance_list_is_refused_by_name(change: Any, error: str, before: int) -> None:
    """Never a silently different game: the fault is named, and no state with it is produced (``replay_steps``
    yields only the states before the faulty step)."""
    record = _record()
    record["chance"] = [list(step) for step in record["chance"]]
    change(record)
    with pytest.raises(BadRecord, match=re.escape(error)):
        replay(record)
    yielded = []
    with pytest.raises(BadRecord, match=re.escape(error)):
        for state in replay_steps(record):
            yielded.append(len(state.record()["actions"]))
    assert yielded == list(range(before))


def test_a_record_without_chance_replays_from_its_seed_as_before() -> None:
    """The same actions, no ``"chance"`` (or ``None``): the seed's own game, dice and shuffle from ``Rng(7)``."""
    played = load_game("blind-draw", 2).new_state(seed=7)
    for seat, text in ACTIONS:
        played.apply(seat, text)
    old = played.record()
    assert "chance" not in old
    for record in (old, {**old, "chance": None}):
        again = replay(record)
        assert again.data == played.data and again.log == played.log
        assert record_with_chance(again) == old  # a seeded state's record carries no chance outcomes
    assert replay(_record()).data != played.data  # the outcomes, not the seed, dealt the other


def test_a_replayed_state_draws_nothing_beyond_its_outcomes() -> None:
    """Its record's outcomes are all used: a further draw is a clear :class:`ChanceError`, never a made-up die."""
    state = replay(_record(actions=ACTIONS[:1], chance=[IN_ORDER, []]))
    assert state.to_act() == [1]
    with pytest.raises(ChanceError, match="explicit chance outcomes"):
        state.apply(1, "roll")
    assert isinstance(ChanceError("x"), ValueError)  # a LudotecaError: callers catch it like any other


# ``State.record()`` of a state dealt by chance outcomes lists them; a seeded state's is as it always was.
def test_the_record_of_a_replayed_state_lists_its_chance_outcomes() -> None:
    record = _record()
    state = replay(json.loads(json.dumps(record)))
    assert state.record() == record
    assert state.clone().record() == record
    assert replay(state.record()).data == state.data
    # Each step of a step-by-step replay has the record of the game so far: both lists cut alike.
    for number, step in enumerate(replay_steps(record)):
        assert step.record() == {
            **record,
            "actions": record["actions"][:number],
            "chance": record["chance"][: number + 1],
        }


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
