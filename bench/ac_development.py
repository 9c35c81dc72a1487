"""Advanced Civilization development report: how far bots of one kind get, turn by turn.

Run:  python bench/ac_development.py [--games 12] [--players 4] [--agent heuristic] [--turns 50] [--seed 0]
          [--jobs 2] [--option key=value ...] [--strategy NAME=VALUE ...] [--json FILE]

Plays ``--games`` seeded games between ``--players`` seats of one agent and prints, at the end of turns 10,
20, ... (and the last), the mean and the least over seats and games of what a civilization is built of: cities
held, advances, A.S.T. space, population (tokens on the board), treasury and cards held; then the trades made,
the set value they gained (§28: each trader's hand valued as §35 sets, before and after), the calamities that
struck by name, the cities built and how cities left their owners (``city_losses``: a takeover moves a city to
another seat, the rest are gone from the table), and the share of games that reached the end of the A.S.T.
(§34.1) by the last turn. A game that ended earlier (at the A.S.T.'s end) counts with its last turn's figures
at the later marks. Means over games carry 95% intervals (normal approximation). Issue #21's targets read: 5
cities on average over turns 20–40, 12 advances at turn 40 with no seat below 6, half the games at the
A.S.T.'s end by turn 50. The figures are of the whole game state, read by this report only: the bots
themselves play from their seat's view.

``--strategy`` sets one of ``strategy.py``'s settings (e.g. ``GROWTH_BASE=2``) in every game, so a change can
be screened against the committed play without editing the module (``TREASURY_FIRST_MARGIN=-1`` gives back the
payments of the bots before session 10: sets first, the treasury for what they leave).

The end of each turn is observed by wrapping the rules' ``turn_end`` step and trade's ``exchange`` in the
worker process; the game plays exactly as it does without the report.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ludoteca.core import derive_seed
from ludoteca.games.advanced_civilization import cards, content, pieces, strategy, trade
from ludoteca.games.advanced_civilization.machine import RULES
from ludoteca.games.advanced_civilization.state import CivState
from ludoteca.stats import wilson
from ludoteca.tournament import play_game

FIELDS = ("cities", "advances", "ast", "population", "treasury", "cards")

_turns: list[dict[str, list[int]]] = []  # the game being played in this process: one row per finished turn
_trades: list[tuple[int, int]] = []  # (turn, set value gained by both traders together)


def _snapshot(state: CivState) -> dict[str, list[int]]:
    """What each seat holds at the end of a turn (after the A.S.T. moved, before the next turn starts)."""
    data = state.data
    seats = range(state.players)
    return {
        "cities": [len(pieces.cities_of(state, s)) for s in seats],
        "advances": [len(data["players"][s]["advances"]) for s in seats],
        "ast": [data["players"][s]["ast"] for s in seats],
        "population": [sum(row[s] for row in data["tokens"].values()) for s in seats],
        "treasury": [data["players"][s]["treasury"] for s in seats],
        "cards": [len(data["players"][s]["hand"]) for s in seats],
    }


def _install() -> None:
    """Observe every turn's end and every completed trade (once per worker process)."""
    if getattr(_install, "done", False):
        return
    ending = RULES.autos["turn_end"]

    def turn_end(state: Any, frame: Any) -> None:
        _turns.append(_snapshot(state))
        ending(state, frame)

    RULES.autos["turn_end"] = turn_end
    exchange = trade.exchange

    def observed(state: Any) -> None:
        deal = state.data["trade"]
        traders = (deal["from"], deal["to"])
        before = sum(cards.hand_value(state, s) for s in traders)
        exchange(state)
        _trades.append((state.data["turn"], sum(cards.hand_value(state, s) for s in traders) - before))

    trade.exchange = observed
    _install.done = True  # type: ignore[attr-defined]


def settings(pairs: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs naming ``strategy``'s settings, each VALUE read as the setting's own type."""
    chosen: dict[str, Any] = {}
    for pair in pairs:
        name, value = pair.split("=", 1)
        if not name.isupper() or not hasattr(strategy, name):
            raise SystemExit(f"strategy.py has no setting {name}")
        kind = type(getattr(strategy, name))
        chosen[name] = value.lower() in ("1", "true", "yes") if kind is bool else kind(value)
    return chosen


def city_losses(state: CivState) -> Counter[str]:
    """How the cities of a game left their owners, read from its log: reduced, destroyed, turned pirate or
    taken over by a calamity (by name, §30), reduced for want of support (§26.31; after the last calamity that
    struck that turn, §29.8, else in phase 8), taken over or eliminated in a tax revolt (§19.3), destroyed by
    barbarians, attacked by another nation (§24.5); and the cities built ("built", "built off a site": twelve
    tokens, §25.1)."""
    log = state.log
    causes: Counter[str] = Counter()
    current: str | None = None  # the calamity being resolved
    struck: str | None = None  # the last calamity that struck this turn
    for i, event in enumerate(log):
        kind, text = event["type"], event.get("text", "")
        if kind == "turn":
            struck = None
        elif kind == "calamity" and "calamity" in event and "victim" in event and " strikes " in text:
            current = struck = event["calamity"]
        elif kind == "calamity" and " is over" in text:
            current = None
        elif kind == "city":
            causes["built"] += 1
            if state.board.areas[event["area"]].city_site == "none":
                causes["built off a site"] += 1
        elif kind == "loss" and current is not None:
            for words, cause in (
                ("is reduced", "reduced"),
                ("is destroyed", "destroyed"),
                ("pirate city", "turned pirate"),
                ("takes over", "taken over"),
            ):
                if words in text:
                    causes[f"{cause} by {current}"] += 1
        elif kind == "revolt" and ("takes over" in text or "eliminated" in text):
            causes["tax revolt: " + ("taken over" if "takes over" in text else "eliminated")] += 1
        elif kind == "assault":  # a nation's city attacked by another (§24.5; barbarians and pirates emit others)
            causes["attacked by a nation"] += 1
        elif kind == "barbarians" and "is destroyed" in text:
            causes["destroyed by barbarians"] += 1
        elif kind == "reduce":
            after = log[i + 1] if i + 1 < len(log) else {}
            if not (after.get("type") == "loss" and "is reduced" in after.get("text", "")):
                causes[f"support after {struck}" if struck else "support, phase 8"] += 1
    return causes


def one(args: tuple[int, int, str, dict[str, Any], int, dict[str, Any], tuple[str, ...]]) -> dict[str, Any]:
    """One game: its per-turn rows, trades, calamities, how it ended and its CPU time."""
    players, turns, agent, options, seed, chosen, lineup = args
    for name, value in chosen.items():
        setattr(strategy, name, value)
    if lineup:  # the bots pick the first free nation of their table in seat order (§4): seat i takes lineup[i]
        order = lineup + tuple(n for n in content.nation_preference() if n not in lineup)
        content.nation_preference = lambda *_: order  # type: ignore[assignment]
    _install()
    _turns.clear()
    _trades.clear()
    started = time.process_time()
    state, _ = play_game("advanced-civilization", players, {**options, "turn_limit": turns}, [agent] * players, seed)
    assert isinstance(state, CivState)
    finished = "reached the end of the A.S.T." in str(state.data["end_reason"])
    return {
        "rows": list(_turns),
        "trades": list(_trades),
        "calamities": Counter(
            e["calamity"] for e in state.log if e["type"] == "calamity" and "calamity" in e and "victim" in e
        ),
        "losses": city_losses(state),
        "finished": state.data["turn"] if finished else None,
        "nations": list(state.data["nations"]),
        "seconds": time.process_time() - started,
    }


def _at(game: dict[str, Any], turn: int) -> dict[str, list[int]] | None:
    """The row of ``turn``; a game that ended earlier at the A.S.T.'s end keeps its last row."""
    rows: list[dict[str, list[int]]] = game["rows"]
    if not rows:
        return None
    return rows[min(turn, len(rows)) - 1]


def _interval(values: list[float]) -> str:
    """A mean over games with its 95% interval (normal approximation; the games are independent)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return f"{mean:.2f}"
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:.2f} (95% CI {mean - half:.2f}-{mean + half:.2f})"


def report(games: list[dict[str, Any]], turns: int) -> str:
    lines: list[str] = []
    marks = sorted({t for t in range(10, turns + 1, 10)} | {turns})
    lines.append("turn  " + "  ".join(f"{f:>16}" for f in FIELDS) + "   (mean / least seat)")
    for turn in marks:
        rows = [row for row in (_at(g, turn) for g in games) if row is not None]
        cells = []
        for field in FIELDS:
            values = [v for row in rows for v in row[field]]
            cells.append(f"{statistics.fmean(values):10.1f} / {min(values):3d}")
        lines.append(f"{turn:4d}  " + "  ".join(f"{c:>16}" for c in cells))
    window = [
        v for g in games for turn in range(20, min(40, turns) + 1) if (row := _at(g, turn)) for v in row["cities"]
    ]
    if window:
        span = range(20, min(40, turns) + 1)
        per_game = [statistics.fmean(v for t in span if (row := _at(g, t)) for v in row["cities"]) for g in games]
        lines.append(f"cities held at the end of turns 20-{min(40, turns)}: mean {_interval(per_game)}")
    at40 = [row for g in games if (row := _at(g, min(40, turns)))]
    low = [min(row["advances"]) for row in at40]
    lines.append(
        f"advances at turn {min(40, turns)}: mean {_interval([statistics.fmean(r['advances']) for r in at40])},"
        f" least seat per game {_interval([float(v) for v in low])}, games with a seat below 6:"
        f" {sum(1 for v in low if v < 6)} of {len(low)}"
    )
    trades = [gain for g in games for _, gain in g["trades"]]
    if trades:
        per_game = [statistics.fmean(gain for _, gain in g["trades"]) for g in games if g["trades"]]
        lines.append(
            f"trades: {len(trades) / len(games):.1f} a game; set value gained per trade (both traders):"
            f" mean {statistics.fmean(trades):.1f} (per game {_interval(per_game)}),"
            f" median {statistics.median(trades):.0f},"
            f" {sum(1 for t in trades if t > 0) / len(trades):.0%} gained"
        )
    else:
        lines.append("trades: none")
    struck: Counter[str] = sum((g["calamities"] for g in games), Counter())
    lines.append("calamities a game: " + ", ".join(f"{n} {c / len(games):.1f}" for n, c in struck.most_common()))
    losses: Counter[str] = sum((Counter(g["losses"]) for g in games), Counter())
    built, elsewhere = losses.pop("built", 0), losses.pop("built off a site", 0)
    lines.append(
        f"cities built a game: {built / len(games):.1f} ({elsewhere / len(games):.1f} off a site); lost a game:"
        f" {sum(losses.values()) / len(games):.1f}: "
        + ", ".join(f"{cause} {n / len(games):.1f}" for cause, n in losses.most_common())
    )
    done = [g["finished"] for g in games if g["finished"] is not None]
    low_ci, high_ci = wilson(len(done), len(games))
    when = f", at turns {sorted(done)}" if done else ""
    lines.append(
        f"A.S.T. end reached by turn {turns}: {len(done)} of {len(games)} ({len(done) / len(games):.0%},"
        f" 95% CI {low_ci:.0%}-{high_ci:.0%}){when}"
    )
    nations = Counter(n for g in games for n in g["nations"])
    lines.append("nations: " + ", ".join(f"{n} {c}" for n, c in sorted(nations.items())))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--turns", type=int, default=50, help="the turn limit (the A.S.T.'s end may come first)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    parser.add_argument(
        "--strategy", action="append", default=[], metavar="NAME=VALUE", help="a setting of strategy.py"
    )
    parser.add_argument("--json", metavar="FILE", help="also save every game's rows, trades and calamities")
    parser.add_argument(
        "--nations",
        default="",
        metavar="A,B,...",
        help="the nations the seats take, in seat order (default: the bots' table, data/bots.toml), so that runs"
        " before and after a new table compare",
    )
    args = parser.parse_args()
    options: dict[str, Any] = dict(option.split("=", 1) for option in args.option)
    chosen = settings(args.strategy)
    lineup = tuple(filter(None, (n.strip() for n in args.nations.split(","))))
    unknown = [n for n in lineup if n not in content.nations()]
    if unknown or (lineup and len(lineup) != args.players):
        raise SystemExit(f"--nations needs {args.players} known nations, one a seat (unknown: {unknown})")
    work = [
        (args.players, args.turns, args.agent, options, derive_seed(args.seed, i), chosen, lineup)
        for i in range(args.games)
    ]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(one, work))
    shown = "".join(f", {k}={v}" for k, v in {**options, **chosen}.items())
    shown += f", nations {','.join(lineup)}" if lineup else ""
    print(
        f"advanced-civilization, {args.players} x {args.agent}, turn limit {args.turns}{shown},"
        f" {args.games} games, seed {args.seed}"
    )
    print(report(games, args.turns))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"arguments": vars(args), "games": games}, out)
    cpu = statistics.fmean(g["seconds"] for g in games)
    print(f"{cpu:.1f} s of CPU a game, {time.perf_counter() - started:.0f} s wall with {args.jobs} jobs")


if __name__ == "__main__":
    main()
