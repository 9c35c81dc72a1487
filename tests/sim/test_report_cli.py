"""The report's plots and text, and what ``ludoteca simulate`` / ``report`` refuse before playing.

Runs are a few seeded random games of the fastest games (Advanced Civilization, Arabian Struggle).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.sim import plan_games, run_simulation, summarize
from ludoteca.sim.report import score_figure, share_figure, write_report

runner = CliRunner()
AC = ["simulate", "advanced-civilization", "--players", "3", "--agents", "random", "--option", "nations=random",
      "--seed", "1", "--games", "3"]


def _reference_lines(axis: object, label: str) -> list[float]:
    """The heights of the horizontal lines drawn with ``label`` (box plots draw unlabelled ones too)."""
    lines = [line for line in axis.get_lines() if line.get_label() == label]  # type: ignore[attr-defined]
    assert all(len(set(line.get_ydata())) == 1 for line in lines)
    return [float(line.get_ydata()[0]) for line in lines]


def test_every_win_share_panel_draws_the_fair_share(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    run_simulation(plan_games("advanced-civilization", 3, ["random"], 3, 1, {"nations": "random"}), tmp_path)
    results = [json.loads(text) for text in (tmp_path / "results.jsonl").read_text().splitlines()]
    summary = summarize(results)
    figure = share_figure(summary)
    titles = [axis.get_title() for axis in figure.axes]
    assert titles == ["Win share by agent (per player) (95% CI)", "Win share by seat (95% CI)",
                      "Win share by position in the order of play (95% CI)", "Win share by nation (95% CI)"]
    for axis in figure.axes:
        assert _reference_lines(axis, "fair share") == [pytest.approx(1 / 3)], axis.get_title()
    plt.close(figure)
    scores = score_figure(results)
    every = [score for line in results for score in line["result"]["scores"]]
    assert _reference_lines(scores.axes[0], "mean of all seats") == [pytest.approx(sum(every) / len(every))]
    plt.close(scores)


def test_the_report_states_first_player_turns_nations_and_margins(tmp_path: Path) -> None:
    run_simulation(plan_games("advanced-civilization", 3, ["random"], 3, 1, {"nations": "random"}), tmp_path)
    summary = write_report(tmp_path, "test", plots=False)
    text = (tmp_path / "report.md").read_text()
    first = summary["by_order"]["1st"]
    assert f"**First player** (the first seat to decide) won {first['share']:.1%}" in text
    # The first to decide is the dealt nation lowest on the A.S.T. (§4): the line names which, most often first.
    side, count = next(iter(summary["first_sides"].items()))
    assert f"The first to decide played {side} in {count} of 3 games" in text
    assert "its share includes those nations' shares" in text
    turns = summary["length"]["turns"]["mean"]
    assert f"Turns (one turn: a game turn (every nation plays each phase)): mean {turns:g}" in text
    assert "### Win share by nation" in text and "### Victory margins" in text and "### How games end: `end`" in text
    assert not list(tmp_path.glob("*.png"))  # plots=False draws none
    write_report(tmp_path, plots=False)  # as ``ludoteca report`` rebuilds it: the run names itself
    assert (tmp_path / "report.md").read_text().startswith("# Simulation report: advanced-civilization, 3 players\n")


def test_simulate_fails_before_playing_when_matplotlib_is_missing(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now raises ImportError
    out = tmp_path / "run"
    result = runner.invoke(app, [*AC, "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert "pip install 'ludoteca[sim]'" in result.output and "Traceback" not in result.output
    assert not (out / "results.jsonl").exists()  # not a game was played
    result = runner.invoke(app, [*AC, "--out", str(out), "--no-plots"])
    assert result.exit_code == 0, result.output
    assert (out / "report.md").is_file() and (out / "summary.json").is_file() and not list(out.glob("*.png"))
    result = runner.invoke(app, ["report", str(out)])
    assert result.exit_code == 2 and "--no-plots" in result.output
    assert runner.invoke(app, ["report", str(out), "--no-plots"]).exit_code == 0


def test_simulate_refuses_to_overwrite_a_results_folder_unless_forced(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert runner.invoke(app, [*AC, "--out", str(out), "--no-plots"]).exit_code == 0
    kept = (out / "results.jsonl").read_text()
    (out / "failures").mkdir()
    (out / "failures" / "7.json").write_text("{}")  # a failure left by an earlier run
    (out / "notes.txt").write_text("mine")
    result = runner.invoke(app, [*AC[:-1], "2", "--out", str(out), "--no-plots"])
    assert result.exit_code == 2 and "--force" in result.output and "already holds a simulation" in result.output
    assert (out / "results.jsonl").read_text() == kept
    result = runner.invoke(app, [*AC[:-1], "2", "--out", str(out), "--no-plots", "--force"])
    assert result.exit_code == 0, result.output
    assert json.loads((out / "summary.json").read_text())["games"] == 2
    assert json.loads((out / "summary.json").read_text())["failures"] == 0  # the stale failure went too
    assert (out / "notes.txt").read_text() == "mine"  # nothing but the run's own files is touched
