"""``ludoteca bench``: playouts, clones and ISMCTS per game, as ratios to python-chess measured in the same run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from ludoteca.cli.common import fail, require_importable, stdout_console, user_errors
from ludoteca.core import game_class, list_games


def bench_command(
    games: Annotated[list[str] | None, typer.Argument(help="Game ids (default: every game).")] = None,
    json_file: Annotated[Path | None, typer.Option("--json", help="Write every figure to this JSON file.")] = None,
    seeds: Annotated[int, typer.Option("--seeds", min=1, help="Random playouts per game and player count.")] = 30,
    vector: Annotated[
        bool, typer.Option("--vector/--no-vector", help="Also time the vector environment at N = 1, 16, 256.")
    ] = True,
    vector_decisions: Annotated[
        int, typer.Option("--vector-decisions", min=2, help="Decisions timed per batch size in the vector section.")
    ] = 1000,
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
    table = Table(title=f"Ludoteca benchmark (python-chess reference, mean beside each row: {reference:,.0f} plies/s)",
                  caption="actions/s: random playouts through the game's sampler (random_action); generic: through "
                          "legal_actions and a uniform pick, the path agents and adapters take")
    for column in ("game", "players", "chess plies/s", "actions/s", "× chess", "generic × chess", "games/s",
                   "clones/s", "× chess", "ISMCTS it/s", "state KB", "peak KB"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for row in figures["games"]:
        table.add_row(row["game"], str(row["players"]), f"{row['reference_plies_per_s']:,.0f}",
                      f"{row['actions_per_s']:,.0f}", f"{row['ratio_actions']:.2f}", f"{row['ratio_generic']:.2f}",
                      f"{row['games_per_s']:.2f}", f"{row['clones_per_s']:,.0f}", f"{row['ratio_clones']:.2f}",
                      f"{row['ismcts_iterations_per_s']:,.0f}", f"{row['state_kb']}", f"{row['peak_memory_kb']:,.0f}")
    console.print(table)
    if vector:
        figures["vector"] = _vector_section(console, chosen, vector_decisions)
    if json_file is not None:
        json_file.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
        console.print(f"Figures written to {json_file}")


def _vector_section(console: Any, games: list[str], decisions: int) -> list[dict[str, Any]]:
    """Games/s of ``ludoteca.adapters.vector.VectorEnv`` at N = 1, 16, 256 (default player count), if the
    ``rl`` extra is installed; a note otherwise, since the rest of the benchmark does not need it."""
    from rich.table import Table

    from ludoteca import benchmark

    try:
        import gymnasium  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        console.print("Vector environment skipped: it needs the rl extra (pip install 'ludoteca[rl]')")
        return []
    from ludoteca.adapters.encodings import encoded_games

    rows: list[dict[str, Any]] = []
    for game in games:
        if game in encoded_games():
            rows += benchmark.vector_rates(game, decisions=decisions)
    table = Table(title=f"Vector environment (random legal actions, {decisions} decisions per batch size)")
    for column in ("game", "players", "N", "decisions/s", "mean game length", "games/s"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for row in rows:
        table.add_row(row["game"], str(row["players"]), str(row["num_envs"]), f"{row['decisions_per_s']:,.0f}",
                      f"{row['mean_game_length']:,.0f}", f"{row['games_per_s']:.2f}")
    console.print(table)
    return rows
