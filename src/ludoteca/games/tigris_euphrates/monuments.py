"""Monuments (seed note 5; reference §1.9).

When a placed tile completes a 2×2 square of one colour, the active player may (it is optional) turn the
four tiles face down and put on them an available monument of which one colour matches. If several
squares are possible, the player chooses. Face-down tiles still join regions but are no longer
civilization tiles; leaders left without a face-up temple return at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.tigris_euphrates.content import HEIGHT, WIDTH, square_name
from ludoteca.games.tigris_euphrates.leaders import withdraw_stranded
from ludoteca.games.tigris_euphrates.machine import RULES, Frame
from ludoteca.games.tigris_euphrates.turn import monument_name

if TYPE_CHECKING:
    from ludoteca.games.tigris_euphrates.state import TigrisState


def squares_completed(state: TigrisState, square: int) -> list[tuple[int, str]]:
    """(top-left square, colour) of every one-colour 2×2 of face-up tiles that contains ``square``."""
    cells = state.data["cells"]
    return squares_completed_by(cells, square, cells[square])


def squares_completed_by(cells: list[str], square: int, colour: str) -> list[tuple[int, str]]:
    """(top-left square, colour) of every 2×2 of ``colour`` tiles that a ``colour`` tile on ``square`` makes (the
    square's own code is not read: search asks this before the tile is laid, ``judging``)."""
    if colour not in ("r", "b", "k", "g"):
        return []
    row, col = divmod(square, WIDTH)
    found = []
    for top in (row - 1, row):
        if not 0 <= top < HEIGHT - 1:
            continue
        for left in (col - 1, col):
            if 0 <= left < WIDTH - 1:
                corner = top * WIDTH + left  # asked after every tile placed: four plain comparisons
                below = corner + WIDTH
                if (
                    (corner == square or cells[corner] == colour)
                    and (corner + 1 == square or cells[corner + 1] == colour)
                    and (below == square or cells[below] == colour)
                    and (below + 1 == square or cells[below + 1] == colour)
                ):
                    found.append((corner, colour))
    return found


def _monument_options(state: TigrisState, frame: Frame) -> list[Action]:
    free = [m for m, at in state.data["monuments"].items() if at < 0]
    options = [
        Action(f"build the {monument_name(m)} monument on {square_name(corner)}", (m, corner))
        for corner, colour in squares_completed(state, frame["square"])
        for m in free
        if colour in m
    ]
    return [*options, Action("build no monument", None)] if options else []


@RULES.decision("monument_check", _monument_options)
def monument_check(state: TigrisState, frame: Frame, action: Action) -> None:
    if action.payload is None:
        state.emit("monument_declined", f"Seat {frame['seat']} builds no monument.", seat=frame["seat"])
        return
    monument, corner = action.payload
    data = state.data
    for square in (corner, corner + 1, corner + WIDTH, corner + WIDTH + 1):
        data["cells"][square] = "m"
    data["monuments"][monument] = corner
    state.emit(
        "monument",
        f"Seat {frame['seat']} builds the {monument_name(monument)} monument on {square_name(corner)}.",
        seat=frame["seat"],
        monument=monument,
        square=square_name(corner),
        squares=[square_name(s) for s in (corner, corner + 1, corner + WIDTH, corner + WIDTH + 1)],
    )
    withdraw_stranded(state)
