"""Simulations: identical results whatever the workers and backend; summaries; interruption; reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ludoteca.sim import plan_games, run_simulation, summarize
from ludoteca.sim.report import write_report

AGENTS = ["random:seed=1", "random:seed=2"]


def _lines(out: Path) -> list[dict]:
    lines = [json.loads(text) for text in (out / "results.jsonl").read_text().splitlines()]
    for line in lines:
        line.pop("seconds")  # timings are the only thing allowed to differ
    return lines


def test_results_do_not_depend_on_the_number_of_workers(tmp_path: Path) -> None:
    plan = plan_games("mankind", 2, AGENTS, games=6, seed=9)
    run_simulation(plan, tmp_path / "one", jobs=1)
    run_simulation(plan, tmp_path / "two", jobs=2)
    assert _lines(tmp_path / "one") == _lines(tmp_path / "two")
    assert [line["index"] for line in _lines(tmp_path / "one")] == list(range(6))


def test_results_do_not_depend_on_the_backend(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    plan = plan_games("mankind", 2, AGENTS, games=4, seed=3)
    run_simulation(plan, tmp_path / "local", jobs=1)
    run_simulation(plan, tmp_path / "ray", backend="ray", batch=2)
    assert _lines(tmp_path / "local") == _lines(tmp_path / "ray")


def test_seeds_derive_from_master_seed_and_index_and_seats_rotate() -> None:
    plan = plan_games("mankind", 3, ["a", "b"], games=3, seed=1)
    assert [spec.agents for spec in plan] == [["a", "b", "a"], ["b", "a", "b"], ["a", "b", "a"]]
    assert len({spec.seed for spec in plan}) == 3
    assert [spec.seed for spec in plan] == [spec.seed for spec in plan_games("mankind", 3, ["a", "b"], 3, 1)]


def test_an_interrupted_run_keeps_its_finished_games(tmp_path: Path) -> None:
    plan = plan_games("mankind", 2, AGENTS, games=5, seed=2)

    def stop_after_two(done: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    outcome = run_simulation(plan, tmp_path, jobs=1, progress=stop_after_two)
    assert outcome.interrupted and outcome.finished == 2
    assert len((tmp_path / "results.jsonl").read_text().splitlines()) == 2


def test_a_failing_game_is_recorded_and_the_run_goes_on(tmp_path: Path) -> None:
    plan = plan_games("mankind", 2, ["random", "no-such-agent"], games=2, seed=0)
    outcome = run_simulation(plan, tmp_path, jobs=1)
    assert len(outcome.failures) == 2 and outcome.finished == 0
    saved = json.loads((tmp_path / "failures" / "0.json").read_text())
    assert "no agent 'no-such-agent'" in saved["error"] and saved["record"]["game"] == "mankind"


def test_summary_from_hand_written_results() -> None:
    results = [
        {"index": 0, "seed": 1, "agents": ["a", "b"], "actions": 10, "seconds": 0.1,
         "result": {"scores": [5, 3], "ranking": [[0], [1]], "winners": [0], "factions": ["Saudi", "Rasheedi"]}},
        {"index": 1, "seed": 2, "agents": ["b", "a"], "actions": 20, "seconds": 0.3,
         "result": {"scores": [4, 4], "ranking": [[0, 1]], "winners": [0, 1], "factions": ["Rasheedi", "Saudi"]}},
    ]
    summary = summarize(results, failures=1)
    assert summary["games"] == 2 and summary["failures"] == 1
    assert summary["by_agent"]["a"]["wins"] == 1.5 and summary["by_agent"]["b"]["wins"] == 0.5
    assert summary["by_agent"]["a"]["share"] == 0.75
    assert summary["by_seat"]["0"]["wins"] == 1.5 and summary["by_seat"]["1"]["score_mean"] == 3.5
    assert summary["by_faction"]["Saudi"]["wins"] == 1.5
    assert summary["length"]["actions_mean"] == 15
    low, high = summary["by_agent"]["a"]["ci95"]
    assert 0 < low < 0.75 < high <= 1


def test_report_rebuilds_summary_plots_and_markdown(tmp_path: Path) -> None:
    run_simulation(plan_games("mankind", 2, AGENTS, games=3, seed=5), tmp_path)
    summary = write_report(tmp_path, "test")
    for name in ("summary.json", "report.md", "win_share.png", "scores.png", "length.png"):
        assert (tmp_path / name).stat().st_size > 0, name
    assert json.loads((tmp_path / "summary.json").read_text()) == summary
    assert "Win share by agent" in (tmp_path / "report.md").read_text()


def test_lines_arriving_out_of_order_are_written_in_game_order_holding_only_the_gap() -> None:
    import io

    from ludoteca.sim.runner import _InOrderWriter

    stream = io.StringIO()
    writer = _InOrderWriter(stream, [0, 1, 2, 3, 4])
    writer.add(2, {"index": 2})
    writer.add(3, {"index": 3})
    assert stream.getvalue() == "" and sorted(writer.waiting) == [2, 3]
    writer.add(0, {"index": 0})
    writer.add(1, None)  # game 1 failed: nothing to write, but it no longer holds up 2 and 3
    assert [json.loads(text)["index"] for text in stream.getvalue().splitlines()] == [0, 2, 3]
    assert writer.waiting == {}
    writer.add(4, {"index": 4})
    assert stream.getvalue().splitlines()[-1] == '{"index": 4}'
