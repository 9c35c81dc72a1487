"""Each game's fixed action space and observation: exact round trips, stable sizes, no hidden information."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="the RL adapters need the 'rl' extra: pip install ludoteca[rl]")

from ludoteca import BadOptions, load_game  # noqa: E402
from ludoteca.adapters.encoding import EncodingError  # noqa: E402
from ludoteca.adapters.encodings import encoded_games, encoding_for, load_encoded  # noqa: E402
from ludoteca.core.registry import game_class  # noqa: E402
from tests.adapters.cases import game_cases, player_cases, random_walk  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs" / "adapters.md"

# Decisions to check per game and player count: whole games for the short ones, a long stretch of the
# long ones (Mankind runs to ~2,000 decisions), enough to meet every decision kind.
WALK = 2_500

# Games whose seats hold cards or tiles the others cannot see (the rest hide only the dice to come).
# Advanced Civilization hides hands too, but random games build almost no cities and so draw no cards:
# tests/adapters/test_advanced_civilization.py checks its resampling on positions with full hands.
HIDDEN_CARDS = {"tigris-euphrates", "arabian-struggle"}


@pytest.mark.parametrize(("game_id", "players"), player_cases())
def test_every_legal_action_maps_to_one_index_and_back(game_id: str, players: int) -> None:
    encoding = load_encoded(game_id, players)
    seen_blocks: set[str] = set()
    for game_seed in range(2):
        state = encoding.game.new_state(seed=game_seed)
        for seat, legal in random_walk(state, game_seed, WALK):
            by_index = encoding.legal(state, seat)  # raises if two actions share an index
            assert sorted(a.text for a in by_index.values()) == sorted(a.text for a in legal)
            for index, action in by_index.items():
                assert encoding.index_of(state, seat, action) == index
                block, key = encoding.actions.decode(index)
                assert encoding.actions.index(block, key) == index
                seen_blocks.add(block)
            mask = encoding.mask(by_index)
            assert mask.dtype == np.int8 and mask.shape == (encoding.actions.size,)
            assert int(mask.sum()) == len(legal)
    assert len(seen_blocks) >= 3, f"random play met only {sorted(seen_blocks)}"


@pytest.mark.parametrize(("game_id", "players"), player_cases())
def test_observation_has_a_fixed_shape_and_bounded_values(game_id: str, players: int) -> None:
    encoding = load_encoded(game_id, players)
    state = encoding.game.new_state(seed=3)
    for step, (_seat, _legal) in enumerate(random_walk(state, 3, 400)):
        if step % 20:
            continue
        for seat in range(players):
            observation = encoding.observe(state, seat)
            assert observation.dtype == np.float32
            assert observation.shape == encoding.observation_shape
            assert np.all(np.abs(observation) <= 1.0)
            assert observation.any()


@pytest.mark.parametrize(("game_id", "players"), player_cases())
def test_a_seats_observation_ignores_what_resampling_redraws(game_id: str, players: int) -> None:
    """``resample(seat)`` redraws the dice and everything ``seat`` cannot see (the other hands, the bag).

    The observation of ``seat`` must not move; for games with hidden cards some other seat's must, or
    the test would prove nothing.
    """
    encoding = load_encoded(game_id, players)
    state = encoding.game.new_state(seed=11)
    rng = random.Random(5)
    others_changed = False
    for step, (_seat, _legal) in enumerate(random_walk(state, 11, 300)):
        if step % 15:
            continue
        for seat in range(players):
            before = [encoding.observe(state, other) for other in range(players)]
            twin = state.clone()
            twin.resample(seat, rng)
            assert np.array_equal(encoding.observe(twin, seat), before[seat])
            others_changed |= any(
                not np.array_equal(encoding.observe(twin, other), before[other])
                for other in range(players)
                if other != seat
            )
    if game_id in HIDDEN_CARDS:
        assert others_changed, "resampling never changed another seat's hand: the check has no teeth"


@pytest.mark.parametrize("game_id", game_cases())
def test_sizes_do_not_depend_on_the_player_count_and_are_documented(game_id: str) -> None:
    cls = game_class(game_id)
    encodings = [load_encoded(game_id, players) for players in range(cls.min_players, cls.max_players + 1)]
    assert len({e.actions.size for e in encodings}) == 1
    assert len({e.observation_shape for e in encodings}) == 1
    text = DOCS.read_text(encoding="utf-8")
    size, shape = encodings[0].actions.size, encodings[0].observation_shape[0]
    assert f"## `{game_id}`" in text, f"docs/adapters.md has no section for {game_id}"
    section = text.split(f"## `{game_id}`", 1)[1].split("\n## ", 1)[0]
    assert re.search(rf"\b{size:,}\b|\b{size}\b", section), f"docs/adapters.md lacks {game_id}'s {size} actions"
    assert re.search(rf"\b{shape:,}\b|\b{shape}\b", section), f"docs/adapters.md lacks {game_id}'s shape {shape}"
    names = [name for name, *_rest in encodings[0].describe_blocks()]
    names += [re.sub(r"^seat\+\d+\.", "seat+k.", name) for name, *_rest in encodings[0].describe_pieces()]
    missing = [name for name in names if f"`{name}`" not in section]
    assert not missing, f"docs/adapters.md's {game_id} section does not describe {missing}"


@pytest.mark.parametrize("game_id", game_cases())
def test_every_block_and_piece_is_described(game_id: str) -> None:
    encoding = load_encoded(game_id)
    blocks = encoding.describe_blocks()
    assert sum(size for _name, _start, size, _doc in blocks) == encoding.actions.size
    assert all(doc for *_rest, doc in blocks)
    pieces = encoding.describe_pieces()
    assert sum(size for _name, size, _doc in pieces) == encoding.observation_shape[0]
    assert all(doc for *_rest, doc in pieces)
    assert encoding.actions.describe(encoding.actions.size - 1)


def test_unknown_games_options_and_indices_are_clear_errors() -> None:
    with pytest.raises(BadOptions, match="no game 'chess'"):
        load_encoded("chess")
    with pytest.raises(BadOptions, match="2-4 players"):
        load_encoded("tigris-euphrates", 7)
    with pytest.raises(BadOptions, match="board"):
        load_encoded("tigris-euphrates", 2, {"board": "moon"})
    encoding = load_encoded("mankind", 3)
    with pytest.raises(EncodingError, match="outside"):
        encoding.actions.decode(encoding.actions.size)
    with pytest.raises(EncodingError, match="no key"):
        encoding.actions.index("build", "no/such card")


def test_an_encoding_refuses_another_games_state() -> None:
    encoding_class = type(load_encoded("mankind"))
    with pytest.raises(EncodingError, match="encodes mankind"):
        encoding_class(load_game("tigris-euphrates", 2))


def test_encoded_games_are_registered_games() -> None:
    for game_id in encoded_games():
        assert encoding_for(load_game(game_id)).game.id == game_id
