"""Throughput benchmarks, reported as ratios to a reference measured in the same run.

For each game and player count, over a fixed set of seeds: random playouts (actions per second
through the game's sampler, and games per second; then actions per second through the generic path,
``legal_actions`` and a uniform pick, see :mod:`ludoteca.speed`), ``clone()`` per second at mid-game
states, ISMCTS iterations per second at rollout depth 20, the size of a mid-game state and the
peak memory of a playout. The reference is python-chess random playouts (plies per second), run
in the same process for a second just before and just after each game's measurements, so every
figure is also a ratio to the reference taken beside it: these machines are noisy, and ratios
measured side by side are what count. Each game plays one untimed warm-up game first, so one-time
costs (loading and checking its data files) do not count as play. No test depends on these numbers.
"""

from __future__ import annotations

import json
import random
import time
import tracemalloc
from dataclasses import asdict, dataclass
from typing import Any

from ludoteca.agents.base import settled_choice
from ludoteca.agents.ismcts import IsmctsAgent
from ludoteca.core import Rng, State, load_game
from ludoteca.speed import generic_path_rate


def chess_plies_per_second(seconds: float = 2.0, seed: int = 0) -> float:
    """python-chess random playouts: the reference every figure is divided by."""
    import chess

    rng = random.Random(seed)
    plies = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies / (time.perf_counter() - started)


@dataclass
class GameFigures:
    game: str
    players: int
    games: int
    actions: int
    actions_per_s: float
    games_per_s: float
    clones_per_s: float
    ismcts_iterations_per_s: float
    state_kb: float
    peak_memory_kb: float
    reference_plies_per_s: float = 0.0  # python-chess, measured beside this row
    ratio_actions: float = 0.0
    ratio_clones: float = 0.0
    # The generic path every agent and adapter takes (legal_actions, then a uniform pick): a game whose
    # lists run to hundreds of actions can be fast through its sampler and slow here (ludoteca.speed).
    generic_actions_per_s: float = 0.0
    ratio_generic: float = 0.0


def _playout(state: State, seed: int) -> tuple[int, list[State]]:
    """Play to the end with uniformly random legal actions (the game's own sampler, which may avoid
    listing every action); keep a few mid-game snapshots."""
    chooser = Rng(seed)
    actions = 0
    snapshots: list[State] = []
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply_legal(seat, state.random_action(seat, chooser))
        actions += 1
        if actions % 29 == 0 and len(snapshots) < 40:
            snapshots.append(state.clone())
    return actions, snapshots


def _needs_search(state: State) -> bool:
    """A decision the game does not settle itself (one option, or its ``heuristic_choice``): ISMCTS searches
    only those, so only those measure its iterations."""
    seat = state.to_act()[0]
    return settled_choice(state, seat, state.legal_actions(seat)) is None


def measure_game(game_id: str, players: int, seeds: range, options: dict[str, Any] | None = None,
                 ismcts_iterations: int = 100) -> GameFigures:
    game = load_game(game_id, players, options or {})
    _playout(game.new_state(seed=seeds.stop), 0)  # warm-up: data files, caches, imports
    total, snapshots = 0, []
    started = time.perf_counter()
    for seed in seeds:
        actions, taken = _playout(game.new_state(seed=seed), seed + 1)
        total += actions
        snapshots += taken
    playing = time.perf_counter() - started
    middle = snapshots[len(snapshots) // 4 : 3 * len(snapshots) // 4] or snapshots
    started = time.perf_counter()
    clones = 0
    while time.perf_counter() - started < 1.0:
        for state in middle:
            state.clone()
        clones += len(middle)
    clone_rate = clones / (time.perf_counter() - started)
    # ISMCTS at rollout depth 20, on mid-game decisions that need a search (see _needs_search), counting
    # only the iterations actually run; no root priors, so the figure is the bare tree search's.
    agent = IsmctsAgent(seed=1, iterations=ismcts_iterations, depth=20, prior=0)
    probes = [s for s in middle if not s.is_over() and _needs_search(s)][:8]
    iterations = 0
    started = time.perf_counter()
    for state in probes:
        agent.choose(state, state.to_act()[0])
        iterations += agent.last_iterations
    ismcts_rate = iterations / max(time.perf_counter() - started, 1e-9)
    state_kb = max(len(json.dumps(s.data)) for s in middle) / 1024
    tracemalloc.start()
    _playout(game.new_state(seed=seeds.start), 7)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    figures = GameFigures(game_id, players, len(seeds), total, total / playing, len(seeds) / playing, clone_rate,
                          ismcts_rate, round(state_kb, 1), round(peak / 1024, 1))
    figures.generic_actions_per_s = generic_path_rate(game_id, players, seeds, options)
    return figures


def run(games: list[str], player_counts: dict[str, list[int]], seeds: range = range(30)) -> dict[str, Any]:
    """Every game at every player count, each bracketed by the reference (measured just before and just
    after it); every figure also as a ratio to the mean of its two reference runs."""
    chess_plies_per_second(seconds=0.5)  # warm-up of the reference itself
    rows = []
    references = []
    for game_id in games:
        for players in player_counts[game_id]:
            before = chess_plies_per_second(seconds=1.0)
            figures = measure_game(game_id, players, seeds)
            reference = (before + chess_plies_per_second(seconds=1.0)) / 2
            references.append(reference)
            figures.reference_plies_per_s = reference
            figures.ratio_actions = figures.actions_per_s / reference
            figures.ratio_clones = figures.clones_per_s / reference
            figures.ratio_generic = figures.generic_actions_per_s / reference
            rows.append(asdict(figures))
    mean = sum(references) / len(references) if references else chess_plies_per_second()
    return {"reference": {"python_chess_plies_per_s": mean}, "games": rows}


# ---------------------------------------------------------------------------------------------- vector environments
@dataclass
class VectorFigures:
    game: str
    players: int
    num_envs: int
    decisions: int
    seconds: float
    decisions_per_s: float
    mean_game_length: float
    games_per_s: float


def vector_rates(game_id: str, sizes: tuple[int, ...] = (1, 16, 256), decisions: int = 1500,
                 seed: int = 0) -> list[dict[str, Any]]:
    """Decisions and games per second of :class:`ludoteca.adapters.vector.VectorEnv` at each batch size.

    Each size is reset, then runs ``decisions // N`` steps of N slots (at least 2) with uniformly random legal
    actions; the steps are timed in CPU time of this process (one thread, so the wall time of an idle machine;
    a shared machine's wall clock swings with the others' work), resets of games ending in them included.
    Games per second is decisions per second divided by the mean length of three random games of the same game
    (a short run at N = 256 finishes no game, so counting finished games would read 0). Needs the ``rl`` extra (numpy).
    """
    import numpy as np

    from ludoteca.adapters.vector import VectorEnv

    game = load_game(game_id)
    lengths = [_playout(game.new_state(seed=seed + trial), seed + trial)[0] for trial in range(3)]
    mean_length = sum(lengths) / len(lengths)
    rows = []
    for size in sizes:
        venv = VectorEnv(game_id, num_envs=size)
        rng = np.random.default_rng(seed)
        steps = max(2, decisions // size)
        venv.reset(seed=seed)
        started = time.process_time()
        for _ in range(steps):
            venv.step(venv.sample(rng))
        seconds = time.process_time() - started
        rate = size * steps / seconds
        rows.append(asdict(VectorFigures(game_id, venv.players, size, size * steps, round(seconds, 3), rate,
                                         mean_length, rate / mean_length)))
    return rows
