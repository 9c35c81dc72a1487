"""A scripted die the script cannot give, met half-way through an action, leaves the state as it was.

A scenario's dice are checked only when the rules roll them (the size of a die is known then), so a bad one
used to be found after the action had begun: the cost paid, the log written, nobody left to act (the QA
pass's Mankind case below). ``State.apply`` now puts the state back and says which die of the script it was.
"""

from __future__ import annotations

import json
import random

import pytest

import ludoteca
from ludoteca.core import ScriptError, State


def _snapshot(state: State) -> str:
    return json.dumps([state.data, state.log, state.record(), state.to_act()], sort_keys=True, default=str)


def test_a_bad_die_met_in_the_middle_of_a_mankind_roll_changes_nothing() -> None:
    game = ludoteca.load_game("mankind", players=3)
    scenario = {"first_player": 0, "players": [{"turns": 1}]}
    state = game.new_state(seed=1, scenario=scenario, dice=[6, 1, 1, 1, 2, 4, 3, 2, 99])
    state.apply(0, "build nothing")
    before = _snapshot(state)
    with pytest.raises(ScriptError, match=r"scripted die 99 cannot be the result of a d10 \(die 9 of the script's 9"):
        state.apply(0, "roll again for 3 IP")
    assert _snapshot(state) == before  # the 3 IP unpaid, no log line, seat 0 still to act
    assert state.to_act() == [0]
    state.rng.script[:] = [5]  # the designer mends the script: the game goes on
    state.apply(0, "roll again for 3 IP")
    assert state.log[-1]["text"] != json.loads(before)[1][-1]["text"]


@pytest.mark.parametrize(("game_id", "dice"), [("mankind", [2, 1, *[3] * 10, 99]), ("arabian-struggle", [1, 1, 1, 99])])
def test_after_the_refused_action_the_game_plays_on_to_its_end(game_id: str, dice: list[int]) -> None:
    """Every part of a game's state comes back, not only ``data``: the game then plays to its end."""
    state = ludoteca.load_game(game_id, players=2).new_state(seed=1, dice=dice)
    chooser = random.Random(2)
    refused = 0
    while not state.is_over():
        seat = state.to_act()[0]
        action = chooser.choice(state.legal_actions(seat))
        before = _snapshot(state)
        try:
            state.apply(seat, action)
        except ScriptError:
            refused += 1
            assert _snapshot(state) == before
            state.rng.script.clear()
    assert refused == 1 and state.result()["winners"]
