"""War Events.

Mankind: War Events — both players roll 1D6 (the War roll); the higher Warfare Level adds 1;
ties are re-rolled; the lower roll loses a Military Unit (WL recalculated). This repeats until
both call a ceasefire or one side has no Military Units left; the victor steals 1D6 VP and 1D6
RP from the loser. Both sides use their DF (defence) bonuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.mankind import conflicts
from ludoteca.games.mankind.civilization import (
    distinct,
    label,
    lose,
    military_units,
    remove_build,
    score,
)
from ludoteca.games.mankind.content import War
from ludoteca.games.mankind.machine import RULES, Frame
from ludoteca.games.mankind.targeting import (
    left_of,
    others,
    random_seat,
    right_of,
    strongest,
    use_shields,
    weakest,
)

if TYPE_CHECKING:
    from ludoteca.games.mankind.state import MankindState

# Modes in which the current player is himself one side ("You versus ..."): he is not a target.
YOU_VERSUS = ("left", "right", "random_opponent", "weakest_opponent", "strongest_opponent")


@RULES.auto("war_event")
def war_event(state: MankindState, frame: Frame) -> None:
    row = state.event_row(frame["era"], "war", frame["row"])
    mode = next(effect.mode for effect in row.effect if isinstance(effect, War))
    data = state.data
    if data["negate_war"] > 0:
        # Mankind: Modern Disaster "United Nations — Negate next War" (docs/rulings.md, Mankind R13).
        data["negate_war"] -= 1
        state.emit("war_negated", f"The United Nations negate the war ({row.name}).")
        return
    me = data["current"]
    if mode == "left":
        RULES.push(state, "war_begin", a=me, b=left_of(state, me), mode=mode)
    elif mode == "right":
        RULES.push(state, "war_begin", a=me, b=right_of(state, me), mode=mode)
    elif mode == "random_opponent":
        RULES.push(state, "war_begin", a=me, b=random_seat(state, others(state, me), "the enemy"), mode=mode)
    elif mode == "weakest_opponent":
        RULES.push(state, "war_begin", a=me, b=weakest(state, others(state, me)), mode=mode)
    elif mode == "strongest_opponent":
        RULES.push(state, "war_begin", a=me, b=strongest(state, others(state, me)), mode=mode)
    elif mode == "two_random":
        a = random_seat(state, list(range(state.players)), "the first side")
        RULES.push(state, "war_begin", a=a, b=random_seat(state, others(state, a), "the second side"), mode=mode)
    else:  # "choice_and_random" or "two_choice": the current player names a side
        RULES.push(state, "war_choose", seat=me, mode=mode, first=None)


def _choose_options(state: MankindState, frame: Frame) -> list[Action]:
    candidates = range(state.players) if frame["first"] is None else others(state, frame["first"])
    return [Action(f"choose seat {seat} for the war", payload=seat) for seat in candidates]


@RULES.decision("war_choose", _choose_options)
def war_choose(state: MankindState, frame: Frame, action: Action) -> None:
    """A side "of your choice" may be any player, yourself included (docs/rulings.md, Mankind R12)."""
    chosen = action.payload
    state.emit("war_side", f"Seat {frame['seat']} chooses seat {chosen} for the war.", seat=chosen)
    if frame["first"] is None and frame["mode"] == "two_choice":
        RULES.push(state, "war_choose", seat=frame["seat"], mode=frame["mode"], first=chosen)
    elif frame["first"] is None:
        RULES.push(
            state,
            "war_begin",
            a=chosen,
            b=random_seat(state, others(state, chosen), "the other side"),
            mode=frame["mode"],
        )
    else:
        RULES.push(state, "war_begin", a=frame["first"], b=chosen, mode=frame["mode"])


@RULES.auto("war_begin")
def war_begin(state: MankindState, frame: Frame) -> None:
    a, b = frame["a"], frame["b"]
    targets = [b] if frame["mode"] in YOU_VERSUS else [a, b]
    if use_shields(state, targets, "war"):
        return
    players = state.data["players"]
    units_a, units_b = len(military_units(players[a])), len(military_units(players[b]))
    # Issue #22: a conflict is announced before any die: both sides, their strength and what makes it.
    said = f"War: {conflicts.strength_text(players[a], a)} against {conflicts.strength_text(players[b], b)}."
    if units_a and units_b:
        _levels, bonuses = conflicts.war_bonuses(players[a], players[b])
        said += " " + conflicts.bonus_text((f"Seat {a}", f"Seat {b}"), bonuses)
    state.emit("war", said, a=a, b=b)
    if units_a and units_b:
        RULES.push(state, "war_round", a=a, b=b)
    elif units_a or units_b:
        winner, loser = (a, b) if units_a else (b, a)
        state.emit("war_no_army", f"Seat {loser} has no Military Units.", seat=loser)
        RULES.push(state, "war_spoils", victor=winner, loser=loser)
    else:
        state.emit("war_no_army", "Neither side has a Military Unit; there is no war.", a=a, b=b)


@RULES.auto("war_round")
def war_round(state: MankindState, frame: Frame) -> None:
    a, b = frame["a"], frame["b"]
    players = state.data["players"]
    while True:
        roll_a, roll_b = state.rng.roll(6), state.rng.roll(6)
        # MK: War Events — the higher WL (DF included for both) adds 1: the numbers the preview shows.
        (level_a, level_b), (bonus_a, bonus_b) = conflicts.war_bonuses(players[a], players[b])
        total_a = roll_a + bonus_a
        total_b = roll_b + bonus_b
        shown_a, shown_b = conflicts.roll_text(roll_a, bonus_a), conflicts.roll_text(roll_b, bonus_b)
        outcome = "a tie" if total_a == total_b else f"seat {a if total_a < total_b else b} loses the round"
        state.emit(
            "war_roll",
            f"War round (WL {level_a} against {level_b}): "
            f"seat {a} rolls {shown_a}, seat {b} rolls {shown_b}: {outcome}.",
            a=a,
            b=b,
            rolls=[roll_a, roll_b],
            totals=[total_a, total_b],
        )
        if total_a != total_b:
            break
        state.emit("war_tie", "The tie is rolled again.")
    loser = a if total_a < total_b else b
    RULES.push(state, "war_loss", seat=loser, a=a, b=b)


def _loss_options(state: MankindState, frame: Frame) -> list[Action]:
    units = distinct(military_units(state.data["players"][frame["seat"]]))
    return [Action(f"lose {label(unit)}", payload=unit) for unit in units]


@RULES.decision("war_loss", _loss_options)
def war_loss(state: MankindState, frame: Frame, action: Action) -> None:
    seat, a, b = frame["seat"], frame["a"], frame["b"]
    player = state.data["players"][seat]
    remove_build(player, action.payload)
    state.emit("war_loss", f"Seat {seat} loses {label(action.payload)}.", seat=seat, build=action.payload)
    if not military_units(player):
        RULES.push(state, "war_spoils", victor=b if seat == a else a, loser=seat)
    else:
        RULES.push(state, "war_ceasefire_offer", seat=a, a=a, b=b)


def _offer_options(state: MankindState, frame: Frame) -> list[Action]:
    return [Action("fight on", payload=False), Action("offer a ceasefire", payload=True)]


@RULES.decision("war_ceasefire_offer", _offer_options)
def war_ceasefire_offer(state: MankindState, frame: Frame, action: Action) -> None:
    """Both players must call the ceasefire: the first side offers, the second accepts or refuses."""
    if action.payload:
        state.emit("ceasefire_offer", f"Seat {frame['a']} offers a ceasefire.", seat=frame["a"])
        RULES.push(state, "war_ceasefire_reply", seat=frame["b"], a=frame["a"], b=frame["b"])
    else:
        RULES.push(state, "war_round", a=frame["a"], b=frame["b"])


def _reply_options(state: MankindState, frame: Frame) -> list[Action]:
    return [Action("accept the ceasefire", payload=True), Action("refuse the ceasefire", payload=False)]


@RULES.decision("war_ceasefire_reply", _reply_options)
def war_ceasefire_reply(state: MankindState, frame: Frame, action: Action) -> None:
    if action.payload:
        state.emit(
            "ceasefire",
            f"Seats {frame['a']} and {frame['b']} agree a ceasefire; the war ends.",
            a=frame["a"],
            b=frame["b"],
        )
    else:
        state.emit("ceasefire_refused", f"Seat {frame['b']} refuses the ceasefire.", seat=frame["b"])
        RULES.push(state, "war_round", a=frame["a"], b=frame["b"])


@RULES.auto("war_spoils")
def war_spoils(state: MankindState, frame: Frame) -> None:
    """The victor steals 1D6 VP and 1D6 RP from the loser (no more than the loser has)."""
    victor, loser = frame["victor"], frame["loser"]
    players = state.data["players"]
    vp_roll = state.rng.roll(6)
    vp = lose(players[loser], "VP", vp_roll, "war")
    rp_roll = state.rng.roll(6)
    rp = lose(players[loser], "RP", rp_roll)
    score(players[victor], "war", vp)
    players[victor]["rp"] += rp
    # The dice, then what is taken: less than rolled when the loser has no more (said of the one that was short).
    short = [name for name, taken, rolled in (("VP", vp, vp_roll), ("RP", rp, rp_roll)) if taken < rolled]
    what = "" if len(short) == 2 else f"the {short[0]} " if short else None
    capped = "" if what is None else f" (all {what}seat {loser} had)"
    state.emit(
        "war_victory",
        f"Seat {victor} wins the war: 1D6 rolls {vp_roll} for VP and {rp_roll} for RP, and it steals {vp} VP and "
        f"{rp} RP from seat {loser}{capped}.",
        victor=victor,
        loser=loser,
        vp=vp,
        rp=rp,
    )
