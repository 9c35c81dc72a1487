"""Phase 3: census (AC §21).

Each nation counts its tokens on the board (cities and ships do not count, §21.1). The census fixes the
order of ship construction and movement: the largest population first, ties in A.S.T. order (§21.2;
AC-R8); holders of Military act after every non-holder, keeping census order among themselves (§22.5, §23.5).
"""

from __future__ import annotations

from ludoteca.games.advanced_civilization import pieces
from ludoteca.games.advanced_civilization.machine import RULES, Frame
from ludoteca.games.advanced_civilization.state import CivState


@RULES.auto("census")
def census(state: CivState, frame: Frame) -> None:
    counts = {seat: pieces.on_board(state, seat) for seat in range(state.players)}
    order = sorted(range(state.players), key=lambda seat: (-counts[seat], state.ast_rank(seat)))
    state.data["census"] = order
    state.data["census_counts"] = [counts[seat] for seat in range(state.players)]
    listing = ", ".join(f"{state.who(seat)} {counts[seat]}" for seat in order)
    state.emit("census", f"Census: {listing}.", counts=[counts[s] for s in range(state.players)], order=order)


def acting_order(state: CivState) -> list[int]:
    """Census order with Military holders moved after the rest (§22.5, §23.5)."""
    order = state.data["census"] or state.ast_order()
    return [s for s in order if not state.has(s, "Military")] + [s for s in order if state.has(s, "Military")]
