"""``ludoteca ladder``: Bradley–Terry ratings with seeded bootstrap intervals from rotated-seat matches."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.core import derive_seed
from ludoteca.sim.ladder import ELO, bradley_terry, comparisons, labels, plan_ladder, rate, unanimous
from ludoteca.stats import wilson

runner = CliRunner()


# --------------------------------------------------------------------------- the model
@pytest.mark.parametrize(("won", "played"), [(15, 20), (20, 20), (3, 10)])
def test_two_agents_rate_at_the_log_odds_of_their_score_with_the_prior(won: int, played: int) -> None:
    """With one virtual draw, i beats j (won + 0.5) times in (played + 1): the gap is the log of their ratio."""
    found = [(0, 1, 1.0)] * won + [(0, 1, 0.0)] * (played - won)
    first, second = bradley_terry(2, found)
    assert first - second == pytest.approx(math.log((won + 0.5) / (played - won + 0.5)), abs=1e-7)
    assert first + second == pytest.approx(0, abs=1e-12)


def test_the_fit_meets_the_likelihood_equations() -> None:
    """At the maximum every agent's expected wins equal its actual wins (prior draws included)."""
    rng = random.Random(3)
    truth = [0.0, 0.8, -0.5, 1.6]
    found = []
    for _ in range(300):
        i, j = rng.sample(range(4), 2)
        chance = 1 / (1 + math.exp(truth[j] - truth[i]))
        found.append((i, j, 0.5 if rng.random() < 0.05 else float(rng.random() < chance)))
    theta = bradley_terry(4, found)
    for i in range(4):
        actual = sum(s for a, _, s in found if a == i) + sum(1 - s for _, b, s in found if b == i) + 3 * 0.5
        expected = 0.0
        for j in range(4):
            if j != i:
                games = sum(1 for a, b, _ in found if {a, b} == {i, j}) + 1
                expected += games / (1 + math.exp(theta[j] - theta[i]))
        assert expected == pytest.approx(actual, abs=1e-6)
    assert sorted(range(4), key=lambda i: theta[i]) == [2, 0, 1, 3]  # 300 comparisons recover the order


def test_a_game_gives_one_comparison_per_two_seats_of_different_entrants_by_rank() -> None:
    """Seats 1 and 3 are one entrant (no comparison between them); seats 0 and 3 tie (half a win each)."""
    line = {"result": {"ranking": [[2], [0, 3], [1]]}}
    assert comparisons(line, [0, 1, 2, 1]) == [(0, 1, 1.0), (0, 2, 0.0), (0, 1, 0.5), (1, 2, 0.0), (2, 1, 1.0)]


def test_bootstrap_intervals_are_seeded_and_hold_the_estimate() -> None:
    rng = random.Random(7)
    matches = [{n: [(0, 1, float(rng.random() < 0.7))] for n in range(20)},
               {n: [(1, 2, float(rng.random() < 0.6))] for n in range(20)},
               {n: [(0, 2, float(rng.random() < 0.8))] for n in range(20)}]
    table = rate(["a", "b", "c"], matches, bootstrap=300, seed=1)
    assert table == rate(["a", "b", "c"], matches, bootstrap=300, seed=1)
    assert table != rate(["a", "b", "c"], matches, bootstrap=300, seed=2)
    assert [row["agent"] for row in table] == ["a", "b", "c"]
    for row in table:
        assert row["ci95"][0] < row["rating"] < row["ci95"][1]
    assert 0.5 < table[0]["above_next"] <= 1 and table[-1]["above_next"] is None
    every = [c for match in matches for game in match.values() for c in game]
    assert table[0]["rating"] == pytest.approx(ELO * bradley_terry(3, every)[0], abs=0.05)


def test_a_resample_takes_each_drawn_seed_from_every_match() -> None:
    """Game n of every match shares its seed, so its luck: here b and c lose or win game n together against a.
    Drawn by seed, b and c keep identical records in every resample; drawn match by match, they would not."""
    rng = random.Random(2)
    outcomes = [float(rng.random() < 0.6) for _ in range(20)]
    matches = [{n: [(0, 1, won)] for n, won in enumerate(outcomes)},
               {n: [(0, 2, won)] for n, won in enumerate(outcomes)}]
    table = {row["agent"]: row for row in rate(["a", "b", "c"], matches, bootstrap=300, seed=4)}
    assert table["b"]["rating"] == pytest.approx(table["c"]["rating"], abs=0.05)
    assert table["b"]["ci95"] == pytest.approx(table["c"]["ci95"], abs=0.15)
    assert table["b"]["ci95"][1] - table["b"]["ci95"][0] > 50  # the luck is there, and shared


def test_a_unanimous_pair_is_named_with_the_least_gap_its_games_support() -> None:
    pairs = {"h": {"r": {"score": 1.0, "comparisons": 6, "games": 6}},
             "r": {"h": {"score": 0.0, "comparisons": 6, "games": 6}}}
    low, _ = wilson(6, 6)
    assert unanimous(pairs) == [{"winner": "h", "loser": "r", "games": 6,
                                 "gap_at_least": round(ELO * math.log(low / (1 - low)), 1)}]


# --------------------------------------------------------------------------- the matches
def test_every_pair_meets_on_the_same_seeds_with_seats_rotated() -> None:
    plan = plan_ladder("mankind", 2, ["a", "b", "c"], games=4, seed=5)
    assert [sorted({k for _, seats in match for k in seats}) for match in plan] == [[0, 1], [0, 2], [1, 2]]
    for match in plan:
        assert [spec.seed for spec, _ in match] == [derive_seed(5, i) for i in range(4)]
        firsts = [seats[0] for _, seats in match]
        assert firsts.count(firsts[0]) == 2  # each entrant takes the first seat in half the games
    assert [spec.agents for spec, _ in plan[0]] == [["a", "b"], ["b", "a"], ["a", "b"], ["b", "a"]]
    assert len({spec.index for match in plan for spec, _ in match}) == 12


def test_more_players_seat_every_agent_round_robin() -> None:
    plan = plan_ladder("mankind", 4, ["a", "b", "c"], games=3, seed=0)
    assert len(plan) == 1
    assert [seats for _, seats in plan[0]] == [[0, 1, 2, 0], [1, 2, 0, 1], [2, 0, 1, 2]]


def test_a_spec_given_twice_is_two_entrants_with_seeds_of_their_own() -> None:
    """``random`` and ``random #2`` meet the heuristic on the same game seeds; with the same agent seeds as
    well, those would be the very same games, and the second entrant would add nothing."""
    assert labels(["random", "heuristic", "random"]) == ["random", "heuristic", "random #2"]
    plan = plan_ladder("mankind", 2, ["random", "random", "heuristic"], games=2, seed=1)
    first, second = plan[1], plan[2]  # random vs heuristic, random #2 vs heuristic
    for (one, seats_one), (two, seats_two) in zip(first, second, strict=True):
        assert one.seed == two.seed and one.agents == two.agents
        assert seats_one == [0 if k == 0 else 2 for k in seats_one] and set(seats_two) == {1, 2}
        assert one.agent_seeds == [derive_seed(one.seed, seat) for seat in range(2)]  # as in a simulation
        random_seat = one.agents.index("random")
        assert one.agent_seeds[random_seat] != two.agent_seeds[random_seat]
        assert one.agent_seeds[1 - random_seat] == two.agent_seeds[1 - random_seat]  # the heuristic's are shared


# --------------------------------------------------------------------------- the command
LADDER = ["ladder", "advanced-civilization", "--agents", "random,heuristic", "--games", "6", "--seed", "3",
          "--bootstrap", "200"]


def test_the_heuristic_ranks_above_random_and_the_ladder_is_reproducible(tmp_path: Path) -> None:
    result = runner.invoke(app, [*LADDER, "--out", str(tmp_path / "one.json")])
    assert result.exit_code == 0, result.output
    ladder = json.loads((tmp_path / "one.json").read_text())
    assert [row["agent"] for row in ladder["ratings"]] == ["heuristic", "random"]
    best, worst = ladder["ratings"]
    assert best["rating"] > worst["rating"] and best["rating"] == pytest.approx(-worst["rating"], abs=0.1)
    assert best["games"] == worst["games"] == 6 == ladder["games_played"]
    assert ladder["pairwise"]["heuristic"]["random"]["score"] == best["score"] > 0.5
    assert "heuristic" in result.output and "95% interval" in result.output
    again = runner.invoke(app, [*LADDER, "--jobs", "2", "--out", str(tmp_path / "two.json")])
    assert again.exit_code == 0, again.output
    assert json.loads((tmp_path / "two.json").read_text()) == ladder  # same seed, any number of workers


def test_the_ladder_title_names_the_options() -> None:
    from ludoteca.cli.ladder import ladder_table

    ladder = {"game": "tigris-euphrates", "players": 2, "options": {"board": "advanced"}, "games_per_match": 1,
              "seed": 0, "bootstrap": 100, "ratings": []}
    assert ladder_table(ladder).title == ("tigris-euphrates (board=advanced), 2 players: every pair of agents, "
                                          "1 game a match, seed 0")


@pytest.mark.parametrize("bootstrap", ["0", "99", "-1"])
def test_too_few_bootstrap_resamples_are_refused_before_playing(bootstrap: str) -> None:
    result = runner.invoke(app, [*LADDER[:-1], bootstrap])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert [line for line in result.output.splitlines() if line.strip()] == [
        f"error: --bootstrap must be at least 100 (the resamples behind each 95% interval), not {bootstrap}"]


def test_ladder_errors_are_one_line() -> None:
    result = runner.invoke(app, ["ladder", "advanced-civilization", "--agents", "random"])
    assert result.exit_code == 2 and "at least two agents" in result.output and "Traceback" not in result.output
    result = runner.invoke(app, ["ladder", "advanced-civilization", "--agents", "random,wizard"])
    assert result.exit_code == 2 and "no agent 'wizard'" in result.output
