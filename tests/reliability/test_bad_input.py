"""Bad input never hurts a game: it is refused with a :class:`LudotecaError` that says what was wrong,
and the state stays exactly as it was (its record, every seat's view and the log).

Hypothesis interleaves legal actions with every kind of bad input a person, a bot or a network client
can send: garbage text, near misses of a legal action, actions no longer legal, actions by a seat that
may not act, seats that do not exist, actions that are not text, anything after the end. Invariants are
checked throughout. Then records with one byte changed: each is refused with a ``LudotecaError`` or, if
the change still makes a valid record (a different seed, say), it replays to a sound game. Legal actions
are also typed as people type them (any case, extra spaces) and must be accepted, recorded canonically.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core import Action, InvariantError, LudotecaError, State, load_record, replay
from ludoteca.core.debug import checking
from tests.reliability.helpers import CASE_IDS, CASES, examples, length, play, snapshot

KINDS = ("legal", "legal", "legal", "garbage", "near miss", "stale", "wrong seat", "no such seat", "not text")
NOT_SEATS: list[Any] = [-1, 99, True, "0", None, 1.0]
NOT_TEXT: list[Any] = [None, 7, 1.5, b"pass", ["pass"], {"text": "pass"}]


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def _bad_input(kind: str, state: State, seen: list[str], data: Any) -> tuple[Any, Any, list[str]] | None:
    """(seat, action, words the error must contain) for one bad input of ``kind``; None if none exists now."""
    waiting = state.to_act()
    seat = data.draw(st.sampled_from(waiting))
    legal = {_norm(a.text) for a in state.legal_actions(seat)}
    if kind == "garbage":
        text = data.draw(st.text(max_size=30))
        return None if _norm(text) in legal else (seat, text, [repr(text)])
    if kind == "near miss":
        text = data.draw(st.sampled_from(state.legal_actions(seat))).text
        text = data.draw(st.sampled_from([text[:-1], text + "x", "x" + text, text.replace(" ", "_", 1)]))
        return None if _norm(text) in legal else (seat, text, [repr(text)])
    if kind == "stale":
        old = [text for text in seen if _norm(text) not in legal]
        if not old:
            return None
        text = data.draw(st.sampled_from(old))
        return seat, Action(text), [repr(text)]  # an Action object, as a bot holding an old list would send
    if kind == "wrong seat":
        others = [s for s in range(state.players) if s not in waiting]
        if not others:
            return None
        other = data.draw(st.sampled_from(others))
        return other, state.legal_actions(seat)[0].text, [f"seat {other} may not act now"]
    if kind == "no such seat":
        bad = data.draw(st.sampled_from([*NOT_SEATS, state.players]))
        return bad, state.legal_actions(seat)[0].text, [f"there is no seat {bad!r}"]
    if kind == "not text":
        return seat, data.draw(st.sampled_from(NOT_TEXT)), ["must be given as text or Action"]
    raise AssertionError(kind)


def _respelled(text: str, data: Any) -> str:
    """The same action as a person might type it: any case, spaces doubled, padding (all must be accepted)."""
    upper = data.draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)), label="case")
    typed = "".join(c.upper() if up else c.lower() for c, up in zip(text, upper, strict=True))
    return "  " + typed.replace(" ", "  \t") + " "


def _refused(state: State, seat: Any, action: Any, words: list[str]) -> None:
    before = snapshot(state)
    with pytest.raises(LudotecaError) as caught:
        state.apply(seat, action)
    message = str(caught.value)
    assert not isinstance(caught.value, InvariantError), message
    assert all(word in message for word in words), f"{message!r} does not say {words}"
    assert snapshot(state) == before, f"refusing {action!r} from seat {seat!r} changed the state"


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@examples(3)
@given(seed=st.integers(0, 2**32), fraction=st.floats(0, 1.2), data=st.data())
def test_bad_inputs_interleaved_with_legal_actions(
    game_id: str, players: int, seed: int, fraction: float, data: Any
) -> None:
    state = play(game_id, players, seed, int(fraction * length(game_id)))
    seen: list[str] = []
    with checking():
        for _ in range(15):
            if state.is_over():
                _refused(state, 0, "pass", ["the game is over"])
                break
            kind = data.draw(st.sampled_from(KINDS), label="kind")
            bad = None if kind == "legal" else _bad_input(kind, state, seen, data)
            if bad is None:
                seat = data.draw(st.sampled_from(state.to_act()), label="seat")
                legal = state.legal_actions(seat)
                seen.extend(a.text for a in legal[:20])
                action = data.draw(st.sampled_from(legal), label="action")
                typed = _respelled(action.text, data) if data.draw(st.booleans(), label="respell") else action.text
                state.apply(seat, typed)
                assert state.record()["actions"][-1] == [seat, action.text], "the record keeps the canonical text"
            else:
                _refused(state, *bad)
    # Nothing refused left a trace: the record replays to this very state.
    assert snapshot(replay(json.loads(json.dumps(state.record())))) == snapshot(state)


# ------------------------------------------------------------------------- records with one byte changed
@cache
def _record_bytes(game_id: str, players: int) -> bytes:
    state = play(game_id, players, 11, 40)
    return (json.dumps(state.record(), indent=1) + "\n").encode()


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("records") / "record.json"


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@examples(20)
@given(data=st.data())
def test_records_with_one_byte_changed(game_id: str, players: int, data: Any, scratch: Path) -> None:
    original = _record_bytes(game_id, players)
    position = data.draw(st.integers(0, len(original) - 1), label="position")
    value = data.draw(st.integers(0, 255).filter(lambda v: v != original[position]), label="byte")
    scratch.write_bytes(original[:position] + bytes([value]) + original[position + 1 :])
    with checking():
        try:
            state = replay(load_record(scratch))
        except LudotecaError as error:
            assert not isinstance(error.__cause__, InvariantError), str(error)
            assert len(str(error)) > 10, "the error must say what is wrong"
            return
    # Still a valid record (a changed seed digit, a letter's case in an action...): a sound game.
    assert state.check_invariants() == []
    assert snapshot(replay(state.record())) == snapshot(state)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (b"\xff\xfe{}", "not UTF-8"),
        (b"[1, 2]", "must be a JSON object"),
        (b'{"game": "mankind"}', "has no 'players'"),
        (b'{"game": "nope", "players": 2, "seed": 0, "actions": []}', "nope"),
        (b'{"game": "mankind", "players": 2, "seed": 0, "actions": [[0]]}', "action 0 must be [seat, text]"),
    ],
)
def test_broken_record_files_are_refused_with_the_reason(text: bytes, words: str, scratch: Path) -> None:
    scratch.write_bytes(text)
    with pytest.raises(LudotecaError, match=words.replace("[", r"\[").replace("]", r"\]")):
        replay(load_record(scratch))
