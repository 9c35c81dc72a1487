"""Invariants: random games keep them, corrupted states break them, and debug mode reports them.

Each game's invariants live in ``src/ludoteca/games/<game>/invariants.py``; the core adds its own
(plain JSON data, someone to act before the end). These tests show that random play never breaks them
(``fuzz.play_one``, with every invariant checked after every action), that each invariant does catch
the fault it is written for, and that the debug switch raises :class:`InvariantError` naming the game,
the action and the fault, while doing nothing at all when it is off.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core import InvariantError, LudotecaError, Rng, load_game
from ludoteca.core.debug import checking, enabled
from ludoteca.fuzz import play_one
from ludoteca.games.tigris_euphrates.content import HEIGHT, WIDTH, square_name
from tests.reliability.helpers import CASE_IDS, CASES, examples, length, play


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@examples(2)
@given(seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(game_id: str, players: int, seed: int) -> None:
    state, kind, message, _ = play_one(load_game(game_id, players), seed, 20_000)
    assert kind is None, f"{kind}: {message}"
    assert state is not None and state.is_over() and state.check_invariants() == []


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@examples(3)
@given(seed=st.integers(0, 2**32), fraction=st.floats(0, 1))
def test_states_midway_hold_every_invariant(game_id: str, players: int, seed: int, fraction: float) -> None:
    state = play(game_id, players, seed, int(fraction * length(game_id)))
    assert state.check_invariants() == []


# ------------------------------------------------------------------------- each invariant catches its fault
def _fresh(game_id: str, players: int = 3, **options: object) -> object:
    return load_game(game_id, players, dict(options)).new_state(seed=7)


def _violations(state: object) -> str:
    return " | ".join(state.check_invariants())  # type: ignore[attr-defined]


def test_core_catches_data_that_is_not_plain_json() -> None:
    state = load_game("mankind", 2).new_state(seed=1)
    state.data["bonuses"] = {"x": (1, 2)}
    assert "not plain JSON data: data['bonuses']['x'] is (1, 2) (tuple)" in _violations(state)
    state.data["bonuses"] = {1: []}
    assert "non-string key 1" in _violations(state)


def test_core_catches_a_dead_end() -> None:
    state = load_game("arabian-struggle", 3).new_state(seed=1)
    state.data["stack"].clear()  # nobody left to decide, yet the game is not over
    assert "the game is not over but no seat is to act" in _violations(state)


def test_mankind_invariants_catch_their_faults() -> None:
    state = play("mankind", 3, 5, 0)
    players = state.data["players"]
    players[0]["vp"] = -1
    assert "seat 0 has -1 vp" in _violations(state)
    players[0]["vp"] = 0
    wonder = next(b for b, card in state.content.builds.items() if card.kind == "wonder" and card.era == 1)
    players[0]["builds"].append(wonder)
    players[1]["builds"].append(wonder)
    found = _violations(state)
    assert f"the unique wonder {wonder!r} is held 2 times" in found
    assert f"{wonder!r} is held by seat 0 but not listed as gone" in found
    state.data["era"] = 5
    assert "the era is 5, not 1-4" in _violations(state)
    players[2]["levels"] = {"FL": 3}
    assert "stores trait levels ['levels']" in _violations(state)


def test_tigris_invariants_catch_their_faults() -> None:
    state = play("tigris-euphrates", 3, 5, 30)
    assert _violations(state) == ""
    data = state.data
    data["bag"].pop()
    assert "tiles are not conserved" in _violations(state)
    data["bag"].append("r")
    data["catastrophes"][1] = 3
    assert "seat 1 has 3 catastrophes left, not 0-2" in _violations(state)
    data["catastrophes"][1] = 2
    data["treasures"].append(0)  # A1 never holds a starting temple
    assert "a treasure lies on A1" in _violations(state)
    data["treasures"].pop()
    data["hands"][0]["k"] = 9
    assert "seat 0 holds" in _violations(state) and "more than 6" in _violations(state)


def test_tigris_catches_two_kings_in_one_kingdom() -> None:
    """Two leaders of a colour in one kingdom with no revolt pending (reference §1.8 resolves it at once)."""
    game = load_game("tigris-euphrates", 2)
    board = game.new_state(seed=1).board  # type: ignore[attr-defined]
    land = [sq for sq in range(WIDTH * HEIGHT) if sq not in board.river and sq not in board.temples]
    left = next(sq for sq in land if sq % WIDTH < WIDTH - 2 and sq + 1 in land and sq + 2 in land)
    scenario = {
        "cells": {square_name(left + 1): "red"},
        "leaders": [{"king": square_name(left)}, {"king": square_name(left + 2)}],
    }
    state = game.new_state(seed=1, scenario=scenario)
    assert "has two ['k'] leaders and no conflict is pending" in _violations(state)


def test_arabian_struggle_invariants_catch_their_faults() -> None:
    state = play("arabian-struggle", 3, 5, 40)
    assert _violations(state) == ""
    data = state.data
    card = data["deck"][0]
    data["discard"].append(card)
    assert f"card {card} is in 2 places" in _violations(state)
    data["discard"].pop()
    data["deck"].remove(card)
    assert f"cards [{card}] are nowhere" in _violations(state)
    data["deck"].insert(0, card)
    data["tc"]["Saudi"] = 19
    assert "Saudi has" in _violations(state) and "more pieces out than the box holds" in _violations(state)
    data["tc"]["Saudi"] = 0
    data["vp"]["Hashemite"] = -2
    assert "Hashemite has -2 VP" in _violations(state)
    two = play("arabian-struggle", 2, 5, 10)
    two.data["vp"]["Rasheedi"] = 1
    assert "the non-player Rasheedi has 1 VP" in _violations(two)


def test_advanced_civilization_invariants_catch_their_faults() -> None:
    state = play("advanced-civilization", 3, 5, 30)
    assert _violations(state) == ""
    player = state.data["players"][1]
    player["stock"] -= 1
    assert "seat 1's tokens are not conserved" in _violations(state)
    player["stock"] += 1
    area = next(a for a, spec in state.board.areas.items() if spec.land)
    state.data["cities"].update({f"{area}#{i}": {"owner": 0, "built": 0} for i in range(10)})
    assert "seat 0 has 10 cities on the board, more than 9" in _violations(state)


def test_advanced_civilization_catches_surplus_population_at_rest() -> None:
    """After the surplus removal (AC §26.1) no area is above its limit; between expansion and surplus it may be."""
    state = play("advanced-civilization", 2, 3, 6)
    area = next(
        a for a, spec in state.board.areas.items() if spec.land and spec.limit == 1 and a not in state.data["cities"]
    )
    state.data["tokens"][area] = [3, 0]
    state.data["players"][0]["stock"] -= 3
    steps = {frame["step"] for frame in state.data["stack"]}
    expect = "surplus" not in steps or "expansion" in steps
    assert ("above its limit 1" in _violations(state)) == expect


# ------------------------------------------------------------------------- the debug switch
def test_debug_mode_raises_invariant_error_naming_game_action_and_fault() -> None:
    state = play("tigris-euphrates", 2, 3, 3)
    state.data["bag"].pop()  # a tile vanishes: the next action's check must notice
    seat = state.to_act()[0]
    action = state.legal_actions(seat)[-1]
    with checking(), pytest.raises(InvariantError) as caught:
        state.apply(seat, action)
    message = str(caught.value)
    assert message.startswith("tigris-euphrates (2 players, seed 3) after seat")
    assert repr(action.text) in message and "tiles are not conserved" in message
    assert isinstance(caught.value, LudotecaError) and caught.value.violations


def test_debug_mode_checks_apply_legal_and_set_up() -> None:
    state = play("arabian-struggle", 2, 3, 3)
    card = state.data["deck"].pop()
    seat = state.to_act()[0]
    with checking(), pytest.raises(InvariantError, match=f"cards \\[{card}\\] are nowhere"):
        state.apply_legal(seat, state.legal_actions(seat)[0])
    with checking(), pytest.raises(InvariantError, match="after the set-up"):
        # A build of a later era than the game's: a scenario the loader takes (negative points it refuses now).
        load_game("mankind", 2).new_state(seed=0, scenario={"players": [{"builds": ["medieval/Windmills"]}]})


def test_debug_mode_off_changes_nothing() -> None:
    assert not enabled()
    state = play("tigris-euphrates", 2, 3, 3)
    state.data["bag"].pop()
    seat = state.to_act()[0]
    state.apply(seat, state.legal_actions(seat)[-1])  # broken, but nobody is checking
    with checking():
        assert enabled()
        with checking():
            assert enabled()
        assert enabled()
    assert not enabled()


def test_environment_variable_turns_checking_on() -> None:
    code = "from ludoteca.core.debug import enabled; print(enabled())"
    env = {**os.environ, "LUDOTECA_CHECK": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"
    env["LUDOTECA_CHECK"] = "0"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_arabian_struggle_catches_overpopulation_after_phase_4() -> None:
    """From Phase 4 to the End of Era every area is within its supply (AS: Phase 4)."""
    state = load_game("arabian-struggle", 3).new_state(seed=0)
    chooser = Rng(0)
    while True:
        seat = state.to_act()[0]
        state.apply(seat, state.random_action(seat, chooser))
        steps = {frame["step"] for frame in state.data["stack"]}
        if "overpopulation" not in steps and "cleanup" in steps:
            break
    assert _violations(state) == ""
    area = next(iter(state.data["pieces"]))
    state.data["pieces"][area]["Saudi"] = state.data["pieces"][area].get("Saudi", 0) + 5
    assert f"{area} holds" in _violations(state) and "Faction pieces after Overpopulation" in _violations(state)


def test_advanced_civilization_counts_a_calamity_being_resolved() -> None:
    """A calamity leaves its victim's hand in phase 11 and is under its stack only once resolved (§29.7):
    meanwhile its frame holds it, and the card count must not call it lost (found by heuristic-driven fuzzing)."""
    state = play("advanced-civilization", 2, 3, 6)
    spec = state.cards  # type: ignore[attr-defined]
    name = next(iter(spec.calamities))
    stack = state.data["stacks"][spec.stack_of(name) - 1]
    stack.remove(name)
    assert f"trade cards are lost: {{{name!r}: 1}} missing" in _violations(state)
    state.data["stack"].insert(0, {"step": "calamity_done", "name": name, "before": [0, 0]})
    assert "trade cards" not in _violations(state)
