"""Action Round: Invoke Tribal Conference Attempt.

AS: Invoke Tribal Conference Attempt — once per Era a Faction may play any card to its Tribal Conference
space (the event does not trigger, even an opponent's, and the OP are not spent); target = the card's OP
(lasting OP effects included, e.g. Stipend) + the Faction's modifier on the card; roll 1d6, the target or
less succeeds, and the Faction may place one of its pieces in the Tribal Conference, from stock or from
the map. The card stays in the Tribal Conference space until End-of-Era Cleanup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.arabian_struggle import board
from ludoteca.games.arabian_struggle.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState


def conference_target(state: ArabianStruggleState, number: int, faction: str, bonus: int | None = None) -> int:
    """Target = OP (after lasting OP effects; ``bonus`` as for ``board.effective_op``) + the Faction's modifier
    on the card."""
    if bonus is None:
        bonus = board.op_bonus(state, faction)
    return target_with_bonus(number, faction, bonus)


def target_with_bonus(number: int, faction: str, bonus: int) -> int:
    """``conference_target`` once the lasting OP effects are known (the play options, for a hand)."""
    return board.op_with_bonus(number, bonus) + board.card(number).modifiers[faction]


@RULES.auto("conference_attempt")
def conference_attempt(state: ArabianStruggleState, frame: Frame) -> None:
    faction, number = frame["faction"], frame["card"]
    target = conference_target(state, number, faction)
    roll = state.rng.roll(6)
    success = roll <= target
    state.emit(
        "conference_attempt",
        f"{faction} attempts the Tribal Conference with {board.card(number).label}: target {target}, "
        f"rolls {roll}: {'success' if success else 'failure'}.",
        faction=faction,
        card=number,
        target=target,
        roll=roll,
        success=success,
        seat=frame["seat"],
    )
    if success:
        RULES.push(state, "conference_place", seat=frame["seat"], faction=faction)


def place_options(state: ArabianStruggleState, frame: Frame) -> list[Action]:
    faction = frame["faction"]
    actions = []
    if board.stock(state, faction) > 0:
        actions.append(Action("place a piece from stock in the Tribal Conference", payload=None))
    for area in board.areas_of(state, faction):
        actions.append(Action(f"move a piece from {area} to the Tribal Conference", payload=area))
    actions.append(Action("place no piece in the Tribal Conference", payload=False))
    return actions


@RULES.decision("conference_place", place_options)
def conference_place(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    faction = frame["faction"]
    if action.payload is False:  # placing is optional (docs/rulings.md AS-R23); said, so the table knows why
        state.emit(
            "conference_piece_none",
            f"{faction} places no piece in the Tribal Conference.",
            faction=faction,
            seat=frame["seat"],
        )
        return
    if action.payload is not None:
        board.take(state, action.payload, faction)  # "A Tribal Conference action is not an Event": map allowed
    state.data["tc"][faction] = state.data["tc"].get(faction, 0) + 1
    where = "stock" if action.payload is None else action.payload
    details: dict[str, object] = {"faction": faction, "seat": frame["seat"]}
    if action.payload is not None:
        details["area"] = action.payload
    state.emit("conference_piece", f"{faction} places a piece from {where} in the Tribal Conference.", **details)
