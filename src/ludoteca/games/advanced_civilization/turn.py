"""The game's frame: choosing nations and start areas, the turn sequence, the A.S.T. and the end (AC §4, §18, §33, §34).

Part 1 plays phases 1-8 of §18.1 and then moves every A.S.T. marker one space (docs/rulings.md AC-R12);
part 2 inserts phases 9-12 before ``ast`` and gives the A.S.T. its entry requirements.
"""

from __future__ import annotations

from ludoteca.core import Action
from ludoteca.games.advanced_civilization import pieces
from ludoteca.games.advanced_civilization.machine import RULES, Frame
from ludoteca.games.advanced_civilization.state import CivState

# The board half of §18.1's thirteen phases, in order; each name is an automatic step of its chapter module.
PHASES = ("taxation", "expansion", "census", "ships", "movement", "conflict", "city_construction", "surplus")


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


@RULES.decision("choose_nation", _nation_options)
def choose_nation(state: CivState, frame: Frame, action: Action) -> None:
    """Each seat in turn picks a nation (AC-R5: seat order, as players would pick around the table)."""
    seat = frame["seat"]
    state.data["nations"][seat] = action.payload
    state.emit("nation", f"Seat {seat} plays {action.payload}.", seat=seat, nation=action.payload)
    if seat + 1 < state.players:
        RULES.push(state, "choose_nation", seat=seat + 1)
    else:
        RULES.push(state, "place_starts")


@RULES.auto("place_starts")
def place_starts(state: CivState, frame: Frame) -> None:
    """Every nation places its first token in one of its start areas, in A.S.T. order (§4.4; AC-R5)."""
    RULES.push_sequence(state, [{"step": "choose_start", "seat": seat} for seat in state.ast_order()])


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


@RULES.auto("ast")
def move_ast_markers(state: CivState, frame: Frame) -> None:
    """§33.1: every marker moves one space; until part 2 there are no entry requirements (AC-R12)."""
    for seat in state.ast_order():
        player = state.data["players"][seat]
        finish = state.nation_data(state.data["nations"][seat]).finish
        if player["ast"] < finish:
            player["ast"] += 1
    spaces = ", ".join(f"{state.who(s)} {state.data['players'][s]['ast']}" for s in state.ast_order())
    state.emit("ast", f"A.S.T. markers move: {spaces}.")


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


__all__ = ["PHASES", "schedule_turn"]
