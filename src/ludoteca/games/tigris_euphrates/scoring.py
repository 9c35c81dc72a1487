"""Final scoring (seed note 6; reference §1.11): treasures are wild, the weakest colour counts, and ties
are broken by the next-weakest colours; players equal in all four colours share the victory."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from ludoteca.games.tigris_euphrates.content import NAME

_ROWS = (("r", "Red (temples)"), ("b", "Blue (farms)"), ("k", "Black (settlements)"), ("g", "Green (markets)"))


def treasure_spending(points: dict[str, int]) -> dict[str, int]:
    """How many treasures go to each colour: each one to the weakest colour at that moment (ties: red,
    blue, black, green), which is the best allocation (T&E: Game end, treasures are wild)."""
    colours = {code: points[code] for code in "rbkg"}
    spent = dict.fromkeys("rbkg", 0)
    for _ in range(points["t"]):
        weakest = min("rbkg", key=lambda code: (colours[code], "rbkg".index(code)))
        colours[weakest] += 1
        spent[weakest] += 1
    return spent


def final_values(points: dict[str, int]) -> list[int]:
    """``final_colours`` as a list in the order red, blue, black, green, without building dicts: the bots
    evaluate thousands of positions a second. Each treasure raises the first of the lowest colours."""
    values = [points["r"], points["b"], points["k"], points["g"]]
    for _ in range(points["t"]):
        values[values.index(min(values))] += 1
    return values


def final_colours(points: dict[str, int]) -> dict[str, int]:
    """Each treasure goes to the player's lowest colour at that moment: the best allocation."""
    spent = treasure_spending(points)
    return {code: points[code] + spent[code] for code in "rbkg"}


def standings(scores: list[dict[str, int]]) -> dict[str, Any]:
    """Scores (the weakest colour), ranking by the ascending colour totals compared in order, winners,
    and the ``breakdown`` table that explains them."""
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
        "breakdown": breakdown(scores, keys, ranking),
    }


def _spent_text(spent: dict[str, int]) -> str:
    parts = [f"+{n} {NAME[code]}" for code, n in spent.items() if n]
    return ", ".join(parts) if parts else "—"


def breakdown(scores: list[dict[str, int]], keys: list[tuple[int, ...]], ranking: list[list[int]]) -> dict[str, Any]:
    """The score table shown at the end: each colour's points, the treasures and where they went, the
    colours from weakest up (the tie-break order), and last the weakest colour, which is the score."""
    spending = [treasure_spending(points) for points in scores]
    rows: list[dict[str, Any]] = [
        {"label": label, "values": [points[code] for points in scores]} for code, label in _ROWS
    ]
    rows.append({"label": "Treasures (wild)", "values": [points["t"] for points in scores]})
    rows.append(
        {
            "label": "Treasures added to",
            "values": [_spent_text(spent) for spent in spending],
            "note": "each treasure goes to the weakest colour at that moment, the best use of a wild point",
        }
    )
    rows.append(
        {
            "label": "Colours with treasures, weakest first",
            "values": [" · ".join(str(v) for v in key) for key in keys],
            "note": "compared from the left to break ties",
        }
    )
    rows.append({"label": "Final score (weakest colour)", "values": [key[0] for key in keys]})
    notes = ["T&E: Game end — treasures are wild points; a player's score is its weakest colour."]
    for place, group in enumerate(ranking):
        if len(group) > 1:
            notes.append(f"{_seats(group)} are equal in every colour and share place {place + 1}.")
    # Equal scores told apart by the next-weakest colours (seed note 6), between neighbours in the ranking.
    for ahead, behind in pairwise(ranking):
        a, b = keys[ahead[0]], keys[behind[0]]
        if a[0] == b[0]:
            depth = next(i for i in range(4) if a[i] != b[i])
            which = ("", "second", "third", "fourth")[depth]
            notes.append(
                f"{_seats(ahead)} and {_seats(behind).lower()} both score {a[0]}; {_seats(ahead).lower()} "
                f"{'is' if len(ahead) == 1 else 'are'} ahead on the {which}-weakest colour ({a[depth]} against "
                f"{b[depth]})."
            )
    return {"rows": rows, "notes": notes}


def _seats(group: list[int]) -> str:
    return "Seat " + str(group[0]) if len(group) == 1 else "Seats " + " and ".join(str(s) for s in group)
