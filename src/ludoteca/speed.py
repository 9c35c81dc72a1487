"""Random-playout speed through the two paths agents take, as ratios to python-chess.

Every agent and adapter drives a game the *generic* way: ``state.legal_actions(seat)``, pick one, then
``state.apply_legal(seat, action)``. Rollouts take the *sampler* path, ``state.random_action(seat, rng)``,
which a game may answer without listing every action. A game whose lists run to hundreds of actions can
be fast on one path and slow on the other, so both are measured.

Each rate is divided by python-chess random playouts (the reference of ``ludoteca.benchmark``) measured
in the same process just before and just after it: a shared machine's speed changes from minute to
minute, and only ratios measured side by side compare. On a loaded machine wall-clock time also counts
the time other processes held the CPU, at random, so ``clock="cpu"`` (process time, for the game and the
reference alike) gives steadier ratios; ``clock="wall"`` is what ``ludoteca bench`` reports.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from ludoteca.core import Rng, State, load_game

Clock = Callable[[], float]
CLOCKS: dict[str, Clock] = {"wall": time.perf_counter, "cpu": time.process_time}


def chess_rate(seconds: float = 1.0, seed: int = 0, clock: Clock = time.perf_counter) -> float:
    """python-chess random playouts, plies per second: ``benchmark.chess_plies_per_second`` on any clock."""
    import chess

    rng = random.Random(seed)
    plies = 0
    started = clock()
    while clock() - started < seconds:
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies / (clock() - started)


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


def _rate(
    game_id: str,
    players: int,
    seeds: Iterable[int],
    sampler: bool,
    options: dict[str, Any] | None,
    clock: Clock,
) -> float:
    """Random plies per second over the games of ``seeds`` (set-up excluded), after one warm-up game so
    that loading data files and filling caches do not count as play."""
    game = load_game(game_id, players, options or {})
    playout = _sampler_playout if sampler else _generic_playout
    seeds = list(seeds)
    playout(game.new_state(seed=max(seeds, default=0) + 1), Rng(0))
    plies, elapsed = 0, 0.0
    for seed in seeds:
        state = game.new_state(seed=seed)
        started = clock()
        plies += playout(state, Rng(seed + 1))
        elapsed += clock() - started
    return plies / max(elapsed, 1e-9)


def generic_path_rate(
    game_id: str,
    players: int,
    seeds: Iterable[int],
    options: dict[str, Any] | None = None,
    clock: Clock = time.perf_counter,
) -> float:
    """Random plies per second through ``legal_actions`` then ``apply_legal`` (a uniform pick)."""
    return _rate(game_id, players, seeds, False, options, clock)


def sampler_path_rate(
    game_id: str,
    players: int,
    seeds: Iterable[int],
    options: dict[str, Any] | None = None,
    clock: Clock = time.perf_counter,
) -> float:
    """Random plies per second through ``random_action`` then ``apply_legal``."""
    return _rate(game_id, players, seeds, True, options, clock)


@dataclass
class PathSpeed:
    """One game's two rates and their ratios to python-chess: the medians over the rounds, each round's
    ratio taken against the reference measured just before and just after it."""

    game: str
    players: int
    clock: str
    rounds: int
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
    chess_seconds: float = 1.0,
    rounds: int = 3,
    clock: Literal["wall", "cpu"] = "wall",
) -> PathSpeed:
    """Both paths of one game, ``rounds`` times, each path bracketed by python-chess."""
    seeds = list(seeds)
    tick = CLOCKS[clock]
    generic, sampler, chess, generic_ratios, sampler_ratios = [], [], [], [], []
    reference = chess_rate(chess_seconds, 0, tick)
    for round_ in range(rounds):
        generic.append(generic_path_rate(game_id, players, seeds, options, tick))
        between = chess_rate(chess_seconds, 2 * round_ + 1, tick)
        sampler.append(sampler_path_rate(game_id, players, seeds, options, tick))
        after = chess_rate(chess_seconds, 2 * round_ + 2, tick)
        generic_ratios.append(generic[-1] * 2 / (reference + between))
        sampler_ratios.append(sampler[-1] * 2 / (between + after))
        chess += [reference, between]
        reference = after
    chess.append(reference)
    median = statistics.median
    return PathSpeed(
        game_id,
        players,
        clock,
        rounds,
        median(generic),
        median(sampler),
        median(chess),
        median(generic_ratios),
        median(sampler_ratios),
    )
