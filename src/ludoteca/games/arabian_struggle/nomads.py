"""Phase 5 – Nomad Movement: moving Nomads (Step 1) and Nomad Raids (Step 2).

AS: Phase 5 — reveal the top card of the draw deck; each Faction may move as many Nomads as its Faction
modifier on that card, each to an adjacent area; the highest modifier moves first (ties: Saudi first,
Rasheedi last); the same Nomad may be moved by several Factions, raiding in each area it enters. A Nomad
entering an area with Faction pieces raids: 1d6, a 6 removes one Faction piece (Empire pieces are never
raided). 2 Players: the Rasheedi do not move Nomads. Only one Nomad may be in an area (AS-R13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action, wording
from ludoteca.games.arabian_struggle import board
from ludoteca.games.arabian_struggle.choices import ActionTable, Choices, described_decision
from ludoteca.games.arabian_struggle.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState


def nomad_order(state: ArabianStruggleState, modifiers: dict[str, int]) -> list[str]:
    """Factions in moving order: highest modifier first; ties Saudi first, Rasheedi last."""
    movers = [f for f in board.TIE_ORDER if board.is_player(state, f)]  # 2 Players: Rasheedi ignored
    return sorted(movers, key=lambda f: (-modifiers.get(f, 0), board.TIE_ORDER.index(f)))


@RULES.auto("nomad_phase")
def nomad_phase(state: ArabianStruggleState, frame: Frame) -> None:
    number = board.draw(state, "Nomad Movement")
    if number is None:
        return
    card = board.card(number)
    order = nomad_order(state, card.modifiers)
    state.emit(
        "nomad_card",
        f"Nomad Movement: {card.label} is revealed; "
        + ", ".join(f"{f} moves {card.modifiers[f]}" for f in order)
        + ".",
        card=number,
        order=order,
    )
    RULES.push_sequence(
        state,
        [
            {
                "step": "nomad_move",
                "seat": board.seat_of(state, f),
                "faction": f,
                "left": card.modifiers[f],
                "moved": [],
            }
            for f in order
            if card.modifiers[f] > 0
        ],
    )


def nomad_choices(state: ArabianStruggleState, frame: Frame) -> Choices[tuple[int, str, str]]:
    """The "stop moving Nomads" action, then each move (Nomad, from, to) of a Nomad to a free adjacent area."""
    if frame["left"] <= 0:
        return Choices(_STOP, (), _NOMAD_MOVES.__getitem__)
    content = board.content()
    nomads = state.data["nomads"]
    moves = []
    for index, area in enumerate(nomads):
        if index in frame["moved"]:
            continue  # each of a Faction's moves is a different Nomad (docs/rulings.md AS-R13)
        for target in content.areas[area].adjacent:
            if target not in nomads:
                moves.append((index, area, target))
    return Choices(_STOP, moves, _NOMAD_MOVES.__getitem__)


_STOP = [Action("stop moving Nomads", payload=None)]


def _nomad_move_action(move: tuple[int, str, str]) -> Action:
    index, area, target = move
    return Action(f"move the Nomad in {area} to {target}", payload=(index, target))


_NOMAD_MOVES = ActionTable(_nomad_move_action)


@described_decision("nomad_move", nomad_choices)
def nomad_move(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    if action.payload is None:
        return
    index, target = action.payload
    origin = state.data["nomads"][index]
    state.data["nomads"][index] = target
    state.emit(
        "nomad_move",
        f"{frame['faction']} moves the Nomad in {origin} to {target}.",
        area=origin,
        to=target,
        faction=frame["faction"],
        seat=frame["seat"],
    )
    raid(state, target)
    RULES.repush(state, frame, left=frame["left"] - 1, moved=[*frame["moved"], index])


def raid(state: ArabianStruggleState, area: str) -> None:
    """Step 2: a Nomad entering an area with Faction pieces rolls 1d6; a 6 removes one Faction piece."""
    factions = board.factions_in(state, area)
    if not factions:
        return
    roll = state.rng.roll(6)
    if roll == 6:
        cell = state.data["pieces"][area]
        victim = max(factions, key=lambda f: cell[f])  # only one Faction is ever in an area at this point
        board.take(state, area, victim)
        state.emit(
            "raid", f"Nomad raid in {area}: rolls 6, {wording.a(victim)} piece is removed.", area=area, roll=roll
        )
    else:
        state.emit("raid", f"Nomad raid in {area}: rolls {roll}, no loss.", area=area, roll=roll)
