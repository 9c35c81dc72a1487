"""Phase 2: population expansion (AC §20).

In every area holding its tokens and no city, a nation adds one token where it has one and two where it
has two or more (§20.1), even beyond the population limit (§20.2). When stock cannot cover all of it the
owner chooses where its last tokens go, one at a time (§20.3). Nations expand in A.S.T. order; each only
counts its own tokens, so the order never changes the result.
"""

from __future__ import annotations

from ludoteca.core import Action
from ludoteca.core.wording import count
from ludoteca.games.advanced_civilization import pieces
from ludoteca.games.advanced_civilization.machine import RULES, Frame
from ludoteca.games.advanced_civilization.state import CivState


def growth(state: CivState, seat: int) -> dict[str, int]:
    """Tokens each area of ``seat`` grows by this phase (§20.1): +1 for one token, +2 for two or more."""
    return {
        area: min(row[seat], 2)
        for area, row in sorted(state.data["tokens"].items())
        # Any nation's city blocks growth (§20.1; AC-R20), and so does a pirate city (AC-R24).
        if row[seat] and area not in state.data["cities"] and area not in state.data["pirates"]
    }


@RULES.auto("expansion")
def expansion(state: CivState, frame: Frame) -> None:
    for seat in state.ast_order():
        due = growth(state, seat)
        need = sum(due.values())
        stock = state.data["players"][seat]["stock"]
        if need <= stock:
            for area, n in due.items():
                pieces.add(state, area, seat, n)
            if need:
                state.emit(
                    "expansion",
                    f"{state.who(seat)} expands by {count(need, 'token')}.",
                    seat=seat,
                    added=need,
                    areas=sorted(due),
                )
        elif stock:
            state.emit(
                "expansion",
                f"{state.who(seat)} needs {count(need, 'token')} but has {stock}: it chooses where.",
                seat=seat,
            )
            RULES.push(state, "expand", seat=seat, due=due)


def _expand_options(state: CivState, frame: Frame) -> list[Action]:
    return [Action(f"grow in {area}", area) for area, left in frame["due"].items() if left]


@RULES.decision("expand", _expand_options)
def expand(state: CivState, frame: Frame, action: Action) -> None:
    seat, area = frame["seat"], action.payload
    pieces.add(state, area, seat, 1)
    due = dict(frame["due"])
    due[area] -= 1
    if state.data["players"][seat]["stock"] and any(due.values()):
        RULES.repush(state, frame, due=due)
