"""A seat knows the cards it saw go into another hand, and a redraw of the hidden hands keeps them there.

The research QA pass of session 26 found redraws (``resample``: the search's determinizations, OpenSpiel's
``resample_from_infostate``) that moved the cards a seat had just traded away out of its partner's hand, in every
redraw: worlds the seat can rule out, though the redraw's contract says it never draws one.
"""

from __future__ import annotations

import random
from collections import Counter

import ludoteca
from ludoteca.games.advanced_civilization import hand_knowledge
from ludoteca.games.advanced_civilization.state import CivState
from tests.games.advanced_civilization.helpers import position
from tests.games.advanced_civilization.test_choices import HANDS3, OPEN, name_two_and_a_hidden_card


def _traded() -> CivState:
    """Seat 2 gives Ochre, Ochre and Hides (undeclared) for seat 1's Salt, Salt and Timber (undeclared)."""
    state = position(seats=3, players=HANDS3, phases=["trade"], options=OPEN)
    state.apply(2, f"propose a trade to {state.who(1)}")
    name_two_and_a_hidden_card(state, 2, "Ochre")
    state.apply(1, "answer with an offer")
    name_two_and_a_hidden_card(state, 1, "Salt", verb="answer with")
    state.apply(2, "accept the trade")
    assert sorted(state.data["players"][1]["hand"]) == ["Hides", "Ochre", "Ochre", "Timber"]
    return state


def test_the_traders_know_what_changed_hands_and_a_redraw_keeps_it() -> None:
    state = _traded()
    known = state.data["held_known"]
    assert sorted(known[2][1]) == ["Hides", "Ochre", "Ochre"] and sorted(known[1][2]) == ["Salt", "Salt", "Timber"]
    assert known[0] == [[], [], []]  # seat 0 saw no card
    for k in range(20):
        world = state.clone()
        world.resample(2, random.Random(k))
        assert Counter(world.data["players"][1]["hand"]) >= Counter(["Hides", "Ochre", "Ochre"])
        assert world.view(2) == state.view(2)
    moved = 0
    for k in range(20):  # seat 0 knows nothing of either hand: its redraws move the traded cards freely
        world = state.clone()
        world.resample(0, random.Random(k))
        moved += not Counter(world.data["players"][1]["hand"]) >= Counter(["Hides", "Ochre", "Ochre"])
    assert moved > 10


def test_a_card_handed_in_in_public_may_have_been_the_known_one() -> None:
    state = _traded()
    hand_knowledge.shown_and_gone(state, 1, ["Ochre"])  # as when seat 1 hands in an Ochre to buy an advance
    assert sorted(state.data["held_known"][2][1]) == ["Hides", "Ochre"]


def test_knowledge_never_claims_a_card_the_hand_does_not_hold_in_whole_games() -> None:
    """Random 3-player games from the developed start (trades, pillages, purchases, calamities): at every step
    each seat's knowledge is a part of the hand it is about (the debug invariants check it too), and every
    redraw keeps it."""
    game = ludoteca.load_game("advanced-civilization", players=3, options={"start": "developed"})
    chooser = random.Random(4)
    checked = 0
    for seed in range(2):
        state = game.new_state(seed=seed)
        for step in range(1500):
            if state.is_over():
                break
            seat = min(state.to_act())
            state.apply_legal(seat, state.random_action(seat, chooser))
            data = state.data
            for watcher, row in enumerate(data["held_known"]):
                for other, known in enumerate(row):
                    assert not Counter(known) - Counter(data["players"][other]["hand"]), (seed, step, watcher, other)
            if step % 50 == 0 and any(any(row) for row in data["held_known"]):
                watcher = next(s for s, row in enumerate(data["held_known"]) if any(row))
                world = state.clone()
                world.resample(watcher, random.Random(step))
                deal = data["trade"]
                for other, known in enumerate(data["held_known"][watcher]):
                    offering = deal is not None and other in (deal["from"], deal["to"])
                    if other != watcher and not offering:
                        assert Counter(world.data["players"][other]["hand"]) >= Counter(known)
                checked += 1
    assert checked > 5
