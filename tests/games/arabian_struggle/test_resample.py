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
# piles were kept (session 9): one-pile games must redraw exactly as before. (A Draft game's redraw keeps what
# each faction learnt in the draft since session 26: its tests are below.)
BEFORE = {
    (3, "standard", 8): "b5486b52e3bdff21",
    (2, "standard", 9): "12cdba88ab8a71ba",
}


def test_one_pile_is_redrawn_as_before() -> None:
    """Standard games: one pile, redrawn together with the other hands in one shuffle, as search always drew it
    (the same generator calls, so searches choose as before)."""
    for (players, variant, seed), digest in BEFORE.items():
        state = ArabianStruggleGame(players, {"variant": variant}).new_state(seed=seed)
        twin = state.clone()
        twin.resample(1, random.Random(5))
        d = twin.data
        blob = json.dumps([d["hands"], d["deck"], d["rasheedi_deck"], d["draft"], twin.rng.state], sort_keys=True)
        assert hashlib.sha256(blob.encode()).hexdigest()[:16] == digest


def _draft_slots(state: ArabianStruggleState, mine: str) -> list[int]:
    draft = state.data["draft"]
    return sorted(n for part in ("pools", "kept") for f, cards in draft[part].items() if f != mine for n in cards)


def test_the_pool_a_faction_passed_stays_its_receivers_in_every_redraw() -> None:
    """Research QA pass, session 26: 3 players, Draft, seed 1, after six picks: Rasheedi's pool is exactly the
    four cards seat 0 passed it, and seat 0 knows it; the redraw used to hand Rasheedi four other cards."""
    state = ArabianStruggleGame(3, {"variant": "draft"}).new_state(seed=1)
    chooser = random.Random(0)
    for _ in range(6):
        seat = min(state.to_act())
        state.apply_legal(seat, state.random_action(seat, chooser))
    mine, receiver = state.data["players"][0], state.data["players"][1]
    assert sorted(state.data["draft"]["pools"][receiver]) == sorted(state.data["draft"]["passed"][mine])
    for k in range(20):
        twin = state.clone()
        twin.resample(0, random.Random(k))
        assert sorted(twin.data["draft"]["pools"][receiver]) == sorted(state.data["draft"]["pools"][receiver])
        assert twin.view(0) == state.view(0)


def test_a_draft_redraw_never_draws_a_world_the_faction_can_rule_out() -> None:
    """Whole drafts at 2 and 3 players, every Era: at each pick, every faction's redraw keeps its view, the cards,
    the pool it passed (its receiver's pool and this round's picks, in any order) and every card it has held in
    the draft among the others' draft cards (never in the draw pile); and it does redraw something."""
    changed = 0
    for players, seed in ((3, 2), (2, 3)):
        state = ArabianStruggleGame(players, {"variant": "draft"}).new_state(seed=seed)
        chooser = random.Random(seed)
        while not state.is_over() and state.data["era"] <= 3:
            if state.data["draft"] is not None:
                draft = state.data["draft"]
                for seat, mine in enumerate(state.data["players"]):
                    twin = state.clone()
                    twin.resample(seat, random.Random(len(state.log)))
                    after = twin.data["draft"]
                    assert twin.view(seat) == state.view(seat)
                    assert sorted(twin.data["deck"] + _draft_slots(twin, mine)) == sorted(
                        state.data["deck"] + _draft_slots(state, mine)
                    )
                    seen = set(draft["seen"][mine]) - set(draft["pools"][mine]) - set(draft["kept"][mine])
                    assert seen <= set(_draft_slots(twin, mine)) and not seen & set(twin.data["deck"])
                    if mine in draft["passed"]:
                        order = state.data["players"]
                        receiver = order[(order.index(mine) + draft["direction"]) % len(order)]
                        this_round = after["pools"][receiver] + after["kept"][receiver][draft["round_start"] :]
                        assert sorted(this_round) == sorted(draft["passed"][mine])
                    changed += _draft_slots(twin, mine) != _draft_slots(state, mine) or after != draft
            seat = min(state.to_act())
            state.apply_legal(seat, state.random_action(seat, chooser))
    assert changed > 20
