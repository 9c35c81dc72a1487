"""The generic path (``legal_actions`` then ``apply_legal``) lists and plays exactly what it did before it
was made fast.

The action lists of a turn are built lazily and their texts only when read (``turn.py``); these digests
were recorded from the eager version before that change, over random games with fixed seeds on every
board, scoring and player count. Each digest covers, at every decision, the seat and the texts of its
legal actions in order, then the game's record, result and whole log: any change to an action list, an
action's text, its order or what playing it does changes a digest. They were re-recorded once, when the
Revolt and War log lines changed their wording ("seat 2 with 2 (...)", issue #22), after checking that the
new games hash to the old digests with only that wording put back.
"""

from __future__ import annotations

import hashlib
import json

import pytest

import ludoteca
from ludoteca.core import Rng

# (players, board, scoring, seed) -> sha256 of the game's action lists, record, result and log.
GOLDEN = {
    (2, "standard", "hidden", 1): "a1fae4e2d4fb615dc641ab8083013b3ba1b776505a7061117657acee7e4277fa",
    (2, "advanced", "open", 2): "3abf8b5c88d94fd9c80f34ac5773bcc99a94ab954adcb4b5f461be6afaae8d31",
    (3, "standard", "open", 3): "d1636accc229c685c9a3c94a610bf42d2d0fe084b57eeb1100633375ec9f33fa",
    (3, "advanced", "hidden", 4): "b0318601a7beafc680f4cd1ed942af275b0951dc943af619262d75f0f2f23a87",
    (4, "standard", "hidden", 5): "3610bbfb4ab2fe4e68f0498d33b2ea7ae58c91a2271c64e3b804061e26c6c789",
    (4, "advanced", "open", 6): "639ba8e9c8f9799392744c47cf10968f36afb9d419c5f8dbcf8bb77c9d111864",
    (2, "standard", "open", 7): "824f5b0167a54e13e83701768a5c511e809d6092b33992f1c75389841b3c9de9",
    (3, "standard", "hidden", 8): "38f82bec6b56bf3f6f71d010d00d46dc4a4645fb79f1cf4608af389c93d74fa7",
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
    (2, 11): "2861fabd82dbd2d4c3adada4830ee50b6df034f7fb7440c931e92e78a1810ae9",
    (3, 12): "8fcacbae6da0fcb00df86ad5826920eaec25e08f7d3f0fb27dba935ead010a12",
    (4, 13): "a1ae9cd16a279c36a0dfb6125c701080567a8a7c9bbd8f70d52f7d8618fa2a4a",
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
