"""``ludoteca games``: the installed games, their player counts and options."""

from __future__ import annotations

from ludoteca.cli.common import stdout_console
from ludoteca.cli_render import games_table
from ludoteca.core import list_games


def games_command() -> None:
    """List the installed games with their player counts and options."""
    stdout_console().print(games_table(list_games()))
