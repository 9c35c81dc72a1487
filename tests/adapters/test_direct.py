"""The direct observation (written from the state, skipping ``state.view(seat)``) is the view-based one, value
for value, for every seat at every step: of seeded random games and of games mixing random moves with the
heuristic agent's, at each game's smallest and largest player count, and (Advanced Civilization, whose random
games never trade) of the rich positions that reach trade, calamities and advances. Since the view is what a
seat may see, equal arrays mean the direct writer reads nothing the view leaves out; the resampling tests
(``test_observations.py``, ``test_advanced_civilization.py``, ``test_incremental.py``) run on the direct path too,
as it is the default, and its incremental form (``test_incremental.py``).
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the RL adapters need the 'rl' extra: pip install ludoteca[rl]")

from ludoteca.adapters.encoding import Encoding  # noqa: E402
from ludoteca.adapters.encodings import encoded_games, load_encoded  # noqa: E402
from ludoteca.agents.base import make_agent  # noqa: E402
from ludoteca.core.errors import IllegalAction  # noqa: E402
from ludoteca.core.game import State  # noqa: E402
from tests.adapters.cases import extreme_player_cases  # noqa: E402
from tests.adapters.test_advanced_civilization import _choose, _rich_scenario  # noqa: E402


def _check(encoding: Encoding, state: State, where: str) -> None:
    """Every seat's direct observation equals its view-based one (and, being checked, is within [-1, 1]), both as
    the incremental path gives it (the default: the same encoding observed the previous step, so only the parts
    whose reads changed are rewritten) and written afresh."""
    for seat in range(encoding.players):
        direct = encoding.observe(state, seat)
        by_view = encoding.observe(state, seat, direct=False)
        assert direct.dtype == np.float32 and direct.shape == by_view.shape
        assert np.array_equal(direct, encoding.observe(state, seat, fresh=True)), f"{where}, seat {seat}: not fresh"
        if not np.array_equal(direct, by_view):
            wrong = np.flatnonzero(direct != by_view)[:5]
            names = [
                next(p.name for p in encoding.layout.pieces if encoding.layout.slice(p.name).stop > i) for i in wrong
            ]
            raise AssertionError(f"{where}, seat {seat}: direct {direct[wrong]} != view {by_view[wrong]} in {names}")


def _play(encoding: Encoding, seed: int, limit: int, heuristic: float) -> int:
    """Play one seeded game, a ``heuristic`` share of the moves by the heuristic agent (one look-ahead per legal
    action: Tigris & Euphrates offers hundreds), checking every step; returns the steps."""
    rng = random.Random(seed)
    agent = make_agent("heuristic:samples=1", seed=seed)
    state = encoding.game.new_state(seed=seed)
    steps = 0
    for steps in range(limit):
        _check(encoding, state, f"seed {seed}, decision {steps}")
        if state.is_over():
            break
        seat = state.to_act()[0]
        if rng.random() < heuristic:
            state.apply_legal(seat, agent.choose(state, seat))
        else:
            state.apply_legal(seat, rng.choice(state.legal_actions(seat)))
    return steps


@pytest.mark.parametrize(("game_id", "players"), extreme_player_cases())
def test_direct_observation_is_the_view_based_one(game_id: str, players: int) -> None:
    encoding = load_encoded(game_id, players)
    assert encoding.direct, f"{game_id} has no direct writer: the adapters build its view at every step"
    steps = _play(encoding, 1, 500, heuristic=0.0) + _play(encoding, 2, 100, heuristic=0.5)
    assert steps > 60


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        pytest.param("arabian-struggle", 3, {"variant": "draft"}, id="arabian-struggle-draft"),
        pytest.param("tigris-euphrates", 3, {"scoring": "open", "board": "advanced"}, id="tigris-euphrates-open"),
        pytest.param(
            "advanced-civilization",
            4,
            {"map": "main+western", "calamities": "additional", "trade_session": "turns", "nations": "random"},
            id="advanced-civilization-western-turns",
        ),
    ],
)
def test_direct_observation_under_other_options(game_id: str, players: int, options: dict[str, str]) -> None:
    """Options that change what a seat sees (the draft's pools, open scores) or how the table is laid out."""
    encoding = load_encoded(game_id, players, options)
    assert _play(encoding, 3, 300, heuristic=0.0) > 60


def test_direct_observation_of_rich_advanced_civilization_positions() -> None:
    """Trade (offers with hidden cards), calamities with their previews and losses, advances and payment."""
    met: set[str] = set()
    for players, options in (
        (3, {"map": "main", "calamities": "standard"}),
        (6, {"map": "main+western", "calamities": "additional"}),
    ):
        encoding = load_encoded("advanced-civilization", players, options)
        state = encoding.game.new_state(seed=players, scenario=_rich_scenario(players, options, players))
        rng = random.Random(players)
        for step in range(600):
            _check(encoding, state, f"{players} players, decision {step}")
            if state.is_over():
                break
            seat = state.to_act()[0]
            met.add(state.data["stack"][-1]["step"])
            state.apply_legal(seat, _choose(state, seat, state.legal_actions(seat), rng))
    assert {"build_offer", "trade_answer", "lose", "choose_advance", "pay"} <= met, sorted(met)


@pytest.mark.parametrize("game_id", encoded_games())
def test_direct_observation_refuses_a_seat_the_game_lacks(game_id: str) -> None:
    """As ``state.view`` does: the direct writer would otherwise lay out a seat that is not there."""
    encoding = load_encoded(game_id)
    state = encoding.game.new_state(seed=1)
    for seat in (-1, encoding.players, True):
        for direct in (True, False):
            with pytest.raises(IllegalAction):
                encoding.observe(state, seat, direct=direct)
