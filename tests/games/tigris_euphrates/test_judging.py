"""``judging.after_values``: each option's evaluation without playing it, exactly the played value.

Search seeds its nodes with these values (``TigrisState.judge_actions``), so a value that differed from
``clone``, ``apply_legal`` and ``evaluate`` by a bit would change the search's choices; these tests compare
every option of many positions (first and second actions of a turn, swaps, catastrophes on temples,
leaders moved, monuments to score, 2 to 4 players) against the played value, check that the shortcut does
answer most options (else the speed it exists for is gone unseen), and that ISMCTS chooses the same with
and without it. The bit-mask ``conflicts.conflict_colours`` is checked against the square-by-square
labelling it replaced.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca.agents.ismcts import IsmctsAgent
from ludoteca.core import Rng, load_game
from ludoteca.games.tigris_euphrates import conflicts, judging
from ludoteca.games.tigris_euphrates.state import TigrisState


def _played(state: TigrisState, seat: int) -> list[float]:
    values = []
    for action in state.legal_actions(seat):
        twin = state.clone()
        twin.apply_legal(seat, action)
        values.append(twin.evaluate(seat))
    return values


def _positions(seed: int, players: int, every: int = 5) -> list[TigrisState]:
    """Turn actions of a game played half at random, half by the first option (which keeps leaders and tiles
    near each other, so kingdoms, monuments and treasures come up), each redrawn as search would see it."""
    state = load_game("tigris-euphrates", players, {}).new_state(seed=seed)
    rng = random.Random(seed)
    found = []
    decisions = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if judging._Shortcut.of(state, seat) is not None and decisions % every == 0:
            world = state.clone()
            world.resample(seat, rng)
            found.append(world)
        decisions += 1
        state.apply_legal(seat, legal[rng.randrange(len(legal))] if rng.random() < 0.5 else legal[0])
    assert isinstance(state, TigrisState)
    return found  # type: ignore[return-value]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_option_is_valued_as_played(players: int) -> None:
    shortcut = options = conflicts_answered = 0
    kinds: set[tuple[str, int]] = set()
    for world in _positions(players, players):
        seat = world.to_act()[0]
        legal = world.legal_actions(seat)
        assert judging.after_values(world, seat, legal) == _played(world, seat)
        answered = judging._Shortcut.of(world, seat)
        assert answered is not None
        for action in legal:
            options += 1
            if answered.value(action) is not None:
                shortcut += 1
                kinds.add((action.payload[0], world.data["actions_left"]))
                twin = world.clone()
                twin.apply_legal(seat, action)
                frame = judging.RULES.pending(twin)
                conflicts_answered += frame is not None and frame["step"] in ("revolt_commit", "war_commit")
    # Every kind of option the shortcut knows came up, as a first and as a second action of a turn, and
    # options that start a revolt or a war were answered too.
    assert {(kind, left) for kind in ("tile", "leader", "catastrophe", "swap") for left in (1, 2)} <= kinds
    assert conflicts_answered > 0
    assert shortcut >= 0.9 * options  # most options are answered without playing them


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=100, max_value=10_000), players=st.integers(min_value=2, max_value=4))
def test_values_match_the_played_ones_in_any_game(seed: int, players: int) -> None:
    for world in _positions(seed, players, every=11):
        seat = world.to_act()[0]
        assert judging.after_values(world, seat, world.legal_actions(seat)) == _played(world, seat)


def test_a_bag_drawn_by_chance_leaves_the_turns_end_to_the_rules() -> None:
    """With a generator that does not take the bag's front (explicit chance draws each tile), the second
    action and swaps are played out; the values stay the played ones."""

    class _Drawing(Rng):
        __slots__ = ()

    for world in _positions(7, 2, every=3)[:12]:
        seat = world.to_act()[0]
        world.rng = _Drawing(3)
        shortcut = judging._Shortcut.of(world, seat)
        if world.data["actions_left"] == 1:
            assert shortcut is None
        else:
            assert shortcut is not None
            assert all(shortcut.value(a) is None for a in world.legal_actions(seat) if a.payload[0] == "swap")
        assert judging.after_values(world, seat, world.legal_actions(seat)) == _played(world, seat)


def test_other_decisions_are_played_out() -> None:
    """Only a turn's action is answered: a conflict's commitment, a monument or a treasure is not."""
    state = load_game("tigris-euphrates", 2, {}).new_state(seed=5)
    rng = random.Random(5)
    seen = 0
    while not state.is_over() and seen < 5:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if judging.RULES.pending(state)["step"] != "action":  # type: ignore[index]
            assert judging._Shortcut.of(state, seat) is None
            assert judging.after_values(state, seat, legal) == _played(state, seat)  # type: ignore[arg-type]
            seen += 1
        state.apply_legal(seat, legal[rng.randrange(len(legal))] if rng.random() < 0.5 else legal[0])
    assert seen == 5


def test_search_chooses_the_same_with_and_without_the_shortcut(monkeypatch: pytest.MonkeyPatch) -> None:
    positions = _positions(11, 2, every=9)[:4]
    with_it = [IsmctsAgent(seed=i, iterations=40).choose(p, p.to_act()[0]).text for i, p in enumerate(positions)]
    monkeypatch.delattr(TigrisState, "judge_actions")
    without = [IsmctsAgent(seed=i, iterations=40).choose(p, p.to_act()[0]).text for i, p in enumerate(positions)]
    assert with_it == without


def _labelled_conflict_colours(state: TigrisState) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
    """The colours at war as the square-by-square labelling (``conflicts.sides``) finds them."""
    geometry, around = conflicts.sides(state)
    found: dict[str, list[tuple[int, int]]] = {}
    for region in around:
        for seat, colour, square in geometry.leaders[region]:
            found.setdefault(colour, []).append((seat, square))
    return {colour: (pair[0], pair[1]) for colour, pair in found.items() if len(pair) == 2}


def test_conflict_colours_on_bit_masks_match_the_labelling() -> None:
    checked = wars = 0
    for seed in range(60):
        state = load_game("tigris-euphrates", 2 + seed % 3, {}).new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            if state.data["unification"] >= 0:
                fast = conflicts.conflict_colours(state)  # type: ignore[arg-type]
                slow = _labelled_conflict_colours(state)  # type: ignore[arg-type]
                assert list(fast.items()) == list(slow.items())
                checked += 1
                wars += bool(fast)
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply_legal(seat, legal[0] if rng.random() < 0.3 else legal[rng.randrange(len(legal))])
    assert checked >= 100 and wars >= 20
