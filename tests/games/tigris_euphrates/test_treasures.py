"""Treasures: edge case 12 (reference §1.10) — after every action, every kingdom with two or more
treasures and a trader gives the trader's owner all but one, framed temples first."""

from __future__ import annotations

from tests.games.tigris_euphrates.helpers import (
    act,
    commit_nothing,
    events,
    nonzero,
    start,
    step,
    texts,
    to_act,
    treasures,
)

# A kingdom around the framed temple B8: temples B8 (framed), B9 and C9, each with a treasure.
#        A     B     C
#  8    (A8)   T*    .
#  9     .     T     T
CORNER = {"B8": "red", "B9": "red", "C9": "red"}


def test_trader_takes_all_but_one_framed_first() -> None:
    """Edge case 12: three treasures, the framed B8 is taken first (no choice), then one of the other two
    by choice: one stays."""
    state = start(2, keep=("B8", "K11"), cells=CORNER, treasures=["B8", "B9", "C9", "K11"], hands=[[], []])
    act(state, "place trader on A8")
    assert step(state) == "take_treasure" and to_act(state) == 0
    assert treasures(state) == ["B9", "C9", "K11"]  # B8 went first, without asking
    assert texts(state) == ["take the treasure on B9", "take the treasure on C9"]
    act(state, "take the treasure on C9")
    assert treasures(state) == ["B9", "K11"] and nonzero(state, 0) == {"treasure": 2}
    assert step(state) == "action"  # one treasure left in the kingdom: done
    assert [e["square"] for e in events(state, "treasure")] == ["B8", "C9"]


def test_every_framed_temple_comes_before_the_rest() -> None:
    """Edge case 12 (0b01 defined only two corners): one kingdom from B2 (framed) down to B8 (framed), with
    a plain treasure on B9: both framed treasures go before the plain one, which stays."""
    column = {"B2": "red", "B3": "red", "B4": "blue", "B5": "red", "B6": "red", "B7": "blue", "B8": "red"}
    state = start(2, keep=("B2", "B8"), cells={**column, "B9": "red"}, treasures=["B2", "B8", "B9"])
    act(state, "place trader on A8")
    assert texts(state) == ["take the treasure on B2", "take the treasure on B8"]
    act(state, "take the treasure on B8")
    assert treasures(state) == ["B9"]  # B2 followed without a question
    assert [e["square"] for e in events(state, "treasure")] == ["B8", "B2"]


def test_no_trader_no_collection_until_one_arrives() -> None:
    """Reference §1.10: a kingdom without a trader keeps any number of treasures; a trader placed there
    collects after that action."""
    state = start(2, keep=("B8",), cells=CORNER, treasures=["B8", "B9", "C9"], leaders=[{"king": "A8"}, {}])
    assert step(state) == "action"
    act(state, "place trader on C8")
    assert step(state) == "take_treasure"


def test_the_trader_owner_chooses_out_of_turn() -> None:
    """Reference §1.10 and issue 5: the choice belongs to the trader's owner even in another's turn.

    Seat 1's trader (A8) has one treasure (B8); D9 and E9 hold two more in a leaderless region. Seat 0's
    tile on C9 joins them: B8 (framed) goes first, then seat 1 chooses between D9 and E9.
    """
    state = start(
        2,
        keep=("B8",),
        hands=[["red"], []],
        cells={"B8": "red", "B9": "red", "D9": "red", "E9": "red"},
        treasures=["B8", "D9", "E9"],
        leaders=[{}, {"trader": "A8"}],
    )
    act(state, "place red on C9")
    assert [(e["seat"], e["square"]) for e in events(state, "treasure")] == [(1, "B8")]
    assert step(state) == "take_treasure" and to_act(state) == 1
    assert texts(state) == ["take the treasure on D9", "take the treasure on E9"]
    act(state, "take the treasure on E9")
    assert nonzero(state, 1) == {"treasure": 2} and treasures(state) == ["D9"]
    assert to_act(state) == 0 and step(state) == "action"


def test_checked_after_every_action_for_every_kingdom() -> None:
    """Edge case 12: the check covers all kingdoms, not just the one around the last square; two kingdoms
    owing treasures are settled one after the other (ruling TE-R10)."""
    state = start(
        2,
        keep=("B8", "O9"),
        cells={"B8": "red", "B9": "red", "O9": "red", "O10": "red"},
        treasures=["B8", "B9", "O9", "O10"],
        leaders=[{"trader": "A8"}, {"trader": "P9"}],
    )
    act(state, "pass")  # far from both kingdoms
    taken = [(e["seat"], e["square"]) for e in events(state, "treasure")]
    assert taken == [(0, "B8"), (1, "O9")]  # framed ones; one treasure left in each kingdom
    assert treasures(state) == ["B9", "O10"]


def test_a_merged_kingdom_can_owe_several() -> None:
    """Edge case 12: after a unification a kingdom can hold three or more treasures: all but one go."""
    # A (seat 0): temple F5 with treasure, trader E5. B (seat 1): temples H5, I5, J5 with treasures, king K5.
    state = start(
        2,
        hands=[["black"], []],
        cells={"F5": "red", "H5": "red", "I5": "red", "J5": "red"},
        treasures=["F5", "H5", "I5", "J5"],
        leaders=[{"trader": "E5"}, {"king": "K5"}],
    )
    act(state, "place black on G5")  # no colour in both: no war; four treasures, one trader
    assert step(state) == "take_treasure" and to_act(state) == 0
    act(state, "take the treasure on H5", "take the treasure on J5")
    assert step(state) == "take_treasure"
    act(state, "take the treasure on F5")
    assert treasures(state) == ["I5"] and nonzero(state, 0) == {"treasure": 3}
    assert step(state) == "action"


def _trader_revolt(defender_commits: int):
    # Seat 1's trader (E5) holds F5's treasure; H5's treasure lies in a leaderless region. Seat 0's trader
    # on G5 joins them and revolts: 2 temples (F5, H5) against 1 (F5).
    state = start(
        2,
        hands=[[], ["red", "red"]],
        cells={"F5": "red", "H5": "red"},
        treasures=["F5", "H5"],
        leaders=[{}, {"trader": "E5"}],
    )
    act(state, "place trader on G5")  # seat 0 holds no red: it can only commit nothing (TE-R17)
    commit_nothing(state, 1)
    act(state, "commit no tiles" if defender_commits == 0 else f"commit {defender_commits} red")
    return state


def test_treasures_wait_for_the_revolt_the_winner_collects() -> None:
    """Reference §1.10: treasures are checked once all conflicts are resolved. If seat 0's trader wins it
    collects; if it loses, G5 is empty again, F5 and H5 fall apart, and nobody owes anything."""
    state = _trader_revolt(0)
    assert events(state, "revolt")[0]["winner"] == 0
    assert step(state) == "take_treasure" and to_act(state) == 0
    act(state, "take the treasure on H5")
    assert nonzero(state, 0) == {"red": 1, "treasure": 1} and nonzero(state, 1) == {}

    state = _trader_revolt(2)
    assert events(state, "revolt")[0]["winner"] == 1
    assert step(state) == "action" and to_act(state) == 0
    assert treasures(state) == ["F5", "H5"] and not events(state, "treasure")
    assert nonzero(state, 1) == {"red": 1} and nonzero(state, 0) == {}
