"""Every game runs on the keyed generator (what the server uses) and its records replay exactly."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.core import KEYED, BadOptions, BadRecord, KeyedRng, Rng, list_games, load_game

GAMES = [game for game in list_games() if game != "blind-draw"]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_keyed_game_replays_from_its_record(game_id: str) -> None:
    state = load_game(game_id).new_state(seed=2**128 + 77, generator=KEYED)
    assert isinstance(state.rng, KeyedRng)
    chooser = Rng(5)
    for _ in range(120):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, state.random_action(seat, chooser))
    record = state.record()
    assert record["generator"] == KEYED and record["seed"] == 2**128 + 77
    again = ludoteca.replay(record)
    assert again.view(None) == state.view(None) and again.rng.state == state.rng.state
    assert isinstance(again.rng, KeyedRng) and isinstance(state.clone().rng, KeyedRng)
    # The same seed on the fast generator is another game: the generator is part of the record's truth.
    fast = ludoteca.replay({**record, "generator": "splitmix64", "actions": []})
    assert "generator" not in fast.record()


def test_an_unknown_generator_is_refused_by_name() -> None:
    with pytest.raises(BadOptions, match="unknown generator 'xorshift'"):
        load_game("mankind").new_state(seed=1, generator="xorshift")
    record = load_game("mankind").new_state(seed=1).record()
    with pytest.raises(BadRecord, match="'generator' must be one of"):
        ludoteca.replay({**record, "generator": "xorshift"})
