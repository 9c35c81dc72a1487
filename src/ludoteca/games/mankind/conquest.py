"""Conquest Events.

Mankind: Conquest Events — the highest Warfare Level wins the conquest, and claims it by
eliminating a Military Unit or a Military or Religious Leader; otherwise it passes down the
Warfare order. A sacrificed non-leader Unit may at once be rebuilt for half cost, rounded up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.mankind.civilization import card, conquest_label, distinct, gain, label, remove_build
from ludoteca.games.mankind.content import ERAS, Points
from ludoteca.games.mankind.machine import RULES, Frame
from ludoteca.games.mankind.targeting import settle
from ludoteca.games.mankind.turn import warfare_order

if TYPE_CHECKING:
    from ludoteca.games.mankind.state import MankindState


def sacrificeable(state: MankindState, seat: int) -> list[str]:
    """Builds that may pay for a conquest: Military Units, Military Leaders, Religious Leaders."""
    result = []
    for build_id in state.data["players"][seat]["builds"]:
        build = card(build_id)
        if build.kind == "military" or build.military_leader or build.religious_leader:
            result.append(build_id)
    return distinct(result)


@RULES.auto("conquest_event")
def conquest_event(state: MankindState, frame: Frame) -> None:
    row = state.event_row(frame["era"], "conquest", frame["row"])
    # MK: Conquest Events — "The player with the highest current Warfare Level wins the conquest"; ties among
    # the players it may pass down to are rolled off only if it reaches them (docs/rulings.md, Mankind R29).
    order, tied = warfare_order(state)
    first = settle(state, order, tied, 0, "the conquest")
    conquest = f"{ERAS[frame['era']]}/{row.name}"
    RULES.push(
        state,
        "conquest_offer",
        seat=first,
        conquest=conquest,
        era=frame["era"],
        row=frame["row"],
        order=order,
        tied=tied,
        i=0,
    )


def _offer_options(state: MankindState, frame: Frame) -> list[Action]:
    name = frame["conquest"].partition("/")[2]
    claims = [Action(f"claim {name}, sacrificing {label(b)}", payload=b) for b in sacrificeable(state, frame["seat"])]
    return [*claims, Action(f"pass {name}", payload=None)]


@RULES.decision("conquest_offer", _offer_options)
def conquest_offer(state: MankindState, frame: Frame, action: Action) -> None:
    seat = frame["seat"]
    name = frame["conquest"].partition("/")[2]
    if action.payload is None:
        state.emit("conquest_pass", f"Seat {seat} passes the conquest of {name}.", seat=seat)
        nxt = frame["i"] + 1
        if nxt < len(frame["order"]):
            # MK: Conquest Events — "he may pass the conquest option on to the player with the next highest
            # level of warfare": a tie for that place is rolled off now, when it decides who is asked.
            order, tied = list(frame["order"]), [list(group) for group in frame.get("tied", [])]
            seat = settle(state, order, tied, nxt, "the conquest")
            RULES.repush(state, frame, seat=seat, i=nxt, order=order, tied=tied)
        else:
            state.emit("conquest_ignored", f"Nobody claims {name}; the conquest is ignored.")
        return
    player = state.data["players"][seat]
    victim = action.payload
    remove_build(player, victim)
    sacrificed = card(victim)  # a sacrificed Leader is already in ``gone``: it never comes back (Mankind R17)
    player["conquests"].append(frame["conquest"])
    state.emit(
        "conquest",
        f"Seat {seat} sacrifices {sacrificed.name} and claims {conquest_label(frame['conquest'])}.",
        seat=seat,
        conquest=frame["conquest"],
        sacrificed=victim,
    )
    # Mankind: Conquest Events — "sometimes a one time benefit of points".
    row = state.event_row(frame["era"], "conquest", frame["row"])
    for effect in row.effect:
        if isinstance(effect, Points):
            amount = state.roll_amount(effect.amount)
            gain(player, effect.resource, amount, "conquest")
            state.emit(
                "gain",
                f"Seat {seat} gains {amount} {effect.resource}.",
                seat=seat,
                amount=amount,
                resource=effect.resource,
            )
    if sacrificed.kind == "military":
        cost = -(-sacrificed.trait("WL") // 2)
        if player["rp"] >= cost:
            RULES.push(state, "conquest_rebuild", seat=seat, unit=victim, cost=cost)


def _rebuild_options(state: MankindState, frame: Frame) -> list[Action]:
    return [
        Action(f"rebuild {label(frame['unit'])} for {frame['cost']} RP", payload=True),
        Action("do not rebuild", payload=False),
    ]


@RULES.decision("conquest_rebuild", _rebuild_options)
def conquest_rebuild(state: MankindState, frame: Frame, action: Action) -> None:
    """Mankind: Conquest Events — the sacrificed Unit "may immediately be rebuilt for half cost rounding up"."""
    if action.payload:
        seat = frame["seat"]
        player = state.data["players"][seat]
        player["rp"] -= frame["cost"]
        player["builds"].append(frame["unit"])
        state.emit(
            "rebuild",
            f"Seat {seat} rebuilds {label(frame['unit'])} for {frame['cost']} RP.",
            seat=seat,
            build=frame["unit"],
        )
        # MK: Build Phase — "Governments cost 4X IP (and you cannot buy anything else during the turn)": a rebuild
        # paid for in the current player's own turn is a purchase of that turn (docs/rulings.md, Mankind R19).
        # Another player's rebuild is bought in a turn in which that player can buy no Government anyway.
        if seat == state.data["current"]:
            state.data["bought"] = True
