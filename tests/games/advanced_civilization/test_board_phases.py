"""Phases 5-8 (§22-§26): naval transport, land movement, conflict and city assault, cities, surplus and support."""

from __future__ import annotations

import pytest

from ludoteca.games.advanced_civilization.ships import ship_destinations
from tests.games.advanced_civilization.helpers import chain, land, position, texts, tiny_map, tokens


# ------------------------------------------------------------------ §23 land movement
def test_movement_is_source_then_destination_then_count_and_each_token_moves_once() -> None:
    state = position(tokens={"B": [3, 0]}, phases=["movement"])
    assert texts(state) == ["move from B", "end movement"]
    state.apply(0, "move from B")
    assert texts(state) == ["B to A", "B to C", "choose another source"]
    state.apply(0, "B to C")
    assert texts(state) == ["move 1 from B to C", "move 2 from B to C", "move 3 from B to C"]
    state.apply(0, "move 2 from B to C")
    assert tokens(state) == {"B": [1, 0], "C": [2, 0]}
    # The two tokens in C have moved: only B's last token may still move.
    assert texts(state) == ["move from B", "end movement"]
    state.apply(0, "end movement")
    assert state.to_act() == [1] or state.is_over()


def test_roadbuilding_goes_two_areas_through_an_area_free_of_other_nations() -> None:
    state = position(
        tokens={"B": [2, 0], "D": [0, 1]},
        players=[{"advances": ["Roadbuilding", "Engineering"]}, {}],
        phases=["movement"],
    )
    state.apply(0, "move from B")
    # Through A (empty) nothing further; through C (clear) to D; B itself is excluded.
    assert texts(state) == ["B to A", "B to C", "B to D", "choose another source"]
    state = position(
        tokens={"B": [2, 0], "C": [0, 1]},
        players=[{"advances": ["Roadbuilding", "Engineering"]}, {}],
        phases=["movement"],
    )
    state.apply(0, "move from B")
    assert texts(state) == ["B to A", "B to C", "choose another source"]  # C holds Crete: no road through it


# ------------------------------------------------------------------ §22 naval transport
def test_ships_reach_four_areas_five_with_cloth_making_open_sea_only_with_astronomy() -> None:
    board = tiny_map(
        {**{f"L{i}": land(1) for i in range(1, 8)}, "Sea": {"kind": "sea"}, "Deep": {"kind": "open-sea"}},
        "L1-Sea L2-Sea L1-L2 L2-L3 L3-L4 L4-L5 L5-L6 L6-L7 L3-Sea L4-Sea L5-Sea L6-Sea L7-Sea L1-Deep L7-Deep",
    )
    state = position(board=board, tokens={"L1": [1, 0]}, phases=["movement"])
    assert ship_destinations(state, 0, "L1") == ["L2", "L3", "L4", "L5", "L6", "L7"]  # via Sea in two steps
    narrow = tiny_map(
        {**{f"L{i}": land(1) for i in range(1, 8)}, "Deep": {"kind": "open-sea"}},
        "L1-L2 L2-L3 L3-L4 L4-L5 L5-L6 L6-L7 L1-Deep L7-Deep",
        "",
    )
    # Coastal steps along a shore need a shared water body: here every area touches only Deep or nothing.
    state = position(board=narrow, tokens={"L1": [1, 0]}, phases=["movement"])
    assert ship_destinations(state, 0, "L1") == []
    state.data["players"][0]["advances"] = ["Astronomy"]
    assert ship_destinations(state, 0, "L1") == ["L7"]
    coast = tiny_map(
        {**{f"L{i}": land(1) for i in range(1, 8)}, "Sea": {"kind": "sea"}},
        " ".join(f"L{i}-Sea" for i in range(1, 8)) + " L1-L2 L2-L3 L3-L4 L4-L5 L5-L6 L6-L7",
    )
    state = position(board=coast, tokens={"L1": [1, 0]}, phases=["movement"])
    assert "L7" in ship_destinations(state, 0, "L1")


def test_a_ship_carries_up_to_five_unmoved_tokens_and_moves_once() -> None:
    state = position(tokens={"A": [7, 0]}, ships={"A": [1, 0]}, phases=["movement"])
    assert texts(state) == ["move from A", "sail from A", "end movement"]
    state.apply(0, "sail from A")
    assert texts(state) == ["sail A to B", "sail A to C", "sail A to F", "choose another source"]
    state.apply(0, "sail A to F")
    assert texts(state)[-1] == "carry 5 from A to F" and len(texts(state)) == 6
    state.apply(0, "carry 5 from A to F")
    assert tokens(state) == {"A": [2, 0], "F": [5, 0]} and state.data["ships"] == {"F": [1, 0]}
    assert texts(state) == ["move from A", "end movement"]  # the ship has sailed; F's tokens have moved


# ------------------------------------------------------------------ §24 conflict
@pytest.mark.parametrize(
    ("start", "limit", "left"),
    [
        ([3, 5], 2, [0, 3]),  # 3 v 5: the smaller removes first, alternately, until one nation is left
        ([4, 4], 5, [2, 2]),  # equal forces remove together; they stop within the limit and coexist
        ([1, 4], 4, [0, 4]),  # 1 v 4 over 4: the single token goes first, leaving one nation
        ([2, 3], 4, [1, 3]),  # 2 v 3 over 4: one removal brings the area within its limit
    ],
)
def test_conflict_removal_order_and_coexistence(start: list[int], limit: int, left: list[int]) -> None:
    board = chain(2, limit)
    state = position(board=board, tokens={"L1": start}, phases=["conflict"])
    assert tokens(state).get("L1", [0, 0]) == left


def test_three_nations_remove_in_ascending_order_of_strength() -> None:
    state = position(seats=3, board=chain(2, 1), tokens={"L1": [2, 4, 3]}, phases=["conflict"])
    # Round 1: 2->1, 3->2, 4->3 (total 6); round 2: 1->0, 2->1, 3->2; round 3: 1->0 leaves seat 1 alone.
    assert tokens(state)["L1"] == [0, 2, 0]


def test_metalworking_removes_last() -> None:
    state = position(
        board=chain(2, 1), tokens={"L1": [3, 3]}, players=[{"advances": ["Metalworking"]}, {}], phases=["conflict"]
    )
    # Seat 1 removes first each round: 3v3 -> 3v2 -> 2v2 -> 2v1 -> 1v1 -> 1v0.
    assert tokens(state)["L1"] == [1, 0]


def test_a_city_is_attacked_by_seven_tokens_and_becomes_six_with_pillage() -> None:
    state = position(
        board=chain(2, 2),
        cities={"L1": 1},
        tokens={"L1": [8, 0]},
        players=[{}, {"hand": ["Ochre"]}],
        phases=["conflict"],
    )
    # City -> 6 tokens; 6 v 8 over 2: the defender removes first each round and is gone after six rounds,
    # when the attacker has lost five: 3 are left, alone, and pillage.
    assert "L1" not in state.data["cities"] and tokens(state)["L1"] == [3, 0]
    assert state.data["players"][0]["treasury"] == 3 and state.data["players"][0]["hand"] == ["Ochre"]
    assert state.data["players"][1]["hand"] == []


def test_six_tokens_do_not_attack_a_city_and_leave_in_phase_8() -> None:
    state = position(
        board=chain(2, 2), cities={"L1": 1}, tokens={"L1": [6, 0], "L2": [0, 2]}, phases=["conflict", "surplus"]
    )
    assert state.data["cities"]["L1"]["owner"] == 1 and "L1" not in tokens(state)


@pytest.mark.parametrize(
    ("attacker", "defender", "needed", "defenders"),
    [
        ([], [], 7, 6),
        (["Engineering"], [], 6, 5),
        ([], ["Engineering"], 8, 7),
        (["Engineering"], ["Engineering"], 7, 6),
    ],
)
def test_engineering_changes_the_assault(attacker: list[str], defender: list[str], needed: int, defenders: int) -> None:
    from ludoteca.games.advanced_civilization.conflict import assault_threshold, city_defenders

    state = position(
        board=chain(2, 2),
        cities={"L1": 1},
        tokens={"L1": [needed - 1, 0]},
        players=[{"advances": attacker}, {"advances": defender}],
        phases=["conflict"],
    )
    assert state.data["cities"]["L1"]["owner"] == 1  # one token short: no assault
    assert (assault_threshold(state, 0, 1), city_defenders(state, 0, 1)) == (needed, defenders)


# ------------------------------------------------------------------ §25 city construction
def test_cities_need_six_tokens_on_a_site_and_twelve_elsewhere() -> None:
    state = position(tokens={"A": [6, 0], "E": [11, 0], "D": [5, 0]}, phases=["city_construction"])
    assert texts(state) == ["build a city in A", "build no more cities"]
    state.apply(0, "build a city in A")
    assert state.data["cities"]["A"] == {"owner": 0, "built": 1} and "A" not in tokens(state)
    state = position(tokens={"E": [12, 0]}, phases=["city_construction"])
    assert texts(state) == ["build a city in E", "build no more cities"]


def test_architecture_pays_up_to_half_of_one_city_per_turn_from_the_treasury() -> None:
    state = position(
        tokens={"A": [3, 0], "D": [4, 0]},
        players=[{"treasury": 5, "advances": ["Architecture"]}, {}],
        phases=["city_construction"],
    )
    assert texts(state) == [
        "build a city in A with 3 from the treasury",
        "build a city in D with 2 from the treasury",
        "build no more cities",
    ]
    state.apply(0, "build a city in D with 2 from the treasury")
    assert state.data["players"][0]["treasury"] == 3 and "D" in state.data["cities"]
    assert state.is_over()  # once a turn: A (3 short) is no longer offered


def test_no_more_than_nine_cities() -> None:
    cities = {f"L{i}": 0 for i in range(1, 10)}
    state = position(board=chain(10), cities=cities, tokens={"L10": [6, 0]}, phases=["city_construction"])
    assert state.is_over() and "L10" not in state.data["cities"]


# ------------------------------------------------------------------ §26 surplus and support
def test_surplus_returns_to_stock_and_city_areas_hold_no_tokens() -> None:
    state = position(tokens={"B": [5, 0], "A": [1, 1]}, cities={"A": 0}, phases=["surplus"])
    assert tokens(state) == {"B": [3, 0]}


def test_agriculture_keeps_one_more_when_alone() -> None:
    state = position(tokens={"B": [5, 0], "D": [1, 1]}, players=[{"advances": ["Agriculture"]}, {}], phases=["surplus"])
    assert tokens(state) == {"B": [4, 0], "D": [1, 1]}


def test_unsupported_cities_are_reduced_new_ones_first_to_the_area_limit() -> None:
    # Two cities need 4 tokens; seat 0 has 1. A (new this turn) must go first, becoming 2 tokens (A's limit).
    state = position(tokens={"C": [1, 0]}, cities={"A": 0, "D": 0}, new_cities=["A"], phases=["surplus"])
    assert "A" not in state.data["cities"] and tokens(state)["A"] == [2, 0]
    assert state.data["cities"]["D"]["owner"] == 0  # 3 tokens now support the remaining city
    # The log says why (the line before it may be a calamity's "no unit points lost", QA pass of session 26).
    reduced = [e["text"] for e in state.log if e["type"] == "reduce"]
    assert reduced == [
        f"{state.who(0)}'s city in A is reduced to 2 tokens: "
        "1 token on the board cannot support 2 cities (2 a city, §26.31)."
    ]


def test_the_owner_chooses_among_old_cities_and_agriculture_leaves_one_more() -> None:
    state = position(
        tokens={}, cities={"A": 0, "D": 0}, players=[{"advances": ["Agriculture"]}, {}], phases=["surplus"]
    )
    assert texts(state) == ["reduce the city in A", "reduce the city in D"]
    state.apply(0, "reduce the city in D")
    assert tokens(state)["D"] == [3, 0] and state.data["cities"] == {"A": {"owner": 0, "built": 0}}
