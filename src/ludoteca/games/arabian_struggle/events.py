"""Action Round: Execute Event — card events in the effect vocabulary of ``data/cards.toml``.

AS: Execute Event — events are optional: the player may execute all, part or none ("Place 2 pieces" reads
"place 0, 1 or 2 pieces"), so every effect is offered one piece at a time with a way to stop. Pieces are
limited: with none in stock, nothing is placed. An event adding Tribal Conference pieces takes them from
stock only (a Tribal Conference *action* may take one from the map: "A Tribal Conference action is not an
Event"). Lasting events go in front of the Faction that executed them until they expire; the others go to
the removed pile. Pieces lost to an event return to stock.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ludoteca.core import Action
from ludoteca.games.arabian_struggle import board
from ludoteca.games.arabian_struggle.choices import Choices, described_decision
from ludoteca.games.arabian_struggle.content import LASTING_EFFECTS, NAMED_EFFECTS
from ludoteca.games.arabian_struggle.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState


def schedule_event(state: ArabianStruggleState, number: int, faction: str, seat: int) -> None:
    """Push the frames that execute card ``number``'s event for ``faction``, decided by ``seat``."""
    card = board.card(number)
    frames: list[dict[str, Any]] = []
    for index, effect in enumerate(card.effects):
        if effect["do"] in LASTING_EFFECTS:
            continue
        frames.append({"step": "effect", "card": number, "index": index, "faction": faction, "seat": seat})
    if card.lasting:
        frames.append({"step": "event_lasting", "card": number, "faction": faction, "seat": seat})
    RULES.push_sequence(state, frames)


def _a(owner: str) -> str:
    """ "a Saudi piece", "an Ottoman piece": the log is read as sentences."""
    return f"{'an' if owner[:1] in 'AEIOU' else 'a'} {owner}"


def _who(effect: dict[str, Any], faction: str) -> str:
    """ "self" is the Faction executing the event (docs/rulings.md AS-R24)."""
    return faction if effect.get("who") == "self" else str(effect.get("who"))


def _effect(frame: Frame) -> dict[str, Any]:
    return board.card(frame["card"]).effects[frame["index"]]


def _candidate_areas(state: ArabianStruggleState, effect: dict[str, Any], faction: str) -> list[str]:
    content = board.content()
    names = list(content.areas)
    if "areas" in effect:
        names = [a for a in names if a in effect["areas"]]
    if "regions" in effect:
        names = [a for a in names if content.areas[a].region in effect["regions"]]
    condition = effect.get("condition")
    if condition == "own_present":
        names = [a for a in names if board.count(state, a, faction)]
    elif condition == "region_own_present":
        held = {content.areas[a].region for a in board.areas_of(state, faction)}
        names = [a for a in names if content.areas[a].region in held]
    return names


@RULES.auto("effect")
def effect_step(state: ArabianStruggleState, frame: Frame) -> None:
    """Start one effect: work out how many pieces it concerns, then offer it piece by piece."""
    effect = _effect(frame)
    kind, faction = effect["do"], frame["faction"]
    base = {"card": frame["card"], "index": frame["index"], "faction": faction, "seat": frame["seat"]}
    if kind == "place":
        RULES.push(state, "event_place", left=effect["count"], of=effect["count"], **base)
    elif kind == "remove":
        left = effect["count"]
        if left == "all":
            owners = board.opponents(faction) if effect["who"] == "opponent" else [_who(effect, faction)]
            left = sum(board.count(state, a, o) for a in _candidate_areas(state, effect, faction) for o in owners)
        RULES.push(state, "event_remove", left=left, of=left, **base)
    elif kind == "conference":
        RULES.push(state, "event_conference", left=effect["count"], of=effect["count"], **base)
    elif kind == "move":  # as for movement (docs/rulings.md AS-R26)
        RULES.push(
            state, "move_piece", seat=frame["seat"], faction=_who(effect, faction), left=effect["count"], moved={}
        )
    elif kind == "named":
        NAMED[effect["name"]](state, frame)


def _label(frame: Frame) -> str:
    return f"#{frame['card']:02d}"


def _stopped(state: ArabianStruggleState, frame: Frame, verb: str, owner: str | None, where: str = "") -> None:
    """Say so when an effect stops short by its faction's choice: the other seats saw nothing happen and could
    not tell why (an "up to 2" effect is optional piece by piece). Nothing is said when the effect ran out. The
    pieces are named by their owner, who need not be the faction playing the card ("Saudi places no British
    pieces"); ``owner`` is None for an effect on several owners' pieces."""
    if frame["left"] <= 0:
        return
    nothing = frame.get("of") == frame["left"]  # no piece yet (a frame saved before "of" existed says "no more")
    pieces = f"{owner} pieces" if owner else "pieces"
    state.emit(
        "event_stop",
        f"{board.card(frame['card']).title}: {frame['faction']} {verb} {'no' if nothing else 'no more'} {pieces}"
        f"{where}.",
        card=frame["card"],
        faction=frame["faction"],
        seat=frame["seat"],
    )


def place_choices(state: ArabianStruggleState, frame: Frame) -> Choices[str]:
    """The "stop placing" action, then a piece in each of the effect's areas (while pieces are left in stock)."""
    effect = _effect(frame)
    who = _who(effect, frame["faction"])
    label = _label(frame)
    stop = [Action(f"{label}: stop placing", payload=None)]

    def place_in(area: str) -> Action:
        return Action(f"{label}: place {board.a_owner(who)} piece in {area}", payload=area)

    if frame["left"] <= 0 or board.stock(state, who) <= 0:
        return Choices(stop, (), place_in)
    areas = _candidate_areas(state, effect, frame["faction"])
    if who == "Nomad":  # one Nomad per area (docs/rulings.md AS-R13)
        areas = [area for area in areas if not board.count(state, area, "Nomad")]
    return Choices(stop, areas, place_in)


@described_decision("event_place", place_choices)
def event_place(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    who = _who(_effect(frame), frame["faction"])
    if action.payload is None:
        _stopped(state, frame, "places", who)
        return
    board.add(state, action.payload, who)
    state.emit(
        "event_place",
        f"{board.card(frame['card']).title}: {_a(who)} piece is placed in {action.payload}.",
        card=frame["card"],
        owner=who,
        area=action.payload,
        seat=frame["seat"],
    )
    RULES.repush(state, frame, left=frame["left"] - 1)


def remove_options(state: ArabianStruggleState, frame: Frame) -> list[Action]:
    effect = _effect(frame)
    faction = frame["faction"]
    owners = board.opponents(faction) if effect["who"] == "opponent" else [_who(effect, faction)]
    actions = [Action(f"{_label(frame)}: stop removing", payload=None)]
    if frame["left"] <= 0:
        return actions
    for area in _candidate_areas(state, effect, faction):
        for owner in owners:
            if board.count(state, area, owner):
                actions.append(
                    Action(f"{_label(frame)}: remove {board.a_owner(owner)} piece from {area}", payload=(area, owner))
                )
    return actions


@RULES.decision("event_remove", remove_options)
def event_remove(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    if action.payload is None:
        effect = _effect(frame)
        _stopped(state, frame, "removes", None if effect["who"] == "opponent" else _who(effect, frame["faction"]))
        return
    area, owner = action.payload
    board.take(state, area, owner)
    state.emit(
        "event_remove",
        f"{board.card(frame['card']).title}: {_a(owner)} piece is removed from {area}.",
        card=frame["card"],
        owner=owner,
        area=area,
        seat=frame["seat"],
    )
    RULES.repush(state, frame, left=frame["left"] - 1)


def conference_options(state: ArabianStruggleState, frame: Frame) -> list[Action]:
    who = _who(_effect(frame), frame["faction"])
    actions = [Action(f"{_label(frame)}: stop adding to the Tribal Conference", payload=None)]
    if frame["left"] > 0 and board.stock(state, who) > 0:
        actions.append(Action(f"{_label(frame)}: add {board.a_owner(who)} piece to the Tribal Conference", payload=who))
    return actions


@RULES.decision("event_conference", conference_options)
def event_conference(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    if action.payload is None:
        _stopped(state, frame, "adds", _who(_effect(frame), frame["faction"]), " to the Tribal Conference")
        return
    who = action.payload
    state.data["tc"][who] = state.data["tc"].get(who, 0) + 1
    state.emit(
        "conference_piece",
        f"{board.card(frame['card']).title}: {_a(who)} piece joins the Tribal Conference.",
        card=frame["card"],
        faction=who,
        seat=frame["seat"],
    )
    RULES.repush(state, frame, left=frame["left"] - 1)


def lasting_options(state: ArabianStruggleState, frame: Frame) -> list[Action]:
    until = "Game" if board.card(frame["card"]).duration == "game" else "Era"
    return [
        Action(f"{_label(frame)}: put the lasting effect in play (until the end of the {until})", payload=True),
        Action(f"{_label(frame)}: leave the lasting effect out", payload=False),
    ]


@RULES.decision("event_lasting", lasting_options)
def event_lasting(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    """AS: "Place the card in front of the appropriate player to remind them of the lasting effect.\""""
    number, faction = frame["card"], frame["faction"]
    card = board.card(number)
    if not action.payload:  # events are optional, lasting effects too (docs/rulings.md AS-R24)
        state.emit("lasting_declined", f"{faction} leaves out the lasting effect of {card.label}.")
        return
    data = state.data
    if number in data["removed"]:
        data["removed"].remove(number)
    data["lasting"].append({"card": number, "owner": faction, "duration": card.duration})
    until = "the end of the game" if card.duration == "game" else "the end of this Era"
    state.emit("lasting", f"{card.label} stays in front of {faction} until {until}: {card.lasting_text}", card=number)


# --------------------------------------------------------------------------- named effects


def shammar_raiders(state: ArabianStruggleState, frame: Frame) -> None:
    """#29: move up to 2 Nomads one area each, each move raiding as in Phase 5 (the vocabulary has no Nomad
    moves, which belong to the Nomad Movement phase)."""
    RULES.push(state, "nomad_move", seat=frame["seat"], faction=frame["faction"], left=2, moved=[])


NAMED: dict[str, Callable[[ArabianStruggleState, Frame], None]] = {"shammar_raiders": shammar_raiders}
if set(NAMED) != set(NAMED_EFFECTS):  # every named effect the data may use has its function
    raise RuntimeError(f"named effects {sorted(set(NAMED_EFFECTS) ^ set(NAMED))} are not implemented")
