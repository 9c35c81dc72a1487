"""Hidden information: what a seat sees depends only on what it may know.

Generic half, for every game and seat: redrawing everything the seat cannot see (``resample``: the other
hands, the draw piles, the dice to come) changes neither its view, nor the log it reads, nor the actions
it is offered — so neither the view nor the options can leak a secret — and the redrawn state still keeps
every invariant (search agents play on such states). Game half (``hidden_checks.py``): along
random games, no view or readable log event names a card or tile that seat may not see.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core import Rng, load_game
from tests.reliability.helpers import CASE_IDS, CASES, GAMES, examples, length, play
from tests.reliability.hidden_checks import CHECKS


def _seen(state: Any, seat: int) -> str:
    options = [a.text for a in state.legal_actions(seat)]
    return json.dumps({"view": state.view(seat), "log": state.visible_log(seat), "options": options}, sort_keys=True)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@examples(4)
@given(seed=st.integers(0, 2**32), fraction=st.floats(0, 1.2), redraw=st.integers(0, 2**32))
def test_resampling_hidden_information_changes_nothing_a_seat_sees(
    game_id: str, players: int, seed: int, fraction: float, redraw: int
) -> None:
    state = play(game_id, players, seed, int(fraction * length(game_id)))
    for seat in range(players):
        twin = state.clone()
        twin.resample(seat, random.Random(redraw + seat))
        assert _seen(twin, seat) == _seen(state, seat), f"resampling for seat {seat} changed what it sees"
        assert twin.check_invariants() == [], f"resampling for seat {seat} broke the game's invariants"


def test_every_game_has_a_secrets_check() -> None:
    assert sorted(CHECKS) == sorted(GAMES)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@examples(2)
@given(seed=st.integers(0, 2**32))
def test_no_view_or_log_names_what_a_seat_may_not_see(game_id: str, players: int, seed: int) -> None:
    check = CHECKS[game_id]
    state = load_game(game_id, players).new_state(seed=seed)
    chooser = Rng(seed)
    read = [0] * players
    for step in range(3 * length(game_id)):
        for seat in range(players):
            visible = state.visible_log(seat)
            problems = check(state, seat, visible[read[seat] :])
            read[seat] = len(visible)
            assert not problems, f"after {step} actions: {problems}"
        if state.is_over():
            break
        waiting = state.to_act()
        seat = waiting[chooser.randrange(len(waiting))]
        state.apply_legal(seat, state.random_action(seat, chooser))


def test_tigris_open_scoring_is_not_flagged() -> None:
    """With ``scoring=open`` points are public: the check must not call them a leak."""
    state = load_game("tigris-euphrates", 2, {"scoring": "open"}).new_state(seed=2)
    assert CHECKS["tigris-euphrates"](state, 0, []) == []


def test_secrets_checks_catch_a_leak() -> None:
    """The checks are not vacuous: a view or an event that shows a secret is reported."""
    state = play("tigris-euphrates", 2, 4, 10)
    leak = {"type": "draw", "text": "You draw red, red."}
    assert CHECKS["tigris-euphrates"](state, 0, [leak])
    cards = play("arabian-struggle", 3, 4, 5)
    secret = cards.data["deck"][0]
    assert CHECKS["arabian-struggle"](cards, 0, [{"type": "x", "text": "", "card": secret}])
