"""``ludoteca learn``: fit a game's evaluation weights to who won seeded self-play games (:mod:`ludoteca.learning`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from ludoteca.cli.common import EXIT_FAILURE, fail, parse_option_values, stdout_console, user_errors
from ludoteca.core import BadOptions, LudotecaError, load_game, wording


def learn_command(
    game: Annotated[str, typer.Argument(help="Game id (see `ludoteca games`).")],
    out: Annotated[Path, typer.Option("--out", help="Write the weight sets (TOML) to this file.")],
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="Self-play games (every 5th is held out).")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Master seed of the games.")] = 0,
    players: Annotated[int, typer.Option("--players", "-p", min=2, help="Players a game.")] = 2,
    agent: Annotated[str, typer.Option("--agent", help="The agent in every seat.")] = "heuristic:samples=1",
    every: Annotated[int, typer.Option("--every", min=1, help="Sample every N-th position of a game.")] = 5,
    l2: Annotated[float, typer.Option("--l2", min=0.0, help="L2 penalty of the logistic regression.")] = 1.0,
    name: Annotated[str, typer.Option("--name", help="The name of the fitted set in the file.")] = "learned",
    toward_default: Annotated[
        bool, typer.Option("--toward-default", help="Pull the weights toward the default set's, not toward zero.")
    ] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = 1,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
) -> None:
    """Fit the evaluation's weights (logistic regression) to self-play outcomes and write them as the
    set ``--name`` (``learned``) beside the others; the default set is left as it was."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ludoteca.learning import WeightSets, collect, evaluation_module, fit_weights, weight_sets_text

    console = stdout_console()
    with user_errors():
        options = parse_option_values(option or [])
        module = evaluation_module(game)
        load_game(game, players, options)  # a bad player count or option is the user's error, before playing
        current = module.weight_sets()
        reference = current.get(None)
        if not re.fullmatch(r"[A-Za-z0-9_-]+", name) or name == current.default:
            raise BadOptions(f"--name {name!r}: a set name is letters, digits, - and _, and not the default set")
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=console, transient=True) as bar:
            task = bar.add_task(f"{game} self-play", total=games)
            try:
                samples = collect(
                    game,
                    games,
                    seed,
                    players,
                    options,
                    agent,
                    every,
                    jobs,
                    progress=lambda done: bar.update(task, completed=done),
                )
            except LudotecaError as error:
                fail(str(error), EXIT_FAILURE)
        learned, report = fit_weights(samples, reference, l2, toward_default)
    recipe = (
        f"ludoteca learn {game} --games {games} --seed {seed} --players {players} --agent {agent} "
        f"--every {every} --l2 {l2}"
        + (" --toward-default" if toward_default else "")
        + (f" --name {name}" if name != "learned" else "")
        + "".join(f" --option {key}={value}" for key, value in options.items())
    )
    learned = type(learned)(
        name,
        learned.scale,
        learned.weights,
        recipe,
        {key: round(value, 4) if isinstance(value, float) else value for key, value in report.items()},
    )
    sets = WeightSets(current.default, {**current.sets, name: learned})
    table = Table(
        title=f"{game}: weights fitted on {wording.count(report['train_games'], 'game', zero='0')}, "
        f"{report['validation_games']} held out"
    )
    for column in ("feature", reference.name, name):
        table.add_column(column, justify="left" if column == "feature" else "right")
    for name, old, new in zip(module.FEATURES, reference.weights, learned.weights, strict=True):
        table.add_row(name, f"{old:g}", f"{new:g}")
    table.add_row(Text("scale", style="italic"), f"{reference.scale:g}", f"{learned.scale:g}")
    console.print(table)
    for part in ("train", "validation"):
        if f"{part}_log_loss" in report:
            console.print(
                f"{part}: {report[f'{part}_positions']} positions; log-loss learned {report[f'{part}_log_loss']:.4f}"
                f", {reference.name} {report[f'{part}_log_loss_{reference.name}']:.4f}; accuracy learned "
                f"{report[f'{part}_accuracy']:.1%}, {reference.name} {report[f'{part}_accuracy_{reference.name}']:.1%}"
            )
    header = (
        f"{game} evaluation weights, last written by: {recipe}\n"
        "A seat's strength is the sum of weight x feature; its win estimate is its lead over its strongest\n"
        "rival, squashed by a logistic curve of the set's scale (the game's evaluation.py says how).\n"
        "`default` is the set the bots play with."
    )
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(weight_sets_text(sets, module.FEATURES, header), encoding="utf-8")
    except OSError as error:
        fail(f"cannot write {out}: {error}", EXIT_FAILURE)
    console.print(f"Weights written to {out} (default set: {sets.default})")
