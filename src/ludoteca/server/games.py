"""What the web client needs to know about each game beyond ``view(seat)``, kept out of the games themselves.

Three small per-game hooks:

* :func:`static_data` — the parts of a board that never change during a game (the Tigris & Euphrates
  rivers and temples, the Advanced Civilization map's drawing positions), sent once with
  ``GET /api/games/{id}`` so the view itself stays what the game says a seat may see;
* :func:`renderer_for` — which drawing script the game page loads (``static/games/<game>.js``), or the
  generic one that lists the view when a game has no drawing yet;
* :func:`public_action_text` — whether an action's text may be shown to a spectator while the game is
  still being played. A text can name hidden things (the tiles a Tigris & Euphrates player swaps), so a
  game without a hook here has all its texts withheld until the end: the safe default.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

STATIC = Path(__file__).parent / "static"


def _tigris_static(options: dict[str, Any]) -> dict[str, Any]:
    from ludoteca.games.tigris_euphrates.content import HEIGHT, WIDTH, boards, components

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
    }


def _civilization_static(options: dict[str, Any]) -> dict[str, Any]:
    from ludoteca.games.advanced_civilization import content

    board = content.standard_board(options.get("map", "main"))
    areas = {
        name: {
            "board": area.board,
            "kind": area.kind,
            "limit": area.limit,
            "city_site": area.city_site,
            "flood_plain": area.flood_plain,
            "volcano": area.volcano,
            "region": area.region,
            "pos": list(area.pos),
        }
        for name, area in board.areas.items()
    }
    links = sorted({tuple(sorted((a, b))) for a, near in board.borders.items() for b in near})
    return {"map": board.name, "areas": areas, "borders": [list(pair) for pair in links]}


_STATIC: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "tigris-euphrates": _tigris_static,
    "advanced-civilization": _civilization_static,
}


def static_data(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """The unchanging board data the game's renderer draws from (``{}`` for games that need none)."""
    hook = _STATIC.get(game_id)
    return hook(options) if hook is not None else {}


def renderer_for(game_id: str) -> str:
    """The name of the drawing script for ``game_id``: its own when one exists, else ``generic``."""
    return game_id if (STATIC / "games" / f"{game_id}.js").is_file() else "generic"


def _all_public(_text: str) -> bool:
    return True


def _tigris_public(text: str) -> bool:
    # Swapped tiles go face down into the box (T&E "Swap tiles"): which ones is hidden.
    return not text.startswith("swap")


_PUBLIC: dict[str, Callable[[str], bool]] = {
    "mankind": _all_public,  # Mankind has no hidden information but the dice to come
    "tigris-euphrates": _tigris_public,
}


def public_action_text(game_id: str, text: str) -> str | None:
    """``text`` if a spectator may read it before the game ends, else ``None`` (withheld)."""
    check = _PUBLIC.get(game_id)
    return text if check is not None and check(text) else None
