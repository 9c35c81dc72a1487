"""Who an event affects: neighbours, random players, the weakest and strongest, and tie roll-offs.

Mankind: Event Phase — "In all cases of ties, break them by rolling high on 1D6."
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ludoteca.games.mankind.civilization import level

if TYPE_CHECKING:
    from ludoteca.games.mankind.state import MankindState


def roll_off(state: MankindState, seats: list[int], why: str) -> list[int]:
    """Order tied seats by rolling high on 1D6, re-rolling among those still tied."""
    if len(seats) <= 1:
        return list(seats)
    rolls = {seat: state.rng.roll(6) for seat in seats}
    shown = ", ".join(f"seat {s} rolls {r}" for s, r in rolls.items())
    state.emit("roll_off", f"Tie for {why}: {shown}.", rolls={str(s): r for s, r in rolls.items()})
    ordered: list[int] = []
    for value in sorted(set(rolls.values()), reverse=True):
        ordered += roll_off(state, [s for s in seats if rolls[s] == value], why)
    return ordered


def order_by(
    state: MankindState, seats: list[int], key: Callable[[int], int], why: str, highest: bool = True
) -> list[int]:
    """Seats from highest (or lowest) ``key`` to the other end, ties broken by 1D6 roll-offs."""
    keys = {seat: key(seat) for seat in seats}  # each seat's key once (a level look-up), not once per value
    ordered: list[int] = []
    for value in sorted(set(keys.values()), reverse=highest):
        ordered += roll_off(state, [s for s in seats if keys[s] == value], why)
    return ordered


def warfare_of(state: MankindState) -> Callable[[int], int]:
    return lambda seat: level(state.data["players"][seat], "WL")


def weakest(state: MankindState, seats: list[int]) -> int:
    """The seat with the lowest Warfare Level (docs/rulings.md, Mankind R11)."""
    return order_by(state, seats, warfare_of(state), "weakest player", highest=False)[0]


def strongest(state: MankindState, seats: list[int]) -> int:
    """The seat with the highest Warfare Level (docs/rulings.md, Mankind R11)."""
    return order_by(state, seats, warfare_of(state), "strongest player", highest=True)[0]


def random_seat(state: MankindState, seats: list[int], why: str) -> int:
    """A uniformly random seat: a roll of a die with one face per candidate."""
    seat = state.rng.pick(seats)
    state.emit("random_player", f"Seat {seat} is drawn at random as {why}.", seat=seat)
    return seat


def left_of(state: MankindState, seat: int) -> int:
    """The player to your left plays after you (docs/rulings.md, Mankind R10)."""
    return (seat + 1) % state.players


def right_of(state: MankindState, seat: int) -> int:
    return (seat - 1) % state.players


def others(state: MankindState, seat: int) -> list[int]:
    return [s for s in range(state.players) if s != seat]


def use_shields(state: MankindState, targets: list[int], what: str) -> bool:
    """Negotiations: a targeted player with a shield skips the event. True if the event is skipped."""
    shielded = [seat for seat in dict.fromkeys(targets) if state.data["players"][seat]["shields"] > 0]
    for seat in shielded:
        state.data["players"][seat]["shields"] -= 1
        state.emit("shield", f"Seat {seat} uses Negotiations: the {what} is skipped.", seat=seat)
    return bool(shielded)
