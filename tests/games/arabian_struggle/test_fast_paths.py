"""The shortcuts taken for speed give exactly what the plain rules code would.

Clones copy ``data`` field by field (sharing immutable values and the frames' inner containers), option
lists use tables precomputed from the map: each test here compares one shortcut with the slow, obvious
way over whole random games of every variant.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

import ludoteca
from ludoteca.core import Rng
from ludoteca.games.arabian_struggle import board, movement
from ludoteca.games.arabian_struggle.choices import DESCRIBED
from ludoteca.games.arabian_struggle.state import ArabianStruggleState

SETTINGS = [(2, {}), (3, {}), (3, {"variant": "historical"}), (2, {"variant": "draft"}), (3, {"variant": "draft"})]


def positions(players: int, options: dict[str, str], seed: int) -> Iterator[ArabianStruggleState]:
    """Every position of one random game (the benchmark's way: the game's own sampler)."""
    state = ludoteca.load_game("arabian-struggle", players=players, options=options).new_state(seed=seed)
    chooser = Rng(seed + 100)
    while not state.is_over():
        assert isinstance(state, ArabianStruggleState)
        yield state
        seat = state.to_act()[0]
        state.apply_legal(seat, state.random_action(seat, chooser))


@pytest.mark.parametrize(("players", "options"), SETTINGS)
def test_a_clone_played_to_the_end_never_changes_the_original(players: int, options: dict[str, str]) -> None:
    for seed in range(2):
        for step, state in enumerate(positions(players, options, seed)):
            if step % 13:
                continue
            before = json.dumps(state.data, sort_keys=True)
            twin = state.clone()
            assert twin.data == state.data
            chooser = Rng(step)
            while not twin.is_over():
                seat = twin.to_act()[0]
                twin.apply_legal(seat, twin.random_action(seat, chooser))
            assert json.dumps(state.data, sort_keys=True) == before


def test_the_copy_knows_every_field_and_a_new_one_is_still_copied() -> None:
    state = next(positions(3, {}, 0))
    state.data["later_field"] = {"nested": [1, 2]}
    copied = state._copy_data()
    assert copied == state.data and copied["later_field"]["nested"] is not state.data["later_field"]["nested"]


@pytest.mark.parametrize(("players", "options"), SETTINGS[:2])
def test_map_tables_agree_with_a_scan_of_the_map(players: int, options: dict[str, str]) -> None:
    content = board.content()
    for state in positions(players, options, 3):
        for owner in (*board.FACTIONS, *board.EMPIRES, "Nomad"):
            scanned = [area for area in content.areas if board.count(state, area, owner)]
            assert board.areas_of(state, owner) == scanned
        for faction in board.FACTIONS:
            for area in board.areas_of(state, faction):
                assert (area in content.movable_from) == bool(movement.reachable(state, area, faction))


def test_the_links_table_is_the_adjacency_with_its_costs() -> None:
    content = board.content()
    for name, area in content.areas.items():
        assert [other for other, _ in content.links[name]] == list(area.adjacent)
        assert all(cost == content.link_cost(name, other) for other, cost in content.links[name])


def _reachable_plainly(state: ArabianStruggleState, start: str, faction: str) -> dict[str, int]:
    """Movement by the rule's words: repeat "step to a neighbour" until nothing gets cheaper."""
    content = board.content()
    budget = int(content.setup["movement_points"])
    best = {start: 0}
    changed = True
    while changed:
        changed = False
        for area, spent in list(best.items()):
            if area != start and board.has_opposing(state, area, faction):
                continue
            for other in content.areas[area].adjacent:
                cost = spent + content.link_cost(area, other)
                if cost <= budget and cost < best.get(other, budget + 1):
                    best[other], changed = cost, True
    del best[start]
    return best


def test_reachable_agrees_with_the_plain_rule() -> None:
    for state in positions(3, {}, 4):
        for faction in board.FACTIONS:
            for area in board.areas_of(state, faction):
                assert movement.reachable(state, area, faction) == _reachable_plainly(state, area, faction)


class _Index:
    """A stand-in for the random source whose draw is a chosen index (and records the range it was asked for)."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.asked: list[int] = []

    def randrange(self, n: int) -> int:
        self.asked.append(n)
        return self.index


@pytest.mark.parametrize(("players", "options"), SETTINGS)
def test_random_action_maps_each_draw_to_one_legal_action_in_order(players: int, options: dict[str, str]) -> None:
    """``random_action`` asks for one number below the number of legal actions and returns the action at
    that place of ``legal_actions``: uniform over exactly the legal list whatever the step."""
    described = 0
    for seed in range(2):
        for state in positions(players, options, seed):
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            step = state.data["stack"][-1]["step"]
            described += step in DESCRIBED
            for index, action in enumerate(legal):
                chooser = _Index(index)
                drawn = state.random_action(seat, chooser)
                assert chooser.asked == [len(legal)]
                assert (drawn.text, drawn.payload) == (action.text, action.payload)
    assert described > 0


def test_random_action_keeps_the_plain_errors() -> None:
    state = next(positions(3, {}, 0))
    waiting = state.to_act()[0]
    with pytest.raises(ludoteca.IllegalAction):
        state.random_action(3, Rng(0))
    with pytest.raises(ValueError):
        state.random_action((waiting + 1) % 3, Rng(0))  # not its turn: an empty list, as the plain sampler gives
