"""Positioning leaders: seed note point 1 and edge cases 6 and 7 (reference §1.5)."""

from __future__ import annotations

import pytest

from ludoteca import IllegalAction
from tests.games.tigris_euphrates.helpers import (
    STANDARD_TEMPLES,
    act,
    events,
    leader,
    sq,
    start,
    step,
    targets,
    texts,
)
from tests.games.tigris_euphrates.test_board import STANDARD_GRID


def _land_next_to_temples() -> set[str]:
    found = set()
    for name in STANDARD_TEMPLES:
        index = sq(name)
        row, col = divmod(index, 16)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < 11 and 0 <= c < 16 and STANDARD_GRID[r][c] == ".":
                found.add(f"{chr(65 + c)}{r + 1}")
    return found


@pytest.mark.parametrize("which", ["king", "priest", "farmer", "trader"])
def test_placement_on_empty_land_next_to_a_temple(which: str) -> None:
    """Seed note 1: a leader goes on an empty land square next to a temple, never on a river."""
    state = start(2, seed=3, clear=False)
    legal = targets(state, f"place {which} on")
    assert legal == _land_next_to_temples()
    assert {"F2", "F4", "G3"} <= legal  # F3's land neighbours ...
    assert "E3" not in legal  # ... but not its river neighbour
    assert {"M5", "N6"} <= legal and not {"N4", "O5"} & legal  # N5: river N4 and O5 left out
    assert not legal & set(STANDARD_TEMPLES)  # never on a tile
    assert all(not targets(state, f"place {other} on") - legal for other in ("king", "priest", "farmer", "trader"))


def test_placement_needs_an_empty_square() -> None:
    """Seed note 1: a square next to a temple holding a tile, a catastrophe or a leader is not empty."""
    state = start(
        2,
        cells={"F5": "red", "F4": "black", "G5": "catastrophe", "F6": "blue"},
        leaders=[{"king": "E5"}, {}],
    )
    assert targets(state, "place priest on") == set()  # F4 tile, G5 catastrophe, E5 leader, F6 tile
    state = start(2, cells={"F5": "red"}, leaders=[{"king": "E5"}, {}])
    assert targets(state, "place priest on") == {"F4", "G5", "F6"}


def test_placement_needs_a_face_up_temple() -> None:
    """Seed note 1 with point 5: face-down (monument) tiles are no temples; other colours are none either."""
    state = start(
        2,
        cells={"F4": "monument", "G4": "monument", "F5": "monument", "G5": "monument", "J5": "black"},
        monuments={"red-blue": "F4"},
    )
    assert targets(state, "place king on") == set()


def test_placement_never_unites_two_kingdoms() -> None:
    """Seed note 1: no leader may go where it would join two kingdoms (G5 touches both temples)."""
    scenario = {"cells": {"F5": "red", "H5": "red"}, "leaders": [{"king": "E5"}, {"king": "I5"}]}
    state = start(2, **scenario)
    assert "G5" not in targets(state, "place priest on")
    assert targets(state, "place priest on") == {"F4", "F6", "H4", "H6"}
    assert "place priest on G5" not in texts(state)
    # With no leader beyond H5 it is a leaderless region, not a kingdom: joining it is allowed.
    state = start(2, cells={"F5": "red", "H5": "red"}, leaders=[{"king": "E5"}, {}])
    assert "G5" in targets(state, "place priest on")
    act(state, "place priest on G5")
    assert step(state) == "action" and leader(state, 0, "priest") == "G5"


def test_move_inside_own_kingdom_is_no_revolt() -> None:
    """Edge case 6: the moved leader is taken off first, so it never revolts against itself."""
    state = start(2, cells={"F5": "red", "F6": "red"}, leaders=[{"king": "E5"}, {}])
    act(state, "move king from E5 to E6")
    assert leader(state, 0, "king") == "E6"
    assert step(state) == "action" and state.data["actions_left"] == 1  # a move is one action
    assert not events(state, "revolt")


def test_move_cannot_rebridge_two_kingdoms() -> None:
    """Edge case 6: a leader that bridged two kingdoms cannot be put back so as to join them again.

    F5 F6 | G5 G6 | H5 H6: seat 0's king on G5 joins the left kingdom (priest E5) and the right one
    (seat 1's farmer I5). Taken off, the two are separate, and G6 touches both.
    """
    state = start(
        2,
        cells={"F5": "red", "F6": "red", "H5": "red", "H6": "red"},
        leaders=[{"king": "G5", "priest": "E5"}, {"farmer": "I5"}],
    )
    moves = targets(state, "move king from G5 to")
    assert "G6" not in moves and "G5" not in moves
    assert {"E6", "F4", "F7", "H4", "H7", "I6"} <= moves
    act(state, "move king from G5 to E6")
    assert leader(state, 0, "king") == "E6"
    assert "place king on G6" not in texts(state) and "place priest on G6" not in texts(state)


def test_withdraw_returns_the_leader_to_supply() -> None:
    """Reference §1.5: withdrawing is one action; the leader can be placed again."""
    state = start(2, cells={"F5": "red"}, leaders=[{"king": "E5"}, {}])
    act(state, "withdraw king from E5")
    assert leader(state, 0, "king") is None and state.data["actions_left"] == 1
    assert "E5" in targets(state, "place king on")
    act(state, "place king on G5")
    assert leader(state, 0, "king") == "G5"


def test_only_the_owner_may_withdraw() -> None:
    """Edge case 7: seat 0 is offered its own leaders only; another seat's leader cannot be withdrawn."""
    state = start(2, cells={"F5": "red", "J5": "red"}, leaders=[{"king": "E5"}, {"farmer": "K5", "king": "J4"}])
    withdrawals = [t for t in texts(state) if t.startswith("withdraw")]
    assert withdrawals == ["withdraw king from E5"]
    with pytest.raises(IllegalAction):
        state.apply(0, "withdraw farmer from K5")
    with pytest.raises(IllegalAction):
        state.apply(1, "withdraw farmer from K5")  # not seat 1's turn either
    assert not [t for t in texts(state) if t.startswith("move farmer") or t.startswith("move king from J4")]
    assert leader(state, 1, "farmer") == "K5"
