"""What ``tournament``, ``simulate`` and ``ladder`` check before their first game, in one place.

A run of many games must refuse a bad game, option, player count or agent before it starts, with the
same words whichever command was typed; each command then adds only its own checks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.agents import make_agent
from ludoteca.cli.common import parse_option_values, require_importable, split_seat_specs
from ludoteca.core import load_game


@dataclass(frozen=True)
class MatchSetup:
    """A checked run: the agent specs, the game's options and the number of players."""

    specs: list[str]
    options: dict[str, Any]
    players: int


def check_match_setup(
    game: str,
    agents: str,
    option_items: Sequence[str] | None,
    players: int | None,
    default_players: Callable[[str, dict[str, Any]], int] | None = None,
) -> MatchSetup:
    """Check everything the typed arguments name; raise the game's or agent's own error if one is wrong.

    Without ``players``, the count is ``default_players(game, options)`` when given, else the game's
    default table. Call it inside :func:`ludoteca.cli.common.user_errors`.
    """
    require_importable(game)
    specs = split_seat_specs(agents)
    options = parse_option_values(option_items or [])
    if players is not None:
        count = players
    elif default_players is not None:
        count = default_players(game, options)
    else:
        count = load_game(game, None, options).players
    load_game(game, count, options)  # the options at this count, with the game's own message
    for spec in specs:
        make_agent(spec)
    return MatchSetup(specs, options, count)
