"""Placing civilization tiles (scoring, unification) and catastrophes.

T&E: Tile placement (reference §1.6) — an empty square; blue tiles only on rivers, other colours never
on rivers; a tile may not connect three or more kingdoms. Joining one kingdom scores 1 VP of the tile's
colour for the owner of the leader of that colour there, else for the king's owner; uniting two kingdoms
scores nothing and starts wars (§1.8). T&E: Catastrophe (seed note 2; §1.7). The squares open to a tile
are ``board.Analysis.open``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.tigris_euphrates.board import mask_of
from ludoteca.games.tigris_euphrates.conflicts import conflict_colours
from ludoteca.games.tigris_euphrates.content import NAME, square_name
from ludoteca.games.tigris_euphrates.leaders import withdraw_stranded
from ludoteca.games.tigris_euphrates.machine import RULES

if TYPE_CHECKING:
    from ludoteca.games.tigris_euphrates.state import TigrisState


def place_tile(state: TigrisState, seat: int, code: str, square: int) -> None:
    data = state.data
    kingdoms = state.analysis().kingdoms_next_to(square)
    data["hands"][seat][code] -= 1
    data["cells"][square] = code
    state.emit(
        "tile",
        f"Seat {seat} places a {NAME[code]} tile on {square_name(square)}.",
        seat=seat,
        colour=NAME[code],
        square=square_name(square),
    )
    RULES.push(state, "monument_check", seat=seat, square=square)
    if len(kingdoms) == 2:
        # T&E: War — the unification tile belongs to neither side and scores nothing (reference §1.8).
        data["unification"] = square
        wars = [NAME[c] for c in "rbkg" if c in conflict_colours(state)]
        follows = (
            f"{' and '.join(wars)} war{'s' if len(wars) > 1 else ''}"
            if wars
            else "no war (no colour has a leader on both sides)"
        )
        state.emit(
            "unification",
            f"The tile on {square_name(square)} unites two kingdoms: {follows}.",
            square=square_name(square),
            wars=wars,
        )
        RULES.push(state, "war_next", remaining=None)
        return
    if len(kingdoms) == 1:
        leaders = kingdoms[0].leaders
        scorer = next((s for s, c, _ in leaders if c == code), None)
        if scorer is None:
            scorer = next((s for s, c, _ in leaders if c == "k"), None)  # the king scores in the tile's colour
        if scorer is not None:
            state.score(scorer, code, 1, f"the {NAME[code]} tile")


def catastrophe_mask(state: TigrisState) -> int:
    """Where a catastrophe may go, as a bit mask: empty squares (rivers too) and face-up tiles without a
    treasure; never a monument, a leader or a catastrophe (seed note 2; reference §1.7, edge case 17)."""
    analysis = state.analysis()
    return (analysis.empty | analysis.faceup) & ~mask_of(state.data["treasures"])


def place_catastrophe(state: TigrisState, seat: int, square: int) -> None:
    data = state.data
    removed = data["cells"][square]
    data["cells"][square] = "x"
    data["catastrophes"][seat] -= 1
    if removed:
        data["discarded"] += 1  # the destroyed tile leaves the game
    what = f", destroying a {NAME[removed]} tile" if removed else ""
    state.emit(
        "catastrophe",
        f"Seat {seat} places a catastrophe on {square_name(square)}{what}.",
        seat=seat,
        square=square_name(square),
    )
    if removed == "r":
        withdraw_stranded(state)
