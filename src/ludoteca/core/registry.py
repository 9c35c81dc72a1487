"""Game ids to Game classes.

Built-in games are listed here; third-party packages add theirs through the ``ludoteca.games``
entry-point group (``my_game = "my_package.module:MyGame"``). Classes are imported only when a
game is first asked for, so ``import ludoteca`` stays cheap.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from ludoteca.core.errors import UnknownGame
from ludoteca.core.game import Game

_BUILTIN: dict[str, str] = {
    "advanced-civilization": "ludoteca.games.advanced_civilization:AdvancedCivilizationGame",
    "arabian-struggle": "ludoteca.games.arabian_struggle:ArabianStruggleGame",
    "mankind": "ludoteca.games.mankind:MankindGame",
    "tigris-euphrates": "ludoteca.games.tigris_euphrates:TigrisGame",
}

_loaded: dict[str, type[Game]] = {}
_extra: dict[str, str] | None = None


def _entry_point_games() -> dict[str, str]:
    global _extra
    if _extra is None:
        _extra = {ep.name: ep.value for ep in entry_points(group="ludoteca.games")}
    return _extra


def register(game_class: type[Game]) -> type[Game]:
    """Register a Game class under its ``id`` (usable as a class decorator, e.g. in tests)."""
    _loaded[game_class.id] = game_class
    return game_class


def unregister(game_id: str) -> None:
    """Forget a game registered with :func:`register` (tests use it to clean up)."""
    _loaded.pop(game_id, None)


def list_games() -> list[str]:
    """Every registered game id, sorted."""
    return sorted(set(_BUILTIN) | set(_entry_point_games()) | set(_loaded))


def game_class(game_id: str) -> type[Game]:
    """The Game class of ``game_id``; :class:`UnknownGame` if nothing registers it."""
    if game_id in _loaded:
        return _loaded[game_id]
    target = _BUILTIN.get(game_id) or _entry_point_games().get(game_id)
    if target is None:
        known = ", ".join(list_games())
        raise UnknownGame(f"there is no game {game_id!r} (known games: {known})")
    module_name, _, attribute = target.partition(":")
    cls: type[Game] = getattr(importlib.import_module(module_name), attribute)
    _loaded[game_id] = cls
    return cls


def load_game(game_id: str, players: int | None = None, options: dict[str, Any] | None = None) -> Game:
    """The game ``game_id`` for ``players`` seats with ``options``; clear errors for bad values."""
    return game_class(game_id)(players, options)
