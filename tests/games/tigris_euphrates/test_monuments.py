"""Monuments: seed note point 5, edge cases 2, 3, 4 and 16, and the open case of a red monument over a
treasure temple (ruling TE-R6) (reference §1.9)."""

from __future__ import annotations

from ludoteca.games.tigris_euphrates.content import square_name
from tests.games.tigris_euphrates.helpers import (
    act,
    cell,
    commit_nothing,
    events,
    leader,
    nonzero,
    sq,
    start,
    step,
    targets,
    texts,
    to_act,
    treasures,
)

FAR = ("K11", "F10", "B2")  # three treasures far away keep the game going past the end of a turn
MONUMENT = {"F4": "monument", "G4": "monument", "F5": "monument", "G5": "monument"}


def _built(corner: str) -> dict[str, str]:
    """The four face-down cells of a monument whose top-left square is ``corner``."""
    top = sq(corner)
    return {square_name(s): "monument" for s in (top, top + 1, top + 16, top + 17)}


def _square(colour: str) -> dict[str, str]:
    return {"F4": colour, "G4": colour, "F5": colour}


def test_completing_a_square_offers_matching_monuments_and_it_is_optional() -> None:
    """Edge case 2 and seed note 5: the active player may build a monument with one matching colour,
    or none."""
    state = start(2, hands=[["black"], []], cells=_square("black"))
    act(state, "place black on G5")
    assert step(state) == "monument_check" and to_act(state) == 0
    assert texts(state) == [
        "build the black-green monument on F4",
        "build the black-blue monument on F4",
        "build the black-red monument on F4",
        "build no monument",
    ]
    act(state, "build no monument")
    assert all(cell(state, name) == "black" for name in ("F4", "G4", "F5", "G5"))
    assert all(at < 0 for at in state.data["monuments"].values())
    assert step(state) == "action"


def test_building_turns_the_tiles_face_down() -> None:
    """Seed note 5: the four tiles are turned face down and the monument is placed on them."""
    state = start(2, hands=[["black"], []], cells=_square("black"))
    act(state, "place black on G5", "build the black-green monument on F4")
    assert all(cell(state, name) == "monument" for name in ("F4", "G4", "F5", "G5"))
    assert state.data["monuments"]["kg"] == sq("F4")


def test_a_built_monument_is_no_longer_offered() -> None:
    """Reference §1.1: six monuments, one of each pair; one already built is not offered again."""
    cells = {**_square("black"), **_built("A10")}
    state = start(2, hands=[["black"], []], cells=cells, monuments={"black-green": "A10"})
    act(state, "place black on G5")
    assert texts(state) == [
        "build the black-blue monument on F4",
        "build the black-red monument on F4",
        "build no monument",
    ]


def test_no_free_monument_of_the_colour_means_no_question() -> None:
    """Seed note 5: a black square with black-green, black-blue and black-red all built asks nothing."""
    cells = {**_square("black"), **_built("A10"), **_built("C10"), **_built("M10")}
    monuments = {"black-green": "A10", "black-blue": "C10", "black-red": "M10"}
    state = start(2, hands=[["black"], []], cells=cells, monuments=monuments)
    act(state, "place black on G5")
    assert step(state) == "action"


def test_several_squares_the_player_chooses() -> None:
    """Edge case 3: G5 completes three black squares (corners F4, G4, F5); the player picks one."""
    cells = {"F4": "black", "G4": "black", "H4": "black", "F5": "black", "H5": "black", "F6": "black", "G6": "black"}
    state = start(2, hands=[["black"], []], cells=cells)
    act(state, "place black on G5")
    options = texts(state)
    assert len(options) == 3 * 3 + 1
    assert {t.rsplit(" ", 1)[1] for t in options if t.startswith("build the")} == {"F4", "G4", "F5"}
    act(state, "build the black-red monument on G4")
    assert [cell(state, n) for n in ("G4", "H4", "G5", "H5")] == ["monument"] * 4
    assert [cell(state, n) for n in ("F4", "F5", "F6", "G6")] == ["black"] * 4
    assert state.data["monuments"]["kr"] == sq("G4")
    assert step(state) == "action"  # one monument per tile


def test_monument_on_temples_strands_leaders() -> None:
    """Edge case 4: a leader left with no face-up temple returns at once; one with another stays."""
    state = start(
        2,
        hands=[["red"], []],
        cells={**_square("red"), "H5": "red"},
        leaders=[{"king": "E5"}, {"priest": "H4"}],
    )
    act(state, "place red on G5", "build the red-green monument on F4")
    assert leader(state, 0, "king") is None  # E5 touched only F5
    assert leader(state, 1, "priest") == "H4"  # H5 is still a face-up temple
    assert events(state, "withdraw")[-1]["square"] == "E5"


def test_face_down_tiles_still_join_regions() -> None:
    """Seed note 5: face-down tiles count as part of regions and kingdoms and connect leaders."""
    state = start(
        2,
        hands=[["black", "black"], []],
        cells={**MONUMENT, "H5": "red", "E5": "red"},
        monuments={"black-green": "F4"},
        leaders=[{"king": "I5"}, {}],
    )
    act(state, "place black on F6")  # touches only the monument: it is in seat 0's kingdom
    assert nonzero(state, 0) == {"black": 1}
    # E5 is in the same kingdom through the monument: a king next to it revolts against seat 0's.
    state = start(
        2,
        hands=[[], []],
        cells={**MONUMENT, "H5": "red", "E5": "red"},
        monuments={"black-green": "F4"},
        leaders=[{}, {"king": "I5"}],
    )
    act(state, "place king on E6")
    commit_nothing(state, 2)  # no red in either hand (TE-R17: asked all the same)
    assert events(state, "revolt")  # strengths 1 against 1: the defender wins
    assert leader(state, 0, "king") is None and nonzero(state, 1) == {"red": 1}


def test_face_down_tiles_are_not_supporters_and_never_removed() -> None:
    """Seed note 5: face-down tiles are not supporters in a war, and monuments cannot be destroyed."""
    # A (seat 0): monument F4 G4 F5 G5 (face down), temple E5, king E6, black E4.
    # B (seat 1): black I5 and J5, temple J6, king K6. H5 joins them.
    state = start(
        2,
        hands=[["black"], []],
        cells={**MONUMENT, "E5": "red", "E4": "black", "I5": "black", "J5": "black", "J6": "red"},
        monuments={"black-green": "F4"},
        leaders=[{"king": "E6"}, {"king": "K6"}],
    )
    act(state, "place black on H5")  # unites A (through G5's face-down tile) and B
    commit_nothing(state, 2)
    war = events(state, "war")[0]
    assert war["strengths"] == [1, 2] and war["winner"] == 1  # E4 only: the 4 face-down tiles do not count
    assert all(cell(state, n) == "monument" for n in MONUMENT)  # not removed with A's supporters
    assert cell(state, "E4") == "empty" and state.data["monuments"]["kg"] == sq("F4")
    assert not [t for t in texts(state) if t.startswith("catastrophe") and t.rsplit(" ", 1)[1] in MONUMENT]


def test_unification_tile_monument_comes_after_the_wars() -> None:
    """Reference §1.8: after the wars, a square completed by the unification tile may become a monument."""
    state = start(
        2,
        hands=[["black"], []],
        cells={**_square("black"), "E5": "red", "H5": "black", "I5": "red"},
        leaders=[{"king": "E6"}, {"king": "J5"}],
    )
    act(state, "place black on G5")  # A: F4 G4 F5 = 3 against B: H5 = 1; nobody holds black to commit
    commit_nothing(state, 2)
    assert events(state, "war")[0]["winner"] == 0 and cell(state, "H5") == "empty"
    assert step(state) == "monument_check" and to_act(state) == 0
    act(state, "build the black-blue monument on F4")
    assert cell(state, "G5") == "monument"


def test_monument_points_only_for_the_active_player_and_no_king_substitute() -> None:
    """Edge case 16: at the end of the active player's turn only, 1 point per monument colour whose
    leader the active player has in the monument's kingdom; the king does not stand in."""
    state = start(
        2,
        keep=FAR,
        cells={**MONUMENT, "H5": "red", "E5": "red"},
        monuments={"black-green": "F4"},
        leaders=[{"king": "I5"}, {"trader": "E6"}],
        bag=["blue"] * 40,
    )
    act(state, "pass")
    assert nonzero(state, 0) == {}  # not after an action: at the end of the turn
    act(state, "pass")
    assert nonzero(state, 0) == {"black": 1}  # the king for black; no green (the king does not stand in)
    assert nonzero(state, 1) == {}  # not the active player
    act(state, "pass", "pass")
    assert nonzero(state, 1) == {"green": 1} and nonzero(state, 0) == {"black": 1}


def test_one_monument_can_pay_two_points() -> None:
    """Reference §1.9: a player with both colours' leaders in the kingdom scores both colours."""
    state = start(
        2,
        keep=FAR,
        cells={**MONUMENT, "H5": "red", "E5": "red"},
        monuments={"black-green": "F4"},
        leaders=[{"king": "I5", "trader": "E6"}, {}],
        bag=["blue"] * 40,
    )
    act(state, "pass", "pass")
    assert nonzero(state, 0) == {"black": 1, "green": 1}


def test_monument_outside_a_kingdom_pays_nothing() -> None:
    """Reference §1.9: only a monument in a kingdom scores."""
    state = start(
        2,
        keep=FAR,
        cells={**MONUMENT, "H5": "red", "K5": "red"},
        monuments={"black-green": "F4"},
        leaders=[{"king": "L5"}, {}],
        bag=["blue"] * 40,
    )
    act(state, "pass", "pass")
    assert nonzero(state, 0) == {}


def test_red_monument_over_a_treasure_temple_keeps_the_treasure() -> None:
    """Open edge case (ruling TE-R6): a red square over a treasure temple becomes a monument; the treasure
    stays on the face-down tile, cannot be hit by a catastrophe, and a trader still collects it."""
    state = start(
        2,
        keep=("F5", "K11", "F10", "B2"),
        hands=[["red"], []],
        cells={**_square("red"), "H5": "red", "H4": "red"},
        treasures=["F5", "H4", "K11", "F10", "B2"],
        leaders=[{"trader": "I4"}, {}],
    )
    # F5's treasure sits on a red temple of the square; H4's on another temple of the same region.
    act(state, "place red on G5")
    # The region holds two treasures (F5, H4) and seat 0's trader: but the monument question comes first.
    assert step(state) == "monument_check"
    act(state, "build the red-blue monument on F4")
    assert cell(state, "F5") == "monument" and "F5" in treasures(state)
    assert step(state) == "take_treasure" and to_act(state) == 0
    assert texts(state) == ["take the treasure on H4", "take the treasure on F5"]
    act(state, "take the treasure on F5")
    assert "F5" not in treasures(state) and nonzero(state, 0) == {"treasure": 1}
    assert "F5" not in targets(state, "catastrophe on")  # a monument square either way


def test_treasure_on_a_monument_blocks_catastrophes() -> None:
    """Ruling TE-R6 with seed note 2: a treasure left on a face-down tile cannot be hit by a catastrophe."""
    state = start(
        2,
        keep=("F5",),
        cells={"F4": "monument", "G4": "monument", "F5": "monument", "G5": "monument"},
        treasures=["F5"],
        monuments={"red-blue": "F4"},
    )
    assert not {"F4", "G4", "F5", "G5"} & targets(state, "catastrophe on")
