"""The generic path (``legal_actions`` then ``apply_legal``) lists and plays exactly what it did before it
was made faster (issue #21).

These digests were recorded on 2026-12-01 from the code as it stood before the speed work of that day, over
random games with fixed seeds at 2 and 3 players and in every variant. Each digest covers, at every decision,
the seat and the texts of its legal actions in order, every few decisions what each seat and a spectator see
(``view``), then the game's record, result and whole log: any change to an action list, an action's text, its
order, what playing it does or what a seat is shown changes a digest. The sampler path (``random_action``, what
rollouts use) has digests of its own.
"""

from __future__ import annotations

import hashlib
import json

import pytest

import ludoteca
from ludoteca.core import Rng

# (players, variant) -> sha256 over ten games (seeds 0-9) of action lists, views, record, result and log.
GOLDEN: dict[tuple[int, str], str] = {
    (2, "standard"): "de92990dc5723da4fd246a97a8a2ab09047324493bf0c24d1951c23256b1bae8",
    (2, "historical"): "888075fcb4b604e631a4558107b3d8a3769ff4925c5d31970ef6e27e9da6965b",
    (2, "draft"): "d3f9c7fa50ab09dc31ad818ab7d543264c32c09a415db78057531589d60faa7c",
    (3, "standard"): "b3aa2feb851793856490e37962605cd8ab92f230c9c60d9b0608ab5d1c030f26",
    (3, "historical"): "2fa589af46d46f7831e75391ec4eb797a3e3cd2309f1006dec50bfaa710646cb",
    (3, "draft"): "fab73c20efc72769f0dd0215ce234d466f2260382abdb3ab15f5b26db1e82af9",
}

# (players, variant) -> sha256 over ten games (seeds 20-29) of the sampler's choices, record, result and log.
SAMPLED: dict[tuple[int, str], str] = {
    (2, "standard"): "8c603687a57c2e7cb97d9029ed52fed397f9aef7b2fd11c0b293bf892f78ea99",
    (2, "historical"): "5005d20a0916fee2c380deda538fbeb2db743dce5df7288c91f5e0639936b99f",
    (2, "draft"): "35ab7c64b3be0a9a9e5d0c7f58f80b88a43c2741445559ae8a98742db64b9250",
    (3, "standard"): "40a89260cee3e890ed1ee65086e972ecd142c55507599c2ce0af98247d644f60",
    (3, "historical"): "8a36b9f8bf76aa2e83fb09b675529969ae0a17abcf9394cd8e66e808b28438ad",
    (3, "draft"): "e72010684bb4272371a973e67e5a8d4873357d0e3f0ca43ec2c7220ad75e5166",
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
