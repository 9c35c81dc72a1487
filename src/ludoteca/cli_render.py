"""Rich renderables for the command line, kept apart from the command logic so they stay testable.

Everything a game supplies (titles, action texts, log sentences, rendered boards) is wrapped in
:class:`rich.text.Text`, never parsed as console markup: a game text such as ``"[seat, text]"``
must print as written.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.core import Action, Game, load_game, wording


def player_range(low: int, high: int) -> str:
    """``"2-6"``, or ``"2"`` when the game takes exactly one count."""
    return str(low) if low == high else f"{low}-{high}"


def _plain(value: Any) -> str:
    """A value as a player would type it: strings bare, everything else as JSON."""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def options_text(options: Mapping[str, Any]) -> str:
    """``"map=main+western, nations=random"``: options as they were typed after ``--option``."""
    return ", ".join(f"{name}={_plain(value)}" for name, value in options.items())


def match_title(game: str, players: int, options: Mapping[str, Any] | None = None,
                agents: Sequence[str] | None = None) -> str:
    """``"mankind (era=ancient), 3 players, agents heuristic, random"``: what a run played, for the titles of
    reports, tournaments and ladders. The options are named because two runs of one game and table under
    different options are different experiments, and a title without them would read as the same one."""
    title = game + (f" ({options_text(options)})" if options else "") + f", {players} players"
    return title + (f", agents {', '.join(agents)}" if agents else "")


def option_line(name: str, spec: Mapping[str, Any]) -> str:
    """``"name=default [a, b]"``: what ``--option`` accepts, as in ``ludoteca games``."""
    line = f"{name}={_plain(spec.get('default'))}"
    choices = spec.get("choices")
    if choices:
        line += " [" + ", ".join(_plain(choice) for choice in choices) + "]"
    return line


def describe_game(game_id: str) -> dict[str, Any]:
    """The game's own description, from a default instance so overridden ``describe`` methods count."""
    game: Game = load_game(game_id)
    return game.describe()


def games_table(game_ids: Sequence[str], describe: Callable[[str], dict[str, Any]] = describe_game) -> Table:
    """One row per game; a game that fails to load shows its error instead of breaking the table."""
    table = Table(title="Ludoteca games")
    table.add_column("id", no_wrap=True)
    table.add_column("title", max_width=12)  # titles wrap at spaces; the options get the room (a long one folds)
    table.add_column("players", justify="center", no_wrap=True)
    table.add_column("options", overflow="fold")
    for game_id in game_ids:
        try:
            info = describe(game_id)
            low, high = info["players"]
            counts = player_range(low, high)
            if info.get("default_players") is not None and low != high:  # what --players is when left out
                counts += f"\ndefault {info['default_players']}"
            options = "\n".join(option_line(name, spec) for name, spec in (info.get("options") or {}).items())
            table.add_row(Text(game_id), Text(str(info["title"])), counts, Text(options or "-"))
        except Exception as error:  # a broken game must not hide the others
            message = f"cannot load: {type(error).__name__}: {error}"
            table.add_row(Text(game_id), Text(message, style="red"), "?", "")
    return table


def bots_table(game_ids: Sequence[str]) -> Table:
    """What each bot a ``--seats`` spec can name plays like, and the words a game puts in their place where its
    own measurements contradict them (``Game.bot_summaries``: the lobby shows the same)."""
    from ludoteca.agents import agent_summaries

    overrides: dict[str, dict[str, str]] = {}  # bot -> game id -> that game's words
    for game_id in game_ids:
        try:
            game_words = dict(load_game(game_id).bot_summaries)
        except Exception:  # the games table already shows why a game cannot load
            continue
        for name, summary in game_words.items():
            overrides.setdefault(name, {})[game_id] = summary
    table = Table(
        title="Bots for --seats ('human' is a person at the terminal)",
        caption="Settings follow a colon, e.g. ismcts:iterations=400 (docs/agents.md).",
    )
    table.add_column("bot", no_wrap=True)
    table.add_column("in", no_wrap=True)
    table.add_column("plays")
    for name, summary in agent_summaries().items():
        own = overrides.get(name, {})
        table.add_row(Text(name), Text("the other games" if own else "every game"), Text(summary))
        for game_id, words in own.items():
            table.add_row(Text(name), Text(game_id), Text(words))
    return table


def action_list(actions: Sequence[Action]) -> Text:
    """The numbered menu a human picks from (numbers start at 1)."""
    width = len(str(len(actions)))
    lines = [f"  {number:>{width}}. {action.text}" for number, action in enumerate(actions, start=1)]
    return Text("\n".join(lines))


def event_text(event: Mapping[str, Any], whole: bool = False) -> Text:
    """One log event as the sentence the game wrote for it. In a ``whole`` log (every seat's lines: a replay
    without --seat, a game of bots only) a line written for some seats only says whose it is: it speaks to
    them ("You gain 1 red point"), and with no one at the table "you" is nobody."""
    text = event.get("text")
    sentence = text if isinstance(text, str) else _plain(dict(event))
    seats = event.get("seats")
    if whole and isinstance(seats, list) and seats:
        whose = f"seat {seats[0]}" if len(seats) == 1 else "seats " + ", ".join(map(str, seats))
        sentence = f"[{whose} only] {sentence}"
    return Text("  " + sentence)


_SEAT_KEYS = ("scores", "ranking", "winners")
_DRAWN_APART = ("breakdown",)  # result keys with a drawing of their own, not a ``key: value`` line


def _per_seat(value: Any, players: int) -> list[Any] | None:
    """``value`` as one entry per seat (a list, or a dict keyed by seat), else ``None``."""
    if isinstance(value, list) and len(value) == players:
        return value
    if isinstance(value, dict) and value and all(str(seat) in {str(k) for k in value} for seat in range(players)):
        by_text = {str(key): item for key, item in value.items()}
        return [by_text[str(seat)] for seat in range(players)]
    return None


def _seat_list(value: Any) -> list[int]:
    """The seats in a ``winners`` value, tolerating a single seat or junk."""
    if isinstance(value, int) and not isinstance(value, bool):
        return [value]
    if isinstance(value, list):
        return [seat for seat in value if isinstance(seat, int) and not isinstance(seat, bool)]
    return []


def result_table(result: Mapping[str, Any], players: int, labels: Sequence[str] | None = None) -> Table:
    """Scores, ranks and winners per seat, plus any per-seat keys the game adds as extra columns.

    Keys that are not per seat are left to :func:`result_extras`.
    """
    winners = set(_seat_list(result.get("winners")))
    rank_of: dict[int, int] = {}
    ranking = result.get("ranking")
    if isinstance(ranking, list):
        for place, group in enumerate(ranking, start=1):
            for seat in _seat_list(group):
                rank_of.setdefault(seat, place)
    scores = _per_seat(result.get("scores"), players)
    extra_columns = {
        key: column
        for key, value in result.items()
        if key not in _SEAT_KEYS and (column := _per_seat(value, players)) is not None
    }

    table = Table(title="Result")
    table.add_column("seat", justify="right")
    if labels:
        table.add_column("player")
    table.add_column("score", justify="right")
    if rank_of:
        table.add_column("rank", justify="right")
    for key in extra_columns:
        table.add_column(Text(_key_words(key)), justify="right")
    table.add_column("winner", justify="center")
    for seat in range(players):
        row: list[Any] = [str(seat)]
        if labels:
            row.append(Text(labels[seat]))
        row.append(_plain(scores[seat]) if scores is not None else "-")
        if rank_of:
            row.append(str(rank_of.get(seat, "-")))
        row.extend(Text(_cell(column[seat])) for column in extra_columns.values())
        row.append("yes" if seat in winners else "")
        table.add_row(*row)
    return table


def _key_words(key: str) -> str:
    """A result key as words: ``sorted_colours`` reads "sorted colours", a Python name being no heading."""
    return key.replace("_", " ")


def _cell(value: Any) -> str:
    """A seat's value in the result table: a table of names to numbers (T&E's ``colours``) as ``"red 29, blue 21"``
    and a list of plain values (T&E's ``sorted_colours``) as ``"14, 14, 19, 37"``, not as JSON or a Python list;
    anything else as :func:`_plain` writes it."""
    if isinstance(value, Mapping) and value and all(isinstance(v, int | float | str) for v in value.values()):
        return ", ".join(f"{key} {_plain(item)}" for key, item in value.items())
    return _list_text(value) or _plain(value)


def _list_text(value: Any) -> str:
    """``"14, 14, 19, 37"`` for a list of numbers or texts; ``""`` for anything else."""
    if isinstance(value, list) and value and all(isinstance(item, int | float | str) for item in value):
        return ", ".join(_plain(item) for item in value)
    return ""


def result_extras(result: Mapping[str, Any], players: int) -> list[Text]:
    """``key: value`` lines for the result's keys that are not one value per seat. A table of names to seats
    (Mankind's ``bonuses``: who holds each) reads as names and seats, and a list of numbers as the numbers, not
    as the JSON they are stored as. A text the breakdown's notes already say is not said again (Arabian
    Struggle's winner, how and quality followed "Saudi wins: the highest score ..." as raw keys)."""
    breakdown = result.get("breakdown")
    notes = " ".join(map(str, breakdown.get("notes") or [])) if isinstance(breakdown, Mapping) else ""
    lines = []
    for key, value in result.items():
        if key in _SEAT_KEYS or key in _DRAWN_APART or _per_seat(value, players) is not None:
            continue
        if isinstance(value, str) and value and value in notes:
            continue
        lines.append(Text(f"{_key_words(key)}: {_awards_text(value) or _list_text(value) or _plain(value)}"))
    return lines


def _awards_text(value: Any) -> str:
    """``"Empire: seats 0 and 1 · Monuments: seat 1 · Peace: nobody"`` for a table of names to seat lists;
    ``""`` for anything else."""
    if not isinstance(value, Mapping) or not value:
        return ""
    parts = []
    for name, held in value.items():
        seats = _seat_list(held)
        if not isinstance(held, list) or len(seats) != len(held):
            return ""
        if not seats:
            parts.append(f"{name}: nobody")
            continue
        listed = ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}" if len(seats) > 1 else str(seats[0])
        parts.append(f"{name}: seat{'s' if len(seats) > 1 else ''} {listed}")
    return " · ".join(parts)


def breakdown(result: Mapping[str, Any], players: int, labels: Sequence[str] | None = None) -> list[RenderableType]:
    """The result's score breakdown (``result["breakdown"]``: rows of one value per seat, then notes) as a table with
    a column per seat and the deciding last row in bold, then each note on its own line; nothing when the game gives
    no breakdown. It is what the browser draws at the end of a game, so both explain the result the same way.
    """
    data = result.get("breakdown")
    if not isinstance(data, Mapping):
        return []
    rows = [row for row in data.get("rows") or [] if isinstance(row, Mapping) and isinstance(row.get("values"), list)]
    notes = [note for note in data.get("notes") or [] if note not in (None, "")]
    if not rows and not notes:
        return []
    winners = set(_seat_list(result.get("winners")))
    out: list[RenderableType] = []
    if rows:
        table = Table(title="Score breakdown")
        table.add_column("")
        for seat in range(players):
            name = f"seat {seat}" + (" *" if seat in winners else "")  # * a winner, as the browser's star
            if labels and seat < len(labels):
                name += f"\n{labels[seat]}"
            table.add_column(Text(name), justify="right")
        for index, row in enumerate(rows):
            last = index == len(rows) - 1
            label = Text(_plain(row.get("label", "")), style="bold" if last else "")
            if row.get("note"):
                label.append(f"\n{_plain(row['note'])}", style="dim")
            values = list(row["values"])[:players]
            values += [None] * (players - len(values))
            cells = [Text("-" if value is None else _plain(value), style="bold" if last else "") for value in values]
            table.add_row(label, *cells, end_section=index == len(rows) - 2)
        out.append(table)
    out.extend(Text(_plain(note), style="dim") for note in notes)
    return out


def winners_line(result: Mapping[str, Any], labels: Sequence[str] | None = None) -> Text:
    """``"Winner: seat 1 (random)"`` or ``"Winners (tie): seats 0, 2"``; empty if none are named."""
    seats = _seat_list(result.get("winners"))

    def name(seat: int) -> str:
        if labels and 0 <= seat < len(labels):
            return f"seat {seat} ({labels[seat]})"
        return f"seat {seat}"

    if not seats:
        return Text("No winner.")
    if len(seats) == 1:
        return Text(f"Winner: {name(seats[0])}", style="bold")
    return Text("Winners (tie): " + ", ".join(name(seat) for seat in seats), style="bold")


def tournament_table(game: str, players: int, table: Any, options: Mapping[str, Any] | None = None) -> Table:
    """Win share per seat an agent filled, with its 95% Wilson interval, against the fair share, and how long the
    agent thought per decision (its own time, not its game's: a slow agent must not make the others look slow)."""
    title = (f"{match_title(game, players, options)}, {wording.count(table.games, 'game', zero='0')} "
             f"(seats rotated; fair share {1 / players:.1%})")
    out = Table(title=title, caption="ms/move: the agent's mean wall-clock time per decision the game left open "
                                     "(choices the game settles itself are not counted)")
    for column in ("agent", "seats filled", "wins", "share", "95% interval", "ms/move"):
        out.add_column(column, justify="left" if column == "agent" else "right")
    for standing in sorted(table.standings.values(), key=lambda s: -s.share):
        low, high = standing.ci95
        per_move = standing.seconds_per_decision
        out.add_row(Text(standing.agent), str(standing.games), f"{standing.wins:g}", f"{standing.share:.1%}",
                    f"{low:.1%} - {high:.1%}", "-" if per_move is None else f"{per_move * 1000:.2f}")
    return out
