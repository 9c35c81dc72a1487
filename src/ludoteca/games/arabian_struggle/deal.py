"""Phase 1 – Deal Cards.

AS: Phase 1 — deal 6 cards to each player (2 Players: 7) and put the rest face down as the draw pile.
At the start of the Post-War Era with fewer than 19 cards available, deal each player an equal number,
always leaving at least one card for the draw pile (example: 15 cards, 3 players: 4 each, 3 to draw).
The rule is applied with the player count's own numbers whenever the deck is short (docs/rulings.md AS-R5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.arabian_struggle import board, variants
from ludoteca.games.arabian_struggle.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState


def hand_size(state: ArabianStruggleState) -> int:
    """6 (3 players) or 7 (2 players); with fewer than players x hand + 1 cards, an equal deal keeping one."""
    players = len(state.data["players"])
    size = int(board.content().setup["players"][str(state.players)]["hand"])
    available = len(state.data["deck"])
    if available < players * size + 1:  # docs/rulings.md AS-R5
        size = max(0, (available - 1) // players)
    return size


@RULES.auto("deal")
def deal(state: ArabianStruggleState, frame: Frame) -> None:
    data = state.data
    size = hand_size(state)
    for seat, faction in enumerate(data["players"]):
        hand = board.take_cards(state, size)  # AS: Phase 1 — dealt blind off the top of the draw pile
        data["hands"][faction] = hand
        state.emit(
            "hand",
            f"{faction} is dealt " + ", ".join(board.card(n).label for n in hand) + ".",
            seats=[seat],
            faction=faction,
            cards=list(hand),
        )
    state.emit("deal", f"Each player is dealt {size} cards; {len(data['deck'])} remain in the draw pile.", size=size)
    if state.game.options["variant"] == "draft":
        variants.start_draft(state)
