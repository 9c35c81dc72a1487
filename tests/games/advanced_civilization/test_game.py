"""Whole games: the conformance suite on both maps at 2, 4 and 8 players, options and the display."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.core import BadOptions, conformance


@pytest.mark.parametrize("players", [2, 4, 8])
@pytest.mark.parametrize("board", ["main", "main+western"])
def test_conformance(players: int, board: str) -> None:
    report = conformance.check_game("advanced-civilization", players, {"map": board, "turn_limit": 4}, seeds=range(2))
    assert report.games == 2 and report.actions > 0


def test_random_games_end_at_the_default_turn_limit() -> None:
    state = ludoteca.load_game("advanced-civilization", players=3).new_state(seed=4)
    conformance.play_random(state, seed=9, max_actions=50_000)
    assert state.result()["turns"] == 15 and "turn limit of 15" in state.result()["end"]


def test_options_are_checked() -> None:
    game = ludoteca.load_game(
        "advanced-civilization", players=2, options={"turn_limit": None, "calamities": "additional"}
    )
    assert game.options == {
        "map": "main",
        "turn_limit": None,
        "calamities": "additional",
        "nations": "choose",
        "start": "rulebook",
        "trade_session": "open",
        "proposals_per_session": 20,
    }
    with pytest.raises(BadOptions, match="nations"):
        ludoteca.load_game("advanced-civilization", players=2, options={"nations": "auction"})
    with pytest.raises(BadOptions, match="map"):
        ludoteca.load_game("advanced-civilization", players=2, options={"map": "eastern"})
    with pytest.raises(BadOptions, match="at least 1"):
        ludoteca.load_game("advanced-civilization", players=2, options={"turn_limit": 0})
    with pytest.raises(BadOptions, match="2-8 players"):
        ludoteca.load_game("advanced-civilization", players=9)


def test_nations_are_chosen_then_start_areas_in_ast_order() -> None:
    state = ludoteca.load_game("advanced-civilization", players=2).new_state(seed=0)
    texts = [a.text for a in state.legal_actions(0)]
    assert "play Iberia" not in texts and "play Italy" in texts and len(texts) == 9  # Iberia needs the Western map
    state.apply(0, "play Egypt")
    assert "play Egypt" not in [a.text for a in state.legal_actions(1)]
    state.apply(1, "play Africa")
    # Africa (A.S.T. 1) places before Egypt (A.S.T. 9); Cirta is on the Western map only.
    assert state.to_act() == [1]
    assert [a.text for a in state.legal_actions(1)] == ["start in Sahara", "start in Tripolitania", "start in Tunisia"]
    state.apply(1, "start in Tunisia")
    state.apply(0, "start in Thebes")
    # Turn 1 starts at once: no taxes, then each single token grows by one (§20.1).
    assert state.data["turn"] == 1
    assert state.data["tokens"] == {"Thebes": [2, 0], "Tunisia": [0, 2]}
    assert state.data["players"][0]["stock"] == 53


def test_random_nations_are_dealt_from_the_seed_and_then_starts_are_chosen() -> None:
    # AC-R5, option nations=random: no seat chooses; each is dealt a free nation from the game's generator.
    game = ludoteca.load_game("advanced-civilization", players=8, options={"nations": "random", "map": "main+western"})
    dealt = [game.new_state(seed=seed).data["nations"] for seed in range(12)]
    assert all(len(set(nations)) == 8 and not {"Italy", "Iberia"} <= set(nations) for nations in dealt)
    assert dealt[3] == game.new_state(seed=3).data["nations"]  # the same seed deals the same nations
    assert len({nations[0] for nations in dealt}) > 1  # seat 0 does not always get the same nation
    state = game.new_state(seed=0)
    assert [entry["type"] for entry in state.log] == ["nation"] * 8
    assert state.to_act() == [state.ast_order()[0]]  # the first start area goes to the first in A.S.T. order
    assert all(action.text.startswith("start in ") for action in state.legal_actions(state.to_act()[0]))


def test_italy_and_iberia_share_a_slot_on_the_western_map() -> None:
    state = ludoteca.load_game("advanced-civilization", players=2, options={"map": "main+western"}).new_state(seed=0)
    assert "play Iberia" in [a.text for a in state.legal_actions(0)]
    state.apply(0, "play Iberia")
    assert "play Italy" not in [a.text for a in state.legal_actions(1)]


def test_render_lists_occupied_areas_and_the_seats_own_treasury() -> None:
    state = ludoteca.load_game("advanced-civilization", players=2).new_state(
        seed=0,
        scenario={
            "nations": ["Egypt", "Crete"],
            "tokens": {"Thebes": [3, 0], "Knossos": [0, 2]},
            "cities": {"Memphis": 0},
            "players": [{"treasury": 4}, {}],
            "phases": ["movement"],
        },
    )
    text = state.render(0)
    assert "Thebes (limit" in text and "Egypt 3" in text and "city of Egypt" in text and "Crete 2" in text
    assert "[main board, " in text
    assert "Your treasury: 4; your stock: 48 tokens." in text
    assert "Egypt (seat 0, you): A.S.T." in text and "Crete (seat 1): A.S.T." in text  # not "(seat 0) (you)"
    assert "Athens" not in text  # only occupied areas are listed
    assert "decides now" in text
