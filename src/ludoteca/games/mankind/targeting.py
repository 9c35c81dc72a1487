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
    return order_by(state, seats, lambda seat: 0, why)


Ranking = tuple[list[int], list[list[int]]]  # every seat in order, and the groups whose order is not yet rolled


def ranking(seats: list[int], key: Callable[[int], int], highest: bool = True) -> Ranking:
    """Seats from highest (or lowest) ``key`` to the other end, rolling no die: tied seats stand in seat
    order, and each group of them is listed as still to be rolled off (``settle`` rolls it when it matters)."""
    keys = {seat: key(seat) for seat in seats}  # each seat's key once (a level look-up), not once per value
    order: list[int] = []
    tied: list[list[int]] = []
    for value in sorted(set(keys.values()), reverse=highest):
        group = [s for s in seats if keys[s] == value]
        order += group
        if len(group) > 1:
            tied.append(group)
    return order, tied


def settle(state: MankindState, order: list[int], tied: list[list[int]], place: int, why: str) -> int:
    """The seat at ``place`` of a ``ranking``, rolling off only the tie that place falls in (both lists are
    updated in place).

    A tie is broken when it decides something, not before: a conquest passing down the Warfare order rolls
    off a tie among lower-ranked players only when the offer reaches them, and a roll-off whose top rolls
    tie again re-rolls those players only, the rest waiting their turn (docs/rulings.md, Mankind R29).
    """
    # MK: Event Phase — "In all cases of ties, break them by rolling high on 1D6."
    rolled_before: set[int] = set()
    while True:
        seat = order[place]
        group = next((g for g in tied if seat in g), None)
        if group is None:
            return seat
        rolls = {s: state.rng.roll(6) for s in group}
        shown = ", ".join(f"seat {s} rolls {r}" for s, r in rolls.items())
        # A second roll-off of the same players says so: the same line twice would read as one doubled.
        opening = "Still tied" if rolled_before.issuperset(group) else "Tie"
        rolled_before.update(group)
        state.emit("roll_off", f"{opening} for {why}: {shown}.", rolls={str(s): r for s, r in rolls.items()})
        start = order.index(group[0])  # a tied group stands together in the order
        rolled = sorted(group, key=lambda s: -rolls[s])  # stable: equal rolls keep their order, still tied
        order[start : start + len(group)] = rolled
        at = tied.index(group)
        still = [[s for s in rolled if rolls[s] == r] for r in sorted(set(rolls.values()), reverse=True)]
        tied[at : at + 1] = [g for g in still if len(g) > 1]


def order_by(
    state: MankindState, seats: list[int], key: Callable[[int], int], why: str, highest: bool = True
) -> list[int]:
    """Seats from highest (or lowest) ``key`` to the other end, every tie broken by 1D6 roll-offs."""
    order, tied = ranking(seats, key, highest)
    for place in range(len(order)):
        settle(state, order, tied, place, why)
    return order


def first_by(state: MankindState, seats: list[int], key: Callable[[int], int], why: str, highest: bool) -> int:
    """The seat with the highest (or lowest) ``key``: only a tie for first place is rolled off."""
    order, tied = ranking(seats, key, highest)
    return settle(state, order, tied, 0, why)


def warfare_of(state: MankindState) -> Callable[[int], int]:
    return lambda seat: level(state.data["players"][seat], "WL")


def weakest(state: MankindState, seats: list[int]) -> int:
    """The seat with the lowest Warfare Level (docs/rulings.md, Mankind R11)."""
    return first_by(state, seats, warfare_of(state), "weakest player", highest=False)


def strongest(state: MankindState, seats: list[int]) -> int:
    """The seat with the highest Warfare Level (docs/rulings.md, Mankind R11)."""
    return first_by(state, seats, warfare_of(state), "strongest player", highest=True)


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
