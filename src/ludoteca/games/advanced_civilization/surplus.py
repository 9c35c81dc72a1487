"""Phase 8: removal of surplus population, then city support (AC §26).

Tokens above an area's population limit go back to stock; an area with a city holds no tokens at all
(§26.1, §26.2). A holder of Agriculture who is alone in an area may keep one more (§26.11 as encoded by
the reference [S]; AC-R16). Then each nation, in A.S.T. order, needs two tokens on the board for every city
(§26.31); while it has too few it reduces a city of its choice, cities built this turn first (§26.4). A
reduced city becomes as many of the owner's tokens as the area's limit (one more with Agriculture) (§26.41).
"""

from __future__ import annotations

from ludoteca.core import Action
from ludoteca.core.wording import count
from ludoteca.games.advanced_civilization import pieces
from ludoteca.games.advanced_civilization.machine import RULES, Frame
from ludoteca.games.advanced_civilization.state import CivState


def area_limit(state: CivState, area: str, seat: int | None) -> int:
    """The population ``seat`` may keep in ``area`` alone: the printed limit, +1 with Agriculture (§26.11)."""
    limit = state.board.areas[area].limit
    return limit + 1 if seat is not None and state.has(seat, "Agriculture") else limit


@RULES.auto("surplus")
def surplus(state: CivState, frame: Frame) -> None:
    for area in sorted(state.data["tokens"]):
        forces = pieces.present(state, area)
        if area in state.data["cities"] or area in state.data["pirates"]:
            for seat in forces:
                pieces.remove(state, area, seat, pieces.count(state, area, seat))  # §26.2
            continue
        limit = area_limit(state, area, forces[0] if len(forces) == 1 else None)
        # Conflict leaves several nations only within the limit, so the excess is a single nation's (§24.3).
        while pieces.total(state, area) > limit:
            largest = max(forces, key=lambda s: (pieces.count(state, area, s), -state.ast_rank(s)))
            pieces.remove(state, area, largest, 1)
    RULES.push_sequence(state, [{"step": "city_support", "seat": seat} for seat in state.ast_order()])


def _support(state: CivState, seat: int) -> tuple[int, int]:
    """§26.31: the tokens that support ``seat``'s cities (in phase 11 Slave Revolt's do not count, §29.8) and
    the number of its cities."""
    supporters = pieces.on_board(state, seat) - state.data["support_penalty"][seat]
    return supporters, len(pieces.cities_of(state, seat))


def unsupported(state: CivState, seat: int) -> bool:
    """§26.31: each city needs two of its owner's tokens on the board."""
    supporters, cities = _support(state, seat)
    return bool(state.rules["city_support"] * cities > supporters)


@RULES.auto("city_support")
def city_support(state: CivState, frame: Frame) -> None:
    if unsupported(state, frame["seat"]):
        RULES.push(state, "reduce_city", seat=frame["seat"])


def _reduce_options(state: CivState, frame: Frame) -> list[Action]:
    seat = frame["seat"]
    mine = pieces.cities_of(state, seat)
    new = [area for area in mine if state.data["cities"][area]["built"] == state.data["turn"]]
    return [Action(f"reduce the city in {area}", area) for area in (new or mine)]  # §26.4: new cities first


@RULES.decision("reduce_city", _reduce_options)
def reduce_city(state: CivState, frame: Frame, action: Action) -> None:
    seat, area = frame["seat"], action.payload
    supporters, cities = _support(state, seat)
    need = state.rules["city_support"]
    reduce(state, area, f"{count(supporters, 'token')} on the board cannot support {count(cities, 'city')} "
                        f"({need} a city, §26.31)")
    RULES.push(state, "city_support", seat=seat)


def reduce(state: CivState, area: str, why: str = "") -> None:
    """§26.41: a reduced city becomes its owner's tokens up to the area's limit (+1 with Agriculture). ``why``
    ends the log line when the line before it does not say (city support: a calamity's line does)."""
    seat = pieces.owner(state, area)
    assert seat is not None
    del state.data["cities"][area]
    placed = pieces.add(state, area, seat, area_limit(state, area, seat))
    state.emit(
        "reduce",
        f"{state.who(seat)}'s city in {area} is reduced to {count(placed, 'token', zero='0')}"
        f"{': ' + why if why else ''}.",
        seat=seat,
        area=area,
    )
