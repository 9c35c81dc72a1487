"""What the web client draws beyond ``view(seat)``: the map, the A.S.T. and the card stacks, sent once with a game.

:func:`static_data` is called by :mod:`ludoteca.server.games`; keep it to public, never-changing facts.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.advanced_civilization import content


def static_data(options: dict[str, Any]) -> dict[str, Any]:
    """The map's areas (drawing positions, city sites, flood plains...), its borders, the A.S.T. and the cards."""
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
        **_tracks(),
        # The agreed turn limit (None: the A.S.T. alone ends the game, §34.1). Shown beside the A.S.T., whose
        # "end" column a player would otherwise read as the game's length.
        "turn_limit": options.get("turn_limit"),
        "help": _help(options.get("calamities", "standard")),
    }


def _tracks() -> dict[str, Any]:
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


def _help(calamities: str) -> dict[str, Any]:
    """The rules help the page shows on hover or tap: each advance with its cost, groups, prerequisites, the
    credits it gives (by group and to named advances) and its effect; each calamity of this game's set with its
    stack, whether it may be traded, and its effect; the map's legend and the A.S.T.'s epoch requirements."""
    texts = content.help_texts()
    advances = {
        name: {
            "cost": a.cost,
            "groups": list(a.groups),
            "prerequisites": list(a.prerequisites),
            "credit_groups": dict(a.credit_groups),
            "credit_cards": dict(a.credit_cards),
            "text": texts.advances[name],
        }
        for name, a in content.advances().items()
    }
    spec = content.cards(calamities)
    found = {
        name: {"stack": c.stack, "tradable": c.tradable, "text": texts.calamities[name]}
        for name, c in spec.calamities.items()
    }
    epochs = [{"name": e.name, "cities": e.cities, "groups": e.groups, "cards": e.cards} for e in spec.epochs]
    return {
        "advances": advances,
        "calamities": found,
        "legend": dict(texts.legend),
        "ast": dict(texts.ast),
        "epochs": epochs,
    }
