"""``resample`` in search: a redrawn world keeps what a seat knows of the draw pile's piles.

The Historical variant stacks this Era's events on the other cards, the future Eras' events under them (AS:
Annex), and everyone knows which cards lie in which pile; a redraw that mixed the piles would hand a rival a
future Era's event in a determinization. Only the top pile is redrawn with the other hands."""

from __future__ import annotations

import hashlib
import json
import random

from ludoteca.games.arabian_struggle import ArabianStruggleGame
from ludoteca.games.arabian_struggle.state import ArabianStruggleState


def _piles(state: ArabianStruggleState) -> list[list[int]]:
    deck, piles, start = state.data["deck"], [], 0
    for run in state.data["deck_runs"]:
        piles.append(sorted(deck[start : start + abs(run)]))
        start += abs(run)
    return piles


def test_historical_lower_piles_keep_their_cards() -> None:
    state = ArabianStruggleGame(3, {"variant": "historical"}).new_state(seed=3)
    assert len(state.data["deck_runs"]) == 2  # the Pre-War events are all dealt: the other cards, the future events
    before = _piles(state)
    hands = state.data["hands"]
    mine = state.data["players"][0]
    others = sorted(n for faction, hand in hands.items() if faction != mine for n in hand)
    changed = False
    for draw in range(20):
        twin = state.clone()
        twin.resample(0, random.Random(draw))
        after = _piles(twin)
        assert after[1:] == before[1:]  # the lower piles hold the same cards
        assert twin.data["hands"][mine] == hands[mine]
        redrawn = sorted(n for faction, hand in twin.data["hands"].items() if faction != mine for n in hand)
        assert sorted(redrawn + after[0]) == sorted(others + before[0])
        assert [len(p) for p in after] == [len(p) for p in before]
        changed |= twin.data["deck"] != state.data["deck"]
    assert changed


# Digests of the redrawn hands, deck, Rasheedi deck, draft and generator, computed with the code before the
# piles were kept (session 9): one-pile games must redraw exactly as before.
BEFORE = {
    (3, "standard", 8): "b5486b52e3bdff21",
    (2, "standard", 9): "12cdba88ab8a71ba",
    (3, "draft", 4): "721d8d4bcf9978e4",
}


def test_one_pile_is_redrawn_as_before() -> None:
    """Standard and Draft games: one pile, redrawn together with the other hands in one shuffle, as search
    always drew it (the same generator calls, so searches choose as before)."""
    for (players, variant, seed), digest in BEFORE.items():
        state = ArabianStruggleGame(players, {"variant": variant}).new_state(seed=seed)
        twin = state.clone()
        twin.resample(1, random.Random(5))
        d = twin.data
        blob = json.dumps([d["hands"], d["deck"], d["rasheedi_deck"], d["draft"], twin.rng.state], sort_keys=True)
        assert hashlib.sha256(blob.encode()).hexdigest()[:16] == digest
