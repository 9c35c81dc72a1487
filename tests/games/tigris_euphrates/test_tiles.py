"""Placing civilization tiles: rivers, occupied squares, three kingdoms, scoring (reference §1.6).

Edge cases 10 (three kingdoms) and 15 (the king scores in the tile's colour; the point goes to the owner
of the leader, who need not be the active player).
"""

from __future__ import annotations

from ludoteca.games.tigris_euphrates.content import boards, square_name
from tests.games.tigris_euphrates.helpers import act, cell, events, hand, nonzero, start, step, targets, texts

ALL_COLOURS = ["red", "blue", "black", "green"]


def test_blue_only_on_rivers_and_the_rest_never() -> None:
    """Reference §1.6: blue tiles go only on river squares; red, black and green never do."""
    state = start(2, hands=[ALL_COLOURS, []])
    rivers = {square_name(s) for s in boards()["standard"].river}
    assert targets(state, "place blue on") == rivers and len(rivers) == 41
    for colour in ("red", "black", "green"):
        land = targets(state, f"place {colour} on")
        assert len(land) == 135 and not land & rivers


def test_tiles_need_an_empty_square() -> None:
    """Reference §1.6: no tile on a tile, a leader, a catastrophe or a monument."""
    state = start(
        2,
        hands=[["black"], []],
        cells={
            "F5": "red",
            "F6": "green",
            "G5": "catastrophe",
            "H4": "monument",
            "I4": "monument",
            "H5": "monument",
            "I5": "monument",
        },
        monuments={"black-green": "H4"},
        leaders=[{"king": "E5"}, {}],
    )
    legal = targets(state, "place black on")
    assert not {"F5", "F6", "G5", "H4", "I4", "H5", "I5", "E5"} & legal
    assert {"F4", "G6", "E6", "G4"} <= legal


def test_score_to_the_leader_of_the_tile_colour_even_an_opponent() -> None:
    """Edge case 15: the tile's point goes to the owner of the matching leader, not the active player."""
    state = start(2, hands=[["black", "green"], []], cells={"F5": "red"}, leaders=[{"trader": "F4"}, {"king": "E5"}])
    act(state, "place black on G5")
    assert nonzero(state, 1) == {"black": 1} and nonzero(state, 0) == {}
    assert hand(state, 0) == {"green": 1}  # the tile left the hand
    act(state, "place green on F6")
    assert nonzero(state, 0) == {"green": 1} and nonzero(state, 1) == {"black": 1}


def test_king_scores_in_the_tile_colour() -> None:
    """Edge case 15: with no priest in the kingdom the king's owner takes the red tile's point, in red."""
    state = start(2, hands=[["red"], []], cells={"F5": "red"}, leaders=[{"trader": "F4"}, {"king": "E5"}])
    act(state, "place red on G5")
    assert nonzero(state, 1) == {"red": 1} and nonzero(state, 0) == {}
    assert events(state, "score")[-1]["colour"] == "r"


def test_no_matching_leader_and_no_king_scores_nothing() -> None:
    """Reference §1.6: otherwise nobody scores."""
    state = start(2, hands=[["red"], []], cells={"F5": "red"}, leaders=[{"trader": "F4"}, {}])
    act(state, "place red on G5")
    assert nonzero(state, 0) == {} and nonzero(state, 1) == {}
    assert cell(state, "G5") == "red"


def test_tile_away_from_kingdoms_scores_nothing() -> None:
    """Reference §1.6: a tile that joins no kingdom (only a leaderless region, or nothing) scores nothing."""
    state = start(2, hands=[["black", "black"], []], cells={"F5": "red", "K5": "black"}, leaders=[{"king": "E5"}, {}])
    act(state, "place black on L5", "place black on K8")
    assert nonzero(state, 0) == {}


def test_kingdom_plus_leaderless_region_is_no_unification() -> None:
    """Reference §1.3: a tile touching one kingdom and a leaderless region enlarges the kingdom and scores."""
    state = start(2, hands=[["black"], []], cells={"F5": "red", "H5": "black"}, leaders=[{"king": "E5"}, {}])
    act(state, "place black on G5")
    assert nonzero(state, 0) == {"black": 1}
    assert state.data["unification"] == -1 and not events(state, "unification")
    assert step(state) == "action"


def test_three_kingdoms_are_never_joined() -> None:
    """Edge case 10: G5 touches kingdom A (F5), kingdom B (H5) and kingdom C (G4): no tile may go there."""
    state = start(
        3,
        hands=[ALL_COLOURS, [], []],
        cells={"F5": "red", "H5": "red", "G4": "black", "G3": "red"},
        leaders=[{"king": "E5"}, {"king": "I5"}, {"priest": "H3"}],
    )
    assert not [t for t in texts(state) if t.startswith("place") and t.endswith(" on G5")]
    assert "place red on H4" in texts(state)  # H4 touches H5 (B) and G4 (C) only


def test_three_kingdoms_through_a_leader() -> None:
    """Edge case 10: the third kingdom's only square next to G5 is a leader (G4): still three kingdoms."""
    state = start(
        3,
        hands=[ALL_COLOURS, [], []],
        cells={"F5": "red", "H5": "red", "G3": "red"},
        leaders=[{"king": "E5"}, {"king": "I5"}, {"farmer": "G4"}],
    )
    assert not [t for t in texts(state) if t.startswith("place") and t.endswith(" on G5")]
    assert "place red on F4" in texts(state)  # F4 touches F5 (A) and the farmer G4 (C): two, a war square


def test_diagonal_third_kingdom_does_not_count() -> None:
    """Edge case 10: a kingdom only diagonal to the square (H6) takes no part: a war of two kingdoms."""
    state = start(
        3,
        hands=[["red", "black"], ["black"], []],
        cells={"F5": "red", "G4": "red", "H6": "red"},
        leaders=[{"king": "E5"}, {"king": "G3"}, {"king": "I6"}],
    )
    assert "place red on G5" in texts(state)
    act(state, "place red on G5")
    assert step(state) == "war_commit"
    frame = state.data["stack"][-1]
    assert (frame["attacker"], frame["defender"], frame["colour"]) == (0, 1, "k")
    act(state, "commit 1 black", "commit 1 black")  # 0 supporters + 1 each: the defender wins the tie
    assert state.data["leaders"][2]["k"] >= 0  # the diagonal kingdom's king never fought
    assert [e["winner"] for e in events(state, "war")] == [1]
