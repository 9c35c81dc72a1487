"""What a finished game tells a balance report beyond its ``result()``: its length in turns, the faction or
nation each seat played, and the order in which the seats first decided.

These are read once, when a game ends, and written into its line of ``results.jsonl``: the state is gone
afterwards, and a report rebuilt later must not need to replay the games.

How each game exposes them (no game had to change):

- **turns** — Mankind and Advanced Civilization put ``turns`` in their result; Tigris & Euphrates has
  ``turn`` in its view. Arabian Struggle counts neither (its view's ``round`` restarts every era), so it
  has the one per-game hook here, :data:`TURN_COUNTERS`: its action rounds, counted from the log.
- **sides** — Arabian Struggle names each seat's faction in ``result()["factions"]``; Advanced
  Civilization names each seat's nation in ``view()["nations"]``.
- **order** — generic: the seats in the order of their first decision. Mankind rolls for the first
  player, Arabian Struggle sets a turn order each era, so seat 0 is not always the first to play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.core import State


def _action_rounds(state: State) -> int:
    """Arabian Struggle: every faction plays one card per Action Round; ``round`` restarts each Era, so the
    rounds of the whole game are counted from the log (one ``round`` event each)."""
    return sum(1 for event in state.log if event.get("type") == "round")


TURN_COUNTERS: dict[str, Callable[[State], int]] = {"arabian-struggle": _action_rounds}
"""Games whose result and view carry no turn number of the whole game, and how to count their turns."""

TURN_WORDS: dict[str, str] = {
    "mankind": "a seat's turn",
    "tigris-euphrates": "a seat's turn (two actions)",
    "advanced-civilization": "a game turn (every nation plays each phase)",
    "arabian-struggle": "an Action Round (every faction plays a card)",
}
"""What one turn is in each game, for the report: the games count turns in different units."""

SIDE_KEYS = (("factions", "faction"), ("nations", "nation"))
"""Result or view keys that name each seat's side, and the word for one side."""


def _plain_int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def count_turns(game_id: str, state: State, result: dict[str, Any]) -> int | None:
    """The game's own turn count at its end: its hook, else ``result["turns"]``, else ``view()["turn"]``."""
    counter = TURN_COUNTERS.get(game_id)
    if counter is not None:
        return counter(state)
    turns = _plain_int(result.get("turns"))
    if turns is not None:
        return turns
    return _plain_int(state.view(None).get("turn"))


def seat_sides(state: State, result: dict[str, Any]) -> tuple[str, list[str]] | None:
    """``("faction", [name per seat])`` or ``("nation", ...)`` when the result, else the view, names them."""
    players = state.game.players
    for source in (result, state.view(None)):
        for key, word in SIDE_KEYS:
            names = source.get(key)
            if isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names):
                return word, list(names)
    return None
