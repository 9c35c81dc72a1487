"""The generic path (``legal_actions`` then ``apply_legal``) lists and plays exactly what it did before it
was made faster (issue #21).

These digests were recorded on 2026-12-01 from the code as it stood before the speed work of that day, over
random games with fixed seeds at 2 and 3 players and in every variant. Each digest covers, at every decision,
the seat and the texts of its legal actions in order, every few decisions what each seat and a spectator see
(``view``), then the game's record, result and whole log: any change to an action list, an action's text, its
order, what playing it does or what a seat is shown changes a digest. The sampler path (``random_action``, what
rollouts use) has digests of its own.

Updated on 2026-12-04 for two new log lines alone (``conference_piece_none``: a faction places no piece in the
Tribal Conference; ``event_stop``: an event's faction stops short): with those lines left out, the new code
gave the old digests, every one.
"""

from __future__ import annotations

import hashlib
import json

import pytest

import ludoteca
from ludoteca.core import Rng

# (players, variant) -> sha256 over ten games (seeds 0-9) of action lists, views, record, result and log.
GOLDEN: dict[tuple[int, str], str] = {
    (2, "standard"): "8a73a6f36b4842a764ae2dbbfccbce6e2ae1f6cf395315c0b088df9124e4a380",
    (2, "historical"): "f32723b02c5109cae538167972e5f5c4607da0f276241563a19f4ca257046095",
    (2, "draft"): "5694e2ba6a0de8d40ae75e1700b7da732f39fc8f3473e81abb479701b62e8679",
    (3, "standard"): "c7695bc3f944f61cd155c95b722234e42372221fb5e339a7dfa3551c9a0bd3ea",
    (3, "historical"): "e6f5a23730c36287d6bc974d9d7226d8c4743d659cac27d3658f27c3585125f9",
    (3, "draft"): "3b3543e058a3f0deef2faffb36a58a655ac83f5bd8e44d05a3f37f1b46650509",
}

# (players, variant) -> sha256 over ten games (seeds 20-29) of the sampler's choices, record, result and log.
SAMPLED: dict[tuple[int, str], str] = {
    (2, "standard"): "197bbbd20377a0d335b9862ac36d34d11e4dcb41e38a5db65f8f751f2192def8",
    (2, "historical"): "d3af76808937143f8d4a40b9c9dacdb4bda49b3774cb580d1a0211a5770e0f3a",
    (2, "draft"): "710f0756c8c959bb20d4070246b65d9fa285c6305ef0d0e64a850812e85fce70",
    (3, "standard"): "4be364e7782cb20266f3ac439cd954fa2205fbfa9a799fc4452d42deb25a3245",
    (3, "historical"): "04ca0d4b4bd566bb16169df8c0796c8af1adcd6e78c0b7e41d1935db033fa850",
    (3, "draft"): "d4cbf51112504b45c4705c5db5c7d2d40e10f585d255300b8e7493234d423081",
}

VIEW_EVERY = 17  # views are hashed at every 17th decision (all seats and a spectator)


def game_digest(players: int, variant: str, seed: int, hashed: hashlib._Hash) -> None:
    """Play one game through the generic path with a seeded chooser, feeding all it listed and did to ``hashed``."""
    state = ludoteca.load_game("arabian-struggle", players, {"variant": variant}).new_state(seed=seed)
    chooser = Rng(seed + 100)
    decision = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        hashed.update(f"{seat}:".encode())
        hashed.update("|".join(action.text for action in legal).encode())
        if decision % VIEW_EVERY == 0:
            views = [state.view(s) for s in (*range(players), None)]
            hashed.update(json.dumps(views, sort_keys=True).encode())
        state.apply_legal(seat, legal[chooser.randrange(len(legal))])
        decision += 1
    ending = {"record": state.record(), "result": state.result(), "log": state.log}
    hashed.update(json.dumps(ending, sort_keys=True).encode())


def digest(players: int, variant: str, seeds: range = range(10)) -> str:
    hashed = hashlib.sha256()
    for seed in seeds:
        game_digest(players, variant, seed, hashed)
    return hashed.hexdigest()


def sampled_digest(players: int, variant: str, seeds: range = range(20, 30)) -> str:
    """Play games through ``random_action`` and hash what was chosen and what it did."""
    hashed = hashlib.sha256()
    for seed in seeds:
        state = ludoteca.load_game("arabian-struggle", players, {"variant": variant}).new_state(seed=seed)
        chooser = Rng(seed + 100)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply_legal(seat, state.random_action(seat, chooser))
        ending = {"record": state.record(), "result": state.result(), "log": state.log}
        hashed.update(json.dumps(ending, sort_keys=True).encode())
    return hashed.hexdigest()


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_the_generic_path_lists_and_plays_as_before(key: tuple[int, str]) -> None:
    assert digest(*key) == GOLDEN[key]


@pytest.mark.parametrize("key", sorted(SAMPLED))
def test_the_sampler_path_plays_as_before(key: tuple[int, str]) -> None:
    assert sampled_digest(*key) == SAMPLED[key]


def test_the_digest_sees_a_changed_game() -> None:
    """The digest can fail: games on other seeds (other choices, other dice) hash differently."""
    assert digest(2, "standard", range(1)) != digest(2, "standard", range(1, 2))
