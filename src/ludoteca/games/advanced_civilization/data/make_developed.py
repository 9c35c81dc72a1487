"""Write ``developed.toml``, the positions of option ``start=developed``, from the map and the start areas.

    python src/ludoteca/games/advanced_civilization/data/make_developed.py > developed.toml

Run once to make the file; the file, not this script, is the content (a user may move a city or a token there
by hand; ``content.developed`` validates it on load). How the positions were chosen: the nations, in A.S.T.
order, take city sites in turns, each the free site nearest its start areas over land borders (ties by name),
until each holds ``CITIES``; then ``TOKENS`` tokens a city go on the free land areas nearest its cities (the
largest population limit first, then by name), ``TOKENS`` an area. Distance counts a land border 1, a ship's
step to a land area 2 and a crossing of one sea area 3, so an island nation (Crete) finds its sites and room.
Main-map nations are placed on the main map alone, so their positions hold with or without the Western map;
Iberia, which starts on the Western map only, is placed last on both maps.
"""

from __future__ import annotations

import heapq
from typing import Any

from ludoteca.games.advanced_civilization import content

CITIES = 4
TOKENS = 2
TREASURY = 4


def _steps(board: content.Board, area: str) -> list[tuple[int, str]]:
    """Land areas one move from ``area`` and what the move costs: 1 across a land border, 2 to a land area a
    ship reaches in one step, 3 across one sea area (so an island nation still finds sites and room)."""
    out = [(1, other) for other in board.borders.get(area, ())]
    for node in board.ship_links.get(area, ()):
        if board.areas[node].land:
            out.append((2, node))
        else:
            out += [(3, other) for other in board.ship_links.get(node, ()) if board.areas[other].land]
    return out


def _distances(board: content.Board, starts: tuple[str, ...] | list[str]) -> dict[str, int]:
    """The cost (above) from the nearest of ``starts`` to every land area it connects to."""
    best = {area: 0 for area in starts if area in board.areas}
    queue = [(0, area) for area in sorted(best)]
    while queue:
        cost, area = heapq.heappop(queue)
        if cost > best[area]:
            continue
        for step, other in _steps(board, area):
            if other != area and cost + step < best.get(other, 1 << 30):
                best[other] = cost + step
                heapq.heappush(queue, (cost + step, other))
    return best


def _place(board: content.Board, nations: list[content.Nation], taken: set[str]) -> dict[str, dict[str, Any]]:
    distances = {n.name: _distances(board, n.start) for n in nations}
    cities: dict[str, list[str]] = {n.name: [] for n in nations}
    for _ in range(CITIES):
        for nation in nations:
            free = [
                (steps, area)
                for area, steps in distances[nation.name].items()
                if board.areas[area].city_site != "none" and area not in taken
            ]
            if free:
                area = min(free)[1]
                cities[nation.name].append(area)
                taken.add(area)
    placed: dict[str, dict[str, Any]] = {}
    for nation in nations:
        near = _distances(board, cities[nation.name])
        room = sorted(
            (steps, -board.areas[a].limit, a)
            for a, steps in near.items()
            if steps and a not in taken and board.areas[a].city_site == "none" and board.areas[a].limit
        )
        tokens: dict[str, int] = {}
        needed = TOKENS * len(cities[nation.name])
        for _steps_away, limit, area in room:
            if needed <= 0:
                break
            tokens[area] = min(TOKENS, -limit, needed)
            needed -= tokens[area]
            taken.add(area)
        placed[nation.name] = {"cities": cities[nation.name], "tokens": tokens}
    return placed


def main() -> None:
    nations = sorted(content.nations().values(), key=lambda n: (n.ast, n.name))
    main_board = content.standard_board("main")
    on_main = [n for n in nations if any(a in main_board.areas for a in n.start)]
    taken: set[str] = set()
    placed = _place(main_board, on_main, taken)
    rest = [n for n in nations if n not in on_main]
    placed |= _place(content.standard_board("main+western"), rest, taken)
    print("# Option start=developed (AC-R36 in docs/rulings.md): a research setting, not a rulebook variant.")
    print("# Each nation begins turn 1 with a city on each site of `cities`, the tokens of `tokens` on the board,")
    print("# and `treasury` tokens in its treasury; its stock holds the rest. Made by make_developed.py, then")
    print("# correctable by hand (checked on load: areas on the map, sites for cities, no area held twice).")
    print()
    print(f"treasury = {TREASURY}")
    for nation in nations:
        spec = placed[nation.name]
        print()
        print(f"[nations.{nation.name}]")
        print("cities = [" + ", ".join(f'"{c}"' for c in spec["cities"]) + "]")
        print("tokens = {" + ", ".join(f'"{a}" = {n}' for a, n in spec["tokens"].items()) + "}")


if __name__ == "__main__":
    main()
