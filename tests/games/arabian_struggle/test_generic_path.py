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
gave the old digests, every one. Updated again in session 26, when ``event_stop`` named the pieces' owner
("Saudi places no British pieces", where it had read as Saudi's own): the old and new games were compared
decision by decision (action lists, views, record, log), and the ``event_stop`` texts were the only difference;
and once more when a 3-player event offer named the faction that played the card for "your opponent" (it has two),
compared the same way: that prompt was the only difference.
"""

from __future__ import annotations

import hashlib
import json

import pytest

import ludoteca
from ludoteca.core import Rng

# (players, variant) -> sha256 over ten games (seeds 0-9) of action lists, views, record, result and log.
GOLDEN: dict[tuple[int, str], str] = {
    (2, "standard"): "c35607ff9b76a79413b20f20dad248b8160fe6c4934b1c0169e029d91a93775b",
    (2, "historical"): "dbb98ff3d6522fb46a3d5a4f9e0342fb2a22edf1c5150ad43514f37fa46d13c5",
    (2, "draft"): "8f79ac672d247f38b66338c8c9a9094d6f7e2fb4a5be8631459aa9b44b4a4c47",
    (3, "standard"): "4a8cdd15e724d2fc7e5a77a181158cebdb475f3ffdd1b2ce3ff75485e2ac4182",
    (3, "historical"): "b0d1f955ae9777c4c9abd330698b2e329ae5256bb9bc3defea2bd5df50e9357a",
    (3, "draft"): "d15a670ef28b10492f2d0dc15ab155258140979e7516776f6cee1a3cd5a085e4",
}

# (players, variant) -> sha256 over ten games (seeds 20-29) of the sampler's choices, record, result and log.
SAMPLED: dict[tuple[int, str], str] = {
    (2, "standard"): "5cdc20b30c3b6af1d850aeb5f1ee0581e6dfaa9dcb2f0ee9f1dda7f92e6b77ea",
    (2, "historical"): "12c47b310c79e68826119f5480178353faf8ab46475b849da4bfbba643fae436",
    (2, "draft"): "f731d09eccfd0aa8efae34b4bbe5d7ebbeb1db0928d307868cd81e093db39df6",
    (3, "standard"): "c8cf4303336bb0bf180d46e44548f5dd30834ee1a93320501518c99cd20123cb",
    (3, "historical"): "75b7b75ddd5855cefb40a42c1b50554e494d5183b6fd2eadaf3c93cff0c9da0d",
    (3, "draft"): "b74cdc261740746b430420b9ef347563f7fbc77a8784a2a909e06302878960d3",
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
