"""Scenario builders for the Tigris & Euphrates rule tests: fixed boards, hands and bags, exact numbers.

:func:`start` clears the ten starting temples (keeping those named in ``keep``) so a test builds exactly
the position it needs with the ``state.py`` scenario keys; hands default to empty and the bag to
whatever the test scripts, so nothing is left to the shuffle.
"""

from __future__ import annotations

from typing import Any

import ludoteca
from ludoteca.games.tigris_euphrates.content import CODE, NAME, boards, square_index, square_name
from ludoteca.games.tigris_euphrates.machine import RULES
from ludoteca.games.tigris_euphrates.state import TigrisState

STANDARD_TEMPLES = ("K1", "B2", "P2", "F3", "N5", "I7", "B8", "O9", "F10", "K11")
FRAMED = ("B2", "P2", "B8", "O9")
LEADERS = {"king": "k", "priest": "r", "farmer": "b", "trader": "g"}
CELL_NAMES = {"": "empty", "m": "monument", "x": "catastrophe", **NAME}


def start(
    players: int = 2,
    *,
    board: str = "standard",
    scoring: str = "open",
    seed: int = 0,
    keep: tuple[str, ...] | list[str] = (),
    clear: bool = True,
    **scenario: Any,
) -> TigrisState:
    """A game at its first decision.

    With ``clear`` every starting temple not in ``keep`` is emptied and the treasures are those of
    ``keep`` (unless the scenario says otherwise); hands are empty unless given, and the bag is the
    scenario's (else what the shuffle left). ``scenario`` takes ``state.py``'s keys.
    """
    if clear:
        temples = [square_name(s) for s in boards()[board].temples]
        cells = {name: "empty" for name in temples if name not in keep}
        cells.update(scenario.pop("cells", {}))
        scenario["cells"] = cells
        scenario.setdefault("treasures", list(keep))
        scenario.setdefault("hands", [[] for _ in range(players)])
    game = ludoteca.load_game("tigris-euphrates", players=players, options={"board": board, "scoring": scoring})
    state = game.new_state(seed=seed, scenario=scenario)
    assert isinstance(state, TigrisState)
    return state


def sq(name: str) -> int:
    return square_index(name)


def cell(state: TigrisState, name: str) -> str:
    """What is on a square: "empty", "red", "blue", "black", "green", "monument" or "catastrophe"."""
    return CELL_NAMES[state.data["cells"][sq(name)]]


def leader(state: TigrisState, seat: int, which: str) -> str | None:
    """The square of a seat's leader ("king", "priest", "farmer", "trader"), None in supply."""
    at = state.data["leaders"][seat][LEADERS[which]]
    return None if at < 0 else square_name(at)


def points(state: TigrisState, seat: int) -> dict[str, int]:
    """A seat's points by colour name, treasures as "treasure"."""
    raw = state.data["scores"][seat]
    return {("treasure" if code == "t" else NAME[code]): value for code, value in raw.items()}


def nonzero(state: TigrisState, seat: int) -> dict[str, int]:
    return {colour: value for colour, value in points(state, seat).items() if value}


def hand(state: TigrisState, seat: int) -> dict[str, int]:
    """A seat's hand by colour name (colours it lacks left out)."""
    return {NAME[code]: n for code, n in state.data["hands"][seat].items() if n}


def hand_size(state: TigrisState, seat: int) -> int:
    return sum(state.data["hands"][seat].values())


def treasures(state: TigrisState) -> list[str]:
    return sorted(square_name(s) for s in state.data["treasures"])


def to_act(state: TigrisState) -> int:
    seats = state.to_act()
    assert len(seats) == 1, seats
    return seats[0]


def step(state: TigrisState) -> str | None:
    """The name of the decision waiting, if any."""
    frame = RULES.pending(state)
    return None if frame is None else frame["step"]


def texts(state: TigrisState) -> list[str]:
    """The legal actions' texts for the seat to act."""
    return [action.text for action in state.legal_actions(to_act(state))]


def act(state: TigrisState, *actions: str) -> None:
    """Apply each action text in turn for whichever seat must decide."""
    for text in actions:
        state.apply(to_act(state), text)


def commit_nothing(state: TigrisState, times: int) -> None:
    """Answer ``times`` commitments that a hand without the colour leaves no choice but "commit no tiles": the
    player is asked all the same (TE-R17), so the table does not learn his hand from being passed over."""
    for _ in range(times):
        assert step(state) in ("revolt_commit", "war_commit") and texts(state) == ["commit no tiles"], texts(state)
        act(state, "commit no tiles")


def targets(state: TigrisState, prefix: str) -> set[str]:
    """The squares named by the legal actions that start with ``prefix`` ("place red on", ...)."""
    found = set()
    for text in texts(state):
        if text.startswith(prefix + " "):
            found.add(text.rsplit(" ", 1)[1])
    return found


def events(state: TigrisState, *kinds: str) -> list[dict[str, Any]]:
    """The log entries of the given types (all when none is given), in order."""
    return [entry for entry in state.log if not kinds or entry["type"] in kinds]


def code(colour: str) -> str:
    return CODE[colour]
