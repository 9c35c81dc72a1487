"""Phase 12: acquire civilization cards, then return surplus trade cards (AC §31).

In A.S.T. order each player buys advances. A purchase is two steps (AC-R26): choose the advances, one at a
time, each at its cost less the credits of the cards held *before this phase* (§31.53: credits of a card
bought this turn count from next turn); then pay for them all at once, handing in whole sets of commodity
cards and treasury tokens, with no change given (§31). A card's prerequisite must also have been held before
this phase (§31.62), and nobody holds two of one advance. Grain shown against Famine under Pottery cannot
pay this turn. Cards handed in go to the bottom of their stacks, treasury tokens back to stock. Then the
player keeps at most eight commodity cards, choosing which go back (§31.71).

Who is asked depends only on what everybody sees (AC-R34): a player holding trade cards is asked to buy even
if his cards cannot pay for anything, and every purchase, payment and return is asked even when the hand
leaves one choice; only a player with no cards, whose options everybody can work out, is passed over when he
can buy nothing.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ludoteca.core import Action
from ludoteca.core.wording import a
from ludoteca.games.advanced_civilization import cards, content, hand_knowledge, pieces
from ludoteca.games.advanced_civilization.machine import RULES, Frame
from ludoteca.games.advanced_civilization.state import CivState


def credit(held: list[str], target: str) -> int:
    """The credits the advances ``held`` give toward ``target``: group credits plus named-card credits."""
    table = content.advances()
    goal = table[target]
    total = 0
    for name in held:
        card = table[name]
        total += sum(card.credit_groups.get(group, 0) for group in goal.groups)
        total += card.credit_cards.get(target, 0)
    return total


def price(held: list[str], target: str) -> int:
    return _prices(tuple(held))[target]


@lru_cache(maxsize=4096)
def _prices(held: tuple[str, ...]) -> dict[str, int]:
    """Every advance's price to the holder of ``held``: the cards' costs and credits never change, and a
    purchase asks for the prices of all 24 cards each time it lists its options (never mutate the result)."""
    return {name: max(0, card.cost - credit(list(held), name)) for name, card in content.advances().items()}


@lru_cache(maxsize=4096)
def _open_to(held: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The advances whose prerequisites are all in ``held`` (§31.62), with their prices, in the cards' order."""
    prices = _prices(held)
    return tuple(
        (name, prices[name]) for name, card in content.advances().items() if all(p in held for p in card.prerequisites)
    )


def free_goods(state: CivState, seat: int) -> Counter[str]:
    """Commodity cards ``seat`` may spend: all but the Grain locked by Famine."""
    goods = cards.commodities(state.data["players"][seat]["hand"])
    locked = state.data["locked"][seat]
    if locked:
        goods["Grain"] -= min(locked, goods["Grain"])
    return +goods


def means(state: CivState, seat: int) -> int:
    """The most ``seat`` can pay: every free set at its value plus the treasury."""
    sets = cards.sets_value(free_goods(state, seat), state.has(seat, "Mining"))
    return sets + int(state.data["players"][seat]["treasury"])


@RULES.auto("advances")
def advances(state: CivState, frame: Frame) -> None:
    frames: list[Frame] = []
    for seat in state.ast_order():
        held = list(state.data["players"][seat]["advances"])
        choose = {"step": "choose_advance", "seat": seat, "held": held, "cart": []}
        # AC-R34: asked unless everybody can see he can buy nothing (no cards, too little treasury). Nobody's hand
        # or treasury changes before his turn in this phase, so this can be judged now.
        if state.data["players"][seat]["hand"] or len(_choose_options(state, choose)) > 1:
            frames.append(choose)
        frames.append({"step": "hand_limit", "seat": seat})
    frames.append({"step": "advances_end"})
    RULES.push_sequence(state, frames)


def _choose_options(state: CivState, frame: Frame) -> list[Action]:
    seat, held, cart = frame["seat"], frame["held"], frame["cart"]
    owned = set(state.data["players"][seat]["advances"]) | set(cart)
    key = tuple(held)
    prices = _prices(key)
    budget = means(state, seat) - sum(prices[name] for name in cart)
    options = []
    for name, cost in _open_to(key):
        if name not in owned and cost <= budget:
            options.append(Action(f"buy {name} for {cost}", name))
    if cart:
        options.append(Action(f"pay for {', '.join(cart)}", None))
    else:
        options.append(Action("buy no advance", None))
    return options


# Always asked once pushed (AC-R34): a forced "pay for" or "buy no advance" would show the hand's worth.
@RULES.decision("choose_advance", _choose_options, always_ask=True)
def choose_advance(state: CivState, frame: Frame, action: Action) -> None:
    if action.payload is not None:
        RULES.repush(state, frame, cart=[*frame["cart"], action.payload])
        return
    if frame["cart"]:
        due = sum(price(frame["held"], name) for name in frame["cart"])
        RULES.push(state, "pay", seat=frame["seat"], cart=frame["cart"], due=due)


def _pay_options(state: CivState, frame: Frame) -> list[Action]:
    """Each free set at its value; with Mining not yet used in this purchase, a mineable set raised by one card
    as well (§28.53: one set a turn, within the printed maximum; the player chooses which); the treasury."""
    seat, due = frame["seat"], frame["due"]
    mining = state.has(seat, "Mining") and not frame.get("mined", False)
    options = []
    for card, n in sorted(free_goods(state, seat).items()):
        options.append(Action(f"hand in {n} {card} ({cards.set_value(card, n)})", card))
        if mining and cards.mining_gain(card, n) > 0:
            raised = cards.set_value(card, n, True)
            options.append(Action(f"hand in {n} {card} raised by Mining ({raised})", [card, "Mining"]))
    if state.data["players"][seat]["treasury"] >= due:
        options.append(Action(f"pay {due} from the treasury", None))
    return options


# Always asked (AC-R34): a payment the hand forces would tell the table it held no other set.
@RULES.decision("pay", _pay_options, always_ask=True)
def pay(state: CivState, frame: Frame, action: Action) -> None:
    seat, due = frame["seat"], frame["due"]
    player = state.data["players"][seat]
    if action.payload is None:
        pieces.from_treasury(state, seat, due)
        paid = due
    else:
        mined = isinstance(action.payload, list)
        card = action.payload[0] if mined else action.payload
        n = free_goods(state, seat)[card]
        paid = cards.set_value(card, n, mined)
        for _ in range(n):
            player["hand"].remove(card)
            cards.to_bottom(state, card)
        hand_knowledge.shown_and_gone(state, seat, [card] * n)
        how = ", raised by Mining" if mined else ""
        state.emit("pay", f"{state.who(seat)} hands in {n} {card}{how} ({paid}).", seat=seat, card=card, n=n)
        if mined:
            frame = {**frame, "mined": True}
    if paid < due:
        RULES.repush(state, frame, due=due - paid)
        return
    player["advances"] = sorted({*player["advances"], *frame["cart"]})
    state.emit("advance", f"{state.who(seat)} acquires {', '.join(frame['cart'])}.", seat=seat, advances=frame["cart"])


def hand_limit(state: CivState, seat: int) -> int:
    """§31.71: eight commodity cards kept into the next turn; fewer for a victim of Corruption this turn
    (Additional Calamities variant, its limit reckoned now, after the purchase of advances)."""
    if seat in state.data["corrupted"]:
        from ludoteca.games.advanced_civilization.additional_calamities import corruption_limit

        return corruption_limit(state, seat)
    return int(content.cards().trade["hand_limit"])


def _over_limit(state: CivState, seat: int) -> bool:
    """§31.71: more commodity cards than the limit. Public: by now the hand holds no calamity (§29.7), so its
    size, which everybody sees, is its number of commodity cards."""
    goods = cards.commodities(state.data["players"][seat]["hand"])
    return sum(goods.values()) > hand_limit(state, seat)


@RULES.auto("hand_limit")
def check_hand_limit(state: CivState, frame: Frame) -> None:
    """After his purchases a player over the limit returns cards (§31.71), asked for each (AC-R34)."""
    if _over_limit(state, frame["seat"]):
        RULES.push(state, "trim_hand", seat=frame["seat"])


def _trim_options(state: CivState, frame: Frame) -> list[Action]:
    goods = cards.commodities(state.data["players"][frame["seat"]]["hand"])
    return [Action(f"return {a(card)} card", card) for card in sorted(goods)]


# Always asked (AC-R34): a hand of one kind would otherwise return its card unasked, and show it is one kind.
@RULES.decision("trim_hand", _trim_options, always_ask=True)
def trim_hand(state: CivState, frame: Frame, action: Action) -> None:
    """§31.71: over eight commodity cards (Corruption: its limit), the owner returns cards of his choice to the
    bottom of their stacks."""
    seat, card = frame["seat"], action.payload
    hand = state.data["players"][seat]["hand"]
    hand.remove(card)
    hand_knowledge.shown_and_gone(state, seat, [card])
    if hand.count("Grain") < state.data["locked"][seat]:
        state.data["locked"][seat] = hand.count("Grain")
    cards.to_bottom(state, card)
    state.emit("discard", f"{state.who(seat)} returns {a(card)} card.", seat=seat, card=card)
    if _over_limit(state, seat):
        RULES.repush(state, frame)


@RULES.auto("advances_end")
def advances_end(state: CivState, frame: Frame) -> None:
    state.data["locked"] = [0] * state.players
    state.data["corrupted"] = []


__all__ = ["credit", "free_goods", "hand_limit", "means", "price"]
