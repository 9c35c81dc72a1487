"""Action Round: Spend OP → Recruitment.

AS: Spend OP → Recruitment — place up to the card's OP in Faction pieces from stock, in or adjacent to
areas where the Faction's pieces already exist ("ones at the start of your turn"); with no pieces on the
map, into any one area of the home region or of the Rub' Al-Khali. One piece at a time, then "stop".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.arabian_struggle import board
from ludoteca.games.arabian_struggle.choices import ActionTable, Choices, described_decision
from ludoteca.games.arabian_struggle.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState


def recruit_areas(state: ArabianStruggleState, faction: str, start_areas: list[str]) -> tuple[list[str], bool]:
    """Where ``faction`` may recruit, and whether all its pieces must go to one area (no pieces on the map).

    ``start_areas`` are the areas that held its pieces when it began spending OP (docs/rulings.md AS-R6).
    """
    content = board.content()
    if start_areas:
        allowed = set(start_areas)
        for area in start_areas:
            allowed.update(content.areas[area].adjacent)
        return sorted(allowed, key=content.area_order.__getitem__), False  # in map order
    # AS: "any one area in your Faction's home region or into the Rub' Al-Khali area" (AS-R7).
    home = content.setup["home_regions"][faction]
    regions = (home, "Rub' Al-Khali")
    return [area for area in content.areas if content.areas[area].region in regions], True


def recruit_choices(state: ArabianStruggleState, frame: Frame) -> Choices[str]:
    """The "stop recruiting" action, then a piece in each allowed area."""
    faction = frame["faction"]
    recruit_in = _RECRUIT_IN[faction].__getitem__
    if frame["left"] <= 0 or board.stock(state, faction) <= 0:
        return Choices(_STOP, (), recruit_in)
    allowed, one_area = recruit_areas(state, faction, frame["start_areas"])
    if one_area and frame["placed_in"]:
        allowed = [frame["placed_in"]]
    return Choices(_STOP, allowed, recruit_in)


_STOP = [Action("stop recruiting", payload=None)]


def _recruit_in(faction: str) -> Callable[[str], Action]:
    opening = f"recruit {board.a_owner(faction)} piece in "
    return lambda area: Action(opening + area, payload=area)


_RECRUIT_IN = {faction: ActionTable(_recruit_in(faction)) for faction in board.FACTIONS}


@described_decision("recruit", recruit_choices)
def recruit(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    if action.payload is None:
        return
    area = action.payload
    faction = frame["faction"]
    board.add(state, area, faction)
    state.emit("recruit", f"{faction} recruits a piece in {area}.", faction=faction, area=area, seat=frame["seat"])
    RULES.repush(state, frame, left=frame["left"] - 1, placed_in=area)
