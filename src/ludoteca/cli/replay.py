"""``ludoteca replay``: a saved game's log and result, whole or action by action, for everyone or one seat."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

import ludoteca
from ludoteca.cli.common import print_result, read_line, require_importable, stdout_console, user_errors
from ludoteca.cli_render import event_text
from ludoteca.core import BadOptions, State, load_record, wording
from ludoteca.core.record import replay_steps
from ludoteca.secrecy import public_action_text


def replay_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A game record written by `play --save`.")],
    step: Annotated[bool, typer.Option("--step", help="Show one action at a time, pausing for Enter.")] = False,
    seat: Annotated[
        int | None, typer.Option("--seat", help="Show only what this seat saw (default: the whole log).")
    ] = None,
) -> None:
    """Replay a saved game: its whole log and result, or action by action with --step."""
    console = stdout_console()
    with user_errors():
        record = load_record(file)
        require_importable(record["game"])
        if step:
            state = _step_through(record, console, seat)
        else:
            state = ludoteca.replay(record)
            _check_viewer(state, seat)
            console.print(_replay_header(record), soft_wrap=True)
            _say_if_all_shown(console, seat)
            for event in _log(state, seat):
                console.print(event_text(event, whole=seat is None), soft_wrap=True)
        if state.is_over():
            console.rule(Text("Game over"))
            print_result(console, state, None)
        else:
            stop = wording.count(len(record["actions"]), "action", zero="0")
            console.print(Text(f"The game is not over: the record stops after {stop}."))

def _replay_header(record: dict[str, Any]) -> Text:
    """Where the game's randomness came from: its seed, or (explicit chance) the record's chance outcomes."""
    chance = record.get("chance")
    source = (
        f"seed {record['seed']}"
        if chance is None
        else f"{sum(len(step) for step in chance)} chance outcome(s) from the record"
    )
    actions = wording.count(len(record["actions"]), "action", zero="0")
    return Text(f"{record['game']}: {record['players']} players, {source}, {actions}", style="bold")

def _say_if_all_shown(console: Console, seat: int | None) -> None:
    """Without ``--seat`` a replay shows everything; say so, since ``play`` never does while people play."""
    if seat is None:
        console.print(
            Text(
                "Every seat's hidden information is shown: a finished game hides nothing, and a saved record"
                " holds it all anyway. --seat N shows only what seat N saw.",
                style="dim",
            ),
            soft_wrap=True,
        )

def _check_viewer(state: State, seat: int | None) -> None:
    if seat is not None and not 0 <= seat < state.players:
        raise BadOptions(f"--seat must be 0-{state.players - 1} in a {state.players}-player game, not {seat}")

def _log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The whole log, or what ``seat`` may read of it."""
    return list(state.log) if seat is None else state.visible_log(seat)

def _step_through(record: dict[str, Any], console: Console, seat: int | None) -> State:
    """Apply the record's actions one by one, printing each with its log lines; Enter moves on.

    It walks :func:`~ludoteca.core.record.replay_steps`, so a record replays here exactly as in a whole replay
    (its chance outcomes included) and a fault is the same :class:`BadRecord`, raised at its action.
    """
    steps = replay_steps(record)
    state = next(steps)
    _check_viewer(state, seat)
    console.print(_replay_header(record), soft_wrap=True)
    _say_if_all_shown(console, seat)
    shown = 0

    def new_lines() -> None:
        nonlocal shown
        log = _log(state, seat)
        for event in log[shown:]:
            console.print(event_text(event, whole=seat is None), soft_wrap=True)
        shown = len(log)

    new_lines()
    pausing = True
    actions = record["actions"]
    for index, (actor, text) in enumerate(actions):
        # Seen by one seat, the others' actions read as the browser shows them: their public text, if any.
        shown_text = text if seat is None or actor == seat else public_action_text(record["game"], text)
        line = f"seat {actor}: {shown_text}" if shown_text is not None else f"seat {actor} acts (hidden)"
        console.print(Text(f"[{index + 1}/{len(actions)}] {line}", style="cyan"), soft_wrap=True)
        state = next(steps)
        new_lines()
        if pausing and index + 1 < len(actions):
            answer = read_line(console, Text("Enter: next action, q: stop pausing ", style="dim"))
            pausing = answer is not None and answer.strip().casefold() not in {"q", "quit"}
    return state
