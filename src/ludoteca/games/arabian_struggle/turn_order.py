"""Phase 2 – Select Turn Order.

AS: Phase 2 — Pre-War: Hashemite 1, Rasheedi 2, Saudi 3 (2 Players: Hashemite, Saudi). Great War and
Post-War: the Faction with the lowest score selects its place on the track, then the second lowest, then
the leader; on a tied score the Saudi always select first and the Rasheedi always last. 2 Players: no
Rasheedi marker (Rasheedi events are played in the Hashemite and Saudi turns).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.arabian_struggle import board
from ludoteca.games.arabian_struggle.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState

PLACES = ("first", "second", "third")


def selection_order(state: ArabianStruggleState) -> list[str]:
    """Lowest score selects first; ties: Saudi first, Rasheedi last (Hashemite between them)."""
    vp = state.data["vp"]
    return sorted(state.data["players"], key=lambda f: (vp[f], board.TIE_ORDER.index(f)))


@RULES.auto("turn_order")
def turn_order(state: ArabianStruggleState, frame: Frame) -> None:
    data = state.data
    if data["era"] == 1:
        data["turn_order"] = list(board.content().setup["players"][str(state.players)]["turn_order"])
        state.emit("turn_order", "Pre-War turn order: " + ", ".join(data["turn_order"]) + ".")
        return
    data["turn_order"] = [None] * len(data["players"])
    RULES.push_sequence(
        state,
        [{"step": "turn_order_pick", "seat": board.seat_of(state, f), "faction": f} for f in selection_order(state)]
        + [{"step": "turn_order_done"}],
    )


def pick_options(state: ArabianStruggleState, frame: Frame) -> list[Action]:
    free = [i for i, f in enumerate(state.data["turn_order"]) if f is None]
    return [Action(f"take the {PLACES[i]} place in the turn order", payload=i) for i in free]


@RULES.decision("turn_order_pick", pick_options)
def turn_order_pick(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    state.data["turn_order"][action.payload] = frame["faction"]
    state.emit(
        "turn_order_pick",
        f"{frame['faction']} takes the {PLACES[action.payload]} place in the turn order.",
        faction=frame["faction"],
        place=action.payload,
        seat=frame["seat"],
    )


@RULES.auto("turn_order_done")
def turn_order_done(state: ArabianStruggleState, frame: Frame) -> None:
    """The picks were each logged as they were made: the finished order is not said again (the log says each
    thing once); the turn-order track shows it."""
