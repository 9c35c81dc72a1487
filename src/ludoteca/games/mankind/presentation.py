"""What the web client draws beyond ``view(seat)``, sent once with a game.

Mankind's page draws everything from the view today; rules help for its builds and traits belongs here.
:func:`static_data` is called by :mod:`ludoteca.server.games`; keep it to public, never-changing facts.
"""

from __future__ import annotations

from typing import Any


def static_data(_options: dict[str, Any]) -> dict[str, Any]:
    """Nothing beyond the view yet."""
    return {}
