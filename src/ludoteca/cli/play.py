"""``ludoteca play``: one game at the terminal, people typing their moves and bots playing theirs.

Who is asked, what each person is shown (their own seat's eyes only, as in the browser), and how typed
text becomes an action.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import sys
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

import typer
from rich.console import Console
from rich.text import Text

from ludoteca.agents import Agent, agent_summaries, make_agent, parse_agent_spec
from ludoteca.cli.common import (
    DEFAULT_BOT,
    EXIT_FAILURE,
    HUMAN,
    fail,
    parse_option_values,
    print_result,
    read_line,
    require_importable,
    split_seat_specs,
    stdout_console,
    user_errors,
)
from ludoteca.cli_render import action_list, event_text
from ludoteca.core import (
    Action,
    BadOptions,
    Game,
    IllegalAction,
    LudotecaError,
    State,
    derive_seed,
    load_game,
    save_record,
)
from ludoteca.secrecy import hides_nothing, public_action_text

NUMBER = re.compile(r"[+-]?\d+(?:\.\d*)?")  # what a person types meaning an action's number, right or wrong

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
    * Several people (hot seat): each person's lines wait for their next turn. As soon as a person's move
      hands the game to someone else (a bot too: it may think for seconds), the screen is cleared; before a
      person is shown their seat, the game pauses until the terminal has been passed on and Enter pressed,
      anything typed before that question being thrown away (a second Enter must not open the next hand), so
      one person never reads another's hand. Whatever has become public since the last turn shown is printed
      when the game ends. A game that hides nothing (``secrecy.HIDES_NOTHING``: Mankind) is played by several
      people as by one, with no hand-over.
    * No person: nobody at the table has a secret to keep, so everything is shown (every action in full,
      the whole log), as ``ludoteca replay`` does; the header says so.
    """

    def __init__(self, state: State, players: list[_Player], console: Console, max_actions: int) -> None:
        self.state = state
        self.players = players
        self.console = console
        self.max_actions = max_actions
        self.actions = 0
        self.hinted: set[int] = set()  # the people told how to type an action (each once)
        self.revealed = False  # a person's screen (hand, private lines) has been shown since the last clearing
        humans = [seat for seat, player in enumerate(players) if player.human]
        self.omniscient = not humans
        # People share the terminal in turns only where a seat has something to hide (not Mankind: a game had
        # 222 hand-overs, each a cleared screen and an Enter, with nothing to keep from anyone).
        self.hot_seat = len(humans) > 1 and not hides_nothing(state.game.id)
        # Whose eyes lines are kept for: each person, plus (hot seat) the public, for the end of the game.
        self.viewers: list[int | None] = [*humans] if self.hot_seat else [*humans[:1]]
        if self.hot_seat or self.omniscient:
            self.viewers.append(None)
        self.log_seen: dict[int | None, int] = dict.fromkeys(self.viewers, 0)
        self.pending: dict[int | None, list[Text]] = {viewer: [] for viewer in self.viewers}
        self.at_screen: int | None = None  # the person the screen shows now (hot seat)

    def run(self) -> Outcome:
        """Play until the game ends, someone quits, or ``max_actions`` is reached."""
        self.collect(None, "")
        while not self.state.is_over():
            seat = self._next_seat()
            if seat is None:
                raise LudotecaError("the game is not over but no seat is to act (a bug in the game)")
            if self.actions >= self.max_actions:
                return "runaway"
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
            lines.extend(event_text(event, whole=self.omniscient) for event in log[self.log_seen[viewer] :])
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
        if self.revealed:  # before the first person's screen nothing is secret: the game's header stays up
            _clear_screen(self.console)
            self.revealed = False
        prompt = Text(f"Pass the terminal to seat {seat} and press Enter (quit stops the game) ", style="bold")
        _discard_typed_ahead()  # a second Enter of the last person must not open this person's hand
        line = read_line(self.console, prompt)
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
        self.revealed = True
        legal = self.state.legal_actions(seat)
        console.print(action_list(legal), soft_wrap=True)
        if seat not in self.hinted:
            console.print(Text("Type a number or an action; ? lists the actions again; quit stops.", style="dim"))
            self.hinted.add(seat)
        while True:
            line = read_line(console, f"Seat {seat}> ")
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
            if text.isdecimal() and 1 <= int(text) <= len(legal):
                text = legal[int(text) - 1].text
            elif NUMBER.fullmatch(text) and all(action.text != text for action in legal):
                # "999", "-1" and "3.5" are all a number that is no action's: one message for all three
                self.complain(f"there is no action {text}; choose 1-{len(legal)}")
                continue
            try:
                chosen = self.state.parse_action(seat, text)
                if not self.confirmed(seat, chosen):
                    continue
                self.state.apply(seat, chosen)
            except IllegalAction as error:
                self.complain(str(error))
                continue
            self.collect(seat, chosen.text)
            if self.hot_seat and self._next_seat() != seat:
                # The hand goes now, not at the next person's turn: a bot may think for seconds meanwhile.
                _clear_screen(console)
                self.revealed = False
                self.at_screen = None
            return True

    def _next_seat(self) -> int | None:
        """Who :meth:`run` asks next, or None once the game is over: bots first, so that in a simultaneous step
        they decide before any person's choice is made."""
        waiting = [] if self.state.is_over() else self.state.to_act()
        return next((s for s in waiting if not self.players[s].human), waiting[0] if waiting else None)

    def confirmed(self, seat: int, chosen: Action) -> bool:
        """Whether the person goes ahead with ``chosen``: asked only for an action the game warns about
        (``State.warnings``, e.g. an Advanced Civilization nation left with nothing on the board)."""
        warning = self.state.warnings(seat).get(chosen.text)
        if warning is None:
            return True
        self.console.print(Text(warning, style="yellow"), soft_wrap=True)
        line = read_line(self.console, Text(f"Go ahead: {chosen.text}? [y/N] "))  # Text: no markup in brackets
        return line is not None and line.strip().casefold() in ("y", "yes")

    def complain(self, message: str) -> None:
        self.console.print(Text(message, style="red"), soft_wrap=True)


def _discard_typed_ahead() -> None:
    """Throw away what was typed before the hand-over's question (a bounced key, a second Enter): read as the
    answer, it would show the next person's hand to the last one. Only a terminal has such a queue."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError, OSError):
            import termios

            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)


def _clear_screen(console: Console) -> None:
    """Clear a real terminal's screen and its scrollback (ESC [3J), so the next person cannot scroll back
    to the last one's hand. Piped output is left alone: there is no screen to clear."""
    if console.is_terminal and not console.is_dumb_terminal:
        console.clear()
        console.file.write("\x1b[3J")
        console.file.flush()


def bot_lines(game: Game, specs: list[str]) -> list[str]:
    """One line per bot named at the table: what it plays like in this game (the words the lobby shows)."""
    words = agent_summaries(game)
    names = dict.fromkeys(parse_agent_spec(spec)[0] for spec in specs)
    return [f"{name}: {words[name]}" for name in names if words.get(name)]


def _build_players(specs: list[str], seed: int) -> list[_Player]:
    """One player per spec; each bot gets its own seed derived from the game seed and its seat."""
    players = []
    for seat, spec in enumerate(specs):
        if spec.strip().lower() == HUMAN:
            players.append(_Player(HUMAN, None))
        else:
            players.append(_Player(spec.strip(), make_agent(spec, seed=derive_seed(seed, seat))))
    return players


def _check_save(path: Path) -> bool:
    """Refuse, before the game, a ``--save`` path the record could not be written to: a game of an hour must not
    end in "cannot write". Returns whether a file is there already (the record replaces it: say so)."""
    if path.is_dir():
        raise BadOptions(f"--save {path} is a folder; give a file name for the record")
    folder = path.parent
    if not folder.is_dir():
        raise BadOptions(f"--save {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise BadOptions(f"--save {path}: no permission to write there")
    return path.exists()


def _save(state: State, path: Path, console: Console) -> None:
    try:
        save_record(state, path)
    except OSError as error:
        fail(f"cannot write the record to {path}: {error.strerror or error}", EXIT_FAILURE)
    console.print(Text(f"Record saved to {path}"), soft_wrap=True)


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
            help="Comma list of agent specs, one per seat; 'human' is you. Default: human, then heuristic bots "
            "(see `ludoteca games`).",
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
    console = stdout_console()
    with user_errors():
        specs = split_seat_specs(seats) if seats is not None else None
        if players is None and specs is not None:
            players = len(specs)
        require_importable(game_id)
        game = load_game(game_id, players, parse_option_values(option or []))
        if specs is None:
            specs = [HUMAN] + [DEFAULT_BOT] * (game.players - 1)
        if len(specs) != game.players:
            raise BadOptions(f"--seats names {len(specs)} seat(s) but the game has {game.players} players")
        if save is not None and _check_save(save):
            console.print(Text(f"{save} exists: the record of this game will replace it.", style="yellow"),
                          soft_wrap=True)
        if seed is None:
            seed = secrets.randbelow(2**31)
        table = _build_players(specs, seed)
        state = game.new_state(seed=seed)
        if any(player.human for player in table) and sys.stdin.isatty():
            with suppress(ImportError):
                import readline  # noqa: F401  (line editing and history for input())

        console.print(Text(f"{game.title}: {game.players} players, seed {seed}", style="bold"), soft_wrap=True)
        console.print(Text(", ".join(f"seat {seat}: {p.spec}" for seat, p in enumerate(table))), soft_wrap=True)
        for line in bot_lines(game, [player.spec for player in table if not player.human]):
            console.print(Text(line, style="dim"), soft_wrap=True)
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
        print_result(console, state, [player.spec for player in table])
    elif outcome != "runaway":
        console.print(Text(f"Game stopped after {session.actions} action(s)."))
    if save is not None:
        _save(state, save, console)
    if outcome == "runaway":
        fail(f"stopped after {session.actions} actions: the game did not end (see --max-actions)", EXIT_FAILURE)
    if outcome == "interrupted":
        raise typer.Exit(130)
