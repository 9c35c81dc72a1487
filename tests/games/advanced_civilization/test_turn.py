"""The turn sequence, the A.S.T. marker and its requirements, the end of the game and the score (§18, §33-§35)."""

from __future__ import annotations

import pytest

import ludoteca
from tests.games.advanced_civilization.helpers import chain, position


def _finish_turn(state: ludoteca.State) -> None:
    """Play every remaining decision of the turn with the last option (stop/none/end)."""
    turn = state.data["turn"]
    while not state.is_over() and state.data["turn"] == turn:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])


def test_a_turn_runs_phases_1_to_8_then_moves_every_ast_marker_one_space() -> None:
    game = ludoteca.load_game("advanced-civilization", players=2, options={"turn_limit": 2})
    state = game.new_state(
        seed=3, scenario={"nations": ["Egypt", "Crete"], "tokens": {"Thebes": [1, 0], "Knossos": [0, 1]}}
    )
    kinds = []
    _finish_turn(state)
    kinds = [e["type"] for e in state.log]
    assert kinds.index("expansion") < kinds.index("census") < kinds.index("ast")
    assert [p["ast"] for p in state.data["players"]] == [1, 1] and state.data["turn"] == 2
    _finish_turn(state)
    assert state.is_over() and state.result()["end"] == "the turn limit of 2 was reached"


def test_the_game_ends_when_a_marker_reaches_the_finish() -> None:
    # Africa's space 16 needs five cities and civilization cards worth 1600 (§33.2; AC-R25): here 1820.
    rich = ["Theology", "Monotheism", "Philosophy", "Democracy", "Mathematics", "Law", "Military", "Mining"]
    state = position(
        board=chain(10),
        cities={f"L{i}": 0 for i in range(1, 6)},
        tokens={f"L{i}": [2, 0] for i in range(6, 11)},
        players=[{"ast": 15, "advances": [*rich, "Enlightenment"]}, {}],
    )
    _finish_turn(state)
    assert state.is_over() and "reached the end of the A.S.T." in state.result()["end"]


def test_score_counts_ast_cities_treasury_and_advances_with_ast_breaking_ties() -> None:
    state = position(
        cities={"A": 0},
        tokens={"B": [2, 0], "C": [0, 1]},
        players=[{"ast": 3, "treasury": 5, "advances": ["Pottery"]}, {"ast": 4, "treasury": 50}],
        phases=["census"],
    )
    # Seat 0: 300 + 50 + 5 + 45 = 400; seat 1: 400 + 0 + 50 = 450.
    assert state.result()["scores"] == [400, 450] and state.result()["winners"] == [1]
    tied = position(
        players=[{"ast": 4}, {"ast": 3, "treasury": 50}], cities={"A": 1}, tokens={"B": [1, 1]}, phases=["census"]
    )
    assert tied.result()["scores"] == [400, 400] and tied.result()["ranking"] == [[0], [1]]


def test_scenarios_are_checked() -> None:
    game = ludoteca.load_game("advanced-civilization", players=2)
    with pytest.raises(ludoteca.BadOptions, match="no key 'dice'"):
        game.new_state(scenario={"nations": ["Egypt", "Crete"], "dice": 3})
    with pytest.raises(ludoteca.BadOptions, match="unknown or water area 'Atlantis'"):
        game.new_state(scenario={"nations": ["Egypt", "Crete"], "tokens": {"Atlantis": [1, 0]}})
    with pytest.raises(ludoteca.BadOptions, match="map"):
        game.new_state(scenario={"map": {"areas": {"X": {"kind": "land", "limit": 9, "links": []}}}})
    # Each fault named on its own (one message once stood for all three: "too many tokens, or an unknown advance").
    nations = {"nations": ["Egypt", "Crete"]}
    with pytest.raises(ludoteca.BadOptions, match="0 tokens on the board and 100 in the treasury: more than the box"):
        game.new_state(scenario={**nations, "players": [{"treasury": 100}]})
    with pytest.raises(ludoteca.BadOptions, match="seat 1: there is no advance 'Flying'"):
        game.new_state(scenario={**nations, "players": [{}, {"advances": ["Pottery", "Flying"]}]})
    with pytest.raises(ludoteca.BadOptions, match="seat 0: a stock of -2 tokens"):
        game.new_state(scenario={**nations, "players": [{"stock": -2}]})


def test_a_nation_without_two_cities_cannot_enter_the_early_bronze_age() -> None:
    state = position(tokens={"A": [1, 0]}, players=[{"ast": 4}, {}], nations=["Africa", "Crete"])
    _finish_turn(state)
    assert state.data["players"][0]["ast"] == 4  # Africa's Early Bronze Age starts at space 5


def test_a_nation_with_no_cities_beyond_the_stone_age_slides_back() -> None:
    state = position(tokens={"A": [1, 0]}, players=[{"ast": 8}, {}])
    _finish_turn(state)
    assert state.data["players"][0]["ast"] == 7
