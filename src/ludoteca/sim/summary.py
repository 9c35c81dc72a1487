"""From ``results.jsonl`` to ``summary.json``: what a designer asks of a balance run.

Win shares per player (by agent), per seat, per position in the order of play and per faction or nation,
each with its Wilson 95% interval and the fair share it should be compared with; game length in actions
and in the game's own turns; victory margins; the score components and awards each game's ``result()``
reports; how games end.

A share is always *per player*: an agent that fills two seats of a game plays two players there, so its
share is its win credit over the seats it filled, and a fair game gives every row ``1 / players``. (Counting
the game once and summing both seats' wins would give two random seats a "random" row near 100%.) A shared
win counts as a fraction of a win.
"""

from __future__ import annotations

import json
import re
import statistics
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from ludoteca.stats import wilson

IDENTITY_KEYS = frozenset({"scores", "ranking", "winners", "turns", "factions", "winner"})
"""Result keys that are not components or outcomes: read elsewhere, or (``winner``, a faction's name) the
faction table already."""


def load_results(path: Path) -> list[dict[str, Any]]:
    lines = []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if text.strip():
            try:
                lines.append(json.loads(text))
            except json.JSONDecodeError as error:
                raise ValueError(f"{path}:{number} is not JSON: {error}") from None
    return lines


def _r(value: float, digits: int = 4) -> float:
    return round(value, digits)


def _spread(values: list[float]) -> dict[str, Any]:
    """Mean, sd, quartiles and range of a list (empty: ``None``s), for lengths and margins."""
    if not values:
        return {"n": 0, "mean": None, "sd": None, "min": None, "q1": None, "median": None, "q3": None, "max": None}
    quartiles = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else [values[0]] * 3
    return {"n": len(values), "mean": _r(statistics.fmean(values), 2),
            "sd": _r(statistics.pstdev(values), 2) if len(values) > 1 else 0.0,
            "min": min(values), "q1": _r(quartiles[0], 2), "median": _r(quartiles[1], 2), "q3": _r(quartiles[2], 2),
            "max": max(values)}


class _Tally:
    """Win credit, players and scores per row of one table (an agent, a seat, a position, a faction)."""

    def __init__(self) -> None:
        self.credit: dict[str, float] = defaultdict(float)
        self.players: dict[str, int] = defaultdict(int)
        self.fair: dict[str, float] = defaultdict(float)  # sum of 1/players over the row's players
        self.scores: dict[str, list[float]] = defaultdict(list)

    def add(self, name: str, credit: float, players: int, score: float) -> None:
        self.credit[name] += credit
        self.players[name] += 1
        self.fair[name] += 1 / players
        self.scores[name].append(score)

    def table(self, order: list[str] | None = None) -> dict[str, Any]:
        table = {}
        for name in order or sorted(self.players):
            n = self.players[name]
            low, high = wilson(self.credit[name], n)
            fair = self.fair[name] / n
            values = self.scores[name]
            table[name] = {
                "games": n,
                "wins": _r(self.credit[name], 6),
                "share": _r(self.credit[name] / n, 6),
                "ci95": [_r(low, 6), _r(high, 6)],
                "fair": _r(fair, 6),
                # what the interval says of the fair share: the question a balance report exists to answer
                "vs_fair": "above" if low > fair else "below" if high < fair else "within",
                "score_mean": _r(statistics.fmean(values)),
                "score_sd": _r(statistics.pstdev(values)) if len(values) > 1 else 0.0,
            }
        return table


def _ordinal(position: int) -> str:
    suffix = "th" if 10 <= position % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(position % 10, "th")
    return f"{position}{suffix}"


def _outcome_text(text: str) -> str:
    """An end reason with its numbers written N, so that "seat 1 must draw" and "seat 0 must draw" are one outcome
    ("seat N must draw"); a mark such as "#" read as a stray heading or a glitch in the report."""
    return re.sub(r"\d+", "N", text)


def _per_seat_dicts(value: Any, players: int) -> bool:
    return (isinstance(value, list) and len(value) == players and all(
        isinstance(item, dict) and item and all(isinstance(v, int | float) and not isinstance(v, bool)
                                                for v in item.values()) for item in value))


def _awards(value: Any) -> bool:
    return isinstance(value, dict) and bool(value) and all(
        isinstance(seats, list) and all(isinstance(s, int) and not isinstance(s, bool) for s in seats)
        for seats in value.values())


def victory_margin(result: dict[str, Any]) -> float | None:
    """The weakest winner's score minus the best other score; ``None`` when every seat won.

    Zero or less means the winner did not outscore the rest: a tie-break, or a victory another way
    (Arabian Struggle's key cities).
    """
    winners: set[int] = set(result["winners"])
    scores = [float(score) for score in result["scores"]]
    others = [score for seat, score in enumerate(scores) if seat not in winners]
    if not winners or not others:
        return None
    return min(scores[seat] for seat in winners) - max(others)


def _component(groups: dict[str, list[float]]) -> dict[str, Any]:
    """One score component's mean over every player, over the winners, over the rest, and by agent."""

    def mean(values: list[float]) -> float | None:
        return _r(statistics.fmean(values), 3) if values else None

    return {"mean": mean(groups["all"]), "winners": mean(groups["winners"]), "others": mean(groups["others"]),
            "by_agent": {group.removeprefix("agent:"): mean(values)
                         for group, values in sorted(groups.items()) if group.startswith("agent:")}}


def summarize(results: list[dict[str, Any]], failures: int = 0) -> dict[str, Any]:
    """Aggregate finished games. Lines written before turns, order and sides were recorded still summarize:
    their tables are simply left out."""
    tallies = {key: _Tally() for key in ("by_agent", "by_seat", "by_order", "by_faction")}
    side_words: Counter[str] = Counter()
    first_sides: Counter[str] = Counter()  # the side of the first seat to decide: its share is also that side's
    lengths: list[float] = []
    turns: list[float] = []
    seconds: list[float] = []
    margins: list[float] = []
    margins_by_agent: dict[str, list[float]] = defaultdict(list)
    # components[result key][component][group] -> values; groups: all, winners, others, agent:<spec>
    components: dict[str, dict[str, dict[str, list[float]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(list)))
    awards: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    outcomes: dict[str, Counter[str]] = defaultdict(Counter)
    players_seen: Counter[int] = Counter()
    for line in results:
        result = line["result"]
        agents = line["agents"]
        players = len(agents)
        players_seen[players] += 1
        winners = result["winners"]
        credit = [1 / len(winners) if seat in winners else 0.0 for seat in range(players)]
        scores = [float(score) for score in result["scores"]]
        lengths.append(line["actions"])
        seconds.append(line["seconds"])
        if isinstance(line.get("turns"), int):
            turns.append(line["turns"])
        rows: dict[str, list[str]] = {"by_agent": agents, "by_seat": [str(seat) for seat in range(players)]}
        order = line.get("order")
        if isinstance(order, list):
            position = {seat: place for place, seat in enumerate(order, 1)}
            rows["by_order"] = [_ordinal(position[seat]) for seat in range(players)]
        sides = line.get("sides") or result.get("factions")
        if sides:
            rows["by_faction"] = [str(name) for name in sides]
            side_words[line.get("side", "faction")] += 1
            if isinstance(order, list) and order:
                first_sides[str(sides[order[0]])] += 1
        for key, names in rows.items():
            for seat, name in enumerate(names):
                tallies[key].add(name, credit[seat], players, scores[seat])
        margin = victory_margin(result)
        if margin is not None:
            margins.append(margin)
            for agent in dict.fromkeys(agents[seat] for seat in winners):  # once a game per winning agent
                margins_by_agent[agent].append(margin)
        for key, value in result.items():
            if key in IDENTITY_KEYS:
                continue
            if _per_seat_dicts(value, players):
                for seat, parts in enumerate(value):
                    for part, amount in parts.items():
                        groups = components[key][part]
                        groups["all"].append(float(amount))
                        groups["winners" if seat in winners else "others"].append(float(amount))
                        groups["agent:" + agents[seat]].append(float(amount))
            elif _awards(value):
                for award, holders in value.items():
                    row = awards[key].setdefault(award, {"games": 0, "given": 0, "to_a_winner": 0,
                                                         "held": Counter(), "players": Counter()})
                    row["games"] += 1
                    row["given"] += bool(holders)
                    row["to_a_winner"] += any(seat in winners for seat in holders)
                    for seat, agent in enumerate(agents):
                        row["players"][agent] += 1
                        row["held"][agent] += seat in holders
            elif isinstance(value, str):
                outcomes[key][_outcome_text(value)] += 1
    summary: dict[str, Any] = {"games": len(results), "failures": failures,
                               "players": players_seen.most_common(1)[0][0] if players_seen else None}
    for key, tally in tallies.items():
        if tally.players:
            order = sorted(tally.players, key=lambda name: int(re.sub(r"\D", "", name))) if key == "by_order" else None
            summary[key] = tally.table(order)
    if side_words:
        summary["faction_word"] = side_words.most_common(1)[0][0]
    if first_sides:
        summary["first_sides"] = dict(first_sides.most_common())
    summary["length"] = {
        "actions": _spread(lengths),
        "turns": _spread(turns),
        # kept under their old names: scripts read these
        "actions_mean": _r(statistics.fmean(lengths), 2) if lengths else None,
        "actions_sd": _r(statistics.pstdev(lengths), 2) if len(lengths) > 1 else 0.0,
        "seconds_mean": _r(statistics.fmean(seconds)) if seconds else None,
    }
    summary["margins"] = {**_spread(margins),
                          "not_ahead": sum(1 for margin in margins if margin <= 0),
                          "by_winning_agent": {agent: _spread(values)
                                               for agent, values in sorted(margins_by_agent.items())}}
    if components:
        summary["components"] = {key: {part: _component(groups) for part, groups in parts.items()}
                                 for key, parts in components.items()}
    if awards:
        summary["awards"] = {
            key: {award: {"games": row["games"], "given": row["given"], "to_a_winner": row["to_a_winner"],
                          "held_by_agent": {agent: _r(row["held"][agent] / row["players"][agent], 4)
                                            for agent in sorted(row["players"])}}
                  for award, row in rows_of.items()}
            for key, rows_of in awards.items()}
    if outcomes:
        summary["outcomes"] = {key: dict(counter.most_common()) for key, counter in outcomes.items()}
    return summary
