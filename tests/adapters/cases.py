"""The games and player counts the adapter tests run on: every registered game, at every count.

A registered game without an encoding yet gets its cases marked xfail (strict) naming the missing
encoding, so the suite stays green while it is written and turns red the moment the mark is stale.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from ludoteca.adapters.encodings import encoded_games
from ludoteca.core.game import Action, State
from ludoteca.core.registry import game_class, list_games


def registered_games() -> list[str]:
    """Every game the registry knows at collection time (test-only games are registered later)."""
    return [g for g in list_games() if not game_class(g).__module__.startswith("tests.")]


def _mark(game_id: str) -> list[pytest.MarkDecorator]:
    if game_id in encoded_games():
        return []
    reason = f"missing: src/ludoteca/adapters/encodings/{game_id.replace('-', '_')}.py (no RL encoding for {game_id})"
    return [pytest.mark.xfail(reason=reason, strict=True)]


def game_cases() -> list[object]:
    """One case per registered game, at its default player count."""
    return [pytest.param(g, id=g, marks=_mark(g)) for g in registered_games()]


def player_cases() -> list[object]:
    """One case per registered game and player count (a single xfail case for a game without an encoding)."""
    cases = []
    for g in registered_games():
        cls = game_class(g)
        top = cls.max_players if g in encoded_games() else cls.min_players
        for players in range(cls.min_players, top + 1):
            cases.append(pytest.param(g, players, id=f"{g}-{players}p", marks=_mark(g)))
    return cases


def extreme_player_cases() -> list[object]:
    """One case per encoded game at its smallest and at its largest player count: where the seat padding of
    an observation is least and most used."""
    cases = []
    for game_id in encoded_games():
        cls = game_class(game_id)
        for players in sorted({cls.min_players, cls.max_players}):
            cases.append(pytest.param(game_id, players, id=f"{game_id}-{players}p"))
    return cases


def random_walk(state: State, seed: int, limit: int) -> Iterator[tuple[int, list[Action]]]:
    """Play random legal actions for up to ``limit`` decisions, yielding (seat, legal) before each one."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over():
            return
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        yield seat, legal
        state.apply_legal(seat, rng.choice(legal))
