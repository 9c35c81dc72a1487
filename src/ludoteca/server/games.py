"""What the web client needs to know about each game beyond ``view(seat)``, kept out of the games themselves.

Three small per-game hooks:

* :func:`static_data` — the parts of a board that never change during a game (the Tigris & Euphrates
  rivers and temples, the Advanced Civilization map's drawing positions, the Arabian Struggle map's
  coordinates, links and regions and the faces of its cards), sent once with
  ``GET /api/games/{id}`` so the view itself stays what the game says a seat may see;
* :func:`renderer_for` — which drawing script the game page loads (``static/games/<game>.js``), or the
  generic one that lists the view when a game has no drawing yet;
* :func:`public_action_text` — whether an action's text may be shown to a spectator while the game is
  still being played. A text can name hidden things (the tiles a Tigris & Euphrates player swaps), so a
  game without a hook has all its texts withheld until the end: the safe default. It lives in
  :mod:`ludoteca.secrecy` (re-exported here), since the terminal keeps the same secrets.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

# Shared with the terminal (``ludoteca play``), which must keep the same secrets without the web extra.
from ludoteca.secrecy import public_action_text as public_action_text

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
    return {
        "map": board.name,
        "areas": areas,
        "borders": [list(pair) for pair in links],
        **_civilization_tracks(content),
    }


def _civilization_tracks(content: Any) -> dict[str, Any]:
    """The A.S.T. (each nation's row: epoch starts, finish, Late Iron values) and the trade cards' stacks.

    The game is still growing (trade cards, calamities): a part its content does not offer yet is left out,
    and the renderer draws without it.
    """
    found: dict[str, Any] = {}
    if hasattr(content, "nations"):
        found["nations"] = {
            name: {"ast": n.ast, "finish": n.finish, "epochs": list(n.epochs), "late_iron": list(n.late_iron)}
            for name, n in content.nations().items()
        }
    if hasattr(content, "cards"):
        cards = content.cards()
        found["epochs"] = [{"name": e.name, "cities": e.cities} for e in getattr(cards, "epochs", ())]
        stacks = {name: {"stack": c.stack, "kind": "commodity"} for name, c in cards.commodities.items()}
        for name, c in getattr(cards, "calamities", {}).items():
            stacks[name] = {"stack": c.stack, "kind": "calamity", "tradable": c.tradable}
        found["cards"] = stacks
    return found


def _arabian_static(_options: dict[str, Any]) -> dict[str, Any]:
    from ludoteca.games.arabian_struggle.content import load_content

    content = load_content()
    areas = {
        name: {
            "x": area.x,
            "y": area.y,
            "region": area.region,
            "type": area.type,
            "supply": area.supply,
            "population": area.population,
            "key_city": area.key_city,
            "british_flag": area.british_flag,
        }
        for name, area in content.areas.items()
    }
    links = sorted(
        {(*sorted((name, b)), b in area.roads) for name, area in content.areas.items() for b in area.adjacent}
    )
    regions = {
        name: {"areas": list(members), "scoring": name in content.scoring_regions}
        for name, members in content.regions.items()
    }
    # The deck's cards are public (only who holds which is hidden): the hand and the events show their faces.
    cards = {
        str(number): {
            "title": card.title,
            "faction": card.faction,
            "op": card.op,
            "eras": list(card.eras),
            "regions": list(card.regions),
            "modifiers": dict(card.modifiers),
            "text": card.text,
            "duration": card.duration,
            "lasting_text": card.lasting_text,
        }
        for number, card in content.cards.items()
    }
    setup = content.setup
    wanted = ("hand", "rounds", "early_win_vp")
    players = {count: {k: v for k, v in spec.items() if k in wanted} for count, spec in setup["players"].items()}
    return {
        "areas": areas,
        "links": [[a, b, road] for a, b, road in links],
        "regions": regions,
        "cards": cards,
        "eras": list(setup.get("era_names", [])),
        "players": players,
        "home_regions": dict(setup.get("home_regions", {})),
    }


_STATIC: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "tigris-euphrates": _tigris_static,
    "advanced-civilization": _civilization_static,
    "arabian-struggle": _arabian_static,
}


def static_data(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """The unchanging board data the game's renderer draws from (``{}`` for games that need none)."""
    hook = _STATIC.get(game_id)
    return hook(options) if hook is not None else {}


def renderer_for(game_id: str) -> str:
    """The name of the drawing script for ``game_id``: its own when one exists, else ``generic``."""
    return game_id if (STATIC / "games" / f"{game_id}.js").is_file() else "generic"

