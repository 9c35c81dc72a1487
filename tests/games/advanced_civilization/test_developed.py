"""Option ``start=developed`` (AC-R36): a research setting in which every nation begins turn 1 with four cities,
tokens beside them and a treasury (``data/developed.toml``), so that even random play meets the trade cards,
the trade session, calamities and the civilization cards, which the rulebook's one-token start leaves random
seats far from. The adapters take it by default for this game (issue #24)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ludoteca.core import BadOptions, load_game, replay
from ludoteca.games.advanced_civilization import content, pieces
from ludoteca.games.advanced_civilization.content import ContentError, load_developed

GAME = "advanced-civilization"


def _developed(players: int, seed: int, **options: Any) -> Any:
    game = load_game(GAME, players, {"start": "developed", "nations": "random", **options})
    return game.new_state(seed=seed)


@pytest.mark.parametrize("players", [2, 5, 8])
def test_each_nation_begins_from_its_developed_position(players: int) -> None:
    """After the nations are dealt, each has the cities and tokens of developed.toml, 4 in treasury and the rest
    of its 55 tokens in stock; no start area is asked for, and turn 1 has begun (its taxes are collected)."""
    state = _developed(players, seed=players)
    position = content.developed()
    for seat in range(players):
        nation = state.data["nations"][seat]
        assert pieces.cities_of(state, seat) == sorted(position.cities[nation])
        placed = {area: row[seat] for area, row in state.data["tokens"].items() if row[seat]}
        grown = sum(placed.values()) - sum(position.tokens[nation].values())
        assert set(position.tokens[nation]) <= set(placed) and grown >= 0  # expansion may have added some
    assert state.data["turn"] == 1
    assert not any(event["type"] == "start" and "first token" in event["text"] for event in state.log)
    started = [event for event in state.log if event["type"] == "start"]
    assert len(started) == players and "begins with 4 cities" in started[0]["text"]
    assert not state.is_over() and state.data["stack"][-1]["step"] != "choose_start"


def test_the_rulebook_start_is_the_default_and_unchanged() -> None:
    """Without the option the seats still place their first token (§4.4): no city on the board."""
    state = load_game(GAME, 3, {"nations": "random"}).new_state(seed=1)
    assert state.game.options["start"] == "rulebook"
    assert state.data["stack"][-1]["step"] == "choose_start" and not state.data["cities"]
    with pytest.raises(BadOptions, match="start"):
        load_game(GAME, 3, {"start": "advanced"})


def test_random_play_meets_trade_calamities_and_advances() -> None:
    """Four random 3-player games of 15 turns: each draws trade cards, trades, suffers calamities and buys
    civilization cards (from the rulebook start, random seats build no city in 15 turns, so none of these)."""
    for seed in range(4):
        state = _developed(3, seed)
        pick = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply_legal(seat, state.random_action(seat, pick))
        kinds = {event["type"] for event in state.log}
        assert {"acquire", "calamity", "advance"} <= kinds, sorted(kinds)
        assert any(event["type"] == "trade" and " trade " in event["text"] for event in state.log)


def test_a_developed_game_replays_from_its_record() -> None:
    state = _developed(4, seed=9, turn_limit=3)
    pick = random.Random(9)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply_legal(seat, state.random_action(seat, pick))
    record = json.loads(json.dumps(state.record()))
    assert record["options"]["start"] == "developed"
    again = replay(record)
    assert again.log == state.log and again.result() == state.result()


def test_the_positions_hold_on_both_maps_and_apart() -> None:
    """Every nation is placed; no area is held by two nations (any nations can play together); a main-map
    nation's areas are all on the main map, so the position holds without the Western map."""
    position = content.developed()
    main = content.standard_board("main")
    assert set(position.cities) == set(content.nations())
    held = [area for name in position.cities for area in (*position.cities[name], *position.tokens[name])]
    assert len(held) == len(set(held))
    for name, nation in content.nations().items():
        assert len(position.cities[name]) == 4 and sum(position.tokens[name].values()) == 8
        if any(area in main.areas for area in nation.start):
            assert all(area in main.areas for area in (*position.cities[name], *position.tokens[name]))


def _raw() -> dict[str, Any]:
    position = content.developed()
    return {
        "treasury": position.treasury,
        "nations": {
            name: {"cities": list(position.cities[name]), "tokens": dict(position.tokens[name])}
            for name in position.cities
        },
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda raw: raw["nations"]["Egypt"]["cities"].append("Sinai"), "not on a city site"),
        (lambda raw: raw["nations"]["Egypt"]["cities"].append("Roma"), "held by"),
        (lambda raw: raw["nations"]["Egypt"]["tokens"].update({"Atlantis": 2}), "not a land area"),
        (lambda raw: raw["nations"]["Egypt"]["tokens"].update({"Sinai": 2}), "limit"),
        (lambda raw: raw["nations"].pop("Crete"), "no position for Crete"),
        (lambda raw: raw.update({"treasury": -1}), "treasury"),
        (lambda raw: raw["nations"].update({"Atlantis": {}}), "unknown nation"),
        (lambda raw: raw["nations"]["Italy"]["tokens"].update({"Lusitania": 1}), "not a land area of its map"),
    ],
)
def test_a_bad_position_file_is_refused_naming_the_fault(change: Any, message: str) -> None:
    raw = _raw()
    load_developed(raw, content.nations())  # the file as it is loads
    change(raw)
    with pytest.raises(ContentError, match=message):
        load_developed(raw, content.nations())


def test_the_adapters_take_the_developed_start_by_default() -> None:
    """PettingZoo, Gymnasium and OpenSpiel deal the developed start unless told otherwise (issue #24)."""
    pytest.importorskip("pettingzoo", reason="the RL adapters need the 'rl' extra")
    from ludoteca.adapters.encodings import load_encoded
    from ludoteca.adapters.pettingzoo import env

    e = env(GAME, players=3)
    e.reset(seed=2)
    assert e.ludoteca is not None and e.ludoteca.game.options["start"] == "developed"
    assert load_encoded(GAME, 3, {"start": "rulebook"}).game.options["start"] == "rulebook"
    openspiel = pytest.importorskip("ludoteca.adapters.openspiel", reason="OpenSpiel is in the 'rl' extra")
    assert openspiel.load(GAME, players=3).get_parameters()["start"] == "developed"
    assert (
        openspiel.load(GAME, players=3, start="rulebook").new_initial_state().ludoteca.game.options["start"]
        == "rulebook"
    )
