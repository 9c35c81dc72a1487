"""Random-playout speed through the two paths agents take, as ratios to python-chess.

Every agent and adapter drives a game the *generic* way: ``state.legal_actions(seat)``, pick one, then
``state.apply_legal(seat, action)``. Rollouts take the *sampler* path, ``state.random_action(seat, rng)``,
which a game may answer without listing every action. A game whose lists run to hundreds of actions can
be fast on one path and slow on the other, so both are measured. Each rate is divided by python-chess
random playouts measured in the same process just before and after (``benchmark.chess_plies_per_second``):
a shared machine's speed changes from minute to minute, and only ratios measured side by side compare.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ludoteca.benchmark import chess_plies_per_second
from ludoteca.core import Rng, State, load_game


def _generic_playout(state: State, chooser: Rng) -> int:
    plies = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply_legal(seat, legal[chooser.randrange(len(legal))])
        plies += 1
    return plies


def _sampler_playout(state: State, chooser: Rng) -> int:
    plies = 0
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply_legal(seat, state.random_action(seat, chooser))
        plies += 1
    return plies


def _rate(game_id: str, players: int, seeds: Iterable[int], sampler: bool, options: dict[str, Any] | None) -> float:
    """Random plies per second over the games of ``seeds`` (set-up excluded), after one warm-up game so
    that loading data files and filling caches do not count as play."""
    game = load_game(game_id, players, options or {})
    playout = _sampler_playout if sampler else _generic_playout
    seeds = list(seeds)
    playout(game.new_state(seed=max(seeds, default=0) + 1), Rng(0))
    plies, elapsed = 0, 0.0
    for seed in seeds:
        state = game.new_state(seed=seed)
        started = time.perf_counter()
        plies += playout(state, Rng(seed + 1))
        elapsed += time.perf_counter() - started
    return plies / max(elapsed, 1e-9)


def generic_path_rate(game_id: str, players: int, seeds: Iterable[int], options: dict[str, Any] | None = None) -> float:
    """Random plies per second through ``legal_actions`` then ``apply_legal`` (a uniform pick)."""
    return _rate(game_id, players, seeds, False, options)


def sampler_path_rate(game_id: str, players: int, seeds: Iterable[int], options: dict[str, Any] | None = None) -> float:
    """Random plies per second through ``random_action`` then ``apply_legal``."""
    return _rate(game_id, players, seeds, True, options)


@dataclass
class PathSpeed:
    """One game's two rates and their ratios to python-chess (the mean of the runs before and after)."""

    game: str
    players: int
    generic_plies_per_s: float
    sampler_plies_per_s: float
    chess_plies_per_s: float
    generic_ratio: float
    sampler_ratio: float


def measure(
    game_id: str,
    players: int,
    seeds: Iterable[int],
    options: dict[str, Any] | None = None,
    chess_seconds: float = 2.0,
) -> PathSpeed:
    """Both paths of one game, bracketed by python-chess measured just before and just after."""
    seeds = list(seeds)
    before = chess_plies_per_second(chess_seconds)
    generic = generic_path_rate(game_id, players, seeds, options)
    sampler = sampler_path_rate(game_id, players, seeds, options)
    after = chess_plies_per_second(chess_seconds, seed=1)
    chess = (before + after) / 2
    return PathSpeed(game_id, players, generic, sampler, chess, generic / chess, sampler / chess)
