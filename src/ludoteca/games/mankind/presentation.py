"""What the web client draws beyond ``view(seat)``, sent once with a game.

Mankind's page draws its tableaux from the view; this is the rules help behind its tooltips (traits, kinds
of build, every build's traits and cost, events and their tables, points and the end bonuses), built by
:mod:`ludoteca.games.mankind.rules_help` from the rulebook's data. :func:`static_data` is called by
:mod:`ludoteca.server.games`; it holds only public, never-changing facts (the rulebook), the same for every seat.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.mankind.rules_help import static_help


def static_data(_options: dict[str, Any]) -> dict[str, Any]:
    """The rules help: Mankind has no options, so every game gets the same (worked out once)."""
    return {"help": static_help()}
