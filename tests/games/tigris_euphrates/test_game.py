"""The whole game: the core conformance suite for 2-4 players on both boards, and exact replays
(edge case 20: undo and replay consistency — the engine keeps a full action log and plain-data state)."""

from __future__ import annotations

import json
import random

import pytest

import ludoteca
from ludoteca.core.conformance import check_game, play_random
from ludoteca.games.tigris_euphrates.board import adjacent_temple, leader_squares, regions
from ludoteca.games.tigris_euphrates.machine import RULES
from tests.games.tigris_euphrates.helpers import act, start


@pytest.mark.parametrize("board", ["standard", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players: int, board: str) -> None:
    report = check_game("tigris-euphrates", players, {"board": board}, seeds=range(3))
    assert report.games == 3 and report.actions > 0 and report.probes > 0


def _snapshot(state) -> str:
    views = [state.view(None)] + [state.view(seat) for seat in range(state.players)]
    return json.dumps({"data": state.data, "views": views, "log": state.log}, sort_keys=True)


def test_replay_is_exact_mid_game_and_at_the_end() -> None:
    """Edge case 20: a record rebuilds the same state at any point, including hidden data and the log."""
    game = ludoteca.load_game("tigris-euphrates", players=3, options={"scoring": "hidden"})
    state = game.new_state(seed=21)
    rng = random.Random(4)
    checkpoints = 0
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if len(state.record()["actions"]) % 97 == 0:
            again = ludoteca.replay(json.loads(json.dumps(state.record())))
            assert _snapshot(again) == _snapshot(state)
            checkpoints += 1
    again = ludoteca.replay(state.record())
    assert _snapshot(again) == _snapshot(state) and again.result() == state.result()
    assert checkpoints > 0


def test_replay_of_a_scenario_with_conflicts() -> None:
    """Edge case 20: a scripted position with a war, a monument and treasures replays exactly."""
    state = start(
        2,
        keep=("K11", "F10", "B2"),
        hands=[["black", "black"], ["black"]],
        cells={"F4": "black", "G4": "black", "F5": "black", "E5": "red", "H5": "black", "I5": "red"},
        leaders=[{"king": "E6"}, {"king": "J5"}],
        bag=["green"] * 30,
    )
    act(state, "place black on G5", "commit 1 black", "commit 1 black", "build the black-red monument on F4", "pass")
    again = ludoteca.replay(state.record())
    assert _snapshot(again) == _snapshot(state)
    assert again.record() == state.record()


def test_clones_are_independent() -> None:
    """Edge case 20 (BGA's undo bugs): a clone never shares state with its original."""
    state = start(2, seed=8, clear=False)
    twin = state.clone()
    before = _snapshot(state)
    play_random(twin, seed=1, max_actions=20_000)
    assert twin.is_over() and _snapshot(state) == before


def test_clones_share_no_container() -> None:
    """The field-by-field copy (state._copy_data) leaves no list or dict shared with the original, and
    covers every field a game has (anything else is copied the generic way)."""
    from ludoteca.games.tigris_euphrates.state import _FIELDS

    def containers(value: object) -> list[object]:
        if isinstance(value, dict):
            return [value] + [c for item in value.values() for c in containers(item)]
        if isinstance(value, list):
            return [value] + [c for item in value for c in containers(item)]
        return []

    state = start(3, seed=4, clear=False)
    chooser = random.Random(2)
    for _ in range(60):
        seat = state.to_act()[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    assert set(state.data) == _FIELDS
    state.data["stack"].append({"step": "war_next", "remaining": ["r", "b"]})  # a frame holding a list
    twin = state.clone()
    assert twin.data == state.data
    mine = {id(c) for c in containers(state.data)}
    assert not mine & {id(c) for c in containers(twin.data)}
    state.data["stack"].pop()


def _check_invariants(state) -> None:
    """What the rules guarantee whenever the active player is about to act."""
    data, board = state.data, state.board
    geometry = regions(board, data)
    for region, leaders in geometry.leaders.items():
        colours = [colour for _, colour, _ in leaders]
        assert len(colours) == len(set(colours)), "a kingdom with two leaders of one colour"
        if "g" in colours:
            inside = set(geometry.squares[region])
            assert sum(1 for t in data["treasures"] if t in inside) < 2, "a trader's kingdom owes treasures"
    for square in leader_squares(data):
        assert adjacent_temple(board, data, square), "a leader without a temple"
        assert data["cells"][square] == "" and square not in board.river
    for square in data["treasures"]:
        assert data["cells"][square] in ("r", "m"), "a treasure off its temple"
    for square in board.river:
        assert data["cells"][square] in ("", "b", "m", "x"), "a land tile on a river"
    for square in range(len(data["cells"])):
        if data["cells"][square] in "rkg" and data["cells"][square]:
            assert square not in board.river
    assert data["unification"] == -1


@pytest.mark.parametrize(("board", "players", "seed"), [("standard", 2, 1), ("standard", 4, 2), ("advanced", 3, 3)])
def test_rule_invariants_in_random_play(board: str, players: int, seed: int) -> None:
    """Random games that mostly place tiles and leaders (so kingdoms grow, merge and fight) never break
    the rules' invariants between actions."""
    state = ludoteca.load_game("tigris-euphrates", players, {"board": board}).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        building = [a for a in legal if a.text.startswith(("place", "move", "commit", "resolve", "build", "take"))]
        state.apply(seat, rng.choice(building if building and rng.random() < 0.95 else legal))
        frame = RULES.pending(state)
        if frame is not None and frame["step"] == "action":
            _check_invariants(state)
    assert state.result()["end"]
