"""``ludoteca ladder``: rate agents on one Bradley–Terry scale with bootstrap intervals (:mod:`ludoteca.sim.ladder`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from ludoteca.cli.common import EXIT_FAILURE, fail, stdout_console, user_errors
from ludoteca.cli.matches import check_match_setup
from ludoteca.cli_render import match_title
from ludoteca.core import BadOptions, LudotecaError, game_class, load_game, wording


def ladder_table(ladder: dict[str, Any]) -> Table:
    """Best first: rating on the Elo scale, its 95% interval, and how sure the step to the next agent is."""
    matches = ("every pair of agents" if ladder["players"] == 2 else "all agents, seats round-robin")
    title = match_title(ladder["game"], ladder["players"], ladder.get("options"))
    games = wording.count(ladder["games_per_match"], "game")
    table = Table(title=f"{title}: {matches}, {games} a match, seed {ladder['seed']}")
    for column in ("rank", "agent", "rating", "95% interval", "above next", "score", "games"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for place, row in enumerate(ladder["ratings"], 1):
        low_high = f"{row['ci95'][0]:+.0f} to {row['ci95'][1]:+.0f}" if row["ci95"] else "-"
        above = f"{row['above_next']:.0%}" if row["above_next"] is not None else ""
        score = f"{row['score']:.1%}" if row["score"] is not None else "-"
        rating = f"{row['rating']:+.0f}"
        table.add_row(str(place), Text(row["agent"]), rating, low_high, above, score, str(row["games"]))
    table.caption = (f"Bradley–Terry on the Elo scale (mean 0; +200 beats 0 about 76% of the time); intervals and "
                     f"'above next' from {ladder['bootstrap']} bootstrap resamples of the games; score: share of "
                     "comparisons won (ties half)")
    return table


MIN_BOOTSTRAP = 100
"""Fewest resamples behind the 95% intervals. Each end of an interval is a percentile of the resamples: a few
dozen put it on their one or two most extreme, and ``--bootstrap 0`` printed blank intervals "from 0 bootstrap
resamples"."""


def _default_players(game: str, options: dict[str, Any]) -> int:
    """Two if the game allows it (a ladder is about pairs), else its smallest table."""
    cls = game_class(game)
    load_game(game, None, options)  # the options are checked now, with the game's own message
    return 2 if cls.min_players <= 2 <= cls.max_players else int(cls.min_players)


def ladder_command(
    game: Annotated[str, typer.Argument(help="Game id (see `ludoteca games`).")],
    agents: Annotated[str, typer.Option("--agents", "-a", help="Agent specs separated by commas, each once.")],
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="Games a match (a pair, at two players).")] = 20,
    seed: Annotated[int, typer.Option("--seed", help="Master seed: the games and the bootstrap.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = 1,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Players a game (default 2).")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
    bootstrap: Annotated[int, typer.Option("--bootstrap", help=f"Bootstrap resamples for the intervals (at least "
                                           f"{MIN_BOOTSTRAP}).")] = 1000,
    out: Annotated[Path | None, typer.Option("--out", help="Write the ladder as JSON to this file.")] = None,
) -> None:
    """Rate agents on one scale (Bradley–Terry, Elo units) with 95% intervals, from rotated-seat matches."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ludoteca.sim.ladder import plan_ladder, run_ladder

    console = stdout_console()
    with user_errors():
        if bootstrap < MIN_BOOTSTRAP:
            raise BadOptions(f"--bootstrap must be at least {MIN_BOOTSTRAP} (the resamples behind each 95% interval), "
                             f"not {bootstrap}")
        setup = check_match_setup(game, agents, option, players, _default_players)
        specs, options, count = setup.specs, setup.options, setup.players
        total = sum(len(match) for match in plan_ladder(game, count, specs, games, seed, options))
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=console, transient=True) as bar:
            task = bar.add_task(f"{game} ladder", total=total)
            try:
                ladder = run_ladder(game, count, specs, games, seed, options, jobs, bootstrap,
                                    progress=lambda done: bar.update(task, completed=done))
            except LudotecaError as error:
                fail(str(error), EXIT_FAILURE)
    console.print(ladder_table(ladder))
    for pair in ladder["unanimous"]:
        won = "the one game" if pair["games"] == 1 else f"all {pair['games']} games"
        console.print(Text(f"{pair['winner']} won {won} against {pair['loser']}: the gap is at "
                           f"least {pair['gap_at_least']:+.0f} (Wilson 95%); the prior holds it finite, so its "
                           "interval above is not the games' own."), soft_wrap=True)
    for failure in ladder["failures"]:
        console.print(Text(f"game {failure['index']} failed ({', '.join(failure['agents'])}): {failure['error']}"),
                      style="yellow")
    if out is not None:
        try:
            out.write_text(json.dumps(ladder, indent=1) + "\n", encoding="utf-8")
        except OSError as error:
            fail(f"cannot write {out}: {error}", EXIT_FAILURE)
        console.print(f"Ladder written to {out}")
