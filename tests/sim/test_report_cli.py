"""The report's plots and text, and what ``ludoteca simulate`` / ``report`` refuse before playing.

Runs are a few seeded random games of the fastest games (Advanced Civilization, Arabian Struggle).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

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
    assert (tmp_path / "report.md").read_text().startswith(
        "# Simulation report: advanced-civilization (nations=random), 3 players\n")


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



# --------------------------------------------------------------------------- what the plots say
def _whole_results() -> list[dict[str, Any]]:
    """Four three-player games in whole numbers. Egypt wins 3 of its 4 seats, Crete 1, Asia none: the reverse of
    alphabetical order. The winners' margins are 2, 5, 6 and 50; every game lasts 8 turns."""

    def line(index: int, nations: list[str], scores: list[int], winner: int, actions: int) -> dict[str, Any]:
        ranking = [[winner], *[[seat] for seat in range(3) if seat != winner]]
        return {"index": index, "seed": index, "agents": ["a", "b", "a"], "actions": actions, "turns": 8,
                "seconds": 0.1, "order": [0, 1, 2], "side": "nation", "sides": nations,
                "result": {"scores": scores, "ranking": ranking, "winners": [winner]}}

    return [line(0, ["Asia", "Crete", "Egypt"], [10, 1, 12], 2, 453),
            line(1, ["Crete", "Asia", "Egypt"], [5, 1, 10], 2, 517),
            line(2, ["Egypt", "Crete", "Asia"], [1, 7, 1], 1, 600),
            line(3, ["Asia", "Egypt", "Crete"], [10, 60, 1], 1, 601)]


def test_every_plot_labels_its_y_axis() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from ludoteca.sim.report import length_figure, margin_figure

    results = _whole_results()
    for figure in (share_figure(summarize(results)), score_figure(results), length_figure(results),
                   margin_figure(results)):
        for axis in figure.axes:
            assert axis.get_ylabel(), axis.get_title()
        plt.close(figure)


def test_the_nation_panel_reads_in_the_order_of_the_nation_table(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    results = _whole_results()
    (tmp_path / "results.jsonl").write_text("".join(json.dumps(line) + "\n" for line in results))
    summary = write_report(tmp_path, plots=False)
    table = (tmp_path / "report.md").read_text().split("### Win share by nation")[1].split("\n\n")[1]
    tabled = [row.split("|")[1].strip() for row in table.splitlines()[2:]]
    assert tabled == ["Egypt", "Crete", "Asia"]  # most wins first
    figure = share_figure(summary)
    panel = figure.axes[3]
    assert panel.get_title() == "Win share by nation (95% CI)"
    assert [label.get_text() for label in panel.get_xticklabels()] == tabled
    assert [bar.get_height() for bar in panel.patches] == [0.75, 0.25, 0.0]
    plt.close(figure)


def test_histograms_of_whole_numbers_have_whole_bins_and_count_whole_games() -> None:
    """No bar from 7.6 to 8.4 turns, none straddling an action count, no tick at 1.25 games."""
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from ludoteca.sim.report import length_figure, margin_figure

    results = _whole_results()
    figures = [length_figure(results), margin_figure(results)]
    axes = [*figures[0].axes, *figures[1].axes]
    assert [axis.get_xlabel() for axis in axes] == ["actions per game", "turns per game",
                                                    "winner's score minus the best other score"]
    for axis in axes:
        bars = [bar for bar in axis.patches if bar.get_height() > 0]
        assert sum(bar.get_height() for bar in bars) == 4, axis.get_xlabel()  # every game in one bar
        for bar in bars:  # each bar spans whole numbers: from k - 0.5 to m + 0.5
            assert bar.get_x() % 1 == pytest.approx(0.5) and bar.get_width() % 1 == pytest.approx(0)
        low, high = axis.get_xlim()
        for ticks, (start, end) in ((axis.get_xticks(), (low, high)), (axis.get_yticks(), axis.get_ylim())):
            shown = [tick for tick in ticks if start <= tick <= end]
            assert shown and all(float(tick).is_integer() for tick in shown), (axis.get_xlabel(), shown)
    turns = axes[1]
    assert [(bar.get_x(), bar.get_width()) for bar in turns.patches if bar.get_height()] == [(7.5, 1.0)]
    for figure in figures:
        plt.close(figure)


# --------------------------------------------------------------------------- titles, refusals, wording
def test_the_title_names_the_options_and_agents_and_a_rebuilt_report_keeps_it(tmp_path: Path) -> None:
    """Three agents at two seats: the first game seats only two, so the title must not be rebuilt from it."""
    out = tmp_path / "run"
    args = ["simulate", "advanced-civilization", "--players", "2", "--agents", "random,random:seed=1,random:seed=2",
            "--option", "nations=random", "--option", "turn_limit=2", "--games", "1", "--out", str(out), "--no-plots"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    title = ("# Simulation report: advanced-civilization (nations=random, turn_limit=2), 2 players, "
             "agents random, random:seed=1, random:seed=2\n")
    written = (out / "report.md").read_text()
    assert written.startswith(title)
    assert "\n1 game finished, 0 failed;" in written  # one game, not "1 games"
    assert "1 game, no failures; report in" in result.output
    assert runner.invoke(app, ["report", str(out), "--no-plots"]).exit_code == 0
    assert (out / "report.md").read_text() == written


def test_an_out_that_is_a_file_is_refused_before_playing(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("mine")
    result = runner.invoke(app, [*AC, "--out", str(afile), "--no-plots"])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert [line for line in result.output.splitlines() if line.strip()] == [
        f"error: {afile} is a file, not a folder: choose a folder for --out"]
    assert afile.read_text() == "mine"


def test_results_without_a_finished_game_are_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "results.jsonl").write_text("")
    for plots in ([], ["--no-plots"]):
        result = runner.invoke(app, ["report", str(tmp_path), *plots])
        assert result.exit_code == 2 and "Traceback" not in result.output, result.output
        assert [line for line in result.output.splitlines() if line.strip()] == [
            f"error: {tmp_path / 'results.jsonl'} holds no finished game: there is nothing to report"]
    (tmp_path / "failures").mkdir()
    (tmp_path / "failures" / "0.json").write_text("{}")
    result = runner.invoke(app, ["report", str(tmp_path), "--no-plots"])
    assert "(1 game failed: see " in result.output


def test_the_awards_table_says_what_its_shares_are_out_of(tmp_path: Path) -> None:
    line = {"index": 0, "seed": 0, "agents": ["h", "r"], "actions": 10, "seconds": 0.1,
            "result": {"scores": [2, 1], "ranking": [[0], [1]], "winners": [0], "bonuses": {"Empire": [0]}}}
    (tmp_path / "results.jsonl").write_text(json.dumps(line) + "\n")
    write_report(tmp_path, plots=False)
    text = (tmp_path / "report.md").read_text()
    awards = text[text.index("### Awards"):]
    assert "*held by* an agent: of the seats the agent filled (its players in the agent table)" in awards
    assert "*to a winner*: of those games" in awards
    assert awards.index("*held by*") < awards.index("| held by h | held by r |")


def test_one_seat_off_the_fair_share_is_named_in_the_singular() -> None:
    from ludoteca.sim.report import _headlines

    def seats(*verdicts: str) -> dict[str, Any]:
        return {"by_seat": {str(seat): {"vs_fair": verdict} for seat, verdict in enumerate(verdicts)}}

    assert _headlines(seats("above", "within"))[0] == "- **Seats:** seat 0 differs from the fair share."
    assert _headlines(seats("above", "below"))[0] == "- **Seats:** seats 0, 1 differ from the fair share."
