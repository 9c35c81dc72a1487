"""The shortcuts taken for speed keep the rules' answers: clones copy every mutable part of the data."""

from __future__ import annotations

from typing import Any

import pytest

import ludoteca
from ludoteca.agents.base import make_agent
from ludoteca.core import Rng, State


def _containers(value: Any, found: dict[int, str], path: str) -> None:
    """Every list and dict inside ``value``, by identity, with where it sits."""
    if type(value) in (list, dict):
        found[id(value)] = path
        items = value.items() if type(value) is dict else enumerate(value)
        for key, item in items:
            _containers(item, found, f"{path}[{key!r}]")


def _shared(state: State, twin: State) -> list[str]:
    """The paths of containers a clone shares with its original (there must be none)."""
    mine: dict[int, str] = {}
    theirs: dict[int, str] = {}
    _containers(state.data, mine, "data")
    _containers(twin.data, theirs, "data")
    return sorted(mine[key] for key in mine.keys() & theirs.keys())


def _states(players: int, options: dict[str, Any], seed: int, agent: str = "random") -> list[State]:
    """Every state of one game, as clones taken along the way: random games, or heuristic ones, which build
    cities, trade and buy advances (random games seldom get so far)."""
    state = ludoteca.load_game("advanced-civilization", players, options).new_state(seed=seed)
    chooser = Rng(seed + 1)
    agents = [make_agent(agent, seed=seed + s) for s in range(players)]
    taken = []
    while not state.is_over():
        taken.append(state.clone())
        seat = state.to_act()[0]
        if agent == "random":
            state.apply_legal(seat, state.random_action(seat, chooser))
        else:
            state.apply(seat, agents[seat].choose(state, seat))
    return taken


@pytest.mark.parametrize(
    ("players", "options", "seed", "agent"),
    [
        (2, {}, 1, "random"),
        (4, {"calamities": "additional"}, 2, "random"),
        (5, {"map": "main+western", "turn_limit": 6}, 3, "random"),
        (4, {"calamities": "additional", "turn_limit": 12}, 5, "heuristic"),
    ],
)
def test_clones_copy_every_container_and_equal_the_original(
    players: int, options: dict[str, Any], seed: int, agent: str
) -> None:
    for state in _states(players, options, seed, agent):
        twin = state.clone()
        assert twin.data == state.data
        assert _shared(state, twin) == []


def test_a_field_the_copy_does_not_know_is_copied_the_generic_way() -> None:
    state = _states(3, {}, 4)[40]
    state.data["later"] = {"nested": [[1, 2]]}
    state.data["stack"].append({"step": "lose", "spared": {"a": [1]}})
    twin = state.clone()
    assert twin.data == state.data and _shared(state, twin) == []


def test_the_invariants_catch_a_list_in_a_frame_that_clones_copy_flat() -> None:
    state = _states(2, {}, 4)[40]
    assert not any("copy it flat" in problem for problem in state._invariants())
    state.data["stack"].insert(0, {"step": "ast", "later": [1]})
    assert "the ast frame holds a list under 'later', but clones copy it flat" in state._invariants()


def _plain_ship_builds(state: Any, seat: int) -> list[str]:
    """Ship building as first written: a walk of every land area of the map, in the board's order."""
    from ludoteca.games.advanced_civilization import pieces

    texts = []
    if len(pieces.ships_of(state, seat)) < state.rules.ships:
        cost, treasury = state.rules["ship_cost"], state.data["players"][seat]["treasury"]
        for area in state.board.land:
            here = pieces.count(state, area, seat)
            if not here or area not in state.board.coastal:
                continue
            for from_treasury in range(cost + 1):
                from_area = cost - from_treasury
                if from_treasury <= treasury and from_area <= here:
                    texts.append(f"build a ship in {area} ({from_treasury} treasury, {from_area} from the area)")
    return [*texts, "build no more ships"]


def _plain_sources(state: Any, seat: int) -> list[str]:
    from ludoteca.games.advanced_civilization.movement import movable

    return [a for a in sorted(state.data["tokens"]) if movable(state, a, seat) > 0 and state.board.borders.get(a)]


@pytest.mark.parametrize(("players", "options"), [(4, {}), (6, {"map": "main+western"})])
def test_the_shortcut_listings_equal_the_plain_rules(players: int, options: dict[str, Any]) -> None:
    from ludoteca.games.advanced_civilization import advances, movement, ships

    for state in _states(players, options, 6, "heuristic")[::7]:
        for seat in range(players):
            frame = {"step": "ship_build", "seat": seat}
            assert [a.text for a in ships._build_options(state, frame)] == _plain_ship_builds(state, seat)
            sources = [
                a.payload[1]
                for a in movement._from_options(state, {"seat": seat})
                if a.payload and a.payload[0] == "land"
            ]
            assert sources == _plain_sources(state, seat)
            held = state.data["players"][seat]["advances"]
            for name, card in advances.content.advances().items():
                assert advances.price(held, name) == max(0, card.cost - advances.credit(held, name))
        assert state.ast_order() == sorted(range(players), key=state.ast_rank)


def test_a_ship_reach_is_remembered_per_map_and_handed_out_as_a_fresh_list() -> None:
    from ludoteca.games.advanced_civilization import ships

    state = _states(3, {"map": "main+western"}, 2)[30]
    start = sorted(state.board.coastal)[0]
    first = ships.ship_destinations(state, 0, start)
    first.append("nowhere")
    assert ships.ship_destinations(state, 0, start) == first[:-1]
    assert (start, ships.ship_range(state, 0), False) in state.board.ship_reach
