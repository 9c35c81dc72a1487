"""Incursion Events.

Mankind: Incursion Events — the target is attacked 1D6 times by a Horde with WL = 2D6. Each
attack: Defense roll 1D6 against Incursion roll 1D6, the higher WL adds 1, the player wins ties;
with no Military Units the barbarians win automatically. A lost attack costs a Military Unit (or,
with none, an Infrastructure or a Conquest); a won attack gives 1 VP.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.core.wording import count
from ludoteca.games.mankind import conflicts
from ludoteca.games.mankind.civilization import (
    lose_from_spread,
    military_units,
    score,
    spread_losses,
)
from ludoteca.games.mankind.content import Incursion
from ludoteca.games.mankind.machine import RULES, Frame
from ludoteca.games.mankind.targeting import random_seat, strongest, use_shields, weakest

if TYPE_CHECKING:
    from ludoteca.games.mankind.state import MankindState


@RULES.auto("incursion_event")
def incursion_event(state: MankindState, frame: Frame) -> None:
    row = state.event_row(frame["era"], "incursion", frame["row"])
    target = next(effect.target for effect in row.effect if isinstance(effect, Incursion))
    me = state.data["current"]
    everyone = list(range(state.players))
    if target == "self":
        RULES.push(state, "incursion_begin", target=me)
    elif target == "weakest":
        RULES.push(state, "incursion_begin", target=weakest(state, everyone))
    elif target == "strongest":
        RULES.push(state, "incursion_begin", target=strongest(state, everyone))
    elif target == "random":
        RULES.push(state, "incursion_begin", target=random_seat(state, everyone, "the horde's target"))
    else:
        RULES.push(state, "incursion_target", seat=me)


def _target_options(state: MankindState, frame: Frame) -> list[Action]:
    return [Action(f"send the horde against seat {seat}", payload=seat) for seat in range(state.players)]


@RULES.decision("incursion_target", _target_options)
def incursion_target(state: MankindState, frame: Frame, action: Action) -> None:
    RULES.push(state, "incursion_begin", target=action.payload)


@RULES.auto("incursion_begin")
def incursion_begin(state: MankindState, frame: Frame) -> None:
    target = frame["target"]
    if use_shields(state, [target], "incursion"):
        return
    attacks = state.rng.roll(6)
    horde_dice = (state.rng.roll(6), state.rng.roll(6))  # MK: Incursion Events — the horde's WL is 2D6
    horde = sum(horde_dice)
    player = state.data["players"][target]
    # Issue #22: the conflict is announced, with its dice, before the first attack is rolled.
    said = (
        f"Incursion: the horde rolls {attacks} on 1D6 for {count(attacks, 'attack')} and "
        f"{horde_dice[0]} + {horde_dice[1]} on 2D6 for WL {horde}, against {conflicts.strength_text(player, target)}."
    )
    if military_units(player):
        _own, bonuses = conflicts.incursion_bonuses(player, horde)
        said += " " + conflicts.bonus_text((f"Seat {target}", "The horde"), bonuses)
    state.emit("incursion", said, target=target, attacks=attacks, horde=horde, dice=list(horde_dice))
    RULES.push(state, "incursion_attack", target=target, horde=horde, left=attacks)


@RULES.auto("incursion_attack")
def incursion_attack(state: MankindState, frame: Frame) -> None:
    target, horde = frame["target"], frame["horde"]
    player = state.data["players"][target]
    if not military_units(player):
        # MK: Incursion Events — "Barbarians win automatically if the player has no Military units". With nothing
        # left to lose either, every attack still to come ends the same way: said once, for all of them.
        if not _loss_options(state, {"seat": target}):
            left = frame["left"]
            rest = "the attack" if left == 1 else f"all {left} attacks left"
            state.emit(
                "incursion_lost",
                f"Seat {target} has no Military Units and nothing left to take: the horde wins {rest}.",
                seat=target,
                attacks=left,
            )
            return
        if frame["left"] > 1:
            RULES.push(state, "incursion_attack", target=target, horde=horde, left=frame["left"] - 1)
        state.emit("incursion_lost", f"Seat {target} has no Military Units: the horde wins.", seat=target, attacks=1)
        RULES.push(state, "incursion_loss", seat=target)
        return
    if frame["left"] > 1:
        RULES.push(state, "incursion_attack", target=target, horde=horde, left=frame["left"] - 1)
    # MK: Incursion Events — "Higher WL gets +1 to his roll"; the player defends, so DF counts.
    own, (bonus, horde_bonus) = conflicts.incursion_bonuses(player, horde)
    defense, attack = state.rng.roll(6), state.rng.roll(6)
    # "Attack 2 of 3": numbered from the announcement, so two attacks with the same dice read as two.
    attacks = next((e["attacks"] for e in reversed(state.log) if e["type"] == "incursion"), frame["left"])
    which = f"Attack {attacks - frame['left'] + 1} of {attacks}" if attacks > 1 else "The attack"
    defense_total = defense + bonus
    attack_total = attack + horde_bonus
    won = defense_total >= attack_total  # "Player wins ties."
    if won:
        score(player, "incursion", 1)
        state.emit(
            "incursion_won",
            f"{which}: seat {target} (WL {own}) rolls {conflicts.roll_text(defense, bonus)} against the horde's "
            f"{conflicts.roll_text(attack, horde_bonus)}: seat {target} wins, +1 VP.",
            seat=target,
            rolls=[defense, attack],
            totals=[defense_total, attack_total],
        )
    else:
        state.emit(
            "incursion_lost",
            f"{which}: seat {target} (WL {own}) rolls {conflicts.roll_text(defense, bonus)} against the horde's "
            f"{conflicts.roll_text(attack, horde_bonus)}: the horde wins.",
            seat=target,
            rolls=[defense, attack],
            totals=[defense_total, attack_total],
            attacks=1,
        )
        RULES.push(state, "incursion_loss", seat=target)


def _loss_options(state: MankindState, frame: Frame) -> list[Action]:
    player = state.data["players"][frame["seat"]]
    units = spread_losses(player, ("military",), "lose", conquests=False)
    # "If units are gone, discard 1 Infrastructure or Conquest from your Spread instead."
    return units or spread_losses(player, ("infrastructure",), "discard")


@RULES.decision("incursion_loss", _loss_options)
def incursion_loss(state: MankindState, frame: Frame, action: Action) -> None:
    seat = frame["seat"]
    name = lose_from_spread(state.data["players"][seat], action.payload)
    kind, item = action.payload
    state.emit(
        "loss",
        f"Seat {seat} loses {name} to the horde.",
        seat=seat,
        **{"build" if kind == "build" else "conquest": item},
    )
