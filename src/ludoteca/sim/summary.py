"""From ``results.jsonl`` to ``summary.json``: win shares by seat, agent and faction, scores, lengths."""

from __future__ import annotations

import json
import statistics
from collections import defaultdict
from pathlib import Path
from typing import Any

from ludoteca.stats import wilson


def load_results(path: Path) -> list[dict[str, Any]]:
    lines = []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if text.strip():
            try:
                lines.append(json.loads(text))
            except json.JSONDecodeError as error:
                raise ValueError(f"{path}:{number} is not JSON: {error}") from None
    return lines


def _table(credit: dict[str, float], games: dict[str, int], scores: dict[str, list[float]]) -> dict[str, Any]:
    table = {}
    for name in sorted(games):
        low, high = wilson(credit[name], games[name])
        values = scores.get(name, [])
        table[name] = {
            "games": games[name],
            "wins": round(credit[name], 6),
            "share": round(credit[name] / games[name], 6) if games[name] else 0.0,
            "ci95": [round(low, 6), round(high, 6)],
            "score_mean": round(statistics.fmean(values), 4) if values else None,
            "score_sd": round(statistics.pstdev(values), 4) if len(values) > 1 else 0.0,
        }
    return table


def summarize(results: list[dict[str, Any]], failures: int = 0) -> dict[str, Any]:
    """Aggregate finished games. A shared win counts as a fraction of a win; intervals are Wilson 95%."""
    tallies: dict[str, tuple[dict[str, float], dict[str, int], dict[str, list[float]]]] = {
        key: (defaultdict(float), defaultdict(int), defaultdict(list)) for key in ("by_seat", "by_agent", "by_faction")
    }
    lengths, seconds = [], []
    for line in results:
        result = line["result"]
        winners = result["winners"]
        agents = line["agents"]
        factions = result.get("factions")
        lengths.append(line["actions"])
        seconds.append(line["seconds"])
        groups = {"by_seat": [str(seat) for seat in range(len(agents))], "by_agent": agents}
        if factions:
            groups["by_faction"] = [str(f) for f in factions]
        for key, names in groups.items():
            credit, games, scores = tallies[key]
            for name in dict.fromkeys(names):
                games[name] += 1
            for seat, name in enumerate(names):
                if seat in winners:
                    credit[name] += 1 / len(winners)
                scores[name].append(float(result["scores"][seat]))
    summary: dict[str, Any] = {"games": len(results), "failures": failures}
    for key, (credit, games, scores) in tallies.items():
        if games:
            summary[key] = _table(credit, games, scores)
    summary["length"] = {
        "actions_mean": round(statistics.fmean(lengths), 2) if lengths else None,
        "actions_sd": round(statistics.pstdev(lengths), 2) if len(lengths) > 1 else 0.0,
        "seconds_mean": round(statistics.fmean(seconds), 4) if seconds else None,
    }
    return summary
