"""Phase 10: trade (AC §28), as a negotiation between seats that cannot see each other's hands.

The option ``trade_session`` says how the rulebook's open table talk is played (AC-R22):

- ``"open"`` (the default; §28's session): every seat that may trade is asked at once (``to_act`` lists them
  all) to propose a trade to anybody or to say it is done; any number of proposals, between any players,
  until every seat has said "done". One deal is negotiated at a time, the others waiting. The public bound
  ``proposals_per_session`` (an option, so it is in the record) caps each seat's proposals in one session, so
  that a game of bots always ends; a person never meets it in practice.
- ``"turns"`` (for bot-only games that want short sessions): in A.S.T. order, round and round, each seat
  either proposes or passes; trading ends when every seat has passed in a row, and each seat proposes at most
  ``proposals_per_turn`` (``cards.toml``) times a turn.

What a seat is offered, and whether it is asked at all, depends only on what it may see (AC-R34): a proposal
may go to any seat holding at least three cards (the count is public; what they are is not), and the partner
who cannot make an offer of its own refuses, as any partner may. A seat is skipped without being asked only
when everybody can see it has no proposal to make (too few cards, its proposals used up, nobody to trade
with); otherwise it is asked even if its hand leaves it nothing but "pass", and every step of building an
offer is asked even when the hand leaves one choice, so nobody learns a hand from who was asked.

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
from ludoteca.core.wording import count
from ludoteca.games.advanced_civilization import content, hand_knowledge
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


def open_session(state: CivState) -> bool:
    """Whether this game trades in §28's open session (option ``trade_session``, AC-R22)."""
    return bool(state.game.options["trade_session"] == "open")


def proposal_cap(state: CivState) -> int:
    """Proposals a seat may make in one phase: the open session's public bound, or the cap of trading as turns."""
    if open_session(state):
        return int(state.game.options["proposals_per_session"])
    return int(_numbers()["proposals_per_turn"])


@RULES.auto("trade")
def trade(state: CivState, frame: Frame) -> None:
    state.data["trade"] = None
    state.data["proposals"] = [0] * state.players
    if open_session(state):
        _reopen(state, state.ast_order())
        return
    RULES.push(state, "trade_next", seat=state.ast_order()[0], passes=0)


def partners(state: CivState, seat: int) -> list[int]:
    """The seats ``seat`` may propose to, in A.S.T. order: every other seat holding at least the cards an offer
    needs (AC: §28, "at least 3 cards on each side"). Only the count is used, which everybody sees; whether the
    partner's cards can make an offer is for the partner to find out (AC-R34)."""
    need = _numbers()["offer_min"]
    players = state.data["players"]
    return [other for other in state.ast_order() if other != seat and len(players[other]["hand"]) >= need]


def may_propose(state: CivState, seat: int) -> bool:
    """Whether ``seat`` may have a proposal to make, judged from what every seat sees (AC-R34): a proposal left
    this turn (AC-R22), at least three cards in hand and someone to propose to (§28)."""
    return (
        state.data["proposals"][seat] < proposal_cap(state)
        and len(state.data["players"][seat]["hand"]) >= _numbers()["offer_min"]
        and bool(partners(state, seat))
    )


@RULES.auto("trade_next")
def trade_next(state: CivState, frame: Frame) -> None:
    """The next seat's turn to trade: asked (``trade_turn``) unless everybody can see it can only pass (AC-R34);
    then it passes at once, as a seat with too few cards would at the table."""
    seat, passes = frame["seat"], frame["passes"]
    if may_propose(state, seat):
        RULES.push(state, "trade_turn", seat=seat, passes=passes)
        return
    _pass(state, seat, passes)


def _pass(state: CivState, seat: int, passes: int) -> None:
    """``seat`` passes; trading ends when every seat has passed in a row (AC-R22)."""
    if passes + 1 >= state.players:
        state.emit("trade", "Trading ends.")
        return
    RULES.push(state, "trade_next", seat=_next_seat(state, seat), passes=passes + 1)


def _next_seat(state: CivState, seat: int) -> int:
    order = state.ast_order()
    return order[(order.index(seat) + 1) % len(order)]


def _turn_options(state: CivState, frame: Frame) -> list[Action]:
    """Proposals to every seat with enough cards (AC: §28; the partner's count, never its cards: AC-R34), if
    ``seat``'s own hand can make an offer; and "pass". A seat whose own hand cannot trade sees only "pass"."""
    seat = frame["seat"]
    options: list[Action] = []
    if state.data["proposals"][seat] < proposal_cap(state) and can_trade(state, seat):
        for other in partners(state, seat):
            options.append(Action(f"propose a trade to {state.who(other)}", other))
    options.append(Action("pass", None))
    return options


# Always asked (AC-R34): skipping a seat whose hand leaves it only "pass" would tell the table its hand.
@RULES.decision("trade_turn", _turn_options, always_ask=True)
def trade_turn(state: CivState, frame: Frame, action: Action) -> None:
    seat = frame["seat"]
    if action.payload is None:
        _pass(state, seat, frame["passes"])
        return
    _propose(state, seat, int(action.payload), {"step": "trade_next", "seat": _next_seat(state, seat), "passes": 0})


def _propose(state: CivState, seat: int, other: int, then: Frame) -> None:
    """``seat`` proposes a trade to ``other`` (§28): it builds its offer, the other answers, then ``then``."""
    state.data["proposals"][seat] += 1
    state.data["trade"] = {"from": seat, "to": other, "offer": [], "reply": []}
    state.emit("trade", f"{state.who(seat)} proposes a trade to {state.who(other)}.", seat=seat, to=other)
    RULES.push_sequence(
        state,
        [{"step": "build_offer", "seat": seat, "side": "offer"}, {"step": "trade_answer", "seat": other}, then],
    )


# ----------------------------------------------------------------------------- the open session (§28)
def _reopen(state: CivState, seats: list[int]) -> None:
    """Ask the seats still in the session at once; a seat everybody can see has no proposal to make (too few
    cards, its proposals used, nobody to trade with: AC-R34) leaves it. When none is left, trading ends."""
    still = [seat for seat in seats if may_propose(state, seat)]
    if not still:
        state.emit("trade", "Trading ends.")
        return
    RULES.push(state, "trade_open", seat=still[0], open=still)


def open_options(state: CivState, frame: Frame, seat: int) -> list[Action]:
    """What a seat in the open session may do: propose to every seat with enough cards (the count, never the
    cards: AC-R34) if its own hand can make an offer, or say it is done."""
    options: list[Action] = []
    if state.data["proposals"][seat] < proposal_cap(state) and can_trade(state, seat):
        for other in partners(state, seat):
            options.append(Action(f"propose a trade to {state.who(other)}", other))
    options.append(Action("done trading", None))
    return options


def open_act(state: CivState, frame: Frame, seat: int, action: Action) -> None:
    """A seat of the open session proposes (the deal is negotiated, then the session goes on) or is done."""
    if action.payload is None:
        state.emit("trade", f"{state.who(seat)} is done trading.", seat=seat)
        _reopen(state, [s for s in frame["open"] if s != seat])
        return
    _propose(state, seat, int(action.payload), {"step": "trade_resume", "open": list(frame["open"])})


# Always asked (AC-R34); ``to_act`` lists every seat of ``open`` (``CivState._to_act``), ``seat`` is the first.
@RULES.decision("trade_open", lambda state, frame: open_options(state, frame, frame["seat"]), always_ask=True)
def trade_open(state: CivState, frame: Frame, action: Action) -> None:
    open_act(state, frame, frame["seat"], action)


@RULES.auto("trade_resume")
def trade_resume(state: CivState, frame: Frame) -> None:
    """After a deal, the session goes on for the seats that have not said they are done."""
    _reopen(state, frame["open"])


# ----------------------------------------------------------------------------- offers and answers
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
        options.append(Action(f"{verb} these {count(len(chosen), 'card')}", None))
    return options


# Every step asked, even one the hand forces (AC-R34): who is asked, and how often, is seen by all.
@RULES.decision("build_offer", _build_options, always_ask=True)
def build_offer(state: CivState, frame: Frame, action: Action) -> None:
    seat, side = frame["seat"], frame["side"]
    chosen = state.data["trade"][side]
    if action.payload is None:
        named = " and ".join(chosen[: _numbers()["declared"]])
        state.emit(
            "trade", f"{state.who(seat)} offers {count(len(chosen), 'card')}, naming {named}.", seat=seat, n=len(chosen)
        )
        return
    chosen.append(action.payload)
    RULES.repush(state, frame)


def _answer_options(state: CivState, frame: Frame) -> list[Action]:
    """Answer with an offer of one's own if one's hand can make one (§28: three tradable cards, two of them
    commodities to name), else only refuse: a refusal says no more than any partner's refusal (AC-R34)."""
    refuse = Action("refuse the trade", False)
    return [Action("answer with an offer", True), refuse] if can_trade(state, frame["seat"]) else [refuse]


# Always asked, even with only "refuse" left (AC-R34): an automatic refusal would tell the proposer the hand.
@RULES.decision("trade_answer", _answer_options, always_ask=True)
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
    hand_knowledge.exchanged(state, giver, taker, list(deal["offer"]), list(deal["reply"]))
    state.emit(
        "trade",
        f"{state.who(giver)} gives {', '.join(deal['offer'])}; {state.who(taker)} gives {', '.join(deal['reply'])}.",
        seats=[giver, taker],
    )
    _close(
        state,
        f"{state.who(giver)} and {state.who(taker)} trade {count(len(deal['offer']), 'card')} "
        f"for {len(deal['reply'])}.",
    )


def _close(state: CivState, text: str) -> None:
    state.data["trade"] = None
    state.emit("trade", text)


def committed(state: CivState) -> list[int]:
    """The seats of the pending deal that are making or have made an offer: the proposer, and the partner once
    it has answered with one. Everybody knows their hands can make an offer (§28; AC-R34), as they were
    allowed to start one only if they could."""
    deal = state.data["trade"]
    if deal is None:
        return []
    # Answering pushes the partner's offer and the proposer's acceptance together (``trade_answer``).
    answered = bool(deal["reply"]) or any(frame["step"] == "trade_accept" for frame in state.data["stack"])
    return [deal["from"], deal["to"]] if answered else [deal["from"]]


def public_offer(deal: dict[str, object], seat: int | None) -> dict[str, object]:
    """What ``seat`` sees of a pending deal: its own side in full, the other side's count and named cards."""
    shown: dict[str, object] = {"from": deal["from"], "to": deal["to"]}
    declared = _numbers()["declared"]
    for side, owner in (("offer", deal["from"]), ("reply", deal["to"])):
        cards = list(deal[side])  # type: ignore[call-overload]
        shown[side] = cards if seat == owner else {"count": len(cards), "named": cards[:declared]}
    return shown


__all__ = [
    "can_trade",
    "committed",
    "exchange",
    "may_propose",
    "open_act",
    "open_options",
    "open_session",
    "partners",
    "proposal_cap",
    "public_offer",
]
