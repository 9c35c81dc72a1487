"""Game records: validation and replay.

A record is the whole truth of a game: game id, version, players, options, seed, scenario,
scripted dice, the generator when it is not the default one, and the list of ``[seat, action text]``.
Replaying it rebuilds the exact state.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ludoteca.core.errors import BadRecord, LudotecaError
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
            raise BadRecord(f"the record's {key!r} must be a {kind.__name__}, not {record[key]!r}")
    generator = record.get("generator", FAST)
    if generator not in GENERATORS:
        raise BadRecord(f"the record's 'generator' must be one of {', '.join(GENERATORS)}, not {generator!r}")
    for key, kind in (("options", dict), ("scenario", dict), ("dice", list)):
        if record.get(key) is not None and not isinstance(record[key], kind):
            raise BadRecord(f"the record's {key!r} must be a {kind.__name__}, not {record[key]!r}")
    for index, entry in enumerate(record["actions"]):
        if (
            not isinstance(entry, list | tuple)
            or len(entry) != 2
            or not isinstance(entry[0], int)
            or isinstance(entry[0], bool)
            or not isinstance(entry[1], str)
        ):
            raise BadRecord(f"action {index} must be [seat, text], not {entry!r}")
    return record


def replay(record: dict[str, Any]) -> State:
    """Rebuild the state a record describes; :class:`BadRecord` if it is malformed or does not replay."""
    check_record(record)
    try:
        game = load_game(record["game"], record["players"], record.get("options") or {})
    except LudotecaError as error:
        raise BadRecord(f"the record's game cannot be set up: {error}") from error
    version = record.get("version")
    if version is not None and str(version) != game.version:
        raise BadRecord(f"the record was made with {game.id} version {version}, this is version {game.version}")
    try:
        state = game.new_state(seed=record["seed"], scenario=record.get("scenario"), dice=record.get("dice"),
                               generator=record.get("generator", FAST))
    except LudotecaError as error:
        raise BadRecord(f"the record's set-up is invalid: {error}") from error
    for index, (seat, text) in enumerate(record["actions"]):
        try:
            state.apply(seat, text)
        except LudotecaError as error:
            raise BadRecord(f"action {index} (seat {seat}: {text!r}) does not replay: {error}") from error
    return state


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
