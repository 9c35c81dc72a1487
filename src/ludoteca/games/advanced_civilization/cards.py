"""Trade cards: the nine stacks, what a hand is worth, and phase 9, trade card acquisition (AC §15, §27).

Cards are their names (``"Grain"``, ``"Famine"``); a hand is a list of names, shown only to its owner.
``state.data["stacks"]`` holds the nine stacks, top card first. Set-up follows §15.2 as the digest reads it
[S]: each stack's commodities are shuffled, the top N (N = players) stay commodities, the tradable calamities
are shuffled into the rest, and the non-tradable calamities go to the bottom. Cards surrendered or resolved
go face down to the bottom of their own stack (§29.7, §31.71).

The two shuffles go through ``rng.shuffle_bag`` and every card is drawn through ``rng.draw_from``, so under
explicit chance (``ludoteca.core.chance.ReplayRng``) a stack stays in its printed order (commodities, tradable
calamities, non-tradable calamities, then the cards returned in the order they came back) and each card drawn
is one chance event over the cards it could be. ``state.data["stacks_blind"]`` says which those are, three
numbers a stack, stack 1's first (one flat list, which a clone copies at once): ``top, goods, blind``. The next
``top`` draws are each among the first ``goods`` cards (the commodities left: the top N of §15.2), then each
among the first ``blind`` cards (the commodities and tradable calamities shuffled together); below them the
order is known (the non-tradable calamities, the cards returned), and a draw there is no chance event. The
seeded generator shuffles at the set-up and deals off the top, as it did before, whatever these counts say.
"""

from __future__ import annotations

from collections import Counter

from ludoteca.core import Action
from ludoteca.games.advanced_civilization import content, pieces
from ludoteca.games.advanced_civilization.machine import RULES, Frame
from ludoteca.games.advanced_civilization.state import CivState


def set_value(card: str, n: int, mining: bool = False) -> int:
    """§27/digest §1.1: n cards of one commodity are worth n²×value, n at most the cards printed;
    Mining counts one card more in a set of a mineable commodity (digest §1.7)."""
    spec = content.cards().commodities[card]
    if n <= 0:
        return 0
    n = min(n + (1 if mining and spec.mineable else 0), spec.count)
    return n * n * spec.stack


def commodities(hand: list[str]) -> Counter[str]:
    known = content.cards().commodities
    return Counter(card for card in hand if card in known)


def mining_gain(card: str, n: int) -> int:
    """What Mining adds to a set of ``n`` ``card`` (one card more, within the printed count; 0 if not mineable)."""
    return set_value(card, n, True) - set_value(card, n)


def sets_value(goods: Counter[str], mining: bool) -> int:
    """Sets and singles at their values; with Mining, the one mineable set it helps most is raised by a card
    (§28.53: one set a turn, within the printed maximum)."""
    plain = sum(set_value(card, n) for card, n in goods.items())
    if not mining:
        return plain
    return plain + max((mining_gain(card, n) for card, n in goods.items()), default=0)


def hand_value(state: CivState, seat: int) -> int:
    """§35: the value of a hand's commodity cards, as sets and singles (Mining raising one set, §28.53)."""
    return sets_value(commodities(state.data["players"][seat]["hand"]), state.has(seat, "Mining"))


def calamities_in(state: CivState, hand: list[str]) -> list[str]:
    """The calamity cards of ``hand``: the standard ones, and the variant's in a game that has them."""
    known = state.cards.calamities
    return [card for card in hand if card in known]


def deal_stacks(state: CivState) -> list[list[str]]:
    """§15.2 [S]: N commodity cards on top, tradable calamities shuffled in below them, non-tradable at the bottom.

    Also sets ``stacks_blind`` (see the module's docstring): N draws among the commodities, then draws among the
    commodities left and the tradable calamities, then the non-tradable calamities in their known order.
    """
    spec = state.cards
    stacks: list[list[str]] = []
    blind: list[int] = []
    for number in range(1, 10):
        goods = [c.name for c in spec.commodities.values() if c.stack == number for _ in range(c.count)]
        state.rng.shuffle_bag(goods)
        top, rest = goods[: state.players], goods[state.players :]
        tradable = [c.name for c in spec.calamities.values() if c.stack == number and c.tradable]
        rest += tradable
        state.rng.shuffle_bag(rest)
        bottom = sorted(c.name for c in spec.calamities.values() if c.stack == number and not c.tradable)
        stacks.append(top + rest + bottom)
        blind += [len(top), len(goods), len(goods) + len(tradable)]
    state.data["stacks_blind"] = blind
    return stacks


def to_bottom(state: CivState, card: str) -> None:
    """A card goes face down to the bottom of its own stack (§29.7, §31.71)."""
    state.data["stacks"][state.cards.stack_of(card) - 1].append(card)


def _take_top(state: CivState, stack: int, pile: list[str]) -> str:
    """The top card of a non-empty ``pile`` (stack ``stack``), off the generator (§15.2 set-up, §27 draws).

    The seeded generator deals the top card of the shuffled stack; explicit chance draws it among the cards it
    could be (``stacks_blind``): a commodity of the top N, then any card of the shuffled part, then the known
    bottom in order (no chance event).
    """
    blind, at = state.data["stacks_blind"], 3 * (stack - 1)
    top, goods, unknown = blind[at : at + 3]
    if top:  # AC §15.2: the top N cards of a stack are commodities, shuffled
        taken = state.rng.draw_from(pile, 1, unordered=goods)
        blind[at : at + 3] = [top - 1, goods - 1, unknown - 1]
    elif unknown:  # AC §15.2: the other commodities and the tradable calamities, shuffled together
        taken = state.rng.draw_from(pile, 1, unordered=unknown)
        blind[at : at + 3] = [0, 0, unknown - 1]
    else:  # AC §15.2, §29.7: the non-tradable calamities and the cards returned, in a known order
        taken = state.rng.draw_from(pile, 1, ordered=True)
    return taken[0]


def draw(state: CivState, seat: int, stack: int, say: bool = True) -> str | None:
    """The top card of ``stack`` (1-9) into ``seat``'s hand; an empty stack gives nothing (§27). The card is
    named to its drawer alone (``say=False``: the caller names several draws in one line)."""
    pile = state.data["stacks"][stack - 1]
    if not pile:
        return None
    card = str(_take_top(state, stack, pile))
    state.data["players"][seat]["hand"].append(card)
    if say:
        state.emit("draw", f"{state.who(seat)} draws {card} from stack {stack}.", seats=[seat], card=card)
    return card


# ----------------------------------------------------------------------------- phase 9 (§27)
@RULES.auto("acquisition")
def acquisition(state: CivState, frame: Frame) -> None:
    """§27: the fewest cities first (ties in A.S.T. order, AC-R21), each draws from stacks 1..cities."""
    order = sorted(state.ast_order(), key=lambda seat: len(pieces.cities_of(state, seat)))
    RULES.push_sequence(state, [{"step": "draw_cards", "seat": seat} for seat in order])


def stacks_drawn(state: CivState, seat: int) -> int:
    """How many stacks ``seat`` draws from in phase 9: one card from each of stacks 1 to its number of cities
    (§27), and there are nine stacks."""
    return min(len(pieces.cities_of(state, seat)), 9)


@RULES.auto("draw_cards")
def draw_cards(state: CivState, frame: Frame) -> None:
    seat = frame["seat"]
    cities = stacks_drawn(state, seat)
    drawn = [(stack, draw(state, seat, stack, say=False)) for stack in range(1, cities + 1)]
    got = [(stack, card) for stack, card in drawn if card is not None]
    if got:  # one line for the drawer, naming the cards; one for everybody, counting them
        named = ", ".join(f"{card} (stack {stack})" for stack, card in got)
        state.emit("draw", f"{state.who(seat)} draws {named}.", seats=[seat], cards=[card for _, card in got])
    if cities:
        n = len(got)
        state.emit("acquire", f"{state.who(seat)} draws {n} trade card{'s' if n != 1 else ''}.", seat=seat, n=n)
    RULES.push(state, "buy_stack9", seat=seat)


def _buy_options(state: CivState, frame: Frame) -> list[Action]:
    price = content.cards().trade["stack9_price"]
    if state.data["players"][frame["seat"]]["treasury"] < price or not state.data["stacks"][8]:
        return []
    return [Action(f"buy a card from stack 9 for {price} treasury", True), Action("buy no card from stack 9", False)]


@RULES.decision("buy_stack9", _buy_options)
def buy_stack9(state: CivState, frame: Frame, action: Action) -> None:
    """§27: right after its own draw a player may buy stack-9 cards at 18 treasury tokens each (to stock)."""
    if not action.payload:
        return
    seat = frame["seat"]
    pieces.from_treasury(state, seat, content.cards().trade["stack9_price"])
    draw(state, seat, 9)
    state.emit("acquire", f"{state.who(seat)} buys a card from stack 9.", seat=seat)
    RULES.repush(state, frame)


__all__ = ["calamities_in", "commodities", "deal_stacks", "draw", "hand_value", "set_value", "to_bottom"]
