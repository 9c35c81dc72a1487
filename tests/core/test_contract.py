"""The core contract, exercised through the tiny Blind Draw game."""

from __future__ import annotations

import inspect
import json
import random

import pytest

import ludoteca
from ludoteca.core import BadOptions, BadRecord, IllegalAction, UnknownGame, conformance, replay
from ludoteca.core.errors import LudotecaError


def test_public_api_names_exist() -> None:
    for name in (
        "list_games",
        "load_game",
        "replay",
        "LudotecaError",
        "IllegalAction",
        "BadRecord",
        "UnknownGame",
        "BadOptions",
    ):
        assert hasattr(ludoteca, name), name
    assert list(inspect.signature(ludoteca.load_game).parameters) == ["game_id", "players", "options"]
    state = ludoteca.load_game("blind-draw", players=2).new_state(seed=1)
    assert list(inspect.signature(state.game.new_state).parameters) == ["seed", "scenario", "dice", "generator", "rng"]
    for method in (
        "to_act",
        "legal_actions",
        "apply",
        "is_over",
        "result",
        "view",
        "clone",
        "resample",
        "record",
        "parse_action",
    ):
        assert callable(getattr(state, method)), method
    assert isinstance(state.log, list)


def test_error_hierarchy() -> None:
    assert issubclass(LudotecaError, ValueError)
    for error in (IllegalAction, BadRecord, UnknownGame, BadOptions):
        assert issubclass(error, LudotecaError)


def test_list_games_includes_registered_games() -> None:
    games = ludoteca.list_games()
    assert "blind-draw" in games and "mankind" in games and games == sorted(games)


def test_unknown_game_names_the_id_and_the_known_games() -> None:
    with pytest.raises(UnknownGame, match="no game 'chess'.*blind-draw"):
        ludoteca.load_game("chess")


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (1, None, "2-4 players, not 1"),
        (5, None, "2-4 players, not 5"),
        ("two", None, "must be an integer"),
        (2, {"colour": "red"}, "no option 'colour'"),
        (2, {"limit": "many"}, "option 'limit' must be an int"),
    ],
)
def test_bad_player_counts_and_options(players: object, options: dict | None, message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        ludoteca.load_game("blind-draw", players=players, options=options)  # type: ignore[arg-type]


def test_options_take_defaults_and_convert() -> None:
    assert ludoteca.load_game("blind-draw", 2).options == {"limit": 21}
    assert ludoteca.load_game("blind-draw", 2, {"limit": "18"}).options == {"limit": 18}


def test_apply_accepts_text_or_action_and_records_it() -> None:
    state = ludoteca.load_game("blind-draw", 2).new_state(seed=4)
    state.apply(0, "draw")
    state.apply(1, state.legal_actions(1)[0])
    assert state.record()["actions"] == [[0, "draw"], [1, "stop"]]


def test_parse_action_ignores_case_and_spacing() -> None:
    state = ludoteca.load_game("blind-draw", 2).new_state(seed=4)
    assert state.parse_action(0, "  DRAW ").text == "draw"


@pytest.mark.parametrize(
    ("seat", "text", "message"),
    [
        (0, "draw", "seat 0 may not act now; waiting for seat\\(s\\) \\[1\\]"),
        (1, "fly", "'fly' is not a legal action for seat 1"),
        (7, "draw", "no seat 7"),
        (-1, "draw", "no seat -1"),
    ],
)
def test_illegal_actions_are_refused_and_change_nothing(seat: int, text: str, message: str) -> None:
    state = ludoteca.load_game("blind-draw", 2).new_state(seed=4)
    state.apply(0, "draw")
    before = json.dumps([state.record(), state.view(None), state.view(0), state.log])
    with pytest.raises(IllegalAction, match=message):
        state.apply(seat, text)
    assert json.dumps([state.record(), state.view(None), state.view(0), state.log]) == before


def test_no_action_after_the_game_is_over() -> None:
    state = ludoteca.load_game("blind-draw", 2).new_state(seed=4)
    state.apply(0, "stop")
    state.apply(1, "stop")
    assert state.is_over() and state.to_act() == []
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(0, "draw")


def test_result_before_the_end_is_an_error() -> None:
    with pytest.raises(LudotecaError, match="not over"):
        ludoteca.load_game("blind-draw", 2).new_state().result()


def test_views_hide_other_hands_and_resample_keeps_own_view() -> None:
    state = ludoteca.load_game("blind-draw", 3).new_state(seed=11)
    for seat in range(3):
        state.apply(seat, "draw")
    assert isinstance(state.view(0)["hands"][0], list) and state.view(0)["hands"][1] == 1
    assert all(isinstance(h, int) for h in state.view(None)["hands"])
    before = state.view(1)
    hidden_before = state.data["hands"][0] + state.data["hands"][2] + state.data["deck"]
    changed = False
    for k in range(10):
        twin = state.clone()
        twin.resample(1, random.Random(k))
        assert twin.view(1) == before
        hidden = twin.data["hands"][0] + twin.data["hands"][2] + twin.data["deck"]
        assert sorted(hidden) == sorted(hidden_before)
        changed |= hidden != hidden_before
    assert changed, "resample never redrew the hidden cards"


def test_clone_is_independent() -> None:
    state = ludoteca.load_game("blind-draw", 2).new_state(seed=2)
    twin = state.clone()
    twin.apply(0, "draw")
    assert state.record()["actions"] == [] and state.data["hands"] == [[], []]
    assert twin.data["hands"][0] != []


def test_scripted_dice_reach_the_state() -> None:
    state = ludoteca.load_game("blind-draw", 2).new_state(seed=2, dice=[5])
    state.apply(0, "roll")
    assert state.data["bonus"][0] == 5
    assert replay(state.record()).data["bonus"][0] == 5


def test_replay_rebuilds_the_state() -> None:
    state = ludoteca.load_game("blind-draw", 3).new_state(seed=8)
    for text in ("draw", "roll", "draw", "stop"):
        state.apply(state.to_act()[0], text)
    again = replay(json.loads(json.dumps(state.record())))
    assert again.data == state.data and again.log == state.log


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.pop("game"), "no 'game'"),
        (lambda r: r.update(seed="x"), "'seed' must be an int"),
        (lambda r: r.update(actions=[[0]]), "action 0 must be \\[seat, text\\]"),
        (lambda r: r.update(game="chess"), "no game 'chess'"),
        (lambda r: r.update(players=9), "2-4 players, not 9"),
        (lambda r: r.update(version="0"), "version 0"),
        (lambda r: r["actions"].append([0, "fly"]), "action 1 \\(seat 0: 'fly'\\) does not replay"),
        # Another game's record under this game's name, or another seed: the set-up is named as a suspect.
        (lambda r: r["actions"].insert(0, [1, "draw"]), "played with \\(game, players, options, seed, dice"),
    ],
)
def test_bad_records_are_refused_clearly(mutate: object, message: str) -> None:
    state = ludoteca.load_game("blind-draw", 2).new_state(seed=8)
    state.apply(0, "draw")
    record = state.record()
    mutate(record)  # type: ignore[operator]
    with pytest.raises(BadRecord, match=message):
        replay(record)


def test_replay_refuses_a_non_object() -> None:
    with pytest.raises(BadRecord, match="JSON object"):
        replay([1, 2])  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_suite_passes_on_the_test_game(players: int) -> None:
    report = conformance.check_game("blind-draw", players, seeds=range(10), probe_every=2)
    assert report.games == 10 and report.actions > 10 and report.probes > 0


def test_lead_estimates_score_each_entry_against_the_best_of_the_others() -> None:
    import math

    from ludoteca.core import lead_estimates

    def plain(values: list[float], scale: float) -> list[float]:
        return [
            1.0 / (1.0 + math.exp(-(v - max(w for j, w in enumerate(values) if j != i)) / scale))
            for i, v in enumerate(values)
        ]

    for values in ([3.0, 1.0], [1.0, 3.0, 2.0], [2.0, 2.0, 0.0], [5.0, 5.0, 5.0], [-1.0, 4.0, 4.0, 0.5]):
        assert lead_estimates(values, 1.5) == plain(values, 1.5)
    assert lead_estimates([2.0, 2.0], 1.0) == [0.5, 0.5]  # level: an even game
    with pytest.raises(ValueError, match="at least two"):
        lead_estimates([1.0], 1.0)
