"""Phase 1: collect taxes; tax revolts (AC §19).

Each nation, in A.S.T. order, turns stock tokens over into its treasury for each of its cities: two per
city, or one to three per city with Coinage (the holder chooses the rate for all its cities, AC-R6).
Cities that stock cannot pay for revolt once every nation has paid (§19.2): the player with the most unit
points in stock takes them over and chooses which (§19.3); the revolting cities it has no spare city
pieces for are eliminated, the victim choosing which (AC-R7). Democracy's cities never revolt (§19.4).
"""

from __future__ import annotations

from ludoteca.core import Action
from ludoteca.core.wording import count
from ludoteca.games.advanced_civilization import pieces
from ludoteca.games.advanced_civilization.machine import RULES, Frame
from ludoteca.games.advanced_civilization.state import CivState


@RULES.auto("taxation")
def taxation(state: CivState, frame: Frame) -> None:
    state.data["revolts"] = []
    frames: list[Frame] = [
        {"step": "tax_rate", "seat": seat} for seat in state.ast_order() if pieces.cities_of(state, seat)
    ]
    frames.append({"step": "tax_revolts"})
    RULES.push_sequence(state, frames)


def _rate_options(state: CivState, frame: Frame) -> list[Action]:
    # §19.1: two per city; Coinage lets the holder choose one, two or three.
    rates = state.rules["coinage_rates"] if state.has(frame["seat"], "Coinage") else [state.rules["tax_per_city"]]
    return [Action(f"tax {rate} per city", rate) for rate in rates]


@RULES.decision("tax_rate", _rate_options)
def tax_rate(state: CivState, frame: Frame, action: Action) -> None:
    seat, rate = frame["seat"], int(action.payload)
    cities = len(pieces.cities_of(state, seat))
    stock = state.data["players"][seat]["stock"]
    paid = min(cities, stock // rate)  # §19.2: a city is paid in full or not at all (AC-R6)
    pieces.to_treasury(state, seat, paid * rate)
    unpaid = cities - paid
    held = count(cities, "city", zero="0")
    text = f"{state.who(seat)} collects {paid * rate} in taxes ({rate} per city from {paid} of {held})."
    state.emit("tax", text, seat=seat, rate=rate, paid=paid, cities=cities)
    if unpaid and state.has(seat, "Democracy"):
        state.emit(
            "tax",
            f"Under Democracy {unpaid} unpaid cit{'y' if unpaid == 1 else 'ies'} of {state.who(seat)} stay loyal.",
        )
    elif unpaid:
        state.data["revolts"].append([seat, unpaid])


def beneficiary(state: CivState, victim: int) -> int | None:
    """§19.3: the other player with the most unit points in stock; ties go to the earlier in A.S.T. order (AC-R7)."""
    others = [seat for seat in state.ast_order() if seat != victim]
    if not others:
        return None
    return max(others, key=lambda seat: (pieces.stock_points(state, seat), -state.ast_rank(seat)))


@RULES.auto("tax_revolts")
def tax_revolts(state: CivState, frame: Frame) -> None:
    frames: list[Frame] = []
    for victim, unpaid in state.data["revolts"]:
        taker = beneficiary(state, victim)
        takes = 0 if taker is None else min(unpaid, pieces.spare_cities(state, taker))
        state.emit(
            "revolt",
            f"{unpaid} cit{'y' if unpaid == 1 else 'ies'} of {state.who(victim)} revolt{'s' if unpaid == 1 else ''}"
            + (f"; {state.who(taker)} is the beneficiary (§19.3)." if taker is not None and takes else "."),
            seat=victim,
            unpaid=unpaid,
            beneficiary=taker,
        )
        if takes:
            frames.append({"step": "revolt_take", "seat": taker, "victim": victim, "left": takes})
        if unpaid - takes:
            frames.append({"step": "revolt_lose", "seat": victim, "left": unpaid - takes})
    state.data["revolts"] = []
    RULES.push_sequence(state, frames)


def _take_options(state: CivState, frame: Frame) -> list[Action]:
    return [Action(f"take over the city in {area}", area) for area in pieces.cities_of(state, frame["victim"])]


@RULES.decision("revolt_take", _take_options)
def revolt_take(state: CivState, frame: Frame, action: Action) -> None:
    area, taker = action.payload, frame["seat"]
    state.data["cities"][area]["owner"] = taker  # the victim's piece goes back to its stock
    state.emit("revolt", f"{state.who(taker)} takes over the city in {area}.", seat=taker, area=area)
    if frame["left"] > 1 and pieces.spare_cities(state, taker):
        RULES.repush(state, frame, left=frame["left"] - 1)


def _lose_options(state: CivState, frame: Frame) -> list[Action]:
    return [Action(f"lose the city in {area}", area) for area in pieces.cities_of(state, frame["seat"])]


@RULES.decision("revolt_lose", _lose_options)
def revolt_lose(state: CivState, frame: Frame, action: Action) -> None:
    del state.data["cities"][action.payload]
    state.emit("revolt", f"The revolting city in {action.payload} is eliminated.", area=action.payload)
    if frame["left"] > 1:
        RULES.repush(state, frame, left=frame["left"] - 1)
