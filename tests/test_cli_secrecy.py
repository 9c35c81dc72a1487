"""``ludoteca play`` shows each seat what the browser shows it, in every real game, and nothing more.

Each test plays a seeded game at the terminal through CliRunner (the person types ``1`` at every
prompt), saves its record, then replays the record to work out, seat by seat, what the browser would
show that seat (``GameService.payload``: ``view(seat)``, ``legal_actions(seat)``, ``visible_log(seat)``;
and of the other seats' actions only what :func:`ludoteca.secrecy.public_action_text` lets through)
and what it would not: the withheld action texts of the other seats and their private log lines. None
of the latter may appear in what the terminal printed, and the log lines printed must be exactly the
seat's visible log. Each hidden-information game must actually produce such secrets with its seed, so
that a terminal printing every bot action in full (as it once did) fails here.
"""

from __future__ import annotations

import json
import os
import random
import re
import select
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import ludoteca
from ludoteca.cli import app
from ludoteca.cli import play as play_module
from ludoteca.cli.play import _discard_typed_ahead
from ludoteca.secrecy import hides_nothing, public_action_text

runner = CliRunner()


def occurs(text: str, inside: str) -> bool:
    """``text`` appears in ``inside`` as a whole phrase: "keep #3" is not in "keep #39"."""
    if text not in inside:  # the plain test first: most secrets are nowhere, and outputs run to megabytes
        return False
    return re.search(r"(?<![\w#])" + re.escape(text) + r"(?!\w)", inside) is not None


@dataclass
class Eyes:
    """What the browser shows one seat over a recorded game, and what it keeps from that seat."""

    log: list[str]
    """The seat's visible log at the end, in order (the payload's ``log``)."""
    public_actions: list[tuple[int, str]]
    """Other seats' actions as the public hook lets them through, in order."""
    secrets: set[str]
    """Withheld action texts of other seats and their private log lines that the seat never sees."""


def eyes_of(record: dict[str, Any], seat: int) -> Eyes:
    """Replay ``record`` and collect, for ``seat``, what the browser would and would not show it."""
    game = record["game"]
    state = ludoteca.replay({**record, "actions": []})
    seen: list[str] = []
    hidden: list[str] = []
    public: list[tuple[int, str]] = []

    def look() -> None:  # the seat is asked: its payload now holds its view and its legal actions
        seen.extend(action.text for action in state.legal_actions(seat))
        seen.append(json.dumps(state.view(seat), ensure_ascii=False))

    for actor, text in record["actions"]:
        if actor == seat:
            look()
        elif (shown := public_action_text(game, text)) is not None:
            public.append((actor, shown))
            seen.append(shown)
        else:
            hidden.append(text)
        state.apply(actor, text)
    if seat in state.to_act():
        look()
    log = [event["text"] for event in state.visible_log(seat)]
    seen.extend(log)
    hidden.extend(event["text"] for event in state.log if "seats" in event and seat not in event["seats"])
    everything_seen = "\0".join(seen)
    secrets = {text for text in hidden if not occurs(text, everything_seen)}
    return Eyes(log, public, secrets)


def play(
    tmp_path: Path, game: str, seats: list[str], seed: int, options: dict[str, str], lines: int
) -> tuple[str, dict[str, Any]]:
    """Play at the terminal, typing ``1`` at every prompt for ``lines`` prompts; the output and the record."""
    path = tmp_path / "record.json"
    args = ["play", game, "--seats", ",".join(seats), "--seed", str(seed), "--save", str(path)]
    for key, value in options.items():
        args += ["--option", f"{key}={value}"]
    result: Result = runner.invoke(app, args, input="1\n" * lines)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output, json.loads(path.read_text())


def printed_log(output: str, record: dict[str, Any]) -> list[str]:
    """The lines of ``output`` that are log sentences of the game (any seat's), in order."""
    state = ludoteca.replay(record)
    sentences = {event["text"] for event in state.log}
    assert not any("\n" in sentence for sentence in sentences)
    return [line[2:] for line in output.splitlines() if line.startswith("  ") and line[2:] in sentences]


HIDDEN_INFORMATION = [
    pytest.param("arabian-struggle", ["human", "random", "heuristic"], 3, {"variant": "draft"}, id="as-draft"),
    pytest.param("arabian-struggle", ["human", "heuristic", "random"], 5, {}, id="as-standard"),
    pytest.param("arabian-struggle", ["human", "random"], 2, {"variant": "historical"}, id="as-historical-2p"),
    pytest.param("tigris-euphrates", ["human", "random", "random"], 4, {}, id="tigris"),
    pytest.param("advanced-civilization", ["human", "heuristic", "heuristic"], 5, {}, id="civilization"),
]


@pytest.mark.parametrize(("game", "seats", "seed", "options"), HIDDEN_INFORMATION)
def test_one_person_sees_what_the_browser_shows_their_seat(
    tmp_path: Path, game: str, seats: list[str], seed: int, options: dict[str, str]
) -> None:
    output, record = play(tmp_path, game, seats, seed, options, lines=150)
    eyes = eyes_of(record, 0)
    assert eyes.secrets, "the seed must give the bots something to hide, or this test proves nothing"
    if options.get("variant") == "draft":  # the example: another Faction's face-down Draft picks
        assert any(secret.startswith("keep #") for secret in eyes.secrets)
    leaked = sorted(secret for secret in eyes.secrets if occurs(secret, output))
    assert not leaked, leaked
    assert printed_log(output, record) == eyes.log
    for actor, text in eyes.public_actions:
        assert f"Seat {actor} ({seats[actor]}): {text}" in output


def test_mankind_shows_every_action_and_the_whole_log(tmp_path: Path) -> None:
    """Mankind hides nothing but the dice to come: the bots' actions are all public, and so is the log."""
    seats = ["human", "heuristic", "random"]
    output, record = play(tmp_path, "mankind", seats, 6, {}, lines=60)
    eyes = eyes_of(record, 0)
    assert not eyes.secrets
    assert len(eyes.public_actions) > 20
    assert printed_log(output, record) == eyes.log
    for actor, text in eyes.public_actions:
        assert f"Seat {actor} ({seats[actor]}): {text}" in output


def handovers(output: str) -> list[tuple[int | None, str]]:
    """The output cut at each "pass the terminal" pause: (seat it was passed to, what was printed for it)."""
    pieces = re.split(r"Pass the terminal to seat (\d+)", output)
    cut: list[tuple[int | None, str]] = [(None, pieces[0])]
    cut += [(int(pieces[i]), pieces[i + 1]) for i in range(1, len(pieces), 2)]
    return cut


@pytest.mark.parametrize(
    ("game", "seats", "seed", "options"),
    [
        pytest.param("arabian-struggle", ["human", "human", "random"], 5, {}, id="as-standard"),
        pytest.param("arabian-struggle", ["human", "random", "human"], 3, {"variant": "draft"}, id="as-draft"),
        pytest.param("tigris-euphrates", ["human", "random", "human"], 4, {}, id="tigris"),
    ],
)
def test_hot_seat_shows_each_person_only_their_own_seat(
    tmp_path: Path, game: str, seats: list[str], seed: int, options: dict[str, str]
) -> None:
    """People sharing the terminal are each shown their seat's eyes only, after a pause to pass it on."""
    output, record = play(tmp_path, game, seats, seed, options, lines=120)
    humans = [seat for seat, spec in enumerate(seats) if spec == "human"]
    secrets = {seat: eyes_of(record, seat).secrets for seat in humans}
    assert all(secrets.values())
    cut = handovers(output)
    assert {seat for seat, _ in cut if seat is not None} == set(humans)
    for owner, printed in cut:
        # Before the first pause everyone may be looking: nothing any person may not see is printed.
        for seat in humans if owner is None else [owner]:
            leaked = sorted(text for text in secrets[seat] if occurs(text, printed))
            assert not leaked, (owner, leaked)
    state = ludoteca.replay(record)
    told = 0
    for seat in humans:  # and each person is shown their own secrets, in their own turns
        private = [e["text"] for e in state.log if e.get("seats") == [seat]]
        if private:
            assert any(occurs(text, printed) for owner, printed in cut if owner == seat for text in private)
            told += 1
    assert told


def test_bots_alone_show_everything_and_say_so(tmp_path: Path) -> None:
    """With no person at the table nobody has a secret to keep: every bot action is printed in full."""
    output, record = play(tmp_path, "arabian-struggle", ["random", "random"], 2, {"variant": "draft"}, lines=0)
    assert "every seat's hidden information" in output.casefold()
    for actor, text in record["actions"]:
        assert f"Seat {actor} (random): {text}" in output


def test_replay_shows_everything_and_says_so_unless_a_seat_is_named(tmp_path: Path) -> None:
    _, record = play(tmp_path, "arabian-struggle", ["human", "random", "heuristic"], 3, {"variant": "draft"}, 150)
    path = tmp_path / "record.json"
    whole = runner.invoke(app, ["replay", str(path)])
    assert whole.exit_code == 0, whole.output
    assert "every seat's hidden information" in whole.output.casefold()
    secrets = eyes_of(record, 0).secrets
    assert any(occurs(text, whole.output) for text in secrets)  # the private deal lines, at least

    steps = len(record["actions"])
    for args in (["replay", str(path), "--seat", "0"], ["replay", "--step", str(path), "--seat", "0"]):
        result = runner.invoke(app, args, input="\n" * steps)
        assert result.exit_code == 0, result.output
        assert "every seat's hidden information" not in result.output.casefold()
        leaked = sorted(text for text in secrets if occurs(text, result.output))
        assert not leaked, (args, leaked)


def test_a_persons_screen_is_cleared_as_soon_as_a_bot_is_to_move(tmp_path: Path, monkeypatch: Any) -> None:
    """Terminal QA pass, session 26: the last person's hand stayed on the screen while the bots played (seconds
    for a search bot), until the next person's hand-over. It is cleared as soon as the move is made."""
    clearings: list[int] = []

    def clear(console: Any) -> None:
        console.print("<<cleared>>")
        clearings.append(1)

    monkeypatch.setattr(play_module, "_clear_screen", clear)
    original = play_module._PlaySession.bot_move

    def bot_move(self: Any, seat: int) -> None:
        assert not self.revealed, "a bot moves while a person's hand is on the screen"
        original(self, seat)

    monkeypatch.setattr(play_module._PlaySession, "bot_move", bot_move)
    output, record = play(tmp_path, "tigris-euphrates", ["human", "random", "human"], 4, {}, lines=60)
    assert clearings and output.count("<<cleared>>") == len(clearings)
    assert any(seat == 1 for seat, _ in record["actions"])  # the bot did move between the people


def test_what_was_typed_before_the_hand_over_is_thrown_away() -> None:
    """Terminal QA pass, session 26: a second Enter (a bounced key) answered "Pass the terminal to seat 1 and
    press Enter", and seat 1's tiles opened in front of seat 0. Typed-ahead input is discarded first."""
    leader, follower = os.openpty()
    with os.fdopen(follower, "r") as terminal:
        os.write(leader, b"1\n\n")
        saved = sys.stdin
        sys.stdin = terminal
        try:
            assert select.select([terminal], [], [], 1.0)[0]  # the typed-ahead lines are waiting
            _discard_typed_ahead()
            assert not select.select([terminal], [], [], 0.2)[0]  # and now they are gone
        finally:
            sys.stdin = saved
    os.close(leader)


def test_a_game_that_hides_nothing_needs_no_hand_over() -> None:
    """Terminal QA pass, session 26: two people at one Mankind terminal met 222 hand-overs in a game (a cleared
    screen and an Enter each) with nothing to keep from each other. Mankind's views and logs are the same for
    every seat and a spectator at every moment (checked here over a random game), so no pause."""
    assert hides_nothing("mankind") and not hides_nothing("tigris-euphrates")
    state = ludoteca.load_game("mankind", players=3).new_state(seed=2)
    chooser = random.Random(1)
    for _ in range(600):
        if state.is_over():
            break
        views = [state.view(seat) for seat in (0, 1, 2, None)]
        assert all(view == views[0] for view in views)
        assert state.visible_log(0) == state.visible_log(1) == state.visible_log(2) == list(state.log)
        seat = state.to_act()[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    result = runner.invoke(app, ["play", "mankind", "--seats", "human,human", "--seed", "3"], input="1\n" * 40)
    assert result.exit_code == 0, result.output
    assert "Pass the terminal" not in result.output
    assert "Seat 0 to act" in result.output and "Seat 1 to act" in result.output
