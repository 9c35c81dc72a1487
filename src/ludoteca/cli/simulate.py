"""Many games between bots: ``ludoteca tournament`` (win shares), ``simulate`` (results, plots, report)
and ``report`` (rebuild a simulation's report). The heavy modules are imported inside each command, so
``ludoteca play`` does not pay for matplotlib or the simulation machinery.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from ludoteca.cli.common import EXIT_FAILURE, fail, stdout_console, user_errors
from ludoteca.cli.matches import check_match_setup
from ludoteca.cli_render import tournament_table
from ludoteca.core import wording

# Without --players a game is played at its own default count: say where it is shown, since a fair share of 25%
# surprised a reader who expected two players.
PLAYERS_HELP = "Number of players (default: the game's default count, which `ludoteca games` shows)."


def tournament_command(
    game: Annotated[str, typer.Argument(help="Game id (see `ludoteca games`).")],
    agents: Annotated[str, typer.Option("--agents", "-a", help="Agent specs separated by commas.")],
    players: Annotated[int | None, typer.Option("--players", "-p", help=PLAYERS_HELP)] = None,
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="Number of games.")] = 20,
    seed: Annotated[int, typer.Option("--seed", help="Master seed.")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
) -> None:
    """Play agents against each other, seats rotating, and print each agent's win share with a 95% interval."""
    from ludoteca.tournament import run_tournament

    console = stdout_console()
    with user_errors():
        setup = check_match_setup(game, agents, option, players)
        specs, options, count = setup.specs, setup.options, setup.players
        table = run_tournament(
            game, count, specs, games, seed, options,
            progress=lambda done, _table: console.print(f"  game {done}/{games} done", style="dim"),
        )
    console.print(tournament_table(game, count, table, options))

def simulate_command(
    game: Annotated[str, typer.Argument(help="Game id (see `ludoteca games`).")],
    out: Annotated[Path, typer.Option("--out", help="Directory for results.jsonl, summary.json, plots, report.md.")],
    agents: Annotated[str, typer.Option("--agents", "-a", help="Agent specs separated by commas; seats rotate.")]
    = "random",
    players: Annotated[int | None, typer.Option("--players", "-p", help=PLAYERS_HELP)] = None,
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Master seed; game i plays seed derive_seed(seed, i).")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes (local backend).")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local or ray.")] = "local",
    ray_address: Annotated[str | None, typer.Option("--ray-address", help="Ray cluster to join.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the simulation already in --out.")] = False,
    no_plots: Annotated[bool, typer.Option("--no-plots", help="Write the summary and report without plots "
                                           "(no matplotlib needed).")] = False,
) -> None:
    """Play many games between agents and write the results, a summary, plots and a report.

    Everything that can refuse the run (a missing matplotlib, an --out that is a file or holds an earlier
    run, a bad agent or option) is checked before the first game: a run of hours must not fail at its end.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ludoteca.sim import plan_games, run_simulation
    from ludoteca.sim.report import require_plotting, write_report
    from ludoteca.sim.runner import prepare_output

    console = stdout_console()
    with user_errors():
        if not no_plots:
            require_plotting()
        setup = check_match_setup(game, agents, option, players)
        specs, options, count = setup.specs, setup.options, setup.players
        plan = plan_games(game, count, specs, games, seed, options)
        if backend not in ("local", "ray"):
            fail(f"there is no backend {backend!r} (choose local or ray)")
        prepare_output(out, force)
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("{task.fields[rate]:.2f} games/s"), TimeRemainingColumn())
        with Progress(*columns, console=console, transient=False) as bar:
            task = bar.add_task(f"{game} ({count} players)", total=games, rate=0.0)
            started = time.perf_counter()

            def advance(done: int) -> None:
                bar.update(task, completed=done, rate=done / max(time.perf_counter() - started, 1e-9))

            outcome = run_simulation(plan, out, jobs=jobs, backend=backend, ray_address=ray_address,
                                     progress=advance, force=force, agents=specs)
        if not outcome.finished:  # no report to write: say why instead
            fail("the run was interrupted before any game finished" if outcome.interrupted
                 else f"every game failed; see {out / 'failures'}", EXIT_FAILURE)
        summary = write_report(out, plots=not no_plots)
    if outcome.interrupted:
        console.print(f"Interrupted: kept the {wording.count(summary['games'], 'finished game')}.", style="yellow")
    console.print(f"{wording.count(summary['games'], 'game')}, {wording.count(summary['failures'], 'failure')}; "
                  f"report in {out / 'report.md'}")

def report_command(
    directory: Annotated[Path, typer.Argument(help="A simulation's output directory.")],
    no_plots: Annotated[bool, typer.Option("--no-plots", help="Write the summary and report without plots "
                                           "(no matplotlib needed).")] = False,
) -> None:
    """Rebuild summary.json, the plots and report.md from a simulation's results.jsonl."""
    from ludoteca.sim.report import write_report

    if not (directory / "results.jsonl").is_file():
        fail(f"{directory} has no results.jsonl")
    try:
        with user_errors():
            summary = write_report(directory, plots=not no_plots)
    except (ValueError, KeyError) as error:
        fail(f"cannot read {directory / 'results.jsonl'}: {error}")
    stdout_console().print(f"{wording.count(summary['games'], 'game')} summarised; report in {directory / 'report.md'}")
