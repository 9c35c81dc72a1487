"""Phase 10: trade (AC §28), as a negotiation between seats that cannot see each other's hands.

The rulebook's open table talk becomes a round of turns (AC-R22). In A.S.T. order, round and round, each
seat either proposes a trade to another seat or passes; trading ends when every seat has passed in a row
(the end all agree to), and each seat proposes at most ``proposals_per_turn`` times a turn, so it always ends.

A deal is two offers of at least three cards each (§28). An offer is built a card at a time: first the two
cards named truthfully (§28: the count and at least two cards must be true), then any further cards,
undeclared — tradable calamities may hide among them; non-tradable calamities never change hands. The other
seat sees the count and the two named cards, then refuses or answers with its own offer; the proposer sees
that offer's count and named cards and accepts or refuses. Only on acceptance do the cards change hands, and
only the two traders learn what moved. An undeclared card's action names its place in the hand, not the card,
so that nobody watching the moves learns it. Whoever passes a tradable calamity on is remembered as its
trader (§29.61).
"""

from __future__ import annotations

from collections import Counter

from ludoteca.core import Action
from ludoteca.games.advanced_civilization import content
from ludoteca.games.advanced_civilization.machine import RULES, Frame
from ludoteca.games.advanced_civilization.state import CivState


def _numbers() -> dict[str, int]:
    return content.cards().trade


def can_trade(state: CivState, seat: int) -> bool:
    """A seat can make an offer: three tradable cards, two of them commodities to name (§28)."""
    spec = state.cards
    hand = state.data["players"][seat]["hand"]
    goods = sum(1 for card in hand if card in spec.commodities)
    tradable = sum(1 for card in hand if spec.tradable(card))
    return goods >= _numbers()["declared"] and tradable >= _numbers()["offer_min"]


@RULES.auto("trade")
def trade(state: CivState, frame: Frame) -> None:
    state.data["trade"] = None
    state.data["proposals"] = [0] * state.players
    RULES.push(state, "trade_turn", seat=state.ast_order()[0], passes=0)


def _next_seat(state: CivState, seat: int) -> int:
    order = state.ast_order()
    return order[(order.index(seat) + 1) % len(order)]


def _turn_options(state: CivState, frame: Frame) -> list[Action]:
    seat = frame["seat"]
    options: list[Action] = []
    if state.data["proposals"][seat] < _numbers()["proposals_per_turn"] and can_trade(state, seat):
        for other in state.ast_order():
            if other != seat and can_trade(state, other):
                options.append(Action(f"propose a trade to {state.who(other)}", other))
    options.append(Action("pass", None))
    return options


@RULES.decision("trade_turn", _turn_options)
def trade_turn(state: CivState, frame: Frame, action: Action) -> None:
    seat = frame["seat"]
    if action.payload is None:
        if frame["passes"] + 1 >= state.players:
            state.emit("trade", "Trading ends.")
            return
        RULES.push(state, "trade_turn", seat=_next_seat(state, seat), passes=frame["passes"] + 1)
        return
    other = int(action.payload)
    state.data["proposals"][seat] += 1
    state.data["trade"] = {"from": seat, "to": other, "offer": [], "reply": []}
    state.emit("trade", f"{state.who(seat)} proposes a trade to {state.who(other)}.", seat=seat, to=other)
    RULES.push_sequence(
        state,
        [
            {"step": "build_offer", "seat": seat, "side": "offer"},
            {"step": "trade_answer", "seat": other},
            {"step": "trade_turn", "seat": _next_seat(state, seat), "passes": 0},
        ],
    )


def _unused(state: CivState, seat: int, side: str) -> Counter[str]:
    return Counter(state.data["players"][seat]["hand"]) - Counter(state.data["trade"][side])


def _build_options(state: CivState, frame: Frame) -> list[Action]:
    seat, side = frame["seat"], frame["side"]
    spec = state.cards
    chosen = state.data["trade"][side]
    left = _unused(state, seat, side)
    options: list[Action] = []
    if len(chosen) < _numbers()["declared"]:
        for card in sorted(left):
            if card in spec.commodities:
                options.append(Action(f"name {card} in the offer", card))
        return options
    hand = state.data["players"][seat]["hand"]
    taken = Counter(chosen)
    seen: set[str] = set()
    for place, card in enumerate(hand):
        # The first card of each kind not yet in the offer; the text gives only its place (AC-R22).
        if taken[card]:
            taken[card] -= 1
            continue
        if card in seen or not spec.tradable(card):
            continue
        seen.add(card)
        options.append(Action(f"add hand card {place + 1}, undeclared", card))
    if len(chosen) >= _numbers()["offer_min"]:
        verb = "offer" if side == "offer" else "answer with"
        options.append(Action(f"{verb} these {len(chosen)} cards", None))
    return options


@RULES.decision("build_offer", _build_options)
def build_offer(state: CivState, frame: Frame, action: Action) -> None:
    seat, side = frame["seat"], frame["side"]
    chosen = state.data["trade"][side]
    if action.payload is None:
        named = " and ".join(chosen[: _numbers()["declared"]])
        state.emit("trade", f"{state.who(seat)} offers {len(chosen)} cards, naming {named}.", seat=seat, n=len(chosen))
        return
    chosen.append(action.payload)
    RULES.repush(state, frame)


def _answer_options(state: CivState, frame: Frame) -> list[Action]:
    return [Action("answer with an offer", True), Action("refuse the trade", False)]


@RULES.decision("trade_answer", _answer_options)
def trade_answer(state: CivState, frame: Frame, action: Action) -> None:
    seat = frame["seat"]
    if not action.payload:
        _close(state, f"{state.who(seat)} refuses the trade.")
        return
    RULES.push_sequence(
        state,
        [
            {"step": "build_offer", "seat": seat, "side": "reply"},
            {"step": "trade_accept", "seat": state.data["trade"]["from"]},
        ],
    )


def _accept_options(state: CivState, frame: Frame) -> list[Action]:
    return [Action("accept the trade", True), Action("refuse the trade", False)]


@RULES.decision("trade_accept", _accept_options)
def trade_accept(state: CivState, frame: Frame, action: Action) -> None:
    seat = frame["seat"]
    if not action.payload:
        _close(state, f"{state.who(seat)} refuses the trade.")
        return
    exchange(state)


def exchange(state: CivState) -> None:
    """Both offers change hands; the traders alone see what moved (§28); calamities remember their trader."""
    deal = state.data["trade"]
    giver, taker = deal["from"], deal["to"]
    players = state.data["players"]
    for source, target, cards in ((giver, taker, deal["offer"]), (taker, giver, deal["reply"])):
        for card in cards:
            players[source]["hand"].remove(card)
            players[target]["hand"].append(card)
            if card in state.cards.calamities:
                state.data["calamity_from"][card] = source
    state.emit(
        "trade",
        f"{state.who(giver)} gives {', '.join(deal['offer'])}; {state.who(taker)} gives {', '.join(deal['reply'])}.",
        seats=[giver, taker],
    )
    _close(
        state,
        f"{state.who(giver)} and {state.who(taker)} trade {len(deal['offer'])} cards for {len(deal['reply'])}.",
    )


def _close(state: CivState, text: str) -> None:
    state.data["trade"] = None
    state.emit("trade", text)


def public_offer(deal: dict[str, object], seat: int | None) -> dict[str, object]:
    """What ``seat`` sees of a pending deal: its own side in full, the other side's count and named cards."""
    shown: dict[str, object] = {"from": deal["from"], "to": deal["to"]}
    declared = _numbers()["declared"]
    for side, owner in (("offer", deal["from"]), ("reply", deal["to"])):
        cards = list(deal[side])  # type: ignore[call-overload]
        shown[side] = cards if seat == owner else {"count": len(cards), "named": cards[:declared]}
    return shown


__all__ = ["can_trade", "exchange", "public_offer"]
