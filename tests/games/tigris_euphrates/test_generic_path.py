"""The generic path (``legal_actions`` then ``apply_legal``) lists and plays exactly what it did before it
was made fast.

The action lists of a turn are built lazily and their texts only when read (``turn.py``); these digests
were recorded from the eager version before that change, over random games with fixed seeds on every
board, scoring and player count. Each digest covers, at every decision, the seat and the texts of its
legal actions in order, then the game's record, result and whole log: any change to an action list, an
action's text, its order or what playing it does changes a digest. They were re-recorded twice, each time after
checking that the new games hash to the old digests with only the changed wording put back: when the Revolt and
War log lines changed their wording ("seat 2 with 2 (...)", issue #22), and when a leader's placing and moving
lines said "their" for "its" (session 26: the browser writes a seat's name in the log, "Ann moves their king").
"""

from __future__ import annotations

import hashlib
import json

import pytest

import ludoteca
from ludoteca.core import Rng

# (players, board, scoring, seed) -> sha256 of the game's action lists, record, result and log.
GOLDEN = {
    (2, "standard", "hidden", 1): "e1e849db4a7245fb0d554eef40660fbe09de0603cb6b0f77009360314e28dd2a",
    (2, "advanced", "open", 2): "58b955a882480f5925df99bf5e2d0a5d65dc5300abe7039ae4a101b3b49bdf16",
    (3, "standard", "open", 3): "099c3ddfd340cfba44268595fc4b2da0c73be7c41b367bbf80ba6bfefa97d8d7",
    (3, "advanced", "hidden", 4): "cf67a3b2c6174038765c42a2439c6bbd7a9fd32b387c150913c93f325668124c",
    (4, "standard", "hidden", 5): "f2d2d7c2e03d835b33a6ca257173b889774bcd0b5987a29493703a7843990035",
    (4, "advanced", "open", 6): "9b7332322534c19cbacf95e166550a852e652d38906ccfe96d006aefe5822b60",
    (2, "standard", "open", 7): "1073aefd689e2b537a03a642154abb8c054724f5e5256625fedab0b298d9471e",
    (3, "standard", "hidden", 8): "f399ff6e0f52e5624a9e5b742d9c96a5d2996680bcab811d08fd073da3488023",
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
    (2, 11): "a5d81eba202ace26adfc0964fe8c04b741512761e1ff52a479306a9f1ce01059",
    (3, 12): "191abcc9b73c81df6ad0fbe3a48680b3f725d3be93f33c767ef2a79d2d1cd59f",
    (4, 13): "a973e2bd6f115ce81088aabc29e5e1cb85a0e815dfd0afd204034b5748004f0f",
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
