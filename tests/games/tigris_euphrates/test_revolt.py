"""Revolts (internal conflicts): seed note point 3 and edge case 1 (reference §1.8).

The kingdom: temples F5, E6 and H5. Seat 1's leader stands on E5 (temples F5 and E6 next to it: 2);
seat 0 puts its leader of the same colour on G5 (temples F5 and H5: 2).
"""

from __future__ import annotations

import pytest

from tests.games.tigris_euphrates.helpers import (
    act,
    cell,
    commit_nothing,
    events,
    hand,
    leader,
    nonzero,
    start,
    step,
    texts,
    to_act,
)

KINGDOM = {"F5": "red", "E6": "red", "H5": "red"}


def _revolt(which: str = "king", hands=(["red", "red", "black"], ["red", "red"])):
    state = start(
        2,
        hands=[list(hands[0]), list(hands[1])],
        cells=KINGDOM,
        leaders=[{}, {which: "E5"}],
        bag=["green"] * 20,
    )
    act(state, f"place {which} on G5")
    return state


def test_attacker_then_defender_commit_once_each() -> None:
    """Seed note 3: first the attacker, then the defender, may each commit temples from hand, once."""
    state = _revolt()
    assert step(state) == "revolt_commit" and to_act(state) == 0
    assert texts(state) == ["commit no tiles", "commit 1 red", "commit 2 red"]
    act(state, "commit 1 red")
    assert step(state) == "revolt_commit" and to_act(state) == 1  # the defender's own decision
    assert texts(state) == ["commit no tiles", "commit 1 red", "commit 2 red"]
    act(state, "commit no tiles")
    assert step(state) == "action" and to_act(state) == 0  # resolved; seat 0's second action
    assert events(state, "revolt")[0]["strengths"] == [3, 2]


@pytest.mark.parametrize("which", ["king", "priest", "farmer", "trader"])
def test_higher_total_wins_and_the_reward_is_always_red(which: str) -> None:
    """Seed note 3 and edge case 1: 2 temples + 1 committed beats 2; the winner gains one red point
    whatever the leaders' colour; the loser's leader returns to supply."""
    state = _revolt(which)
    act(state, "commit 1 red", "commit no tiles")
    assert leader(state, 1, which) is None and leader(state, 0, which) == "G5"
    assert nonzero(state, 0) == {"red": 1} and nonzero(state, 1) == {}


def test_a_player_without_red_tiles_is_still_asked_to_commit() -> None:
    """TE-R17: the defender holds no red, so "commit no tiles" is his only answer; he is asked all the same, so
    the table cannot tell his hand from a hand that chose to commit nothing."""
    state = start(2, hands=[["red"], []], cells={**KINGDOM, "K5": "red"}, leaders=[{"priest": "K6"}, {"priest": "E5"}])
    act(state, "move priest from K6 to G5", "commit 1 red")
    assert step(state) == "revolt_commit" and to_act(state) == 1 and texts(state) == ["commit no tiles"]


def test_defender_wins_ties() -> None:
    """Seed note 3: 2 + 1 against 2 + 1: the defender wins the tie."""
    state = _revolt()
    act(state, "commit 1 red", "commit 1 red")
    assert events(state, "revolt")[0]["strengths"] == [3, 3]
    assert leader(state, 0, "king") is None and leader(state, 1, "king") == "E5"
    assert nonzero(state, 1) == {"red": 1} and nonzero(state, 0) == {}


def test_base_strength_counts_adjacent_temples_only() -> None:
    """Seed note 3: strength is the temples next to each leader, not the kingdom's temples."""
    state = start(
        2,
        hands=[["red"], ["red"]],
        cells={"F5": "red", "E6": "red", "E4": "red", "H5": "red", "H4": "red", "H6": "red", "G4": "black"},
        leaders=[{}, {"king": "E5"}],
    )
    act(state, "place king on G5")  # next to F5, H5 (red) and G4 (black): 2; E5 has F5, E6, E4: 3
    act(state, "commit no tiles", "commit no tiles")
    assert events(state, "revolt")[0]["strengths"] == [2, 3]
    assert leader(state, 0, "king") is None


def test_committed_temples_leave_the_game_and_no_board_tile_moves() -> None:
    """Seed note 3: all committed temples are out of the game; the board is untouched."""
    state = _revolt(hands=(["red", "red", "black"], ["red", "red"]))
    bag = list(state.data["bag"])
    cells = list(state.data["cells"])
    act(state, "commit 2 red", "commit 2 red")
    assert hand(state, 0) == {"black": 1} and hand(state, 1) == {}
    assert state.data["bag"] == bag  # not returned to the bag
    assert state.data["cells"] == cells
    assert all(cell(state, name) == "red" for name in KINGDOM)
    # 2 + 2 against 2 + 2: the defender holds.
    assert leader(state, 1, "king") == "E5" and nonzero(state, 1) == {"red": 1}


def test_a_moved_leader_revolts_too() -> None:
    """Reference §1.5: moving a leader into a kingdom with a rival of its colour starts a revolt."""
    state = start(
        2,
        hands=[[], []],
        cells={**KINGDOM, "K5": "red"},
        leaders=[{"priest": "K6"}, {"priest": "E5"}],
    )
    act(state, "move priest from K6 to G5")
    # No red in either hand: both can only commit nothing, and are asked all the same (TE-R17).
    commit_nothing(state, 2)
    assert events(state, "revolt")[0]["strengths"] == [2, 2]
    assert leader(state, 0, "priest") is None and nonzero(state, 1) == {"red": 1}


def test_a_tile_never_starts_a_revolt() -> None:
    """Reference §1.8: a revolt is caused only by a leader; a tile joining a leaderless region does not."""
    state = start(
        2,
        hands=[["red"], []],
        cells={"F5": "red", "H5": "red"},
        leaders=[{"king": "E5"}, {}],
    )
    act(state, "place red on G5")
    assert step(state) == "action" and not events(state, "revolt")
