"""Two strength runs compared game by game: did a change win more of the same games, or only other ones?

Run:  python bench/compare_runs.py --before A.json [A2.json ...] --after B.json [B2.json ...]
          [--agent-before SPEC] [--agent-after SPEC] [--json FILE]

Each file is a ``bench/strength.py --json`` report. A game is the same game in both runs when it has the same
game, player count, options, seed and deal, and the agent followed sits in the same seat: ``strength.py`` seeds and
seats game i of a seed's series the same way in every run, so a change to one agent (a setting, a search budget)
meets the same deals and the same opponent. The agent followed is the first of each run's ``--agents`` unless
named (``--agent-before``, ``--agent-after``): the two runs usually name it differently, as the change is in its spec.

Why compare this way: in a game decided mostly by its deal and its dice, two agents of about the same strength
disagree on many of the same deals (two Advanced Civilization searches, 61% and 60% on seed 0's deals, differ on
20 of the 50, docs/agents.md), so two shares a few points apart say little on their own. The report gives the
games and deals each run won that the other lost, the difference of the shares with a 95% interval over the
deals as units (the games of a ``--paired`` deal share its luck, so they are not independent), and the exact
two-sided sign test over the deals that changed.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludoteca.stats import Z95

# What must agree for two files' games to be the same games.
SETUP_KEYS = ("game", "players", "options")


class RunError(ValueError):
    """A report that cannot be compared: unreadable, not a strength report, or not the other run's set-up."""


@dataclass(frozen=True)
class Run:
    """One side of the comparison: the followed agent's share of each game, keyed by (seed, deal, seat)."""

    setup: dict[str, Any]
    agent: str
    shares: dict[tuple[int, int, int], float]


def load_run(paths: Sequence[Path], agent: str | None = None) -> Run:
    """The games of one or more reports of the same set-up (a long run split over several ``--start`` ranges)."""
    if not paths:
        raise RunError("no report given")
    setup: dict[str, Any] | None = None
    followed = agent
    shares: dict[tuple[int, int, int], float] = {}
    for path in paths:
        report = _read(path)
        this = {key: report[key] for key in SETUP_KEYS}
        if setup is None:
            setup = this
        elif this != setup:
            raise RunError(f"{path}: {_differs(setup, this)} from the first report of its side")
        agents = list(report["agents"])
        if followed is None:
            followed = agents[0]
        if followed not in agents:
            raise RunError(f"{path}: no agent {followed!r} in this run (its agents: {', '.join(agents)})")
        for index, game in enumerate(report["per_game"]):
            specs, winners = game["specs"], game["winners"]
            if followed not in specs:
                raise RunError(f"{path}: game {index} has no seat for {followed!r}")
            seat = specs.index(followed)
            key = (int(report["seed"]), int(game["deal"]), seat)
            share = 1 / len(winners) if seat in winners else 0.0
            # A resumed run plays its first game again, the same game to the move: counted once. Two results for
            # one game mean that the reports are not of the same agents.
            if shares.get(key, share) != share:
                raise RunError(f"{path}: seed {key[0]}, deal {key[1]}, seat {key[2]} is played twice on this side, "
                               "with different results")
            shares[key] = share
    assert setup is not None and followed is not None
    return Run(setup, followed, shares)


def _read(path: Path) -> dict[str, Any]:
    try:
        report: dict[str, Any] = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as error:
        raise RunError(f"{path}: cannot read a JSON report ({error})") from error
    needed = (*SETUP_KEYS, "seed", "agents", "per_game")
    missing = [key for key in needed if not isinstance(report, dict) or key not in report]
    if missing:
        raise RunError(f"{path}: not a bench/strength.py --json report (no {', '.join(missing)})")
    for index, game in enumerate(report["per_game"]):
        if game.get("deal") is None or not game.get("specs") or not game.get("winners"):
            raise RunError(f"{path}: game {index} lacks its deal, seats or winners")
    return report


def _differs(first: dict[str, Any], other: dict[str, Any]) -> str:
    name = next(key for key in SETUP_KEYS if first[key] != other[key])
    return f"its {name} ({other[name]!r}) differs from {first[name]!r}"


def sign_test(better: int, worse: int) -> float:
    """The exact two-sided sign test: how often a fair coin splits ``better + worse`` changes at least this
    unevenly."""
    n = better + worse
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(better, worse) + 1)) / (1 << n)
    return min(1.0, 2 * tail)


def compare(before: Run, after: Run) -> dict[str, Any]:
    """The games both runs played, side by side: shares, games and deals won or lost by the change, and the
    difference of the shares with its interval over the deals."""
    if before.setup != after.setup:
        raise RunError(f"the runs are not of the same set-up: after the change {_differs(before.setup, after.setup)}")
    common = sorted(set(before.shares) & set(after.shares))
    if not common:
        raise RunError("the runs have no game in common (the same seed, deal and seat for the agent followed)")
    deals: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for key in common:
        deals.setdefault(key[:2], []).append((before.shares[key], after.shares[key]))
    differences = [statistics.fmean(b - a for a, b in games) for games in deals.values()]
    n = len(differences)
    mean = statistics.fmean(differences)
    half = Z95 * statistics.stdev(differences) / n**0.5 if n > 1 else 0.0
    games_better = sum(1 for key in common if after.shares[key] > before.shares[key])
    games_worse = sum(1 for key in common if after.shares[key] < before.shares[key])
    deals_better = sum(1 for d in differences if d > 0)
    deals_worse = sum(1 for d in differences if d < 0)
    return {
        "setup": before.setup,
        "agents": {"before": before.agent, "after": after.agent},
        "games": len(common),
        "deals": n,
        "only_before": len(set(before.shares) - set(after.shares)),
        "only_after": len(set(after.shares) - set(before.shares)),
        "wins": {"before": sum(before.shares[k] for k in common), "after": sum(after.shares[k] for k in common)},
        "games_better": games_better,
        "games_worse": games_worse,
        "deals_better": deals_better,
        "deals_worse": deals_worse,
        "difference": mean,
        "difference_ci95": [mean - half, mean + half],
        "sign_test_p": sign_test(deals_better, deals_worse),
    }


def describe(result: dict[str, Any]) -> list[str]:
    """The comparison in a few lines, as printed."""
    games, wins = result["games"], result["wins"]
    low, high = result["difference_ci95"]
    lines = [
        f"{result['setup']['game']}, {result['setup']['players']} players: {games} games in common over "
        f"{result['deals']} deals",
        f"  before ({result['agents']['before']}): {wins['before']:g} wins, {wins['before'] / games:.1%}",
        f"  after  ({result['agents']['after']}): {wins['after']:g} wins, {wins['after'] / games:.1%}",
        f"  games the change won that were lost before: {result['games_better']}; lost that were won: "
        f"{result['games_worse']}",
        f"  deals better: {result['deals_better']}, worse: {result['deals_worse']} (sign test p = "
        f"{result['sign_test_p']:.3f})",
        f"  difference {result['difference']:+.1%} (95% CI {low:+.1%} to {high:+.1%}, the deals as units)",
    ]
    if result["only_before"] or result["only_after"]:
        lines.append(
            f"  left out: {result['only_before']} game(s) only before, {result['only_after']} only after"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, nargs="+", required=True, help="the reports of the run before")
    parser.add_argument("--after", type=Path, nargs="+", required=True, help="the reports of the run after")
    parser.add_argument("--agent-before", help="the agent followed before (default: the run's first)")
    parser.add_argument("--agent-after", help="the agent followed after (default: the run's first)")
    parser.add_argument("--json", type=Path, help="write the comparison to this file")
    args = parser.parse_args(argv)
    try:
        result = compare(load_run(args.before, args.agent_before), load_run(args.after, args.agent_after))
    except RunError as error:
        parser.error(str(error))
    print("\n".join(describe(result)))
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
