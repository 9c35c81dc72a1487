"""Catastrophes: seed note point 2, edge cases 5 and 17 (reference §1.7)."""

from __future__ import annotations

from ludoteca.games.tigris_euphrates.content import boards, square_name
from tests.games.tigris_euphrates.helpers import (
    act,
    cell,
    events,
    hand,
    leader,
    nonzero,
    start,
    step,
    targets,
    texts,
    to_act,
)


def test_catastrophe_targets() -> None:
    """Edge case 17 and seed note 2: empty squares (rivers too) and ordinary tiles are legal; a treasure
    tile, a monument's tiles, a leader and another catastrophe are not."""
    state = start(
        2,
        keep=("I7",),
        cells={
            "F5": "red",
            "F6": "black",
            "G5": "catastrophe",
            "K4": "monument",
            "L4": "monument",
            "K5": "monument",
            "L5": "monument",
        },
        monuments={"black-red": "K4"},
        leaders=[{"king": "E5"}, {}],
    )
    legal = targets(state, "catastrophe on")
    assert {"F5", "F6", "A1", "H4", "E4", "G9"} <= legal  # tiles, land, river (E4, G9)
    assert not {"I7", "G5", "K4", "L4", "K5", "L5", "E5"} & legal
    everything = {square_name(s) for s in range(176)}
    assert legal == everything - {"I7", "G5", "K4", "L4", "K5", "L5", "E5"}
    assert {square_name(s) for s in boards()["standard"].river} <= legal


def test_catastrophe_on_a_tile_removes_it_and_blocks_for_good() -> None:
    """Seed note 2: the tile is removed, the square is blocked permanently; nobody scores."""
    state = start(
        2,
        hands=[["black"], []],
        cells={"F5": "red", "F6": "black"},
        leaders=[{"king": "E5"}, {}],
        keep=("K11", "F10", "B2"),
    )
    act(state, "catastrophe on F6")
    assert cell(state, "F6") == "catastrophe" and state.data["catastrophes"] == [1, 2]
    assert nonzero(state, 0) == {} and nonzero(state, 1) == {}
    assert hand(state, 0) == {"black": 1}  # catastrophes are not hand tiles
    legal = texts(state)
    assert not [t for t in legal if t.endswith(" on F6")]  # no tile, leader or catastrophe there again
    act(state, "pass")
    act(state, "pass", "pass")  # seat 1's turn
    assert cell(state, "F6") == "catastrophe"
    assert "place black on F6" not in texts(state) and "catastrophe on F6" not in texts(state)


def test_catastrophe_splits_a_kingdom_without_conflict() -> None:
    """Reference §1.7: a catastrophe breaks connectivity; the split never starts a conflict."""
    state = start(
        2,
        hands=[["black"], []],
        cells={"F5": "red", "G5": "black", "H5": "red"},
        leaders=[{"king": "E5"}, {"priest": "I5"}],
    )
    act(state, "catastrophe on G5")
    assert step(state) == "action" and not events(state, "revolt", "war", "unification")
    # The two halves are now separate kingdoms: G5 is blocked; G4 would touch neither.
    act(state, "place black on F4")  # scores for seat 0's king in the left half only
    assert nonzero(state, 0) == {"black": 1}


def test_catastrophe_spares_a_leader_with_another_temple() -> None:
    """Edge case 5 and seed note 2: a leader is withdrawn only when its last adjacent temple goes."""
    state = start(2, cells={"F5": "red", "E6": "red"}, leaders=[{"king": "E5"}, {}])
    act(state, "catastrophe on F5")
    assert leader(state, 0, "king") == "E5"  # E6 still touches it
    act(state, "catastrophe on E6")
    assert leader(state, 0, "king") is None
    assert events(state, "withdraw")[-1]["square"] == "E5"


def test_catastrophe_on_a_non_temple_never_strands() -> None:
    """Seed note 2: only a removed temple can strand a leader."""
    state = start(2, cells={"F5": "red", "E6": "black"}, leaders=[{"king": "E5"}, {}])
    act(state, "catastrophe on E6")
    assert leader(state, 0, "king") == "E5"


def test_catastrophes_run_out() -> None:
    """Reference §1.1: two catastrophes per player, never replenished."""
    state = start(2, keep=("K11", "F10", "B2"), bag=["black"] * 30)
    act(state, "catastrophe on A1", "catastrophe on A2")
    assert state.data["catastrophes"] == [0, 2]
    act(state, "pass", "pass")
    assert state.data["catastrophes"] == [0, 2] and to_act(state) == 0
    assert not [t for t in texts(state) if t.startswith("catastrophe")]
