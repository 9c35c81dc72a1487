"""bench/compare_runs.py (issue #21): two strength runs compared on the games they share, so that a change is
judged by the games it turned, not by two shares that each carry their own luck."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


def load_compare() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "bench" / "compare_runs.py"
    spec = importlib.util.spec_from_file_location("bench_compare_runs", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


compare_runs = load_compare()


def report(agent: str, games: list[tuple[int, int, list[int]]], seed: int = 0, game: str = "mankind",
           options: dict[str, str] | None = None) -> dict[str, Any]:
    """A strength report as ``bench/strength.py --json`` writes it: ``games`` are (deal, seat of ``agent``,
    winners)."""
    per_game = []
    for deal, seat, winners in games:
        specs = [agent, "heuristic"] if seat == 0 else ["heuristic", agent]
        per_game.append({"specs": specs, "winners": winners, "cpu_s": 1.0, "wall_s": 1.0, "deal": deal})
    return {"game": game, "players": 2, "options": options or {}, "seed": seed, "start": 0,
            "games": len(per_game), "agents": {agent: {}, "heuristic": {}}, "per_game": per_game}


def write(tmp_path: Path, name: str, content: dict[str, Any]) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(content))
    return path


# Four paired deals (two games each, the agent in seat 0 then seat 1). Before: deals 0 and 1 won in both seatings,
# deal 2 split, deal 3 lost. After: deal 1 split (worse), deal 3 won in both (better), deal 2 split the other way.
BEFORE = [(0, 0, [0]), (0, 1, [1]), (1, 0, [0]), (1, 1, [1]), (2, 0, [0]), (2, 1, [0]), (3, 0, [1]), (3, 1, [0])]
AFTER = [(0, 0, [0]), (0, 1, [1]), (1, 0, [0]), (1, 1, [0]), (2, 0, [1]), (2, 1, [1]), (3, 0, [0]), (3, 1, [1])]


def test_the_same_games_are_matched_by_seed_deal_and_seat_and_counted_both_ways(tmp_path: Path) -> None:
    before = compare_runs.load_run([write(tmp_path, "a.json", report("ismcts", BEFORE))])
    after = compare_runs.load_run([write(tmp_path, "b.json", report("ismcts:plans=1", AFTER))])
    result = compare_runs.compare(before, after)
    assert result["agents"] == {"before": "ismcts", "after": "ismcts:plans=1"}
    assert (result["games"], result["deals"]) == (8, 4)
    assert result["wins"] == {"before": 5, "after": 6}
    # Deal 2's two games both changed (won then lost, lost then won): two games each way, the deal unchanged.
    assert (result["games_better"], result["games_worse"]) == (3, 2)
    assert (result["deals_better"], result["deals_worse"]) == (1, 1)
    # Per deal: 0, -0.5, 0, +1 → mean +0.125; the interval is over those four deals.
    assert result["difference"] == pytest.approx(0.125)
    low, high = result["difference_ci95"]
    assert low < 0 < result["difference"] < high
    assert result["sign_test_p"] == 1.0


def test_a_long_run_split_over_several_reports_is_one_side(tmp_path: Path) -> None:
    halves = [write(tmp_path, "a1.json", report("ismcts", BEFORE[:4])),
              write(tmp_path, "a2.json", report("ismcts", BEFORE[4:]))]
    whole = compare_runs.load_run([write(tmp_path, "a.json", report("ismcts", BEFORE))])
    assert compare_runs.load_run(halves).shares == whole.shares
    # A run resumed at its last game plays that game again, the same game: it is counted once.
    resumed = [halves[0], write(tmp_path, "a3.json", report("ismcts", BEFORE[3:]))]
    assert compare_runs.load_run(resumed).shares == whole.shares
    changed = [(1, 1, [0]), *BEFORE[4:]]  # game 3 again, with another winner: not the same agents
    other = write(tmp_path, "a4.json", report("ismcts", changed))
    with pytest.raises(compare_runs.RunError, match="deal 1, seat 1 is played twice on this side, with different"):
        compare_runs.load_run([halves[0], other])


def test_a_shared_win_counts_its_share_and_games_of_one_side_only_are_left_out(tmp_path: Path) -> None:
    before = compare_runs.load_run([write(tmp_path, "a.json", report("x", [(0, 0, [0, 1]), (1, 0, [0])]))])
    after = compare_runs.load_run([write(tmp_path, "b.json", report("y", [(0, 0, [0]), (2, 0, [0])]))])
    result = compare_runs.compare(before, after)
    assert result["games"] == 1 and result["wins"] == {"before": 0.5, "after": 1.0}
    assert (result["only_before"], result["only_after"]) == (1, 1)
    assert "left out: 1 game(s) only before, 1 only after" in "\n".join(compare_runs.describe(result))


def test_the_sign_test_is_exact() -> None:
    assert compare_runs.sign_test(0, 0) == 1.0
    assert compare_runs.sign_test(5, 0) == pytest.approx(2 / 32)
    assert compare_runs.sign_test(15, 6) == pytest.approx(0.0784, abs=1e-4)
    assert compare_runs.sign_test(10, 10) == 1.0


@pytest.mark.parametrize(
    ("before", "after", "named", "message"),
    [
        (report("a", BEFORE), report("b", AFTER, game="tigris-euphrates"), None, "its game ('tigris-euphrates')"),
        (report("a", BEFORE), report("b", AFTER, options={"nations": "random"}), None, "its options"),
        (report("a", BEFORE), report("b", AFTER, seed=7), None, "no game in common"),
        (report("a", BEFORE), report("b", AFTER), "c", "no agent 'c' in this run (its agents: b, heuristic)"),
        (report("a", BEFORE), {"game": "mankind"}, None, "not a bench/strength.py --json report"),
    ],
)
def test_runs_that_cannot_be_compared_are_refused_naming_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], before: dict[str, Any], after: dict[str, Any],
    named: str | None, message: str,
) -> None:
    argv = ["--before", str(write(tmp_path, "a.json", before)), "--after", str(write(tmp_path, "b.json", after))]
    if named is not None:
        argv += ["--agent-after", named]
    with pytest.raises(SystemExit) as stopped:
        compare_runs.main(argv)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


def test_the_command_prints_and_writes_the_comparison(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cmp.json"
    argv = ["--before", str(write(tmp_path, "a.json", report("ismcts", BEFORE))),
            "--after", str(write(tmp_path, "b.json", report("ismcts:plans=1", AFTER))), "--json", str(out)]
    assert compare_runs.main(argv) == 0
    printed = capsys.readouterr().out
    assert "8 games in common over 4 deals" in printed
    assert "before (ismcts): 5 wins, 62.5%" in printed and "after  (ismcts:plans=1): 6 wins, 75.0%" in printed
    assert "deals better: 1, worse: 1 (sign test p = 1.000)" in printed
    assert json.loads(out.read_text())["difference"] == pytest.approx(0.125)
