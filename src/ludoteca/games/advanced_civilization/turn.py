"""The game's frame: choosing nations and start areas, the turn sequence, the A.S.T. and the end (AC §4, §18, §33, §34).

Each turn plays the thirteen phases of §18.1: the board (1-8), then trade cards (9, ``cards``), trade (10,
``trade``), calamities (11, ``calamities``), civilization cards (12, ``advances``) and the A.S.T. (13, here).
"""

from __future__ import annotations

from ludoteca.core import Action
from ludoteca.core.wording import count
from ludoteca.games.advanced_civilization import content, pieces
from ludoteca.games.advanced_civilization.content import Nation
from ludoteca.games.advanced_civilization.machine import RULES, Frame
from ludoteca.games.advanced_civilization.state import CivState

# The board half of §18.1's thirteen phases, in order; each name is an automatic step of its chapter module.
PHASES = (
    "taxation",
    "expansion",
    "census",
    "ships",
    "movement",
    "conflict",
    "city_construction",
    "surplus",
    "acquisition",
    "trade",
    "calamities",
    "advances",
)


def schedule_turn(state: CivState, phases: tuple[str, ...] = PHASES, finish: bool = True) -> None:
    """Push one turn's phases; ``finish`` adds the A.S.T. move and the end-of-turn check."""
    frames: list[Frame] = [{"step": phase} for phase in phases]
    if finish:
        frames += [{"step": "ast"}, {"step": "turn_end"}]
    else:
        frames.append({"step": "scenario_end"})
    RULES.push_sequence(state, frames)


# ----------------------------------------------------------------------------- set-up (§4)
def _nation_options(state: CivState, frame: Frame) -> list[Action]:
    """Nations still free whose start areas are on the map; Italy and Iberia share a slot (AC-R4)."""
    taken = {n for n in state.data["nations"] if n}
    slots = {state.nation_data(n).ast for n in taken}
    board = state.board
    return [
        Action(f"play {nation.name}", nation.name)
        for nation in sorted(state.all_nations.values(), key=lambda n: (n.ast, n.name))
        if nation.name not in taken and nation.ast not in slots and any(area in board.areas for area in nation.start)
    ]


def _take_nation(state: CivState, seat: int, nation: str) -> None:
    state.data["nations"][seat] = nation
    state.emit("nation", f"Seat {seat} plays {nation}.", seat=seat, nation=nation)


@RULES.decision("choose_nation", _nation_options)
def choose_nation(state: CivState, frame: Frame, action: Action) -> None:
    """Each seat in turn picks a nation (AC-R5: seat order, as players would pick around the table)."""
    seat = frame["seat"]
    _take_nation(state, seat, action.payload)
    if seat + 1 < state.players:
        RULES.push(state, "choose_nation", seat=seat + 1)
    else:
        RULES.push(state, "place_starts")


@RULES.auto("deal_nations")
def deal_nations(state: CivState, frame: Frame) -> None:
    """Option ``nations=random`` (AC-R5): each seat in turn is dealt one of the nations still free, at random,
    so no seat's place at the table decides which nation it gets."""
    for seat in range(state.players):
        _take_nation(state, seat, state.rng.pick(_nation_options(state, frame)).payload)
    RULES.push(state, "place_starts")


@RULES.auto("place_starts")
def place_starts(state: CivState, frame: Frame) -> None:
    """Every nation places its first token in one of its start areas, in A.S.T. order (§4.4; AC-R5); with
    option ``start=developed`` each begins from its developed position instead (AC-R36)."""
    if state.game.options["start"] == "developed":
        RULES.push(state, "developed_start")
        return
    RULES.push_sequence(state, [{"step": "choose_start", "seat": seat} for seat in state.ast_order()])


@RULES.auto("developed_start")
def developed_start(state: CivState, frame: Frame) -> None:
    """AC-R36 (option ``start=developed``, a research setting): each nation, in A.S.T. order, puts its cities and
    tokens where ``developed.toml`` says and turns its treasury over from stock; then turn 1 begins as usual."""
    position = content.developed()
    for seat in state.ast_order():
        nation = state.data["nations"][seat]
        for area in position.cities[nation]:
            pieces.place_city(state, area, seat)
        for area, n in position.tokens[nation].items():
            pieces.add(state, area, seat, n)
        pieces.to_treasury(state, seat, position.treasury)
        cities, tokens = position.cities[nation], sum(position.tokens[nation].values())
        state.emit(
            "start",
            f"{state.who(seat)} begins with {count(len(cities), 'city', 'cities')} ({', '.join(cities)}), "
            f"{count(tokens, 'token')} on the board and {position.treasury} in treasury.",
            seat=seat,
        )
    RULES.push(state, "turn_start")


def _start_options(state: CivState, frame: Frame) -> list[Action]:
    nation = state.nation_data(state.data["nations"][frame["seat"]])
    return [Action(f"start in {area}", area) for area in nation.start if area in state.board.areas]


@RULES.decision("choose_start", _start_options)
def choose_start(state: CivState, frame: Frame, action: Action) -> None:
    seat = frame["seat"]
    pieces.add(state, action.payload, seat, 1)
    state.emit(
        "start", f"{state.who(seat)} places its first token in {action.payload}.", seat=seat, area=action.payload
    )
    if not state.stack_has("choose_start"):
        RULES.push(state, "turn_start")


# ----------------------------------------------------------------------------- the turn (§18)
@RULES.auto("turn_start")
def turn_start(state: CivState, frame: Frame) -> None:
    state.data["turn"] += 1
    state.emit("turn", f"Turn {state.data['turn']} begins.", turn=state.data["turn"])
    schedule_turn(state)


def epoch_of(nation: Nation, space: int) -> int:
    """The epoch (0 Stone Age .. 4 Late Iron Age) of a space of the nation's track; 0 before it."""
    return max([k for k, start in enumerate(nation.epochs) if start <= space] or [0])


def late_iron_value(nation: Nation, space: int) -> int:
    """The card value printed on a Late Iron Age space: the nation's values end at the finish (AC-R25)."""
    values = nation.late_iron
    index = space - (nation.finish - len(values) + 1)
    return int(values[index]) if 0 <= index < len(values) else 0


def may_enter(state: CivState, seat: int, space: int) -> str:
    """Why ``seat`` may not move onto ``space`` (§33.2, §33.3), or "" if it may."""
    nation = state.nation_data(state.data["nations"][seat])
    epoch = epoch_of(nation, space)
    need = content.cards().epochs[epoch]
    held = state.data["players"][seat]["advances"]
    table = content.advances()
    cities = len(pieces.cities_of(state, seat))
    if cities < need.cities:
        return f"{need.name} needs {count(need.cities, 'city')}"
    if space == nation.epochs[epoch]:
        groups = {group for name in held for group in table[name].groups}  # dual-group cards count twice (§31.551)
        if len(groups) < need.groups:
            return f"{need.name} needs cards of {need.groups} groups"
        if len(held) < need.cards:
            return f"{need.name} needs {need.cards} civilization cards"
    value = late_iron_value(nation, space)
    if value and sum(table[name].cost for name in held) < value:
        return f"space {space} needs civilization cards worth {value}"
    return ""


@RULES.auto("ast")
def move_ast_markers(state: CivState, frame: Frame) -> None:
    """§33: each marker moves one space if the nation meets the space's requirements (§33.2, §33.3); a nation
    without cities beyond the Stone Age moves back one space instead (§33.4)."""
    moves = []
    for seat in state.ast_order():
        player = state.data["players"][seat]
        nation = state.nation_data(state.data["nations"][seat])
        space = player["ast"]
        if not pieces.cities_of(state, seat) and epoch_of(nation, space) > 0:
            player["ast"] = space - 1
            moves.append(f"{state.who(seat)} slides back to {space - 1} (no cities)")
            continue
        if space >= nation.finish:
            continue
        why = may_enter(state, seat, space + 1)
        if why:
            moves.append(f"{state.who(seat)} stays at {space} ({why})")
        else:
            player["ast"] = space + 1
            moves.append(f"{state.who(seat)} moves to {space + 1}")
    state.emit("ast", f"A.S.T.: {'; '.join(moves)}.", spaces=[p["ast"] for p in state.data["players"]])


@RULES.auto("turn_end")
def turn_end(state: CivState, frame: Frame) -> None:
    """§34.1: the game ends after the turn in which a marker reaches the finish, or at the agreed limit."""
    data = state.data
    finished = [
        s for s in range(state.players) if data["players"][s]["ast"] >= state.nation_data(data["nations"][s]).finish
    ]
    limit = state.game.options["turn_limit"]
    if finished:
        state.end(f"{', '.join(state.who(s) for s in finished)} reached the end of the A.S.T.")
    elif limit is not None and data["turn"] >= limit:
        state.end(f"the turn limit of {limit} was reached")
    else:
        RULES.push(state, "turn_start")


@RULES.auto("scenario_end")
def scenario_end(state: CivState, frame: Frame) -> None:
    """A scenario that asked for only some phases stops after them (tests read the position)."""
    state.end("the scenario's phases are done")


__all__ = ["PHASES", "epoch_of", "late_iron_value", "may_enter", "schedule_turn"]
