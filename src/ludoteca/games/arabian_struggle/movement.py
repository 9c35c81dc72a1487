"""Action Round: Spend OP → Movement (and the event moves that follow the same rules).

AS: Spend OP → Movement — up to OP + 1 pieces are activated, each with 3 movement points; a road
costs 1 per area, anything else 2; a piece must stop on entering an area holding opposing Faction
pieces (Empire-only areas do not stop it); a card adjusted to 0 OP cannot be used for movement.
The choice is decomposed into one piece at a time (its area, then its destination) and "stop", so the
number of legal actions stays small; a piece moves once, by its cheapest legal path.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.arabian_struggle import board
from ludoteca.games.arabian_struggle.choices import ActionTable, Choices, described_decision
from ludoteca.games.arabian_struggle.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState


def reachable(state: ArabianStruggleState, start: str, faction: str) -> dict[str, int]:
    """Areas a piece of ``faction`` in ``start`` can reach with its movement points, and their cost.

    AS: Spend OP → Movement — "Your pieces must stop when entering an area containing one or more
    opposing Faction pieces": such an area can be entered but never passed through. The neighbours and
    link costs come from the map's precomputed ``links`` table.
    """
    content = board.content()
    links = content.links
    pieces = state.data["pieces"]
    rivals = board.RIVALS.get(faction, board.FACTIONS)
    budget = int(content.setup["movement_points"])
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        spent, area = heapq.heappop(queue)
        if spent > best.get(area, budget + 1):
            continue
        if area != start:
            cell = pieces.get(area)
            if cell and any(cell.get(other) for other in rivals):
                continue  # must stop here (``board.has_opposing``)
        for other, link in links[area]:
            cost = spent + link
            if cost <= budget and cost < best.get(other, budget + 1):
                best[other] = cost
                heapq.heappush(queue, (cost, other))
    del best[start]
    return best


def move_choices(state: ArabianStruggleState, frame: Frame) -> Choices[str]:
    """First the piece (by its area), then its destination: two small choices instead of one large one.

    A piece can move when its area has a neighbour within its movement points (``content.movable_from``,
    the same as a non-empty ``reachable``: the first step is never blocked).
    """
    faction = frame["faction"]
    move_from = _MOVE_FROM[faction].__getitem__
    if frame["left"] <= 0:
        return Choices(_STOP, (), move_from)
    moved: dict[str, int] = frame["moved"]
    pieces = state.data["pieces"]
    movable = board.content().movable_from
    areas = [
        area
        for area in board.areas_of(state, faction)
        if pieces[area][faction] - moved.get(area, 0) > 0 and area in movable
    ]
    return Choices(_STOP, areas, move_from)


_STOP = [Action("stop moving", payload=None)]


def _move_from(faction: str) -> Callable[[str], Action]:
    opening = f"move {board.a_owner(faction)} piece from "
    return lambda area: Action(opening + area, payload=area)


_MOVE_FROM = {faction: ActionTable(_move_from(faction)) for faction in board.FACTIONS}


@described_decision("move_piece", move_choices)
def move_piece(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    if action.payload is not None:
        params = {key: value for key, value in frame.items() if key != "step"}
        RULES.push(state, "move_to", **params, area=action.payload)


def target_choices(state: ArabianStruggleState, frame: Frame) -> Choices[tuple[str, int]]:
    """Every area the piece can reach, with its cost."""
    reach = reachable(state, frame["area"], frame["faction"])
    return Choices([], list(reach.items()), _MOVE_TO.__getitem__)


def _move_to(target: tuple[str, int]) -> Action:
    area, cost = target
    return Action(f"to {area} ({cost} MP)", payload=area)


_MOVE_TO = ActionTable(_move_to)


@described_decision("move_to", target_choices)
def move_to(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    area, target, faction = frame["area"], action.payload, frame["faction"]
    board.take(state, area, faction)
    board.add(state, target, faction)
    moved = dict(frame["moved"])
    moved[target] = moved.get(target, 0) + 1
    state.emit(
        "move",
        f"{faction} moves a piece from {area} to {target}.",
        faction=faction,
        area=area,
        to=target,
        seat=frame["seat"],
    )
    RULES.push(state, "move_piece", seat=frame["seat"], faction=faction, left=frame["left"] - 1, moved=moved)
