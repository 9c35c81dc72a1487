"""Phase 5: movement (AC §23), on land and by sea.

The rulebook moves everyone at once; here nations move one after another in census order, Military
holders last (§23.5; AC-R8). A move is decomposed so each decision has a short list (AC-R10): pick a source
area (or a ship, or stop), then a destination, then how many tokens. Each token moves once a turn (§23.1):
tokens that arrived somewhere this phase cannot move again. On land a token moves to an adjacent land
area; with Roadbuilding it may go on to a second area when the first holds no other nation's units
(§23.4). A ship moves once; it takes on up to five unmoved tokens where it starts and lands them where it
stops (§22.3; AC-R11).
"""

from __future__ import annotations

from ludoteca.core import Action
from ludoteca.games.advanced_civilization import pieces
from ludoteca.games.advanced_civilization.census import acting_order
from ludoteca.games.advanced_civilization.machine import RULES, Frame
from ludoteca.games.advanced_civilization.ships import ship_destinations
from ludoteca.games.advanced_civilization.state import CivState


@RULES.auto("movement")
def movement(state: CivState, frame: Frame) -> None:
    state.data["moved"] = {}
    state.data["sailed"] = {}
    RULES.push_sequence(state, [{"step": "move_from", "seat": seat} for seat in acting_order(state)])


def movable(state: CivState, area: str, seat: int) -> int:
    """Tokens of ``seat`` in ``area`` that have not moved this turn."""
    moved = state.data["moved"].get(area)
    return pieces.count(state, area, seat) - (moved[seat] if moved else 0)


def _mark(state: CivState, key: str, area: str, seat: int, n: int) -> None:
    row = state.data[key].setdefault(area, [0] * state.players)
    row[seat] += n


def unsailed(state: CivState, area: str, seat: int) -> int:
    sailed = state.data["sailed"].get(area)
    return pieces.ships_in(state, area, seat) - (sailed[seat] if sailed else 0)


def land_destinations(state: CivState, seat: int, source: str) -> list[str]:
    """Adjacent land areas, and with Roadbuilding those one further through a clear area (§23.4)."""
    board = state.board
    reach = set(board.borders[source])
    if state.has(seat, "Roadbuilding"):
        for middle in board.borders[source]:
            foreign = any(s != seat for s in pieces.present(state, middle))
            city = pieces.owner(state, middle)
            if foreign or (city is not None and city != seat):
                continue
            reach.update(board.borders[middle])
    reach.discard(source)
    return sorted(reach)


def _from_options(state: CivState, frame: Frame) -> list[Action]:
    seat = frame["seat"]
    borders, moved = state.board.borders, state.data["moved"]
    options = []
    for area, row in sorted(state.data["tokens"].items()):
        done = moved.get(area)  # movable(), inlined: this list is made at every step of the movement phase
        if row[seat] - (done[seat] if done else 0) > 0 and borders.get(area):
            options.append(Action(f"move from {area}", ["land", area]))
    options += [
        Action(f"sail from {area}", ["sea", area])
        for area in sorted(state.data["ships"])
        if unsailed(state, area, seat) > 0 and ship_destinations(state, seat, area)
    ]
    options.append(Action("end movement", None))
    return options


@RULES.decision("move_from", _from_options)
def move_from(state: CivState, frame: Frame, action: Action) -> None:
    if action.payload is None:
        state.emit("move", f"{state.who(frame['seat'])} ends its movement.", seat=frame["seat"])
        return
    kind, area = action.payload
    RULES.repush(state, frame)
    RULES.push(state, "move_to" if kind == "land" else "sail_to", seat=frame["seat"], source=area)


def _to_options(state: CivState, frame: Frame) -> list[Action]:
    source = frame["source"]
    options = [Action(f"{source} to {area}", area) for area in land_destinations(state, frame["seat"], source)]
    options.append(Action("choose another source", None))
    return options


@RULES.decision("move_to", _to_options)
def move_to(state: CivState, frame: Frame, action: Action) -> None:
    if action.payload is not None:
        RULES.push(state, "move_count", seat=frame["seat"], source=frame["source"], target=action.payload)


def _count_options(state: CivState, frame: Frame) -> list[Action]:
    source, target = frame["source"], frame["target"]
    most = movable(state, source, frame["seat"])
    return [Action(f"move {n} from {source} to {target}", n) for n in range(1, most + 1)]


@RULES.decision("move_count", _count_options)
def move_count(state: CivState, frame: Frame, action: Action) -> None:
    seat, source, target, n = frame["seat"], frame["source"], frame["target"], int(action.payload)
    pieces.shift(state, source, target, seat, n)
    _mark(state, "moved", target, seat, n)
    state.emit(
        "move", f"{state.who(seat)} moves {n} from {source} to {target}.", seat=seat, source=source, target=target, n=n
    )


def _sail_options(state: CivState, frame: Frame) -> list[Action]:
    source = frame["source"]
    options = [Action(f"sail {source} to {area}", area) for area in ship_destinations(state, frame["seat"], source)]
    options.append(Action("choose another source", None))
    return options


@RULES.decision("sail_to", _sail_options)
def sail_to(state: CivState, frame: Frame, action: Action) -> None:
    if action.payload is not None:
        RULES.push(state, "sail_count", seat=frame["seat"], source=frame["source"], target=action.payload)


def _carry_options(state: CivState, frame: Frame) -> list[Action]:
    source, target = frame["source"], frame["target"]
    most = min(state.rules["ship_capacity"], movable(state, source, frame["seat"]))
    return [Action(f"carry {n} from {source} to {target}", n) for n in range(most + 1)]


@RULES.decision("sail_count", _carry_options)
def sail_count(state: CivState, frame: Frame, action: Action) -> None:
    seat, source, target, n = frame["seat"], frame["source"], frame["target"], int(action.payload)
    pieces.add_ship(state, source, seat, -1)
    pieces.add_ship(state, target, seat)
    _mark(state, "sailed", target, seat, 1)
    pieces.shift(state, source, target, seat, n)
    _mark(state, "moved", target, seat, n)
    state.emit(
        "sail",
        f"{state.who(seat)} sails from {source} to {target} carrying {n}.",
        seat=seat,
        source=source,
        target=target,
        n=n,
    )
