"""The generic checks every game must pass.

The test suite runs :func:`check_game` for every registered game at every player count. A
failure raises :class:`ConformanceError` naming the game, seed, step and what went wrong, with the
record so far so it can be replayed.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from ludoteca.core.errors import IllegalAction
from ludoteca.core.game import Game, State
from ludoteca.core.record import replay
from ludoteca.core.registry import load_game
from ludoteca.core.rng import Rng


class ConformanceError(AssertionError):
    """A game broke the core contract."""


@dataclass
class Report:
    """What a conformance run covered."""

    games: int = 0
    actions: int = 0
    probes: int = 0


def _fail(state: State, message: str) -> ConformanceError:
    record = json.dumps(state.record())
    return ConformanceError(f"{state.game.id} ({state.players} players, seed {state.seed}): {message}\n{record}")


def _snapshot(state: State) -> str:
    """Everything observable about a state, as one comparable string."""
    views = [state.view(None)] + [state.view(seat) for seat in range(state.players)]
    return json.dumps({"record": state.record(), "views": views, "log": state.log}, sort_keys=True)


def _check_json(state: State, value: Any, what: str) -> None:
    try:
        again = json.loads(json.dumps(value))
    except (TypeError, ValueError) as error:
        raise _fail(state, f"{what} is not JSON-serialisable: {error}") from error
    if again != value:
        raise _fail(state, f"{what} does not survive a JSON round-trip")


def _probe(state: State, pick: Rng) -> None:
    """Clone independence, view/record JSON, resample keeping the view, illegal input rejected."""
    waiting = state.to_act()
    for seat in [None, *range(state.players)]:
        _check_json(state, state.view(seat), f"view({seat})")
    _check_json(state, state.record(), "record()")

    before = _snapshot(state)
    twin = state.clone()
    seat = waiting[0]
    twin.apply(seat, pick.pick(twin.legal_actions(seat)))
    if _snapshot(state) != before:
        raise _fail(state, "applying an action to a clone changed the original")

    for seat in range(state.players):
        twin = state.clone()
        seen = json.dumps(twin.view(seat), sort_keys=True)
        twin.resample(seat, random.Random(pick.next64()))
        if json.dumps(twin.view(seat), sort_keys=True) != seen:
            raise _fail(state, f"resample({seat}) changed what seat {seat} sees")

    bad_inputs: list[tuple[int, str]] = [(seat, "~ no such action ~") for seat in waiting]
    someone_elses = state.legal_actions(waiting[0])[0].text
    bad_inputs += [(seat, someone_elses) for seat in range(state.players) if seat not in waiting]
    bad_inputs.append((state.players, "~ no such seat ~"))
    for seat, text in bad_inputs:
        try:
            state.apply(seat, text)
        except IllegalAction as error:
            if not str(error):
                raise _fail(state, f"IllegalAction for seat {seat} {text!r} gives no reason") from error
        else:
            raise _fail(state, f"seat {seat} was allowed to play {text!r}")
        if _snapshot(state) != before:
            raise _fail(state, f"a rejected action (seat {seat}: {text!r}) changed the state")


def play_random(state: State, seed: int, max_actions: int, probe_every: int = 0) -> Report:
    """Play ``state`` to the end with uniformly random legal actions, checking as it goes."""
    report = Report(games=1)
    chooser = Rng(seed)
    while not state.is_over():
        waiting = state.to_act()
        if not waiting:
            raise _fail(state, "nobody is to act but the game is not over")
        if report.actions >= max_actions:
            raise _fail(state, f"the game did not end within {max_actions} actions")
        if probe_every and report.actions % probe_every == 0:
            _probe(state, chooser)
            report.probes += 1
        seat = chooser.pick(waiting)
        legal = state.legal_actions(seat)
        if not legal:
            raise _fail(state, f"seat {seat} must act but has no legal action")
        texts = [action.text for action in legal]
        if len(set(texts)) != len(texts):
            raise _fail(state, f"seat {seat} has two legal actions with the same text: {texts}")
        action = chooser.pick(legal)
        if state.parse_action(seat, action.text) != action:
            raise _fail(state, f"parse_action does not read back {action.text!r}")
        state.apply(seat, action)
        report.actions += 1
    if state.to_act():
        raise _fail(state, "the game is over but to_act() is not empty")
    return report


def check_result(state: State) -> None:
    """The result has scores per seat, a ranking covering every seat once, and winners ranked first."""
    result = state.result()
    _check_json(state, result, "result()")
    if len(result.get("scores", [])) != state.players:
        raise _fail(state, f"result scores {result.get('scores')} do not have one entry per seat")
    ranked = sorted(seat for group in result["ranking"] for seat in group)
    if ranked != list(range(state.players)):
        raise _fail(state, f"result ranking {result['ranking']} does not list every seat exactly once")
    if sorted(result["winners"]) != sorted(result["ranking"][0]):
        raise _fail(state, f"winners {result['winners']} are not the first rank {result['ranking'][0]}")


def check_replay(state: State) -> None:
    """Replaying the record gives identical views, log and result."""
    again = replay(json.loads(json.dumps(state.record())))
    if _snapshot(again) != _snapshot(state):
        raise _fail(state, "replaying the record does not rebuild the same state")
    if state.is_over() and again.result() != state.result():
        raise _fail(state, "replaying the record gives a different result")


def check_game(
    game_id: str | Game,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    seeds: range | list[int] = range(3),
    max_actions: int = 20_000,
    probe_every: int = 50,
) -> Report:
    """Run every generic check on ``game_id`` for the given seeds; return what was covered."""
    game = game_id if isinstance(game_id, Game) else load_game(game_id, players, options)
    total = Report()
    for seed in seeds:
        state = game.new_state(seed=seed)
        report = play_random(state, seed=seed + 1_000_003, max_actions=max_actions, probe_every=probe_every)
        check_result(state)
        check_replay(state)
        total.games += report.games
        total.actions += report.actions
        total.probes += report.probes
    return total
