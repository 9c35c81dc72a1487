"""The fast paths of the adapters give exactly what the plain versions give: every seat's observation
(``observe(..., reference=True)``: each game's plain ``write_reference``) and the
legal actions by index (``legal_reference``), over random games of every game at its smallest and largest
player count, public observers included."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="the RL adapters need the 'rl' extra: pip install ludoteca[rl]")

import numpy as np

from ludoteca.adapters.encodings import load_encoded
from tests.adapters.cases import extreme_player_cases, random_walk


@pytest.mark.parametrize(("game_id", "players"), extreme_player_cases())
def test_fast_observations_and_legal_actions_equal_the_reference(game_id: str, players: int) -> None:
    encoding = load_encoded(game_id, players)
    checked = 0
    for seed in (1, 2):
        state = encoding.game.new_state(seed=seed)
        for step, (seat, _legal) in enumerate(random_walk(state, seed, 400)):
            assert encoding.legal(state, seat) == encoding.legal_reference(state, seat)
            assert list(encoding.legal(state, seat)) == list(encoding.legal_reference(state, seat))
            if step % 3 == 0:
                for other in range(players):
                    fast = encoding.observe(state, other)
                    plain = encoding.observe(state, other, reference=True)
                    assert fast.dtype == plain.dtype == np.float32
                    assert np.array_equal(fast, plain), f"{game_id} seat {other}, decision {step}, seed {seed}"
                public = encoding.observe(state, seat, public=True)
                assert np.array_equal(public, encoding.observe(state, seat, public=True, reference=True))
                checked += 1
        if state.is_over():
            for other in range(players):
                assert np.array_equal(encoding.observe(state, other), encoding.observe(state, other, reference=True))
    assert checked > 20
