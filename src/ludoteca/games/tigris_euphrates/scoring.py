"""Final scoring (seed note 6; reference §1.11): treasures are wild, the weakest colour counts, and ties
are broken by the next-weakest colours; players equal in all four colours share the victory."""

from __future__ import annotations

from typing import Any


def final_colours(points: dict[str, int]) -> dict[str, int]:
    """Each treasure goes to the player's lowest colour at that moment: the best allocation."""
    colours = {code: points[code] for code in "rbkg"}
    for _ in range(points["t"]):
        weakest = min("rbkg", key=lambda code: (colours[code], "rbkg".index(code)))
        colours[weakest] += 1
    return colours


def standings(scores: list[dict[str, int]]) -> dict[str, Any]:
    """Scores (the weakest colour), ranking by the ascending colour totals compared in order, winners."""
    allocations = [final_colours(points) for points in scores]
    keys = [tuple(sorted(colours.values())) for colours in allocations]
    ranking: list[list[int]] = []
    for key in sorted(set(keys), reverse=True):
        ranking.append([seat for seat, other in enumerate(keys) if other == key])
    return {
        "scores": [key[0] for key in keys],
        "ranking": ranking,
        "winners": ranking[0],
        "colours": [{"red": c["r"], "blue": c["b"], "black": c["k"], "green": c["g"]} for c in allocations],
        "sorted_colours": [list(key) for key in keys],
    }
