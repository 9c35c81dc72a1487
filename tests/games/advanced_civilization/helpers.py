"""Tiny hand-made maps and scenario set-ups for the rule tests."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import ludoteca
from ludoteca.games.advanced_civilization.state import CivState


def tiny_map(areas: dict[str, dict[str, Any]], links: str, crossings: str = "") -> dict[str, Any]:
    """A map in ``map.toml``'s format; ``links``/``crossings`` are pairs like ``"A-B B-C"``."""
    table = {name: {**spec, "links": [], "crossings": []} for name, spec in areas.items()}
    for key, text in (("links", links), ("crossings", crossings)):
        for pair in text.split():
            a, b = pair.split("-")
            table[a][key].append(b)
            table[b][key].append(a)
    return {"areas": table}


def land(limit: int, site: str = "none", **more: Any) -> dict[str, Any]:
    return {"kind": "land", "limit": limit, "city_site": site, "flood_plain": site == "white", **more}


SEA = {"kind": "sea"}
OPEN = {"kind": "open-sea"}

# A row of land areas A-B-C-D-E along a sea, an island F across the sea, G reached only over open sea.
#   A(2, site) - B(3) - C(1) - D(2, site) - E(5)      Sea touches A, B, C, F; Ocean touches C, G
STRIP = tiny_map(
    {
        "A": land(2, "black"),
        "B": land(3),
        "C": land(1),
        "D": land(2, "black"),
        "E": land(5),
        "F": land(2, "black"),
        "G": land(3),
        "Sea": SEA,
        "Ocean": OPEN,
    },
    "A-B B-C C-D D-E A-Sea B-Sea C-Sea F-Sea C-Ocean G-Ocean Sea-Ocean",
)


def chain(n: int, limit: int = 2) -> dict[str, Any]:
    """Land areas L1..Ln in a row, each with a city site."""
    names = [f"L{i}" for i in range(1, n + 1)]
    return tiny_map({name: land(limit, "black") for name in names}, " ".join(f"{a}-{b}" for a, b in pairwise(names)))


def position(
    seats: int = 2,
    nations: list[str] | None = None,
    board: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    dice: list[int] | None = None,
    **scenario: Any,
) -> CivState:
    """A state at a scenario position on ``board`` (STRIP by default), with game ``options`` and scripted ``dice``.

    Trading is played as turns (``trade_session="turns"``) unless ``options`` say otherwise: the rule tests of
    trading, and the hidden-information checks built on them (``tests/core``), follow one seat at a time.
    """
    nations = nations or ["Africa", "Crete", "Egypt", "Asia", "Thrace", "Babylon", "Illyria", "Assyria"][:seats]
    options = {"trade_session": "turns", **(options or {})}
    game = ludoteca.load_game("advanced-civilization", players=seats, options=options)
    state = game.new_state(seed=1, scenario={"map": board or STRIP, "nations": nations, **scenario}, dice=dice)
    assert isinstance(state, CivState)
    return state


def texts(state: CivState, seat: int | None = None) -> list[str]:
    seat = state.to_act()[0] if seat is None else seat
    return [a.text for a in state.legal_actions(seat)]


def tokens(state: CivState) -> dict[str, list[int]]:
    return state.data["tokens"]
