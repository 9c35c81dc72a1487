"""Scenario builders for the Mankind rule tests: fixed set-ups, scripted dice, exact numbers.

A test starts a game at the first player's Event Phase with :func:`start`, scripting every die
the event rolls; :func:`start` appends a Build roll of 10 ("Pick One of Above ...") after them,
a decision that always waits, so :func:`event_over` can check that the event used exactly the
scripted dice and has finished. Nothing is left to luck.
"""

from __future__ import annotations

from typing import Any

import ludoteca
from ludoteca.games.mankind.civilization import levels
from ludoteca.games.mankind.machine import RULES
from ludoteca.games.mankind.state import MankindState

# Mankind: Event Phase — the Event Table (1D10).
CONQUEST = 1
RAID = 2
WAR = 3
BOON = 4
DISASTER = 5
INCURSION = 6
NOTHING = 7

# Mankind: The Build Table — a 10 is "Pick One of Above or gain 1D6 IP or RP or VP": a decision.
PICK_ONE = 10

ANCIENT, MEDIEVAL, REVOLUTION, MODERN = 1, 2, 3, 4


def civ(*builds: str, **fields: Any) -> dict[str, Any]:
    """One seat's scenario override: exactly ``builds`` (no Tribal builds) and 0 VP, RP and IP.

    Without Materials or Research the current player gains nothing in the Gains Phase, so the
    points a test reads are exactly the ones the event moved. ``fields`` overrides anything.
    """
    override: dict[str, Any] = {"builds": list(builds), "vp": 0, "rp": 0, "ip": 0}
    override.update(fields)
    return override


def start(
    players: int, dice: list[int], /, *, seed: int = 0, build_roll: int | None = PICK_ONE, **scenario: Any
) -> MankindState:
    """A ``players``-player game run up to its first decision.

    ``dice`` are the scripted rolls, from the first player's Event Table roll on; ``build_roll``
    (unless None) is appended as the Build roll that follows the event. The first player (seat 0
    unless ``first_player`` says otherwise) has ``turns: 1`` so its Event Phase is not skipped.
    ``scenario`` takes the Mankind scenario keys (``era``, ``players``, ``gone``, ...).
    """
    scenario.setdefault("first_player", 0)
    first = scenario["first_player"]
    overrides = [dict(seat) for seat in scenario.get("players", [])]
    while len(overrides) <= first:
        overrides.append({})
    overrides[first].setdefault("turns", 1)
    scenario["players"] = overrides
    script = [*dice, *([] if build_roll is None else [build_roll])]
    state = ludoteca.load_game("mankind", players=players).new_state(seed=seed, scenario=scenario, dice=script)
    assert isinstance(state, MankindState)
    return state


def to_act(state: MankindState) -> int:
    """The one seat that must decide now."""
    seats = state.to_act()
    assert len(seats) == 1, seats
    return seats[0]


def texts(state: MankindState) -> list[str]:
    """The texts of the legal actions of the seat to act."""
    return [action.text for action in state.legal_actions(to_act(state))]


def choose(state: MankindState, text: str) -> None:
    """Apply the action ``text`` for the seat to act."""
    state.apply(to_act(state), text)


def step(state: MankindState) -> str | None:
    """The name of the decision waiting, if any."""
    frame = RULES.pending(state)
    return None if frame is None else frame["step"]


def event_over(state: MankindState) -> bool:
    """The event is resolved: every scripted die is used and the Build roll's decision waits."""
    return step(state) == "build_choice" and state.rng.script == []


def events(state: MankindState, *kinds: str) -> list[dict[str, Any]]:
    """The log entries of the given types (all of them when no type is given), in order."""
    return [entry for entry in state.log if not kinds or entry["type"] in kinds]


def kinds(state: MankindState) -> list[str]:
    """The types of every log entry from the Event Table roll on, in order."""
    log = state.log
    first = next(i for i, entry in enumerate(log) if entry["type"] in ("event", "event_skipped"))
    return [entry["type"] for entry in log[first:]]


def player(state: MankindState, seat: int) -> dict[str, Any]:
    return state.data["players"][seat]


def points(state: MankindState, seat: int) -> tuple[int, int, int]:
    """(VP, RP, IP) of a seat."""
    p = player(state, seat)
    return p["vp"], p["rp"], p["ip"]


def level(state: MankindState, seat: int, code: str) -> int:
    """A trait level as civilization.levels derives it."""
    return levels(player(state, seat))[code]
