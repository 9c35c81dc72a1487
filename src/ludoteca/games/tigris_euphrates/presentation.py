"""What the web client draws beyond ``view(seat)``: the board's unchanging parts, sent once with a game.

:func:`static_data` is called by :mod:`ludoteca.server.games`; keep it to public, never-changing facts.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.tigris_euphrates.content import HEIGHT, WIDTH, boards, components, help_texts


def static_data(options: dict[str, Any]) -> dict[str, Any]:
    """The board's unchanging parts: size, river, temples, framed squares, leader names, monuments, and the
    rules help (``data/help.toml``) the page shows on hover or tap."""
    board = boards()[options.get("board", "standard")]
    parts = components()
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "river": sorted(board.river),
        "temples": sorted(board.temples),
        "framed": sorted(board.framed),
        "leader_names": dict(parts.leader_names),
        "monuments": list(parts.monuments),
        "help": help_texts(),
    }
