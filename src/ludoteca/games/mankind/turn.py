"""Turn Sequence: the five phases, the Gains Phase, the Event Phase roll and the Trade Phase.

Mankind: Turn Sequence — 1. Gains 2. Event 3. Build 4. Trade 5. Limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.core.wording import a
from ludoteca.games.mankind.civilization import gain, level, level_table
from ludoteca.games.mankind.content import ERA_TITLES
from ludoteca.games.mankind.eras import end_era
from ludoteca.games.mankind.machine import RULES, Frame
from ludoteca.games.mankind.targeting import Ranking, ranking

if TYPE_CHECKING:
    from ludoteca.games.mankind.state import MankindState


@RULES.auto("choose_first_player")
def choose_first_player(state: MankindState, frame: Frame) -> None:
    """Mankind: Setup — "Players roll high on 1D10 to see who goes first" (ties re-roll)."""
    contenders = list(range(state.players))
    while len(contenders) > 1:
        rolls = {seat: state.rng.roll(10) for seat in contenders}
        shown = ", ".join(f"seat {s} rolls {r}" for s, r in rolls.items())
        best = max(rolls.values())
        contenders = [s for s in contenders if rolls[s] == best]
        state.emit(
            "first_player_roll", f"Rolling for first player: {shown}.", rolls={str(s): r for s, r in rolls.items()}
        )
    state.data["current"] = contenders[0]
    state.emit("first_player", f"Seat {contenders[0]} goes first.", seat=contenders[0])
    RULES.push(state, "begin_turn")


@RULES.auto("begin_turn")
def begin_turn(state: MankindState, frame: Frame) -> None:
    data = state.data
    data["turn"] += 1
    seat = data["current"]
    for player in data["players"]:
        player["raids_used"] = 0  # Mankind: Raid Events — "An individual Unit may only raid once per turn."
    data["bought"] = False
    data["government_bought"] = False
    state.emit("turn", f"Turn {data['turn']} ({ERA_TITLES[data['era']]} era): seat {seat} plays.", seat=seat)
    # Phases 3-5 wait for the seat's choices, so they are frames; Gains and the Event roll never wait and
    # run at once (an event the roll brings is pushed above the Build Phase, so it still comes first).
    RULES.push_sequence(
        state, [{"step": "build_roll"}, {"step": "trade_phase"}, {"step": "limit_phase"}, {"step": "end_turn"}]
    )
    gains_phase(state, frame)
    event_phase(state, frame)


def gains_phase(state: MankindState, frame: Frame) -> None:
    """Mankind: Gains Phase — IP equal to Research Level, RP equal to Materials Level."""
    seat = state.data["current"]
    player = state.data["players"][seat]
    lv = level_table(player)
    ideas = max(0, lv["RL"])
    resources = max(0, lv["ML"])
    player["ip"] += ideas
    player["rp"] += resources
    state.emit("gains", f"Seat {seat} gains {ideas} IP and {resources} RP.", seat=seat, ip=ideas, rp=resources)


def event_phase(state: MankindState, frame: Frame) -> None:
    """Mankind: Event Phase — roll 1D10 on the Event Table, then on the era's sub-table."""
    data = state.data
    seat = data["current"]
    if data["players"][seat]["turns"] == 0:
        state.emit("event_skipped", f"Seat {seat} skips the Event Phase on its very first turn.", seat=seat)
        return
    content = state.content
    roll = state.rng.roll(10)
    kind = content.event_kind(roll)
    if kind == "nothing":
        state.emit("event", f"Event roll {roll}: nothing happens.", roll=roll, kind=kind)
        return
    table = content.events[(data["era"], kind)]
    sub_roll = state.rng.roll(table.sides)
    rerolled = 0
    while sub_roll in table.reroll:
        # One line per reroll; a second one says so, so that two in a row do not read as one line doubled.
        said = f"{a(str(sub_roll), capital=True)} on the {kind} table is rolled again."
        if rerolled:
            said = f"The new roll is {a(str(sub_roll))} too ({rerolled + 1} in a row) and is rolled again."
        state.emit("reroll", said, roll=sub_roll)
        rerolled += 1
        sub_roll = state.rng.roll(table.sides)
    index = table.index_for(sub_roll)
    row = table.rows[index]
    # What happens, as the engine reads the row (a misprint such as "Put 1 Wonder" is shown corrected).
    happens = "no effect" if row.note.strip() in ("", "-") else row.note
    state.emit(
        "event",
        f"Event roll {roll}: {kind.title()} — {row.name} ({sub_roll}): {happens}.",
        roll=roll,
        kind=kind,
        sub_roll=sub_roll,
        name=row.name,
    )
    RULES.push(state, f"{kind}_event", era=data["era"], row=index)


# The same three trades every time (actions are immutable, so one list serves every game).
_TRADES = tuple(Action(f"trade for 1 {points}", payload=points) for points in ("IP", "RP", "VP"))


def _trade_options(state: MankindState, frame: Frame) -> list[Action]:
    return list(_TRADES)


@RULES.auto("trade_phase")
def trade_phase(state: MankindState, frame: Frame) -> None:
    """Mankind: Trade Phase — for every 2 Trade Levels, gain 1 IP or 1 RP or 1 VP."""
    seat = state.data["current"]
    picks = max(0, level(state.data["players"][seat], "TL")) // 2
    if picks:
        RULES.push(state, "trade_pick", seat=seat, left=picks)


@RULES.decision("trade_pick", _trade_options, always_ask=True)  # three options: never forced
def trade_pick(state: MankindState, frame: Frame, action: Action) -> None:
    seat = frame["seat"]
    gain(state.data["players"][seat], action.payload, 1, "trade")
    state.emit("trade", f"Seat {seat} trades for 1 {action.payload}.", seat=seat, points=action.payload)
    if frame["left"] > 1:
        RULES.repush(state, frame, left=frame["left"] - 1)


@RULES.auto("end_turn")
def end_turn(state: MankindState, frame: Frame) -> None:
    """End of a turn: an era that ran out of Leaders or Wonders ends now (docs/rulings.md, Mankind R3)."""
    data = state.data
    data["players"][data["current"]]["turns"] += 1
    if data["era_ending"]:
        end_era(state)
        if data["over"]:
            return
    data["current"] = (data["current"] + 1) % state.players
    begin_turn(state, frame)  # at once: nothing comes between one turn and the next


def warfare_order(state: MankindState) -> Ranking:
    """All seats from highest Warfare Level down, ties not yet rolled off (``targeting.settle`` rolls
    each one when the order reaches it)."""
    return ranking(list(range(state.players)), lambda s: level(state.data["players"][s], "WL"))
