"""How a good Tigris & Euphrates player weighs a position: the heuristic the bots search with.

Strategy, in a player's words: only the weakest colour counts at the end, so feed it first (treasures
fill it too); the next-weakest colour breaks ties and is the next to become weakest; leaders on the
board are how points come at all, so keep them there (a leader lost in a conflict is a setback); and a
catastrophe in reserve is a defence worth keeping.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import lead_estimates
from ludoteca.games.tigris_euphrates.scoring import final_values

if TYPE_CHECKING:
    from ludoteca.games.tigris_euphrates.state import TigrisState


def strength(state: TigrisState, seat: int) -> float:
    data = state.data
    colours = sorted(final_values(data["scores"][seat]))
    value: float = 1.0 * colours[0] + 0.35 * colours[1] + 0.1 * (colours[2] + colours[3])
    value += 0.7 * sum(1 for square in data["leaders"][seat].values() if square >= 0)
    value += 0.3 * data["catastrophes"][seat]
    return value


def evaluate_all(state: TigrisState) -> list[float]:
    """Win estimates in [0, 1]: each seat's lead over its strongest rival."""
    return lead_estimates([strength(state, seat) for seat in range(state.players)], 1.5)
