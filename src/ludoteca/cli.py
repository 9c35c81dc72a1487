"""The ``ludoteca`` command: list games, play one at the terminal (people and bots), replay a record.

The commands are thin: all rules live in the games, all decisions in the agents. What is here is
the table talk: who is asked, what they are shown, how typed text becomes an action, and how every
:class:`~ludoteca.LudotecaError` becomes one readable line and exit code 2 instead of a traceback.

Input is read with :func:`input` (through Rich), so the same loop works at a real terminal (with
line editing) and with piped stdin, as in the tests.
"""

from __future__ import annotations

import json
import secrets
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, NoReturn

import typer
from rich.console import Console
from rich.text import Text

import ludoteca
from ludoteca.agents import Agent, make_agent
from ludoteca.cli_render import (
    action_list,
    event_text,
    games_table,
    result_extras,
    result_table,
    tournament_table,
    winners_line,
)
from ludoteca.core import (
    BadOptions,
    BadRecord,
    IllegalAction,
    LudotecaError,
    State,
    UnknownGame,
    derive_seed,
    game_class,
    list_games,
    load_game,
    load_record,
    save_record,
)
from ludoteca.secrecy import public_action_text

EXIT_ERROR = 2
"""Exit code of every user error (unknown game, bad option, bad record...), as for usage errors."""
EXIT_FAILURE = 1
"""Exit code when something failed that the user did not get wrong: a broken or runaway game, an unwritable file."""

HUMAN = "human"

app = typer.Typer(
    name="ludoteca",
    help="Ludoteca: tabletop strategy games at the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)


def main() -> None:
    """Console-script entry point (``ludoteca``)."""
    app(prog_name="ludoteca")


def _out() -> Console:
    """A console on the *current* stdout, so test runners that swap streams capture it."""
    return Console(highlight=False)


def _fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    """Print one red line on stderr and exit: users get the reason, not a traceback."""
    Console(stderr=True, highlight=False).print(Text(f"error: {message}", style="bold red"), soft_wrap=True)
    raise typer.Exit(code)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn any :class:`LudotecaError` raised inside into :func:`_fail`."""
    try:
        yield
    except LudotecaError as error:
        _fail(str(error))


def _read_line(console: Console, prompt: str | Text) -> str | None:
    """One typed line, or ``None`` at end of input.

    When stdin is not a terminal the line is echoed, so a piped session reads like a typed one.
    """
    try:
        line = console.input(prompt)
    except EOFError:
        console.print()
        return None
    if not sys.stdin.isatty():
        console.print(Text(line), soft_wrap=True)
    return line


def _require_importable(game_id: str) -> None:
    """Fail with one line if ``game_id`` is registered but its code does not import.

    The registry lets import errors through unchanged (they are bugs in the game, not user
    errors); at the terminal the reason matters more than the traceback. Unknown ids are left to
    the normal error path.
    """
    try:
        game_class(game_id)
    except UnknownGame:
        pass
    except Exception as error:  # any failure while importing the game's module
        _fail(f"game {game_id!r} is installed but cannot be loaded: {type(error).__name__}: {error}", EXIT_FAILURE)


def _show_version(value: bool) -> None:
    if value:
        _out().print(f"ludoteca {ludoteca.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version and exit."),
    ] = False,
) -> None:
    """Ludoteca: tabletop strategy games at the terminal."""


# --------------------------------------------------------------------------- argument parsing
def parse_option_values(items: Sequence[str]) -> dict[str, Any]:
    """``["turn_limit=10", "era=ancient"]`` to ``{"turn_limit": 10, "era": "ancient"}``.

    A value is read as JSON when it parses (numbers, ``true``, ``null``, quoted strings, lists),
    else kept as the raw text, so plain words need no quoting.
    """
    options: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise BadOptions(f"option {item!r} must look like KEY=VALUE")
        raw = raw.strip()
        try:
            options[key] = json.loads(raw)
        except ValueError:
            options[key] = raw
    return options


def split_seat_specs(text: str) -> list[str]:
    """Split ``--seats`` on commas, keeping agent parameters with their agent.

    Agent specs use commas too (``ismcts:iterations=400,depth=20``). A piece holding ``=`` but no
    ``:`` cannot name an agent, so it continues the previous spec.
    """
    specs: list[str] = []
    for piece in (part.strip() for part in text.split(",")):
        if specs and "=" in piece and ":" not in piece and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


# --------------------------------------------------------------------------- games
@app.command("games")
def games_command() -> None:
    """List the installed games with their player counts and options."""
    _out().print(games_table(list_games()))


# --------------------------------------------------------------------------- play
@dataclass
class _Player:
    """Who sits at a seat: a person (``agent is None``) or a bot built from ``spec``."""

    spec: str
    agent: Agent | None

    @property
    def human(self) -> bool:
        return self.agent is None


Outcome = Literal["over", "quit", "runaway"]


class _PlaySession:
    """One game at the terminal: asks people, lets bots move, and shows each person only their own seat.

    What the terminal prints is what the browser shows the seat watching it: its visible log (private
    events only to their seats) and, of the other seats' actions, only the texts the game lets a spectator
    read (:func:`ludoteca.secrecy.public_action_text`); its board and legal actions when it is asked.

    * One person: the lines scroll as they happen, seen through that seat's eyes.
    * Several people (hot seat): each person's lines wait for their next turn. Before a different person
      is shown their seat, the screen is cleared and the game pauses until the terminal has been passed on
      and Enter pressed, so one person never reads another's hand. Whatever has become public since the
      last turn shown is printed when the game ends.
    * No person: nobody at the table has a secret to keep, so everything is shown (every action in full,
      the whole log), as ``ludoteca replay`` does; the header says so.
    """

    def __init__(self, state: State, players: list[_Player], console: Console, max_actions: int) -> None:
        self.state = state
        self.players = players
        self.console = console
        self.max_actions = max_actions
        self.actions = 0
        self.hinted = False
        humans = [seat for seat, player in enumerate(players) if player.human]
        self.omniscient = not humans
        self.hot_seat = len(humans) > 1
        # Whose eyes lines are kept for: each person, plus (hot seat) the public, for the end of the game.
        self.viewers: list[int | None] = [*humans]
        if self.hot_seat or self.omniscient:
            self.viewers.append(None)
        self.log_seen: dict[int | None, int] = dict.fromkeys(self.viewers, 0)
        self.pending: dict[int | None, list[Text]] = {viewer: [] for viewer in self.viewers}
        self.at_screen: int | None = None  # the person the screen shows now (hot seat)

    def run(self) -> Outcome:
        """Play until the game ends, someone quits, or ``max_actions`` is reached."""
        self.collect(None, "")
        while not self.state.is_over():
            waiting = self.state.to_act()
            if not waiting:
                raise LudotecaError("the game is not over but no seat is to act (a bug in the game)")
            if self.actions >= self.max_actions:
                return "runaway"
            # Bots first: in a simultaneous step they then decide before any person's choice is made.
            seat = next((s for s in waiting if not self.players[s].human), waiting[0])
            if self.players[seat].human:
                if not self.ask(seat):
                    return "quit"
            else:
                self.bot_move(seat)
            self.actions += 1
        if self.hot_seat:
            self.flush(None)
        return "over"

    def collect(self, actor: int | None, text: str) -> None:
        """Queue, for every viewer, what it may see of ``actor``'s action ``text`` and of the new log events.

        Lines are printed at once, except in a hot seat, where they wait for their person's next turn.
        """
        state = self.state
        for viewer in self.viewers:
            lines = self.pending[viewer]
            if actor is not None and actor != viewer:
                shown = text if self.omniscient else public_action_text(state.game.id, text)
                if shown is not None:
                    lines.append(Text(f"Seat {actor} ({self.players[actor].spec}): {shown}", style="cyan"))
            log = state.log if self.omniscient else state.visible_log(viewer)
            lines.extend(event_text(event) for event in log[self.log_seen[viewer] :])
            self.log_seen[viewer] = len(log)
        if not self.hot_seat:
            self.flush(self.viewers[0])

    def flush(self, viewer: int | None) -> None:
        """Print the lines kept for ``viewer``."""
        for line in self.pending[viewer]:
            self.console.print(line, soft_wrap=True)
        self.pending[viewer].clear()

    def bot_move(self, seat: int) -> None:
        player = self.players[seat]
        assert player.agent is not None
        if self.console.is_terminal:
            with self.console.status(f"Seat {seat} ({player.spec}) is thinking..."):
                action = player.agent.choose(self.state, seat)
        else:
            action = player.agent.choose(self.state, seat)
        try:
            self.state.apply(seat, action)
        except IllegalAction as error:
            raise LudotecaError(f"the {player.spec!r} agent at seat {seat} chose an illegal action: {error}") from None
        self.collect(seat, action.text)

    def hand_over(self, seat: int) -> bool:
        """Hot seat: clear the screen and wait until ``seat``'s person has the terminal (False: they quit)."""
        if self.at_screen == seat:
            return True
        _clear_screen(self.console)
        prompt = Text(f"Pass the terminal to seat {seat} and press Enter (quit stops the game) ", style="bold")
        line = _read_line(self.console, prompt)
        if line is None or line.strip().casefold() == "quit":
            return False
        self.at_screen = seat
        return True

    def ask(self, seat: int) -> bool:
        """Ask the person at ``seat`` until they give a legal action (True) or quit (False)."""
        console = self.console
        if self.hot_seat:
            if not self.hand_over(seat):
                return False
            self.flush(seat)
            self.pending[None].clear()  # what became public so far is in this person's lines
        console.rule(Text(f"Seat {seat} to act"))
        console.print(Text(self.state.render(seat)), soft_wrap=True)
        legal = self.state.legal_actions(seat)
        console.print(action_list(legal), soft_wrap=True)
        if not self.hinted:
            console.print(Text("Type a number or an action; ? lists the actions again; quit stops.", style="dim"))
            self.hinted = True
        while True:
            line = _read_line(console, f"Seat {seat}> ")
            if line is None:
                return False
            text = line.strip()
            if not text:
                continue
            if text.casefold() == "quit":
                return False
            if text == "?":
                console.print(action_list(legal), soft_wrap=True)
                continue
            if text.isdecimal():
                number = int(text)
                if not 1 <= number <= len(legal):
                    self.complain(f"there is no action {number}; choose 1-{len(legal)}")
                    continue
                text = legal[number - 1].text
            try:
                chosen = self.state.parse_action(seat, text)
                self.state.apply(seat, chosen)
            except IllegalAction as error:
                self.complain(str(error))
                continue
            self.collect(seat, chosen.text)
            return True

    def complain(self, message: str) -> None:
        self.console.print(Text(message, style="red"), soft_wrap=True)


def _clear_screen(console: Console) -> None:
    """Clear a real terminal's screen and its scrollback (ESC [3J), so the next person cannot scroll back
    to the last one's hand. Piped output is left alone: there is no screen to clear."""
    if console.is_terminal and not console.is_dumb_terminal:
        console.clear()
        console.file.write("\x1b[3J")
        console.file.flush()


def _build_players(specs: list[str], seed: int) -> list[_Player]:
    """One player per spec; each bot gets its own seed derived from the game seed and its seat."""
    players = []
    for seat, spec in enumerate(specs):
        if spec.strip().lower() == HUMAN:
            players.append(_Player(HUMAN, None))
        else:
            players.append(_Player(spec.strip(), make_agent(spec, seed=derive_seed(seed, seat))))
    return players


def _save(state: State, path: Path, console: Console) -> None:
    try:
        save_record(state, path)
    except OSError as error:
        _fail(f"cannot write the record to {path}: {error.strerror or error}", EXIT_FAILURE)
    console.print(Text(f"Record saved to {path}"), soft_wrap=True)


def _print_result(console: Console, state: State, labels: Sequence[str] | None) -> None:
    result = state.result()
    console.print(result_table(result, state.players, labels))
    console.print(winners_line(result, labels))
    for line in result_extras(result, state.players):
        console.print(line, soft_wrap=True)


@app.command("play")
def play_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `ludoteca games`).")],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of players (default: one per seat).")
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            "-s",
            help="Comma list of agent specs, one per seat; 'human' is you. Default: human, then random bots.",
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Game seed (default: a random one, printed).")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", metavar="KEY=VALUE", help="Game option; repeatable.")
    ] = None,
    save: Annotated[Path | None, typer.Option("--save", help="Write the game record (JSON) to this file.")] = None,
    max_actions: Annotated[
        int, typer.Option("--max-actions", min=1, help="Stop a game that runs longer than this.")
    ] = 100_000,
) -> None:
    """Play a game at the terminal: people type their moves, bots play theirs."""
    console = _out()
    with _user_errors():
        specs = split_seat_specs(seats) if seats is not None else None
        if players is None and specs is not None:
            players = len(specs)
        _require_importable(game_id)
        game = load_game(game_id, players, parse_option_values(option or []))
        if specs is None:
            specs = [HUMAN] + ["random"] * (game.players - 1)
        if len(specs) != game.players:
            raise BadOptions(f"--seats names {len(specs)} seat(s) but the game has {game.players} players")
        if seed is None:
            seed = secrets.randbelow(2**31)
        table = _build_players(specs, seed)
        state = game.new_state(seed=seed)
        if any(player.human for player in table) and sys.stdin.isatty():
            with suppress(ImportError):
                import readline  # noqa: F401  (line editing and history for input())

        console.print(Text(f"{game.title}: {game.players} players, seed {seed}", style="bold"), soft_wrap=True)
        console.print(Text(", ".join(f"seat {seat}: {p.spec}" for seat, p in enumerate(table))), soft_wrap=True)
        session = _PlaySession(state, table, console, max_actions)
        if session.omniscient:
            console.print(Text("No person at the table: every seat's hidden information is shown.", style="dim"))
        elif session.hot_seat:
            console.print(
                Text("Hot seat: each person sees only their own seat, after passing the terminal.", style="dim")
            )
        outcome: Outcome | Literal["interrupted"]
        try:
            outcome = session.run()
        except KeyboardInterrupt:
            outcome = "interrupted"
            console.print()
        except BaseException:
            if save is not None:  # keep what was played, e.g. to debug a misbehaving game or agent
                _save(state, save, console)
            raise

    if outcome == "over":
        console.rule(Text("Game over"))
        _print_result(console, state, [player.spec for player in table])
    elif outcome != "runaway":
        console.print(Text(f"Game stopped after {session.actions} action(s)."))
    if save is not None:
        _save(state, save, console)
    if outcome == "runaway":
        _fail(f"stopped after {session.actions} actions: the game did not end (see --max-actions)", EXIT_FAILURE)
    if outcome == "interrupted":
        raise typer.Exit(130)


# --------------------------------------------------------------------------- replay
def _fresh_state(record: dict[str, Any]) -> State:
    """The record's starting position, with the same checks (game, version, set-up) as a full replay."""
    return ludoteca.replay({**record, "actions": []})


@app.command("tournament")
def tournament_command(
    game: Annotated[str, typer.Argument(help="Game id (see `ludoteca games`).")],
    agents: Annotated[str, typer.Option("--agents", "-a", help="Agent specs separated by commas.")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of players.")] = None,
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="Number of games.")] = 20,
    seed: Annotated[int, typer.Option("--seed", help="Master seed.")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
) -> None:
    """Play agents against each other, seats rotating, and print each agent's win share with a 95% interval."""
    from ludoteca.tournament import run_tournament

    console = _out()
    with _user_errors():
        _require_importable(game)
        specs = split_seat_specs(agents)
        options = parse_option_values(option or [])
        count = players if players is not None else load_game(game, None, options).players
        for spec in specs:
            make_agent(spec)
        table = run_tournament(
            game, count, specs, games, seed, options,
            progress=lambda done, _table: console.print(f"  game {done}/{games} done", style="dim"),
        )
    console.print(tournament_table(game, count, table))


@app.command("simulate")
def simulate_command(
    game: Annotated[str, typer.Argument(help="Game id (see `ludoteca games`).")],
    out: Annotated[Path, typer.Option("--out", help="Directory for results.jsonl, summary.json, plots, report.md.")],
    agents: Annotated[str, typer.Option("--agents", "-a", help="Agent specs separated by commas; seats rotate.")]
    = "random",
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of players.")] = None,
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Master seed; game i plays seed derive_seed(seed, i).")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes (local backend).")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local or ray.")] = "local",
    ray_address: Annotated[str | None, typer.Option("--ray-address", help="Ray cluster to join.")] = None,
) -> None:
    """Play many games between agents and write the results, a summary, plots and a report."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ludoteca.sim import plan_games, run_simulation
    from ludoteca.sim.report import write_report

    console = _out()
    with _user_errors():
        _require_importable(game)
        specs = split_seat_specs(agents)
        options = parse_option_values(option or [])
        count = players if players is not None else load_game(game, None, options).players
        load_game(game, count, options)
        for spec in specs:
            make_agent(spec)
        plan = plan_games(game, count, specs, games, seed, options)
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("{task.fields[rate]:.2f} games/s"), TimeRemainingColumn())
        with Progress(*columns, console=console, transient=False) as bar:
            task = bar.add_task(f"{game} ({count} players)", total=games, rate=0.0)
            started = time.perf_counter()

            def advance(done: int) -> None:
                bar.update(task, completed=done, rate=done / max(time.perf_counter() - started, 1e-9))

            outcome = run_simulation(plan, out, jobs=jobs, backend=backend, ray_address=ray_address, progress=advance)
        summary = write_report(out, f"{game}, {count} players, agents {', '.join(specs)}")
    if outcome.interrupted:
        console.print(f"Interrupted: kept the {summary['games']} finished games.", style="yellow")
    console.print(f"{summary['games']} games, {summary['failures']} failures; report in {out / 'report.md'}")


@app.command("report")
def report_command(
    directory: Annotated[Path, typer.Argument(help="A simulation's output directory.")],
) -> None:
    """Rebuild summary.json, the plots and report.md from a simulation's results.jsonl."""
    from ludoteca.sim.report import write_report

    if not (directory / "results.jsonl").is_file():
        _fail(f"{directory} has no results.jsonl")
    try:
        summary = write_report(directory)
    except (ValueError, KeyError) as error:
        _fail(f"cannot read {directory / 'results.jsonl'}: {error}")
    _out().print(f"{summary['games']} games summarised; report in {directory / 'report.md'}")


@app.command("bench")
def bench_command(
    games: Annotated[list[str] | None, typer.Argument(help="Game ids (default: every game).")] = None,
    json_file: Annotated[Path | None, typer.Option("--json", help="Write every figure to this JSON file.")] = None,
    seeds: Annotated[int, typer.Option("--seeds", min=1, help="Random playouts per game and player count.")] = 30,
) -> None:
    """Measure playouts, clones and ISMCTS per game, as ratios to python-chess measured in the same run."""
    from rich.table import Table

    from ludoteca import benchmark

    console = _out()
    with _user_errors():
        chosen = games or [g for g in list_games() if g != "blind-draw"]
        counts = {}
        for game in chosen:
            _require_importable(game)
            cls = game_class(game)
            counts[game] = sorted({cls.min_players, cls.max_players})
        try:
            figures = benchmark.run(chosen, counts, range(seeds))
        except ImportError:
            _fail("the benchmark needs python-chess for its reference: pip install 'ludoteca[bench]'")
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


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A game record written by `play --save`.")],
    step: Annotated[bool, typer.Option("--step", help="Show one action at a time, pausing for Enter.")] = False,
    seat: Annotated[
        int | None, typer.Option("--seat", help="Show only what this seat saw (default: the whole log).")
    ] = None,
) -> None:
    """Replay a saved game: its whole log and result, or action by action with --step."""
    console = _out()
    with _user_errors():
        record = load_record(file)
        _require_importable(record["game"])
        if step:
            state = _step_through(record, console, seat)
        else:
            state = ludoteca.replay(record)
            _check_viewer(state, seat)
            console.print(_replay_header(record), soft_wrap=True)
            _say_if_all_shown(console, seat)
            for event in _log(state, seat):
                console.print(event_text(event), soft_wrap=True)
        if state.is_over():
            console.rule(Text("Game over"))
            _print_result(console, state, None)
        else:
            console.print(Text(f"The game is not over: the record stops after {len(record['actions'])} action(s)."))


def _replay_header(record: dict[str, Any]) -> Text:
    return Text(
        f"{record['game']}: {record['players']} players, seed {record['seed']}, {len(record['actions'])} action(s)",
        style="bold",
    )


def _say_if_all_shown(console: Console, seat: int | None) -> None:
    """Without ``--seat`` a replay shows everything; say so, since ``play`` never does while people play."""
    if seat is None:
        console.print(
            Text(
                "Every seat's hidden information is shown: a finished game hides nothing, and a saved record"
                " holds it all anyway. --seat N shows only what seat N saw.",
                style="dim",
            ),
            soft_wrap=True,
        )


def _check_viewer(state: State, seat: int | None) -> None:
    if seat is not None and not 0 <= seat < state.players:
        raise BadOptions(f"--seat must be 0-{state.players - 1} in a {state.players}-player game, not {seat}")


def _log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The whole log, or what ``seat`` may read of it."""
    return list(state.log) if seat is None else state.visible_log(seat)


def _step_through(record: dict[str, Any], console: Console, seat: int | None) -> State:
    """Apply the record's actions one by one, printing each with its log lines; Enter moves on."""
    state = _fresh_state(record)
    _check_viewer(state, seat)
    console.print(_replay_header(record), soft_wrap=True)
    _say_if_all_shown(console, seat)
    shown = 0

    def new_lines() -> None:
        nonlocal shown
        log = _log(state, seat)
        for event in log[shown:]:
            console.print(event_text(event), soft_wrap=True)
        shown = len(log)

    new_lines()
    pausing = True
    actions = record["actions"]
    for index, (actor, text) in enumerate(actions):
        # Seen by one seat, the others' actions read as the browser shows them: their public text, if any.
        shown_text = text if seat is None or actor == seat else public_action_text(record["game"], text)
        line = f"seat {actor}: {shown_text}" if shown_text is not None else f"seat {actor} acts (hidden)"
        console.print(Text(f"[{index + 1}/{len(actions)}] {line}", style="cyan"), soft_wrap=True)
        try:
            state.apply(actor, text)
        except LudotecaError as error:
            raise BadRecord(f"action {index} (seat {actor}: {text!r}) does not replay: {error}") from None
        new_lines()
        if pausing and index + 1 < len(actions):
            answer = _read_line(console, Text("Enter: next action, q: stop pausing ", style="dim"))
            pausing = answer is not None and answer.strip().casefold() not in {"q", "quit"}
    return state


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option("--database", help="SQLAlchemy URL (default: SQLite in the user's data directory)."),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option("--bot-delay", min=0.0, help="Seconds each bot waits before moving, so people can follow.")
    ] = 0.6,
) -> None:
    """Play in the browser: run the game server, then open http://HOST:PORT (needs the `web` extra)."""
    try:
        from ludoteca.server import serve
    except ImportError as error:
        _fail(f"the server needs the web extra: pip install -e '.[web]' ({error})")
    serve(host=host, port=port, database=database, bot_delay=bot_delay)


@app.command("fuzz")
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

    console = _out()
    with _user_errors():
        _require_importable(game)
        report = run_fuzz(
            game, games, players, seed, out, parse_option_values(option or []), max_actions,
            progress=lambda done, r: console.print(f"  {done}/{games} games, {len(r.failures)} failure(s)", style="dim")
            if done % max(1, games // 10) == 0 else None,
            agent=agent,
        )  # fmt: skip
    for failure in report.failures:
        console.print(Text(failure.line(), style="red"), soft_wrap=True)
    counts = ", ".join(f"{n}p: {k}" for n, k in sorted(report.per_players.items()))
    console.print(
        f"{report.game}: {report.games} games ({counts}),"
        f" {report.actions} actions (longest {report.longest}), {len(report.failures)} failure(s),"
        f" {report.seconds:.1f} s",
        soft_wrap=True,
    )
    if report.failures:
        raise typer.Exit(EXIT_FAILURE)


if __name__ == "__main__":
    main()
