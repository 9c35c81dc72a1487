"""Plots (PNG, matplotlib) and ``report.md`` for a simulation directory.

Every win-share panel draws the fair share (``1 / players``) as a dashed line, because a bar means
nothing until one sees whether its interval crosses that line. The score plot draws the mean over all
seats the same way. Plots need the ``sim`` extra; :func:`require_plotting` says so before any game is
played, and ``plots=False`` writes the summary and the report without them.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from ludoteca.cli_render import match_title
from ludoteca.core import LudotecaError, wording
from ludoteca.sim.measures import TURN_WORDS
from ludoteca.sim.summary import load_results, summarize, victory_margin

TITLES = {"by_agent": "agent (per player)", "by_seat": "seat", "by_order": "position in the order of play",
          "by_faction": "faction"}
BY_SHARE = ("by_agent", "by_faction")
"""Tables listed best first; seats and positions keep their own order, which is the point of those tables."""
PLOTS = ("win_share.png", "scores.png", "length.png", "margins.png")


def require_plotting() -> None:
    """Fail now, with the fix, when matplotlib is missing: not after hours of games."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise LudotecaError("the plots need matplotlib: pip install 'ludoteca[sim]' "
                            "(or pass --no-plots for the summary and report alone)") from None


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _title(key: str, summary: dict[str, Any]) -> str:
    return summary.get("faction_word", "faction") if key == "by_faction" else TITLES[key]


def _names(key: str, rows: dict[str, Any]) -> list[str]:
    """A table's rows in the order the report lists them, so that its plot panel reads in the same order."""
    return sorted(rows, key=lambda name: -rows[name]["share"]) if key in BY_SHARE else list(rows)


def _whole_bins(values: list[float], most: int = 20) -> list[float] | int:
    """Histogram bins for whole numbers: edges between the integers, each bin a whole number of them wide, at most
    ``most`` bins; other data gets ``most`` bins. A bar from 7.6 to 8.4 turns, or one that straddles 453, would
    say a game lasted a fraction of a turn or of an action."""
    if not values or any(not float(value).is_integer() for value in values):
        return most
    low, high = int(min(values)), int(max(values))
    width = max(1, math.ceil((high - low + 1) / most))
    return [low - 0.5 + width * step for step in range((high - low) // width + 2)]


def _count_axis(axis: Any, whole_x: bool) -> None:
    """A histogram of games: the y axis counts games (whole ticks, no 1.25 games), the x axis too when its data
    are whole numbers. ``min_n_ticks=1``: else Matplotlib drops the integer rule when the view holds one integer."""
    from matplotlib.ticker import MaxNLocator

    axis.set_ylabel("games")
    axis.yaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
    if whole_x:
        axis.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))


def _save(figure: Any, path: Path) -> None:
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    _pyplot().close(figure)


def share_figure(summary: dict[str, Any]) -> Any:
    """One panel per table (agent, seat, order of play, faction): bars, 95% intervals, the fair share."""
    plt = _pyplot()
    keys = [key for key in TITLES if key in summary]
    figure, axes = plt.subplots(1, len(keys), figsize=(4.5 * len(keys), 3.6), squeeze=False)
    for axis, key in zip(axes[0], keys, strict=True):
        rows = summary[key]
        names = _names(key, rows)
        shares = [rows[n]["share"] for n in names]
        low = [s - rows[n]["ci95"][0] for s, n in zip(shares, names, strict=True)]
        high = [rows[n]["ci95"][1] - s for s, n in zip(shares, names, strict=True)]
        axis.bar(range(len(names)), shares, yerr=[low, high], capsize=4, color="#4c78a8")
        fair = [rows[n]["fair"] for n in names]
        axis.axhline(sum(fair) / len(fair), color="#e45756", linestyle="--", linewidth=1.2, label="fair share")
        axis.set_xticks(range(len(names)), names, rotation=20, ha="right", fontsize=8)
        axis.set_ylim(0, 1)
        axis.set_ylabel("win share (per player)")
        axis.set_title(f"Win share by {_title(key, summary)} (95% CI)", fontsize=10)
        axis.legend(fontsize=7, loc="upper right")
    return figure


def score_figure(results: list[dict[str, Any]]) -> Any:
    """Scores by seat, with the mean of all seats: what every seat would score if seats did not matter."""
    plt = _pyplot()
    seats = max((len(line["agents"]) for line in results), default=0)
    data = [[float(line["result"]["scores"][seat]) for line in results if seat < len(line["agents"])]
            for seat in range(seats)]
    figure, axis = plt.subplots(figsize=(6, 3.6))
    if data and all(data):
        axis.boxplot(data, tick_labels=[f"seat {s}" for s in range(seats)])
        every = [score for column in data for score in column]
        axis.axhline(sum(every) / len(every), color="#e45756", linestyle="--", linewidth=1.2,
                     label="mean of all seats")
        axis.legend(fontsize=7)
    axis.set_ylabel("final score")
    axis.set_title("Score distribution by seat", fontsize=10)
    return figure


def length_figure(results: list[dict[str, Any]]) -> Any:
    """Game lengths in actions and, where the game counts them, in turns."""
    plt = _pyplot()
    turns = [line["turns"] for line in results if isinstance(line.get("turns"), int)]
    figure, axes = plt.subplots(1, 2 if turns else 1, figsize=(9 if turns else 6, 3.6), squeeze=False)
    actions = [line["actions"] for line in results]
    axes[0][0].hist(actions, bins=_whole_bins(actions), color="#72b7b2")
    _count_axis(axes[0][0], whole_x=True)
    axes[0][0].set_xlabel("actions per game")
    axes[0][0].set_title("Game length in actions", fontsize=10)
    if turns:
        axes[0][1].hist(turns, bins=_whole_bins(turns), color="#54a24b")
        _count_axis(axes[0][1], whole_x=True)
        axes[0][1].set_xlabel("turns per game")
        axes[0][1].set_title("Game length in turns", fontsize=10)
    return figure


def margin_figure(results: list[dict[str, Any]]) -> Any:
    """Victory margins, with the line of no lead: games to its left were won without outscoring the rest."""
    plt = _pyplot()
    margins = [m for line in results if (m := victory_margin(line["result"])) is not None]
    figure, axis = plt.subplots(figsize=(6, 3.6))
    bins = _whole_bins(margins)
    axis.hist(margins, bins=bins, color="#f58518")
    _count_axis(axis, whole_x=not isinstance(bins, int))
    axis.axvline(0, color="#e45756", linestyle="--", linewidth=1.2, label="no lead")
    axis.set_xlabel("winner's score minus the best other score")
    axis.set_title("Victory margins", fontsize=10)
    axis.legend(fontsize=7)
    return figure


def _share_table(key: str, summary: dict[str, Any]) -> list[str]:
    rows = summary[key]
    lines = [f"### Win share by {_title(key, summary)}", "",
             "| name | players | wins | share | 95% interval | fair | vs fair | mean score |",
             "|---|---:|---:|---:|---:|---:|---|---:|"]
    for name in _names(key, rows):
        row = rows[name]
        low, high = row["ci95"]
        lines.append(f"| {name} | {row['games']} | {row['wins']:.4g} | {row['share']:.1%} | {low:.1%} – {high:.1%} | "
                     f"{row['fair']:.1%} | {row['vs_fair']} | {row['score_mean']:g} |")
    return [*lines, ""]


def _interval(row: dict[str, Any]) -> str:
    return f"{row['share']:.1%} (95% interval {row['ci95'][0]:.1%} – {row['ci95'][1]:.1%}, fair {row['fair']:.1%})"


def _verdict(row: dict[str, Any]) -> str:
    return {"above": "an advantage the run can see", "below": "a handicap the run can see",
            "within": "no effect the run can tell from chance"}[row["vs_fair"]]


def _spread_text(spread: dict[str, Any]) -> str:
    return (f"mean {spread['mean']:g} (sd {spread['sd']:g}), median {spread['median']:g}, "
            f"quartiles {spread['q1']:g} – {spread['q3']:g}, range {spread['min']:g} – {spread['max']:g}")


def _first_sides_text(summary: dict[str, Any]) -> str:
    """Which sides the first seat played, where a game's order of play follows its sides (Advanced
    Civilization's dealt nations place their start tokens in A.S.T. order): the first player's share is then
    partly those sides' shares, which a designer must not read as an effect of the order alone."""
    first_sides: dict[str, int] = summary.get("first_sides") or {}
    games = sum(first_sides.values())
    if not games:
        return ""
    word = summary.get("faction_word", "faction")
    named = [f"{side} in {count}" for side, count in first_sides.items()]
    named[0] += f" of {wording.count(games, 'game')}"
    shown = ", ".join(named[:3]) + (", ..." if len(named) > 3 else "")
    return f" The first to decide played {shown}: its share includes those {word}s' shares (their table below)."


def _headlines(summary: dict[str, Any]) -> list[str]:
    lines = []
    if "by_order" in summary:
        first = next(iter(summary["by_order"].values()))
        lines.append(f"- **First player** (the first seat to decide) won {_interval(first)}: {_verdict(first)}."
                     + _first_sides_text(summary))
    if "by_seat" in summary:
        seen = [name for name, row in summary["by_seat"].items() if row["vs_fair"] != "within"]
        differ = f"seat {seen[0]} differs" if len(seen) == 1 else f"seats {', '.join(seen)} differ"
        lines.append("- **Seats:** " + (f"{differ} from the fair share." if seen
                                        else "no seat's interval excludes the fair share."))
    if "by_faction" in summary:
        word = summary.get("faction_word", "faction")
        best = max(summary["by_faction"].items(), key=lambda item: item[1]["share"])
        worst = min(summary["by_faction"].items(), key=lambda item: item[1]["share"])
        lines.append(f"- **{word.capitalize()}s:** {best[0]} wins most, {_interval(best[1])}; "
                     f"{worst[0]} least, {_interval(worst[1])}.")
    return [*lines, ""] if lines else []


def _length_lines(summary: dict[str, Any], game: str | None) -> list[str]:
    length = summary["length"]
    lines = ["### Game length", "", f"- Actions: {_spread_text(length['actions'])}."]
    if length["turns"]["n"]:
        unit = f" (one turn: {TURN_WORDS[game]})" if game in TURN_WORDS else ""
        lines.append(f"- Turns{unit}: {_spread_text(length['turns'])}.")
    lines.append(f"- {length['seconds_mean']:g} s per game.")
    return [*lines, ""]


def _margin_lines(summary: dict[str, Any]) -> list[str]:
    margins = summary["margins"]
    if not margins["n"]:
        return []
    lines = ["### Victory margins", "",
             f"The winner's score minus the best other score: {_spread_text(margins)}. In {margins['not_ahead']} "
             f"of {wording.count(margins['n'], 'game')} the winner did not outscore the rest (a tie-break or another "
             "way to win).", "",
             "| winning agent | games won | mean margin | median |", "|---|---:|---:|---:|"]
    for agent, spread in margins["by_winning_agent"].items():
        lines.append(f"| {agent} | {spread['n']} | {spread['mean']:g} | {spread['median']:g} |")
    return [*lines, ""]


def _component_lines(summary: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    for key, parts in summary.get("components", {}).items():
        agents = sorted({agent for part in parts.values() for agent in part["by_agent"]})
        lines += [f"### Score components: `{key}` (mean per player)", "",
                  "| component | all | winners | others | " + " | ".join(agents) + " |",
                  "|---|---:|---:|---:|" + "---:|" * len(agents)]
        for part, row in parts.items():
            cells = [f"{row['by_agent'].get(agent, '')}" for agent in agents]
            lines.append(f"| {part} | {row['mean']} | {row['winners']} | {row['others']} | " + " | ".join(cells) + " |")
        lines.append("")
    for key, awards in summary.get("awards", {}).items():
        agents = sorted({agent for row in awards.values() for agent in row["held_by_agent"]})
        lines += [f"### Awards: `{key}` (who holds each at the end)", "",
                  "*Given in*: the games in which someone held it; *to a winner*: of those games, the share in which "
                  "a winner held it; *held by* an agent: of the seats the agent filled (its players in the agent "
                  "table), the share holding it at the end.", "",
                  "| award | given in | to a winner | " + " | ".join(f"held by {a}" for a in agents) + " |",
                  "|---|---:|---:|" + "---:|" * len(agents)]
        for award, row in awards.items():
            cells = [f"{row['held_by_agent'].get(agent, 0):.1%}" for agent in agents]
            to_winner = f"{row['to_a_winner'] / row['given']:.1%}" if row["given"] else "–"
            lines.append(f"| {award} | {row['given']}/{row['games']} | {to_winner} | " + " | ".join(cells) + " |")
        lines.append("")
    for key, counts in summary.get("outcomes", {}).items():
        total = sum(counts.values())
        lines += [f"### How games end: `{key}`", ""]
        if any(re.search(r"\bN\b", text) for text in counts):
            lines += ["Numbers in an outcome are written N (a seat, a score): one way of ending is one row.", ""]
        lines += ["| outcome | games | share |", "|---|---:|---:|"]
        lines += [f"| {text} | {count} | {count / total:.1%} |" for text, count in counts.items()]
        lines.append("")
    return lines


def _run(out: Path) -> dict[str, Any]:
    """``run.json`` (empty for hand-made results, or when it cannot be read)."""
    try:
        run = json.loads((out / "run.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return run if isinstance(run, dict) else {}


def _first_game(run: dict[str, Any]) -> dict[str, Any]:
    """The first game's spec from ``run.json`` (game id, players, options...; empty for hand-made results)."""
    try:
        first = run["games"][0]
        return first if isinstance(first, dict) else {}
    except (KeyError, IndexError, TypeError):
        return {}


def run_title(out: Path) -> str:
    """What ``out``'s run played, from its ``run.json``: the game with its options, the players, the agents.

    ``simulate`` titles its report with it and ``report`` rebuilds the same title, so that a rebuilt report
    names the same run; runs written before ``run.json`` kept the agents are titled without them.
    """
    run = _run(out)
    first = _first_game(run)
    if "game" not in first or "players" not in first:
        return ""
    options, agents = first.get("options"), run.get("agents")
    return match_title(first["game"], first["players"], options if isinstance(options, dict) else None,
                       agents if isinstance(agents, list) else None)


def write_report(out: Path, title: str | None = None, plots: bool = True) -> dict[str, Any]:
    """Rebuild ``summary.json``, the plots and ``report.md`` from ``out/results.jsonl``.

    Without ``title`` the report is titled by :func:`run_title`. Results without a finished game are refused:
    there is no share, length or plot to give.
    """
    if plots:
        require_plotting()
    results = load_results(out / "results.jsonl")
    failures = len(list((out / "failures").glob("*.json"))) if (out / "failures").is_dir() else 0
    if not results:
        failed = f" ({wording.count(failures, 'game')} failed: see {out / 'failures'})" if failures else ""
        raise LudotecaError(f"{out / 'results.jsonl'} holds no finished game{failed}: there is nothing to report")
    summary = summarize(results, failures)
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    if plots:
        _save(share_figure(summary), out / "win_share.png")
        _save(score_figure(results), out / "scores.png")
        _save(length_figure(results), out / "length.png")
        _save(margin_figure(results), out / "margins.png")
    players = summary["players"]
    title = run_title(out) if title is None else title
    lines = [f"# Simulation report{': ' + title if title else ''}", "",
             f"{wording.count(summary['games'], 'game')} finished, {failures} failed"
             + (f"; {players} players, so a fair share is {1 / players:.1%}." if players else "."), "",
             *_headlines(summary)]
    for key in TITLES:
        if key in summary:
            lines += _share_table(key, summary)
    lines += _length_lines(summary, _first_game(_run(out)).get("game"))
    lines += _margin_lines(summary)
    lines += _component_lines(summary)
    if plots:
        lines += ["![win share](win_share.png)", "", "![scores](scores.png)", "", "![length](length.png)", "",
                  "![margins](margins.png)", ""]
    (out / "report.md").write_text("\n".join(lines), encoding="utf-8")
    return summary
