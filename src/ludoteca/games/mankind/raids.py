"""Raid Events.

Mankind: Raid Events — the current player, if he has a Military Unit, may raid any other
player: the Raid roll (1D6, with the sub-table's modifier) is stolen in Resource Points. The
target may retaliate in kind, back and forth, until one side will not or cannot raid. An
individual Unit may only raid once per turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.mankind.civilization import lose, military_units
from ludoteca.games.mankind.content import Raid
from ludoteca.games.mankind.machine import RULES, Frame
from ludoteca.games.mankind.targeting import others, use_shields

if TYPE_CHECKING:
    from ludoteca.games.mankind.state import MankindState


def can_raid(state: MankindState, seat: int) -> bool:
    """A player can raid while he has a Military Unit that has not raided this turn."""
    player = state.data["players"][seat]
    return len(military_units(player)) > int(player["raids_used"])


@RULES.auto("raid_event")
def raid_event(state: MankindState, frame: Frame) -> None:
    row = state.event_row(frame["era"], "raid", frame["row"])
    modifier = sum(effect.modifier for effect in row.effect if isinstance(effect, Raid))
    seat = state.data["current"]
    if not can_raid(state, seat):
        state.emit("raid_none", f"Seat {seat} has no Military Unit free to raid.", seat=seat)
        return
    RULES.push(state, "raid_target", seat=seat, modifier=modifier)


def _target_options(state: MankindState, frame: Frame) -> list[Action]:
    targets = [Action(f"raid seat {other}", payload=other) for other in others(state, frame["seat"])]
    return [*targets, Action("do not raid", payload=None)]


@RULES.decision("raid_target", _target_options)
def raid_target(state: MankindState, frame: Frame, action: Action) -> None:
    seat = frame["seat"]
    if action.payload is None:
        state.emit("raid_declined", f"Seat {seat} does not raid.", seat=seat)
        return
    if use_shields(state, [action.payload], "raid"):
        return
    RULES.push(state, "raid_roll", raider=seat, target=action.payload, modifier=frame["modifier"])


@RULES.auto("raid_roll")
def raid_roll(state: MankindState, frame: Frame) -> None:
    """One raid: the Raid roll, modified, is stolen in RP (never more than the defender has)."""
    raider, target = frame["raider"], frame["target"]
    players = state.data["players"]
    had = players[target]["rp"]
    die = state.rng.roll(6)
    amount = max(0, die + frame["modifier"])
    stolen = lose(players[target], "RP", amount)
    players[raider]["rp"] += stolen
    players[raider]["raids_used"] += 1
    # Who raids whom, what the target has, then the die, the event's modifier and what is taken.
    modifier = frame["modifier"]
    roll = f"{die} {'+' if modifier >= 0 else '-'} {abs(modifier)} (event) = {die + modifier}" if modifier else str(die)
    state.emit(
        "raid",
        f"Seat {raider} raids seat {target}, who has {had} RP: Raid roll {roll}, {stolen} RP stolen.",
        raider=raider,
        target=target,
        roll=die,
        modifier=frame["modifier"],
        stolen=stolen,
    )
    if can_raid(state, target):
        RULES.push(state, "raid_retaliate", seat=target, other=raider, modifier=frame["modifier"])
    else:
        state.emit("raid_over", f"Seat {target} cannot raid back; the raids end.", seat=target)


def _retaliate_options(state: MankindState, frame: Frame) -> list[Action]:
    return [Action(f"raid seat {frame['other']} back", payload=True), Action("stop raiding", payload=False)]


@RULES.decision("raid_retaliate", _retaliate_options)
def raid_retaliate(state: MankindState, frame: Frame, action: Action) -> None:
    seat = frame["seat"]
    if action.payload:
        RULES.push(state, "raid_roll", raider=seat, target=frame["other"], modifier=frame["modifier"])
    else:
        state.emit("raid_over", f"Seat {seat} does not retaliate; the raids end.", seat=seat)
