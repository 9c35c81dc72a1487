"""Ladders: every agent rated on one scale, Bradley–Terry, with seeded bootstrap intervals.

A tournament says how often each agent wins *in that company*; a ladder puts agents that never met on one
scale and says how sure it is of each step.

**Matches.** In a two-player game every pair of agents plays ``games`` games, seats rotated (the agents
swap seats each game). With more players every game seats all the agents round-robin, rotated by one
seat a game (as ``ludoteca.tournament.seat_agents`` does), so each agent takes each seat equally often
over a multiple of the number of agents. Game ``i`` of every match plays the seed ``derive_seed(seed, i)``:
the pairs meet on the same deals and dice (less noise between them), and a match's games do not change
when an agent is added to the ladder. A spec may be entered twice (``random,random,heuristic``): the
second is ``random #2``, with agent seeds of its own.

**Comparisons.** A game gives one comparison for each two seats held by different entrants: the better
ranked wins it, a tie is half a win each (``result()["ranking"]``, so a game's own victory rules, such as
Arabian Struggle's key cities, decide, not the scores). In a two-player game that is simply the result.

**Model.** Bradley–Terry: agent ``i`` beats ``j`` with probability ``p_i / (p_i + p_j)``, fitted by
maximum likelihood. Each pair of agents starts with one virtual drawn game (``prior``), so an agent that
won every game gets a finite rating rather than an infinite one; where results are not unanimous it
moves a rating by a few percent at 20 games a pair. Ratings are on the Elo scale, ``400 log10 p``,
centred on a mean of 0: a difference of 200 means the higher wins about 76% of the time.

**Intervals.** Games are resampled with replacement, by seed: a drawn seed brings its game from every
match (the matches share their seeds, so their luck), and the model is refitted, ``bootstrap`` times
from a generator seeded by ``seed``; the 2.5th and 97.5th percentiles of each rating are its 95%
interval. Comparisons within one multi-player game are not independent, and resampling whole games is
what keeps the intervals honest about that. ``above_next`` is the share of resamples in which an agent
rates above the next one in the table. Where one agent won every game against another, every resample
is unanimous too and the interval collapses onto the point the prior holds; :func:`unanimous` names
those pairs with the least gap their games support.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from typing import Any

from ludoteca.core import LudotecaError, derive_seed
from ludoteca.sim.runner import GameSpec, play_games
from ludoteca.stats import wilson

ELO = 400 / math.log(10)
"""Natural-log strengths to the Elo scale."""

Comparison = tuple[int, int, float]
"""``(i, j, s)``: agent ``i`` scored ``s`` (1, 0.5 or 0) against agent ``j`` in one comparison."""


def labels(agents: Sequence[str]) -> list[str]:
    """Names for the ladder's rows: a spec given twice is two entrants, ``random`` and ``random #2``.

    (Two plain ``random`` entrants draw from per-game seeds, as every agent does; ``random:seed=1`` and
    ``random:seed=2`` would each replay one fixed stream of choices in every game.)
    """
    seen: dict[str, int] = {}
    names = []
    for agent in agents:
        seen[agent] = seen.get(agent, 0) + 1
        names.append(agent if seen[agent] == 1 else f"{agent} #{seen[agent]}")
    return names


def _agent_seed(game_seed: int, seat: int, repeat: int) -> int:
    base = derive_seed(game_seed, seat)
    return base if repeat == 0 else derive_seed(base, repeat)


def plan_ladder(game: str, players: int, agents: Sequence[str], games: int, seed: int,
                options: dict[str, Any] | None = None) -> list[list[tuple[GameSpec, list[int]]]]:
    """The matches of a ladder, each a list of games, each game with the entrant (index) of every seat.

    Game ``i`` of every match plays seed ``derive_seed(seed, i)``. A seat's agent gets the seed it would
    get in a simulation, ``derive_seed(game seed, seat)``; a spec's second entrant gets another one, so that
    ``random`` and ``random #2`` do not play the same games against a third.
    """
    if len(agents) < 2:
        raise LudotecaError("a ladder needs at least two agents")
    if games < 1:
        raise LudotecaError("a ladder needs at least one game a match")
    names = labels(agents)
    repeat = [0 if name == agent else int(name.rsplit("#", 1)[1]) for name, agent in zip(names, agents, strict=True)]
    entrants = list(range(len(agents)))
    groups = [list(pair) for pair in combinations(entrants, 2)] if players == 2 else [entrants]
    plan, index = [], 0
    for group in groups:
        match = []
        for i in range(games):
            seats = [group[(seat + i) % len(group)] for seat in range(players)]  # tournament.seat_agents' rotation
            game_seed = derive_seed(seed, i)
            agent_seeds = [_agent_seed(game_seed, seat, repeat[k]) for seat, k in enumerate(seats)]
            spec = GameSpec(game, players, dict(options or {}), [agents[k] for k in seats], game_seed, index,
                            agent_seeds)
            match.append((spec, seats))
            index += 1
        plan.append(match)
    return plan


def comparisons(line: dict[str, Any], seats: list[int]) -> list[Comparison]:
    """The comparisons one finished game gives: every two seats of different entrants, by their rank.

    ``seats`` names the entrant of each seat (two entrants may share a spec, so the spec cannot)."""
    rank = {seat: place for place, group in enumerate(line["result"]["ranking"]) for seat in group}
    found = []
    for s, t in combinations(range(len(seats)), 2):
        if seats[s] == seats[t]:
            continue
        score = 1.0 if rank[s] < rank[t] else 0.0 if rank[s] > rank[t] else 0.5
        found.append((seats[s], seats[t], score))
    return found


def _log_likelihood(theta: list[float], wins: list[list[float]]) -> float:
    """Sum over ordered pairs of ``wins[i][j] * log P(i beats j)``, computed without overflow."""
    total = 0.0
    for i, row in enumerate(wins):
        for j, won in enumerate(row):
            if won:
                gap = theta[j] - theta[i]
                total -= won * (gap + math.log1p(math.exp(-gap)) if gap > 0 else math.log1p(math.exp(gap)))
    return total


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix @ x = vector`` by Gaussian elimination with partial pivoting (a ladder has a handful of agents)."""
    size = len(vector)
    rows = [[*matrix[r], vector[r]] for r in range(size)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for r in range(column + 1, size):
            factor = rows[r][column] / rows[column][column]
            for c in range(column, size + 1):
                rows[r][c] -= factor * rows[column][c]
    solution = [0.0] * size
    for r in reversed(range(size)):
        solution[r] = (rows[r][size] - sum(rows[r][c] * solution[c] for c in range(r + 1, size))) / rows[r][r]
    return solution


def bradley_terry(agents: int, found: Iterable[Comparison], prior: float = 1.0, tolerance: float = 1e-9,
                  iterations: int = 100) -> list[float]:
    """Log-strengths (natural log, mean 0) maximising the likelihood of the comparisons, plus ``prior``
    virtual drawn comparisons for every pair (what keeps an unbeaten agent finite).

    Newton's method with step halving, on every strength but the first (the scale has one free level):
    with the prior the likelihood is strictly concave, so it converges in a few steps where Hunter's MM
    iteration takes dozens, and a ladder refits the model a thousand times for its intervals.
    """
    if prior <= 0:
        raise ValueError("the prior must be positive: without it an unbeaten agent has no finite strength")
    wins = [[prior / 2 if i != j else 0.0 for j in range(agents)] for i in range(agents)]
    for i, j, score in found:
        wins[i][j] += score
        wins[j][i] += 1 - score
    theta = [0.0] * agents
    current = _log_likelihood(theta, wins)
    for _ in range(iterations):
        gradient = [0.0] * agents
        hessian = [[0.0] * agents for _ in range(agents)]
        for i in range(agents):
            for j in range(i + 1, agents):
                games = wins[i][j] + wins[j][i]
                chance = 1 / (1 + math.exp(theta[j] - theta[i]))
                gradient[i] += wins[i][j] - games * chance
                gradient[j] -= wins[i][j] - games * chance
                curvature = games * chance * (1 - chance)
                hessian[i][i] += curvature
                hessian[j][j] += curvature
                hessian[i][j] -= curvature
                hessian[j][i] -= curvature
        step = [0.0, *_solve([row[1:] for row in hessian[1:]], gradient[1:])]
        size = 1.0
        while True:
            trial = [t + size * d for t, d in zip(theta, step, strict=True)]
            value = _log_likelihood(trial, wins)
            if value >= current - 1e-12 or size < 1e-6:
                break
            size /= 2
        theta, current = trial, value
        if max(abs(size * d) for d in step) < tolerance:
            break
    mean = sum(theta) / agents
    return [t - mean for t in theta]


def _elo(strength: float) -> float:
    """A natural-log strength on the Elo scale to 0.1, never ``-0.0`` (which reads as a sign in a table)."""
    return round(ELO * strength, 1) + 0.0


def _percentile(values: list[float], fraction: float) -> float:
    """Linear interpolation between order statistics (numpy's default), without numpy."""
    ordered = sorted(values)
    position = fraction * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


Match = dict[int, list[Comparison]]
"""One match's finished games: game number (its seed's index) to the game's comparisons."""


def rate(agents: Sequence[str], matches: list[Match], bootstrap: int = 1000, seed: int = 0,
         prior: float = 1.0) -> list[dict[str, Any]]:
    """Ratings, intervals and observed scores, best first, from each match's games' comparisons.

    A resample draws game numbers with replacement, as many as there are, and takes each drawn game from
    every match: game ``i`` of every match shares its seed, so the matches share that game's luck, and
    resampling the games of each match on its own would treat them as independent.
    """
    every = [c for match in matches for game in match.values() for c in game]
    point = bradley_terry(len(agents), every, prior)
    numbers = sorted({number for match in matches for number in match})
    rng = random.Random(seed)
    samples: list[list[float]] = []
    for _ in range(bootstrap):
        drawn = [numbers[rng.randrange(len(numbers))] for _ in numbers]
        samples.append(bradley_terry(len(agents), [c for n in drawn for match in matches for c in match.get(n, ())],
                                     prior))
    scored = [0.0] * len(agents)
    compared = [0] * len(agents)
    for i, j, score in every:
        scored[i] += score
        scored[j] += 1 - score
        compared[i] += 1
        compared[j] += 1
    games = [0] * len(agents)
    for match in matches:
        for game in match.values():
            for agent in {a for i, j, _ in game for a in (i, j)}:
                games[agent] += 1
    order = sorted(range(len(agents)), key=lambda i: -point[i])
    table = []
    for place, i in enumerate(order):
        row: dict[str, Any] = {
            "agent": agents[i], "rating": _elo(point[i]), "ci95": None, "above_next": None,
            "score": round(scored[i] / compared[i], 4) if compared[i] else None,
            "comparisons": compared[i], "games": games[i],
        }
        if samples:
            ratings = [ELO * sample[i] for sample in samples]
            row["ci95"] = [_elo(_percentile(ratings, 0.025) / ELO), _elo(_percentile(ratings, 0.975) / ELO)]
            if place + 1 < len(order):
                below = order[place + 1]
                row["above_next"] = round(sum(1 for s in samples if s[i] > s[below]) / len(samples), 4)
        table.append(row)
    return table


def pairwise(agents: Sequence[str], matches: list[Match]) -> dict[str, dict[str, dict[str, Any]]]:
    """Each agent's observed score against each other agent it met, over how many comparisons and games:
    the raw numbers behind the ratings."""
    found: dict[tuple[int, int], list[float]] = {}
    for match in matches:
        for game in match.values():
            for pair in {(i, j) for i, j, _ in game} | {(j, i) for i, j, _ in game}:
                found.setdefault(pair, [0.0, 0, 0])[2] += 1
            for i, j, score in game:
                found[(i, j)][0] += score
                found[(i, j)][1] += 1
                found[(j, i)][0] += 1 - score
                found[(j, i)][1] += 1
    table: dict[str, dict[str, dict[str, Any]]] = {}
    for (i, j), (scored, compared, games) in sorted(found.items()):
        table.setdefault(agents[i], {})[agents[j]] = {"score": round(scored / compared, 4),
                                                      "comparisons": int(compared), "games": int(games)}
    return table


def unanimous(pairs: dict[str, dict[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Pairs where one agent won every comparison, and the least gap their games support.

    There the bootstrap cannot help: every resample is unanimous too, so the interval shrinks to the
    point the prior holds the rating at. What the games do show is a lower bound: the Wilson 95% lower
    bound of the winner's share, over the games the pair met in (comparisons within one game are not
    independent), as an Elo gap.
    """
    found = []
    for winner, row in pairs.items():
        for loser, cell in row.items():
            if cell["score"] == 1.0:
                low, _ = wilson(cell["games"], cell["games"])
                found.append({"winner": winner, "loser": loser, "games": cell["games"],
                              "gap_at_least": round(ELO * math.log(low / (1 - low)), 1) if low > 0.5 else 0.0})
    return found


def run_ladder(game: str, players: int, agents: Sequence[str], games: int, seed: int = 0,
               options: dict[str, Any] | None = None, jobs: int = 1, bootstrap: int = 1000,
               progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play the ladder's matches and rate the agents; failed games are left out and listed."""
    plan = plan_ladder(game, players, agents, games, seed, options)
    names = labels(agents)
    where = {spec.index: (number, i, seats)
             for number, match in enumerate(plan) for i, (spec, seats) in enumerate(match)}
    matches: list[Match] = [{} for _ in plan]
    failures = []
    for done, line in enumerate(play_games([spec for match in plan for spec, _ in match], jobs), 1):
        number, i, seats = where[line["index"]]
        if "error" in line:
            failures.append({key: line[key] for key in ("index", "seed", "agents", "error")})
        else:
            matches[number][i] = comparisons(line, seats)
        if progress is not None:
            progress(done)
    played = [match for match in matches if match]
    if not played:
        raise LudotecaError("every game of the ladder failed; see the failures")
    pairs = pairwise(names, played)
    return {
        "game": game, "players": players, "options": dict(options or {}), "agents": names,
        "games_per_match": games,
        "matches": [[names[k] for k in sorted({k for _, seats in match for k in seats})] for match in plan],
        "seed": seed, "bootstrap": bootstrap, "prior": 1.0,
        "scale": "Elo (400 log10 of the Bradley–Terry strength), mean 0",
        "ratings": rate(names, played, bootstrap, seed),
        "pairwise": pairs,
        "unanimous": unanimous(pairs),
        "games_played": sum(len(match) for match in matches), "failures": failures,
    }
