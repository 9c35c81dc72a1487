"""``ludoteca fuzz``: play many random games with every invariant checked, and keep what breaks.

Each game is played to its end by uniformly random legal actions (``State.random_action`` with the
core :class:`~ludoteca.core.rng.Rng`, so a game is reproducible from its seed), inside
:func:`ludoteca.core.debug.checking`, so the game's invariants are checked after every action. What
counts as a failure:

* **invariant**: a state broke one of its game's invariants (:class:`~ludoteca.core.errors.InvariantError`);
* **dead end**: the game is not over but no seat is to act, or a seat to act has no legal action;
* **crash**: any other exception from the game (set-up, listing or applying actions, the result);
* **illegal**: ``random_action`` offered an action that ``apply`` rejects;
* **too long**: the game did not end within ``max_actions`` actions;
* **replay**: replaying the finished game's record does not rebuild the same state (views, log, result).

With an agent spec (``--agent heuristic``) most actions are that agent's instead, to reach deeper positions.

The record of every failing game is written to the output directory, so ``ludoteca replay FILE`` (with
``LUDOTECA_CHECK=1`` for an invariant failure) shows it again, action by action with ``--step``.
"""

from __future__ import annotations

import json
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludoteca.agents import make_agent
from ludoteca.core import Game, IllegalAction, InvariantError, Rng, State, derive_seed, load_game, replay
from ludoteca.core.debug import checking

DEFAULT_MAX_ACTIONS = 20_000
"""The length cap: far above any game's random length (Mankind's longest random games take ~3,000)."""

DEAD_END_MARKS = ("no seat is to act", "have no legal action")
"""Words of the core invariants that mean the game can go no further (see ``State.check_invariants``)."""


@dataclass
class Failure:
    """One failed game: which, how, and where its record was saved."""

    index: int
    players: int
    seed: int
    kind: str
    message: str
    actions: int
    path: str | None = None

    def line(self) -> str:
        where = f" -> {self.path}" if self.path else ""
        return (
            f"game {self.index} ({self.players} players, seed {self.seed}) {self.kind} after {self.actions} "
            f"action(s): {self.message}{where}"
        )


@dataclass
class FuzzReport:
    """What a fuzz run covered and found."""

    game: str
    games: int = 0
    actions: int = 0
    longest: int = 0
    seconds: float = 0.0
    per_players: dict[int, int] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        """Plain figures for JSON (``summary.json`` in the output directory)."""
        kinds: dict[str, int] = {}
        for failure in self.failures:
            kinds[failure.kind] = kinds.get(failure.kind, 0) + 1
        return {
            "game": self.game,
            "games": self.games,
            "actions": self.actions,
            "longest": self.longest,
            "seconds": round(self.seconds, 2),
            "per_players": {str(k): v for k, v in sorted(self.per_players.items())},
            "failures": len(self.failures),
            "failure_kinds": kinds,
            "failed_games": [failure.line() for failure in self.failures],
        }


def _snapshot(state: State) -> str:
    views = [state.view(None)] + [state.view(seat) for seat in range(state.players)]
    result = state.result() if state.is_over() else None
    return json.dumps({"views": views, "log": state.log, "result": result}, sort_keys=True)


def _describe(error: BaseException) -> str:
    """The exception and where in Ludoteca it was raised (the innermost frame of our code)."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if "ludoteca" in f.filename and not f.filename.endswith("fuzz.py")]
    where = f" at {Path(ours[-1].filename).name}:{ours[-1].lineno} ({ours[-1].name})" if ours else ""
    return f"{type(error).__name__}: {error}{where}"


def play_one(
    game: Game, seed: int, max_actions: int, agent: str | None = None
) -> tuple[State | None, str | None, str, int]:
    """Play one random game with invariants on: (state, failure kind or None, message, actions).

    With ``agent`` (an agent spec such as ``"heuristic"``), three actions in four are that agent's choice
    and the rest random: random play alone rarely reaches some positions (cities and trade in Advanced
    Civilization), and the agent's look-ahead also checks the invariants of the redrawn states it searches.
    The state is ``None`` only when the set-up itself failed.
    """
    chooser = Rng(derive_seed(seed, 1))
    bots = [make_agent(agent, seed=derive_seed(seed, 2 + seat)) for seat in range(game.players)] if agent else []
    actions = 0
    with checking():
        try:
            state = game.new_state(seed=seed)
        except Exception as error:  # any failure at set-up is a bug, whatever its type
            return None, "crash", "set-up: " + _describe(error), 0
        try:
            while not state.is_over():
                if actions >= max_actions:
                    return state, "too long", f"the game did not end within {max_actions} actions", actions
                waiting = state.to_act()
                if not waiting:
                    return state, "dead end", "the game is not over but no seat is to act", actions
                seat = waiting[chooser.randrange(len(waiting))]
                if bots and chooser.randrange(4):
                    try:
                        action = bots[seat].choose(state, seat)
                    except InvariantError as error:  # on a clone: the saved record stops at the position searched
                        return state, "invariant", f"in the {agent} agent's look-ahead from here: {error}", actions
                else:
                    action = state.random_action(seat, chooser)
                actions += 1
                try:
                    state.apply(seat, action)  # apply, not apply_legal: it also checks random_action's pick
                except IllegalAction as error:
                    message = f"random_action gave {action.text!r}, which apply rejects: {error}"
                    return state, "illegal", message, actions
            state.result()
        except InvariantError as error:
            kind = "dead end" if any(m in v for v in error.violations for m in DEAD_END_MARKS) else "invariant"
            return state, kind, str(error), actions
        except Exception as error:  # the fuzzer's job is to catch everything the game lets escape
            return state, "crash", _describe(error), actions
    try:
        again = replay(json.loads(json.dumps(state.record())))
        if _snapshot(again) != _snapshot(state):
            return state, "replay", "replaying the record does not rebuild the same state", actions
    except Exception as error:
        return state, "replay", "replaying the record fails: " + _describe(error), actions
    return state, None, "", actions


def _save(out: Path, game_id: str, failure: Failure, state: State | None, game: Game) -> str:
    out.mkdir(parents=True, exist_ok=True)
    name = f"{game_id}-{failure.index:05d}-{failure.kind.replace(' ', '-')}.json"
    if state is not None:
        record = state.record()
    else:  # the set-up failed: the record of the empty game reproduces it
        record = {
            "game": game.id, "version": game.version, "players": game.players, "options": dict(game.options),
            "seed": failure.seed, "scenario": None, "dice": [], "actions": [],
        }  # fmt: skip
    record["fuzz"] = {"kind": failure.kind, "message": failure.message}
    path = out / name
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return str(path)


def run_fuzz(
    game_id: str,
    games: int,
    players: int | None = None,
    seed: int = 0,
    out: Path | None = None,
    options: Mapping[str, Any] | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    progress: Callable[[int, FuzzReport], None] | None = None,
    agent: str | None = None,
) -> FuzzReport:
    """Fuzz ``games`` random games of ``game_id``; game ``i`` plays seed ``derive_seed(seed, i)``.

    Without ``players`` the games cycle through every player count the game supports. Failing records
    go to ``out`` (nothing is written when every game passes). Raises :class:`LudotecaError` for an
    unknown game, a bad player count or bad options, before anything is played.
    """
    first = load_game(game_id, players, dict(options or {}))
    if agent:
        make_agent(agent)  # a bad spec is refused before anything is played
    counts = [players] if players is not None else list(range(first.min_players, first.max_players + 1))
    tables = {n: load_game(game_id, n, dict(options or {})) for n in counts}
    report = FuzzReport(first.id)
    started = time.perf_counter()
    for index in range(games):
        count = counts[index % len(counts)]
        game = tables[count]
        game_seed = derive_seed(seed, index)
        state, kind, message, actions = play_one(game, game_seed, max_actions, agent)
        report.games += 1
        report.actions += actions
        report.longest = max(report.longest, actions)
        report.per_players[count] = report.per_players.get(count, 0) + 1
        if kind is not None:
            failure = Failure(index, count, game_seed, kind, message, actions)
            if out is not None:
                failure.path = _save(out, first.id, failure, state, game)
            report.failures.append(failure)
        report.seconds = time.perf_counter() - started
        if progress is not None:
            progress(index + 1, report)
    if out is not None and report.failures:
        (out / "summary.json").write_text(json.dumps(report.summary(), indent=1) + "\n", encoding="utf-8")
    return report


__all__ = ["DEFAULT_MAX_ACTIONS", "Failure", "FuzzReport", "play_one", "run_fuzz"]
