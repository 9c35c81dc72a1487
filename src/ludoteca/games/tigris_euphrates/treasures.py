"""Treasures (reference §1.10): after every action, a kingdom with two or more treasures and a trader
(green leader) gives its trader's owner all its treasures but one, framed temples first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.tigris_euphrates.board import mask_of
from ludoteca.games.tigris_euphrates.content import square_name
from ludoteca.games.tigris_euphrates.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.tigris_euphrates.state import TigrisState


def _due(state: TigrisState) -> tuple[int, list[int]] | None:
    """(trader's owner, the treasures it may take next) for the first kingdom that owes treasures."""
    treasures = state.data["treasures"]
    if len(treasures) < 2 or all(own["g"] < 0 for own in state.data["leaders"]):
        return None  # no kingdom can owe treasures: no trader on the board (asked after every action)
    laid = mask_of(treasures)
    for kingdom in state.analysis().kingdoms:  # in board order of their first squares
        if (kingdom.mask & laid).bit_count() < 2:
            continue
        trader = next((seat for seat, colour, _ in kingdom.leaders if colour == "g"), None)
        if trader is None:
            continue
        inside = [t for t in treasures if kingdom.mask >> t & 1]
        if len(inside) >= 2:
            framed = [t for t in inside if t in state.board.framed]
            return trader, framed or inside
    return None


@RULES.auto("treasure_check")
def treasure_check(state: TigrisState, frame: Frame) -> None:
    due = _due(state)
    if due is not None:
        RULES.push(state, "treasure_check")
        RULES.push(state, "take_treasure", seat=due[0])


def _take_options(state: TigrisState, frame: Frame) -> list[Action]:
    due = _due(state)
    assert due is not None and due[0] == frame["seat"]
    return [Action(f"take the treasure on {square_name(t)}", t) for t in sorted(due[1])]


@RULES.decision("take_treasure", _take_options)
def take_treasure(state: TigrisState, frame: Frame, action: Action) -> None:
    seat = frame["seat"]
    state.data["treasures"].remove(action.payload)
    # Treasures are public (TE-R8): this one line says who took which, so no "gains 1 treasure" line repeats it.
    state.data["scores"][seat]["t"] += 1
    state.emit(
        "treasure",
        f"Seat {seat} takes the treasure on {square_name(action.payload)}.",
        seat=seat,
        square=square_name(action.payload),
        colour="t",
        amount=1,
    )
