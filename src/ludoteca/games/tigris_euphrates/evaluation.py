"""How a good Tigris & Euphrates player weighs a position: the heuristic the bots search with.

Strategy, in a player's words: only the weakest colour counts at the end, so feed it first (treasures
fill it too); the next-weakest colour breaks ties and is the next to become weakest; leaders on the
board are how points come at all, so keep them there (a leader lost in a conflict is a setback); and a
catastrophe in reserve is a defence worth keeping.

A seat's strength is a weighted sum of the features below, each computed from what that seat sees (its
own points and hand, the public board); its win estimate is its lead over its strongest rival. The
weights are named sets in ``data/evaluation.toml``: ``hand`` (the weights above, set by judgement) and
``learned`` (fitted to who won self-play games by ``ludoteca learn``, :mod:`ludoteca.learning`); the
file's ``default`` is the set the bots play with. Without the file the hand weights are used; a file that
is there but wrong is refused, naming the fault.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ludoteca.core import lead_estimates
from ludoteca.games.tigris_euphrates.scoring import final_values
from ludoteca.learning import WeightSet, WeightSets, load_weight_sets

if TYPE_CHECKING:
    from ludoteca.core import State
    from ludoteca.games.tigris_euphrates.state import TigrisState

WEIGHTS_FILE = Path(__file__).parent / "data" / "evaluation.toml"

FEATURES: tuple[str, ...] = (
    "weakest",  # the weakest colour's points, treasures counted: the final score if the game ended now
    "second",  # the next-weakest colour: the tie-break, and the next colour to become weakest
    "strongest_two",  # the two strongest colours together: points that count only if the others catch up
    "leaders",  # own leaders on the board: how points come at all
    "catastrophes",  # catastrophe tiles still in reserve: a defence, and a way to break a rival's kingdom
    "treasures",  # treasures taken: points of whatever colour will be weakest at the end
    "hand_weakest",  # tiles in hand of the weakest colour: the points a player can still make where it counts
)

# T&E: Game End, scoring (the weakest colour wins); the hand-set weights the bots have played with.
HAND = WeightSet("hand", 1.5, (1.0, 0.35, 0.1, 0.7, 0.3, 0.0, 0.0), "set by judgement")


@cache
def weight_sets(path: Path = WEIGHTS_FILE) -> WeightSets:
    """The weight sets of the data file (checked on load), or the hand weights alone if there is no file."""
    if not path.exists():
        return WeightSets("hand", {"hand": HAND})
    return load_weight_sets(path, FEATURES)


def features(state: State, seat: int) -> list[float]:
    """``FEATURES`` of ``seat``: its own points (hidden from the others under hidden scoring) and hand, and
    what the board shows everyone; never another seat's hand or points, nor the bag."""
    data = state.data
    points = data["scores"][seat]
    values = final_values(points)  # T&E: Game End, treasures go to the weakest colour
    colours = sorted(values)
    weakest_colour = "rbkg"[values.index(colours[0])]
    return [
        float(colours[0]),
        float(colours[1]),
        float(colours[2] + colours[3]),
        float(sum(1 for square in data["leaders"][seat].values() if square >= 0)),
        float(data["catastrophes"][seat]),
        float(points["t"]),
        float(data["hands"][seat][weakest_colour]),
    ]


def strength(state: TigrisState, seat: int, weights: WeightSet = HAND) -> float:
    """The weighted sum of ``seat``'s features, computed without building the feature list (search calls
    it thousands of times a second), terms added in a fixed order so that a set's value never changes."""
    return strength_of(state.data, seat, weights)


def strength_of(data: dict[str, Any], seat: int, weights: WeightSet = HAND) -> float:
    """:func:`strength` of a state's ``data`` (``judging`` reads positions it has not played out this way)."""
    w = weights.weights
    points = data["scores"][seat]
    values = final_values(points)
    colours = sorted(values)
    value: float = w[0] * colours[0] + w[1] * colours[1] + w[2] * (colours[2] + colours[3])
    value += w[3] * sum(1 for square in data["leaders"][seat].values() if square >= 0)
    value += w[4] * data["catastrophes"][seat]
    if w[5]:
        value += w[5] * points["t"]
    if w[6]:
        value += w[6] * data["hands"][seat]["rbkg"[values.index(colours[0])]]
    return value


def evaluate_all(state: State, weights: WeightSet | None = None) -> list[float]:
    """Win estimates in [0, 1]: each seat's lead over its strongest rival (``weights``: the default set)."""
    return estimates_of(state.data, state.players, weights)


def estimates_of(data: dict[str, Any], players: int, weights: WeightSet | None = None) -> list[float]:
    """:func:`evaluate_all` of a state's ``data`` with ``players`` seats."""
    chosen = weight_sets().get(None) if weights is None else weights
    return lead_estimates([strength_of(data, seat, chosen) for seat in range(players)], chosen.scale)
