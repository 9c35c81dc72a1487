"""Where the pieces are: tokens, cities and ships on the board, stock and treasury (AC §3, §4).

A nation has 55 tokens, 9 cities and 4 ships. A token is on the board, in stock or in the treasury;
cities and ships not on the board are in stock. ``state.data`` keeps the board as plain dicts:
``tokens`` and ``ships`` map an area to a list with one count per seat (absent when all are zero),
``cities`` maps an area to ``{"owner": seat, "built": turn}``. These helpers are the only code that
moves pieces, so the piece totals cannot drift.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludoteca.games.advanced_civilization.state import CivState


def count(state: CivState, area: str, seat: int) -> int:
    row = state.data["tokens"].get(area)
    return row[seat] if row else 0


def total(state: CivState, area: str) -> int:
    return sum(state.data["tokens"].get(area, ()))


def present(state: CivState, area: str) -> list[int]:
    """Seats with tokens in ``area``."""
    row = state.data["tokens"].get(area)
    return [seat for seat, n in enumerate(row) if n] if row else []


def _change(state: CivState, key: str, area: str, seat: int, delta: int) -> None:
    table = state.data[key]
    row = table.get(area)
    if row is None:
        row = table[area] = [0] * state.players
    row[seat] += delta
    if row[seat] < 0:
        raise AssertionError(f"{key} in {area} for seat {seat} would go negative")
    if not any(row):
        del table[area]


def add(state: CivState, area: str, seat: int, n: int) -> int:
    """Put up to ``n`` tokens from stock into ``area``; returns how many there were to put."""
    player = state.data["players"][seat]
    n = min(n, player["stock"])
    if n > 0:
        player["stock"] -= n
        _change(state, "tokens", area, seat, n)
    return max(n, 0)


def remove(state: CivState, area: str, seat: int, n: int) -> None:
    """Return ``n`` tokens from ``area`` to stock."""
    if n:
        _change(state, "tokens", area, seat, -n)
        state.data["players"][seat]["stock"] += n


def shift(state: CivState, source: str, target: str, seat: int, n: int) -> None:
    if n:
        _change(state, "tokens", source, seat, -n)
        _change(state, "tokens", target, seat, n)


def to_treasury(state: CivState, seat: int, n: int) -> int:
    """Turn up to ``n`` stock tokens over to their treasury side; returns how many."""
    player = state.data["players"][seat]
    n = min(n, player["stock"])
    player["stock"] -= n
    player["treasury"] += n
    return n


def from_treasury(state: CivState, seat: int, n: int) -> None:
    """Spend ``n`` treasury tokens: they go back to stock (§22.1, §25.2)."""
    player = state.data["players"][seat]
    if n > player["treasury"]:
        raise AssertionError(f"seat {seat} has only {player['treasury']} in treasury, not {n}")
    player["treasury"] -= n
    player["stock"] += n


def on_board(state: CivState, seat: int) -> int:
    """Tokens of ``seat`` on the board: the census count (§21.1)."""
    return sum(row[seat] for row in state.data["tokens"].values())


def owner(state: CivState, area: str) -> int | None:
    city = state.data["cities"].get(area)
    return None if city is None else int(city["owner"])


def cities_of(state: CivState, seat: int) -> list[str]:
    return sorted(area for area, city in state.data["cities"].items() if city["owner"] == seat)


def spare_cities(state: CivState, seat: int) -> int:
    return state.rules.cities - len(cities_of(state, seat))


def place_city(state: CivState, area: str, seat: int) -> None:
    state.data["cities"][area] = {"owner": seat, "built": state.data["turn"]}


def ships_in(state: CivState, area: str, seat: int) -> int:
    row = state.data["ships"].get(area)
    return row[seat] if row else 0


def ships_of(state: CivState, seat: int) -> list[str]:
    """The areas of ``seat``'s ships, one entry per ship."""
    return [area for area in sorted(state.data["ships"]) for _ in range(state.data["ships"][area][seat])]


def add_ship(state: CivState, area: str, seat: int, n: int = 1) -> None:
    _change(state, "ships", area, seat, n)


def stock_points(state: CivState, seat: int) -> int:
    """Unit points in stock: 1 per token, 5 per city not on the board (§19.3, §29.62)."""
    return int(state.data["players"][seat]["stock"]) + 5 * spare_cities(state, seat)


__all__ = [
    "add",
    "add_ship",
    "cities_of",
    "count",
    "from_treasury",
    "on_board",
    "owner",
    "place_city",
    "present",
    "remove",
    "shift",
    "ships_in",
    "ships_of",
    "spare_cities",
    "stock_points",
    "to_treasury",
    "total",
]
