"""Plots (PNG, matplotlib) and ``report.md`` for a simulation directory."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ludoteca.sim.summary import load_results, summarize

TITLES = {"by_agent": "agent", "by_seat": "seat", "by_faction": "faction"}


def _plot_shares(summary: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    keys = [key for key in TITLES if key in summary]
    figure, axes = plt.subplots(1, len(keys), figsize=(4.5 * len(keys), 3.6), squeeze=False)
    for axis, key in zip(axes[0], keys, strict=True):
        names = list(summary[key])
        shares = [summary[key][n]["share"] for n in names]
        low = [s - summary[key][n]["ci95"][0] for s, n in zip(shares, names, strict=True)]
        high = [summary[key][n]["ci95"][1] - s for s, n in zip(shares, names, strict=True)]
        axis.bar(range(len(names)), shares, yerr=[low, high], capsize=4, color="#4c78a8")
        axis.set_xticks(range(len(names)), names, rotation=20, ha="right", fontsize=8)
        axis.set_ylim(0, 1)
        axis.set_title(f"Win share by {TITLES[key]} (95% CI)", fontsize=10)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def _plot_scores(results: list[dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    seats = max((len(line["agents"]) for line in results), default=0)
    data = [[float(line["result"]["scores"][seat]) for line in results] for seat in range(seats)]
    figure, axis = plt.subplots(figsize=(6, 3.6))
    if data:
        axis.boxplot(data, tick_labels=[f"seat {s}" for s in range(seats)])
    axis.set_title("Score distribution by seat", fontsize=10)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def _plot_lengths(results: list[dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(6, 3.6))
    axis.hist([line["actions"] for line in results], bins=20, color="#72b7b2")
    axis.set_xlabel("actions per game")
    axis.set_title("Game length", fontsize=10)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def _table(title: str, rows: dict[str, Any]) -> list[str]:
    lines = [f"### Win share by {title}", "", "| name | games | wins | share | 95% interval | mean score |",
             "|---|---:|---:|---:|---:|---:|"]
    for name, row in sorted(rows.items(), key=lambda item: -item[1]["share"]):
        low, high = row["ci95"]
        lines.append(f"| {name} | {row['games']} | {row['wins']:g} | {row['share']:.1%} | {low:.1%} – {high:.1%} | "
                     f"{row['score_mean']} |")
    return [*lines, ""]


def write_report(out: Path, title: str = "") -> dict[str, Any]:
    """Rebuild ``summary.json``, the plots and ``report.md`` from ``out/results.jsonl``."""
    results = load_results(out / "results.jsonl")
    failures = len(list((out / "failures").glob("*.json"))) if (out / "failures").is_dir() else 0
    summary = summarize(results, failures)
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    _plot_shares(summary, out / "win_share.png")
    _plot_scores(results, out / "scores.png")
    _plot_lengths(results, out / "length.png")
    lines = [f"# Simulation report{': ' + title if title else ''}", "",
             f"{summary['games']} games finished, {failures} failed.", ""]
    if "by_faction" in summary:
        best = max(summary["by_faction"].items(), key=lambda item: item[1]["share"])
        lines += [f"**Which faction wins how often:** {best[0]} wins most, {best[1]['share']:.1%} of its games "
                  f"(95% interval {best[1]['ci95'][0]:.1%} – {best[1]['ci95'][1]:.1%}); see the table below.", ""]
    for key, name in TITLES.items():
        if key in summary:
            lines += _table(name, summary[key])
    length = summary["length"]
    lines += ["### Game length", "", f"{length['actions_mean']} actions on average (sd {length['actions_sd']}), "
              f"{length['seconds_mean']} s per game.", "",
              "![win share](win_share.png)", "", "![scores](scores.png)", "", "![length](length.png)", ""]
    (out / "report.md").write_text("\n".join(lines), encoding="utf-8")
    return summary
