"""Boon and Disaster Events: one-time points, builds gained or lost, trait modifiers, governments.

Mankind: Boon Events — "positive benefits such as one time Point gains, or Builds".
Mankind: Disaster Events — "Loss of builds from your Spread, or Permanent Negative Trait Modifiers".
Each sub-table row's effect is data (see content.py); this module carries each effect out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.mankind.build import KIND_NAMES, acquire
from ludoteca.games.mankind.civilization import builds_of_kind, distinct, gain, label, lose, remove_build
from ludoteca.games.mankind.content import (
    GainBuild,
    LoseBuild,
    NegateNextWar,
    Points,
    SetGovernment,
    Shield,
    Trait,
)
from ludoteca.games.mankind.eras import available, none_left
from ludoteca.games.mankind.machine import RULES, Frame
from ludoteca.games.mankind.targeting import others

if TYPE_CHECKING:
    from ludoteca.games.mankind.state import MankindState


@RULES.auto("boon_event")
def boon_event(state: MankindState, frame: Frame) -> None:
    RULES.push(state, "effect", era=frame["era"], kind="boon", row=frame["row"], i=0)


@RULES.auto("disaster_event")
def disaster_event(state: MankindState, frame: Frame) -> None:
    RULES.push(state, "effect", era=frame["era"], kind="disaster", row=frame["row"], i=0)


def _recipients(state: MankindState, who: str) -> list[int]:
    me = state.data["current"]
    if who == "self":
        return [me]
    if who == "all":
        return list(range(state.players))
    return others(state, me)


@RULES.auto("effect")
def effect_step(state: MankindState, frame: Frame) -> None:
    """Carry out effect ``i`` of the row, then schedule the next one."""
    effects = state.event_row(frame["era"], frame["kind"], frame["row"]).effect
    i = frame["i"]
    if i >= len(effects):
        return
    effect = effects[i]
    me = state.data["current"]
    player = state.data["players"][me]
    if isinstance(effect, Trait) and effect.who == "opponent":
        # "Opponent gets ML -1 and CL +1": consecutive opponent modifiers go to one chosen opponent.
        j = i
        while j < len(effects) and isinstance(effects[j], Trait) and effects[j].who == "opponent":  # type: ignore[union-attr]
            j += 1
        RULES.repush(state, frame, i=j)
        RULES.push(
            state, "choose_opponent", seat=me, era=frame["era"], kind=frame["kind"], row=frame["row"], first=i, last=j
        )
        return
    RULES.repush(state, frame, i=i + 1)
    if isinstance(effect, Trait):
        add_modifier(state, me, effect.trait, effect.delta)
    elif isinstance(effect, Points):
        for seat in _recipients(state, effect.who):
            amount = state.roll_amount(effect.amount)
            target = state.data["players"][seat]
            if effect.sign > 0:
                gain(target, effect.resource, amount, frame["kind"])
                state.emit(
                    "gain",
                    f"Seat {seat} gains {amount} {effect.resource}.",
                    seat=seat,
                    amount=amount,
                    resource=effect.resource,
                )
            else:
                lost = lose(target, effect.resource, amount, frame["kind"])
                state.emit(
                    "loss",
                    f"Seat {seat} loses {lost} {effect.resource}.",
                    seat=seat,
                    amount=lost,
                    resource=effect.resource,
                )
    elif isinstance(effect, GainBuild):
        if effect.source == "available" and effect.kind in ("leader", "wonder") and not available(state, effect.kind):
            none_left(state, effect.kind, me)
        elif gain_candidates(state, me, effect.kind, effect.source):
            RULES.push(state, "gain_build", seat=me, kind=effect.kind, source=effect.source)
        else:
            what = KIND_NAMES.get(effect.kind, effect.kind)
            state.emit("nothing_to_gain", f"There is no {what} for seat {me} to gain.", seat=me)
    elif isinstance(effect, LoseBuild):
        if builds_of_kind(player, effect.kind, effect.era):
            RULES.push(state, "lose_build", seat=me, kind=effect.kind, era=effect.era)
        else:
            what = KIND_NAMES.get(effect.kind, effect.kind)
            state.emit("nothing_to_lose", f"Seat {me} has no {what} to lose.", seat=me)
    elif isinstance(effect, SetGovernment):
        if effect.to == "any":
            RULES.push(state, "set_government", seat=me)
        else:
            set_government(state, me, None if effect.to == "anarchy" else state.content.start.government)
    elif isinstance(effect, Shield):
        player["shields"] += 1
        state.emit("shield_gained", f"Seat {me} will skip the next War, Incursion or Raid that targets it.", seat=me)
    elif isinstance(effect, NegateNextWar):
        state.data["negate_war"] += 1
        state.emit("war_negation", "The next War will be negated.")


def add_modifier(state: MankindState, seat: int, trait: str, delta: int) -> None:
    """A permanent trait modifier from an event."""
    mods = state.data["players"][seat]["mods"]
    mods[trait] = mods.get(trait, 0) + delta
    state.emit("modifier", f"Seat {seat} gets {trait} {delta:+d}.", seat=seat, trait=trait, delta=delta)


def set_government(state: MankindState, seat: int, government: str | None) -> None:
    """Replace a Government (None = Anarchy). Not a build, so no VP and no cost."""
    state.data["players"][seat]["government"] = government
    name = "Anarchy" if government is None else label(government)
    state.emit("government", f"Seat {seat}'s government becomes {name}.", seat=seat, government=government)


def _opponent_options(state: MankindState, frame: Frame) -> list[Action]:
    effects = state.event_row(frame["era"], frame["kind"], frame["row"]).effect[frame["first"] : frame["last"]]
    text = " and ".join(f"{e.trait} {e.delta:+d}" for e in effects if isinstance(e, Trait))
    return [Action(f"give seat {seat} {text}", payload=seat) for seat in others(state, frame["seat"])]


@RULES.decision("choose_opponent", _opponent_options)
def choose_opponent(state: MankindState, frame: Frame, action: Action) -> None:
    """ "Opponent" means one opponent chosen by the current player (docs/rulings.md, Mankind R9)."""
    effects = state.event_row(frame["era"], frame["kind"], frame["row"]).effect[frame["first"] : frame["last"]]
    for effect in effects:
        if isinstance(effect, Trait):
            add_modifier(state, action.payload, effect.trait, effect.delta)


def gain_candidates(state: MankindState, seat: int, kind: str, source: str) -> list[str]:
    if source == "opponent":
        known = [b for other in others(state, seat) for b in builds_of_kind(state.data["players"][other], kind)]
        return distinct(known)
    return available(state, kind)


def _gain_options(state: MankindState, frame: Frame) -> list[Action]:
    candidates = gain_candidates(state, frame["seat"], frame["kind"], frame["source"])
    options = [Action(f"gain {label(b)}", payload=b) for b in candidates]
    return [*options, Action(f"take no {KIND_NAMES.get(frame['kind'], frame['kind'])}", payload=None)]


@RULES.decision("gain_build", _gain_options)
def gain_build(state: MankindState, frame: Frame, action: Action) -> None:
    """A build gained from a Boon is free (docs/rulings.md, Mankind R7); Wonders and Leaders score as built."""
    if action.payload is None:
        what = KIND_NAMES.get(frame["kind"], frame["kind"])
        state.emit("declined", f"Seat {frame['seat']} takes no {what}.", seat=frame["seat"])
        return
    acquire(state, frame["seat"], action.payload, cost=0)


def _lose_options(state: MankindState, frame: Frame) -> list[Action]:
    builds = distinct(builds_of_kind(state.data["players"][frame["seat"]], frame["kind"], frame["era"]))
    return [Action(f"lose {label(b)}", payload=b) for b in builds]


@RULES.decision("lose_build", _lose_options)
def lose_build(state: MankindState, frame: Frame, action: Action) -> None:
    """The victim chooses which build goes; a lost Leader or Wonder leaves the game (it is already in ``gone``)."""
    seat = frame["seat"]
    remove_build(state.data["players"][seat], action.payload)  # a Leader or Wonder stays gone (Mankind R21)
    state.emit("loss", f"Seat {seat} loses {label(action.payload)}.", seat=seat, build=action.payload)


def government_choices(state: MankindState) -> list[str]:
    """Any Government of the current or an earlier era, or the King (docs/rulings.md, Mankind R15)."""
    content = state.content
    choices = [content.start.government]
    for era in range(1, state.data["era"] + 1):
        choices += [b for b in content.era_builds[era] if content.builds[b].kind == "government"]
    return choices


def _government_options(state: MankindState, frame: Frame) -> list[Action]:
    return [Action(f"change government to {label(g)}", payload=g) for g in government_choices(state)]


@RULES.decision("set_government", _government_options)
def choose_government(state: MankindState, frame: Frame, action: Action) -> None:
    set_government(state, frame["seat"], action.payload)
