"""Phase 4 – Overpopulation.

AS: Phase 4 — each area supports as many pieces as its supply (1, 2 or 3); Nomads need no supply; Empire
pieces have first claim, one point each; the remaining points support that many pieces of the Faction
there and all excess pieces are removed. 2 Players: the Rasheedi pieces are checked too (they are a
Faction on the map, so the same rule covers them). Empire pieces are never removed by this phase
(docs/rulings.md AS-R14).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import wording
from ludoteca.games.arabian_struggle import board
from ludoteca.games.arabian_struggle.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState


@RULES.auto("overpopulation")
def overpopulation(state: ArabianStruggleState, frame: Frame) -> None:
    content = board.content()
    # Only areas holding pieces can be over their supply; they are taken in map order, as the whole map would be.
    for name in sorted(state.data["pieces"], key=content.area_order.__getitem__):
        area = content.areas[name]
        empire = board.empire_count(state, name)
        room = max(0, area.supply - empire)
        factions = board.factions_in(state, name)
        excess = sum(board.count(state, name, f) for f in factions) - room
        removed: dict[str, int] = {}
        while excess > 0:
            # Only one Faction is ever in an area after combat; should two be, the larger loses first.
            cell = state.data["pieces"][name]
            victim = max(board.factions_in(state, name), key=lambda f: cell[f])
            board.take(state, name, victim)
            removed[victim] = removed.get(victim, 0) + 1
            excess -= 1
        for victim, n in removed.items():  # one line per area and Faction: the log says each thing once
            pieces = f"{wording.a(victim)} piece is" if n == 1 else f"{n} {victim} pieces are"
            state.emit(
                "overpopulation",
                f"Overpopulation in {name} (supply {area.supply}, {empire} Empire): {pieces} removed.",
                area=name,
                faction=victim,
                removed=n,
            )
