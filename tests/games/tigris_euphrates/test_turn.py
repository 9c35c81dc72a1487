"""The turn: two actions (pass and swap included), then the end of the turn: monument points for the
active player, refills for every player, the end checks. Edge cases 13 and 14; seed note point 6
(reference §1.4 and §1.11)."""

from __future__ import annotations

import pytest

from ludoteca import IllegalAction
from tests.games.tigris_euphrates.helpers import (
    act,
    cell,
    events,
    hand,
    hand_size,
    nonzero,
    start,
    step,
    texts,
    to_act,
    treasures,
)

FAR = ("K11", "F10", "B2")  # three treasures far away: the game goes on past the end of a turn


def test_two_actions_then_the_next_seat() -> None:
    """Reference §1.4: two actions per turn, the same one twice if wished; then the next seat plays."""
    state = start(3, keep=FAR, hands=[["black", "black"], [], []], bag=["blue"] * 40)
    assert to_act(state) == 0 and state.data["actions_left"] == 2
    act(state, "place black on H5")
    assert to_act(state) == 0 and state.data["actions_left"] == 1
    act(state, "place black on H6")
    assert to_act(state) == 1 and state.data["current"] == 1 and state.data["actions_left"] == 2
    assert state.data["turn"] == 2
    act(state, "pass", "pass")
    assert to_act(state) == 2
    act(state, "pass", "pass")
    assert to_act(state) == 0 and state.data["turn"] == 4


def test_passing_uses_an_action() -> None:
    """Ruling TE-R3: a pass is one of the two actions; passing twice ends the turn."""
    state = start(2, keep=FAR, bag=["blue"] * 40)
    assert "pass" in texts(state)
    act(state, "pass")
    assert to_act(state) == 0 and state.data["actions_left"] == 1
    act(state, "pass")
    assert to_act(state) == 1


def test_swap_discards_and_draws_as_many() -> None:
    """Reference §1.4: swap 1-6 hand tiles; they leave the game; draw as many from the bag, in order."""
    state = start(
        2,
        keep=FAR,
        hands=[["red", "red", "blue", "black", "green", "green"], []],
        bag=["black", "black", "green", "red"],
    )
    swaps = [t for t in texts(state) if t.startswith("swap")]
    assert "swap red, red, blue" in swaps and "swap red, red, blue, black, green, green" in swaps
    assert len(swaps) == len(set(swaps))
    assert "swap red, red, red" not in swaps  # only tiles in hand
    act(state, "swap red, red, blue")
    assert hand(state, 0) == {"black": 3, "green": 3}
    assert state.data["bag"] == ["r"]  # the discarded tiles are not put back
    assert state.data["catastrophes"][0] == 2  # catastrophes are never swapped
    assert to_act(state) == 0 and state.data["actions_left"] == 1


def test_swap_with_an_empty_hand_is_not_offered() -> None:
    state = start(2, keep=FAR)
    assert not [t for t in texts(state) if t.startswith("swap")]


def test_every_player_refills_at_the_end_of_the_turn() -> None:
    """Edge case 14: the defender who spent tiles in a revolt during seat 0's turn refills at the end of
    that turn (not straight after the conflict), and so does seat 2; the active player draws first."""
    state = start(
        3,
        keep=FAR,
        cells={"F5": "red", "E6": "red", "H5": "red"},
        hands=[["red", "red", "black"], ["red", "red", "red", "blue", "blue", "blue"], ["green"] * 5],
        leaders=[{}, {"king": "E5"}, {}],
        bag=["black"] * 5 + ["blue"] * 2 + ["green"] * 3,
    )
    act(state, "place king on G5", "commit 2 red", "commit 1 red")  # 2 + 2 against 2 + 1
    assert hand_size(state, 1) == 5 and hand_size(state, 0) == 1  # no refill after the conflict
    act(state, "pass")
    # End of turn: seat 0 draws 5 (black), then seat 1 draws 1, then seat 2 draws 1.
    assert hand(state, 0) == {"black": 6}
    assert hand(state, 1) == {"red": 2, "blue": 4}
    assert hand(state, 2) == {"green": 5, "blue": 1}
    assert state.data["bag"] == ["g"] * 3
    assert to_act(state) == 1


def test_draws_are_private_events() -> None:
    """Reference §1.4: refills are drawn from the bag; only the drawer's log shows what was drawn."""
    state = start(2, keep=FAR, bag=["black"] * 6 + ["green"] * 6)
    act(state, "pass", "pass")
    draws = events(state, "draw_private")
    assert [e["seats"] for e in draws] == [[0], [1]]
    assert all(e["type"] != "draw_private" for e in state.visible_log(None))


def test_game_ends_at_the_end_of_the_turn_with_two_or_fewer_treasures() -> None:
    """Edge case 13 and seed note 6: a trader takes two treasures in one action (3 left to 1); the game
    goes on to the end of the turn (the second action is played), then ends after the refills."""
    state = start(
        2,
        keep=("B8",),
        cells={"B8": "red", "B9": "red", "C9": "red", "K5": "red"},
        treasures=["B8", "B9", "C9", "K5"],
        hands=[["black"], []],
        bag=["blue"] * 20,
    )
    act(state, "place trader on A8", "take the treasure on C9")
    assert treasures(state) == ["B9", "K5"] and not state.is_over()
    assert to_act(state) == 0 and step(state) == "action"  # not the end yet: the second action waits
    act(state, "place black on L5")
    assert state.is_over() and state.to_act() == []
    assert hand_size(state, 0) == 6 and hand_size(state, 1) == 6  # refills came first
    assert "2 treasure" in state.result()["end"]


def test_three_treasures_do_not_end_the_game() -> None:
    """Edge case 13: the test is "two or fewer", so three treasures play on."""
    state = start(2, keep=("K11", "F10", "B2"), bag=["blue"] * 40)
    act(state, "pass", "pass")
    assert not state.is_over() and to_act(state) == 1


def test_one_treasure_left_also_ends() -> None:
    """Edge case 13 (0b01 tested == 2): one treasure left ends the game as well."""
    state = start(2, keep=("K11",), bag=["blue"] * 40)
    act(state, "pass", "pass")
    assert state.is_over() and "1 treasure" in state.result()["end"]


def test_a_swap_the_bag_cannot_supply_ends_the_game_at_once() -> None:
    """Edge case 13: a draw the bag cannot fill ends the game immediately; the drawer takes what is left."""
    state = start(2, keep=FAR, hands=[["red", "red", "red"], []], bag=["green", "green"])
    act(state, "swap red, red, red")
    assert state.is_over() and state.to_act() == []
    assert hand(state, 0) == {"green": 2} and state.data["bag"] == []
    assert "bag" in state.result()["end"]
    with pytest.raises(IllegalAction):
        state.apply(0, "pass")  # the second action is never played


def test_a_refill_the_bag_cannot_supply_ends_the_game() -> None:
    """Edge case 13 and ruling TE-R7: the active player refills first; the next player takes what is left
    and the game ends at once (seat 2 never draws)."""
    state = start(3, keep=FAR, hands=[["black"] * 3, ["blue"] * 2, []], bag=["red"] * 4)
    act(state, "pass", "pass")
    assert state.is_over()
    assert hand(state, 0) == {"black": 3, "red": 3} and hand(state, 1) == {"blue": 2, "red": 1}
    assert hand(state, 2) == {} and state.data["bag"] == []  # seat 1 needed 4, the bag held 1
    assert "seat 1" in state.result()["end"]


def test_a_bag_emptied_by_the_refills_ends_the_game_at_the_end_of_the_turn() -> None:
    """Seed note 6: the game ends when "the bag is empty" — checked at the end of the turn, after the
    refills (docs/rulings.md TE-R13); here the last tile goes to seat 1's refill."""
    state = start(2, keep=FAR, hands=[["black"] * 6, ["blue"] * 5], bag=["red"])
    act(state, "pass", "pass")
    assert state.is_over() and state.data["bag"] == [] and state.result()["end"] == "the bag is empty"
    assert state.data["hands"][1]["r"] == 1


def test_monument_points_come_before_the_end() -> None:
    """Reference §1.4: at the end of the turn the monument points come first, then refills and the end
    check, so the last turn's monument still pays."""
    state = start(
        2,
        keep=("K11",),
        cells={"F4": "monument", "G4": "monument", "F5": "monument", "G5": "monument", "H5": "red"},
        monuments={"black-green": "F4"},
        leaders=[{"king": "I5"}, {}],
        bag=["blue"] * 40,
    )
    act(state, "pass", "pass")
    assert state.is_over() and nonzero(state, 0) == {"black": 1}
    assert cell(state, "F4") == "monument"


def test_monument_points_only_for_the_active_player() -> None:
    """Edge case 16 (with test_monuments): seats 1 and 2 own the monument's leaders; at the end of seat 0's
    turn nobody scores; each scores at the end of its own turn only."""
    state = start(
        3,
        keep=FAR,
        cells={"F4": "monument", "G4": "monument", "F5": "monument", "G5": "monument", "H5": "red", "E5": "red"},
        monuments={"black-green": "F4"},
        leaders=[{}, {"king": "I5"}, {"trader": "E6"}],
        bag=["blue"] * 60,
    )
    act(state, "pass", "pass")
    assert [nonzero(state, s) for s in range(3)] == [{}, {}, {}]
    act(state, "pass", "pass")
    assert [nonzero(state, s) for s in range(3)] == [{}, {"black": 1}, {}]
    act(state, "pass", "pass")
    assert [nonzero(state, s) for s in range(3)] == [{}, {"black": 1}, {"green": 1}]
