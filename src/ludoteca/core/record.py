"""Game records: validation and replay.

A record is the whole truth of a game: game id, version, players, options, seed, scenario,
scripted dice, the generator when it is not the default one, and the list of ``[seat, action text]``.
Replaying it rebuilds the exact state.

A game dealt by explicit chance outcomes (the OpenSpiel adapter's ``chance_mode="explicit"``) drew nothing
from its seed, so its record also holds ``"chance"``: the outcomes of every draw, one list a step (the
set-up's, then one per action), each outcome ``k`` of a draw of ``n`` in ``0..n-1`` (``ludoteca.core.chance``
says what a draw is). Replay answers each draw from that list; a record without it replays from its seed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ludoteca.core import wording
from ludoteca.core.chance import ChanceNeeded, ReplayRng, ran_out, settle
from ludoteca.core.errors import BadRecord, IllegalAction, LudotecaError
from ludoteca.core.game import State
from ludoteca.core.registry import load_game
from ludoteca.core.rng import FAST, GENERATORS

_REQUIRED = {"game": str, "players": int, "seed": int, "actions": list}


def check_record(record: Any) -> dict[str, Any]:
    """Return ``record`` if it is well formed, else raise :class:`BadRecord` naming the fault."""
    if not isinstance(record, dict):
        raise BadRecord(f"a record must be a JSON object, not {type(record).__name__}")
    for key, kind in _REQUIRED.items():
        if key not in record:
            raise BadRecord(f"the record has no {key!r}")
        if not isinstance(record[key], kind) or isinstance(record[key], bool):
            raise BadRecord(f"the record's {key!r} must be {wording.a(kind.__name__)}, not {record[key]!r}")
    generator = record.get("generator", FAST)
    if generator not in GENERATORS:
        raise BadRecord(f"the record's 'generator' must be one of {', '.join(GENERATORS)}, not {generator!r}")
    for key, kind in (("options", dict), ("scenario", dict), ("dice", list)):
        if record.get(key) is not None and not isinstance(record[key], kind):
            raise BadRecord(f"the record's {key!r} must be {wording.a(kind.__name__)}, not {record[key]!r}")
    for index, entry in enumerate(record["actions"]):
        if (
            not isinstance(entry, list | tuple)
            or len(entry) != 2
            or not isinstance(entry[0], int)
            or isinstance(entry[0], bool)
            or not isinstance(entry[1], str)
        ):
            raise BadRecord(f"action {index} must be [seat, text], not {entry!r}")
    if record.get("chance") is not None:
        _check_chance(record)
    return record


def _step_name(step: int) -> str:
    return "the set-up" if step == 0 else f"action {step - 1}"


def _check_chance(record: dict[str, Any]) -> None:
    """A ``"chance"`` list: one list of integer outcomes a step, and nothing else that says where draws come from.

    Whether each outcome is in range for its draw is known only when the draw is made (:func:`replay_steps`).
    """
    chance = record["chance"]
    if not isinstance(chance, list):
        raise BadRecord(f"the record's 'chance' must be a list (one list of outcomes a step), not {chance!r}")
    steps = len(record["actions"]) + 1
    if len(chance) != steps:
        raise BadRecord(
            f"the record's 'chance' has {len(chance)} step(s), but a record of {len(record['actions'])} action(s) "
            f"needs {steps}: the set-up's outcomes, then one list per action"
        )
    draw = 0
    for step, outcomes in enumerate(chance):
        if not isinstance(outcomes, list):
            raise BadRecord(f"the record's chance outcomes of {_step_name(step)} must be a list, not {outcomes!r}")
        for outcome in outcomes:
            if not isinstance(outcome, int) or isinstance(outcome, bool):
                raise BadRecord(f"chance outcome {outcome!r} at draw {draw} ({_step_name(step)}) is not an integer")
            draw += 1
    if record.get("dice"):
        raise BadRecord("a record with 'chance' draws only from its chance outcomes: it cannot also script 'dice'")
    if record.get("generator", FAST) != FAST:
        raise BadRecord("a record with 'chance' draws only from its chance outcomes: it names no 'generator'")


def replay(record: dict[str, Any]) -> State:
    """Rebuild the state a record describes; :class:`BadRecord` if it is malformed or does not replay."""
    state: State | None = None
    for state in replay_steps(record):  # noqa: B007 (the last one is the answer)
        pass
    assert state is not None  # the set-up is always yielded
    return state


def replay_steps(record: dict[str, Any]) -> Iterator[State]:
    """The state a record describes, yielded after its set-up and again after each action (the same object).

    For a step-by-step display (``ludoteca replay --step``); :class:`BadRecord` at the first fault, before
    the state it would spoil is yielded. With ``"chance"``, each step draws from its own list of outcomes,
    and a step that needs more, uses fewer or gets an outcome out of its draw's range is refused by name.
    """
    check_record(record)
    try:
        game = load_game(record["game"], record["players"], record.get("options") or {})
    except LudotecaError as error:
        raise BadRecord(f"the record's game cannot be set up: {error}") from error
    version = record.get("version")
    if version is not None and str(version) != game.version:
        raise BadRecord(f"the record was made with {game.id} version {version}, this is version {game.version}")
    chance: list[list[int]] | None = record.get("chance")
    rng = None if chance is None else ReplayRng(chance[0])
    try:
        state = game.new_state(seed=record["seed"], scenario=record.get("scenario"), dice=record.get("dice"),
                               generator=record.get("generator", FAST), rng=rng)
        if rng is not None:
            settle(rng)
    except LudotecaError as error:
        raise BadRecord(f"the record's set-up is invalid: {error}") from error
    except ChanceNeeded as needed:
        why = ran_out(needed, len(chance[0]) if chance else 0)
        raise BadRecord(f"the record's set-up is invalid: {why}") from None
    yield state
    for index, (seat, text) in enumerate(record["actions"]):
        if rng is not None and chance is not None:
            rng = rng.next_step(chance[index + 1])
            state.rng = rng
        try:
            state.apply(seat, text)
            if rng is not None:
                settle(rng)
        except IllegalAction as error:
            raise BadRecord(
                f"action {index} (seat {seat}: {text!r}) does not replay: {error}. A record replays only from the "
                "set-up it was played with (game, players, options, seed, dice, scenario): was one of them changed?"
            ) from error
        except LudotecaError as error:
            raise BadRecord(f"action {index} (seat {seat}: {text!r}) does not replay: {error}") from error
        except ChanceNeeded as needed:
            why = ran_out(needed, len(chance[index + 1]) if chance is not None else 0)
            raise BadRecord(f"action {index} (seat {seat}: {text!r}) does not replay: {why}") from None
        yield state


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record from a JSON file, with :class:`BadRecord` for unreadable files."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise BadRecord(f"cannot read {path}: {error.strerror}") from error
    except json.JSONDecodeError as error:
        raise BadRecord(f"{path} is not valid JSON: {error}") from error
    except UnicodeDecodeError as error:  # one damaged byte is enough (found by tests/reliability)
        raise BadRecord(f"{path} is not UTF-8 text: byte {error.start} cannot be decoded") from error
    return check_record(data)


def save_record(state: State, path: str | Path) -> None:
    """Write ``state.record()`` as JSON."""
    Path(path).write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")
