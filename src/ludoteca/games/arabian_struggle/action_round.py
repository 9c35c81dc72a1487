"""Phase 3 – Action Rounds: playing a card, the out-of-turn event, the 2-player Rasheedi event, spending OP.

AS: Phase 3 — in turn order each player plays one card: to the Tribal Conference (once per Era), as its
event (own Faction's or Neutral cards, era-eligible only), for OP (any card), or — 2 Players — to the
discard pile to execute a face-up Rasheedi event. All effects and combats end before the next card.
Rounds continue until every hand is empty.

AS: Out of turn event — an opponent's card played for OP lets that opponent execute its era-eligible
event; the active player chooses whether it comes before or after its own OP action; each side's part
ends with its own combats.

AS: Spend OP — as a bloc for recruitment, movement (OP + 1 pieces) or attacking Empire pieces.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from ludoteca.core import Action, wording
from ludoteca.games.arabian_struggle import board, combat, events
from ludoteca.games.arabian_struggle.choices import ActionTable, Choices, described_decision
from ludoteca.games.arabian_struggle.conference import target_with_bonus
from ludoteca.games.arabian_struggle.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState


@RULES.auto("round")
def action_round(state: ArabianStruggleState, frame: Frame) -> None:
    data = state.data
    if not any(data["hands"][f] for f in data["players"]):
        state.emit("rounds_over", "Every hand is empty: the Action Rounds of this Era are over.")
        return
    data["round"] += 1
    state.emit("round", f"Action Round {data['round']}.", round=data["round"])
    RULES.push_sequence(state, [{"step": "turn", "faction": f} for f in data["turn_order"]] + [{"step": "round"}])


@RULES.auto("turn")
def turn(state: ArabianStruggleState, frame: Frame) -> None:
    faction = frame["faction"]
    if state.data["hands"][faction]:
        state.data["active"] = faction
        RULES.push(state, "play_card", seat=board.seat_of(state, faction), faction=faction)


def opponent_event(state: ArabianStruggleState, number: int, faction: str) -> str | None:
    """The opponent who may execute this card's event when ``faction`` plays it for OP, if any."""
    return _opponent(number, faction, tuple(state.data["players"]), board.era_key(state))


def _opponent(number: int, faction: str, players: tuple[str, ...], era: str) -> str | None:
    """``opponent_event`` from the facts it depends on: the card's owner is another player's Faction
    (``board.is_player``) and the event is eligible in this Era (``board.era_eligible``)."""
    owner = board.card(number).faction
    if owner != faction and owner in players and era in board.card(number).eras:
        return owner
    return None


Play = tuple[Any, ...]  # ("tc" | "event" | "op", card) or ("rasheedi", card, the face-up Rasheedi card)


def play_choices(state: ArabianStruggleState, frame: Frame) -> Choices[Play]:
    """For each card in hand: a Tribal Conference attempt (once per Era), its event (own Faction's or Neutral
    cards, era-eligible), its OP and, 2 Players, a discard for each era-eligible face-up Rasheedi event."""
    data = state.data
    faction = frame["faction"]
    era = board.era_key(state)
    may_attempt = faction not in data["tc_attempted"]
    # 2 Players: only era-eligible Rasheedi events (docs/rulings.md AS-R25).
    display = [n for n in data["rasheedi_display"] if era in board.card(n).eras]
    plays: list[Play] = []
    for number in data["hands"][faction]:
        card = board.card(number)
        if may_attempt:
            plays.append(("tc", number))
        if card.faction in (faction, "Neutral") and era in card.eras:  # board.era_eligible
            plays.append(("event", number))
        plays.append(("op", number))
        plays += [("rasheedi", number, shown) for shown in display]
    bonus = board.op_bonus(state, faction)  # lasting OP effects: the same for every card in the hand
    key = (faction, bonus, tuple(data["players"]), era)
    table = _PLAYS.get(key)
    if table is None:
        table = _PLAYS[key] = ActionTable(functools.partial(_play_action, *key))
    return Choices([], plays, table.__getitem__)


def _play_action(faction: str, bonus: int, players: tuple[str, ...], era: str, play: Play) -> Action:
    """The action of one play, from all its text depends on: the Faction, its lasting OP bonus, who plays
    and the Era (``conference_target``, ``board.effective_op`` and ``opponent_event`` of the position)."""
    mode, number = play[0], play[1]
    label = board.card(number).label
    if mode == "tc":
        target = target_with_bonus(number, faction, bonus)
        return Action(f"{label}: Tribal Conference attempt (target {target})", payload=play)
    if mode == "event":
        return Action(f"{label}: event", payload=play)
    if mode == "op":
        op = board.op_with_bonus(number, bonus)
        who = _opponent(number, faction, players, era)
        extra = f", {who} may execute the event" if who else ""
        return Action(f"{label}: {op} OP{extra}", payload=play)
    # 2 Players: discard any card to execute a face-up Rasheedi event
    return Action(f"{label}: discard for the Rasheedi event {board.card(play[2]).label}", payload=play)


# The play actions by (Faction, OP bonus, players, Era): one table each, shared by every position that has them.
_PLAYS: dict[tuple[str, int, tuple[str, ...], str], ActionTable] = {}


# AS: Phase 3, "each player plays one card": asked even when his hand leaves one way to play (AS-R30), or
# the table would learn so from the rules playing it for him.
@described_decision("play_card", play_choices, always_ask=True)
def play_card(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    data = state.data
    faction, seat = frame["faction"], frame["seat"]
    mode, number = action.payload[0], action.payload[1]
    data["hands"][faction].remove(number)
    data["turn"] = {"faction": faction, "card": number, "pile": "discard"}
    data["attacks"] = []
    card = board.card(number)
    if mode == "tc":  # the event never triggers, even an opponent's (docs/rulings.md AS-R28)
        data["turn"]["pile"] = "tc"
        data["tc_attempted"].append(faction)
        RULES.push_sequence(
            state, [{"step": "conference_attempt", "faction": faction, "seat": seat, "card": number}, _END]
        )
    elif mode == "event":
        state.emit(
            "play", f"{faction} plays {card.label} for its event: {card.text}", faction=faction, card=number, seat=seat
        )
        data["turn"]["pile"] = "removed"
        RULES.push(state, "turn_end")
        RULES.push(state, "combats", attacker=faction, seat=seat)
        events.schedule_event(state, number, faction, seat)
    elif mode == "op":
        op = board.effective_op(state, number, faction)
        state.emit("play", f"{faction} plays {card.label} for {op} OP.", faction=faction, card=number, op=op, seat=seat)
        opponent = opponent_event(state, number, faction)
        if opponent is None:
            RULES.push_sequence(state, [*_op_part(faction, seat, op), _END])
        else:
            RULES.push(state, "event_order", seat=seat, faction=faction, opponent=opponent, card=number, op=op)
    else:  # the 2-player Rasheedi event
        shown = action.payload[2]
        rasheedi = board.card(shown)
        data["rasheedi_display"].remove(shown)
        data["removed"].append(shown)
        state.emit(
            "play",
            f"{faction} discards {card.label} to execute the Rasheedi event {rasheedi.label}: {rasheedi.text}",
            faction=faction,
            card=number,
            rasheedi=shown,
            seat=seat,
        )
        # "You act as if you are Rasheedi until the event, including any combats or retreats, is concluded."
        RULES.push(state, "turn_end")
        RULES.push(state, "combats", attacker="Rasheedi", seat=seat)
        events.schedule_event(state, shown, "Rasheedi", seat)


_END: dict[str, Any] = {"step": "turn_end"}


def _op_part(faction: str, seat: int, op: int) -> list[dict[str, Any]]:
    return [
        {"step": "op_part", "faction": faction, "seat": seat, "op": op},
        {"step": "combats", "attacker": faction, "seat": seat},
    ]


def _event_part(state: ArabianStruggleState, opponent: str, number: int) -> list[dict[str, Any]]:
    seat = board.seat_of(state, opponent)
    return [
        {"step": "event_offer", "faction": opponent, "seat": seat, "card": number},
        {"step": "combats", "attacker": opponent, "seat": seat},
    ]


def order_options(state: ArabianStruggleState, frame: Frame) -> list[Action]:
    label = board.card(frame["card"]).label
    return [
        Action(f"spend the OP first, then {frame['opponent']} may execute {label}", payload="op_first"),
        Action(f"let {frame['opponent']} decide on {label} first", payload="event_first"),
    ]


@RULES.decision("event_order", order_options)
def event_order(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    """AS: Out of turn event — "as the active player you choose when the opponent's Event may occur"."""
    mine = _op_part(frame["faction"], frame["seat"], frame["op"])
    theirs = _event_part(state, frame["opponent"], frame["card"])
    parts = mine + theirs if action.payload == "op_first" else theirs + mine
    RULES.push_sequence(state, [*parts, _END])


def offer_options(state: ArabianStruggleState, frame: Frame) -> list[Action]:
    label = board.card(frame["card"]).label
    return [Action(f"execute the event {label}", payload=True), Action(f"decline the event {label}", payload=False)]


@RULES.decision("event_offer", offer_options)
def event_offer(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    card = board.card(frame["card"])
    if not action.payload:
        state.emit(
            "event_declined",
            f"{frame['faction']} declines the event {card.label}.",
            faction=frame["faction"],
            card=frame["card"],
            seat=frame["seat"],
        )
        return
    state.emit(
        "out_of_turn",
        f"{frame['faction']} executes {card.label} out of turn: {card.text}",
        faction=frame["faction"],
        card=frame["card"],
        seat=frame["seat"],
    )
    state.data["turn"]["pile"] = "removed"  # "Cards used for Events are removed from the game."
    events.schedule_event(state, frame["card"], frame["faction"], frame["seat"])


@RULES.auto("op_part")
def op_part(state: ArabianStruggleState, frame: Frame) -> None:
    """The start of a Faction's OP action: recruitment counts the pieces present now (docs/rulings.md AS-R6)."""
    RULES.push(
        state,
        "op_use",
        seat=frame["seat"],
        faction=frame["faction"],
        op=frame["op"],
        start_areas=board.areas_of(state, frame["faction"]),
    )


def use_options(state: ArabianStruggleState, frame: Frame) -> list[Action]:
    faction, op = frame["faction"], frame["op"]
    actions = []
    if op >= 1 and board.stock(state, faction) > 0:
        actions.append(_use_action("recruit", op))
    if op >= 1 and board.on_map(state, faction) > 0:  # "A card adjusted to 0 OP cannot be used for movement."
        actions.append(_use_action("move", op))
    if op >= 1 and combat.empire_targets(state, faction):
        actions.append(_use_action("attack", op))
    if not actions:  # docs/rulings.md AS-R27
        actions.append(_SPEND_NONE)
    return actions


@functools.cache
def _use_action(use: str, op: int) -> Action:
    """The action of spending ``op`` OP one way (made once per way and amount: its text is theirs alone)."""
    if use == "recruit":
        return Action(f"recruit up to {wording.count(op, 'piece')}", payload="recruit")
    if use == "move":  # AS: Spend OP → Movement, OP + 1 pieces
        return Action(f"move up to {wording.count(op + 1, 'piece')}", payload="move")
    return Action(f"attack Empire pieces in up to {wording.count(op, 'area')}", payload="attack")


_SPEND_NONE = Action("spend no OP", payload=None)


@RULES.decision("op_use", use_options)
def op_use(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    faction, seat, op = frame["faction"], frame["seat"], frame["op"]
    if action.payload == "recruit":
        RULES.push(
            state, "recruit", seat=seat, faction=faction, left=op, start_areas=frame["start_areas"], placed_in=None
        )
    elif action.payload == "move":
        RULES.push(state, "move_piece", seat=seat, faction=faction, left=op + 1, moved={})
    elif action.payload == "attack":
        RULES.push(state, "attack_select", seat=seat, faction=faction, left=op)


@RULES.auto("turn_end")
def turn_end(state: ArabianStruggleState, frame: Frame) -> None:
    data = state.data
    played = data["turn"]
    if played is not None:
        number, pile = played["card"], played["pile"]
        in_play = any(entry["card"] == number for entry in data["lasting"])
        if not in_play:
            {"discard": data["discard"], "removed": data["removed"], "tc": data["tc_cards"]}[pile].append(number)
    data["turn"] = None  # the card was held in play all turn (docs/rulings.md AS-R9)
    data["attacks"] = []
    data["active"] = None
