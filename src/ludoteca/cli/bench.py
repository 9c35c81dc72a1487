"""``ludoteca bench``: playouts, clones and ISMCTS per game, as ratios to python-chess measured in the same run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ludoteca.cli.common import fail, require_importable, stdout_console, user_errors
from ludoteca.core import game_class, list_games


def bench_command(
    games: Annotated[list[str] | None, typer.Argument(help="Game ids (default: every game).")] = None,
    json_file: Annotated[Path | None, typer.Option("--json", help="Write every figure to this JSON file.")] = None,
    seeds: Annotated[int, typer.Option("--seeds", min=1, help="Random playouts per game and player count.")] = 30,
) -> None:
    """Measure playouts, clones and ISMCTS per game, as ratios to python-chess measured in the same run."""
    from rich.table import Table

    from ludoteca import benchmark

    console = stdout_console()
    with user_errors():
        chosen = games or [g for g in list_games() if g != "blind-draw"]
        counts = {}
        for game in chosen:
            require_importable(game)
            cls = game_class(game)
            counts[game] = sorted({cls.min_players, cls.max_players})
        try:
            figures = benchmark.run(chosen, counts, range(seeds))
        except ImportError:
            fail("the benchmark needs python-chess for its reference: pip install 'ludoteca[bench]'")
    reference = figures["reference"]["python_chess_plies_per_s"]
    table = Table(title=f"Ludoteca benchmark (python-chess reference, mean beside each row: {reference:,.0f} plies/s)")
    for column in ("game", "players", "chess plies/s", "actions/s", "× chess", "games/s", "clones/s", "× chess",
                   "ISMCTS it/s", "state KB", "peak KB"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for row in figures["games"]:
        table.add_row(row["game"], str(row["players"]), f"{row['reference_plies_per_s']:,.0f}",
                      f"{row['actions_per_s']:,.0f}", f"{row['ratio_actions']:.2f}",
                      f"{row['games_per_s']:.2f}", f"{row['clones_per_s']:,.0f}", f"{row['ratio_clones']:.2f}",
                      f"{row['ismcts_iterations_per_s']:,.0f}", f"{row['state_kb']}", f"{row['peak_memory_kb']:,.0f}")
    console.print(table)
    if json_file is not None:
        json_file.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
        console.print(f"Figures written to {json_file}")
