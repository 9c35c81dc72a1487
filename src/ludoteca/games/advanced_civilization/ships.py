"""Phase 4: ship construction and maintenance (AC §22), and the reach of a ship used by naval transport.

In census order (Military last), each nation first maintains the ships it already has, one token each
from its treasury or from the ship's area, or lets the ship go (§22.2); then it builds ships for two
tokens each, paid from its treasury and/or its tokens in the building area, in a coastal area where it has
tokens, up to four ships (§22.1, §22.4; AC-R9). A ship carries up to five tokens and moves four areas, five
with Cloth Making; only a holder of Astronomy may enter open sea (§22.3, §22.4; AC-R2).
"""

from __future__ import annotations

from ludoteca.core import Action
from ludoteca.core.wording import count
from ludoteca.games.advanced_civilization import pieces
from ludoteca.games.advanced_civilization.census import acting_order
from ludoteca.games.advanced_civilization.content import Board
from ludoteca.games.advanced_civilization.machine import RULES, Frame
from ludoteca.games.advanced_civilization.state import CivState


@RULES.auto("ships")
def ship_phase(state: CivState, frame: Frame) -> None:
    RULES.push_sequence(state, [{"step": "ship_turn", "seat": seat} for seat in acting_order(state)])


@RULES.auto("ship_turn")
def ship_turn(state: CivState, frame: Frame) -> None:
    """Upkeep is due for the ships on the board when the nation's turn starts; new ships pay from next turn."""
    seat = frame["seat"]
    frames: list[Frame] = [{"step": "ship_upkeep", "seat": seat, "area": area} for area in pieces.ships_of(state, seat)]
    frames.append({"step": "ship_build", "seat": seat})
    RULES.push_sequence(state, frames)


def _upkeep_options(state: CivState, frame: Frame) -> list[Action]:
    seat, area = frame["seat"], frame["area"]
    options = []
    if state.data["players"][seat]["treasury"] >= state.rules["ship_upkeep"]:
        options.append(Action(f"maintain the ship in {area} from the treasury", "treasury"))
    if pieces.count(state, area, seat) >= state.rules["ship_upkeep"]:
        options.append(Action(f"maintain the ship in {area} with a token there", "area"))
    options.append(Action(f"let the ship in {area} go", "scrap"))
    return options


@RULES.decision("ship_upkeep", _upkeep_options)
def ship_upkeep(state: CivState, frame: Frame, action: Action) -> None:
    seat, area, cost = frame["seat"], frame["area"], state.rules["ship_upkeep"]
    if action.payload == "treasury":
        pieces.from_treasury(state, seat, cost)
    elif action.payload == "area":
        pieces.remove(state, area, seat, cost)
    else:
        pieces.add_ship(state, area, seat, -1)
        left = state.data["ships"].get(area, [0] * state.players)[seat]
        still = f"; {count(left, 'ship')} of theirs still there" if left else ""
        state.emit(
            "ship", f"{state.who(seat)}'s ship in {area} is not maintained and is removed{still}.", seat=seat, area=area
        )


def _build_options(state: CivState, frame: Frame) -> list[Action]:
    seat = frame["seat"]
    options = []
    if len(pieces.ships_of(state, seat)) < state.rules.ships:
        cost, treasury = state.rules["ship_cost"], state.data["players"][seat]["treasury"]
        coastal = state.board.coastal
        # The areas holding tokens, by name as the board lists its land areas: not a walk of the whole map.
        for area, row in sorted(state.data["tokens"].items()):
            here = row[seat]
            if not here or area not in coastal:
                continue
            for from_treasury in range(cost + 1):
                from_area = cost - from_treasury
                if from_treasury <= treasury and from_area <= here:
                    options.append(
                        Action(
                            f"build a ship in {area} ({from_treasury} treasury, {from_area} from the area)",
                            [area, from_treasury],
                        )
                    )
    options.append(Action("build no more ships", None))
    return options


@RULES.decision("ship_build", _build_options)
def ship_build(state: CivState, frame: Frame, action: Action) -> None:
    if action.payload is None:
        return
    seat, (area, from_treasury) = frame["seat"], action.payload
    pieces.from_treasury(state, seat, from_treasury)
    pieces.remove(state, area, seat, state.rules["ship_cost"] - from_treasury)
    pieces.add_ship(state, area, seat)
    state.emit("ship", f"{state.who(seat)} builds a ship in {area}.", seat=seat, area=area)
    RULES.repush(state, frame)


def stranding_warnings(state: CivState, frame: Frame, legal: list[Action]) -> dict[str, str]:
    """The ship-phase actions that would leave the nation no token and no city on the board (AC-R37).

    Building a ship from the last tokens (§22.1) or keeping one with the last token (§22.2) is legal, and on
    turn 1 the only two tokens of a coastal start area are enough for it. Nothing then brings the nation back
    but another nation's Civil War or tax revolt (its full stock makes it their beneficiary), so a person is
    asked first (``State.warnings``). Only public facts are read: the tokens and cities on the board."""
    seat = frame["seat"]
    if pieces.cities_of(state, seat):
        return {}
    left = pieces.on_board(state, seat)
    found: dict[str, str] = {}
    for action in legal:
        if frame["step"] == "ship_build" and action.payload is not None:
            taken = state.rules["ship_cost"] - action.payload[1]
        elif frame["step"] == "ship_upkeep" and action.payload == "area":
            taken = state.rules["ship_upkeep"]
        else:
            continue
        if taken >= left:
            found[action.text] = (
                f"{state.data['nations'][seat] or 'Your nation'} would have no token and no city left on the board. "
                "No rule places new tokens for it (population expansion grows only tokens already on the board, "
                "§20), so it could come back only by taking over another nation's tokens or cities, as the "
                "beneficiary of a Civil War or a tax revolt (AC-R37)."
            )
    return found


def ship_range(state: CivState, seat: int) -> int:
    return int(state.rules["ship_range"]) + (1 if state.has(seat, "Cloth Making") else 0)  # §22.4 Cloth Making


def ship_destinations(state: CivState, seat: int, start: str) -> list[str]:
    """Coastal land areas a ship of ``seat`` at ``start`` can reach this turn (§22.4; AC-R2).

    A step follows one link of the ship graph; open sea may be crossed only with Astronomy. A ship ends
    its move in a coastal land area, never at sea. The answer depends only on the map, the start, the range
    and Astronomy, so each map remembers it (``Board.ship_reach``).
    """
    board = state.board
    key = (start, ship_range(state, seat), state.has(seat, "Astronomy"))
    found = board.ship_reach.get(key)
    if found is None:
        found = board.ship_reach[key] = _reach(board, *key)
    return list(found)


def _reach(board: Board, start: str, reach: int, astronomy: bool) -> tuple[str, ...]:
    seen = {start: 0}
    frontier = [start]
    for step in range(1, reach + 1):
        following = []
        for here in frontier:
            for there in board.ship_links.get(here, ()):
                if there in seen or (board.areas[there].kind == "open-sea" and not astronomy):
                    continue
                seen[there] = step
                following.append(there)
        frontier = following
    return tuple(sorted(area for area in seen if area != start and board.areas[area].land))
