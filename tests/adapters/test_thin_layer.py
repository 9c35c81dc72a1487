"""What makes an RL step thin, checked against the plain way: Tigris & Euphrates's turn answered from the game's
bit masks (``turn.legal_groups``) as an :class:`IndexedLegal` (mask and chosen action without the list). The rules
machine's one listing of a decision's options is checked in ``tests/core/test_listing.py``.
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the RL adapters need the 'rl' extra: pip install ludoteca[rl]")

from ludoteca.adapters.encoding import IndexedLegal  # noqa: E402
from ludoteca.adapters.encodings import load_encoded  # noqa: E402
from ludoteca.adapters.pettingzoo import env  # noqa: E402
from ludoteca.core.errors import IllegalAction  # noqa: E402


@pytest.mark.parametrize("players", [2, 4])
def test_turn_actions_by_index_from_the_groups(players: int) -> None:
    """At every turn decision of random games the grouped answer is the plain one: the same indices in the same
    order, the same mask, every legal index's action, and no action for indices that are not legal."""
    encoding = load_encoded("tigris-euphrates", players)
    rng = random.Random(players)
    turns = 0
    for seed in (1, 2):
        state = encoding.game.new_state(seed=seed)
        for _ in range(250):
            if state.is_over():
                break
            seat = state.to_act()[0]
            legal = encoding.legal(state, seat)
            plain = encoding.legal_reference(state, seat)
            if state.data["stack"][-1]["step"] == "action":
                assert isinstance(legal, IndexedLegal)
                turns += 1
            assert list(legal) == list(plain) and len(legal) == len(plain)
            mask = np.zeros(encoding.actions.size, dtype=np.int8)
            mask[list(plain)] = 1
            assert np.array_equal(encoding.mask(legal), mask)
            for index in plain:
                assert index in legal and legal[index].text == plain[index].text
            for index in rng.sample(range(encoding.actions.size), 200):
                if index not in plain:
                    assert index not in legal and legal.get(index) is None
            assert legal.get(-1) is None and encoding.actions.size not in legal
            state.apply_legal(seat, rng.choice(state.legal_actions(seat)))
    assert turns > 100


def test_other_seats_and_finished_games_have_no_turn_actions() -> None:
    encoding = load_encoded("tigris-euphrates", 3)
    state = encoding.game.new_state(seed=5)
    seat = state.to_act()[0]
    assert len(encoding.legal(state, seat)) > 50
    assert dict(encoding.legal(state, (seat + 1) % 3)) == {}
    with pytest.raises(IllegalAction):
        encoding.legal(state, 3)


def test_pettingzoo_plays_the_turn_from_the_groups() -> None:
    """The environment takes a turn action by index from the grouped answer, refuses an index that is not
    legal (changing nothing), and plays the same game as the action's text would."""
    e = env("tigris-euphrates", players=2)
    e.reset(seed=9)
    twin = e.ludoteca.clone() if e.ludoteca is not None else None
    assert twin is not None
    observation = e.last()[0]
    mask = observation["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction):
        e.step(illegal)
    index = int(np.flatnonzero(mask)[len(np.flatnonzero(mask)) // 2])
    seat = twin.to_act()[0]
    text = e.legal_actions()[index].text
    e.step(index)
    twin.apply(seat, text)
    assert e.ludoteca is not None and e.ludoteca.view(None) == twin.view(None)
