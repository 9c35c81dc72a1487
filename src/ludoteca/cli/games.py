"""``ludoteca games``: the installed games, their player counts and options, and the bots for ``--seats``."""

from __future__ import annotations

from ludoteca.cli.common import stdout_console
from ludoteca.cli_render import bots_table, games_table
from ludoteca.core import list_games


def games_command() -> None:
    """List the installed games with their player counts and options, and the bots that can take a seat."""
    console = stdout_console()
    game_ids = list_games()
    console.print(games_table(game_ids))
    console.print(bots_table(game_ids))
