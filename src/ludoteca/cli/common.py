"""What every command shares: the Typer app, one-line user errors, reading a typed line, option parsing.

The commands are thin: all rules live in the games, all decisions in the agents. What is here is the
table talk they have in common: how every :class:`~ludoteca.LudotecaError` becomes one readable line
and exit code 2 instead of a traceback, and how ``--option`` and ``--seats`` are read.

Input is read with :func:`input` (through Rich), so the same loops work at a real terminal (with
line editing) and with piped stdin, as in the tests.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text

import ludoteca
from ludoteca.cli_render import breakdown, result_extras, result_table, winners_line
from ludoteca.core import BadOptions, LudotecaError, State, UnknownGame, game_class

EXIT_ERROR = 2
"""Exit code of every user error (unknown game, bad option, bad record...), as for usage errors."""
EXIT_FAILURE = 1
"""Exit code when something failed that the user did not get wrong: a broken or runaway game, an unwritable file."""

HUMAN = "human"
DEFAULT_BOT = "heuristic"
"""The bot a seat gets when ``--seats`` names none, as in the lobby: quick, and a real opponent (random is not)."""

app = typer.Typer(
    name="ludoteca",
    help="Ludoteca: tabletop strategy games at the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)


def stdout_console() -> Console:
    """A console on the *current* stdout, so test runners that swap streams capture it."""
    return Console(highlight=False)

def fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    """Print one red line on stderr and exit: users get the reason, not a traceback."""
    Console(stderr=True, highlight=False).print(Text(f"error: {message}", style="bold red"), soft_wrap=True)
    raise typer.Exit(code)

@contextmanager
def user_errors() -> Iterator[None]:
    """Turn any :class:`LudotecaError` raised inside into :func:`fail`."""
    try:
        yield
    except LudotecaError as error:
        fail(str(error))

def read_line(console: Console, prompt: str | Text) -> str | None:
    """One typed line, or ``None`` at end of input.

    When stdin is not a terminal the line is echoed, so a piped session reads like a typed one.
    """
    try:
        line = console.input(prompt)
    except EOFError:
        console.print()
        return None
    if not sys.stdin.isatty():
        console.print(Text(line), soft_wrap=True)
    return line

def require_importable(game_id: str) -> None:
    """Fail with one line if ``game_id`` is registered but its code does not import.

    The registry lets import errors through unchanged (they are bugs in the game, not user
    errors); at the terminal the reason matters more than the traceback. Unknown ids are left to
    the normal error path.
    """
    try:
        game_class(game_id)
    except UnknownGame:
        pass
    except Exception as error:  # any failure while importing the game's module
        fail(f"game {game_id!r} is installed but cannot be loaded: {type(error).__name__}: {error}", EXIT_FAILURE)

def _show_version(value: bool) -> None:
    if value:
        stdout_console().print(f"ludoteca {ludoteca.__version__}")
        raise typer.Exit()

@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version and exit."),
    ] = False,
) -> None:
    """Ludoteca: tabletop strategy games at the terminal."""


# --------------------------------------------------------------------------- argument parsing
def parse_option_values(items: Sequence[str]) -> dict[str, Any]:
    """``["turn_limit=10", "era=ancient"]`` to ``{"turn_limit": 10, "era": "ancient"}``.

    A value is read as JSON when it parses (numbers, ``true``, ``null``, quoted strings, lists),
    else kept as the raw text, so plain words need no quoting. A key given twice is refused: keeping either
    value would play a game the person did not (also) ask for, without a word.
    """
    options: dict[str, Any] = {}
    typed: dict[str, str] = {}  # each key's item as typed, to quote both when a key comes twice
    for item in items:
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise BadOptions(f"option {item!r} must look like KEY=VALUE")
        if key in typed:
            raise BadOptions(f"option {key!r} is given twice ({typed[key]} and {item.strip()}); give it once")
        typed[key] = item.strip()
        raw = raw.strip()
        try:
            options[key] = json.loads(raw)
        except ValueError:
            options[key] = raw
    return options

def split_seat_specs(text: str) -> list[str]:
    """Split ``--seats`` on commas, keeping agent parameters with their agent.

    Agent specs use commas too (``ismcts:iterations=400,depth=20``). A piece holding ``=`` but no
    ``:`` cannot name an agent, so it continues the previous spec.
    """
    specs: list[str] = []
    for piece in (part.strip() for part in text.split(",")):
        if specs and "=" in piece and ":" not in piece and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def print_result(console: Console, state: State, labels: Sequence[str] | None) -> None:
    result = state.result()
    console.print(result_table(result, state.players, labels))
    for part in breakdown(result, state.players, labels):  # why the scores are what they are (contract 1)
        console.print(part)
    console.print(winners_line(result, labels))
    for line in result_extras(result, state.players):
        console.print(line, soft_wrap=True)
