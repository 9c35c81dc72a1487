"""Per-game checks that a seat is never shown what it may not see.

The generic half (a seat's view survives any redraw of what it cannot see) is game-agnostic and lives
in ``test_hidden.py``. This half knows each game's secrets: for a state and a seat it lists what is
wrong with that seat's view and with the log events it may read that the last action added.

* Mankind: nothing is hidden but the dice, so every seat sees what a spectator sees and no event is private.
* Tigris & Euphrates: the other hands and the bag are counts; with hidden scoring (the default) the other
  seats' points are hidden until the end, and no event anyone else can read names a hand's tiles or a
  colour point scored.
* Arabian Struggle: no card in another hand or draft, in the draw pile or the Rasheedi deck appears in
  the view, or is named (label or number) by a readable event.
* Advanced Civilization: the other hands are counts; another seat's side of a pending trade shows only
  its size and its named cards; card draws are private.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from ludoteca.core import State

Check = Callable[[State, int, list[dict[str, Any]]], list[str]]


def _mankind(state: State, seat: int, new_events: list[dict[str, Any]]) -> list[str]:
    problems = []
    if json.dumps(state.view(seat), sort_keys=True) != json.dumps(state.view(None), sort_keys=True):
        problems.append(f"seat {seat} sees something a spectator does not, yet Mankind hides nothing")
    problems += [f"Mankind has a private event: {e}" for e in state.log if "seats" in e][:1]
    return problems


_COLOUR_POINT = re.compile(r"gains \d+ (red|blue|black|green) point")


def _tigris(state: State, seat: int, new_events: list[dict[str, Any]]) -> list[str]:
    view = state.view(seat)
    problems = []
    for other, hand in enumerate(view["hands"]):
        if other != seat and not isinstance(hand, int):
            problems.append(f"seat {seat} sees seat {other}'s hand {hand}")
    if not isinstance(view["bag"], int):
        problems.append(f"seat {seat} sees the bag's tiles")
    hidden_scores = state.game.options["scoring"] == "hidden" and not state.is_over()
    if hidden_scores:
        shown = [other for other, points in enumerate(view["scores"]) if other != seat and points is not None]
        if shown:
            problems.append(f"seat {seat} sees the hidden points of seats {shown}")
    for event in new_events:
        if "seats" in event:
            continue  # addressed to this seat
        if event["text"].startswith(("You draw", "You discard")):
            problems.append(f"a public event names a hand's tiles: {event['text']!r}")
        scored = "amount" in event and event.get("colour", "t") != "t"
        if hidden_scores and (_COLOUR_POINT.search(event["text"]) or scored):
            problems.append(f"a public event shows colour points under hidden scoring: {event['text']!r}")
    return problems


def _arabian(state: State, seat: int, new_events: list[dict[str, Any]]) -> list[str]:
    from ludoteca.games.arabian_struggle import board

    data = state.data
    mine = data["players"][seat]
    hidden: set[int] = set(data["deck"]) | set(data["rasheedi_deck"])
    for faction, hand in data["hands"].items():
        if faction != mine:
            hidden |= set(hand)
    if data["draft"] is not None:
        for part in ("pools", "kept"):
            for faction, cards in data["draft"][part].items():
                if faction != mine:
                    hidden |= set(cards)
    view = state.view(seat)
    shown: set[int] = set(view["hand"] or []) | set(view["discard"]) | set(view["removed"])
    shown |= set(view["tribal_conference_cards"]) | set(view["rasheedi_display"])
    shown |= {entry["card"] for entry in view["lasting"]}
    if view["card_in_play"] is not None:
        shown.add(view["card_in_play"]["card"])
    if view["draft"] is not None:
        shown |= set(view["draft"]["pool"]) | set(view["draft"]["kept"])
    problems = [f"seat {seat}'s view shows hidden cards {sorted(shown & hidden)}"] if shown & hidden else []
    labels = {number: board.card(number).label for number in hidden}
    for event in new_events:
        named = {event.get("card")} | set(event.get("cards", []))
        named |= {number for number, label in labels.items() if label in event["text"]}
        if named & hidden:
            problems.append(
                f"seat {seat} reads an event naming hidden cards {sorted(named & hidden)}: {event['text']!r}"
            )
    return problems


def _civilization(state: State, seat: int, new_events: list[dict[str, Any]]) -> list[str]:
    view = state.view(seat)
    problems = []
    for other, player in enumerate(view["players"]):
        if other != seat and not isinstance(player.get("hand", 0), int):
            problems.append(f"seat {seat} sees seat {other}'s hand")
    deal = view.get("trade")
    if deal is not None:
        for side, owner in (("offer", deal["from"]), ("reply", deal["to"])):
            if owner != seat and not isinstance(deal[side], dict):
                problems.append(f"seat {seat} sees all of seat {owner}'s trade {side}: {deal[side]}")
    for event in new_events:
        if event["type"] == "draw" and "seats" not in event:
            problems.append(f"a card draw is public: {event['text']!r}")
    return problems


CHECKS: dict[str, Check] = {
    "mankind": _mankind,
    "tigris-euphrates": _tigris,
    "arabian-struggle": _arabian,
    "advanced-civilization": _civilization,
}
"""Game id -> its secrets check. A new game adds its own here (test_hidden fails for a game without one)."""
