"""The generic path (``legal_actions`` then ``apply_legal``) lists and plays exactly what it did before it
was made fast.

The action lists of a turn are built lazily and their texts only when read (``turn.py``); these digests
were recorded from the eager version before that change, over random games with fixed seeds on every
board, scoring and player count. Each digest covers, at every decision, the seat and the texts of its
legal actions in order, then the game's record, result and whole log: any change to an action list, an
action's text, its order or what playing it does changes a digest.
"""

from __future__ import annotations

import hashlib
import json

import pytest

import ludoteca
from ludoteca.core import Rng

# (players, board, scoring, seed) -> sha256 of the game's action lists, record, result and log.
GOLDEN = {
    (2, "standard", "hidden", 1): "63531d189f62bc0ed4e014a3695f51717002b3ac4b2e34ca1a6d4f531faee527",
    (2, "advanced", "open", 2): "0ee291d7c1b261129746feca5a69c9c86eb28a3b74f5f568d613a15812015490",
    (3, "standard", "open", 3): "8fb9ff0b9273932dc4fc11f36c8b7665104e7b1e7fbd54db2a9dda3f2b5b6cdc",
    (3, "advanced", "hidden", 4): "d82ec3f613be853b5392ec353c1c2220430502cac4227ee22e6a47fab39a95eb",
    (4, "standard", "hidden", 5): "ab9eb4bd9da599098731530b719b98afb516a41172cb0dd99cde050bc0aca67d",
    (4, "advanced", "open", 6): "c97b415cd4369e30ce6cf170f9c437deb20aed354eb8b49d6ae1980ad7391258",
    (2, "standard", "open", 7): "c9cfd0e9c9e4e3d54bae6a84c3734d4ae26fb67339b7db77e0bd906976221121",
    (3, "standard", "hidden", 8): "958fc24834374272eebb1960bec53c7691aa6c7e26433d70c6d689120b6d205f",
}


def digest(players: int, board: str, scoring: str, seed: int) -> str:
    """Play one game through the generic path with a seeded chooser and hash all it listed and did."""
    game = ludoteca.load_game("tigris-euphrates", players, {"board": board, "scoring": scoring})
    state = game.new_state(seed=seed)
    chooser = Rng(seed + 100)
    hashed = hashlib.sha256()
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        hashed.update(f"{seat}:".encode())
        hashed.update("|".join(action.text for action in legal).encode())
        state.apply_legal(seat, legal[chooser.randrange(len(legal))])
    ending = {"record": state.record(), "result": state.result(), "log": state.log}
    hashed.update(json.dumps(ending, sort_keys=True).encode())
    return hashed.hexdigest()


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_the_generic_path_lists_and_plays_as_before(key: tuple[int, str, str, int]) -> None:
    assert digest(*key) == GOLDEN[key]


def test_the_digest_sees_a_changed_action() -> None:
    """The digest can fail: a game where one chosen action differs hashes differently."""
    key = (2, "standard", "hidden", 1)
    assert digest(*key) != digest(2, "standard", "hidden", 9)


# The sampler path (``random_action``): (players, seed) -> sha256 of its choices, record, result and log.
SAMPLED = {
    (2, 11): "8ab97e5c5e194e3df6d0e5972ddc336f0c02e832c7315958ca5ee880cb9797d7",
    (3, 12): "b7d92dc5527e3e122e2f607c998ad0b630b78e0accbcc991ffff2294fbf0f429",
    (4, 13): "decd655e04887ccfeec151dad5798dc3d4fcd01351ccf431a150ca63cf7a1d45",
}


def sampled_digest(players: int, seed: int) -> str:
    """Play one game through ``random_action`` (what rollouts use) and hash what it chose and did."""
    state = ludoteca.load_game("tigris-euphrates", players).new_state(seed=seed)
    chooser = Rng(seed + 100)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply_legal(seat, state.random_action(seat, chooser))
    ending = {"record": state.record(), "result": state.result(), "log": state.log}
    return hashlib.sha256(json.dumps(ending, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("key", sorted(SAMPLED))
def test_the_sampler_path_plays_as_before(key: tuple[int, int]) -> None:
    assert sampled_digest(*key) == SAMPLED[key]
