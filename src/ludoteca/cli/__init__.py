"""The ``ludoteca`` command: list games, play one at the terminal (people and bots), replay a record,
and run tournaments, simulations, benchmarks, fuzzing, the browser server and its bot workers.

One module per command family (``play``, ``replay``, ``simulate``, ``bench``, ``fuzz``, ``serve``,
``games``), all on the one Typer app of :mod:`ludoteca.cli.common`, with what they share. The commands
are registered here, in the order ``ludoteca --help`` lists them, so no command module depends on
being imported before another.
"""

from __future__ import annotations

from ludoteca.cli.bench import bench_command
from ludoteca.cli.common import EXIT_ERROR, EXIT_FAILURE, HUMAN, app, parse_option_values, split_seat_specs
from ludoteca.cli.fuzz import fuzz_command
from ludoteca.cli.games import games_command
from ludoteca.cli.ladder import ladder_command
from ludoteca.cli.learn import learn_command
from ludoteca.cli.play import play_command
from ludoteca.cli.replay import replay_command
from ludoteca.cli.serve import serve_command, worker_command
from ludoteca.cli.simulate import report_command, simulate_command, tournament_command

app.command("games")(games_command)
app.command("play")(play_command)
app.command("tournament")(tournament_command)
app.command("simulate")(simulate_command)
app.command("report")(report_command)
app.command("ladder")(ladder_command)
app.command("learn")(learn_command)
app.command("bench")(bench_command)
app.command("replay")(replay_command)
app.command("serve")(serve_command)
app.command("worker")(worker_command)
app.command("fuzz")(fuzz_command)


def main() -> None:
    """Console-script entry point (``ludoteca``)."""
    app(prog_name="ludoteca")


__all__ = ["EXIT_ERROR", "EXIT_FAILURE", "HUMAN", "app", "main", "parse_option_values", "split_seat_specs"]
