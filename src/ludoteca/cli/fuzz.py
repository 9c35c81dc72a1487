"""``ludoteca fuzz``: random games with every invariant checked, failures kept as records to replay."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from ludoteca.cli.common import EXIT_FAILURE, parse_option_values, require_importable, stdout_console, user_errors
from ludoteca.core import wording


def fuzz_command(
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `ludoteca games`).")],
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="Number of random games.")] = 100,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of players (default: cycle through every count).")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Master seed; game i plays seed derive_seed(seed, i).")] = 0,
    out: Annotated[
        Path, typer.Option("--out", help="Directory for the records of failing games.")
    ] = Path("fuzz-failures"),
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
    max_actions: Annotated[
        int, typer.Option("--max-actions", min=1, help="A game longer than this is a failure.")
    ] = 20_000,
    agent: Annotated[
        str | None, typer.Option("--agent", help="Agent spec choosing 3 actions in 4 (default: all random).")
    ] = None,
) -> None:
    """Play random games with every invariant checked; report crashes, dead ends and runaway games."""
    from ludoteca.fuzz import run_fuzz

    console = stdout_console()
    with user_errors():
        require_importable(game)
        report = run_fuzz(
            game, games, players, seed, out, parse_option_values(option or []), max_actions,
            progress=lambda done, r: console.print(
                f"  {done}/{wording.count(games, 'game')}, {len(r.failures)} failure(s)", style="dim")
            if done % max(1, games // 10) == 0 else None,
            agent=agent,
        )  # fmt: skip
    for failure in report.failures:
        console.print(Text(failure.line(), style="red"), soft_wrap=True)
    counts = ", ".join(f"{n}p: {k}" for n, k in sorted(report.per_players.items()))
    console.print(
        f"{report.game}: {wording.count(report.games, 'game', zero='0')} ({counts}),"
        f" {wording.count(report.actions, 'action', zero='0')} (longest {report.longest}),"
        f" {len(report.failures)} failure(s),"
        f" {report.seconds:.1f} s",
        soft_wrap=True,
    )
    if report.failures:
        raise typer.Exit(EXIT_FAILURE)
