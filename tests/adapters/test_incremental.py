"""The incremental observation (each part rewritten only when its read changed since the seat's last observation of
the same state) is the fresh one, value for value, whatever happened in between: random steps, other seats
observed, clones played on, hidden cards redrawn, a write cut short. The fresh one is checked against the view at
every step in ``test_direct.py`` (which observes through the incremental path, the default); the parts are the
direct writer, so here each part is also checked to write only its own pieces.
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the RL adapters need the 'rl' extra: pip install ludoteca[rl]")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from ludoteca.adapters import encoding as encoding_module  # noqa: E402
from ludoteca.adapters.encoding import Encoding, Part, Writer  # noqa: E402
from ludoteca.adapters.encodings import encoded_games, load_encoded  # noqa: E402
from ludoteca.adapters.pettingzoo import env  # noqa: E402
from ludoteca.core.game import State  # noqa: E402
from tests.adapters.cases import extreme_player_cases  # noqa: E402


def _same(encoding: Encoding, state: State, seat: int, where: str) -> np.ndarray:
    """The incremental observation of ``seat`` equals the fresh one; returns it."""
    kept = encoding.observe(state, seat)
    fresh = encoding.observe(state, seat, fresh=True)
    if not np.array_equal(kept, fresh):
        wrong = np.flatnonzero(kept != fresh)[:5]
        names = [next(p.name for p in encoding.layout.pieces if encoding.layout.slice(p.name).stop > i) for i in wrong]
        raise AssertionError(f"{where}, seat {seat}: incremental {kept[wrong]} != fresh {fresh[wrong]} in {names}")
    return kept


def _step(state: State, rng: random.Random) -> None:
    seat = state.to_act()[0]
    state.apply_legal(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("game_id", encoded_games())
def test_every_game_writes_its_direct_observation_in_parts(game_id: str) -> None:
    encoding = load_encoded(game_id)
    assert encoding._parts is not None and encoding.incremental, f"{game_id} rewrites its whole observation"


@pytest.mark.parametrize(("game_id", "players"), extreme_player_cases())
def test_incremental_observation_is_the_fresh_one(game_id: str, players: int) -> None:
    """Seeded random games; at each step a random subset of seats is observed (so a seat's kept observation is
    one to many moves old), now and then on a clone played on by a few moves of its own, and on a copy whose
    hidden cards and dice are redrawn in place for one seat (whose observation must not move: the resampling
    check on the incremental path); the original must still read right afterwards."""
    encoding = load_encoded(game_id, players)
    for seed in (1, 2):
        rng = random.Random(seed)
        state = encoding.game.new_state(seed=seed)
        for step in range(200):
            where = f"{game_id} {players}p seed {seed} step {step}"
            for seat in range(players):
                if rng.random() < 0.6:
                    _same(encoding, state, seat, where)
            if step % 17 == 5:
                twin = state.clone()
                for _ in range(3):
                    if not twin.is_over():
                        _step(twin, rng)
                for seat in range(players):
                    _same(encoding, twin, seat, where + " (clone)")
            if step % 23 == 7:  # redrawn in place: the looker's kept observation must not move (no leak)
                other = state.clone()
                looker = rng.randrange(players)
                before = [_same(encoding, other, seat, where) for seat in range(players)]
                other.resample(looker, random.Random(step))
                for seat in range(players):
                    after = _same(encoding, other, seat, where + " (resampled)")
                    if seat == looker:
                        assert np.array_equal(after, before[seat]), f"{where}: a redraw moved seat {seat}'s observation"
            if state.is_over():
                break
            _step(state, rng)
        for seat in range(players):
            _same(encoding, state, seat, f"{game_id} {players}p seed {seed}, the end")


@settings(max_examples=12, deadline=None)
@given(
    game_id=st.sampled_from(encoded_games()),
    seed=st.integers(0, 10_000),
    moves=st.lists(st.integers(0, 10_000), min_size=1, max_size=60),
    looks=st.lists(st.integers(0, 7), min_size=1, max_size=60),
)
def test_incremental_equals_fresh_after_any_steps(game_id: str, seed: int, moves: list[int], looks: list[int]) -> None:
    """Property: after any sequence of legal moves, with any seat observed in between, the kept observation
    updated in place equals a fresh write. The state's own changes are the only link between the two."""
    encoding = load_encoded(game_id)
    state = encoding.game.new_state(seed=seed)
    players = encoding.players
    for i, move in enumerate(moves):
        if state.is_over():
            break
        _same(encoding, state, looks[i % len(looks)] % players, f"{game_id} seed {seed} move {i}")
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply_legal(seat, legal[move % len(legal)])
    for seat in range(players):
        _same(encoding, state, seat, f"{game_id} seed {seed}, after the moves")


@pytest.mark.parametrize(("game_id", "players"), extreme_player_cases())
def test_each_part_writes_only_its_own_pieces(game_id: str, players: int) -> None:
    """A part writing outside its pieces would leave a stale value there when another part is rewritten: each
    part alone is written into an empty array, and nothing may show outside its pieces (over random states)."""
    encoding = load_encoded(game_id, players)
    assert encoding._parts is not None
    inside = []
    for part in encoding._parts:
        mask = np.zeros(encoding.layout.size, dtype=bool)
        for piece in part.pieces:
            mask[encoding.layout.slice(piece)] = True
        inside.append(mask)
    rng = random.Random(3)
    state = encoding.game.new_state(seed=3)
    written = set()
    for step in range(250):
        if step % 5 == 0:
            for seat in range(players):
                for part, mask in zip(encoding._parts, inside, strict=True):
                    out = Writer(encoding.layout)
                    part.write(out, part.read(state, seat), seat)
                    stray = np.flatnonzero((out.array != 0) & ~mask)
                    assert not stray.size, f"{game_id} part {part.name!r} wrote outside its pieces at {stray[:5]}"
                    if out.array.any():
                        written.add(part.name)
        if state.is_over():
            break
        _step(state, rng)
    assert len(written) >= 3, written


def test_parts_must_cover_every_piece_once() -> None:
    encoding = load_encoded("tigris-euphrates")
    assert encoding._parts is not None
    parts = list(encoding._parts)
    with pytest.raises(ValueError, match="no part writes"):
        encoding._set_parts(parts[1:])
    twice = Part("again", parts[0].pieces, parts[0].read, parts[0].write)
    with pytest.raises(ValueError, match="is in parts"):
        encoding._set_parts([*parts, twice])
    with pytest.raises(ValueError, match="names no piece"):
        encoding._set_parts([*parts, Part("ghost", ("no such piece",), parts[0].read, parts[0].write)])


def test_a_write_cut_short_is_not_kept() -> None:
    """An error inside a part's write (a state the encoding cannot place) leaves no half-written kept array."""
    encoding = load_encoded("arabian-struggle")
    state = encoding.game.new_state(seed=4)
    seat = state.to_act()[0]
    encoding.observe(state, seat)
    rng = random.Random(4)
    for _ in range(6):
        _step(state, rng)
    seat = state.to_act()[0]
    assert encoding._parts is not None
    parts = list(encoding._parts)
    broken = parts[-1]

    def fail(out: Writer, values: object, seat: int) -> None:
        raise RuntimeError("cut short")

    encoding._set_parts([*parts[:-1], Part(broken.name, broken.pieces, broken.read, fail)])
    with pytest.raises(RuntimeError):
        encoding.observe(state, seat)
    assert (id(state), seat) not in encoding._kept
    encoding._set_parts(parts)
    _same(encoding, state, seat, "after the failed write")


def test_kept_observations_are_bounded_and_still_right(monkeypatch: pytest.MonkeyPatch) -> None:
    """Beyond the bound the oldest kept observation is dropped; observing its state again writes it afresh."""
    monkeypatch.setattr(encoding_module, "_KEPT_LIMIT", 4)
    encoding = load_encoded("mankind", 3)
    states = [encoding.game.new_state(seed=seed) for seed in range(6)]
    for state in states:
        encoding.observe(state, 0)
    assert len(encoding._kept) == 4 and (id(states[0]), 0) not in encoding._kept
    rng = random.Random(5)
    for state in states:
        _step(state, rng)
        for seat in range(3):
            _same(encoding, state, seat, "bounded")
        assert len(encoding._kept) <= 4


def test_an_observation_handed_out_never_changes() -> None:
    """The kept array is updated in place, so what the adapters hand out is a copy: an observation an agent
    stored (a replay buffer) stays as it was when later steps rewrite the kept one, and changing it changes
    nothing the environment returns afterwards."""
    e = env("tigris-euphrates", players=2)
    e.reset(seed=6)
    first = e.last()[0]["observation"]
    stored = first.copy()
    rng = np.random.default_rng(6)
    for _ in range(12):
        observation = e.last()[0]
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert np.array_equal(first, stored)
    now = e.last()[0]["observation"]
    again = now.copy()
    now[:] = 0.5
    assert np.array_equal(e.last()[0]["observation"], again)


def test_fresh_and_incremental_are_both_the_view_based_observation() -> None:
    """Turning the incremental path off (``encoding.incremental = False``) gives the same arrays."""
    encoding = load_encoded("advanced-civilization", 3)
    state = encoding.game.new_state(seed=8)
    rng = random.Random(8)
    for _ in range(80):
        if state.is_over():
            break
        seat = state.to_act()[0]
        kept = encoding.observe(state, seat)
        encoding.incremental = False
        plain = encoding.observe(state, seat)
        encoding.incremental = True
        assert np.array_equal(kept, plain)
        assert np.array_equal(plain, encoding.observe(state, seat, direct=False))
        _step(state, rng)
