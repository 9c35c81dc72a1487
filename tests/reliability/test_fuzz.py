"""``ludoteca fuzz``: it plays real games clean, and it catches, classifies and saves every kind of failure.

A deliberately buggy variant of the core's toy game (Blind Draw) shows each failure kind; its saved
record reproduces the failure under replay, as the report promises.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.core import (
    Action,
    BadRecord,
    InvariantError,
    LudotecaError,
    OptionSpec,
    State,
    load_record,
    register,
    replay,
    unregister,
)
from ludoteca.core.debug import checking
from ludoteca.fuzz import run_fuzz
from tests.core.toy_game import BlindDraw, BlindDrawState


class BuggyDrawState(BlindDrawState):
    """Blind Draw with one bug, chosen by the ``bug`` option, that strikes from the third action on.

    Nobody may stop, so every game lasts until the deck runs out (or forever with ``endless``).
    """

    def _struck(self) -> bool:
        return len(self._history) >= 3

    def _apply(self, seat: int, action: Any) -> None:
        if action.text == "wait":
            self.emit("wait", f"Seat {seat} waits.")
            return
        super()._apply(seat, action)
        if self.game.options["bug"] == "crash" and self._struck():
            raise KeyError("a card that is not there")

    def _to_act(self) -> list[int]:
        if self.game.options["bug"] == "dead end" and self._struck():
            return []
        return super()._to_act()

    def _is_over(self) -> bool:
        if self.game.options["bug"] == "endless":
            return False
        return super()._is_over()

    def _legal_actions(self, seat: int) -> list[Any]:
        if self.game.options["bug"] == "endless":
            return [Action("wait")]  # nothing ever ends the game
        return [a for a in super()._legal_actions(seat) if a.text != "stop"]

    def _invariants(self) -> list[str]:
        if self.game.options["bug"] == "invariant" and self._struck():
            return ["the third action broke it"]
        return []


class BuggyDraw(BlindDraw):
    id = "buggy-draw"
    title = "Blind Draw with a bug"
    option_specs = (
        *BlindDraw.option_specs,
        OptionSpec("bug", "none", choices=("none", "crash", "dead end", "endless", "invariant")),
    )

    def _make_state(self) -> State:
        return BuggyDrawState()


@pytest.fixture(autouse=True)
def _buggy_registered() -> Iterator[None]:
    register(BuggyDraw)
    yield
    unregister(BuggyDraw.id)


@pytest.mark.parametrize(("bug", "kind"), [("crash", "crash"), ("dead end", "dead end"), ("invariant", "invariant")])
def test_each_failure_is_caught_classified_and_saved(bug: str, kind: str, tmp_path: Path) -> None:
    report = run_fuzz("buggy-draw", 4, players=2, seed=1, out=tmp_path, options={"bug": bug})
    assert report.games == 4 and len(report.failures) == 4
    failure = report.failures[0]
    assert failure.kind == kind and failure.path is not None
    record = load_record(failure.path)
    assert record["fuzz"]["kind"] == kind and record["options"]["bug"] == bug
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["failures"] == 4 and summary["failure_kinds"] == {kind: 4}


def test_a_saved_crash_replays_to_the_same_crash(tmp_path: Path) -> None:
    failure = run_fuzz("buggy-draw", 1, players=3, seed=2, out=tmp_path, options={"bug": "crash"}).failures[0]
    assert "KeyError" in failure.message and "test_fuzz.py" not in failure.message.split(" at ")[0]
    with pytest.raises(KeyError, match="a card that is not there"):
        replay(load_record(failure.path or ""))


def test_a_saved_invariant_failure_replays_to_it_in_debug_mode(tmp_path: Path) -> None:
    failure = run_fuzz("buggy-draw", 1, players=2, seed=3, out=tmp_path, options={"bug": "invariant"}).failures[0]
    record = load_record(failure.path or "")
    replay(record)  # debug mode off: the record is a legal game
    with checking(), pytest.raises(BadRecord, match="the third action broke it") as caught:
        replay(record)
    assert isinstance(caught.value.__cause__, InvariantError)


def test_over_long_games_are_failures(tmp_path: Path) -> None:
    report = run_fuzz("buggy-draw", 2, players=2, out=tmp_path, options={"bug": "endless"}, max_actions=30)
    assert [f.kind for f in report.failures] == ["too long", "too long"]
    assert len(load_record(report.failures[0].path or "")["actions"]) == 30


def test_clean_games_report_figures_and_write_nothing(tmp_path: Path) -> None:
    report = run_fuzz("mankind", 4, seed=5, out=tmp_path / "out")
    assert report.failures == [] and report.games == 4 and report.actions > 100
    assert report.per_players == {2: 1, 3: 1, 4: 1, 5: 1}
    assert not (tmp_path / "out").exists()


def test_the_fuzz_command(tmp_path: Path) -> None:
    runner = CliRunner()
    clean = runner.invoke(app, ["fuzz", "arabian-struggle", "--games", "2", "--seed", "9", "--out", str(tmp_path)])
    assert clean.exit_code == 0, clean.output
    assert "arabian-struggle: 2 games (2p: 1, 3p: 1)" in clean.output and "0 failure(s)" in clean.output
    broken = runner.invoke(
        app, ["fuzz", "buggy-draw", "--games", "2", "-p", "2", "-o", "bug=crash", "--out", str(tmp_path)]
    )
    assert broken.exit_code == 1 and "crash" in broken.output and "2 failure(s)" in broken.output
    unknown = runner.invoke(app, ["fuzz", "no-such-game", "--games", "1"])
    assert unknown.exit_code == 2


def test_an_agent_can_drive_the_games_deeper(tmp_path: Path) -> None:
    """With ``--agent heuristic`` Advanced Civilization builds cities and draws trade cards, which random play
    rarely does; its look-ahead states are checked too."""
    report = run_fuzz("advanced-civilization", 1, players=2, seed=3, out=tmp_path, agent="heuristic")
    assert report.failures == [] and report.games == 1
    with pytest.raises(LudotecaError, match="no agent 'wizard'"):
        run_fuzz("mankind", 1, agent="wizard")
