"""What each seat knows of the others' hands: the cards it saw go into them, for as long as they must be there.

A trade shows the two traders every card that changed hands, the undeclared ones too (§28), and a pillage shows
the stolen card to both sides (§24.53): each then knows the other holds those cards. The redraw of hidden hands
(``CivState._redraw``, for search and for OpenSpiel's ``resample_from_infostate``) must keep them there, or it
draws worlds the seat can rule out. Knowledge is given up the moment it may be wrong: a card its holder hands in,
returns or resolves in public takes one card of its kind off what every seat knew of that hand (it may have been
the known one), and a trade or pillage a seat did not see clears what it knew of both hands.

``data["held_known"][seat][other]`` lists the cards ``seat`` knows ``other`` holds, always a part of that hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludoteca.games.advanced_civilization.state import CivState

KEY = "held_known"


def fresh(players: int) -> list[list[list[str]]]:
    """Nobody knows any card of another hand: the stacks are dealt face down."""
    return [[[] for _ in range(players)] for _ in range(players)]


def _take(known: list[str], cards: Iterable[str]) -> None:
    for card in cards:
        if card in known:
            known.remove(card)


def exchanged(state: CivState, first: int, second: int, first_gave: list[str], second_gave: list[str]) -> None:
    """``first`` and ``second`` saw each other's cards change hands (a trade; a pillage gives one way only)."""
    table = state.data[KEY]
    for seat in range(state.players):
        if seat not in (first, second):  # any card of either hand may have moved
            table[seat][first] = []
            table[seat][second] = []
    _take(table[second][first], first_gave)
    _take(table[first][second], second_gave)
    table[first][second].extend(first_gave)
    table[second][first].extend(second_gave)


def shown_and_gone(state: CivState, holder: int, cards: Iterable[str]) -> None:
    """``holder`` gave up ``cards`` in front of everyone (handed in, returned, resolved as calamities)."""
    cards = list(cards)
    table = state.data[KEY]
    for seat in range(state.players):
        if seat != holder:
            _take(table[seat][holder], cards)
