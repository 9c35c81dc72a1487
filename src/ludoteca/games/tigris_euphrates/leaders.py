"""Positioning leaders: place, move, withdraw; leaders stranded without a temple; revolts begin here.

T&E: Leader placement (seed note 1; reference §1.5) — a leader goes on an empty land square (never a
river) orthogonally next to a face-up temple, and never so as to unite two kingdoms. A moved leader is
taken off the board before its new square is checked (where a leader may go is ``board.Analysis``'s
``leader_targets``). A kingdom that gets a second leader of one colour has a revolt (§1.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.tigris_euphrates.board import adjacent_temple, leader_squares
from ludoteca.games.tigris_euphrates.content import square_name
from ludoteca.games.tigris_euphrates.machine import RULES

if TYPE_CHECKING:
    from ludoteca.games.tigris_euphrates.state import TigrisState


def place_leader(state: TigrisState, seat: int, colour: str, square: int) -> None:
    data = state.data
    name = state.components.leader_names[colour]
    old = data["leaders"][seat][colour]
    data["leaders"][seat][colour] = square
    if old >= 0:
        state.emit(
            "leader",
            f"Seat {seat} moves their {name} from {square_name(old)} to {square_name(square)}.",
            seat=seat,
            colour=colour,
            square=square_name(square),
            squares=[square_name(old), square_name(square)],
        )
    else:
        state.emit(
            "leader",
            f"Seat {seat} places their {name} on {square_name(square)}.",
            seat=seat,
            colour=colour,
            square=square_name(square),
        )
    kingdom = state.analysis().kingdom_of(square)
    assert kingdom is not None, "a placed leader always stands in a kingdom"
    rivals = [(s, sq) for s, c, sq in kingdom.leaders if c == colour and s != seat]
    if rivals:
        defender, defender_square = rivals[0]
        RULES.push(
            state,
            "revolt_commit",
            seat=seat,
            role="attacker",
            attacker=seat,
            defender=defender,
            colour=colour,
            attacker_square=square,
            defender_square=defender_square,
            attack=0,
        )


def withdraw_leader(state: TigrisState, seat: int, colour: str, why: str) -> None:
    data = state.data
    square = data["leaders"][seat][colour]
    data["leaders"][seat][colour] = -1
    name = state.components.leader_names[colour]
    state.emit(
        "withdraw",
        f"Seat {seat}'s {name} {why} from {square_name(square)}.",
        seat=seat,
        colour=colour,
        square=square_name(square),
    )


def withdraw_stranded(state: TigrisState) -> None:
    """A leader with no face-up temple next to it returns to its owner at once (seed note 2; §1.5)."""
    data = state.data
    for square, (seat, colour) in sorted(leader_squares(data).items()):
        if not adjacent_temple(state.board, data, square):
            withdraw_leader(state, seat, colour, "has no temple left and returns")
