"""What the web client needs to know about each game beyond ``view(seat)``.

Three small per-game hooks:

* :func:`static_data` — the parts of a board that never change during a game (the Tigris & Euphrates
  rivers and temples, the Advanced Civilization map's drawing positions, the Arabian Struggle map's
  coordinates, links and regions and the faces of its cards), sent once with
  ``GET /api/games/{id}`` so the view itself stays what the game says a seat may see. Each game keeps
  its own in ``ludoteca.games.<game>.presentation`` (with any rules help its page shows);
* :func:`renderer_for` — which drawing script the game page loads (``static/games/<game>.js``), or the
  generic one that lists the view when a game has no drawing yet;
* :func:`public_action_text` — whether an action's text may be shown to a spectator while the game is
  still being played. A text can name hidden things (the tiles a Tigris & Euphrates player swaps), so a
  game without a hook has all its texts withheld until the end: the safe default. It lives in
  :mod:`ludoteca.secrecy` (re-exported here), since the terminal keeps the same secrets.
"""

from __future__ import annotations

import functools
import importlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Shared with the terminal (``ludoteca play``), which must keep the same secrets without the web extra.
from ludoteca.secrecy import public_action_text as public_action_text

STATIC = Path(__file__).parent / "static"


def _presentation(package: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The ``static_data`` of ``ludoteca.games.<package>.presentation``, imported when first asked for."""

    def load(options: dict[str, Any]) -> dict[str, Any]:
        module = importlib.import_module(f"ludoteca.games.{package}.presentation")
        data: dict[str, Any] = module.static_data(options)
        return data

    return load


_STATIC: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "tigris-euphrates": _presentation("tigris_euphrates"),
    "advanced-civilization": _presentation("advanced_civilization"),
    "arabian-struggle": _presentation("arabian_struggle"),
    "mankind": _presentation("mankind"),
}


_BUILT: dict[tuple[str, str], dict[str, Any]] = {}
"""Static data already built, by game and options: it never changes, and building it again for every page opened
cost milliseconds (Mankind's is about 64 KB; the Advanced Civilization maps are walked area by area)."""


def static_data(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """The unchanging board data the game's renderer draws from (``{}`` for games that need none).

    Built once per game and options, then shared: callers must not change it (they only serialise it)."""
    key = (game_id, json.dumps(options, sort_keys=True, default=str))
    built = _BUILT.get(key)
    if built is None:
        if len(_BUILT) >= 256:  # option values without a fixed list of choices must not grow it forever
            _BUILT.clear()
        hook = _STATIC.get(game_id)
        built = _BUILT[key] = hook(options) if hook is not None else {}
    return built


@functools.cache
def renderer_for(game_id: str) -> str:
    """The name of the drawing script for ``game_id``: its own when one exists, else ``generic`` (looked up once
    per game: the scripts are part of the installed package)."""
    return game_id if (STATIC / "games" / f"{game_id}.js").is_file() else "generic"

