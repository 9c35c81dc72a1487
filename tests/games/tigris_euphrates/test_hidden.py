"""Hidden information (issue 5): a seat's view holds its own hand only and, with hidden scoring, its own
points only; nobody's view holds the bag's order; ``resample`` redraws the other hands and the bag but
keeps the seat's view; private log events reach only their seat (rulings TE-R8, TE-R9)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tests.games.tigris_euphrates.helpers import act, events, start


def _dump(value) -> str:
    return json.dumps(value, sort_keys=True)


def _dealt(players: int = 3, scoring: str = "hidden", seed: int = 11):
    return start(players, scoring=scoring, seed=seed, clear=False)


def test_view_holds_only_the_own_hand() -> None:
    state = _dealt()
    for seat in range(3):
        view = state.view(seat)
        for other in range(3):
            if other == seat:
                assert view["hands"][other] == state.data["hands"][seat]
            else:
                assert view["hands"][other] == 6  # a count, never the tiles
    assert state.view(None)["hands"] == [6, 6, 6]


def test_view_does_not_change_with_another_seats_tiles() -> None:
    """Another seat's hand (same size, other tiles) and the bag's order never show in a view."""
    state = _dealt()
    before = {seat: _dump(state.view(seat)) for seat in (None, 0)}
    twin = state.clone()
    twin.data["hands"][1] = {"r": 6, "b": 0, "k": 0, "g": 0}
    twin.data["hands"][2] = {"r": 0, "b": 0, "k": 3, "g": 3}
    twin.data["bag"].reverse()
    for seat in (None, 0):
        assert _dump(twin.view(seat)) == before[seat]
    assert state.view(0)["bag"] == len(state.data["bag"])  # only the count


def test_hidden_scoring_shows_only_the_own_points() -> None:
    state = start(3, scoring="hidden", scores=[{"red": 1}, {"blue": 2}, {"green": 3}])
    for seat in range(3):
        scores = state.view(seat)["scores"]
        assert [s is not None for s in scores] == [other == seat for other in range(3)]
    assert state.view(None)["scores"] == [None, None, None]
    twin = state.clone()
    twin.data["scores"][1]["b"] = 9
    assert _dump(twin.view(0)) == _dump(state.view(0))


def test_open_scoring_shows_everyone() -> None:
    state = start(3, scoring="open", scores=[{"red": 1}, {"blue": 2}, {"green": 3}])
    assert [s["r"] + s["b"] + s["g"] for s in state.view(None)["scores"]] == [1, 2, 3]


def test_hidden_scores_in_the_log() -> None:
    """Ruling TE-R8: with hidden scoring others read that a seat scored, not what; treasures are public."""
    state = start(2, scoring="hidden", hands=[["black"], []], cells={"F5": "red"}, leaders=[{}, {"king": "E5"}])
    act(state, "place black on G5")  # seat 1's king scores a black point
    private = events(state, "score_private")
    assert [e["seats"] for e in private] == [[1]] and private[0]["colour"] == "k"
    public = [e for e in state.visible_log(0) if e["type"] == "score"]
    assert public and "colour" not in public[0] and "amount" not in public[0]
    assert public[0]["text"] == "Seat 1 scores for the black tile."  # the wording of ruling TE-R8
    assert any(e["type"] == "score_private" for e in state.visible_log(1))
    assert not any(e["type"] == "score_private" for e in state.visible_log(0))
    assert not any(e["type"] == "score_private" for e in state.visible_log(None))


def test_swaps_and_draws_are_private() -> None:
    """Ruling TE-R9: only the swapper reads which tiles went and which came."""
    state = start(2, hands=[["red", "red", "blue"], []], bag=["green", "black", "black"], keep=("K11", "F10", "B2"))
    act(state, "swap red, red, blue")
    public = [e for e in state.visible_log(1) if e["type"] == "swap"]
    assert public and public[0]["count"] == 3 and "red" not in public[0]["text"]
    assert not any(e["type"] in ("swap_private", "draw_private") for e in state.visible_log(1))
    mine = [e["text"] for e in state.visible_log(0) if e["type"] in ("swap_private", "draw_private")]
    assert mine == ["You discard red, red, blue.", "You draw green, black, black."]


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_resample_keeps_the_view_and_redraws_the_rest(seat: int) -> None:
    state = _dealt()
    seen = _dump(state.view(seat))
    others = [o for o in range(3) if o != seat]
    pool = Counter(state.data["bag"])
    for other in others:
        pool.update({c: n for c, n in state.data["hands"][other].items()})
    changed = False
    for trial in range(5):
        twin = state.clone()
        twin.resample(seat, random.Random(trial))
        assert _dump(twin.view(seat)) == seen
        assert twin.data["hands"][seat] == state.data["hands"][seat]
        again = Counter(twin.data["bag"])
        for other in others:
            again.update({c: n for c, n in twin.data["hands"][other].items()})
            assert sum(twin.data["hands"][other].values()) == 6
        assert +again == +pool  # the same unseen tiles, dealt again
        changed |= twin.data["bag"] != state.data["bag"]
        changed |= any(twin.data["hands"][o] != state.data["hands"][o] for o in others)
    assert changed


def test_resample_keeps_the_game_playable() -> None:
    state = _dealt(players=2)
    state.resample(0, random.Random(3))
    seat = state.to_act()[0]
    state.apply(seat, state.legal_actions(seat)[-1])
    assert not state.is_over()


def test_render_shows_only_the_own_hand() -> None:
    state = start(2, scoring="hidden", hands=[["red", "red"], ["green"] * 6])
    text = state.render(0)
    assert "Seat 0 (you): red 2, blue 0, black 0, green 0" in text
    assert "Seat 1: 6 tiles" in text and "green 6" not in text
    assert "Seat 0 has 2 actions left." in text  # not "2 action(s)" (terminal QA pass, session 26)


def test_the_resample_shuffle_is_random_shuffle() -> None:
    """``state._shuffle`` (the resample's fast shuffle) makes the permutation ``random.Random.shuffle`` makes
    from the same generator and leaves the generator where it would; another generator shuffles its own way."""
    from ludoteca.core import Rng
    from ludoteca.games.tigris_euphrates.state import _shuffle

    for seed in range(200):
        tiles = [code for code in "rbkg" for _ in range(seed % 40)] + list(range(seed % 7))
        expected, mine = list(tiles), list(tiles)
        reference, fast = random.Random(seed), random.Random(seed)
        reference.shuffle(expected)
        _shuffle(mine, fast)
        assert mine == expected
        assert fast.getrandbits(64) == reference.getrandbits(64)
    own, theirs = Rng(5), Rng(5)
    items, same = list(range(30)), list(range(30))
    _shuffle(items, own)
    theirs.shuffle(same)
    assert items == same and items != list(range(30))
