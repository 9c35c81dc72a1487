"""Phase 7: city construction (AC §25).

In A.S.T. order each nation may build cities: six of its tokens in an area with a city site, twelve in an
area without one, one city to an area, nine cities at most (§25.1). The tokens used go back to stock; any
others left in the area leave it in phase 8 (§26.2). With Architecture, once a turn, treasury tokens may
pay for up to half of one city (§25.2; AC-R15). Building is optional: the owner chooses where and when to stop.
"""

from __future__ import annotations

from ludoteca.core import Action
from ludoteca.games.advanced_civilization import pieces
from ludoteca.games.advanced_civilization.machine import RULES, Frame
from ludoteca.games.advanced_civilization.state import CivState


@RULES.auto("city_construction")
def city_construction(state: CivState, frame: Frame) -> None:
    RULES.push_sequence(state, [{"step": "build_city", "seat": seat, "architect": False} for seat in state.ast_order()])


def city_cost(state: CivState, area: str) -> int:
    """§25.1: 6 tokens on a printed city site (black or white), 12 elsewhere."""
    site = state.board.areas[area].city_site != "none"
    return int(state.rules["city_on_site"] if site else state.rules["city_elsewhere"])


def _build_options(state: CivState, frame: Frame) -> list[Action]:
    seat = frame["seat"]
    options: list[Action] = []
    if pieces.spare_cities(state, seat):
        architect = state.has(seat, "Architecture") and not frame["architect"]
        treasury = state.data["players"][seat]["treasury"]
        for area in sorted(state.data["tokens"]):
            here = pieces.count(state, area, seat)
            # A nation builds only where it is alone and no city stands (§25.1; AC-R20).
            if not here or area in state.data["cities"] or pieces.present(state, area) != [seat]:
                continue
            if area in state.data["pirates"] or area in state.data["barbarians"]:  # AC-R24
                continue
            cost = city_cost(state, area)
            if here >= cost:
                options.append(Action(f"build a city in {area}", [area, 0]))
            elif architect and 2 * here >= cost and cost - here <= treasury:
                extra = cost - here  # treasury pays the shortfall, at most half the city (§25.2)
                options.append(Action(f"build a city in {area} with {extra} from the treasury", [area, extra]))
    options.append(Action("build no more cities", None))
    return options


@RULES.decision("build_city", _build_options)
def build_city(state: CivState, frame: Frame, action: Action) -> None:
    if action.payload is None:
        return
    seat, (area, extra) = frame["seat"], action.payload
    pieces.from_treasury(state, seat, extra)
    pieces.remove(state, area, seat, city_cost(state, area) - extra)
    pieces.place_city(state, area, seat)
    how = f" ({extra} paid from the treasury)" if extra else ""
    state.emit("city", f"{state.who(seat)} builds a city in {area}{how}.", seat=seat, area=area, treasury=extra)
    RULES.repush(state, frame, architect=frame["architect"] or bool(extra))
